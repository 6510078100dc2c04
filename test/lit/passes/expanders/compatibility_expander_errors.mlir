// RUN: not stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=1.2}" 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=0.8.0}" 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=99.0.0}" 2>&1 | FileCheck %s --check-prefix=HIGH

// A bad target is rejected when the pipeline is parsed, before anything runs; a missing one fails
// the pass when it runs.
// EMPTY: no target version specified
// FORM: expected a version of the form #.#.#, got '1.2'
// LOW: target version 0.8.0 is less than the minimum supported version
// HIGH: target version 99.0.0 is greater than the current version
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.tan %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
