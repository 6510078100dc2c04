// RUN: stablehlo-py opt %s --pipeline stablehlo-remove-dynamism --split-input-file | FileCheck %s

// The remove-dynamism pipeline (not refine-shapes, which refines as upstream) specialises calls per
// signature and refines every public function nothing calls (docs/dynamism.md).

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
