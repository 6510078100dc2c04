"""all_reduce (sum) and all_gather of 1M f32 across MPI ranks: the interpreter's MPI grid vs raw mpi4py.

    .venv/bin/mpiexec -n 4 .venv/bin/python bench/bench_collectives.py [--size 1048576] [--repeats 20]

Each rank is one StableHLO process of a num_ranks x 1 grid (interpreter/mpi.py). The programs
are compiled once; every rank then runs the compiled program `--repeats` times inside one
grid run (after `--warmup` calls, the first of which makes the group's communicator), with a
barrier before each call; a call's time is the slowest rank's. Raw mpi4py runs
`comm.Allreduce` / `comm.Allgather` on the same numpy buffers the same way. Rank 0 prints the
medians, minimums and the ratio (interpreter / mpi4py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402  (time_calls; no jax needed)


def programs(n: int, size: int) -> dict:
    groups = f"dense<[{list(range(n))}]> : tensor<1x{n}xi64>"
    return {
        "all_reduce (sum)": f"""
func.func @main(%x: tensor<{size}xf32>) -> tensor<{size}xf32> {{
  %r = "stablehlo.all_reduce"(%x) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }}) {{replica_groups = {groups}}} : (tensor<{size}xf32>) -> tensor<{size}xf32>
  return %r : tensor<{size}xf32>
}}""",
        "all_gather": f"""
func.func @main(%x: tensor<{size}xf32>) -> tensor<{n * size}xf32> {{
  %r = "stablehlo.all_gather"(%x) {{all_gather_dim = 0 : i64, replica_groups = {groups}}} : (tensor<{size}xf32>) -> tensor<{n * size}xf32>
  return %r : tensor<{n * size}xf32>
}}""",
    }


def timed(comm, call, warmup: int, repeats: int) -> list:
    """Per call, the slowest rank's seconds (every rank gets the list)."""
    from mpi4py import MPI

    times = harness.time_calls(call, repeats, warmup, before=comm.Barrier)
    slowest = np.empty(repeats)
    comm.Allreduce(np.array(times), slowest, op=MPI.MAX)
    return slowest.tolist()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=1 << 20, help="f32 elements per rank (default 1M)")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()

    import stablehlo_py
    from mpi4py import MPI
    from stablehlo_py.interpreter.runtime import grid as grids, mpi

    world = MPI.COMM_WORLD
    n, rank = world.Get_size(), world.Get_rank()
    if n < 2 or not mpi.active():
        print("run under mpiexec with 2 or more ranks: .venv/bin/mpiexec -n 4 .venv/bin/python "
              "bench/bench_collectives.py", file=sys.stderr)
        return 2
    rng = np.random.default_rng(rank)
    x = rng.standard_normal(args.size).astype(np.float32)
    rows = []
    for name, text in programs(n, args.size).items():
        run = stablehlo_py.compile(text)
        grid = grids.new_grid(n, 1, timeout=120)
        ours = grids.run_processes(grid, [lambda: timed(world, lambda: run(x), args.warmup, args.repeats)] * n)[0]
        if name.startswith("all_reduce"):
            out = np.empty_like(x)
            raw = timed(world, lambda: world.Allreduce(x, out, op=MPI.SUM), args.warmup, args.repeats)
        else:
            out = np.empty(n * args.size, np.float32)
            raw = timed(world, lambda: world.Allgather(x, out), args.warmup, args.repeats)
        rows.append((name, ours, raw))
    if rank == 0:
        mb = args.size * 4 / 2**20
        print(f"{n} ranks, {args.size} f32 per rank ({mb:g} MiB), {args.repeats} calls after {args.warmup} warmup "
              f"calls; a call's time is the slowest rank's")
        print()
        print("| collective | stablehlo-py (MPI grid) median / min | mpi4py median / min | ratio (medians) |")
        print("| --- | --- | --- | --- |")
        for name, ours, raw in rows:
            ratio = statistics.median(ours) / statistics.median(raw)
            print(f"| {name} | {statistics.median(ours) * 1e3:.2f} ms / {min(ours) * 1e3:.2f} ms "
                  f"| {statistics.median(raw) * 1e3:.2f} ms / {min(raw) * 1e3:.2f} ms | {ratio:.1f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
