"""stablehlo-legalize-quant-to-math, upstream's decomposition (python/stablehlo_py/passes/quant_upstream.py).

Upstream's output form is checked by upstream's own test file (test/conformance/upstream_passes.py);
here the semantics, family by family: the interpreter runs each program before and after the
pass on the same random arrays (quantized arguments and results as their storage integers). The
tolerance is what upstream's formulas imply: dequantization, and the ops kept on storage
integers, are exact; quantization adds the zero point in float before rounding (a tie
x / scale = k + 1/2 then rounds to the even neighbour of k + zp + 1/2, one storage unit off
where zp is odd), requantization rounds the merged scale and zero point in float, and add rounds
each requantized operand on its own: at most one storage unit in every case. NaN is left out
(upstream clamps, rounds and converts it; the interpreter gives storage_min).
"""

from __future__ import annotations

import numpy as np
import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py.lowering.pipeline import pipeline
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.quant_upstream import UPSTREAM_QUANT_TO_MATH, legalize_quant_to_math_upstream
from stablehlo_py.passes.quantization import QUANT_TO_EXACT_MATH
from stablehlo_py.passes.registry import PASS_NAMES, add_pass
from testing.seeds import reseeded_per_test

RNG = np.random.default_rng(20261201)
_inputs_of_each_test = reseeded_per_test()


def lower(text: str):
    module = stablehlo_py.parse_module(text)
    pm = PassManager("builtin.module", context=module.context)
    add_pass(pm, UPSTREAM_QUANT_TO_MATH)
    pm.run(module.operation)
    assert module.operation.verify()
    assert "!quant" not in str(module), str(module)
    return module


def compare(text: str, *args, units: int = 1):
    """interpret(pass(text)) within `units` storage units of interpret(text) (exact for 0)."""
    want = stablehlo_py.interpret(text, *args)
    got = stablehlo_py.interpret(lower(text), *args)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if units == 0 or w.dtype.kind == "f":
            assert g.tobytes() == w.tobytes(), (g, w)
        else:
            difference = np.abs(g.astype(np.int64) - w.astype(np.int64))
            assert difference.max() <= units, (g, w)
    return want


def floats(n, scale, low, high):
    """Finite values around the storage range of a scale, ties of the step among them, and ±inf."""
    x = RNG.uniform((low - 8) * scale, (high + 8) * scale, n)
    ties = (RNG.integers(low, high, n) + 0.5) * scale
    x = np.where(RNG.random(n) < 0.2, ties, x).astype(np.float32)
    x[:4] = [np.inf, -np.inf, 0.0, -0.0]
    return x


def ints(n, dtype=np.int8):
    info = np.iinfo(dtype)
    return RNG.integers(info.min, info.max, n, endpoint=True).astype(dtype)


def test_names_upstreams_pass_and_ours_and_the_compiled_pipeline_runs_ours():
    assert UPSTREAM_QUANT_TO_MATH == "stablehlo-legalize-quant-to-math"
    assert UPSTREAM_QUANT_TO_MATH in PASS_NAMES and QUANT_TO_EXACT_MATH in PASS_NAMES
    compiled = pipeline(compiled_backend=True)
    assert QUANT_TO_EXACT_MATH in compiled and "stablehlo-legalize-quant-to-math" not in compiled


@pytest.mark.parametrize("q", ["i8:f32, 0.37:3", "i8:f32, 0.5:-4", "i4:f32, 1.25:1", "i16:f32, 0.01:-7",
                               "i32:f32, 3.0:5"])
def test_quantize_per_tensor(q):
    n = 512
    scale = float(q.split(",")[1].split(":")[0])
    storage = q.split(":")[0]
    bits = int(storage[1:])
    text = f"""func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}x!quant.uniform<{q}>> {{
  %q = stablehlo.uniform_quantize %x : (tensor<{n}xf32>) -> tensor<{n}x!quant.uniform<{q}>>
  return %q : tensor<{n}x!quant.uniform<{q}>>
}}"""
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    x = floats(n, scale, max(low, -(1 << 20)), min(high, 1 << 20))
    if bits == 32:
        # upstream clamps to the i32 range in f32, whose top rounds up to 2**31: converting it wraps
        x = x[np.isfinite(x)].repeat(2)[:n]
    compare(text, x)


