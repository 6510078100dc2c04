"""Large f32/f64 products on the compiled backend call the native gemm kernel
(lib/Runtime/NativeKernels.cpp, the lowering's library-contractions): numpy's own BLAS, as
the interpreter's np.matmul, so the bits are the interpreter's; the layouts BLAS cannot take
(and, without a BLAS, every product) go through the kernel's own loops. The interpreter is
the reference; a float64 einsum bounds both."""

from __future__ import annotations

import re

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import interpret
from stablehlo_py.lowering import lower

from conftest import assert_same
from testing.dots import both_backends, dot_general_program


def _dot(lhs, rhs, out, dims, dtype):
    return dot_general_program(lhs, rhs, out, dims, {np.float32: "f32", np.float64: "f64"}[dtype])


# (lhs shape, rhs shape, result shape, dimension numbers, einsum of the same product)
CASES = {
    "plain": ((40, 300), (300, 24), (40, 24), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "lhs_transposed": ((300, 40), (300, 24), (40, 24), "contracting_dims = [0] x [0]", "km,kn->mn"),
    "rhs_transposed": ((40, 300), (24, 300), (40, 24), "contracting_dims = [1] x [1]", "mk,nk->mn"),
    "batched": ((3, 40, 300), (3, 300, 24), (3, 40, 24),
                "batching_dims = [0] x [0], contracting_dims = [2] x [1]", "bmk,bkn->bmn"),
    "batch_in_the_middle": ((40, 3, 300), (300, 24, 3), (3, 40, 24),
                            "batching_dims = [1] x [2], contracting_dims = [2] x [0]", "mbk,knb->bmn"),
    "two_contracting": ((6, 20, 30), (20, 30, 5), (6, 5), "contracting_dims = [1, 2] x [0, 1]", "mpq,pqn->mn"),
    "two_free": ((4, 5, 260), (260, 3, 2), (4, 5, 3, 2), "contracting_dims = [2] x [0]", "abk,kcd->abcd"),
    # many outputs, few contracting indices: above the work threshold, not the depth one
    "wide": ((600, 8), (8, 600), (600, 600), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    # the interpreter's two halves of rows (no batch dimensions, >= 64 rows, >= 2^24 products)
    "halves": ((300, 300), (300, 200), (300, 200), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "halves_uneven": ((517, 260), (260, 130), (517, 130), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    # its two halves of columns (fewer than 64 rows, >= 32 columns): 2^19 to 2^21 products on
    # one thread, from 2^24 on the pool; the rhs a view, as it is or transposed
    "column_halves": ((16, 256), (256, 256), (16, 256), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "column_halves_uneven": ((10, 300), (300, 200), (10, 200), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "column_halves_rhs_transposed": ((16, 256), (200, 256), (16, 200), "contracting_dims = [1] x [1]",
                                     "mk,nk->mn"),
    "column_halves_pool": ((40, 1024), (1024, 420), (40, 420), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    # >= 64 rows and 2^24 products, more columns than rows: halves of columns, on the pool
    "wide_halves": ((80, 700), (700, 330), (80, 330), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "wide_halves_lhs_transposed": ((1000, 64), (1000, 270), (64, 270), "contracting_dims = [0] x [0]",
                                   "km,kn->mn"),
    # roles of several dimensions out of role order: the operand as it is, each matrix copied
    # row-major by the kernel (flags bits 14, 15) as the interpreter's reshape copies it
    "attention_scores": ((2, 4, 128, 64), (2, 4, 128, 64), (2, 4, 128, 128),
                         "batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3]", "bhqd,bhkd->bhqk"),
    "attention_scores_uneven": ((2, 3, 37, 70), (2, 3, 45, 70), (2, 3, 37, 45),
                                "batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3]", "bhqd,bhkd->bhqk"),
    "lhs_contracting_first": ((2, 3, 70, 37), (2, 3, 70, 45), (2, 3, 37, 45),
                              "batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2]", "bhdq,bhdk->bhqk"),
    "both_copied": ((3, 2, 70, 37), (3, 2, 45, 70), (3, 2, 37, 45),
                    "batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [3]", "bhdq,bhkd->bhqk"),
    # batch dimensions apart: transposed into role order first
    "batch_not_a_run": ((3, 70, 2, 37), (3, 45, 2, 70), (3, 2, 37, 45),
                        "batching_dims = [0, 2] x [0, 2], contracting_dims = [1] x [3]", "bdhq,bkhd->bhqk"),
    # within the index-order sizes: the index-order kernel reads the operand as it is
    "attention_index_order": ((2, 2, 16, 8), (2, 2, 16, 8), (2, 2, 16, 16),
                              "batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3]", "bhqd,bhkd->bhqk"),
    # one query per head, its lhs (d, b, h): an empty role (no lhs free dimension), index order
    "one_query_per_head": ((64, 2, 4), (2, 4, 128, 64), (2, 4, 128),
                           "batching_dims = [1, 2] x [0, 1], contracting_dims = [0] x [3]", "dbh,bhkd->bhk"),
}


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_library_products_are_the_interpreters(case, dtype):
    lhs, rhs, out, dims, formula = CASES[case]
    got, exact, scale = both_backends(_dot(lhs, rhs, out, dims, dtype), lhs, rhs, formula, dtype, seed=len(case))
    eps = np.finfo(dtype).eps
    assert np.all(np.abs(got - exact) <= 2 * lhs[-1] * eps * scale + np.finfo(dtype).tiny), case


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
def test_edge_values_and_strided_operands(dtype):
    """NaN, infinities and signed zeros through BLAS, on an operand that is a strided slice of
    an argument (a layout BLAS cannot take: the kernel copies it)."""
    m, k, n = 70, 300, 66
    t = "f32" if dtype == np.float32 else "f64"
    text = f"""func.func @main(%a: tensor<{m}x{2 * k}x{t}>, %b: tensor<{k}x{n}x{t}>) -> tensor<{m}x{n}x{t}> {{
  %s = stablehlo.slice %a [0:{m}, 0:{2 * k}:2] : (tensor<{m}x{2 * k}x{t}>) -> tensor<{m}x{k}x{t}>
  %0 = stablehlo.dot_general %s, %b, contracting_dims = [1] x [0] : (tensor<{m}x{k}x{t}>, tensor<{k}x{n}x{t}>) -> tensor<{m}x{n}x{t}>
  return %0 : tensor<{m}x{n}x{t}>
}}"""
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((m, 2 * k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype)
    a[0, 0], a[1, 2], a[2, 4], b[3, 5] = np.nan, np.inf, -np.inf, -0.0
    (got,) = stablehlo_py.compile(text, backend="compiled")(a, b)
    assert_same([got], interpret(text, a, b))
    assert np.isnan(got[0]).all() and np.isinf(got[1]).all()  # a NaN row, an infinite one


def _backend_linalg(text: str) -> str:
    """The compiled backend's linalg-level module of `text`."""
    from stablehlo_py.lowering import compiled

    return str(compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False, compiled_backend=True))


def test_small_products_stay_in_index_order():
    """At or below the interpreter's index-order sizes (256 contracting indices, 2^18 products)
    the product is a loop nest summing in index order, as the interpreter's; one index more
    calls the kernel."""
    small = _dot((4, 256), (256, 3), (4, 3), "contracting_dims = [1] x [0]", np.float32)
    large = _dot((4, 257), (257, 3), (4, 3), "contracting_dims = [1] x [0]", np.float32)
    assert "__stablehlo_py_gemm" not in _backend_linalg(small)
    assert "call @__stablehlo_py_gemm_f32" in _backend_linalg(large)
    assert "__stablehlo_py_gemm" not in str(lower(large, to_llvm=False))  # the plain pass: no kernels
    rng = np.random.default_rng(3)
    for text, k in ((small, 256), (large, 257)):
        a, b = rng.standard_normal((4, k)).astype(np.float32), rng.standard_normal((k, 3)).astype(np.float32)
        assert_same(stablehlo_py.compile(text, backend="compiled")(a, b), interpret(text, a, b))


def test_column_halves_flag():
    """Bit 13 of the kernel's flags marks the interpreter's halves of columns (dot_conv._matmul_for):
    2^19 to 2^21 products or from 2^24, fewer than 64 rows, at least 32 columns."""
    flags = lambda m, k, n: [int(f) for f in re.findall(  # noqa: E731
        r"arith.constant (\d+) : i64", _backend_linalg(_dot((m, k), (k, n), (m, n), "contracting_dims = [1] x [0]",
                                                               np.float32)))]
    assert any(f & (1 << 13) for f in flags(16, 256, 256))
    assert not any(f & (1 << 13) for f in flags(16, 512, 512))  # 2^22: one call
    assert any(f & (1 << 13) for f in flags(40, 1024, 420))
    assert not any(f & (1 << 13) for f in flags(16, 256, 16))  # too few columns
    assert not any(f & (1 << 13) for f in flags(64, 256, 256))  # rows: one call (too little for halves of rows)
    # from 64 rows and 2^24 products: the halves of the wider side (columns where n > m)
    assert any(f & (1 << 13) and not f & 1 for f in flags(128, 784, 512))
    assert any(f & 1 and not f & (1 << 13) for f in flags(512, 256, 256))
    assert any(f & 1 and not f & (1 << 13) for f in flags(256, 256, 256))  # as many: rows
    # the interpreter's matmul for the same shapes (m, k, n)
    from stablehlo_py.interpreter.kernels import dot_conv
    assert dot_conv._matmul_for(128, 784, 512) is dot_conv._column_halves_matmul
    assert dot_conv._matmul_for(512, 256, 256) is dot_conv._halves_matmul
    assert dot_conv._matmul_for(256, 256, 256) is dot_conv._halves_matmul


# An RNN scan as lax.scan exports it (bench/bench_loops.py), inlined, the counter starting at %i0:
# h = tanh(x_t @ W + h @ U + b) for t from i0 while t < steps, each h stored at row t.
def _rnn(steps, batch, width, hidden, t="f32"):
    h, x, w, u = (f"tensor<{batch}x{hidden}x{t}>", f"tensor<{steps}x{batch}x{width}x{t}>",
                  f"tensor<{width}x{hidden}x{t}>", f"tensor<{hidden}x{hidden}x{t}>")
    hs, row = f"tensor<{steps}x{batch}x{hidden}x{t}>", f"tensor<{batch}x{width}x{t}>"
    return f"""func.func @main(%h0: {h}, %xs: {x}, %w: {w}, %u: {u}, %b: tensor<{hidden}x{t}>, %i0: tensor<i32>) -> {hs} {{
  %zero = stablehlo.constant dense<0.0> : tensor<{t}>
  %out = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<{t}>) -> {hs}
  %r:7 = stablehlo.while(%x = %xs, %wa = %w, %ua = %u, %ba = %b, %i = %i0, %h = %h0, %o = %out)
      : {x}, {w}, {u}, tensor<{hidden}x{t}>, tensor<i32>, {h}, {hs}
  cond {{
    %n = stablehlo.constant dense<{steps}> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  }} do {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.dynamic_slice %x, %i, %c0, %c0, sizes = [1, {batch}, {width}]
        : ({x}, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x{batch}x{width}x{t}>
    %xt = stablehlo.reshape %s : (tensor<1x{batch}x{width}x{t}>) -> {row}
    %xw = stablehlo.dot_general %xt, %wa, contracting_dims = [1] x [0] : ({row}, {w}) -> {h}
    %hu = stablehlo.dot_general %h, %ua, contracting_dims = [1] x [0] : ({h}, {u}) -> {h}
    %sum = stablehlo.add %xw, %hu : {h}
    %bb = stablehlo.broadcast_in_dim %ba, dims = [1] : (tensor<{hidden}x{t}>) -> {h}
    %pre = stablehlo.add %sum, %bb : {h}
    %next = stablehlo.tanh %pre : {h}
    %n3 = stablehlo.reshape %next : ({h}) -> tensor<1x{batch}x{hidden}x{t}>
    %o2 = stablehlo.dynamic_update_slice %o, %n3, %i, %c0, %c0 : ({hs}, tensor<1x{batch}x{hidden}x{t}>, tensor<i32>, tensor<i32>, tensor<i32>) -> {hs}
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %x, %wa, %ua, %ba, %i2, %next, %o2 : {x}, {w}, {u}, tensor<{hidden}x{t}>, tensor<i32>, {h}, {hs}
  }}
  return %r#6 : {hs}
}}"""


@pytest.mark.parametrize("shape,dtype", [((64, 16, 256, 256), np.float32), ((32, 3, 512, 512), np.float32),
                                         ((8, 4, 300, 200), np.float32), ((16, 8, 512, 128), np.float32),
                                         ((12, 6, 300, 100), np.float64)], ids=str)
def test_rnn_scan_is_the_interpreters(shape, dtype):
    """x_t @ W of a counted loop is one product of rows 0 .. steps - 1 before the loop, as the
    interpreter stacks it (loops._stack_row_dots; one call on many rows can differ from per-step
    calls in the last bits: (32, 3, 512, 512) did, 32802 elements), h @ U one call per step (in
    halves of columns where the interpreter's are); from any start, even none."""
    steps, batch, width, hidden = shape
    text = _rnn(steps, batch, width, hidden, "f32" if dtype == np.float32 else "f64")
    linalg = _backend_linalg(text)
    assert linalg.index("call @__stablehlo_py_gemm") < linalg.index("scf.while"), "x_t @ W is not before the loop"
    rng = np.random.default_rng(steps)
    args = [rng.standard_normal((batch, hidden)), rng.standard_normal((steps, batch, width)),
            rng.standard_normal((width, hidden)) / 16, rng.standard_normal((hidden, hidden)) / 16,
            rng.standard_normal(hidden)]
    args = [a.astype(dtype) for a in args]
    run, reference = stablehlo_py.compile(text, backend="compiled"), stablehlo_py.compile(text, backend="interpreter")
    for i0 in (0, 3, -2, steps):
        got = run(*args, np.int32(i0))
        assert_same(got, reference(*args, np.int32(i0)), f"i0 = {i0}")
        # and the formula in f64, within rounding
        h, want = args[0].astype(np.float64), np.zeros((steps, batch, hidden))
        for i in range(i0, steps):
            h = np.tanh(args[1][max(i, 0)] @ args[2].astype(np.float64) + h @ args[3] + args[4])
            want[max(i, 0)] = h
        assert np.allclose(got[0], want, rtol=1e-4, atol=1e-4), f"i0 = {i0}"
