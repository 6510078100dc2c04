// Round trip of stablehlo.real and stablehlo.imag.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Complex operands: the result has the part type, printed as a function type.
// CHECK-LABEL:  func.func @parts(%arg0: tensor<2x3xcomplex<f32>>, %arg1: tensor<4xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.real %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.imag %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.real %arg1 : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
// CHECK-NEXT:    %3 = stablehlo.imag %arg1 : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @parts(%a: tensor<2x3xcomplex<f32>>, %b: tensor<4xcomplex<f64>>) {
  %0 = stablehlo.real %a : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %1 = stablehlo.imag %a : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %2 = stablehlo.real %b : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %3 = stablehlo.imag %b : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  return
}

// Floating-point operands: the result has the operand's type.
// CHECK-LABEL:  func.func @floats(%arg0: tensor<2xf32>, %arg1: tensor<2xbf16>) {
// CHECK-NEXT:    %0 = stablehlo.real %arg0 : tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.imag %arg0 : tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.real %arg1 : tensor<2xbf16>
// CHECK-NEXT:    %3 = stablehlo.imag %arg1 : tensor<2xbf16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @floats(%a: tensor<2xf32>, %b: tensor<2xbf16>) {
  %0 = stablehlo.real %a : tensor<2xf32>
  %1 = stablehlo.imag %a : tensor<2xf32>
  %2 = stablehlo.real %b : tensor<2xbf16>
  %3 = stablehlo.imag %b : tensor<2xbf16>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2xcomplex<f32>>) {
// CHECK-NEXT:    %0 = stablehlo.real %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.imag %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%a: tensor<2xcomplex<f32>>) {
  %0 = "stablehlo.real"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %1 = "stablehlo.imag"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return
}

// Dynamic and bounded dimensions.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?xcomplex<f32>>, %arg1: tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.real %arg0 : (tensor<?xcomplex<f32>>) -> tensor<?xf32>
// CHECK-NEXT:    %1 = stablehlo.imag %arg0 : (tensor<?xcomplex<f32>>) -> tensor<3xf32>
// CHECK-NEXT:    %2 = stablehlo.real %arg1 : (tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%a: tensor<?xcomplex<f32>>, %b: tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) {
  %0 = stablehlo.real %a : (tensor<?xcomplex<f32>>) -> tensor<?xf32>
  %1 = stablehlo.imag %a : (tensor<?xcomplex<f32>>) -> tensor<3xf32>
  %2 = stablehlo.real %b : (tensor<?xcomplex<f32>, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  return
}

// As JAX emits them (jnp.real, jnp.imag).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<3xcomplex<f32>>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %0 = stablehlo.real %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK-NEXT:    %1 = stablehlo.imag %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK-NEXT:    return %0, %1 : tensor<3xf32>, tensor<3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<3xcomplex<f32>>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}) {
  %0 = stablehlo.real %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %1 = stablehlo.imag %arg0 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
