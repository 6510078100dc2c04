// vhlo-to-version refuses what the target version cannot express: an op older
// than its first version, a newer version whose added attributes are not at
// their defaults, a variadic op with more operands than its older version
// takes, a type newer than the target; and targets that are no version or out
// of [0.9.0, 1.20.0]. Each refusal names the op (or type) and the target, at
// the op's location, then `failed to convert VHLO to v#.#.#` at the module's
// (line 0 of each part: `@-N` from its first lines). Upstream's pass (jaxlib,
// StableHLO 1.17) refuses the same programs at the same targets, with
// `failed to legalize operation '...' that was explicitly marked illegal` as
// its first message and the same second one: each refusal here starts with
// upstream's words, naming the op as it entered the conversion (the newest
// version, where the walk down started), so upstream's own expected-error lines
// hold, and then says why, naming the version that was refused; the messages about targets are upstream's word for word (one error for
// an out-of-range target).
// RUN: split-file %s %t
// RUN: stablehlo-opt %t/tan.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.3.0})'
// RUN: stablehlo-opt %t/collective_broadcast.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=0.15.0})'
// RUN: stablehlo-opt %t/dot_general_algorithm.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.5.0})'
// RUN: stablehlo-opt %t/exponential_accuracy.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.8.0})'
// RUN: stablehlo-opt %t/gather_batching.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.0.0})'
// RUN: stablehlo-opt %t/dynamic_root.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.19.0})'
// RUN: stablehlo-opt %t/collective_reduce.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.18.0})'
// RUN: stablehlo-opt %t/collective_reduce_patch.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.18.9})'
// RUN: stablehlo-opt %t/all_gather_two_operands.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.4.0})'
// RUN: stablehlo-opt %t/f8E4M3.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.6.0})'
// RUN: stablehlo-opt %t/i2.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.1.0})'
// RUN: stablehlo-opt %t/i2_constant.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.1.0})'
// RUN: stablehlo-opt %t/quant_per_axis.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=0.17.0})'
// Replica groups by mesh axes are in 1.16.0 on: the message names the first
// attribute of 1.16.0 met (inner ones first: the sub_axis_info, a mesh's axis).
// RUN: stablehlo-opt %t/mesh_axes_symbol.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.15.0})'
// RUN: stablehlo-opt %t/mesh_axes_sub_axis.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.15.0})'
// RUN: stablehlo-opt %t/mesh_axes_inline.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.15.9})'
// RUN: stablehlo-opt %t/mesh_held.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.15.0})'
// Buffers (!vhlo.buffer_v1) are in 1.13.0 on: in a function's signature (also
// inside a tuple, at a patch version of 1.12), or only in the ops' types
// (upstream's vhlo_to_version_downgrade_invalid.1_12_0.mlir refuses the first).
// RUN: stablehlo-opt %t/buffer_function.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.12.0})'
// RUN: stablehlo-opt %t/buffer_tuple_patch.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.12.9})'
// RUN: stablehlo-opt %t/buffer_custom_call.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.12.0})'
// A custom_call of futures is in 1.17.0 on (upstream's vhlo_to_version_downgrade_invalid.1_16_0.mlir).
// RUN: stablehlo-opt %t/custom_call_future.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.16.0})'
// Outer ops are refused first, as upstream's conversion visits them: a function
// whose signature the target lacks, not the op inside it.
// RUN: stablehlo-opt %t/future_signature.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.14.0})'
// A patch version names its minor version's opset, and the messages say so.
// RUN: stablehlo-opt %t/f8E4M3_patch.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.6.9})'
// Bad targets.
// RUN: stablehlo-opt %t/target_two_parts.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.2})'
// RUN: stablehlo-opt %t/target_word.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=current})'
// RUN: stablehlo-opt %t/target_empty.mlir --verify-diagnostics --stablehlo-legalize-to-vhlo --vhlo-to-version
// RUN: stablehlo-opt %t/target_too_old.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=0.4.0})'
// RUN: stablehlo-opt %t/target_too_new.mlir --verify-diagnostics --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.21.0})'
// vhlo-legalize-to-stablehlo takes only the current version of each op.
// RUN: stablehlo-opt %t/old_to_stablehlo.mlir --verify-diagnostics --vhlo-legalize-to-stablehlo

//--- tan.mlir
// expected-error @-1 {{failed to convert VHLO to v1.3.0}}
// tan exists from 1.4.0 (tan_v1); tan_v2 goes down to tan_v1, which is refused.
// Upstream's words name the op as it entered the conversion (tan_v2), ours the
// version the walk stopped at.
func.func @tan(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'vhlo.tan_v2' that was explicitly marked illegal: vhlo.tan_v1 is not in version 1.3.0 (it is in 1.4.0 to 1.9.0)}}
  %0 = stablehlo.tan %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- collective_broadcast.mlir
