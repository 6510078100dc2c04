// Verifier errors of stablehlo.select, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: rank(pred) = 0 or shape(pred) = shape(on_true).
func.func @c1(%pred: tensor<3xi1>, %on_true: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<3xi1>' and 'tensor<2xf32>'}}
  %0 = stablehlo.select %pred, %on_true, %on_true : tensor<3xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: a rank-1 predicate of size 1 does not broadcast.
func.func @c1_rank(%pred: tensor<1xi1>, %on_true: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<1xi1>' and 'tensor<2x2xf32>'}}
  %0 = stablehlo.select %pred, %on_true, %on_true : tensor<1xi1>, tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// C2: baseline_type(on_true) = baseline_type(on_false) -- element types differ.
func.func @c2_element_type(%pred: tensor<i1>, %on_true: tensor<2xf32>, %on_false: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.select' op C2: on_true, on_false and result must have the same type, got 'tensor<2xf32>' and 'tensor<2xi32>'}}
  %0 = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: baseline_type(on_true) = baseline_type(on_false) -- shapes differ.
func.func @c2_shape(%pred: tensor<i1>, %on_true: tensor<2xf32>, %on_false: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.select' op C2: on_true, on_false and result must have the same type, got 'tensor<2xf32>' and 'tensor<3xf32>'}}
  %0 = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: baseline_type(on_true) = baseline_type(result).
func.func @c2_result(%pred: tensor<i1>, %on_true: tensor<2xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'stablehlo.select' op C2: on_true, on_false and result must have the same type, got 'tensor<2xf32>' and 'tensor<2xf16>'}}
  %0 = stablehlo.select %pred, %on_true, %on_true : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// C2: quantized branches must agree in expressed type (only scales and zero
// points may differ).
func.func @c2_quantized(%pred: tensor<i1>, %on_true: tensor<2x!quant.uniform<i8:f32, 1.0>>, %on_false: tensor<2x!quant.uniform<i8:bf16, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.select' op C2: on_true, on_false and result must have the same type}}
  %0 = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:bf16, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// Inputs (I2): on_true is a tensor or a per-tensor quantized tensor (an ODS
// type constraint).
func.func @per_axis(%pred: tensor<i1>, %on_true: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.select' op operand #1 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.select %pred, %on_true, %on_true : tensor<i1>, tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}
