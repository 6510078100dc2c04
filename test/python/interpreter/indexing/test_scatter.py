"""scatter and dynamic_update_slice against XLA on CPU.

XLA is the oracle throughout: programs exported from jax (`run_both`) or,
for bodies and forms jax never emits (variadic scatter, arbitrary update
computations), StableHLO text run by XLA itself (`xla_run_text`).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, examples, export, run_both, xla, xla_run_text
from hypothesis import assume, given
from hypothesis import strategies as st
from jax import lax

from stablehlo_py.interpreter import interpret

DROP = lax.GatherScatterMode.FILL_OR_DROP
DTYPES = [np.bool_, ml_dtypes.int4, np.int32, np.uint8, ml_dtypes.bfloat16, np.float32, np.complex64]


def dtype_id(dtype) -> str:
    return np.dtype(dtype).name


def sample(rng, dtype, shape, *, small=False):
    """Values of `dtype`: small integers when `small` (sums and products stay exact), else spread out."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu" or dtype == ml_dtypes.int4:
        lo, hi = (0, 3) if dtype.kind == "u" else (-3, 3)
        if not small and dtype.itemsize >= 4:
            lo, hi = (0, 1 << 31) if dtype.kind == "u" else (-(1 << 31), (1 << 31) - 1)
        return rng.integers(lo, hi, shape, endpoint=True).astype(dtype)
    if dtype.kind == "c":
        return (rng.integers(-3, 3, shape) + 1j * rng.integers(-3, 3, shape)).astype(dtype) if small else \
            (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if small:
        return rng.integers(-3, 3, shape, endpoint=True).astype(dtype)
    return (rng.standard_normal(shape) * 100).astype(np.float32).astype(dtype)


# Rows 1 and 4 repeat (1 three times), 7 and -1 are out of range.
INDICES = np.array([1, 4, 1, 7, 0, -1, 1, 2, 4], dtype=np.int32)

AT_OPS = {
    "set": (lambda x, i, u: x.at[i].set(u, mode="drop"), DTYPES),
    "add": (lambda x, i, u: x.at[i].add(u, mode="drop"), DTYPES[1:]),
    "mul": (lambda x, i, u: x.at[i].mul(u, mode="drop"), DTYPES[1:]),
    "min": (lambda x, i, u: x.at[i].min(u, mode="drop"), DTYPES[:-1]),
    "max": (lambda x, i, u: x.at[i].max(u, mode="drop"), DTYPES[:-1]),
}


AT_CASES = [(op, dtype) for op, (_, dtypes) in sorted(AT_OPS.items()) for dtype in dtypes]


@pytest.mark.xla
@pytest.mark.parametrize("op,dtype", AT_CASES, ids=[f"{op}-{dtype_id(d)}" for op, d in AT_CASES])
def test_at_ops_with_duplicate_indices(op, dtype):
    rng = np.random.default_rng(1)
    small = op == "mul" or np.dtype(dtype).kind in "iu" or dtype == ml_dtypes.int4
    x, u = sample(rng, dtype, (5, 3), small=small), sample(rng, dtype, (9, 3), small=small)
    got, expected = run_both(AT_OPS[op][0], x, INDICES, u)
    assert_same(got, expected, f"{op} {dtype_id(dtype)}")


@pytest.mark.xla
def test_float_sum_of_duplicates_rounds_in_update_order():
    """Many large and small f32 values into few rows: the sum depends on the order of the additions."""
    rng = np.random.default_rng(2)
    x = np.zeros((3, 2), np.float32)
    u = (rng.standard_normal((500, 2)) * 10.0 ** rng.integers(-4, 8, (500, 1))).astype(np.float32)
    i = rng.integers(0, 3, 500).astype(np.int32)
    got, expected = run_both(lambda x, i, u: x.at[i].add(u), x, i, u)
    assert_same(got, expected)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=dtype_id)
