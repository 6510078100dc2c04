// Verifier errors of stablehlo.dynamic_reshape, one case per constraint
// (reshape's C1-C3, then C4 of the shape operand, numbered as upstream's
// spec numbers them); output_shape defined by a constant is checked against
// the result type.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<2x3xf32>, %shape: tensor<2xi64>) -> tensor<3x2xf64> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C1: result element type must be the operand's, got 'f32' and 'f64'}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// C2: size(operand) = size(result).
func.func @c2(%operand: tensor<2x3xf32>, %shape: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C2: operand 'tensor<2x3xf32>' has 6 elements but result 'tensor<4x2xf32>' has 8}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// C3: reshape keeps the quantization dimension and the sizes around it.
func.func @c3(%operand: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>, %shape: tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C3: reshape must keep the quantization dimension and the sizes before and after it}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
}

// -----

// C4: size(output_shape) = rank(result).
func.func @c4(%operand: tensor<2x3xf32>, %shape: tensor<3xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C4: output_shape must have one entry per result dimension (rank 2), got 3}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// C4: output_shape defined by a constant must agree with the result's static
// sizes.
func.func @c4_constant(%operand: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C4: output_shape [2, 3] must be non-negative and agree with result 'tensor<3x2xf32>' in dimension 0}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// C4: ... and be non-negative.
func.func @c4_negative(%operand: tensor<?xf32>) -> tensor<?xf32> {
  %shape = stablehlo.constant dense<-1> : tensor<1xi64>
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op C4: output_shape [-1] must be non-negative and agree with result 'tensor<?xf32>' in dimension 0}}
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
