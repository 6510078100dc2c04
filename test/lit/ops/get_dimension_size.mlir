// Round trip of stablehlo.get_dimension_size: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Static, dynamic and quantized operands; the result is always tensor<i32>.
// CHECK-LABEL:  func.func @get_dimension_size(%arg0: tensor<2x3xi64>, %arg1: tensor<?x4xf32>, %arg2: tensor<5x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<i32> {
// CHECK-NEXT:    %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xi64>) -> tensor<i32>
// CHECK-NEXT:    %1 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK-NEXT:    %2 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<5x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<i32>
// CHECK-NEXT:    return %0 : tensor<i32>
// CHECK-NEXT:  }
func.func @get_dimension_size(%operand: tensor<2x3xi64>, %dynamic: tensor<?x4xf32>, %quantized: tensor<5x!quant.uniform<i8:f32, 1.0>>) -> tensor<i32> {
  %0 = "stablehlo.get_dimension_size"(%operand) {dimension = 1 : i64} : (tensor<2x3xi64>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %dynamic, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %2 = stablehlo.get_dimension_size %quantized, dim = 0 : (tensor<5x!quant.uniform<i8:f32, 1.0>>) -> tensor<i32>
  return %0 : tensor<i32>
}
