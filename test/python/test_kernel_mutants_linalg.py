"""dot_general and convolution (interpreter/linalg.py) where mutation testing found no judge
(docs/testing.md): products in a wider result type, dots large enough for BLAS, window reversal
with batch groups, and dynamic shapes the kernels refuse."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_sum_bound, xla_run_text

from stablehlo_py.interpreter import InterpreterError, interpret


def _dot_text(m, k, n, element, result):
    return f"""func.func @main(%a: tensor<{m}x{k}x{element}>, %b: tensor<{k}x{n}x{element}>) -> tensor<{m}x{n}x{result}> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<{m}x{k}x{element}>, tensor<{k}x{n}x{element}>) -> tensor<{m}x{n}x{result}>
  return %0 : tensor<{m}x{n}x{result}>
}}"""


@pytest.mark.parametrize("element,dtype", [("f16", np.float16), ("bf16", ml_dtypes.bfloat16)])
def test_narrow_operands_multiply_and_sum_in_the_wider_result_type(element, dtype):
    """f16/bf16 operands, f32 result: operands convert to f32 first (exact), then products and
    sums run in f32, within f32's summation bound of the exact sum (not f16's)."""
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal(s).astype(dtype) for s in ((4, 40), (40, 5)))
    (got,) = interpret(_dot_text(4, 40, 5, element, "f32"), a, b)
    assert got.dtype == np.float32
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    assert_sum_bound(got, a64 @ b64, np.abs(a64) @ np.abs(b64), 40, f"{element} -> f32")


def test_i8_operands_accumulate_in_the_i32_result():
    """127 * 127 * 40 does not fit i8 or i16: the sum is exact in i32."""
    a, b = np.full((2, 40), 127, np.int8), np.full((40, 3), 127, np.int8)
    (got,) = interpret(_dot_text(2, 40, 3, "i8", "i32"), a, b)
    assert_same([got], [np.full((2, 3), 127 * 127 * 40, np.int32)])


@pytest.mark.parametrize("m,k,n", [(8, 300, 8), (600, 40, 600)], ids=["deep", "much_work"])
def test_dots_past_the_index_order_limits_stay_within_the_summation_bound(m, k, n):
    """Past SEQUENTIAL_DEPTH contracting indices or SEQUENTIAL_WORK products the sum runs in BLAS
    (any order): still within the order-independent summation bound of the exact result."""
    rng = np.random.default_rng(m + k)
    a, b = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)
    (got,) = interpret(_dot_text(m, k, n, "f32", "f32"), a, b)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    assert_sum_bound(got, a64 @ b64, np.abs(a64) @ np.abs(b64), k, f"{m}x{k}x{n}")


def test_window_reversal_with_batch_groups_matches_xla():
    """Integers, so XLA's result is exact on every host."""
    text = """func.func @main(%lhs: tensor<4x5x4x2xi32>, %rhs: tensor<2x3x2x4xi32>) -> tensor<2x4x2x4xi32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], reverse = [true, false]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x4x2xi32>, tensor<2x3x2x4xi32>) -> tensor<2x4x2x4xi32>
  return %0 : tensor<2x4x2x4xi32>
}"""
    rng = np.random.default_rng(12)
    a = rng.integers(-9, 9, (4, 5, 4, 2)).astype(np.int32)
    b = rng.integers(-9, 9, (2, 3, 2, 4)).astype(np.int32)
    assert_same(interpret(text, a, b), xla_run_text(text, a, b))


def test_dot_general_with_a_dynamic_dimension_is_a_clean_error():
    text = """func.func @main(%a: tensor<?x3xf32>, %b: tensor<3x2xf32>) -> tensor<?x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}"""
    with pytest.raises(InterpreterError, match=r"stablehlo.dot_general .*dynamic shape tensor<\?x3xf32> is not supported"):
        interpret(text, np.zeros((2, 3), np.float32), np.zeros((3, 2), np.float32))
