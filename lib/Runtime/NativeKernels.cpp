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
#include "Runtime/MemrefDescriptor.h"
#include "Runtime/NativeKernels.h"
#include "Runtime/BufferCache.h"
#include "Runtime/NumpyLoops.h"
#include "Runtime/ParallelFor.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

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

// One matrix of a product: `rows` x `columns` elements at `data`, with the
// given element strides.
template <typename T> struct Matrix {
  const T *data;
  int64_t rows, columns, rowStride, columnStride;
};

// How a copy is laid out where BLAS cannot take a matrix's strides: row-major
// (the interpreter's dots copy so first, dot_conv._blas_ready), or as numpy's
// matmul copies inside (its convolutions' products): column-major where the
// rows step less than the columns (numpy/_core/src/umath/matmul.c.src).
enum class Copy { RowMajor, AsNumpy };

// The side of the tiles copyRowMajor copies a strided matrix in.
constexpr int64_t kCopyTile = 16;

// out[r * outStride + q] = in[q * inStride + r] for r, q < 4 (f32): the four
// columns at `in` (each 4 contiguous elements) as four rows at `out`.
template <typename T>
inline void transposeBlock4(const T *in, int64_t inStride, T *out,
                            int64_t outStride) {
  if constexpr (sizeof(T) == 4) {
    typedef T Four __attribute__((vector_size(16)));
    Four c0, c1, c2, c3;
    std::memcpy(&c0, in, sizeof c0);
    std::memcpy(&c1, in + inStride, sizeof c1);
    std::memcpy(&c2, in + 2 * inStride, sizeof c2);
    std::memcpy(&c3, in + 3 * inStride, sizeof c3);
    Four t0 = __builtin_shufflevector(c0, c1, 0, 4, 1, 5),
         t1 = __builtin_shufflevector(c0, c1, 2, 6, 3, 7),
         t2 = __builtin_shufflevector(c2, c3, 0, 4, 1, 5),
         t3 = __builtin_shufflevector(c2, c3, 2, 6, 3, 7);
    Four r0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5),
         r1 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7),
         r2 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5),
         r3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
    std::memcpy(out, &r0, sizeof r0);
    std::memcpy(out + outStride, &r1, sizeof r1);
    std::memcpy(out + 2 * outStride, &r2, sizeof r2);
    std::memcpy(out + 3 * outStride, &r3, sizeof r3);
  } else {
    for (int64_t r = 0; r < 4; ++r)
      for (int64_t q = 0; q < 4; ++q)
        out[r * outStride + q] = in[q * inStride + r];
  }
}

// `m` copied row-major into `out` (rows x columns): whole rows where its
// columns are contiguous, otherwise in tiles of kCopyTile x kCopyTile, so
// that the cache lines a tile reads across are all used while they are in L1.
template <typename T> void copyRowMajor(const Matrix<T> &m, T *out) {
  int64_t rows = m.rows, columns = m.columns;
  if (m.columnStride == 1 || columns <= 1) {
    for (int64_t i = 0; i < rows; ++i)
      std::memcpy(out + i * columns, m.data + i * m.rowStride,
                  columns * sizeof(T));
    return;
  }
  // f32 stored column-major (attention's k^T): 4 x 4 blocks transposed in
  // SSE registers, four loads and stores where there were sixteen each.
  bool blocks = sizeof(T) == 4 && m.rowStride == 1;
  for (int64_t i0 = 0; i0 < rows; i0 += kCopyTile)
    for (int64_t j0 = 0; j0 < columns; j0 += kCopyTile) {
      int64_t i1 = std::min(rows, i0 + kCopyTile),
              j1 = std::min(columns, j0 + kCopyTile);
      int64_t i = i0;
      if (blocks)
        for (; i + 4 <= i1; i += 4) {
          int64_t j = j0;
          for (; j + 4 <= j1; j += 4)
            transposeBlock4(m.data + i + j * m.columnStride, m.columnStride,
                            out + i * columns + j, columns);
          for (; j < j1; ++j)
            for (int64_t r = 0; r < 4; ++r)
              out[(i + r) * columns + j] = m.data[i + r + j * m.columnStride];
        }
      for (; i < i1; ++i) {
        const T *from = m.data + i * m.rowStride;
        T *to = out + i * columns;
        for (int64_t j = j0; j < j1; ++j)
          to[j] = from[j * m.columnStride];
      }
    }
}

// `m` as BLAS takes it, from a copy in `scratch` where its strides do not fit
// or where `rowMajor` asks for the interpreter's row-major copy (numpy's
// reshape of a transposed view; flags bits 14 and 15).
template <typename T>
const T *prepared(const Matrix<T> &m, Copy copy, MatrixLayout &layout,
                  std::vector<T> &scratch, bool rowMajor = false) {
  int64_t rows = m.rows, columns = m.columns;
  layout = layoutOf(rows, columns, m.rowStride, m.columnStride);
  if (layout.usable && !rowMajor)
    return m.data;
  scratch.resize(rows * columns);
  bool columnMajor = !rowMajor && copy == Copy::AsNumpy &&
                     std::abs(m.rowStride) < std::abs(m.columnStride);
  if (columnMajor) {
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < columns; ++j)
        scratch[j * rows + i] = m.data[i * m.rowStride + j * m.columnStride];
  } else {
    copyRowMajor(m, scratch.data());
  }
  layout = columnMajor ? MatrixLayout{kTrans, std::max<int64_t>(rows, 1), true}
                       : MatrixLayout{kNoTrans, std::max<int64_t>(columns, 1),
                                      true};
  return scratch.data();
}