def test_complex_product_of_duplicates_rounds_every_step(dtype):
    """Complex products scattered into few rows, in update order, each by the textbook formula with
    every real operation rounded (numpy's complex multiply may fuse multiply-adds on some hosts)."""
    rng = np.random.default_rng(3)
    x = sample(rng, dtype, (3,))
    u = sample(rng, dtype, (300,))
    i = rng.integers(0, 3, 300).astype(np.int32)
    real = np.dtype(dtype).type(0).real.dtype.type
    expected = x.copy()
    for row, value in zip(i, u):
        a, b = expected[row], value
        ar, ai, br, bi = real(a.real), real(a.imag), real(b.real), real(b.imag)
        expected[row] = dtype(complex(ar * br - ai * bi, ar * bi + ai * br))
    text = export(lambda x, i, u: x.at[i].mul(u), x, i, u)
    assert_same(interpret(text, x, i, u), [expected], np.dtype(dtype).name)


@pytest.mark.xla
@pytest.mark.parametrize("op", ["min", "max"])
@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16], ids=dtype_id)
def test_float_min_max_signed_zeros_and_nan(op, dtype):
    x = np.array([0.0, -0.0, 1.0, np.nan, 0.0, -0.0, 0.0, -0.0, 0.0], dtype=dtype)
    u = np.array([-0.0, 0.0, 0.0, -0.0, np.nan, 2.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, -1.0], dtype=dtype)
    i = np.array([0, 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8], dtype=np.int32)
    got, expected = run_both(AT_OPS[op][0], x, i, u)
    assert_same(got, expected, op)


@pytest.mark.xla
def test_replace_order_with_overlapping_windows():
    """Windows of different scatter positions overlap; the later scatter position wins, whatever the
    layout of the updates (here the window dimension comes first)."""
    dims = lax.ScatterDimensionNumbers(update_window_dims=(0,), inserted_window_dims=(),
                                       scatter_dims_to_operand_dims=(0,))
    x = np.zeros(6, np.float32)
    i = np.array([[0], [1], [2], [1], [4]], dtype=np.int32)
    u = np.arange(15, dtype=np.float32).reshape(3, 5) + 1
    got, expected = run_both(lambda x, i, u: lax.scatter(x, i, u, dims, mode=DROP), x, i, u)
    assert_same(got, expected)


# (operand shape, indices, updates shape, dimension numbers): jax's ScatterDimensionNumbers.
GENERAL = {
    "spec_example": ((3, 4, 2), np.array([[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]), (2, 3, 2, 2),
                     dict(update_window_dims=(2, 3), inserted_window_dims=(0,),
                          scatter_dims_to_operand_dims=(1, 0))),
    "window_dims_first": ((6, 5), np.array([[0], [3], [2], [5]]), (2, 4, 3),
                          dict(update_window_dims=(0, 2), inserted_window_dims=(), scatter_dims_to_operand_dims=(1,))),
    "ragged_rows": ((7,), np.array([[0], [2], [4], [2], [6]]), (5, 2),
                    dict(update_window_dims=(1,), inserted_window_dims=(), scatter_dims_to_operand_dims=(0,))),
    "partial_windows": ((5, 6), np.array([[0, 4], [2, 3], [4, 4], [3, 5], [-1, 0]]), (5, 2, 2),
                        dict(update_window_dims=(1, 2), inserted_window_dims=(),
                             scatter_dims_to_operand_dims=(0, 1))),
    "batching": ((3, 4, 2), np.array([[[0], [3]], [[1], [1]], [[2], [0]]]), (3, 2, 2),
                 dict(update_window_dims=(2,), inserted_window_dims=(1,), scatter_dims_to_operand_dims=(1,),
                      operand_batching_dims=(0,), scatter_indices_batching_dims=(0,))),
    "batching_two_dims": ((2, 5, 3), np.array([[[4], [1]], [[0], [-1]], [[2], [5]]]), (3, 2),
                          dict(update_window_dims=(), inserted_window_dims=(1,), scatter_dims_to_operand_dims=(1,),
                               operand_batching_dims=(0, 2), scatter_indices_batching_dims=(1, 0))),
}

LAX_SCATTERS = {"add": lax.scatter_add, "mul": lax.scatter_mul, "min": lax.scatter_min, "max": lax.scatter_max,
                "set": lax.scatter}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.int32, np.float32], ids=dtype_id)
