// RUN: not stablehlo-py opt %s --pipeline stablehlo-check-shape-assertions --split-input-file --verify-diagnostics 2>&1 | FileCheck %s

// --verify-diagnostics fails on an expected diagnostic that does not come and on one that was not expected.

// CHECK: verify_diagnostics.mlir":[[# @LINE + 2]]: expected error "this is not the message" was not produced
func.func @wrong_message() {
  // expected-error@+3 {{this is not the message}}
  %false = stablehlo.constant dense<false> : tensor<i1>
  %c = stablehlo.constant dense<3> : tensor<i32>
  stablehlo.custom_call @shape_assertion(%false, %c) {error_message = "the message {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return
}
// CHECK: verify_diagnostics.mlir":[[# @LINE - 3]]: unexpected error: the message 3

// -----

// CHECK: verify_diagnostics.mlir":[[# @LINE + 2]]: expected warning "never emitted" was not produced
func.func @nothing_emitted() {
  // expected-warning@+1 {{never emitted}}
  return
}

// -----

// A chunk whose diagnostics match is not reported.
// CHECK-NOT: matching
func.func @matching() {
  %false = stablehlo.constant dense<false> : tensor<i1>
  // expected-error@+1 {{matching}}
  stablehlo.custom_call @shape_assertion(%false) {error_message = "matching", has_side_effect = true} : (tensor<i1>) -> ()
  return
}
