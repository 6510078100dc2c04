"""Programs upstream StableHLO's verifier accepts and the spec rejects, found by
test/conformance/parity.py: a dynamic_iota of booleans (Outputs), static sizes past a bound (dot and
dot_general C12, dynamic_slice C4) and explicitly empty window lists (reduce_window C6/C8/C10/C12,
select_and_scatter C6/C8). They load with a SpecDeviationWarning citing the constraint (upstream's
verifier, run here, accepts each) and fail under strict=True. At run time the window lists are read as
absent, as XLA reads them (interpreted and compiled results against XLA's); the others have no run XLA
gives a value of the declared type to (it refuses an iota of booleans and a slice past a bound, cannot
run bounded arguments on CPU, and returns the dot's full size past the result's bound), so every
backend refuses them with an error naming the op. docs/decisions.md, "Accepting what upstream
accepts"; the verifier side is test/lit/deviations/accepted_bounds_and_windows.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_close, xla_run_text
from testing.deviations import assert_deviation, assert_upstream_accepts, quietly

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.lowering import LoweringError


def _program(args: str, result: str, body: str) -> str:
    return f"func.func @main({args}) -> {result} {{\n{body}\n  return %0 : {result}\n}}"


def _window_body(op: str) -> str:
    add = ("  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %t = stablehlo.add %x, %y : tensor<f32>\n"
           "    stablehlo.return %t : tensor<f32>\n  }")
    if op == "reduce_window":
        return "({\n" + add + ")"
    select = ("  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
              "    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
              "    stablehlo.return %c : tensor<i1>\n  }")
    return "({\n" + select + ", {\n" + add + ")"


def _reduce_window(attrs: str) -> str:
    return _program("%a: tensor<4x6xf32>, %i: tensor<f32>", "tensor<3x5xf32>",
                    f"  %0 = \"stablehlo.reduce_window\"(%a, %i) {_window_body('reduce_window')} "
                    f"{{window_dimensions = array<i64: 2, 2>{attrs}}} : (tensor<4x6xf32>, tensor<f32>) -> "
                    "tensor<3x5xf32>")


def _select_and_scatter(attrs: str) -> str:
    return _program("%a: tensor<4x6xf32>, %s: tensor<3x5xf32>, %i: tensor<f32>", "tensor<4x6xf32>",
                    f"  %0 = \"stablehlo.select_and_scatter\"(%a, %s, %i) {_window_body('select_and_scatter')} "
                    f"{{window_dimensions = array<i64: 2, 2>{attrs}}} : (tensor<4x6xf32>, tensor<3x5xf32>, "
                    "tensor<f32>) -> tensor<4x6xf32>")


_EMPTY = ", padding = dense<> : tensor<0x2xi64>"
_RW_ARGS = [np.arange(24, dtype=np.float32).reshape(4, 6) - 7, np.float32(0)]
_SS_ARGS = [np.array([[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8], [9, 7, 9, 3, 2, 3], [8, 4, 6, 2, 6, 4]], np.float32),
            np.arange(15, dtype=np.float32).reshape(3, 5) + 1, np.float32(0)]

# (program, op, the constraints cited in order, arguments): run as XLA runs them.
WINDOWS = [
    (_reduce_window(", window_strides = array<i64>"), "reduce_window", ["C6"], _RW_ARGS),
    (_reduce_window(", base_dilations = array<i64>, window_dilations = array<i64>"), "reduce_window",
     ["C8", "C10"], _RW_ARGS),
    (_reduce_window(_EMPTY), "reduce_window", ["C12"], _RW_ARGS),
    (_reduce_window(", window_strides = array<i64>, base_dilations = array<i64>, window_dilations = array<i64>"
                    + _EMPTY), "reduce_window", ["C6", "C8", "C10", "C12"], _RW_ARGS),
    (_select_and_scatter(", window_strides = array<i64>"), "select_and_scatter", ["C6"], _SS_ARGS),
    (_select_and_scatter(_EMPTY), "select_and_scatter", ["C8"], _SS_ARGS),
    (_select_and_scatter(", window_strides = array<i64>" + _EMPTY), "select_and_scatter", ["C6", "C8"], _SS_ARGS),
]

_BOUNDED = "tensor<?x3xf32, #stablehlo.bounds<2, ?>>"
_BOUNDED_RESULT = "tensor<?x4xf32, #stablehlo.bounds<2, ?>>"
_SLICED = "tensor<?x4xf32, #stablehlo.bounds<3, ?>>"

# (program, op, cited, arguments): refused by every backend.
REFUSED = [
    (_program("", "tensor<3xi1>", "  %s = stablehlo.constant dense<3> : tensor<1xi64>\n"
              "  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<3xi1>"),
     "dynamic_iota", ["Outputs"], []),
    (_program("%s: tensor<2xi32>", "tensor<2x2xi1>",
              "  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x2xi1>"),
     "dynamic_iota", ["Outputs"], [np.array([2, 2], np.int32)]),
    (_program(f"%a: {_BOUNDED}, %b: tensor<3x4xf32>", "tensor<5x4xf32>",
              f"  %0 = stablehlo.dot %a, %b : ({_BOUNDED}, tensor<3x4xf32>) -> tensor<5x4xf32>"),
     "dot", ["C12"], [np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)]),
    (_program("%a: tensor<5x3xf32>, %b: tensor<3x4xf32>", _BOUNDED_RESULT,
              f"  %0 = stablehlo.dot %a, %b : (tensor<5x3xf32>, tensor<3x4xf32>) -> {_BOUNDED_RESULT}"),
     "dot", ["C12"], [np.ones((5, 3), np.float32), np.ones((3, 4), np.float32)]),
    (_program("%a: tensor<5x3xf32>, %b: tensor<3x4xf32>", _BOUNDED_RESULT,
              "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x3xf32>, "
              f"tensor<3x4xf32>) -> {_BOUNDED_RESULT}"),
     "dot_general", ["C12"], [np.ones((5, 3), np.float32), np.ones((3, 4), np.float32)]),
    (_program(f"%a: {_SLICED}, %i: tensor<i64>", "tensor<5x2xf32>",
              f"  %0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [5, 2] : ({_SLICED}, tensor<i64>, tensor<i64>) -> "
              "tensor<5x2xf32>"),
     "dynamic_slice", ["C4"], [np.arange(12, dtype=np.float32).reshape(3, 4), np.int64(1)]),
]

ALL = WINDOWS + REFUSED


def _ids(cases):
    return [f"{c[1]}-{i}" for i, c in enumerate(cases)]


@pytest.mark.parametrize("program, op, cited, args", ALL, ids=_ids(ALL))
def test_loads_with_a_warning_and_fails_when_strict(program, op, cited, args):
    assert_deviation(program, op, cited)


@pytest.mark.upstream
def test_upstream_accepts_every_case():
    assert_upstream_accepts(c[0] for c in ALL)


@pytest.mark.upstream
@pytest.mark.parametrize("program, op, cited, args", WINDOWS, ids=_ids(WINDOWS))
def test_empty_window_lists_run_as_xla(program, op, cited, args):
    expected = xla_run_text(program, *args)
    # XLA reads them as absent: the program without them gives the same.
    plain = program.replace(_EMPTY, "")
    for name in ("window_strides", "base_dilations", "window_dilations"):
        plain = plain.replace(f", {name} = array<i64>", "")
    assert plain != program
    assert_close(xla_run_text(plain, *args), expected)
    assert_close(quietly(stablehlo_py.interpret, program, *args), expected)
    assert_close(quietly(lambda: stablehlo_py.compile(program, backend="compiled")(*args)), expected)


@pytest.mark.parametrize("program, op, cited, args", REFUSED, ids=_ids(REFUSED))
def test_refused_by_every_backend(program, op, cited, args):
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
        quietly(stablehlo_py.interpret, program, *args)
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
        quietly(lambda: stablehlo_py.compile(program)(*args))
    # The compiled backend refuses when it refines or lowers the module (a bounded @main result
    # before it reaches the op).
    with pytest.raises(LoweringError):
        quietly(lambda: stablehlo_py.compile(program, backend="compiled")(*args))


def test_boolean_dynamic_iota_is_refused_when_prepared():
    program = REFUSED[0][0]
    with pytest.raises(InterpreterError, match="stablehlo.dynamic_iota.*booleans.*upstream StableHLO accepts it"):
        quietly(stablehlo_py.interpret, program)
    with pytest.raises(LoweringError, match="stablehlo.dynamic_iota"):
        quietly(lambda: stablehlo_py.compile(program, backend="compiled")())


# What XLA does with the refused programs (CPU): no value of the declared type.
@pytest.mark.upstream
@pytest.mark.parametrize("index, message", [
    (0, "Only support iota of integral, floating point or complex primitive types, got PRED"),
    (1, "Only support iota of integral, floating point or complex primitive types, got PRED"),
    (2, "PadToStatic"),  # a bounded argument
    (5, "Slice dim size 5 greater than dynamic slice dimension: 3"),
])
def test_xla_refuses(index, message):
    program, _, _, args = REFUSED[index]
    with pytest.raises(Exception, match=message):
        xla_run_text(program, *args)


@pytest.mark.upstream
@pytest.mark.parametrize("index", [3, 4])
def test_xla_ignores_the_result_bound(index):
    """XLA returns all 5 rows where the result's bound is 2: a value outside the declared type, which
    the backends refuse rather than return."""
    program, _, _, args = REFUSED[index]
    got = xla_run_text(program, *args)[0]
    np.testing.assert_array_equal(got, np.full((5, 4), 3, np.float32))


@pytest.mark.upstream
def test_xla_folds_a_boolean_iota_of_one_element():
    """The one boolean iota XLA answers is of one element (False), where it refuses every longer one:
    no meaning to follow; the interpreter refuses it like the others."""
    program = _program("", "tensor<1xi1>", "  %s = stablehlo.constant dense<1> : tensor<1xi64>\n"
                       "  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<1xi1>")
    np.testing.assert_array_equal(xla_run_text(program)[0], np.array([False]))
    with pytest.raises(InterpreterError, match="stablehlo.dynamic_iota"):
        quietly(stablehlo_py.interpret, program)
