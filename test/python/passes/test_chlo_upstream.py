"""chlo-legalize-to-stablehlo (upstream's decompositions, python/stablehlo_py/passes/chlo_upstream.py):
the interpreter runs each special function before the pass (its own accurate chlo kernel) and
after it (upstream's formulas) on random and edge inputs. Edge inputs (NaN, +-inf, +-0, the poles
of lgamma/digamma, erf_inv(+-1)) give the same value class (NaN, the same infinity, finite); on
the random inputs the error |after - before| / max(|before|, 1), in units of the type's epsilon,
stays within a bound set from the error jaxlib's XLA makes on the same inputs (measured when this
was written, given next to each bound: upstream's formulas are XLA's, so the two are alike).
sinh, cosh and the inverse trigonometric and hyperbolic functions (computed in the type itself,
f16 and bf16 too, as upstream) likewise."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.passes.chlo_upstream import legalize_chlo_upstream

NAMES = {np.float16: "f16", ml_dtypes.bfloat16: "bf16", np.float32: "f32", np.float64: "f64"}
N = 2000

# error bound in epsilons per (op, type); in comments: the maximum measured after the pass / XLA's
# (jax.lax's functions, jaxlib on CPU), same inputs and measure
TOLERANCE = {
    ("erf", "f32"): 4, ("erf", "f64"): 2,                    # 2.5 / 2.0, 0.5 / 1.0
    ("erfc", "f32"): 2, ("erfc", "f64"): 2,                  # 0.87 / 0.92, 1.0 / 1.1
    ("erf_inv", "f32"): 12, ("erf_inv", "f64"): 12,          # 6.4 / 6.4, 5.3 / 10
    ("lgamma", "f32"): 40, ("lgamma", "f64"): 24,            # 22.9 / 22.9, 14 / 14
    ("digamma", "f32"): 15, ("digamma", "f64"): 16,          # 7.5 / 7.5, 8 / 8
    ("bessel_i1e", "f32"): 3, ("bessel_i1e", "f64"): 2,      # 1.25 / 1.0, 0 / 0.88
    ("zeta", "f32"): 4, ("zeta", "f64"): 6,                  # 2.0 / 2.0, 2.75 / 2.75
    ("polygamma", "f32"): 20, ("polygamma", "f64"): 14,      # 10.4 / 10.4, 6.9 / 6.9
}
# narrow floats are computed in f32 and rounded: within one unit of the type
NARROW = 1.0

UNARY = ["erf", "erfc", "erf_inv", "lgamma", "digamma", "bessel_i1e"]
BINARY = ["zeta", "polygamma"]
EDGES = {
    "erf": [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 4.0, 30.0],
    "erfc": [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 10.0, 30.0, -30.0],
    "erf_inv": [np.nan, 1.0, -1.0, 0.0, -0.0, 0.5, 2.0, -2.0],
    "lgamma": [np.nan, np.inf, -np.inf, 0.0, -1.0, -2.0, -10.0, 1.0, 2.0, 1e30],
    "digamma": [np.nan, np.inf, 0.0, -0.0, -1.0, -2.0, -10.0, 1.0, 0.5, 1e10],
    "bessel_i1e": [np.nan, np.inf, -np.inf, 0.0, -0.0, 8.0, 1e10],
}


def _program(op, dtype, n, binary) -> str:
    t = f"tensor<{n}x{NAMES[dtype]}>"
    if binary:
        return (f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n  %r = chlo.{op} %a, %b : {t}, {t} -> {t}\n"
                f"  return %r : {t}\n}}")
    return f"func.func @main(%a: {t}) -> {t} {{\n  %r = chlo.{op} %a : {t} -> {t}\n  return %r : {t}\n}}"


def _lowered(text) -> str:
    module = stablehlo_py.parse_module(text)
    module.context.dialects["shape"]
    with module.context, module.operation.location:
        legalize_chlo_upstream(module.operation)
    lowered = str(module)
    assert "chlo." not in lowered
    return lowered


def _before_after(op, dtype, args):
    text = _program(op, dtype, len(args[0]), len(args) == 2)
    (before,) = stablehlo_py.interpret(text, *args)
    (after,) = stablehlo_py.interpret(_lowered(text), *args)
    return np.asarray(before).astype(np.float64), np.asarray(after).astype(np.float64)


def _random(op, dtype):
    rng = np.random.default_rng(7)
    if op == "zeta":
        return [rng.uniform(1.1, 8, N).astype(dtype), rng.uniform(0.1, 10, N).astype(dtype)]
    if op == "polygamma":
        return [rng.integers(0, 5, N).astype(dtype), rng.uniform(0.1, 10, N).astype(dtype)]
    low, high = {"erf_inv": (-1, 1), "lgamma": (-20, 20), "digamma": (-20, 20), "bessel_i1e": (-30, 30)}.get(op, (-6, 6))
    return [rng.uniform(low, high, N).astype(dtype)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, ml_dtypes.bfloat16], ids=lambda d: NAMES[d])
@pytest.mark.parametrize("op", UNARY + BINARY)
def test_random_inputs_within_xlas_error(op, dtype):
    before, after = _before_after(op, dtype, _random(op, dtype))
    assert np.array_equal(np.isnan(before), np.isnan(after))
    finite = np.isfinite(before)
    assert np.array_equal(after[~finite], before[~finite], equal_nan=True)
    eps = float(ml_dtypes.finfo(dtype).eps)
    error = np.abs(after[finite] - before[finite]) / np.maximum(np.abs(before[finite]), 1.0) / eps
    bound = TOLERANCE.get((op, NAMES[dtype]), NARROW)
    assert error.max() <= bound, (op, NAMES[dtype], error.max())


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: NAMES[d])
@pytest.mark.parametrize("op", list(EDGES))
def test_edge_inputs_same_class(op, dtype):
    x = np.array(EDGES[op], dtype)
    before, after = _before_after(op, dtype, [x])
    assert np.array_equal(np.isnan(before), np.isnan(after)), (x, before, after)
    infinite = np.isinf(before) | np.isinf(after)
    assert np.array_equal(before[infinite], after[infinite]), (x, before, after)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: NAMES[d])
def test_zeta_and_polygamma_domain(dtype):
    """zeta: NaN for x < 1, +inf at x = 1 and at the poles q = 0, -1, ... for even x; polygamma:
    NaN for n not natural, digamma for n = 0 (NaN at its poles, 0 among them)."""
    x = np.array([0.5, 1.0, 2.0, 3.0, 2.0, 2.5, np.nan], dtype)
    q = np.array([1.0, 2.0, 0.0, -1.0, np.inf, -0.5, 1.0], dtype)
    before, after = _before_after("zeta", dtype, [x, q])
    assert np.array_equal(np.isnan(before), np.isnan(after)) and np.array_equal(np.isinf(before), np.isinf(after))
    n = np.array([0.0, 0.0, 1.5, -1.0, 1.0, 2.0], dtype)
    y = np.array([0.0, 2.0, 1.0, 1.0, 0.0, -1.0], dtype)
    before, after = _before_after("polygamma", dtype, [n, y])
    assert np.array_equal(np.isnan(before), np.isnan(after)), (before, after)
    assert np.isnan(after[0]) and np.isnan(after[2]) and np.isnan(after[3])


# sinh, cosh (f32 for narrow floats) and the inverse functions computed in the type itself, as
# upstream: bound in epsilons of the type (max measured after the pass / XLA's, f32 and f64);
# the inverse functions and tan are within an ulp in every type (f16 and bf16 too)
IN_TYPE = {"sinh": (8, 3), "cosh": (8, 3)}            # 5.0 / 4.9, 1.7 / 1.7; 5.5 / 4.9, 1.7 / 1.7
IN_TYPE_RANGE = {"asin": (-1, 1), "acos": (-1, 1), "atanh": (-1, 1), "acosh": (1, 50), "tan": (-1.5, 1.5),
                 "atan": (-10, 10), "asinh": (-10, 10), "sinh": (-10, 10), "cosh": (-10, 10)}
IN_TYPE_EDGES = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, ml_dtypes.bfloat16], ids=lambda d: NAMES[d])
@pytest.mark.parametrize("op", list(IN_TYPE_RANGE))
def test_hyperbolic_and_inverse_functions(op, dtype):
    low, high = IN_TYPE_RANGE[op]
    x = np.random.default_rng(7).uniform(low, high, N).astype(dtype)
    before, after = _before_after(op, dtype, [x])
    assert np.array_equal(np.isnan(before), np.isnan(after)) and np.array_equal(np.isinf(before), np.isinf(after))
    finite = np.isfinite(before)
    error = np.abs(after[finite] - before[finite]) / np.maximum(np.abs(before[finite]), 1.0) / float(
        ml_dtypes.finfo(dtype).eps)
    bound = IN_TYPE.get(op, (2, 2))[dtype == np.float64] if dtype in (np.float32, np.float64) else 2
    assert error.max() <= bound, (op, NAMES[dtype], error.max())
    edges = np.array(IN_TYPE_EDGES, dtype)
    before, after = _before_after(op, dtype, [edges])
    assert np.array_equal(np.isnan(before), np.isnan(after)), (edges, before, after)
    infinite = np.isinf(before) | np.isinf(after)
    assert np.array_equal(before[infinite], after[infinite]), (edges, before, after)
