// The computations of all_reduce (C5) and reduce_scatter (C7) that upstream
// StableHLO's verifier accepts and the spec rejects (found by
// test/conformance/parity.py): upstream checks them as reduce's body
// (verifyReducerShape), so an argument 1 of another float type than E, an E
// narrower than the operand's float type and an integer E from a boolean
// operand verify with a warning citing the constraint, and fail under
// --strict-spec, as reduce's (accepted_region_ops.mlir; docs/decisions.md,
// "Accepting what upstream accepts"). XLA refuses the first and runs the
// others in the operand's type, outside the declared result type: every
// backend refuses them
// (test/python/deviations/test_spec_deviations_gather_collectives.py).
// collective_reduce (not in jaxlib's StableHLO) keeps the spec's rule.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// STRICT: error: 'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f16>) -> (tensor<f32>)
func.func @all_reduce_argument_1_f16(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-warning @+1 {{'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f16>) -> (tensor<f32>) (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f16>):
    %c = stablehlo.convert %y : (tensor<f16>) -> tensor<f32>
    %s = stablehlo.add %x, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// STRICT: error: 'stablehlo.all_reduce' op C5: the computation's element type E = 'f16' must be promotable from the element type of operand 'tensor<4xf32>'
func.func @all_reduce_narrower_float(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-warning @+1 {{'stablehlo.all_reduce' op C5: the computation's element type E = 'f16' must be promotable from the element type of operand 'tensor<4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Variadic: each operand is checked (the warning is given once per
// constraint).
// STRICT: error: 'stablehlo.all_reduce' op C5: the computation's element type E = 'i32' must be promotable from the element type of operand 'tensor<4xi1>'
func.func @all_reduce_boolean_to_integer(%a: tensor<4xi8>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi32>) {
  // expected-warning @+1 {{'stablehlo.all_reduce' op C5: the computation's element type E = 'i32' must be promotable from the element type of operand 'tensor<4xi1>'}}
  %0:2 = "stablehlo.all_reduce"(%a, %b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi8>, tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// What upstream also rejects stays an error: argument 0 other than E, an
// integer argument 1 of another width, an integer narrowing, a result other
// than E (C7).
func.func @all_reduce_argument_0(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f16>, tensor<f32>) -> (tensor<f32>)}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f32>):
    %c = stablehlo.convert %x : (tensor<f16>) -> tensor<f32>
    %s = stablehlo.add %c, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_integer_argument_1(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<i32>, tensor<i8>) -> (tensor<i32>)}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i8>):
    %c = stablehlo.convert %y : (tensor<i8>) -> tensor<i32>
    %s = stablehlo.add %x, %c : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @all_reduce_float_to_integer(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: the computation's element type E = 'i32' must be promotable from the element type of operand 'tensor<4xf32>'}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @all_reduce_result_not_e(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-warning @+2 {{'stablehlo.all_reduce' op C5: the computation's element type E = 'f16'}}
  // expected-error @+1 {{'stablehlo.all_reduce' op C7: the element type of result 'tensor<4xf32>' must be the computation's E = 'f16'}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_scatter C7: the same.
// STRICT: error: 'stablehlo.reduce_scatter' op C7: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f64>, tensor<f32>) -> (tensor<f64>)
func.func @reduce_scatter_argument_1_f32(%a: tensor<8x3xf32>) -> tensor<4x3xf64> {
  // expected-warning @+1 {{'stablehlo.reduce_scatter' op C7: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f64>, tensor<f32>) -> (tensor<f64>) (accepted, as upstream StableHLO accepts it; an error under strict spec checking)}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f32>):
    %c = stablehlo.convert %y : (tensor<f32>) -> tensor<f64>
    %s = stablehlo.maximum %x, %c : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<8x3xf32>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// -----

// STRICT: error: 'stablehlo.reduce_scatter' op C7: the computation's element type E = 'bf16' must be promotable from the element type of operand 'tensor<8x3xf32>'
func.func @reduce_scatter_narrower_float(%a: tensor<8x3xf32>) -> tensor<4x3xbf16> {
  // expected-warning @+1 {{'stablehlo.reduce_scatter' op C7: the computation's element type E = 'bf16' must be promotable from the element type of operand 'tensor<8x3xf32>'}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %s = stablehlo.add %x, %y : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<8x3xf32>) -> tensor<4x3xbf16>
  return %0 : tensor<4x3xbf16>
}

// -----

// STRICT: error: 'stablehlo.reduce_scatter' op C7: the computation's element type E = 'i32' must be promotable from the element type of operand 'tensor<8x3xi1>'
func.func @reduce_scatter_boolean_to_integer(%a: tensor<8x3xi1>) -> tensor<4x3xi32> {
  // expected-warning @+1 {{'stablehlo.reduce_scatter' op C7: the computation's element type E = 'i32' must be promotable from the element type of operand 'tensor<8x3xi1>'}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<8x3xi1>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

// collective_reduce C4 keeps the spec's rule (no upstream to follow).
func.func @collective_reduce_argument_1_f16(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f16>) -> (tensor<f32>)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f16>):
    %c = stablehlo.convert %y : (tensor<f16>) -> tensor<f32>
    %s = stablehlo.add %x, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_narrower_float(%a: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the computation's element type E = 'f16' must be promotable from the element type of operand 'tensor<4xf32>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
