// The token type `!stablehlo.token`. The CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Tokens flow through functions and ops that take values of any kind.
// CHECK-LABEL:  func.func @token(%arg0: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = stablehlo.custom_call @effect(%arg0) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %0 : !stablehlo.token
// CHECK-NEXT:  }
func.func @token(%t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.custom_call @effect(%t) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// Tokens inside tuples.
// CHECK-LABEL:  func.func @token_in_tuple(%arg0: tuple<!stablehlo.token, tensor<f32>>) -> tuple<!stablehlo.token, tensor<f32>> {
// CHECK-NEXT:    return %arg0 : tuple<!stablehlo.token, tensor<f32>>
// CHECK-NEXT:  }
func.func @token_in_tuple(%t: tuple<!stablehlo.token, tensor<f32>>) -> tuple<!stablehlo.token, tensor<f32>> {
  return %t : tuple<!stablehlo.token, tensor<f32>>
}
