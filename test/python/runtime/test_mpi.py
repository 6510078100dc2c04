"""The process grid across OS processes, one StableHLO process per MPI rank (interpreter/mpi.py):
the same programs on the threaded grid and under `mpiexec -n 4` (the CLI and the API), compared
bit for bit; failures, timeouts and a wrong rank count end the job with a clear message.

Each mpiexec launch costs about a second; every subprocess has a timeout."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from stablehlo_py.cli import main
from stablehlo_py.interpreter.runtime import grid as grids
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.runtime import mpi
from testing.mpi import CLI, add_body, ch, dense, inputs, launch, needs_mpiexec, program


def assert_same_bits(a, b) -> None:
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape
    assert a.tobytes() == b.tobytes(), (a, b)


# ---------------------------------------------------------------------------------------
# Without mpiexec


def test_launched_reads_the_launchers_environment():
    assert mpi.launched({}) is None
    assert mpi.launched({"PMI_RANK": "2", "PMI_SIZE": "4"}) == (2, 4)
    assert mpi.launched({"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "3"}) == (1, 3)
    assert mpi.launched({"PMI_SIZE": "x"}) is None


def test_without_a_launcher_grids_are_threads_and_mpi_is_not_loaded():
    assert not mpi.active() and mpi._mpi_module is None
    assert type(grids.new_grid(2, 2)) is grids.ProcessGrid


def test_fan_out_on_threads_inherits_the_timeout():
    seen = []

    def call():
        process = grids.current()
        seen.append((process.pid, process.grid.timeout))
        return process.index * 10

    with grids.running_as(grids.ProcessGrid(1, 1, timeout=7.5), 0, 0):
        assert grids.fan_out(2, 2, [call] * 4) == [0, 10, 20, 30]
        assert grids.fan_out(1, 1, [call]) == [0]
    assert sorted(seen) == [((0, 0), 7.5), ((0, 0), 7.5), ((0, 1), 7.5), ((1, 0), 7.5), ((1, 1), 7.5)]
    with pytest.raises(Exception, match="3 calls for the 4 processes of the 2x2 grid"):
        grids.fan_out(2, 2, [call] * 3)


def test_the_program_on_threads(tmp_path):
    """The oracle the MPI runs are compared with, checked against numpy here."""
    xs = inputs()
    for R, P in ((2, 2), (4, 1)):
        outs = interpret(program(R, P), xs, num_replicas=R, num_partitions=P, collective_timeout=30)
        for i in range(4):
            r, p = divmod(i, P)
            total = xs[0]
            for x in xs[1:]:
                total = total + x
            assert_same_bits(outs[i][0], total)
            assert_same_bits(outs[i][2], np.concatenate([total] * 4))
            np.testing.assert_array_equal(outs[i][5], xs[((r - 1) % R) * P + p])  # permute from replica r-1
            np.testing.assert_array_equal(outs[i][7], xs[r * P + (p - 1) % P])  # recv from partition p-1
            broadcast = xs[(R - 1) * P + p] if r in (0, R - 1) else np.zeros(8, np.float32)  # group (R-1, 0)
            np.testing.assert_array_equal(outs[i][6], broadcast)
            np.testing.assert_array_equal(outs[i][12], total if r in (0, R - 1) else np.zeros(8, np.float32))
            if i == 3:
                np.testing.assert_array_equal(outs[i][8], xs[0])
                np.testing.assert_array_equal(outs[i][9], xs[0] * 2)
            assert (outs[i][10], outs[i][11]) == (r, p)


# ---------------------------------------------------------------------------------------
# Under mpiexec: the CLI


@needs_mpiexec
@pytest.mark.parametrize("R,P", [(2, 2), (4, 1)])
def test_cli_under_mpiexec_matches_the_threaded_grid_bit_for_bit(tmp_path, capsys, R, P):
    source = tmp_path / "p.mlir"
    source.write_text(program(R, P))
    xs = inputs(seed=R)
    for i, x in enumerate(xs):
        np.save(tmp_path / f"x_{i}.npy", x)
    args = ["run", source, "--replicas", R, "--partitions", P, "--args", tmp_path / "x_{process}.npy"]
    # threaded, in this process
    assert main([str(a) for a in args] + ["--output", str(tmp_path / "threads")]) == 0
    threaded_stdout = capsys.readouterr().out
    start = time.monotonic()
    done = launch(4, CLI, *args, "--output", tmp_path / "mpi")
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 60
    names = sorted(os.listdir(tmp_path / "threads"))
    assert names == sorted(os.listdir(tmp_path / "mpi")) and len(names) == 4 * 13
    for name in names:
        assert_same_bits(np.load(tmp_path / "mpi" / name), np.load(tmp_path / "threads" / name))
    assert done.stdout == threaded_stdout  # rank 0 prints every process, as the threaded grid does
    assert done.stderr == ""


@needs_mpiexec
def test_one_failing_rank_ends_the_job_naming_its_process(tmp_path):
    # process 2 reads an infeed nobody gives; the others wait for it at an all_reduce
    source = tmp_path / "p.mlir"
    source.write_text(f"""module attributes {{mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32}} {{
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %rid = stablehlo.replica_id : tensor<ui32>
  %pid = stablehlo.partition_id : tensor<ui32>
  %ri = stablehlo.convert %rid : (tensor<ui32>) -> tensor<i32>
  %pi = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %rp = stablehlo.multiply %ri, %two : tensor<i32>
  %id = stablehlo.add %rp, %pi : tensor<i32>
  %is2 = stablehlo.compare EQ, %id, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %b = stablehlo.select %is2, %c0, %one : tensor<i1>, tensor<i32>
  %y = "stablehlo.case"(%b) ({{
    %t = stablehlo.create_token : !stablehlo.token
    %in:2 = "stablehlo.infeed"(%t) {{infeed_config = ""}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    stablehlo.return %in#0 : tensor<2xf32>
  }}, {{
    stablehlo.return %x : tensor<2xf32>
  }}) : (tensor<i32>) -> tensor<2xf32>
  %r = "stablehlo.all_reduce"(%y) {add_body()} {{replica_groups = {dense([[0, 1, 2, 3]])}, channel_handle = {ch(1)}, use_global_device_ids}} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}}
}}
""")
    np.save(tmp_path / "x.npy", np.ones(2, np.float32))
    start = time.monotonic()
    done = launch(4, CLI, "run", source, "--args", tmp_path / "x.npy")
    assert time.monotonic() - start < 30  # no rank hangs
    assert done.returncode != 0
    assert done.stderr.startswith("error: stablehlo.infeed at ") and done.stderr.count("error:") == 1, done.stderr
    assert "process (1, 0): infeed: no value" in done.stderr
    assert "// process" not in done.stdout


@needs_mpiexec
def test_a_wrong_rank_count_is_a_clear_error(tmp_path):
    source = tmp_path / "p.mlir"
    source.write_text(program(2, 2))
    np.save(tmp_path / "x.npy", np.ones(8, np.float32))
    done = launch(3, CLI, "run", source, "--args", tmp_path / "x.npy")
    assert done.returncode != 0
    # reported once (by rank 0): every rank finds the same
    assert done.stderr.count("error: the 2x2 process grid has 4 processes, but mpiexec started 3 ranks "
                             "(start one rank per process: mpiexec -n 4)") == 1, done.stderr


@needs_mpiexec
def test_a_one_process_program_runs_on_every_rank_and_prints_once(tmp_path):
    source = tmp_path / "p.mlir"
    source.write_text("""func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = stablehlo.add %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}""")
    np.save(tmp_path / "x.npy", np.array([1, 2], np.float32))
    done = launch(2, CLI, "run", source, "--args", tmp_path / "x.npy", "--output", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("@main result 0: tensor<2xf32>") == 1
    assert os.listdir(tmp_path / "out") == ["result_0.npy"]


# ---------------------------------------------------------------------------------------
# Under mpiexec: the API (run_on_grid, fan_out, MPIGrid; token results)

API_SCRIPT = """
import sys, numpy as np
import stablehlo_py
from stablehlo_py.interpreter import run_on_grid, InterpreterError, TOKEN
from stablehlo_py.interpreter.runtime import grid, mpi
TOKEN_PROGRAM = '''
func.func @main(%x: tensor<f32>) -> (!stablehlo.token, tensor<f32>) {{
  %t = stablehlo.create_token : !stablehlo.token
  return %t, %x : !stablehlo.token, tensor<f32>
}}'''
sys.path.insert(0, {test_dir!r})
from testing.mpi import program, inputs

