// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-contractions --split-input-file | FileCheck %s

// Large 2-D products (at least 64 rows and 2^24 multiply-adds) go to the gemm
// kernel in two halves of the wider side, as the interpreter's
// dot_conv._matmul_for cuts them: each half's BLAS call packs the whole
// operand the halves share. The roles are 2340 (lhs (2, 0, 1), rhs (2, 0,
// 1)); bit 0 marks halves of rows, bit 13 (8192) halves of columns.

// More columns than rows: halves of columns, 2340 | 8192.
// CHECK-LABEL: func.func @wide
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 10532 : i64
// CHECK: call @__stablehlo_py_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
func.func @wide(%a: tensor<128x784xf32>, %b: tensor<784x512xf32>) -> tensor<128x512xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<128x784xf32>, tensor<784x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// -----

// More rows than columns: halves of rows, 2340 | 1.
// CHECK-LABEL: func.func @tall
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 2341 : i64
// CHECK: call @__stablehlo_py_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
func.func @tall(%a: tensor<512x256xf32>, %b: tensor<256x256xf32>) -> tensor<512x256xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x256xf32>, tensor<256x256xf32>) -> tensor<512x256xf32>
  return %0 : tensor<512x256xf32>
}

// -----

// As many rows as columns: halves of rows.
// CHECK-LABEL: func.func @square
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 2341 : i64
// CHECK: call @__stablehlo_py_gemm_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
func.func @square(%a: tensor<256x256xf64>, %b: tensor<256x256xf64>) -> tensor<256x256xf64> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xf64>, tensor<256x256xf64>) -> tensor<256x256xf64>
  return %0 : tensor<256x256xf64>
}

// -----

// Attention's scores (q @ k^T per batch and head): the rhs's roles are runs
// of dimensions out of role order, (batch, k, n) = ([0, 1], [3], [2]). It is
// collapsed as it is (no transpose before the call) and the kernel copies
// each matrix row-major, as the interpreter's reshape copies that view: rhs
// roles (0, 2, 1) from bit 7, 3072; bit 15, 32768; lhs in order, 72.
// CHECK-LABEL: func.func @scores
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 35912 : i64
// CHECK-DAG: tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2], [3]]
// CHECK-NOT: linalg.transpose
// CHECK: call @__stablehlo_py_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
// CHECK-NOT: linalg.transpose
func.func @scores(%q: tensor<2x4x128x64xf32>, %k: tensor<2x4x128x64xf32>) -> tensor<2x4x128x128xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x4x128x64xf32>, tensor<2x4x128x64xf32>) -> tensor<2x4x128x128xf32>
  return %0 : tensor<2x4x128x128xf32>
}

// -----

// Batch dimensions apart (0 and 2): no collapse gives the roles, so the
// operand is transposed into role order first.
// CHECK-LABEL: func.func @batch_apart
// CHECK: linalg.transpose
// CHECK: call @__stablehlo_py_gemm_f32
func.func @batch_apart(%a: tensor<3x70x2x37xf32>, %b: tensor<3x45x2x70xf32>) -> tensor<3x2x37x45xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0, 2] x [0, 2], contracting_dims = [1] x [3] : (tensor<3x70x2x37xf32>, tensor<3x45x2x70xf32>) -> tensor<3x2x37x45xf32>
  return %0 : tensor<3x2x37x45xf32>
}
