// Round trip of stablehlo.dynamic_reshape: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Static shapes; the shape operand an argument or a constant.
// CHECK-LABEL:  func.func @dynamic_reshape(%arg0: tensor<2x3xf32>, %arg1: tensor<2xi64>) -> tensor<3x2xf32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<6> : tensor<1xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_reshape %arg0, %c : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
// CHECK-NEXT:    return %0 : tensor<3x2xf32>
// CHECK-NEXT:  }
func.func @dynamic_reshape(%operand: tensor<2x3xf32>, %shape: tensor<2xi64>) -> tensor<3x2xf32> {
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %c = stablehlo.constant dense<[6]> : tensor<1xi32>
  %1 = stablehlo.dynamic_reshape %operand, %c : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  return %0 : tensor<3x2xf32>
}

// Dynamic operand and result, an index shape operand.
// CHECK-LABEL:  func.func @dynamic_reshape_dynamic(%arg0: tensor<?x4xi32>, %arg1: tensor<3xindex>) -> tensor<?x2x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?x4xi32>, tensor<3xindex>) -> tensor<?x2x2xi32>
// CHECK-NEXT:    %c = stablehlo.constant dense<[8, 2]> : tensor<2xi64>
// CHECK-NEXT:    %1 = stablehlo.dynamic_reshape %arg0, %c : (tensor<?x4xi32>, tensor<2xi64>) -> tensor<?x2xi32>
// CHECK-NEXT:    return %0 : tensor<?x2x2xi32>
// CHECK-NEXT:  }
func.func @dynamic_reshape_dynamic(%operand: tensor<?x4xi32>, %shape: tensor<3xindex>) -> tensor<?x2x2xi32> {
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<?x4xi32>, tensor<3xindex>) -> tensor<?x2x2xi32>
  %c = stablehlo.constant dense<[8, 2]> : tensor<2xi64>
  %1 = stablehlo.dynamic_reshape %operand, %c : (tensor<?x4xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  return %0 : tensor<?x2x2xi32>
}

// Bounded operand; to and from rank 0.
// CHECK-LABEL:  func.func @dynamic_reshape_bounded(%arg0: tensor<?x2xf32, #stablehlo.bounds<3, ?>>, %arg1: tensor<1xi32>, %arg2: tensor<f32>, %arg3: tensor<0xi64>) -> tensor<?xf32, #stablehlo.bounds<6>> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>, tensor<1xi32>) -> tensor<?xf32, #stablehlo.bounds<6>>
// CHECK-NEXT:    %1 = stablehlo.dynamic_reshape %arg2, %arg1 : (tensor<f32>, tensor<1xi32>) -> tensor<1xf32>
// CHECK-NEXT:    %2 = stablehlo.dynamic_reshape %1, %arg3 : (tensor<1xf32>, tensor<0xi64>) -> tensor<f32>
// CHECK-NEXT:    return %0 : tensor<?xf32, #stablehlo.bounds<6>>
// CHECK-NEXT:  }
func.func @dynamic_reshape_bounded(%operand: tensor<?x2xf32, #stablehlo.bounds<3, ?>>, %shape: tensor<1xi32>, %scalar: tensor<f32>, %empty: tensor<0xi64>) -> tensor<?xf32, #stablehlo.bounds<6>> {
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>, tensor<1xi32>) -> tensor<?xf32, #stablehlo.bounds<6>>
  %1 = stablehlo.dynamic_reshape %scalar, %shape : (tensor<f32>, tensor<1xi32>) -> tensor<1xf32>
  %2 = stablehlo.dynamic_reshape %1, %empty : (tensor<1xf32>, tensor<0xi64>) -> tensor<f32>
  return %0 : tensor<?xf32, #stablehlo.bounds<6>>
}
