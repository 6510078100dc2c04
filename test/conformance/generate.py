"""Generates the conformance corpus: self-checking StableHLO modules, expected values from XLA.

    .venv/bin/python test/conformance/generate.py [--only OP] [--out DIR]

For every case of the table (`build_table()`) and every element type it lists, the
case's JAX function is exported to StableHLO (`jax.jit(f).lower(*args).as_text()`)
and run by XLA on CPU (`jax.jit(f)(*args)`) -- or, for ops JAX never emits
(stablehlo.if, stablehlo.logistic, the legacy stablehlo.dot), the case gives
StableHLO text (TextProgram) that XLA compiles itself; the generator then writes
`corpus/<op>/<case>.<dtype>.mlir`:

    module @conformance {
      func.func public @main() {          // no arguments
        %arg0 = stablehlo.constant ...    // the inputs, embedded
        %r0 = func.call @tested(%arg0...) // the exported @main, renamed private @tested
        %expected0 = stablehlo.constant ...   // XLA's outputs
        stablehlo.custom_call @check.expect_eq(%r0, %expected0) {has_side_effect = true} : ...
        ...

Constants are printed bit-exactly: `dense<"0x..">` with the raw little-endian
bytes of the numpy array for every element type except i1 (MLIR's hex form
packs i1, so booleans are written as `true`/`false` lists).

Checks (column `check` of TABLE, resolved per element type by `check_for`):
  "eq"     exact for every type (custom_call @check.expect_eq: floats bit-identical, any NaN = any NaN);
  "close"  floats/complex: @check.expect_close (<= 3 ULP per part); other types exact;
  "almost" floats/complex: @check.expect_almost_eq (abs 1e-3); other types exact;
  "eqc"    exact, but "close" when the case's element type is complex (complex multiply, abs, sign);
  "closec" "close", but "almost" when the case's element type is complex (complex math: XLA's
           algorithms lose more than 3 ULP in parts that are small next to the other part).
The inexact classes are only where measurement starts: corpus/TOLERANCES.json (written by
measure_errors.py --write-tolerances from the interpreter's measured distance to XLA's values) gives
each output of such a file its own check: exact (@check.expect_eq) where the result is bit-exact and
no host's libm or BLAS can change it, `check.expect_close ..., max_ulp_difference = N` (the measured
ULPs, plus one where another host's libm may differ), or an absolute bound per real/imaginary part
(`"check.expect_almost_eq"(...) <{tolerance = X : f64}>`) for complex math and the order-dependent
sums (dot, convolution, fft, linalg, batch norm, softmax, scan).
Pairs kept out of the corpus on purpose are listed in KNOWN (interpreter bugs -> KNOWN_FAILURES.json,
wrong XLA results -> ORACLE_UNSUPPORTED.json: stage "oracle-wrong-elements" for the elements of an
elementwise case where XLA differs from the spec oracle, "oracle-wrong" for whole files).

Also written: corpus/MANIFEST.json (per file: path, op under test, ops of
the exported program, dtype, case, checks), corpus/ORACLE_UNSUPPORTED.json
({"notes": [...], "unsupported": [{op, case, dtype, stage, error}]}: the
(case, dtype) pairs without a file -- stage "jax-lower" (jax refused to
trace/lower), "xla-compile-or-run", "xla-crash" (XLA aborted the process;
each pair runs in a worker process), "export-lacks-op" (jax expanded the op
away), "export-uses-uninterpreted-ops", "oracle-wrong") and
corpus/KNOWN_FAILURES.json (interpreter bugs kept out of the corpus).
The (op, dtype) pairs the spec allows but no file covers are those entries.  Regenerating an unchanged TABLE gives byte-identical files
(inputs come from an RNG seeded by crc32 of "<op>/<case>.<dtype>").
`--only OP` regenerates that op's directory only (and updates the entries of
that op in the two JSON files).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import zlib
from dataclasses import dataclass, field
from typing import Callable

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracles import xla_run_text  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

# ---------------------------------------------------------------------------
# Element types: numpy / ml_dtypes name -> MLIR spelling
# ---------------------------------------------------------------------------

MLIR_TYPES = {
    "bool": "i1",
    "int2": "i2", "int4": "i4", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint2": "ui2", "uint4": "ui4", "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float4_e2m1fn": "f4E2M1FN", "float6_e2m3fn": "f6E2M3FN", "float6_e3m2fn": "f6E3M2FN",
    "float8_e3m4": "f8E3M4", "float8_e4m3": "f8E4M3", "float8_e4m3fn": "f8E4M3FN",
    "float8_e4m3fnuz": "f8E4M3FNUZ", "float8_e4m3b11fnuz": "f8E4M3B11FNUZ", "float8_e5m2": "f8E5M2",
    "float8_e5m2fnuz": "f8E5M2FNUZ", "float8_e8m0fnu": "f8E8M0FNU",
    "bfloat16": "bf16", "float16": "f16", "float32": "f32", "float64": "f64",
    "complex64": "complex<f32>", "complex128": "complex<f64>",
}

BOOL = ["bool"]
SINT = ["int2", "int4", "int8", "int16", "int32", "int64"]
UINT = ["uint2", "uint4", "uint8", "uint16", "uint32", "uint64"]
INT = SINT + UINT
FLOAT = ["float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3fn",
         "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu",
         "bfloat16", "float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
ALL = BOOL + INT + FLOAT + COMPLEX
NUMERIC = INT + FLOAT + COMPLEX


def np_dtype(name: str) -> np.dtype:
    return np.dtype(getattr(ml_dtypes, name, None) or getattr(np, name))


def kind(name: str) -> str:
    if name == "bool":
        return "bool"
    if name in SINT:
        return "sint"
    if name in UINT:
        return "uint"
    if name in COMPLEX:
        return "complex"
    return "float"


def bits(name: str) -> int:
    return {"int2": 2, "uint2": 2, "int4": 4, "uint4": 4, "float4_e2m1fn": 4, "float6_e2m3fn": 6,
            "float6_e3m2fn": 6}.get(name, np_dtype(name).itemsize * 8)


def int_range(name: str):
    b = bits(name)
    return (-(1 << (b - 1)), (1 << (b - 1)) - 1) if kind(name) == "sint" else (0, (1 << b) - 1)


# ---------------------------------------------------------------------------
# Input values
# ---------------------------------------------------------------------------


def float_edges(name: str) -> np.ndarray:
    """NaN, +-inf, +-0, +-smallest denormal, +-min normal, +-max, and a few rounding cases,
    cast from float64 (types without inf / NaN / sign get what ml_dtypes makes of them)."""
    dt = np_dtype(name)
    fi = ml_dtypes.finfo(dt) if dt.itemsize < 4 or name == "bfloat16" else np.finfo(dt)
    tiny = float(fi.smallest_normal)
    den = float(fi.smallest_subnormal)
    mx = float(fi.max)
    vals = [np.nan, np.inf, -np.inf, 0.0, -0.0, den, -den, tiny, -tiny, mx, -mx, 1.0, -1.0, 0.5, -2.5, 1.5]
    # XLA on CPU flushes denormals of f32/f64 (also the f32 it computes narrower types in): leave out
    # inputs that are denormal in the type XLA computes in (see ORACLE_NOTES).
    compute = np.float64 if name == "float64" else np.float32
    ftz_tiny = float(np.finfo(compute).tiny)
    with np.errstate(all="ignore"):
        vals = [v for v in vals if not (0 < abs(float(np.asarray(v, dtype=np.float64).astype(dt).astype(compute))) < ftz_tiny)]
        return np.array(vals, dtype=np.float64).astype(dt)


def float_random(rng, name: str, n: int, scale=4.0) -> np.ndarray:
    dt = np_dtype(name)
    with np.errstate(all="ignore"):
        return (rng.standard_normal(n) * scale).astype(np.float32 if dt.itemsize < 8 else np.float64).astype(dt)


def int_edges(name: str) -> np.ndarray:
    lo, hi = int_range(name)
    vals = sorted({lo, hi, 0, 1, -1 if lo < 0 else hi - 1, lo + 1, hi - 1})
    return np.array(vals, dtype=np.uint64 if lo == 0 else np.int64).astype(np_dtype(name))


def int_random(rng, name: str, n: int) -> np.ndarray:
    lo, hi = int_range(name)
    if kind(name) == "uint" and bits(name) == 64:
        return rng.integers(0, 1 << 64, size=n, dtype=np.uint64)
    return rng.integers(lo, hi, size=n, endpoint=True, dtype=np.int64).astype(np_dtype(name))


def complex_edges(name: str, nonfinite: bool = True) -> np.ndarray:
    """Pairs of real/imaginary parts; nonfinite=False: finite parts only (XLA's complex math on inf/NaN
    parts follows its own conventions, not C99 Annex G, and the spec leaves them open)."""
    part = np.float32 if name == "complex64" else np.float64
    parts = [0.0, -0.0, 1.0, -1.5, 3e-8] + ([1e30, np.inf, -np.inf, np.nan] if nonfinite else [4.0])
    parts = np.array(parts, dtype=part)
    re_, im = np.meshgrid(parts, parts, indexing="ij")
    return _make_complex(re_.ravel(), im.ravel(), name)


def _make_complex(re_, im, name):
    out = np.empty(re_.shape, dtype=np_dtype(name))
    out.real, out.imag = re_, im  # never 0*inf products
    return out


def complex_random(rng, name: str, n: int, scale=2.0) -> np.ndarray:
    part = np.float32 if name == "complex64" else np.float64
    return _make_complex((rng.standard_normal(n) * scale).astype(part), (rng.standard_normal(n) * scale).astype(part), name)


def values(rng, name: str, n_random: int = 16, edges: bool = True, nonfinite: bool = True) -> np.ndarray:
    """1-D: edge values of the type, then n_random random values."""
    k = kind(name)
    if k == "bool":
        e, r = np.array([False, True]), rng.integers(0, 2, size=n_random).astype(bool)
    elif k in ("sint", "uint"):
        e, r = int_edges(name), int_random(rng, name, n_random)
    elif k == "float":
        e, r = float_edges(name), float_random(rng, name, n_random)
    else:
        e, r = complex_edges(name, nonfinite), complex_random(rng, name, n_random)
    return np.concatenate([e, r]) if edges else r


def cross(rng, name: str, n_random: int = 16, nonfinite: bool = True):
    """Two 1-D operands: every pair of edge values, then random pairs."""
    if kind(name) == "complex":  # many edges: pair them with shifted copies, not the full square
        e = complex_edges(name, nonfinite)
        a, b = e, np.roll(e, 7)
    else:
        e = values(rng, name, 0)
        a, b = np.repeat(e, len(e)), np.tile(e, len(e))
    return (np.concatenate([a, values(rng, name, n_random, edges=False)]),
            np.concatenate([b, values(rng, name, n_random, edges=False)]))


def random_array(rng, name: str, shape) -> np.ndarray:
    n = int(np.prod(shape))
    return values(rng, name, n, edges=False).reshape(shape)


def small_ints(rng, name: str, shape, lo=-3, hi=3) -> np.ndarray:
    """Small integer values (exact in every numeric type; unsigned/e8m0 get non-negative ones)."""
    k = kind(name)
    if k == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    if k == "uint" or name == "float8_e8m0fnu":
        lo = 0 if k == "uint" else 1
    if name == "float8_e8m0fnu":  # only powers of two
        return (2.0 ** rng.integers(0, 3, size=shape)).astype(np_dtype(name))
    if bits(name) == 2:
        lo, hi = (max(lo, -2), min(hi, 1)) if k == "sint" else (0, 3)
    v = rng.integers(lo, hi, size=shape, endpoint=True)
    if k == "complex":
        return _make_complex(v.astype(np.float64), rng.integers(lo, hi, size=shape, endpoint=True).astype(np.float64), name)
    return v.astype(np.float64 if k == "float" else np.int64).astype(np_dtype(name))


# Input generators: (rng, dtype name) -> list of numpy arrays
def g_unary(rng, t):
    return [values(rng, t)]


def g_binary(rng, t):
    return list(cross(rng, t))


def g_unary_finite_complex(rng, t):
    return [values(rng, t, nonfinite=False)]


def g_binary_finite_complex(rng, t):
    return list(cross(rng, t, nonfinite=False))


def g_ternary(rng, t):  # clamp(min, x, max) and select-like ops
    a, b = cross(rng, t)
    return [a, b, values(rng, t, len(a) - len(values(rng, t, 0)))]


def g_power(rng, t):
    """Complex: random operands only (XLA computes exp(rhs * log(lhs)): 0^z is NaN, (-1.5)^1 has an inexact
    imaginary part, both implementation choices the spec leaves open)."""
    if kind(t) == "complex":
        return [complex_random(rng, t, 32, scale=1.0), complex_random(rng, t, 32, scale=1.0)]
    return g_binary(rng, t)


def g_divide(rng, t):
    """Complex: no zero divisors (XLA's complex x/0 gives infinities of other signs than C99's; the spec
    leaves it open)."""
    lhs, rhs = cross(rng, t, nonfinite=False)
    if kind(t) == "complex":
        rhs = np.where(rhs == 0, np.ones_like(rhs), rhs)
    return [lhs, rhs]


def g_shift(rng, t):
    """lhs: edges + random; rhs: every amount from -1 (wrapped for unsigned) to 2*bits + 1, and the max."""
    b = bits(t)
    lo, hi = int_range(t)
    amounts = sorted({a for a in range(-1, 2 * b + 2) if lo <= a <= hi} | {hi, lo})
    x = values(rng, t)
    lhs = np.repeat(x, len(amounts))
    rhs = np.tile(np.array(amounts, dtype=np.uint64 if lo == 0 else np.int64).astype(np_dtype(t)), len(x))
    return [lhs, rhs]


def g_shape(*shapes, gen=None):
    def make(rng, t):
        return [(gen or random_array)(rng, t, s) for s in shapes]

    return make


def g_small(*shapes, lo=-3, hi=3):
    return g_shape(*shapes, gen=lambda rng, t, s: small_ints(rng, t, s, lo, hi))


def g_pred_select(rng, t):
    a, b = random_array(rng, t, (2, 3)), random_array(rng, t, (2, 3))
    return [np.array([[True, False, True], [False, False, True]]), a, b]


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


@dataclass
class Case:
    name: str  # file stem; unique within op
    op: str  # corpus directory: the StableHLO op under test
    fn: Callable  # the JAX function (takes numpy arrays)
    gen: Callable  # (rng, dtype name) -> list of inputs
    dtypes: list
    check: str = "eq"  # "eq" | "close" | "almost" | "eqc" | "closec" (see the module docstring)
    note: str = ""
    expect_ops: list = field(default_factory=list)  # ops the exported program must contain
    by_position: bool = False  # reads some elements as scalars (lo[0]): inputs cannot drop elements


def _lax():
    import jax
    from jax import lax
    import jax.numpy as jnp

    return jax, lax, jnp


@dataclass(frozen=True)
class TextProgram:
    """A case function given as StableHLO text: make(inputs, mlir type names) -> module text with a
    public @main; XLA compiles the text itself (the oracle for ops JAX never emits)."""

    make: Callable


def _tt(a: np.ndarray) -> str:
    return tensor_type(a, dtype_name(a))


def _module(args: list, result: str, body: list) -> str:
    sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args))
    return "\n".join([f"module @text_program {{", f"  func.func public @main({sig}) -> {result} {{"]
                     + [f"    {line}" for line in body] + ["  }", "}"])


def _elementwise_text(op: str):
    def make(inputs):
        ts = [_tt(a) for a in inputs]
        result = ts[0]
        if op == "imag" and kind(dtype_name(inputs[0])) == "float":
            return _module(ts, result, [f"%0 = stablehlo.{op} %arg0 : {ts[0]}", f"return %0 : {result}"])
        args = ", ".join(f"%arg{i}" for i in range(len(inputs)))
        return _module(ts, result, [f"%0 = stablehlo.{op} {args} : {ts[0]}", f"return %0 : {result}"])

    return make


def _logistic_text(inputs):
    t = _tt(inputs[0])
    return _module([t], t, [f"%0 = stablehlo.logistic %arg0 : {t}", f"return %0 : {t}"])


def _if_text(inputs):
    p, t = _tt(inputs[0]), _tt(inputs[1])
    negate = "stablehlo.negate" if dtype_name(inputs[1]) not in BOOL + UINT else "stablehlo.not"
    if dtype_name(inputs[1]) in UINT:
        negate = "stablehlo.not"
    return _module([p, t], t, [
        f"%0 = \"stablehlo.if\"(%arg0) ({{",
        f"  %1 = {negate} %arg1 : {t}",
        f"  stablehlo.return %1 : {t}",
        "}, {",
        f"  %2 = stablehlo.reverse %arg1, dims = [1] : {t}",
        f"  stablehlo.return %2 : {t}",
        f"}}) : ({p}) -> {t}",
        f"return %0 : {t}"])


def _dot_text(inputs):
    a, b = inputs
    shape = a.shape[:-1] + b.shape[1:]
    r = tensor_type(np.zeros(shape, dtype=a.dtype), dtype_name(a))
    return _module([_tt(a), _tt(b)], r, [f"%0 = stablehlo.dot %arg0, %arg1 : ({_tt(a)}, {_tt(b)}) -> {r}",
                                         f"return %0 : {r}"])


def _convolution_reversal_text(inputs):
    """A convolution with window reversal, which JAX never emits (it reverses the kernel with rev)."""
    a, b = inputs  # NHWC 1x4x5x2, HWIO 2x3x2x3
    r = tensor_type(np.zeros((1, 2, 3, 3), dtype=a.dtype), dtype_name(a))
    return _module([_tt(a), _tt(b)], r, [
        f"%0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
        f"window = {{stride = [2, 1], pad = [[1, 0], [0, 0]], reverse = [true, false]}} "
        f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({_tt(a)}, {_tt(b)}) -> {r}",
        f"return %0 : {r}"])


def _reduce_text(op: str, dims: tuple):
    """stablehlo.reduce with a single-op body over `dims`, as JAX would export it (used where jax's front end
    refuses the element type)."""

    def make(inputs):
        x, init = inputs
        t, s = _tt(x), _tt(init)
        shape = tuple(n for d, n in enumerate(x.shape) if d not in dims)
        r = tensor_type(np.zeros(shape, dtype=x.dtype), dtype_name(x))
        across = ", ".join(str(d) for d in dims)
        return _module([t, s], r, [
            f"%0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.{op} across dimensions = [{across}]"
            f" : ({t}, {s}) -> {r}",
            f"return %0 : {r}"])

    return make


def _broadcast_text(inputs):
    x = inputs[0]
    t = _tt(x)
    r = tensor_type(np.zeros((3,) + x.shape, dtype=x.dtype), dtype_name(x))
    return _module([t], r, [f"%0 = stablehlo.broadcast %arg0, sizes = [3] : ({t}) -> {r}", f"return %0 : {r}"])


def _get_dimension_size_text(inputs):
    t = _tt(inputs[0])
    return _module([t], "(tensor<i32>, tensor<i32>)", [
        f"%0 = stablehlo.get_dimension_size %arg0, dim = 0 : ({t}) -> tensor<i32>",
        f"%1 = stablehlo.get_dimension_size %arg0, dim = 1 : ({t}) -> tensor<i32>",
        "return %0, %1 : tensor<i32>, tensor<i32>"])


def _tuple_text(inputs):
    a, b = _tt(inputs[0]), _tt(inputs[1])
    inner, outer = f"tuple<{b}, {a}>", f"tuple<{a}, tuple<{b}, {a}>>"
    return _module([a, b], f"({b}, {a})", [
        f"%0 = stablehlo.tuple %arg1, %arg0 : {inner}",
        f"%1 = stablehlo.tuple %arg0, %0 : {outer}",
        f"%2 = stablehlo.get_tuple_element %1[1] : ({outer}) -> {inner}",
        f"%3 = stablehlo.get_tuple_element %2[0] : ({inner}) -> {b}",
        f"%4 = stablehlo.get_tuple_element %1[0] : ({outer}) -> {a}",
        f"return %3, %4 : {b}, {a}"])


def _after_all_text(inputs):
    t = _tt(inputs[0])
    return _module([t], t, [
        "%t0 = stablehlo.create_token : !stablehlo.token",
        "%t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token",
        f"%0:2 = stablehlo.optimization_barrier %arg0, %t1 : {t}, !stablehlo.token",
        f"return %0#0 : {t}"])


def _batch_norm_text(op: str):
    """stablehlo.batch_norm_<op> over feature dimension 1 (JAX never emits these ops)."""

    def make(inputs):
        T, V = _tt(inputs[0]), _tt(inputs[1])
        attrs = "{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}"
        if op == "inference":
            return _module([T, V, V, V, V], T, [
                f'%0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg2, %arg3, %arg4) {attrs} : '
                f"({T}, {V}, {V}, {V}, {V}) -> {T}", f"return %0 : {T}"])
        if op == "training":
            return _module([T, V, V], f"({T}, {V}, {V})", [
                f'%0:3 = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) {attrs} : '
                f"({T}, {V}, {V}) -> ({T}, {V}, {V})", f"return %0#0, %0#1, %0#2 : {T}, {V}, {V}"])
        return _module([T, V, V, V, T], f"({T}, {V}, {V})", [
            f'%0:3 = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg2, %arg3, %arg4) {attrs} : '
            f"({T}, {V}, {V}, {V}, {T}) -> ({T}, {V}, {V})", f"return %0#0, %0#1, %0#2 : {T}, {V}, {V}"])

    return make


def g_batch_norm(op: str):
    def gen(rng, t):
        x, dy = random_array(rng, t, (4, 3, 2)), random_array(rng, t, (4, 3, 2))
        vectors = [random_array(rng, t, (3,)) for _ in range(3)]
        variance = np.abs(random_array(rng, t, (3,)).astype(np.float64)).astype(np_dtype(t))
        if op == "inference":
            return [x, *vectors, variance]
        if op == "training":
            return [x, *vectors[:2]]
        return [x, vectors[0], vectors[1], variance, dy]

    return gen


def _cholesky_text(inputs):
    t = _tt(inputs[0])
    return _module([t], t, [f"%0 = stablehlo.cholesky %arg0, lower = true : {t}", f"return %0 : {t}"])


def _triangular_solve_text(inputs):
    a, b = _tt(inputs[0]), _tt(inputs[1])
    return _module([a, b], b, [
        f'%0 = "stablehlo.triangular_solve"(%arg0, %arg1) {{left_side = true, lower = true, unit_diagonal = false, '
        f"transpose_a = #stablehlo<transpose TRANSPOSE>}} : ({a}, {b}) -> {b}", f"return %0 : {b}"])


def g_spd(rng, t):
    """A batch of Hermitian positive-definite matrices (cholesky's domain)."""
    m = random_array(rng, t, (2, 3, 3)).astype(np.complex128)
    return [(m @ np.conj(np.swapaxes(m, -1, -2)) + 3 * np.eye(3)).astype(np_dtype(t))]


def g_triangular(rng, t):
    a = (random_array(rng, t, (3, 3)).astype(np.complex128) + 4 * np.eye(3)).astype(np_dtype(t))
    return [a, random_array(rng, t, (3, 2))]


def _rng_bit_generator_text(algorithm: str, element: str, shape: tuple):
    def make(inputs):
        s = _tt(inputs[0])
        t = f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"
        return _module([s], f"({s}, {t})", [
            f"%0:2 = stablehlo.rng_bit_generator %arg0, algorithm = {algorithm} : ({s}) -> ({s}, {t})",
            f"return %0#0, %0#1 : {s}, {t}"])

    return make


def g_rng_state(size: int):
    return lambda rng, t: [rng.integers(0, 2**64, size, dtype=np.uint64)]


def _lowest(dtype):
    """The smallest value of a numpy dtype (the init of a max reduction): -inf where the type has it."""
    name = dtype_name(np.zeros((), dtype))
    if kind(name) == "bool":
        return np.bool_(False)
    if kind(name) in ("sint", "uint"):
        return np.array(int_range(name)[0]).astype(dtype)
    value = np.array(-np.inf).astype(dtype)
    return value if np.isinf(value.astype(np.float32)) else np.array(ml_dtypes.finfo(dtype).min, dtype=dtype)


def _map_text(inputs):
    a, b = inputs
    t = _tt(a)
    e = MLIR_TYPES[dtype_name(a)]
    return _module([t, t], t, [
        f'%0 = "stablehlo.map"(%arg0, %arg1) <{{dimensions = array<i64: 0, 1>}}> ({{',
        f"^bb0(%x: tensor<{e}>, %y: tensor<{e}>):",
        f"  %m = stablehlo.maximum %x, %y : tensor<{e}>",
        f"  %n = stablehlo.minimum %m, %y : tensor<{e}>",
        f"  stablehlo.return %n : tensor<{e}>",
        f"}}) : ({t}, {t}) -> {t}",
        f"return %0 : {t}"])


def _select_and_scatter_text(inputs):
    """Windows 2x3, strides 2x2, padding [[0, 1], [1, 1]] on a 4x5 operand: source 2x3."""
    operand, source, init = inputs
    t, s, i = _tt(operand), _tt(source), _tt(init)
    e = MLIR_TYPES[dtype_name(operand)]
    return _module([t, s, i], t, [
        '%0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<[[0, 1], [1, 1]]> : '
        'tensor<2x2xi64>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>}> ({',
        f"^bb0(%x: tensor<{e}>, %y: tensor<{e}>):",
        f"  %c = stablehlo.compare GE, %x, %y : (tensor<{e}>, tensor<{e}>) -> tensor<i1>",
        "  stablehlo.return %c : tensor<i1>",
        "}, {",
        f"^bb0(%x: tensor<{e}>, %y: tensor<{e}>):",
        f"  %r = stablehlo.add %x, %y : tensor<{e}>",
        f"  stablehlo.return %r : tensor<{e}>",
        f"}}) : ({t}, {s}, {i}) -> {t}",
        f"return %0 : {t}"])


def build_table() -> list:
    jax, lax, jnp = _lax()
    T = []

    def add(name, op, fn, gen, dtypes, check="eq", note="", expect=None):
        T.append(Case(name, op, fn, gen, list(dtypes), check, note, expect or [op]))

    F, C = FLOAT, COMPLEX
    # -- unary elementwise
    for op, f, types, check in [
        ("abs", lax.abs, SINT + F + C, "eqc"),
        ("negate", lax.neg, INT + F + C, "eq"),
        ("sign", lax.sign, SINT + F + C, "eqc"),
        ("ceil", lax.ceil, F, "eq"),
        ("floor", lax.floor, F, "eq"),
        ("round_nearest_afz", lambda x: lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO), F, "eq"),
        ("round_nearest_even", lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN), F, "eq"),
        ("is_finite", lax.is_finite, F, "eq"),
        ("not", lax.bitwise_not, BOOL + INT, "eq"),
        ("popcnt", lax.population_count, INT, "eq"),
        ("count_leading_zeros", lax.clz, INT, "eq"),
        ("sqrt", lax.sqrt, F + C, "closec"),
        ("rsqrt", lax.rsqrt, F + C, "closec"),
        ("cbrt", lax.cbrt, F + C, "closec"),
        ("exponential", lax.exp, F + C, "closec"),
        ("exponential_minus_one", lax.expm1, F + C, "closec"),
        ("log", lax.log, F + C, "closec"),
        ("log_plus_one", lax.log1p, F + C, "closec"),
        ("sine", lax.sin, F + C, "closec"),
        ("cosine", lax.cos, F + C, "closec"),
        ("tan", lax.tan, F + C, "closec"),
        ("tanh", lax.tanh, F + C, "closec"),
        ("real", lax.real, F + C, "eq"),
        ("imag", lax.imag, F + C, "eq"),
    ]:
        add(op, op, f, g_unary if op in FULL_COMPLEX_EDGES else g_unary_finite_complex, types, check)

    # -- binary elementwise
    for op, f, types, check, gen in [
        ("add", lax.add, ALL, "eq", g_binary),
        ("subtract", lax.sub, NUMERIC, "eq", g_binary),
        ("multiply", lax.mul, ALL, "eqc", g_binary_finite_complex),
        ("maximum", lax.max, ALL, "eq", g_binary),
        ("minimum", lax.min, ALL, "eq", g_binary),
        ("divide", lax.div, NUMERIC, "closec", g_divide),
        ("remainder", lax.rem, NUMERIC, "close", g_binary_finite_complex),
        ("power", lax.pow, NUMERIC, "closec", g_power),
        ("atan2", lax.atan2, F + C, "closec", g_binary_finite_complex),
        ("and", lax.bitwise_and, BOOL + INT, "eq", g_binary),
        ("or", lax.bitwise_or, BOOL + INT, "eq", g_binary),
        ("xor", lax.bitwise_xor, BOOL + INT, "eq", g_binary),
        ("shift_left", lax.shift_left, INT, "eq", g_shift),
        ("shift_right_arithmetic", lax.shift_right_arithmetic, INT, "eq", g_shift),
        ("shift_right_logical", lax.shift_right_logical, INT, "eq", g_shift),
        ("complex", lax.complex, ["float32", "float64"], "eq", g_binary),
    ]:
        add(op, op, f, gen, types, check)

    add("clamp", "clamp", lambda lo, x, hi: lax.clamp(lo, x, hi), g_ternary, ALL)
    add("clamp_scalar_bounds", "clamp", lambda lo, x, hi: lax.clamp(lo[0], x, hi[1]), g_ternary, ALL)
    T[-1].by_position = True
    add("compare_eq_ne", "compare", lambda a, b: (lax.eq(a, b), lax.ne(a, b)), g_binary, ALL)
    add("compare_order", "compare", lambda a, b: (lax.ge(a, b), lax.gt(a, b), lax.le(a, b), lax.lt(a, b)),
        g_binary, BOOL + INT + FLOAT)
    add("select", "select", lambda p, a, b: lax.select(p, a, b), g_pred_select, ALL)
    add("select_scalar_pred", "select", lambda p, a, b: lax.select(p[0, 0], a, b), g_pred_select, ALL)

    # -- conversions
    for dst in ALL:
        add(f"convert_to_{dst}", "convert", (lambda d: lambda x: lax.convert_element_type(x, np_dtype(d)))(dst),
            g_unary, [t for t in ALL if t != dst])
    width = {}
    for t in ALL:
        if t != "bool":
            width.setdefault(bits(t), []).append(t)
    for dst in ALL:
        if dst == "bool":
            continue
        srcs = [t for t in width[bits(dst)] if t != dst]
        add(f"bitcast_convert_to_{dst}", "bitcast_convert",
            (lambda d: lambda x: lax.bitcast_convert_type(x, np_dtype(d)))(dst), g_unary, srcs)
    add("bitcast_convert_to_2xint16", "bitcast_convert", lambda x: lax.bitcast_convert_type(x, np.int16),
        g_shape((2, 3)), ["float32", "int32", "uint32"])
    add("bitcast_convert_from_4xuint8", "bitcast_convert", lambda x: lax.bitcast_convert_type(x, np.float32),
        g_shape((3, 4)), ["uint8", "int8"])
    add("reduce_precision_bf16", "reduce_precision", lambda x: lax.reduce_precision(x, 8, 7), g_unary, F)
    add("reduce_precision_e4m3", "reduce_precision", lambda x: lax.reduce_precision(x, 4, 3), g_unary, F)
    add("reduce_precision_e5m10", "reduce_precision", lambda x: lax.reduce_precision(x, 5, 10), g_unary, F)

    # -- data movement (every type)
    add("constant", "constant", "constant", None, ALL)  # fn built per dtype by make_function
    add("iota", "iota", "iota", None, INT + FLOAT + COMPLEX)  # fn built per dtype by make_function
    add("broadcast_in_dim", "broadcast_in_dim", lambda x: lax.broadcast_in_dim(x, (2, 4, 3), (0, 2)),
        g_shape((2, 3)), ALL)
    add("broadcast_in_dim_expand", "broadcast_in_dim", lambda x: lax.broadcast_in_dim(x, (3, 2, 4), (1, 2)),
        g_shape((2, 1)), ALL)
    add("reshape", "reshape", lambda x: lax.reshape(x, (3, 2, 1)), g_shape((2, 3)), ALL)
    add("slice", "slice", lambda x: lax.slice(x, (1, 0), (4, 5), (2, 2)), g_shape((4, 6)), ALL)
    add("transpose", "transpose", lambda x: lax.transpose(x, (2, 0, 1)), g_shape((2, 3, 2)), ALL)
    add("pad", "pad", lambda x, v: lax.pad(x, v[0], [(1, -1, 1), (-1, 2, 0)]), g_shape((2, 3), (1,)), ALL)
    add("reverse", "reverse", lambda x: lax.rev(x, (0, 1)), g_shape((2, 3)), ALL)
    add("concatenate", "concatenate", lambda a, b, c: lax.concatenate([a, b, c], 1),
        g_shape((2, 1), (2, 3), (2, 2)), ALL)

    # -- dot_general: small integer values, so every type's result is exact
    add("dot_general_matmul", "dot_general", lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
        g_small((2, 3), (3, 4)), NUMERIC + BOOL)
    add("dot_general_batch", "dot_general",
        lambda a, b: lax.dot_general(a, b, (((2,), (1,)), ((0,), (0,)))), g_small((2, 2, 3), (2, 3, 2)),
        NUMERIC + BOOL)
    add("dot_general_random", "dot_general", lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
        g_shape((2, 4), (4, 3)), ["float32", "float64", "complex64", "complex128"], "almost")

    # -- reduce
    add("reduce_sum", "reduce", lambda x: lax.reduce_sum(x, (1,)), g_small((3, 4)), NUMERIC, "eq")
    add("reduce_max", "reduce", lambda x: lax.reduce_max(x, (0,)), g_shape((4, 3)), ALL)
    add("reduce_min", "reduce", lambda x: lax.reduce_min(x, (1,)), g_shape((3, 4)), BOOL + INT + FLOAT)
    add("reduce_prod", "reduce", lambda x: lax.reduce_prod(x, (0, 1)), g_small((2, 3), lo=-2, hi=2), NUMERIC, "eqc")
    add("reduce_and", "reduce", lambda x: lax.reduce_and(x, (1,)), g_shape((3, 4)), BOOL + INT)
    add("reduce_or", "reduce", lambda x: lax.reduce_or(x, (0,)), g_shape((3, 4)), BOOL + INT)
    add("reduce_argmax", "reduce", lambda x: jnp.argmax(x, axis=1), g_shape((3, 5)), INT + FLOAT)

    # -- control flow
    add("cond_true", "case", lambda p, x: lax.cond(p[0], lambda y: lax.neg(y), lambda y: y, x),
        lambda rng, t: [np.array([True]), random_array(rng, t, (2, 3))], INT + FLOAT + COMPLEX,
        expect=["case"])  # jax lowers cond to stablehlo.case
    add("cond_false", "case", lambda p, x: lax.cond(p[0], lambda y: lax.neg(y), lambda y: lax.rev(y, (1,)), x),
        lambda rng, t: [np.array([False]), random_array(rng, t, (2, 3))], ALL[1:],
        expect=["case"])  # jax lowers cond to stablehlo.case
    add("case", "case",
        lambda i, x: lax.switch(i[0], [lambda y: y, lambda y: lax.rev(y, (0,)), lambda y: lax.transpose(y, (1, 0))], x),
        lambda rng, t: [np.array([1], dtype=np.int32), random_array(rng, t, (2, 2))], ALL)
    add("case_clamped_index", "case",
        lambda i, x: lax.switch(i[0], [lambda y: y, lambda y: lax.rev(y, (0,))], x),
        lambda rng, t: [np.array([7], dtype=np.int32), random_array(rng, t, (2, 2))], ["int32", "float32"])
    add("while", "while",
        lambda x: lax.fori_loop(0, 3, lambda i, y: lax.concatenate([y[1:], y[:1]], 0), x),
        g_shape((4, 2)), ALL)
    add("while_accumulate", "while",
        lambda x: lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] + c[1]), (np.int32(0), x))[1],
        g_small((2, 3)), NUMERIC)

    # -- ops JAX does not emit (it expands logistic, lowers cond to case, emits dot_general only): the
    #    program is StableHLO text (TextProgram) that XLA compiles directly
    add("logistic", "logistic", TextProgram(_logistic_text), g_unary_finite_complex, F + C, "closec")
    add("if_true", "if", TextProgram(_if_text), lambda rng, t: [np.array(True), random_array(rng, t, (2, 3))],
        ALL)
    add("if_false", "if", TextProgram(_if_text), lambda rng, t: [np.array(False), random_array(rng, t, (2, 3))],
        ALL)
    add("dot", "dot", TextProgram(_dot_text), g_small((2, 3), (3, 4)), NUMERIC + BOOL)
    add("dot_vector", "dot", TextProgram(_dot_text), g_small((3,), (3,)), NUMERIC)

    # -- (op, type) pairs jax's front end refuses (lax type checks) but the spec allows: StableHLO text
    for op, types, gen, check in [
        ("add", BOOL, g_binary, "eq"), ("multiply", BOOL, g_binary, "eq"),
        ("maximum", BOOL + C, g_binary_finite_complex, "eq"), ("minimum", BOOL + C, g_binary_finite_complex, "eq"),
        ("power", INT, g_binary, "eq"), ("remainder", C, g_divide, "closec"),
        ("cbrt", C, g_unary_finite_complex, "closec"), ("real", F, g_unary, "eq"), ("imag", F, g_unary, "eq"),
        ("abs", ["int2", "int4"], g_unary, "eq"),
    ]:
        add(f"{op}_text", op, TextProgram(_elementwise_text(op)), gen, types, check)

    # -- indexing reads: gather, dynamic_slice, torch_index_select
    def g_indexed(shape, *indices):
        """An operand of the case's type and fixed int32 index arrays (some out of range)."""
        return lambda rng, t: [random_array(rng, t, shape)] + [np.array(i, np.int32) for i in indices]

    points = [[0, 4], [2, -1], [1, 7], [-3, 0]]
    add("gather_index", "gather", lambda x, i: x[i], g_indexed((4, 3), [3, 0, -1, 2, 2]), ALL)
    add("gather_points", "gather", lambda x, i: x[i[:, 0], i[:, 1]], g_indexed((3, 5), points), ALL)
    add("gather_take_clip", "gather", lambda x, i: jnp.take(x, i, axis=1, mode="clip"),
        g_indexed((2, 5, 2), [[4, 9], [-2, 1]]), ALL)
    add("gather_batching", "gather", jax.vmap(lambda row, i: jnp.take(row, i, mode="clip")),
        g_indexed((3, 4), [[1, 3], [0, 5], [-1, 2]]), ALL)  # vmap: operand_batching_dims
    add("gather_window", "gather",
        lambda x, i: lax.gather(x, i, lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(),
                                                                 start_index_map=(0, 1)),
                                (2, 3), mode=lax.GatherScatterMode.PROMISE_IN_BOUNDS),  # XLA clamps
        g_indexed((4, 5), points), ALL)
    add("dynamic_slice", "dynamic_slice", lambda x, i: lax.dynamic_slice(x, (i[0], i[1]), (2, 3)),
        g_indexed((4, 5), [1, 1]), ALL)
    add("dynamic_slice_clamped", "dynamic_slice",
        lambda x, i: (lax.dynamic_slice(x, (i[0], i[1]), (2, 3)), lax.dynamic_slice(x, (i[1], i[0]), (3, 1))),
        g_indexed((4, 5), [-2, 9]), ALL)

    def torch_index_select_text(dim, batch_dims):
        def make(inputs):
            x, i = inputs
            r = np.zeros(x.shape[:dim] + i.shape[batch_dims:] + x.shape[dim + 1:], x.dtype)
            return _module([_tt(x), _tt(i)], _tt(r), [
                f'%0 = "stablehlo.torch_index_select"(%arg0, %arg1) {{dim = {dim} : i64, batch_dims = {batch_dims} '
                f': i64}} : ({_tt(x)}, {_tt(i)}) -> {_tt(r)}', f"return %0 : {_tt(r)}"])

        return TextProgram(make)

    add("torch_index_select", "torch_index_select", torch_index_select_text(1, 0),
        g_indexed((2, 4, 3), [[3, 0, 5], [-1, 1, 1]]), ALL)
    add("torch_index_select_batch", "torch_index_select", torch_index_select_text(1, 1),
        g_indexed((3, 4, 2), [[3, 0], [1, 1], [2, 9]]), ALL)

    # -- indexing writes: scatter, dynamic_update_slice
    # Rows 1, 4, 1 repeat (the last write wins for set; sums and products round in order) and 7 and -1
    # are out of range (their rows are dropped).
    def g_scatter(gen_values):
        def make(rng, t):
            return [gen_values(rng, t, (5, 3)), np.array([1, 4, 1, 7, 0, -1, 1, 2], dtype=np.int32),
                    gen_values(rng, t, (8, 3))]
        return make

    small = lambda rng, t, s: small_ints(rng, t, s)  # noqa: E731
    tiny = lambda rng, t, s: small_ints(rng, t, s, -2, 2)  # noqa: E731
    add("scatter_set", "scatter", lambda x, i, u: x.at[i].set(u, mode="drop"), g_scatter(random_array), ALL)
    add("scatter_add", "scatter", lambda x, i, u: x.at[i].add(u, mode="drop"), g_scatter(small), NUMERIC)
    add("scatter_mul", "scatter", lambda x, i, u: x.at[i].mul(u, mode="drop"), g_scatter(tiny), NUMERIC, "eqc")
    add("scatter_min", "scatter", lambda x, i, u: x.at[i].min(u, mode="drop"), g_scatter(random_array),
        BOOL + INT + FLOAT)
    add("scatter_max", "scatter", lambda x, i, u: x.at[i].max(u, mode="drop"), g_scatter(random_array),
        BOOL + INT + FLOAT)
    # A body jax emits for .apply (run in rounds, duplicates in turn), and batching dimensions.
    add("scatter_apply", "scatter", lambda x, i: x.at[i].apply(lambda v: v * v - v),
        lambda rng, t: g_scatter(tiny)(rng, t)[:2], NUMERIC, "eqc")
    batched = lax.ScatterDimensionNumbers(update_window_dims=(2,), inserted_window_dims=(1,),
                                          scatter_dims_to_operand_dims=(1,), operand_batching_dims=(0,),
                                          scatter_indices_batching_dims=(0,))
    add("scatter_batched", "scatter",
        lambda x, i, u: lax.scatter_add(x, i, u, batched, mode=lax.GatherScatterMode.FILL_OR_DROP),
        lambda rng, t: [small_ints(rng, t, (2, 5, 3)), np.array([[[4], [1], [4], [6]], [[0], [0], [2], [-1]]],
                                                                  dtype=np.int32), small_ints(rng, t, (2, 4, 3))],
        NUMERIC)
    # Start indices (1, -2) and (3, 9): clamped so that the update fits.
    add("dynamic_update_slice", "dynamic_update_slice",
        lambda x, u: lax.dynamic_update_slice(lax.dynamic_update_slice(x, u, (1, -2)), u[:1], (3, 9)),
        g_shape((4, 5), (2, 3)), ALL)

    # -- region ops: sort, map, reduce_window, select_and_scatter
    add("sort", "sort", lambda x: jnp.sort(x), g_unary, ALL)
    add("sort_2d", "sort", lambda x: (jnp.sort(x, axis=0), jnp.sort(x, axis=1, descending=True)),
        g_shape((5, 6)), ALL)
    add("argsort", "sort", lambda x: jnp.argsort(x), g_unary, ALL)
    add("sort_two_keys", "sort", lambda x, y: lax.sort((x, y), dimension=1, num_keys=2),
        g_small((3, 8), (3, 8), lo=-1, hi=1), ALL)
    add("map", "map", TextProgram(_map_text), g_shape((3, 4), (3, 4)), ALL)
    add("cumsum", "reduce_window", lambda x: jnp.cumsum(x, axis=1, dtype=x.dtype), g_small((3, 5), lo=-1, hi=1),
        NUMERIC)
    add("cumprod", "reduce_window", lambda x: jnp.cumprod(x, axis=0, dtype=x.dtype), g_small((4, 3), lo=-1, hi=2),
        INT + FLOAT)
    # complex products: nonzero parts, since the sign of a zero part depends on the order of the
    # products, which the spec leaves to the implementation (docs/decisions.md)
    add("cumprod_complex", "reduce_window", lambda x: jnp.cumprod(x, axis=0, dtype=x.dtype),
        g_small((4, 3), lo=1, hi=2), COMPLEX)
    add("cummax", "reduce_window", lambda x: lax.cummax(x, axis=1), g_shape((3, 5)), BOOL + INT + FLOAT)
    add("max_pool", "reduce_window",
        lambda x: lax.reduce_window(x, _lowest(x.dtype), lax.max, (2, 2), (1, 2), "SAME"), g_shape((4, 5)),
        BOOL + INT + FLOAT)
    add("max_pool_dilated", "reduce_window",
        lambda x: lax.reduce_window(x, _lowest(x.dtype), lax.max, (2, 2), (2, 1), ((1, 0), (0, 2)), (2, 1), (1, 2)),
        g_shape((4, 5)), BOOL + INT + FLOAT)
    add("sum_pool", "reduce_window",
        lambda x: lax.reduce_window(x, x.dtype.type(0), lax.add, (2, 3), (2, 1), ((0, 1), (1, 1))),
        g_small((4, 5), lo=-1, hi=1), NUMERIC)
    add("avg_pool", "reduce_window",
        lambda x: lax.reduce_window(x, x.dtype.type(0), lax.add, (2, 2), (2, 2), "VALID") / x.dtype.type(4),
        g_small((4, 6), lo=-1, hi=1), FLOAT + COMPLEX, "close")
    add("max_pool_grad", "select_and_scatter",
        jax.grad(lambda x: lax.reduce_window(x, _lowest(x.dtype), lax.max, (2, 2), (2, 2), "SAME").sum()),
        g_shape((4, 5)), FLOAT, expect=["select_and_scatter"])
    add("composite", "composite",
        lax.composite(lambda x, y: (lax.rev(x, (1,)), lax.select(y, x, lax.transpose(x, (0, 1)))), name="my.mix"),
        lambda rng, t: [random_array(rng, t, (2, 3)), np.array([[True, False, True], [False, True, False]])], ALL)
    add("composite_arith", "composite",
        lambda x, y: lax.composite(lambda a, b, *, k: a * b + a, name="my.fma_like", version=3)(x, y, k=2),
        g_small((2, 3), (2, 3)),
        NUMERIC, "eqc")
    add("select_and_scatter", "select_and_scatter", TextProgram(_select_and_scatter_text),
        lambda rng, t: [random_array(rng, t, (4, 5)), small_ints(rng, t, (2, 3), 0, 2), small_ints(rng, t, (), 0, 1)],
        BOOL + INT + FLOAT)

    # -- tuples, tokens, barriers, legacy broadcast, get_dimension_size
    add("optimization_barrier", "optimization_barrier", lambda a, b: lax.optimization_barrier((a, b)),
        g_shape((2, 3), (4,)), ALL)
    add("broadcast", "broadcast", TextProgram(_broadcast_text), g_shape((2, 2)), ALL)
    add("get_dimension_size", "get_dimension_size", TextProgram(_get_dimension_size_text), g_shape((2, 5)), ALL)
    add("tuple", "tuple", TextProgram(_tuple_text), g_shape((2, 3), (4,)), ALL,
        expect=["tuple", "get_tuple_element"])
    add("after_all", "after_all", TextProgram(_after_all_text), g_shape((3,)), ["float32"],
        expect=["after_all", "create_token"])
    # batch norm: results agree with XLA's expander to a few ULPs (it uses rsqrt and E[x^2] - E[x]^2), so
    # the check is the absolute 1e-3 one. f16 is left to interpreter/reductions/test_batch_norm.py (relative 4e-3):
    # XLA rounds every step of its expansion to f16, we round once (docs/decisions.md)
    for bn in ("inference", "training", "grad"):
        add(f"batch_norm_{bn}", f"batch_norm_{bn}", TextProgram(_batch_norm_text(bn)), g_batch_norm(bn),
            ["float32", "float64", "bfloat16"], "almost")
    # -- fft, cholesky, triangular_solve (JAX on CPU exports LAPACK custom calls for the last two: text)
    add("fft", "fft", jnp.fft.fft, g_shape((3, 8)), C, "almost")
    add("ifft2", "fft", jnp.fft.ifft2, g_shape((2, 4, 4)), C, "almost")
    add("rfft", "fft", jnp.fft.rfft, g_shape((3, 8)), ["float32", "float64"], "almost")
    add("irfft2", "fft", lambda x: jnp.fft.irfft2(x, s=(4, 6)), g_shape((2, 4, 4)), C, "almost")
    add("cholesky", "cholesky", TextProgram(_cholesky_text), g_spd, ["float32", "float64"] + C, "almost")
    add("triangular_solve", "triangular_solve", TextProgram(_triangular_solve_text), g_triangular,
        ["float32", "float64"] + C, "almost")
    # -- whole programs the issues name: softmax, a scan (RNN cell), matmul/einsum, jax.random (threefry in
    #    StableHLO ops; jax.random.normal needs chlo.erf_inv, which is not StableHLO)
    add("softmax", "reduce", lambda x: jax.nn.softmax(x, axis=-1), g_shape((3, 6)), ["float32", "float64", "bfloat16",
        "float16"], "close", expect=["reduce", "exponential"])

    def rnn(h, xs, w, u):
        return lax.scan(lambda c, x: (jnp.tanh(x @ w + c @ u),) * 2, h, xs)[1]

    add("scan_rnn", "while", rnn, lambda rng, t: [random_array(rng, t, (2, 4)), random_array(rng, t, (5, 2, 3)),
                                                  random_array(rng, t, (3, 4)), random_array(rng, t, (4, 4))],
        ["float32", "float64"], "almost",  # rounding differences compound over the steps (~15 ULP)
        expect=["while", "dynamic_slice", "dynamic_update_slice", "dot_general"])
    add("matmul", "dot_general", jnp.matmul, g_small((2, 3, 4), (4, 5)), NUMERIC, "close")
    add("einsum", "dot_general", lambda a, b: jnp.einsum("bij,bjk->bik", a, b), g_small((2, 3, 4), (2, 4, 5)),
        NUMERIC, "close")
    seed = lambda rng, t: [np.array([rng.integers(0, 2**31)], dtype=np.uint32)]  # noqa: E731
    add("random_uniform", "while", lambda s: jax.random.uniform(jax.random.key(s[0]), (3, 4)), seed, ["uint32"],
        "eq", expect=["while", "shift_right_logical"])
    add("random_randint", "while", lambda s: jax.random.randint(jax.random.key(s[0]), (8,), -5, 100), seed,
        ["uint32"], "eq", expect=["while", "shift_right_logical"])
    add("random_permutation", "sort", lambda s: jax.random.permutation(jax.random.key(s[0]), 10), seed, ["uint32"],
        "eq", expect=["sort", "while"])

    # -- rng_bit_generator: XLA's bits exactly (unsigned outputs: XLA hands every output back unsigned)
    for algorithm, size in (("THREE_FRY", 2), ("PHILOX", 3), ("PHILOX", 2), ("DEFAULT", 3)):
        for element, shape in (("ui32", (3, 5)), ("ui64", (4,)), ("ui16", (2, 3)), ("ui8", ())):
            add(f"{algorithm.lower()}_{size}_{element}", "rng_bit_generator",
                TextProgram(_rng_bit_generator_text(algorithm, element, shape)), g_rng_state(size), ["uint64"])

    # -- reductions jax refuses on sub-byte integers (lax.reduce_and/or type checks): StableHLO text; the
    #    init value is the op's identity (all ones for and, zero for or)
    def g_reduce_init(identity):
        return lambda rng, t: [random_array(rng, t, (3, 4)), np.array(identity).astype(np_dtype(t))]

    SUB_BYTE = ["int2", "int4", "uint2", "uint4"]
    add("reduce_and_text", "reduce", TextProgram(_reduce_text("and", (1,))), g_reduce_init(-1), SUB_BYTE)
    add("reduce_or_text", "reduce", TextProgram(_reduce_text("or", (0,))), g_reduce_init(0), SUB_BYTE)

    # -- convolution: small integer values (few products per output), so every type's result is exact
    def conv(**kw):
        return lambda a, b: lax.conv_general_dilated(a, b, **kw)

    NHWC = ("NHWC", "HWIO", "NHWC")
    add("convolution_nhwc", "convolution",
        conv(window_strides=(2, 1), padding=((1, -1), (0, 1)), lhs_dilation=(1, 2), rhs_dilation=(2, 1),
             dimension_numbers=NHWC),
        g_small((2, 5, 4, 2), (2, 2, 2, 3)), NUMERIC)
    add("convolution_nchw_feature_groups", "convolution",
        conv(window_strides=(1, 1), padding="SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"),
             feature_group_count=2),
        g_small((1, 4, 3, 3), (4, 2, 2, 2)), NUMERIC)
    add("convolution_batch_groups", "convolution",
        conv(window_strides=(1,), padding=((0, 1),), dimension_numbers=("NWC", "WIO", "NWC"), batch_group_count=2),
        g_small((4, 5, 2), (2, 2, 4)), NUMERIC)
    add("convolution_3d_random", "convolution",
        conv(window_strides=(1, 2, 1), padding="VALID", rhs_dilation=(1, 1, 2),
             dimension_numbers=("NDHWC", "DHWIO", "NDHWC")),
        g_shape((2, 4, 5, 6, 3), (2, 2, 2, 3, 4)), ["float32", "float64", "complex64", "complex128"], "almost")
    add("convolution_transpose", "convolution",
        lambda a, b: lax.conv_transpose(a, b, (2, 2), "SAME", dimension_numbers=NHWC, transpose_kernel=True),
        g_small((1, 3, 3, 2), (2, 2, 3, 2)), ["int32", "float32", "bfloat16", "float64"])
    add("convolution_i8_to_i32", "convolution",
        lambda a, b: lax.conv_general_dilated(a, b, (1, 1), "VALID", dimension_numbers=NHWC,
                                              preferred_element_type=np.int32),
        g_shape((2, 4, 4, 3), (3, 3, 3, 2)), ["int8"])
    add("convolution_window_reversal", "convolution", TextProgram(_convolution_reversal_text),
        g_small((1, 4, 5, 2), (2, 3, 2, 3)), BOOL + INT + FLOAT + COMPLEX)

    # -- func.call (a nested jit becomes a private function)
    inner = jax.jit(lambda a, b: lax.add(a, b))
    add("call", "call", lambda a, b: inner(a, lax.mul(a, b)), g_small((2, 3), (2, 3)), ["int32", "float32"],
        expect=["func.call"])
    return T


