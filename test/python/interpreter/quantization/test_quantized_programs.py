"""Quantized programs (`!quant.uniform`) through the interpreter, against an independent oracle.

The oracle below is the spec's "Quantization computations" written again with Python integers and
`fractions` (it does not import stablehlo_py.interpreter.kernels.quantization):

  dequantize(q) = convert(q - zero_point, expressed) * scale
  quantize(x)   = clamp(storage_min, round_nearest_even(x / scale) + zero_point, storage_max)

with the choices the project makes where the spec is open (docs/decisions.md, "Quantization"):
scale is the type's scale rounded once to the expressed type; `q - zero_point` is exact (no wrap
in the storage type); convert of that integer rounds to nearest even (to f16/bf16 through f32, as
the project's `convert` does, following XLA); the product and the quotient x / scale are each
rounded once to the expressed type; round_nearest_even breaks ties to even; NaN quantizes to
storage_min; ±inf and out-of-range values saturate to storage_min / storage_max; adding the zero
point is exact (clamped, never wrapped).

Ops that compute (dequantize_op_quantize, dequantize_compare, dequantize_select_quantize,
hybrid_dequantize_then_op): the float op is computed from the dequantized values in float64 and
rounded once to the expressed type. For +, -, *, /, sqrt that is the correctly rounded result
(53 >= 2p + 2 for f32, f16 and bf16), and the other "exact" ops (abs, negate, max, min, clamp,
floor, ceil, round_*, sign, remainder, compare, select) are exact in the expressed type anyway.
Transcendental ops (exp, log, tanh, power, atan2, ...) are not correctly rounded by any libm, and
a dot_general with non-dyadic scales sums in f32 in an order the spec leaves open: there the test
bounds the float result (4 f32 ulps of the float64 value; the summation error bound for dots) and,
since quantize is monotone, requires the quantized result to lie between the quantizations of the
two ends (`bracket`). The two ends agree except next to a rounding boundary, and each such test
asserts that they agree on at least 95% of the elements, so the comparison is exact almost
everywhere. Elsewhere the inputs are chosen so that every step is exact (power-of-two scales,
small storage values) and the comparison is exact.

Storage types: i2 to i32 and u2 to u32; MLIR's quant dialect rejects 64-bit storage ("illegal
storage type size: 64"), so i64/u64 quantized types cannot be written.
"""

from __future__ import annotations

import math
import zlib
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

from stablehlo_py.interpreter import CheckFailure, InterpreterError, compile, interpret

# ------------------------------------------------------------------------------------ the oracle

# significand bits (with the hidden bit), minimum normal exponent, maximum exponent, numpy dtype
FLOATS = {
    "f64": (53, -1022, 1023, np.dtype(np.float64)),
    "f32": (24, -126, 127, np.dtype(np.float32)),
    "f16": (11, -14, 15, np.dtype(np.float16)),
    "bf16": (8, -126, 127, np.dtype(ml_dtypes.bfloat16)),
}

STORAGE = {  # name: (numpy dtype, min, max)
    "i2": (ml_dtypes.int2, -2, 1), "i4": (ml_dtypes.int4, -8, 7), "i8": (np.int8, -128, 127),
    "i16": (np.int16, -2**15, 2**15 - 1), "i32": (np.int32, -2**31, 2**31 - 1),
    "u2": (ml_dtypes.uint2, 0, 3), "u4": (ml_dtypes.uint4, 0, 15), "u8": (np.uint8, 0, 255),
    "u16": (np.uint16, 0, 2**16 - 1), "u32": (np.uint32, 0, 2**32 - 1),
}


def round_to(v, fmt: str) -> float:
    """The exact value `v` (int, Fraction or float) rounded once, ties to even, to float format
    `fmt`; returned as a Python float (every value of these formats is one). Overflow gives inf."""
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return v
    if isinstance(v, float) and v == 0:
        return v
    v = Fraction(v)
    if v == 0:
        return 0.0
    precision, emin, emax, _ = FLOATS[fmt]
    a = abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    ulp = Fraction(2) ** (max(e, emin) - precision + 1)
    r = round(a / ulp) * ulp  # Fraction.__round__ breaks ties to even
    largest = (2 - Fraction(2) ** (1 - precision)) * Fraction(2) ** emax
    out = math.inf if r > largest else float(r)
    return out if v > 0 else -out


def convert_int(d: int, fmt: str) -> float:
    """stablehlo.convert of the integer `d` to `fmt` as the project defines it (the spec leaves
    inexact conversions open, #180): round to nearest even; to f16 and bf16 through f32 (XLA)."""
    if fmt in ("f16", "bf16"):
        return round_to(round_to(d, "f32"), fmt)
    return round_to(d, fmt)


def float_array(values, fmt: str, shape=None) -> np.ndarray:
    out = np.array(values, np.float64).astype(FLOATS[fmt][3])  # exact: each value is one of fmt
    return out if shape is None else out.reshape(shape)


class Q:
    """A quantized element type: `Q("i8", "f32", (0.5, 3))` per tensor, or
    `Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)` per axis; `smin`/`smax` for `i8<-100:100>`."""

    def __init__(self, storage, expressed, params, axis=None, smin=None, smax=None):
        self.storage, self.expressed, self.axis = storage, expressed, axis
        params = [params] if axis is None else list(params)
        self.params = [p if isinstance(p, tuple) else (p, 0) for p in params]
        dtype, low, high = STORAGE[storage]
        self.dtype = np.dtype(dtype)
        self.explicit_bounds = smin is not None or smax is not None
        self.smin = low if smin is None else smin
        self.smax = high if smax is None else smax

    @property
    def text(self) -> str:
        storage = self.storage + (f"<{self.smin}:{self.smax}>" if self.explicit_bounds else "")
        params = [f"{float_text(s)}:{z}" for s, z in self.params]
        if self.axis is None:
            return f"!quant.uniform<{storage}:{self.expressed}, {params[0]}>"
        return f"!quant.uniform<{storage}:{self.expressed}:{self.axis}, {{{','.join(params)}}}>"

    def of(self, *shape) -> str:
        return tensor_type(shape, self.text)

    def _param(self, index):
        return self.params[0 if self.axis is None else index[self.axis]]

    def scale(self, index=()) -> float:
        return round_to(Fraction(self._param(index)[0]), self.expressed)

    def quantize_one(self, x, index=()) -> int:
        s, zero_point = self.scale(index), self._param(index)[1]
        x = float(x)
        if math.isnan(x):
            return self.smin
        if math.isinf(x):
            quotient = x
        else:
            quotient = round_to(Fraction(x) / Fraction(s), self.expressed)  # x / scale, one rounding
        if math.isinf(quotient):
            return self.smax if quotient > 0 else self.smin
        return min(max(round(Fraction(quotient)) + zero_point, self.smin), self.smax)

    def dequantize_one(self, q, index=()) -> float:
        s, zero_point = self.scale(index), self._param(index)[1]
        difference = convert_int(int(q) - zero_point, self.expressed)
        if math.isinf(difference):
            return difference
        return round_to(Fraction(difference) * Fraction(s), self.expressed)

    def quantize(self, x) -> np.ndarray:
        x = np.asarray(x)
        return storage_array([self.quantize_one(x[i], i) for i in np.ndindex(*x.shape)], self.dtype, x.shape)

    def dequantize(self, q) -> np.ndarray:
        q = np.asarray(q)
        return float_array([self.dequantize_one(int(q[i]), i) for i in np.ndindex(*q.shape)], self.expressed, q.shape)

    def storage_values(self, values, shape=None) -> np.ndarray:
        values = np.asarray(values)
        return storage_array(values.reshape(-1).tolist(), self.dtype, values.shape if shape is None else shape)


def float_text(v: float) -> str:
    """A float literal MLIR reads back exactly (it wants a '.' before an exponent: 3.0e-05)."""
    text = repr(float(v))
    if "." not in text and "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return text


def storage_array(values, dtype, shape) -> np.ndarray:
    dtype = np.dtype(dtype)
    return np.array([int(v) for v in values], np.int64).astype(dtype).reshape(shape)


def ints(a) -> list:
    return [int(v) for v in np.asarray(a).astype(np.int64).reshape(-1)]


def tensor_type(shape, element: str) -> str:
    return "tensor<" + "".join(f"{n}x" for n in shape) + element + ">"


def assert_storage(got, expected, context=""):
    got = np.asarray(got)
    assert got.dtype == expected.dtype, f"{context}: dtype {got.dtype} != {expected.dtype}"
    assert got.shape == expected.shape, f"{context}: shape {got.shape} != {expected.shape}"
    bad = [(i, int(got[i]), int(expected[i])) for i in np.ndindex(*got.shape) if int(got[i]) != int(expected[i])]
    assert not bad, f"{context}: {len(bad)} of {got.size} differ (index, got, expected): {bad[:8]}"


def assert_floats(got, expected, context=""):
    got = np.asarray(got)
    assert got.dtype == expected.dtype, f"{context}: dtype {got.dtype} != {expected.dtype}"
    g, e = got.astype(np.float64), expected.astype(np.float64)
    same = (g == e) | (np.isnan(g) & np.isnan(e))
    assert same.all(), f"{context}: got {g[~same][:8]}, expected {e[~same][:8]} at {np.argwhere(~same)[:8].tolist()}"


def ulp(v: float, fmt: str) -> float:
    """The spacing of float format `fmt` at |v|."""
    precision, emin, _, _ = FLOATS[fmt]
    e = math.frexp(abs(v))[1] - 1 if v else emin
    return 2.0 ** (max(e, emin) - precision + 1)


def bracket(reference64: np.ndarray, error64, qt: Q):
    """quantize() is monotone in its float input, so a float result within `error64` of
    `reference64` quantizes to a value between these two bounds (equal almost everywhere)."""
    reference64 = np.asarray(reference64, np.float64)
    error64 = np.broadcast_to(np.asarray(error64, np.float64), reference64.shape)
    lo, hi = [], []
    for i in np.ndindex(*reference64.shape):
        r, err = float(reference64[i]), float(error64[i])
        if not math.isfinite(r):
            lo.append(qt.quantize_one(round_to(r, qt.expressed), i))
            hi.append(lo[-1])
            continue
        lo.append(qt.quantize_one(round_to(Fraction(r) - Fraction(err), qt.expressed), i))
        hi.append(qt.quantize_one(round_to(Fraction(r) + Fraction(err), qt.expressed), i))
    return (storage_array(lo, qt.dtype, reference64.shape), storage_array(hi, qt.dtype, reference64.shape))


def libm_error(reference64: np.ndarray, fmt: str, ulps: int = 4) -> np.ndarray:
    """An error bound of `ulps` units in the last place of f32 (of f64 for f64) at each value:
    the transcendental functions of numpy and of the interpreter's float kernels are within it."""
    unit = "f64" if fmt == "f64" else "f32"
    return np.array([ulps * ulp(float(r), unit) if math.isfinite(r) else 0.0
                     for r in np.ravel(reference64)]).reshape(np.shape(reference64))