// c = a x b (c: m x n, its columns contiguous unless n is 1) by BLAS, or in
// index order over k without one (or for an empty k, or c of other strides).
template <typename T>
void product(CblasGemm<T> blas, const Matrix<T> &a, const Matrix<T> &b, T *c,
             int64_t cRowStride, int64_t cColumnStride, Copy copy,
             std::vector<T> &scratchA, std::vector<T> &scratchB,
             bool rowMajorA = false, bool rowMajorB = false) {
  int64_t m = a.rows, k = a.columns, n = b.columns;
  if (m == 0 || n == 0)
    return;
  bool rowMajorOut = n <= 1 || cColumnStride == 1;
  if (k == 0 || !blas || !rowMajorOut) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T sum = 0;
        for (int64_t p = 0; p < k; ++p)
          sum += a.data[i * a.rowStride + p * a.columnStride] *
                 b.data[p * b.rowStride + j * b.columnStride];
        c[i * cRowStride + j * cColumnStride] = sum;
      }
    return;
  }
  MatrixLayout layoutA, layoutB;
  const T *dataA = prepared(a, copy, layoutA, scratchA, rowMajorA);
  const T *dataB = prepared(b, copy, layoutB, scratchB, rowMajorB);
  blas(kRowMajor, layoutA.trans, layoutB.trans, m, n, k, T(1), dataA,
       layoutA.leading, dataB, layoutB.leading, T(0), c,
       std::max<int64_t>(cRowStride, std::max<int64_t>(n, 1)));
}

// Flags bits 14 and 15: A's (B's) matrices go to BLAS as row-major copies,
// whatever their strides: the lowering passes an operand the interpreter
// transposes and reshapes (numpy copies such a view) as it is, and each
// matrix is copied here, on the thread computing it, rather than the whole
// operand by a loop before the call (LowerContractions.cpp, asMatrices).
constexpr int64_t kRowMajorA = int64_t(1) << 14;
constexpr int64_t kRowMajorB = int64_t(1) << 15;

// Rows [rowBegin, rowEnd) of every product C[b] = A[b] x B[b]; `copies`: the
// flags' bits kRowMajorA and kRowMajorB.
template <typename T>
void gemmRows(CblasGemm<T> blas, const MemrefDescriptor<T, 3> *a, const MemrefDescriptor<T, 3> *b,
              MemrefDescriptor<T, 3> *c, int64_t rowBegin, int64_t rowEnd,
              int64_t copies) {
  int64_t batches = c->sizes[0], m = rowEnd - rowBegin, n = c->sizes[2],
          k = a->sizes[2];
  std::vector<T> scratchA, scratchB;
  for (int64_t batch = 0; batch < batches; ++batch) {
    Matrix<T> rowsOfA{a->aligned + a->offset + batch * a->strides[0] +
                          rowBegin * a->strides[1],
                      m, k, a->strides[1], a->strides[2]};
    Matrix<T> matrixB{b->aligned + b->offset + batch * b->strides[0], k, n,
                      b->strides[1], b->strides[2]};
    product(blas, rowsOfA, matrixB,
            c->aligned + c->offset + batch * c->strides[0] +
                rowBegin * c->strides[1],
            c->strides[1], c->strides[2], Copy::RowMajor, scratchA, scratchB,
            copies & kRowMajorA, copies & kRowMajorB);
  }
}

// Multiply-adds below which a batched or strided kernel's products stay on the caller,
// and a chunk's least on the pool (a thread's wake-up costs some 10 us).
constexpr int64_t kParallelProducts = int64_t(1) << 18;
constexpr int64_t kChunkProducts = int64_t(1) << 16;

// The pool judges each call site, its body and range, against the site's
// fastest call alone and runs calls alone for a while after a loss
// (ParallelFor.cpp). One kernel body runs products of every size, so the
// gemm kernel's calls give each item (a half, a matrix of the batch) a range
// of `unit` indices, the item's multiply-adds: products of other sizes are
// other sites. With the range the item count, the transformer block's
// 256x1024 @ 1024x256 halves were judged against its 256x256 @ 256x256 ones
// and lost, and its products ran on one thread most of the time.
inline int64_t itemUnit(int64_t work) { return std::max<int64_t>(work, 1); }

