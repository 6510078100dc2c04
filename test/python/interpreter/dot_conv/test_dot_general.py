"""dot_general against XLA on CPU (floats within rounding of a different summation order)."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_close, assert_same, assert_sum_bound, exact_sum, export, run_both
from jax import lax

from stablehlo_py.interpreter import interpret

DIMS = [
    # (lhs shape, rhs shape, ((lhs contract, rhs contract), (lhs batch, rhs batch)))
    ((4, 5), (5, 3), (((1,), (0,)), ((), ()))),
    ((5, 4), (5, 3), (((0,), (0,)), ((), ()))),
    ((4, 5), (3, 5), (((1,), (1,)), ((), ()))),
    ((2, 4, 5), (2, 5, 3), (((2,), (1,)), ((0,), (0,)))),
    ((4, 2, 5), (5, 3, 2), (((2,), (0,)), ((1,), (2,)))),
    ((2, 3, 4, 5), (4, 5, 6), (((2, 3), (0, 1)), ((), ()))),
    ((3, 2, 4, 6), (2, 6, 5, 3), (((3,), (1,)), ((1, 0), (0, 3)))),
    ((7,), (7,), (((0,), (0,)), ((), ()))),
    ((3, 4), (5, 6), (((), ()), ((), ()))),
]


@pytest.mark.xla
@pytest.mark.parametrize("lhs_shape,rhs_shape,dims", DIMS, ids=[str(d[2]) for d in DIMS])
def test_dot_general_dimensions_f64(lhs_shape, rhs_shape, dims):
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal(lhs_shape), rng.standard_normal(rhs_shape)
    got, expected = run_both(lambda x, y: lax.dot_general(x, y, dims), a, b)
    assert_close(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.xla
@pytest.mark.parametrize("lhs_shape,rhs_shape,dims", DIMS[:5], ids=[str(d[2]) for d in DIMS[:5]])
def test_dot_general_int32_exact(lhs_shape, rhs_shape, dims):
    rng = np.random.default_rng(6)
    a = rng.integers(-100, 100, lhs_shape, dtype=np.int32)
    b = rng.integers(-100, 100, rhs_shape, dtype=np.int32)
    got, expected = run_both(lambda x, y: lax.dot_general(x, y, dims), a, b)
    assert_same(got, expected)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_dot_integer_wraps_in_result_type(dtype):
    info = np.iinfo(dtype)
    a = np.full((3, 40), info.max, dtype)
    b = np.full((40, 2), info.max, dtype)
    a[1] = info.min
    got, expected = run_both(lambda x, y: x @ y, a, b)
    assert_same(got, expected)


@pytest.mark.xla
def test_dot_preferred_element_type():
    """int8 x int8 -> int32 accumulates in int32; bf16 x bf16 -> f32 in f32."""
    rng = np.random.default_rng(7)
    a = rng.integers(-128, 128, (4, 64), dtype=np.int8)
    b = rng.integers(-128, 128, (64, 3), dtype=np.int8)
    dims = (((1,), (0,)), ((), ()))
    got, expected = run_both(lambda x, y: lax.dot_general(x, y, dims, preferred_element_type=np.int32), a, b)
    assert_same(got, expected)
    fa = rng.standard_normal((4, 64)).astype(ml_dtypes.bfloat16)
    fb = rng.standard_normal((64, 3)).astype(ml_dtypes.bfloat16)
    got, expected = run_both(lambda x, y: lax.dot_general(x, y, dims, preferred_element_type=np.float32), fa, fb)
    assert_close(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, ml_dtypes.bfloat16, np.float64, np.complex64,
                                   np.complex128], ids=lambda d: np.dtype(d).name)
def test_dot_float_types(dtype):
    """Within the summation bound of the exact result (XLA's order depends on the host)."""
    rng = np.random.default_rng(8)
    a = rng.standard_normal((6, 20))
    b = rng.standard_normal((20, 5))
    if np.dtype(dtype).kind == "c":
        a, b = a + 1j * rng.standard_normal(a.shape), b - 1j * rng.standard_normal(b.shape)
    a, b = a.astype(dtype), b.astype(dtype)
    (got,) = interpret(export(lambda x, y: x @ y, a, b), a, b)
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    a64, b64 = a.astype(wide), b.astype(wide)
    exact = np.empty(got.shape, wide)
    for i, j in np.ndindex(*got.shape):
        pairs = list(zip(a64[i], b64[:, j]))
        pairs = [(Fraction(x.real), Fraction(x.imag), Fraction(y.real), Fraction(y.imag)) for x, y in pairs]
        re = exact_sum(xr * yr - xi * yi for xr, xi, yr, yi in pairs)
        im = exact_sum(xr * yi + xi * yr for xr, xi, yr, yi in pairs)
        exact[i, j] = complex(re, im) if wide == np.complex128 else re
    assert got.dtype == np.dtype(dtype) and got.shape == (6, 5)
    # complex parts sum 2n products, each term bounded by |x||y|
    terms = 40 if wide == np.complex128 else 20
    assert_sum_bound(got, exact, np.abs(a64) @ np.abs(b64), terms, f"dot {np.dtype(dtype).name}")


def test_dot_bool():
    text = """
    func.func @main(%a: tensor<2x3xi1>, %b: tensor<3x2xi1>) -> tensor<2x2xi1> {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi1>, tensor<3x2xi1>) -> tensor<2x2xi1>
      return %0 : tensor<2x2xi1>
    }"""
    a = np.array([[True, False, False], [False, False, False]])
    b = np.array([[True, False], [True, True], [False, True]])
    (got,) = interpret(text, a, b)
    np.testing.assert_array_equal(got, (a.astype(int) @ b.astype(int)) > 0)


def test_legacy_dot():
    text = """
    func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
      %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }"""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1, -1, 2], np.float32)
    (got,) = interpret(text, a, b)
    np.testing.assert_array_equal(got, a @ b)


@pytest.mark.xla
def test_mlp_layer_matches_xla():
    rng = np.random.default_rng(9)
    x = rng.standard_normal((128, 784)).astype(np.float32)
    w = (rng.standard_normal((784, 512)) * 0.05).astype(np.float32)
    b = rng.standard_normal(512).astype(np.float32)

    def mlp(x, w, b):
        y = x @ w + b
        return lax.select(y > 0, y, lax.full_like(y, 0))

    got, expected = run_both(mlp, x, w, b)
    assert_close(got, expected, rtol=1e-4, atol=1e-4)
