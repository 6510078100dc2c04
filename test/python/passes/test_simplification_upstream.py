"""The rewrites stablehlo-aggressive-simplification gained to match upstream's simplifier
(issue 34): dynamic ops with known shapes as static ones, constant-index gathers as slices,
broadcast_in_dim as transpose or reshape, select as maximum/minimum, unused reduce and sort
results, element-wise ops before shape ops. Each rewritten program must give the
interpreter's results on the original program, bit for bit, on edge-value inputs; the
rewrites that must not fire (they would change a value) are checked to leave the op.
"""

from __future__ import annotations

import numpy as np
import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py._parsing import context, parse_module

SIMPLIFY = "builtin.module(func.func(stablehlo-aggressive-simplification))"
RNG = np.random.default_rng(34)


def _simplify_and_compare(text: str, inputs: list, gone=(), present=()) -> str:
    """Runs the simplifier; the result gives the original's values, bitwise, and the
    ops in `gone` are no longer there while those in `present` are."""
    expected = stablehlo_py.interpret(text, *inputs)
    module = parse_module(text, context())
    PassManager.parse(SIMPLIFY, context=module.context).run(module.operation)
    simplified = str(module)
    for op in gone:
        assert op not in simplified, simplified
    for op in present:
        assert op in simplified, simplified
    got = stablehlo_py.interpret(simplified, *inputs)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape, (g, e)
        assert g.tobytes() == e.tobytes(), (g, e)
    return simplified


def _f32(*shape) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def test_dynamic_slice_and_real_dynamic_slice_of_constants_as_slice():
    # Starts past either end clamp as dynamic_slice clamps them; strides are kept.
    text = """func.func @main(%x: tensor<8x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>, tensor<2x3xf32>) {
  %hi = stablehlo.constant dense<10> : tensor<i64>
  %lo = stablehlo.constant dense<-1> : tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.dynamic_slice %x, %hi, %z, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  %1 = stablehlo.dynamic_slice %x, %lo, %z, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  %s = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %l = stablehlo.constant dense<[5, 4]> : tensor<2xi32>
  %st = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %2 = stablehlo.real_dynamic_slice %x, %s, %l, %st : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<1x4xf32>, tensor<1x4xf32>, tensor<2x3xf32>
}"""
    _simplify_and_compare(text, [_f32(8, 4)], gone=("dynamic_slice", "real_dynamic_slice"))


@pytest.mark.parametrize("start", [[0, 0], [4, 0], [2, 0]])
def test_real_dynamic_slice_of_constant_sizes_as_dynamic_slice(start):
    text = """func.func @main(%x: tensor<5x4xf32>, %s: tensor<2xi32>) -> tensor<1x4xf32> {
  %c = stablehlo.constant dense<[1, 4]> : tensor<2xi32>
  %l = stablehlo.add %s, %c : tensor<2xi32>
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %one : (tensor<5x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}"""
    _simplify_and_compare(text, [_f32(5, 4), np.array(start, np.int32)],
                          gone=("real_dynamic_slice",), present=("stablehlo.dynamic_slice",))


def test_dynamic_pad_reshape_iota_broadcast_of_constants_as_static_ops():
    # Negative and interior padding; a constant broadcast shape behind a less static type.
    text = """func.func @main(%x: tensor<2x3xi32>, %p: tensor<i32>, %y: tensor<12xf32>, %f: tensor<f32>)
    -> (tensor<5x3xi32>, tensor<3x4xf32>, tensor<4x3xi32>, tensor<?x3xf32>) {
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[2, -1]> : tensor<2xi64>
  %int = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %x, %p, %low, %high, %int : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x3xi32>
  %rs = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %1 = stablehlo.dynamic_reshape %y, %rs : (tensor<12xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  %is = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  %2 = stablehlo.dynamic_iota %is, dim = 1 : (tensor<2xi64>) -> tensor<4x3xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %f, %is, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0, %1, %2, %3 : tensor<5x3xi32>, tensor<3x4xf32>, tensor<4x3xi32>, tensor<?x3xf32>
}"""
    x = np.array([[np.iinfo(np.int32).min, -1, 0], [1, 7, np.iinfo(np.int32).max]], np.int32)
    _simplify_and_compare(text, [x, np.array(-5, np.int32), _f32(12), np.array(-0.0, np.float32)],
                          gone=("dynamic_pad", "dynamic_reshape", "dynamic_iota",
                                "dynamic_broadcast_in_dim"))


