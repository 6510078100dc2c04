"""Programs of reduce and reduce_window whose element
types the spec rejects but upstream StableHLO's verifier accepts (init values promotable
to the body's accumulator, floats of any precision, booleans widening to integers): they load with a
SpecDeviationWarning citing the constraint and fail under strict=True. XLA refuses to run every one
of them, and so do the interpreter (an InterpreterError naming the op and the constraint) and the
compiled backend (a LoweringError; backend="auto" then gives the interpreter's error): never a crash
or a made-up answer. docs/decisions.md, "Accepting what upstream accepts"; the verifier side is
test/lit/deviations/accepted_region_ops.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import xla_run_text
from testing.deviations import assert_deviation, assert_refused_by_every_backend


def _reduce(inp: str, init: str, acc: str, other: str | None = None, result: str | None = None) -> str:
    other = other or acc
    result = result or acc
    convert = f"%y2 = stablehlo.convert %y : (tensor<{other}>) -> tensor<{acc}>" if other != acc else ""
    y = "%y2" if other != acc else "%y"
    return f"""func.func @main(%a: tensor<4x3x{inp}>, %i: tensor<{init}>) -> tensor<3x{result}> {{
  %0 = "stablehlo.reduce"(%a, %i) ({{
  ^bb0(%x: tensor<{acc}>, %y: tensor<{other}>):
    {convert}
    %s = stablehlo.add %x, {y} : tensor<{acc}>
    stablehlo.return %s : tensor<{acc}>
  }}) {{dimensions = array<i64: 0>}} : (tensor<4x3x{inp}>, tensor<{init}>) -> tensor<3x{result}>
  return %0 : tensor<3x{result}>
}}"""


def _reduce_window(inp: str, init: str, acc: str) -> str:
    return f"""func.func @main(%a: tensor<4x4x{inp}>, %i: tensor<{init}>) -> tensor<3x3x{acc}> {{
  %0 = "stablehlo.reduce_window"(%a, %i) <{{window_dimensions = array<i64: 2, 2>}}> ({{
  ^bb0(%x: tensor<{acc}>, %y: tensor<{acc}>):
    %s = stablehlo.add %x, %y : tensor<{acc}>
    stablehlo.return %s : tensor<{acc}>
  }}) : (tensor<4x4x{inp}>, tensor<{init}>) -> tensor<3x3x{acc}>
  return %0 : tensor<3x3x{acc}>
}}"""


_DT = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.int8, "i32": np.int32,
       "ui32": np.uint32}


def _values(shape, element):
    if element == "i1":
        return np.arange(int(np.prod(shape))).reshape(shape) % 2 == 0
    return (np.arange(int(np.prod(shape))).reshape(shape) % 7 + 1).astype(_DT[element])


# (program, arguments, the constraints cited when loading, the op)
CASES = [
    (_reduce("f16", "f32", "f32"), [((4, 3), "f16"), ((), "f32")], ["C2"], "reduce"),
    (_reduce("f32", "f64", "f32"), [((4, 3), "f32"), ((), "f64")], ["C2"], "reduce"),
    (_reduce("i8", "i32", "i32"), [((4, 3), "i8"), ((), "i32")], ["C2"], "reduce"),
    (_reduce("i32", "ui32", "i32"), [((4, 3), "i32"), ((), "ui32")], ["C2"], "reduce"),
    (_reduce("f32", "f32", "f16"), [((4, 3), "f32"), ((), "f32")], ["C6"], "reduce"),
    (_reduce("i1", "i32", "i32"), [((4, 3), "i1"), ((), "i32")], ["C2", "C6"], "reduce"),
    (_reduce("f32", "f32", "f32", other="f16"), [((4, 3), "f32"), ((), "f32")], ["C6"], "reduce"),
    (_reduce_window("f16", "f32", "f32"), [((4, 4), "f16"), ((), "f32")], ["C3"], "reduce_window"),
    (_reduce_window("f32", "f32", "f16"), [((4, 4), "f32"), ((), "f32")], ["C13"], "reduce_window"),
]
IDS = [f"{c[3]}-{i}" for i, c in enumerate(CASES)]


def _arguments(specs):
    return [_values(*s) for s in specs]


@pytest.mark.parametrize("program, specs, cited, op", CASES, ids=IDS)
def test_loads_with_a_warning_and_fails_when_strict(program, specs, cited, op):
    assert_deviation(program, op, cited)


@pytest.mark.parametrize("program, specs, cited, op", CASES, ids=IDS)
def test_refused_at_run_time_by_every_backend(program, specs, cited, op):
    args = _arguments(specs)
    assert_refused_by_every_backend(program, op, args)


@pytest.mark.upstream
@pytest.mark.parametrize("program, specs, cited, op", CASES, ids=IDS)
def test_xla_refuses_them_too(program, specs, cited, op):
    """If XLA ever runs one of these, compare its result instead of refusing."""
    with pytest.raises(Exception):
        xla_run_text(program, *_arguments(specs))
