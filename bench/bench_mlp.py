"""Benchmark (not a test): one MLP, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_mlp.py [--batch 128] [--sizes 784,512,512,10] [--no-reference]
                                        [--budget 1] [--ref-budget 10] ...

The MLP (x: batch x sizes[0], then dense layers to sizes[1:], relu written as
`jnp.where(h > 0, h, 0.0)` between layers) is exported by jax and timed on seeded float32
inputs by stablehlo-py, XLA (compiled, on device-resident inputs), jax.jit and the upstream
reference interpreter, as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def mlp(*params_and_x):
    """f(x, w1, b1, w2, b2, ...): dense layers with relu between them, logits out."""
    import jax.numpy as jnp

    x, params = params_and_x[0], params_and_x[1:]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = jnp.dot(h, params[2 * i]) + params[2 * i + 1]
        if i < layers - 1:
            h = jnp.where(h > 0, h, 0.0)
    return h


def make_inputs(batch: int, sizes: list) -> list:
    rng = np.random.default_rng(SEED)
    inputs = [rng.standard_normal((batch, sizes[0])).astype(np.float32)]
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        inputs.append((rng.standard_normal((fan_in, fan_out)) / np.sqrt(fan_in)).astype(np.float32))
        inputs.append((0.1 * rng.standard_normal((fan_out,))).astype(np.float32))
    return inputs


def workloads(batch: int = 128, sizes=(784, 512, 512, 10)) -> list:
    shapes = " -> ".join([f"{batch}x{sizes[0]}", *map(str, sizes[1:])])
    return [harness.Workload("MLP", harness.DENSE, mlp, make_inputs(batch, list(sizes)),
                             description=f"MLP {shapes}, relu, float32")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--sizes", default="784,512,512,10", help="layer widths, input first")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    return harness.main_for("MLP", workloads(args.batch, sizes), args)


if __name__ == "__main__":
    sys.exit(main())
