"""The stablehlo-py command line: run and opt, exit statuses and messages."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from stablehlo_py.cli import main
from conftest import REPO

PASSING = """func.func @main() -> tensor<3xi32> {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.add %a, %a : tensor<3xi32>
  %e = stablehlo.constant dense<[2, 4, 6]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%b, %e) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return %b : tensor<3xi32>
}
"""

FAILING = """func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = stablehlo.constant dense<[1.0, 2.5, 3.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_almost_eq(%a, %e) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return
}
"""

WITH_ARGS = """func.func @main(%x: tensor<2x2xf32>, %y: tensor<2xbf16>) -> (tensor<2x2xf32>, tensor<2xbf16>) {
  %0 = stablehlo.add %x, %x : tensor<2x2xf32>
  %1 = stablehlo.add %y, %y : tensor<2xbf16>
  return %0, %1 : tensor<2x2xf32>, tensor<2xbf16>
}
"""


@pytest.fixture
def write(tmp_path):
    def write(name, text):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return write


def test_run_prints_results(write, capsys):
    assert main(["run", write("ok.mlir", PASSING)]) == 0
    out = capsys.readouterr().out
    assert "@main result 0: tensor<3xi32> shape=(3,) dtype=int32" in out
    assert "array([2, 4, 6], dtype=int32)" in out


def test_run_failing_check_names_op_location_and_values(write, capsys):
    path = write("bad.mlir", FAILING)
    assert main(["run", path]) == 1
    err = capsys.readouterr().err
    assert f'stablehlo.custom_call at loc("{path}":4:3)' in err
    assert "@check.expect_almost_eq failed: 1 of 3 elements differ" in err
    assert "at [1]: actual 2.0, expected 2.5" in err
    assert "Traceback" not in err


def test_run_with_npy_arguments(write, tmp_path, capsys):
    import ml_dtypes

    x = tmp_path / "x.npy"
    y = tmp_path / "y.npy"
    np.save(x, np.array([[1, 2], [3, 4]], np.float32))
    np.save(y, np.array([1.5, -2], ml_dtypes.bfloat16))  # stored as raw 2-byte values
    assert main(["run", write("args.mlir", WITH_ARGS), "--args", str(x), str(y)]) == 0
    out = capsys.readouterr().out
    assert "array([[2., 4.],\n       [6., 8.]], dtype=float32)" in out
    assert "result 1: tensor<2xbf16> shape=(2,) dtype=bfloat16" in out and "[3, -4]" in out


def test_run_argument_errors(write, tmp_path, capsys):
    x = tmp_path / "x.npy"
    np.save(x, np.zeros((3,), np.float32))
    path = write("args.mlir", WITH_ARGS)
    assert main(["run", path, "--args", str(x)]) == 1
    assert "@main takes 2 arguments" in capsys.readouterr().err
    assert main(["run", path, "--args", str(x), str(x)]) == 1
    assert "@main argument 0: expected tensor<2x2xf32>" in capsys.readouterr().err
    assert main(["run", path, "--args", str(tmp_path / "missing.npy"), str(x)]) == 1
    assert "cannot load argument 0" in capsys.readouterr().err


def test_run_tuple_parameter_cannot_come_from_npy(write, tmp_path, capsys):
    x = tmp_path / "x.npy"
    np.save(x, np.zeros((2,), np.int32))
    text = """func.func @main(%t: tuple<tensor<i32>, tensor<i32>>) -> tensor<i32> {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}
