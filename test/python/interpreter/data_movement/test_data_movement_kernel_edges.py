"""Data movement kernels (interpreter/data_movement.py): cases mutation testing found unjudged
(docs/testing.md). Oracles: numpy on the operands, and the op's definition in the spec."""

from __future__ import annotations

import numpy as np
import pytest

from stablehlo_py.interpreter import compile, interpret

pytestmark = pytest.mark.mutant_killer


def test_iota_and_constants_returned_to_the_caller_are_fresh_each_call():
    """The prepared iota and constant are shared by every call: a caller writing into a result
    must not change what the next call returns."""
    text = """func.func @main() -> (tensor<4xi32>, tensor<2xf32>) {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  return %0, %1 : tensor<4xi32>, tensor<2xf32>
}"""
    executable = compile(text)
    first = executable()
    for r in first:
        r[...] = 7
    second = executable()
    np.testing.assert_array_equal(second[0], np.arange(4, dtype=np.int32))
    np.testing.assert_array_equal(second[1], np.array([1.5, 2.5], np.float32))


def test_broadcast_in_dim_of_a_square_matrix_with_swapped_dimensions_transposes():
    """Same shape in and out, dimensions [1, 0]: not the identity."""
    text = """func.func @main(%x: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}"""
    x = np.array([[1, 2], [3, 4]], np.int32)
    np.testing.assert_array_equal(interpret(text, x)[0], x.T)


@pytest.mark.parametrize("low,high,interior,size", [(2, 1, 0, 3), (0, 0, 3, 0), (1, 0, 2, 1), (-1, 3, 1, 2)])
def test_pad_of_an_empty_operand_is_all_padding(low, high, interior, size):
    """An empty operand has no interior gaps: the result is low + high padding values."""
    text = f"""func.func @main(%x: tensor<0xf32>, %v: tensor<f32>) -> tensor<{size}xf32> {{
  %0 = stablehlo.pad %x, %v, low = [{low}], high = [{high}], interior = [{interior}] : (tensor<0xf32>, tensor<f32>) -> tensor<{size}xf32>
  return %0 : tensor<{size}xf32>
}}"""
    assert low + high == size
    (got,) = interpret(text, np.zeros(0, np.float32), np.float32(2.5))
    np.testing.assert_array_equal(got, np.full(size, 2.5, np.float32))


@pytest.mark.parametrize("text,args,want", [
    ("""func.func @main(%x: tensor<2xi32>) -> tensor<3x?xi32, #stablehlo.bounds<?, 2>> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xi32>) -> tensor<3x?xi32, #stablehlo.bounds<?, 2>>
  return %0 : tensor<3x?xi32, #stablehlo.bounds<?, 2>>
}""", [np.array([4, -5], np.int32)], np.array([[4, -5]] * 3, np.int32)),
    ("""func.func @main(%x: tensor<?xf32>, %v: tensor<f32>) -> tensor<?xf32> {
  %0 = stablehlo.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}""", [np.array([1, 2], np.float32), np.float32(7)], np.array([7, 1, 2, 7], np.float32)),
    ("""func.func @main(%x: tensor<?xf32>, %v: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""", [np.array([1, 2], np.float32), np.float32(7)], np.array([7, 1, 2, 7], np.float32)),
])
def test_dynamic_shapes_take_their_sizes_from_the_operands(text, args, want):
    """A `?` result size is the one the operand's run-time shape gives (issue 14)."""
    (got,) = interpret(text, *args)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


def test_optimization_barrier_of_one_value_passes_it_on():
    text = """func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = stablehlo.optimization_barrier %x : tensor<3xi32>
  %1 = stablehlo.add %0, %0 : tensor<3xi32>
  return %1 : tensor<3xi32>
}"""
    x = np.array([1, -2, 3], np.int32)
    np.testing.assert_array_equal(interpret(text, x)[0], 2 * x)
