"""Benchmark (not a test): convolutional nets, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_cnn.py [--batch 8] [--size 32] [--channels 16,32,32] [--no-reference] ...

CNN:        3x3 SAME convolutions (NHWC x HWIO), a bias after each and relu
            (`jnp.where(h > 0, h, 0.0)`) between them.
CNN + BN:   the same convolutions, each followed by batch normalization with the batch's
            statistics (mean and variance over N, H, W, as in training), scale, shift and relu,
            then global average pooling and a dense layer to 10 logits.
Both are exported by jax and timed on seeded float32 inputs as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def conv(h, w):
    from jax import lax

    return lax.conv_general_dilated(h, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def cnn(*params_and_x):
    """f(x, w1, b1, w2, b2, ...): 3x3 SAME convolutions with relu between them."""
    import jax.numpy as jnp

    x, params = params_and_x[0], params_and_x[1:]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = conv(h, params[2 * i]) + params[2 * i + 1]
        if i < layers - 1:
            h = jnp.where(h > 0, h, 0.0)
    return h


def cnn_bn(x, *params):
    """f(x, w1, g1, b1, w2, g2, b2, ..., wd, bd): conv, batch norm (batch statistics), relu per
    layer, then global average pooling and a dense layer."""
    import jax.numpy as jnp
    from jax import lax

    h = x
    convs, (wd, bd) = params[:-2], params[-2:]
    for i in range(0, len(convs), 3):
        h = conv(h, convs[i])
        mean = jnp.mean(h, axis=(0, 1, 2))
        centered = h - mean
        var = jnp.mean(centered * centered, axis=(0, 1, 2))  # jnp.var/square would export chlo ops
        h = centered * lax.rsqrt(var + 1e-5) * convs[i + 1] + convs[i + 2]
        h = jnp.where(h > 0, h, 0.0)
    return jnp.mean(h, axis=(1, 2)) @ wd + bd


def make_inputs(batch: int, size: int, channels: list, batch_norm: bool = False) -> list:
    rng = np.random.default_rng(SEED)
    inputs = [rng.standard_normal((batch, size, size, channels[0])).astype(np.float32)]
    for c_in, c_out in zip(channels, channels[1:]):
        inputs.append((rng.standard_normal((3, 3, c_in, c_out)) / np.sqrt(9 * c_in)).astype(np.float32))
        if batch_norm:
            inputs.append((1 + 0.1 * rng.standard_normal((c_out,))).astype(np.float32))
        inputs.append((0.1 * rng.standard_normal((c_out,))).astype(np.float32))
    if batch_norm:
        inputs.append((rng.standard_normal((channels[-1], 10)) / np.sqrt(channels[-1])).astype(np.float32))
        inputs.append(np.zeros(10, np.float32))
    return inputs


def workloads(batch: int = 8, size: int = 32, channels=(16, 32, 32)) -> list:
    shape = f"{batch}x{size}x{size}x{channels[0]} NHWC, 3x3 convolutions {' -> '.join(map(str, channels))}"
    return [
        harness.Workload("CNN", harness.DENSE, cnn, make_inputs(batch, size, list(channels)),
                         description=f"CNN {shape}, bias, relu, float32"),
        harness.Workload("CNN + batch norm", harness.DENSE, cnn_bn, make_inputs(batch, size, list(channels), True),
                         description=f"CNN {shape}, batch norm (batch statistics), relu, global average pool, "
                                     "dense to 10, float32"),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--size", type=int, default=32, help="image height and width")
    parser.add_argument("--channels", default="16,32,32", help="channels, input first")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    channels = [int(c) for c in args.channels.split(",")]
    return harness.main_for("CNNs", workloads(args.batch, args.size, channels), args)


if __name__ == "__main__":
    sys.exit(main())
