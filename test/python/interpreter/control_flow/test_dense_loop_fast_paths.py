"""Fast paths for loops of dense steps (an RNN as lax.scan), each against an independent oracle
(XLA, or numpy formulas in f64) and each checked to be taken (a spy) where it applies and not
taken where it does not:

- dot_general by one np.matmul with everything but the call fixed when the kernel is built
  (dot_conv._blas_dot): f32, f64, c64, c128 dots BLAS sums, over layouts (transposed operands,
  batch dimensions, several free and contracting dimensions), with infinities and NaN;
- broadcast_in_dim that only adds unit dimensions, as a reshape (data_movement._broadcaster);
- while loops counting a carry up to a constant whose body takes the dot of row i of a
  loop-invariant tensor: the dots of every row read computed by one matmul before the first
  iteration (loops._stack_row_dots), with the start index clamped as dynamic_slice clamps it.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_close, assert_same, export, run_both, xla, xla_run_text
from jax import lax

from stablehlo_py import interpreter
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.kernels import dot_conv
from stablehlo_py.interpreter.planning import loops

NAN, INF = np.nan, np.inf
BLAS_TYPES = [np.float32, np.float64, np.complex64, np.complex128]
ELEMENT = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.complex64): "complex<f32>",
           np.dtype(np.complex128): "complex<f64>", np.dtype(np.float16): "f16",
           np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.int32): "i32"}
TOLERANCE = {np.dtype(np.float32): 2e-5, np.dtype(np.complex64): 2e-5, np.dtype(np.float64): 1e-12,
             np.dtype(np.complex128): 1e-12}


def _name(dtype) -> str:
    return np.dtype(dtype).name


def _values(rng, dtype, shape):
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _spy(monkeypatch, module, name: str) -> list:
    """The results of every call of `module.name` while the test runs, in order."""
    results = []
    original = getattr(module, name)

    def spy(*args):
        result = original(*args)
        results.append(result)
        return result

    monkeypatch.setattr(module, name, spy)
    return results


@pytest.fixture
def blas_dots(monkeypatch):
    """The kernels dot_conv._blas_dot made (None where it declined)."""
    return _spy(monkeypatch, dot_conv, "_blas_dot")


@pytest.fixture
def always_blas(monkeypatch):
    """Every float dot summed by BLAS (no index-order sums), so small dots take the fast paths."""
    monkeypatch.setattr(dot_conv, "SEQUENTIAL_DEPTH", -1)


@pytest.fixture
def row_dots(monkeypatch):
    """The steps loops._stack_row_dots moved to the first iteration, per while loop prepared."""
    return _spy(monkeypatch, loops, "_stack_row_dots")


# --- dot_general: one np.matmul ---------------------------------------------------------------


# (lhs shape, rhs shape, lhs batch, rhs batch, lhs contracting, rhs contracting); the sizes put
# each dot beyond the index-order thresholds (contracting > SEQUENTIAL_DEPTH or work > WORK)
DOT_CASES = {
    "matrix": ((16, 300), (300, 24), (), (), (1,), (0,)),
    "lhs transposed": ((300, 16), (300, 24), (), (), (0,), (0,)),
    "rhs transposed": ((16, 300), (24, 300), (), (), (1,), (1,)),
    "batch": ((3, 16, 300), (3, 300, 8), (0,), (0,), (2,), (1,)),
    "batch last": ((16, 300, 3), (300, 8, 3), (2,), (2,), (1,), (0,)),
    "several dims": ((4, 5, 20, 15), (15, 20, 6, 2), (), (), (2, 3), (1, 0)),
    "vector": ((300,), (300, 40), (), (), (0,), (0,)),
}


def _dot_oracle(a, b, lb, rb, lc, rc):
    """dot_general by its formula: numpy's einsum over explicit subscripts, in f64/c128."""
    letters = iter("abcdefghijklmnop")
    lhs, rhs = [None] * a.ndim, [None] * b.ndim
    for l_dim, r_dim in [*zip(lb, rb), *zip(lc, rc)]:
        lhs[l_dim] = rhs[r_dim] = next(letters)
    lhs = [c or next(letters) for c in lhs]
    rhs = [c or next(letters) for c in rhs]
    out = [lhs[d] for d in lb] + [c for d, c in enumerate(lhs) if d not in lb and d not in lc]
    out += [c for d, c in enumerate(rhs) if d not in rb and d not in rc]
    wide = np.complex128 if a.dtype.kind == "c" else np.float64
    return np.einsum(f"{''.join(lhs)},{''.join(rhs)}->{''.join(out)}", a.astype(wide), b.astype(wide))