def assert_bracketed(got, bounds, context=""):
    """lo <= got <= hi element by element; lo == hi (an exact expectation) almost everywhere."""
    lo, hi = bounds
    got = np.asarray(got)
    assert got.dtype == lo.dtype and got.shape == lo.shape, f"{context}: {got.dtype}{got.shape} vs {lo.dtype}{lo.shape}"
    g, l, h = (np.asarray(a).astype(np.int64) for a in (got, lo, hi))
    bad = (g < l) | (g > h)
    assert not bad.any(), (f"{context}: {int(bad.sum())} of {got.size} outside the bounds (index, got, lo, hi): "
                           f"{[(i.tolist(), int(g[tuple(i)]), int(l[tuple(i)]), int(h[tuple(i)])) for i in np.argwhere(bad)[:8]]}")
    loose = int((l != h).sum())
    assert loose <= max(2, got.size // 20), f"{context}: inputs too close to rounding boundaries ({loose} of {got.size})"


def run(text, *args):
    return interpret(text, *args)


def program(args: list, results: list, body: str) -> str:
    """func @main with arguments of types `args` (named %a0, %a1, ...); `body` ends in a return."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return f"func.func @main({params}) -> ({', '.join(results)}) {{\n{body}\n}}"


def one_op(op: str, operand_types: list, result_type: str, attrs: str = "") -> str:
    """A program of one generic-form op on its arguments."""
    operands = ", ".join(f"%a{i}" for i in range(len(operand_types)))
    attrs = f" {{{attrs}}}" if attrs else ""
    return program(operand_types, [result_type], f"""
  %0 = "stablehlo.{op}"({operands}){attrs} : ({', '.join(operand_types)}) -> {result_type}
  return %0 : {result_type}""")


def hex_float(v: float, fmt: str) -> str:
    dtype = FLOATS[fmt][3]
    bits = np.array([v], np.float64).astype(dtype).view({8: np.uint64, 4: np.uint32, 2: np.uint16}[dtype.itemsize])[0]
    return "0x" + format(int(bits), f"0{dtype.itemsize * 2}X")


def dense_floats(values, fmt: str) -> str:
    return "dense<[" + ", ".join(hex_float(float(v), fmt) for v in np.asarray(values, np.float64).reshape(-1)) + "]>"


# --------------------------------------------------------------------- the oracle checks itself

def test_oracle_rounding_is_exact():
    assert round_to(Fraction(1, 3), "f32") == float(np.float32(1 / 3))
    assert round_to(Fraction(1, 3), "bf16") == 0.333984375
    assert round_to(65519, "f16") == 65504.0 and round_to(65520, "f16") == math.inf
    assert round_to(Fraction(1, 2**25), "f16") == 0.0  # half the smallest subnormal: tie to even 0
    assert round_to(Fraction(3, 2**25), "f16") == 2.0**-23
    assert round_to(2**24 + 1, "f32") == 2.0**24 and round_to(2**24 + 3, "f32") == 2.0**24 + 4
    # the spec's own examples
    qt = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    assert ints(qt.quantize(np.array([4.0, 15.0], np.float32))) == [10, 10]
    assert qt.dequantize(qt.storage_values([10, 10])).tolist() == [4.0, 15.0]
    assert ints(Q("i8", "f32", [(0.1, -20), (0.2, -30)], axis=0).quantize(qt.dequantize(qt.storage_values([10, 10])))) == [20, 45]


# ------------------------------------------------------------------------- uniform_quantize

def quantize_program(n_shape, source: str, qt: Q) -> str:
    src = tensor_type(n_shape, source)
    return one_op("uniform_quantize", [src], qt.of(*n_shape))


def dequantize_program(n_shape, qt: Q) -> str:
    return one_op("uniform_dequantize", [qt.of(*n_shape)], tensor_type(n_shape, qt.expressed))


EDGE_F32 = [0.0, -0.0, 0.25, 0.75, -0.25, -0.75, 1.25, 1.75, -1.25, -1.75, 2.5, -2.5, 3.3, -3.3, 100.0, -100.0,
            1e30, -1e30, math.inf, -math.inf, math.nan, 3e-39, -3e-39, 6.0, -7.0, 1.0, -1.0, 0.5, -0.5]


@pytest.mark.parametrize("storage", list(STORAGE))
@pytest.mark.parametrize("zero_point", ["low", "mid", "high"])
def test_uniform_quantize_storage_types(storage, zero_point):
    _, low, high = STORAGE[storage]
    zp = {"low": low, "mid": (low + high) // 2, "high": high}[zero_point]
    qt = Q(storage, "f32", (0.5, zp))
    x = float_array(EDGE_F32 + [low * 0.5 - 3, high * 0.5 + 3, (low - zp) * 0.5, (high - zp) * 0.5,
                                (high - zp) * 0.5 + 0.25, (low - zp) * 0.5 - 0.25], "f32")
    (got,) = run(quantize_program(x.shape, "f32", qt), x)
    assert_storage(got, qt.quantize(x), f"quantize f32 -> {qt.text}")


@pytest.mark.parametrize("width", [4, 8, 16])
def test_unsigned_storage_spelled_ui_is_the_u_storage(width):
    # `!quant.uniform<ui8:...>` (as upstream's tests write it) stores an unsigned integer type
    # where `u8` stores a signless one with an unsigned flag: both are the spec's ui8 storage.
    qt = Q(f"u{width}", "f32", (0.5, 3))
    x = float_array(EDGE_F32 + [2.0**width, -4.0], "f32")
    text = quantize_program(x.shape, "f32", qt).replace(f"<u{width}:", f"<ui{width}:")
    assert f"<ui{width}:" in text
    (got,) = run(text, x)
    assert_storage(got, qt.quantize(x), f"quantize f32 -> ui{width} storage")
    (back,) = run(dequantize_program(x.shape, qt).replace(f"<u{width}:", f"<ui{width}:"), got)
    assert_floats(back, ((got.astype(np.float64) - 3) * 0.5).astype(np.float32), f"dequantize ui{width} storage")


@pytest.mark.parametrize("expressed", list(FLOATS))
@pytest.mark.parametrize("storage,scale,zp", [("i8", 0.1, -7), ("u8", 0.03, 128), ("i16", 0.0007, 12),
                                               ("i4", 0.3, 1), ("u32", 1e-3, 2**31), ("i32", 3.7, -5)])
def test_uniform_quantize_expressed_types(expressed, storage, scale, zp):
    qt = Q(storage, expressed, (scale, zp))
    rng = np.random.default_rng(zlib.crc32(f"{expressed} {storage}".encode()))
    s = qt.scale()
    _, low, high = STORAGE[storage]
    span = min(high - low, 2000)
    values = np.concatenate([rng.uniform(-span, span, 200) * s, np.array(EDGE_F32)])
    x = float_array([round_to(float(v), expressed) if math.isfinite(v) else v for v in values], expressed)
    (got,) = run(quantize_program(x.shape, expressed, qt), x)
    assert_storage(got, qt.quantize(x), f"quantize {expressed} -> {qt.text}")


@pytest.mark.parametrize("expressed", ["f32", "f16", "bf16", "f64"])
def test_uniform_quantize_ties_round_half_to_even(expressed):
    qt = Q("i8", expressed, (0.5, 0))
    x = float_array([1.25, 1.75, -1.25, -1.75, 0.25, -0.25, 0.75, -0.75, 2.25, 2.75, -2.25, 5.25, -5.25], expressed)
    (got,) = run(quantize_program(x.shape, expressed, qt), x)
    # x / 0.5 = 2.5, 3.5, -2.5, -3.5, 0.5, -0.5, 1.5, -1.5, 4.5, 5.5, -4.5, 10.5, -10.5
    assert ints(got) == [2, 4, -2, -4, 0, 0, 2, -2, 4, 6, -4, 10, -10]
    # with a zero point the tie is broken before adding it (odd zero point)
    qt = Q("i8", expressed, (0.5, 3))
    (got,) = run(quantize_program(x.shape, expressed, qt), x)
    assert ints(got) == [5, 7, 1, -1, 3, 3, 5, 1, 7, 9, -1, 13, -7]


@pytest.mark.parametrize("expressed", ["f32", "f16", "bf16"])
def test_uniform_quantize_divides_in_the_expressed_type(expressed):
    """x / scale is rounded to the expressed type before round_nearest_even: with scale 0.1,
    f32 0.75 / f32 0.1 = 7.49999989 exactly, 7.5 in f32, so the tie goes to 8 (not 7)."""
    qt = Q("i8", expressed, (0.1, 0))
    s = qt.scale()
    candidates = []
    for k in range(40):  # values next to (k + 0.5) * scale whose quotient rounds to the tie
        x0 = round_to(Fraction(2 * k + 1, 2) * Fraction(s), expressed)
        for step in range(-2, 3):
            x = x0 + step * (math.ulp(x0) * 2.0 ** (53 - FLOATS[expressed][0]))
            x = round_to(x, expressed)
            exact = Fraction(x) / Fraction(s)
            q = round_to(exact, expressed)
            if Fraction(q) - math.floor(q) == Fraction(1, 2) and exact != Fraction(q) and round(exact) != round(Fraction(q)):
                candidates.append(x)
    assert len(candidates) >= 5
    x = float_array(candidates, expressed)
    (got,) = run(quantize_program(x.shape, expressed, qt), x)
    assert_storage(got, qt.quantize(x), f"quantize {expressed} at scale 0.1")
    if expressed == "f32":
        (got,) = run(quantize_program((1,), "f32", qt), np.array([0.75], np.float32))
        assert ints(got) == [8]


def test_uniform_quantize_special_values():
    qt = Q("i8", "f32", (0.25, -5))
    x = np.array([math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 3e38, -3e38, 1e-45, -1e-45,
                  31.0, 31.125, 33.0, -30.75, -30.875, -31.0], np.float32)
    (got,) = run(quantize_program(x.shape, "f32", qt), x)
    # NaN -> storage_min; inf and huge values saturate; x / 0.25 = 124 -> 119, 124.5 -> 124 + -5
    assert ints(got) == [-128, -128, 127, -128, -5, -5, 127, -128, -5, -5, 119, 119, 127, -128, -128, -128]
    assert_storage(got, qt.quantize(x))


def test_uniform_quantize_quotient_overflowing_the_expressed_type():
    """x / scale is computed in the expressed type: in f16, 60000 / 0.5 overflows to inf, which
    saturates, although 120000 would fit the i32 storage."""
    qt = Q("i32", "f16", (0.5, 0))
    x = np.array([60000.0, -60000.0, 30000.0, 32752.0], np.float16)
    (got,) = run(quantize_program(x.shape, "f16", qt), x)
    assert ints(got) == [2**31 - 1, -2**31, 60000, 65504]
    assert_storage(got, qt.quantize(x))


@pytest.mark.parametrize("storage,smin,smax,zp", [("i8", -100, 100, 0), ("i8", -100, 100, 100), ("i8", -100, 100, -100),
                                                  ("u8", 10, 200, 10), ("i4", -7, 7, -7), ("u4", 1, 14, 14),
                                                  ("i16", -1000, 1000, 999), ("i2", -1, 1, 0), ("u16", 5, 60000, 30000)])
def test_uniform_quantize_storage_bounds(storage, smin, smax, zp):
    qt = Q(storage, "f32", (0.5, zp), smin=smin, smax=smax)
    x = float_array([0.0, 1.0, -1.0, (smax - zp) * 0.5, (smax - zp) * 0.5 + 0.5, (smin - zp) * 0.5,
                     (smin - zp) * 0.5 - 0.5, 1e9, -1e9, math.inf, -math.inf, math.nan, 10.25, -10.25], "f32")
    (got,) = run(quantize_program(x.shape, "f32", qt), x)
    expected = qt.quantize(x)
    assert min(ints(expected)) >= smin and max(ints(expected)) <= smax
    assert smin in ints(expected) and smax in ints(expected)
    assert_storage(got, expected, qt.text)


@pytest.mark.parametrize("storage", ["i8", "u8", "i4", "u4", "i16", "i32", "u32", "i2", "u2"])
def test_uniform_quantize_zero_point_at_storage_limits(storage):
    """round(x / scale) + zero_point out of the storage range clamps (no wrap in the storage type)."""
    _, low, high = STORAGE[storage]
    for zp in (low, high):
        qt = Q(storage, "f32", (1.0, zp))
        x = np.array([0.0, 1.0, -1.0, 5.0, -5.0, 2.0**33, -2.0**33, float(high - low), -float(high - low)], np.float32)
        (got,) = run(quantize_program(x.shape, "f32", qt), x)
        assert_storage(got, qt.quantize(x), qt.text)
        g = ints(got)
        assert g[0] == zp and g[3] == min(zp + 5, high) and g[4] == max(zp - 5, low) and g[5] == high and g[6] == low


@pytest.mark.parametrize("shape,axis", [((3,), 0), ((3, 4), 0), ((4, 3), 1), ((2, 3, 4), 2), ((2, 3, 4), 1), ((4, 1, 2), 0)])
def test_uniform_quantize_per_axis(shape, axis):
    n = shape[axis]
    params = [(0.1, -30), (0.5, -20), (0.03, 7), (2.0, 127)][:n]
    qt = Q("i8", "f32", params, axis=axis)
    rng = np.random.default_rng(11)
    x = rng.uniform(-12, 12, shape).astype(np.float32)
    flat = x.reshape(-1)
    flat[-4:] = [np.nan, np.inf, -np.inf, 0.0][-flat.size:]
    (got,) = run(quantize_program(shape, "f32", qt), x)
    assert_storage(got, qt.quantize(x), qt.text)
    # the slice index, not the flat index, picks the parameters: compare each slice with a
    # per-tensor quantization of that slice
    for i in range(n):
        slice_qt = Q("i8", "f32", params[i])
        assert_storage(np.take(got, i, axis), slice_qt.quantize(np.take(x, i, axis)), f"slice {i}")


def test_uniform_quantize_spec_example():
    qt = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    (got,) = run(quantize_program((2,), "f32", qt), np.array([4.0, 15.0], np.float32))
    assert ints(got) == [10, 10]


def test_uniform_quantize_per_axis_with_storage_bounds():
    qt = Q("i8", "f32", [(0.5, -100), (0.25, 100), (1.0, 0)], axis=1, smin=-100, smax=100)
    x = np.array([[-60.0, 30.0, 120.0], [60.0, -30.0, -120.0], [0.0, 0.0, 0.0]], np.float32)
    (got,) = run(quantize_program(x.shape, "f32", qt), x)
    assert_storage(got, qt.quantize(x), qt.text)
    assert ints(got) == [-100, 100, 100, 20, -20, -100, -100, 100, 0]


# ------------------------------------------------------------------------ uniform_dequantize

@pytest.mark.parametrize("storage", list(STORAGE))
@pytest.mark.parametrize("expressed", list(FLOATS))
def test_uniform_dequantize_every_storage_value(storage, expressed):
    _, low, high = STORAGE[storage]
    if high - low < 512:
        values = list(range(low, high + 1))
    else:
        values = list(range(low, low + 100)) + list(range(high - 100, high + 1)) + list(range(-100, 101))
        values = [v for v in values if low <= v <= high]
    for zp, scale in (((low + high) // 2, 0.1), (low, 0.37), (high, 3.0e-3)):
        qt = Q(storage, expressed, (scale, zp))
        q = qt.storage_values(values)
        (got,) = run(dequantize_program(q.shape, qt), q)
        assert_floats(got, qt.dequantize(q), f"dequantize {qt.text}")


def test_uniform_dequantize_spec_example():
    qt = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    (got,) = run(dequantize_program((2,), qt), np.array([10, 10], np.int8))
    assert got.tolist() == [4.0, 15.0] and got.dtype == np.float32


@pytest.mark.parametrize("shape,axis", [((3,), 0), ((3, 4), 0), ((4, 3), 1), ((2, 3, 4), 2), ((2, 3, 4), 1)])
@pytest.mark.parametrize("expressed", ["f32", "bf16"])
def test_uniform_dequantize_per_axis(shape, axis, expressed):
    n = shape[axis]
    params = [(0.1, -30), (0.5, -20), (0.03, 7), (2.0, 127)][:n]
    qt = Q("i8", expressed, params, axis=axis)
    q = np.random.default_rng(3).integers(-128, 128, shape).astype(np.int8)
    (got,) = run(dequantize_program(shape, qt), q)
    assert_floats(got, qt.dequantize(q), qt.text)
    for i in range(n):
        assert_floats(np.take(got, i, axis), Q("i8", expressed, params[i]).dequantize(np.take(q, i, axis)), f"slice {i}")


def test_uniform_dequantize_rounds_the_product_once():
    # (q - zp) * scale with scale = f32(0.1): the products are rounded once to f32
    qt = Q("i16", "f32", (0.1, 0))
    q = np.arange(-3000, 3000, 7, dtype=np.int16)
    (got,) = run(dequantize_program(q.shape, qt), q)
    s = np.float32(0.1)
    assert_floats(got, (q.astype(np.float32) * s).astype(np.float32))  # f32 multiply: one rounding
    assert_floats(got, qt.dequantize(q))


def test_uniform_dequantize_overflow_and_large_differences():
    # f16: (32767 - 0) * 4 overflows to inf; q - zp exact beyond the storage range
    qt = Q("i16", "f16", (4.0, 0))
    q = np.array([32767, -32768, 16376, 16379, 16380, 100], np.int16)
    (got,) = run(dequantize_program(q.shape, qt), q)
    # 16379 * 4 = 65516 rounds down to 65504; 16380 * 4 = 65520 is the tie that overflows
    assert got.astype(np.float64).tolist() == [math.inf, -math.inf, 65504.0, 65504.0, math.inf, 400.0]
    # i32: q - zp = 2^32 - 1 does not wrap; rounded to f32 once (2^32)
    qt = Q("i32", "f32", (1.0, -2**31))
    q = np.array([2**31 - 1, -2**31, 2**24 - 2**31 + 1, 2**24 - 2**31 + 3], np.int32)
    (got,) = run(dequantize_program(q.shape, qt), q)
    assert got.astype(np.float64).tolist() == [2.0**32, 0.0, 2.0**24, 2.0**24 + 4]
    # u32 with the zero point at the top: negative differences
    qt = Q("u32", "f64", (0.5, 2**32 - 1))
    q = np.array([0, 2**32 - 1, 12345], np.uint32)
    (got,) = run(dequantize_program(q.shape, qt), q)
    assert got.tolist() == [-(2**32 - 1) / 2, 0.0, (12345 - (2**32 - 1)) / 2]


def test_uniform_dequantize_bf16_from_wide_integers():
    """i32 -> bf16: the difference converts as the project's stablehlo.convert does (through f32,
    as XLA); the same program's convert op is the cross-check."""
    qt = Q("i32", "bf16", (1.0, 0))
    values = [2**24 + 2**16 + 1, 2**24 + 2**16, 2**24 + 2**16 + 2, 33554431, -33554431, 2**31 - 1, -2**31]
    q = np.array(values, np.int32)
    (got,) = run(dequantize_program(q.shape, qt), q)
    assert_floats(got, qt.dequantize(q))
    (converted,) = run(one_op("convert", ["tensor<7xi32>"], "tensor<7xbf16>"), q)
    assert_floats(got, converted, "dequantize with scale 1 equals convert")


