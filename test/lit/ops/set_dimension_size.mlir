// Round trip of stablehlo.set_dimension_size: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// A run-time size: the dimension becomes dynamic, bounded by its size; the
// result type may drop the bound or refine the size (checked at run time).
// CHECK-LABEL:  func.func @set_dimension_size(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 3>> {
// CHECK-NEXT:    %0 = stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 3>>
// CHECK-NEXT:    %1 = stablehlo.set_dimension_size %arg0, %arg1, dim = 0 : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<2, ?>>
// CHECK-NEXT:    %2 = stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf32>
// CHECK-NEXT:    %3 = stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x?xf32, #stablehlo.bounds<?, 3>>
// CHECK-NEXT:  }
func.func @set_dimension_size(%operand: tensor<2x3xf32>, %size: tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 3>> {
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 3>>
  %1 = stablehlo.set_dimension_size %operand, %size, dim = 0 : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.bounds<2, ?>>
  %2 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x?xf32>
  %3 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x?xf32, #stablehlo.bounds<?, 3>>
}

// A constant size gives a static dimension (a compatible dynamic one is
// accepted too).
// CHECK-LABEL:  func.func @set_dimension_size_constant(%arg0: tensor<2x3xi8>) -> tensor<2x2xi8> {
// CHECK-NEXT:    %c = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.set_dimension_size %arg0, %c, dim = 1 : (tensor<2x3xi8>, tensor<i32>) -> tensor<2x2xi8>
// CHECK-NEXT:    %1 = stablehlo.set_dimension_size %arg0, %c, dim = 1 : (tensor<2x3xi8>, tensor<i32>) -> tensor<2x?xi8>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %2 = stablehlo.set_dimension_size %arg0, %c_0, dim = 0 : (tensor<2x3xi8>, tensor<i32>) -> tensor<0x3xi8>
// CHECK-NEXT:    return %0 : tensor<2x2xi8>
// CHECK-NEXT:  }
func.func @set_dimension_size_constant(%operand: tensor<2x3xi8>) -> tensor<2x2xi8> {
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %operand, %c, dim = 1 : (tensor<2x3xi8>, tensor<i32>) -> tensor<2x2xi8>
  %1 = stablehlo.set_dimension_size %operand, %c, dim = 1 : (tensor<2x3xi8>, tensor<i32>) -> tensor<2x?xi8>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.set_dimension_size %operand, %z, dim = 0 : (tensor<2x3xi8>, tensor<i32>) -> tensor<0x3xi8>
  return %0 : tensor<2x2xi8>
}

// Dynamic and bounded operands: the bound carries over; an unbounded
// dimension stays unbounded.
// CHECK-LABEL:  func.func @set_dimension_size_dynamic(%arg0: tensor<?x?xf32, #stablehlo.bounds<5, ?>>, %arg1: tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>> {
// CHECK-NEXT:    %0 = stablehlo.set_dimension_size %arg0, %arg1, dim = 0 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>>
// CHECK-NEXT:    %1 = stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>>
// CHECK-NEXT:    %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT:    %2 = stablehlo.set_dimension_size %arg0, %c, dim = 0 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<4x?xf32>
// CHECK-NEXT:    return %0 : tensor<?x?xf32, #stablehlo.bounds<5, ?>>
// CHECK-NEXT:  }
func.func @set_dimension_size_dynamic(%operand: tensor<?x?xf32, #stablehlo.bounds<5, ?>>, %size: tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>> {
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 0 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>>
  %1 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<?x?xf32, #stablehlo.bounds<5, ?>>
  %c = stablehlo.constant dense<4> : tensor<i32>
  %2 = stablehlo.set_dimension_size %operand, %c, dim = 0 : (tensor<?x?xf32, #stablehlo.bounds<5, ?>>, tensor<i32>) -> tensor<4x?xf32>
  return %0 : tensor<?x?xf32, #stablehlo.bounds<5, ?>>
}
