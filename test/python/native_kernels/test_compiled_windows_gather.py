"""The compiled backend's reduce_window and gather against the interpreter, bit for bit, and
against numpy formulas (float64 within a tolerance for sums and products, exact otherwise).

reduce_window lowers to loops over the result's rows and the window positions in index order
(lib/Conversion/LowerReduceWindow.cpp), reading the input in place: each result is its window
folded init first, padding folding init, as the interpreter folds its padded input
(interpreter/kernels/reductions.py). A gather of rows copies whole rows (LowerDataMovement.cpp); other
gathers read element by element."""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py

_FLOATS = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64}
_INTS = {"i8": np.int8, "ui8": np.uint8, "i32": np.int32, "i64": np.int64, "ui32": np.uint32}
_OPS = {"add": "stablehlo.add", "multiply": "stablehlo.multiply", "max": "stablehlo.maximum",
        "min": "stablehlo.minimum"}
_UFUNCS = {"add": np.add, "multiply": np.multiply, "max": np.maximum, "min": np.minimum}


def _tensor(shape, element) -> str:
    return f"tensor<{''.join(f'{n}x' for n in shape)}{element}>"


def _window_program(shape, element, op, window, strides=None, padding=None, win_dil=None,
                    base_dil=None) -> str:
    out = _window_shape(shape, window, strides, padding, win_dil, base_dil)
    attrs = [f"window_dimensions = array<i64{_list(window)}>"]
    if strides is not None:
        attrs.append(f"window_strides = array<i64{_list(strides)}>")
    if win_dil is not None:
        attrs.append(f"window_dilations = array<i64{_list(win_dil)}>")
    if base_dil is not None:
        attrs.append(f"base_dilations = array<i64{_list(base_dil)}>")
    if padding is not None:
        attrs.append(f"padding = dense<{[list(p) for p in padding]}> : tensor<{len(shape)}x2xi64>")
    t, r, s = _tensor(shape, element), _tensor(out, element), f"tensor<{element}>"
    return f"""func.func @main(%x: {t}, %init: {s}) -> {r} {{
  %0 = "stablehlo.reduce_window"(%x, %init) ({{
  ^bb0(%a: {s}, %b: {s}):
    %m = {_OPS[op]} %a, %b : {s}
    stablehlo.return %m : {s}
  }}) {{{", ".join(attrs)}}} : ({t}, {s}) -> {r}
  return %0 : {r}
}}"""


def _list(values) -> str:
    return "" if not len(values) else ": " + ", ".join(map(str, values))


def _window_shape(shape, window, strides, padding, win_dil, base_dil):
    rank = len(shape)
    strides, win_dil, base_dil = (v or (1,) * rank for v in (strides, win_dil, base_dil))
    padding = padding or ((0, 0),) * rank
    out = []
    for n, w, s, wd, bd, (lo, hi) in zip(shape, window, strides, win_dil, base_dil, padding):
        size = (n - 1) * bd + 1 + lo + hi if n else lo + hi
        span = (w - 1) * wd + 1
        out.append(0 if size < span else (size - span) // s + 1)
    return out


def _window_oracle(x, init, op, window, strides=None, padding=None, win_dil=None, base_dil=None):
    """reduce_window by its definition: the input spread (base dilation) and padded with init,
    each window folded in index order, init first, in float64 for floats (its own rounding)."""
    rank = x.ndim
    strides, win_dil, base_dil = (v or (1,) * rank for v in (strides, win_dil, base_dil))
    padding = padding or ((0, 0),) * rank
    wide = np.float64 if x.dtype.kind == "f" or x.dtype == ml_dtypes.bfloat16 else np.int64
    spread_shape = [(n - 1) * b + 1 if n else 0 for n, b in zip(x.shape, base_dil)]
    spread = np.full(spread_shape, init, wide)
    spread[tuple(slice(None, None, b) for b in base_dil)] = x.astype(wide)
    grown = np.full([n + max(lo, 0) + max(hi, 0) for n, (lo, hi) in zip(spread_shape, padding)], init, wide)
    grown[tuple(slice(max(lo, 0), max(lo, 0) + n) for n, (lo, _) in zip(spread_shape, padding))] = spread
    padded = grown[tuple(slice(-min(lo, 0), grown.shape[d] + min(hi, 0)) for d, (lo, hi) in enumerate(padding))]
    out = _window_shape(x.shape, window, strides, padding, win_dil, base_dil)
    result = np.full(out, init, wide)
    combine = _UFUNCS[op]
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf is NaN, as it should be
        for k in itertools.product(*(range(w) for w in window)):  # index order
            view = padded[tuple(slice(kd * d, kd * d + (o - 1) * s + 1, s) if o else slice(0, 0)
                                for kd, d, o, s in zip(k, win_dil, out, strides))]
            result = combine(result, view)
    return result


def _data(shape, dtype, op, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -100), min(info.max, 100), shape, endpoint=True).astype(dtype)
    if op == "multiply":
        return (1 + rng.standard_normal(shape) / 30).astype(dtype)
    scale = 10.0 ** rng.integers(-3, 4 if dtype != np.float16 else 2, shape)
    return (rng.standard_normal(shape) * scale).astype(dtype)


