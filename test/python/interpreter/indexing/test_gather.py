"""gather, dynamic_slice and torch_index_select: the interpreter against XLA on
CPU (programs exported from jax, or StableHLO text XLA compiles itself)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, examples, export, run_both, xla_run_text
from hypothesis import given
from hypothesis import strategies as st
from jax import lax
import jax.numpy as jnp
from mlir import ir
from mlir.dialects import func

import stablehlo_py
from stablehlo_py.dialects import stablehlo
from stablehlo_py.interpreter import InterpreterError, interpret

RAW = lax.GatherScatterMode.PROMISE_IN_BOUNDS  # a bare stablehlo.gather (XLA clamps the starts)


def _operand(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype) == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if np.issubdtype(np.dtype(dtype), np.floating) or np.dtype(dtype) == ml_dtypes.bfloat16:
        return rng.standard_normal(shape).astype(dtype)
    info = ml_dtypes.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=np.dtype(dtype).name
                        if np.dtype(dtype).itemsize >= 1 and np.dtype(dtype).kind in "iu" else np.int64).astype(dtype)


# --- gather through jax -------------------------------------------------------


@pytest.mark.xla
def test_gather_spec_example():
    operand = np.arange(1, 25, dtype=np.int32).reshape(3, 4, 2)
    starts = np.array([[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 2]]], np.int64)
    dn = lax.GatherDimensionNumbers(offset_dims=(2, 3), collapsed_slice_dims=(0,), start_index_map=(1, 0))
    got, expected = run_both(lambda x, i: lax.gather(x, i, dn, (1, 2, 2), mode=RAW), operand, starts)
    assert_same(got, expected, "spec example")


@pytest.mark.xla
def test_gather_out_of_range_starts_are_clamped():
    """Starts below 0 and past dim - slice_size, for signed and unsigned index types."""
    operand = np.arange(30, dtype=np.float32).reshape(5, 6)
    dn = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(), start_index_map=(0, 1))
    for starts in (np.array([[-7, 2], [4, 9], [100, -100], [2, 3]], np.int32),
                   np.array([[0, 255], [250, 1], [3, 3]], np.uint8),
                   np.array([[2**64 - 1, 2**63], [1, 2]], np.uint64),
                   np.array([[-(2**63), 2**63 - 1]], np.int64)):
        got, expected = run_both(lambda x, i: lax.gather(x, i, dn, (2, 3), mode=RAW), operand, starts)
        assert_same(got, expected, f"clamped {starts.dtype}")


@pytest.mark.xla
def test_gather_batching_dims():
    """operand_batching_dims / start_indices_batching_dims, paired in another order."""
    operand = np.arange(2 * 5 * 3 * 4, dtype=np.int32).reshape(2, 5, 3, 4)
    starts = np.array([[[1, 0], [4, 2]], [[-1, 9], [3, 3]], [[0, 1], [2, 2]]], np.int32)  # 3 x 2 x 2
    dn = lax.GatherDimensionNumbers(offset_dims=(2,), collapsed_slice_dims=(1,), start_index_map=(1, 3),
                                    operand_batching_dims=(0, 2), start_indices_batching_dims=(1, 0))
    got, expected = run_both(lambda x, i: lax.gather(x, i, dn, (1, 1, 1, 2), mode=RAW), operand, starts)
    assert_same(got, expected, "batching dims")


@pytest.mark.xla
def test_vmapped_take_uses_batching_dims():
    import jax

    fn = jax.vmap(lambda row, i: jnp.take(row, i, mode="clip"))
    x, idx = np.arange(24, dtype=np.float64).reshape(3, 8), np.array([[1, 7], [0, 0], [5, 12]], np.int32)
    assert "operand_batching_dims" in export(fn, x, idx)
    got, expected = run_both(fn, x, idx)
    assert_same(got, expected, "vmapped take")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.bool_, ml_dtypes.int4, ml_dtypes.uint4, np.int8, np.uint64, ml_dtypes.bfloat16,
                                   np.float16, np.float64, np.complex64, np.complex128],
                         ids=lambda d: np.dtype(d).name)
def test_indexing_element_types(dtype):
    """jnp indexing, take and lax.dynamic_slice on every kind of element type."""
    x = _operand(dtype, (4, 5, 3))
    idx = np.array([[0, 3], [-1, 2], [3, 3]], np.int32)
    got, expected = run_both(lambda v, i: (v[i], v[:, i[0]], v[1:3, i[1, 0]], jnp.take(v, i, axis=2, mode="clip"),
                                           v[i[:, 0], :, i[:, 1] % 3],
                                           lax.dynamic_slice(v, (i[0, 1], i[1, 0], np.int32(1)), (2, 3, 2))),
                             x, idx)
    assert_same(got, expected, np.dtype(dtype).name)


@pytest.mark.xla
def test_take_fill_and_wrap_modes():
    x = np.arange(10, dtype=np.float32) * 1.5
    idx = np.array([-12, -1, 0, 4, 9, 10, 30], np.int64)
    got, expected = run_both(lambda v, i: (jnp.take(v, i, mode="fill", fill_value=-1.0), jnp.take(v, i, mode="wrap"),
                                           jnp.take(v, i, mode="clip")), x, idx)
    assert_same(got, expected, "take modes")


@pytest.mark.xla
def test_gather_empty_tensors():
    """Zero-sized operand, index and slice dimensions."""
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    empty_idx = np.zeros((0, 1), np.int32)
    dn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
    dn2 = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(), start_index_map=(0,))
    got, expected = run_both(lambda v, i, j: (lax.gather(v, i, dn, (1, 4), mode=RAW),
                                              lax.gather(v, j, dn2, (0, 4), mode=RAW),
                                              lax.gather(v, j, dn2, (2, 0), mode=RAW)),
                             x, empty_idx, np.array([[2], [7]], np.int32))
    assert_same(got, expected, "empty")
    z = np.zeros((0, 3), np.float32)
    got, expected = run_both(lambda v, i: (lax.gather(v, i, dn2, (0, 2), mode=RAW),
                                           lax.dynamic_slice(v, (i[0, 0], i[1, 0]), (0, 2))),
                             z, np.array([[3], [-1]], np.int32))
    assert_same(got, expected, "empty operand")


@pytest.mark.xla
def test_dynamic_slice_out_of_range_starts():
    x = np.arange(20, dtype=np.int64).reshape(4, 5)
    for i, j in [(-1, 3), (3, 4), (100, -100), (2, 1), (-2**31, 2**31 - 1)]:
        got, expected = run_both(lambda v, a, b: (lax.dynamic_slice(v, (a, b), (2, 2)),
                                                  lax.dynamic_slice(v, (a, b), (4, 0)),
                                                  lax.dynamic_slice(v, (b, a), (1, 5))),
                                 x, np.int32(i), np.int32(j))
        assert_same(got, expected, f"dynamic_slice at ({i}, {j})")


@pytest.mark.xla
def test_dynamic_slice_unsigned_and_narrow_indices():
    """Start index types of every width and signedness (ui64 with values past the int64 range)."""
    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    for t, vals in [("ui8", np.array([255, 1], np.uint8)), ("i8", np.array([-128, 127], np.int8)),
                    ("i4", np.array([-8, 3], ml_dtypes.int4)), ("ui4", np.array([15, 2], ml_dtypes.uint4)),
                    ("ui64", np.array([2**64 - 1, 3], np.uint64)), ("i16", np.array([1, -3], np.int16))]:
        text = f"""module @m {{
          func.func public @main(%x: tensor<4x6xf32>, %i: tensor<{t}>, %j: tensor<{t}>) -> tensor<2x3xf32> {{
            %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x6xf32>, tensor<{t}>, tensor<{t}>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
          }}
        }}"""
        args = (x, vals[0].reshape(()), vals[1].reshape(()))
        assert_same(interpret(text, *args), xla_run_text(text, *args), t)


def test_dynamic_slice_of_a_scalar():
    """No start indices: `%x, sizes = []`, and upstream's own print `%x, , sizes = []` parses too."""
    for comma in (",", ", ,"):
        text = f"""func.func @main(%x: tensor<f32>) -> tensor<f32> {{
          %0 = stablehlo.dynamic_slice %x{comma} sizes = [] : (tensor<f32>) -> tensor<f32>
          return %0 : tensor<f32>
        }}"""
        assert interpret(text, np.float32(2.5))[0] == np.float32(2.5)


