"""backend="auto" per function: when the entry's program does not lower, the interpreter runs it
and each function it calls whose own program lowers runs as native code; `explanation` (and
`explain=True`, and the CLI's --explain) say which backend runs each function and why."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.cli import main
from stablehlo_py.lowering import CompiledProgram

# A dynamic shape inside a static program does not lower (dynamic_iota): in @main, whose shapes
# refinement makes static first, its size is read from the data. @main makes one; @inner
# lowers with its callee @deep; @boxed makes one too, so its callee @deep is compiled on its own;
# @looped (another one) calls
# @deep from a while loop's body.
_MIXED = """func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = call @inner(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %szx = stablehlo.slice %x [0:1] : (tensor<4xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size_1 = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %1 = stablehlo.dynamic_iota %size_1, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %2 = call @boxed(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = call @looped(%2) : (tensor<4xf32>) -> tensor<4xf32>
  return %2, %3 : tensor<4xf32>, tensor<4xf32>
}
func.func private @inner(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %x : tensor<4xf32>
  %1 = call @deep(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @boxed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %size_f = stablehlo.constant dense<[3]> : tensor<1xi64>
  %f = stablehlo.dynamic_iota %size_f, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %1 = call @deep(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @looped(%x: tensor<4xf32>) -> tensor<4xf32> {
  %size_f = stablehlo.constant dense<[3]> : tensor<1xi64>
  %f = stablehlo.dynamic_iota %size_f, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %n = stablehlo.add %i, %c1 : tensor<i32>
      %w = func.call @deep(%v) : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
    }
  return %r#1 : tensor<4xf32>
}
func.func private @deep(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = stablehlo.sine %0 : tensor<4xf32>
  %2 = stablehlo.subtract %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}"""

_X = np.array([0.5, -1.25, 3.0, 0.0], np.float32)


def _native_calls(monkeypatch) -> list:
    """The entries of the compiled programs called from now on, in order."""
    calls = []
    original = CompiledProgram.__call__

    def counted(self, *arrays):
        calls.append(self.entry)
        return original(self, *arrays)

    monkeypatch.setattr(CompiledProgram, "__call__", counted)
    return calls


def test_functions_that_lower_run_compiled_and_the_rest_interpreted(monkeypatch):
    run = stablehlo_py.compile(_MIXED, backend="auto")
    assert not isinstance(run, CompiledProgram)
    assert run.explanation[0].startswith("@main: interpreter ('stablehlo.dynamic_iota' at ")
    assert run.explanation[0].endswith(" does not lower)")
    lines = dict(line.split(": ", 1) for line in run.explanation[1:])
    assert lines["@inner"] == "compiled"
    assert lines["@boxed"].startswith("interpreter ('stablehlo.dynamic_iota' at ")
    assert lines["@looped"].startswith("interpreter ('stablehlo.dynamic_iota' at ")
    assert lines["@deep"] == "compiled"  # called by the interpreted @boxed and @looped
    assert len(lines) == 4
    calls = _native_calls(monkeypatch)
    got = run(_X)
    assert calls == ["inner", "deep", "deep", "deep", "deep"]  # @deep: once by @boxed, 3 times in the loop
    # The compiled sine is libm's (within 1 ULP of numpy's): every result that went through it
    # is compared with a tolerance.
    want = stablehlo_py.interpret(_MIXED, _X)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=2e-6, atol=1e-6)


def test_a_program_that_lowers_whole_is_compiled_whole():
    text = _MIXED[_MIXED.index("func.func private @deep"):].replace("private @deep", "@main")
    run = stablehlo_py.compile(text, backend="auto")
    assert isinstance(run, CompiledProgram)
    assert run.explanation == ["@main: compiled"]
    assert_same(run(_X), stablehlo_py.compile(text, backend="compiled")(_X))


def test_explain_prints_the_explanation_to_stderr(capsys):
    run = stablehlo_py.compile(_MIXED, backend="auto", explain=True)
    assert capsys.readouterr().err.splitlines() == run.explanation


def test_the_interpreter_backend_explains_nothing(capsys):
    run = stablehlo_py.compile(_MIXED, backend="interpreter", explain=True)
    assert not hasattr(run, "explanation")
    assert capsys.readouterr().err == ""


def test_a_callee_with_a_dynamic_signature_stays_interpreted():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<?xf32> {
  %szx = stablehlo.slice %x [0:1] : (tensor<4xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size_0 = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %0 = stablehlo.dynamic_iota %size_0, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %c = stablehlo.convert %x : (tensor<4xf32>) -> tensor<?xf32>
  %1 = call @dynamic(%c) : (tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func private @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}"""
    run = stablehlo_py.compile(text, backend="auto")
    assert run.explanation[1].startswith("@dynamic: interpreter (")
    assert_same(run(_X), [_X + _X])


def test_a_composite_runs_its_decomposition_compiled(monkeypatch):
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %szx = stablehlo.slice %x [0:1] : (tensor<4xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size_f = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %f = stablehlo.dynamic_iota %size_f, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %0 = stablehlo.composite "my.double" %x {decomposition = @double} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    run = stablehlo_py.compile(text, backend="auto")
    assert run.explanation[1:] == ["@double: compiled"]
    calls = _native_calls(monkeypatch)
    assert_same(run(_X), [_X + _X])
    assert calls == ["double"]


@pytest.mark.parametrize("explain", [True, False])
def test_cli_explain(tmp_path, capsys, explain):
    program = tmp_path / "p.mlir"
    program.write_text(_MIXED)
    np.save(tmp_path / "x.npy", _X)
    flags = ["--explain"] if explain else []
    assert main(["run", str(program), "--args", str(tmp_path / "x.npy"), "--backend", "auto", *flags]) == 0
    err = capsys.readouterr().err
    assert ("@inner: compiled" in err) == explain
    assert ("@main: interpreter ('stablehlo.dynamic_iota' at " in err) == explain
