"""The interpreter's fast paths for dense workloads, each against an independent oracle and
each checked to be taken (a spy on the fast path's function) where it applies and not taken
where it does not:

- convolution as a sum of one matmul per kernel position (dot_conv._tap_sum) for large
  float/complex convolutions with at least TAP_FEATURES input features per group: XLA on
  the operands widened to f64/c128 within the summation bound, over layouts, strides,
  padding (also negative), lhs/rhs dilation, window reversal, feature and batch groups; with
  unit window strides one matmul per image and position (dot_conv._image_rows);
- scatter with a ufunc body over whole rows, in rounds of row-wise numpy ops: bit-exact
  against numpy's in-order ufunc.at and XLA, with duplicate indices;
- plans dropping large values after their last use (plan.Function.dead_values);
- large 2-D dots in two halves of rows on threads (dot_conv._halves_matmul): within the summation
  bound of the product in f64, and the same bits on one thread or two.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_sum_bound, examples, export, run_both, xla, xla_run_text
from hypothesis import assume, given
from hypothesis import strategies as st
from jax import lax

import stablehlo_py
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.kernels import indexing, dot_conv

# --- convolution: one matmul per kernel position ------------------------------------------


@pytest.fixture
def taps(monkeypatch):
    """Counts the calls of dot_conv._tap_sum."""
    calls = []
    original = dot_conv._tap_sum

    def spy(*args):
        calls.append(args[0].shape)
        return original(*args)

    monkeypatch.setattr(dot_conv, "_tap_sum", spy)
    return calls


@pytest.fixture
def image_rows(monkeypatch):
    """Whether each call of dot_conv._image_rows found the image-rows path."""
    found = []
    original = dot_conv._image_rows

    def spy(*args):
        found.append(original(*args) is not None)
        return original(*args)

    monkeypatch.setattr(dot_conv, "_image_rows", spy)
    return found


def _layout(spec: str, sizes: dict) -> tuple:
    return tuple(sizes[c] for c in spec)


# (lhs, rhs, out layouts, batch, in features, out features, spatial, kernel, strides, padding,
#  lhs dilation, rhs dilation, feature groups, batch groups)
CONV_CASES = {
    "nhwc_same": ("NHWC", "HWIO", "NHWC", 2, 16, 16, (8, 8), (3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 1),
    "nchw_strided_dilated": ("NCHW", "OIHW", "NCHW", 2, 24, 32, (21, 17), (3, 2), (2, 1), ((0, 1), (2, 0)), (1, 1),
                             (2, 3), 1, 1),
    "feature_groups_lhs_dilation": ("NHWC", "HWIO", "NCHW", 2, 32, 32, (10, 9), (3, 3), (1, 2), ((-1, 2), (1, -1)),
                                    (2, 1), (1, 1), 2, 1),
    "batch_groups": ("CNHW", "IOHW", "NHWC", 4, 16, 32, (12, 12), (2, 3), (1, 1), ((1, 0), (0, 1)), (1, 1), (1, 2),
                     1, 2),
    "one_dimension": ("NWC", "WIO", "NCW", 8, 20, 24, (40,), (5,), (2,), ((2, 2),), (1,), (2,), 1, 1),
    "three_dimensions": ("NDHWC", "DHWIO", "NDHWC", 1, 16, 32, (5, 6, 5), (2, 3, 2), (1, 1, 2), ((0, 1), (1, 1), (0, 0)),
                         (1, 1, 1), (1, 1, 2), 1, 1),
    "pointwise_deep": ("NHWC", "HWIO", "NHWC", 2, 300, 4, (4, 4), (1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1),
                       1, 1),
}


def _conv_config(case):
    lhs_spec, rhs_spec, out_spec, batch, cin, cout, spatial, kernel, strides, padding, lhs_dil, rhs_dil, fg, bg = case
    letters = "DHW"[-len(spatial):] if len(spatial) > 1 else "W"
    lhs = _layout(lhs_spec, {"N": batch, "C": cin, **dict(zip(letters, spatial))})
    rhs = _layout(rhs_spec, {"O": cout, "I": cin // fg, **dict(zip(letters, kernel))})
    dn = lax.conv_dimension_numbers(lhs, rhs, (lhs_spec, rhs_spec, out_spec))

    def fn(x, y):
        return lax.conv_general_dilated(x, y, strides, padding, lhs_dil, rhs_dil, dn, feature_group_count=fg,
                                        batch_group_count=bg)

    return fn, lhs, rhs, cin // fg * int(np.prod(kernel))


def _operands(rng, dtype, *shapes):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return [(rng.standard_normal(s) + 1j * rng.standard_normal(s)).astype(dtype) for s in shapes]
    return [rng.standard_normal(s).astype(np.float32).astype(dtype) for s in shapes]


def _check_conv(fn, a, b, terms, got):
    """`got` within the summation bound of the exact convolution (XLA on f64/c128 operands,
    whose products are exact; for f64 operands itself a sum, so the bound counts twice)."""
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    (reference,) = xla(fn, a.astype(wide), b.astype(wide))
    (magnitude,) = xla(fn, np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    assert got.dtype == a.dtype and got.shape == reference.shape
    if a.dtype.kind == "c":
        terms *= 2
    assert_sum_bound(got, reference, magnitude, 2 * terms + 2 if a.dtype == np.float64 else terms)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.float16, ml_dtypes.bfloat16],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("case", sorted(CONV_CASES))
def test_convolution_by_kernel_positions(case, dtype, taps, image_rows):
    fn, lhs, rhs, terms = _conv_config(CONV_CASES[case])
    a, b = _operands(np.random.default_rng(len(case)), dtype, lhs, rhs)
    (got,) = interpret(export(fn, a, b), a, b)
    assert taps, "the convolution did not take the per-position path"
    # unit window strides (and not too many rows thrown away): one matmul per image
    assert set(image_rows) == {case in ("nhwc_same", "batch_groups", "pointwise_deep")}, case
    _check_conv(fn, a, b, terms, got)


@st.composite
def tap_configs(draw):
    """A random 2-D convolution whose patches hold more than SEQUENTIAL_DEPTH products (so BLAS
    sums it) with at least TAP_FEATURES input features per group: random layouts, strides,
    padding (also negative), dilations and groups."""
    perm = st.permutations("NCHW")
    lhs_spec, out_spec = "".join(draw(perm)), "".join(draw(perm))
    rhs_spec = "".join(draw(st.permutations("OIHW")))
    fg, bg = (draw(st.integers(1, 2)), 1) if draw(st.booleans()) else (1, draw(st.integers(1, 2)))
    per_group = draw(st.integers(dot_conv.TAP_FEATURES + 2, dot_conv.TAP_FEATURES + 6))
    kernel = (draw(st.integers(3, 4)), draw(st.integers(5, 6)))
    assume(per_group * kernel[0] * kernel[1] > dot_conv.SEQUENTIAL_DEPTH)
    spatial = tuple(draw(st.integers(k, k + 5)) for k in kernel)
    strides = tuple(draw(st.integers(1, 2)) for _ in kernel)
    padding = tuple((draw(st.integers(-1, 2)), draw(st.integers(-1, 2))) for _ in kernel)
    lhs_dil = tuple(draw(st.integers(1, 2)) for _ in kernel)
    rhs_dil = tuple(draw(st.integers(1, 2)) for _ in kernel)
    for n, k, d, r, (low, high) in zip(spatial, kernel, lhs_dil, rhs_dil, padding):
        assume((n - 1) * d + 1 + low + high >= (k - 1) * r + 1)
    return (lhs_spec, rhs_spec, out_spec, bg * draw(st.integers(1, 2)), fg * per_group, fg * bg * draw(st.integers(1, 3)),
            spatial, kernel, strides, padding, lhs_dil, rhs_dil, fg, bg)


@pytest.mark.xla
@examples(15)
@given(tap_configs(), st.sampled_from([np.float32, np.complex64]), st.integers(0, 2**16))
def test_convolution_by_kernel_positions_random(case, dtype, seed):
    calls = []
    original = dot_conv._tap_sum

    def spy(*args):
        calls.append(1)
        return original(*args)

    fn, lhs, rhs, terms = _conv_config(case)
    a, b = _operands(np.random.default_rng(seed), dtype, lhs, rhs)
    dot_conv._tap_sum = spy  # hypothesis runs examples without the function-scoped fixtures
    try:
        (got,) = interpret(export(fn, a, b), a, b)
    finally:
        dot_conv._tap_sum = original
    assume(got.size)  # an empty result is zeros before any product
    assert calls, "the convolution did not take the per-position path"
    _check_conv(fn, a, b, terms, got)


WINDOW_REVERSAL = """
func.func @main(%lhs: tensor<2x17x16x16xf32>, %rhs: tensor<3x2x16x40xf32>) -> tensor<2x8x15x40xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 0], [0, 0]], rhs_dilate = [1, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x16x16xf32>, tensor<3x2x16x40xf32>) -> tensor<2x8x15x40xf32>
  return %0 : tensor<2x8x15x40xf32>
}
"""


@pytest.mark.xla
@pytest.mark.parametrize("stride", ["[2, 1]", "[1, 1]"])
@pytest.mark.parametrize("reverse", ["[true, false]", "[false, true]", "[true, true]"])
def test_convolution_by_kernel_positions_with_window_reversal(reverse, stride, taps, image_rows):
    """Window reversal (which JAX never emits) against XLA running the text, on small
    integer-valued floats so every order of the sums is exact; unit strides read image rows."""
    text = WINDOW_REVERSAL.replace("reverse = [true, false]", f"reverse = {reverse}")
    if stride == "[1, 1]":
        text = text.replace("stride = [2, 1]", "stride = [1, 1]").replace("2x8x15x40", "2x16x15x40")
    rng = np.random.default_rng(5)
    a = rng.integers(-4, 5, (2, 17, 16, 16)).astype(np.float32)
    b = rng.integers(-4, 5, (3, 2, 16, 40)).astype(np.float32)
    got = interpret(text, a, b)
    assert taps and image_rows == [stride == "[1, 1]"]
    assert_same(got, xla_run_text(text, a, b))


@pytest.mark.xla
@pytest.mark.parametrize("why,dtype,features,size", [
    ("index order (small)", np.float32, 16, 4),
    ("integers (exact anyway)", np.int32, 16, 8),
    ("few input features", np.float32, 8, 16),
])
def test_convolution_keeps_the_patch_matrix(why, dtype, features, size, taps):
    """Small float convolutions keep the spec's index order (bit-exact with the reference
    interpreter), integer ones the exact int64 matmul; with few features per kernel position
    the patch matrix is faster. The results still agree with XLA."""
    fn, lhs, rhs, terms = _conv_config(("NHWC", "HWIO", "NHWC", 2, features, 8, (size, size), (3, 3), (1, 1),
                                        ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 1))
    rng = np.random.default_rng(6)
    a, b = (rng.integers(-50, 50, s).astype(dtype) for s in (lhs, rhs))
    got, expected = run_both(fn, a, b)
    assert not taps, why
    assert_same(got, expected)


# --- scatter of whole rows in rounds -------------------------------------------------------


@pytest.fixture
def row_rounds(monkeypatch):
    """Counts the rounds scatter applies with row-wise numpy ops (its _Windows' rounds)."""
    counts = []
    original = indexing._Windows.rounds

    def spy(self):
        rounds = original(self)
        counts.append(len(rounds))
        return rounds

    monkeypatch.setattr(indexing._Windows, "rounds", spy)
    return counts


def _in_order(ufunc, table, rows, updates):
    """The spec's scatter of `updates` rows into `table` at `rows`, in update order, computed by
    numpy's unbuffered ufunc.at (one element at a time, in index order)."""
    out = table.copy()
    ufunc.at(out, rows, updates)
    return out


SCATTER_OPS = {
    "add": (lambda t, i, u: t.at[i].add(u), np.add),
    "mul": (lambda t, i, u: t.at[i].mul(u), np.multiply),
    "max": (lambda t, i, u: t.at[i].max(u), np.maximum),
    "min": (lambda t, i, u: t.at[i].min(u), np.minimum),
}


def _scatter_operands(rng, dtype, rows, count, width):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        table = rng.integers(0, 100, (rows, width)).astype(dtype)
        updates = rng.integers(0, 100, (count, width)).astype(dtype)
        return table, updates
    if dtype.kind == "c":
        table, updates = (rng.standard_normal(s) + 1j * rng.standard_normal(s) for s in ((rows, width), (count, width)))
        return table.astype(dtype), updates.astype(dtype)
    # magnitudes spread over many binades: sums of duplicates depend on their order
    scale = 10.0 ** rng.integers(-3, 5, (count, 1))
    table = rng.standard_normal((rows, width)).astype(np.float32).astype(dtype)
    return table, (rng.standard_normal((count, width)) * scale).astype(np.float32).astype(dtype)


@pytest.mark.xla
@pytest.mark.parametrize("op,dtype", [
    ("add", np.float32), ("add", np.float64), ("add", np.float16), ("add", ml_dtypes.bfloat16),
    ("add", np.int32), ("add", np.uint8), ("add", np.complex64), ("mul", np.int32), ("mul", np.float32),
    ("max", np.int32), ("min", np.uint8),
], ids=lambda v: v if isinstance(v, str) else np.dtype(v).name)
def test_scatter_rows_in_rounds(op, dtype, row_rounds):
    rng = np.random.default_rng(7)
    table, updates = _scatter_operands(rng, dtype, 300, 1024, 32)
    rows = rng.integers(0, 300, 1024).astype(np.int32)  # every row about 3.4 times
    fn, ufunc = SCATTER_OPS[op]
    if op == "mul" and np.dtype(dtype).kind == "f":
        updates = (1 + updates / 1e5).astype(dtype)  # products stay finite
    got, expected = run_both(fn, table, rows, updates)
    assert row_rounds and row_rounds[0] > 1, "the scatter did not run in rounds of rows"
    oracle = _in_order(ufunc, table, rows, updates)
    assert_same(got, [oracle], "numpy's in-order ufunc.at")
    assert_same(got, expected, "XLA")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.int8])
