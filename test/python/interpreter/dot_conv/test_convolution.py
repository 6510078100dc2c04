"""convolution against XLA on CPU: random configurations (hypothesis) of
layouts, 1-3 spatial dimensions, strides, padding (also negative), lhs and
rhs dilation, feature and batch groups; transposed convolutions as JAX
exports them; window reversal (which JAX never emits) as StableHLO text run
by XLA.  Integers are exact; floats agree within the rounding of another
summation order."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_close, assert_same, assert_sum_bound, examples, export, run_both, xla, xla_run_text
from hypothesis import assume, given
from hypothesis import strategies as st
from jax import lax

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.xla


@st.composite
def conv_configs(draw):
    """A valid convolution: per-dimension sizes, layouts and window."""
    s = draw(st.integers(1, 3))
    n = s + 2
    perm = st.permutations(range(n))
    lhs_spec, rhs_spec, out_spec = (tuple(draw(perm)) for _ in range(3))
    groups = draw(st.integers(1, 3))
    feature_groups, batch_groups = (groups, 1) if draw(st.booleans()) else (1, groups)
    batch = batch_groups * draw(st.integers(1, 2))
    in_features = feature_groups * draw(st.integers(1, 3))
    out_features = groups * draw(st.integers(1, 2))
    small = s == 3  # keep three spatial dimensions cheap
    spatial = [draw(st.integers(1, 4 if small else 7)) for _ in range(s)]
    kernel = [draw(st.integers(1, 2 if small else 3)) for _ in range(s)]
    strides = [draw(st.integers(1, 3)) for _ in range(s)]
    lhs_dilation = [draw(st.integers(1, 2)) for _ in range(s)]
    rhs_dilation = [draw(st.integers(1, 2)) for _ in range(s)]
    padding = [(draw(st.integers(-1, 2)), draw(st.integers(-1, 2))) for _ in range(s)]
    for i in range(s):  # at least one window per spatial dimension
        padded = (spatial[i] - 1) * lhs_dilation[i] + 1 + sum(padding[i])
        assume(padded >= (kernel[i] - 1) * rhs_dilation[i] + 1)
    lhs_shape = [0] * n
    for d, size in zip(lhs_spec, [batch, in_features, *spatial]):
        lhs_shape[d] = size
    rhs_shape = [0] * n
    for d, size in zip(rhs_spec, [out_features, in_features // feature_groups, *kernel]):
        rhs_shape[d] = size
    return dict(lhs_shape=tuple(lhs_shape), rhs_shape=tuple(rhs_shape),
                kwargs=dict(window_strides=tuple(strides), padding=tuple(padding), lhs_dilation=tuple(lhs_dilation),
                            rhs_dilation=tuple(rhs_dilation),
                            dimension_numbers=lax.ConvDimensionNumbers(lhs_spec, rhs_spec, out_spec),
                            feature_group_count=feature_groups, batch_group_count=batch_groups))


def _operands(config, dtype, seed):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -100), min(info.max, 100)
        return (rng.integers(lo, hi, config["lhs_shape"]).astype(dtype),
                rng.integers(lo, hi, config["rhs_shape"]).astype(dtype))
    if np.issubdtype(dtype, np.complexfloating):
        def make(shape):
            return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
        return make(config["lhs_shape"]), make(config["rhs_shape"])
    return (rng.standard_normal(config["lhs_shape"]).astype(dtype),
            rng.standard_normal(config["rhs_shape"]).astype(dtype))


def _conv(config, **extra):
    return lambda x, y: lax.conv_general_dilated(x, y, **config["kwargs"], **extra)


FAST = examples(25)

def _check_sum(fn, a, b, terms: int, context: str):
    """The convolution `fn` of a and b within the summation bound of the exact result
    (assert_sum_bound) for `terms` products per element, whatever the order of the sum: the
    reference is XLA's result on the operands widened to f64/c128, whose products are exact;
    for f64 operands it is itself a sum in f64, so the bound counts twice."""
    (got,) = interpret(export(fn, a, b), a, b)
    wide = np.complex128 if np.issubdtype(a.dtype, np.complexfloating) else np.float64
    (reference,) = xla(fn, a.astype(wide), b.astype(wide))
    (magnitude,) = xla(fn, np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    assert got.dtype == a.dtype
    if wide == np.complex128:
        terms *= 2  # each part of a complex product is a sum of two real products
    assert_sum_bound(got, reference, magnitude, terms if a.dtype != np.float64 else 2 * terms + 2, context)


def _check_float(config, dtype, seed):
    a, b = _operands(config, dtype, seed)
    out_features = config["rhs_shape"][config["kwargs"]["dimension_numbers"].rhs_spec[0]]
    _check_sum(_conv(config), a, b, b.size // out_features, str(config))


@FAST
@given(conv_configs(), st.integers(0, 2**16))
def test_convolution_random_f32(config, seed):
    _check_float(config, np.float32, seed)


@FAST
@given(conv_configs(), st.integers(0, 2**16))
def test_convolution_random_f64(config, seed):
    _check_float(config, np.float64, seed)


@FAST
@given(conv_configs(), st.integers(0, 2**16))
def test_convolution_random_int32_exact(config, seed):
    a, b = _operands(config, np.int32, seed)
    got, expected = run_both(_conv(config), a, b)
    assert_same(got, expected)


@examples(15)
@given(conv_configs(), st.integers(0, 2**16))
def test_convolution_random_i8_to_i32_exact(config, seed):
    a, b = _operands(config, np.int8, seed)
    got, expected = run_both(_conv(config, preferred_element_type=np.int32), a, b)
    assert_same(got, expected)


@examples(15)
@given(conv_configs(), st.integers(0, 2**16), st.sampled_from([ml_dtypes.bfloat16, np.float16, np.complex64]))
def test_convolution_random_narrow_and_complex(config, seed, dtype):
    _check_float(config, dtype, seed)


def test_convolution_int8_wraps_in_result_type():
    """i8 x i8 -> i8 wraps (no float round trip): 127 * 127 * 9 mod 2^8."""
    a = np.full((1, 3, 3, 1), 127, np.int8)
    b = np.full((3, 3, 1, 1), 127, np.int8)
    dn = ("NHWC", "HWIO", "NHWC")
    got, expected = run_both(lambda x, y: lax.conv_general_dilated(x, y, (1, 1), "VALID", dimension_numbers=dn),
                             a, b)
    assert_same(got, expected)


@pytest.mark.parametrize("strides,padding", [((2, 2), "SAME"), ((2, 1), "VALID"), ((3, 2), ((1, 2), (0, 1)))])
def test_convolution_transpose_as_jax_exports_it(strides, padding):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 5, 6, 3)).astype(np.float32)
    b = rng.standard_normal((3, 3, 4, 3)).astype(np.float32)  # transposed: O is lhs's features
    fn = lambda x, y: lax.conv_transpose(x, y, strides, padding,  # noqa: E731
                                         dimension_numbers=("NHWC", "HWIO", "NHWC"), transpose_kernel=True)
    _check_sum(fn, a, b, 3 * 3 * 3, f"conv_transpose {strides} {padding}")  # a 3x3 window over 3 features


WINDOW_REVERSAL = """
func.func @main(%lhs: tensor<2x6x5x3xf64>, %rhs: tensor<3x2x3x4xf64>) -> tensor<2x3x4x4xf64> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 0], [0, 0]], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x5x3xf64>, tensor<3x2x3x4xf64>) -> tensor<2x3x4x4xf64>
  return %0 : tensor<2x3x4x4xf64>
}
"""


def test_convolution_window_reversal_against_xla_text():
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((2, 6, 5, 3)), rng.standard_normal((3, 2, 3, 4))
    got = interpret(WINDOW_REVERSAL, a, b)
    assert_close(got, xla_run_text(WINDOW_REVERSAL, a, b), rtol=1e-12, atol=1e-12)


def test_convolution_spec_example():
    text = """
