"""f32 log_plus_one and exponential_minus_one, defined by this project (docs/decisions.md).

numpy's f32 log1p and expm1 are the host's (glibc's scalar functions here, SVML on AVX-512
hosts): different bits by host, and slow. Ours use IEEE basic operations only (no FMA, no libm),
so numpy's ufuncs and the compiled backend's arith code (lib/Conversion/ScalarMath.cpp,
log1pF32 and expm1F32: the same operations in the same order; keep the two in step) give the
same bits on every input and every host.

log1p is computed in f32 operations (+ - * and one division, exact bit manipulation), so the
compiled loop runs 8 lanes wide; within 0.72 ULP of the exact value (measured on all 2^32
inputs: docs/decisions.md, "f32 log_plus_one in f32 operations"). u = 1 + x rounded gives k
with u = m 2^k, m in [sqrt(1/2), sqrt(2)), from its bits, and 2^(2-k) (bits again: normal for
every k, -24 <= k <= 128); 4 (m - 1) = x 2^(2-k) - (4 - 2^(2-k)) is then exact but where
1 <= k and x < 1/2, whose last bit Fast2Sum keeps (err, applied as err / (4m) ~ err 11/32), so
u's rounding costs nothing (for k = 0, f = x exactly); f = m - 1. s = f / (2 + f) (|s| <=
0.1716), log(1 + f) = f - h + s (h + R) with h = f^2/2 and R = z (c1 + z (c2 + z c3)), z = s^2,
a minimax fit of 2 atanh(s)/s - 2 (error 2^-29.2); plus k ln 2 with ln2_hi to 16 bits (k ln2_hi
exact). The large terms sum exactly (Fast2Sum: k ln2_hi + f = hi + e, hi - h = B - eB) and
everything else adds to B last. -1 -> -inf, x < -1 -> NaN, +inf -> +inf, +-0 kept (every zero
term is added as -0 or subtracted as +0).
expm1 is computed in f64 (+ - * and exact bit manipulation, 4 f64 lanes compiled), to a relative
error of about 2^-52, and rounded once to f32: nearly always the correctly rounded result.
x clamped to [-40, 89] (beyond, the f32 results are -1 and +inf), k = round(x / ln 2) by adding
1.5 2^52 (its bits give k, and 2^k by a shift), r = (x - k ln2_hi) - k ln2_lo (the first
difference exact), e^r - 1 = r + r^2 Q(r) with Q Taylor's series to r^14 (|r| <= 0.347:
truncated below 2^-61), then 2^k (e^r - 1) + (2^k - 1). +-0 is kept.
A NaN input comes back with its quiet bit set (set on the f32 bits, by a select: LLVM drops an
fpext/fptrunc pair, and the NaNs of the operations are not relied on).
Arrays compute in chunks of numpy operations; a scalar (the scalar forms of loops) runs the same
code on numpy f32 scalars (log1p) or a Python float (expm1), whose operations are the same IEEE
ones (a few us a call, where numpy's per-call costs on 0-d arrays would make it 140).
"""

from __future__ import annotations

import math
import struct

import numpy as np

from .chunked import f32_function, quiet_nans
from .exponential import LN2_HI as LN2_HI_F32
from .exponential import LN2_LO as LN2_LO_F32

LN2_HI = float.fromhex("0x1.62e42fefa3800p-1")  # ln 2 to 42 bits: k * LN2_HI is exact for |k| < 2^11
LN2_LO = float.fromhex("0x1.ef35793c76730p-45")  # ln 2 - LN2_HI, rounded
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
ROUNDER = float.fromhex("0x1.8p52")  # adding it rounds |v| < 2^51 to an integer, in its low bits
ROUNDER_BITS = 0x4338000000000000
EXPM1_LOW, EXPM1_HIGH = -40.0, 89.0
# 1 / n!, n = 2..14 (expm1's Q), each rounded once
EXPM1_COEFFICIENTS = tuple(1.0 / math.factorial(n) for n in range(2, 15))

# log1p (f32); ln 2 in two parts as exp's: k LN2_HI_F32 is exact for |k| < 2^8
_F32 = np.float32
# (this - bits(u)) >> 23 = -k for u = m 2^k, m in [sqrt(1/2), sqrt(2)): bits(sqrt(1/2)) + 2^23 - 1
NEG_K_BITS = 0x3F3504F3 + 0x7FFFFF
# R(z) ~ 2 atanh(s)/s - 2 = 2z/3 + 2z^2/5 + ...: minimax on z <= 0.02944, coefficients rounded to f32
# one at a time and the rest refitted (docs/decisions.md)
LOG1P_COEFFICIENTS = tuple(_F32(float.fromhex(h)) for h in ("0x1.55557ap-1", "0x1.995ed4p-2", "0x1.31e0d2p-2"))
ERR_SCALE = _F32(11 / 32)  # ~ 1/(4m) where err is not 0: m in [sqrt(1/2), 3/4)
_HALF, _ONE, _TWO, _FOUR = _F32(0.5), _F32(1.0), _F32(2.0), _F32(4.0)
_QUARTER = _F32(0.25)

