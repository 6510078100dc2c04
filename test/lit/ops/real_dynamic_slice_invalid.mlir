// Verifier errors of stablehlo.real_dynamic_slice, one case per constraint of
// slice (C1-C5) it checks; indices defined by constants are checked like
// slice's attributes.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(result) = element_type(operand).
func.func @c1(%operand: tensor<3x4xi64>, %indices: tensor<2xi64>) -> tensor<?x?xi32> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C1: result element type must be the operand's, got 'i64' and 'i32'}}
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %indices : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----
// C2: size(start_indices) = size(limit_indices) = size(strides) = rank(operand).
func.func @c2(%operand: tensor<3x4xi64>, %start: tensor<1xi64>, %indices: tensor<2xi64>) -> tensor<?x?xi64> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C2: start_indices, limit_indices and strides must have one entry per operand dimension (rank 2), got 1}}
  %0 = stablehlo.real_dynamic_slice %operand, %start, %indices, %indices : (tensor<3x4xi64>, tensor<1xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----
// C2: ... the three have one type.
func.func @c2_type(%operand: tensor<3x4xi64>, %start: tensor<2xi32>, %indices: tensor<2xi64>) -> tensor<?x?xi64> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C2: start_indices, limit_indices and strides must have the same type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.real_dynamic_slice %operand, %start, %indices, %indices : (tensor<3x4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

