"""reduce (fast single-op bodies and general bodies) against XLA on CPU."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_sum_bound, exact_sum, export, run_both
from jax import lax

import jax.numpy as jnp
from stablehlo_py.interpreter import interpret


INT_REDUCERS = {"add": (lax.add, lambda info: 0, (2,)), "multiply": (lax.mul, lambda info: 1, (0, 2)),
                "maximum": (lax.max, lambda info: info.min, (1,)), "minimum": (lax.min, lambda info: info.max, (0, 1, 2)),
                "xor": (lax.bitwise_xor, lambda info: 0, (1,)),
                "and": (lax.bitwise_and, lambda info: -1 if info.min else info.max, (0,))}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(INT_REDUCERS))
def test_integer_reductions_wrap(op, dtype):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(10)
    x = rng.integers(info.min, info.max, (3, 5, 7), dtype=dtype, endpoint=True)
    x[0, 0, :] = info.max
    body, init, dims = INT_REDUCERS[op]
    got, expected = run_both(lambda v: lax.reduce(v, dtype(init(info)), body, dims), x)
    assert_same(got, expected, f"{op} {np.dtype(dtype).name}")


def test_bool_add_reduction_is_or():
    """add on i1 is logical or (numpy formula)."""
    text = """
    func.func @main(%x: tensor<3x3xi1>) -> tensor<3xi1> {
      %f = stablehlo.constant dense<false> : tensor<i1>
      %0 = stablehlo.reduce(%x init: %f) applies stablehlo.add across dimensions = [1] : (tensor<3x3xi1>, tensor<i1>) -> tensor<3xi1>
      return %0 : tensor<3xi1>
    }"""
    x = np.array([[True, False, True], [False, False, False], [False, False, True]])
    (got,) = interpret(text, x)
    np.testing.assert_array_equal(got, x.any(axis=1))


@pytest.mark.xla
def test_bool_reductions():
    x = np.array([[True, False, True], [True, True, True], [False, False, False]])
    got, expected = run_both(lambda v: (jnp.any(v, axis=1), jnp.all(v, axis=0), jnp.any(v), jnp.all(v)), x)
    assert_same(got, expected)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_float_sum_and_product(dtype):
    rng = np.random.default_rng(11)
    x = rng.standard_normal((4, 33, 6)).astype(dtype)
    fn = lambda v: (jnp.sum(v, axis=1), jnp.sum(v, axis=(0, 2)), jnp.prod(v[:, :5], axis=1))  # noqa: E731
    sum1, sum02, prod = interpret(export(fn, x), x)
    # exact results and the summation bound: XLA's order depends on the sizes and the host
    x64 = x.astype(np.float64)
    exact1 = np.vectorize(lambda i, k: exact_sum(x64[i, :, k]))(*np.indices((4, 6)))
    assert_sum_bound(sum1, exact1, np.abs(x64).sum(axis=1), 33, "sum over axis 1")
    exact02 = np.array([exact_sum(x64[:, j, :].ravel()) for j in range(33)])
    assert_sum_bound(sum02, exact02, np.abs(x64).sum(axis=(0, 2)), 24, "sum over axes 0, 2")
    exact_prod = np.array([float(np.prod([Fraction(v) for v in x64[i, :5, k]]))
                           for i, k in np.ndindex(4, 6)]).reshape(4, 6)
    assert_sum_bound(prod, exact_prod, np.abs(exact_prod), 5, "product of 5")


@pytest.mark.xla
def test_float_max_min_with_nan_inf_and_signed_zero():
    x = np.array([[1.0, np.nan, 3.0], [-np.inf, -1.0, -2.0], [-0.0, 0.0, -0.0], [-0.0, -0.0, -5.0],
                  [0.0, 0.0, 7.0]], np.float32)
    got, expected = run_both(lambda v: (jnp.max(v, axis=1), jnp.min(v, axis=1), jnp.max(v, axis=0),
                                        jnp.min(v, axis=0)), x)
    assert_same(got, expected)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=lambda d: np.dtype(d).name)
def test_narrow_float_max(dtype):
    x = np.random.default_rng(12).standard_normal((8, 9)).astype(dtype)
    got, expected = run_both(lambda v: (jnp.max(v, axis=0), jnp.min(v, axis=1)), x)
    assert_same(got, expected)


@pytest.mark.xla
def test_argmax_variadic_reduce():
    """jnp.argmax lowers to a 2-input reduce with a compare/select body: the general tree path."""
    rng = np.random.default_rng(13)
    x = rng.integers(0, 5, (6, 37)).astype(np.float32)  # many ties: the first index must win
    x[2, 3] = np.nan
    got, expected = run_both(lambda v: (jnp.argmax(v, axis=1), jnp.argmin(v, axis=0)), x)
    assert_same(got, expected)


@pytest.mark.xla
def test_general_body_runs_vectorised():
    """A body that is not one op (compare + select), exact for any order."""
    rng = np.random.default_rng(14)
    x = rng.standard_normal((5, 1000)).astype(np.float32)

    def body(a, b):  # the larger of the two, by compare and select
        return lax.select(lax.gt(a, b), a, b)

    got, expected = run_both(lambda v: lax.reduce(v, np.float32(0), body, (1,)), x)
    assert_same(got, expected)


@pytest.mark.xla
def test_reduce_over_empty_dimension_gives_init():
    x = np.zeros((3, 0), np.float32)
    got, expected = run_both(lambda v: (jnp.sum(v, axis=1), lax.reduce(v, np.float32(-1), lax.add, (0,))), x)
    assert_same(got, expected)


@pytest.mark.xla
def test_reduce_all_dimensions_and_no_dimensions():
    """With no dimensions each result is its one element: XLA (as the spec allows) adds no init."""
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    got, expected = run_both(lambda v: (lax.reduce(v, np.int32(0), lax.add, (0, 1)),
                                        lax.reduce(v, np.int32(5), lax.add, ())), x)
    assert_same(got, expected)


def test_reduce_body_with_captured_value_and_multiple_ops():
    """General body with constants: sum of x * 2 + 1 per pair, in pretty form (numpy formula for the tree)."""
    text = """
    func.func @main(%x: tensor<2x4xi32>) -> tensor<2xi32> {
      %init = stablehlo.constant dense<0> : tensor<i32>
      %0 = stablehlo.reduce(%x init: %init) across dimensions = [1] : (tensor<2x4xi32>, tensor<i32>) -> tensor<2xi32>
       reducer(%a: tensor<i32>, %b: tensor<i32>) {
        %c = stablehlo.constant dense<1> : tensor<i32>
        %s = stablehlo.add %a, %b : tensor<i32>
        %t = stablehlo.add %s, %c : tensor<i32>
        stablehlo.return %t : tensor<i32>
      }
      return %0 : tensor<2xi32>
    }"""
    x = np.array([[1, 2, 3, 4], [10, 20, 30, 40]], np.int32)
    (got,) = interpret(text, x)
    # 4 elements and an init combine in 4 applications of the body, each adding 1
    np.testing.assert_array_equal(got, x.sum(axis=1) + 4)
