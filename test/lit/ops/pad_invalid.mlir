// Verifier errors of stablehlo.pad, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(operand) = element_type(padding_value).
func.func @c1_padding_value(%operand: tensor<2x4xf32>, %value: tensor<f16>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C1: operand, padding_value and result must have the same element type, got 'f32' and 'f16'}}
  %0 = stablehlo.pad %operand, %value, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C1: element_type(operand) = element_type(result).
func.func @c1_result(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<2x4xf64> {
  // expected-error @+1 {{'stablehlo.pad' op C1: operand, padding_value and result must have the same element type, got 'f32' and 'f64'}}
  %0 = stablehlo.pad %operand, %value, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

// C2: size(edge_padding_low) = size(edge_padding_high) = size(interior_padding).
func.func @c2(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C2: edge_padding_low [0], edge_padding_high [0, 0] and interior_padding [0, 0] must have one entry per operand dimension (rank 2)}}
  %0 = stablehlo.pad %operand, %value, low = [0], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C2: ... = rank(operand).
func.func @c2_rank(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C2: edge_padding_low [0, 0, 0], edge_padding_high [0, 0, 0] and interior_padding [0, 0, 0] must have one entry per operand dimension (rank 2)}}
  %0 = stablehlo.pad %operand, %value, low = [0, 0, 0], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C3: 0 <= interior_padding.
func.func @c3(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C3: interior_padding [-1, 0] must be non-negative}}
  %0 = stablehlo.pad %operand, %value, low = [0, 0], high = [0, 0], interior = [-1, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// C4: shape(result) = shape(operand) + edge_padding_low +
// max(shape(operand) - 1, 0) * interior_padding + edge_padding_high.
func.func @c4(%operand: tensor<2x3xi32>, %value: tensor<i32>) -> tensor<5x8xi32> {
  // expected-error @+1 {{'stablehlo.pad' op C4: result shape must be shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding + edge_padding_high as in 'tensor<5x9xi32>', got 'tensor<5x8xi32>'}}
  %0 = stablehlo.pad %operand, %value, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x8xi32>
  return %0 : tensor<5x8xi32>
}

// -----

// C4: negative edge padding cannot remove more than the padded dimension.
func.func @c4_negative_size(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C4: padding dimension 0 of size 2 with low -2, high -1 and interior 0 gives a negative size -1}}
  %0 = stablehlo.pad %operand, %value, low = [-2, 0], high = [-1, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// -----

// C4: a static result size must fit the padded bound of a dynamic dimension.
func.func @c4_bound(%operand: tensor<?xf32, #stablehlo.bounds<5>>, %value: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C4: result shape must be shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding + edge_padding_high as in 'tensor<?xf32, #stablehlo.bounds<7>>', got 'tensor<8xf32>'}}
  %0 = stablehlo.pad %operand, %value, low = [1], high = [1], interior = [0] : (tensor<?xf32, #stablehlo.bounds<5>>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// I2: padding_value is a 0-dimensional tensor.
func.func @i2(%operand: tensor<2x4xf32>, %value: tensor<1xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.pad' op operand #1 must be 0D tensor of}}
  %0 = stablehlo.pad %operand, %value, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// C4 with sizes past int64 (an overflow used to wrap silently): interior
// padding of 2^63 - 1 between three elements.
func.func @c4_overflow(%operand: tensor<3xf32>, %value: tensor<f32>) -> tensor<?xf32> {
  // expected-error @+1 {{'stablehlo.pad' op C4: padding dimension 0 of size 3 with low 0, high 0 and interior 9223372036854775807 gives a size past int64}}
  %0 = stablehlo.pad %operand, %value, low = [0], high = [0], interior = [9223372036854775807] : (tensor<3xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
