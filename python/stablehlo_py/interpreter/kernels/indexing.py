"""Kernels of the ops that read or write a tensor at computed indices:
gather, scatter, dynamic_slice, dynamic_update_slice, torch_index_select."""

from __future__ import annotations

import math

import numpy as np

from ..core import attributes
from ..runtime import threads
from ..core.attributes import GatherDims
from ..core.bodies import replace_body, single_op_body
from ..numerics.combiners import body_ufunc
from ..numerics.conversion import convert_values
from ..core.errors import InterpreterError
from ..core.registry import Kernel, SIZES_FROM_VALUES, register
from ..core.types import dimension_values, from_wide_int, wide_int_dtype
from ..core.reducer_types import DEVIATION_IGNORED, check_reducer_types

# --- Reads: gather, dynamic_slice, torch_index_select ----------------------


def _as_int64(indices: np.ndarray) -> np.ndarray:
    """Indices of any integer type as int64; ui64 values past the int64 range
    saturate (every start index is clamped into the operand anyway)."""
    if indices.dtype == np.uint64:
        indices = np.minimum(indices, np.uint64(np.iinfo(np.int64).max))
    return indices.astype(np.int64)


def _row_major_strides(shape) -> np.ndarray:
    """Element strides of a row-major array of `shape`."""
    strides = np.ones(len(shape), dtype=np.int64)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


# A gather reading many rows at random from a large table is bound by memory latency, and
# two threads each taking half the rows (np.take releases the GIL) finish sooner: 16384 rows of
# 128 f32 from a 50000-row table (8 MiB read from 24 MiB), 1.4-1.8x faster on 2 cores. A
# thread's wake-up costs some 50 us and rows from a table in cache are bandwidth bound, so
# threads split only reads of at least TAKE_THREAD_BYTES from a table of at least as many, or
# of 2 * TAKE_THREAD_BYTES from any table, in chunks of at least TAKE_CHUNK_BYTES.
TAKE_THREAD_BYTES = 6 << 20
TAKE_CHUNK_BYTES = 2 << 20