func.func @main(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) {window_strides = array<i64: 4, 4>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}
"""
    lhs = np.array([1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17], np.int64).reshape(1, 4, 4, 1)
    rhs = np.ones((3, 3, 1, 1), np.int64)
    assert_same(interpret(text, lhs, rhs), xla_run_text(text, lhs, rhs))


def test_convolution_empty_window_arrays_are_defaults():
    """Upstream (and XLA) read empty window arrays as the defaults."""
    text = """
func.func @main(%lhs: tensor<2x5x4x3xf64>, %rhs: tensor<3x2x3x2xf64>) -> tensor<2x3x3x2xf64> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x4x3xf64>, tensor<3x2x3x2xf64>) -> tensor<2x3x3x2xf64>
  return %0 : tensor<2x3x3x2xf64>
}
"""
    rng = np.random.default_rng(8)
    a, b = rng.standard_normal((2, 5, 4, 3)), rng.standard_normal((3, 2, 3, 2))
    assert_close(interpret(text, a, b), xla_run_text(text, a, b), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("lhs_shape,rhs_shape", [((1, 2, 2, 3), (3, 3, 3, 2)), ((0, 4, 4, 3), (3, 3, 3, 2)),
                                                 ((2, 4, 4, 0), (3, 3, 0, 2))],
                         ids=["window_larger_than_input", "empty_batch", "no_input_features"])
def test_convolution_empty_shapes(lhs_shape, rhs_shape):
    a, b = np.ones(lhs_shape, np.float32), np.ones(rhs_shape, np.float32)
    fn = lambda x, y: lax.conv_general_dilated(x, y, (1, 1), "VALID",  # noqa: E731
                                               dimension_numbers=("NHWC", "HWIO", "NHWC"))
    got, expected = run_both(fn, a, b)
    assert_same(got, expected)
