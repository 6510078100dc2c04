// Round trip of stablehlo.reduce_window, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: all window attributes (C4-C12), result shape from the
// number of windows (C15).
// CHECK-LABEL:  func.func @reduce_window(%arg0: tensor<3x2xi64>, %arg1: tensor<i64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @reduce_window(%input: tensor<3x2xi64>, %init: tensor<i64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.reduce_window"(%input, %init) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = "stablehlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s) : (tensor<i64>) -> ()
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// Optional attributes omitted; two inputs (C1, C2, C14); a body promoting
// its element types (C13, C16); dynamic dimensions.
// CHECK-LABEL:  func.func @reduce_window_variadic(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xi8>, %arg2: tensor<f32>, %arg3: tensor<i8>) -> (tensor<3x?xf32>, tensor<3x?xi16>) {
// CHECK-NEXT:    %0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %arg2, %arg3) <{window_dimensions = array<i64: 2, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg4: tensor<f32>, %arg5: tensor<i16>, %arg6: tensor<f32>, %arg7: tensor<i16>):
// CHECK-NEXT:      %1 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
// CHECK-NEXT:      %2 = stablehlo.add %arg5, %arg7 : tensor<i16>
// CHECK-NEXT:      stablehlo.return %1, %2 : tensor<f32>, tensor<i16>
// CHECK-NEXT:    }) : (tensor<4x?xf32>, tensor<4x?xi8>, tensor<f32>, tensor<i8>) -> (tensor<3x?xf32>, tensor<3x?xi16>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<3x?xf32>, tensor<3x?xi16>
// CHECK-NEXT:  }
func.func @reduce_window_variadic(%a: tensor<4x?xf32>, %b: tensor<4x?xi8>, %ia: tensor<f32>, %ib: tensor<i8>) -> (tensor<3x?xf32>, tensor<3x?xi16>) {
  %0:2 = "stablehlo.reduce_window"(%a, %b, %ia, %ib) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i16>, %y0: tensor<f32>, %y1: tensor<i16>):
    %m = stablehlo.maximum %x0, %y0 : tensor<f32>
    %s = stablehlo.add %x1, %y1 : tensor<i16>
    stablehlo.return %m, %s : tensor<f32>, tensor<i16>
  }) : (tensor<4x?xf32>, tensor<4x?xi8>, tensor<f32>, tensor<i8>) -> (tensor<3x?xf32>, tensor<3x?xi16>)
  return %0#0, %0#1 : tensor<3x?xf32>, tensor<3x?xi16>
}

// Windows larger than the padded input give an empty result (C15); padding
// may be negative.
// CHECK-LABEL:  func.func @reduce_window_empty(%arg0: tensor<3xf32>, %arg1: tensor<f32>) -> (tensor<0xf32>, tensor<1xf32>) {
// CHECK-NEXT:    %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{window_dimensions = array<i64: 4>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
// CHECK-NEXT:    %1 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<{{\[\[}}-1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<3xf32>, tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT:    return %0, %1 : tensor<0xf32>, tensor<1xf32>
// CHECK-NEXT:  }
func.func @reduce_window_empty(%a: tensor<3xf32>, %init: tensor<f32>) -> (tensor<0xf32>, tensor<1xf32>) {
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 4>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  %1 = "stablehlo.reduce_window"(%a, %init) <{padding = dense<[[-1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<1xf32>
  return %0, %1 : tensor<0xf32>, tensor<1xf32>
}