def test_dynamic_shapes_are_checked_at_run_time():
    """Dynamic operand and index dimensions take their sizes from the arguments (numpy oracle);
    a slice larger than the actual operand dimension is a clean error."""
    text = """func.func @main(%x: tensor<?x4xf32>, %i: tensor<?x1xi32>, %s: tensor<i32>) -> (tensor<?x4xf32>, tensor<2x4xf32>) {
      %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<?x4xf32>, tensor<?x1xi32>) -> tensor<?x4xf32>
      %1 = stablehlo.dynamic_slice %x, %s, %s, sizes = [2, 4] : (tensor<?x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
      return %0, %1 : tensor<?x4xf32>, tensor<2x4xf32>
    }"""
    x = np.arange(20, dtype=np.float32).reshape(5, 4)
    idx = np.array([[4], [-2], [9], [1]], np.int32)
    got = interpret(text, x, idx, np.int32(7))
    np.testing.assert_array_equal(got[0], x[np.clip(idx[:, 0], 0, 4)])
    np.testing.assert_array_equal(got[1], x[3:5])
    with pytest.raises(InterpreterError, match="slice size 2 exceeds operand dimension 0 of size 1"):
        interpret(text, x[:1], idx, np.int32(0))


@pytest.mark.xla
def test_gather_of_a_scalar_operand():
    """Rank 0: empty index vectors (start_indices of shape 3x0), each selecting the whole operand."""
    text = """module @m {
      func.func public @main(%x: tensor<f32>, %i: tensor<3x0xi32>) -> tensor<3xf32> {
        %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<index_vector_dim = 1>, slice_sizes = array<i64>} : (tensor<f32>, tensor<3x0xi32>) -> tensor<3xf32>
        return %0 : tensor<3xf32>
      }
    }"""
    args = (np.float32(2.5), np.zeros((3, 0), np.int32))
    assert_same(interpret(text, *args), xla_run_text(text, *args), "scalar operand")


