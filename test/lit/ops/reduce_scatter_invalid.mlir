// Verifier errors of stablehlo.reduce_scatter, one case per spec constraint
// (C4, size(replica_groups) = num_replicas or num_processes, is checked at run
// time, except that flattened_ids groups cannot be empty). Cases upstream
// accepts are deviations: warnings here or in
// test/lit/deviations/accepted_collectives.mlir.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I3: replica_groups is a 2-dimensional tensor.
func.func @reduce_scatter_i3(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op I3: replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C1: dim(operand, scatter_dimension) % dim(process_groups, 1) = 0 (upstream
// rejects it when the result's size does not divide the operand's either; else
// a deviation, test/lit/deviations/accepted_collectives.mlir).
func.func @reduce_scatter_c1(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C1: dim(operand, 1) = 3 must be a multiple of dim(process_groups, 1) = 2}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C2: 0 <= scatter_dimension < rank(operand).
func.func @reduce_scatter_c2(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C2: scatter_dimension -1 must be in [0, 2) for operand 'tensor<2x4xf32>'}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C3: is_unique(replica_groups).
func.func @reduce_scatter_c3(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C3: replica_groups must be unique, but 1 appears more than once}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C4: flattened_ids groups list all num_processes (at least one) process ids.
func.func @reduce_scatter_c4(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C4: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<> : tensor<1x0xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C5: 0 <= replica_groups < size(replica_groups).
func.func @reduce_scatter_c5(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C5: replica_groups must be in [0, size(replica_groups)) = [0, 2), got -1}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C6: use_global_device_ids needs channel_id > 0.
func.func @reduce_scatter_c6(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C6: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C7: computation has type (tensor<E>, tensor<E>) -> (tensor<E>) with
// is_promotable(element_type(operand), E).
func.func @reduce_scatter_c7(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C7: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r, %r : tensor<f32>, tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// C8: shape(result) = shape(operand) except in scatter_dimension.
func.func @reduce_scatter_c8(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C8: result 'tensor<3x2xf32>' must have the shape of operand 'tensor<2x4xf32>' except in dimension 1}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<3x2xf32>
  return
}

// -----

// C8: dim(result, scatter_dimension) = dim(operand, scatter_dimension) /
// dim(process_groups, 1) (upstream takes any nonzero divisor as a deviation,
// test/lit/deviations/accepted_collectives.mlir; 3 is none).
func.func @reduce_scatter_c8b(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C8: dimension 1 of result 'tensor<2x3xf32>' must be dim(operand, 1) / dim(process_groups, 1) = 4 / 2 = 2}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C9: element_type(result) = E.
func.func @reduce_scatter_c9(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op C9: the element type of result 'tensor<2x2xf16>' must be the computation's E = 'f32'}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf16>
  return
}
