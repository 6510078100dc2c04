"""Tokens (after_all, create_token) and composite against XLA on CPU: JAX's
lax.composite exports, text programs XLA runs, tokens passed in and out."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_close, assert_same, run_both, xla_run_text
from jax import lax

import jax.numpy as jnp
from stablehlo_py.interpreter import TOKEN, InterpreterError, interpret


@pytest.mark.xla
def test_jax_composites():
    tanh2 = lax.composite(lambda x: jnp.tanh(x) * 2, name="my.tanh2")
    scaled = lax.composite(lambda x, y, *, scale: x * scale + y, name="my.scaled", version=2)
    pair = lax.composite(lambda a, b: (a - b, a * b), name="my.pair")

    def f(x, y):
        return tanh2(x), scaled(x, y, scale=3.0), pair(x, y)

    x = (np.arange(-6, 6, dtype=np.float32) / 4).reshape(3, 4)  # exact products (XLA may fuse into fma)
    y = np.arange(12, dtype=np.float32).reshape(3, 4)
    got, want = run_both(f, x, y)
    assert_same(got[1:], want[1:])
    assert_close(got[:1], want[:1], rtol=1e-6)  # tanh's last bit is XLA's approximation


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.complex64])
def test_composite_runs_its_decomposition_like_xla(dtype):
    scale_add = lax.composite(lambda x, y: x * 2 + y, name="my.scale_add")
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((3, 4)) * 5).astype(dtype)
    y = (rng.standard_normal((3, 4)) * 5).astype(dtype)
    got, want = run_both(scale_add, x, y)
    assert_same(got, want, context="composite")


@pytest.mark.xla
def test_nested_composite_text():
    text = """
    func.func @main(%x: tensor<5xi32>) -> tensor<5xi32> {
      %0 = stablehlo.composite "my.outer" %x {decomposition = @outer, composite_attributes = {n = 2 : i64}} : (tensor<5xi32>) -> tensor<5xi32>
      return %0 : tensor<5xi32>
    }
    func.func private @outer(%x: tensor<5xi32>) -> tensor<5xi32> {
      %0 = stablehlo.composite "my.inner" %x {decomposition = @inner} : (tensor<5xi32>) -> tensor<5xi32>
      %1 = stablehlo.add %0, %x : tensor<5xi32>
      return %1 : tensor<5xi32>
    }
    func.func private @inner(%x: tensor<5xi32>) -> tensor<5xi32> {
      %0 = stablehlo.multiply %x, %x : tensor<5xi32>
      return %0 : tensor<5xi32>
    }"""
    x = np.array([-3, -1, 0, 2, 46341], np.int32)  # the last square wraps
    assert_same(interpret(text, x), xla_run_text(text, x))


@pytest.mark.xla
def test_tokens_order_nothing_and_pass_through():
    """Tokens inside a program XLA runs; the values around them are unaffected."""
    text = """
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %t0 = stablehlo.create_token : !stablehlo.token
      %t1 = stablehlo.after_all %t0 : !stablehlo.token
      %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
      %0 = stablehlo.composite "my.id" %x, %t2 {decomposition = @id} : (tensor<3xf32>, !stablehlo.token) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }
    func.func private @id(%x: tensor<3xf32>, %t: !stablehlo.token) -> tensor<3xf32> {
      %t1 = stablehlo.after_all %t : !stablehlo.token
      %0 = stablehlo.negate %x : tensor<3xf32>
      return %0 : tensor<3xf32>
    }"""
    x = np.array([1.5, -0.0, np.inf], np.float32)
    assert_same(interpret(text, x), xla_run_text(text, x))


def test_token_arguments_and_results():
    text = """
    func.func @main(%t: !stablehlo.token, %x: tensor<2xi8>) -> (!stablehlo.token, tensor<2xi8>) {
      %0 = stablehlo.after_all %t : !stablehlo.token
      %1 = stablehlo.after_all : !stablehlo.token
      %2 = stablehlo.after_all %0, %1 : !stablehlo.token
      return %2, %x : !stablehlo.token, tensor<2xi8>
    }"""
    token, x = interpret(text, TOKEN, np.array([1, 2], np.int8))
    assert token is TOKEN
    np.testing.assert_array_equal(x, [1, 2])
    with pytest.raises(InterpreterError, match="argument 0: expected !stablehlo.token"):
        interpret(text, np.zeros(()), np.array([1, 2], np.int8))


def test_cli_runs_a_function_with_token_parameters(tmp_path, capsys):
    """Token parameters take TOKEN and no .npy file (JAX exports with ordered effects
    start with one)."""
    from stablehlo_py import cli

    path = tmp_path / "tokens.mlir"
    path.write_text("""
    func.func @main(%t: !stablehlo.token, %x: tensor<2xi32>) -> (!stablehlo.token, tensor<2xi32>) {
      %0 = stablehlo.after_all %t : !stablehlo.token
      %1 = stablehlo.negate %x : tensor<2xi32>
      return %0, %1 : !stablehlo.token, tensor<2xi32>
    }""")
    arg = tmp_path / "x.npy"
    np.save(arg, np.array([3, -4], np.int32))
    assert cli.main(["run", str(path), "--args", str(arg)]) == 0
    out = capsys.readouterr().out
    assert "@main result 0: !stablehlo.token" in out
    assert "array([-3,  4], dtype=int32)" in out
