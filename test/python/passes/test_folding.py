"""The C++ folder (stablehlo-aggressive-folder)
against exact oracles: Python integers for integer ops (two's complement
wrap-around), numpy in the element type for one IEEE operation on floats
(correctly rounded: numpy computes f16/bf16 in f32 and rounds once, which
for + - * / is the correctly rounded result). Folds the folder must decline
(division by zero, out-of-range shifts, NaN in max/min, float-to-int
overflow, TOTALORDER) are checked to stay unfolded.
"""

from __future__ import annotations

import zlib

import ml_dtypes
import numpy as np
import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py._parsing import context, parse_module

FOLDER = "builtin.module(func.func(stablehlo-aggressive-folder))"
INT_TYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
             "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}
FLOAT_TYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32,
               "f64": np.float64, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
               "f8E5M2": ml_dtypes.float8_e5m2}


def _literal(values: np.ndarray, mlir_type: str) -> str:
    """A dense literal holding exactly `values` (raw little-endian bytes)."""
    if values.dtype == np.bool_:
        body = ", ".join("true" if v else "false" for v in values.ravel())
        return f"dense<[{body}]> : tensor<{values.size}x{mlir_type}>"
    return f'dense<"0x{values.tobytes().hex().upper()}"> : tensor<{values.size}x{mlir_type}>'


def _fold(body: str, operands: list, result_type: str, pipeline: str = FOLDER):
    """Folds `%r = <body>` over constant operands; returns (module text, value)."""
    lines = [f"  %a{i} = stablehlo.constant {_literal(v, t)}" for i, (v, t) in enumerate(operands)]
    n = operands[0][0].size
    text = ("func.func @main() -> tensor<%dx%s> {\n%s\n  %%r = %s\n  return %%r : tensor<%dx%s>\n}"
            % (n, result_type, "\n".join(lines), body, n, result_type))
    module = parse_module(text, context())
    PassManager.parse(pipeline, context=module.context).run(module.operation)
    folded = str(module)
    return folded, stablehlo_py.interpret(folded)[0]


def _edge_ints(dtype, rng, n=48) -> np.ndarray:
    info = np.iinfo(dtype)
    edges = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    if info.min < 0:
        edges += [-1, -2]
    random = rng.integers(info.min, info.max, size=n - len(edges), dtype=dtype, endpoint=True)
    return np.concatenate([np.array(edges, dtype=dtype), random])


def _int_oracle(op: str, a: int, b: int, bits: int, signed: bool):
    """The spec's result of integer `op`, or None where the folder must decline."""
    mask = (1 << bits) - 1

    def wrap(x):
        x &= mask
        return x - (1 << bits) if signed and x >> (bits - 1) else x

    if op in ("divide", "remainder"):
        if b == 0 or (signed and a == -(1 << (bits - 1)) and b == -1):
            return None
        q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # truncating
        return wrap(q) if op == "divide" else wrap(a - q * b)
    if op in ("shift_left", "shift_right_arithmetic", "shift_right_logical"):
        count = b & mask
        if count >= bits:
            return None
        if op == "shift_left":
            return wrap(a << count)
        if op == "shift_right_arithmetic":  # sign-fills the bit pattern, unsigned too (as XLA)
            pattern = a & mask
            as_signed = pattern - (1 << bits) if pattern >> (bits - 1) else pattern
            return wrap(as_signed >> count)
        return wrap((a & mask) >> count)
    return wrap({"add": a + b, "subtract": a - b, "multiply": a * b, "maximum": max(a, b),
                 "minimum": min(a, b), "and": a & b, "or": a | b, "xor": a ^ b}[op])


INT_OPS = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum",
           "and", "or", "xor", "shift_left", "shift_right_arithmetic", "shift_right_logical"]


