// Verifier errors of the legacy stablehlo.dot. It is not in the spec: it is
// dot_general with contracting_dims = [rank(lhs) - 1] x [0] on operands of
// rank 1 or 2, and its errors cite the dot_general constraints they come from.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// lhs and rhs are vectors or matrices (XLA's Dot).
func.func @rank(%lhs: tensor<2x3x4xf32>, %rhs: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.dot' op lhs and rhs must have rank 1 or 2, got 'tensor<2x3x4xf32>' and 'tensor<4xf32>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Scalars are not vectors.
func.func @rank_scalar(%lhs: tensor<f32>, %rhs: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.dot' op lhs and rhs must have rank 1 or 2, got 'tensor<f32>' and 'tensor<f32>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C10: dim(lhs, rank(lhs) - 1) = dim(rhs, 0).
func.func @c10(%lhs: tensor<2x3xf32>, %rhs: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot' op C10: lhs contracting dimension 1 of size 3 must match rhs contracting dimension 0 of size 4}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// At most one precision per operand (the legacy dot is not in the spec;
// upstream accepts zero, one or two entries).
func.func @c11_three(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot' op precision_config must have at most 2 entries, got 3}}
  %0 = stablehlo.dot %lhs, %rhs, precision = [HIGH, HIGH, HIGH] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C12: the result shape is lhs without its last dimension, then rhs without
// its first.
func.func @c12(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<2xf32>', got 'tensor<3xf32>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C12: the result keeps the bound of the lhs dimension; a static size past it
// is a spec deviation (test/lit/deviations/accepted_bounds_and_windows.mlir),
// a rank other than the operands give an error.
func.func @c12_bound(%lhs: tensor<?x3xf32, #stablehlo.bounds<5, ?>>, %rhs: tensor<3xf32>) -> tensor<7x1xf32> {
  // expected-error @+1 {{'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<?xf32, #stablehlo.bounds<5>>', got 'tensor<7x1xf32>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<?x3xf32, #stablehlo.bounds<5, ?>>, tensor<3xf32>) -> tensor<7x1xf32>
  return %0 : tensor<7x1xf32>
}

// -----

// Quantized constraints follow dot_general's, in the current spec's numbering.
// C14: is_quantized(lhs) = is_quantized(result) and is_quantized(rhs).
func.func @c14(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dot' op C14: rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C17: storage_type(lhs) = storage_type(rhs).
func.func @c17(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{'stablehlo.dot' op C17: lhs and rhs storage types must match}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<2x!quant.uniform<i32:f32, 0.25>>
}

// -----

// C18: the expressed types of lhs, rhs and result agree.
func.func @c18(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i32:f16, 0.25>> {
  // expected-error @+1 {{'stablehlo.dot' op C18: expressed types of lhs, rhs and result must match}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i32:f16, 0.25>>
  return %0 : tensor<2x!quant.uniform<i32:f16, 0.25>>
}

// -----

// dot_general's C15 (rhs zero points 0) is not checked: upstream's dot
// verifier does not (dot.mlir, @dot_rhs_zero_point).

// C19: the result is per-tensor quantized when rhs is.
func.func @c19(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>> {
  // expected-error @+1 {{'stablehlo.dot' op C19: result must be per-tensor quantized when rhs is}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
  return %0 : tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
}

// -----

// C16: the quantization_dimension of rhs is not its contracting dimension 0.
func.func @c16(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.5, 0.5}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>> {
  // expected-error @+1 {{'stablehlo.dot' op C16: rhs quantization_dimension must not be a contracting dimension}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.5, 0.5}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
  return %0 : tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
}
