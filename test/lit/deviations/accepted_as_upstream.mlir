// Programs the spec rejects but upstream StableHLO accepts, and producers emit:
// they verify silently, as upstream's stablehlo-opt verifies them (so upstream's
// --verify-diagnostics tests see the same diagnostics), with a warning that
// cites the constraint under --warn-spec-deviations, and fail to verify under
// --strict-spec (docs/decisions.md, "Accepting what upstream accepts").
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// SILENT-NOT: warning
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// compare C3: SIGNED on floats (compare_type follows the element type in the spec).
// WARN: warning: 'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32'
func.func @compare_signed_float(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// compare C3: TOTALORDER on quantized operands (their storage type is an integer).
// WARN: warning: 'stablehlo.compare' op C3: compare_type TOTALORDER is not allowed for element type 'i8'
// STRICT: error: 'stablehlo.compare' op C3: compare_type TOTALORDER is not allowed for element type 'i8'
func.func @compare_totalorder_quantized(%a: tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %a, TOTALORDER : (tensor<4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// compare C3: the other mismatches upstream accepts alike.
// WARN: warning: 'stablehlo.compare' op C3: compare_type UNSIGNED is not allowed for element type 'i32'
// WARN: warning: 'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'ui32'
// WARN: warning: 'stablehlo.compare' op C3: compare_type TOTALORDER is not allowed for element type 'complex<f32>'
// STRICT: error: 'stablehlo.compare' op C3: compare_type UNSIGNED is not allowed for element type 'i32'
func.func @compare_others(%i: tensor<2xi32>, %u: tensor<2xui32>, %c: tensor<2xcomplex<f32>>) {
  %0 = stablehlo.compare LT, %i, %i, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %1 = stablehlo.compare LT, %u, %u, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  %2 = stablehlo.compare EQ, %c, %c, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return
}

// -----

// chlo.broadcast_compare C5, as compare's C3.
// WARN: warning: 'chlo.broadcast_compare' op C5: compare_type SIGNED is not allowed for element type 'f32'
// STRICT: error: 'chlo.broadcast_compare' op C5: compare_type SIGNED is not allowed for element type 'f32'
func.func @broadcast_compare_signed_float(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// rng_bit_generator I2: a state that is not a 1-dimensional tensor of ui64.
// WARN: warning: 'stablehlo.rng_bit_generator' op I2: initial_state must be a 1-dimensional tensor of ui64, got 'tensor<2xf32>'
// STRICT: error: 'stablehlo.rng_bit_generator' op I2: initial_state must be a 1-dimensional tensor of ui64, got 'tensor<2xf32>'
func.func @rng_bit_generator_float_state(%s: tensor<2xf32>) -> (tensor<2xf32>, tensor<4xui32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xf32>) -> (tensor<2xf32>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<4xui32>
}

// -----

// rng_bit_generator C2: state sizes, which upstream does not check.
// WARN: warning: 'stablehlo.rng_bit_generator' op C2: THREE_FRY needs an initial_state of 2 elements, got 'tensor<3xui64>'
// WARN: warning: 'stablehlo.rng_bit_generator' op C2: PHILOX needs an initial_state of 2 or 3 elements, got 'tensor<4xui64>'
// STRICT: error: 'stablehlo.rng_bit_generator' op C2: THREE_FRY needs an initial_state of 2 elements, got 'tensor<3xui64>'
func.func @rng_bit_generator_state_size(%s: tensor<3xui64>, %t: tensor<4xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  %1:2 = stablehlo.rng_bit_generator %t, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

// rng I3: a shape of index (or other integer) elements instead of si64.
// WARN: warning: 'stablehlo.rng' op I3: shape must be a tensor of si64, got 'tensor<2xindex>'
// STRICT: error: 'stablehlo.rng' op I3: shape must be a tensor of si64, got 'tensor<2xindex>'
func.func @rng_index_shape(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// all_gather C6: a result dimension that is a multiple of the operand's, but not
// dim(operand) * dim(process_groups, 1).
// WARN: warning: 'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x4xf32>' must be dim(operand, 1) * dim(process_groups, 1) = 2 * 1 = 2
// WARN: warning: 'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x6xf32>' must be dim(operand, 1) * dim(replica_groups, 1) * num_partitions, a positive multiple of 2 * 2 = 4
// STRICT: error: 'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x4xf32>' must be dim(operand, 1) * dim(process_groups, 1) = 2 * 1 = 2
func.func @all_gather_multiple(%a: tensor<2x2xf32>) {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

// rng_bit_generator C1: the states' element types differ (upstream checks their
// shapes only).
// WARN: warning: 'stablehlo.rng_bit_generator' op C1: output_state must have the type of initial_state, 'tensor<2xui32>', got 'tensor<2xui64>'
// STRICT: error: 'stablehlo.rng_bit_generator' op C1: output_state must have the type of initial_state, 'tensor<2xui32>', got 'tensor<2xui64>'
func.func @rng_bit_generator_state_types(%s: tensor<2xui32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui32>) -> (tensor<2xui64>, tensor<4xui32>)
  return
}

// -----

// async_start C2: a collective_reduce body (upstream takes it; the spec's list
// of the body's ops lacks it).
// WARN: warning: 'stablehlo.async_start' op C2: the body's op must be one the spec lists; collective_reduce is not among them (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.async_start' op C2: the body's op must be one the spec lists; collective_reduce is not among them
func.func @async_start_collective_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// custom_call, the spec's "Alias": a buffer is in at most one alias pair.
// Upstream's verifier reports a second pair, then accepts the program.
// Other targets: a buffer output is in one alias, not two.
// WARN: warning: 'stablehlo.custom_call' op Alias: buffer output [] is used in output_operand_alias more than once (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.custom_call' op Alias: buffer output [] is used in output_operand_alias more than once
func.func @output_aliased_twice(%a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  %0 = stablehlo.custom_call @foo(%a, %b) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (memref<2xf32>, memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// The same, inside a nested tuple result.
// WARN: warning: 'stablehlo.custom_call' op Alias: buffer output [1, 1] is used in output_operand_alias more than once (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.custom_call' op Alias: buffer output [1, 1] is used in output_operand_alias more than once
func.func @nested_output_aliased_twice(%a: memref<2xf32>, %b: memref<2xf32>) -> tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>> {
  %0 = stablehlo.custom_call @foo(%a, %b) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 1], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1, 1], operand_index = 1, operand_tuple_indices = []>]} : (memref<2xf32>, memref<2xf32>) -> tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>>
  return %0 : tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>>
}

// -----

// A buffer operand is in at most one alias.
// WARN: warning: 'stablehlo.custom_call' op Alias: buffer operand 0[] is used in output_operand_alias more than once (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.custom_call' op Alias: buffer operand 0[] is used in output_operand_alias more than once
func.func @operand_aliased_twice(%a: memref<2xf32>) -> memref<2xf32> {
  %0:2 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> (memref<2xf32>, memref<2xf32>)
  return %0#0 : memref<2xf32>
}

// -----

// The same, inside a nested tuple operand.
// WARN: warning: 'stablehlo.custom_call' op Alias: buffer operand 1[1, 1] is used in output_operand_alias more than once (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.custom_call' op Alias: buffer operand 1[1, 1] is used in output_operand_alias more than once
func.func @nested_operand_aliased_twice(%t: tensor<2xf32>, %a: tuple<tensor<2xf32>, tuple<tensor<2xf32>, memref<2xf32>>>) -> memref<2xf32> {
  %0:2 = stablehlo.custom_call @foo(%t, %a) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = [1, 1]>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = [1, 1]>]} : (tensor<2xf32>, tuple<tensor<2xf32>, tuple<tensor<2xf32>, memref<2xf32>>>) -> (memref<2xf32>, memref<2xf32>)
  return %0#0 : memref<2xf32>
}

// -----

// dot_general C11: one precision_config entry (upstream accepts up to two; more is an error).
// WARN: warning: 'stablehlo.dot_general' op C11: precision_config must have 2 entries, got 1 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dot_general' op C11: precision_config must have 2 entries, got 1
func.func @dot_general_one_precision(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// convolution C24: one precision_config entry (upstream accepts up to two; more is an error).
// WARN: warning: 'stablehlo.convolution' op C24: precision_config must have 2 entries, got 1 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.convolution' op C24: precision_config must have 2 entries, got 1
func.func @convolution_one_precision(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// dynamic_conv C24: one precision_config entry, as convolution's.
// WARN: warning: 'stablehlo.dynamic_conv' op C24: precision_config must have 2 entries, got 1 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_conv' op C24: precision_config must have 2 entries, got 1
func.func @dynamic_conv_one_precision(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %padding = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