"""
    assert main(["run", write("tuple.mlir", text), "--args", str(x)]) == 1
    err = capsys.readouterr().err
    assert "parameter type tuple<tensor<i32>, tensor<i32>>: only tensors can be loaded from .npy files" in err


def test_run_split_input_file_keeps_going_and_reports(write, capsys):
    text = PASSING + "// -----\n" + FAILING + "// -----\nfunc.func @main( {\n"
    path = write("split.mlir", text)
    assert main(["run", path, "--split-input-file"]) == 1
    captured = capsys.readouterr()
    assert "// module 0 (line 1)" in captured.out and "array([2, 4, 6], dtype=int32)" in captured.out
    # line numbers are the file's, not the chunk's
    assert f'loc("{path}":12:3)' in captured.err
    assert f'"{path}":16:' in captured.err
    assert "2 of 3 modules failed" in captured.err


def test_run_entry_and_parse_errors(write, capsys):
    two = PASSING.replace("@main", "@first") + PASSING.replace("@main", "@second")
    path = write("two.mlir", two)
    assert main(["run", path, "--entry", "second"]) == 0
    assert "@second result 0" in capsys.readouterr().out
    assert main(["run", path]) == 1
    assert "no function @main in the module (functions: @first, @second)" in capsys.readouterr().err
    assert main(["run", write("junk.mlir", "this is not mlir")]) == 1
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
    assert main(["run", "/nonexistent/file.mlir"]) == 1
    assert "cannot read /nonexistent/file.mlir" in capsys.readouterr().err


def test_usage_errors_exit_2(capsys):
    assert main([]) == 2
    assert main(["run"]) == 2
    assert main(["opt", "x.mlir", "--pipeline"]) == 2  # --pipeline takes a value
    capsys.readouterr()


def test_opt_mixes_cpp_and_python_passes(write, capsys):
    path = write("ok.mlir", PASSING)
    assert main(["opt", path, "--pipeline", "canonicalize,stablehlo-interpret,cse"]) == 0
    out = capsys.readouterr().out
    assert "func.func @main" in out and "stablehlo.custom_call @check.expect_eq" in out


def test_opt_wrapped_pipeline_and_pass_options(write, capsys):
    two = PASSING.replace("@main", "@first")
    path = write("first.mlir", two)
    assert main(["opt", path, "--pipeline", "builtin.module(func.func(cse),stablehlo-interpret{entry=first print=true})"]) == 0
    out = capsys.readouterr().out
    assert "@first result 0: tensor<3xi32>" in out and "array([2, 4, 6], dtype=int32)" in out


def test_opt_failing_check_fails_the_pipeline(write, capsys):
    path = write("bad.mlir", FAILING)
    assert main(["opt", path, "--pipeline", "stablehlo-interpret"]) == 1
    err = capsys.readouterr().err
    assert "stablehlo-interpret" in err and "@check.expect_almost_eq failed" in err
    assert f'"{path}":4:3' in err and "Traceback" not in err


def test_opt_bad_pipelines(write, capsys):
    path = write("ok.mlir", PASSING)
    assert main(["opt", path, "--pipeline", "no-such-pass"]) == 1
    assert "no-such-pass" in capsys.readouterr().err
    assert main(["opt", path, "--pipeline", "stablehlo-interpret{bogus=1}"]) == 1
    assert "no such option bogus" in capsys.readouterr().err
    assert main(["opt", path, "--pipeline", "func.func(cse"]) == 1
    assert "unbalanced pipeline" in capsys.readouterr().err


def test_console_entry_point_runs_without_traceback(write):
    env = dict(os.environ)
    repo_python = os.path.join(REPO, "python")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (repo_python, env.get("PYTHONPATH")) if p)
    bad = write("bad.mlir", FAILING)
    proc = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", bad], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "expected 2.5" in proc.stderr and "Traceback" not in proc.stderr


OUTFEEDING = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %0 = "stablehlo.outfeed"(%x, %t) {outfeed_config = "first"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %y = stablehlo.add %x, %x : tensor<2xf32>
  %c = stablehlo.constant dense<7> : tensor<i8>
  %1 = "stablehlo.outfeed"(%y, %c, %0) : (tensor<2xf32>, tensor<i8>, !stablehlo.token) -> !stablehlo.token
  %s = "stablehlo.send"(%c, %1) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 2>, is_host_transfer = true} : (tensor<i8>, !stablehlo.token) -> !stablehlo.token
  return %y : tensor<2xf32>
}
"""


def test_run_prints_and_writes_what_a_program_outfeeds(write, tmp_path, capsys):
    """outfeed and host-transfer send need no setup: their values are printed after the results
    and written as outfeed_N_value_K.npy under --output."""
    x = np.array([1.5, -2.0], np.float32)
    np.save(tmp_path / "x.npy", x)
    out = tmp_path / "out"
    assert main(["run", write("o.mlir", OUTFEEDING), "--args", str(tmp_path / "x.npy"), "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.index("@main result 0") < printed.index("outfeed 0 (process 0, config 'first') value 0:")
    for line in ("outfeed 0 (process 0, config 'first') value 0: shape=(2,) dtype=float32",
                 "outfeed 1 (process 0, config '') value 0: shape=(2,) dtype=float32",
                 "outfeed 1 (process 0, config '') value 1: shape=() dtype=int8",
                 "outfeed 2 (process 0, config 'send channel 4') value 0: shape=() dtype=int8",
                 "array([ 3., -4.], dtype=float32)"):
        assert line in printed
    expected = {"result_0.npy": 2 * x, "outfeed_0_value_0.npy": x, "outfeed_1_value_0.npy": 2 * x,
                "outfeed_1_value_1.npy": np.array(7, np.int8), "outfeed_2_value_0.npy": np.array(7, np.int8)}
    assert sorted(os.listdir(out)) == sorted(expected)
    for name, want in expected.items():
        got = np.load(out / name)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_run_writes_each_process_outfeed(write, tmp_path, capsys):
    program = """func.func @main() -> tensor<ui32> {
  %t = stablehlo.create_token : !stablehlo.token
  %p = stablehlo.partition_id : tensor<ui32>
  %o = "stablehlo.outfeed"(%p, %t) : (tensor<ui32>, !stablehlo.token) -> !stablehlo.token
  return %p : tensor<ui32>
}
"""
    out = tmp_path / "out"
    assert main(["run", write("g.mlir", program), "--partitions", "2", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "(process 0, config '') value 0: shape=() dtype=uint32" in printed
    assert "(process 1, config '') value 0: shape=() dtype=uint32" in printed
    for process in (0, 1):
        assert np.load(out / f"process_{process}_outfeed_0_value_0.npy") == process
