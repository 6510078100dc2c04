// Round trip of stablehlo.compare: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except for the quantized case, which
// upstream's Python bindings cannot parse (no quant dialect there).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Every comparison direction; compare_type is optional.
// CHECK-LABEL:  func.func @compare_directions(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xi1> {
// CHECK-NEXT:    %0 = stablehlo.compare EQ, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %1 = stablehlo.compare NE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %2 = stablehlo.compare GE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %3 = stablehlo.compare GT, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %4 = stablehlo.compare LE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %5 = stablehlo.compare LT, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    return %5 : tensor<4xi1>
// CHECK-NEXT:  }
func.func @compare_directions(%lhs: tensor<4xf32>, %rhs: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare EQ, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare GE, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare GT, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.compare LE, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = stablehlo.compare LT, %lhs, %rhs : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %5 : tensor<4xi1>
}

// Every compare_type with an element type it allows (C3).
// CHECK-LABEL:  func.func @compare_types(%arg0: tensor<f32>, %arg1: tensor<i64>, %arg2: tensor<i8>, %arg3: tensor<ui16>, %arg4: tensor<i1>, %arg5: tensor<complex<f32>>) -> tensor<i1> {
// CHECK-NEXT:    %0 = stablehlo.compare LT, %arg0, %arg0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    %1 = stablehlo.compare LT, %arg0, %arg0, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:    %2 = stablehlo.compare GT, %arg1, %arg1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:    %3 = stablehlo.compare GT, %arg2, %arg2, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
// CHECK-NEXT:    %4 = stablehlo.compare GE, %arg3, %arg3, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
// CHECK-NEXT:    %5 = stablehlo.compare NE, %arg4, %arg4, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT:    %6 = stablehlo.compare EQ, %arg5, %arg5, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
// CHECK-NEXT:    return %6 : tensor<i1>
// CHECK-NEXT:  }
func.func @compare_types(%f: tensor<f32>, %si: tensor<i64>, %i: tensor<i8>, %ui: tensor<ui16>,
                         %b: tensor<i1>, %c: tensor<complex<f32>>) -> tensor<i1> {
  %0 = stablehlo.compare LT, %f, %f, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = stablehlo.compare LT, %f, %f, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %2 = stablehlo.compare GT, %si, %si, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %3 = stablehlo.compare GT, %i, %i, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
  %4 = stablehlo.compare GE, %ui, %ui, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
  %5 = stablehlo.compare NE, %b, %b, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
  %6 = stablehlo.compare EQ, %c, %c, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
  return %6 : tensor<i1>
}

// The generic form, with enum attributes spelled out.
// CHECK-LABEL:  func.func @compare_generic(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi1> {
// CHECK-NEXT:    %0 = stablehlo.compare LT, %arg0, %arg1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-NEXT:    %1 = stablehlo.compare GE, %arg0, %arg1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-NEXT:    return %0 : tensor<2xi1>
// CHECK-NEXT:  }
func.func @compare_generic(%lhs: tensor<2xi32>, %rhs: tensor<2xi32>) -> tensor<2xi1> {
  %0 = "stablehlo.compare"(%lhs, %rhs) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %1 = "stablehlo.compare"(%lhs, %rhs) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// Dynamic and bounded shapes; the result shape may be more static (C2).
// CHECK-LABEL:  func.func @compare_dynamic(%arg0: tensor<?x2xf32>, %arg1: tensor<3x?xf32>, %arg2: tensor<?xf32, #stablehlo.bounds<5>>) -> tensor<3x2xi1> {
// CHECK-NEXT:    %0 = stablehlo.compare EQ, %arg0, %arg1 : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<3x2xi1>
// CHECK-NEXT:    %1 = stablehlo.compare EQ, %arg2, %arg2 : (tensor<?xf32, #stablehlo.bounds<5>>, tensor<?xf32, #stablehlo.bounds<5>>) -> tensor<?xi1, #stablehlo.bounds<5>>
// CHECK-NEXT:    return %0 : tensor<3x2xi1>
// CHECK-NEXT:  }
func.func @compare_dynamic(%lhs: tensor<?x2xf32>, %rhs: tensor<3x?xf32>, %b: tensor<?xf32, #stablehlo.bounds<5>>) -> tensor<3x2xi1> {
  %0 = stablehlo.compare EQ, %lhs, %rhs : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<3x2xi1>
  %1 = stablehlo.compare EQ, %b, %b : (tensor<?xf32, #stablehlo.bounds<5>>, tensor<?xf32, #stablehlo.bounds<5>>) -> tensor<?xi1, #stablehlo.bounds<5>>
  return %0 : tensor<3x2xi1>
}

// As JAX emits it (jnp.less, with compare_type from the element type).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<2x4xi1> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
// CHECK-NEXT:    return %0 : tensor<2x4xi1>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<2x4xi1> {jax.result_info = "result"}) {
  %0 = stablehlo.compare  LT, %arg0, %arg1,  FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib) may differ in scale and zero point: C1 compares baseline element
// types. compare_type follows the storage type (C3).
// CHECK-LABEL:  func.func @compare_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, %arg1: tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2xi1> {
// CHECK-NEXT:    %0 = stablehlo.compare GT, %arg0, %arg1, SIGNED : (tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>) -> tensor<2xi1>
// CHECK-NEXT:    %1 = stablehlo.compare EQ, %arg0, %arg0 : (tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>, tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>) -> tensor<2xi1>
// CHECK-NEXT:    return %0 : tensor<2xi1>
// CHECK-NEXT:  }
func.func @compare_quantized(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0:3>>, %rhs: tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2xi1> {
  %0 = stablehlo.compare GT, %lhs, %rhs, SIGNED : (tensor<2x!quant.uniform<i8:f32, 1.0:3>>, tensor<2x!quant.uniform<i8:f32, 2.0>>) -> tensor<2xi1>
  %1 = stablehlo.compare EQ, %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32, 1.0:3>>, tensor<2x!quant.uniform<i8:f32, 1.0:3>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
