"""A compiled program holds no IR: once `compile` returns, its ops are sealed (plan.py:
PlanBuilder.seal) and every kernel runs from what it read while being made. These tests erase
the module's IR after compiling and run the program then, over kernels made when prepared
(static shapes), kernels made at run time (dynamic shapes) and collectives. Oracles: numpy."""
from __future__ import annotations

import gc

import numpy as np
import pytest

from stablehlo_py import parse_module
from stablehlo_py.interpreter import InterpreterError, compile, run_on_grid
from stablehlo_py.interpreter.core.attributes import Attributes

_STATIC = """
func.func @main(%x: tensor<4x3xf32>, %w: tensor<3x2xf32>) -> (tensor<4x2xf32>, tensor<4x3xf32>, tensor<3xf32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %s = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %zero) applies stablehlo.maximum across dimensions = [0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %d, %s, %m : tensor<4x2xf32>, tensor<4x3xf32>, tensor<3xf32>
}
"""

_DYNAMIC = """
func.func @main(%x: tensor<?xi32>) -> tensor<2x?xi32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %shape = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<?xi32>, tensor<2xi32>) -> tensor<2x?xi32>
  %r = func.call @twice(%b) : (tensor<2x?xi32>) -> tensor<2x?xi32>
  return %r : tensor<2x?xi32>
}
func.func private @twice(%y: tensor<2x?xi32>) -> tensor<2x?xi32> {
  %s = stablehlo.add %y, %y : tensor<2x?xi32>
  return %s : tensor<2x?xi32>
}
"""

_COLLECTIVE = """
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
    %r = "stablehlo.all_reduce"(%a) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<3xf32>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
"""


def _compiled_then_erased(text: str):
    """The program compiled from a module the test owns, whose IR is erased before it runs."""
    module = parse_module(text)
    executable = compile(module)
    for op in list(module.body.operations):
        op.erase()
    del module
    gc.collect()
    return executable


def test_static_kernels_run_after_the_ir_is_gone():
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((4, 3)).astype(np.float32), rng.standard_normal((3, 2)).astype(np.float32)
    run = _compiled_then_erased(_STATIC)
    for _ in range(2):  # the first run may make what a kernel defers; the second reuses it
        d, s, m = run(x, w)
        np.testing.assert_allclose(d, x @ w, rtol=1e-6)
        np.testing.assert_array_equal(s, -np.sort(-x, axis=0))
        np.testing.assert_array_equal(m, np.maximum(x.max(axis=0), 0))


def test_kernels_made_at_run_time_after_the_ir_is_gone():
    run = _compiled_then_erased(_DYNAMIC)
    for n in (3, 5):  # each new shape makes its kernels anew
        x = np.arange(n, dtype=np.int32) - 1
        (r,) = run(x)
        np.testing.assert_array_equal(r, np.broadcast_to(2 * x, (2, n)))


def test_collectives_after_the_ir_is_gone():
    run = _compiled_then_erased(_COLLECTIVE)
    xs = [np.array([1, 2, 3], np.float32), np.array([10, 20, 30], np.float32)]
    outs = run_on_grid(run, [xs], collective_timeout=30)
    for (out,) in outs:
        np.testing.assert_array_equal(out, xs[0] + xs[1])


def test_a_sealed_op_reads_no_attribute_it_did_not_read_before():
    """An attribute first read after sealing is an error (not a read of freed IR); one the op
    does not have still reads as its definition's default."""
    module = parse_module(_STATIC)
    sort = next(op for op in module.body.operations[0].regions[0].blocks[0].operations
                if op.operation.name == "stablehlo.sort")
    attrs = Attributes(sort.operation)
    assert attrs.get("dimension") == 0
    attrs.seal()
    assert attrs.get("dimension") == 0
    with pytest.raises(InterpreterError, match="'is_stable' read after the program was prepared"):
        attrs.get("is_stable")
    with pytest.raises(InterpreterError, match="read after the program was prepared"):
        attrs.elements("value", None)
    assert attrs.get("not_an_attribute_of_sort", 7) == 7
