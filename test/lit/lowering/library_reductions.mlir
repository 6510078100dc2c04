// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-math --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// A reduce the interpreter computes by one numpy reduction (more than 32
// elements, a one-op body) calls numpy's loop for it once per row, the
// operand viewed as [outputs, outer reduced, inner reduced]: slot 16 (after
// the unary loops' 16) + 3 * (maximum: 2) + 0 for f32. init comes last,
// through the body (the interpreter's float_max(init, reduced)).
// CHECK-LABEL: func.func private @__stablehlo_py_numpy_reduce_f32(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @row_max
// CHECK: %[[SLOT:.*]] = arith.constant 22 : i64
// CHECK: tensor.expand_shape %{{.*}} output_shape [8, 1, 1024]
// CHECK: call @__stablehlo_py_numpy_reduce_f32(%{{.*}}, %{{.*}}, %[[SLOT]])
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %arg1 : tensor<8xf32>, tensor<f32>)
// CHECK: arith.cmpf uno
// PLAIN-LABEL: func.func @row_max
// PLAIN-NOT: call
// PLAIN: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8xf32>)
func.func @row_max(%x: tensor<8x1024xf32>, %init: tensor<f32>) -> tensor<8xf32> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<8x1024xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// f32 and f64 sums of at least 16384 elements over trailing (or leading)
// dimensions: the interpreter's product by a vector of ones, through BLAS
// (columns = 0: rows; 1: columns). Without library-math, a loop from -0.0
// (numpy's order where its inner loop runs over kept elements), init added
// last.
// CHECK-LABEL: func.func @blas_sums
// CHECK: %[[ROWS:.*]] = arith.constant 0 : i64
// CHECK: call @__stablehlo_py_blas_sum_f32(%{{.*}}, %{{.*}}, %[[ROWS]])
// CHECK: arith.addf
// CHECK: %[[COLUMNS:.*]] = arith.constant 1 : i64
// CHECK: call @__stablehlo_py_blas_sum_f64(%{{.*}}, %{{.*}}, %[[COLUMNS]])
// PLAIN-LABEL: func.func @blas_sums
// PLAIN: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// PLAIN: %[[FILLED:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// PLAIN: %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<16x1024xf32>) outs(%[[FILLED]] : tensor<16xf32>)
// PLAIN: linalg.generic {{.*}} ins(%[[SUM]], %arg2 : tensor<16xf32>, tensor<f32>)
func.func @blas_sums(%x: tensor<16x1024xf32>, %y: tensor<1024x16xf64>, %init: tensor<f32>, %i64: tensor<f64>) -> (tensor<16xf32>, tensor<16xf64>) {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<16x1024xf32>, tensor<f32>) -> tensor<16xf32>
  %1 = stablehlo.reduce(%y init: %i64) applies stablehlo.add across dimensions = [0] : (tensor<1024x16xf64>, tensor<f64>) -> tensor<16xf64>
  return %0, %1 : tensor<16xf32>, tensor<16xf64>
}

// -----

// Reduced dimensions before and after a kept one: numpy runs its loop over
// the inner ones (50) for each outer index (3) in turn; the kept dimension
// goes first in a transposed copy. f16: slot 16 + 3 * (add: 0) + 2.
// CHECK-LABEL: func.func @outer_and_inner
// CHECK: linalg.transpose ins(%arg0 : tensor<3x40x50xf16>) outs(%{{.*}} : tensor<40x3x50xf16>) permutation = [1, 0, 2]
// CHECK: %[[SLOT:.*]] = arith.constant 18 : i64
// CHECK: call @__stablehlo_py_numpy_reduce_f16(%{{.*}}, %{{.*}}, %[[SLOT]])
func.func @outer_and_inner(%x: tensor<3x40x50xf16>, %init: tensor<f16>) -> tensor<40xf16> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0, 2] : (tensor<3x40x50xf16>, tensor<f16>) -> tensor<40xf16>
  return %0 : tensor<40xf16>
}

// -----

// A kept dimension innermost: numpy's loop runs over kept elements, adding
// each reduced index in order; so does the loop here, from the identity (1
// for a product), init last. bf16 has no numpy loop of its own (ml_dtypes
// computes in index order).
// CHECK-LABEL: func.func @kept_inner
// CHECK-NOT: call
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : bf16
// CHECK: linalg.fill ins(%[[ONE]] : bf16)
// CHECK: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %arg1 : tensor<4x3xbf16>, tensor<bf16>)
func.func @kept_inner(%x: tensor<4x40x3xbf16>, %init: tensor<bf16>) -> tensor<4x3xbf16> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.multiply across dimensions = [1] : (tensor<4x40x3xbf16>, tensor<bf16>) -> tensor<4x3xbf16>
  return %0 : tensor<4x3xbf16>
}

// -----

// 32 elements or fewer: index order from init, as XLA's loop emitter (and the
// interpreter) sums them.
// CHECK-LABEL: func.func @short
// CHECK-NOT: call
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: linalg.fill ins(%[[INIT]] : f32)
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @short(%x: tensor<4x32xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
