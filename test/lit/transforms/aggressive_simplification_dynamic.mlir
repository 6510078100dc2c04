// stablehlo-aggressive-simplification: dynamic ops whose shape operands are
// known become static ones; gather of a constant index, broadcast_in_dim as
// transpose or reshape; select as constant, max/min; unused reduce and sort
// results; element-wise ops before shape ops. And the cases left alone.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-simplification | FileCheck %s

// CHECK-LABEL: func.func @dynamic_to_static
// CHECK-DAG: stablehlo.slice %arg0 [3:5, 0:4] : (tensor<5x4xf32>) -> tensor<2x4xf32>
// CHECK-DAG: stablehlo.pad %arg0, %arg2, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<6x5xf32>
// CHECK-DAG: stablehlo.reshape %arg1 : (tensor<?x4xf32>) -> tensor<2x10xf32>
// CHECK-DAG: stablehlo.slice %arg1 [0:2:2, 1:4] : (tensor<?x4xf32>) -> tensor<1x3xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.iota dim = 0 : tensor<3xi32>
// CHECK-DAG: stablehlo.broadcast_in_dim %[[I]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
// CHECK-DAG: stablehlo.convert %[[B]] : (tensor<4x3xf32>) -> tensor<?x3xf32>
// CHECK-NOT: stablehlo.dynamic
// CHECK-NOT: stablehlo.real_dynamic_slice
func.func @dynamic_to_static(%x: tensor<5x4xf32>, %y: tensor<?x4xf32>, %p: tensor<f32>, %s: tensor<1xindex>) -> (tensor<2x4xf32>, tensor<6x5xf32>, tensor<2x10xf32>, tensor<1x3xf32>, tensor<2x3xi32>, tensor<?x3xf32>) {
  // the start 9 is clamped to 5 - 2 = 3
  %c9 = stablehlo.constant dense<9> : tensor<i64>
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.dynamic_slice %x, %c9, %c0, sizes = [2, 4] : (tensor<5x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %high = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %interior = stablehlo.constant dense<0> : tensor<2xi32>
  %1 = stablehlo.dynamic_pad %x, %p, %low, %high, %interior : (tensor<5x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<6x5xf32>
  %shape = stablehlo.constant dense<[2, 10]> : tensor<2xi32>
  %2 = stablehlo.dynamic_reshape %y, %shape : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<2x10xf32>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi32>
  %e = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
  %st = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %3 = stablehlo.real_dynamic_slice %y, %b, %e, %st : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x3xf32>
  %is = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %4 = stablehlo.dynamic_iota %is, dim = 1 : (tensor<2xi32>) -> tensor<2x3xi32>
  %bs = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  %5 = stablehlo.dynamic_broadcast_in_dim %p, %bs, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x4xf32>, tensor<6x5xf32>, tensor<2x10xf32>, tensor<1x3xf32>, tensor<2x3xi32>, tensor<?x3xf32>
}

// -----

// Unknown shapes stay dynamic; an index shape for a dynamic iota dimension
// is cast to i64 by arith.index_cast (as upstream's simplifier casts it).
// CHECK-LABEL: func.func @stay_dynamic
// CHECK: stablehlo.dynamic_slice
// CHECK: stablehlo.dynamic_reshape
// CHECK: arith.index_cast %arg3 : tensor<2xindex> to tensor<2xi64>
// CHECK: stablehlo.dynamic_iota %{{.+}}, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
func.func @stay_dynamic(%x: tensor<?x4xf32>, %i: tensor<i64>, %s: tensor<2xi32>, %t: tensor<2xindex>) -> (tensor<1x4xf32>, tensor<?x?xf32>, tensor<5x?xi32>) {
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 4] : (tensor<?x4xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  %1 = stablehlo.dynamic_reshape %x, %s : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_iota %t, dim = 1 : (tensor<2xindex>) -> tensor<5x?xi32>
  return %0, %1, %2 : tensor<1x4xf32>, tensor<?x?xf32>, tensor<5x?xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic_iota_and_gather
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<5xi32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %[[IOTA]], %arg0, dims = [0] : (tensor<5xi32>, tensor<2xi64>) -> tensor<5x?xi32>
// CHECK: %[[SIZE:.*]] = stablehlo.slice %arg0 [1:2] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK: %[[LINE:.*]] = stablehlo.dynamic_iota %[[SIZE]], dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %[[LINE]], %arg0, dims = [1] : (tensor<?xi32>, tensor<2xi64>) -> tensor<5x?xi32>
// CHECK: "stablehlo.gather"(%arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}>
func.func @dynamic_iota_and_gather(%s: tensor<2xi64>, %x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> (tensor<5x?xi32>, tensor<5x?xi32>, tensor<2x3xf32>) {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<5x?xi32>
  %1 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<5x?xi32>
  %sizes = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %2 = "stablehlo.dynamic_gather"(%x, %i, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1,>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<5x?xi32>, tensor<5x?xi32>, tensor<2x3xf32>
}

// -----

// A gather of one constant index vector is a slice; its start is clamped.
// CHECK-LABEL: func.func @gather_of_constant_index
// CHECK: %[[S:.*]] = stablehlo.slice %arg0 [2:3, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
// CHECK: stablehlo.reshape %[[S]] : (tensor<1x3xf32>) -> tensor<3xf32>
// CHECK: stablehlo.slice %arg0 [0:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
func.func @gather_of_constant_index(%x: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %two = stablehlo.constant dense<[2]> : tensor<1xi32>
  %0 = "stablehlo.gather"(%x, %two) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  %neg = stablehlo.constant dense<-7> : tensor<i32>
  %1 = "stablehlo.gather"(%x, %neg) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0], index_vector_dim = 0,>, slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_in_dim_as_transpose_or_reshape
// CHECK-DAG: stablehlo.transpose %arg0, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-DAG: stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK-DAG: stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4x5xf32>
func.func @broadcast_in_dim_as_transpose_or_reshape(%x: tensor<2x3x4xf32>) -> (tensor<3x4x2xf32>, tensor<2x1x3x4xf32>, tensor<2x3x4x5xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = stablehlo.broadcast_in_dim %x, dims = [0, 2, 3] : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  %2 = stablehlo.broadcast_in_dim %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4x5xf32>
  return %0, %1, %2 : tensor<3x4x2xf32>, tensor<2x1x3x4xf32>, tensor<2x3x4x5xf32>
}

// -----

// select: of constants; as max/min on integers (compared as their type
// reads them); floats keep the select (NaN, signed zeros).
// CHECK-LABEL: func.func @select_forms
// CHECK-DAG: stablehlo.constant dense<[10, 2, 30]> : tensor<3xi32>
// CHECK-DAG: stablehlo.maximum %arg0, %arg1 : tensor<3xi32>
// CHECK-DAG: stablehlo.minimum %arg1, %arg0 : tensor<3xi32>
// CHECK-DAG: stablehlo.maximum %arg2, %arg3 : tensor<3xui32>
// CHECK-DAG: stablehlo.select %{{.*}}, %arg4, %arg5 : tensor<3xi1>, tensor<3xf32>
// CHECK-DAG: %[[MIXED:.*]] = stablehlo.compare GT, %arg2, %arg3, SIGNED
// CHECK-DAG: stablehlo.select %[[MIXED]], %arg2, %arg3
func.func @select_forms(%a: tensor<3xi32>, %b: tensor<3xi32>, %ua: tensor<3xui32>, %ub: tensor<3xui32>, %fa: tensor<3xf32>, %fb: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui32>, tensor<3xf32>, tensor<3xui32>) {
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %t = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %f = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = stablehlo.select %p, %t, %f : tensor<3xi1>, tensor<3xi32>
  %ge = stablehlo.compare GE, %a, %b, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.select %ge, %a, %b : tensor<3xi1>, tensor<3xi32>
  %2 = stablehlo.select %ge, %b, %a : tensor<3xi1>, tensor<3xi32>
  %ugt = stablehlo.compare GT, %ua, %ub, UNSIGNED : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi1>
  %3 = stablehlo.select %ugt, %ua, %ub : tensor<3xi1>, tensor<3xui32>
  %fgt = stablehlo.compare GT, %fa, %fb, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %4 = stablehlo.select %fgt, %fa, %fb : tensor<3xi1>, tensor<3xf32>
  %sgt = stablehlo.compare GT, %ua, %ub, SIGNED : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi1>
  %5 = stablehlo.select %sgt, %ua, %ub : tensor<3xi1>, tensor<3xui32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xui32>, tensor<3xf32>, tensor<3xui32>
}

// -----

// CHECK-LABEL: func.func @select_of_broadcast_not
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
// CHECK: stablehlo.select %[[B]], %arg2, %arg1
func.func @select_of_broadcast_not(%p: tensor<1xi1>, %t: tensor<3xf32>, %f: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.not %p : tensor<1xi1>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
  %2 = stablehlo.select %1, %t, %f : tensor<3xi1>, tensor<3xf32>
  return %2 : tensor<3xf32>
}

// -----

// Unused reduce results go when the results read use only their own
// operand pairs; otherwise the reduce stays whole.
// CHECK-LABEL: func.func @reduce_unused
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}), (%arg1 init: %{{.*}}) across dimensions = [0]
func.func @reduce_unused(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<i32>, tensor<i32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%a init: %z), (%b init: %z) across dimensions = [0] : (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
   reducer(%x0: tensor<i32>, %y0: tensor<i32>) (%x1: tensor<i32>, %y1: tensor<i32>) {
    %s = stablehlo.add %x0, %y0 : tensor<i32>
    %m = stablehlo.multiply %x1, %y1 : tensor<i32>
    stablehlo.return %s, %m : tensor<i32>, tensor<i32>
  }
  // result 0 reads pair 1 too: it stays
  %1:2 = stablehlo.reduce(%a init: %z), (%b init: %z) across dimensions = [0] : (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
   reducer(%x0: tensor<i32>, %y0: tensor<i32>) (%x1: tensor<i32>, %y1: tensor<i32>) {
    %s = stablehlo.add %x0, %y1 : tensor<i32>
    %m = stablehlo.multiply %x1, %y1 : tensor<i32>
    stablehlo.return %s, %m : tensor<i32>, tensor<i32>
  }
  return %0#0, %1#0 : tensor<i32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @reduce_no_dimensions_and_sort
// CHECK: %[[S:.*]] = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = false}>
// CHECK: return %arg0, %[[S]]
func.func @reduce_no_dimensions_and_sort(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  %1:2 = "stablehlo.sort"(%a, %b) <{dimension = -1 : i64, is_stable = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>, %u: tensor<i32>, %v: tensor<i32>):
    %c = stablehlo.compare GT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
  return %0, %1#0 : tensor<2x3xi32>, tensor<2x3xi32>
}

// -----

// Element-wise ops move before reshape, broadcast and transpose that
// nothing else reads.
// CHECK-LABEL: func.func @elementwise_before_shape_ops
// CHECK: %[[C:.*]] = stablehlo.convert %arg0 : (tensor<2x3xi32>) -> tensor<2x3xf32>
// CHECK: %[[A:.*]] = stablehlo.abs %[[C]] : tensor<2x3xf32>
// CHECK: stablehlo.transpose %[[A]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3xi32>) -> tensor<6xi32>
// CHECK: stablehlo.negate %[[R]] : tensor<6xi32>
func.func @elementwise_before_shape_ops(%x: tensor<2x3xi32>) -> (tensor<3x2xf32>, tensor<6xi32>, tensor<6xi32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = stablehlo.convert %0 : (tensor<3x2xi32>) -> tensor<3x2xf32>
  %2 = stablehlo.abs %1 : tensor<3x2xf32>
  // the reshape has two readers: it stays first
  %3 = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<6xi32>
  %4 = stablehlo.negate %3 : tensor<6xi32>
  return %2, %4, %3 : tensor<3x2xf32>, tensor<6xi32>, tensor<6xi32>
}
