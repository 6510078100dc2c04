// vhlo-to-version{target=#.#.#}: each op is moved up or down to its version at
// the target. Downgrades work where the newer version's added attributes hold
// their defaults (refusals: to_version_invalid.mlir); upgrades write those
// defaults. Each part below runs at the last target where the old version
// exists and at the first of the new one. Upstream's pass (jaxlib, StableHLO
// 1.17) gives the same ops for every target up to 1.17.0.
// RUN: split-file %s %t
//
// exponential_v2 (1.9.0) with the default result_accuracy -> exponential_v1.
// RUN: stablehlo-opt %t/exponential.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.8.0})' | FileCheck %t/exponential.mlir --check-prefix=AT-1-8 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/exponential.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.9.0})' | FileCheck %t/exponential.mlir --check-prefix=AT-1-9 --match-full-lines --strict-whitespace
// A patch version shares its minor version's opset.
// RUN: stablehlo-opt %t/exponential.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.8.7})' | FileCheck %t/exponential.mlir --check-prefix=AT-1-8 --match-full-lines --strict-whitespace
//
// tan exists from 1.4.0: tan_v1 up to 1.9.0, tan_v2 (result_accuracy) from 1.10.0.
// RUN: stablehlo-opt %t/tan.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.4.0})' | FileCheck %t/tan.mlir --check-prefix=AT-1-4 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/tan.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.9.0})' | FileCheck %t/tan.mlir --check-prefix=AT-1-4 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/tan.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.10.0})' | FileCheck %t/tan.mlir --check-prefix=AT-1-10 --match-full-lines --strict-whitespace
//
// custom_call_v2 (1.18.0) with result_tilings = [] -> custom_call_v1.
// RUN: stablehlo-opt %t/custom_call.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.17.0})' | FileCheck %t/custom_call.mlir --check-prefix=AT-1-17 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/custom_call.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.18.0})' | FileCheck %t/custom_call.mlir --check-prefix=AT-1-18 --match-full-lines --strict-whitespace
//
// all_gather_v2 (1.5.0, variadic) with one operand -> all_gather_v1.
// RUN: stablehlo-opt %t/all_gather.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.4.0})' | FileCheck %t/all_gather.mlir --check-prefix=AT-1-4 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/all_gather.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.5.0})' | FileCheck %t/all_gather.mlir --check-prefix=AT-1-5 --match-full-lines --strict-whitespace
//
// dot_general_v2 (1.6.0) without an algorithm -> dot_general_v1.
// RUN: stablehlo-opt %t/dot_general.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.5.0})' | FileCheck %t/dot_general.mlir --check-prefix=AT-1-5 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/dot_general.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.6.0})' | FileCheck %t/dot_general.mlir --check-prefix=AT-1-6 --match-full-lines --strict-whitespace
//
// gather_v2 and scatter_v2 (1.1.0) without batching dimensions -> v1.
// RUN: stablehlo-opt %t/gather_scatter.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.0.0})' | FileCheck %t/gather_scatter.mlir --check-prefix=AT-1-0 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/gather_scatter.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.1.0})' | FileCheck %t/gather_scatter.mlir --check-prefix=AT-1-1 --match-full-lines --strict-whitespace
//
// send_v2 and recv_v2 (1.12.0) without source_target_pairs -> v1.
// RUN: stablehlo-opt %t/send_recv.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.11.0})' | FileCheck %t/send_recv.mlir --check-prefix=AT-1-11 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/send_recv.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.12.0})' | FileCheck %t/send_recv.mlir --check-prefix=AT-1-12 --match-full-lines --strict-whitespace
//
// collective_broadcast_v2 (1.20.0) without has_dynamic_root -> v1.
// RUN: stablehlo-opt %t/collective_broadcast.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.19.0})' | FileCheck %t/collective_broadcast.mlir --check-prefix=AT-1-19 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/collective_broadcast.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.20.0})' | FileCheck %t/collective_broadcast.mlir --check-prefix=AT-1-20 --match-full-lines --strict-whitespace
//
// collective_reduce_v1 exists from 1.19.0 and is current: the same op at 1.19.0
// and 1.20.0, every attribute written (absent ones at their defaults: channel_id
// 0, use_global_device_ids and has_dynamic_root false); refused at 1.18.0
// (to_version_invalid.mlir).
// RUN: stablehlo-opt %t/collective_reduce.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.19.0})' | FileCheck %t/collective_reduce.mlir --check-prefix=AT-1-19 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/collective_reduce.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.20.0})' | FileCheck %t/collective_reduce.mlir --check-prefix=AT-1-19 --match-full-lines --strict-whitespace
// A patch version of 1.19 shares its opset.
// RUN: stablehlo-opt %t/collective_reduce.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.19.3})' | FileCheck %t/collective_reduce.mlir --check-prefix=AT-1-19 --match-full-lines --strict-whitespace
// And back to StableHLO from 1.19.0, the defaults dropped.
// RUN: stablehlo-opt %t/collective_reduce.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.19.0},vhlo-legalize-to-stablehlo)' | FileCheck %t/collective_reduce.mlir --check-prefix=BACK --match-full-lines --strict-whitespace
//
// Replica groups by mesh axes (#vhlo.replica_group_mesh_axes_v1 and its parts,
// 1.16.0 on): the same attributes at 1.16.0 and 1.17.0, for a mesh named by a
// symbol (a declaration, or one holding a #stablehlo.mesh, #vhlo.mesh_v1 in
// VHLO), or inline with device_ids and sub-axes; refused at 1.15.0
// (to_version_invalid.mlir). Down to 1.16.0 and up again, they come back.
// RUN: stablehlo-opt %t/mesh_axes.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.16.0})' | FileCheck %t/mesh_axes.mlir --check-prefix=AT-1-16 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/mesh_axes.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.17.0})' | FileCheck %t/mesh_axes.mlir --check-prefix=AT-1-16 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/mesh_axes.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.16.0},vhlo-to-version{target=1.20.0},vhlo-legalize-to-stablehlo)' | FileCheck %t/mesh_axes.mlir --check-prefix=BACK --match-full-lines --strict-whitespace
//
// Buffers (!vhlo.buffer_v1, 1.13.0 on): the same ops at 1.13.0 and 1.17.0
// (custom_call_v1), custom_call_v2 at 1.18.0; down to 1.13.0 and up again,
// the program comes back as written. Refused at 1.12.0 (to_version_invalid.mlir).
// RUN: stablehlo-opt %t/buffers.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.13.0})' | FileCheck %t/buffers.mlir --check-prefix=AT-1-13 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/buffers.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.17.0})' | FileCheck %t/buffers.mlir --check-prefix=AT-1-13 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/buffers.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.18.0})' | FileCheck %t/buffers.mlir --check-prefix=AT-1-18 --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/buffers.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.13.0},vhlo-to-version{target=1.20.0},vhlo-legalize-to-stablehlo)' | FileCheck %t/buffers.mlir --check-prefix=BACK --match-full-lines --strict-whitespace
//
// Types at the first version that has them.
// RUN: stablehlo-opt %t/types.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.8.0})' | FileCheck %t/types.mlir --check-prefix=AT-1-8 --match-full-lines --strict-whitespace
//
// Upgrades: VHLO of old versions, written directly, goes up to the current
// version with the added attributes at their defaults, then back to
// StableHLO (which only takes current versions).
// RUN: stablehlo-opt %t/upgrades.mlir --pass-pipeline='builtin.module(vhlo-to-version{target=1.20.0})' | FileCheck %t/upgrades.mlir --check-prefix=UP --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %t/upgrades.mlir --pass-pipeline='builtin.module(vhlo-to-version{target=1.20.0},vhlo-legalize-to-stablehlo)' | FileCheck %t/upgrades.mlir --check-prefix=BACK --match-full-lines --strict-whitespace
// Up to 1.17.0 (upstream's current version, same output as upstream's pass):
// custom_call_v1 stays.
// RUN: stablehlo-opt %t/upgrades.mlir --pass-pipeline='builtin.module(vhlo-to-version{target=1.17.0})' | FileCheck %t/upgrades.mlir --check-prefix=UP-1-17 --match-full-lines --strict-whitespace
// The current version's own ops are left alone at target 1.20.0.
// RUN: stablehlo-opt %t/exponential.mlir --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.20.0})' | FileCheck %t/exponential.mlir --check-prefix=AT-1-9 --match-full-lines --strict-whitespace

