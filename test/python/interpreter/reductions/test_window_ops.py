"""reduce_window, select_and_scatter and map against XLA on CPU: pooling with
padding, strides and dilations, cumulative sums and products as JAX exports
them, variadic windows, pooling gradients, and text programs XLA runs."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_close, assert_same, run_both, xla_run_text
from jax import lax

import jax
import jax.numpy as jnp
from stablehlo_py.interpreter import interpret
from testing.select_and_scatter import binary_body, compare_body, select_and_scatter_text

INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64]


def _ints(dtype, shape, seed=0):
    info = np.iinfo(dtype)
    return np.random.default_rng(seed).integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


def _floats(dtype, shape, seed=0, special=True):
    """Small half-integers (sums are exact), with NaN, infinities and both zeros."""
    x = np.random.default_rng(seed).integers(-8, 8, shape).astype(np.float64) / 2
    if special:
        flat = x.reshape(-1)
        flat[5::17] = np.nan
        flat[3::13] = -np.inf
        flat[4::11] = np.inf
        flat[::7] = -0.0
    return x.astype(dtype)


POOLS = [  # window, strides, padding, base dilation, window dilation
    ((2, 2), (2, 2), "VALID", None, None),
    ((3, 3), (1, 1), "SAME", None, None),
    ((3, 2), (2, 1), ((1, 2), (0, 1)), None, None),
    ((2, 2), (1, 1), ((1, 0), (0, 1)), (2, 1), (1, 2)),
    ((1, 3), (1, 2), ((0, 0), (-1, 1)), (1, 3), (1, 1)),
]


@pytest.mark.xla
@pytest.mark.parametrize("pool", range(len(POOLS)))
@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_max_min_pooling_floats(dtype, pool):
    window, strides, padding, base, dilation = POOLS[pool]
    x = _floats(dtype, (2, 7, 9, 3), pool)
    spec = lambda op, init: lambda v: lax.reduce_window(  # noqa: E731
        v, dtype(init), op, (1,) + window + (1,), (1,) + strides + (1,),
        padding if isinstance(padding, str) else ((0, 0),) + padding + ((0, 0),),
        None if base is None else (1,) + base + (1,), None if dilation is None else (1,) + dilation + (1,))
    got, want = run_both(lambda v: (spec(lax.max, -np.inf)(v), spec(lax.min, np.inf)(v)), x)
    assert_same(got, want)


@pytest.mark.xla
@pytest.mark.parametrize("pool", range(len(POOLS)))
@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_sum_pooling_floats(dtype, pool):
    """The window sums of average pooling (the division is another op)."""
    window, strides, padding, base, dilation = POOLS[pool]
    x = _floats(dtype, (2, 7, 9), pool, special=False)
    got, want = run_both(lambda v: lax.reduce_window(v, dtype(0), lax.add, (1,) + window, (1,) + strides,
                                                     padding if isinstance(padding, str) else ((0, 0),) + padding,
                                                     None if base is None else (1,) + base,
                                                     None if dilation is None else (1,) + dilation), x)
    assert_same(got, want)  # half-integer sums of few terms are exact


@pytest.mark.xla
@pytest.mark.parametrize("dtype", INTS + [np.bool_], ids=lambda d: np.dtype(d).name)
def test_integer_pooling_and_cumulative(dtype):
    if dtype == np.bool_:
        x = np.random.default_rng(1).integers(0, 2, (5, 11)).astype(bool)
        got, want = run_both(lambda v: (lax.reduce_window(v, False, lax.bitwise_or, (2, 3), (1, 2), "SAME"),
                                        lax.reduce_window(v, True, lax.bitwise_and, (3, 1), (1, 1), "VALID")), x)
    else:
        x = _ints(dtype, (5, 11))
        info = np.iinfo(dtype)
        got, want = run_both(lambda v: (lax.reduce_window(v, dtype(info.min), lax.max, (2, 3), (1, 2), "SAME"),
                                        lax.reduce_window(v, dtype(info.max), lax.min, (3, 2), (2, 1), "VALID"),
                                        jnp.cumsum(v, axis=1, dtype=dtype), jnp.cumprod(v, axis=0, dtype=dtype),
                                        lax.reduce_window(v, dtype(0), lax.add, (2, 2), (1, 1), "SAME")), x)
    assert_same(got, want, np.dtype(dtype).name)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", FLOATS + [np.complex64, np.complex128], ids=lambda d: np.dtype(d).name)
def test_float_cumulative(dtype):
    x = np.random.default_rng(2).standard_normal((4, 40)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * np.random.default_rng(3).standard_normal((4, 40)).astype(dtype)
    got, want = run_both(lambda v: (jnp.cumsum(v, axis=1), jnp.cumsum(v, axis=0), jnp.cumprod(v[:, :8], axis=1),
                                    lax.cummax(v.real, axis=1), lax.cummin(v.real, axis=0, reverse=True)), x)
    tol = {np.float16: 1e-2, ml_dtypes.bfloat16: 5e-2}.get(dtype, 1e-5)
    assert_close(got, want, rtol=tol, atol=tol)


@pytest.mark.xla
def test_variadic_reduce_window_argmax():
    """Two inputs, a generic body (max with its index): the tree path."""
    x = _floats(np.float32, (6, 10), 4, special=False)
    idx = np.arange(60, dtype=np.int32).reshape(6, 10)

    def body(a, b):
        (av, ai), (bv, bi) = a, b
        take = (av > bv) | ((av == bv) & (ai < bi))
        return lax.select(take, av, bv), lax.select(take, ai, bi)

    got, want = run_both(lambda v, i: lax.reduce_window((v, i), (np.float32(-np.inf), np.int32(0)), body,
                                                        (2, 3), (2, 1), ((0, 1), (1, 1))), x, idx)
    assert_same(got, want)


@pytest.mark.xla
def test_generic_body_with_promotion_text():
    """A body on a wider type (C13) and a non-associative-looking body written as text."""
    text = """
    func.func @main(%x: tensor<4x6xi8>, %i: tensor<i8>) -> tensor<3x3xi8> {
      %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>}> ({
      ^bb0(%a: tensor<i8>, %b: tensor<i8>):
        %m = stablehlo.maximum %a, %b : tensor<i8>
        %s = stablehlo.multiply %m, %m : tensor<i8>
        %r = stablehlo.xor %s, %m : tensor<i8>
        %z = stablehlo.and %r, %m : tensor<i8>
        %w = stablehlo.or %z, %m : tensor<i8>
        stablehlo.return %w : tensor<i8>
      }) : (tensor<4x6xi8>, tensor<i8>) -> tensor<3x3xi8>
      return %0 : tensor<3x3xi8>
    }"""
    x = _ints(np.int8, (4, 6), 7)
    assert_same(interpret(text, x, np.int8(-128)), xla_run_text(text, x, np.int8(-128)))


@pytest.mark.xla
def test_spec_example():
    text = """
    func.func @main(%input: tensor<3x2xi64>, %init: tensor<i64>) -> tensor<2x2xi64> {
      %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}> ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
      }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
      return %0 : tensor<2x2xi64>
    }"""
    x = np.array([[1, 2], [3, 4], [5, 6]], np.int64)
    (got,) = interpret(text, x, np.int64(0))
    np.testing.assert_array_equal(got, [[0, 0], [3, 4]])  # the spec's stated result
    assert_same([got], xla_run_text(text, x, np.int64(0)))


# ---------------------------------------------------------------------------
# select_and_scatter


@pytest.mark.xla
@pytest.mark.parametrize("pool", [((2, 2), (2, 2), "VALID"), ((3, 3), (1, 1), "SAME"), ((3, 2), (2, 3), "SAME")])
@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16, np.float32, np.float64],
                         ids=lambda d: np.dtype(d).name)
def test_max_pool_gradient(dtype, pool):
    window, strides, padding = pool
    x = _floats(dtype, (2, 9, 8), 11, special=False)  # ties included

    def loss(v):
        pooled = lax.reduce_window(v, dtype(-np.inf), lax.max, (1,) + window, (1,) + strides, padding)
        return (pooled * jnp.arange(pooled.size, dtype=dtype).reshape(pooled.shape)).sum()

    got, want = run_both(jax.grad(loss), x)
    assert_same(got, want)


SS_TYPES = {"f32": np.float32, "f64": np.float64, "bf16": ml_dtypes.bfloat16, "i32": np.int32, "ui8": np.uint8,
            "i64": np.int64}


@pytest.mark.xla
@pytest.mark.parametrize("direction", ["GE", "GT", "LE", "LT"])
@pytest.mark.parametrize("t", sorted(SS_TYPES))
@pytest.mark.parametrize("scatter", ["add", "maximum", "subtract"])
def test_select_and_scatter_text(t, direction, scatter):
    """Ties (GE/LE keep the first, GT/LT the last), padding never selected, windows of
    padding only drop their source; add (np.add.at) and other scatter bodies."""
    dtype = SS_TYPES[t]
    text, nw = select_and_scatter_text(t, compare_body(direction, t), binary_body(scatter, t), n=11, w=3, s=2, pad=(2, 3))
    rng = np.random.default_rng(len(t) + len(direction))
    o = rng.integers(0, 3, 11).astype(dtype)
    src = rng.integers(1, 5, nw).astype(dtype)
    init = dtype(1)
    assert_same(interpret(text, o, src, init), xla_run_text(text, o, src, init), f"{t} {direction} {scatter}")


@pytest.mark.xla
@pytest.mark.parametrize("select", [compare_body("GE", "f32"), compare_body("GT", "f32"), compare_body("LT", "f32", "TOTALORDER"),
                                    compare_body("GE", "f32").replace("%x, %y", "%y, %x")])
def test_select_with_nan_and_signed_zero(select):
    """NaN makes the select no order: XLA's sequential rule, which the generic path follows."""
    text, nw = select_and_scatter_text("f32", select, binary_body("add", "f32"), n=12, w=4, s=1, pad=(1, 0))
    o = np.array([np.nan, 1, 2, np.nan, -0.0, 0.0, 0.0, -0.0, 3, np.nan, 3, -np.inf], np.float32)
    src = np.arange(1, nw + 1, dtype=np.float32)
    assert_same(interpret(text, o, src, np.float32(0)), xla_run_text(text, o, src, np.float32(0)))


