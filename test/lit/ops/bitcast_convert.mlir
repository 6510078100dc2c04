// Round trip of stablehlo.bitcast_convert: always a function type.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Element types of equal width keep the shape.
// CHECK-LABEL:  func.func @same_width(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi64>, %arg2: tensor<2xcomplex<f32>>, %arg3: tensor<4xbf16>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.bitcast_convert %arg1 : (tensor<4xi64>) -> tensor<4xf64>
// CHECK-NEXT:    %3 = stablehlo.bitcast_convert %arg2 : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %4 = stablehlo.bitcast_convert %arg3 : (tensor<4xbf16>) -> tensor<4xui16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_width(%a: tensor<2x3xf32>, %b: tensor<4xi64>, %c: tensor<2xcomplex<f32>>, %d: tensor<4xbf16>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %1 = stablehlo.bitcast_convert %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.bitcast_convert %b : (tensor<4xi64>) -> tensor<4xf64>
  %3 = stablehlo.bitcast_convert %c : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %4 = stablehlo.bitcast_convert %d : (tensor<4xbf16>) -> tensor<4xui16>
  return
}

// A narrower result element type adds a last dimension.
// CHECK-LABEL:  func.func @narrower(%arg0: tensor<f64>, %arg1: tensor<2x3xf32>, %arg2: tensor<2xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<f64>) -> tensor<4xf16>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg1 : (tensor<2x3xf32>) -> tensor<2x3x4xui8>
// CHECK-NEXT:    %2 = stablehlo.bitcast_convert %arg2 : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @narrower(%a: tensor<f64>, %b: tensor<2x3xf32>, %c: tensor<2xcomplex<f64>>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<f64>) -> tensor<4xf16>
  %1 = stablehlo.bitcast_convert %b : (tensor<2x3xf32>) -> tensor<2x3x4xui8>
  %2 = stablehlo.bitcast_convert %c : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
  return
}

// A wider result element type drops the last dimension.
// CHECK-LABEL:  func.func @wider(%arg0: tensor<4xf16>, %arg1: tensor<2x3x4xi8>, %arg2: tensor<3x2xi32>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<4xf16>) -> tensor<f64>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg1 : (tensor<2x3x4xi8>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.bitcast_convert %arg2 : (tensor<3x2xi32>) -> tensor<3xui64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @wider(%a: tensor<4xf16>, %b: tensor<2x3x4xi8>, %c: tensor<3x2xi32>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf16>) -> tensor<f64>
  %1 = stablehlo.bitcast_convert %b : (tensor<2x3x4xi8>) -> tensor<2x3xf32>
  %2 = stablehlo.bitcast_convert %c : (tensor<3x2xi32>) -> tensor<3xui64>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<f64>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<f64>) -> tensor<4xf16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%a: tensor<f64>) {
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<f64>) -> tensor<4xf16>
  return
}

// Dynamic dimensions (sizes that are not known are not checked).
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?xf32>, %arg1: tensor<2x?xi8>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<?xf32>) -> tensor<?xi32>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg0 : (tensor<?xf32>) -> tensor<?x4xi8>
// CHECK-NEXT:    %2 = stablehlo.bitcast_convert %arg0 : (tensor<?xf32>) -> tensor<2x?xi8>
// CHECK-NEXT:    %3 = stablehlo.bitcast_convert %arg1 : (tensor<2x?xi8>) -> tensor<2xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<2x?xi8>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<?xf32>) -> tensor<?xi32>
  %1 = stablehlo.bitcast_convert %a : (tensor<?xf32>) -> tensor<?x4xi8>
  %2 = stablehlo.bitcast_convert %a : (tensor<?xf32>) -> tensor<2x?xi8>
  %3 = stablehlo.bitcast_convert %b : (tensor<2x?xi8>) -> tensor<2xi32>
  return
}

// As JAX emits it (lax.bitcast_convert_type).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xi32> {jax.result_info = "result[0]"}, tensor<2x3x4xui8> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3x4xui8>
// CHECK-NEXT:    return %0, %1 : tensor<2x3xi32>, tensor<2x3x4xui8>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xi32> {jax.result_info = "result[0]"}, tensor<2x3x4xui8> {jax.result_info = "result[1]"}) {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %1 = stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3x4xui8>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3x4xui8>
}

// Quantized tensors count the bits of their storage type; per-axis ones are
// allowed (not checked against upstream).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, %arg1: tensor<2x4x!quant.uniform<i8:f32:0, {5.000000e-01,1.000000e+00}>>) {
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2xi8>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg1 : (tensor<2x4x!quant.uniform<i8:f32:0, {5.000000e-01,1.000000e+00}>>) -> tensor<2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %p: tensor<2x4x!quant.uniform<i8:f32:0, {0.5, 1.0}>>) {
  %0 = stablehlo.bitcast_convert %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xi8>
  %1 = stablehlo.bitcast_convert %p : (tensor<2x4x!quant.uniform<i8:f32:0, {0.5, 1.0}>>) -> tensor<2xf32>
  return
}