assert mpi.active()
try:
    mpi.MPIGrid(1, 2)
except InterpreterError as e:
    size_error = str(e)
xs = inputs(seed=5)
run = stablehlo_py.compile(program(2, 2), backend="interpreter")
by_api = run_on_grid(run, [xs], collective_timeout=30)
calls = [lambda i=i: run(xs[i]) for i in range(4)]
fanned = [grid.fan_out(2, 2, calls) for _ in range(2)]
tokens = run_on_grid(stablehlo_py.compile(TOKEN_PROGRAM, backend="interpreter"), [[np.float32(i) for i in range(4)]], 2, 2)
assert all(r[0] is TOKEN and r[1] == i for i, r in enumerate(tokens)), tokens
kind = type(grid.new_grid(2, 2)).__name__
rank = grid.new_grid(4, 1).rank
if rank == 0:
    np.savez({out!r}, *[r for results in [by_api, *fanned] for process in results for r in process])
    print(kind, "|", size_error)
"""


@needs_mpiexec
def test_run_on_grid_and_fan_out_under_mpiexec(tmp_path):
    out = tmp_path / "results.npz"
    script = tmp_path / "script.py"
    script.write_text(API_SCRIPT.format(test_dir=str(Path(__file__).resolve().parents[1]), out=str(out)))  # test/python
    done = launch(4, sys.executable, script)
    assert done.returncode == 0, done.stderr
    kind, size_error = done.stdout.strip().split(" | ")
    assert kind == "MPIGrid"
    assert size_error == "the 1x2 process grid has 2 processes, but MPI runs 4 ranks (start one rank per process: " \
                         "mpiexec -n 2)"
    xs = inputs(seed=5)
    threaded = interpret(program(2, 2), xs, collective_timeout=30)
    expected = [r for _ in range(3) for process in threaded for r in process]
    with np.load(out) as got:
        assert len(got.files) == len(expected)
        for k, value in enumerate(expected):
            assert_same_bits(got[f"arr_{k}"], value)


TIMEOUT_SCRIPT = """
import numpy as np
import stablehlo_py
from stablehlo_py.interpreter import run_on_grid
# replica 1 skips the all_reduce (and finishes); replica 0 waits for it
text = '''
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %rid = stablehlo.replica_id : tensor<ui32>
  %ri = stablehlo.convert %rid : (tensor<ui32>) -> tensor<i32>
  %y = "stablehlo.case"(%ri) ({{
    %r = "stablehlo.all_reduce"(%x) {body} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %r : tensor<2xf32>
  }}, {{
    stablehlo.return %x : tensor<2xf32>
  }}) : (tensor<i32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}}'''
