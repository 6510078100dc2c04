"""f32 log_plus_one and exponential_minus_one, defined by this project (docs/decisions.md).

numpy's f32 log1p and expm1 are the host's (glibc's scalar functions here, SVML on AVX-512
hosts): different bits by host, and slow. Ours compute in f64 with IEEE basic operations only
(+ - * /, exact bit manipulation; no FMA, no libm), to a relative error of about 2^-52, and round
once to f32: nearly always the correctly rounded result, the same bits on every host. The
compiled backend emits the same operation sequence as MLIR arith ops (lib/Conversion/
ScalarOps.cpp, log1pF32 and expm1F32), so both engines agree bit for bit by construction; keep
the two in step.

log1p(x): u = 1 + x (exact for f32 x with |x| >= 2^-29; rounding for huge x costs nothing
relative to log u), u = m 2^k with m in [sqrt(1/2), sqrt(2)) by the bits, f = m - 1 (exact),
s = f / (2 + f); log(1 + f) = 2 atanh(s) = f - h + s (h + R) with h = f^2/2 and R the odd series
sum 2 s^2j / (2j + 1), j = 1..10 (|s| <= 0.172: truncated below 2^-60 relative); plus k ln 2 in
two parts (k ln2_hi exact). |x| < 2^-29: x - x^2/2.
expm1(x): x clamped to [-40, 89] (beyond, the f32 results are -1 and +inf), k = round(x / ln 2)
by adding 1.5 2^52 (its bits give k, and 2^k by a shift), r = (x - k ln2_hi) - k ln2_lo (the
first difference exact), e^r - 1 = r + r^2 Q(r) with Q Taylor's series to r^14 (|r| <= 0.347:
truncated below 2^-61), then 2^k (e^r - 1) + (2^k - 1). +-0 is kept.
A NaN input comes back with its quiet bit set (numpy's widening to f64 sets it; the f32 bits
are set explicitly, as LLVM drops an fpext/fptrunc pair).
Arrays compute in chunks of numpy operations; a scalar (the scalar forms of loops) runs the same
code on a Python float, whose operations are the same IEEE double ones (4-5 us a call, where
numpy's per-call costs would make it 140).
"""

from __future__ import annotations

import math
import struct

import numpy as np

from .chunked import map_in_chunks

LN2_HI = float.fromhex("0x1.62e42fefa3800p-1")  # ln 2 to 42 bits: k * LN2_HI is exact for |k| < 2^11
LN2_LO = float.fromhex("0x1.ef35793c76730p-45")  # ln 2 - LN2_HI, rounded
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
SQRT_HALF_BITS = 0x3FE6A09E667F3BCD
ROUNDER = float.fromhex("0x1.8p52")  # adding it rounds |v| < 2^51 to an integer, in its low bits
ROUNDER_BITS = 0x4338000000000000
LOG1P_TINY = 2.0 ** -29
EXPM1_LOW, EXPM1_HIGH = -40.0, 89.0
# 2 / (2j + 1), j = 1..10 (log1p's R); 1 / n!, n = 2..14 (expm1's Q); each rounded once
LOG1P_COEFFICIENTS = tuple(2.0 / (2 * j + 1) for j in range(1, 11))
EXPM1_COEFFICIENTS = tuple(1.0 / math.factorial(n) for n in range(2, 15))

_MANTISSA = (1 << 52) - 1
_F32_OVERFLOW = float.fromhex("0x1.ffffffp127")  # f32 max + half an ULP: rounds to inf from here on
_QUIET = np.uint32(0x00400000)


class _Arrays:
    """The cores' primitives on f64 arrays: bit views, and choice in place (`y` is always the
    core's own temporary)."""

    u = np.uint64
    copy = staticmethod(np.copy)

    @staticmethod
    def bits(v):
        return v.view(np.uint64)

    @staticmethod
    def real(b):
        return b.view(np.float64)

    @staticmethod
    def select(condition, value, y):
        np.copyto(y, value, where=condition)
        return y


class _Floats:
    """The same on one Python float (an IEEE double: the same operations, the same bits), for 0-d
    values (the scalar forms of loops), where numpy's per-call cost would dominate."""

    u = int
    copy = float
    _pack = struct.Struct("<d")
    _unpack = struct.Struct("<Q")

    @staticmethod
    def bits(v):
        return _Floats._unpack.unpack(_Floats._pack.pack(v))[0]

    @staticmethod
    def real(b):  # Python ints do not wrap: keep the low 64 bits, as uint64 arithmetic does
        return _Floats._pack.unpack(_Floats._unpack.pack(b & 0xFFFFFFFFFFFFFFFF))[0]

    @staticmethod
    def select(condition, value, y):
        return value if condition else y