# ---------------------------------------------------------------------------- requantization

REQUANTIZE = [
    (Q("i8", "f32", (0.1, -30)), Q("i8", "f32", (0.2, -20))),
    (Q("i8", "f32", (0.1, 5)), Q("i4", "f32", (0.7, -2))),
    (Q("u8", "f32", (0.05, 128)), Q("i16", "f32", (0.001, 3))),
    (Q("i16", "f32", (0.01, 0)), Q("u8", "f32", (0.5, 0))),
    (Q("i8", "f16", (0.3, 1)), Q("u4", "f16", (0.9, 7))),
    (Q("i8", "bf16", (0.3, 1)), Q("i8", "bf16", (0.11, -3))),
    (Q("u16", "f64", (0.001, 100)), Q("i32", "f64", (1e-6, -7))),
    (Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.5, 0))),  # exact halves: ties to even
    (Q("i8", "f32", (0.1, 0)), Q("i8", "f32", (0.1, 0), smin=-50, smax=50)),
    (Q("i32", "f32", (0.5, 0)), Q("i2", "f32", (1.0, 0))),
    (Q("u2", "f32", (1.0, 0)), Q("u32", "f32", (0.125, 2**32 - 1))),
]


@pytest.mark.parametrize("source,target", REQUANTIZE, ids=[f"{s.text}->{t.text}" for s, t in REQUANTIZE])
def test_uniform_quantize_requantizes(source, target):
    _, low, high = STORAGE[source.storage]
    values = list(range(low, high + 1)) if high - low < 1024 else list(range(-600, 600)) + [low, high]
    q = source.storage_values([v for v in values if source.smin <= v <= source.smax])
    (got,) = run(one_op("uniform_quantize", [source.of(q.size)], target.of(q.size)), q)
    assert_storage(got, target.quantize(source.dequantize(q)), f"{source.text} -> {target.text}")


def test_requantize_spec_example():
    source = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    target = Q("i8", "f32", [(0.1, -20), (0.2, -30)], axis=0)
    (got,) = run(one_op("uniform_quantize", [source.of(2)], target.of(2)), np.array([10, 10], np.int8))
    assert ints(got) == [20, 45]


@pytest.mark.parametrize("direction", ["axis_to_tensor", "tensor_to_axis", "axis_to_axis"])
def test_requantize_per_axis(direction):
    per_axis = Q("i8", "f32", [(0.1, -30), (0.5, -20), (0.07, 3)], axis=1)
    per_axis2 = Q("u8", "f32", [(0.3, 100), (0.05, 0), (0.2, 250)], axis=1)
    per_tensor = Q("i8", "f32", (0.15, 4))
    source, target = {"axis_to_tensor": (per_axis, per_tensor), "tensor_to_axis": (per_tensor, per_axis),
                      "axis_to_axis": (per_axis, per_axis2)}[direction]
    q = np.random.default_rng(5).integers(source.smin, source.smax + 1, (4, 3)).astype(source.dtype)
    (got,) = run(one_op("uniform_quantize", [source.of(4, 3)], target.of(4, 3)), q)
    assert_storage(got, target.quantize(source.dequantize(q)), direction)


# ------------------------------------------------------------- dequantize_op_quantize (unary)

def _afz(x):
    return np.copysign(np.floor(np.abs(x) + 0.5), x)


# op: (numpy function in float64, exact after one rounding?, input params, output params)
UNARY = {
    "abs": (np.abs, True, (0.07, -5), (0.05, -100)),
    "negate": (np.negative, True, (0.07, -5), (0.09, 7)),
    "ceil": (np.ceil, True, (0.07, -5), (0.25, 3)),
    "floor": (np.floor, True, (0.07, -5), (0.5, -1)),
    "round_nearest_even": (np.rint, True, (0.05, 0), (0.5, 0)),  # ties at k + 0.5 exist: 0.05 * 10 = 0.5
    "round_nearest_afz": (_afz, True, (0.05, 0), (0.5, 0)),
    "sign": (np.sign, True, (0.07, 5), (0.01, 0)),
    "sqrt": (np.sqrt, True, (0.07, -60), (0.02, -100)),  # negative inputs: NaN -> storage_min
    "cbrt": (np.cbrt, False, (0.37, -3), (0.03, 0)),
    "cosine": (np.cos, False, (0.05, 0), (0.009, 0)),
    "sine": (np.sin, False, (0.05, 0), (0.009, 0)),
    "exponential": (np.exp, False, (0.04, 0), (0.5, -100)),
    "exponential_minus_one": (np.expm1, False, (0.04, 0), (0.5, -100)),
    "log": (np.log, False, (0.05, -60), (0.05, 10)),  # x < 0: NaN, x = 0: -inf -> storage_min
    "log_plus_one": (np.log1p, False, (0.01, -28), (0.03, 0)),  # x = -1 -> -inf, x < -1 NaN
    "logistic": (lambda x: 1 / (1 + np.exp(-x)), False, (0.06, 0), (0.004, -128)),
    "rsqrt": (lambda x: 1 / np.sqrt(x), False, (0.07, -60), (0.05, -128)),  # x = 0: inf -> max
    "tanh": (np.tanh, False, (0.03, 0), (0.008, 0)),
    "tan": (np.tan, False, (0.011, 0), (0.05, 0)),
}


def _expected_unary(fn, qin: Q, qout: Q, q: np.ndarray):
    x = qin.dequantize(q).astype(np.float64)
    with np.errstate(all="ignore"):
        r = fn(x)
    rounded = float_array([round_to(float(v), qin.expressed) for v in r.reshape(-1)], qin.expressed, r.shape)
    return qout.quantize(rounded), r


@pytest.mark.parametrize("op", list(UNARY))
def test_unary_op_every_i8_value(op):
    fn, exact, pin, pout = UNARY[op]
    qin, qout = Q("i8", "f32", pin), Q("i8", "f32", pout)
    q = np.arange(-128, 128, dtype=np.int8)
    (got,) = run(one_op(op, [qin.of(256)], qout.of(256)), q)
    expected, reference = _expected_unary(fn, qin, qout, q)
    if exact:
        assert_storage(got, expected, op)
    else:
        assert_bracketed(got, bracket(reference, libm_error(reference, qout.expressed), qout), op)


# the verifier wants the operand's and result's baseline types equal: the same storage type,
# bounds and expressed type, any scale and zero point
UNARY_TYPES = [
    (Q("u8", "f16", (0.05, 128)), Q("u8", "f16", (0.03, 100))),
    (Q("i16", "bf16", (0.002, 0)), Q("i16", "bf16", (0.001, 7))),
    (Q("i4", "f32", (0.5, -1)), Q("i4", "f32", (0.7, 3))),
    (Q("u4", "f32", (0.5, 8)), Q("u4", "f32", (0.3, 0))),
    (Q("i8", "f64", (0.1, 5)), Q("i8", "f64", (0.03, -11))),
    (Q("i32", "f32", (1e-4, -11)), Q("i32", "f32", (3e-5, 1000))),
    (Q("u32", "f64", (1e-4, 2**31)), Q("u32", "f64", (3e-5, 0))),
    (Q("i8", "f32", (0.1, 5), smin=-100, smax=100), Q("i8", "f32", (0.05, 0), smin=-100, smax=100)),
    (Q("u2", "f32", (0.5, 1)), Q("u2", "f32", (0.75, 2))),
]


@pytest.mark.parametrize("op", ["abs", "negate", "sqrt", "floor", "round_nearest_afz", "sign", "exponential", "tanh"])
@pytest.mark.parametrize("qin,qout", UNARY_TYPES, ids=[f"{a.text}->{b.text}" for a, b in UNARY_TYPES])
def test_unary_op_other_types(op, qin, qout):
    fn, exact, _, _ = UNARY[op]
    zp = qin.params[0][1]  # storage values around the zero point: dequantized values near 0
    values = [v for v in range(zp - 300, zp + 301) if qin.smin <= v <= qin.smax]
    q = qin.storage_values(values)
    (got,) = run(one_op(op, [qin.of(q.size)], qout.of(q.size)), q)
    expected, reference = _expected_unary(fn, qin, qout, q)
    if exact:
        assert_storage(got, expected, f"{op} {qin.text} -> {qout.text}")
    else:
        assert_bracketed(got, bracket(reference, libm_error(reference, qin.expressed), qout), f"{op} {qin.text} -> {qout.text}")


def test_unary_pretty_form_with_same_type():
    qt = Q("i8", "f32", (0.5, 3))
    text = program([qt.of(4)], [qt.of(4)], f"""
  %0 = stablehlo.abs %a0 : {qt.of(4)}
  %1 = stablehlo.negate %0 : {qt.of(4)}
  return %1 : {qt.of(4)}""")
    (got,) = run(text, np.array([-128, 0, 3, 127], np.int8))
    # values -65.5, -1.5, 0, 62 -> abs 65.5 (saturates at 127 = 62.0), 1.5, 0, 62 -> negate
    assert ints(got) == [-121, 0, 3, -121]


def test_is_finite_of_quantized_is_always_true():
    """The spec: "For quantized types, the result is always true" - also when the dequantized
    value overflows the expressed type (f16: 32767 * 4 = inf)."""
    qt = Q("i16", "f16", (4.0, 0))
    q = np.array([0, 100, 32767, -32768], np.int16)
    (got,) = run(one_op("is_finite", [qt.of(4)], "tensor<4xi1>"), q)
    assert got.tolist() == [True, True, True, True]


def test_reduce_precision_quantized():
    qin, qout = Q("i16", "f32", (0.01, 0)), Q("i16", "f32", (0.01, 0))
    q = np.arange(-3000, 3000, 13, dtype=np.int16)
    (got,) = run(one_op("reduce_precision", [qin.of(q.size)], qout.of(q.size),
                        "exponent_bits = 5 : i32, mantissa_bits = 3 : i32"), q)
    x = qin.dequantize(q)
    # reduce to 3 mantissa bits (round to nearest even) and f16's exponent range (all in range here)
    reduced = float_array([_reduce_mantissa(float(v), 3) for v in x], "f32")
    assert_storage(got, qout.quantize(reduced))


def _reduce_mantissa(v: float, bits: int) -> float:
    if v == 0 or not math.isfinite(v):
        return v
    m, e = math.frexp(abs(v))  # v = m * 2^e, 0.5 <= m < 1
    ulp = Fraction(2) ** (e - 1 - bits)
    return math.copysign(float(round(Fraction(abs(v)) / ulp) * ulp), v)


# ------------------------------------------------------------ dequantize_op_quantize (binary)

BINARY = {
    "add": (np.add, True, (0.2, -50)),
    "subtract": (np.subtract, True, (0.2, 10)),
    "multiply": (np.multiply, True, (0.5, 0)),
    "divide": (np.divide, True, (0.3, -7)),  # rhs = 0: ±inf -> saturates, 0 / 0 = NaN -> storage_min
    "maximum": (np.maximum, True, (0.09, -20)),
    "minimum": (np.minimum, True, (0.09, 20)),
    "remainder": (np.fmod, True, (0.02, 0)),
    "power": (np.power, False, (0.7, -100)),
    "atan2": (np.arctan2, False, (0.03, 0)),
}

LHS_Q, RHS_Q = Q("i8", "f32", (0.07, -5)), Q("i8", "f32", (0.11, 9))


def _binary_operands():
    rng = np.random.default_rng(21)
    lhs = np.concatenate([np.arange(-128, 128), rng.permutation(np.arange(-128, 128)), np.repeat(np.arange(-8, 8), 16)])
    rhs = np.concatenate([rng.permutation(np.arange(-128, 128)), np.arange(-128, 128), np.tile(np.arange(1, 17), 16)])
    return lhs.astype(np.int8), rhs.astype(np.int8)


def _expected_binary(fn, qa: Q, qb: Q, qout: Q, a, b):
    x, y = qa.dequantize(a).astype(np.float64), qb.dequantize(b).astype(np.float64)
    with np.errstate(all="ignore"):
        r = fn(x, y)
    rounded = float_array([round_to(float(v), qout.expressed) for v in r.reshape(-1)], qout.expressed, r.shape)
    return qout.quantize(rounded), r


@pytest.mark.parametrize("op", list(BINARY))
def test_binary_op(op):
    fn, exact, pout = BINARY[op]
    qout = Q("i8", "f32", pout)
    a, b = _binary_operands()
    if op == "power":  # keep the exponents small: dequantized rhs in [-1.5, 2.5]
        b = ((b.astype(np.int64) % 37) - 5).astype(np.int8)
    n = a.size
    (got,) = run(one_op(op, [LHS_Q.of(n), RHS_Q.of(n)], qout.of(n)), a, b)
    expected, reference = _expected_binary(fn, LHS_Q, RHS_Q, qout, a, b)
    if exact:
        assert_storage(got, expected, op)
    else:
        assert_bracketed(got, bracket(reference, libm_error(reference, qout.expressed), qout), op)


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder"])
@pytest.mark.parametrize("types", ["f16", "bf16", "f64", "u8", "i32", "i4"])
def test_binary_op_other_types(op, types):
    fn = BINARY[op][0]
    qa, qb, qout = {
        "f16": (Q("i8", "f16", (0.07, -5)), Q("i8", "f16", (0.11, 9)), Q("i8", "f16", (0.13, 3))),
        "bf16": (Q("i16", "bf16", (0.07, -5)), Q("i16", "bf16", (0.11, 9)), Q("i16", "bf16", (0.013, 3))),
        "f64": (Q("i16", "f64", (0.007, -5)), Q("i16", "f64", (0.011, 9)), Q("i16", "f64", (1e-3, 3))),
        "u8": (Q("u8", "f32", (0.07, 100)), Q("u8", "f32", (0.11, 9)), Q("u8", "f32", (0.3, 30))),
        "i32": (Q("i32", "f32", (0.07, -5)), Q("i32", "f32", (0.11, 2**30)), Q("i32", "f32", (1e-3, -2**31))),
        "i4": (Q("i4", "f32", (0.5, 1)), Q("i4", "f32", (0.25, -1)), Q("i4", "f32", (0.75, 0))),
    }[types]
    def around_zero_point(qt):  # every storage value, or those next to the zero point
        if qt.smax - qt.smin < 300:
            return np.arange(qt.smin, qt.smax + 1)
        zp = qt.params[0][1]
        return np.arange(max(qt.smin, zp - 150), min(qt.smax, zp + 150) + 1)
    a_values, b_values = around_zero_point(qa), around_zero_point(qb)
    rng = np.random.default_rng(2)
    if a_values.size * b_values.size <= 4096:
        a, b = [m.reshape(-1) for m in np.meshgrid(a_values, b_values)]
    else:
        a, b = rng.choice(a_values, 2000), rng.choice(b_values, 2000)
    a, b = qa.storage_values(a), qb.storage_values(b)
    n = a.size
    (got,) = run(one_op(op, [qa.of(n), qb.of(n)], qout.of(n)), a, b)
    expected, _ = _expected_binary(fn, qa, qb, qout, a, b)
    assert_storage(got, expected, f"{op} {types}")


