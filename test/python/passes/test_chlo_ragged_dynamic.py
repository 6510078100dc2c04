"""chlo-legalize-to-stablehlo on chlo.ragged_dot with `?` sizes (upstream's
chlo_legalize_to_stablehlo_dynamic.mlir has one): the masks and zeros take run-time shapes
(dynamic_iota, dynamic_broadcast_in_dim). Each result is checked against numpy's formula of the
op (docs/chlo.md, ragged_dot) and against the interpreter's own chlo.ragged_dot, bit for bit."""

from __future__ import annotations

import mlir.ir as ir
import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.passes.chlo_legalize import legalize_chlo
from testing.seeds import reseeded_per_test

RNG = np.random.default_rng(20261201)
_inputs_of_each_test = reseeded_per_test()


def _program(types, numbers: str) -> str:
    lt, rt, gt, ot = types
    return f"""func.func @main(%l: {lt}, %r: {rt}, %g: {gt}) -> {ot} {{
  %0 = "chlo.ragged_dot"(%l, %r, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<{numbers}>}} : ({lt}, {rt}, {gt}) -> {ot}
  return %0 : {ot}
}}"""


def _legalized(text: str):
    module = stablehlo_py.parse_module(text)
    with module.context, ir.Location.unknown():
        legalize_chlo(module.operation)
    assert module.operation.verify()
    printed = str(module)
    assert "chlo." not in printed
    return module, printed


def _groups(sizes) -> list:
    """The rows (start, end) of each group."""
    ends = np.cumsum(sizes)
    return list(zip(ends - sizes, ends))


def _non_contracting(lhs, rhs, sizes):
    """lhs [b, m, k], rhs [g, b, k, n]: row i of batch b times the rhs of the group holding i."""
    out = np.zeros((lhs.shape[0], lhs.shape[1], rhs.shape[3]), lhs.dtype)
    for j, (start, end) in enumerate(_groups(sizes)):
        out[:, start:end] = np.einsum("bik,bkn->bin", lhs[:, start:end], rhs[j])
    return out


def _contracting(lhs, rhs, sizes):
    """lhs [b, m, k], rhs [b, k, n]: one product per group over the group's k."""
    out = np.zeros((len(sizes), lhs.shape[0], lhs.shape[1], rhs.shape[2]), lhs.dtype)
    for j, (start, end) in enumerate(_groups(sizes)):
        out[j] = np.einsum("bmk,bkn->bmn", lhs[:, :, start:end], rhs[:, start:end])
    return out


def _ints(shape, dtype):  # small integers: every product and sum is exact, whatever the order
    return RNG.integers(-4, 5, shape).astype(dtype)


@pytest.mark.parametrize("lhs_type", ["tensor<?x?x?xf32>", "tensor<2x?x5xf32>", "tensor<?x11x5xf32>"])
def test_ragged_non_contracting_dimension_with_dynamic_sizes(lhs_type):
    # upstream's ragged_dot_dynamic: lhs [b, m, k], rhs [g, b, k, n], group_sizes [g]
    numbers = ("lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], "
               "rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]")
    text = _program((lhs_type, "tensor<3x2x5x7xf32>", "tensor<3xi64>", "tensor<?x?x?xf32>"), numbers)
    module, printed = _legalized(text)
    assert "stablehlo.dynamic_iota" in printed and "stablehlo.dynamic_broadcast_in_dim" in printed
    lhs, rhs = _ints((2, 11, 5), np.float32), _ints((3, 2, 5, 7), np.float32)
    sizes = np.array([4, 0, 6], np.int64)  # an empty group, and a row (the last) in none
    (got,) = stablehlo_py.interpret(module, lhs, rhs, sizes)
    (direct,) = stablehlo_py.interpret(text, lhs, rhs, sizes)
    assert got.tobytes() == _non_contracting(lhs, rhs, sizes).tobytes() == direct.tobytes()


def test_ragged_contracting_dimension_with_dynamic_sizes():
    numbers = ("lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
               "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []")
    text = _program(("tensor<?x?x6xf64>", "tensor<?x6x4xf64>", "tensor<3xi32>", "tensor<3x?x?x4xf64>"), numbers)
    module, _ = _legalized(text)
    lhs, rhs = _ints((2, 3, 6), np.float64), _ints((2, 6, 4), np.float64)
    sizes = np.array([1, 3, 2], np.int32)
    (got,) = stablehlo_py.interpret(module, lhs, rhs, sizes)
    (direct,) = stablehlo_py.interpret(text, lhs, rhs, sizes)
    assert got.tobytes() == _contracting(lhs, rhs, sizes).tobytes() == direct.tobytes()


def test_ragged_batch_dimension_with_dynamic_sizes():
    numbers = ("lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
               "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []")
    text = _program(("tensor<?x3x6xf32>", "tensor<?x6x4xf32>", "tensor<1xi32>", "tensor<?x3x4xf32>"), numbers)
    module, _ = _legalized(text)
    lhs, rhs = _ints((2, 3, 6), np.float32), _ints((2, 6, 4), np.float32)
    (got,) = stablehlo_py.interpret(module, lhs, rhs, np.array([2], np.int32))
    assert got.tobytes() == np.einsum("bmk,bkn->bmn", lhs, rhs).tobytes()
