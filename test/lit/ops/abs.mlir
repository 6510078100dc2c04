// Round trip of stablehlo.abs.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Signed integers and floats: operand and result types equal print as one type.
// CHECK-LABEL:  func.func @abs(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi8>, %arg2: tensor<4xbf16>, %arg3: tensor<4xi64>, %arg4: tensor<4xf8E4M3FN>) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.abs %arg1 : tensor<4xi8>
// CHECK-NEXT:    %2 = stablehlo.abs %arg2 : tensor<4xbf16>
// CHECK-NEXT:    %3 = stablehlo.abs %arg3 : tensor<4xi64>
// CHECK-NEXT:    %4 = stablehlo.abs %arg4 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @abs(%a: tensor<2x3xf32>, %b: tensor<4xi8>, %c: tensor<4xbf16>, %d: tensor<4xi64>, %e: tensor<4xf8E4M3FN>) {
  %0 = stablehlo.abs %a : tensor<2x3xf32>
  %1 = stablehlo.abs %b : tensor<4xi8>
  %2 = stablehlo.abs %c : tensor<4xbf16>
  %3 = stablehlo.abs %d : tensor<4xi64>
  %4 = stablehlo.abs %e : tensor<4xf8E4M3FN>
  return
}

// Complex operands: the result has the part type (C2), printed as a function type.
// CHECK-LABEL:  func.func @abs_complex(%arg0: tensor<2xcomplex<f32>>, %arg1: tensor<2xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.abs %arg1 : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @abs_complex(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f64>>) {
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %1 = "stablehlo.abs"(%b) : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @abs_generic(%arg0: tensor<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @abs_generic(%a: tensor<2xf32>) {
  %0 = "stablehlo.abs"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// Dynamic and bounded dimensions.
// CHECK-LABEL:  func.func @abs_dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.abs %arg1 : (tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    %2 = stablehlo.abs %arg0 : tensor<?x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @abs_dynamic(%a: tensor<?x3xf32>, %b: tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) {
  %0 = stablehlo.abs %a : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.abs %b : (tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  %2 = stablehlo.abs %a : tensor<?x3xf32>
  return
}

// As JAX emits it (jnp.abs).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.abs %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Per-tensor quantized operands (not checked against upstream: jaxlib has no
// quant dialect); the result may have other scales and zero points.
// CHECK-LABEL:  func.func @abs_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %1 = stablehlo.abs %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @abs_quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.abs %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %1 = stablehlo.abs %q : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return
}
