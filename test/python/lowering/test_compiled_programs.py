"""The compiled backend on data movement, conversions, dot_general and reduce, against the
interpreter (bit for bit: these are exact, and small float sums run in index order in both), and
its errors: what it cannot lower, wrong arguments, and the auto backend's fallback."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, xla_run_text
from testing.native_values import DTYPES, FLOATS, INTS, edges

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.interpreter.core.types import element_info
from stablehlo_py.lowering import CompiledProgram, LoweringError, compile_program, lower, pipeline

_RNG = np.random.default_rng(7)


def _both(text: str, *inputs) -> None:
    expected = stablehlo_py.interpret(text, *inputs)
    got = stablehlo_py.compile(text, backend="compiled")(*inputs)
    assert_same(got, expected, context=text.splitlines()[1].strip())


@pytest.mark.parametrize("source", ["i1"] + INTS + FLOATS)
def test_convert_to_every_type(source):
    values = np.array(edges(source), DTYPES[source])
    n = len(values)
    targets = ["i1"] + INTS + FLOATS
    lines = [f"  %r{k} = stablehlo.convert %x : (tensor<{n}x{source}>) -> tensor<{n}x{t}>" for k, t in enumerate(targets)]
    results = ", ".join(f"tensor<{n}x{t}>" for t in targets)
    text = (f"func.func @main(%x: tensor<{n}x{source}>) -> ({results}) {{\n" + "\n".join(lines) +
            f"\n  return {', '.join(f'%r{k}' for k in range(len(targets)))} : {results}\n}}")
    _both(text, values)


def test_select_and_clamp_with_scalar_operands():
    text = """func.func @main(%p: tensor<i1>, %q: tensor<6xi1>, %a: tensor<6xf32>, %b: tensor<6xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<6xf32>
  %1 = stablehlo.select %q, %a, %b : tensor<6xi1>, tensor<6xf32>
  %2 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  return %0, %1, %2 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}"""
    a = np.array([np.nan, -0.0, 0.0, 5.0, -7.0, np.inf], np.float32)
    b = np.arange(6, dtype=np.float32)
    for p in (True, False):
        _both(text, np.array(p), np.array([1, 0, 1, 0, 1, 0], bool), a, b, np.float32(-1), np.float32(2))


def test_data_movement():
    text = """func.func @main(%x: tensor<2x3xui8>, %y: tensor<3xui8>) -> (tensor<4x2x3xui8>, tensor<3x2xui8>, tensor<6xui8>, tensor<1x2xui8>, tensor<5x3xui8>, tensor<2x3xui8>, tensor<2x3xui8>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<2x3xui8>) -> tensor<4x2x3xui8>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xui8>) -> tensor<3x2xui8>
  %r = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<6xui8>
  %s = stablehlo.slice %x [1:2, 0:3:2] : (tensor<2x3xui8>) -> tensor<1x2xui8>
  %y2 = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<3xui8>) -> tensor<3x3xui8>
  %c = stablehlo.concatenate %x, %y2, dim = 0 : (tensor<2x3xui8>, tensor<3x3xui8>) -> tensor<5x3xui8>
  %i = stablehlo.iota dim = 1 : tensor<2x3xui8>
  %k = stablehlo.constant dense<[[255, 0, 128], [1, 2, 254]]> : tensor<2x3xui8>
  %sum = stablehlo.add %i, %k : tensor<2x3xui8>
  return %b, %t, %r, %s, %c, %i, %sum : tensor<4x2x3xui8>, tensor<3x2xui8>, tensor<6xui8>, tensor<1x2xui8>, tensor<5x3xui8>, tensor<2x3xui8>, tensor<2x3xui8>
}"""
    _both(text, _RNG.integers(0, 256, (2, 3)).astype(np.uint8), _RNG.integers(0, 256, 3).astype(np.uint8))


# (slice of a 4x6x8 tensor as numpy indexes it, its stablehlo.slice bounds, the reshape's shape):
# reshapes lower to views of the slice (LoweringCommon.h, reshapedTo), a copy only where merged
# dimensions are not contiguous in it
RESHAPED_SLICES = [
    ((slice(1, 2), slice(0, 6), slice(0, 8)), "[1:2, 0:6, 0:8]", (6, 8)),  # a layer's weight
    ((slice(0, 4), slice(1, 5), slice(0, 8)), "[0:4, 1:5, 0:8]", (4, 4, 2, 4)),  # a split: a view
    ((slice(0, 4), slice(1, 5), slice(0, 8)), "[0:4, 1:5, 0:8]", (16, 8)),  # rows not contiguous
    ((slice(0, 4), slice(0, 6), slice(0, 8, 2)), "[0:4, 0:6, 0:8:2]", (4, 24)),  # strided columns
    ((slice(0, 4), slice(0, 4), slice(0, 8)), "[0:4, 0:4, 0:8]", (8, 4, 4)),  # neither: through 1-D
    ((slice(2, 3), slice(3, 4), slice(5, 6)), "[2:3, 3:4, 5:6]", ()),  # one element, rank 0
    ((slice(0, 4), slice(2, 2), slice(0, 8)), "[0:4, 2:2, 0:8]", (8, 0)),  # empty
]


@pytest.mark.parametrize("case", range(len(RESHAPED_SLICES)))
def test_reshapes_of_slices_are_numpys(case):
    index, bounds, shape = RESHAPED_SLICES[case]
    x = _RNG.standard_normal((4, 6, 8)).astype(np.float32)
    sliced = x[index]
    tensor = lambda s: "tensor<" + "".join(f"{d}x" for d in s) + "f32>"  # noqa: E731
    text = f"""func.func @main(%x: tensor<4x6x8xf32>) -> {tensor(shape)} {{
  %s = stablehlo.slice %x {bounds} : (tensor<4x6x8xf32>) -> {tensor(sliced.shape)}
  %r = stablehlo.reshape %s : ({tensor(sliced.shape)}) -> {tensor(shape)}
  %y = stablehlo.negate %r : {tensor(shape)}
  return %y : {tensor(shape)}
}}"""
    got = stablehlo_py.compile(text, backend="compiled")(x)
    assert_same(got, [-sliced.reshape(shape)], bounds)
    assert_same(got, stablehlo_py.interpret(text, x), bounds)

def test_broadcast_of_a_unit_dimension_and_float_iota():
    text = """func.func @main(%x: tensor<1x3xf32>) -> (tensor<4x3xf32>, tensor<2x5xbf16>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x5xbf16>
  return %b, %i : tensor<4x3xf32>, tensor<2x5xbf16>
}"""
    _both(text, _RNG.standard_normal((1, 3)).astype(np.float32))


@pytest.mark.parametrize("element", ["i32", "ui16", "f32", "f64", "f16", "bf16", "i1"])
def test_dot_general(element):
    text = f"""func.func @main(%a: tensor<2x3x4x{element}>, %b: tensor<2x4x5x{element}>, %c: tensor<4x{element}>) -> (tensor<2x3x5x{element}>, tensor<2x3x{element}>) {{
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4x{element}>, tensor<2x4x5x{element}>) -> tensor<2x3x5x{element}>
  %1 = stablehlo.dot_general %a, %c, contracting_dims = [2] x [0] : (tensor<2x3x4x{element}>, tensor<4x{element}>) -> tensor<2x3x{element}>
  return %0, %1 : tensor<2x3x5x{element}>, tensor<2x3x{element}>
}}"""
    import ml_dtypes

    dtype = ml_dtypes.bfloat16 if element == "bf16" else DTYPES[element]

    def values(shape):
        if element == "i1":
            return _RNG.integers(0, 2, shape).astype(bool)
        if element in ("i32", "ui16"):
            return _RNG.integers(0, 1 << 16, shape).astype(dtype)
        return _RNG.standard_normal(shape).astype(dtype)

    _both(text, values((2, 3, 4)), values((2, 4, 5)), values(4))


@pytest.mark.parametrize("element", ["i32", "ui8", "f32", "f16"])
def test_reduce(element):
    text = f"""func.func @main(%x: tensor<3x4x5x{element}>, %i: tensor<{element}>) -> (tensor<4x{element}>, tensor<3x4x{element}>) {{
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0, 2] : (tensor<3x4x5x{element}>, tensor<{element}>) -> tensor<4x{element}>
  %1 = stablehlo.reduce(%x init: %i) applies stablehlo.maximum across dimensions = [2] : (tensor<3x4x5x{element}>, tensor<{element}>) -> tensor<3x4x{element}>
  return %0, %1 : tensor<4x{element}>, tensor<3x4x{element}>
}}"""
    dtype = DTYPES[element]
    x = (_RNG.integers(0, 256, (3, 4, 5)) if element in ("i32", "ui8") else _RNG.standard_normal((3, 4, 5))).astype(dtype)
    _both(text, x, np.asarray(3, dtype))


def test_variadic_reduce_with_a_body_of_several_ops():
    """argmax: (value, index) pairs, the larger value and, on ties, the smaller index."""
    text = """func.func @main(%x: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<4x6xi32>
  %neg = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %neg), (%iota init: %zero) across dimensions = [1] : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %b, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %first = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %first, %a, %c : tensor<i1>, tensor<f32>
    %i = stablehlo.select %first, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}"""
    x = _RNG.integers(0, 4, (4, 6)).astype(np.float32)
    _both(text, x)
    assert_same(stablehlo_py.compile(text, backend="compiled")(x)[1:], [np.argmax(x, axis=1).astype(np.int32)])


def test_a_function_call_and_unsigned_signature():
    text = """func.func @main(%x: tensor<4xui32>) -> tensor<4xui32> {
  %0 = func.call @twice(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}
func.func private @twice(%y: tensor<4xui32>) -> tensor<4xui32> {
  %s = stablehlo.add %y, %y : tensor<4xui32>
  return %s : tensor<4xui32>
}"""
    _both(text, np.array([0, 1, 2**31, 2**32 - 1], np.uint32))


# A dynamic shape read from the data inside a static program (refinement cannot make it static)
# does not lower, nor call the runtime.
_REPLICA = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %szx = stablehlo.slice %x [0:1] : (tensor<4xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size_0 = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %0 = stablehlo.dynamic_iota %size_0, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %1 = stablehlo.add %x, %x : tensor<4xf32>
  return %1 : tensor<4xf32>
}"""


def test_an_op_that_does_not_lower_is_named_with_its_location():
    with pytest.raises(LoweringError, match=r"(?s)cannot lower @main: .*:6:\d+: failed to legalize operation "
                                            r"'stablehlo\.dynamic_iota'"):
        stablehlo_py.compile(_REPLICA, backend="compiled")


def test_auto_falls_back_to_the_interpreter():
    x = np.array([3, 1, 2, 0], np.float32)
    run = stablehlo_py.compile(_REPLICA, backend="auto")
    assert_same(run(x), [x + x])


def test_bad_arguments_and_backends_are_clear_errors():
    text = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}"
    run = stablehlo_py.compile(text, backend="compiled")
    with pytest.raises(InterpreterError, match="takes 1 arguments, got 2"):
        run(np.zeros(2, np.float32), np.zeros(2, np.float32))
    with pytest.raises(InterpreterError, match="argument 0"):
        run(np.zeros(2, np.float64))
    with pytest.raises(InterpreterError, match="argument 0"):
        run(np.zeros(3, np.float32))
    with pytest.raises(ValueError, match="backend must be"):
        stablehlo_py.compile(text, backend="gpu")
    dynamic = "func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n  return %x : tensor<?xf32>\n}"
    with pytest.raises(LoweringError, match="dynamic dimensions"):  # compile() refines it first
        compile_program(dynamic)


