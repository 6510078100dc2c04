"""stablehlo-py-chlo-legalize-to-stablehlo, ours (python/stablehlo_py/passes/chlo_legalize.py, chlo_math.py).

Every chlo op: a program using it is legalized, must hold no chlo op and verify, and its results
under the interpreter must agree with an oracle that does not share the pass's arithmetic
(scipy.special, mpmath, numpy, Python integers, or XLA for JAX exports). Errors are measured in
epsilons of the element type relative to max(|expected|, FLOOR): FLOOR is the smallest normal
number (a relative error) except where noted (1.0: an absolute error near a function's zeros,
where a formula with rounding errors of its terms cannot be relative). The tolerances in
TOLERANCES are the measured maxima over the inputs below with a margin (docs/chlo.md lists the
measured values).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import warnings

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import ml_dtypes
import mpmath
import mlir.ir as ir
import numpy as np
import pytest
import scipy.special as sp
from mlir.passmanager import PassManager

import stablehlo_py
from conftest import export, xla
from stablehlo_py.interpreter.core.types import dtype_info
from stablehlo_py.passes.chlo_legalize import add_chlo_legalize_pass, legalize_chlo
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.registry import add_pass
from testing.seeds import reseeded_per_test

RNG = np.random.default_rng(20240611)
F32, F64 = np.float32, np.float64

# RNG (read by the input tables too) restarts from a seed of each test's name (testing/seeds.py)
_inputs_of_each_test = reseeded_per_test()


# ----------------------------------------------------------------- helpers

def _type(a) -> str:
    a = np.asarray(a)
    return f"tensor<{''.join(f'{d}x' for d in a.shape)}{dtype_info(a.dtype).name}>"


def legalize(text: str):
    """The module of `text` after the pass (through a PassManager); checks no chlo op is left."""
    module = stablehlo_py.parse_module(text)
    pm = PassManager("builtin.module", context=module.context)
    add_chlo_legalize_pass(pm)
    pm.run(module.operation)
    module.operation.verify()
    assert "chlo." not in str(module), str(module)
    return module


def unary_program(op: str, x, result_element=None) -> str:
    t = _type(x)
    r = t if result_element is None else t.rsplit("x", 1)[0] + f"x{result_element}>" if np.ndim(x) else \
        f"tensor<{result_element}>"
    return (f"func.func @main(%x: {t}) -> {r} {{\n  %0 = chlo.{op} %x : {t} -> {r}\n"
            f"  return %0 : {r}\n}}")


def binary_program(op: str, x, y, result=None) -> str:
    tx, ty = _type(x), _type(y)
    r = result or tx
    return (f"func.func @main(%x: {tx}, %y: {ty}) -> {r} {{\n  %0 = chlo.{op} %x, %y : {tx}, {ty} -> {r}\n"
            f"  return %0 : {r}\n}}")


def run(text: str, *args):
    return stablehlo_py.interpret(legalize(text), *args)


def errors(got, want, dtype, floor=None) -> np.ndarray:
    """|got - want| / max(|want|, floor) in epsilons of `dtype`; 0 where both are the same
    (infinities) or both NaN."""
    got = np.asarray(got).astype(np.float64)
    want = np.asarray(want, np.float64)
    info = ml_dtypes.finfo(dtype)
    floor = float(info.smallest_normal) if floor is None else floor
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.abs(got - want) / np.maximum(np.abs(want), floor) / float(info.eps)
    e[(got == want) | (np.isnan(got) & np.isnan(want))] = 0.0
    e[np.isnan(e)] = np.inf
    return e


def assert_within(got, want, dtype, tolerance, floor=None, inputs=None):
    e = errors(got, want, dtype, floor)
    worst = int(np.argmax(e))
    where = "" if inputs is None else f" at input {[np.asarray(i).ravel()[worst] for i in inputs]}"
    assert e[worst] <= tolerance, (f"{e[worst]:.3g} eps > {tolerance}{where}: got "
                                   f"{np.asarray(got).ravel()[worst]!r}, expected {np.asarray(want).ravel()[worst]!r}")


def _mp(fn, *arrays):
    """fn on mpmath numbers at 80 bits, elementwise; a real result as float, else NaN."""
    mpmath.mp.prec = 80
    out = []
    for values in zip(*[np.asarray(a, np.float64).ravel() for a in arrays]):
        try:
            v = fn(*[mpmath.mpf(float(t)) for t in values])
        except (ValueError, ZeroDivisionError):
            out.append(np.nan)
            continue
        v = complex(v)
        out.append(v.real if v.imag == 0 else np.nan)
    return np.array(out).reshape(np.shape(arrays[0]))


def _mp_lgamma(x):
    return mpmath.inf if x <= 0 and x == mpmath.floor(x) else mpmath.log(abs(mpmath.gamma(x)))


def _wide(low, high, n, sign=True):
    """n values spread over [low, high] in magnitude on a log scale (both signs if `sign`)."""
    v = np.exp(RNG.uniform(math.log(low), math.log(high), n))
    return v * RNG.choice([-1.0, 1.0], n) if sign else v


# ----------------------------------------------------------------- unary special functions

EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, np.inf, -np.inf, np.nan]

# op -> (inputs, oracle on f64 inputs, floor or None, {dtype: tolerance in eps})
# measured maxima (eps) in the comments; tolerances add a margin
UNARY = {
    "erf": (lambda: np.concatenate([RNG.uniform(-6, 6, 400), _wide(1e-30, 30, 200), EDGES]),
            sp.erf, None, {F32: 2.5, F64: 2}),                    # 1.2, 0.6
    "erfc": (lambda: np.concatenate([RNG.uniform(-6, 10, 400), RNG.uniform(-2, 27, 200), EDGES]),
             # scipy flushes subnormal results; measured over 400,000 inputs in [-6, 27]: at most 7.7 eps
             # (f32) and 7.6 eps (f64), both near x = 0.95, where erfc is computed as 1 - erf(x)
             lambda x: _mp(mpmath.erfc, x), None, {F32: 8, F64: 8}),
    "erf_inv": (lambda: np.concatenate([RNG.uniform(-1, 1, 400), 1 - _wide(1e-16, 1e-1, 100, False),
                                        [1 - 2.0 ** -24, 1.5, -2.0] + EDGES]),
                sp.erfinv, None, {F32: 4, F64: 6}),
    "lgamma": (lambda: np.concatenate([RNG.uniform(-20, 20, 300), _wide(1e-30, 1e30, 100, False),
                                       [-3.0, -2.5, 3.0, 1e-30] + EDGES]),
               lambda x: _mp(_mp_lgamma, x), 1.0, {F32: 40, F64: 24}),
    "digamma": (lambda: np.concatenate([RNG.uniform(-20, 20, 300), _wide(1e-30, 1e30, 100, False),
                                        [-3.0, 1e-30] + EDGES]),
                lambda x: np.where(x == 0, -np.inf, _mp(mpmath.digamma, x)), 1.0, {F32: 12, F64: 12}),
    "bessel_i1e": (lambda: np.concatenate([RNG.uniform(-20, 20, 300), _wide(1e-30, 1e30, 100), EDGES]),
                   sp.i1e, None, {F32: 16, F64: 4}),
    "sinh": (lambda: np.concatenate([RNG.uniform(-5, 5, 300), RNG.uniform(-720, 720, 100), _wide(1e-30, 1, 100),
                                     [89.4, -89.4, 710.4] + EDGES]), np.sinh, None, {F32: 4, F64: 4}),
    "cosh": (lambda: np.concatenate([RNG.uniform(-5, 5, 300), RNG.uniform(-720, 720, 100), [89.4, 710.4] + EDGES]),
             np.cosh, None, {F32: 4, F64: 4}),
    "tan": (lambda: np.concatenate([RNG.uniform(-5, 5, 300), EDGES]), np.tan, None, {F32: 3, F64: 3}),
    "asin": (lambda: np.concatenate([RNG.uniform(-1.1, 1.1, 300), _wide(1e-30, 1, 100), EDGES]),
             np.arcsin, None, {F32: 3, F64: 2}),
    "acos": (lambda: np.concatenate([RNG.uniform(-1.1, 1.1, 300), 1 - _wide(1e-16, 1e-1, 50, False), EDGES]),
             np.arccos, None, {F32: 3, F64: 2}),
    "atan": (lambda: np.concatenate([RNG.uniform(-10, 10, 300), _wide(1e-30, 1e30, 100), EDGES]),
             np.arctan, None, {F32: 3, F64: 2}),
    "asinh": (lambda: np.concatenate([RNG.uniform(-10, 10, 300), _wide(1e-30, 1e300, 200), EDGES]),
              np.arcsinh, None, {F32: 3, F64: 2}),
    "acosh": (lambda: np.concatenate([RNG.uniform(0.5, 10, 300), 1 + _wide(1e-16, 1e300, 200, False), EDGES]),
              np.arccosh, None, {F32: 3, F64: 2}),
    "atanh": (lambda: np.concatenate([RNG.uniform(-1.1, 1.1, 300), _wide(1e-30, 1, 100), EDGES]),
              np.arctanh, None, {F32: 3, F64: 2}),
}


@pytest.mark.parametrize("dtype", [F32, F64], ids=["f32", "f64"])
@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_against_oracle(op, dtype):
    inputs, oracle, floor, tolerances = UNARY[op]
    with np.errstate(over="ignore"):   # f64 inputs beyond f32's range become infinities
        x = inputs().astype(dtype)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = oracle(x.astype(np.float64))
    (got,) = run(unary_program(op, x), x)
    assert got.dtype == x.dtype
    if dtype == F32:  # the oracle's result as the nearest f32, as the op's result is
        with np.errstate(over="ignore"):
            want = np.asarray(want).astype(F32).astype(np.float64)
    assert_within(got, want, dtype, tolerances[dtype], floor, [x])


# narrower floats are computed in f32 and rounded once: within an ulp of the correctly rounded value
NARROW = [np.float16, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2]


@pytest.mark.parametrize("dtype", NARROW, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", ["erf", "erfc", "erf_inv", "lgamma", "digamma", "bessel_i1e", "sinh", "cosh",
                                "tan", "asin", "acos", "atan", "asinh", "acosh", "atanh"])
def test_narrow_floats(op, dtype):
    inputs, oracle, floor, _ = UNARY[op]
    with np.errstate(all="ignore"):
        x = inputs()[:120].astype(dtype)
    x = x[np.isfinite(x.astype(np.float64)) | np.isnan(x.astype(np.float64))]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.asarray(oracle(x.astype(np.float64)), np.float64)
        want = want.astype(dtype).astype(np.float64)   # correctly rounded (overflow: inf or NaN)
    (got,) = run(unary_program(op, x), x)
    assert got.dtype == x.dtype
    finite = np.isfinite(want)
    assert_within(got[finite], want[finite], dtype, 1.0, floor, [x[finite]])


# ----------------------------------------------------------------- complex

COMPLEX_OPS = {"asin": np.arcsin, "acos": np.arccos, "asinh": np.arcsinh, "acosh": np.arccosh,
               "atan": np.arctan, "atanh": np.arctanh, "sinh": np.sinh, "cosh": np.cosh, "tan": np.tan}
COMPLEX_TOLERANCE = {"asin": 4, "acos": 4, "asinh": 4, "acosh": 4, "atan": 4, "atanh": 4, "sinh": 4, "cosh": 4,
                     "tan": 6}


def _complex_inputs(dtype, op):
    mag = np.exp(RNG.uniform(-20, 20, 300))
    z = np.concatenate([mag * np.exp(1j * RNG.uniform(-np.pi, np.pi, 300)),
                        RNG.uniform(-2, 2, 200) + 1j * RNG.uniform(-2, 2, 200),
                        RNG.uniform(-3, 3, 40) + 0j, 1j * RNG.uniform(-3, 3, 40),
                        [1 + 1e-20j, 0.5 + 1e-25j, 2 + 1e-25j, 1e-30 + 1e-30j, 1e30 + 1e30j, -1e30 - 3e29j]])
    if op in ("sinh", "cosh", "tan"):
        z = z[np.abs(z.real if op != "tan" else z.imag) < 40]
    return z.astype(dtype)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
@pytest.mark.parametrize("op", sorted(COMPLEX_OPS))
def test_complex_against_numpy(op, dtype):
    """numpy in complex128 as the oracle (C99 branch cuts: the sign of a zero imaginary part picks
    the side); errors per part relative to |expected|."""
    z = _complex_inputs(dtype, op)
    (got,) = run(unary_program(op, z), z)
    want = COMPLEX_OPS[op](z.astype(np.complex128))
    real = np.float32 if dtype == np.complex64 else np.float64
    scale = np.abs(want)
    for part in (np.real, np.imag):
        e = errors(part(got), part(want), real, floor=None)
        e = np.where(np.abs(part(got).astype(np.float64) - part(want)) <=
                     COMPLEX_TOLERANCE[op] * np.finfo(real).eps * scale, 0, e)
        worst = int(np.argmax(e))
        assert e[worst] <= COMPLEX_TOLERANCE[op], (z[worst], got[worst], want[worst])


def test_asin_acos_kernel():
    """w = _asin_acos_kernel(z): asin(z) = atan2(re z, re w) + i sign(im z) im w."""
    z = _complex_inputs(np.complex128, "asin")
    (w,) = run(unary_program("_asin_acos_kernel", z), z)
    want = np.arcsin(z)
    got = np.arctan2(z.real, w.real) + 1j * np.copysign(w.imag, z.imag)
    assert np.allclose(got, want, rtol=1e-14, atol=0)


def test_complex_branch_cuts_and_infinities():
    z = np.array([2 + 0j, complex(2, -0.0), -2 + 0j, complex(-2, -0.0), 2j, complex(-0.0, 2),
                  complex(np.inf, np.inf), complex(np.inf, 0), complex(0, np.inf)], np.complex128)
    for op in ("asin", "acos", "asinh", "acosh"):
        (got,) = run(unary_program(op, z), z)
        want = COMPLEX_OPS[op](z)
        assert np.allclose(got, want, rtol=1e-15, equal_nan=True), (op, got, want)
        assert np.array_equal(np.signbit(got.imag), np.signbit(want.imag)), op


# ----------------------------------------------------------------- zeta, polygamma

def test_zeta():
    x = np.concatenate([RNG.uniform(1, 12, 300), RNG.uniform(1, 60, 50)])
    q = np.concatenate([np.exp(RNG.uniform(-5, 5, 300)), RNG.uniform(0.1, 100, 50)])
    # XLA's rules: x = 1 diverges, x < 1 is NaN, q a non-positive integer is a pole (+inf for even x,
    # else NaN), q <= 0 needs an integer x, q = +inf gives 0, NaN propagates
    edge_x = np.array([1.0, 0.5, 2.0, 3.0, 2.5, 2.0, np.nan, 2.0])
    edge_q = np.array([2.0, 2.0, -1.0, -1.0, -1.5, np.inf, 1.0, np.nan])
    edge_want = np.array([np.inf, np.nan, np.inf, np.nan, np.nan, 0.0, np.nan, np.nan])
    for dtype, tolerance in ((F32, 8), (F64, 6)):   # measured 5.4, 2.6
        a, b = x.astype(dtype), q.astype(dtype)
        (got,) = run(binary_program("zeta", a, b), a, b)
        want = sp.zeta(a.astype(np.float64), b.astype(np.float64))
        if dtype == F32:
            want = want.astype(F32).astype(np.float64)
        assert_within(got, want, dtype, tolerance, inputs=[a, b])
        (got,) = run(binary_program("zeta", edge_x.astype(dtype), edge_q.astype(dtype)), edge_x.astype(dtype),
                     edge_q.astype(dtype))
        assert np.array_equal(got, edge_want, equal_nan=True), got


def test_polygamma():
    n = np.concatenate([RNG.integers(0, 7, 300).astype(float), [0.5, -1.0, 1.0, 2.0, np.nan]])
    x = np.concatenate([RNG.uniform(0.05, 30, 300), [2.0, 2.0, 0.0, -1.0, 1.0]])
    want = _mp(lambda k, v: mpmath.polygamma(int(k), v), n[:-5], x[:-5])
    for dtype, tolerance in ((F32, 12), (F64, 8)):   # measured 5.3, 3.0 (absolute near zeros)
        a, b = n.astype(dtype), x.astype(dtype)
        (got,) = run(binary_program("polygamma", a, b), a, b)
        w = want.astype(F32).astype(np.float64) if dtype == F32 else want
        assert_within(got[:-5], w, dtype, tolerance, floor=1.0, inputs=[a[:-5], b[:-5]])
        assert np.isnan(got[-5]) and np.isnan(got[-4]) and np.isnan(got[-1])   # n not natural, NaN
        assert got[-3] == np.inf                                                # trigamma(0): pole


# ----------------------------------------------------------------- bits and integers

def _next_oracle(dtype, x, y):
    """nextafter on the sorted list of every value of an 8- or 16-bit float format."""
    width = np.dtype(dtype).itemsize * 8
    bits = np.arange(2 ** width, dtype=np.uint64).astype(f"u{width // 8}")
    with np.errstate(invalid="ignore"):
        values = bits.view(dtype).astype(np.float64)
    finite = np.unique(values[~np.isnan(values)])
    has_negative_zero = not np.isnan(values[2 ** (width - 1)])   # FNUZ formats: -0's pattern is NaN
    out = []
    for a, b in zip(x.astype(np.float64), y.astype(np.float64)):
        if np.isnan(a) or np.isnan(b):
            out.append(np.nan)
        elif a == b:
            out.append(b)
        elif a == 0:
            smallest = finite[finite > 0][0]
            out.append(math.copysign(smallest, b) if (b > 0 or has_negative_zero) else -smallest)
        else:
            i = np.searchsorted(finite, a)
            step = finite[i + 1] if b > a else finite[i - 1]
            out.append(math.copysign(0.0, a) if step == 0 and has_negative_zero else step)  # zero keeps a's side
    return np.array(out)


@pytest.mark.parametrize("dtype", [F32, F64, np.float16], ids=["f32", "f64", "f16"])
def test_next_after_ieee(dtype):
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, np.finfo(dtype).max, np.finfo(dtype).smallest_subnormal]
    grid = np.array(special + list(RNG.standard_normal(40)), dtype)
    x = np.repeat(grid, len(grid))
    y = np.tile(grid, len(grid))
    (got,) = run(binary_program("next_after", x, y), x, y)
    with np.errstate(over="ignore"):
        want = np.where(x == y, y, np.nextafter(x, y))   # C: y when x == y (numpy's f16 returns x)
    same = (got.view(f"u{x.itemsize}") == want.view(f"u{x.itemsize}")) | (np.isnan(got) & np.isnan(want))
    assert same.all(), (x[~same][:5], y[~same][:5], got[~same][:5], want[~same][:5])


@pytest.mark.parametrize("dtype", [ml_dtypes.bfloat16, ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fn,
                                   ml_dtypes.float8_e4m3fnuz], ids=lambda d: np.dtype(d).name)
def test_next_after_narrow(dtype):
    values = np.arange(256, dtype=np.uint8).view(np.uint8)
    if np.dtype(dtype).itemsize == 2:
        values = RNG.integers(0, 65536, 400).astype(np.uint16)
    grid = values.view(dtype)
    x = grid
    y = grid[RNG.permutation(len(grid))]
    (got,) = run(binary_program("next_after", x, y), x, y)
    want = _next_oracle(dtype, x, y)
    g = got.astype(np.float64)
    ok = (g == want) & (np.signbit(g) == np.signbit(want)) | (np.isnan(g) & np.isnan(want))
    assert ok.all(), (x[~ok][:5], y[~ok][:5], got[~ok][:5], want[~ok][:5])


def test_next_after_unsupported_format():
    x = np.ones(2, ml_dtypes.float8_e8m0fnu)
    with pytest.raises(ir.MLIRError, match=r"chlo.next_after.*f8E8M0FNU"):
        legalize(binary_program("next_after", x, x))


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
                                   np.uint64], ids=lambda d: np.dtype(d).name)
def test_mulhi(dtype):
    info = np.iinfo(dtype)
    edges = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2, info.max // 2, info.min // 2]
    x = np.array(edges + list(RNG.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)), dtype)
    y = np.array(list(reversed(edges)) + list(RNG.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)),
                 dtype)
    (got,) = run(binary_program("mulhi", x, y), x, y)
    bits = info.bits
    want = [(int(a) * int(b)) >> bits for a, b in zip(x, y)]
    assert [int(v) for v in got] == want


def test_is_inf_family():
    x = np.array([np.inf, -np.inf, 0.0, np.nan, 1e38, -3.0], F32)
    for op, want in (("is_inf", np.isinf(x)), ("is_pos_inf", np.isposinf(x)), ("is_neg_inf", np.isneginf(x))):
        (got,) = run(unary_program(op, x, "i1"), x)
        assert np.array_equal(got, want), op
    nan_only = np.array([0, 0x7F, 0xFF, 0x7E], np.uint8).view(ml_dtypes.float8_e4m3fn)   # no infinity
    (got,) = run(unary_program("is_inf", nan_only, "i1"), nan_only)
    assert not got.any()


def test_square_conj_tan():
    x = RNG.standard_normal(20).astype(F32)
    z = (RNG.standard_normal(20) + 1j * RNG.standard_normal(20)).astype(np.complex64)
    (sq,) = run(unary_program("square", x), x)
    assert np.array_equal(sq, x * x)
    (sqz,) = run(unary_program("square", z), z)
    assert np.allclose(sqz, z.astype(np.complex128) ** 2, rtol=3e-7, atol=0)
    (cz,) = run(unary_program("conj", z), z)
    assert np.array_equal(cz, np.conj(z))
    (cx,) = run(unary_program("conj", x), x)
    assert np.array_equal(cx, x)


# ----------------------------------------------------------------- constants

def test_constant_and_constant_like():
    text = """
    func.func @main(%x: tensor<2x3xf32>, %b: tensor<2xi1>) -> (tensor<2x3xf32>, tensor<2x2xi32>, tensor<2xi1>) {
      %0 = "chlo.constant_like"(%x) <{value = 2.5 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %1 = chlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
      %2 = "chlo.constant_like"(%b) <{value = true}> : (tensor<2xi1>) -> tensor<2xi1>
      return %0, %1, %2 : tensor<2x3xf32>, tensor<2x2xi32>, tensor<2xi1>
    }"""
    got = run(text, np.zeros((2, 3), F32), np.zeros(2, np.bool_))
    assert np.array_equal(got[0], np.full((2, 3), 2.5, F32))
    assert np.array_equal(got[1], np.array([[1, 2], [3, 4]], np.int32))
    assert np.array_equal(got[2], np.ones(2, np.bool_))


def test_dynamic_shapes():
    """`?` sizes: constants and broadcasts take their sizes at run time (dynamic_broadcast_in_dim of
    get_dimension_size), so the program runs for any size (the interpreter refines it first)."""
    text = """
    func.func @main(%x: tensor<?xf32>, %y: tensor<?x1xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
      %0 = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
      %1 = chlo.broadcast_add %x, %y : (tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
      %2 = "chlo.constant_like"(%x) <{value = 3.0 : f32}> : (tensor<?xf32>) -> tensor<?xf32>
      return %0, %1, %2 : tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>
    }"""
    module = legalize(text)
    assert "dynamic_broadcast_in_dim" in str(module)
    for n, m in ((5, 3), (1, 4)):
        x = RNG.standard_normal(n).astype(F32)
        y = RNG.standard_normal((m, 1)).astype(F32)
        erf, added, three = stablehlo_py.interpret(module, x, y)
        assert np.allclose(erf, sp.erf(x.astype(np.float64)), rtol=3e-7, atol=0)
        assert np.array_equal(added, x + y)
        assert np.array_equal(three, np.full(n, 3, F32))


DYNAMIC_BROADCASTS = """
func.func @main(%r: tensor<?x1xi32>, %c: tensor<?xi32>, %p: tensor<?xi1>, %s: tensor<i1>, %m: tensor<2x3xf32>)
    -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi32>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_subtract %r, %c : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %1 = "chlo.broadcast_select"(%p, %c, %r) : (tensor<?xi1>, tensor<?xi32>, tensor<?x1xi32>) -> tensor<?x?xi32>
  %2 = "chlo.constant_like"(%c) <{value = 7 : i32}> : (tensor<?xi32>) -> tensor<?xi32>
  %3 = "chlo.broadcast_select"(%s, %m, %m) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi32>, tensor<2x3xf32>
}"""


def test_dynamic_broadcasts_in_upstreams_shape_form():
    """Through the registered pass (which declares the shape dialect), `?` sizes give upstream's
    form: shape.cstr_broadcastable guarding a shape.assuming region of dynamic_broadcast_in_dim to
    the shape.broadcast of the operands' shape.shape_of; a scalar predicate stays select's own.
    The program computes numpy's broadcasts before and after the pass."""
    module = stablehlo_py.parse_module(DYNAMIC_BROADCASTS)
    PassManager.parse("builtin.module(func.func(stablehlo-py-chlo-legalize-to-stablehlo))", context=module.context).run(
        module.operation)
    module.operation.verify()
    text = str(module)
    assert "chlo." not in text and text.count("shape.assuming ") == 2 and "get_dimension_size" not in text
    assert "stablehlo.select %arg3, %arg4, %arg4" in text
    for rows, cols in ((3, 4), (1, 5), (2, 1)):
        r = RNG.integers(-50, 50, (rows, 1)).astype(np.int32)
        c = RNG.integers(-50, 50, cols).astype(np.int32)
        p = RNG.integers(0, 2, cols).astype(np.bool_)
        m = RNG.standard_normal((2, 3)).astype(F32)
        args = (r, c, p, np.bool_(False), m)
        want = (r - c, np.where(p, c, r), np.full(cols, 7, np.int32), m)
        for got in (stablehlo_py.interpret(module, *args), stablehlo_py.interpret(DYNAMIC_BROADCASTS, *args)):
            for g, w in zip(got, want):
                assert g.dtype == w.dtype and np.array_equal(g, w)


# ----------------------------------------------------------------- broadcasting ops

PLAIN = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
         "maximum": np.maximum, "minimum": np.minimum, "power": np.power, "remainder": np.fmod,
         "atan2": np.arctan2}
