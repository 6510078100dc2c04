// Verifier errors of stablehlo.select_and_scatter, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(operand) = element_type(source). (A float source of
// another precision is a spec deviation: test/lit/deviations/accepted_scatter.mlir.)
func.func @c1(%o: tensor<4x4xf32>, %s: tensor<2x2xi32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C1: source 'tensor<2x2xi32>' must have the element type of operand 'tensor<4x4xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C2: shape(source) = num_windows.
func.func @c2(%o: tensor<4x4xf32>, %s: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C2: source 'tensor<2x3xf32>' must have shape [2, 2] (the number of windows)}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C2: num_windows counts the padding.
func.func @c2_padding(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C2: source 'tensor<2x2xf32>' must have shape [3, 2] (the number of windows)}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C3: element_type(init_value) = element_type(operand). (An init value the
// scatter body's result promotes from is a spec deviation.)
func.func @c3(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C3: init_value 'tensor<i32>' must be a 0-d tensor of the element type of operand 'tensor<4x4xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C3 (I3): init_value is 0-dimensional.
func.func @c3_rank(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<1xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C3: init_value 'tensor<1xf32>' must be a 0-d tensor}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<1xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C4: size(window_dimensions) = rank(operand).
func.func @c4(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C4: window_dimensions [2] must have 2 entries, one per dimension}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C4: window_dimensions absent count as empty (upstream).
func.func @c4_missing(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C4: window_dimensions [] must have 2 entries, one per dimension}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C5: 0 < window_dimensions.
func.func @c5(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C5: window_dimensions [2, -2] must be positive}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, -2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C6: size(window_strides) = rank(operand).
func.func @c6(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C6: window_strides [2, 2, 2] must have 2 entries, one per dimension}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C7: 0 < window_strides.
func.func @c7(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C7: window_strides [0, 2] must be positive}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C8: shape(padding) = [rank(operand), 2].
func.func @c8(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C8: padding must have shape [2, 2], got [2]}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C9: select takes (tensor<E>, tensor<E>). (Arguments of another float type
// are a spec deviation.)
func.func @c9_arguments(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C9: select must have type (tensor<f32>, tensor<f32>) -> (tensor<i1>), got (tensor<i32>, tensor<i32>) -> (tensor<i1>)}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C9: select returns tensor<i1>.
func.func @c9_result(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C9: select must have type (tensor<f32>, tensor<f32>) -> (tensor<i1>), got (tensor<f32>, tensor<f32>) -> (tensor<f32>)}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C10: scatter has type (tensor<E>, tensor<E>) -> tensor<E>.
func.func @c10(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f64>'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f64>):
    stablehlo.return %y : tensor<f64>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// C10: is_promotable(element_type(operand), E). (A narrower float E is a spec
// deviation.)
func.func @c10_promotable(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'f32'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    stablehlo.return %y : tensor<i32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// C11: shape(operand) = shape(result).
func.func @c11(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C11: result 'tensor<4x5xf32>' must have the shape of operand 'tensor<4x4xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// C12: element_type(result) = E.
func.func @c12(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf64> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op C12: result 'tensor<4x4xf64>' must have the element type scatter returns, 'f32'}}
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