def _dot_text(a, b, lb, rb, lc, rc, out_shape) -> str:
    t = ELEMENT[a.dtype]
    ty = lambda shape: f"tensor<{'x'.join(map(str, shape))}{'x' if shape else ''}{t}>"  # noqa: E731
    return f"""
func.func @main(%a: {ty(a.shape)}, %b: {ty(b.shape)}) -> {ty(out_shape)} {{
  %r = stablehlo.dot_general %a, %b, batching_dims = {list(lb)} x {list(rb)}, contracting_dims = {list(lc)} x {list(rc)}
      : ({ty(a.shape)}, {ty(b.shape)}) -> {ty(out_shape)}
  return %r : {ty(out_shape)}
}}""".replace("batching_dims = [] x [], ", "")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", BLAS_TYPES, ids=_name)
@pytest.mark.parametrize("case", sorted(DOT_CASES))
def test_blas_dot_matches_the_formula_and_xla(case, dtype, blas_dots):
    lhs_shape, rhs_shape, lb, rb, lc, rc = DOT_CASES[case]
    rng = np.random.default_rng(3)
    a, b = _values(rng, dtype, lhs_shape), _values(rng, dtype, rhs_shape)
    # an infinity and a NaN in one row, the others finite (complex: NaN only, since BLAS may
    # multiply complex infinities by another formula, the spec leaves that open)
    a.reshape(-1)[[1, 7]] = [NAN, NAN] if a.dtype.kind == "c" else [INF, NAN]
    want = _dot_oracle(a, b, lb, rb, lc, rc)
    text = _dot_text(a, b, lb, rb, lc, rc, want.shape)
    got = interpret(text, a, b)
    assert [k is not None for k in blas_dots] == [True], "the fast path was not taken"
    assert got[0].dtype == a.dtype and got[0].shape == want.shape
    tol = TOLERANCE[np.dtype(dtype)]
    assert_close(got, [want.astype(dtype)], rtol=tol, atol=tol * np.sqrt(lhs_shape[-1]), context=case)
    assert_close(got, xla_run_text(text, a, b), rtol=tol, atol=tol * np.sqrt(lhs_shape[-1]), context=case)


@pytest.mark.parametrize("why,lhs,rhs,result", [
    ("f16 accumulates in f32", "f16", "f16", "f16"),
    ("bf16", "bf16", "bf16", "bf16"),
    ("integers", "i32", "i32", "i32"),
    ("f32 operands, f64 result", "f32", "f32", "f64"),
    ("small: index order", "f32", "f32", "f32"),
])
def test_blas_dot_declines(why, lhs, rhs, result, blas_dots):
    k = 4 if why.startswith("small") else 300
    text = f"""
func.func @main(%a: tensor<16x{k}x{lhs}>, %b: tensor<{k}x8x{rhs}>) -> tensor<16x8x{result}> {{
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x{k}x{lhs}>, tensor<{k}x8x{rhs}>) -> tensor<16x8x{result}>
  return %r : tensor<16x8x{result}>
}}"""
    interpreter.compile(text)
    assert blas_dots == [None], why


# --- broadcast_in_dim adding unit dimensions only: a reshape ---------------------------------


@pytest.fixture
def broadcasts(monkeypatch):
    """Counts numpy's broadcast_to calls (the general broadcast_in_dim) while the spy is on:
    only around the interpreter, since XLA's side may call it too."""
    calls = []
    original = np.broadcast_to

    def spy(*args, **kwargs):
        calls.append(args[0].shape)
        return original(*args, **kwargs)

    return lambda run: (monkeypatch.setattr(np, "broadcast_to", spy), run(), monkeypatch.undo())[1], calls


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, ml_dtypes.bfloat16, np.int8, np.uint32,
                                   np.bool_, np.complex64], ids=_name)