//--- exponential.mlir
// AT-1-8:  vhlo.func_v1 @exponential(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-8:    %0 = "vhlo.exponential_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-9:  vhlo.func_v1 @exponential(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-9:    %0 = "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
func.func @exponential(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.exponential %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- tan.mlir
// AT-1-4:  vhlo.func_v1 @tan(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-4:    %0 = "vhlo.tan_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-10:  vhlo.func_v1 @tan(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-10:    %0 = "vhlo.tan_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
func.func @tan(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.tan %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- custom_call.mlir
// AT-1-17:  vhlo.func_v1 @custom_call(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-17:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_STATUS_RETURNING>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-18:  vhlo.func_v1 @custom_call(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-18:    %0 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_STATUS_RETURNING>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
func.func @custom_call(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @foo(%a) {backend_config = "cfg", api_version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- all_gather.mlir
// AT-1-4:  vhlo.func_v1 @all_gather(%arg0: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.f32_v1>) {
// AT-1-4:    %0 = "vhlo.all_gather_v1"(%arg0) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<2 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<8x!vhlo.f32_v1>
// AT-1-5:  vhlo.func_v1 @all_gather(%arg0: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.f32_v1>) {
// AT-1-5:    %0 = "vhlo.all_gather_v2"(%arg0) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<2 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<8x!vhlo.f32_v1>
func.func @all_gather(%a: tensor<4xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

//--- dot_general.mlir
// AT-1-5:  vhlo.func_v1 @dot_general(%arg0: !vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>) {
// AT-1-5:    %0 = "vhlo.dot_general_v1"(%arg0, %arg1) <{lhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 HIGH>, #vhlo<precision_v1 HIGHEST>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>
// AT-1-6:  vhlo.func_v1 @dot_general(%arg0: !vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>) {
// AT-1-6:    %0 = "vhlo.dot_general_v2"(%arg0, %arg1) <{accumulation_type = #vhlo.type_v1<!vhlo.none_v1>, allow_imprecise_accumulation = #vhlo.type_v1<!vhlo.none_v1>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, lhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<2> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>, num_primitive_operations = #vhlo.type_v1<!vhlo.none_v1>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 HIGH>, #vhlo<precision_v1 HIGHEST>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>}> : (!vhlo.tensor_v1<2x3x4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x4x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x5x!vhlo.f32_v1>
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

//--- gather_scatter.mlir
// AT-1-0:  vhlo.func_v1 @gather_scatter(%arg0: !vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>, %arg2: !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<2x1x!vhlo.i32_v1>, %arg4: !vhlo.tensor_v1<2x4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x4x!vhlo.f32_v1>) {
// AT-1-0:    %0 = "vhlo.gather_v1"(%arg0, %arg1) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<2 : i64>, indices_are_sorted = #vhlo.bool_v1<true>, offset_dims = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2, 2]> : tensor<3xi64>>, start_index_map = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>}> : (!vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>) -> !vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>
// AT-1-0:    %1 = "vhlo.scatter_v1"(%arg2, %arg3, %arg4) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
// AT-1-1:  vhlo.func_v1 @gather_scatter(%arg0: !vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>, %arg2: !vhlo.tensor_v1<3x4x!vhlo.f32_v1>, %arg3: !vhlo.tensor_v1<2x1x!vhlo.i32_v1>, %arg4: !vhlo.tensor_v1<2x4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x4x!vhlo.f32_v1>) {
// AT-1-1:    %0 = "vhlo.gather_v2"(%arg0, %arg1) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<2 : i64>, indices_are_sorted = #vhlo.bool_v1<true>, offset_dims = #vhlo.tensor_v1<dense<[2, 3]> : tensor<2xi64>>, operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2, 2]> : tensor<3xi64>>, start_index_map = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>, start_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<3x4x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x3x2x!vhlo.i64_v1>) -> !vhlo.tensor_v1<2x3x2x2x!vhlo.f32_v1>
// AT-1-1:    %1 = "vhlo.scatter_v2"(%arg2, %arg3, %arg4) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, input_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
func.func @gather_scatter(%op: tensor<3x4x2xf32>, %idx: tensor<2x3x2xi64>, %s: tensor<3x4xf32>, %si: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> (tensor<2x3x2x2xf32>, tensor<3x4xf32>) {
  %0 = "stablehlo.gather"(%op, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = true} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  %1 = "stablehlo.scatter"(%s, %si, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0, %1 : tensor<2x3x2x2xf32>, tensor<3x4xf32>
}

//--- send_recv.mlir
// AT-1-11:  vhlo.func_v1 @send_recv(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.token_v1) -> (!vhlo.token_v1, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) {
// AT-1-11:    %0 = "vhlo.send_v1"(%arg0, %arg1) <{channel_id = #vhlo.integer_v1<5 : i64>, channel_type = #vhlo.integer_v1<2 : i64>, is_host_transfer = #vhlo.bool_v1<true>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.token_v1
// AT-1-11:    %1:2 = "vhlo.recv_v1"(%arg1) <{channel_id = #vhlo.integer_v1<6 : i64>, channel_type = #vhlo.integer_v1<3 : i64>, is_host_transfer = #vhlo.bool_v1<true>}> : (!vhlo.token_v1) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1)
// AT-1-12:  vhlo.func_v1 @send_recv(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.token_v1) -> (!vhlo.token_v1, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) {
// AT-1-12:    %0 = "vhlo.send_v2"(%arg0, %arg1) <{channel_id = #vhlo.integer_v1<5 : i64>, channel_type = #vhlo.integer_v1<2 : i64>, is_host_transfer = #vhlo.bool_v1<true>, source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.token_v1
// AT-1-12:    %1:2 = "vhlo.recv_v2"(%arg1) <{channel_id = #vhlo.integer_v1<6 : i64>, channel_type = #vhlo.integer_v1<3 : i64>, is_host_transfer = #vhlo.bool_v1<true>, source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.token_v1) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1)
func.func @send_recv(%a: tensor<2xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 6, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0, %1#0, %1#1 : !stablehlo.token, tensor<2xf32>, !stablehlo.token
}

//--- collective_broadcast.mlir
// AT-1-19:  vhlo.func_v1 @collective_broadcast(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-19:    %0 = "vhlo.collective_broadcast_v1"(%arg0) <{channel_id = #vhlo.integer_v1<1 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-20:  vhlo.func_v1 @collective_broadcast(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-20:    %0 = "vhlo.collective_broadcast_v2"(%arg0) <{channel_id = #vhlo.integer_v1<1 : i64>, has_dynamic_root = #vhlo.bool_v1<false>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
func.func @collective_broadcast(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- collective_reduce.mlir
// AT-1-19:  vhlo.func_v1 @collective_reduce(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<3x!vhlo.f16_v1>, %arg2: !vhlo.tensor_v1<2x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>) {
// AT-1-19-NEXT:    %0 = "vhlo.collective_reduce_v1"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, has_dynamic_root = #vhlo.bool_v1<false>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> ({
// AT-1-19-NEXT:    ^bb0(%arg3: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.f32_v1>):
// AT-1-19-NEXT:      %2 = "vhlo.add_v1"(%arg3, %arg4) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// AT-1-19-NEXT:      "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// AT-1-19-NEXT:    }) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-19-NEXT:    %1:2 = "vhlo.collective_reduce_v1"(%arg0, %arg1, %arg2) <{channel_id = #vhlo.integer_v1<3 : i64>, has_dynamic_root = #vhlo.bool_v1<true>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<true>}> ({
// AT-1-19-NEXT:    ^bb0(%arg3: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg4: !vhlo.tensor_v1<!vhlo.f32_v1>):
// AT-1-19-NEXT:      %2 = "vhlo.maximum_v1"(%arg3, %arg4) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// AT-1-19-NEXT:      "vhlo.return_v1"(%2) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// AT-1-19-NEXT:    }) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f16_v1>, !vhlo.tensor_v1<2x!vhlo.i32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<3x!vhlo.f32_v1>)
// BACK-LABEL:  func.func @collective_reduce(%arg0: tensor<2xf32>, %arg1: tensor<3xf16>, %arg2: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) {
// BACK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// BACK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// BACK-NEXT:      %2 = stablehlo.add %arg3, %arg4 : tensor<f32>
// BACK-NEXT:      stablehlo.return %2 : tensor<f32>
// BACK-NEXT:    }) : (tensor<2xf32>) -> tensor<2xf32>
// BACK-NEXT:    %1:2 = "stablehlo.collective_reduce"(%arg0, %arg1, %arg2) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 0>, has_dynamic_root, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>, use_global_device_ids}> ({
// BACK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// BACK-NEXT:      %2 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
// BACK-NEXT:      stablehlo.return %2 : tensor<f32>
// BACK-NEXT:    }) : (tensor<2xf32>, tensor<3xf16>, tensor<2xi32>) -> (tensor<2xf32>, tensor<3xf32>)
// BACK-NEXT:    return %0, %1#0, %1#1 : tensor<2xf32>, tensor<2xf32>, tensor<3xf32>
// BACK-NEXT:  }
func.func @collective_reduce(%a: tensor<2xf32>, %b: tensor<3xf16>, %roots: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = false} : (tensor<2xf32>) -> tensor<2xf32>
  %1:2 = "stablehlo.collective_reduce"(%a, %b, %roots) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids, has_dynamic_root = true} : (tensor<2xf32>, tensor<3xf16>, tensor<2xi32>) -> (tensor<2xf32>, tensor<3xf32>)
  return %0, %1#0, %1#1 : tensor<2xf32>, tensor<2xf32>, tensor<3xf32>
}

//--- mesh_axes.mlir
// AT-1-16:  vhlo.func_v1 @mesh() -> () {
// AT-1-16-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"private">}
// AT-1-16-NEXT:  vhlo.func_v1 @m2() -> () {
// AT-1-16-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, stablehlo.mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4>]>>, sym_visibility = #vhlo.string_v1<"private">}
// AT-1-16-NEXT:  vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<8x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) {
// AT-1-16-NEXT:    %0 = "vhlo.all_gather_v2"(%arg0) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.string_v1<"mesh">, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">>]>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<8x!vhlo.f32_v1>
// AT-1-16-NEXT:    %1 = "vhlo.all_reduce_v2"(%arg0) <{channel_id = #vhlo.integer_v1<1 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 2>, #vhlo.mesh_axis_v1<name = #vhlo.string_v1<"y">, size = 2>]>>, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"y">>]>>, use_global_device_ids = #vhlo.bool_v1<true>}> ({
// AT-1-16-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// AT-1-16-NEXT:      %5 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// AT-1-16-NEXT:      "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// AT-1-16-NEXT:    }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// AT-1-16-NEXT:    %2 = "vhlo.reduce_scatter_v1"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4>]>, device_ids = #vhlo.tensor_v1<dense<[3, 2, 1, 0]> : tensor<4xi64>>>, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 2, size = 2>>]>>, scatter_dimension = #vhlo.integer_v1<0 : i64>, use_global_device_ids = #vhlo.bool_v1<false>}> ({
// AT-1-16-NEXT:    ^bb0(%arg1: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<!vhlo.f32_v1>):
// AT-1-16-NEXT:      %5 = "vhlo.add_v1"(%arg1, %arg2) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
// AT-1-16-NEXT:      "vhlo.return_v1"(%5) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// AT-1-16-NEXT:    }) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-16-NEXT:    %3 = "vhlo.all_to_all_v2"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, concat_dimension = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.string_v1<"m2">, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 1, size = 2>>]>>, split_count = #vhlo.integer_v1<2 : i64>, split_dimension = #vhlo.integer_v1<0 : i64>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// AT-1-16-NEXT:    %4 = "vhlo.collective_broadcast_v1"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.string_v1<"mesh">, axes = #vhlo.array_v1<[]>>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// AT-1-16-NEXT:    "vhlo.return_v1"(%0, %1, %2, %3, %4) : (!vhlo.tensor_v1<8x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()
// AT-1-16-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// BACK:  func.func private @mesh()
// BACK-NEXT:  func.func private @m2() attributes {stablehlo.mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>]>}
// BACK-NEXT:  func.func @main(%arg0: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>) {
// BACK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>}> : (tensor<4xf32>) -> tensor<8xf32>
// BACK-NEXT:    %1 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "y">]>, use_global_device_ids}> ({
// BACK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// BACK-NEXT:      %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
// BACK-NEXT:      stablehlo.return %5 : tensor<f32>
// BACK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// BACK-NEXT:    %2 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>], device_ids=dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>, scatter_dimension = 0 : i64}> ({
// BACK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// BACK-NEXT:      %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
// BACK-NEXT:      stablehlo.return %5 : tensor<f32>
// BACK-NEXT:    }) : (tensor<4xf32>) -> tensor<2xf32>
// BACK-NEXT:    %3 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @m2, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
// BACK-NEXT:    %4 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = []>}> : (tensor<4xf32>) -> tensor<4xf32>
// BACK-NEXT:    return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>
// BACK-NEXT:  }
func.func private @mesh()
func.func private @m2() attributes {stablehlo.mesh = #stablehlo.mesh<axes = [<name = "x", size = 4>]>}
func.func @main(%a: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  %1 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "y">]>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>], device_ids=dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>} : (tensor<4xf32>) -> tensor<2xf32>
  %3 = "stablehlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @m2, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "stablehlo.collective_broadcast"(%a) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = []>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>
}

//--- buffers.mlir
// Buffers: !vhlo.buffer_v1 from 1.13.0 (upstream's type_buffer_function_input_output and
// type_buffer_special_custom_calls, then a buffer made by CreateBuffer, carried by while,
// updated through an alias and put in a tuple); custom_call_v1 up to 1.17.0, custom_call_v2
// from 1.18.0. Refused at 1.12.0: to_version_invalid.mlir.
// AT-1-13-LABEL:  vhlo.func_v1 @type_buffer_function_input_output(%arg0: !vhlo.buffer_v1<2x!vhlo.f32_v1>) -> (!vhlo.buffer_v1<2x!vhlo.f32_v1>) {
// AT-1-13-NEXT:    "vhlo.return_v1"(%arg0) : (!vhlo.buffer_v1<2x!vhlo.f32_v1>) -> ()
// AT-1-13-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// AT-1-13-LABEL:  vhlo.func_v1 @type_buffer_special_custom_calls(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-13-NEXT:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Pin">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.buffer_v1<2x!vhlo.f32_v1>
// AT-1-13-NEXT:    %1 = "vhlo.custom_call_v1"(%0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Unpin">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.buffer_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-13-NEXT:    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// AT-1-13-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// AT-1-13-LABEL:  vhlo.func_v1 @buffer_carried(%arg0: !vhlo.tensor_v1<!vhlo.bool_v1>, %arg1: !vhlo.token_v1) -> (!vhlo.tuple_v1<!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>, !vhlo.token_v1>) {
// AT-1-13-NEXT:    %0 = "vhlo.custom_call_v1"() <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"CreateBuffer">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : () -> !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>
// AT-1-13-NEXT:    %1:2 = "vhlo.while_v1"(%arg0, %0) ({
// AT-1-13-NEXT:    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.bool_v1>, %arg3: !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>):
// AT-1-13-NEXT:      "vhlo.return_v1"(%arg2) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
// AT-1-13-NEXT:    }, {
// AT-1-13-NEXT:    ^bb0(%arg2: !vhlo.tensor_v1<!vhlo.bool_v1>, %arg3: !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>):
// AT-1-13-NEXT:      %3 = "vhlo.custom_call_v1"(%arg3) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Update">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = []>]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>) -> !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>
// AT-1-13-NEXT:      "vhlo.return_v1"(%arg2, %3) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>) -> ()
// AT-1-13-NEXT:    }) : (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>) -> (!vhlo.tensor_v1<!vhlo.bool_v1>, !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>)
// AT-1-13-NEXT:    %2 = "vhlo.tuple_v1"(%1#1, %arg1) : (!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>, !vhlo.token_v1) -> !vhlo.tuple_v1<!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>, !vhlo.token_v1>
// AT-1-13-NEXT:    "vhlo.return_v1"(%2) : (!vhlo.tuple_v1<!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>, !vhlo.token_v1>) -> ()
// AT-1-13-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// AT-1-13-NEXT:}
// AT-1-18:  vhlo.func_v1 @type_buffer_special_custom_calls(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// AT-1-18:    %0 = "vhlo.custom_call_v2"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Pin">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.buffer_v1<2x!vhlo.f32_v1>
// AT-1-18:    %1 = "vhlo.custom_call_v2"(%0) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Unpin">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.buffer_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// AT-1-18:    %0 = "vhlo.custom_call_v2"() <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"CreateBuffer">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : () -> !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>
// AT-1-18:      %3 = "vhlo.custom_call_v2"(%arg3) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{}>, call_target_name = #vhlo.string_v1<"Update">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = []>]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.buffer_v1<2x3x!vhlo.bf16_v1>) -> !vhlo.buffer_v1<2x3x!vhlo.bf16_v1>
// BACK-LABEL:  func.func @type_buffer_function_input_output(%arg0: memref<2xf32>) -> memref<2xf32> {
// BACK-NEXT:    return %arg0 : memref<2xf32>
// BACK-NEXT:  }
// BACK-LABEL:  func.func @type_buffer_special_custom_calls(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// BACK-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// BACK-NEXT:    %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// BACK-NEXT:    return %1 : tensor<2xf32>
// BACK-NEXT:  }
// BACK-LABEL:  func.func @buffer_carried(%arg0: tensor<i1>, %arg1: !stablehlo.token) -> tuple<memref<2x3xbf16>, !stablehlo.token> {
// BACK-NEXT:    %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2x3xbf16>
// BACK-NEXT:    %1:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<i1>, memref<2x3xbf16>
// BACK-NEXT:    cond {
// BACK-NEXT:      stablehlo.return %iterArg : tensor<i1>
// BACK-NEXT:    } do {
// BACK-NEXT:      %3 = stablehlo.custom_call @Update(%iterArg_0) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2x3xbf16>) -> memref<2x3xbf16>
// BACK-NEXT:      stablehlo.return %iterArg, %3 : tensor<i1>, memref<2x3xbf16>
// BACK-NEXT:    }
// BACK-NEXT:    %2 = stablehlo.tuple %1#1, %arg1 : tuple<memref<2x3xbf16>, !stablehlo.token>
// BACK-NEXT:    return %2 : tuple<memref<2x3xbf16>, !stablehlo.token>
// BACK-NEXT:  }
// BACK-NEXT:}
func.func @type_buffer_function_input_output(%arg0: memref<2xf32>) -> memref<2xf32> {
  func.return %arg0 : memref<2xf32>
}
func.func @type_buffer_special_custom_calls(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.custom_call"(%arg0) {
    call_target_name = "Pin",
    api_version = 4 : i32
  } : (tensor<2xf32>) -> memref<2xf32>
  %1 = "stablehlo.custom_call"(%0) {
    call_target_name = "Unpin",
    api_version = 4 : i32
  } : (memref<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
func.func @buffer_carried(%p: tensor<i1>, %t: !stablehlo.token) -> tuple<memref<2x3xbf16>, !stablehlo.token> {
  %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2x3xbf16>
  %1:2 = stablehlo.while(%i = %p, %j = %0) : tensor<i1>, memref<2x3xbf16>
   cond {
    stablehlo.return %i : tensor<i1>
  } do {
    %u = stablehlo.custom_call @Update(%j) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2x3xbf16>) -> memref<2x3xbf16>
    stablehlo.return %i, %u : tensor<i1>, memref<2x3xbf16>
  }
  %2 = stablehlo.tuple %1#1, %t : tuple<memref<2x3xbf16>, !stablehlo.token>
  return %2 : tuple<memref<2x3xbf16>, !stablehlo.token>
}

//--- types.mlir
// f8E4M3 and f8E3M4 are in 1.7.0, f4E2M1FN, f6E2M3FN, f6E3M2FN and f8E8M0FNU in 1.8.0, i2 and ui2 in 1.2.0.
// AT-1-8:  vhlo.func_v1 @types(%arg0: !vhlo.tensor_v1<2x!vhlo.f8E4M3_v1>, %arg1: !vhlo.tensor_v1<2x!vhlo.f8E3M4_v1>, %arg2: !vhlo.tensor_v1<2x!vhlo.f4E2M1FN_v1>, %arg3: !vhlo.tensor_v1<2x!vhlo.f6E2M3FN_v1>, %arg4: !vhlo.tensor_v1<2x!vhlo.f6E3M2FN_v1>, %arg5: !vhlo.tensor_v1<2x!vhlo.f8E8M0FNU_v1>, %arg6: !vhlo.tensor_v1<2x!vhlo.i2_v1>, %arg7: !vhlo.tensor_v1<2x!vhlo.ui2_v1>) -> () {
func.func @types(%a: tensor<2xf8E4M3>, %b: tensor<2xf8E3M4>, %c: tensor<2xf4E2M1FN>, %d: tensor<2xf6E2M3FN>, %e: tensor<2xf6E3M2FN>, %f: tensor<2xf8E8M0FNU>, %g: tensor<2xi2>, %h: tensor<2xui2>) {
  return
}

//--- upgrades.mlir
// UP-LABEL:  vhlo.func_v1 @upgrades(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<1x1x!vhlo.i32_v1>, %arg3: !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, %arg4: !vhlo.token_v1) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.token_v1) {
// UP-NEXT:    %0 = "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// UP-NEXT:    %1 = "vhlo.tan_v2"(%0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// UP-NEXT:    %2 = "vhlo.custom_call_v2"(%1) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// UP-NEXT:    %3 = "vhlo.all_gather_v2"(%2) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<2 : i64>, replica_groups = #vhlo.tensor_v1<dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
// UP-NEXT:    %4 = "vhlo.dot_general_v2"(%arg1, %arg1) <{accumulation_type = #vhlo.type_v1<!vhlo.none_v1>, allow_imprecise_accumulation = #vhlo.type_v1<!vhlo.none_v1>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, lhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>, num_primitive_operations = #vhlo.type_v1<!vhlo.none_v1>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, rhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.none_v1>}> : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.f32_v1>
// UP-NEXT:    %5 = "vhlo.gather_v2"(%arg1, %arg2) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, offset_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, start_index_map = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, start_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x1x!vhlo.i32_v1>) -> !vhlo.tensor_v1<1x2x!vhlo.f32_v1>
// UP-NEXT:    %6 = "vhlo.scatter_v2"(%arg1, %arg2, %arg3) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, input_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_indices_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
// UP-NEXT:    ^bb0(%arg5: !vhlo.tensor_v1<!vhlo.f32_v1>, %arg6: !vhlo.tensor_v1<!vhlo.f32_v1>):
// UP-NEXT:      "vhlo.return_v1"(%arg6) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
// UP-NEXT:    }) : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x1x!vhlo.i32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.f32_v1>
// UP-NEXT:    %7 = "vhlo.send_v2"(%arg0, %arg4) <{channel_id = #vhlo.integer_v1<5 : i64>, channel_type = #vhlo.integer_v1<2 : i64>, is_host_transfer = #vhlo.bool_v1<true>, source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.token_v1
// UP-NEXT:    "vhlo.return_v1"(%2, %3, %4, %5, %6, %7) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.token_v1) -> ()
// UP-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// UP-1-17:    %2 = "vhlo.custom_call_v1"(%1) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// BACK-LABEL:  func.func @upgrades(%arg0: tensor<2xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<1x1xi32>, %arg3: tensor<1x2xf32>, %arg4: !stablehlo.token) -> (tensor<2xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>, !stablehlo.token) {
// BACK-NEXT:    %0 = stablehlo.exponential %arg0 : tensor<2xf32>
// BACK-NEXT:    %1 = stablehlo.tan %0 : tensor<2xf32>
// BACK-NEXT:    %2 = stablehlo.custom_call @foo(%1) {backend_config = "cfg"} : (tensor<2xf32>) -> tensor<2xf32>
// BACK-NEXT:    %3 = "stablehlo.all_gather"(%2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>) -> tensor<4xf32>
// BACK-NEXT:    %4 = stablehlo.dot_general %arg1, %arg1, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// BACK-NEXT:    %5 = "stablehlo.gather"(%arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<2x2xf32>, tensor<1x1xi32>) -> tensor<1x2xf32>
// BACK-NEXT:    %6 = "stablehlo.scatter"(%arg1, %arg2, %arg3) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// BACK-NEXT:    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
// BACK-NEXT:      stablehlo.return %arg6 : tensor<f32>
// BACK-NEXT:    }) : (tensor<2x2xf32>, tensor<1x1xi32>, tensor<1x2xf32>) -> tensor<2x2xf32>
// BACK-NEXT:    %7 = "stablehlo.send"(%arg0, %arg4) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
// BACK-NEXT:    return %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>, !stablehlo.token
// BACK-NEXT:  }
vhlo.func_v1 @upgrades(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, %arg2: !vhlo.tensor_v1<1x1x!vhlo.i32_v1>, %arg3: !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, %arg4: !vhlo.token_v1) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.token_v1) {
  %0 = "vhlo.exponential_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  %1 = "vhlo.tan_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  %2 = "vhlo.custom_call_v1"(%1) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  %3 = "vhlo.all_gather_v1"(%2) <{all_gather_dim = #vhlo.integer_v1<0 : i64>, channel_id = #vhlo.integer_v1<2 : i64>, replica_groups = #vhlo.tensor_v1<dense<[[0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>
  %4 = "vhlo.dot_general_v1"(%arg1, %arg1) <{lhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.f32_v1>
  %5 = "vhlo.gather_v1"(%arg1, %arg2) <{collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, offset_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, slice_sizes = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>, start_index_map = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}> : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x1x!vhlo.i32_v1>) -> !vhlo.tensor_v1<1x2x!vhlo.f32_v1>
  %6 = "vhlo.scatter_v1"(%arg1, %arg2, %arg3) <{index_vector_dim = #vhlo.integer_v1<1 : i64>, indices_are_sorted = #vhlo.bool_v1<false>, inserted_window_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, scatter_dims_to_operand_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, unique_indices = #vhlo.bool_v1<false>, update_window_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>}> ({
  ^bb0(%a: !vhlo.tensor_v1<!vhlo.f32_v1>, %b: !vhlo.tensor_v1<!vhlo.f32_v1>):
    "vhlo.return_v1"(%b) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x1x!vhlo.i32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x2x!vhlo.f32_v1>
  %7 = "vhlo.send_v1"(%arg0, %arg4) <{channel_id = #vhlo.integer_v1<5 : i64>, channel_type = #vhlo.integer_v1<2 : i64>, is_host_transfer = #vhlo.bool_v1<true>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.token_v1
  "vhlo.return_v1"(%2, %3, %4, %5, %6, %7) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.tensor_v1<1x2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x2x!vhlo.f32_v1>, !vhlo.token_v1) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