_INIT = {"add": 0, "multiply": 1, "max": -np.inf, "min": np.inf}
_TOLERANCE = {"f16": 2e-2, "bf16": 1e-1, "f32": 1e-4, "f64": 1e-10}

# (shape, window, strides, padding, window dilations, base dilations)
_WINDOWS = [
    ((2, 9, 9, 4), (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0)), None, None),  # NHWC
    ((2, 3, 10, 11), (1, 1, 3, 2), (1, 1, 2, 3), ((0, 0), (0, 0), (2, 1), (0, 2)), None, None),  # NCHW
    ((6, 20), (2, 3), None, ((1, 0), (3, 3)), (2, 3), (2, 1)),  # both dilations
    ((8, 9), (2, 2), (1, 2), ((-1, 1), (2, -2)), None, None),  # negative padding crops
    ((12,), (12,), None, ((11, 0),), None, None),  # a scan of 12 (the interpreter's in-order one)
    ((3, 4), (2, 2), (3, 1), ((5, 5), (0, 1)), None, None),  # windows wholly in the padding
    ((3, 4), (1, 1), None, None, None, None),  # one element per window: body(init, x)
    ((5, 7, 3), (3, 1, 1), (2, 1, 1), ((1, 2), (0, 0), (0, 0)), (2, 1, 1), None),  # rows of 7x3
    ((4, 5), (2, 3), (2, 2), ((0, 1), (1, 1)), None, (3, 2)),  # base dilation both ways
    ((20, 20), (9, 9), (1, 2), ((4, 4), (4, 4)), None, None),  # 81 > DIRECT_WINDOW: the interpreter
    # reduces max, min and integer windows at once
]


def _run_both(text, x, init):
    init = np.asarray(init, x.dtype)
    got = stablehlo_py.compile(text, backend="compiled")(x, init)
    return got, stablehlo_py.interpret(text, x, init)


@pytest.mark.parametrize("case", range(len(_WINDOWS)))
@pytest.mark.parametrize("op", sorted(_OPS))
@pytest.mark.parametrize("element", [*_FLOATS, *_INTS])
def test_reduce_window_is_the_interpreters(case, op, element):
    shape, window, strides, padding, win_dil, base_dil = _WINDOWS[case]
    dtype = _FLOATS.get(element) or _INTS[element]
    text = _window_program(shape, element, op, window, strides, padding, win_dil, base_dil)
    x = _data(shape, dtype, op, seed=case)
    init = _INIT[op]
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        init = {"add": 0, "multiply": 1, "max": info.min, "min": info.max}[op]
    got, expected = _run_both(text, x, init)
    assert_same(got, expected, f"{element} {op} {_WINDOWS[case]}")
    oracle = _window_oracle(x, init, op, window, strides, padding, win_dil, base_dil)
    if element in _FLOATS and op in ("add", "multiply"):
        # rounding errors scale with the terms (which cancel): bounded by the sum of magnitudes
        scale = _window_oracle(np.abs(x), abs(init), op, window, strides, padding, win_dil, base_dil)
        error = np.abs(got[0].astype(np.float64) - oracle)
        assert np.all(error <= _TOLERANCE[element] * (scale + 1e-30)), error.max()
    elif element in _FLOATS:
        assert np.array_equal(got[0].astype(np.float64), oracle)
    else:  # integer sums and products wrap in the element type
        assert np.array_equal(got[0], oracle.astype(dtype))


@pytest.mark.parametrize("element", ["f32", "f16", "bf16"])
def test_sum_windows_keep_the_index_order(element):
    # terms that cancel: each window's bits depend on the order it is summed in
    dtype = _FLOATS[element]
    x = np.array([[1e4, 1, -1e4, 3e-3, 7, -7, 2.5, 1e4, -1e4, 0.1]], dtype)
    x = np.repeat(x, 3, axis=0) * np.array([[1], [-1], [3]], dtype)
    text = _window_program(x.shape, element, "add", (1, 4), (1, 1), ((0, 0), (2, 1)))
    for init in (0.0, -0.0, 0.3):
        got, expected = _run_both(text, x, init)
        assert_same(got, expected, f"{element} init {init}")


