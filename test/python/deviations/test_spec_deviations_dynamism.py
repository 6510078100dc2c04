"""Programs of the dynamism ops and dot_general that the spec (or the constraints we give ops the
spec does not define) rejects but upstream StableHLO's verifier accepts: they load with a
SpecDeviationWarning citing the constraint and fail under strict=True; dot_general of mixed element
types runs as XLA runs it (oracle: XLA on CPU); each dynamism case, which XLA cannot run either, is a
clear run-time error naming the op, never a crash or a wrong answer. docs/decisions.md, "Accepting
what upstream accepts"; the verifier side is test/lit/deviations/accepted_dynamism.mlir."""

from __future__ import annotations

import warnings

import mlir.ir
import numpy as np
import pytest
from conftest import assert_close, xla_run_text

import stablehlo_py
from stablehlo_py import SpecDeviationWarning
from stablehlo_py.interpreter import InterpreterError


def _program(args: str, results: str, body: str) -> str:
    return f"func.func @main({args}) -> {results} {{\n{body}\n}}"


DOT_MIXED = _program(
    "%a: tensor<2x3xf32>, %b: tensor<3x4xf16>", "tensor<2x4xf32>",
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf16>) -> "
    "tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>")

DOT_MIXED_BATCH = _program(
    "%a: tensor<2x3x5xf16>, %b: tensor<2x5x4xf32>", "tensor<2x3x4xf32>",
    "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
    "(tensor<2x3x5xf16>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>\n  return %0 : tensor<2x3x4xf32>")

_I64 = "tensor<2xi64>"

# (program, arguments, the constraint cited when loading, the run-time error)
RUNTIME_ERRORS = [
    (_program("%s: tensor<3xi64>", "tensor<?x?xi32>",
              "  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?x?xi32>\n"
              "  return %0 : tensor<?x?xi32>"),
     [np.array([2, 3, 4], np.int64)],
     "'stablehlo.dynamic_iota' op C2: output_shape must have one entry per result dimension (rank 2), got 3",
     "dynamic_iota"),
    (_program("%a: tensor<2xf32>, %s: tensor<3xi64>", "tensor<?x2xf32>",
              "  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<2xf32>, tensor<3xi64>) -> "
              "tensor<?x2xf32>\n  return %0 : tensor<?x2xf32>"),
     [np.ones(2, np.float32), np.array([3, 2, 2], np.int64)],
     "'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions must have one entry per result dimension",
     "dynamic_broadcast_in_dim"),
    (_program("%a: tensor<2x4xf32>, %v: tensor<f32>", "tensor<?x4xf32>",
              "  %l = stablehlo.constant dense<[-2, 0]> : tensor<2xi32>\n"
              "  %h = stablehlo.constant dense<[-1, 0]> : tensor<2xi32>\n"
              "  %i = stablehlo.constant dense<0> : tensor<2xi32>\n"
              "  %0 = stablehlo.dynamic_pad %a, %v, %l, %h, %i : (tensor<2x4xf32>, tensor<f32>, tensor<2xi32>, "
              "tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>\n  return %0 : tensor<?x4xf32>"),
     [np.ones((2, 4), np.float32), np.float32(0)],
     "'stablehlo.dynamic_pad' op C4: padding dimension 0 of size 2 with low -2, high -1 and interior 0 gives a "
     "negative size -1", "dynamic_pad"),
    (_program("%a: tensor<3x4xi64>", "tensor<?x?xi64>",
              "  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n"
              "  %l = stablehlo.constant dense<[3, 5]> : tensor<2xi64>\n"
              "  %t = stablehlo.constant dense<1> : tensor<2xi64>\n"
              f"  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %t : (tensor<3x4xi64>, {_I64}, {_I64}, {_I64}) -> "
              "tensor<?x?xi64>\n  return %0 : tensor<?x?xi64>"),
     [np.zeros((3, 4), np.int64)],
     "'stablehlo.real_dynamic_slice' op C3: dimension 1 needs 0 <= start_indices[1] = 2 <= limit_indices[1] = 5",
     "real_dynamic_slice"),
    (_program("%a: tensor<3x4xi64>", "tensor<?x?xi64>",
              "  %s = stablehlo.constant dense<0> : tensor<2xi64>\n"
              "  %t = stablehlo.constant dense<[1, 0]> : tensor<2xi64>\n"
              f"  %0 = stablehlo.real_dynamic_slice %a, %s, %s, %t : (tensor<3x4xi64>, {_I64}, {_I64}, {_I64}) -> "
              "tensor<?x?xi64>\n  return %0 : tensor<?x?xi64>"),
     [np.zeros((3, 4), np.int64)],
     "'stablehlo.real_dynamic_slice' op C4: strides [1, 0] must be positive", "real_dynamic_slice"),
    (_program("%a: tensor<3x4xi64>, %s: tensor<2xi64>", "tensor<?xi64>",
              f"  %0 = stablehlo.real_dynamic_slice %a, %s, %s, %s : (tensor<3x4xi64>, {_I64}, {_I64}, {_I64}) -> "
              "tensor<?xi64>\n  return %0 : tensor<?xi64>"),
     [np.zeros((3, 4), np.int64), np.array([1, 1], np.int64)],
     "'stablehlo.real_dynamic_slice' op C5: result rank must be the operand's", "real_dynamic_slice"),
    (_program("%a: tensor<3x4xi64>", "tensor<2x1xi64>",
              "  %s = stablehlo.constant dense<[1, 0]> : tensor<2xi64>\n"
              "  %l = stablehlo.constant dense<[3, 4]> : tensor<2xi64>\n"
              "  %t = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n"
              f"  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %t : (tensor<3x4xi64>, {_I64}, {_I64}, {_I64}) -> "
              "tensor<2x1xi64>\n  return %0 : tensor<2x1xi64>"),
     [np.zeros((3, 4), np.int64)],
     "'stablehlo.real_dynamic_slice' op C5: result shape must be ceil", "real_dynamic_slice"),
    (_program("%a: tensor<?xf32>", "tensor<?xf32>",
              "  %s = stablehlo.constant dense<-1> : tensor<i32>\n"
              "  %0 = stablehlo.set_dimension_size %a, %s, dim = 0 : (tensor<?xf32>, tensor<i32>) -> tensor<?xf32>\n"
              "  return %0 : tensor<?xf32>"),
     [np.ones(3, np.float32)],
     "'stablehlo.set_dimension_size' op C2: size -1 must be in [0, ?]", "set_dimension_size"),
    (_program("%a: tensor<2xf32>", "tensor<?xf32, #stablehlo.bounds<2>>",
              "  %s = stablehlo.constant dense<3> : tensor<i32>\n"
              "  %0 = stablehlo.set_dimension_size %a, %s, dim = 0 : (tensor<2xf32>, tensor<i32>) -> "
              "tensor<?xf32, #stablehlo.bounds<2>>\n  return %0 : tensor<?xf32, #stablehlo.bounds<2>>"),
     [np.ones(2, np.float32)],
     "'stablehlo.set_dimension_size' op C2: size 3 must be in [0, 2]", "set_dimension_size"),
    (_program("%a: tensor<2x3xf32>", "tensor<2x1xf32>",
              "  %s = stablehlo.constant dense<2> : tensor<i32>\n"
              "  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> "
              "tensor<2x1xf32>\n  return %0 : tensor<2x1xf32>"),
     [np.ones((2, 3), np.float32)],
     "'stablehlo.set_dimension_size' op C3: result must be the operand with dimension 1 resized, as in "
     "'tensor<2x2xf32>', got 'tensor<2x1xf32>'", "set_dimension_size"),
    (_program("%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>", "tensor<1x3x2x2xf32>",
              "  %p = stablehlo.constant dense<0> : tensor<2x2xi64>\n"
              "  %0 = \"stablehlo.dynamic_conv\"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x"
              "[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : "
              "(tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x3x2x2xf32>\n"
              "  return %0 : tensor<1x3x2x2xf32>"),
     [np.ones((1, 4, 4, 2), np.float32), np.ones((3, 3, 2, 2), np.float32)],
     "'stablehlo.dynamic_conv' op C25: result shape must be that of 'tensor<1x2x2x2xf32>'", "dynamic_conv"),
    (_program("%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x2x2xf32>", "tensor<1x2x2xf32>",
              "  %p = stablehlo.constant dense<0> : tensor<2x2xi64>\n"
              "  %0 = \"stablehlo.dynamic_conv\"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x"
              "[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : "
              "(tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2xf32>\n"
              "  return %0 : tensor<1x2x2xf32>"),
     [np.ones((1, 4, 4, 2), np.float32), np.ones((3, 3, 2, 2), np.float32)],
     "'stablehlo.dynamic_conv' op C26: result rank must be 4, got 'tensor<1x2x2xf32>'", "dynamic_conv"),
]

