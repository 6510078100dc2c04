"""The fast paths of the indexing kernels, each against an independent oracle (numpy formulas of
the spec, and XLA), with their size thresholds monkeypatched down so the tests stay small
(threads.run, which they split their work with, is tested in runtime/test_threads.py); where a
spy checks that a path is taken, it is where it applies and not where it does not:

- gather reading its rows on several threads (indexing._take_rows): bit-exact against numpy's
  clamped indexing and XLA, over dtypes, edge values and gather shapes;
- gather of whole rows (an embedding lookup; two calls of one prepared program): bit-exact
  against the spec's clamp in numpy over table and index dtypes, row sizes, strided tables and
  index layouts, on threads when large, and XLA;
- scatter of contiguous windows with a one-op body: bit-exact against the spec applied in update
  order and XLA over element types, bodies, index types and overlapping or partly out-of-range
  windows;
- scatter of whole rows in rounds (indexing._row_rounds, _Windows.combine_rows): the rounds
  against their definition, the results bit-exact against numpy's in-order ufunc.at and XLA,
  with duplicates, edge values and out-of-range indices (dropped).
"""

from __future__ import annotations

import jax
import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, export, xla, xla_run_text
from jax import lax

from stablehlo_py.interpreter import compile as compile_module
from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.kernels import indexing
from stablehlo_py.interpreter.runtime import threads

# --- gather on threads ----------------------------------------------------------------------


@pytest.fixture
def split_takes(monkeypatch):
    """Every gather of at least one row splits across 3 threads; records the chunks taken."""
    monkeypatch.setattr(indexing, "TAKE_THREAD_BYTES", 1)
    monkeypatch.setattr(indexing, "TAKE_CHUNK_BYTES", 1)
    monkeypatch.setattr(threads, "count", lambda: 3)
    calls = []
    original = threads.run

    def spy(fn, total, min_chunk):
        chunks = []

        def recorded(start, stop):
            chunks.append((start, stop))
            fn(start, stop)

        original(recorded, total, min_chunk)
        calls.append(sorted(chunks))

    monkeypatch.setattr(threads, "run", spy)
    return calls


