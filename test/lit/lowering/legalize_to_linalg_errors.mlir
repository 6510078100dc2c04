// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics

// An op the lowering does not take is named, at its location (replica_id
// reads the process grid).
func.func @replica_id() -> tensor<ui32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.replica_id' that was explicitly marked illegal}}
  %0 = stablehlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// A reduce whose body is more than element-wise ops.
func.func @reduce_with_a_call(%x: tensor<4xf32>, %i: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.reduce' that was explicitly marked illegal}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = func.call @plus(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func private @plus(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}

// -----

// A reduce whose body returns a value from outside it (found by the fuzzer:
// the body's scalar form looked the value up and aborted).
func.func @reduce_returning_a_captured_value(%x: tensor<4xf32>, %i: tensor<4xi32>, %fx: tensor<f32>, %fi: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.reduce' that was explicitly marked illegal}}
  %0:2 = stablehlo.reduce(%x init: %fx), (%i init: %fi) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>)  {
    "stablehlo.return"(%b, %fi) : (tensor<f32>, tensor<i32>) -> ()
  }
  return %0#0 : tensor<f32>
}
