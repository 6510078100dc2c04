// Element types outside the spec's TensorElementType, rejected by the ops'
// ODS type constraints.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// Signed integers are signless in MLIR; `si32` is not a StableHLO type.
func.func @signed(%a: tensor<si32>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<si32>'}}
  %0 = stablehlo.add %a, %a : tensor<si32>
  return
}

// -----

// Integer widths are 2, 4, 8, 16, 32 or 64 bits.
func.func @width(%a: tensor<i128>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<i128>'}}
  %0 = stablehlo.add %a, %a : tensor<i128>
  return
}

// -----

// Complex numbers have f32 or f64 parts.
func.func @complex_f16(%a: tensor<complex<f16>>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<complex<f16>>'}}
  %0 = stablehlo.add %a, %a : tensor<complex<f16>>
  return
}

// -----

// index is not an element type.
func.func @index(%a: tensor<index>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<index>'}}
  %0 = stablehlo.add %a, %a : tensor<index>
  return
}

// -----

// Shapes cannot be unranked.
func.func @unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<*xf32>'}}
  %0 = "stablehlo.add"(%a, %a) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

// Scalars are 0-d tensors, not bare element types.
func.func @scalar(%a: f32) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'f32'}}
  %0 = "stablehlo.add"(%a, %a) : (f32, f32) -> f32
  return
}
