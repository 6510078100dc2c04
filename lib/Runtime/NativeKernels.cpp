// Native kernels the compiled backend's code calls (docs/lowering.md, "Native
// kernels"): C functions on MLIR memref descriptors, registered with the
// ExecutionEngine by lowering/compiled.py. No MLIR or Python here.
//
// __stablehlo_py_gemm_f32 / _f64: C[b] = A[b] x B[b] for A [B, M, K],
// B [B, K, N] and C [B, M, N] (any strides), through the CBLAS gemm numpy's
// own BLAS exports (set by stablehlo_py_set_gemm), so that a product is the
// interpreter's bit for bit: the interpreter hands the same matrices to the
// same library (np.matmul, BLAS on one thread, large 2-D products in two
// halves of rows). Without a BLAS, a plain loop in index order.
#include "Runtime/NativeKernels.h"

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace {

template <typename T> struct Memref3 {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[3];
  int64_t strides[3];
};

// CBLAS with 64-bit integers (OpenBLAS's ILP64 interface, as numpy ships it).
enum : int { kRowMajor = 101, kNoTrans = 111, kTrans = 112 };
template <typename T>
using CblasGemm = void (*)(int order, int transA, int transB, int64_t m,
                           int64_t n, int64_t k, T alpha, const T *a,
                           int64_t lda, const T *b, int64_t ldb, T beta, T *c,
                           int64_t ldc);

CblasGemm<float> sgemm = nullptr;
CblasGemm<double> dgemm = nullptr;

// A matrix of `rows` x `columns` at `data` with the given element strides, as
// BLAS takes it: row-major (NoTrans), column-major (Trans), or neither.
struct MatrixLayout {
  int trans;
  int64_t leading;
  bool usable;
};

MatrixLayout layoutOf(int64_t rows, int64_t columns, int64_t rowStride,
                      int64_t columnStride) {
  if ((columns <= 1 || columnStride == 1) &&
      (rows <= 1 || rowStride >= columns))
    return {kNoTrans, rows <= 1 ? std::max<int64_t>(columns, 1) : rowStride,
            true};
  if ((rows <= 1 || rowStride == 1) &&
      (columns <= 1 || columnStride >= rows))
    return {kTrans, columns <= 1 ? std::max<int64_t>(rows, 1) : columnStride,
            true};
  return {kNoTrans, 0, false};
}

// Matrix `batch` of `m` as a row-major copy in `scratch` where BLAS cannot
// take its strides; returns the data and layout to hand to BLAS.
template <typename T>
const T *prepared(const Memref3<T> &m, int64_t batch, MatrixLayout &layout,
                  std::vector<T> &scratch) {
  const T *data = m.aligned + m.offset + batch * m.strides[0];
  int64_t rows = m.sizes[1], columns = m.sizes[2];
  layout = layoutOf(rows, columns, m.strides[1], m.strides[2]);
  if (layout.usable)
    return data;
  scratch.resize(rows * columns);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j)
      scratch[i * columns + j] = data[i * m.strides[1] + j * m.strides[2]];
  layout = {kNoTrans, std::max<int64_t>(columns, 1), true};
  return scratch.data();
}

