// Round trip of the legacy stablehlo.torch_index_select (not in the spec):
// printed in the generic form, as upstream StableHLO prints it (CHECK lines
// checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// One batch dimension; negative dim and batch_dims (counted from the end);
// a scalar index of an unsigned type.
// CHECK-LABEL:  func.func @torch_index_select(%arg0: tensor<4x5x6xf32>, %arg1: tensor<4x2xi32>, %arg2: tensor<3xi1>, %arg3: tensor<ui8>) -> (tensor<4x2x6xf32>, tensor<4x2x6xf32>, tensor<i1>) {
// CHECK-NEXT:    %0 = "stablehlo.torch_index_select"(%arg0, %arg1) <{batch_dims = 1 : i64, dim = 1 : i64}> : (tensor<4x5x6xf32>, tensor<4x2xi32>) -> tensor<4x2x6xf32>
// CHECK-NEXT:    %1 = "stablehlo.torch_index_select"(%arg0, %arg1) <{batch_dims = -1 : i64, dim = -2 : i64}> : (tensor<4x5x6xf32>, tensor<4x2xi32>) -> tensor<4x2x6xf32>
// CHECK-NEXT:    %2 = "stablehlo.torch_index_select"(%arg2, %arg3) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<3xi1>, tensor<ui8>) -> tensor<i1>
// CHECK-NEXT:    return %0, %1, %2 : tensor<4x2x6xf32>, tensor<4x2x6xf32>, tensor<i1>
// CHECK-NEXT:  }
func.func @torch_index_select(%operand: tensor<4x5x6xf32>, %index: tensor<4x2xi32>, %v: tensor<3xi1>, %s: tensor<ui8>) -> (tensor<4x2x6xf32>, tensor<4x2x6xf32>, tensor<i1>) {
  %0 = "stablehlo.torch_index_select"(%operand, %index) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<4x5x6xf32>, tensor<4x2xi32>) -> tensor<4x2x6xf32>
  %1 = "stablehlo.torch_index_select"(%operand, %index) {dim = -2 : i64, batch_dims = -1 : i64} : (tensor<4x5x6xf32>, tensor<4x2xi32>) -> tensor<4x2x6xf32>
  %2 = "stablehlo.torch_index_select"(%v, %s) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<3xi1>, tensor<ui8>) -> tensor<i1>
  return %0, %1, %2 : tensor<4x2x6xf32>, tensor<4x2x6xf32>, tensor<i1>
}