@pytest.mark.xla
def test_generic_select_body():
    """A select that is not one compare: prefer even values, then larger ones."""
    select = """        %two = stablehlo.constant dense<2> : tensor<i32>
        %px = stablehlo.remainder %x, %two : tensor<i32>
        %py = stablehlo.remainder %y, %two : tensor<i32>
        %lt = stablehlo.compare LT, %px, %py : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %eq = stablehlo.compare EQ, %px, %py : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %ge = stablehlo.compare GE, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %t = stablehlo.and %eq, %ge : tensor<i1>
        %c = stablehlo.or %lt, %t : tensor<i1>
        stablehlo.return %c : tensor<i1>"""
    text, nw = select_and_scatter_text("i32", select, binary_body("multiply", "i32"), n=15, w=4, s=1, pad=(0, 2))
    rng = np.random.default_rng(3)
    o = rng.integers(0, 9, 15).astype(np.int32)
    src = rng.integers(-3, 4, nw).astype(np.int32)
    assert_same(interpret(text, o, src, np.int32(1)), xla_run_text(text, o, src, np.int32(1)))


@pytest.mark.xla
def test_select_and_scatter_spec_example():
    text = """
    func.func @main(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
      %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) <{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}> ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %c = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      }, {
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
      }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
      return %0 : tensor<4x2xi64>
    }"""
    operand = np.array([[1, 5], [2, 5], [3, 6], [4, 4]], np.int64)
    source = np.array([[5, 6], [7, 8]], np.int64)
    (got,) = interpret(text, operand, source, np.int64(0))
    np.testing.assert_array_equal(got, [[0, 0], [0, 0], [5, 14], [7, 0]])  # the spec's stated result
    assert_same([got], xla_run_text(text, operand, source, np.int64(0)))