@pytest.mark.parametrize("mlir_type", list(INT_TYPES))
@pytest.mark.parametrize("op", INT_OPS)
def test_integer_binary_folds_exactly(op, mlir_type):
    dtype = INT_TYPES[mlir_type]
    rng = np.random.default_rng(zlib.crc32(f"{op} {mlir_type}".encode()))
    a, b = _edge_ints(dtype, rng), _edge_ints(dtype, rng)[::-1].copy()
    if op.startswith("shift"):
        b = rng.integers(0, np.iinfo(dtype).bits + 3, size=a.size).astype(dtype)
    bits, signed = np.iinfo(dtype).bits, np.iinfo(dtype).min < 0
    expected = [_int_oracle(op, int(x), int(y), bits, signed) for x, y in zip(a, b)]
    typ = f"tensor<{a.size}x{mlir_type}>"
    text, value = _fold(f"stablehlo.{op} %a0, %a1 : {typ}", [(a, mlir_type), (b, mlir_type)], mlir_type)
    if any(e is None for e in expected):
        assert f"stablehlo.{op}" in text, "a fold with an undefined element must be declined"
        # each element alone: the folder declines exactly the undefined ones
        for x, y, e in zip(a[:8], b[:8], expected[:8]):
            t, v = _fold(f"stablehlo.{op} %a0, %a1 : tensor<1x{mlir_type}>",
                         [(np.array([x], dtype), mlir_type), (np.array([y], dtype), mlir_type)], mlir_type)
            assert (f"stablehlo.{op}" in t) == (e is None)
            if e is not None:
                assert int(v[0]) == e
        return
    assert f"stablehlo.{op}" not in text
    assert [int(v) for v in value] == expected


def _edge_floats(dtype, rng, n=48) -> np.ndarray:
    info = ml_dtypes.finfo(dtype)
    edges = [0.0, -0.0, 1.0, -1.0, float(info.max), -float(info.max), float(info.tiny),
             float(info.smallest_subnormal), 0.5, 3.0]
    if dtype not in (ml_dtypes.float8_e4m3fn,):
        edges += [np.inf, -np.inf]
    edges += [np.nan]
    random = (rng.standard_normal(n - len(edges)) * 10.0 ** rng.integers(-3, 4, n - len(edges)))
    return np.array(edges + list(random)).astype(dtype)


FLOAT_OPS = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply,
             "divide": np.divide, "remainder": np.fmod}


def _same_floats(actual: np.ndarray, expected: np.ndarray) -> bool:
    """Bit-identical, except that any NaN matches any NaN."""
    a, e = actual.astype(np.float64), expected.astype(np.float64)
    both_nan = np.isnan(a) & np.isnan(e)
    return bool(np.all(both_nan | ((a == e) & (np.signbit(a) == np.signbit(e)))))


@pytest.mark.parametrize("mlir_type", list(FLOAT_TYPES))
@pytest.mark.parametrize("op", list(FLOAT_OPS))
def test_float_binary_folds_correctly_rounded(op, mlir_type):
    dtype = FLOAT_TYPES[mlir_type]
    rng = np.random.default_rng(zlib.crc32(f"{op} {mlir_type} 1".encode()))
    a, b = _edge_floats(dtype, rng), _edge_floats(dtype, rng)
    b = rng.permutation(b)
    if op == "remainder":  # fmod's invalid cases (x inf, y 0) are declined
        keep = np.isfinite(a.astype(np.float64)) & (b.astype(np.float64) != 0)
        a, b = a[keep], b[keep]
    with np.errstate(all="ignore"):
        expected = FLOAT_OPS[op](a.astype(np.float32 if dtype != np.float64 else np.float64),
                                 b.astype(np.float32 if dtype != np.float64 else np.float64)).astype(dtype)
    typ = f"tensor<{a.size}x{mlir_type}>"
    text, value = _fold(f"stablehlo.{op} %a0, %a1 : {typ}", [(a, mlir_type), (b, mlir_type)], mlir_type)
    assert f"stablehlo.{op}" not in text
    assert _same_floats(value, expected), (a, b, value, expected)


