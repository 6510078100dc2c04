// The round trip keeps what upstream's keeps (CHECK lines: upstream's output,
// jaxlib StableHLO 1.17). A convolution written with empty window arrays
// (`window = {stride = [], pad = [], ...}`) goes into VHLO as empty tensors;
// an empty tensor is not a splat of the default, so on the way back the
// arrays stay (ours once dropped them, printing `window = {}`).
// RUN: stablehlo-opt %s --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @convolution_empty_window_arrays(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xf32>
// CHECK-NEXT:  }
func.func @convolution_empty_window_arrays(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}
