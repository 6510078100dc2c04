// RUN: stablehlo-py opt %s --pipeline stablehlo-legalize-quant-to-math --split-input-file --verify-diagnostics | FileCheck %s

// Upstream's decomposition (passes/quant_upstream.py): the zero point added in float before
// rounding, clamped in the expressed type.
// CHECK-LABEL: func.func @quantize(%arg0: tensor<4xf32>) -> tensor<4xi8>
// CHECK-DAG: %[[S:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<3.000000e+00> : tensor<f32>
// CHECK-DAG: %[[LO:.*]] = stablehlo.constant dense<-1.280000e+02> : tensor<f32>
// CHECK-DAG: %[[HI:.*]] = stablehlo.constant dense<1.270000e+02> : tensor<f32>
// CHECK: %[[D:.*]] = chlo.broadcast_divide %arg0, %[[S]]
// CHECK-NEXT: %[[A:.*]] = chlo.broadcast_add %[[D]], %[[Z]]
// CHECK-NEXT: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[A]], %[[HI]]
// CHECK-NEXT: %[[R:.*]] = stablehlo.round_nearest_even %[[C]]
// CHECK-NEXT: stablehlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xi8>
func.func @quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// Add of one type: in i32, minus the zero point once, clamped to the storage range.
// CHECK-LABEL: func.func @add
// CHECK: %[[L:.*]] = stablehlo.convert %arg0 : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.convert %arg1 : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT: %[[Z:.*]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: %[[S:.*]] = chlo.broadcast_add %[[L]], %[[R]]
// CHECK-NEXT: %[[T:.*]] = chlo.broadcast_subtract %[[S]], %[[Z]]
// CHECK: stablehlo.clamp %{{.*}}, %[[T]], %{{.*}} : (tensor<i32>, tensor<4xi32>, tensor<i32>)
func.func @add(%a: tensor<4x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.add %a, %b : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

// dot_general in integers: the lhs zero point times the sums of the rhs over the contracted
// dimension, subtracted from the result's zero point (combined scale 2 * 3 / 6 = 1).
// CHECK-LABEL: func.func @dot_general
// CHECK: %[[DOT:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi32>
// CHECK: %[[SUM:.*]] = stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// CHECK: %[[PART:.*]] = chlo.broadcast_multiply %[[SUM]], %{{.*}}
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[PART]], dims = [1] : (tensor<4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<7> : tensor<i32>
// CHECK-NEXT: %[[SHIFT:.*]] = chlo.broadcast_subtract %[[ZP]], %[[B]]
// CHECK-NEXT: chlo.broadcast_add %[[DOT]], %[[SHIFT]]
func.func @dot_general(%a: tensor<2x3x!quant.uniform<i8:f32, 2.0:3>>, %b: tensor<3x4x!quant.uniform<i8:f32, 3.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 6.0:7>> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x4x!quant.uniform<i8:f32, 3.0>>) -> tensor<2x4x!quant.uniform<i32:f32, 6.0:7>>
  return %0 : tensor<2x4x!quant.uniform<i32:f32, 6.0:7>>
}

// -----

// Ops upstream does not legalize on quantized values fail (ours, the exact pass, takes them).
func.func @reverse(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 0.5>> {
  // expected-error@+1 {{failed to legalize operation 'stablehlo.reverse' that was explicitly marked illegal}}
  %0 = stablehlo.reverse %a, dims = [0] : tensor<4x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5>>
}
