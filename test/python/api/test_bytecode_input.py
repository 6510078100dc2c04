"""MLIR bytecode wherever program text is taken (interpret, compile, refine, the CLI's run and
opt), told apart by its content. MLIR's bytecode reader asserts on some malformed input, so the
bytes are read by stablehlo-opt in a child process (_parsing.bytecode_text): corrupt bytecode is
a clear error and this process lives on. Portable artifacts (VHLO) are refused by name."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import _parsing
from stablehlo_py.interpreter import InterpreterError, compile, interpret

PROGRAM = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.add %a, %0 : tensor<2x3xf32>
  %c = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %w = stablehlo.while(%i = %1) : tensor<2x3xf32>
  cond {
    %p = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %i : tensor<2x3xf32>
  }
  %2 = stablehlo.multiply %w, %c : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}"""


def _bytecode(text: str) -> bytes:
    buffer = io.BytesIO()
    stablehlo_py.parse_module(text).operation.write_bytecode(buffer)
    return buffer.getvalue()


def _inputs():
    rng = np.random.default_rng(0)
    return rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(3).astype(np.float32)


def _expected(a, b):
    return (a + b) * np.array([[1, 2, 3], [4, 5, 6]], np.float32)


def test_bytecode_runs_as_its_text_does():
    data = _bytecode(PROGRAM)
    assert data.startswith(b"ML\xefR") and _parsing.bytecode_producer(data).startswith("MLIR")
    a, b = _inputs()
    for source in (data, bytearray(data), memoryview(data)):
        (got,) = interpret(source, a, b)
        np.testing.assert_array_equal(got, _expected(a, b))
    (got,) = compile(data)(a, b)
    np.testing.assert_array_equal(got, _expected(a, b))
    assert str(stablehlo_py.parse_module(data)) == str(stablehlo_py.parse_module(PROGRAM))
    refined = stablehlo_py.refine(_bytecode(PROGRAM.replace("%b: tensor<3xf32>", "%b: tensor<?xf32>")
                                            .replace("(tensor<3xf32>)", "(tensor<?xf32>)")),
                                  ["tensor<2x3xf32>", "tensor<3xf32>"])
    assert "tensor<?xf32>" not in str(refined)


def test_bytecode_keeps_locations_and_errors_name_them():
    text = PROGRAM.replace("%2 = stablehlo.multiply %w, %c : tensor<2x3xf32>",
                           '%2 = stablehlo.custom_call @no_such_target(%w) : (tensor<2x3xf32>) -> tensor<2x3xf32> '
                           'loc("model.py":6:9)')
    data = _bytecode(text)
    assert 'loc("model.py":6:9)' in _parsing.bytecode_text(data)
    with pytest.raises(InterpreterError, match=r'stablehlo\.custom_call at loc\("model\.py":6:9\).*no_such_target'):
        interpret(data, *_inputs())


@pytest.mark.parametrize("seed", range(4))
def test_corrupt_bytecode_is_a_clear_error(seed):
    """Truncated, overwritten and grown bytecode (seeds 1-3 of these made MLIR's reader abort a
    process in 500 tries when it read them in process): a result or an InterpreterError, here."""
    data = _bytecode(PROGRAM)
    rng = random.Random(seed)
    a, b = _inputs()
    for _ in range(40):
        mutant = bytearray(data)
        kind = rng.randrange(3)
        if kind == 0:
            mutant = mutant[:rng.randrange(4, len(mutant))]
        elif kind == 1:
            for _ in range(rng.randrange(1, 4)):
                mutant[rng.randrange(4, len(mutant))] = rng.randrange(256)
        else:
            at = rng.randrange(4, len(mutant))
            mutant[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
        try:
            interpret(bytes(mutant), a, b)
        except InterpreterError as e:
            assert "internal error" not in str(e)


def test_a_reader_that_aborts_is_reported():
    """The child process dying on a signal (MLIR's assertions) gives a clear error."""
    data = _bytecode(PROGRAM)
    rng = random.Random(2)  # a seed whose mutants include ones that abort MLIR's reader
    crashed = 0
    for _ in range(500):
        mutant = bytearray(data)
        for _ in range(rng.randrange(1, 4)):
            mutant[rng.randrange(4, len(mutant))] = rng.randrange(256)
        reader = subprocess.run([_parsing._stablehlo_opt(), "-", "--mlir-very-unsafe-disable-verifier-on-parsing"],
                                input=bytes(mutant), capture_output=True)
        if reader.returncode < 0:
            crashed += 1
            with pytest.raises(TypeError, match="MLIR bytecode that cannot be read: the reader stopped on malformed"):
                _parsing.bytecode_text(bytes(mutant))
            break
    assert crashed, "no mutant made the reader abort: pick another seed"


@pytest.mark.xla
def test_portable_artifacts_are_read_as_their_program():
    import jax
    from jax import export

    exported = export.export(jax.jit(lambda x: x + 1))(jax.ShapeDtypeStruct((2,), np.float32))
    artifact = exported.mlir_module_serialized
    assert _parsing.bytecode_producer(artifact).startswith("StableHLO_v")
    np.testing.assert_array_equal(interpret(artifact, np.ones(2, np.float32))[0], np.full(2, 2, np.float32))


def test_cli_reads_bytecode_files_and_stdin(tmp_path):
    path = tmp_path / "model.mlirbc"  # the name does not matter: the content says what it is
    path.write_bytes(_bytecode(PROGRAM))
    a, b = _inputs()
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    cli = [sys.executable, "-m", "stablehlo_py.cli"]
    run = subprocess.run([*cli, "run", str(path), "--args", str(tmp_path / "a.npy"), str(tmp_path / "b.npy"),
                          "--output", str(tmp_path)], capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "result_0.npy"), _expected(a, b))
    opt = subprocess.run([*cli, "opt", "-", "--pipeline", "canonicalize"], input=path.read_bytes(),
                         capture_output=True, timeout=240)
    assert opt.returncode == 0 and b"stablehlo.multiply" in opt.stdout, opt.stderr
    cut = tmp_path / "cut.mlir"
    cut.write_bytes(path.read_bytes()[:30])
    bad = subprocess.run([*cli, "run", str(cut)], capture_output=True, text=True, timeout=240)
    assert bad.returncode == 1
    assert bad.stderr.startswith(f"error: cannot read {cut}: the bytes given are MLIR bytecode that cannot be read")
