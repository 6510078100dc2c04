// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file --verify-diagnostics

// A decomposition that does not apply fails the pass at the op, naming it and why.
func.func @top_k_dynamic(%arg0: tensor<?x5xf32>) -> (tensor<?x2xf32>, tensor<?x2xi32>) {
  // expected-error@+1 {{chlo-legalize-to-stablehlo: cannot decompose 'chlo.top_k' (tensor<?x5xf32>): only static shapes are handled}}
  %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<?x5xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %values, %indices : tensor<?x2xf32>, tensor<?x2xi32>
}

// -----

func.func @next_after_without_sign_bit(%arg0: tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU> {
  // expected-error@+1 {{cannot decompose 'chlo.next_after' (tensor<2xf8E8M0FNU>, tensor<2xf8E8M0FNU>): element type f8E8M0FNU has no sign-magnitude bit layout handled here}}
  %0 = chlo.next_after %arg0, %arg0 : tensor<2xf8E8M0FNU>, tensor<2xf8E8M0FNU> -> tensor<2xf8E8M0FNU>
  return %0 : tensor<2xf8E8M0FNU>
}
