// Round trip of stablehlo.pad: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized case, which
// upstream's Python bindings cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// shape(result) = shape(operand) + low + max(shape(operand) - 1, 0) * interior
// + high (C4); edge padding may be negative, interior padding of an empty
// dimension adds nothing.
// CHECK-LABEL:  func.func @pad(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>, %arg2: tensor<0x4xf32>, %arg3: tensor<f32>) -> tensor<5x9xi32> {
// CHECK-NEXT:    %0 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
// CHECK-NEXT:    %1 = stablehlo.pad %arg0, %arg1, low = [-1, 0], high = [0, -2], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<1x1xi32>
// CHECK-NEXT:    %2 = stablehlo.pad %arg2, %arg3, low = [1, 0], high = [1, 0], interior = [3, 0] : (tensor<0x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<5x9xi32>
// CHECK-NEXT:  }
func.func @pad(%operand: tensor<2x3xi32>, %value: tensor<i32>, %empty: tensor<0x4xf32>, %zero: tensor<f32>) -> tensor<5x9xi32> {
  %0 = stablehlo.pad %operand, %value, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  %1 = stablehlo.pad %operand, %value, low = [-1, 0], high = [0, -2], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<1x1xi32>
  %2 = stablehlo.pad %empty, %zero, low = [1, 0], high = [1, 0], interior = [3, 0] : (tensor<0x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<5x9xi32>
}

// The generic form (spec example): the paddings are dense i64 arrays.
// CHECK-LABEL:  func.func @pad_generic(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>) -> tensor<5x9xi32> {
// CHECK-NEXT:    %0 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
// CHECK-NEXT:    return %0 : tensor<5x9xi32>
// CHECK-NEXT:  }
func.func @pad_generic(%operand: tensor<2x3xi32>, %value: tensor<i32>) -> tensor<5x9xi32> {
  %0 = "stablehlo.pad"(%operand, %value) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 2>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  return %0 : tensor<5x9xi32>
}

// A dynamic dimension stays dynamic, its bound padded like a size.
// CHECK-LABEL:  func.func @pad_dynamic(%arg0: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %arg1: tensor<?xf32>, %arg2: tensor<f32>) -> tensor<?x9xf32, #stablehlo.bounds<12, ?>> {
// CHECK-NEXT:    %0 = stablehlo.pad %arg0, %arg2, low = [1, 1], high = [1, 1], interior = [1, 1] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>) -> tensor<?x9xf32, #stablehlo.bounds<12, ?>>
// CHECK-NEXT:    %1 = stablehlo.pad %arg1, %arg2, low = [2], high = [0], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
// CHECK-NEXT:    %2 = stablehlo.pad %arg1, %arg2, low = [2], high = [0], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<7xf32>
// CHECK-NEXT:    return %0 : tensor<?x9xf32, #stablehlo.bounds<12, ?>>
// CHECK-NEXT:  }
func.func @pad_dynamic(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %unbounded: tensor<?xf32>, %value: tensor<f32>) -> tensor<?x9xf32, #stablehlo.bounds<12, ?>> {
  %0 = stablehlo.pad %operand, %value, low = [1, 1], high = [1, 1], interior = [1, 1] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>) -> tensor<?x9xf32, #stablehlo.bounds<12, ?>>
  %1 = stablehlo.pad %unbounded, %value, low = [2], high = [0], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %2 = stablehlo.pad %unbounded, %value, low = [2], high = [0], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<?x9xf32, #stablehlo.bounds<12, ?>>
}

// As JAX emits it (jnp.pad), with a discardable attribute.
// CHECK-LABEL:  func.func public @main(%arg0: tensor<3xf32>) -> (tensor<6xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %0 = stablehlo.pad %arg0, %cst, low = [1], high = [2], interior = [0] {mhlo.frontend_attributes = {a = "b"}} : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT:    return %0 : tensor<6xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<3xf32>) -> (tensor<6xf32> {jax.result_info = "result"}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.pad %arg0, %cst, low = [1], high = [2], interior = [0] {mhlo.frontend_attributes = {a = "b"}} : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// Per-tensor quantized operands (not checked against upstream: no quant
// dialect in jaxlib); operand, padding value and result share the element
// type (C1).
// CHECK-LABEL:  func.func @pad_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg1: tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = stablehlo.pad %arg0, %arg1, low = [1], high = [1], interior = [0] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @pad_quantized(%operand: tensor<2x!quant.uniform<i8:f32, 0.5:2>>, %value: tensor<!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.pad %operand, %value, low = [1], high = [1], interior = [0] : (tensor<2x!quant.uniform<i8:f32, 0.5:2>>, tensor<!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:2>>
}