def test_scatter_rows_with_one_hot_row_keeps_ufunc_at(dtype, row_rounds):
    """Updates piling onto few rows would take a round each: ufunc.at instead, same result."""
    rng = np.random.default_rng(8)
    table, updates = _scatter_operands(rng, dtype, 50, 600, 32)
    rows = np.where(rng.random(600) < 0.9, 3, rng.integers(0, 50, 600)).astype(np.int32)
    got, expected = run_both(SCATTER_OPS["add"][0], table, rows, updates)
    assert row_rounds == [int(np.bincount(rows).max())]  # grouped, then left to ufunc.at
    assert_same(got, [_in_order(np.add, table, rows, updates)])
    assert_same(got, expected)


@pytest.mark.xla
def test_scatter_short_rows_keep_ufunc_at(row_rounds):
    """Rows shorter than ROW_ELEMENTS: one ufunc.at over all elements."""
    rng = np.random.default_rng(9)
    table, updates = _scatter_operands(rng, np.float32, 40, 500, indexing.ROW_ELEMENTS - 1)
    rows = rng.integers(0, 40, 500).astype(np.int32)
    got, expected = run_both(SCATTER_OPS["add"][0], table, rows, updates)
    assert not row_rounds
    assert_same(got, [_in_order(np.add, table, rows, updates)])
    assert_same(got, expected)


