// Verifier errors of stablehlo.infeed, one case per spec constraint, and
// upstream's checks of its layout attribute (not in the spec); each rejected by
// upstream too.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 < size(results).
func.func @infeed_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.infeed' op C1: needs at least one result (the token)}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

// C2: is_empty(result[:-1]) or is_tensor(type(results[:-1])).
func.func @infeed_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.infeed' op C2: result #0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

// C3: is_token(type(results[-1])).
func.func @infeed_c3(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.infeed' op C3: the last result must be a token, got 'tensor<2xf32>'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

// layout: one entry per result but the token.
func.func @infeed_layout(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.infeed' op layout must have one entry per result but the token (1), got 2}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [[0, 1], [0]]} : (!stablehlo.token) -> (tensor<2x2xf32>, !stablehlo.token)
  return
}

// -----

// layout: its entries are arrays.
func.func @infeed_layoutb(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.infeed' op layout entry 0 must be an array, got 1 : i64}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [1]} : (!stablehlo.token) -> (tensor<2x2xf32>, !stablehlo.token)
  return
}
