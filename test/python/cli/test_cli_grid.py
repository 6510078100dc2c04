"""`stablehlo-py run` on the process grid: --replicas/--partitions (or the module's
mhlo.num_replicas/num_partitions), per-process argument files ({process}), --output."""

from __future__ import annotations

import numpy as np

from stablehlo_py.cli import main

ALL_REDUCE = """module attributes {mhlo.num_replicas = 2 : i32} {
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %r = stablehlo.replica_id : tensor<ui32>
  return %0, %r : tensor<3xf32>, tensor<ui32>
}
}
"""


def test_run_on_the_module_grid_with_per_process_files(tmp_path, capsys):
    program = tmp_path / "p.mlir"
    program.write_text(ALL_REDUCE)
    xs = [np.array([1, 2, 3], np.float32), np.array([10, 20, 0.5], np.float32)]
    for i, x in enumerate(xs):
        np.save(tmp_path / f"x_{i}.npy", x)
    out_dir = tmp_path / "out"
    assert main(["run", str(program), "--args", str(tmp_path / "x_{process}.npy"), "--output", str(out_dir)]) == 0
    out = capsys.readouterr().out
    assert "// process 0 (replica 0, partition 0)" in out and "// process 1 (replica 1, partition 0)" in out
    for i in range(2):
        np.testing.assert_array_equal(np.load(out_dir / f"process_{i}_result_0.npy"), xs[0] + xs[1])
        assert np.load(out_dir / f"process_{i}_result_1.npy") == i


def test_replicas_flag_overrides_and_a_shared_file_goes_to_every_process(tmp_path, capsys):
    program = tmp_path / "p.mlir"
    program.write_text(ALL_REDUCE.replace("dense<[[0, 1]]> : tensor<1x2xi64>", "dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>"))
    x = np.array([1, 2, 3], np.float32)
    np.save(tmp_path / "x.npy", x)
    assert main(["run", str(program), "--args", str(tmp_path / "x.npy"), "--replicas", "4",
                 "--output", str(tmp_path)]) == 0
    capsys.readouterr()
    for i in range(4):
        np.testing.assert_array_equal(np.load(tmp_path / f"process_{i}_result_0.npy"), 4 * x)


def test_grid_errors_are_reported_not_raised(tmp_path, capsys):
    program = tmp_path / "p.mlir"
    program.write_text(ALL_REDUCE)
    np.save(tmp_path / "x_0.npy", np.zeros(3, np.float32))  # no x_1.npy
    assert main(["run", str(program), "--args", str(tmp_path / "x_{process}.npy")]) == 1
    assert "cannot load argument 0" in capsys.readouterr().err
    # three processes cannot all be in the one group of two
    np.save(tmp_path / "x.npy", np.zeros(3, np.float32))
    assert main(["run", str(program), "--args", str(tmp_path / "x.npy"), "--replicas", "3"]) == 1
    assert "error:" in capsys.readouterr().err


def test_output_for_one_process(tmp_path, capsys):
    program = tmp_path / "p.mlir"
    program.write_text(ALL_REDUCE.replace("mhlo.num_replicas = 2", "mhlo.num_replicas = 1")
                       .replace("[[0, 1]]> : tensor<1x2xi64>", "[[0]]> : tensor<1x1xi64>"))
    np.save(tmp_path / "x.npy", np.array([1, 2, 3], np.float32))
    assert main(["run", str(program), "--args", str(tmp_path / "x.npy"), "--output", str(tmp_path / "o")]) == 0
    assert "// process" not in capsys.readouterr().out
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "result_0.npy"), [1, 2, 3])