def test_pipeline_and_lower_give_mlir_own_dialects():
    text = "func.func @main(%x: tensor<2xui8>) -> tensor<2xui8> {\n  %0 = stablehlo.add %x, %x : tensor<2xui8>\n  return %0 : tensor<2xui8>\n}"
    assert pipeline().startswith("builtin.module(stablehlo-legalize-to-linalg,")
    lowered = str(lower(text, to_llvm=False))
    assert "linalg.generic" in lowered and "arith.addi" in lowered and "stablehlo." not in lowered
    assert "tensor<2xi8>" in lowered and "ui8" not in lowered
    assert "llvm.func" in str(lower(text))


def test_the_plugin_lit_test_runs_the_published_pipeline():
    """test/lit/plugin/mlir_opt_lowering.mlir lowers through stock mlir-opt with pipeline()."""
    import os

    from conftest import REPO

    with open(os.path.join(REPO, "test", "lit", "plugin", "mlir_opt_lowering.mlir"), encoding="utf-8") as fh:
        lit = fh.read().replace(", ", ",")
    assert f"--pass-pipeline='{pipeline()}'" in lit


@pytest.mark.parametrize("index", ["i32", "ui8"])
def test_reverse_pad_and_dynamic_slices(index):
    text = f"""func.func @main(%x: tensor<3x4xi32>, %p: tensor<i32>, %i: tensor<{index}>, %j: tensor<{index}>, %u: tensor<2x2xi32>) -> (tensor<3x4xi32>, tensor<6x8xi32>, tensor<2x3xi32>, tensor<2x2xi32>, tensor<3x4xi32>) {{
  %r = stablehlo.reverse %x, dims = [1] : tensor<3x4xi32>
  %pad = stablehlo.pad %x, %p, low = [1, -1], high = [0, 2], interior = [1, 1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x8xi32>
  %crop = stablehlo.pad %x, %p, low = [-1, 0], high = [0, -1], interior = [0, 0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<2x3xi32>
  %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x4xi32>, tensor<{index}>, tensor<{index}>) -> tensor<2x2xi32>
  %d = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<{index}>, tensor<{index}>) -> tensor<3x4xi32>
  return %r, %pad, %crop, %s, %d : tensor<3x4xi32>, tensor<6x8xi32>, tensor<2x3xi32>, tensor<2x2xi32>, tensor<3x4xi32>
}}"""
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    u = np.array([[-1, -2], [-3, -4]], np.int32)
    dtype = np.int32 if index == "i32" else np.uint8
    starts = ((0, 0), (1, 2), (-5, 3), (7, 1)) if index == "i32" else ((0, 0), (1, 2), (255, 3), (7, 200))
    for i, j in starts:  # in range, and clamped both ways
        _both(text, x, np.int32(-9), dtype(i), dtype(j), u)


