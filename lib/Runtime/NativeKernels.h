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
// each; bit 0: the rows in two halves, the second on a thread of its own.
void _mlir_ciface___stablehlo_py_gemm_f32(void *a, void *b, void *c,
                                          int64_t flags);
void _mlir_ciface___stablehlo_py_gemm_f64(void *a, void *b, void *c,
                                          int64_t flags);
}

#endif // STABLEHLO_PY_RUNTIME_NATIVEKERNELS_H