@pytest.mark.parametrize("kind", sorted(LAX_SCATTERS))
@pytest.mark.parametrize("name", sorted(GENERAL))
def test_general_dimension_numbers(name, kind, dtype):
    """Float min/max run their body in rounds; windows of some cases overlap partially."""
    shape, indices, update_shape, dims = GENERAL[name]
    rng = np.random.default_rng(3)
    x, u = sample(rng, dtype, shape, small=True), sample(rng, dtype, update_shape, small=True)
    dn, scatter = lax.ScatterDimensionNumbers(**dims), LAX_SCATTERS[kind]
    got, expected = run_both(lambda x, i, u: scatter(x, i, u, dn, mode=DROP), x, indices.astype(np.int32), u)
    assert_same(got, expected, f"{name} {kind}")


@pytest.mark.xla
@pytest.mark.parametrize("index_vector_dim", [0, 1, 2])
def test_index_vector_dim_anywhere(index_vector_dim):
    """jax always puts the index vector last; other positions as text; 2 stands for an implicit index
    vector (index_vector_dim = rank(scatter_indices) = 1)."""
    indices = np.array([[1, 2], [3, 0], [1, 2], [0, 4]], np.int32)  # 4 scatter positions x 2
    if index_vector_dim == 0:
        indices, index_type = indices.T.copy(), "tensor<2x4xi32>"
    elif index_vector_dim == 1:
        index_type = "tensor<4x2xi32>"
    else:  # implicit: one index per position
        indices, index_type = indices[:, 0].copy(), "tensor<4xi32>"
    inserted, to_operand = ("[0, 1]", "[0, 1]") if index_vector_dim < 2 else ("[0]", "[0]")
    update_type = "tensor<4x3xf32>" if index_vector_dim < 2 else "tensor<4x5x3xf32>"
    window_dims = "[1]" if index_vector_dim < 2 else "[1, 2]"
    text = f"""
    func.func @main(%x: tensor<4x5x3xf32>, %i: {index_type}, %u: {update_type}) -> tensor<4x5x3xf32> {{
      %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<
          update_window_dims = {window_dims}, inserted_window_dims = {inserted},
          scatter_dims_to_operand_dims = {to_operand}, index_vector_dim = {min(index_vector_dim, 1)}>}}> ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }}) : (tensor<4x5x3xf32>, {index_type}, {update_type}) -> tensor<4x5x3xf32>
      return %0 : tensor<4x5x3xf32>
    }}"""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((4, 5, 3)).astype(np.float32)
    u = rng.standard_normal((4, 3) if index_vector_dim < 2 else (4, 5, 3)).astype(np.float32)
    assert_same(interpret(text, x, indices, u), xla_run_text(text, x, indices, u))


def test_scalar_operand():
    """A rank-0 operand (every update hits it; numpy formula: XLA's scatter simplifier rejects this program)."""
    dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(), scatter_dims_to_operand_dims=())
    x, i, u = np.float32(1.5), np.zeros((3, 0), np.int32), np.array([0.25, 4.0, -2.0], np.float32)
    text = export(lambda x, i, u: lax.scatter_add(x, i, u, dn, mode=DROP), x, i, u)
    assert_same(interpret(text, x, i, u), [np.array(((1.5 + 0.25) + 4.0) - 2.0, np.float32)])


@pytest.mark.parametrize("shape", [(1,), (3,)])
def test_empty_index_vector_one_element_window(shape):
    """Every scatter position updates element 0 (numpy formula; XLA on CPU keeps only the last update
    here, while the spec and the reference interpreter add them all)."""
    dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=())
    x, i, u = np.arange(1, 4, dtype=np.int32)[:shape[0]], np.zeros((3, 0), np.int32), np.array([1, 10, 100], np.int32)
    text = export(lambda x, i, u: lax.scatter_add(x, i, u, dn, mode=DROP), x, i, u)
    expected = x.copy()
    expected[0] += u.sum(dtype=np.int32)
    assert_same(interpret(text, x, i, u), [expected])


# Programs with update computations jax never emits, run by XLA from the text.
TEXT_DIMS = ("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
             "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>")


