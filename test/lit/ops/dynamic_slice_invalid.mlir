// Verifier errors of stablehlo.dynamic_slice, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(operand) = element_type(result).
func.func @c1(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C1: result element type must be the operand's, got 'i32' and 'f32'}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C2: size(start_indices) = rank(operand).
func.func @c2_start_indices(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C2: needs one start index and one slice size per operand dimension (rank 2), got 1 start indices and slice_sizes [2, 2]}}
  %0 = stablehlo.dynamic_slice %operand, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// C2: size(slice_sizes) = rank(operand).
func.func @c2_slice_sizes(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C2: needs one start index and one slice size per operand dimension (rank 2), got 2 start indices and slice_sizes [2]}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C3: same(type(start_indices...)).
func.func @c3(%operand: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C3: start indices must have the same type, got 'tensor<i64>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_slice %operand, %i, %j, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// C4: slice_sizes <= shape(operand).
func.func @c4(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x5xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C4: slice_sizes [2, 5] must be in [0, 4] in dimension 1 of operand 'tensor<4x4xi32>'}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2, 5] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// -----

// C4: 0 <= slice_sizes.
func.func @c4_negative(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C4: slice_sizes [-1, 2] must be in [0, 4] in dimension 0}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [-1, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// C4: a bounded dynamic dimension bounds the slice size; past it is a spec
// deviation (test/lit/deviations/accepted_bounds_and_windows.mlir), but a
// negative size stays an error.
func.func @c4_bounded(%operand: tensor<?xi32, #stablehlo.bounds<3>>, %i: tensor<i64>) -> tensor<?xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C4: slice_sizes [-2] must be in [0, ?] in dimension 0}}
  %0 = "stablehlo.dynamic_slice"(%operand, %i) {slice_sizes = array<i64: -2>} : (tensor<?xi32, #stablehlo.bounds<3>>, tensor<i64>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// C5: shape(result) = slice_sizes.
func.func @c5(%operand: tensor<4x4xi32>, %i: tensor<i64>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C5: result shape must be slice_sizes [2, 2], got 'tensor<2x3xi32>'}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// I2: start indices are 0-dimensional integer tensors (the operand type
// constraint).
func.func @start_index_not_scalar(%operand: tensor<4x4xi32>, %i: tensor<1xi64>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @start_index_bool(%operand: tensor<4x4xi32>, %i: tensor<i1>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i1>, tensor<i1>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
