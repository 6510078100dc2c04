"""Killers for attributes.py: the op definitions' defaults the kernels read when an attribute
is absent, and attribute values that only decode right one way. Oracles: numpy formulas."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import CheckFailure, InterpreterError, interpret

pytestmark = pytest.mark.mutant_killer


def _sort(attributes: str) -> str:
    return f"""func.func @main(%x: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {{
  %0 = "stablehlo.sort"(%x) {attributes} ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }}) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}}"""


_X = np.random.default_rng(3).integers(-50, 50, (2, 3, 4)).astype(np.int32)


def test_sort_without_dimension_sorts_the_last_one():
    """sort's dimension defaults to -1 (RegionOps.td): the last of three dimensions."""
    assert_same(interpret(_sort(""), _X), [np.sort(_X, axis=-1)])


def test_sort_with_a_negative_dimension():
    """dimension = -2, an i64 attribute read signed (as unsigned it would be 2^64 - 2, which
    is 2 modulo 3, not 1)."""
    assert_same(interpret(_sort("<{dimension = -2 : i64}>"), _X), [np.sort(_X, axis=1)])


def test_cholesky_without_lower_gives_the_upper_factor():
    """lower defaults to false: the result is U with U^H U = a, zero below the diagonal."""
    text = """func.func @main(%a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %0 = "stablehlo.cholesky"(%a) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}"""
    a = np.array([[4.0, 2.0], [2.0, 5.0]])
    (u,) = interpret(text, a)
    assert_same([np.tril(u, -1)], [np.zeros((2, 2))])
    np.testing.assert_allclose(u.T @ u, a, rtol=0, atol=1e-12)
    np.testing.assert_allclose(u, np.linalg.cholesky(a).T, rtol=0, atol=1e-12)


def test_negative_sub_byte_constants():
    """i4 constants are stored one per byte in the low bits: -8 and -1 must not read as 8 and 15."""
    text = """func.func @main() -> tensor<4xi4> {
  %0 = stablehlo.constant dense<[-8, -1, 7, 0]> : tensor<4xi4>
  return %0 : tensor<4xi4>
}"""
    assert_same(interpret(text), [np.array([-8, -1, 7, 0], ml_dtypes.int4)])


def test_check_defaults_bound_what_they_allow():
    """expect_close allows 3 ULP by default (not 4: MLIR materialises the DefaultValuedAttr) and
    expect_almost_eq and expect_almost_eq_const 1e-4 (not 2e-4: ours, from ODS_DEFAULTS)."""
    four_ulp = np.float32(1.0) + 4 * np.spacing(np.float32(1.0))
    text = f"""func.func @main() {{
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<{float(four_ulp)!r}> : tensor<f32>
  %c = stablehlo.constant dense<1.00015> : tensor<f32>
  CHECK
  return
}}"""
    for check in ('"check.expect_close"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()',
                  '"check.expect_almost_eq"(%a, %c) : (tensor<f32>, tensor<f32>) -> ()',
                  '"check.expect_almost_eq_const"(%a) {value = dense<1.00015> : tensor<f32>} : (tensor<f32>) -> ()'):
        try:
            interpret(text.replace("CHECK", check))
        except CheckFailure:
            continue
        raise AssertionError(f"{check} passed")


def test_broadcast_sizes_decode_to_a_tuple():
    """broadcast_sizes are prepended to the operand's shape (XLA's Broadcast)."""
    text = """func.func @main(%x: tensor<2xi32>) -> tensor<3x2xi32> {
  %0 = "stablehlo.broadcast"(%x) <{broadcast_sizes = array<i64: 3>}> : (tensor<2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}"""
    x = np.array([5, -6], np.int32)
    assert_same(interpret(text, x), [np.broadcast_to(x, (3, 2))])


def test_dense_resource_constant_reads_its_blob():
    """A dense_resource constant (its bytes in the module's resources, as torch-mlir writes
    weights) holds the blob's elements: the 4-byte alignment header, then 1.0 and 2.0."""
    text = """module {
func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense_resource<blob1> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
}
{-#
  dialect_resources: { builtin: { blob1: "0x040000000000803F00000040" } }
#-}"""
    np.testing.assert_array_equal(interpret(text)[0], np.array([1.0, 2.0], np.float32))
