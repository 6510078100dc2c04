"""f32 exponential, defined by this project (docs/decisions.md, "f32 exponential of our own").

numpy's f32 exp is its own SIMD loop (up to 3 ULP here, other bits on AVX-512 hosts) and slow for
what softmax needs. Ours is a short sequence of f32 IEEE operations only (+ - *, exact bit
manipulation; no FMA, no division, no libm), so numpy's f32 ufuncs and the compiled backend's
vectorized arith code (lib/Conversion/ScalarOps.cpp, expF32: the same operations in the same
order; keep the two in step) give the same bits on every input and every host. Measured on all
2^32 inputs: within 0.69 ULP of the exact value on normal results, 0.77 on subnormal ones
(test/conformance/f32_math_exhaustive.py).

x is clamped to [-104, 89] (beyond, the results are 0 and +inf); n = rint(x log2 e) by adding
1.5 2^23 (whose bits then give n); r_hi = x - n C1 with C1 = ln 2 to 16 bits (n C1 and the
difference exact), r = r_hi - n C2 (C2 = ln 2 - C1 rounded); e^r = 1 + r_hi + (r^2 Q(r) - n C2)
with Q a degree-5 fit of (e^r - 1 - r) / r^2 on |r| <= 0.351 (f32 coefficients; error below
2^-33), summed with 1 + r_hi split exactly into hi + e1 (Fast2Sum), so only the last addition
rounds at the result's scale. 2^n multiplies in two halves (2^(n >> 1), then 2^(n - (n >> 1)),
both normal), so n = 128 overflows correctly and a subnormal result rounds once. exp(+-0) = 1,
exp(-inf) = 0, exp(+inf) = inf; a NaN comes back with its quiet bit set.
Arrays compute in chunks of numpy f32 operations; a scalar (the scalar forms of loops) runs the
same code on numpy f32 scalars (C float operations: the same IEEE ones).
"""

from __future__ import annotations

import numpy as np

from .chunked import f32_function

_F32 = np.float32
LOG2E = _F32(float.fromhex("0x1.715476p+0"))
LN2_HI = _F32(float.fromhex("0x1.62e4p-1"))  # ln 2 to 16 bits: n * LN2_HI is exact for |n| < 2^8
LN2_LO = _F32(float.fromhex("0x1.7f7d1cp-20"))  # ln 2 - LN2_HI, rounded
ROUNDER = _F32(1.5 * 2.0 ** 23)  # adding it rounds |v| < 2^22 to an integer, in its low bits
ROUNDER_BITS = np.int32(0x4B400000)
LOW, HIGH = _F32(-104.0), _F32(89.0)  # e^-104 < 2^-150 rounds to 0; e^89 > f32 max
ONE = _F32(1.0)
# Q(r) ~ (e^r - 1 - r) / r^2 = 1/2 + r/6 + ...: a weighted minimax fit on |r| <= 0.351, each
# coefficient rounded to f32 in turn and the rest refitted (docs/decisions.md)
COEFFICIENTS = tuple(_F32(float.fromhex(h)) for h in (
    "0x1p-1", "0x1.555556p-3", "0x1.5554e4p-5", "0x1.111006p-7", "0x1.6d52bcp-10", "0x1.a23ed6p-13"))


def _core(x, select):
    """exp of f32 `x` (an f32 array or numpy f32 scalar, not NaN where the result matters)."""
    t = select(x > HIGH, HIGH, x)
    t = select(t < LOW, LOW, t)
    a = t * LOG2E
    a += ROUNDER
    n = a - ROUNDER
    k = a.view(np.int32) - ROUNDER_BITS  # n as an integer
    r_hi = n * LN2_HI
    r_hi = t - r_hi
    n *= LN2_LO  # n C2
    r = r_hi - n
    q = r * COEFFICIENTS[-1]
    q += COEFFICIENTS[-2]
    for c in reversed(COEFFICIENTS[:-2]):
        q *= r
        q += c
    r *= r
    q *= r  # r^2 Q(r)
    q -= n
    hi = r_hi + ONE
    e1 = hi - ONE
    e1 = r_hi - e1  # 1 + r_hi = hi + e1 exactly
    e1 += q
    y = hi + e1
    half = k >> 1
    k -= half
    half += 127
    half <<= 23
    k += 127
    k <<= 23
    y *= half.view(np.float32)
    y *= k.view(np.float32)
    return y


def _select_array(condition, value, y):
    return np.where(condition, value, y)


def _select_scalar(condition, value, y):
    return value if condition else y


# Our exp of f32 `x` (an array or a scalar): the same bits as the compiled backend's.
exponential_f32 = f32_function(lambda part: _core(part, _select_array), lambda value: _core(value, _select_scalar))


def exponential(x):
    """The interpreter's exp of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return exponential_f32(x) if np.asarray(x).dtype == np.float32 else np.exp(x)
