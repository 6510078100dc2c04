// RUN: stablehlo-py opt %s --pipeline stablehlo-canonicalize-dynamism --split-input-file --verify-diagnostics | FileCheck %s

// Dynamic ops with constant shape operands and static result types become their static forms;
// the constants they leave unused go too.
// CHECK-LABEL: func.func @static_forms
// CHECK-NOT: stablehlo.constant
func.func @static_forms(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> (tensor<2x4xf32>, tensor<8xf32>, tensor<3xi32>, tensor<10xf32>, tensor<2xf32>) {
  %shape = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  // CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [1] {known_expanding_dimensions = array<i64>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %eight = stablehlo.constant dense<8> : tensor<1xi64>
  // CHECK: stablehlo.reshape %[[B]] : (tensor<2x4xf32>) -> tensor<8xf32>
  %1 = stablehlo.dynamic_reshape %0, %eight : (tensor<2x4xf32>, tensor<1xi64>) -> tensor<8xf32>
  %three = stablehlo.constant dense<3> : tensor<1xi32>
  // CHECK: stablehlo.iota dim = 0 : tensor<3xi32>
  %2 = stablehlo.dynamic_iota %three, dim = 0 : (tensor<1xi32>) -> tensor<3xi32>
  %lo = stablehlo.constant dense<1> : tensor<1xi32>
  %hi = stablehlo.constant dense<2> : tensor<1xi32>
  %in = stablehlo.constant dense<1> : tensor<1xi32>
  // CHECK: stablehlo.pad %arg0, %arg1, low = [1], high = [2], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<10xf32>
  %3 = stablehlo.dynamic_pad %arg0, %arg1, %lo, %hi, %in : (tensor<4xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<10xf32>
  %start = stablehlo.constant dense<1> : tensor<1xi32>
  %limit = stablehlo.constant dense<4> : tensor<1xi32>
  %stride = stablehlo.constant dense<2> : tensor<1xi32>
  // CHECK: stablehlo.slice %arg0 [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
  %4 = stablehlo.real_dynamic_slice %arg0, %start, %limit, %stride : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  // CHECK-NOT: stablehlo.dynamic
  // CHECK: return
  return %0, %1, %2, %3, %4 : tensor<2x4xf32>, tensor<8xf32>, tensor<3xi32>, tensor<10xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_and_conv
func.func @gather_and_conv(%arg0: tensor<6x4xf32>, %arg1: tensor<1x2x7xf32>, %arg2: tensor<3x2x3xf32>) -> (tensor<3x4xf32>, tensor<1x3x7xf32>) {
  %index = stablehlo.constant dense<0> : tensor<1xi32>
  %sizes = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  // CHECK: "stablehlo.gather"(%arg0, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0]>, indices_are_sorted = true, slice_sizes = array<i64: 3, 4>}> : (tensor<6x4xf32>, tensor<1xi32>) -> tensor<3x4xf32>
  %0 = "stablehlo.dynamic_gather"(%arg0, %index, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0]>, indices_are_sorted = true}> : (tensor<6x4xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<3x4xf32>
  %padding = stablehlo.constant dense<1> : tensor<1x2xi64>
  // CHECK: stablehlo.convolution(%arg1, %arg2) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = {{\[\[}}1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x7xf32>, tensor<3x2x3xf32>) -> tensor<1x3x7xf32>
  %1 = "stablehlo.dynamic_conv"(%arg1, %arg2, %padding) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64}> : (tensor<1x2x7xf32>, tensor<3x2x3xf32>, tensor<1x2xi64>) -> tensor<1x3x7xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<1x3x7xf32>
}

// -----

// Left alone: a shape operand that is not a constant, and a result type that is not static.
// CHECK-LABEL: func.func @left_alone
func.func @left_alone(%arg0: tensor<4xf32>, %arg1: tensor<2xi32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %arg1
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %shape = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %c
  %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// custom_call @stablehlo.dynamic_reduce_window with constant window operands becomes reduce_window,
// its body copied from the called function; refine-shapes gives it its static type first.
// RUN: stablehlo-py opt %s --pipeline stablehlo-refine-shapes,stablehlo-canonicalize-dynamism --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=WINDOW
// WINDOW-LABEL: func.func @main(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32>
// WINDOW: %[[R:.*]] = "stablehlo.reduce_window"(%arg0, %{{.*}}) <{base_dilations = array<i64: 1, 1>, padding = dense<{{\[\[}}4, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 5, 1>, window_strides = array<i64: 1, 1>}> ({
// WINDOW-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// WINDOW-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<f32>
// WINDOW-NEXT: stablehlo.return %[[S]] : tensor<f32>
// WINDOW-NEXT: }) : (tensor<5x4xf32>, tensor<f32>) -> tensor<5x4xf32>
// WINDOW-NEXT: return %[[R]] : tensor<5x4xf32>
func.func @main(%arg0: tensor<5x4xf32>) -> tensor<?x4xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %dims = stablehlo.constant dense<[5, 1]> : tensor<2xi32>
  %ones = stablehlo.constant dense<1> : tensor<2xi32>
  %padding = stablehlo.constant dense<[[4, 0], [0, 0]]> : tensor<2x2xi32>
  %0 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%arg0, %init, %dims, %ones, %ones, %ones, %padding) {api_version = 2 : i32, called_computations = [@sum]} : (tensor<5x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func private @sum(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A custom_call with indices_of_shape_operands and static results loses its constant shape
// operands, their operand_layouts and the attribute.
// CHECK-LABEL: func.func @custom_call_shape_operands
// CHECK: stablehlo.custom_call @op(%arg0) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<3xf32>) -> tensor<2x5xf32>
// CHECK: stablehlo.custom_call @op(%arg0, %{{.*}}) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x?xf32>
func.func @custom_call_shape_operands(%arg0: tensor<3xf32>) -> (tensor<2x5xf32>, tensor<2x?xf32>) {
  %shape = stablehlo.constant dense<[2, 5]> : tensor<2xi32>
  %0 = stablehlo.custom_call @op(%shape, %arg0) {indices_of_shape_operands = dense<0> : tensor<1xi64>, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2xi32>, tensor<3xf32>) -> tensor<2x5xf32>
  %1 = stablehlo.custom_call @op(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x?xf32>
}

// -----

// pad, slice, gather and convolution keep a result type with `?` sizes; broadcast_in_dim needs a
// static operand.
// CHECK-LABEL: func.func @dynamic_result_types
func.func @dynamic_result_types(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<2x4xf32>) {
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %three = stablehlo.constant dense<3> : tensor<1xi32>
  // CHECK: stablehlo.pad %arg0, %arg1, low = [1], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<?xf32>
  %0 = stablehlo.dynamic_pad %arg0, %arg1, %one, %one, %one : (tensor<4xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  // CHECK: stablehlo.slice %arg0 [1:3] : (tensor<4xf32>) -> tensor<?xf32>
  %1 = stablehlo.real_dynamic_slice %arg0, %one, %three, %one : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %shape = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg2
  %2 = stablehlo.dynamic_broadcast_in_dim %arg2, %shape, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<?xf32>, tensor<2x4xf32>
}

// -----

// real_dynamic_slice whose limit is start + constant sizes, unit strides: dynamic_slice, its scalar
// starts sliced out of the start vector; its discardable attributes kept.
// CHECK-LABEL: func.func @real_dynamic_slice_sized
// CHECK-DAG: %[[S0:.*]] = stablehlo.slice %arg1 [0:1] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-DAG: %[[I0:.*]] = stablehlo.reshape %[[S0]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-DAG: %[[S1:.*]] = stablehlo.slice %arg1 [1:2] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-DAG: %[[I1:.*]] = stablehlo.reshape %[[S1]] : (tensor<1xi64>) -> tensor<i64>
// CHECK: stablehlo.dynamic_slice %arg0, %[[I0]], %[[I1]], sizes = [2, 3] {keep = 1 : i32} : (tensor<4x5xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
// CHECK: stablehlo.real_dynamic_slice %arg0, %arg1, %{{.*}}, %arg2
func.func @real_dynamic_slice_sized(%arg0: tensor<4x5xf32>, %arg1: tensor<2xi64>, %arg2: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %sizes = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %ones = stablehlo.constant dense<1> : tensor<2xi64>
  %limit = stablehlo.add %arg1, %sizes : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %limit, %ones {keep = 1 : i32} : (tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  %1 = stablehlo.real_dynamic_slice %arg0, %arg1, %limit, %arg2 : (tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A malformed indices_of_shape_operands is an error at the custom_call.
func.func @too_many_indices(%arg0: tensor<3xf32>) -> tensor<2xf32> {
  %shape = stablehlo.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{indices_of_shape_operands: number of elements (2) must be equal to the number of operation results (1)}}
  %0 = stablehlo.custom_call @op(%arg0, %shape) {indices_of_shape_operands = dense<[1, 1]> : tensor<2xi64>} : (tensor<3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @index_out_of_bounds(%arg0: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{indices_of_shape_operands: index #0 (1) must be within bounds for operation operands (from 0 to 1)}}
  %0 = stablehlo.custom_call @op(%arg0) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @wrong_shape(%arg0: tensor<3xf32>) -> tensor<2xf32> {
  %shape = stablehlo.constant dense<7> : tensor<1xi32>
  // expected-error@+1 {{refinement #0 ([7]) must be compatible with operation result #0 ('tensor<2xf32>')}}
  %0 = stablehlo.custom_call @op(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @wrong_element_type(%arg0: tensor<3xf32>) -> tensor<2xf32> {
  %shape = stablehlo.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{indices_of_shape_operands: must have i64 element type}}
  %0 = stablehlo.custom_call @op(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi32>} : (tensor<3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