@pytest.mark.parametrize("shape,dims,target", [
    ((16, 5), (1, 2), (1, 16, 5)),
    ((16, 5), (0, 2), (16, 1, 5)),
    ((5,), (1,), (1, 5, 1, 1)),
    ((), (), (1, 1)),
    ((3, 4), (2, 0), (4, 1, 3)),  # a transpose too
    ((2, 3, 4), (3, 0, 1), (3, 4, 1, 2)),
])
def test_broadcast_adding_unit_dims_matches_xla(shape, dims, target, dtype, broadcasts):
    rng = np.random.default_rng(1)
    if np.dtype(dtype).kind in "biu":
        x = rng.integers(0, 2 if dtype == np.bool_ else 100, shape).astype(dtype)
    else:
        x = _values(rng, np.complex128 if np.dtype(dtype).kind == "c" else np.float64, shape).astype(dtype)
        if x.size > 2:
            x.reshape(-1)[:3] = [INF, -0.0, NAN]
    fn = lambda v: lax.broadcast_in_dim(v, target, dims)  # noqa: E731
    text = export(fn, x)
    run, calls = broadcasts
    got = run(lambda: interpret(text, x))
    assert not calls, "broadcast_to ran: the reshape fast path was not taken"
    assert_same(got, xla(fn, x), f"{shape} {dims} {target}")
    # the formula: result[index] = x[index at dims]
    for index in np.ndindex(*target):
        assert _bits(got[0][index]) == _bits(x[tuple(index[d] for d in dims)])


def _bits(v):
    v = np.asarray(v)
    return "nan" if v.dtype.kind in "fcV" and np.isnan(v.astype(np.complex128)) else v.tobytes()


@pytest.mark.xla
@pytest.mark.parametrize("shape,dims,target", [((3,), (1,), (2, 3)), ((1, 3), (0, 1), (4, 3)), ((), (), (2,))])
def test_broadcast_that_repeats_keeps_broadcast_to(shape, dims, target, broadcasts):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    fn = lambda v: lax.broadcast_in_dim(v, target, dims)  # noqa: E731
    text = export(fn, x)
    run, calls = broadcasts
    got = run(lambda: interpret(text, x))
    assert calls, "a broadcast that repeats elements must not be a reshape"
    assert_same(got, xla(fn, x))
    assert_same(got, [np.broadcast_to(x.reshape([shape[list(dims).index(d)] if d in dims else 1
                                                 for d in range(len(target))]), target)])


# --- while: dots of row i of a loop-invariant tensor, stacked -------------------------------


