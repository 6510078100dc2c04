// Verifier errors of the broadcasting ops (chlo.broadcast_*), one case per
// constraint of docs/chlo.md.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// C1: lhs and rhs have the same element type.
func.func @c1(%a: tensor<2x3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C1: lhs and rhs must have the same element type, got 'tensor<2x3xf32>' and 'tensor<3xf64>'}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf64>) -> tensor<2x3xf32>
  return
}

// -----

// C1: the element types of the corresponding stablehlo op.
func.func @c1_types(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_and' op operand #0 must be ranked tensor of bool or integer values, but got 'tensor<2xf32>'}}
  %0 = chlo.broadcast_and %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @c1_complex(%a: tensor<2xbf16>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op operand #0 must be ranked tensor of 32-bit float or 64-bit float values, but got 'tensor<2xbf16>'}}
  %0 = chlo.broadcast_complex %a, %a : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xcomplex<bf16>>
  return
}

// -----

// C2: one entry per dimension of the lower-rank operand.
func.func @c2_size(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C2: broadcast_dimensions must have one entry per dimension of the lower-rank operand (1), got [0, 1]}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C2: the identity for operands of equal rank.
func.func @c2_identity(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C2: broadcast_dimensions of operands of equal rank must be the identity, got [1, 0]}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C2: unique entries.
func.func @c2_unique(%a: tensor<2x2xf32>, %b: tensor<2x2x2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op C2: broadcast_dimensions must be unique, got [1, 1]}}
  %0 = chlo.broadcast_multiply %a, %b {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return
}

// -----

// C2: entries index the result.
func.func @c2_range(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: mapped dimensions are equal or 1.
func.func @c3_mapped(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C3: dimension 0 of size 3 cannot broadcast to result dimension 0 of size 2}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: without broadcast_dimensions, shapes align at their last dimension.
func.func @c3_trailing(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op C3: shapes [2, 3] and [4] are not broadcast-compatible (3 vs 4 in dimension 1 of the result)}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: the result has the broadcast shape.
func.func @c4_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C4: result type 'tensor<3x3xf32>' is incompatible with the inferred type 'tensor<2x3xf32>'}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C4: the result's element type.
func.func @c4_complex(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op C4: result type 'tensor<2xcomplex<f64>>' is incompatible with the inferred type 'tensor<2xcomplex<f32>>'}}
  %0 = chlo.broadcast_complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return
}

// -----

func.func @c4_compare(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op result #0 must be ranked tensor of bool values, but got 'tensor<2xf32>'}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// broadcast_select C1: on_true and on_false have the same element type.
func.func @select_c1(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_select' op C1: on_true and on_false must have the same element type, got 'tensor<3xf32>' and 'tensor<3xf64>'}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

// broadcast_select C1: pred is a boolean tensor.
func.func @select_pred(%p: tensor<3xi32>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_select' op operand #0 must be ranked tensor of bool values, but got 'tensor<3xi32>'}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<3xi32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// broadcast_select C3: the three shapes broadcast.
func.func @select_c3(%p: tensor<2xi1>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_select' op C3: shapes [2] and [3] are not broadcast-compatible (2 vs 3 in dimension 0 of the result)}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// broadcast_select C4: the result has the broadcast shape.
func.func @select_c4(%p: tensor<i1>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_select' op C4: result type 'tensor<4xf32>' is incompatible with the inferred type 'tensor<3xf32>'}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

// C5: compare_type suits the element type; upstream does not check it, so a
// mismatch verifies with a warning (test/lit/deviations/ has --strict-spec).
func.func @c5(%a: tensor<2xi32>) {
  // expected-warning @+1 {{'chlo.broadcast_compare' op C5: compare_type FLOAT is not allowed for element type 'i32'}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return
}