BITS = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor, "shift_left": np.left_shift,
        "shift_right_arithmetic": np.right_shift,
        "shift_right_logical": lambda a, b: (a.view(np.uint32) >> b.view(np.uint32)).view(np.int32)}


def _broadcast_program(op, x, y, result, dims=None, extra=""):
    attrs = [] if dims is None else [f"broadcast_dimensions = array<i64: {', '.join(map(str, dims))}>"]
    if extra:
        attrs.append(extra)
    attr = f" {{{', '.join(attrs)}}}" if attrs else ""
    tx, ty = _type(x), _type(y)
    return (f"func.func @main(%x: {tx}, %y: {ty}) -> {result} {{\n  %0 = chlo.broadcast_{op} %x, %y{attr} : "
            f"({tx}, {ty}) -> {result}\n  return %0 : {result}\n}}")


@pytest.mark.parametrize("op", sorted(PLAIN) + sorted(BITS))
def test_broadcast_binary(op):
    if op in PLAIN:
        x = RNG.uniform(0.5, 2, (3, 1)).astype(F32)
        y = RNG.uniform(0.5, 2, (4,)).astype(F32)
        fn = PLAIN[op]
    else:
        x = RNG.integers(0, 1000, (3, 1)).astype(np.int32)
        y = RNG.integers(0, 9, (4,)).astype(np.int32)
        fn = BITS[op]
    result = _type(np.zeros((3, 4), x.dtype))
    (got,) = run(_broadcast_program(op, x, y, result), x, y)
    want = fn(x, y)
    assert np.allclose(got, want, rtol=2e-7, atol=0) and got.shape == (3, 4)
    # broadcast_dimensions: y's dimension 0 is the result's dimension 1
    (got,) = run(_broadcast_program(op, x, y, result, dims=[1]), x, y)
    assert np.allclose(got, want, rtol=2e-7, atol=0)


