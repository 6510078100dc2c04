"""A catalogue of everyday jax.numpy/lax functions exported with symbolic
shapes ("b", "c"), run through stablehlo_py.compile (each argument shape
refined to a static program) and compared with XLA (`Exported.call`) for
several sizes; no shape may fall back to the dynamic plan."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import export, lax

import stablehlo_py

pytestmark = pytest.mark.xla

CATALOGUE = {
 "softmax": (lambda x: jax.nn.softmax(x, axis=-1), "b, 8"),
 "logsumexp": (lambda x: jax.scipy.special.logsumexp(x, axis=0), "b, 3"),
 "layernorm": (lambda x: (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5), "b, 16"),
 "cumsum": (lambda x: jnp.cumsum(x, axis=0), "b, 2"),
 "cumprod": (lambda x: jnp.cumprod(x, axis=1), "2, b"),
 "sort": (lambda x: jnp.sort(x, axis=0), "b, 3"),
 "argsort": (lambda x: jnp.argsort(x), "b"),
 "topk": (lambda x: lax.top_k(x, 2)[0], "b, 5"),
 "where": (lambda x: jnp.where(x > 0, x, 0.1 * x), "b, c"),
 "tile": (lambda x: jnp.tile(x, (2, 1)), "b, 3"),
 "repeat": (lambda x: jnp.repeat(x, 2, axis=0), "b, 3"),
 "flip": (lambda x: jnp.flip(x, 0), "b, 4"),
 "roll": (lambda x: jnp.roll(x, 1, axis=0), "b, 4"),
 "diff": (lambda x: jnp.diff(x, axis=0), "b, 4"),
 "outer": (lambda x: jnp.outer(x, x), "b"),
 "triu": (lambda x: jnp.triu(x), "b, b"),
 "eye_mul": (lambda x: x @ jnp.eye(x.shape[1], dtype=x.dtype), "b, c"),
 "mean_pool": (lambda x: lax.reduce_window(x, 0., lax.add, (2, 1), (2, 1), "VALID"), "b, 4"),
 "maxpool_same": (lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (3,), (1,), "SAME"), "b"),
 "take": (lambda x: jnp.take(x, jnp.array([0, 0, 1]), axis=0), "b, 3"),
 "dynamic_update": (lambda x: x.at[0].set(7.0), "b, 3"),
 "scatter_add": (lambda x: jnp.zeros_like(x).at[jnp.arange(x.shape[0]) % 2].add(x), "b, 3"),
 "expand_squeeze": (lambda x: jnp.squeeze(x[:, None, :], 1) * 2, "b, 3"),
 "stack": (lambda x: jnp.stack([x, x + 1], axis=1), "b, 2"),
 "mean_int": (lambda x: jnp.mean(x.astype(jnp.float32)), "b, 3"),
 "clip_norm": (lambda x: x / jnp.maximum(jnp.linalg.norm(x, axis=-1, keepdims=True), 1.0), "b, 4"),
 "while_b": (lambda x: lax.while_loop(lambda c: c[0] < x.shape[0], lambda c: (c[0] + 1, c[1] * 1.5), (0, x))[1], "b"),
 "vmap_dot": (lambda x: jax.vmap(jnp.dot)(x, x), "b, 4"),
 "one_hot": (lambda x: jax.nn.one_hot(x % 4, 4), "b"),
}


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_symbolic_export_agrees_with_xla(name):
    f, spec = CATALOGUE[name]
    dtype = np.int32 if name == "one_hot" else np.float32
    exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct(export.symbolic_shape(spec), dtype))
    exe = stablehlo_py.compile(exp.mlir_module())
    for b in (1, 3, 6):
        shape = tuple({"b": b, "c": 3}.get(s.strip()) or int(s) for s in spec.split(","))
        x = (np.random.default_rng(b).standard_normal(shape) * 3).astype(dtype)
        got = exe(x)
        want = [np.asarray(v) for v in jax.tree_util.tree_leaves(exp.call(x))]
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.shape == w.shape and g.dtype == w.dtype
            np.testing.assert_allclose(g, w, rtol=2e-6, atol=1e-6)
    assert not exe.specialization_failures, exe.specialization_failures
