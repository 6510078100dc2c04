"""The native index-order kernel (lib/Runtime/NativeKernels.h, `matmul_index_order`): every
element summed from 0 over the contracting index in order, each product rounded before its add
(no fused multiply-add), vectorized over the columns. The interpreter's _matmul calls it for
f32/f64 products within its index-order sizes, the compiled backend for those of at least 2^12
multiply-adds. Oracles: the index-order loop written here with numpy (bit for bit, NaN matching
NaN) and a float64 einsum (within the sum's rounding bound)."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import _stablehlo
from stablehlo_py.interpreter import interpret
from stablehlo_py.lowering import kernels

from conftest import assert_same
from testing.dots import both_backends, dot_general_program


def _index_order(a, b):
    """sum_p a[..., :, p] * b[..., p, :] from 0, p in order, products rounded (numpy's multiply
    then add, never fused)."""
    out = np.zeros(a.shape[:-1] + b.shape[-1:], a.dtype)
    with np.errstate(all="ignore"):  # the special values' overflows and NaNs
        for p in range(a.shape[-1]):
            out += np.multiply(a[..., :, p:p + 1], b[..., p:p + 1, :])
    return out


def _kernel(a, b, out=None):
    """The kernel on rank-3 arrays of any strides (multiples of the element size)."""
    (batches, m, k), n, size = a.shape, b.shape[-1], a.itemsize
    if out is None:
        out = np.empty((batches, m, n), a.dtype)
    strides = [s // size for x in (a, b, out) for s in x.strides]
    _stablehlo.matmul_index_order(size, a.ctypes.data, b.ctypes.data, out.ctypes.data,
                                  [batches, m, n, k], strides)
    return out


def _bound(a, b, got):
    """|got - exact| within the index-order sum's rounding bound, exact in float64."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    exact, scale = a64 @ b64, np.abs(a64) @ np.abs(b64)
    eps, k = np.finfo(a.dtype).eps, a.shape[-1]
    assert np.all(np.abs(got - exact) <= (k + 1) * eps * scale + np.finfo(a.dtype).tiny)