def text_scatter(element: str, body: list, *, args: str = "%old: tensor<{e}>, %new: tensor<{e}>") -> str:
    e = element
    lines = "\n".join(f"        {line.format(e=e, d='.0' if e.startswith('f') else '')}" for line in body)
    return f"""
    func.func @main(%x: tensor<4x3x{e}>, %i: tensor<6x1xi32>, %u: tensor<6x3x{e}>) -> tensor<4x3x{e}> {{
      %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = {TEXT_DIMS}}}> ({{
      ^bb0({args.format(e=e)}):
{lines}
      }}) : (tensor<4x3x{e}>, tensor<6x1xi32>, tensor<6x3x{e}>) -> tensor<4x3x{e}>
      return %0 : tensor<4x3x{e}>
    }}"""


GENERIC_BODIES = {
    # old * 2 + new: neither commutative nor associative, so every duplicate's turn matters
    "affine": ["%c = stablehlo.constant dense<2{d}> : tensor<{e}>", "%m = stablehlo.multiply %old, %c : tensor<{e}>",
               "%s = stablehlo.add %m, %new : tensor<{e}>", "stablehlo.return %s : tensor<{e}>"],
    "subtract": ["%s = stablehlo.subtract %new, %old : tensor<{e}>", "stablehlo.return %s : tensor<{e}>"],
    "keep_old": ["stablehlo.return %old : tensor<{e}>"],
    "constant": ["%c = stablehlo.constant dense<7{d}> : tensor<{e}>", "stablehlo.return %c : tensor<{e}>"],
}

TEXT_INDICES = np.array([[2], [0], [2], [9], [2], [0]], dtype=np.int32)


@pytest.mark.xla
@pytest.mark.parametrize("element", ["i32", "f32"])
@pytest.mark.parametrize("body", sorted(GENERIC_BODIES))
def test_general_update_computation(body, element):
    dtype = np.int32 if element == "i32" else np.float32
    rng = np.random.default_rng(4)
    x, u = sample(rng, dtype, (4, 3), small=True), sample(rng, dtype, (6, 3), small=True)
    text = text_scatter(element, GENERIC_BODIES[body])
    assert_same(interpret(text, x, TEXT_INDICES, u), xla_run_text(text, x, TEXT_INDICES, u), body)


@pytest.mark.xla
def test_variadic_scatter():
    """Two inputs updated together: a running (value, index) argmax written as one update computation."""
    text = """
    func.func @main(%v: tensor<4xf32>, %k: tensor<4xi32>, %i: tensor<7x1xi32>, %uv: tensor<7xf32>,
                    %uk: tensor<7xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
      %0:2 = "stablehlo.scatter"(%v, %k, %i, %uv, %uk) <{scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
      ^bb0(%a: tensor<f32>, %ak: tensor<i32>, %b: tensor<f32>, %bk: tensor<i32>):
        %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %nv = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
        %nk = stablehlo.select %gt, %bk, %ak : tensor<i1>, tensor<i32>
        stablehlo.return %nv, %nk : tensor<f32>, tensor<i32>
      }) : (tensor<4xf32>, tensor<4xi32>, tensor<7x1xi32>, tensor<7xf32>, tensor<7xi32>) -> (tensor<4xf32>, tensor<4xi32>)
      return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
    }"""
    args = [np.array([0.5, -1, 3, 2], np.float32), np.full(4, -1, np.int32),
            np.array([[1], [3], [1], [1], [0], [-2], [3]], np.int32),
            np.array([2, 5, 7, 1, -3, 9, 5], np.float32), np.arange(7, dtype=np.int32)]
    assert_same(interpret(text, *args), xla_run_text(text, *args))


def test_promoted_update_computation():
    """A body wider than the inputs: inputs and updates are converted, the result has the body's type
    (numpy formula: XLA rejects bodies of another type than the inputs)."""
    text = """
    func.func @main(%x: tensor<4xi8>, %i: tensor<5x1xi32>, %u: tensor<5xi8>) -> tensor<4xi32> {
      %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
      }) : (tensor<4xi8>, tensor<5x1xi32>, tensor<5xi8>) -> tensor<4xi32>
      return %0 : tensor<4xi32>
    }"""
    args = [np.array([127, -128, 5, 0], np.int8), np.array([[0], [0], [1], [1], [2]], np.int32),
            np.array([127, 127, -128, -1, 3], np.int8)]
    expected = args[0].astype(np.int32)
    np.add.at(expected, args[1][:, 0], args[2].astype(np.int32))
    assert_same(interpret(text, *args), [expected])
    assert expected[0] == 381  # no i8 wrap-around