def test_broadcast_dimensions_not_trailing():
    x = RNG.standard_normal((3, 4)).astype(F32)
    y = RNG.standard_normal(3).astype(F32)
    (got,) = run(_broadcast_program("subtract", x, y, _type(x), dims=[0]), x, y)
    assert np.array_equal(got, x - y[:, None])
    # equal ranks: the attribute places the lhs (chlo's reading)
    a = RNG.standard_normal((1, 4)).astype(F32)
    b = RNG.standard_normal((3, 1)).astype(F32)
    (got,) = run(_broadcast_program("add", a, b, _type(np.zeros((3, 4), F32)), dims=[0, 1]), a, b)
    assert np.array_equal(got, a + b)


def test_broadcast_compare_complex_select():
    x = np.array([[1.0], [np.nan], [-0.0]], F32)
    y = np.array([0.0, 1.0, np.nan, 2.0], F32)
    r = _type(np.zeros((3, 4), np.bool_))
    (lt,) = run(_broadcast_program("compare", x, y, r, extra="comparison_direction = #chlo<comparison_direction LT>"),
                x, y)
    assert np.array_equal(lt, x < y)
    total_order = ("comparison_direction = #chlo<comparison_direction LT>, "
                   "compare_type = #chlo<comparison_type TOTALORDER>")
    (total,) = run(_broadcast_program("compare", x, y, r, extra=total_order), x, y)
    key = lambda v: np.where(np.signbit(v), -(v.view(np.int32) & 0x7FFFFFFF) - 1, v.view(np.int32))  # noqa: E731
    assert np.array_equal(total, key(np.broadcast_to(x, (3, 4)).copy()) < key(np.broadcast_to(y, (3, 4)).copy()))
    (c,) = run(_broadcast_program("complex", x, y, _type(np.zeros((3, 4), np.complex64))), x, y)
    assert np.array_equal(c.real, np.broadcast_to(x, (3, 4)), equal_nan=True)
    assert np.array_equal(c.imag, np.broadcast_to(y, (3, 4)), equal_nan=True)
    p = np.array([True, False, True, False])
    t, f = np.ones((3, 1), F32), np.zeros((), F32)
    text = (f"func.func @main(%p: {_type(p)}, %t: {_type(t)}, %f: {_type(f)}) -> tensor<3x4xf32> {{\n"
            f"  %0 = chlo.broadcast_select %p, %t, %f : ({_type(p)}, {_type(t)}, {_type(f)}) -> tensor<3x4xf32>\n"
            f"  return %0 : tensor<3x4xf32>\n}}")
    (s,) = run(text, p, t, f)
    assert np.array_equal(s, np.where(p, t, f))


