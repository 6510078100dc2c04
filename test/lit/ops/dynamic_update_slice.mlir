// Round trip of stablehlo.dynamic_update_slice: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The pretty and the generic form (spec example shapes).
// CHECK-LABEL:  func.func @dynamic_update_slice(%arg0: tensor<4x4xi32>, %arg1: tensor<2x2xi32>, %arg2: tensor<i64>, %arg3: tensor<i64>) -> tensor<4x4xi32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
// CHECK-NEXT:    return %0 : tensor<4x4xi32>
// CHECK-NEXT:  }
func.func @dynamic_update_slice(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<4x4xi32> {
  %0 = stablehlo.dynamic_update_slice %operand, %update, %i, %j : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  %1 = "stablehlo.dynamic_update_slice"(%operand, %update, %i, %j) : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// Rank 0 (no start indices), zero-sized tensors, unsigned start indices,
// dynamic dimensions.
// CHECK-LABEL:  func.func @dynamic_update_slice_kinds(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<0x3xbf16>, %arg3: tensor<0x2xbf16>, %arg4: tensor<ui8>, %arg5: tensor<?x4xf32>, %arg6: tensor<2x?xf32>, %arg7: tensor<i32>) -> tensor<f32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_update_slice %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_update_slice %arg2, %arg3, %arg4, %arg4 : (tensor<0x3xbf16>, tensor<0x2xbf16>, tensor<ui8>, tensor<ui8>) -> tensor<0x3xbf16>
// CHECK-NEXT:    %2 = stablehlo.dynamic_update_slice %arg5, %arg6, %arg7, %arg7 : (tensor<?x4xf32>, tensor<2x?xf32>, tensor<i32>, tensor<i32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %0 : tensor<f32>
// CHECK-NEXT:  }
func.func @dynamic_update_slice_kinds(%scalar: tensor<f32>, %s: tensor<f32>, %empty: tensor<0x3xbf16>, %u: tensor<0x2xbf16>, %k: tensor<ui8>, %dyn: tensor<?x4xf32>, %du: tensor<2x?xf32>, %l: tensor<i32>) -> tensor<f32> {
  %0 = stablehlo.dynamic_update_slice %scalar, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.dynamic_update_slice %empty, %u, %k, %k : (tensor<0x3xbf16>, tensor<0x2xbf16>, tensor<ui8>, tensor<ui8>) -> tensor<0x3xbf16>
  %2 = stablehlo.dynamic_update_slice %dyn, %du, %l, %l : (tensor<?x4xf32>, tensor<2x?xf32>, tensor<i32>, tensor<i32>) -> tensor<?x4xf32>
  return %0 : tensor<f32>
}
