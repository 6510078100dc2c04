// Verifier errors of the transcendental ops (cbrt, cosine, exponential,
// exponential_minus_one, log, log_plus_one, logistic, rsqrt, sine, sqrt, tan,
// tanh): their only constraint, C1, for each op, then the quantized variants.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(operand) = baseline_type(result) -- cbrt, shapes differ.
func.func @c1_shape_cbrt(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.cbrt' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.cbrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- cbrt, element types differ.
func.func @c1_element_cbrt(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.cbrt' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.cbrt %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- cosine, shapes differ.
func.func @c1_shape_cosine(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.cosine' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.cosine %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- cosine, element types differ.
func.func @c1_element_cosine(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.cosine' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.cosine %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- exponential, shapes differ.
func.func @c1_shape_exponential(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.exponential' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.exponential %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- exponential, element types differ.
func.func @c1_element_exponential(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.exponential' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.exponential %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- exponential_minus_one, shapes differ.
func.func @c1_shape_exponential_minus_one(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.exponential_minus_one' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.exponential_minus_one %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- exponential_minus_one, element types differ.
func.func @c1_element_exponential_minus_one(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.exponential_minus_one' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.exponential_minus_one %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- log, shapes differ.
func.func @c1_shape_log(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.log' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.log %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- log, element types differ.
func.func @c1_element_log(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.log' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.log %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- log_plus_one, shapes differ.
func.func @c1_shape_log_plus_one(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.log_plus_one' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.log_plus_one %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- log_plus_one, element types differ.
func.func @c1_element_log_plus_one(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.log_plus_one' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.log_plus_one %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- logistic, shapes differ.
func.func @c1_shape_logistic(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.logistic' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.logistic %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- logistic, element types differ.
func.func @c1_element_logistic(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.logistic' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.logistic %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- rsqrt, shapes differ.
func.func @c1_shape_rsqrt(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.rsqrt' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.rsqrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- rsqrt, element types differ.
func.func @c1_element_rsqrt(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.rsqrt' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.rsqrt %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sine, shapes differ.
func.func @c1_shape_sine(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.sine' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.sine %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sine, element types differ.
func.func @c1_element_sine(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.sine' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.sine %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sqrt, shapes differ.
func.func @c1_shape_sqrt(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.sqrt' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.sqrt %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- sqrt, element types differ.
func.func @c1_element_sqrt(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.sqrt' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.sqrt %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- tan, shapes differ.
func.func @c1_shape_tan(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.tan' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.tan %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- tan, element types differ.
func.func @c1_element_tan(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.tan' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.tan %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- tanh, shapes differ.
func.func @c1_shape_tanh(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.tanh' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xf32>' must match}}
  %0 = stablehlo.tanh %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- tanh, element types differ.
func.func @c1_element_tanh(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.tanh' op C1: operand and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.tanh %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- a quantized operand needs a quantized result.
func.func @c1_quantized_result(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.sqrt' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.sqrt %x : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- storage types differ.
func.func @c1_storage(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i16:f32, 0.5>> {
  // expected-error @+1 {{'stablehlo.exponential' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>' and 'tensor<2x!quant.uniform<i16:f32, 5.000000e-01>>'}}
  %0 = stablehlo.exponential %x : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i16:f32, 0.5>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.5>>
}

// -----

// C1: baseline_type(operand) = baseline_type(result) -- expressed types differ.
func.func @c1_expressed(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:bf16, 0.5>> {
  // expected-error @+1 {{'stablehlo.logistic' op C1: operand and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>' and 'tensor<2x!quant.uniform<i8:bf16, 5.000000e-01>>'}}
  %0 = stablehlo.logistic %x : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:bf16, 0.5>>
  return %0 : tensor<2x!quant.uniform<i8:bf16, 0.5>>
}

// -----

// ODS (Inputs): operand is floating-point, complex or per-tensor quantized -- not integer.
func.func @ods_integer(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.sine' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2xi32>'}}
  %0 = stablehlo.sine %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// ODS (Inputs): per-axis quantized operands are not allowed.
func.func @ods_per_axis(%x: tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>> {
  // expected-error @+1 {{'stablehlo.tanh' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,1.000000e+00}>>'}}
  %0 = stablehlo.tanh %x : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
}

// -----

// ODS: result_accuracy must be a #stablehlo.result_accuracy.
func.func @ods_result_accuracy(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.sine' op attribute 'result_accuracy' failed to satisfy constraint: requested accuracy of a transcendental op}}
  %0 = "stablehlo.sine"(%x) {result_accuracy = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
