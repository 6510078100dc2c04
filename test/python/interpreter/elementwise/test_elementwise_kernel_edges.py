"""Element-wise kernels on inputs mutation testing found unjudged (docs/testing.md): real and
imag of real numbers, boolean arithmetic on arrays (the scalar-loop forms are tested apart),
complex power, and bitcast_convert's own shape and type errors."""

from __future__ import annotations

import ml_dtypes
import mpmath
import numpy as np
import pytest
from conftest import assert_same, xla_run_text

from stablehlo_py.interpreter import InterpreterError, interpret

pytestmark = pytest.mark.mutant_killer


@pytest.mark.xla
@pytest.mark.parametrize("element,dtype", [("f16", np.float16), ("bf16", ml_dtypes.bfloat16), ("f32", np.float32),
                                           ("f64", np.float64)])
def test_real_and_imag_of_real_numbers(element, dtype):
    """real(x) is x; imag(x) is +0 (XLA, bit for bit: pure data movement)."""
    T = f"tensor<5x{element}>"
    text = f"""func.func @main(%a: {T}) -> ({T}, {T}) {{
  %0 = stablehlo.real %a : ({T}) -> {T}
  %1 = stablehlo.imag %a : ({T}) -> {T}
  return %0, %1 : {T}, {T}
}}"""
    x = np.array([1.5, -0.0, np.nan, -np.inf, 3.0], dtype)
    got = interpret(text, x)
    assert_same(got, [x, np.zeros(5, dtype)])
    if element != "bf16" and element != "f16":
        assert_same(got, xla_run_text(text, x))


@pytest.mark.parametrize("op,fn", [("add", np.logical_or), ("multiply", np.logical_and), ("maximum", np.logical_or),
                                   ("minimum", np.logical_and), ("and", np.logical_and), ("or", np.logical_or),
                                   ("xor", np.logical_xor)])
def test_boolean_arithmetic_on_arrays(op, fn):
    a = np.array([False, False, True, True])
    b = np.array([False, True, False, True])
    text = f"""func.func @main(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {{
  %0 = stablehlo.{op} %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}}"""
    assert_same(interpret(text, a, b), [fn(a, b)], op)


# complex power: numpy's, within 5.3 eps of |z^w| measured against mpmath (2026-11-24)
POWER_EPS = 16


@pytest.mark.parametrize("element,dtype", [("complex<f32>", np.complex64), ("complex<f64>", np.complex128)])
def test_complex_power_against_mpmath(element, dtype):
    """z^w = exp(w log z) on the principal branch, against mpmath at 200 bits."""
    rng = np.random.default_rng(7)
    z = (rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)).astype(dtype)
    w = (rng.uniform(-2, 2, 64) + 1j * rng.uniform(-2, 2, 64)).astype(dtype)
    T = f"tensor<64x{element}>"
    text = f"""func.func @main(%z: {T}, %w: {T}) -> {T} {{
  %0 = stablehlo.power %z, %w : {T}
  return %0 : {T}
}}"""
    (got,) = interpret(text, z, w)
    eps = float(np.finfo(np.real(got).dtype).eps)
    with mpmath.workprec(200):
        exact = [complex(mpmath.power(mpmath.mpc(complex(a)), mpmath.mpc(complex(b)))) for a, b in zip(z, w)]
    for g, e in zip(got, exact):
        assert abs(complex(g) - e) <= POWER_EPS * eps * abs(e), (g, e)


def test_bitcast_join_checks_the_run_time_last_dimension():
    """Joining i8 pairs into i16: a dynamic last dimension must be 2 at run time (C1)."""
    text = """func.func @main(%x: tensor<3x?xi8>) -> tensor<3xi16> {
  %0 = stablehlo.bitcast_convert %x : (tensor<3x?xi8>) -> tensor<3xi16>
  return %0 : tensor<3xi16>
}"""
    assert interpret(text, np.zeros((3, 2), np.int8))[0].shape == (3,)
    with pytest.raises(InterpreterError, match=r"operand of shape \(3, 4\) does not give a tensor<3xi16> \(C1\)"):
        interpret(text, np.zeros((3, 4), np.int8))


