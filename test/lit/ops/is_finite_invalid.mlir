// Verifier errors of stablehlo.is_finite, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: shape(x) = shape(y).
func.func @c1(%a: tensor<2xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'stablehlo.is_finite' op C1: shapes of x 'tensor<2xf32>' and y 'tensor<3xi1>' must match}}
  %0 = stablehlo.is_finite %a : (tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// C1: shape(x) = shape(y) -- ranks differ.
func.func @c1_rank(%a: tensor<2xf32>) -> tensor<i1> {
  // expected-error @+1 {{'stablehlo.is_finite' op C1: shapes of x 'tensor<2xf32>' and y 'tensor<i1>' must match}}
  %0 = stablehlo.is_finite %a : (tensor<2xf32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// ODS (Outputs): y is a tensor of booleans.
func.func @ods_result(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.is_finite' op result #0 must be ranked tensor of bool values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.is_finite %a : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ODS (Inputs): x is floating-point or per-tensor quantized.
func.func @ods_complex(%a: tensor<2xcomplex<f32>>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.is_finite' op operand #0 must be ranked tensor of floating-point or per-tensor quantized integer values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = stablehlo.is_finite %a : (tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
