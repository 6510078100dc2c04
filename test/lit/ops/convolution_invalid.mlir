// Verifier errors of stablehlo.convolution, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// -----

// C1: N = rank(lhs) = rank(rhs).
func.func @c1(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C1: lhs and rhs must have the same rank, got 'tensor<1x4x4x2xf32>' and 'tensor<3x3x2xf32>'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C1: N = rank(lhs) = rank(rhs), and N >= 2 (a batch and a feature dimension).
func.func @c1(%lhs: tensor<4xf32>, %rhs: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C1: lhs and rhs must have rank at least 2, got 'tensor<4xf32>'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = []>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<4xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: size(window_strides) = N - 2.
func.func @c2(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C2: window_strides [1] must have 2 entries, one per spatial dimension}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C3: 0 < window_strides.
func.func @c3(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C3: window_strides [0, 1] must be positive}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 0, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C4: shape(padding) = [N - 2, 2].
func.func @c4(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C4: padding must have shape [2, 2], got [2, 3]}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, padding = dense<0> : tensor<2x3xi64>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C5: size(lhs_dilation) = N - 2.
func.func @c5(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C5: lhs_dilation [1] must have 2 entries, one per spatial dimension}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C6: 0 < lhs_dilation.
func.func @c6(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C6: lhs_dilation [1, -1] must be positive}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 1, -1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C7: size(rhs_dilation) = N - 2.
func.func @c7(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C7: rhs_dilation [1, 1, 1] must have 2 entries, one per spatial dimension}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 1, 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C8: 0 < rhs_dilation.
func.func @c8(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C8: rhs_dilation [0, 1] must be positive}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 0, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C9: size(window_reversal) = N - 2.
func.func @c9(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C9: window_reversal must have 2 entries (rank - 2), got 1}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_reversal = array<i1: false>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C10: dim(lhs, input_batch_dimension) % batch_group_count = 0.
func.func @c10(%lhs: tensor<3x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C10: lhs batch dimension size 3 must be a multiple of batch_group_count 2}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64} : (tensor<3x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C11: dim(lhs, input_feature_dimension) % feature_group_count = 0.
func.func @c11(%lhs: tensor<1x4x4x3xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C11: lhs feature dimension size 3 must be a multiple of feature_group_count 2}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x3xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C12: size(input_spatial_dimensions) = N - 2.
func.func @c12(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C12: input spatial dimensions [1] must have 2 entries (rank - 2)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C13: input dimensions unique and in [0, N).
func.func @c13(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C13: input dimensions [0, 1, 2, 1] must be unique and in [0, 4)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C14: dim(rhs, kernel_input_feature_dimension) = dim(lhs, input_feature_dimension) / feature_group_count.
func.func @c14(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x3x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C14: rhs input feature dimension size 3 must be lhs feature dimension size 2 / feature_group_count 1}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C15: dim(rhs, kernel_output_feature_dimension) % batch_group_count = 0.
func.func @c15(%lhs: tensor<2x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C15: rhs output feature dimension size 3 must be a multiple of batch_group_count 2}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C16: dim(rhs, kernel_output_feature_dimension) % feature_group_count = 0.
func.func @c16(%lhs: tensor<1x4x4x4xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C16: rhs output feature dimension size 3 must be a multiple of feature_group_count 2}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x4xf32>, tensor<3x3x2x3xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C17: size(kernel_spatial_dimensions) = N - 2.
func.func @c17(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C17: kernel spatial dimensions [0] must have 2 entries (rank - 2)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C18: kernel dimensions unique and in [0, N).
func.func @c18(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C18: kernel dimensions [0, 1, 0, 3] must be unique and in [0, 4)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C19: size(output_spatial_dimensions) = N - 2.
func.func @c19(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C19: output spatial dimensions [1, 2, 3] must have 2 entries (rank - 2)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2, 3]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C20: output dimensions unique and in [0, N).
func.func @c20(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C20: output dimensions [0, 1, 2, 4] must be unique and in [0, 4)}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 4, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C21: 0 < feature_group_count.
func.func @c21(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C21: feature_group_count must be positive, got 0}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 0 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C22: 0 < batch_group_count.
func.func @c22(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C22: batch_group_count must be positive, got -1}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = -1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C23: feature_group_count = 1 or batch_group_count = 1.
func.func @c23(%lhs: tensor<2x4x4x4xf32>, %rhs: tensor<3x3x2x4xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C23: feature_group_count (2) or batch_group_count (2) must be 1}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 2 : i64} : (tensor<2x4x4x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C25: dim(result, result_dim): batch / batch_group_count, kernel output features, number of windows.
func.func @c25(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C25: result shape must be that of 'tensor<1x2x2x2xf32>' (batch / batch_group_count, windows per spatial dimension, kernel output features), got 'tensor<1x3x2x2xf32>'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// C26: rank(result) = N.
func.func @c26(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C26: result rank must be 4, got 'tensor<1x2x2xf32>'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// C27: element_type(lhs) = element_type(rhs) (= element_type(result) in the spec; see docs/decisions.md).
func.func @c27(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf16>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C27: lhs and rhs must have the same element type, got 'f32' and 'f16'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf16>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// C28: is_quantized(lhs) = is_quantized(result) and is_quantized(rhs).
func.func @c28(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.convolution' op C28: rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C29: if rhs is per-axis quantized, quantization_dimension(rhs) = kernel_output_feature_dimension.
func.func @c29(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.convolution' op C29: rhs quantization_dimension 0 must be kernel_output_feature_dimension 3}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C30: if result is per-axis quantized, quantization_dimension(result) = output_feature_dimension.
func.func @c30(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {1.0, 1.0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:0, {1.0}>> {
  // expected-error @+1 {{'stablehlo.convolution' op C30: result quantization_dimension 0 must be output_feature_dimension 3}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {1.0, 1.0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:0, {1.0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:0, {1.0}>>
}

// -----

// C31: storage_type(lhs) = storage_type(rhs).
func.func @c31(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i16:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.convolution' op C31: lhs and rhs storage types must match, got 'i8' and 'i16'}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2x!quant.uniform<i16:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C32: expressed_type(lhs) = expressed_type(rhs) = expressed_type(result).
func.func @c32(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f16, 1.0>> {
  // expected-error @+1 {{'stablehlo.convolution' op C32: expressed types of lhs, rhs and result must match}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f16, 1.0>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f16, 1.0>>
}

// -----

// C33: if rhs is per-tensor quantized, result is per-tensor quantized.
func.func @c33(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {1.0, 1.0}>> {
  // expected-error @+1 {{'stablehlo.convolution' op C33: result must be per-tensor quantized when rhs is}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 1.0>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {1.0, 1.0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {1.0, 1.0}>>
}

// -----

// C34: if lhs is not quantized, element_type(lhs) = expressed_type(rhs) = element_type(result).
func.func @c34(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2xf16> {
  // expected-error @+1 {{'stablehlo.convolution' op C34: lhs element type 'f32', rhs expressed type 'f32' and result element type 'f16' must match}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<1x2x2x2xf16>
  return %0 : tensor<1x2x2x2xf16>
}

// -----

// C24: size(precision_config) = 2 -- three entries (one is a spec deviation
// upstream accepts: test/lit/deviations/accepted_as_upstream.mlir).
func.func @c24_three(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'stablehlo.convolution' op C24: precision_config must have 2 entries, got 3}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