@pytest.mark.parametrize("q", ["i8:f32:1, {0.3:-3, 1.7:5, 0.125:0}", "i8:f32, 0.37:3", "i8:f32, 0.37"])
def test_dequantize_is_exact(q):
    text = f"""func.func @main(%q: tensor<86x3x!quant.uniform<{q}>>) -> tensor<86x3xf32> {{
  %d = stablehlo.uniform_dequantize %q : (tensor<86x3x!quant.uniform<{q}>>) -> tensor<86x3xf32>
  return %d : tensor<86x3xf32>
}}"""
    compare(text, ints(258).reshape(86, 3), units=0)


def test_quantize_per_axis():
    q = "i8:f32:1, {0.3:-3, 1.7:5, 0.125:0}"
    text = f"""func.func @main(%x: tensor<256x3xf32>) -> tensor<256x3x!quant.uniform<{q}>> {{
  %q = stablehlo.uniform_quantize %x : (tensor<256x3xf32>) -> tensor<256x3x!quant.uniform<{q}>>
  return %q : tensor<256x3x!quant.uniform<{q}>>
}}"""
    x = np.stack([floats(256, s, -128, 127) for s in (0.3, 1.7, 0.125)], axis=1)
    compare(text, x)


@pytest.mark.parametrize("source, target", [
    ("i8:f32, 0.7:3", "i8:f32, 0.3:-1"),
    ("i8:f32, 10.0:3", "i8:f32, 5.0"),
    ("i8:f32:1, {1.1:3, 0.5:2}", "i8:f32:1, {0.6:1, 0.9:-1}"),
    ("i8:f32:1, {1.1:3, 0.5:2}", "i8:f32, 0.7:1"),
    ("i8:f32, 0.7:2", "i8:f32:1, {0.6:1, 0.9:-1}"),
])
def test_requantization(source, target):
    text = f"""func.func @main(%q: tensor<128x2x!quant.uniform<{source}>>) -> tensor<128x2x!quant.uniform<{target}>> {{
  %r = stablehlo.uniform_quantize %q : (tensor<128x2x!quant.uniform<{source}>>) -> tensor<128x2x!quant.uniform<{target}>>
  return %r : tensor<128x2x!quant.uniform<{target}>>
}}"""
    compare(text, ints(256).reshape(128, 2))


@pytest.mark.parametrize("a, b, r", [
    ("i8:f32, 0.5:3", "i8:f32, 0.5:3", "i8:f32, 0.5:3"),
    ("i8:f32, 0.7:3", "i8:f32, 0.5:-1", "i8:f32, 0.5:-1"),
    ("i8:f32, 0.7:3", "i8:f32, 0.3:2", "i8:f32, 0.5:-1"),
    ("i4:f32, 1.0:1", "i4:f32, 1.0:1", "i4:f32, 1.0:1"),
])
def test_add_per_tensor_in_integers(a, b, r):
    text = f"""func.func @main(%a: tensor<512x!quant.uniform<{a}>>, %b: tensor<512x!quant.uniform<{b}>>) -> tensor<512x!quant.uniform<{r}>> {{
  %s = stablehlo.add %a, %b : (tensor<512x!quant.uniform<{a}>>, tensor<512x!quant.uniform<{b}>>) -> tensor<512x!quant.uniform<{r}>>
  return %s : tensor<512x!quant.uniform<{r}>>
}}"""
    if a.startswith("i4"):
        import ml_dtypes
        args = [RNG.integers(-8, 8, 512).astype(ml_dtypes.int4) for _ in range(2)]
    else:
        args = [ints(512), ints(512)]
    printed = str(lower(text))
    assert "chlo.broadcast_add" in printed and "xf32>) -> tensor<512xf32>" not in printed.split("broadcast_add")[1]
    compare(text, *args)


