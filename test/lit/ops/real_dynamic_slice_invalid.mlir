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

// -----

// C3: 0 <= start_indices <= limit_indices <= shape(operand), with constant
// indices.
func.func @c3(%operand: tensor<3x4xi64>) -> tensor<?x?xi64> {
  %start = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
  %strides = stablehlo.constant dense<1> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C3: dimension 1 needs 0 <= start_indices[1] = 2 <= limit_indices[1] = 5 <= size 4 of operand 'tensor<3x4xi64>'}}
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// C3: start_indices <= limit_indices.
func.func @c3_start(%operand: tensor<3x4xi64>) -> tensor<?x?xi64> {
  %start = stablehlo.constant dense<[2, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<1> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C3: dimension 0 needs 0 <= start_indices[0] = 2 <= limit_indices[0] = 1 <= size 3 of operand 'tensor<3x4xi64>'}}
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// C4: 0 < strides, when a constant defines them.
func.func @c4(%operand: tensor<3x4xi64>, %indices: tensor<2xi64>) -> tensor<?x?xi64> {
  %strides = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C4: strides [1, 0] must be positive}}
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// C5: rank(result) = rank(operand), whatever the indices.
func.func @c5_rank(%operand: tensor<3x4xi64>, %indices: tensor<2xi64>) -> tensor<?xi64> {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C5: result rank must be the operand's, got 'tensor<3x4xi64>' and 'tensor<?xi64>'}}
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %indices : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// C5: shape(result) = ceil((limit_indices - start_indices) / strides), with
// constant indices.
func.func @c5(%operand: tensor<3x4xi64>) -> tensor<2x1xi64> {
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op C5: result shape must be ceil((limit_indices - start_indices) / strides) as in 'tensor<2x2xi64>', got 'tensor<2x1xi64>'}}
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}