@pytest.mark.parametrize("shape", [[5, 3], [5, 0], [5, 1]])
def test_dynamic_iota_of_rank_two_as_broadcast_iota(shape):
    # Along the static dimension (a static iota) and along the dynamic one (a 1-D
    # dynamic_iota of its size), both broadcast to the run-time shape.
    text = """func.func @main(%s: tensor<2xi32>) -> (tensor<5x?xi32>, tensor<5x?xf32>) {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<5x?xi32>
  %1 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<5x?xf32>
  return %0, %1 : tensor<5x?xi32>, tensor<5x?xf32>
}"""
    simplified = _simplify_and_compare(text, [np.array(shape, np.int32)], present=("dynamic_broadcast_in_dim",))
    assert "stablehlo.iota dim = 0 : tensor<5xi32>" in simplified


def test_dynamic_gather_of_constant_sizes_and_gather_of_constant_index_as_slice():
    # Gather starts past either end clamp as gather clamps them.
    text = """func.func @main(%x: tensor<4x3xf32>, %i: tensor<5xi32>) -> (tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) {
  %sz = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sz) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false}> : (tensor<4x3xf32>, tensor<5xi32>, tensor<2xi64>) -> tensor<5x3xf32>
  %hi = stablehlo.constant dense<7> : tensor<1xi32>
  %lo = stablehlo.constant dense<-3> : tensor<1xi32>
  %1 = "stablehlo.gather"(%x, %hi) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  %2 = "stablehlo.gather"(%x, %lo) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  %mid = stablehlo.constant dense<[3, 1]> : tensor<2xi32>
  %3 = "stablehlo.gather"(%x, %mid) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 0>, indices_are_sorted = false, slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>
}"""
    simplified = _simplify_and_compare(text, [_f32(4, 3), np.array([3, -2, 9, 0, 1], np.int32)],
                                       gone=("dynamic_gather",))
    assert simplified.count('"stablehlo.gather"') == 1, simplified


def test_broadcast_in_dim_as_transpose_or_reshape():
    text = """func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<3x4x2xf32>, tensor<2x1x3x4xf32>, tensor<2x3x4x5xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = stablehlo.broadcast_in_dim %x, dims = [0, 2, 3] : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  %2 = stablehlo.broadcast_in_dim %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4x5xf32>
  return %0, %1, %2 : tensor<3x4x2xf32>, tensor<2x1x3x4xf32>, tensor<2x3x4x5xf32>
}"""
    simplified = _simplify_and_compare(text, [_f32(2, 3, 4)], present=("stablehlo.transpose", "stablehlo.reshape"))
    assert simplified.count("broadcast_in_dim") == 1, simplified


def _edge_pairs(dtype):
    info = np.iinfo(dtype)
    values = np.array(sorted({info.min, info.min + 1, 0, 1, info.max - 1, info.max}
                             | ({-1} if info.min < 0 else set())), dtype=dtype)
    a, b = np.meshgrid(values, values)
    return a.ravel(), b.ravel()


@pytest.mark.parametrize("ty, compare_type, dtype", [("i32", "SIGNED", np.int32), ("ui32", "UNSIGNED", np.uint32),
                                                     ("i8", "SIGNED", np.int8), ("ui64", "UNSIGNED", np.uint64)])
def test_select_of_compare_as_maximum_minimum_on_integers(ty, compare_type, dtype):
    a, b = _edge_pairs(dtype)
    n = a.size
    lines, results = [], []
    for k, direction in enumerate(["GT", "GE", "LT", "LE"]):
        lines.append(f"  %c{k} = stablehlo.compare {direction}, %a, %b, {compare_type} : "
                     f"(tensor<{n}x{ty}>, tensor<{n}x{ty}>) -> tensor<{n}xi1>")
        for j, (t, f) in enumerate([("%a", "%b"), ("%b", "%a")]):
            lines.append(f"  %s{k}{j} = stablehlo.select %c{k}, {t}, {f} : tensor<{n}xi1>, tensor<{n}x{ty}>")
            results.append(f"%s{k}{j}")
    types = ", ".join([f"tensor<{n}x{ty}>"] * len(results))
    text = (f"func.func @main(%a: tensor<{n}x{ty}>, %b: tensor<{n}x{ty}>) -> ({types}) {{\n"
            + "\n".join(lines) + f"\n  return {', '.join(results)} : {types}\n}}")
    _simplify_and_compare(text, [a, b], gone=("stablehlo.select",),
                          present=("stablehlo.maximum", "stablehlo.minimum"))


