"""The check ops' comparison policies (interpreter/checks.py) element by element, against
Python definitions written from the policies in checks.py's docstring and upstream's check
dialect: every pair of special values (±0, smallest subnormals, 1 and its next 4 neighbours,
the largest finite value, ±inf, NaN) per float type, integers at the limits, complex parts. Then
the forms: tolerance boundaries, attributes, messages, and custom_call operand/result rules.
Mutation testing (docs/testing.md) found these policies barely judged by the earlier tests."""

from __future__ import annotations

import math
import struct

import ml_dtypes
import numpy as np
import pytest

from stablehlo_py.interpreter import CheckFailure, InterpreterError, compile, interpret

pytestmark = pytest.mark.mutant_killer

FLOATS = {"f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
          "f8E8M0FNU": ml_dtypes.float8_e8m0fnu, "bf16": ml_dtypes.bfloat16, "f16": np.float16,
          "f32": np.float32, "f64": np.float64}
INTS = {"i8": np.int8, "ui8": np.uint8, "i64": np.int64, "ui64": np.uint64}


def _bits(x) -> int:
    """The bit pattern of one float element, as a Python int."""
    x = np.asarray(x)
    return int(x.reshape(1).view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize])[0])


def _specials(dtype) -> list:
    finfo = ml_dtypes.finfo(dtype)
    one = np.asarray(1.0, dtype)
    chain = [one]
    for _ in range(4):
        chain.append(np.nextafter(chain[-1], np.asarray(np.inf, dtype)) if dtype in (np.float16, np.float32, np.float64)
                     else np.asarray(chain[-1], dtype).reshape(1).view(f"u{one.itemsize}")[0] + 1)
    chain = [c if isinstance(c, np.ndarray) and c.dtype == dtype
             else np.asarray(c).astype(f"u{one.itemsize}").view(dtype) for c in chain]
    tiny = float(finfo.smallest_subnormal)
    values = [0.0, -0.0, tiny, -tiny, float(finfo.max), -float(finfo.max), math.inf, -math.inf, math.nan, -1.0]
    out = [np.asarray(v).astype(dtype) for v in values] + [np.asarray(c, dtype) for c in chain]
    return out


def _pairs(dtype):
    values = _specials(dtype)
    return [(a, b) for a in values for b in values]


def _float_value(x) -> float:
    return float(np.asarray(x).astype(np.float64))


# ---------------------------------------------------------------------------
# the policies, in Python


def exact_holds(a, b) -> bool:
    fa, fb = _float_value(a), _float_value(b)
    if math.isnan(fa) or math.isnan(fb):
        return math.isnan(fa) and math.isnan(fb)
    return _bits(a) == _bits(b)


def almost_holds(a, b, tolerance: float) -> bool:
    fa, fb = _float_value(a), _float_value(b)
    if math.isnan(fa) or math.isnan(fb):
        return math.isnan(fa) and math.isnan(fb)
    if fa == fb:
        return True  # equal infinities included
    return abs(fa - fb) <= tolerance


def _ordinal(x, dtype) -> int:
    bits = _bits(x)
    width = ml_dtypes.finfo(dtype).bits
    if np.dtype(dtype) == np.dtype(ml_dtypes.float8_e8m0fnu):
        return bits  # no sign bit
    sign, magnitude = bits >> (width - 1) & 1, bits & ((1 << (width - 1)) - 1)
    return -magnitude if sign else magnitude


def close_holds(a, b, dtype, min_ulp: int, max_ulp: int) -> bool:
    fa, fb = _float_value(a), _float_value(b)
    if not (math.isfinite(fa) and math.isfinite(fb)):
        return (math.isnan(fa) and math.isnan(fb)) or (not math.isnan(fa) and _bits(a) == _bits(b))
    return min_ulp <= abs(_ordinal(a, dtype) - _ordinal(b, dtype)) <= max_ulp


# ---------------------------------------------------------------------------
# running one pair at a time through a compiled check


def _runner(op_text: str, element: str, returns_i1: bool = False):
    T = f"tensor<1x{element}>"
    result = " -> tensor<i1>" if returns_i1 else ""
    ret = "  return %r : tensor<i1>" if returns_i1 else "  return"
    text = f"""func.func @main(%a: {T}, %b: {T}){result} {{
  {op_text.format(T=T)}
{ret}
}}"""
    executable = compile(text)

    def holds(a, b) -> bool:
        try:
            out = executable(np.asarray(a).reshape(1), np.asarray(b).reshape(1))
        except CheckFailure:
            return False
        if returns_i1:
            assert out[0].dtype == np.bool_ and out[0].shape == () and bool(out[0])
        return True

    return holds


