"""Programs upstream StableHLO's verifier accepts and the spec rejects, found by
test/conformance/parity.py: gather and dynamic_gather with a slice size past the bound of a bounded
dimension (C12, as dynamic_slice's C4 in test_spec_deviations_bounds.py), and all_reduce (C5) /
reduce_scatter (C7) computations upstream checks as reduce's body (an argument 1 of another float
type than E, a float E narrower than the operand's, an integer E from a boolean operand). They load
with a SpecDeviationWarning citing the constraint (upstream's verifier, run here, accepts each) and
fail under strict=True. None has a value of the declared type in XLA: it refuses the gathers and the
other-float argument 1, and runs the rest in the operand's element type, whatever the computation
and the result types say. So every backend refuses them with an error naming the op (the
collectives' when the interpreter prepares the op, as reduce's; the gathers' when the operand turns
out smaller than the slice). docs/decisions.md, "Accepting what upstream accepts"; the verifier side
is test/lit/deviations/accepted_gather_bounds.mlir and accepted_collective_computations.mlir."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import xla_run_text
from testing.deviations import assert_deviation, assert_refused_by_every_backend, assert_upstream_accepts, quietly

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.lowering import LoweringError

_BOUNDED = "tensor<?x4xf32, #stablehlo.bounds<3, ?>>"
_EMPTY = "tensor<?x4xf32, #stablehlo.bounds<0, ?>>"
_DIMS = "offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1"


def _gather(operand: str, dims: str, sizes: str, result: str) -> str:
    return (f"func.func @main(%a: {operand}, %i: tensor<2x1xi64>) -> {result} {{\n"
            f"  %0 = \"stablehlo.gather\"(%a, %i) <{{dimension_numbers = #stablehlo.gather<{dims}>, "
            f"slice_sizes = array<i64: {sizes}>}}> : ({operand}, tensor<2x1xi64>) -> {result}\n"
            f"  return %0 : {result}\n}}")


def _dynamic_gather(result: str) -> str:
    return (f"func.func @main(%a: {_BOUNDED}, %i: tensor<2x1xi64>) -> {result} {{\n"
            "  %s = stablehlo.constant dense<[5, 2]> : tensor<2xi64>\n"
            f"  %0 = \"stablehlo.dynamic_gather\"(%a, %i, %s) <{{dimension_numbers = #stablehlo.gather<{_DIMS}>}}> : "
            f"({_BOUNDED}, tensor<2x1xi64>, tensor<2xi64>) -> {result}\n"
            f"  return %0 : {result}\n}}")


_INDICES = np.array([[0], [1]], np.int64)
_ROWS = np.arange(12, dtype=np.float32).reshape(3, 4)

# (program, op, cited, arguments): refused when they run (the operand is never as large as the slice).
GATHERS = [
    (_gather(_BOUNDED, _DIMS, "5, 2", "tensor<2x5x2xf32>"), "gather", ["C12"], [_ROWS, _INDICES]),
    (_gather(_EMPTY, "offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1",
             "1, 2", "tensor<2x2xf32>"), "gather", ["C12"], [np.zeros((0, 4), np.float32), _INDICES]),
    (_dynamic_gather("tensor<2x5x2xf32>"), "dynamic_gather", ["C12"], [_ROWS, _INDICES]),
    (_dynamic_gather("tensor<2x?x2xf32>"), "dynamic_gather", ["C12"], [_ROWS, _INDICES]),
]


def _collective(op: str, operand: str, arg0: str, arg1: str, result: str) -> str:
    """`op` over one process (replica_groups [[0]]) of a tensor<4xoperand>, computation (arg0, arg1) -> arg0
    (argument 1 converted to arg0), result tensor<4xresult>."""
    extra = ", scatter_dimension = 0 : i64" if op == "reduce_scatter" else ""
    second = "%y" if arg1 == arg0 else "%c"
    convert = "" if arg1 == arg0 else f"    %c = stablehlo.convert %y : (tensor<{arg1}>) -> tensor<{arg0}>\n"
    return (f"func.func @main(%a: tensor<4x{operand}>) -> tensor<4x{result}> {{\n"
            f"  %0 = \"stablehlo.{op}\"(%a) ({{\n"
            f"  ^bb0(%x: tensor<{arg0}>, %y: tensor<{arg1}>):\n{convert}"
            f"    %s = stablehlo.add %x, {second} : tensor<{arg0}>\n"
            f"    stablehlo.return %s : tensor<{arg0}>\n"
            f"  }}) {{replica_groups = dense<[[0]]> : tensor<1x1xi64>{extra}}} : (tensor<4x{operand}>) -> "
            f"tensor<4x{result}>\n"
            f"  return %0 : tensor<4x{result}>\n}}")


_F32 = np.array([1 / 3, 70000 / 3, -2.5, 65504], np.float32)
_BOOL = np.array([True, False, True, True])

# (program, op, cited, arguments, what XLA does: an error it raises, or the dtype it returns)
COLLECTIVES = [
    (_collective(op, *types), op, [cid], [x], xla)
    for op, cid in (("all_reduce", "C5"), ("reduce_scatter", "C7"))
    for types, x, xla in [
        (("f32", "f32", "f16", "f32"), _F32, "Unsupported reduction computation"),
        (("f32", "f64", "f32", "f64"), _F32, "Unsupported reduction computation"),
        (("f32", "f16", "f16", "f16"), _F32, np.float32),  # declared f16
        (("i1", "i32", "i32", "i32"), _BOOL, np.bool_),  # declared i32
    ]
]


def _ids(cases):
    return [f"{c[1]}-{i}" for i, c in enumerate(cases)]


ALL = [c[:4] for c in GATHERS + COLLECTIVES]


@pytest.mark.parametrize("program, op, cited, args", ALL, ids=_ids(ALL))
def test_loads_with_a_warning_and_fails_when_strict(program, op, cited, args):
    assert_deviation(program, op, cited)


@pytest.mark.upstream
def test_upstream_accepts_every_case():
    assert_upstream_accepts(c[0] for c in ALL)


@pytest.mark.parametrize("program, op, cited, args", GATHERS, ids=_ids(GATHERS))
def test_gathers_are_refused_when_they_run(program, op, cited, args):
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}.*slice size \\d+ exceeds operand dimension 0"):
        quietly(stablehlo_py.interpret, program, *args)
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}"):
        quietly(lambda: stablehlo_py.compile(program)(*args))
    # The compiled backend's shape refinement finds the slice past the operand it is given, and says
    # so with the verifier's words (not the shape function's placeholder type).
    with pytest.raises(LoweringError, match=f"stablehlo.{op}' op C12: slice_sizes .* must be in"):
        quietly(lambda: stablehlo_py.compile(program, backend="compiled")(*args))


@pytest.mark.parametrize("program, op, cited, args", [c[:4] for c in COLLECTIVES], ids=_ids(COLLECTIVES))
def test_collectives_are_refused_by_every_backend(program, op, cited, args):
    assert_refused_by_every_backend(program, op, args)
    with pytest.raises(InterpreterError, match=f"stablehlo.{op}.*{cited[0]}: the body's arguments 0 and 1"):
        quietly(stablehlo_py.interpret, program, *args)


def test_spec_valid_computations_still_run():
    """The spec's promotions (i8 and ui8 operands to an i32 computation) run, in E, as the spec says;
    XLA would keep the operand's type (not copied: the spec defines these)."""
    for operand, x in (("i8", np.array([100, 3, -7, 120], np.int8)), ("ui8", np.array([200, 3, 7, 250], np.uint8))):
        for op in ("all_reduce", "reduce_scatter"):
            program = _collective(op, operand, "i32", "i32", "i32")
            (got,) = stablehlo_py.interpret(program, x)
            np.testing.assert_array_equal(got, x.astype(np.int32))


# What XLA does with them (CPU, one process).
@pytest.mark.upstream
@pytest.mark.parametrize("program, op, cited, args", GATHERS[:3], ids=_ids(GATHERS[:3]))
def test_xla_refuses_the_gathers(program, op, cited, args):
    with pytest.raises(Exception, match="Slice size at index 0 in gather op is out of range"):
        xla_run_text(program, *args)


@pytest.mark.upstream
@pytest.mark.parametrize("program, op, cited, args, xla", COLLECTIVES, ids=_ids(COLLECTIVES))
def test_what_xla_does_with_the_collectives(program, op, cited, args, xla):
    """XLA refuses an argument 1 of another float type and runs the others in the operand's type
    (f32 where the program declares f16, booleans where it declares i32): no value of the declared
    type, so the backends refuse rather than copy it."""
    if isinstance(xla, str):
        with pytest.raises(Exception, match=xla):
            xla_run_text(program, *args)
    else:
        (got,) = xla_run_text(program, *args)
        assert got.dtype == xla
        np.testing.assert_array_equal(got, args[0])
