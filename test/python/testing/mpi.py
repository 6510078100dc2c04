"""The process grid under MPI, for runtime/test_mpi.py and
interpreter/shardy/test_shard_map_programs.py: launching `mpiexec` (`needs_mpiexec` skips where
it is not installed) and a program using every communication op on a 2x2 or 4x1 grid, with
inputs whose sums depend on the order of the fold."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

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

