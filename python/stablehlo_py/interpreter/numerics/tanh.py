"""f32 tanh, defined by this project (docs/decisions.md, "f32 tanh of our own, in f32 operations").

numpy's f32 tanh is the host's loop (its bits vary with the host) and a call the compiled code
could only make as a whole-tensor library call. Ours is f32 IEEE operations only (+ - * and one
division, exact bit manipulation; no FMA, no libm), as numerics/exponential.py, so numpy's f32
ufuncs and the compiled backend's vectorized arith code (lib/Conversion/ScalarMath.cpp, tanhF32:
the same operations in the same order; keep the two in step) give the same bits on every input.
Measured on all 2^32 inputs: within 0.795 ULP of the exact value (faithful everywhere)
(test/conformance/f32_math_exhaustive.py).

tanh is odd: computed on a = |x|, x's sign put back on the bits (so tanh(-0) = -0).
- a < SPLIT (tanh(SPLIT) is 1/2): a + a^3 P(a^2), P a degree-4 minimax fit of
  (tanh a - a) / a^3 in a^2 weighted by a^3 / tanh a (the result's relative error: 2^-29.7 with
  the coefficients rounded to f32 one at a time, the rest refitted), so only the last addition
  rounds at the result's scale (a^3 P is at most a tenth of it). Subnormal and tiny a: a^3
  underflows or is below half an ULP, the result is a.
- a >= SPLIT: tanh a = 1 - 1/D with D = (e^2a + 1) / 2, a clamped to 9.25 (tanh rounds to 1
  from a = 9.011 on). e^2a's steps are exponential.py's (n = rint(2a log2 e) by the 1.5 2^23
  rounder, r_hi = 2a - n C1 exact, r = r_hi - n C2, e^r = 1 + r_hi + (r^2 Q(r) - n C2) with Q a
  degree-4 fit, error 2^-28), kept unrounded: D = A + B + C with A = 2^(n-1) + 1/2 (exact while
  n <= 24; beyond, the 1/2 is far below the result's ULP), B = 2^(n-1) r_hi (exact) and
  C = 2^(n-1) (r^2 Q(r) - n C2), summed by two Fast2Sums into D_hi + D_lo. Then q = 1 / D_hi
  (rounded; q <= 1/2, so at most 1/4 ULP of the result), 1 - q = s + e exactly (Fast2Sum) and
  tanh = s + (e + q^2 D_lo) (1 / (D_hi + D_lo) = q - q^2 D_lo to first order). Errors: the final
  rounding (1/2 ULP), q's (up to 1/4), the rest below 0.05.
tanh(+-inf) = +-1; a NaN comes back with its quiet bit set.
Arrays compute in chunks of numpy f32 operations; a scalar (the scalar forms of loops) runs the
same code on numpy f32 scalars.
"""

from __future__ import annotations

import numpy as np

from .chunked import f32_function
from .exponential import LN2_HI, LN2_LO, LOG2E, ONE, ROUNDER, ROUNDER_BITS
from .log1p_expm1 import _horner

_F32 = np.float32
SPLIT = _F32(float.fromhex("0x1.193ea8p-1"))  # 0.54930615, the f32 above atanh(1/2)
TOP_BITS = np.asarray(_F32(9.25)).view(np.int32)[()]  # a's clamp (on the bits: a >= 0): 2a <= 18.5
HALF = _F32(0.5)
# (tanh a - a) / a^3 ~ -1/3 + 2 a^2 / 15 - ... on a < SPLIT, in a^2
SMALL = tuple(_F32(float.fromhex(h)) for h in (
    "-0x1.55554ap-2", "0x1.110ceep-3", "-0x1.b91e7ep-5", "0x1.58e518p-6", "-0x1.9921a0p-8"))
# (e^r - 1 - r) / r^2 on |r| <= 0.351, as exponential.COEFFICIENTS but one degree lower
EXP = tuple(_F32(float.fromhex(h)) for h in (
    "0x1p-1", "0x1.55549ap-3", "0x1.555692p-5", "0x1.1236dcp-7", "0x1.6b6fb0p-10"))
_SCALE_BITS = ROUNDER_BITS - np.int32(126)  # bits(rounder + n) - this = n - 1 + 127
_SPLIT_BITS = np.asarray(SPLIT).view(np.int32)[()]
_MAGNITUDE = np.int32(0x7FFFFFFF)


def _fast_two_sum(a, b, sign=1):
    """(s, e) with s = fl(a + sign b) and s + e = a + sign b exactly, for |a| >= |b| (Fast2Sum)."""
    s = a + b if sign > 0 else a - b
    e = a - s
    if sign > 0:
        e += b
    else:
        e -= b
    return s, e


def _small(a):
    """a + a^3 P(a^2)."""
    z = a * a
    p = _horner(SMALL, z)
    z *= a
    p *= z
    p += a
    return p


def _large(a):
    """1 - 1 / D, D = (e^2a + 1) / 2 as D_hi + D_lo."""
    t = np.minimum(a.view(np.int32), TOP_BITS).view(np.float32)  # NaN lanes: 9.25 (replaced later)
    t += t
    s = t * LOG2E
    s += ROUNDER
    n = s - ROUNDER
    k = s.view(np.int32) - _SCALE_BITS  # n - 1 + 127
    r_hi = n * LN2_HI
    r_hi = t - r_hi
    n *= LN2_LO  # n C2
    r = r_hi - n
    q = _horner(EXP, r)
    r *= r
    q *= r
    q -= n  # e^r = 1 + r_hi + q
    k <<= 23
    scale = k.view(np.float32)  # 2^(n-1)
    r_hi *= scale  # B
    q *= scale  # C
    d, low = _fast_two_sum(scale + HALF, r_hi)  # A + B
    hi, e = _fast_two_sum(d, q)  # + C
    low += e  # D_lo
    inv = ONE / hi
    s, e = _fast_two_sum(ONE, inv, -1)
    inv *= inv
    inv *= low
    e += inv
    s += e
    return s


def _core_array(x):
    """Both forms on every element, selected on the bits (numpy's where is slower)."""
    bits = x.view(np.int32)
    magnitude = bits & _MAGNITUDE
    a = magnitude.view(np.float32)
    y = _large(a).view(np.int32)
    small = _small(a).view(np.int32)
    mask = magnitude - _SPLIT_BITS
    mask >>= 31  # all ones where a < SPLIT
    small ^= y
    small &= mask
    y ^= small
    magnitude ^= bits  # x's sign bit (a is done with)
    y |= magnitude
    return y.view(np.float32)


def _core_scalar(x):
    bits = x.view(np.int32)
    magnitude = bits & _MAGNITUDE
    a = magnitude.view(np.float32)
    y = (_small(a) if magnitude < _SPLIT_BITS else _large(a)).view(np.int32)
    return (y | (bits ^ magnitude)).view(np.float32)


# Our tanh of f32 `x` (an array or a scalar): the same bits as the compiled backend's.
tanh_f32 = f32_function(_core_array, _core_scalar)


def tanh(x):
    """The interpreter's tanh of a real f32 or f64 array or scalar: ours for f32, numpy's else."""
    return tanh_f32(x) if np.asarray(x).dtype == np.float32 else np.tanh(x)