@pytest.mark.xla
def test_gather_collapsed_slice_of_size_zero_gives_zeros():
    """A collapsed dimension with slice size 0 has no element to read: XLA gives zeros."""
    text = """module @m {
      func.func public @main(%a: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
        %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 3>} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
        return %0 : tensor<2x3xf32>
      }
    }"""
    args = (np.arange(1, 16, dtype=np.float32).reshape(5, 3), np.array([[1], [9]], np.int32))
    assert_same(interpret(text, *args), xla_run_text(text, *args), "collapsed size 0")


# --- torch_index_select (legacy; XLA compiles it from text) --------------------


def _torch_index_select_text(operand, index, dim, batch_dims):
    def ty(a):
        element = {np.dtype(np.float32): "f32", np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
                   np.dtype(np.bool_): "i1", np.dtype(ml_dtypes.bfloat16): "bf16",
                   np.dtype(np.complex64): "complex<f32>"}[a.dtype]
        return f"tensor<{''.join(f'{n}x' for n in a.shape)}{element}>"

    d = dim + operand.ndim if dim < 0 else dim
    b = batch_dims + index.ndim if batch_dims < 0 else batch_dims
    result = np.zeros(operand.shape[:d] + index.shape[b:] + operand.shape[d + 1:], operand.dtype)
    return f"""module @m {{
      func.func public @main(%x: {ty(operand)}, %i: {ty(index)}) -> {ty(result)} {{
        %0 = "stablehlo.torch_index_select"(%x, %i) {{dim = {dim} : i64, batch_dims = {batch_dims} : i64}} : ({ty(operand)}, {ty(index)}) -> {ty(result)}
        return %0 : {ty(result)}
      }}
    }}"""


