// Round trip of stablehlo.reshape: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized cases, which
// upstream's Python bindings cannot parse (no quant dialect there).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Reshapes keep the number of elements (C2), including to and from scalars
// and empty tensors.
// CHECK-LABEL:  func.func @reshape(%arg0: tensor<2x3xf32>, %arg1: tensor<1x1xi32>, %arg2: tensor<0x4xf32>) -> tensor<6xf32> {
// CHECK-NEXT:    %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT:    %1 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
// CHECK-NEXT:    %2 = stablehlo.reshape %arg1 : (tensor<1x1xi32>) -> tensor<i32>
// CHECK-NEXT:    %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT:    %4 = stablehlo.reshape %arg2 : (tensor<0x4xf32>) -> tensor<2x0xf32>
// CHECK-NEXT:    %5 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<6xf32>
// CHECK-NEXT:  }
func.func @reshape(%m: tensor<2x3xf32>, %s: tensor<1x1xi32>, %e: tensor<0x4xf32>) -> tensor<6xf32> {
  %0 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %2 = stablehlo.reshape %s : (tensor<1x1xi32>) -> tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.reshape %e : (tensor<0x4xf32>) -> tensor<2x0xf32>
  %5 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<6xf32>
}

// The generic form.
// CHECK-LABEL:  func.func @reshape_generic(%arg0: tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
// CHECK-NEXT:    %0 = stablehlo.reshape %arg0 : (tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
// CHECK-NEXT:    return %0 : tensor<2x2xcomplex<f64>>
// CHECK-NEXT:  }
func.func @reshape_generic(%v: tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
  %0 = "stablehlo.reshape"(%v) : (tensor<4xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  return %0 : tensor<2x2xcomplex<f64>>
}

// A dynamic operand reshapes to a static or single-bounded result.
// CHECK-LABEL:  func.func @reshape_dynamic(%arg0: tensor<?x2xf32>, %arg1: tensor<?x2xf32, #stablehlo.bounds<3, ?>>) -> tensor<6xf32> {
// CHECK-NEXT:    %0 = stablehlo.reshape %arg0 : (tensor<?x2xf32>) -> tensor<6xf32>
// CHECK-NEXT:    %1 = stablehlo.reshape %arg1 : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>) -> tensor<?xf32, #stablehlo.bounds<6>>
// CHECK-NEXT:    return %0 : tensor<6xf32>
// CHECK-NEXT:  }
func.func @reshape_dynamic(%v: tensor<?x2xf32>, %b: tensor<?x2xf32, #stablehlo.bounds<3, ?>>) -> tensor<6xf32> {
  %0 = stablehlo.reshape %v : (tensor<?x2xf32>) -> tensor<6xf32>
  %1 = stablehlo.reshape %b : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>) -> tensor<?xf32, #stablehlo.bounds<6>>
  return %0 : tensor<6xf32>
}

// As JAX emits it (x.reshape(6, 4)).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<3x2x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.reshape %arg0 : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT:    return %0 : tensor<6x4xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<3x2x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.reshape %arg0 : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib). A per-axis quantization dimension may move as long as the sizes
// before, at and after it are kept (C3).
// CHECK-LABEL:  func.func @reshape_quantized(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg1: tensor<2x3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.reshape %arg0 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %1 = stablehlo.reshape %arg1 : (tensor<2x3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>) -> tensor<2x3x2x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    %2 = stablehlo.reshape %arg1 : (tensor<2x3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>) -> tensor<1x2x3x4x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    return %0 : tensor<6x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @reshape_quantized(%q: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %p: tensor<2x3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<6x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.reshape %q : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<6x!quant.uniform<i8:f32, 0.5:2>>
  %1 = stablehlo.reshape %p : (tensor<2x3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<2x3x2x2x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>
  %2 = stablehlo.reshape %p : (tensor<2x3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<1x2x3x4x!quant.uniform<i8:f32:2, {0.5, 0.25, 0.125}>>
  return %0 : tensor<6x!quant.uniform<i8:f32, 0.5:2>>
}
