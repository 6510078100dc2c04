// StableHLO -> VHLO -> StableHLO: the program comes back as written, in memory
// (first RUN) and through VHLO text (second RUN). The CHECK lines are the
// printed StableHLO; upstream's passes (jaxlib, StableHLO 1.17) give the same
// text on each case.
//
// What does not come back as written, as upstream:
//  - an attribute equal to its default disappears, since VHLO writes every
//    attribute and the way back drops those that hold the default: e.g.
//    `stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision =
//    [DEFAULT, DEFAULT]` comes back without `precision = [...]`, a
//    convolution's `window = {stride = [1, 1], pad = [[0, 0], [0, 0]], ...}`
//    as `window = {}`, gather's `indices_are_sorted = false` not at all
//    (@explicit_defaults below);
//  - the type of a collective's channel_handle: VHLO keeps only channel_id,
//    so `#stablehlo.channel_handle<handle = 1, type = 1>` on all_reduce,
//    all_gather, collective_permute comes back with `type = 0`
//    (send and recv keep it as channel_type);
//  - SSA names are the printer's (%arg0, %0, %c, %cst...).
// Empty convolution window arrays are in round_trip_empty_window.mlir;
// a function declaration is in round_trip_declaration.mlir (its VHLO text
// does not load, for ours as for upstream); collective_broadcast's
// has_dynamic_root and attributes of the wrong kind in attribute_kinds.mlir.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | stablehlo-opt --split-input-file --vhlo-legalize-to-stablehlo | FileCheck %s --match-full-lines --strict-whitespace

