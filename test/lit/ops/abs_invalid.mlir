// Verifier errors of stablehlo.abs, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: shape(result) = shape(operand).
func.func @c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.abs' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.abs %a : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: shape(result) = shape(operand) -- complex operand.
func.func @c1_complex(%a: tensor<2xcomplex<f32>>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'stablehlo.abs' op C1: shapes of operand 'tensor<2xcomplex<f32>>' and result 'tensor<2x1xf32>' must match}}
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// C2: baseline_element_type(result) = baseline_element_type(operand).
func.func @c2(%a: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.abs' op C2: result must have the element type of operand 'tensor<2xf32>', got 'tensor<2xf64>'}}
  %0 = stablehlo.abs %a : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C2: complex_element_type(element_type(operand)) for a complex operand.
func.func @c2_complex(%a: tensor<2xcomplex<f64>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.abs' op C2: result element type must be 'f64', the part type of operand 'tensor<2xcomplex<f64>>', got 'tensor<2xf32>'}}
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: a quantized operand has a quantized result.
func.func @c2_quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.abs' op C2: result must have the baseline element type of operand 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>', got 'tensor<2xf32>'}}
  %0 = stablehlo.abs %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: storage types of quantized operand and result match.
func.func @c2_storage(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.abs' op C2: result must have the baseline element type of operand 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>', got 'tensor<2x!quant.uniform<i16:f32, 5.000000e-01:3>>'}}
  %0 = stablehlo.abs %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.5:3>>
}

// -----

// ODS (Outputs): the result is not complex.
func.func @ods_complex_result(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.abs' op result #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point or per-tensor quantized integer values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = stablehlo.abs %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// ODS (Inputs): unsigned integers are not allowed.
func.func @ods_unsigned(%a: tensor<2xui32>) -> tensor<2xui32> {
  // expected-error @+1 {{'stablehlo.abs' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2xui32>'}}
  %0 = stablehlo.abs %a : tensor<2xui32>
  return %0 : tensor<2xui32>
}
