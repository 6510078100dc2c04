"""reduce and reduce_window with init values that are NOT the body's identity, on
every element type family, against Python-integer / exact-float formulas.

Every other reduce test uses the identity init (0 for add, -inf for max...), so a
kernel that drops the init or applies it twice passes them (mutants found by
test/mutation/run.py, see docs/testing.md). Values are chosen so float sums and
products are exact in every type (small integers, powers of two): the oracle is
then order-independent and exact, and results are compared bit for bit.
"""

from __future__ import annotations

import functools
import operator

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, reduce_window_text

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer

# MLIR element type -> (numpy dtype, category)
TYPES = {
    "i1": (np.bool_, "bool"),
    "i4": (ml_dtypes.int4, "sint"), "i8": (np.int8, "sint"), "i16": (np.int16, "sint"),
    "i32": (np.int32, "sint"), "i64": (np.int64, "sint"),
    "ui4": (ml_dtypes.uint4, "uint"), "ui8": (np.uint8, "uint"), "ui16": (np.uint16, "uint"),
    "ui32": (np.uint32, "uint"), "ui64": (np.uint64, "uint"),
    "f8E4M3FN": (ml_dtypes.float8_e4m3fn, "float"), "f16": (np.float16, "float"),
    "bf16": (ml_dtypes.bfloat16, "float"), "f32": (np.float32, "float"), "f64": (np.float64, "float"),
    "complex<f32>": (np.complex64, "complex"), "complex<f64>": (np.complex128, "complex"),
}
BITS = {"i4": 4, "ui4": 4}

_BOOL = {"add": operator.or_, "or": operator.or_, "maximum": operator.or_, "multiply": operator.and_,
         "and": operator.and_, "minimum": operator.and_, "xor": operator.xor}
_NUM = {"add": operator.add, "multiply": operator.mul, "maximum": max, "minimum": min,
        "and": operator.and_, "or": operator.or_, "xor": operator.xor}
OPS = {"bool": sorted(_BOOL), "sint": sorted(_NUM), "uint": sorted(_NUM),
       "float": ["add", "multiply", "maximum", "minimum"], "complex": ["add", "multiply"]}


def _cases():
    for t, (_, cat) in TYPES.items():
        for op in OPS[cat]:
            if t == "f8E4M3FN" and op in ("add", "multiply"):
                continue  # 3 mantissa bits: sums of small integers are not exact
            yield t, op


def _wrap(v: int, t: str) -> int:
    bits = BITS.get(t) or np.iinfo(TYPES[t][0]).bits
    v &= (1 << bits) - 1
    return v - (1 << bits) if TYPES[t][1] == "sint" and v >> (bits - 1) else v


def _int_range(t: str):
    bits = BITS.get(t) or np.iinfo(TYPES[t][0]).bits
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if TYPES[t][1] == "sint" else (0, (1 << bits) - 1)


def values_and_init(t: str, op: str, shape, seed: int):
    """Python values (nested lists) and a non-identity init; rows force the init to matter."""
    rng = np.random.default_rng(seed)
    cat = TYPES[t][1]
    n = int(np.prod(shape))
    if cat == "bool":
        vals = [bool(v) for v in rng.integers(0, 2, n)]
        vals[:shape[-1]] = [False] * shape[-1]  # an all-false row
        vals[shape[-1]:2 * shape[-1]] = [True] * shape[-1]  # an all-true row
        return vals, op not in ("and", "multiply", "minimum")  # the identity's negation
    if cat in ("sint", "uint"):
        lo, hi = _int_range(t)
        vals = [lo + int(v) % (hi - lo + 1) for v in rng.integers(0, 1 << 62, n)]  # numpy's bounds stop at u64
        mid = (lo + hi) // 2
        init = {"add": 5, "multiply": 3, "maximum": mid + 1, "minimum": mid - 1,
                "and": 0b0101, "or": 0b0110, "xor": 0b0011}[op]
        vals[:shape[-1]] = [lo + k % 3 for k in range(shape[-1])]  # a row below the max init
        vals[shape[-1]:2 * shape[-1]] = [hi - k % 3 for k in range(shape[-1])]  # a row above the min init
        return vals, init
    if op == "multiply":
        pool = [1.0, -1.0, 2.0, -2.0, 0.5, -0.5]
        vals = [pool[i] for i in rng.integers(0, len(pool), n)]
        init = -2.0
    elif op == "add":
        vals = [float(v) for v in rng.integers(-4, 4, n, endpoint=True)]
        init = 3.0
    else:
        vals = [float(v) / 2 for v in rng.integers(-6, 6, n, endpoint=True)]
        vals[:shape[-1]] = [-3.0 + k / 4 for k in range(shape[-1])]  # every element below the max init
        vals[shape[-1]:2 * shape[-1]] = [3.0 - k / 4 for k in range(shape[-1])]  # every element above the min init
        init = 1.5 if op == "maximum" else -1.5
    if cat == "complex" and op == "add":
        vals = [complex(r, i) for r, i in zip(vals, rng.integers(-2, 2, n, endpoint=True))]
        init = complex(init, 1.0)
    elif cat == "complex":  # Gaussian integers of small norm: products stay exact
        pool = [1 + 1j, 1 - 1j, 1j, -1j, -1 + 0j, 2 + 0j]
        vals = [pool[i] for i in rng.integers(0, len(pool), n)]
        init = -2 + 1j
    return vals, init


