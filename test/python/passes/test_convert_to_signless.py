"""stablehlo-convert-to-signless (lib/Transforms/ConvertToSignless.cpp): unsigned integer types become
signless ones of the same width everywhere in a module.

Judged three ways: upstream's pass (jaxlib) prints the same module on the same input; on ops whose
meaning does not depend on signedness, the interpreter gives the same bits before and after; and the
pass is in MLIR's registry, anchored on modules as upstream's is."""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir
from mlir.passmanager import PassManager

import stablehlo_py

PIPELINE = "builtin.module(stablehlo-convert-to-signless)"

# Ops that compute the same bits on unsigned and signless operands of a width (wrapping add and
# multiply, bitwise ops, left shifts, data movement, constants).
BITWISE_PROGRAMS = {
    "arithmetic": ("""
func.func @main(%a: tensor<5xui8>, %b: tensor<5xui8>) -> (tensor<5xui8>, tensor<5xui8>, tensor<5xui8>) {
  %c = stablehlo.constant dense<[0, 1, 127, 128, 255]> : tensor<5xui8>
  %0 = stablehlo.add %a, %c : tensor<5xui8>
  %1 = stablehlo.multiply %0, %b : tensor<5xui8>
  %2 = stablehlo.xor %1, %a : tensor<5xui8>
  %3 = stablehlo.shift_left %2, %b : tensor<5xui8>
  %4 = stablehlo.subtract %3, %c : tensor<5xui8>
  return %2, %3, %4 : tensor<5xui8>, tensor<5xui8>, tensor<5xui8>
}""", [np.uint8, np.uint8]),
    "reduce_and_reshape": ("""
func.func @main(%a: tensor<2x3xui32>) -> (tensor<3xui32>, tensor<6xui32>) {
  %zero = stablehlo.constant dense<4294967295> : tensor<ui32>
  %0 = stablehlo.reduce(%a init: %zero) across dimensions = [0] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<3xui32>
   reducer(%x: tensor<ui32>, %y: tensor<ui32>) {
    %s = stablehlo.add %x, %y : tensor<ui32>
    %t = stablehlo.or %s, %y : tensor<ui32>
    stablehlo.return %t : tensor<ui32>
  }
  %1 = stablehlo.reshape %a : (tensor<2x3xui32>) -> tensor<6xui32>
  %2 = stablehlo.reverse %1, dims = [0] : tensor<6xui32>
  return %0, %2 : tensor<3xui32>, tensor<6xui32>
}""", [np.uint32]),
    "while_loop": ("""
func.func @main(%a: tensor<ui64>) -> tensor<ui64> {
  %n = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %n, %v = %a) : tensor<i32>, tensor<ui64>
    cond {
      %k = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      %big = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
      %w = stablehlo.multiply %v, %big : tensor<ui64>
      stablehlo.return %j, %w : tensor<i32>, tensor<ui64>
    }
  return %0#1 : tensor<ui64>
}""", [np.uint64]),
}


def run_ours(text: str) -> str:
    module = stablehlo_py.parse_module(text)
    PassManager.parse(PIPELINE, context=module.context).run(module.operation)
    assert module.operation.verify()
    return str(module)


def random_args(dtypes, program: str, rng) -> list:
    shapes = {"arithmetic": [(5,), (5,)], "reduce_and_reshape": [(2, 3)], "while_loop": [()]}[program]
    return [rng.integers(np.iinfo(d).min, np.iinfo(d).max, size=s, dtype=d, endpoint=True)
            for d, s in zip(dtypes, shapes)]


@pytest.mark.parametrize("program", sorted(BITWISE_PROGRAMS))
def test_same_bits_before_and_after(program):
    text, dtypes = BITWISE_PROGRAMS[program]
    converted = run_ours(text)
    assert "ui" not in converted.replace("func", "")
    rng = np.random.default_rng(len(program))
    for _ in range(5):
        args = random_args(dtypes, program, rng)
        before = stablehlo_py.interpret(text, *args)
        signed = [a.view(f"i{a.itemsize}") for a in args]
        after = stablehlo_py.interpret(converted, *signed)
        before = before if isinstance(before, (list, tuple)) else [before]
        after = after if isinstance(after, (list, tuple)) else [after]
        for b, a in zip(before, after, strict=True):
            assert a.dtype == np.dtype(f"i{b.dtype.itemsize}")
            np.testing.assert_array_equal(a.view(b.dtype), b)


