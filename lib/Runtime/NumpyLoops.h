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

extern "C" {
// Sets slot `slot`'s loop: numpy's PyUFuncGenericFunction and its data.
// Unset slots compute by the C library's function instead.
void stablehlo_py_set_numpy_loop(int64_t slot, void *loop, void *data);
// out = f(in) for 1-D memref descriptors of equal size (any strides), f the
// slot's function: @__stablehlo_py_numpy_loop_f32/_f64(memref, memref, i64).
void _mlir_ciface___stablehlo_py_numpy_loop_f32(void *in, void *out,
                                                int64_t slot);
void _mlir_ciface___stablehlo_py_numpy_loop_f64(void *in, void *out,
                                                int64_t slot);
}

#endif // STABLEHLO_PY_RUNTIME_NUMPYLOOPS_H
