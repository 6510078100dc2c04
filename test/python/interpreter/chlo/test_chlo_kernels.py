"""chlo kernels against independent oracles: mpmath (correctly rounded with conftest.mp_exact),
Python integers, numpy formulas on explicitly broadcast operands, sorted() with IEEE totalOrder
keys, enumeration of every value of the narrow float types. XLA is the oracle of
interpreter/chlo/test_chlo_exports.py.

Tolerances, measured (ULP of the element type, per real/imaginary part, against the correctly
rounded value; 2026-11-25, this host):
  * f32, f16, bf16, f8: every math op computed in f64 and rounded once: 0 ULP measured on ~400
    points per op and type, bound 1 (the f64 value may straddle a rounding boundary).
  * f64: erf 2, erfc 3, erf_inv 2, lgamma 2 (x > 0), digamma 1 (x > 0), bessel_i1e 4,
    polygamma 4, zeta 8 (x <= 20; scipy's Euler-Maclaurin, as XLA's, loses more for large x
    and q: 32 at x = 25, q = 137), acos..tan (numpy) <= 2: bound 4, numpy's on AVX-512 (SVML).
    lgamma and digamma for x < 0, where the reflection cancels near their zeros (lgamma 10 ULP
    at -2.72, digamma 895 at -7.69, an error of 7 eps): error <= 32 eps (|f(1 - x)| + 1).
  * complex128 (numpy's C99 functions): <= 2.6 ULP per part, tan 4.2, on 1,500 points from
    1e-300 to 1e300 against mpmath at 2,500 bits (tiny parts next to large ones need them):
    bound 3, tan 5. complex64, computed in complex128: bound 1.
"""

from __future__ import annotations

import itertools
import math
import re
import struct

import ml_dtypes
import mpmath
import numpy as np
import pytest

from conftest import assert_same, assert_ulp, mp_exact, round_exact, ulp_distance
from stablehlo_py.interpreter import InterpreterError, interpret

F8 = [ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fnuz, ml_dtypes.float8_e5m2fnuz,
      ml_dtypes.float8_e4m3b11fnuz, ml_dtypes.float8_e3m4, ml_dtypes.float8_e4m3]
FLOATS = [np.float64, np.float32, np.float16, ml_dtypes.bfloat16]
NAMES = {np.dtype(np.float64): "f64", np.dtype(np.float32): "f32", np.dtype(np.float16): "f16",
         np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(ml_dtypes.float8_e4m3fn): "f8E4M3FN",
         np.dtype(ml_dtypes.float8_e5m2): "f8E5M2", np.dtype(ml_dtypes.float8_e4m3fnuz): "f8E4M3FNUZ",
         np.dtype(ml_dtypes.float8_e5m2fnuz): "f8E5M2FNUZ", np.dtype(ml_dtypes.float8_e4m3b11fnuz): "f8E4M3B11FNUZ",
         np.dtype(ml_dtypes.float8_e3m4): "f8E3M4", np.dtype(ml_dtypes.float8_e4m3): "f8E4M3",
         np.dtype(ml_dtypes.float8_e8m0fnu): "f8E8M0FNU", np.dtype(ml_dtypes.float4_e2m1fn): "f4E2M1FN",
         np.dtype(ml_dtypes.float6_e2m3fn): "f6E2M3FN", np.dtype(ml_dtypes.float6_e3m2fn): "f6E3M2FN",
         np.dtype(np.complex64): "complex<f32>", np.dtype(np.complex128): "complex<f64>", np.dtype(np.bool_): "i1",
         np.dtype(np.int8): "i8", np.dtype(np.int16): "i16", np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
         np.dtype(np.uint8): "ui8", np.dtype(np.uint16): "ui16", np.dtype(np.uint32): "ui32",
         np.dtype(np.uint64): "ui64", np.dtype(ml_dtypes.int4): "i4", np.dtype(ml_dtypes.uint4): "ui4",
         np.dtype(ml_dtypes.int2): "i2", np.dtype(ml_dtypes.uint2): "ui2"}
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, ml_dtypes.int4,
        ml_dtypes.uint4, ml_dtypes.int2, ml_dtypes.uint2]


@pytest.fixture(autouse=True)
def _quiet_numpy():
    """The oracles compute with NaN and infinities on purpose."""
    with np.errstate(all="ignore"):
        yield


def tensor(shape, dtype) -> str:
    name = dtype if isinstance(dtype, str) else NAMES[np.dtype(dtype)]
    return "tensor<" + "".join(f"{'?' if n is None else n}x" for n in shape) + name + ">"


