"""compare and select against XLA on CPU."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, run_both
from jax import lax

from stablehlo_py.interpreter import interpret

DIRECTIONS = {"EQ": lax.eq, "NE": lax.ne, "GE": lax.ge, "GT": lax.gt, "LE": lax.le, "LT": lax.lt}
TYPES = [np.bool_, np.int8, np.int64, np.uint8, np.uint32, np.uint64, np.float16, ml_dtypes.bfloat16, np.float32,
         np.float64, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2]


def values(dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return np.array([True, True, False, False]), np.array([True, False, True, False])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        a = np.array([info.min, info.max, 0, 1, info.max, 5, info.min], dtype)
        return a, np.array([info.max, info.min, 0, 2, info.max, 4, info.min + 1], dtype)
    with np.errstate(all="ignore"):
        a = np.array([np.nan, 1.0, -0.0, 0.0, np.inf, -np.inf, 2.0, np.nan, 3.0]).astype(dtype)
        b = np.array([np.nan, np.nan, 0.0, -0.0, np.inf, 1.0, 2.0, 1.0, -3.0]).astype(dtype)
    return a, b


@pytest.mark.xla
@pytest.mark.parametrize("dtype", TYPES, ids=lambda d: np.dtype(d).name)
def test_compare_all_directions(dtype):
    a, b = values(dtype)

    def fn(x, y):
        return tuple(f(x, y) for f in DIRECTIONS.values())

    got, expected = run_both(fn, a, b)
    assert_same(got, expected, f"compare {np.dtype(dtype).name}")


@pytest.mark.xla
def test_compare_complex_eq_ne():
    a = np.array([1 + 2j, 1 + 2j, np.nan + 0j], np.complex64)
    b = np.array([1 + 2j, 1 - 2j, np.nan + 0j], np.complex64)
    got, expected = run_both(lambda x, y: (lax.eq(x, y), lax.ne(x, y)), a, b)
    assert_same(got, expected)


def test_compare_totalorder():
    """TOTALORDER: -NaN < -inf < ... < -0.0 < +0.0 < ... < inf < NaN (numpy formula on the bits)."""
    text = """
    func.func @main(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xi1>, tensor<6xi1>) {
      %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %1 = stablehlo.compare EQ, %a, %b, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      return %0, %1 : tensor<6xi1>, tensor<6xi1>
    }"""
    a = np.array([-0.0, np.nan, -np.nan, 1.0, -np.inf, 0.0], np.float32)
    b = np.array([0.0, np.inf, -np.inf, 1.0, -np.nan, 0.0], np.float32)
    lt, eq = interpret(text, a, b)
    np.testing.assert_array_equal(lt, [True, False, True, False, False, False])
    np.testing.assert_array_equal(eq, [False, False, False, True, False, True])


def test_compare_complex_lexicographic():
    text = """
    func.func @main(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
      %0 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
      return %0 : tensor<4xi1>
    }"""
    a = np.array([1 + 1j, 1 + 1j, 2 + 0j, 1 + 3j], np.complex64)
    b = np.array([1 + 2j, 1 + 1j, 1 + 9j, 2 + 0j], np.complex64)
    (got,) = interpret(text, a, b)
    np.testing.assert_array_equal(got, [True, False, False, True])


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int32, np.float16, ml_dtypes.bfloat16,
                                   np.float32, np.float64, np.complex64, np.complex128, ml_dtypes.float8_e5m2,
                                   ml_dtypes.int4],
                         ids=lambda d: np.dtype(d).name)
def test_select(dtype):
    rng = np.random.default_rng(3)
    pred = rng.integers(0, 2, size=(5, 7)).astype(bool)
    with np.errstate(all="ignore"):
        a = (rng.standard_normal((5, 7)) * 5).astype(dtype)
        b = (rng.standard_normal((5, 7)) * 5 - 1).astype(dtype)
    got, expected = run_both(lax.select, pred, a, b)
    assert_same(got, expected, f"select {np.dtype(dtype).name}")


def test_select_scalar_predicate_and_nan_payloads():
    """A 0-d predicate picks a whole operand; selection moves bits exactly (NaN payloads, -0.0)."""
    text = """
    func.func @main(%p: tensor<i1>, %q: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>)
        -> (tensor<3xf32>, tensor<3xf32>) {
      %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<3xf32>
      %1 = stablehlo.select %q, %a, %b : tensor<3xi1>, tensor<3xf32>
      return %0, %1 : tensor<3xf32>, tensor<3xf32>
    }"""
    a = np.array([0x7FC00123, 0x80000000, 0x3F800000], np.uint32).view(np.float32)
    b = np.array([1.0, 2.0, 3.0], np.float32)
    q = np.array([True, False, True])
    for p in (True, False):
        whole, mixed = interpret(text, np.array(p), q, a, b)
        np.testing.assert_array_equal(whole.view(np.uint32), (a if p else b).view(np.uint32))
        np.testing.assert_array_equal(mixed.view(np.uint32), np.where(q, a, b).view(np.uint32))


@pytest.mark.xla
def test_relu_pattern_from_jax():
    x = np.array([[-1.0, 0.0, -0.0, 2.5], [np.nan, -np.inf, np.inf, 1e-30]], np.float32)
    got, expected = run_both(lambda v: lax.select(v > 0, v, lax.full_like(v, 0)), x)
    assert_same(got, expected, "relu by select")


@pytest.mark.xla
def test_relu_by_maximum_from_jax():
    x = np.array([[-1.0, 0.0, -0.0, 2.5], [np.nan, -np.inf, np.inf, 1e-30]], np.float32)
    got, expected = run_both(lambda v: lax.max(v, np.float32(0)), x)
    assert_same(got, expected, "relu by maximum")
