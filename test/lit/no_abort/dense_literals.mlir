// Dense and sparse literals that MLIR's own parser asserts on (aborting the
// process in DenseElementsAttr::get) are caught before parsing
// (lib/Support/TextUpgrade.cpp) and reported as clean errors at the
// literal's position. Each case here aborted stablehlo-opt before.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

func.func @complex_elements_real_type() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f64 (of tensor<2xf64>) is not complex}}
  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf64>
  return
}

// -----

func.func @check_const_complex_elements_real_type(%a: tensor<2xf64>) {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f64 (of tensor<2xf64>) is not complex}}
  check.expect_eq_const %a, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf64>
  return
}

// -----

func.func @complex_splat_rank0_real_type() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f32 (of tensor<f32>) is not complex}}
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<f32>
  return
}

// -----

func.func @complex_splat_wrong_count() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f64 (of tensor<3xf64>) is not complex}}
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<3xf64>
  return
}

// -----

func.func @complex_integer_pairs() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type i32 (of tensor<2xi32>) is not complex}}
  %0 = stablehlo.constant dense<[(1, 2), (3, 4)]> : tensor<2xi32>
  return
}

// -----

func.func @complex_bool_pairs() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type i1 (of tensor<2xi1>) is not complex}}
  %0 = stablehlo.constant dense<[(true, false), (true, true)]> : tensor<2xi1>
  return
}

// -----

func.func @complex_nested_rank2() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f64 (of tensor<1x2xf64>) is not complex}}
  %0 = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 4.0)]]> : tensor<1x2xf64>
  return
}

// -----

func.func @complex_sub_byte() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type i4 (of tensor<3xi4>) is not complex}}
  %0 = stablehlo.constant dense<(1, 2)> : tensor<3xi4>
  return
}

// -----

func.func @complex_f8() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f8E4M3FN (of tensor<2xf8E4M3FN>) is not complex}}
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<2xf8E4M3FN>
  return
}

// -----

func.func @complex_bounded_dynamic_type() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f32 (of tensor<3xf32, #stablehlo.bounds<?>>) is not complex}}
  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<3xf32, #stablehlo.bounds<?>>
  return
}

// -----

// The type may be an alias.
!real = tensor<2xf64>
func.func @complex_type_alias() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f64 (of tensor<2xf64>) is not complex}}
  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : !real
  return
}

// -----

// Generic form, literal spread over two lines: the error is at its start.
func.func @generic_multiline() {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f32 (of tensor<1xf32>) is not complex}}
  %0 = "stablehlo.constant"() <{value = dense<[
      (1.0, 2.0)]> : tensor<1xf32>}> : () -> tensor<1xf32>
  return
}

// -----

func.func @complex_in_vector_attribute() attributes {
  // expected-error @+1 {{dense literal has complex (re, im) elements but its element type f32 (of vector<3xf32>) is not complex}}
  x = dense<(1.0, 2.0)> : vector<3xf32>} {
  return
}

// -----

func.func @sparse_complex_values_real_type() attributes {
  // expected-error @+1 {{sparse literal has complex (re, im) elements but its element type f32 (of tensor<2xf32>) is not complex}}
  x = sparse<[[0]], [(1.0, 2.0)]> : tensor<2xf32>} {
  return
}

// -----

func.func @sparse_complex_indices() attributes {
  // expected-error @+1 {{sparse literal indices must be integers, not (re, im) pairs}}
  x = sparse<[(0, 1)], [1.0]> : tensor<2xf32>} {
  return
}

// -----

func.func @string_elements_integer_type() {
  // expected-error @+1 {{dense literal has string elements but its element type i16 (of tensor<2xi16>) is numeric (a hex string must be the whole literal)}}
  %0 = stablehlo.constant dense<["0x0100", "0x0200"]> : tensor<2xi16>
  return
}

// -----

func.func @string_pair_complex_integer_type() {
  // expected-error @+1 {{dense literal has string elements but its element type complex<i16> (of tensor<complex<i16>>) is numeric (a hex string must be the whole literal)}}
  %0 = stablehlo.constant dense<("0x01", "0x02")> : tensor<complex<i16>>
  return
}

// -----

func.func @string_pair_real_type() {
  // expected-error @+1 {{dense literal has string elements but its element type i16 (of tensor<3x2x2xi16>) is numeric (a hex string must be the whole literal)}}
  %0 = stablehlo.constant dense<("0x142FCB01F5523C0F538E23C3","0x142FCB01F5523C0F538E23C3")> : tensor<3x2x2xi16>
  return
}

// -----

// MLIR's parser of array<index: ...> asks index for a bit width and aborts.
func.func @index_array() attributes {
  // expected-error @+1 {{array attribute elements must have an integer or float type, got index}}
  x = array<index: 1, 2>} {
  return
}

// -----

// A hex byte with bits above a sub-byte element's was kept and printed as a
// value the type cannot hold (dense<163> : tensor<ui2>).
func.func @hex_byte_too_wide_for_ui2() {
  // expected-error @+1 {{dense literal has hex byte 0xA3 that does not fit the 2-bit element type ui2 (of tensor<ui2>)}}
  %0 = stablehlo.constant dense<"0xA3"> : tensor<ui2>
  return
}

// -----

func.func @hex_byte_too_wide_for_f4() {
  // expected-error @+1 {{dense literal has hex byte 0x1F that does not fit the 4-bit element type f4E2M1FN (of tensor<2xf4E2M1FN>)}}
  %0 = stablehlo.constant dense<"0x0F1F"> : tensor<2xf4E2M1FN>
  return
}

// -----

func.func @hex_byte_not_a_sign_extension() {
  // expected-error @+1 {{dense literal has hex byte 0xF3 that does not fit the 4-bit element type i4 (of tensor<2xi4>)}}
  %0 = stablehlo.constant dense<"0xF8F3"> : tensor<2xi4>
  return
}
