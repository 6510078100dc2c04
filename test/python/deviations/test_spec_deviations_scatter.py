"""Programs of scatter and select_and_scatter whose element types the spec rejects but upstream
StableHLO's verifier accepts (scatter's updates and select_and_scatter's init value read as a reducer's
init values, promotable to the body's accumulator; floats of any precision for the source, the select's
and the bodies' arguments; booleans widening to integers): they load with a SpecDeviationWarning
citing the constraint and fail under strict=True. XLA refuses some of them and runs the others
ignoring the bodies' element types (the result in the operand's type where the body declares a
narrower one, an f16 argument never rounded), an answer the program's types do not give: the
interpreter (an InterpreterError naming the op and the constraint) and the compiled backend (a
LoweringError; backend="auto" the interpreter's error) refuse them all. docs/decisions.md, "Accepting
what upstream accepts"; the verifier side is test/lit/deviations/accepted_scatter.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import xla_run_text
from testing.deviations import assert_deviation, assert_refused_by_every_backend


def _body(acc: str, other: str) -> str:
    """A reducer body x + y of (tensor<acc>, tensor<other>) -> tensor<acc>."""
    convert = f"%y2 = stablehlo.convert %y : (tensor<{other}>) -> tensor<{acc}>" if other != acc else ""
    y = "%y2" if other != acc else "%y"
    return f"""^bb0(%x: tensor<{acc}>, %y: tensor<{other}>):
    {convert}
    %r = stablehlo.add %x, {y} : tensor<{acc}>
    stablehlo.return %r : tensor<{acc}>"""


def _select_and_scatter(op: str, src: str, init: str, sel: str, acc: str, other: str | None = None) -> str:
    return f"""func.func @main(%o: tensor<4x4x{op}>, %s: tensor<2x2x{src}>, %i: tensor<{init}>) -> tensor<4x4x{acc}> {{
  %0 = "stablehlo.select_and_scatter"(%o, %s, %i) ({{
  ^bb0(%a: tensor<{sel}>, %b: tensor<{sel}>):
    %c = stablehlo.compare GE, %a, %b : (tensor<{sel}>, tensor<{sel}>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }}, {{
  {_body(acc, other or acc)}
  }}) {{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}}
    : (tensor<4x4x{op}>, tensor<2x2x{src}>, tensor<{init}>) -> tensor<4x4x{acc}>
  return %0 : tensor<4x4x{acc}>
}}"""


def _scatter(inp: str, upd: str, acc: str, other: str | None = None) -> str:
    return f"""func.func @main(%a: tensor<5x{inp}>, %idx: tensor<4x1xi32>, %u: tensor<4x{upd}>) -> tensor<5x{acc}> {{
  %0 = "stablehlo.scatter"(%a, %idx, %u) ({{
  {_body(acc, other or acc)}
  }}) {{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}
    : (tensor<5x{inp}>, tensor<4x1xi32>, tensor<4x{upd}>) -> tensor<5x{acc}>
  return %0 : tensor<5x{acc}>
}}"""


_DT = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.int8, "i32": np.int32}
_INDICES = np.array([[0], [2], [2], [4]], np.int32)


def _values(shape, element):
    if element == "i1":
        return np.arange(int(np.prod(shape))).reshape(shape) % 2 == 0
    return (np.arange(int(np.prod(shape))).reshape(shape) % 7 + 1).astype(_DT[element])


def _sas_args(op, src, init):
    return [_values((4, 4), op), _values((2, 2), src), _values((), init)]


def _scatter_args(inp, upd):
    return [_values((5,), inp), _INDICES, _values((4,), upd)]


# (program, arguments, the constraints cited when loading, the op, whether XLA runs it)
CASES = [
    (_select_and_scatter("f32", "f16", "f32", "f32", "f32"), _sas_args("f32", "f16", "f32"), ["C1"],
     "select_and_scatter", False),
    (_select_and_scatter("f32", "f32", "f64", "f32", "f32"), _sas_args("f32", "f32", "f64"), ["C3"],
     "select_and_scatter", False),
    (_select_and_scatter("i32", "i32", "i8", "i32", "i32"), _sas_args("i32", "i32", "i8"), ["C3"],
     "select_and_scatter", False),
    (_select_and_scatter("f32", "f32", "f32", "f16", "f32"), _sas_args("f32", "f32", "f32"), ["C9"],
     "select_and_scatter", True),
    (_select_and_scatter("f32", "f32", "f32", "f32", "f16"), _sas_args("f32", "f32", "f32"), ["C10"],
     "select_and_scatter", True),
    (_select_and_scatter("f32", "f32", "f32", "f32", "f32", other="f16"), _sas_args("f32", "f32", "f32"), ["C10"],
     "select_and_scatter", True),
    (_select_and_scatter("i1", "i1", "i1", "i1", "i32"), _sas_args("i1", "i1", "i1"), ["C10"],
     "select_and_scatter", False),
    (_scatter("f32", "f16", "f32"), _scatter_args("f32", "f16"), ["C6"], "scatter", False),
    (_scatter("f32", "f64", "f32"), _scatter_args("f32", "f64"), ["C6"], "scatter", False),
    (_scatter("i32", "i8", "i32"), _scatter_args("i32", "i8"), ["C6"], "scatter", False),
    (_scatter("i32", "i1", "i32"), _scatter_args("i32", "i1"), ["C6"], "scatter", False),
    (_scatter("f32", "f32", "f16"), _scatter_args("f32", "f32"), ["C15"], "scatter", True),
    (_scatter("f32", "f32", "f32", other="f16"), _scatter_args("f32", "f32"), ["C15"], "scatter", True),
    (_scatter("i1", "i1", "i32"), _scatter_args("i1", "i1"), ["C15"], "scatter", False),
]
IDS = [f"{c[3]}-{'-'.join(c[2])}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("program, args, cited, op, xla_runs", CASES, ids=IDS)
def test_loads_with_a_warning_and_fails_when_strict(program, args, cited, op, xla_runs):
    assert_deviation(program, op, cited)


@pytest.mark.parametrize("program, args, cited, op, xla_runs", CASES, ids=IDS)
def test_refused_at_run_time_by_every_backend(program, args, cited, op, xla_runs):
    assert_refused_by_every_backend(program, op, args)


@pytest.mark.upstream
@pytest.mark.parametrize("program, args, cited, op, xla_runs",
                         [c for c in CASES if not c[4]], ids=[i for i, c in zip(IDS, CASES) if not c[4]])
def test_xla_refuses_these(program, args, cited, op, xla_runs):
    """If XLA ever runs one of these, compare its result instead of refusing."""
    with pytest.raises(Exception):
        xla_run_text(program, *args)


@pytest.mark.upstream
@pytest.mark.parametrize("program", [_select_and_scatter("f32", "f32", "f32", "f32", "f16"),
                                     _scatter("f32", "f32", "f16")], ids=["select_and_scatter", "scatter"])
def test_xla_returns_the_operand_type_for_a_narrower_body(program):
    """XLA gives its result in the operand's element type, not the f16 the program declares."""
    args = _sas_args("f32", "f32", "f32") if "select_and_scatter" in program else _scatter_args("f32", "f32")
    (result,) = xla_run_text(program, *args)
    assert result.dtype == np.float32


@pytest.mark.upstream
def test_xla_ignores_an_f16_update_argument():
    """scatter's update argument declared f16 is never rounded to f16 by XLA: its result is the f32 sum."""
    a = np.array([0.5, 0.25, 0.125, 1.0, 2.0], np.float32)
    u = np.array([31.7, 100.3, 1000.3, 2049.0], np.float32)  # none exact in f16
    (result,) = xla_run_text(_scatter("f32", "f32", "f32", other="f16"), a, _INDICES, u)
    in_f32 = a.copy()
    np.add.at(in_f32, _INDICES[:, 0], u)
    as_declared = a.copy()
    np.add.at(as_declared, _INDICES[:, 0], u.astype(np.float16).astype(np.float32))
    assert np.array_equal(result, in_f32) and not np.array_equal(result, as_declared)


@pytest.mark.upstream
def test_xla_ignores_an_f16_select():
    """select_and_scatter's select declared on f16 compares the operand's f32 values: elements equal in
    f16 (where GE keeps a window's first) are told apart (the maximum, each window's last, is chosen)."""
    operand = (1 + np.arange(16, dtype=np.float32).reshape(4, 4) * 1e-5).astype(np.float32)
    assert len(set(operand.astype(np.float16).ravel().tolist())) == 1
    source = np.array([[1, 2], [3, 4]], np.float32)
    (result,) = xla_run_text(_select_and_scatter("f32", "f32", "f32", "f16", "f32"), operand, source,
                             np.float32(0))
    expected = np.zeros((4, 4), np.float32)
    for i in range(2):
        for j in range(2):
            expected[2 * i + 1, 2 * j + 1] = source[i, j]  # the window's maximum, its last element
    assert np.array_equal(result, expected)