def test_broadcast_special_functions():
    n = np.array([[0.0], [1.0], [3.0]], F64)
    x = np.array([0.5, 2.0, 7.5], F64)
    (got,) = run(_broadcast_program("polygamma", n, x, _type(np.zeros((3, 3)))), n, x)
    assert np.allclose(got, sp.polygamma(n.astype(int), x), rtol=1e-13)
    s = np.array([[2.0], [3.5]], F64)
    (got,) = run(_broadcast_program("zeta", s, x, _type(np.zeros((2, 3)))), s, x)
    assert np.allclose(got, sp.zeta(s, x), rtol=1e-14)
    a = np.array([[1.0], [0.0]], F32)
    b = np.array([2.0, -1.0, 1.0], F32)
    (got,) = run(_broadcast_program("next_after", a, b, _type(np.zeros((2, 3), F32))), a, b)
    assert np.array_equal(got, np.nextafter(a, b))


# ----------------------------------------------------------------- top_k

def _top_k_program(x, k):
    t = _type(x)
    shape = list(x.shape[:-1]) + [min(k, x.shape[-1])]
    rv = _type(np.zeros(shape, x.dtype))
    ri = _type(np.zeros(shape, np.int32))
    return (f"func.func @main(%x: {t}) -> ({rv}, {ri}) {{\n  %v, %i = chlo.top_k(%x, k = {k}) : {t} -> ({rv}, {ri})\n"
            f"  return %v, %i : {rv}, {ri}\n}}")


