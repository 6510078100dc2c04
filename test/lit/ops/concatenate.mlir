// Round trip of stablehlo.concatenate: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib), except for the quantized
// case, which upstream's Python bindings cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Sizes along `dimension` add up (C6); a single input is allowed.
// CHECK-LABEL:  func.func @concatenate(%arg0: tensor<3x2xi64>, %arg1: tensor<1x2xi64>, %arg2: tensor<3x5xi64>) -> tensor<4x2xi64> {
// CHECK-NEXT:    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
// CHECK-NEXT:    %1 = stablehlo.concatenate %arg0, %arg2, %arg0, dim = 1 : (tensor<3x2xi64>, tensor<3x5xi64>, tensor<3x2xi64>) -> tensor<3x9xi64>
// CHECK-NEXT:    %2 = stablehlo.concatenate %arg1, dim = 0 : (tensor<1x2xi64>) -> tensor<1x2xi64>
// CHECK-NEXT:    return %0 : tensor<4x2xi64>
// CHECK-NEXT:  }
func.func @concatenate(%a: tensor<3x2xi64>, %b: tensor<1x2xi64>, %c: tensor<3x5xi64>) -> tensor<4x2xi64> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  %1 = stablehlo.concatenate %a, %c, %a, dim = 1 : (tensor<3x2xi64>, tensor<3x5xi64>, tensor<3x2xi64>) -> tensor<3x9xi64>
  %2 = stablehlo.concatenate %b, dim = 0 : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<4x2xi64>
}

// The generic form (spec example): dimension is an i64 attribute.
// CHECK-LABEL:  func.func @concatenate_generic(%arg0: tensor<3x2xi64>, %arg1: tensor<1x2xi64>) -> tensor<4x2xi64> {
// CHECK-NEXT:    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
// CHECK-NEXT:    return %0 : tensor<4x2xi64>
// CHECK-NEXT:  }
func.func @concatenate_generic(%a: tensor<3x2xi64>, %b: tensor<1x2xi64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// Dynamic dimensions: a dynamic input size makes the sum dynamic, bounded by
// the sum of sizes and bounds; other dimensions need only be compatible.
// CHECK-LABEL:  func.func @concatenate_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<2x?xf32>, %arg2: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %arg3: tensor<2x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %1 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK-NEXT:    %2 = stablehlo.concatenate %arg2, %arg3, dim = 0 : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<5, ?>>
// CHECK-NEXT:    %3 = stablehlo.concatenate %arg2, %arg3, dim = 0 : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT:    return %0 : tensor<?x4xf32>
// CHECK-NEXT:  }
func.func @concatenate_dynamic(%a: tensor<?x4xf32>, %b: tensor<2x?xf32>, %bounded: tensor<?x4xf32, #stablehlo.bounds<3, ?>>, %c: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<?x4xf32>
  %1 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
  %2 = stablehlo.concatenate %bounded, %c, dim = 0 : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x4xf32>) -> tensor<?x4xf32, #stablehlo.bounds<5, ?>>
  %3 = stablehlo.concatenate %bounded, %c, dim = 0 : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<?x4xf32>
}

// As JAX emits it (jnp.concatenate), with a discardable attribute.
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {mhlo.frontend_attributes = {a = "b"}} : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
// CHECK-NEXT:    return %0 : tensor<5xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {mhlo.frontend_attributes = {a = "b"}} : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// Per-tensor quantized inputs (not checked against upstream: no quant
// dialect in jaxlib) share their element type (C1, C5).
// CHECK-LABEL:  func.func @concatenate_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @concatenate_quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:2>>
}
