// Verifier errors of stablehlo.set_dimension_size (XLA's SetDimensionSize;
// not in the spec): C1 of dimension, C2 of a constant size, C3 of the result.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 <= dimension < rank(operand).
func.func @c1(%operand: tensor<2x3xf32>, %size: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C1: dimension 2 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 2 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// C1: 0 <= dimension.
func.func @c1_negative(%operand: tensor<2x3xf32>, %size: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C1: dimension -1 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = -1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// C2: a constant size is at most the operand's size in that dimension.
func.func @c2(%operand: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %size = stablehlo.constant dense<4> : tensor<i32>
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C2: size 4 must be in [0, 3] (dimension 1 of operand 'tensor<2x3xf32>')}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// C2: ... or its bound.
func.func @c2_bound(%operand: tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<4xf32> {
  %size = stablehlo.constant dense<4> : tensor<i32>
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C2: size 4 must be in [0, 3] (dimension 0 of operand 'tensor<?xf32, #stablehlo.bounds<3>>')}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 0 : (tensor<?xf32, #stablehlo.bounds<3>>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// C3: the result is the operand with dimension `dimension` resized: the
// other dimensions keep their sizes.
func.func @c3(%operand: tensor<2x3xf32>, %size: tensor<i32>) -> tensor<3x?xf32> {
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C3: result must be the operand with dimension 1 resized, as in 'tensor<2x?xf32, #stablehlo.bounds<?, 3>>', got 'tensor<3x?xf32>'}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----
// C3: ... and its element type.
func.func @c3_element_type(%operand: tensor<2x3xf32>, %size: tensor<i32>) -> tensor<2x?xf16> {
  // expected-error @+1 {{'stablehlo.set_dimension_size' op C3: result must be the operand with dimension 1 resized, as in 'tensor<2x?xf32, #stablehlo.bounds<?, 3>>', got 'tensor<2x?xf16>'}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf16>
  return %0 : tensor<2x?xf16>
}

// -----
// size is a 0-dimensional i32 tensor (ODS).
func.func @size_type(%operand: tensor<2x3xf32>, %size: tensor<i64>) -> tensor<2x?xf32> {
  // expected-error @+1 {{'stablehlo.set_dimension_size' op operand #1 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