# Special float values entering a quantized program: NaN quantizes to storage_min, ±inf and
# huge values saturate, ±0 to the zero point; the ops then compute on what was quantized, and
# their own NaN and ±inf results (0 / 0, x / 0, sqrt and log of negatives, log 0) quantize so too.
SPECIAL_F32 = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 3.4e38, -3.4e38, 1e-45, -1e-45,
               0.5, -0.5, 1.0, -1.0, 2.0, -3.0]


@pytest.mark.parametrize("op", list(UNARY))
def test_unary_op_of_special_float_values_quantized(op):
    fn, exact, pin, pout = UNARY[op]
    qin, qout = Q("i8", "f32", (pin[0], 7)), Q("i8", "f32", (pout[0], -3))  # zero points apart from storage_min
    x = np.array(SPECIAL_F32, np.float32)
    n = x.size
    text = program([tensor_type((n,), "f32")], [qout.of(n)], f"""
  %q = stablehlo.uniform_quantize %a0 : ({tensor_type((n,), "f32")}) -> {qin.of(n)}
  %0 = stablehlo.{op} %q : ({qin.of(n)}) -> {qout.of(n)}
  return %0 : {qout.of(n)}""")
    (got,) = run(text, x)
    q = qin.quantize(x)
    assert ints(q)[:4] == [-128, -128, 127, -128]
    expected, reference = _expected_unary(fn, qin, qout, q)
    if exact:
        assert_storage(got, expected, op)
    else:
        assert_bracketed(got, bracket(reference, libm_error(reference, qout.expressed), qout), op)


@pytest.mark.parametrize("op", list(BINARY))
def test_binary_op_of_special_float_values_quantized(op):
    """Every pair of special values, so x / 0, 0 / 0, -x / 0 and x % 0 are among them."""
    fn, exact, pout = BINARY[op]
    qa, qb, qout = Q("i8", "f32", (0.07, 5)), Q("i8", "f32", (0.11, -9)), Q("i8", "f32", (pout[0], 11))
    values = np.array(SPECIAL_F32, np.float32)
    x, y = (m.reshape(-1) for m in np.meshgrid(values, values))
    n = x.size
    f32 = tensor_type((n,), "f32")
    text = program([f32, f32], [qout.of(n)], f"""
  %qa = stablehlo.uniform_quantize %a0 : ({f32}) -> {qa.of(n)}
  %qb = stablehlo.uniform_quantize %a1 : ({f32}) -> {qb.of(n)}
  %0 = stablehlo.{op} %qa, %qb : ({qa.of(n)}, {qb.of(n)}) -> {qout.of(n)}
  return %0 : {qout.of(n)}""")
    (got,) = run(text, x, y)
    a, b = qa.quantize(x), qb.quantize(y)
    expected, reference = _expected_binary(fn, qa, qb, qout, a, b)
    if op == "divide":  # the quotients by zero: NaN and -inf both storage_min, +inf storage_max
        zero = qb.dequantize(b) == 0
        assert zero.any() and set(ints(got[zero])) <= {qout.smin, qout.smax}
    if exact:
        assert_storage(got, expected, op)
    else:
        assert_bracketed(got, bracket(reference, libm_error(reference, qout.expressed), qout), op)


def test_quantized_divide_by_zero_never_wraps():
    """0 / 0 and -x / 0 give storage_min, x / 0 storage_max, for every storage type."""
    for storage in ("i8", "u8", "i16", "u16", "i32", "u32", "i4", "u4", "i2"):
        _, low, high = STORAGE[storage]
        zp = (low + high + 1) // 2
        qt = Q(storage, "f32", (0.5, zp))
        a = qt.storage_values([zp, zp - 1, zp + 1, low, high])  # 0, -0.5, 0.5, most negative, most positive
        b = qt.storage_values([zp] * 5)  # all 0.0
        (got,) = run(one_op("divide", [qt.of(5), qt.of(5)], qt.of(5)), a, b)
        assert ints(got) == [low, low, high, low, high], storage


def test_uniform_quantize_one_type_form():
    """`uniform_quantize %x : T` (requantizing to the same type) is upstream's printed form."""
    qt = Q("i8", "f32", (0.0039215482917486456, -128))
    text = program([qt.of(4)], [qt.of(4)], f"""
  %0 = stablehlo.uniform_quantize %a0 : {qt.of(4)}
  return %0 : {qt.of(4)}""")
    q = qt.storage_values([-128, 0, 5, 127])
    (got,) = run(text, q)
    assert_storage(got, q, "requantized to its own type")


def test_add_per_axis():
    """add allows per-axis quantization (C5-C7): per-axis lhs, per-tensor rhs, per-axis result."""
    lhs = Q("i8", "f32", [(1.0, 1), (2.0, 2), (3.0, 3)], axis=1, smin=-127, smax=127)
    rhs = Q("i8", "f32", (4.0, 0))
    out = Q("i8", "f32", [(0.5, 0), (0.25, 0), (0.125, 0)], axis=1)
    rng = np.random.default_rng(8)
    a = rng.integers(-20, 21, (5, 3)).astype(np.int8)
    b = rng.integers(-5, 6, (5, 3)).astype(np.int8)
    (got,) = run(one_op("add", [lhs.of(5, 3), rhs.of(5, 3)], out.of(5, 3)), a, b)
    expected, _ = _expected_binary(np.add, lhs, rhs, out, a, b)
    assert_storage(got, expected, "add per axis")
    # per-axis on both sides and the result quantized along dim 0
    lhs0 = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    out0 = Q("i8", "f32", [(0.01, 5), (0.03, -5)], axis=0)
    a = rng.integers(-128, 128, (2, 6)).astype(np.int8)
    b = rng.integers(-128, 128, (2, 6)).astype(np.int8)
    (got,) = run(one_op("add", [lhs0.of(2, 6), lhs0.of(2, 6)], out0.of(2, 6)), a, b)
    expected, _ = _expected_binary(np.add, lhs0, lhs0, out0, a, b)
    assert_storage(got, expected, "add per axis, both")


def test_add_exact_ties_in_result():
    """Sums landing exactly on k + 0.5 of the result scale: ties to even."""
    qa = Q("i8", "f32", (0.25, 0))
    out = Q("i8", "f32", (0.5, 0))
    a = np.array([1, 3, 5, 7, -1, -3, -5, 0, 2], np.int8)
    b = np.array([0, 0, 0, 0, 0, 0, 0, 1, 1], np.int8)
    (got,) = run(one_op("add", [qa.of(9), qa.of(9)], out.of(9)), a, b)
    # sums 0.25, 0.75, 1.25, 1.75, -0.25, -0.75, -1.25, 0.25, 0.75 -> /0.5 = .5, 1.5, 2.5, 3.5, ...
    assert ints(got) == [0, 2, 2, 4, 0, -2, -2, 0, 2]


# -------------------------------------------------------------- compare, select, clamp

@pytest.mark.parametrize("direction", ["EQ", "NE", "LT", "LE", "GT", "GE"])
@pytest.mark.parametrize("form", ["generic", "pretty", "storage_compare_type", "unsigned"])
def test_compare_quantized(direction, form):
    lhs, rhs = Q("i8", "f32", (0.5, 3)), Q("i8", "f32", (0.25, -1))
    a_values, b_values = np.arange(-10, 11), np.arange(-22, 23)
    if form == "unsigned":  # storage above 127: a signed comparison of the storage would be wrong
        lhs, rhs = Q("u8", "f32", (0.5, 140)), Q("u8", "f32", (0.25, 120))
        a_values, b_values = a_values + 140, b_values + 120
    a, b = [m.reshape(-1) for m in np.meshgrid(a_values, b_values)]
    a, b = lhs.storage_values(a), rhs.storage_values(b)
    n = a.size
    lt, rt = lhs.of(n), rhs.of(n)
    if form == "generic":
        body = (f'  %0 = "stablehlo.compare"(%a0, %a1) {{comparison_direction = #stablehlo<comparison_direction {direction}>}}'
                f" : ({lt}, {rt}) -> tensor<{n}xi1>")
    elif form == "pretty":
        body = f"  %0 = stablehlo.compare {direction}, %a0, %a1 : ({lt}, {rt}) -> tensor<{n}xi1>"
    else:  # the verifier wants the storage type's compare_type (the spec's C3 names none for quantized types)
        # u8 storage too: the verifier reads the storage type as signless i8 and accepts SIGNED only
        kind = "SIGNED"
        body = f"  %0 = stablehlo.compare {direction}, %a0, %a1, {kind} : ({lt}, {rt}) -> tensor<{n}xi1>"
    text = program([lt, rt], [f"tensor<{n}xi1>"], body + f"\n  return %0 : tensor<{n}xi1>")
    (got,) = run(text, a, b)
    x, y = lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64)
    ops = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal, "GT": np.greater, "GE": np.greater_equal}
    expected = ops[direction](x, y)
    assert (x == y).sum() >= 15  # the grid holds equal values of different storage
    assert got.dtype == np.bool_ and got.tolist() == expected.tolist()


def test_compare_is_on_dequantized_values_not_storage():
    # storage 10 > 5, but (10 - 20) * 1 = -10 < (5 - 0) * 1 = 5
    lhs, rhs = Q("i8", "f32", (1.0, 20)), Q("i8", "f32", (1.0, 0))
    text = program([lhs.of(1), rhs.of(1)], ["tensor<1xi1>"], f"""
  %0 = stablehlo.compare GT, %a0, %a1 : ({lhs.of(1)}, {rhs.of(1)}) -> tensor<1xi1>
  return %0 : tensor<1xi1>""")
    (got,) = run(text, np.array([10], np.int8), np.array([5], np.int8))
    assert got.tolist() == [False]


def test_select_quantized():
    on_true, on_false, out = Q("i8", "f32", (1.0, 3)), Q("i8", "f32", (2.0, 0)), Q("i8", "f32", (0.5, 0))
    rng = np.random.default_rng(4)
    pred = rng.integers(0, 2, 64).astype(bool)
    t = rng.integers(-128, 128, 64).astype(np.int8)
    f = rng.integers(-128, 128, 64).astype(np.int8)
    text = program(["tensor<64xi1>", on_true.of(64), on_false.of(64)], [out.of(64)], f"""
  %0 = stablehlo.select %a0, %a1, %a2 : (tensor<64xi1>, {on_true.of(64)}, {on_false.of(64)}) -> {out.of(64)}
  return %0 : {out.of(64)}""")
    (got,) = run(text, pred, t, f)
    chosen = np.where(pred, on_true.dequantize(t), on_false.dequantize(f))
    assert_storage(got, out.quantize(chosen), "select")
    # scalar predicate, same types (pretty form)
    text = program(["tensor<i1>", on_true.of(4), on_true.of(4)], [on_true.of(4)], f"""
  %0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, {on_true.of(4)}
  return %0 : {on_true.of(4)}""")
    a, b = np.array([1, 2, 3, 4], np.int8), np.array([-1, -2, -3, -4], np.int8)
    assert ints(run(text, np.array(True), a, b)[0]) == [1, 2, 3, 4]
    assert ints(run(text, np.array(False), a, b)[0]) == [-1, -2, -3, -4]


@pytest.mark.parametrize("scalar_bounds", [True, False])
def test_clamp_quantized(scalar_bounds):
    qmin, qx, qmax, out = Q("i8", "f32", (0.5, 1)), Q("i8", "f32", (0.1, -3)), Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.07, 2))
    x = np.arange(-128, 128, dtype=np.int8)
    n = x.size
    bounds_shape = () if scalar_bounds else (n,)
    rng = np.random.default_rng(6)
    lo = np.array(-9, np.int8) if scalar_bounds else rng.integers(-20, 0, n).astype(np.int8)
    hi = np.array(20, np.int8) if scalar_bounds else rng.integers(0, 40, n).astype(np.int8)
    text = one_op("clamp", [qmin.of(*bounds_shape), qx.of(n), qmax.of(*bounds_shape)], out.of(n))
    (got,) = run(text, lo, x, hi)
    r = np.minimum(np.maximum(qx.dequantize(x).astype(np.float64), qmin.dequantize(lo).astype(np.float64)),
                   qmax.dequantize(hi).astype(np.float64))
    assert_storage(got, out.quantize(float_array(r.reshape(-1).tolist(), "f32", r.shape)), "clamp")


# --------------------------------------------------------------- constant, iota

def test_constant_quantized_generic_form():
    qt = Q("i8", "f32", (0.5, 1))
    text = program([], [qt.of(2), "tensor<2xf32>"], f"""
  %0 = stablehlo.constant() {{value = dense<[1, 2]> : tensor<2xi8>}} : () -> {qt.of(2)}
  %1 = "stablehlo.constant"() {{value = dense<[-128, 127]> : tensor<2xi8>}} : () -> {qt.of(2)}
  %2 = stablehlo.uniform_dequantize %1 : ({qt.of(2)}) -> tensor<2xf32>
  return %0, %2 : {qt.of(2)}, tensor<2xf32>""")
    storage, floats = run(text)
    assert storage.dtype == np.int8 and ints(storage) == [1, 2]
    assert floats.tolist() == [-64.5, 63.0]


def test_constant_quantized_per_axis_and_subbyte():
    pa = Q("i16", "f32", [(1.0, 0), (2.0, 0)], axis=1)
    q4 = Q("u4", "f32", (0.5, 8))
    q8 = Q("u8", "f32", (0.5, 8))
    # the verifier wants the literal in the signless storage type (i4 for u4, i8 for u8)
    text = program([], [pa.of(2, 2), q4.of(3), q8.of(3)], f"""
  %0 = stablehlo.constant() <{{value = dense<7> : tensor<2x2xi16>}}> : () -> {pa.of(2, 2)}
  %1 = stablehlo.constant() {{value = dense<[0, 8, 15]> : tensor<3xi4>}} : () -> {q4.of(3)}
  %2 = stablehlo.constant() {{value = dense<[0, 200, 255]> : tensor<3xi8>}} : () -> {q8.of(3)}
  return %0, %1, %2 : {pa.of(2, 2)}, {q4.of(3)}, {q8.of(3)}""")
    a, b, c = run(text)
    assert a.dtype == np.int16 and a.tolist() == [[7, 7], [7, 7]]
    assert b.dtype == np.dtype(ml_dtypes.uint4) and ints(b) == [0, 8, 15]
    assert c.dtype == np.uint8 and ints(c) == [0, 200, 255]


def test_constant_quantized_pretty_form_is_rejected_cleanly():
    """`stablehlo.constant dense<[1, 2]> : tensor<2x!quant...>` is not valid syntax (the literal
    has to be written in the storage type); the error is a clean InterpreterError."""
    qt = Q("i8", "f32", (0.5, 1))
    text = program([], [qt.of(2)], f"""
  %0 = stablehlo.constant dense<[1, 2]> : {qt.of(2)}
  return %0 : {qt.of(2)}""")
    with pytest.raises(InterpreterError, match="parse"):
        run(text)


@pytest.mark.parametrize("qt", [Q("i8", "f32", (0.5, 3)), Q("u4", "f16", (0.3, 2)), Q("i8", "f32", (0.4, -128))],
                         ids=lambda q: q.text)
