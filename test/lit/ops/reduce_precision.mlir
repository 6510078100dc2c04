// Round trip of stablehlo.reduce_precision.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// `format = e<exponent_bits>m<mantissa_bits>`.
// CHECK-LABEL:  func.func @reduce_precision(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf64>, %arg2: tensor<4xbf16>) {
// CHECK-NEXT:    %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce_precision %arg1, format = e8m23 : tensor<4xf64>
// CHECK-NEXT:    %2 = stablehlo.reduce_precision %arg2, format = e1m0 : tensor<4xbf16>
// CHECK-NEXT:    %3 = stablehlo.reduce_precision %arg0, format = e11m52 {mhlo.frontend_attributes = {a = "b"}} : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @reduce_precision(%a: tensor<2x3xf32>, %b: tensor<4xf64>, %c: tensor<4xbf16>) {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2x3xf32>
  %1 = stablehlo.reduce_precision %b, format = e8m23 : tensor<4xf64>
  %2 = stablehlo.reduce_precision %c, format = e1m0 : tensor<4xbf16>
  %3 = stablehlo.reduce_precision %a, format = e11m52 {mhlo.frontend_attributes = {a = "b"}} : tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<6xf64>) {
// CHECK-NEXT:    %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%a: tensor<6xf64>) {
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<6xf64>) -> tensor<6xf64>
  return
}

// Dynamic and bounded dimensions.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.reduce_precision %arg0, format = e5m2 : (tensor<?xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce_precision %arg1, format = e4m3 : tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32, #stablehlo.bounds<4>>) {
  %0 = stablehlo.reduce_precision %a, format = e5m2 : (tensor<?xf32>) -> tensor<3xf32>
  %1 = stablehlo.reduce_precision %b, format = e4m3 : tensor<?xf32, #stablehlo.bounds<4>>
  return
}

// As JAX emits it (lax.reduce_precision).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Per-tensor quantized operands (not checked against upstream).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.reduce_precision %arg0, format = e5m10 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.reduce_precision %q, format = e5m10 : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  return
}