def _row_loop(dtype, rows=8, m=3, k=5, n=4, limit=8, step=1, direction="LT", transposed=False,
              counter="i32", changing_x=False, counter_op="add") -> str:
    """acc = acc * 0.5 + dot(x[clamp(i)], w) for i from %i0 while i < limit (i += step), and the
    last row's dot: the accumulation makes the result depend on every row and its order."""
    t = ELEMENT[np.dtype(dtype)]
    row = f"{k}x{m}" if transposed else f"{m}x{k}"
    contract = "[0] x [0]" if transposed else "[1] x [0]"
    next_x = "%xs2 = stablehlo.multiply %xs, %xs : tensor<{rows}x{row}x{t}>".format(rows=rows, row=row, t=t) \
        if changing_x else ""
    return f"""
func.func @main(%x: tensor<{rows}x{row}x{t}>, %w: tensor<{k}x{n}x{t}>, %i0: tensor<{counter}>)
    -> (tensor<{m}x{n}x{t}>, tensor<{m}x{n}x{t}>, tensor<{counter}>) {{
  %zero = stablehlo.constant dense<(0.0, 0.0)> : tensor<{m}x{n}x{t}>
  %r:5 = stablehlo.while(%i = %i0, %acc = %zero, %last = %zero, %xs = %x, %ws = %w)
      : tensor<{counter}>, tensor<{m}x{n}x{t}>, tensor<{m}x{n}x{t}>, tensor<{rows}x{row}x{t}>, tensor<{k}x{n}x{t}>
  cond {{
    %limit = stablehlo.constant dense<{limit}> : tensor<{counter}>
    %go = stablehlo.compare {direction}, %i, %limit, SIGNED : (tensor<{counter}>, tensor<{counter}>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  }} do {{
    %c0 = stablehlo.constant dense<0> : tensor<{counter}>
    %s = stablehlo.dynamic_slice %xs, %i, %c0, %c0, sizes = [1, {row.replace('x', ', ')}]
        : (tensor<{rows}x{row}x{t}>, tensor<{counter}>, tensor<{counter}>, tensor<{counter}>) -> tensor<1x{row}x{t}>
    %xi = stablehlo.reshape %s : (tensor<1x{row}x{t}>) -> tensor<{row}x{t}>
    %d = stablehlo.dot_general %xi, %ws, contracting_dims = {contract}
        : (tensor<{row}x{t}>, tensor<{k}x{n}x{t}>) -> tensor<{m}x{n}x{t}>
    %half = stablehlo.constant dense<(0.5, 0.0)> : tensor<{m}x{n}x{t}>
    %scaled = stablehlo.multiply %acc, %half : tensor<{m}x{n}x{t}>
    %acc2 = stablehlo.add %scaled, %d : tensor<{m}x{n}x{t}>
    {next_x}
    %step = stablehlo.constant dense<{step}> : tensor<{counter}>
    %j = stablehlo.{counter_op} %i, %step : tensor<{counter}>
    stablehlo.return %j, %acc2, %d, {"%xs2" if changing_x else "%xs"}, %ws
        : tensor<{counter}>, tensor<{m}x{n}x{t}>, tensor<{m}x{n}x{t}>, tensor<{rows}x{row}x{t}>, tensor<{k}x{n}x{t}>
  }}
  return %r#1, %r#2, %r#0 : tensor<{m}x{n}x{t}>, tensor<{m}x{n}x{t}>, tensor<{counter}>
}}""".replace("dense<(0.0, 0.0)>", "dense<0.0>" if t[0] != "c" else "dense<(0.0, 0.0)>").replace(
        "dense<(0.5, 0.0)>", "dense<0.5>" if t[0] != "c" else "dense<(0.5, 0.0)>")


def _row_loop_oracle(x, w, i0, limit, transposed=False, step=1):
    """The loop by its formula in f64/c128: dynamic_slice clamps the row index into the tensor."""
    wide = np.complex128 if x.dtype.kind == "c" else np.float64
    x, w = x.astype(wide), w.astype(wide)
    m, n = (x.shape[2] if transposed else x.shape[1]), w.shape[1]
    acc = last = np.zeros((m, n), wide)
    i = int(i0)
    while i < limit:
        row = x[min(max(i, 0), len(x) - 1)]
        last = (row.T if transposed else row) @ w
        acc = acc * 0.5 + last
        i += step
    return acc, last, i


@pytest.mark.xla
@pytest.mark.parametrize("dtype", BLAS_TYPES, ids=_name)
@pytest.mark.parametrize("transposed", [False, True], ids=["rows", "transposed rows"])
@pytest.mark.parametrize("i0,limit", [(0, 8), (2, 6), (-3, 5), (-4, 12), (5, 40), (7, 8), (9, 12), (8, 8), (-20, -10)])
def test_row_dots_match_the_formula_and_xla(i0, limit, transposed, dtype, always_blas, row_dots):
    rng = np.random.default_rng(11)
    rows, m, k, n = 8, 3, 5, 4
    x = _values(rng, dtype, (rows, k, m) if transposed else (rows, m, k))
    w = _values(rng, dtype, (k, n))
    text = _row_loop(dtype, rows, m, k, n, limit=limit, transposed=transposed)
    run = interpreter.compile(text)
    assert len(row_dots) == 1 and len(row_dots[0]) == 1, "the row dots were not stacked"
    start = np.int32(i0)
    got = run(x, w, start)
    want_acc, want_last, want_i = _row_loop_oracle(x, w, i0, limit, transposed)
    tol = TOLERANCE[np.dtype(dtype)]
    assert_close(got[:2], [want_acc.astype(dtype), want_last.astype(dtype)], rtol=tol, atol=tol, context="formula")
    assert int(got[2]) == want_i
    assert_close(got[:2], xla_run_text(text, x, w, start)[:2], rtol=tol, atol=tol, context="XLA")


