// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --split-input-file --pass-pipeline='builtin.module(stablehlo-legalize-to-linalg, canonicalize, one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})' | FileCheck %s --check-prefix=BUFFERS

// stablehlo.reshape lowers to views (LoweringCommon.h, reshapedTo): one
// tensor.collapse_shape or expand_shape where it merges or splits
// neighbouring dimensions (unit dimensions joining a neighbour's group),
// else a collapse to one dimension and an expand from it. Not tensor.reshape,
// whose buffer form takes identity layouts only: bufferization copied a slice
// before reshaping it (a layer's weight out of a stacked tensor, in every
// step of a decoding loop). Here the slice and its reshape are views of the
// argument's buffer, which the add reads: no copy.
// CHECK-LABEL: func.func @weight_of_layer
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[1, 0, 0] [1, 128, 384] [1, 1, 1]
// CHECK: tensor.collapse_shape %[[S]] {{\[\[}}0, 1], [2]] : tensor<1x128x384xf32> into tensor<128x384xf32>
// CHECK-NOT: tensor.reshape
// BUFFERS-LABEL: func.func @weight_of_layer
// BUFFERS: memref.subview %arg0[1, 0, 0] [1, 128, 384] [1, 1, 1]
// BUFFERS-NEXT: %[[W:.*]] = memref.collapse_shape
// BUFFERS-NOT: memref.copy
// BUFFERS: linalg.generic {{.*}} ins(%[[W]], %[[W]] :
// BUFFERS-NOT: memref.copy
// BUFFERS: return
func.func @weight_of_layer(%w: tensor<2x128x384xf32>) -> tensor<128x384xf32> {
  %s = stablehlo.slice %w [1:2, 0:128, 0:384] : (tensor<2x128x384xf32>) -> tensor<1x128x384xf32>
  %r = stablehlo.reshape %s : (tensor<1x128x384xf32>) -> tensor<128x384xf32>
  %sum = stablehlo.add %r, %r : tensor<128x384xf32>
  return %sum : tensor<128x384xf32>
}

// -----

// A split (heads out of a row), trailing unit dimensions joining the last
// group, and a reshape that is neither: through one dimension.
// CHECK-LABEL: func.func @forms
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [1, 4, 32] : tensor<1x128xf32> into tensor<1x4x32xf32>
// CHECK: tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<6x4x1x1xf32> into tensor<6x4xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK-NOT: tensor.reshape
func.func @forms(%a: tensor<1x128xf32>, %b: tensor<6x4x1x1xf32>, %c: tensor<2x3xf32>) -> (tensor<1x4x32xf32>, tensor<6x4xf32>, tensor<3x2xf32>) {
  %0 = stablehlo.reshape %a : (tensor<1x128xf32>) -> tensor<1x4x32xf32>
  %1 = stablehlo.reshape %b : (tensor<6x4x1x1xf32>) -> tensor<6x4xf32>
  %2 = stablehlo.reshape %c : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %1, %2 : tensor<1x4x32xf32>, tensor<6x4xf32>, tensor<3x2xf32>
}

// -----

// Rank 0 either way (no groups), and an empty tensor (through one dimension).
// CHECK-LABEL: func.func @scalars_and_empty
// CHECK: tensor.collapse_shape %arg0 [] : tensor<1x1xi32> into tensor<i32>
// CHECK: tensor.expand_shape %arg1 [] output_shape [1, 1, 1] : tensor<i32> into tensor<1x1x1xi32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<0x4xf32> into tensor<0xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [2, 0] : tensor<0xf32> into tensor<2x0xf32>
// CHECK-NOT: tensor.reshape
func.func @scalars_and_empty(%a: tensor<1x1xi32>, %b: tensor<i32>, %c: tensor<0x4xf32>) -> (tensor<i32>, tensor<1x1x1xi32>, tensor<2x0xf32>) {
  %0 = stablehlo.reshape %a : (tensor<1x1xi32>) -> tensor<i32>
  %1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1x1x1xi32>
  %2 = stablehlo.reshape %c : (tensor<0x4xf32>) -> tensor<2x0xf32>
  return %0, %1, %2 : tensor<i32>, tensor<1x1x1xi32>, tensor<2x0xf32>
}