def _edge_table(dtype, rows, width, seed=0):
    """A table of `dtype` holding its edge values (NaN with payloads, +-inf, +-0, min, max)."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, (rows, width)).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        table = rng.integers(info.min, info.max, (rows, width), endpoint=True, dtype=dtype)
        table.flat[:4] = [info.min, info.max, 0, -1 if dtype.kind == "i" else 1]
        return table
    if dtype.kind == "c":
        parts = [_edge_table(np.float32 if dtype.itemsize == 8 else np.float64, rows, width, s) for s in (seed, seed + 1)]
        table = np.empty((rows, width), dtype)
        table.real, table.imag = parts
        return table
    table = (rng.standard_normal((rows, width)) * 100).astype(dtype)
    table.flat[:5] = np.array([np.inf, -np.inf, 0.0, -0.0, np.nan]).astype(dtype)
    if dtype in (np.float32, np.float64):  # NaNs with payloads and signs: gather moves bits
        bits = table.view(f"u{dtype.itemsize}")
        exponent, sign = (0x7F800000, 1 << 31) if dtype == np.float32 else (0x7FF0000000000000, 1 << 63)
        bits.flat[5:7] = [exponent | 12345, sign | exponent | 77]
    return table


def _same_bits(got, expected):
    assert got.dtype == expected.dtype and got.shape == expected.shape
    view = f"u{got.dtype.itemsize}" if got.dtype.kind != "b" else bool
    if got.dtype.kind == "c":
        got, expected, view = got.view(f"u{got.dtype.itemsize // 2}"), expected.view(f"u{got.dtype.itemsize // 2}"), None
    assert np.array_equal(got.view(view) if view else got, expected.view(view) if view else expected)


def _ids(rng, rows, count):
    """Row ids with out-of-range ones (jax wraps negatives once; the gather clamps the rest)."""
    ids = rng.integers(0, rows, count).astype(np.int32)
    ids[:6] = [0, rows - 1, rows, -1, np.iinfo(np.int32).min, np.iinfo(np.int32).max]
    return ids


def _clamped(ids, rows):
    wrapped = np.where(ids < 0, ids.astype(np.int64) + rows, ids)
    return np.clip(wrapped, 0, rows - 1)


GATHER_DTYPES = [np.float32, np.float64, np.float16, ml_dtypes.bfloat16, np.int8, np.int32, np.uint64, np.bool_,
                 np.complex64]


@pytest.mark.xla
@pytest.mark.parametrize("dtype", GATHER_DTYPES, ids=lambda d: np.dtype(d).name)
def test_gather_rows_on_threads(dtype, split_takes):
    rng = np.random.default_rng(1)
    table = _edge_table(dtype, 40, 24)
    ids = _ids(rng, 40, 301)
    fn = lambda t, i: t[i]  # noqa: E731
    got = interpret(export(fn, table, ids), table, ids)
    assert split_takes == [[(0, 100), (100, 200), (200, 301)]], "the gather did not split its rows"
    _same_bits(got[0], table[_clamped(ids, 40)])
    assert_same(got, xla(fn, table, ids), "XLA")


def test_gather_results_equal_without_threads(monkeypatch, split_takes):
    rng = np.random.default_rng(2)
    table = _edge_table(np.float32, 50, 33)
    ids = _ids(rng, 50, 1000)
    text = export(lambda t, i: t[i], table, ids)
    threaded = interpret(text, table, ids)[0]
    monkeypatch.setenv("STABLEHLO_PY_THREADS", "1")
    monkeypatch.setattr(threads, "count", lambda: 1)
    alone = interpret(text, table, ids)[0]
    assert len(split_takes) == 1 and len(split_takes[0]) == 3  # the second call took its rows at once
    _same_bits(threaded, alone)
    _same_bits(threaded, table[_clamped(ids, 50)])


@pytest.mark.xla
@pytest.mark.parametrize("case", ["batch_2d", "columns", "windows", "row_slices"])
def test_gather_shapes_on_threads(case, split_takes):
    """Gathers whose rows are a copy (columns), whose row numbers carry batch axes or windows."""
    rng = np.random.default_rng(3)
    table = _edge_table(np.float32, 30, 20, seed=3)
    if case == "batch_2d":  # ids of shape (7, 9)
        ids = _ids(rng, 30, 63).reshape(7, 9)
        fn = lambda t, i: t[i]  # noqa: E731
        expected = table[_clamped(ids, 30)]
    elif case == "columns":  # the indexed dimension is not the first: the rows are a transposed copy
        ids = _ids(rng, 20, 50)
        fn = lambda t, i: t[:, i]  # noqa: E731
        expected = table[:, _clamped(ids, 20)]
    elif case == "windows":  # 4-row windows at clamped starts: row numbers broadcast over the window
        ids = rng.integers(-3, 32, 40).astype(np.int32)
        fn = lambda t, i: jax.vmap(lambda s: lax.dynamic_slice(t, (s, np.int32(0)), (4, 20)))(i)  # noqa: E731
        starts = np.clip(np.where(ids < 0, ids + 30, ids), 0, 26)  # jax wraps negative starts once
        expected = np.stack([table[s:s + 4] for s in starts])
    else:  # slices of the rows (plain dimension cut to 5 of 20 columns)
        ids = rng.integers(-3, 32, 40).astype(np.int32)
        fn = lambda t, i: jax.vmap(lambda s: lax.dynamic_slice(t, (s, np.int32(0)), (1, 5)))(i)  # noqa: E731
        expected = np.stack([table[s:s + 1, :5] for s in _clamped(ids, 30)])
    got = interpret(export(fn, table, ids), table, ids)
    assert split_takes and all(len(c) > 1 for c in split_takes), "the gather did not split its rows"
    _same_bits(got[0], expected)
    assert_same(got, xla(fn, table, ids), "XLA")


def test_small_gathers_stay_on_one_thread(monkeypatch):
    """Below TAKE_THREAD_BYTES read (or twice that from a table smaller than it): one np.take."""
    calls = []
    original = threads.run

    def spy(fn, total, min_chunk):
        calls.append(total)
        original(fn, total, min_chunk)

    monkeypatch.setattr(threads, "run", spy)
    monkeypatch.setattr(threads, "count", lambda: 2)
    monkeypatch.setattr(indexing, "TAKE_CHUNK_BYTES", 64 << 10)
    table = _edge_table(np.float32, 1000, 64)  # 250 KiB
    ids = _ids(np.random.default_rng(4), 1000, 4096)  # 1 MiB of rows
    text = export(lambda t, i: t[i], table, ids)
    for threshold, split in [(indexing.TAKE_THREAD_BYTES, False), (600 << 10, False), (300 << 10, True),
                             (200 << 10, True)]:
        monkeypatch.setattr(indexing, "TAKE_THREAD_BYTES", threshold)
        calls.clear()
        got = interpret(text, table, ids)
        assert calls == ([4096] if split else []), threshold
        _same_bits(got[0], table[_clamped(ids, 1000)])


# --- gather of whole rows -------------------------------------------------------------------


def _gather_text(table_shape, element, ids_shape, index, ivd, mapped, slice_sizes):
    """stablehlo.gather of whole rows: `mapped` dims indexed (and collapsed), the rest cut to
    `slice_sizes` and kept as offset dims after the batch dims."""
    rank, batch = len(table_shape), len(ids_shape) - 1
    table = f"tensor<{'x'.join(map(str, table_shape))}x{element}>"
    ids = f"tensor<{'x'.join(map(str, ids_shape))}x{index}>"
    batch_shape = [n for d, n in enumerate(ids_shape) if d != ivd]
    kept = [slice_sizes[d] for d in range(rank) if d not in mapped]
    result = f"tensor<{'x'.join(map(str, batch_shape + kept))}x{element}>"
    offsets = list(range(batch, batch + len(kept)))
    return f"""func.func @main(%t: {table}, %i: {ids}) -> {result} {{
  %0 = "stablehlo.gather"(%t, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = {offsets},
      collapsed_slice_dims = {list(mapped)}, start_index_map = {list(mapped)}, index_vector_dim = {ivd}>,
      slice_sizes = array<i64: {', '.join(map(str, slice_sizes))}>}}> : ({table}, {ids}) -> {result}
  return %0 : {result}
}}"""


INDEX = {np.int8: "i8", np.int16: "i16", np.int32: "i32", np.int64: "i64", np.uint8: "ui8", np.uint16: "ui16",
         np.uint32: "ui32", np.uint64: "ui64"}


def _edge_ids(rng, dtype, rows, count):
    """Ids of `dtype` in and out of range: the type's min and max, 0, rows - 1, rows, -1."""
    info = np.iinfo(dtype)
    ids = rng.integers(0, min(rows, info.max), count, dtype=np.int64).astype(dtype)
    edges = [info.min, info.max, 0, min(rows - 1, info.max), min(rows, info.max)] + ([-1] if info.min else [])
    ids[:len(edges)] = edges
    return ids


