// Verifier errors of stablehlo.clamp, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: rank(min) = 0 or shape(min) = shape(operand).
func.func @c1(%min: tensor<3xf32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C1: min must be a scalar or have the shape of operand, got 'tensor<3xf32>' and 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %min, %x, %x : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: rank(max) = 0 or shape(max) = shape(operand).
func.func @c2(%max: tensor<1xf32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C2: max must be a scalar or have the shape of operand, got 'tensor<1xf32>' and 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %x, %x, %max : (tensor<2xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: baseline_element_type(min) = baseline_element_type(operand).
func.func @c3_min(%min: tensor<f64>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C3: min and operand must have the same baseline element type, got 'tensor<f64>' and 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %min, %x, %x : (tensor<f64>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: baseline_element_type(max) = baseline_element_type(operand).
func.func @c3_max(%max: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C3: max and operand must have the same baseline element type, got 'tensor<i32>' and 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %x, %x, %max : (tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: quantized min with a non-quantized operand.
func.func @c3_quantized(%min: tensor<!quant.uniform<i8:f32, 1.0>>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C3: min and operand must have the same baseline element type, got 'tensor<!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.clamp %min, %x, %x : (tensor<!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C4: baseline_type(operand) = baseline_type(result) -- shapes differ.
func.func @c4_shape(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.clamp' op C4: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.clamp %x, %x, %x : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C4: baseline_type(operand) = baseline_type(result) -- element types differ.
func.func @c4_element(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.clamp' op C4: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.clamp %x, %x, %x : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// ODS (Inputs): per-axis quantized tensors are not allowed.
func.func @ods_per_axis(%x: tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>> {
  // expected-error @+1 {{'stablehlo.clamp' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,1.000000e+00}>>'}}
  %0 = stablehlo.clamp %x, %x, %x : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
}
