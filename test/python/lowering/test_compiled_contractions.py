"""dot_general, dot and convolution with mixed element types and with batch groups on the compiled
backend, against the interpreter: each program must lower natively (lower() with the default
pipeline, which has no runtime calls, succeeds), integers bit for bit, floats bit for bit on
small integer-valued inputs (exact sums) and within 2 ULP on random ones."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.lowering import lower

_RNG = np.random.default_rng(23)

_DTYPES = {
    "i1": np.bool_, "i4": ml_dtypes.int4, "ui4": ml_dtypes.uint4, "i8": np.int8, "ui8": np.uint8,
    "i16": np.int16, "i32": np.int32, "ui32": np.uint32, "i64": np.int64,
    "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64,
    "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
    "complex<f32>": np.complex64, "complex<f64>": np.complex128,
}


def _values(element: str, shape, exact: bool = True) -> np.ndarray:
    """Small integers (exact products and sums in every type here), or random normal floats."""
    dtype = np.dtype(_DTYPES[element])
    if element == "i1":
        return _RNG.integers(0, 2, shape).astype(bool)
    if element.startswith("ui"):
        return _RNG.integers(0, 8, shape).astype(dtype)
    if element.startswith("i"):
        return _RNG.integers(-8, 8, shape).astype(dtype)
    if exact:
        values = _RNG.integers(-3, 4, shape).astype(np.float64)
    else:
        values = _RNG.standard_normal(shape)
    if element.startswith("complex"):
        values = values + 1j * (_RNG.integers(-3, 4, shape) if exact else _RNG.standard_normal(shape))
    return values.astype(dtype)


def _ulps(got: np.ndarray, expected: np.ndarray) -> int:
    """The largest distance in units in the last place (same-sign finite floats)."""
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[got.dtype.itemsize]
    g, e = got.view(bits).astype(np.int64), expected.view(bits).astype(np.int64)
    assert (np.signbit(got.astype(np.float64)) == np.signbit(expected.astype(np.float64))).all()
    return int(np.abs(g - e).max(initial=0))


def _check(text: str, *inputs, exact: bool = True) -> None:
    lower(text, to_llvm=False)  # no runtime calls in the default pipeline: lowered natively
    expected = stablehlo_py.interpret(text, *inputs)
    got = stablehlo_py.compile(text, backend="compiled")(*inputs)
    context = text.splitlines()[1].strip()
    if exact:
        assert_same(got, expected, context=context)
        return
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape, context
        assert _ulps(g, e) <= 2, context


# (operand, result): converted to the result first, narrow floats in f32 (bf16 x bf16 -> f32,
# i8 x i8 -> i32, ...); and float operands more precise than the result (f32 -> bf16,
# bf16 -> f16, f8E5M2 -> f8E4M3FN), computed in their own type and converted at the end.
_PAIRS = [
    ("bf16", "f32"), ("f16", "f32"), ("i8", "i32"), ("ui8", "ui32"), ("i4", "i32"), ("ui4", "ui32"),
    ("i8", "ui32"), ("f32", "f64"), ("i8", "f32"), ("i16", "bf16"), ("f32", "i32"), ("i32", "i8"),
    ("i1", "i32"), ("i8", "i1"), ("f8E4M3FN", "f32"), ("f8E5M2", "bf16"), ("f16", "bf16"),
    ("f32", "bf16"), ("f32", "f16"), ("bf16", "f16"), ("f64", "f32"), ("f64", "bf16"),
    ("f16", "f8E5M2"), ("f8E5M2", "f8E4M3FN"), ("f32", "complex<f32>"),
    ("complex<f32>", "complex<f64>"), ("complex<f64>", "complex<f32>"),
]


def _dot_general(a: str, r: str) -> str:
    return f"""func.func @main(%x: tensor<2x3x5xAA>, %y: tensor<2x5x4xAA>) -> tensor<2x3x4xRR> {{
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xAA>, tensor<2x5x4xAA>) -> tensor<2x3x4xRR>
  return %0 : tensor<2x3x4xRR>
}}""".replace("AA", a).replace("RR", r)


@pytest.mark.parametrize("operand,result", _PAIRS)
def test_dot_general_mixed_exact(operand, result):
    _check(_dot_general(operand, result), _values(operand, (2, 3, 5)), _values(operand, (2, 5, 4)))


@pytest.mark.parametrize("operand,result", [("bf16", "f32"), ("f16", "f32"), ("f32", "f64"), ("f32", "bf16"),
                                            ("f64", "f32"), ("bf16", "f16"), ("f16", "bf16")])
def test_dot_general_mixed_random(operand, result):
    _check(_dot_general(operand, result), _values(operand, (2, 3, 5), exact=False),
           _values(operand, (2, 5, 4), exact=False), exact=False)


def test_dot_general_large_values_wrap_and_round():
    """Integer sums wrap in the result type; f32 -> bf16 rounds the f32 sum once more."""
    text = _dot_general("i8", "i8")
    _check(text, np.full((2, 3, 5), 127, np.int8), np.full((2, 5, 4), 127, np.int8))
    text = _dot_general("f32", "bf16")
    _check(text, np.full((2, 3, 5), 1.0 + 2.0 ** -10, np.float32), np.full((2, 5, 4), 3.0, np.float32))


@pytest.mark.parametrize("lhs,rhs,result", [("bf16", "bf16", "f32"), ("i8", "i8", "i32"), ("f16", "f32", "f32"),
                                            ("i8", "i16", "i32"), ("f32", "f16", "f64"), ("bf16", "f32", "f32")])
def test_dot_mixed(lhs, rhs, result):
    text = f"""func.func @main(%x: tensor<3x4x{lhs}>, %y: tensor<4x2x{rhs}>, %v: tensor<4x{rhs}>) -> (tensor<3x2x{result}>, tensor<3x{result}>) {{
  %0 = stablehlo.dot %x, %y : (tensor<3x4x{lhs}>, tensor<4x2x{rhs}>) -> tensor<3x2x{result}>
  %1 = stablehlo.dot %x, %v : (tensor<3x4x{lhs}>, tensor<4x{rhs}>) -> tensor<3x{result}>
  return %0, %1 : tensor<3x2x{result}>, tensor<3x{result}>
}}"""
    _check(text, _values(lhs, (3, 4)), _values(rhs, (4, 2)), _values(rhs, (4,)))


def _convolution(a: str, r: str, batch: int, features: int, out_features: int, kernel_in: int, out_batch: int,
                 out_spatial: tuple, window: str, feature_groups: int = 1, batch_groups: int = 1) -> tuple:
    lhs = f"tensor<{batch}x7x6x{features}x{a}>"
    rhs = f"tensor<3x2x{kernel_in}x{out_features}x{a}>"
    out = f"tensor<{out_batch}x{out_spatial[0]}x{out_spatial[1]}x{out_features}x{r}>"
    text = f"""func.func @main(%x: {lhs}, %k: {rhs}) -> {out} {{
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{{window}}} {{batch_group_count = {batch_groups} : i64, feature_group_count = {feature_groups} : i64}} : ({lhs}, {rhs}) -> {out}
  return %0 : {out}
}}"""
    return text, (batch, 7, 6, features), (3, 2, kernel_in, out_features)


_WINDOW = "stride = [2, 1], pad = [[1, 2], [0, 1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]"


@pytest.mark.parametrize("operand,result", [("bf16", "f32"), ("f16", "f32"), ("i8", "i32"), ("ui8", "ui32"),
                                            ("i4", "i32"), ("f32", "bf16"), ("f32", "f64"), ("f8E4M3FN", "f32")])
def test_convolution_mixed(operand, result):
    # feature groups 2: 4 input features, 2 per group, 6 output features
    text, lhs, rhs = _convolution(operand, result, 2, 4, 6, 2, 2, (7, 5), _WINDOW, feature_groups=2)
    _check(text, _values(operand, lhs), _values(operand, rhs))


@pytest.mark.parametrize("groups", [2, 3])
@pytest.mark.parametrize("operand,result", [("f32", "f32"), ("i32", "i32"), ("bf16", "bf16"), ("bf16", "f32"),
                                            ("i8", "i32"), ("f8E5M2", "f8E5M2")])
def test_convolution_batch_groups(groups, operand, result):
    batch, out_features = 2 * groups, 2 * groups
    text, lhs, rhs = _convolution(operand, result, batch, 3, out_features, 3, batch // groups, (7, 5), _WINDOW,
                                  batch_groups=groups)
    _check(text, _values(operand, lhs), _values(operand, rhs))


@pytest.mark.parametrize("groups", [2, 3])
def test_convolution_batch_groups_plain_window_random(groups):
    # no padding, unit strides: both sum in index order, so bit for bit even on random floats
    text, lhs, rhs = _convolution("f32", "f32", 3 * groups, 2, groups, 2, 3, (5, 5), "stride = [1, 1]",
                                  batch_groups=groups)
    _check(text, _values("f32", lhs, exact=False), _values("f32", rhs, exact=False))


@pytest.mark.parametrize("groups", [2, 3])
def test_convolution_batch_groups_reversed(groups):
    # a reversed window: the lowering sums in the lhs's order, the interpreter in the kernel's,
    # so bit for bit on integer values only
    text, lhs, rhs = _convolution("f32", "f32", 2 * groups, 2, 2 * groups, 2, 2, (7, 6),
                                  "pad = [[1, 1], [1, 0]], reverse = [true, false]", batch_groups=groups)
    _check(text, _values("f32", lhs), _values("f32", rhs))


def test_dot_general_mixed_random_wider_sums():
    """bf16 -> f32 over 64 contracting indices of random values: index order on both sides."""
    text = """func.func @main(%x: tensor<4x64xbf16>, %y: tensor<64x3xbf16>) -> tensor<4x3xf32> {
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<4x64xbf16>, tensor<64x3xbf16>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}"""
    _check(text, _values("bf16", (4, 64), exact=False), _values("bf16", (64, 3), exact=False), exact=False)


def test_convolution_batch_groups_other_layout():
    """Batch groups with the batch and feature dimensions elsewhere (as a weight gradient has them)."""
    text = """func.func @main(%x: tensor<3x5x4xf32>, %k: tensor<3x2x6xf32>) -> tensor<6x5x2xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [f, 0, b]x[i, 0, o]->[f, 0, b], window = {stride = [1], pad = [[1, 0]]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x5x4xf32>, tensor<3x2x6xf32>) -> tensor<6x5x2xf32>
  return %0 : tensor<6x5x2xf32>
}"""
    x = _values("f32", (3, 5, 4))
    k = _values("f32", (3, 2, 6))
    lower(text, to_llvm=False)
    _check(text, x, k)
