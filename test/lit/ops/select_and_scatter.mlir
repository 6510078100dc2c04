// Round trip of stablehlo.select_and_scatter, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: select picks an element per window (C9), scatter
// combines the source values sent to it (C10).
// CHECK-LABEL:  func.func @select_and_scatter(%arg0: tensor<4x2xi64>, %arg1: tensor<2x2xi64>, %arg2: tensor<i64>) -> tensor<4x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.compare GE, %arg3, %arg4 : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
// CHECK-NEXT:    return %0 : tensor<4x2xi64>
// CHECK-NEXT:  }
func.func @select_and_scatter(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %c = "stablehlo.compare"(%x, %y) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = "stablehlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s) : (tensor<i64>) -> ()
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// window_strides default to ones, padding to none; scatter may promote the
// element type (C10, C12); dynamic dimensions.
// CHECK-LABEL:  func.func @select_and_scatter_defaults(%arg0: tensor<?x3xf16>, %arg1: tensor<?x3xf16>, %arg2: tensor<f16>) -> tensor<?x3xf32> {
// CHECK-NEXT:    %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{window_dimensions = array<i64: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f16>, %arg4: tensor<f16>):
// CHECK-NEXT:      %1 = stablehlo.compare GT, %arg3, %arg4, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<?x3xf16>, tensor<?x3xf16>, tensor<f16>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %0 : tensor<?x3xf32>
// CHECK-NEXT:  }
func.func @select_and_scatter_defaults(%operand: tensor<?x3xf16>, %source: tensor<?x3xf16>, %init: tensor<f16>) -> tensor<?x3xf32> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %c = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1>} : (tensor<?x3xf16>, tensor<?x3xf16>, tensor<f16>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