@pytest.mark.xla
@pytest.mark.parametrize("index_dtype", [np.int8, np.uint8, np.int64, np.uint64], ids=dtype_id)
def test_extreme_index_values_are_dropped(index_dtype):
    info = np.iinfo(index_dtype)
    x = np.arange(4, dtype=np.float32)
    i = np.array([info.max, info.min, 1, info.max - 1, 3], dtype=index_dtype)
    u = np.array([10, 20, 30, 40, 50], dtype=np.float32)
    got, expected = run_both(lambda x, i, u: x.at[i].add(u, mode="drop"), x, i, u)
    assert_same(got, expected, dtype_id(index_dtype))


@pytest.mark.xla
@pytest.mark.parametrize("case", ["no_updates", "empty_window", "empty_operand"])
def test_zero_sized(case):
    dims = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                       scatter_dims_to_operand_dims=(0,))
    x, i, u = {
        "no_updates": (np.ones((3, 2), np.float32), np.zeros((0, 1), np.int32), np.zeros((0, 2), np.float32)),
        "empty_window": (np.ones((3, 0), np.float32), np.array([[1], [2]], np.int32), np.zeros((2, 0), np.float32)),
        "empty_operand": (np.ones((0, 2), np.float32), np.array([[0], [1]], np.int32), np.ones((2, 2), np.float32)),
    }[case]
    got, expected = run_both(lambda x, i, u: lax.scatter_add(x, i, u, dims, mode=DROP), x, i, u)
    assert_same(got, expected, case)


# --- dynamic_update_slice ------------------------------------------------------------------


STARTS = [(0, 0), (1, 2), (-3, 1), (2, 100), (-7, -9), (9, 9)]


@pytest.mark.xla
@pytest.mark.parametrize("dtype", DTYPES + [ml_dtypes.float8_e4m3fn, np.uint64], ids=dtype_id)
def test_dynamic_update_slice_clamps_starts(dtype):
    rng = np.random.default_rng(5)
    x, u = sample(rng, dtype, (4, 5)), sample(rng, dtype, (2, 3))
    for start in STARTS:
        i, j = (np.int32(s) for s in start)
        got, expected = run_both(lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j)), x, u, i, j)
        assert_same(got, expected, f"{dtype_id(dtype)} at {start}")


@pytest.mark.xla
@pytest.mark.parametrize("index_dtype", [np.int8, np.uint8, np.uint32, np.int64, np.uint64], ids=dtype_id)
def test_dynamic_update_slice_index_types(index_dtype):
    info = np.iinfo(index_dtype)
    x, u = np.arange(12, dtype=np.int32).reshape(3, 4), -np.ones((2, 2), np.int32)
    for start in [(info.max, info.min), (1, 1), (info.min, info.max)]:
        i, j = (index_dtype(s) for s in start)
        got, expected = run_both(lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j)), x, u, i, j)
        assert_same(got, expected, f"{dtype_id(index_dtype)} at {start}")


@pytest.mark.xla
@pytest.mark.parametrize("shapes", [((), ()), ((0, 3), (0, 2)), ((3, 4), (3, 0)), ((5,), (5,))])
def test_dynamic_update_slice_edge_shapes(shapes):
    rng = np.random.default_rng(6)
    (xs, us), starts = shapes, tuple(np.int32(2) for _ in shapes[0])
    x, u = sample(rng, np.float32, xs), sample(rng, np.float32, us)
    got, expected = run_both(lambda x, u, *s: lax.dynamic_update_slice(x, u, s), x, u, *starts)
    assert_same(got, expected, str(shapes))


# --- hypothesis: random valid scatter configurations against XLA ------------------------------------


