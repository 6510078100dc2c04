"""Programs of the collectives and of send/recv that the spec rejects (or, for send's and recv's
source_target_pairs, the rules we give them) but upstream StableHLO's verifier accepts: all_gather
with use_global_device_ids and channel_id 0 (C5), all_reduce with use_global_device_ids and
replica_groups of -1 padding alone (C2), reduce_scatter whose operand does not split into the group
(C1) or whose result is another divisor of the operand (C8), and send/recv source_target_pairs that
collective_permute's C1-C4 would reject. They load with a SpecDeviationWarning citing the
constraint and fail under strict=True. None has a result in the spec's semantics and XLA runs none
of them, so the interpreter (threaded grid, one process per MPI rank) and the compiled backend
(whose collectives are runtime calls to the interpreter) refuse each with an error naming the op;
send/recv pairs that route (a source with two targets) run as routed. docs/decisions.md,
"Accepting what upstream accepts"; the verifier side is test/lit/deviations/accepted_collectives.mlir."""

from __future__ import annotations

import pickle
import subprocess
import sys
import time
import warnings

import mlir.ir
import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import SpecDeviationWarning
from stablehlo_py.interpreter import InterpreterError, interpret
from stablehlo_py.lowering import LoweringError
from testing.deviations import assert_upstream_accepts, deviation_warnings
from testing.mpi import CLI, launch, needs_mpiexec

BODY = """({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  })"""
CHANNEL = "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"


def module(replicas: int, op: str, operand: str, result: str) -> str:
    return f"""module @m attributes {{mhlo.num_replicas = {replicas} : i32, mhlo.num_partitions = 1 : i32}} {{
  func.func public @main(%x: tensor<{operand}xf32>) -> tensor<{result}xf32> {{
    %0 = {op} : (tensor<{operand}xf32>) -> tensor<{result}xf32>
    return %0 : tensor<{result}xf32>
  }}
}}"""


def groups(rows) -> str:
    return f"dense<{rows}> : tensor<{len(rows)}x{len(rows[0])}xi64>"


def all_gather_c5(n: int) -> str:
    return module(n, f'"stablehlo.all_gather"(%x) {{all_gather_dim = 0 : i64, replica_groups = '
                     f'{groups([list(range(n))])}, use_global_device_ids}}', "2x2", f"{2 * n}x2")


def all_reduce_c2(n: int) -> str:
    return module(n, f'"stablehlo.all_reduce"(%x) {BODY} {{replica_groups = {groups([[-1] * n])}, {CHANNEL}, '
                     "use_global_device_ids}", "2x2", "2x2")


def reduce_scatter(n: int, operand: int, result: int) -> str:
    return module(n, f'"stablehlo.reduce_scatter"(%x) {BODY} {{scatter_dimension = 1 : i64, replica_groups = '
                     f'{groups([list(range(n))])}}}', f"2x{operand}", f"2x{result}")


# (name, program on n replicas, n, the operand's shape, the constraint cited when loading,
#  what the run-time error says)
CASES = [
    ("all_gather_c5", all_gather_c5(2), 2, (2, 2), "all_gather' op C5", r"C5: use_global_device_ids needs a "
     r"positive channel_id, got 0"),
    ("all_reduce_c2", all_reduce_c2(2), 2, (2, 2), "all_reduce' op C2", r"C2: replica_groups holds only -1 padding"),
    ("reduce_scatter_c1", reduce_scatter(2, 3, 1), 2, (2, 3), "reduce_scatter' op C1",
     r"dimension 1 of the operand \(3\) does not split into 2 parts.*\(C1\)"),
    ("reduce_scatter_c8", reduce_scatter(2, 4, 1), 2, (2, 4), "reduce_scatter' op C8",
     r"the result has 1 elements in dimension 1, but the group of 2 processes scatters parts of 2 \(C8\)"),
]
IDS = [c[0] for c in CASES]
OP = {name: "stablehlo." + name.rsplit("_", 1)[0] for name, *_ in CASES}


