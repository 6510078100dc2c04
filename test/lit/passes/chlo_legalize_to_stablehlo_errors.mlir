// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file --verify-diagnostics

// A decomposition that does not apply fails the pass at the op, naming it and why.
// (ragged_dot takes `?` sizes of lhs and rhs, not a `?` number of groups)
func.func @ragged_dot_dynamic(%lhs: tensor<?x4xf32>, %rhs: tensor<2x4x3xf32>, %sizes: tensor<?xi64>) -> tensor<?x3xf32> {
  // expected-error@+1 {{chlo-legalize-to-stablehlo: cannot decompose 'chlo.ragged_dot' (tensor<?x4xf32>, tensor<2x4x3xf32>, tensor<?xi64>): only static shapes are handled}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<?x4xf32>, tensor<2x4x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @next_after_without_sign_bit(%arg0: tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU> {
  // expected-error@+1 {{cannot decompose 'chlo.next_after' (tensor<2xf8E8M0FNU>, tensor<2xf8E8M0FNU>): element type f8E8M0FNU has no sign-magnitude bit layout handled here}}
  %0 = chlo.next_after %arg0, %arg0 : tensor<2xf8E8M0FNU>, tensor<2xf8E8M0FNU> -> tensor<2xf8E8M0FNU>
  return %0 : tensor<2xf8E8M0FNU>
}
