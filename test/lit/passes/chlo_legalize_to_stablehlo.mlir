// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline stablehlo-py-chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// Broadcasting ops: each operand is broadcast to the result shape (numpy's trailing alignment),
// then the StableHLO op.
// CHECK-LABEL: func.func @broadcast_add
// CHECK-NOT: chlo.
// CHECK: %[[L:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[R:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK: %[[S:.*]] = stablehlo.add %[[L]], %[[R]] : tensor<3x4xf32>
// CHECK: return %[[S]]
func.func @broadcast_add(%arg0: tensor<4xf32>, %arg1: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// broadcast_dimensions places the lower-rank operand; the comparison keeps its direction and type.
// CHECK-LABEL: func.func @broadcast_compare
// CHECK: %[[R:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
// CHECK: stablehlo.compare GE, %arg0, %[[R]], TOTALORDER : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
func.func @broadcast_compare(%arg0: tensor<3x4xf32>, %arg1: tensor<3xf32>) -> tensor<3x4xi1> {
  %0 = chlo.broadcast_compare %arg0, %arg1 {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xi1>
  return %0 : tensor<3x4xi1>
}

// -----

// Same shapes: no broadcast at all.
// CHECK-LABEL: func.func @no_broadcast
// CHECK-NEXT: %[[P:.*]] = stablehlo.power %arg0, %arg1 : tensor<2xf32>
// CHECK-NEXT: return %[[P]]
func.func @no_broadcast(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.broadcast_power %arg0, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// `?` sizes: the result shape is computed at run time, in upstream's shape dialect form
// (chlo_legalize_to_stablehlo_shapes.mlir has the details).
// CHECK-LABEL: func.func @dynamic
// CHECK: shape.assuming
// CHECK: %[[SHAPE:.*]] = shape.broadcast {{.*}} -> tensor<2xindex>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %[[SHAPE]], dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg1, %[[SHAPE]], dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK: stablehlo.multiply
func.func @dynamic(%arg0: tensor<?xf32>, %arg1: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = chlo.broadcast_multiply %arg0, %arg1 : (tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @top_k
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<2x5xi32>
// CHECK: %[[SORTED:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare GT, {{.*}}, TOTALORDER
// CHECK: stablehlo.slice %[[SORTED]]#0 [0:2, 0:3] : (tensor<2x5xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.slice %[[SORTED]]#1 [0:2, 0:3] : (tensor<2x5xi32>) -> tensor<2x3xi32>
func.func @top_k(%arg0: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %values, %indices : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @small_ops
// CHECK-NOT: chlo.
// CHECK: %[[ABS:.*]] = stablehlo.abs %arg0
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK: %[[ISINF:.*]] = stablehlo.compare EQ, %[[ABS]], %[[INF]]
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[RE:.*]] = stablehlo.real %arg1
// CHECK: %[[IM:.*]] = stablehlo.imag %arg1
// CHECK: %[[NEG:.*]] = stablehlo.negate %[[IM]]
// CHECK: %[[CONJ:.*]] = stablehlo.complex %[[RE]], %[[NEG]]
// CHECK: stablehlo.convert %arg2 : (tensor<4xi32>) -> tensor<4xi64>
// CHECK: %[[PRODUCT:.*]] = stablehlo.multiply {{.*}} : tensor<4xi64>
// CHECK: %[[HIGH:.*]] = stablehlo.shift_right_arithmetic %[[PRODUCT]], {{.*}} : tensor<4xi64>
// CHECK: %[[MULHI:.*]] = stablehlo.convert %[[HIGH]] : (tensor<4xi64>) -> tensor<4xi32>
// CHECK: return %[[ISINF]], %[[TWO]], %[[CONJ]], %[[MULHI]]
func.func @small_ops(%arg0: tensor<4xf32>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xi32>) {
  %0 = chlo.is_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %1 = "chlo.constant_like"(%arg0) <{value = 2.0 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  %2 = chlo.conj %arg1 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %3 = chlo.mulhi %arg2, %arg2 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xi32>
}

// -----

// Special functions of narrow floats are computed in f32 and rounded once.
// CHECK-LABEL: func.func @lgamma_bf16
// CHECK: stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.log_plus_one {{.*}} : tensor<4xf32>
// CHECK: stablehlo.sine {{.*}} : tensor<4xf32>
// CHECK: %[[R:.*]] = stablehlo.convert {{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: return %[[R]]
func.func @lgamma_bf16(%arg0: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.lgamma %arg0 : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// scan: a while loop over the dimension; the body (its chlo ops legalized too) moves into the loop.
// CHECK-LABEL: func.func @scan
// CHECK-NOT: chlo.
// CHECK: stablehlo.while
// CHECK: stablehlo.dynamic_slice
// CHECK: stablehlo.exponential
// CHECK: stablehlo.dynamic_update_slice
func.func @scan(%arg0: tensor<5x3xf32>, %arg1: tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>) {
  %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=0 {
  ^bb0(%in: tensor<3xf32>, %acc: tensor<3xf32>):
    %s = stablehlo.add %in, %acc : tensor<3xf32>
    %e = chlo.erfc %s : tensor<3xf32> -> tensor<3xf32>
    stablehlo.return %e, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<5x3xf32>, tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<5x3xf32>, tensor<3xf32>
}
