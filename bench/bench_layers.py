"""Benchmark (not a test): single layers, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_layers.py [--case NAME ...] [--no-reference] ...

embedding lookup     table[ids]: 16384 int32 ids (random, repeats) into a 50000x128 float32 table
                     (one stablehlo.gather)
max pool / avg pool  3x3 windows, stride 2, SAME padding, over 16x64x64x32 NHWC float32
                     (lax.reduce_window with max / add, the average divided by 9)
batched matmul       4096 independent 16x32 @ 32x16 float32 products (jnp.einsum 'bij,bjk->bik')
layer norm           over the last axis of 512x1024 float32, with scale and bias
softmax              jax.nn.softmax over the last axis of 512x1024 float32
elementwise chain    tanh(exp(-x*x) + log1p(|x|)) * sin(x) + sqrt(|x|) * cos(x) over 1M float32
Each is exported by jax and timed as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def _rng():
    return np.random.default_rng(SEED)


def embedding_lookup():
    rng = _rng()
    table = rng.standard_normal((50000, 128)).astype(np.float32)
    ids = rng.integers(0, 50000, 16384).astype(np.int32)
    return harness.Workload("embedding lookup (gather)", harness.DENSE, lambda t, i: t[i], [table, ids],
                            rtol=0, atol=0, description="table[ids]: 16384 ids into a 50000x128 float32 table")


def pooling(kind: str):
    import jax.numpy as jnp
    from jax import lax

    x = _rng().standard_normal((16, 64, 64, 32)).astype(np.float32)
    window, strides = (1, 3, 3, 1), (1, 2, 2, 1)
    if kind == "max":
        def fn(a):
            return lax.reduce_window(a, -jnp.inf, lax.max, window, strides, "SAME")
    else:
        def fn(a):
            return lax.reduce_window(a, 0.0, lax.add, window, strides, "SAME") / np.float32(9)
    return harness.Workload(f"{kind} pool 3x3/2", harness.DENSE, fn, [x],
                            rtol=0 if kind == "max" else 1e-5, atol=0 if kind == "max" else 1e-6,
                            description=f"lax.reduce_window ({kind}), 3x3 windows, stride 2, SAME, "
                                        "16x64x64x32 NHWC float32")


def batched_matmul():
    import jax.numpy as jnp

    rng = _rng()
    a = rng.standard_normal((4096, 16, 32)).astype(np.float32)
    b = rng.standard_normal((4096, 32, 16)).astype(np.float32)
    return harness.Workload("batched matmul 4096x(16x32@32x16)", harness.DENSE,
                            lambda p, q: jnp.einsum("bij,bjk->bik", p, q), [a, b],
                            description="jnp.einsum('bij,bjk->bik'), 4096 products of 16x32 @ 32x16 float32")


def layer_norm():
    import jax.numpy as jnp
    from jax import lax

    def fn(x, scale, bias):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        centered = x - mean
        var = jnp.mean(centered * centered, axis=-1, keepdims=True)  # jnp.square exports chlo.square
        return centered * lax.rsqrt(var + 1e-5) * scale + bias

    rng = _rng()
    inputs = [rng.standard_normal((512, 1024)).astype(np.float32),
              (1 + 0.1 * rng.standard_normal(1024)).astype(np.float32),
              (0.1 * rng.standard_normal(1024)).astype(np.float32)]
    return harness.Workload("layer norm", harness.DENSE, fn, inputs,
                            description="over the last axis of 512x1024 float32, scale and bias")


def softmax():
    import jax

    x = (3 * _rng().standard_normal((512, 1024))).astype(np.float32)
    return harness.Workload("softmax", harness.DENSE, lambda a: jax.nn.softmax(a, axis=-1), [x],
                            rtol=1e-5, atol=1e-6, description="jax.nn.softmax over the last axis of 512x1024 float32")


def elementwise_chain():
    import jax.numpy as jnp

    def fn(x):
        return jnp.tanh(jnp.exp(-x * x) + jnp.log1p(jnp.abs(x))) * jnp.sin(x) + jnp.sqrt(jnp.abs(x)) * jnp.cos(x)

    x = (2 * _rng().standard_normal(1 << 20)).astype(np.float32)
    return harness.Workload("elementwise transcendental chain", harness.DENSE, fn, [x], rtol=1e-5, atol=1e-6,
                            description="tanh(exp(-x*x) + log1p(|x|)) * sin(x) + sqrt(|x|) * cos(x), 1M float32")


CASES = {"gather": embedding_lookup, "maxpool": lambda: pooling("max"), "avgpool": lambda: pooling("avg"),
         "bmm": batched_matmul, "layernorm": layer_norm, "softmax": softmax, "elementwise": elementwise_chain}


def workloads(cases=tuple(CASES)) -> list:
    return [CASES[c]() for c in cases]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append", help="default: all")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    return harness.main_for("layers", workloads(args.case or tuple(CASES)), args)


if __name__ == "__main__":
    sys.exit(main())
