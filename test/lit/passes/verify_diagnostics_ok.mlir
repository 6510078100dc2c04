// RUN: stablehlo-py opt %s --pipeline stablehlo-refine-shapes --split-input-file --verify-diagnostics

// Diagnostics of parsing and verification are checked like those of passes, with @above,
// @below, relative and absolute line offsets.

func.func @verifier_error(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@below {{type of return operand 0 ('tensor<2xf32>') doesn't match function result type}}
  return %a : tensor<2xf32>
}

// -----

func.func @pass_error(%arg0: tensor<4xf32>) -> tensor<?x4xf32> {
  %c2 = stablehlo.constant dense<2> : tensor<1xi32>
  %c5 = stablehlo.constant dense<5> : tensor<1xi32>
  %shape = stablehlo.concatenate %c2, %c5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  // expected-error@above {{must be non-negative and agree with result 'tensor<?x4xf32>'}}
  return %0 : tensor<?x4xf32>
}

// -----

// expected-error@+2 {{expected operation name in quotes}}
func.func @parse_error() {
  %0 = stablehlo.constant dense<1> : tensor<i32>)
  return
}
