// RUN: stablehlo-py opt %s --pipeline stablehlo-refine-shapes --split-input-file --verify-diagnostics

func.func @shape_contradicts_type(%arg0: tensor<4xf32>) -> tensor<?x4xf32> {
  %c2 = stablehlo.constant dense<2> : tensor<1xi32>
  %c5 = stablehlo.constant dense<5> : tensor<1xi32>
  %shape = stablehlo.concatenate %c2, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions [2, 5] must be non-negative and agree with result 'tensor<?x4xf32>' in dimension 1}}
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @loop_grows(%arg0: tensor<2xf32>) -> tensor<?xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %x0 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  // expected-error@+1 {{'stablehlo.while' op loop-carried value #1 enters the loop as tensor<2xf32> but the body yields tensor<4xf32>}}
  %0:2 = stablehlo.while(%i = %c0, %x = %x0) : tensor<i32>, tensor<?xf32>
  cond {
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %y = stablehlo.concatenate %x, %x, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    stablehlo.return %i, %y : tensor<i32>, tensor<?xf32>
  }
  return %0#1 : tensor<?xf32>
}

// -----

func.func @branches_disagree(%arg0: tensor<i1>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>) -> tensor<?xf32> {
  %a = stablehlo.convert %arg1 : (tensor<2xf32>) -> tensor<?xf32>
  %b = stablehlo.convert %arg2 : (tensor<3xf32>) -> tensor<?xf32>
  // expected-error@+1 {{'stablehlo.if' op branches yield incompatible types for result #0: tensor<2xf32>, tensor<3xf32>}}
  %0 = "stablehlo.if"(%arg0) ({
    stablehlo.return %a : tensor<?xf32>
  }, {
    stablehlo.return %b : tensor<?xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @assertion_fails(%arg0: tensor<3x?xf32>) {
  %b = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3x?xf32>) -> tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %ok = stablehlo.compare EQ, %b, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // expected-error@+1 {{expected b = 4, got b = 3 ({1}: {0})}}
  stablehlo.custom_call @shape_assertion(%ok, %b, %c4) {error_message = "expected b = {1}, got b = {0} ({{1}: {{0})", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  return
}

// -----

func.func @negative_size(%arg0: tensor<f32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<-3> : tensor<i32>
  %shape = stablehlo.reshape %c : (tensor<i32>) -> tensor<1xi32>
  // expected-error@+1 {{shape operand holds a negative size: [-3]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A wrapper whose operand's element type differs from the type it wraps (refine-arguments does not
// check element types, as upstream): refinement cannot remove it.
func.func @wrapper_element_type(%arg0: tensor<2xi32>) -> tensor<?xf32> {
  %shape = stablehlo.constant dense<2> : tensor<1xi64>
  // expected-error@+1 {{@stablehlo.shape_refinement_operand_wrapper: operand type tensor<2xi32> contradicts the wrapped type tensor<?xf32>}}
  %0 = stablehlo.custom_call @stablehlo.shape_refinement_operand_wrapper(%arg0, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<2xi32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// expected-error@+1 {{'func.func' op must have exactly one block}}
func.func @two_blocks(%arg0: tensor<f32>) -> tensor<f32> {
  cf.br ^next(%arg0 : tensor<f32>)
^next(%x: tensor<f32>):
  return %x : tensor<f32>
}

// -----

// expected-error@+1 {{must have no more than one function or a `main` function to clearly identify which function will be refined}}
module {
  func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
    return %arg0 : tensor<f32>
  }
  func.func @g(%arg0: tensor<f32>) -> tensor<f32> {
    return %arg0 : tensor<f32>
  }
}

// -----

// Element-wise operands that refine to different shapes.
func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<3xi32>) -> tensor<?xi32> {
  %0 = stablehlo.negate %arg0 : (tensor<2xi32>) -> tensor<?xi32>
  %1 = stablehlo.negate %arg1 : (tensor<3xi32>) -> tensor<?xi32>
  // expected-error@+1 {{'stablehlo.multiply' op requires the same shape for all operands and results}}
  %2 = stablehlo.multiply %0, %1 : tensor<?xi32>
  return %2 : tensor<?xi32>
}

// -----

// Two calls that refine one callee differently.
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %x = stablehlo.abs %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %y = stablehlo.abs %arg1 : (tensor<3xf32>) -> tensor<?xf32>
  %0 = call @id(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = call @id(%y) : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
// expected-error@+1 {{'func.func' op refined with incompatible refinement keys}}
func.func private @id(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}

// -----

// A dimension argument dropped, then the callee called again with another one.
func.func @main(%arg0: tensor<2xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %x = stablehlo.abs %arg0 : (tensor<2xf32>) -> tensor<?xf32>
  %0 = call @f(%c1, %x) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-error@+1 {{incorrect number of operands for callee}}
  %1 = call @f(%c2, %x) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
// expected-error@+1 {{'func.func' op refined with incompatible refinement keys}}
func.func private @f(%n: tensor<i32>, %arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}

// -----

func.func @main() -> tensor<i32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = call @loop(%c) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
// expected-error@+1 {{Function loop is being refined recursively}}
func.func private @loop(%arg0: tensor<i32>) -> tensor<i32> {
  // expected-error@+1 {{incorrect number of operands for callee}}
  %0 = call @loop(%arg0) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
