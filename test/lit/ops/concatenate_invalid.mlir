// Verifier errors of stablehlo.concatenate, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: same(element_type(inputs...)).
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C1: inputs must have the same element type, got 'f32' and 'f16' (input 1)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C2: same(shape(inputs...)) except for dim(inputs..., dimension).
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C2: input 1 'tensor<2x4xf32>' must have the shape of inputs[0] 'tensor<2x3xf32>' except in dimension 0}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C2: the ranks agree.
func.func @c2_rank(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C2: input 1 'tensor<2xf32>' must have the rank of inputs[0] 'tensor<2x3xf32>'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// C2: a static size must fit the bound of a bounded dynamic dimension.
func.func @c2_bound(%a: tensor<2x?xf32, #stablehlo.bounds<?, 3>>, %b: tensor<2x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C2: input 1 'tensor<2x4xf32>' must have the shape of inputs[0] 'tensor<2x?xf32, #stablehlo.bounds<?, 3>>' except in dimension 0}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x?xf32, #stablehlo.bounds<?, 3>>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C3: 0 < size(inputs).
func.func @c3() -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C3: needs at least one input}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C4: 0 <= dimension < rank(inputs[0]).
func.func @c4(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C4: dimension 1 must be in [0, 1) (the rank of inputs[0] 'tensor<2xf32>')}}
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C4: negative dimensions are out of range.
func.func @c4_negative(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C4: dimension -1 must be in [0, 1) (the rank of inputs[0] 'tensor<2xf32>')}}
  %0 = stablehlo.concatenate %a, %b, dim = -1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C4: rank-0 inputs have no dimension to concatenate along.
func.func @c4_scalar(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C4: dimension 0 must be in [0, 0) (the rank of inputs[0] 'tensor<f32>')}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C5: element_type(result) = element_type(inputs[0]).
func.func @c5(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'stablehlo.concatenate' op C5: result element type must be the inputs', got 'f32' and 'f16'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// C6: dim(result, dimension) = dim(inputs[0], dimension) + ....
func.func @c6(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C6: result shape must be the inputs' with dimension 0 summed as in 'tensor<4x3xf32>', got 'tensor<5x3xf32>'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// C6: the other dimensions are the inputs'.
func.func @c6_other(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C6: result shape must be the inputs' with dimension 0 summed as in 'tensor<4x3xf32>', got 'tensor<4x2xf32>'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// C6: a static result size must fit the summed bounds.
func.func @c6_bound(%a: tensor<?xf32, #stablehlo.bounds<3>>, %b: tensor<2xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'stablehlo.concatenate' op C6: result shape must be the inputs' with dimension 0 summed as in 'tensor<?xf32, #stablehlo.bounds<5>>', got 'tensor<6xf32>'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<?xf32, #stablehlo.bounds<3>>, tensor<2xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
