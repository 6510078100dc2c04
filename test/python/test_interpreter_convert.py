"""stablehlo.convert between all pairs of element types, against XLA on CPU.

XLA's results define the cases the spec leaves open: float -> int truncates
toward zero, NaN -> 0 and out-of-range values saturate; int -> int wraps;
narrowing floats round to nearest even (and overflow to inf, or NaN for
formats without inf).
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, export, xla
from jax import lax

from stablehlo_py.interpreter import interpret

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
        assert_same([g], [e], f"convert {_name(src)} -> {_name(dst)} of {x!r}")


@pytest.mark.parametrize("dst", [ml_dtypes.float6_e2m3fn, ml_dtypes.float6_e3m2fn], ids=_name)
def test_convert_f6(dst):
    """XLA on CPU has no f6 types; the oracle is ml_dtypes' round-to-nearest-even conversion."""
    f6 = {ml_dtypes.float6_e2m3fn: "f6E2M3FN", ml_dtypes.float6_e3m2fn: "f6E3M2FN"}[dst]
    text = f"""
    func.func @main(%x: tensor<8xf32>) -> (tensor<8x{f6}>, tensor<8xf32>) {{
      %0 = stablehlo.convert %x : (tensor<8xf32>) -> tensor<8x{f6}>
      %1 = stablehlo.convert %0 : (tensor<8x{f6}>) -> tensor<8xf32>
      return %0, %1 : tensor<8x{f6}>, tensor<8xf32>
    }}"""
    x = np.array([0.0, -0.0, 0.3, 1.25, -2.75, 3.6, 100.0, -0.1], np.float32)
    narrow, back = interpret(text, x)
    expected = x.astype(dst)
    assert narrow.dtype == np.dtype(dst)
    np.testing.assert_array_equal(narrow.view(np.uint8), expected.view(np.uint8))
    np.testing.assert_array_equal(back, expected.astype(np.float32))


def test_f64_to_bf16_rounds_like_xla():
    """XLA narrows f64 -> bf16 through f32 (two roundings); so do we."""
    x = np.array([1.0 + 2**-8 + 2**-30, 1.0 + 2**-8, 1.0 + 3 * 2**-9, -(1.0 + 2**-8 + 2**-40)])
    fn = lambda v: lax.convert_element_type(v, ml_dtypes.bfloat16)  # noqa: E731
    assert_same(interpret(export(fn, x), x), xla(fn, x))


def test_f64_to_f16_rounds_once():
    x = np.array([1.0 + 2**-11 + 2**-40, 1.0 + 2**-11, 65520.0, 65519.99])
    fn = lambda v: lax.convert_element_type(v, np.float16)  # noqa: E731
    assert_same(interpret(export(fn, x), x), xla(fn, x))


def test_convert_complex_to_real_types_directly():
    """convert from complex keeps the real part (bool: nonzero, counting the imaginary part, as XLA does)."""
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
    np.testing.assert_array_equal(b, [True, True, False, True, True])
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
