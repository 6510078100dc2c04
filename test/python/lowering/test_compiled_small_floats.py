"""The compiled backend on the small floats (every f8 type, f6E2M3FN, f6E3M2FN, f4E2M1FN) against
the interpreter, bit for bit (NaN matching NaN): held as their bits (one per byte, as ml_dtypes),
widened to f32 and rounded back by integer code (lib/Conversion/ScalarOps.cpp), they must give
ml_dtypes' values. Unary ops on every bit pattern, binary ops on every pair, conversions to and
from every other type, dot_general, convolution, reduce, constants, iota, map and
bitcast_convert."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_ulp

import stablehlo_py
from stablehlo_py.lowering import lower

SMALL = {
    "f4E2M1FN": ml_dtypes.float4_e2m1fn, "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
    "f8E3M4": ml_dtypes.float8_e3m4, "f8E4M3": ml_dtypes.float8_e4m3, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
    "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E4M3B11FNUZ": ml_dtypes.float8_e4m3b11fnuz,
    "f8E5M2": ml_dtypes.float8_e5m2, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz, "f8E8M0FNU": ml_dtypes.float8_e8m0fnu,
}
NAMES = list(SMALL)
# numpy dtypes of the other element types, as the interpreter takes them
OTHER = {"f64": np.float64, "f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16, "i1": np.bool_,
         "i2": ml_dtypes.int2, "i4": ml_dtypes.int4, "i8": np.int8, "i16": np.int16, "i32": np.int32,
         "i64": np.int64, "ui4": ml_dtypes.uint4, "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32,
         "ui64": np.uint64, "complex<f32>": np.complex64, "complex<f64>": np.complex128}
# computed by libm (compiled) and numpy (interpreter) in f32: one ULP of the small type allowed,
# as for f16 in test_compiled_elementwise.py (numpy's f32 loops vary by CPU)
TRANSCENDENTAL = {"exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine", "cosine", "tan",
                  "logistic", "rsqrt", "cbrt", "power", "atan2"}


def _bits(name: str) -> int:
    return int(ml_dtypes.finfo(SMALL[name]).bits)


def _every(name: str) -> np.ndarray:
    """Every bit pattern of the type."""
    return np.arange(1 << _bits(name), dtype=np.uint8).view(SMALL[name])


def _tensor(shape: str, element: str) -> str:
    """The tensor type of `shape` ("3x4", "" for rank 0)."""
    return f"tensor<{shape}x{element}>" if shape else f"tensor<{element}>"


class Program:
    """An entry function built line by line, run on both backends and compared result by result
    (after checking that the lowering takes every op: none is left to the runtime's interpreter)."""

    def __init__(self):
        self.params, self.inputs, self.lines, self.results = [], [], [], []

    def arg(self, element: str, values: np.ndarray) -> str:
        k = len(self.params)
        self.params.append(f"%a{k}: {_tensor('x'.join(map(str, values.shape)), element)}")
        self.inputs.append(values)
        return f"%a{k}"

    def let(self, line: str) -> str:
        name = f"%v{len(self.lines)}"
        self.lines.append(f"  {name} = {line}")
        return name

    def result(self, label: str, value: str, element: str, shape: str, ulps: int = 0) -> None:
        self.results.append((label, value, _tensor(shape, element), ulps))

    def text(self) -> str:
        types = ", ".join(t for _, _, t, _ in self.results)
        return (f"func.func @main({', '.join(self.params)}) -> ({types}) {{\n" + "\n".join(self.lines) +
                f"\n  return {', '.join(v for _, v, _, _ in self.results)} : {types}\n}}")

    def check(self) -> None:
        text = self.text()
        lower(text, to_llvm=False)  # a LoweringError if an op is left to the runtime
        expected = stablehlo_py.interpret(text, *self.inputs)
        got = stablehlo_py.compile(text, backend="compiled")(*self.inputs)
        assert len(got) == len(expected) == len(self.results)
        for (label, _, _, ulps), g, e in zip(self.results, got, expected):
            if ulps:
                assert_ulp([g], [e], ulps, context=label)
            else:
                assert_same([g], [e], context=label)


UNARY = ["negate", "abs", "sign", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sqrt", "rsqrt",
         "cbrt", "exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine", "cosine", "tan",
         "logistic"]
BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2"]


@pytest.mark.parametrize("name", NAMES)
def test_unary_ops_on_every_value(name):
    x = _every(name)
    n, t = len(x), f"tensor<{len(x)}x{name}>"
    p = Program()
    v = p.arg(name, x)
    for op in UNARY:
        p.result(f"{op} on {name}", p.let(f"stablehlo.{op} {v} : {t}"), name, str(n),
                 ulps=1 if op in TRANSCENDENTAL else 0)
    p.result(f"is_finite on {name}", p.let(f"stablehlo.is_finite {v} : ({t}) -> tensor<{n}xi1>"), "i1", str(n))
    p.result(f"real on {name}", p.let(f"stablehlo.real {v} : ({t}) -> {t}"), name, str(n))
    p.result(f"imag on {name}", p.let(f"stablehlo.imag {v} : ({t}) -> {t}"), name, str(n))
    for e, m in ((1, 0), (2, 1), (3, 2), (4, 1), (5, 2), (8, 23)):
        reduced = p.let(f"stablehlo.reduce_precision {v}, format = e{e}m{m} : {t}")
        p.result(f"reduce_precision e{e}m{m} on {name}", reduced, name, str(n))
    p.check()


def _pairs(name: str) -> tuple:
    """Every pair of bit patterns."""
    x = _every(name)
    return np.repeat(x, len(x)), np.tile(x, len(x))


@pytest.mark.parametrize("name", NAMES)
def test_binary_ops_compare_select_and_clamp_on_every_pair(name):
    a, b = _pairs(name)
    n, t = len(a), f"tensor<{len(a)}x{name}>"
    p = Program()
    x, y = p.arg(name, a), p.arg(name, b)
    for op in BINARY:
        p.result(f"{op} on {name}", p.let(f"stablehlo.{op} {x}, {y} : {t}"), name, str(n),
                 ulps=1 if op in TRANSCENDENTAL else 0)
    b1 = f"tensor<{n}xi1>"
    for kind in ("FLOAT", "TOTALORDER"):
        for direction in ("EQ", "NE", "LT", "LE", "GT", "GE"):
            compared = p.let(f"stablehlo.compare {direction}, {x}, {y}, {kind} : ({t}, {t}) -> {b1}")
            p.result(f"compare {direction} {kind} on {name}", compared, "i1", str(n))
    less = p.let(f"stablehlo.compare LT, {x}, {y}, FLOAT : ({t}, {t}) -> {b1}")
    p.result(f"select on {name}", p.let(f"stablehlo.select {less}, {y}, {x} : {b1}, {t}"), name, str(n))
    z = p.arg(name, np.roll(b, 7))
    p.result(f"clamp on {name}", p.let(f"stablehlo.clamp {z}, {x}, {y} : {t}"), name, str(n))
    p.check()


def _rounding_probes(name: str) -> np.ndarray:
    """f64 values around every value of the type and every midpoint between neighbours (exact,
    a little above and below: double rounding through f32 would go wrong there), the range's
    edges, zeros, infinities and NaN."""
    with np.errstate(all="ignore"):
        values = np.unique(_every(name).astype(np.float64))
    values = values[np.isfinite(values)]
    middles = (values[:-1] + values[1:]) / 2
    base = np.concatenate([values, middles, [values[-1] * 2, values[0] / 2, values[-1] * 1.5]])
    probes = [base, base * (1 + 2.0 ** -40), base * (1 - 2.0 ** -40), base * (1 + 2.0 ** -20), -base,
              [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e300, -1e300, 5e-324, 2.0 ** -127, 2.0 ** -130,
               3.0, 6.0, 1.5 * 2.0 ** 127]]
    return np.concatenate([np.asarray(x, np.float64) for x in probes])


def _sources(name: str) -> dict:
    """Values of each other element type to convert into `name`."""
    rng = np.random.default_rng(sum(map(ord, name)))
    f64 = _rounding_probes(name)
    with np.errstate(all="ignore"):
        f32 = np.concatenate([f64.astype(np.float32), rng.integers(0, 1 << 32, 2000, dtype=np.uint64)
                              .astype(np.uint32).view(np.float32)])
    ints = [0, 1, -1, 2, 3, 5, 7, 17, 100, 1000, -1000, 2 ** 20 + 1, 2 ** 31 - 1, -2 ** 31, 2 ** 63 - 1, -2 ** 63]
    values = {"f64": f64, "f32": f32, "f16": np.arange(1 << 16, dtype=np.uint16).view(np.float16),
              "bf16": np.arange(1 << 16, dtype=np.uint16).view(ml_dtypes.bfloat16), "i1": np.array([True, False])}
    for element, dtype in OTHER.items():
        if element in values or element.startswith("complex"):
            continue
        if element in ("i2", "i4", "ui4"):
            info = ml_dtypes.iinfo(dtype)
            values[element] = np.arange(int(info.min), int(info.max) + 1).astype(dtype)
        else:
            info = np.iinfo(dtype)
            edges = np.array([v for v in ints if info.min <= v <= info.max] + [info.min, info.max], dtype)
            values[element] = np.concatenate([edges, rng.integers(info.min, info.max, 200, dtype=dtype,
                                                                  endpoint=True)])
    for element, dtype in (("complex<f32>", np.complex64), ("complex<f64>", np.complex128)):
        real = f64[::3]
        parts = np.empty(len(real), np.complex128)
        parts.real, parts.imag = real, real[::-1]
        with np.errstate(all="ignore"):
            values[element] = parts.astype(dtype)
    return values


@pytest.mark.parametrize("name", NAMES)
def test_convert_to_and_from_every_type(name):
    x = _every(name)
    n, t = len(x), f"tensor<{len(x)}x{name}>"
    p = Program()
    v = p.arg(name, x)
    for target in list(OTHER) + [s for s in NAMES if s != name]:
        converted = p.let(f"stablehlo.convert {v} : ({t}) -> tensor<{n}x{target}>")
        p.result(f"{name} to {target}", converted, target, str(n))
    for source, values in _sources(name).items():
        m = len(values)
        w = p.arg(source, values)
        converted = p.let(f"stablehlo.convert {w} : (tensor<{m}x{source}>) -> tensor<{m}x{name}>")
        p.result(f"{source} to {name}", converted, name, str(m))
    for source in NAMES:  # every pattern of every other small float
        if source != name:
            values = _every(source)
            m = len(values)
            w = p.arg(source, values)
            converted = p.let(f"stablehlo.convert {w} : (tensor<{m}x{source}>) -> tensor<{m}x{name}>")
            p.result(f"{source} to {name}", converted, name, str(m))
    p.check()


def _finite(name: str, shape: tuple, seed: int) -> np.ndarray:
    """Random finite values of the type (a sum of them may still overflow or be NaN: inf - inf)."""
    x = _every(name)
    with np.errstate(all="ignore"):
        x = x[np.isfinite(x.astype(np.float32))]
    return np.random.default_rng(seed).choice(x, shape)


def _convolution(lhs: str, rhs: str, name: str) -> str:
    """A 1-D convolution of 2x3x10 by 4x3x3: stride 2, kernel dilation 2, padding [1, 2] (f32 zeros
    in the interpreter: E8M0FNU, which has no zero, is padded after widening)."""
    return (f"stablehlo.convolution({lhs}, {rhs}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = "
            f"{{stride = [2], pad = [[1, 2]], rhs_dilate = [2]}} {{batch_group_count = 1 : i64, "
            f"feature_group_count = 1 : i64}} : (tensor<2x3x10x{name}>, tensor<4x3x3x{name}>) -> "
            f"tensor<2x4x5x{name}>")


@pytest.mark.parametrize("name", NAMES)
def test_dot_general_convolution_and_reduce(name):
    """Products and sums in f32, rounded once (dot, convolution); reduce bodies round each step;
    a few NaN and inf elements among the operands."""
    p = Program()
    lhs, rhs = _finite(name, (3, 4, 9), 1), _finite(name, (3, 9, 5), 2)
    everything = _every(name)
    lhs.flat[::17] = everything[::37][: lhs.size // 17 + 1][: len(lhs.flat[::17])]
    x, y = p.arg(name, lhs), p.arg(name, rhs)
    dot = p.let(f"stablehlo.dot_general {x}, {y}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
                f"(tensor<3x4x9x{name}>, tensor<3x9x5x{name}>) -> tensor<3x4x5x{name}>")
    p.result(f"dot_general on {name}", dot, name, "3x4x5")
    m, k = _finite(name, (6, 8), 3), _finite(name, (8,), 4)
    a, b = p.arg(name, m), p.arg(name, k)
    dot = p.let(f"stablehlo.dot {a}, {b} : (tensor<6x8x{name}>, tensor<8x{name}>) -> tensor<6x{name}>")
    p.result(f"dot on {name}", dot, name, "6")
    image, kernel = _finite(name, (2, 3, 10), 5), _finite(name, (4, 3, 3), 6)
    c, d = p.arg(name, image), p.arg(name, kernel)
    p.result(f"convolution on {name}", p.let(_convolution(c, d, name)), name, "2x4x5")
    rows, init = _finite(name, (5, 24), 7), _finite(name, (), 8)
    r, i = p.arg(name, rows), p.arg(name, init)
    for op in ("add", "multiply", "maximum", "minimum"):
        reduced = p.let(f"stablehlo.reduce({r} init: {i}) applies stablehlo.{op} across dimensions = [1] : "
                        f"(tensor<5x24x{name}>, tensor<{name}>) -> tensor<5x{name}>")
        p.result(f"reduce {op} on {name}", reduced, name, "5")
    p.check()


@pytest.mark.parametrize("name", NAMES)
def test_constants_iota_map_and_bitcast(name):
    """Constants (dense and in a map body) keep their bits; iota converts its indices; bitcast_convert
    moves bits to integers and other small floats of the width."""
    x = _every(name)
    n, t = len(x), f"tensor<{len(x)}x{name}>"
    p = Program()
    v = p.arg(name, x)
    with np.errstate(all="ignore"):
        finite = [float(f) for f in x.astype(np.float32) if np.isfinite(f)][:6]
    literal = ", ".join(repr(f) for f in finite)
    constant = p.let(f"stablehlo.constant dense<[{literal}]> : tensor<{len(finite)}x{name}>")
    p.result(f"constant of {name}", constant, name, str(len(finite)))
    p.result(f"iota of {name}", p.let(f"stablehlo.iota dim = 0 : tensor<40x{name}>"), name, "40")
    scale = finite[-1]
    mapped = p.let(f""""stablehlo.map"({v}, {v}) ({{
  ^bb0(%p: tensor<{name}>, %q: tensor<{name}>):
    %c = stablehlo.constant dense<{scale!r}> : tensor<{name}>
    %s = stablehlo.multiply %p, %c : tensor<{name}>
    %r = stablehlo.add %s, %q : tensor<{name}>
    stablehlo.return %r : tensor<{name}>
  }}) {{dimensions = array<i64: 0>}} : ({t}, {t}) -> {t}""")
    p.result(f"map on {name}", mapped, name, str(n))
    width = _bits(name)
    if width in (4, 8):
        for integer in (f"i{width}", f"ui{width}"):
            cast = p.let(f"stablehlo.bitcast_convert {v} : ({t}) -> tensor<{n}x{integer}>")
            p.result(f"{name} bits as {integer}", cast, integer, str(n))
            back = p.let(f"stablehlo.bitcast_convert {cast} : (tensor<{n}x{integer}>) -> {t}")
            p.result(f"{integer} bits as {name}", back, name, str(n))
    for other in NAMES:
        if other != name and _bits(other) == width:
            cast = p.let(f"stablehlo.bitcast_convert {v} : ({t}) -> tensor<{n}x{other}>")
            p.result(f"{name} bits as {other}", cast, other, str(n))
    p.check()


def test_rounding_edges_of_e8m0fnu():
    """E8M0FNU (a power of two, no sign, no zero): ties round up, below 2^-127 gives 2^-127, f32
    subnormals round by value (1.25 * 2^-127 to 2^-127, as round_exact and ml_dtypes >= 0.7; 0.6
    and XLA give 2^-126), zero and negative values are NaN, from 1.5 * 2^127 up NaN."""
    values = np.array([1.5, 3.0, 1.25, 1.75, 0.0, -0.0, -1.0, 2.0 ** -127, 2.0 ** -128, 1.5 * 2.0 ** -127,
                       1.25 * 2.0 ** -127, 2.0 ** -149, 1.4 * 2.0 ** 127, 1.5 * 2.0 ** 127, np.inf, np.nan],
                      np.float32)
    p = Program()
    v = p.arg("f32", values)
    n = len(values)
    p.result("f32 to f8E8M0FNU", p.let(f"stablehlo.convert {v} : (tensor<{n}xf32>) -> tensor<{n}xf8E8M0FNU>"),
             "f8E8M0FNU", str(n))
    p.check()
    expected = np.array([0x80, 0x81, 0x7F, 0x80, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x00, 0xFE, 0xFF,
                         0xFF, 0xFF], np.uint8)
    got = stablehlo_py.compile(p.text(), backend="compiled")(*p.inputs)[0]
    assert np.array_equal(got.view(np.uint8), expected)