def test_add_per_axis_i32_in_integers():
    q = "i32:f32:1, {0.5:3, 0.25:-2}"
    text = f"""func.func @main(%a: tensor<64x2x!quant.uniform<{q}>>, %b: tensor<64x2x!quant.uniform<{q}>>) -> tensor<64x2x!quant.uniform<{q}>> {{
  %s = stablehlo.add %a, %b : tensor<64x2x!quant.uniform<{q}>>
  return %s : tensor<64x2x!quant.uniform<{q}>>
}}"""
    args = [RNG.integers(-(1 << 20), 1 << 20, (64, 2)).astype(np.int32) for _ in range(2)]
    compare(text, *args, units=0)


@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_same_type_maximum_minimum_and_select_stay_on_storage_integers(op):
    q = "i8:f32, 0.3:-5"
    t = f"tensor<64x!quant.uniform<{q}>>"
    text = f"""func.func @main(%p: tensor<64xi1>, %a: {t}, %b: {t}) -> ({t}, {t}) {{
  %m = stablehlo.{op} %a, %b : {t}
  %s = stablehlo.select %p, %a, %b : tensor<64xi1>, {t}
  return %m, %s : {t}, {t}
}}"""
    printed = str(lower(text))
    assert f"stablehlo.{op} %arg1, %arg2 : tensor<64xi8>" in printed
    compare(text, RNG.random(64) < 0.5, ints(64), ints(64), units=0)


def test_other_ops_go_through_qdq():
    q = "i8:f32, 0.05:2"
    t = f"tensor<64x!quant.uniform<{q}>>"
    text = f"""func.func @main(%a: {t}, %b: {t}) -> {t} {{
  %m = stablehlo.multiply %a, %b : {t}
  %t = stablehlo.tanh %m : {t}
  return %t : {t}
}}"""
    compare(text, ints(64), ints(64))


def test_ops_upstream_does_not_legalize_fail_the_pass():
    text = """func.func @main(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 0.5>> {
  %r = stablehlo.reverse %a, dims = [0] : tensor<4x!quant.uniform<i8:f32, 0.5>>
  return %r : tensor<4x!quant.uniform<i8:f32, 0.5>>
}"""
    module = stablehlo_py.parse_module(text)
    with module.context, pytest.raises(PassError, match="failed to legalize operation 'stablehlo.reverse'"):
        legalize_quant_to_math_upstream(module.operation)
    assert "stablehlo.reverse" in str(module) and "!quant" in str(module)  # nothing changed


# dot_general and convolution: the integer forms (the spec wants rhs zero points of 0: dot_general
# C15, so the lhs-sum term upstream also has is not reached here) (combined scale s_l * s_r / s_o of 1: exact; else
# the dot and the zero points' terms are each scaled in float and truncated to i32, as upstream
# does: under one unit each, so at most two units from the interpreter's one rounding)
@pytest.mark.parametrize("lhs, rhs, result, units", [
    ("i8:f32, 2.0:3", "i8:f32, 3.0", "i32:f32, 6.0:7", 0),
    ("i8:f32, 2.0:3", "i8:f32, 3.0:0", "i8:f32, 6.0:7", 0),
    ("i8:f32, 2.0:0", "i8:f32, 3.0:0", "i32:f32, 4.0:7", 2),
    ("i8:f32, 0.5:-5", "i8:f32, 0.25", "i8:f32, 1.5:-3", 2),
    ("i8:f32, 2.0:3", "i8<-127:127>:f32:2, {3.0, 4.0}", "i32:f32:2, {6.0, 8.0}", 0),
])
def test_dot_general_in_integers(lhs, rhs, result, units):
    l_t, r_t, o_t = (f"tensor<{s}x!quant.uniform<{q}>>" for s, q in (("2x5x6", lhs), ("2x6x2", rhs), ("2x5x2", result)))
    text = f"""func.func @main(%a: {l_t}, %b: {r_t}) -> {o_t} {{
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({l_t}, {r_t}) -> {o_t}
  return %r : {o_t}
}}"""
    printed = str(lower(text))
    assert "stablehlo.dot_general" in printed and "(tensor<2x5x6xi8>, tensor<2x6x2xi8>) -> tensor<2x5x2xi32>" in printed
    a = ints(60).reshape(2, 5, 6)
    b = np.clip(ints(24), -127, 127).astype(np.int8).reshape(2, 6, 2)
    compare(text, a, b, units=units)


