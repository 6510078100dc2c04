// Programs of the collectives and of send/recv that the spec (or, for send's
// and recv's source_target_pairs, the rules we give them) rejects but upstream
// StableHLO's verifier accepts: they verify with a warning that cites the
// constraint and fail under --strict-spec (docs/decisions.md, "Accepting what
// upstream accepts"). XLA runs none of them; the interpreter (and so the
// compiled backend, whose collectives are runtime calls) refuses each with an
// error naming the op (test/python/deviations/test_spec_deviations_collectives.py).
// What upstream rejects too stays an error (test/lit/ops/*_invalid.mlir).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// all_gather C5: use_global_device_ids needs channel_id > 0; upstream rejects
// only a negative channel_id.
// WARN: warning: 'stablehlo.all_gather' op C5: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.all_gather' op C5: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0
func.func @all_gather_c5(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The same with an explicit channel_handle of handle 0.
// WARN: warning: 'stablehlo.all_gather' op C5: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0 (accepted
// STRICT: error: 'stablehlo.all_gather' op C5: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0
func.func @all_gather_c5_handle_0(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// all_reduce C2: with use_global_device_ids, size(replica_groups) =
// num_processes >= 1; upstream rejects only groups without entries, not rows
// of -1 padding alone.
// WARN: warning: 'stablehlo.all_reduce' op C2: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.all_reduce' op C2: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none
func.func @all_reduce_c2(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<-1> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_scatter C1: dim(operand, scatter_dimension) is a multiple of
// dim(process_groups, 1); upstream asks only that the result's size divide
// the operand's (3 % 1 = 0).
// WARN: warning: 'stablehlo.reduce_scatter' op C1: dim(operand, 1) = 3 must be a multiple of dim(process_groups, 1) = 2 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce_scatter' op C1: dim(operand, 1) = 3 must be a multiple of dim(process_groups, 1) = 2
func.func @reduce_scatter_c1(%a: tensor<2x3xf32>) -> tensor<2x1xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// reduce_scatter C1 under cross_replica_and_partition (only the factor
// dim(replica_groups, 1) is known).
// WARN: warning: 'stablehlo.reduce_scatter' op C1: dim(operand, 1) = 3 must be a multiple of dim(replica_groups, 1) = 2 (accepted
// STRICT: error: 'stablehlo.reduce_scatter' op C1: dim(operand, 1) = 3 must be a multiple of dim(replica_groups, 1) = 2
func.func @reduce_scatter_c1_partitions(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reduce_scatter C8: dim(result, scatter_dimension) =
// dim(operand, scatter_dimension) / dim(process_groups, 1); upstream takes any
// nonzero divisor.
// WARN: warning: 'stablehlo.reduce_scatter' op C8: dimension 1 of result 'tensor<2x1xf32>' must be dim(operand, 1) / dim(process_groups, 1) = 4 / 2 = 2 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.reduce_scatter' op C8: dimension 1 of result 'tensor<2x1xf32>' must be dim(operand, 1) / dim(process_groups, 1) = 4 / 2 = 2
func.func @reduce_scatter_c8(%a: tensor<2x4xf32>) -> tensor<2x1xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// reduce_scatter C8 under cross_replica_and_partition: 4 / (2 *
// num_partitions) is never 4, but upstream takes it.
// WARN: warning: 'stablehlo.reduce_scatter' op C8: dimension 1 of result 'tensor<2x4xf32>' must be dim(operand, 1) / (dim(replica_groups, 1) * num_partitions), a divisor of 4 / 2 = 2 (accepted
// STRICT: error: 'stablehlo.reduce_scatter' op C8: dimension 1 of result 'tensor<2x4xf32>' must be dim(operand, 1) / (dim(replica_groups, 1) * num_partitions), a divisor of 4 / 2 = 2
func.func @reduce_scatter_c8_partitions(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// send's source_target_pairs (upstream's attribute, not in the spec), read as
// collective_permute's C1-C4; upstream checks none of it.
// WARN: warning: 'stablehlo.send' op collective_permute C1: dim(source_target_pairs, 1) must be 2, got 'tensor<1x3xi64>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.send' op collective_permute C1: dim(source_target_pairs, 1) must be 2, got 'tensor<1x3xi64>'
func.func @send_c1(%a: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// WARN: warning: 'stablehlo.send' op collective_permute I2: source_target_pairs must be a 2-dimensional tensor, got 'tensor<2xi64>' (accepted
// STRICT: error: 'stablehlo.send' op collective_permute I2: source_target_pairs must be a 2-dimensional tensor, got 'tensor<2xi64>'
func.func @send_i2(%a: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[0, 1]> : tensor<2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// WARN: warning: 'stablehlo.send' op collective_permute C2: the sources of source_target_pairs must be unique, but 0 appears more than once (accepted
// STRICT: error: 'stablehlo.send' op collective_permute C2: the sources of source_target_pairs must be unique, but 0 appears more than once
func.func @send_c2(%a: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// WARN: warning: 'stablehlo.recv' op collective_permute C2: the sources of source_target_pairs must be unique, but 0 appears more than once (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.recv' op collective_permute C2: the sources of source_target_pairs must be unique, but 0 appears more than once
func.func @recv_c2(%t: !stablehlo.token) -> tensor<2xf32> {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0#0 : tensor<2xf32>
}

// -----

// WARN: warning: 'stablehlo.recv' op collective_permute C3: the targets of source_target_pairs must be unique, but 1 appears more than once (accepted
// STRICT: error: 'stablehlo.recv' op collective_permute C3: the targets of source_target_pairs must be unique, but 1 appears more than once
func.func @recv_c3(%t: !stablehlo.token) -> tensor<2xf32> {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0#0 : tensor<2xf32>
}

// -----

// WARN: warning: 'stablehlo.recv' op collective_permute C4: source_target_pairs must be non-negative; their bound, num_replicas or num_partitions, is checked at run time; got -1 (accepted
// STRICT: error: 'stablehlo.recv' op collective_permute C4: source_target_pairs must be non-negative; their bound, num_replicas or num_partitions, is checked at run time; got -1
func.func @recv_c4(%t: !stablehlo.token) -> tensor<2xf32> {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0#0 : tensor<2xf32>
}