def test_while_if_and_case():
    """A loop summing i*i for i < n, an if on the sum's parity and a case on n (out of range: the
    last branch)."""
    text = """func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<f32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %0:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %sq = stablehlo.multiply %i, %i : tensor<i32>
    %s2 = stablehlo.add %s, %sq : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %s2 : tensor<i32>, tensor<i32>
  }
  %rem = stablehlo.remainder %0#1, %two : tensor<i32>
  %odd = stablehlo.compare EQ, %rem, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %1 = "stablehlo.if"(%odd) ({
    %neg = stablehlo.negate %0#1 : tensor<i32>
    stablehlo.return %neg : tensor<i32>
  }, {
    stablehlo.return %0#1 : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  %2 = "stablehlo.case"(%n) ({
    %a = stablehlo.constant dense<1.5> : tensor<f32>
    stablehlo.return %a : tensor<f32>
  }, {
    %b = stablehlo.constant dense<-2.0> : tensor<f32>
    stablehlo.return %b : tensor<f32>
  }, {
    %c = stablehlo.constant dense<7.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0#1, %1, %2 : tensor<i32>, tensor<i32>, tensor<f32>
}"""
    for n in (-1, 0, 1, 2, 3, 10):
        _both(text, np.int32(n))


def test_legacy_forms_map_and_barrier():
    """dot and broadcast (the legacy forms), map with a body of several ops, get_dimension_size
    and optimization_barrier."""
    text = """func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<3x4xf32>) -> (tensor<2xf32>, tensor<2x4xf32>, tensor<5x2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>) {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = stablehlo.dot %a, %c : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.broadcast %a, sizes = [5] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  %3 = "stablehlo.map"(%a, %a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %k = stablehlo.constant dense<0.5> : tensor<f32>
    %s = stablehlo.subtract %m, %k : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.get_dimension_size %c, dim = 1 : (tensor<3x4xf32>) -> tensor<i32>
  %5 = stablehlo.optimization_barrier %a : tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2x4xf32>, tensor<5x2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>
}"""
    _both(text, _RNG.standard_normal((2, 3)).astype(np.float32), _RNG.standard_normal(3).astype(np.float32),
          _RNG.standard_normal((3, 4)).astype(np.float32))


