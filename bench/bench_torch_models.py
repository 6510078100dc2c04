"""Benchmark (not a test): small PyTorch models exported through torchax, every engine of
harness.py, side by side.

    .venv/bin/python bench/bench_torch_models.py [--model lstm ...] [--no-reference] ...

The programs are the torchax fixtures of test/producers/torchax (an LSTM, a GRU, a transformer
encoder layer, multi-head attention over an embedding, a small UNet, an MLP with layer norm and
GELU; made by its make_fixtures.py from ../test/producers/torch_models.py), each with its
arguments (weights, then inputs). At batch 1-2 and a few time steps they are latency-bound: the
time of a call is mostly its ops' fixed costs, where a per-op dispatch pays most. XLA compiles the
same text (no jax function: no jax.jit column).
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

FIXTURES = os.path.join(os.path.dirname(HERE), "test", "producers", "torchax")
MODELS = {
    "lstm": "LSTM, 2 layers' worth of one nn.LSTM over 6 steps, batch 2",
    "gru": "GRU over 6 steps, batch 2",
    "encoder_layer": "nn.TransformerEncoderLayer (d_model 16), batch 2 x 5 tokens",
    "embedding_attention": "embedding + nn.MultiheadAttention, batch 2 x 5 tokens",
    "small_unet": "a two-level UNet on 1 x 2 x 8 x 8",
    "mlp_layernorm_gelu": "linear + layer norm + GELU block",
}


def workloads(models=tuple(MODELS)) -> list:
    out = []
    for name in models:
        with open(os.path.join(FIXTURES, f"{name}.mlir")) as fh:
            text = fh.read()
        data = np.load(os.path.join(FIXTURES, f"{name}.npz"))
        inputs = [data[f"input_{i}"] for i in range(sum(k.startswith("input_") for k in data.files))]
        out.append(harness.Workload(f"torchax {name}", harness.LATENCY, None, inputs, rtol=1e-4, atol=1e-5,
                                    description=MODELS[name], text=text))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", choices=sorted(MODELS))
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    return harness.main_for("torchax models", workloads(args.model or tuple(MODELS)), args)


if __name__ == "__main__":
    sys.exit(main())
