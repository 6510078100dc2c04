// Verifier errors of stablehlo.async_start, stablehlo.async_done and
// !stablehlo.future, one case per constraint of upstream's current spec.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// async_start C1: the body holds one op and a return.
func.func @c1(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.async_start' op C1: the body must hold one op and a return, got 3 ops}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    %2 = stablehlo.slice %x [2:4] : (tensor<4xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>>
  return
}

// -----

// async_start C2: a collective or a slice.
func.func @c2(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.async_start' op C2: the body's op must be a collective (all_reduce, all_gather, all_to_all, collective_permute, reduce_scatter, collective_broadcast) or a slice (slice, dynamic_slice, dynamic_update_slice), got stablehlo.add}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return
}

// -----

// async_start C3: the body's arguments are the operands.
func.func @c3_types(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.async_start' op C3: the body's arguments must have the types of the operands}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf16>):
    %1 = stablehlo.slice %x [0:2] : (tensor<4xf16>) -> tensor<2xf16>
    stablehlo.return %1 : tensor<2xf16>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xf16>>
  return
}

// -----

// async_start C3: the body's op takes them, in order (upstream does not check
// it: a warning, an error under --strict-spec).
func.func @c3_order(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-warning @+1 {{'stablehlo.async_start' op C3: the body's op must take the body's arguments, in order}}
  %0 = "stablehlo.async_start"(%a, %b) ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %1 = stablehlo.slice %y [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>>
  return
}

// -----

// async_start C4: the future holds the types the body's op returns.
func.func @c4(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.async_start' op C4: the result must be '!stablehlo.future<tensor<2xf32>>', the future of the body's op, got '!stablehlo.future<tensor<3xf32>>'}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<3xf32>>
  return
}

// -----

// async_start C4: the body's op returns one tensor T, and the result is future<T>
// (upstream requires one too).
func.func @c4_two_results(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.async_start' op C4: the body's op must return one tensor, got 2}}
  %0 = "stablehlo.async_start"(%a, %b) ({
  ^bb0(%x: tensor<2xf32>, %y: tensor<3xf32>):
    %1:2 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %s = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
    stablehlo.return %1#0, %1#1 : tensor<2xf32>, tensor<3xf32>
  }) : (tensor<2xf32>, tensor<3xf32>) -> !stablehlo.future<tensor<2xf32>, tensor<3xf32>>
  return
}

// -----

// async_done C1: future<T> gives T.
func.func @done_c1(%f: !stablehlo.future<tensor<2xf32>>) {
  // expected-error @+1 {{'stablehlo.async_done' op C1: the result must be 'tensor<2xf32>', which '!stablehlo.future<tensor<2xf32>>' holds, got 'tensor<2xf16>'}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf16>
  return
}

// -----

// async_done C1: one result, so a future of one tensor.
func.func @done_c1_several(%f: !stablehlo.future<tensor<2xf32>, tensor<3xf32>>) {
  // expected-error @+1 {{'stablehlo.async_done' op C1: awaits a future of one tensor, got '!stablehlo.future<tensor<2xf32>, tensor<3xf32>>'}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xf32>, tensor<3xf32>>) -> tensor<2xf32>
  return
}

// -----

// A future holds tensors.
// expected-error @+1 {{a future holds tensors, got 'f32'}}
func.func @future_of_scalar(%f: !stablehlo.future<f32>) {
  return
}

// -----

// A future of no tensors: async_done awaits one.
func.func @done_c1_none(%f: !stablehlo.future<>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.async_done' op C1: awaits a future of one tensor, got '!stablehlo.future<>'}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A future's list of types is comma separated.
// expected-error @+1 {{expected '>'}}
func.func @future_list(%f: !stablehlo.future<tensor<2xf32> tensor<2xf32>>) {
  return
}