@pytest.mark.parametrize("name, program, n, shape, cited, refused", CASES, ids=IDS)
def test_loads_with_a_warning_and_fails_when_strict(name, program, n, shape, cited, refused):
    messages = deviation_warnings(program)
    assert len(messages) == 1 and f"'stablehlo.{cited}: " in messages[0], messages
    with pytest.raises(mlir.ir.MLIRError, match="Unable to parse") as error:
        stablehlo_py.parse_module(program, strict=True)
    assert f"'stablehlo.{cited}: " in str(error.value)


@pytest.mark.parametrize("name, program, n, shape, cited, refused", CASES, ids=IDS)
def test_refused_on_the_grid_naming_the_op(name, program, n, shape, cited, refused):
    xs = [np.full(shape, i + 1, np.float32) for i in range(n)]
    start = time.monotonic()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        with pytest.raises(InterpreterError, match=refused) as error:
            interpret(program, xs, num_replicas=n, collective_timeout=20)
    assert OP[name] in str(error.value)
    assert time.monotonic() - start < 15  # refused, not timed out


# The same deviations on one process, where the compiled backend runs them (its collectives call
# the interpreter's kernels): all_gather C5, all_reduce C2 and reduce_scatter C8 (a group of one
# splits any operand, so C1 cannot fail there).
ONE_PROCESS = [
    ("all_gather_c5", all_gather_c5(1), (2, 2), r"C5: use_global_device_ids needs a positive channel_id"),
    ("all_reduce_c2", all_reduce_c2(1), (2, 2), r"C2: replica_groups holds only -1 padding"),
    ("reduce_scatter_c8", reduce_scatter(1, 4, 2), (2, 4), r"the result has 2 elements in dimension 1, but the "
     r"group of 1 processes scatters parts of 4 \(C8\)"),
]


@pytest.mark.parametrize("name, program, shape, refused", ONE_PROCESS, ids=[c[0] for c in ONE_PROCESS])
def test_refused_by_every_backend_on_one_process(name, program, shape, refused):
    x = np.ones(shape, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        with pytest.raises(InterpreterError, match=refused) as error:
            interpret(program, x)
        assert OP[name] in str(error.value)
        for backend in ("compiled", "auto"):
            # compiled: a LoweringError when the runtime prepares the op, else the interpreter's error
            with pytest.raises((InterpreterError, LoweringError), match=refused) as error:
                stablehlo_py.compile(program, backend=backend)(x)
            assert OP[name] in str(error.value), (backend, str(error.value))


# ---------------------------------------------------------------------------------------
# send / recv source_target_pairs


def send_recv(pairs: str, n: int = 3) -> str:
    """Every process sends its operand on channel 1 along `pairs` (partition ids: channel_id > 0),
    then receives on it."""
    attrs = f"channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = {pairs}"
    return f"""module @m attributes {{mhlo.num_replicas = 1 : i32, mhlo.num_partitions = {n} : i32}} {{
  func.func public @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
    %t = stablehlo.create_token : !stablehlo.token
    %s = "stablehlo.send"(%x, %t) {{{attrs}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r:2 = "stablehlo.recv"(%s) {{{attrs}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %r#0 : tensor<2xf32>
  }}
}}"""


# (name, pairs, the constraint cited (once per op: send and recv), what running it gives:
#  None for the routed values, else the error)
PAIRS = [
    ("i2", "dense<[0, 1]> : tensor<2xi64>", "collective_permute I2",
     r"stablehlo.send.*source_target_pairs of shape \[2\] is not a list of \(source, target\) pairs"),
    ("c1", "dense<[[0, 1, 2]]> : tensor<1x3xi64>", "collective_permute C1",
     r"stablehlo.send.*source_target_pairs of shape \[1, 3\] is not a list of \(source, target\) pairs"),
    ("c2", "dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>", "collective_permute C2", None),
    ("c3", "dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>", "collective_permute C3",
     r"stablehlo.recv.*sends to process \(0, 1\) from 2 sources \(0, 2\); recv takes one"),
    ("c4", "dense<[[0, -1]]> : tensor<1x2xi64>", "collective_permute C4",
     r"stablehlo.send.*source_target_pairs holds -1, which is no process id \(collective_permute C4\)"),
]


@pytest.mark.parametrize("name, pairs, cited, outcome", PAIRS, ids=[p[0] for p in PAIRS])
def test_send_recv_pairs_load_with_a_warning_and_fail_when_strict(name, pairs, cited, outcome):
    program = send_recv(pairs)
    messages = deviation_warnings(program)
    assert len(messages) == 2, messages
    for op, message in zip(("send", "recv"), messages):
        assert f"'stablehlo.{op}' op {cited}: " in message, messages
    with pytest.raises(mlir.ir.MLIRError, match=f"'stablehlo.send' op {cited}: "):
        stablehlo_py.parse_module(program, strict=True)


@pytest.mark.parametrize("name, pairs, cited, outcome", PAIRS, ids=[p[0] for p in PAIRS])
def test_send_recv_pairs_run_as_routed_or_are_refused(name, pairs, cited, outcome):
    xs = [np.array([i + 1, 10 * (i + 1)], np.float32) for i in range(3)]
    start = time.monotonic()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SpecDeviationWarning)
        if outcome is not None:
            with pytest.raises(InterpreterError, match=outcome):
                interpret(send_recv(pairs), xs, num_partitions=3, collective_timeout=20)
            assert time.monotonic() - start < 15  # refused, not timed out
            return
        outs = interpret(send_recv(pairs), xs, num_partitions=3, collective_timeout=20)
    # process 0 sends to both 1 and 2 (each pair is one transfer); process 0 is no target: zeros
    expected = [np.zeros(2, np.float32), xs[0], xs[0]]
    for got, want in zip(outs, expected):
        np.testing.assert_array_equal(np.asarray(got[0]), want)


