// RUN: stablehlo-py opt %s --pipeline stablehlo-check-shape-assertions --split-input-file --verify-diagnostics | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-check-shape-assertions{enable-shape-assertions=false}' --split-input-file | FileCheck %s --check-prefix=DISABLED

// DISABLED-NOT: @shape_assertion

// CHECK-LABEL: func.func @holds
// CHECK-NOT: @shape_assertion
// CHECK-NOT: stablehlo.constant
// CHECK: return
func.func @holds() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  %c = stablehlo.constant dense<7> : tensor<i32>
  stablehlo.custom_call @shape_assertion(%true, %c) {error_message = "never {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return
}

// -----

func.func @fails() {
  %false = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<7> : tensor<i32>
  %b = stablehlo.constant dense<-2> : tensor<i64>
  // expected-error@+1 {{b = -2 and a = 7, a again 7}}
  stablehlo.custom_call @shape_assertion(%false, %a, %b) {error_message = "b = {1} and a = {0}, a again {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  return
}

// -----

func.func @not_constant(%arg0: tensor<i1>) {
  // expected-error@+1 {{expects static assert_what (operand #0)}}
  stablehlo.custom_call @shape_assertion(%arg0) {error_message = "x", has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @input_not_constant(%arg0: tensor<i32>) {
  %false = stablehlo.constant dense<false> : tensor<i1>
  // expected-error@+1 {{expects static error_message_input (operand #1)}}
  stablehlo.custom_call @shape_assertion(%false, %arg0) {error_message = "{0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return
}

// -----

func.func @predicate_type() {
  %c = stablehlo.constant dense<1> : tensor<i32>
  // expected-error@+1 {{expects assert_what (operand #0) to be a constant of type tensor<i1>}}
  stablehlo.custom_call @shape_assertion(%c) {error_message = "x", has_side_effect = true} : (tensor<i32>) -> ()
  return
}

// -----

func.func @input_type() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  %c = stablehlo.constant dense<1> : tensor<i8>
  // expected-error@+1 {{expects error_message_input (operand #1) to be a constant of type tensor<i32> or tensor<i64>}}
  stablehlo.custom_call @shape_assertion(%true, %c) {error_message = "x", has_side_effect = true} : (tensor<i1>, tensor<i8>) -> ()
  return
}

// -----

func.func @no_message() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  // expected-error@+1 {{expects an error_message attribute}}
  stablehlo.custom_call @shape_assertion(%true) {has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @specifier_out_of_range() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  %c = stablehlo.constant dense<1> : tensor<i32>
  // expected-error@+1 {{expects error_message to contain format specifiers with error_message_input index less than 1. Found specifier {1}}}
  stablehlo.custom_call @shape_assertion(%true, %c) {error_message = "{0} {1}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return
}
