"""The interpreter against oracles written from the definitions, in Python integers and fractions: no
ml_dtypes-vs-ml_dtypes, no XLA (which cannot run f6 types on CPU, and whose integer power and sub-byte
ops are wrong in places: test/conformance/generate.py KNOWN).

* f6E2M3FN and f6E3M2FN (OCP Microscaling formats): a decoder and a round-to-nearest-even encoder from
  the format definition (sign, exponent with its bias, mantissa; subnormals; no inf and no NaN: a value
  beyond the largest magnitude, infinities included, saturates to it).  Converting NaN to these types is
  left to the implementation by the spec and the OCP definition, so no NaN is tested.
* shift_left / shift_right_logical / shift_right_arithmetic on i2, i4, ui2, ui4 for every pair of
  values: the shift amount is the rhs's bits read as unsigned; amounts >= the bit width give 0 (left,
  logical) or the sign fill (arithmetic), as XLA defines the cases the spec leaves open.
* power on every integer type: b >= 0 gives a^b wrapped modulo 2^bits (0^0 = 1); b < 0 gives 1/a^|b|
  truncated (1 for a = 1, +-1 for a = -1, else 0), with Python's exact pow (generate.spec_int_power).
"""

from __future__ import annotations

import os
import sys
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

import stablehlo_py
from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "test", "conformance"))
import generate  # noqa: E402  (spec_int_power, int_range: the oracle the corpus generator uses too)


def run(body: str, args: list, arg_types: list, result_type: str) -> np.ndarray:
    sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
    text = f"func.func @main({sig}) -> {result_type} {{\n  %0 = {body}\n  return %0 : {result_type}\n}}"
    (out,) = stablehlo_py.interpret(text, *args)
    return np.asarray(out)


# ---------------------------------------------------------------------------
# f6 formats


class MiniFloat:
    """A finite-only binary format: 1 sign bit, `ebits` exponent bits with `bias`, `mbits` mantissa bits."""

    def __init__(self, mlir: str, dtype, ebits: int, mbits: int, bias: int):
        self.mlir, self.dtype, self.ebits, self.mbits, self.bias = mlir, np.dtype(dtype), ebits, mbits, bias
        self.bits = 1 + ebits + mbits
        # magnitudes of the codes 0 .. 2^(bits-1) - 1, increasing with the code
        self.mags = [self.decode(c) for c in range(1 << (self.bits - 1))]

    def decode(self, code: int) -> Fraction:
        sign = -1 if code >> (self.bits - 1) & 1 else 1
        e = code >> self.mbits & ((1 << self.ebits) - 1)
        f = code & ((1 << self.mbits) - 1)
        if e == 0:  # subnormal: 0.f * 2^(1 - bias)
            mag = Fraction(f, 1 << self.mbits) * Fraction(2) ** (1 - self.bias)
        else:
            mag = (1 + Fraction(f, 1 << self.mbits)) * Fraction(2) ** (e - self.bias)
        return sign * mag

    def round_magnitude(self, cmp) -> int:
        """Code (without sign) of the magnitude nearest an exact value x >= 0, ties to the even code;
        cmp(v) is the sign of x - v.  Beyond the largest magnitude: saturate."""
        i = max(k for k, v in enumerate(self.mags) if cmp(v) >= 0)
        if cmp(self.mags[i]) == 0 or i == len(self.mags) - 1:
            return i
        c = cmp((self.mags[i] + self.mags[i + 1]) / 2)
        return i if c < 0 else i + 1 if c > 0 else (i if i % 2 == 0 else i + 1)

    def encode(self, x) -> int:
        """Round-to-nearest-even code of a float or Fraction (the sign kept, also for zeros and
        underflow); infinities saturate."""
        negative = x < 0 or (x == 0 and np.copysign(1.0, float(x)) < 0)
        if isinstance(x, float) and np.isinf(x):
            mag_code = len(self.mags) - 1
        else:
            a = abs(Fraction(x))
            mag_code = self.round_magnitude(lambda v: (a > v) - (a < v))
        return mag_code | (negative << (self.bits - 1))

    def encode_sqrt(self, a: Fraction) -> int:
        """Code of sqrt(a), a >= 0, rounded to nearest even: compares a with squares, exactly."""
        return self.round_magnitude(lambda v: (a > v * v) - (a < v * v))

    def all_codes(self) -> np.ndarray:
        return np.arange(1 << self.bits, dtype=np.uint8).view(self.dtype)


