"""Upstream StableHLO's check syntax (stablehlo/tests/CheckOps.td and its
interpreter): `check.expect_almost_eq %a, %b, tolerance = X : T`, the const
form `..., tolerance = X`, expect_close's `min_ulp_difference = N`, and
`stablehlo.custom_call @check.eq(%a, %b) -> tensor<i1>` of its quantized
conformance programs. Expected values are written by hand: each case is a
difference on one side or the other of the tolerance."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from stablehlo_py.interpreter import CheckFailure, InterpreterError, interpret

pytestmark = pytest.mark.upstream


def program(body: str, result: str = "") -> str:
    returns = f" -> {result}" if result else ""
    return f"""
func.func @main(){returns} {{
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %i = stablehlo.constant dense<[7, -8]> : tensor<2xi32>
{body}
}}"""


@pytest.mark.parametrize("tolerance,other,holds", [
    ("0.1", "[1.05, 2.0]", True),
    ("0.01", "[1.05, 2.0]", False),
    ("0.5", "[1.0, 2.5]", True),           # |diff| = tolerance holds
    ("0.25", "[1.0, 2.5]", False),
])
def test_expect_almost_eq_honours_tolerance(tolerance, other, holds):
    text = program(f"""  %b = stablehlo.constant dense<{other}> : tensor<2xf64>
  check.expect_almost_eq %a, %b, tolerance = {tolerance} : tensor<2xf64>
  check.expect_almost_eq_const %a, dense<{other}> : tensor<2xf64>, tolerance = {tolerance}
  return""")
    if holds:
        assert interpret(text) == []
    else:
        with pytest.raises(CheckFailure, match=r"check.expect_almost_eq failed: 1 of 2 elements differ"):
            interpret(text)


@pytest.mark.parametrize("other,holds", [("[1.00005, 2.0]", True), ("[1.0002, 2.0]", False)])
def test_expect_almost_eq_default_tolerance_is_upstreams(other, holds):
    """Without `tolerance`, upstream's default 1e-4 applies."""
    text = program(f"""  %b = stablehlo.constant dense<{other}> : tensor<2xf64>
  check.expect_almost_eq %a, %b : tensor<2xf64>
  return""")
    if holds:
        interpret(text)
    else:
        with pytest.raises(CheckFailure, match="at \\[0\\]: actual 1.0, expected 1.0002"):
            interpret(text)


def test_tolerance_in_attribute_dictionary_still_works():
    text = program("""  %b = stablehlo.constant dense<[1.05, 2.0]> : tensor<2xf64>
  check.expect_almost_eq %a, %b {tolerance = 0.1 : f64} : tensor<2xf64>
  return""")
    interpret(text)
    with pytest.raises(CheckFailure):
        interpret(text.replace("0.1 : f64", "0.01 : f64"))


def test_expect_close_min_ulp_difference():
    text = program("""  %b = stablehlo.constant dense<[1.0000000000000002, 2.0]> : tensor<2xf64>
  check.expect_close %a, %b, max_ulp_difference = 3, min_ulp_difference = 0 : tensor<2xf64>, tensor<2xf64>
  return""")
    interpret(text)
    # element 1 is 0 ULP apart, below the minimum of 1
    with pytest.raises(CheckFailure, match=r"ULP difference in \[1, 3\]\) failed: 1 of 2 elements differ\n  at \[1\]"):
        interpret(text.replace("min_ulp_difference = 0", "min_ulp_difference = 1"))


# --- custom_call @check.eq -------------------------------------------------

CHECK_EQ = """
func.func @main() -> tensor<i1> {{
  %a = stablehlo.constant dense<{actual}> : {type}
  %e = stablehlo.constant dense<{expected}> : {type}
  %r = stablehlo.custom_call @check.eq(%a, %e) : ({type}, {type}) -> tensor<i1>
  check.expect_eq_const %r, dense<true> : tensor<i1>
  return %r : tensor<i1>
}}"""


