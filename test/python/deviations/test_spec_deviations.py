"""Programs the spec rejects but upstream StableHLO accepts (and producers emit) load with a
SpecDeviationWarning that names the op, its location and the constraint; `strict=True` (the CLI's
--strict-spec) makes them errors. Where such a program runs, the answer follows an independent
oracle (numpy); where it has no meaning (XLA refuses it too), running it is a clear error.
docs/decisions.md, "Accepting what upstream accepts"; the verifier side is
test/lit/deviations/accepted_as_upstream.mlir."""

from __future__ import annotations

import warnings

import mlir.ir
import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import SpecDeviationWarning
from stablehlo_py.cli import main
from stablehlo_py.interpreter import InterpreterError


def _compare(element: str, compare_type: str, direction: str = "LT") -> str:
    return f"""func.func @main(%a: tensor<6x{element}>, %b: tensor<6x{element}>) -> tensor<6xi1> {{
  %0 = stablehlo.compare {direction}, %a, %b, {compare_type} : (tensor<6x{element}>, tensor<6x{element}>) -> tensor<6xi1>
  return %0 : tensor<6xi1>
}}"""


RNG_INDEX_SHAPE = """func.func @main(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}"""

RNG_I32_SHAPE = """func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}"""

FLOAT_STATE = """func.func @main(%s: tensor<2xf32>) -> (tensor<2xf32>, tensor<4xui32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xf32>) -> (tensor<2xf32>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<4xui32>
}"""

ALL_GATHER_MULTIPLE = """func.func @main(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"""

# (program, what the warning cites)
DEVIATIONS = [
    (_compare("f32", "SIGNED"), "'stablehlo.compare' op C3: compare_type SIGNED is not allowed for element type 'f32'"),
    (_compare("i32", "FLOAT"), "'stablehlo.compare' op C3: compare_type FLOAT is not allowed for element type 'i32'"),
    (_compare("!quant.uniform<i8:f32, 0.5:3>", "TOTALORDER"),
     "'stablehlo.compare' op C3: compare_type TOTALORDER is not allowed for element type 'i8'"),
    (RNG_INDEX_SHAPE, "'stablehlo.rng' op I3: shape must be a tensor of si64, got 'tensor<2xindex>'"),
    (FLOAT_STATE, "'stablehlo.rng_bit_generator' op I2: initial_state must be a 1-dimensional tensor of ui64"),
    (ALL_GATHER_MULTIPLE, "'stablehlo.all_gather' op C6: dimension 1 of result 'tensor<2x4xf32>' must be "
                          "dim(operand, 1) * dim(process_groups, 1) = 2 * 1 = 2"),
]


@pytest.mark.parametrize("program, cited", DEVIATIONS)
def test_deviation_loads_with_a_warning_and_fails_when_strict(program, cited):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = stablehlo_py.parse_module(program)
    assert module.operation.verify()
    messages = [str(w.message) for w in caught if issubclass(w.category, SpecDeviationWarning)]
    assert len(messages) == 1, messages
    assert messages[0].startswith('"-":2:') and cited in messages[0]  # where, which op, which constraint
    with pytest.raises(mlir.ir.MLIRError, match="Unable to parse") as error:
        stablehlo_py.parse_module(program, strict=True)
    assert cited in str(error.value)


@pytest.mark.parametrize("program, cited", DEVIATIONS[:1])
def test_strict_reaches_every_entry_point(program, cited):
    with pytest.raises(InterpreterError, match="C3"):
        stablehlo_py.compile(program, strict=True)
    with pytest.raises(InterpreterError, match="C3"):
        stablehlo_py.interpret(program, np.zeros(6, np.float32), np.zeros(6, np.float32), strict=True)
    with pytest.raises(mlir.ir.MLIRError, match="C3"):
        stablehlo_py.refine(program, ["tensor<6xf32>", "tensor<6xf32>"], strict=True)
    # a module parsed leniently is checked again when a strict run is asked for
    with pytest.warns(SpecDeviationWarning):
        module = stablehlo_py.parse_module(program)
    with pytest.raises(InterpreterError, match="(?s)does not verify.*C3"):
        stablehlo_py.compile(module, strict=True)


def test_spec_valid_programs_load_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        stablehlo_py.parse_module(_compare("f32", "TOTALORDER"), strict=True)
        stablehlo_py.parse_module(_compare("ui32", "UNSIGNED"), strict=True)


# compare with a compare_type that does not fit the element type compares as the element type
# says (upstream's reference interpreter does the same; XLA refuses the program). Oracle: numpy.
_NUMBERS = {
    "f32": (np.array([1, np.nan, -0.0, 2, -np.inf, 3], np.float32), np.array([np.nan, 1, 0.0, 3, 1, 3], np.float32)),
    "i32": (np.array([-1, 1, 0, -5, 7, 2**31 - 1], np.int32), np.array([1, -1, 0, 3, 7, -2**31], np.int32)),
    "ui32": (np.array([2**32 - 1, 1, 0, 5, 7, 2**31], np.uint32), np.array([1, 2**32 - 1, 0, 3, 7, 2**31 - 1],
                                                                          np.uint32)),
}
_ORACLES = {"LT": np.less, "GE": np.greater_equal, "EQ": np.equal, "NE": np.not_equal}