// Elementwise ops.
// CHECK-LABEL:  func.func @unary_binary(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.add %0, %arg1 : tensor<2xf32>
// CHECK-NEXT:    return %1 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @unary_binary(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  %1 = stablehlo.add %0, %b : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A default result_accuracy disappears; a non-default one comes back (its
// zero rtol, a default field, is not printed).
// CHECK-LABEL:  func.func @exponential(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.exponential %arg0 : tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
// CHECK-NEXT:    return %0, %1 : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:  }
func.func @exponential(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = stablehlo.exponential %a : tensor<2xf32>
  %1 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// compare_type NOTYPE (absent) stays absent; FLOAT stays.
// CHECK-LABEL:  func.func @compare(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> (tensor<2xi1>, tensor<2xi1>) {
// CHECK-NEXT:    %0 = stablehlo.compare LT, %arg0, %arg0, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %1 = stablehlo.compare EQ, %arg1, %arg1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-NEXT:    return %0, %1 : tensor<2xi1>, tensor<2xi1>
// CHECK-NEXT:  }
func.func @compare(%a: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xi1>, tensor<2xi1>) {
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = stablehlo.compare EQ, %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// Constants, including i1 splat and non-splat, i8 and complex.
// CHECK-LABEL:  func.func @constants() -> (tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2xi8>, tensor<complex<f32>>, tensor<f64>, tensor<2xcomplex<f64>>) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<true> : tensor<3xi1>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<[-1, 127]> : tensor<2xi8>
// CHECK-NEXT:    %cst_2 = stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT:    %cst_3 = stablehlo.constant dense<1.000000e-01> : tensor<f64>
// CHECK-NEXT:    %cst_4 = stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f64>>
// CHECK-NEXT:    return %cst, %c, %c_0, %c_1, %cst_2, %cst_3, %cst_4 : tensor<2xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2xi8>, tensor<complex<f32>>, tensor<f64>, tensor<2xcomplex<f64>>
// CHECK-NEXT:  }
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

// NaN, infinities, -0, denormals; bf16, f8, f16; hex data prints as a list.
// CHECK-LABEL:  func.func @special_floats() -> (tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.000000e+00, 1.401300e-45]> : tensor<5xf32>
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<[1.000000e+00, 0x7FC0, -2.500000e+00]> : tensor<3xbf16>
// CHECK-NEXT:    %cst_1 = stablehlo.constant dense<[1.000000e+00, -4.480000e+02]> : tensor<2xf8E4M3FN>
// CHECK-NEXT:    %cst_2 = stablehlo.constant dense<[6.550400e+04, 5.960460e-08]> : tensor<2xf16>
// CHECK-NEXT:    %c = stablehlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    return %cst, %cst_0, %cst_1, %cst_2, %c : tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>
// CHECK-NEXT:  }
func.func @special_floats() -> (tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>) {
  %0 = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0, 1.0e-45]> : tensor<5xf32>
  %1 = stablehlo.constant dense<[1.0, 0x7FC0, -2.5]> : tensor<3xbf16>
  %2 = stablehlo.constant dense<[1.0, -448.0]> : tensor<2xf8E4M3FN>
  %3 = stablehlo.constant dense<[65504.0, 6.0e-8]> : tensor<2xf16>
  %4 = stablehlo.constant dense<"0x01000000020000000300000004000000"> : tensor<2x2xi32>
  return %0, %1, %2, %3, %4 : tensor<5xf32>, tensor<3xbf16>, tensor<2xf8E4M3FN>, tensor<2xf16>, tensor<2x2xi32>
}

// -----

// i64 arrays come back as array<i64: ...> (the pretty forms); slice's unit strides
// are dropped again.
// CHECK-LABEL:  func.func @arrays(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>) {
// CHECK-NEXT:    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.slice %arg0 [0:1, 1:3] : (tensor<2x3xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:    %3 = stablehlo.pad %arg0, %arg1, low = [1, 2], high = [2, 1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>
// CHECK-NEXT:  }
func.func @arrays(%a: tensor<2x3xf32>, %p: tensor<f32>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = stablehlo.slice %a [0:1, 1:3] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %3 = stablehlo.pad %a, %p, low = [1, 2], high = [2, 1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<1x2xf32>, tensor<5x8xf32>
}

// -----

// Explicit defaults disappear (see above).
// CHECK-LABEL:  func.func @explicit_defaults(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<1x4x4x1xf32>, %arg3: tensor<3x3x1x1xf32>, %arg4: tensor<1x1xi32>) -> (tensor<2x2xf32>, tensor<1x2x2x1xf32>, tensor<1x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    %2 = "stablehlo.gather"(%arg0, %arg4) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<1x3xf32>
// CHECK-NEXT:    return %0, %1, %2 : tensor<2x2xf32>, tensor<1x2x2x1xf32>, tensor<1x3xf32>
// CHECK-NEXT:  }
func.func @explicit_defaults(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>, %idx: tensor<1x1xi32>) -> (tensor<2x2xf32>, tensor<1x2x2x1xf32>, tensor<1x3xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  %2 = "stablehlo.gather"(%a, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false} : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<1x3xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<1x2x2x1xf32>, tensor<1x3xf32>
}

// -----

// The defaults VHLO writes for a convolution disappear on the way back.
// CHECK-LABEL:  func.func @convolution_defaults(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
// CHECK-NEXT:    return %0 : tensor<1x6x6x16xf32>
// CHECK-NEXT:  }
func.func @convolution_defaults(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

// A convolution with non-default window attributes and precision_config: the
// defaults among them (lhs_dilate, rhs_dilate) disappear.
// CHECK-LABEL:  func.func @convolution_full(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
// CHECK-NEXT:    return %0 : tensor<1x16x4x4xf32>
// CHECK-NEXT:  }
func.func @convolution_full(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

// dot_general with and without an algorithm.
// CHECK-LABEL:  func.func @dot_general(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
// CHECK-NEXT:    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    %1 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %0, %1 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
// CHECK-NEXT:  }
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}

// -----

// gather: indices_are_sorted = false disappears.
// CHECK-LABEL:  func.func @gather(%arg0: tensor<3x4x2xf32>, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
// CHECK-NEXT:    return %0 : tensor<2x3x2x2xf32>
// CHECK-NEXT:  }
func.func @gather(%op: tensor<3x4x2xf32>, %idx: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  %0 = "stablehlo.gather"(%op, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// scatter with its region; unique_indices = false disappears.
// CHECK-LABEL:  func.func @scatter(%arg0: tensor<3x4xf32>, %arg1: tensor<2x1xi32>, %arg2: tensor<2x4xf32>) -> tensor<3x4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    return %0 : tensor<3x4xf32>
// CHECK-NEXT:  }
func.func @scatter(%op: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %upd: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.scatter"(%op, %idx, %upd) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// reduce: the compact form is printed again.
// CHECK-LABEL:  func.func @reduce(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @reduce(%a: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL:  func.func @reduce_window(%arg0: tensor<4x6xf32>, %arg1: tensor<f32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @reduce_window(%a: tensor<4x6xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reduce_window"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL:  func.func @sort(%arg0: tensor<5xf32>) -> tensor<5xf32> {
// CHECK-NEXT:    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.compare GT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<5xf32>) -> tensor<5xf32>
// CHECK-NEXT:    return %0 : tensor<5xf32>
// CHECK-NEXT:  }
func.func @sort(%a: tensor<5xf32>) -> tensor<5xf32> {
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GT, %x, %y, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL:  func.func @while_loop(%arg0: tensor<i32>) -> tensor<i32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %0 = stablehlo.while(%iterArg = %c) : tensor<i32>
// CHECK-NEXT:    cond {
// CHECK-NEXT:      %1 = stablehlo.compare LT, %iterArg, %arg0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %c_0 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %1 = stablehlo.add %iterArg, %c_0 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<i32>
// CHECK-NEXT:  }
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

// CHECK-LABEL:  func.func @if_case(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
// CHECK-NEXT:    %0 = "stablehlo.if"(%arg0) ({
// CHECK-NEXT:      stablehlo.return %arg2 : tensor<f32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = stablehlo.negate %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<i1>) -> tensor<f32>
// CHECK-NEXT:    %1 = "stablehlo.case"(%arg1) ({
// CHECK-NEXT:      stablehlo.return %arg2 : tensor<f32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = stablehlo.negate %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT:    return %0, %1 : tensor<f32>, tensor<f32>
// CHECK-NEXT:  }
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
// CHECK-LABEL:  func.func @nested(%arg0: tensor<i32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    %0 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT:      %1 = stablehlo.while(%iterArg = %arg1) : tensor<f32>
// CHECK-NEXT:      cond {
// CHECK-NEXT:        %2 = stablehlo.compare LT, %iterArg, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:        stablehlo.return %2 : tensor<i1>
// CHECK-NEXT:      } do {
// CHECK-NEXT:        stablehlo.return %iterArg : tensor<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT:    return %0 : tensor<f32>
// CHECK-NEXT:  }
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

// custom_call: string and dictionary backend_config, api_version 4,
// called_computations, layouts.
// CHECK-LABEL:  func.func @custom_calls(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @foo(%arg0) {backend_config = "cfg", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.custom_call @bar(%arg0) {api_version = 4 : i32, backend_config = {k = 1 : i64, s = "x"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.custom_call @baz(%arg0) {called_computations = [@callee]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.custom_call @lay(%arg0) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func private @callee(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    return %arg0 : tensor<2x3xf32>
// CHECK-NEXT:  }
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

// Escaped strings and a discardable dictionary (the symbol reference in it
// comes back as a string, as upstream).
// CHECK-LABEL:  func.func @strings(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @"weird target"(%arg0) {backend_config = "a\22b\\c\0Ad\E2\82\AC", mhlo.attr = {nested = {x = [1.500000e+00 : f32, "s", true, "sym", i32, dense<[1, 2]> : tensor<2xi32>], y = 2 : ui8}, z = false}} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @strings(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @"weird target"(%a) {backend_config = "a\"b\\c\0Ad\E2\82\AC", mhlo.attr = {nested = {x = [1.5 : f32, "s", true, @sym, i32, dense<[1, 2]> : tensor<2xi32>], y = 2 : ui8}, z = false}} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Collectives: channel_handle's type comes back as 0 (see above); an absent
// channel_handle stays absent.
// CHECK-LABEL:  func.func @collectives(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %4 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %2 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 0>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %3 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %4 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT:  }
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

// collective_reduce: channel_handle's type comes back as 0; absent attributes
// and has_dynamic_root = false (VHLO's defaults) stay or become absent;
// has_dynamic_root = true comes back as upstream writes it, a unit attribute.
// CHECK-LABEL:  func.func @collective_reduce(%arg0: tensor<4xf32>, %arg1: tensor<2xbf16>, %arg2: tensor<2xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %3 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %3 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = "stablehlo.collective_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1], [2, -1]]> : tensor<2x2xi64>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %3 = stablehlo.multiply %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %3 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %2:2 = "stablehlo.collective_reduce"(%arg0, %arg1, %arg2) <{has_dynamic_root, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %3 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %3 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<2xbf16>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xf32>)
// CHECK-NEXT:    return %0, %1, %2#0, %2#1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
// CHECK-NEXT:  }
func.func @collective_reduce(%a: tensor<4xf32>, %b: tensor<2xbf16>, %roots: tensor<2xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, has_dynamic_root = false} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  %2:2 = "stablehlo.collective_reduce"(%a, %b, %roots) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<2xbf16>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xf32>)
  return %0, %1, %2#0, %2#1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}

// -----

// Replica groups by mesh axes (#vhlo.replica_group_mesh_axes_v1, 1.16.0 on) on
// the six collectives: a mesh named by a symbol (a declaration, a function
// holding a #stablehlo.mesh, which goes through VHLO as #vhlo.mesh_v1), inline
// with and without device_ids, of no axes; axes and sub-axes. Only the
// channel type changes, as above.
// CHECK-LABEL:  func.func private @mesh()
// CHECK-NEXT:  func.func private @held() attributes {stablehlo.mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>], device_ids=dense<[0, 4, 1, 5, 2, 6, 3, 7]> : tensor<8xi64>>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @mesh_axes(%arg0: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>}> : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %1 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>]>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %6 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %6 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %2 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>], device_ids=dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>, scatter_dimension = 0 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %6 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %6 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %3 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @held, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x">]>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %4 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[], device_ids=dense<0> : tensor<1xi64>>, axes = []>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %5 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %6 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %6 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT:  }
func.func private @mesh()
func.func private @held() attributes {stablehlo.mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>, <name = "y", size = 4>], device_ids = dense<[0, 4, 1, 5, 2, 6, 3, 7]> : tensor<8xi64>>} {
  return
}
func.func @mesh_axes(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  %1 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>]>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 4>], device_ids = dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>} : (tensor<4xf32>) -> tensor<2xf32>
  %3 = "stablehlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @held, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "stablehlo.collective_broadcast"(%a) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [], device_ids = dense<0> : tensor<1xi64>>, axes = []>} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// send and recv keep the channel type.
// CHECK-LABEL:  func.func @send_recv(%arg0: tensor<2xf32>, %arg1: !stablehlo.token) -> (!stablehlo.token, tensor<2xf32>, !stablehlo.token) {
// CHECK-NEXT:    %0 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    %1:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
// CHECK-NEXT:    return %0, %1#0, %1#1 : !stablehlo.token, tensor<2xf32>, !stablehlo.token
// CHECK-NEXT:  }
func.func @send_recv(%a: tensor<2xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 6, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0, %1#0, %1#1 : !stablehlo.token, tensor<2xf32>, !stablehlo.token
}

// -----

// Function attributes, visibility, calls, discardable attributes.
// CHECK-LABEL:  func.func private @decl(%arg0: tensor<2xf32> {jax.arg = "x"}) -> (tensor<2xf32> {jax.result_info = "out"}) {
// CHECK-NEXT:    return %arg0 : tensor<2xf32>
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @main(%arg0: tensor<2xf32> {mhlo.sharding = "{replicated}"}, %arg1: tensor<2xf32>) -> (tensor<2xf32> {jax.result_info = "r"}) attributes {mhlo.frontend_attributes = {x = "y"}} {
// CHECK-NEXT:    %0 = call @decl(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.add %0, %arg1 {bar = [1, 2], foo = 3 : i32, mhlo.sharding = "{replicated}"} : tensor<2xf32>
// CHECK-NEXT:    return %1 : tensor<2xf32>
// CHECK-NEXT:  }
func.func private @decl(%a: tensor<2xf32> {jax.arg = "x"}) -> (tensor<2xf32> {jax.result_info = "out"}) {
  return %a : tensor<2xf32>
}
func.func @main(%a: tensor<2xf32> {mhlo.sharding = "{replicated}"}, %b: tensor<2xf32>) -> (tensor<2xf32> {jax.result_info = "r"}) attributes {mhlo.frontend_attributes = {x = "y"}} {
  %0 = func.call @decl(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.add %0, %b {mhlo.sharding = "{replicated}", foo = 3 : i32, bar = [1, 2]} : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A named module with attributes; public visibility.
// CHECK:module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-LABEL:  func.func public @main(%arg0: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    return %arg0 : tensor<f32>
// CHECK-NEXT:  }
module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
}

// -----

// Quantized types, per tensor and per axis (u4 storage comes back as u4).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, %arg1: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {1.000000e-01:-1,2.000000e-01,3.000000e-01:1}>>, %arg2: tensor<2x!quant.uniform<u4:bf16, 2.000000e+00>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:  }
func.func @quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.1:-1, 0.2:0, 0.3:1}>>, %c: tensor<2x!quant.uniform<u4:bf16, 2.0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// CHECK-LABEL:  func.func @uniform_quantize(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i16:f32, 1.000000e-02:-5>>
// CHECK-NEXT:    %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i16:f32, 1.000000e-02:-5>>) -> tensor<2xf32>
// CHECK-NEXT:    return %1 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @uniform_quantize(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i16:f32, 1.0e-2:-5>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i16:f32, 1.0e-2:-5>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Bounded, dynamic and unranked tensors.
// CHECK-LABEL:  func.func @bounded(%arg0: tensor<?xf32, #stablehlo.bounds<8>>, %arg1: tensor<2x?xi32, #stablehlo.bounds<?, 4>>, %arg2: tensor<?x3xf32>, %arg3: tensor<*xf32>) -> tensor<?xf32, #stablehlo.bounds<8>> {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    return %0 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:  }
func.func @bounded(%a: tensor<?xf32, #stablehlo.bounds<8>>, %b: tensor<2x?xi32, #stablehlo.bounds<?, 4>>, %c: tensor<?x3xf32>, %d: tensor<*xf32>) -> tensor<?xf32, #stablehlo.bounds<8>> {
  %0 = stablehlo.abs %a : tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32, #stablehlo.bounds<8>>
}

// -----

// Tokens and tuples.
// CHECK-LABEL:  func.func @token_tuple(%arg0: tensor<2xf32>, %arg1: !stablehlo.token) -> (tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token) {
// CHECK-NEXT:    %0 = stablehlo.after_all %arg1, %arg1 : !stablehlo.token
// CHECK-NEXT:    %1 = stablehlo.tuple %arg0, %0 : tuple<tensor<2xf32>, !stablehlo.token>
// CHECK-NEXT:    %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
// CHECK-NEXT:    return %1, %2, %0 : tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token
// CHECK-NEXT:  }
func.func @token_tuple(%a: tensor<2xf32>, %t: !stablehlo.token) -> (tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token) {
  %0 = stablehlo.after_all %t, %t : !stablehlo.token
  %1 = stablehlo.tuple %a, %0 : tuple<tensor<2xf32>, !stablehlo.token>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  return %1, %2, %0 : tuple<tensor<2xf32>, !stablehlo.token>, tensor<2xf32>, !stablehlo.token
}

// -----

// CHECK-LABEL:  func.func @element_types(%arg0: tensor<bf16>, %arg1: tensor<f16>, %arg2: tensor<f8E4M3FN>, %arg3: tensor<f8E5M2>, %arg4: tensor<ui8>, %arg5: tensor<i4>, %arg6: tensor<ui64>, %arg7: tensor<f8E4M3>, %arg8: tensor<i2>, %arg9: tensor<f4E2M1FN>, %arg10: tensor<f8E8M0FNU>, %arg11: tensor<index>) {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a: tensor<bf16>, %b: tensor<f16>, %c: tensor<f8E4M3FN>, %d: tensor<f8E5M2>, %e: tensor<ui8>, %f: tensor<i4>, %g: tensor<ui64>, %h: tensor<f8E4M3>, %i: tensor<i2>, %j: tensor<f4E2M1FN>, %k: tensor<f8E8M0FNU>, %l: tensor<index>) {
  return
}

// -----

// CHECK-LABEL:  func.func @composite(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.composite "my.op" %arg0 {composite_attributes = {k = 1 : i32}, decomposition = @decomp, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func private @decomp(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    return %arg0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @composite(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.composite "my.op" %a {composite_attributes = {k = 1 : i32}, decomposition = @decomp, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @decomp(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

// -----

// Buffers (!vhlo.buffer_v1, 1.13.0 on): function arguments and results (any
// rank, dynamic), the special targets CreateBuffer, Pin and Unpin, a target
// updating an aliased buffer (a dictionary backend_config), tuples holding
// buffers and get_tuple_element, aliases into nested tuples.
// CHECK-LABEL:  func.func @buffers(%arg0: tensor<2xf32>, %arg1: memref<?x3xi8>, %arg2: memref<f64>, %arg3: !stablehlo.token) -> (tensor<2xf32>, memref<2xf32>, memref<?x3xi8>, tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2xf32>
// CHECK-NEXT:    %1 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Update(%1) {api_version = 4 : i32, backend_config = {k = 1 : i32}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %3 = stablehlo.tuple %2, %arg3 : tuple<memref<2xf32>, !stablehlo.token>
// CHECK-NEXT:    %4 = stablehlo.tuple %arg0, %3 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
// CHECK-NEXT:    %5 = stablehlo.get_tuple_element %3[0] : (tuple<memref<2xf32>, !stablehlo.token>) -> memref<2xf32>
// CHECK-NEXT:    %6 = stablehlo.custom_call @Unpin(%5) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %7 = stablehlo.custom_call @foo(%4) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 0]>]} : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
// CHECK-NEXT:    return %6, %0, %arg1, %7 : tensor<2xf32>, memref<2xf32>, memref<?x3xi8>, tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
// CHECK-NEXT:  }
func.func @buffers(%a: tensor<2xf32>, %b: memref<?x3xi8>, %c: memref<f64>, %t: !stablehlo.token) -> (tensor<2xf32>, memref<2xf32>, memref<?x3xi8>, tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) {
  %0 = "stablehlo.custom_call"() {call_target_name = "CreateBuffer", api_version = 4 : i32} : () -> memref<2xf32>
  %1 = "stablehlo.custom_call"(%a) {call_target_name = "Pin", api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %2 = stablehlo.custom_call @Update(%1) {api_version = 4 : i32, backend_config = {k = 1 : i32}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
  %3 = stablehlo.tuple %2, %t : tuple<memref<2xf32>, !stablehlo.token>
  %4 = stablehlo.tuple %a, %3 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
  %5 = stablehlo.get_tuple_element %3[0] : (tuple<memref<2xf32>, !stablehlo.token>) -> memref<2xf32>
  %6 = stablehlo.custom_call @Unpin(%5) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  %7 = stablehlo.custom_call @foo(%4) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 0]>]} : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
  return %6, %0, %b, %7 : tensor<2xf32>, memref<2xf32>, memref<?x3xi8>, tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
}

// -----

// A while loop carrying a buffer, which an aliased call updates.
// CHECK-LABEL:  func.func @buffer_loop(%arg0: tensor<i1>, %arg1: memref<2xf32>) -> memref<2xf32> {
// CHECK-NEXT:    %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i1>, memref<2xf32>
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.return %iterArg : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = stablehlo.custom_call @Update(%iterArg_0) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:      %2 = stablehlo.not %iterArg : tensor<i1>
// CHECK-NEXT:      stablehlo.return %2, %1 : tensor<i1>, memref<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#1 : memref<2xf32>
// CHECK-NEXT:  }
func.func @buffer_loop(%p: tensor<i1>, %b: memref<2xf32>) -> memref<2xf32> {
  %0:2 = stablehlo.while(%i = %p, %j = %b) : tensor<i1>, memref<2xf32>
   cond {
    stablehlo.return %i : tensor<i1>
  } do {
    %u = stablehlo.custom_call @Update(%j) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
    %n = stablehlo.not %i : tensor<i1>
    stablehlo.return %n, %u : tensor<i1>, memref<2xf32>
  }
  return %0#1 : memref<2xf32>
}
