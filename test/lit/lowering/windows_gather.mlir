// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --canonicalize --split-input-file | FileCheck %s

// reduce_window (LowerReduceWindow.cpp): an scf.forall over the result's rows
// (here rows of 3 along the last dimension, which the window moves along; the
// compiled backend runs them on threads), each row written by its own
// parallel_insert_slice, and loops over the window positions in index order; each position folds a row of the input
// read in place (stride 2, no padded copy). The first position starts from
// init (a select, no fill).
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: scf.forall (%[[I:.*]]) in (2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<2x3xf32>)
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK: scf.for %[[KI:.*]] = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[ROW]]) -> (tensor<3xf32>)
// CHECK: scf.for %[[KJ:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<3xf32>)
// CHECK: %[[FIRSTI:.*]] = arith.cmpi eq, %[[KI]], %c0 : index
// CHECK: %[[FIRSTJ:.*]] = arith.cmpi eq, %[[KJ]], %c0 : index
// CHECK: %[[FIRST:.*]] = arith.andi %[[FIRSTI]], %[[FIRSTJ]] : i1
// CHECK: %[[SCALED:.*]] = arith.muli %[[I]], %c2 : index
// CHECK: %[[AT:.*]] = arith.addi %[[SCALED]], %[[KI]] : index
// CHECK: %[[READ:.*]] = tensor.extract_slice %arg0[%[[AT]], %[[KJ]]] [1, 3] [1, 2] : tensor<4x6xf32> to tensor<3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[READ]] : tensor<3xf32>) outs(%[[ACC]] : tensor<3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[CURRENT:.*]]: f32):
// CHECK: %[[START:.*]] = arith.select %[[FIRST]], %[[INIT]], %[[CURRENT]] : f32
// CHECK: arith.cmpf oge, %[[START]], %[[IN]] : f32
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[OUT]][%[[I]], 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<2x3xf32>
func.func @max_pool(%x: tensor<4x6xf32>, %lo: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reduce_window"(%x, %lo) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// NHWC pooling with padding: the rows are the result's W x C (C, which the
// window does not move along, rides along); a window row in H's padding
// folds init into the whole row; along W the results [lo, hi) read the input
// (a stride-2 slice of W, all of C) and those outside fold init.
// CHECK-LABEL: func.func @sum_pool_nhwc
// CHECK: scf.forall (%[[N:.*]], %[[H:.*]]) in (2, 3) shared_outs
// CHECK: tensor.extract_slice %{{.*}}[%[[N]], %[[H]], 0, 0] [1, 1, 3, 8] [1, 1, 1, 1] : tensor<2x3x3x8xf32> to tensor<3x8xf32>
// CHECK: scf.for %[[KH:.*]] = %c0 to %c3 step %c1 iter_args
// CHECK: scf.for %[[KW:.*]] = %c0 to %c3 step %c1 iter_args
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %c5 : index
// CHECK: %[[ROWH:.*]] = arith.select %[[INSIDE]], %{{.*}}, %c0 : index
// CHECK: %[[LO:.*]] = arith.select %[[INSIDE]], %{{.*}}, %c0 : index
// CHECK: %[[HI:.*]] = arith.select %[[INSIDE]], %{{.*}}, %c0 : index
// CHECK: %[[READ:.*]] = tensor.extract_slice %arg0[%[[N]], %[[ROWH]], %{{.*}}, 0] [1, 1, %{{.*}}, 8] [1, 1, 2, 1] : tensor<2x5x5x8xf32> to tensor<?x8xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [%[[LO]], 8] [1, 1] : tensor<3x8xf32> to tensor<?x8xf32>
// CHECK: linalg.generic
// CHECK-NOT: ins(
// CHECK: arith.addf %{{.*}}, %[[INIT:.*]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[READ]] : tensor<?x8xf32>)
// CHECK: linalg.generic
// CHECK: arith.addf %{{.*}}, %[[INIT]] : f32
func.func @sum_pool_nhwc(%x: tensor<2x5x5x8xf32>, %zero: tensor<f32>) -> tensor<2x3x3x8xf32> {
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<2x5x5x8xf32>, tensor<f32>) -> tensor<2x3x3x8xf32>
  return %0 : tensor<2x3x3x8xf32>
}

// -----

// Base dilation: the input spread out with init values first (interior
// padding), then the same loops over the spread input.
// CHECK-LABEL: func.func @base_dilated
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<i32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : i32) outs(%{{.*}} : tensor<7xi32>)
// CHECK: %[[SPREAD:.*]] = tensor.insert_slice %arg0 into %[[FILL]][0] [4] [2] : tensor<4xi32> into tensor<7xi32>
// CHECK: tensor.extract_slice %[[SPREAD]]
// CHECK: arith.muli
func.func @base_dilated(%x: tensor<4xi32>, %one: tensor<i32>) -> tensor<6xi32> {
  %0 = "stablehlo.reduce_window"(%x, %one) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = stablehlo.multiply %a, %b : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>} : (tensor<4xi32>, tensor<i32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// A cumsum of 20: from the identity (checked at run time) in the
// interpreter's blocks of 16 (XLA's: the input padded to 32, two block scans,
// their totals scanned, each block plus the total before it); from another
// init, the window fold.
// CHECK-LABEL: func.func @cumsum
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: %[[IDENTITY:.*]] = arith.cmpf oeq, %[[INIT]], %cst : f32
// CHECK: scf.if %[[IDENTITY]] -> (tensor<20xf32>)
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[0] [20] [1] : tensor<20xf32> into tensor<32xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 15] [2, 1] [1, 1] : tensor<2x16xf32> to tensor<2xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// CHECK: tensor.collapse_shape
// CHECK: } else {
// CHECK: scf.for
func.func @cumsum(%x: tensor<20xf32>, %zero: tensor<f32>) -> tensor<20xf32> {
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 20>, padding = dense<[[19, 0]]> : tensor<1x2xi64>} : (tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
  return %0 : tensor<20xf32>
}