# ---------------------------------------------------------------------------
# Export, oracle, module text
# ---------------------------------------------------------------------------

_STABLEHLO_OP = re.compile(r"(?<![#!\w.])((?:stablehlo|chlo|mhlo)\.[a-z_0-9]+)\b(?!\s*=)")
_CALL = re.compile(r"(?m)^\s*(?:%\S+(?:, %\S+)* = )?(?:func\.)?call @")


def exported_ops(text: str) -> list:
    ops = {m.group(1) for m in _STABLEHLO_OP.finditer(text)}
    ops = {o for o in ops if not o.startswith("mhlo.") or o not in ("mhlo.sharding", "mhlo.num_partitions",
                                                                     "mhlo.num_replicas", "mhlo.frontend_attributes",
                                                                     "mhlo.layout_mode")}
    if _CALL.search(text):
        ops.add("func.call")
    return sorted(ops)


def tensor_type(a: np.ndarray, name: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in a.shape) + MLIR_TYPES[name] + ">"


def dtype_name(a: np.ndarray) -> str:
    for n in ALL:
        if np_dtype(n) == a.dtype:
            return n
    raise ValueError(f"unknown dtype {a.dtype}")


def dense(a: np.ndarray) -> str:
    if a.dtype == np.bool_:
        def nest(x):
            if x.ndim == 0:
                return "true" if x else "false"
            return "[" + ", ".join(nest(s) for s in x) + "]"
        return f"dense<{nest(a)}>"
    return 'dense<"0x' + np.ascontiguousarray(a).tobytes().hex().upper() + '">'


