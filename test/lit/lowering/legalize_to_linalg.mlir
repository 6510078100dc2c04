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
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<1x3xf32> into tensor<3xf32>
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

// -----

// while, if and case become scf.while (the condition's return an scf.condition), scf.if and
// scf.index_switch (the last branch is the default: an index out of range runs it).
// CHECK-LABEL: func.func @control_flow(%arg0: tensor<i32>, %arg1: tensor<i8>)
// CHECK: scf.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32>
// CHECK: %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i8>
// CHECK: %[[B:.*]] = arith.trunci %[[C]] : i8 to i1
// CHECK: scf.condition(%[[B]]) %[[I]] : tensor<i32>
// CHECK: } do {
// CHECK: scf.yield %{{.*}} : tensor<i32>
// CHECK: %[[P:.*]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: scf.if %[[P]] -> (tensor<i32>)
// CHECK: %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: scf.index_switch %[[K]] -> tensor<i32>
// CHECK-NEXT: case 0 {
// CHECK: default {
func.func @control_flow(%n: tensor<i32>, %p: tensor<i1>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.while(%i = %zero) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2 : tensor<i32>
  }
  %1 = "stablehlo.if"(%p) ({
    stablehlo.return %one : tensor<i32>
  }, {
    stablehlo.return %zero : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  %2 = "stablehlo.case"(%n) ({
    stablehlo.return %one : tensor<i32>
  }, {
    stablehlo.return %zero : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0, %1, %2 : tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// Start indices are clamped into [0, size - slice size] (unsigned ones by minui alone); pad
// fills, inserts every interior + 1 elements, then crops a negative edge.
// CHECK: #[[REVERSED:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1)>
// CHECK-LABEL: func.func @slices
// CHECK: %[[S0:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK: %[[M0:.*]] = arith.minui %[[S0]], %c1_i64 : i64
// CHECK: %[[O0:.*]] = arith.index_cast %[[M0]] : i64 to index
// CHECK: %[[S1:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK: %[[M1:.*]] = arith.minui %[[S1]], %c2_i64 : i64
// CHECK: %[[O1:.*]] = arith.index_cast %[[M1]] : i64 to index
// CHECK: tensor.extract_slice %arg0[%[[O0]], %[[O1]]] [2, 2] [1, 1] : tensor<3x4xi32> to tensor<2x2xi32>
// CHECK: tensor.insert_slice %arg2 into %arg0[%{{.*}}, %{{.*}}] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<3x4xi32>
// CHECK: linalg.generic {indexing_maps = [#[[REVERSED]],
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<4x7xi32>)
// CHECK: %[[IN:.*]] = tensor.insert_slice %arg0 into %[[FILL]][1, 0] [3, 4] [1, 2] : tensor<3x4xi32> into tensor<4x7xi32>
// CHECK: tensor.extract_slice %[[IN]][0, 1] [4, 6] [1, 1] : tensor<4x7xi32> to tensor<4x6xi32>
func.func @slices(%x: tensor<3x4xi32>, %i: tensor<ui8>, %u: tensor<2x2xi32>) -> (tensor<2x2xi32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<4x6xi32>) {
  %s = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<3x4xi32>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xi32>
  %d = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<ui8>, tensor<ui8>) -> tensor<3x4xi32>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %x, %z, low = [1, -1], high = [0, 0], interior = [0, 1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4x6xi32>
  return %s, %d, %r, %p : tensor<2x2xi32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<4x6xi32>
}

// -----

// convolution: the lhs padded (lhs dilation as interior padding), then one sum of products over
// the output, the kernel window and the group's input features (a kernel-shaped operand gives
// their bounds), the feature group in the lhs's feature index.
// CHECK: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 + d5 * 2, (d3 floordiv 3) * 2 + d6)>
// CHECK: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6)>
// CHECK: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 1, 0, 0] [2, 7, 6, 4] [1, 2, 1, 1] : tensor<2x7x6x4xf32> into tensor<2x16x7x4xf32>
// CHECK: %[[W:.*]] = tensor.empty() : tensor<3x2x2xi8>
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[WINDOW]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[PADDED]], %arg1, %[[W]] : tensor<2x16x7x4xf32>, tensor<3x2x2x6xf32>, tensor<3x2x2xi8>)
// CHECK: arith.mulf
// CHECK: arith.addf %out
func.func @conv(%x: tensor<2x7x6x4xf32>, %k: tensor<3x2x2x6xf32>) -> tensor<2x7x5x6xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 2], [0, 1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x7x6x4xf32>, tensor<3x2x2x6xf32>) -> tensor<2x7x5x6xf32>
  return %0 : tensor<2x7x5x6xf32>
}

// -----

// gather: the result's batch index picks the start index, clamped into [0, 5 - 1]; the offset
// dimension adds to the operand dimension that is not collapsed.
// CHECK-LABEL: func.func @embedding
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[COLUMN:.*]] = linalg.index 1 : index
// CHECK: %[[ID:.*]] = tensor.extract %arg1[%[[ROW]]] : tensor<4xi32>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[ID]] : i32 to i64
// CHECK: %[[BELOW:.*]] = arith.minsi %[[WIDE]], %c4_i64 : i64
// CHECK: %[[CLAMPED:.*]] = arith.maxsi %[[BELOW]], %c0_i64 : i64
// CHECK: %[[START:.*]] = arith.index_cast %[[CLAMPED]] : i64 to index
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[COLUMN]] : index
// CHECK: tensor.extract %arg0[%[[START]], %[[AT]]] : tensor<5x3xf32>
func.func @embedding(%table: tensor<5x3xf32>, %ids: tensor<4xi32>) -> tensor<4x3xf32> {
  %0 = "stablehlo.gather"(%table, %ids) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<5x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
