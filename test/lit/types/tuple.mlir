// Tuple types (a legacy HLO feature kept for custom_call's ABI). The CHECK
// lines are upstream StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Empty, nested and mixed tuples as custom_call operands and results.
// CHECK-LABEL:  func.func @tuple(%arg0: tensor<2xf32>, %arg1: !stablehlo.token) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @make(%arg0, %arg1) : (tensor<2xf32>, !stablehlo.token) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>
// CHECK-NEXT:    %1 = stablehlo.custom_call @take(%0) : (tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>) -> tuple<tensor<2xf32>>
// CHECK-NEXT:    return %0 : tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>
// CHECK-NEXT:  }
func.func @tuple(%x: tensor<2xf32>, %t: !stablehlo.token) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>> {
  %0 = stablehlo.custom_call @make(%x, %t) : (tensor<2xf32>, !stablehlo.token) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>
  %1 = stablehlo.custom_call @take(%0) : (tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>) -> tuple<tensor<2xf32>>
  return %0 : tuple<tuple<tensor<2xf32>, !stablehlo.token>, tuple<>>
}
