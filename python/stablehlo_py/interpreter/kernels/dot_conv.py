"""dot_general (and the legacy dot) as one matmul over (batch, free, contracting)
layouts; convolution as an im2col view of the padded input times the kernel
(or, when large, one matmul per kernel position); cholesky and triangular_solve (at the end of this module).

Operands are converted to the result element type first (so mixed-precision
dots accumulate in the result type, as XLA does), then transposed to
lhs = batch + free + contracting, rhs = batch + contracting + free,
reshaped to (batch..., free, contracting) and (batch..., contracting, free),
batch dimensions left apart (views numpy's matmul hands to BLAS as they are,
`_blas_ready`), and multiplied by `_matmul`.  Integers
accumulate in 64 bits and wrap into the result type, which equals wrap-around
accumulation in the result type.  Floats narrower than f32 accumulate in f32
and round once at the end.  Small float and complex products are summed in
index order, large ones by BLAS (see `_matmul`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import ml_dtypes
import numpy as np

from ... import _stablehlo
from ..runtime import threads
from ..numerics.conversion import convert_values
from ..core.errors import InterpreterError
from ..core.registry import PURE, SIZES_FROM_VALUES, Kernel, register
from ..core.types import dimension_values, from_wide_int, strided_view
from ..numerics.windows import Padding, window_count


def _precision_rank(info) -> tuple:
    """Order of float types by precision, as XLA ranks them for mixed-precision dots and
    convolutions: bit width, then exponent range, then significand (bf16 above f16)."""
    finfo = ml_dtypes.finfo(info.dtype)
    return info.bits, int(finfo.maxexp) - int(finfo.minexp), int(finfo.nmant)


def _accumulation(out, operand):
    """(to_compute, finish) for products of `operand` elements accumulated into element type `out`.

    Float operands of higher precision than `out` (f32 -> bf16, bf16 -> f16, f16 -> f8E5M2)
    multiply and sum in their own type (f16/bf16 accumulating in f32), round to it, then convert
    to `out`: the spec multiplies the operands' slices in their type, and XLA computes the dot in
    the operands' type and converts its result.  Otherwise operands are converted to `out` first
    (f16 -> bf16 rounds them, as XLA does; widenings are exact).
    Integers then accumulate in 64 bits and wrap into `out`, which equals wrap-around
    accumulation in `out`; floats narrower than f32 accumulate in f32 and round once.
    """
    if out.category == "float" and operand.category == "float" and _precision_rank(operand) > _precision_rank(out):
        compute = np.dtype(np.float64 if operand.bits > 32 else np.float32)
        if compute == operand.dtype:
            return (lambda x: x.astype(compute, copy=False)), (lambda r: convert_values(r, out))
        return (lambda x: x.astype(compute)), (lambda r: convert_values(convert_values(r, operand), out))
    if out.is_int:
        wide = np.dtype(np.int64 if out.category == "sint" else np.uint64)
        return (lambda x: convert_values(x, out).astype(wide),
                lambda r: from_wide_int(r, out))
    if out.category == "float" and out.bits < 32:
        return (lambda x: convert_values(x, out).astype(np.float32),
                lambda r: r.astype(out.dtype))
    return (lambda x: convert_values(x, out)), (lambda r: r)  # bool, f32, f64, complex


# Accumulation order (docs/decisions.md).  The spec's dot product is a
# multiply, then a reduce; small float/complex products are reduced in index
# order (the upstream reference interpreter's order, bit for bit), one numpy
# op per contracting index over whole arrays, products rounded (no FMA, also
# for complex: complex_product).
# Larger ones keep BLAS: XLA's own order there comes from YNNPACK/Eigen
# kernels chosen by the host CPU (tiling, FMA), so no order is XLA's.
# SEQUENTIAL_WORK bounds the whole product (all its batch matrices).  f32 and f64 sums run in
# the native kernel (_native_index_order), the batch on the thread pool, so a batch of small
# matrices is summed in index order whatever its count while each matrix has at most
# SEQUENTIAL_MATRIX_WORK products: up to there the kernel matched or beat BLAS per matrix
# (np.matmul on one thread, the compiled gemm kernel on the pool) from 256 to 4096 matrices
# (within 1.3x at 64), e.g. 1024 x (16x32 @ 32x16) f32 0.85 ms against 1.5 ms (np.matmul) and
# 0.91 ms (compiled gemm); at 2^14 it lost at some batch counts (256 x 16x64x16: 0.21 against
# 0.14 ms compiled), from 2^15 BLAS wins (1024 x 32x64x32: 7.1 against 3.6 ms compiled).  On
# one free core the kernel is at best level with BLAS (no fused multiply-add): the gain needs
# the second core (issue 36, docs/decisions.md).  The compiled backend decides by the same
# rule (LowerContractions.cpp, blasSums, kSequentialMatrixWork).
SEQUENTIAL_DEPTH = 256  # contracting indices
SEQUENTIAL_WORK = 1 << 18  # products (output elements x contracting indices)
SEQUENTIAL_MATRIX_WORK = 1 << 13  # products of one batch matrix (f32 and f64)
_NATIVE_INDEX_ORDER = frozenset(np.dtype(t) for t in (np.float32, np.float64))


def _in_index_order(dtype, k: int, outputs: int, batches: int = 1) -> bool:
    """Whether a product of `batches` matrices of `outputs` elements each, every element a sum
    over `k` indices, is summed in index order rather than by BLAS: float and complex within
    SEQUENTIAL_DEPTH and SEQUENTIAL_WORK in all, f32 and f64 also within
    SEQUENTIAL_MATRIX_WORK per matrix (shapes and dtype alone: the compiled backend mirrors it)."""
    if dtype.kind not in "fc" or k > SEQUENTIAL_DEPTH:
        return False
    work = outputs * k
    return (work * batches <= SEQUENTIAL_WORK
            or (dtype in _NATIVE_INDEX_ORDER and work <= SEQUENTIAL_MATRIX_WORK))


def _matmul(a, b):
    """np.matmul(a, b) for (..., m, k) @ (..., k, n); float and complex sums run in
    index order over k when small (_in_index_order)."""
    k = a.shape[-1]
    shape = np.broadcast_shapes(a.shape[:-1] + (1,), b.shape[:-2] + (1, b.shape[-1]))
    if not _in_index_order(np.result_type(a, b), k, shape[-2] * shape[-1], math.prod(shape[:-2])):
        return np.matmul(a, b)
    native = _native_index_order(a, b, shape)
    if native is not None:
        return native
    # the definition (and the loop for complex operands)
    a = np.swapaxes(a, -1, -2)[..., None]  # (..., k, m, 1): row i is column i of a
    b = b[..., None, :]  # (..., k, 1, n)
    # complex: real and imaginary parts summed separately, products as complex_product
    lhs = [np.ascontiguousarray(a.real), np.ascontiguousarray(a.imag)] if a.dtype.kind == "c" else [a]
    rhs = [b.real, b.imag] if b.dtype.kind == "c" else [b]
    parts = [np.zeros(shape, lhs[0].dtype) for _ in lhs]  # the reduce's init, 0
    product, other = np.empty_like(parts[0]), np.empty_like(parts[0])
    for i in range(k):
        if len(parts) == 1:
            np.multiply(lhs[0][..., i, :, :], rhs[0][..., i, :, :], out=product)
            parts[0] += product
            continue
        (ar, ai), (br, bi) = [x[..., i, :, :] for x in lhs], [x[..., i, :, :] for x in rhs]
        np.multiply(ar, br, out=product)
        product -= np.multiply(ai, bi, out=other)
        parts[0] += product
        np.multiply(ar, bi, out=product)
        product += np.multiply(ai, br, out=other)
        parts[1] += product
    if len(parts) == 1:
        return parts[0]
    out = np.empty(shape, np.result_type(a, b))
    out.real, out.imag = parts
    return out


def _native_index_order(a, b, shape):
    """_matmul's index-order sum of `a` and `b` (`shape` the product's) where their result type
    is f32 or f64, by the native kernel the compiled backend calls too
    (lib/Runtime/NativeKernels.h): the same products and adds in the same order, vectorized over
    the columns, so the loop's bits (test/python/native_kernels/test_index_order_kernel.py); 10x
    faster at 64x64x64 (0.23 -> 0.014 ms). None for other types only: _in_index_order counts on
    it for any batch count, so broadcast batch dimensions and views of odd strides are copied
    rather than left to the loop."""
    dtype = np.result_type(a, b)
    if dtype not in _NATIVE_INDEX_ORDER:
        return None
    if 0 in shape:  # nothing to sum, or sums of no products: the reduce's init, +0
        return np.zeros(shape, dtype)
    (m, k), n, size = a.shape[-2:], b.shape[-1], dtype.itemsize
    batch = shape[:-2]
    batches = math.prod(batch)

    def rank3(x):
        """x as (batches, rows, columns): a view where the batch dimensions merge (a broadcast
        one stepping by 0), a copy elsewhere or where a stride is not a whole element."""
        x = x.astype(dtype, copy=False)
        if x.shape[:-2] != batch:
            x = np.broadcast_to(x, (*batch, *x.shape[-2:]))
        x = x.reshape(batches, *x.shape[-2:])
        return np.ascontiguousarray(x) if any(s % size for s in x.strides) else x

    a3, b3 = rank3(a), rank3(b)
    out = np.empty(shape, dtype)
    c3 = out.reshape(batches, m, n)
    strides = [s // size for x in (a3, b3, c3) for s in x.strides]
    _stablehlo.matmul_index_order(size, a3.ctypes.data, b3.ctypes.data, c3.ctypes.data,
                                  [c3.shape[0], m, n, k], strides)
    return out


def _blas_ready(x):
    """`x` (..., rows, columns), or a contiguous copy where numpy's matmul could not hand its
    matrices to BLAS and would run its own, far slower loop: BLAS needs one of the two axes
    contiguous and the other stepping over at least a whole row (column)."""
    if x.dtype.kind not in "fc":
        return x
    (row_step, column_step), (rows, columns), size = x.strides[-2:], x.shape[-2:], x.itemsize
    if (column_step == size and row_step >= columns * size) or (row_step == size and column_step >= rows * size):
        return x
    return np.ascontiguousarray(x)


def _dot_kernel(lhs, rhs, result, lhs_batch, rhs_batch, lhs_contract, rhs_contract):
    for what, lhs_dims, rhs_dims in (("batching", lhs_batch, rhs_batch), ("contracting", lhs_contract, rhs_contract)):
        lhs_sizes, rhs_sizes = [lhs.shape[d] for d in lhs_dims], [rhs.shape[d] for d in rhs_dims]
        if lhs_sizes != rhs_sizes:  # C6, C7, checked here for `?` dimensions (numpy would broadcast a 1)
            raise InterpreterError(f"lhs {what} dimensions have sizes {lhs_sizes}, rhs {rhs_sizes}")
    lhs_free = [d for d in range(lhs.rank) if d not in lhs_batch and d not in lhs_contract]
    rhs_free = [d for d in range(rhs.rank) if d not in rhs_batch and d not in rhs_contract]
    lhs_perm = tuple(lhs_batch) + tuple(lhs_free) + tuple(lhs_contract)
    rhs_perm = tuple(rhs_batch) + tuple(rhs_contract) + tuple(rhs_free)
    size = lambda spec, dims: math.prod(spec.shape[d] for d in dims)  # noqa: E731
    m, k, n = size(lhs, lhs_free), size(lhs, lhs_contract), size(rhs, rhs_free)
    # batch dimensions stay apart: merged, a transposed operand (attention heads) would be copied
    batch = tuple(lhs.shape[d] for d in lhs_batch)
    lhs_shape, rhs_shape = (*batch, m, k), (*batch, k, n)
    lhs_perm = None if lhs_perm == tuple(range(lhs.rank)) else lhs_perm
    rhs_perm = None if rhs_perm == tuple(range(rhs.rank)) else rhs_perm
    out_shape = tuple(lhs.shape[d] for d in (*lhs_batch, *lhs_free)) + tuple(rhs.shape[d] for d in rhs_free)
    to_compute, finish = _accumulation(result.element, lhs.element)
    blas = _blas_dot(lhs, rhs, result, lhs_perm, rhs_perm, lhs_shape, rhs_shape, out_shape)
    if blas is not None:
        return blas
    return Kernel.single(_arranged_dot(_matmul, lhs_perm, rhs_perm, lhs_shape, rhs_shape, out_shape, to_compute,
                                       finish))


def _arranged_dot(matmul, lhs_perm, rhs_perm, lhs_shape, rhs_shape, out_shape, to_compute=None, finish=None):
    """dot(a, b): the operands transposed (`lhs_perm`, `rhs_perm`; None: as they are) and reshaped
    to (..., m, k) and (..., k, n), multiplied by `matmul`, the product reshaped to `out_shape`;
    `to_compute` converts the operands first and `finish` the product (None: neither)."""
    def dot(a, b):
        if to_compute is not None:
            a, b = to_compute(a), to_compute(b)
        if lhs_perm is not None:
            a = a.transpose(lhs_perm)
        if rhs_perm is not None:
            b = b.transpose(rhs_perm)
        r = matmul(_blas_ready(a.reshape(lhs_shape)), _blas_ready(b.reshape(rhs_shape)))
        return (r if finish is None else finish(r)).reshape(out_shape)

    return dot


# Large 2-D products compute their two halves of rows on threads.run's pool (numpy's matmul
# releases the GIL), BLAS itself running on one thread in the interpreter's calls
# (threads.one_blas_thread: its own threads spin on a busy machine): 256x256 @ 256x1024
# f32 1.40 -> 0.87 ms, 256x1024 @ 1024x256 1.31 -> 0.79 ms on 2 cores; the transformer block
# 6.3 -> 4.9 ms, the MLP 2.0 -> 1.4 ms. Always the same two halves, on one thread or two, so
# the bits never depend on the thread count. Products of more columns than rows go in halves of
# columns instead (_matmul_for): each half's BLAS call packs the whole of the operand the halves
# share, so halving the larger side packs less (OpenBLAS, one thread, both halves: 128x784 @
# 784x512 1.15 -> 1.09 ms, 64x1024 @ 1024x1024 2.10 -> 1.69 ms; more rows than columns the
# other way round, 2048x512 @ 512x64 1.42 -> 1.57 ms). issue 36, docs/decisions.md.
SPLIT_MATMUL_WORK = 1 << 24  # multiply-adds


def _halves_matmul(a, b):
    """np.matmul of the 2-D `a` and `b`, the rows of the product in two halves."""
    m = a.shape[0]
    cut = min(m, (m // 2 + 15) // 16 * 16)  # a multiple of the kernels' row blocks
    bounds = (0, cut, m)
    out = np.empty((m, b.shape[1]), np.result_type(a, b))

    def halves(first, end):
        for h in range(first, end):
            np.matmul(a[bounds[h]:bounds[h + 1]], b, out=out[bounds[h]:bounds[h + 1]])

    threads.run(halves, 2, 1)
    return out


# Products of fewer rows compute their two halves of columns, a multiple of 16 columns apart, by
# two BLAS calls: from 2^19 to 2^21 multiply-adds OpenBLAS takes each half by its small-matrix
# kernel, without packing the rhs (an RNN step, 16x256 @ 256x256: 26.6 -> 20.9 us; the compiled
# RNN scan 3.3 -> 2.6 ms), on the calling thread (a handoff costs more than a half); from
# SPLIT_MATMUL_WORK the halves go to threads.run (48x1024 @ 1024x1024, compiled: 1.37 ->
# 0.76 ms). In between, one call (two halves were slower there). The compiled gemm kernel makes
# the same calls (LowerContractions.cpp, columnHalves; bit 13 of its flags).
SPLIT_COLUMNS = 32  # at least this many columns
SPLIT_COLUMNS_SMALL = (1 << 19, 1 << 21)  # multiply-adds


def _column_halves_matmul(a, b):
    """np.matmul of the 2-D `a` and `b`, the columns of the product in two halves."""
    n = b.shape[1]
    cut = min(n, (n // 2 + 15) // 16 * 16)
    bounds = (0, cut, n)
    out = np.empty((a.shape[0], n), np.result_type(a, b))

    def halves(first, end):
        for h in range(first, end):
            np.matmul(a, b[:, bounds[h]:bounds[h + 1]], out=out[:, bounds[h]:bounds[h + 1]])

    if a.shape[0] * a.shape[1] * n >= SPLIT_MATMUL_WORK:
        threads.run(halves, 2, 1)
    else:
        halves(0, 2)
    return out


def _matmul_for(m: int, k: int, n: int):
    """The matmul of a 2-D m x k by k x n product BLAS sums: in halves of rows or of columns where
    those are faster (the compiled gemm kernel's flags follow the same rule)."""
    work = m * k * n
    if m >= 64 and work >= SPLIT_MATMUL_WORK:
        # the halves of the wider side: each half packs the whole other operand again
        return _column_halves_matmul if n > m else _halves_matmul
    if (1 < m < 64 and k > 1 and n >= SPLIT_COLUMNS
            and (SPLIT_COLUMNS_SMALL[0] <= work <= SPLIT_COLUMNS_SMALL[1] or work >= SPLIT_MATMUL_WORK)):
        return _column_halves_matmul
    return np.matmul


# dot_general's fast path: the dots BLAS sums anyway (static shapes beyond the index-order
# thresholds) of f32, f64 or complex operands of the result's type convert nothing and need no
# per-call shape work: one np.matmul, with transposes and reshapes only where the layout needs
# them.  A 16x256 by 256x256 dot in a loop (an RNN step) spent ~10% of its time in that work.
def _blas_dot(lhs, rhs, result, lhs_perm, rhs_perm, lhs_shape, rhs_shape, out_shape):
    """The Kernel of the dot as np.matmul with everything else fixed when it is built, or None where
    the general kernel must run (conversions, narrow floats, integers, index-order sums, `?` sizes)."""
    dtype = result.element.dtype
    if (result.element.category not in ("float", "complex") or dtype not in _BLAS_TYPES
            or lhs.element != result.element or rhs.element != result.element
            or not (lhs.is_static and rhs.is_static)):
        return None
    k = lhs_shape[-1]
    if _in_index_order(dtype, k, lhs_shape[-2] * rhs_shape[-1], math.prod(lhs_shape[:-2])):
        return None

    matmul = _matmul_for(lhs_shape[0], k, rhs_shape[-1]) if len(lhs_shape) == 2 else np.matmul

    def dot_matrices(a, b):  # operands already (..., m, k) and (..., k, n), the result (..., m, n)
        return matmul(_blas_ready(a), _blas_ready(b))

    plain = (lhs_perm is None and rhs_perm is None and lhs.shape == lhs_shape and rhs.shape == rhs_shape
             and out_shape == lhs_shape[:-1] + rhs_shape[-1:])
    dot_blas = dot_matrices if plain else _arranged_dot(matmul, lhs_perm, rhs_perm, lhs_shape, rhs_shape, out_shape)
    kernel = Kernel.single(dot_blas)

    if len(lhs_shape) == 2:  # no batch dimensions
        m = lhs_shape[0]
        stacked_perm = None if lhs_perm is None else (0, *(d + 1 for d in lhs_perm))

        def stacked(xs, b):
            """dot_blas(x, b) for every x of `xs` (n, *lhs shape): (n, *result shape), one matmul."""
            n = xs.shape[0]
            if stacked_perm is not None:
                xs = xs.transpose(stacked_perm)
            if rhs_perm is not None:
                b = b.transpose(rhs_perm)
            # as a dot of (n * m, k) by W, in halves where that one would be (the compiled loop
            # computes this product as such a dot, LowerContractions.cpp, stackRowDots)
            r = _matmul_for(n * m, k, rhs_shape[-1])(_blas_ready(xs.reshape(n * m, k)),
                                                      _blas_ready(b.reshape(rhs_shape)))
            return r.reshape(n, *out_shape)

        kernel.stacked = stacked  # for while loops computing a dot per row of a tensor (planning/loops.py)
    return kernel


_BLAS_TYPES = frozenset(np.dtype(t) for t in (np.float32, np.float64, np.complex64, np.complex128))


@register("stablehlo.dot_general", traits=(PURE,))
def _dot_general(op):
    dims = op.attrs["dot_dimension_numbers"]
    return _dot_kernel(op.operand_specs[0], op.operand_specs[1], op.result_specs[0],
                       dims.lhs_batch, dims.rhs_batch, dims.lhs_contract, dims.rhs_contract)


@register("stablehlo.dot")
def _dot(op):
    lhs, rhs = op.operand_specs[0], op.operand_specs[1]  # of rank 1 or 2 (verified)
    return _dot_kernel(lhs, rhs, op.result_specs[0], (), (), (lhs.rank - 1,), (0,))


# ---------------------------------------------------------------------------
# convolution
#
# The operands are transposed to canonical layouts, lhs = (batch, spatial...,
# feature) and rhs = (spatial..., in feature, out feature), and converted as
# for dot_general.  lhs dilation inserts zeros, padding pads with zeros (or
# crops, when negative), window reversal flips each lhs window.  A strided
# view of the padded lhs then holds every window (rhs dilation and window
# strides are strides of that view); reshaped into one row per output position, per group, it is
# multiplied with the kernel by _matmul: a patch is flattened as (window
# position..., input feature), the spec's contracting order, so small
# convolutions sum in index order, input feature minor.  Feature groups split lhs features
# and rhs output features; batch groups split the lhs batch and rhs output
# features; either way the group results are concatenated along the output
# features.
# Convolutions BLAS sums anyway (beyond the index-order thresholds) with at least
# TAP_FEATURES input features per group skip the patch matrix: one matmul per kernel
# position, of the strided view of the lhs that position reads (no copy) by the kernel's
# slice there, summed over positions (_tap_sum).  The patch matrix is a copy of the lhs
# once per kernel position, and BLAS packs it again; these matmuls read the lhs in place,
# one output row at a time, and ran 1.1-1.5x faster for 16 to 64 features (3x3 kernels).
# With unit window strides a position reads each image as one matrix (_image_rows): one gemm
# per image and position rather than per output row (72 calls, not 2304, for the bench's
# 8x32x32 3x3 SAME convolutions), the padding's rows computed too and thrown away, at most
# TAP_WASTE times the wanted rows (issue 36, docs/decisions.md).
TAP_FEATURES = 16
TAP_WASTE = 1.5


class ConvWindow(NamedTuple):
    strides: tuple
    padding: tuple  # (low, high) per spatial dimension
    lhs_dilation: tuple
    rhs_dilation: tuple
    reversal: tuple
    feature_groups: int
    batch_groups: int


def _convolution_layouts(dims) -> tuple:
    """The permutations that bring lhs, rhs and result to the canonical layouts (batch, spatial...,
    feature), (spatial..., input feature, output feature) and (batch, spatial..., feature)."""
    return ((dims.input_batch_dimension, *dims.input_spatial_dimensions, dims.input_feature_dimension),
            (*dims.kernel_spatial_dimensions, dims.kernel_input_feature_dimension,
             dims.kernel_output_feature_dimension),
            (dims.output_batch_dimension, *dims.output_spatial_dimensions, dims.output_feature_dimension))


def _window_patches(x, out_spatial, kernel_spatial, window: ConvWindow, kernel_in: int):
    """(groups, rows, patch): every window of the canonical, dilated and padded lhs `x`, one row
    per output position, the lhs window reversed where window_reversal says so."""
    fg, bg = window.feature_groups, window.batch_groups
    batch, features = x.shape[0], x.shape[-1]
    n, c = x.strides[0], x.strides[-1]
    spatial_strides = x.strides[1:-1]
    view_shape = (*out_spatial, *kernel_spatial)
    view_strides = (*(st * w for st, w in zip(spatial_strides, window.strides)),
                    *(st * d for st, d in zip(spatial_strides, window.rhs_dilation)))
    if bg > 1:  # (groups, batch / groups, windows..., features)
        shape = (bg, batch // bg, *view_shape, features)
        strides = (n * (batch // bg), n, *view_strides, c)
    else:  # (batch, windows..., groups, features / groups)
        shape = (batch, *view_shape, fg, kernel_in)
        strides = (n, *view_strides, c * kernel_in, c)
    view = strided_view(x, shape, strides)
    flip = tuple(i for i, r in enumerate(window.reversal) if r)
    if flip:  # the spec reverses each lhs window, so sums run over kernel positions in order
        first = (2 if bg > 1 else 1) + len(out_spatial)
        view = np.flip(view, tuple(first + d for d in flip))
    if bg == 1:
        view = np.moveaxis(view, -2, 0)
    groups = fg * bg
    return view.reshape(groups, (batch // bg) * math.prod(out_spatial), math.prod(kernel_spatial) * kernel_in)


def _image_rows(x, out_spatial, window: ConvWindow):
    """With unit window strides, the rows (output positions) of one image a kernel position
    reads are evenly spaced in the contiguous lhs `x` (batch, padded spatial..., features):
    output (o...) reads flat row sum(o_j * steps_j) + that position's offset. (rows per image,
    steps_j) for _tap_sum to read each image as ONE matrix at each kernel position, the rows
    between the wanted ones (o_j past the output's end) computed and thrown away; None where
    that does not apply (strided windows, no spatial dimension, or more than TAP_WASTE times
    the wanted rows)."""
    if not out_spatial or any(s != 1 for s in window.strides):
        return None
    steps = [math.prod(x.shape[2 + j:-1]) for j in range(len(out_spatial))]
    rows = sum((o - 1) * step for o, step in zip(out_spatial, steps)) + 1
    if rows > TAP_WASTE * math.prod(out_spatial):
        return None
    return rows, steps


def _tap_sum(x, out_spatial, w, window: ConvWindow, groups: int):
    """(groups, batch / batch groups, out spatial..., out features / groups): the convolution
    of the canonical, dilated and padded lhs `x` (contiguous) by `w` (groups, kernel spatial...,
    in features, out features / groups) as a sum over kernel positions of one matmul each: of
    one matrix per image (_image_rows) where that applies, else of one per output row."""
    fg, bg = window.feature_groups, window.batch_groups
    batch, features = x.shape[0], x.shape[-1]
    kernel_spatial, (kernel_in, kernel_group) = w.shape[1:-2], w.shape[-2:]
    ones = (1,) * len(out_spatial)
    images = _image_rows(x, out_spatial, window)
    if images is not None:
        rows, steps = images
        size, flat = x.itemsize, x.reshape(-1)
        # (groups, images, rows, group features): a group is a slice of the batch or of the features
        shape = (groups, batch // bg, rows, kernel_in)
        strides = ((batch // bg) * x.strides[0] if bg > 1 else kernel_in * size, x.strides[0], features * size, size)
    total = part = None
    for position in np.ndindex(*kernel_spatial):
        # the lhs position each window reads at this kernel position (windows reversed: mirrored)
        read = [k - 1 - p if flip else p for p, k, flip in zip(position, kernel_spatial, window.reversal)]
        if images is not None:
            start = sum(r * d * step for r, d, step in zip(read, window.rhs_dilation, steps)) * features
            a = strided_view(flat[start:], shape, strides)
        else:
            a = x[(slice(None), *(slice(p * d, p * d + (n - 1) * s + 1, s) for p, d, n, s in
                                   zip(read, window.rhs_dilation, out_spatial, window.strides)), slice(None))]
            if bg > 1:  # (groups, batch / groups, out spatial..., features)
                a = a.reshape(bg, batch // bg, *out_spatial, features)
            else:  # (groups, batch, out spatial..., features / groups)
                a = np.moveaxis(a.reshape(batch, *out_spatial, fg, features // fg), -2, 0)
        b = w[(slice(None), *position)]
        b = b.reshape(groups, *((1,) if images is not None else ones), *b.shape[1:])
        if total is None:
            total = np.matmul(a, b)
        else:
            part = np.matmul(a, b, out=part)
            total += part
    if images is None:
        return total
    # the wanted rows: output (o...) of an image is its row sum(o_j * steps_j); a writable view
    # (no two elements share memory, and `total` is ours), so the caller owns the result as before
    step = total.strides[-2]
    return np.lib.stride_tricks.as_strided(total, (*total.shape[:2], *out_spatial, kernel_group),
                                           (*total.strides[:2], *(s * step for s in steps), total.strides[-1]))


def _convolution_kernel(lhs, rhs, result, dims, window: ConvWindow):
    """convolution as one batched matmul of window patches by the kernel, or as one matmul per
    kernel position (`_tap_sum`; see TAP_FEATURES) (the verifier has checked the dimension
    numbers, window attributes, group counts and result shape)."""
    lhs_perm, rhs_perm, out_perm = _convolution_layouts(dims)
    fg, bg = window.feature_groups, window.batch_groups
    groups = fg * bg
    batch, *in_spatial, features = (lhs.shape[d] for d in lhs_perm)
    *kernel_spatial, kernel_in, kernel_out = (rhs.shape[d] for d in rhs_perm)
    if features != kernel_in * fg or batch % bg or kernel_out % groups:  # C10-C12, C14 for `?` dimensions
        raise InterpreterError(f"lhs of shape {lhs.shape} and rhs of shape {rhs.shape} do not fit: input features "
                               f"{features} must be {kernel_in} x feature_group_count {fg}, the batch {batch} a "
                               f"multiple of batch_group_count {bg}, output features {kernel_out} a multiple of "
                               f"{groups}")
    out_spatial = tuple(window_count(n, k, stride, dilation, rhs_dilation, low, high)  # C25
                        for n, k, stride, dilation, rhs_dilation, (low, high) in
                        zip(in_spatial, kernel_spatial, window.strides, window.lhs_dilation,
                            window.rhs_dilation, window.padding))
    out_canonical = (batch // bg, *out_spatial, kernel_out)
    out_inverse = tuple(np.argsort(out_perm))
    to_compute, finish = _accumulation(result.element, lhs.element)
    patch = math.prod(kernel_spatial) * kernel_in  # one window, flattened
    kernel_group = kernel_out // groups
    pad = Padding((batch, *in_spatial, features), [(0, 0), *window.padding, (0, 0)],
                  [1, *window.lhs_dilation, 1])

    rows = (batch // bg) * math.prod(out_spatial)
    compute = np.dtype(to_compute(np.zeros(0, lhs.dtype)).dtype)
    taps = (kernel_in >= TAP_FEATURES and math.prod(kernel_spatial) > 0
            and compute.kind in "fc" and not _in_index_order(compute, patch, rows * kernel_group))  # per group

    def kernel(w):
        """(groups, kernel spatial..., in features, out features / groups)."""
        w = to_compute(w).transpose(rhs_perm)
        w = w.reshape(*kernel_spatial, kernel_in, groups, kernel_group)
        return np.moveaxis(w, -2, 0)

    def convolution(a, b):
        if 0 in out_canonical:
            return np.zeros(out_canonical, result.element.dtype).transpose(out_inverse)
        x = to_compute(a).transpose(lhs_perm)
        x = np.ascontiguousarray(x if pad.identity else pad(x, 0))  # lhs dilated and padded
        if taps:
            r = _tap_sum(x, out_spatial, kernel(b), window, groups)
        else:
            r = _matmul(_window_patches(x, out_spatial, kernel_spatial, window, kernel_in),
                        kernel(b).reshape(groups, patch, kernel_group))
        r = np.moveaxis(r.reshape(groups, batch // bg, *out_spatial, kernel_group), 0, -2)
        return finish(r.reshape(out_canonical)).transpose(out_inverse)

    return convolution


def _conv_window(op, padding) -> ConvWindow:
    """The window of a convolution (or dynamic_conv) op with `padding` (flat: low, high per
    spatial dimension, or None for none)."""
    attrs = op.attrs
    s = op.operand_specs[0].rank - 2

    def window_field(name, default):
        # An absent or (as upstream allows) empty array means the default.
        return attrs.get(name) or default

    padding = padding or (0,) * (2 * s)
    return ConvWindow(
        strides=window_field("window_strides", (1,) * s),
        padding=tuple(zip(padding[0::2], padding[1::2])),
        lhs_dilation=window_field("lhs_dilation", (1,) * s),
        rhs_dilation=window_field("rhs_dilation", (1,) * s),
        reversal=window_field("window_reversal", (False,) * s),
        feature_groups=attrs["feature_group_count"],
        batch_groups=attrs["batch_group_count"])


@register("stablehlo.convolution")
def _convolution(op):
    return Kernel.single(_convolution_kernel(op.operand_specs[0], op.operand_specs[1], op.result_specs[0],
                               op.attrs["dimension_numbers"], _conv_window(op, op.attrs.get("padding"))))


@register("stablehlo.dynamic_conv", traits=(SIZES_FROM_VALUES,))
def _dynamic_conv(op):
    """convolution with the padding read from an operand ([rank - 2, 2]: low, high per spatial
    dimension) at run time; one convolution kernel per padding seen."""
    lhs, rhs, result = op.operand_specs[0], op.operand_specs[1], op.result_specs[0]
    dims = op.attrs["dimension_numbers"]
    kernels: dict = {}

    def dynamic_conv(a, b, padding):
        pads = dimension_values(padding)
        kernel = kernels.get(pads)
        if kernel is None:
            kernel = kernels[pads] = _convolution_kernel(lhs, rhs, result, dims, _conv_window(op, pads))
        return kernel(a, b)

    return Kernel.single(dynamic_conv)


# cholesky and triangular_solve: batched over the leading dimensions; floats
# narrower than f32 are computed in f32 and rounded once.


def _compute_dtype(info):
    if info.category == "complex" or info.dtype in (np.float32, np.float64):
        return info.dtype
    if info.category == "float":
        return np.dtype(np.float32)
    raise InterpreterError(f"element type {info.name} is not interpreted (quantized linear algebra)")


def _adjoint(x):
    return np.conj(np.swapaxes(x, -1, -2))


@register("stablehlo.cholesky")
def _cholesky(op):
    spec = op.operand_specs[0]
    lower = op.attrs["lower"]
    compute, dtype = _compute_dtype(spec.element), spec.dtype

    def factor(matrices):
        # LAPACK reads one triangle: the lower one of a, or of a^H for an upper factor.
        try:
            return np.linalg.cholesky(matrices)
        except np.linalg.LinAlgError:  # some matrix is not positive definite: NaN for it, as XLA gives
            out = np.full(matrices.shape, np.nan, dtype=matrices.dtype)
            for index in np.ndindex(matrices.shape[:-2]):
                try:
                    out[index] = np.linalg.cholesky(matrices[index])
                except np.linalg.LinAlgError:
                    pass
            return out

    def cholesky(a):
        a = a.astype(compute, copy=False)
        if a.size == 0:
            return a.astype(dtype)
        if lower:
            return factor(a).astype(dtype, copy=False)
        return _adjoint(factor(_adjoint(a))).astype(dtype, copy=False)

    return Kernel.single(cholesky)


def _substitute(m, b, lower: bool, unit: bool):
    """Solve m x = b for triangular m (batched), one row per step, vectorised over batch and columns."""
    n = m.shape[-1]
    x = np.zeros(np.broadcast_shapes(m.shape[:-2], b.shape[:-2]) + b.shape[-2:], dtype=np.result_type(m, b))
    for i in (range(n) if lower else range(n - 1, -1, -1)):
        known = slice(0, i) if lower else slice(i + 1, n)
        row = b[..., i, :] - (m[..., i:i + 1, known] @ x[..., known, :])[..., 0, :]
        x[..., i, :] = row if unit else row / m[..., i, i][..., None]
    return x


@register("stablehlo.triangular_solve")
def _triangular_solve(op):
    spec = op.result_specs[0]
    left_side = op.attrs["left_side"]
    lower = op.attrs["lower"]
    unit = op.attrs["unit_diagonal"]
    mode = op.attrs["transpose_a"]
    compute, dtype = _compute_dtype(spec.element), spec.dtype

    def solve(a, b):
        a, b = a.astype(compute, copy=False), b.astype(compute, copy=False)
        m = np.tril(a) if lower else np.triu(a)  # only this triangle of a is read
        is_lower = lower
        if mode != "NO_TRANSPOSE":
            m = np.swapaxes(m, -1, -2)
            m = np.conj(m) if mode == "ADJOINT" else m
            is_lower = not is_lower
        if left_side:  # op(a) x = b
            x = _substitute(m, b, is_lower, unit)
        else:  # x op(a) = b  <=>  op(a)^T x^T = b^T
            x = np.swapaxes(_substitute(np.swapaxes(m, -1, -2), np.swapaxes(b, -1, -2), not is_lower, unit), -1, -2)
        return x.astype(dtype, copy=False)

    return Kernel.single(solve)


@register("stablehlo.einsum", "stablehlo.unary_einsum")
def _einsum(op):
    # Legacy ops (XLA's Einsum): numpy's einsum with the same subscripts, accumulated like dot_general
    # (numpy's einsum of booleans is already an OR of ANDs).  Upstream's verifier checks neither the
    # config nor the types (spec deviations, docs/decisions.md): numpy reads the implicit ("ab,bc") and
    # "..." forms as XLA does, and a config it cannot apply, or a result of another shape than the
    # declared one (XLA then returns its own shape), is refused.
    config = op.attrs["einsum_config"]
    out = op.result_specs[0]
    elements = [s.element for s in op.operand_specs]
    _check_einsum_elements(elements, out.element)
    steps = [_accumulation(out.element, e) for e in elements]
    finish = steps[0][1]
    distinct, embed = _einsum_repeated_result(config)

    def einsum(*xs):
        try:
            r = np.einsum(distinct, *[to_compute(x) for (to_compute, _), x in zip(steps, xs)], optimize=True)
        except ValueError as e:
            raise InterpreterError(f"einsum_config \"{config}\" does not apply to operands of shapes "
                                   f"{', '.join(str(x.shape) for x in xs)}: {e}; {_EINSUM_DEVIATION}") from None
        r = embed(r)
        if r.ndim != len(out.shape) or any(d not in (None, n) for d, n in zip(out.shape, r.shape)):
            raise InterpreterError(f"einsum_config \"{config}\" gives shape {r.shape}, not that of the result "
                                   f"{out.text}; {_EINSUM_DEVIATION}")
        return finish(r)

    return Kernel.single(einsum)


def _einsum_repeated_result(config: str):
    """A result letter written more than once ("ab,bc->aa", which numpy refuses) is XLA's diagonal:
    the einsum with each result letter once, written where the repeated letters' indices are equal,
    zeros elsewhere (XLA's answers on such configs, test_einsum.py). (config numpy runs, a function
    from its result to the declared result's layout.)"""
    if "->" not in config:
        return config, lambda r: r
    inputs, result = config.split("->", 1)
    tokens = [t for t in result.replace("...", ".") if not t.isspace()]  # "." stands for "..."
    letters = [t for t in tokens if t != "."]
    if len(set(letters)) == len(letters):
        return config, lambda r: r
    firsts = list(dict.fromkeys(tokens))
    distinct = f"{inputs}->{''.join(firsts).replace('.', '...')}"

    def embed(r):
        ellipsis = r.ndim - sum(t != "." for t in firsts)  # the dimensions "..." stands for
        start, axes = {}, 0
        for t in firsts:
            start[t] = axes
            axes += ellipsis if t == "." else 1
        # result dimension -> the dimension of r holding its index
        source = [d for t in tokens for d in (range(start[t], start[t] + ellipsis) if t == "." else [start[t]])]
        full = np.zeros([r.shape[d] for d in source], r.dtype)
        index = np.indices(r.shape, sparse=True)
        full[tuple(index[d] for d in source)] = r
        return full

    return distinct, embed


_EINSUM_DEVIATION = ("upstream StableHLO accepts it and XLA does not give a result of the declared type "
                     "(docs/decisions.md, \"Accepting what upstream accepts\")")


def _xla_precision(e) -> tuple:
    """The order in which XLA picks the element type of a dot of mixed operands (its
    HigherPrecisionType): complex first, then floats by exponent range and precision, then width,
    then signed over unsigned."""
    if e.category == "complex":
        part = ml_dtypes.finfo(np.dtype(np.float32 if e.bits == 32 else np.float64))  # bits: of a part
        return (1, part.maxexp, part.nmant, e.bits, 0)
    if e.category == "float":
        info = ml_dtypes.finfo(e.dtype)
        return (0, info.maxexp, info.nmant, e.bits, 0)
    return (0, -1, -1, e.bits, int(e.category == "sint"))


def _check_einsum_elements(elements, out) -> None:
    """Operands of other element types than the result's run as XLA runs them only when the result
    has the type XLA computes in (the operand type of highest precision, _xla_precision; XLA ignores
    the declared type): each operand is converted to it, as for dot_general."""
    if all(e == out for e in elements):
        return
    if "quant" in {e.category for e in (*elements, out)} or max(elements, key=_xla_precision) != out:
        raise InterpreterError(f"operands of element types {', '.join(e.name for e in elements)} do not give "
                               f"the result's {out.name}; {_EINSUM_DEVIATION}")
