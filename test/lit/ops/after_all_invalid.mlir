// stablehlo.after_all has no constraints beyond its types (I1: inputs are
// tokens); its operand type check, as upstream rejects it too.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @not_a_token(%a: tensor<f32>) -> !stablehlo.token {
  // expected-error @+1 {{'stablehlo.after_all' op operand #0 must be variadic of token}}
  %0 = "stablehlo.after_all"(%a) : (tensor<f32>) -> !stablehlo.token
  return %0 : !stablehlo.token
}
