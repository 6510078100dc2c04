// Round trip of stablehlo.cholesky and stablehlo.triangular_solve: the CHECK
// lines are upstream StableHLO's forms (checked with jaxlib); lower = false
// (the default) is not printed; triangular_solve prints generically.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @cholesky(%arg0: tensor<3x3xf32>, %arg1: tensor<2x4x4xcomplex<f64>>) -> tensor<3x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.cholesky %arg0, lower = true : tensor<3x3xf32>
// CHECK-NEXT:    %1 = stablehlo.cholesky %arg0 : tensor<3x3xf32>
// CHECK-NEXT:    %2 = stablehlo.cholesky %arg1 : tensor<2x4x4xcomplex<f64>>
// CHECK-NEXT:    return %0 : tensor<3x3xf32>
// CHECK-NEXT:  }
func.func @cholesky(%a: tensor<3x3xf32>, %batch: tensor<2x4x4xcomplex<f64>>) -> tensor<3x3xf32> {
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = false} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %2 = stablehlo.cholesky %batch : tensor<2x4x4xcomplex<f64>>
  return %0 : tensor<3x3xf32>
}

// CHECK-LABEL:  func.func @triangular_solve(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2x3xf32>) -> tensor<3x2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %1 = "stablehlo.triangular_solve"(%arg0, %arg2) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<3x2xf32>
// CHECK-NEXT:  }
func.func @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "stablehlo.triangular_solve"(%a, %c) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<3x2xf32>
}
