"""The exact oracles of conftest, and which fast casts may stand in for them.

`round_exact` (fractions) is the spec's conversion computed exactly: round once to
nearest, ties to even. numpy's float64/float32 -> float16 casts and ml_dtypes'
float32 -> narrow casts agree with it bit for bit on every probe of
testing/rounding_probes.py (all values of the target type, the midpoints between
them and their f64 neighbours, double rounding traps, overflow thresholds), so
tests may use them as fast oracles (f8E8M0FNU from f32 subnormals only from ml_dtypes 0.7).
ml_dtypes' casts from float64 narrow through float32 first (two roundings) before 0.7 and
round once from 0.7: tests do not use them as oracles, and the interpreter does not depend
on them (numerics/conversion.py).
"""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import mpmath
import numpy as np
import pytest
from conftest import assert_ulp, mp_exact, round_exact, ulp_distance
from testing.rounding_probes import probes

# ml_dtypes 0.7 rounds f64 casts once and f32 subnormals to f8E8M0FNU by value
ROUNDS_ONCE = tuple(int(p) for p in ml_dtypes.__version__.split(".")[:2]) >= (0, 7)

NARROW = [np.float16, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2,
          ml_dtypes.float8_e4m3fnuz, ml_dtypes.float8_e5m2fnuz, ml_dtypes.float8_e4m3b11fnuz,
          ml_dtypes.float8_e4m3, ml_dtypes.float8_e3m4, ml_dtypes.float8_e8m0fnu, ml_dtypes.float4_e2m1fn,
          ml_dtypes.float6_e2m3fn, ml_dtypes.float6_e3m2fn]


def _name(dtype) -> str:
    return np.dtype(dtype).name


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.dtype.itemsize}")


def assert_same_bits(got: np.ndarray, want: np.ndarray):
    """Equal bit patterns, except that any NaN matches any NaN (NaN signs are not specified)."""
    with np.errstate(invalid="ignore"):
        nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    np.testing.assert_array_equal(np.where(nan, 0, _bits(got)), np.where(nan, 0, _bits(want)))


def test_round_exact_by_hand():
    f16 = round_exact(np.array([1 + 2**-11 + 2**-40, 1 + 2**-11, 1 + 3 * 2**-11, 65519.99, 65520.0, 2.0**-25,
                                2.0**-25 * 1.01, -(2.0**-26), np.nan, -np.inf]), np.float16)
    np.testing.assert_array_equal(_bits(f16), [0x3C01, 0x3C00, 0x3C02, 0x7BFF, 0x7C00, 0x0000, 0x0001, 0x8000,
                                               0x7E00, 0xFC00])
    # Python integers and fractions beyond f64; overflow per format
    assert round_exact([2**64 + 1], np.float32)[0] == np.float32(2.0**64)
    assert round_exact([Fraction(1, 3)], np.float64)[0] == 1 / 3
    assert round_exact([2**31 + 2**23 + 1], ml_dtypes.bfloat16)[0] == 2**31 + 2**24  # once, not via f32
    assert np.isnan(round_exact([500.0], ml_dtypes.float8_e4m3fn)[0])  # no inf: NaN
    assert round_exact([7.0, -100.0], ml_dtypes.float4_e2m1fn).tolist() == [6.0, -6.0]  # saturates
    assert _bits(round_exact([np.nan], ml_dtypes.float4_e2m1fn))[0] == 0x8  # -0.0
    assert _bits(round_exact([-1e-30], ml_dtypes.float8_e4m3fnuz))[0] == 0  # no -0.0
    e8m0 = round_exact([3.0, 2.9, 0.0, -1.0, 1e-40], ml_dtypes.float8_e8m0fnu).astype(np.float64)
    np.testing.assert_array_equal(e8m0[[0, 1, 4]], [4.0, 2.0, 2.0**-127])
    assert np.isnan(e8m0[2]) and np.isnan(e8m0[3])


@pytest.mark.parametrize("src", [np.float64, np.float32], ids=_name)
def test_numpy_float16_cast_rounds_once(src):
    with np.errstate(all="ignore"):
        x = probes(np.float16).astype(src)
        got = x.astype(np.float16)
    assert_same_bits(got, round_exact(x, np.float16))


@pytest.mark.parametrize("dst", NARROW[1:], ids=_name)
def test_ml_dtypes_casts_from_float32_round_once(dst):
    with np.errstate(all="ignore"):
        x = probes(dst).astype(np.float32)
        got = x.astype(dst)
    if dst is ml_dtypes.float8_e8m0fnu and not ROUNDS_ONCE:
        # ml_dtypes 0.6 (and XLA) round f32 subnormals to e8m0 on their bits: 1.4 * 2**-127
        # gives 2**-126, not the nearer 2**-127; not an oracle there
        keep = ~(np.abs(x) < np.finfo(np.float32).tiny)
        x, got = x[keep], got[keep]
    want = round_exact(x, dst)
    if np.dtype(dst).name in ("float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn"):
        # formats without NaN: ml_dtypes keeps the NaN's sign on the zero it gives; XLA gives -0.0
        keep = ~np.isnan(x)
        got, want = got[keep], want[keep]
    assert_same_bits(got, want)


@pytest.mark.parametrize("dst", [ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float4_e2m1fn], ids=_name)
def test_ml_dtypes_casts_from_float64_by_version(dst):
    """Why tests never use ml_dtypes' f64 casts as an oracle: before 0.7 they go through f32
    (two roundings), from 0.7 they round once; which one depends on the installed version."""
    x = probes(dst)
    x = x[np.isfinite(x) & (np.abs(x) < 1e30)]
    once, twice = _bits(round_exact(x, dst)), _bits(round_exact(round_exact(x, np.float32), dst))
    assert np.any(once != twice)
    np.testing.assert_array_equal(_bits(x.astype(dst)), once if ROUNDS_ONCE else twice)


def test_ulp_distance_and_mp_exact():
    a = np.array([1.0, np.inf, np.nan, -0.0, 0.0, -1e-45], np.float32)
    b = np.array([np.nextafter(np.float32(1), np.float32(2)), np.finfo(np.float32).max, np.nan, 0.0, 1e-45, 1e-45],
                 np.float32)
    np.testing.assert_array_equal(ulp_distance(a, b), [1, 1, 0, 0, 1, 2])
    assert ulp_distance(np.array([1 + 1e-6j], np.complex64), np.array([1 + 0j], np.complex64))[0] > 1
    # exp(1) in f32: numpy's SIMD exp is 1 ULP off; the correctly rounded value is 0x402DF854
    e = mp_exact(mpmath.exp, np.array([1.0], np.float32))
    assert _bits(e)[0] == 0x402DF854
    assert_ulp([np.exp(np.array([1.0], np.float32))], [e], 1)
    assert np.isnan(mp_exact(mpmath.log, np.array([-1.0]))[0])
    assert mp_exact(mpmath.log, np.array([1e-6]))[0] == np.log(1e-6)  # negative results keep their sign
