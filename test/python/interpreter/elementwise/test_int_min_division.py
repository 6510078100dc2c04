"""Integer division next to its overflow case INT_MIN / -1 (XLA: INT_MIN, remainder 0):
INT_MIN divided by 1, -1, 2 and -2, and by zero, without warnings escaping.

A guard that caught INT_MIN / 2 as if it were INT_MIN / -1 survived: no test
divided INT_MIN by anything but -1.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer


@pytest.mark.parametrize("t,dtype", [("i8", np.int8), ("i16", np.int16), ("i32", np.int32), ("i64", np.int64)])
def test_int_min_divided_by_minus_one(t, dtype):
    low = np.iinfo(dtype).min
    a = np.array([low, low, low, low, 7, -7], dtype=dtype)
    b = np.array([-1, 1, 2, -2, -1, 0], dtype=dtype)
    text = f"""
    func.func @main(%a: tensor<6x{t}>, %b: tensor<6x{t}>) -> (tensor<6x{t}>, tensor<6x{t}>) {{
      %0 = stablehlo.divide %a, %b : tensor<6x{t}>
      %1 = stablehlo.remainder %a, %b : tensor<6x{t}>
      return %0, %1 : tensor<6x{t}>, tensor<6x{t}>
    }}"""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = interpret(text, a, b)
    # x / 0 = -1 and x % 0 = x (XLA); INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0
    assert_same(got, [np.array([low, low, low // 2, -(low // 2), -7, -1], dtype=dtype),
                      np.array([0, 0, 0, 0, 0, -7], dtype=dtype)], t)
