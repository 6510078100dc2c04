"""f32 tanh is the project's own (numerics/tanh.py: f32 operations only, the compiled backend's
bits): against an independent oracle, numpy's f64 tanh of the (exact) f64 input, within 2^-52 of
the exact value. Ours is faithful: within 0.8 ULP of it on every f32 input (measured over all
2^32: docs/decisions.md; here every input of the binade [1/2, 1), where both forms meet and the
largest errors are, and random ones); odd to the bit (tanh(-0) = -0); +-1 from |x| = 9.011 on,
x itself for tiny |x|. What every f32 function of ours shares (NaNs, scalars, narrow floats):
test_f32_functions."""

from __future__ import annotations

import numpy as np
from testing.ulps import f32_error_in_ulps

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.numerics.tanh import SPLIT, tanh_f32

_SIGN = np.uint32(0x80000000)
# the last x below 1 and the first at 1, the forms' meeting point and its neighbours
LAST_BELOW_ONE, FIRST_ONE = np.float32(9.010913), np.float32(9.010914)
EDGES = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-45, -1e-45, 2.0 ** -12, -(2.0 ** -12), 1.1754942e-38,
                  np.nextafter(SPLIT, np.float32(0)), SPLIT, np.nextafter(SPLIT, np.float32(1)), -SPLIT,
                  LAST_BELOW_ONE, FIRST_ONE, 9.25, 9.26, 18.5, 88.0, 3.4028235e38, -3.4028235e38,
                  np.inf, -np.inf, np.nan, 0.8674724, -0.8674724], np.float32)


def _program(element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.tanh %x : {t}\n  return %0 : {t}\n}}"


def _inputs(n: int = 1 << 20) -> np.ndarray:
    bits = np.random.default_rng(43).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    interesting = np.random.default_rng(44).uniform(-10.0, 10.0, n).astype(np.float32)  # results not +-1
    return np.concatenate([EDGES, bits.view(np.float32), interesting])


def test_faithful_on_random_inputs():
    x = _inputs()
    (got,) = interpret(_program("f32", len(x)), x)
    ordered = ~np.isnan(x)
    exact = np.tanh(x[ordered].astype(np.float64))
    errors = f32_error_in_ulps(got[ordered], exact)
    assert errors.max() < 0.8, x[ordered][np.argmax(errors)]
    wrong = np.count_nonzero(got[ordered] != exact.astype(np.float32))
    assert wrong < 0.02 * ordered.sum(), wrong  # measured: 0.65% of these


def test_every_input_from_one_half_to_one():
    """[1/2, 1) holds SPLIT, where a + a^3 P(a^2) gives way to 1 - 1/D: the polynomial's largest
    error (0.79 ULP just below SPLIT, results just below 1/2) and the division's (0.795 at 0.867)."""
    x = np.arange(0x3F000000, 0x3F800000, dtype=np.uint32).view(np.float32)
    got = tanh_f32(x)
    errors = f32_error_in_ulps(got, np.tanh(x.astype(np.float64)))
    assert errors.max() < 0.8, x[np.argmax(errors)]
    assert (np.diff(got) >= 0).all()  # monotonic across the meeting point too
    assert tanh_f32(SPLIT) == np.float32(0.5) and tanh_f32(np.nextafter(SPLIT, np.float32(0))) < np.float32(0.5)


def test_odd_to_the_bit():
    x = _inputs(1 << 16)
    x = x[~np.isnan(x)]
    assert (tanh_f32(-x).view(np.uint32) == (tanh_f32(x).view(np.uint32) ^ _SIGN)).all()


def test_special_values_saturation_and_tiny_inputs():
    x = np.array([0.0, -0.0, np.inf, -np.inf, LAST_BELOW_ONE, FIRST_ONE, -FIRST_ONE, 1e30, -3.4028235e38],
                 np.float32)
    assert tanh_f32(x).view(np.uint32).tolist() == [0, 0x80000000, 0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x3F800000,
                                                    0xBF800000, 0x3F800000, 0xBF800000]
    # |x| < 2^-12: x^3 / 3 is below half an ULP of x, the result is x (subnormals included)
    bits = np.random.default_rng(3).integers(0, 0x39800000, 1 << 16, dtype=np.uint64).astype(np.uint32)
    tiny = np.concatenate([bits, bits | _SIGN, np.arange(0, 1 << 12, dtype=np.uint32)]).view(np.float32)
    assert (tanh_f32(tiny).view(np.uint32) == tiny.view(np.uint32)).all()