def program(op: str, *args, result, attrs: str = "") -> str:
    """@main applying chlo.`op` (generic form) to arguments of types `args`, one result."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    return (f"func.func @main({params}) -> {result} {{\n"
            f"  %0 = \"chlo.{op}\"({operands}){attrs} : ({', '.join(args)}) -> {result}\n"
            f"  func.return %0 : {result}\n}}")


def run(op: str, *xs, result_dtype=None, attrs: str = "", result_shape=None):
    result_dtype = xs[0].dtype if result_dtype is None else result_dtype
    shape = xs[0].shape if result_shape is None else result_shape
    text = program(op, *[tensor(x.shape, x.dtype) for x in xs], result=tensor(shape, result_dtype), attrs=attrs)
    (out,) = interpret(text, *xs)
    return out


def samples(dtype, low, high, n=160, seed=0, tiny=True):
    """Random values of `dtype` in [low, high), plus small magnitudes of both signs."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(low, high, n)
    if tiny:
        x = np.concatenate([x, np.exp(rng.uniform(-12, 0, n // 4)) * rng.choice([-1, 1], n // 4)])
    x = x[(x >= low) & (x < high)]
    return x.astype(dtype)


def no_poles(x):
    wide = x.astype(np.float64)
    return x[~((wide <= 0) & (wide == np.floor(wide)))]


# ---------------------------------------------------------------------------
# Special functions against mpmath


def _log_abs_gamma(x):
    return mpmath.log(abs(mpmath.gamma(x)))


def _i1e(x):
    return mpmath.besseli(1, x) * mpmath.exp(-abs(x))


SPECIAL = {  # op: (mpmath function, sampled domain, f64 bound for x > 0 or everywhere)
    "erf": (mpmath.erf, (-6, 6), 2),
    "erfc": (mpmath.erfc, (-6, 27.5), 4),
    "erf_inv": (mpmath.erfinv, (-1, 1), 2),
    "lgamma": (_log_abs_gamma, (0, 60), 2),
    "digamma": (mpmath.digamma, (0, 60), 1),
    "bessel_i1e": (_i1e, (-60, 60), 4),
}


@pytest.mark.parametrize("dtype", FLOATS + F8[:3] + [ml_dtypes.float6_e3m2fn, ml_dtypes.float4_e2m1fn],
                         ids=lambda d: NAMES[np.dtype(d)])
@pytest.mark.parametrize("op", sorted(SPECIAL))
def test_special_functions_against_mpmath(op, dtype):
    fn, (low, high), f64_ulps = SPECIAL[op]
    x = samples(dtype, low, high, n=120 if np.dtype(dtype).itemsize > 1 else 60, tiny=low < 0 or op != "erf_inv")
    if op in ("lgamma", "digamma"):
        x = np.concatenate([x, np.array([1.0, 2.0, 1.4616321449683622, 1.0001, 1.9999, 0.5], dtype)])
        x = no_poles(x)
    got = run(op, x)
    assert_ulp([got], [mp_exact(fn, x)], f64_ulps if dtype == np.float64 else 1, f"{op} {NAMES[np.dtype(dtype)]}")


@pytest.mark.parametrize("op", ["lgamma", "digamma"])
def test_reflection_for_negative_arguments(op):
    """f64 for x < 0: the error is bounded by the cancellation of the reflection formula: 4 eps
    of |f(x)| + |f(1 - x)| + 1 (measured on 3,500 points: lgamma 0.97, digamma 2.7; in ULP of
    the result up to 229 and 470 next to their zeros); f32 is correctly rounded to 1 ULP."""
    fn = SPECIAL[op][0]
    x = no_poles(np.concatenate([samples(np.float64, -40, 0, n=150, tiny=False),
                                 np.array([-2.4570247382208006, -2.7476826467274127, -0.5049815, -7.6887362649956])]))
    got = run(op, x)
    with mpmath.workprec(120):
        exact = np.array([float(fn(mpmath.mpf(float(v)))) for v in x])
        scale = np.abs(exact) + np.array([abs(float(fn(1 - mpmath.mpf(float(v))))) + 1 for v in x])
    bad = np.abs(got - exact) > 4 * np.finfo(np.float64).eps * scale
    assert not bad.any(), (x[bad], got[bad], exact[bad])
    narrow = x.astype(np.float32)
    assert_ulp([run(op, narrow)], [mp_exact(fn, no_poles(narrow))], 1, f"{op} f32")


# Edge values: XLA's results (the decomposition's rules, special.py), checked bit for bit.
INF, NAN = math.inf, math.nan
EDGES = {
    "erf": [(NAN, NAN), (INF, 1.0), (-INF, -1.0), (0.0, 0.0), (-0.0, -0.0)],
    "erfc": [(NAN, NAN), (INF, 0.0), (-INF, 2.0), (0.0, 1.0), (-0.0, 1.0), (30.0, 0.0)],
    "erf_inv": [(NAN, NAN), (1.0, INF), (-1.0, -INF), (0.0, 0.0), (-0.0, -0.0), (1.5, NAN), (-2.0, NAN),
                (INF, NAN), (-INF, NAN)],
    "lgamma": [(NAN, NAN), (INF, INF), (-INF, INF), (0.0, INF), (-0.0, INF), (-1.0, INF), (-2.0, INF),
               (1.0, 0.0), (2.0, 0.0), (-1e30, INF)],
    "digamma": [(NAN, NAN), (INF, INF), (-INF, NAN), (0.0, NAN), (-0.0, NAN), (-1.0, NAN), (-3.0, NAN)],
    "bessel_i1e": [(NAN, NAN), (INF, 0.0), (-INF, -0.0), (0.0, 0.0), (-0.0, -0.0)],
    "is_inf": [(NAN, False), (INF, True), (-INF, True), (0.0, False), (1.0, False)],
    "is_pos_inf": [(NAN, False), (INF, True), (-INF, False), (0.0, False)],
    "is_neg_inf": [(NAN, False), (INF, False), (-INF, True), (-0.0, False)],
}


def _has_inf(dtype) -> bool:
    return NAMES[np.dtype(dtype)] in ("f64", "f32", "f16", "bf16", "f8E5M2", "f8E3M4", "f8E4M3")


@pytest.mark.parametrize("dtype", FLOATS + F8, ids=lambda d: NAMES[np.dtype(d)])
@pytest.mark.parametrize("op", sorted(EDGES))
def test_edge_values(op, dtype):
    pairs = [(x, r) for x, r in EDGES[op] if _has_inf(dtype) or not (math.isinf(x) or x == 30.0 or abs(x) >= 1e30)]
    x = np.array([p[0] for p in pairs]).astype(dtype)
    if op.startswith("is_"):
        got = run(op, x, result_dtype=np.bool_)
        assert got.tolist() == [p[1] for p in pairs]
        return
    expected = round_exact([p[1] for p in pairs], dtype)
    assert_same([run(op, x)], [expected], f"{op} {NAMES[np.dtype(dtype)]}")


def test_is_inf_on_types_without_infinities():
    for dtype in (ml_dtypes.float8_e4m3fn, ml_dtypes.float4_e2m1fn, ml_dtypes.float8_e8m0fnu):
        x = np.array([0.5, 1.0, float(ml_dtypes.finfo(dtype).max)], dtype)
        assert not run("is_inf", x, result_dtype=np.bool_).any()


def _zeta(x, q):
    return mpmath.zeta(x, q)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: NAMES[np.dtype(d)])
def test_zeta_and_polygamma_against_mpmath(dtype):
    rng = np.random.default_rng(1)
    x = rng.uniform(1.01, 20, 60).astype(dtype)
    q = np.exp(rng.uniform(-4, 4, 60)).astype(dtype)
    ulps = 8 if dtype == np.float64 else 1
    assert_ulp([run("zeta", x, q)], [mp_exact(_zeta, x, q)], ulps, "zeta")
    q = -rng.uniform(0.05, 10, 30).astype(dtype)  # q < 0 with x an integer: a finite sum
    q = q[q != np.floor(q)]
    x = np.full(q.shape, 2.0, dtype)
    assert_ulp([run("zeta", x, q)], [mp_exact(_zeta, x, q)], ulps, "zeta, q < 0")
    n = rng.integers(0, 7, 60).astype(dtype)
    y = no_poles(np.concatenate([np.exp(rng.uniform(-3, 3, 40)), -rng.uniform(0.1, 6, 20)]).astype(dtype))
    n = n[:len(y)]
    exact = mp_exact(lambda a, b: mpmath.psi(int(a), b), n, y)
    got = run("polygamma", n, y)
    if dtype == np.float64:  # measured 4 ULP for x > 0; x < 0 as digamma's reflection (n = 0)
        positive = y > 0
        assert_ulp([got[positive]], [exact[positive]], 4, "polygamma")
        np.testing.assert_allclose(got[~positive], exact[~positive], rtol=1e-12)
    else:
        assert_ulp([got], [exact], 1, "polygamma")


def test_zeta_edges():
    """XLA's rules: NaN for x < 1, for q <= 0 with x not an integer, for x or q = +inf; at a pole
    (q a non-positive integer) +inf for x an even integer, else NaN; +inf for x = 1."""
    cases = [  # (x, q, zeta)
        (1.0, 5.0, INF), (1.0, NAN, INF), (1.0, -2.0, INF), (1.0, INF, INF), (0.5, 2.0, NAN), (-INF, 2.0, NAN),
        (2.0, 0.0, INF), (2.0, -0.0, INF), (2.0, -3.0, INF), (2.0, -INF, INF), (0.0, 0.0, INF), (-2.0, -1.0, INF),
        (3.0, 0.0, NAN), (3.0, -2.0, NAN), (2.5, -1.5, NAN), (1.5, -0.5, NAN), (2.5, 0.0, NAN), (INF, 1.0, NAN),
        (INF, 0.0, NAN), (2.0, INF, NAN), (NAN, 2.0, NAN), (2.0, NAN, NAN), (NAN, -1.0, NAN), (2.0, 1e300, 1e-300),
        (2.0, 1.0, math.pi ** 2 / 6), (4.0, -0.5, None)]
    for dtype in (np.float64, np.float32):
        kept = [c for c in cases if dtype == np.float64 or c[1] != 1e300]  # f32: 1e300 is +inf
        x = np.array([c[0] for c in kept]).astype(dtype)
        q = np.array([c[1] for c in kept]).astype(dtype)
        got = run("zeta", x, q)
        for (a, b, want), g, xa, qa in zip(kept, got, x, q):
            if want is None:
                want = float(mpmath.zeta(float(xa), float(qa)))
            want = round_exact([want], dtype)
            assert_ulp([np.array([g])], [want], 2, f"zeta({a}, {b}) {np.dtype(dtype).name}")


def test_polygamma_edges():
    """NaN unless n is a natural number (0, 1, ...); n = 0 is digamma (NaN at its poles); the
    poles of n >= 1 follow zeta(n + 1, x): +inf for n odd, NaN for n even."""
    cases = [(0.5, 1.0, NAN), (-1.0, 1.0, NAN), (NAN, 1.0, NAN), (INF, 1.0, NAN), (INF, 2.0, NAN),
             (0.0, 0.0, NAN), (-0.0, -2.0, NAN), (0.0, 1.0, -np.euler_gamma), (1.0, 0.0, INF), (3.0, -2.0, INF),
             (2.0, 0.0, NAN), (2.0, -1.0, NAN), (1.0, -INF, INF), (2.0, -INF, NAN), (1.0, INF, NAN), (1.0, NAN, NAN),
             (1.0, 1.0, math.pi ** 2 / 6), (2.0, 1.0, -2 * 1.2020569031595942)]
    for dtype in (np.float64, np.float32, np.float16):
        n = np.array([c[0] for c in cases]).astype(dtype)
        x = np.array([c[1] for c in cases]).astype(dtype)
        got = run("polygamma", n, x)
        expected = round_exact([c[2] for c in cases], dtype)
        assert_ulp([got], [expected], 2, f"polygamma {np.dtype(dtype).name}")  # scipy's zeta(2, 1): 1 ULP


# ---------------------------------------------------------------------------
# Trigonometric and hyperbolic functions


TRIG = {"acos": (mpmath.acos, (-1, 1)), "acosh": (mpmath.acosh, (1, 1e4)), "asin": (mpmath.asin, (-1, 1)),
        "asinh": (mpmath.asinh, (-1e4, 1e4)), "atan": (mpmath.atan, (-1e4, 1e4)), "atanh": (mpmath.atanh, (-1, 1)),
        "cosh": (mpmath.cosh, (-80, 80)), "sinh": (mpmath.sinh, (-80, 80)), "tan": (mpmath.tan, (-20, 20))}


@pytest.mark.parametrize("dtype", FLOATS + [ml_dtypes.float8_e4m3fn], ids=lambda d: NAMES[np.dtype(d)])
@pytest.mark.parametrize("op", sorted(TRIG))
def test_trigonometric_real(op, dtype):
    fn, (low, high) = TRIG[op]
    x = samples(dtype, low, high, n=80, tiny=low < 0)
    assert_ulp([run(op, x)], [mp_exact(fn, x)], 4 if dtype == np.float64 else 1, op)


def test_trigonometric_real_edges():
    x = np.array([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 1e38, -1e38])
    expected = {
        "acos": [NAN, NAN, NAN, math.pi / 2, math.pi / 2, 0.0, math.pi, NAN, NAN, NAN, NAN],
        "asin": [NAN, NAN, NAN, 0.0, -0.0, math.pi / 2, -math.pi / 2, NAN, NAN, NAN, NAN],
        "acosh": [NAN, INF, NAN, NAN, NAN, 0.0, NAN, math.acosh(2), NAN, math.acosh(1e38), NAN],
        "atanh": [NAN, NAN, NAN, 0.0, -0.0, INF, -INF, NAN, NAN, NAN, NAN],
        "sinh": [NAN, INF, -INF, 0.0, -0.0, math.sinh(1), -math.sinh(1), math.sinh(2), -math.sinh(2), INF, -INF],
        "cosh": [NAN, INF, INF, 1.0, 1.0, math.cosh(1), math.cosh(1), math.cosh(2), math.cosh(2), INF, INF],
        "atan": [NAN, math.pi / 2, -math.pi / 2, 0.0, -0.0, math.pi / 4, -math.pi / 4, math.atan(2), -math.atan(2),
                 math.pi / 2, -math.pi / 2],
    }
    for op, want in expected.items():
        for dtype in (np.float64, np.float32):
            got = run(op, x.astype(dtype))
            assert ulp_distance(got, np.array(want).astype(dtype)).max() <= 1, (op, dtype, got)
            zeros = np.array(want) == 0
            assert (np.signbit(got[zeros]) == np.signbit(np.array(want)[zeros])).all(), (op, got)


def _mp_complex(fn, z, dtype, bits=2500):
    """fn(z) per element at `bits` bits, each part rounded once to `dtype`'s part type (mpmath
    needs the bits when a tiny part sits next to a large one)."""
    part = np.float32 if dtype == np.complex64 else np.float64
    with mpmath.workprec(bits):
        values = [fn(mpmath.mpc(float(v.real), float(v.imag))) for v in z]
        re = round_exact([_fraction(v.real) for v in values], part)
        im = round_exact([_fraction(v.imag) for v in values], part)
    out = np.empty(z.shape, dtype)
    out.real, out.imag = re, im
    return out


def _fraction(v):
    from fractions import Fraction

    if not mpmath.isfinite(v):
        return float(v)
    sign, man, exp, _ = mpmath.mpf(v)._mpf_
    return (-1) ** sign * Fraction(man) * Fraction(2) ** exp if man else Fraction(0)


COMPLEX = {"acos": mpmath.acos, "acosh": mpmath.acosh, "asin": mpmath.asin, "asinh": mpmath.asinh,
           "atan": mpmath.atan, "atanh": mpmath.atanh, "cosh": mpmath.cosh, "sinh": mpmath.sinh, "tan": mpmath.tan}


def complex_samples(dtype, n=40, seed=2):
    rng = np.random.default_rng(seed)
    big = 1e30 if dtype == np.complex64 else 1e300

    def parts(k):
        return np.exp(rng.uniform(np.log(1 / big), np.log(big), k)) * rng.choice([-1, 1], k)

    re = np.concatenate([parts(n), rng.uniform(-3, 3, n), 1 + rng.normal(0, 1e-4, n // 4)])
    im = np.concatenate([parts(n), rng.uniform(-3, 3, n), rng.normal(0, 1e-6, n // 4)])
    z = np.empty(len(re), dtype)
    z.real, z.imag = re, im
    return z


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
@pytest.mark.parametrize("op", sorted(COMPLEX))
def test_trigonometric_complex_against_mpmath(op, dtype):
    z = complex_samples(dtype)
    if op in ("sinh", "cosh", "tan"):  # e^|re| (tan: e^|im|) past the type's range overflows
        limit = 80 if dtype == np.complex64 else 700
        z = z[(np.abs(z.real) < limit) & (np.abs(z.imag) < limit)]
    ulps = 1 if dtype == np.complex64 else (5 if op == "tan" else 3)
    assert_ulp([run(op, z)], [_mp_complex(COMPLEX[op], z, dtype)], ulps, f"complex {op}")


def _c(re, im):
    z = np.empty((), np.complex128)
    z.real, z.imag = re, im
    return z[()]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
def test_complex_branch_cuts_keep_signed_zeros(dtype):
    """C99's conventions (numpy's): on a branch cut the sign of the zero part picks the side, so
    f(conj z) = conj f(z) there too (XLA drops the sign of zeros: docs/decisions.md)."""
    pi2 = math.pi / 2
    cases = {
        "asin": [((2.0, 0.0), (pi2, math.acosh(2))), ((2.0, -0.0), (pi2, -math.acosh(2))),
                 ((0.0, -0.0), (0.0, -0.0)), ((-0.0, 0.0), (-0.0, 0.0))],
        "acos": [((2.0, 0.0), (0.0, -math.acosh(2))), ((2.0, -0.0), (0.0, math.acosh(2))),
                 ((-2.0, -0.0), (math.pi, math.acosh(2)))],
        "acosh": [((0.5, 0.0), (0.0, math.acos(0.5))), ((0.5, -0.0), (0.0, -math.acos(0.5))),
                  ((-2.0, -0.0), (math.acosh(2), -math.pi))],
        "asinh": [((0.0, 2.0), (math.acosh(2), pi2)), ((-0.0, 2.0), (-math.acosh(2), pi2))],
        "atanh": [((2.0, 0.0), (math.atanh(0.5), pi2)), ((2.0, -0.0), (math.atanh(0.5), -pi2)),
                  ((-0.0, 0.0), (-0.0, 0.0))],
        "atan": [((0.0, 2.0), (pi2, math.atanh(0.5))), ((-0.0, 2.0), (-pi2, math.atanh(0.5)))],
        "sinh": [((0.0, -0.0), (0.0, -0.0)), ((-0.0, 1.0), (-0.0, math.sin(1)))],
        "cosh": [((0.0, -0.0), (1.0, -0.0)), ((INF, 0.0), (INF, 0.0))],
    }
    for op, pairs in cases.items():
        z = np.array([_c(*p[0]) for p in pairs]).astype(dtype)
        want = np.array([_c(*p[1]) for p in pairs]).astype(dtype)
        got = run(op, z)
        assert ulp_distance(got, want).max() <= 1, (op, got, want)
        for part in (np.real, np.imag):
            zero = part(want) == 0
            assert (np.signbit(part(got))[zero] == np.signbit(part(want))[zero]).all(), (op, got, want)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
def test_asin_acos_kernel(dtype):
    """w = _asin_acos_kernel(z) rebuilds asin, acos, asinh and acosh by the formulas of its
    definition; w itself is cos(re a) cosh(im a) + |im a| i for a = asin(z)."""
    z = complex_samples(dtype, n=30)
    z = z[np.abs(z) < (1e30 if dtype == np.complex64 else 1e300)]
    w = run("_asin_acos_kernel", z).astype(np.complex128)
    wide = z.astype(np.complex128)
    sign = np.sign(wide.imag)
    asin = np.arctan2(wide.real, w.real) + 1j * sign * w.imag
    acos = np.arctan2(w.real, wide.real) - 1j * sign * w.imag
    exact_asin = _mp_complex(mpmath.asin, z, np.complex128, bits=1200)
    exact_acos = _mp_complex(mpmath.acos, z, np.complex128, bits=1200)
    rtol = 4e-7 if dtype == np.complex64 else 1e-14
    for got, exact in ((asin, exact_asin), (acos, exact_acos)):
        np.testing.assert_allclose(got.real, exact.real, rtol=rtol, atol=1e-300)
        np.testing.assert_allclose(got.imag, exact.imag, rtol=rtol, atol=1e-300)
    assert (run("_asin_acos_kernel", z).imag >= 0).all()


def test_asin_acos_kernel_rejects_reals():
    with pytest.raises(Exception, match="_asin_acos_kernel"):
        run("_asin_acos_kernel", np.ones(2, np.float32))


# ---------------------------------------------------------------------------
# square, conj, next_after, mulhi, constants


def _round(values, dtype):
    return round_exact(values, dtype)


def _exact(x):
    """Elements as Fractions (exact arithmetic); non-finite values and zeros stay floats (the
    sign of a zero survives products and sums with them)."""
    from fractions import Fraction
    return [Fraction(float(v)) if np.isfinite(float(v)) and float(v) != 0 else float(v) for v in np.ravel(x)]


@pytest.mark.parametrize("dtype", FLOATS + F8[:2], ids=lambda d: NAMES[np.dtype(d)])
def test_square_real_rounds_once(dtype):
    x = np.concatenate([samples(dtype, -100, 100, n=60), np.array([NAN, INF, -INF, -0.0], dtype)]).astype(dtype)
    expected = _round([v * v for v in _exact(x)], dtype)
    assert_same([run("square", x)], [expected])


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
def test_square_complex_by_its_definition(dtype):
    """(re - im)(re + im) + 2 re im i with every step rounded to the part type."""
    z = complex_samples(dtype, n=20)[:50]
    part = np.float32 if dtype == np.complex64 else np.float64
    re, im = _exact(z.real), _exact(z.imag)
    difference, total, product = (_round([op(a, b) for a, b in zip(re, im)], part)
                                  for op in (lambda a, b: a - b, lambda a, b: a + b, lambda a, b: a * b))
    real = _round([a * b for a, b in zip(_exact(difference), _exact(total))], part)
    imag = _round([2 * p for p in _exact(product)], part)
    expected = np.empty(z.shape, dtype)
    expected.real, expected.imag = real, imag
    assert_same([run("square", z)], [expected])


def test_conj():
    z = np.array([1 + 2j, -0.0 - 0.0j, complex(NAN, INF)], np.complex64)
    got = run("conj", z)
    assert_same([got.real], [z.real]) and assert_same([got.imag], [-z.imag])
    x = np.array([1.5, -0.0, NAN], ml_dtypes.bfloat16)
    assert_same([run("conj", x)], [x])


def _all_values(dtype):
    """Every value of a 1-byte float type, NaNs apart, sorted, and its NaN (if any)."""
    values = np.arange(1 << ml_dtypes.finfo(dtype).bits, dtype=np.uint8).view(dtype)
    wide = values.astype(np.float64)
    finite = values[~np.isnan(wide)]
    return finite[np.argsort(finite.astype(np.float64), kind="stable")]


def _next_after_oracle(x, y, ordered):
    """next_after by position in the sorted list of every value (+0 after -0 where both exist)."""
    wide = ordered.astype(np.float64)
    out = []
    for a, b in zip(x.astype(np.float64), y.astype(np.float64)):
        if math.isnan(a) or math.isnan(b):
            out.append(NAN)
        elif a == b:
            out.append(b)
        else:
            distinct = sorted(set(wide.tolist()))  # -0 and +0 are one value here
            i = distinct.index(a)
            step = distinct[i + 1] if b > a else distinct[i - 1]
            if step == 0:  # toward zero from the smallest subnormal: zero with a's sign
                step = math.copysign(0.0, a)
            out.append(step)
    return out


@pytest.mark.parametrize("dtype", F8 + [ml_dtypes.float6_e2m3fn, ml_dtypes.float4_e2m1fn, ml_dtypes.float8_e8m0fnu],
                         ids=lambda d: NAMES[np.dtype(d)])
def test_next_after_every_value_of_narrow_types(dtype):
    ordered = _all_values(dtype)
    wide = ordered.astype(np.float64)
    targets = np.unique(np.concatenate([wide[[0, -1]], [0.0, 1.0, -1.0]]))
    targets = targets[np.isin(targets, wide)]
    x = np.repeat(ordered, len(targets))
    y = np.tile(targets, len(ordered)).astype(dtype)
    got = run("next_after", x, y)
    expected = _next_after_oracle(x, y, ordered)
    no_negative_zero = "fnuz" in np.dtype(dtype).name or "e8m0" in np.dtype(dtype).name
    expected = [0.0 if (e == 0 and no_negative_zero) else e for e in expected]
    want = np.array(expected).astype(dtype)
    assert_same([got], [want], np.dtype(dtype).name)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, ml_dtypes.bfloat16],
                         ids=lambda d: NAMES[np.dtype(d)])
def test_next_after_ieee(dtype):
    """Against numpy's nextafter (C's, on f16/f32/f64; bf16 through its f32 pattern's top half)."""
    tiny = float(ml_dtypes.finfo(dtype).smallest_subnormal)
    top = float(ml_dtypes.finfo(dtype).max)
    values = [0.0, -0.0, 1.0, -1.0, tiny, -tiny, top, -top, INF, -INF, NAN, 3.5, -1e-3]
    x = np.array([a for a in values for _ in values]).astype(dtype)
    y = np.array([b for _ in values for b in values]).astype(dtype)
    got = run("next_after", x, y)
    if dtype == ml_dtypes.bfloat16:
        bits = x.view(np.uint16).astype(np.uint32) << 16
        as32 = np.nextafter(bits.view(np.float32), y.astype(np.float32))
        step = np.sign(as32.astype(np.float64) - x.astype(np.float64))
        expected = np.where(np.isnan(as32) | (x.astype(np.float64) == y.astype(np.float64)), as32,
                            np.where(step == 0, as32, np.nan)).astype(dtype)
        # one bf16 step: the next value of the bf16 grid in the same direction
        grid = (x.view(np.uint16).astype(np.int64))
        moved = np.where(x.astype(np.float64) == 0, (y.view(np.uint16) & 0x8000) | 1,
                         np.where((x.astype(np.float64) < y.astype(np.float64)) == (x.astype(np.float64) > 0),
                                  grid + 1, grid - 1))
        expected = np.where(np.isnan(expected.astype(np.float64)) & ~np.isnan(as32),
                            moved.astype(np.uint16).view(dtype), expected)
    else:  # numpy's f16 nextafter gives x where x == y; C99 (f32, f64) and XLA give y
        expected = np.where(x == y, y, np.nextafter(x, y))
    assert_same([got], [expected])


def test_next_after_signed_zeros_and_nan():
    x = np.array([0.0, -0.0, 0.0, -0.0, 0.0, NAN, 1.0], np.float32)
    y = np.array([-0.0, 0.0, -1.0, 1.0, NAN, 0.0, 1.0], np.float32)
    got = run("next_after", x, y)
    tiny = np.float32(1e-45)
    assert_same([got], [np.array([-0.0, 0.0, -tiny, tiny, NAN, NAN, 1.0], np.float32)])


def _as(values, dtype):
    """Python integers (within the type's range) as an array of integer type `dtype`."""
    wide = np.uint64 if ml_dtypes.iinfo(dtype).min == 0 else np.int64
    return np.array([int(v) for v in values], dtype=wide).astype(dtype)


def _int_values(dtype, n=40, seed=3):
    info = ml_dtypes.iinfo(dtype)
    rng = np.random.default_rng(seed)
    edges = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2, info.min + 1 if info.min < 0 else info.max - 1]
    rand = rng.integers(int(info.min), int(info.max), n, endpoint=True, dtype=np.int64 if info.max < 2**63 else np.uint64)
    return np.array(edges + [int(v) for v in rand], dtype=object)


@pytest.mark.parametrize("dtype", INTS, ids=lambda d: NAMES[np.dtype(d)])
def test_mulhi_against_python_integers(dtype):
    info = ml_dtypes.iinfo(dtype)
    bits = info.bits
    values = _int_values(dtype)
    pairs = list(itertools.product(values[:8], values)) + list(zip(values, values[::-1]))
    a = _as([p[0] for p in pairs], dtype)
    b = _as([p[1] for p in pairs], dtype)

    def wrap(v):
        v &= (1 << bits) - 1
        return v - (1 << bits) if info.min < 0 and v >= 1 << (bits - 1) else v

    expected = _as([wrap((int(p[0]) * int(p[1])) >> bits) for p in pairs], dtype)
    assert_same([run("mulhi", a, b)], [expected], np.dtype(dtype).name)


def test_constant_and_constant_like():
    text = """func.func @main(%x: tensor<2x?xbf16>) -> (tensor<2xf32>, tensor<2x?xbf16>, tensor<3xui64>, tensor<2xi1>) {
  %0 = chlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%x) {value = 0.1 : bf16} : (tensor<2x?xbf16>) -> tensor<2x?xbf16>
  %2 = chlo.constant dense<[0, 18446744073709551615, 7]> : tensor<3xui64>
  %3 = chlo.constant dense<[true, false]> : tensor<2xi1>
  func.return %0, %1, %2, %3 : tensor<2xf32>, tensor<2x?xbf16>, tensor<3xui64>, tensor<2xi1>
}"""
    out = interpret(text, np.zeros((2, 3), ml_dtypes.bfloat16))
    assert_same(out, [np.array([1.5, -2.0], np.float32), np.full((2, 3), 0.1, ml_dtypes.bfloat16),
                      np.array([0, 2**64 - 1, 7], np.uint64), np.array([True, False])])
    for value, t, dtype, want in [("-3 : i8", "i8", np.int8, -3), ("255 : ui8", "ui8", np.uint8, 255),
                                  ("true", "i1", np.bool_, True), ("-2 : i4", "i4", ml_dtypes.int4, -2),
                                  ("0x7FC00000 : f32", "f32", np.float32, NAN),
                                  ("448.0 : f8E4M3FN", "f8E4M3FN", ml_dtypes.float8_e4m3fn, 448.0)]:
        text = program("constant_like", "tensor<3xf32>", result=f"tensor<3x{t}>", attrs=f" {{value = {value}}}")
        assert_same(interpret(text, np.zeros(3, np.float32)), [np.full(3, want, dtype)], value)


# ---------------------------------------------------------------------------
# Broadcasting ops


def _bcast_program(op, lhs, rhs, result, dims=None, attrs=""):
    extra = []
    if dims is not None:
        extra.append(f"broadcast_dimensions = array<i64{': ' if dims else ''}{', '.join(map(str, dims))}>")
    if attrs:
        extra.append(attrs)
    attr_text = f" {{{', '.join(extra)}}}" if extra else ""
    return program(op, lhs, rhs, result=result, attrs=attr_text)


def _broadcast_numpy(a, b, dims):
    """The operands placed as upstream's shape inference does (the oracle's own code)."""
    if dims is None:
        return np.broadcast_arrays(a, b)
    small, large = (a, b) if a.ndim <= b.ndim else (b, a)
    shape = [1] * large.ndim
    order = np.argsort(dims)
    placed = np.transpose(small, order)
    for i, d in enumerate(sorted(dims)):
        shape[d] = placed.shape[i]
    placed = placed.reshape(shape)
    x, y = np.broadcast_arrays(placed, large)
    return (x, y) if a.ndim <= b.ndim else (y, x)


LAYOUTS = [  # (lhs shape, rhs shape, broadcast_dimensions)
    ((2, 3), (3,), None), ((3,), (2, 3), None), ((2, 3), (), None), ((), (4,), None), ((2, 1, 4), (3, 1), None),
    ((2, 3), (2,), (0,)), ((4,), (2, 3, 4), (2,)), ((3, 2), (2, 4, 3), (2, 0)), ((2, 1), (3,), (1,)),
    ((1, 3), (2, 1), (0, 1)), ((2, 3), (), ()), ((), (2, 2), ()), ((0, 3), (3,), None)]


def _shape_after(lhs, rhs, dims):
    return np.broadcast_shapes(*[x.shape for x in _broadcast_numpy(np.zeros(lhs), np.zeros(rhs), dims)])


@pytest.mark.parametrize("lhs,rhs,dims", LAYOUTS, ids=str)
def test_broadcast_layouts(lhs, rhs, dims):
    rng = np.random.default_rng(4)
    a = rng.integers(-50, 50, lhs).astype(np.int32)
    b = rng.integers(-50, 50, rhs).astype(np.int32)
    shape = _shape_after(lhs, rhs, dims)
    text = _bcast_program("broadcast_subtract", tensor(lhs, "i32"), tensor(rhs, "i32"), tensor(shape, "i32"), dims)
    x, y = _broadcast_numpy(a, b, dims)
    assert_same(interpret(text, a, b), [(x - y).astype(np.int32)])


def _shift(kind, bits):
    """Shifts on N-bit values: amounts outside [0, N) shift everything out; the arithmetic shift
    works on the two's complement value also for unsigned types (stablehlo's semantics)."""
    def f(a, b):
        b &= (1 << bits) - 1  # an amount is read as unsigned: negative ones are huge
        if kind == "arithmetic":
            a &= (1 << bits) - 1
            a = a - (1 << bits) if a >> (bits - 1) else a
        if b >= bits:
            return (-1 if a < 0 else 0) if kind == "arithmetic" else 0
        if kind == "left":
            return a << b
        if kind == "logical":
            return (a & ((1 << bits) - 1)) >> b
        return a >> b
    return f


def _python_int_op(op, bits, signed):
    def trunc_div(a, b):
        if b == 0:
            return -1
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q

    def rem(a, b):
        return a if b == 0 else a - b * trunc_div(a, b)

    table = {"add": lambda a, b: a + b, "subtract": lambda a, b: a - b, "multiply": lambda a, b: a * b,
             "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
             "maximum": max, "minimum": min, "divide": trunc_div, "remainder": rem,
             "shift_left": _shift("left", bits), "shift_right_logical": _shift("logical", bits),
             "shift_right_arithmetic": _shift("arithmetic", bits)}
    return table[op]


INT_OPS = ["add", "subtract", "multiply", "and", "or", "xor", "maximum", "minimum", "divide", "remainder",
           "shift_left", "shift_right_logical", "shift_right_arithmetic"]


@pytest.mark.parametrize("dtype", INTS, ids=lambda d: NAMES[np.dtype(d)])
def test_broadcast_integer_ops_against_python_integers(dtype):
    info = ml_dtypes.iinfo(dtype)
    bits, signed = info.bits, info.min < 0
    lhs = _as([info.min, info.max, 0, 1, 5, 3, int(info.max) // 3, 2], dtype).reshape(2, 4)
    rhs_values = [0, 1, 2, bits - 1, bits, int(info.max)] + ([-1, int(info.min)] if signed else [])
    picks = np.random.default_rng(5).integers(0, len(rhs_values), 4)
    rhs = _as([rhs_values[i] for i in picks], dtype)

    def wrap(v):
        v &= (1 << bits) - 1
        return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v

    for op in INT_OPS:
        text = _bcast_program("broadcast_" + op, tensor((2, 4), dtype), tensor((4,), dtype), tensor((2, 4), dtype))
        fn = _python_int_op(op, bits, signed)
        a, b = np.broadcast_arrays(lhs, rhs)
        expected = _as([wrap(fn(int(p), int(q))) if not (op == "divide" and signed and int(p) == info.min
                                                          and int(q) == -1) else int(info.min)
                        for p, q in zip(a.ravel(), b.ravel())], dtype).reshape(2, 4)
        if op == "divide" and not signed:
            expected = np.where(b == 0, _as([info.max], dtype)[0], expected)
        assert_same(interpret(text, lhs, rhs), [expected], f"{op} {np.dtype(dtype).name}")


def test_broadcast_boolean_ops():
    a = np.array([[True, False], [True, True]])
    b = np.array([True, False])
    for op, fn in [("and", np.logical_and), ("or", np.logical_or), ("xor", np.logical_xor),
                   ("add", np.logical_or), ("multiply", np.logical_and)]:
        text = _bcast_program("broadcast_" + op, tensor((2, 2), "i1"), tensor((2,), "i1"), tensor((2, 2), "i1"))
        assert_same(interpret(text, a, b), [fn(a, b)], op)


@pytest.mark.parametrize("dtype", FLOATS + [ml_dtypes.float8_e4m3fn], ids=lambda d: NAMES[np.dtype(d)])
def test_broadcast_float_ops(dtype):
    """Exact ops (add, subtract, multiply, divide, remainder, max, min) rounded once, max/min with
    NaN propagated and -0 below +0; atan2, power, next_after, zeta, polygamma as their own ops."""
    a = np.array([[1.5, -0.0, NAN, 3.0], [0.0, -2.5, 1e-3, 7.0]]).astype(dtype)
    b = np.array([0.0, 0.0, 1.0, -2.0]).astype(dtype)
    x, y = np.broadcast_arrays(a, b)
    fx, fy = _exact(x), _exact(y)

    def ieee(op):
        out = []
        for p, q, pf, qf in zip(fx, fy, x.astype(np.float64).ravel(), y.astype(np.float64).ravel()):
            if isinstance(p, float) or isinstance(q, float) or (op == "divide" and q == 0):
                out.append({"add": pf + qf, "subtract": pf - qf, "multiply": pf * qf}.get(op, NAN) if op != "divide"
                           else (NAN if pf != pf or pf == 0 else math.copysign(INF, pf) * math.copysign(1, qf)))
            else:
                out.append({"add": p + q, "subtract": p - q, "multiply": p * q, "divide": p / q}[op]
                           if op != "divide" or q else NAN)
        return _round(out, dtype).reshape(x.shape)

    def extreme(pick):
        out = []
        for pf, qf in zip(x.astype(np.float64).ravel(), y.astype(np.float64).ravel()):
            if math.isnan(pf) or math.isnan(qf):
                out.append(NAN)
            elif pf == qf == 0:
                out.append(pick(pf, qf, key=lambda v: (v, math.copysign(1, v))))
            else:
                out.append(pick(pf, qf))
        return np.array(out).astype(dtype).reshape(x.shape)

    expected = {op: ieee(op) for op in ("add", "subtract", "multiply", "divide")}
    expected["maximum"], expected["minimum"] = extreme(max), extreme(min)
    expected["remainder"] = np.fmod(x.astype(np.float64), y.astype(np.float64)).astype(dtype)
    for op, want in expected.items():
        text = _bcast_program("broadcast_" + op, tensor((2, 4), dtype), tensor((4,), dtype), tensor((2, 4), dtype))
        assert_same(interpret(text, a, b), [want], f"{op} {NAMES[np.dtype(dtype)]}")
    a = np.array([[0.5, 2.0], [3.0, 1.5]]).astype(dtype)
    b = np.array([1.5, 2.0]).astype(dtype)
    for op, fn in [("atan2", mpmath.atan2), ("power", mpmath.power), ("zeta", mpmath.zeta),
                   ("polygamma", lambda n, v: mpmath.psi(int(n), v))]:
        text = _bcast_program("broadcast_" + op, tensor((2,), dtype), tensor((2, 2), dtype), tensor((2, 2), dtype))
        if op == "polygamma":
            n = np.array([1.0, 2.0]).astype(dtype)
            got = interpret(text, n, a)[0]
            want = mp_exact(fn, *np.broadcast_arrays(n, a))
        else:
            got = interpret(text, b, a)[0]
            want = mp_exact(fn, *np.broadcast_arrays(b, a), dtype=dtype)
        assert_ulp([got], [want], 4 if op == "power" or dtype == np.float64 and op == "zeta" else 1, op)
    text = _bcast_program("broadcast_next_after", tensor((2, 2), dtype), tensor((), dtype), tensor((2, 2), dtype))
    got = interpret(text, a, np.array(INF if _has_inf(dtype) else 100.0).astype(dtype))[0]
    grid = a.view(np.uint8 if np.dtype(dtype).itemsize == 1 else f"u{np.dtype(dtype).itemsize}")
    assert_same([got], [(grid + 1).view(dtype)])


def test_broadcast_compare_directions_and_types():
    a = np.array([[NAN, -0.0, 1.0], [0.0, -INF, 2.0]], np.float32)
    b = np.array([0.0, 0.0, NAN], np.float32)
    x, y = np.broadcast_arrays(a, b)

    def total(v):
        bits = struct.unpack("<i", struct.pack("<f", v))[0]
        return bits ^ 0x7FFFFFFF if bits < 0 else bits

    ops = {"EQ": lambda p, q: p == q, "NE": lambda p, q: p != q, "GE": lambda p, q: p >= q,
           "GT": lambda p, q: p > q, "LE": lambda p, q: p <= q, "LT": lambda p, q: p < q}
    for direction, fn in ops.items():
        for compare_type in (None, "FLOAT", "TOTALORDER"):
            attrs = f"comparison_direction = #chlo<comparison_direction {direction}>"
            if compare_type:
                attrs += f", compare_type = #chlo<comparison_type {compare_type}>"
            text = _bcast_program("broadcast_compare", tensor((2, 3), "f32"), tensor((3,), "f32"),
                                  tensor((2, 3), "i1"), attrs=attrs)
            if compare_type == "TOTALORDER":
                want = [fn(total(p), total(q)) for p, q in zip(x.ravel().tolist(), y.ravel().tolist())]
            else:
                want = [fn(p, q) for p, q in zip(x.ravel().tolist(), y.ravel().tolist())]
            assert interpret(text, a, b)[0].ravel().tolist() == want, (direction, compare_type)
    u = np.array([[200, 3]], np.uint8)
    text = _bcast_program("broadcast_compare", tensor((1, 2), "ui8"), tensor((), "ui8"), tensor((1, 2), "i1"),
                          attrs="comparison_direction = #chlo<comparison_direction GT>, "
                                "compare_type = #chlo<comparison_type UNSIGNED>")
    assert interpret(text, u, np.array(100, np.uint8))[0].tolist() == [[True, False]]


def test_broadcast_complex_and_select():
    re = np.array([[1.0, -0.0], [2.5, NAN]], np.float32)
    im = np.array([3.0, -1.0], np.float32)
    text = _bcast_program("broadcast_complex", tensor((2, 2), "f32"), tensor((2,), "f32"),
                          tensor((2, 2), "complex<f32>"), dims=(1,))
    (got,) = interpret(text, re, im)
    assert_same([got.real, got.imag], [re, np.broadcast_to(im, (2, 2)).copy()])
    pred = np.array([[True], [False], [True]])
    on_true = np.array([1.5, -2.0], ml_dtypes.bfloat16)
    on_false = np.array(9.0, ml_dtypes.bfloat16)
    text = ("func.func @main(%p: tensor<3x1xi1>, %t: tensor<2xbf16>, %f: tensor<bf16>) -> tensor<3x2xbf16> {\n"
            "  %0 = chlo.broadcast_select %p, %t, %f : (tensor<3x1xi1>, tensor<2xbf16>, tensor<bf16>) -> tensor<3x2xbf16>\n"
            "  func.return %0 : tensor<3x2xbf16>\n}")
    assert_same(interpret(text, pred, on_true, on_false), [np.where(pred, on_true, on_false)])
    scalar = text.replace("tensor<3x1xi1>", "tensor<i1>").replace("tensor<3x2xbf16>", "tensor<2xbf16>")
    assert_same(interpret(scalar, np.array(False), on_true, on_false), [np.full(2, 9.0, ml_dtypes.bfloat16)])


def test_broadcast_with_dynamic_shapes_checks_at_run_time():
    text = _bcast_program("broadcast_add", "tensor<?x3xf32>", "tensor<?xf32>", "tensor<?x3xf32>")
    got = interpret(text, np.ones((2, 3), np.float32), np.arange(3, dtype=np.float32))[0]
    assert_same([got], [np.ones((2, 3), np.float32) + np.arange(3, dtype=np.float32)])
    got = interpret(text, np.ones((2, 3), np.float32), np.ones(1, np.float32))[0]  # a size-1 dimension
    assert_same([got], [np.full((2, 3), 2.0, np.float32)])
    with pytest.raises(InterpreterError, match=r"chlo\.broadcast_add.*do not broadcast"):
        interpret(text, np.ones((2, 3), np.float32), np.ones(2, np.float32))
    text = _bcast_program("broadcast_add", "tensor<?xf32>", "tensor<?xf32>", "tensor<2xf32>")
    with pytest.raises(InterpreterError, match=r"chlo\.broadcast_add.*does not fit the result type"):
        interpret(text, np.ones(3, np.float32), np.ones(1, np.float32))


# ---------------------------------------------------------------------------
# top_k


def _total_order_key(value: float, dtype) -> int:
    """IEEE totalOrder as an integer, from the value's bits in its own type."""
    itemsize = np.dtype(dtype).itemsize
    raw = int(np.array(value, dtype).reshape(1).view(f"u{itemsize}")[0])
    bits = 8 * itemsize
    return -(raw & ((1 << (bits - 1)) - 1)) - 1 if raw >> (bits - 1) else raw


def _top_k_oracle(x, k, key):
    rows = x.reshape(-1, x.shape[-1])
    values, indices = [], []
    for row in rows:
        order = sorted(range(len(row)), key=lambda i: (-key(row[i]), i))[:k]
        values.append(row[order])
        indices.append(order)
    shape = x.shape[:-1] + (k,)
    return np.array(values, x.dtype).reshape(shape), np.array(indices, np.int32).reshape(shape)


def _top_k_program(shape, dtype, k):
    out = shape[:-1] + (k,)
    return (f"func.func @main(%a: {tensor(shape, dtype)}) -> ({tensor(out, dtype)}, {tensor(out, 'i32')}) {{\n"
            f"  %v, %i = chlo.top_k(%a, k = {k}) : {tensor(shape, dtype)} -> ({tensor(out, dtype)}, {tensor(out, 'i32')})\n"
            f"  func.return %v, %i : {tensor(out, dtype)}, {tensor(out, 'i32')}\n}}")


@pytest.mark.parametrize("dtype", FLOATS + [ml_dtypes.float8_e5m2], ids=lambda d: NAMES[np.dtype(d)])
def test_top_k_total_order_with_nan_and_signed_zeros(dtype):
    special = [1.0, NAN, -INF, 0.0, -0.0, -NAN, INF, 2.0, 0.0, -0.0, NAN, -NAN, 1.0]
    x = np.array(special).astype(dtype)
    x[5] = -np.abs(x[5]) if dtype != ml_dtypes.float8_e5m2 else x[5]
    x = np.stack([x, x[::-1]])
    for k in (0, 4, 13):
        expected = _top_k_oracle(x, k, lambda v: _total_order_key(v, dtype))
        assert_same(interpret(_top_k_program(x.shape, dtype, k), x), list(expected), f"k={k}")


@pytest.mark.parametrize("dtype", INTS + [np.bool_], ids=lambda d: NAMES[np.dtype(d)])
def test_top_k_integers(dtype):
    rng = np.random.default_rng(6)
    if dtype == np.bool_:
        x = rng.integers(0, 2, (3, 7)).astype(bool)
    else:
        info = ml_dtypes.iinfo(dtype)
        x = rng.integers(max(int(info.min), -5), min(int(info.max), 5), (3, 7), endpoint=True).astype(dtype)
        x[0, 0], x[1, 1] = info.min, info.max
    expected = _top_k_oracle(x, 4, int)
    assert_same(interpret(_top_k_program(x.shape, dtype, 4), x), list(expected))


def test_top_k_of_rank_3_sorts_the_last_dimension():
    x = np.random.default_rng(19).integers(-9, 9, (2, 3, 5)).astype(np.int16)
    assert_same(interpret(_top_k_program(x.shape, np.int16, 2), x), list(_top_k_oracle(x, 2, int)))


def test_top_k_complex_is_lexicographic():
    x = np.array([[1 + 2j, 1 + 3j, 2 - 1j, -1 + 9j, 1 + 3j]], np.complex64)
    rows = [sorted(range(x.shape[1]), key=lambda i: (-x[0, i].real, -x[0, i].imag, i))[:3]]
    expected = (np.take_along_axis(x, np.array(rows), -1), np.array(rows, np.int32))
    values, indices = interpret(_top_k_program(x.shape, np.complex64, 3), x)
    assert indices.tolist() == [[2, 1, 4]] and values.tolist() == [[2 - 1j, 1 + 3j, 1 + 3j]]
    assert_same([values, indices], list(expected))


def test_top_k_dynamic_last_dimension():
    text = """func.func @main(%a: tensor<2x?xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%a, k = 3) : tensor<2x?xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  func.return %v, %i : tensor<2x3xf32>, tensor<2x3xi32>
}"""
    x = np.array([[3, 1, 2, 5], [0, 0, 7, 1]], np.float32)
    values, indices = interpret(text, x)
    assert indices.tolist() == [[3, 0, 2], [2, 3, 0]]
    with pytest.raises(InterpreterError, match=r"chlo\.top_k.*k = 3 is larger"):
        interpret(text, x[:, :2])


# ---------------------------------------------------------------------------
# ragged_dot


def _ragged_program(lhs, rhs, sizes, out, dims, dtype="f32", out_dtype=None):
    names = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
             "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions")
    attr = ", ".join(f"{n} = [{', '.join(map(str, d))}]" for n, d in zip(names, dims))
    types = [tensor(lhs, dtype), tensor(rhs, dtype), tensor(sizes, "i64")]
    return program("ragged_dot", *types, result=tensor(out, out_dtype or dtype),
                   attrs=f" {{ragged_dot_dimension_numbers = #chlo.ragged_dot<{attr}>}}")


def _groups(sizes, n):
    """[start, end) of each group, clipped to [0, n): the running sums of the sizes."""
    ends = np.cumsum(sizes)
    return [(max(0, min(int(e - s), n)), max(0, min(int(e), n))) for s, e in zip(sizes, ends)]


def _ints_as(shape, dtype, seed):
    return np.random.default_rng(seed).integers(-4, 5, shape).astype(dtype)


@pytest.mark.parametrize("sizes", [[2, 1, 3], [1, 1, 1], [0, 0, 0], [4, 4, 4], [0, 6, 0], [6, 0, 0]], ids=str)
def test_ragged_dot_non_contracting(sizes):
    """[m, k] x [g, k, n] -> [m, n]: rows of group j times rhs[j]; rows past the groups are 0."""
    lhs, rhs = _ints_as((6, 3), np.float32, 7), _ints_as((3, 3, 2), np.float32, 8)
    expected = np.zeros((6, 2), np.float32)
    for j, (s, e) in enumerate(_groups(sizes, 6)):
        expected[s:e] = lhs[s:e] @ rhs[j]
    text = _ragged_program((6, 3), (3, 3, 2), (3,), (6, 2), [(), (), (1,), (1,), (0,), (0,)])
    assert_same(interpret(text, lhs, rhs, np.array(sizes, np.int64)), [expected])


def test_ragged_dot_negative_sizes_sum_overlapping_groups():
    """Sizes [2, -1, 5]: groups [0, 2), [2, 1) (empty), [1, 6): row 1 lies in groups 0 and 2 and
    gets the sum of both products (the masks of chlo-legalize-to-stablehlo, jax's too)."""
    lhs, rhs = _ints_as((6, 3), np.float32, 9), _ints_as((3, 3, 2), np.float32, 10)
    expected = np.zeros((6, 2), np.float32)
    expected[0:2] += lhs[0:2] @ rhs[0]
    expected[1:6] += lhs[1:6] @ rhs[2]
    text = _ragged_program((6, 3), (3, 3, 2), (3,), (6, 2), [(), (), (1,), (1,), (0,), (0,)])
    assert_same(interpret(text, lhs, rhs, np.array([2, -1, 5], np.int64)), [expected])


def test_ragged_dot_non_contracting_with_batch_and_per_batch_sizes():
    """[b, m, k] x [g, b, k, n] with group sizes [b, g]; the rhs group dimension not first."""
    lhs, rhs = _ints_as((2, 5, 3), np.float64, 11), _ints_as((2, 3, 4, 3), np.float64, 12)  # rhs [b, k, g, n]
    sizes = np.array([[2, 3, 0, 0], [1, 0, 1, 2]], np.int64)
    expected = np.zeros((2, 5, 3))
    for b in range(2):
        for j, (s, e) in enumerate(_groups(sizes[b], 5)):
            expected[b, s:e] = lhs[b, s:e] @ rhs[b, :, j, :]
    text = _ragged_program((2, 5, 3), (2, 3, 4, 3), (2, 4), (2, 5, 3), [(0,), (0,), (2,), (1,), (1,), (2,)], "f64")
    assert_same(interpret(text, lhs, rhs, sizes), [expected])


def test_ragged_dot_contracting():
    """[m, k] x [k, n] -> [g, m, n]: result j contracts over group j's part of k only."""
    lhs, rhs = _ints_as((2, 5), np.float32, 13), _ints_as((5, 3), np.float32, 14)
    for sizes in ([2, 3], [1, 1], [0, 7], [-1, 4]):
        expected = np.stack([lhs[:, s:e] @ rhs[s:e] for s, e in _groups(sizes, 5)]).astype(np.float32)
        text = _ragged_program((2, 5), (5, 3), (2,), (2, 2, 3), [(), (), (1,), (0,), (1,), ()])
        assert_same(interpret(text, lhs, rhs, np.array(sizes, np.int64)), [expected], str(sizes))


def test_ragged_dot_contracting_ignores_nan_outside_the_group():
    lhs = np.array([[1.0, NAN, 2.0]], np.float32)
    rhs = np.array([[1.0], [INF], [3.0]], np.float32)
    text = _ragged_program((1, 3), (3, 1), (2,), (2, 1, 1), [(), (), (1,), (0,), (1,), ()])
    got = interpret(text, lhs, rhs, np.array([1, 0], np.int64))[0]
    assert_same([got], [np.array([[[1.0]], [[0.0]]], np.float32)])


def test_ragged_dot_batch_mode_is_dot_general():
    lhs, rhs = _ints_as((4, 2, 3), np.int8, 15), _ints_as((4, 3, 2), np.int8, 16)
    text = _ragged_program((4, 2, 3), (4, 3, 2), (2,), (4, 2, 2), [(0,), (0,), (2,), (1,), (0,), ()], "i8", "i32")
    expected = np.einsum("bmk,bkn->bmn", lhs.astype(np.int32), rhs.astype(np.int32))
    assert_same(interpret(text, lhs, rhs, np.array([1, 1], np.int64)), [expected])


def test_ragged_dot_mixed_precision_accumulates_like_dot_general():
    """bf16 operands, f32 result: products and sums in f32, as stablehlo.dot_general."""
    rng = np.random.default_rng(17)
    lhs = rng.normal(size=(4, 8)).astype(ml_dtypes.bfloat16)
    rhs = rng.normal(size=(2, 8, 3)).astype(ml_dtypes.bfloat16)
    text = _ragged_program((4, 8), (2, 8, 3), (2,), (4, 3), [(), (), (1,), (1,), (0,), (0,)], "bf16", "f32")
    got = interpret(text, lhs, rhs, np.array([1, 3], np.int64))[0]
    wide_l, wide_r = lhs.astype(np.float64), rhs.astype(np.float64)
    exact = np.concatenate([wide_l[:1] @ wide_r[0], wide_l[1:] @ wide_r[1]])
    np.testing.assert_allclose(got, exact, rtol=0, atol=10 * 2.0**-24 * np.abs(wide_l).sum(1).max() * 4)


# ---------------------------------------------------------------------------
# scan


def _scan_program(dim, reverse, n=4):
    attrs = " attributes {is_reverse = true}" if reverse else ""
    x_type = "tensor<4x3xi32>" if dim == 0 else "tensor<3x4xi32>"
    return f"""func.func @main(%x: {x_type}, %y: {x_type}, %c: tensor<3xi32>, %d: tensor<i32>) -> ({x_type}, tensor<3xi32>, tensor<i32>) {{
  %o, %k, %m = chlo.scan(%x, %y) inits(%c, %d) dimension={dim}{attrs} {{
  ^bb0(%a: tensor<3xi32>, %b: tensor<3xi32>, %carry: tensor<3xi32>, %count: tensor<i32>):
    %s = stablehlo.add %a, %carry : tensor<3xi32>
    %t = stablehlo.multiply %s, %b : tensor<3xi32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %count, %one : tensor<i32>
    stablehlo.return %t, %s, %n : tensor<3xi32>, tensor<3xi32>, tensor<i32>
  }} : ({x_type}, {x_type}, tensor<3xi32>, tensor<i32>) -> ({x_type}, tensor<3xi32>, tensor<i32>)
  func.return %o, %k, %m : {x_type}, tensor<3xi32>, tensor<i32>
}}"""


@pytest.mark.parametrize("dim,reverse", [(0, False), (0, True), (1, False), (1, True)])
def test_scan(dim, reverse):
    rng = np.random.default_rng(18)
    shape = (4, 3) if dim == 0 else (3, 4)
    x, y = (rng.integers(-5, 5, shape).astype(np.int32) for _ in range(2))
    c = rng.integers(-5, 5, 3).astype(np.int32)
    xs, ys = (np.moveaxis(v, dim, 0) for v in (x, y))
    out = np.zeros((4, 3), np.int32)
    carry = c
    for t in (range(3, -1, -1) if reverse else range(4)):
        carry = xs[t] + carry
        out[t] = carry * ys[t]
    expected = [np.moveaxis(out, 0, dim), carry, np.array(4, np.int32)]
    assert_same(interpret(_scan_program(dim, reverse), x, y, c, np.array(0, np.int32)), expected)


def test_scan_with_captured_value_and_dynamic_length():
    text = """func.func @main(%x: tensor<?xf32>, %w: tensor<f32>) -> (tensor<?xf32>, tensor<f32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %o, %k = chlo.scan(%x) inits(%zero) dimension=0 {
  ^bb0(%a: tensor<f32>, %acc: tensor<f32>):
    %p = stablehlo.multiply %a, %w : tensor<f32>
    %s = stablehlo.add %acc, %p : tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  } : (tensor<?xf32>, tensor<f32>) -> (tensor<?xf32>, tensor<f32>)
  func.return %o, %k : tensor<?xf32>, tensor<f32>
}"""
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32)
    out, total = interpret(text, x, np.float32(2.0))
    assert_same([out, total], [np.cumsum(x * 2).astype(np.float32), np.array(30.0, np.float32)])
    out, total = interpret(text, x[:0], np.float32(2.0))
    assert out.shape == (0,) and total == 0


def test_scan_steps_count_against_the_iteration_limit():
    x, y, c = (np.ones((4, 3), np.int32),) * 2 + (np.zeros(3, np.int32),)
    assert len(interpret(_scan_program(0, False), x, y, c, np.array(0, np.int32), limits={"max_iterations": 4})) == 3
    with pytest.raises(InterpreterError, match=r"chlo\.scan.*within 3 iterations"):
        interpret(_scan_program(0, False), x, y, c, np.array(0, np.int32), limits={"max_iterations": 3})


def test_scan_slices_that_do_not_fit_the_body_fail_cleanly():
    # Found by the fuzzer: a dynamic input whose slices are not the body's static type reached
    # the body's add as a numpy broadcasting error.
    text = """func.func @main(%x: tensor<?x3xf32>, %c: tensor<3xf32>) -> tensor<?x3xf32> {
  %o, %k = chlo.scan(%x) inits(%c) dimension=1 {
  ^bb0(%a: tensor<2xf32>, %acc: tensor<3xf32>):
    stablehlo.return %a, %acc : tensor<2xf32>, tensor<3xf32>
  } : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)
  func.return %o : tensor<?x3xf32>
}"""
    with pytest.raises(InterpreterError, match=r"chlo\.scan.*takes tensor<2xf32> for argument 0, but the slices "
                                               r"of input 0 have shape \(0,\)"):
        interpret(text, np.ones((0, 3), np.float32), np.zeros(3, np.float32))


def test_scan_inputs_of_different_lengths_fail():
    text = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %o = chlo.scan(%x, %y) inits() dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  } : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %o : tensor<?xf32>
}"""
    x = np.ones(3, np.float32)
    assert_same(interpret(text, x, x), [np.full(3, 2.0, np.float32)])
    with pytest.raises(InterpreterError, match=r"chlo\.scan.*one size along dimension 0"):
        interpret(text, x, np.ones(2, np.float32))
    sized = text.replace("dimension=0 {", "dimension=0 attributes {scan_dim_size = 3 : i64} {")
    assert_same(interpret(sized, x, x), [np.full(3, 2.0, np.float32)])
    with pytest.raises(InterpreterError, match=r"chlo\.scan.*scan_dim_size 3"):
        interpret(sized, x[:2], x[:2])


# ---------------------------------------------------------------------------
# Run-time errors


class _Op:
    """The fields of a DecodedOp a chlo kernel factory reads."""

    def __init__(self, operands, results, **attrs):
        from stablehlo_py.interpreter.core.types import TensorSpec, element_info

        def spec(t):
            shape, element = t
            return TensorSpec(shape, element_info(element), tensor(shape, element))

        self.operand_specs = tuple(map(spec, operands))
        self.result_specs = tuple(map(spec, results))
        self.attrs = attrs


@pytest.mark.parametrize("op,element", [("bessel_i1e", "complex<f32>"), ("erf", "complex<f64>"), ("next_after", "i32"),
                                        ("mulhi", "f32"), ("is_inf", "i8"), ("conj", "i32"), ("square", "i1"),
                                        ("_asin_acos_kernel", "f32"), ("zeta", "complex<f32>")])
def test_element_types_a_kernel_cannot_run(op, element):
    """Our verifier, stricter than upstream's, rejects these types; should one reach a kernel,
    its factory raises an InterpreterError (which the plan locates at the op)."""
    from stablehlo_py.interpreter.core.registry import lookup

    operands = [((2,), element)] * (2 if op in ("next_after", "mulhi", "zeta") else 1)
    with pytest.raises(InterpreterError, match=f"element type {re.escape(element)} is not supported"):
        lookup("chlo." + op)(_Op(operands, [((2,), element)]))


def test_unsupported_types_are_rejected_before_running():
    text = program("bessel_i1e", "tensor<2xcomplex<f32>>", result="tensor<2xcomplex<f32>>")
    with pytest.raises(InterpreterError, match="bessel_i1e"):
        interpret(text, np.ones(2, np.complex64))


def test_wrong_argument_dtype_is_an_error():
    text = program("erf", "tensor<2xf32>", result="tensor<2xf32>")
    with pytest.raises(InterpreterError, match="argument 0"):
        interpret(text, np.ones(2, np.float64))