def _functions(text: str) -> str:
    lines = text.rstrip().splitlines()
    if not (lines[0].startswith("module") and lines[0].rstrip().endswith("{") and lines[-1] == "}"):
        raise ValueError("unexpected layout of the exported module")
    body = "\n".join(lines[1:-1])
    if re.search(r"@tested\b", body):
        raise ValueError("the exported module already uses @tested")
    body, n = re.subn(r"func\.func public @main\(", "func.func private @tested(", body)
    if n != 1:
        raise ValueError("expected one public @main in the exported module")
    return body


# Ops whose complex inputs include inf/NaN parts (exact ops with no complex arithmetic).
FULL_COMPLEX_EDGES = {"negate", "real", "imag"}

CHECK_TARGETS = {"eq": "check.expect_eq", "close": "check.expect_close", "almost": "check.expect_almost_eq"}


def check_for(case_check: str, out_dtype: str, in_dtype: str = "") -> str:
    """ "eqc": exact, but close (3 ULP) for complex cases (XLA's complex multiply/abs/sign round differently)."""
    if case_check == "eqc":
        case_check = "close" if kind(in_dtype) == "complex" else "eq"
    elif case_check == "closec":  # complex math: XLA's algorithms lose more than 3 ULP in small parts
        case_check = "almost" if kind(in_dtype) == "complex" else "close"
    if case_check == "eq" or kind(out_dtype) not in ("float", "complex"):
        return "eq"
    return case_check


