// Verifier errors of stablehlo.dynamic_iota, one case per constraint (C1 of
// iota_dimension, C2 of the shape operand); output_shape defined by a constant
// is checked against the result type.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 <= iota_dimension.
func.func @c1_negative(%shape: tensor<1xi64>) -> tensor<?xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op C1: iota_dimension -1 must be in [0, 1) for result 'tensor<?xi32>'}}
  %0 = stablehlo.dynamic_iota %shape, dim = -1 : (tensor<1xi64>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----
// C1: iota_dimension < rank(result).
func.func @c1_rank(%shape: tensor<2xi64>) -> tensor<?x?xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op C1: iota_dimension 2 must be in [0, 2) for result 'tensor<?x?xi32>'}}
  %0 = stablehlo.dynamic_iota %shape, dim = 2 : (tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----
// C2: output_shape defined by a constant must agree with the result's static
// sizes.
func.func @c2_constant() -> tensor<3x4xi64> {
  %shape = stablehlo.constant dense<[3, 5]> : tensor<2xi32>
  // expected-error @+1 {{'stablehlo.dynamic_iota' op C2: output_shape [3, 5] must be non-negative and agree with result 'tensor<3x4xi64>' in dimension 1}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----
// C2: ... and be non-negative.
func.func @c2_negative() -> tensor<?x4xi64> {
  %shape = stablehlo.constant dense<[-3, 4]> : tensor<2xi32>
  // expected-error @+1 {{'stablehlo.dynamic_iota' op C2: output_shape [-3, 4] must be non-negative and agree with result 'tensor<?x4xi64>' in dimension 0}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x4xi64>
  return %0 : tensor<?x4xi64>
}

// -----
// The result is a tensor of integers, floats, complex numbers or per-tensor
// quantized integers (ODS; booleans, which upstream accepts, are a spec
// deviation: test/lit/deviations/accepted_bounds_and_windows.mlir).
func.func @result_type(%shape: tensor<1xi64>) -> tensor<?xindex> {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op result #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<?xindex>'}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
