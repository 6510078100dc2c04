// Element-wise folds through the scalar table (Conversion/ScalarOps.h:
// ScalarFolder) and the folder's policy (lib/Transforms/Folding.cpp).
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-folder | FileCheck %s

// A NaN result carries the table's NaN (as the lowering and the interpreter
// compute it: bf16 through f32, ml_dtypes' canonical quiet NaN), not APFloat's
// payload.
// CHECK-LABEL: func.func @nan_bits_bf16
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[0x7FC0, 3.000000e+00]> : tensor<2xbf16>
// CHECK-NEXT: return %{{.*}} : tensor<2xbf16>
func.func @nan_bits_bf16() -> tensor<2xbf16> {
  %a = stablehlo.constant dense<[0x7FA0, 1.0]> : tensor<2xbf16>
  %b = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %r = stablehlo.add %a, %b : tensor<2xbf16>
  return %r : tensor<2xbf16>
}

// -----

// f8 arithmetic runs in f32 and rounds once (the table's SmallFloat path);
// fmod keeps the dividend's sign.
// CHECK-LABEL: func.func @remainder_f8E3M4
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[3.500000e+00, -0.000000e+00]> : tensor<2xf8E3M4>
// CHECK-NEXT: return %{{.*}} : tensor<2xf8E3M4>
func.func @remainder_f8E3M4() -> tensor<2xf8E3M4> {
  %a = stablehlo.constant dense<[8.0, -15.5]> : tensor<2xf8E3M4>
  %b = stablehlo.constant dense<[4.5, 0.125]> : tensor<2xf8E3M4>
  %r = stablehlo.remainder %a, %b : tensor<2xf8E3M4>
  return %r : tensor<2xf8E3M4>
}

// -----

// sqrt(-0) is -0 (math.sqrt's own folder declines negative operands, -0
// too: ScalarFolder supplies IEEE's value).
// CHECK-LABEL: func.func @sqrt_zeros
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[-0.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: return %{{.*}} : tensor<3xf32>
func.func @sqrt_zeros() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[-0.0, 0.0, 4.0]> : tensor<3xf32>
  %r = stablehlo.sqrt %a : tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// The inexact functions compute in f64 and round once (upstream's folder's
// precision): e rounded to f32; exp(100) overflows f32 to inf.
// CHECK-LABEL: func.func @exp_f32_in_double
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[2.71828175, 0x7F800000]> : tensor<2xf32>
// CHECK-NEXT: return %{{.*}} : tensor<2xf32>
func.func @exp_f32_in_double() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 100.0]> : tensor<2xf32>
  %r = stablehlo.exponential %a : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// arith.truncf's folder declines inexact and overflowing roundings;
// ScalarFolder rounds to nearest even as the lowering's fptrunc does.
// CHECK-LABEL: func.func @convert_overflow_f16
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[0x7C00, 9.997550e-02]> : tensor<2xf16>
// CHECK-NEXT: return %{{.*}} : tensor<2xf16>
func.func @convert_overflow_f16() -> tensor<2xf16> {
  %a = stablehlo.constant dense<[1.0e10, 0.1]> : tensor<2xf32>
  %r = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xf16>
  return %r : tensor<2xf16>
}

// -----

// select with a non-splat predicate: element by element through the table.
// CHECK-LABEL: func.func @select_elements
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[1, 251, 3]> : tensor<3xui8>
// CHECK-NEXT: return %{{.*}} : tensor<3xui8>
func.func @select_elements() -> tensor<3xui8> {
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %b = stablehlo.constant dense<[250, 251, 252]> : tensor<3xui8>
  %r = stablehlo.select %p, %a, %b : tensor<3xi1>, tensor<3xui8>
  return %r : tensor<3xui8>
}

// -----

// reduce with an integer combiner: the combiner's values come from the table
// (unsigned maximum).
// CHECK-LABEL: func.func @reduce_max_ui8
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[200, 255]> : tensor<2xui8>
// CHECK-NEXT: return %{{.*}} : tensor<2xui8>
func.func @reduce_max_ui8() -> tensor<2xui8> {
  %a = stablehlo.constant dense<[[1, 200], [255, 3]]> : tensor<2x2xui8>
  %i = stablehlo.constant dense<0> : tensor<ui8>
  %r = stablehlo.reduce(%a init: %i) applies stablehlo.maximum across dimensions = [1] : (tensor<2x2xui8>, tensor<ui8>) -> tensor<2xui8>
  return %r : tensor<2xui8>
}

