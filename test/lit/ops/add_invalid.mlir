// Verifier errors of stablehlo.add, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(lhs) = type(rhs) = type(result) -- shapes differ.
func.func @c1_shape(%lhs: tensor<2xf32>, %rhs: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.add' op C1: shapes of 'tensor<2xf32>' and 'tensor<3xf32>' must match}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- the result shape differs.
func.func @c1_result_shape(%lhs: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op C1: shapes of 'tensor<2xf32>' and 'tensor<4xf32>' must match}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- element types differ.
func.func @c1_element_type(%lhs: tensor<2xf32>, %rhs: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.add' op C1: lhs, rhs and result must have the same element type, got 'tensor<2xf32>', 'tensor<2xi32>' and 'tensor<2xf32>'}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: type(lhs) = type(rhs) = type(result) -- the result element type differs.
func.func @c1_result_element_type(%lhs: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.add' op C1: lhs, rhs and result must have the same element type, got 'tensor<2xf32>', 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C2: is_quantized(lhs) and is_quantized(rhs) and is_quantized(result).
func.func @c2(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.add' op C2: lhs, rhs and result must all be quantized when one is}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C2: is_quantized(result) too.
func.func @c2_result(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.add' op C2: lhs, rhs and result must all be quantized when one is}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C3: storage_type(lhs) = storage_type(rhs) = storage_type(result).
func.func @c3(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.add' op C3: storage types of lhs, rhs and result must match}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C4: expressed_type(lhs) = expressed_type(rhs) = expressed_type(result).
func.func @c4(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:bf16, 1.0>> {
  // expected-error @+1 {{'stablehlo.add' op C4: expressed types of lhs, rhs and result must match}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:bf16, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:bf16, 1.0>>
}

// -----

// C5: (is_per_axis_quantized(lhs) or is_per_axis_quantized(rhs)) = is_per_axis_quantized(result).
func.func @c5(%lhs: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.add' op C5: result must be per-axis quantized exactly when lhs or rhs is}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// C5: a per-axis result needs a per-axis operand.
func.func @c5_result(%lhs: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.add' op C5: result must be per-axis quantized exactly when lhs or rhs is}}
  %0 = stablehlo.add %lhs, %lhs : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}

// -----

// C6: quantization_dimension(lhs) = quantization_dimension(result).
func.func @c6(%lhs: tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, %rhs: tensor<2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.add' op C6: quantization_dimension of lhs and result must match}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
}

// -----

// C7: quantization_dimension(rhs) = quantization_dimension(result).
func.func @c7(%lhs: tensor<2x2x!quant.uniform<i8:f32, 1.0>>, %rhs: tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>> {
  // expected-error @+1 {{'stablehlo.add' op C7: quantization_dimension of rhs and result must match}}
  %0 = stablehlo.add %lhs, %rhs : (tensor<2x2x!quant.uniform<i8:f32, 1.0>>, tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
}