CUSTOM_CALL = "stablehlo.custom_call @TARGET(%a, %b) {{has_side_effect = true}} : ({T}, {T}) -> ()"


def _verdicts(holds, pairs):
    return [holds(a, b) for a, b in pairs]


@pytest.mark.parametrize("element", sorted(FLOATS))
def test_expect_eq_on_special_float_pairs(element):
    dtype, pairs = FLOATS[element], _pairs(FLOATS[element])
    holds = _runner(CUSTOM_CALL.replace("TARGET", "check.expect_eq"), element)
    assert _verdicts(holds, pairs) == [exact_holds(a, b) for a, b in pairs]


@pytest.mark.parametrize("element", sorted(FLOATS))
@pytest.mark.parametrize("form,tolerance", [
    ("check.expect_almost_eq %a, %b : {T}", 1e-4),
    ("check.expect_almost_eq %a, %b, tolerance = 2.5e-1 : {T}", 0.25),
    (CUSTOM_CALL.replace("TARGET", "check.expect_almost_eq"), 1e-3),
])
def test_expect_almost_eq_on_special_float_pairs(element, form, tolerance):
    pairs = _pairs(FLOATS[element])
    holds = _runner(form, element)
    assert _verdicts(holds, pairs) == [almost_holds(a, b, tolerance) for a, b in pairs]


@pytest.mark.parametrize("element", sorted(FLOATS))
@pytest.mark.parametrize("form,min_ulp,max_ulp", [
    (CUSTOM_CALL.replace("TARGET", "check.expect_close"), 0, 3),
    ("check.expect_close %a, %b, max_ulp_difference = 1 : {T}, {T}", 0, 1),
    ("check.expect_close %a, %b, max_ulp_difference = 4, min_ulp_difference = 2 : {T}, {T}", 2, 4),
])
def test_expect_close_on_special_float_pairs(element, form, min_ulp, max_ulp):
    dtype, pairs = FLOATS[element], _pairs(FLOATS[element])
    holds = _runner(form, element)
    assert _verdicts(holds, pairs) == [close_holds(a, b, dtype, min_ulp, max_ulp) for a, b in pairs]


@pytest.mark.parametrize("element", sorted(FLOATS))
def test_check_eq_returns_true_or_fails(element):
    """custom_call @check.eq: floats as expect_almost_eq with 1e-4, returning tensor<i1> true."""
    pairs = _pairs(FLOATS[element])
    form = "%r = stablehlo.custom_call @check.eq(%a, %b) : ({T}, {T}) -> tensor<i1>"
    holds = _runner(form, element, returns_i1=True)
    assert _verdicts(holds, pairs) == [almost_holds(a, b, 1e-4) for a, b in pairs]


@pytest.mark.parametrize("element", sorted(INTS))
@pytest.mark.parametrize("target", ["check.expect_eq", "check.expect_almost_eq", "check.expect_close"])
def test_integers_compare_exactly_under_every_policy(element, target):
    """Integers are equal or not: 2^62 and 2^62 + 1 are one apart (equal in f64), 1 and 2 one ULP."""
    dtype = INTS[element]
    info = np.iinfo(dtype)
    values = [np.asarray(v).astype(dtype) for v in
              (0, 1, 2, info.max, info.max - 1, info.min, info.min + 1, 2**62 if info.bits == 64 else 100)]
    if info.bits == 64:
        values.append(np.asarray(2**62 + 1).astype(dtype))
    pairs = [(a, b) for a in values for b in values]
    holds = _runner(CUSTOM_CALL.replace("TARGET", target), element)
    assert _verdicts(holds, pairs) == [int(a) == int(b) for a, b in pairs]


@pytest.mark.parametrize("target,tolerance", [("check.expect_eq", None), ("check.expect_almost_eq", 1e-3),
                                              ("check.expect_close", None)])
def test_complex_parts_are_judged_separately(target, tolerance):
    """A difference in either part fails, however small the other part; NaN in a part only
    matches NaN in the same part."""
    real = [0.0, -0.0, 1.0, 1.0 + 2**-52, 3.0, math.nan, math.inf]
    values = [np.asarray(complex(re, im), np.complex128) for re in real for im in real[::2]]
    pairs = [(a, b) for a in values for b in values]

    def expected(a, b):
        parts = [(a.real, b.real), (a.imag, b.imag)]
        if target == "check.expect_eq":
            return all(exact_holds(np.float64(x), np.float64(y)) for x, y in parts)
        if target == "check.expect_almost_eq":
            return all(almost_holds(np.float64(x), np.float64(y), tolerance) for x, y in parts)
        return all(close_holds(np.float64(x), np.float64(y), np.float64, 0, 3) for x, y in parts)

    holds = _runner(CUSTOM_CALL.replace("TARGET", target), "complex<f64>")
    assert _verdicts(holds, pairs) == [expected(a, b) for a, b in pairs]