@pytest.mark.parametrize("op,fn", [("maximum", np.maximum), ("minimum", np.minimum)])
def test_float_max_min_fold_nan_and_signed_zeros_as_the_spec_orders_them(op, fn):
    a = np.array([1.0, -2.0, np.inf, 3.5], np.float32)
    b = np.array([2.0, -3.0, 5.0, -np.inf], np.float32)
    text, value = _fold(f"stablehlo.{op} %a0, %a1 : tensor<4xf32>", [(a, "f32"), (b, "f32")], "f32")
    assert f"stablehlo.{op}" not in text and _same_floats(value, fn(a, b))
    # NaN propagates; -0.0 orders below +0.0 (IEEE maximum/minimum), whichever side it is on.
    zero_wins = np.float32(0.0) if op == "maximum" else np.float32(-0.0)
    for x, y, expected in [(np.nan, 1.0, np.nan), (1.0, np.nan, np.nan), (0.0, -0.0, zero_wins),
                           (-0.0, 0.0, zero_wins)]:
        text, value = _fold(f"stablehlo.{op} %a0, %a1 : tensor<1xf32>",
                            [(np.array([x], np.float32), "f32"), (np.array([y], np.float32), "f32")], "f32")
        assert f"stablehlo.{op}" not in text
        assert _same_floats(value, np.array([expected], np.float32)), (x, y, value)


def _ieee_extremum(a: float, b: float, larger: bool) -> float:
    """IEEE maximum/minimum: NaN propagates, -0.0 orders below +0.0."""
    if a != a or b != b:
        return float("nan")
    if a == b == 0.0:
        return max(a, b, key=lambda z: np.copysign(1.0, z)) if larger else min(a, b, key=lambda z: np.copysign(1.0, z))
    return max(a, b) if larger else min(a, b)


@pytest.mark.parametrize("mlir_type", ["i8", "ui8", "i64", "ui64", "f32", "f16", "bf16", "f8E5M2"])
@pytest.mark.parametrize("scalar_bounds", [False, True])
def test_clamp_folds_as_max_then_min(mlir_type, scalar_bounds):
    rng = np.random.default_rng(zlib.crc32(f"clamp {mlir_type} {scalar_bounds}".encode()))
    if mlir_type in INT_TYPES:
        dtype = INT_TYPES[mlir_type]
        x = _edge_ints(dtype, rng)
        lo, hi = _edge_ints(dtype, rng)[::-1].copy(), _edge_ints(dtype, rng)
        oracle = lambda v, low, high: min(max(int(v), int(low)), int(high))  # noqa: E731
    else:
        dtype = FLOAT_TYPES[mlir_type]
        x = _edge_floats(dtype, rng)
        lo, hi = _edge_floats(dtype, rng)[::-1].copy(), rng.permutation(_edge_floats(dtype, rng))
        oracle = lambda v, low, high: _ieee_extremum(  # noqa: E731
            _ieee_extremum(float(v), float(low), True), float(high), False)
    if scalar_bounds:
        lo, hi = lo[:1], hi[:1]
    n = x.size
    bound = f"tensor<{mlir_type}>" if scalar_bounds else f"tensor<{n}x{mlir_type}>"
    lines = [f"  %x = stablehlo.constant {_literal(x, mlir_type)}"]
    for name, v in (("lo", lo), ("hi", hi)):
        literal = _literal(v, mlir_type)
        lines.append(f"  %{name} = stablehlo.constant " +
                     (literal.replace(f"tensor<1x{mlir_type}>", bound) if scalar_bounds else literal))
    text = (f"func.func @main() -> tensor<{n}x{mlir_type}> {{\n" + "\n".join(lines) +
            f"\n  %r = stablehlo.clamp %lo, %x, %hi : ({bound}, tensor<{n}x{mlir_type}>, {bound}) -> "
            f"tensor<{n}x{mlir_type}>\n  return %r : tensor<{n}x{mlir_type}>\n}}")
    module = parse_module(text, context())
    PassManager.parse(FOLDER, context=module.context).run(module.operation)
    folded = str(module)
    assert "stablehlo.clamp" not in folded
    value = stablehlo_py.interpret(folded)[0]
    lows = np.broadcast_to(lo, x.shape)
    highs = np.broadcast_to(hi, x.shape)
    expected = [oracle(v, low, high) for v, low, high in zip(x, lows, highs)]
    if mlir_type in INT_TYPES:
        assert [int(v) for v in value] == expected
    else:
        assert _same_floats(value, np.array(expected).astype(dtype)), (x, lo, hi, value, expected)


