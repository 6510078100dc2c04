// Verifier errors of stablehlo.complex, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(lhs) = type(rhs) -- element types differ.
func.func @c1_element(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op C1: lhs and rhs must have the same type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// C1: type(lhs) = type(rhs) -- shapes differ.
func.func @c1_shape(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op C1: lhs and rhs must have the same type, got 'tensor<2xf32>' and 'tensor<3xf32>'}}
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// C2: shape(result) = shape(lhs).
func.func @c2(%a: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op C2: shapes of lhs 'tensor<2xf32>' and result 'tensor<3xcomplex<f32>>' must match}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// C3: element_type(result) = complex<element_type(lhs)>.
func.func @c3(%a: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  // expected-error @+1 {{'stablehlo.complex' op C3: result element type must be 'complex<f32>', got 'tensor<2xcomplex<f64>>'}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}

// -----

// ODS (Inputs): lhs and rhs are f32 or f64.
func.func @ods_f16(%a: tensor<2xf16>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op operand #0 must be ranked tensor of 32-bit float or 64-bit float values, but got 'tensor<2xf16>'}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// ODS (Outputs): the result is complex.
func.func @ods_result(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.complex' op result #0 must be ranked tensor of complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