// Every product C[b] = A[b] x B[b], the batch split over the pool
// (ParallelFor.h) when it has kParallelProducts multiply-adds: each matrix
// gets the same BLAS call as on one thread (BLAS itself runs on one), so the
// same bits. 4096 products of 16x32 @ 32x16 f32 (the batched matmul
// benchmark): one gemm call costs some 0.2 us, and a batch on one thread
// was 0.86 of ours 1.0 ms (issue 36).
template <typename T>
void gemmBatches(CblasGemm<T> blas, const MemrefDescriptor<T, 3> *a,
                 const MemrefDescriptor<T, 3> *b, MemrefDescriptor<T, 3> *c,
                 int64_t copies) {
  int64_t batches = c->sizes[0],
          work = c->sizes[1] * c->sizes[2] * a->sizes[2];
  if (batches < 2 || work * batches < kParallelProducts) {
    gemmRows(blas, a, b, c, 0, c->sizes[1], copies);
    return;
  }
  struct Batches {
    CblasGemm<T> blas;
    const MemrefDescriptor<T, 3> *a, *b;
    MemrefDescriptor<T, 3> *c;
    int64_t copies, unit;
  } job{blas, a, b, c, copies, itemUnit(work)};
  stablehlo_py_parallel_for(
      [](void *context, int64_t first, int64_t last) {
        auto &j = *static_cast<Batches *>(context);
        // batches [begin, end) as a batch of their own
        int64_t begin = first / j.unit, end = last / j.unit;
        MemrefDescriptor<T, 3> a = *j.a, b = *j.b, c = *j.c;
        for (auto *view : {&a, &b, &c}) {
          view->offset += begin * view->strides[0];
          view->sizes[0] = end - begin;
        }
        gemmRows(j.blas, &a, &b, &c, 0, c.sizes[1], j.copies);
      },
      &job, batches * job.unit,
      std::max<int64_t>(1, kChunkProducts / std::max<int64_t>(work, 1)) *
          job.unit);
}

// `m` with its dimensions in the order of `roles`, three 2-bit dimension
// indices (a transposed view: no data moves).
template <typename T> MemrefDescriptor<T, 3> inRoleOrder(const MemrefDescriptor<T, 3> &m, int64_t roles) {
  MemrefDescriptor<T, 3> view = m;
  for (int role = 0; role < 3; ++role) {
    int64_t dim = (roles >> (2 * role)) & 3;
    view.sizes[role] = m.sizes[dim];
    view.strides[role] = m.strides[dim];
  }
  return view;
}

// Bit 13 of the gemm kernel's flags: the columns of C in two halves
// (inHalves). A few-row product too small for
// two cores gains by the halves alone (OpenBLAS's small-matrix kernel takes
// each without packing B: an RNN step, 16x256 @ 256x256, 34 -> 23 us); from
// kPoolColumnsWork multiply-adds the second half goes to a worker of the pool
// (48x1024 @ 1024x1024: 1.37 -> 0.76 ms), below that a wake-up cost more than
// it saved.
constexpr int64_t kColumnHalves = int64_t(1) << 13;
constexpr int64_t kPoolColumnsWork = int64_t(1) << 24;

// The product in two halves of its rows (flags bit 0: the interpreter's
// _halves_matmul) or of its columns (bit 13: _column_halves_matmul), cut at a
// multiple of 16 as the interpreter cuts them, one BLAS call each: the same
// bits. The second half goes to a worker of the pool when `pooled`.
template <typename T>
void inHalves(CblasGemm<T> blas, const MemrefDescriptor<T, 3> *a,
              const MemrefDescriptor<T, 3> *b, MemrefDescriptor<T, 3> *c,
              bool columns, bool pooled, int64_t copies) {
  int64_t size = columns ? c->sizes[2] : c->sizes[1];
  int64_t cut = std::min<int64_t>(size, (size / 2 + 15) / 16 * 16);
  struct Halves {
    CblasGemm<T> blas;
    const MemrefDescriptor<T, 3> *a, *b;
    MemrefDescriptor<T, 3> *c;
    int64_t cut, size;
    bool columns;
    int64_t copies, unit;
  } halves{blas, a, b, c, cut, size, columns, copies,
           // rows and columns apart: 2 x work, plus one for columns
           itemUnit(2 * c->sizes[0] * c->sizes[1] * c->sizes[2] * a->sizes[2] +
                    columns)};
  auto run = [](void *context, int64_t first, int64_t last) {
    auto &h = *static_cast<Halves *>(context);
    for (int64_t half = first / h.unit; half < last / h.unit; ++half) {
      int64_t first = half ? h.cut : 0, last = half ? h.size : h.cut;
      if (!h.columns) {
        gemmRows(h.blas, h.a, h.b, h.c, first, last, h.copies);
        continue;
      }
      MemrefDescriptor<T, 3> columnsOfB = *h.b, columnsOfC = *h.c;
      for (auto *view : {&columnsOfB, &columnsOfC}) {
        view->offset += first * view->strides[2];
        view->sizes[2] = last - first;
      }
      gemmRows(h.blas, h.a, &columnsOfB, &columnsOfC, 0, h.c->sizes[1],
               h.copies);
    }
  };
  if (pooled)
    stablehlo_py_parallel_for(run, &halves, 2 * halves.unit, halves.unit);
  else
    run(&halves, 0, 2 * halves.unit);
}

