"""Benchmark (not a test): one transformer block, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_transformer.py [--batch 2] [--tokens 128] [--width 256] [--heads 4]
                                                [--no-reference] ...

A pre-norm transformer block -- layer norm, multi-head self-attention (q/k/v and output
projections, softmax over keys), residual, layer norm, a 4x-wide MLP with tanh-GELU,
residual -- written with jax.numpy, exported by jax inside this script and timed on the
same seeded float32 inputs as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def make_block(heads: int):
    import jax
    import jax.numpy as jnp

    def layer_norm(x, scale, bias):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        centered = x - mean
        var = jnp.mean(centered * centered, axis=-1, keepdims=True)  # jnp.square exports chlo.square
        return centered * jax.lax.rsqrt(var + 1e-5) * scale + bias

    def block(x, ln1_s, ln1_b, wq, wk, wv, wo, ln2_s, ln2_b, w1, b1, w2, b2):
        batch, tokens, width = x.shape
        head = width // heads
        h = layer_norm(x, ln1_s, ln1_b)

        def split(w):  # (batch, tokens, width) -> (batch, heads, tokens, head)
            return (h @ w).reshape(batch, tokens, heads, head).transpose(0, 2, 1, 3)

        q, k, v = split(wq), split(wk), split(wv)
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.float32(np.sqrt(head))
        attention = jax.nn.softmax(scores, axis=-1)
        mixed = jnp.einsum("bhqk,bhkd->bhqd", attention, v).transpose(0, 2, 1, 3).reshape(batch, tokens, width)
        x = x + mixed @ wo
        h = layer_norm(x, ln2_s, ln2_b)
        return x + jax.nn.gelu(h @ w1 + b1, approximate=True) @ w2 + b2

    return block


def make_inputs(batch: int, tokens: int, width: int) -> list:
    rng = np.random.default_rng(SEED)

    def weights(*shape):
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)

    ones, zeros = np.ones(width, np.float32), np.zeros(width, np.float32)
    return [rng.standard_normal((batch, tokens, width)).astype(np.float32), ones, zeros,
            weights(width, width), weights(width, width), weights(width, width), weights(width, width),
            ones, zeros, weights(width, 4 * width), np.zeros(4 * width, np.float32),
            weights(4 * width, width), zeros]


def workloads(batch: int = 2, tokens: int = 128, width: int = 256, heads: int = 4) -> list:
    return [harness.Workload("transformer block", harness.DENSE, make_block(heads),
                             make_inputs(batch, tokens, width),
                             description=f"pre-norm block: batch {batch}, {tokens} tokens, width {width}, "
                                         f"{heads} heads, tanh-GELU MLP, float32")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("--tokens", type=int, default=128)
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--heads", type=int, default=4)
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    return harness.main_for("transformer block", workloads(args.batch, args.tokens, args.width, args.heads), args)


if __name__ == "__main__":
    sys.exit(main())
