"""Element-wise ops per element type, with edge values: against XLA on CPU where its result is
exact on every host (integer ops, IEEE arithmetic without subnormals, NaN/inf/zero rules), and
against the correctly rounded result (mpmath, fractions) where XLA's own approximations and
rounding depend on the host (transcendental functions, complex multiply)."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import mpmath
import numpy as np
import pytest
from conftest import assert_same, assert_ulp, export, mp_exact, round_exact, run_both, xla
from jax import lax

from stablehlo_py.interpreter import interpret

SIGNED = [np.int8, np.int16, np.int32, np.int64]
UNSIGNED = [np.uint8, np.uint16, np.uint32, np.uint64]
INTS = SIGNED + UNSIGNED
FLOATS = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64]
COMPLEX = [np.complex64, np.complex128]


def int_values(dtype, n=24, seed=0):
    """Edge values (min, max, 0, +-1) and random values, as a pair of equal-length arrays."""
    info = np.iinfo(dtype)
    edges = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    if info.min < 0:
        edges += [-1, -2]
    rng = np.random.default_rng(seed)
    rand = rng.integers(info.min, info.max, size=n - len(edges), dtype=dtype, endpoint=True)
    a = np.concatenate([np.array(edges, dtype=dtype), rand])
    b = np.roll(a, 3)
    return a, b


def float_values(dtype, seed=0):
    """NaN, +-inf, +-0, tiny and huge values, and random values; all pairs of specials."""
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -2.5, 1e-3, 65000.0, -7e4],
                        dtype=np.float64)
    rng = np.random.default_rng(seed)
    rand = rng.standard_normal(16) * 10
    a = np.concatenate([np.repeat(specials, len(specials)), rand])
    b = np.concatenate([np.tile(specials, len(specials)), rng.standard_normal(16) * 3])
    with np.errstate(over="ignore"):  # 7e4 is inf in f16: fine, it is an edge value too
        return a.astype(dtype), b.astype(dtype)


def complex_values(dtype):
    a, b = float_values(np.float64)
    with np.errstate(invalid="ignore"):
        return (a + 1j * b[::-1]).astype(dtype), (b - 0.5j * a).astype(dtype)


BINARY_ARITH = {
    "add": lax.add, "subtract": lax.sub, "multiply": lax.mul, "maximum": lax.max, "minimum": lax.min,
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", INTS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(BINARY_ARITH) + ["divide", "remainder", "and", "or", "xor"])
def test_integer_binary(op, dtype):
    fn = {**BINARY_ARITH, "divide": lax.div, "remainder": lax.rem, "and": lax.bitwise_and,
          "or": lax.bitwise_or, "xor": lax.bitwise_xor}[op]
    a, b = int_values(dtype)
    if op in ("divide", "remainder"):
        b[::5] = 0  # XLA: x / 0 = -1, x % 0 = x
        if np.iinfo(dtype).min < 0:
            a[1], b[1] = np.iinfo(dtype).min, -1  # INT_MIN / -1 overflows
    got, expected = run_both(fn, a, b)
    assert_same(got, expected, f"{op} {np.dtype(dtype).name}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(BINARY_ARITH) + ["divide"])
def test_float_binary_exact(op, dtype):
    """IEEE arithmetic (one rounding) is exact in both implementations, incl. NaN, inf, -0.0."""
    fn = {**BINARY_ARITH, "divide": lax.div}[op]
    a, b = float_values(dtype)
    got, expected = run_both(fn, a, b)
    assert_same(got, expected, f"{op} {np.dtype(dtype).name}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", ["add", "subtract"])
def test_complex_add_subtract_exact(op, dtype):
    """One IEEE operation per part: exact in both implementations."""
    a, b = complex_values(dtype)
    got, expected = run_both(BINARY_ARITH[op], a, b)
    assert_same(got, expected, op)


@pytest.mark.parametrize("dtype", COMPLEX, ids=lambda d: np.dtype(d).name)
def test_complex_multiply(dtype):
    """(a+bi)(c+di) by the textbook formula with every product and sum rounded, bit for bit:
    round(round(ac) - round(bd)), round(round(ad) + round(bc)) computed exactly with fractions
    (docs/decisions.md). Not XLA, nor numpy's own complex multiply: whether they fuse a
    multiply-add depends on the host."""
    a, b = complex_values(dtype)
    keep = np.isfinite(a) & np.isfinite(b)  # Fractions hold finite values only
    rng = np.random.default_rng(5)  # and random parts, where a fused multiply-add shows in ~1/4 of results
    a, b = (np.concatenate([x[keep], (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(dtype)])
            for x in (a, b))
    (got,) = interpret(export(lax.mul, a, b), a, b)
    part = np.float32 if dtype == np.complex64 else np.float64

    def rounded_product(x, y):
        """round(x * y), a zero carrying the sign of the exact product (IEEE)."""
        value = round_exact([Fraction(float(u)) * Fraction(float(v)) for u, v in zip(x, y)], part)
        negative = np.signbit(x) ^ np.signbit(y)
        return np.where(value == 0, np.where(negative, part(-0.0), part(0.0)), value).astype(part)

    def rounded_sum(x, y):
        """round(x + y); an exact zero is -0 only if both are -0 (round to nearest, IEEE)."""
        value = round_exact([Fraction(float(u)) + Fraction(float(v)) for u, v in zip(x, y)], part)
        both_negative_zero = (x == 0) & (y == 0) & np.signbit(x) & np.signbit(y)
        return np.where(value == 0, np.where(both_negative_zero, part(-0.0), part(0.0)), value).astype(part)

    ac, bd = rounded_product(a.real, b.real), rounded_product(a.imag, b.imag)
    ad, bc = rounded_product(a.real, b.imag), rounded_product(a.imag, b.real)
    real, imag = rounded_sum(ac, -bd), rounded_sum(ad, bc)
    assert_same([got.real.copy(), got.imag.copy()], [real, imag], "complex multiply")


@pytest.mark.xla
def test_float_remainder():
    a, b = float_values(np.float32)
    got, expected = run_both(lax.rem, a, b)
    assert_same(got, expected, "remainder f32")


@pytest.mark.xla
def test_bool_logic():
    a = np.array([True, True, False, False])
    b = np.array([True, False, True, False])
    for fn in (lax.bitwise_and, lax.bitwise_or, lax.bitwise_xor, lax.max, lax.min):
        got, expected = run_both(fn, a, b)
        assert_same(got, expected, fn.__name__)
    got, expected = run_both(lax.bitwise_not, a)
    assert_same(got, expected, "not")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", INTS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", ["shift_left", "shift_right_logical", "shift_right_arithmetic"])
def test_shifts(op, dtype):
    bits = np.iinfo(dtype).bits
    a, _ = int_values(dtype, n=16)
    amounts = np.array([0, 1, bits - 1, bits, bits + 1, 3, 2 * bits, 5] * 2, dtype=dtype)
    if np.iinfo(dtype).min < 0:
        amounts[-1] = -1  # negative amounts shift everything out
    got, expected = run_both(getattr(lax, op), a, amounts)
    assert_same(got, expected, f"{op} {np.dtype(dtype).name}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED, ids=lambda d: np.dtype(d).name)
def test_integer_unary(dtype):
    a, _ = int_values(dtype)
    fns = [lax.bitwise_not, lax.population_count, lax.clz]
    if np.iinfo(dtype).min < 0:
        fns += [lax.neg, lax.abs, lax.sign]
    for fn in fns:
        got, expected = run_both(fn, a)
        assert_same(got, expected, f"{fn.__name__} {np.dtype(dtype).name}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_float_exact_unary(dtype):
    a, _ = float_values(dtype)
    for fn in (lax.neg, lax.abs, lax.sign, lax.floor, lax.ceil, lax.is_finite, lax.round,
               lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN)):
        got, expected = run_both(fn, a)
        assert_same(got, expected, f"{getattr(fn, '__name__', fn)} {np.dtype(dtype).name}")


@pytest.mark.xla
def test_round_halfway_cases():
    x = np.array([0.5, -0.5, 1.5, 2.5, -2.5, 0.49999997, -0.49999997, 1e30, -0.0], np.float32)
    for method in (lax.RoundingMethod.AWAY_FROM_ZERO, lax.RoundingMethod.TO_NEAREST_EVEN):
        got, expected = run_both(lambda v: lax.round(v, method), x)
        assert_same(got, expected, str(method))


# op -> (lax function, mpmath function, ULPs allowed from the correctly rounded result on f32/f64).
# The interpreter calls numpy, whose accuracy depends on the host: here (AVX2, no AVX-512) every
# op measured at most 1 ULP on the inputs below (logistic 2), but numpy dispatches to SVML on
# AVX-512 hosts, which numpy tests to 4 ULP. sqrt is IEEE (exact everywhere); rsqrt = 1/sqrt
# rounds twice (at most 2 ULP); logistic = 1/(1+exp(-x)) adds two roundings to exp's 4.
TRANSCENDENTAL = {
    "exp": (lax.exp, mpmath.exp, 4), "log": (lax.log, mpmath.log, 4), "sqrt": (lax.sqrt, mpmath.sqrt, 0),
    "rsqrt": (lax.rsqrt, lambda x: 1 / mpmath.sqrt(x), 2), "tanh": (lax.tanh, mpmath.tanh, 4),
    "logistic": (lax.logistic, lambda x: 1 / (1 + mpmath.exp(-x)), 5), "sin": (lax.sin, mpmath.sin, 4),
    "cos": (lax.cos, mpmath.cos, 4), "log1p": (lax.log1p, mpmath.log1p, 4), "expm1": (lax.expm1, mpmath.expm1, 4),
}
# Inputs whose results IEEE/C99 Annex F fix exactly, so XLA agrees on every host.
SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0]


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", sorted(TRANSCENDENTAL))
def test_transcendental(op, dtype):
    fn, exact, ulps = TRANSCENDENTAL[op]
    rng = np.random.default_rng(1)
    x = np.concatenate([rng.uniform(0.01, 5, 40), rng.uniform(-30, 30, 40), 10.0 ** rng.uniform(-6, 2, 40),
                        [1.0, -1.0, -2.0]]).astype(dtype)  # log of negatives: NaN
    (got,) = interpret(export(fn, x), x)
    assert_ulp([got], [mp_exact(exact, x)], ulps, f"{op} {np.dtype(dtype).name}")
    got, expected = run_both(fn, np.array(SPECIALS, dtype))
    assert_same(got, expected, f"{op} of NaN, inf, 0")


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=lambda d: np.dtype(d).name)
def test_transcendental_narrow_floats(dtype):
    """Narrow floats compute in f32 and round once: at most 1 ULP from the correctly rounded
    result (f32's few ULPs are far below half a narrow ULP, except next to a tie; measured: 0
    for f16, 1 for bf16 exp)."""
    rng = np.random.default_rng(3)
    x = np.concatenate([np.linspace(0.1, 4, 50), rng.uniform(0.01, 8, 300)]).astype(dtype)
    for fn, exact in ((lax.exp, mpmath.exp), (lax.log, mpmath.log), (lax.tanh, mpmath.tanh), (lax.sqrt, mpmath.sqrt)):
        (got,) = interpret(export(fn, x), x)
        assert_ulp([got], [mp_exact(exact, x)], 1, fn.__name__)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_power_and_atan2(dtype):
    """Against mpmath; at most 1 ULP measured here, 4 allowed for numpy's SVML on AVX-512 hosts."""
    rng = np.random.default_rng(2)
    a = np.concatenate([rng.uniform(0.1, 3, 20), rng.uniform(0.1, 30, 200)]).astype(dtype)
    b = np.concatenate([rng.uniform(-2, 2, 20), rng.uniform(-20, 20, 200)]).astype(dtype)
    (got,) = interpret(export(lax.pow, a, b), a, b)
    assert_ulp([got], [mp_exact(mpmath.power, a, b)], 4, "power")
    (got,) = interpret(export(lax.atan2, a - 1.5, b), a - 1.5, b)
    assert_ulp([got], [mp_exact(mpmath.atan2, a - 1.5, b)], 4, "atan2")
    # exact results: XLA agrees on every host
    base = np.array([2.0, 0.5, -2.0, 0.0, 1.0, np.inf, np.nan], dtype)
    expo = np.array([3.0, -2.0, 2.0, 2.0, np.nan, -1.0, 0.0], dtype)
    got, expected = run_both(lax.pow, base, expo)
    assert_same(got, expected, "power with exact results")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_atan2_against_xla(dtype):
    """Every pair of signed zeros, infinities, NaN, tiny and huge values (the quadrant and edge
    rules) and random values: within 2 ULP of XLA (measured: 0 for f16, 1 for f32 and f64),
    except results XLA flushes to zero because they are subnormal (the spec's IEEE result is
    checked against mpmath in test_power_and_atan2)."""
    rng = np.random.default_rng(5)
    big = 6e4 if dtype == np.float16 else 3e38
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-4, big, -big], dtype)
    a = np.concatenate([rng.standard_normal(500) * rng.choice([1e-3, 1, 1e3], 500), np.repeat(special, 10)])
    b = np.concatenate([rng.standard_normal(500), np.tile(special, 10)])
    a, b = a.astype(dtype), b.astype(dtype)
    got, expected = run_both(lax.atan2, a, b)
    normal = ~((np.abs(got[0]) < np.finfo(dtype).tiny) & (expected[0] == 0))
    assert_ulp([got[0][normal]], [expected[0][normal]], 2, "atan2")


