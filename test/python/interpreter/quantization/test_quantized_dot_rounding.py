"""Killers of quantization.py's surviving mutants (test/mutation/run.py --module quantization):
the integer dot_general's float result rounded once (an exact product, round to odd, then the
expressed type) checked directly against exact rationals on constructed near-ties; where the
rhs quantization dimension lands in the result for batch and several free dimensions; scales
that the expressed type does not hold (rounded to it before they multiply); sums past 2**24.

The oracle is exact rational arithmetic (fractions) of decisions.md's "Quantization" rule:
acc = sum((lhs - zp_lhs) * (rhs - zp_rhs)), value = round_E(acc * scale_lhs_E * scale_rhs_E),
then quantize(value) = clamp(rint(round_E(value / scale_out_E)) + zp_out).
"""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.kernels.quantization import _product_rounded_once
from stablehlo_py.interpreter.core.types import element_info

pytestmark = pytest.mark.mutant_killer


def round_to(dtype, value: Fraction):
    """`value` rounded to nearest, ties to even, in `dtype` (finite values)."""
    dtype = np.dtype(dtype)
    guess = np.asarray(float(value)).astype(dtype)
    candidates = {guess.item(), np.nextafter(guess.astype(np.float64), np.inf).astype(dtype).item(),
                  np.nextafter(guess.astype(np.float64), -np.inf).astype(dtype).item()}
    for step in (np.inf, -np.inf):  # neighbours in the narrow type itself
        neighbour = np.asarray(guess)
        for _ in range(2):
            neighbour = np.asarray(np.nextafter(neighbour.astype(np.float32), np.float32(step))).astype(dtype) \
                if dtype.itemsize < 4 else np.nextafter(neighbour, neighbour.dtype.type(step))
            candidates.add(neighbour.item())
    finite = [c for c in candidates if np.isfinite(float(c))]

    def key(c):
        distance = abs(Fraction(float(c)) - value)
        bits = np.asarray(c, dtype).view(np.uint8 if dtype.itemsize == 1 else f"u{dtype.itemsize}").item()
        return distance, bits & 1

    return np.asarray(min(finite, key=key), dtype)


def f32(x) -> Fraction:
    return Fraction(float(np.float32(x)))


# ------------------------------------------------------------ the product, rounded once

@pytest.mark.parametrize("dtype", [np.float32, np.float16, ml_dtypes.bfloat16], ids=["f32", "f16", "bf16"])
def test_product_is_rounded_once_on_near_ties(dtype):
    """Products whose exact value is a hair above or below a tie of the narrow type, where
    rounding to float64 first would land on the tie."""
    rng = np.random.default_rng(5)
    info = element_info({np.float32: "f32", np.float16: "f16", ml_dtypes.bfloat16: "bf16"}[dtype])
    mantissa = ml_dtypes.finfo(dtype).nmant + 1
    accs, scales, exact = [], [], []
    for _ in range(300):
        # a tie of the narrow type: an odd multiple of half its ulp at exponent 0
        tie = Fraction(2 * int(rng.integers(2 ** (mantissa - 1), 2 ** mantissa)) + 1, 2 ** mantissa)
        scale = Fraction(int(rng.integers(2 ** 23, 2 ** 24)), 2 ** 24)  # an f32 scale in [0.5, 1)
        acc = round(tie / scale) + int(rng.integers(-2, 3))
        if acc <= 0:
            continue
        accs.append(float(acc))
        scales.append(float(scale))
        exact.append(acc * scale)
    got = _product_rounded_once(np.array(accs), np.array(scales), info)
    expected = np.array([round_to(dtype, e) for e in exact], dtype)
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got.astype(np.float64), expected.astype(np.float64))


