// Verifier errors of stablehlo.broadcast_in_dim, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<2xf32>) -> tensor<3x2xf64> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C1: result element type must be the operand's, got 'f32' and 'f64'}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// C1: only per-axis quantization parameters may differ; a per-tensor operand
// keeps its scale and zero point.
func.func @c1_per_tensor(%operand: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0>> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C1: result element type must be the operand's}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1] : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 2.0>>
}

// -----

// C1: a per-axis operand keeps its storage and expressed types.
func.func @c1_per_axis(%operand: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3x2x!quant.uniform<i16:f32:1, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C1: result element type must be the operand's}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3x2x!quant.uniform<i16:f32:1, {1.0, 2.0}>>
  return %0 : tensor<3x2x!quant.uniform<i16:f32:1, {1.0, 2.0}>>
}

// -----

// C2: size(broadcast_dimensions) = rank(operand).
func.func @c2(%operand: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C2: broadcast_dimensions [0] must have one entry per operand dimension (rank 2)}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// C3: broadcast_dimensions < rank(result).
func.func @c3_too_large(%operand: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C3: broadcast_dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [2] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// C3: 0 <= broadcast_dimensions.
func.func @c3_negative(%operand: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C3: broadcast_dimensions [-1] must be in [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [-1] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// C4: is_unique(broadcast_dimensions).
func.func @c4(%operand: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C4: broadcast_dimensions [1, 1] must be unique}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C5: dim(operand, d) = 1 or dim(operand, d) = dim(result, broadcast_dimensions[d]).
func.func @c5(%operand: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C5: operand dimension 1 of size 3 must be 1 or equal result dimension 1 of size 4}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C6: quantization_dimension(result) = broadcast_dimensions[quantization_dimension(operand)].
func.func @c6_axis(%operand: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C6: quantization_dimension of the result must be broadcast_dimensions[quantization_dimension of the operand]}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}

// -----

// C6: a quantization dimension of size 1 broadcasts its scale and zero point
// to every slice of the result.
func.func @c6_expand(%operand: tensor<1x!quant.uniform<i8:f32:0, {1.0:1}>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0:1, 2.0:1}>> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op C6: a quantization dimension of size 1 broadcasts its scale and zero point, so every result scale and zero point must equal them}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, {1.0:1}>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0:1, 2.0:1}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {1.0:1, 2.0:1}>>
}

// -----

// Dynamism RFC (P4): the result shape is load-bearing, so it is static or has
// a single bounded dynamic dimension (an ODS type constraint).
func.func @dynamic_result(%operand: tensor<?xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op result #0 must be statically shaped or single bounded dimension ranked tensor, but got 'tensor<2x?xf32>'}}
  %0 = stablehlo.broadcast_in_dim %operand, dims = [1] : (tensor<?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
