// Verifier errors of stablehlo.dot_general, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: size(lhs_batching_dimensions) = size(rhs_batching_dimensions).
func.func @c1(%lhs: tensor<2x3xf32>, %rhs: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C1: lhs_batching_dimensions [0] and rhs_batching_dimensions [] must have the same size}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C2: size(lhs_contracting_dimensions) = size(rhs_contracting_dimensions).
func.func @c2(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C2: lhs_contracting_dimensions [1] and rhs_contracting_dimensions [0, 1] must have the same size}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0, 1] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C3: is_unique(lhs_batching_dimensions + lhs_contracting_dimensions).
func.func @c3(%lhs: tensor<2x2xf32>, %rhs: tensor<2x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C3: lhs batching and contracting dimensions [0, 0] must be unique}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// C4: is_unique(rhs_batching_dimensions + rhs_contracting_dimensions).
func.func @c4(%lhs: tensor<2x2xf32>, %rhs: tensor<2x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C4: rhs batching and contracting dimensions [1, 1] must be unique}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [1], contracting_dims = [1] x [1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// C5: 0 <= lhs_batching_dimensions < rank(lhs).
func.func @c5(%lhs: tensor<2x3xf32>, %rhs: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C5: lhs_batching_dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [2] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// C6: 0 <= lhs_contracting_dimensions < rank(lhs).
func.func @c6(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C6: lhs_contracting_dimensions [-1] must be in [0, 2)}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [-1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C7: 0 <= rhs_batching_dimensions < rank(rhs).
func.func @c7(%lhs: tensor<2x3xf32>, %rhs: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C7: rhs_batching_dimensions [5] must be in [0, 2)}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [5], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// C8: 0 <= rhs_contracting_dimensions < rank(rhs).
func.func @c8(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C8: rhs_contracting_dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [2] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C9: dim(lhs, lhs_batching_dimensions...) = dim(rhs, rhs_batching_dimensions...).
func.func @c9(%lhs: tensor<2x3xf32>, %rhs: tensor<4x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C9: lhs batching dimension 0 of size 2 must match rhs batching dimension 0 of size 4}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// C10: dim(lhs, lhs_contracting_dimensions...) = dim(rhs, rhs_contracting_dimensions...).
func.func @c10(%lhs: tensor<2x3xf32>, %rhs: tensor<4x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C10: lhs contracting dimension 1 of size 3 must match rhs contracting dimension 0 of size 4}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C11: size(precision_config) = 2 -- three entries.
func.func @c11_three(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C11: precision_config must have 2 entries, got 3}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C12: shape(result) = batch dims + lhs free dims + rhs free dims.
func.func @c12(%lhs: tensor<2x3xf32>, %rhs: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [2, 4], got 'tensor<4x2xf32>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// C12: the result rank is fixed too.
func.func @c12_rank(%lhs: tensor<2x3xf32>, %rhs: tensor<3x4xf32>) -> tensor<2x4x1xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [2, 4], got 'tensor<2x4x1xf32>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4x1xf32>
  return %0 : tensor<2x4x1xf32>
}

// -----
// Quantized constraints in the current spec's numbering (C14-C20), which allows
// hybrid quantization: a float lhs, a quantized rhs and a float result.
// C14: is_quantized(lhs) = is_quantized(result) and is_quantized(rhs).
func.func @c14(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C14: rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold, got '!quant.uniform<i8:f32, 1.000000e+00>', 'f32' and 'f32'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// C14: a float lhs and a quantized rhs give a float result.
func.func @c14_hybrid_result(%lhs: tensor<2x3xf32>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C14: rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>>
  return %0 : tensor<2x4x!quant.uniform<i32:f32, 1.0>>
}

// -----
// C15: zero_points(rhs) = 0.
func.func @c15(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.0:2>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C15: rhs zero points must be 0}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x4x!quant.uniform<i8:f32, 1.0:2>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>>
  return %0 : tensor<2x4x!quant.uniform<i32:f32, 1.0>>
}

// -----
// C15: zero_points(rhs) = 0 -- per-axis, and hybrid.
func.func @c15_per_axis(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2x!quant.uniform<i8:f32:1, {1.0:0, 1.0:1}>>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C15: rhs zero points must be 0}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2x!quant.uniform<i8:f32:1, {1.0:0, 1.0:1}>>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// C16: quantization_dimension(rhs) not in rhs_contracting_dimensions.
func.func @c16(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>) -> tensor<2x2x!quant.uniform<i32:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C16: rhs quantization_dimension must not be a contracting dimension}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>) -> tensor<2x2x!quant.uniform<i32:f32, 1.0>>
  return %0 : tensor<2x2x!quant.uniform<i32:f32, 1.0>>
}

// -----
// C17: storage_type(lhs) = storage_type(rhs).
func.func @c17(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x4x!quant.uniform<i4:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C17: lhs and rhs storage types must match}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x4x!quant.uniform<i4:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>>
  return %0 : tensor<2x4x!quant.uniform<i32:f32, 1.0>>
}

// -----
// C18: expressed_type(lhs) = expressed_type(rhs) = expressed_type(result).
func.func @c18(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:bf16, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C18: expressed types of lhs, rhs and result must match}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:bf16, 1.0>>
  return %0 : tensor<2x4x!quant.uniform<i32:bf16, 1.0>>
}

// -----
// C19: If is_per_tensor_quantized(rhs), then is_per_tensor_quantized(result).
func.func @c19(%lhs: tensor<2x3x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<3x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {1.0, 1.0}>> {
  // expected-error @+1 {{'stablehlo.dot_general' op C19: result must be per-tensor quantized when rhs is}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {1.0, 1.0}>>
  return %0 : tensor<2x2x!quant.uniform<i32:f32:1, {1.0, 1.0}>>
}

// -----
// C20: if !is_quantized(lhs), element_type(lhs) = expressed_type(rhs) = element_type(result).
func.func @c20(%lhs: tensor<2x3xbf16>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4xbf16> {
  // expected-error @+1 {{'stablehlo.dot_general' op C20: lhs and result element types must be the expressed type of rhs, 'f32', got 'bf16' and 'bf16'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}

// -----
// C21 of upstream's current spec (not numbered in 000): an algorithm requires
// DEFAULT precision_config entries. C22-C24 (positive counts) are checked by
// the algorithm attribute (attrs/structured_invalid.mlir).
func.func @algorithm_precision(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C21: precision_config must be DEFAULT when an algorithm is given}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [HIGH, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// Syntax: an unknown precision keyword.
func.func @bad_precision(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{unknown precision 'FAST', expected DEFAULT, HIGH or HIGHEST}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [FAST, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// Inputs (I1): lhs is a tensor or a per-tensor quantized tensor (an ODS type
// constraint).
func.func @per_axis_lhs(%lhs: tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.dot_general' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x3x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 1.0>>
  return %0 : tensor<2x4x!quant.uniform<i32:f32, 1.0>>
}
