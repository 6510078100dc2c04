// Round trip of stablehlo.gather: printed in the generic form, as upstream
// StableHLO prints it (CHECK lines checked with jaxlib, except the quantized
// and bounded cases, which upstream's Python bindings cannot parse). Empty
// dimension-number fields and index_vector_dim = 0 are not printed;
// indices_are_sorted is printed when given.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec example, with indices_are_sorted given, absent, and with the
// dimension-number fields in another order.
// CHECK-LABEL:  func.func @gather(%arg0: tensor<3x4x2xi32>, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    %1 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    %2 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
// CHECK-NEXT:    return %0 : tensor<2x3x2x2xi32>
// CHECK-NEXT:  }
func.func @gather(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  %1 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  %2 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<index_vector_dim = 2, start_index_map = [1, 0], collapsed_slice_dims = [0], offset_dims = [2, 3]>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// Batching dimensions: operand dimension 0 pairs with start_indices
// dimension 1; unsigned indices.
// CHECK-LABEL:  func.func @gather_batching(%arg0: tensor<3x4x2xf32>, %arg1: tensor<2x3x2xui8>) -> tensor<2x3x2x2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xui8>) -> tensor<2x3x2x2xf32>
// CHECK-NEXT:    return %0 : tensor<2x3x2x2xf32>
// CHECK-NEXT:  }
func.func @gather_batching(%operand: tensor<3x4x2xf32>, %start_indices: tensor<2x3x2xui8>) -> tensor<2x3x2x2xf32> {
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xui8>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// A scalar index (index_vector_dim = rank = 0, not printed) and an empty
// slice.
// CHECK-LABEL:  func.func @gather_scalar_index(%arg0: tensor<5x3xbf16>, %arg1: tensor<i32>) -> (tensor<3xbf16>, tensor<0x3xbf16>) {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xbf16>, tensor<i32>) -> tensor<3xbf16>
// CHECK-NEXT:    %1 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0]>, slice_sizes = array<i64: 0, 3>}> : (tensor<5x3xbf16>, tensor<i32>) -> tensor<0x3xbf16>
// CHECK-NEXT:    return %0, %1 : tensor<3xbf16>, tensor<0x3xbf16>
// CHECK-NEXT:  }
func.func @gather_scalar_index(%operand: tensor<5x3xbf16>, %i: tensor<i32>) -> (tensor<3xbf16>, tensor<0x3xbf16>) {
  %0 = "stablehlo.gather"(%operand, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 1, 3>} : (tensor<5x3xbf16>, tensor<i32>) -> tensor<3xbf16>
  %1 = "stablehlo.gather"(%operand, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 0, 3>} : (tensor<5x3xbf16>, tensor<i32>) -> tensor<0x3xbf16>
  return %0, %1 : tensor<3xbf16>, tensor<0x3xbf16>
}

// Dynamic dimensions: a dynamic batch dimension of start_indices makes the
// result dimension dynamic; a static result size is compatible with it.
// CHECK-LABEL:  func.func @gather_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<?x1xi32>) -> (tensor<?x4xf32>, tensor<7x4xf32>) {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<?x4xf32>, tensor<?x1xi32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %1 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<?x4xf32>, tensor<?x1xi32>) -> tensor<7x4xf32>
// CHECK-NEXT:    return %0, %1 : tensor<?x4xf32>, tensor<7x4xf32>
// CHECK-NEXT:  }
func.func @gather_dynamic(%operand: tensor<?x4xf32>, %start_indices: tensor<?x1xi32>) -> (tensor<?x4xf32>, tensor<7x4xf32>) {
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<?x4xf32>, tensor<?x1xi32>) -> tensor<?x4xf32>
  %1 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<?x4xf32>, tensor<?x1xi32>) -> tensor<7x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<7x4xf32>
}

// A bounded operand dimension bounds the slice size (C12); a per-tensor
// quantized operand and result.
// CHECK-LABEL:  func.func @gather_bounded_quantized(%arg0: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %arg1: tensor<2x1xi32>, %arg2: tensor<6x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> (tensor<2x5x4xf32>, tensor<2x1x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5, 4>}> : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<2x1xi32>) -> tensor<2x5x4xf32>
// CHECK-NEXT:    %1 = "stablehlo.gather"(%arg2, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<6x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x1xi32>) -> tensor<2x1x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return %0, %1 : tensor<2x5x4xf32>, tensor<2x1x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:  }
func.func @gather_bounded_quantized(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %start_indices: tensor<2x1xi32>, %q: tensor<6x!quant.uniform<i8:f32, 0.5:3>>) -> (tensor<2x5x4xf32>, tensor<2x1x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5, 4>} : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<2x1xi32>) -> tensor<2x5x4xf32>
  %1 = "stablehlo.gather"(%q, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<6x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x1xi32>) -> tensor<2x1x!quant.uniform<i8:f32, 0.5:3>>
  return %0, %1 : tensor<2x5x4xf32>, tensor<2x1x!quant.uniform<i8:f32, 0.5:3>>
}
