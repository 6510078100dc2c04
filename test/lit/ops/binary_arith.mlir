// Round trip of the arithmetic binary ops: atan2, divide, maximum, minimum,
// multiply, power, remainder, subtract.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Each op on f32: equal types print as one type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.divide %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.maximum %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.minimum %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.multiply %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.power %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.remainder %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.subtract %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_type(%l: tensor<2x3xf32>, %r: tensor<2x3xf32>) {
  %0 = stablehlo.atan2 %l, %r : tensor<2x3xf32>
  %1 = stablehlo.divide %l, %r : tensor<2x3xf32>
  %2 = stablehlo.maximum %l, %r : tensor<2x3xf32>
  %3 = stablehlo.minimum %l, %r : tensor<2x3xf32>
  %4 = stablehlo.multiply %l, %r : tensor<2x3xf32>
  %5 = stablehlo.power %l, %r : tensor<2x3xf32>
  %6 = stablehlo.remainder %l, %r : tensor<2x3xf32>
  %7 = stablehlo.subtract %l, %r : tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.divide %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.maximum %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.minimum %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.multiply %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.power %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.remainder %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.subtract %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%l: tensor<2x3xf32>, %r: tensor<2x3xf32>) {
  %0 = "stablehlo.atan2"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.divide"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.maximum"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.minimum"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "stablehlo.multiply"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "stablehlo.power"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "stablehlo.remainder"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "stablehlo.subtract"(%l, %r) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// The other element types of the operand type family.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xf16>, %arg1: tensor<4xbf16>, %arg2: tensor<4xf64>, %arg3: tensor<4xf8E4M3FN>, %arg4: tensor<4xcomplex<f32>>, %arg5: tensor<4xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %1 = stablehlo.divide %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %2 = stablehlo.maximum %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %3 = stablehlo.minimum %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %4 = stablehlo.multiply %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %5 = stablehlo.power %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %6 = stablehlo.remainder %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %7 = stablehlo.subtract %arg0, %arg0 : tensor<4xf16>
// CHECK-NEXT:    %8 = stablehlo.atan2 %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %9 = stablehlo.divide %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %10 = stablehlo.maximum %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %11 = stablehlo.minimum %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %12 = stablehlo.multiply %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %13 = stablehlo.power %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %14 = stablehlo.remainder %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %15 = stablehlo.subtract %arg1, %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %16 = stablehlo.atan2 %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %17 = stablehlo.divide %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %18 = stablehlo.maximum %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %19 = stablehlo.minimum %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %20 = stablehlo.multiply %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %21 = stablehlo.power %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %22 = stablehlo.remainder %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %23 = stablehlo.subtract %arg2, %arg2 : tensor<4xf64>
// CHECK-NEXT:    %24 = stablehlo.atan2 %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %25 = stablehlo.divide %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %26 = stablehlo.maximum %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %27 = stablehlo.minimum %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %28 = stablehlo.multiply %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %29 = stablehlo.power %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %30 = stablehlo.remainder %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %31 = stablehlo.subtract %arg3, %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %32 = stablehlo.atan2 %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %33 = stablehlo.divide %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %34 = stablehlo.maximum %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %35 = stablehlo.minimum %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %36 = stablehlo.multiply %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %37 = stablehlo.power %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %38 = stablehlo.remainder %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %39 = stablehlo.subtract %arg4, %arg4 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %40 = stablehlo.atan2 %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %41 = stablehlo.divide %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %42 = stablehlo.maximum %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %43 = stablehlo.minimum %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %44 = stablehlo.multiply %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %45 = stablehlo.power %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %46 = stablehlo.remainder %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %47 = stablehlo.subtract %arg5, %arg5 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xf16>, %a1: tensor<4xbf16>, %a2: tensor<4xf64>, %a3: tensor<4xf8E4M3FN>, %a4: tensor<4xcomplex<f32>>, %a5: tensor<4xcomplex<f64>>) {
  %0 = stablehlo.atan2 %a0, %a0 : tensor<4xf16>
  %1 = stablehlo.divide %a0, %a0 : tensor<4xf16>
  %2 = stablehlo.maximum %a0, %a0 : tensor<4xf16>
  %3 = stablehlo.minimum %a0, %a0 : tensor<4xf16>
  %4 = stablehlo.multiply %a0, %a0 : tensor<4xf16>
  %5 = stablehlo.power %a0, %a0 : tensor<4xf16>
  %6 = stablehlo.remainder %a0, %a0 : tensor<4xf16>
  %7 = stablehlo.subtract %a0, %a0 : tensor<4xf16>
  %8 = stablehlo.atan2 %a1, %a1 : tensor<4xbf16>
  %9 = stablehlo.divide %a1, %a1 : tensor<4xbf16>
  %10 = stablehlo.maximum %a1, %a1 : tensor<4xbf16>
  %11 = stablehlo.minimum %a1, %a1 : tensor<4xbf16>
  %12 = stablehlo.multiply %a1, %a1 : tensor<4xbf16>
  %13 = stablehlo.power %a1, %a1 : tensor<4xbf16>
  %14 = stablehlo.remainder %a1, %a1 : tensor<4xbf16>
  %15 = stablehlo.subtract %a1, %a1 : tensor<4xbf16>
  %16 = stablehlo.atan2 %a2, %a2 : tensor<4xf64>
  %17 = stablehlo.divide %a2, %a2 : tensor<4xf64>
  %18 = stablehlo.maximum %a2, %a2 : tensor<4xf64>
  %19 = stablehlo.minimum %a2, %a2 : tensor<4xf64>
  %20 = stablehlo.multiply %a2, %a2 : tensor<4xf64>
  %21 = stablehlo.power %a2, %a2 : tensor<4xf64>
  %22 = stablehlo.remainder %a2, %a2 : tensor<4xf64>
  %23 = stablehlo.subtract %a2, %a2 : tensor<4xf64>
  %24 = stablehlo.atan2 %a3, %a3 : tensor<4xf8E4M3FN>
  %25 = stablehlo.divide %a3, %a3 : tensor<4xf8E4M3FN>
  %26 = stablehlo.maximum %a3, %a3 : tensor<4xf8E4M3FN>
  %27 = stablehlo.minimum %a3, %a3 : tensor<4xf8E4M3FN>
  %28 = stablehlo.multiply %a3, %a3 : tensor<4xf8E4M3FN>
  %29 = stablehlo.power %a3, %a3 : tensor<4xf8E4M3FN>
  %30 = stablehlo.remainder %a3, %a3 : tensor<4xf8E4M3FN>
  %31 = stablehlo.subtract %a3, %a3 : tensor<4xf8E4M3FN>
  %32 = stablehlo.atan2 %a4, %a4 : tensor<4xcomplex<f32>>
  %33 = stablehlo.divide %a4, %a4 : tensor<4xcomplex<f32>>
  %34 = stablehlo.maximum %a4, %a4 : tensor<4xcomplex<f32>>
  %35 = stablehlo.minimum %a4, %a4 : tensor<4xcomplex<f32>>
  %36 = stablehlo.multiply %a4, %a4 : tensor<4xcomplex<f32>>
  %37 = stablehlo.power %a4, %a4 : tensor<4xcomplex<f32>>
  %38 = stablehlo.remainder %a4, %a4 : tensor<4xcomplex<f32>>
  %39 = stablehlo.subtract %a4, %a4 : tensor<4xcomplex<f32>>
  %40 = stablehlo.atan2 %a5, %a5 : tensor<4xcomplex<f64>>
  %41 = stablehlo.divide %a5, %a5 : tensor<4xcomplex<f64>>
  %42 = stablehlo.maximum %a5, %a5 : tensor<4xcomplex<f64>>
  %43 = stablehlo.minimum %a5, %a5 : tensor<4xcomplex<f64>>
  %44 = stablehlo.multiply %a5, %a5 : tensor<4xcomplex<f64>>
  %45 = stablehlo.power %a5, %a5 : tensor<4xcomplex<f64>>
  %46 = stablehlo.remainder %a5, %a5 : tensor<4xcomplex<f64>>
  %47 = stablehlo.subtract %a5, %a5 : tensor<4xcomplex<f64>>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<2x?xf32>, %arg2: tensor<?xf32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg1 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %1 = stablehlo.subtract %arg0, %arg1 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.atan2 %arg0, %arg0 : tensor<?x3xf32>
// CHECK-NEXT:    %3 = stablehlo.subtract %arg2, %arg2 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<2x?xf32>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.atan2 %x, %y : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.subtract %x, %y : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.atan2 %x, %x : tensor<?x3xf32>
  %3 = stablehlo.subtract %b, %b : tensor<?xf32, #stablehlo.bounds<8>>
  return
}

