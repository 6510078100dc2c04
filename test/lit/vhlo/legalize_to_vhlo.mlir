// stablehlo-legalize-to-vhlo: each StableHLO op, type and attribute becomes its
// versioned VHLO form. The CHECK lines are upstream StableHLO's own pass
// (jaxlib, StableHLO 1.17) on the same input (for the quantized types, with
// the quant dialect loaded in jaxlib's context by running its
// vhlo-legalize-to-stablehlo first), except for custom_call: upstream 1.17 has
// no custom_call_v2 (ours is 1.20, where custom_call_v2 adds result_tilings =
// []); the V117 lines check that at target 1.17.0 ours prints exactly
// upstream's custom_call_v1.
// Output operand aliases and VHLO input: legalize_aliases_and_vhlo_input.mlir.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --split-input-file --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.17.0})' | FileCheck %s --check-prefix=V117 --match-full-lines --strict-whitespace
// The VHLO text parses back and prints the same.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | stablehlo-opt --split-input-file | FileCheck %s --match-full-lines --strict-whitespace

// Elementwise unary and binary ops: no attributes; functions always carry
// arg_attrs, res_attrs and sym_visibility ("" for public).
// CHECK-LABEL:  vhlo.func_v1 @unary_binary(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.add_v1"(%0, %arg1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @unary_binary(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  %1 = stablehlo.add %0, %b : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// result_accuracy: absent becomes the default (DEFAULT mode, zero tolerances).
// CHECK-LABEL:  vhlo.func_v1 @exponential(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #vhlo<result_accuracy_mode_v1 TOLERANCE>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @exponential(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = stablehlo.exponential %a : tensor<2xf32>
  %1 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// compare: an absent compare_type becomes NOTYPE.
// CHECK-LABEL:  vhlo.func_v1 @compare(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.bool_v1>, !vhlo.tensor_v1<2x!vhlo.bool_v1>) {
// CHECK-NEXT:    %0 = "vhlo.compare_v1"(%arg0, %arg0) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.bool_v1>
// CHECK-NEXT:    %1 = "vhlo.compare_v1"(%arg1, %arg1) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<2x!vhlo.i32_v1>, !vhlo.tensor_v1<2x!vhlo.i32_v1>) -> !vhlo.tensor_v1<2x!vhlo.bool_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1) : (!vhlo.tensor_v1<2x!vhlo.bool_v1>, !vhlo.tensor_v1<2x!vhlo.bool_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @compare(%a: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xi1>, tensor<2xi1>) {
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = stablehlo.compare EQ, %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// Constants keep their builtin dense attribute inside #vhlo.tensor_v1; i1 is
// !vhlo.bool_v1. (A long non-splat i1 constant prints in hex, where the MLIR
// releases differ: ours packs 8 elements a byte, jaxlib's one a byte; that is
// the builtin printer, not VHLO, so it is not checked here.)
// CHECK-LABEL:  vhlo.func_v1 @constants() -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.bool_v1>, !vhlo.tensor_v1<3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x!vhlo.i8_v1>, !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.f64_v1>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>) {
// CHECK-NEXT:    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>>}> : () -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<true> : tensor<3xi1>>}> : () -> !vhlo.tensor_v1<3x!vhlo.bool_v1>
// CHECK-NEXT:    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[true, false, true]> : tensor<3xi1>>}> : () -> !vhlo.tensor_v1<3x!vhlo.bool_v1>
// CHECK-NEXT:    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[-1, 127]> : tensor<2xi8>>}> : () -> !vhlo.tensor_v1<2x!vhlo.i8_v1>
// CHECK-NEXT:    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>>}> : () -> !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>
// CHECK-NEXT:    %5 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e-01> : tensor<f64>>}> : () -> !vhlo.tensor_v1<!vhlo.f64_v1>
// CHECK-NEXT:    %6 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f64>>>}> : () -> !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3, %4, %5, %6) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.bool_v1>, !vhlo.tensor_v1<3x!vhlo.bool_v1>, !vhlo.tensor_v1<2x!vhlo.i8_v1>, !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f32_v1>>, !vhlo.tensor_v1<!vhlo.f64_v1>, !vhlo.tensor_v1<2x!vhlo.complex_v1<!vhlo.f64_v1>>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @constants() -> (tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2xi8>, tensor<complex<f32>>, tensor<f64>, tensor<2xcomplex<f64>>) {
  %0 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %1 = stablehlo.constant dense<true> : tensor<3xi1>
  %2 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %3 = stablehlo.constant dense<[-1, 127]> : tensor<2xi8>
  %4 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  %5 = stablehlo.constant dense<0.1> : tensor<f64>
  %6 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2xi8>, tensor<complex<f32>>, tensor<f64>, tensor<2xcomplex<f64>>
}

