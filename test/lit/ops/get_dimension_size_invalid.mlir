// Verifier errors of stablehlo.get_dimension_size, one case per spec
// constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 <= dimension < rank(operand).
func.func @c1(%operand: tensor<2x3xf32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op C1: dimension 2 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0 = stablehlo.get_dimension_size %operand, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// C1: a negative dimension.
func.func @c1_negative(%operand: tensor<2x3xf32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op C1: dimension -1 must be in [0, 2)}}
  %0 = stablehlo.get_dimension_size %operand, dim = -1 : (tensor<2x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// The result is a 0-dimensional tensor of si32 (its declared type).
func.func @result_type(%operand: tensor<2x3xf32>) -> tensor<i64> {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op result #0 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %0 = stablehlo.get_dimension_size %operand, dim = 0 : (tensor<2x3xf32>) -> tensor<i64>
  return %0 : tensor<i64>
}