def _clamp_to(ids, rows):
    """The spec's clamp of a start index to [0, rows - 1], exactly (as Python integers)."""
    return np.array([min(max(int(v), 0), rows - 1) for v in ids.reshape(-1)], np.int64).reshape(ids.shape)


def _run_twice(text, *args):
    """Two calls of one prepared program."""
    run = compile_module(text)
    return run(*args)[0], run(*args)[0]


@pytest.mark.parametrize("index", list(INDEX), ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("dtype", GATHER_DTYPES, ids=lambda d: np.dtype(d).name)
def test_gather_whole_rows_gathers_rows(dtype, index):
    rng = np.random.default_rng(11)
    table = _edge_table(dtype, 40, 6, seed=5)
    ids = _edge_ids(rng, index, 40, 57)
    text = _gather_text((40, 6), ELEMENT[dtype], (57, 1), INDEX[index], 1, [0], [1, 6])
    first, second = _run_twice(text, table, ids.reshape(57, 1))
    expected = table[_clamp_to(ids, 40)]
    _same_bits(first, expected)
    _same_bits(second, expected)


@pytest.mark.parametrize("width", [1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 130])
def test_gather_whole_rows_row_sizes(width):
    """Rows of every tail: 32-byte vectors, then 16, 8, 4, 2 and 1 bytes."""
    table = _edge_table(np.int8, 9, width, seed=width)
    ids = _edge_ids(np.random.default_rng(width), np.int32, 9, 20)
    text = _gather_text((9, width), "i8", (20, 1), "i32", 1, [0], [1, width])
    second = _run_twice(text, table, ids.reshape(20, 1))[1]
    _same_bits(second, table[_clamp_to(ids, 9)])


@pytest.mark.parametrize("ivd", [0, 1])
def test_gather_whole_rows_two_start_columns(ivd):
    """Indices into the first two dims of a 3-D table (row number i * 7 + j), the index vector
    along either dim of the indices (ivd 0: the starts are a strided view)."""
    rng = np.random.default_rng(12)
    table = _edge_table(np.float32, 5 * 7, 9, seed=12).reshape(5, 7, 9)
    ids = np.stack([_edge_ids(rng, np.int16, 5, 30), _edge_ids(rng, np.int16, 7, 30)], axis=ivd)
    text = _gather_text((5, 7, 9), "f32", ids.shape, "i16", ivd, [0, 1], [1, 1, 9])
    second = _run_twice(text, table, ids)[1]
    starts = np.moveaxis(ids, ivd, -1)
    _same_bits(second, table[_clamp_to(starts[:, 0], 5), _clamp_to(starts[:, 1], 7)])


def test_gather_whole_rows_strided_tables():
    """Rows cut short (a row stride past the row), tables given as reversed and transposed views."""
    rng = np.random.default_rng(13)
    base = _edge_table(np.float64, 30, 12, seed=13)
    ids = _edge_ids(rng, np.int32, 30, 25).reshape(25, 1)
    rows = _clamp_to(ids[:, 0], 30)
    cut = _gather_text((30, 12), "f64", (25, 1), "i32", 1, [0], [1, 5])
    for table in (base, base[::-1], base[:, ::-1], np.asfortranarray(base)):
        _same_bits(_run_twice(cut, table, ids)[1], table[rows, :5])
    batch = _gather_text((30, 12), "f64", (5, 5, 1), "i32", 2, [0], [1, 12])
    _same_bits(_run_twice(batch, base, ids.reshape(5, 5, 1))[1], base[rows.reshape(5, 5)])


def test_gather_whole_rows_on_threads(split_takes):
    table = _edge_table(np.complex64, 64, 10, seed=14)
    ids = _edge_ids(np.random.default_rng(14), np.uint32, 64, 301).reshape(301, 1)
    text = _gather_text((64, 10), "complex<f32>", (301, 1), "ui32", 1, [0], [1, 10])
    first, second = _run_twice(text, table, ids)
    assert split_takes[-1] == [(0, 100), (100, 200), (200, 301)], "the rows were not taken on threads"
    _same_bits(second, table[_clamp_to(ids[:, 0], 64)])
    _same_bits(first, second)


@pytest.mark.xla
def test_gather_whole_rows_against_xla():
    """JAX's embedding lookup (negative ids wrapped once, then clamped) against XLA."""
    table = _edge_table(ml_dtypes.bfloat16, 50, 33, seed=15)
    ids = _ids(np.random.default_rng(15), 50, 400)
    fn = lambda t, i: t[i]  # noqa: E731
    run = compile_module(export(fn, table, ids))
    run(table, ids)
    got = run(table, ids)
    assert_same(got, xla(fn, table, ids), "XLA")


# --- scatter of rows in rounds --------------------------------------------------------------


def _rounds_by_definition(rows):
    """Round r: the positions of every row's r-th update (in position order within a row)."""
    seen, rounds = {}, []
    for position, row in enumerate(rows.tolist()):
        r = seen.get(row, 0)
        seen[row] = r + 1
        if r == len(rounds):
            rounds.append([])
        rounds[r].append(position)
    return rounds


@pytest.mark.parametrize("table_rows,count,hot", [
    (300, 1024, 0),  # one 16-bit sort key
    (3000, 2000, 150),  # two radix passes: (most updates) * rows past 16 bits
    (200, 2000, 400),  # more than 255 updates on one row: an int64 key
    (100_000, 40_000, 0),  # more than 65536 rows: an int64 key
])
def test_row_rounds_against_their_definition(table_rows, count, hot):
    rng = np.random.default_rng(5)
    rows = rng.integers(0, table_rows, count)
    rows[rng.permutation(count)[:hot]] = 7
    rounds = indexing._row_rounds(rows, table_rows)
    expected = _rounds_by_definition(rows)
    assert len(rounds) == len(expected)
    first_groups = rounds[0][0]
    for r, ((groups, chosen), positions) in enumerate(zip(rounds, expected)):
        assert sorted(chosen.tolist()) == positions, f"round {r}"
        # groups by decreasing size, ties by row: round r's rows are the first ones of round 0
        assert np.array_equal(groups, first_groups[:len(groups)])
        assert np.array_equal(rows[chosen], rows[rounds[0][1][:len(chosen)]])
    sizes = np.bincount(rows)[rows[rounds[0][1]]]
    assert np.all(np.diff(sizes) <= 0)
    ties = np.diff(sizes) == 0
    assert np.all(np.diff(rows[rounds[0][1]])[ties] > 0)
    # the general grouping gives the same rounds
    for (_, a), (_, b) in zip(rounds, indexing._Groups(rows).rounds()):
        assert np.array_equal(a, b)


@pytest.fixture
def row_combines(monkeypatch):
    """Small scatters take the row path (ROUND_ELEMENTS down); records each combine_rows' rounds."""
    monkeypatch.setattr(indexing, "ROUND_ELEMENTS", 16)
    calls = []
    original = indexing._Windows.combine_rows

    def spy(self, result, ufunc, rounds):
        calls.append((ufunc, len(rounds)))
        return original(self, result, ufunc, rounds)

    monkeypatch.setattr(indexing._Windows, "combine_rows", spy)
    return calls


ELEMENT = {np.float32: "f32", np.float64: "f64", np.float16: "f16", ml_dtypes.bfloat16: "bf16", np.int32: "i32",
           np.int8: "i8", np.uint8: "ui8", np.uint64: "ui64", np.complex64: "complex<f32>", np.complex128: "complex<f64>",
           np.bool_: "i1"}
OPS = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum, "or": np.logical_or,
       "xor": np.bitwise_xor}


