// Round trip of stablehlo.recv, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: a host transfer on a HOST_TO_DEVICE channel (type 3);
// payload first, token last.
// CHECK-LABEL:  func.func @recv(%arg0: !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token) {
// CHECK-NEXT:    %0:2 = "stablehlo.recv"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2x2xi64>, !stablehlo.token
// CHECK-NEXT:  }
func.func @recv(%token: !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token) {
  %results0, %results1 = "stablehlo.recv"(%token) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
    is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %results0, %results1 : tensor<2x2xi64>, !stablehlo.token
}

// Device to device (type 1); several payloads or none; upstream's
// source_target_pairs.
// CHECK-LABEL:  func.func @recv_device(%arg0: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0:3 = "stablehlo.recv"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<2xf32>, tensor<i1>, !stablehlo.token)
// CHECK-NEXT:    %1 = "stablehlo.recv"(%0#2) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %1 : !stablehlo.token
// CHECK-NEXT:  }
func.func @recv_device(%token: !stablehlo.token) -> !stablehlo.token {
  %0:3 = "stablehlo.recv"(%token) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<2xf32>, tensor<i1>, !stablehlo.token)
  %1 = "stablehlo.recv"(%0#2) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (!stablehlo.token) -> !stablehlo.token
  return %1 : !stablehlo.token
}
