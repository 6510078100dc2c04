// Verifier errors of stablehlo.reduce_window, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: size(inputs) = size(init_values) = size(results).
func.func @c1(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C1: needs N > 0 inputs, N init_values and N results, got 1, 1 and 2}}
  %0:2 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

// C2: same(shape(inputs...)).
func.func @c2(%a: tensor<4x4xf32>, %b: tensor<4x5xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C2: all inputs must have the same shape, got 'tensor<4x4xf32>' and 'tensor<4x5xf32>'}}
  %0:2 = "stablehlo.reduce_window"(%a, %b, %init, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<f32>, %y1: tensor<f32>):
    stablehlo.return %x0, %x1 : tensor<f32>, tensor<f32>
  }) : (tensor<4x4xf32>, tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<3x4xf32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

// C3 (I2): init values are 0-dimensional.
func.func @c3_rank(%a: tensor<4x4xf32>, %init: tensor<1xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C3: init value 'tensor<1xf32>' must be a 0-d tensor}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<1xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C4: size(window_dimensions) = rank(inputs[0]).
func.func @c4(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C4: window_dimensions [2] must have 2 entries, one per dimension}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C5: 0 < window_dimensions.
func.func @c5(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C5: window_dimensions [2, 0] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C6: size(window_strides) = rank(inputs[0]).
func.func @c6(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C6: window_strides [1, 1, 1] must have 2 entries, one per dimension}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C7: 0 < window_strides.
func.func @c7(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C7: window_strides [1, -1] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, -1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C8: size(base_dilations) = rank(inputs[0]).
func.func @c8(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C8: base_dilations [1] must have 2 entries, one per dimension}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C9: 0 < base_dilations.
func.func @c9(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C9: base_dilations [0, 1] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C10: size(window_dilations) = rank(inputs[0]). (An empty list is read as
// absent, a spec deviation: test/lit/deviations/accepted_bounds_and_windows.mlir.)
func.func @c10(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C10: window_dilations [1] must have 2 entries, one per dimension}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C11: 0 < window_dilations.
func.func @c11(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C11: window_dilations [1, 0] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, window_dilations = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C12: shape(padding) = [rank(inputs[0]), 2].
func.func @c12(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C12: padding must have shape [2, 2], got [2, 1]}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>, padding = dense<0> : tensor<2x1xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C13: body takes (tensor<E0>, ..., tensor<E0>, ...).
func.func @c13_arguments(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C13: body must have type}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C14: same(shape(results...)).
func.func @c14(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C14: all results must have the same shape, got 'tensor<3x3xf32>' and 'tensor<3x2xf32>'}}
  %0:2 = "stablehlo.reduce_window"(%a, %a, %init, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<f32>, %y1: tensor<f32>):
    stablehlo.return %x0, %x1 : tensor<f32>, tensor<f32>
  }) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>, tensor<3x2xf32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

// C15: shape(results[0]) = num_windows.
func.func @c15(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C15: result 0 must have shape [2, 1] (the number of windows), got 'tensor<3x3xf32>'}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C16: element_type(results[i]) = Ei.
func.func @c16(%a: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C16: result 0 must have element type 'f64', got 'tensor<3x3xf32>'}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    stablehlo.return %x : tensor<f64>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// C13: a body without a return is reported, not a crash.
func.func @c13_no_return(%a: tensor<4xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op C13: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; its return must yield 1 values}}
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