@pytest.mark.xla
def test_scatter_rows_out_of_range_are_dropped(row_rounds):
    rng = np.random.default_rng(10)
    table, updates = _scatter_operands(rng, np.float32, 64, 800, 16)
    rows = rng.integers(0, 70, 800).astype(np.int32)  # past the end: dropped (jax wraps negative ones)
    fn = lambda t, i, u: t.at[i].add(u, mode="drop")  # noqa: E731
    got, expected = run_both(fn, table, rows, updates)
    assert row_rounds
    kept = (rows >= 0) & (rows < 64)
    assert_same(got, [_in_order(np.add, table, rows[kept], updates[kept])])
    assert_same(got, expected)


# --- plans drop large values after their last use -------------------------------------------

DEAD_VALUES = """
func.func @main(%x: tensor<256x256xf32>, %s: tensor<4xf32>) -> (tensor<256x256xf32>, tensor<256x256xf32>, tensor<4xf32>) {
  %a = stablehlo.multiply %x, %x : tensor<256x256xf32>
  %b = stablehlo.add %a, %x : tensor<256x256xf32>
  %c = stablehlo.subtract %b, %a : tensor<256x256xf32>
  %t = stablehlo.add %s, %s : tensor<4xf32>
  %d = stablehlo.multiply %c, %b : tensor<256x256xf32>
  return %d, %b, %t : tensor<256x256xf32>, tensor<256x256xf32>, tensor<4xf32>
}
"""


