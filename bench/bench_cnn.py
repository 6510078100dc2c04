"""Benchmark (not a test): a two-layer CNN, three engines, side by side.

    .venv/bin/python bench/bench_cnn.py [--batch 8] [--size 32] [--channels 16,32,32]
                                        [--repeats 50] [--ref-repeats 1] [--ref-timeout 120]
                                        [--no-reference]

The CNN (x: batch x size x size x channels[0], NHWC; 3x3 kernels, HWIO, SAME
padding, a bias after each convolution and relu, written as
`jnp.where(h > 0, h, 0.0)`, between them) is exported by jax inside this
script and timed on seeded float32 inputs by stablehlo-py, XLA on CPU and the
upstream reference interpreter, exactly as bench_mlp.py times its MLP (the
engines, the table and its columns are bench_mlp's).
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_mlp as common  # noqa: E402  (timing, engines and report shared with the MLP benchmark)

SEED = 0


def cnn(*params_and_x):
    """f(x, w1, b1, w2, b2, ...): 3x3 SAME convolutions with relu between them."""
    import jax.numpy as jnp
    from jax import lax

    x, params = params_and_x[0], params_and_x[1:]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = lax.conv_general_dilated(h, params[2 * i], (1, 1), "SAME",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC")) + params[2 * i + 1]
        if i < layers - 1:
            h = jnp.where(h > 0, h, 0.0)
    return h


def make_inputs(batch: int, size: int, channels: list) -> list:
    rng = np.random.default_rng(SEED)
    inputs = [rng.standard_normal((batch, size, size, channels[0])).astype(np.float32)]
    for c_in, c_out in zip(channels, channels[1:]):
        inputs.append((rng.standard_normal((3, 3, c_in, c_out)) / np.sqrt(9 * c_in)).astype(np.float32))
        inputs.append((0.1 * rng.standard_normal((c_out,))).astype(np.float32))
    return inputs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--size", type=int, default=32, help="image height and width")
    parser.add_argument("--channels", default="16,32,32", help="channels, input first")
    common.add_engine_arguments(parser, repeats=50, ref_timeout=120.0)
    args = parser.parse_args(argv)

    channels = [int(c) for c in args.channels.split(",")]
    title = (f"CNN {args.batch}x{args.size}x{args.size}x{channels[0]} NHWC, 3x3 convolutions "
             f"{' -> '.join(map(str, channels))} channels (float32)")
    common.run_benchmark(title, cnn, make_inputs(args.batch, args.size, channels), args)
    print(common.FOOTER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
