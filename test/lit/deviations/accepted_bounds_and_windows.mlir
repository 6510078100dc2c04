// Programs upstream StableHLO's verifier (jaxlib 1.17) accepts and the spec
// rejects, found by test/conformance/parity.py: a dynamic_iota of booleans,
// static sizes past a bound (dot, dot_general, dynamic_slice) and explicitly
// empty window lists (reduce_window, select_and_scatter). Each verifies with a
// warning citing the constraint and fails under --strict-spec
// (docs/decisions.md, "Accepting what upstream accepts"). The simplification
// and folding passes keep them as they are (a boolean dynamic_iota does not
// become an iota, which has no booleans). What the backends do with them:
// test/python/deviations/test_spec_deviations_bounds.py.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file --stablehlo-aggressive-simplification --stablehlo-aggressive-folder -verify-diagnostics | FileCheck %s --check-prefix=PASSES

// dynamic_iota's result (Outputs): a tensor of integer, floating-point or
// complex type or per-tensor quantized tensor (as iota's).
// STRICT: error: 'stablehlo.dynamic_iota' op Outputs: result must be a tensor of integer, floating-point or complex type or per-tensor quantized tensor, got 'tensor<3xi1>'
// PASSES-LABEL: func.func @dynamic_iota_bool
// PASSES: stablehlo.dynamic_iota {{.*}} -> tensor<3xi1>
func.func @dynamic_iota_bool() -> tensor<3xi1> {
  %shape = stablehlo.constant dense<3> : tensor<1xi64>
  // expected-warning @+1 {{'stablehlo.dynamic_iota' op Outputs: result must be a tensor of integer, floating-point or complex type or per-tensor quantized tensor, got 'tensor<3xi1>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// PASSES-LABEL: func.func @dynamic_iota_bool_dynamic
// PASSES: stablehlo.dynamic_iota {{.*}} -> tensor<2x?xi1>
func.func @dynamic_iota_bool_dynamic(%shape: tensor<2xi32>) -> tensor<2x?xi1> {
  // expected-warning @+1 {{'stablehlo.dynamic_iota' op Outputs: result must be a tensor of integer}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<2x?xi1>
  return %0 : tensor<2x?xi1>
}

// -----

// What upstream also rejects stays an error: a result of index type.
func.func @dynamic_iota_index(%shape: tensor<1xi64>) -> tensor<?xindex> {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op result #0 must be ranked tensor of bool or integer or floating-point or complex type}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// A boolean dynamic_iota is still checked as one (C1).
func.func @dynamic_iota_bool_c1(%shape: tensor<1xi64>) -> tensor<?xi1> {
  // expected-warning @+2 {{'stablehlo.dynamic_iota' op Outputs}}
  // expected-error @+1 {{'stablehlo.dynamic_iota' op C1: iota_dimension 1 must be in [0, 1)}}
  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<1xi64>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

// dot (dot_general C12): a static result size larger than the bound of the
// lhs dimension it comes from.
// STRICT: error: 'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>', got 'tensor<5x4xf32>'
func.func @dot_static_past_operand_bound(%lhs: tensor<?x3xf32, #stablehlo.bounds<2, ?>>, %rhs: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-warning @+1 {{'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>', got 'tensor<5x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<?x3xf32, #stablehlo.bounds<2, ?>>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// dot: a bounded result dimension whose bound is below the static size.
// STRICT: error: 'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<5x4xf32>', got 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>'
func.func @dot_bound_below_static(%lhs: tensor<5x3xf32>, %rhs: tensor<3x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<2, ?>> {
  // expected-warning @+1 {{'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<5x4xf32>', got 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<5x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<2, ?>>
  return %0 : tensor<?x4xf32, #stablehlo.bounds<2, ?>>
}

// -----

// dot_general C12, the same for its result's bound.
// STRICT: error: 'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [5, 4], got 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>'
func.func @dot_general_bound_below_static(%lhs: tensor<5x3xf32>, %rhs: tensor<3x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<2, ?>> {
  // expected-warning @+1 {{'stablehlo.dot_general' op C12: result shape must be batch dims + lhs free dims + rhs free dims = [5, 4], got 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>'}}
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<5x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<2, ?>>
  return %0 : tensor<?x4xf32, #stablehlo.bounds<2, ?>>
}

// -----

// Sizes that disagree stay errors, bounds or not.
func.func @dot_other_size(%lhs: tensor<?x3xf32, #stablehlo.bounds<2, ?>>, %rhs: tensor<3x4xf32>) -> tensor<5x5xf32> {
  // expected-error @+1 {{'stablehlo.dot' op C12: result shape must be lhs without its last dimension + rhs without its first as in 'tensor<?x4xf32, #stablehlo.bounds<2, ?>>', got 'tensor<5x5xf32>'}}
  %0 = stablehlo.dot %lhs, %rhs : (tensor<?x3xf32, #stablehlo.bounds<2, ?>>, tensor<3x4xf32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

// dynamic_slice C4: 0 <= slice_sizes <= shape(operand), a bound read as the
// size of its dimension.
// STRICT: error: 'stablehlo.dynamic_slice' op C4: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>'
func.func @dynamic_slice_past_bound(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %i: tensor<i64>) -> tensor<5x2xf32> {
  // expected-warning @+1 {{'stablehlo.dynamic_slice' op C4: slice_sizes [5, 2] must be in [0, 3] in dimension 0 of operand 'tensor<?x4xf32, #stablehlo.bounds<3, ?>>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [5, 2] : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<i64>, tensor<i64>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

// A static size past the operand's, and a result past its own bound (C5),
// stay errors, as upstream has them.
func.func @dynamic_slice_past_static(%operand: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %i: tensor<i64>) -> tensor<5x5xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C4: slice_sizes [5, 5] must be in [0, 4] in dimension 1}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [5, 5] : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<i64>, tensor<i64>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

func.func @dynamic_slice_result_past_bound(%operand: tensor<6x4xf32>, %i: tensor<i64>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op C5: result shape must be slice_sizes [5, 2], got 'tensor<?x2xf32, #stablehlo.bounds<3, ?>>'}}
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [5, 2] : (tensor<6x4xf32>, tensor<i64>, tensor<i64>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>>
  return %0 : tensor<?x2xf32, #stablehlo.bounds<3, ?>>
}

// -----

// reduce_window C6, C8, C10, C12: window_strides, base_dilations and
// window_dilations need rank(inputs[0]) entries and padding the shape
// [rank, 2]; empty ones are read as absent (ones, no padding), each warned
// about.
// STRICT: error: 'stablehlo.reduce_window' op C6: window_strides must have 2 entries, one per dimension, got an empty one (read as absent)
func.func @reduce_window_empty_lists(%input: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<3x5xf32> {
  // expected-warning @+4 {{'stablehlo.reduce_window' op C6: window_strides must have 2 entries, one per dimension, got an empty one (read as absent) (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  // expected-warning @+3 {{'stablehlo.reduce_window' op C8: base_dilations must have 2 entries, one per dimension, got an empty one (read as absent)}}
  // expected-warning @+2 {{'stablehlo.reduce_window' op C10: window_dilations must have 2 entries, one per dimension, got an empty one (read as absent)}}
  // expected-warning @+1 {{'stablehlo.reduce_window' op C12: padding must have shape [2, 2], got an empty one (read as absent)}}
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64>, base_dilations = array<i64>, window_dilations = array<i64>, padding = dense<> : tensor<0x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Read as absent, the lists give the default window count: another result
// shape is the C15 error it would be without them.
func.func @reduce_window_empty_strides_c15(%input: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<2x3xf32> {
  // expected-warning @+2 {{'stablehlo.reduce_window' op C6: window_strides must have 2 entries}}
  // expected-error @+1 {{'stablehlo.reduce_window' op C15: result 0 must have shape [3, 5] (the number of windows), got 'tensor<2x3xf32>'}}
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// window_dimensions has no default: empty stays an error (upstream too).
func.func @reduce_window_empty_dimensions(%input: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C4: window_dimensions [] must have 2 entries, one per dimension}}
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// An empty padding of another shape than [0, 2] stays an error (upstream too).
func.func @reduce_window_padding_0x0(%input: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C12: padding must have shape [2, 2], got [0, 0]}}
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 1, 1>, padding = dense<> : tensor<0x0xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// select_and_scatter C6 and C8: the same for window_strides and padding.
// STRICT: error: 'stablehlo.select_and_scatter' op C6: window_strides must have 2 entries, one per dimension, got an empty one (read as absent)
func.func @select_and_scatter_empty_lists(%operand: tensor<4x6xf32>, %source: tensor<3x5xf32>, %init: tensor<f32>) -> tensor<4x6xf32> {
  // expected-warning @+2 {{'stablehlo.select_and_scatter' op C6: window_strides must have 2 entries, one per dimension, got an empty one (read as absent) (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  // expected-warning @+1 {{'stablehlo.select_and_scatter' op C8: padding must have shape [2, 2], got an empty one (read as absent)}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64>, padding = dense<> : tensor<0x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<3x5xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Rank 0: empty lists are what the spec asks for (no warning).
func.func @reduce_window_rank0(%input: tensor<f32>, %init: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64>, window_strides = array<i64>, padding = dense<> : tensor<0x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
