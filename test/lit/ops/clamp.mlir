// Round trip of stablehlo.clamp.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// min, operand, max and result of one type print as one type.
// CHECK-LABEL:  func.func @clamp(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi32>, %arg2: tensor<4xi1>, %arg3: tensor<4xcomplex<f32>>) {
// CHECK-NEXT:    %0 = stablehlo.clamp %arg0, %arg0, %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.clamp %arg1, %arg1, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %2 = stablehlo.clamp %arg2, %arg2, %arg2 : tensor<4xi1>
// CHECK-NEXT:    %3 = stablehlo.clamp %arg3, %arg3, %arg3 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @clamp(%a: tensor<2x3xf32>, %b: tensor<4xi32>, %c: tensor<4xi1>, %d: tensor<4xcomplex<f32>>) {
  %0 = stablehlo.clamp %a, %a, %a : tensor<2x3xf32>
  %1 = stablehlo.clamp %b, %b, %b : tensor<4xi32>
  %2 = stablehlo.clamp %c, %c, %c : tensor<4xi1>
  %3 = stablehlo.clamp %d, %d, %d : tensor<4xcomplex<f32>>
  return
}

// Scalar min and max (C1, C2) print as a function type.
// CHECK-LABEL:  func.func @clamp_scalars(%arg0: tensor<f32>, %arg1: tensor<2x3xf32>, %arg2: tensor<f32>) {
// CHECK-NEXT:    %0 = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.clamp %arg0, %arg1, %arg1 : (tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.clamp %arg1, %arg1, %arg2 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @clamp_scalars(%min: tensor<f32>, %x: tensor<2x3xf32>, %max: tensor<f32>) {
  %0 = stablehlo.clamp %min, %x, %max : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.clamp %min, %x, %x : (tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.clamp %x, %x, %max : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<f32>, %arg1: tensor<3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %1 = stablehlo.clamp %arg1, %arg1, %arg1 : tensor<3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%min: tensor<f32>, %x: tensor<3xf32>) {
  %0 = "stablehlo.clamp"(%min, %x, %min) : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %1 = "stablehlo.clamp"(%x, %x, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// Dynamic and bounded dimensions.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<f32>, %arg1: tensor<?xf32>, %arg2: tensor<3xf32>, %arg3: tensor<?xf32, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
// CHECK-NEXT:    %1 = stablehlo.clamp %arg2, %arg1, %arg2 : (tensor<3xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %2 = stablehlo.clamp %arg3, %arg3, %arg3 : tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%min: tensor<f32>, %x: tensor<?xf32>, %y: tensor<3xf32>, %b: tensor<?xf32, #stablehlo.bounds<4>>) {
  %0 = stablehlo.clamp %min, %x, %min : (tensor<f32>, tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.clamp %y, %x, %y : (tensor<3xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = stablehlo.clamp %b, %b, %b : tensor<?xf32, #stablehlo.bounds<4>>
  return
}

// As JAX emits it (lax.clamp).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:    %0 = stablehlo.clamp %cst, %arg0, %cst_0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = stablehlo.clamp %cst, %arg0, %cst_0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Per-tensor quantized operands (not checked against upstream): baseline
// element types agree, scales may differ.
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<!quant.uniform<i8:f32, 1.000000e+00>>, %arg1: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<!quant.uniform<i8:f32, 1.000000e+00>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%min: tensor<!quant.uniform<i8:f32, 1.0>>, %x: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.clamp %min, %x, %min : (tensor<!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  return
}
