"""Writes the jax.export fixtures of this folder: small functions exported with
`jax.export.export(jax.jit(f))(*specs)` for the CPU alone, static shapes, each as
`<name>.jaxexport` (the bytes of `Exported.serialize()`) and `<name>.npz`: `input_<i>` is
every flat input of the function, in order, *including* the ones its module does not take
(the blob's module_kept_var_idx says which it keeps), and `output_<i>` is every flat output,
computed by jax running the exported function (`Exported.call`).

Not run by the test suite. jax's serializer needs the `flatbuffers` package:

    .venv/bin/python test/producers/jax_export/make_fixtures.py

test/python/api/test_jax_export_reader.py reads them with stablehlo_py._jax_export.
"""

from __future__ import annotations

import os

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

jax.config.update("jax_platforms", "cpu")

HERE = os.path.dirname(os.path.abspath(__file__))


def mlp_layer(x, w, b):
    return jnp.tanh(x @ w + b)


def count_and_mask(x, threshold):
    """An int32 and a bool output."""
    mask = x > threshold
    return jnp.sum(mask, dtype=jnp.int32), mask


def unused_argument(x, unused, y):
    """`unused` is dropped from the module's @main: module_kept_var_idx == (0, 2)."""
    return x * y + 1.0


def _fixtures():
    rng = np.random.default_rng(0)
    f32 = np.float32
    yield "mlp_layer", mlp_layer, [
        rng.standard_normal((4, 8)).astype(f32),
        rng.standard_normal((8, 3)).astype(f32),
        rng.standard_normal((3,)).astype(f32),
    ]
    yield "count_and_mask", count_and_mask, [
        rng.standard_normal((2, 5)).astype(f32),
        np.asarray(0.25, f32),
    ]
    yield "unused_argument", unused_argument, [
        rng.standard_normal((3,)).astype(f32),
        np.arange(6, dtype=np.int32).reshape(2, 3),
        rng.standard_normal((3,)).astype(f32),
    ]


def main():
    for name, fun, inputs in _fixtures():
        specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in inputs]
        exported = export.export(jax.jit(fun), platforms=("cpu",))(*specs)
        blob = bytes(exported.serialize())
        outputs = jax.tree_util.tree_leaves(exported.call(*inputs))
        arrays = {f"input_{i}": a for i, a in enumerate(inputs)}
        arrays.update({f"output_{i}": np.asarray(o) for i, o in enumerate(outputs)})
        with open(os.path.join(HERE, f"{name}.jaxexport"), "wb") as f:
            f.write(blob)
        np.savez(os.path.join(HERE, f"{name}.npz"), **arrays)
        print(f"{name}: {len(blob)} bytes, kept {exported.module_kept_var_idx}, "
              f"outputs {[(o.shape, str(o.dtype)) for o in outputs]}")


if __name__ == "__main__":
    main()