F6 = [MiniFloat("f6E2M3FN", ml_dtypes.float6_e2m3fn, ebits=2, mbits=3, bias=1),
      MiniFloat("f6E3M2FN", ml_dtypes.float6_e3m2fn, ebits=3, mbits=2, bias=3)]
F6_IDS = [f.mlir for f in F6]


def codes(a: np.ndarray) -> list:
    return np.ascontiguousarray(a).view(np.uint8).tolist()


@pytest.mark.parametrize("fmt", F6, ids=F6_IDS)
def test_f6_format_constants(fmt):
    """The decoder gives the formats' published extremes (OCP MX v1.0, table 1)."""
    largest, smallest_sub = {"f6E2M3FN": (Fraction(15, 2), Fraction(1, 8)),
                             "f6E3M2FN": (Fraction(28), Fraction(1, 16))}[fmt.mlir]
    assert fmt.mags[-1] == largest and fmt.mags[1] == smallest_sub and fmt.mags[0] == 0


@pytest.mark.parametrize("fmt", F6, ids=F6_IDS)
def test_f6_decode_every_code(fmt):
    """convert f6 -> f64 of all 64 codes gives the decoder's value (and -0 for the negative zero)."""
    n = 1 << fmt.bits
    out = run(f"stablehlo.convert %arg0 : (tensor<{n}x{fmt.mlir}>) -> tensor<{n}xf64>", [fmt.all_codes()],
              [f"tensor<{n}x{fmt.mlir}>"], f"tensor<{n}xf64>")
    for code, value in enumerate(out.tolist()):
        assert Fraction(value) == fmt.decode(code), f"code {code:#04x}: {value}, expected {fmt.decode(code)}"
        assert np.signbit(value) == bool(code >> (fmt.bits - 1)), f"code {code:#04x}: sign of {value}"


def _encode_candidates(fmt) -> list:
    """Every value, every tie between neighbours (and just off it either way), values beyond the
    largest, infinities, zeros and random values, in f64 (all exact in f64)."""
    vals = [float(v) for v in fmt.mags]
    mids = [float((a + b) / 2) for a, b in zip(fmt.mags, fmt.mags[1:])]
    near = [m * (1 + s * 2.0 ** -30) for m in mids if m for s in (-1, 1)]
    top = float(fmt.mags[-1])
    beyond = [top * 1.01, float(fmt.mags[-1] + (fmt.mags[-1] - fmt.mags[-2]) / 2), top * 4, 1e300, np.inf]
    tiny = [float(fmt.mags[1]) / 2, float(fmt.mags[1]) / 3, 1e-300]
    rng = np.random.default_rng(6)
    random = (rng.standard_normal(200) * top / 2).tolist()
    mags = vals + mids + near + beyond + tiny + random
    return [s * m for m in mags for s in (1.0, -1.0)]


@pytest.mark.parametrize("fmt", F6, ids=F6_IDS)
def test_f6_encode_rounds_to_nearest_even_and_saturates(fmt):
    x = np.array(_encode_candidates(fmt), dtype=np.float64)
    n = len(x)
    out = run(f"stablehlo.convert %arg0 : (tensor<{n}xf64>) -> tensor<{n}x{fmt.mlir}>", [x],
              [f"tensor<{n}xf64>"], f"tensor<{n}x{fmt.mlir}>")
    expected = [fmt.encode(v) for v in x.tolist()]
    bad = [(v, c, e) for v, c, e in zip(x.tolist(), codes(out), expected) if c != e]
    assert not bad, f"{len(bad)} of {n} differ (input, code, expected code): {bad[:8]}"


