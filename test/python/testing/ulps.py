"""Distances between float values in units in the last place, counted in the element type
itself (ml_dtypes' types included): what the tests' tolerances, the conformance parity tool
and the fuzzer's compiled-backend check measure. numpy and ml_dtypes only, so tools outside
pytest import it too."""

from __future__ import annotations

import ml_dtypes
import numpy as np


def parts(a: np.ndarray) -> list:
    """[(name, part)]: real and imaginary parts of a complex array, else the array itself."""
    return [("real", np.real(a)), ("imag", np.imag(a))] if a.dtype.kind == "c" else [("", a)]


def float_ordinal(a: np.ndarray) -> np.ndarray:
    """Integers in the order of the float values of `a` (one apart for adjacent values, +0 and
    -0 equal), from the bit patterns of its real float type."""
    dtype = a.dtype
    a = np.ascontiguousarray(a)
    if dtype.itemsize == 8:
        i = a.view(np.int64)
        return np.where(i < 0, -(i & np.int64(2**63 - 1)), i)
    bits = ml_dtypes.finfo(dtype).bits
    u = a.view(f"u{dtype.itemsize}").astype(np.int64) & ((1 << bits) - 1)
    if dtype == np.dtype(ml_dtypes.float8_e8m0fnu):  # no sign bit
        return u
    sign = 1 << (bits - 1)
    return np.where(u & sign, -(u & (sign - 1)), u)


def ulp_distance(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Per element, how many values of the element type lie between `got` and `expected` (the
    larger of the two parts for complex); 0 where both are NaN, a huge number where one is."""
    out = np.zeros(np.shape(got), np.int64)
    for (_, g), (_, e) in zip(parts(got), parts(expected)):
        with np.errstate(all="ignore"):
            nan_g, nan_e = np.isnan(g.astype(np.float64)), np.isnan(e.astype(np.float64))
        d = np.abs(float_ordinal(g) - float_ordinal(e))
        out = np.maximum(out, np.where(nan_g & nan_e, 0, np.where(nan_g | nan_e, 2**62, d)))
    return out


def f32_error_in_ulps(got: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """|got - exact| in units of the f32 spacing at f64 `exact` (the subnormal spacing below
    2^-126): the error of an f32 function's result against an (almost) exact f64 value."""
    magnitude = np.abs(exact)
    exponent = np.maximum(np.floor(np.log2(np.where(magnitude > 0, magnitude, 1.0))), -126.0)
    return np.abs(got.astype(np.float64) - exact) / np.exp2(exponent - 23)
