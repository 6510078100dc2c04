// A deviation is warned about once per op, though the verifier runs again after
// the passes (with -verify-diagnostics a second warning would be unexpected).
// RUN: stablehlo-opt %s --warn-spec-deviations --canonicalize --cse -verify-diagnostics

func.func @compare_signed_float(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// async_start C2 with a collective_reduce body, warned once as well.
func.func @async_start_collective_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-warning @+1 {{'stablehlo.async_start' op C2: the body's op must be one the spec lists; collective_reduce is not among them (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
