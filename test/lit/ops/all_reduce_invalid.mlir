// Verifier errors of stablehlo.all_reduce, one case per spec constraint (C2,
// size(replica_groups) = num_replicas or num_processes, is checked at run time,
// except that flattened_ids groups cannot be empty). Cases upstream
// accepts are deviations: warnings here or in
// test/lit/deviations/accepted_collectives.mlir.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I2: replica_groups (variadic 1-dimensional groups) is a 2-dimensional tensor.
func.func @all_reduce_i2(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op I2: replica_groups must be a 2-dimensional tensor, got 'tensor<1x2x1xi64>'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<0> : tensor<1x2x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C1: is_unique(replica_groups).
func.func @all_reduce_c1(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C1: replica_groups must be unique, but 1 appears more than once}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C2: flattened_ids groups list all num_processes (at least one) process ids
// (groups of padding alone are a deviation,
// test/lit/deviations/accepted_collectives.mlir; upstream rejects these).
func.func @all_reduce_c2(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C2: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C3: 0 <= replica_groups < size(replica_groups); -1 only pads groups.
func.func @all_reduce_c3(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C3: replica_groups must be in [0, size(replica_groups)) = [0, 2) (-1 pads groups and counts as no id), got -2}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C4: use_global_device_ids needs channel_id > 0.
func.func @all_reduce_c4(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C4: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C5: computation has type (tensor<E>, tensor<E>) -> (tensor<E>).
func.func @all_reduce_c5(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %x2: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C5: is_promotable(element_type(operand), E).
func.func @all_reduce_c5b(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: the computation's element type E = 'i8' must be promotable from the element type of operand 'tensor<4xi32>'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<i8>, %x1: tensor<i8>):
      %r = stablehlo.add %x0, %x1 : tensor<i8>
      stablehlo.return %r : tensor<i8>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi8>
  return
}

// -----

// C5: a computation without a terminator is reported, not read.
func.func @all_reduce_c5c(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C5: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f32>) -> ()}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C6: shape(result) = shape(operand).
func.func @all_reduce_c6(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C6: result 'tensor<5xf32>' must have the shape of operand 'tensor<4xf32>'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

// C6: one result per operand (upstream's variadic form).
func.func @all_reduce_c6b(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C6: each operand has one result of its shape, got 1 operand(s) and 2 result(s)}}
  %0:2 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// C7: element_type(result) = E.
func.func @all_reduce_c7(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op C7: the element type of result 'tensor<4xf32>' must be the computation's E = 'f64'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x0: tensor<f64>, %x1: tensor<f64>):
      %r = stablehlo.add %x0, %x1 : tensor<f64>
      stablehlo.return %r : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