# jaxlib's pass (StableHLO 1.17) converts stablehlo.constant only in later releases (upstream's
# current test converts it, as ours does), so these programs hold no unsigned constant.
UPSTREAM_PROGRAMS = {
    "elementwise": """
func.func @main(%a: tensor<5xui8>, %b: tensor<5xui8>) -> (tensor<5xui8>, tensor<5xi1>) {
  %0 = stablehlo.add %a, %b : tensor<5xui8>
  %1 = stablehlo.xor %0, %a : tensor<5xui8>
  %2 = stablehlo.compare LT, %1, %b : (tensor<5xui8>, tensor<5xui8>) -> tensor<5xi1>
  return %1, %2 : tensor<5xui8>, tensor<5xi1>
}""",
    "region": """
func.func @main(%a: tensor<2x3xui32>, %init: tensor<ui32>) -> tensor<3xui32> {
  %0 = stablehlo.reduce(%a init: %init) across dimensions = [0] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<3xui32>
   reducer(%x: tensor<ui32>, %y: tensor<ui32>) {
    %s = stablehlo.add %x, %y : tensor<ui32>
    %t = stablehlo.or %s, %y : tensor<ui32>
    stablehlo.return %t : tensor<ui32>
  }
  return %0 : tensor<3xui32>
}""",
    "mixed_types": """
func.func @main(%a: tensor<?xui16, #stablehlo.bounds<4>>, %b: tensor<2xui4>) -> (tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>) {
  %0 = stablehlo.convert %a : (tensor<?xui16, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  %1 = stablehlo.convert %b : (tensor<2xui4>) -> tensor<2xi64>
  return %0, %1 : tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>
}""",
}


@pytest.mark.upstream
@pytest.mark.parametrize("program", sorted(UPSTREAM_PROGRAMS))
def test_prints_what_upstreams_pass_prints(program, jaxlib):
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir import passmanager as jpm

    js, _ = jaxlib
    js.register_stablehlo_passes()
    text = UPSTREAM_PROGRAMS[program]
    with jax_mlir.make_ir_context():
        module = jir.Module.parse(text)
        jpm.PassManager.parse(PIPELINE).run(module.operation)
        theirs = str(module)
    assert "ui" not in theirs.replace("func", "")
    # Both print upstream's syntax: reprinting theirs with ours makes the texts comparable.
    assert run_ours(text) == str(stablehlo_py.parse_module(theirs))


def test_in_mlir_registry_on_modules_only():
    context = ir.Context()
    stablehlo_py.register_dialects(context)
    assert "stablehlo-convert-to-signless" in str(PassManager.parse(PIPELINE, context=context))
    with pytest.raises(ValueError, match="restricted to 'builtin.module'"):
        PassManager.parse("builtin.module(func.func(stablehlo-convert-to-signless))", context=context)


def test_unsigned_in_every_position():
    """Signature, block arguments, constants of every unsigned width, tuples and bounded shapes."""
    widths = (2, 4, 8, 16, 32, 64)
    args = ", ".join(f"%a{w}: tensor<2xui{w}>" for w in widths)
    body = "\n".join(f"  %c{w} = stablehlo.constant dense<[0, {2 ** w - 1}]> : tensor<2xui{w}>\n"
                     f"  %s{w} = stablehlo.add %a{w}, %c{w} : tensor<2xui{w}>" for w in widths)
    results = ", ".join(f"%s{w}" for w in widths)
    types = ", ".join(f"tensor<2xui{w}>" for w in widths)
    text = (f"func.func @main({args}, %t: tuple<tensor<ui8>, tensor<f32>>, %d: tensor<?xui8, #stablehlo.bounds<4>>)"
            f" -> ({types}, tuple<tensor<ui8>, tensor<f32>>, tensor<?xui8, #stablehlo.bounds<4>>) {{\n{body}\n"
            f"  return {results}, %t, %d : {types}, tuple<tensor<ui8>, tensor<f32>>, "
            f"tensor<?xui8, #stablehlo.bounds<4>>\n}}")
    converted = run_ours(text)
    assert "xui" not in converted and "<ui" not in converted
    for w in widths:
        assert f"dense<[0, -1]> : tensor<2xi{w}>" in converted
    assert "tuple<tensor<i8>, tensor<f32>>" in converted
    assert "tensor<?xi8, #stablehlo.bounds<4>>" in converted


def test_signless_module_is_unchanged():
    text = "func.func @main(%a: tensor<3xi8>) -> tensor<3xi8> {\n  return %a : tensor<3xi8>\n}"
    assert run_ours(text) == str(stablehlo_py.parse_module(text))