@pytest.mark.parametrize("direction", ["EQ", "NE", "GE", "GT", "LE", "LT"])
@pytest.mark.parametrize("mlir_type,compare_type", [("i32", "SIGNED"), ("ui32", "UNSIGNED"),
                                                    ("ui8", "UNSIGNED"), ("f32", "FLOAT"),
                                                    ("bf16", "FLOAT")])
def test_compare_folds(direction, mlir_type, compare_type):
    rng = np.random.default_rng(7)
    if mlir_type in INT_TYPES:
        dtype = INT_TYPES[mlir_type]
        a = _edge_ints(dtype, rng)
        b = np.concatenate([a[:10], _edge_ints(dtype, rng)[10:]])
        ra, rb = a.astype(object), b.astype(object)
    else:
        dtype = FLOAT_TYPES[mlir_type]
        a = _edge_floats(dtype, rng)
        b = np.concatenate([a[:12], _edge_floats(dtype, rng)[12:]])
        ra, rb = a.astype(np.float64), b.astype(np.float64)
    fn = {"EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal, "GT": np.greater,
          "LE": np.less_equal, "LT": np.less}[direction]
    expected = fn(ra, rb).astype(bool)
    body = (f"stablehlo.compare {direction}, %a0, %a1, {compare_type} : "
            f"(tensor<{a.size}x{mlir_type}>, tensor<{a.size}x{mlir_type}>) -> tensor<{a.size}xi1>")
    text, value = _fold(body, [(a, mlir_type), (b, mlir_type)], "i1")
    assert "stablehlo.compare" not in text
    np.testing.assert_array_equal(value, expected)


def test_compare_totalorder_is_not_folded():
    a = np.array([0.0, np.nan], np.float32)
    text, _ = _fold("stablehlo.compare LT, %a0, %a1, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
                    [(a, "f32"), (a, "f32")], "i1")
    assert "stablehlo.compare" in text


@pytest.mark.parametrize("src,dst", [("i64", "i8"), ("i8", "ui32"), ("ui8", "i64"), ("i32", "f32"),
                                     ("ui32", "f16"), ("f32", "i32"), ("f64", "ui8"), ("f32", "f16"),
                                     ("f32", "bf16"), ("f16", "f32"), ("f64", "f32"), ("i1", "f32"),
                                     ("i1", "i32"), ("f32", "i1"), ("i32", "i1")])
def test_convert_folds(src, dst):
    rng = np.random.default_rng(3)
    types = {**INT_TYPES, **FLOAT_TYPES, "i1": np.bool_}
    if src == "i1":
        a = np.array([True, False, True, True])
    elif src in INT_TYPES:
        a = _edge_ints(types[src], rng)
        if dst in FLOAT_TYPES:  # numpy's int->float goes through f64: keep it exact
            a = a[np.abs(a.astype(np.float64)) < 2.0**24]
    else:
        a = _edge_floats(types[src], rng)
        if dst in INT_TYPES:  # the folder declines NaN and overflow
            info = np.iinfo(types[dst])
            f = a.astype(np.float64)
            a = a[np.isfinite(f) & (np.trunc(f) >= info.min) & (np.trunc(f) <= info.max)
                  & ~((f == 0) & np.signbit(f))]  # -0.0 is declined, as upstream declines it
        elif dst == "i1":
            a = a[~np.isnan(a.astype(np.float64))]
    if dst == "i1":
        expected = a.astype(np.float64) != 0
    elif dst in INT_TYPES and src in FLOAT_TYPES:
        expected = np.trunc(a.astype(np.float64)).astype(types[dst])
    else:
        with np.errstate(all="ignore"):
            expected = a.astype(types[dst])  # ints wrap; floats round once
    body = f"stablehlo.convert %a0 : (tensor<{a.size}x{src}>) -> tensor<{a.size}x{dst}>"
    text, value = _fold(body, [(a, src)], dst)
    assert "stablehlo.convert" not in text
    if dst in FLOAT_TYPES:
        assert _same_floats(value, expected)
    else:
        np.testing.assert_array_equal(value, expected)


