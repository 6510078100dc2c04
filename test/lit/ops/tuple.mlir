// Round trip of stablehlo.tuple and stablehlo.get_tuple_element: the CHECK
// lines are upstream StableHLO's pretty form (checked with jaxlib). A tuple
// prints only its result type; an empty tuple keeps upstream's two spaces.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @tuple(%arg0: tensor<2xf32>, %arg1: tensor<i64>, %arg2: !stablehlo.token) -> tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>> {
// CHECK-NEXT:    %0 = stablehlo.tuple %arg1, %arg2 : tuple<tensor<i64>, !stablehlo.token>
// CHECK-NEXT:    %1 = stablehlo.tuple %arg0, %0 : tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>>
// CHECK-NEXT:    %2 = stablehlo.tuple  : tuple<>
// CHECK-NEXT:    return %1 : tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>>
// CHECK-NEXT:  }
func.func @tuple(%a: tensor<2xf32>, %b: tensor<i64>, %t: !stablehlo.token) -> tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>> {
  %0 = stablehlo.tuple %b, %t : tuple<tensor<i64>, !stablehlo.token>
  %1 = "stablehlo.tuple"(%a, %0) : (tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>) -> tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>>
  %2 = stablehlo.tuple : tuple<>
  return %1 : tuple<tensor<2xf32>, tuple<tensor<i64>, !stablehlo.token>>
}

// The spec's example: index is an i32 attribute printed in brackets.
// CHECK-LABEL:  func.func @get_tuple_element(%arg0: tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.get_tuple_element %arg0[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.get_tuple_element %arg0[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
// CHECK-NEXT:    %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<i32>>) -> tensor<i32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @get_tuple_element(%operand: tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32> {
  %0 = "stablehlo.get_tuple_element"(%operand) {index = 0 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
  %1 = stablehlo.get_tuple_element %operand[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<i32>>) -> tensor<i32>
  return %0 : tensor<2xf32>
}