@pytest.mark.parametrize("element", ["f32", "i32", "ui8"])
def test_reduce_window(element):
    """Pooling: max over 2x2 windows with stride 2; a sum with padding, window and base
    dilation, and a negative edge."""
    text = f"""func.func @main(%x: tensor<1x6x7x{element}>, %lo: tensor<{element}>, %zero: tensor<{element}>) -> (tensor<1x3x3x{element}>, tensor<1x7x7x{element}>) {{
  %0 = "stablehlo.reduce_window"(%x, %lo) ({{
  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
    %m = stablehlo.maximum %a, %b : tensor<{element}>
    stablehlo.return %m : tensor<{element}>
  }}) {{window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 2>}} : (tensor<1x6x7x{element}>, tensor<{element}>) -> tensor<1x3x3x{element}>
  %1 = "stablehlo.reduce_window"(%x, %zero) ({{
  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
    %s = stablehlo.add %a, %b : tensor<{element}>
    stablehlo.return %s : tensor<{element}>
  }}) {{window_dimensions = array<i64: 1, 3, 2>, window_dilations = array<i64: 1, 2, 1>, base_dilations = array<i64: 1, 1, 2>,
      padding = dense<[[0, 0], [2, 3], [1, -6]]> : tensor<3x2xi64>}} : (tensor<1x6x7x{element}>, tensor<{element}>) -> tensor<1x7x7x{element}>
  return %0, %1 : tensor<1x3x3x{element}>, tensor<1x7x7x{element}>
}}"""
    dtype = DTYPES[element]
    x = (_RNG.integers(0, 50, (1, 6, 7)) if element != "f32" else _RNG.standard_normal((1, 6, 7))).astype(dtype)
    lowest = np.asarray(-np.inf if element == "f32" else np.iinfo(dtype).min, dtype)
    _both(text, x, lowest, np.asarray(0, dtype))


@pytest.mark.parametrize("element", ["f32", "i32", "f16"])
def test_convolution(element):
    """NHWC x HWIO with strides, padding, lhs and rhs dilation and two feature groups; NCHW x
    OIHW with window reversal."""
    text = f"""func.func @main(%x: tensor<2x7x6x4x{element}>, %k: tensor<3x2x2x6x{element}>, %y: tensor<1x2x5x5x{element}>, %w: tensor<3x2x2x2x{element}>) -> (tensor<2x7x5x6x{element}>, tensor<1x3x4x4x{element}>) {{
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [2, 1], pad = [[1, 2], [0, 1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]}} {{batch_group_count = 1 : i64, feature_group_count = 2 : i64}} : (tensor<2x7x6x4x{element}>, tensor<3x2x2x6x{element}>) -> tensor<2x7x5x6x{element}>
  %1 = stablehlo.convolution(%y, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{reverse = [true, false]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<1x2x5x5x{element}>, tensor<3x2x2x2x{element}>) -> tensor<1x3x4x4x{element}>
  return %0, %1 : tensor<2x7x5x6x{element}>, tensor<1x3x4x4x{element}>
}}"""
    dtype = DTYPES[element]

    def values(shape):
        if element == "i32":
            return _RNG.integers(-20, 20, shape).astype(dtype)
        return _RNG.standard_normal(shape).astype(dtype)

    inputs = (values((2, 7, 6, 4)), values((3, 2, 2, 6)), values((1, 2, 5, 5)), values((3, 2, 2, 2)))
    if element == "i32":  # exact
        _both(text, *inputs)
        return
    # Float sums in another order than the interpreter's matmul: compared with the sum in f64.
    got = stablehlo_py.compile(text, backend="compiled")(*inputs)
    wide = text.replace(element, "f64")
    exact = stablehlo_py.interpret(wide, *[a.astype(np.float64) for a in inputs])
    magnitude = stablehlo_py.interpret(wide, *[np.abs(a.astype(np.float64)) for a in inputs])
    # Each of the at most 12 products and sums rounds once in the accumulator (f32 for f16,
    # then one rounding to f16): |error| <= 12 eps(accumulator) sum|terms| (+ eps(f16)|result|).
    accumulator_eps = np.finfo(np.float32 if element == "f16" else DTYPES[element]).eps
    for g, e, m in zip(got, exact, magnitude):
        assert g.dtype == DTYPES[element]
        final = np.finfo(DTYPES[element]).eps * np.abs(e) if element == "f16" else 0.0
        assert np.all(np.abs(g.astype(np.float64) - e) <= 12 * accumulator_eps * m + final), element


