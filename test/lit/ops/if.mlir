// Round trip of stablehlo.if, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Branches take no arguments (C1), return the same types (C2), which are the
// result types (C3); values from the enclosing region are visible.
// CHECK-LABEL:  func.func @if(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
// CHECK-NEXT:    %0 = "stablehlo.if"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<i32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }) : (tensor<i1>) -> tensor<i32>
// CHECK-NEXT:    return %0 : tensor<i32>
// CHECK-NEXT:  }
func.func @if(%pred: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.if"(%pred) ({
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }, {
    %1 = stablehlo.add %a, %b : tensor<i32>
    "stablehlo.return"(%1) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// Several results, tokens, none at all; types agree up to dynamic dimensions.
// CHECK-LABEL:  func.func @if_results(%arg0: tensor<i1>, %arg1: tensor<2xf32>, %arg2: tensor<?xf32>, %arg3: !stablehlo.token) -> tensor<?xf32> {
// CHECK-NEXT:    %0:2 = "stablehlo.if"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg1, %arg3 : tensor<2xf32>, !stablehlo.token
// CHECK-NEXT:    }, {
// CHECK-NEXT:      stablehlo.return %arg2, %arg3 : tensor<?xf32>, !stablehlo.token
// CHECK-NEXT:    }) : (tensor<i1>) -> (tensor<?xf32>, !stablehlo.token)
// CHECK-NEXT:    "stablehlo.if"(%arg0) ({
// CHECK-NEXT:      stablehlo.return 
// CHECK-NEXT:    }, {
// CHECK-NEXT:      stablehlo.return 
// CHECK-NEXT:    }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<i1>) -> ()
// CHECK-NEXT:    return %0#0 : tensor<?xf32>
// CHECK-NEXT:  }
func.func @if_results(%pred: tensor<i1>, %a: tensor<2xf32>, %d: tensor<?xf32>, %t: !stablehlo.token) -> tensor<?xf32> {
  %0:2 = "stablehlo.if"(%pred) ({
    stablehlo.return %a, %t : tensor<2xf32>, !stablehlo.token
  }, {
    stablehlo.return %d, %t : tensor<?xf32>, !stablehlo.token
  }) : (tensor<i1>) -> (tensor<?xf32>, !stablehlo.token)
  "stablehlo.if"(%pred) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<i1>) -> ()
  return %0#0 : tensor<?xf32>
}
