// Round trip of stablehlo.convert: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Conversions between element type families print a function type.
// CHECK-LABEL:  func.func @convert_families(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi1>, %arg3: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
// CHECK-NEXT:    %0 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
// CHECK-NEXT:    %1 = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.convert %arg2 : (tensor<2xi1>) -> tensor<2xui8>
// CHECK-NEXT:    %3 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %4 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %5 = stablehlo.convert %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
// CHECK-NEXT:    %6 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<2xf8E5M2>
// CHECK-NEXT:    %7 = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xi4>
// CHECK-NEXT:    return %5 : tensor<2xf64>
// CHECK-NEXT:  }
func.func @convert_families(%f: tensor<2xf32>, %i: tensor<2xi32>, %b: tensor<2xi1>, %c: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  %0 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xi32>
  %1 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xf32>
  %2 = stablehlo.convert %b : (tensor<2xi1>) -> tensor<2xui8>
  %3 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xi1>
  %4 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %5 = stablehlo.convert %c : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  %6 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xf8E5M2>
  %7 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xi4>
  return %5 : tensor<2xf64>
}

// An identity conversion prints a single type.
// CHECK-LABEL:  func.func @convert_same(%arg0: tensor<3x2xbf16>) -> tensor<3x2xbf16> {
// CHECK-NEXT:    %0 = stablehlo.convert %arg0 : tensor<3x2xbf16>
// CHECK-NEXT:    return %0 : tensor<3x2xbf16>
// CHECK-NEXT:  }
func.func @convert_same(%f: tensor<3x2xbf16>) -> tensor<3x2xbf16> {
  %0 = stablehlo.convert %f : tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// The generic form.
// CHECK-LABEL:  func.func @convert_generic(%arg0: tensor<4xui16>) -> tensor<4xf16> {
// CHECK-NEXT:    %0 = stablehlo.convert %arg0 : (tensor<4xui16>) -> tensor<4xf16>
// CHECK-NEXT:    return %0 : tensor<4xf16>
// CHECK-NEXT:  }
func.func @convert_generic(%i: tensor<4xui16>) -> tensor<4xf16> {
  %0 = "stablehlo.convert"(%i) : (tensor<4xui16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// Dynamic and bounded shapes (C1 compares the known sizes).
// CHECK-LABEL:  func.func @convert_dynamic(%arg0: tensor<?x2xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<3x?xi32> {
// CHECK-NEXT:    %0 = stablehlo.convert %arg0 : (tensor<?x2xf32>) -> tensor<3x?xi32>
// CHECK-NEXT:    %1 = stablehlo.convert %arg1 : (tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<?xi64, #stablehlo.bounds<3>>
// CHECK-NEXT:    return %0 : tensor<3x?xi32>
// CHECK-NEXT:  }
func.func @convert_dynamic(%f: tensor<?x2xf32>, %b: tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<3x?xi32> {
  %0 = stablehlo.convert %f : (tensor<?x2xf32>) -> tensor<3x?xi32>
  %1 = stablehlo.convert %b : (tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<?xi64, #stablehlo.bounds<3>>
  return %0 : tensor<3x?xi32>
}

// As JAX emits it (x.astype(jnp.int32)).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<2x4xi32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.convert %arg0 : (tensor<2x4xf32>) -> tensor<2x4xi32>
// CHECK-NEXT:    return %0 : tensor<2x4xi32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<2x4xi32> {jax.result_info = "result"}) {
  %0 = stablehlo.convert %arg0 : (tensor<2x4xf32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
