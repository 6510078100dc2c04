// Verifier errors of stablehlo.transpose, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<3x4xf32>) -> tensor<4x3xf16> {
  // expected-error @+1 {{'stablehlo.transpose' op C1: result element type must be the operand's (up to the quantization_dimension), got 'f32' and 'f16'}}
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// C1: only the quantization_dimension of a per-axis type may change, not its
// scales.
func.func @c1_per_axis(%operand: tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 1.0}>> {
  // expected-error @+1 {{'stablehlo.transpose' op C1: result element type must be the operand's (up to the quantization_dimension)}}
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 1.0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 1.0}>>
}

// -----

// C2: permutation is a permutation of range(rank(operand)): no repeats.
func.func @c2_repeated(%operand: tensor<3x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.transpose' op C2: permutation [1, 1] must be a permutation of [0, 2)}}
  %0 = stablehlo.transpose %operand, dims = [1, 1] : (tensor<3x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C2: one entry per operand dimension.
func.func @c2_size(%operand: tensor<3x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.transpose' op C2: permutation [1, 0, 2] must be a permutation of [0, 2)}}
  %0 = stablehlo.transpose %operand, dims = [1, 0, 2] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C2: entries in range.
func.func @c2_range(%operand: tensor<3x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.transpose' op C2: permutation [-1, 0] must be a permutation of [0, 2)}}
  %0 = stablehlo.transpose %operand, dims = [-1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C3: shape(result) = dim(operand, permutation...).
func.func @c3(%operand: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'stablehlo.transpose' op C3: result shape must be the operand's dimensions permuted by [1, 0] as in 'tensor<4x3xf32>', got 'tensor<3x4xf32>'}}
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// C3: a static result size must fit the bound of the operand dimension.
func.func @c3_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.transpose' op C3: result shape must be the operand's dimensions permuted by [1, 0] as in 'tensor<4x?xf32, #stablehlo.bounds<?, 5>>', got 'tensor<4x6xf32>'}}
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// C4: quantization_dimension(operand) = permutation(quantization_dimension(result)).
func.func @c4(%operand: tensor<3x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>> {
  // expected-error @+1 {{'stablehlo.transpose' op C4: quantization_dimension of the operand (1) must be permutation[quantization_dimension of the result (1)]}}
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<3x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>
  return %0 : tensor<3x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>
}
