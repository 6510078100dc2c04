"""reduce_window with a one-op body (kernels/reductions.py: one window position at a time), bit for
bit against an independent oracle: a numpy formula written here, a copy of the input padded with
init, then one op per window position in index order, init first (docs/decisions.md,
Accumulation order), with float max/min ordering -0.0 below +0.0 and returning NaN. Each case
runs one prepared program twice and compares both calls with the oracle: every dtype (f16, f32,
f64, i8, i32, u32, i1), body (add, multiply, max, min, and, or, xor) and window geometry
(strides, window dilation, SAME, VALID, asymmetric, negative padding, padding wider than the
window), ranks 1 to 4, transposed and reversed inputs, NaN and signed zeros. JAX's avg (on exact
sums) and max pools are checked against XLA.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import assert_same, export, reduce_window_text, xla

import stablehlo_py

NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8, "i32": np.int32,
      "ui32": np.uint32, "i1": np.bool_}


def module(element: str, op: str, shape, window, strides=None, padding=None, win=None, base=None) -> str:
    rank = len(shape)
    return reduce_window_text(element, op, shape, window, strides or (1,) * rank, padding or ((0, 0),) * rank,
                              win, base)[0]


def oracle_count(n, w, s, b, d, lo, hi) -> int:
    padded = (n - 1) * b + 1 + lo + hi
    extent = (w - 1) * d + 1
    return max(0, (padded - extent) // s + 1) if padded >= extent else 0


def _float_max_min(is_max: bool):
    def combine(a, b):
        r = np.where(a > b, a, b) if is_max else np.where(a < b, a, b)
        zeros = (a == 0) & (b == 0)
        signed = (a + b) if is_max else -((-a) + (-b))  # +0 wins max, -0 wins min
        r = np.where(zeros, signed, r)
        return np.where(np.isnan(a) | np.isnan(b), np.asarray(np.nan, a.dtype), r).astype(a.dtype)

    return combine


def combiner(op: str, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return {"add": np.logical_or, "or": np.logical_or, "maximum": np.logical_or, "and": np.logical_and,
                "multiply": np.logical_and, "minimum": np.logical_and, "xor": np.logical_xor}[op]
    if dtype.kind == "f" and op in ("maximum", "minimum"):
        return _float_max_min(op == "maximum")
    return {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum,
            "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}[op]


def oracle(op: str, x: np.ndarray, init, window, strides=None, padding=None, win=None) -> np.ndarray:
    """init, then op(result, x_padded[o * stride + p * dilation]) for each window position p in
    index order, on a copy of x padded (or cropped) with init."""
    rank = x.ndim
    strides, win = strides or (1,) * rank, win or (1,) * rank
    padding = padding or ((0, 0),) * rank
    combine = combiner(op, x.dtype)
    grown = [max(lo, 0) + n + max(hi, 0) for n, (lo, hi) in zip(x.shape, padding)]
    padded = np.full(grown, init, x.dtype)
    padded[tuple(slice(max(lo, 0), max(lo, 0) + n) for n, (lo, _) in zip(x.shape, padding))] = x
    padded = padded[tuple(slice(max(-lo, 0), g - max(-hi, 0)) for g, (lo, hi) in zip(grown, padding))]
    out = [oracle_count(n, w, s, 1, d, 0, 0) for n, w, s, d in zip(padded.shape, window, strides, win)]
    r = np.full(out, init, x.dtype)
    with np.errstate(all="ignore"):
        for p in itertools.product(*(range(w) for w in window)):
            part = padded[tuple(slice(k * d, k * d + (o - 1) * s + 1, s) for k, d, o, s in zip(p, win, out, strides))]
            r = combine(r, part).astype(x.dtype)
    return r


def values(element: str, shape, rng, edges: bool = True) -> np.ndarray:
    dtype = np.dtype(NP[element])
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        low, high = (info.min, info.max) if dtype.itemsize == 1 else (-1000 if dtype.kind == "i" else 0, 1000)
        return rng.integers(low, high, shape, endpoint=True).astype(dtype)
    x = (rng.standard_normal(shape) * 4).astype(dtype)
    if edges:
        flat = x.reshape(-1)
        picks = rng.choice(flat.size, flat.size // 8, replace=False)
        specials = np.array([np.nan, 0.0, -0.0, np.inf, -np.inf], dtype)
        flat[picks] = specials[rng.integers(0, len(specials), picks.size)]
    return x


def check(element, op, x, init, window, strides=None, padding=None, win=None):
    """Run the op twice (one prepared program) and compare both calls with the oracle."""
    init = np.asarray(init, NP[element])
    text = module(element, op, x.shape, window, strides, padding, win)
    expected = oracle(op, x, init, window, strides, padding, win)
    fn = stablehlo_py.compile(text, backend="interpreter")
    for call in range(2):
        got = fn(x, init)
        assert_same(got, [expected], f"{element} {op} call {call}")


FLOAT_OPS = ["add", "multiply", "maximum", "minimum"]
INT_OPS = ["add", "multiply", "maximum", "minimum", "and", "or", "xor"]
CASES = [*((e, op) for e in ("f16", "f32", "f64") for op in FLOAT_OPS),
         *((e, op) for e in ("i8", "i32", "ui32") for op in INT_OPS),
         *(("i1", op) for op in ("and", "or", "xor", "add", "maximum", "minimum"))]


@pytest.mark.parametrize("element,op", CASES)
def test_every_type_and_body_on_a_padded_strided_dilated_window(element, op):
    rng = np.random.default_rng(hash((element, op)) % 2**32)
    x = values(element, (6, 37, 41), rng)
    init = {"maximum": -np.inf, "minimum": np.inf, "multiply": 1}.get(op, 0) if element[0] == "f" else 1
    if element[0] == "f" and op == "add":
        init = -0.0  # the padding folds init: -0.0 + -0.0 stays -0.0, skipping it would not
    check(element, op, x, init, (1, 3, 2), (1, 2, 1), ((0, 0), (2, 1), (1, 3)), (1, 1, 2))


GEOMETRIES = [  # shape, window, strides, padding, window dilation
    ((10000,), (5,), (1,), ((2, 2),), (1,)),  # rank 1, SAME
    ((9000,), (4,), (2,), ((7, 9),), (3,)),  # padding wider than the window
    ((90, 91), (3, 3), (1, 1), ((0, 0), (0, 0)), (1, 1)),  # VALID
    ((90, 91), (2, 4), (1, 2), ((3, 0), (0, 5)), (2, 1)),  # asymmetric
    ((160, 200), (3, 3), (2, 2), ((-2, 1), (1, -3)), (1, 1)),  # negative padding crops
    ((70, 80), (1, 1), (1, 1), ((1, 1), (2, 2)), (1, 1)),  # only padding
    ((8, 33, 35, 6), (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (0, 1), (0, 0)), (1, 1, 1, 1)),  # NHWC pool
    ((4, 6, 40, 41), (2, 2, 3, 2), (2, 1, 1, 3), ((1, 0), (0, 1), (2, 2), (4, 1)), (1, 2, 1, 2)),
    ((20, 30, 40), (3, 1, 5), (1, 1, 1), ((0, 0), (0, 0), (2, 2)), (1, 1, 1)),  # only the last dim pads
    ((2, 3, 700), (2, 3, 1), (1, 1, 1), ((5, 5), (4, 4), (0, 0)), (1, 1, 1)),  # padding wider than the dim
]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=[str(g[0]) + str(g[3]) for g in GEOMETRIES])
@pytest.mark.parametrize("element,op,init", [("f32", "add", 0.0), ("f16", "add", -0.0), ("f64", "maximum", -np.inf),
                                             ("f32", "minimum", 2.0), ("i8", "add", 3), ("i1", "or", False)])
def test_window_geometries_and_ranks(geometry, element, op, init):
    shape, window, strides, padding, win = geometry
    x = values(element, shape, np.random.default_rng(len(shape) + sum(shape)))
    check(element, op, x, init, window, strides, padding, win)


@pytest.mark.parametrize("element", ["f32", "f16", "i32"])
def test_transposed_and_reversed_inputs(element):
    rng = np.random.default_rng(7)
    geometry = dict(window=(3, 2, 3), strides=(2, 1, 1), padding=((1, 1), (0, 1), (2, 0)), win=(1, 2, 1))
    base = values(element, (30, 20, 40), rng)
    for x in (base.transpose(2, 0, 1), base[::-1, :, ::-1].transpose(1, 2, 0), base[:, ::-1, ::2]):
        check(element, "add", x, 0, **geometry)


def test_float_max_and_min_with_nan_and_signed_zeros_everywhere():
    rng = np.random.default_rng(3)
    specials = np.array([np.nan, 0.0, -0.0, 1.0, -1.0, np.inf, -np.inf], np.float32)
    for element in ("f16", "f32", "f64"):
        x = specials[rng.integers(0, len(specials), (60, 90))].astype(NP[element])
        for op, init in itertools.product(("maximum", "minimum"), (0.0, -0.0, np.nan, -np.inf)):
            check(element, op, x, init, (2, 3), (1, 1), ((1, 0), (1, 2)))


def test_integer_wraparound_and_extremes():
    rng = np.random.default_rng(5)
    for element, op in itertools.product(("i8", "i32", "ui32"), ("add", "multiply", "maximum", "minimum")):
        info = np.iinfo(NP[element])
        x = rng.integers(info.min, info.max, (70, 70), endpoint=True).astype(NP[element])
        check(element, op, x, info.max, (3, 3), (1, 1), ((1, 1), (1, 1)))


# --- against XLA: JAX's pools


def _pools():
    import jax.numpy as jnp
    from jax import lax

    def avg(a):
        return lax.reduce_window(a, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")

    def avg_valid(a):
        return lax.reduce_window(a, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / a.dtype.type(4)

    def max_pool(a):
        return lax.reduce_window(a, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")

    def max_dilated(a):
        return lax.reduce_window(a, -jnp.inf, lax.max, (1, 2, 3, 1), (1, 1, 2, 1), ((0, 0), (1, 2), (2, 0), (0, 0)),
                                 window_dilation=(1, 2, 1, 1))

    return [avg, avg_valid, max_pool, max_dilated]


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
@pytest.mark.parametrize("pool", range(4))
def test_jax_pools_against_xla(pool, dtype):
    fn = _pools()[pool]
    x = np.random.default_rng(pool).standard_normal((4, 33, 34, 16)).astype(dtype)
    if fn.__name__.startswith("avg"):
        # XLA (jaxlib 0.10.2) sums these windows in an order of its own, not index order, also on
        # numpy's path: small integers sum exactly in any order, which still checks the geometry
        x = np.round(x * 4)
    x.reshape(-1)[::97] = -0.0
    expected = xla(fn, x)
    compiled = stablehlo_py.compile(export(fn, x), backend="interpreter")
    for _ in range(2):
        assert_same(compiled(x), expected, fn.__name__)
