// Verifier errors of stablehlo.dynamic_update_slice, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(operand) = type(result).
func.func @c1(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<i64>) -> tensor<4x5xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C1: result type must be the operand's, 'tensor<4x4xi32>', got 'tensor<4x5xi32>'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

// C1: the element type too.
func.func @c1_element(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<i64>) -> tensor<4x4xi64> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C1: result type must be the operand's, 'tensor<4x4xi32>', got 'tensor<4x4xi64>'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  return %0 : tensor<4x4xi64>
}

// -----

// C2: element_type(update) = element_type(operand).
func.func @c2(%operand: tensor<4x4xi32>, %update: tensor<2x2xi64>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C2: update element type must be the operand's, got 'i64' and 'i32'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// C3: rank(update) = rank(operand).
func.func @c3(%operand: tensor<4x4xi32>, %update: tensor<2xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C3: update must have the operand's rank 2, got 'tensor<2xi32>'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// C4: size(start_indices) = rank(operand).
func.func @c4(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C4: needs one start index per operand dimension (2), got 3}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// C5: same(type(start_indices...)).
func.func @c5(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C5: start indices must have the same type, got 'tensor<i64>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %j : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// C6: 0 <= shape(update) <= shape(operand).
func.func @c6(%operand: tensor<4x4xi32>, %update: tensor<2x5xi32>, %i: tensor<i64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op C6: update dimension 1 (size 5) must not exceed the operand's (size 4)}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2x5xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// (I3) start indices are 0-d integer tensors.
func.func @start_type(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<1xi64>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op operand #2 must be variadic of 0D tensor of integer values, but got 'tensor<1xi64>'}}
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %i : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<1xi64>, tensor<1xi64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