// -----

// NaN, infinities, -0, denormals and hex data; bf16, f8 and f16 constants.
// CHECK-LABEL:  vhlo.func_v1 @special_floats() -> (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.bf16_v1>, !vhlo.tensor_v1<2x!vhlo.f8E4M3FN_v1>, !vhlo.tensor_v1<2x!vhlo.f16_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.000000e+00, 1.401300e-45]> : tensor<5xf32>>}> : () -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, 0x7FC0, -2.500000e+00]> : tensor<3xbf16>>}> : () -> !vhlo.tensor_v1<3x!vhlo.bf16_v1>
// CHECK-NEXT:    %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1.000000e+00, -4.480000e+02]> : tensor<2xf8E4M3FN>>}> : () -> !vhlo.tensor_v1<2x!vhlo.f8E4M3FN_v1>
// CHECK-NEXT:    %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[6.550400e+04, 5.960460e-08]> : tensor<2xf16>>}> : () -> !vhlo.tensor_v1<2x!vhlo.f16_v1>
// CHECK-NEXT:    %4 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>>}> : () -> !vhlo.tensor_v1<2x2x!vhlo.i32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3, %4) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.bf16_v1>, !vhlo.tensor_v1<2x!vhlo.f8E4M3FN_v1>, !vhlo.tensor_v1<2x!vhlo.f16_v1>, !vhlo.tensor_v1<2x2x!vhlo.i32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @special_floats() -> (tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>) {
  %0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0, 1.0e-45]> : tensor<5xf32>
  %1 = stablehlo.constant dense<[1.0, 0x7FC0, -2.5]> : tensor<3xbf16>
  %2 = stablehlo.constant dense<[1.0, -448.0]> : tensor<2xf8E4M3FN>
  %3 = stablehlo.constant dense<[65504.0, 6.0e-8]> : tensor<2xf16>
  %4 = stablehlo.constant dense<"0x01000000020000000300000004000000"> : tensor<2x2xi32>
  return %0, %1, %2, %3, %4 : tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>
}

// -----

// i64 arrays (array<i64: ...>) become i64 tensors; slice's unit strides are
// written out.
// CHECK-LABEL:  vhlo.func_v1 @arrays(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<5x8x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.transpose_v1"(%arg0) <{permutation = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x2x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.broadcast_in_dim_v1"(%arg0) <{broadcast_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>
// CHECK-NEXT:    %2 = "vhlo.slice_v1"(%arg0) <{limit_indices = #vhlo.tensor_v1<dense<[1, 3]> : tensor<2xi64>>, start_indices = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>, strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x!vhlo.f32_v1>
// CHECK-NEXT:    %3 = "vhlo.pad_v1"(%arg0, %arg1) <{edge_padding_high = #vhlo.tensor_v1<dense<[2, 1]> : tensor<2xi64>>, edge_padding_low = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, interior_padding = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x8x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3) : (!vhlo.tensor_v1<3x2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<5x8x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @arrays(%a: tensor<2x3xf32>, %p: tensor<f32>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = stablehlo.slice %a [0:1, 1:3] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %3 = stablehlo.pad %a, %p, low = [1, 2], high = [2, 1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>
}

// -----

