"""Fast paths of the region and chlo kernels, each against an oracle that does not share its
shortcut: top_k's candidate selection (chlo.py) and reduce_window's position-by-position fold
(kernels/reductions.py and planning/loops.py) against XLA and the spec's formula in numpy; loop-invariant steps of while bodies
run once per loop (kernels/reductions.py and planning/loops.py) against numpy loops; long f32 and f64 sums as a BLAS product by
ones (reductions._blas_sum) against exact sums within the summation bound, and numpy where they
fall back."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_sum_bound, reduce_window_text, run_both, xla_run_text
from jax import lax

from stablehlo_py import interpreter
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.kernels import chlo, reductions
from stablehlo_py.interpreter.planning import loops
from stablehlo_py.interpreter.kernels.custom_calls import register_custom_call, unregister_custom_call

NAN, INF = np.nan, np.inf
FLOATS = [np.float32, np.float64, np.float16, ml_dtypes.bfloat16]
INTS = [np.int8, np.uint8, np.int32, np.uint32, np.int64, np.uint64]
ELEMENT = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.float16): "f16",
           np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.int8): "i8", np.dtype(np.uint8): "ui8",
           np.dtype(np.int32): "i32", np.dtype(np.uint32): "ui32", np.dtype(np.int64): "i64",
           np.dtype(np.uint64): "ui64", np.dtype(np.bool_): "i1"}


def _name(dtype) -> str:
    return np.dtype(dtype).name


# ---------------------------------------------------------------------------
# top_k: rows of at least 2 * TOP_K_GROUPS * k elements select candidates first


K = 4
LONG = 2 * chlo.TOP_K_GROUPS * K + 44  # the fast path, with a tail outside the groups


def _top_k_rows(dtype, n=LONG):
    """Rows with ties everywhere, the largest values in the tail (outside the groups), a row of
    equal elements; floats also with NaN of both signs, infinities and both zeros."""
    rng = np.random.default_rng(5)
    if np.dtype(dtype) == np.bool_:
        rows = rng.integers(0, 2, (3, n)).astype(bool)
        rows[1] = False
        rows[1, [n - 3, n - 1, 7]] = True
        return rows
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        rows = rng.integers(max(int(info.min), -6), min(int(info.max), 6), (4, n), endpoint=True).astype(dtype)
        rows[0, -5:] = info.max  # the top k (and one more) in the tail
        rows[1, ::37] = info.min
        rows[2] = rows[2, 0]
        return rows
    values = np.array([1.0, 2.0, -1.0, 0.0, -0.0, 2.0, 0.5, -2.0])
    rows = rng.choice(values, (6, n))
    rows[0, -3:] = INF  # in the tail
    rows[0, 10] = NAN
    rows[1, [5, n - 2]] = -NAN
    rows[1, [9, 100, n - 7]] = NAN
    rows[2] = -0.0
    rows[2, [3, n - 4]] = 0.0  # +0 above -0: two of the top k, first
    rows[3] = rows[3, 0]
    rows[4, :] = -INF
    rows[4, ::50] = -NAN
    rows[5] = NAN
    out = rows.astype(dtype)
    negative_nan = np.signbit(rows) & np.isnan(rows)
    out[negative_nan] = -np.abs(out[negative_nan].astype(np.float64)).astype(dtype)  # -NaN stays negative
    return out


@pytest.mark.xla
@pytest.mark.parametrize("dtype", FLOATS + INTS + [np.bool_], ids=_name)
def test_top_k_of_long_rows_matches_xla(dtype):
    x = _top_k_rows(dtype)
    got, want = run_both(lambda a: lax.top_k(a, K), x)
    assert_same(got, want, _name(dtype))


def _top_k_by_sorting(x, k):
    """Oracle: each row sorted by IEEE totalOrder (from the bits), largest first, then by index."""
    wide = x.astype(np.float32) if x.dtype.itemsize < 4 else x
    bits = wide.view(f"i{wide.dtype.itemsize}")
    magnitude = (bits & np.iinfo(bits.dtype).max).astype(np.int64)
    keys = np.where(bits < 0, -magnitude - 1, magnitude).reshape(-1, x.shape[-1]).tolist()
    order = np.array([sorted(range(len(row)), key=lambda i: (-row[i], i))[:k] for row in keys])
    order = order.reshape(x.shape[:-1] + (k,))
    return [np.take_along_axis(x, order, -1), order.astype(np.int32)]


@pytest.mark.parametrize("n", [2 * chlo.TOP_K_GROUPS - 1, 2 * chlo.TOP_K_GROUPS, 2 * chlo.TOP_K_GROUPS + 5, 1000])
def test_top_k_at_the_edge_of_the_fast_path(n):
    """k = 1 below, at and above the row length where candidates are selected, with ties of
    the largest value (the lowest index wins) and rank 3."""
    x = np.random.default_rng(n).integers(-3, 3, (2, 3, n)).astype(np.float32)
    x[0, 0, [n - 1, n // 2]] = 7.0
    x[1, 2, :] = -0.0
    x[1, 2, n - 1] = 0.0
    text = (f"func.func @main(%a: tensor<2x3x{n}xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x1xi32>) {{\n"
            f"  %v, %i = chlo.top_k(%a, k = 1) : tensor<2x3x{n}xf32> -> (tensor<2x3x1xf32>, tensor<2x3x1xi32>)\n"
            "  func.return %v, %i : tensor<2x3x1xf32>, tensor<2x3x1xi32>\n}")
    assert_same(interpret(text, x), _top_k_by_sorting(x, 1))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, ml_dtypes.bfloat16], ids=_name)
def test_top_k_of_long_rows_against_a_sort(dtype):
    x = _top_k_rows(dtype, n=LONG + 300)
    got = interpret(f"""func.func @main(%a: tensor<6x{LONG + 300}x{ELEMENT[np.dtype(dtype)]}>) -> (tensor<6x{K}x{ELEMENT[np.dtype(dtype)]}>, tensor<6x{K}xi32>) {{
  %v, %i = chlo.top_k(%a, k = {K}) : tensor<6x{LONG + 300}x{ELEMENT[np.dtype(dtype)]}> -> (tensor<6x{K}x{ELEMENT[np.dtype(dtype)]}>, tensor<6x{K}xi32>)
  func.return %v, %i : tensor<6x{K}x{ELEMENT[np.dtype(dtype)]}>, tensor<6x{K}xi32>
}}""", x)
    assert_same(got, _top_k_by_sorting(x, K))


@pytest.mark.xla
def test_top_k_of_no_rows():
    x = np.zeros((0, LONG), np.float32)
    got, want = run_both(lambda a: lax.top_k(a, K), x)
    assert_same(got, want)


# ---------------------------------------------------------------------------
# reduce_window: the padded input's windows folded position by position


SHAPE = (2, 9, 10)
GEOMETRIES = [  # window, strides, padding, window dilation[, base dilation] (the first dimension: window 1)
    ((3, 3), (2, 2), ((0, 1), (0, 1)), (1, 1)),  # max pool 3x3/2 SAME
    ((3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1)),
    ((2, 3), (3, 2), ((2, 0), (0, 4)), (1, 1)),  # stride over window: some windows all padding
    ((3, 2), (1, 2), ((-1, 2), (1, -2)), (1, 1)),  # negative padding crops
    ((2, 2), (2, 1), ((1, 1), (2, 0)), (3, 2)),  # window dilation
    ((12, 1), (1, 1), ((2, 2), (0, 0)), (1, 1)),  # a window taller than the input
    ((2, 3), (1, 2), ((0, 0), (0, 0)), (2, 1)),  # no padding
    ((2, 3), (1, 2), ((1, 0), (0, 2)), (1, 1), (2, 3)),  # base dilation: holes count as init
    ((3, 2), (2, 1), ((0, 0), (-1, 1)), (2, 1), (1, 2)),
]


def _geometry(index):
    window, strides, padding, dilation, *base = GEOMETRIES[index]
    base = base[0] if base else (1, 1)
    return (1,) + window, (1,) + strides, ((0, 0),) + padding, (1,) + dilation, (1,) + base


def _run_both(element, op, x, init, geometry):
    text = reduce_window_text(element, op, x.shape, *geometry)[0]
    return interpret(text, x, init), xla_run_text(text, x, init)


def _cancelling(dtype, shape, seed):
    """Large values of both signs and small ones: sums in any other order round differently."""
    rng = np.random.default_rng(seed)
    scale = 16.0 if np.dtype(dtype) == np.float16 else 1e3
    big = rng.choice([-1.0, 1.0], shape) * scale * rng.uniform(0.5, 1.5, shape)
    return np.where(rng.random(shape) < 0.5, big, rng.uniform(-1, 1, shape)).astype(dtype)


def _special(dtype, shape, seed, zeros_only=False):
    """Half-integers with NaN, infinities and both zeros."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-4, 4, shape).astype(np.float64) / 2
    flat = x.reshape(-1)
    flat[::5] = -0.0
    flat[1::7] = 0.0
    if not zeros_only:
        flat[3::29] = NAN
        flat[4::23] = -INF
        flat[6::31] = INF
    return x.astype(dtype)


