// Verifier parity regressions found by test/conformance/parity.py: shape
// compatibility with dynamic dimensions is not transitive (`?x3` matches `2x?`
// and `3x3`, which do not match each other), so every pair of operands and
// results must be compatible.  Each case says what upstream (jaxlib) does.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// add: upstream rejects too ('requires the same shape for all operands and results'); we used to accept: fixed.
func.func @add(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.add' op C1: shapes of 'tensor<2x?xf32>' and 'tensor<3x3xf32>' must match}}
  %0 = stablehlo.add %a, %b : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// subtract: upstream rejects too; we used to accept: fixed (verifySameTypes compares every pair).
func.func @subtract(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.subtract' op C1: shapes of rhs 'tensor<2x?xf32>' and result 'tensor<3x3xf32>' must match}}
  %0 = stablehlo.subtract %a, %b : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// shift_right_logical: upstream rejects too; we used to accept: fixed (verifySameTypes compares every pair).
func.func @shift_right_logical(%a: tensor<?x3xi32>, %b: tensor<3x?xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'stablehlo.shift_right_logical' op C1: shapes of rhs 'tensor<3x?xi32>' and result 'tensor<2x3xi32>' must match}}
  %0 = stablehlo.shift_right_logical %a, %b : (tensor<?x3xi32>, tensor<3x?xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// compare: upstream rejects too; we used to accept: fixed.
func.func @compare(%a: tensor<?x2xf32>, %b: tensor<3x?xf32>) -> tensor<4x2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C2: shapes of 'tensor<3x?xf32>' and 'tensor<4x2xi1>' must match}}
  %0 = stablehlo.compare EQ, %a, %b : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

// complex: upstream rejects too; we used to accept: fixed.
func.func @complex(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.complex' op C2: shapes of rhs 'tensor<2xf32>' and result 'tensor<3xcomplex<f32>>' must match}}
  %0 = stablehlo.complex %a, %b : (tensor<?xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// select: upstream ACCEPTS: a spec deviation, a warning (docs/decisions.md, "Accepting what upstream accepts";
// test/lit/deviations/accepted_elementwise.mlir).
func.func @select(%p: tensor<2xi1>, %a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  // expected-warning @+1 {{'stablehlo.select' op C1: pred must be a scalar or have the shape of on_true, got 'tensor<2xi1>' and 'tensor<3xf32>'}}
  %0 = stablehlo.select %p, %a, %b : (tensor<2xi1>, tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// select_on_false: upstream rejects too (its inferred type); we used to accept: fixed.
func.func @select_on_false(%p: tensor<i1>, %a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.select' op C2: on_true, on_false and result must have the same type, got 'tensor<3xf32>' and 'tensor<2xf32>'}}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<?xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// clamp: upstream ACCEPTS: a spec deviation, a warning (docs/decisions.md, "Accepting what upstream accepts";
// test/lit/deviations/accepted_elementwise.mlir).
func.func @clamp(%min: tensor<3xf32>, %x: tensor<?xf32>, %max: tensor<3xf32>) -> tensor<4xf32> {
  // expected-warning @+1 {{'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<3xf32>' and result 'tensor<4xf32>'}}
  %0 = stablehlo.clamp %min, %x, %max : (tensor<3xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clamp_min_max: upstream ACCEPTS: a spec deviation, a warning (docs/decisions.md, "Accepting what upstream accepts";
// test/lit/deviations/accepted_elementwise.mlir).
func.func @clamp_min_max(%min: tensor<2xf32>, %x: tensor<?xf32>, %max: tensor<3xf32>) -> tensor<?xf32> {
  // expected-warning @+1 {{'stablehlo.clamp' op C2: max must be a scalar or have the shape of operand, got 'tensor<3xf32>' and min 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %min, %x, %max : (tensor<2xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