// convolution: the dimension numbers are flattened into nine attributes and
// every absent window attribute and precision_config is written with its
// default (strides 1, padding 0, dilations 1, no reversal, DEFAULT).
// CHECK-LABEL:  vhlo.func_v1 @convolution_defaults(%arg0: !vhlo.tensor_v1<1x8x8x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x3x3x16x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<1x6x6x16x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.convolution_v1"(%arg0, %arg1) <{batch_group_count = #vhlo.integer_v1<1 : i64>, feature_group_count = #vhlo.integer_v1<1 : i64>, input_batch_dimension = #vhlo.integer_v1<0 : i64>, input_feature_dimension = #vhlo.integer_v1<3 : i64>, input_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, kernel_input_feature_dimension = #vhlo.integer_v1<2 : i64>, kernel_output_feature_dimension = #vhlo.integer_v1<3 : i64>, kernel_spatial_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>, lhs_dilation = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, output_batch_dimension = #vhlo.integer_v1<0 : i64>, output_feature_dimension = #vhlo.integer_v1<3 : i64>, output_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, padding = #vhlo.tensor_v1<dense<0> : tensor<2x2xi64>>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_dilation = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, window_reversal = #vhlo.tensor_v1<dense<false> : tensor<2xi1>>, window_strides = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x8x8x3x!vhlo.f32_v1>, !vhlo.tensor_v1<3x3x3x16x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x6x6x16x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<1x6x6x16x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @convolution_defaults(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

// convolution with every window attribute and a precision_config.
// CHECK-LABEL:  vhlo.func_v1 @convolution_full(%arg0: !vhlo.tensor_v1<1x3x8x8x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<16x3x3x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<1x16x4x4x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.convolution_v1"(%arg0, %arg1) <{batch_group_count = #vhlo.integer_v1<1 : i64>, feature_group_count = #vhlo.integer_v1<1 : i64>, input_batch_dimension = #vhlo.integer_v1<0 : i64>, input_feature_dimension = #vhlo.integer_v1<1 : i64>, input_spatial_dimensions = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, kernel_input_feature_dimension = #vhlo.integer_v1<1 : i64>, kernel_output_feature_dimension = #vhlo.integer_v1<0 : i64>, kernel_spatial_dimensions = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, lhs_dilation = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, output_batch_dimension = #vhlo.integer_v1<0 : i64>, output_feature_dimension = #vhlo.integer_v1<1 : i64>, output_spatial_dimensions = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, padding = #vhlo.tensor_v1<dense<1> : tensor<2x2xi64>>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 HIGHEST>, #vhlo<precision_v1 DEFAULT>]>, rhs_dilation = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, window_reversal = #vhlo.tensor_v1<dense<[false, true]> : tensor<2xi1>>, window_strides = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>}> : (!vhlo.tensor_v1<1x3x8x8x!vhlo.f32_v1>, !vhlo.tensor_v1<16x3x3x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x16x4x4x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<1x16x4x4x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @convolution_full(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

// Empty window arrays (which upstream accepts for the defaults) are kept as
// empty tensors, not replaced by the defaults.
// CHECK-LABEL:  vhlo.func_v1 @convolution_empty_window_arrays(%arg0: !vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x3x1x1x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.convolution_v1"(%arg0, %arg1) <{batch_group_count = #vhlo.integer_v1<1 : i64>, feature_group_count = #vhlo.integer_v1<1 : i64>, input_batch_dimension = #vhlo.integer_v1<0 : i64>, input_feature_dimension = #vhlo.integer_v1<3 : i64>, input_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, kernel_input_feature_dimension = #vhlo.integer_v1<2 : i64>, kernel_output_feature_dimension = #vhlo.integer_v1<3 : i64>, kernel_spatial_dimensions = #vhlo.tensor_v1<dense<[0, 1]> : tensor<2xi64>>, lhs_dilation = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, output_batch_dimension = #vhlo.integer_v1<0 : i64>, output_feature_dimension = #vhlo.integer_v1<3 : i64>, output_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, padding = #vhlo.tensor_v1<dense<> : tensor<0x2xi64>>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_dilation = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, window_reversal = #vhlo.tensor_v1<dense<> : tensor<0xi1>>, window_strides = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<1x4x4x1x!vhlo.f32_v1>, !vhlo.tensor_v1<3x3x1x1x!vhlo.f32_v1>) -> !vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<1x2x2x1x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @convolution_empty_window_arrays(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