// The product; `flags` (the lowering's, LowerContractions.cpp): bit 0, the
// rows in two halves (the interpreter's _halves_matmul: the same cut, a
// multiple of 16 rows, so the same bits), the second half on a thread of its
// own (a worker of the pool); bits 1-6 and 7-12, which dimensions of A and B are (batch, M, K) and
// (batch, K, N); bit 13, the columns in two halves (inHalves). Neither:
// the batch (gemmBatches).
template <typename T>
void gemm(CblasGemm<T> blas, const MemrefDescriptor<T, 3> *lhs, const MemrefDescriptor<T, 3> *rhs,
          MemrefDescriptor<T, 3> *c, int64_t flags) {
  MemrefDescriptor<T, 3> viewA = inRoleOrder(*lhs, flags >> 1),
             viewB = inRoleOrder(*rhs, flags >> 7);
  const MemrefDescriptor<T, 3> *a = &viewA, *b = &viewB;
  int64_t copies = flags & (kRowMajorA | kRowMajorB);
  if (flags & kColumnHalves) {
    int64_t work = c->sizes[0] * c->sizes[1] * c->sizes[2] * a->sizes[2];
    inHalves(blas, a, b, c, /*columns=*/true, work >= kPoolColumnsWork, copies);
    return;
  }
  if (!(flags & 1)) {
    gemmBatches(blas, a, b, c, copies);
    return;
  }
  // The rows' halves through the pool (ParallelFor.h): the caller takes both
  // when the other core is busy.
  inHalves(blas, a, b, c, /*columns=*/false, /*pooled=*/true, copies);
}

// An unranked memref as the C interface passes it, and its ranked
// descriptor's fields (allocated, aligned, offset, sizes[rank],
// strides[rank]).
struct Unranked {
  int64_t rank;
  void *descriptor;
};

template <typename T> struct Strided {
  T *data;
  int64_t rank;
  const int64_t *sizes, *strides;
};

template <typename T> Strided<T> stridedOf(const Unranked *memref) {
  auto *fields = static_cast<char *>(memref->descriptor);
  T *aligned = *reinterpret_cast<T **>(fields + sizeof(T *));
  auto *numbers = reinterpret_cast<const int64_t *>(fields + 2 * sizeof(T *));
  return {aligned + numbers[0], memref->rank, numbers + 1,
          numbers + 1 + memref->rank};
}

// total[i] = total[i] + part[i] for i < count, `Bytes` of lanes at a time:
// the extension builds at -Os, which vectorizes no loop (and indexes vectors
// through checked calls, _GLIBCXX_ASSERTIONS), and a scalar loop here took a
// fifth of a convolution's time. Lane-wise adds round as scalar ones.
template <int Bytes, typename T>
inline __attribute__((always_inline)) void addLanes(T *total, const T *part,
                                                    int64_t count) {
  typedef T Lanes __attribute__((vector_size(Bytes)));
  constexpr int64_t kLanes = Bytes / sizeof(T);
  int64_t i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    Lanes x, y;
    std::memcpy(&x, total + i, sizeof x);
    std::memcpy(&y, part + i, sizeof y);
    x = x + y;
    std::memcpy(total + i, &x, sizeof x);
  }
  for (; i < count; ++i)
    total[i] = total[i] + part[i];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same with AVX-512 registers, where the CPU has them (the JIT's code
// uses them too).
template <typename T>
__attribute__((target("avx512f"))) void addInto512(T *total, const T *part,
                                                   int64_t count) {
  addLanes<64>(total, part, count);
}
// AVX2 registers (this AVX2-only host: a convolution's image rows add
// whole (rows, outputs) products, from L2).
template <typename T>
__attribute__((target("avx2"))) void addInto256(T *total, const T *part,
                                                int64_t count) {
  addLanes<32>(total, part, count);
}
template <typename T> void addInto(T *total, const T *part, int64_t count) {
  static const int width = __builtin_cpu_supports("avx512f") ? 512
                           : __builtin_cpu_supports("avx2")  ? 256
                                                             : 128;
  if (width == 512)
    addInto512(total, part, count);
  else if (width == 256)
    addInto256(total, part, count);
  else
    addLanes<16>(total, part, count);
}
#else
template <typename T> void addInto(T *total, const T *part, int64_t count) {
  addLanes<16>(total, part, count);
}
#endif

// A strided kernel's checked plan: `size[l]` and operand o's `stride[o *
// loops + l]` along loop l (0 where absent); the last three loops are M, N
// and K, the others batch loops: `outer` those along which C varies, `summed`
// those it does not (see the header). run(begin, end) computes C for the
// outer indices [begin, end) (row-major over the outer loops), each product
// as numpy's matmul computes one matrix of its loop (product with
// Copy::AsNumpy), the summed loops' products added to the first in
// row-major order, as numpy adds whole products one after another.
template <typename T> struct StridedPlan {
  CblasGemm<T> blas;
  T *data[3];
  int64_t loops;
  const std::vector<int64_t> &size, &stride;
  std::vector<int64_t> outer, summed;

  int64_t strideOf(int o, int64_t l) const { return stride[o * loops + l]; }

  // Operand offsets of linear index `linear` over `which` loops, added to at.
  void offsets(const std::vector<int64_t> &which, int64_t linear,
               int64_t at[3]) const {
    for (int64_t i = int64_t(which.size()) - 1; i >= 0; --i) {
      int64_t l = which[i], index = linear % size[l];
      linear /= size[l];
      for (int o = 0; o < 3; ++o)
        at[o] += index * strideOf(o, l);
    }
  }

  void run(int64_t begin, int64_t end) const {
    int64_t mLoop = loops - 3, nLoop = loops - 2, kLoop = loops - 1;
    int64_t m = size[mLoop], n = size[nLoop], k = size[kLoop];
    int64_t terms = 1;
    for (int64_t l : summed)
      terms *= size[l];
    int64_t cRow = strideOf(2, mLoop), cColumn = strideOf(2, nLoop);
    std::vector<T> scratchA, scratchB, part(terms > 1 ? m * n : 0);
    for (int64_t linear = begin; linear < end; ++linear) {
      int64_t base[3] = {0, 0, 0};
      offsets(outer, linear, base);
      T *c = data[2] + base[2];
      if (terms == 0) // an empty sum
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j)
            c[i * cRow + j * cColumn] = T(0);
      for (int64_t term = 0; term < terms; ++term) {
        int64_t at[3] = {base[0], base[1], 0};
        offsets(summed, term, at);
        Matrix<T> a{data[0] + at[0], m, k, strideOf(0, mLoop),
                    strideOf(0, kLoop)};
        Matrix<T> b{data[1] + at[1], k, n, strideOf(1, kLoop),
                    strideOf(1, nLoop)};
        if (term == 0) {
          product(blas, a, b, c, cRow, cColumn, Copy::AsNumpy, scratchA,
                  scratchB);
          continue;
        }
        T *added = part.data();
        product(blas, a, b, added, n, 1, Copy::AsNumpy, scratchA, scratchB);
        if (cColumn == 1 && cRow == n) {
          addInto(c, added, m * n);
          continue;
        }
        for (int64_t i = 0; i < m; ++i) {
          if (cColumn == 1) {
            addInto(c + i * cRow, added + i * n, n);
            continue;
          }
          for (int64_t j = 0; j < n; ++j)
            c[i * cRow + j * cColumn] = c[i * cRow + j * cColumn] + added[i * n + j];
        }
      }
    }
  }
};

