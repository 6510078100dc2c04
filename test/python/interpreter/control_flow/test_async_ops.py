"""async_start / async_done (upstream's current spec): the body's one op (a collective or a
slice) runs, and async_done hands out its result. Oracles: numpy formulas of the body's op."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError

ALL_GATHER = """func.func @main(%arg0: tensor<2x3xT>) -> tensor<2x6xT> {
  %0 = "stablehlo.async_start"(%arg0) ({
  ^bb0(%a: tensor<2x3xT>):
    %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2x3xT>) -> tensor<2x6xT>
    "stablehlo.return"(%1) : (tensor<2x6xT>) -> ()
  }) : (tensor<2x3xT>) -> !stablehlo.future<tensor<2x6xT>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2x6xT>>) -> tensor<2x6xT>
  return %2 : tensor<2x6xT>
}"""

DYNAMIC_SLICE = """func.func @main(%arg0: tensor<5x4xf64>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf64> {
  %0 = "stablehlo.async_start"(%arg0, %i, %j) ({
  ^bb0(%a: tensor<5x4xf64>, %x: tensor<i32>, %y: tensor<i32>):
    %1 = stablehlo.dynamic_slice %a, %x, %y, sizes = [2, 3] : (tensor<5x4xf64>, tensor<i32>, tensor<i32>) -> tensor<2x3xf64>
    stablehlo.return %1 : tensor<2x3xf64>
  }) : (tensor<5x4xf64>, tensor<i32>, tensor<i32>) -> !stablehlo.future<tensor<2x3xf64>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2x3xf64>>) -> tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}"""


@pytest.mark.parametrize("element, dtype", [("f32", np.float32), ("i8", np.int8),
                                            ("!quant.uniform<i8:f32, 0.5:-2>", np.int8)])
def test_async_all_gather(element, dtype):
    # the group [1, 0] gathers replica 1's operand first; quantized values travel as stored
    xs = [np.arange(6).reshape(2, 3).astype(dtype) + 10 * r for r in range(2)]
    outs = stablehlo_py.interpret(ALL_GATHER.replace("xT>", f"x{element}>"), xs, num_replicas=2)
    expected = np.concatenate([xs[1], xs[0]], axis=1)
    for replica in range(2):
        np.testing.assert_array_equal(outs[replica][0], expected)
        assert outs[replica][0].dtype == dtype


@pytest.mark.parametrize("i, j", [(1, 0), (4, 3), (-1, 2)])
def test_async_dynamic_slice_clamps_as_dynamic_slice(i, j):
    a = np.arange(20, dtype=np.float64).reshape(5, 4)
    got = stablehlo_py.interpret(DYNAMIC_SLICE, a, np.int32(i), np.int32(j))[0]
    i0, j0 = min(max(i, 0), 5 - 2), min(max(j, 0), 4 - 3)  # the spec's clamped start indices
    np.testing.assert_array_equal(got, a[i0:i0 + 2, j0:j0 + 3])


def test_a_future_returned_from_a_function_is_a_tuple_of_its_tensor():
    program = """func.func @main(%a: tensor<4xi32>) -> !stablehlo.future<tensor<2xi32>> {
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xi32>):
    %1 = stablehlo.slice %x [1:3] : (tensor<4xi32>) -> tensor<2xi32>
    stablehlo.return %1 : tensor<2xi32>
  }) : (tensor<4xi32>) -> !stablehlo.future<tensor<2xi32>>
  return %0 : !stablehlo.future<tensor<2xi32>>
}"""
    (future,) = stablehlo_py.interpret(program, np.array([5, 6, 7, 8], np.int32))
    assert isinstance(future, tuple) and len(future) == 1
    np.testing.assert_array_equal(future[0], [6, 7])


def test_the_body_op_errors_are_reported_by_name():
    # a group of 2 on a grid of 1: the collective inside the body reports it
    with pytest.raises(InterpreterError, match="all_gather"):
        stablehlo_py.interpret(ALL_GATHER.replace("xT>", "xf32>"), np.zeros((2, 3), np.float32))
