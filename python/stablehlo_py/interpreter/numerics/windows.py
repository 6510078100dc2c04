"""Window geometry shared by pad, reduce_window, select_and_scatter and convolution: padding
with interior (base, lhs) dilation as `pad` defines it, the number of windows along a dimension
(reduce_window C16, convolution C25), and strided views of every window."""

from __future__ import annotations

import numpy as np

from ..core.types import strided_view, uint_dtype

__all__ = ["Padding", "dilated_size", "window_count", "window_view"]


def dilated_size(size: int, dilation: int) -> int:
    """Length of a dimension of `size` elements with `dilation - 1` holes between neighbours."""
    return 0 if size == 0 else (size - 1) * dilation + 1


def window_count(size: int, window: int, stride: int, dilation: int, window_dilation: int,
                 low: int, high: int) -> int:
    """Windows along one dimension: the padded, dilated size less the dilated window, over the
    stride, plus one; none where the window does not fit or nothing is left after padding."""
    padded = dilated_size(size, dilation) + low + high
    extent = dilated_size(window, window_dilation)
    return 0 if padded <= 0 or extent > padded else (padded - extent) // stride + 1


class Padding:
    """`pad`'s semantics for a static shape, prepared once: holes of `dilations - 1` between
    elements, then edge padding per dimension, where negative padding crops (also into the
    other side's padding). Calling it fills a new array with `fill` and places `x`."""

    def __init__(self, shape, padding, dilations):
        grown, place, crop = [], [], []
        for size, (low, high), dilation in zip(shape, padding, dilations):
            spread = dilated_size(size, dilation)
            grown.append(max(low, 0) + spread + max(high, 0))
            place.append(slice(max(low, 0), max(low, 0) + spread, dilation))
            crop.append(slice(max(-low, 0), grown[-1] - max(-high, 0)))
        self.grown, self.place, self.crop = tuple(grown), tuple(place), tuple(crop)
        # nothing to pad or dilate: callers that can use `x` itself may skip the copy
        self.identity = all(p == (0, 0) for p in padding) and all(d == 1 for d in dilations)
        # without holes only the edges need `fill`: one pass over the output instead of two
        self.edges = None if any(d != 1 for d in dilations) else [
            (slice(None),) * d + (part,) for d, (place, n) in enumerate(zip(self.place, self.grown))
            for part in (slice(0, place.start), slice(place.stop, n)) if part.stop > part.start]

    def __call__(self, x: np.ndarray, fill) -> np.ndarray:
        if self.edges is None:
            out = np.full(self.grown, fill, dtype=x.dtype)
        else:
            out = np.empty(self.grown, dtype=x.dtype)
            for edge in self.edges:
                out[edge] = fill
        out[self.place] = x
        return out[self.crop]


def window_view(x: np.ndarray, out_shape, window_dims, strides, dilations) -> np.ndarray:
    """Read-only view of shape out_shape + window_dims: element (o, w) is
    x[o * strides + w * dilations]."""
    step = x.strides
    # as_strided cannot describe ml_dtypes types (bf16, f8, int4...): stride their bits
    native = x.dtype.kind in "biuc" or x.dtype in (np.float16, np.float32, np.float64)
    view = strided_view(
        x if native else x.view(uint_dtype(x.dtype)), tuple(out_shape) + tuple(window_dims),
        tuple(s * t for s, t in zip(step, strides)) + tuple(s * d for s, d in zip(step, dilations)))
    return view if native else view.view(x.dtype)
