// Programs of select_and_scatter and scatter whose element types the spec
// rejects but upstream StableHLO's verifier accepts (scatter's updates and
// select_and_scatter's init value read as a reducer's init values, promotable
// to the body's accumulator; floats of any precision for the source, the
// select's and the bodies' arguments; booleans widening to integers): they
// verify with a warning that cites the constraint and fail under --strict-spec
// (docs/decisions.md, "Accepting what upstream accepts"). XLA refuses some and
// runs others ignoring the bodies' element types; the interpreter and the
// compiled backend refuse them all with an error naming the op
// (test/python/deviations/test_spec_deviations_scatter.py).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// select_and_scatter C1: element_type(operand) = element_type(source) -- a float source of another precision.
// WARN: warning: 'stablehlo.select_and_scatter' op C1: source 'tensor<2x2xf16>' must have the element type of operand 'tensor<4x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C1: source 'tensor<2x2xf16>' must have the element type of operand 'tensor<4x4xf32>'
func.func @sas_c1(%o: tensor<4x4xf32>, %s: tensor<2x2xf16>, %i: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf16>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter C3: element_type(init_value) = element_type(operand) -- a float init value of another precision.
// WARN: warning: 'stablehlo.select_and_scatter' op C3: init_value 'tensor<f64>' must be a 0-d tensor of the element type of operand 'tensor<4x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C3: init_value 'tensor<f64>' must be a 0-d tensor of the element type of operand 'tensor<4x4xf32>'
func.func @sas_c3_float(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f64>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter C3 -- an integer init value scatter's accumulator widens.
// WARN: warning: 'stablehlo.select_and_scatter' op C3: init_value 'tensor<i8>' must be a 0-d tensor of the element type of operand 'tensor<4x4xi32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C3: init_value 'tensor<i8>' must be a 0-d tensor of the element type of operand 'tensor<4x4xi32>'
func.func @sas_c3_integer(%o: tensor<4x4xi32>, %s: tensor<2x2xi32>, %i: tensor<i8>) -> tensor<4x4xi32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i8>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// select_and_scatter C9: select has type (tensor<E>, tensor<E>) -> tensor<i1> -- arguments of another float type.
// WARN: warning: 'stablehlo.select_and_scatter' op C9: select must have type (tensor<f32>, tensor<f32>) -> (tensor<i1>), got (tensor<f16>, tensor<f16>) -> (tensor<i1>) (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C9: select must have type (tensor<f32>, tensor<f32>) -> (tensor<i1>), got (tensor<f16>, tensor<f16>) -> (tensor<i1>)
func.func @sas_c9(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter C10: is_promotable(element_type(operand), E) -- floats do not narrow.
// WARN: warning: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32'
func.func @sas_c10_narrowing(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf16> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %r = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %r : tensor<f16>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf16>
  return %0 : tensor<4x4xf16>
}

// -----

// select_and_scatter C10: scatter has type (tensor<E>, tensor<E>) -> tensor<E> -- an argument of another float type.
// WARN: warning: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f32>', got 'tensor<f16>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f32>', got 'tensor<f16>'
func.func @sas_c10_argument(%o: tensor<4x4xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f16>):
    %y2 = stablehlo.convert %y : (tensor<f16>) -> tensor<f32>
    %r = stablehlo.add %x, %y2 : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// select_and_scatter C10 -- booleans promote to booleans only.
// WARN: warning: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.select_and_scatter' op C10: scatter must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1'
func.func @sas_c10_boolean(%o: tensor<4x4xi1>, %s: tensor<2x2xi1>, %i: tensor<i1>) -> tensor<4x4xi32> {
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i1>, tensor<i1>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<4x4xi1>, tensor<2x2xi1>, tensor<i1>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// scatter C6: element_type(updates...) = element_type(inputs...) -- a float update of another precision.
// WARN: warning: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xf16>' and 'tensor<5x4xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xf16>' and 'tensor<5x4xf32>'
func.func @scatter_c6_float(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf16>) -> tensor<5x4xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf16>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// scatter C6 -- integer updates the body widens.
// WARN: warning: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xi8>' and 'tensor<5x4xi32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xi8>' and 'tensor<5x4xi32>'
func.func @scatter_c6_integer(%input: tensor<5x4xi32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xi8>) -> tensor<5x4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<5x4xi32>, tensor<3x1xi32>, tensor<3x4xi8>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

// scatter C6 -- boolean updates the body widens.
// WARN: warning: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xi1>' and 'tensor<5x4xi32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xi1>' and 'tensor<5x4xi32>'
func.func @scatter_c6_boolean(%input: tensor<5x4xi32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xi1>) -> tensor<5x4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<5x4xi32>, tensor<3x1xi32>, tensor<3x4xi1>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

// scatter C15: is_promotable(element_type(inputs[i]), Ei) -- floats do not narrow.
// WARN: warning: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f16' is not promotable from 'f32'
func.func @scatter_c15_narrowing(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf16> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %r = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %r : tensor<f16>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf16>
  return %0 : tensor<5x4xf16>
}

// -----

// scatter C15: update_computation has type (tensor<E0>, ..., tensor<E0>, ...) -> (tensor<E0>, ...) -- an argument N + i of another float type.
// WARN: warning: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f32>', got 'tensor<f16>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f32>', got 'tensor<f16>'
func.func @scatter_c15_argument(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f16>):
    %y2 = stablehlo.convert %y : (tensor<f16>) -> tensor<f32>
    %r = stablehlo.add %x, %y2 : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// scatter C15 -- booleans promote to booleans only.
// WARN: warning: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'i1'
func.func @scatter_c15_boolean(%input: tensor<5x4xi1>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xi1>) -> tensor<5x4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<5x4xi1>, tensor<3x1xi32>, tensor<3x4xi1>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}
