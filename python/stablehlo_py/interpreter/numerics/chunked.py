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


QUIET_BIT = np.uint32(0x00400000)


def quiet_nans(x: np.ndarray) -> np.ndarray:
    """The f32 NaNs `x` with their quiet bit set, sign and payload kept."""
    return (x.view(np.uint32) | QUIET_BIT).view(np.float32)


def _is_nan(x):
    return x != x


def f32_function(array_core: Callable, scalar_core: Callable, is_special: Callable = _is_nan,
                 special: Callable = quiet_nans) -> Callable:
    """One of our f32 functions, of an f32 array or a scalar, from its two forms: `array_core`
    (1-D f32 array -> its results) on arrays, chunk by chunk, and `scalar_core` (numpy f32 scalar
    -> numpy f32 scalar: the same operations, without numpy's per-call cost) on 0-d values. The
    elements `is_special` picks (an array or a scalar -> booleans; NaNs by default) get
    `special`'s results (f32 array -> f32 array; NaNs quiet by default) instead, so the cores may
    compute anything there; floating-point warnings are silenced."""

    def fn(x):
        if not isinstance(x, np.ndarray) or x.ndim == 0:
            value = np.float32(x)
            if is_special(value):
                result = special(np.array([value]))[0]
            else:
                with np.errstate(all="ignore"):
                    result = scalar_core(value)
            return result if not isinstance(x, np.ndarray) else np.asarray(result)
        x = np.asarray(x, dtype=np.float32)
        with np.errstate(all="ignore"):
            out = map_in_chunks(x, array_core)
        picked = is_special(x)
        if picked.any():
            out[picked] = special(x[picked])
        return out

    return fn
