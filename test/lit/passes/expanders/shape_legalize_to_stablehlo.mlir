// RUN: stablehlo-py opt %s --pipeline "func.func(shape-legalize-to-stablehlo)" --split-input-file | FileCheck %s

// shape_of: one get_dimension_size per dimension, concatenated as i32; cast back to index.
// CHECK-LABEL: func.func @shape_of
// CHECK-NEXT: %[[D0:.*]] = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK-NEXT: %[[R0:.*]] = stablehlo.reshape %[[D0]] : (tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT: %[[D1:.*]] = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK-NEXT: %[[R1:.*]] = stablehlo.reshape %[[D1]] : (tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.concatenate %[[R0]], %[[R1]], dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
// CHECK-NEXT: %[[I:.*]] = builtin.unrealized_conversion_cast %[[S]] : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT: return %[[I]]
func.func @shape_of(%x: tensor<?x4xf32>) -> tensor<2xindex> {
  %0 = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// A 0-D operand has the empty shape: a constant.
// CHECK-LABEL: func.func @shape_of_scalar
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<> : tensor<0xi32>
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[C]] : tensor<0xi32> to tensor<0xindex>
func.func @shape_of_scalar(%x: tensor<f32>) -> tensor<0xindex> {
  %0 = shape.shape_of %x : tensor<f32> -> tensor<0xindex>
  return %0 : tensor<0xindex>
}

// -----

// num_elements: the product of the extents, from 1, each sliced out.
// CHECK-LABEL: func.func @num_elements
// CHECK-NEXT: %[[S:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<2xindex> to tensor<2xi32>
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.slice %[[S]] [0:1]
// CHECK-NEXT: %[[AS:.*]] = stablehlo.reshape %[[A]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT: %[[P:.*]] = stablehlo.multiply %[[ONE]], %[[AS]]
// CHECK-NEXT: %[[B:.*]] = stablehlo.slice %[[S]] [1:2]
// CHECK-NEXT: %[[BS:.*]] = stablehlo.reshape %[[B]]
// CHECK-NEXT: %[[Q:.*]] = stablehlo.multiply %[[P]], %[[BS]]
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[Q]] : tensor<i32> to index
func.func @num_elements(%s: tensor<2xindex>) -> index {
  %0 = shape.num_elements %s : tensor<2xindex> -> index
  return %0 : index
}

// -----

// broadcast: the shorter shape padded with ones on the left, then the maximum; a constant operand
// goes last (the fold attempt of a commutative op), and two constant shapes fold to a constant.
// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<[4, 1, 3]> : tensor<3xi32>
// CHECK-NEXT: %[[KI:.*]] = builtin.unrealized_conversion_cast %[[K]] : tensor<3xi32> to tensor<3xindex>
// CHECK-NEXT: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<2xindex> to tensor<2xi32>
// CHECK-NEXT: %[[B:.*]] = builtin.unrealized_conversion_cast %[[KI]] : tensor<3xindex> to tensor<3xi32>
// CHECK-NEXT: %[[ONES:.*]] = stablehlo.constant dense<1> : tensor<1xi32>
// CHECK-NEXT: %[[PA:.*]] = stablehlo.concatenate %[[ONES]], %[[A]], dim = 0 : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
// CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[PA]], %[[B]] : tensor<3xi32>
// CHECK-NEXT: %[[MI:.*]] = builtin.unrealized_conversion_cast %[[M]] : tensor<3xi32> to tensor<3xindex>
// CHECK-NEXT: %[[L:.*]] = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[L]]
// CHECK-NEXT: %[[R:.*]] = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[R]]
// CHECK-NEXT: %[[F:.*]] = stablehlo.constant dense<[4, 3]> : tensor<2xi32>
// CHECK-NEXT: %[[FI:.*]] = builtin.unrealized_conversion_cast %[[F]]
// CHECK-NEXT: return %[[MI]], %[[FI]]
func.func @broadcast(%s: tensor<2xindex>) -> (tensor<3xindex>, tensor<2xindex>) {
  %k = shape.const_shape [4, 1, 3] : tensor<3xindex>
  %0 = shape.broadcast %k, %s : tensor<3xindex>, tensor<2xindex> -> tensor<3xindex>
  %l = shape.const_shape [4, 1] : tensor<2xindex>
  %r = shape.const_shape [1, 3] : tensor<2xindex>
  %1 = shape.broadcast %l, %r : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %0, %1 : tensor<3xindex>, tensor<2xindex>
}