def test_select_of_compare_on_floats_stays():
    # maximum/minimum differ from the select on NaN and signed zeros.
    text = """func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = stablehlo.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    a = np.array([np.nan, 0.0, -0.0, 1.0], np.float32)
    b = np.array([1.0, -0.0, 0.0, np.nan], np.float32)
    _simplify_and_compare(text, [a, b], present=("stablehlo.select",), gone=("maximum", "minimum"))


def test_select_of_not_swaps_the_branches():
    text = """func.func @main(%p: tensor<1xi1>, %q: tensor<3xi1>, %t: tensor<3xf32>, %f: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %n = stablehlo.not %p : tensor<1xi1>
  %b = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
  %0 = stablehlo.select %b, %t, %f : tensor<3xi1>, tensor<3xf32>
  %m = stablehlo.not %q : tensor<3xi1>
  %1 = stablehlo.select %m, %t, %f : tensor<3xi1>, tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}"""
    for p in (True, False):
        _simplify_and_compare(text, [np.array([p]), np.array([True, False, True]), _f32(3), _f32(3)],
                              gone=("stablehlo.not",))


def _reduce3(body: str, returned: str, used: str, results: str) -> str:
    return f"""func.func @main(%x: tensor<6xi64>, %y: tensor<6xi64>, %z: tensor<6xi64>) -> ({results}) {{
  %c1 = stablehlo.constant dense<1> : tensor<i64>
  %c2 = stablehlo.constant dense<2> : tensor<i64>
  %c3 = stablehlo.constant dense<3> : tensor<i64>
  %r:3 = stablehlo.reduce(%x init: %c1), (%y init: %c2), (%z init: %c3) across dimensions = [0] :
    (tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>)
   reducer(%a0: tensor<i64>, %b0: tensor<i64>) (%a1: tensor<i64>, %b1: tensor<i64>) (%a2: tensor<i64>, %b2: tensor<i64>) {{
{body}
    stablehlo.return {returned} : tensor<i64>, tensor<i64>, tensor<i64>
  }}
  return {used} : {results}
}}"""


REDUCE_INPUTS = [np.array([5, -3, 9, 0, np.iinfo(np.int64).max, 2], np.int64),
                 np.array([-7, 4, 1, 8, np.iinfo(np.int64).min, 3], np.int64),
                 np.array([2, 2, -6, 11, 0, -1], np.int64)]


@pytest.mark.parametrize("body, returned, used, kept", [
    # r1 unused, each result from its own pair: r1 and its pair go.
    ("    %p = stablehlo.add %a0, %b0 : tensor<i64>\n    %q = stablehlo.minimum %a1, %b1 : tensor<i64>\n"
     "    %s = stablehlo.maximum %a2, %b2 : tensor<i64>", "%p, %q, %s", "%r#0, %r#2", 2),
    # r1 and r2 unused (they read each other): only r0's pair stays.
    ("    %p = stablehlo.add %a0, %b0 : tensor<i64>\n    %q = stablehlo.subtract %a1, %b1 : tensor<i64>\n"
     "    %s = stablehlo.multiply %a2, %b2 : tensor<i64>\n    %m = stablehlo.minimum %q, %s : tensor<i64>\n"
     "    %n = stablehlo.maximum %q, %s : tensor<i64>", "%p, %m, %n", "%r#0", 1),
    # upstream's reduce_unused_case3: r2 is computed from r1's pair; ours keeps all three.
    ("    %p = stablehlo.add %a0, %b0 : tensor<i64>\n    %q = stablehlo.minimum %a1, %b1 : tensor<i64>\n"
     "    %s = stablehlo.maximum %a1, %b1 : tensor<i64>", "%p, %q, %s", "%r#2", 3),
])
def test_unused_reduce_results(body, returned, used, kept):
    results = ", ".join(["tensor<i64>"] * (used.count(",") + 1))
    text = _reduce3(body, returned, used, results)
    simplified = _simplify_and_compare(text, REDUCE_INPUTS)
    inputs = simplified.split("stablehlo.reduce(")[1].split("across")[0]
    assert inputs.count("init:") == kept, simplified


def test_unused_sort_results_and_negative_dimension():
    text = """func.func @main(%k: tensor<2x5xi32>, %v: tensor<2x5xf32>) -> tensor<2x5xi32> {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = -1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2x5xi32>, tensor<2x5xf32>) -> (tensor<2x5xi32>, tensor<2x5xf32>)
  return %0#0 : tensor<2x5xi32>
}"""
    k = np.array([[3, 1, 3, -2, 9], [0, 0, 7, -8, 1]], np.int32)
    simplified = _simplify_and_compare(text, [k, _f32(2, 5)], present=('"stablehlo.sort"(%arg0)',))
    assert "dimension = 1 : i64" in simplified


def test_elementwise_ops_move_before_shape_ops():
    text = """func.func @main(%x: tensor<12xi32>, %y: tensor<2x3xf32>) -> (tensor<1x2x3x4xf32>, tensor<3x2xf32>) {
  %0 = stablehlo.reshape %x : (tensor<12xi32>) -> tensor<3x4xi32>
  %1 = stablehlo.broadcast %0, sizes = [1, 2] : (tensor<3x4xi32>) -> tensor<1x2x3x4xi32>
  %2 = stablehlo.convert %1 : (tensor<1x2x3x4xi32>) -> tensor<1x2x3x4xf32>
  %3 = stablehlo.cosine %2 : tensor<1x2x3x4xf32>
  %4 = stablehlo.transpose %y, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %5 = stablehlo.abs %4 : tensor<3x2xf32>
  %6 = stablehlo.negate %5 : tensor<3x2xf32>
  return %3, %6 : tensor<1x2x3x4xf32>, tensor<3x2xf32>
}"""
    x = np.array([0, 1, -1, 7, 100, -100, np.iinfo(np.int32).max, np.iinfo(np.int32).min, 3, 4, 5, 6], np.int32)
    y = np.array([[-0.0, np.nan, -np.inf], [1.5, -2.5, 0.0]], np.float32)
    simplified = _simplify_and_compare(text, [x, y])
    body = simplified.split("{", 1)[1]
    # The element-wise ops now read the arguments; the shape ops come last.
    assert body.index("stablehlo.convert") < body.index("stablehlo.reshape"), simplified
    assert body.index("stablehlo.abs") < body.index("stablehlo.transpose"), simplified


def test_add_of_positive_zero_stays():
    # -0.0 + +0.0 is +0.0: the add is not its operand (upstream's simplifier drops it).
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<3xf32>
  %0 = stablehlo.add %x, %z : tensor<3xf32>
  return %0 : tensor<3xf32>
}"""
    _simplify_and_compare(text, [np.array([-0.0, 1.0, np.nan], np.float32)], present=("stablehlo.add",))