@pytest.mark.parametrize("fmt", F6, ids=F6_IDS)
@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide"])
def test_f6_arithmetic_rounds_the_exact_result_once(fmt, op):
    """Every pair of the 64 x 64 codes (divide: nonzero divisors): the exact rational result, rounded to
    nearest even and saturated."""
    every = fmt.all_codes()
    a, b = np.repeat(every, len(every)), np.tile(every, len(every))
    if op == "divide":
        keep = np.array([fmt.decode(c) != 0 for c in codes(b)])
        a, b = a[keep], b[keep]
    n, t = len(a), f"tensor<{len(a)}x{fmt.mlir}>"
    out = run(f"stablehlo.{op} %arg0, %arg1 : {t}", [a, b], [t, t], t)
    exact = {"add": lambda x, y: x + y, "subtract": lambda x, y: x - y, "multiply": lambda x, y: x * y,
             "divide": lambda x, y: x / y}[op]
    expected = []
    for ca, cb in zip(codes(a), codes(b)):
        x, y = fmt.decode(ca), fmt.decode(cb)
        r = exact(x, y)
        if r == 0:  # IEEE zero signs: x*y and x/y by the sign rule; x+y of opposite zeros or x-x is +0
            neg_a, neg_b = bool(ca >> (fmt.bits - 1)), bool(cb >> (fmt.bits - 1))
            sign = {"multiply": neg_a != neg_b, "divide": neg_a != neg_b,
                    "add": neg_a and neg_b if x == 0 and y == 0 else False,
                    "subtract": neg_a and not neg_b if x == 0 and y == 0 else False}[op]
            expected.append(sign << (fmt.bits - 1))
        else:
            expected.append(fmt.encode(r))
    bad = [(fmt.decode(x), fmt.decode(y), c, e) for x, y, c, e in zip(codes(a), codes(b), codes(out), expected)
           if c != e]
    assert not bad, f"{op}: {len(bad)} of {n} differ (lhs, rhs, code, expected code): {bad[:8]}"


@pytest.mark.parametrize("fmt", F6, ids=F6_IDS)
def test_f6_sqrt_rounds_once(fmt):
    every = fmt.all_codes()[: 1 << (fmt.bits - 1)]  # the non-negative codes
    n, t = len(every), f"tensor<{len(every)}x{fmt.mlir}>"
    out = run(f"stablehlo.sqrt %arg0 : {t}", [every], [t], t)
    expected = [fmt.encode_sqrt(fmt.decode(c)) for c in codes(every)]
    assert codes(out) == expected


# ---------------------------------------------------------------------------
# Sub-byte shifts

SUB_BYTE = [("int2", "i2"), ("int4", "i4"), ("uint2", "ui2"), ("uint4", "ui4")]


def spec_shift(op: str, x: int, amount: int, name: str) -> int:
    """The shift of x by amount (the amount's bits read unsigned) in bits(name)-bit two's complement."""
    n = generate.bits(name)
    mask = (1 << n) - 1
    count = amount & mask  # negative amounts are huge unsigned ones
    pattern = x & mask
    signed = pattern - (1 << n) if pattern >> (n - 1) else pattern
    if op == "shift_left":
        r = pattern << count if count < n else 0
    elif op == "shift_right_logical":
        r = pattern >> count if count < n else 0
    else:
        r = signed >> min(count, n - 1)  # past the width: the sign fill
    return generate._wrap_int(r, name)


@pytest.mark.parametrize("name,mlir", SUB_BYTE, ids=[m for _, m in SUB_BYTE])
@pytest.mark.parametrize("op", ["shift_left", "shift_right_logical", "shift_right_arithmetic"])
def test_sub_byte_shifts_every_pair(name, mlir, op):
    lo, hi = generate.int_range(name)
    every = np.arange(lo, hi + 1)
    a, b = np.repeat(every, len(every)), np.tile(every, len(every))
    dt = generate.np_dtype(name)
    t = f"tensor<{len(a)}x{mlir}>"
    out = run(f"stablehlo.{op} %arg0, %arg1 : {t}", [a.astype(dt), b.astype(dt)], [t, t], t)
    expected = [spec_shift(op, int(x), int(y), name) for x, y in zip(a, b)]
    bad = [(int(x), int(y), int(r), e) for x, y, r, e in zip(a, b, out.astype(np.int64), expected) if r != e]
    assert not bad, f"{op} {mlir}: {len(bad)} differ (lhs, rhs, result, expected): {bad[:8]}"