def test_integer_power():
    """x ** negative: 1 for x = 1, +-1 for x = -1, else 0; otherwise wraps (numpy formula)."""
    text = """
    func.func @main(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
      %0 = stablehlo.power %a, %b : tensor<8xi32>
      return %0 : tensor<8xi32>
    }"""
    a = np.array([2, -1, 1, 2, 0, -1, 3, 7], np.int32)
    b = np.array([-1, -3, -5, 3, 0, -2, 40, 2], np.int32)
    expected = np.array([0, -1, 1, 8, 1, 1, pow(3, 40, 2**32), 49], np.int64)
    expected = ((expected + 2**31) % 2**32 - 2**31).astype(np.int32)
    (got,) = interpret(text, a, b)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.xla
def test_complex_parts():
    z = np.array([1 + 2j, -3.5 - 0.0j, np.nan + 1j, 3 + 4j, 1e-3 - 7e4j], np.complex64)
    for fn in (lax.real, lax.imag, lax.neg):
        got, expected = run_both(fn, z)
        assert_same(got, expected, fn.__name__)
    # abs is hypot: correctly rounded (through f64, where the sum of squares is exact), at most
    # 1 ULP (measured: 0); XLA's hypot is its own approximation
    (got,) = interpret(export(lax.abs, z), z)
    wide = z.astype(np.complex128)
    assert_ulp([got], [round_exact(np.sqrt(wide.real**2 + wide.imag**2), np.float32)], 1, "abs")
    re, im = np.array([1.0, -0.0, np.inf]), np.array([np.nan, 2.0, -1.0])
    got, expected = run_both(lax.complex, re, im)
    assert_same(got, expected, "complex")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.int32, np.float32, ml_dtypes.bfloat16], ids=lambda d: np.dtype(d).name)
