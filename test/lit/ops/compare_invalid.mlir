// Verifier errors of stablehlo.compare, one case per spec constraint. Upstream
// accepts any compare_type (C3): those cases verify with a warning
// (test/lit/deviations/ has them under --strict-spec).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// C1: baseline_element_type(lhs) = baseline_element_type(rhs).
func.func @c1(%lhs: tensor<2xf32>, %rhs: tensor<2xf64>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.compare LT, %lhs, %rhs : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C1: quantized operands must agree in storage type.
func.func @c1_quantized(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C1: lhs and rhs must have the same element type}}
  %0 = stablehlo.compare LT, %lhs, %rhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C2: shape(lhs) = shape(rhs) = shape(result) -- operand shapes differ.
func.func @c2_operands(%lhs: tensor<2xf32>, %rhs: tensor<3xf32>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C2: shapes of 'tensor<2xf32>' and 'tensor<3xf32>' must match}}
  %0 = stablehlo.compare LT, %lhs, %rhs : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C2: shape(lhs) = shape(rhs) = shape(result) -- the result shape differs.
func.func @c2_result(%lhs: tensor<2xf32>) -> tensor<2x1xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C2: shapes of 'tensor<2xf32>' and 'tensor<2x1xi1>' must match}}
  %0 = stablehlo.compare LT, %lhs, %lhs : (tensor<2xf32>, tensor<2xf32>) -> tensor<2x1xi1>
  return %0 : tensor<2x1xi1>
}

// -----

// C3: compare_type is SIGNED for signed integers.
func.func @c3_signed(%lhs: tensor<2xi32>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type UNSIGNED is not allowed for element type 'i32'}}
  %0 = stablehlo.compare LT, %lhs, %lhs, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: compare_type is UNSIGNED for unsigned integers.
func.func @c3_unsigned(%lhs: tensor<2xui32>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'ui32'}}
  %0 = stablehlo.compare LT, %lhs, %lhs, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: compare_type is UNSIGNED for booleans.
func.func @c3_boolean(%lhs: tensor<2xi1>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'i1'}}
  %0 = stablehlo.compare EQ, %lhs, %lhs, SIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: compare_type is FLOAT or TOTALORDER for floats.
func.func @c3_float(%lhs: tensor<2xf32>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32'}}
  %0 = stablehlo.compare LT, %lhs, %lhs, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: compare_type is FLOAT for complex numbers (TOTALORDER is not allowed).
func.func @c3_complex(%lhs: tensor<2xcomplex<f32>>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type TOTALORDER is not allowed for element type 'complex<f32>'}}
  %0 = stablehlo.compare EQ, %lhs, %lhs, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: NOTYPE is never a valid compare_type.
func.func @c3_notype(%lhs: tensor<2xi32>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type NOTYPE is not allowed for element type 'i32'}}
  %0 = stablehlo.compare LT, %lhs, %lhs, NOTYPE : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// C3: for quantized operands compare_type follows the storage type.
func.func @c3_quantized(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xi1> {
  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type FLOAT is not allowed for element type 'i8'}}
  %0 = stablehlo.compare LT, %lhs, %lhs, FLOAT : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// Inputs (I1): lhs is a tensor or a per-tensor quantized tensor (an ODS type
// constraint).
func.func @per_axis(%lhs: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.compare LT, %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
