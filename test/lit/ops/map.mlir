// Round trip of stablehlo.map, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The computation applies to elements (C4); dimensions = range(rank) (C3).
// CHECK-LABEL:  func.func @map(%arg0: tensor<2x2xi64>, %arg1: tensor<2x2xi64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.multiply %arg2, %arg3 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @map(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %m = stablehlo.multiply %x, %y : tensor<i64>
    stablehlo.return %m : tensor<i64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// The result element type is the computation's (C4); a scalar map has no
// dimensions; dynamic dimensions are accepted.
// CHECK-LABEL:  func.func @map_convert(%arg0: tensor<?xf32>, %arg1: tensor<f32>) -> (tensor<?xi1>, tensor<f32>) {
// CHECK-NEXT:    %0 = "stablehlo.map"(%arg0) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>):
// CHECK-NEXT:      %2 = stablehlo.compare GT, %arg2, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %2 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<?xf32>) -> tensor<?xi1>
// CHECK-NEXT:    %1 = "stablehlo.map"(%arg1) <{dimensions = array<i64>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>):
// CHECK-NEXT:      stablehlo.return %arg2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    return %0, %1 : tensor<?xi1>, tensor<f32>
// CHECK-NEXT:  }
func.func @map_convert(%a: tensor<?xf32>, %s: tensor<f32>) -> (tensor<?xi1>, tensor<f32>) {
  %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>):
    %c = stablehlo.compare GT, %x, %x : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<?xf32>) -> tensor<?xi1>
  %1 = "stablehlo.map"(%s) <{dimensions = array<i64>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<?xi1>, tensor<f32>
}
