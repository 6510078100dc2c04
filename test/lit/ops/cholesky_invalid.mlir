// Verifier errors of stablehlo.cholesky, one case per spec constraint (each
// rejected by upstream too).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(a) = baseline_type(result).
func.func @ch_c1(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op C1: result must have the baseline type of a, 'tensor<3x3xf32>', got 'tensor<3x3xf64>'}}
  %0 = stablehlo.cholesky %a, lower = true : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return
}

// -----

// C2: 2 <= rank(a).
func.func @ch_c2(%a: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op C2: a must have rank at least 2, got 'tensor<3xf32>'}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3xf32>
  return
}

// -----

// C3: dim(a, -2) = dim(a, -1).
func.func @ch_c3(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op C3: the matrices of a must be square, got 'tensor<3x4xf32>'}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x4xf32>
  return
}

// a is a tensor of floating-point or complex type or a per-tensor quantized tensor.
func.func @ch_int(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<3x3xi32>'}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xi32>
  return
}
