// Malformed structured attributes: unknown and duplicate fields, bad values,
// and convolution layouts that are not layouts.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// An unknown field.
// expected-error @+1 {{unknown field 'foo'}}
func.func @unknown_field() attributes {a = #stablehlo.dot<lhs_batching_dimensions = [0], foo = [1]>} {
  return
}

// -----

// A field given twice.
// expected-error @+1 {{duplicate field 'lhs_batching_dimensions'}}
func.func @duplicate_field() attributes {a = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_batching_dimensions = [1]>} {
  return
}

// -----

// gather: a misspelled field.
// expected-error @+1 {{unknown field 'offset_dim'}}
func.func @gather_unknown_field() attributes {a = #stablehlo.gather<offset_dim = [0]>} {
  return
}

// -----

// gather: a field given twice.
// expected-error @+1 {{duplicate field 'offset_dims'}}
func.func @gather_duplicate_field() attributes {a = #stablehlo.gather<offset_dims = [0], offset_dims = [1]>} {
  return
}

// -----

// scatter: index_vector_dim is an integer, not a list.
// expected-error @+1 {{expected integer value}}
func.func @scatter_value() attributes {a = #stablehlo.scatter<index_vector_dim = [0]>} {
  return
}

// -----

// Fields are separated by commas.
// expected-error @+1 {{expected '>'}}
func.func @missing_comma() attributes {a = #stablehlo.dot<lhs_batching_dimensions = [0] rhs_batching_dimensions = [0]>} {
  return
}

// -----

// conv: a layout needs its two non-spatial dimensions.
// expected-error @+1 {{expected both 'b' and 'f'}}
func.func @conv_missing_dimension() attributes {a = #stablehlo.conv<[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]>} {
  return
}

// -----

// conv: each non-spatial dimension appears once.
// expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, each once}}
func.func @conv_duplicate_dimension() attributes {a = #stablehlo.conv<[b, 0, 1, f, f]x[0, 1, i, o]->[b, 0, 1, f]>} {
  return
}

// -----

// conv: spatial dimensions are numbered 0..n-1.
// expected-error @+1 {{spatial dimensions must be numbered 0..1}}
func.func @conv_spatial_numbering() attributes {a = #stablehlo.conv<[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]>} {
  return
}

// -----

// conv: a spatial dimension number appears once.
// expected-error @+1 {{spatial dimensions must be numbered 0..1}}
func.func @conv_spatial_duplicate() attributes {a = #stablehlo.conv<[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]>} {
  return
}

// -----

// conv: the kernel layout uses i and o, not b and f.
// expected-error @+1 {{expected 'i', 'o' or a spatial dimension number, each once}}
func.func @conv_kernel_letters() attributes {a = #stablehlo.conv<[b, 0, 1, f]x[0, 1, b, o]->[b, 0, 1, f]>} {
  return
}

// -----

// conv: an unknown letter.
// expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, each once}}
func.func @conv_letter() attributes {a = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 1, 0, c]>} {
  return
}

// -----

// conv: the three layouts are input x kernel -> output.
// expected-error @+1 {{expected '->'}}
func.func @conv_missing_output() attributes {a = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]>} {
  return
}

// -----

// conv raw: an unknown field.
// expected-error @+1 {{unknown field 'foo'}}
func.func @conv_raw_unknown_field() attributes {a = #stablehlo.conv<raw input_batch_dimension = 0, foo = 1>} {
  return
}

// -----

// conv raw: a field given twice.
// expected-error @+1 {{duplicate field 'input_batch_dimension'}}
func.func @conv_raw_duplicate_field() attributes {a = #stablehlo.conv<raw input_batch_dimension = 0, input_batch_dimension = 1>} {
  return
}

// -----

// dot_algorithm: every field is required, in upstream's order.
// expected-error @+1 {{expected ','}}
func.func @dot_algorithm_types() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = bf16>} {
  return
}

// -----

// dot_algorithm: allow_imprecise_accumulation is a boolean.
// expected-error @+1 {{expected true or false}}
func.func @dot_algorithm_bool() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = maybe>} {
  return
}

