"""Benchmark (not a test): sort, argsort and top_k, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_sort.py [--rows 64] [--cols 4096] [--k 16] [--no-reference] ...

On a seeded rows x cols float32 matrix (distinct values, so every order is unique), along the
last axis: jnp.sort (stablehlo.sort, one operand), jnp.argsort (stablehlo.sort of values and an
iota, stable) and lax.top_k (values and int32 indices; JAX exports chlo.top_k). Each is
exported by jax and timed as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def make_input(rows: int, cols: int) -> np.ndarray:
    rng = np.random.default_rng(SEED)
    return rng.permutation(rows * cols).reshape(rows, cols).astype(np.float32) / np.float32(rows * cols)


def workloads(rows: int = 64, cols: int = 4096, k: int = 16) -> list:
    import jax.numpy as jnp
    from jax import lax

    x = make_input(rows, cols)
    shape = f"{rows}x{cols} float32, last axis"
    return [
        harness.Workload("sort", harness.DENSE, lambda a: jnp.sort(a, axis=-1), [x], rtol=0, atol=0,
                         description=f"jnp.sort of {shape}"),
        harness.Workload("argsort", harness.DENSE, lambda a: jnp.argsort(a, axis=-1), [x], rtol=0, atol=0,
                         description=f"jnp.argsort of {shape}"),
        harness.Workload(f"top_k (k={k})", harness.DENSE, lambda a: lax.top_k(a, k), [x], rtol=0, atol=0,
                         description=f"lax.top_k, k={k}, of {shape}"),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--cols", type=int, default=4096)
    parser.add_argument("--k", type=int, default=16)
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    return harness.main_for("sort, argsort, top_k", workloads(args.rows, args.cols, args.k), args)


if __name__ == "__main__":
    sys.exit(main())
