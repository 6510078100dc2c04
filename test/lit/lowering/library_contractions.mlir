// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-contractions --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// A product the interpreter hands to BLAS (more than 256 contracting
// indices) calls the native gemm kernel on the operands' own buffers, viewed
// as rank 3; the flags say which dimension is which, 2 bits each: lhs
// (batch, m, k) = (2, 0, 1) from bit 1, (2 | 0 << 2 | 1 << 4) << 1 = 36; rhs
// (batch, k, n) = (2, 0, 1) from bit 7, 2304; no halves (bit 0): 2340.
// CHECK-LABEL: func.func private @__stablehlo_py_gemm_f32(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @matmul
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 2340 : i64
// CHECK-DAG: %[[A:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [8, 300, 1]
// CHECK-DAG: %[[B:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [300, 6, 1]
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x8x6xf32>
// CHECK: call @__stablehlo_py_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
// PLAIN-LABEL: func.func @matmul
// PLAIN-NOT: __stablehlo_py_gemm
// PLAIN: linalg.generic
func.func @matmul(%a: tensor<8x300xf32>, %b: tensor<300x6xf32>) -> tensor<8x6xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x300xf32>, tensor<300x6xf32>) -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// Within the interpreter's index-order sizes (256 contracting indices) and
// below 2^12 multiply-adds (larger ones call the index-order kernel:
// library_index_order.mlir), and for types BLAS does not take, the product
// stays a loop nest.
// CHECK-LABEL: func.func @small
// CHECK-NOT: __stablehlo_py_gemm
// CHECK-NOT: __stablehlo_py_matmul_index_order
// CHECK: linalg.generic
func.func @small(%a: tensor<2x256xf32>, %b: tensor<256x6xf32>) -> tensor<2x6xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x256xf32>, tensor<256x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @half_precision
// CHECK-NOT: __stablehlo_py_gemm
// CHECK: linalg.generic
func.func @half_precision(%a: tensor<8x300xf16>, %b: tensor<300x6xf16>) -> tensor<8x6xf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x300xf16>, tensor<300x6xf16>) -> tensor<8x6xf16>
  return %0 : tensor<8x6xf16>
}

// -----

// Batch dimensions and a transposed rhs: rhs (batch, k, n) = (0, 2, 1).
// CHECK-LABEL: func.func @batched
// CHECK: arith.constant
// CHECK-SAME: : i64
// CHECK: call @__stablehlo_py_gemm_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
func.func @batched(%a: tensor<3x8x300xf64>, %b: tensor<3x6x300xf64>) -> tensor<3x8x6xf64> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x8x300xf64>, tensor<3x6x300xf64>) -> tensor<3x8x6xf64>
  return %0 : tensor<3x8x6xf64>
}

// -----

// A convolution the interpreter sums by one matmul per kernel position (16
// input features, above the index-order sizes): one call of the strided gemm
// kernel for all positions. Unit window strides: each image is one matrix of
// rows per position (dot_conv._image_rows). A is a view of the lhs (the
// argument itself, contiguous) built on its buffer's strides, [groups,
// batch, rows, features, position], where each position's slice is the one
// that position reads; B the kernel with its outputs split into (groups,
// group outputs). Plan: 6 loops, then per loop the dimension of A, B and C:
// groups (0, 2, 0), batch (1, -1, 1), the positions (4, 0, -1: C absent, so
// the kernel adds their products in order), M (2, -1, 2), N (-1, 3, 3), K
// (3, 1, -1). C (groups, batch, rows, outputs); its wanted rows gathered
// after. No linalg adds are left.
// CHECK-LABEL: func.func private @__stablehlo_py_gemm_strided_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<?xi64, strided<[?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @convolution_taps
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:3, %[[S:.*]]:3 = memref.extract_strided_metadata %[[X]]
// CHECK: %[[G:.*]] = arith.muli %[[S]]#2, %c16
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [1, 4, 298, 16, 3], strides: [%[[G]], %[[S]]#0, %[[S]]#1, %[[S]]#2, %[[S]]#1]
// CHECK: tensor.expand_shape %arg1 {{\[\[}}0], [1], [2, 3]] output_shape [3, 16, 1, 16]
// CHECK: arith.constant dense<[6, 0, 2, 0, 1, -1, 1, 4, 0, -1, 2, -1, 2, -1, 3, 3, 3, 1, -1]> : tensor<19xi64>
// CHECK: call @__stablehlo_py_gemm_strided_f32
// CHECK: linalg.generic
// CHECK-NOT: call @__stablehlo_py_gemm
// CHECK-NOT: arith.addf
// PLAIN-LABEL: func.func @convolution_taps
// PLAIN-NOT: __stablehlo_py_gemm
func.func @convolution_taps(%a: tensor<4x300x16xf32>, %b: tensor<3x16x16xf32>) -> tensor<4x298x16xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x300x16xf32>, tensor<3x16x16xf32>) -> tensor<4x298x16xf32>
  return %0 : tensor<4x298x16xf32>
}

// -----

// Reversed positions read backwards: the view starts at the last position
// (offset + (3 - 1) * 2 rows) and steps -2 rows per position (rhs dilation
// 2); window stride 2 steps the output rows by 2 rows.
// CHECK-LABEL: func.func @convolution_taps_reversed
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:3, %[[S:.*]]:3 = memref.extract_strided_metadata
// CHECK: %[[ROWS:.*]] = arith.muli %[[S]]#1, %c2
// CHECK: %[[LAST:.*]] = arith.muli %[[S]]#1, %c4
// CHECK: %[[START:.*]] = arith.addi %[[OFFSET]], %[[LAST]]
// CHECK: %[[BACK:.*]] = arith.muli %[[S]]#1, %c-2
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[START]]], sizes: [4, 148, 1, 16, 3], strides: [%[[S]]#0, %[[ROWS]], %{{.*}}, %[[S]]#2, %[[BACK]]]
// CHECK: call @__stablehlo_py_gemm_strided_f32
// CHECK-NOT: call @__stablehlo_py_gemm
func.func @convolution_taps_reversed(%a: tensor<4x300x16xf32>, %b: tensor<3x16x16xf32>) -> tensor<4x148x16xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x300x16xf32>, tensor<3x16x16xf32>) -> tensor<4x148x16xf32>
  return %0 : tensor<4x148x16xf32>
}

// -----

// Fewer input features: the windows copied into a (groups, rows, patch)
// matrix (a linalg.generic gathering the padded lhs), one strided gemm.
// CHECK-LABEL: func.func @convolution_patches
// CHECK: linalg.generic
// CHECK: tensor.collapse_shape
// CHECK: call @__stablehlo_py_gemm_strided_f32
// PLAIN-LABEL: func.func @convolution_patches
// PLAIN-NOT: __stablehlo_py_gemm
func.func @convolution_patches(%a: tensor<8x16x16x3xf32>, %b: tensor<3x3x3x32xf32>) -> tensor<8x16x16x32xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x3xf32>, tensor<3x3x3x32xf32>) -> tensor<8x16x16x32xf32>
  return %0 : tensor<8x16x16x32xf32>
}
