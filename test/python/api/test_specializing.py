"""compile/interpret of entry functions with dynamic argument types: each
shape signature is refined to a static program, prepared once and cached;
what refinement cannot make static runs on the dynamic plan. Results are
compared with XLA (jax's exported function) on several shapes."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import export

import stablehlo_py
from stablehlo_py import _specializing
from stablehlo_py.cli import main
from stablehlo_py.interpreter import Executable, InterpreterError


def _export(f, spec: str, dtype=jnp.float32):
    exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct(export.symbolic_shape(spec), dtype))
    return exp, exp.mlir_module()


def _f(x):
    y = jnp.concatenate([x, x * 2], axis=0)
    z = jnp.arange(x.shape[0]).astype(x.dtype)[:, None]
    return jnp.sum(y[: x.shape[0] // 2], axis=1), (x + z).reshape(-1)


@pytest.mark.xla
def test_each_shape_gets_a_static_plan_that_agrees_with_xla():
    exp, text = _export(_f, "b, 4")
    exe = stablehlo_py.compile(text, backend="interpreter")
    assert isinstance(exe, _specializing.SpecializingExecutable)
    assert [s.text for s in exe.arg_specs] == ["tensor<?x4xf32>"]
    rng = np.random.default_rng(0)
    for b in (6, 7, 1, 6):
        x = rng.standard_normal((b, 4)).astype(np.float32)
        plan = exe.plan_for(x)
        assert isinstance(plan, Executable) and [s.text for s in plan.arg_specs] == [f"tensor<{b}x4xf32>"]
        for ours, xla in zip(exe(x), exp.call(x)):
            np.testing.assert_allclose(ours, np.asarray(xla), rtol=1e-6)
    assert exe.plan_for(np.zeros((6, 4), np.float32)) is exe.plan_for(np.ones((6, 4), np.float32))
    assert not exe.specialization_failures


@pytest.mark.xla
def test_interpret_specialises_too():
    exp, text = _export(lambda x: jnp.cumsum(x * x, axis=0), "b")
    x = np.arange(5, dtype=np.float32)
    np.testing.assert_allclose(stablehlo_py.interpret(text, x)[0], np.asarray(exp.call(x)))


def test_failed_shape_assertion_is_a_clear_error():
    _, text = _export(_f, "b, 4")
    exe = stablehlo_py.compile(text, backend="interpreter")
    with pytest.raises(InterpreterError, match="shape assertion failed: .*Expected value >= 1 for dimension variable 'b'"):
        exe(np.zeros((0, 4), np.float32))
    (reason,) = exe.specialization_failures.values()
    assert "Expected value >= 1" in reason


def test_bad_arguments_are_reported_by_the_dynamic_plan():
    _, text = _export(_f, "b, 4")
    exe = stablehlo_py.compile(text, backend="interpreter")
    with pytest.raises(InterpreterError, match="float64"):
        exe(np.zeros((3, 4), np.float64))
    with pytest.raises(InterpreterError):
        exe(np.zeros((3, 5), np.float32))
    with pytest.raises(InterpreterError, match="takes 1 argument"):
        exe()


def test_unrefinable_entries_run_on_the_dynamic_plan():
    text = """
    func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
      %0 = stablehlo.add %x, %x : tensor<?xf32>
      return %0 : tensor<?xf32>
    }
    func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
      %0 = stablehlo.custom_call @my_target(%x) : (tensor<?xf32>) -> tensor<?xf32>
      return %0 : tensor<?xf32>
    }"""
    exe = stablehlo_py.compile(text, entry="f", backend="interpreter")
    x = np.arange(3, dtype=np.float32)
    np.testing.assert_array_equal(exe(x)[0], 2 * x)
    assert exe.plan_for(x) is exe._dynamic
    assert "@main only" in next(iter(exe.specialization_failures.values()))


def test_static_entries_are_plain_executables():
    exe = stablehlo_py.compile("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> { return %x : tensor<2xf32> }",
                               backend="interpreter")
    assert isinstance(exe, Executable)


def test_cache_keeps_the_most_recent_signatures(monkeypatch):
    monkeypatch.setattr(_specializing, "CACHE_SIZE", 2)
    _, text = _export(lambda x: x + 1, "b")
    exe = stablehlo_py.compile(text, backend="interpreter")
    first = exe.plan_for(np.zeros(1, np.float32))
    exe.plan_for(np.zeros(2, np.float32))
    assert exe.plan_for(np.zeros(1, np.float32)) is first
    exe.plan_for(np.zeros(3, np.float32))  # evicts size 2, the least recently used
    assert len(exe._plans) == 2 and ((((2,), "float32"),) not in exe._plans)


def test_cli_runs_dynamic_entry_functions(tmp_path, capsys):
    exp, text = _export(_f, "b, 4")
    path = tmp_path / "poly.mlir"
    path.write_text(text)
    x = np.arange(20, dtype=np.float32).reshape(5, 4)
    np.save(tmp_path / "x.npy", x)
    assert main(["run", str(path), "--args", str(tmp_path / "x.npy")]) == 0
    out = capsys.readouterr().out
    assert "shape=(2,)" in out and "shape=(20,)" in out
