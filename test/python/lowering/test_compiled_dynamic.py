"""The compiled backend on entries with dynamic argument sizes: each shape signature is refined
to a static program (as the interpreter's compile does) and that program compiled. Results are
the interpreter's, on jax.export's shape-polymorphic programs; under "compiled" a signature that
does not refine or lower is a LoweringError, under "auto" it is interpreted and says why."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from conftest import assert_same
from jax import export

import stablehlo_py
from stablehlo_py.interpreter import Executable
from stablehlo_py.lowering import CompiledProgram, LoweringError


def _polymorphic(f, spec: str) -> str:
    exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct(export.symbolic_shape(spec), jnp.float32))
    return exp.mlir_module()


def _f(x):
    y = jnp.concatenate([x, x * 2], axis=0)
    z = jnp.arange(x.shape[0]).astype(x.dtype)[:, None]
    return jnp.max(y[: x.shape[0] // 2], axis=1), (x + z).reshape(-1)


@pytest.mark.parametrize("backend", ["compiled", "auto"])
def test_each_shape_signature_is_compiled_and_agrees_with_the_interpreter(backend):
    text = _polymorphic(_f, "b, 4")
    run = stablehlo_py.compile(text, backend=backend)
    assert run.explanation[0].startswith("@main: compiled for each shape signature")
    rng = np.random.default_rng(3)
    for b in (6, 7, 1, 6):
        x = rng.standard_normal((b, 4)).astype(np.float32)
        plan = run.plan_for(x)
        assert isinstance(plan, CompiledProgram) and [s.text for s in plan.arg_specs] == [f"tensor<{b}x4xf32>"]
        assert_same(run(x), stablehlo_py.interpret(text, x))
    assert run.plan_for(np.zeros((6, 4), np.float32)) is run.plan_for(np.ones((6, 4), np.float32))


_UNLOWERED = """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  %2 = stablehlo.create_token : !stablehlo.token
  return %0 : tensor<?xf32>
}"""


def test_auto_interprets_a_signature_whose_program_does_not_lower():
    run = stablehlo_py.compile(_UNLOWERED, backend="auto")
    x = np.arange(6, dtype=np.float32)
    assert_same(run(x), stablehlo_py.interpret(_UNLOWERED, x))
    assert isinstance(run.plan_for(x), Executable)
    (reason,) = run.lowering_failures.values()
    assert reason.startswith("'stablehlo.create_token' at ") and reason.endswith(" does not lower")


def test_compiled_raises_for_a_signature_whose_program_does_not_lower():
    run = stablehlo_py.compile(_UNLOWERED, backend="compiled")
    with pytest.raises(LoweringError, match="failed to legalize operation 'stablehlo.create_token'"):
        run(np.arange(6, dtype=np.float32))


def test_compiled_raises_for_arguments_that_do_not_refine():
    text = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}"""
    run = stablehlo_py.compile(text, backend="compiled")
    x = np.arange(3, dtype=np.float32)
    assert_same(run(x, x), [x + x])
    with pytest.raises(LoweringError, match=r"@main cannot be compiled for arguments .*refinement failed"):
        run(x, np.arange(4, dtype=np.float32))


def test_a_dynamic_entry_taking_a_token_is_refused_when_compiled():
    # What refinement cannot mend (a token) is reported first (found by the fuzzer: the
    # specialising callable interpreted the call instead).
    text = """func.func @main(%x: tensor<?xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.outfeed"(%x, %t) {outfeed_config = ""} : (tensor<?xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}"""
    with pytest.raises(LoweringError, match="argument 1: !stablehlo.token is not a tensor"):
        stablehlo_py.compile(text, backend="compiled")
