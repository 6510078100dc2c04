"""The shipped examples do what the README says, as a user runs them."""
import subprocess
import sys
from pathlib import Path

import numpy as np

import stablehlo_py
from conftest import REPO, assert_sum_bound

ROOT = Path(REPO)
MLP = ROOT / "examples" / "mlp"
CHECKS = ROOT / "examples" / "checks"
INPUTS = ["x", "w1", "b1", "w2", "b2"]
CLI = Path(sys.executable).parent / "stablehlo-py"


def run_cli(*args):
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, timeout=300)


def test_mlp_is_within_the_rounding_bound_of_its_exact_result():
    """h = relu(x @ w1 + b1), y = h @ w2 + b2, s = sum(h, 1), computed in f64 (exact to f32's
    precision: products of f32 values are exact in f64). Each f32 result may differ from it by
    the summation bound of its own sum (assert_sum_bound) plus what the rounding of h carries in
    (|error of h| times |w2|, summed); relu only shrinks errors. The bound holds for any
    summation order, so on any host (XLA's outputs saved at export are checked the same way)."""
    x, w1, b1, w2, b2 = (np.load(MLP / f"{name}.npy").astype(np.float64) for name in INPUTS)
    h = np.maximum(x @ w1 + b1, 0.0)
    h_error = (w1.shape[0] + 1 + 2) * 2.0 ** -24 * (np.abs(x) @ np.abs(w1) + np.abs(b1)) + 2.0 ** -24 * np.abs(h)
    y, s = h @ w2 + b2, h.sum(axis=1)
    # y and s may start from h's errors: widen each bound by what those errors add up to
    y_magnitude = np.abs(h) @ np.abs(w2) + np.abs(b2) + (h_error @ np.abs(w2)) / ((w2.shape[0] + 3) * 2.0 ** -24)
    s_magnitude = np.abs(h).sum(axis=1) + h_error.sum(axis=1) / ((h.shape[1] + 2) * 2.0 ** -24)
    arrays = [np.load(MLP / f"{name}.npy") for name in INPUTS]
    outputs = stablehlo_py.interpret((MLP / "mlp.mlir").read_text(), *arrays)
    saved = [np.load(MLP / f"expected_{index}.npy") for index in range(2)]  # XLA on CPU, by export.py
    compiled = stablehlo_py.compile((MLP / "mlp.mlir").read_text(), backend="compiled")(*arrays)
    for name, results in (("interpreter", outputs), ("compiled backend", compiled), ("XLA at export", saved)):
        assert [(r.shape, r.dtype) for r in results] == [((8, 10), np.float32), ((8,), np.float32)], name
        assert_sum_bound(results[0], y, y_magnitude, w2.shape[0] + 1, f"{name}: y")
        assert_sum_bound(results[1], s, s_magnitude, h.shape[1], f"{name}: sum of h")


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


def test_self_checking_modules_on_the_compiled_backend():
    # The checks run in the compiled code's runtime: the passing module passes, the failing one
    # fails as the interpreter reports it.
    assert run_cli("run", CHECKS / "mlp_checked.mlir", "--backend", "compiled").returncode == 0
    result = run_cli("run", CHECKS / "failing_check.mlir", "--backend", "compiled")
    assert result.returncode != 0
    assert "check.expect_almost_eq" in result.stderr and "at [3]" in result.stderr


def test_quantized_mlp_on_the_compiled_backend():
    sys.path.insert(0, str(ROOT / "examples" / "quantized_mlp"))
    import quantized_mlp

    x, params = quantized_mlp.make_model(16, [32, 24, 10])
    text, arguments = quantized_mlp.build_quantized_mlp(x, params)
    got = stablehlo_py.compile(text, backend="compiled")(*arguments)
    want = stablehlo_py.interpret(text, *arguments)
    np.testing.assert_array_equal(got[0], want[0])
