"""Programs of select, clamp, bitcast_convert, einsum/unary_einsum and compare that the spec (for the legacy
einsum: the checks we give it) rejects but upstream StableHLO's verifier accepts: they load with a
SpecDeviationWarning citing the constraint (upstream's verifier, run here, accepts each) and fail under
strict=True. At run time they give XLA's result where XLA returns one of the declared type (einsum of
promotable element types, its implicit and "..." configs), and otherwise a clear error naming the op on
the interpreter and the compiled backend: XLA either refuses them or returns a value of another shape or
element type than the program declares. compare with any compare_type compares by the element type (XLA's
verifier refuses those; the comparison is upstream's reference interpreter's). docs/decisions.md,
"Accepting what upstream accepts"; the verifier side is test/lit/deviations/accepted_elementwise.mlir."""

from __future__ import annotations

import mlir.ir
import numpy as np
import pytest
from conftest import assert_close, xla_run_text
from testing.deviations import assert_deviation, assert_upstream_accepts, quietly

import stablehlo_py
from stablehlo_py import SpecDeviationWarning
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.lowering import LoweringError

_DT = {"f16": np.float16, "f32": np.float32, "i1": np.bool_, "i8": np.int8, "i32": np.int32, "ui8": np.uint8}


def _program(op: str, operands: list[str], result: str, attrs: str = "") -> str:
    args = ", ".join(f"%a{i}: tensor<{t}>" for i, t in enumerate(operands))
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    types = ", ".join(f"tensor<{t}>" for t in operands)
    attrs = f" {{{attrs}}}" if attrs else ""
    return (f"func.func @main({args}) -> tensor<{result}> {{\n"
            f"  %0 = \"stablehlo.{op}\"({names}){attrs} : ({types}) -> tensor<{result}>\n"
            f"  return %0 : tensor<{result}>\n}}")


def _einsum(config: str, operands: list[str], result: str) -> str:
    op = "einsum" if len(operands) == 2 else "unary_einsum"
    return _program(op, operands, result, f'einsum_config = "{config}"')


def _value(shape, element, seed=0):
    rng = np.random.default_rng(seed)
    if element == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    if element in ("i8", "i32", "ui8"):
        return rng.integers(0, 100, shape).astype(_DT[element])
    return rng.uniform(-4, 4, shape).astype(_DT[element])


# (program, the run-time shapes and element types of the arguments, the constraints cited, the op)
SELECT_CLAMP_BITCAST = [
    (_program("select", ["?xi1, #stablehlo.bounds<3>", "5xf32", "5xf32"], "5xf32"),
     [((1,), "i1"), ((5,), "f32"), ((5,), "f32")], ["C1"], "select"),
    (_program("select", ["2x?xi1", "?x3xf32", "3x3xf32"], "?x3xf32"),
     [((2, 1), "i1"), ((3, 3), "f32"), ((3, 3), "f32")], ["C1"], "select"),
    (_program("clamp", ["?xf32, #stablehlo.bounds<3>", "5xf32", "f32"], "5xf32"),
     [((1,), "f32"), ((5,), "f32"), ((), "f32")], ["C1"], "clamp"),
    (_program("clamp", ["2x?xf32", "?x3xf32", "f32"], "3x3xf32"),
     [((2, 3), "f32"), ((3, 3), "f32"), ((), "f32")], ["C1"], "clamp"),
    (_program("clamp", ["2x?xf32", "?x?xf32", "3x?xf32"], "?x?xf32"),
     [((2, 1), "f32"), ((2, 1), "f32"), ((3, 1), "f32")], ["C2"], "clamp"),
    (_program("bitcast_convert", ["2xi8"], "2x2xui8"), [((2,), "i8")], ["C1"], "bitcast_convert"),
    (_program("bitcast_convert", ["2xf32"], "i32"), [((2,), "f32")], ["C1"], "bitcast_convert"),
    (_program("bitcast_convert", ["f32"], "1xi32"), [((), "f32")], ["C1"], "bitcast_convert"),
    (_program("bitcast_convert", ["?xf32, #stablehlo.bounds<3>"], "5xi32"), [((3,), "f32")], ["C1"],
     "bitcast_convert"),
]