@pytest.mark.parametrize("geometry", range(len(GEOMETRIES)))
@pytest.mark.parametrize("dtype", FLOATS, ids=_name)
def test_float_sums_and_products_in_index_order(dtype, geometry):
    """Init first, then the window in index order, against the spec computed in that order. XLA
    is no oracle here: its CPU sums' order depends on the host (on an AMD EPYC host geometry 6
    differed from index order in the last bits; docs/decisions.md, "Test oracles")."""
    element = ELEMENT[np.dtype(dtype)]
    x = _cancelling(dtype, SHAPE, geometry)
    near_one = (1 + _cancelling(dtype, SHAPE, geometry).astype(np.float64) / 5e4).astype(dtype)
    for op, ufunc, values, init in (("add", np.add, x, 0.0), ("add", np.add, x, -0.0),
                                    ("multiply", np.multiply, near_one, 1.0)):
        (got,) = interpret(reduce_window_text(element, op, x.shape, *_geometry(geometry))[0], values, dtype(init))
        assert_same([got], [_spec_reduce_window(values, dtype(init), ufunc, *_geometry(geometry))], f"{op} {init}")


@pytest.mark.xla
@pytest.mark.parametrize("geometry", range(len(GEOMETRIES)))
@pytest.mark.parametrize("dtype", FLOATS, ids=_name)
def test_float_max_min_with_nan_infinities_and_signed_zeros(dtype, geometry):
    element = ELEMENT[np.dtype(dtype)]
    for seed, zeros_only in ((geometry, False), (geometry + 10, True)):
        x = _special(dtype, SHAPE, seed, zeros_only)
        for op, init in (("maximum", -INF), ("minimum", INF), ("maximum", -0.0), ("minimum", 0.0)):
            assert_same(*_run_both(element, op, x, dtype(init), _geometry(geometry)), f"{element} {op} init {init}")


