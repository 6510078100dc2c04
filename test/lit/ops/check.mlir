// Round trip of the check dialect (assertions evaluated by the interpreter).
// Upstream's check dialect is not in jaxlib, so these CHECK lines are our own
// printer's output; the syntax is documented in docs/decisions.md.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @check_exact(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>, %arg2: tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>) {
// CHECK-NEXT:    check.expect_eq %arg0, %arg1 : tensor<2xi32>
// CHECK-NEXT:    check.expect_eq_const %arg0, dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    check.expect_eq %arg2, %arg2 : tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @check_exact(%a: tensor<2xi32>, %b: tensor<2xi32>, %q: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  check.expect_eq %a, %b : tensor<2xi32>
  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq %q, %q : tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// The default tolerance (upstream's 1e-4) and min_ulp_difference (0) are
// elided; a tolerance given in the attribute dictionary prints in upstream's
// `, tolerance = X` form.
// CHECK-LABEL:  func.func @check_approximate(%arg0: tensor<2xf32>, %arg1: tensor<complex<f64>>) {
// CHECK-NEXT:    check.expect_almost_eq %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq %arg0, %arg0, tolerance = 1.000000e-01 : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq_const %arg0, dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq_const %arg1, dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f64>>, tolerance = 9.9999999999999995E-7
// CHECK-NEXT:    check.expect_close %arg0, %arg0, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:    check.expect_close %arg0, %arg0, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:    check.expect_close %arg0, %arg0, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @check_approximate(%x: tensor<2xf32>, %c: tensor<complex<f64>>) {
  check.expect_almost_eq %x, %x : tensor<2xf32>
  check.expect_almost_eq %x, %x {tolerance = 1.0e-01 : f64} : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<[0.5, 1.0]> : tensor<2xf32>
  check.expect_almost_eq_const %c, dense<(1.0, 2.0)> : tensor<complex<f64>> {tolerance = 1.0e-06 : f64}
  check.expect_close %x, %x, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %x, %x, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %x, %x, max_ulp_difference = 4 {min_ulp_difference = 1 : ui64} : tensor<2xf32>, tensor<2xf32>
  return
}

// The generic form.
// CHECK-LABEL:  func.func @check_generic(%arg0: tensor<f64>) {
// CHECK-NEXT:    check.expect_close %arg0, %arg0, max_ulp_difference = 7 : tensor<f64>, tensor<f64>
// CHECK-NEXT:    check.expect_almost_eq_const %arg0, dense<1.000000e+00> : tensor<f64>, tolerance = 2.000000e-02
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @check_generic(%x: tensor<f64>) {
  "check.expect_close"(%x, %x) {max_ulp_difference = 7 : ui64} : (tensor<f64>, tensor<f64>) -> ()
  "check.expect_almost_eq_const"(%x) {value = dense<1.0> : tensor<f64>, tolerance = 2.0e-02 : f64} : (tensor<f64>) -> ()
  return
}

// Upstream's syntax (stablehlo/tests/CheckOps.td): the tolerance after the
// operands, `min_ulp_difference` after `max_ulp_difference`; an explicit
// default tolerance is elided; `custom_call @check.eq` returns tensor<i1>.
// CHECK-LABEL:  func.func @check_upstream_syntax(%arg0: tensor<f64>, %arg1: tensor<2xf32>) -> tensor<i1> {
// CHECK-NEXT:    check.expect_almost_eq %arg0, %arg0, tolerance = 1.000000e-01 : tensor<f64>
// CHECK-NEXT:    check.expect_almost_eq %arg0, %arg0 : tensor<f64>
// CHECK-NEXT:    check.expect_almost_eq_const %arg1, dense<[0.999998986, 2.000000e+00]> : tensor<2xf32>, tolerance = 1.000000e-03
// CHECK-NEXT:    check.expect_close %arg1, %arg1, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:    %0 = stablehlo.custom_call @check.eq(%arg1, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
// CHECK-NEXT:    return %0 : tensor<i1>
// CHECK-NEXT:  }
func.func @check_upstream_syntax(%x: tensor<f64>, %y: tensor<2xf32>) -> tensor<i1> {
  check.expect_almost_eq %x, %x, tolerance = 0.1 : tensor<f64>
  check.expect_almost_eq %x, %x, tolerance = 1.0e-04 : tensor<f64>
  check.expect_almost_eq_const %y, dense<[0.999999, 2.0]> : tensor<2xf32>, tolerance = 0.001
  check.expect_close %y, %y, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  %0 = stablehlo.custom_call @check.eq(%y, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  return %0 : tensor<i1>
}
