// Programs of select, clamp, bitcast_convert, einsum/unary_einsum and compare
// that the spec (or, for the legacy einsum, the checks we give it) rejects but
// upstream StableHLO's verifier accepts: they verify with a warning that cites
// the constraint and fail under --strict-spec (docs/decisions.md, "Accepting
// what upstream accepts"). What they do at run time (XLA's result or an error
// naming the op) is tested in
// test/python/deviations/test_spec_deviations_elementwise.py.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// select C1 (upstream compares pred with on_true alone, sizes only): a bound.
// WARN: warning: 'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<?xi1, #stablehlo.bounds<3>>' and 'tensor<5xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<?xi1, #stablehlo.bounds<3>>' and 'tensor<5xf32>'
func.func @select_pred_bound(%p: tensor<?xi1, #stablehlo.bounds<3>>, %t: tensor<5xf32>, %f: tensor<5xf32>) -> tensor<5xf32> {
  %0 = stablehlo.select %p, %t, %f : (tensor<?xi1, #stablehlo.bounds<3>>, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// select C1 with C2: pred against on_false (compatibility is not transitive).
// WARN: warning: 'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<2x?xi1>' and 'tensor<3x3xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<2x?xi1>' and 'tensor<3x3xf32>'
func.func @select_pred_on_false(%p: tensor<2x?xi1>, %t: tensor<?x3xf32>, %f: tensor<3x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.select %p, %t, %f : (tensor<2x?xi1>, tensor<?x3xf32>, tensor<3x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// clamp C1 (upstream compares min with operand alone, sizes only): a bound.
// WARN: warning: 'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<?xf32, #stablehlo.bounds<3>>' and 'tensor<5xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<?xf32, #stablehlo.bounds<3>>' and 'tensor<5xf32>'
func.func @clamp_min_bound(%min: tensor<?xf32, #stablehlo.bounds<3>>, %x: tensor<5xf32>, %max: tensor<f32>) -> tensor<5xf32> {
  %0 = stablehlo.clamp %min, %x, %max : (tensor<?xf32, #stablehlo.bounds<3>>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// clamp C1 with C4: min against the result.
// WARN: warning: 'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<2x?xf32>' and result 'tensor<3x3xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<2x?xf32>' and result 'tensor<3x3xf32>'
func.func @clamp_min_result(%min: tensor<2x?xf32>, %x: tensor<?x3xf32>, %max: tensor<f32>) -> tensor<3x3xf32> {
  %0 = stablehlo.clamp %min, %x, %max : (tensor<2x?xf32>, tensor<?x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// clamp C1 with C2: min against max.
// WARN: warning: 'stablehlo.clamp' op C2: max must be a scalar or have the shape of operand, got 'tensor<3x?xf32>' and min 'tensor<2x?xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.clamp' op C2: max must be a scalar or have the shape of operand, got 'tensor<3x?xf32>' and min 'tensor<2x?xf32>'
func.func @clamp_min_max(%min: tensor<2x?xf32>, %x: tensor<?x?xf32>, %max: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.clamp %min, %x, %max : (tensor<2x?xf32>, tensor<?x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// bitcast_convert C1, equal widths: upstream compares only the dimensions both
// ranks have, sizes only.
// WARN: warning: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<2xi8>' and result 'tensor<2x2xui8>' must match when their element types have the same number of bits (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<2xi8>' and result 'tensor<2x2xui8>' must match when their element types have the same number of bits
func.func @bitcast_rank_up(%a: tensor<2xi8>) -> tensor<2x2xui8> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xi8>) -> tensor<2x2xui8>
  return %0 : tensor<2x2xui8>
}

// -----

// WARN: warning: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<i32>' must match when their element types have the same number of bits (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<i32>' must match when their element types have the same number of bits
func.func @bitcast_to_scalar(%a: tensor<2xf32>) -> tensor<i32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// WARN: warning: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<?xf32, #stablehlo.bounds<3>>' and result 'tensor<5xi32>' must match when their element types have the same number of bits (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<?xf32, #stablehlo.bounds<3>>' and result 'tensor<5xi32>' must match when their element types have the same number of bits
func.func @bitcast_bound(%a: tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<5xi32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// einsum, unary_einsum (legacy, not in the spec): upstream checks neither the
// config nor the types.
// WARN: warning: 'stablehlo.einsum' op einsum_config: "garbage" must have the form "lhs,rhs->result" (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op einsum_config: "garbage" must have the form "lhs,rhs->result"
func.func @einsum_form(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "garbage" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The implicit form (numpy's and XLA's: the letters seen once, sorted).
// WARN: warning: 'stablehlo.einsum' op einsum_config: "ab,bc" must have the form "lhs,rhs->result" (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op einsum_config: "ab,bc" must have the form "lhs,rhs->result"
func.func @einsum_implicit(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// WARN: warning: 'stablehlo.einsum' op einsum_config: term "acd" for the result must have one letter per dimension of 'tensor<2x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op einsum_config: term "acd" for the result must have one letter per dimension of 'tensor<2x4xf32>'
func.func @einsum_result_letters(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->acd" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// WARN: warning: 'stablehlo.einsum' op einsum_config: letter 'b' has sizes 3 and 4 in the operands (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op einsum_config: letter 'b' has sizes 3 and 4 in the operands
func.func @einsum_letter_sizes(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// WARN: warning: 'stablehlo.unary_einsum' op einsum_config: result "c" must consist of distinct letters of the operands, got 'c' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.unary_einsum' op einsum_config: result "c" must consist of distinct letters of the operands, got 'c'
func.func @unary_einsum_letters(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.unary_einsum %a, config = "ab->c" : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// WARN: warning: 'stablehlo.einsum' op einsum_config: result shape must be 'tensor<2x4xf32>' for "ab,bc->ac", got 'tensor<2x5xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op einsum_config: result shape must be 'tensor<2x4xf32>' for "ab,bc->ac", got 'tensor<2x5xf32>'
func.func @einsum_result_shape(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// WARN: warning: 'stablehlo.einsum' op element types: operands and result must have one element type, got 'tensor<2x3xf16>', 'tensor<3x4xf32>', 'tensor<2x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op element types: operands and result must have one element type, got 'tensor<2x3xf16>', 'tensor<3x4xf32>', 'tensor<2x4xf32>'
func.func @einsum_element_types(%a: tensor<2x3xf16>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf16>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Both at once: a warning for each.
// WARN: warning: 'stablehlo.einsum' op element types: operands and result must have one element type, got 'tensor<2x3xi8>', 'tensor<3x4xi8>', 'tensor<4x2xi32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// WARN: warning: 'stablehlo.einsum' op einsum_config: result shape must be 'tensor<2x4xi32>' for "ab,bc->ac", got 'tensor<4x2xi32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.einsum' op element types: operands and result must have one element type, got 'tensor<2x3xi8>', 'tensor<3x4xi8>', 'tensor<4x2xi32>'
func.func @einsum_types_and_config(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>) -> tensor<4x2xi32> {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

// compare C3: UNSIGNED on signed integers (compared as signed, by the element type).
// WARN: warning: 'stablehlo.compare' op C3: compare_type UNSIGNED is not allowed for element type 'i32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.compare' op C3: compare_type UNSIGNED is not allowed for element type 'i32'
func.func @compare_unsigned_signed(%a: tensor<4xi32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %a, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