TOLERANCES = os.path.join(CORPUS, "TOLERANCES.json")
_tolerances_cache: dict = {}


def load_tolerances() -> dict:
    """corpus/TOLERANCES.json: {path: [{"check": ..., "ulp" | "tolerance": ...}, ...]} written by
    measure_errors.py --write-tolerances from the measured error of each output."""
    if "data" not in _tolerances_cache:
        data = {}
        if os.path.exists(TOLERANCES):
            with open(TOLERANCES, encoding="utf-8") as fh:
                data = json.load(fh)
        _tolerances_cache["data"] = data
    return _tolerances_cache["data"]


def check_line(spec: dict, actual: str, expected: str, t: str) -> tuple:
    """(check name, line) for a measured bound: exact, ULP (check.expect_close) or absolute per part
    (check.expect_almost_eq, generic form: its pretty form is changing)."""
    if spec["check"] == "eq":
        return "eq", f"stablehlo.custom_call @check.expect_eq({actual}, {expected}) {{has_side_effect = true}} : ({t}, {t}) -> ()"
    if spec["check"] == "close":
        return f"ulp{spec['ulp']}", f"check.expect_close {actual}, {expected}, max_ulp_difference = {spec['ulp']} : {t}, {t}"
    return (f"abs{spec['tolerance']:.1e}", f'"check.expect_almost_eq"({actual}, {expected}) '
            f"<{{tolerance = {spec['tolerance']:.1e} : f64}}> : ({t}, {t}) -> ()")


