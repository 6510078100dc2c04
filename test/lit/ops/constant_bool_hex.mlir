// JAX's MLIR writes hex i1 constants one byte per element; this MLIR reads
// them packed eight to a byte. stablehlo-opt upgrades the text before parsing.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @jax_bool_hex() -> tensor<16xi1> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[true, false, false, false, false, false, false, false, false, false, false, false, false, false, true, true]> : tensor<16xi1>
func.func @jax_bool_hex() -> tensor<16xi1> {
  %c = stablehlo.constant dense<"0x01000000000000000000000000000101"> : tensor<16xi1>
  return %c : tensor<16xi1>
}
