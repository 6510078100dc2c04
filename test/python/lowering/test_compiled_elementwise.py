"""The compiled backend (stablehlo_py.lowering) against the interpreter on every element-wise
op and element type it takes: bit for bit wherever the spec is exact and for the math functions
numpy's loops compute, within a measured ULP bound for the others (libm's, through LLVM, against
numpy's). Inputs: every pair of
edge values (NaN with payloads, +-inf, +-0, subnormals, integer limits, shift amounts around the
width) and seeded random values. One program per element type and op kind, each op a result."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same, assert_ulp
from testing.native_values import (BOOL_BINARY, DTYPES, FLOAT_BINARY, FLOAT_UNARY, FLOATS, INT_BINARY, INT_UNARY,
                                   INTS, compares, edges)

import stablehlo_py
from stablehlo_py.interpreter.numerics.exponential import exponential_f32
from stablehlo_py.interpreter.numerics.log1p_expm1 import log_plus_one_f32
from stablehlo_py.interpreter.numerics.tanh import tanh_f32

# The math functions numpy's ufuncs compute (NUMPY_LOOPS) run numpy's own loops on the compiled
# backend too (the lowering's library-math; on scalars, on one element), so they are the
# interpreter's bits on any host. The
# others call libm, the interpreter numpy, whose f32 results differ by CPU. On f32 both are
# measured against the correctly rounded value (the function in f64, rounded once:
# host-independent); on f16 (computed in f32 by both, rounded once) and f64 the two backends are
# compared. Measured on these inputs: f32 within 1 ULP of the correctly rounded value (logistic,
# two roundings: 2), where numpy's own loops are 2 away; f64 within 1 ULP of numpy; f16 the same
# bits (1 allowed: numpy's f32 loops vary by CPU).
TRANSCENDENTAL = {"atan2", "power", "exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine",
                  "cosine", "tan", "logistic", "rsqrt"}
NUMPY_LOOPS = {"exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine", "cosine", "tan",
               "logistic"}  # 1 / (1 + exp(-x)): numpy's exp on f64, ours on f32
# f32 (and f16, bf16: through f32) expm1 and log1p are the project's own (numerics/log1p_expm1.py),
# emitted as the same f64 (expm1) and f32 (log1p) operations, and so is exp (numerics/exponential.py, f32 operations): bit
# for bit too, not numpy's loops (those stay for f64).
OURS_IN_F32 = {"exponential", "exponential_minus_one", "log_plus_one", "tanh"}  # tanh: numerics/tanh.py, f32 ops
_IN_F64 = {"atan2": np.arctan2, "power": np.power, "exponential": np.exp, "exponential_minus_one": np.expm1,
           "log": np.log, "log_plus_one": np.log1p, "tanh": np.tanh, "sine": np.sin, "cosine": np.cos,
           "tan": np.tan, "logistic": lambda x: 1 / (1 + np.exp(-x)), "rsqrt": lambda x: 1 / np.sqrt(x)}
_ULPS = {"f16": 1, "f32": 1, "f64": 1}
_WIDER = {("logistic", "f32"): 2}


def _randoms(element: str, n: int) -> list:
    """Seeded per element type: the same values whatever runs before."""
    rng = np.random.default_rng(sum(map(ord, element)))
    dtype = DTYPES[element]
    if element == "i1":
        return list(rng.integers(0, 2, n).astype(bool))
    if element in INTS:
        return list(rng.integers(0, 1 << 64, n, dtype=np.uint64).astype(dtype))
    scale = {"f16": 100.0, "f32": 1e4, "f64": 1e6}[element]
    return list((rng.standard_normal(n) * scale ** rng.uniform(-1, 1, n)).astype(dtype))


def _pairs(element: str) -> tuple:
    values = edges(element) + _randoms(element, 24)
    a = np.array([x for x in values for _ in values], DTYPES[element])
    b = np.array([y for _ in values for y in values], DTYPES[element])
    return a, b


def _program(element: str, ops: list, arity: int) -> str:
    n = len(_pairs(element)[0])
    t = f"tensor<{n}x{element}>"
    args = ", ".join(f"%x{i}: {t}" for i in range(arity))
    lines, results = [], []
    for k, (op, result_element) in enumerate(ops):
        rt = f"tensor<{n}x{result_element}>"
        operands = ", ".join(f"%x{i}" for i in range(arity))
        if op.startswith("compare"):
            _, direction, kind = op.split()
            lines.append(f"  %r{k} = stablehlo.compare {direction}, %x0, %x1, {kind} : ({t}, {t}) -> {rt}")
        else:
            lines.append(f"  %r{k} = stablehlo.{op} {operands} : {t}")
        results.append((f"%r{k}", rt))
    return (f"func.func @main({args}) -> ({', '.join(r for _, r in results)}) {{\n" + "\n".join(lines) +
            f"\n  return {', '.join(v for v, _ in results)} : {', '.join(r for _, r in results)}\n}}")


def _check(element: str, ops: list, arity: int) -> None:
    text = _program(element, ops, arity)
    a, b = _pairs(element)
    inputs = (a, b)[:arity]
    expected = stablehlo_py.interpret(text, *inputs)
    got = stablehlo_py.compile(text, backend="compiled")(*inputs)
    for (op, _), g, e in zip(ops, got, expected):
        if op in TRANSCENDENTAL - NUMPY_LOOPS and element in FLOATS:
            bound = _WIDER.get((op, element), _ULPS[element])
            if element == "f32":
                with np.errstate(all="ignore"):
                    e = _IN_F64[op](*(x.astype(np.float64) for x in inputs)).astype(np.float32)
            assert_ulp([g], [e], bound, context=f"{op} on {element}")
        else:
            assert_same([g], [e], context=f"{op} on {element}")


@pytest.mark.parametrize("element", ["i1"] + INTS + FLOATS)
def test_binary_ops(element):
    names = BOOL_BINARY if element == "i1" else INT_BINARY if element in INTS else FLOAT_BINARY
    _check(element, [(name, element) for name in names], 2)


@pytest.mark.parametrize("element", INTS + FLOATS)
def test_unary_ops(element):
    names = INT_UNARY if element in INTS else FLOAT_UNARY
    names = [n for n in names if not (n in ("abs", "sign") and element.startswith("ui"))]  # signed only
    _check(element, [(name, element) for name in names], 1)


@pytest.mark.parametrize("element", ["i1"] + INTS + FLOATS)
def test_compare(element):
    _check(element, [(name, "i1") for name, _, _ in compares(element)], 2)


_UFUNCS = {"exponential": np.exp, "exponential_minus_one": np.expm1, "log": np.log, "log_plus_one": np.log1p,
           "tanh": np.tanh, "sine": np.sin, "cosine": np.cos, "tan": np.tan,
           "logistic": lambda x: 1 / (1 + np.exp(-x))}


def _scalar_loop(element: str, op: str, n: int) -> str:
    """ys[i] = op(xs[i]) for i < n, each element a rank-0 value in a while loop."""
    v, s1, s0 = f"tensor<{n}x{element}>", f"tensor<1x{element}>", f"tensor<{element}>"
    return f"""func.func @main(%xs: {v}) -> {v} {{
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %end = stablehlo.constant dense<{n}> : tensor<i64>
  %init = stablehlo.constant dense<0.0> : {v}
  %r:2 = stablehlo.while(%i = %zero, %ys = %init) : tensor<i64>, {v}
  cond {{
    %c = stablehlo.compare LT, %i, %end : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %slice = stablehlo.dynamic_slice %xs, %i, sizes = [1] : ({v}, tensor<i64>) -> {s1}
    %x = stablehlo.reshape %slice : ({s1}) -> {s0}
    %y = stablehlo.{op} %x : {s0}
    %row = stablehlo.reshape %y : ({s0}) -> {s1}
    %next = stablehlo.dynamic_update_slice %ys, %row, %i : ({v}, {s1}, tensor<i64>) -> {v}
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j, %next : tensor<i64>, {v}
  }}
  return %r#1 : {v}
}}"""


@pytest.mark.parametrize("element", ["f16", "bf16", "f32", "f64"])
def test_math_on_scalars_is_numpys(element):
    """exp, expm1, log, log1p, tanh, sin, cos, tan and logistic of rank-0 values (a loop's
    element) call numpy's loop on one element: the bits of numpy's ufunc on each element (and
    the interpreter's), where the C library's differ on 6-28% of f32 inputs (measured). f32
    expm1 is ours: the f64 function rounded once to f32 (correctly rounded on these values;
    exhaustively, all but a few near-midpoint inputs); f32 log1p is ours, within 0.72 ULP (the
    module's function is the oracle, as for exp); f32 exp is ours, within 0.69 ULP
    (its own tests check it against f64 exp), so here its array function is the oracle."""
    import ml_dtypes

    dtype = ml_dtypes.bfloat16 if element == "bf16" else DTYPES[element]
    if element == "bf16":
        values = _bf16_values()
    else:
        values = np.array(edges(element) + _randoms(element, 200), dtype)
    wide = np.float32 if element in ("f16", "bf16") else dtype  # both backends compute these in f32
    for op, ufunc in _UFUNCS.items():
        text = _scalar_loop(element, op, len(values))
        run = stablehlo_py.compile(text, backend="compiled")
        (got,) = run(values)
        with np.errstate(all="ignore"):
            if op == "exponential" and element != "f64":
                oracle = exponential_f32(values.astype(np.float32)).astype(dtype)
            elif op == "logistic" and element != "f64":  # 1 / (1 + exp(-x)), our f32 exp
                oracle = (1 / (1 + exponential_f32(-values.astype(np.float32)))).astype(dtype)
            elif op == "tanh" and element != "f64":  # ours, faithful: its own tests check it
                oracle = tanh_f32(values.astype(np.float32)).astype(dtype)
            elif op == "log_plus_one" and element != "f64":  # ours in f32 ops, faithful: its own tests
                oracle = log_plus_one_f32(values.astype(np.float32)).astype(dtype)
            elif op in OURS_IN_F32 and element != "f64":
                oracle = ufunc(values.astype(np.float64)).astype(np.float32).astype(dtype)
            else:
                oracle = np.array([ufunc(values[i:i + 1].astype(wide))[0] for i in range(len(values))]).astype(dtype)
        assert_same([got], [oracle], context=f"{op} on {element} scalars against numpy")
        assert_same([got], list(stablehlo_py.interpret(text, values)), context=f"{op} on {element} scalars")


def _bf16_values() -> np.ndarray:
    import ml_dtypes

    specials = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.0e38, 1e-40, -2.5, 0.1, 7.0]
    values = specials + list(np.random.default_rng(5).standard_normal(20) * 100)
    return np.array(values, np.float32).astype(ml_dtypes.bfloat16)


def test_bf16_arithmetic_and_math():
    """bf16 computes in f32 and rounds once, in both backends: bit for bit, the math functions
    included (measured: the f32 results differ by at most 1 ULP, which the rounding hides)."""
    v = _bf16_values()
    a, b = np.repeat(v, len(v)), np.tile(v, len(v))
    n, t = len(a), f"tensor<{len(a)}xbf16>"
    binary = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2"]
    unary = ["negate", "abs", "floor", "sqrt", "exponential", "log", "tanh", "sine"]
    lines = [f"  %b{k} = stablehlo.{op} %x, %y : {t}" for k, op in enumerate(binary)]
    lines += [f"  %u{k} = stablehlo.{op} %x : {t}" for k, op in enumerate(unary)]
    lines += [f"  %c = stablehlo.compare LT, %x, %y, TOTALORDER : ({t}, {t}) -> tensor<{n}xi1>"]
    names = [f"%b{k}" for k in range(len(binary))] + [f"%u{k}" for k in range(len(unary))]
    text = (f"func.func @main(%x: {t}, %y: {t}) -> ({', '.join([t] * len(names))}, tensor<{n}xi1>) {{\n" +
            "\n".join(lines) + f"\n  return {', '.join(names)}, %c : {', '.join([t] * len(names))}, "
            f"tensor<{n}xi1>\n}}")
    got = stablehlo_py.compile(text, backend="compiled")(a, b)
    expected = stablehlo_py.interpret(text, a, b)
    for name, g, e in zip(binary + unary + ["compare"], got, expected):
        assert_same([g], [e], context=f"{name} on bf16")


# 16-bit NaNs with payloads (quiet and signaling, both signs; the canonical quiet one among
# them), their neighbours inf and the largest finite value, and zeros. On x86 without AVX512-BF16,
# LLVM converts a bf16 value held across blocks through f32 and back by a call that makes every
# NaN the canonical one: TOTALORDER must see the bits as stored.
_NAN_BITS = {"bf16": [0x7FC0, 0x7FC3, 0x7FC1, 0x7F81, 0x7FFF, 0xFFC0, 0xFFC3, 0xFF81, 0x7F80, 0xFF80, 0x7F7F,
                      0x0000, 0x8000],
             "f16": [0x7E00, 0x7E03, 0x7E01, 0x7C01, 0x7FFF, 0xFE00, 0xFE03, 0xFC01, 0x7C00, 0xFC00, 0x7BFF,
                     0x0000, 0x8000]}


@pytest.mark.parametrize("element", ["bf16", "f16"])
def test_totalorder_compare_on_16_bit_nans_with_payloads(element):
    import ml_dtypes

    dtype = ml_dtypes.bfloat16 if element == "bf16" else np.float16
    bits = np.array(_NAN_BITS[element], np.uint16)
    a, b = np.repeat(bits, len(bits)), np.tile(bits, len(bits))
    n, t = len(a), f"tensor<{len(a)}x{element}>"
    directions = ["EQ", "NE", "LT", "LE", "GT", "GE"]
    lines = [f"  %c{k} = stablehlo.compare {d}, %x, %y, TOTALORDER : ({t}, {t}) -> tensor<{n}xi1>"
             for k, d in enumerate(directions)]
    text = (f"func.func @main(%x: {t}, %y: {t}) -> ({', '.join([f'tensor<{n}xi1>'] * 6)}) {{\n" +
            "\n".join(lines) + f"\n  return {', '.join(f'%c{k}' for k in range(6))} : "
            f"{', '.join([f'tensor<{n}xi1>'] * 6)}\n}}")
    x, y = a.view(dtype), b.view(dtype)
    got = stablehlo_py.compile(text, backend="compiled")(x, y)

    def key(v):  # IEEE totalOrder as signed integers: negative values' magnitude bits flipped
        s = v.view(np.int16).astype(np.int32)
        return np.where(s < 0, s ^ 0x7FFF, s)

    ka, kb = key(a), key(b)
    oracle = [ka == kb, ka != kb, ka < kb, ka <= kb, ka > kb, ka >= kb]
    assert_same(got, oracle, context=f"TOTALORDER on {element} NaNs against their bits")
    assert_same(got, stablehlo_py.interpret(text, x, y), context=f"TOTALORDER on {element} NaNs")


@pytest.mark.parametrize("element", ["complex<f32>", "complex<f64>"])
def test_complex_arithmetic(element):
    """add, subtract, multiply (the textbook formula), divide (Smith's, as numpy), negate,
    compare, real/imag and complex: bit for bit, on values with signed zeros, infinities and NaN."""
    dtype = np.complex64 if element == "complex<f32>" else np.complex128
    part = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, 1e-30, 3e5]
    v = np.array([complex(x, y) for x in part for y in part], dtype)
    a, b = np.repeat(v, 9), np.tile(v[::9], len(v))
    n, t = len(a), f"tensor<{len(a)}x{element}>"
    real = f"tensor<{n}x{'f32' if dtype == np.complex64 else 'f64'}>"
    text = f"""func.func @main(%x: {t}, %y: {t}) -> ({t}, {t}, {t}, {t}, {t}, tensor<{n}xi1>, {real}, {real}, {t}) {{
  %0 = stablehlo.add %x, %y : {t}
  %1 = stablehlo.subtract %x, %y : {t}
  %2 = stablehlo.multiply %x, %y : {t}
  %3 = stablehlo.divide %x, %y : {t}
  %4 = stablehlo.negate %x : {t}
  %5 = stablehlo.compare EQ, %x, %y : ({t}, {t}) -> tensor<{n}xi1>
  %6 = stablehlo.real %x : ({t}) -> {real}
  %7 = stablehlo.imag %x : ({t}) -> {real}
  %8 = stablehlo.complex %6, %7 : {t}
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : {t}, {t}, {t}, {t}, {t}, tensor<{n}xi1>, {real}, {real}, {t}
}}"""
    got = stablehlo_py.compile(text, backend="compiled")(a, b)
    expected = stablehlo_py.interpret(text, a, b)
    for name, g, e in zip(["add", "subtract", "multiply", "divide", "negate", "compare", "real", "imag",
                           "complex"], got, expected):
        assert_same([g], [e], context=f"{name} on {element}")


@pytest.mark.parametrize("element", ["i2", "ui2", "i4", "ui4"])
def test_sub_byte_integers_on_every_pair(element):
    """Held one per byte (ml_dtypes' layout) and computed in their own width: every op on every
    pair of values, bit for bit, and their conversions to and from wider types."""
    import ml_dtypes

    dtype = getattr(ml_dtypes, {"i2": "int2", "ui2": "uint2", "i4": "int4", "ui4": "uint4"}[element])
    info = ml_dtypes.iinfo(dtype)
    values = np.arange(int(info.min), int(info.max) + 1)
    a = np.repeat(values, len(values)).astype(dtype)
    b = np.tile(values, len(values)).astype(dtype)
    n, t = len(a), f"tensor<{len(a)}x{element}>"
    binary = [op for op in INT_BINARY]
    unary = [op for op in INT_UNARY if not (op in ("abs", "sign") and element.startswith("ui"))]
    kind = "UNSIGNED" if element.startswith("ui") else "SIGNED"
    lines = [f"  %b{k} = stablehlo.{op} %x, %y : {t}" for k, op in enumerate(binary)]
    lines += [f"  %u{k} = stablehlo.{op} %x : {t}" for k, op in enumerate(unary)]
    lines += [f"  %c = stablehlo.compare LT, %x, %y, {kind} : ({t}, {t}) -> tensor<{n}xi1>",
              f"  %w = stablehlo.convert %x : ({t}) -> tensor<{n}xi32>",
              f"  %f = stablehlo.convert %x : ({t}) -> tensor<{n}xf32>",
              f"  %i = stablehlo.iota dim = 0 : {t}",
              f"  %back = stablehlo.convert %w : (tensor<{n}xi32>) -> {t}"]
    names = [f"%b{k}" for k in range(len(binary))] + [f"%u{k}" for k in range(len(unary))]
    types = [t] * len(names) + [f"tensor<{n}xi1>", f"tensor<{n}xi32>", f"tensor<{n}xf32>", t, t]
    text = (f"func.func @main(%x: {t}, %y: {t}) -> ({', '.join(types)}) {{\n" + "\n".join(lines) +
            f"\n  return {', '.join(names)}, %c, %w, %f, %i, %back : {', '.join(types)}\n}}")
    got = stablehlo_py.compile(text, backend="compiled")(a, b)
    expected = stablehlo_py.interpret(text, a, b)
    for name, g, e in zip(binary + unary + ["compare", "to i32", "to f32", "iota", "from i32"], got, expected):
        assert_same([g], [e], context=f"{name} on {element}")


@pytest.mark.parametrize("element", INTS)
def test_shifts_by_the_width_on_scalars(element):
    """Rank-0 shifts run as scalar code, where x86 takes the amount modulo the width (vector
    shifts give 0): amounts of exactly the width, and past it, must give 0 or the sign fill."""
    dtype = DTYPES[element]
    width = 8 * dtype.itemsize
    t = f"tensor<{element}>"
    text = f"""func.func @main(%x: {t}, %n: {t}) -> ({t}, {t}, {t}) {{
  %0 = stablehlo.shift_left %x, %n : {t}
  %1 = stablehlo.shift_right_logical %x, %n : {t}
  %2 = stablehlo.shift_right_arithmetic %x, %n : {t}
  return %0, %1, %2 : {t}, {t}, {t}
}}"""
    run = stablehlo_py.compile(text, backend="compiled")
    for x in (np.iinfo(dtype).min, -3 if element in ("i8", "i16", "i32", "i64") else 3, 5):
        for n in (width - 1, width, width + 1):
            args = (np.asarray(x).astype(dtype), np.asarray(n).astype(dtype))
            assert_same(run(*args), stablehlo_py.interpret(text, *args), context=f"{element} {x} by {n}")


def _softmax_program(shape: tuple, element: str, keep: int) -> str:
    """jax.nn.softmax's StableHLO over the dimensions after the first `keep`: a max and a sum
    reduced per row and read back by row (blocked with numpy's exp: BlockedElementwise.cpp)."""
    t = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    r = f"tensor<{'x'.join(map(str, shape[:keep]))}x{element}>"
    dims, kept = list(range(keep, len(shape))), list(range(keep))
    return f"""func.func @main(%x: {t}) -> {t} {{
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<{element}>
  %zero = stablehlo.constant dense<0.0> : tensor<{element}>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = {dims} : ({t}, tensor<{element}>) -> {r}
  %mb = stablehlo.broadcast_in_dim %m, dims = {kept} : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.exponential %d : {t}
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = {dims} : ({t}, tensor<{element}>) -> {r}
  %sb = stablehlo.broadcast_in_dim %s, dims = {kept} : ({r}) -> {t}
  %y = stablehlo.divide %e, %sb : {t}
  return %y : {t}
}}"""


# The whole softmax runs in blocks of rows (BlockedElementwise.cpp): numpy's max, x - max,
# numpy's exp, the sum, the division. Sums of at least 2^14 elements are BLAS's (gemv, in blocks
# of a multiple of 4 rows where the rows number a multiple of 4; else whole, after the blocks:
# 1001, 2 and 30 rows), the others numpy's. Rows long (3000: 4 a block), short (37, 33, 8), over
# two dimensions, a last block shorter than the others (300 x 37), rows too long for a block
# (4100: not blocked).
@pytest.mark.parametrize("shape, keep", [((512, 1024), 1), ((8, 3000), 1), ((300, 37), 1), ((12, 40, 50), 1),
                                         ((16, 50, 64), 2), ((1000, 33), 1), ((1001, 40), 1), ((2, 16384), 1),
                                         ((4096, 8), 1), ((20, 30, 40), 2), ((30, 7000), 1), ((64, 4100), 1)])
@pytest.mark.parametrize("element", ["f32", "f64"])
def test_softmax_rows_in_blocks_are_the_interpreters(shape, keep, element):
    rng = np.random.default_rng(len(shape) + shape[-1])
    x = (3 * rng.standard_normal(shape)).astype(DTYPES[element])
    flat = x.reshape(-1)
    flat[:7] = [np.inf, -np.inf, np.nan, -0.0, 0.0, 1e30, -1e30]  # the first rows' edge values
    x[-1] = -np.inf  # a row (or rows) of -inf: NaN throughout
    text = _softmax_program(shape, element, keep)
    expected = stablehlo_py.interpret(text, x)
    got = stablehlo_py.compile(text, backend="compiled")(x)
    assert_same(got, expected, context=f"softmax {shape} {element}")
    # the interpreter against numpy's formula, where the rows are finite
    axes = tuple(range(keep, len(shape)))
    with np.errstate(all="ignore"):
        e = np.exp(x - x.max(axis=axes, keepdims=True))
        oracle = e / e.sum(axis=axes, keepdims=True)
    finite = np.isfinite(x).all(axis=axes)
    np.testing.assert_allclose(expected[0][finite], oracle[finite], rtol=1e-5 if element == "f32" else 1e-12)


def _layer_norm_program(rows: int, length: int, element: str) -> str:
    """jax's layer norm over the last axis: two sums read back by row, the scale and offset by
    column (all in one block loop: BlockedElementwise.cpp)."""
    t, r, c = f"tensor<{rows}x{length}x{element}>", f"tensor<{rows}x{element}>", f"tensor<{length}x{element}>"
    return f"""func.func @main(%x: {t}, %g: {c}, %b: {c}) -> {t} {{
  %zero = stablehlo.constant dense<0.0> : tensor<{element}>
  %n = stablehlo.constant dense<{float(length)}> : {r}
  %eps = stablehlo.constant dense<1.0e-5> : {r}
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : ({t}, tensor<{element}>) -> {r}
  %mean = stablehlo.divide %s, %n : {r}
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %sq = stablehlo.multiply %d, %d : {t}
  %v = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : ({t}, tensor<{element}>) -> {r}
  %var = stablehlo.divide %v, %n : {r}
  %ve = stablehlo.add %var, %eps : {r}
  %inv = stablehlo.rsqrt %ve : {r}
  %ib = stablehlo.broadcast_in_dim %inv, dims = [0] : ({r}) -> {t}
  %y = stablehlo.multiply %d, %ib : {t}
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : ({c}) -> {t}
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : ({c}) -> {t}
  %yg = stablehlo.multiply %y, %gb : {t}
  %out = stablehlo.add %yg, %bb : {t}
  return %out : {t}
}}"""


@pytest.mark.parametrize("rows, length", [(512, 1024), (1000, 33), (30, 7000), (64, 4100)])
@pytest.mark.parametrize("element", ["f32", "f64"])
def test_layer_norm_rows_and_columns_in_blocks_are_the_interpreters(rows, length, element):
    rng = np.random.default_rng(rows + length)
    x = (3 * rng.standard_normal((rows, length)) + 1).astype(DTYPES[element])
    g, b = (rng.standard_normal(length).astype(DTYPES[element]) for _ in range(2))
    text = _layer_norm_program(rows, length, element)
    expected = stablehlo_py.interpret(text, x, g, b)
    got = stablehlo_py.compile(text, backend="compiled")(x, g, b)
    assert_same(got, expected, context=f"layer norm {rows}x{length} {element}")
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    oracle = (x - mean) / np.sqrt(var + 1e-5) * g + b
    np.testing.assert_allclose(expected[0], oracle, rtol=1e-4 if element == "f32" else 1e-10,
                               atol=1e-4 if element == "f32" else 1e-10)


@pytest.mark.parametrize("op", sorted(OURS_IN_F32 | {"logistic"}))
def test_f32_ours_are_the_interpreters_on_random_bits(op):
    """Our f32 expm1 (f64 arith code, vectorized) and log1p (f32 arith code; both the interpreter's
    numerics/log1p_expm1.py) and exp (f32 arith code; numerics/exponential.py), and logistic on that exp
    (an f32 math.exp there was a numpy-loop call per element, 53 ms per 1M): bit for bit on 2^20
    random bit patterns and the edges, on a tensor and on 0-d values in a loop (every input
    once: the exhaustive check, test/conformance/f32_math_exhaustive.py, found no difference)."""
    bits = np.random.default_rng(32).integers(0, 1 << 32, 1 << 20, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([np.array(edges("f32"), np.float32), bits.view(np.float32)])
    t = f"tensor<{len(x)}xf32>"
    text = f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.{op} %x : {t}\n  return %0 : {t}\n}}"
    assert_same(stablehlo_py.compile(text, backend="compiled")(x), stablehlo_py.interpret(text, x),
                context=f"{op} on f32")
    few = x[:4096]
    loop = _scalar_loop("f32", op, len(few))
    assert_same(stablehlo_py.compile(loop, backend="compiled")(few), stablehlo_py.interpret(loop, few),
                context=f"{op} on f32 scalars")


def _exp_program(element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.exponential %x : {t}\n  return %0 : {t}\n}}"


def test_f32_exp_at_its_thresholds_and_subnormal_results_is_the_interpreters():
    """Our f32 exp where its two-step scaling matters: results near overflow (n = 128), subnormal
    and vanishing ones, and the thresholds themselves (exp(88.72283) finite, exp(-103.972084) 0)."""
    x = np.concatenate([np.array([88.72283, 88.72284, -103.97207, -103.972084, -87.33654, -87.33655, 0.0, -0.0,
                                  np.inf, -np.inf, np.nan], np.float32),
                        np.linspace(-104.5, -86.5, 1 << 14, dtype=np.float32),
                        np.linspace(87.5, 89.0, 1 << 12, dtype=np.float32)])
    text = _exp_program("f32", len(x))
    expected = stablehlo_py.interpret(text, x)
    assert_same(stablehlo_py.compile(text, backend="compiled")(x), expected, context="exp thresholds")
    assert np.isposinf(expected[0][1]) and expected[0][2] > 0 and expected[0][3] == 0 and expected[0][4] > 0


@pytest.mark.parametrize("element", ["f16", "bf16"])
def test_exp_on_every_narrow_float_is_the_interpreters(element):
    """f16 and bf16 exp compute in our f32 code and round once, in both backends."""
    import ml_dtypes

    dtype = ml_dtypes.bfloat16 if element == "bf16" else np.float16
    x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(dtype)
    text = _exp_program(element, len(x))
    assert_same(stablehlo_py.compile(text, backend="compiled")(x), stablehlo_py.interpret(text, x),
                context=f"exp on every {element}")


@pytest.mark.parametrize("element", ["f32", "f16", "bf16"])
def test_tanh_where_its_forms_meet_and_saturate_is_the_interpreters(element):
    """Our tanh (f32 arith code; numerics/tanh.py) around SPLIT (the polynomial gives way to
    1 - 1/D), where it reaches 1 (|x| = 9.011) and its clamp (9.25), tiny and subnormal x; f16 and
    bf16 on every value (computed in our f32 code, rounded once), in both backends."""
    import ml_dtypes

    if element == "f32":
        x = np.concatenate([np.linspace(a, b, 1 << 12, dtype=np.float32)
                            for a, b in ((0.53, 0.57), (8.9, 9.3), (-0.57, -0.53), (-2.0 ** -11, 2.0 ** -11))] +
                           [np.arange(0, 1 << 12, dtype=np.uint32).view(np.float32), np.array(edges("f32"), np.float32)])
    else:
        dtype = ml_dtypes.bfloat16 if element == "bf16" else np.float16
        x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(dtype)
    t = f"tensor<{len(x)}x{element}>"
    text = f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.tanh %x : {t}\n  return %0 : {t}\n}}"
    assert_same(stablehlo_py.compile(text, backend="compiled")(x), stablehlo_py.interpret(text, x),
                context=f"tanh on {element}")