@pytest.mark.xla
@pytest.mark.parametrize("dim,batch_dims,operand_shape,index_shape", [
    (0, 0, (5, 3), (4,)),
    (1, 0, (2, 5, 3), (2, 2)),
    (1, 1, (4, 5, 6), (4, 3)),
    (2, 2, (2, 3, 4), (2, 3, 5)),
    (-1, -1, (2, 2, 4), (2, 2, 3)),
    (0, 0, (5, 1, 5), ()),
    (2, 1, (3, 2, 4, 2), (3, 2, 2)),
])
def test_torch_index_select(dim, batch_dims, operand_shape, index_shape):
    rng = np.random.default_rng(1)
    d = dim % len(operand_shape)
    for dtype in (np.float32, np.int64, np.bool_, ml_dtypes.bfloat16, np.complex64):
        operand = _operand(dtype, operand_shape)
        index = rng.integers(-2, operand_shape[d] + 2, size=index_shape).astype(np.int32)  # some out of range
        text = _torch_index_select_text(operand, index, dim, batch_dims)
        # XLA mistranslates negative dim / batch_dims (counted from the end, as in upstream's lowerings):
        # its oracle runs the same selection with them normalised.
        normalised = _torch_index_select_text(operand, index, d, batch_dims + len(index_shape) * (batch_dims < 0))
        assert_same(interpret(text, operand, index), xla_run_text(normalised, operand, index),
                    f"torch_index_select dim={dim} batch_dims={batch_dims} {np.dtype(dtype).name}")


def test_torch_index_select_bad_dims_are_errors():
    text = """func.func @main(%x: tensor<4x5xf32>, %i: tensor<2xi32>) -> tensor<4x2xf32> {
      %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 2 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<4x2xf32>
      return %0 : tensor<4x2xf32>
    }"""
    with pytest.raises(InterpreterError, match=r"stablehlo.torch_index_select.*batch_dims \(0\) <= dim \(2\)"):
        interpret(text, np.zeros((4, 5), np.float32), np.zeros(2, np.int32))
    mismatch = text.replace("dim = 2", "dim = 1").replace("tensor<4x2xf32>", "tensor<4x3xf32>")
    with pytest.raises(InterpreterError, match="does not match the selected shape"):
        interpret(mismatch.replace("-> tensor<4x2xf32>", "-> tensor<4x3xf32>"), np.zeros((4, 5), np.float32),
                  np.zeros(2, np.int32))


# --- random valid gathers, built with the Python builder, against XLA --------