def _scatter_text(rows, width, count, element, op, index="i32"):
    table, update = f"tensor<{rows}x{width}x{element}>", f"tensor<{count}x{width}x{element}>"
    return f"""func.func @main(%t: {table}, %i: tensor<{count}x1x{index}>, %u: {update}) -> {table} {{
  %0 = "stablehlo.scatter"(%t, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
    %s = stablehlo.{op} %a, %b : tensor<{element}>
    stablehlo.return %s : tensor<{element}>
  }}) : ({table}, tensor<{count}x1x{index}>, {update}) -> {table}
  return %0 : {table}
}}"""


def _in_order(ufunc, table, rows, updates):
    """The spec's scatter: updates applied in position order, out-of-range rows dropped, by
    numpy's unbuffered ufunc.at (one element at a time, in index order)."""
    kept = (rows >= 0) & (rows < len(table))
    out = table.copy()
    ufunc.at(out, rows[kept].astype(np.int64), updates[kept])
    return out


def _updates(rng, dtype, count, width):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, (count, width)).astype(bool)
    if dtype.kind in "iu":
        return _edge_table(dtype, count, width, seed=int(rng.integers(100)))
    if dtype.kind == "c":
        return (rng.standard_normal((count, width)) + 1j * rng.standard_normal((count, width))).astype(dtype)
    # magnitudes over many binades (sums of duplicates depend on their order) and edge values
    values = rng.standard_normal((count, width)) * 10.0 ** rng.integers(-3, 5, (count, 1))
    values = values.astype(np.float32).astype(dtype)
    values.flat[rng.permutation(values.size)[:12]] = np.array([np.inf, -np.inf, np.nan, -0.0, 0.0, -0.0] * 2).astype(dtype)
    return values