def module_text(case: Case, dtype: str, exported: str, inputs: list, outputs: list) -> tuple:
    checks = []
    out = [f"// Generated by test/conformance/generate.py (case {case.name}, element type {dtype}); do not edit.",
           "// main() embeds the inputs, calls @tested (the JAX export's @main, made private) and checks",
           "// each result against XLA's output on CPU.",
           "module @conformance {",
           "  func.func public @main() {"]
    in_types = []
    for i, a in enumerate(inputs):
        t = tensor_type(a, dtype_name(a))
        in_types.append(t)
        out.append(f"    %arg{i} = stablehlo.constant {dense(a)} : {t}")
    out_types = [tensor_type(o, dtype_name(o)) for o in outputs]
    results = [f"%result{i}" for i in range(len(outputs))]
    call = f"func.call @tested({', '.join(f'%arg{i}' for i in range(len(inputs)))}) : ({', '.join(in_types)}) -> ({', '.join(out_types)})"
    out.append(f"    {', '.join(results)} = {call}")
    measured = load_tolerances().get(f"{case.op}/{case.name}.{dtype}.mlir")
    for i, (o, t) in enumerate(zip(outputs, out_types)):
        c = check_for(case.check, dtype_name(o), dtype)
        out.append(f"    %expected{i} = stablehlo.constant {dense(o)} : {t}")
        if c != "eq" and measured and i < len(measured):  # the bound measure_errors.py derived
            c, line = check_line(measured[i], results[i], f"%expected{i}", t)
            out.append(f"    {line}")
        else:
            out.append(f"    stablehlo.custom_call @{CHECK_TARGETS[c]}({results[i]}, %expected{i}) "
                       f"{{has_side_effect = true}} : ({t}, {t}) -> ()")
        checks.append(c)
    out += ["    func.return", "  }", _functions(exported), "}", ""]
    return "\n".join(out), sorted(set(checks))