def _take_chunk(rows: np.ndarray, count: int) -> int | None:
    """Rows per thread when `count` rows of the 2-D `rows` are gathered, or None for one thread."""
    row_bytes = rows.shape[1] * rows.itemsize
    read = count * row_bytes
    if read < TAKE_THREAD_BYTES or (read < 2 * TAKE_THREAD_BYTES and rows.nbytes < TAKE_THREAD_BYTES):
        return None
    min_chunk = -(-TAKE_CHUNK_BYTES // row_bytes)
    return min_chunk if threads.chunks(count, min_chunk) > 1 else None


def _take_rows(rows: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """np.take(rows, flat, axis=0) of a 2-D `rows` and row numbers `flat` in range, split
    across threads (threads.run) when large; the same values either way."""
    min_chunk = _take_chunk(rows, flat.size)
    if min_chunk is None:
        return np.take(rows, flat, axis=0)
    rows = np.ascontiguousarray(rows)  # np.take would copy a view in every chunk
    numbers = flat.reshape(-1)
    out = np.empty((flat.size, rows.shape[1]), rows.dtype)

    def take(start, stop):  # mode="clip" writes into `out` directly ("raise" buffers it); all in range
        np.take(rows, numbers[start:stop], axis=0, out=out[start:stop], mode="clip")

    threads.run(take, flat.size, min_chunk)
    return out.reshape(flat.shape + rows.shape[1:])


class _Gather:
    """The spec's gather for fixed dimension numbers and ranks, vectorised.

    Window dimensions without a start index ("plain": the slice always starts
    at 0) are cut from the operand and moved last, so each gathered item is
    one row of a 2-D view of the operand (no copy when they trail, as in an
    embedding lookup). The rows are addressed by flat positions over the other
    ("indexed") dimensions, computed batch-major as the sum of broadcast
    terms: clamped start indices, batching indices and the offset ranges of
    indexed window dimensions. One `np.take` reads the rows; a reshape and a
    transpose put the axes in the result's order.
    """

    def __init__(self, dims: GatherDims, operand_rank: int, indices_rank: int):
        self.dims = dims
        ivd = dims.index_vector_dim
        self.batch_rank = indices_rank - (1 if ivd < indices_rank else 0)
        unsliced = set(dims.collapsed_slice_dims) | set(dims.operand_batching_dims)
        window = [d for d in range(operand_rank) if d not in unsliced]
        self.unsliced = sorted(unsliced)
        self.plain = [d for d in window if d not in dims.start_index_map]
        self.indexed = [d for d in range(operand_rank) if d not in self.plain]
        self.indexed_window = [d for d in window if d in dims.start_index_map]
        # batching pairs: (operand dim, batch axis of the index array)
        self.batching = [(od, sd - (1 if sd > ivd else 0))
                         for od, sd in zip(dims.operand_batching_dims, dims.start_indices_batching_dims)]
        # Computed layout: batch axes, indexed window dims, plain dims. Result
        # axis r is offset_dims' m-th (window[m]) or the next batch axis.
        layout = {d: self.batch_rank + k for k, d in enumerate(self.indexed_window + self.plain)}
        batch_axes = iter(range(self.batch_rank))
        offset_axis = {r: layout[window[m]] for m, r in enumerate(dims.offset_dims)}
        self.perm = tuple(offset_axis[r] if r in offset_axis else next(batch_axes)
                          for r in range(self.batch_rank + len(window)))

    def __call__(self, x: np.ndarray, indices: np.ndarray, slice_sizes) -> np.ndarray:
        dims = self.dims
        ivd = dims.index_vector_dim
        starts = (indices[..., None] if ivd == indices.ndim else
                  indices if ivd == indices.ndim - 1 else np.moveaxis(indices, ivd, -1))
        batch_shape = starts.shape[:-1]
        self._check_run_time_shapes(x, indices, starts, slice_sizes)
        window_shape = tuple(slice_sizes[d] for d in self.indexed_window)
        plain_shape = tuple(slice_sizes[d] for d in self.plain)
        if any(slice_sizes[d] == 0 for d in self.unsliced):
            # An empty slice in a collapsed or batching dimension has no
            # element to read: XLA gives zeros (docs/decisions.md, gather).
            return np.zeros(batch_shape + window_shape + plain_shape, x.dtype).transpose(self.perm)
        cut = tuple(slice(0, slice_sizes[d]) if d in self.plain else slice(None) for d in range(x.ndim))
        indexed_shape = [x.shape[d] for d in self.indexed]
        rows = x[cut].transpose(self.indexed + self.plain).reshape(math.prod(indexed_shape), math.prod(plain_shape))
        strides = dict(zip(self.indexed, _row_major_strides(indexed_shape)))
        mapped = list(dims.start_index_map)
        upper = np.array([x.shape[d] - slice_sizes[d] for d in mapped], dtype=np.int64)
        clamped = np.clip(_as_int64(starts), 0, upper)
        rank = self.batch_rank + len(window_shape)
        flat = np.zeros(batch_shape, dtype=np.int64) if not mapped else None
        for k, d in enumerate(mapped):  # a sum of columns: numpy's integer matmul is slow
            column = clamped[..., k] if strides[d] == 1 else clamped[..., k] * strides[d]
            flat = column if flat is None else flat + column
        flat = flat.reshape(batch_shape + (1,) * len(window_shape))

        def term(axis, size, stride):
            shape = [1] * rank
            shape[axis] = size
            return (np.arange(size, dtype=np.int64) * stride).reshape(shape)

        for operand_dim, axis in self.batching:
            flat = flat + term(axis, batch_shape[axis], strides[operand_dim])
        for k, d in enumerate(self.indexed_window):
            flat = flat + term(self.batch_rank + k, slice_sizes[d], strides[d])
        flat = np.broadcast_to(flat, batch_shape + window_shape)
        return _take_rows(rows, flat).reshape(flat.shape + plain_shape).transpose(self.perm)

    def _check_run_time_shapes(self, x, indices, starts, slice_sizes):
        """What the verifier cannot check on dynamic dimensions."""
        dims = self.dims
        if starts.shape[-1] != len(dims.start_index_map):
            raise InterpreterError(f"start_index_map {list(dims.start_index_map)} needs index vectors of "
                                   f"{len(dims.start_index_map)} elements, start_indices have shape "
                                   f"{indices.shape} (index_vector_dim {dims.index_vector_dim})")
        for d, (size, limit) in enumerate(zip(slice_sizes, x.shape)):
            if size > limit:
                raise InterpreterError(f"slice size {size} exceeds operand dimension {d} of size {limit}")
        for od, sd in zip(dims.operand_batching_dims, dims.start_indices_batching_dims):
            if x.shape[od] != indices.shape[sd]:
                raise InterpreterError(f"operand batching dimension {od} has size {x.shape[od]}, "
                                       f"start_indices dimension {sd} has size {indices.shape[sd]}")


@register("stablehlo.gather")
def _gather(op):
    dims = op.attrs["dimension_numbers"]
    sizes = op.attrs["slice_sizes"]
    gather = _Gather(dims, op.operand_specs[0].rank, op.operand_specs[1].rank)
    return Kernel.single(lambda x, indices: gather(x, indices, sizes))


@register("stablehlo.dynamic_gather", traits=(SIZES_FROM_VALUES,))
def _dynamic_gather(op):
    """gather with slice_sizes read from an operand at run time."""
    dims = op.attrs["dimension_numbers"]
    gather = _Gather(dims, op.operand_specs[0].rank, op.operand_specs[1].rank)
    one_wide = set(dims.collapsed_slice_dims) | set(dims.operand_batching_dims)

    def dynamic_gather(x, indices, slice_sizes):
        sizes = dimension_values(slice_sizes)
        for d, size in enumerate(sizes):  # gather C12, C13 at run time (the upper bound: _Gather)
            if size < 0 or (d in one_wide and size > 1):
                raise InterpreterError(f"slice_sizes {list(sizes)}: size {size} of dimension {d} must be >= 0"
                                       + (" and <= 1 (a collapsed or batching dimension)" if d in one_wide else ""))
        return gather(x, indices, sizes)

    return Kernel.single(dynamic_gather)


@register("stablehlo.dynamic_slice")
def _dynamic_slice(op):
    sizes = op.attrs["slice_sizes"]

    def dynamic_slice(x, *starts):
        index = []
        for d, (start, size) in enumerate(zip(starts, sizes)):
            if size > x.shape[d]:
                raise InterpreterError(f"slice size {size} exceeds operand dimension {d} of size {x.shape[d]}")
            first = min(max(int(start), 0), x.shape[d] - size)  # clamped (spec semantics)
            index.append(slice(first, first + size))
        return x[tuple(index)]

    return Kernel.single(dynamic_slice)


@register("stablehlo.torch_index_select")
def _torch_index_select(op):
    """Legacy op (XLA's TorchIndexSelect): with B = batch_dims,
    result[b..., p..., i..., s...] = operand[b..., p..., index[b..., i...], s...],
    i.e. a gather of single elements along `dim` with the first B dimensions
    of operand and index paired as batching dimensions; indices are clamped
    like gather's. The verifier checks only types (as upstream), so the
    dimensions are checked here."""
    operand, index, result = op.operand_specs[0], op.operand_specs[1], op.result_specs[0]
    dim = op.attrs["dim"]
    batch = op.attrs["batch_dims"]
    dim += operand.rank if dim < 0 else 0
    batch += index.rank if batch < 0 else 0
    if not index.element.is_int:
        raise InterpreterError(f"index must have an integer element type, got {index.text}")
    if result.element != operand.element:
        raise InterpreterError(f"result element type must be the operand's, got {operand.text} and {result.text}")
    if not 0 <= batch <= min(dim, index.rank) or dim >= operand.rank:
        raise InterpreterError(f"needs 0 <= batch_dims ({batch}) <= dim ({dim}) < rank(operand) ({operand.rank}) "
                               f"and batch_dims <= rank(index) ({index.rank})")
    n_index = index.rank - batch
    result_rank = operand.rank - 1 + n_index
    if result.rank != result_rank:
        raise InterpreterError(f"result {result.text} must have rank {result_rank}")
    dims = GatherDims(offset_dims=tuple(range(batch, dim)) + tuple(range(dim + n_index, result_rank)),
                      collapsed_slice_dims=(dim,), operand_batching_dims=tuple(range(batch)),
                      start_indices_batching_dims=tuple(range(batch)), start_index_map=(dim,),
                      index_vector_dim=index.rank)
    gather = _Gather(dims, operand.rank, index.rank)
    result_spec = result

    def torch_index_select(x, idx):
        if x.shape[:batch] != idx.shape[:batch]:
            raise InterpreterError(f"the first {batch} dimensions of operand {x.shape} and index {idx.shape} "
                                   "must have the same sizes")
        sizes = [1 if d < batch or d == dim else n for d, n in enumerate(x.shape)]
        out = gather(x, idx, sizes)
        if not result_spec.matches_shape(out.shape):
            raise InterpreterError(f"result {result_spec.text} does not match the selected shape {out.shape}")
        return out

    return Kernel.single(torch_index_select)


# --- Writes: scatter, dynamic_update_slice ----------------------------------
#
# scatter computes, once per call and with whole-array index arithmetic, the
# flat result position of every update element, in the order the updates are
# applied: scatter position major, window position minor (XLA on CPU applies
# them in this order; it decides which duplicate wins and the rounding of
# float sums).  Like XLA, an update window that does not fit in the input at
# its start index is dropped as a whole (docs/decisions.md).  Then:
#   * a body returning the update ("replace") assigns the last write to each
#     position;
#   * a body that is one add/multiply/min/max/and/or/xor on its two arguments
#     runs as one unbuffered `ufunc.at` (in order, so float sums round as
#     XLA's do; float min/max then fix the sign of zeros), except complex
#     min/max, which take the general path; when its windows are whole rows
#     of the result and few updates hit one row, the ufunc runs in rounds of
#     rows instead (ROW_ELEMENTS, ROUND_ELEMENTS): the same operations, in the
#     same order per element;
#   * any other body runs in rounds: round r applies the r-th update of every
#     position at once (positions are unique within a round), so the body is
#     evaluated (max duplicates per position) times on whole arrays.
# Duplicates are found by sorting the window starts when windows of different
# starts cannot overlap (the common case: rows of a table), else by sorting
# the element positions.

class _ScatterIndexing:
    """The static part of scatter's index arithmetic, prepared once per op.

    `positions(indices)` gives, for every scatter position (the update index
    without its window dimensions, row-major) whose window fits, its index and
    the flat result position of its window's first element; `window` holds
    the flat offsets of the window's elements from it.
    """

    def __init__(self, shape, index_shape, update_shape, dims: attributes.ScatterDims):
        rank = len(shape)
        window_dims = dims.update_window_dims
        scatter_dims = [d for d in range(len(update_shape)) if d not in window_dims]
        self.update_perm = tuple(scatter_dims) + tuple(window_dims)
        self.count = math.prod(update_shape[d] for d in scatter_dims)
        window_shape = tuple(update_shape[d] for d in window_dims)
        self.window_size = math.prod(window_shape)

        strides = _row_major_strides(shape)
        excluded = set(dims.inserted_window_dims) | set(dims.input_batching_dims)
        window_operand_dims = [d for d in range(rank) if d not in excluded]
        # Flat offsets of the window elements (row-major over the window).
        offsets = np.zeros(window_shape, dtype=np.int64)
        for k, d in enumerate(window_operand_dims):
            line = np.arange(window_shape[k], dtype=np.int64) * strides[d]
            offsets = offsets + line.reshape([-1 if j == k else 1 for j in range(len(window_shape))])
        self.window = offsets.reshape(-1)

        # Scatter positions enumerate the dims of scatter_indices other than
        # index_vector_dim, in order; batching dims take their coordinate.
        ivd = dims.index_vector_dim
        self.index_vector_dim = ivd
        self.has_index_vector = ivd < len(index_shape)
        scatter_shape = tuple(n for d, n in enumerate(index_shape) if d != ivd)
        base = np.zeros(scatter_shape, dtype=np.int64)
        for input_dim, index_dim in zip(dims.input_batching_dims, dims.scatter_indices_batching_dims):
            k = index_dim if index_dim < ivd else index_dim - 1
            line = np.arange(scatter_shape[k], dtype=np.int64) * strides[input_dim]
            base = base + line.reshape([-1 if j == k else 1 for j in range(len(scatter_shape))])
        self.base = base.reshape(-1)

        to_operand = list(dims.scatter_dims_to_operand_dims)
        full_window = [1] * rank
        for k, d in enumerate(window_operand_dims):
            full_window[d] = window_shape[k]
        self.start_strides = strides[to_operand]
        self.start_limits = np.array([shape[d] - full_window[d] for d in to_operand], dtype=np.int64)
        self.index_count = len(to_operand)

    def index_rows(self, indices: np.ndarray) -> np.ndarray:
        """The start indices as (scatter positions, index_count), a view when it can be."""
        if self.has_index_vector and self.index_vector_dim != indices.ndim - 1:
            indices = np.moveaxis(indices, self.index_vector_dim, -1)
        return indices.reshape(self.count, self.index_count)

    def positions(self, indices: np.ndarray):
        """(scatter position numbers, flat start of their windows) of the windows that fit."""
        idx = indices.astype(np.int64) if indices.dtype.kind != "u" else _unsigned_to_int64(indices)
        starts = self.index_rows(idx)
        if self.index_count == 1:  # one index per window (a table's row): no matrix product
            start, limit, stride = starts[:, 0], int(self.start_limits[0]), int(self.start_strides[0])
            fits = (start >= 0) & (start <= limit)
            if fits.all():
                return None, self.base + start * stride
            kept = np.flatnonzero(fits)
            return kept, self.base[kept] + start[kept] * stride
        # reduced along the outer axis: numpy loops per row over a short inner one
        fits = np.logical_and.reduce(((starts >= 0) & (starts <= self.start_limits)).T, axis=0)
        if fits.all():
            return None, self.base + starts @ self.start_strides
        kept = np.flatnonzero(fits)
        return kept, self.base[kept] + starts[kept] @ self.start_strides


def _unsigned_to_int64(indices: np.ndarray) -> np.ndarray:
    """Unsigned indices as int64; values past int64 become -1 (out of range either way)."""
    wide = indices.astype(np.uint64)
    return np.where(wide > np.iinfo(np.int64).max, -1, wide.astype(np.int64))


def _float_minmax_at(is_max: bool):
    """maximum/minimum.at with XLA's signed zeros: np.maximum/minimum propagate
    NaN like XLA, and a result of zero is the order-independent max/min of its
    target's values, so its sign is fixed afterwards: +0.0 for max (-0.0 for
    min) if any of the values was that zero."""
    ufunc = np.maximum if is_max else np.minimum

    def preferred_zero(x):
        return (x == 0) & (np.signbit(x) != is_max)

    def apply_minmax(result, targets, values):
        initially = np.flatnonzero(preferred_zero(result))
        ufunc.at(result, targets, values)
        zeros = np.flatnonzero(result == 0)
        if not len(zeros):
            return
        wanted = np.zeros(result.shape, dtype=bool)
        wanted[initially] = True
        wanted[targets[preferred_zero(values)]] = True
        result[zeros] = np.where(wanted[zeros], 0.0 if is_max else -0.0, -0.0 if is_max else 0.0)

    return apply_minmax


def _ufunc_at_combiner(name: str, info):
    """(`apply(result, targets, values)` in place with one `ufunc.at`, the ufunc itself when
    `apply` is its plain `at`, else None), or (None, None) if not covered."""
    if info.category == "float" and name in ("stablehlo.maximum", "stablehlo.minimum"):
        return _float_minmax_at(name == "stablehlo.maximum"), None
    ufunc = body_ufunc(name, info)
    # No complex multiply: np.multiply.at may fuse multiply-adds on some hosts; the general
    # path multiplies by types.complex_product, rounded per step.
    if ufunc is None or (info.category == "complex" and ufunc is np.multiply):
        return None, None
    if info.is_subbyte:  # computed in int8/uint8 and wrapped back
        wide = wide_int_dtype(info)

        def apply_wide(result, targets, values):
            acc = result.astype(wide)
            ufunc.at(acc, targets, values.astype(wide))
            result[...] = from_wide_int(acc, info)

        return apply_wide, None
    return (lambda result, targets, values: ufunc.at(result, targets, values)), ufunc


# A ufunc combiner whose windows are whole rows of the result (a table's rows) runs in rounds
# of row-wise numpy ops, `rows = ufunc(rows, values)` (the r-th update of every row at once:
# the same operations in the same order as ufunc.at, which pays per element; 4096 rows of 64
# f32 into 10000: 2x faster), while each round has at least ROUND_ELEMENTS update elements on
# average; rows of fewer than ROW_ELEMENTS elements keep ufunc.at.
ROW_ELEMENTS = 16
ROUND_ELEMENTS = 1 << 13


class _Groups:
    """Equal keys grouped: `order` sorts the keys stably, and group g (its keys equal, in their
    original order) is order[start[g]:start[g] + size[g]], groups in increasing key order."""

    def __init__(self, keys: np.ndarray):
        if len(keys):
            low = keys.min()
            if keys.max() - low < 1 << 16:  # numpy sorts 16-bit integers stably by radix sort
                keys = (keys - low).astype(np.uint16)
        self.order = np.argsort(keys, kind="stable")
        ordered = keys[self.order]
        first = np.empty(len(ordered), dtype=bool)
        first[:1] = True
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        self.start = np.flatnonzero(first)
        self.size = np.diff(self.start, append=len(ordered))

    def firsts(self) -> np.ndarray:
        return self.order[self.start]

    def lasts(self) -> np.ndarray:
        return self.order[self.start + self.size - 1]

    def rounds(self) -> list:
        """The indices split into rounds, each as (group numbers, indices): round r holds the
        r-th index of every group with more than r, so a round holds distinct keys and each
        key's rounds keep its order. Groups go by decreasing size (ties in key order), so round
        r's groups are the first len(groups) of round 0's (combine_rows relies on it)."""
        size = self.size
        if not len(size):
            return []
        most = int(size.max())
        # a stable sort by decreasing size: a radix sort on small keys
        key = (most - size).astype(np.uint8 if most < 1 << 8 else np.uint16 if most < 1 << 16 else np.int64)
        by_size = np.argsort(key, kind="stable")
        first = self.start[by_size]
        # round r holds the groups of more than r indices: the first `more[r]` of by_size
        more = len(size) - np.cumsum(np.bincount(size, minlength=most + 1))[:most]
        return [(by_size[:k], self.order[first[:k] + r]) for r, k in enumerate(more.tolist())]


def _row_rounds(rows: np.ndarray, table_rows: int) -> list:
    """_Groups(rows).rounds() (the same rounds, each in the same order, group numbers counted in
    round 0's order) for row numbers in [0, table_rows), computed with one stable sort of the
    updates by (decreasing count of their row, row) where numpy sorts small keys by radix."""
    size = np.bincount(rows, minlength=table_rows)[rows]  # per update: how many hit its row
    most = int(size.max())
    fewer = most - size  # the sort key, major: rows with more updates first
    if most * table_rows <= 1 << 16:  # one 16-bit key
        key = (fewer * table_rows + rows).astype(np.uint16)
        order = np.argsort(key, kind="stable")
    elif table_rows <= 1 << 16 and most <= 1 << 8:  # two radix passes, minor key first
        key = rows
        by_row = np.argsort(rows.astype(np.uint16), kind="stable")
        order = by_row[np.argsort(fewer[by_row].astype(np.uint8), kind="stable")]
    else:
        key = fewer * np.int64(table_rows) + rows
        order = np.argsort(key, kind="stable")
    ordered = key[order]
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    start = np.flatnonzero(first)  # of each group: its row's updates, in their order
    # groups go by decreasing size: round r holds the first `more[r]`, those of more than r
    # (size s: s * (its number of groups) updates)
    groups_of_size = np.bincount(size, minlength=most + 1)[1:] // np.arange(1, most + 1)
    more = np.cumsum(groups_of_size[::-1])[::-1]
    groups = np.arange(len(start))
    return [(groups[:k], order[start[:k] + r]) for r, k in enumerate(more.tolist())]


class _Windows:
    """The update elements of one scatter call, laid out [position, window
    element] with positions in the order they apply, and the schedule that
    applies them in that order with whole-array steps.

    When windows of different start positions never overlap (consecutive
    distinct starts further apart than the window's extent), duplicates are
    whole windows and the schedule works per window, reading and writing
    whole rows when the windows are rows of the result (a table's rows);
    otherwise it works per element.
    """

    def __init__(self, starts: np.ndarray, window: np.ndarray, values: list, result_size: int):
        self.starts, self.window, self.values = starts, window, values
        extent = int(window[-1]) if len(window) else 0  # offsets are row-major: the last is the largest
        size = len(window)
        self.rows = None
        if extent == size - 1 and result_size % size == 0:
            rows = starts // size
            if np.array_equal(rows * size, starts):
                self.rows = rows  # windows are rows of the result: distinct ones never overlap
        self.table_rows = result_size // size if self.rows is not None else 0
        self._groups = None if self.rows is not None else _Groups(starts)  # rows: grouped when needed
        self.whole = self.rows is not None or bool(np.all(np.diff(starts[self._groups.firsts()]) > extent))
        if not self.whole:  # per element
            self.element_targets = (starts[:, None] + window).reshape(-1)
            self._groups = _Groups(self.element_targets)

    @property
    def groups(self) -> _Groups:
        if self._groups is None:
            self._groups = _Groups(self.rows)
        return self._groups

    def read(self, result: np.ndarray, chosen) -> np.ndarray:
        """The current values at the targets of the chosen updates."""
        if self.rows is not None:
            return np.take(result.reshape(-1, len(self.window)), self.rows[chosen], axis=0)
        return result[self._targets(chosen)]

    def write(self, result: np.ndarray, chosen, values) -> None:
        """Store `values` (as `read` and `take` lay them out) at the targets of the chosen updates."""
        if self.rows is not None:
            result.reshape(-1, len(self.window))[self.rows[chosen]] = values
        else:
            result[self._targets(chosen)] = values

    def take(self, chosen) -> list:
        """The chosen updates, laid out as `read` lays out their targets."""
        if self.rows is not None:
            return [np.take(v, chosen, axis=0) for v in self.values]
        if self.whole:
            return [v[chosen].reshape(-1) for v in self.values]
        return [v.reshape(-1)[chosen] for v in self.values]

    def _targets(self, chosen) -> np.ndarray:
        if self.whole:
            return (self.starts[chosen, None] + self.window).reshape(-1)
        return self.element_targets[chosen]

    def last_writes(self):
        """The updates that survive when each one replaces its target: the last of every group."""
        return self.groups.lasts()

    def rounds(self) -> list:
        """The updates in rounds, as _Groups.rounds gives them (round r's groups are the first
        ones of round 0)."""
        if self.rows is not None and self._groups is None and len(self.rows) and \
                self.table_rows <= 4 * len(self.rows) + (1 << 16):
            return _row_rounds(self.rows, self.table_rows)
        return self.groups.rounds()

    def combine_rows(self, result: np.ndarray, ufunc, rounds: list) -> None:
        """Rows of `result` combined with their updates in order, `ufunc(row, update)`, round by
        round (`rounds`, as _Groups.rounds makes them: round r's groups are the first ones of
        round 0) on a copy of the rows hit, so each is read and written once. The updates are
        gathered once, round after round, so every round is one ufunc call on leading rows."""
        table = result.reshape(-1, len(self.window))
        counts = [len(chosen) for _, chosen in rounds]
        chosen = rounds[0][1] if len(rounds) == 1 else np.concatenate([c for _, c in rounds])
        rows = self.rows[rounds[0][1]]  # one per group, in round 0's order
        hit = np.take(table, rows, axis=0)
        values = np.take(self.values[0], chosen, axis=0)
        at = 0
        for k in counts:
            ufunc(hit[:k], values[at:at + k], out=hit[:k])
            at += k
        # written back as one put of whole rows (numpy's put moves items of any size; about
        # half the time of fancy-indexed assignment of rows)
        row = np.dtype((np.void, hit.itemsize * hit.shape[1]))
        np.put(table.view(row).reshape(-1), rows, hit.view(row).reshape(-1))


@register("stablehlo.scatter")
def _scatter(op):
    count = (op.num_operands - 1) // 2
    specs = op.operand_specs
    input_specs, index_spec, update_specs = specs[:count], specs[count], specs[count + 1:2 * count + 1]
    shape = input_specs[0].shape
    indexing = _ScatterIndexing(shape, index_spec.shape, update_specs[0].shape, op.attrs["scatter_dimension_numbers"])
    body = op.region(0)  # of 2 * count arguments (verified, C15)
    # the updates play a reducer's init values (upstream's reading of C6 and C15)
    check_reducer_types(input_specs, update_specs, body, "C6", "C15", "update", DEVIATION_IGNORED)
    types = [s.element for s in body.arg_specs[:count]]  # E_i: the results' element types
    replace = replace_body(body.fn, count)
    combiner = None
    ufunc = None
    single = single_op_body(body.fn, count)
    if single is not None:  # in the body's types E_i, which the results already have (promoted bodies too)
        combiner, ufunc = _ufunc_at_combiner(single, types[0])
    window = indexing.window
    window_size = indexing.window_size
    perm = indexing.update_perm
    size = math.prod(shape)
    contiguous = window_size > 0 and np.array_equal(window, np.arange(window_size))
    by_rows = ufunc is not None and window_size >= ROW_ELEMENTS and size % window_size == 0 and contiguous

    def run_scatter(*vals):
        inputs, indices = vals[:count], vals[count]
        updates, extras = vals[count + 1:2 * count + 1], vals[2 * count + 1:]
        results = [np.array(convert_values(np.asarray(x), t)).reshape(-1) for x, t in zip(inputs, types)]
        if not (indexing.count and window_size):
            return [r.reshape(shape) for r in results]
        kept, starts = indexing.positions(indices)
        if not len(starts):
            return [r.reshape(shape) for r in results]
        values = []
        for u, t in zip(updates, types):
            u = np.asarray(u).transpose(perm).reshape(indexing.count, window_size)
            values.append(convert_values(u if kept is None else u[kept], t))
        windows = None
        if by_rows:
            windows = _Windows(starts, window, values, size)
            rounds = windows.rounds()
            if windows.rows is not None and len(rounds) * ROUND_ELEMENTS <= values[0].size:
                windows.combine_rows(results[0], ufunc, rounds)
                return [results[0].reshape(shape)]
        if combiner is not None:  # one in-order ufunc.at
            combiner(results[0], (starts[:, None] + window).reshape(-1), values[0].reshape(-1))
            return [results[0].reshape(shape)]
        windows = windows or _Windows(starts, window, values, size)
        if replace:
            last = windows.last_writes()
            for r, v in zip(results, windows.take(last)):
                windows.write(r, last, v)
        else:
            for _, chosen in windows.rounds():
                out = body.call([windows.read(r, chosen) for r in results] + windows.take(chosen), extras)
                for r, o in zip(results, out):
                    windows.write(r, chosen, o)
        return [r.reshape(shape) for r in results]

    return Kernel(run_scatter)


@register("stablehlo.dynamic_update_slice")
def _dynamic_update_slice(op):
    operand = op.operand_specs[0].shape
    update = op.operand_specs[1].shape
    # Start indices are clamped so that the update fits (spec).
    limits = [o - u for o, u in zip(operand, update)]

    def place(starts) -> tuple:
        return tuple(slice(s, s + n) for s, n in
                     ((min(max(int(start), 0), limit), n) for start, limit, n in zip(starts, limits, update)))

    def dynamic_update_slice(x, u, *starts):
        out = np.array(x)
        out[place(starts)] = u
        return (out,)

    def update_in_place(x, u, *starts):
        x[place(starts)] = u
        return (x,)

    # in_place: for a while body that owns its carry `x` (see planning/loops.py, _in_place_updates)
    return Kernel(dynamic_update_slice, in_place=update_in_place)
