"""Benchmark (not a test): loops, every engine of harness.py, side by side.

    .venv/bin/python bench/bench_loops.py [--case rnn|decode|float|int|all] [--iterations 10000] [--no-reference] ...

rnn:    a 64-step RNN as lax.scan (h = tanh(x_t @ W + h @ U + b), hidden 256, batch 16, input
        width 256): a loop carrying tensors (dense).
decode: greedy decoding with a 2-layer decoder-only transformer (width 128, 4 heads, vocab 512,
        pre-norm layer norm, causal attention over a 32-slot KV cache, tanh-GELU MLP 4x wide):
        one lax.fori_loop of 31 steps, each embedding one token, appending its keys and values
        to the cache (dynamic_update_slice), attending over the slots filled so far (a mask on
        the fixed-size cache), and choosing the next token by argmax of the logits; the first 8
        tokens are the prompt (forced), the other 24 generated. Batch 1, float32, int32 tokens,
        compared exactly. Seed 0 has no near-ties: a float64 numpy replay (full causal attention,
        no cache) chooses the same 24 tokens, the smallest gap between the two largest logits of
        a generated token being 0.0045 with logits up to 3.9 in magnitude, far above float32's
        rounding (a loop carrying tensors, dense).
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


def decode_workload(layers: int = 2, width: int = 128, heads: int = 4, vocab: int = 512, length: int = 32,
                    prompt: int = 8) -> harness.Workload:
    import jax
    import jax.numpy as jnp
    from jax import lax

    head = width // heads

    def layer_norm(x, scale, bias):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        centered = x - mean
        var = jnp.mean(centered * centered, axis=-1, keepdims=True)  # jnp.square exports chlo.square
        return centered * lax.rsqrt(var + np.float32(1e-5)) * scale + bias

    def decode(tokens, embed, position, ln1, wqkv, wo, ln2, w1, b1, w2, b2, ln_final, unembed):
        batch = tokens.shape[0]
        cache = jnp.zeros((layers, batch, heads, length, head), jnp.float32)  # keys, values: one slot per token
        slots = jnp.arange(length)

        def step(i, state):
            tokens, keys, values = state
            x = embed[tokens[:, i]] + position[i]
            for l in range(layers):
                h = layer_norm(x, ln1[l, 0], ln1[l, 1])
                q, k, v = (t.reshape(batch, heads, head) for t in jnp.split(h @ wqkv[l], 3, axis=-1))
                keys = lax.dynamic_update_slice(keys, k[None, :, :, None, :], (l, 0, 0, i, 0))
                values = lax.dynamic_update_slice(values, v[None, :, :, None, :], (l, 0, 0, i, 0))
                scores = jnp.einsum("bhd,bhtd->bht", q, keys[l]) / np.float32(np.sqrt(head))
                attention = jax.nn.softmax(jnp.where(slots <= i, scores, np.float32(-1e9)), axis=-1)
                x = x + jnp.einsum("bht,bhtd->bhd", attention, values[l]).reshape(batch, width) @ wo[l]
                h = layer_norm(x, ln2[l, 0], ln2[l, 1])
                x = x + jax.nn.gelu(h @ w1[l] + b1[l], approximate=True) @ w2[l] + b2[l]
            chosen = jnp.argmax(layer_norm(x, ln_final[0], ln_final[1]) @ unembed, axis=-1).astype(jnp.int32)
            following = jnp.where(i + 1 < prompt, tokens[:, i + 1], chosen)  # the prompt is forced
            return lax.dynamic_update_slice(tokens, following[:, None], (0, i + 1)), keys, values

        return lax.fori_loop(0, length - 1, step, (tokens, cache, cache))[0]

    rng = np.random.default_rng(SEED)

    def weights(*shape):  # scaled by fan-in
        return (rng.standard_normal(shape) / np.sqrt(shape[-2])).astype(np.float32)

    tokens = np.zeros((1, length), np.int32)
    tokens[:, :prompt] = rng.integers(0, vocab, (1, prompt))
    norms = np.stack([np.ones((layers, width)), np.zeros((layers, width))], axis=1).astype(np.float32)
    inputs = [tokens, rng.standard_normal((vocab, width)).astype(np.float32),
              (0.1 * rng.standard_normal((length, width))).astype(np.float32),
              norms, weights(layers, width, 3 * width), weights(layers, width, width), norms.copy(),
              weights(layers, width, 4 * width), np.zeros((layers, 4 * width), np.float32),
              weights(layers, 4 * width, width), np.zeros((layers, width), np.float32),
              np.stack([np.ones(width), np.zeros(width)]).astype(np.float32), weights(width, vocab)]
    return harness.Workload(f"greedy decoding ({layers}-layer transformer, {length - prompt} tokens)", harness.DENSE,
                            decode, inputs, rtol=0.0, atol=0.0,
                            description=f"lax.fori_loop of {length - 1} steps: {layers} pre-norm layers, width "
                                        f"{width}, {heads} heads, vocab {vocab}, a {length}-slot KV cache, "
                                        f"argmax of the logits; {prompt} prompt tokens, batch 1, float32")


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


def workloads(cases=("rnn", "decode", "float", "int"), iterations: int = 10000) -> list:
    makers = {"rnn": rnn_workload, "decode": decode_workload, "float": lambda: float_loop_workload(iterations),
              "int": lambda: int_loop_workload(iterations)}
    return [makers[c]() for c in cases]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=["rnn", "decode", "float", "int", "all"], default="all")
    parser.add_argument("--iterations", type=int, default=10000, help="steps of the scalar while loops")
    harness.add_arguments(parser)
    args = parser.parse_args(argv)
    cases = ("rnn", "decode", "float", "int") if args.case == "all" else (args.case,)
    return harness.main_for("loops", workloads(cases, args.iterations), args)


if __name__ == "__main__":
    sys.exit(main())
