// Round trip of stablehlo.collective_permute, which prints in the generic form
// as upstream does: the CHECK lines are upstream StableHLO's output (checked
// with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: the operand of each source goes to its target.
// CHECK-LABEL:  func.func @collective_permute(%arg0: tensor<2x2xi64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @collective_permute(%operand: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %result = "stablehlo.collective_permute"(%operand) {
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %result : tensor<2x2xi64>
}

// No pairs (every result is zero); cross_partition; a result type
// compatible with the operand's (C5).
// CHECK-LABEL:  func.func @collective_permute_partitions(%arg0: tensor<3xf32>, %arg1: tensor<?xi1>) -> (tensor<3xf32>, tensor<?xi1>) {
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<> : tensor<0x2xi64>}> : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %1 = "stablehlo.collective_permute"(%arg1) <{source_target_pairs = dense<{{\[\[}}1, 0], [0, 1]]> : tensor<2x2xi64>}> : (tensor<?xi1>) -> tensor<?xi1>
// CHECK-NEXT:    return %0, %1 : tensor<3xf32>, tensor<?xi1>
// CHECK-NEXT:  }
func.func @collective_permute_partitions(%a: tensor<3xf32>, %b: tensor<?xi1>) -> (tensor<3xf32>, tensor<?xi1>) {
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<> : tensor<0x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "stablehlo.collective_permute"(%b) {source_target_pairs = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<?xi1>) -> tensor<?xi1>
  return %0, %1 : tensor<3xf32>, tensor<?xi1>
}