// expected-error @-1 {{failed to convert VHLO to v0.15.0}}
func.func @collective_broadcast(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'vhlo.collective_broadcast_v2' that was explicitly marked illegal: vhlo.collective_broadcast_v1 is not in version 0.15.0 (it is in 0.16.0 to 1.19.0)}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- dot_general_algorithm.mlir
// expected-error @-1 {{failed to convert VHLO to v1.5.0}}
// An algorithm needs dot_general_v2 (1.6.0); the first non-default field is named.
func.func @dot_general_algorithm(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{vhlo.dot_general_v2 with a non-default lhs_precision_type is not in version 1.5.0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

//--- exponential_accuracy.mlir
// expected-error @-1 {{failed to convert VHLO to v1.8.0}}
func.func @exponential_accuracy(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{vhlo.exponential_v2 with a non-default result_accuracy is not in version 1.8.0}}
  %0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- gather_batching.mlir
// expected-error @-1 {{failed to convert VHLO to v1.0.0}}
func.func @gather_batching(%op: tensor<2x3x4xf32>, %idx: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{vhlo.gather_v2 with a non-default operand_batching_dims is not in version 1.0.0}}
  %0 = "stablehlo.gather"(%op, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 4>} : (tensor<2x3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

//--- dynamic_root.mlir
// expected-error @-1 {{failed to convert VHLO to v1.19.0}}
func.func @dynamic_root(%a: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{vhlo.collective_broadcast_v2 with a non-default has_dynamic_root is not in version 1.19.0}}
  %0 = "stablehlo.collective_broadcast"(%a, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- collective_reduce.mlir
// expected-error @-1 {{failed to convert VHLO to v1.18.0}}
// collective_reduce_v1 is in 1.19.0 on; refused below, even with every attribute at its default.
func.func @collective_reduce(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{vhlo.collective_reduce_v1 is not in version 1.18.0 (it is in 1.19.0 to 1.20.0)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- collective_reduce_patch.mlir
// expected-error @-1 {{failed to convert VHLO to v1.18.0}}
func.func @collective_reduce(%a: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{vhlo.collective_reduce_v1 is not in version 1.18.0 (it is in 1.19.0 to 1.20.0)}}
  %0 = "stablehlo.collective_reduce"(%a, %roots) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- all_gather_two_operands.mlir
// expected-error @-1 {{failed to convert VHLO to v1.4.0}}
// all_gather_v1 takes one operand; the variadic form is all_gather_v2 (1.5.0).
func.func @all_gather_two_operands(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-error @+1 {{failed to legalize operation 'vhlo.all_gather_v2' that was explicitly marked illegal: vhlo.all_gather_v2 of 2 operands is not in version 1.4.0}}
  %0:2 = "stablehlo.all_gather"(%a, %b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}

//--- f8E4M3.mlir
// expected-error @-1 {{failed to convert VHLO to v1.6.0}}
// A type in a function's signature is reported at the function.
// expected-error @+1 {{type '!vhlo.f8E4M3_v1' of vhlo.func_v1 is not in version 1.6.0 (it is in 1.7.0 to 1.20.0)}}
func.func @f8E4M3(%a: tensor<2xf8E4M3>) -> tensor<2xf8E4M3> {
  return %a : tensor<2xf8E4M3>
}

//--- mesh_axes_symbol.mlir
// expected-error @-1 {{failed to convert VHLO to v1.15.0}}
// A mesh named by a symbol, no axes: the groups attribute itself is refused.
func.func private @mesh()
func.func @all_gather(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{attribute #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.string_v1<"mesh">, axes = #vhlo.array_v1<[]>> of vhlo.all_gather_v2 is not in version 1.15.0 (it is in 1.16.0 to 1.20.0)}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = []>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

//--- mesh_axes_sub_axis.mlir
// expected-error @-1 {{failed to convert VHLO to v1.15.0}}
func.func private @mesh()
func.func @all_gather(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{attribute #vhlo.sub_axis_info_v1<pre_size = 1, size = 2> of vhlo.all_gather_v2 is not in version 1.15.0 (it is in 1.16.0 to 1.20.0)}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

//--- mesh_axes_inline.mlir
// expected-error @-1 {{failed to convert VHLO to v1.15.0}}
// An inline mesh with device_ids, at a patch version of 1.15.
func.func @all_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute #vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4> of vhlo.all_reduce_v2 is not in version 1.15.0 (it is in 1.16.0 to 1.20.0)}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 4>], device_ids = dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//--- mesh_held.mlir
// expected-error @-1 {{failed to convert VHLO to v1.15.0}}
// A function holding a #stablehlo.mesh (a mesh for the groups to name).
// expected-error @+1 {{attribute #vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 2> of vhlo.func_v1 is not in version 1.15.0 (it is in 1.16.0 to 1.20.0)}}
func.func private @held() attributes {stablehlo.mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>}

//--- f8E4M3_patch.mlir
// expected-error @-1 {{failed to convert VHLO to v1.6.0}}
// expected-error @+1 {{type '!vhlo.f8E4M3_v1' of vhlo.func_v1 is not in version 1.6.0 (it is in 1.7.0 to 1.20.0)}}
func.func @f8E4M3(%a: tensor<2xf8E4M3>) -> tensor<2xf8E4M3> {
  return %a : tensor<2xf8E4M3>
}

//--- i2.mlir
// expected-error @-1 {{failed to convert VHLO to v1.1.0}}
// expected-error @+1 {{type '!vhlo.i2_v1' of vhlo.func_v1 is not in version 1.1.0 (it is in 1.2.0 to 1.20.0)}}
func.func @i2(%a: tensor<2xi2>) -> tensor<2xi2> {
  return %a : tensor<2xi2>
}

//--- i2_constant.mlir
// expected-error @-1 {{failed to convert VHLO to v1.1.0}}
// A type inside an op (here a constant's result and value) is reported at the op.
func.func @i2_constant(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{type '!vhlo.i2_v1' of vhlo.constant_v1 is not in version 1.1.0 (it is in 1.2.0 to 1.20.0)}}
  %c = stablehlo.constant dense<1> : tensor<2xi2>
  return %a : tensor<2xf32>
}

//--- quant_per_axis.mlir
// expected-error @-1 {{failed to convert VHLO to v0.17.0}}
// expected-error @+1 {{type '!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 1, [1.000000e-01, 2.000000e-01], [-1, 0], -128:127, 1>' of vhlo.func_v1 is not in version 0.17.0 (it is in 0.18.0 to 1.20.0)}}
func.func @quant_per_axis(%a: tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:0}>>) {
  return
}

//--- buffer_function.mlir
// expected-error @-1 {{failed to convert VHLO to v1.12.0}}
// expected-error @+1 {{type '!vhlo.buffer_v1<2x!vhlo.f32_v1>' of vhlo.func_v1 is not in version 1.12.0 (it is in 1.13.0 to 1.20.0)}}
func.func @type_buffer(%arg0: memref<2xf32>) -> memref<2xf32> {
  func.return %arg0 : memref<2xf32>
}

//--- buffer_tuple_patch.mlir
// expected-error @-1 {{failed to convert VHLO to v1.12.0}}
// expected-error @+1 {{type '!vhlo.buffer_v1<2x!vhlo.f32_v1>' of vhlo.func_v1 is not in version 1.12.0 (it is in 1.13.0 to 1.20.0)}}
func.func @buffer_in_tuple(%a: tuple<tensor<2xf32>, memref<2xf32>>) -> tuple<tensor<2xf32>, memref<2xf32>> {
  return %a : tuple<tensor<2xf32>, memref<2xf32>>
}

//--- buffer_custom_call.mlir
// expected-error @-1 {{failed to convert VHLO to v1.12.0}}
// No buffer in the signature: the first op with one is named.
func.func @pin_unpin(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{type '!vhlo.buffer_v1<2x!vhlo.f32_v1>' of vhlo.custom_call_v1 is not in version 1.12.0 (it is in 1.13.0 to 1.20.0)}}
  %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

//--- target_two_parts.mlir
// expected-error @-1 {{Invalid target version argument '1.2'}}
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

//--- target_word.mlir
// expected-error @-1 {{Invalid target version argument 'current'}}
// (Upstream 1.17 does not take `current` or `minimum` either.)
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

//--- target_empty.mlir
// expected-error @-1 {{No target version specified.}}
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

//--- target_too_old.mlir
// expected-error @-1 {{target version 0.4.0 is less than minimum supported 0.9.0}}
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

//--- target_too_new.mlir
// expected-error @-1 {{target version 1.21.0 is greater than current version 1.20.0}}
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

//--- old_to_stablehlo.mlir
vhlo.func_v1 @old(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
  // expected-error @+1 {{'vhlo.exponential_v1' is not the current version of the op}}
  %0 = "vhlo.exponential_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}

//--- future_signature.mlir
// expected-error @-1 {{failed to convert VHLO to v1.14.0}}
// expected-error @+1 {{failed to legalize operation 'vhlo.func_v1' that was explicitly marked illegal: type '!vhlo.future_v1<!vhlo.tensor_v1<3x!vhlo.i32_v1>>' of vhlo.func_v1 is not in version 1.14.0 (it is in 1.15.0 to 1.20.0)}}
func.func @await(%pending: !stablehlo.future<tensor<3xi32>>) -> tensor<3xi32> {
  %0 = "stablehlo.async_done"(%pending) : (!stablehlo.future<tensor<3xi32>>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

//--- custom_call_future.mlir
// expected-error @-1 {{failed to convert VHLO to v1.16.0}}
func.func @pass_on(%pending: !stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>> {
  // expected-error @+1 {{failed to legalize operation 'vhlo.custom_call_v2' that was explicitly marked illegal: vhlo.custom_call_v1 with a future operand is not in version 1.16.0 (it is from 1.17.0)}}
  %0 = "stablehlo.custom_call"(%pending) {call_target_name = "foo"} : (!stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>>
  return %0 : !stablehlo.future<tensor<f32>>
}
