// Programs of reduce and reduce_window whose element types the spec rejects
// but upstream StableHLO's verifier accepts (it reads init values as
// promotable to the body's accumulator and ignores the precision of floats, as
// hlo::verifyReducerShape does): they verify with a warning that cites the
// constraint and fail under --strict-spec (docs/decisions.md, "Accepting what
// upstream accepts"). XLA refuses to run each of them; the interpreter and the
// compiled backend refuse them with an error naming the op
// (test/python/deviations/test_spec_deviations_regions.py).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// C2: element_type(inputs...) = element_type(init_values...).
// WARN: warning: 'stablehlo.reduce' op C2: init value 'tensor<f16>' must be a 0-d tensor of the element type of 'tensor<4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce' op C2: init value 'tensor<f16>' must be a 0-d tensor of the element type of 'tensor<4xf32>'
func.func @c2_element_type(%input: tensor<4xf32>, %init: tensor<f16>) -> tensor<f32> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f16>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C6: is_promotable(element_type(inputs[i]), Ei) -- floats do not narrow.
// WARN: warning: 'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32'
func.func @c6_narrowing(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f16> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f16>
   reducer(%a: tensor<f16>, %b: tensor<f16>)  {
    stablehlo.return %a : tensor<f16>
  }
  return %0 : tensor<f16>
}

// -----

// C6: is_promotable -- booleans promote to booleans only.
// WARN: warning: 'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1'
func.func @c6_boolean(%input: tensor<4xi1>, %init: tensor<i1>) -> tensor<i32> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>)  {
    stablehlo.return %a : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// C3: element_type(inputs...) = element_type(init_values...).
// WARN: warning: 'stablehlo.reduce_window' op C3: init value 'tensor<f64>' must be a 0-d tensor of the element type of 'tensor<4x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce_window' op C3: init value 'tensor<f64>' must be a 0-d tensor of the element type of 'tensor<4x4xf32>'
func.func @c3(%a: tensor<4x4xf32>, %init: tensor<f64>) -> tensor<3x3xf32> {
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f64>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C13: is_promotable(element_type(inputs[i]), Ei).
// WARN: warning: 'stablehlo.reduce_window' op C13: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce_window' op C13: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32'
func.func @c13_promotable(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf16> {
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    stablehlo.return %x : tensor<f16>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf16>
  return %0 : tensor<3x3xf16>
}