@pytest.mark.parametrize("dtype", [F32, np.int32, np.uint8, ml_dtypes.bfloat16], ids=["f32", "i32", "u8", "bf16"])
def test_top_k(dtype):
    x = RNG.integers(0, 6, (3, 7)).astype(dtype)     # ties: the lower index first
    values, indices = run(_top_k_program(x, 3), x)
    order = np.argsort(-x.astype(np.float64), axis=-1, kind="stable")[:, :3]
    assert np.array_equal(indices, order)
    assert np.array_equal(values, np.take_along_axis(x, order, -1))


@pytest.mark.xla
def test_top_k_nan_and_signed_zeros_as_xla():
    x = np.array([[1.0, np.nan, -np.inf, 0.0, -0.0, np.inf, -np.nan, 2.0]], F32)
    x[0, 6] = np.float32(-np.nan) if not np.signbit(np.float32(-np.nan)) else x[0, 6]
    values, indices = run(_top_k_program(x, 8), x)
    fn = lambda v: jax.lax.top_k(v, 8)  # noqa: E731
    want_values, want_indices = xla(fn, x, subnormal_inputs=True)
    assert np.array_equal(indices, want_indices)
    assert np.array_equal(values.view(np.uint32), want_values.view(np.uint32))


def test_top_k_dynamic_shape():
    """`?` sizes: upstream's form (dynamic_iota, real_dynamic_slice to the run-time sizes with k
    last); the result is numpy's stable descending order before and after the pass."""
    text = """func.func @main(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
      %v, %i = chlo.top_k(%x, k = 2) : tensor<?x?xf32> -> (tensor<?x?xf32>, tensor<?x?xi32>)
      return %v, %i : tensor<?x?xf32>, tensor<?x?xi32>
    }"""
    module = legalize(text)
    assert "stablehlo.dynamic_iota" in str(module) and "stablehlo.real_dynamic_slice" in str(module)
    for shape in ((3, 5), (1, 2), (4, 9)):
        x = RNG.integers(0, 4, shape).astype(F32)     # ties: the lower index first
        order = np.argsort(-x.astype(np.float64), axis=-1, kind="stable")[:, :2]
        for values, indices in (stablehlo_py.interpret(module, x), stablehlo_py.interpret(text, x)):
            assert np.array_equal(indices, order)
            assert np.array_equal(values, np.take_along_axis(x, order, -1))


