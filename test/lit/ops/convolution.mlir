// Round trip of stablehlo.convolution: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example, in the generic form with every attribute.
// CHECK-LABEL:  func.func @conv_spec_example(%arg0: tensor<1x4x4x1xi64>, %arg1: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xi64>
// CHECK-NEXT:  }
func.func @conv_spec_example(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) {window_strides = array<i64: 4, 4>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}

// No window attributes: `window = {}`; no precision_config.
// CHECK-LABEL:  func.func @conv_default_window(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xf32>
// CHECK-NEXT:  }
func.func @conv_default_window(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// Negative padding, reversal and a non-default precision.
// CHECK-LABEL:  func.func @conv_negative_pad(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<3x3x1x1xf32>) -> tensor<1x1x2x1xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = {{\[\[}}1, -1], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGHEST>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x1x2x1xf32>
// CHECK-NEXT:    return %0 : tensor<1x1x2x1xf32>
// CHECK-NEXT:  }
func.func @conv_negative_pad(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x1x2x1xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, -1], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGHEST>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x1x2x1xf32>
  return %0 : tensor<1x1x2x1xf32>
}

// Only some window fields, in any order; they print in upstream's order.
// The result element type may differ from the operands' (i8 x i8 -> i32).
// CHECK-LABEL:  func.func @conv_some_fields(%arg0: tensor<1x4x4x1xi8>, %arg1: tensor<3x3x1x1xi8>) -> tensor<1x4x2x1xi32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = {{\[\[}}1, 1], [0, 0]], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x4x2x1xi32>
// CHECK-NEXT:    return %0 : tensor<1x4x2x1xi32>
// CHECK-NEXT:  }
func.func @conv_some_fields(%lhs: tensor<1x4x4x1xi8>, %rhs: tensor<3x3x1x1xi8>) -> tensor<1x4x2x1xi32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false, true], pad = [[1, 1], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x4x2x1xi32>
  return %0 : tensor<1x4x2x1xi32>
}

// Generic form with raw dimension numbers: NCHW x OIHW -> NCHW, feature
// groups, rhs dilation, f32 -> bf16 result.
// CHECK-LABEL:  func.func @conv_raw_nchw(%arg0: tensor<2x4x9x9xf32>, %arg1: tensor<6x2x3x3xf32>) -> tensor<2x6x4x5xbf16> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x4x5xbf16>
// CHECK-NEXT:    return %0 : tensor<2x6x4x5xbf16>
// CHECK-NEXT:  }
func.func @conv_raw_nchw(%lhs: tensor<2x4x9x9xf32>, %rhs: tensor<6x2x3x3xf32>) -> tensor<2x6x4x5xbf16> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) {window_strides = array<i64: 2, 1>, rhs_dilation = array<i64: 1, 2>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2, 3], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2, 3], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2, 3]>, batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x4x5xbf16>
  return %0 : tensor<2x6x4x5xbf16>
}

// Batch groups with one spatial dimension, layouts permuted.
// CHECK-LABEL:  func.func @conv_batch_groups(%arg0: tensor<5x6x4xf64>, %arg1: tensor<4x2x4xf64>) -> tensor<4x3x4xf64> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [0, b, f]x[o, 0, i]->[0, b, f], window = {stride = [2], lhs_dilate = [2]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<5x6x4xf64>, tensor<4x2x4xf64>) -> tensor<4x3x4xf64>
// CHECK-NEXT:    return %0 : tensor<4x3x4xf64>
// CHECK-NEXT:  }
func.func @conv_batch_groups(%lhs: tensor<5x6x4xf64>, %rhs: tensor<4x2x4xf64>) -> tensor<4x3x4xf64> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [0, b, f]x[o, 0, i]->[0, b, f], window = {stride = [2], lhs_dilate = [2]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<5x6x4xf64>, tensor<4x2x4xf64>) -> tensor<4x3x4xf64>
  return %0 : tensor<4x3x4xf64>
}

// Three spatial dimensions, complex elements, spatial dims out of order.
// CHECK-LABEL:  func.func @conv_3d(%arg0: tensor<1x3x4x5x2xcomplex<f32>>, %arg1: tensor<2x2x2x2x3xcomplex<f32>>) -> tensor<1x4x3x2x3xcomplex<f32>> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 2, 1, 0, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x4x5x2xcomplex<f32>>, tensor<2x2x2x2x3xcomplex<f32>>) -> tensor<1x4x3x2x3xcomplex<f32>>
// CHECK-NEXT:    return %0 : tensor<1x4x3x2x3xcomplex<f32>>
// CHECK-NEXT:  }
func.func @conv_3d(%lhs: tensor<1x3x4x5x2xcomplex<f32>>, %rhs: tensor<2x2x2x2x3xcomplex<f32>>) -> tensor<1x4x3x2x3xcomplex<f32>> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 2, 1, 0, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x4x5x2xcomplex<f32>>, tensor<2x2x2x2x3xcomplex<f32>>) -> tensor<1x4x3x2x3xcomplex<f32>>
  return %0 : tensor<1x4x3x2x3xcomplex<f32>>
}

// Dynamic batch and spatial sizes.
// CHECK-LABEL:  func.func @conv_dynamic(%arg0: tensor<?x?x4x1xf32>, %arg1: tensor<3x3x1x2xf32>) -> tensor<?x?x2x2xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x?x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<?x?x2x2xf32>
// CHECK-NEXT:    return %0 : tensor<?x?x2x2xf32>
// CHECK-NEXT:  }
func.func @conv_dynamic(%lhs: tensor<?x?x4x1xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<?x?x2x2xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x?x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<?x?x2x2xf32>
  return %0 : tensor<?x?x2x2xf32>
}

// Empty window arrays stand for the defaults, as upstream accepts.
// CHECK-LABEL:  func.func @conv_empty_window_arrays(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xf32>
// CHECK-NEXT:  }
func.func @conv_empty_window_arrays(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// Window reversal written as integers (older upstream syntax): nonzero is true.
// CHECK-LABEL:  func.func @conv_reverse_integers(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xf32>
// CHECK-NEXT:  }
func.func @conv_reverse_integers(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [0, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}
