"""The shipped examples do what the README says, as a user runs them."""
import subprocess
import sys
from pathlib import Path

import numpy as np

import stablehlo_py

ROOT = Path(__file__).resolve().parents[2]
MLP = ROOT / "examples" / "mlp"
CHECKS = ROOT / "examples" / "checks"
INPUTS = ["x", "w1", "b1", "w2", "b2"]
CLI = Path(sys.executable).parent / "stablehlo-py"


def run_cli(*args):
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, timeout=300)


def test_mlp_agrees_with_xla_outputs_saved_at_export():
    arrays = [np.load(MLP / f"{name}.npy") for name in INPUTS]
    outputs = stablehlo_py.interpret((MLP / "mlp.mlir").read_text(), *arrays)
    assert len(outputs) == 2
    for index, got in enumerate(outputs):
        expected = np.load(MLP / f"expected_{index}.npy")  # XLA on CPU, written by export.py
        assert got.shape == expected.shape and got.dtype == expected.dtype
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_mlp_compiled_once_runs_repeatedly():
    arrays = [np.load(MLP / f"{name}.npy") for name in INPUTS]
    mlp = stablehlo_py.compile((MLP / "mlp.mlir").read_text())
    first = mlp(*arrays)
    for _ in range(3):
        for a, b in zip(mlp(*arrays), first):
            np.testing.assert_array_equal(a, b)


def test_main_job_command_prints_the_outputs():
    result = run_cli("run", MLP / "mlp.mlir", "--args", *[MLP / f"{n}.npy" for n in INPUTS])
    assert result.returncode == 0, result.stderr
    assert "result 0: tensor<8x10xf32>" in result.stdout
    assert "result 1: tensor<8xf32>" in result.stdout


def test_self_checking_module_passes():
    result = run_cli("run", CHECKS / "mlp_checked.mlir")
    assert result.returncode == 0, result.stderr


def test_failing_check_exits_nonzero_naming_the_check():
    result = run_cli("run", CHECKS / "failing_check.mlir")
    assert result.returncode != 0
    assert "check.expect_almost_eq" in result.stderr
    assert "failing_check.mlir" in result.stderr  # the location of the failing op
    assert "at [3]" in result.stderr  # the element that differs
