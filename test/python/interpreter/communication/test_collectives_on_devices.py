"""Hand-written programs on a grid of 4 replicas run by the interpreter and by XLA on 4 CPU
devices (one device per replica), compared bit for bit: replica_id and partition_id, and the
collectives in the process-group strategies a 4x1 grid has (cross_replica,
cross_replica_and_partition, flattened_ids). The JAX programs of
interpreter/shardy/test_shard_map_programs.py run per-partition programs (cross_partition and
flattened_ids over partitions) against XLA.

XLA on CPU implements neither collective_broadcast nor device send/recv, infeed and outfeed;
those are checked against numpy formulas (test_collectives.py, runtime/test_feeds.py).
Values are small integers (also in floats), so every sum is exact in any order.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import conftest
from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.xla

_XLA = r'''
import os, pickle, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
import numpy as np
import jax
from jax._src import xla_bridge
from jax._src.lib import xla_client
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

jax.config.update("jax_enable_x64", True)
backend = xla_bridge.get_backend("cpu")
devices = backend.devices()[:4]
mesh = NamedSharding(Mesh(np.array(devices), ("d",)), P("d"))
out = {}
for name, (text, replicas, partitions, args) in pickle.load(open(sys.argv[1], "rb")).items():
    options = xla_client.CompileOptions()
    options.num_replicas, options.num_partitions = replicas, partitions
    options.device_assignment = xla_client.DeviceAssignment.create(np.arange(4).reshape(replicas, partitions))
    executable = backend.compile_and_load(text, xla_client.DeviceList(tuple(devices)), options)
    # argument k of process i lives on device i: a global array whose shard i it is
    arrays = [jax.make_array_from_single_device_arrays((4 * a[0].shape[0],) + a[0].shape[1:], mesh,
                                                       [jax.device_put(a[i], devices[i]) for i in range(4)])
              for a in args]
    results = executable.execute_sharded(arrays).disassemble_into_single_device_arrays()
    out[name] = [[np.asarray(shards[i]) for shards in results] for i in range(4)]
pickle.dump(out, open(sys.argv[2], "wb"))
'''

# XLA runs several partitions only through its SPMD partitioner, which rejects programs that are
# already per process (partition_id); replicas run as written.
GRIDS = {"4x1": (4, 1)}


def body(op: str, t: str) -> str:
    return (f"({{\n  ^bb0(%p: tensor<{t}>, %q: tensor<{t}>):\n    %s = stablehlo.{op} %p, %q : tensor<{t}>\n"
            f"    stablehlo.return %s : tensor<{t}>\n  }})")


def groups(rows) -> str:
    return f"dense<{rows}> : tensor<{len(rows)}x{len(rows[0])}xi64>"


def channel(handle: int) -> str:
    return f"channel_handle = #stablehlo.channel_handle<handle = {handle}, type = 1>"


def module(R: int, P: int, t: str, ops: list, results: list) -> str:
    lines = "\n    ".join(ops)
    types = ", ".join(ty for _, ty in results)
    values = ", ".join(v for v, _ in results)
    return f"""module @m attributes {{mhlo.num_replicas = {R} : i32, mhlo.num_partitions = {P} : i32}} {{
  func.func public @main(%x: tensor<4x2x{t}>) -> ({types}) {{
    {lines}
    return {values} : {types}
  }}
}}"""


def ids_program(R, P, t):
    return module(R, P, t, ["%r = stablehlo.replica_id : tensor<ui32>", "%p = stablehlo.partition_id : tensor<ui32>"],
                  [("%r", "tensor<ui32>"), ("%p", "tensor<ui32>")])


def reduce_program(R, P, t):
    """all_reduce in each strategy its attributes select, with sum, max and min bodies."""
    T = f"tensor<4x2x{t}>"
    everyone_replicas = [list(range(R))]
    ops = [f'%a = "stablehlo.all_reduce"(%x) {body("add", t)} {{replica_groups = {groups(everyone_replicas)}}} '
           f': ({T}) -> {T}',  # cross_replica
           f'%b = "stablehlo.all_reduce"(%x) {body("maximum", t)} {{replica_groups = {groups(everyone_replicas)}, '
           f'{channel(1)}}} : ({T}) -> {T}',  # cross_replica_and_partition
           f'%c = "stablehlo.all_reduce"(%x) {body("minimum", t)} {{replica_groups = {groups([[0, 3], [1, 2]])}, '
           f'{channel(2)}, use_global_device_ids}} : ({T}) -> {T}']  # flattened_ids
    return module(R, P, t, ops, [("%a", T), ("%b", T), ("%c", T)])


def gather_scatter_program(R, P, t):
    T = f"tensor<4x2x{t}>"
    flat = f"{channel(1)}, use_global_device_ids"
    ops = [f'%g = "stablehlo.all_gather"(%x) {{all_gather_dim = 1 : i64, replica_groups = {groups([[3, 1], [0, 2]])}, '
           f'{flat}}} : ({T}) -> tensor<4x4x{t}>',
           f'%s = "stablehlo.reduce_scatter"(%x) {body("add", t)} {{scatter_dimension = 0 : i64, '
           f'replica_groups = {groups([[0, 1, 2, 3]])}, {flat}}} : ({T}) -> tensor<1x2x{t}>']
    return module(R, P, t, ops, [("%g", f"tensor<4x4x{t}>"), ("%s", f"tensor<1x2x{t}>")])


def permute_program(R, P, t):
    """collective_permute and all_to_all among partitions (channel) or replicas (none)."""
    T = f"tensor<4x2x{t}>"
    n, kind = (P, channel(1)) if P > 1 else (R, "")
    pairs = [[i, (i + 1) % n] for i in range(n - 1)]  # the first process receives nothing
    sep = ", " if kind else ""
    ops = [f'%c = "stablehlo.collective_permute"(%x) {{source_target_pairs = '
           f'dense<{pairs}> : tensor<{len(pairs)}x2xi64>{sep}{kind}}} : ({T}) -> {T}',
           f'%a = "stablehlo.all_to_all"(%x) {{split_dimension = 0 : i64, concat_dimension = 1 : i64, '
           f'split_count = {n} : i64, replica_groups = {groups([list(range(n))])}{sep}{kind}}} '
           f': ({T}) -> tensor<{4 // n}x{2 * n}x{t}>']
    return module(R, P, t, ops, [("%c", T), ("%a", f"tensor<{4 // n}x{2 * n}x{t}>")])


PROGRAMS = {"ids": ids_program, "all_reduce": reduce_program, "gather_scatter": gather_scatter_program,
            "permute": permute_program}
TYPES = {"f32": np.float32, "i32": np.int32, "ui8": np.uint8, "f64": np.float64}


def _cases() -> dict:
    rng = np.random.default_rng(23)
    cases = {}
    for grid, (R, P) in GRIDS.items():
        for program, make in PROGRAMS.items():
            for t, dtype in TYPES.items():
                if program == "ids" and t != "i32":
                    continue
                x = [rng.integers(0, 50, size=(4, 2)).astype(dtype) for _ in range(4)]
                cases[f"{program}-{grid}-{t}"] = (make(R, P, t), R, P, [x])
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def xla_results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("grid_xla")
    with open(folder / "cases.pkl", "wb") as f:
        pickle.dump(CASES, f)
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4")
    proc = subprocess.run([sys.executable, "-c", _XLA, str(folder / "cases.pkl"), str(folder / "out.pkl")],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    for text, _, _, _ in CASES.values():  # what the XLA comparison covers (docs/status.md)
        conftest._xla_checked_ops.update(conftest._OP_NAME.findall(text))
    with open(folder / "out.pkl", "rb") as f:
        return pickle.load(f)


@pytest.mark.parametrize("name", sorted(CASES))
def test_grid_program_agrees_with_xla(xla_results, name):
    text, R, P, args = CASES[name]
    got = interpret(text, *args, num_replicas=R, num_partitions=P)
    for process, (g, e) in enumerate(zip(got, xla_results[name])):
        conftest.assert_same(g, e, context=f"{name} process {process}")