// -----

// dot_algorithm: counts are positive (dot_general C22-C24), as upstream's
// attribute verifier checks them.
// expected-error @+1 {{lhs component count must be positive}}
func.func @dot_algorithm_lhs_count() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} {
  return
}

// -----

// expected-error @+1 {{rhs component count must be positive}}
func.func @dot_algorithm_rhs_count() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} {
  return
}

// -----

// expected-error @+1 {{num primitive operations must be positive}}
func.func @dot_algorithm_ops() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false>} {
  return
}

// -----

// dot_algorithm: an algorithm no hardware is known to run (the spec: "best
// effort verification"), in upstream's words.
// expected-error @+1 {{dot algorithm not known to be supported on any hardware: {lhs:'tf32', rhs:'tf32', accum:'f32', lhs_components:3, rhs_components:3, primitive_ops:6, imprecise:1}}}
func.func @dot_algorithm_unknown() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true>} {
  return
}

// -----

// expected-error @+1 {{dot algorithm not known to be supported on any hardware: {lhs:'f32', rhs:'f32', accum:'f32', lhs_components:1, rhs_components:1, primitive_ops:1, imprecise:1}}}
func.func @dot_algorithm_imprecise() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = true>} {
  return
}

// -----

// The same check inside dot_general's pretty form.
func.func @dot_general_unknown_algorithm(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{dot algorithm not known to be supported on any hardware}}
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// channel_handle: an unknown field.
// expected-error @+1 {{unknown field 'extra'}}
func.func @channel_handle_field() attributes {a = #stablehlo.channel_handle<handle = 1, type = 2, extra = 3>} {
  return
}

// -----

// channel_handle: integer fields.
// expected-error @+1 {{expected integer value}}
func.func @channel_handle_value() attributes {a = #stablehlo.channel_handle<handle = 1, type = 2.0>} {
  return
}

// -----

// result_accuracy: mode is required.
// expected-error @+1 {{expected ','}}
func.func @result_accuracy_mode() attributes {a = #stablehlo.result_accuracy<atol = 1.0e-3>} {
  return
}

// -----

// result_accuracy: the fields keep upstream's order.
// expected-error @+1 {{expected 'mode'}}
func.func @result_accuracy_order() attributes {a = #stablehlo.result_accuracy<rtol = 0.0, atol = 1.0e-3, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} {
  return
}

// -----

// dot_algorithm: a field out of order.
// expected-error @+1 {{expected 'lhs_precision_type'}}
func.func @dot_algorithm_order() attributes {a = #stablehlo.dot_algorithm<rhs_precision_type = bf16, lhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} {
  return
}

// -----

// result_accuracy: upstream's rules (not in the spec): no negative tolerance,
// -0.0 included, and tolerances only with mode TOLERANCE.
// expected-error @+1 {{Negative tolerance}}
func.func @result_accuracy_negative() attributes {a = #stablehlo.result_accuracy<atol = -0.0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} {
  return
}

// -----

// expected-error @+1 {{Negative tolerance}}
func.func @result_accuracy_negative_ulps() attributes {a = #stablehlo.result_accuracy<ulps = -1, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} {
  return
}

// -----

// expected-error @+1 {{Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero.}}
func.func @result_accuracy_highest() attributes {a = #stablehlo.result_accuracy<rtol = 1.0e+300, ulps = 2, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} {
  return
}

// -----

func.func @result_accuracy_default_op(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{Invalid tolerances for ResultAccuracyAttr with mode DEFAULT, must be all zero.}}
  %0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// result_accuracy: mode is a #stablehlo.result_accuracy_mode.
// expected-error @+1 {{invalid kind of attribute specified}}
func.func @result_accuracy_mode_kind() attributes {a = #stablehlo.result_accuracy<mode = #stablehlo<precision DEFAULT>>} {
  return
}

// -----

// An unknown structured attribute.
// expected-error @+1 {{unknown stablehlo attribute 'foo'}}
func.func @unknown_attribute() attributes {a = #stablehlo.foo<>} {
  return
}
