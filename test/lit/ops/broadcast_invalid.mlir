// Verifier errors of the legacy stablehlo.broadcast (not in the spec; the
// checks follow XLA's Broadcast and agree with upstream on accept/reject).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// The result shape is broadcast_sizes followed by the operand's shape.
func.func @shape(%a: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'stablehlo.broadcast' op result type must be broadcast_sizes followed by the operand's shape, 'tensor<4x2xf32>', got 'tensor<3x2xf32>'}}
  %0 = stablehlo.broadcast %a, sizes = [4] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// The element type is the operand's.
func.func @element_type(%a: tensor<2xf32>) -> tensor<3x2xf64> {
  // expected-error @+1 {{'stablehlo.broadcast' op result type must be broadcast_sizes followed by the operand's shape, 'tensor<3x2xf32>', got 'tensor<3x2xf64>'}}
  %0 = stablehlo.broadcast %a, sizes = [3] : (tensor<2xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// Sizes are non-negative.
func.func @negative_size(%a: tensor<2xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'stablehlo.broadcast' op broadcast_sizes [-1] must be non-negative}}
  %0 = stablehlo.broadcast %a, sizes = [-1] : (tensor<2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
