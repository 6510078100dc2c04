// Round trip of stablehlo.case, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Branches take no arguments (C2) and return the same types (C3), which are
// the result types (C4) (spec example).
// CHECK-LABEL:  func.func @case(%arg0: tensor<i32>, %arg1: tensor<2xi64>, %arg2: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
// CHECK-NEXT:    %0:2 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg1, %arg1 : tensor<2xi64>, tensor<2xi64>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      stablehlo.return %arg2, %arg2 : tensor<2xi64>, tensor<2xi64>
// CHECK-NEXT:    }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2xi64>, tensor<2xi64>
// CHECK-NEXT:  }
func.func @case(%index: tensor<i32>, %b0: tensor<2xi64>, %b1: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
  %0:2 = "stablehlo.case"(%index) ({
    "stablehlo.return"(%b0, %b0) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }, {
    "stablehlo.return"(%b1, %b1) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
  return %0#0, %0#1 : tensor<2xi64>, tensor<2xi64>
}

// One branch (C1), tokens, no results; types agree up to dynamic dimensions.
// CHECK-LABEL:  func.func @case_forms(%arg0: tensor<i32>, %arg1: tensor<3xf32>, %arg2: tensor<?xf32>, %arg3: !stablehlo.token) -> tensor<3xf32> {
// CHECK-NEXT:    %0 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<3xf32>
// CHECK-NEXT:    }) : (tensor<i32>) -> tensor<3xf32>
// CHECK-NEXT:    %1:2 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg2, %arg3 : tensor<?xf32>, !stablehlo.token
// CHECK-NEXT:    }, {
// CHECK-NEXT:      stablehlo.return %arg1, %arg3 : tensor<3xf32>, !stablehlo.token
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = stablehlo.add %arg1, %arg1 : tensor<3xf32>
// CHECK-NEXT:      stablehlo.return %2, %arg3 : tensor<3xf32>, !stablehlo.token
// CHECK-NEXT:    }) : (tensor<i32>) -> (tensor<3xf32>, !stablehlo.token)
// CHECK-NEXT:    "stablehlo.case"(%arg0) ({
// CHECK-NEXT:      stablehlo.return 
// CHECK-NEXT:    }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<i32>) -> ()
// CHECK-NEXT:    return %0 : tensor<3xf32>
// CHECK-NEXT:  }
func.func @case_forms(%index: tensor<i32>, %a: tensor<3xf32>, %d: tensor<?xf32>, %t: !stablehlo.token) -> tensor<3xf32> {
  %0 = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %1:2 = "stablehlo.case"(%index) ({
    stablehlo.return %d, %t : tensor<?xf32>, !stablehlo.token
  }, {
    stablehlo.return %a, %t : tensor<3xf32>, !stablehlo.token
  }, {
    %2 = stablehlo.add %a, %a : tensor<3xf32>
    stablehlo.return %2, %t : tensor<3xf32>, !stablehlo.token
  }) : (tensor<i32>) -> (tensor<3xf32>, !stablehlo.token)
  "stablehlo.case"(%index) ({
    stablehlo.return
  }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<i32>) -> ()
  return %0 : tensor<3xf32>
}
