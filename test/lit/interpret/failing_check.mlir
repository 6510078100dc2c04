// A check that does not hold fails the run, naming the check, its location and the values.
// RUN: not stablehlo-py run %s 2>&1 | FileCheck %s

// CHECK: error: stablehlo.custom_call at loc("{{.*}}failing_check.mlir":11:3): custom_call @check.expect_eq failed: 1 of 3 elements differ
// CHECK-NEXT:   at [1]: actual 4, expected 5
// CHECK-NEXT: stablehlo-py run: failed
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.add %a, %a : tensor<3xi32>
  %e = stablehlo.constant dense<[2, 5, 6]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%b, %e) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return
}