@pytest.mark.parametrize("type_,actual,expected", [
    ("tensor<3xi32>", "[1, -2, 3]", "[1, -2, 3]"),
    ("tensor<2xi1>", "[true, false]", "[true, false]"),
    ("tensor<2xf32>", "[1.0, 2.0]", "[1.00005, 2.0]"),          # floats within 1e-4
    ("tensor<2xf32>", "[0x7FC00000, 2.0]", "[0x7FC00000, 2.0]"),  # NaN equals NaN
    ("tensor<1xcomplex<f64>>", "[(1.0, 2.0)]", "[(1.00009, 1.99991)]"),
])
def test_check_eq_returns_true_when_it_holds(type_, actual, expected):
    [result] = interpret(CHECK_EQ.format(type=type_, actual=actual, expected=expected))
    assert result.shape == () and result.dtype == np.bool_ and bool(result)


@pytest.mark.parametrize("type_,actual,expected,bad", [
    ("tensor<3xi32>", "[1, -2, 3]", "[1, -2, 4]", "at [2]: actual 3, expected 4"),
    ("tensor<2xi1>", "[true, false]", "[true, true]", "at [1]: actual false, expected true"),
    ("tensor<2xf32>", "[1.0, 2.0]", "[1.0, 2.0002]", "at [1]: actual 2.0, expected 2.0002"),
    ("tensor<1xcomplex<f64>>", "[(1.0, 2.0)]", "[(1.0, 2.0002)]", "at [0]: actual (1+2j), expected (1+2.0002j)"),
])
def test_check_eq_fails_the_run_when_it_does_not_hold(type_, actual, expected, bad):
    """A false @check.eq is a failed run (as in upstream's interpreter), never a
    silent `false` result."""
    with pytest.raises(CheckFailure) as info:
        interpret(CHECK_EQ.format(type=type_, actual=actual, expected=expected))
    assert "custom_call @check.eq failed: 1 of" in str(info.value) and bad in str(info.value)
    assert info.value.op_name == "stablehlo.custom_call"


def test_check_eq_without_result_and_bad_signatures():
    no_result = """
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  stablehlo.custom_call @check.eq(%a, %a) : (tensor<2xi8>, tensor<2xi8>) -> ()
  return
}"""
    assert interpret(no_result) == []
    wrong_result = no_result.replace("-> ()", "-> tensor<2xi8>").replace("  stablehlo.custom_call", "  %r = stablehlo.custom_call")
    with pytest.raises(InterpreterError, match=r"@check.eq takes two operands \(actual, expected\) and returns one "
                                               r"tensor<i1>, got 2 operands and results \['tensor<2xi8>'\]"):
        interpret(wrong_result)
    one_operand = no_result.replace("@check.eq(%a, %a) : (tensor<2xi8>, tensor<2xi8>)", "@check.eq(%a) : (tensor<2xi8>)")
    with pytest.raises(InterpreterError, match="got 1 operands"):
        interpret(one_operand)


def test_check_eq_through_the_cli(tmp_path):
    good = tmp_path / "good.mlir"
    good.write_text(CHECK_EQ.format(type="tensor<2xf32>", actual="[1.0, 2.0]", expected="[1.0, 2.0]"))
    bad = tmp_path / "bad.mlir"
    bad.write_text(CHECK_EQ.format(type="tensor<2xf32>", actual="[1.0, 2.0]", expected="[1.0, 2.5]"))
    run = [sys.executable, "-m", "stablehlo_py.cli", "run"]
    ok = subprocess.run(run + [str(good)], capture_output=True, text=True, timeout=240)
    assert ok.returncode == 0, ok.stderr
    assert "@main result 0: tensor<i1>" in ok.stdout and "True" in ok.stdout
    failed = subprocess.run(run + [str(bad)], capture_output=True, text=True, timeout=240)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert "custom_call @check.eq failed: 1 of 2 elements differ" in failed.stderr
    assert f'"{bad}":5:8' in failed.stderr and "at [1]: actual 2.0, expected 2.5" in failed.stderr


def test_upstream_syntax_through_the_cli(tmp_path):
    path = tmp_path / "almost.mlir"
    path.write_text(program("""  %b = stablehlo.constant dense<[1.05, 2.0]> : tensor<2xf64>
  check.expect_almost_eq %a, %b, tolerance = 0.01 : tensor<2xf64>
  return"""))
    proc = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", str(path)], capture_output=True,
                          text=True, timeout=240)
    assert proc.returncode == 1 and "check.expect_almost_eq failed" in proc.stderr, proc.stderr
