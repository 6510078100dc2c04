"""Benchmark (not a test): loops, three engines, side by side.

    .venv/bin/python bench/bench_loops.py [--case rnn|while|both] [--repeats 20]
                                          [--ref-repeats 1] [--ref-timeout 600] [--no-reference]

rnn:   a 64-step RNN as lax.scan (h = tanh(x_t @ W + h @ U + b), hidden 256, batch 16,
       input width 256), the issue's "within 5x of XLA" case.
while: a 2000-iteration scalar lax.while_loop (an int32 counter and two float32 carries), the issue's "within 100x of XLA and at least 10x
       faster than the reference interpreter" case.
Each is exported by jax inside this script and timed on the same seeded inputs by
stablehlo-py (compile once, then call), XLA on CPU (jax.jit) and the upstream
reference interpreter (jaxlib eval_module, in a subprocess with a timeout). Timing,
the reference worker and the report table are bench_mlp.py's.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_mlp  # noqa: E402  (shared engines, timing and report)

SEED = 0


def rnn_case():
    import jax.numpy as jnp
    from jax import lax

    def rnn(h0, xs, w, u, b):
        def cell(h, x):
            h = jnp.tanh(x @ w + h @ u + b)
            return h, h
        return lax.scan(cell, h0, xs)[1]

    rng = np.random.default_rng(SEED)
    steps, batch, width, hidden = 64, 16, 256, 256
    inputs = [np.zeros((batch, hidden), np.float32), rng.standard_normal((steps, batch, width)).astype(np.float32),
              (rng.standard_normal((width, hidden)) / 16).astype(np.float32),
              (rng.standard_normal((hidden, hidden)) / 16).astype(np.float32), np.zeros(hidden, np.float32)]
    return "64-step RNN scan (batch 16, width 256, hidden 256, float32)", rnn, inputs


def while_case():
    from jax import lax

    def loop(x0):
        def body(state):
            i, x, acc = state
            x = x * np.float32(0.999) + np.float32(1.0)
            return i + 1, x, acc + x * np.float32(0.001)

        def cond(state):
            return state[0] < 2000

        return lax.while_loop(cond, body, (0, x0, np.float32(0)))[1:]

    return "2000-iteration scalar while loop (an int32 counter and two float32 carries)", loop, [np.float32(0.5)]


CASES = {"rnn": rnn_case, "while": while_case}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=["rnn", "while", "both"], default="both")
    bench_mlp.add_engine_arguments(parser, repeats=20, ref_timeout=600.0)
    args = parser.parse_args(argv)
    for name in (["rnn", "while"] if args.case == "both" else [args.case]):
        bench_mlp.run_benchmark(*CASES[name](), args)
    print(bench_mlp.FOOTER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