def test_row_dots_with_another_start_in_the_same_plan(always_blas, row_dots):
    """The rows are chosen per call, from that call's start: one plan, several starts."""
    rng = np.random.default_rng(2)
    x, w = _values(rng, np.float32, (8, 3, 5)), _values(rng, np.float32, (5, 4))
    run = interpreter.compile(_row_loop(np.float32, limit=6))
    assert [len(first) for first in row_dots] == [1]
    for i0 in (3, -2, 5, 0, 7, 6):
        got = run(x, w, np.int32(i0))
        want = _row_loop_oracle(x, w, i0, 6)
        assert_close(got[:2], [v.astype(np.float32) for v in want[:2]], rtol=2e-5, atol=2e-5, context=str(i0))


@pytest.mark.xla
def test_rnn_scan_matches_xla(row_dots):
    """The benchmark's RNN (bench/bench_loops.py) at full size: x_t @ W stacked, h @ U not."""
    rng = np.random.default_rng(0)
    steps, batch, width, hidden = 12, 16, 256, 256
    h0 = rng.standard_normal((batch, hidden)).astype(np.float32)
    xs = rng.standard_normal((steps, batch, width)).astype(np.float32)
    w = (rng.standard_normal((width, hidden)) / 16).astype(np.float32)
    u = (rng.standard_normal((hidden, hidden)) / 16).astype(np.float32)
    b = rng.standard_normal(hidden).astype(np.float32)

    def rnn(h0, xs, w, u, b):
        def cell(h, x):
            h = lax.tanh(x @ w + h @ u + b)
            return h, h
        return lax.scan(cell, h0, xs)

    got, want = run_both(rnn, h0, xs, w, u, b)
    assert [len(first) for first in row_dots] == [1], "x_t @ W was not stacked"
    assert_close(got, want, rtol=1e-5, atol=1e-5)
    # and the formula, in f64
    h, hs = h0.astype(np.float64), []
    for x in xs.astype(np.float64):
        h = np.tanh(x @ w + h @ u + b)
        hs.append(h)
    assert_close(got, [h.astype(np.float32), np.array(hs, np.float32)], rtol=1e-5, atol=1e-5)


@pytest.mark.xla
@pytest.mark.parametrize("why,kwargs", [
    ("the counter steps by 2", dict(step=2)),
    ("the loop runs while i <= limit", dict(direction="LE")),
    ("the tensor changes in the loop", dict(changing_x=True)),
    ("the counter is unsigned", dict(counter="ui32")),
    ("f16 dots convert", dict(dtype=np.float16)),
])
def test_row_dots_not_stacked(why, kwargs, always_blas, row_dots):
    dtype = kwargs.pop("dtype", np.float32)
    step = kwargs.get("step", 1)
    limit = 7
    text = _row_loop(dtype, limit=limit, **kwargs).replace("SIGNED", "UNSIGNED" if kwargs.get("counter") else "SIGNED")
    run = interpreter.compile(text)
    assert row_dots == [()], why
    rng = np.random.default_rng(4)
    x = _values(rng, np.float64, (8, 3, 5)).astype(dtype) / 2
    w = _values(rng, np.float64, (5, 4)).astype(dtype) / 2
    start = np.array(1, np.uint32 if kwargs.get("counter") else np.int32)
    got = run(x, w, start)
    want = xla_run_text(text, x, w, start)
    tol = 1e-2 if dtype == np.float16 else 2e-5
    assert_close(got[:2], want[:2], rtol=tol, atol=tol, context=why)
    if not kwargs.get("changing_x"):
        inclusive = kwargs.get("direction") == "LE"
        acc, last, _ = _row_loop_oracle(x, w, 1, limit + inclusive, step=step)
        assert_close(got[:2], [acc.astype(dtype), last.astype(dtype)], rtol=tol, atol=tol, context=why)


