// Verifier errors of stablehlo.reshape, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{'stablehlo.reshape' op C1: result element type must be the operand's, got 'f32' and 'i32'}}
  %0 = stablehlo.reshape %operand : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// C1: a per-tensor quantized operand keeps its scale and zero point.
func.func @c1_per_tensor(%operand: tensor<2x3x!quant.uniform<i8:f32, 1.0>>) -> tensor<6x!quant.uniform<i8:f32, 1.0:1>> {
  // expected-error @+1 {{'stablehlo.reshape' op C1: result element type must be the operand's}}
  %0 = stablehlo.reshape %operand : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>) -> tensor<6x!quant.uniform<i8:f32, 1.0:1>>
  return %0 : tensor<6x!quant.uniform<i8:f32, 1.0:1>>
}

// -----

// C2: size(operand) = size(result).
func.func @c2(%operand: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'stablehlo.reshape' op C2: operand 'tensor<2x3xf32>' has 6 elements but result 'tensor<7xf32>' has 7}}
  %0 = stablehlo.reshape %operand : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// C3: the product of the dimensions before the quantization dimension is kept.
func.func @c3_before(%operand: tensor<2x3x4x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x4x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>> {
  // expected-error @+1 {{'stablehlo.reshape' op C3: reshape must keep the quantization dimension and the sizes before and after it}}
  %0 = stablehlo.reshape %operand : (tensor<2x3x4x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x4x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return %0 : tensor<3x2x4x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
}

// -----

// C1: a per-axis operand keeps its scales and zero points; only its
// quantization_dimension may change.
func.func @c1_per_axis(%operand: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {1.0, 2.0, 4.0}>> {
  // expected-error @+1 {{'stablehlo.reshape' op C1: only the quantization_dimension may change; scales and zero points must be the operand's}}
  %0 = stablehlo.reshape %operand : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {1.0, 2.0, 4.0}>>
  return %0 : tensor<1x2x3x!quant.uniform<i8:f32:2, {1.0, 2.0, 4.0}>>
}

// -----

// Dynamism RFC (P4): the result shape is load-bearing, so it is static or has
// a single bounded dynamic dimension (an ODS type constraint).
func.func @dynamic_result(%operand: tensor<2x3xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'stablehlo.reshape' op result #0 must be statically shaped or single bounded dimension ranked tensor, but got 'tensor<?xf32>'}}
  %0 = stablehlo.reshape %operand : (tensor<2x3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Dynamism RFC (P4): at most one dynamic dimension, and it has a bound.
func.func @two_bounded_dims(%operand: tensor<?x?xf32, #stablehlo.bounds<2, 3>>) -> tensor<?x?xf32, #stablehlo.bounds<3, 2>> {
  // expected-error @+1 {{'stablehlo.reshape' op result #0 must be statically shaped or single bounded dimension ranked tensor, but got 'tensor<?x?xf32, #stablehlo.bounds<3, 2>>'}}
  %0 = stablehlo.reshape %operand : (tensor<?x?xf32, #stablehlo.bounds<2, 3>>) -> tensor<?x?xf32, #stablehlo.bounds<3, 2>>
  return %0 : tensor<?x?xf32, #stablehlo.bounds<3, 2>>
}

// -----

// C2 when one size does not fit in int64 (the product once overflowed).
func.func @c2_overflow(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.reshape' op C2: operand 'tensor<2xf32>' and result 'tensor<3037000500x3037000500xf32>' must have the same number of elements, but one of them has more than 2^63 - 1}}
  %0 = stablehlo.reshape %a : (tensor<2xf32>) -> tensor<3037000500x3037000500xf32>
  return
}