def test_clamp(dtype):
    x = np.array([-5, -1, 0, 1, 2, 3, 10], dtype=dtype)
    got, expected = run_both(lambda v: lax.clamp(dtype(-1), v, dtype(2)), x)
    assert_same(got, expected, "clamp")


@pytest.mark.xla
def test_clamp_nan_and_signed_zero():
    x = np.array([np.nan, -0.0, 0.0, -1.0, 5.0], np.float32)
    got, expected = run_both(lambda v: lax.clamp(np.float32(-0.0), v, np.float32(0.0)), x)
    assert_same(got, expected, "clamp")


@pytest.mark.xla
def test_max_min_signed_zero_and_nan():
    a = np.array([-0.0, 0.0, -0.0, 0.0, np.nan, 1.0, np.nan], np.float32)
    b = np.array([0.0, -0.0, -0.0, 0.0, 1.0, np.nan, np.nan], np.float32)
    for fn in (lax.max, lax.min):
        got, expected = run_both(fn, a, b)
        assert_same(got, expected, fn.__name__)


@pytest.mark.xla
def test_scalar_tensors_are_arrays():
    """0-d tensors come back as 0-d numpy arrays (not numpy scalars), with wrap-around."""
    got, expected = run_both(lambda a, b: a + b, np.int8(127), np.int8(1))
    assert isinstance(got[0], np.ndarray) and got[0].shape == () and got[0] == -128
    assert_same(got, expected)