# ----------------------------------------------------------------- ragged_dot

def _ragged_program(lhs, rhs, groups, result_shape, numbers):
    fields = ", ".join(f"{k} = [{', '.join(map(str, v))}]" for k, v in numbers.items() if v)
    tl, tr, tg = _type(lhs), _type(rhs), _type(groups)
    r = _type(np.zeros(result_shape, lhs.dtype))
    return (f"func.func @main(%l: {tl}, %r: {tr}, %g: {tg}) -> {r} {{\n"
            f"  %0 = \"chlo.ragged_dot\"(%l, %r, %g) <{{precision_config = [#chlo<precision DEFAULT>, "
            f"#chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<{fields}>}}> : "
            f"({tl}, {tr}, {tg}) -> {r}\n  return %0 : {r}\n}}")


def _numbers(lb=(), rb=(), lc=(), rc=(), lr=(), rg=()):
    return {"lhs_batching_dimensions": list(lb), "rhs_batching_dimensions": list(rb),
            "lhs_contracting_dimensions": list(lc), "rhs_contracting_dimensions": list(rc),
            "lhs_ragged_dimensions": list(lr), "rhs_group_dimensions": list(rg)}


@pytest.mark.xla
def test_ragged_dot_non_contracting():
    """[m, k] x [g, k, n] -> [m, n]: row i uses rhs group g when it lies in group g; rows past the
    groups' total are zero. Against jax.lax.ragged_dot (XLA) and a numpy loop."""
    lhs = RNG.standard_normal((7, 4)).astype(F32)
    rhs = RNG.standard_normal((3, 4, 5)).astype(F32)
    groups = np.array([2, 0, 4], np.int32)         # one row left over
    (got,) = run(_ragged_program(lhs, rhs, groups, (7, 5), _numbers(lc=[1], rc=[1], lr=[0], rg=[0])),
                 lhs, rhs, groups)
    want = np.zeros((7, 5))
    ends = np.cumsum(groups)
    for i in range(7):
        g = np.searchsorted(ends, i, side="right")
        if g < 3:
            want[i] = lhs[i].astype(np.float64) @ rhs[g]
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5)
    (jx,) = xla(lambda a, b, c: jax.lax.ragged_dot(a, b, c, precision=jax.lax.Precision.HIGHEST), lhs, rhs, groups)
    assert np.allclose(got, jx, rtol=1e-5, atol=1e-5)


def test_ragged_dot_non_contracting_batched_group_sizes():
    """[b, m, k] x [g, b, k, n] with group_sizes [b, g]: per batch element its own groups."""
    lhs = RNG.standard_normal((2, 5, 3)).astype(F64)
    rhs = RNG.standard_normal((2, 2, 3, 4)).astype(F64)
    groups = np.array([[2, 3], [4, 0]], np.int64)
    (got,) = run(_ragged_program(lhs, rhs, groups, (2, 5, 4),
                                 _numbers(lb=[0], rb=[1], lc=[2], rc=[2], lr=[1], rg=[0])), lhs, rhs, groups)
    want = np.zeros((2, 5, 4))
    for b in range(2):
        ends = np.cumsum(groups[b])
        for i in range(5):
            g = np.searchsorted(ends, i, side="right")
            if g < 2:
                want[b, i] = lhs[b, i] @ rhs[g, b]
    assert np.allclose(got, want, rtol=1e-13, atol=1e-13)