@pytest.mark.parametrize("element, compare_type", [("f32", "SIGNED"), ("f32", "UNSIGNED"), ("i32", "UNSIGNED"),
                                                   ("i32", "FLOAT"), ("i32", "TOTALORDER"), ("ui32", "SIGNED"),
                                                   ("ui32", "FLOAT")])
@pytest.mark.parametrize("direction", sorted(_ORACLES))
def test_mismatched_compare_type_compares_as_the_element_type(element, compare_type, direction):
    a, b = _NUMBERS[element]
    with pytest.warns(SpecDeviationWarning):
        got = stablehlo_py.interpret(_compare(element, compare_type, direction), a, b)[0]
    np.testing.assert_array_equal(got, _ORACLES[direction](a, b))


@pytest.mark.parametrize("program", [RNG_INDEX_SHAPE, RNG_I32_SHAPE])
def test_rng_takes_a_shape_of_any_integer_type(program):
    args = [np.float32(2), np.float32(3)] + ([np.array([2, 3], np.int64)] if "%s:" in program else [])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        got = stablehlo_py.interpret(program, *args)[0]
    assert got.shape == (2, 3) and got.dtype == np.float32
    assert np.all((got >= 2) & (got < 3)) and len(np.unique(got)) == 6


def test_deviations_without_a_meaning_are_clear_errors_at_run_time():
    with pytest.warns(SpecDeviationWarning):
        with pytest.raises(InterpreterError, match=r"rng_bit_generator runs states of ui64 words .*tensor<2xf32>"):
            stablehlo_py.interpret(FLOAT_STATE, np.ones(2, np.float32))
    with pytest.warns(SpecDeviationWarning):
        with pytest.raises(InterpreterError, match=r"result 0 has 4 elements in dimension 1, but the group of 1 "
                                                   r"processes gathers 2 \(C6\)"):
            stablehlo_py.interpret(ALL_GATHER_MULTIPLE, np.ones((2, 2), np.float32))


def test_signed_storage_is_rejected_as_upstream_does():
    program = """func.func @main(%a: tensor<4xf32>) -> tensor<4x!quant.uniform<si8:f32, 0.5:3>> {
  %0 = stablehlo.uniform_quantize %a : (tensor<4xf32>) -> tensor<4x!quant.uniform<si8:f32, 0.5:3>>
  return %0 : tensor<4x!quant.uniform<si8:f32, 0.5:3>>
}"""
    with pytest.raises(mlir.ir.MLIRError, match="storage type must be written i8 or u8, not si8"):
        stablehlo_py.parse_module(program)


def test_cli_warns_and_strict_spec_fails(tmp_path, capsys):
    path = tmp_path / "signed_float_compare.mlir"
    path.write_text(_compare("f32", "SIGNED"))
    a, b = _NUMBERS["f32"]
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    args = ["--args", str(tmp_path / "a.npy"), str(tmp_path / "b.npy")]
    assert main(["run", str(path), *args]) == 0
    out, err = capsys.readouterr()
    assert f'warning: "{path}":2:8: \'stablehlo.compare\' op C3: compare_type SIGNED' in err
    assert "tensor<6xi1>" in out
    assert main(["run", str(path), *args, "--strict-spec"]) == 1
    out, err = capsys.readouterr()
    assert "error:" in err and "C3: compare_type SIGNED" in err and out == ""
    # opt gives upstream's diagnostics: none, unless asked for (as stablehlo-opt)
    assert main(["opt", str(path), "--pipeline", "canonicalize"]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in err and "stablehlo.compare" in out
    assert main(["opt", str(path), "--pipeline", "canonicalize", "--warn-spec-deviations"]) == 0
    out, err = capsys.readouterr()
    assert f'warning: "{path}":2:8: \'stablehlo.compare\' op C3: compare_type SIGNED' in err
    assert "stablehlo.compare" in out
    assert main(["opt", str(path), "--pipeline", "canonicalize", "--strict-spec"]) == 1
    out, err = capsys.readouterr()
    assert "C3: compare_type SIGNED" in err


def test_cli_verify_diagnostics_sees_the_warning(tmp_path, capsys):
    path = tmp_path / "expected.mlir"
    program = _compare("f32", "SIGNED").replace(
        "  %0 =", "  // expected-warning @+1 {{'stablehlo.compare' op C3: compare_type SIGNED}}\n  %0 =")
    path.write_text(program)
    flags = ["--pipeline", "canonicalize", "--verify-diagnostics"]
    assert main(["opt", str(path), *flags, "--warn-spec-deviations"]) == 0, capsys.readouterr()
    assert "warning:" not in capsys.readouterr().err  # checked, not reported
    # without the flag the warning is not emitted, as upstream's stablehlo-opt emits none
    assert main(["opt", str(path), *flags]) == 1
    assert "expected warning" in capsys.readouterr().err
    path.write_text(_compare("f32", "SIGNED"))
    assert main(["opt", str(path), *flags]) == 0, capsys.readouterr()
