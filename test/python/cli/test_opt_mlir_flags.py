"""`stablehlo-py opt` takes mlir-opt's arguments (what stablehlo-opt hands it for the Python passes):
--pass-pipeline, --<pass>[=options] flags in order with implicit nesting, -flag as --flag, -o,
--mlir-print-op-generic, --mlir-print-debuginfo, --allow-unregistered-dialect, stdin."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from stablehlo_py.cli import main

DYNAMIC = """func.func @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %0 = stablehlo.dynamic_reshape %arg0, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %d = stablehlo.add %c, %c : tensor<4xf32>
  %e = stablehlo.convert %0 : (tensor<?xf32>) -> tensor<4xf32>
  %1 = stablehlo.add %e, %d : tensor<4xf32>
  %2 = stablehlo.convert %1 : (tensor<4xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
"""
STABLEHLO_OPT = os.path.join(os.path.dirname(sys.executable), "stablehlo-opt")  # the venv's, next to python
REFINED = "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>"
FOLDED = "stablehlo.constant dense<4.000000e+00> : tensor<4xf32>"


@pytest.fixture
def program(tmp_path):
    path = tmp_path / "dynamic.mlir"
    path.write_text(DYNAMIC)
    return str(path)


def run(capsys, *argv):
    status = main(["opt", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_pass_flags_run_in_order_and_nest_implicitly(program, capsys):
    # stablehlo-aggressive-folder runs on functions: as a flag it is nested in func.func(...).
    status, out, err = run(capsys, program, "--stablehlo-refine-arguments=types=tensor<4xf32>",
                           "--stablehlo-refine-shapes", "--stablehlo-canonicalize-dynamism",
                           "--stablehlo-aggressive-folder")
    assert status == 0, err
    assert REFINED in out and "dynamic_reshape" not in out and FOLDED in out


def test_single_dash_flags_as_llvm_takes_them(program, capsys):
    status, out, err = run(capsys, program, "-stablehlo-refine-arguments=types=tensor<4xf32>",
                           "-stablehlo-refine-shapes", "-canonicalize")
    assert status == 0, err
    assert REFINED in out


def test_order_of_flags_is_the_pipeline(program, capsys):
    # Folding before refinement cannot see through the dynamic shapes; after it, it can.
    status, out, err = run(capsys, program, "--stablehlo-aggressive-folder",
                           "--stablehlo-refine-arguments=types=tensor<4xf32>")
    assert status == 0, err
    assert "func.func @main(%arg0: tensor<4xf32>) -> tensor<?xf32>" in out  # the result not refined
    assert FOLDED in out and "dynamic_reshape" in out  # the constants fold either way


def test_pass_pipeline(program, capsys):
    status, out, err = run(capsys, program, "--pass-pipeline=builtin.module(stablehlo-refine-arguments"
                           "{types=tensor<4xf32>},stablehlo-refine-shapes,func.func(stablehlo-canonicalize-dynamism))")
    assert status == 0, err
    assert REFINED in out and "dynamic_reshape" not in out


def test_pass_pipeline_must_be_anchored_and_alone(program, capsys):
    status, _, err = run(capsys, program, "--pass-pipeline=stablehlo-refine-shapes")
    assert status == 1 and "anchor" in err
    status, _, err = run(capsys, program, "--pass-pipeline=builtin.module(cse)", "--canonicalize")
    assert status == 1 and "cannot be combined" in err


def test_unknown_pass_flag_and_stray_argument(program, capsys):
    status, _, err = run(capsys, program, "--no-such-pass")
    assert status == 1 and "'no-such-pass' does not refer to a registered pass" in err
    status, _, err = run(capsys, program, "second.mlir")
    assert status == 1 and "unexpected argument 'second.mlir'" in err


def test_output_file_and_printing_flags(program, capsys, tmp_path):
    out_file = tmp_path / "out.mlir"
    status, out, err = run(capsys, program, "--mlir-print-op-generic", "-o", str(out_file))
    assert status == 0, err
    assert out == ""
    written = out_file.read_text()
    assert '"stablehlo.dynamic_reshape"' in written and '"func.func"' in written
    status, out, _ = run(capsys, program, "--mlir-print-debuginfo")
    assert status == 0 and "loc(" in out


def test_allow_unregistered_dialect(tmp_path, capsys):
    path = tmp_path / "other.mlir"
    path.write_text('func.func @main() {\n  "mine.op"() : () -> ()\n  return\n}\n')
    status, _, err = run(capsys, str(path))
    assert status == 1 and "unregistered dialect" in err
    status, out, err = run(capsys, str(path), "--allow-unregistered-dialect")
    assert status == 0, err
    assert '"mine.op"() : () -> ()' in out


def test_reads_stdin_without_a_file(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DYNAMIC.encode())))
    status, out, err = run(capsys, "--stablehlo-refine-arguments=types=tensor<4xf32>")
    assert status == 0, err
    assert "func.func @main(%arg0: tensor<4xf32>) -> tensor<?xf32>" in out


def test_stablehlo_opt_hands_python_passes_over(program):
    # The C++ tool itself: a Python pass flag makes it run stablehlo-py opt with the same arguments.
    done = subprocess.run([STABLEHLO_OPT, program, "--stablehlo-refine-arguments=types=tensor<4xf32>",
                           "--stablehlo-refine-shapes", "--stablehlo-aggressive-folder"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "func.func @main(%arg0: tensor<4xf32>)" in done.stdout and FOLDED in done.stdout
    # Without one it stays itself: its own flags work, ours would not.
    done = subprocess.run([STABLEHLO_OPT, program, "--stablehlo-aggressive-folder", "--mlir-print-op-generic"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"stablehlo.dynamic_reshape"' in done.stdout