def test_convert_declines_nan_and_overflow():
    for x in [np.nan, 5e9, -1.0, np.inf, -0.0]:
        text, _ = _fold("stablehlo.convert %a0 : (tensor<1xf32>) -> tensor<1xui32>",
                        [(np.array([x], np.float32), "f32")], "ui32")
        assert "stablehlo.convert" in text


def test_data_movement_folds():
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    module = f"""
    func.func @main() -> (tensor<4x3x2xi32>, tensor<6x4xi32>, tensor<2x2x3x4xi32>, tensor<1x2x2xi32>,
                          tensor<2x3x4xi32>, tensor<4x3x4xi32>, tensor<3x5xf32>, tensor<i32>) {{
      %x = stablehlo.constant dense<{x.tolist()}> : tensor<2x3x4xi32>
      %t = stablehlo.transpose %x, dims = [2, 1, 0] : (tensor<2x3x4xi32>) -> tensor<4x3x2xi32>
      %r = stablehlo.reshape %x : (tensor<2x3x4xi32>) -> tensor<6x4xi32>
      %b = stablehlo.broadcast_in_dim %x, dims = [1, 2, 3] : (tensor<2x3x4xi32>) -> tensor<2x2x3x4xi32>
      %s = stablehlo.slice %x [1:2, 0:3:2, 1:4:2] : (tensor<2x3x4xi32>) -> tensor<1x2x2xi32>
      %v = stablehlo.reverse %x, dims = [0, 2] : tensor<2x3x4xi32>
      %c = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3x4xi32>, tensor<2x3x4xi32>) -> tensor<4x3x4xi32>
      %i = stablehlo.iota dim = 1 : tensor<3x5xf32>
      %g = stablehlo.get_dimension_size %x, dim = 2 : (tensor<2x3x4xi32>) -> tensor<i32>
      return %t, %r, %b, %s, %v, %c, %i, %g : tensor<4x3x2xi32>, tensor<6x4xi32>, tensor<2x2x3x4xi32>,
        tensor<1x2x2xi32>, tensor<2x3x4xi32>, tensor<4x3x4xi32>, tensor<3x5xf32>, tensor<i32>
    }}"""
    m = parse_module(module, context())
    PassManager.parse(FOLDER, context=m.context).run(m.operation)
    text = str(m)
    # (iota stays: upstream's folder folds only iotas of at most one element.)
    for op in ["transpose", "reshape", "broadcast_in_dim", "slice", "reverse", "concatenate",
               "get_dimension_size"]:
        assert f"stablehlo.{op}" not in text, op
    t, r, b, s, v, c, i, g = stablehlo_py.interpret(text)
    np.testing.assert_array_equal(t, x.transpose(2, 1, 0))
    np.testing.assert_array_equal(r, x.reshape(6, 4))
    np.testing.assert_array_equal(b, np.broadcast_to(x, (2, 2, 3, 4)))
    np.testing.assert_array_equal(s, x[1:2, 0:3:2, 1:4:2])
    np.testing.assert_array_equal(v, x[::-1, :, ::-1])
    np.testing.assert_array_equal(c, np.concatenate([x, x], axis=0))
    np.testing.assert_array_equal(i, np.broadcast_to(np.arange(5, dtype=np.float32), (3, 5)))
    assert int(g) == 4