def _horner(coefficients, z):
    """c0 + z (c1 + z (c2 + ...)), innermost first."""
    acc = z * coefficients[-1]
    acc += coefficients[-2]
    for c in reversed(coefficients[:-2]):
        acc *= z
        acc += c
    return acc


# The cores run on arrays and on Python floats alike (`ops`: _Arrays or _Floats). On arrays they
# work in place where a value is dead (IEEE + and * commute exactly, so `a += b` is b + a);
# ScalarOps.cpp emits the same operations in this order.


def _log1p_f64(x, ops):
    u = x + 1.0
    # d = bits(u) - bits(sqrt(1/2)) + 2^62 (no sign); k + 1024 = d >> 52, m = u / 2^k
    d = ops.bits(u)
    d += ops.u((1 << 62) - SQRT_HALF_BITS)
    k = ops.real((d >> ops.u(52)) | ops.u(0x4330000000000000))
    k -= 2.0 ** 52 + 1024.0
    d &= ops.u(_MANTISSA)
    d += ops.u(SQRT_HALF_BITS)
    f = ops.real(d)  # m
    f -= 1.0
    s = f + 2.0
    s = f / s
    z = s * s
    r = _horner(LOG1P_COEFFICIENTS, z)
    r *= z
    h = f * f
    h *= 0.5
    y = r
    y += h  # h + r
    y *= s
    y += k * LN2_LO  # s (h + r) + k ln2_lo
    y = h - y
    y = f - y
    k *= LN2_HI
    y += k
    y = ops.select((x < LOG1P_TINY) & (x > -LOG1P_TINY), x - x * x * 0.5, y)
    y = ops.select(x == -1.0, -math.inf, y)
    y = ops.select(x < -1.0, math.nan, y)
    return ops.select(x == math.inf, math.inf, y)


def _expm1_f64(x, ops):
    t = ops.select(x > EXPM1_HIGH, EXPM1_HIGH, ops.copy(x))
    t = ops.select(t < EXPM1_LOW, EXPM1_LOW, t)
    a = t * INV_LN2
    a += ROUNDER
    k = a - ROUNDER
    scale = ops.bits(a)  # 2^k, from the bits of a
    scale -= ops.u(ROUNDER_BITS - 1023)
    scale <<= ops.u(52)
    scale = ops.real(scale)
    r = k * LN2_HI
    r = t - r
    k *= LN2_LO
    r -= k
    p = _horner(EXPM1_COEFFICIENTS, r)
    p *= r * r
    p += r  # r + r^2 Q
    p *= scale
    scale -= 1.0
    p += scale
    return ops.select(x == 0.0, x, p)


def _on_f32(core):
    """`core` on the f64 values of f32 `x` (an array or a scalar), rounded once to f32; a NaN
    comes back with its quiet bit set."""

    def fn(x):
        if not isinstance(x, np.ndarray) or x.ndim == 0:
            value = np.float32(x)
            if value != value:
                return (np.asarray(value).view(np.uint32) | _QUIET).view(np.float32)[()]
            y = core(float(value), _Floats)
            if abs(y) >= _F32_OVERFLOW:  # inf, as the rounding gives it (without numpy's warning)
                y = math.copysign(math.inf, y)
            result = np.float32(y)
            return result if not isinstance(x, np.ndarray) else np.asarray(result)
        x = np.asarray(x, dtype=np.float32)
        with np.errstate(all="ignore"):  # overflow to inf in the final rounding; garbage lanes replaced
            out = map_in_chunks(x, lambda part: core(part.astype(np.float64), _Arrays))
            nan = x != x
            if nan.any():
                out[nan] = (x[nan].view(np.uint32) | _QUIET).view(np.float32)
        return out

    return fn


log_plus_one_f32 = _on_f32(_log1p_f64)
exponential_minus_one_f32 = _on_f32(_expm1_f64)


def log_plus_one(x):
    """The interpreter's log1p of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return log_plus_one_f32(x) if np.asarray(x).dtype == np.float32 else np.log1p(x)


def exponential_minus_one(x):
    """The interpreter's expm1 of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return exponential_minus_one_f32(x) if np.asarray(x).dtype == np.float32 else np.expm1(x)