def _first_lines(e: BaseException, n=3) -> str:
    msg = f"{type(e).__name__}: {e}".strip()
    return "\n".join(msg.splitlines()[:n])[:600]


# Oracle notes, written into ORACLE_UNSUPPORTED.json as well.
ORACLE_NOTES = [
    "XLA on CPU flushes denormals to zero (inputs and results) in f32 and f64 arithmetic, which the spec's "
    "IEEE-754 semantics do not: inputs that are denormal in f32 (f64 for float64) are left out of the edge "
    "values, and for bf16/f32/f64/complex elementwise cases the positions whose IEEE result (the interpreter's, "
    "which does not flush) is subnormal in that type are dropped from the inputs; exact zeros (x - x, "
    "round(0.5), remainder(4, 2)) stay; "
    "for f8E8M0FNU (no zero) the positions where XLA returned NaN from non-NaN operands are dropped.",
    "Complex math (everything but negate/real/imag and the data-movement, compare and select ops) uses "
    "finite real and imaginary parts only: XLA's results for inf/NaN parts follow neither C99 Annex G nor "
    "numpy (e.g. abs(inf+nan*i) = nan where C99 hypot gives inf) and the spec does not define them.",
]
# Files generated but kept out of the corpus (fnmatch on "<op>/<case>.<dtype>"), with the evidence.
# "oracle-wrong": XLA's result is wrong (recorded in ORACLE_UNSUPPORTED.json);
# "interpreter-bug": our interpreter fails on a valid program (recorded in KNOWN_FAILURES.json; write the
# files with --known-failures-dir DIR to reproduce).
# Spec oracles for the "oracle-wrong" entries, independent of the interpreter (Python integers and
# comparisons): (inputs, XLA's outputs) -> the spec's outputs (same dtypes and shapes).
def _wrap_int(v: int, name: str) -> int:
    """v modulo 2^bits, as a two's complement value for signed types."""
    m = 1 << bits(name)
    v %= m
    return v - m if kind(name) == "sint" and v >= m // 2 else v


def spec_int_power(inputs, outputs):
    """Integer power, wrapped: b >= 0 gives a^b mod 2^bits (0^0 = 1); b < 0 gives 1/a^|b| truncated:
    1 for a = 1, +-1 for a = -1 (by the parity of b), else 0."""
    a, b = inputs
    name = dtype_name(a)
    m = 1 << bits(name)

    def one(x, y):
        if y >= 0:
            return _wrap_int(pow(x, y, m), name)
        return 1 if x == 1 else (-1 if y % 2 else 1) if x == -1 else 0

    return [np.array([one(int(x), int(y)) for x, y in zip(a.tolist(), b.tolist())], dtype=object).astype(
        outputs[0].dtype)]


def spec_popcnt(inputs, outputs):
    """Set bits of each element's own bit pattern (two's complement in bits(type) bits)."""
    (x,) = inputs
    mask = (1 << bits(dtype_name(x))) - 1
    return [np.array([bin(int(v) & mask).count("1") for v in x.tolist()]).astype(outputs[0].dtype)]


def spec_float_to_int(inputs, outputs):
    """Truncation toward zero, saturated to the integer type's range; NaN -> 0 (as the interpreter)."""
    (x,) = inputs
    lo, hi = int_range(dtype_name(outputs[0]))
    vals = [0 if v != v else min(max(int(v), lo), hi) if abs(v) != float("inf") else (hi if v > 0 else lo)
            for v in x.astype(np.float64).tolist()]
    return [np.array(vals, dtype=object).astype(outputs[0].dtype)]


def _lex_le(a: complex, b: complex) -> bool:
    """The spec's lexicographic (real, imaginary) order on complex numbers (-0 == +0)."""
    return a.real < b.real or (a.real == b.real and a.imag <= b.imag)


def spec_complex_minimum(inputs, outputs):
    a, b = inputs
    return [np.array([x if _lex_le(x, y) else y for x, y in zip(a.tolist(), b.tolist())], dtype=a.dtype)]


def spec_complex_maximum(inputs, outputs):
    a, b = inputs
    # of two equal values (zeros of other signs) the first, as minimum
    return [np.array([y if _lex_le(x, y) and x != y else x for x, y in zip(a.tolist(), b.tolist())], dtype=a.dtype)]


def spec_complex_clamp_scalar(inputs, outputs):
    """clamp(lo[0], x, hi[1]) = min(max(x, lo), hi) in the lexicographic order; of two equal values
    (zeros of other signs) max and min return their first operand."""
    lo, x, hi = inputs
    low, high = complex(lo[0]), complex(hi[1])
    out = []
    for v in x.tolist():
        m = v if _lex_le(low, v) else low
        out.append(m if _lex_le(m, high) else high)
    return [np.array(out, dtype=x.dtype)]


def spec_complex_sqrt(inputs, outputs):
    """Principal square root by Python's cmath (C99 csqrt: sqrt(conj(z)) = conj(sqrt(z)), so the sign of
    a zero imaginary part picks the side of the branch cut); compared within RTOL, not bit for bit."""
    import cmath

    return [np.array([cmath.sqrt(z) for z in inputs[0].tolist()], dtype=inputs[0].dtype)]


