// numpy's inner loops for the compiled backend (NumpyLoops.h). No MLIR or
// Python here: lowering/numpy_loops.py finds each loop in numpy's ufunc
// objects and sets it.
#include "Runtime/NumpyLoops.h"

#include <cmath>

namespace {

// numpy's PyUFuncGenericFunction (npy_intp is int64_t on the hosts we run).
using Loop = void (*)(char **args, const int64_t *dimensions,
                      const int64_t *steps, void *data);

struct Slot {
  Loop loop = nullptr;
  void *data = nullptr;
};
Slot slots[2 * kNumpyUnaryLoopCount];

template <typename T> struct Memref1 {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

// The C library's function of a slot, for a loop numpy did not give.
template <typename T> T fallback(int64_t function, T x) {
  switch (function) {
  case 0: return std::exp(x);
  case 1: return std::expm1(x);
  case 2: return std::log(x);
  case 3: return std::log1p(x);
  case 4: return std::tanh(x);
  case 5: return std::sin(x);
  case 6: return std::cos(x);
  default: return std::tan(x);
  }
}

template <typename T> void run(void *in, void *out, int64_t slot) {
  auto *x = static_cast<Memref1<T> *>(in);
  auto *y = static_cast<Memref1<T> *>(out);
  T *from = x->aligned + x->offset, *to = y->aligned + y->offset;
  if (slot < 0 || slot >= 2 * kNumpyUnaryLoopCount)
    return; // not a slot the lowering emits
  if (Slot &s = slots[slot]; s.loop) {
    char *args[2] = {reinterpret_cast<char *>(from),
                     reinterpret_cast<char *>(to)};
    int64_t dimensions[1] = {x->size};
    int64_t steps[2] = {x->stride * int64_t(sizeof(T)),
                        y->stride * int64_t(sizeof(T))};
    s.loop(args, dimensions, steps, s.data);
    return;
  }
  for (int64_t i = 0; i < x->size; ++i)
    to[i * y->stride] = fallback(slot / 2, from[i * x->stride]);
}

} // namespace

extern "C" {
void stablehlo_py_set_numpy_loop(int64_t slot, void *loop, void *data) {
  if (slot >= 0 && slot < 2 * kNumpyUnaryLoopCount)
    slots[slot] = {reinterpret_cast<Loop>(loop), data};
}
void _mlir_ciface___stablehlo_py_numpy_loop_f32(void *in, void *out,
                                                int64_t slot) {
  run<float>(in, out, slot);
}
void _mlir_ciface___stablehlo_py_numpy_loop_f64(void *in, void *out,
                                                int64_t slot) {
  run<double>(in, out, slot);
}
}