_F32_OVERFLOW = float.fromhex("0x1.ffffffp127")  # f32 max + half an ULP: rounds to inf from here on


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


# expm1's core runs on arrays and on Python floats alike (`ops`: _Arrays or _Floats), log1p's on
# f32 arrays and numpy f32 scalars (_F32Arrays or _F32Scalars). On arrays they work in place where
# a value is dead (IEEE + and * commute exactly, so `a += b` is b + a); ScalarMath.cpp emits the
# same operations in this order.


def _horner(coefficients, z):
    """c0 + z (c1 + z (c2 + ...)), innermost first."""
    acc = z * coefficients[-1]
    acc += coefficients[-2]
    for c in reversed(coefficients[:-2]):
        acc *= z
        acc += c
    return acc


class _F32Arrays:
    """log1p's integer view of f32 arrays."""

    bits = staticmethod(lambda v: v.view(np.int32))
    real = staticmethod(lambda b: b.view(np.float32))
    to_float = staticmethod(lambda b: b.astype(np.float32))


class _F32Scalars:
    """The same for one numpy f32 scalar, by Python ints (numpy's scalar views cost ~3 us each)."""

    _f, _i = struct.Struct("<f"), struct.Struct("<i")
    bits = staticmethod(lambda v: _F32Scalars._i.unpack(_F32Scalars._f.pack(v))[0])
    real = staticmethod(lambda b: _F32(_F32Scalars._f.unpack(_F32Scalars._i.pack(b))[0]))
    to_float = staticmethod(_F32)  # exact: |k| <= 128


def _log1p_core(x, ops):
    """log1p of f32 `x` (an f32 array or numpy f32 scalar, `ops` its _F32Arrays or _F32Scalars)
    for -1 < x < inf, other lanes garbage. ScalarMath.cpp's log1pF32 emits these operations in
    this order."""
    u = x + _ONE
    nk = NEG_K_BITS - ops.bits(u)
    nk >>= 23  # -k
    scale = nk + 129
    scale <<= 23
    scale = ops.real(scale)  # 2^(2-k)
    t = x * scale
    b = _FOUR - scale
    big = t - b  # 4 (m - 1), but where 1 <= k and x < 1/2: its last bit in err
    err = big + b
    err = t - err
    f = big * _QUARTER
    s = f + _TWO
    s = f / s
    z = s * s
    r = z * LOG1P_COEFFICIENTS[-1]
    for c in reversed(LOG1P_COEFFICIENTS[:-1]):
        r += c
        r *= z
    nk = ops.to_float(nk)
    nk_hi = nk * LN2_HI_F32
    hi = f - nk_hi
    e = hi + nk_hi
    e = f - e  # hi + e = k ln2_hi + f exactly
    h = f * _HALF
    h *= f
    y = hi - h
    n_eb = hi - y
    n_eb = h - n_eb  # y - n_eb = hi - h exactly
    lo = err * ERR_SCALE
    lo += e
    nk *= LN2_LO_F32
    lo -= nk
    lo -= n_eb
    r += h
    r *= s
    r += lo
    y += r
    return y


def _log1p_special(x):
    """log1p of the f32 array `x` whose every element is <= -1, +inf or NaN: -inf at -1, NaN below,
    +inf; a NaN quiet, with its payload."""
    out = np.full(x.shape, np.nan, np.float32)
    out[x == -_ONE] = -np.inf
    out[x == np.inf] = np.inf
    nan = x != x
    out[nan] = quiet_nans(x[nan])
    return out


def _outside_log1p_core(x):
    """Where _log1p_core does not apply: x <= -1, +inf, NaN (an array or a scalar)."""
    return ~(x > -_ONE) | (x == np.inf)


# Our log1p of f32 `x` (an array or a scalar): the same bits as the compiled backend's.
log_plus_one_f32 = f32_function(lambda part: _log1p_core(part, _F32Arrays),
                                lambda value: _log1p_core(value, _F32Scalars),
                                _outside_log1p_core, _log1p_special)


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
    """`core` on the f64 values of f32 `x` (an array or a scalar), rounded once to f32."""

    def on_float(value):
        y = core(float(value), _Floats)
        if abs(y) >= _F32_OVERFLOW:  # inf, as the rounding gives it (without numpy's warning)
            y = math.copysign(math.inf, y)
        return np.float32(y)

    return f32_function(lambda part: core(part.astype(np.float64), _Arrays), on_float)


exponential_minus_one_f32 = _on_f32(_expm1_f64)


def log_plus_one(x):
    """The interpreter's log1p of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return log_plus_one_f32(x) if np.asarray(x).dtype == np.float32 else np.log1p(x)


def exponential_minus_one(x):
    """The interpreter's expm1 of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return exponential_minus_one_f32(x) if np.asarray(x).dtype == np.float32 else np.expm1(x)
