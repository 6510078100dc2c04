// Round trip of stablehlo.constant: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), including the result names `%c`
// (integer and boolean elements) and `%cst` (others).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Literals of every element type family, splats and an empty tensor.
// CHECK-LABEL:  func.func @constant_literals() -> tensor<2x2xf32> {
// CHECK-NEXT:    %cst = stablehlo.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT:    %cst_1 = stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f64>>
// CHECK-NEXT:    %c_2 = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
// CHECK-NEXT:    %c_3 = stablehlo.constant dense<[0, 65535]> : tensor<2xui16>
// CHECK-NEXT:    %cst_4 = stablehlo.constant dense<1.500000e+00> : tensor<2x3xbf16>
// CHECK-NEXT:    %cst_5 = stablehlo.constant dense<> : tensor<0xf32>
// CHECK-NEXT:    %cst_6 = stablehlo.constant dense<[5.000000e-01, -2.000000e+00]> : tensor<2xf8E4M3FN>
// CHECK-NEXT:    return %cst : tensor<2x2xf32>
// CHECK-NEXT:  }
func.func @constant_literals() -> tensor<2x2xf32> {
  %0 = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = stablehlo.constant dense<1> : tensor<i32>
  %2 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %3 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
  %4 = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  %5 = stablehlo.constant dense<[0, 65535]> : tensor<2xui16>
  %6 = stablehlo.constant dense<1.5> : tensor<2x3xbf16>
  %7 = stablehlo.constant dense<> : tensor<0xf32>
  %8 = stablehlo.constant dense<[0.5, -2.0]> : tensor<2xf8E4M3FN>
  return %0 : tensor<2x2xf32>
}

// Hexadecimal float literals (JAX prints -inf and NaN this way) and raw hex
// data.
// CHECK-LABEL:  func.func @constant_hex() -> tensor<f32> {
// CHECK-NEXT:    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NEXT:    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    return %cst : tensor<f32>
// CHECK-NEXT:  }
func.func @constant_hex() -> tensor<f32> {
  %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %2 = stablehlo.constant dense<"0x0100000002000000"> : tensor<2xi32>
  return %0 : tensor<f32>
}

// The generic form and discardable attributes.
// CHECK-LABEL:  func.func @constant_generic() -> tensor<3xui8> {
// CHECK-NEXT:    %c = stablehlo.constant dense<3> : tensor<3xui8>
// CHECK-NEXT:    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
// CHECK-NEXT:    %cst_0 = stablehlo.constant {foo = "bar"} dense<1.500000e+00> : tensor<bf16>
// CHECK-NEXT:    return %c : tensor<3xui8>
// CHECK-NEXT:  }
func.func @constant_generic() -> tensor<3xui8> {
  %0 = "stablehlo.constant"() {value = dense<3> : tensor<3xui8>} : () -> tensor<3xui8>
  %1 = "stablehlo.constant"() <{value = dense<2.0> : tensor<f64>}> : () -> tensor<f64>
  %2 = stablehlo.constant {foo = "bar"} dense<1.5> : tensor<bf16>
  return %0 : tensor<3xui8>
}

// As JAX emits it.
// CHECK-LABEL:  func.func public @main() -> (tensor<f32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
// CHECK-NEXT:    %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
// CHECK-NEXT:    return %cst : tensor<f32>
// CHECK-NEXT:  }
func.func public @main() -> (tensor<f32> {jax.result_info = "result"}) {
  %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  return %cst : tensor<f32>
}

// Quantized constants (not checked against upstream: no quant dialect in
// jaxlib): the literal is written in the storage type, so the value's type
// differs from the result type and the op prints in upstream's generic-like
// form.
// CHECK-LABEL:  func.func @constant_quantized() -> tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>> {
// CHECK-NEXT:    %cst = stablehlo.constant() <{value = dense<[1, -2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>
// CHECK-NEXT:    %cst_0 = stablehlo.constant() <{value = dense<7> : tensor<2x2xi16>}> : () -> tensor<2x2x!quant.uniform<i16:f32:1, {1.000000e+00,2.000000e+00}>>
// CHECK-NEXT:    return %cst : tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>
// CHECK-NEXT:  }
func.func @constant_quantized() -> tensor<2x!quant.uniform<i8:f32, 1.0:3>> {
  %0 = "stablehlo.constant"() {value = dense<[1, -2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0:3>>
  %1 = stablehlo.constant() <{value = dense<7> : tensor<2x2xi16>}> : () -> tensor<2x2x!quant.uniform<i16:f32:1, {1.0, 2.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0:3>>
}
