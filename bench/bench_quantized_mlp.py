"""Benchmark (not a test): the int8 MLP of examples/quantized_mlp against its float original.

    .venv/bin/python bench/bench_quantized_mlp.py [--batch 128] [--sizes 784,512,512,10] [--repeats 20]

Timed side by side, on the same seeded inputs, after warm-up calls:

  stablehlo-py int8    the quantized program (i8 x i8 dot_general into an i32 accumulator type,
                       quantized bias, requantization with the ReLU in the storage range),
                       stablehlo_py.compile(text) once, then the callable
  stablehlo-py f32     the same MLP in float32, built with the same builders
  XLA f32 (CPU)        the float MLP compiled by jax (`jax.jit(f).lower(...).compile()`) and called
                       on inputs already on the device (jax.device_put once)

XLA gets the float program: jaxlib's MLIR has no quant dialect, so neither XLA through jax nor the
upstream reference interpreter can take the quantized program. The table shows the median and
minimum time per call, the ratio of medians to XLA's, and the largest logit difference from the
float model relative to its largest logit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "quantized_mlp"))
sys.path.insert(0, HERE)
import harness  # noqa: E402
from quantized_mlp import build_float_mlp, build_quantized_mlp, make_model  # noqa: E402

WARMUP = 3


def xla_float(x, params):
    """(call, output) of the float MLP as a compiled XLA executable on device-resident inputs."""
    import jax.numpy as jnp

    def f(h, *layer_args):
        for i in range(0, len(layer_args), 2):
            h = h @ layer_args[i] + layer_args[i + 1]
            if i + 2 < len(layer_args):
                h = jnp.maximum(h, 0)
        return h

    call, outputs = harness.prepare_xla(f, [x, *params])
    return call, outputs[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--sizes", default="784,512,512,10")
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]

    import stablehlo_py

    x, params = make_model(args.batch, sizes)
    int8_text, int8_args = build_quantized_mlp(x, params)
    start = time.perf_counter()
    int8_run = stablehlo_py.compile(int8_text)
    int8_prepare = time.perf_counter() - start
    float_run = stablehlo_py.compile(build_float_mlp(x, params))

    rows = []
    (reference,) = float_run(x, *params)
    scale = float(np.max(np.abs(reference)))
    (int8_out,) = int8_run(*int8_args)
    rows.append(("stablehlo-py int8", harness.time_calls(lambda: int8_run(*int8_args), args.repeats, WARMUP),
                 np.max(np.abs(int8_out - reference)) / scale, f"compile {int8_prepare * 1e3:.0f} ms"))
    rows.append(("stablehlo-py f32", harness.time_calls(lambda: float_run(x, *params), args.repeats, WARMUP), 0.0, ""))
    try:
        call, xla_out = xla_float(x, params)
        rows.append(("XLA f32 (CPU, compiled, on device)", harness.time_calls(call, args.repeats, WARMUP),
                     np.max(np.abs(xla_out - reference)) / scale, ""))
    except Exception as e:  # noqa: BLE001 - a benchmark reports, never crashes
        print(f"XLA f32: not available: {type(e).__name__}: {e}")
    xla = statistics.median(rows[-1][1]) if rows[-1][0].startswith("XLA") else None

    print(f"MLP {sizes}, batch {args.batch}, {args.repeats} calls each")
    print(f"{'engine':38} {'median ms':>10} {'min ms':>8} {'vs XLA':>7} {'logit error':>12}  note")
    for name, times, error, note in rows:
        median = statistics.median(times)
        ratio = f"{median / xla:.2f}x" if xla else "-"
        print(f"{name:38} {median * 1e3:10.2f} {min(times) * 1e3:8.2f} {ratio:>7} {error:12.2%}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
