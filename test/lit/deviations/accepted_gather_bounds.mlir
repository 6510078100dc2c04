// gather and dynamic_gather C12 (0 <= slice_sizes <= shape(operand)) with a
// slice size past the bound of a bounded dynamic dimension: upstream
// StableHLO's verifier compares slice sizes with static sizes only and accepts
// it (found by test/conformance/parity.py), as it does dynamic_slice's C4
// (accepted_bounds_and_windows.mlir). It verifies with a warning citing C12
// and fails under --strict-spec (docs/decisions.md, "Accepting what upstream
// accepts"). No run has a value for it (the operand is never that large):
// XLA and every backend refuse it
// (test/python/deviations/test_spec_deviations_gather_collectives.py).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// STRICT: error: 'stablehlo.gather' op C12: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>'
func.func @gather_past_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x5x2xf32> {
  // expected-warning @+1 {{'stablehlo.gather' op C12: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5, 2>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>) -> tensor<2x5x2xf32>
  return %0 : tensor<2x5x2xf32>
}

// -----

// A collapsed dimension (C8: size at most 1) bounded by 0.
// STRICT: error: 'stablehlo.gather' op C12: slice_sizes [1, 2] must be in [0, 0] in dimension 0
func.func @gather_collapsed_past_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<0, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x2xf32> {
  // expected-warning @+1 {{'stablehlo.gather' op C12: slice_sizes [1, 2] must be in [0, 0] in dimension 0}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<?x4xf32, #stablehlo.bounds<0, ?>>, tensor<2x1xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// A static size past a static dimension stays an error (upstream too).
func.func @gather_past_static(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x5x5xf32> {
  // expected-error @+1 {{'stablehlo.gather' op C12: slice_sizes [5, 5] must be in [0, 4] in dimension 1}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5, 5>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>) -> tensor<2x5x5xf32>
  return %0 : tensor<2x5x5xf32>
}

// -----

// The result is still checked (C13) against the slice sizes.
func.func @gather_past_bound_c13(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x3x2xf32> {
  // expected-warning @+2 {{'stablehlo.gather' op C12: slice_sizes [5, 2] must be in [0, 3]}}
  // expected-error @+1 {{'stablehlo.gather' op C13: result shape must combine the batch dimensions of start_indices and the slice sizes at offset_dims as in 'tensor<2x5x2xf32>', got 'tensor<2x3x2xf32>'}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5, 2>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>) -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// -----

// dynamic_gather: the same for constant slice sizes.
// STRICT: error: 'stablehlo.dynamic_gather' op C12: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>'
func.func @dynamic_gather_past_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x5x2xf32> {
  %sizes = stablehlo.constant dense<[5, 2]> : tensor<2xi64>
  // expected-warning @+1 {{'stablehlo.dynamic_gather' op C12: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x5x2xf32>
  return %0 : tensor<2x5x2xf32>
}

// -----

func.func @dynamic_gather_past_bound_dynamic_result(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x?x2xf32> {
  %sizes = stablehlo.constant dense<[5, 2]> : tensor<2xi64>
  // expected-warning @+1 {{'stablehlo.dynamic_gather' op C12: slice_sizes [5, 2] must be in [0, 3] in dimension 0}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x?x2xf32>
  return %0 : tensor<2x?x2xf32>
}

// -----

// Slice sizes known at run time only are checked then (no warning).
func.func @dynamic_gather_unknown_sizes(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>, %sizes: tensor<2xi64>) -> tensor<2x?x?xf32> {
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x?x?xf32>
  return %0 : tensor<2x?x?xf32>
}

// -----

// A static size past a static dimension stays an error (upstream too).
func.func @dynamic_gather_past_static(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %indices: tensor<2x1xi64>) -> tensor<2x2x5xf32> {
  %sizes = stablehlo.constant dense<[2, 5]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_gather' op C12: slice_sizes [2, 5] must be in [0, 4] in dimension 1}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x2x5xf32>
  return %0 : tensor<2x2x5xf32>
}
