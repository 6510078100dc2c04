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

pytestmark = pytest.mark.mutant_killer

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


def _wrap(v: int, bits: int, signed: bool) -> int:
    return _value(v & ((1 << bits) - 1), bits, signed)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# op -> Python definition on values (spec: integer ops wrap modulo 2^bits; x / 0 = -1 and
# x % 0 = x, INT_MIN / -1 = INT_MIN, as XLA on CPU, docs/decisions.md)
ARITHMETIC = {
    "add": lambda a, b: a + b, "subtract": lambda a, b: a - b, "multiply": lambda a, b: a * b,
    "divide": lambda a, b: -1 if b == 0 else _trunc_div(a, b),
    "remainder": lambda a, b: a if b == 0 else a - _trunc_div(a, b) * b,
    "maximum": max, "minimum": min, "and": lambda a, b: a & b, "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
}


@pytest.mark.parametrize("t", sorted(TYPES))
@pytest.mark.parametrize("op", sorted(ARITHMETIC))
def test_subbyte_arithmetic_wraps_like_python_integers(t, op):
    """Every pair of values: the result wrapped into the type, from Python integers."""
    dtype, bits, signed = TYPES[t]
    values = [_value(p, bits, signed) for p in range(1 << bits)]
    pairs = [(a, b) for a in values for b in values]
    T = f"tensor<{len(pairs)}x{t}>"
    text = f"""func.func @main(%x: {T}, %y: {T}) -> {T} {{
  %0 = stablehlo.{op} %x, %y : {T}
  return %0 : {T}
}}"""
    x = np.array([a for a, _ in pairs], dtype=dtype)
    y = np.array([b for _, b in pairs], dtype=dtype)
    want = ARITHMETIC[op]
    expected = [_wrap(want(a, b), bits, signed) for a, b in pairs]
    assert_same(interpret(text, x, y), [np.array(expected, dtype=dtype)], f"{op} {t}")


# abs takes signed integers only (the verifier's C1)
UNARY_CASES = [(t, op) for t in sorted(TYPES) for op in ("negate", "abs", "not") if op != "abs" or TYPES[t][2]]


@pytest.mark.parametrize("t,op", UNARY_CASES)
def test_subbyte_unary_wraps_like_python_integers(t, op):
    dtype, bits, signed = TYPES[t]
    values = [_value(p, bits, signed) for p in range(1 << bits)]
    T = f"tensor<{len(values)}x{t}>"
    text = f"""func.func @main(%x: {T}) -> {T} {{
  %0 = stablehlo.{op} %x : {T}
  return %0 : {T}
}}"""
    fn = {"negate": lambda a: -a, "abs": abs, "not": lambda a: ~a}[op]
    expected = [_wrap(fn(a), bits, signed) for a in values]
    assert_same(interpret(text, np.array(values, dtype=dtype)), [np.array(expected, dtype=dtype)], f"{op} {t}")