# einsum programs XLA runs with the declared result type: XLA's result.
EINSUM_RUNS = [
    (_einsum("ab,bc->ac", ["2x3xf16", "3x4xf32"], "2x4xf32"), [((2, 3), "f16"), ((3, 4), "f32")],
     ["element types"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xi8", "3x4xi32"], "2x4xi32"), [((2, 3), "i8"), ((3, 4), "i32")],
     ["element types"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xi8", "3x4xf32"], "2x4xf32"), [((2, 3), "i8"), ((3, 4), "f32")],
     ["element types"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xi8", "3x4xui8"], "2x4xi8"), [((2, 3), "i8"), ((3, 4), "ui8")],
     ["element types"], "einsum"),
    (_einsum("ab,bc", ["2x3xf32", "3x4xf32"], "2x4xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ba,ac", ["3x2xf32", "2x4xf32"], "3x4xf32"), [((3, 2), "f32"), ((2, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("...b,bc->...c", ["5x2x3xf32", "3x4xf32"], "5x2x4xf32"), [((5, 2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    # a repeated result letter: XLA's diagonal (test_einsum.py has more)
    (_einsum("ab,bc->aa", ["2x3xf32", "3x4xf32"], "2x2xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
]

# einsum programs XLA refuses or answers with another type than declared: an error naming the op.
EINSUM_REFUSED = [
    (_einsum("garbage", ["2x3xf32", "3x4xf32"], "2x4xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ab,bc->acd", ["2x3xf32", "3x4xf32"], "2x4xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xf32", "4x4xf32"], "2x4xf32"), [((2, 3), "f32"), ((4, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xf32", "3x4xf32"], "2x5xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ab,bc->ca", ["2x3xf32", "3x4xf32"], "2x4xf32"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["einsum_config"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xi8", "3x4xi8"], "2x4xi32"), [((2, 3), "i8"), ((3, 4), "i8")],
     ["element types"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xf32", "3x4xf32"], "2x4xf16"), [((2, 3), "f32"), ((3, 4), "f32")],
     ["element types"], "einsum"),
    (_einsum("ab,bc->ac", ["2x3xi8", "3x4xui8"], "2x4xui8"), [((2, 3), "i8"), ((3, 4), "ui8")],
     ["element types"], "einsum"),
    (_einsum("ab->c", ["2x3xf32"], "2xf32"), [((2, 3), "f32")], ["einsum_config"], "unary_einsum"),
    (_einsum("ab->ab", ["2x3xf32"], "2x3xi32"), [((2, 3), "f32")], ["element types"], "unary_einsum"),
]

REFUSED = SELECT_CLAMP_BITCAST + EINSUM_REFUSED
ALL = REFUSED + EINSUM_RUNS


def _args(specs, seed=0):
    return [_value(shape, element, seed + i) for i, (shape, element) in enumerate(specs)]


def _ids(cases):
    return [f"{c[3]}-{i}" for i, c in enumerate(cases)]


@pytest.mark.parametrize("program, specs, cited, op", ALL, ids=_ids(ALL))
def test_loads_with_a_warning_and_fails_when_strict(program, specs, cited, op):
    assert_deviation(program, op, cited)


@pytest.mark.upstream
def test_upstream_accepts_every_case():
    assert_upstream_accepts(c[0] for c in ALL)


def _run(program, args, backend="auto"):
    """compile(program, backend) called on args; shape refinement at the call verifies (and warns) again."""
    return quietly(lambda: stablehlo_py.compile(program, backend=backend)(*args))


@pytest.mark.parametrize("program, specs, cited, op", REFUSED, ids=_ids(REFUSED))
def test_refused_at_run_time_by_every_backend(program, specs, cited, op):
    args = _args(specs)
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
        quietly(stablehlo_py.interpret, program, *args)
    # The compiled backend refuses when it compiles (refinement, lowering) or runs (a runtime call).
    with pytest.raises((InterpreterError, LoweringError), match=f"stablehlo.{op}"):
        _run(program, args, backend="compiled")
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
        _run(program, args)


def _declared(program: str):
    """(shape, dtype) of @main's result as the program declares it (no `?`/bounds among these cases)."""
    result = program.split("-> tensor<")[1].split(">")[0]
    *dims, element = result.split("x")
    return tuple(int(d) for d in dims), np.dtype(_DT[element])


# Refused although XLA returns a value of the declared type: a letter of two sizes (XLA's value has no
# meaning we could find).
_XLA_ANSWERS_ANYWAY = ("ab,bc->ac\"} : (tensor<2x3xf32>, tensor<4x4xf32>)",)
_XLA_CHECKED = [c for c in REFUSED if "?" not in c[0] and not any(s in c[0] for s in _XLA_ANSWERS_ANYWAY)]


@pytest.mark.upstream
@pytest.mark.parametrize("program, specs, cited, op", _XLA_CHECKED, ids=_ids(_XLA_CHECKED))
def test_xla_gives_no_result_of_the_declared_type(program, specs, cited, op):
    """XLA refuses these or returns another shape or element type than declared (bounded and `?`
    dimensions, left out here, it refuses to run). If it ever returns the declared type, compare it
    instead of refusing."""
    try:
        got = xla_run_text(program, *_args(specs))[0]
    except Exception:
        return
    assert (got.shape, got.dtype) != _declared(program)


@pytest.mark.upstream
@pytest.mark.parametrize("program, specs, cited, op", EINSUM_RUNS, ids=_ids(EINSUM_RUNS))
def test_einsum_runs_as_xla(program, specs, cited, op):
    args = _args(specs)
    expected = xla_run_text(program, *args)[0]
    assert (expected.shape, expected.dtype) == _declared(program)
    got = quietly(stablehlo_py.interpret, program, *args)[0]
    assert_close(got, expected, rtol=1e-6, atol=1e-5)
    assert_close(_run(program, args)[0], expected, rtol=1e-6, atol=1e-5)
    # The compiled backend has no einsum kernel: an error naming the op, never another answer.
    with pytest.raises(LoweringError, match=f"stablehlo.{op}"):
        quietly(stablehlo_py.compile, program, backend="compiled")


_SIGNED = np.array([-2, -1, 0, 1, 2**31 - 1, -2**31], np.int32)
_UNSIGNED = np.array([0, 1, 2**31, 2**32 - 1, 5, 2**31 - 1], np.uint32)
_FLOATS = np.array([-1.0, np.nan, -0.0, 0.0, 1.0, -np.inf], np.float32)

# (element type, values, compare_type): every combination the spec's C3 rejects.
COMPARE = [(t, v, c) for t, v, allowed in [("i32", _SIGNED, {"SIGNED"}), ("ui32", _UNSIGNED, {"UNSIGNED"}),
                                           ("i1", np.array([True, False, True, False, True, False]), {"UNSIGNED"}),
                                           ("f32", _FLOATS, {"FLOAT", "TOTALORDER"})]
           for c in ("SIGNED", "UNSIGNED", "FLOAT", "TOTALORDER") if c not in allowed]

_NUMPY = {"EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal, "GT": np.greater, "LE": np.less_equal,
          "LT": np.less}


def _compare(element, compare_type, direction):
    return (f"func.func @main(%a: tensor<6x{element}>, %b: tensor<6x{element}>) -> tensor<6xi1> {{\n"
            f"  %0 = stablehlo.compare {direction}, %a, %b, {compare_type} : (tensor<6x{element}>, "
            f"tensor<6x{element}>) -> tensor<6xi1>\n  return %0 : tensor<6xi1>\n}}")


def _compare_loop(element, compare_type):
    """The compare inside a while loop of rank-0 values (the interpreter's scalar path)."""
    return (f"func.func @main(%a: tensor<{element}>, %b: tensor<{element}>) -> tensor<i1> {{\n"
            "  %f = stablehlo.constant dense<false> : tensor<i1>\n"
            "  %i = stablehlo.constant dense<0> : tensor<i32>\n"
            "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
            f"  %r:2 = stablehlo.while(%n = %i, %c = %f) : tensor<i32>, tensor<i1>\n"
            "   cond {\n"
            "    %lt = stablehlo.compare LT, %n, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
            "    stablehlo.return %lt : tensor<i1>\n"
            "  } do {\n"
            f"    %x = stablehlo.compare LT, %a, %b, {compare_type} : (tensor<{element}>, tensor<{element}>) -> "
            "tensor<i1>\n"
            "    %m = stablehlo.add %n, %one : tensor<i32>\n"
            "    stablehlo.return %m, %x : tensor<i32>, tensor<i1>\n"
            "  }\n"
            "  return %r#1 : tensor<i1>\n}")


@pytest.mark.parametrize("element, values, compare_type", COMPARE, ids=[f"{t}-{c}" for t, v, c in COMPARE])
@pytest.mark.parametrize("direction", ["LT", "GE", "EQ"])
def test_compare_follows_the_element_type(element, values, compare_type, direction):
    """Oracle: numpy's comparison of the values, by their own type (upstream's reference interpreter
    ignores compare_type the same way)."""
    a, b = values, np.roll(values, 1)
    expected = _NUMPY[direction](a, b)
    program = _compare(element, compare_type, direction)
    with pytest.warns(SpecDeviationWarning, match="C3"):
        got = stablehlo_py.interpret(program, a, b)[0]
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(_run(program, [a, b], backend="compiled")[0], expected)
    with pytest.raises(mlir.ir.MLIRError, match="C3"):
        stablehlo_py.parse_module(program, strict=True)


@pytest.mark.parametrize("element, values, compare_type", COMPARE, ids=[f"{t}-{c}" for t, v, c in COMPARE])
def test_compare_in_a_scalar_loop_follows_the_element_type(element, values, compare_type):
    program = _compare_loop(element, compare_type)
    for x, y in zip(values, np.roll(values, 1)):
        for backend in ("interpreter", "compiled"):
            got = _run(program, [x, y], backend=backend)[0]
            assert bool(got) == bool(np.less(x, y)), (backend, x, y)


@pytest.mark.upstream
@pytest.mark.parametrize("element, values, compare_type", COMPARE, ids=[f"{t}-{c}" for t, v, c in COMPARE])
def test_xla_refuses_these_compare_types(element, values, compare_type):
    """If XLA ever runs one of these, compare with its result instead."""
    with pytest.raises(Exception, match="Expected comparison type"):
        xla_run_text(_compare(element, compare_type, "LT"), values, np.roll(values, 1))
