// stablehlo.cross-replica-sum has one element type and compatible shapes for
// its operand and result.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @result_type(%arg0: tensor<2xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = "stablehlo.cross-replica-sum"(%arg0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @result_shape(%arg0: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.cross-replica-sum"(%arg0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