@pytest.mark.xla
@pytest.mark.parametrize("op,dtype", [
    ("add", np.float32), ("add", np.float64), ("add", np.float16), ("add", ml_dtypes.bfloat16), ("add", np.complex64),
    ("add", np.complex128), ("add", np.int32), ("add", np.int8), ("multiply", np.int32), ("multiply", np.float32),
    ("maximum", np.int32), ("minimum", np.uint8), ("xor", np.uint64), ("or", np.bool_),
], ids=lambda v: v if isinstance(v, str) else np.dtype(v).name)
def test_scatter_rows_in_rounds(op, dtype, row_combines):
    rng = np.random.default_rng(6)
    rows, width, count = 60, 16, 400  # every row about 6.7 times
    table = _updates(rng, dtype, rows, width)
    updates = _updates(rng, dtype, count, width)
    if op == "multiply" and np.dtype(dtype).kind == "f":
        updates = (1 + np.nan_to_num(updates) / 1e6).astype(dtype)
    ids = rng.integers(0, rows, count).astype(np.int32)
    ids[:8] = [-1, rows, np.iinfo(np.int32).min, np.iinfo(np.int32).max, 0, rows - 1, 0, rows - 1]  # 4 dropped
    text = _scatter_text(rows, width, count, ELEMENT[dtype], op)
    got = interpret(text, table, ids.reshape(-1, 1), updates)
    assert row_combines and row_combines[0][1] > 1, "the scatter did not combine rows in rounds"
    assert_same(got, [_in_order(OPS[op], table, ids, updates)], "numpy's in-order ufunc.at")
    assert_same(got, xla_run_text(text, table, ids.reshape(-1, 1), updates), "XLA")


@pytest.mark.xla
@pytest.mark.parametrize("index,dtype", [("i64", np.int64), ("ui32", np.uint32), ("ui8", np.uint8)])
def test_scatter_rows_index_types(index, dtype, row_combines):
    rng = np.random.default_rng(7)
    rows, width, count = 40, 16, 300
    table, updates = _updates(rng, np.float32, rows, width), _updates(rng, np.float32, count, width)
    ids = rng.integers(0, rows, count).astype(dtype)
    ids[:3] = [rows, np.iinfo(dtype).max, rows + 1]
    if dtype == np.int64:
        ids[3:5] = [np.iinfo(np.int64).min, -5]
    text = _scatter_text(rows, width, count, "f32", "add", index)
    got = interpret(text, table, ids.reshape(-1, 1), updates)
    assert row_combines
    assert_same(got, [_in_order(np.add, table, ids.astype(np.float64), updates)])
    assert_same(got, xla_run_text(text, table, ids.reshape(-1, 1), updates), "XLA")


