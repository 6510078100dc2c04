// Checks that hold: the run prints nothing for them and exits 0.
// RUN: stablehlo-py run %s --split-input-file | FileCheck %s

// CHECK: // module 0 (line 1)
func.func @main() {
  %a = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000]> : tensor<3xf32>
  %b = stablehlo.add %a, %a : tensor<3xf32>
  %e = stablehlo.constant dense<[2.0, -0.0, 0x7FC00001]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%b, %e) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return
}

// -----
// CHECK: // module 1 (line 13)
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = stablehlo.constant dense<[1.0009, 2.0000002]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_almost_eq(%a, %e) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  check.expect_almost_eq %a, %e, tolerance = 1.0e-03 : tensor<2xf32>
  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>
  return
}

// -----
// CHECK: // module 2 (line 25)
// CHECK-NEXT: @main result 0: tensor<2xi32> shape=(2,) dtype=int32
// CHECK-NEXT: array([ 2, -4], dtype=int32)
func.func @main() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, -4]> : tensor<2xi32>
  return %b : tensor<2xi32>
}