def test_products_whose_float64_rounding_lands_on_a_tie():
    """acc * scale = T + d with T a tie of f32 below 2**52 and 0 < |d| < 1/2: float64 (ulp 1/2
    there) rounds the product to T in most cases; only the sign of d decides the f32 result. Exact
    products on a tie whose even neighbour is above, (2**24 + 3) * 2**-24, must not move."""
    rng = np.random.default_rng(8)
    info = element_info("f32")
    accs, scales, exact = [float(2 ** 24 + 3)], [2.0 ** -24], [Fraction(2 ** 24 + 3, 2 ** 24)]
    while len(accs) < 200:
        # a product of two f32 scales, as the kernel's: 48 significant bits
        scale = Fraction(2 * int(rng.integers(2 ** 46, 2 ** 47)) + 1, 2 ** 48)
        tie = (2 * int(rng.integers(2 ** 23, 2 ** 24)) + 1) * 2 ** 27  # in [2**51, 2**52): f32's ulp is 2**28
        acc = round(tie / scale)
        if acc >= 2 ** 53 or acc * scale == tie:
            continue
        accs.append(float(acc))
        scales.append(float(scale))
        exact.append(acc * scale)
    accs, scales = np.array(accs), np.array(scales)
    assert np.sum((accs * scales) % 2 ** 28 == 2 ** 27) > 100  # float64 lands on the tie itself in most
    got = _product_rounded_once(accs, scales, info)
    np.testing.assert_array_equal(got, np.array([round_to(np.float32, e) for e in exact], np.float32))


def test_product_rounded_once_in_float64_is_the_ieee_product():
    a, b = np.array([3.0, 2.0 ** 52 + 1]), np.array([1.1, 0.75])
    np.testing.assert_array_equal(_product_rounded_once(a, b, element_info("f64")), a * b)


def test_product_of_exact_values_and_negative_ones():
    """Exact products pass unchanged; negative near-ties round away from the tie as positive ones do."""
    info = element_info("f32")
    scale = Fraction(12136747, 2 ** 24)
    acc = 10938007
    got = _product_rounded_once(np.array([acc, -acc, 8.0]), np.array([float(scale)] * 2 + [0.25]), info)
    expected = [round_to(np.float32, acc * scale), round_to(np.float32, -acc * scale), np.float32(2.0)]
    np.testing.assert_array_equal(got, np.array(expected, np.float32))


# --------------------------------------------------- dot_general: where the per-axis scales go

def quantize_exact(value: Fraction, scale: float, zero_point: int, low: int, high: int) -> int:
    quotient = round_to(np.float32, Fraction(float(value)) / f32(scale))
    r = int(np.rint(np.float64(quotient)))
    return min(high, max(low, r + zero_point))


def dot_oracle(lhs, rhs, lhs_q, rhs_q, out_q, dims, rhs_axis_in_result):
    """Exact rule: integer sums (numpy int64 einsum), scales per result slice, one rounding each."""
    (l_scale, l_zp), (r_scales, r_zps, r_shape), (o_scale, o_zp) = lhs_q, rhs_q, out_q
    r_zps = np.asarray(r_zps)
    acc = np.einsum(dims, lhs.astype(np.int64) - l_zp, rhs.astype(np.int64) - r_zps.reshape(r_shape))
    out = np.empty(acc.shape, np.int64)
    for index in np.ndindex(acc.shape):
        j = index[rhs_axis_in_result] if rhs_axis_in_result is not None else 0
        value = round_to(np.float32, int(acc[index]) * f32(l_scale) * f32(r_scales[j]))
        out[index] = quantize_exact(Fraction(float(value)), o_scale, o_zp, -2 ** 31, 2 ** 31 - 1)
    return out


def per_axis(scales, zps, axis):
    return f"!quant.uniform<i8:f32:{axis}, {{{','.join(f'{s!r}:{z}' for s, z in zip(scales, zps))}}}>"