def test_iota_quantized(qt):
    text = program([], [qt.of(7, 2)], f"""
  %0 = stablehlo.iota dim = 0 : {qt.of(7, 2)}
  return %0 : {qt.of(7, 2)}""")
    (got,) = run(text)
    expected = qt.quantize(float_array(np.repeat(np.arange(7), 2).tolist(), qt.expressed, (7, 2)))
    assert_storage(got, expected, "iota")


# ------------------------------------------------------- data movement on storage integers

QT = Q("i8", "f32", (0.5, 3))
PER_AXIS = Q("i8", "f32", [(0.1, -30), (0.5, -20), (0.03, 7)], axis=1)


def _storage_op(text, *args):
    (got,) = run(text, *args)
    return got


def test_reshape_quantized():
    x = np.arange(-12, 12, dtype=np.int8).reshape(2, 3, 4)
    text = program([QT.of(2, 3, 4)], [QT.of(6, 4)], f"""
  %0 = stablehlo.reshape %a0 : ({QT.of(2, 3, 4)}) -> {QT.of(6, 4)}
  return %0 : {QT.of(6, 4)}""")
    got = _storage_op(text, x)
    assert got.dtype == np.int8 and got.tolist() == x.reshape(6, 4).tolist()
    # per-axis: the quantization dimension moves (1 -> 2 with a new leading dimension)
    src = PER_AXIS
    dst = Q("i8", "f32", src.params, axis=2)
    y = np.arange(24, dtype=np.int8).reshape(2, 3, 4)
    text = program([src.of(2, 3, 4)], [dst.of(1, 2, 3, 4)], f"""
  %0 = stablehlo.reshape %a0 : ({src.of(2, 3, 4)}) -> {dst.of(1, 2, 3, 4)}
  return %0 : {dst.of(1, 2, 3, 4)}""")
    got = _storage_op(text, y)
    assert got.tolist() == y.reshape(1, 2, 3, 4).tolist()
    assert_floats(dst.dequantize(got), src.dequantize(y).reshape(1, 2, 3, 4))


def test_transpose_moves_the_quantization_dimension():
    src = PER_AXIS  # axis 1 of 2x3x4
    dst = Q("i8", "f32", src.params, axis=0)
    x = np.random.default_rng(1).integers(-128, 128, (2, 3, 4)).astype(np.int8)
    text = program([src.of(2, 3, 4)], [dst.of(3, 4, 2)], f"""
  %0 = stablehlo.transpose %a0, dims = [1, 2, 0] : ({src.of(2, 3, 4)}) -> {dst.of(3, 4, 2)}
  return %0 : {dst.of(3, 4, 2)}""")
    got = _storage_op(text, x)
    assert got.tolist() == x.transpose(1, 2, 0).tolist()
    assert_floats(dst.dequantize(got), src.dequantize(x).transpose(1, 2, 0))
    text = program([QT.of(2, 3)], [QT.of(3, 2)], f"""
  %0 = stablehlo.transpose %a0, dims = [1, 0] : ({QT.of(2, 3)}) -> {QT.of(3, 2)}
  return %0 : {QT.of(3, 2)}""")
    y = np.arange(6, dtype=np.int8).reshape(2, 3)
    assert _storage_op(text, y).tolist() == y.T.tolist()


def test_broadcast_in_dim_quantized():
    x = np.array([-7, 9], np.int8)
    text = program([QT.of(2)], [QT.of(3, 2)], f"""
  %0 = stablehlo.broadcast_in_dim %a0, dims = [1] : ({QT.of(2)}) -> {QT.of(3, 2)}
  return %0 : {QT.of(3, 2)}""")
    assert _storage_op(text, x).tolist() == [[-7, 9]] * 3
    # per-axis operand: the quantization dimension goes to broadcast_dimensions[0] = 1
    src = Q("i8", "f32", [(0.5, 0), (0.25, 1)], axis=0)
    dst = Q("i8", "f32", [(0.5, 0), (0.25, 1)], axis=1)
    text = program([src.of(2)], [dst.of(3, 2)], f"""
  %0 = stablehlo.broadcast_in_dim %a0, dims = [1] : ({src.of(2)}) -> {dst.of(3, 2)}
  return %0 : {dst.of(3, 2)}""")
    got = _storage_op(text, x)
    assert got.tolist() == [[-7, 9]] * 3
    assert_floats(dst.dequantize(got), np.broadcast_to(src.dequantize(x), (3, 2)))
    # C6: a size-1 quantization dimension broadcasts, its scale and zero point repeated
    src1 = Q("i8", "f32", [(0.5, 2)], axis=0)
    dst1 = Q("i8", "f32", [(0.5, 2)] * 4, axis=0)
    text = program([src1.of(1, 2)], [dst1.of(4, 2)], f"""
  %0 = stablehlo.broadcast_in_dim %a0, dims = [0, 1] : ({src1.of(1, 2)}) -> {dst1.of(4, 2)}
  return %0 : {dst1.of(4, 2)}""")
    got = _storage_op(text, x.reshape(1, 2))
    assert got.tolist() == [[-7, 9]] * 4


def test_slice_reverse_concatenate_quantized():
    x = np.arange(-6, 6, dtype=np.int8).reshape(3, 4)
    text = program([QT.of(3, 4)], [QT.of(2, 2), QT.of(3, 4), QT.of(6, 4)], f"""
  %0 = stablehlo.slice %a0 [0:3:2, 1:4:2] : ({QT.of(3, 4)}) -> {QT.of(2, 2)}
  %1 = stablehlo.reverse %a0, dims = [0, 1] : {QT.of(3, 4)}
  %2 = stablehlo.concatenate %a0, %1, dim = 0 : ({QT.of(3, 4)}, {QT.of(3, 4)}) -> {QT.of(6, 4)}
  return %0, %1, %2 : {QT.of(2, 2)}, {QT.of(3, 4)}, {QT.of(6, 4)}""")
    s, r, c = run(text, x)
    assert s.tolist() == x[0:3:2, 1:4:2].tolist()
    assert r.tolist() == x[::-1, ::-1].tolist()
    assert c.tolist() == np.concatenate([x, x[::-1, ::-1]]).tolist()
    assert s.dtype == r.dtype == c.dtype == np.int8


def test_reverse_and_transpose_subbyte():
    qt = Q("i4", "f32", (0.5, 1))  # reverse takes per-tensor quantized operands only
    x = np.array([[-8, 7, 0], [1, 2, 3]], ml_dtypes.int4)
    text = program([qt.of(2, 3)], [qt.of(2, 3)], f"""
  %0 = stablehlo.reverse %a0, dims = [0] : {qt.of(2, 3)}
  return %0 : {qt.of(2, 3)}""")
    got = _storage_op(text, x)
    assert got.dtype == np.dtype(ml_dtypes.int4) and ints(got) == [1, 2, 3, -8, 7, 0]
    pa = Q("u4", "f32", [(0.5, 0), (0.25, 1), (2.0, 15)], axis=1)
    pt = Q("u4", "f32", pa.params, axis=0)
    y = np.array([[0, 15, 8], [1, 2, 3]], ml_dtypes.uint4)
    text = program([pa.of(2, 3)], [pt.of(3, 2)], f"""
  %0 = stablehlo.transpose %a0, dims = [1, 0] : ({pa.of(2, 3)}) -> {pt.of(3, 2)}
  return %0 : {pt.of(3, 2)}""")
    got = _storage_op(text, y)
    assert got.dtype == np.dtype(ml_dtypes.uint4) and ints(got) == [0, 1, 15, 2, 8, 3]
    assert_floats(pt.dequantize(got), pa.dequantize(y).T)


def test_pad_quantized():
    x = np.array([1, 2, 3], np.int8)
    pad_value = np.array(-9, np.int8)
    text = program([QT.of(3), f"tensor<{QT.text}>"], [QT.of(8)], f"""
  %0 = stablehlo.pad %a0, %a1, low = [2], high = [-1], interior = [2] : ({QT.of(3)}, tensor<{QT.text}>) -> {QT.of(8)}
  return %0 : {QT.of(8)}""")
    got = _storage_op(text, x, pad_value)
    assert got.tolist() == [-9, -9, 1, -9, -9, 2, -9, -9]


def test_gather_dynamic_slice_dynamic_update_slice_quantized():
    x = np.arange(-3, 3, dtype=np.int8)
    idx = np.array([[4], [0], [5]], np.int32)
    text = program([QT.of(6), "tensor<3x1xi32>"], [QT.of(3, 1)], f"""
  %0 = "stablehlo.gather"(%a0, %a1) {{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}} : ({QT.of(6)}, tensor<3x1xi32>) -> {QT.of(3, 1)}
  return %0 : {QT.of(3, 1)}""")
    assert _storage_op(text, x, idx).tolist() == [[1], [-3], [2]]
    text = program([QT.of(6), "tensor<i32>"], [QT.of(2)], f"""
  %0 = stablehlo.dynamic_slice %a0, %a1, sizes = [2] : ({QT.of(6)}, tensor<i32>) -> {QT.of(2)}
  return %0 : {QT.of(2)}""")
    assert _storage_op(text, x, np.array(3, np.int32)).tolist() == [0, 1]
    assert _storage_op(text, x, np.array(9, np.int32)).tolist() == [1, 2]  # start clamped
    text = program([QT.of(6), QT.of(2), "tensor<i32>"], [QT.of(6)], f"""
  %0 = stablehlo.dynamic_update_slice %a0, %a1, %a2 : ({QT.of(6)}, {QT.of(2)}, tensor<i32>) -> {QT.of(6)}
  return %0 : {QT.of(6)}""")
    assert _storage_op(text, x, np.array([100, -100], np.int8), np.array(1, np.int32)).tolist() == [-3, 100, -100, 0, 1, 2]


def test_bitcast_convert_quantized_to_storage():
    text = program([QT.of(3)], ["tensor<3xi8>", "tensor<3xui8>"], f"""
  %0 = stablehlo.bitcast_convert %a0 : ({QT.of(3)}) -> tensor<3xi8>
  %1 = stablehlo.bitcast_convert %a0 : ({QT.of(3)}) -> tensor<3xui8>
  return %0, %1 : tensor<3xi8>, tensor<3xui8>""")
    a, b = run(text, np.array([-1, 0, 127], np.int8))
    assert a.tolist() == [-1, 0, 127] and b.tolist() == [255, 0, 127]


# ------------------------------------------------------------------- ops with bodies

def test_reduce_with_quantized_add_body_promotes_storage():
    """i8 inputs reduced in an i32 body (is_promotable on the storage type only)."""
    qin = Q("i8", "f32", (0.5, 3))
    qacc = Q("i32", "f32", (0.5, 3))
    x = np.random.default_rng(2).integers(-128, 128, (4, 50)).astype(np.int8)
    init = np.array(7, np.int8)  # (7 - 3) * 0.5 = 2.0
    text = program([qin.of(4, 50), f"tensor<{qin.text}>"], [qacc.of(4)], f"""
  %0 = stablehlo.reduce(%a0 init: %a1) across dimensions = [1] : ({qin.of(4, 50)}, tensor<{qin.text}>) -> {qacc.of(4)}
   reducer(%x: tensor<{qacc.text}>, %y: tensor<{qacc.text}>)  {{
    %1 = stablehlo.add %x, %y : tensor<{qacc.text}>
    stablehlo.return %1 : tensor<{qacc.text}>
  }}
  return %0 : {qacc.of(4)}""")
    (got,) = run(text, x, init)
    # every partial sum is exact (halves of small integers), so any order gives the exact sum
    exact = [sum(Fraction(qin.dequantize_one(int(v))) for v in row) + 2 for row in x]
    assert_storage(got, qacc.quantize(float_array([float(s) for s in exact], "f32")), "reduce")


def test_reduce_saturating_body_with_positive_values():
    """A body that saturates in i8: with positive addends clamp(clamp(a + b) + c) = min(a + b + c,
    max) whatever the order, so the result is min(total, 127)."""
    qt = Q("i8", "f32", (1.0, -100))
    x = np.full((3, 40), -90, np.int8)  # each element is +10
    x[1] = -99  # +1 each: 40 + init
    x[2, :] = -100  # zeros
    init = np.array(-95, np.int8)  # +5
    text = program([qt.of(3, 40), f"tensor<{qt.text}>"], [qt.of(3)], f"""
  %0 = stablehlo.reduce(%a0 init: %a1) across dimensions = [1] : ({qt.of(3, 40)}, tensor<{qt.text}>) -> {qt.of(3)}
   reducer(%x: tensor<{qt.text}>, %y: tensor<{qt.text}>)  {{
    %1 = stablehlo.add %x, %y : tensor<{qt.text}>
    stablehlo.return %1 : tensor<{qt.text}>
  }}
  return %0 : {qt.of(3)}""")
    (got,) = run(text, x, init)
    assert ints(got) == [127, -100 + 45, -100 + 5]


@pytest.mark.parametrize("body", ["maximum", "add"])
def test_reduce_window_quantized(body):
    qt = Q("i16", "f32", (0.25, -2))
    x = np.random.default_rng(9).integers(-300, 300, (4, 6)).astype(np.int16)
    init = np.array(-2 if body == "add" else -32768, np.int16)
    e = f"tensor<{qt.text}>"
    text = program([qt.of(4, 6), e], [qt.of(2, 3)], f"""
  %0 = "stablehlo.reduce_window"(%a0, %a1) <{{padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>}}> ({{
  ^bb0(%x: {e}, %y: {e}):
    %1 = stablehlo.{body} %x, %y : {e}
    stablehlo.return %1 : {e}
  }}) : ({qt.of(4, 6)}, {e}) -> {qt.of(2, 3)}
  return %0 : {qt.of(2, 3)}""")
    (got,) = run(text, x, init)
    values = np.pad(qt.dequantize(x).astype(np.float64), ((1, 0), (0, 1)),
                    constant_values=qt.dequantize_one(int(init)))
    windows = np.array([[values[2 * i:2 * i + 2, 2 * j:2 * j + 3] for j in range(3)] for i in range(2)])
    r = windows.max(axis=(2, 3)) if body == "maximum" else windows.sum(axis=(2, 3))  # exact: quarters
    assert_storage(got, qt.quantize(float_array(r.reshape(-1).tolist(), "f32", r.shape)), body)


def test_sort_quantized_keys_and_values():
    keys_t = Q("i8", "f32", (0.5, 10))
    vals_t = Q("u8", "f32", (0.1, 0))
    rng = np.random.default_rng(12)
    keys = rng.integers(-128, 128, 40).astype(np.int8)
    values = np.arange(40, dtype=np.uint8)
    k, v = f"tensor<{keys_t.text}>", f"tensor<{vals_t.text}>"
    text = program([keys_t.of(40), vals_t.of(40)], [keys_t.of(40), vals_t.of(40)], f"""
  %0:2 = "stablehlo.sort"(%a0, %a1) <{{dimension = 0 : i64, is_stable = true}}> ({{
  ^bb0(%x: {k}, %y: {k}, %p: {v}, %q: {v}):
    %1 = stablehlo.compare GT, %x, %y : ({k}, {k}) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }}) : ({keys_t.of(40)}, {vals_t.of(40)}) -> ({keys_t.of(40)}, {vals_t.of(40)})
  return %0#0, %0#1 : {keys_t.of(40)}, {vals_t.of(40)}""")
    got_keys, got_values = run(text, keys, values)
    order = sorted(range(40), key=lambda i: -keys_t.dequantize_one(int(keys[i])))  # stable, descending
    assert ints(got_keys) == [int(keys[i]) for i in order]
    assert ints(got_values) == order


