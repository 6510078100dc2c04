"""f32 exponential is the project's own (numerics/exponential.py: f32 operations only, the
compiled backend's bits): against an independent oracle, numpy's f64 exp of the (exact) f64
input, which is within 2^-52 of the exact value. Ours is within 0.69 ULP of it on every f32 input
with a normal result and within 1 ULP where the result is subnormal (the sum rounds to 24 bits,
then the scaling again; measured over all 2^32: docs/decisions.md), and rounds correctly on all
but a small share; special values, the overflow and underflow thresholds and subnormal results
as the exact function gives them. What every f32 function of ours shares (NaNs, scalars, narrow
floats): test_f32_functions."""

from __future__ import annotations

import numpy as np
from testing.ulps import f32_error_in_ulps

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.numerics.exponential import exponential_f32

_MAX = float(np.finfo(np.float32).max)
# the largest x with a finite result and the smallest with a nonzero one, and their neighbours
LAST_FINITE, FIRST_ZERO = np.float32(88.72283), np.float32(-103.972084)
EDGES = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-45, -1e-45, 2.0 ** -24, -(2.0 ** -25), 0.34657359, -0.34657359,
                  0.3465736, -0.3465736, 88.0, 88.72283, 88.72284, 89.0, 1e3, 3.4028235e38, -87.33654, -87.33655,
                  -100.0, -103.27893, -103.97207, -103.972084, -104.0, -1e3, -3.4028235e38, np.inf, -np.inf, np.nan,
                  1.1754942e-38, 10.0, -10.0, 20.5, 44.3614], np.float32)


def _program(element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.exponential %x : {t}\n  return %0 : {t}\n}}"


def _inputs(n: int = 1 << 20) -> np.ndarray:
    bits = np.random.default_rng(39).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    interesting = np.random.default_rng(40).uniform(-104.5, 89.5, n).astype(np.float32)  # finite nonzero results
    return np.concatenate([EDGES, bits.view(np.float32), interesting])


def test_within_an_ulp_of_f64_exp_and_nearly_always_correctly_rounded():
    x = _inputs()
    (got,) = interpret(_program("f32", len(x)), x)
    with np.errstate(all="ignore"):
        exact = np.exp(x.astype(np.float64))
    finite = ~np.isnan(x) & (exact <= _MAX)
    assert np.isfinite(got[finite]).all()
    errors = f32_error_in_ulps(got[finite], exact[finite])
    normal = exact[finite] >= 2.0 ** -126
    assert errors[normal].max() < 0.7, x[finite][normal][np.argmax(errors[normal])]
    assert errors.max() < 1.0, x[finite][np.argmax(errors)]  # a subnormal result rounds twice
    rounded = exact[finite].astype(np.float32)
    wrong = np.count_nonzero(got[finite] != rounded)
    assert wrong < 0.01 * finite.sum(), wrong  # measured: 0.3% of these, 0.2% of all inputs


def test_special_values_and_thresholds():
    x = np.array([0.0, -0.0, np.inf, -np.inf, LAST_FINITE, np.nextafter(LAST_FINITE, np.float32(np.inf)), 89.0, 1e30,
                  np.nextafter(FIRST_ZERO, np.float32(0)), FIRST_ZERO, -104.0, -1e30], np.float32)
    got = exponential_f32(x)
    assert got.view(np.uint32).tolist()[:2] == [0x3F800000, 0x3F800000]  # exactly 1
    assert got[2] == np.inf and got.view(np.uint32)[3] == 0
    assert got[4] == np.float32(3.4027985e38) and np.isposinf(got[5:8]).all()
    assert got.view(np.uint32).tolist()[8:] == [1, 0, 0, 0]  # the smallest subnormal, then +0


def test_subnormal_results_within_an_ulp():
    x = np.linspace(-104.0, -87.0, 1 << 16, dtype=np.float32)
    got = exponential_f32(x)
    exact = np.exp(x.astype(np.float64))
    assert f32_error_in_ulps(got, exact).max() <= 1.0
    assert (got[exact < 2.0 ** -126] < np.float32(2.0 ** -126)).all()
