// Verifier errors of stablehlo.dynamic_broadcast_in_dim, one case per
// constraint (broadcast_in_dim's C1-C6, then C7-C10 of the shape operand and
// the known_*_dimensions attributes, numbered as upstream's spec numbers
// them); output_dimensions defined by a constant is checked against the
// result type.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<2xf32>, %shape: tensor<2xi64>) -> tensor<3x2xf64> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C1: result element type must be the operand's, got 'f32' and 'f64'}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----
// C2: size(broadcast_dimensions) = rank(operand).
func.func @c2(%operand: tensor<2x3xf32>, %shape: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C2: broadcast_dimensions [0] must have one entry per operand dimension (rank 2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0] : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// C3: 0 <= broadcast_dimensions < rank(result).
func.func @c3(%operand: tensor<2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C3: broadcast_dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [2] : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C3: 0 <= broadcast_dimensions.
func.func @c3_negative(%operand: tensor<2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C3: broadcast_dimensions [-1] must be in [0, 2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [-1] : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C4: is_unique(broadcast_dimensions).
func.func @c4(%operand: tensor<2x2xf32>, %shape: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C4: broadcast_dimensions [1, 1] must be unique}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1, 1] : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// C5: dim(operand, d) = 1 or dim(operand, d) = dim(result, broadcast_dimensions[d]).
func.func @c5(%operand: tensor<2x3xf32>, %shape: tensor<2xi64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C5: operand dimension 1 of size 3 must be 1 or equal result dimension 1 of size 4}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// C6: quantization_dimension(result) = broadcast_dimensions[quantization_dimension(operand)].
func.func @c6(%operand: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, %shape: tensor<2xi64>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C6: quantization_dimension of the result must be broadcast_dimensions[quantization_dimension of the operand]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2xi64>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}

// -----
// C7: output_dimensions defined by a constant must agree with the result's
// static sizes.
func.func @c7_constant(%operand: tensor<2xf32>) -> tensor<3x2xf32> {
  %shape = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions [4, 2] must be non-negative and agree with result 'tensor<3x2xf32>' in dimension 0}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// C7: ... and be non-negative.
func.func @c7_negative(%operand: tensor<2xf32>) -> tensor<?x2xf32> {
  %shape = stablehlo.constant dense<[-1, 2]> : tensor<2xi32>
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions [-1, 2] must be non-negative and agree with result 'tensor<?x2xf32>' in dimension 0}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C8: is_unique(known_expanding_dimensions + known_nonexpanding_dimensions).
func.func @c8(%operand: tensor<1x2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C8: known_expanding_dimensions [0] and known_nonexpanding_dimensions [0, 1] must be unique together}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<1x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C8: ... within one attribute too.
func.func @c8_repeated(%operand: tensor<1x2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C8: known_expanding_dimensions [0, 0] and known_nonexpanding_dimensions [] must be unique together}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] {known_expanding_dimensions = array<i64: 0, 0>} : (tensor<1x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C9: 0 <= known_expanding_dimensions < rank(operand).
func.func @c9(%operand: tensor<1x2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C9: known_expanding_dimensions [2] must be in [0, 2) (operand dimensions)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] {known_expanding_dimensions = array<i64: 2>} : (tensor<1x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// C10: 0 <= known_nonexpanding_dimensions < rank(operand).
func.func @c10(%operand: tensor<1x2xf32>, %shape: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op C10: known_nonexpanding_dimensions [-1] must be in [0, 2) (operand dimensions)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: -1>} : (tensor<1x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----
// output_dimensions is a 1-dimensional tensor of integers or index (ODS).
func.func @shape_type(%operand: tensor<2xf32>, %shape: tensor<2xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op operand #1 must be statically shaped 1-dimensional tensor of index or integer values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2xf32>, tensor<2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
