"""Accumulation order of dot_general, convolution, reduce and reduce_window
(docs/decisions.md, "Accumulation order").

Inputs mix large values of both signs with small ones, so sums cancel and any
other order (or a fused multiply-add) gives other bits.  Oracles:
- XLA on CPU, bit for bit, where it runs its loop emitter (sequential, init
  first; plain adds and real multiplies, nothing to fuse, so the same on every
  host): reduce_window of any size, reduce over at most 32 elements, JAX's
  cumsum/cumprod of real types.
- an index-order reference on numpy scalars (below) for dot_general and
  convolution, whose XLA kernels (YNNPACK/Eigen) tile and fuse multiply-adds
  depending on the host CPU, and for complex products (XLA fuses complex
  multiplies on FMA hosts).
- upstream's reference interpreter (run in a subprocess) for f32/f64
  dot_general and convolution: it sums in index order too.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tempfile

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, export, reduce_window_text, xla, xla_run_text

from stablehlo_py.interpreter import interpret

REAL = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64]
COMPLEX = [np.complex64, np.complex128]
NAMES = {np.dtype(np.float16): "f16", np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.float32): "f32",
         np.dtype(np.float64): "f64", np.dtype(np.complex64): "complex<f32>",
         np.dtype(np.complex128): "complex<f64>"}


def tensor(shape, dtype) -> str:
    return "tensor<" + "".join(f"{n}x" for n in shape) + NAMES[np.dtype(dtype)] + ">"


def cancelling(rng, shape, dtype, scale=1e3):
    """Half the elements +-scale (so they cancel in pairs), half in (-1, 1); f16 products stay finite."""
    dtype = np.dtype(dtype)
    scale = min(scale, 16.0) if dtype == np.float16 else scale

    def part():
        big = rng.choice([-1.0, 1.0], size=shape) * scale * rng.uniform(0.5, 1.5, size=shape)
        return np.where(rng.random(shape) < 0.5, big, rng.uniform(-1, 1, size=shape))

    return (part() + 1j * part() if dtype.kind == "c" else part()).astype(dtype)


def near_one(rng, shape, dtype):
    """Factors 1 + small: products round differently in every order, without overflow."""
    x = cancelling(rng, shape, dtype, scale=0.05)
    return (x * 0.1 + (1 + 0.5j if np.dtype(dtype).kind == "c" else 1.0)).astype(dtype)


# ---------------------------------------------------------------------------
# The independent reference: numpy scalars, one element at a time, in index order.


def accumulator(dtype):
    """Floats narrower than f32 accumulate in f32 (their products are exact there)."""
    dtype = np.dtype(dtype)
    return np.dtype(np.float32) if dtype.kind == "f" and dtype.itemsize < 4 or dtype == ml_dtypes.bfloat16 else dtype


def product(a, b):
    """a * b rounded in the type of a; complex by the textbook formula on real scalars."""
    if np.iscomplexobj(a):
        re = a.real * b.real - a.imag * b.imag
        im = a.real * b.imag + a.imag * b.real
        return type(a)(complex(re, im))
    return a * b


def dot_reference(a, b, dtype):
    """(m, k) @ (k, n): acc = 0; acc += a[i, l] * b[l, j] for l in order."""
    acc = accumulator(dtype).type
    out = np.empty((a.shape[0], b.shape[1]), dtype)
    for i, j in itertools.product(range(a.shape[0]), range(b.shape[1])):
        s = acc(0)
        for kk in range(a.shape[1]):
            s = s + product(acc(a[i, kk]), acc(b[kk, j]))
        out[i, j] = s
    return out


def conv_reference(x, w, dtype, stride=(1, 1), padding=((0, 0), (0, 0)), dilation=(1, 1), reverse=(False, False)):
    """NHWC x HWIO: each output sums window position (row, column) major, input feature minor;
    a reversed dimension pairs kernel position p with window position size - 1 - p (the spec)."""
    acc = accumulator(dtype).type
    n, _, _, c = x.shape
    kh, kw, _, o = w.shape
    xp = np.pad(x, ((0, 0), *padding, (0, 0)))
    oh = (xp.shape[1] - (kh - 1) * dilation[0] - 1) // stride[0] + 1
    ow = (xp.shape[2] - (kw - 1) * dilation[1] - 1) // stride[1] + 1
    out = np.empty((n, oh, ow, o), dtype)
    for b, y, z, f in itertools.product(range(n), range(oh), range(ow), range(o)):
        s = acc(0)
        for i, j, ci in itertools.product(range(kh), range(kw), range(c)):
            wi = kh - 1 - i if reverse[0] else i
            wj = kw - 1 - j if reverse[1] else j
            s = s + product(acc(xp[b, y * stride[0] + wi * dilation[0], z * stride[1] + wj * dilation[1], ci]),
                            acc(w[i, j, ci, f]))
        out[b, y, z, f] = s
    return out


# ---------------------------------------------------------------------------
# dot_general and convolution


def dot_text(m, k, n, dtype) -> str:
    lhs, rhs, out = tensor((m, k), dtype), tensor((k, n), dtype), tensor((m, n), dtype)
    return f"""func.func @main(%a: {lhs}, %b: {rhs}) -> {out} {{
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({lhs}, {rhs}) -> {out}
  return %r : {out}
}}"""


@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("m,k,n", [(1, 7, 1), (3, 5, 7), (4, 16, 4), (8, 33, 5)])
def test_dot_general_sums_in_index_order(dtype, m, k, n):
    rng = np.random.default_rng(m * 100 + k)
    a, b = cancelling(rng, (m, k), dtype), cancelling(rng, (k, n), dtype)
    assert_same(interpret(dot_text(m, k, n, dtype), a, b), [dot_reference(a, b, dtype)], f"{dtype} {m}x{k}x{n}")


def test_dot_general_batched_and_several_contracting_dims_run_in_index_order():
    # contracting dims [2, 1] of lhs: the sum runs over (d2, d1) lexicographically, d2 major
    rng = np.random.default_rng(7)
    a, b = cancelling(rng, (2, 3, 4, 5), np.float32), cancelling(rng, (2, 4, 3, 6), np.float32)
    lhs_t, rhs_t, out_t = tensor(a.shape, np.float32), tensor(b.shape, np.float32), tensor((2, 5, 6), np.float32)
    text = f"""func.func @main(%a: {lhs_t}, %b: {rhs_t}) -> {out_t} {{
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2, 1] x [1, 2]
      : ({lhs_t}, {rhs_t}) -> {out_t}
  return %r : {out_t}
}}"""
    lhs = a.transpose(0, 3, 2, 1).reshape(2, 5, 12)  # batch, free, (d2, d1)
    rhs = b.reshape(2, 12, 6)  # batch, (d1, d2) pairs with lhs (d2, d1), free
    want = np.stack([dot_reference(lhs[i], rhs[i], np.float32) for i in range(2)])
    assert_same(interpret(text, a, b), [want])


@pytest.mark.parametrize("dtype", [np.float32, np.complex64], ids=lambda d: np.dtype(d).name)
def test_mixed_matmul_converts_then_sums_in_index_order(dtype):
    # jnp.matmul(f32, c64) (or f16 @ f32) converts to the common type, then one dot_general
    rng = np.random.default_rng(3)
    narrow = np.float32 if dtype == np.complex64 else np.float16
    a, b = cancelling(rng, (3, 9), narrow), cancelling(rng, (9, 4), dtype)
    got = interpret(export(jnp.matmul, a, b), a, b)
    assert_same(got, [dot_reference(a.astype(dtype), b, dtype)])


def test_preferred_element_type_accumulates_in_the_result_type():
    # bf16 x bf16 -> f32 dot and f16 x f16 -> f32 convolution (JAX's preferred_element_type):
    # operands converted to f32, then the f32 index-order sum
    rng = np.random.default_rng(6)
    a, b = cancelling(rng, (3, 9), ml_dtypes.bfloat16), cancelling(rng, (9, 4), ml_dtypes.bfloat16)

    def dot(u, v):
        return jax.lax.dot_general(u, v, (([1], [0]), ([], [])), preferred_element_type=np.float32)

    assert_same(interpret(export(dot, a, b), a, b),
                [dot_reference(a.astype(np.float32), b.astype(np.float32), np.float32)])
    x, w = cancelling(rng, (1, 5, 6, 3), np.float16), cancelling(rng, (3, 2, 3, 2), np.float16)

    def conv(u, v):
        return jax.lax.conv_general_dilated(u, v, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                            preferred_element_type=np.float32)

    assert_same(interpret(export(conv, x, w), x, w),
                [conv_reference(x.astype(np.float32), w.astype(np.float32), np.float32)])


def test_legacy_dot_mixed_types_sum_in_index_order():
    rng = np.random.default_rng(4)
    a, b = cancelling(rng, (3, 6), np.float32), cancelling(rng, (6, 2), np.complex64)
    text = f"""func.func @main(%a: tensor<3x6xf32>, %b: tensor<6x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>> {{
  %r = stablehlo.dot %a, %b : (tensor<3x6xf32>, tensor<6x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  return %r : tensor<3x2xcomplex<f32>>
}}"""
    assert_same(interpret(text, a, b), [dot_reference(a.astype(np.complex64), b, np.complex64)])


def test_dot_at_the_depth_limit_sums_in_index_order():
    """SEQUENTIAL_DEPTH contracting indices is the deepest dot still summed in index order."""
    from stablehlo_py.interpreter.kernels import dot_conv

    k = dot_conv.SEQUENTIAL_DEPTH
    rng = np.random.default_rng(6)
    a, b = cancelling(rng, (3, k), np.float32), cancelling(rng, (k, 4), np.float32)
    assert_same(interpret(dot_text(3, k, 4, np.float32), a, b), [dot_reference(a, b, np.float32)])


def test_large_dot_keeps_blas():
    # beyond SEQUENTIAL_DEPTH contracting indices the kernel calls np.matmul
    from stablehlo_py.interpreter.kernels import dot_conv

    k = dot_conv.SEQUENTIAL_DEPTH + 1
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((2, k)).astype(np.float32), rng.standard_normal((k, 3)).astype(np.float32)
    assert_same(interpret(dot_text(2, k, 3, np.float32), a, b), [np.matmul(a, b)])


CONV_CASES = {  # name: (x shape, w shape, stride, padding, rhs dilation, reversal)
    "valid": ((1, 5, 5, 1), (3, 3, 1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), (False, False)),
    "features": ((2, 6, 5, 3), (2, 3, 3, 4), (1, 1), ((0, 0), (0, 0)), (1, 1), (False, False)),
    "strided_padded": ((1, 7, 6, 2), (3, 2, 2, 3), (2, 1), ((1, 2), (0, 1)), (1, 1), (False, False)),
    "dilated_reversed": ((1, 7, 7, 2), (2, 3, 2, 2), (1, 2), ((0, 0), (1, 1)), (2, 1), (True, False)),
    "second_reversed": ((2, 5, 6, 2), (2, 3, 2, 2), (1, 1), ((0, 0), (0, 0)), (1, 1), (False, True)),
    "both_reversed": ((1, 6, 6, 3), (3, 2, 3, 2), (1, 1), ((1, 0), (0, 1)), (1, 1), (True, True)),
}


def conv_text(x_shape, w_shape, out_shape, dtype, stride, padding, dilation, reverse) -> str:
    x, w, out = tensor(x_shape, dtype), tensor(w_shape, dtype), tensor(out_shape, dtype)
    flags = ", ".join("true" if r else "false" for r in reverse)
    pad = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    return f"""func.func @main(%x: {x}, %w: {w}) -> {out} {{
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
      window = {{stride = [{stride[0]}, {stride[1]}], pad = [{pad}], rhs_dilate = [{dilation[0]}, {dilation[1]}],
      reverse = [{flags}]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({x}, {w}) -> {out}
  return %r : {out}
}}"""


@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("case", sorted(CONV_CASES))
def test_convolution_sums_window_then_feature_in_index_order(dtype, case):
    x_shape, w_shape, stride, padding, dilation, reverse = CONV_CASES[case]
    rng = np.random.default_rng(len(case))
    x, w = cancelling(rng, x_shape, dtype), cancelling(rng, w_shape, dtype)
    want = conv_reference(x, w, dtype, stride, padding, dilation, reverse)
    text = conv_text(x_shape, w_shape, want.shape, dtype, stride, padding, dilation, reverse)
    assert_same(interpret(text, x, w), [want], f"{dtype} {case}")


_REFERENCE_WORKER = """
import sys, numpy as np
from jax._src.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo
directory = sys.argv[1]
inputs = np.load(directory + "/in.npz")
with jax_mlir.make_ir_context(), ir.Location.unknown():
    module = ir.Module.parse(open(directory + "/module.mlir").read())
    args = [ir.DenseElementsAttr.get(np.array(inputs[f"a{i}"], order="C")) for i in range(len(inputs.files))]
    np.savez(directory + "/out.npz", *[np.array(r) for r in stablehlo.eval_module(module, args)])
"""


def reference_interpreter(text: str, *args) -> list:
    """Upstream's reference interpreter (jaxlib eval_module), in a subprocess: it aborts on ops it lacks."""
    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(directory, "module.mlir"), "w") as fh:
            fh.write(text)
        np.savez(os.path.join(directory, "in.npz"), **{f"a{i}": a for i, a in enumerate(args)})
        subprocess.run([sys.executable, "-c", _REFERENCE_WORKER, directory], check=True, capture_output=True,
                       timeout=300, env={**os.environ, "JAX_PLATFORMS": "cpu"})
        with np.load(os.path.join(directory, "out.npz")) as out:
            return [out[f"arr_{i}"] for i in range(len(out.files))]


def test_dot_and_convolution_match_upstream_reference_interpreter():
    # one module, one subprocess: two dots and two convolutions, f32 and f64
    rng = np.random.default_rng(11)
    args, lines, types = [], [], []
    for dtype in (np.float32, np.float64):
        a, b = cancelling(rng, (4, 9), dtype), cancelling(rng, (9, 5), dtype)
        x, w = cancelling(rng, (1, 6, 5, 3), dtype), cancelling(rng, (2, 3, 3, 2), dtype)
        i = len(args)
        args += [a, b, x, w]
        dot_out, conv_out = tensor((4, 5), dtype), tensor((1, 5, 3, 2), dtype)
        lines += [f"%d{i} = stablehlo.dot_general %arg{i}, %arg{i + 1}, contracting_dims = [1] x [0] : "
                  f"({tensor(a.shape, dtype)}, {tensor(b.shape, dtype)}) -> {dot_out}",
                  f"%c{i} = stablehlo.convolution(%arg{i + 2}, %arg{i + 3}) "
                  "dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} "
                  "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
                  f"({tensor(x.shape, dtype)}, {tensor(w.shape, dtype)}) -> {conv_out}"]
        types += [(f"%d{i}", dot_out), (f"%c{i}", conv_out)]
    params = ", ".join(f"%arg{i}: {tensor(a.shape, a.dtype)}" for i, a in enumerate(args))
    text = (f"func.func @main({params}) -> ({', '.join(t for _, t in types)}) {{\n  " + "\n  ".join(lines)
            + f"\n  return {', '.join(v for v, _ in types)} : {', '.join(t for _, t in types)}\n}}")
    assert_same(interpret(text, *args), reference_interpreter(text, *args))


# ---------------------------------------------------------------------------
# reduce_window and reduce: XLA's loop emitter, bit for bit


WINDOWS = {  # name: (shape, window, strides, padding)
    "1d": ((40,), (8,), (1,), ((0, 0),)),
    "1d_long": ((100,), (64,), (3,), ((0, 0),)),
    "2d": ((6, 7), (3, 4), (1, 2), ((0, 0), (0, 0))),
    "3d": ((3, 4, 5), (2, 3, 2), (1, 1, 2), ((0, 0), (0, 0), (0, 0))),
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("window", sorted(WINDOWS))
@pytest.mark.parametrize("op", ["add", "multiply"])
def test_reduce_window_init_first_then_window_in_index_order(dtype, window, op):
    shape, dims, strides, padding = WINDOWS[window]
    rng = np.random.default_rng(len(window) + 10 * len(op))
    x = cancelling(rng, shape, dtype) if op == "add" else near_one(rng, shape, dtype)
    init = np.asarray(0.375 - 0.25j if np.dtype(dtype).kind == "c" else 0.375 if op == "add" else 1.25, dtype)
    text, _ = reduce_window_text(NAMES[np.dtype(dtype)], op, shape, dims, strides, padding)
    got = interpret(text, x, init)
    combine = product if op == "multiply" else (lambda u, v: u + v)
    view = np.lib.stride_tricks.sliding_window_view(x, dims)[tuple(slice(None, None, s) for s in strides)]
    want = np.empty(view.shape[:len(shape)], dtype)
    for index in np.ndindex(*want.shape):
        acc = init[()]
        for v in view[index].ravel():  # window positions in index order, init first
            acc = combine(acc, v)
        want[index] = acc
    assert_same(got, [want], f"{dtype} {window} {op}")
    # XLA fuses complex products on FMA hosts, and sums complex windows of 64 in another order
    if np.dtype(dtype).kind != "c" or op == "add" and window != "1d_long":
        assert_same(got, xla_run_text(text, x, init), f"{dtype} {window} {op} vs XLA")


# Scans longer than 16 (SCAN_BLOCK) run in blocks of 16, as XLA rewrites them;
# 300 has 19 blocks, so the block totals are blocked again.
@pytest.mark.xla
@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [16, 37, 300])
def test_cumsum_and_reverse_cumsum_match_xla(dtype, n):
    rng = np.random.default_rng(21 + n)
    x = cancelling(rng, (3, n), dtype)

    def f(v):
        return (jnp.cumsum(v, axis=1), jax.lax.cumsum(v, axis=1, reverse=True), jnp.cumsum(v, axis=0),
                jnp.cumsum(v.T, axis=0))

    assert_same(interpret(export(f, x), x), xla(f, x))


def test_scan_with_other_init_keeps_the_spec_order():
    # XLA's blocked rewrite adds init once per level, so it is used only for the identity;
    # any other init runs the window in index order, init first (padding holds init: spec)
    x = cancelling(np.random.default_rng(23), (20,), np.float32)
    init = np.asarray(0.5, np.float32)
    got = interpret(reduce_window_text("f32", "add", (20,), (20,), (1,), ((19, 0),))[0], x, init)
    want = np.empty(20, np.float32)
    for j in range(20):
        acc = init[()]
        for _ in range(19 - j):  # the padding before x[0]
            acc = acc + init[()]
        for v in x[:j + 1]:
            acc = acc + v
        want[j] = acc
    assert_same(got, [want])


@pytest.mark.xla
@pytest.mark.parametrize("dtype", REAL, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [12, 40])
def test_cumprod_matches_xla(dtype, n):
    rng = np.random.default_rng(22 + n)
    x = near_one(rng, (2, n), dtype)

    def f(v):
        return jnp.cumprod(v, axis=1), jax.lax.cumprod(v, axis=1, reverse=True)

    assert_same(interpret(export(f, x), x), xla(f, x))


def reduce_text(shape, dims, dtype, op) -> str:
    x, s = tensor(shape, dtype), tensor((), dtype)
    out = tensor(tuple(n for d, n in enumerate(shape) if d not in dims), dtype)
    return f"""func.func @main(%x: {x}, %i: {s}) -> {out} {{
  %r = stablehlo.reduce(%x init: %i) applies stablehlo.{op} across dimensions = {list(dims)} : ({x}, {s}) -> {out}
  return %r : {out}
}}"""


@pytest.mark.xla
@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape,dims", [((5, 32), (1,)), ((3, 17), (1,)), ((9, 4), (0,)), ((12,), (0,))])
@pytest.mark.parametrize("op", ["add", "multiply"])
def test_small_reduce_runs_in_index_order_init_first(dtype, shape, dims, op):
    rng = np.random.default_rng(sum(shape) + len(op))
    x = cancelling(rng, shape, dtype) if op == "add" else near_one(rng, shape, dtype)
    init = np.asarray(0.375 - 0.25j if np.dtype(dtype).kind == "c" else 0.375 if op == "add" else 1.25, dtype)
    text = reduce_text(shape, dims, dtype, op)
    got = interpret(text, x, init)
    if op == "multiply" and np.dtype(dtype).kind == "c":  # XLA fuses complex products on FMA hosts
        moved = np.moveaxis(x, dims[0], -1)
        want = np.empty(moved.shape[:-1], dtype)
        for index in np.ndindex(*moved.shape[:-1]):
            acc = init[()]
            for v in moved[index]:
                acc = product(acc, v)
            want[index] = acc
        assert_same(got, [want])
    else:
        assert_same(got, xla_run_text(text, x, init), f"{dtype} {shape} {dims} {op}")


def test_small_reduce_over_several_dimensions_runs_lexicographically():
    # XLA's order over several dimensions varies with the shape; ours is the spec's index order
    rng = np.random.default_rng(31)
    x = cancelling(rng, (4, 3, 5), np.float32)
    init = np.asarray(0.5, np.float32)
    want = np.empty(3, np.float32)
    for j in range(3):
        acc = init[()]
        for i, k in itertools.product(range(4), range(5)):
            acc = acc + x[i, j, k]
        want[j] = acc
    assert_same(interpret(reduce_text(x.shape, (0, 2), np.float32, "add"), x, init), [want])


def test_complex_product_reduce_keeps_the_sign_of_zero():
    # init first, in order: (1+0j) * 0 * 2 * (1-2j) * (1+2j) * -1 * (-1+1j) = -0j (XLA's result too)
    x = np.array([[0, 2, 1 - 2j], [1 + 2j, -1, -1 + 1j]], np.complex128)
    (got,) = interpret(reduce_text(x.shape, (0, 1), np.complex128, "multiply"), x, np.asarray(1, np.complex128))
    assert got == 0 and np.signbit(got.real) == np.signbit(0.0) and np.signbit(got.imag)
