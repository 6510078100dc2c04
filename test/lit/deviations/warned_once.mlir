// A deviation is warned about once per op, though the verifier runs again after
// the passes (with -verify-diagnostics a second warning would be unexpected).
// RUN: stablehlo-opt %s --canonicalize --cse -verify-diagnostics

func.func @compare_signed_float(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
