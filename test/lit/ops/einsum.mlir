// Round trip of the legacy stablehlo.einsum and stablehlo.unary_einsum (XLA's
// Einsum; not in the spec): the CHECK lines are upstream StableHLO's pretty
// form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @einsum(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<5x2x3xi8>) -> tensor<2x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %1 = stablehlo.einsum %arg2, %arg2, config = "bij,bij->b" : (tensor<5x2x3xi8>, tensor<5x2x3xi8>) -> tensor<5xi8>
// CHECK-NEXT:    %2 = stablehlo.unary_einsum %arg0, config = "ab->ba" : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %3 = stablehlo.unary_einsum %arg2, config = "bij->" : (tensor<5x2x3xi8>) -> tensor<i8>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
func.func @einsum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<5x2x3xi8>) -> tensor<2x4xf32> {
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.einsum %c, %c, config = "bij,bij->b" : (tensor<5x2x3xi8>, tensor<5x2x3xi8>) -> tensor<5xi8>
  %2 = stablehlo.unary_einsum %a, config = "ab->ba" : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = stablehlo.unary_einsum %c, config = "bij->" : (tensor<5x2x3xi8>) -> tensor<i8>
  return %0 : tensor<2x4xf32>
}
