// Round trip of stablehlo.slice: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized case, which
// upstream's Python bindings cannot parse (no quant dialect). Strides of 1
// are not printed.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Result sizes are ceil((limit - start) / stride) (C5); empty slices and
// scalars are allowed; an explicit stride of 1 prints as omitted.
// CHECK-LABEL:  func.func @slice(%arg0: tensor<3x4xf32>, %arg1: tensor<i8>) -> tensor<2x2xf32> {
// CHECK-NEXT:    %0 = stablehlo.slice %arg0 [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %1 = stablehlo.slice %arg0 [0:3:2, 1:4] : (tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.slice %arg0 [3:3, 0:4:3] : (tensor<3x4xf32>) -> tensor<0x2xf32>
// CHECK-NEXT:    %3 = stablehlo.slice %arg1 [] : (tensor<i8>) -> tensor<i8>
// CHECK-NEXT:    return %0 : tensor<2x2xf32>
// CHECK-NEXT:  }
func.func @slice(%operand: tensor<3x4xf32>, %scalar: tensor<i8>) -> tensor<2x2xf32> {
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %operand [0:3:2, 1:4:1] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.slice %operand [3:3, 0:4:3] : (tensor<3x4xf32>) -> tensor<0x2xf32>
  %3 = stablehlo.slice %scalar [] : (tensor<i8>) -> tensor<i8>
  return %0 : tensor<2x2xf32>
}

// The generic form: start_indices, limit_indices and strides are dense i64
// arrays (spec example).
// CHECK-LABEL:  func.func @slice_generic(%arg0: tensor<3x4xi64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %0 = stablehlo.slice %arg0 [1:3, 2:4] : (tensor<3x4xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @slice_generic(%operand: tensor<3x4xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.slice"(%operand) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<3x4xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// Dynamic dimensions: the bound of an operand dimension is checked against
// limit_indices (C3), an unbounded one at run time; the result may be more or
// less static than the inferred static shape.
// CHECK-LABEL:  func.func @slice_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<2x2xf32> {
// CHECK-NEXT:    %0 = stablehlo.slice %arg0 [1:3, 0:4:2] : (tensor<?x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %1 = stablehlo.slice %arg0 [1:3, 0:4] : (tensor<?x4xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %2 = stablehlo.slice %arg1 [0:5, 1:2] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<5x1xf32>
// CHECK-NEXT:    return %0 : tensor<2x2xf32>
// CHECK-NEXT:  }
func.func @slice_dynamic(%operand: tensor<?x4xf32>, %bounded: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<2x2xf32> {
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<?x4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %operand [1:3, 0:4] : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %2 = stablehlo.slice %bounded [0:5, 1:2] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<5x1xf32>
  return %0 : tensor<2x2xf32>
}

// As JAX emits it (x[1:, ::2]), with a discardable attribute.
// CHECK-LABEL:  func.func public @main(%arg0: tensor<4x6xi32>) -> (tensor<3x3xi32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.slice %arg0 [1:4, 0:6:2] {mhlo.frontend_attributes = {a = "b"}} : (tensor<4x6xi32>) -> tensor<3x3xi32>
// CHECK-NEXT:    return %0 : tensor<3x3xi32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<4x6xi32>) -> (tensor<3x3xi32> {jax.result_info = "result"}) {
  %0 = stablehlo.slice %arg0 [1:4, 0:6:2] {mhlo.frontend_attributes = {a = "b"}} : (tensor<4x6xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// Per-tensor quantized operands (not checked against upstream: no quant
// dialect in jaxlib); the result keeps the element type (C1).
// CHECK-LABEL:  func.func @slice_quantized(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.slice %arg0 [1:4:2] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @slice_quantized(%operand: tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.slice %operand [1:4:2] : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:2>>
}
