"""Exports a small MLP from JAX as StableHLO, with seeded inputs and XLA's outputs.

    .venv/bin/python examples/mlp/export.py [--out DIR]

Writes into DIR (default: this directory):
  mlp.mlir                        jax.jit(f).lower(...).as_text()
  x.npy w1.npy b1.npy w2.npy b2.npy   the inputs (float32, numpy seed 0)
  expected_0.npy expected_1.npy   XLA's (CPU) outputs for those inputs

The function is written so that the exported program only uses ops that
stablehlo-py implements (constant, add, compare, select, convert,
broadcast_in_dim, reshape, dot_general, reduce; func.call/return): relu is
`jnp.where(h > 0, h, 0.0)`, not `jnp.maximum`.  The script checks this and
fails if a newer JAX exports anything else.  jax is a test/example-only
dependency; the stablehlo_py package never imports it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

import numpy as np

SHAPES = {"x": (8, 16), "w1": (16, 32), "b1": (32,), "w2": (32, 10), "b2": (10,)}
SEED = 0

# What the exported text may contain (operation names as MLIR reports them).
ALLOWED_OPS = {
    "builtin.module", "func.func", "func.call", "func.return",
    "stablehlo.constant", "stablehlo.add", "stablehlo.compare", "stablehlo.select",
    "stablehlo.convert", "stablehlo.broadcast_in_dim", "stablehlo.reshape",
    "stablehlo.dot_general", "stablehlo.reduce", "stablehlo.return",
}


def f(x, w1, b1, w2, b2):
    import jax.numpy as jnp

    h = jnp.dot(x, w1) + b1
    h = jnp.where(h > 0, h, 0.0)  # relu without stablehlo.maximum
    y = jnp.dot(h, w2) + b2
    return y, jnp.sum(h, axis=1)  # the sum exports as stablehlo.reduce ... applies stablehlo.add


def make_inputs(shapes=SHAPES, seed=SEED) -> dict:
    """Seeded float32 inputs; weights scaled by 1/sqrt(fan_in) so relu cuts about half."""
    rng = np.random.default_rng(seed)
    inputs = {}
    for name, shape in shapes.items():
        scale = 1.0 / np.sqrt(shape[0]) if name.startswith("w") else 1.0
        inputs[name] = (rng.standard_normal(shape) * scale).astype(np.float32)
    return inputs


def ops_in(text: str) -> set:
    """Names of all operations in `text`, parsed by the upstream MLIR in jaxlib."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir

    names = set()
    with jax_mlir.make_ir_context():
        module = ir.Module.parse(text)

        def visit(op):
            names.add(op.name)
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.operations:
                        visit(inner.operation)

        visit(module.operation)
    return names


def check_ops(text: str) -> None:
    extra = ops_in(text) - ALLOWED_OPS
    if extra:
        raise SystemExit(f"the exported MLP uses ops outside the implemented set: {sorted(extra)}")
    for line in text.splitlines():
        if "stablehlo.reduce" in line and "applies stablehlo.add" not in line:
            raise SystemExit(f"expected the reduce to print as 'applies stablehlo.add': {line.strip()}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    args = parser.parse_args(argv)

    import jax

    jax.config.update("jax_platforms", "cpu")
    inputs = make_inputs()
    values = list(inputs.values())
    text = jax.jit(f).lower(*values).as_text()
    check_ops(text)
    outputs = [np.asarray(o) for o in jax.jit(f)(*values)]

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "mlp.mlir"), "w", encoding="utf-8") as fh:
        fh.write(text if text.endswith("\n") else text + "\n")
    for name, value in inputs.items():
        np.save(os.path.join(args.out, f"{name}.npy"), value)
    for i, value in enumerate(outputs):
        np.save(os.path.join(args.out, f"expected_{i}.npy"), value)

    used = sorted(set(re.findall(r"\bstablehlo\.\w+", text)))
    print(f"wrote {args.out}/mlp.mlir ({len(text.splitlines())} lines; ops: {', '.join(used)}), "
          f"{len(inputs)} inputs, {len(outputs)} expected outputs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
