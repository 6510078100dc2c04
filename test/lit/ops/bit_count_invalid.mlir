// Verifier errors of not, popcnt and count_leading_zeros.
// One case per op and constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(operand) = type(result) -- not, shapes differ.
func.func @c1_shape_not(%x: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.not' op C1: shapes of operand 'tensor<2xi32>' and result 'tensor<3xi32>' must match}}
  %0 = stablehlo.not %x : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: type(operand) = type(result) -- not, element types differ.
func.func @c1_element_not(%x: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.not' op C1: operand and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.not %x : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// C1: type(operand) = type(result) -- popcnt, shapes differ.
func.func @c1_shape_popcnt(%x: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.popcnt' op C1: shapes of operand 'tensor<2xi32>' and result 'tensor<3xi32>' must match}}
  %0 = stablehlo.popcnt %x : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: type(operand) = type(result) -- popcnt, element types differ.
func.func @c1_element_popcnt(%x: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.popcnt' op C1: operand and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.popcnt %x : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// C1: type(operand) = type(result) -- count_leading_zeros, shapes differ.
func.func @c1_shape_count_leading_zeros(%x: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.count_leading_zeros' op C1: shapes of operand 'tensor<2xi32>' and result 'tensor<3xi32>' must match}}
  %0 = stablehlo.count_leading_zeros %x : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: type(operand) = type(result) -- count_leading_zeros, element types differ.
func.func @c1_element_count_leading_zeros(%x: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.count_leading_zeros' op C1: operand and result must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.count_leading_zeros %x : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// ODS (Inputs): popcnt and count_leading_zeros take integers, not booleans.
func.func @ods_popcnt_bool(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.popcnt' op operand #0 must be ranked tensor of integer values, but got 'tensor<2xi1>'}}
  %0 = stablehlo.popcnt %x : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// ODS (Inputs): not takes booleans or integers, not floats.
func.func @ods_not_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.not' op operand #0 must be ranked tensor of bool or integer values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.not %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
