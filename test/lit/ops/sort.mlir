// Round trip of stablehlo.sort, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Two inputs sorted together on the first (C2, C3, C5); the comparator sees
// (lhs0, rhs0, lhs1, rhs1).
// CHECK-LABEL:  func.func @sort(%arg0: tensor<2x3xi64>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>, %arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.compare GT, %arg2, %arg3 : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2x3xi64>, tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @sort(%a: tensor<2x3xi64>, %b: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<i64>, %y0: tensor<i64>, %x1: tensor<f32>, %y1: tensor<f32>):
    %p = "stablehlo.compare"(%x0, %y0) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xi64>, tensor<2x3xf32>
}

// Defaults (dimension = -1, is_stable = false) are not printed; a negative
// dimension (C4) and dynamic dimensions are accepted.
// CHECK-LABEL:  func.func @sort_defaults(%arg0: tensor<?x4xbf16>) -> (tensor<?x4xbf16>, tensor<?x4xbf16>) {
// CHECK-NEXT:    %0 = "stablehlo.sort"(%arg0) ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
// CHECK-NEXT:      %2 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %2 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<?x4xbf16>) -> tensor<?x4xbf16>
// CHECK-NEXT:    %1 = "stablehlo.sort"(%arg0) <{dimension = -2 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):
// CHECK-NEXT:      %2 = stablehlo.compare GT, %arg1, %arg2, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %2 : tensor<i1>
// CHECK-NEXT:    }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<?x4xbf16>) -> tensor<?x4xbf16>
// CHECK-NEXT:    return %0, %1 : tensor<?x4xbf16>, tensor<?x4xbf16>
// CHECK-NEXT:  }
func.func @sort_defaults(%a: tensor<?x4xbf16>) -> (tensor<?x4xbf16>, tensor<?x4xbf16>) {
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %p = stablehlo.compare LT, %x, %y, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<?x4xbf16>) -> tensor<?x4xbf16>
  %1 = "stablehlo.sort"(%a) <{dimension = -2 : i64}> ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %p = stablehlo.compare GT, %x, %y, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<?x4xbf16>) -> tensor<?x4xbf16>
  return %0, %1 : tensor<?x4xbf16>, tensor<?x4xbf16>
}