def test_ragged_dot_contracting_and_batch():
    lhs = RNG.standard_normal((2, 3, 6)).astype(F32)
    rhs = RNG.standard_normal((2, 6, 4)).astype(F32)
    groups = np.array([1, 3, 2], np.int32)
    # ragged contracting dimension: [b, m, k] x [b, k, n] -> [g, b, m, n]
    (got,) = run(_ragged_program(lhs, rhs, groups, (3, 2, 3, 4),
                                 _numbers(lb=[0], rb=[0], lc=[2], rc=[1], lr=[2])), lhs, rhs, groups)
    ends = np.cumsum(groups)
    starts = ends - groups
    want = np.stack([np.einsum("bmk,bkn->bmn", lhs[:, :, s:e].astype(np.float64), rhs[:, s:e])
                     for s, e in zip(starts, ends)])
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5)
    # ragged batch dimension: [b, m, k] x [b, k, n] -> [b, m, n], a batched dot
    bgroups = np.array([1, 1], np.int32)
    (got,) = run(_ragged_program(lhs, rhs, bgroups, (2, 3, 4),
                                 _numbers(lb=[0], rb=[0], lc=[2], rc=[1], lr=[0])), lhs, rhs, bgroups)
    assert np.allclose(got, np.einsum("bmk,bkn->bmn", lhs.astype(np.float64), rhs), rtol=1e-5, atol=1e-5)


# ----------------------------------------------------------------- scan

def _scan_program(reverse: bool):
    attrs = " attributes {is_reverse = true}" if reverse else ""
    results = "(tensor<5x3xf32>, tensor<5x3xf32>, tensor<3xf32>)"
    return f"""func.func @main(%x: tensor<5x3xf32>, %c: tensor<3xf32>) -> {results} {{
  %0:3 = chlo.scan(%x) inits (%c) dimension=0{attrs} {{
  ^bb0(%in: tensor<3xf32>, %acc: tensor<3xf32>):
    %s = stablehlo.add %in, %acc : tensor<3xf32>
    %e = chlo.erf %s : tensor<3xf32> -> tensor<3xf32>
    stablehlo.return %s, %e, %s : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
  }} : (tensor<5x3xf32>, tensor<3xf32>) -> {results}
  return %0#0, %0#1, %0#2 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<3xf32>
}}"""


@pytest.mark.parametrize("reverse", [False, True])
def test_scan(reverse):
    x = RNG.standard_normal((5, 3)).astype(F32)
    c = RNG.standard_normal(3).astype(F32)
    module = legalize(_scan_program(reverse))
    assert "stablehlo.while" in str(module)
    sums, erfs, carry = stablehlo_py.interpret(module, x, c)
    rows = x[::-1] if reverse else x
    want = np.cumsum(np.concatenate([c[None], rows]), axis=0, dtype=F32)[1:]
    want = want[::-1] if reverse else want
    assert np.allclose(sums, want, rtol=1e-6)
    assert np.allclose(erfs, sp.erf(want.astype(np.float64)), rtol=1e-6, atol=1e-7)
    assert np.allclose(carry, want[0] if reverse else want[-1], rtol=1e-6)


# ----------------------------------------------------------------- the ways to run the pass

PROGRAM = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = chlo.lgamma %x : tensor<3xf32> -> tensor<3xf32>
  %1 = chlo.sinh %0 : tensor<3xf32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}"""


def test_registry_and_cli(tmp_path):
    module = stablehlo_py.parse_module(PROGRAM)
    pm = PassManager("builtin.module", context=module.context)
    add_pass(pm, "stablehlo-py-chlo-legalize-to-stablehlo")
    pm.run(module.operation)
    assert "chlo." not in str(module)
    path = tmp_path / "m.mlir"
    path.write_text(PROGRAM)
    pipeline = "stablehlo-py-chlo-legalize-to-stablehlo,canonicalize"
    out = subprocess.run([_tool("stablehlo-py"), "opt", str(path), "--pipeline", pipeline],
                         capture_output=True, text=True, check=True).stdout
    assert "chlo." not in out and "stablehlo.log_plus_one" in out
    x = np.array([0.5, 3.0, -2.5], F32)
    (got,) = stablehlo_py.interpret(out, x)
    assert np.allclose(got, np.sinh(sp.gammaln(x.astype(np.float64))), rtol=1e-5, atol=1e-5)


def _tool(name):
    return os.path.join(os.path.dirname(sys.executable), name)


def test_legalize_without_pass_manager_and_errors_name_the_op():
    module = stablehlo_py.parse_module(PROGRAM)
    with module.context, ir.Location.unknown():
        legalize_chlo(module.operation)
    assert "chlo." not in str(module)
    f8 = np.ones(2, ml_dtypes.float8_e8m0fnu)
    bad = stablehlo_py.parse_module(binary_program("next_after", f8, f8))
    with bad.context, ir.Location.unknown(), pytest.raises(PassError, match="chlo.next_after") as raised:
        legalize_chlo(bad.operation)
    assert raised.value.location is not None


# ----------------------------------------------------------------- JAX programs against XLA

JAX_CASES = {
    "erf": (jsp.erf, F32), "erfc": (jsp.erfc, F64), "erfinv": (jsp.erfinv, F32), "gammaln": (jsp.gammaln, F64),
    "digamma": (jsp.digamma, F32), "i1e": (jsp.i1e, F32), "arcsinh": (jnp.arcsinh, F32),
    "arccosh": (lambda x: jnp.arccosh(1 + x * x), F64), "sinh_cosh": (lambda x: jnp.sinh(x) * jnp.cosh(x / 4), F32),
    "polygamma": (lambda x: jsp.polygamma(2, x * x + 0.5), F64), "zeta": (lambda x: jsp.zeta(x * x + 1.5, 2.0), F64),
    "arcsin_complex": (lambda x: jnp.arcsin(x.astype(jnp.complex64) * (1 + 2j)), F32),
    "top_k": (lambda x: jax.lax.top_k(x, 3), F32),
    "random_normal": (lambda x: x + jax.random.normal(jax.random.key(0), x.shape, x.dtype), F32),
}


@pytest.mark.xla
@pytest.mark.parametrize("name", sorted(JAX_CASES))
def test_jax_exports(name):
    fn, dtype = JAX_CASES[name]
    x = RNG.uniform(-0.95, 0.95, (4, 6)).astype(dtype)
    text = export(fn, x)
    assert "chlo." in text
    got = stablehlo_py.interpret(legalize(text), x)
    want = xla(fn, x)
    for g, w in zip(got, want):
        if np.issubdtype(w.dtype, np.integer):
            assert np.array_equal(g, w)
        else:
            assert np.allclose(g, w, rtol=5e-6 if w.dtype in (np.float32, np.complex64) else 1e-12, atol=1e-6), name


# ----------------------------------------------------------------- legalized against the chlo kernels

def _direct(text, *args):
    """The interpreter's chlo kernels on the program as it is (skipped where they are missing)."""
    try:
        return stablehlo_py.interpret(stablehlo_py.parse_module(text), *args)
    except Exception as e:  # noqa: BLE001 - a kernel the interpreter does not have yet
        if "chlo." in str(e) and ("no kernel" in str(e).lower() or "not supported" in str(e).lower()):
            pytest.skip(f"no interpreter kernel: {e}")
        raise


