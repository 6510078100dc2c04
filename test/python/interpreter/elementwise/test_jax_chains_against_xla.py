"""Element-wise chains as JAX exports them (layer norm, a bias add and ReLU, softmax, tanh-GELU) on
the interpreter's kernels, one numpy call per op, against XLA: each program prepared once and
called twice (the second call reuses the plan's buffers)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import export, xla

import stablehlo_py


def same_bits(got: np.ndarray, want: np.ndarray, context: str) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape, f"{context}: {got.dtype}{got.shape} vs " \
                                                                f"{want.dtype}{want.shape}"
    unsigned = f"u{got.dtype.itemsize}"
    differ = got.view(unsigned) != want.view(unsigned)
    if differ.any():
        k = int(np.flatnonzero(differ.reshape(-1))[0])
        raise AssertionError(f"{context}: element {k}: got {got.reshape(-1)[k]!r}, expected {want.reshape(-1)[k]!r} "
                             f"({np.count_nonzero(differ)} differ)")


def second_call_and_xla(fn, *args) -> tuple:
    """(the interpreter's result at the second call of `fn`'s export prepared once, XLA's result)."""
    executable = stablehlo_py.compile(export(fn, *args), backend="interpreter")
    executable(*args)
    (got,) = executable(*args)
    (want,) = xla(fn, *args)
    return np.asarray(got), want


@pytest.mark.xla
def test_layer_norm_against_xla():
    import jax.numpy as jnp

    def layer_norm(x, scale, bias):
        mean = x.mean(-1, keepdims=True)
        centered = x - mean
        var = (centered * centered).mean(-1, keepdims=True)
        return centered * (1 / jnp.sqrt(var + 1e-5)) * scale + bias

    rng = np.random.default_rng(13)
    args = [rng.standard_normal((128, 512)).astype(np.float32), rng.standard_normal(512).astype(np.float32),
            rng.standard_normal(512).astype(np.float32)]
    got, want = second_call_and_xla(layer_norm, *args)
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5)


@pytest.mark.xla
def test_relu_of_a_bias_add_against_xla():
    """jnp.where's inlined helper converts its rank-0 zero and broadcasts it between the ops."""
    import jax.numpy as jnp

    def dense_relu(x, b):
        y = x + b
        return jnp.where(y > 0, y, 0.0)

    rng = np.random.default_rng(19)
    args = [rng.standard_normal((128, 512)).astype(np.float32), rng.standard_normal(512).astype(np.float32)]
    args[0][0, :4] = [np.nan, np.inf, -np.inf, -0.0]
    got, want = second_call_and_xla(dense_relu, *args)
    same_bits(got, want, "relu")


@pytest.mark.xla
def test_softmax_against_xla():
    """Ops reading a broadcast operand (x - max, e / sum)."""
    import jax

    def softmax(x):
        return jax.nn.softmax(x, axis=-1)

    x = np.random.default_rng(29).standard_normal((128, 512)).astype(np.float32) * 4
    x[0, :3] = [np.inf, -np.inf, 0.0]
    got, want = second_call_and_xla(softmax, x)
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-7)


@pytest.mark.xla
def test_gelu_polynomial_against_xla():
    """The transformer's tanh-GELU."""
    import jax.numpy as jnp

    def gelu(x):
        return 0.5 * x * (1 + jnp.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))

    x = np.random.default_rng(17).standard_normal((256, 256)).astype(np.float32) * 3
    got, want = second_call_and_xla(gelu, x)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