def test_newer_upstream_rewrites_keep_the_values():
    # From upstream's later simplification tests: boolean compare with a constant, transpose
    # of transpose, reverse of a splat, attributes carried over (metadata only).
    text = """func.func @main(%b: tensor<4xi1>, %x: tensor<2x3x4xf32>, %n: tensor<i32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<3xi32>, tensor<f32>, tensor<i32>) {
  %f = stablehlo.constant dense<false> : tensor<4xi1>
  %t = stablehlo.constant dense<true> : tensor<4xi1>
  %0 = stablehlo.compare NE, %b, %f, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = stablehlo.compare EQ, %t, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = stablehlo.compare EQ, %b, %f, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %p = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %3 = stablehlo.transpose %p, dims = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %4 = stablehlo.transpose %p, dims = [2, 0, 1] : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  %s = stablehlo.constant dense<-7> : tensor<3xi32>
  %5 = stablehlo.reverse %s, dims = [0] : tensor<3xi32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %one) applies stablehlo.multiply across dimensions = [0, 1, 2] {mhlo.frontend_attributes = {a = "0"}} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<f32>
  %6 = stablehlo.multiply %r, %one {mhlo.frontend_attributes = {a = "1"}} : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %w:2 = stablehlo.while(%i = %zero, %m = %n) : tensor<i32>, tensor<i32> attributes {mhlo.frontend_attributes = {w = "1"}}
   cond {
    %c = stablehlo.compare LT, %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %j = stablehlo.add %i, %c3 : tensor<i32>
    stablehlo.return %j, %m : tensor<i32>, tensor<i32>
  }
  return %0, %1, %2, %3, %4, %5, %6, %w#0 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<3xi32>, tensor<f32>, tensor<i32>
}"""
    simplified = _simplify_and_compare(
        text, [np.array([True, False, False, True]), _f32(2, 3, 4), np.array(10, np.int32)],
        gone=("stablehlo.reverse", "stablehlo.multiply %"))
    assert simplified.count("stablehlo.compare") == 2 and simplified.count("stablehlo.transpose") == 1, simplified
    assert 'mhlo.frontend_attributes = {a = "1"}' in simplified and 'attributes {mhlo.frontend_attributes = {w = "1"}}' in simplified


def test_nested_broadcasts_keep_the_values():
    # The inner reshape-like broadcast stays (as a reshape); the other pair merges.
    text = """func.func @main(%x: tensor<3x4xi32>) -> (tensor<2x3x4x3xi32>, tensor<2x3x4x3xi32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x1x4xi32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 0, 2] : (tensor<3x1x4xi32>) -> tensor<2x3x4x3xi32>
  %2 = stablehlo.broadcast_in_dim %x, dims = [2, 1] : (tensor<3x4xi32>) -> tensor<1x4x3xi32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [0, 2, 3] : (tensor<1x4x3xi32>) -> tensor<2x3x4x3xi32>
  return %1, %3 : tensor<2x3x4x3xi32>, tensor<2x3x4x3xi32>
}"""
    simplified = _simplify_and_compare(text, [np.arange(12, dtype=np.int32).reshape(3, 4)],
                                       present=("stablehlo.reshape",))
    assert simplified.count("broadcast_in_dim") == 2, simplified