@pytest.mark.xla
def test_row_dots_not_stacked_when_the_counter_counts_down(always_blas, row_dots):
    """i8 counter, i = i - 1 while i < 7: from 2 down to -128, then 127 (wrapped) ends the loop;
    rows 2, 1, 0, 0, ... are read, below the start."""
    text = _row_loop(np.float32, limit=7, counter="i8", counter_op="subtract")
    rng = np.random.default_rng(8)
    x, w = _values(rng, np.float32, (8, 3, 5)), _values(rng, np.float32, (5, 4))
    start = np.int8(2)
    got = interpret(text, x, w, start)
    assert row_dots == [()]
    acc = last = np.zeros((3, 4))
    for i in [*range(2, -129, -1)]:
        last = x[max(i, 0)].astype(np.float64) @ w
        acc = acc * 0.5 + last
    assert_close(got[:2], [acc.astype(np.float32), last.astype(np.float32)], rtol=2e-5, atol=2e-5)
    assert int(got[2]) == 127
    assert_close(got[:2], xla_run_text(text, x, w, start)[:2], rtol=2e-5, atol=2e-5)


@pytest.mark.xla
def test_row_dots_keep_a_slice_other_steps_read(always_blas, row_dots):
    """The row the dot reads is also a result: the slice stays in the loop."""
    text = """
func.func @main(%x: tensor<6x2x3xf32>, %w: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %a0 = stablehlo.constant dense<0.0> : tensor<2x4xf32>
  %r0 = stablehlo.constant dense<0.0> : tensor<2x3xf32>
  %r:3 = stablehlo.while(%i = %zero, %acc = %a0, %row = %r0) : tensor<i32>, tensor<2x4xf32>, tensor<2x3xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %s = stablehlo.dynamic_slice %x, %i, %zero, %zero, sizes = [1, 2, 3] : (tensor<6x2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x3xf32>
    %xi = stablehlo.reshape %s : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    %d = stablehlo.dot_general %xi, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %acc2 = stablehlo.subtract %d, %acc : tensor<2x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %acc2, %xi : tensor<i32>, tensor<2x4xf32>, tensor<2x3xf32>
  }
  return %r#1, %r#2 : tensor<2x4xf32>, tensor<2x3xf32>
}"""
    rng = np.random.default_rng(9)
    x, w = _values(rng, np.float32, (6, 2, 3)), _values(rng, np.float32, (3, 4))
    got = interpret(text, x, w)
    assert [len(first) for first in row_dots] == [1]
    acc = np.zeros((2, 4))
    for row in x.astype(np.float64):
        acc = row @ w - acc
    assert_close(got, [acc.astype(np.float32), x[-1]], rtol=1e-5, atol=1e-5)
    assert_close(got, xla_run_text(text, x, w), rtol=1e-5, atol=1e-5)


@pytest.mark.xla
def test_two_row_dots_of_one_row(always_blas, row_dots):
    """Two dots of the same row, of other layouts (w2 transposed): each its own product."""
    text = """
func.func @main(%x: tensor<6x3x5xf32>, %w1: tensor<5x4xf32>, %w2: tensor<2x5xf32>) -> (tensor<3x4xf32>, tensor<3x2xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %a0 = stablehlo.constant dense<0.0> : tensor<3x4xf32>
  %b0 = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %r:3 = stablehlo.while(%i = %zero, %a = %a0, %b = %b0) : tensor<i32>, tensor<3x4xf32>, tensor<3x2xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %s = stablehlo.dynamic_slice %x, %i, %zero, %zero, sizes = [1, 3, 5] : (tensor<6x3x5xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x5xf32>
    %xi = stablehlo.reshape %s : (tensor<1x3x5xf32>) -> tensor<3x5xf32>
    %d1 = stablehlo.dot_general %xi, %w1, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
    %d2 = stablehlo.dot_general %xi, %w2, contracting_dims = [1] x [1] : (tensor<3x5xf32>, tensor<2x5xf32>) -> tensor<3x2xf32>
    %a2 = stablehlo.subtract %d1, %a : tensor<3x4xf32>
    %b2 = stablehlo.subtract %d2, %b : tensor<3x2xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %a2, %b2 : tensor<i32>, tensor<3x4xf32>, tensor<3x2xf32>
  }
  return %r#1, %r#2 : tensor<3x4xf32>, tensor<3x2xf32>
}"""
    rng = np.random.default_rng(12)
    x, w1, w2 = (_values(rng, np.float32, shape) for shape in ((6, 3, 5), (5, 4), (2, 5)))
    got = interpret(text, x, w1, w2)
    assert [len(first) for first in row_dots] == [2]
    a, b = np.zeros((3, 4)), np.zeros((3, 2))
    for row in x.astype(np.float64):
        a, b = row @ w1 - a, row @ w2.T - b
    assert_close(got, [a.astype(np.float32), b.astype(np.float32)], rtol=1e-5, atol=1e-5)
    assert_close(got, xla_run_text(text, x, w1, w2), rtol=1e-5, atol=1e-5)


