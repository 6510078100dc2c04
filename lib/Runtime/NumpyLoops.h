// numpy's own inner loops, called by the compiled backend's code
// (lib/Runtime/NumpyLoops.cpp; docs/lowering.md, "Native kernels"). The
// interpreter computes f32 and f64 math functions by numpy's ufuncs; calling
// the same inner loop gives its results bit for bit, at numpy's SIMD speed.
#ifndef STABLEHLO_PY_RUNTIME_NUMPYLOOPS_H
#define STABLEHLO_PY_RUNTIME_NUMPYLOOPS_H

#include <cstdint>

// The unary ufuncs taken, by numpy's names. A loop's slot is
// 2 * (index here) + (1 for f64, 0 for f32); the lowering passes the slot.
inline constexpr const char *kNumpyUnaryLoops[] = {
    "exp", "expm1", "log", "log1p", "tanh", "sin", "cos", "tan"};
inline constexpr int64_t kNumpyUnaryLoopCount =
    sizeof(kNumpyUnaryLoops) / sizeof(kNumpyUnaryLoops[0]);

// The binary ufuncs whose loops reductions call in numpy's reduce form
// (acc op= x[0..n), one call per row). Slot kNumpyReduceSlot +
// 3 * (index here) + (0 for f32, 1 for f64, 2 for f16).
inline constexpr const char *kNumpyReduceLoops[] = {"add", "multiply",
                                                    "maximum", "minimum"};
inline constexpr int64_t kNumpyReduceLoopCount =
    sizeof(kNumpyReduceLoops) / sizeof(kNumpyReduceLoops[0]);
inline constexpr int64_t kNumpyReduceSlot = 2 * kNumpyUnaryLoopCount;
// The CBLAS functions (64-bit integers) of numpy's own BLAS that its matmul
// calls for a product by a vector, in slots kNumpyBlasSlot + index here
// (the slot's loop is the function; its data unused).
inline constexpr const char *kNumpyBlasFunctions[] = {"sgemv", "dgemv", "sdot",
                                                      "ddot"};
inline constexpr int64_t kNumpyBlasSlot =
    kNumpyReduceSlot + 3 * kNumpyReduceLoopCount;
inline constexpr int64_t kNumpySlotCount =
    kNumpyBlasSlot +
    sizeof(kNumpyBlasFunctions) / sizeof(kNumpyBlasFunctions[0]);

extern "C" {
// Sets slot `slot`'s loop: numpy's PyUFuncGenericFunction and its data.
// Unset slots compute by the C library's function (a unary loop) or a plain
// loop in index order (reductions) instead.
void stablehlo_py_set_numpy_loop(int64_t slot, void *loop, void *data);
// out = f(in) for 1-D memref descriptors of equal size (any strides), f the
// slot's function: @__stablehlo_py_numpy_loop_f32/_f64(memref, memref, i64).
// Large calls run in chunks on the thread pool (ParallelFor.h), the same bits.
void _mlir_ciface___stablehlo_py_numpy_loop_f32(void *in, void *out,
                                                int64_t slot);
void _mlir_ciface___stablehlo_py_numpy_loop_f64(void *in, void *out,
                                                int64_t slot);
// f(x) for one scalar, f a unary slot's function as above: the same loop
// called on one element, for math on scalars (rank 0, loop carries,
// dynamically shaped element-wise code), where a buffer call does not fit.
float __stablehlo_py_numpy_scalar_f32(float x, int64_t slot);
double __stablehlo_py_numpy_scalar_f64(double x, int64_t slot);
// out[k] = x[k, :, :] reduced (x a [K, M, L] memref descriptor, any strides;
// out [K]) as numpy's ufunc.reduce runs over a C-contiguous operand whose
// innermost reduced block is L and whose other reduced indices are M: per k,
// from the ufunc's identity (-0.0 for add: the interpreter's init + sum
// then keeps init's sign where every element is -0.0) or, for maximum and
// minimum, x[k, 0, 0] (the rest of that row then), then the slot's loop in
// reduce form over each x[k, m, :] in turn. A maximum or minimum of zero
// gets -0.0 below +0.0 (the interpreter's rule). The slot is a reduce
// slot's of the element type: @__stablehlo_py_numpy_reduce_f16/_f32/_f64.
// Large calls split their outputs among the pool's threads (ParallelFor.h).
void _mlir_ciface___stablehlo_py_numpy_reduce_f16(void *x, void *out,
                                                  int64_t slot);
void _mlir_ciface___stablehlo_py_numpy_reduce_f32(void *x, void *out,
                                                  int64_t slot);
void _mlir_ciface___stablehlo_py_numpy_reduce_f64(void *x, void *out,
                                                  int64_t slot);
// out[k] = the sum of row k of x [K, L] (columns = 0) or of column k of x
// [L, K] (columns = 1), as the interpreter's product by a vector of ones
// computes it (np.matmul: BLAS gemv, or dot for one output), -0.0 where
// every element summed is -0.0: @__stablehlo_py_blas_sum_f32/_f64.
void _mlir_ciface___stablehlo_py_blas_sum_f32(void *x, void *out,
                                              int64_t columns);
void _mlir_ciface___stablehlo_py_blas_sum_f64(void *x, void *out,
                                              int64_t columns);
}

#endif // STABLEHLO_PY_RUNTIME_NUMPYLOOPS_H
