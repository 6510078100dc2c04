// Errors of the check dialect's ops (ODS constraints: the spec has none for
// these interpreter-only ops).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @expect_eq_types(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'check.expect_eq' op requires all operands to have the same type}}
  "check.expect_eq"(%a, %b) : (tensor<2xi32>, tensor<2xi64>) -> ()
  return
}

// -----

func.func @expect_eq_const_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_eq_const' op failed to verify that all of {lhs, value} have same type}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2, 3]> : tensor<3xi32>} : (tensor<2xi32>) -> ()
  return
}

// -----

func.func @expect_almost_eq_integer(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2xi32>'}}
  check.expect_almost_eq %a, %a : tensor<2xi32>
  return
}

// -----

func.func @expect_almost_eq_const_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op failed to verify that all of {lhs, value} have same type}}
  "check.expect_almost_eq_const"(%a) {value = dense<1.0> : tensor<2xf64>} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @expect_close_types(%a: tensor<2xf32>, %b: tensor<2xf16>) {
  // expected-error @+1 {{'check.expect_close' op requires all operands to have the same type}}
  "check.expect_close"(%a, %b) {max_ulp_difference = 1 : ui64} : (tensor<2xf32>, tensor<2xf16>) -> ()
  return
}
