"""Special functions of chlo's math ops, on f64 arrays, with XLA's results at the edges.

The values come from scipy.special (Cephes: erf, erfc, erfinv, gammaln, digamma, zeta, i1e) in
f64, with two repairs where Cephes loses relative accuracy (erfc of large x, lgamma near 1 and
2); chlo.py rounds them once to the result type. Where XLA's decomposition
(chlo-legalize-to-stablehlo) defines a result that scipy's function does not give, the XLA
result is set here, case by case (docs/decisions.md lists them):

  * erf_inv(-0) = -0 and bessel_i1e(-0) = -0 (both odd; scipy gives +0);
  * lgamma(-inf) = +inf (scipy: -inf);
  * digamma at 0 and the negative integers (its poles) and at -inf is NaN (scipy: -inf/+inf at
    -0/+0);
  * zeta(x, q): NaN for x < 1, for q <= 0 with x not an integer, and for x = +inf or q = +inf;
    at the poles (q a non-positive integer, -inf included) +inf when x is an even integer,
    else NaN; zeta(1, q) = +inf for every q (NaN included);
  * polygamma(n, x): NaN unless n is a non-negative integer; digamma for n = 0; else
    (-1)^(n+1) n! zeta(n + 1, x), so NaN for n = +inf.

Finite results follow the mathematics, not XLA's polynomials and its over- and underflows:
zeta(2, 1e300) is 1e-300 here (XLA: 0), lgamma(1) is 0 in f32 (XLA: 4.8e-7).
"""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["erf", "erfc", "erf_inv", "lgamma", "digamma", "zeta", "polygamma", "bessel_i1e"]


@functools.cache
def _sc():
    """scipy.special, imported when a special function first runs: importing it takes ~0.6 s,
    which every process running the interpreter paid at its first call (the kernel registry
    loads this module with chlo's kernels)."""
    from scipy import special

    return special


def erf(x):
    return _sc().erf(x)


def erfc(x):
    """Cephes' erfc, except for x > 0.7: erfcx(x) exp(-x^2), x^2 split exactly into two parts
    (Cephes computes exp(-x*x) from the rounded square, up to 485 ULP off near x = 26, and
    flushes results below 2^-1022 to 0). Measured against mpmath: 4 ULP."""
    high = x * 134217729.0  # 2^27 + 1: Dekker's split, high has 26 bits, so high^2 is exact
    high = high - (high - x)
    low = x - high
    tail = _sc().erfcx(x) * np.exp(-high * high) * np.exp(-(2 * high * low + low * low))
    return np.where((x > 0.7) & (x < 27.3), tail, _sc().erfc(x))  # past 27.3: below 2^-1075, 0


def erf_inv(x):
    return np.where(x == 0, x, _sc().erfinv(x))


# lgamma(1 + e) = -gamma e + sum_k>=2 (-1)^k zeta(k) e^k / k and
# lgamma(2 + e) = (1 - gamma) e + sum_k>=2 (-1)^k (zeta(k) - 1) e^k / k (Abramowitz & Stegun
# 6.1.33): near its zeros 1 and 2, where Cephes' lgam is up to 6e5 ULP off, lgamma is these
# series (|e| < 0.3 and -0.7 <= e < 0.8, 58 terms: below 1e-19 of the first).
@functools.cache
def _series_coefficients() -> tuple:
    """(the series' coefficients at 1, at 2), highest power first."""
    k = np.arange(2, 60, dtype=np.float64)
    return ((-1.0) ** k * _sc().zeta(k, 1) / k)[::-1], ((-1.0) ** k * _sc().zetac(k) / k)[::-1]


def _series(e, linear, coefficients):
    total = np.zeros_like(e)
    for c in coefficients:
        total = total * e + c
    return e * (linear + e * total)


def lgamma(x):
    r = _sc().gammaln(x)
    at_one, at_two = _series_coefficients()
    r = np.where(np.abs(x - 1) < 0.3, _series(x - 1, -np.euler_gamma, at_one), r)
    r = np.where((x >= 1.3) & (x < 2.8), _series(x - 2, 1 - np.euler_gamma, at_two), r)
    return np.where(np.isinf(x), np.inf, r) + 0.0  # lgamma(1) = lgamma(2) = +0, not the series' -0


def _is_integer(x):
    return x == np.floor(x)  # +-inf count as integers (floor(inf) == inf), NaN does not


def digamma(x):
    """x < 0 by the reflection psi(x) = psi(1 - x) - pi / tan(pi r), r = x - rint(x) in [-1/2, 1/2]
    (exact): scipy reduces x only to (-1, 0], and tan(pi r) near -pi then loses up to 5e3 ULP of
    the result near the poles; XLA reduces to [-1/2, 1/2] too."""
    negative = x < 0
    reflected = _sc().digamma(np.where(negative, 1 - x, x)) - np.pi / np.tan(np.pi * (x - np.rint(x)))
    r = np.where(negative, reflected, _sc().digamma(x))
    return np.where((x <= 0) & _is_integer(x), np.nan, r)


def zeta(x, q):
    x, q = np.broadcast_arrays(x, q)
    r = np.where(np.isposinf(x) | np.isposinf(q), np.nan, _sc().zeta(x, q))
    x_integer = _is_integer(x)
    r = np.where((x < 1) | (q <= 0) & ~x_integer, np.nan, r)
    pole = (q <= 0) & _is_integer(q)
    even = x_integer & (np.fmod(x, 2) == 0)
    r = np.where(pole, np.where(even, np.inf, np.nan), r)
    return np.where(x == 1, np.inf, r)


def polygamma(n, x):
    n, x = np.broadcast_arrays(n, x)
    natural = (n >= 0) & _is_integer(n)
    sign = 2 * np.fmod(n, 2) - 1  # (-1)^(n+1); NaN for n = inf
    r = sign * _sc().gamma(n + 1) * zeta(n + 1, x)
    r = np.where(n == 0, digamma(x), r)
    return np.where(natural, r, np.nan)


def bessel_i1e(x):
    return np.copysign(_sc().i1e(x), x)
