// Verifier errors of stablehlo.slice, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(operand) = element_type(result).
func.func @c1(%operand: tensor<3x4xf32>) -> tensor<2x2xf64> {
  // expected-error @+1 {{'stablehlo.slice' op C1: result element type must be the operand's, got 'f32' and 'f64'}}
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// C1: a per-tensor quantized result keeps the operand's scale and zero point.
func.func @c1_quantized(%operand: tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>> {
  // expected-error @+1 {{'stablehlo.slice' op C1: result element type must be the operand's}}
  %0 = stablehlo.slice %operand [0:2] : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0>>
}

// -----

// C2: size(start_indices) = size(limit_indices) = size(strides) = rank(operand).
func.func @c2(%operand: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C2: start_indices [1], limit_indices [3, 4] and strides [1, 2] must have one entry per operand dimension (rank 2)}}
  %0 = "stablehlo.slice"(%operand) {start_indices = array<i64: 1>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C2: the pretty form gives the three lists the same size, which must be the
// operand's rank.
func.func @c2_rank(%operand: tensor<3x4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C2: start_indices [1], limit_indices [3] and strides [1] must have one entry per operand dimension (rank 2)}}
  %0 = stablehlo.slice %operand [1:3] : (tensor<3x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: 0 <= start_indices.
func.func @c3_negative_start(%operand: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C3: dimension 0 needs 0 <= start_indices[0] = -1 <= limit_indices[0] = 1 <= size 3 of operand 'tensor<3x4xf32>'}}
  %0 = stablehlo.slice %operand [-1:1, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C3: start_indices <= limit_indices.
func.func @c3_start_after_limit(%operand: tensor<3x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C3: dimension 0 needs 0 <= start_indices[0] = 2 <= limit_indices[0] = 1 <= size 3 of operand 'tensor<3x4xf32>'}}
  %0 = stablehlo.slice %operand [2:1, 0:4] : (tensor<3x4xf32>) -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// -----

// C3: limit_indices <= shape(operand).
func.func @c3_limit_past_end(%operand: tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C3: dimension 1 needs 0 <= start_indices[1] = 0 <= limit_indices[1] = 5 <= size 4 of operand 'tensor<3x4xf32>'}}
  %0 = stablehlo.slice %operand [0:3, 0:5] : (tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// C3: a bounded dynamic dimension is at most its bound.
func.func @c3_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<6x4xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C3: dimension 0 needs 0 <= start_indices[0] = 0 <= limit_indices[0] = 6 <= bound 5 of operand 'tensor<?x4xf32, #stablehlo.bounds<5, ?>>'}}
  %0 = stablehlo.slice %operand [0:6, 0:4] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// C4: 0 < strides.
func.func @c4(%operand: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C4: strides [1, 0] must be positive}}
  %0 = stablehlo.slice %operand [1:3, 0:4:0] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C4: negative strides are rejected too.
func.func @c4_negative(%operand: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C4: strides [-1, 1] must be positive}}
  %0 = stablehlo.slice %operand [1:3:-1, 0:4] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C5: shape(result) = ceil((limit_indices - start_indices) / strides).
func.func @c5(%operand: tensor<3x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.slice' op C5: result shape must be ceil((limit_indices - start_indices) / strides) as in 'tensor<2x2xf32>', got 'tensor<2x3xf32>'}}
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// I1: the operand is a tensor or a per-tensor quantized tensor.
func.func @i1_per_axis(%operand: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<1x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.slice' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.slice %operand [0:1] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<1x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<1x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}
