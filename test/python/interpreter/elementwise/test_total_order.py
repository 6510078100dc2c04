"""compare with TOTALORDER on every float type, all pairs of signed values,
against Python's ordering of the values (with -0.0 below +0.0).

Only f32 was tested, so a total-order key that read the bits of f4/f6 values
(stored one per byte, sign bit not the byte's top bit) as if it were a byte's
sign survived mutation testing. Also: NaN converted to the formats without NaN
(f4, f6) must give -0.0, which no test pinned.
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer

TYPES = {"f4E2M1FN": ml_dtypes.float4_e2m1fn, "f6E2M3FN": ml_dtypes.float6_e2m3fn,
         "f6E3M2FN": ml_dtypes.float6_e3m2fn, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
         "f8E5M2": ml_dtypes.float8_e5m2, "f16": np.float16, "bf16": ml_dtypes.bfloat16,
         "f32": np.float32, "f64": np.float64}
VALUES = [-6.0, -1.5, -0.5, -0.0, 0.0, 0.5, 1.0, 4.0, 6.0]  # exact in every type above
EXTRA = {"f64": [1 + 2.0 ** -40, -(1 + 2.0 ** -40)]}  # distinct from 1.0 only in f64


def _key(v: float):
    return (v, math.copysign(1.0, v))  # -0.0 before +0.0


@pytest.mark.parametrize("t", sorted(TYPES))
def test_total_order_compare_of_narrow_floats(t):
    values = VALUES + EXTRA.get(t, [])
    n = len(values)
    a = [x for x in values for _ in values]
    b = values * n
    T, B = f"tensor<{n * n}x{t}>", f"tensor<{n * n}xi1>"
    text = f"""
    func.func @main(%a: {T}, %b: {T}) -> ({B}, {B}, {B}) {{
      %0 = stablehlo.compare LT, %a, %b, TOTALORDER : ({T}, {T}) -> {B}
      %1 = stablehlo.compare EQ, %a, %b, TOTALORDER : ({T}, {T}) -> {B}
      %2 = stablehlo.compare GE, %a, %b, TOTALORDER : ({T}, {T}) -> {B}
      return %0, %1, %2 : {B}, {B}, {B}
    }}"""
    dtype = TYPES[t]
    got = interpret(text, np.array(a, dtype=dtype), np.array(b, dtype=dtype))
    lt = np.array([_key(x) < _key(y) for x, y in zip(a, b)])
    eq = np.array([_key(x) == _key(y) for x, y in zip(a, b)])
    assert_same(got, [lt, eq, ~lt], t)


@pytest.mark.parametrize("t", ["f4E2M1FN", "f6E2M3FN", "f6E3M2FN"])
@pytest.mark.parametrize("src,src_dtype", [("f32", np.float32), ("f64", np.float64), ("f16", np.float16)])
def test_nan_to_a_format_without_nan_is_negative_zero(t, src, src_dtype):
    """f4/f6 have neither NaN nor inf: NaN converts to -0.0 (as XLA does), not +0.0."""
    text = f"""
    func.func @main(%x: tensor<2x{src}>) -> tensor<2x{t}> {{
      %0 = stablehlo.convert %x : (tensor<2x{src}>) -> tensor<2x{t}>
      return %0 : tensor<2x{t}>
    }}"""
    x = np.array([np.nan, -np.nan], dtype=src_dtype)
    assert_same(interpret(text, x), [np.array([-0.0, -0.0], dtype=TYPES[t])], f"{src} -> {t}")
