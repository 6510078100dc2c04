// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=enable-primitive-ops --split-input-file | FileCheck %s --check-prefix=PRIMITIVE

// Unsigned types become signless; division guards a zero divisor (x / 0 is all ones).
// CHECK-LABEL: func.func @unsigned_divide(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4xi8>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<4xi8>, tensor<4xi8>) outs(%[[EMPTY]] : tensor<4xi8>)
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[D:.*]], %{{.*}} : i8
// CHECK: %[[SAFE:.*]] = arith.select %[[ZERO]], %{{.*}}, %[[D]] : i8
// CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %[[SAFE]] : i8
// CHECK: %[[R:.*]] = arith.select %[[ZERO]], %c-1_i8, %[[Q]] : i8
// CHECK: linalg.yield %[[R]] : i8
// PRIMITIVE-LABEL: func.func @unsigned_divide
// PRIMITIVE: linalg.map ins(%arg0, %arg1 : tensor<4xi8>, tensor<4xi8>)
func.func @unsigned_divide(%x: tensor<4xui8>, %y: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.divide %x, %y : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// A rank-0 predicate is read at every index; i1 values are stored as bytes.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @select_scalar_predicate(%arg0: tensor<i8>,
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK: %[[P:.*]] = arith.trunci %in : i8 to i1
// CHECK: arith.select %[[P]], %in_0, %in_1 : f32
// PRIMITIVE-LABEL: func.func @select_scalar_predicate
// PRIMITIVE: linalg.generic
func.func @select_scalar_predicate(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @bool_results(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<3xi8>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %in, %in_0 : i32
// CHECK: %[[BYTE:.*]] = arith.extui %[[LT]] : i1 to i8
// CHECK: linalg.yield %[[BYTE]] : i8
// CHECK: %[[B:.*]] = arith.trunci %in : i8 to i1
// CHECK: %[[NOT:.*]] = arith.xori %[[B]], %true : i1
// CHECK: arith.extui %[[NOT]] : i1 to i8
func.func @bool_results(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi1> {
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.not %0 : tensor<3xi1>
  return %1 : tensor<3xi1>
}

// -----

// Constants keep their bits: 255 : ui8 is -1 : i8, true is the byte 1.
// CHECK-LABEL: func.func @constants() -> (tensor<3xi8>, tensor<2xi8>)
// CHECK: arith.constant dense<[0, 1, -1]> : tensor<3xi8>
// CHECK: arith.constant dense<[1, 0]> : tensor<2xi8>
func.func @constants() -> (tensor<3xui8>, tensor<2xi1>) {
  %0 = stablehlo.constant dense<[0, 1, 255]> : tensor<3xui8>
  %1 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  return %0, %1 : tensor<3xui8>, tensor<2xi1>
}

// -----

// CHECK-DAG: #[[EXPAND:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @data_movement
// CHECK: linalg.generic {indexing_maps = [#[[EXPAND]], {{.*}}]
// CHECK: linalg.transpose ins(%arg0 : tensor<1x3xf32>) outs(%{{.*}} : tensor<3x1xf32>) permutation = [1, 0]
// CHECK: %[[SHAPE:.*]] = arith.constant dense<3> : tensor<1xindex>
// CHECK: tensor.reshape %arg0(%[[SHAPE]]) : (tensor<1x3xf32>, tensor<1xindex>) -> tensor<3xf32>
// CHECK: tensor.extract_slice %arg0[0, 0] [1, 2] [1, 2] : tensor<1x3xf32> to tensor<1x2xf32>
// CHECK: %[[FIRST:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0] [1, 3] [1, 1]
// CHECK: tensor.insert_slice %arg0 into %[[FIRST]][1, 0] [1, 3] [1, 1]
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[W:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: arith.trunci %[[W]] : i64 to i32
func.func @data_movement(%x: tensor<1x3xf32>) -> (tensor<4x3xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<1x2xf32>, tensor<2x3xf32>, tensor<2x3xi32>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x1xf32>
  %r = stablehlo.reshape %x : (tensor<1x3xf32>) -> tensor<3xf32>
  %s = stablehlo.slice %x [0:1, 0:3:2] : (tensor<1x3xf32>) -> tensor<1x2xf32>
  %c = stablehlo.concatenate %x, %x, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %b, %t, %r, %s, %c, %i : tensor<4x3xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<1x2xf32>, tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// f16 products accumulate in f32 and round once.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @dot_f16
// CHECK: %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x4xf16>, tensor<4x3xf16>) outs(%[[ACC]] : tensor<2x3xf32>)
// CHECK: %[[L:.*]] = arith.extf %in : f16 to f32
// CHECK: %[[R:.*]] = arith.extf %in_0 : f16 to f32
// CHECK: %[[M:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK: arith.addf %out, %[[M]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xf16>)
// CHECK: arith.truncf %in : f32 to f16
func.func @dot_f16(%a: tensor<2x4xf16>, %b: tensor<4x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xf16>, tensor<4x3xf16>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// The body runs as body(accumulator, element), in index order.
// CHECK-LABEL: func.func @reduce_sum
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<i32>
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%[[INIT]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<3x4xi32>) outs(%[[FILLED]] : tensor<4xi32>)
// CHECK: arith.addi %out, %in : i32
func.func @reduce_sum(%x: tensor<3x4xi32>, %init: tensor<i32>) -> tensor<4xi32> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