def test_plan_drops_large_values_after_their_last_use():
    run = stablehlo_py.compile(DEAD_VALUES, backend="interpreter")
    fn = run._function
    drops = fn.dead_values()
    slot = {op.name + str(i): outs[0] for i, (op, (_, _, outs, _)) in enumerate(zip(fn.ops, fn.steps))}
    x_slot = fn.input_slots[0]
    # %x dies at %b (step 1), %a at %c (step 2), %c at %d (step 4); %b and %d are results;
    # %s and %t are small
    assert drops == [(), (x_slot,), (slot["stablehlo.multiply0"],), (), (slot["stablehlo.subtract2"],)]
    x = np.random.default_rng(11).standard_normal((256, 256)).astype(np.float32)
    s = np.arange(4, dtype=np.float32)
    a = x * x
    b = a + x
    for _ in range(2):  # a second run sees the same plan
        d, b_out, t = run(x, s)
        assert_same([d, b_out, t], [(b - a) * b, b, s + s])


# --- select against a broadcast zero (relu) --------------------------------------------------

SELECT = """
func.func @main(%p: tensor<6x7xi1>, %x: tensor<6x7x{t}>, %c: tensor<{t}>) -> (tensor<6x7x{t}>, tensor<6x7x{t}>) {{
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<{t}>) -> tensor<6x7x{t}>
  %0 = stablehlo.select %p, %x, %b : tensor<6x7xi1>, tensor<6x7x{t}>
  %1 = stablehlo.select %p, %b, %x : tensor<6x7xi1>, tensor<6x7x{t}>
  return %0, %1 : tensor<6x7x{t}>, tensor<6x7x{t}>
}}
"""


