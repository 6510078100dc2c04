// Verifier errors of negate and sign.
// One case per op and constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(operand) = baseline_type(result) -- negate, shapes differ.
func.func @c1_shape_negate(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.negate' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.negate %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- negate, element types differ.
func.func @c1_element_negate(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.negate' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.negate %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sign, shapes differ.
func.func @c1_shape_sign(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.sign' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.sign %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sign, element types differ.
func.func @c1_element_sign(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.sign' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.sign %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- a quantized operand needs a quantized result.
func.func @c1_quantized_result(%x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.negate' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.negate %x : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- storage types differ.
func.func @c1_storage(%x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.sign' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2x!quant.uniform<i16:f32, 5.000000e-01:3>>'}}
  %0 = stablehlo.sign %x : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.5:3>>
}

// -----

// ODS (Inputs): sign takes signed integers, not unsigned ones.
func.func @ods_sign_unsigned(%x: tensor<2xui32>) -> tensor<2xui32> {
  // expected-error @+1 {{'stablehlo.sign' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2xui32>'}}
  %0 = stablehlo.sign %x : tensor<2xui32>
  return %0 : tensor<2xui32>
}