@st.composite
def gather_cases(draw):
    """Shapes, dimension numbers and slice sizes of a valid gather."""
    rank = draw(st.integers(1, 4))
    shape = [draw(st.integers(1, 4)) for _ in range(rank)]
    dims = list(range(rank))
    operand_batching = sorted(draw(st.lists(st.sampled_from(dims), unique=True, max_size=min(2, rank))))
    rest = [d for d in dims if d not in operand_batching]
    collapsed = sorted(draw(st.lists(st.sampled_from(rest), unique=True, max_size=len(rest)))) if rest else []
    window = [d for d in rest if d not in collapsed]
    for d in window:  # now and then an empty operand dimension (XLA aborts on empty collapsed ones)
        shape[d] = 0 if draw(st.integers(0, 9)) == 9 else shape[d]
    min_k = 0 if not rest or draw(st.integers(0, 4)) == 4 else 1  # mostly at least one start index
    start_index_map = draw(st.permutations(draw(st.lists(st.sampled_from(rest), unique=True, min_size=min_k,
                                                         max_size=len(rest))) if rest else []))
    k = len(start_index_map)
    # start_indices: batch dims (some paired with operand batching dims) plus the index vector dim
    n_batch = len(operand_batching) + draw(st.integers(0, 2))
    implicit_vector = k == 1 and draw(st.booleans())
    index_vector_dim = n_batch if implicit_vector else draw(st.integers(0, n_batch))
    index_rank = n_batch if implicit_vector else n_batch + 1
    batch_axes = [a for a in range(index_rank) if a != index_vector_dim]
    indices_batching = draw(st.permutations(batch_axes))[:len(operand_batching)]
    index_shape = [0] * index_rank
    for a in batch_axes:
        index_shape[a] = 0 if draw(st.integers(0, 9)) == 9 else draw(st.integers(1, 3))
    for od, ia in zip(operand_batching, indices_batching):
        index_shape[ia] = shape[od]
    if not implicit_vector:
        index_shape[index_vector_dim] = k
    slice_sizes = []
    for d in dims:
        # collapsed or batching dimensions: 1 (XLA aborts on most gathers with 0 there; the case it
        # runs is test_gather_collapsed_slice_of_size_zero_gives_zeros)
        slice_sizes.append(draw(st.integers(0, shape[d])) if d in window else 1)
    result_rank = n_batch + len(window)
    offset_dims = sorted(draw(st.permutations(range(result_rank)))[:len(window)])
    fields = dict(offset_dims=offset_dims, collapsed_slice_dims=collapsed, operand_batching_dims=operand_batching,
                  start_indices_batching_dims=indices_batching, start_index_map=start_index_map,
                  index_vector_dim=index_vector_dim)
    element = draw(st.sampled_from(["f32", "i32", "i1", "bf16"]))
    index_type = draw(st.sampled_from(["i32", "i64", "ui8", "i8", "i4", "ui4"]))
    sorted_ = draw(st.booleans())
    return shape, index_shape, fields, slice_sizes, element, index_type, sorted_


_DTYPES = {"f32": np.float32, "i32": np.int32, "i1": np.bool_, "bf16": ml_dtypes.bfloat16, "i64": np.int64,
           "ui8": np.uint8, "i8": np.int8, "i4": ml_dtypes.int4, "ui4": ml_dtypes.uint4}


def _mlir_element(name):
    return {"f32": ir.F32Type.get(), "bf16": ir.BF16Type.get(), "i1": ir.IntegerType.get_signless(1),
            "i8": ir.IntegerType.get_signless(8), "i32": ir.IntegerType.get_signless(32),
            "i64": ir.IntegerType.get_signless(64), "ui8": ir.IntegerType.get_unsigned(8),
            "i4": ir.IntegerType.get_signless(4), "ui4": ir.IntegerType.get_unsigned(4)}[name]


@pytest.mark.xla
@examples(60)
@given(gather_cases())
def test_random_gathers_match_xla(case):
    shape, index_shape, fields, slice_sizes, element, index_type, indices_are_sorted = case
    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(ir.RankedTensorType.get(shape, _mlir_element(element)),
                                      ir.RankedTensorType.get(index_shape, _mlir_element(index_type)), name="main")
            def main(x, i):
                return stablehlo.gather(x, i, stablehlo.GatherDimensionNumbers.get(**fields), slice_sizes,
                                        indices_are_sorted=indices_are_sorted)
        assert module.operation.verify()
        main.func_op.attributes["sym_visibility"] = ir.StringAttr.get("public")
        text = str(module)
    rng = np.random.default_rng(len(text))
    operand = _operand(_DTYPES[element], shape, seed=len(text))
    upper = max(shape) + 3 if shape else 3
    lo = 0 if index_type.startswith("ui") else -3
    indices = rng.integers(lo, upper, size=index_shape).astype(_DTYPES[index_type])
    if indices_are_sorted:  # promised sorted: give sorted (and in-range) starts
        indices = np.zeros(index_shape, _DTYPES[index_type])
    got = interpret(text, operand, indices)
    assert_same(got, xla_run_text(text, operand, indices), text)
