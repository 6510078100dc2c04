// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo,cse,canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// A `?` size with numpy's alignment: upstream's form. The operands' shapes (shape.shape_of) must
// broadcast (shape.cstr_broadcastable); in the region that witness guards (which takes the
// shapes anew, as upstream's does), each operand is broadcast to the shape.broadcast of the
// shapes and the op applied.
// CHECK-LABEL: func.func @sub_of_column_and_row
// CHECK-DAG: %[[RS:.*]] = shape.shape_of %arg0 : tensor<?x1xi32> -> tensor<2xindex>
// CHECK-DAG: %[[CS:.*]] = shape.shape_of %arg1 : tensor<?xi32> -> tensor<1xindex>
// CHECK: %[[OK:.*]] = shape.cstr_broadcastable %[[RS]], %[[CS]] : tensor<2xindex>, tensor<1xindex>
// CHECK: %[[OUT:.*]] = shape.assuming %[[OK]] -> (tensor<?x?xi32>) {
// CHECK:   %[[RS2:.*]] = shape.shape_of %arg0
// CHECK:   %[[CS2:.*]] = shape.shape_of %arg1
// CHECK:   %[[EXT:.*]] = shape.broadcast %[[RS2]], %[[CS2]] : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
// CHECK:   %[[A:.*]] = stablehlo.dynamic_broadcast_in_dim %arg0, %[[EXT]], dims = [0, 1] : (tensor<?x1xi32>, tensor<2xindex>) -> tensor<?x?xi32>
// CHECK:   %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %arg1, %[[EXT]], dims = [1] : (tensor<?xi32>, tensor<2xindex>) -> tensor<?x?xi32>
// CHECK:   %[[D:.*]] = stablehlo.subtract %[[A]], %[[B]] : tensor<?x?xi32>
// CHECK:   shape.assuming_yield %[[D]] : tensor<?x?xi32>
// CHECK: return %[[OUT]]
// cse merges the shapes taken twice.
// CANON-LABEL: func.func @sub_of_column_and_row
// CANON-COUNT-2: shape.shape_of
// CANON-NOT: shape.shape_of
// CANON: return
func.func @sub_of_column_and_row(%arg0: tensor<?x1xi32>, %arg1: tensor<?xi32>) -> tensor<?x?xi32> {
  %0 = chlo.broadcast_subtract %arg0, %arg1 : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// broadcast_select broadcasts its predicate too, all three in one region.
// CHECK-LABEL: func.func @select_of_dynamic_rows
// CHECK: shape.cstr_broadcastable {{.*}} : tensor<2xindex>, tensor<3xindex>, tensor<1xindex>
// CHECK: shape.assuming
// CHECK: shape.broadcast {{.*}} -> tensor<3xindex>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, {{.*}}, dims = [1, 2] : (tensor<5x?xi1>, tensor<3xindex>) -> tensor<2x5x?xi1>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg1, {{.*}}, dims = [0, 1, 2]
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg2, {{.*}}, dims = [2]
// CHECK: stablehlo.select {{.*}} : tensor<2x5x?xi1>, tensor<2x5x?xf32>
// CANON-LABEL: func.func @select_of_dynamic_rows
// CANON-DAG: shape.const_shape [2, 5, 1] : tensor<3xindex>
func.func @select_of_dynamic_rows(%arg0: tensor<5x?xi1>, %arg1: tensor<2x5x1xf32>, %arg2: tensor<?xf32>) -> tensor<2x5x?xf32> {
  %0 = "chlo.broadcast_select"(%arg0, %arg1, %arg2) : (tensor<5x?xi1>, tensor<2x5x1xf32>, tensor<?xf32>) -> tensor<2x5x?xf32>
  return %0 : tensor<2x5x?xf32>
}

// -----

// A scalar predicate is stablehlo.select's own form: nothing is broadcast.
// CHECK-LABEL: func.func @select_by_one_flag
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<3x2xf16>
// CHECK-NEXT: return %[[R]]
func.func @select_by_one_flag(%arg0: tensor<i1>, %arg1: tensor<3x2xf16>, %arg2: tensor<3x2xf16>) -> tensor<3x2xf16> {
  %0 = "chlo.broadcast_select"(%arg0, %arg1, %arg2) : (tensor<i1>, tensor<3x2xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

// constant_like of a `?`-sized operand: the splat broadcast to the operand's shape.shape_of.
// CHECK-LABEL: func.func @ones_like_dynamic
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i8>
// CHECK-DAG: %[[S:.*]] = shape.shape_of %arg0 : tensor<3x?xi8> -> tensor<2xindex>
// CHECK: stablehlo.dynamic_broadcast_in_dim %[[ONE]], %[[S]], dims = [] : (tensor<i8>, tensor<2xindex>) -> tensor<3x?xi8>
func.func @ones_like_dynamic(%arg0: tensor<3x?xi8>) -> tensor<3x?xi8> {
  %0 = "chlo.constant_like"(%arg0) <{value = 1 : i8}> : (tensor<3x?xi8>) -> tensor<3x?xi8>
  return %0 : tensor<3x?xi8>
}

// -----

// broadcast_dimensions other than numpy's alignment with `?` sizes (upstream rejects them):
// the run-time shape from get_dimension_size.
// CHECK-LABEL: func.func @dynamic_leading_dims
// CHECK-NOT: shape.
// CHECK: stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg1, {{.*}}, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x4xf32>
func.func @dynamic_leading_dims(%arg0: tensor<?x4xf32>, %arg1: tensor<?xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// top_k with `?` sizes: the sizes as i64 (get_dimension_size), a dynamic_iota of that shape, the
// stable sort, and real_dynamic_slice up to the same sizes with k in the last place.
// CHECK-LABEL: func.func @top_three_of_rows
// CHECK: %[[N:.*]] = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x6xi16>) -> tensor<i32>
// CHECK: %[[N64:.*]] = stablehlo.convert %[[N]] : (tensor<i32>) -> tensor<i64>
// CHECK: %[[N1:.*]] = stablehlo.reshape %[[N64]] : (tensor<i64>) -> tensor<1xi64>
// CHECK: %[[SHAPE:.*]] = stablehlo.concatenate %[[N1]], {{.*}}, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
// CHECK: %[[K:.*]] = stablehlo.constant dense<3> : tensor<i64>
// CHECK: %[[K1:.*]] = stablehlo.reshape %[[K]] : (tensor<i64>) -> tensor<1xi64>
// CHECK: %[[LIMIT:.*]] = stablehlo.concatenate %[[N1]], %[[K1]], dim = 0
// CHECK: %[[IOTA:.*]] = stablehlo.dynamic_iota %[[SHAPE]], dim = 1 : (tensor<2xi64>) -> tensor<?x6xi32>
// CHECK: %[[SORTED:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]])
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<2xi64>
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<2xi64>
// CHECK: stablehlo.real_dynamic_slice %[[SORTED]]#0, %[[ZERO]], %[[LIMIT]], %[[ONE]] : {{.*}} -> tensor<?x3xi16>
// CHECK: stablehlo.real_dynamic_slice %[[SORTED]]#1, %[[ZERO]], %[[LIMIT]], %[[ONE]] : {{.*}} -> tensor<?x3xi32>
func.func @top_three_of_rows(%arg0: tensor<?x6xi16>) -> (tensor<?x3xi16>, tensor<?x3xi32>) {
  %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<?x6xi16> -> (tensor<?x3xi16>, tensor<?x3xi32>)
  return %values, %indices : tensor<?x3xi16>, tensor<?x3xi32>
}

// -----

// Static shapes: an operand of lower rank is first reshaped to the result's rank (unit
// dimensions in front), then broadcast along the identity; one of the result's shape is used as
// it is, a scalar is broadcast as it is.
// CHECK-LABEL: func.func @select_rank_expanded
// CHECK-NEXT: %[[P:.*]] = stablehlo.reshape %arg0 : (tensor<4xi1>) -> tensor<1x1x4xi1>
// CHECK-NEXT: %[[T:.*]] = stablehlo.reshape %arg1 : (tensor<3x1xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %[[PB:.*]] = stablehlo.broadcast_in_dim %[[P]], dims = [0, 1, 2] : (tensor<1x1x4xi1>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %[[TB:.*]] = stablehlo.broadcast_in_dim %[[T]], dims = [0, 1, 2] : (tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.select %[[PB]], %[[TB]], %arg2
// CHECK-NEXT: return %[[R]]
func.func @select_rank_expanded(%arg0: tensor<4xi1>, %arg1: tensor<3x1xf32>, %arg2: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "chlo.broadcast_select"(%arg0, %arg1, %arg2) : (tensor<4xi1>, tensor<3x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @select_scalar_operand
// CHECK-NEXT: %[[F:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: stablehlo.select %arg0, %arg1, %[[F]]
func.func @select_scalar_operand(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "chlo.broadcast_select"(%arg0, %arg1, %arg2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