@pytest.mark.parametrize("op", ["max", "min", "add"])
def test_signed_zeros_nan_and_an_init_that_is_not_the_identity(op):
    # padding folds init (init + -0.0 is +0.0), max/min order -0.0 below +0.0, NaN propagates
    x = np.array([[-0.0, 0.0, np.nan, -0.0], [-0.0, -0.0, 1.0, -np.inf], [2.0, -0.0, 0.0, -0.0]], np.float32)
    text = _window_program(x.shape, "f32", op, (2, 2), (1, 1), ((1, 1), (1, 1)))
    for init in (-0.0, 0.0, -np.inf, np.inf, np.nan, 5.0):
        got, expected = _run_both(text, x, init)
        assert_same(got, expected, f"{op} init {init}")
        oracle = _window_oracle(x, init, op, (2, 2), (1, 1), ((1, 1), (1, 1)))
        np.testing.assert_array_equal(got[0], oracle.astype(np.float32))


@pytest.mark.parametrize("element", sorted(_FLOATS))
@pytest.mark.parametrize("op", ["add", "multiply"])
@pytest.mark.parametrize("reverse", [False, True])
def test_scans_in_the_interpreters_blocks(element, op, reverse):
    # cumsum/cumprod longer than 16 from the identity: XLA's blocks of 16 (the interpreter's
    # _blocked_scan, three levels at 300); another init folds each window in index order
    dtype = _FLOATS[element]
    for shape, axis in (((17,), 0), ((3, 37), 1), ((300, 2), 0)):
        n = shape[axis]
        x = _data(shape, dtype, op, seed=n)
        window = [1] * len(shape)
        window[axis] = n
        padding = [(0, 0)] * len(shape)
        padding[axis] = (0, n - 1) if reverse else (n - 1, 0)
        text = _window_program(shape, element, op, window, padding=padding)
        for init in ((0.0, -0.0, 0.5) if op == "add" else (1.0, 0.5)):
            got, expected = _run_both(text, x, init)
            assert_same(got, expected, f"{shape} init {init}")
            wide = np.flip(x, axis) if reverse else x
            wide = (np.cumsum if op == "add" else np.cumprod)(wide.astype(np.float64), axis=axis)
            # init, then the window's padding (init each) and elements
            count = np.arange(n)[::-1] if not reverse else np.arange(n)
            count = np.expand_dims(count, [d for d in range(len(shape)) if d != axis])
            inits = np.float64(init) * (1 + count) if op == "add" else np.float64(init) ** (1 + count)
            wide = _UFUNCS[op](inits, np.flip(wide, axis) if reverse else wide)
            scale = np.cumsum(np.abs(np.flip(x, axis) if reverse else x).astype(np.float64), axis=axis)
            scale = np.flip(scale, axis) if reverse else scale
            error = np.abs(got[0].astype(np.float64) - wide)
            # each step rounds to the element type: errors grow with the steps (and products
            # of many 0.5s underflow)
            info = ml_dtypes.finfo(dtype)
            eps = (n + 1) * float(info.eps)
            bound = eps * ((scale + np.abs(inits)) if op == "add" else np.abs(wide)) + float(info.tiny)
            assert np.all(error <= bound), error.max()


def test_large_pool_matches_the_interpreters_loop():
    # >= 4096 results: from its second call the interpreter runs its JIT window loop
    x = _data((4, 34, 34, 8), np.float32, "add", seed=3)
    for op in ("add", "max"):
        text = _window_program(x.shape, "f32", op, (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (0, 1), (0, 1), (0, 0)))
        run = stablehlo_py.compile(text, backend="compiled")
        interpret = stablehlo_py.compile(text, backend="interpreter")
        init = np.asarray(_INIT[op], np.float32)
        got = run(x, init)
        for _ in range(3):
            assert_same(got, interpret(x, init), op)


