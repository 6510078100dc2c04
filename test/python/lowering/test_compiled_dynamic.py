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


# A size read from the data (refinement cannot make it static) does not lower; the outfeed keeps it.
_UNLOWERED = """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  %1 = stablehlo.slice %x [0:1] : (tensor<?xf32>) -> tensor<1xf32>
  %2 = stablehlo.convert %1 : (tensor<1xf32>) -> tensor<1xi64>
  %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %t = stablehlo.create_token : !stablehlo.token
  %4 = "stablehlo.outfeed"(%3, %t) : (tensor<?xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : tensor<?xf32>
}"""


def test_auto_interprets_a_signature_whose_program_does_not_lower():
    run = stablehlo_py.compile(_UNLOWERED, backend="auto")
    x = np.arange(6, dtype=np.float32)
    assert_same(run(x), stablehlo_py.interpret(_UNLOWERED, x))
    assert isinstance(run.plan_for(x), Executable)
    (reason,) = run.lowering_failures.values()
    assert reason.startswith("'stablehlo.dynamic_iota' at ") and reason.endswith(" does not lower")


def test_compiled_raises_for_a_signature_whose_program_does_not_lower():
    run = stablehlo_py.compile(_UNLOWERED, backend="compiled")
    with pytest.raises(LoweringError, match="failed to legalize operation 'stablehlo.dynamic_iota'"):
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


def test_a_dynamic_entry_taking_a_tuple_is_refused_when_compiled():
    # compile() refines entries on arrays only: one taking a tuple (which static entries now take)
    # is refused at once, and "auto" interprets it.
    text = """func.func @main(%x: tensor<?xf32>, %t: tuple<tensor<2xf32>>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}"""
    with pytest.raises(LoweringError, match=r"argument 0: tensor<\?xf32> has dynamic dimensions, and an entry taking a "
                                            r"token or a tuple is not refined per shape"):
        stablehlo_py.compile(text, backend="compiled")
    run = stablehlo_py.compile(text, backend="auto")
    assert run.explanation[0].startswith("@main: interpreter (@main argument 0: tensor<?xf32> has dynamic")
    x = np.arange(3, dtype=np.float32)
    assert np.array_equal(run(x, (np.zeros(2, np.float32),))[0], x)


def test_a_dynamic_entry_taking_a_token_is_refused_when_compiled():
    # compile() refines entries on arrays only: one taking a token is refused at once, and "auto"
    # interprets it (the fuzzer found the specialising callable interpreting it under "compiled").
    text = """func.func @main(%x: tensor<?xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.outfeed"(%x, %t) {outfeed_config = "x"} : (tensor<?xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}"""
    from stablehlo_py.interpreter import TOKEN

    with pytest.raises(LoweringError, match=r"argument 0: tensor<\?xf32> has dynamic dimensions, and an entry taking a "
                                            r"token or a tuple is not refined per shape"):
        stablehlo_py.compile(text, backend="compiled")
    run = stablehlo_py.compile(text, backend="auto")
    assert run.explanation[0].startswith("@main: interpreter (@main argument 0: tensor<?xf32> has dynamic")
    x = np.arange(3, dtype=np.float32)
    got = run(x, TOKEN)
    assert got == [TOKEN] and [(o.config, o.arrays[0].tolist()) for o in got.outfeed] == [("x", x.tolist())]


# A static @main whose program holds dynamic shapes refinement can make static (sizes from
# constants, from an argument's static shape) lowers once refined; the answer is numpy's.
_STATIC_OUTSIDE = """func.func @main(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %size = stablehlo.constant dense<[6]> : tensor<1xi64>
  %iota = stablehlo.dynamic_iota %size, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %n = stablehlo.multiply %d0, %d1 : tensor<i32>
  %shape = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %flat = stablehlo.dynamic_reshape %x, %shape : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  %sum = stablehlo.add %flat, %iota : tensor<?xf32>
  %r = stablehlo.convert %sum : (tensor<?xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}"""


def test_a_static_entry_with_dynamic_shapes_inside_is_refined_and_compiled():
    x = np.random.default_rng(5).standard_normal((2, 3)).astype(np.float32)
    for backend in ("compiled", "auto"):
        run = stablehlo_py.compile(_STATIC_OUTSIDE, backend=backend)
        assert isinstance(run, CompiledProgram) and run.refined_first
        assert run.explanation == ["@main: compiled (its dynamic shapes refined first)"]
        assert_same(run(x), [x.reshape(-1) + np.arange(6, dtype=np.float32)])
