"""The dynamism ops (dynamic_broadcast_in_dim, dynamic_reshape, dynamic_pad, real_dynamic_slice,
set_dimension_size, dynamic_iota, dynamic_gather, dynamic_conv) and programs of dynamic and
bounded types (issue 14): values carry concrete shapes, entry arguments are checked against
their types, and what the types leave to run time is checked there, as a clean error naming
the op. Oracles: numpy formulas written here, XLA on the static form of a program
(`xla_run_text`), never the interpreter."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, xla_run_text

from stablehlo_py.interpreter import InterpreterError, compile, interpret

# element type -> a numpy dtype and values of it
ELEMENTS = {
    "f32": np.float32, "f64": np.float64, "bf16": ml_dtypes.bfloat16, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
    "i1": np.bool_, "i4": ml_dtypes.int4, "i8": np.int8, "i32": np.int32, "i64": np.int64, "ui16": np.uint16,
    "complex<f32>": np.complex64,
}


def values(element: str, shape, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    dtype = ELEMENTS[element]
    if element == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    if element == "complex<f32>":
        return (rng.integers(-8, 8, shape) + 1j * rng.integers(-8, 8, shape)).astype(dtype)
    return rng.integers(-7 if element[0] != "u" else 0, 8, shape).astype(dtype)


def shape_arg(sizes, dtype=np.int64) -> np.ndarray:
    return np.array(sizes, dtype=dtype)


def run(text: str, *args):
    return interpret(text, *args)


def raises(text: str, args, match: str, op: str):
    """The call fails with an InterpreterError naming `op` (and its location) and matching `match`."""
    with pytest.raises(InterpreterError, match=match) as info:
        interpret(text, *args)
    assert info.value.op_name == op, str(info.value)
    assert info.value.location is not None
    return info.value


# --- dynamic_broadcast_in_dim -----------------------------------------------------------

BROADCAST = """func.func @main(%x: tensor<?x{e}>, %s: tensor<3x{i}>) -> tensor<?x?x?x{e}> {{
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] {attrs}: (tensor<?x{e}>, tensor<3x{i}>) -> tensor<?x?x?x{e}>
  return %0 : tensor<?x?x?x{e}>
}}"""


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("operand, target", [(3, (2, 3, 4)), (1, (2, 5, 1)), (1, (0, 1, 3)), (0, (2, 0, 3))])
def test_dynamic_broadcast_in_dim(element, operand, target):
    x = values(element, (operand,))
    text = BROADCAST.format(e=element, i="i64", attrs="")
    want = np.broadcast_to(x[None, :, None], target)
    assert_same(run(text, x, shape_arg(target)), [want])


@pytest.mark.parametrize("index_type, dtype", [("i32", np.int32), ("index", np.int64), ("ui8", np.uint8)])
def test_shape_operands_of_any_integer_type(index_type, dtype):
    x = values("i32", (1,))
    text = BROADCAST.format(e="i32", i=index_type, attrs="")
    assert_same(run(text, x, shape_arg((2, 4, 3), dtype)), [np.broadcast_to(x[None, :, None], (2, 4, 3))])


def test_dynamic_broadcast_in_dim_with_a_permutation_and_known_dimensions():
    text = """func.func @main(%x: tensor<?x?xi32>, %s: tensor<3xi64>) -> tensor<?x?x?xi32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [2, 0] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}"""
    x = np.array([[1], [2], [3]], np.int32)  # dimension 0 -> result 2 (3, not expanding), 1 -> result 0 (1 -> 4)
    want = np.broadcast_to(x.T[:, None, :], (4, 2, 3))
    assert_same(run(text, x, shape_arg((4, 2, 3))), [want])
    raises(text, [np.ones((1, 1), np.int32), shape_arg((4, 2, 3))],
           r"operand dimension 0 is in known_nonexpanding_dimensions but expands from 1 to 3",
           "stablehlo.dynamic_broadcast_in_dim")
    raises(text, [np.ones((3, 4), np.int32), shape_arg((4, 2, 3))],
           r"operand dimension 1 is in known_expanding_dimensions but has size 4, not 1",
           "stablehlo.dynamic_broadcast_in_dim")


@pytest.mark.parametrize("operand, target, match", [
    (3, (2, 4, 1), r"operand dimension 0 of size 3 cannot broadcast to size 4"),
    (2, (2, 1, 1), r"operand dimension 0 of size 2 cannot broadcast to size 1"),
    (1, (2, -1, 1), r"output_dimensions \[2, -1, 1\] has a negative size"),
])
def test_dynamic_broadcast_in_dim_errors(operand, target, match):
    text = BROADCAST.format(e="f32", i="i64", attrs="")
    raises(text, [np.ones(operand, np.float32), shape_arg(target)], match, "stablehlo.dynamic_broadcast_in_dim")


def test_result_not_of_the_declared_type_is_an_error():
    text = """func.func @main(%x: tensor<f32>, %s: tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>> {
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>
  return %0 : tensor<3x?xf32, #stablehlo.bounds<?, 4>>
}"""
    assert_same(run(text, np.float32(2), shape_arg((3, 4))), [np.full((3, 4), 2, np.float32)])
    for target in ((2, 4), (3, 5)):  # static size 3; bound 4
        raises(text, [np.float32(2), shape_arg(target)],
               rf"result 0 has run-time shape \({target[0]}, {target[1]}\), which does not fit its type "
               r"tensor<3x\?xf32, #stablehlo.bounds<\?, 4>>", "stablehlo.dynamic_broadcast_in_dim")


# --- dynamic_reshape ---------------------------------------------------------------------

RESHAPE = """func.func @main(%x: tensor<?x?x{e}>, %s: tensor<{n}xi32>) -> tensor<{result}{e}> {{
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?x?x{e}>, tensor<{n}xi32>) -> tensor<{result}{e}>
  return %0 : tensor<{result}{e}>
}}"""


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("shape, target", [((2, 6), (3, 4)), ((2, 6), (12,)), ((1, 1), (1, 1, 1)), ((0, 3), (3, 0)),
                                           ((4, 3), (2, 1, 6))])
def test_dynamic_reshape(element, shape, target):
    x = values(element, shape)
    text = RESHAPE.format(e=element, n=len(target), result="?x" * len(target))
    assert_same(run(text, x, shape_arg(target, np.int32)), [x.reshape(target)])


@pytest.mark.parametrize("target", [(5, 2), (-2, -6), (12, 0), (-1, 12)])
def test_dynamic_reshape_needs_the_number_of_elements(target):
    text = RESHAPE.format(e="f32", n=2, result="?x?x")
    raises(text, [np.ones((3, 4), np.float32), shape_arg(target, np.int32)],
           r"output_shape \[.*\] does not hold the 12 elements of the operand of shape \(3, 4\)",
           "stablehlo.dynamic_reshape")


def test_dynamic_reshape_to_a_shape_its_type_does_not_allow():
    text = RESHAPE.format(e="f32", n=2, result="?x3x")
    assert_same(run(text, np.ones((2, 6), np.float32), shape_arg((4, 3), np.int32)), [np.ones((4, 3), np.float32)])
    raises(text, [np.ones((2, 6), np.float32), shape_arg((3, 4), np.int32)],
           r"result 0 has run-time shape \(3, 4\), which does not fit its type tensor<\?x3xf32>",
           "stablehlo.dynamic_reshape")


# --- dynamic_pad ---------------------------------------------------------------------------

PAD = """func.func @main(%x: tensor<?x?x{e}>, %v: tensor<{e}>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<?x?x{e}> {{
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<?x?x{e}>, tensor<{e}>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x{e}>
  return %0 : tensor<?x?x{e}>
}}"""


def pad_oracle(x, value, low, high, interior):
    """The spec's pad, element by element: operand element i goes to low + i * (interior + 1)
    of a result grown by the positive paddings, then negative paddings crop."""
    grown = [max(lo, 0) + (0 if n == 0 else (n - 1) * (k + 1) + 1) + max(hi, 0)
             for n, lo, hi, k in zip(x.shape, low, high, interior)]
    out = np.full(grown, value, dtype=x.dtype)
    for index in np.ndindex(*x.shape):
        out[tuple(max(lo, 0) + i * (k + 1) for i, lo, k in zip(index, low, interior))] = x[index]
    crop = tuple(slice(max(-lo, 0), g - max(-hi, 0)) for g, lo, hi in zip(grown, low, high))
    return out[crop]


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("shape, low, high, interior", [
    ((2, 3), (1, 0), (2, 1), (0, 0)), ((3, 2), (0, 2), (0, 0), (1, 2)), ((4, 4), (-1, 1), (2, -2), (0, 1)),
    ((0, 2), (1, 1), (1, 0), (3, 0)), ((2, 2), (-3, 0), (0, 0), (1, 0))])
def test_dynamic_pad(element, shape, low, high, interior):
    x = values(element, shape)
    value = values(element, (), seed=1)
    args = (x, value, shape_arg(low), shape_arg(high), shape_arg(interior))
    assert_same(run(PAD.format(e=element), *args), [pad_oracle(x, value, low, high, interior)])


@pytest.mark.parametrize("low, high, interior", [((0, 0), (0, 0), (-1, 0)), ((-3, 0), (0, 0), (0, 0)),
                                                 ((0, -2), (0, -2), (0, 0))])
def test_dynamic_pad_errors(low, high, interior):
    args = (np.ones((2, 3), np.float32), np.float32(0), shape_arg(low), shape_arg(high), shape_arg(interior))
    raises(PAD.format(e="f32"), args, r"interior padding must be >= 0 and every result size too",
           "stablehlo.dynamic_pad")


# --- real_dynamic_slice --------------------------------------------------------------------

SLICE = """func.func @main(%x: tensor<?x?x{e}>, %a: tensor<2xi32>, %b: tensor<2xi32>, %s: tensor<2xi32>) -> tensor<?x?x{e}> {{
  %0 = stablehlo.real_dynamic_slice %x, %a, %b, %s : (tensor<?x?x{e}>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?x{e}>
  return %0 : tensor<?x?x{e}>
}}"""


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("start, limit, strides", [((0, 0), (4, 5), (1, 1)), ((1, 2), (3, 5), (1, 2)),
                                                   ((3, 0), (4, 5), (3, 4)), ((2, 5), (2, 5), (1, 1))])
def test_real_dynamic_slice(element, start, limit, strides):
    x = values(element, (4, 5))
    args = [shape_arg(v, np.int32) for v in (start, limit, strides)]
    want = x[start[0]:limit[0]:strides[0], start[1]:limit[1]:strides[1]]
    assert_same(run(SLICE.format(e=element), x, *args), [want])


@pytest.mark.parametrize("start, limit, strides", [((0, 0), (5, 5), (1, 1)), ((-1, 0), (2, 5), (1, 1)),
                                                   ((3, 0), (2, 5), (1, 1)), ((0, 0), (4, 5), (1, 0)),
                                                   ((0, 0), (4, 5), (-1, 1)), ((0, 0), (4, 6), (1, 1))])
def test_real_dynamic_slice_errors(start, limit, strides):
    args = [shape_arg(v, np.int32) for v in (start, limit, strides)]
    raises(SLICE.format(e="f32"), [np.ones((4, 5), np.float32), *args],
           r"dimension \d of size \d: needs 0 <= start \(-?\d\) <= limit \(\d\) <= \d and stride \(-?\d\) > 0",
           "stablehlo.real_dynamic_slice")


# --- set_dimension_size --------------------------------------------------------------------

SET_SIZE = """func.func @main(%x: tensor<4x3x{e}>, %n: tensor<i32>) -> (tensor<?x3x{e}, #stablehlo.bounds<4, ?>>, tensor<i32>) {{
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3x{e}>, tensor<i32>) -> tensor<?x3x{e}, #stablehlo.bounds<4, ?>>
  %1 = stablehlo.get_dimension_size %0, dim = 0 : (tensor<?x3x{e}, #stablehlo.bounds<4, ?>>) -> tensor<i32>
  return %0, %1 : tensor<?x3x{e}, #stablehlo.bounds<4, ?>>, tensor<i32>
}}"""


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("size", [0, 1, 4])
def test_set_dimension_size_keeps_the_first_elements(element, size):
    x = values(element, (4, 3))
    assert_same(run(SET_SIZE.format(e=element), x, np.int32(size)), [x[:size], np.array(size, np.int32)])


def test_set_dimension_size_of_an_inner_dimension():
    text = """func.func @main(%x: tensor<2x?xi8>, %n: tensor<i32>) -> tensor<2x?xi8> {
  %0 = stablehlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x?xi8>, tensor<i32>) -> tensor<2x?xi8>
  return %0 : tensor<2x?xi8>
}"""
    x = np.arange(10, dtype=np.int8).reshape(2, 5)
    assert_same(run(text, x, np.int32(3)), [x[:, :3]])


@pytest.mark.parametrize("size", [-1, 5])
def test_set_dimension_size_out_of_range(size):
    raises(SET_SIZE.format(e="f32"), [np.ones((4, 3), np.float32), np.int32(size)],
           rf"size {size} is not within \[0, 4\], the operand's size in dimension 0", "stablehlo.set_dimension_size")


# --- dynamic_iota ----------------------------------------------------------------------------

IOTA = """func.func @main(%s: tensor<3x{i}>) -> tensor<{result}{e}> {{
  %0 = stablehlo.dynamic_iota %s, dim = {dim} : (tensor<3x{i}>) -> tensor<{result}{e}>
  return %0 : tensor<{result}{e}>
}}"""


@pytest.mark.parametrize("element", [e for e in ELEMENTS if e != "i1"])
@pytest.mark.parametrize("dim", [0, 1, 2])
@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 0, 2), (3, 3, 3)])
def test_dynamic_iota(element, dim, shape):
    text = IOTA.format(e=element, i="index", dim=dim, result="?x?x?x")
    line = np.arange(shape[dim]).astype(ELEMENTS[element])
    want = np.broadcast_to(line.reshape([-1 if d == dim else 1 for d in range(3)]), shape)
    assert_same(run(text, shape_arg(shape)), [want])


def test_dynamic_iota_errors():
    text = IOTA.format(e="f32", i="i32", dim=0, result="?x?x?x")
    raises(text, [shape_arg((2, -1, 3), np.int32)], r"output_shape \[2, -1, 3\] has a negative size",
           "stablehlo.dynamic_iota")
    static = IOTA.format(e="f32", i="i32", dim=0, result="2x2x2x")
    raises(static, [shape_arg((2, 2, 3), np.int32)],
           r"result 0 has run-time shape \(2, 2, 3\), which does not fit its type tensor<2x2x2xf32>",
           "stablehlo.dynamic_iota")


# --- dynamic_gather --------------------------------------------------------------------------

GATHER = """func.func @main(%x: tensor<?x?x{e}>, %i: tensor<?x1xi32>, %s: tensor<2xi64>) -> tensor<?x?x{e}> {{
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}}> : (tensor<?x?x{e}>, tensor<?x1xi32>, tensor<2xi64>) -> tensor<?x?x{e}>
  return %0 : tensor<?x?x{e}>
}}"""


@pytest.mark.parametrize("element", list(ELEMENTS))
@pytest.mark.parametrize("width", [0, 1, 3, 4])
def test_dynamic_gather_rows(element, width):
    x = values(element, (5, 4))
    rows = np.array([[0], [4], [2], [9], [-3]], np.int32)
    want = x[np.clip(rows[:, 0], 0, 4), :width]  # starts clamped into the operand (gather's semantics)
    assert_same(run(GATHER.format(e=element), x, rows, shape_arg((1, width))), [want])


def test_dynamic_gather_with_windows_in_the_indexed_dimension():
    text = """func.func @main(%x: tensor<?xi32>, %i: tensor<3x1xi32>, %s: tensor<1xi32>) -> tensor<3x?xi32> {
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?xi32>, tensor<3x1xi32>, tensor<1xi32>) -> tensor<3x?xi32>
  return %0 : tensor<3x?xi32>
}"""
    x = np.arange(10, 18, dtype=np.int32)
    starts = np.array([[1], [6], [-2]], np.int32)
    for size in (1, 3, 8):
        want = np.stack([x[s:s + size] for s in np.clip(starts[:, 0], 0, 8 - size)])
        assert_same(run(text, x, starts, shape_arg((size,), np.int32)), [want])


@pytest.mark.parametrize("sizes, match", [((1, 5), r"slice size 5 exceeds operand dimension 1 of size 4"),
                                          ((1, -1), r"size -1 of dimension 1 must be >= 0"),
                                          ((2, 4), r"size 2 of dimension 0 must be >= 0 and <= 1 \(a collapsed")])
def test_dynamic_gather_errors(sizes, match):
    raises(GATHER.format(e="f32"), [np.ones((5, 4), np.float32), np.zeros((2, 1), np.int32), shape_arg(sizes)],
           match, "stablehlo.dynamic_gather")


# --- dynamic_conv ------------------------------------------------------------------------------

CONV = """func.func @main(%x: tensor<{lhs}xi32>, %k: tensor<3x3x2x2xi32>{padding_arg}) -> tensor<{out}xi32> {{
  %0 = {op}
  return %0 : tensor<{out}xi32>
}}"""
DYNAMIC_CONV = ('"stablehlo.dynamic_conv"(%x, %k, %p) <{{batch_group_count = 1 : i64, dimension_numbers = '
                '#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64{window}}}> '
                ': (tensor<{lhs}xi32>, tensor<3x3x2x2xi32>, tensor<2x2xi64>) -> tensor<{out}xi32>')
STATIC_CONV = ('"stablehlo.convolution"(%x, %k) <{{batch_group_count = 1 : i64, dimension_numbers = '
               '#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, '
               'padding = dense<{padding}> : tensor<2x2xi64>{window}}}> '
               ': (tensor<{lhs}xi32>, tensor<3x3x2x2xi32>) -> tensor<{out}xi32>')


@pytest.mark.xla
@pytest.mark.parametrize("window", ["", ", window_strides = array<i64: 2, 1>, rhs_dilation = array<i64: 1, 2>",
                                    ", lhs_dilation = array<i64: 2, 2>"])
@pytest.mark.parametrize("padding", [[[0, 0], [0, 0]], [[1, 1], [2, 0]], [[-1, 2], [0, 3]]])
@pytest.mark.parametrize("lhs_shape", [(1, 5, 6, 2), (2, 7, 7, 2)])
def test_dynamic_conv_equals_xlas_convolution_with_the_padding_attribute(window, padding, lhs_shape):
    x = np.random.default_rng(0).integers(-5, 6, lhs_shape).astype(np.int32)
    k = np.random.default_rng(1).integers(-5, 6, (3, 3, 2, 2)).astype(np.int32)
    static = CONV.format(lhs="x".join(map(str, lhs_shape)), padding_arg="", out="?x?x?x?",
                         op=STATIC_CONV.format(padding=padding, window=window,
                                               lhs="x".join(map(str, lhs_shape)), out="?x?x?x?"))
    # XLA needs a static result type: take the size it infers from the static program's text
    (expected,) = xla_run_text(static.replace("?x?x?x?", _conv_out(lhs_shape, padding, window)), x, k)
    dynamic = CONV.format(lhs="?x?x?x2", padding_arg=", %p: tensor<2x2xi64>", out="?x?x?x2",
                          op=DYNAMIC_CONV.format(window=window, lhs="?x?x?x2", out="?x?x?x2"))
    assert_same(run(dynamic, x, k, np.array(padding, np.int64)), [expected])


def _conv_out(lhs_shape, padding, window) -> str:
    """The result type of the static convolution: the window count per spatial dimension (spec C25)."""
    strides = (2, 1) if "window_strides" in window else (1, 1)
    rhs_dilation = (1, 2) if "rhs_dilation" in window else (1, 1)
    lhs_dilation = (2, 2) if "lhs_dilation" in window else (1, 1)
    sizes = []
    for n, (lo, hi), st, rd, ld in zip(lhs_shape[1:3], padding, strides, rhs_dilation, lhs_dilation):
        padded = (n - 1) * ld + 1 + lo + hi
        sizes.append((padded - ((3 - 1) * rd + 1)) // st + 1)
    return f"{lhs_shape[0]}x{sizes[0]}x{sizes[1]}x2"


def test_dynamic_conv_with_mismatched_features_is_an_error():
    text = CONV.format(lhs="?x?x?x?", padding_arg=", %p: tensor<2x2xi64>", out="?x?x?x2",
                       op=DYNAMIC_CONV.format(window="", lhs="?x?x?x?", out="?x?x?x2"))
    raises(text, [np.ones((1, 4, 4, 3), np.int32), np.ones((3, 3, 2, 2), np.int32), np.zeros((2, 2), np.int64)],
           r"input features 3 must be 2 x feature_group_count 1", "stablehlo.dynamic_conv")


# --- programs of dynamic and bounded types ----------------------------------------------------

ADD = """func.func @main(%a: tensor<?x4xf32>, %b: tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<?x4xf32> {
  %0 = stablehlo.add %a, %b : (tensor<?x4xf32>, tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}"""


@pytest.mark.parametrize("rows", [0, 1, 3])
def test_entry_arguments_of_dynamic_and_bounded_types(rows):
    a, b = values("f32", (rows, 4)), values("f32", (rows, 4), seed=1)
    assert_same(run(ADD, a, b), [a + b])


@pytest.mark.parametrize("a_shape, b_shape, match", [
    ((2, 5), (2, 4), r"@main argument 0: expected tensor<\?x4xf32> \(shape \(\?, 4\)\), got shape \(2, 5\)"),
    ((4, 4), (4, 4), r"@main argument 1: expected tensor<\?x4xf32, #stablehlo.bounds<3, \?>> .*got shape \(4, 4\)"),
    ((4,), (4, 4), r"@main argument 0: expected tensor<\?x4xf32> \(shape \(\?, 4\)\), got shape \(4,\)"),
])
def test_entry_arguments_not_of_their_types(a_shape, b_shape, match):
    with pytest.raises(InterpreterError, match=match):
        run(ADD, np.ones(a_shape, np.float32), np.ones(b_shape, np.float32))


def test_elementwise_operands_of_different_run_time_shapes():
    error = raises(ADD, [np.ones((2, 4), np.float32), np.ones((1, 4), np.float32)],
                   r"element-wise operands have different run-time shapes \(2, 4\), \(1, 4\)", "stablehlo.add")
    assert "stablehlo.add at " in str(error)


def test_one_compiled_program_runs_many_shapes():
    """Kernels are specialised per shape signature: a program compiled once runs every shape, in
    any order, and still rejects a mismatch after runs that succeeded."""
    fn = compile(ADD)
    for rows in (2, 0, 3, 2, 1):
        a, b = values("f32", (rows, 4), seed=rows), values("f32", (rows, 4), seed=rows + 9)
        assert_same(fn(a, b), [a + b])
    with pytest.raises(InterpreterError, match="different run-time shapes"):
        fn(np.ones((3, 4), np.float32), np.ones((1, 4), np.float32))


def test_result_shape_that_the_declared_static_type_does_not_allow():
    text = """func.func @main(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<3xi32> {
  %0 = stablehlo.add %a, %b : (tensor<?xi32>, tensor<?xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}"""
    assert_same(run(text, np.arange(3, dtype=np.int32), np.ones(3, np.int32)), [np.arange(1, 4, dtype=np.int32)])
    raises(text, [np.ones(4, np.int32), np.ones(4, np.int32)],
           r"result 0 has run-time shape \(4,\), which does not fit its type tensor<3xi32> \(operands of run-time "
           r"shapes \(4,\), \(4,\)\)", "stablehlo.add")


DOT = """func.func @main(%a: tensor<?x?x3xf32>, %b: tensor<?x3x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x3xf32>, tensor<?x3x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}"""


@pytest.mark.xla
def test_dot_general_of_dynamic_types():
    a, b = values("f32", (2, 4, 3)), values("f32", (2, 3, 5), seed=1)
    assert_same(run(DOT, a, b), xla_run_text(DOT.replace("?x?x3", "2x4x3").replace("?x3x?", "2x3x5").replace(
        "?x?x?", "2x4x5"), a, b))


def test_dot_general_batch_sizes_that_differ_at_run_time():
    """numpy's matmul would broadcast a batch of 1 against 2: a wrong answer, not an error."""
    raises(DOT, [np.ones((1, 4, 3), np.float32), np.ones((2, 3, 5), np.float32)],
           r"lhs batching dimensions have sizes \[1\], rhs \[2\]", "stablehlo.dot_general")


def test_concatenate_of_operands_that_disagree_at_run_time():
    text = """func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}"""
    a, b = values("f32", (2, 3)), values("f32", (1, 3), seed=1)
    assert_same(run(text, a, b), [np.concatenate([a, b])])
    raises(text, [np.ones((2, 3), np.float32), np.ones((2, 4), np.float32)],
           r"operands of run-time shapes \(2, 3\), \(2, 4\) do not fit the op's constraints", "stablehlo.concatenate")


def test_static_ops_with_dynamic_results_take_the_sizes_the_operands_give():
    """broadcast_in_dim, reshape, reduce, sort and map on `?` types (a static form whose sizes the
    operand gives), against numpy."""
    text = """func.func @main(%x: tensor<?x3xi32, #stablehlo.bounds<4, ?>>) -> (tensor<?x3x2xi32, #stablehlo.bounds<4, ?, ?>>, tensor<?xi32, #stablehlo.bounds<12>>, tensor<?xi32>, tensor<?x3xi32>, tensor<?x3xi32>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<?x3xi32, #stablehlo.bounds<4, ?>>) -> tensor<?x3x2xi32, #stablehlo.bounds<4, ?, ?>>
  %r = stablehlo.reshape %x : (tensor<?x3xi32, #stablehlo.bounds<4, ?>>) -> tensor<?xi32, #stablehlo.bounds<12>>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<?x3xi32, #stablehlo.bounds<4, ?>>, tensor<i32>) -> tensor<?xi32>
  %o = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %lt = stablehlo.compare LT, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<?x3xi32, #stablehlo.bounds<4, ?>>) -> tensor<?x3xi32>
  %m = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %t = stablehlo.multiply %p, %q : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) : (tensor<?x3xi32, #stablehlo.bounds<4, ?>>, tensor<?x3xi32, #stablehlo.bounds<4, ?>>) -> tensor<?x3xi32>
  return %b, %r, %s, %o, %m : tensor<?x3x2xi32, #stablehlo.bounds<4, ?, ?>>, tensor<?xi32, #stablehlo.bounds<12>>, tensor<?xi32>, tensor<?x3xi32>, tensor<?x3xi32>
}"""
    for rows in (0, 1, 4):
        x = values("i32", (rows, 3), seed=rows)
        want = [np.broadcast_to(x[:, :, None], (rows, 3, 2)), x.reshape(-1), x.sum(axis=1, dtype=np.int32),
                np.sort(x, axis=0), x * x]
        assert_same(run(text, x), want)


def test_static_broadcast_to_a_size_no_operand_gives_is_an_error():
    text = """func.func @main(%x: tensor<?xi32>) -> tensor<?x2xi32, #stablehlo.bounds<3, ?>> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<?xi32>) -> tensor<?x2xi32, #stablehlo.bounds<3, ?>>
  return %0 : tensor<?x2xi32, #stablehlo.bounds<3, ?>>
}"""
    raises(text, [np.ones(2, np.int32)], r"result type tensor<\?x2xi32, #stablehlo.bounds<3, \?>> has a dynamic "
           r"dimension that no operand dimension gives a size", "stablehlo.broadcast_in_dim")


def test_while_loop_growing_a_dynamic_carry():
    """The carry's shape changes from one iteration to the next: each op is specialised per shape."""
    text = """func.func @main(%x: tensor<?xi32>, %n: tensor<i32>) -> tensor<?xi32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<?xi32>
  cond {
    %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %next = stablehlo.add %i, %c1 : tensor<i32>
    %w = stablehlo.concatenate %v, %v, dim = 0 : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %s = stablehlo.add %w, %w : tensor<?xi32>
    stablehlo.return %next, %s : tensor<i32>, tensor<?xi32>
  }
  return %0#1 : tensor<?xi32>
}"""
    x = np.array([1, -2, 3], np.int32)
    want = x
    for n in range(4):
        assert_same(run(text, x, np.int32(n)), [want])
        want = 2 * np.concatenate([want, want])


SHAPE_ASSERTION = """func.func @main(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i64>) -> tensor<i32> {
  stablehlo.custom_call @shape_assertion(%p, %a, %b) {api_version = 2 : i32, error_message = "b {1} then a {0}, {2} stays", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  return %a : tensor<i32>
}"""


def test_shape_assertion_formats_its_operands_after_the_predicate():
    assert_same(run(SHAPE_ASSERTION, np.bool_(True), np.int32(3), np.int64(-7)), [np.array(3, np.int32)])
    error = raises(SHAPE_ASSERTION, [np.bool_(False), np.int32(3), np.int64(-7)], "shape assertion failed",
                   "stablehlo.custom_call")
    assert error.message == "shape assertion failed: b -7 then a 3, {2} stays"


def test_dot_general_contracting_sizes_that_differ_at_run_time():
    text = DOT.replace("?x?x3", "?x?x?").replace("?x3x?", "?x?x?")
    raises(text, [np.ones((2, 4, 3), np.float32), np.ones((2, 1, 5), np.float32)],
           r"lhs contracting dimensions have sizes \[3\], rhs \[1\]", "stablehlo.dot_general")


@pytest.mark.parametrize("lhs, rhs, groups, match", [
    ((3, 4), (4, 4), "batch_group_count = 2", r"the batch 3 a multiple of batch_group_count 2"),
    ((4, 4), (4, 3), "batch_group_count = 2", r"output features 3 a multiple of 2"),
    ((2, 4), (2, 3), "feature_group_count = 2", r"output features 3 a multiple of 2"),
])
def test_convolution_group_sizes_checked_at_run_time(lhs, rhs, groups, match):
    counts = {"batch_group_count": 1, "feature_group_count": 1}
    name, value = groups.split(" = ")
    counts[name] = int(value)
    text = f"""func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {{
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {{}} {{batch_group_count = {counts["batch_group_count"]} : i64, feature_group_count = {counts["feature_group_count"]} : i64}} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}}"""
    raises(text, [np.ones(lhs, np.float32), np.ones(rhs, np.float32)], match, "stablehlo.convolution")


LOOSE_WHILE = """func.func @main(%x: tensor<3xf32>, %n: tensor<i32>) -> tensor<3xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<3xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %next = stablehlo.add %i, %c1 : tensor<i32>
    %w = stablehlo.concatenate %v, %v, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
    %s = stablehlo.slice %w [{start}:4] : (tensor<6xf32>) -> tensor<{size}xf32>
    %d = stablehlo.convert %s : (tensor<{size}xf32>) -> tensor<?xf32>
    stablehlo.return %next, %d : tensor<i32>, tensor<?xf32>
  }
  return %0#1 : tensor<3xf32>
}"""


def test_while_body_returning_a_dynamic_carry_that_does_not_fit_the_loop():
    """The body may return a `?` type for a static carry (compatible types): the value must still fit."""
    x = np.array([1, 2, 3], np.float32)
    fits = LOOSE_WHILE.replace("{start}", "1").replace("{size}", "3")
    assert_same(run(fits, x, np.int32(2)), [np.array([3, 1, 2], np.float32)])  # [2, 3, 1] then [3, 1, 2]
    grows = LOOSE_WHILE.replace("{start}", "0").replace("{size}", "4")
    assert_same(run(grows, x, np.int32(0)), [x])
    raises(grows, [x, np.int32(1)], r"the body returned carry 1 of run-time shape \(4,\), which does not fit the "
           r"op's type tensor<3xf32>", "stablehlo.while")


def test_dynamic_gather_with_a_batch_of_two_dimensions():
    text = """func.func @main(%x: tensor<?x?xi16>, %i: tensor<?x?x1xi32>, %s: tensor<2xi32>) -> tensor<?x?x?xi16> {
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>}> : (tensor<?x?xi16>, tensor<?x?x1xi32>, tensor<2xi32>) -> tensor<?x?x?xi16>
  return %0 : tensor<?x?x?xi16>
}"""
    x = np.arange(20, dtype=np.int16).reshape(5, 4)
    rows = np.array([[[3], [0], [4]], [[1], [1], [2]]], np.int32)
    assert_same(run(text, x, rows, shape_arg((1, 2), np.int32)), [x[rows[..., 0], :2]])


def test_tuples_of_dynamic_types():
    text = """func.func @main(%x: tensor<?xf32>, %n: tensor<i32>) -> tensor<?xf32> {
  %t = stablehlo.tuple %x, %n : tuple<tensor<?xf32>, tensor<i32>>
  %y = stablehlo.get_tuple_element %t[0] : (tuple<tensor<?xf32>, tensor<i32>>) -> tensor<?xf32>
  %z = stablehlo.add %y, %y : tensor<?xf32>
  return %z : tensor<?xf32>
}"""
    for n in (0, 3):
        x = values("f32", (n,))
        assert_same(run(text, x, np.int32(1)), [x + x])
    entry = """func.func @main(%t: tuple<tensor<?xf32>, tensor<2xi32>>) -> tensor<?xf32> {
  %y = stablehlo.get_tuple_element %t[0] : (tuple<tensor<?xf32>, tensor<2xi32>>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}"""
    x = values("f32", (4,))
    assert_same(run(entry, (x, np.zeros(2, np.int32))), [x])
    with pytest.raises(InterpreterError, match=r"@main argument 0 element 1: expected tensor<2xi32>"):
        run(entry, (x, np.zeros(3, np.int32)))


def test_tokens_beside_dynamic_tensors():
    from stablehlo_py.interpreter import TOKEN, register_custom_call, unregister_custom_call

    text = """func.func @main(%t: !stablehlo.token, %x: tensor<?xf32>) -> (!stablehlo.token, tensor<?xf32>) {
  %0:2 = stablehlo.custom_call @test_dynamism.twice(%t, %x) : (!stablehlo.token, tensor<?xf32>) -> (!stablehlo.token, tensor<?xf32>)
  return %0#0, %0#1 : !stablehlo.token, tensor<?xf32>
}"""
    register_custom_call("test_dynamism.twice", lambda token, x: (token, np.concatenate([x, x])))
    try:
        x = values("f32", (3,))
        token, got = run(text, TOKEN, x)
        assert token is TOKEN
        assert_same([got], [np.concatenate([x, x])])
    finally:
        unregister_custom_call("test_dynamism.twice")


BRANCHES = """func.func @main(%p: tensor<i32>, %x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.case"(%p) ({
    stablehlo.return %x : tensor<?xf32>
  }, {
    %c = stablehlo.constant dense<1.0> : tensor<3xf32>
    stablehlo.return %c : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %1 = stablehlo.add %0, %0 : tensor<3xf32>
  return %1 : tensor<3xf32>
}"""


@pytest.mark.parametrize("text", [BRANCHES, BRANCHES.replace('"stablehlo.case"(%p)', '"stablehlo.if"(%p)').replace(
    "%p: tensor<i32>", "%p: tensor<i1>").replace("(tensor<i32>) -> tensor<3xf32>", "(tensor<i1>) -> tensor<3xf32>")])
def test_branch_returning_a_dynamic_value_that_does_not_fit_the_result(text):
    """A branch may return a `?` type for a static result: the value must fit it, else an error,
    not a 4-vector flowing on as a tensor<3xf32>."""
    first = np.bool_(True) if "stablehlo.if" in text else np.int32(0)
    other = np.bool_(False) if "stablehlo.if" in text else np.int32(1)
    x = np.array([1, 2, 3], np.float32)
    assert_same(run(text, first, x), [x + x])
    assert_same(run(text, other, np.ones(4, np.float32)), [np.full(3, 2, np.float32)])
    op = "stablehlo.if" if "stablehlo.if" in text else "stablehlo.case"
    raises(text, [first, np.ones(4, np.float32)], r"the branch returned result 0 of run-time shape \(4,\), which "
           r"does not fit the op's type tensor<3xf32>", op)


def test_results_of_dynamic_shape_within_the_value_limit():
    text = """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}"""
    x = values("f32", (25,))  # 100 bytes: at the limit
    assert_same(interpret(text, x, limits={"max_value_bytes": 100}), [x + x])
    with pytest.raises(InterpreterError, match=r"stablehlo.add .*result 0 of shape \(26,\) takes .*per value"):
        interpret(text, values("f32", (26,)), limits={"max_value_bytes": 100})
