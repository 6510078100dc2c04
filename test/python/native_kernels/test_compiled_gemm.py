"""Large f32/f64 products on the compiled backend call the native gemm kernel
(lib/Runtime/NativeKernels.cpp, the lowering's library-contractions): numpy's own BLAS, as
the interpreter's np.matmul, so the bits are the interpreter's; the layouts BLAS cannot take
(and, without a BLAS, every product) go through the kernel's own loops. The interpreter is
the reference; a float64 einsum bounds both."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import interpret
from stablehlo_py.lowering import lower

from conftest import assert_same


def _dot(lhs, rhs, out, dims, dtype):
    t = {np.float32: "f32", np.float64: "f64"}[dtype]
    shape = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{t}>"  # noqa: E731
    return f"""func.func @main(%a: {shape(lhs)}, %b: {shape(rhs)}) -> {shape(out)} {{
  %0 = stablehlo.dot_general %a, %b, {dims} : ({shape(lhs)}, {shape(rhs)}) -> {shape(out)}
  return %0 : {shape(out)}
}}"""


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
}


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_library_products_are_the_interpreters(case, dtype):
    lhs, rhs, out, dims, formula = CASES[case]
    text = _dot(lhs, rhs, out, dims, dtype)
    rng = np.random.default_rng(len(case))
    a, b = rng.standard_normal(lhs).astype(dtype), rng.standard_normal(rhs).astype(dtype)
    (got,) = stablehlo_py.compile(text, backend="compiled")(a, b)
    assert_same([got], interpret(text, a, b), case)
    exact = np.einsum(formula, a.astype(np.float64), b.astype(np.float64))
    scale = np.einsum(formula, np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
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
