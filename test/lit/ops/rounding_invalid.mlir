// Verifier errors of the rounding ops: ceil, floor, round_nearest_afz,
// round_nearest_even.
// One case per op and constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(operand) = baseline_type(result) -- ceil, shapes differ.
func.func @c1_shape_ceil(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.ceil' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.ceil %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- ceil, element types differ.
func.func @c1_element_ceil(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.ceil' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.ceil %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- floor, shapes differ.
func.func @c1_shape_floor(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.floor' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.floor %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- floor, element types differ.
func.func @c1_element_floor(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.floor' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.floor %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- round_nearest_afz, shapes differ.
func.func @c1_shape_round_nearest_afz(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.round_nearest_afz' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.round_nearest_afz %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- round_nearest_afz, element types differ.
func.func @c1_element_round_nearest_afz(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.round_nearest_afz' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.round_nearest_afz %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- round_nearest_even, shapes differ.
func.func @c1_shape_round_nearest_even(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.round_nearest_even' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.round_nearest_even %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- round_nearest_even, element types differ.
func.func @c1_element_round_nearest_even(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.round_nearest_even' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.round_nearest_even %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- a quantized operand needs a quantized result.
func.func @c1_quantized_result(%x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.ceil' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.ceil %x : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- storage types differ.
func.func @c1_storage(%x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.round_nearest_even' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2x!quant.uniform<i16:f32, 5.000000e-01:3>>'}}
  %0 = stablehlo.round_nearest_even %x : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.5:3>>
}

// -----

// ODS (Inputs): operand is floating-point or per-tensor quantized -- not complex.
func.func @ods_complex(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.floor' op operand #0 must be ranked tensor of floating-point or per-tensor quantized integer values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = stablehlo.floor %x : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
