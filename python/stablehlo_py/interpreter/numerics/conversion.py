"""Element type conversion, `stablehlo.convert`'s semantics, shared by every kernel that
converts values (convert itself, iota, scatter and reduce operands, dot accumulation).

float -> int truncates toward zero, NaN -> 0, out of range saturates to the type's min/max;
int -> int wraps; x -> i1 is x != 0; complex -> real (i1 too) takes the real part; float
narrowing rounds to nearest even (through ml_dtypes' f32 casts, whose results ml_dtypes 0.6 and
0.7 share; f64 -> bf16 goes through f32 like XLA); f8E8M0FNU is rounded here (_to_e8m0).
"""

from __future__ import annotations

import numpy as np

from ..core.types import ElementInfo, dtype_info, element_info, from_wide_int

__all__ = ["convert_values"]


def _float_to_int(x: np.ndarray, dst: ElementInfo) -> np.ndarray:
    t = np.trunc(x.astype(np.float64))
    low = float(dst.min)
    limit = float(dst.max) + 1  # a power of two, exact in f64
    in_range = (t >= low) & (t < limit)  # False for NaN
    wide = np.dtype(np.int64 if dst.category == "sint" else np.uint64)
    values = np.where(in_range, t, 0).astype(wide)
    values = np.where(t >= limit, dst.max, np.where(t < low, dst.min, values))
    return from_wide_int(values, dst)


_NO_NAN = {name: np.array(-0.0, dtype=element_info(name).dtype) for name in ("f4E2M1FN", "f6E2M3FN", "f6E3M2FN")}


def _f64_to_f32_round_to_odd(x: np.ndarray) -> np.ndarray:
    """`x` narrowed to f32 toward zero, with the last bit set when inexact (round to odd).
    Rounding that once more to a format of at most 11 significant bits gives the correctly
    rounded result, since f32 keeps more than twice as many bits plus two."""
    y = x.astype(np.float32)
    y = np.where(np.abs(y.astype(np.float64)) > np.abs(x), np.nextafter(y, np.float32(0)), y)
    inexact = (y.astype(np.float64) != x) & ~np.isnan(x)
    return (y.view(np.uint32) | inexact.astype(np.uint32)).view(np.float32)


def _to_e8m0(x: np.ndarray) -> np.ndarray:
    """f32/f64 `x` rounded once to the nearest power of two, ties up (no fraction bit to make
    even); below 2^-127 the smallest value, 2^-127; from 1.5 * 2^127 up, inf, zero, negative
    values and NaN give NaN (no inf, zero or sign). As ml_dtypes >= 0.7; ml_dtypes 0.6 rounded
    f32 subnormals on their bits (1.25 * 2^-127 gave 2^-126) and f64 values below f32's range
    to NaN, so the result must not come from its cast."""
    x = x.astype(np.float64, copy=False)
    fraction, exponent = np.frexp(x)  # x = fraction * 2^exponent, 0.5 <= fraction < 1
    power = exponent - 1 + (fraction >= 0.75)  # 1.5 * 2^k is the midpoint of 2^k and 2^(k+1)
    invalid = ~((x > 0) & np.isfinite(x)) | (power > 127)
    field = np.where(invalid, 0xFF, np.maximum(power + 127, 0)).astype(np.uint8)
    return field.view(element_info("f8E8M0FNU").dtype)


def convert_values(x: np.ndarray, dst: ElementInfo) -> np.ndarray:
    """Element-wise conversion of `x` to element type `dst` (stablehlo.convert semantics). A
    quantized `dst` converts storage integers to its storage type: the promotion of a body's
    quantized argument types (spec: is_promotable) applies to the storage type only."""
    if dst.category == "quant":
        dst = dst.storage
    src = dtype_info(x.dtype)
    if src.dtype == dst.dtype:
        return x
    if src.category == "complex" and dst.category != "complex":
        # the spec ignores the imaginary part, also for i1 (as upstream; XLA counts it)
        x = np.real(x)
        src = dtype_info(x.dtype)
    if dst.category == "bool":
        return x != 0
    if src.category == "bool" or src.is_subbyte:
        wide = np.dtype(np.int8 if src.category == "sint" else np.uint8)
        x, src = x.astype(wide), dtype_info(wide)
    if dst.is_int:
        if src.category == "float":
            return _float_to_int(x, dst)
        return from_wide_int(x, dst)
    if dst.name == "f8E8M0FNU":  # integers through f32 too, as below
        return _to_e8m0(x if src.dtype == np.float64 else x.astype(np.float32))
    if dst.category == "float" and src.category != "complex" and src.dtype != np.float64 and dst.bits < 32:
        # ml_dtypes lacks some direct casts; f32 holds every narrower value (and integer
        # values are rounded once to f32 first, as XLA does)
        x = x.astype(np.float32)
    elif dst.name == "bf16" and src.dtype == np.float64:
        x = x.astype(np.float32)  # XLA narrows f64 to bf16 through f32
    elif dst.category == "float" and src.dtype == np.float64 and dst.bits < 16:
        # ml_dtypes casts f64 through f32, rounding twice; XLA rounds once
        x = _f64_to_f32_round_to_odd(x)
    if dst.name in _NO_NAN and src.category == "float":
        # formats without NaN: XLA turns NaN into -0.0
        return np.where(np.isnan(x), _NO_NAN[dst.name], x.astype(dst.dtype))
    return x.astype(dst.dtype)