// The strided kernel: every product of a plan (see the header), each as
// numpy's matmul computes one matrix of its loop (product with Copy::AsNumpy).
// A plan the buffers do not fit computes nothing (the lowering writes the
// plans; nothing here may abort the process).
template <typename T>
void gemmStrided(CblasGemm<T> blas, const Unranked *lhs, const Unranked *rhs,
                 const Unranked *out, const MemrefDescriptor<int64_t, 1> *planBuffer) {
  Strided<T> operand[3] = {stridedOf<T>(lhs), stridedOf<T>(rhs),
                           stridedOf<T>(out)};
  const int64_t *plan = planBuffer->aligned + planBuffer->offset;
  int64_t entries = planBuffer->sizes[0], step = planBuffer->strides[0];
  if (entries < 1)
    return;
  int64_t loops = plan[0];
  if (loops < 3 || entries != 1 + 3 * loops)
    return;
  // size[l], and stride[o][l] of operand o along loop l (0 where absent).
  std::vector<int64_t> size(loops, -1), stride(3 * loops, 0);
  std::vector<bool> absentFromC(loops, false);
  for (int64_t l = 0; l < loops; ++l)
    for (int o = 0; o < 3; ++o) {
      int64_t dim = plan[(1 + 3 * l + o) * step];
      if (dim < 0) {
        absentFromC[l] = absentFromC[l] || o == 2;
        continue;
      }
      if (dim >= operand[o].rank)
        return;
      int64_t extent = operand[o].sizes[dim];
      if (size[l] >= 0 && size[l] != extent)
        return;
      size[l] = extent;
      stride[o * loops + l] = operand[o].strides[dim];
    }
  for (int64_t l = 0; l < loops; ++l)
    if (size[l] < 0)
      size[l] = 1;
  StridedPlan<T> job{blas, {operand[0].data, operand[1].data, operand[2].data},
                     loops, size, stride, {}, {}};
  int64_t products = 1, terms = 1;
  for (int64_t l = 0; l < loops - 3; ++l) {
    if (absentFromC[l]) {
      job.summed.push_back(l);
      terms *= size[l];
    } else {
      job.outer.push_back(l);
      products *= size[l];
    }
  }
  if (products == 0)
    return;
  // The outer indices on the pool (ParallelFor.h), each writing C of its own
  // (C is the call's own buffer): the same BLAS calls and sums, so the same
  // bits, in any order. A chunk is some 64K multiply-adds at least.
  int64_t work = size[loops - 3] * size[loops - 2] * size[loops - 1] * terms;
  if (products < 2 || work * products < kParallelProducts) {
    job.run(0, products);
    return;
  }
  struct Items {
    StridedPlan<T> *job;
    int64_t unit;
  } items{&job, itemUnit(work)};
  stablehlo_py_parallel_for(
      [](void *context, int64_t first, int64_t last) {
        auto &i = *static_cast<Items *>(context);
        i.job->run(first / i.unit, last / i.unit);
      },
      &items, products * items.unit,
      std::max<int64_t>(1, kChunkProducts / std::max<int64_t>(work, 1)) *
          items.unit);
}