def test_scatter_rows_hot_row_and_wide_table(row_combines):
    """Rounds from the two-radix-pass and int64 keys, and a table too tall for the row bincount
    (the general grouping): the same results."""
    rng = np.random.default_rng(8)
    cases = [(3000, 16, 2000, 150), (200, 16, 1200, 300), (80_000, 16, 500, 20)]
    for rows, width, count, hot in cases:
        table, updates = _updates(rng, np.float32, rows, width), _updates(rng, np.float32, count, width)
        ids = rng.integers(0, rows, count).astype(np.int32)
        ids[rng.permutation(count)[:hot]] = 11
        text = _scatter_text(rows, width, count, "f32", "add")
        got = interpret(text, table, ids.reshape(-1, 1), updates)
        assert row_combines[-1][1] == np.bincount(ids).max()
        assert_same(got, [_in_order(np.add, table, ids, updates)], f"{rows} rows")


@pytest.mark.xla
def test_scatter_rows_index_vector_first(row_combines):
    """index_vector_dim 0 (indices 1 x N): the indices are read across their first axis."""
    rng = np.random.default_rng(9)
    rows, width, count = 30, 16, 200
    table, updates = _updates(rng, np.int32, rows, width), _updates(rng, np.int32, count, width)
    ids = rng.integers(-2, rows + 2, (1, count)).astype(np.int32)
    text = f"""func.func @main(%t: tensor<{rows}x{width}xi32>, %i: tensor<1x{count}xi32>, %u: tensor<{count}x{width}xi32>)
    -> tensor<{rows}x{width}xi32> {{
  %0 = "stablehlo.scatter"(%t, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}}> ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }}) : (tensor<{rows}x{width}xi32>, tensor<1x{count}xi32>, tensor<{count}x{width}xi32>) -> tensor<{rows}x{width}xi32>
  return %0 : tensor<{rows}x{width}xi32>
}}"""
    got = interpret(text, table, ids, updates)
    assert row_combines
    assert_same(got, [_in_order(np.add, table, ids[0], updates)])
    assert_same(got, xla_run_text(text, table, ids, updates), "XLA")


# --- scatter of contiguous windows --------------------------------------------------------


def _max_spec(a, b):
    """The spec's maximum: NaN if either is, max(-0.0, +0.0) = +0.0."""
    both_zero = (a == 0) & (b == 0)
    zero = np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0).astype(a.dtype)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, np.where(both_zero, zero, np.maximum(a, b))).astype(a.dtype)


def _min_spec(a, b):
    both_zero = (a == 0) & (b == 0)
    zero = np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0).astype(a.dtype)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, np.where(both_zero, zero, np.minimum(a, b))).astype(a.dtype)


def _spec_body(op, dtype):
    """The body as a function of (current window, update) on numpy arrays, by the spec."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f" and op in ("maximum", "minimum"):
        return _max_spec if op == "maximum" else _min_spec
    if dtype == np.bool_:
        return {"or": np.logical_or, "and": np.logical_and, "xor": np.logical_xor, "add": np.logical_or,
                "multiply": np.logical_and, "maximum": np.logical_or, "minimum": np.logical_and}[op]
    ufunc = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum, "or": np.bitwise_or,
             "and": np.bitwise_and, "xor": np.bitwise_xor, "subtract": np.subtract}[op]
    return lambda a, b: ufunc(a, b).astype(dtype)


def _one_by_one(body, table, starts, updates):
    """The spec's scatter on the flat table, update by update in order: `starts` holds each
    update's flat window start, or None when its window does not fit (the update is dropped)."""
    out = table.copy().reshape(-1)
    width = updates.shape[1]
    with np.errstate(all="ignore"):
        for start, update in zip(starts, updates):
            if start is not None:
                out[start:start + width] = body(out[start:start + width], update)
    return out.reshape(table.shape)


def _row_starts(ids, rows, width):
    """Flat window starts of whole-row updates at `ids` (exact, as Python integers)."""
    return [int(v) * width if 0 <= int(v) < rows else None for v in ids.reshape(-1)]


ROW_SCATTER_CASES = [
    ("add", np.float32), ("add", np.float64), ("add", np.float16), ("add", np.int8), ("add", np.int32),
    ("add", np.uint64), ("multiply", np.float32), ("multiply", np.int32), ("multiply", np.uint64),
    ("maximum", np.float32), ("minimum", np.float32), ("maximum", np.float64), ("minimum", np.float16),
    ("maximum", np.int8), ("minimum", np.uint64), ("maximum", np.int32), ("or", np.bool_), ("and", np.bool_),
    ("xor", np.bool_), ("add", np.bool_), ("or", np.int32), ("xor", np.uint64), ("xor", np.int8), ("and", np.uint64),
]


