// RUN: stablehlo-py opt %s --pipeline 'stablehlo-wrap-in-composite{op-names=stablehlo.convolution,stablehlo.add,stablehlo.reduce}' --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --stablehlo-wrap-in-composite='op-names=stablehlo.convolution,stablehlo.add,stablehlo.reduce version=4' --split-input-file | FileCheck %s --check-prefix=VERSION
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-wrap-in-composite' --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-wrap-in-composite{op-names=no.such_op,stablehlo.multiply}' --split-input-file 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-wrap-in-composite{version=one}' 2>&1 | FileCheck %s --check-prefix=BADVERSION
// RUN: not stablehlo-py opt %s --pipeline 'func.func(stablehlo-wrap-in-composite)' 2>&1 | FileCheck %s --check-prefix=ANCHOR

// BADVERSION: version expects an integer, got 'one'
// ANCHOR: Can't add pass 'stablehlo-wrap-in-composite' restricted to 'builtin.module'
// UNKNOWN: Warning: Unknown op name in op-names: 'no.such_op' is not a registered operation.

// Each op becomes a composite of its name whose composite_attributes are its attributes, calling
// a new private function <op>.impl that holds a copy of it.
// CHECK-LABEL: func.func @convolution_and_add
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x2xf32>, %[[W:.*]]: tensor<2x2x2x3xf32>, %[[B:.*]]: tensor<1x3x3x3xf32>)
// CHECK-NEXT: %[[C:.*]] = stablehlo.composite "stablehlo.convolution" %[[X]], %[[W]] {composite_attributes = {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}, decomposition = @stablehlo.convolution.impl} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.composite "stablehlo.add" %[[C]], %[[B]] {decomposition = @stablehlo.add.impl} : (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT: return %[[S]]
// The functions follow in program order of their ops.
// CHECK: func.func private @stablehlo.convolution.impl(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]}
// CHECK: func.func private @stablehlo.add.impl(%arg0: tensor<1x3x3x3xf32>, %arg1: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT: %[[V:.*]] = stablehlo.add %arg0, %arg1 : tensor<1x3x3x3xf32>
// CHECK-NEXT: return %[[V]]
// VERSION-LABEL: func.func @convolution_and_add
// VERSION: stablehlo.composite "stablehlo.convolution" {{.*}} decomposition = @stablehlo.convolution.impl, version = 4 : i32}
// VERSION: stablehlo.composite "stablehlo.add" {{.*}} {decomposition = @stablehlo.add.impl, version = 4 : i32}
// NONE-LABEL: func.func @convolution_and_add
// NONE-NOT: stablehlo.composite
// UNKNOWN-LABEL: func.func @convolution_and_add
// UNKNOWN-NOT: stablehlo.composite
func.func @convolution_and_add(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x3xf32>, %b: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = stablehlo.add %0, %b : tensor<1x3x3x3xf32>
  return %1 : tensor<1x3x3x3xf32>
}

// -----

// A taken name gets a number (impl1, impl2, ... in program order); the driver hoists constants
// and drops dead ops. An operand given twice is read from the last argument carrying it.
// CHECK-LABEL: func.func @names
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.composite "stablehlo.add" %arg0, %arg0 {decomposition = @stablehlo.add.impl1}
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[A]], %[[A]]
// CHECK-NEXT: %[[Z:.*]] = stablehlo.composite "stablehlo.add" %[[M]], %[[K]] {decomposition = @stablehlo.add.impl2}
// CHECK-NEXT: return %[[Z]]
// CHECK: func.func private @stablehlo.add.impl(%arg0: tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.func private @stablehlo.add.impl1(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>)
// CHECK-NEXT: stablehlo.add %arg1, %arg1 : tensor<2xf32>
// CHECK: func.func private @stablehlo.add.impl2(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>)
// CHECK-NEXT: stablehlo.add %arg0, %arg1 : tensor<2xf32>
// UNKNOWN-LABEL: func.func @names
// UNKNOWN: stablehlo.composite "stablehlo.multiply" %{{.*}} {decomposition = @stablehlo.multiply.impl}
// NONE-LABEL: func.func @names
// NONE-NEXT: stablehlo.constant
// NONE-NEXT: stablehlo.add %arg0, %arg0
// NONE-NOT: stablehlo.subtract
func.func @names(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<2xf32>
  %dead = stablehlo.subtract %arg0, %arg0 : tensor<2xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<2xf32>
  %c = stablehlo.constant dense<1.0> : tensor<2xf32>
  %2 = stablehlo.add %1, %c : tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func private @stablehlo.add.impl(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// An op with a region: its body goes with it.
// CHECK-LABEL: func.func @with_region
// CHECK: stablehlo.composite "stablehlo.reduce" %arg0, %{{.*}} {composite_attributes = {dimensions = array<i64: 1>}, decomposition = @stablehlo.reduce.impl}
// CHECK: func.func private @stablehlo.reduce.impl(%arg0: tensor<4x3xf32>, %arg1: tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1]
func.func @with_region(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
