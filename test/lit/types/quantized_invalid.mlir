// Quantized element type constraints C1-C13 (spec "Quantized element types").
// Several are enforced by MLIR's quant dialect parser before any stablehlo
// verifier runs; each case names the component that rejects it. The others are
// checked by our VerifyQuantizedTypes op trait on every operand and result of
// every stablehlo op (messages "quantized type Cn: ...").
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(storage_min) = storage_type -- rejected by MLIR's quant parser.
// expected-error @+1 {{illegal storage type minimum: -200}}
func.func @c1(%a: tensor<2x!quant.uniform<i8<-200:127>:f32, 1.0>>) {
  return
}

// -----

// C2: type(storage_max) = storage_type -- rejected by MLIR's quant parser.
// expected-error @+1 {{illegal storage type maximum: 256}}
func.func @c2(%a: tensor<2x!quant.uniform<u8<0:256>:f32, 1.0>>) {
  return
}

// -----

// C3: storage_min < storage_max -- rejected by MLIR's quant parser.
// expected-error @+1 {{illegal storage min and storage max: (10:5)}}
func.func @c3(%a: tensor<2x!quant.uniform<i8<10:5>:f32, 1.0>>) {
  return
}

// -----

// C3: storage_min < storage_max (strictly) -- rejected by MLIR's quant parser.
// expected-error @+1 {{illegal storage min and storage max: (5:5)}}
func.func @c3_equal(%a: tensor<2x!quant.uniform<i8<5:5>:f32, 1.0>>) {
  return
}

// -----

// C4: type(scales...) = expressed_type -- a scale that f16 cannot represent;
// rejected by MLIR's quant parser.
// expected-error @+1 {{scale 1.000000e+10 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func @c4(%a: tensor<2x!quant.uniform<i8:f16, 1.0e10>>) {
  return
}

// -----

// C5: 0 < scales -- rejected by MLIR's quant parser.
// expected-error @+1 {{scale -1.000000e+00 out of expressed type range}}
func.func @c5(%a: tensor<2x!quant.uniform<i8:f32, -1.0>>) {
  return
}

// -----

// C5: 0 < scales -- zero; rejected by MLIR's quant parser.
// expected-error @+1 {{scale 0.000000e+00 out of expressed type range}}
func.func @c5_zero(%a: tensor<2x!quant.uniform<i8:f32, 0.0>>) {
  return
}

// -----

// C5: 0 < scales -- a NaN scale (written in hexadecimal) passes MLIR's parser
// and is rejected by our verifier (NaN also violates C6).
func.func @c5_nan() {
  // expected-error @+1 {{'stablehlo.constant' op quantized type C5: scale nan must be positive in 'tensor<2x!quant.uniform<i8:f64, 0x7FF8000000000000>>'}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f64, 0x7FF8000000000000>>
  return
}

// -----

// C6: is_finite(scales...) -- an infinite scale; rejected by MLIR's quant
// parser.
// expected-error @+1 {{scale INF out of expressed type range}}
func.func @c6(%a: tensor<2x!quant.uniform<i8:f64, 0x7FF0000000000000>>) {
  return
}

// -----

// C7: storage_min <= zero_points -- our verifier.
func.func @c7_min(%a: tensor<2x!quant.uniform<i8<-10:10>:f32, 1.0:-11>>) {
  // expected-error @+1 {{'stablehlo.add' op quantized type C7: zero point -11 must be within [-10, 10] in 'tensor<2x!quant.uniform<i8<-10:10>:f32, 1.000000e+00:-11>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8<-10:10>:f32, 1.0:-11>>
  return
}

// -----

// C7: zero_points <= storage_max -- our verifier, per-axis too.
func.func @c7_max(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 1.0:128}>>) {
  // expected-error @+1 {{'stablehlo.add' op quantized type C7: zero point 128 must be within [-128, 127] in 'tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,1.000000e+00:128}>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 1.0:128}>>
  return
}

// -----

// C8: type(zero_points...) = storage_type -- an unsigned storage type has no
// negative zero points (our verifier, as the storage range check of C7).
func.func @c8(%a: tensor<2x!quant.uniform<u8:f32, 1.0:-1>>) {
  // expected-error @+1 {{'stablehlo.add' op quantized type C7: zero point -1 must be within [0, 255] in 'tensor<2x!quant.uniform<u8:f32, 1.000000e+00:-1>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<u8:f32, 1.0:-1>>
  return
}

// -----

// C9: size(scales) = size(zero_points) -- holds by construction: the syntax
// pairs each scale with its (optional) zero point, so a zero point without a
// scale is a syntax error of MLIR's quant parser.
// expected-error @+1 {{expected floating point literal}}
func.func @c9(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0:0, :1}>>) {
  return
}

// -----

// C10: if is_empty(quantization_dimension), then size(scales) = 1 -- a list
// of scales needs a quantization dimension; rejected by MLIR's quant parser.
// expected-error @+1 {{expected floating point literal}}
func.func @c10(%a: tensor<2x!quant.uniform<i8:f32, {1.0, 2.0}>>) {
  return
}

// -----

// C11: 0 <= quantization_dimension -- rejected by MLIR's quant parser.
// expected-error @+1 {{illegal quantized dimension: -1}}
func.func @c11(%a: tensor<2x!quant.uniform<i8:f32:-1, {1.0, 2.0}>>) {
  return
}

// -----

// C12: quantization_dimension < rank(self) -- our verifier.
func.func @c12(%a: tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.add' op quantized type C12: quantization_dimension 1 must be less than the rank 1 of 'tensor<2x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

// C13: dim(self, quantization_dimension) = size(scales) -- our verifier.
func.func @c13(%a: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.add' op quantized type C13: dimension 1 of size 3 must equal the number of scales 2 in 'tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

// The storage type is an integer type: a float storage type is rejected by
// MLIR's quant parser.
// expected-error @+1 {{illegal storage type size}}
func.func @float_storage(%a: tensor<2x!quant.uniform<f8E4M3FN:f32, 1.0>>) {
  return
}

// -----

// The expressed type is a floating-point type -- rejected by MLIR's quant
// parser.
// expected-error @+1 {{invalid kind of type specified}}
func.func @integer_expressed(%a: tensor<2x!quant.uniform<i8:i32, 1.0>>) {
  return
}

// -----

// Storage widths outside the spec's integer types (here 3 bits) are rejected
// by the op's ODS type constraint.
func.func @storage_width(%a: tensor<2x!quant.uniform<i3:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'tensor<2x!quant.uniform<i3:f32, 1.000000e+00>>'}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i3:f32, 1.0>>
  return
}

// -----

// A signed storage type written with its signedness (si8) is rejected, as
// upstream does: MLIR prints it `i8`, which reads back as another type. (`ui8`
// is accepted: see quantized.mlir.)
func.func @signed_storage(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op quantized type: the storage type must be written i8 or u8, not si8, in 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>'}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<si8:f32, 0.5:3>>
  return
}
