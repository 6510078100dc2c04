// Verifier errors of stablehlo.real and stablehlo.imag, one case per op and
// spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: shape(result) = shape(operand) -- real.
func.func @c1_real(%a: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.real' op C1: shapes of operand 'tensor<2xcomplex<f32>>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: shape(result) = shape(operand) -- imag.
func.func @c1_imag(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.imag' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.imag %a : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C2: element_type(result) = complex_element_type(element_type(operand)) -- real.
func.func @c2_real(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.real' op C2: result element type must be 'f32', the part type of operand 'tensor<2xcomplex<f32>>', got 'tensor<2xf64>'}}
  %0 = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C2: element_type(result) = complex_element_type(element_type(operand)) -- imag.
func.func @c2_imag(%a: tensor<2xcomplex<f64>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.imag' op C2: result element type must be 'f64', the part type of operand 'tensor<2xcomplex<f64>>', got 'tensor<2xf32>'}}
  %0 = stablehlo.imag %a : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: element_type(result) = element_type(operand) otherwise -- real.
func.func @c2_real_float(%a: tensor<2xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'stablehlo.real' op C2: result must have the element type of operand 'tensor<2xf32>', got 'tensor<2xf16>'}}
  %0 = stablehlo.real %a : (tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// C2: element_type(result) = element_type(operand) otherwise -- imag.
func.func @c2_imag_float(%a: tensor<2xbf16>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.imag' op C2: result must have the element type of operand 'tensor<2xbf16>', got 'tensor<2xf32>'}}
  %0 = stablehlo.imag %a : (tensor<2xbf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ODS (Outputs): the result is floating-point.
func.func @ods_complex_result(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.real' op result #0 must be ranked tensor of floating-point values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = stablehlo.real %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// ODS (Inputs): the operand is floating-point or complex.
func.func @ods_integer(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.imag' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2xi32>'}}
  %0 = stablehlo.imag %a : tensor<2xi32>
  return %0 : tensor<2xi32>
}