def test_sort_unsigned_storage_by_dequantized_values():
    """u8 storage above 127: an order of the storage read as signed integers would be wrong."""
    a_t = Q("u8", "f32", (1.0, 128))
    b_t = Q("i8", "f32", (1.0, 50))
    a = np.array([131, 126, 255, 0, 129, 128], np.uint8)
    b = np.arange(6, dtype=np.int8)
    x, y = f"tensor<{a_t.text}>", f"tensor<{b_t.text}>"
    text = program([a_t.of(6), b_t.of(6)], [a_t.of(6), b_t.of(6)], f"""
  %0:2 = "stablehlo.sort"(%a0, %a1) <{{dimension = 0 : i64, is_stable = true}}> ({{
  ^bb0(%p: {x}, %q: {x}, %r: {y}, %s: {y}):
    %1 = stablehlo.compare LT, %p, %q : ({x}, {x}) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }}) : ({a_t.of(6)}, {b_t.of(6)}) -> ({a_t.of(6)}, {b_t.of(6)})
  return %0#0, %0#1 : {a_t.of(6)}, {b_t.of(6)}""")
    got_a, got_b = run(text, a, b)
    assert ints(got_a) == [0, 126, 128, 129, 131, 255] and ints(got_b) == [3, 1, 5, 4, 0, 2]


def test_while_carrying_a_quantized_value():
    qt = Q("i8", "f32", (0.25, -10))
    step = Q("i8", "f32", (0.5, 0))
    e = f"tensor<{qt.text}>"
    text = program([e, f"tensor<{step.text}>"], [e, "tensor<i32>"], f"""
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %0:2 = stablehlo.while(%acc = %a0, %i = %zero) : {e}, tensor<i32>
  cond {{
    %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %s = stablehlo.add %acc, %a1 : ({e}, tensor<{step.text}>) -> {e}
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %s, %n : {e}, tensor<i32>
  }}
  return %0#0, %0#1 : {e}, tensor<i32>""")
    acc, count = run(text, np.array(-10, np.int8), np.array(3, np.int8))  # 0.0 + 10 * 1.5
    assert int(count) == 10 and int(acc) == -10 + 60
    # saturation inside the loop: 27.5 + 10 * 1.5 = 42.5 passes the largest value, (127 + 10) * 0.25 = 34.25
    acc, _ = run(text, np.array(100, np.int8), np.array(3, np.int8))
    assert int(acc) == 127


def test_reduce_argmax_over_quantized_values():
    """A two-input reduce (quantized values, i32 indices) whose body compares quantized values
    (dequantize_compare) and selects them (dequantize_select_quantize, same type)."""
    qt = Q("u8", "f32", (0.5, 128))
    e = f"tensor<{qt.text}>"
    x = np.array([[3, 200, 17, 255, 0], [129, 128, 127, 130, 40]], np.uint8)
    idx = np.tile(np.arange(5, dtype=np.int32), (2, 1))
    text = program([qt.of(2, 5), "tensor<2x5xi32>", e, "tensor<i32>"], [qt.of(2), "tensor<2xi32>"], f"""
  %0:2 = stablehlo.reduce(%a0 init: %a2), (%a1 init: %a3) across dimensions = [1] : ({qt.of(2, 5)}, tensor<2x5xi32>, {e}, tensor<i32>) -> ({qt.of(2)}, tensor<2xi32>)
   reducer(%v: {e}, %w: {e}) (%i: tensor<i32>, %j: tensor<i32>)  {{
    %gt = stablehlo.compare GT, %v, %w : ({e}, {e}) -> tensor<i1>
    %m = stablehlo.select %gt, %v, %w : tensor<i1>, {e}
    %k = stablehlo.select %gt, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %m, %k : {e}, tensor<i32>
  }}
  return %0#0, %0#1 : {qt.of(2)}, tensor<2xi32>""")
    values, indices = run(text, x, idx, np.array(0, np.uint8), np.array(-1, np.int32))
    # storage 255 is the largest value (63.5); storage 0 is -64.0 (the init: never strictly greater)
    assert ints(values) == [255, 130] and indices.tolist() == [3, 3]


def test_while_condition_on_quantized_values():
    qt = Q("i8", "f32", (0.1, 0))
    step = Q("i8", "f32", (0.3, -7))  # storage 0 is 2.1
    e, s_ = f"tensor<{qt.text}>", f"tensor<{step.text}>"
    text = program([e, s_, e], [e, "tensor<i32>"], f"""
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%acc = %a0, %n = %zero) : {e}, tensor<i32>
  cond {{
    %c = stablehlo.compare LT, %acc, %a2 : ({e}, {e}) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %s = stablehlo.add %acc, %a1 : ({e}, {s_}) -> {e}
    %m = stablehlo.add %n, %one : tensor<i32>
    stablehlo.return %s, %m : {e}, tensor<i32>
  }}
  return %0#0, %0#1 : {e}, tensor<i32>""")
    acc, n = run(text, np.array(-50, np.int8), np.array(0, np.int8), np.array(40, np.int8))
    # -5.0 + k * 2.1 (each sum quantized to tenths) until >= 4.0: -2.9, -0.8, 1.3, 3.4, 5.5
    assert int(n) == 5 and int(acc) == 55
    # the condition is false at once: 0.0 < -0.1 does not hold
    acc, n = run(text, np.array(0, np.int8), np.array(0, np.int8), np.array(-1, np.int8))
    assert int(n) == 0 and int(acc) == 0


def test_case_with_quantized_branches():
    e = QT.of(2)
    text = program(["tensor<i32>", e], [e], f"""
  %0 = "stablehlo.case"(%a0) ({{
    stablehlo.return %a1 : {e}
  }}, {{
    %1 = stablehlo.negate %a1 : {e}
    stablehlo.return %1 : {e}
  }}) : (tensor<i32>) -> {e}
  return %0 : {e}""")
    x = np.array([5, -3], np.int8)  # 1.0, -3.0 with (0.5, 3)
    assert ints(run(text, np.array(0, np.int32), x)[0]) == [5, -3]
    assert ints(run(text, np.array(1, np.int32), x)[0]) == [1, 9]


def test_map_scatter_select_and_scatter_quantized():
    qt = Q("i8", "f32", (0.5, 2))
    e = f"tensor<{qt.text}>"
    x = np.array([-10, 0, 2, 7, 12, 60], np.int8)
    y = np.array([4, 4, 6, -2, 0, 3], np.int8)
    text = program([qt.of(6), qt.of(6)], [qt.of(6)], f"""
  %0 = "stablehlo.map"(%a0, %a1) ({{
  ^bb0(%p: {e}, %q: {e}):
    %1 = stablehlo.multiply %p, %q : {e}
    stablehlo.return %1 : {e}
  }}) {{dimensions = array<i64: 0>}} : ({qt.of(6)}, {qt.of(6)}) -> {qt.of(6)}
  return %0 : {qt.of(6)}""")
    (got,) = run(text, x, y)
    expected, _ = _expected_binary(np.multiply, qt, qt, qt, x, y)
    assert_storage(got, expected, "map multiply")

    text = program([qt.of(6), "tensor<2x1xi32>", qt.of(2)], [qt.of(6)], f"""
  %0 = "stablehlo.scatter"(%a0, %a1, %a2) ({{
  ^bb0(%p: {e}, %q: {e}):
    %1 = stablehlo.add %p, %q : {e}
    stablehlo.return %1 : {e}
  }}) {{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}} : ({qt.of(6)}, tensor<2x1xi32>, {qt.of(2)}) -> {qt.of(6)}
  return %0 : {qt.of(6)}""")
    (got,) = run(text, x, np.array([[1], [4]], np.int32), np.array([5, -4], np.int8))
    # element 1: 0 + 5 -> (0 - 2) * .5 + (5 - 2) * .5 = 0.5 -> 3; element 4: 5 + -3 = 2 -> 6
    assert ints(got) == [-10, 3, 2, 7, 6, 60]

    text = program([qt.of(6), qt.of(3), e], [qt.of(6)], f"""
  %0 = "stablehlo.select_and_scatter"(%a0, %a1, %a2) <{{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}}> ({{
  ^bb0(%p: {e}, %q: {e}):
    %1 = stablehlo.compare GE, %p, %q : ({e}, {e}) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }}, {{
  ^bb0(%p: {e}, %q: {e}):
    %1 = stablehlo.add %p, %q : {e}
    stablehlo.return %1 : {e}
  }}) : ({qt.of(6)}, {qt.of(3)}, {e}) -> {qt.of(6)}
  return %0 : {qt.of(6)}""")
    (got,) = run(text, x, np.array([10, 20, 30], np.int8), np.array(2, np.int8))
    # windows [-10, 0], [2, 7], [12, 60]: the maxima get the source values (init is 0.0 = storage 2)
    assert ints(got) == [2, 10, 2, 20, 2, 30]


def test_func_call_with_quantized_arguments():
    lhs, rhs, out = Q("i8", "f32", (0.1, 0)), Q("i8", "f32", (0.2, 5)), Q("i8", "f32", (0.3, -1))
    text = f"""func.func @main(%a: {lhs.of(4)}, %b: {rhs.of(4)}) -> {out.of(4)} {{
  %0 = func.call @f(%a, %b) : ({lhs.of(4)}, {rhs.of(4)}) -> {out.of(4)}
  return %0 : {out.of(4)}
}}
func.func private @f(%x: {lhs.of(4)}, %y: {rhs.of(4)}) -> {out.of(4)} {{
  %0 = stablehlo.multiply %x, %y : ({lhs.of(4)}, {rhs.of(4)}) -> {out.of(4)}
  return %0 : {out.of(4)}
}}"""
    a, b = np.array([10, -35, 127, 0], np.int8), np.array([15, 0, -128, 100], np.int8)
    (got,) = run(text, a, b)
    expected, _ = _expected_binary(np.multiply, lhs, rhs, out, a, b)
    assert_storage(got, expected, "call")


def test_if_and_optimization_barrier_pass_quantized_values():
    e = QT.of(3)
    text = program(["tensor<i1>", e, e], [e], f"""
  %b:2 = stablehlo.optimization_barrier %a1, %a2 : {e}, {e}
  %0 = "stablehlo.if"(%a0) ({{
    stablehlo.return %b#0 : {e}
  }}, {{
    %1 = stablehlo.add %b#0, %b#1 : {e}
    stablehlo.return %1 : {e}
  }}) : (tensor<i1>) -> {e}
  return %0 : {e}""")
    a, b = np.array([1, 5, 9], np.int8), np.array([3, 4, -120], np.int8)
    assert ints(run(text, np.array(True), a, b)[0]) == [1, 5, 9]
    expected, _ = _expected_binary(np.add, QT, QT, QT, a, b)
    assert_storage(run(text, np.array(False), a, b)[0], expected)


# ---------------------------------------------------------------------- dot_general

def _dot(lhs, rhs, contracting, batch=((), ())):
    """dot_general on float64 arrays: batch dims, then lhs free dims, then rhs free dims."""
    (lc, rc), (lb, rb) = contracting, batch
    lf = [d for d in range(lhs.ndim) if d not in lc and d not in lb]
    rf = [d for d in range(rhs.ndim) if d not in rc and d not in rb]
    L = lhs.transpose(list(lb) + lf + list(lc))
    R = rhs.transpose(list(rb) + list(rc) + rf)
    nb = int(np.prod([lhs.shape[d] for d in lb])) if lb else 1
    k = int(np.prod([lhs.shape[d] for d in lc])) if lc else 1
    L = L.reshape(nb, -1, k)
    R = R.reshape(nb, k, -1)
    out = np.einsum("bik,bkj->bij", L, R)
    shape = [lhs.shape[d] for d in lb] + [lhs.shape[d] for d in lf] + [rhs.shape[d] for d in rf]
    return out.reshape(shape)


def _exact_f32(values: np.ndarray) -> np.ndarray:
    """float64 values rounded once to f32 (exact where the float64 sums were exact)."""
    return float_array([round_to(float(v), "f32") for v in values.reshape(-1)], "f32", values.shape)


def _dot_text(lt, rt, out, contracting, batch=None):
    (lc, rc) = contracting
    dims = ""
    if batch:
        dims += f"batching_dims = {list(batch[0])} x {list(batch[1])}, "
    dims += f"contracting_dims = {list(lc)} x {list(rc)}"
    return program([lt, rt], [out], f"""
  %0 = stablehlo.dot_general %a0, %a1, {dims} : ({lt}, {rt}) -> {out}
  return %0 : {out}""")


def test_dot_general_per_tensor_exact():
    """Scales are powers of two and storage values small, so every product and partial sum is
    exact in f32 and the accumulation order cannot matter."""
    lhs, rhs, out = Q("i8", "f32", (0.5, 3)), Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.125, 1))
    rng = np.random.default_rng(31)
    a = rng.integers(-20, 21, (3, 5)).astype(np.int8)
    b = rng.integers(-20, 21, (5, 4)).astype(np.int8)
    (got,) = run(_dot_text(lhs.of(3, 5), rhs.of(5, 4), out.of(3, 4), ((1,), (0,))), a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((1,), (0,)))
    assert_storage(got, out.quantize(_exact_f32(r)), "dot per tensor")
    assert 0 < (np.asarray(ints(got)) == 127).sum() < 12  # some results saturate, most do not


def test_dot_general_into_i32_with_batch_dimensions():
    lhs, rhs, out = Q("i8", "f32", (0.5, -3)), Q("i8", "f32", (0.25, 0)), Q("i32", "f32", (0.125, 1))
    rng = np.random.default_rng(32)
    a = rng.integers(-128, 128, (2, 3, 6)).astype(np.int8)
    b = rng.integers(-128, 128, (2, 6, 4)).astype(np.int8)
    (got,) = run(_dot_text(lhs.of(2, 3, 6), rhs.of(2, 6, 4), out.of(2, 3, 4), ((2,), (1,)), ((0,), (0,))), a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((2,), (1,)), ((0,), (0,)))
    assert_storage(got, out.quantize(_exact_f32(r)), "dot batch")


