"""The process grid across OS processes, one StableHLO process per MPI rank (interpreter/mpi.py):
the same programs on the threaded grid and under `mpiexec -n 4` (the CLI and the API), compared
bit for bit; failures, timeouts and a wrong rank count end the job with a clear message.

Each mpiexec launch costs about a second; every subprocess has a timeout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from stablehlo_py.cli import main
from stablehlo_py.interpreter.runtime import grid as grids
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.runtime import mpi

BIN = Path(sys.executable).parent
MPIEXEC = shutil.which("mpiexec", path=str(BIN)) or shutil.which("mpiexec")
CLI = shutil.which("stablehlo-py", path=str(BIN))
needs_mpiexec = pytest.mark.skipif(MPIEXEC is None or CLI is None,
                                   reason="mpiexec not installed (pip install 'stablehlo-py[mpi]')")
LAUNCH_TIMEOUT = 120  # seconds for one mpiexec run; a hang fails the test instead of the suite


def launch(n: int, *command, cwd=None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PMI_", "OMPI_", "MPI_"))}
    return subprocess.run([MPIEXEC, "-n", str(n), *map(str, command)], capture_output=True, text=True,
                          timeout=LAUNCH_TIMEOUT, cwd=cwd, env=env)


def ch(handle: int, kind: int = 1) -> str:
    return f"#stablehlo.channel_handle<handle = {handle}, type = {kind}>"


def dense(rows) -> str:
    return f"dense<{rows}> : tensor<{len(rows)}x{len(rows[0])}xi64>"


def add_body(t: str = "f32") -> str:
    return f"""({{
    ^bb0(%p: tensor<{t}>, %q: tensor<{t}>):
      %s = stablehlo.add %p, %q : tensor<{t}>
      stablehlo.return %s : tensor<{t}>
    }})"""


def program(R: int, P: int) -> str:
    """Every communication op on an R x P grid of 4 processes: collectives over flattened ids
    (the same groups on 2x2 and 4x1) and over replica ids (R of them), an all_reduce in a loop
    (later meetings of a group; the second collective_broadcast meets a group again with
    None deposits), send/recv with source_target_pairs (a cycle of partitions), and a channel without
    pairs where process 0 sends two values that process 3 receives in order."""
    n = R * P
    assert n == 4
    everyone = [list(range(n))]
    replicas = [list(range(R))]
    cycle = [[i, (i + 1) % R] for i in range(R)]
    partition_cycle = [[i, (i + 1) % P] for i in range(P)]  # send/recv: partition ids (channel_id > 0)
    flat = f"channel_handle = {ch(1)}, use_global_device_ids"
    return f"""module attributes {{mhlo.num_replicas = {R} : i32, mhlo.num_partitions = {P} : i32}} {{
func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<32xf32>, tensor<2xf32>, tensor<8xf32>,
                                       tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
                                       tensor<ui32>, tensor<ui32>, tensor<8xf32>) {{
  %ar = "stablehlo.all_reduce"(%x) {add_body()} {{replica_groups = {dense(everyone)}, {flat}}} : (tensor<8xf32>) -> tensor<8xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %loop:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<8xf32>
   cond {{
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }} do {{
    %r = "stablehlo.all_reduce"(%v) {add_body()} {{replica_groups = {dense([[0, 2], [1, 3]])}, {flat}}} : (tensor<8xf32>) -> tensor<8xf32>
    %m = stablehlo.multiply %r, %half : tensor<8xf32>
    %next = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %next, %m : tensor<i32>, tensor<8xf32>
  }}
  %ag = "stablehlo.all_gather"(%ar) {{all_gather_dim = 0 : i64, replica_groups = {dense(everyone)}, {flat}}} : (tensor<8xf32>) -> tensor<32xf32>
  %rs = "stablehlo.reduce_scatter"(%x) {add_body()} {{scatter_dimension = 0 : i64, replica_groups = {dense([[3, 1, 0, 2]])}, {flat}}} : (tensor<8xf32>) -> tensor<2xf32>
  %a2a = "stablehlo.all_to_all"(%x) {{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = {R} : i64, replica_groups = {dense(replicas)}}} : (tensor<8xf32>) -> tensor<8xf32>
  %perm = "stablehlo.collective_permute"(%x) {{source_target_pairs = {dense(cycle)}}} : (tensor<8xf32>) -> tensor<8xf32>
  %bc = "stablehlo.collective_broadcast"(%x) {{replica_groups = {dense([[R - 1, 0]])}}} : (tensor<8xf32>) -> tensor<8xf32>
  %bc2 = "stablehlo.collective_broadcast"(%ar) {{replica_groups = {dense([[R - 1, 0]])}}} : (tensor<8xf32>) -> tensor<8xf32>
  %t = stablehlo.create_token : !stablehlo.token
  %s = "stablehlo.send"(%x, %t) {{channel_handle = {ch(2)}, is_host_transfer = false, source_target_pairs = {dense(partition_cycle)}}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  %got:2 = "stablehlo.recv"(%s) {{channel_handle = {ch(2)}, is_host_transfer = false, source_target_pairs = {dense(partition_cycle)}}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  %rid = stablehlo.replica_id : tensor<ui32>
  %pid = stablehlo.partition_id : tensor<ui32>
  %ri = stablehlo.convert %rid : (tensor<ui32>) -> tensor<i32>
  %pi = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
  %cp = stablehlo.constant dense<{P}> : tensor<i32>
  %rp = stablehlo.multiply %ri, %cp : tensor<i32>
  %id = stablehlo.add %rp, %pi : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %cn = stablehlo.constant dense<{n - 1}> : tensor<i32>
  %is0 = stablehlo.compare EQ, %id, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %isn = stablehlo.compare EQ, %id, %cn : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %other = stablehlo.select %isn, %c1, %c2 : tensor<i1>, tensor<i32>
  %branch = stablehlo.select %is0, %c0, %other : tensor<i1>, tensor<i32>
  %two = stablehlo.constant dense<2.0> : tensor<8xf32>
  %fifo:2 = "stablehlo.case"(%branch) ({{
    %x2 = stablehlo.multiply %x, %two : tensor<8xf32>
    %s1 = "stablehlo.send"(%x, %t) {{channel_handle = {ch(7)}}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
    %s2 = "stablehlo.send"(%x2, %s1) {{channel_handle = {ch(7)}}} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %x, %x2 : tensor<8xf32>, tensor<8xf32>
  }}, {{
    %f1:2 = "stablehlo.recv"(%t) {{channel_handle = {ch(7)}}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
    %f2:2 = "stablehlo.recv"(%f1#1) {{channel_handle = {ch(7)}}} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
    stablehlo.return %f1#0, %f2#0 : tensor<8xf32>, tensor<8xf32>
  }}, {{
    stablehlo.return %half, %half : tensor<8xf32>, tensor<8xf32>
  }}) : (tensor<i32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %ar, %loop#1, %ag, %rs, %a2a, %perm, %bc, %got#0, %fifo#0, %fifo#1, %rid, %pid, %bc2
      : tensor<8xf32>, tensor<8xf32>, tensor<32xf32>, tensor<2xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
        tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<ui32>, tensor<ui32>, tensor<8xf32>
}}
}}
"""


def inputs(seed: int = 0) -> list:
    """f32 values whose sums depend on the order of the fold (magnitudes 1e-8 .. 1e8)."""
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(8) * 10.0 ** rng.integers(-8, 9, 8)).astype(np.float32) for _ in range(4)]


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
from test_interpreter_mpi import program, inputs

assert mpi.active()
try:
    mpi.MPIGrid(1, 2)
except InterpreterError as e:
    size_error = str(e)
xs = inputs(seed=5)
run = stablehlo_py.compile(program(2, 2))
by_api = run_on_grid(run, [xs], collective_timeout=30)
calls = [lambda i=i: run(xs[i]) for i in range(4)]
fanned = [grid.fan_out(2, 2, calls) for _ in range(2)]
tokens = run_on_grid(stablehlo_py.compile(TOKEN_PROGRAM), [[np.float32(i) for i in range(4)]], 2, 2)
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
    script.write_text(API_SCRIPT.format(test_dir=str(Path(__file__).parent), out=str(out)))
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
run_on_grid(stablehlo_py.compile(text), [np.ones(2, np.float32)], num_replicas=2, collective_timeout=1)
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