@pytest.mark.parametrize("case", ["batch", "two_free", "rhs_two_free"])
def test_per_axis_rhs_scales_follow_the_result_dimension(case):
    rng = np.random.default_rng(11)
    scales, zps = [0.1, 0.37, 1.3, 0.02, 0.6], [0, 0, 0, 0, 0]
    if case == "batch":  # lhs [2, 3, 4] x rhs [2, 4, 5], batch 0, result [2, 3, 5]: rhs dim 2 -> result dim 2
        lhs_shape, rhs_shape, out_shape = (2, 3, 4), (2, 4, 5), (2, 3, 5)
        attrs = "batching_dims = [0] x [0], contracting_dims = [2] x [1]"
        einsum, axis, in_result, reshape = "bmk,bkn->bmn", 2, 2, (1, 1, 5)
    elif case == "rhs_two_free":  # lhs [2, 4] x rhs [4, 3, 5], result [2, 3, 5]: rhs dim 2 -> result dim 2
        lhs_shape, rhs_shape, out_shape = (2, 4), (4, 3, 5), (2, 3, 5)
        attrs = "contracting_dims = [1] x [0]"
        einsum, axis, in_result, reshape = "mk,kan->man", 2, 2, (1, 1, 5)
    else:  # lhs [3, 2, 4] x rhs [4, 5], result [3, 2, 5]: rhs dim 1 -> result dim 2
        lhs_shape, rhs_shape, out_shape = (3, 2, 4), (4, 5), (3, 2, 5)
        attrs = "contracting_dims = [2] x [0]"
        einsum, axis, in_result, reshape = "abk,kn->abn", 1, 2, (1, 5)
    lq, rq = "!quant.uniform<i8:f32, 0.23:-3>", per_axis(scales, zps, axis)
    oq = "!quant.uniform<i32:f32, 0.011:7>"
    t = lambda shape, q: f"tensor<{'x'.join(map(str, shape))}x{q}>"  # noqa: E731
    text = f"""func.func @main(%a: {t(lhs_shape, lq)}, %b: {t(rhs_shape, rq)}) -> {t(out_shape, oq)} {{
  %0 = stablehlo.dot_general %a, %b, {attrs} : ({t(lhs_shape, lq)}, {t(rhs_shape, rq)}) -> {t(out_shape, oq)}
  return %0 : {t(out_shape, oq)}
}}"""
    a = rng.integers(-128, 128, lhs_shape).astype(np.int8)
    b = rng.integers(-128, 128, rhs_shape).astype(np.int8)
    (got,) = interpret(text, a, b)
    expected = dot_oracle(a, b, (0.23, -3), (scales, zps, reshape), (0.011, 7), einsum, in_result)
    np.testing.assert_array_equal(got, expected)


def test_scales_the_expressed_type_does_not_hold_and_sums_past_2_to_the_24():
    """0.1 and 0.37 are not f32 values: they multiply as their f32 roundings. 3000 terms of
    i16 offsets overflow float32's exact integers: the sums go through float64, beyond 2**24."""
    rng = np.random.default_rng(12)
    k = 3000
    lq, rq = "!quant.uniform<i16:f32, 0.1:5>", "!quant.uniform<i16:f32, 0.37>"
    oq = "!quant.uniform<i32:f32, 64.0:0>"
    text = f"""func.func @main(%a: tensor<3x{k}x{lq}>, %b: tensor<{k}x2x{rq}>) -> tensor<3x2x{oq}> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x{k}x{lq}>, tensor<{k}x2x{rq}>) -> tensor<3x2x{oq}>
  return %0 : tensor<3x2x{oq}>
}}"""
    a = rng.integers(20000, 32768, (3, k)).astype(np.int16)  # same signs: the sums are large
    b = rng.integers(20000, 32768, (k, 2)).astype(np.int16)
    (got,) = interpret(text, a, b)
    acc = (a.astype(np.int64) - 5) @ b.astype(np.int64)
    assert np.abs(acc).min() > 2 ** 40
    expected = np.array([[quantize_exact(Fraction(float(round_to(np.float32, int(v) * f32(0.1) * f32(0.37)))),
                                         64.0, 0, -2 ** 31, 2 ** 31 - 1) for v in row] for row in acc])
    assert np.all(np.abs(expected) < 2 ** 31 - 1)  # not saturated: every bit of the sums shows
    np.testing.assert_array_equal(got, expected)