def test_dot_general_non_dyadic_scales():
    """Scales 0.1 and 0.07: the dequantized values are rounded and an f32 dot of them is not exact
    (the spec leaves its order open; the project sums the storage offsets exactly instead, which
    differs from the spec's formula by less than the same bound): the result must lie between the
    quantizations of the exact sum of the dequantized values minus and plus the f32 error bound."""
    lhs, rhs, out = Q("i8", "f32", (0.1, 2)), Q("i8", "f32", (0.07, 0)), Q("i16", "f32", (0.3, -5))
    rng = np.random.default_rng(33)
    a = rng.integers(-128, 128, (6, 7)).astype(np.int8)
    b = rng.integers(-128, 128, (7, 5)).astype(np.int8)
    (got,) = run(_dot_text(lhs.of(6, 7), rhs.of(7, 5), out.of(6, 5), ((1,), (0,))), a, b)
    x, y = lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64)
    r = _dot(x, y, ((1,), (0,)))
    # f32 products and sums, in any order: within (n + 1) * 2^-24 * sum |x_i y_i| of the exact sum
    error = (7 + 1) * 2.0**-24 * _dot(np.abs(x), np.abs(y), ((1,), (0,)))
    assert_bracketed(got, bracket(r, error, out), "dot non-dyadic")
    exact = out.quantize(_exact_f32(r))
    assert (np.asarray(ints(got)) == np.asarray(ints(exact))).mean() > 0.9
    assert np.abs(np.asarray(ints(got))).max() > 300  # no saturation: i16 holds every result


@pytest.mark.parametrize("storage,lhs_zp", [("i8", -128), ("i8", 127), ("u8", 255), ("i16", -32768)])
def test_dot_general_long_sums_are_exact(storage, lhs_zp):
    """Long sums of large storage offsets (partial sums beyond 2^24): with power-of-two scales the
    dequantized values are exact, and the result is the exact sum rounded once to f32
    (decisions.md, "Quantization": dot_general of quantized operands sums exactly)."""
    _, low, high = STORAGE[storage]
    k = 1000 if storage != "i16" else 64
    lhs, rhs, out = Q(storage, "f32", (0.5, lhs_zp)), Q(storage, "f32", (0.25, 0)), Q("i32", "f32", (2.0**-3, 0))
    rng = np.random.default_rng(37)
    far = high if abs(high - lhs_zp) > abs(low - lhs_zp) else low
    a = np.full((2, k), far, np.int64)
    a[1] = rng.integers(low, high + 1, k)
    b = np.full((k, 2), high, np.int64)
    b[:, 1] = rng.integers(low, high + 1, k)
    b[0, 1] = high - 1  # an odd offset: the sums are not all multiples of a power of two
    a, b = lhs.storage_values(a), rhs.storage_values(b)
    (got,) = run(_dot_text(lhs.of(2, k), rhs.of(k, 2), out.of(2, 2), ((1,), (0,))), a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((1,), (0,)))
    assert np.abs(r).max() / 0.125 > 2**24  # the sums are beyond f32's integers
    assert_storage(got, out.quantize(_exact_f32(r)), f"long dot {storage}")


def test_dot_general_integer_sum_is_rounded_once():
    """decisions.md: the float result acc * scale_lhs * scale_rhs "is rounded once to the
    expressed type". Here acc * scale_lhs * scale_rhs (72 significant bits) lies just above a
    midpoint between two f32 values, closer than half a float64 ulp: rounded to float64 first it
    becomes the midpoint, which then ties to even, one f32 ulp (one storage unit) too low."""
    sl, sr, acc = 9468201 / 2**24, 12136747 / 2**24, 10938007  # scales: exact f32 values
    lhs, rhs, out = Q("i8", "f32", (sl, 0)), Q("i8", "f32", (sr, 0)), Q("i32", "f32", (0.5, 0))
    a = np.zeros(700, np.int8)
    b = np.zeros(700, np.int8)
    a[:667], b[:667] = -128, -128
    a[667], b[667] = 127, 77
    a[668], b[668] = 10, 10
    assert int((a.astype(np.int64) * b).sum()) == acc
    (got,) = run(_dot_text(lhs.of(1, 700), rhs.of(700, 1), out.of(1, 1), ((1,), (0,))), a.reshape(1, 700), b.reshape(700, 1))
    exact = Fraction(acc) * Fraction(sl) * Fraction(sr)
    assert exact / Fraction(1, 2) - 8930960 - Fraction(1, 2) > 0  # just above the tie
    assert round_to(exact, "f32") == 4465480.5
    assert ints(got) == [8930961]


def test_dot_general_per_axis_rhs():
    lhs = Q("i8", "f32", (0.5, 3))
    rhs = Q("i8", "f32", [(0.25, 0), (0.5, 0), (1.0, 0)], axis=1)
    out = Q("i32", "f32", [(0.125, 0), (0.25, 0), (0.5, 0)], axis=1)
    rng = np.random.default_rng(34)
    a = rng.integers(-128, 128, (2, 4)).astype(np.int8)
    b = rng.integers(-128, 128, (4, 3)).astype(np.int8)
    (got,) = run(_dot_text(lhs.of(2, 4), rhs.of(4, 3), out.of(2, 3), ((1,), (0,))), a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((1,), (0,)))
    assert_storage(got, out.quantize(_exact_f32(r)), "dot per-axis rhs")
    # a per-axis rhs into a per-tensor... no: C18 only constrains per-tensor rhs; per-axis rhs,
    # per-axis result with non-power-of-two scales along the result's dim 1
    out2 = Q("i32", "f32", [(3.0, 1), (7.0, -2), (11.0, 0)], axis=1)
    (got,) = run(_dot_text(lhs.of(2, 4), rhs.of(4, 3), out2.of(2, 3), ((1,), (0,))), a, b)
    assert_storage(got, out2.quantize(_exact_f32(r)), "dot per-axis result")  # r is exact (dyadic)


def test_dot_general_per_axis_rhs_on_a_batch_dimension():
    """The rhs quantization dimension is a batch dimension (C19 only excludes contracting ones):
    its scales follow it to result dimension 0."""
    lhs = Q("i8", "f32", (0.5, -1))
    rhs = Q("i8", "f32", [(0.25, 0), (2.0, 0)], axis=2)  # rhs 4x3x2, batch dim 2, contract dim 0
    out = Q("i32", "f32", [(0.125, 0), (1.0, 5)], axis=0)
    rng = np.random.default_rng(38)
    a = rng.integers(-128, 128, (2, 3, 4)).astype(np.int8)  # batch 0, free 1, contract 2
    b = rng.integers(-128, 128, (4, 3, 2)).astype(np.int8)
    text = _dot_text(lhs.of(2, 3, 4), rhs.of(4, 3, 2), out.of(2, 3, 3), ((2,), (0,)), ((0,), (2,)))
    (got,) = run(text, a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((2,), (0,)), ((0,), (2,)))
    assert_storage(got, out.quantize(_exact_f32(r)), "dot per-axis batch")


def test_dot_general_per_axis_rhs_per_tensor_result():
    lhs = Q("i8", "f32", (0.5, 3))
    rhs = Q("i8", "f32", [(0.25, 0), (0.5, 0), (1.0, 0)], axis=1)
    out = Q("i32", "f32", (0.125, 1))
    rng = np.random.default_rng(36)
    a = rng.integers(-128, 128, (2, 4)).astype(np.int8)
    b = rng.integers(-128, 128, (4, 3)).astype(np.int8)
    (got,) = run(_dot_text(lhs.of(2, 4), rhs.of(4, 3), out.of(2, 3), ((1,), (0,))), a, b)
    r = _dot(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), ((1,), (0,)))
    assert_storage(got, out.quantize(_exact_f32(r)), "dot per-axis rhs, per-tensor result")


def test_cholesky_and_triangular_solve_quantized():
    qa = Q("i8", "f32", (0.25, 0))
    text = program([qa.of(2, 2)], [qa.of(2, 2)], f"""
  %0 = stablehlo.cholesky %a0, lower = true : {qa.of(2, 2)}
  return %0 : {qa.of(2, 2)}""")
    (got,) = run(text, np.array([[16, 0], [8, 20]], np.int8))  # [[4, 0], [2, 5]] = L L^T, L = [[2, 0], [1, 2]]
    assert got.tolist() == [[8, 0], [4, 8]]
    a_t, b_t, x_t = Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.125, 0))
    text = one_op("triangular_solve", [a_t.of(2, 2), b_t.of(2, 1)], x_t.of(2, 1),
                  "left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>")
    (got,) = run(text, np.array([[4, 0], [2, 8]], np.int8), np.array([[8], [12]], np.int8))
    assert got.tolist() == [[8], [4]]  # [[2, 0], [1, 4]] x = [2, 3]: x = [1, 0.5]


@pytest.mark.parametrize("rhs", [Q("i8", "f32", (0.5, 0)), Q("i8", "f32", [(0.5, 0), (0.25, 0), (2.0, 0)], axis=1)],
                         ids=["per_tensor", "per_axis"])
def test_dot_general_hybrid_dequantizes_rhs(rhs):
    """The current spec's dot_general takes a float lhs with a quantized rhs and a float result
    (C14, C20): hybrid_dequantize_then_op, the dot of lhs and dequantize(rhs). Scales are powers of
    two and values small, so the f32 result is exact."""
    rng = np.random.default_rng(32)
    a = rng.integers(-20, 21, (3, 5)).astype(np.float32) / 4
    b = rng.integers(-20, 21, (5, 3)).astype(np.int8)
    (got,) = run(_dot_text("tensor<3x5xf32>", rhs.of(5, 3), "tensor<3x3xf32>", ((1,), (0,))), a, b)
    expected = _dot(a.astype(np.float64), rhs.dequantize(b).astype(np.float64), ((1,), (0,)))
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, _exact_f32(expected))


def test_dot_general_hybrid_needs_the_expressed_type():
    rhs = Q("i8", "f32", (0.5, 0))
    with pytest.raises(InterpreterError, match="C20"):
        compile(_dot_text("tensor<3x5xbf16>", rhs.of(5, 3), "tensor<3x3xbf16>", ((1,), (0,))))


# ---------------------------------------------------------------------- convolution

def _conv2d_nhwc(x, w, stride=(1, 1), padding=((0, 0), (0, 0))):
    """x: N x H x W x C, w: KH x KW x C x O (feature_group_count 1), float64."""
    x = np.pad(x, ((0, 0), padding[0], padding[1], (0, 0)))
    n, h, wd, c = x.shape
    kh, kw, _, o = w.shape
    oh, ow = (h - kh) // stride[0] + 1, (wd - kw) // stride[1] + 1
    out = np.zeros((n, oh, ow, o))
    for i in range(oh):
        for j in range(ow):
            patch = x[:, i * stride[0]:i * stride[0] + kh, j * stride[1]:j * stride[1] + kw, :]
            out[:, i, j, :] = np.einsum("nhwc,hwco->no", patch, w)
    return out


def _conv_text(lt, rt, out, stride="[1, 1]", pad="[[0, 0], [0, 0]]"):
    return program([lt, rt], [out], f"""
  %0 = stablehlo.convolution(%a0, %a1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = {stride}, pad = {pad}}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({lt}, {rt}) -> {out}
  return %0 : {out}""")


def test_convolution_per_tensor():
    lhs, rhs, out = Q("i8", "f32", (0.5, -2)), Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.25, 3))
    rng = np.random.default_rng(41)
    a = rng.integers(-12, 13, (1, 5, 5, 2)).astype(np.int8)
    b = rng.integers(-6, 7, (3, 3, 2, 2)).astype(np.int8)
    text = _conv_text(lhs.of(1, 5, 5, 2), rhs.of(3, 3, 2, 2), out.of(1, 3, 3, 2), stride="[2, 2]", pad="[[1, 1], [1, 1]]")
    (got,) = run(text, a, b)
    r = _conv2d_nhwc(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64), (2, 2), ((1, 1), (1, 1)))
    assert_storage(got, out.quantize(_exact_f32(r)), "convolution")
    assert len(set(ints(got))) > 6


def test_convolution_per_axis_rhs():
    lhs = Q("i8", "f32", (0.5, 1))
    rhs = Q("i8", "f32", [(0.25, 0), (0.5, 0), (0.125, 0)], axis=3)
    out = Q("i32", "f32", [(0.125, 0), (0.25, 0), (0.0625, 0)], axis=3)
    rng = np.random.default_rng(42)
    a = rng.integers(-128, 128, (2, 4, 4, 2)).astype(np.int8)
    b = rng.integers(-128, 128, (2, 2, 2, 3)).astype(np.int8)
    (got,) = run(_conv_text(lhs.of(2, 4, 4, 2), rhs.of(2, 2, 2, 3), out.of(2, 3, 3, 3)), a, b)
    r = _conv2d_nhwc(lhs.dequantize(a).astype(np.float64), rhs.dequantize(b).astype(np.float64))
    assert_storage(got, out.quantize(_exact_f32(r)), "convolution per axis")
    # convolution, unlike dot_general (C17), allows rhs zero points other than 0
    rhs_z = Q("i8", "f32", [(0.25, 3), (0.5, -7), (0.125, 100)], axis=3)
    (got,) = run(_conv_text(lhs.of(2, 4, 4, 2), rhs_z.of(2, 2, 2, 3), out.of(2, 3, 3, 3)), a, b)
    r = _conv2d_nhwc(lhs.dequantize(a).astype(np.float64), rhs_z.dequantize(b).astype(np.float64))
    assert_storage(got, out.quantize(_exact_f32(r)), "convolution per axis with zero points")
    rhs_t = Q("i8", "f32", (0.25, -5))
    out_t = Q("i16", "f32", (0.5, 7))
    (got,) = run(_conv_text(lhs.of(2, 4, 4, 2), rhs_t.of(2, 2, 2, 3), out_t.of(2, 3, 3, 3)), a, b)
    r = _conv2d_nhwc(lhs.dequantize(a).astype(np.float64), rhs_t.dequantize(b).astype(np.float64))
    assert_storage(got, out_t.quantize(_exact_f32(r)), "convolution per tensor with a zero point")


def test_convolution_hybrid_float_lhs():
    rhs = Q("i8", "f32", [(0.25, 0), (0.5, 0)], axis=3)
    rng = np.random.default_rng(43)
    a = (rng.integers(-32, 32, (1, 4, 4, 1)) / 4).astype(np.float32)
    b = rng.integers(-128, 128, (2, 2, 1, 2)).astype(np.int8)
    (got,) = run(_conv_text("tensor<1x4x4x1xf32>", rhs.of(2, 2, 1, 2), "tensor<1x3x3x2xf32>"), a, b)
    expected = _exact_f32(_conv2d_nhwc(a.astype(np.float64), rhs.dequantize(b).astype(np.float64)))
    assert_floats(got, expected, "hybrid convolution")
    rhs_t = Q("i8", "f32", (0.125, 3))
    (got,) = run(_conv_text("tensor<1x4x4x1xf32>", rhs_t.of(2, 2, 1, 2), "tensor<1x3x3x2xf32>"), a, b)
    expected = _exact_f32(_conv2d_nhwc(a.astype(np.float64), rhs_t.dequantize(b).astype(np.float64)))
    assert_floats(got, expected, "hybrid convolution, per-tensor rhs with a zero point")


# ------------------------------------------------------------------------- batch norm

