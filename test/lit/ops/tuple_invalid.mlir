// Verifier errors of stablehlo.tuple and stablehlo.get_tuple_element, one
// case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: result has type tuple<E0, ..., EN-1> where Ei = type(val[i]).
func.func @tuple_c1(%a: tensor<2xf32>, %b: tensor<i32>) -> tuple<tensor<2xf32>, tensor<i64>> {
  // expected-error @+1 {{'stablehlo.tuple' op C1: result type must be the tuple of the operand types 'tuple<tensor<2xf32>, tensor<i32>>', got 'tuple<tensor<2xf32>, tensor<i64>>'}}
  %0 = "stablehlo.tuple"(%a, %b) : (tensor<2xf32>, tensor<i32>) -> tuple<tensor<2xf32>, tensor<i64>>
  return %0 : tuple<tensor<2xf32>, tensor<i64>>
}

// -----

// C1: the pretty form takes the operand types from the tuple type.
// expected-note @+1 {{prior use here}}
func.func @tuple_c1_pretty(%a: tensor<2xf32>) -> tuple<tensor<3xf32>> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<3xf32>' vs 'tensor<2xf32>'}}
  %0 = stablehlo.tuple %a : tuple<tensor<3xf32>>
  return %0 : tuple<tensor<3xf32>>
}

// -----

// C1: 0 <= index < size(operand).
func.func @get_tuple_element_c1(%t: tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op C1: index 2 must be in [0, 2) for operand 'tuple<tensor<2xf32>, tensor<i32>>'}}
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: a negative index.
func.func @get_tuple_element_c1_negative(%t: tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op C1: index -1 must be in [0, 2)}}
  %0 = stablehlo.get_tuple_element %t[-1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: type(result) = tuple_element_types(operand)[index].
func.func @get_tuple_element_c2(%t: tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op C2: result type must be element 0 of the operand, 'tensor<2xf32>', got 'tensor<2xf64>'}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
