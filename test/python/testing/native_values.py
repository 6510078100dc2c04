"""Element types, edge values and op lists of the tests of native code (jit/test_native_loops.py,
the compiled tier of scalar loops; lowering/test_compiled_*.py): the integer and float types,
their edge values (NaN with payloads, signaling NaN, +-inf, +-0, subnormals, integer limits,
shift amounts around the width), seeded random values, and the element-wise ops per element type."""

from __future__ import annotations

import numpy as np

SINTS = ["i8", "i16", "i32", "i64"]
UINTS = ["ui8", "ui16", "ui32", "ui64"]
INTS = SINTS + UINTS
FLOATS = ["f16", "f32", "f64"]
ALL = ["i1"] + INTS + FLOATS
DTYPES = {"i1": np.dtype(np.bool_), "f16": np.dtype(np.float16), "f32": np.dtype(np.float32),
          "f64": np.dtype(np.float64),
          **{t: np.dtype(f"uint{t[2:]}" if t.startswith("ui") else f"int{t[1:]}") for t in INTS}}
RNG = np.random.default_rng(19)


def _bits(element: str, pattern: int) -> np.ndarray:
    dtype = DTYPES[element]
    return np.asarray(pattern, f"u{dtype.itemsize}").view(dtype)


def int_edges(element: str) -> list[int]:
    info = np.iinfo(DTYPES[element])
    bits = info.bits
    return [0, 1, -1, 2, 3, 7, -7, info.min, info.min + 1, info.max, info.max - 1, bits - 1, bits, bits + 1, 1000]


def float_edges(element: str) -> list[np.ndarray]:
    dtype = DTYPES[element]
    finfo = np.finfo(dtype)
    nbits = 8 * dtype.itemsize
    mant = finfo.nmant
    exponent = ((1 << (nbits - 1 - mant)) - 1) << mant
    quiet = exponent | (1 << (mant - 1))
    value = lambda *vs: [np.asarray(v, dtype) for v in vs]  # noqa: E731
    # NaNs: quiet, negative quiet with a payload, signaling with a payload; the largest subnormal
    return (value(0.0, -0.0, 1.0, -1.0, np.inf, -np.inf) +
            [_bits(element, quiet), _bits(element, (1 << (nbits - 1)) | quiet | 5), _bits(element, exponent | 3)] +
            value(float(finfo.max), float(finfo.smallest_subnormal)) + [_bits(element, (1 << mant) - 1)] +
            value(0.5, -2.5, 1.5, 3.0, -float(finfo.smallest_normal), 7.25))


def edges(element: str) -> list[np.ndarray]:
    dtype = DTYPES[element]
    if element == "i1":
        return [np.asarray(v) for v in (False, True)]
    if element in INTS:
        return [np.asarray(v).astype(dtype) for v in int_edges(element)]
    return float_edges(element)


def randoms(element: str, n: int) -> list[np.ndarray]:
    dtype = DTYPES[element]
    if element == "i1":
        return [np.asarray(v) for v in RNG.integers(0, 2, n).astype(bool)]
    if element in INTS:
        return [np.asarray(v) for v in RNG.integers(0, 1 << 64, n, dtype=np.uint64, endpoint=False).astype(dtype)]
    scale = {"f16": 100.0, "f32": 1e4, "f64": 1e6}[element]
    return [np.asarray(v) for v in (RNG.standard_normal(n) * scale ** RNG.uniform(-1, 1, n)).astype(dtype)]


INT_BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
              "shift_left", "shift_right_logical", "shift_right_arithmetic", "power"]
BOOL_BINARY = ["add", "multiply", "maximum", "minimum", "and", "or", "xor"]
FLOAT_BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "atan2", "power"]
INT_UNARY = ["negate", "abs", "sign", "not", "popcnt", "count_leading_zeros"]
FLOAT_UNARY = ["negate", "abs", "sign", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sqrt", "rsqrt",
               "exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine", "cosine", "tan",
               "logistic"]


def compares(element: str) -> list[tuple]:
    """Every direction of compare, with each comparison type valid for `element`, as
    (name, op_text(result, operands, type, result type), "i1")."""
    kinds = {"i1": ["UNSIGNED"], **{t: ["SIGNED"] for t in SINTS}, **{t: ["UNSIGNED"] for t in UINTS},
             **{t: ["FLOAT", "TOTALORDER"] for t in FLOATS}}[element]

    def compare(direction, kind):
        return (f"compare {direction} {kind}",
                lambda r, xs, ty, rty: f"{r} = stablehlo.compare {direction}, {xs[0]}, {xs[1]}, {kind} : "
                                       f"({ty}, {ty}) -> {rty}", "i1")

    return [compare(d, k) for d in ("EQ", "NE", "GE", "GT", "LE", "LT") for k in kinds]