def _signed_zeros_and_nans(rng, table, updates, ids):
    """Rows 0 and 1 get -0.0, +0.0 and NaN where their updates have the other zero and NaN."""
    table[0, :4], table[1, :4] = [0.0, -0.0, -0.0, np.nan], [-0.0, 0.0, np.nan, 1.0]
    for k in np.flatnonzero(ids == 0)[:3]:
        updates[k, :4] = [-0.0, 0.0, -0.0, 1.0]
    for k in np.flatnonzero(ids == 1)[:3]:
        updates[k, :4] = [-0.0, -0.0, 2.0, np.nan]


@pytest.mark.xla
@pytest.mark.parametrize("op,dtype", ROW_SCATTER_CASES, ids=lambda v: v if isinstance(v, str) else np.dtype(v).name)
def test_scatter_windows_bodies_and_types(op, dtype):
    rng = np.random.default_rng(21)
    rows, width, count = 50, 19, 300  # every row about 6 times; a row size no vector divides
    table, updates = _edge_table(dtype, rows, width, seed=21), _updates(rng, dtype, count, width)
    if op == "multiply" and np.dtype(dtype).kind == "f":
        updates = (1 + np.nan_to_num(updates) / 1e6).astype(dtype)
    ids = rng.integers(0, rows, count).astype(np.int32)
    ids[:8] = [-1, rows, np.iinfo(np.int32).min, np.iinfo(np.int32).max, 0, rows - 1, 1, 0]  # 4 dropped
    if np.dtype(dtype).kind == "f":
        _signed_zeros_and_nans(rng, table, updates, ids)
    text = _scatter_text(rows, width, count, ELEMENT[dtype], op)
    first, second = _run_twice(text, table, ids.reshape(-1, 1), updates)
    expected = _one_by_one(_spec_body(op, dtype), table, _row_starts(ids, rows, width), updates)
    assert_same([second], [expected], "the spec, update by update")
    assert_same([second], [first], "the first call")
    assert_same([second], xla_run_text(text, table, ids.reshape(-1, 1), updates), "XLA")


@pytest.mark.xla
@pytest.mark.parametrize("index", list(INDEX), ids=lambda d: np.dtype(d).name)
def test_scatter_windows_index_types(index):
    """Start indices of every width and signedness, with the type's min and max, -1 and the first
    row past the table; 300 rows, so ui8's and i16's large values land inside it."""
    rng = np.random.default_rng(22)
    rows, width, count = 300, 8, 900
    table, updates = _updates(rng, np.float32, rows, width), _updates(rng, np.float32, count, width)
    ids = _edge_ids(rng, index, rows, count)
    ids[10:20] = np.array([128, 255, 200, 299, 127, 129, 256, 128, 255, 200]).astype(index)  # kept or wrapped
    text = _scatter_text(rows, width, count, "f32", "add", INDEX[index])
    first, second = _run_twice(text, table, ids.reshape(-1, 1), updates)
    assert_same([second], [_in_order(np.add, table, ids, updates)], "numpy's in-order ufunc.at")
    assert_same([second], [first], "the first call")
    if index != np.uint64:  # XLA reads ui64 indices past int64's max as negative ones, which it drops too
        assert_same([second], xla_run_text(text, table, ids.reshape(-1, 1), updates), "XLA")


def _window_scatter_text(shape, window, count, element, op, index_vector_first=False):
    """Windows of shape `window` (its leading dims of size 1) with one start index per dim of
    the operand, the index vector along the first or the last axis of the indices; `op` may be
    "subtract_swapped", subtract(update, current)."""
    rank = len(shape)
    table = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    ids = f"tensor<{rank}x{count}xi32>" if index_vector_first else f"tensor<{count}x{rank}xi32>"
    update = f"tensor<{count}x{'x'.join(map(str, window))}x{element}>"
    body = "stablehlo.subtract %b, %a" if op == "subtract_swapped" else f"stablehlo.{op} %a, %b"
    return f"""func.func @main(%t: {table}, %i: {ids}, %u: {update}) -> {table} {{
  %0 = "stablehlo.scatter"(%t, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = {list(range(1, rank + 1))}, inserted_window_dims = [],
      scatter_dims_to_operand_dims = {list(range(rank))}, index_vector_dim = {0 if index_vector_first else 1}>}}> ({{
  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
    %s = {body} : tensor<{element}>
    stablehlo.return %s : tensor<{element}>
  }}) : ({table}, {ids}, {update}) -> {table}
  return %0 : {table}
}}"""


def _window_starts(ids, shape, window):
    """Flat starts of windows at the index vectors `ids` (count, rank); None where one does not fit."""
    strides = [int(np.prod(shape[d + 1:])) for d in range(len(shape))]
    return [sum(int(v) * s for v, s in zip(vector, strides))
            if all(0 <= int(v) <= n - w for v, n, w in zip(vector, shape, window)) else None for vector in ids]


