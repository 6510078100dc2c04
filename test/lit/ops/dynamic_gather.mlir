// Round trip of stablehlo.dynamic_gather: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// gather's spec example with slice_sizes as a constant, with
// indices_are_sorted absent, false and true.
// CHECK-LABEL:  func.func @dynamic_gather(%arg0: tensor<3x4x2xi32>, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
// CHECK-NEXT:    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    %1 = "stablehlo.dynamic_gather"(%arg0, %arg1, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    %2 = "stablehlo.dynamic_gather"(%arg0, %arg1, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    return %0 : tensor<2x3x2x2xi32>
// CHECK-NEXT:  }
func.func @dynamic_gather(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  %sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
  %1 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
  %2 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// slice_sizes as an argument (i32, i64): the offset
// dimensions are known at run time.
// CHECK-LABEL:  func.func @dynamic_gather_sizes(%arg0: tensor<3x4x2xf32>, %arg1: tensor<2x3x2xi32>, %arg2: tensor<3xi32>, %arg3: tensor<3xi64>) -> tensor<2x3x?x?xf32> {
// CHECK-NEXT:    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<3xi32>) -> tensor<2x3x?x?xf32>
// CHECK-NEXT:    %1 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg3) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<3xi64>) -> tensor<2x3x2x2xf32>
// CHECK-NEXT:    return %0 : tensor<2x3x?x?xf32>
// CHECK-NEXT:  }
func.func @dynamic_gather_sizes(%operand: tensor<3x4x2xf32>, %start_indices: tensor<2x3x2xi32>, %sizes: tensor<3xi32>, %sizes64: tensor<3xi64>) -> tensor<2x3x?x?xf32> {
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<3xi32>) -> tensor<2x3x?x?xf32>
  %1 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes64) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<3xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x?x?xf32>
}

// Dynamic operand and indices; batching dimensions (operand dimension 0
// pairs with start_indices dimension 1).
// CHECK-LABEL:  func.func @dynamic_gather_dynamic(%arg0: tensor<?x4x2xf32>, %arg1: tensor<?x3x2xi64>, %arg2: tensor<2x?x2xui8>) -> tensor<?x3x1x2xf32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[1, 1, 2]> : tensor<3xi64>
// CHECK-NEXT:    %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<?x4x2xf32>, tensor<?x3x2xi64>, tensor<3xi64>) -> tensor<?x3x1x2xf32>
// CHECK-NEXT:    %1 = "stablehlo.dynamic_gather"(%arg0, %arg2, %c) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>}> : (tensor<?x4x2xf32>, tensor<2x?x2xui8>, tensor<3xi64>) -> tensor<2x?x2x2xf32>
// CHECK-NEXT:    return %0 : tensor<?x3x1x2xf32>
// CHECK-NEXT:  }
func.func @dynamic_gather_dynamic(%operand: tensor<?x4x2xf32>, %start_indices: tensor<?x3x2xi64>, %batched: tensor<2x?x2xui8>) -> tensor<?x3x1x2xf32> {
  %sizes = stablehlo.constant dense<[1, 1, 2]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<?x4x2xf32>, tensor<?x3x2xi64>, tensor<3xi64>) -> tensor<?x3x1x2xf32>
  %1 = "stablehlo.dynamic_gather"(%operand, %batched, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>} : (tensor<?x4x2xf32>, tensor<2x?x2xui8>, tensor<3xi64>) -> tensor<2x?x2x2xf32>
  return %0 : tensor<?x3x1x2xf32>
}