def test_spec_shift_examples():
    """The oracle itself on hand-worked cases: i4 -8 = 0b1000."""
    assert spec_shift("shift_right_arithmetic", -8, 1, "int4") == -4
    assert spec_shift("shift_right_arithmetic", -8, 9, "int4") == -1
    assert spec_shift("shift_right_logical", -8, 1, "int4") == 4
    assert spec_shift("shift_left", 3, 2, "int4") == -4
    assert spec_shift("shift_left", 1, -1, "int4") == 0
    assert spec_shift("shift_right_arithmetic", 2, 1, "uint2") == 3  # 0b10 >> 1 with its top bit filled


# ---------------------------------------------------------------------------
# Integer power

INTS = [(n, generate.MLIR_TYPES[n]) for n in generate.INT]


def _power_operands(name: str):
    lo, hi = generate.int_range(name)
    if generate.bits(name) <= 8:  # every base with every exponent from lo to hi (uint8: 256 x 256)
        every = np.arange(lo, hi + 1)
        exps = every if generate.bits(name) <= 4 else np.array(
            sorted(v for v in {*range(-3, 20), lo, hi, hi - 1, lo + 1} if lo <= v <= hi))
        return np.repeat(every, len(exps)), np.tile(exps, len(every))
    rng = np.random.default_rng(generate.bits(name))
    bases = sorted(v for v in {lo, lo + 1, -3, -2, -1, 0, 1, 2, 3, 7, hi - 1, hi} if lo <= v <= hi)
    exps = sorted(v for v in {lo, -2, -1, 0, 1, 2, 3, 15, 16, 31, 32, 33, 63, 64, hi} if lo <= v <= hi)
    a = np.repeat(np.array(bases, dtype=object), len(exps))
    b = np.tile(np.array(exps, dtype=object), len(bases))
    big = generate.int_random(rng, name, 64).astype(object), generate.int_random(rng, name, 64).astype(object)
    return np.concatenate([a, big[0]]), np.concatenate([b, big[1]])


@pytest.mark.parametrize("name,mlir", INTS, ids=[m for _, m in INTS])
def test_integer_power(name, mlir):
    """Exponent 0, base 0, +-1, negative exponents, overflow wrap-around and exponents up to the
    type's maximum."""
    a, b = _power_operands(name)
    dt = generate.np_dtype(name)
    wide = np.uint64 if generate.kind(name) == "uint" else np.int64  # exact for every value of the type
    a, b = np.array(a.tolist(), dtype=wide).astype(dt), np.array(b.tolist(), dtype=wide).astype(dt)
    t = f"tensor<{len(a)}x{mlir}>"
    out = run(f"stablehlo.power %arg0, %arg1 : {t}", [a, b], [t, t], t)
    (expected,) = generate.spec_int_power([a, b], [out])
    bad = [(int(x), int(y), int(r), int(e)) for x, y, r, e in zip(a, b, out, expected) if r != e]
    assert not bad, f"power {mlir}: {len(bad)} of {len(a)} differ (base, exponent, result, expected): {bad[:8]}"


def test_spec_int_power_examples():
    """The oracle itself on hand-worked cases."""
    def p(x, y, name):
        dt = generate.np_dtype(name)
        return int(generate.spec_int_power([np.array([x]).astype(dt), np.array([y]).astype(dt)],
                                           [np.zeros(1, dt)])[0][0])

    assert p(0, 0, "int8") == 1 and p(0, 5, "int8") == 0 and p(0, -1, "int8") == 0
    assert p(2, 7, "int8") == -128 and p(2, 8, "int8") == 0 and p(3, 5, "int8") == 243 - 256
    assert p(-1, -3, "int8") == -1 and p(-1, -4, "int8") == 1 and p(1, -7, "int8") == 1 and p(2, -1, "int8") == 0
    assert p(-2, 3, "int4") == -8 and p(-2, 1, "int2") == -2 and p(3, 3, "uint2") == 3
    assert p(1699, 11999, "int16") == -25205