def test_element_limit_option_and_splats():
    a = np.arange(8, dtype=np.int32)
    body = "stablehlo.add %a0, %a1 : tensor<8xi32>"
    limited = "builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=7}))"
    text, value = _fold(body, [(a, "i32"), (a, "i32")], "i32", limited)
    assert "stablehlo.add" in text
    np.testing.assert_array_equal(value, 2 * a)  # unfolded, it still runs
    text, _ = _fold(body, [(a, "i32"), (a, "i32")], "i32",
                    "builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=8}))")
    assert "stablehlo.add" not in text
    # a splat folds whatever its size, into a splat
    m = parse_module("""func.func @main() -> tensor<1000x1000xf32> {
      %c = stablehlo.constant dense<1.5> : tensor<1000x1000xf32>
      %r = stablehlo.add %c, %c : tensor<1000x1000xf32>
      return %r : tensor<1000x1000xf32>
    }""", context())
    PassManager.parse("builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=1}))",
                      context=m.context).run(m.operation)
    assert "dense<3.000000e+00> : tensor<1000x1000xf32>" in str(m)


def test_fold_float_option():
    a = np.array([1.0, 2.0], np.float32)
    no_float = "builtin.module(func.func(stablehlo-aggressive-folder{fold-float=false}))"
    text, _ = _fold("stablehlo.add %a0, %a1 : tensor<2xf32>", [(a, "f32"), (a, "f32")], "f32", no_float)
    assert "stablehlo.add" in text
    text, _ = _fold("stablehlo.add %a0, %a1 : tensor<2xi32>",
                    [(a.astype(np.int32), "i32"), (a.astype(np.int32), "i32")], "i32", no_float)
    assert "stablehlo.add" not in text


def test_select_folds():
    p = np.array([True, False, True])
    t, f = np.array([1, 2, 3], np.int32), np.array([4, 5, 6], np.int32)
    text, value = _fold("stablehlo.select %a0, %a1, %a2 : tensor<3xi1>, tensor<3xi32>",
                        [(p, "i1"), (t, "i32"), (f, "i32")], "i32")
    assert "stablehlo.select" not in text
    np.testing.assert_array_equal(value, np.where(p, t, f))


UNARY_FLOAT = {"cosine": np.cos, "sine": np.sin, "tan": np.tan, "tanh": np.tanh, "exponential": np.exp,
               "log": np.log, "logistic": lambda x: 1 / (1 + np.exp(-x)), "sqrt": np.sqrt,
               "rsqrt": lambda x: 1 / np.sqrt(x)}
# Where the result is a number (a NaN result is left for run time).
DOMAIN = {"log": lambda x: x > 0, "sqrt": lambda x: x >= 0, "rsqrt": lambda x: x > 0,
          "cosine": np.isfinite, "sine": np.isfinite, "tan": np.isfinite}


@pytest.mark.parametrize("mlir_type", ["f16", "bf16", "f32", "f64"])
@pytest.mark.parametrize("op", list(UNARY_FLOAT))
def test_unary_float_folds_are_double_results_rounded_once(op, mlir_type):
    dtype = FLOAT_TYPES[mlir_type]
    rng = np.random.default_rng(zlib.crc32(f"{op} {mlir_type}".encode()))
    a = _edge_floats(dtype, rng)
    wide = a.astype(np.float64)
    a = a[~np.isnan(wide) & DOMAIN.get(op, lambda x: np.ones_like(x, bool))(wide)]
    with np.errstate(all="ignore"):
        expected = UNARY_FLOAT[op](a.astype(np.float64)).astype(dtype)
    text, value = _fold(f"stablehlo.{op} %a0 : tensor<{a.size}x{mlir_type}>", [(a, mlir_type)], mlir_type)
    assert f"stablehlo.{op}" not in text
    # numpy's double routines and libm's may differ in the last bit of a double, which can move one
    # rounding to the narrower type: at most one ulp of the element type apart.
    got, want = value.astype(np.float64), expected.astype(np.float64)
    ulp = np.abs(np.spacing(expected).astype(np.float64))
    close = (got == want) | (np.abs(got - want) <= ulp) | (np.isnan(got) & np.isnan(want))
    assert close.all(), (a[~close], value[~close], expected[~close])
    if dtype != np.float64:  # one rounding of a double result: nearly all bit-identical
        assert np.mean(got == want) > 0.9