// -----

// Rank 0: one element, body(init, x).
// CHECK-LABEL: func.func @scalar
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<f64>
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<f64>) outs(%{{.*}} : tensor<f64>)
// CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: f64):
// CHECK: arith.cmpf ole, %[[INIT]], %[[IN]] : f64
func.func @scalar(%x: tensor<f64>, %init: tensor<f64>) -> tensor<f64> {
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %m = stablehlo.minimum %a, %b : tensor<f64>
    stablehlo.return %m : tensor<f64>
  }) {window_dimensions = array<i64>} : (tensor<f64>, tensor<f64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// gather of rows (an embedding lookup): one parallel loop over the ids (an
// scf.forall), the start read and clamped
// into [0, 50 - 1] once per row, the row copied whole into its own slice of the
// result; the row 8 ids on (the last one at most) prefetched, both its 64-byte
// lines.
// CHECK-LABEL: func.func @rows
// CHECK: %[[TABLE:.*]] = bufferization.to_buffer %arg0 read_only : tensor<50x32xf32> to memref<50x32xf32>
// CHECK: scf.forall (%[[I:.*]]) in (4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x32xf32>)
// CHECK: %[[ID:.*]] = tensor.extract %arg1[%[[I]]] : tensor<4xi32>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[ID]] : i32 to i64
// CHECK: %[[BELOW:.*]] = arith.minsi %[[WIDE]], %c49_i64 : i64
// CHECK: %[[CLAMPED:.*]] = arith.maxsi %[[BELOW]], %c0_i64 : i64
// CHECK: %[[START:.*]] = arith.index_cast %[[CLAMPED]] : i64 to index
// CHECK: %[[READ:.*]] = tensor.extract_slice %arg0[%[[START]], 0] [1, 32] [1, 1] : tensor<50x32xf32> to tensor<32xf32>
// CHECK: %[[INTO:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [1, 32] [1, 1] : tensor<4x32xf32> to tensor<32xf32>
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %c8 : index
// CHECK: %[[NEXT:.*]] = arith.minsi %[[AHEAD]], %c3 : index
// CHECK: tensor.extract %arg1[%[[NEXT]]] : tensor<4xi32>
// CHECK: %[[LATER:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: memref.prefetch %[[TABLE]][%[[LATER]], %c0], read, locality<3>, data : memref<50x32xf32>
// CHECK: memref.prefetch %[[TABLE]][%[[LATER]], %c16], read, locality<3>, data : memref<50x32xf32>
// CHECK: %[[COPY:.*]] = linalg.copy ins(%[[READ]] : tensor<32xf32>) outs(%[[INTO]] : tensor<32xf32>)
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[COPY]] into %[[OUT]][%[[I]], 0] [1, 32] [1, 1]
func.func @rows(%table: tensor<50x32xf32>, %ids: tensor<4xi32>) -> tensor<4x32xf32> {
  %0 = "stablehlo.gather"(%table, %ids) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 32>} : (tensor<50x32xf32>, tensor<4xi32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// Slices of several rows, batch dimensions on both sides of the offset ones
// and a batching dimension: a parallel loop over the result's batch dimensions
// (0 and 1), each position copying a 2x16 block from the starts it reads; the batching
// dimension is the result's index, not a start.
// CHECK-LABEL: func.func @blocks
// CHECK: scf.forall (%[[B:.*]], %[[J:.*]]) in (2, 3)
// CHECK: tensor.extract %arg1[%[[B]], %[[J]], %c0] : tensor<2x3x1xi64>
// CHECK: %[[READ:.*]] = tensor.extract_slice %arg0[%[[B]], %{{.*}}, 0] [1, 2, 16] [1, 1, 1] : tensor<2x10x16xf16> to tensor<2x16xf16>
// CHECK: %[[INTO:.*]] = tensor.extract_slice %{{.*}}[%[[B]], %[[J]], 0, 0] [1, 1, 2, 16] [1, 1, 1, 1] : tensor<2x3x2x16xf16> to tensor<2x16xf16>
// CHECK: linalg.copy ins(%[[READ]] : tensor<2x16xf16>) outs(%[[INTO]] : tensor<2x16xf16>)
func.func @blocks(%x: tensor<2x10x16xf16>, %i: tensor<2x3x1xi64>) -> tensor<2x3x2x16xf16> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 16>} : (tensor<2x10x16xf16>, tensor<2x3x1xi64>) -> tensor<2x3x2x16xf16>
  return %0 : tensor<2x3x2x16xf16>
}

// -----

// Rows shorter than 16 elements, or a last dimension collapsed, stay one
// linalg.generic reading element by element.
// CHECK-LABEL: func.func @short_rows
// CHECK-NOT: scf.for
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0
func.func @short_rows(%table: tensor<50x8xf32>, %ids: tensor<4xi32>) -> tensor<4x8xf32> {
  %0 = "stablehlo.gather"(%table, %ids) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>} : (tensor<50x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
