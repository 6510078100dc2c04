// Round trip of stablehlo.is_finite: always a function type.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Floating-point operands.
// CHECK-LABEL:  func.func @is_finite(%arg0: tensor<2x3xf32>, %arg1: tensor<4xbf16>, %arg2: tensor<f64>, %arg3: tensor<4xf8E5M2>) {
// CHECK-NEXT:    %0 = stablehlo.is_finite %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %1 = stablehlo.is_finite %arg1 : (tensor<4xbf16>) -> tensor<4xi1>
// CHECK-NEXT:    %2 = stablehlo.is_finite %arg2 : (tensor<f64>) -> tensor<i1>
// CHECK-NEXT:    %3 = stablehlo.is_finite %arg3 : (tensor<4xf8E5M2>) -> tensor<4xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @is_finite(%a: tensor<2x3xf32>, %b: tensor<4xbf16>, %c: tensor<f64>, %d: tensor<4xf8E5M2>) {
  %0 = stablehlo.is_finite %a : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = stablehlo.is_finite %b : (tensor<4xbf16>) -> tensor<4xi1>
  %2 = stablehlo.is_finite %c : (tensor<f64>) -> tensor<i1>
  %3 = stablehlo.is_finite %d : (tensor<4xf8E5M2>) -> tensor<4xi1>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%a: tensor<2xf32>) {
  %0 = "stablehlo.is_finite"(%a) : (tensor<2xf32>) -> tensor<2xi1>
  return
}

// Dynamic and bounded dimensions.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<4>>) {
// CHECK-NEXT:    %0 = stablehlo.is_finite %arg0 : (tensor<?xf32>) -> tensor<?xi1>
// CHECK-NEXT:    %1 = stablehlo.is_finite %arg0 : (tensor<?xf32>) -> tensor<3xi1>
// CHECK-NEXT:    %2 = stablehlo.is_finite %arg1 : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xi1, #stablehlo.bounds<4>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32, #stablehlo.bounds<4>>) {
  %0 = stablehlo.is_finite %a : (tensor<?xf32>) -> tensor<?xi1>
  %1 = stablehlo.is_finite %a : (tensor<?xf32>) -> tensor<3xi1>
  %2 = stablehlo.is_finite %b : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xi1, #stablehlo.bounds<4>>
  return
}

// Per-tensor quantized operands (not checked against upstream).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.is_finite %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.is_finite %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xi1>
  return
}
