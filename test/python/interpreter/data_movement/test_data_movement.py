"""Constants and shape ops against XLA on CPU (and numpy formulas)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, run_both
from jax import lax

from stablehlo_py.interpreter import interpret


@pytest.mark.xla
def test_broadcast_in_dim():
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    row = np.array([[7, 8, 9]], np.int32)
    got, expected = run_both(lambda v, r: (lax.broadcast_in_dim(v, (4, 2, 3), (1, 2)),
                                           lax.broadcast_in_dim(v, (2, 5, 3), (0, 2)),
                                           lax.broadcast_in_dim(r, (2, 4, 3), (0, 2)),
                                           lax.broadcast_in_dim(np.int32(5), (2, 2), ())), x, row)
    assert_same(got, expected, "broadcast_in_dim")


@pytest.mark.xla
def test_reshape():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    got, expected = run_both(lambda v: (lax.reshape(v, (4, 6)), lax.reshape(v, (24,)), lax.reshape(v[0, 0, 0], (1, 1))),
                             x)
    assert_same(got, expected, "reshape")


def test_broadcast_in_dim_unsorted_dimensions():
    """broadcast_dimensions need not be increasing: they transpose (numpy formula)."""
    text = """
    func.func @main(%x: tensor<2x3xf32>) -> tensor<3x4x2xf32> {
      %0 = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x4x2xf32>
      return %0 : tensor<3x4x2xf32>
    }"""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (got,) = interpret(text, x)
    np.testing.assert_array_equal(got, np.broadcast_to(x.T[:, None, :], (3, 4, 2)))


@pytest.mark.xla
def test_transpose_slice_reverse_concatenate():
    x = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    got, expected = run_both(lambda v: (lax.transpose(v, (2, 0, 1)),
                                        lax.slice(v, (0, 1, 0), (2, 3, 4), (1, 1, 2)), lax.rev(v, (0, 2)),
                                        lax.concatenate([v, v * 2], 1)), x)
    assert_same(got, expected, "shape ops")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.int8, np.uint64, np.float32, ml_dtypes.bfloat16, np.complex64],
                         ids=lambda d: np.dtype(d).name)
def test_iota(dtype):
    got, expected = run_both(lambda: (lax.broadcasted_iota(dtype, (3, 4), 1), lax.iota(dtype, 5)))
    assert_same(got, expected, "iota")


@pytest.mark.xla
def test_pad_with_negative_and_interior_padding():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    got, expected = run_both(lambda v: (lax.pad(v, np.int32(-1), [(1, 2, 1), (-1, 1, 0)]),
                                        lax.pad(v, np.int32(7), [(0, 0, 2), (2, -2, 1)])), x)
    assert_same(got, expected, "pad")


CONSTANTS = [
    ("dense<[1, -2, 127, -128]> : tensor<4xi8>", np.array([1, -2, 127, -128], np.int8)),
    ("dense<[1, 2, 255, 0]> : tensor<4xui8>", np.array([1, 2, 255, 0], np.uint8)),
    ("dense<18446744073709551615> : tensor<2xui64>", np.array([2**64 - 1] * 2, np.uint64)),
    ("dense<[true, false]> : tensor<2xi1>", np.array([True, False])),
    ("dense<[1.5, 0x7FC00000, 0xFF800000, -0.0]> : tensor<4xf32>",
     np.array([0x3FC00000, 0x7FC00000, 0xFF800000, 0x80000000], np.uint32).view(np.float32)),
    ("dense<[1.5, 0xFF80, -0.0]> : tensor<3xbf16>",
     np.array([0x3FC0, 0xFF80, 0x8000], np.uint16).view(ml_dtypes.bfloat16)),
    ("dense<[[1.0, 2.5], [0x7E00, 65504.0]]> : tensor<2x2xf16>",
     np.array([[1.0, 2.5], [np.nan, 65504.0]], np.float16)),
    ("dense<[1.0, -448.0, 0x7F]> : tensor<3xf8E4M3FN>",
     np.array([0x38, 0xFE, 0x7F], np.uint8).view(ml_dtypes.float8_e4m3fn)),
    ("dense<[1.0, 6.0, -0.5]> : tensor<3xf4E2M1FN>", np.array([1.0, 6.0, -0.5], ml_dtypes.float4_e2m1fn)),
    ("dense<[7, -8, 0, -1]> : tensor<4xi4>", np.array([7, -8, 0, -1], ml_dtypes.int4)),
    ("dense<[15, 0, 3]> : tensor<3xui4>", np.array([15, 0, 3], ml_dtypes.uint4)),
    ("dense<[1, -2]> : tensor<2xi2>", np.array([1, -2], ml_dtypes.int2)),
    ("dense<[(1.5, -2.0), (0x7FC00000, 0.0)]> : tensor<2xcomplex<f32>>",
     np.array([1.5 - 2j, complex(np.nan, 0)], np.complex64)),
    ("dense<(1.0, 2.0)> : tensor<2x2xcomplex<f64>>", np.full((2, 2), 1 + 2j)),
    ("dense<3.25> : tensor<f64>", np.array(3.25)),
    ("dense<> : tensor<0x3xf32>", np.zeros((0, 3), np.float32)),
]


@pytest.mark.parametrize("literal,expected", CONSTANTS, ids=[c[0].split(":")[-1].strip() for c in CONSTANTS])
def test_constant_literals(literal, expected):
    type_text = literal.rsplit(" : ", 1)[1]
    text = f"""
    func.func @main() -> {type_text} {{
      %0 = stablehlo.constant {literal}
      return %0 : {type_text}
    }}"""
    (got,) = interpret(text)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    assert got.tobytes() == expected.tobytes(), f"{got!r} != {expected!r}"  # bit-exact, NaN payloads too


@pytest.mark.xla
@pytest.mark.parametrize("type_text,dtype", [("bf16", ml_dtypes.bfloat16), ("complex<f32>", np.complex64),
                                             ("i4", ml_dtypes.int4), ("f8E5M2", ml_dtypes.float8_e5m2)])
def test_large_constants_printed_as_hex(type_text, dtype):
    """Over 100 elements, the MLIR printer writes constants as raw hex; decode them too."""
    rng = np.random.default_rng(4)
    with np.errstate(all="ignore"):
        if np.dtype(dtype).kind == "c":
            values = (rng.standard_normal(150) + 1j * rng.standard_normal(150)).astype(dtype)
        else:
            values = rng.integers(-8, 8, 150).astype(dtype) if dtype is ml_dtypes.int4 \
                else rng.standard_normal(150).astype(dtype)
    got, expected = run_both(lambda: values)
    assert_same(got, expected, f"constant {type_text}")
