// Round trip of stablehlo.select: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized case, which
// upstream's Python bindings cannot parse (no quant dialect there).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Matching branch and result types print as `pred_type, result_type`.
// CHECK-LABEL:  func.func @select_elementwise(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @select_elementwise(%pred: tensor<2x3xi1>, %on_true: tensor<2x3xf32>, %on_false: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %pred, %on_true, %on_false : tensor<2x3xi1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A scalar predicate selects whole tensors (C1).
// CHECK-LABEL:  func.func @select_scalar_pred(%arg0: tensor<i1>, %arg1: tensor<2x3xi32>, %arg2: tensor<2x3xi32>) -> tensor<2x3xi32> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<2x3xi32>
// CHECK-NEXT:    return %0 : tensor<2x3xi32>
// CHECK-NEXT:  }
func.func @select_scalar_pred(%pred: tensor<i1>, %on_true: tensor<2x3xi32>, %on_false: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = stablehlo.select %pred, %on_true, %on_false : tensor<i1>, tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// The generic form.
// CHECK-LABEL:  func.func @select_generic(%arg0: tensor<4xi1>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xcomplex<f32>>
// CHECK-NEXT:    return %0 : tensor<4xcomplex<f32>>
// CHECK-NEXT:  }
func.func @select_generic(%pred: tensor<4xi1>, %on_true: tensor<4xcomplex<f32>>, %on_false: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = "stablehlo.select"(%pred, %on_true, %on_false) : (tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// Branch types that differ from the result type print as a function type.
// CHECK-LABEL:  func.func @select_dynamic(%arg0: tensor<?xi1>, %arg1: tensor<?xf32>, %arg2: tensor<3xf32>) -> tensor<?xf32> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<?xi1>, tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %1 = stablehlo.select %arg0, %arg1, %arg1 : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %0 : tensor<?xf32>
// CHECK-NEXT:  }
func.func @select_dynamic(%pred: tensor<?xi1>, %on_true: tensor<?xf32>, %on_false: tensor<3xf32>) -> tensor<?xf32> {
  %0 = stablehlo.select %pred, %on_true, %on_false : (tensor<?xi1>, tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  %1 = stablehlo.select %pred, %on_true, %on_true : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<3xf32>
  return %0 : tensor<?xf32>
}

// Bounded dynamic branches.
// CHECK-LABEL:  func.func @select_bounded(%arg0: tensor<i1>, %arg1: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i1>, tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    return %0 : tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:  }
func.func @select_bounded(%pred: tensor<i1>, %on_true: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  %0 = stablehlo.select %pred, %on_true, %on_true : tensor<i1>, tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>>
}

// As JAX emits it (jnp.where).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xi1>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x4xi1>, tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xi1>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x4xi1>, tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Quantized branches (not checked against upstream: no quant dialect in
// jaxlib) may differ in scale and zero point: C2 compares baseline types.
// CHECK-LABEL:  func.func @select_quantized(%arg0: tensor<2xi1>, %arg1: tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, %arg2: tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<2xi1>, tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:    %1 = stablehlo.select %arg0, %arg1, %arg1 : tensor<2xi1>, tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:  }
func.func @select_quantized(%pred: tensor<2xi1>, %on_true: tensor<2x!quant.uniform<i8:f32, 1.0:3>>, %on_false: tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.select %pred, %on_true, %on_false : (tensor<2xi1>, tensor<2x!quant.uniform<i8:f32, 1.0:3>>, tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %1 = stablehlo.select %pred, %on_true, %on_true : tensor<2xi1>, tensor<2x!quant.uniform<i8:f32, 1.0:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5>>
}