# (batches, m, k, n): the lane widths' tails (16/8/4 lanes and single columns), one-row and
# one-column products, an empty sum, and batches large enough for the thread pool; rows left
# over from blocks of four taking 8, 2 and 1 vectors of columns at a time (a one-row product of
# 200 and 6 rows of 301 columns)
SHAPES = [(1, 1, 1, 1), (3, 5, 7, 9), (2, 16, 32, 16), (1, 64, 64, 64), (5, 17, 3, 33),
          (4, 1, 40, 31), (4, 31, 40, 1), (2, 3, 0, 5), (300, 16, 32, 16), (40, 9, 70, 23),
          (2, 1, 50, 200), (3, 6, 20, 301)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_kernel_is_the_index_order_loop(shape, dtype):
    batches, m, k, n = shape
    rng = np.random.default_rng(sum(shape))
    a = rng.standard_normal((batches, m, k)).astype(dtype)
    b = rng.standard_normal((batches, k, n)).astype(dtype)
    got = _kernel(a, b)
    assert_same([got], [_index_order(a, b)], str(shape))
    _bound(a, b, got)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
def test_strided_operands_and_result(dtype):
    """Transposed, flipped and sliced operands (B's columns not contiguous: the kernel copies
    it), and a result whose columns step by 2 (written from a row-major copy)."""
    rng = np.random.default_rng(3)
    batches, m, k, n = 6, 13, 24, 19
    a = rng.standard_normal((batches, k, m)).astype(dtype).swapaxes(1, 2)[::-1]
    b = rng.standard_normal((batches, n, 2 * k)).astype(dtype)[:, :, ::2].swapaxes(1, 2)
    out = np.zeros((batches, m, 2 * n), dtype)
    _kernel(a, b, out[:, :, ::2])
    assert_same([out[:, :, ::2]], [_index_order(a, b)])
    assert not out[:, :, 1::2].any()  # nothing written between the result's columns


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
def test_special_values(dtype):
    """NaN, infinities (inf - inf is NaN), signed zeros (a sum of -0.0 products is +0.0, from
    the init), subnormals, overflow: as the loop gives them, lane by lane."""
    info = np.finfo(dtype)
    rng = np.random.default_rng(5)
    batches, m, k, n = 3, 8, 12, 37
    a = rng.standard_normal((batches, m, k)).astype(dtype)
    b = rng.standard_normal((batches, k, n)).astype(dtype)
    a[0, 0, 3], a[0, 1, 4], a[0, 2, 5] = np.nan, np.inf, -np.inf
    b[0, 5, :] = np.inf  # with a[0, 2, 5] = -inf and a[0, 1, 4] = inf: -inf, and NaN via b[0, 4]
    b[0, 4, :] = -np.inf
    a[1] = -0.0  # every product a signed zero
    b[1, :, ::2] = -b[1, :, ::2]
    a[2, 0, :] = info.max
    a[2, 1, :] = info.smallest_subnormal
    a[2, 2, :] = info.tiny
    got = _kernel(a, b)
    assert_same([got], [_index_order(a, b)])
    assert not np.signbit(got[1]).any()  # +0.0 + (-0.0) is +0.0
    assert np.isnan(got[0, 0]).all()


def test_kernel_refuses_other_element_sizes():
    with pytest.raises(ValueError, match="element size 4 or 8"):
        _stablehlo.matmul_index_order(2, 0, 0, 0, [1, 1, 1, 1], [0] * 9)


def test_thread_count_changes_no_bit():
    rng = np.random.default_rng(9)
    a = rng.standard_normal((512, 16, 32)).astype(np.float32)
    b = rng.standard_normal((512, 32, 16)).astype(np.float32)
    try:
        kernels.set_thread_count(1)
        alone = _kernel(a, b)
    finally:
        kernels.set_thread_count(0)
    assert_same([_kernel(a, b)], [alone])


# index-order products on both backends, most through the kernel (>= 2^12 multiply-adds)
DOTS = {
    "batched": ((8, 16, 32), (8, 32, 16), (8, 16, 16),
                "batching_dims = [0] x [0], contracting_dims = [2] x [1]", "bmk,bkn->bmn"),
    "square": ((64, 64), (64, 64), (64, 64), "contracting_dims = [1] x [0]", "mk,kn->mn"),
    "lhs_transposed": ((40, 24), (40, 30), (24, 30), "contracting_dims = [0] x [0]", "km,kn->mn"),
    "rhs_transposed": ((24, 40), (30, 40), (24, 30), "contracting_dims = [1] x [1]", "mk,nk->mn"),
    "batch_in_the_middle": ((20, 3, 30), (30, 17, 3), (3, 20, 17),
                            "batching_dims = [1] x [2], contracting_dims = [2] x [0]", "mbk,knb->bmn"),
    "two_contracting": ((6, 20, 10), (20, 10, 5), (6, 5), "contracting_dims = [1, 2] x [0, 1]",
                        "mpq,pqn->mn"),
    "vector": ((64, 128), (128,), (64,), "contracting_dims = [1] x [0]", "mk,k->m"),
    "below_the_kernel": ((4, 8), (8, 8), (4, 8), "contracting_dims = [1] x [0]", "mk,kn->mn"),
}


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(DOTS))
def test_backends_agree_in_index_order(case, dtype):
    lhs, rhs, out, dims, formula = DOTS[case]
    text = dot_general_program(lhs, rhs, out, dims, "f32" if dtype == np.float32 else "f64")
    got, exact, scale = both_backends(text, lhs, rhs, formula, dtype, seed=len(case))
    bound = 257 * np.finfo(dtype).eps * scale + np.finfo(dtype).tiny  # k <= 256 in index order
    assert np.all(np.abs(got - exact) <= bound), case


def test_interpreter_dot_is_the_index_order_loop():
    """The interpreter's batched dot (through the kernel) is the numpy loop's, bit for bit."""
    lhs, rhs, out, dims, _ = DOTS["batched"]
    rng = np.random.default_rng(11)
    a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(rhs).astype(np.float32)
    assert_same(interpret(dot_general_program(lhs, rhs, out, dims, "f32"), a, b), [_index_order(a, b)])


# Above the index-order sizes (more than 256 contracting indices), products that numpy's matmul
# gives to gemv or dot rather than gemm (a 1 among m and n): (lhs, rhs, out, dims)
MATRIX_VECTOR = {
    "row": ((1, 512), (512, 128), (1, 128), "contracting_dims = [1] x [0]"),
    "column": ((96, 300), (300, 1), (96, 1), "contracting_dims = [1] x [0]"),
    "batched_rows": ((2, 1, 300), (2, 300, 40), (2, 1, 40),
                     "batching_dims = [0] x [0], contracting_dims = [2] x [1]"),
}


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(MATRIX_VECTOR))
def test_compiled_matrix_vector_products_sum_in_index_order(case, dtype):
    """The compiled backend sums them in index order, as its loop nest did, through the kernel:
    the numpy loop's bits (the interpreter's gemv is within the rounding bound, in its own
    order)."""
    lhs, rhs, out, dims = MATRIX_VECTOR[case]
    text = dot_general_program(lhs, rhs, out, dims, "f32" if dtype == np.float32 else "f64")
    rng = np.random.default_rng(len(case))
    a, b = rng.standard_normal(lhs).astype(dtype), rng.standard_normal(rhs).astype(dtype)
    (got,) = stablehlo_py.compile(text, backend="compiled")(a, b)
    assert_same([got], [_index_order(a, b)])
    _bound(a, b, got)
    _bound(a, b, stablehlo_py.interpret(text, a, b)[0])


