"""Benchmark (not a test): loops, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_loops.py [--case rnn|float|int|all] [--iterations 10000] [--no-reference] ...

rnn:    a 64-step RNN as lax.scan (h = tanh(x_t @ W + h @ U + b), hidden 256, batch 16, input
        width 256): a loop carrying tensors (dense).
float:  a scalar lax.while_loop of `--iterations` steps (an int32 counter, two float32 carries).
int:    a scalar int32 lax.while_loop of `--iterations` Collatz steps using `%`, `>>` and
        jnp.where (stablehlo remainder, shift_right_arithmetic, select, compare, multiply, add):
        from 27 up, each start runs to 1, then the next start begins; it returns the last
        value, the start reached and a checksum.
The scalar loops take the interpreter's scalar-loop path (every value rank-0, see
interpreter/scalar.py). Each is exported by jax and timed as bench/harness.py describes.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SEED = 0


def rnn_workload() -> harness.Workload:
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
    return harness.Workload("RNN scan (64 steps)", harness.DENSE, rnn, inputs,
                            description="lax.scan, batch 16, width 256, hidden 256, tanh, float32")


def float_loop_workload(iterations: int) -> harness.Workload:
    from jax import lax

    def loop(x0):
        def body(state):
            i, x, acc = state
            x = x * np.float32(0.999) + np.float32(1.0)
            return i + 1, x, acc + x * np.float32(0.001)

        return lax.while_loop(lambda state: state[0] < iterations, body, (0, x0, np.float32(0)))[1:]

    return harness.Workload(f"float while_loop ({iterations} it.)", harness.LOOP, loop, [np.float32(0.5)],
                            rtol=1e-5, atol=0.0,
                            description="lax.while_loop: int32 counter, two float32 carries (multiply, add)")


def int_loop_workload(iterations: int) -> harness.Workload:
    import jax.numpy as jnp
    from jax import lax

    def collatz(x0):
        def body(state):
            i, x, start, checksum = state
            step = jnp.where(x % 2 == 0, x >> 1, 3 * x + 1)
            done = step == 1
            start = jnp.where(done, start + 1, start)
            x = jnp.where(done, start, step)
            return i + 1, x, start, (checksum * 31 + x) % 1000003

        zero = np.int32(0)
        return lax.while_loop(lambda state: state[0] < iterations, body, (zero, x0, x0, zero))[1:]

    return harness.Workload(f"int32 while_loop ({iterations} it.)", harness.LOOP, collatz, [np.int32(27)],
                            rtol=0.0, atol=0.0,
                            description="lax.while_loop: Collatz steps with %, >>, jnp.where on int32")


def workloads(cases=("rnn", "float", "int"), iterations: int = 10000) -> list:
    makers = {"rnn": rnn_workload, "float": lambda: float_loop_workload(iterations),
              "int": lambda: int_loop_workload(iterations)}
    return [makers[c]() for c in cases]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=["rnn", "float", "int", "all"], default="all")
    parser.add_argument("--iterations", type=int, default=10000, help="steps of the scalar while loops")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    cases = ("rnn", "float", "int") if args.case == "all" else (args.case,)
    return harness.main_for("loops", workloads(cases, args.iterations), args)


if __name__ == "__main__":
    sys.exit(main())
