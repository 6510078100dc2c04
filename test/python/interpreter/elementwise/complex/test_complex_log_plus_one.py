"""Complex log_plus_one where numpy's log(1 + z) cancels: z near 0, |1 + z| near 1, x near
-y^2/2, z near -1; each part against mpmath's log1p at 60 digits, in ULPs of the part.

Measured on this suite's points: complex128 within 2 ULP, complex64 within 0.5 ULP (computed in
complex128, rounded once); numpy's own complex log1p is off by up to 1e17 ULP there. The complex128
bound allows for numpy's log1p, atan2 and hypot on hosts where they run SVML (4 ULP,
docs/decisions.md)."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

from stablehlo_py.interpreter import interpret

MAX_ULPS = {np.complex128: 4.0, np.complex64: 1.0}


def hard_points(part, rng, n=600) -> np.ndarray:
    big = 300 if part == np.float64 else 30
    points = []
    for k in range(n):
        kind = k % 5
        if kind == 0:  # near 0, over many scales
            x, y = rng.normal(size=2) * 10.0 ** rng.integers(-15, 2, 2)
        elif kind == 1:  # x near -y^2/2: 2x + x^2 + y^2 cancels
            y = rng.normal() * 10.0 ** rng.integers(-8, 1)
            x = -y * y / 2 * (1 + rng.normal() * 1e-6)
        elif kind == 2:  # on the circle |1 + z| = 1
            t = rng.uniform(0, 2 * np.pi)
            x, y = np.cos(t) - 1, np.sin(t)
        elif kind == 3:  # near -1
            x, y = -1 + rng.normal() * 10.0 ** rng.integers(-12, 0), rng.normal() * 10.0 ** rng.integers(-12, 0)
        else:  # anywhere, up to huge
            x, y = rng.normal(size=2) * 10.0 ** rng.integers(-3, big, 2)
        points.append(complex(part(x), part(y)))
    return np.array(points)


def ulps(got: float, want: float, part) -> float:
    if want == 0:
        return abs(got) / float(np.finfo(part).smallest_subnormal)
    return abs(got - want) / float(np.spacing(part(abs(want))))


def run(z: np.ndarray) -> np.ndarray:
    element = "complex<f64>" if z.dtype == np.complex128 else "complex<f32>"
    text = f"""
    func.func @main(%z: tensor<{z.size}x{element}>) -> tensor<{z.size}x{element}> {{
      %0 = stablehlo.log_plus_one %z : tensor<{z.size}x{element}>
      return %0 : tensor<{z.size}x{element}>
    }}"""
    (got,) = interpret(text, z)
    assert got.dtype == z.dtype
    return got


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64], ids=["complex128", "complex64"])
def test_parts_within_ulps_of_mpmath(dtype):
    part = np.float64 if dtype == np.complex128 else np.float32
    z = hard_points(part, np.random.default_rng(31)).astype(dtype)
    got = run(z)
    mpmath.mp.dps = 60
    worst = 0.0
    for g, v in zip(got, z):
        want = mpmath.log1p(mpmath.mpc(float(v.real), float(v.imag)))
        for got_part, want_part in ((g.real, want.real), (g.imag, want.imag)):
            worst = max(worst, ulps(float(got_part), float(want_part), part))
    assert worst <= MAX_ULPS[dtype], worst


def test_special_values_are_c99s():
    """Infinities, NaNs and signed zeros: C99's clog of 1 + z (numpy's log), 1 + z formed part by
    part so that y keeps its sign (1 + (-1 - 0i) is 0 - 0i, whose argument is -0)."""
    inf, nan = np.inf, np.nan
    z = np.array([complex(-1, 0), complex(-1, -0.0), complex(inf, nan), complex(nan, inf), complex(-inf, 1),
                  complex(inf, -inf), complex(nan, nan), complex(-0.0, -0.0), complex(0.0, 0.0)])
    got = run(z)
    one_plus = np.empty_like(z)
    one_plus.real, one_plus.imag = 1 + z.real, z.imag
    with np.errstate(all="ignore"):
        want = np.log(one_plus)
    for g, w, v in zip(got, want, z):
        for a, b in ((g.real, w.real), (g.imag, w.imag)):
            assert (np.isnan(a) and np.isnan(b)) or (a == b and np.signbit(a) == np.signbit(b)), (v, g, w)


@pytest.mark.parametrize("element, dtype", [("complex<f64>", np.complex128), ("complex<f32>", np.complex64)])
def test_rank_zero(element, dtype):
    """A scalar operand (found by the fuzzer: the kernel set the parts of numpy's scalar result)."""
    text = f"""
    func.func @main(%z: tensor<{element}>) -> tensor<{element}> {{
      %0 = stablehlo.log_plus_one %z : tensor<{element}>
      return %0 : tensor<{element}>
    }}"""
    for z in (complex(1e-9, 2e-9), complex(0.5, -0.25), complex(-2.0, 0.0)):
        (got,) = interpret(text, np.array(z, dtype))
        assert got.shape == () and got.dtype == dtype
        want = complex(mpmath.log1p(mpmath.mpc(z)))
        assert abs(complex(got) - want) <= 4 * np.finfo(dtype).eps * abs(want)
