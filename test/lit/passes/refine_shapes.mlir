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

// A private function is specialised per signature: refined in place for the first, cloned for the
// second; a jax.global_constant argument that is a constant is substituted, and results the callee
// computes as constants become constants at the call.
// CHECK-LABEL: func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<i32>)
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<i32>) {
  %c = stablehlo.constant dense<5> : tensor<i32>
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %b = stablehlo.convert %arg1 : (tensor<3xf32>) -> tensor<?xf32>
  // CHECK: %[[SIX:.*]] = stablehlo.constant dense<6> : tensor<i32>
  // CHECK: call @double(%c{{.*}}, %{{.*}}) : (tensor<i32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  %0:2 = func.call @double(%c, %a) : (tensor<i32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<i32>)
  // CHECK: call @double_0(%c{{.*}}, %{{.*}}) : (tensor<i32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>)
  %1:2 = func.call @double(%c, %b) : (tensor<i32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<i32>)
  // CHECK: return {{.*}}, {{.*}}, %[[SIX]]
  return %0#0, %1#0, %0#1 : tensor<?xf32>, tensor<?xf32>, tensor<i32>
}
// CHECK-LABEL: func.func private @double(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
// CHECK: stablehlo.add %arg1, %arg1 : tensor<2xf32>
// CHECK-LABEL: func.func private @double_0(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>)
func.func private @double(%arg0: tensor<i32> {jax.global_constant = "n"}, %arg1: tensor<?xf32>) -> (tensor<?xf32>, tensor<i32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %arg1, %arg1 : tensor<?xf32>
  %1 = stablehlo.add %arg0, %one : tensor<i32>
  return %0, %1 : tensor<?xf32>, tensor<i32>
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

// A composite's decomposition is specialised like a callee.
// CHECK-LABEL: func.func @composite(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32>
// CHECK: stablehlo.composite "my.double" %{{.*}} {decomposition = @double} : (tensor<5x4xf32>) -> tensor<5x4xf32>
// CHECK: func.func private @double(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32>
func.func @composite(%arg0: tensor<5x4xf32>) -> tensor<?x4xf32> {
  %x = stablehlo.convert %arg0 : (tensor<5x4xf32>) -> tensor<?x4xf32>
  %0 = stablehlo.composite "my.double" %x {decomposition = @double} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func private @double(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
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

// Entry points are the public functions nothing calls; a called public function is refined through
// its calls (a private copy), and a function nothing reachable calls keeps calling an unrefined copy
// of a callee refined in place, so every call still matches its callee.
// CHECK-LABEL: func.func @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK: call @f(%{{.*}}) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: call @helper_0(%{{.*}}) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.func @helper(%arg0: tensor<?xf32>) -> tensor<?xf32>
// CHECK: func.func private @f(%arg0: tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.func private @dead(%arg0: tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: call @f_0(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK: func.func private @helper_0(%arg0: tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.func private @f_0(%arg0: tensor<?xf32>) -> tensor<?xf32>
func.func @main(%arg0: tensor<2xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @f(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @helper(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
func.func @helper(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.negate %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @f(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.abs %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @dead(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @f(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Calls inside other ops' regions (a reduce body) are specialised too.
// CHECK-LABEL: func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<2xf32>, tensor<f32>)
// CHECK: call @g(%{{.*}}) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.call @g_0(%{{.*}}) : (tensor<1xf32>) -> tensor<1xf32>
// CHECK: func.func private @g(%arg0: tensor<2xf32>) -> tensor<2xf32>
// CHECK: func.func private @g_0(%arg0: tensor<1xf32>) -> tensor<1xf32>
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<?xf32>, tensor<f32>) {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @g(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%arg1 init: %init) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %s = stablehlo.add %x, %y : tensor<f32>
    %c = stablehlo.reshape %s : (tensor<f32>) -> tensor<1xf32>
    %d = stablehlo.convert %c : (tensor<1xf32>) -> tensor<?xf32>
    %r = func.call @g(%d) : (tensor<?xf32>) -> tensor<?xf32>
    %e = stablehlo.convert %r : (tensor<?xf32>) -> tensor<1xf32>
    %t = stablehlo.reshape %e : (tensor<1xf32>) -> tensor<f32>
    stablehlo.return %t : tensor<f32>
  }
  return %0, %1 : tensor<?xf32>, tensor<f32>
}
func.func private @g(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.abs %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A call whose results all became constants is erased when its callee has no
// memory effects, as the ops' definitions declare them (has_own_memory_effects):
// get_dimension_size and a custom_call without has_side_effect have none.
// CHECK-LABEL: func.func @effect_free_callee
// CHECK-NOT: call @size
// CHECK: return %c : tensor<i32>
func.func @effect_free_callee(%arg0: tensor<2xf32>) -> tensor<i32> {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @size(%a) : (tensor<?xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @size(%x: tensor<?xf32>) -> tensor<i32> {
  %y = stablehlo.custom_call @pure_target(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

// A custom_call with has_side_effect keeps the call.
// CHECK-LABEL: func.func @custom_call_with_side_effect
// CHECK: call @size
func.func @custom_call_with_side_effect(%arg0: tensor<2xf32>) -> tensor<i32> {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @size(%a) : (tensor<?xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @size(%x: tensor<?xf32>) -> tensor<i32> {
  stablehlo.custom_call @log(%x) {has_side_effect = true} : (tensor<?xf32>) -> ()
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

// So does an outfeed nested in a while loop (the while's effects are its body's).
// CHECK-LABEL: func.func @outfeed_in_a_loop
// CHECK: call @size
func.func @outfeed_in_a_loop(%arg0: tensor<2xf32>) -> tensor<i32> {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @size(%a) : (tensor<?xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @size(%x: tensor<?xf32>) -> tensor<i32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %w = stablehlo.while(%i = %c) : tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %t = stablehlo.create_token : !stablehlo.token
    %t2 = "stablehlo.outfeed"(%x, %t) : (tensor<?xf32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %i : tensor<i32>
  }
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

// A check op writes (its failure is an effect): the call stays.
// CHECK-LABEL: func.func @check_in_callee
// CHECK: call @size
func.func @check_in_callee(%arg0: tensor<2xf32>) -> tensor<i32> {
  %a = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = func.call @size(%a) : (tensor<?xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @size(%x: tensor<?xf32>) -> tensor<i32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  check.expect_eq_const %n, dense<2> : tensor<i32>
  return %n : tensor<i32>
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
