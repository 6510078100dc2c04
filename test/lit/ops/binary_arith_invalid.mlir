// Verifier errors of the arithmetic binary ops: atan2, divide, maximum, minimum,
// multiply, power, remainder, subtract.
// One case per op and constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- atan2, shapes of lhs and rhs differ.
func.func @c1_shape_atan2(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.atan2' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.atan2 %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- atan2, element types of lhs and rhs differ.
func.func @c1_element_atan2(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.atan2' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.atan2 %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- atan2, the result type differs.
func.func @c1_result_atan2(%l: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.atan2' op C1: shapes of lhs 'tensor<2xf32>' and result 'tensor<4xf32>' must match}}
  %0 = stablehlo.atan2 %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- divide, shapes of lhs and rhs differ.
func.func @c1_shape_divide(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.divide' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.divide %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- divide, element types of lhs and rhs differ.
func.func @c1_element_divide(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.divide' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.divide %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- divide, the result type differs.
func.func @c1_result_divide(%l: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.divide' op C1: lhs and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.divide %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- maximum, shapes of lhs and rhs differ.
func.func @c1_shape_maximum(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.maximum' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.maximum %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- maximum, element types of lhs and rhs differ.
func.func @c1_element_maximum(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.maximum' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.maximum %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- maximum, the result type differs.
func.func @c1_result_maximum(%l: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.maximum' op C1: shapes of lhs 'tensor<2xf32>' and result 'tensor<4xf32>' must match}}
  %0 = stablehlo.maximum %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- minimum, shapes of lhs and rhs differ.
func.func @c1_shape_minimum(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.minimum' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.minimum %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- minimum, element types of lhs and rhs differ.
func.func @c1_element_minimum(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.minimum' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.minimum %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- minimum, the result type differs.
func.func @c1_result_minimum(%l: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.minimum' op C1: lhs and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.minimum %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- multiply, shapes of lhs and rhs differ.
func.func @c1_shape_multiply(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.multiply' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.multiply %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- multiply, element types of lhs and rhs differ.
func.func @c1_element_multiply(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.multiply' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.multiply %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- multiply, the result type differs.
func.func @c1_result_multiply(%l: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.multiply' op C1: shapes of lhs 'tensor<2xf32>' and result 'tensor<4xf32>' must match}}
  %0 = stablehlo.multiply %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- power, shapes of lhs and rhs differ.
func.func @c1_shape_power(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.power' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.power %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- power, element types of lhs and rhs differ.
func.func @c1_element_power(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.power' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.power %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- power, the result type differs.
func.func @c1_result_power(%l: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.power' op C1: lhs and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.power %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- remainder, shapes of lhs and rhs differ.
func.func @c1_shape_remainder(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.remainder' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.remainder %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- remainder, element types of lhs and rhs differ.
func.func @c1_element_remainder(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.remainder' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.remainder %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- remainder, the result type differs.
func.func @c1_result_remainder(%l: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.remainder' op C1: shapes of lhs 'tensor<2xf32>' and result 'tensor<4xf32>' must match}}
  %0 = stablehlo.remainder %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- subtract, shapes of lhs and rhs differ.
func.func @c1_shape_subtract(%l: tensor<2xf32>, %r: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.subtract' op C1: shapes of lhs 'tensor<2xf32>' and rhs 'tensor<3xf32>' must match}}
  %0 = stablehlo.subtract %l, %r : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- subtract, element types of lhs and rhs differ.
func.func @c1_element_subtract(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.subtract' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.subtract %l, %r : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- subtract, the result type differs.
func.func @c1_result_subtract(%l: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.subtract' op C1: lhs and result must have the same baseline element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.subtract %l, %l : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- all quantized or none.
func.func @c1_quantized_lhs(%l: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %r: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.atan2' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.atan2 %l, %r : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- storage types differ.
func.func @c1_storage(%l: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.subtract' op C1: lhs and result must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2x!quant.uniform<i16:f32, 5.000000e-01:3>>'}}
  %0 = stablehlo.subtract %l, %l : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.5:3>>
}

// -----

// C1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result) -- expressed types differ.
func.func @c1_expressed(%l: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %r: tensor<2x!quant.uniform<i8:f16, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error @+1 {{'stablehlo.atan2' op C1: lhs and rhs must have the same baseline element type, got 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>' and 'tensor<2x!quant.uniform<i8:f16, 5.000000e-01:3>>'}}
  %0 = stablehlo.atan2 %l, %r : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f16, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// ODS (Inputs): atan2 takes floating-point, complex or quantized tensors, not integers.
func.func @ods_atan2_int(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.atan2' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2xi32>'}}
  %0 = stablehlo.atan2 %x, %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// ODS (Inputs): divide takes no booleans.
func.func @ods_divide_bool(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.divide' op operand #0 must be ranked tensor of integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2xi1>'}}
  %0 = stablehlo.divide %x, %x : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// ODS (Inputs): per-axis quantized operands are not allowed.
func.func @ods_per_axis(%x: tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>> {
  // expected-error @+1 {{'stablehlo.maximum' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,1.000000e+00}>>'}}
  %0 = stablehlo.maximum %x, %x : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {0.5, 1.0}>>
}
