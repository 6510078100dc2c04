// Errors involving the token type.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// Tokens are not tensors: ops on tensors reject them (ODS type constraint).
func.func @token_operand(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got '!stablehlo.token'}}
  %0 = "stablehlo.add"(%t, %t) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// Unknown stablehlo types are rejected.
// expected-error @+1 {{unknown  type `tokn` in dialect `stablehlo`}}
func.func @unknown_type(%t: !stablehlo.tokn) {
  return
}
