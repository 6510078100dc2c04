// Verifier errors of the logical and shift ops: and, or, xor, shift_left,
// shift_right_arithmetic, shift_right_logical.
// One case per op and constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(lhs) = type(rhs) = type(result) -- and, shapes of lhs and rhs differ.
func.func @c1_shape_and(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.and' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.and %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- and, element types of lhs and rhs differ.
func.func @c1_element_and(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.and' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.and %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- and, the result type differs.
func.func @c1_result_and(%l: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.and' op C1: shapes of lhs 'tensor<2xi32>' and result 'tensor<4xi32>' must match}}
  %0 = stablehlo.and %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- or, shapes of lhs and rhs differ.
func.func @c1_shape_or(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.or' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.or %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- or, element types of lhs and rhs differ.
func.func @c1_element_or(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.or' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.or %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- or, the result type differs.
func.func @c1_result_or(%l: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.or' op C1: lhs and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.or %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- xor, shapes of lhs and rhs differ.
func.func @c1_shape_xor(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.xor' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.xor %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- xor, element types of lhs and rhs differ.
func.func @c1_element_xor(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.xor' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.xor %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- xor, the result type differs.
func.func @c1_result_xor(%l: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.xor' op C1: shapes of lhs 'tensor<2xi32>' and result 'tensor<4xi32>' must match}}
  %0 = stablehlo.xor %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_left, shapes of lhs and rhs differ.
func.func @c1_shape_shift_left(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_left' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.shift_left %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_left, element types of lhs and rhs differ.
func.func @c1_element_shift_left(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_left' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.shift_left %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_left, the result type differs.
func.func @c1_result_shift_left(%l: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.shift_left' op C1: lhs and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.shift_left %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_arithmetic, shapes of lhs and rhs differ.
func.func @c1_shape_shift_right_arithmetic(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_arithmetic' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.shift_right_arithmetic %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_arithmetic, element types of lhs and rhs differ.
func.func @c1_element_shift_right_arithmetic(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_arithmetic' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.shift_right_arithmetic %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_arithmetic, the result type differs.
func.func @c1_result_shift_right_arithmetic(%l: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_arithmetic' op C1: shapes of lhs 'tensor<2xi32>' and result 'tensor<4xi32>' must match}}
  %0 = stablehlo.shift_right_arithmetic %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_logical, shapes of lhs and rhs differ.
func.func @c1_shape_shift_right_logical(%l: tensor<2xi32>, %r: tensor<3xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_logical' op C1: shapes of lhs 'tensor<2xi32>' and rhs 'tensor<3xi32>' must match}}
  %0 = stablehlo.shift_right_logical %l, %r : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_logical, element types of lhs and rhs differ.
func.func @c1_element_shift_right_logical(%l: tensor<2xi32>, %r: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_logical' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.shift_right_logical %l, %r : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- shift_right_logical, the result type differs.
func.func @c1_result_shift_right_logical(%l: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.shift_right_logical' op C1: lhs and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.shift_right_logical %l, %l : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// ODS (Inputs): shifts take integers, not booleans.
func.func @ods_shift_bool(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.shift_left' op operand #0 must be ranked tensor of integer values, but got 'tensor<2xi1>'}}
  %0 = stablehlo.shift_left %x, %x : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// ODS (Inputs): and takes booleans or integers, not floats.
func.func @ods_and_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.and' op operand #0 must be ranked tensor of bool or integer values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.and %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
