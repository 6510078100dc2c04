"""Check ops: custom_call @check.* and the check dialect, passing and failing."""

from __future__ import annotations

import numpy as np
import pytest

from stablehlo_py.interpreter import CheckFailure, InterpreterError, interpret


def custom_call_program(target, actual, expected, type_text="tensor<4xf32>"):
    return f"""
    func.func @main() {{
      %a = stablehlo.constant dense<{actual}> : {type_text}
      %e = stablehlo.constant dense<{expected}> : {type_text}
      stablehlo.custom_call @{target}(%a, %e) {{has_side_effect = true}} : ({type_text}, {type_text}) -> ()
      return
    }}"""


@pytest.mark.parametrize("target,actual,expected", [
    ("check.expect_eq", "[1.0, -0.0, 0x7FC00000, 0xFF800000]", "[1.0, -0.0, 0x7FC00001, 0xFF800000]"),
    ("check.expect_almost_eq", "[1.0, 2.0, 0x7FC00000, 0x7F800000]", "[1.0009, 1.9991, 0xFFC00000, 0x7F800000]"),
    ("check.expect_close", "[1.0, 0.0, 0x7FC00000, 3.0]", "[1.0000003, -0.0, 0x7FC00000, 3.0000002]"),
])
def test_custom_call_checks_pass(target, actual, expected):
    assert interpret(custom_call_program(target, actual, expected)) == []


@pytest.mark.parametrize("target,actual,expected,bad_index", [
    ("check.expect_eq", "[1.0, 0.0, 3.0, 4.0]", "[1.0, -0.0, 3.0, 4.0]", 1),  # -0.0 != +0.0 bitwise
    ("check.expect_eq", "[1.0, 2.0, 0x7FC00000, 4.0]", "[1.0, 2.0, 3.0, 4.0]", 2),
    ("check.expect_almost_eq", "[1.0, 2.0, 3.0, 4.0]", "[1.0, 2.0, 3.0011, 4.0]", 2),
    ("check.expect_almost_eq", "[1.0, 2.0, 3.0, 0x7F800000]", "[1.0, 2.0, 3.0, 0xFF800000]", 3),
    ("check.expect_close", "[1.0, 2.0, 3.0, 4.0]", "[1.0, 2.0, 3.0, 4.0000020]", 3),  # 4 ULP
])
def test_custom_call_checks_fail_with_details(target, actual, expected, bad_index):
    with pytest.raises(CheckFailure) as info:
        interpret(custom_call_program(target, actual, expected))
    message = str(info.value)
    assert f"@{target} failed" in message
    assert "stablehlo.custom_call at loc(" in message and ":5:" in message  # the op's location
    assert f"at [{bad_index}]: actual" in message and "1 of 4 elements differ" in message
    assert info.value.op_name == "stablehlo.custom_call"


def test_expect_close_counts_ulps_in_the_element_type():
    ok = custom_call_program("check.expect_close", "[1.0, 2.0]", "[1.0078125, 2.0]", "tensor<2xbf16>")  # 1 ULP
    interpret(ok)
    bad = custom_call_program("check.expect_close", "[1.0, 2.0]", "[1.03125, 2.0]", "tensor<2xbf16>")  # 4 ULP
    with pytest.raises(CheckFailure):
        interpret(bad)


def test_integer_and_complex_checks():
    interpret(custom_call_program("check.expect_eq", "[1, -2, 3, 4]", "[1, -2, 3, 4]", "tensor<4xi64>"))
    with pytest.raises(CheckFailure, match=r"at \[3\]: actual 4, expected 5"):
        interpret(custom_call_program("check.expect_eq", "[1, -2, 3, 4]", "[1, -2, 3, 5]", "tensor<4xi64>"))
    interpret(custom_call_program("check.expect_almost_eq", "[(1.0, 2.0)]", "[(1.0005, 1.9995)]",
                                  "tensor<1xcomplex<f32>>"))
    with pytest.raises(CheckFailure):
        interpret(custom_call_program("check.expect_almost_eq", "[(1.0, 2.0)]", "[(1.0, 2.1)]",
                                      "tensor<1xcomplex<f32>>"))


def test_failure_lists_first_mismatches_and_count():
    text = """
    func.func @main() {
      %a = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]> : tensor<20xi32>
      %e = stablehlo.constant dense<100> : tensor<20xi32>
      stablehlo.custom_call @check.expect_eq(%a, %e) {has_side_effect = true} : (tensor<20xi32>, tensor<20xi32>) -> ()
      return
    }"""
    with pytest.raises(CheckFailure) as info:
        interpret(text)
    message = str(info.value)
    assert "20 of 20 elements differ" in message and "at [0]: actual 0, expected 100" in message
    assert "and 15 more" in message


def test_check_stops_the_run_even_with_results():
    text = """
    func.func @main() -> tensor<i1> {
      %t = stablehlo.constant dense<true> : tensor<i1>
      %f = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.custom_call @check.expect_eq(%t, %f) {has_side_effect = true} : (tensor<i1>, tensor<i1>) -> ()
      return %t : tensor<i1>
    }"""
    with pytest.raises(CheckFailure, match="actual true, expected false"):
        interpret(text)


