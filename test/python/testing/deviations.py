"""The shared check of the spec-deviation tests (test/python/deviations): a program upstream
StableHLO accepts and the spec does not loads, verified, with one SpecDeviationWarning per broken
constraint, each naming the op and the constraint, and fails to parse under strict=True."""

from __future__ import annotations

import warnings

import mlir.ir
import pytest

import stablehlo_py
from stablehlo_py import SpecDeviationWarning
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.lowering import LoweringError


def deviation_warnings(program: str) -> list[str]:
    """The SpecDeviationWarnings of loading `program` (which must load and verify)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = stablehlo_py.parse_module(program)
    assert module.operation.verify()
    return [str(w.message) for w in caught if issubclass(w.category, SpecDeviationWarning)]


def assert_deviation(program: str, op: str, cited: list[str]) -> None:
    """`program` loads with a warning citing each constraint of `cited` on stablehlo.`op`, in
    order, and under strict=True fails on the first."""
    messages = deviation_warnings(program)
    assert len(messages) == len(cited), messages
    for constraint, message in zip(cited, messages):
        assert f"'stablehlo.{op}' op {constraint}: " in message, messages
    with pytest.raises(mlir.ir.MLIRError, match="Unable to parse") as error:
        stablehlo_py.parse_module(program, strict=True)
    assert f"'stablehlo.{op}' op {cited[0]}: " in str(error.value)


def quietly(fn, *args, **kwargs):
    """fn(*args, **kwargs) with SpecDeviationWarnings silenced: the cases warn by design."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        return fn(*args, **kwargs)


def assert_upstream_accepts(programs) -> None:
    """Upstream StableHLO's verifier accepts every program (conftest.upstream_parse: jaxlib's, in
    a subprocess); the message lists those it rejects, with its errors."""
    from conftest import upstream_parse

    verdicts = upstream_parse(list(programs))
    rejected = {text: verdict[1] for text, verdict in verdicts.items() if not verdict[0]}
    assert not rejected, rejected


def assert_refused_by_every_backend(program: str, op: str, args: list) -> None:
    """Running `program` is an error naming stablehlo.`op`: the interpreter's (saying why it is
    a deviation), the compiled backend's LoweringError, and under compile's default backend."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        with pytest.raises(InterpreterError, match=f"stablehlo.{op}.*upstream StableHLO accepts it"):
            stablehlo_py.interpret(program, *args)
        with pytest.raises(LoweringError, match=f"stablehlo.{op}"):
            stablehlo_py.compile(program, backend="compiled")
        with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
            stablehlo_py.compile(program)(*args)
