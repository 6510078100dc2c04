// stablehlo-aggressive-simplification: each rewrite, and the cases where an
// apparent identity is not one (floats, types that differ).
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-simplification | FileCheck %s

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<1x3xf32>, %[[E:.*]]: tensor<0x3xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[Y]], %[[X]]
func.func @identities(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>, %e: tensor<0x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.convert %x : tensor<2x3xf32>
  %3 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.pad %x, %zero, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %5 = stablehlo.slice %x [0:2, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = stablehlo.concatenate %x, dim = 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = stablehlo.reverse %y, dims = [0] : tensor<1x3xf32>
  %8 = stablehlo.dynamic_update_slice %x, %e, %i, %i : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>
}

// -----

// Not identities: a real permutation, a strided slice, a reversal of a
// dimension with two elements.
// CHECK-LABEL: func.func @not_identities
// CHECK: stablehlo.transpose
// CHECK: stablehlo.slice
// CHECK: stablehlo.reverse
func.func @not_identities(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %x [0:2:2, 0:2] : (tensor<2x2xf32>) -> tensor<1x2xf32>
  %2 = stablehlo.reverse %x, dims = [1] : tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>
}

// -----

// Chains collapse: reshape of reshape, broadcast_in_dim of broadcast_in_dim.
// CHECK-LABEL: func.func @chains
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: return %[[R]], %[[B]]
func.func @chains(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %1, %3 : tensor<3x2xf32>, tensor<4x2x3xf32>
}

// -----

// Arithmetic identities on integers; constants move to the right first.
// xor(X, 0) stays, as upstream leaves it.
// CHECK-LABEL: func.func @integer_identities
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[ONES:.*]] = stablehlo.constant dense<-1> : tensor<4xi32>
// CHECK: %[[XOR:.*]] = stablehlo.xor %arg0, %[[ZERO]]
// CHECK: return %arg0, %arg0, %arg0, %arg0, %[[XOR]], %arg0, %[[ZERO]], %[[ZERO]], %[[ONES]]
func.func @integer_identities(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %ones = stablehlo.constant dense<-1> : tensor<4xi32>
  %0 = stablehlo.add %zero, %x : tensor<4xi32>
  %1 = stablehlo.subtract %x, %zero : tensor<4xi32>
  %2 = stablehlo.multiply %one, %x : tensor<4xi32>
  %3 = stablehlo.or %x, %zero : tensor<4xi32>
  %4 = stablehlo.xor %x, %zero : tensor<4xi32>
  %5 = stablehlo.and %ones, %x : tensor<4xi32>
  %6 = stablehlo.multiply %x, %zero : tensor<4xi32>
  %7 = stablehlo.and %x, %zero : tensor<4xi32>
  %8 = stablehlo.or %x, %ones : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Floats: x + -0.0, x - +0.0 and x * 1.0 are x for every x; x + +0.0 is not
// (-0.0 + +0.0 = +0.0) and x * 0.0 is not (NaN, infinities, signs).
// CHECK-LABEL: func.func @float_identities
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %{{.*}} : tensor<4xf32>
// CHECK: %[[M:.*]] = stablehlo.multiply %arg0, %{{.*}} : tensor<4xf32>
// CHECK: return %arg0, %arg0, %arg0, %[[A]], %[[M]]
func.func @float_identities(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %negzero = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %negzero : tensor<4xf32>
  %1 = stablehlo.subtract %x, %zero : tensor<4xf32>
  %2 = stablehlo.multiply %one, %x : tensor<4xf32>
  %3 = stablehlo.add %x, %zero : tensor<4xf32>
  %4 = stablehlo.multiply %x, %zero : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// compare of a value with itself: decided for integers, not for floats (NaN).
// CHECK-LABEL: func.func @compare_with_itself
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<3xi1>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<3xi1>
// CHECK-DAG: %[[C:.*]] = stablehlo.compare EQ, %arg1, %arg1
// CHECK: return %[[T]], %[[F]], %[[C]]
func.func @compare_with_itself(%i: tensor<3xi32>, %f: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = stablehlo.compare LE, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.compare GT, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %2 = stablehlo.compare EQ, %f, %f, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @select_tuple_complex
// CHECK-NEXT: %[[S:.*]] = stablehlo.select %arg0, %arg2, %arg1
// CHECK-NEXT: return %[[S]], %arg1, %arg1, %arg2
func.func @select_tuple_complex(%p: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %n = stablehlo.not %p : tensor<2xi1>
  %0 = stablehlo.select %n, %a, %b : tensor<2xi1>, tensor<2xf32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<2xf32>>
  %1 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %c = stablehlo.complex %a, %b : tensor<2xcomplex<f32>>
  %2 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.imag %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// A more static result type than the operand's: the op stays (a value is
// only replaced by one of the same type).
// CHECK-LABEL: func.func @types_differ
// CHECK: stablehlo.convert
func.func @types_differ(%x: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.convert %x : (tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// select with a constant predicate or equal branches; compare with the
// constant on the left swaps it to the right with the direction mirrored.
// CHECK-LABEL: func.func @select_and_compare
// CHECK: %[[C:.*]] = stablehlo.compare GT, %arg0, %{{.*}}, SIGNED
// CHECK: return %arg1, %arg2, %arg1, %[[C]]
func.func @select_and_compare(%x: tensor<4xi32>, %a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %f = stablehlo.constant dense<false> : tensor<4xi1>
  %c = stablehlo.constant dense<3> : tensor<4xi32>
  %0 = stablehlo.select %t, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %f, %a, %b : tensor<4xi1>, tensor<4xf32>
  %2 = stablehlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>
  %3 = stablehlo.compare LT, %c, %x, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// concatenate drops empty operands and flattens nested concatenates of the
// same dimension; a full-size dynamic_update_slice is its update; a tuple of
// all of another tuple's elements is that tuple; complex(real(X), imag(X)) is
// X; subtract(X, X) on integers is 0.
// CHECK-LABEL: func.func @structure
// CHECK-DAG: %[[CAT:.*]] = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0 : (tensor<2xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<7xf32>
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<2xi32>
// CHECK: return %[[CAT]], %arg1, %arg3, %arg4, %[[ZERO]]
func.func @structure(%a: tensor<2xf32>, %b: tensor<3xf32>, %e: tensor<0xf32>, %t: tuple<tensor<2xf32>, tensor<3xf32>>, %z: tensor<2xcomplex<f32>>, %i: tensor<2xi32>) -> (tensor<7xf32>, tensor<3xf32>, tuple<tensor<2xf32>, tensor<3xf32>>, tensor<2xcomplex<f32>>, tensor<2xi32>) {
  %0 = stablehlo.concatenate %a, %e, %b, dim = 0 : (tensor<2xf32>, tensor<0xf32>, tensor<3xf32>) -> tensor<5xf32>
  %1 = stablehlo.concatenate %0, %a, dim = 0 : (tensor<5xf32>, tensor<2xf32>) -> tensor<7xf32>
  %k = stablehlo.constant dense<1> : tensor<i32>
  %2 = stablehlo.dynamic_update_slice %b, %b, %k : (tensor<3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
  %g0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<2xf32>
  %g1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<3xf32>
  %3 = stablehlo.tuple %g0, %g1 : tuple<tensor<2xf32>, tensor<3xf32>>
  %re = stablehlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %im = stablehlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %4 = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
  %5 = stablehlo.subtract %i, %i : tensor<2xi32>
  return %1, %2, %3, %4, %5 : tensor<7xf32>, tensor<3xf32>, tuple<tensor<2xf32>, tensor<3xf32>>, tensor<2xcomplex<f32>>, tensor<2xi32>
}

// -----

// get_dimension_size of a static dimension is its size; a dynamic one stays.
// CHECK-LABEL: func.func @static_dimension_size
// CHECK-DAG: %[[THREE:.*]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK-DAG: %[[DYN:.*]] = stablehlo.get_dimension_size %arg1, dim = 0
// CHECK: return %[[THREE]], %[[DYN]]
func.func @static_dimension_size(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>) -> (tensor<i32>, tensor<i32>) {
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %b, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// A transpose that only moves dimensions of size 1 is a reshape; one that
// reorders the others is not.
// CHECK-LABEL: func.func @transpose_as_reshape
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<1x4x5x1xf32>) -> tensor<1x4x1x5xf32>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %arg1, dims = [3, 1, 0, 2]
// CHECK-NEXT: return %[[R]], %[[T]]
func.func @transpose_as_reshape(%a: tensor<1x4x5x1xf32>, %b: tensor<1x4x5x2xf32>) -> (tensor<1x4x1x5xf32>, tensor<2x4x1x5xf32>) {
  %0 = stablehlo.transpose %a, dims = [3, 1, 0, 2] : (tensor<1x4x5x1xf32>) -> tensor<1x4x1x5xf32>
  %1 = stablehlo.transpose %b, dims = [3, 1, 0, 2] : (tensor<1x4x5x2xf32>) -> tensor<2x4x1x5xf32>
  return %0, %1 : tensor<1x4x1x5xf32>, tensor<2x4x1x5xf32>
}

// -----

// Values with no elements are empty constants, operands and results alike,
// for ops without effects; ops with effects keep theirs; a dynamic shape is
// not known to be empty.
// CHECK-LABEL: func.func @empty_tensors
// CHECK-DAG: %[[E:.*]] = stablehlo.constant dense<> : tensor<5x0xi32>
// CHECK-DAG: %[[C:.*]] = stablehlo.constant dense<> : tensor<0xcomplex<f32>>
// CHECK-DAG: %[[K:.*]] = stablehlo.custom_call @keep(%arg2) {has_side_effect = true}
// CHECK-DAG: %[[D:.*]] = stablehlo.add %arg3, %arg3 : tensor<?x0xi32>
// CHECK: return %[[E]], %[[C]], %[[K]], %[[D]]
func.func @empty_tensors(%a: tensor<5x0xi32>, %b: tensor<0xcomplex<f32>>, %c: tensor<0xf32>, %d: tensor<?x0xi32>) -> (tensor<5x0xi32>, tensor<0xcomplex<f32>>, tensor<0xf32>, tensor<?x0xi32>) {
  %0 = stablehlo.add %a, %a : tensor<5x0xi32>
  %1 = stablehlo.negate %b : tensor<0xcomplex<f32>>
  %2 = stablehlo.custom_call @keep(%c) {has_side_effect = true} : (tensor<0xf32>) -> tensor<0xf32>
  %3 = stablehlo.add %d, %d : tensor<?x0xi32>
  return %0, %1, %2, %3 : tensor<5x0xi32>, tensor<0xcomplex<f32>>, tensor<0xf32>, tensor<?x0xi32>
}

// -----

// An operand with no elements becomes the empty constant inside ops that stay.
// CHECK-LABEL: func.func @empty_operand
// CHECK: %[[E:.*]] = stablehlo.constant dense<> : tensor<1x0xi32>
// CHECK: "stablehlo.scatter"(%arg0, %[[E]], %arg2)
func.func @empty_operand(%x: tensor<f32>, %i: tensor<1x0xi32>, %u: tensor<1xf32>) -> tensor<f32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [], scatter_dims_to_operand_dims = [], index_vector_dim = 1>} : (tensor<f32>, tensor<1x0xi32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// reduce of nothing: its init values, broadcast to the results' shapes.
// CHECK-LABEL: func.func @reduce_of_nothing
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT: return %[[B]]
func.func @reduce_of_nothing(%x: tensor<0x3xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<3xf32>
}

// -----

// iota along a dimension of size 1 is zeros; a higher-rank iota is a 1-D one
// broadcast; a 1-D iota stays.
// CHECK-LABEL: func.func @iotas
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<1x4xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %[[I]], dims = [1] : (tensor<4xi32>) -> tensor<5x4xi32>
// CHECK-DAG: %[[L:.*]] = stablehlo.iota dim = 0 : tensor<6xi8>
// CHECK: return %[[Z]], %[[B]], %[[L]]
func.func @iotas() -> (tensor<1x4xf32>, tensor<5x4xi32>, tensor<6xi8>) {
  %0 = stablehlo.iota dim = 0 : tensor<1x4xf32>
  %1 = stablehlo.iota dim = 1 : tensor<5x4xi32>
  %2 = stablehlo.iota dim = 0 : tensor<6xi8>
  return %0, %1, %2 : tensor<1x4xf32>, tensor<5x4xi32>, tensor<6xi8>
}

// -----

// pad of nothing: the padding value everywhere.
// CHECK-LABEL: func.func @pad_of_nothing
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<7x2xf32>
// CHECK-NEXT: return %[[B]]
func.func @pad_of_nothing(%x: tensor<5x0xf32>, %v: tensor<f32>) -> tensor<7x2xf32> {
  %0 = stablehlo.pad %x, %v, low = [1, 1], high = [1, 1], interior = [0, 0] : (tensor<5x0xf32>, tensor<f32>) -> tensor<7x2xf32>
  return %0 : tensor<7x2xf32>
}

// -----

// A slice of a concatenate within one operand reads that operand; one across
// two operands stays.
// CHECK-LABEL: func.func @slice_of_concatenate
// CHECK-DAG: %[[A:.*]] = stablehlo.slice %arg1 [0:1, 1:5:2] : (tensor<2x5xf32>) -> tensor<1x2xf32>
// CHECK-DAG: %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, dim = 0
// CHECK-DAG: %[[S:.*]] = stablehlo.slice %[[C]] [2:4, 0:5]
// CHECK: return %[[A]], %[[S]]
func.func @slice_of_concatenate(%a: tensor<3x5xf32>, %b: tensor<2x5xf32>) -> (tensor<1x2xf32>, tensor<2x5xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<3x5xf32>, tensor<2x5xf32>) -> tensor<5x5xf32>
  %1 = stablehlo.slice %0 [3:4, 1:5:2] : (tensor<5x5xf32>) -> tensor<1x2xf32>
  %2 = stablehlo.slice %0 [2:4, 0:5] : (tensor<5x5xf32>) -> tensor<2x5xf32>
  return %1, %2 : tensor<1x2xf32>, tensor<2x5xf32>
}

// -----

// A while stops carrying what its body returns unchanged: that is the initial
// value, inside the loop and after it.
// CHECK-LABEL: func.func @while_invariant
// CHECK: %[[W:.*]] = stablehlo.while(%[[I:.*]] = %{{.*}}) : tensor<i32>
// CHECK: stablehlo.compare LT, %[[I]], %arg2
// CHECK: stablehlo.add %[[I]], %arg0
// CHECK: return %[[W]], %arg1, %arg2
func.func @while_invariant(%step: tensor<i32>, %x: tensor<3xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<3xf32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %zero, %v = %x, %m = %n) : tensor<i32>, tensor<3xf32>, tensor<i32>
   cond {
    %p = stablehlo.compare LT, %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %step : tensor<i32>
    stablehlo.return %j, %v, %m : tensor<i32>, tensor<3xf32>, tensor<i32>
  }
  return %0#0, %0#1, %0#2 : tensor<i32>, tensor<3xf32>, tensor<i32>
}

// -----

// Booleans compared for equality with a constant: NE false and EQ true are
// the operand; EQ false and NE true (a negation) and integers stay.
// CHECK-LABEL: func.func @compare_bool_with_constant
// CHECK-DAG: %[[EQF:.*]] = stablehlo.compare EQ, %arg0, %{{.*}}, UNSIGNED
// CHECK-DAG: %[[NET:.*]] = stablehlo.compare NE, %arg0, %{{.*}}, UNSIGNED
// CHECK-DAG: %[[INT:.*]] = stablehlo.compare EQ, %arg1, %{{.*}}, SIGNED
// CHECK: return %arg0, %arg0, %[[EQF]], %[[NET]], %[[INT]]
func.func @compare_bool_with_constant(%b: tensor<2xi1>, %i: tensor<2xi32>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
  %f = stablehlo.constant dense<false> : tensor<2xi1>
  %t = stablehlo.constant dense<true> : tensor<2xi1>
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.compare NE, %b, %f, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %1 = stablehlo.compare EQ, %t, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %2 = stablehlo.compare EQ, %b, %f, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %3 = stablehlo.compare NE, %b, %t, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %4 = stablehlo.compare EQ, %i, %one, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0, %1, %2, %3, %4 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
}

// -----

// transpose of a transpose is one transpose of the composed permutation (none
// when that is the identity); a reverse of a splat constant is the constant,
// of any other constant it stays.
// CHECK-LABEL: func.func @transpose_of_transpose_and_reverse_of_splat
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<7> : tensor<3xi32>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %arg0, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.reverse %[[C]], dims = [0] : tensor<3xi32>
// CHECK-NEXT: return %arg0, %[[T]], %[[S]], %[[R]]
func.func @transpose_of_transpose_and_reverse_of_splat(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.transpose %0, dims = [2, 0, 1] : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  %s = stablehlo.constant dense<7> : tensor<3xi32>
  %3 = stablehlo.reverse %s, dims = [0] : tensor<3xi32>
  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %4 = stablehlo.reverse %c, dims = [0] : tensor<3xi32>
  return %1, %2, %3, %4 : tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<3xi32>, tensor<3xi32>
}

// -----

// An op's own attributes survive its rewrite: a while that stops carrying a
// value, broadcast_in_dim as reshape or transpose; X * 1 -> X hands its
// frontend attributes to X's producer (its own win where both have one). An
// op that stays keeps its attributes, and its operand's producer is untouched.
// CHECK-LABEL: func.func @attributes_carried_over
// CHECK: %[[A:.*]] = stablehlo.add %arg1, %arg1 {mhlo.frontend_attributes = {bar = "1", foo = "1"}}
// CHECK: %[[B:.*]] = stablehlo.add %arg1, %arg1 {mhlo.frontend_attributes = {baz = "1"}}
// CHECK: %[[M:.*]] = stablehlo.multiply %[[B]], %{{.*}} {mhlo.frontend_attributes = {foo = "2"}}
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}) : tensor<i32> attributes {mhlo.frontend_attributes = {w = "1"}}
// CHECK: stablehlo.reshape %arg2 {mhlo.sharding = "{replicated}"} : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK: stablehlo.transpose %arg3, dims = [1, 0] {mhlo.sharding = "{replicated}"}
func.func @attributes_carried_over(%n: tensor<i32>, %x: tensor<f32>, %y: tensor<3xf32>, %z: tensor<2x3xf32>) -> (tensor<f32>, tensor<f32>, tensor<i32>, tensor<3x1xf32>, tensor<3x2xf32>) {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %a = stablehlo.add %x, %x {mhlo.frontend_attributes = {bar = "1", foo = "0"}} : tensor<f32>
  %0 = stablehlo.multiply %a, %one {mhlo.frontend_attributes = {foo = "1"}} : tensor<f32>
  %b = stablehlo.add %x, %x {mhlo.frontend_attributes = {baz = "1"}} : tensor<f32>
  %1 = stablehlo.multiply %b, %two {mhlo.frontend_attributes = {foo = "2"}} : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%i = %zero, %m = %n) : tensor<i32>, tensor<i32> attributes {mhlo.frontend_attributes = {w = "1"}}
   cond {
    %p = stablehlo.compare LT, %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %j, %m : tensor<i32>, tensor<i32>
  }
  %3 = stablehlo.broadcast_in_dim %y, dims = [0] {mhlo.sharding = "{replicated}"} : (tensor<3xf32>) -> tensor<3x1xf32>
  %4 = stablehlo.broadcast_in_dim %z, dims = [1, 0] {mhlo.sharding = "{replicated}"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %1, %2#0, %3, %4 : tensor<f32>, tensor<f32>, tensor<i32>, tensor<3x1xf32>, tensor<3x2xf32>
}

// -----

// A broadcast_in_dim of one that only inserts a unit dimension keeps that
// inner one (as a reshape), as upstream does; other nested ones merge.
// CHECK-LABEL: func.func @nested_broadcast_of_reshape
// CHECK-DAG: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<3x4xi32>) -> tensor<3x1x4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %[[R]], dims = [1, 0, 2] : (tensor<3x1x4xi32>) -> tensor<2x3x4x3xi32>
// CHECK-DAG: %[[M:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [3, 2] : (tensor<3x4xi32>) -> tensor<2x3x4x3xi32>
// CHECK: return %[[B]], %[[M]]
func.func @nested_broadcast_of_reshape(%arg0: tensor<3x4xi32>) -> (tensor<2x3x4x3xi32>, tensor<2x3x4x3xi32>) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x1x4xi32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 0, 2] : (tensor<3x1x4xi32>) -> tensor<2x3x4x3xi32>
  %2 = stablehlo.broadcast_in_dim %arg0, dims = [2, 1] : (tensor<3x4xi32>) -> tensor<1x4x3xi32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [0, 2, 3] : (tensor<1x4x3xi32>) -> tensor<2x3x4x3xi32>
  return %1, %3 : tensor<2x3x4x3xi32>, tensor<2x3x4x3xi32>
}
