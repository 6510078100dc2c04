// Round trip of negate and sign.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Each op on f32: operand and result types equal print as one type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.sign %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_type(%x: tensor<2x3xf32>) {
  %0 = stablehlo.negate %x : tensor<2x3xf32>
  %1 = stablehlo.sign %x : tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.sign %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%x: tensor<2x3xf32>) {
  %0 = "stablehlo.negate"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.sign"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// The other element types of the operand type family.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xi8>, %arg1: tensor<4xi64>, %arg2: tensor<4xbf16>, %arg3: tensor<4xf64>, %arg4: tensor<4xcomplex<f32>>, %arg5: tensor<4xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<4xi8>
// CHECK-NEXT:    %1 = stablehlo.sign %arg0 : tensor<4xi8>
// CHECK-NEXT:    %2 = stablehlo.negate %arg1 : tensor<4xi64>
// CHECK-NEXT:    %3 = stablehlo.sign %arg1 : tensor<4xi64>
// CHECK-NEXT:    %4 = stablehlo.negate %arg2 : tensor<4xbf16>
// CHECK-NEXT:    %5 = stablehlo.sign %arg2 : tensor<4xbf16>
// CHECK-NEXT:    %6 = stablehlo.negate %arg3 : tensor<4xf64>
// CHECK-NEXT:    %7 = stablehlo.sign %arg3 : tensor<4xf64>
// CHECK-NEXT:    %8 = stablehlo.negate %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %9 = stablehlo.sign %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %10 = stablehlo.negate %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %11 = stablehlo.sign %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xi8>, %a1: tensor<4xi64>, %a2: tensor<4xbf16>, %a3: tensor<4xf64>, %a4: tensor<4xcomplex<f32>>, %a5: tensor<4xcomplex<f64>>) {
  %0 = stablehlo.negate %a0 : tensor<4xi8>
  %1 = stablehlo.sign %a0 : tensor<4xi8>
  %2 = stablehlo.negate %a1 : tensor<4xi64>
  %3 = stablehlo.sign %a1 : tensor<4xi64>
  %4 = stablehlo.negate %a2 : tensor<4xbf16>
  %5 = stablehlo.sign %a2 : tensor<4xbf16>
  %6 = stablehlo.negate %a3 : tensor<4xf64>
  %7 = stablehlo.sign %a3 : tensor<4xf64>
  %8 = stablehlo.negate %a4 : tensor<4xcomplex<f32>>
  %9 = stablehlo.sign %a4 : tensor<4xcomplex<f32>>
  %10 = stablehlo.negate %a5 : tensor<4xcomplex<f64>>
  %11 = stablehlo.sign %a5 : tensor<4xcomplex<f64>>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<?x3xf32>
// CHECK-NEXT:    %1 = stablehlo.sign %arg0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.negate %arg0 : (tensor<?x3xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %3 = stablehlo.sign %arg1 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    %4 = stablehlo.negate %arg1 : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xf32>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.negate %x : tensor<?x3xf32>
  %1 = stablehlo.sign %x : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.negate %x : (tensor<?x3xf32>) -> tensor<?x?xf32>
  %3 = stablehlo.sign %b : tensor<?xf32, #stablehlo.bounds<8>>
  %4 = stablehlo.negate %b : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<3xf32>
  return
}

// negate also takes unsigned integers.
// CHECK-LABEL:  func.func @negate_unsigned(%arg0: tensor<4xui32>, %arg1: tensor<4xui4>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<4xui32>
// CHECK-NEXT:    %1 = stablehlo.negate %arg1 : tensor<4xui4>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @negate_unsigned(%a: tensor<4xui32>, %b: tensor<4xui4>) {
  %0 = stablehlo.negate %a : tensor<4xui32>
  %1 = stablehlo.negate %b : tensor<4xui4>
  return
}

// As JAX emits them (jnp.negative, jnp.sign).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<4xi32>) -> (tensor<4xi32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.sign %0 : tensor<4xi32>
// CHECK-NEXT:    return %1 : tensor<4xi32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<4xi32>) -> (tensor<4xi32> {jax.result_info = "result"}) {
  %0 = stablehlo.negate %arg0 : tensor<4xi32>
  %1 = stablehlo.sign %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// Per-tensor quantized operands (not checked against upstream: jaxlib has no
// quant dialect). The result may have other scales and zero points (baseline types).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.negate %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %1 = stablehlo.sign %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %2 = stablehlo.negate %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.negate %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %1 = stablehlo.sign %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %2 = stablehlo.negate %q : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return
}
