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