@pytest.mark.xla
@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_signed_zero_windows(op):
    """Windows of zeros only: max is +0 if any element (or init) is +0, else -0; min is -0 if
    any is -0. Mixed with values on the far side of zero so they never win."""
    rng = np.random.default_rng(8)
    far = -1.0 if op == "maximum" else 1.0
    x = rng.choice([0.0, -0.0, far, -0.0, -0.0], (2, 9, 10)).astype(np.float32)
    for init in (0.0, -0.0, -far * INF):
        for g in range(len(GEOMETRIES)):
            assert_same(*_run_both("f32", op, x, np.float32(init), _geometry(g)), f"init {init} geometry {g}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", INTS, ids=_name)
def test_integer_ops_wrap_like_the_element_type(dtype):
    """Every geometry against the spec's formula in numpy (integer ops wrap alike in any order);
    XLA on the first geometry, a check of the formula."""
    info = np.iinfo(dtype)
    x = np.random.default_rng(3).integers(info.min, info.max, SHAPE, dtype=dtype, endpoint=True)
    element = ELEMENT[np.dtype(dtype)]
    for op, ufunc, init in (("add", np.add, 0), ("multiply", np.multiply, 1), ("maximum", np.maximum, info.min),
                            ("minimum", np.minimum, info.max), ("and", np.bitwise_and, -1),
                            ("or", np.bitwise_or, 0), ("xor", np.bitwise_xor, 0)):
        init = np.array(init).astype(dtype)
        for g in range(len(GEOMETRIES)):
            text = reduce_window_text(element, op, x.shape, *_geometry(g))[0]
            (got,) = interpret(text, x, init)
            with np.errstate(over="ignore"):
                expected = _spec_reduce_window(x, init, ufunc, *_geometry(g))
            assert_same([got], [expected], f"{element} {op} geometry {g}")
            if g == 0:
                assert_same([got], xla_run_text(text, x, init), f"{element} {op} geometry {g} vs XLA")