@pytest.mark.parametrize("index", ["i32", "ui8", "i64"])
def test_gather(index):
    """An embedding lookup (rows by index, clamped past the end), a 2-D window gather with the
    index vector in the middle, and a batched gather (operand and indices batching dims)."""
    text = f"""func.func @main(%table: tensor<5x3xf32>, %ids: tensor<4x{index}>, %img: tensor<6x7xi32>, %corners: tensor<2x2x3x{index}>, %b: tensor<2x5xf32>, %bi: tensor<2x3x1x{index}>) -> (tensor<4x3xf32>, tensor<2x3x2x2xi32>, tensor<2x3xf32>) {{
  %0 = "stablehlo.gather"(%table, %ids) {{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}} : (tensor<5x3xf32>, tensor<4x{index}>) -> tensor<4x3xf32>
  %1 = "stablehlo.gather"(%img, %corners) {{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], start_index_map = [1, 0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}} : (tensor<6x7xi32>, tensor<2x2x3x{index}>) -> tensor<2x3x2x2xi32>
  %2 = "stablehlo.gather"(%b, %bi) {{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}} : (tensor<2x5xf32>, tensor<2x3x1x{index}>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x3x2x2xi32>, tensor<2x3xf32>
}}"""
    dtype = DTYPES[index]
    ids = np.array([0, 4, 2, 200 if index == "ui8" else -3], dtype)
    corners = _RNG.integers(0, 7, (2, 2, 3)).astype(dtype)
    _both(text, _RNG.standard_normal((5, 3)).astype(np.float32), ids,
          np.arange(42, dtype=np.int32).reshape(6, 7), corners,
          _RNG.standard_normal((2, 5)).astype(np.float32), _RNG.integers(0, 6, (2, 3, 1)).astype(dtype))


def test_what_the_fuzzer_found_lowers_or_is_refused_cleanly():
    """Found by test/fuzz/run.py --compiled: a function of quantized tensors (bufferizing it built
    an invalid memref type, an abort) is refused; window attributes written as [] read as ones
    (indexing them aborted)."""
    quantized = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  return
}"""
    with pytest.raises(LoweringError, match="func.func"):
        lower(quantized)  # the stock pipeline: quantized types are not converted
    assert_same(stablehlo_py.compile(quantized, backend="compiled")(np.ones(2, np.float32)),
                [np.ones(2, np.float32)])  # the backend's expands them first
    empty = """func.func @main(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}"""
    _both(empty, _RNG.integers(-3, 3, (1, 4, 4, 1)).astype(np.float32), _RNG.integers(-3, 3, (3, 3, 1, 1)).astype(np.float32))


def test_the_callers_arrays_are_never_written():
    # Bufferization updates a buffer in place when it may: never an argument's (the caller's).
    text = """func.func @main(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.while(%k = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %p = stablehlo.compare LT, %k, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %n = stablehlo.add %k, %c1 : tensor<i32>
      %w = stablehlo.dynamic_update_slice %v, %u, %k : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
      stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
    }
  return %0, %r#1 : tensor<4xf32>, tensor<4xf32>
}"""
    x, u, i = np.arange(4, dtype=np.float32), np.array([9, 8], np.float32), np.array(1, np.int32)
    kept = x.copy(), u.copy(), i.copy()
    _both(text, x, u, i)
    assert_same([x, u, i], list(kept))


def test_ops_outside_functions_are_refused():
    # Found by the fuzzer: a check op at module level reached the LLVM translation and aborted.
    text = """stablehlo.custom_call @check.expect_eq(%b, %b) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
