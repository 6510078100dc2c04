// stablehlo-aggressive-simplification's fold-op-element-limit (upstream's
// option): a select of constants becomes a constant only up to that many
// elements.
// RUN: stablehlo-opt %s --stablehlo-aggressive-simplification | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-aggressive-simplification=fold-op-element-limit=3 | FileCheck %s --check-prefix=LIMIT
// RUN: stablehlo-opt %s --stablehlo-target-independent-optimization=fold-op-element-limit=3 | FileCheck %s --check-prefix=LIMIT

// CHECK-LABEL: func.func @select_of_constants
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1, 20, 3, 40]> : tensor<4xi32>
// CHECK-NEXT: return %[[C]]
// LIMIT-LABEL: func.func @select_of_constants
// LIMIT: stablehlo.select
func.func @select_of_constants() -> tensor<4xi32> {
  %p = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %t = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %f = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %0 = stablehlo.select %p, %t, %f : tensor<4xi1>, tensor<4xi32>
  return %0 : tensor<4xi32>
}
