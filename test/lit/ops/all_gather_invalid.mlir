// Verifier errors of stablehlo.all_gather, one case per spec constraint (C3,
// size(replica_groups) = num_replicas or num_processes, is checked at run time,
// except that flattened_ids groups cannot be empty). Cases upstream
// accepts are deviations: warnings here or in
// test/lit/deviations/accepted_collectives.mlir.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// I3: replica_groups is a 2-dimensional tensor.
func.func @all_gather_i3(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op I3: replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// I3: replica_groups is a tensor of si64.
func.func @all_gather_i3b(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op attribute 'replica_groups' failed to satisfy constraint: 64-bit signless integer elements attribute}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi32>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C1: 0 <= all_gather_dim < rank(operand).
func.func @all_gather_c1(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C1: all_gather_dim 2 must be in [0, 2) for operand 'tensor<2x2xf32>'}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C2: is_unique(replica_groups).
func.func @all_gather_c2(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C2: replica_groups must be unique, but 0 appears more than once}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C3: flattened_ids groups list all num_processes (at least one) process ids.
func.func @all_gather_c3(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C3: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C4: 0 <= replica_groups < size(replica_groups).
func.func @all_gather_c4(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C4: replica_groups must be in [0, size(replica_groups)) = [0, 2), got 2}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C5: use_global_device_ids needs channel_id > 0 (upstream rejects a negative
// one; a channel_id of 0 is a deviation, test/lit/deviations/accepted_collectives.mlir).
func.func @all_gather_c5(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C5: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got -1}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = -1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

// C6: type(result) = type(operand) except in all_gather_dim.
func.func @all_gather_c6(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C6: result 'tensor<2x4xf16>' must have the type of operand 'tensor<2x2xf32>' except in dimension 1}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf16>
  return
}

// -----

// C6: dim(result, all_gather_dim) = dim(operand, all_gather_dim) *
// dim(process_groups, 1) (upstream accepts any multiple).
func.func @all_gather_c6b(%a: tensor<2x2xf32>) {
  // expected-warning @+1 {{'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x6xf32>' must be dim(operand, 1) * dim(process_groups, 1) = 2 * 2 = 4}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

// C6: with cross_replica_and_partition, dim(process_groups, 1) is
// dim(replica_groups, 1) * num_partitions (upstream accepts any multiple of the
// operand).
func.func @all_gather_c6c(%a: tensor<2x2xf32>) {
  // expected-warning @+1 {{'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x6xf32>' must be dim(operand, 1) * dim(replica_groups, 1) * num_partitions, a positive multiple of 2 * 2 = 4}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

// C6: one result per operand (upstream's variadic form).
func.func @all_gather_c6d(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op C6: each operand has one result of its type, got 1 operand(s) and 2 result(s)}}
  %0:2 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return
}