// -----

// Policy kept in Folding.cpp: x / 0 and INT_MIN / -1 stay for run time.
// CHECK-LABEL: func.func @divide_by_zero_left
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[7, -2147483648]> : tensor<2xi32>
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
// CHECK-NEXT: %{{.*}} = stablehlo.divide %{{.*}}, %{{.*}} : tensor<2xi32>
// CHECK-NEXT: return %{{.*}} : tensor<2xi32>
func.func @divide_by_zero_left() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[7, -2147483648]> : tensor<2xi32>
  %b = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
  %r = stablehlo.divide %a, %b : tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----

// A shift by the bit width or more stays for run time.
// CHECK-LABEL: func.func @shift_out_of_range_left
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<1> : tensor<2xi8>
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[7, 8]> : tensor<2xi8>
// CHECK-NEXT: %{{.*}} = stablehlo.shift_left %{{.*}}, %{{.*}} : tensor<2xi8>
// CHECK-NEXT: return %{{.*}} : tensor<2xi8>
func.func @shift_out_of_range_left() -> tensor<2xi8> {
  %a = stablehlo.constant dense<[1, 1]> : tensor<2xi8>
  %b = stablehlo.constant dense<[7, 8]> : tensor<2xi8>
  %r = stablehlo.shift_left %a, %b : tensor<2xi8>
  return %r : tensor<2xi8>
}

// -----

// float -> unsigned: truncated toward zero when the result fits (-0.5 -> 0).
// CHECK-LABEL: func.func @convert_negative_to_unsigned
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<[0, 255, 3]> : tensor<3xui8>
// CHECK-NEXT: return %{{.*}} : tensor<3xui8>
func.func @convert_negative_to_unsigned() -> tensor<3xui8> {
  %a = stablehlo.constant dense<[-0.5, 255.9, 3.0]> : tensor<3xf32>
  %r = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xui8>
  return %r : tensor<3xui8>
}

// -----

// ... and left for run time when it does not.
// CHECK-LABEL: func.func @convert_out_of_range_left
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<2.560000e+02> : tensor<1xf32>
// CHECK-NEXT: %{{.*}} = stablehlo.convert %{{.*}} : (tensor<1xf32>) -> tensor<1xui8>
// CHECK-NEXT: return %{{.*}} : tensor<1xui8>
func.func @convert_out_of_range_left() -> tensor<1xui8> {
  %a = stablehlo.constant dense<[256.0]> : tensor<1xf32>
  %r = stablehlo.convert %a : (tensor<1xf32>) -> tensor<1xui8>
  return %r : tensor<1xui8>
}

// -----

// Integers to bf16 round through f32 (XLA's and the interpreter's convert):
// 2^24 + 2^16 + 1 becomes 2^24 + 2^16 in f32, a tie bf16 rounds to even,
// 2^24 (jax.jit(lambda x: x.astype(jnp.bfloat16)) gives 1.67772e+07). The
// folder's own APFloat conversion rounded once, to 2^24 + 2^17, so folding
// changed the program's value.
// CHECK-LABEL: func.func @int_to_bf16_through_f32
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<1.677720e+07> : tensor<1xbf16>
func.func @int_to_bf16_through_f32() -> tensor<1xbf16> {
  %a = stablehlo.constant dense<[16842753]> : tensor<1xi32>
  %r = stablehlo.convert %a : (tensor<1xi32>) -> tensor<1xbf16>
  return %r : tensor<1xbf16>
}

// -----

// f64 to bf16 also goes through f32, as XLA converts: 1 + 2^-8 + 2^-52
// becomes the tie 1 + 2^-8 in f32, then 1.0 in bf16.
// CHECK-LABEL: func.func @f64_to_bf16_through_f32
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<1.000000e+00> : tensor<1xbf16>
func.func @f64_to_bf16_through_f32() -> tensor<1xbf16> {
  %a = stablehlo.constant dense<[1.0039062500000002]> : tensor<1xf64>
  %r = stablehlo.convert %a : (tensor<1xf64>) -> tensor<1xbf16>
  return %r : tensor<1xbf16>
}