# ---------------------------------------------------------------------------
# map


@pytest.mark.xla
def test_map_text():
    text = """
    func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xi32>) -> tensor<3x4xf32> {
      %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
      ^bb0(%x: tensor<f32>, %y: tensor<i32>):
        %c = stablehlo.convert %y : (tensor<i32>) -> tensor<f32>
        %one = stablehlo.constant dense<1.5> : tensor<f32>
        %m = stablehlo.multiply %x, %c : tensor<f32>
        %s = stablehlo.add %m, %one : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<3x4xf32>, tensor<3x4xi32>) -> tensor<3x4xf32>
      return %0 : tensor<3x4xf32>
    }"""
    a = _floats(np.float32, (3, 4), 1)
    b = _ints(np.int32, (3, 4), 2) % 100
    assert_same(interpret(text, a, b), xla_run_text(text, a, b))


@pytest.mark.xla
def test_map_constant_body_and_scalar():
    text = """
    func.func @main(%a: tensor<2x3xi8>, %s: tensor<i8>) -> (tensor<2x3xi1>, tensor<i8>) {
      %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0, 1>}> ({
      ^bb0(%x: tensor<i8>):
        %t = stablehlo.constant dense<true> : tensor<i1>
        stablehlo.return %t : tensor<i1>
      }) : (tensor<2x3xi8>) -> tensor<2x3xi1>
      %1 = "stablehlo.map"(%s) <{dimensions = array<i64>}> ({
      ^bb0(%x: tensor<i8>):
        %n = stablehlo.negate %x : tensor<i8>
        stablehlo.return %n : tensor<i8>
      }) : (tensor<i8>) -> tensor<i8>
      return %0, %1 : tensor<2x3xi1>, tensor<i8>
    }"""
    a = _ints(np.int8, (2, 3), 3)
    assert_same(interpret(text, a, np.int8(-128)), xla_run_text(text, a, np.int8(-128)))


