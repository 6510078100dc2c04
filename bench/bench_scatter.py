"""Benchmark (not a test): scatter of rows into a table, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_scatter.py [--op add] [--rows 4096] [--table 10000x64] [--no-reference] ...

`table.at[indices].add(updates)` -- a float32 table (default 10000 x 64), `rows` random row
indices (duplicates allowed) and a `rows x 64` float32 update -- exported by jax inside this
script (one stablehlo.scatter with an add body; --op mul / max / set for those bodies, --op
apply for `table.at[indices].apply(lambda old: old * 0.5 + 1)`, a body no single numpy call
covers) and timed on the same seeded inputs as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


# --op: the scatter's update computation, as (table, indices[, updates]) -> table.
OPS = {
    "add": lambda table, indices, updates: table.at[indices].add(updates),
    "mul": lambda table, indices, updates: table.at[indices].mul(updates),
    "max": lambda table, indices, updates: table.at[indices].max(updates),
    "set": lambda table, indices, updates: table.at[indices].set(updates),
    # a body no single numpy call covers; it takes no updates
    "apply": lambda table, indices: table.at[indices].apply(lambda old: old * 0.5 + 1.0),
}


def make_inputs(rows: int, shape: tuple) -> list:
    rng = np.random.default_rng(SEED)
    table = rng.standard_normal(shape).astype(np.float32)
    indices = rng.integers(0, shape[0], rows).astype(np.int32)
    updates = rng.standard_normal((rows, shape[1])).astype(np.float32)
    return [table, indices, updates]


def workloads(ops=("add",), rows: int = 4096, shape=(10000, 64)) -> list:
    out = []
    for op in ops:
        fn = OPS[op]
        out.append(harness.Workload(
            f"scatter-{op} ({rows} rows)" if op != "add" else "embedding scatter-add", harness.DENSE, fn,
            make_inputs(rows, shape)[:fn.__code__.co_argcount],
            description=f"table.at[indices].{op} of {rows} rows into a {shape[0]}x{shape[1]} float32 table "
                        "(random indices, duplicates allowed)"))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--op", choices=sorted(OPS) + ["all"], default="add", help="the update computation")
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--table", default="10000x64", help="table shape, ROWSxCOLS")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    shape = tuple(int(n) for n in args.table.split("x"))
    ops = sorted(OPS) if args.op == "all" else [args.op]
    return harness.main_for("scatter", workloads(ops, args.rows, shape), args)


if __name__ == "__main__":
    sys.exit(main())
