// Round trip of stablehlo.dynamic_broadcast_in_dim: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Static shapes, the shape operand an argument (i64) or a constant (i32).
// CHECK-LABEL:  func.func @dynamic_broadcast_in_dim(%arg0: tensor<2x3xf32>, %arg1: tensor<3xi64>) -> tensor<4x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1, 2] : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<[4, 2, 3]> : tensor<3xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %c, dims = [1, 2] : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %1 : tensor<4x2x3xf32>
// CHECK-NEXT:  }
func.func @dynamic_broadcast_in_dim(%operand: tensor<2x3xf32>, %shape: tensor<3xi64>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1, 2] : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  %c = stablehlo.constant dense<[4, 2, 3]> : tensor<3xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %operand, %c, dims = [1, 2] : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// Dynamic result dimensions (a size-1 operand dimension may expand), an index
// shape operand, and both optional attributes present, one of them or none.
// CHECK-LABEL:  func.func @dynamic_broadcast_in_dim_dynamic(%arg0: tensor<?x1xi32>, %arg1: tensor<3xindex>) -> tensor<?x?x?xi32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
// CHECK-NEXT:    %2 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
// CHECK-NEXT:    %3 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 2] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
// CHECK-NEXT:    return %0 : tensor<?x?x?xi32>
// CHECK-NEXT:  }
func.func @dynamic_broadcast_in_dim_dynamic(%operand: tensor<?x1xi32>, %shape: tensor<3xindex>) -> tensor<?x?x?xi32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
  %2 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 2] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64>} : (tensor<?x1xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

// Bounded dimensions; a constant shape may fill a dynamic result dimension.
// CHECK-LABEL:  func.func @dynamic_broadcast_in_dim_bounded(%arg0: tensor<?xf32, #stablehlo.bounds<4>>, %arg1: tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>
// CHECK-NEXT:    %c = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
// CHECK-NEXT:    %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %c, dims = [1] : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>) -> tensor<3x?xf32>
// CHECK-NEXT:    return %0 : tensor<3x?xf32, #stablehlo.bounds<?, 4>>
// CHECK-NEXT:  }
func.func @dynamic_broadcast_in_dim_bounded(%operand: tensor<?xf32, #stablehlo.bounds<4>>, %shape: tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>
  %c = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %1 = stablehlo.dynamic_broadcast_in_dim %operand, %c, dims = [1] : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32, #stablehlo.bounds<?, 4>>
}

// A rank-0 operand, unsigned shape operand.
// CHECK-LABEL:  func.func @dynamic_broadcast_in_dim_scalar(%arg0: tensor<f16>, %arg1: tensor<2xui32>) -> tensor<?x5xf16> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [] : (tensor<f16>, tensor<2xui32>) -> tensor<?x5xf16>
// CHECK-NEXT:    return %0 : tensor<?x5xf16>
// CHECK-NEXT:  }
func.func @dynamic_broadcast_in_dim_scalar(%operand: tensor<f16>, %shape: tensor<2xui32>) -> tensor<?x5xf16> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [] : (tensor<f16>, tensor<2xui32>) -> tensor<?x5xf16>
  return %0 : tensor<?x5xf16>
}
