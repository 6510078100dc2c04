// Window geometry near int64's limits (found by fuzzing: a window dilation of
// 2^63 - 1 made reduce_window's result size negative and RankedTensorType::get
// abort). reduce_window, select_and_scatter and convolution share windowCount
// (lib/Dialect/Verification.cpp), which reports the overflow instead.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @reduce_window_dilation(%x: tensor<4x5xf32>, %init: tensor<f32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C15: the window of dimension 0 (its dilations and padding) does not fit in int64}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 3>, window_dilations = array<i64: 9223372036854775807, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @reduce_window_padding(%x: tensor<4x5xf32>, %init: tensor<f32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C15: the window of dimension 0 (its dilations and padding) does not fit in int64}}
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 4611686018427387904, 1>, padding = dense<[[0, 9223372036854775807], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<f32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @select_and_scatter_padding(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C2: the window of dimension 0 (its dilations and padding) does not fit in int64}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %c = stablehlo.compare GE, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[9223372036854775807, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

func.func @convolution_dilation(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{C25: the window of spatial dimension 0 (its dilations and padding) does not fit in int64}}
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], lhs_dilate = [1, 1], rhs_dilate = [9223372036854775807, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}
