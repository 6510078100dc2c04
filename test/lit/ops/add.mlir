// Round trip of stablehlo.add: the CHECK lines are upstream StableHLO's pretty
// form (checked with jaxlib), except for the quantized cases, which upstream's
// Python bindings cannot parse (no quant dialect there).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Same operand and result types print as one type.
// CHECK-LABEL:  func.func @add_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @add_f32(%lhs: tensor<2x3xf32>, %rhs: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %lhs, %rhs : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @add_generic(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    return %0 : tensor<4xi32>
// CHECK-NEXT:  }
func.func @add_generic(%lhs: tensor<4xi32>, %rhs: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.add"(%lhs, %rhs) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// Every element type family: boolean, signed, unsigned, float, complex.
// CHECK-LABEL:  func.func @add_element_types(%arg0: tensor<i1>, %arg1: tensor<2xi64>, %arg2: tensor<2xui8>, %arg3: tensor<2xbf16>, %arg4: tensor<2xf8E4M3FN>, %arg5: tensor<2xcomplex<f64>>) -> tensor<i1> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<i1>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<2xi64>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<2xui8>
// CHECK-NEXT:    %3 = stablehlo.add %arg3, %arg3 : tensor<2xbf16>
// CHECK-NEXT:    %4 = stablehlo.add %arg4, %arg4 : tensor<2xf8E4M3FN>
// CHECK-NEXT:    %5 = stablehlo.add %arg5, %arg5 : tensor<2xcomplex<f64>>
// CHECK-NEXT:    return %0 : tensor<i1>
// CHECK-NEXT:  }
func.func @add_element_types(%i1: tensor<i1>, %si: tensor<2xi64>, %ui: tensor<2xui8>,
                             %bf: tensor<2xbf16>, %f8: tensor<2xf8E4M3FN>, %c: tensor<2xcomplex<f64>>) -> tensor<i1> {
  %0 = stablehlo.add %i1, %i1 : tensor<i1>
  %1 = stablehlo.add %si, %si : tensor<2xi64>
  %2 = stablehlo.add %ui, %ui : tensor<2xui8>
  %3 = stablehlo.add %bf, %bf : tensor<2xbf16>
  %4 = stablehlo.add %f8, %f8 : tensor<2xf8E4M3FN>
  %5 = stablehlo.add %c, %c : tensor<2xcomplex<f64>>
  return %0 : tensor<i1>
}

// Types that differ only in static/dynamic sizes print as a function type.
// CHECK-LABEL:  func.func @add_dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<2x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %1 = stablehlo.add %arg0, %arg1 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<?x?xf32>
// CHECK-NEXT:  }
func.func @add_dynamic(%lhs: tensor<?x3xf32>, %rhs: tensor<2x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.add %lhs, %rhs : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.add %lhs, %rhs : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<?x?xf32>
}

// Bounded dynamic dimensions.
// CHECK-LABEL:  func.func @add_bounded(%arg0: tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<8>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    return %0 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:  }
func.func @add_bounded(%lhs: tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<8>> {
  %0 = stablehlo.add %lhs, %lhs : tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32, #stablehlo.bounds<8>>
}

// As JAX emits it (jax.jit(lambda x, y: x + y).lower(...).as_text()).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Quantized operands (not checked against upstream: jaxlib has no quant
// dialect). Per-tensor operands may have different scales and zero points.
// CHECK-LABEL:  func.func @add_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, %arg1: tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-1>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-1>>
// CHECK-NEXT:    %1 = stablehlo.add %0, %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-1>>
// CHECK-NEXT:    return %1 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-1>>
// CHECK-NEXT:  }
func.func @add_quantized(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0:3>>, %rhs: tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-1>> {
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x!quant.uniform<i8:f32, 1.0:3>>, tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-1>>
  %1 = stablehlo.add %0, %0 : tensor<2x!quant.uniform<i8:f32, 0.5:-1>>
  return %1 : tensor<2x!quant.uniform<i8:f32, 0.5:-1>>
}

// Per-axis: the result is per-axis along the operands' axis (C5-C7).
// CHECK-LABEL:  func.func @add_per_axis(%arg0: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {1.000000e+00:1,2.000000e+00:2,3.000000e+00:3}>>, %arg1: tensor<2x3x!quant.uniform<i8:f32, 4.000000e+00>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : (tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {1.000000e+00:1,2.000000e+00:2,3.000000e+00:3}>>, tensor<2x3x!quant.uniform<i8:f32, 4.000000e+00>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    return %0 : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:  }
func.func @add_per_axis(%lhs: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {1.0:1, 2.0:2, 3.0:3}>>, %rhs: tensor<2x3x!quant.uniform<i8:f32, 4.0>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>> {
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {1.0:1, 2.0:2, 3.0:3}>>, tensor<2x3x!quant.uniform<i8:f32, 4.0>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}>>
}