// Index-order products (docs/lowering.md, "Native kernels"): every C[b, i, j]
// summed as the interpreter's _matmul loop sums it, from 0, adding
// A[b, i, p] * B[b, p, j] for p = 0, 1, ..., k - 1, each product rounded
// before its add. Vectorized over j (lanes of one row of B), four rows of C
// at a time sharing each row of B: a lane's sum is the scalar one bit for
// bit, and splitting the batch over threads changes no sum.

// `x` as a value the compiler must have computed: a product passed through
// this is rounded before the add that follows, never fused into a
// multiply-add (GCC contracts across statements by default wherever the
// target has an FMA, and AVX-512 has one).
template <typename V> inline __attribute__((always_inline)) void rounded(V &x) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  asm("" : "+v"(x));
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
  asm("" : "+w"(x));
#else
  volatile V kept = x;
  x = kept;
#endif
}

// One product's operands: A [M, K] (any strides), B [K, N] and C [M, N] with
// contiguous columns.
template <typename T> struct IndexOrderItem {
  const T *a;
  int64_t aRow, aColumn;
  const T *b;
  int64_t bRow;
  T *c;
  int64_t cRow, m, n, k;
};

// Rows [i, i + Rows) and the `Lanes` columns from j of C.
template <int Rows, typename Lanes, typename T>
inline __attribute__((always_inline)) void indexOrderBlock(
    const IndexOrderItem<T> &item, int64_t i, int64_t j) {
  Lanes sum[Rows] = {}; // +0, the reduce's init
  const T *a = item.a + i * item.aRow;
  for (int64_t p = 0; p < item.k; ++p) {
    Lanes row;
    std::memcpy(&row, item.b + p * item.bRow + j, sizeof row);
#pragma GCC unroll 4 // the sums stay in registers (the extension builds at -Os)
    for (int r = 0; r < Rows; ++r) {
      Lanes product = a[r * item.aRow + p * item.aColumn] * row;
      rounded(product);
      sum[r] = sum[r] + product;
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < Rows; ++r)
    std::memcpy(item.c + (i + r) * item.cRow + j, &sum[r], sizeof sum[r]);
}

// Row i of C, `Vectors` vectors of lanes from column j: sums of their own,
// whose adds overlap. A row alone (a matrix-vector product, decoding one
// token) has no other rows' sums to fill the wait for each add's previous
// one; with one vector it ran at a quarter of the adds' throughput.
template <int Vectors, typename Lanes, typename T>
inline __attribute__((always_inline)) void indexOrderRow(
    const IndexOrderItem<T> &item, int64_t i, int64_t j) {
  constexpr int64_t kLanes = sizeof(Lanes) / sizeof(T);
  Lanes sum[Vectors] = {}; // +0, the reduce's init
  const T *a = item.a + i * item.aRow;
  for (int64_t p = 0; p < item.k; ++p) {
    T scale = a[p * item.aColumn];
    const T *row = item.b + p * item.bRow + j;
#pragma GCC unroll 8
    for (int v = 0; v < Vectors; ++v) {
      Lanes lanes;
      std::memcpy(&lanes, row + v * kLanes, sizeof lanes);
      Lanes product = scale * lanes;
      rounded(product);
      sum[v] = sum[v] + product;
    }
  }
#pragma GCC unroll 8
  for (int v = 0; v < Vectors; ++v)
    std::memcpy(item.c + i * item.cRow + j + v * kLanes, &sum[v],
                sizeof sum[v]);
}

// Columns from `j` on, `Bytes` of lanes at a time, then narrower vectors down
// to 16 bytes, then one at a time. Rows four at a time (each row of B loaded
// once for four sums), the rest one at a time, up to eight vectors of it.
template <int Bytes, typename T>
inline __attribute__((always_inline)) void indexOrderColumns(
    const IndexOrderItem<T> &item, int64_t j) {
  typedef T Lanes __attribute__((vector_size(Bytes)));
  constexpr int64_t kLanes = Bytes / sizeof(T);
  int64_t end = j + (item.n - j) / kLanes * kLanes, fours = item.m / 4 * 4;
  for (int64_t column = j; column < end; column += kLanes)
    for (int64_t i = 0; i < fours; i += 4)
      indexOrderBlock<4, Lanes>(item, i, column);
  for (int64_t i = fours; i < item.m; ++i) {
    int64_t column = j;
    for (; column + 8 * kLanes <= end; column += 8 * kLanes)
      indexOrderRow<8, Lanes>(item, i, column);
    for (; column + 2 * kLanes <= end; column += 2 * kLanes)
      indexOrderRow<2, Lanes>(item, i, column);
    for (; column < end; column += kLanes)
      indexOrderRow<1, Lanes>(item, i, column);
  }
  j = end;
  if constexpr (Bytes > 16) {
    indexOrderColumns<Bytes / 2>(item, j);
  } else {
    for (int64_t i = 0; i < item.m; ++i)
      for (int64_t column = j; column < item.n; ++column) {
        T sum = 0;
        for (int64_t p = 0; p < item.k; ++p) {
          T product = item.a[i * item.aRow + p * item.aColumn] *
                      item.b[p * item.bRow + column];
          rounded(product);
          sum = sum + product;
        }
        item.c[i * item.cRow + column] = sum;
      }
  }
}

// A batch of index-order products: C[b] = A[b] x B[b] for b in [begin, end)
// (strides: batch, row, column of A, B and C, in elements).
template <typename T> struct IndexOrderJob {
  const T *a, *b;
  T *c;
  int64_t m, n, k;
  int64_t strides[9];
};

template <int Bytes, typename T>
inline __attribute__((always_inline)) void indexOrderItems(
    const IndexOrderJob<T> &job, int64_t begin, int64_t end) {
  const int64_t *s = job.strides;
  int64_t m = job.m, n = job.n, k = job.k;
  // B's rows and C's rows must have contiguous columns; others go through
  // a row-major copy (B) or are written from one (C).
  bool copyB = n > 1 && s[5] != 1, copyC = n > 1 && s[8] != 1;
  std::vector<T> scratchB(copyB ? k * n : 0), scratchC(copyC ? m * n : 0);
  for (int64_t batch = begin; batch < end; ++batch) {
    const T *b = job.b + batch * s[3];
    int64_t bRow = s[4];
    if (copyB) {
      // Through the pointer: the extension's -Os build with
      // _GLIBCXX_ASSERTIONS called vector::operator[] once per element.
      T *copy = scratchB.data();
      for (int64_t p = 0; p < k; ++p)
        for (int64_t j = 0; j < n; ++j)
          copy[p * n + j] = b[p * s[4] + j * s[5]];
      b = copy;
      bRow = n;
    }
    T *c = copyC ? scratchC.data() : job.c + batch * s[6];
    IndexOrderItem<T> item{job.a + batch * s[0], s[1], s[2], b, bRow,
                           c, copyC ? n : s[7], m, n, k};
    indexOrderColumns<Bytes>(item, 0);
    if (copyC)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          job.c[batch * s[6] + i * s[7] + j * s[8]] = c[i * n + j];
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The host's widest vectors (the extension is built for any x86-64).
template <typename T>
__attribute__((target("avx512f"))) void indexOrder512(
    const IndexOrderJob<T> &job, int64_t begin, int64_t end) {
  indexOrderItems<64>(job, begin, end);
}
template <typename T>
__attribute__((target("avx2"))) void indexOrder256(
    const IndexOrderJob<T> &job, int64_t begin, int64_t end) {
  indexOrderItems<32>(job, begin, end);
}
template <typename T>
void indexOrderRange(const IndexOrderJob<T> &job, int64_t begin, int64_t end) {
  static const int width = __builtin_cpu_supports("avx512f")  ? 64
                           : __builtin_cpu_supports("avx2") ? 32
                                                            : 16;
  if (width == 64)
    indexOrder512(job, begin, end);
  else if (width == 32)
    indexOrder256(job, begin, end);
  else
    indexOrderItems<16>(job, begin, end);
}
#else
template <typename T>
void indexOrderRange(const IndexOrderJob<T> &job, int64_t begin, int64_t end) {
  indexOrderItems<16>(job, begin, end);
}
#endif

// Every product of `job` over `batches`, on the pool when there are at least
// kParallelProducts multiply-adds (each batch index writes C of its own).
template <typename T> void indexOrder(const IndexOrderJob<T> &job, int64_t batches) {
  int64_t work = job.m * job.n * job.k;
  if (batches <= 0 || job.m <= 0 || job.n <= 0)
    return;
  if (batches < 2 || work * batches < kParallelProducts) {
    indexOrderRange(job, 0, batches);
    return;
  }
  struct Items {
    const IndexOrderJob<T> *job;
    int64_t unit;
  } items{&job, itemUnit(work)};
  stablehlo_py_parallel_for(
      [](void *context, int64_t first, int64_t last) {
        auto &i = *static_cast<Items *>(context);
        indexOrderRange(*i.job, first / i.unit, last / i.unit);
      },
      &items, batches * items.unit,
      std::max<int64_t>(1, kChunkProducts / std::max<int64_t>(work, 1)) *
          items.unit);
}

// The index-order product of the gemm kernel's operands and flags (bit 0,
// the halves, means nothing here).
template <typename T>
void indexOrderOfDescriptors(const MemrefDescriptor<T, 3> *lhs,
                             const MemrefDescriptor<T, 3> *rhs,
                             MemrefDescriptor<T, 3> *c, int64_t flags) {
  MemrefDescriptor<T, 3> a = inRoleOrder(*lhs, flags >> 1),
                         b = inRoleOrder(*rhs, flags >> 7);
  IndexOrderJob<T> job{a.aligned + a.offset, b.aligned + b.offset,
                       c->aligned + c->offset, c->sizes[1], c->sizes[2],
                       a.sizes[2], {}};
  for (int d = 0; d < 3; ++d) {
    job.strides[d] = a.strides[d];
    job.strides[3 + d] = b.strides[d];
    job.strides[6 + d] = c->strides[d];
  }
  indexOrder(job, c->sizes[0]);
}

} // namespace

extern "C" {

void stablehlo_py_set_gemm(void *f32, void *f64) {
  sgemm = reinterpret_cast<CblasGemm<float>>(f32);
  dgemm = reinterpret_cast<CblasGemm<double>>(f64);
}

void _mlir_ciface___stablehlo_py_gemm_f32(void *a, void *b, void *c,
                                          int64_t flags) {
  gemm(sgemm, static_cast<const MemrefDescriptor<float, 3> *>(a),
       static_cast<const MemrefDescriptor<float, 3> *>(b), static_cast<MemrefDescriptor<float, 3> *>(c),
       flags);
}

void _mlir_ciface___stablehlo_py_gemm_f64(void *a, void *b, void *c,
                                          int64_t flags) {
  gemm(dgemm, static_cast<const MemrefDescriptor<double, 3> *>(a),
       static_cast<const MemrefDescriptor<double, 3> *>(b),
       static_cast<MemrefDescriptor<double, 3> *>(c), flags);
}

void _mlir_ciface___stablehlo_py_gemm_strided_f32(void *a, void *b, void *c,
                                                  void *plan) {
  gemmStrided<float>(sgemm, static_cast<const Unranked *>(a),
                     static_cast<const Unranked *>(b),
                     static_cast<const Unranked *>(c),
                     static_cast<const MemrefDescriptor<int64_t, 1> *>(plan));
}

void _mlir_ciface___stablehlo_py_gemm_strided_f64(void *a, void *b, void *c,
                                                  void *plan) {
  gemmStrided<double>(dgemm, static_cast<const Unranked *>(a),
                      static_cast<const Unranked *>(b),
                      static_cast<const Unranked *>(c),
                      static_cast<const MemrefDescriptor<int64_t, 1> *>(plan));
}

void _mlir_ciface___stablehlo_py_matmul_index_order_f32(void *a, void *b,
                                                       void *c,
                                                       int64_t flags) {
  indexOrderOfDescriptors(static_cast<const MemrefDescriptor<float, 3> *>(a),
                          static_cast<const MemrefDescriptor<float, 3> *>(b),
                          static_cast<MemrefDescriptor<float, 3> *>(c), flags);
}

void _mlir_ciface___stablehlo_py_matmul_index_order_f64(void *a, void *b,
                                                       void *c,
                                                       int64_t flags) {
  indexOrderOfDescriptors(static_cast<const MemrefDescriptor<double, 3> *>(a),
                          static_cast<const MemrefDescriptor<double, 3> *>(b),
                          static_cast<MemrefDescriptor<double, 3> *>(c), flags);
}

void stablehlo_py_matmul_index_order(int64_t elementBytes, const void *a,
                                     const void *b, void *c,
                                     const int64_t *sizes,
                                     const int64_t *strides) {
  auto run = [&](auto *typed) {
    using T = std::remove_pointer_t<decltype(typed)>;
    IndexOrderJob<T> job{static_cast<const T *>(a), static_cast<const T *>(b),
                         static_cast<T *>(c), sizes[1], sizes[2], sizes[3], {}};
    std::copy(strides, strides + 9, job.strides);
    indexOrder(job, sizes[0]);
  };
  if (elementBytes == 4)
    run(static_cast<float *>(nullptr));
  else if (elementBytes == 8)
    run(static_cast<double *>(nullptr));
}

const StablehloPyNativeKernel *stablehlo_py_native_kernels(int64_t *count) {
  // BLAS: the gemm kernels (sgemm/dgemm) and the sums as products by a vector
  // of ones (gemv, dot: NumpyLoops.cpp, blasSum).
  constexpr bool kBlas = true, kNoBlas = false;
#define STABLEHLO_PY_KERNEL(symbol, blas)                                    \
  { #symbol, reinterpret_cast<void *>(&symbol), blas }
  static const StablehloPyNativeKernel kernels[] = {
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_gemm_f32, kBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_gemm_f64, kBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_gemm_strided_f32, kBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_gemm_strided_f64, kBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_matmul_index_order_f32, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_matmul_index_order_f64, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_numpy_loop_f32, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_numpy_loop_f64, kNoBlas),
      STABLEHLO_PY_KERNEL(__stablehlo_py_numpy_scalar_f32, kNoBlas),
      STABLEHLO_PY_KERNEL(__stablehlo_py_numpy_scalar_f64, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_numpy_reduce_f16, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_numpy_reduce_f32, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_numpy_reduce_f64, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_blas_sum_f32, kBlas),
      STABLEHLO_PY_KERNEL(_mlir_ciface___stablehlo_py_blas_sum_f64, kBlas),
      STABLEHLO_PY_KERNEL(stablehlo_py_parallel_for, kNoBlas),
      STABLEHLO_PY_KERNEL(stablehlo_py_set_thread_count, kNoBlas),
      STABLEHLO_PY_KERNEL(stablehlo_py_thread_count, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_memref_to_llvm_alloc, kNoBlas),
      STABLEHLO_PY_KERNEL(_mlir_memref_to_llvm_free, kNoBlas),
  };
#undef STABLEHLO_PY_KERNEL
  *count = sizeof(kernels) / sizeof(kernels[0]);
  return kernels;
}

} // extern "C"