def test_batch_norm_inference_quantized():
    """Values chosen so that every step is exact in f32: variance 0.25, 1, 4 (square roots
    0.5, 1, 2), epsilon 0, dyadic scale, offset and mean."""
    xq, pq, out = Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.25, -4)), Q("i8", "f32", (0.125, 2))
    rng = np.random.default_rng(51)
    x = rng.integers(-40, 40, (2, 2, 3)).astype(np.int8)
    scale = pq.storage_values([0, 4, 10])  # -1.0, 0.0, 1.5
    offset = pq.storage_values([8, -4, -10])  # 3.0, -0.0, -1.5
    mean = pq.storage_values([4, -8, 0])  # 2.0, -1.0, 1.0
    variance = pq.storage_values([-3, 0, 12])  # 0.25, 1.0, 4.0
    p = f"tensor<3x{pq.text}>"
    text = program([xq.of(2, 2, 3), p, p, p, p], [out.of(2, 2, 3)], f"""
  %0 = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) <{{epsilon = 0.0 : f32, feature_index = 2 : i64}}> : ({xq.of(2, 2, 3)}, {p}, {p}, {p}, {p}) -> {out.of(2, 2, 3)}
  return %0 : {out.of(2, 2, 3)}""")
    (got,) = run(text, x, scale, offset, mean, variance)
    xs = xq.dequantize(x).astype(np.float64)
    s, o, m, v = (pq.dequantize(t).astype(np.float64) for t in (scale, offset, mean, variance))
    assert v.tolist() == [0.25, 1.0, 4.0]
    r = (xs - m) / np.sqrt(v) * s + o
    assert_storage(got, out.quantize(_exact_f32(r)), "batch_norm_inference")


def test_batch_norm_training_quantized_results():
    xq, pq = Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (0.25, 0))
    outq, statq = Q("i8", "f32", (0.125, 0)), Q("i8", "f32", (1 / 32, 0))  # one baseline type (C2)
    x = np.array([[[4, -4], [12, 0]], [[-4, 8], [4, 0]]], np.int8)  # feature 1: 1, -1, 3, 1 / -1, 2, 0, 0
    scale, offset = pq.storage_values([4, 8]), pq.storage_values([0, -4])
    p = f"tensor<2x{pq.text}>"
    st = f"tensor<2x{statq.text}>"
    text = program([xq.of(2, 2, 2), p, p], [outq.of(2, 2, 2), st, st], f"""
  %0:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) <{{epsilon = 0.0 : f32, feature_index = 2 : i64}}> : ({xq.of(2, 2, 2)}, {p}, {p}) -> ({outq.of(2, 2, 2)}, {st}, {st})
  return %0#0, %0#1, %0#2 : {outq.of(2, 2, 2)}, {st}, {st}""")
    got, got_mean, got_var = run(text, x, scale, offset)
    xs = xq.dequantize(x).astype(np.float64)
    mean = xs.mean(axis=(0, 1))
    var = ((xs - mean) ** 2).mean(axis=(0, 1))
    assert_storage(got_mean, statq.quantize(_exact_f32(mean)), "batch mean")
    assert_storage(got_var, statq.quantize(_exact_f32(var)), "batch variance")
    r = (xs - mean) / np.sqrt(var) * pq.dequantize(scale).astype(np.float64) + pq.dequantize(offset).astype(np.float64)
    # sqrt(var) is not exact here: a few f32 roundings, each within 2^-24 relative
    assert_bracketed(got, bracket(r, 8 * 2.0**-24 * (np.abs(r) + 4), outq), "batch_norm_training output")


# -------------------------------------------------- upstream-style self-checking programs

CONFORMANCE = [
    # (op, operand float values, operand types, result type)
    ("add", ([1.0, 2.5, -3.0, 100.0], [0.5, -0.25, 7.0, 100.0]), (Q("i8", "f32", (0.5, -1)), Q("i8", "f32", (0.25, 3))), Q("i8", "f32", (0.5, 0))),
    ("subtract", ([1.0, 2.5, -3.0, 10.0], [0.5, -0.25, 7.0, -90.0]), (Q("i16", "f32", (0.5, -1)), Q("i16", "f32", (0.25, 3))), Q("i16", "f32", (0.1, 0))),
    ("multiply", ([1.5, -2.5, 3.0, 0.0], [2.0, 2.0, -3.0, 5.0]), (Q("u8", "f32", (0.5, 10)), Q("u8", "f32", (0.5, 100))), Q("u8", "f32", (0.25, 0))),
    ("divide", ([3.0, -2.5, 1.0, 0.0], [2.0, 0.5, 0.0, 0.0]), (Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.5, 0))), Q("i8", "f32", (0.125, 4))),
    ("maximum", ([3.0, -2.5, 1.0, 0.0], [2.0, 0.5, 1.0, -1.0]), (Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.25, -8))), Q("i8", "f32", (0.5, 0))),
    ("minimum", ([3.0, -2.5, 1.0, 0.0], [2.0, 0.5, 1.0, -1.0]), (Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.25, -8))), Q("i8", "f32", (0.5, 0))),
    ("abs", ([-3.0, 2.5, -0.5, 0.0],), (Q("i8", "f32", (0.5, 2)),), Q("i8", "f32", (0.25, 0))),
    ("negate", ([-3.0, 2.5, -0.5, 0.0],), (Q("i8", "f32", (0.5, 2)),), Q("i8", "f32", (0.25, -3))),
    ("sqrt", ([4.0, 2.25, 0.25, -1.0],), (Q("i8", "f32", (0.25, 0)),), Q("i8", "f32", (0.5, 0))),
    ("floor", ([-1.5, 1.5, 2.75, -0.25],), (Q("i8", "f32", (0.25, 0)),), Q("i8", "f32", (0.5, 0))),
    ("ceil", ([-1.5, 1.5, 2.75, -0.25],), (Q("i8", "f32", (0.25, 0)),), Q("i8", "f32", (0.5, 0))),
    ("round_nearest_even", ([-1.5, 0.5, 2.5, 3.5],), (Q("i8", "f32", (0.5, 0)),), Q("i8", "f32", (1.0, 0))),
    ("round_nearest_afz", ([-1.5, 0.5, 2.5, 3.5],), (Q("i8", "f32", (0.5, 0)),), Q("i8", "f32", (1.0, 0))),
    ("sign", ([-1.5, 0.0, 2.5, 3.5],), (Q("i8", "f32", (0.5, 0)),), Q("i8", "f32", (0.5, 0))),
    ("remainder", ([7.0, -7.0, 5.5, -5.5], [2.0, 2.0, -2.0, 2.5]), (Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.5, 0))), Q("i8", "f32", (0.25, 0))),
    ("clamp", ([-1.0, -1.0, -1.0, -1.0], [-3.0, 0.5, 2.0, 9.0], [2.0, 2.0, 2.0, 2.0]),
     (Q("i8", "f32", (0.5, 0)), Q("i8", "f32", (0.25, 0)), Q("i8", "f32", (1.0, 0))), Q("i8", "f32", (0.5, 1))),
]


def _conformance_program(op, values, types, out):
    n = len(values[0])
    lines, names = [], []
    expected_inputs = []
    for k, (vals, qt) in enumerate(zip(values, types)):
        x = float_array(vals, qt.expressed)
        lines.append(f"  %x{k} = stablehlo.constant {dense_floats(x, qt.expressed)} : tensor<{n}x{qt.expressed}>")
        lines.append(f"  %q{k} = stablehlo.uniform_quantize %x{k} : (tensor<{n}x{qt.expressed}>) -> {qt.of(n)}")
        names.append(f"%q{k}")
        expected_inputs.append(qt.dequantize(qt.quantize(x)).astype(np.float64))
    fns = {"clamp": lambda lo, x, hi: np.minimum(np.maximum(x, lo), hi), "remainder": np.fmod,
           "round_nearest_even": np.rint, "round_nearest_afz": _afz}
    fn = fns.get(op) or getattr(np, {"subtract": "subtract", "maximum": "maximum", "minimum": "minimum",
                                     "negate": "negative"}.get(op, op))
    with np.errstate(all="ignore"):
        r = fn(*expected_inputs)
    expected_q = out.quantize(_exact_f32(r))
    expected_f = out.dequantize(expected_q)
    storage_name = "i" + out.storage[1:]  # the literal is written in the signless storage type
    lines.append(f'  %r = "stablehlo.{op}"({", ".join(names)}) : ({", ".join(t.of(n) for t in types)}) -> {out.of(n)}')
    lines.append(f"  %d = stablehlo.uniform_dequantize %r : ({out.of(n)}) -> tensor<{n}xf32>")
    lines.append(f"  %eq = stablehlo.constant() {{value = dense<{ints(expected_q)}> : tensor<{n}x{storage_name}>}} : () -> {out.of(n)}")
    lines.append(f"  %ef = stablehlo.constant {dense_floats(expected_f, 'f32')} : tensor<{n}xf32>")
    lines.append(f"  %ok = stablehlo.custom_call @check.eq(%r, %eq) : ({out.of(n)}, {out.of(n)}) -> tensor<i1>")
    lines.append(f"  check.expect_eq %d, %ef : tensor<{n}xf32>")
    lines.append("  return %ok : tensor<i1>")
    return "func.func @main() -> tensor<i1> {\n" + "\n".join(lines) + "\n}", expected_q


@pytest.mark.parametrize("case", CONFORMANCE, ids=[c[0] for c in CONFORMANCE])
def test_self_checking_program(case):
    text, _ = _conformance_program(*case)
    (ok,) = run(text)
    assert ok.dtype == np.bool_ and ok.shape == () and bool(ok)


def test_self_checking_program_reports_a_wrong_expectation():
    op, values, types, out = CONFORMANCE[0]
    text, expected_q = _conformance_program(op, values, types, out)
    wrong = ints(expected_q)
    wrong[1] += 1
    text = text.replace(f"dense<{ints(expected_q)}>", f"dense<{wrong}>")
    with pytest.raises(CheckFailure, match=r"check.eq"):
        run(text)


def test_upstream_style_per_axis_program():
    """The spec's uniform_quantize / uniform_dequantize examples as one self-checking program."""
    qa = Q("i8", "f32", [(0.1, -30), (0.5, -20)], axis=0)
    qb = Q("i8", "f32", [(0.1, -20), (0.2, -30)], axis=0)
    text = f"""func.func @main() -> tensor<i1> {{
  %x = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> {qa.of(2)}
  %r = stablehlo.uniform_quantize %q : ({qa.of(2)}) -> {qb.of(2)}
  %d = stablehlo.uniform_dequantize %q : ({qa.of(2)}) -> tensor<2xf32>
  %e1 = stablehlo.constant() {{value = dense<[10, 10]> : tensor<2xi8>}} : () -> {qa.of(2)}
  %e2 = stablehlo.constant() {{value = dense<[20, 45]> : tensor<2xi8>}} : () -> {qb.of(2)}
  %0 = stablehlo.custom_call @check.eq(%q, %e1) : ({qa.of(2)}, {qa.of(2)}) -> tensor<i1>
  %1 = stablehlo.custom_call @check.eq(%r, %e2) : ({qb.of(2)}, {qb.of(2)}) -> tensor<i1>
  check.expect_eq_const %d, dense<[4.0, 15.0]> : tensor<2xf32>
  %2 = stablehlo.and %0, %1 : tensor<i1>
  return %2 : tensor<i1>
}}"""
    (ok,) = run(text)
    assert bool(ok)


# ------------------------------------------------------------------------------ bad paths

def test_wrong_dtype_for_a_quantized_argument():
    qt = Q("i8", "f32", (0.1, 0))
    text = dequantize_program((2,), qt)
    with pytest.raises(InterpreterError, match=r"int8") as info:
        run(text, np.array([0.5, 1.0], np.float32))
    message = str(info.value)
    assert "argument 0" in message and "float32" in message and "quant.uniform" in message
    with pytest.raises(InterpreterError, match=r"int8"):
        run(text, np.array([1, 2], np.uint8))
    with pytest.raises(InterpreterError, match=r"shape"):
        run(text, np.array([1, 2, 3], np.int8))
    # a sub-byte storage type wants the ml_dtypes array, not int8
    q4 = Q("i4", "f32", (0.5, 0))
    with pytest.raises(InterpreterError, match=r"int4"):
        run(dequantize_program((2,), q4), np.array([1, 2], np.int8))
    # Python lists are converted to the storage type
    (got,) = run(text, [10, -20])
    assert got.tolist() == [np.float32(1.0), np.float32(-2.0)]


_Q1, _Q1_PER_AXIS = Q("i8", "f32", (1.0, 0)), Q("i8", "f32", [(1.0, 0), (2.0, 0)], axis=0)
INVALID = {  # name: (program, what the error says)
    "add_storage": (lambda: one_op("add", [_Q1.of(2), Q("i16", "f32", (1.0, 0)).of(2)], _Q1.of(2)), r"C3: storage types"),
    "add_mixed": (lambda: one_op("add", [_Q1.of(2), "tensor<2xf32>"], _Q1.of(2)), r"C2: .*all be quantized"),
    "abs_per_axis": (lambda: one_op("abs", [_Q1_PER_AXIS.of(2)], _Q1_PER_AXIS.of(2)), r"per-tensor"),
    "dequantize_type": (lambda: one_op("uniform_dequantize", [_Q1.of(2)], "tensor<2xf16>"), r"C2: .*expressed type"),
    "dot_rhs_zero_point": (lambda: _dot_text(_Q1.of(2, 2), Q("i8", "f32", (1.0, 3)).of(2, 2), _Q1.of(2, 2), ((1,), (0,))),
                           r"C15: rhs zero points must be 0"),
    "dot_per_axis_lhs": (lambda: _dot_text(_Q1_PER_AXIS.of(2, 2), _Q1.of(2, 2), _Q1.of(2, 2), ((1,), (0,))), r"per-tensor"),
    "convert": (lambda: one_op("convert", [_Q1.of(2)], "tensor<2xf32>"), r"stablehlo.convert' op operand #0"),
    "axis_out_of_range": (lambda: dequantize_program((2,), Q("i8", "f32", [(1.0, 0), (2.0, 0)], axis=1)), r"C12"),
    "zero_point_out_of_bounds": (lambda: dequantize_program((2,), Q("i8", "f32", (1.0, 120), smin=-100, smax=100)), r"C7"),
    "negative_scale": (lambda: dequantize_program((2,), Q("i8", "f32", (-1.0, 0))), r"scale .* out of expressed type range"),
    "constant_literal_type": (lambda: program([], [_Q1.of(2)], f"""
  %0 = stablehlo.constant() {{value = dense<[1, 2]> : tensor<2xi16>}} : () -> {_Q1.of(2)}
  return %0 : {_Q1.of(2)}"""), r"C1: type of value"),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_quantized_programs_raise(name):
    """Verifier-invalid quantized programs: a Python exception naming the constraint, no crash."""
    build, message = INVALID[name]
    with pytest.raises(InterpreterError, match=message):
        compile(build())


def test_64_bit_storage_is_rejected_cleanly():
    """MLIR's quant dialect has no 64-bit storage: the type does not parse (a clean error)."""
    for storage in ("i64", "u64"):
        text = f"""func.func @main(%a: tensor<2x!quant.uniform<{storage}:f32, 0.5:1>>) -> tensor<2xf32> {{
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<{storage}:f32, 0.5:1>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}}"""
        with pytest.raises(InterpreterError, match="storage type size: 64"):
            compile(text)