@pytest.mark.xla
@pytest.mark.parametrize("counter,dtype,i0,limit", [
    ("i8", np.int8, -128, 127), ("i8", np.int8, 120, 127), ("i16", np.int16, -5, 3), ("i64", np.int64, -(2**40), -(2**40) + 3),
    ("i64", np.int64, 2**62, 2**62 + 2), ("i32", np.int32, 2**31 - 3, 2**31 - 1), ("i32", np.int32, 3, 3),
])
def test_counted_loops_of_other_counters(counter, dtype, i0, limit, always_blas, row_dots):
    """The condition `i < limit` of a counted loop is compared without cond's plan, and the rows
    stacked, for every signed counter type, up to the largest limit (i never wraps)."""
    rng = np.random.default_rng(6)
    x, w = _values(rng, np.float32, (8, 3, 5)), _values(rng, np.float32, (5, 4))
    text = _row_loop(np.float32, limit=limit, counter=counter)
    start = np.array(i0, dtype)
    got = interpret(text, x, w, start)
    assert [len(first) for first in row_dots] == [1]
    acc, last, i = _row_loop_oracle(x, w, i0, limit)
    assert_close(got[:2], [acc.astype(np.float32), last.astype(np.float32)], rtol=2e-5, atol=2e-5)
    assert got[2].dtype == dtype and int(got[2]) == i
    want = xla_run_text(text, x, w, start)
    assert_close(got[:2], want[:2], rtol=2e-5, atol=2e-5)
    assert_same(got[2:], want[2:])


@pytest.mark.parametrize("limits,stacked", [
    (None, True), ({"max_value_bytes": None, "max_total_bytes": None}, True),
    ({"max_value_bytes": 1919}, False), ({"max_total_bytes": 4 * 1920 - 4}, False),
    ({"max_value_bytes": 1920, "max_total_bytes": 4 * 1920}, True),
])
def test_row_dots_within_memory_limits(limits, stacked, always_blas, row_dots):
    """The product (8 rows of 3x20 f32: 1920 bytes, more than any value of the program) is a
    value of its own: stacked within the limits only."""
    rng = np.random.default_rng(10)
    x, w = _values(rng, np.float32, (8, 3, 2)), _values(rng, np.float32, (2, 20))
    run = interpreter.compile(_row_loop(np.float32, limit=8, k=2, n=20), limits=limits)
    assert [len(first) for first in row_dots] == [1 if stacked else 0]
    got = run(x, w, np.int32(0))
    acc, last, _ = _row_loop_oracle(x, w, 0, 8)
    assert_close(got[:2], [acc.astype(np.float32), last.astype(np.float32)], rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("stacked_bytes,stacked", [(1919, False), (1920, True)])
def test_row_dots_product_size_bound(stacked_bytes, stacked, monkeypatch, always_blas, row_dots):
    """A product larger than STACKED_BYTES and than 4x X (here 1920 > 4 * 192 bytes) stays per
    iteration."""
    monkeypatch.setattr(loops, "STACKED_BYTES", stacked_bytes)
    rng = np.random.default_rng(13)
    x, w = _values(rng, np.float32, (8, 3, 2)), _values(rng, np.float32, (2, 20))
    run = interpreter.compile(_row_loop(np.float32, limit=8, k=2, n=20))
    assert [len(first) for first in row_dots] == [1 if stacked else 0]
    got = run(x, w, np.int32(-1))
    acc, last, _ = _row_loop_oracle(x, w, -1, 8)
    assert_close(got[:2], [acc.astype(np.float32), last.astype(np.float32)], rtol=2e-5, atol=2e-5)
