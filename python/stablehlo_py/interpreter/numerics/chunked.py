"""Element-wise functions of our own over arrays, computed in chunks of numpy operations."""

from __future__ import annotations

from typing import Callable

import numpy as np

CHUNK = 1 << 14  # elements per pass: the temporaries of a chunk stay in cache


def map_in_chunks(x: np.ndarray, compute: Callable, out_dtype=np.float32) -> np.ndarray:
    """`compute` (1-D array -> 1-D array of `out_dtype`) over every element of `x`, chunk by chunk.
    The result has the memory layout a numpy ufunc would give it (the operand's, order K):
    reductions of it sum in that layout's order, which the compiled backend reproduces."""
    out = np.empty_like(x, dtype=out_dtype)
    flat = np.ascontiguousarray(x).reshape(-1)
    result = out.reshape(-1) if out.flags.c_contiguous else np.empty(flat.size, out_dtype)
    for start in range(0, flat.size, CHUNK):
        result[start:start + CHUNK] = compute(flat[start:start + CHUNK])
    if not out.flags.c_contiguous:
        out[...] = result.reshape(x.shape)
    return out
