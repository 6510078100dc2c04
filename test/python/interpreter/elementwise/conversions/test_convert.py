"""stablehlo.convert between all pairs of element types.

XLA's results define the cases the spec leaves open: float -> int truncates
toward zero, NaN -> 0 and out-of-range values saturate; int -> int wraps;
narrowing floats round to nearest even (and overflow to inf, or NaN for
formats without inf). Conversions to integers and booleans are checked against
XLA on CPU (exact on every host); conversions to floating-point types against
`round_exact`, the spec computed with fractions, because XLA's rounding there
depends on the host (f64 -> f16 rounds twice through f32 on x86-64 hosts with
F16C; f64 -> bf16 flushes f32 subnormals to zero).
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, export, round_exact, xla
from jax import lax

from stablehlo_py.interpreter import interpret
from testing.rounding_probes import probes

INTEGER = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
           ml_dtypes.int4, ml_dtypes.uint4, ml_dtypes.int2, ml_dtypes.uint2]
FLOAT = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64,
         ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fnuz, ml_dtypes.float8_e5m2fnuz,
         ml_dtypes.float8_e4m3b11fnuz, ml_dtypes.float8_e4m3, ml_dtypes.float8_e3m4, ml_dtypes.float8_e8m0fnu,
         ml_dtypes.float4_e2m1fn]
COMPLEX = [np.complex64, np.complex128]
ALL = INTEGER + FLOAT + COMPLEX


def _name(dtype) -> str:
    return np.dtype(dtype).name


def source_values(dtype) -> np.ndarray:
    """Edge and ordinary values representable in (or saturated into) `dtype`."""
    dtype = np.dtype(dtype)
    with np.errstate(all="ignore"):
        if dtype == np.bool_:
            return np.array([True, False, True, True], dtype)
        if dtype.kind in "iu" or dtype in (np.dtype(ml_dtypes.int4), np.dtype(ml_dtypes.uint4),
                                           np.dtype(ml_dtypes.int2), np.dtype(ml_dtypes.uint2)):
            info = ml_dtypes.iinfo(dtype)
            wide = np.uint64 if info.min == 0 else np.int64
            values = [info.min, info.max, 0, 1, info.max // 2, info.min // 2 if info.min else 2, 3 % (info.max + 1)]
            rng = np.random.default_rng(0)
            values += list(rng.integers(info.min, info.max, size=9, endpoint=True, dtype=wide))
            return np.array(values, dtype=wide).astype(dtype)
        base = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -2.5, 2.7, -2.7, 127.9,
                         -128.9, 255.5, 300.0, -300.0, 3e4, 7e4, -7e4, 2.0**31, -(2.0**31) - 4096, 3e9, 1e10,
                         -1e10, 2.0**63, 1.9e19, 1e20, 1e-3, 6e-5, 1e-8, 464.0, 1000.0])
        if dtype.kind == "c":
            return (base + 1j * base[::-1]).astype(dtype)
        return base.astype(dtype)


@pytest.mark.xla
@pytest.mark.parametrize("src", ALL, ids=_name)
def test_convert_from(src):
    """One program per source type converting to every destination type."""
    x = source_values(src)
    dsts = list(ALL)

    def fn(v):
        return tuple(lax.convert_element_type(v, d) for d in dsts)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)  # complex -> real is what we test
        text = export(fn, x)
        expected = xla(fn, x)
    got = interpret(text, x)
    for dst, g, e in zip(dsts, got, expected):
        if src is ml_dtypes.float4_e2m1fn and dst in INTEGER and dst is not np.bool_:
            # XLA on CPU saturates f4E2M1FN's largest value 6.0 as if it were inf
            # (6.0 -> int8 gives 127); the spec is clear that 6.0 converts to 6.
            info = ml_dtypes.iinfo(dst)
            e = np.clip(np.trunc(x.astype(np.float64)), info.min, info.max).astype(np.int64).astype(dst)
        if dst in FLOAT or dst in COMPLEX:
            e = exact_convert(x, dst)
        assert_same([g], [e], f"convert {_name(src)} -> {_name(dst)} of {x!r}")


def exact_convert(x: np.ndarray, dst) -> np.ndarray:
    """The spec's convert to a float or complex type, rounded once with fractions, with our
    documented choices (docs/decisions.md): integers narrower than f32 round through f32 first and
    f64 -> bf16 rounds through f32, as XLA does; complex -> real keeps the real part."""
    dst = np.dtype(dst)
    if dst.kind == "c":
        part = np.float32 if dst == np.complex64 else np.float64
        out = np.empty(x.shape, dst)
        out.real = exact_convert(np.real(x), part)
        out.imag = exact_convert(np.imag(x), part) if x.dtype.kind == "c" else 0
        return out
    if x.dtype.kind == "c":
        x = np.real(x)
    if x.dtype.kind in "biu" or x.dtype.name in ("int4", "uint4", "int2", "uint2"):
        x = x.astype(np.int64) if x.dtype.kind != "u" else x.astype(np.uint64)
        if dst.itemsize < 4:
            x = round_exact(x, np.float32)
    elif x.dtype == np.float64 and dst == np.dtype(ml_dtypes.bfloat16):
        x = round_exact(x, np.float32)
    return round_exact(x, dst)


def convert_program(src: str, dst: str, n: int) -> str:
    return f"""
    func.func @main(%x: tensor<{n}x{src}>) -> tensor<{n}x{dst}> {{
      %0 = stablehlo.convert %x : (tensor<{n}x{src}>) -> tensor<{n}x{dst}>
      return %0 : tensor<{n}x{dst}>
    }}"""


@pytest.mark.parametrize("dst", [ml_dtypes.float6_e2m3fn, ml_dtypes.float6_e3m2fn], ids=_name)
def test_convert_f6(dst):
    """XLA on CPU has no f6 types; the oracle is round_exact (fractions), and back to f32 is exact."""
    f6 = {ml_dtypes.float6_e2m3fn: "f6E2M3FN", ml_dtypes.float6_e3m2fn: "f6E3M2FN"}[dst]
    with np.errstate(over="ignore"):
        x = np.concatenate([[0.0, -0.0, 0.3, 1.25, -2.75, 3.6, 100.0, -0.1], probes(dst)]).astype(np.float32)
    x = x[~np.isnan(x)]  # NaN -> -0.0 is checked in test_convert_from
    (narrow,) = interpret(convert_program("f32", f6, x.size), x)
    assert_same([narrow], [round_exact(x, dst)], f"f32 -> {f6}")
    (back,) = interpret(convert_program(f6, "f32", x.size), narrow)
    assert_same([back], [narrow.astype(np.float64).astype(np.float32)], f"{f6} -> f32")


def test_f64_to_bf16_rounds_through_f32():
    """Our documented choice (as XLA): f64 -> bf16 rounds to f32, then to bf16: two exact roundings."""
    x = probes(ml_dtypes.bfloat16)
    x = np.concatenate([[1.0 + 2**-8 + 2**-30, 1.0 + 2**-8, 1.0 + 3 * 2**-9, -(1.0 + 2**-8 + 2**-40)], x])
    (got,) = interpret(convert_program("f64", "bf16", x.size), x)
    assert_same([got], [round_exact(round_exact(x, np.float32), ml_dtypes.bfloat16)], "f64 -> bf16")


def test_f64_to_f16_rounds_once():
    """The spec: a value f16 cannot represent rounds once, to nearest even. XLA on CPU is not
    the oracle: on x86-64 hosts with F16C it rounds through f32 (1 + 2**-11 + 2**-40 gives 1.0
    there, 1.000977 here); probes() has every f16 midpoint and its f64 neighbours."""
    x = np.concatenate([[1.0 + 2**-11 + 2**-40, 1.0 + 2**-11, 65520.0, 65519.99], probes(np.float16)])
    (got,) = interpret(convert_program("f64", "f16", x.size), x)
    assert_same([got], [round_exact(x, np.float16)], "f64 -> f16")
    assert got[0] == np.float16(1.0 + 2**-10)


NARROW_FROM_F64 = [(ml_dtypes.float8_e4m3fn, "f8E4M3FN"), (ml_dtypes.float8_e5m2, "f8E5M2"),
                   (ml_dtypes.float8_e4m3, "f8E4M3"), (ml_dtypes.float8_e3m4, "f8E3M4"),
                   (ml_dtypes.float8_e4m3fnuz, "f8E4M3FNUZ"), (ml_dtypes.float8_e5m2fnuz, "f8E5M2FNUZ"),
                   (ml_dtypes.float8_e4m3b11fnuz, "f8E4M3B11FNUZ"), (ml_dtypes.float4_e2m1fn, "f4E2M1FN"),
                   (ml_dtypes.float6_e2m3fn, "f6E2M3FN"), (ml_dtypes.float6_e3m2fn, "f6E3M2FN"),
                   (ml_dtypes.float8_e8m0fnu, "f8E8M0FNU")]


@pytest.mark.parametrize("dst,name", NARROW_FROM_F64, ids=[n for _, n in NARROW_FROM_F64])
def test_f64_to_f8_f6_f4_rounds_once(dst, name):
    x = probes(dst)
    x = x[~np.isnan(x)]
    (got,) = interpret(convert_program("f64", name, x.size), x)
    assert_same([got], [round_exact(x, dst)], f"f64 -> {name}")


def test_convert_complex_to_real_types_directly():
    """convert from complex keeps the real part, also to i1 (the spec ignores the imaginary part,
    as upstream's reference interpreter does: (0, 1) -> false; XLA gives true)."""
    text = """
    func.func @main(%z: tensor<5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5xf16>, tensor<5xi32>, tensor<5xi1>,
                                                     tensor<5xcomplex<f64>>) {
      %0 = stablehlo.convert %z : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
      %1 = stablehlo.convert %z : (tensor<5xcomplex<f32>>) -> tensor<5xf16>
      %2 = stablehlo.convert %z : (tensor<5xcomplex<f32>>) -> tensor<5xi32>
      %3 = stablehlo.convert %z : (tensor<5xcomplex<f32>>) -> tensor<5xi1>
      %4 = stablehlo.convert %z : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f64>>
      return %0, %1, %2, %3, %4 : tensor<5xf32>, tensor<5xf16>, tensor<5xi32>, tensor<5xi1>, tensor<5xcomplex<f64>>
    }"""
    z = np.array([1.5 + 2j, -2.7 - 1j, 0j, 1j, complex(np.nan, 1)], np.complex64)
    f32, f16, i32, b, c128 = interpret(text, z)
    np.testing.assert_array_equal(f32, z.real)
    np.testing.assert_array_equal(f16, z.real.astype(np.float16))
    np.testing.assert_array_equal(i32, [1, -2, 0, 0, 0])
    np.testing.assert_array_equal(b, [True, True, False, False, True])
    np.testing.assert_array_equal(c128, z.astype(np.complex128))


def test_convert_scalar_complex():
    text = """
    func.func @main(%z: tensor<complex<f64>>) -> (tensor<f32>, tensor<i8>) {
      %0 = stablehlo.convert %z : (tensor<complex<f64>>) -> tensor<f32>
      %1 = stablehlo.convert %z : (tensor<complex<f64>>) -> tensor<i8>
      return %0, %1 : tensor<f32>, tensor<i8>
    }"""
    f, i = interpret(text, np.array(-300.5 + 2j))
    assert f.shape == () and f.dtype == np.float32 and f == np.float32(-300.5)
    assert i.shape == () and i == -128  # saturates


def test_f32_to_e8m0_rounds_subnormals_once():
    """f8E8M0FNU rounds to the nearest power of two (ties up) from f32 subnormals too: 1.25 *
    2**-127 gives 2**-127. ml_dtypes 0.6 and XLA on CPU round them on their bits (2**-126), so
    conversion.py does not take ml_dtypes' cast (0.7 rounds as here)."""
    tiny = np.float32(2.0**-127)
    with np.errstate(over="ignore"):  # probes beyond f32's range: inf
        wide = probes(ml_dtypes.float8_e8m0fnu).astype(np.float32)
    x = np.concatenate([np.array([1.25, 1.4, 1.5, 1.6, 1.0, 0.5, 2.0**-22], np.float32) * tiny, wide])
    (got,) = interpret(convert_program("f32", "f8E8M0FNU", x.size), x)
    assert_same([got], [round_exact(x, ml_dtypes.float8_e8m0fnu)], "f32 -> f8E8M0FNU")
    assert got.view(np.uint8)[:4].tolist() == [0, 0, 1, 1]