# the legacy dot (not in the spec; upstream's verifier accepts any rhs zero point on it) is the
# dot_general of contracting dims [rank(lhs) - 1] x [0]; both zero points' terms are reached here
@pytest.mark.parametrize("lhs_shape, rhs_shape, static_result", [
    ("2x6", "6x3", "2x3"), ("6", "6x3", "3"), ("2x6", "6", "2"), ("?x6", "6x?", "2x3")])
def test_legacy_dot_with_rhs_zero_point_in_integers(lhs_shape, rhs_shape, static_result):
    out_shape = "x".join("?" if "?" in lhs_shape + rhs_shape else d for d in static_result.split("x"))
    l_t, r_t, o_t = (f"tensor<{s}x!quant.uniform<{q}>>" for s, q in (
        (lhs_shape, "i8:f32, 2.0:3"), (rhs_shape, "i8:f32, 1.0:-5"), (out_shape, "i32:f32, 2.0:7")))
    text = f"""func.func @main(%a: {l_t}, %b: {r_t}) -> {o_t} {{
  %r = stablehlo.dot %a, %b : ({l_t}, {r_t}) -> {o_t}
  return %r : {o_t}
}}"""
    printed = str(lower(text))
    assert "stablehlo.dot_general" in printed and "stablehlo.reduce" in printed
    a = ints(12 if lhs_shape.startswith(("2", "?")) else 6).reshape([2, 6] if "x" in lhs_shape else [6])
    b = ints(18 if "x" in rhs_shape else 6).reshape([6, 3] if "x" in rhs_shape else [6])
    (want,) = compare(text, a, b, units=0)
    exact = (a.astype(np.int64) - 3) @ (b.astype(np.int64) + 5) + 7  # scale 2 * 1 / 2 = 1
    assert want.tolist() == exact.tolist()


@pytest.mark.parametrize("result, units", [("i32:f32, 6.0:5", 0), ("i8:f32, 40.0:5", 2)])
def test_convolution_in_integers_with_padding(result, units):
    l_t, r_t, o_t = "tensor<2x6x6x3x!quant.uniform<i8:f32, 2.0:4>>", "tensor<3x3x3x4x!quant.uniform<i8:f32, 3.0>>", \
        f"tensor<2x5x7x4x!quant.uniform<{result}>>"
    text = f"""func.func @main(%a: {l_t}, %b: {r_t}) -> {o_t} {{
  %r = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {{stride = [1, 1], pad = [[0, 1], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}}
    {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({l_t}, {r_t}) -> {o_t}
  return %r : {o_t}
}}"""
    printed = str(lower(text))
    assert "stablehlo.pad" in printed and "tensor<3x3x3x4xi8>) -> tensor<2x5x7x4xi32>" in printed
    compare(text, ints(216).reshape(2, 6, 6, 3), ints(108).reshape(3, 3, 3, 4), units=units)


@pytest.mark.parametrize("op, rhs", [
    ("dot_general", "i8:f32, 0.37"), ("dot_general", "i8<-127:127>:f32:1, {0.3, 1.7}"),
    ("convolution", "i8:f32, 0.37:3"), ("convolution", "i8:f32:1, {0.3:-3, 1.7:5}")])
def test_hybrid_ops_dequantize_the_rhs_exactly(op, rhs):
    r_t = f"tensor<6x2x!quant.uniform<{rhs}>>"
    if op == "dot_general":
        body = f"stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x6xf32>, {r_t}) -> tensor<5x2xf32>"
    else:  # a 1x1 convolution: 5 points of 6 features
        body = (f"stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {{}} "
                f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<5x6xf32>, {r_t}) -> tensor<5x2xf32>")
    text = f"""func.func @main(%a: tensor<5x6xf32>, %b: {r_t}) -> tensor<5x2xf32> {{
  %r = {body}
  return %r : tensor<5x2xf32>
}}"""
    assert "stablehlo.optimization_barrier" in str(lower(text))
    compare(text, RNG.standard_normal((5, 6)).astype(np.float32),
            np.clip(ints(12), -127, 127).astype(np.int8).reshape(6, 2), units=0)