@pytest.mark.parametrize("t,dtype,constant", [
    ("f32", np.float32, 0.0), ("f32", np.float32, -0.0), ("f32", np.float32, 2.5), ("f64", np.float64, 0.0),
    ("bf16", ml_dtypes.bfloat16, 0.0), ("f16", np.float16, -0.0), ("i32", np.int32, 0), ("ui8", np.uint8, 0),
    ("i64", np.int64, 7), ("complex<f32>", np.complex64, 0.0),
], ids=lambda v: str(v) if not isinstance(v, type) else np.dtype(v).name)
def test_select_of_a_broadcast_constant_keeps_every_bit(t, dtype, constant):
    """A zero on the false side takes a shorter path (the mask alone picks); -0.0 and other
    constants keep the general blend: every bit as np.where gives it, NaN payloads and signed
    zeros included."""
    rng = np.random.default_rng(12)
    p = rng.random((6, 7)) < 0.5
    x = rng.standard_normal((6, 7)).astype(np.float32).astype(dtype) if np.dtype(dtype).kind in "fcV" else \
        rng.integers(0, 100, (6, 7)).astype(dtype)
    if np.dtype(dtype).kind == "f":
        x[0, :3] = [np.nan, -0.0, np.inf]
        x[1, :3] = x[0, :3]
        p[0, :3], p[1, :3] = True, False
    c = np.array(constant, dtype)
    got = interpret(SELECT.format(t=t), p, x, c)
    expected = [np.where(p, x, c), np.where(p, c, x)]
    assert_same(got, expected)