def test_variadic_and_rank_zero_windows():
    # an argmax over windows: two inputs, a body of compares and selects
    t, s, i = "tensor<5x6xf32>", "tensor<f32>", "tensor<i32>"
    text = f"""func.func @main(%x: {t}, %k: tensor<5x6xi32>, %x0: {s}, %k0: {i}) -> ({_tensor((4, 3), 'f32')}, {_tensor((4, 3), 'i32')}) {{
  %0:2 = "stablehlo.reduce_window"(%x, %k, %x0, %k0) ({{
  ^bb0(%a: {s}, %ai: {i}, %b: {s}, %bi: {i}):
    %gt = stablehlo.compare GT, %b, %a : ({s}, {s}) -> tensor<i1>
    %v = stablehlo.select %gt, %b, %a : tensor<i1>, {s}
    %j = stablehlo.select %gt, %bi, %ai : tensor<i1>, {i}
    stablehlo.return %v, %j : {s}, {i}
  }}) {{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>}} : ({t}, tensor<5x6xi32>, {s}, {i}) -> ({_tensor((4, 3), 'f32')}, {_tensor((4, 3), 'i32')})
  return %0#0, %0#1 : {_tensor((4, 3), 'f32')}, {_tensor((4, 3), 'i32')}
}}"""
    x = _data((5, 6), np.float32, "add", seed=5)
    k = np.arange(30, dtype=np.int32).reshape(5, 6)
    args = (x, k, np.float32(-np.inf), np.int32(-1))
    got = stablehlo_py.compile(text, backend="compiled")(*args)
    assert_same(got, stablehlo_py.interpret(text, *args))
    padded = np.pad(x, ((0, 0), (1, 0)), constant_values=-np.inf)
    for r, c in np.ndindex(4, 3):
        window = padded[r:r + 2, 2 * c:2 * c + 3]
        assert got[0][r, c] == window.max()
    scalar = _window_program((), "f64", "min", ())
    got, expected = _run_both(scalar, np.float64(2.5), 1.5)
    assert_same(got, expected)
    assert got[0] == 1.5


def test_empty_windows():
    text = _window_program((0, 4), "f32", "add", (1, 2))
    got, expected = _run_both(text, np.zeros((0, 4), np.float32), 0.0)
    assert_same(got, expected)
    text = _window_program((0, 4), "f32", "add", (1, 2), padding=((1, 1), (0, 0)))
    got, expected = _run_both(text, np.zeros((0, 4), np.float32), 3.0)  # windows of padding only
    assert_same(got, expected)
    assert np.array_equal(got[0], np.full((2, 3), 9.0, np.float32))  # init, then two of padding


# ---------------------------------------------------------------------------
# gather


def _gather_program(operand, indices, out, element, index_type, offset_dims, collapsed, start_map,
                    index_vector_dim, slice_sizes, operand_batching=(), indices_batching=()) -> str:
    numbers = [f"offset_dims = [{', '.join(map(str, offset_dims))}]"]
    if collapsed:
        numbers.append(f"collapsed_slice_dims = [{', '.join(map(str, collapsed))}]")
    if operand_batching:
        numbers.append(f"operand_batching_dims = [{', '.join(map(str, operand_batching))}]")
        numbers.append(f"start_indices_batching_dims = [{', '.join(map(str, indices_batching))}]")
    numbers.append(f"start_index_map = [{', '.join(map(str, start_map))}]")
    numbers.append(f"index_vector_dim = {index_vector_dim}")
    t, i, r = _tensor(operand, element), _tensor(indices, index_type), _tensor(out, element)
    return f"""func.func @main(%x: {t}, %i: {i}) -> {r} {{
  %0 = "stablehlo.gather"(%x, %i) {{dimension_numbers = #stablehlo.gather<{', '.join(numbers)}>, slice_sizes = array<i64{_list(slice_sizes)}>}} : ({t}, {i}) -> {r}
  return %0 : {r}
}}"""


def _gather_oracle(x, idx, out, offset_dims, collapsed, start_map, index_vector_dim, slice_sizes,
                   operand_batching=(), indices_batching=()):
    """gather by the spec's formula, one result element at a time, starts clamped."""
    result = np.zeros(out, x.dtype)
    batch_dims = [d for d in range(len(out)) if d not in offset_dims]
    idx = idx if index_vector_dim < idx.ndim else idx[..., None]
    kept = [d for d in range(x.ndim) if d not in collapsed and d not in operand_batching]
    indices_dims = [d for d in range(idx.ndim) if d != index_vector_dim]
    for at in np.ndindex(*out):
        batch = [at[d] for d in batch_dims]
        where = list(batch)
        where.insert(index_vector_dim, slice(None))
        vector = idx[tuple(where)]
        start = [0] * x.ndim
        for k, d in enumerate(start_map):
            start[d] = int(np.clip(int(vector[k]), 0, x.shape[d] - slice_sizes[d]))
        for od, idim in zip(operand_batching, indices_batching):
            start[od] = batch[indices_dims.index(idim)]
        position = list(start)
        for d, o in zip(kept, offset_dims):
            position[d] += at[o]
        result[at] = x[tuple(position)]
    return result


