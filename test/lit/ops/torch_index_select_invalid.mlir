// Verifier errors of the legacy stablehlo.torch_index_select. The spec does
// not define the op; like upstream we verify its operand types and
// attributes only (shapes and dims are checked by the interpreter when it
// prepares the op; docs/decisions.md).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @missing_batch_dims(%operand: tensor<4x5xf32>, %index: tensor<2xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op requires attribute 'batch_dims'}}
  %0 = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i64} : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dim_not_i64(%operand: tensor<4x5xf32>, %index: tensor<2xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i32, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @unranked_result(%operand: tensor<4x5xf32>, %index: tensor<2xi32>) -> tensor<*xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op result #0 must be ranked tensor of}}
  %0 = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