// Rows [rowBegin, rowEnd) of every product C[b] = A[b] x B[b].
template <typename T>
void gemmRows(CblasGemm<T> blas, const Memref3<T> *a, const Memref3<T> *b,
              Memref3<T> *c, int64_t rowBegin, int64_t rowEnd) {
  int64_t batches = c->sizes[0], m = rowEnd - rowBegin, n = c->sizes[2],
          k = a->sizes[2];
  Memref3<T> rowsOfA = *a, rowsOfC = *c;
  rowsOfA.offset += rowBegin * a->strides[1];
  rowsOfA.sizes[1] = m;
  rowsOfC.offset += rowBegin * c->strides[1];
  rowsOfC.sizes[1] = m;
  a = &rowsOfA;
  c = &rowsOfC;
  std::vector<T> scratchA, scratchB;
  for (int64_t batch = 0; batch < batches; ++batch) {
    T *out = c->aligned + c->offset + batch * c->strides[0];
    if (m == 0 || n == 0)
      continue;
    bool rowMajorOut = n <= 1 || c->strides[2] == 1;
    if (k == 0 || !blas || !rowMajorOut) { // index order over k
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          const T *row = a->aligned + a->offset + batch * a->strides[0] +
                         i * a->strides[1];
          const T *column = b->aligned + b->offset + batch * b->strides[0] +
                            j * b->strides[2];
          T sum = 0;
          for (int64_t p = 0; p < k; ++p)
            sum += row[p * a->strides[2]] * column[p * b->strides[1]];
          out[i * c->strides[1] + j * c->strides[2]] = sum;
        }
      continue;
    }
    MatrixLayout layoutA, layoutB;
    const T *dataA = prepared(*a, batch, layoutA, scratchA);
    const T *dataB = prepared(*b, batch, layoutB, scratchB);
    // C is the backend's own row-major buffer.
    blas(kRowMajor, layoutA.trans, layoutB.trans, m, n, k, T(1), dataA,
         layoutA.leading, dataB, layoutB.leading, T(0), out,
         std::max<int64_t>(c->strides[1], std::max<int64_t>(n, 1)));
  }
}

// `m` with its dimensions in the order of `roles`, three 2-bit dimension
// indices (a transposed view: no data moves).
template <typename T> Memref3<T> inRoleOrder(const Memref3<T> &m, int64_t roles) {
  Memref3<T> view = m;
  for (int role = 0; role < 3; ++role) {
    int64_t dim = (roles >> (2 * role)) & 3;
    view.sizes[role] = m.sizes[dim];
    view.strides[role] = m.strides[dim];
  }
  return view;
}

// The product; `flags` (the lowering's, LowerContractions.cpp): bit 0, the
// rows in two halves (the interpreter's _halves_matmul: the same cut, a
// multiple of 16 rows, so the same bits), the second half on a thread of its
// own; bits 1-6 and 7-12, which dimensions of A and B are (batch, M, K) and
// (batch, K, N).
template <typename T>
void gemm(CblasGemm<T> blas, const Memref3<T> *lhs, const Memref3<T> *rhs,
          Memref3<T> *c, int64_t flags) {
  Memref3<T> viewA = inRoleOrder(*lhs, flags >> 1),
             viewB = inRoleOrder(*rhs, flags >> 7);
  const Memref3<T> *a = &viewA, *b = &viewB;
  int64_t m = c->sizes[1];
  if (!(flags & 1)) {
    gemmRows(blas, a, b, c, 0, m);
    return;
  }
  int64_t cut = std::min<int64_t>(m, (m / 2 + 15) / 16 * 16);
  std::thread second([&] { gemmRows(blas, a, b, c, cut, m); });
  gemmRows(blas, a, b, c, 0, cut);
  second.join();
}

} // namespace

extern "C" {

void stablehlo_py_set_gemm(void *f32, void *f64) {
  sgemm = reinterpret_cast<CblasGemm<float>>(f32);
  dgemm = reinterpret_cast<CblasGemm<double>>(f64);
}

void _mlir_ciface___stablehlo_py_gemm_f32(void *a, void *b, void *c,
                                          int64_t flags) {
  gemm(sgemm, static_cast<const Memref3<float> *>(a),
       static_cast<const Memref3<float> *>(b), static_cast<Memref3<float> *>(c),
       flags);
}

void _mlir_ciface___stablehlo_py_gemm_f64(void *a, void *b, void *c,
                                          int64_t flags) {
  gemm(dgemm, static_cast<const Memref3<double> *>(a),
       static_cast<const Memref3<double> *>(b),
       static_cast<Memref3<double> *>(c), flags);
}

} // extern "C"