run_on_grid(stablehlo_py.compile(text, backend="interpreter"), [np.ones(2, np.float32)], num_replicas=2, collective_timeout=1)
print("not reached")
"""


@needs_mpiexec
def test_a_process_that_never_comes_times_out_and_ends_the_job(tmp_path):
    script = tmp_path / "script.py"
    script.write_text(TIMEOUT_SCRIPT.format(body=add_body()))
    start = time.monotonic()
    done = launch(2, sys.executable, script)
    assert time.monotonic() - start < 30
    assert done.returncode != 0 and "not reached" not in done.stdout
    assert done.stderr.startswith("error: stablehlo.all_reduce at ") and done.stderr.count("error:") == 1, done.stderr
    assert "process (0, 0): process (0, 0) waited 1 s for its group at stablehlo.all_reduce" in done.stderr
    assert "processes (1, 0) never came" in done.stderr



@needs_mpiexec
def test_the_compiled_backend_runs_each_process_as_the_interpreter_does(tmp_path, capsys):
    """--backend compiled on the grid, on threads and under mpiexec: each process is native code
    whose collectives, sends and recvs are runtime calls; the results are the interpreter's bits
    (--check-against, and the threaded interpreter's files). The all_reduce in the loop failed this
    while a process's native code could overwrite its operand before the others had read it."""
    R, P = 2, 2
    source = tmp_path / "p.mlir"
    source.write_text(program(R, P))
    for i, x in enumerate(inputs(seed=7)):
        np.save(tmp_path / f"x_{i}.npy", x)
    args = ["run", source, "--replicas", R, "--partitions", P, "--args", tmp_path / "x_{process}.npy"]
    assert main([str(a) for a in args] + ["--output", str(tmp_path / "interpreter")]) == 0
    interpreted = capsys.readouterr().out
    compiled = args + ["--backend", "compiled", "--check-against", "interpreter"]
    for _ in range(3):  # the race was timing-dependent
        assert main([str(a) for a in compiled] + ["--output", str(tmp_path / "threads")]) == 0
        assert capsys.readouterr().out == interpreted
    done = launch(4, CLI, *compiled, "--output", tmp_path / "mpi")
    assert done.returncode == 0, done.stderr
    assert done.stdout == interpreted
    names = sorted(os.listdir(tmp_path / "interpreter"))
    assert len(names) == 4 * 13
    for folder in ("threads", "mpi"):
        assert sorted(os.listdir(tmp_path / folder)) == names
        for name in names:
            assert_same_bits(np.load(tmp_path / folder / name), np.load(tmp_path / "interpreter" / name))
