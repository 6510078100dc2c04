"""Benchmark (not a test): scatter-add of rows into a table, three engines, side by side.

    .venv/bin/python bench/bench_scatter.py [--op add] [--rows 4096] [--table 10000x64] [--repeats 50]
                                            [--ref-repeats 1] [--ref-timeout 300] [--no-reference]

`table.at[indices].add(updates)` -- a float32 table (default 10000 x 64), `rows` random row
indices (duplicates allowed) and a `rows x 64` float32 update -- exported by jax inside this
script (one stablehlo.scatter with an add body; --op mul / max / set for those bodies, --op
apply for `table.at[indices].apply(lambda old: old * 0.5 + 1)`, a body no single numpy call
covers) and timed on the same seeded inputs by
stablehlo-py (compile once, then call), XLA on CPU (jax.jit) and the upstream reference
interpreter (jaxlib eval_module, in a subprocess with a timeout). Timing, the reference
worker and the report table are bench_mlp.py's.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_mlp  # noqa: E402  (shared engines, timing and report)

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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--op", choices=sorted(OPS), default="add", help="the update computation")
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--table", default="10000x64", help="table shape, ROWSxCOLS")
    bench_mlp.add_engine_arguments(parser, repeats=50, ref_timeout=300.0)
    args = parser.parse_args(argv)

    shape = tuple(int(n) for n in args.table.split("x"))
    fn = OPS[args.op]
    inputs = make_inputs(args.rows, shape)[:fn.__code__.co_argcount]
    title = (f"scatter ({args.op}) of {args.rows} rows into a {shape[0]}x{shape[1]} float32 table "
             "(random indices, duplicates allowed)")
    bench_mlp.run_benchmark(title, fn, inputs, args)
    print(bench_mlp.FOOTER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
