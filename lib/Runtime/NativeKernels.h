// Native kernels of the compiled backend (lib/Runtime/NativeKernels.cpp): C
// functions on MLIR memref descriptors, the `_mlir_ciface_` form of the
// functions the lowering declares (`@__stablehlo_py_gemm_f32(memref, memref,
// memref, i64)` with llvm.emit_c_interface).
#ifndef STABLEHLO_PY_RUNTIME_NATIVEKERNELS_H
#define STABLEHLO_PY_RUNTIME_NATIVEKERNELS_H

#include <cstdint>

extern "C" {
// The CBLAS gemm (64-bit integers) for f32 and f64; null: plain loops.
void stablehlo_py_set_gemm(void *f32, void *f64);
// C[b] = A[b] x B[b]: rank-3 descriptors, C [B, M, N]; `flags` bits 1-6 and
// 7-12 say which dimensions of A and B are (B, M, K) and (B, K, N), 2 bits
// each; bit 0: the rows in two halves, the second on a thread of its own;
// bit 13: the columns in two halves; bits 14 and 15: A's (B's) matrices go to
// BLAS as row-major copies whatever their strides (the interpreter's
// reshape copies), made by the thread computing each.
void _mlir_ciface___stablehlo_py_gemm_f32(void *a, void *b, void *c,
                                          int64_t flags);
void _mlir_ciface___stablehlo_py_gemm_f64(void *a, void *b, void *c,
                                          int64_t flags);
// Strided batched products (docs/lowering.md, "Native kernels"): A, B and C
// are unranked memrefs (any rank and strides), `plan` a memref<?xi64>:
// [L, then for each of L loops the dimension of A, B and C it runs along, -1
// where the operand does not vary along it]. The last three loops are M, N
// and K; the others are batch loops. For every batch index,
// C[.., M, N] = A[.., M, K] x B[.., K, N] as numpy's matmul computes one
// matrix of its loop: BLAS gemm, an operand BLAS cannot take copied as numpy
// copies it. Batch loops along which C does not vary (-1 for C) are summed:
// their products are added to the first one by one, in row-major order over
// those loops (a convolution's kernel positions, numpy adding whole
// products). The kernel splits C's batch indices over the thread pool.
void _mlir_ciface___stablehlo_py_gemm_strided_f32(void *a, void *b, void *c,
                                                  void *plan);
void _mlir_ciface___stablehlo_py_gemm_strided_f64(void *a, void *b, void *c,
                                                  void *plan);
// Index-order products (docs/lowering.md, "Native kernels"): C[b] = A[b] x
// B[b] with every element summed as the interpreter's _matmul loop sums it,
// from 0, adding A[b, i, p] * B[b, p, j] for p in order, each product rounded
// (no fused multiply-add); the batch split over the thread pool. The memref
// forms take the gemm kernels' operands and flags (bit 0 ignored); the plain
// one the interpreter's arrays: `elementBytes` 4 (f32) or 8 (f64), `sizes`
// [batches, M, N, K], `strides` (in elements) batch, row and column of A,
// then of B, then of C.
void _mlir_ciface___stablehlo_py_matmul_index_order_f32(void *a, void *b,
                                                       void *c,
                                                       int64_t flags);
void _mlir_ciface___stablehlo_py_matmul_index_order_f64(void *a, void *b,
                                                       void *c,
                                                       int64_t flags);
void stablehlo_py_matmul_index_order(int64_t elementBytes, const void *a,
                                     const void *b, void *c,
                                     const int64_t *sizes,
                                     const int64_t *strides);

// Every function the compiled code calls here (these, NumpyLoops.h,
// ParallelFor.h and BufferCache.h): its symbol (a kernel's `_mlir_ciface_` form) and address;
// `count` receives their number. `callsBlas`: the function calls numpy's
// BLAS, so a program declaring it runs with BLAS on one thread (the
// compiled backend asks this table, lowering/compiled.py).
struct StablehloPyNativeKernel {
  const char *name;
  void *address;
  bool callsBlas;
};
const StablehloPyNativeKernel *stablehlo_py_native_kernels(int64_t *count);
}

#endif // STABLEHLO_PY_RUNTIME_NATIVEKERNELS_H