def test_f8_arithmetic():
    """f8 arithmetic rounds the exact result once (numpy formula through f64)."""
    text = """
    func.func @main(%a: tensor<6xf8E4M3FN>, %b: tensor<6xf8E4M3FN>) -> tensor<6xf8E4M3FN> {
      %0 = stablehlo.multiply %a, %b : tensor<6xf8E4M3FN>
      return %0 : tensor<6xf8E4M3FN>
    }"""
    a = np.array([1.5, 2, -3, 0.25, 448, 7], ml_dtypes.float8_e4m3fn)
    b = np.array([1.5, 3, 0.5, -0.125, 2, 9], ml_dtypes.float8_e4m3fn)
    (got,) = interpret(text, a, b)
    assert_same([got], [round_exact(a.astype(np.float64) * b.astype(np.float64), ml_dtypes.float8_e4m3fn)])


def test_sub_byte_integer_wraps():
    text = """
    func.func @main(%a: tensor<4xi4>, %b: tensor<4xi4>) -> (tensor<4xi4>, tensor<4xi4>, tensor<4xui4>) {
      %0 = stablehlo.add %a, %b : tensor<4xi4>
      %1 = stablehlo.negate %a : tensor<4xi4>
      %2 = stablehlo.convert %a : (tensor<4xi4>) -> tensor<4xui4>
      return %0, %1, %2 : tensor<4xi4>, tensor<4xi4>, tensor<4xui4>
    }"""
    a = np.array([7, -8, 3, -1], ml_dtypes.int4)
    b = np.array([1, -1, 4, -8], ml_dtypes.int4)
    add, neg, conv = interpret(text, a, b)
    wrap = lambda v, bits, signed: ((v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))) if signed \
        else v % (1 << bits)  # noqa: E731
    av, bv = a.astype(np.int64), b.astype(np.int64)
    np.testing.assert_array_equal(add.astype(np.int64), wrap(av + bv, 4, True))
    np.testing.assert_array_equal(neg.astype(np.int64), wrap(-av, 4, True))
    np.testing.assert_array_equal(conv.astype(np.int64), wrap(av, 4, False))
    assert add.dtype == ml_dtypes.int4 and conv.dtype == ml_dtypes.uint4


@pytest.mark.xla
def test_export_is_pretty_stablehlo():
    """Sanity check of the oracle: what we run is JAX's own exported text."""
    text = export(lambda a: a + a, np.float32(1))
    assert "stablehlo.add" in text and "func.func public @main" in text
    assert xla(lambda a: a + a, np.float32(1))[0] == 2