# --- dot_general: batch dimensions kept apart, views handed to BLAS ----------------------------


@pytest.fixture
def blas_operands(monkeypatch):
    """Records, per operand handed to matmul, whether dot_conv._blas_ready had to copy it."""
    copied = []
    original = dot_conv._blas_ready

    def spy(x):
        out = original(x)
        copied.append(out is not x)
        return out

    monkeypatch.setattr(dot_conv, "_blas_ready", spy)
    return copied


# (lhs shape, its permutation before the dot, rhs shape, its permutation, dimension numbers
#  (lhs batch, rhs batch, lhs contracting, rhs contracting), which operands need a copy)
DOT_CASES = {
    # attention scores: heads split off the feature axis and moved ahead of the tokens
    "attention": ((2, 96, 4, 32), (0, 2, 1, 3), (2, 96, 4, 32), (0, 2, 1, 3), ((0, 1), (0, 1), (3,), (3,)),
                  [False, False]),
    "batch_innermost": ((64, 48, 3), None, (48, 3, 80), None, ((2,), (1,), (1,), (0,)), [True, False]),
    # merging the lhs's free and contracting dimensions copies it already (reshape)
    "several_free_and_contracting": ((16, 6, 16, 10), None, (6, 10, 64), None, ((), (), (1, 3), (0, 1)),
                                     [False, False]),
    "plain": ((128, 96), None, (96, 40), None, ((), (), (1,), (0,)), [False, False]),
}


def _dot_program(case):
    lhs_shape, lhs_perm, rhs_shape, rhs_perm, dims, _ = case
    lb, rb, lc, rc = dims

    def fn(x, y):
        x = x if lhs_perm is None else x.transpose(lhs_perm)
        y = y if rhs_perm is None else y.transpose(rhs_perm)
        return lax.dot_general(x, y, ((lc, rc), (lb, rb)))

    return fn


def _dot_oracle(case, x, y):
    """The exact dot (f64/c128 einsum of operands whose products are exact there; int64 for
    integers), the sum of the terms' magnitudes and the terms per element, by numpy."""
    lhs_shape, lhs_perm, rhs_shape, rhs_perm, (lb, rb, lc, rc), _ = case
    x = x if lhs_perm is None else x.transpose(lhs_perm)
    y = y if rhs_perm is None else y.transpose(rhs_perm)
    letters = iter("abcdefghijklmnop")
    xs, ys = [None] * x.ndim, [None] * y.ndim
    for i, j in zip(lb, rb):
        xs[i] = ys[j] = next(letters)
    for i, j in zip(lc, rc):
        xs[i] = ys[j] = next(letters)
    for axes in (xs, ys):
        for i, v in enumerate(axes):
            axes[i] = v or next(letters)
    out = [xs[i] for i in lb] + [v for i, v in enumerate(xs) if i not in lb and i not in lc] + \
          [v for i, v in enumerate(ys) if i not in rb and i not in rc]
    spec = f"{''.join(xs)},{''.join(ys)}->{''.join(out)}"
    wide = {"c": np.complex128, "i": np.int64}.get(x.dtype.kind, np.float64)  # int64 wraps as int32 does
    exact = np.einsum(spec, x.astype(wide), y.astype(wide))
    magnitude = np.einsum(spec, np.abs(x).astype(np.float64), np.abs(y).astype(np.float64))
    return exact, magnitude, int(np.prod([x.shape[i] for i in lc]))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, ml_dtypes.bfloat16, np.float16],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("case", sorted(DOT_CASES))