@pytest.mark.parametrize("op,value", [("log", 0.0), ("log", -1.0), ("sqrt", -1.0), ("rsqrt", 0.0),
                                      ("rsqrt", -0.0), ("cosine", np.nan), ("exponential", np.nan),
                                      ("sine", np.inf), ("tan", -np.inf)])
def test_unary_float_folds_leave_outside_their_domain(op, value):
    text, _ = _fold(f"stablehlo.{op} %a0 : tensor<2xf32>", [(np.array([1.0, value], np.float32), "f32")], "f32")
    assert f"stablehlo.{op}" in text


ROUND_TYPES = dict(FLOAT_TYPES, f8E4M3FNUZ=ml_dtypes.float8_e4m3fnuz, f8E5M2FNUZ=ml_dtypes.float8_e5m2fnuz,
                   f8E4M3B11FNUZ=ml_dtypes.float8_e4m3b11fnuz, f8E3M4=ml_dtypes.float8_e3m4,
                   f8E4M3=ml_dtypes.float8_e4m3)


@pytest.mark.parametrize("mlir_type", list(ROUND_TYPES))
def test_round_folds_exactly(mlir_type):
    # Every float type, the f8 ones without infinities included (APFloat's own rounding stops the
    # process on those).
    dtype = ROUND_TYPES[mlir_type]
    info = ml_dtypes.finfo(dtype)
    values = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 2.4, -2.6, 0.0, -0.0, float(info.max),
              -float(info.max), float(info.smallest_subnormal)]
    if not np.dtype(dtype).name.endswith(("fn", "fnuz")):
        values += [np.inf, -np.inf]
    if np.dtype(dtype).name.endswith("fnuz"):
        values = [v for v in values if not (v == 0 and np.signbit(v))]  # no -0.0 in fnuz types
    a = np.array(values, np.float64).astype(dtype)
    wide = a.astype(np.float64)
    for op, oracle in [("round_nearest_even", np.round(wide)),
                       ("round_nearest_afz", np.copysign(np.floor(np.abs(wide) + 0.5), wide))]:
        text, value = _fold(f"stablehlo.{op} %a0 : tensor<{a.size}x{mlir_type}>", [(a, mlir_type)], mlir_type)
        assert f"stablehlo.{op}" not in text
        assert _same_floats(value, oracle.astype(dtype)), (op, value)


def test_sign_folds_floats_and_integers():
    f = np.array([2.5, -0.25, 0.0, -0.0, np.inf, -np.inf], np.float32)
    text, value = _fold(f"stablehlo.sign %a0 : tensor<6xf32>", [(f, "f32")], "f32")
    assert "stablehlo.sign" not in text
    assert _same_floats(value, np.array([1.0, -1.0, 0.0, -0.0, 1.0, -1.0], np.float32))
    text, _ = _fold(f"stablehlo.sign %a0 : tensor<2xf32>", [(np.array([1.0, np.nan], np.float32), "f32")], "f32")
    assert "stablehlo.sign" in text
    i = np.array([5, -7, 0, np.iinfo(np.int32).min, np.iinfo(np.int32).max], np.int32)
    text, value = _fold(f"stablehlo.sign %a0 : tensor<5xi32>", [(i, "i32")], "i32")
    assert "stablehlo.sign" not in text and value.tolist() == [1, -1, 0, -1, 1]