def test_bitcast_between_complex_widths_reinterprets_the_bytes():
    """Two complex64 make one complex128 (the spec's bit layout: the bytes in order)."""
    text = """func.func @main(%a: tensor<2xcomplex<f32>>) -> tensor<complex<f64>> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xcomplex<f32>>) -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}"""
    a = np.array([1 + 2j, 3 + 4j], np.complex64)
    assert_same(interpret(text, a), [a.view(np.complex128).reshape(())])


def test_complex_cumulative_product_past_one_scan_block():
    """40 factors from {1, -1, i, -i}: every product is exact, so the blocked scan must give
    the running products exactly (up to the signs of zero parts, which the textbook formula
    decides)."""
    rng = np.random.default_rng(2)
    x = np.array([1, -1, 1j, -1j], np.complex64)[rng.integers(0, 4, 40)]
    text = """func.func @main(%x: tensor<40xcomplex<f32>>, %i: tensor<complex<f32>>) -> tensor<40xcomplex<f32>> {
  %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 40>, padding = dense<[[39, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.multiply %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) : (tensor<40xcomplex<f32>>, tensor<complex<f32>>) -> tensor<40xcomplex<f32>>
  return %0 : tensor<40xcomplex<f32>>
}"""
    want, p = [], 1
    for v in x:
        p *= complex(v)
        want.append(p)
    (got,) = interpret(text, x, np.complex64(1))
    np.testing.assert_array_equal(got, np.array(want, np.complex64))  # values; zero signs follow the formula


_SIGNALING_NAN = {np.float16: 0x7C01, ml_dtypes.bfloat16: 0x7F81, np.float32: 0x7F800003, np.float64: 0x7FF0000000000003}
_BITS = {np.float16: np.uint16, ml_dtypes.bfloat16: np.uint16, np.float32: np.uint32, np.float64: np.uint64}


@pytest.mark.parametrize("element,dtype", [("f16", np.float16), ("bf16", ml_dtypes.bfloat16), ("f32", np.float32),
                                           ("f64", np.float64)])
@pytest.mark.parametrize("scalar_exponent", [False, True])
def test_power_of_zero_exponent_and_unit_base_is_one(element, dtype, scalar_exponent):
    """x ** +-0 and 1 ** y are 1 for every x and y, quiet and signaling NaNs included (C's Annex F),
    on every host: numpy's AVX-512 loop and the C library's pow disagree on a signaling NaN, and
    the values around it in a SIMD block must not matter."""
    snan = np.array([_SIGNALING_NAN[dtype]], _BITS[dtype]).view(dtype)[0]
    specials = [np.nan, -np.nan, snan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 1e3]
    x = np.array(specials + [1.0] * len(specials) + specials + specials, dtype)
    y = np.array([0.0] * len(specials) + specials + [-0.0] * len(specials) + [2.0] * len(specials), dtype)
    n = len(x)
    T = f"tensor<{n}x{element}>"
    if scalar_exponent:  # a broadcast zero exponent takes the kernel's scalar-exponent path
        m = len(specials)
        T = f"tensor<{m}x{element}>"
        text = f"""func.func @main(%a: {T}, %b: tensor<{element}>) -> {T} {{
  %e = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<{element}>) -> {T}
  %0 = stablehlo.power %a, %e : {T}
  return %0 : {T}
}}"""
        (got,) = interpret(text, x[:m], np.array(0.0, dtype))
        assert np.all(got == 1), got
        return
    text = f"""func.func @main(%a: {T}, %b: {T}) -> {T} {{
  %0 = stablehlo.power %a, %b : {T}
  return %0 : {T}
}}"""
    (got,) = interpret(text, x, y)
    unit = slice(0, 3 * len(specials))
    assert np.all(got[unit] == 1), got[unit]
    with np.errstate(all="ignore"):  # the rest: what pow gives (a square)
        rest = x[3 * len(specials):].astype(np.float64) ** 2
    assert_same([got[3 * len(specials):]], [rest.astype(dtype)])
