// numpy's inner loops for the compiled backend (NumpyLoops.h). No MLIR or
// Python here: lowering/numpy_loops.py finds each loop in numpy's ufunc
// objects and sets it.
#include "Runtime/MemrefDescriptor.h"
#include "Runtime/NumpyLoops.h"
#include "Runtime/ParallelFor.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

namespace {

// numpy's PyUFuncGenericFunction (npy_intp is int64_t on the hosts we run).
using Loop = void (*)(char **args, const int64_t *dimensions,
                      const int64_t *steps, void *data);

struct Slot {
  Loop loop = nullptr;
  void *data = nullptr;
};
Slot slots[kNumpySlotCount];

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

// A vector of `n` ones (the interpreter's np.ones), per thread.
template <typename T> const T *ones(int64_t n) {
  thread_local std::vector<T> vector;
  if (int64_t(vector.size()) < n)
    vector.assign(n, T(1));
  return vector.data();
}

// One unary loop call: out[i] = f(in[i]) over a range of i.
template <typename T> struct UnaryCall {
  int64_t slot;
  const T *from;
  T *to;
  int64_t inStride, outStride; // in elements
};

template <typename T> void unaryRange(void *context, int64_t begin, int64_t end) {
  auto &c = *static_cast<UnaryCall<T> *>(context);
  const T *from = c.from + begin * c.inStride;
  T *to = c.to + begin * c.outStride;
  if (Slot &s = slots[c.slot]; s.loop) {
    char *args[2] = {reinterpret_cast<char *>(const_cast<T *>(from)),
                     reinterpret_cast<char *>(to)};
    int64_t dimensions[1] = {end - begin};
    int64_t steps[2] = {c.inStride * int64_t(sizeof(T)),
                        c.outStride * int64_t(sizeof(T))};
    s.loop(args, dimensions, steps, s.data);
    return;
  }
  for (int64_t i = 0; i < end - begin; ++i)
    to[i * c.outStride] = fallback(c.slot / 2, from[i * c.inStride]);
}

// Elements per chunk of a unary loop on threads (ParallelFor.h): a multiple
// of 64, so that every chunk but the last has no SIMD remainder and starts
// as aligned as the whole, and numpy's loop computes each element as in one
// call; large enough that waking a worker (some microseconds) pays.
constexpr int64_t kUnaryChunk = 16384;

template <typename T> void run(void *in, void *out, int64_t slot) {
  auto *x = static_cast<MemrefDescriptor<T, 1> *>(in);
  auto *y = static_cast<MemrefDescriptor<T, 1> *>(out);
  if (slot < 0 || slot >= 2 * kNumpyUnaryLoopCount)
    return; // not a slot the lowering emits
  UnaryCall<T> call{slot, x->aligned + x->offset, y->aligned + y->offset,
                    x->strides[0], y->strides[0]};
  int64_t n = x->sizes[0];
  // A chunked call reads inputs other chunks may be writing unless in and
  // out are one buffer element for element or do not overlap.
  const char *inBegin = reinterpret_cast<const char *>(call.from),
             *outBegin = reinterpret_cast<const char *>(call.to);
  bool separate = (inBegin == outBegin && call.inStride == call.outStride) ||
                  n <= 1 ||
                  inBegin + n * std::abs(call.inStride) * sizeof(T) <= outBegin ||
                  outBegin + n * std::abs(call.outStride) * sizeof(T) <= inBegin;
  if (n < 2 * kUnaryChunk || !separate || call.inStride < 0 || call.outStride < 0) {
    unaryRange<T>(&call, 0, n);
    return;
  }
  stablehlo_py_parallel_for(unaryRange<T>, &call, n, kUnaryChunk);
}

template <typename T> T scalar(T x, int64_t slot) {
  if (slot < 0 || slot >= 2 * kNumpyUnaryLoopCount)
    return x; // not a slot the lowering emits
  T y;
  UnaryCall<T> call{slot, &x, &y, 1, 1};
  unaryRange<T>(&call, 0, 1);
  return y;
}

// An element's bits, for the sign and zero tests of any float width.
template <typename T> struct Bits {
  using type = std::conditional_t<
      sizeof(T) == 2, uint16_t,
      std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
  static type of(T x) {
    type b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  }
  static bool zero(T x) { return type(of(x) << 1) == 0; }
  static bool negative(T x) { return of(x) >> (8 * sizeof(T) - 1); }
};

enum Function : int64_t { kAdd, kMultiply, kMaximum, kMinimum };

// a op b as the ufunc, for a reduce slot numpy gave no loop (NaN propagates;
// the signs of zeros are settled after).
template <typename T> T fallback2(int64_t function, T a, T b) {
  switch (function) {
  case kAdd: return a + b;
  case kMultiply: return a * b;
  default: {
    if (a != a || b != b)
      return a != a ? a : b;
    return (function == kMaximum) == (b > a) ? b : a;
  }
  }
}

// acc op= row[0..n) (stride in elements), by the slot's loop in numpy's
// reduce form (args[0] == args[2], steps 0) or in index order.
template <typename T>
void reduceRow(int64_t slot, int64_t function, T *acc, const T *row, int64_t n,
               int64_t stride) {
  if (n <= 0)
    return;
  if (Slot &s = slots[slot]; s.loop) {
    char *args[3] = {reinterpret_cast<char *>(acc),
                     reinterpret_cast<char *>(const_cast<T *>(row)),
                     reinterpret_cast<char *>(acc)};
    int64_t dimensions[1] = {n};
    int64_t steps[3] = {0, stride * int64_t(sizeof(T)), 0};
    s.loop(args, dimensions, steps, s.data);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *acc = fallback2(function, *acc, row[i * stride]);
}

// The -0.0 / +0.0 of a maximum (or minimum) that is zero: +0.0 (-0.0) if
// any element is, else the other.
template <typename T>
T signedZero(const MemrefDescriptor<T, 3> &x, int64_t k, bool maximum) {
  const T *base = x.aligned + x.offset + k * x.strides[0];
  bool found = false;
  for (int64_t m = 0; m < x.sizes[1] && !found; ++m)
    for (int64_t l = 0; l < x.sizes[2] && !found; ++l) {
      T e = base[m * x.strides[1] + l * x.strides[2]];
      found = Bits<T>::zero(e) && Bits<T>::negative(e) != maximum;
    }
  return T(found == maximum ? 0.0f : -0.0f);
}

struct ReduceCall {
  void *x, *y;
  int64_t slot;
};

// Outputs [begin, end) of a reduce kernel call: each in its own order, so a
// range on another thread gives the same bits.
template <typename T>
void reduceOutputs(void *context, int64_t begin, int64_t end) {
  auto &call = *static_cast<ReduceCall *>(context);
  auto &x = *static_cast<MemrefDescriptor<T, 3> *>(call.x);
  auto &y = *static_cast<MemrefDescriptor<T, 1> *>(call.y);
  int64_t slot = call.slot;
  int64_t function = (slot - kNumpyReduceSlot) / 3;
  bool extremum = function == kMaximum || function == kMinimum;
  int64_t rows = x.sizes[1], length = x.sizes[2];
  for (int64_t k = begin; k < end; ++k) {
    const T *base = x.aligned + x.offset + k * x.strides[0];
    T *acc = y.aligned + y.offset + k * y.strides[0];
    // numpy starts from the identity (add: +0.0, which the interpreter's
    // init + sum corrects where all are -0.0: -0.0 gives that at once), or
    // copies the first element where there is none and skips it.
    bool first = extremum && rows > 0 && length > 0;
    *acc = first ? base[0] : T(function == kMultiply ? 1.0f : -0.0f);
    for (int64_t m = 0; m < rows; ++m) {
      const T *row = base + m * x.strides[1];
      int64_t skip = first && m == 0 ? 1 : 0;
      reduceRow(slot, function, acc, row + skip * x.strides[2], length - skip,
                x.strides[2]);
    }
    if (extremum && Bits<T>::zero(*acc))
      *acc = signedZero(x, k, function == kMaximum);
  }
}

// Elements reduced per chunk of outputs on threads (ParallelFor.h).
constexpr int64_t kReduceChunkElements = 32768;

template <typename T> void numpyReduce(void *in, void *out, int64_t slot) {
  auto &x = *static_cast<MemrefDescriptor<T, 3> *>(in);
  int64_t index = slot - kNumpyReduceSlot;
  if (index < 0 || index >= 3 * kNumpyReduceLoopCount)
    return; // not a slot the lowering emits
  ReduceCall call{in, out, slot};
  int64_t outputs = x.sizes[0], each = std::max<int64_t>(x.sizes[1] * x.sizes[2], 1);
  if (outputs < 2 || outputs * each < 2 * kReduceChunkElements) {
    reduceOutputs<T>(&call, 0, outputs);
    return;
  }
  stablehlo_py_parallel_for(reduceOutputs<T>, &call, outputs,
                            std::max<int64_t>(1, kReduceChunkElements / each));
}

// CBLAS with 64-bit integers, as numpy's matmul calls it.
enum : int { kRowMajor = 101, kColumnMajor = 102, kTrans = 112 };
template <typename T>
using Gemv = void (*)(int order, int trans, int64_t m, int64_t n, T alpha,
                      const T *a, int64_t lda, const T *x, int64_t incx,
                      T beta, T *y, int64_t incy);
template <typename T>
using Dot = T (*)(int64_t n, const T *x, int64_t incx, const T *y,
                  int64_t incy);

template <typename T> void blasSum(void *in, void *out, int64_t columns) {
  auto &x = *static_cast<MemrefDescriptor<T, 2> *>(in);
  auto &y = *static_cast<MemrefDescriptor<T, 1> *>(out);
  constexpr bool f32 = sizeof(T) == 4;
  auto gemv = reinterpret_cast<Gemv<T>>(slots[kNumpyBlasSlot + (f32 ? 0 : 1)].loop);
  auto dot = reinterpret_cast<Dot<T>>(slots[kNumpyBlasSlot + (f32 ? 2 : 3)].loop);
  // x as [outputs, length] with element strides, whichever way it lies.
  int64_t outputs = x.sizes[columns ? 1 : 0], length = x.sizes[columns ? 0 : 1];
  int64_t outStride = x.strides[columns ? 1 : 0], step = x.strides[columns ? 0 : 1];
  const T *data = x.aligned + x.offset;
  // numpy's matmul gets the interpreter's operand C-contiguous: a buffer
  // with other strides is copied so first.
  thread_local std::vector<T> scratch;
  if (x.sizes[0] > 1 && x.sizes[1] > 1 &&
      (x.strides[1] != 1 || x.strides[0] != x.sizes[1])) {
    scratch.resize(outputs * length);
    for (int64_t i = 0; i < x.sizes[0]; ++i)
      for (int64_t j = 0; j < x.sizes[1]; ++j)
        scratch[i * x.sizes[1] + j] = data[i * x.strides[0] + j * x.strides[1]];
    data = scratch.data();
    outStride = columns ? 1 : length;
    step = columns ? outputs : 1;
  }
  T *to = y.aligned + y.offset;
  std::vector<T> result;
  if (y.strides[0] != 1) // the BLAS writes a contiguous vector
    result.resize(outputs);
  T *sums = y.strides[0] == 1 ? to : result.data();
  if (outputs == 1 && dot) {
    // numpy's dot: one sdot/ddot call added to a double 0.0
    sums[0] = T(0.0 + double(dot(length, data, step, ones<T>(length), 1)));
  } else if (gemv && length > 1) {
    if (columns) // ones @ X: X row-major [length, outputs], transposed
      gemv(kRowMajor, kTrans, length, outputs, T(1), data, outputs,
           ones<T>(length), 1, T(0), sums, 1);
    else // X @ ones: X as column-major [length, outputs], transposed
      gemv(kColumnMajor, kTrans, length, outputs, T(1), data, length,
           ones<T>(length), 1, T(0), sums, 1);
  } else {
    for (int64_t k = 0; k < outputs; ++k) {
      T sum = T(0);
      for (int64_t i = 0; i < length; ++i)
        sum += data[k * outStride + i * step];
      sums[k] = sum;
    }
  }
  if (sums != to)
    for (int64_t k = 0; k < outputs; ++k)
      to[k * y.strides[0]] = sums[k];
  // -0.0 where every element is -0.0 (init + sum keeps init's sign there)
  for (int64_t k = 0; k < outputs; ++k) {
    T &r = to[k * y.strides[0]];
    if (!Bits<T>::zero(r))
      continue;
    bool all = true;
    for (int64_t i = 0; i < length && all; ++i) {
      T e = data[k * outStride + i * step];
      all = Bits<T>::zero(e) && Bits<T>::negative(e);
    }
    if (all)
      r = T(-0.0f);
  }
}

} // namespace

extern "C" {
void stablehlo_py_set_numpy_loop(int64_t slot, void *loop, void *data) {
  if (slot >= 0 && slot < kNumpySlotCount)
    slots[slot] = {reinterpret_cast<Loop>(loop), data};
}
void _mlir_ciface___stablehlo_py_numpy_reduce_f16(void *x, void *out,
                                                  int64_t slot) {
  numpyReduce<_Float16>(x, out, slot);
}
void _mlir_ciface___stablehlo_py_numpy_reduce_f32(void *x, void *out,
                                                  int64_t slot) {
  numpyReduce<float>(x, out, slot);
}
void _mlir_ciface___stablehlo_py_numpy_reduce_f64(void *x, void *out,
                                                  int64_t slot) {
  numpyReduce<double>(x, out, slot);
}
void _mlir_ciface___stablehlo_py_blas_sum_f32(void *x, void *out,
                                              int64_t columns) {
  blasSum<float>(x, out, columns);
}
void _mlir_ciface___stablehlo_py_blas_sum_f64(void *x, void *out,
                                              int64_t columns) {
  blasSum<double>(x, out, columns);
}
void _mlir_ciface___stablehlo_py_numpy_loop_f32(void *in, void *out,
                                                int64_t slot) {
  run<float>(in, out, slot);
}
void _mlir_ciface___stablehlo_py_numpy_loop_f64(void *in, void *out,
                                                int64_t slot) {
  run<double>(in, out, slot);
}
float __stablehlo_py_numpy_scalar_f32(float x, int64_t slot) {
  return scalar<float>(x, slot);
}
double __stablehlo_py_numpy_scalar_f64(double x, int64_t slot) {
  return scalar<double>(x, slot);
}
}