def test_dot_general_hands_views_to_blas(case, dtype, blas_operands):
    fn = _dot_program(DOT_CASES[case])
    x, y = _operands(np.random.default_rng(13), dtype, DOT_CASES[case][0], DOT_CASES[case][2])
    (got,) = interpret(export(fn, x, y), x, y)
    assert blas_operands == DOT_CASES[case][-1], "which operands matmul got as views"
    exact, magnitude, terms = _dot_oracle(DOT_CASES[case], x, y)
    assert got.dtype == x.dtype and got.shape == exact.shape
    if x.dtype.kind == "c":
        terms *= 2
    assert_sum_bound(got, exact, magnitude, 2 * terms + 2 if x.dtype == np.float64 else terms)


@pytest.mark.xla
@pytest.mark.parametrize("case", sorted(DOT_CASES))
def test_dot_general_integers_exact(case):
    """Integers wrap in the result type: exact against XLA (and numpy's int64 einsum)."""
    fn = _dot_program(DOT_CASES[case])
    rng = np.random.default_rng(14)
    x, y = (rng.integers(-2**31, 2**31 - 1, DOT_CASES[case][i], endpoint=True).astype(np.int32) for i in (0, 2))
    got, expected = run_both(fn, x, y)
    assert_same(got, expected)
    exact, _, _ = _dot_oracle(DOT_CASES[case], x, y)
    assert_same(got, [exact.astype(np.int32)])


# --- large 2-D dots: two halves of rows on threads ----------------------------------------


@pytest.fixture
def halves(monkeypatch):
    """Dots of at least 4096 multiply-adds split in halves; records the row counts of each half
    multiplied."""
    monkeypatch.setattr(dot_conv, "SPLIT_MATMUL_WORK", 1 << 12)
    rows = []
    original = dot_conv._halves_matmul

    def spy(a, b):
        rows.append(a.shape[0])
        return original(a, b)

    monkeypatch.setattr(dot_conv, "_halves_matmul", spy)
    return rows


def _dot_text(lhs_shape, rhs_shape, element="f32"):
    lhs, rhs = (f"tensor<{'x'.join(map(str, s))}x{element}>" for s in (lhs_shape, rhs_shape))
    out = f"tensor<{'x'.join(map(str, (*lhs_shape[:-1], rhs_shape[-1])))}x{element}>"
    return f"""func.func @main(%a: {lhs}, %b: {rhs}) -> {out} {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [{len(lhs_shape) - 1}] x [0] : ({lhs}, {rhs}) -> {out}
  return %0 : {out}
}}"""


@pytest.mark.parametrize("lhs_shape,rhs_shape,dtype", [((100, 48), (48, 80), np.float32),
                                                       ((2, 70, 64), (64, 33), np.float32),
                                                       ((64, 300), (300, 16), np.float64),
                                                       ((96, 64), (64, 48), np.complex64)],
                         ids=["odd_rows", "batch_of_rows", "f64", "complex64"])
def test_large_dots_in_halves(lhs_shape, rhs_shape, dtype, halves, monkeypatch):
    """Against the product in f64 / c128 within the summation bound; the same bits on one thread
    or two (the halves are the same either way). Products past the index-order thresholds
    (dot_conv._in_index_order), so BLAS sums them."""
    rng = np.random.default_rng(31)
    a = (rng.standard_normal(lhs_shape) * 10.0 ** rng.integers(-2, 3, lhs_shape)).astype(dtype)
    b = rng.standard_normal(rhs_shape).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(lhs_shape).astype(dtype)
    text = _dot_text(lhs_shape, rhs_shape, {np.float32: "f32", np.float64: "f64", np.complex64: "complex<f32>"}[dtype])
    monkeypatch.setattr(dot_conv.threads, "count", lambda: 2)
    (two,) = interpret(text, a, b)
    monkeypatch.setattr(dot_conv.threads, "count", lambda: 1)
    (one,) = interpret(text, a, b)
    assert halves == [int(np.prod(lhs_shape[:-1]))] * 2, "the dot did not run in halves"
    assert_same([two], [one], "one thread against two")
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    exact = a.astype(wide) @ b.astype(wide)
    magnitude = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    assert_sum_bound(two, exact, magnitude * (2 if np.dtype(dtype).kind == "c" else 1), lhs_shape[-1])


