"""f32 log_plus_one, exponential_minus_one, exponential, tanh and logistic, defined by this
project (docs/decisions.md).

numpy's f32 functions depend on the host (here glibc's scalar log1pf and expm1f and numpy's own
AVX2 exp and tanh, up to 2 ULP off; SVML on AVX-512 hosts): different bits by host. Ours compute
in f64 with IEEE basic operations only (+ - * /, exact bit manipulation; no FMA, no libm), to a
relative error of about 2^-52, and round once to f32: nearly always the correctly rounded
result, the same bits on every host. The compiled backend emits the same operation sequence as
MLIR arith ops (lib/Conversion/ScalarOps.cpp: log1pF32, expm1F32, expF32, tanhF32, logisticF32),
so both engines agree bit for bit by construction; keep the two in step.

log1p(x): u = 1 + x (exact for f32 x with |x| >= 2^-29; rounding for huge x costs nothing
relative to log u), u = m 2^k with m in [sqrt(1/2), sqrt(2)) by the bits, f = m - 1 (exact),
s = f / (2 + f); log(1 + f) = 2 atanh(s) = f - h + s (h + R) with h = f^2/2 and R the odd series
sum 2 s^2j / (2j + 1), j = 1..10 (|s| <= 0.172: truncated below 2^-60 relative); plus k ln 2 in
two parts (k ln2_hi exact). |x| < 2^-29: x - x^2/2.
expm1(x): x clamped to [-110, 110] (beyond, the f32 results of expm1, exp, tanh and logistic
are those at the bounds), k = round(x / ln 2) by adding 1.5 2^52 (its bits give k, and 2^k by a
shift), r = (x - k ln2_hi) - k ln2_lo (the first difference exact), p = e^r - 1 = r + r^2 Q(r)
with Q Taylor's series to r^14 (|r| <= 0.347: truncated below 2^-61; summed by Estrin's scheme,
whose short dependency chain lets a vector loop overlap its lanes: exp 1.3x, tanh 1.5x faster
compiled than by Horner's), then 2^k p + (2^k - 1).
+-0 is kept.
exp(x): the same p and 2^k, then 2^k p + 2^k (2^k p exact: one rounding).
tanh(x): sign(x) E / (E + 2) with E = expm1(2|x|) (2|x| exact; the clamp leaves E finite, where
the quotient is 1 in f64), the sign by its bit (so tanh(-0) = -0); no small-|x| branch: E keeps
its relative accuracy there.
logistic(x): 1 / (1 + exp(-x)), exp in f64 as above (the clamp at 110 keeps e^x's subnormal f32
results for x down to -104).
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

LN2_HI = float.fromhex("0x1.62e42fefa3800p-1")  # ln 2 to 42 bits: k * LN2_HI is exact for |k| < 2^11
LN2_LO = float.fromhex("0x1.ef35793c76730p-45")  # ln 2 - LN2_HI, rounded
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
SQRT_HALF_BITS = 0x3FE6A09E667F3BCD
ROUNDER = float.fromhex("0x1.8p52")  # adding it rounds |v| < 2^51 to an integer, in its low bits
ROUNDER_BITS = 0x4338000000000000
LOG1P_TINY = 2.0 ** -29
EXP_LOW, EXP_HIGH = -110.0, 110.0
_SIGN = 1 << 63
# 2 / (2j + 1), j = 1..10 (log1p's R); 1 / n!, n = 2..14 (expm1's Q); each rounded once
LOG1P_COEFFICIENTS = tuple(2.0 / (2 * j + 1) for j in range(1, 11))
EXPM1_COEFFICIENTS = tuple(1.0 / math.factorial(n) for n in range(2, 15))

_MANTISSA = (1 << 52) - 1
_F32_OVERFLOW = float.fromhex("0x1.ffffffp127")  # f32 max + half an ULP: rounds to inf from here on
_QUIET = np.uint32(0x00400000)
_CHUNK = 1 << 14  # elements per pass of arrays: the temporaries stay in cache


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


def _estrin(coefficients, z):
    """c0 + c1 z + c2 z^2 + ..., by Estrin's scheme: pairs c_2i + c_2i+1 z, then pairs of those
    with z^2, z^4, ... (a short dependency chain: the lanes of a vector loop overlap). Returns
    the sum and z^2."""
    def pair(low, high, power):  # low + high power, in place on arrays (+ commutes exactly)
        acc = high * power
        acc += low
        return acc

    terms = [pair(coefficients[i], coefficients[i + 1], z) for i in range(0, len(coefficients) - 1, 2)]
    if len(coefficients) % 2:
        terms.append(coefficients[-1])
    z2 = power = z * z
    while len(terms) > 1:
        paired = [pair(terms[i], terms[i + 1], power) for i in range(0, len(terms) - 1, 2)]
        terms = paired + ([terms[-1]] if len(terms) % 2 else [])
        if len(terms) > 1:
            power = power * power
    return terms[0], z2


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


def _exp_parts(x, ops):
    """(p, 2^k) with e^x = 2^k (1 + p): expm1's and exp's common part."""
    t = ops.select(x > EXP_HIGH, EXP_HIGH, ops.copy(x))
    t = ops.select(t < EXP_LOW, EXP_LOW, t)
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
    p, rr = _estrin(EXPM1_COEFFICIENTS, r)
    p *= rr
    p += r  # r + r^2 Q
    return p, scale


def _expm1_f64(x, ops):
    p, scale = _exp_parts(x, ops)
    p *= scale
    scale -= 1.0
    p += scale
    return ops.select(x == 0.0, x, p)


def _exp_f64(x, ops):
    p, scale = _exp_parts(x, ops)
    p *= scale
    p += scale
    return p


def _tanh_f64(x, ops):
    bits = ops.bits(x)
    a = ops.real(bits & ops.u(_SIGN - 1))
    a += a
    e = _expm1_f64(a, ops)
    q = e + 2.0
    q = e / q
    q = ops.bits(q) | (bits & ops.u(_SIGN))
    return ops.real(q)


def _logistic_f64(x, ops):
    e = _exp_f64(-x, ops)
    e += 1.0
    return 1.0 / e


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
        out = np.empty(x.shape, np.float32)
        flat, result = x.reshape(-1), out.reshape(-1)
        with np.errstate(all="ignore"):  # overflow to inf in the final rounding; garbage lanes replaced
            for start in range(0, flat.size, _CHUNK):
                part = flat[start:start + _CHUNK]
                result[start:start + _CHUNK] = core(part.astype(np.float64), _Arrays)
            nan = x != x
            if nan.any():
                out[nan] = (x[nan].view(np.uint32) | _QUIET).view(np.float32)
        return out

    return fn


log_plus_one_f32 = _on_f32(_log1p_f64)
exponential_minus_one_f32 = _on_f32(_expm1_f64)
exponential_f32 = _on_f32(_exp_f64)
tanh_f32 = _on_f32(_tanh_f64)
logistic_f32 = _on_f32(_logistic_f64)


def _numpy_logistic(x):
    return 1 / (1 + np.exp(-x))


def _ours_in_f32(ours, numpy_function, name):
    def fn(x):
        return ours(x) if np.asarray(x).dtype == np.float32 else numpy_function(x)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"The interpreter's {name} of a real or complex array or scalar: ours for f32, numpy's else."
    return fn


log_plus_one = _ours_in_f32(log_plus_one_f32, np.log1p, "log_plus_one")
exponential_minus_one = _ours_in_f32(exponential_minus_one_f32, np.expm1, "exponential_minus_one")
exponential = _ours_in_f32(exponential_f32, np.exp, "exponential")
tanh = _ours_in_f32(tanh_f32, np.tanh, "tanh")
logistic = _ours_in_f32(logistic_f32, _numpy_logistic, "logistic")
