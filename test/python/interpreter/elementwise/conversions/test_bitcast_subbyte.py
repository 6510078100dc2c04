"""bitcast_convert wherever one side is narrower than a byte (i1, i2, ui2, i4, ui4, f4, f6): every
pair of element types whose widths divide, on random bit patterns, against Python integers on
the bits (a wider element splits into narrower ones least significant bits first, and joins back
the same way; i1 is one bit, docs/decisions.md). Results are compared as bit patterns, so NaN
payloads count too. Mutants of the sub-byte path survived the earlier tests (docs/testing.md)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer

# name -> (numpy dtype, bits)
TYPES = {
    "i1": (np.bool_, 1), "i2": (ml_dtypes.int2, 2), "ui2": (ml_dtypes.uint2, 2),
    "i4": (ml_dtypes.int4, 4), "ui4": (ml_dtypes.uint4, 4), "f4E2M1FN": (ml_dtypes.float4_e2m1fn, 4),
    "f6E2M3FN": (ml_dtypes.float6_e2m3fn, 6), "f6E3M2FN": (ml_dtypes.float6_e3m2fn, 6),
    "i8": (np.int8, 8), "ui8": (np.uint8, 8), "f8E4M3FN": (ml_dtypes.float8_e4m3fn, 8),
    "f8E5M2": (ml_dtypes.float8_e5m2, 8), "i16": (np.int16, 16), "f16": (np.float16, 16),
    "bf16": (ml_dtypes.bfloat16, 16), "i32": (np.int32, 32), "ui32": (np.uint32, 32),
    "f32": (np.float32, 32), "i64": (np.int64, 64), "ui64": (np.uint64, 64), "f64": (np.float64, 64),
}
PAIRS = [(s, d) for s in TYPES for d in TYPES
         if min(TYPES[s][1], TYPES[d][1]) < 8 and max(TYPES[s][1], TYPES[d][1]) % min(TYPES[s][1], TYPES[d][1]) == 0]


def _from_bits(patterns: list, name: str) -> np.ndarray:
    """An array of element type `name` holding the given bit patterns (Python ints)."""
    dtype, bits = TYPES[name]
    if name == "i1":
        return np.array(patterns, np.bool_)
    if np.issubdtype(np.dtype(dtype), np.integer) or bits < 8 and name[0] in "iu":
        signed = name.startswith("i")
        values = [p - (1 << bits) if signed and p >> (bits - 1) else p for p in patterns]
        return np.array(values, np.int64 if signed else np.uint64).astype(dtype)  # exact: no float detour
    storage = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(dtype).itemsize]
    return np.array(patterns, storage).view(dtype)


def _to_bits(x: np.ndarray, name: str) -> list:
    dtype, bits = TYPES[name]
    storage = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize]
    return [int(v) & ((1 << bits) - 1) for v in np.ascontiguousarray(x).view(storage).ravel()]


@pytest.mark.parametrize("src,dst", PAIRS, ids=[f"{s}-{d}" for s, d in PAIRS])
def test_subbyte_bitcast_against_python_integers(src, dst):
    (ws, wd) = TYPES[src][1], TYPES[dst][1]
    rng = np.random.default_rng(ws * 97 + wd)
    rows = 3
    per_row = wd // ws if wd > ws else 1  # operand elements that make one result element
    patterns = [int(p) for p in rng.integers(0, 1 << ws, rows * per_row, dtype=np.uint64)]
    if ws == 64:
        patterns[0] = (1 << 64) - 1 - (1 << 40)  # bits above 32 set
    if ws > wd:
        shape, out_shape = (rows,), (rows, ws // wd)
        expected = [(p >> (i * wd)) & ((1 << wd) - 1) for p in patterns for i in range(ws // wd)]
    elif ws < wd:
        shape, out_shape = (rows, per_row), (rows,)
        expected = [sum(p << (i * ws) for i, p in enumerate(patterns[r * per_row:(r + 1) * per_row]))
                    for r in range(rows)]
    else:
        shape, out_shape, expected = (rows,), (rows,), patterns
    T = "tensor<" + "".join(f"{n}x" for n in shape) + src + ">"
    R = "tensor<" + "".join(f"{n}x" for n in out_shape) + dst + ">"
    text = f"""func.func @main(%x: {T}) -> {R} {{
  %0 = stablehlo.bitcast_convert %x : ({T}) -> {R}
  return %0 : {R}
}}"""
    (got,) = interpret(text, _from_bits(patterns, src).reshape(shape))
    assert got.dtype == np.dtype(TYPES[dst][0]) and got.shape == out_shape
    assert _to_bits(got, dst) == expected
