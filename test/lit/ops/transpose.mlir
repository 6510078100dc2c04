// Round trip of stablehlo.transpose: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized cases, which
// upstream's Python bindings cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// result dimension d is operand dimension permutation[d] (C3); the identity
// and rank-0 permutations are allowed.
// CHECK-LABEL:  func.func @transpose(%arg0: tensor<2x3x4xf32>, %arg1: tensor<i1>) -> tensor<4x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.transpose %arg0, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %2 = stablehlo.transpose %arg1, dims = [] : (tensor<i1>) -> tensor<i1>
// CHECK-NEXT:    return %0 : tensor<4x2x3xf32>
// CHECK-NEXT:  }
func.func @transpose(%operand: tensor<2x3x4xf32>, %scalar: tensor<i1>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.transpose %operand, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = stablehlo.transpose %operand, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.transpose %scalar, dims = [] : (tensor<i1>) -> tensor<i1>
  return %0 : tensor<4x2x3xf32>
}

// The generic form (spec example): permutation is a dense i64 array.
// CHECK-LABEL:  func.func @transpose_generic(%arg0: tensor<2x3x2xi32>) -> tensor<2x3x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [2, 1, 0] : (tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
// CHECK-NEXT:    return %0 : tensor<2x3x2xi32>
// CHECK-NEXT:  }
func.func @transpose_generic(%operand: tensor<2x3x2xi32>) -> tensor<2x3x2xi32> {
  %0 = "stablehlo.transpose"(%operand) {permutation = array<i64: 2, 1, 0>} : (tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}

// Dynamic and bounded dimensions move with their bounds; the result may be
// more or less static than the operand.
// CHECK-LABEL:  func.func @transpose_dynamic(%arg0: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x?xf32, #stablehlo.bounds<?, 5>> {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x?xf32, #stablehlo.bounds<?, 5>>
// CHECK-NEXT:    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x3xf32>
// CHECK-NEXT:    %2 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0 : tensor<4x?xf32, #stablehlo.bounds<?, 5>>
// CHECK-NEXT:  }
func.func @transpose_dynamic(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x?xf32, #stablehlo.bounds<?, 5>> {
  %0 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x?xf32, #stablehlo.bounds<?, 5>>
  %1 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<4x3xf32>
  %2 = stablehlo.transpose %operand, dims = [1, 0] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<?x?xf32>
  return %0 : tensor<4x?xf32, #stablehlo.bounds<?, 5>>
}

// As JAX emits it (x.T), with a discardable attribute.
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xbf16>) -> (tensor<3x2xbf16> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [1, 0] {mhlo.sharding = "{replicated}"} : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
// CHECK-NEXT:    return %0 : tensor<3x2xbf16>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xbf16>) -> (tensor<3x2xbf16> {jax.result_info = "result"}) {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] {mhlo.sharding = "{replicated}"} : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib). A per-tensor type is kept; a per-axis quantization_dimension moves
// with its dimension (C1, C4).
// CHECK-LABEL:  func.func @transpose_quantized(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg1: tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %1 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    return %0 : tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @transpose_quantized(%q: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %p: tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.transpose %q, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:2>>
  %1 = stablehlo.transpose %p, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 0.5:2>>
}
