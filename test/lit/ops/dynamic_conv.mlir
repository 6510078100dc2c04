// Round trip of stablehlo.dynamic_conv: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// convolution's spec example with the padding as a constant operand, every
// attribute given.
// CHECK-LABEL:  func.func @dynamic_conv(%arg0: tensor<1x4x4x1xi64>, %arg1: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<2x2xi64>
// CHECK-NEXT:    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %c) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 4, 4>}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
// CHECK-NEXT:    return %0 : tensor<1x2x2x1xi64>
// CHECK-NEXT:  }
func.func @dynamic_conv(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %padding = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}

// No optional attributes; a non-zero constant padding (i32).
// CHECK-LABEL:  func.func @dynamic_conv_padding(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<3x3x2x3xf32>) -> tensor<1x4x5x3xf32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<{{\[\[}}1, 1], [2, 1]]> : tensor<2x2xi32>
// CHECK-NEXT:    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %c) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi32>) -> tensor<1x4x5x3xf32>
// CHECK-NEXT:    return %0 : tensor<1x4x5x3xf32>
// CHECK-NEXT:  }
func.func @dynamic_conv_padding(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x4x5x3xf32> {
  %padding = stablehlo.constant dense<[[1, 1], [2, 1]]> : tensor<2x2xi32>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// The padding as an argument: spatial result sizes are known at run time
// (dynamic, or static as declared).
// CHECK-LABEL:  func.func @dynamic_conv_operand(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<3x3x2x3xf32>, %arg2: tensor<2x2xi64>) -> tensor<1x?x?x3xf32> {
// CHECK-NEXT:    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x?x?x3xf32>
// CHECK-NEXT:    %1 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x7x9x3xf32>
// CHECK-NEXT:    return %0 : tensor<1x?x?x3xf32>
// CHECK-NEXT:  }
func.func @dynamic_conv_operand(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>, %padding: tensor<2x2xi64>) -> tensor<1x?x?x3xf32> {
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x?x?x3xf32>
  %1 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x7x9x3xf32>
  return %0 : tensor<1x?x?x3xf32>
}

// Dynamic batch and spatial dimensions, feature groups.
// CHECK-LABEL:  func.func @dynamic_conv_dynamic(%arg0: tensor<?x?x8x4xf32>, %arg1: tensor<3x3x2x6xf32>) -> tensor<?x?x6x6xf32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<2x2xi64>
// CHECK-NEXT:    %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %c) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64}> : (tensor<?x?x8x4xf32>, tensor<3x3x2x6xf32>, tensor<2x2xi64>) -> tensor<?x?x6x6xf32>
// CHECK-NEXT:    return %0 : tensor<?x?x6x6xf32>
// CHECK-NEXT:  }
func.func @dynamic_conv_dynamic(%lhs: tensor<?x?x8x4xf32>, %rhs: tensor<3x3x2x6xf32>) -> tensor<?x?x6x6xf32> {
  %padding = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<?x?x8x4xf32>, tensor<3x3x2x6xf32>, tensor<2x2xi64>) -> tensor<?x?x6x6xf32>
  return %0 : tensor<?x?x6x6xf32>
}
