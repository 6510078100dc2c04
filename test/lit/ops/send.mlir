// Round trip of stablehlo.send, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: a host transfer on a DEVICE_TO_HOST channel (type 2).
// CHECK-LABEL:  func.func @send(%arg0: tensor<2x2xi64>, %arg1: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %0 : !stablehlo.token
// CHECK-NEXT:  }
func.func @send(%operand: tensor<2x2xi64>, %token: !stablehlo.token) -> !stablehlo.token {
  %result = "stablehlo.send"(%operand, %token) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>,
    is_host_transfer = true
  } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  return %result : !stablehlo.token
}

// Device to device (type 1), is_host_transfer false by default; several
// inputs or none; upstream's source_target_pairs.
// CHECK-LABEL:  func.func @send_device(%arg0: tensor<2xf32>, %arg1: tensor<?xi8>, %arg2: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
// CHECK-NEXT:    %0 = "stablehlo.send"(%arg0, %arg1, %arg2) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<2xf32>, tensor<?xi8>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    %1 = "stablehlo.send"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %0, %1 : !stablehlo.token, !stablehlo.token
// CHECK-NEXT:  }
func.func @send_device(%a: tensor<2xf32>, %b: tensor<?xi8>, %token: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
  %0 = "stablehlo.send"(%a, %b, %token) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>, tensor<?xi8>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.send"(%0) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (!stablehlo.token) -> !stablehlo.token
  return %0, %1 : !stablehlo.token, !stablehlo.token
}