spec_complex_sqrt.rtol = {"complex64": 1e-5, "complex128": 1e-12}


def agrees(spec_fn, out: np.ndarray, spec: np.ndarray) -> np.ndarray:
    """Per element: XLA's output agrees with the spec oracle's value (bit for bit, or within the oracle's
    relative tolerance per part if it has one)."""
    same = same_values(out, spec)
    rtol = getattr(spec_fn, "rtol", {}).get(dtype_name(out))
    if rtol is None:
        return same
    close = np.ones(out.shape, dtype=bool)
    for po, ps in ([(out.real, spec.real), (out.imag, spec.imag)] if out.dtype.kind == "c" else [(out, spec)]):
        close &= np.isclose(po, ps, rtol=rtol, atol=rtol * np.abs(spec).max(initial=1.0))
    return same | close


def spec_sort(inputs, outputs):
    """jnp.sort of a 1-D array: the sorted input."""
    return [np.sort(inputs[0])]


def spec_sort_two_keys(inputs, outputs):
    """lax.sort((x, y), dimension=1, num_keys=2): each row's pairs in lexicographic order."""
    x, y = inputs
    rows = [sorted(zip(xr, yr)) for xr, yr in zip(x.tolist(), y.tolist())]
    return [np.array([[p[0] for p in r] for r in rows]).astype(x.dtype),
            np.array([[p[1] for p in r] for r in rows]).astype(y.dtype)]


# Files generated but kept out of the corpus (fnmatch on "<op>/<case>.<dtype>"), with the evidence.
# "oracle-wrong": XLA's result is wrong.  Each has a spec oracle (above); for elementwise cases only the
# elements where XLA differs from it are dropped (the file stays, the elements are recorded in
# ORACLE_UNSUPPORTED.json, stage "oracle-wrong-elements"), other cases drop the file (stage
# "oracle-wrong").  test/python/conformance/test_conformance_corpus.py re-runs XLA on every exclusion and fails once
# XLA agrees with the spec, so that the exclusion is revisited.
# "interpreter-bug": our interpreter fails on a valid program (recorded in KNOWN_FAILURES.json; write the
# files with --known-failures-dir DIR to reproduce).
KNOWN = [
    ("sort/*.int2", "oracle-wrong",
     "XLA's sort of 2-bit integers is not a permutation of its input: sorting ui2 [0, 1, 2, 3, 2, 2, 0, 2, 3, 2, "
     "1, 0, 3, 0, 3, 1, 3, 3, 3, 1] gives [0, 1, 2, 3, 0, 2, 2, 3, 0, 0, 3, 3, 0, 0, 0, ...] (zeros appear, "
     "values are lost); the spec's result is the sorted input (ours)", None),
    ("sort/*.uint2", "oracle-wrong", "as for int2: XLA's sort of 2-bit integers loses values", None),
    ("popcnt/popcnt.int4", "oracle-wrong",
     "XLA counts the bits of the sign-extended 8-bit value: popcnt(int4 -8 = 0b1000) gives 5, popcnt(-1) gives 8 "
     "wrapped to -8; the spec's popcnt of a 4-bit value is 1 and 4", spec_popcnt),
    ("convert/convert_to_*int*.float4_e2m1fn", "oracle-wrong",
     "XLA converts f4E2M1FN 6.0 (the largest value, bits 0x7) to the integer type's maximum (e.g. i8 127, "
     "i32 2147483647) and -6.0 to its minimum, as if it were +-inf; the spec's result is 6 / -6", spec_float_to_int),
    ("power/power_text.*int16", "oracle-wrong",
     "XLA's integer power is not the wrapped exact power for large exponents: i16 1699^11999 gives 139, "
     "-8035^18548 gives 11409, 14002^16778 gives -15360; pow(x, y, 2**16) gives -25205, 8593, 0 (our result)",
     spec_int_power),
    ("power/power_text.*int32", "oracle-wrong", "as for i16: XLA's integer power wrong for large exponents",
     spec_int_power),
    ("power/power_text.*int64", "oracle-wrong", "as for i16: XLA's integer power wrong for large exponents",
     spec_int_power),
    ("power/power_text.uint8", "oracle-wrong", "as for i16: XLA's integer power wrong for large exponents",
     spec_int_power),
    ("minimum/minimum_text.complex*", "oracle-wrong",
     "XLA's complex minimum orders -0 before +0 in the real part: min(-0+1j, +0-0j) gives -0+1j; with the "
     "spec's lexicographic (real, imag) order the real parts are equal (-0 == +0) and the result is +0-0j "
     "(our result)", spec_complex_minimum),
    ("maximum/maximum_text.complex*", "oracle-wrong",
     "as for minimum: XLA's complex maximum orders -0 before +0 in the real part: max(0+1j, -0-1.5j) gives "
     "-0-1.5j; in the spec's lexicographic order the real parts are equal and 1j is the larger (our result)",
     spec_complex_maximum),
    ("atan2/atan2.complex*", "interpreter-bug",
     "stablehlo.atan2 on complex computes -i * log((x + i*y) / sqrt(x*x + y*y)) and agrees with XLA to 1e-6 "
     "except exactly on the branch cut, where the quotient is a negative real number and the sign of pi in the "
     "result is decided by rounding noise: for an element where XLA gives 3.141592653589793+0.394j the "
     "interpreter gives -3.141592653589793+0.394j. Replaying XLA's lowering (MLIR complex-to-standard: "
     "polar sqrt, Smith or algebraic division) in numpy still disagrees on 231 of 201000 such inputs, because "
     "the noise comes from XLA's own sin/cos/atan2 approximations (docs/decisions.md)", None),
    ("clamp/clamp_scalar_bounds.complex*", "oracle-wrong",
     "XLA's complex clamp compares real parts only: m = lo.re >= x.re ? lo : x, then m.re <= hi.re ? m : hi "
     "(checked on all 15625 triples of parts in {0, -0, 1, -1, nan}), e.g. clamp(0, 1j, 1+1j) gives 0; the "
     "spec's min(max(operand, min), max) with the lexicographic (real, imag) order gives 1j (our result). "
     "With the corpus' bounds lo = 0+0j, hi = 0-0j (equal values) the difference left is the zero's sign: "
     "XLA returns hi's 0-0j for operands below lo, the interpreter lo's 0+0j",
     spec_complex_clamp_scalar),
    ("sqrt/sqrt.complex*", "oracle-wrong",
     "XLA's complex sqrt ignores the sign of a zero imaginary part on the branch cut: sqrt(-1.5 - 0j) gives "
     "0 + 1.2247j; C99 csqrt (and the spec's principal root with the cut approached from below) gives "
     "0 - 1.2247j (our result)", spec_complex_sqrt),
]
SPEC_ORACLES = {"sort": spec_sort, "sort_two_keys": spec_sort_two_keys}  # by case, for the sort entries


def known(path: str):
    """(kind, evidence, spec oracle or None) of the KNOWN entry matching a corpus path, or None."""
    import fnmatch

    stem = path[: -len(".mlir")]
    for pattern, kind_, why, spec in KNOWN:
        if fnmatch.fnmatchcase(stem, pattern):
            case = stem.split("/")[1].rsplit(".", 1)[0]
            return kind_, why, spec or SPEC_ORACLES.get(case)
    return None


def encode_array(a: np.ndarray) -> dict:
    """An array as JSON, bit-exactly: dtype name, shape and the little-endian bytes in hex."""
    return {"dtype": dtype_name(a), "shape": list(a.shape), "hex": np.ascontiguousarray(a).tobytes().hex()}


def decode_array(d: dict) -> np.ndarray:
    return np.frombuffer(bytes.fromhex(d["hex"]), dtype=np_dtype(d["dtype"])).reshape(d["shape"]).copy()


def same_values(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per element: what the corpus' exact check accepts (floats: the same bits, or NaN and NaN; per
    real/imaginary part for complex)."""
    if kind(dtype_name(a)) not in ("float", "complex"):
        return a == b
    out = np.ones(a.shape, dtype=bool)
    for pa, pb in ([(a.real, b.real), (a.imag, b.imag)] if a.dtype.kind == "c" else [(a, b)]):
        nan = np.isnan(pa.astype(np.float64)) & np.isnan(pb.astype(np.float64))
        out &= nan | (np.ascontiguousarray(pa).view(np.uint8).reshape(pa.shape + (-1,))
                      == np.ascontiguousarray(pb).view(np.uint8).reshape(pb.shape + (-1,))).all(axis=-1)
    return out


def _elementwise(inputs, outputs) -> bool:
    arrays = inputs + outputs
    return bool(inputs) and all(a.ndim == 1 and a.shape == arrays[0].shape for a in arrays)


FTZ_TYPES = ("bfloat16", "float8_e8m0fnu", "float32", "float64", "complex64", "complex128")


def _subnormal(a: np.ndarray) -> np.ndarray:
    """Per element: some real/imaginary part is nonzero and below the smallest normal of the type XLA
    computes in (f64 for f64/c128, f32 for everything narrower, whose exponent range f32 covers)."""
    parts = [a.real, a.imag] if a.dtype.kind == "c" else [a]
    tiny = np.finfo(np.float64 if parts[0].dtype == np.float64 else np.float32).tiny
    out = np.zeros(a.shape, dtype=bool)
    for part in parts:
        x = np.abs(part.astype(np.float64))
        out |= (x != 0) & (x < tiny)
    return out


def _ftz_keep(inputs, outputs, spec_outputs):
    """Elementwise cases (1-D inputs and outputs of one length): positions to keep, dropping only true
    subnormals: an input or the spec's result (spec_outputs, the interpreter's IEEE result; None if it
    could not run) is subnormal where XLA flushes.  Exact zeros (x - x, round(0.5)) stay."""
    keep = np.ones(outputs[0].shape, dtype=bool)
    for a in inputs:
        if kind(dtype_name(a)) in ("float", "complex"):
            keep &= ~_subnormal(a)
    nonzero_in = np.all([a != 0 for a in inputs if a.dtype != np.bool_], axis=0)
    for i, o in enumerate(outputs):
        if kind(dtype_name(o)) in ("float", "complex"):
            if spec_outputs is not None:
                keep &= ~_subnormal(np.asarray(spec_outputs[i]))
            else:  # no spec result: a zero from nonzero operands may be a flushed denormal
                for part in ([o.real, o.imag] if o.dtype.kind == "c" else [o]):
                    keep &= ~((part == 0) & nonzero_in)
        if o.dtype == np_dtype("float8_e8m0fnu"):  # no zero: XLA's flushed f32 result becomes NaN
            nan_in = np.any([np.isnan(a.astype(np.float32)) for a in inputs if a.dtype == o.dtype], axis=0)
            keep &= ~(np.isnan(o.astype(np.float32)) & ~nan_in)
    return keep


def _spec_outputs(exported: str, inputs: list):
    """The interpreter's results of the exported program (IEEE arithmetic without flushing), used only to
    tell XLA's flushed denormals from exact zeros; None if it cannot run the program."""
    try:
        import stablehlo_py

        return stablehlo_py.interpret(exported, *inputs)
    except Exception:  # noqa: BLE001
        return None