@pytest.mark.parametrize("body", ["add", "maximum"])
def test_reduce_window_pads_with_init_values(body):
    """The spec pads with the init values and then reduces each window with the init
    (so do the upstream reference interpreter and we); XLA instead skips padding and
    base-dilation holes, which differs only for an init that is not the body's
    identity (docs/decisions.md). Oracle: the spec's formula in numpy."""
    text = f"""
    func.func @main(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<5x2xf32> {{
      %0 = "stablehlo.reduce_window"(%x, %i) <{{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}}> ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %r = stablehlo.{body} %a, %b : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
      return %0 : tensor<5x2xf32>
    }}"""
    x, init = np.array([[1, 2, 3], [4, 5, 6]], np.float32), np.float32(1.5)
    padded = np.full((6, 3), init, np.float32)  # 2 low + (2 - 1) * 2 + 1 dilated + 1 high
    padded[2:5:2] = x
    windows = np.lib.stride_tricks.sliding_window_view(padded, (2, 2))
    reduce = {"add": np.sum, "maximum": np.max}[body]
    combine = {"add": np.add, "maximum": np.maximum}[body]
    expected = combine(init, reduce(windows, axis=(2, 3))).astype(np.float32)
    (got,) = interpret(text, x, init)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.xla
def test_reduce_window_of_an_empty_input_matches_xla_with_an_identity_init():
    text = """
    func.func @main(%x: tensor<0x3xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
      %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2, 2>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %r = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<0x3xf32>, tensor<f32>) -> tensor<2x2xf32>
      return %0 : tensor<2x2xf32>
    }"""
    x, init = np.zeros((0, 3), np.float32), np.float32(0)
    assert_same(interpret(text, x, init), xla_run_text(text, x, init))


def test_sort_of_empty_rows():
    text = """
    func.func @main(%x: tensor<0x4xf32>) -> tensor<0x4xf32> {
      %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %n = stablehlo.not %c : tensor<i1>
        %r = stablehlo.not %n : tensor<i1>
        stablehlo.return %r : tensor<i1>
      }) : (tensor<0x4xf32>) -> tensor<0x4xf32>
      return %0 : tensor<0x4xf32>
    }"""
    (got,) = interpret(text, np.zeros((0, 4), np.float32))
    assert got.shape == (0, 4)


def test_dilations_and_strides_near_int64_limits_where_they_never_land():
    """A dilation or stride of 2^63 - 1 on an axis of extent 1 is valid and never taken (found by
    fuzzing: numpy's strides overflowed); numpy formulas as the oracle."""
    big = 2**63 - 1
    x = np.arange(15, dtype=np.float32).reshape(3, 5)
    text = f"""
    func.func @main(%x: tensor<3x5xf32>, %init: tensor<f32>) -> tensor<3x5xf32> {{
      %0 = "stablehlo.reduce_window"(%x, %init) <{{padding = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>,
          window_dilations = array<i64: {big}, 1>, window_dimensions = array<i64: 1, 5>}}> ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }}) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
      return %0 : tensor<3x5xf32>
    }}"""
    (got,) = interpret(text, x, np.float32(0))
    np.testing.assert_array_equal(got, np.cumsum(x, axis=1))
    lhs = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    conv = f"""
    func.func @main(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<1x3x1x1xf32>) -> tensor<1x1x2x1xf32> {{
      %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
          window = {{stride = [{big}, 1], rhs_dilate = [{big}, 1]}} {{batch_group_count = 1 : i64,
          feature_group_count = 1 : i64}} : (tensor<1x4x4x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x1x2x1xf32>
      return %0 : tensor<1x1x2x1xf32>
    }}"""
    (got,) = interpret(conv, lhs, np.ones((1, 3, 1, 1), np.float32))
    np.testing.assert_array_equal(got.ravel(), [lhs[0, 0, 0:3, 0].sum(), lhs[0, 0, 1:4, 0].sum()])