%b = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
func.func @main() {
  return
}"""
    with pytest.raises(LoweringError, match="'stablehlo.custom_call' at .* is outside any function"):
        stablehlo_py.compile(text, backend="compiled")


def test_a_gather_of_empty_slices_in_a_collapsed_dimension_gives_zeros():
    # Found by the fuzzer: slice size 0 in a collapsed dimension read past the operand's buffer.
    text = """func.func @main(%x: tensor<4x3xbf16>, %i: tensor<5x1xi32>) -> tensor<5x3xbf16> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 0, 3>}> : (tensor<4x3xbf16>, tensor<5x1xi32>) -> tensor<5x3xbf16>
  return %0 : tensor<5x3xbf16>
}"""
    x = _RNG.standard_normal((4, 3)).astype(ml_dtypes.bfloat16)
    _both(text, x, np.array([[3], [0], [-1], [2], [4]], np.int32))
    got = stablehlo_py.compile(text, backend="compiled")(x, np.array([[3], [0], [-1], [2], [4]], np.int32))
    assert not np.asarray(got[0], np.float32).any()


@pytest.mark.parametrize("wide, narrow, parts", [
    ("i64", "ui8", 8), ("f64", "f32", 2), ("ui32", "bf16", 2), ("f32", "i16", 2), ("i16", "f8E4M3FN", 2),
    ("ui8", "i4", 2), ("i8", "i1", 8), ("f16", "f4E2M1FN", 4), ("i64", "i1", 64),
])
def test_bitcast_convert_between_widths(wide, narrow, parts):
    # Natively (lower() takes no runtime calls): split least significant bits first, and join.
    split = f"""func.func @main(%x: tensor<3x{wide}>) -> tensor<3x{parts}x{narrow}> {{
  %0 = stablehlo.bitcast_convert %x : (tensor<3x{wide}>) -> tensor<3x{parts}x{narrow}>
  return %0 : tensor<3x{parts}x{narrow}>
}}"""
    join = f"""func.func @main(%x: tensor<3x{parts}x{narrow}>) -> tensor<3x{wide}> {{
  %0 = stablehlo.bitcast_convert %x : (tensor<3x{parts}x{narrow}>) -> tensor<3x{wide}>
  return %0 : tensor<3x{wide}>
}}"""
    lower(split, to_llvm=False)
    lower(join, to_llvm=False)
    wide_dtype = np.dtype(element_info(wide).dtype)
    x = _RNG.integers(0, 256, 3 * wide_dtype.itemsize, dtype=np.uint8).view(wide_dtype)  # any bits
    _both(split, x)
    (pieces,) = stablehlo_py.interpret(split, x)
    _both(join, pieces)


def test_a_tuple_crossing_a_call_compiles():
    """A tuple handed to a function is its elements (the compiled backend inlines the call
    first; the lowering passes a tuple as its elements where a call stays)."""
    text = """func.func @main(%x: tensor<2xf32>, %y: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %b = stablehlo.tuple %x, %y : tuple<tensor<2xf32>, tensor<i32>>
  %u:2 = func.call @unbox(%b) : (tuple<tensor<2xf32>, tensor<i32>>) -> (tensor<2xf32>, tensor<i32>)
  return %u#0, %u#1 : tensor<2xf32>, tensor<i32>
}
func.func private @unbox(%b: tuple<tensor<2xf32>, tensor<i32>>) -> (tensor<2xf32>, tensor<i32>) {
  %e = stablehlo.get_tuple_element %b[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  %f = stablehlo.get_tuple_element %b[1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  %n = stablehlo.negate %e : tensor<2xf32>
  return %n, %f : tensor<2xf32>, tensor<i32>
}"""
    x, y = np.array([1.5, -2.0], np.float32), np.int32(7)
    run = stablehlo_py.compile(text, backend="auto")
    assert isinstance(run, CompiledProgram)
    assert_same(run(x, y), [-x, np.asarray(y)])


# Tuples of every kind of element (i1, ui8, complex, a token, a nested and an empty tuple) through a
# function that is called twice, a composite, and the regions of if, case and while: the lowering
# passes each tuple as its elements (SignlessTypeConverter's 1:N conversion).
_TUPLE = "tuple<tensor<3xi1>, tuple<tensor<2xcomplex<f32>>, tensor<ui8>>, tuple<>>"
_TUPLES = f"""func.func @main(%p: tensor<3xi1>, %z: tensor<2xcomplex<f32>>, %u: tensor<ui8>, %n: tensor<i32>) -> (tensor<3xi1>, tensor<2xcomplex<f32>>, tensor<ui8>, tensor<2xcomplex<f32>>, tensor<i32>) {{
  %e = stablehlo.tuple : tuple<>
  %i = stablehlo.tuple %z, %u : tuple<tensor<2xcomplex<f32>>, tensor<ui8>>
  %t = stablehlo.tuple %p, %i, %e : {_TUPLE}
  %c1 = func.call @step(%t) : ({_TUPLE}) -> {_TUPLE}
  %c2 = stablehlo.composite "my.step" %c1 {{decomposition = @step}} : ({_TUPLE}) -> {_TUPLE}
  %q = stablehlo.get_tuple_element %c2[0] : ({_TUPLE}) -> tensor<3xi1>
  %j = stablehlo.get_tuple_element %c2[1] : ({_TUPLE}) -> tuple<tensor<2xcomplex<f32>>, tensor<ui8>>
  %z2 = stablehlo.get_tuple_element %j[0] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<2xcomplex<f32>>
  %u2 = stablehlo.get_tuple_element %j[1] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<ui8>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %pos = stablehlo.compare GT, %n, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %a = "stablehlo.if"(%pos) ({{
    %w = stablehlo.get_tuple_element %j[0] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<2xcomplex<f32>>
    stablehlo.return %w : tensor<2xcomplex<f32>>
  }}, {{
    %w = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<2xcomplex<f32>>
    %m = stablehlo.negate %w : tensor<2xcomplex<f32>>
    stablehlo.return %m : tensor<2xcomplex<f32>>
  }}) : (tensor<i1>) -> tensor<2xcomplex<f32>>
  %b = "stablehlo.case"(%n) ({{
    %w = stablehlo.get_tuple_element %j[0] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<2xcomplex<f32>>
    stablehlo.return %w : tensor<2xcomplex<f32>>
  }}, {{
    stablehlo.return %a : tensor<2xcomplex<f32>>
  }}) : (tensor<i32>) -> tensor<2xcomplex<f32>>
  %w:2 = stablehlo.while(%k = %n, %s = %zero) : tensor<i32>, tensor<i32>
    cond {{
      %go = stablehlo.compare GT, %k, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %go : tensor<i1>
    }} do {{
      %v = stablehlo.get_tuple_element %j[1] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<ui8>
      %vi = stablehlo.convert %v : (tensor<ui8>) -> tensor<i32>
      %s2 = stablehlo.add %s, %vi : tensor<i32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %k2 = stablehlo.subtract %k, %one : tensor<i32>
      stablehlo.return %k2, %s2 : tensor<i32>, tensor<i32>
    }}
  return %q, %z2, %u2, %b, %w#1 : tensor<3xi1>, tensor<2xcomplex<f32>>, tensor<ui8>, tensor<2xcomplex<f32>>, tensor<i32>
}}
func.func private @step(%t: {_TUPLE}) -> {_TUPLE} {{
  %p = stablehlo.get_tuple_element %t[0] : ({_TUPLE}) -> tensor<3xi1>
  %i = stablehlo.get_tuple_element %t[1] : ({_TUPLE}) -> tuple<tensor<2xcomplex<f32>>, tensor<ui8>>
  %e = stablehlo.get_tuple_element %t[2] : ({_TUPLE}) -> tuple<>
  %z = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<2xcomplex<f32>>
  %u = stablehlo.get_tuple_element %i[1] : (tuple<tensor<2xcomplex<f32>>, tensor<ui8>>) -> tensor<ui8>
  %q = stablehlo.not %p : tensor<3xi1>
  %z2 = stablehlo.multiply %z, %z : tensor<2xcomplex<f32>>
  %u2 = stablehlo.add %u, %u : tensor<ui8>
  %i2 = stablehlo.tuple %z2, %u2 : tuple<tensor<2xcomplex<f32>>, tensor<ui8>>
  %r = stablehlo.tuple %q, %i2, %e : {_TUPLE}
  return %r : {_TUPLE}
}}"""


def _tuple_inputs(n: int) -> tuple:
    return (np.array([True, False, True]), np.array([1 + 2j, -0.5 + 0.25j], np.complex64), np.uint8(200),
            np.int32(n))


@pytest.mark.parametrize("n", [-1, 0, 1, 3])
def test_tuples_through_calls_composites_and_regions(n):
    """Compiled, interpreted and XLA agree (ui8 wraps, complex squares twice, i1 flips twice)."""
    inputs = _tuple_inputs(n)
    run = stablehlo_py.compile(_TUPLES, backend="auto")
    assert isinstance(run, CompiledProgram), run.explanation
    assert run.explanation == ["@main: compiled"]
    got = run(*inputs)
    assert_same(got, stablehlo_py.interpret(_TUPLES, *inputs))
    assert_same(got, xla_run_text(_TUPLES, *inputs))


def test_a_called_function_keeps_its_tuples_as_elements_where_calls_stay():
    """The pipeline without the compiled backend's inlining keeps the calls: the callee takes and
    returns the tuple's elements (the empty tuple none), in order."""
    linalg = str(lower(_TUPLES, to_llvm=False))
    assert "tuple" not in linalg and "stablehlo." not in linalg
    assert "func.func private @step(%arg0: tensor<3xi8>, %arg1: tensor<2xcomplex<f32>>, %arg2: tensor<i8>) -> " \
           "(tensor<3xi8>, tensor<2xcomplex<f32>>, tensor<i8>)" in linalg
    _both(_TUPLES, *_tuple_inputs(2))
    lower(_TUPLES)  # and on to LLVM


def test_a_tuple_holding_a_token_crosses_a_call():
    text = """func.func @main(%x: tensor<2xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2xf32>) {
  %a = stablehlo.after_all %t : !stablehlo.token
  %b = stablehlo.tuple %x, %a : tuple<tensor<2xf32>, !stablehlo.token>
  %c = func.call @swap(%b) : (tuple<tensor<2xf32>, !stablehlo.token>) -> tuple<!stablehlo.token, tensor<2xf32>>
  %u = stablehlo.get_tuple_element %c[0] : (tuple<!stablehlo.token, tensor<2xf32>>) -> !stablehlo.token
  %y = stablehlo.get_tuple_element %c[1] : (tuple<!stablehlo.token, tensor<2xf32>>) -> tensor<2xf32>
  return %u, %y : !stablehlo.token, tensor<2xf32>
}
func.func private @swap(%b: tuple<tensor<2xf32>, !stablehlo.token>) -> tuple<!stablehlo.token, tensor<2xf32>> {
  %x = stablehlo.get_tuple_element %b[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  %t = stablehlo.get_tuple_element %b[1] : (tuple<tensor<2xf32>, !stablehlo.token>) -> !stablehlo.token
  %n = stablehlo.negate %x : tensor<2xf32>
  %r = stablehlo.tuple %t, %n : tuple<!stablehlo.token, tensor<2xf32>>
  return %r : tuple<!stablehlo.token, tensor<2xf32>>
}"""
    from stablehlo_py.interpreter import TOKEN

    x = np.array([1.5, -2.0], np.float32)
    got = stablehlo_py.compile(text, backend="compiled")(x, TOKEN)
    expected = stablehlo_py.interpret(text, x, TOKEN)
    assert got[0] is TOKEN and expected[0] is TOKEN
    assert_same(got[1:], [-x])
    assert_same(got[1:], expected[1:])
    assert "tuple" not in str(lower(text, to_llvm=False))


# The entry's own tuples: Python tuples of their elements' values, as the interpreter takes and
# gives them; the native code takes their elements. The update writes into an argument after a
# tuple, which must stay the caller's (each element keeps its argument's read-only mark).
_ENTRY_TUPLES = """func.func @main(%t: tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>, %u: tensor<3xf32>)
    -> (tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>, tensor<3xf32>, tuple<>) {
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>) -> tensor<4xf32>
  %in = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>) -> tuple<tensor<i32>, tensor<2xi1>>
  %n = stablehlo.get_tuple_element %in[0] : (tuple<tensor<i32>, tensor<2xi1>>) -> tensor<i32>
  %p = stablehlo.get_tuple_element %in[1] : (tuple<tensor<i32>, tensor<2xi1>>) -> tensor<2xi1>
  %y = stablehlo.add %x, %x : tensor<4xf32>
  %m = stablehlo.multiply %n, %n : tensor<i32>
  %q = stablehlo.not %p : tensor<2xi1>
  %seven = stablehlo.constant dense<7.0> : tensor<1xf32>
  %v = stablehlo.dynamic_update_slice %u, %seven, %n : (tensor<3xf32>, tensor<1xf32>, tensor<i32>) -> tensor<3xf32>
  %inner = stablehlo.tuple %m, %q : tuple<tensor<i32>, tensor<2xi1>>
  %r = stablehlo.tuple %y, %inner : tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>
  %e = stablehlo.tuple : tuple<>
  return %r, %v, %e : tuple<tensor<4xf32>, tuple<tensor<i32>, tensor<2xi1>>>, tensor<3xf32>, tuple<>
}"""


def _same_tree(got, expected):
    """Equal values in equal nesting: Python tuples where `expected` has them, arrays of the same
    dtype, shape and bits elsewhere."""
    assert isinstance(got, tuple) == isinstance(expected, tuple)
    if isinstance(expected, (tuple, list)):
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            _same_tree(g, e)
    else:
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert np.array_equal(got, expected)


@pytest.mark.parametrize("n", [0, 2, -5])
def test_the_entrys_own_tuples_are_python_tuples(n):
    x = np.array([1.5, -2.0, 0.0, 3.25], np.float32)
    p = np.array([True, False])
    u = np.array([1.0, 2.0, 3.0], np.float32)
    kept = u.copy()
    run = stablehlo_py.compile(_ENTRY_TUPLES, backend="auto")
    assert isinstance(run, CompiledProgram), run.explanation
    got = run((x, (np.int32(n), p)), u)
    updated = kept.copy()
    updated[min(max(n, 0), 2)] = 7.0  # dynamic_update_slice clamps the start
    expected = [(2 * x, (np.array(n * n, np.int32), ~p)), updated, ()]
    _same_tree(list(got), expected)
    _same_tree(list(got), list(stablehlo_py.interpret(_ENTRY_TUPLES, (x, (np.int32(n), p)), u)))
    assert np.array_equal(u, kept)  # the caller's array is not written


def test_entry_tuples_are_checked_as_the_interpreters():
    run = stablehlo_py.compile(_ENTRY_TUPLES, backend="compiled")
    x, u = np.zeros(4, np.float32), np.zeros(3, np.float32)
    with pytest.raises(InterpreterError, match=r"@main argument 0: expected tuple<.*> \(a tuple of 2 values\), got tuple of 1"):
        run((x,), u)
    with pytest.raises(InterpreterError, match=r"@main argument 0 element 1 element 1: expected tensor<2xi1> \(dtype bool\)"):
        run((x, (np.int32(0), np.array([1, 0]))), u)
    with pytest.raises(InterpreterError, match=r"@main takes 2 arguments, got 1"):
        run((x, (np.int32(0), np.array([True, False]))))


def test_custom_calls_take_and_give_tuples():
    """A custom_call's tuple operands and results (nested, with a token) cross the runtime call
    as their elements: the user's target sees and gives Python tuples, as in the interpreter."""
    from stablehlo_py.interpreter import TOKEN, register_custom_call, unregister_custom_call

    custom = """func.func @main(%x: tensor<2xf32>, %n: tensor<i32>, %t: !stablehlo.token) -> (tensor<2xf32>, tensor<i32>, !stablehlo.token) {
  %in = stablehlo.tuple %x, %n : tuple<tensor<2xf32>, tensor<i32>>
  %0 = stablehlo.custom_call @test.split(%in, %t) : (tuple<tensor<2xf32>, tensor<i32>>, !stablehlo.token) -> tuple<tensor<2xf32>, tuple<tensor<i32>, !stablehlo.token>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>, !stablehlo.token>>) -> tensor<2xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>, !stablehlo.token>>) -> tuple<tensor<i32>, !stablehlo.token>
  %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>
  %4 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<i32>, !stablehlo.token>) -> !stablehlo.token
  return %1, %3, %4 : tensor<2xf32>, tensor<i32>, !stablehlo.token
}"""
    seen = []

    def split(pair, token):
        seen.append((type(pair), token))
        x, n = pair
        return (x * np.float32(n), (np.int32(n + 1), TOKEN))

    register_custom_call("test.split", split)
    try:
        x, n = np.array([1.5, -2.0], np.float32), np.int32(3)
        run = stablehlo_py.compile(custom, backend="compiled")
        got = run(x, n, TOKEN)
        assert seen == [(tuple, TOKEN)]
        assert_same(got[:2], [x * 3, np.array(4, np.int32)])
        assert got[2] is TOKEN
        assert_same(got[:2], stablehlo_py.interpret(custom, x, n, TOKEN)[:2])
    finally:
        unregister_custom_call("test.split")