@pytest.mark.parametrize("dtype", [F32, F64, ml_dtypes.bfloat16], ids=["f32", "f64", "bf16"])
@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_against_chlo_kernels(op, dtype):
    """The kernels compute in f64 and round once: the legalized program is within the oracle
    test's tolerance of them (1 ulp for bf16, computed in f32 and rounded once too)."""
    inputs, _, floor, tolerances = UNARY[op]
    with np.errstate(all="ignore"):
        x = inputs()[:200].astype(dtype)
    text = unary_program(op, x)
    (want,) = _direct(text, x)
    (got,) = run(text, x)
    tolerance = tolerances.get(dtype, 1.0)
    apart = errors(got, want.astype(np.float64), dtype, floor) > tolerance
    if apart.any():  # where they differ, the legalized value must be the one within tolerance of mpmath
        oracle = {"lgamma": _mp_lgamma, "digamma": mpmath.digamma}.get(op, getattr(mpmath, op, None))
        exact = _mp(oracle, x[apart].astype(np.float64)).astype(dtype).astype(np.float64)
        assert_within(got[apart], exact, dtype, tolerance, floor, [x[apart]])


def _structural_cases():
    x = RNG.standard_normal((3, 7)).astype(F32)
    x[0, :3] = [np.nan, -0.0, 0.0]
    lhs = RNG.standard_normal((7, 4)).astype(F32)
    rhs = RNG.standard_normal((3, 4, 5)).astype(F32)
    rhs[1, 0, 0] = np.inf                                # in a group no row uses: no NaN may leak
    sizes = np.array([2, 0, 4], np.int32)
    lhs3 = RNG.standard_normal((2, 3, 6)).astype(F64)
    rhs3 = RNG.standard_normal((2, 6, 4)).astype(F64)
    n = np.array([[0.0], [1.0], [4.0]])
    v = np.array([0.25, 3.0, 9.5])
    i64 = RNG.integers(-2**63, 2**63 - 1, 50, dtype=np.int64)
    return {
        "top_k": (_top_k_program(x, 4), [x]),
        "ragged_non_contracting": (_ragged_program(lhs, rhs, sizes, (7, 5), _numbers(lc=[1], rc=[1], lr=[0], rg=[0])),
                                   [lhs, rhs, sizes]),
        "ragged_contracting": (_ragged_program(lhs3, rhs3, np.array([1, 3, 2], np.int64), (3, 2, 3, 4),
                                               _numbers(lb=[0], rb=[0], lc=[2], rc=[1], lr=[2])),
                               [lhs3, rhs3, np.array([1, 3, 2], np.int64)]),
        "ragged_batch": (_ragged_program(lhs3, rhs3, np.array([2], np.int32), (2, 3, 4),
                                         _numbers(lb=[0], rb=[0], lc=[2], rc=[1], lr=[0])),
                         [lhs3, rhs3, np.array([2], np.int32)]),
        "scan": (_scan_program(False), [RNG.standard_normal((5, 3)).astype(F32),
                                        RNG.standard_normal(3).astype(F32)]),
        "scan_reverse": (_scan_program(True), [RNG.standard_normal((5, 3)).astype(F32),
                                               RNG.standard_normal(3).astype(F32)]),
        "polygamma": (_broadcast_program("polygamma", n, v, _type(np.zeros((3, 3)))), [n, v]),
        "zeta": (_broadcast_program("zeta", n + 2, v, _type(np.zeros((3, 3)))), [n + 2, v]),
        "next_after": (binary_program("next_after", x, x[::-1].copy()), [x, x[::-1].copy()]),
        "mulhi": (binary_program("mulhi", i64, i64[::-1].copy()), [i64, i64[::-1].copy()]),
        "select": ("func.func @main(%p: tensor<7xi1>, %t: tensor<3x7xf32>, %f: tensor<f32>) -> tensor<3x7xf32> {\n"
                   "  %0 = chlo.broadcast_select %p, %t, %f : (tensor<7xi1>, tensor<3x7xf32>, tensor<f32>)"
                   " -> tensor<3x7xf32>\n  return %0 : tensor<3x7xf32>\n}", [x[0] > 0, x, np.float32(2)]),
    }


STRUCTURAL = _structural_cases()


@pytest.mark.parametrize("name", sorted(STRUCTURAL))
def test_structural_against_chlo_kernels(name):
    text, args = STRUCTURAL[name]
    want = _direct(text, *args)
    got = run(text, *args)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if np.issubdtype(w.dtype, np.inexact) and name not in ("top_k", "next_after", "select"):
            rtol = 1e-5 if w.dtype == np.float32 else 1e-12
            assert np.allclose(g, w, rtol=rtol, atol=rtol, equal_nan=True), name
        else:
            assert np.array_equal(g.view(np.uint8), w.view(np.uint8)), name


@pytest.mark.parametrize("element,dtype", [("f32", np.complex64), ("f64", np.complex128)])
def test_complex_splat_constants_keep_both_parts(element, dtype):
    """The decompositions' complex constants (chlo_math.splat_attr): infinities, NaN and -0 in
    either part, read back by the interpreter from a module holding them."""
    from mlir.dialects import func

    from stablehlo_py.dialects import stablehlo as hlo
    from stablehlo_py.passes.chlo_math import splat_attr

    values = [complex(math.inf, -0.0), complex(math.nan, 2.5), complex(-0.0, -math.inf), complex(1e-30, 3.0)]
    with stablehlo_py.context(), ir.Location.unknown():
        t = ir.RankedTensorType.get([2], ir.ComplexType.get(ir.F32Type.get() if element == "f32" else ir.F64Type.get()))
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("main", ([], [t] * len(values)))
            with ir.InsertionPoint(function.add_entry_block()):
                func.ReturnOp([hlo.constant(splat_attr(t, v)) for v in values])
        results = stablehlo_py.interpret(str(module))
    for got, value in zip(results, values):
        expected = np.full(2, value, dtype)
        assert got.dtype == dtype
        assert np.array_equal(got.view(got.real.dtype), expected.view(expected.real.dtype), equal_nan=True), (got, value)