DEVIATIONS = [(DOT_MIXED, "'stablehlo.dot_general' op C13: lhs and rhs must have the same element type, got "
                          "'f32' and 'f16'")] + [(p, cited) for p, _, cited, _ in RUNTIME_ERRORS]


@pytest.mark.parametrize("program, cited", DEVIATIONS)
def test_loads_with_a_warning_and_fails_when_strict(program, cited):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = stablehlo_py.parse_module(program)
    assert module.operation.verify()
    messages = [str(w.message) for w in caught if issubclass(w.category, SpecDeviationWarning)]
    assert len(messages) == 1 and cited in messages[0], messages
    with pytest.raises(mlir.ir.MLIRError, match="Unable to parse") as error:
        stablehlo_py.parse_module(program, strict=True)
    assert cited in str(error.value)


@pytest.mark.upstream
@pytest.mark.parametrize("program, shapes", [(DOT_MIXED, [((2, 3), np.float32), ((3, 4), np.float16)]),
                                             (DOT_MIXED_BATCH, [((2, 3, 5), np.float16), ((2, 5, 4), np.float32)])])
def test_dot_general_of_mixed_element_types_runs_as_xla(program, shapes):
    rng = np.random.default_rng(0)
    args = [rng.uniform(-2, 2, shape).astype(dtype) for shape, dtype in shapes]
    with pytest.warns(SpecDeviationWarning, match="C13"):
        got = stablehlo_py.interpret(program, *args)
    expected = xla_run_text(program, *args)
    assert_close(got[0], expected[0], rtol=1e-6, atol=1e-6)
    with warnings.catch_warnings():  # and compiled to native code
        warnings.simplefilter("ignore", SpecDeviationWarning)
        compiled = stablehlo_py.compile(program, backend="compiled")
    assert_close(compiled(*args)[0], expected[0], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("program, args, cited, op", RUNTIME_ERRORS, ids=[f"{r[3]}-{i}" for i, r in
                                                                            enumerate(RUNTIME_ERRORS)])
def test_dynamism_deviations_are_clear_errors_at_run_time(program, args, cited, op):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
            stablehlo_py.interpret(program, *args)
