// Verifier errors of stablehlo.convert, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: shape(operand) = shape(result).
func.func @c1(%operand: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.convert' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xi32>' must match}}
  %0 = stablehlo.convert %operand : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: shape(operand) = shape(result) -- ranks differ.
func.func @c1_rank(%operand: tensor<2xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'stablehlo.convert' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<2x1xf32>' must match}}
  %0 = stablehlo.convert %operand : (tensor<2xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}
