// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-contractions --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// An f32/f64 product within the interpreter's index-order sizes (at most 256
// contracting indices and 2^18 multiply-adds in all or 2^13 per batch matrix) and of at least 2^12
// multiply-adds calls the native index-order kernel (lib/Runtime/
// NativeKernels.h) with the gemm kernel's operands and flags: the sum in the
// interpreter's order, vectorized over the columns. Batched 8 x (16x32 @
// 32x16): lhs (batch, m, k) = (0, 1, 2) from bit 1, (0 | 1 << 2 | 2 << 4) << 1
// = 72; rhs (batch, k, n) = (0, 1, 2) from bit 7, 4608: 4680.
// CHECK-LABEL: func.func private @__stablehlo_py_matmul_index_order_f32(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @batched
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 4680 : i64
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<8x16x16xf32>
// CHECK: call @__stablehlo_py_matmul_index_order_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]])
// CHECK-NOT: linalg.generic
// CHECK: return
// PLAIN-LABEL: func.func @batched
// PLAIN-NOT: __stablehlo_py_matmul_index_order
// PLAIN: linalg.generic
func.func @batched(%a: tensor<8x16x32xf32>, %b: tensor<8x32x16xf32>) -> tensor<8x16x16xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x16x32xf32>, tensor<8x32x16xf32>) -> tensor<8x16x16xf32>
  return %0 : tensor<8x16x16xf32>
}

// -----

// f64, the rhs transposed (a view: its roles from the flags), a matrix-vector
// product included (numpy's matmul would not call gemm there, but an index-order sum is
// one order whatever the shape).
// CHECK-LABEL: func.func private @__stablehlo_py_matmul_index_order_f64
// CHECK-LABEL: func.func @transposed_vector
// CHECK: call @__stablehlo_py_matmul_index_order_f64
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @transposed_vector(%a: tensor<64x128xf64>, %b: tensor<1x128xf64>) -> tensor<64x1xf64> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<64x128xf64>, tensor<1x128xf64>) -> tensor<64x1xf64>
  return %0 : tensor<64x1xf64>
}

// -----

// Below 2^12 multiply-adds the call costs more than it saves: a loop nest.
// CHECK-LABEL: func.func @tiny
// CHECK-NOT: __stablehlo_py_matmul_index_order
// CHECK: linalg.generic
func.func @tiny(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Mixed or narrower types and complex keep the loop nest (its own index
// order and accumulation: f16 in f32).
// CHECK-LABEL: func.func @half
// CHECK-NOT: __stablehlo_py_matmul_index_order
// CHECK: linalg.generic
func.func @half(%a: tensor<16x64xf16>, %b: tensor<64x16xf16>) -> tensor<16x16xf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x64xf16>, tensor<64x16xf16>) -> tensor<16x16xf16>
  return %0 : tensor<16x16xf16>
}

// -----

// A matrix-vector product above the index-order sizes (512 contracting
// indices), which numpy's matmul gives to gemv, not gemm: summed in index
// order, the order of the loop nest it was before, by the kernel (one row of
// C, eight vectors of columns at a time). Its lhs (a GELU in decoding's MLP)
// stays a tensor of its own, not fused into a loop per column.
// CHECK-LABEL: func.func private @__stablehlo_py_matmul_index_order_f32
// CHECK-LABEL: func.func @row_times_matrix
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK: call @__stablehlo_py_matmul_index_order_f32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @row_times_matrix(%a: tensor<1x512xf32>, %b: tensor<512x128xf32>) -> tensor<1x128xf32> {
  %t = stablehlo.tanh %a : tensor<1x512xf32>
  %0 = stablehlo.dot_general %t, %b, contracting_dims = [1] x [0] : (tensor<1x512xf32>, tensor<512x128xf32>) -> tensor<1x128xf32>
  return %0 : tensor<1x128xf32>
}