// Integer element types: every op but atan2.
// CHECK-LABEL:  func.func @integers(%arg0: tensor<4xi32>, %arg1: tensor<4xui8>, %arg2: tensor<4xi4>) {
// CHECK-NEXT:    %0 = stablehlo.divide %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.maximum %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %2 = stablehlo.minimum %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %3 = stablehlo.multiply %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %4 = stablehlo.power %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %5 = stablehlo.remainder %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %6 = stablehlo.subtract %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %7 = stablehlo.divide %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %8 = stablehlo.maximum %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %9 = stablehlo.minimum %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %10 = stablehlo.multiply %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %11 = stablehlo.power %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %12 = stablehlo.remainder %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %13 = stablehlo.subtract %arg1, %arg1 : tensor<4xui8>
// CHECK-NEXT:    %14 = stablehlo.divide %arg2, %arg2 : tensor<4xi4>
// CHECK-NEXT:    %15 = stablehlo.multiply %arg2, %arg2 : tensor<4xi4>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @integers(%a: tensor<4xi32>, %b: tensor<4xui8>, %c: tensor<4xi4>) {
  %0 = stablehlo.divide %a, %a : tensor<4xi32>
  %1 = stablehlo.maximum %a, %a : tensor<4xi32>
  %2 = stablehlo.minimum %a, %a : tensor<4xi32>
  %3 = stablehlo.multiply %a, %a : tensor<4xi32>
  %4 = stablehlo.power %a, %a : tensor<4xi32>
  %5 = stablehlo.remainder %a, %a : tensor<4xi32>
  %6 = stablehlo.subtract %a, %a : tensor<4xi32>
  %7 = stablehlo.divide %b, %b : tensor<4xui8>
  %8 = stablehlo.maximum %b, %b : tensor<4xui8>
  %9 = stablehlo.minimum %b, %b : tensor<4xui8>
  %10 = stablehlo.multiply %b, %b : tensor<4xui8>
  %11 = stablehlo.power %b, %b : tensor<4xui8>
  %12 = stablehlo.remainder %b, %b : tensor<4xui8>
  %13 = stablehlo.subtract %b, %b : tensor<4xui8>
  %14 = stablehlo.divide %c, %c : tensor<4xi4>
  %15 = stablehlo.multiply %c, %c : tensor<4xi4>
  return
}

