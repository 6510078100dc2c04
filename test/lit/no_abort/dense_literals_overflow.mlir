// Two more literal kinds MLIR's parser asserts on, caught by the guard in
// lib/Support/TextUpgrade.cpp: a literal type whose element count overflows
// int64 (ShapedType::getNumElements asserts) and sparse indices written as a
// string (the token-kind assertion). Each aborted stablehlo-opt before.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics
// RUN: not stablehlo-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: dense_literals_overflow.mlir:[[# @LINE + 3]]:7: error: dense literal type tensor<3037000500x3037000500xf32> has more than 2^63 - 1 elements
func.func @element_count_overflow() attributes {
  // expected-error @+1 {{dense literal type tensor<3037000500x3037000500xf32> has more than 2^63 - 1 elements}}
  x = dense<1.0> : tensor<3037000500x3037000500xf32>} {
  return
}

// -----

func.func @constant_element_count_overflow() {
  // expected-error @+1 {{dense literal type tensor<9223372036854775807x3x2xi64> has more than 2^63 - 1 elements}}
  %0 = stablehlo.constant dense<1> : tensor<9223372036854775807x3x2xi64>
  return
}

// -----

// 2^62 x 4 wraps to 0 in 64 bits; MLIR accepted it as an empty tensor.
func.func @element_count_wraps_to_zero() {
  // expected-error @+1 {{dense literal type tensor<4611686018427387904x4xi8> has more than 2^63 - 1 elements}}
  %0 = stablehlo.constant dense<1> : tensor<4611686018427387904x4xi8>
  return
}

// -----

func.func @sparse_hex_indices() attributes {
  // expected-error @+1 {{sparse literal indices must be a list of integers, not a string}}
  x = sparse<"0x00", [1.0]> : tensor<2xf32>} {
  return
}

// -----

// The largest element counts that fit, and hex sparse values, still parse.
func.func @still_valid() attributes {
  a = dense<1> : tensor<9223372036854775807xi8>,
  b = sparse<[[0]], "0x0000803F"> : tensor<2xf32>} {
  return
}
