"""Run-time shapes of dynamically typed operands (`?` dimensions) are checked before the kernel
runs: a mismatch the dynamism RFC leaves undefined is a clean error naming the op, never a
numpy broadcast (a wrong answer) or a numpy exception."""

import numpy as np
import pytest

from stablehlo_py.interpreter import InterpreterError, interpret

ADD = """
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}"""

CLAMP = """
func.func @main(%lo: tensor<f32>, %x: tensor<?xf32>, %hi: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}"""


def test_equal_run_time_shapes_compute_as_numpy():
    a, b = np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)
    (got,) = interpret(ADD, a, b)
    np.testing.assert_array_equal(got, a + b)


@pytest.mark.parametrize("shape_b", [(1,), (0,), (5,)])
def test_elementwise_operands_of_different_run_time_shapes_are_an_error(shape_b):
    a, b = np.ones(3, np.float32), np.ones(shape_b, np.float32)
    with pytest.raises(InterpreterError, match=r"stablehlo\.add.*different run-time shapes"):
        interpret(ADD, a, b)


def test_scalar_bound_of_clamp_is_not_compared_with_the_operand():
    x = np.array([-2, 0.5, 3], np.float32)
    (got,) = interpret(CLAMP, np.float32(0), x, np.full(3, 1, np.float32))
    np.testing.assert_array_equal(got, np.clip(x, 0, 1))
    with pytest.raises(InterpreterError, match=r"stablehlo\.clamp.*different run-time shapes"):
        interpret(CLAMP, np.float32(0), x, np.ones(1, np.float32))


def test_numpy_failure_inside_a_kernel_on_dynamic_operands_is_a_clean_error():
    text = """
    func.func @main(%a: tensor<?x3xf32>, %b: tensor<3x3xf32>) -> tensor<3x3xf32> {
      %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false,
             transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<?x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
      return %0 : tensor<3x3xf32>
    }"""
    with pytest.raises(InterpreterError, match=r"stablehlo\.triangular_solve.*run-time shapes \(2, 3\), \(3, 3\)"):
        interpret(text, np.ones((2, 3), np.float32), np.ones((3, 3), np.float32))

