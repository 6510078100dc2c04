// Round trip of stablehlo.reverse: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized case, which
// upstream's Python bindings cannot parse (no quant dialect). The type prints
// once when operand and result types are equal.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Any unique dimensions in range (C2, C3), including none.
// CHECK-LABEL:  func.func @reverse(%arg0: tensor<3x2xi32>) -> tensor<3x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<3x2xi32>
// CHECK-NEXT:    %1 = stablehlo.reverse %arg0, dims = [1, 0] : tensor<3x2xi32>
// CHECK-NEXT:    %2 = stablehlo.reverse %arg0, dims = [] : tensor<3x2xi32>
// CHECK-NEXT:    return %0 : tensor<3x2xi32>
// CHECK-NEXT:  }
func.func @reverse(%operand: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = stablehlo.reverse %operand, dims = [1] : tensor<3x2xi32>
  %1 = stablehlo.reverse %operand, dims = [1, 0] : tensor<3x2xi32>
  %2 = stablehlo.reverse %operand, dims = [] : tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// The generic form (spec example): dimensions is a dense i64 array.
// CHECK-LABEL:  func.func @reverse_generic(%arg0: tensor<3x2xi32>) -> tensor<3x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<3x2xi32>
// CHECK-NEXT:    return %0 : tensor<3x2xi32>
// CHECK-NEXT:  }
func.func @reverse_generic(%operand: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = "stablehlo.reverse"(%operand) {dimensions = array<i64: 1>} : (tensor<3x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// Operand and result types agree up to dynamic dimensions (C1); then both
// types print.
// CHECK-LABEL:  func.func @reverse_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<2x3xf32>) -> tensor<3x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.reverse %arg0, dims = [1, 0] : (tensor<?x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %1 = stablehlo.reverse %arg1, dims = [0] : (tensor<2x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %2 = stablehlo.reverse %arg0, dims = [0] {mhlo.sharding = "{replicated}"} : tensor<?x4xf32>
// CHECK-NEXT:    return %0 : tensor<3x4xf32>
// CHECK-NEXT:  }
func.func @reverse_dynamic(%operand: tensor<?x4xf32>, %static: tensor<2x3xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.reverse %operand, dims = [1, 0] : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.reverse %static, dims = [0] : (tensor<2x3xf32>) -> tensor<?x3xf32>
  %2 = stablehlo.reverse %operand, dims = [0] {mhlo.sharding = "{replicated}"} : tensor<?x4xf32>
  return %0 : tensor<3x4xf32>
}

// Per-tensor quantized operands (not checked against upstream: no quant
// dialect in jaxlib).
// CHECK-LABEL:  func.func @reverse_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @reverse_quantized(%operand: tensor<2x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.reverse %operand, dims = [0] : tensor<2x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:2>>
}
