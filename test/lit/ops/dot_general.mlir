// Round trip of stablehlo.dot_general: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib), except for the quantized
// cases, which upstream's Python bindings cannot parse (no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Matrix product: contracting dims only; empty batching dims are not printed.
// CHECK-LABEL:  func.func @dot_matmul(%arg0: tensor<2x4xf32>, %arg1: tensor<4x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @dot_matmul(%lhs: tensor<2x4xf32>, %rhs: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Batch dims come first in the result, then lhs and rhs free dims (C12).
// CHECK-LABEL:  func.func @dot_batched(%arg0: tensor<5x2x4xf32>, %arg1: tensor<5x3x4xf32>) -> tensor<5x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<5x2x4xf32>, tensor<5x3x4xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    return %0 : tensor<5x2x3xf32>
// CHECK-NEXT:  }
func.func @dot_batched(%lhs: tensor<5x2x4xf32>, %rhs: tensor<5x3x4xf32>) -> tensor<5x2x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<5x2x4xf32>, tensor<5x3x4xf32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// Outer product (no contracting dims) and a full contraction to a scalar.
// CHECK-LABEL:  func.func @dot_outer_inner(%arg0: tensor<3xi32>, %arg1: tensor<2xi32>) -> tensor<3x2xi32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0] : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
// CHECK-NEXT:    return %0 : tensor<3x2xi32>
// CHECK-NEXT:  }
func.func @dot_outer_inner(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3x2xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  %1 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<3x2xi32>
}

// Several batching and contracting dims, in any order.
// CHECK-LABEL:  func.func @dot_multi(%arg0: tensor<2x3x4x5xf32>, %arg1: tensor<5x3x2x6xf32>) -> tensor<3x2x4x6xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1, 0] x [1, 2], contracting_dims = [3] x [0] : (tensor<2x3x4x5xf32>, tensor<5x3x2x6xf32>) -> tensor<3x2x4x6xf32>
// CHECK-NEXT:    return %0 : tensor<3x2x4x6xf32>
// CHECK-NEXT:  }
func.func @dot_multi(%lhs: tensor<2x3x4x5xf32>, %rhs: tensor<5x3x2x6xf32>) -> tensor<3x2x4x6xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [1, 0] x [1, 2], contracting_dims = [3] x [0] : (tensor<2x3x4x5xf32>, tensor<5x3x2x6xf32>) -> tensor<3x2x4x6xf32>
  return %0 : tensor<3x2x4x6xf32>
}

// precision_config (C11) and algorithm.
// CHECK-LABEL:  func.func @dot_precision(%arg0: tensor<2x4xf32>, %arg1: tensor<4x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGH, HIGH] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @dot_precision(%lhs: tensor<2x4xf32>, %rhs: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [HIGH, HIGH] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Mixed precision: the result element type may differ from the operands'.
// CHECK-LABEL:  func.func @dot_mixed(%arg0: tensor<2x4xbf16>, %arg1: tensor<4x3xbf16>, %arg2: tensor<2x4xi8>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x4xbf16>, tensor<4x3xbf16>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [1] x [1] : (tensor<2x4xi8>, tensor<2x4xi8>) -> tensor<2x2xi32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @dot_mixed(%lhs: tensor<2x4xbf16>, %rhs: tensor<4x3xbf16>, %i: tensor<2x4xi8>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x4xbf16>, tensor<4x3xbf16>) -> tensor<2x3xf32>
  %1 = stablehlo.dot_general %i, %i, contracting_dims = [1] x [1] : (tensor<2x4xi8>, tensor<2x4xi8>) -> tensor<2x2xi32>
  return %0 : tensor<2x3xf32>
}

// The generic form with #stablehlo.dot and the precision enum array.
// CHECK-LABEL:  func.func @dot_generic(%arg0: tensor<5x2x4xf32>, %arg1: tensor<5x4x3xf32>) -> tensor<5x2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<5x2x4xf32>, tensor<5x4x3xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    return %0 : tensor<5x2x3xf32>
// CHECK-NEXT:  }
func.func @dot_generic(%lhs: tensor<5x2x4xf32>, %rhs: tensor<5x4x3xf32>) -> tensor<5x2x3xf32> {
  %0 = "stablehlo.dot_general"(%lhs, %rhs) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<5x2x4xf32>, tensor<5x4x3xf32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// Dynamic shapes: the result may be more static than inferred (C12).
// CHECK-LABEL:  func.func @dot_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<?x3xf32>) -> tensor<?x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<?x4xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<?x4xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<?x3xf32>
// CHECK-NEXT:  }
func.func @dot_dynamic(%lhs: tensor<?x4xf32>, %rhs: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<?x4xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<?x4xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<?x3xf32>
}

// As JAX emits it (jnp.dot with precision=HIGHEST, and jnp.einsum).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x2xf32>, %arg2: tensor<1x2x4xf32>, %arg3: tensor<1x4x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<1x2x2xf32> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4xf32>, tensor<1x4x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT:    return %0, %1 : tensor<2x2xf32>, tensor<1x2x2xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x2xf32>, %arg2: tensor<1x2x4xf32>, %arg3: tensor<1x4x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<1x2x2xf32> {jax.result_info = "result[1]"}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4xf32>, tensor<1x4x2xf32>) -> tensor<1x2x2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<1x2x2xf32>
}

// Quantized operands (not checked against upstream: no quant dialect in
// jaxlib): rhs zero points are 0 (C15); a per-axis rhs quantizes a free
// dimension (C16).
// CHECK-LABEL:  func.func @dot_quantized(%arg0: tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:3>>, %arg1: tensor<4x3x!quant.uniform<i8:f32, 2.500000e-01>>, %arg2: tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01,5.000000e-01,1.000000e+00}>>) -> tensor<2x3x!quant.uniform<i32:f32, 1.250000e-01:1>> {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<4x3x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x3x!quant.uniform<i32:f32, 1.250000e-01:1>>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01,5.000000e-01,1.000000e+00}>>) -> tensor<2x3x!quant.uniform<i32:f32:1, {1.250000e-01,2.500000e-01,5.000000e-01}>>
// CHECK-NEXT:    return %0 : tensor<2x3x!quant.uniform<i32:f32, 1.250000e-01:1>>
// CHECK-NEXT:  }
func.func @dot_quantized(%lhs: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %rhs: tensor<4x3x!quant.uniform<i8:f32, 0.25>>, %prhs: tensor<4x3x!quant.uniform<i8:f32:1, {0.25, 0.5, 1.0}>>) -> tensor<2x3x!quant.uniform<i32:f32, 0.125:1>> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x3x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x3x!quant.uniform<i32:f32, 0.125:1>>
  %1 = stablehlo.dot_general %lhs, %prhs, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x3x!quant.uniform<i8:f32:1, {0.25, 0.5, 1.0}>>) -> tensor<2x3x!quant.uniform<i32:f32:1, {0.125, 0.25, 0.5}>>
  return %0 : tensor<2x3x!quant.uniform<i32:f32, 0.125:1>>
}