// -----

// tensor.dim with a constant dimension; muli on index (a constant operand becomes a StableHLO
// constant; x * 1 folds to x); index_cast to i64 converts from i32.
// CHECK-LABEL: func.func @dim_muli_index_cast
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[D:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK-NEXT: %[[DI:.*]] = builtin.unrealized_conversion_cast %[[D]] : tensor<i32> to index
// CHECK-NEXT: %[[L:.*]] = builtin.unrealized_conversion_cast %[[DI]] : index to tensor<i32>
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[L]], %[[K]] : tensor<i32>
// CHECK-NEXT: %[[MI:.*]] = builtin.unrealized_conversion_cast %[[M]] : tensor<i32> to index
// CHECK-NEXT: %[[X:.*]] = builtin.unrealized_conversion_cast %[[MI]] : index to tensor<i32>
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %[[X]] : (tensor<i32>) -> tensor<i64>
// CHECK-NEXT: %[[WI:.*]] = builtin.unrealized_conversion_cast %[[W]] : tensor<i64> to i64
// CHECK-NEXT: return %[[WI]], %[[DI]]
func.func @dim_muli_index_cast(%x: tensor<?x3xf32>) -> (i64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %x, %c0 : tensor<?x3xf32>
  %m = arith.muli %c3, %d : index
  %w = arith.index_cast %m : index to i64
  %same = arith.muli %d, %c1 : index
  return %w, %same : i64, index
}

// -----

// from_elements to an extent tensor (constants become constants), extract with constant indices,
// from_elements to a 0-D tensor (a cast); dynamic_reshape gets an i32 shape.
// CHECK-LABEL: func.func @elements
// CHECK: %[[E:.*]] = builtin.unrealized_conversion_cast %arg1 : index to tensor<i32>
// CHECK-NEXT: %[[E1:.*]] = stablehlo.reshape %[[E]] : (tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<2> : tensor<1xi32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.concatenate %[[E1]], %[[K]], dim = 0
// CHECK-NEXT: %[[SI:.*]] = builtin.unrealized_conversion_cast %[[S]] : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT: %[[S32:.*]] = builtin.unrealized_conversion_cast %[[SI]] : tensor<2xindex> to tensor<2xi32>
// CHECK-NEXT: stablehlo.dynamic_reshape %arg0, %[[S32]] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x2xf32>
// CHECK: %[[T:.*]] = stablehlo.slice %arg2 [1:2, 0:1] : (tensor<2x2xi32>) -> tensor<1x1xi32>
// CHECK-NEXT: %[[TS:.*]] = stablehlo.reshape %[[T]] : (tensor<1x1xi32>) -> tensor<i32>
// CHECK-NEXT: %[[TI:.*]] = builtin.unrealized_conversion_cast %[[TS]] : tensor<i32> to i32
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[TI]] : i32 to tensor<i32>
func.func @elements(%x: tensor<?xf32>, %n: index, %t: tensor<2x2xi32>) -> (tensor<?x2xf32>, tensor<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = tensor.from_elements %n, %c2 : tensor<2xindex>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x2xf32>
  %e = tensor.extract %t[%c1, %c0] : tensor<2x2xi32>
  %z = tensor.from_elements %e : tensor<i32>
  return %r, %z : tensor<?x2xf32>, tensor<i32>
}
