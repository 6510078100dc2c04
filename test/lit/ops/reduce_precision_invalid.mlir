// Verifier errors of stablehlo.reduce_precision, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(operand) = baseline_type(output) -- shapes differ.
func.func @c1_shape(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C1: shapes of operand 'tensor<2xf32>' and output 'tensor<3xf32>' must match}}
  %0 = stablehlo.reduce_precision %a, format = e5m10 : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(output) -- element types differ.
func.func @c1_element(%a: tensor<2xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C1: operand and output must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf16>'}}
  %0 = stablehlo.reduce_precision %a, format = e5m10 : (tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// C1: baseline_type(operand) = baseline_type(output) -- quantized operand, float output.
func.func @c1_quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C1: operand and output must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.reduce_precision %a, format = e5m10 : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: 1 <= exponent_bits.
func.func @c2(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C2: exponent_bits must be at least 1, got 0}}
  %0 = stablehlo.reduce_precision %a, format = e0m10 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: 1 <= exponent_bits -- negative (generic form).
func.func @c2_negative(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C2: exponent_bits must be at least 1, got -5}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = -5 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: 0 <= mantissa_bits (generic form: the pretty format has no sign).
func.func @c3(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op C3: mantissa_bits must be non-negative, got -1}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ODS: the format is e<exponent_bits>m<mantissa_bits>.
func.func @ods_format(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' expected a format e<exponent_bits>m<mantissa_bits> such as e5m10, got 'f5m10'}}
  %0 = stablehlo.reduce_precision %a, format = f5m10 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ODS (Inputs): the operand is floating-point or per-tensor quantized.
func.func @ods_integer(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op operand #0 must be ranked tensor of floating-point or per-tensor quantized integer values, but got 'tensor<2xi32>'}}
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2xi32>
  return %0 : tensor<2xi32>
}
