"""dot_general and convolution (interpreter/linalg.py) where mutation testing found no judge
(docs/testing.md): products in a wider result type, dots large enough for BLAS, window reversal
with batch groups, and dynamic shapes taken from the operands at run time."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_sum_bound, xla_run_text

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer


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


@pytest.mark.xla
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


def test_dot_general_with_a_dynamic_dimension_runs_on_the_run_time_shape():
    text = """func.func @main(%a: tensor<?x3xf32>, %b: tensor<3x2xf32>) -> tensor<?x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}"""
    a, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(-3, 3, dtype=np.float32).reshape(3, 2)
    assert_same(interpret(text, a, b), [a @ b])  # small integers: exact in f32


@pytest.mark.xla
@pytest.mark.parametrize("element,result,dtype,out_dtype", [
    ("f32", "bf16", np.float32, ml_dtypes.bfloat16), ("f64", "f32", np.float64, np.float32),
    ("f32", "f16", np.float32, np.float16)])
def test_wider_operands_multiply_in_their_type_and_round_once(element, result, dtype, out_dtype):
    """f32 operands, bf16 result: the spec multiplies the operands' slices in their own type; XLA
    sums in f32 and rounds once. Rounding the operands first would give another value here: with
    x = 1 + 2^-8 + 2^-9 (1 + 2^-7 in bf16), 3x is 3.0176 (3.0156 in bf16) but 3 * bf16(x) is the
    tie 3.0234, which rounds to 3.03125."""
    a = np.full((2, 3), 1 + 2.0 ** -8 + 2.0 ** -9, dtype)
    b = np.ones((3, 2), dtype)
    text = _dot_text(2, 3, 2, element, result)
    (got,) = interpret(text, a, b)
    exact = a.astype(np.float64) @ b.astype(np.float64)  # exact: three small terms
    assert_same([got], [exact.astype(np.float32).astype(out_dtype)])
    assert_same([got], xla_run_text(text, a, b))


BF16, F16, E5M2, E4M3 = ml_dtypes.bfloat16, np.float16, ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fn


@pytest.mark.xla
@pytest.mark.parametrize("element,result,dtype,out_dtype,computed_in", [
    ("bf16", "f16", BF16, F16, BF16),  # same width, bf16 ranks higher (wider exponent)
    ("f16", "bf16", F16, BF16, BF16),  # so f16 operands are rounded to bf16 first
    ("f16", "f8E5M2", F16, E5M2, F16),
    ("bf16", "f8E4M3FN", BF16, E4M3, BF16),
    ("f8E5M2", "f8E4M3FN", E5M2, E4M3, E5M2),
], ids=lambda v: v if isinstance(v, str) else None)
def test_mixed_precision_dots_compute_in_the_higher_precision_type(element, result, dtype, out_dtype, computed_in):
    """Operand and result types of different precision: the dot is computed in the higher of the
    two (XLA's ranking: width, exponent range, significand), accumulating in f32 and rounding to
    that type, then converted to the result (rounding twice when the operands rank higher), as
    XLA does. Two products per sum: each is exact in f32, so their f32 sum is the exact sum
    rounded once, on every host."""
    rng = np.random.default_rng(21)
    a, b = (rng.standard_normal(s).astype(np.float32).astype(dtype) for s in ((32, 2), (2, 32)))
    text = _dot_text(32, 2, 32, element, result)
    (got,) = interpret(text, a, b)
    wide = lambda x: x.astype(computed_in).astype(np.float64)  # noqa: E731
    expected = (wide(a) @ wide(b)).astype(np.float32).astype(computed_in).astype(out_dtype)
    assert_same([got], [expected])
    assert_same([got], xla_run_text(text, a, b))


@pytest.mark.xla
def test_mixed_precision_convolution_computes_in_the_operand_type():
    """bf16 operands, f16 result: as dot_general, products summed in bf16's precision, then f16."""
    text = """func.func @main(%lhs: tensor<2x6x2xbf16>, %rhs: tensor<1x2x3xbf16>) -> tensor<2x6x3xf16> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x2xbf16>, tensor<1x2x3xbf16>) -> tensor<2x6x3xf16>
  return %0 : tensor<2x6x3xf16>
}"""
    rng = np.random.default_rng(22)
    a, b = rng.standard_normal((2, 6, 2)).astype(BF16), rng.standard_normal((1, 2, 3)).astype(BF16)
    (got,) = interpret(text, a, b)
    exact = np.einsum("bsi,io->bso", a.astype(np.float64), b[0].astype(np.float64))
    assert_same([got], [exact.astype(np.float32).astype(BF16).astype(F16)])
    assert_same([got], xla_run_text(text, a, b))


@pytest.mark.parametrize("k", [255, 256, 1000])
def test_boolean_einsum_is_an_or_of_ands_at_any_depth(k):
    """A count of true products that is a multiple of 256 is still true (not a uint8 sum)."""
    text = f"""func.func @main(%a: tensor<2x{k}xi1>, %b: tensor<{k}x3xi1>) -> tensor<2x3xi1> {{
  %0 = "stablehlo.einsum"(%a, %b) {{einsum_config = "ab,bc->ac"}} : (tensor<2x{k}xi1>, tensor<{k}x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}}"""
    rng = np.random.default_rng(k)
    a = np.ones((2, k), bool)
    a[1] = rng.random(k) < 0.5
    b = np.zeros((k, 3), bool)
    b[:, 0], b[k // 2, 2] = True, True
    expected = np.array([[any(a[i, l] and b[l, j] for l in range(k)) for j in range(3)] for i in range(2)])
    assert_same(interpret(text, a, b), [expected])


@pytest.mark.xla
def test_convolution_of_an_empty_dilated_input_is_its_padding():
    """An input spatial dimension of 0, dilated (still 0, C25) and padded by 2 on each side:
    three windows over padding only, so zeros."""
    text = """func.func @main(%lhs: tensor<2x0x3xi32>, %rhs: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x0x3xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}"""
    a, b = np.zeros((2, 0, 3), np.int32), np.ones((2, 3, 4), np.int32)
    expected = xla_run_text(text, a, b)
    assert_same([np.zeros((2, 3, 4), np.int32)], expected)  # the oracle agrees with the spec here
    assert_same(interpret(text, a, b), expected)


def test_convolution_with_an_empty_kernel_sums_nothing():
    """A kernel spatial dimension of 0: the spec's dilated window is 0 wide (C25), so there are
    n + 1 windows, each an empty sum. Upstream's verifier and XLA reject this; the spec does not
    (docs/decisions.md)."""
    text = """func.func @main(%lhs: tensor<2x4x3xf32>, %rhs: tensor<0x3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x3xf32>, tensor<0x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}"""
    got = interpret(text, np.ones((2, 4, 3), np.float32), np.ones((0, 3, 4), np.float32))
    assert_same(got, [np.zeros((2, 5, 4), np.float32)])


def test_convolution_of_an_empty_input_with_an_empty_kernel_has_no_windows():
    """Input and kernel spatial sizes both 0: C25 gives 0 windows where the dilated input is
    empty, although the (empty) window fits it."""
    text = """func.func @main(%lhs: tensor<2x0x3xf32>, %rhs: tensor<0x3x4xf32>) -> tensor<2x0x4xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x0x3xf32>, tensor<0x3x4xf32>) -> tensor<2x0x4xf32>
  return %0 : tensor<2x0x4xf32>
}"""
    got = interpret(text, np.ones((2, 0, 3), np.float32), np.ones((0, 3, 4), np.float32))
    assert_same(got, [np.zeros((2, 0, 4), np.float32)])


@pytest.mark.parametrize("values", [[4.0], [4.0, 2.0, 0.25]], ids=["one", "batch"])
def test_cholesky_of_one_by_one_matrices_is_their_square_root(values):
    a = np.array(values).reshape(-1, 1, 1)[0 if len(values) == 1 else slice(None)]
    t = f"tensor<{'x'.join(map(str, a.shape))}xf64>"
    text = f"""func.func @main(%a: {t}) -> {t} {{
  %0 = stablehlo.cholesky %a, lower = true : {t}
  return %0 : {t}
}}"""
    assert_same(interpret(text, a), [np.sqrt(a)])


def test_triangular_solve_with_two_batch_dimensions_of_different_sizes():
    """a: 2x3 batch of 2x2 lower-triangular systems; the residual of each solve against numpy."""
    text = """func.func @main(%a: tensor<2x3x2x2xf64>, %b: tensor<2x3x2x1xf64>) -> tensor<2x3x2x1xf64> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x2x2xf64>, tensor<2x3x2x1xf64>) -> tensor<2x3x2x1xf64>
  return %0 : tensor<2x3x2x1xf64>
}"""
    rng = np.random.default_rng(4)
    a = np.tril(rng.standard_normal((2, 3, 2, 2))) + 3 * np.eye(2)
    b = rng.standard_normal((2, 3, 2, 1))
    (x,) = interpret(text, a, b)
    np.testing.assert_allclose(a @ x, b, rtol=0, atol=1e-14)


@pytest.mark.xla
def test_convolution_without_spatial_dimensions_is_a_matrix_product():
    """dim_numbers [b, f]x[i, o]->[b, f], no window: XLA bit for bit on integers."""
    text = """func.func @main(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}"""
    a, b = np.arange(6, dtype=np.int32).reshape(2, 3), np.arange(-3, 3, dtype=np.int32).reshape(3, 2)
    assert_same(interpret(text, a, b), [a @ b])
    assert_same(interpret(text, a, b), xla_run_text(text, a, b))


def test_convolution_with_a_dynamic_dimension_runs_on_the_run_time_shape():
    text = """func.func @main(%a: tensor<?x3xi32>, %b: tensor<3x2xi32>) -> tensor<?x2xi32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3xi32>, tensor<3x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}"""
    a, b = np.arange(12, dtype=np.int32).reshape(4, 3), np.arange(-3, 3, dtype=np.int32).reshape(3, 2)
    assert_same(interpret(text, a, b), [a @ b])  # no spatial dimensions: a matrix product