@pytest.mark.xla
def test_boolean_ops():
    x = np.random.default_rng(4).integers(0, 2, SHAPE).astype(bool)
    for op, init in (("or", False), ("and", True), ("xor", False)):
        for g in range(len(GEOMETRIES)):
            assert_same(*_run_both("i1", op, x, np.bool_(init), _geometry(g)), f"{op} geometry {g}")


def _spec_reduce_window(x, init, ufunc, window, strides, padding, dilation, base):
    """The spec's formula: pad with init (holes between elements, then edges; negative padding
    crops), then per output init combined with its window's elements in index order."""
    spread = [(n - 1) * b + 1 for n, b in zip(x.shape, base)]
    grown = [n + max(lo, 0) + max(hi, 0) for n, (lo, hi) in zip(spread, padding)]
    padded = np.full(grown, init, x.dtype)
    padded[tuple(slice(max(lo, 0), max(lo, 0) + n, b) for n, (lo, _), b in zip(spread, padding, base))] = x
    padded = padded[tuple(slice(max(-lo, 0), g - max(-hi, 0)) for g, (lo, hi) in zip(grown, padding))]
    out = [(n - (w - 1) * d - 1) // s + 1 for n, w, s, d in zip(padded.shape, window, strides, dilation)]
    r = np.full(out, init, x.dtype)
    for position in np.ndindex(*window):
        r = ufunc(r, padded[tuple(slice(p * d, p * d + (o - 1) * s + 1, s)
                                  for p, d, o, s in zip(position, dilation, out, strides))])
    return r


@pytest.mark.parametrize("dtype", [np.float32, np.float16, ml_dtypes.bfloat16, np.int8], ids=_name)
def test_padding_counts_as_init_for_any_init(dtype):
    """An init that is not the op's identity: each padding element combines as init (the spec;
    XLA skips padding, docs/decisions.md)."""
    element = ELEMENT[np.dtype(dtype)]
    integer = np.dtype(dtype).kind == "i"
    x = (np.random.default_rng(6).integers(-50, 50, SHAPE) if integer else _cancelling(dtype, SHAPE, 6)).astype(dtype)
    near_one = x if integer else (1 + x.astype(np.float64) / 5e4).astype(dtype)
    for op, ufunc, values in (("add", np.add, x), ("multiply", np.multiply, near_one), ("maximum", np.maximum, x)):
        init = np.array(3 if integer else 1.5).astype(dtype)
        for g in range(len(GEOMETRIES)):
            geometry = _geometry(g)
            (got,) = interpret(reduce_window_text(element, op, x.shape, *geometry)[0], values, init)
            assert_same([got], [_spec_reduce_window(values, init, ufunc, *geometry)], f"{op} geometry {g}")


@pytest.mark.xla
def test_large_windows_of_order_free_ops_reduce_each_window_at_once():
    """Past DIRECT_WINDOW elements max/min/integer windows take the other path: both agree with XLA."""
    side = int(np.ceil(np.sqrt(reductions.DIRECT_WINDOW + 1)))
    x = _special(np.float32, (2, side + 3, side + 2), 9)
    geometry = ((1, side, side), (1, 2, 1), ((0, 0), (1, 1), (2, 0)), (1, 1, 1), (1, 1, 1))
    assert_same(*_run_both("f32", "maximum", x, np.float32(-INF), geometry))
    xi = np.random.default_rng(9).integers(-99, 99, x.shape).astype(np.int32)
    assert_same(*_run_both("i32", "add", xi, np.int32(0), geometry))


# ---------------------------------------------------------------------------
# while: loop-invariant steps run once per loop


HOISTING = """
func.func @main(%x0: tensor<4xf32>, %w: tensor<4xf32>, %c: tensor<4xf32>, %n: tensor<i32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %buffer = stablehlo.constant dense<0.0> : tensor<3x4xf32>
  %r:5 = stablehlo.while(%i = %zero, %x = %x0, %v = %w, %last = %x0, %out = %buffer)
      : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>
  cond {
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %half = stablehlo.constant dense<0.5> : tensor<4xf32>
    %vc = stablehlo.multiply %v, %c : tensor<4xf32>
    %bias = stablehlo.add %vc, %half : tensor<4xf32>
    %xh = stablehlo.multiply %x, %half : tensor<4xf32>
    %next = stablehlo.add %xh, %bias : tensor<4xf32>
    %row = stablehlo.reshape %next : (tensor<4xf32>) -> tensor<1x4xf32>
    %izero = stablehlo.constant dense<0> : tensor<i32>
    %new = stablehlo.dynamic_update_slice %out, %row, %i, %izero : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %next, %v, %bias, %new : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>
  }
  return %r#1, %r#2, %r#3, %r#4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>
}
"""


def _hoisting_oracle(x0, w, c, n):
    half = np.float32(0.5)
    x, last, out = x0.copy(), x0.copy(), np.zeros((3, 4), np.float32)
    for i in range(n):
        bias = w * c + half
        x = x * half + bias
        out[i] = x
        last = bias
    return [x, w, last, out]


def test_invariant_steps_move_out_of_the_loop_and_the_results_stay():
    """%v * %c + 0.5 reads a carry the body returns unchanged, a value from outside the loop and
    a constant: it runs once per loop, also when it is itself a carry's next value (%last) and
    beside a carry updated in place (%out)."""
    split = []

    def spy(*args):
        once, each = split_invariant(*args)
        split.append(once)
        return once, each

    split_invariant, loops._split_invariant = loops._split_invariant, spy
    try:
        run = interpreter.compile(HOISTING)
    finally:
        loops._split_invariant = split_invariant
    assert [op.name for op in split[0].ops] == ["stablehlo.multiply", "stablehlo.add"]
    rng = np.random.default_rng(7)
    x0, w, c = (rng.standard_normal(4).astype(np.float32) for _ in range(3))
    for n in (0, 1, 3):
        assert_same(run(x0, w, c, np.int32(n)), _hoisting_oracle(x0, w, c, n), f"n={n}")
    assert_same(run(x0, w, c, np.int32(3)), _hoisting_oracle(x0, w, c, 3), "second call")


def test_invariant_steps_of_ops_with_effects_run_every_iteration():
    calls = []

    @register_custom_call("test.fast_paths.count")
    def count(v):
        calls.append(1)
        return v

    text = """
    func.func @main(%w: tensor<2xf32>) -> tensor<2xf32> {
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %r:3 = stablehlo.while(%i = %zero, %v = %w, %acc = %w) : tensor<i32>, tensor<2xf32>, tensor<2xf32>
      cond {
        %n = stablehlo.constant dense<5> : tensor<i32>
        %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %go : tensor<i1>
      } do {
        %u = stablehlo.custom_call @test.fast_paths.count(%v) : (tensor<2xf32>) -> tensor<2xf32>
        %s = stablehlo.add %acc, %u : tensor<2xf32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %j, %v, %s : tensor<i32>, tensor<2xf32>, tensor<2xf32>
      }
      return %r#2 : tensor<2xf32>
    }"""
    w = np.array([1.0, -2.0], np.float32)
    try:
        (got,) = interpret(text, w)
    finally:
        unregister_custom_call("test.fast_paths.count")
    assert len(calls) == 5
    assert_same([got], [w * np.float32(6)])


# ---------------------------------------------------------------------------
# reduce: long f32 / f64 sums over trailing or leading dims are a BLAS product by ones


@pytest.fixture
def blas_sums(monkeypatch):
    """Sums of at least 64 elements take the BLAS path; records per reduce kernel built whether
    it is a BLAS sum, and each call that fell back to numpy's reduce."""
    monkeypatch.setattr(reductions, "BLAS_SUM_ELEMENTS", 64)
    record = {"built": [], "fallbacks": 0}
    original = reductions._blas_sum

    def spy(fallback, *args):
        def counted(x, init):
            record["fallbacks"] += 1
            return fallback(x, init)

        made = original(counted, *args)
        record["built"].append(made is not None)
        return made

    monkeypatch.setattr(reductions, "_blas_sum", spy)
    return record


def _sum_text(shape, element, dims, op="add"):
    kept = [n for d, n in enumerate(shape) if d not in dims]
    x, r = (f"tensor<{'x'.join(map(str, s))}{'x' if s else ''}{element}>" for s in (shape, kept))
    return f"""func.func @main(%x: {x}, %init: tensor<{element}>) -> {r} {{
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = {list(dims)}
      : ({x}, tensor<{element}>) -> {r}
  return %r : {r}
}}"""


def _exact_sums(x, dims, init):
    """Per output element: the exact sum (correctly rounded to f64) and the sum of magnitudes."""
    moved = np.moveaxis(x.astype(np.float64), dims, tuple(range(x.ndim - len(dims), x.ndim)))
    rows = moved.reshape(moved.shape[:x.ndim - len(dims)] + (-1,))
    exact = np.apply_along_axis(lambda r: math.fsum([*r, float(init)]), -1, rows)
    return exact, np.abs(rows).sum(axis=-1) + abs(float(init))


@pytest.mark.parametrize("shape,dims", [((48, 40), (1,)), ((6, 8, 40), (1, 2)), ((40, 48), (0,)),
                                        ((5, 9, 30), (0, 1)), ((30, 50), (0, 1))],
                         ids=["rows", "two_trailing", "columns", "two_leading", "all"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=_name)
def test_blas_sums_within_the_summation_bound(dtype, shape, dims, blas_sums):
    rng = np.random.default_rng(21)
    x = (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)).astype(dtype)
    init = np.array(0.75, dtype)
    (got,) = interpret(_sum_text(shape, ELEMENT[np.dtype(dtype)], dims), x, init)
    assert blas_sums == {"built": [True], "fallbacks": 0}
    exact, magnitude = _exact_sums(x, dims, init)
    length = math.prod(shape[d] for d in dims)
    assert_sum_bound(np.asarray(got), exact.reshape(np.shape(got)), magnitude.reshape(np.shape(got)), length + 1)


def test_blas_sums_of_special_values(blas_sums):
    """NaN, infinities, and zeros of both signs: results that no order can change, as numpy's."""
    x = np.random.default_rng(22).standard_normal((6, 40)).astype(np.float32)
    x[0, 3] = NAN
    x[1, 5] = INF
    x[2, 7], x[2, 30] = INF, -INF
    x[3, :] = -0.0
    x[4, 9], x[4, 11] = -INF, -INF
    x[5, :] = 0.0
    x[5, ::2] = -0.0
    (got,) = interpret(_sum_text((6, 40), "f32", (1,)), x, np.array(0.0, np.float32))
    assert blas_sums == {"built": [True], "fallbacks": 0}
    with np.errstate(invalid="ignore"):  # inf + -inf
        expected = np.float32(0) + np.add.reduce(x, axis=1)
    assert_same([got], [expected])
    assert not np.signbit(got[3]) and not np.signbit(got[5]), "+0.0 + (-0.0) is +0.0"


def test_blas_sums_fall_back_for_views(blas_sums):
    """An operand that is not contiguous (a transposed argument) runs numpy's reduce: np.add.reduce's bits."""
    x = np.random.default_rng(23).standard_normal((40, 8))
    (got,) = interpret(_sum_text((8, 40), "f64", (1,)), x.T, np.array(0.25))
    assert blas_sums == {"built": [True], "fallbacks": 1}
    assert_same([got], [np.add(0.25, np.add.reduce(x.T, axis=1))])


@pytest.mark.parametrize("layout", ["blas", "view", "middle_dim", "complex"])
def test_sums_of_negative_zeros(layout, blas_sums):
    """With an init of -0.0, a row of -0.0 sums to -0.0 in every order (a rounded sum is -0.0
    only if both addends are), as XLA has it; numpy's add.reduce and BLAS start from +0.0. A
    row mixing +0.0 and -0.0 sums to +0.0."""
    dtype = np.complex64 if layout == "complex" else np.float32
    x = np.random.default_rng(25).standard_normal((40, 8)).astype(dtype)
    x[:, 2] = complex(-0.0, -0.0) if layout == "complex" else -0.0
    x[:, 5] = -0.0
    x[1::2, 5] = 0.0
    if layout == "complex":
        x[:, 3] = complex(-0.0, 1.0)  # real parts all -0.0, imaginary ones not
    shape, dims, operand = (8, 40), (1,), np.ascontiguousarray(x.T)
    if layout == "view":
        operand = x.T
    elif layout == "middle_dim":
        shape, dims, operand = (8, 40, 1), (1,), operand[:, :, None]
    init = np.array(complex(-0.0, -0.0) if layout == "complex" else -0.0, dtype)
    element = "complex<f32>" if layout == "complex" else "f32"
    (got,) = interpret(_sum_text(shape, element, dims), operand, init)
    got = np.asarray(got).reshape(8)
    assert blas_sums["built"] == [layout in ("blas", "view")]
    assert blas_sums["fallbacks"] == (layout == "view")
    for part in ([np.real, np.imag] if layout == "complex" else [np.real]):
        assert part(got[2]) == 0 and np.signbit(part(got[2])), "a row of -0.0"
        assert part(got[5]) == 0 and not np.signbit(part(got[5])), "+0.0 and -0.0"
    if layout == "complex":
        assert np.signbit(got[3].real) and got[3].imag == 40
    assert np.array_equal(got[[0, 1, 4, 6, 7]] == 0, np.zeros(5, bool))


@pytest.mark.parametrize("case", ["middle_dim", "f16", "small", "short_rows", "multiply"])
def test_sums_that_stay_with_numpy(case, blas_sums):
    rng = np.random.default_rng(24)
    shape, dims, dtype, op = (8, 40, 6), (1,), np.float32, "add"
    if case == "middle_dim":
        pass
    elif case == "f16":
        dtype = np.float16
    elif case == "small":
        shape, dims = (1, 40), (1,)
    elif case == "short_rows":  # 32 or fewer: added in index order (XLA's order for short rows)
        shape, dims = (40, 32), (1,)
    else:
        op, shape, dims = "multiply", (40, 48), (1,)
    x = (rng.standard_normal(shape) + (1.0 if op == "multiply" else 0.0)).astype(dtype)
    init = np.array(1.0 if op == "multiply" else 0.5, dtype)
    (got,) = interpret(_sum_text(shape, ELEMENT[np.dtype(dtype)], dims, op), x, init)
    assert not any(blas_sums["built"])
    if case in ("middle_dim", "f16", "small"):
        assert_same([got], [np.add(init, np.add.reduce(x, axis=dims))])
