// Verifier errors of stablehlo.reverse, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(operand) = type(result): element types.
func.func @c1_element_type(%operand: tensor<2x3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{'stablehlo.reverse' op C1: result type must be the operand's, got 'tensor<2x3xf32>' and 'tensor<2x3xf16>'}}
  %0 = stablehlo.reverse %operand, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// C1: type(operand) = type(result): shapes.
func.func @c1_shape(%operand: tensor<3x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.reverse' op C1: result type must be the operand's, got 'tensor<3x4xf32>' and 'tensor<4x3xf32>'}}
  %0 = stablehlo.reverse %operand, dims = [1] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C2: is_unique(dimensions).
func.func @c2(%operand: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.reverse' op C2: dimensions [1, 1] must be unique}}
  %0 = stablehlo.reverse %operand, dims = [1, 1] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// C3: 0 <= dimensions < rank(result).
func.func @c3(%operand: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.reverse' op C3: dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.reverse %operand, dims = [2] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// C3: negative dimensions are out of range.
func.func @c3_negative(%operand: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.reverse' op C3: dimensions [-1] must be in [0, 2)}}
  %0 = stablehlo.reverse %operand, dims = [-1] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