def test_unknown_custom_call_target_is_a_clean_error():
    text = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.custom_call @my_kernel(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }"""
    with pytest.raises(InterpreterError, match="unsupported custom_call target @my_kernel"):
        interpret(text, np.zeros(2, np.float32))


# The check dialect, generic form.

GENERIC_CHECKS = """
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.0, 2.0, 3.0000002]> : tensor<3xf32>
  "check.expect_eq"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> ()
  "check.expect_eq_const"(%a) {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  "check.expect_almost_eq"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> ()
  "check.expect_almost_eq_const"(%a) {value = dense<[1.0, 2.0, 3.00005]> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  "check.expect_close"(%a, %b) {max_ulp_difference = 1 : ui64} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return
}
"""


def test_check_dialect_generic_form_passes():
    assert interpret(GENERIC_CHECKS) == []


def test_check_dialect_generic_form_fails():
    failing = GENERIC_CHECKS.replace("3.00005", "3.01")
    with pytest.raises(CheckFailure, match=r"check.expect_almost_eq_const at loc\(.*\): (.|\n)*at \[2\]: actual 3.0, "
                                           r"expected 3.01"):
        interpret(failing)


# The check dialect, pretty form (as the project's check dialect prints it; note that
# expect_close takes both operand types, as upstream's test dialect writes them).

PRETTY_CHECKS = """
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0, 0x7FC00000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.0, 2.0000002, 0x7FC00000]> : tensor<3xf32>
  %i = stablehlo.constant dense<[7, -8]> : tensor<2xi32>
  check.expect_eq %i, %i : tensor<2xi32>
  check.expect_eq_const %i, dense<[7, -8]> : tensor<2xi32>
  check.expect_almost_eq %a, %b : tensor<3xf32>
  check.expect_almost_eq_const %a, dense<[1.0, 2.00005, 0x7FC00000]> : tensor<3xf32>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<3xf32>, tensor<3xf32>
  return
}
"""


def test_check_dialect_pretty_form_passes():
    assert interpret(PRETTY_CHECKS) == []


@pytest.mark.parametrize("old,new,check", [
    ("check.expect_eq_const %i, dense<[7, -8]>", "check.expect_eq_const %i, dense<[7, -9]>", "check.expect_eq_const"),
    ("max_ulp_difference = 1", "max_ulp_difference = 0", "check.expect_close"),
])
def test_check_dialect_pretty_form_fails(old, new, check):
    with pytest.raises(CheckFailure, match=check):
        interpret(PRETTY_CHECKS.replace(old, new))


def test_check_dialect_expect_close_default_and_tolerance_attributes():
    """expect_close allows 3 ULP by default; expect_almost_eq honours `tolerance`."""
    text = """
    func.func @main() {
      %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
      %b = stablehlo.constant dense<[1.0000003, 2.0]> : tensor<2xf32>
      %c = stablehlo.constant dense<[1.05, 2.0]> : tensor<2xf32>
      "check.expect_close"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
      "check.expect_almost_eq"(%a, %c) {tolerance = 0.1 : f64} : (tensor<2xf32>, tensor<2xf32>) -> ()
      return
    }"""
    interpret(text)
    with pytest.raises(CheckFailure, match="expect_almost_eq"):
        interpret(text.replace("0.1 : f64", "0.01 : f64"))


@pytest.mark.parametrize("target", ["check.expect_eq", "check.expect_almost_eq", "check.expect_close"])
def test_checks_on_scalar_tensors(target):
    ok = custom_call_program(target, "(1.5, -0.0)", "(1.5, -0.0)", "tensor<complex<f64>>")
    interpret(ok)
    interpret(custom_call_program(target, "0x7FC00000", "0x7FC00000", "tensor<f32>"))
    with pytest.raises(CheckFailure, match=r"1 of 1 element differ\n  at \[\]: actual 1.0, expected 2.0"):
        interpret(custom_call_program(target, "1.0", "2.0", "tensor<f32>"))


def test_expect_close_reads_its_ui64_bounds_unsigned():
    """max_ulp_difference = 2^64 - 1 allows any distance (read as a signed i64 it would be -1,
    which no distance meets); min_ulp_difference 2^63 demands more than any f32 pair has."""
    text = """
    func.func @main() {
      %a = stablehlo.constant dense<[1.0, -1.0e30]> : tensor<2xf32>
      %b = stablehlo.constant dense<[2.0, 1.0e30]> : tensor<2xf32>
      "check.expect_close"(%a, %b) {max_ulp_difference = 18446744073709551615 : ui64} : (tensor<2xf32>, tensor<2xf32>) -> ()
      return
    }"""
    assert interpret(text) == []
    demanding = text.replace("{max_ulp_difference = 18446744073709551615 : ui64}",
                             "{max_ulp_difference = 18446744073709551615 : ui64, "
                             "min_ulp_difference = 9223372036854775808 : ui64}")
    with pytest.raises(CheckFailure, match="expect_close"):
        interpret(demanding)
