// Verifier and parser errors of stablehlo.constant.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(value) = type(output) -- element types differ.
func.func @c1_element_type() -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.constant' op C1: type of value 'tensor<2xi32>' must equal the result type 'tensor<2xf32>'}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: type(value) = type(output) -- shapes differ.
func.func @c1_shape() -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.constant' op C1: type of value 'tensor<2xi32>' must equal the result type 'tensor<3xi32>'}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: type(value) = type(output) -- a dynamic result type is not the value's.
func.func @c1_dynamic() -> tensor<?xi8> {
  // expected-error @+1 {{'stablehlo.constant' op C1: type of value 'tensor<2xi8>' must equal the result type 'tensor<?xi8>'}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi8>} : () -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

// -----

// The value must be a tensor literal (stablehlo.constant's parser).
func.func @not_a_tensor() -> tensor<i32> {
  // expected-error @+1 {{custom op 'stablehlo.constant' expected a tensor literal such as dense<...> : tensor<...>, got 1 : i32}}
  %0 = stablehlo.constant 1 : i32
  return %0 : tensor<i32>
}

// -----

// Tensor constants (C2): has_shape(tensor_literal, shape(tensor_type)) --
// rejected by MLIR's dense literal parser.
func.func @literal_shape() -> tensor<2xi32> {
  // expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// Integer constants (C1): is_wellformed(integer_literal, integer_type) --
// rejected by MLIR's literal parser.
func.func @literal_range() -> tensor<i8> {
  // expected-error @+1 {{integer constant out of range for type}}
  %0 = stablehlo.constant dense<300> : tensor<i8>
  return %0 : tensor<i8>
}

// -----

// Float constants (C2): a hexadecimal literal has num_bits(float_type) / 4
// digits -- rejected by MLIR's literal parser.
func.func @literal_hex_width() -> tensor<f32> {
  // expected-error @+1 {{hexadecimal float constant out of range for type}}
  %0 = stablehlo.constant dense<0x7FC0000000> : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Tensor constants (C1): has_syntax(tensor_literal, element_type) -- a float
// literal for an integer tensor is rejected by MLIR's literal parser.
func.func @literal_syntax() -> tensor<i32> {
  // expected-error @+1 {{expected integer elements, but parsed floating-point}}
  %0 = stablehlo.constant dense<1.5> : tensor<i32>
  return %0 : tensor<i32>
}

// -----

// C1: a quantized constant's literal has the storage type of the result.
func.func @c1_quantized() -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.constant' op C1: type of value 'tensor<2xi16>' must equal the result type 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' with its storage type as element type}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi16>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}