// dot_general_v2: without an algorithm its seven fields are !vhlo.none_v1;
// with one they are written out (tf32 prints as !vhlo.tf31_v1, upstream's
// mnemonic).
// CHECK-LABEL:  vhlo.func_v1 @dot_general(%arg0: !vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.dot_general_v2"(%arg0, %arg1) <{accumulation_type = #vhlo.type_v1<!vhlo.none_v1>, allow_imprecise_accumulation = #vhlo.type_v1<!vhlo.none_v1>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, lhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>, num_primitive_operations = #vhlo.type_v1<!vhlo.none_v1>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 HIGH>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>}> : (!vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.dot_general_v2"(%arg0, %arg1) <{accumulation_type = #vhlo.type_v1<!vhlo.f32_v1>, allow_imprecise_accumulation = #vhlo.bool_v1<false>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, lhs_component_count = #vhlo.integer_v1<1 : i64>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.tf31_v1>, num_primitive_operations = #vhlo.integer_v1<1 : i64>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_component_count = #vhlo.integer_v1<1 : i64>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.tf31_v1>}> : (!vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1) : (!vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}

// -----

// gather_v2: the dimension numbers are flattened; empty batching dims are
// written as empty tensors.
// CHECK-LABEL:  vhlo.func_v1 @gather(%arg0: !vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>) -> (!vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.gather_v2"(%arg0, %arg1) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<2 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, offset_dims = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2, 2]> : tensor<3xi64>>, start_index_map = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>, start_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>) -> !vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @gather(%op: tensor<3x4x2xf32>, %idx: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  %0 = "stablehlo.gather"(%op, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// scatter_v2, with its region (block arguments of VHLO types).
// CHECK-LABEL:  vhlo.func_v1 @scatter(%arg0: !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x1x!vhlo.i32_v1>, %arg2: !vhlo.tensor_v1<2x4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.scatter_v2"(%arg0, %arg1, %arg2) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<true>, input_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
// CHECK-NEXT:    ^bb0(%arg3: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %1 = "vhlo.add_v1"(%arg3, %arg4) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x1x!vhlo.i32_v1>, !vhlo.tensor_v1<2x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x4x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<3x4x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @scatter(%op: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %upd: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.scatter"(%op, %idx, %upd) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// reduce (the compact `applies` form has a region like any other).
// CHECK-LABEL:  vhlo.func_v1 @reduce(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.reduce_v1"(%arg0, %arg1) <{dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
// CHECK-NEXT:    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %1 = "vhlo.add_v1"(%arg2, %arg3) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @reduce(%a: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// reduce_window: base and window dilations and padding get their defaults.
// CHECK-LABEL:  vhlo.func_v1 @reduce_window(%arg0: !vhlo.tensor_v1<4x6x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.reduce_window_v1"(%arg0, %arg1) <{base_dilations = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, padding = #vhlo.tensor_v1<dense<0> : tensor<2x2xi64>>, window_dilations = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>, window_dimensions = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>, window_strides = #vhlo.tensor_v1<dense<2> : tensor<2xi64>>}> ({
// CHECK-NEXT:    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %1 = "vhlo.maximum_v1"(%arg2, %arg3) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<4x6x!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @reduce_window(%a: tensor<4x6xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reduce_window"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL:  vhlo.func_v1 @sort(%arg0: !vhlo.tensor_v1<5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<5x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.sort_v1"(%arg0) <{dimension = #vhlo.integer_v1<0 : i64>, is_stable = #vhlo.bool_v1<true>}> ({
// CHECK-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %1 = "vhlo.compare_v1"(%arg1, %arg2) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<5x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<5x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @sort(%a: tensor<5xf32>) -> tensor<5xf32> {
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GT, %x, %y, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// while: the pretty form's two regions become blocks with arguments.
// CHECK-LABEL:  vhlo.func_v1 @while_loop(%arg0: !vhlo.tensor_v1<!vhlo.i32_v1>) -> (!vhlo.tensor_v1<!vhlo.i32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<0> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
// CHECK-NEXT:    %1 = "vhlo.while_v1"(%0) ({
// CHECK-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.i32_v1>):
// CHECK-NEXT:      %2 = "vhlo.compare_v1"(%arg1, %arg0) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.i32_v1>):
// CHECK-NEXT:      %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1> : tensor<i32>>}> : () -> !vhlo.tensor_v1<!vhlo.i32_v1>
// CHECK-NEXT:      %3 = "vhlo.add_v1"(%arg1, %2) : (!vhlo.tensor_v1<!vhlo.i32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%3) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.i32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @while_loop(%n: tensor<i32>) -> tensor<i32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.while(%i = %c0) : tensor<i32>
   cond {
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %s = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL:  vhlo.func_v1 @if_case(%arg0: !vhlo.tensor_v1<!vhlo.bool_v1>, %arg1: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.if_v1"(%arg0) ({
// CHECK-NEXT:      "vhlo.return_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = "vhlo.negate_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.case_v1"(%arg1) ({
// CHECK-NEXT:      "vhlo.return_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = "vhlo.negate_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @if_case(%p: tensor<i1>, %k: tensor<i32>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    %n = stablehlo.negate %a : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  %1 = "stablehlo.case"(%k) ({
    stablehlo.return %a : tensor<f32>
  }, {
    %n = stablehlo.negate %a : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// -----

// Regions nested in regions.
// CHECK-LABEL:  vhlo.func_v1 @nested(%arg0: !vhlo.tensor_v1<!vhlo.i32_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.case_v1"(%arg0) ({
// CHECK-NEXT:      %1 = "vhlo.while_v1"(%arg1) ({
// CHECK-NEXT:      ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:        %2 = "vhlo.compare_v1"(%arg2, %arg1) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
// CHECK-NEXT:        "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:        "vhlo.return_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:      }) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<!vhlo.i32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @nested(%p: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%p) ({
    %1 = stablehlo.while(%x = %a) : tensor<f32>
     cond {
      %c = stablehlo.compare LT, %x, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %x : tensor<f32>
    }
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// custom_call: a string backend_config; api_version 4 with a dictionary
// backend_config; called_computations (symbol names as strings); operand and
// result layouts. Absent attributes are written with their defaults. Ours is
// custom_call_v2 (1.18.0+, result_tilings = []); at target 1.17.0 it is
// upstream's custom_call_v1 exactly (V117).
// CHECK-LABEL:  vhlo.func_v1 @custom_calls(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<true>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.integer_v1<1 : i64>, #vhlo.string_v1<"s"> = #vhlo.string_v1<"x">}>, call_target_name = #vhlo.string_v1<"bar">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    %2 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"baz">, called_computations = #vhlo.array_v1<[#vhlo.string_v1<"callee">]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    %3 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"lay">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[#vhlo.tensor_v1<dense<[0, 1]> : tensor<2xindex>>]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[#vhlo.tensor_v1<dense<[1, 0]> : tensor<2xindex>>]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// CHECK-LABEL:  vhlo.func_v1 @callee(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
// CHECK-NEXT:    "vhlo.return_v1"(%arg0) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
// V117:  vhlo.func_v1 @custom_calls(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
// V117:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<true>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// V117:    %1 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.integer_v1<1 : i64>, #vhlo.string_v1<"s"> = #vhlo.string_v1<"x">}>, call_target_name = #vhlo.string_v1<"bar">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// V117:    %2 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"baz">, called_computations = #vhlo.array_v1<[#vhlo.string_v1<"callee">]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// V117:    %3 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"lay">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[#vhlo.tensor_v1<dense<[0, 1]> : tensor<2xindex>>]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[#vhlo.tensor_v1<dense<[1, 0]> : tensor<2xindex>>]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
func.func @custom_calls(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.custom_call @foo(%a) {backend_config = "cfg", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.custom_call @bar(%a) {api_version = 4 : i32, backend_config = {k = 1 : i64, s = "x"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.custom_call @baz(%a) {called_computations = [@callee]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.custom_call @lay(%a) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func private @callee(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}

// -----

// Escaped strings, and a discardable dictionary of every attribute kind (a
// symbol reference inside it becomes a string).
// CHECK-LABEL:  vhlo.func_v1 @strings(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"a\22b\\c\0Ad\E2\82\AC">, call_target_name = #vhlo.string_v1<"weird target">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> {mhlo.attr = #vhlo.dict_v1<{#vhlo.string_v1<"nested"> = #vhlo.dict_v1<{#vhlo.string_v1<"x"> = #vhlo.array_v1<[#vhlo.float_v1<1.500000e+00 : !vhlo.f32_v1>, #vhlo.string_v1<"s">, #vhlo.bool_v1<true>, #vhlo.string_v1<"sym">, #vhlo.type_v1<!vhlo.i32_v1>, #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi32>>]>, #vhlo.string_v1<"y"> = #vhlo.integer_v1<2 : ui8>}>, #vhlo.string_v1<"z"> = #vhlo.bool_v1<false>}>} : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// V117:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"a\22b\\c\0Ad\E2\82\AC">, call_target_name = #vhlo.string_v1<"weird target">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> {mhlo.attr = #vhlo.dict_v1<{#vhlo.string_v1<"nested"> = #vhlo.dict_v1<{#vhlo.string_v1<"x"> = #vhlo.array_v1<[#vhlo.float_v1<1.500000e+00 : !vhlo.f32_v1>, #vhlo.string_v1<"s">, #vhlo.bool_v1<true>, #vhlo.string_v1<"sym">, #vhlo.type_v1<!vhlo.i32_v1>, #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi32>>]>, #vhlo.string_v1<"y"> = #vhlo.integer_v1<2 : ui8>}>, #vhlo.string_v1<"z"> = #vhlo.bool_v1<false>}>} : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
func.func @strings(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @"weird target"(%a) {backend_config = "a\"b\\c\0Ad\E2\82\AC", mhlo.attr = {nested = {x = [1.5 : f32, "s", true, @sym, i32, dense<[1, 2]> : tensor<2xi32>], y = 2 : ui8}, z = false}} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Collectives: channel_handle becomes channel_id (its type is dropped), an
// absent one channel_id 0; use_global_device_ids a bool.
// CHECK-LABEL:  vhlo.func_v1 @collectives(%arg0: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<8x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.all_reduce_v2"(%arg0) <{channel_id = #vhlo.integer_v1<1 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<true>}> ({
// CHECK-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %4 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.all_gather_v2"(%arg0) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<2 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<8x!vhlo.f32_v1>
// CHECK-NEXT:    %2 = "vhlo.collective_permute_v1"(%arg0) <{channel_id = #vhlo.integer_v1<3 : i64>, source_target_pairs = #vhlo.tensor_v1<dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK-NEXT:    %3 = "vhlo.all_reduce_v2"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> ({
// CHECK-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// CHECK-NEXT:      %4 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// CHECK-NEXT:      "vhlo.return_v1"(%4) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:    }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<8x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @collectives(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<4xf32>) -> tensor<8xf32>
  %2 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// send and recv keep the channel's type as channel_type; tokens are
// !vhlo.token_v1.
// CHECK-LABEL:  vhlo.func_v1 @send_recv(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.token_v1) -> (!vhlo.token_v1, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) {
// CHECK-NEXT:    %0 = "vhlo.send_v2"(%arg0, %arg1) <{channel_id = #vhlo.integer_v1<5 : i64>, channel_type = #vhlo.integer_v1<2 : i64>, is_host_transfer = #vhlo.bool_v1<true>, source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.token_v1
// CHECK-NEXT:    %1:2 = "vhlo.recv_v2"(%arg1) <{channel_id = #vhlo.integer_v1<6 : i64>, channel_type = #vhlo.integer_v1<3 : i64>, is_host_transfer = #vhlo.bool_v1<true>, source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.token_v1) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1)
// CHECK-NEXT:    "vhlo.return_v1"(%0, %1#0, %1#1) : (!vhlo.token_v1, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @send_recv(%a: tensor<2xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 6, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0, %1#0, %1#1 : !stablehlo.token, tensor<2xf32>, !stablehlo.token
}

// -----

// Functions: arg_attrs/res_attrs as arrays of dictionaries (an argument
// without attributes has an empty one), sym_visibility, func.call; a
// discardable attribute (mhlo.sharding) on an op, a discardable attribute of
// the function. A declaration prints without its argument types, as upstream
// prints it (the types are in function_type; see round_trip_declaration.mlir).
// CHECK-LABEL:  vhlo.func_v1 @decl() -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.arg"> = #vhlo.string_v1<"x">}>]>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"out">}>]>, sym_visibility = #vhlo.string_v1<"private">}
// CHECK-LABEL:  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.call_v1"(%arg0) <{callee = #vhlo.string_v1<"decl">}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    %1 = "vhlo.add_v1"(%0, %arg1) {bar = #vhlo.array_v1<[#vhlo.integer_v1<1 : i64>, #vhlo.integer_v1<2 : i64>]>, foo = #vhlo.integer_v1<3 : i32>, mhlo.sharding = #vhlo.string_v1<"{replicated}">} : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"mhlo.sharding"> = #vhlo.string_v1<"{replicated}">}>, #vhlo.dict_v1<{}>]>, mhlo.frontend_attributes = #vhlo.dict_v1<{#vhlo.string_v1<"x"> = #vhlo.string_v1<"y">}>, res_attrs = #vhlo.array_v1<[#vhlo.dict_v1<{#vhlo.string_v1<"jax.result_info"> = #vhlo.string_v1<"r">}>]>, sym_visibility = #vhlo.string_v1<"">}
func.func private @decl(%a: tensor<2xf32> {jax.arg = "x"}) -> (tensor<2xf32> {jax.result_info = "out"})
func.func @main(%a: tensor<2xf32> {mhlo.sharding = "{replicated}"}, %b: tensor<2xf32>) -> (tensor<2xf32> {jax.result_info = "r"}) attributes {mhlo.frontend_attributes = {x = "y"}} {
  %0 = func.call @decl(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.add %0, %b {mhlo.sharding = "{replicated}", foo = 3 : i32, bar = [1, 2]} : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// The module's name and attributes stay builtin; public visibility is kept.
// CHECK:module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-LABEL:  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.f32_v1>) {
// CHECK-NEXT:    "vhlo.return_v1"(%arg0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"public">}
module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
}

// -----

// Quantized types: quant_v1 is
// <storage:expressed, scale:zero_point, storage_min:storage_max, flags>
// (flags 1 = signed); quant_per_axis_v1 adds the quantized dimension and the
// scales and zero points as lists.
// CHECK-LABEL:  vhlo.func_v1 @quantized(%arg0: !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>, %arg1: !vhlo.tensor_v1<2x3x!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 1, [1.000000e-01, 2.000000e-01, 3.000000e-01], [-1, 0, 1], -127:127, 1>>, %arg2: !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i4_v1:!vhlo.bf16_v1, 2.000000e+00:0, 0:15, 0>>) -> (!vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>) {
// CHECK-NEXT:    %0 = "vhlo.add_v1"(%arg0, %arg0) : (!vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>, !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>) -> !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 5.000000e-01:3, -128:127, 1>>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.1:-1, 0.2:0, 0.3:1}>>, %c: tensor<2x!quant.uniform<u4:bf16, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// CHECK-LABEL:  vhlo.func_v1 @uniform_quantize(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.uniform_quantize_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i16_v1:!vhlo.f32_v1, 1.000000e-02:-5, -32768:32767, 1>>
// CHECK-NEXT:    %1 = "vhlo.uniform_dequantize_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i16_v1:!vhlo.f32_v1, 1.000000e-02:-5, -32768:32767, 1>>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @uniform_quantize(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i16:f32, 1.0e-2:-5>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i16:f32, 1.0e-2:-5>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Bounded dynamic tensors: #stablehlo.bounds becomes #vhlo.type_extensions_v1;
// dynamic and unranked tensors.
// CHECK-LABEL:  vhlo.func_v1 @bounded(%arg0: !vhlo.tensor_v1<?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [8]>>, %arg1: !vhlo.tensor_v1<2x?x!vhlo.i32_v1, #vhlo.type_extensions_v1<bounds = [?, 4]>>, %arg2: !vhlo.tensor_v1<?x3x!vhlo.f32_v1>, %arg3: !vhlo.unranked_tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [8]>>) {
// CHECK-NEXT:    %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [8]>>) -> !vhlo.tensor_v1<?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [8]>>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [8]>>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @bounded(%a: tensor<?xf32, #stablehlo.bounds<8>>, %b: tensor<2x?xi32, #stablehlo.bounds<?, 4>>, %c: tensor<?x3xf32>, %d: tensor<*xf32>) -> tensor<?xf32, #stablehlo.bounds<8>> {
  %0 = stablehlo.abs %a : tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32, #stablehlo.bounds<8>>
}

// -----

// Tokens and tuples.
// CHECK-LABEL:  vhlo.func_v1 @token_tuple(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.token_v1) -> (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) {
// CHECK-NEXT:    %0 = "vhlo.after_all_v1"(%arg1, %arg1) : (!vhlo.token_v1, !vhlo.token_v1) -> !vhlo.token_v1
// CHECK-NEXT:    %1 = "vhlo.tuple_v1"(%arg0, %0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1>
// CHECK-NEXT:    %2 = "vhlo.get_tuple_element_v1"(%1) <{index = #vhlo.integer_v1<0 : i32>}> : (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%1, %2, %0) : (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @token_tuple(%a: tensor<2xf32>, %t: !stablehlo.token) -> (tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token) {
  %0 = stablehlo.after_all %t, %t : !stablehlo.token
  %1 = stablehlo.tuple %a, %0 : tuple<tensor<2xf32>, !stablehlo.token>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  return %1, %2, %0 : tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token
}

// -----

// Element types, each its own VHLO type.
// CHECK-LABEL:  vhlo.func_v1 @element_types(%arg0: !vhlo.tensor_v1<!vhlo.bf16_v1>, %arg1: !vhlo.tensor_v1<!vhlo.f16_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f8E4M3FN_v1>, %arg3: !vhlo.tensor_v1<!vhlo.f8E5M2_v1>, %arg4: !vhlo.tensor_v1<!vhlo.ui8_v1>, %arg5: !vhlo.tensor_v1<!vhlo.i4_v1>, %arg6: !vhlo.tensor_v1<!vhlo.ui64_v1>, %arg7: !vhlo.tensor_v1<!vhlo.f8E4M3_v1>, %arg8: !vhlo.tensor_v1<!vhlo.i2_v1>, %arg9: !vhlo.tensor_v1<!vhlo.f4E2M1FN_v1>, %arg10: !vhlo.tensor_v1<!vhlo.f8E8M0FNU_v1>, %arg11: !vhlo.tensor_v1<!vhlo.index_v1>) -> () {
// CHECK-NEXT:    "vhlo.return_v1"() : () -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @element_types(%a: tensor<bf16>, %b: tensor<f16>, %c: tensor<f8E4M3FN>, %d: tensor<f8E5M2>, %e: tensor<ui8>, %f: tensor<i4>, %g: tensor<ui64>, %h: tensor<f8E4M3>, %i: tensor<i2>, %j: tensor<f4E2M1FN>, %k: tensor<f8E8M0FNU>, %l: tensor<index>) {
  return
}

// -----

// composite: the decomposition is a string, composite_attributes a dict_v1.
// CHECK-LABEL:  vhlo.func_v1 @composite(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.composite_v2"(%arg0) <{composite_attributes = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.integer_v1<1 : i32>}>, decomposition = #vhlo.string_v1<"decomp">, name = #vhlo.string_v1<"my.op">, version = #vhlo.integer_v1<2 : i32>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// CHECK-LABEL:  vhlo.func_v1 @decomp(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    "vhlo.return_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
func.func @composite(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.composite "my.op" %a {composite_attributes = {k = 1 : i32}, decomposition = @decomp, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @decomp(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
