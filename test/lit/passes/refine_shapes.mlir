// RUN: stablehlo-py opt %s --pipeline stablehlo-refine-shapes --split-input-file | FileCheck %s

// Element-wise ops and shape functions take the static shapes of their operands.
// CHECK-LABEL: func.func @shape_functions(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4x3xf32>, tensor<3xf32>)
func.func @shape_functions(%arg0: tensor<3x4xf32>) -> (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // CHECK: stablehlo.add %arg0, %arg0 : tensor<3x4xf32>
  %0 = stablehlo.add %arg0, %arg0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  // CHECK: stablehlo.exponential %0 : tensor<3x4xf32>
  %1 = stablehlo.exponential %0 : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // CHECK: stablehlo.transpose %1, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<?x4xf32>) -> tensor<?x?xf32>
  // CHECK: -> tensor<3xf32>
  %3 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  return %1, %2, %3 : tensor<?x4xf32>, tensor<?x?xf32>, tensor<?xf32>
}

// -----

// Shape computations on constants fold, and dynamic ops get static result types.
// CHECK-LABEL: func.func @dynamic_ops(%arg0: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<8xf32>, tensor<3xi32>, tensor<10xf32>, tensor<2xf32>)
func.func @dynamic_ops(%arg0: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>) {
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reshape %c2 : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.reshape %c4 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // CHECK-NOT: stablehlo.concatenate
  // CHECK: %[[SHAPE:.*]] = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %[[SHAPE]], dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %arg0, %2, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %4 = stablehlo.multiply %c2, %c4 : tensor<i32>
  %5 = stablehlo.reshape %4 : (tensor<i32>) -> tensor<1xi32>
  // CHECK: stablehlo.dynamic_reshape {{.*}} -> tensor<8xf32>
  %6 = stablehlo.dynamic_reshape %3, %5 : (tensor<?x4xf32>, tensor<1xi32>) -> tensor<?xf32>
  %c3 = stablehlo.constant dense<3> : tensor<1xi64>
  // CHECK: stablehlo.dynamic_iota {{.*}} -> tensor<3xi32>
  %7 = stablehlo.dynamic_iota %c3, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %lo = stablehlo.constant dense<1> : tensor<1xi32>
  %hi = stablehlo.constant dense<2> : tensor<1xi32>
  %in = stablehlo.constant dense<1> : tensor<1xi32>
  // low 1 + high 2 + 4 elements + 3 interior gaps of 1 = 10
  // CHECK: stablehlo.dynamic_pad {{.*}} -> tensor<10xf32>
  %8 = stablehlo.dynamic_pad %arg0, %cst, %lo, %hi, %in : (tensor<4xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %start = stablehlo.constant dense<1> : tensor<1xi32>
  %limit = stablehlo.constant dense<4> : tensor<1xi32>
  %stride = stablehlo.constant dense<2> : tensor<1xi32>
  // ceil((4 - 1) / 2) = 2
  // CHECK: stablehlo.real_dynamic_slice {{.*}} -> tensor<2xf32>
  %9 = stablehlo.real_dynamic_slice %arg0, %start, %limit, %stride : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %3, %6, %7, %8, %9 : tensor<?x4xf32>, tensor<?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// Loop-carried values take the operands' types inside and outside the loop.
// CHECK-LABEL: func.func @loop(%arg0: tensor<4xf32>) -> tensor<4xf32>
func.func @loop(%arg0: tensor<4xf32>) -> tensor<?xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %shape = stablehlo.constant dense<4> : tensor<1xi64>
  %w = stablehlo.custom_call @stablehlo.shape_refinement_operand_wrapper(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  // CHECK-NOT: shape_refinement_operand_wrapper
  // CHECK: stablehlo.while(%iterArg = %c{{.*}}, %iterArg_{{.*}} = %arg0) : tensor<i32>, tensor<4xf32>
  %0:2 = stablehlo.while(%i = %c0, %x = %w) : tensor<i32>, tensor<?xf32>
  cond {
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    // CHECK: stablehlo.multiply %iterArg_{{.*}}, %iterArg_{{.*}} : tensor<4xf32>
    %y = stablehlo.multiply %x, %x : tensor<?xf32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %j, %y : tensor<i32>, tensor<?xf32>
  }
  return %0#1 : tensor<?xf32>
}

// -----

// if/case results are refined where all branches agree.
// CHECK-LABEL: func.func @branches(%arg0: tensor<i1>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>)
func.func @branches(%arg0: tensor<i1>, %arg1: tensor<2x3xf32>) -> (tensor<?x?xf32>, tensor<?x3xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: -> (tensor<2x3xf32>, tensor<?x3xf32>)
  %0:2 = "stablehlo.if"(%arg0) ({
    %a = stablehlo.negate %arg1 : (tensor<2x3xf32>) -> tensor<?x?xf32>
    %d = stablehlo.custom_call @unknown(%arg1) : (tensor<2x3xf32>) -> tensor<?x3xf32>
    stablehlo.return %a, %d : tensor<?x?xf32>, tensor<?x3xf32>
  }, {
    %b = stablehlo.abs %arg1 : (tensor<2x3xf32>) -> tensor<?x?xf32>
    %e = stablehlo.convert %arg1 : (tensor<2x3xf32>) -> tensor<?x3xf32>
    stablehlo.return %b, %e : tensor<?x?xf32>, tensor<?x3xf32>
  }) : (tensor<i1>) -> (tensor<?x?xf32>, tensor<?x3xf32>)
  // CHECK: stablehlo.case
  // CHECK: -> tensor<2x3xf32>
  %1 = "stablehlo.case"(%c0) ({
    %a = stablehlo.negate %arg1 : (tensor<2x3xf32>) -> tensor<?x?xf32>
    stablehlo.return %a : tensor<?x?xf32>
  }, {
    %b = stablehlo.abs %arg1 : (tensor<2x3xf32>) -> tensor<?x?xf32>
    stablehlo.return %b : tensor<?x?xf32>
  }) : (tensor<i32>) -> tensor<?x?xf32>
  return %1, %0#1 : tensor<?x?xf32>, tensor<?x3xf32>
}

// -----

// get_dimension_size of a static size folds; a custom_call with indices_of_shape_operands takes the
// shape its operand holds; an assertion that holds is removed.
// CHECK-LABEL: func.func @sizes(%arg0: tensor<6x?xf32>) -> (tensor<i32>, tensor<6x2xf32>)
func.func @sizes(%arg0: tensor<6x?xf32>) -> (tensor<i32>, tensor<?x?xf32>) {
  // CHECK: %[[SIX:.*]] = stablehlo.constant dense<6> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<6x?xf32>) -> tensor<i32>
  // CHECK: stablehlo.get_dimension_size %arg0, dim = 1
  %1 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<6x?xf32>) -> tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %ok = stablehlo.compare GE, %0, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NOT: @shape_assertion
  stablehlo.custom_call @shape_assertion(%ok, %0) {error_message = "b = {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %shape = stablehlo.constant dense<[6, 2]> : tensor<2xi64>
  // CHECK: stablehlo.custom_call @foo(%arg0, %{{.*}}) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<6x?xf32>, tensor<2xi64>) -> tensor<6x2xf32>
  %2 = stablehlo.custom_call @foo(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<6x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: return %[[SIX]], %{{.*}} : tensor<i32>, tensor<6x2xf32>
  return %0, %2 : tensor<i32>, tensor<?x?xf32>
}

// -----

// Region ops take their shape functions too (called without their regions).
// CHECK-LABEL: func.func @region_ops(%arg0: tensor<4x6xf32>, %arg1: tensor<2x1xi32>, %arg2: tensor<2x6xf32>) -> (tensor<3x5xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>)
func.func @region_ops(%arg0: tensor<4x6xf32>, %idx: tensor<2x1xi32>, %upd: tensor<2x6xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %x = stablehlo.convert %arg0 : (tensor<4x6xf32>) -> tensor<?x?xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %cst) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %1 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x?xf32>, tensor<2x1xi32>, tensor<2x6xf32>) -> tensor<?x?xf32>
  %3 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = stablehlo.convert %x : tensor<?x?xf32>
  %5 = "stablehlo.select_and_scatter"(%x, %0, %cst) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Bounds stay on the sizes that remain dynamic.
// CHECK-LABEL: func.func @bounded(%arg0: tensor<4x5xf32>, %arg1: tensor<i32>) -> (tensor<3x?xf32, #stablehlo.bounds<?, 5>>, tensor<3x?xf32, #stablehlo.bounds<?, 5>>)
// CHECK: stablehlo.set_dimension_size %arg0, %c, dim = 0 : (tensor<4x5xf32>, tensor<i32>) -> tensor<3x5xf32>
// CHECK: stablehlo.negate %{{.*}} : tensor<3x?xf32, #stablehlo.bounds<?, 5>>
func.func @bounded(%arg0: tensor<4x5xf32>, %n: tensor<i32>) -> (tensor<?x?xf32, #stablehlo.bounds<4, 5>>, tensor<?x?xf32, #stablehlo.bounds<4, 5>>) {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %0 = stablehlo.set_dimension_size %arg0, %c, dim = 0 : (tensor<4x5xf32>, tensor<i32>) -> tensor<?x5xf32, #stablehlo.bounds<4, ?>>
  %1 = stablehlo.set_dimension_size %0, %n, dim = 1 : (tensor<?x5xf32, #stablehlo.bounds<4, ?>>, tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<4, 5>>
  %2 = stablehlo.negate %1 : tensor<?x?xf32, #stablehlo.bounds<4, 5>>
  return %1, %2 : tensor<?x?xf32, #stablehlo.bounds<4, 5>>, tensor<?x?xf32, #stablehlo.bounds<4, 5>>
}

// -----

// rng takes the shape its constant operand holds; bitcast_convert between types of one width keeps
// the operand's shape, between widths it is left alone (as upstream).
// CHECK-LABEL: func.func @rng_and_bitcast(%arg0: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xi32>, tensor<?x4xi8>)
func.func @rng_and_bitcast(%arg0: tensor<3xf32>) -> (tensor<?x?xf32>, tensor<?xi32>, tensor<?x4xi8>) {
  %a = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.constant dense<1.0> : tensor<f32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // CHECK: stablehlo.rng {{.*}} -> tensor<2x3xf32>
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  %x = stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<?xf32>
  // CHECK: stablehlo.bitcast_convert {{.*}} : (tensor<3xf32>) -> tensor<3xi32>
  %1 = stablehlo.bitcast_convert %x : (tensor<?xf32>) -> tensor<?xi32>
  // CHECK: stablehlo.bitcast_convert {{.*}} : (tensor<3xf32>) -> tensor<?x4xi8>
  %2 = stablehlo.bitcast_convert %x : (tensor<?xf32>) -> tensor<?x4xi8>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?xi32>, tensor<?x4xi8>
}

// -----

// convert and uniform_quantize infer their result's shape (InferShapedTypeOpInterface,
// convert_c1 and uniform_quantize_c1); the element type stays the declared one.
// CHECK-LABEL: func.func @shape_of_the_operand(%arg0: tensor<3x2xf32>) -> (tensor<3x2xi32>, tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01>>)
func.func @shape_of_the_operand(%arg0: tensor<3x2xf32>) -> (tensor<?x2xi32>, tensor<?x?x!quant.uniform<i8:f32, 0.5>>) {
  %x = stablehlo.convert %arg0 : (tensor<3x2xf32>) -> tensor<?x?xf32>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<3x2xf32>) -> tensor<3x2xi32>
  %0 = stablehlo.convert %x : (tensor<?x?xf32>) -> tensor<?x2xi32>
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<3x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01>>
  %1 = stablehlo.uniform_quantize %x : (tensor<?x?xf32>) -> tensor<?x?x!quant.uniform<i8:f32, 0.5>>
  return %0, %1 : tensor<?x2xi32>, tensor<?x?x!quant.uniform<i8:f32, 0.5>>
}

// -----

// With a @main, only @main and what it calls are refined; a callee is refined in place, its leading
// scalar integer constant operands (dimension arguments) substituted and dropped, at the call too.
// CHECK-LABEL: func.func @main(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<2xi32>)
// CHECK: %[[R:.*]] = call @scale(%{{.*}}) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: return %[[R]], %{{.*}} : tensor<3xf32>, tensor<2xi32>
// CHECK: func.func private @scale(%arg0: tensor<3xf32>) -> tensor<3xf32>
// CHECK: stablehlo.constant dense<3> : tensor<1xi32>
// CHECK: func.func @unrelated(%arg0: tensor<4xf32>) -> tensor<?xf32>
// CHECK: stablehlo.abs %arg0 : (tensor<4xf32>) -> tensor<?xf32>
func.func @main(%arg0: tensor<3xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %n = stablehlo.constant dense<3> : tensor<i32>
  %x = stablehlo.abs %arg0 : (tensor<3xf32>) -> tensor<?xf32>
  %0 = call @scale(%n, %x) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = call @pair() : () -> tensor<?xi32>
  return %0, %1 : tensor<?xf32>, tensor<?xi32>
}
func.func private @scale(%n: tensor<i32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %x, %0, dims = [0] : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
// A callee that returns only constants is replaced by them.
// CHECK-NOT: call @pair
func.func private @pair() -> tensor<?xi32> {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.convert %0 : (tensor<2xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}
func.func @unrelated(%arg0: tensor<4xf32>) -> tensor<?xf32> {
  %0 = stablehlo.abs %arg0 : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Collectives over replica groups of replicas only; custom_call results (tuples too) from constant
// shape operands; real_dynamic_slice with limit = start + sizes and unit strides; an identity
// convert folds; a cast to a less specific type goes; a value a non-StableHLO op uses keeps its type.
// CHECK-LABEL: func.func @more_results
// CHECK: "stablehlo.all_gather"{{.*}} -> tensor<2x6xf32>
// CHECK: "stablehlo.all_gather"{{.*}} -> tensor<2x?xf32>
// CHECK: "stablehlo.reduce_scatter"
// CHECK: -> tensor<2x1xf32>
// CHECK: stablehlo.custom_call @op{{.*}} -> (tensor<2x2xf32>, tuple<tensor<5xf32>>)
// CHECK: stablehlo.real_dynamic_slice{{.*}} -> tensor<2xf32>
// CHECK-NOT: stablehlo.convert
// CHECK-NOT: unrealized_conversion_cast
// CHECK: stablehlo.negate{{.*}} -> tensor<?xf32>
// CHECK: tensor.dim
func.func @more_results(%arg0: tensor<2x3xf32>, %arg1: tensor<1xi64>, %arg2: tensor<4xf32>) -> (tensor<2x?xf32>, tensor<2x?xf32>, tensor<2x?xf32>, tensor<?x?xf32>, tuple<tensor<?xf32>>, tensor<?xf32>, tensor<?xi32>, tensor<?xf32>, index) {
  %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x?xf32>
  %1 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2x3xf32>) -> tensor<2x?xf32>
  %2 = "stablehlo.reduce_scatter"(%arg0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, scatter_dimension = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x?xf32>
  %s2 = stablehlo.constant dense<2> : tensor<2xi64>
  %s5 = stablehlo.constant dense<5> : tensor<1xi64>
  %3:2 = stablehlo.custom_call @op(%arg0, %s2, %s5) {indices_of_shape_operands = dense<[1, 2]> : tensor<2xi64>} : (tensor<2x3xf32>, tensor<2xi64>, tensor<1xi64>) -> (tensor<?x?xf32>, tuple<tensor<?xf32>>)
  %c2 = stablehlo.constant dense<2> : tensor<1xi64>
  %one = stablehlo.constant dense<1> : tensor<1xi64>
  %limit = stablehlo.add %arg1, %c2 : tensor<1xi64>
  %4 = stablehlo.real_dynamic_slice %arg2, %arg1, %limit, %one : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %c = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
  %5 = stablehlo.convert %c : (tensor<2xi32>) -> tensor<?xi32>
  %6 = builtin.unrealized_conversion_cast %arg2 : tensor<4xf32> to tensor<?xf32>
  %7 = stablehlo.negate %arg2 : (tensor<4xf32>) -> tensor<?xf32>
  %i = arith.constant 0 : index
  %8 = tensor.dim %7, %i : tensor<?xf32>
  return %0, %1, %2, %3#0, %3#1, %4, %5, %6, %8 : tensor<2x?xf32>, tensor<2x?xf32>, tensor<2x?xf32>, tensor<?x?xf32>, tuple<tensor<?xf32>>, tensor<?xf32>, tensor<?xi32>, tensor<?xf32>, index
}

// -----

// chlo.ragged_dot in its three modes: a ragged batching dimension gives dot_general's shape; a
// ragged free lhs dimension drops the rhs's group dimension; a ragged contracting dimension puts
// the group count in front.
// CHECK-LABEL: func.func @ragged_dot_modes
// CHECK: "chlo.ragged_dot"{{.*}} -> tensor<2x6x5xf32>
// CHECK: "chlo.ragged_dot"{{.*}} -> tensor<6x5xf32>
// CHECK: "chlo.ragged_dot"{{.*}} -> tensor<3x6x5xf32>
// CHECK: return {{.*}} : tensor<2x6x5xf32>, tensor<6x5xf32>, tensor<3x6x5xf32>
func.func @ragged_dot_modes(%a: tensor<2x6x4xf32>, %b: tensor<2x4x5xf32>, %g2: tensor<2xi32>,
                            %c: tensor<6x4xf32>, %d: tensor<3x4x5xf32>, %g3: tensor<3xi32>,
                            %e: tensor<4x5xf32>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x6x?xf32>) {
  %0 = "chlo.ragged_dot"(%a, %b, %g2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x6x4xf32>, tensor<2x4x5xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %1 = "chlo.ragged_dot"(%c, %d, %g3) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<?x?xf32>
  %2 = "chlo.ragged_dot"(%c, %e, %g3) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<6x4xf32>, tensor<4x5xf32>, tensor<3xi32>) -> tensor<?x6x?xf32>
  return %0, %1, %2 : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x6x?xf32>
}
