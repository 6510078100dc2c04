// Round trip of stablehlo.complex. The CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// lhs and rhs of the result's shape and part type: only the result type prints.
// CHECK-LABEL:  func.func @complex(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf64>) {
// CHECK-NEXT:    %0 = stablehlo.complex %arg0, %arg0 : tensor<2x3xcomplex<f32>>
// CHECK-NEXT:    %1 = stablehlo.complex %arg1, %arg1 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @complex(%a: tensor<2x3xf32>, %b: tensor<4xf64>) {
  %0 = stablehlo.complex %a, %a : tensor<2x3xcomplex<f32>>
  %1 = stablehlo.complex %b, %b : tensor<4xcomplex<f64>>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.complex %arg0, %arg0 : tensor<2xcomplex<f32>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%a: tensor<2xf32>) {
  %0 = "stablehlo.complex"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  return
}

// Otherwise a function type prints (dynamic and bounded dimensions).
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?xf32>, %arg1: tensor<2xf32>, %arg2: tensor<?xf32, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.complex %arg0, %arg1 : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %1 = stablehlo.complex %arg0, %arg0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %2 = stablehlo.complex %arg1, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xcomplex<f32>>
// CHECK-NEXT:    %3 = stablehlo.complex %arg0, %arg0 : tensor<?xcomplex<f32>>
// CHECK-NEXT:    %4 = stablehlo.complex %arg2, %arg2 : tensor<?xcomplex<f32>, #stablehlo.bounds<4>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<2xf32>, %c: tensor<?xf32, #stablehlo.bounds<4>>) {
  %0 = stablehlo.complex %a, %b : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %1 = stablehlo.complex %a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xcomplex<f32>>
  %2 = stablehlo.complex %b, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xcomplex<f32>>
  %3 = stablehlo.complex %a, %a : tensor<?xcomplex<f32>>
  %4 = stablehlo.complex %c, %c : tensor<?xcomplex<f32>, #stablehlo.bounds<4>>
  return
}

// As JAX emits it (lax.complex).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xcomplex<f32>> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.complex %arg0, %arg1 : tensor<2x3xcomplex<f32>>
// CHECK-NEXT:    return %0 : tensor<2x3xcomplex<f32>>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xcomplex<f32>> {jax.result_info = "result"}) {
  %0 = stablehlo.complex %arg0, %arg1 : tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}
