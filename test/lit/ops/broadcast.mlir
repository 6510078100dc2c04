// Round trip of the legacy stablehlo.broadcast (XLA's Broadcast; not in the
// spec): the CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib). The result shape is broadcast_sizes followed by the operand's.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @broadcast(%arg0: tensor<2x3xf32>, %arg1: tensor<i64>, %arg2: tensor<?xi8>) -> tensor<4x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.broadcast %arg0, sizes = [4] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.broadcast %arg1, sizes = [1, 2] : (tensor<i64>) -> tensor<1x2xi64>
// CHECK-NEXT:    %2 = stablehlo.broadcast %arg0, sizes = [] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.broadcast %arg2, sizes = [0] : (tensor<?xi8>) -> tensor<0x?xi8>
// CHECK-NEXT:    return %0 : tensor<4x2x3xf32>
// CHECK-NEXT:  }
func.func @broadcast(%a: tensor<2x3xf32>, %s: tensor<i64>, %d: tensor<?xi8>) -> tensor<4x2x3xf32> {
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 4>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %1 = stablehlo.broadcast %s, sizes = [1, 2] : (tensor<i64>) -> tensor<1x2xi64>
  %2 = stablehlo.broadcast %a, sizes = [] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.broadcast %d, sizes = [0] : (tensor<?xi8>) -> tensor<0x?xi8>
  return %0 : tensor<4x2x3xf32>
}
