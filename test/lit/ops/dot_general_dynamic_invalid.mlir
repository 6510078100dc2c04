// Verifier errors of stablehlo.dot_general with dynamic (`?`) dimensions:
// the checks that index shapes by attribute values must report, not abort.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C5 with a dynamic operand: a batching dimension out of range.
func.func @c5_dynamic(%lhs: tensor<?x4x8xf32>, %rhs: tensor<?x8x3xf32>) -> tensor<?x4x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C5: lhs_batching_dimensions [3] must be in [0, 3)}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x8x3xf32>) -> tensor<?x4x3xf32>
  return %0 : tensor<?x4x3xf32>
}

// -----

// C7: a negative rhs batching dimension.
func.func @c7_dynamic(%lhs: tensor<?x4x8xf32>, %rhs: tensor<?x8x3xf32>) -> tensor<?x4x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C7: rhs_batching_dimensions [-1] must be in [0, 3)}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [-1], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x8x3xf32>) -> tensor<?x4x3xf32>
  return %0 : tensor<?x4x3xf32>
}

// -----

// C9: static batch sizes that differ, beside a dynamic one.
func.func @c9_dynamic(%lhs: tensor<?x2x4x8xf32>, %rhs: tensor<?x3x8x3xf32>) -> tensor<?x2x4x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C9: lhs batching dimension 1 of size 2 must match rhs batching dimension 1 of size 3}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<?x2x4x8xf32>, tensor<?x3x8x3xf32>) -> tensor<?x2x4x3xf32>
  return %0 : tensor<?x2x4x3xf32>
}

// -----

// C10: static contracting sizes that differ, with dynamic batch sizes.
func.func @c10_dynamic(%lhs: tensor<?x4x8xf32>, %rhs: tensor<?x7x3xf32>) -> tensor<?x4x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C10: lhs contracting dimension 2 of size 8 must match rhs contracting dimension 1 of size 7}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x7x3xf32>) -> tensor<?x4x3xf32>
  return %0 : tensor<?x4x3xf32>
}

// -----

// C12: the result's static free dimension differs from the lhs's.
func.func @c12_dynamic(%lhs: tensor<?x4x8xf32>, %rhs: tensor<?x8x3xf32>) -> tensor<?x5x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [?, 4, 3], got 'tensor<?x5x3xf32>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x8x3xf32>) -> tensor<?x5x3xf32>
  return %0 : tensor<?x5x3xf32>
}

// -----

// C12: the rhs's static batch size carries into the result.
func.func @c12_batch_from_rhs(%lhs: tensor<?x4x8xf32>, %rhs: tensor<5x8x3xf32>) -> tensor<6x4x3xf32> {
  // expected-error @+1 {{'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [5, 4, 3], got 'tensor<6x4x3xf32>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<5x8x3xf32>) -> tensor<6x4x3xf32>
  return %0 : tensor<6x4x3xf32>
}
