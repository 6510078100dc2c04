"""Kernels of the ops that read or write a tensor at computed indices:
gather, scatter, dynamic_slice, dynamic_update_slice, torch_index_select."""

from __future__ import annotations

import math

import numpy as np

from . import attributes
from .attributes import GatherDims
from .errors import InterpreterError
from .registry import register

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
        starts = indices[..., None] if ivd == indices.ndim else np.moveaxis(indices, ivd, -1)
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
        flat = (clamped @ np.array([strides[d] for d in mapped], dtype=np.int64)).reshape(
            batch_shape + (1,) * len(window_shape))

        def term(axis, size, stride):
            shape = [1] * rank
            shape[axis] = size
            return (np.arange(size, dtype=np.int64) * stride).reshape(shape)

        for operand_dim, axis in self.batching:
            flat = flat + term(axis, batch_shape[axis], strides[operand_dim])
        for k, d in enumerate(self.indexed_window):
            flat = flat + term(self.batch_rank + k, slice_sizes[d], strides[d])
        flat = np.broadcast_to(flat, batch_shape + window_shape)
        return np.take(rows, flat, axis=0).reshape(flat.shape + plain_shape).transpose(self.perm)

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
def _gather(ctx):
    dims = attributes.gather_dimension_numbers(ctx.op)
    sizes = attributes.i64_list(ctx.op, "slice_sizes")
    gather = _Gather(dims, ctx.operand_spec(0).rank, ctx.operand_spec(1).rank)
    return lambda x, indices: gather(x, indices, sizes)


@register("stablehlo.dynamic_slice")
def _dynamic_slice(ctx):
    sizes = attributes.i64_list(ctx.op, "slice_sizes")

    def dynamic_slice(x, *starts):
        index = []
        for d, (start, size) in enumerate(zip(starts, sizes)):
            if size > x.shape[d]:
                raise InterpreterError(f"slice size {size} exceeds operand dimension {d} of size {x.shape[d]}")
            first = min(max(int(start), 0), x.shape[d] - size)  # clamped (spec semantics)
            index.append(slice(first, first + size))
        return x[tuple(index)]

    return dynamic_slice


@register("stablehlo.torch_index_select")
def _torch_index_select(ctx):
    """Legacy op (XLA's TorchIndexSelect): with B = batch_dims,
    result[b..., p..., i..., s...] = operand[b..., p..., index[b..., i...], s...],
    i.e. a gather of single elements along `dim` with the first B dimensions
    of operand and index paired as batching dimensions; indices are clamped
    like gather's. The verifier checks only types (as upstream), so the
    dimensions are checked here."""
    operand, index, result = ctx.operand_spec(0), ctx.operand_spec(1), ctx.result_spec()
    dim = attributes.integer(ctx.op, "dim")
    batch = attributes.integer(ctx.op, "batch_dims")
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

    return torch_index_select


# --- Writes: scatter, dynamic_update_slice ----------------------------------