@pytest.mark.parametrize("case", ["small", "few_rows", "batched"])
def test_dots_not_in_halves(case, halves, monkeypatch):
    """Too little work, fewer than 64 rows, batch dims."""
    lhs_shape, rhs_shape = (100, 48), (48, 80)
    text = None
    if case == "small":
        monkeypatch.setattr(dot_conv, "SPLIT_MATMUL_WORK", 100 * 48 * 80 + 1)
    elif case == "few_rows":  # k = 300: past the index-order depth, so BLAS sums it
        lhs_shape, rhs_shape = (63, 300), (300, 16)
    else:
        text = """func.func @main(%a: tensor<3x100x48xf32>, %b: tensor<3x48x80xf32>) -> tensor<3x100x80xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<3x100x48xf32>, tensor<3x48x80xf32>) -> tensor<3x100x80xf32>
  return %0 : tensor<3x100x80xf32>
}"""
        lhs_shape, rhs_shape = (3, 100, 48), (3, 48, 80)
    rng = np.random.default_rng(32)
    a, b = rng.standard_normal(lhs_shape).astype(np.float32), rng.standard_normal(rhs_shape).astype(np.float32)
    (got,) = interpret(text or _dot_text(lhs_shape, rhs_shape), a, b)
    assert halves == []
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert_sum_bound(got, exact, np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64), lhs_shape[-1])


# --- BLAS threads: one inside the interpreter's calls, the caller's setting kept outside -------

BLAS_PROBE = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @test.blas_threads(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"""


def _blas_threads() -> list:
    from threadpoolctl import threadpool_info

    counts = [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]
    assert counts, "threadpoolctl finds no BLAS library in this process"
    return counts


@pytest.fixture
def blas_probe():
    """A custom call recording the BLAS thread counts while the program runs; BLAS set to two
    threads outside (the caller's own setting, which every call must put back)."""
    from threadpoolctl import threadpool_limits

    from stablehlo_py.interpreter import register_custom_call, unregister_custom_call

    seen = []

    def probe(x):
        seen.append(_blas_threads())
        return x

    register_custom_call("test.blas_threads", probe)
    try:
        with threadpool_limits(2, user_api="blas"):
            yield seen
    finally:
        unregister_custom_call("test.blas_threads")


def test_blas_runs_on_one_thread_inside_a_call(blas_probe):
    outside = _blas_threads()
    assert all(count == 2 for count in outside)
    x = np.arange(2, dtype=np.float32)
    (r,) = interpret(BLAS_PROBE, x)
    np.testing.assert_array_equal(r, x)
    assert blas_probe == [[1] * len(outside)]
    assert _blas_threads() == outside  # put back


def test_blas_setting_is_put_back_after_grids_nested_calls_and_failures(blas_probe):
    from stablehlo_py.interpreter import InterpreterError, register_custom_call

    outside = _blas_threads()
    x = np.arange(2, dtype=np.float32)
    per_process = interpret(BLAS_PROBE, x, num_partitions=2)  # two threads, one call each
    assert len(per_process) == 2 and blas_probe == [[1] * len(outside)] * 2
    assert _blas_threads() == outside
    inner = stablehlo_py.compile(BLAS_PROBE, backend="interpreter")
    register_custom_call("test.nested", lambda v: inner(v)[0])  # a call inside a call
    nested = BLAS_PROBE.replace("@test.blas_threads", "@test.nested")
    blas_probe.clear()
    interpret(nested, x)
    assert blas_probe == [[1] * len(outside)] and _blas_threads() == outside

    def fail(v):
        raise RuntimeError("boom")

    register_custom_call("test.nested", fail)
    with pytest.raises(InterpreterError, match="boom"):
        interpret(nested, x)
    assert _blas_threads() == outside
