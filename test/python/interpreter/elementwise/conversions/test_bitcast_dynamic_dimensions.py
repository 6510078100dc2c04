"""Interpreter bugs the fuzzers found, fixed, with oracles from numpy.

bitcast_convert with `?` dimensions reshaped to a shape holding None
(TypeError); an operand whose run-time shape does not fit the result type
now gives a clean InterpreterError (C1).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError

pytestmark = pytest.mark.fuzz_regression

BITCAST_DYNAMIC = """
func.func @main(%a: tensor<?x4xi8>, %b: tensor<?xi64>, %c: tensor<?xf32>, %d: tensor<?x2xi4>)
    -> (tensor<?xi32>, tensor<?x2xi32>, tensor<?xi32>, tensor<?xi8>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<?x4xi8>) -> tensor<?xi32>
  %1 = stablehlo.bitcast_convert %b : (tensor<?xi64>) -> tensor<?x2xi32>
  %2 = stablehlo.bitcast_convert %c : (tensor<?xf32>) -> tensor<?xi32>
  %3 = stablehlo.bitcast_convert %d : (tensor<?x2xi4>) -> tensor<?xi8>
  return %0, %1, %2, %3 : tensor<?xi32>, tensor<?x2xi32>, tensor<?xi32>, tensor<?xi8>
}
"""


@pytest.mark.parametrize("n", [0, 1, 3])
def test_bitcast_convert_dynamic_dimensions(n):
    a = np.arange(4 * n, dtype=np.int8).reshape(n, 4) - 7
    b = np.array([1, 2**40 + 5, -3][:n], np.int64)
    c = np.array([1.0, -2.5, np.inf][:n], np.float32)
    d = np.array([[1, 2], [3, -1], [-8, 7]][:n], ml_dtypes.int4).reshape(n, 2)
    r = stablehlo_py.interpret(BITCAST_DYNAMIC, a, b, c, d)
    np.testing.assert_array_equal(r[0], a.view("<i4").reshape(n))
    np.testing.assert_array_equal(r[1], b.view("<i4").reshape(n, 2))
    np.testing.assert_array_equal(r[2], c.view(np.int32))
    # i4 pairs join least significant first: low nibble is element 0
    low, high = d.astype(np.int8)[:, 0] & 0xF, d.astype(np.int8)[:, 1] & 0xF
    np.testing.assert_array_equal(r[3], (low | (high << 4)).astype(np.uint8).view(np.int8))
    assert [x.shape for x in r] == [(n,), (n, 2), (n,), (n,)]


@pytest.mark.parametrize("text, arg", [
    ("func.func @main(%b: tensor<2x?xi8>) -> tensor<2xi32> {\n"
     "  %0 = stablehlo.bitcast_convert %b : (tensor<2x?xi8>) -> tensor<2xi32>\n"
     "  return %0 : tensor<2xi32>\n}", np.zeros((2, 3), np.int8)),
    ("func.func @main(%a: tensor<?xf32>) -> tensor<2xi32> {\n"
     "  %0 = stablehlo.bitcast_convert %a : (tensor<?xf32>) -> tensor<2xi32>\n"
     "  return %0 : tensor<2xi32>\n}", np.zeros(3, np.float32)),
])
def test_bitcast_convert_run_time_shape_that_does_not_fit(text, arg):
    with pytest.raises(InterpreterError, match=r"stablehlo.bitcast_convert at .*does not give a tensor<2xi32> \(C1\)"):
        stablehlo_py.interpret(text, arg)
