// Round trip of stablehlo.dynamic_slice: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib) except where noted.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Pretty and generic forms (spec example), an empty slice.
// CHECK-LABEL:  func.func @dynamic_slice(%arg0: tensor<4x4xi32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<2x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
// CHECK-NEXT:    %2 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [0, 4] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<0x4xi32>
// CHECK-NEXT:    return %0 : tensor<2x2xi32>
// CHECK-NEXT:  }
func.func @dynamic_slice(%operand: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xi32> {
  %0 = stablehlo.dynamic_slice %operand, %i, %j, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  %1 = "stablehlo.dynamic_slice"(%operand, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  %2 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [0, 4] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<0x4xi32>
  return %0 : tensor<2x2xi32>
}

// Unsigned start indices; a dynamic operand dimension (the slice size is
// checked at run time) and a result less static than slice_sizes.
// CHECK-LABEL:  func.func @dynamic_slice_types(%arg0: tensor<3x?xf32>, %arg1: tensor<ui8>) -> tensor<?x2xf32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [1, 2] : (tensor<3x?xf32>, tensor<ui8>, tensor<ui8>) -> tensor<?x2xf32>
// CHECK-NEXT:    return %0 : tensor<?x2xf32>
// CHECK-NEXT:  }
func.func @dynamic_slice_types(%operand: tensor<3x?xf32>, %i: tensor<ui8>) -> tensor<?x2xf32> {
  %0 = stablehlo.dynamic_slice %operand, %i, %i, sizes = [1, 2] : (tensor<3x?xf32>, tensor<ui8>, tensor<ui8>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// A scalar operand has no start indices. Upstream prints that as
// `%arg0, , sizes = []` and cannot parse it back: we print one comma
// (docs/decisions.md, Syntax; interpreter/indexing/test_gather.py parses both).
// CHECK-LABEL:  func.func @dynamic_slice_no_start_indices(%arg0: tensor<f16>) -> tensor<f16> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_slice %arg0, sizes = [] : (tensor<f16>) -> tensor<f16>
// CHECK-NEXT:    return %0 : tensor<f16>
// CHECK-NEXT:  }
func.func @dynamic_slice_no_start_indices(%s: tensor<f16>) -> tensor<f16> {
  %0 = stablehlo.dynamic_slice %s, sizes = [] : (tensor<f16>) -> tensor<f16>
  return %0 : tensor<f16>
}

// A per-tensor quantized operand; a bounded dimension bounds the slice size.
// CHECK-LABEL:  func.func @dynamic_slice_quantized_bounded(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, %arg1: tensor<?xf32, #stablehlo.bounds<6>>, %arg2: tensor<i32>) -> (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<6xf32>) {
// CHECK-NEXT:    %0 = stablehlo.dynamic_slice %arg0, %arg2, sizes = [2] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<i32>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:    %1 = stablehlo.dynamic_slice %arg1, %arg2, sizes = [6] : (tensor<?xf32, #stablehlo.bounds<6>>, tensor<i32>) -> tensor<6xf32>
// CHECK-NEXT:    return %0, %1 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<6xf32>
// CHECK-NEXT:  }
func.func @dynamic_slice_quantized_bounded(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<?xf32, #stablehlo.bounds<6>>, %i: tensor<i32>) -> (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<6xf32>) {
  %0 = stablehlo.dynamic_slice %q, %i, sizes = [2] : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<i32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.dynamic_slice %b, %i, sizes = [6] : (tensor<?xf32, #stablehlo.bounds<6>>, tensor<i32>) -> tensor<6xf32>
  return %0, %1 : tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<6xf32>
}