# (operand, indices, result, offset_dims, collapsed, start_index_map, index_vector_dim, slice_sizes,
#  operand_batching, indices_batching)
_GATHERS = [
    ((50, 32), (7,), (7, 32), (1,), (0,), (0,), 1, (1, 32), (), ()),  # embedding rows
    ((50, 24), (3, 4), (3, 4, 24), (2,), (0,), (0,), 2, (1, 24), (), ()),  # ids in 2-D
    ((10, 7, 20), (5, 2), (5, 3, 20), (1, 2), (0,), (0, 1), 1, (1, 3, 20), (), ()),  # 3x20 blocks
    ((10, 7, 20), (2, 5), (3, 5, 20), (0, 2), (0,), (0, 1), 0, (1, 3, 20), (), ()),  # vector dim 0,
    # a batch dimension between the offset ones
    ((3, 10, 16), (3, 4, 1), (3, 4, 2, 16), (2, 3), (), (1,), 2, (1, 2, 16), (0,), (0,)),  # batching
    ((6, 40), (4, 1), (4, 2, 17), (1, 2), (), (1,), 1, (2, 17), (), ()),  # no collapsed dimension:
    # (start along the last dimension, clamped to 40 - 17)
    ((50, 8), (7,), (7, 8), (1,), (0,), (0,), 1, (1, 8), (), ()),  # short rows: the generic
    ((20, 3), (4,), (20, 4), (0,), (1,), (1,), 1, (20, 1), (), ()),  # columns: the generic
]


@pytest.mark.parametrize("case", range(len(_GATHERS)))
@pytest.mark.parametrize("element", ["f32", "f16", "bf16", "f64", "i8", "ui8", "i1", "i64"])
@pytest.mark.parametrize("index_type", ["i32", "ui32", "i64"])
def test_gather_is_the_interpreters(case, element, index_type):
    operand, indices, out, offset_dims, collapsed, start_map, ivd, sizes, ob, ib = _GATHERS[case]
    rng = np.random.default_rng(case)
    if element == "i1":
        x = rng.integers(0, 2, operand).astype(np.bool_)
    else:
        dtype = _FLOATS.get(element) or _INTS[element]
        x = _data(operand, dtype, "add", seed=case)
    dtype = _INTS[index_type]
    low = 0 if index_type.startswith("u") else -5
    ids = rng.integers(low, max(operand) + 5, indices).astype(dtype)  # some out of bounds: clamped
    text = _gather_program(operand, indices, out, element, index_type, offset_dims, collapsed, start_map, ivd,
                           sizes, ob, ib)
    got = stablehlo_py.compile(text, backend="compiled")(x, ids)
    assert_same(got, stablehlo_py.interpret(text, x, ids), f"{element} {index_type} {_GATHERS[case]}")
    oracle = _gather_oracle(x, ids, out, offset_dims, collapsed, start_map, ivd, sizes, ob, ib)
    assert np.array_equal(got[0].view(np.uint8), oracle.view(np.uint8))


def test_torch_index_select_rows():
    text = """func.func @main(%x: tensor<2x9x18xf32>, %i: tensor<2x5xui32>) -> tensor<2x5x18xf32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x9x18xf32>, tensor<2x5xui32>) -> tensor<2x5x18xf32>
  return %0 : tensor<2x5x18xf32>
}"""
    x = _data((2, 9, 18), np.float32, "add")
    i = np.array([[0, 8, 3, 100, 2], [7, 7, 1, 0, 4000000000]], np.uint32)
    got = stablehlo_py.compile(text, backend="compiled")(x, i)
    assert_same(got, stablehlo_py.interpret(text, x, i))
    expected = np.stack([x[b][np.minimum(i[b], 8)] for b in range(2)])
    assert np.array_equal(got[0], expected)


def test_embedding_lookup_as_jax_exports_it():
    jax = pytest.importorskip("jax")
    table = _data((300, 64), np.float32, "add")
    ids = np.array([0, 299, 5, -1, -300, 17, 299, 3], np.int32)  # jnp.take wraps negatives first
    text = jax.jit(lambda t, i: t[i]).lower(table, ids).as_text()
    got = stablehlo_py.compile(text, backend="compiled")(table, ids)
    assert_same(got, stablehlo_py.interpret(text, table, ids))
    assert np.array_equal(got[0], np.asarray(jax.jit(lambda t, i: t[i])(table, ids)))
