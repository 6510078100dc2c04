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
    parser.add_argument("--repeats", type=int, default=50, help="timed calls for stablehlo-py and XLA")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--ref-repeats", type=int, default=1, help="timed calls for the reference interpreter")
    parser.add_argument("--ref-timeout", type=float, default=120.0, help="seconds for the reference subprocess")
    parser.add_argument("--no-reference", action="store_true", help="skip the (slow) reference interpreter")
    args = parser.parse_args(argv)

    import jax

    jax.config.update("jax_platforms", "cpu")
    channels = [int(c) for c in args.channels.split(",")]
    inputs = make_inputs(args.batch, args.size, channels)
    text = jax.jit(cnn).lower(*inputs).as_text()
    print(f"CNN {args.batch}x{args.size}x{args.size}x{channels[0]} NHWC, 3x3 convolutions "
          f"{' -> '.join(map(str, channels))} channels (float32), {len(text.splitlines())} lines of StableHLO; "
          f"jax {jax.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs", flush=True)

    xla = common.bench_xla(cnn, inputs, args.repeats, args.warmup)
    print("  XLA done", flush=True)
    ours = common.bench_stablehlo_py(text, inputs, args.repeats, args.warmup)
    print("  stablehlo-py done", flush=True)
    if args.no_reference:
        reference = common.Result("reference interpreter (jaxlib eval_module)", error="skipped (--no-reference)")
    else:
        print(f"  reference interpreter: {args.ref_repeats} call(s), timeout {args.ref_timeout:g} s ...", flush=True)
        reference = common.bench_reference(text, inputs, args.ref_repeats, args.ref_timeout)
    print()
    print(common.report([ours, xla, reference], xla, reference))
    print("\nvs X = median time / X's median time (smaller is faster).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
