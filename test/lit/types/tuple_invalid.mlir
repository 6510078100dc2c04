// Errors involving tuple types.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// Tuples hold tensors, tokens and tuples only.
func.func @tuple_of_scalar(%t: tuple<f32>) {
  // expected-error-re @+1 {{'stablehlo.custom_call' op operand #0 must be variadic of {{.*}} or memref of {{.*}}, but got 'tuple<f32>'}}
  stablehlo.custom_call @foo(%t) : (tuple<f32>) -> ()
  return
}

// -----

// Elementwise ops do not take tuples.
func.func @tuple_operand(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tuple<tensor<f32>>'}}
  %0 = "stablehlo.add"(%t, %t) : (tuple<tensor<f32>>, tuple<tensor<f32>>) -> tuple<tensor<f32>>
  return
}