@pytest.mark.xla
@pytest.mark.parametrize("index_vector_first", [False, True])
def test_scatter_windows_overlapping_windows(index_vector_first):
    """Windows of 1 x 1 x 5 in a 4 x 6 x 9 operand: three start indices (strides 54, 9, 1), windows that
    overlap (the order of updates decides the sums) and partly outside (dropped as a whole)."""
    rng = np.random.default_rng(23)
    shape, window, count = (4, 6, 9), (1, 1, 5), 400
    table = _updates(rng, np.float32, 24, 9).reshape(shape)
    updates = _updates(rng, np.float32, count, 5).reshape(count, *window)
    ids = np.stack([rng.integers(-1, 5, count), rng.integers(-1, 7, count), rng.integers(-1, 7, count)], axis=1)
    ids = ids.astype(np.int32)  # about a third dropped: -1, or past the last start (3, 5, 4)
    text = _window_scatter_text(shape, window, count, "f32", "add", index_vector_first)
    args = (table, np.ascontiguousarray(ids.T) if index_vector_first else ids, updates)
    first, second = _run_twice(text, *args)
    expected = _one_by_one(np.add, table, _window_starts(ids, shape, window), updates.reshape(count, -1))
    assert_same([second], [expected], "the spec, update by update")
    assert_same([second], [first], "the first call")
    assert_same([second], xla_run_text(text, *args), "XLA")


def test_scatter_windows_swapped_operands():
    """A body `subtract(update, current)`: its operands in the body's order."""
    rng = np.random.default_rng(24)
    shape, window, count = (30, 7), (1, 7), 120
    table = _updates(rng, np.float64, 30, 7)
    updates = _updates(rng, np.float64, count, 7).reshape(count, *window)
    ids = np.stack([rng.integers(-2, 32, count), np.zeros(count, np.int64)], axis=1).astype(np.int32)
    ids[:2, 1] = [1, -1]  # a column start past 0: dropped
    text = _window_scatter_text(shape, window, count, "f64", "subtract_swapped")
    first, second = _run_twice(text, table, ids, updates)
    expected = _one_by_one(lambda a, b: b - a, table, _window_starts(ids, shape, window), updates.reshape(count, -1))
    assert_same([second], [expected], "the spec, update by update")
    assert_same([second], [first], "the first call")


@pytest.mark.xla
@pytest.mark.parametrize("method", ["add", "max", "multiply", "set"])
def test_scatter_windows_against_xla(method):
    """JAX's table.at[ids].<method>(updates) (negative ids wrapped once, out-of-range ones dropped),
    exported, against XLA; the bench's shape scaled down."""
    rng = np.random.default_rng(25)
    table, updates = _updates(rng, np.float32, 100, 64), _updates(rng, np.float32, 700, 64)
    if method == "multiply":
        updates = (1 + np.nan_to_num(updates) / 1e6).astype(np.float32)
    ids = _ids(rng, 100, 700)
    fn = {"add": lambda t, i, u: t.at[i].add(u), "max": lambda t, i, u: t.at[i].max(u),
          "multiply": lambda t, i, u: t.at[i].multiply(u), "set": lambda t, i, u: t.at[i].set(u)}[method]
    run = compile_module(export(fn, table, ids, updates))
    first = run(table, ids, updates)
    second = run(table, ids, updates)
    third = run(table, ids, updates)
    assert_same(second, xla(fn, table, ids, updates), "XLA")
    assert_same(second, first, "the first call")
    assert_same(third, second, "the second call")


@pytest.mark.parametrize("element,dtype,op", [
    ("bf16", ml_dtypes.bfloat16, "add"), ("complex<f32>", np.complex64, "add"), ("f32", np.float32, "atan2"),
    ("f64", np.float64, "power")])
def test_scatter_windows_other_types_and_bodies(element, dtype, op):
    """bf16 and complex elements, bodies atan2 and power."""
    rng = np.random.default_rng(27)
    table, updates = _updates(rng, dtype, 20, 16), _updates(rng, dtype, 80, 16)
    ids = rng.integers(-1, 21, 80).astype(np.int32)
    text = _scatter_text(20, 16, 80, element, op)
    first, second = _run_twice(text, table, ids.reshape(-1, 1), updates)
    assert_same([second], [first])
    if op == "add":
        assert_same([second], [_in_order(np.add, table, ids, updates)])
    else:
        body = {"atan2": np.arctan2, "power": np.power}[op]
        assert_same([second], [_one_by_one(body, table, _row_starts(ids, 20, 16), updates)])
