// Round trip of stablehlo.all_to_all, which prints in the generic form as
// upstream does: the CHECK lines are upstream StableHLO's output (checked with
// jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: split in split_count parts along split_dimension,
// concatenated along concat_dimension (C9).
// CHECK-LABEL:  func.func @all_to_all(%arg0: tensor<2x4xi64>) -> tensor<4x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<4x2xi64>
// CHECK-NEXT:    return %0 : tensor<4x2xi64>
// CHECK-NEXT:  }
func.func @all_to_all(%operand: tensor<2x4xi64>) -> tensor<4x2xi64> {
  %result = "stablehlo.all_to_all"(%operand) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return %result : tensor<4x2xi64>
}

// Upstream's variadic form over cross_partition groups (channel_id > 0);
// splitting and concatenating one dimension keeps its size.
// CHECK-LABEL:  func.func @all_to_all_variadic(%arg0: tensor<6x2xf32>, %arg1: tensor<3x1xi8>) -> (tensor<6x2xf32>, tensor<3x1xi8>) {
// CHECK-NEXT:    %0:2 = "stablehlo.all_to_all"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1, 2]]> : tensor<1x3xi64>, split_count = 3 : i64, split_dimension = 0 : i64}> : (tensor<6x2xf32>, tensor<3x1xi8>) -> (tensor<6x2xf32>, tensor<3x1xi8>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<6x2xf32>, tensor<3x1xi8>
// CHECK-NEXT:  }
func.func @all_to_all_variadic(%a: tensor<6x2xf32>, %b: tensor<3x1xi8>) -> (tensor<6x2xf32>, tensor<3x1xi8>) {
  %0:2 = "stablehlo.all_to_all"(%a, %b) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<6x2xf32>, tensor<3x1xi8>) -> (tensor<6x2xf32>, tensor<3x1xi8>)
  return %0#0, %0#1 : tensor<6x2xf32>, tensor<3x1xi8>
}

// Dynamic dimensions stay dynamic.
// CHECK-LABEL:  func.func @all_to_all_dynamic(%arg0: tensor<?x4x?xf32>) -> tensor<?x2x?xf32> {
// CHECK-NEXT:    %0 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 2 : i64, replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<?x4x?xf32>) -> tensor<?x2x?xf32>
// CHECK-NEXT:    return %0 : tensor<?x2x?xf32>
// CHECK-NEXT:  }
func.func @all_to_all_dynamic(%a: tensor<?x4x?xf32>) -> tensor<?x2x?xf32> {
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 2 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<?x4x?xf32>) -> tensor<?x2x?xf32>
  return %0 : tensor<?x2x?xf32>
}