@st.composite
def scatter_configs(draw):
    """A valid scatter: operand shape, which operand dims are inserted / batching / indexed / windowed,
    indices (some out of range) and update layout, all drawn."""
    rank = draw(st.integers(1, 3))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank)))
    dims = list(range(rank))
    batching = sorted(draw(st.lists(st.sampled_from(dims), unique=True, max_size=1)))
    free = [d for d in dims if d not in batching]
    inserted = sorted(draw(st.lists(st.sampled_from(free), unique=True, max_size=len(free))) if free else [])
    indexed = draw(st.permutations(free))[:draw(st.integers(0, len(free)))]
    window_operand_dims = [d for d in dims if d not in inserted and d not in batching]
    window_sizes = [draw(st.integers(0, shape[d])) for d in window_operand_dims]
    batch_shape = [shape[d] for d in batching]
    extra_scatter = draw(st.lists(st.integers(0, 3), max_size=2))
    # indices: batching dims first, then the other scatter dims, index vector last
    scatter_shape = batch_shape + extra_scatter
    count = int(np.prod(scatter_shape, dtype=np.int64))
    starts = draw(st.lists(st.integers(-2, 5), min_size=count * len(indexed), max_size=count * len(indexed)))
    indices = np.array(starts, dtype=np.int32).reshape(scatter_shape + [len(indexed)])
    # updates: scatter dims and window dims interleaved at drawn positions
    update_rank = len(scatter_shape) + len(window_sizes)
    window_dims = sorted(draw(st.permutations(range(update_rank)))[:len(window_sizes)])
    update_shape, it_s, it_w = [], iter(scatter_shape), iter(window_sizes)
    for d in range(update_rank):
        update_shape.append(next(it_w) if d in window_dims else next(it_s))
    kind = draw(st.sampled_from(sorted(LAX_SCATTERS) + ["apply"]))
    dn = lax.ScatterDimensionNumbers(update_window_dims=tuple(window_dims), inserted_window_dims=tuple(inserted),
                                     scatter_dims_to_operand_dims=tuple(indexed),
                                     operand_batching_dims=tuple(batching),
                                     scatter_indices_batching_dims=tuple(range(len(batching))))
    seed = draw(st.integers(0, 2 ** 16))
    dtype = draw(st.sampled_from([np.int32, np.float32]))
    return shape, indices, tuple(update_shape), dn, kind, seed, dtype


@pytest.mark.xla
@examples(100)
@given(scatter_configs())
def test_random_scatter_configurations(config):
    shape, indices, update_shape, dn, kind, seed, dtype = config
    # XLA on CPU applies only the last update when the index vector is empty and the window has one
    # element (test_empty_index_vector_one_element_window checks that case with a formula)
    window = int(np.prod([update_shape[d] for d in dn.update_window_dims], dtype=np.int64))
    assume(indices.shape[-1] or window != 1)
    rng = np.random.default_rng(seed)
    x, u = sample(rng, dtype, shape, small=True), sample(rng, dtype, update_shape, small=True)
    if kind == "apply":  # a general body (run in rounds): old * 3 - 1 per update, in turn
        def fn(x, i):
            return lax.scatter_apply(x, i, lambda v: v * 3 - 1, dn, update_shape=update_shape, mode=DROP)
        args = (x, indices)
    else:
        def fn(x, i, u):
            return LAX_SCATTERS[kind](x, i, u, dn, mode=DROP)
        args = (x, indices, u)
    got = interpret(export(fn, *args), *args)
    assert_same(got, xla(fn, *args), f"{kind} {dn} {shape} {indices.shape} {update_shape}")


@pytest.mark.xla
def test_dynamic_input_runs_on_its_run_time_shape():
    text = """
    func.func @main(%x: tensor<?x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<?x4xf32> {
      %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
          update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        stablehlo.return %b : tensor<f32>
      }) : (tensor<?x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<?x4xf32>
      return %0 : tensor<?x4xf32>
    }"""
    args = (np.arange(12, dtype=np.float32).reshape(3, 4), np.array([[2], [0]], np.int32),
            -np.arange(8, dtype=np.float32).reshape(2, 4))
    assert_same(interpret(text, *args), xla_run_text(text.replace("?x4", "3x4"), *args))
