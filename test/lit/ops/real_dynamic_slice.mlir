// Round trip of stablehlo.real_dynamic_slice: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Indices as arguments: the result sizes are known at run time.
// CHECK-LABEL:  func.func @real_dynamic_slice(%arg0: tensor<3x4xi64>, %arg1: tensor<2xi64>, %arg2: tensor<2xi64>, %arg3: tensor<2xi64>) -> tensor<?x?xi64> {
// CHECK-NEXT:    %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
// CHECK-NEXT:    %1 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<?x?xi64>
// CHECK-NEXT:  }
func.func @real_dynamic_slice(%operand: tensor<3x4xi64>, %start: tensor<2xi64>, %limit: tensor<2xi64>, %strides: tensor<2xi64>) -> tensor<?x?xi64> {
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %1 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<?x?xi64>
}

// Constant indices are checked like slice's attributes (the spec example of
// slice), as i64 and i32 tensors; an empty slice.
// CHECK-LABEL:  func.func @real_dynamic_slice_constant(%arg0: tensor<3x4xi64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.real_dynamic_slice %arg0, %c, %c_0, %c_1 : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    %c_2 = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
// CHECK-NEXT:    %c_3 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
// CHECK-NEXT:    %c_4 = stablehlo.constant dense<2> : tensor<2xi32>
// CHECK-NEXT:    %1 = stablehlo.real_dynamic_slice %arg0, %c_2, %c_3, %c_4 : (tensor<3x4xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi64>
// CHECK-NEXT:    %c_5 = stablehlo.constant dense<0> : tensor<2xi64>
// CHECK-NEXT:    %c_6 = stablehlo.constant dense<[0, 4]> : tensor<2xi64>
// CHECK-NEXT:    %2 = stablehlo.real_dynamic_slice %arg0, %c_5, %c_6, %c_1 : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<0x?xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @real_dynamic_slice_constant(%operand: tensor<3x4xi64>) -> tensor<2x2xi64> {
  %start = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<1> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  %s32 = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %l32 = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %t32 = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %1 = stablehlo.real_dynamic_slice %operand, %s32, %l32, %t32 : (tensor<3x4xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi64>
  %s0 = stablehlo.constant dense<0> : tensor<2xi64>
  %l0 = stablehlo.constant dense<[0, 4]> : tensor<2xi64>
  %2 = stablehlo.real_dynamic_slice %operand, %s0, %l0, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<0x?xi64>
  return %0 : tensor<2x2xi64>
}

// Dynamic and bounded operands, index operands.
// CHECK-LABEL:  func.func @real_dynamic_slice_dynamic(%arg0: tensor<?x4xf32, #stablehlo.bounds<6, ?>>, %arg1: tensor<2xindex>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<[6, 3]> : tensor<2xi64>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.real_dynamic_slice %arg0, %c, %c_0, %c_1 : (tensor<?x4xf32, #stablehlo.bounds<6, ?>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>>
// CHECK-NEXT:    %1 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<?x4xf32, #stablehlo.bounds<6, ?>>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0 : tensor<?x2xf32, #stablehlo.bounds<3, ?>>
// CHECK-NEXT:  }
func.func @real_dynamic_slice_dynamic(%operand: tensor<?x4xf32, #stablehlo.bounds<6, ?>>, %indices: tensor<2xindex>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>> {
  %start = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[6, 3]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<?x4xf32, #stablehlo.bounds<6, ?>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32, #stablehlo.bounds<3, ?>>
  %1 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %indices : (tensor<?x4xf32, #stablehlo.bounds<6, ?>>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x2xf32, #stablehlo.bounds<3, ?>>
}