# ---------------------------------------------------------------------------------------
# Oracles: upstream's verifier accepts every case, XLA runs none of them


@pytest.mark.upstream
def test_upstream_accepts_every_case():
    assert_upstream_accepts([c[1] for c in CASES] + [c[1] for c in ONE_PROCESS] + [send_recv(p[1]) for p in PAIRS])


_XLA = r'''
import os, pickle, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"
import numpy as np
from jax._src import xla_bridge
from jax._src.lib import xla_client

backend = xla_bridge.get_backend("cpu")
devices = backend.devices()[:2]
out = {}
for name, text in pickle.load(open(sys.argv[1], "rb")).items():
    options = xla_client.CompileOptions()
    options.num_replicas, options.num_partitions = 2, 1
    options.device_assignment = xla_client.DeviceAssignment.create(np.arange(2).reshape(2, 1))
    try:
        backend.compile_and_load(text, xla_client.DeviceList(tuple(devices)), options)
        out[name] = None
    except Exception as e:
        out[name] = str(e)
pickle.dump(out, open(sys.argv[2], "wb"))
'''


@pytest.mark.xla
def test_xla_refuses_them_too(tmp_path):
    """If XLA ever runs one of these, compare its result instead of refusing."""
    pickle.dump({c[0]: c[1] for c in CASES}, open(tmp_path / "in.pkl", "wb"))
    subprocess.run([sys.executable, "-c", _XLA, tmp_path / "in.pkl", tmp_path / "out.pkl"], check=True,
                   capture_output=True, timeout=300)
    refused = pickle.load(open(tmp_path / "out.pkl", "rb"))
    assert all(refused[c[0]] for c in CASES), refused


# ---------------------------------------------------------------------------------------
# One process per MPI rank


@needs_mpiexec
@pytest.mark.parametrize("name, program, n, shape, cited, refused", CASES[:2], ids=IDS[:2])
def test_refused_under_mpiexec_naming_the_op(tmp_path, name, program, n, shape, cited, refused):
    source = tmp_path / "p.mlir"
    source.write_text(program)
    np.save(tmp_path / "x.npy", np.ones(shape, np.float32))
    start = time.monotonic()
    done = launch(n, CLI, "run", source, "--args", tmp_path / "x.npy")
    assert time.monotonic() - start < 60  # no rank hangs
    assert done.returncode != 0
    assert f"error: {OP[name]}" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