// Booleans: maximum, minimum and multiply take any tensor.
// CHECK-LABEL:  func.func @booleans(%arg0: tensor<4xi1>) {
// CHECK-NEXT:    %0 = stablehlo.maximum %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    %1 = stablehlo.minimum %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    %2 = stablehlo.multiply %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @booleans(%a: tensor<4xi1>) {
  %0 = stablehlo.maximum %a, %a : tensor<4xi1>
  %1 = stablehlo.minimum %a, %a : tensor<4xi1>
  %2 = stablehlo.multiply %a, %a : tensor<4xi1>
  return
}

// As JAX emits them (jnp.arctan2, /, jnp.maximum, jnp.minimum, *, **, %, -).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.divide %0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.maximum %1, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.minimum %2, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.multiply %3, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.power %4, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.remainder %5, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.subtract %6, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    return %7 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.atan2 %arg0, %arg1 : tensor<2x3xf32>
  %1 = stablehlo.divide %0, %arg1 : tensor<2x3xf32>
  %2 = stablehlo.maximum %1, %arg1 : tensor<2x3xf32>
  %3 = stablehlo.minimum %2, %arg1 : tensor<2x3xf32>
  %4 = stablehlo.multiply %3, %arg1 : tensor<2x3xf32>
  %5 = stablehlo.power %4, %arg1 : tensor<2x3xf32>
  %6 = stablehlo.remainder %5, %arg1 : tensor<2x3xf32>
  %7 = stablehlo.subtract %6, %arg1 : tensor<2x3xf32>
  return %7 : tensor<2x3xf32>
}

// Per-tensor quantized operands (not checked against upstream: jaxlib has no
// quant dialect). Operands and result may have different scales and zero points.
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, %arg1: tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) {
// CHECK-NEXT:    %0 = stablehlo.atan2 %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %1 = stablehlo.divide %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %2 = stablehlo.maximum %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %3 = stablehlo.minimum %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %4 = stablehlo.multiply %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %5 = stablehlo.power %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %6 = stablehlo.remainder %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %7 = stablehlo.subtract %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %8 = stablehlo.atan2 %arg0, %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%p: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %q: tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) {
  %0 = stablehlo.atan2 %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %1 = stablehlo.divide %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %2 = stablehlo.maximum %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %3 = stablehlo.minimum %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %4 = stablehlo.multiply %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %5 = stablehlo.power %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %6 = stablehlo.remainder %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %7 = stablehlo.subtract %p, %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.25:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  %8 = stablehlo.atan2 %p, %p : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return
}