def combine(t: str, op: str, items):
    """The reduction of `items` (init first) in Python arithmetic, exact by construction."""
    cat = TYPES[t][1]
    fn = _BOOL[op] if cat == "bool" else _NUM[op]
    r = functools.reduce(fn, items)
    return _wrap(r, t) if cat in ("sint", "uint") else r


def array(vals, t, shape):
    return np.array(vals, dtype=TYPES[t][0]).reshape(shape)


def check(got, expected, t, op, context):
    if TYPES[t][1] == "complex" and op == "multiply":
        # the sign of a zero part of a complex product depends on the order, which the spec leaves open
        assert got[0].dtype == expected.dtype, context
        np.testing.assert_array_equal(got[0], expected, err_msg=context)
    else:
        assert_same(got, [expected], context)


def reduce_text(t, op, shape, dims, generic_body):
    T = f"tensor<{'x'.join(map(str, shape))}x{t}>"
    out_shape = [s for d, s in enumerate(shape) if d not in dims]
    R = f"tensor<{''.join(f'{s}x' for s in out_shape)}{t}>"
    S = f"tensor<{t}>"
    # an identity convert makes the body two ops: the general (tree) path instead of the numpy fast path
    extra = f"%c = stablehlo.convert %s : {S}\n        " if generic_body else ""
    ret = "%c" if generic_body else "%s"
    return f"""
    func.func @main(%x: {T}, %i: {S}) -> {R} {{
      %r = stablehlo.reduce(%x init: %i) across dimensions = {list(dims)} : ({T}, {S}) -> {R}
       reducer(%a: {S}, %b: {S}) {{
        %s = stablehlo.{op} %a, %b : {S}
        {extra}stablehlo.return {ret} : {S}
      }}
      return %r : {R}
    }}"""


@pytest.mark.parametrize("generic_body", [False, True], ids=["fast", "tree"])
@pytest.mark.parametrize("t,op", list(_cases()))
def test_reduce_non_identity_init(t, op, generic_body):
    shape = (4, 5)
    vals, init = values_and_init(t, op, shape, seed=len(t) + len(op))
    x = array(vals, t, shape)
    rows = [vals[r * shape[1]:(r + 1) * shape[1]] for r in range(shape[0])]
    for dims, expected in (([1], [combine(t, op, [init] + row) for row in rows]),
                           ([0, 1], combine(t, op, [init] + vals))):
        out_shape = [s for d, s in enumerate(shape) if d not in dims]
        got = interpret(reduce_text(t, op, shape, dims, generic_body), x, array([init], t, ()))
        check(got, array(expected, t, out_shape), t, op, f"reduce {op} {t} over {dims} init {init}")


@pytest.mark.parametrize("t,op", list(_cases()))
def test_reduce_window_non_identity_init(t, op):
    shape, window, stride, pad = (3, 7), (2, 3), (1, 2), ((0, 1), (1, 1))
    vals, init = values_and_init(t, op, shape, seed=len(t) * 7 + len(op))
    text, out = reduce_window_text(t, op, shape, window, stride, pad)
    # the oracle pads with the init value, as the spec does
    grid = [[init] * (shape[1] + 2) for _ in range(shape[0] + 1)]
    for r in range(shape[0]):
        grid[r][1:1 + shape[1]] = vals[r * shape[1]:(r + 1) * shape[1]]
    expected = [combine(t, op, [init] + [grid[i * stride[0] + a][j * stride[1] + b]
                                         for a in range(window[0]) for b in range(window[1])])
                for i in range(out[0]) for j in range(out[1])]
    got = interpret(text, array(vals, t, shape), array([init], t, ()))
    check(got, array(expected, t, out), t, op, f"reduce_window {op} {t} init {init}")


@pytest.mark.parametrize("op", ["and", "or", "xor"])
@pytest.mark.parametrize("init", [False, True])
def test_bool_reductions_every_row_pattern(op, init):
    """All 2^4 rows of four booleans, with both inits: xor is parity, not or."""
    rows = [[bool(k >> b & 1) for b in range(4)] for k in range(16)]
    vals = [v for row in rows for v in row]
    x = array(vals, "i1", (16, 4))
    got = interpret(reduce_text("i1", op, (16, 4), [1], False), x, np.array(init))
    expected = [combine("i1", op, [init] + row) for row in rows]
    assert_same(got, [np.array(expected)], f"{op} init {init}")


@pytest.mark.parametrize("t", ["i32", "ui8", "f32", "complex<f64>"])
@pytest.mark.parametrize("op", ["subtract", "divide"])
def test_single_op_body_without_a_numpy_reduction(t, op):
    """A one-op body the fast path does not cover takes the general path. Over a dimension of
    size 1 the result is body(init, x) or body(x, init) (the spec leaves the order open)."""
    x = array([7, 12, 9], t, (3, 1))
    init = array([3], t, ())
    (got,) = interpret(reduce_text(t, op, (3, 1), [1], False), x, init)
    fn = np.subtract if op == "subtract" else (np.floor_divide if TYPES[t][1] in ("sint", "uint") else np.divide)
    with np.errstate(over="ignore"):
        candidates = [fn(init, x[:, 0]), fn(x[:, 0], init)]
    assert got.dtype == x.dtype
    assert any(np.array_equal(got, c) for c in candidates), f"{op} {t}: {got} is neither {candidates}"