# Batches of small matrices (issue 36): f32/f64 products of at most SEQUENTIAL_MATRIX_WORK (2^13)
# products per matrix sum in index order whatever the batch count, on both backends; one product
# more per matrix and past SEQUENTIAL_WORK in all, BLAS. (batches, m, k, n, index order)
BATCHES = {
    "bench": (4096, 16, 32, 16, True),  # 2^13 per matrix, 2^25 in all
    "at_the_bound": (64, 32, 16, 16, True),  # 2^13 per matrix, 2^19 in all
    "past_the_bound": (64, 16, 33, 16, False),
    "attention_like": (8, 128, 64, 128, False),  # 2^20 per matrix: BLAS, as before
}


def _compiled_kernels(text: str) -> str:
    from stablehlo_py.lowering import compiled

    return str(compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False, compiled_backend=True))


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(BATCHES))
def test_batches_of_small_matrices_sum_in_index_order(case, dtype):
    """Index order (the numpy loop's bits) within the bound per matrix, BLAS beyond it; the compiled
    backend calls the same kernel and gives the interpreter's bits either way."""
    batches, m, k, n, index_order = BATCHES[case]
    element = "f32" if dtype == np.float32 else "f64"
    text = dot_general_program((batches, m, k), (batches, k, n), (batches, m, n),
                               "batching_dims = [0] x [0], contracting_dims = [2] x [1]", element)
    rng = np.random.default_rng(batches + k)
    a, b = rng.standard_normal((batches, m, k)).astype(dtype), rng.standard_normal((batches, k, n)).astype(dtype)
    (ours,) = interpret(text, a, b)
    assert_same([stablehlo_py.compile(text, backend="compiled")(a, b)[0]], [ours])
    linalg = _compiled_kernels(text)
    assert (f"call @__stablehlo_py_matmul_index_order_{element}" in linalg) == index_order, case
    assert (f"call @__stablehlo_py_gemm_{element}" in linalg) != index_order, case
    if index_order:
        assert_same([ours], [_index_order(a, b)])
    _bound(a, b, ours)


def test_grouped_convolution_sums_each_group_in_index_order():
    """A depthwise convolution of 7056 products per group and 64 times that in all: the window
    summed in index order (positions in order, from 0), the same bits on both backends."""
    text = """func.func @main(%x: tensor<1x28x28x64xf32>, %w: tensor<3x3x1x64xf32>) -> tensor<1x28x28x64xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 64 : i64} : (tensor<1x28x28x64xf32>, tensor<3x3x1x64xf32>) -> tensor<1x28x28x64xf32>
  return %0 : tensor<1x28x28x64xf32>
}"""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 28, 28, 64)).astype(np.float32)
    w = rng.standard_normal((3, 3, 1, 64)).astype(np.float32)
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    want = np.zeros_like(x)
    for i in range(3):
        for j in range(3):
            want += padded[:, i:i + 28, j:j + 28, :] * w[i, j, 0]
    (ours,) = interpret(text, x, w)
    assert_same([ours], [want])
    assert_same([stablehlo_py.compile(text, backend="compiled")(x, w)[0]], [ours])


def test_operands_the_kernel_cannot_read_as_they_are():
    """_matmul's operands of other batch shapes (broadcast) or strides not a multiple of the
    element size are copied for the kernel, never left to the Python loop: the loop's bits."""
    from stablehlo_py.interpreter.kernels import dot_conv

    rng = np.random.default_rng(13)
    a = rng.standard_normal((16, 32)).astype(np.float32)
    b = rng.standard_normal((512, 32, 16)).astype(np.float32)
    assert_same([dot_conv._matmul(a, b)], [_index_order(np.broadcast_to(a, (512, 16, 32)), b)])
    packed = np.zeros((512, 16, 32), dtype=[("x", np.float32), ("flag", np.uint8)])  # 5-byte strides
    packed["x"] = rng.standard_normal((512, 16, 32))
    odd = packed["x"]
    assert odd.strides[-1] % 4
    assert_same([dot_conv._matmul(odd, b)], [_index_order(np.ascontiguousarray(odd), b)])
