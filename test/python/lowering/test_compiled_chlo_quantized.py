"""chlo and quantized programs on the compiled backend: its pipeline runs stablehlo-py-chlo-legalize-to-stablehlo
and stablehlo-py-legalize-quant-to-exact-math before the lowering (docs/lowering.md). Quantized arithmetic
is exact, so results equal the interpreter's bits. chlo's math functions are upstream's
decompositions (what XLA computes), not the interpreter's kernels: each is bounded by the error
measured against the interpreter on random points (4,096 per op and type, docs/lowering.md), and
the special points where the two differ are pinned as measured."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same
from testing.ulps import ulp_distance

import stablehlo_py

_RNG = np.random.default_rng(5)

# op: (range of the random points, max ULP apart for f32, for f64), as measured on 5 draws of
# 4,096 points (+1 for slack in another draw).
_CHLO = {
    "acos": ((-1, 1), 3, 2), "acosh": ((1, 50), 2, 3), "asin": ((-1, 1), 3, 2),
    "asinh": ((-50, 50), 3, 2), "atan": ((-50, 50), 2, 2), "atanh": ((-1, 1), 3, 2),
    "cosh": ((-20, 20), 5, 3), "sinh": ((-20, 20), 6, 4), "erf": ((-5, 5), 3, 2),
    "erfc": ((-5, 10), 9, 12), "erf_inv": ((-1, 1), 5, 7), "tan": ((-3, 3), 4, 1),
    "square": ((-1e3, 1e3), 0, 0), "bessel_i1e": ((-20, 20), 13, 1),
}


def _unary(op: str, element: str, n: int) -> str:
    return f"""func.func @main(%x: tensor<{n}x{element}>) -> tensor<{n}x{element}> {{
  %0 = chlo.{op} %x : tensor<{n}x{element}> -> tensor<{n}x{element}>
  return %0 : tensor<{n}x{element}>
}}"""


@pytest.mark.parametrize("element, dtype", [("f32", np.float32), ("f64", np.float64)])
@pytest.mark.parametrize("op", sorted(_CHLO))
def test_chlo_math_within_its_measured_error(op, element, dtype):
    (low, high), f32_ulps, f64_ulps = _CHLO[op]
    x = _RNG.uniform(low, high, 1024).astype(dtype)
    x[:5] = [0.0, -0.0, np.inf, -np.inf, np.nan]
    text = _unary(op, element, x.size)
    got = stablehlo_py.compile(text, backend="compiled")(x)[0]
    want = stablehlo_py.interpret(text, x)[0]
    assert ulp_distance(got, want).max() <= (f32_ulps if element == "f32" else f64_ulps), op


def test_where_the_decompositions_differ_from_the_interpreter():
    # Upstream's decompositions, measured: digamma's pole at 0 is -inf (the interpreter and
    # XLA: NaN), lgamma(1) is 2^-21 (the interpreter: 0). docs/lowering.md lists them.
    x = np.array([0.0, 1.0, 2.0, -2.5], np.float32)
    digamma = stablehlo_py.compile(_unary("digamma", "f32", 4), backend="compiled")(x)[0]
    lgamma = stablehlo_py.compile(_unary("lgamma", "f32", 4), backend="compiled")(x)[0]
    assert digamma[0] == -np.inf and np.isnan(stablehlo_py.interpret(_unary("digamma", "f32", 4), x)[0][0])
    assert lgamma[1] == np.float32(2.0**-21) and lgamma[2] == 0.0


def test_chlo_broadcasting_ops_are_exact():
    text = """func.func @main(%x: tensor<2x3xi32>, %y: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi1>) {
  %0 = chlo.broadcast_add %x, %y {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = chlo.broadcast_compare %x, %y {broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi1>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi1>
}"""
    x = _RNG.integers(-2**31, 2**31, (2, 3), dtype=np.int32)
    y = _RNG.integers(-2**31, 2**31, 3, dtype=np.int32)
    assert_same(stablehlo_py.compile(text, backend="compiled")(x, y), stablehlo_py.interpret(text, x, y))


def test_quantized_arithmetic_is_the_interpreters():
    text = """func.func @main(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %q = stablehlo.uniform_quantize %x : (tensor<64xf32>) -> tensor<64x!quant.uniform<i8:f32, 0.5:3>>
  %r = stablehlo.uniform_quantize %y : (tensor<64xf32>) -> tensor<64x!quant.uniform<i8:f32, 0.25:-2>>
  %s = stablehlo.add %q, %r : (tensor<64x!quant.uniform<i8:f32, 0.5:3>>, tensor<64x!quant.uniform<i8:f32, 0.25:-2>>) -> tensor<64x!quant.uniform<i8:f32, 0.75:1>>
  %d = stablehlo.uniform_dequantize %s : (tensor<64x!quant.uniform<i8:f32, 0.75:1>>) -> tensor<64xf32>
  %e = stablehlo.uniform_dequantize %q : (tensor<64x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<64xf32>
  return %d, %e : tensor<64xf32>, tensor<64xf32>
}"""
    x = _RNG.uniform(-100, 100, 64).astype(np.float32)
    y = _RNG.uniform(-40, 40, 64).astype(np.float32)
    x[:4] = [0.25, 0.75, -0.25, 63.75]  # ties of the quantization step
    assert_same(stablehlo_py.compile(text, backend="compiled")(x, y), stablehlo_py.interpret(text, x, y))
