// Verifier errors of stablehlo.while, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: cond takes (T0, ..., TN-1), Ti = type(operand[i]).
func.func @c1_arguments(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op C1: cond must take the operand types (tensor<f32>), it takes (tensor<f64>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<f64>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C1: cond returns tensor<i1>.
func.func @c1_result(%x: tensor<f32>, %p: tensor<1xi1>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op C1: cond must return tensor<i1>, it returns (tensor<1xi1>)}}
  %0 = stablehlo.while(%a = %x) : tensor<f32>
  cond {
    stablehlo.return %p : tensor<1xi1>
  } do {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C1: cond returns a single value.
func.func @c1_results(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op C1: cond must return tensor<i1>, it returns (tensor<i1>, tensor<i1>)}}
  %0 = stablehlo.while(%a = %x) : tensor<f32>
  cond {
    stablehlo.return %p, %p : tensor<i1>, tensor<i1>
  } do {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C2: body takes (T0, ..., TN-1).
func.func @c2_arguments(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op C2: body must take the operand types (tensor<f32>), it takes (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C2: body returns (T0, ..., TN-1).
func.func @c2_results(%x: tensor<f32>, %p: tensor<i1>, %y: tensor<f64>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op C2: body must return the operand types (tensor<f32>), it returns (tensor<f64>)}}
  %0 = stablehlo.while(%a = %x) : tensor<f32>
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %y : tensor<f64>
  }
  return %0 : tensor<f32>
}

// -----

// C3: type(results...) = type(operand...).
func.func @c3(%x: tensor<f32>, %p: tensor<i1>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.while' op C3: result types (tensor<i32>) must be the operand types (tensor<f32>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}
