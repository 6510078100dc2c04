// The stablehlo-interpret pass in a pipeline with C++ passes: it leaves the IR
// unchanged when the checks hold, and fails the pipeline when one does not.
// RUN: stablehlo-py opt %s --pipeline 'canonicalize,stablehlo-interpret,cse' | FileCheck %s
// RUN: sed 's/dense<\[2, 4\]>/dense<[2, 5]>/' %s | not stablehlo-py opt - --pipeline 'stablehlo-interpret' 2>&1 | FileCheck %s --check-prefix=FAIL

// CHECK-LABEL: func.func @main()
// CHECK: stablehlo.custom_call @check.expect_eq
// FAIL: error: Failure while executing pass pipeline:
// FAIL-NEXT: error: "<stdin>":15:3: stablehlo-interpret: stablehlo.custom_call at loc("<stdin>":15:3): custom_call @check.expect_eq failed: 1 of 2 elements differ
// FAIL-NEXT: at [1]: actual 4, expected 5
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  %e = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%b, %e) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  return
}
