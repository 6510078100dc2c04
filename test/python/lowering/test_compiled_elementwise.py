"""The compiled backend (stablehlo_py.lowering) against the interpreter on every element-wise
op and element type it takes: bit for bit wherever the spec is exact, within a measured ULP bound
for the transcendental functions (libm's, through LLVM, against numpy's). Inputs: every pair of
edge values (NaN with payloads, +-inf, +-0, subnormals, integer limits, shift amounts around the
width) and seeded random values. One program per element type and op kind, each op a result."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same, assert_ulp
from testing.native_values import (BOOL_BINARY, DTYPES, FLOAT_BINARY, FLOAT_UNARY, FLOATS, INT_BINARY, INT_UNARY,
                                   INTS, compares, edges, randoms)

import stablehlo_py

# libm (compiled) and numpy (interpreter) may round these differently. Bounds measured on these
# inputs: f16 (computed in f32 by both, then rounded) agrees exactly; f32 and f64 within 1 ULP,
# except atan2 on f32 and logistic (1 / (1 + exp(-x)), two roundings) within 2.
TRANSCENDENTAL = {"atan2", "power", "exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine",
                  "cosine", "tan", "logistic", "rsqrt"}
_ULPS = {"f16": 0, "f32": 1, "f64": 1}
_WIDER = {("atan2", "f32"): 2, ("logistic", "f32"): 2, ("logistic", "f64"): 2}


def _pairs(element: str) -> tuple:
    values = edges(element) + randoms(element, 24)
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
        if op in TRANSCENDENTAL and element in FLOATS:
            assert_ulp([g], [e], _WIDER.get((op, element), _ULPS[element]), context=f"{op} on {element}")
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
