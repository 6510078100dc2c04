// Structured attributes round-trip exactly as upstream prints them: empty
// lists and zero-valued optional fields are elided where upstream elides them.
// The CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// #stablehlo.dot: every field, some, none; fields parse in any order.
// CHECK-LABEL:  func.func @dot() attributes {a = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, b = #stablehlo.dot<lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [0, 1]>, c = #stablehlo.dot<>, d = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, e = #stablehlo.dot<>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dot() attributes {
    a = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>,
    b = #stablehlo.dot<lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [0, 1]>,
    c = #stablehlo.dot<>,
    d = #stablehlo.dot<rhs_contracting_dimensions = [0], lhs_contracting_dimensions = [1]>,
    e = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = []>} {
  return
}

// #stablehlo.gather: index_vector_dim is printed unless 0.
// CHECK-LABEL:  func.func @gather() attributes {a = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>, b = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, c = #stablehlo.gather<index_vector_dim = 1>, d = #stablehlo.gather<>, e = #stablehlo.gather<start_index_map = [0]>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @gather() attributes {
    a = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    b = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>,
    c = #stablehlo.gather<index_vector_dim = 1>,
    d = #stablehlo.gather<>,
    e = #stablehlo.gather<index_vector_dim = 0, start_index_map = [0]>} {
  return
}

// #stablehlo.scatter.
// CHECK-LABEL:  func.func @scatter() attributes {a = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, b = #stablehlo.scatter<update_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>, c = #stablehlo.scatter<>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @scatter() attributes {
    a = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
    b = #stablehlo.scatter<update_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>,
    c = #stablehlo.scatter<index_vector_dim = 0>} {
  return
}

// #stablehlo.conv: the compact layout form, for 1, 2 and 3 spatial
// dimensions and permuted layouts; `raw` fields print compactly.
// CHECK-LABEL:  func.func @conv() attributes {a = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, b = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, c = #stablehlo.conv<[b, f, 0, 1, 2]x[o, i, 0, 1, 2]->[b, f, 0, 1, 2]>, d = #stablehlo.conv<[f, 1, 0, b]x[i, 1, o, 0]->[1, b, f, 0]>, e = #stablehlo.conv<[b, f]x[i, o]->[b, f]>, f = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, g = #stablehlo.conv<[b, 0, 1, f]x[0, i, o]->[b, 0, 1, f, 2]>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @conv() attributes {
    a = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    b = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
    c = #stablehlo.conv<[b, f, 0, 1, 2]x[o, i, 0, 1, 2]->[b, f, 0, 1, 2]>,
    d = #stablehlo.conv<[f, 1, 0, b]x[i, 1, o, 0]->[1, b, f, 0]>,
    e = #stablehlo.conv<[b, f]x[i, o]->[b, f]>,
    g = #stablehlo.conv<[b, 0, 1, f]x[0, i, o]->[b, 0, 1, f, 2]>,
    f = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} {
  return
}

// #stablehlo.dot_algorithm: every field is printed; the combination is one
// of the known algorithms (structured_invalid.mlir).
// CHECK-LABEL:  func.func @dot_algorithm() attributes {a = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false>, b = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false>, c = #stablehlo.dot_algorithm<lhs_precision_type = f8E5M2, rhs_precision_type = f8E4M3FN, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dot_algorithm() attributes {
    a = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false>,
    b = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false>,
    c = #stablehlo.dot_algorithm<lhs_precision_type = f8E5M2, rhs_precision_type = f8E4M3FN, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} {
  return
}

// #stablehlo.channel_handle: both fields are printed, zeros included.
// CHECK-LABEL:  func.func @channel_handle() attributes {a = #stablehlo.channel_handle<handle = 1, type = 2>, b = #stablehlo.channel_handle<handle = 0, type = 0>, c = #stablehlo.channel_handle<handle = 5, type = 1>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @channel_handle() attributes {
    a = #stablehlo.channel_handle<handle = 1, type = 2>,
    b = #stablehlo.channel_handle<handle = 0, type = 0>,
    c = #stablehlo.channel_handle<type = 1, handle = 5>} {
  return
}

// #stablehlo.output_operand_alias: every field is printed, empty lists too.
// CHECK-LABEL:  func.func @output_operand_alias() attributes {a = #stablehlo.output_operand_alias<output_tuple_indices = [0, 1], operand_index = 2, operand_tuple_indices = [3]>, b = #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @output_operand_alias() attributes {
    a = #stablehlo.output_operand_alias<output_tuple_indices = [0, 1], operand_index = 2, operand_tuple_indices = [3]>,
    b = #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>} {
  return
}

// #stablehlo.result_accuracy: zero tolerances and ulps are elided, the
// (required) mode is always printed.
// CHECK-LABEL:  func.func @result_accuracy() attributes {a = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>, b = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>, c = #stablehlo.result_accuracy<atol = 5.000000e-01, rtol = 2.500000e-03, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>, e = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @result_accuracy() attributes {
    a = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>,
    b = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>,
    c = #stablehlo.result_accuracy<atol = 0.5, rtol = 2.5e-3, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>,
    e = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} {
  return
}

// #stablehlo.bounds and #stablehlo.type_extensions as standalone attributes.
// CHECK-LABEL:  func.func @bounds() attributes {a = #stablehlo.bounds<?, 5>, b = #stablehlo.bounds<3, ?>, c = #stablehlo.bounds<>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @bounds() attributes {
    a = #stablehlo.bounds<?, 5>,
    b = #stablehlo.type_extensions<bounds = [3, ?]>,
    c = #stablehlo.bounds<>} {
  return
}
