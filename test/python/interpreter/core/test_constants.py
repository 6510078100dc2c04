"""Constants decode exactly from MLIR's storage, for every element type."""
import ml_dtypes
import numpy as np
import pytest

import stablehlo_py


def run_constant(literal: str, type_text: str):
    text = (f"func.func @main() -> {type_text} {{\n"
            f"  %0 = stablehlo.constant dense<{literal}> : {type_text}\n"
            f"  return %0 : {type_text}\n}}")
    (result,) = stablehlo_py.interpret(text)
    return result


@pytest.mark.parametrize("literal,type_text,expected", [
    # i1 is stored eight to a byte: more than 8 elements crosses a byte.
    ("[true, false, true, true, false, false, true, false, true, true, false]", "tensor<11xi1>",
     np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0], dtype=bool)),
    ("true", "tensor<3x3xi1>", np.ones((3, 3), dtype=bool)),
    ("[-8, -1, 0, 7]", "tensor<4xi4>", np.array([-8, -1, 0, 7], dtype=ml_dtypes.int4)),
    ("[0, 1, 2, 3]", "tensor<4xui2>", np.array([0, 1, 2, 3], dtype=ml_dtypes.uint2)),
    ("[-2, 1]", "tensor<2xi2>", np.array([-2, 1], dtype=ml_dtypes.int2)),
    ("[-9223372036854775808, 9223372036854775807]", "tensor<2xi64>",
     np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max])),
    ("[18446744073709551615, 0]", "tensor<2xui64>", np.array([2**64 - 1, 0], dtype=np.uint64)),
    ("[1.5, -0.0, 0x7F80, 0xFF80]", "tensor<4xbf16>",
     np.array([1.5, -0.0, np.inf, -np.inf], dtype=ml_dtypes.bfloat16)),
    ("[448.0, -0.001953125]", "tensor<2xf8E4M3FN>", np.array([448.0, -0.001953125], dtype=ml_dtypes.float8_e4m3fn)),
    ("[6.0, -0.5]", "tensor<2xf4E2M1FN>", np.array([6.0, -0.5], dtype=ml_dtypes.float4_e2m1fn)),
    ("[(1.0, -2.0), (0.5, 3.0)]", "tensor<2xcomplex<f32>>", np.array([1 - 2j, 0.5 + 3j], dtype=np.complex64)),
    ("(1.0, 2.0)", "tensor<2x2xcomplex<f64>>", np.full((2, 2), 1 + 2j, dtype=np.complex128)),
    ("[[1.0, 2.0], [3.0, 4.0]]", "tensor<2x2xf16>", np.array([[1, 2], [3, 4]], dtype=np.float16)),
])
def test_constant_decodes_exactly(literal, type_text, expected):
    got = run_constant(literal, type_text)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    # Compare bit patterns: exact, and -0.0 differs from +0.0.
    np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))


def test_nan_payload_is_kept():
    got = run_constant("0x7FC00001", "tensor<f32>")
    assert got.view(np.uint32) == 0x7FC00001


@pytest.mark.xla
def test_jax_export_with_a_large_bool_constant_runs():
    """JAX's MLIR prints big i1 constants as hex, one byte per element; ours
    reads i1 hex packed eight to a byte. The text is upgraded before parsing."""
    import jax.numpy as jnp

    from conftest import run_both

    mask = np.arange(300) % 3 == 0
    x = np.arange(300, dtype=np.float32)
    got, want = run_both(lambda v: jnp.where(jnp.asarray(mask), v, 0.0), x)
    np.testing.assert_array_equal(got[0], want[0])


@pytest.mark.parametrize("text,expected", [
    # byte per element -> packed (elements 0 and 15 set: bytes 0x01, 0x80)
    ('dense<"0x01000000000000000000000000000001"> : tensor<16xi1>', 'dense<"0x0180"> : tensor<16xi1>'),
    ('dense<"0x010001"> : tensor<3xi1, #stablehlo.bounds<?>>', 'dense<"0x05"> : tensor<3xi1, #stablehlo.bounds<?>>'),
    # left alone: splat, not i1, bytes that are not booleans, already packed
    ('dense<"0x01"> : tensor<8xi1>', 'dense<"0x01"> : tensor<8xi1>'),
    ('dense<"0x0100"> : tensor<2xi8>', 'dense<"0x0100"> : tensor<2xi8>'),
    ('dense<"0x0102"> : tensor<2xi1>', 'dense<"0x0102"> : tensor<2xi1>'),
    ('dense<"0x0180"> : tensor<16xi1>', 'dense<"0x0180"> : tensor<16xi1>'),
])
def test_bool_hex_upgrade(text, expected):
    from stablehlo_py import _stablehlo

    assert _stablehlo.upgrade_program_text(f"%c = stablehlo.constant {text}\n") == f"%c = stablehlo.constant {expected}\n"
