"""Shifts, popcnt and count_leading_zeros on i2/i4/ui2/ui4: every value with every
shift amount, against Python integers on the bit pattern.

The masks that keep sub-byte values inside their width could be changed without
any test failing (mutation testing, docs/testing.md).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import interpret

TYPES = {"i2": (ml_dtypes.int2, 2, True), "i4": (ml_dtypes.int4, 4, True),
         "ui2": (ml_dtypes.uint2, 2, False), "ui4": (ml_dtypes.uint4, 4, False)}


def _value(pattern: int, bits: int, signed: bool) -> int:
    pattern &= (1 << bits) - 1
    return pattern - (1 << bits) if signed and pattern >> (bits - 1) else pattern


def _shifts(p: int, a: int, bits: int):
    """(left, right logical, right arithmetic) bit patterns; amounts are unsigned, >= bits saturate."""
    mask = (1 << bits) - 1
    p, a = p & mask, a & mask
    sv = _value(p, bits, True)
    if a >= bits:
        return 0, 0, mask if sv < 0 else 0
    return (p << a) & mask, p >> a, (sv >> a) & mask


@pytest.mark.parametrize("t", sorted(TYPES))
def test_subbyte_shifts_popcnt_clz(t):
    dtype, bits, signed = TYPES[t]
    patterns = range(1 << bits)
    pairs = [(p, a) for p in patterns for a in patterns]
    n = len(pairs)
    x = np.array([_value(p, bits, signed) for p, _ in pairs], dtype=dtype)
    y = np.array([_value(a, bits, signed) for _, a in pairs], dtype=dtype)
    T = f"tensor<{n}x{t}>"
    text = f"""
    func.func @main(%x: {T}, %y: {T}) -> ({T}, {T}, {T}, {T}, {T}) {{
      %0 = stablehlo.shift_left %x, %y : {T}
      %1 = stablehlo.shift_right_logical %x, %y : {T}
      %2 = stablehlo.shift_right_arithmetic %x, %y : {T}
      %3 = stablehlo.popcnt %x : {T}
      %4 = stablehlo.count_leading_zeros %x : {T}
      return %0, %1, %2, %3, %4 : {T}, {T}, {T}, {T}, {T}
    }}"""
    got = interpret(text, x, y)
    shifted = [_shifts(p, a, bits) for p, a in pairs]
    expected = [np.array([_value(s[k], bits, signed) for s in shifted], dtype=dtype) for k in range(3)]
    expected.append(np.array([bin(p).count("1") for p, _ in pairs], dtype=dtype))
    expected.append(np.array([bits - p.bit_length() for p, _ in pairs], dtype=dtype))
    assert_same(got, expected, t)