class _TextJit:
    """jax.jit-like wrapper of a TextProgram: .lower(*xs).as_text() and calling run it."""

    def __init__(self, program, run):
        self.program, self.run = program, run

    def lower(self, *xs):
        text = self.program.make(list(xs))

        class _Lowered:
            def as_text(self):
                return text

        return _Lowered()

    def __call__(self, *xs):
        return self.run(*xs)


def jit(fn):
    """jax.jit of a case function, or the _TextJit of a TextProgram: .lower(*xs).as_text() is the StableHLO
    program, calling it runs XLA on CPU."""
    import jax

    if isinstance(fn, TextProgram):
        return _TextJit(fn, lambda *xs: xla_run_text(fn.make(list(xs)), *xs))
    return jax.jit(fn)


def xla_outputs(jitted, inputs) -> list:
    import jax

    return [np.asarray(o) for o in jax.tree_util.tree_leaves(jitted(*inputs))]


def seed(case: Case, dtype: str) -> int:
    return zlib.crc32(f"{case.op}/{case.name}.{dtype}".encode())


def make_function(case: Case, dtype: str, rng):
    """(function, inputs) for a case; `constant` and `iota` build theirs from the dtype."""
    jax, lax, jnp = _lax()
    if case.fn == "constant":
        value = random_array(rng, dtype, (2, 3))
        return (lambda: jnp.asarray(value)), []
    if case.fn == "iota":
        dt = np_dtype(dtype)
        return (lambda: (lax.broadcasted_iota(dt, (2, 3), 0), lax.broadcasted_iota(dt, (2, 3), 1))), []
    return case.fn, case.gen(rng, dtype)


def generate_one(case: Case, dtype: str, supported: set):
    """(file text, manifest entry) or (None, unsupported entry)."""
    rng = np.random.default_rng(seed(case, dtype))
    where = {"op": case.op, "case": case.name, "dtype": dtype}
    try:
        fn, inputs = make_function(case, dtype, rng)
        inputs = [np.asarray(a) for a in inputs]
        jitted = jit(fn)
        exported = jitted.lower(*inputs).as_text()
    except Exception as e:  # noqa: BLE001
        return None, dict(where, stage="jax-lower", error=_first_lines(e))
    ops = exported_ops(exported)
    try:
        outputs = xla_outputs(jitted, inputs)
    except Exception as e:  # noqa: BLE001
        return None, dict(where, stage="xla-compile-or-run", error=_first_lines(e), ops=ops)
    missing = [o for o in ops if o not in supported]
    if missing:
        return None, dict(where, stage="export-uses-uninterpreted-ops", error=f"not interpreted: {missing}", ops=ops)
    if not any(o.split(".", 1)[1] in case.expect_ops or o in case.expect_ops for o in ops):
        return None, dict(where, stage="export-lacks-op", error=f"expected one of {case.expect_ops}, got {ops}",
                          ops=ops)
    path = f"{case.op}/{case.name}.{dtype}.mlir"
    wrong_elements = None
    reason = known(path)
    elementwise = not case.by_position and _elementwise(inputs, outputs)
    if reason and reason[0] == "oracle-wrong" and reason[2] and elementwise:
        # drop only the elements where XLA differs from the spec; keep them as evidence
        spec = reason[2](inputs, outputs)
        agree = np.all([agrees(reason[2], o, v) for o, v in zip(outputs, spec)], axis=0)
        wrong_elements = {"inputs": [encode_array(a[~agree]) for a in inputs],
                          "xla": [encode_array(o[~agree]) for o in outputs],
                          "spec": [encode_array(v[~agree]) for v in spec]}
        keep = agree
    else:
        keep = np.ones(0, dtype=bool)
    if dtype in FTZ_TYPES and elementwise:
        ftz = _ftz_keep(inputs, outputs, _spec_outputs(exported, inputs))
        keep = ftz & keep if keep.size else ftz
    if keep.size and not keep.all():  # export and run again without the dropped positions
        inputs = [a[keep] for a in inputs]
        try:
            exported = jitted.lower(*inputs).as_text()
            outputs = xla_outputs(jitted, inputs)
        except Exception as e:  # noqa: BLE001
            return None, dict(where, stage="xla-compile-or-run", error=_first_lines(e), ops=ops)
    text, checks = module_text(case, dtype, exported, inputs, outputs)
    entry = {"path": path, "op": case.op, "ops": ops, "case": case.name, "dtype": dtype, "checks": checks}
    if wrong_elements is not None:
        entry["oracle_wrong_elements"] = wrong_elements
    return text, entry


def _supported_ops() -> set:
    from stablehlo_py.interpreter.core.registry import supported_ops

    # terminators are run by their parent ops, not registered as kernels
    return set(supported_ops()) | {"func.call", "func.return", "stablehlo.return"}


def _setup_jax():
    import jax

    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")


def generate(only=None, out=CORPUS, verbose=True, known_dir=None) -> tuple:
    _setup_jax()
    supported = _supported_ops()
    table = build_table()
    names = [(c.op, c.name) for c in table]
    assert len(names) == len(set(names)), "duplicate case names"
    manifest_path = os.path.join(out, "MANIFEST.json")
    unsupported_path = os.path.join(out, "ORACLE_UNSUPPORTED.json")
    known_path = os.path.join(out, "KNOWN_FAILURES.json")
    manifest, unsupported, failures = [], [], []
    if only:
        if not any(c.op == only for c in table):
            raise SystemExit(f"no case for op {only!r}")
        if os.path.exists(manifest_path):
            manifest = [m for m in json.load(open(manifest_path)) if m["op"] != only]
        if os.path.exists(unsupported_path):
            unsupported = [u for u in json.load(open(unsupported_path))["unsupported"] if u["op"] != only]
        if os.path.exists(known_path):
            failures = [u for u in json.load(open(known_path)) if u["op"] != only]
        shutil.rmtree(os.path.join(out, only), ignore_errors=True)
    else:
        for entry in os.listdir(out) if os.path.isdir(out) else []:
            p = os.path.join(out, entry)
            if os.path.isdir(p):
                shutil.rmtree(p)
    os.makedirs(out, exist_ok=True)
    items = [(i, dtype) for i, case in enumerate(table) if not only or case.op == only for dtype in case.dtypes]
    for text, entry in run_isolated(items, verbose):
        if text is None:
            unsupported.append(entry)
            if verbose:
                print(f"unsupported {entry['op']}/{entry['case']}.{entry['dtype']}: {entry['stage']}: "
                      f"{entry['error'].splitlines()[0][:150]}")
            continue
        reason = known(entry["path"])
        wrong_elements = entry.pop("oracle_wrong_elements", None)
        if reason:
            where = {k: entry[k] for k in ("op", "case", "dtype", "ops")}
            if reason[0] == "oracle-wrong" and wrong_elements is not None:  # the file stays, minus these
                n = wrong_elements["inputs"][0]["shape"][0]
                if n:  # (none: XLA agrees on this type; test_every_oracle_wrong_pattern_is_recorded watches)
                    unsupported.append(dict(where, stage="oracle-wrong-elements", error=reason[1], count=n,
                                            elements=wrong_elements))
                reason = None
            elif reason[0] == "oracle-wrong":
                unsupported.append(dict(where, stage="oracle-wrong", error=reason[1]))
                continue
        if reason:
            failures.append(dict(where, path=entry["path"], kind=reason[0], evidence=reason[1]))
            if not known_dir:
                continue
            path = os.path.join(known_dir, entry["path"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            continue
        path = os.path.join(out, entry["path"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        manifest.append(entry)
    manifest.sort(key=lambda m: m["path"])
    unsupported.sort(key=lambda u: (u["op"], u["case"], u["dtype"]))
    with open(manifest_path, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
        fh.write("\n")
    failures.sort(key=lambda u: u["path"])
    with open(known_path, "w", encoding="utf-8") as fh:
        json.dump(failures, fh, indent=1, sort_keys=True)
        fh.write("\n")
    with open(unsupported_path, "w", encoding="utf-8") as fh:
        json.dump({"notes": ORACLE_NOTES, "unsupported": unsupported}, fh, indent=1, sort_keys=True)
        fh.write("\n")
    return manifest, unsupported


def run_isolated(items, verbose=False, jobs=None):
    """Runs generate_one for (table index, dtype) items in worker processes (XLA aborts the process on
    some inputs: the item being worked on is then recorded as an "xla-crash" and the worker restarted)."""
    import subprocess
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    table = build_table()
    jobs = jobs or min(8, os.cpu_count() or 1)
    chunks = [items[k::jobs] for k in range(jobs)]

    def work(chunk):
        done = []
        todo = list(chunk)
        while todo:
            with tempfile.NamedTemporaryFile("w+", suffix=".jsonl", delete=False) as fh:
                out_path = fh.name
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", out_path],
                                  input=json.dumps(todo), text=True, capture_output=True)
            with open(out_path, encoding="utf-8") as fh:
                lines = [json.loads(line) for line in fh if line.strip()]
            os.unlink(out_path)
            done += lines
            todo = todo[len(lines):]
            if todo and proc.returncode != 0:
                i, dtype = todo.pop(0)
                case = table[i]
                err = [re.sub(r"^[FEWI]\d{4} [\d:.]+\s+\d+ ", "", ln)  # no glog time/pid: deterministic
                       for ln in proc.stderr.splitlines() if re.match(r"[FE]\d{4} |Check", ln)][:2]
                done.append([None, {"op": case.op, "case": case.name, "dtype": dtype, "stage": "xla-crash",
                                    "error": ("process aborted: " + " | ".join(err))[:600]}])
            elif todo:
                raise RuntimeError(f"worker stopped early: {proc.stderr[-2000:]}")
        return done

    with ThreadPoolExecutor(jobs) as pool:
        results = [r for chunk in pool.map(work, chunks) for r in chunk]
    return [tuple(r) for r in results]


def _worker(out_path: str) -> int:
    _setup_jax()
    supported = _supported_ops()
    table = build_table()
    items = json.loads(sys.stdin.read())
    with open(out_path, "a", encoding="utf-8") as fh:
        for i, dtype in items:
            text, entry = generate_one(table[i], dtype, supported)
            fh.write(json.dumps([text, entry]) + "\n")
            fh.flush()
    return 0


def regenerate_text(op: str, case_name: str, dtype: str) -> str | None:
    """The text generate() would write for one (op, case, dtype), or None (used by the determinism test)."""
    _setup_jax()
    case = next(c for c in build_table() if c.op == op and c.name == case_name)
    text, _ = generate_one(case, dtype, _supported_ops())
    return text


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return _worker(argv[1])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="OP", help="regenerate the cases of this op only (corpus directory name)")
    parser.add_argument("--out", default=CORPUS)
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("--known-failures-dir", metavar="DIR",
                        help="also write the files kept out of the corpus as interpreter bugs (KNOWN) into DIR")
    args = parser.parse_args(argv)
    manifest, unsupported = generate(args.only, args.out, verbose=not args.quiet, known_dir=args.known_failures_dir)
    print(f"wrote {len(manifest)} files; {len(unsupported)} (case, dtype) pairs without a file "
          f"(see {os.path.relpath(os.path.join(args.out, 'ORACLE_UNSUPPORTED.json'))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