def test_tolerance_boundary_is_inclusive_and_computed_in_f64():
    """|a - b| == tolerance holds, the next f64 above does not; f64 values 0.5 apart near 1e8
    (equal in f32) differ."""
    holds = _runner("check.expect_almost_eq %a, %b : {T}", "f64")
    assert holds(np.float64(0.0), np.float64(1e-4))
    assert not holds(np.float64(0.0), np.nextafter(np.float64(1e-4), 1.0))
    assert not holds(np.float64(1e8), np.float64(1e8 + 0.5))
    custom = _runner(CUSTOM_CALL.replace("TARGET", "check.expect_almost_eq"), "f64")
    assert custom(np.float64(0.0), np.float64(1e-3))
    assert not custom(np.float64(0.0), np.nextafter(np.float64(1e-3), 1.0))


@pytest.mark.parametrize("count", [5, 6, 9])
def test_message_lists_five_mismatches_then_counts_the_rest(count):
    a = np.zeros(10, np.float32)
    b = a.copy()
    b[:count] = 1.0
    T = "tensor<10xf32>"
    text = f"""func.func @main(%a: {T}, %b: {T}) {{
  check.expect_eq %a, %b : {T}
  return
}}"""
    with pytest.raises(CheckFailure) as failure:
        interpret(text, a, b)
    message = str(failure.value)
    assert f"{count} of 10 elements differ" in message
    assert message.count("  at [") == 5
    assert ("... and" in message) == (count > 5)
    if count > 5:
        assert f"... and {count - 5} more" in message


@pytest.mark.parametrize("actual,expected", [("tensor<2xf32>", "tensor<2xf64>"), ("tensor<2xf32>", "tensor<3xf32>")])
def test_custom_call_check_of_different_types_fails_naming_both(actual, expected):
    """custom_call has no verifier to keep the two operands alike: the check itself says so."""
    text = f"""func.func @main(%a: {actual}, %b: {expected}) {{
  stablehlo.custom_call @check.expect_eq(%a, %b) {{has_side_effect = true}} : ({actual}, {expected}) -> ()
  return
}}"""
    a = np.zeros(2, np.float32)
    b = np.zeros(3 if "3x" in expected else 2, np.float64 if "f64" in expected else np.float32)
    with pytest.raises(CheckFailure, match=r"actual has shape \(2,\) and dtype float32, expected shape"):
        interpret(text, a, b)


@pytest.mark.parametrize("target,operands,results,message", [
    ("check.expect_eq", 1, "", "takes two operands \\(actual, expected\\) and has no results"),
    ("check.expect_eq", 3, "", "takes two operands \\(actual, expected\\) and has no results"),
    ("check.expect_eq", 2, "tensor<i1>", "takes two operands \\(actual, expected\\) and has no results"),
    ("check.eq", 3, "tensor<i1>", "takes two operands \\(actual, expected\\) and returns one tensor<i1>"),
    ("check.eq", 2, "tensor<2xi1>", "takes two operands \\(actual, expected\\) and returns one tensor<i1>"),
])
def test_custom_call_check_operand_and_result_rules(target, operands, results, message):
    T = "tensor<2xf32>"
    names = ", ".join(["%a"] * operands)
    result_text = f"%r = " if results else ""
    ret = f"return %r : {results}" if results else "return"
    text = f"""func.func @main(%a: {T}){' -> ' + results if results else ''} {{
  {result_text}stablehlo.custom_call @{target}({names}) {{has_side_effect = true}} : ({', '.join([T] * operands)}) -> ({results})
  {ret}
}}"""
    with pytest.raises(InterpreterError, match=message):
        interpret(text, np.zeros(2, np.float32))


def test_check_eq_without_a_result_is_a_plain_check():
    T = "tensor<2xi32>"
    text = f"""func.func @main(%a: {T}, %b: {T}) {{
  stablehlo.custom_call @check.eq(%a, %b) {{has_side_effect = true}} : ({T}, {T}) -> ()
  return
}}"""
    interpret(text, np.array([1, 2], np.int32), np.array([1, 2], np.int32))
    with pytest.raises(CheckFailure, match=r"custom_call @check.eq failed: 1 of 2 elements differ"):
        interpret(text, np.array([1, 2], np.int32), np.array([1, 3], np.int32))


def test_check_eq_tolerance_is_upstreams_1e_4():
    holds = _runner("%r = stablehlo.custom_call @check.eq(%a, %b) : ({T}, {T}) -> tensor<i1>", "f64", returns_i1=True)
    assert holds(np.float64(0.0), np.float64(1e-4))
    assert not holds(np.float64(0.0), np.nextafter(np.float64(1e-4), 1.0))
