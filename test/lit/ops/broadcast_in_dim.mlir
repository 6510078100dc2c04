// Round trip of stablehlo.broadcast_in_dim: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib), except for the quantized
// cases, which upstream's Python bindings cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Scalars broadcast with empty dims; size-1 dimensions expand (C5); dims may
// permute (C3, C4).
// CHECK-LABEL:  func.func @broadcast_in_dim(%arg0: tensor<f32>, %arg1: tensor<1x3xi32>, %arg2: tensor<2x3xf32>) -> tensor<4x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<5x3xi32>
// CHECK-NEXT:    %2 = stablehlo.broadcast_in_dim %arg2, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<4x2x3xf32>
// CHECK-NEXT:  }
func.func @broadcast_in_dim(%scalar: tensor<f32>, %row: tensor<1x3xi32>, %m: tensor<2x3xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %scalar, dims = [] : (tensor<f32>) -> tensor<4x2x3xf32>
  %1 = stablehlo.broadcast_in_dim %row, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<5x3xi32>
  %2 = stablehlo.broadcast_in_dim %m, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x4x2xf32>
  %3 = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// The generic form: broadcast_dimensions is a dense i64 array.
// CHECK-LABEL:  func.func @broadcast_in_dim_generic(%arg0: tensor<3xi1>) -> tensor<2x3xi1> {
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    return %0 : tensor<2x3xi1>
// CHECK-NEXT:  }
func.func @broadcast_in_dim_generic(%v: tensor<3xi1>) -> tensor<2x3xi1> {
  %0 = "stablehlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// A dynamic operand broadcasts to a static result, a bounded one to a result
// with one bounded dimension (the result shape is load-bearing: dynamism RFC).
// CHECK-LABEL:  func.func @broadcast_in_dim_dynamic(%arg0: tensor<?xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<?xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?x2xf32, #stablehlo.bounds<4, ?>>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @broadcast_in_dim_dynamic(%v: tensor<?xf32>, %b: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<?xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?x2xf32, #stablehlo.bounds<4, ?>>
  return %0 : tensor<2x3xf32>
}

// As JAX emits it (jnp.broadcast_to, and the scalar broadcasts of x > 2).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<3x2x4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %c = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<4xf32>) -> tensor<3x2x4xf32>
// CHECK-NEXT:    return %1 : tensor<3x2x4xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<4xf32>) -> (tensor<3x2x4xf32> {jax.result_info = "result"}) {
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
  %1 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<4xf32>) -> tensor<3x2x4xf32>
  return %1 : tensor<3x2x4xf32>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib). Per-tensor types broadcast unchanged; per-axis ones move their
// quantization dimension to broadcast_dimensions[axis] (C6) and may change
// scales where the operand dimension is not 1 (C1).
// CHECK-LABEL:  func.func @broadcast_in_dim_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg1: tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01}>>
// CHECK-NEXT:    return %0 : tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @broadcast_in_dim_quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:2>>, %p: tensor<2x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.broadcast_in_dim %q, dims = [1] : (tensor<2x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:2>>
  %1 = stablehlo.broadcast_in_dim %p, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 0.5:2>>
}

// A size-1 per-axis dimension broadcasts its one scale to every slice (C6).
// CHECK-LABEL:  func.func @broadcast_in_dim_per_axis_expand(%arg0: tensor<1x!quant.uniform<i8:f32:0, {5.000000e-01:1}>>) -> tensor<3x!quant.uniform<i8:f32:0, {5.000000e-01:1,5.000000e-01:1,5.000000e-01:1}>> {
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, {5.000000e-01:1}>>) -> tensor<3x!quant.uniform<i8:f32:0, {5.000000e-01:1,5.000000e-01:1,5.000000e-01:1}>>
// CHECK-NEXT:    return %0 : tensor<3x!quant.uniform<i8:f32:0, {5.000000e-01:1,5.000000e-01:1,5.000000e-01:1}>>
// CHECK-NEXT:  }
func.func @broadcast_in_dim_per_axis_expand(%p: tensor<1x!quant.uniform<i8:f32:0, {0.5:1}>>) -> tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.5:1, 0.5:1}>> {
  %0 = stablehlo.broadcast_in_dim %p, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, {0.5:1}>>) -> tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.5:1, 0.5:1}>>
  return %0 : tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.5:1, 0.5:1}>>
}
