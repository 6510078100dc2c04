// Round trip of the legacy stablehlo.dot (not in the spec; kept by upstream
// StableHLO): the CHECK lines are upstream's pretty form (checked with
// jaxlib), except for the quantized case, which upstream's Python bindings
// cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Matrix-matrix, matrix-vector, vector-matrix and vector-vector products:
// lhs without its last dimension, then rhs without its first (C12).
// CHECK-LABEL:  func.func @dot(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %1 = stablehlo.dot %arg0, %arg2 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.dot %arg3, %arg0 : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %3 = stablehlo.dot %arg2, %arg2 : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
func.func @dot(%m: tensor<2x3xf32>, %n: tensor<3x4xf32>, %v: tensor<3xf32>, %w: tensor<2xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = stablehlo.dot %w, %m : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  %3 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<2x4xf32>
}

// precision_config: empty or one entry per operand (C11); discardable
// attributes follow it.
// CHECK-LABEL:  func.func @dot_precision(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1, precision = [HIGH, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.dot %arg0, %arg1, precision = [] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] {mhlo.frontend_attributes = {a = "b"}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %3 = stablehlo.dot %arg0, %arg1 {mhlo.frontend_attributes = {a = "b"}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @dot_precision(%m: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.dot %m, %v, precision = [HIGH, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = stablehlo.dot %m, %v, precision = [] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = stablehlo.dot %m, %v, precision = [DEFAULT, DEFAULT] {mhlo.frontend_attributes = {a = "b"}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %3 = stablehlo.dot %m, %v {mhlo.frontend_attributes = {a = "b"}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// The generic form.
// CHECK-LABEL:  func.func @dot_generic(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1, precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.dot %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @dot_generic(%m: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.dot"(%m, %v) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = "stablehlo.dot"(%m, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Mixed precision (the result element type may differ), booleans, and
// dynamic or bounded dimensions.
// CHECK-LABEL:  func.func @dot_types(%arg0: tensor<2x3xi8>, %arg1: tensor<3xi8>, %arg2: tensor<2x3xi1>, %arg3: tensor<3xi1>, %arg4: tensor<?x?xf32>, %arg5: tensor<?xf32>, %arg6: tensor<?x3xf32, #stablehlo.bounds<5, ?>>, %arg7: tensor<3xf32>) -> tensor<2xi32> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2xi32>
// CHECK-NEXT:    %1 = stablehlo.dot %arg2, %arg3 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2xi1>
// CHECK-NEXT:    %2 = stablehlo.dot %arg4, %arg5 : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %3 = stablehlo.dot %arg4, %arg5 : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<5xf32>
// CHECK-NEXT:    %4 = stablehlo.dot %arg6, %arg7 : (tensor<?x3xf32, #stablehlo.bounds<5, ?>>, tensor<3xf32>) -> tensor<?xf32, #stablehlo.bounds<5>>
// CHECK-NEXT:    return %0 : tensor<2xi32>
// CHECK-NEXT:  }
func.func @dot_types(%i: tensor<2x3xi8>, %j: tensor<3xi8>, %p: tensor<2x3xi1>, %q: tensor<3xi1>, %d: tensor<?x?xf32>, %e: tensor<?xf32>, %b: tensor<?x3xf32, #stablehlo.bounds<5, ?>>, %v: tensor<3xf32>) -> tensor<2xi32> {
  %0 = stablehlo.dot %i, %j : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2xi32>
  %1 = stablehlo.dot %p, %q : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2xi1>
  %2 = stablehlo.dot %d, %e : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %3 = stablehlo.dot %d, %e : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<5xf32>
  %4 = stablehlo.dot %b, %v : (tensor<?x3xf32, #stablehlo.bounds<5, ?>>, tensor<3xf32>) -> tensor<?xf32, #stablehlo.bounds<5>>
  return %0 : tensor<2xi32>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib), with the constraints of dot_general (C14, C16-C20; C15 as upstream: see @dot_rhs_zero_point).
// CHECK-LABEL:  func.func @dot_quantized(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg1: tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x!quant.uniform<i32:f32, 1.250000e-01>> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x!quant.uniform<i32:f32, 1.250000e-01>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i32:f32, 1.250000e-01>>
// CHECK-NEXT:  }
func.func @dot_quantized(%m: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %v: tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i32:f32, 0.125>> {
  %0 = stablehlo.dot %m, %v : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i32:f32, 0.125>>
  return %0 : tensor<2x!quant.uniform<i32:f32, 0.125>>
}

// A per-axis rhs quantized along its free dimension gives a per-axis result.
// CHECK-LABEL:  func.func @dot_per_axis(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01>>, %arg1: tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {2.500000e-01,1.250000e-01}>> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    return %0 : tensor<2x2x!quant.uniform<i32:f32:1, {2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:  }
func.func @dot_per_axis(%m: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %n: tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.125}>> {
  %0 = stablehlo.dot %m, %n : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.125}>>
  return %0 : tensor<2x2x!quant.uniform<i32:f32:1, {0.25, 0.125}>>
}

// Not in the spec, so upstream decides: an rhs zero point other than 0
// (dot_general C15) is accepted, as upstream's dot verifier checks no
// quantization constraint (its quant-to-math tests lower such dots).
// CHECK-LABEL:  func.func @dot_rhs_zero_point(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01>>, %arg1: tensor<3x!quant.uniform<i8:f32, 5.000000e-01:1>>) -> tensor<2x!quant.uniform<i32:f32, 2.500000e-01>> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<3x!quant.uniform<i8:f32, 5.000000e-01:1>>) -> tensor<2x!quant.uniform<i32:f32, 2.500000e-01>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i32:f32, 2.500000e-01>>
// CHECK-NEXT:  }
func.func @dot_rhs_zero_point(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i32:f32, 0.25>> {
  %0 = stablehlo.dot %lhs, %rhs : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<2x!quant.uniform<i32:f32, 0.25>>
}

// Not in the spec, so upstream decides: mixed element types and a single
// precision entry are accepted (checked against upstream's printer).
// CHECK-LABEL:  func.func @dot_mixed(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf16>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot %arg0, %arg1, precision = [HIGH] : (tensor<2x3xf32>, tensor<3xf16>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @dot_mixed(%lhs: tensor<2x3xf32>, %rhs: tensor<3xf16>) -> tensor<2xf32> {
  %0 = stablehlo.dot %lhs, %rhs, precision = [HIGH] : (tensor<2x3xf32>, tensor<3xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
