// Verifier errors of stablehlo.outfeed, which has no constraints beyond the
// types of its inputs (the spec's I1-I3); each rejected by upstream too.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I1: inputs are tensors.
func.func @outfeed_i1(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.outfeed' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got '!stablehlo.token'}}
  %0 = "stablehlo.outfeed"(%t, %t) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// I3: outfeed_config is a string.
func.func @outfeed_i3(%a: tensor<2xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.outfeed' op attribute 'outfeed_config' failed to satisfy constraint: string attribute}}
  %0 = "stablehlo.outfeed"(%a, %t) {outfeed_config = 3 : i32} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}
