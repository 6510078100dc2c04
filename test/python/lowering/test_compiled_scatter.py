"""The compiled backend on scatter and select_and_scatter, against the interpreter bit for bit:
both apply updates one element at a time in the same order (scatter position major, window
position minor; select_and_scatter's source in index order), so duplicates, float sums and
non-commutative bodies agree exactly. Also: windows that do not fit are skipped whole, index
types, dimension numbers, variadic and promoted bodies, and random configurations."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.lowering import LoweringError, lower

DTYPES = {"i1": np.dtype(np.bool_), "i4": np.dtype(ml_dtypes.int4), "ui8": np.dtype(np.uint8),
          "i8": np.dtype(np.int8), "i32": np.dtype(np.int32), "ui32": np.dtype(np.uint32),
          "i64": np.dtype(np.int64), "ui64": np.dtype(np.uint64), "f16": np.dtype(np.float16),
          "bf16": np.dtype(ml_dtypes.bfloat16), "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
          "complex<f32>": np.dtype(np.complex64), "complex<f64>": np.dtype(np.complex128),
          "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn), "f8E5M2": np.dtype(ml_dtypes.float8_e5m2),
          "f4E2M1FN": np.dtype(ml_dtypes.float4_e2m1fn)}
NARROW = ["f8E4M3FN", "f8E5M2", "f4E2M1FN"]


def _both(text: str, *inputs) -> None:
    """Both backends on the same inputs, which the compiled code must leave as they were; the
    program lowers whole (no op left to another backend)."""
    assert "stablehlo." not in str(lower(text, to_llvm=False)), text
    kept = [np.copy(a) for a in inputs]
    expected = stablehlo_py.interpret(text, *inputs)
    got = stablehlo_py.compile(text, backend="compiled")(*inputs)
    assert_same(got, expected, context=text)
    assert_same([np.asarray(a) for a in inputs], kept, context="inputs changed")


def _tensor(shape, element: str) -> str:
    return f"tensor<{''.join(f'{n}x' for n in shape)}{element}>"


def _values(rng, element: str, shape, *, small: bool = False) -> np.ndarray:
    dtype = DTYPES[element]
    if element == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    if element == "i4":
        return rng.integers(-8, 8, shape).astype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = (-3, 3) if small else (max(info.min, -1 << 40), min(info.max, 1 << 40))
        return rng.integers(max(lo, info.min), hi, shape, endpoint=True).astype(dtype)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if small or element in NARROW:
        return rng.integers(-3, 3, shape, endpoint=True).astype(dtype)
    # magnitudes far apart, so the order of a float sum shows in its bits
    scale = 10.0 ** rng.integers(-3, 4, shape)
    return (rng.standard_normal(shape) * scale).astype(np.float32).astype(dtype)


# Bodies on %o{i} (the result's elements) and %n{i} (the updates'), returning one value per input.
def _body(kind: str, element: str) -> list:
    t = f"tensor<{element}>"
    two = "2.0" if element[0] in "fb" else ("(2.0, 0.0)" if element.startswith("complex") else "2")
    return {
        "add": [f"%r = stablehlo.add %o0, %n0 : {t}", f"stablehlo.return %r : {t}"],
        "replace": [f"stablehlo.return %n0 : {t}"],
        "keep": [f"stablehlo.return %o0 : {t}"],
        "max": [f"%r = stablehlo.maximum %o0, %n0 : {t}", f"stablehlo.return %r : {t}"],
        "min": [f"%r = stablehlo.minimum %o0, %n0 : {t}", f"stablehlo.return %r : {t}"],
        "multiply": [f"%r = stablehlo.multiply %o0, %n0 : {t}", f"stablehlo.return %r : {t}"],
        "subtract": [f"%r = stablehlo.subtract %n0, %o0 : {t}", f"stablehlo.return %r : {t}"],
        # old * 2 + new: neither commutative nor associative, every duplicate's turn matters
        "affine": [f"%c = stablehlo.constant dense<{two}> : {t}", f"%m = stablehlo.multiply %o0, %c : {t}",
                   f"%r = stablehlo.add %m, %n0 : {t}", f"stablehlo.return %r : {t}"],
    }[kind]


def _dims(update_window_dims=(), inserted_window_dims=(), input_batching_dims=(),
          scatter_indices_batching_dims=(), scatter_dims_to_operand_dims=(), index_vector_dim=0) -> str:
    fields = [("update_window_dims", update_window_dims), ("inserted_window_dims", inserted_window_dims),
              ("input_batching_dims", input_batching_dims),
              ("scatter_indices_batching_dims", scatter_indices_batching_dims),
              ("scatter_dims_to_operand_dims", scatter_dims_to_operand_dims)]
    listed = [f"{name} = [{', '.join(map(str, v))}]" for name, v in fields if len(v)]
    return f"#stablehlo.scatter<{', '.join(listed + [f'index_vector_dim = {index_vector_dim}'])}>"


def scatter_program(inputs, index, updates, dims: dict, body: list, body_elements=None) -> str:
    """One scatter in @main: `inputs` and `updates` lists of (shape, element), `index` (shape,
    element); the body's element types are the inputs' unless given (promotion)."""
    count = len(inputs)
    body_elements = body_elements or [e for _, e in inputs]
    in_types = [_tensor(s, e) for s, e in inputs]
    up_types = [_tensor(s, e) for s, e in updates]
    out_types = [_tensor(s, b) for (s, _), b in zip(inputs, body_elements)]
    index_type = _tensor(*index)
    names = [f"%x{i}" for i in range(count)] + ["%i"] + [f"%u{i}" for i in range(count)]
    types = in_types + [index_type] + up_types
    params = ", ".join(f"{n}: {t}" for n, t in zip(names, types))
    args = ", ".join([f"%o{i}: tensor<{b}>" for i, b in enumerate(body_elements)] +
                     [f"%n{i}: tensor<{b}>" for i, b in enumerate(body_elements)])
    results = ", ".join(out_types)
    lines = "\n".join(f"    {line}" for line in body)
    result = "%r" if count == 1 else f"%r:{count}"
    returned = "%r" if count == 1 else ", ".join(f"%r#{i}" for i in range(count))
    return (f"func.func @main({params}) -> ({results}) {{\n"
            f"  {result} = \"stablehlo.scatter\"({', '.join(names)}) <{{scatter_dimension_numbers = "
            f"{_dims(**dims)}}}> ({{\n  ^bb0({args}):\n{lines}\n  }}) : ({', '.join(types)}) -> ({results})\n"
            f"  return {returned} : {results}\n}}")


# Rows: 1 three times, 4 twice; 7 and -1 are out of range.
ROWS = np.array([[1], [4], [1], [7], [0], [-1], [1], [2], [4]], np.int32)
ROW_DIMS = dict(update_window_dims=[1], inserted_window_dims=[0], scatter_dims_to_operand_dims=[0],
                index_vector_dim=1)

ALL_ELEMENTS = ["i1", "i4", "ui8", "i32", "ui64", "f16", "bf16", "f32", "f64", "complex<f32>"]
CASES = ([("replace", e) for e in ALL_ELEMENTS] + [("keep", "f32")] +
         [("add", e) for e in ALL_ELEMENTS if e != "i1"] +
         [("multiply", e) for e in ["i4", "ui8", "i32", "f16", "f32", "complex<f32>", "complex<f64>"]] +
         [(k, e) for k in ("max", "min") for e in ["i1", "i4", "ui8", "i32", "ui64", "f16", "bf16", "f32", "f64"]] +
         [(k, e) for k in ("subtract", "affine") for e in ["i8", "i32", "f16", "bf16", "f32"]] +
         [(k, e) for k in ("replace", "add", "max") for e in NARROW])


@pytest.mark.parametrize("kind,element", CASES, ids=[f"{k}-{e}" for k, e in CASES])
def test_rows_with_duplicates_and_out_of_range(kind, element):
    rng = np.random.default_rng(1)
    small = kind in ("multiply", "affine")
    x, u = _values(rng, element, (5, 3), small=small), _values(rng, element, (9, 3), small=small)
    text = scatter_program([((5, 3), element)], ((9, 1), "i32"), [((9, 3), element)], ROW_DIMS,
                           _body(kind, element))
    _both(text, x, ROWS, u)


@pytest.mark.parametrize("kind", ["add", "replace", "max", "affine"])
def test_one_dimensional_scalar_windows(kind):
    rng = np.random.default_rng(2)
    x, u = _values(rng, "f32", (5,)), _values(rng, "f32", (9,))
    dims = dict(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1)
    text = scatter_program([((5,), "f32")], ((9, 1), "i32"), [((9,), "f32")], dims, _body(kind, "f32"))
    _both(text, x, ROWS, u)


def test_float_sum_of_duplicates_rounds_in_update_order():
    rng = np.random.default_rng(3)
    x = np.zeros((3, 2), np.float32)
    u = (rng.standard_normal((500, 2)) * 10.0 ** rng.integers(-4, 8, (500, 1))).astype(np.float32)
    i = rng.integers(0, 3, (500, 1)).astype(np.int32)
    text = scatter_program([((3, 2), "f32")], ((500, 1), "i32"), [((500, 2), "f32")], ROW_DIMS,
                           _body("add", "f32"))
    _both(text, x, i, u)


def test_float_max_min_signed_zeros_and_nan():
    x = np.array([0.0, -0.0, 1.0, np.nan, 0.0, -0.0, 0.0, -0.0, 0.0], np.float32)
    u = np.array([-0.0, 0.0, 0.0, -0.0, np.nan, 2.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, -1.0], np.float32)
    i = np.array([[0], [0], [1], [1], [2], [3], [4], [4], [5], [6], [7], [8], [8]], np.int32)
    dims = dict(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1)
    for kind in ("max", "min"):
        text = scatter_program([((9,), "f32")], ((13, 1), "i32"), [((13,), "f32")], dims, _body(kind, "f32"))
        _both(text, x, i, u)


@pytest.mark.parametrize("index", ["i8", "ui8", "i32", "ui32", "i64", "ui64", "i4"])
def test_index_types_and_extreme_values(index):
    """Negative starts, and unsigned ones past int64's range, are out of bounds: dropped."""
    dtype = DTYPES[index]
    if index == "i4":
        i = np.array([7, -8, 1, -1, 3, 0], dtype)
    else:
        info = np.iinfo(dtype)
        i = np.array([info.max, info.min, 1, info.max - 1, 3, 0, int(info.max) // 2 + 1], dtype)
    n = len(i)
    x = np.arange(4, dtype=np.float32)
    u = np.arange(10, 10 * (n + 1), 10, dtype=np.float32)
    dims = dict(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1)
    text = scatter_program([((4,), "f32")], ((n,), index), [((n,), "f32")], dims, _body("add", "f32"))
    _both(text, x, i, u)


# (operand shape, indices, updates shape, dimension numbers), as in the interpreter's tests.
GENERAL = {
    "spec_example": ((3, 4, 2), np.array([[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]), (2, 3, 2, 2),
                     dict(update_window_dims=[2, 3], inserted_window_dims=[0], scatter_dims_to_operand_dims=[1, 0],
                          index_vector_dim=2)),
    "window_dims_first": ((6, 5), np.array([[0], [3], [2], [5]]), (2, 4, 3),
                          dict(update_window_dims=[0, 2], scatter_dims_to_operand_dims=[1], index_vector_dim=1)),
    "ragged_rows": ((7,), np.array([[0], [2], [4], [2], [6]]), (5, 2),
                    dict(update_window_dims=[1], scatter_dims_to_operand_dims=[0], index_vector_dim=1)),
    "partial_windows": ((5, 6), np.array([[0, 4], [2, 3], [4, 4], [3, 5], [-1, 0]]), (5, 2, 2),
                        dict(update_window_dims=[1, 2], scatter_dims_to_operand_dims=[0, 1], index_vector_dim=1)),
    "window_between_scatter_dims": ((4, 6), np.array([[[1], [0], [3]], [[2], [2], [-3]]]), (2, 3, 3),
                                    dict(update_window_dims=[1], inserted_window_dims=[0],
                                         scatter_dims_to_operand_dims=[0], index_vector_dim=2)),
    "no_index_vector": ((5, 6), np.array([[0, 4], [2, 3]]), (2, 2, 3),
                        dict(update_window_dims=[2], inserted_window_dims=[1], scatter_dims_to_operand_dims=[1],
                             index_vector_dim=2)),
    "index_vector_first": ((4, 5, 3), np.array([[1, 3, 1, 0], [2, 0, 2, 4]]), (4, 3),
                           dict(update_window_dims=[1], inserted_window_dims=[0, 1],
                                scatter_dims_to_operand_dims=[0, 1], index_vector_dim=0)),
    "batching": ((3, 4, 2), np.array([[[0], [3]], [[1], [1]], [[2], [0]]]), (3, 2, 2),
                 dict(update_window_dims=[2], inserted_window_dims=[1], scatter_dims_to_operand_dims=[1],
                      input_batching_dims=[0], scatter_indices_batching_dims=[0], index_vector_dim=2)),
    "batching_two_dims": ((2, 5, 3), np.array([[[4], [1]], [[0], [-1]], [[2], [5]]]), (3, 2),
                          dict(inserted_window_dims=[1], scatter_dims_to_operand_dims=[1],
                               input_batching_dims=[0, 2], scatter_indices_batching_dims=[1, 0],
                               index_vector_dim=2)),
    "spec_batching_example": ((2, 3, 4, 2), np.array([[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
                                                      [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]),
                              (2, 2, 3, 2, 2),
                              dict(update_window_dims=[3, 4], inserted_window_dims=[1], input_batching_dims=[0],
                                   scatter_indices_batching_dims=[1], scatter_dims_to_operand_dims=[2, 1],
                                   index_vector_dim=3)),
    "scalar_operand": ((), np.zeros((3, 0), np.int64), (3,),
                       dict(index_vector_dim=1)),
    "empty_index_vector": ((3,), np.zeros((3, 0), np.int64), (3,),
                           dict(inserted_window_dims=[0], index_vector_dim=1)),
}


@pytest.mark.parametrize("kind", ["add", "replace", "affine"])
@pytest.mark.parametrize("name", sorted(GENERAL))
def test_dimension_numbers(name, kind):
    shape, indices, update_shape, dims = GENERAL[name]
    rng = np.random.default_rng(4)
    for element in ("i32", "f32"):
        x, u = _values(rng, element, shape, small=True), _values(rng, element, update_shape, small=True)
        i = indices.astype(np.int32)
        text = scatter_program([(shape, element)], (i.shape, "i32"), [(update_shape, element)], dims,
                               _body(kind, element))
        _both(text, x, i, u)


@pytest.mark.parametrize("case", ["no_updates", "empty_window", "empty_operand"])
def test_zero_sized(case):
    x, i, u = {
        "no_updates": (np.ones((3, 2), np.float32), np.zeros((0, 1), np.int32), np.zeros((0, 2), np.float32)),
        "empty_window": (np.ones((3, 0), np.float32), np.array([[1], [2]], np.int32), np.zeros((2, 0), np.float32)),
        "empty_operand": (np.ones((0, 2), np.float32), np.array([[0], [1]], np.int32), np.ones((2, 2), np.float32)),
    }[case]
    text = scatter_program([(x.shape, "f32")], (i.shape, "i32"), [(u.shape, "f32")], ROW_DIMS, _body("add", "f32"))
    _both(text, x, i, u)


def test_variadic_scatter():
    """A running (value, index) argmax as one body over two inputs of different types."""
    body = ["%gt = stablehlo.compare GT, %n0, %o0 : (tensor<f32>, tensor<f32>) -> tensor<i1>",
            "%v = stablehlo.select %gt, %n0, %o0 : tensor<i1>, tensor<f32>",
            "%k = stablehlo.select %gt, %n1, %o1 : tensor<i1>, tensor<ui16>",
            "stablehlo.return %v, %k : tensor<f32>, tensor<ui16>"]
    dims = dict(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1)
    text = scatter_program([((4,), "f32"), ((4,), "ui16")], ((7, 1), "i32"), [((7,), "f32"), ((7,), "ui16")],
                           dims, body)
    _both(text, np.array([0.5, -1, 3, 2], np.float32), np.full(4, 65535, np.uint16),
          np.array([[1], [3], [1], [1], [0], [-2], [3]], np.int32),
          np.array([2, 5, 7, 1, -3, 9, 5], np.float32), np.arange(7, dtype=np.uint16))


def test_variadic_windows_of_three_inputs():
    rng = np.random.default_rng(5)
    body = ["%a = stablehlo.add %o0, %n1 : tensor<i32>", "%b = stablehlo.subtract %o1, %n0 : tensor<i32>",
            "%c = stablehlo.or %o2, %n2 : tensor<i1>", "stablehlo.return %a, %b, %c : tensor<i32>, tensor<i32>, tensor<i1>"]
    inputs = [((5, 3), "i32"), ((5, 3), "i32"), ((5, 3), "i1")]
    updates = [((9, 3), e) for _, e in inputs]
    text = scatter_program(inputs, ((9, 1), "i32"), updates, ROW_DIMS, body)
    args = [_values(rng, e, s) for s, e in inputs] + [ROWS] + [_values(rng, e, s) for s, e in updates]
    _both(text, *args)


def test_promoted_update_computation():
    """A body wider than the inputs: inputs and updates are converted, the result has the body's type."""
    dims = dict(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1)
    text = scatter_program([((4,), "i8")], ((5, 1), "i32"), [((5,), "i8")], dims, _body("add", "i32"),
                           body_elements=["i32"])
    _both(text, np.array([127, -128, 5, 0], np.int8), np.array([[0], [0], [1], [1], [2]], np.int32),
          np.array([127, 127, -128, -1, 3], np.int8))
    text = scatter_program([((4,), "f16")], ((5, 1), "i32"), [((5,), "f16")], dims, _body("add", "f32"),
                           body_elements=["f32"])
    _both(text, np.array([1e4, -2, 0.5, 3], np.float16), np.array([[0], [0], [1], [3], [2]], np.int32),
          np.array([6e4, 6e4, 1e-3, -1, 3], np.float16))


def test_an_unsupported_body_is_refused_cleanly():
    """The pass fails naming the op (the match fails before it builds anything)."""
    text = """func.func @main(%x: tensor<4xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = func.call @plus(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @plus(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}"""
    with pytest.raises(LoweringError, match=r"failed to legalize operation 'stablehlo\.scatter'"):
        lower(text, to_llvm=False)


def _random_scatter(rng):
    """A valid scatter: operand dims inserted / batching / indexed / windowed, the index vector and
    the batching dims anywhere in the indices, window dims anywhere in the updates; some starts out
    of range, some windows partly out."""
    rank = int(rng.integers(0, 4))
    shape = [int(n) for n in rng.integers(1, 5, rank)]
    dims = list(range(rank))
    batching = sorted(int(d) for d in rng.permutation(dims)[:int(rng.integers(0, min(rank, 2) + 1))])
    free = [d for d in dims if d not in batching]
    inserted = sorted(d for d in free if rng.random() < 0.4)
    indexed = [int(d) for d in rng.permutation(free)[:int(rng.integers(0, len(free) + 1))]] if free else []
    window_operand_dims = [d for d in dims if d not in inserted and d not in batching]
    window_sizes = [int(rng.integers(0 if rng.random() < 0.1 else 1, shape[d] + 1)) for d in window_operand_dims]
    # scatter dims of the indices: the batching ones and 0-2 others, in a random order
    scatter_sizes = [shape[d] for d in batching] + [int(n) for n in rng.integers(1, 4, int(rng.integers(0, 3)))]
    order = [int(k) for k in rng.permutation(len(scatter_sizes))]
    scatter_sizes = [scatter_sizes[k] for k in order]
    batch_positions = [order.index(k) for k in range(len(batching))]
    implicit = len(indexed) == 1 and rng.random() < 0.3
    ivd = len(scatter_sizes) if implicit else int(rng.integers(0, len(scatter_sizes) + 1))
    index_shape = list(scatter_sizes)
    if not implicit:
        index_shape.insert(ivd, len(indexed))
    index_batching = [p if p < ivd else p + 1 for p in batch_positions]
    starts = rng.integers(-2, 6, index_shape)
    update_rank = len(scatter_sizes) + len(window_sizes)
    window_dims = sorted(int(d) for d in rng.permutation(update_rank)[:len(window_sizes)])
    update_shape, it_s, it_w = [], iter(scatter_sizes), iter(window_sizes)
    for d in range(update_rank):
        update_shape.append(next(it_w) if d in window_dims else next(it_s))
    dn = dict(update_window_dims=window_dims, inserted_window_dims=inserted, input_batching_dims=batching,
              scatter_indices_batching_dims=index_batching, scatter_dims_to_operand_dims=indexed,
              index_vector_dim=ivd)
    return tuple(shape), starts, tuple(update_shape), dn


@pytest.mark.parametrize("seed", range(60))
def test_random_configurations(seed):
    rng = np.random.default_rng(1000 + seed)
    shape, starts, update_shape, dims = _random_scatter(rng)
    kind = ["add", "replace", "max", "affine"][seed % 4]
    element = ["f32", "i32", "bf16"][seed % 3]
    index = ["i32", "ui8", "i64"][seed % 3]
    i = starts.astype(DTYPES[index]) if index != "ui8" else np.where(starts < 0, 255, starts).astype(np.uint8)
    x = _values(rng, element, shape, small=kind == "affine")
    u = _values(rng, element, update_shape, small=kind == "affine")
    text = scatter_program([(shape, element)], (i.shape, index), [(update_shape, element)], dims,
                           _body(kind, element))
    _both(text, x, i, u)


# --- select_and_scatter ---------------------------------------------------------------------


def _window_count(size, window, stride, low, high):
    padded = size + low + high
    return 0 if padded <= 0 or window > padded else (padded - window) // stride + 1


def sas_program(element: str, shape, window, strides, padding, select: str, scatter: str,
                compare_type: str | None = None, scatter_element: str | None = None):
    """One select_and_scatter in @main(operand, source, init); `select` a comparison direction,
    `scatter` a body kind of _body."""
    source_shape = tuple(_window_count(n, w, s, lo, hi) for n, w, s, (lo, hi) in zip(shape, window, strides, padding))
    se = scatter_element or element
    t, st = f"tensor<{element}>", f"tensor<{se}>"
    compare = f"stablehlo.compare {select}, %a, %b{', ' + compare_type if compare_type else ''} : ({t}, {t}) -> tensor<i1>"
    body = "\n".join(f"    {line}" for line in _body(scatter, se))
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    rank = len(shape)
    colon = ": " if rank else ""
    operand, source, result = _tensor(shape, element), _tensor(source_shape, element), _tensor(shape, se)
    text = (f"func.func @main(%x: {operand}, %s: {source}, %init: {t}) -> {result} {{\n"
            f"  %r = \"stablehlo.select_and_scatter\"(%x, %s, %init) ({{\n"
            f"  ^bb0(%a: {t}, %b: {t}):\n    %c = {compare}\n    stablehlo.return %c : tensor<i1>\n"
            f"  }}, {{\n  ^bb0(%o0: {st}, %n0: {st}):\n{body}\n  }}) {{\n"
            f"    window_dimensions = array<i64{colon}{', '.join(map(str, window))}>,\n"
            f"    window_strides = array<i64{colon}{', '.join(map(str, strides))}>,\n"
            f"    padding = dense<{'[' + pads + ']' if rank else ''}> : tensor<{rank}x2xi64>\n"
            f"  }} : ({operand}, {source}, {t}) -> {result}\n  return %r : {result}\n}}")
    return text, source_shape


@pytest.mark.parametrize("select", ["GE", "GT", "LE", "LT"])
@pytest.mark.parametrize("element", ["f32", "i32", "ui8", "f16", "bf16", "f64", "i4", "f8E4M3FN", "f4E2M1FN"])
def test_select_and_scatter_selects_with_ties(select, element):
    """Overlapping windows over small values (many ties: GE/LE keep the first, GT/LT the last),
    padded on both sides, strided."""
    rng = np.random.default_rng(6)
    text, source_shape = sas_program(element, (5, 6), (3, 2), (2, 1), ((1, 1), (0, 1)), select, "add")
    x = _values(rng, element, (5, 6), small=True)
    _both(text, x, _values(rng, element, source_shape, small=True), np.zeros((), DTYPES[element]))


@pytest.mark.parametrize("select", ["GE", "GT", "LT"])
@pytest.mark.parametrize("compare_type", [None, "TOTALORDER"])
def test_select_and_scatter_nan_and_signed_zeros(select, compare_type):
    x = np.array([[np.nan, 1.0, 2.0, np.nan], [-0.0, 0.0, np.nan, 3.0], [0.0, -0.0, 1.0, 1.0],
                  [np.nan, np.nan, -np.inf, np.inf]], np.float32)
    text, source_shape = sas_program("f32", (4, 4), (2, 2), (1, 1), ((0, 1), (1, 0)), select, "add",
                                     compare_type=compare_type)
    s = np.arange(1, 1 + np.prod(source_shape), dtype=np.float32).reshape(source_shape)
    _both(text, x, s, np.float32(0.5))


@pytest.mark.parametrize("scatter", ["replace", "max", "affine", "subtract"])
def test_select_and_scatter_bodies_in_source_order(scatter):
    """Every window selects the same element: its values combine in source order."""
    rng = np.random.default_rng(7)
    x = np.zeros((6,), np.float32)
    x[2] = 9.0
    text, source_shape = sas_program("f32", (6,), (4,), (1,), ((1, 2),), "GE", scatter)
    _both(text, x, _values(rng, "f32", source_shape, small=True), np.float32(1.0))


def test_select_and_scatter_windows_wholly_in_padding_drop_their_source():
    rng = np.random.default_rng(8)
    text, source_shape = sas_program("i32", (3, 2), (2, 1), (1, 1), ((3, 2), (1, 0)), "GE", "add")
    _both(text, _values(rng, "i32", (3, 2)), _values(rng, "i32", source_shape), np.int32(-7))


def test_select_and_scatter_promoted_and_zero_sized():
    rng = np.random.default_rng(9)
    text, source_shape = sas_program("f16", (4, 4), (2, 2), (2, 2), ((0, 0), (0, 0)), "GE", "add",
                                     scatter_element="f32")
    _both(text, _values(rng, "f16", (4, 4)), _values(rng, "f16", source_shape), np.float16(0.25))
    text, source_shape = sas_program("f32", (0, 3), (1, 2), (1, 1), ((0, 0), (0, 0)), "GE", "add")
    _both(text, np.zeros((0, 3), np.float32), np.zeros(source_shape, np.float32), np.float32(2))
    text, source_shape = sas_program("f32", (2, 3), (3, 2), (1, 1), ((0, 0), (0, 0)), "GE", "add")
    assert source_shape == (0, 2)
    _both(text, np.ones((2, 3), np.float32), np.zeros(source_shape, np.float32), np.float32(2))


def test_select_and_scatter_of_a_scalar():
    text, source_shape = sas_program("f32", (), (), (), (), "GE", "affine")
    assert source_shape == ()
    _both(text, np.array(3, np.float32), np.array(2, np.float32), np.array(1.5, np.float32))


def test_select_and_scatter_with_a_general_select():
    """A select that is more than one compare: |a| >= |b| (ties keep the current)."""
    text = """func.func @main(%x: tensor<7xf32>, %s: tensor<3xf32>, %init: tensor<f32>) -> tensor<7xf32> {
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %aa = stablehlo.abs %a : tensor<f32>
    %bb = stablehlo.abs %b : tensor<f32>
    %c = stablehlo.compare GE, %aa, %bb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%o: tensor<f32>, %n: tensor<f32>):
    %m = stablehlo.multiply %o, %n : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>} : (tensor<7xf32>, tensor<3xf32>, tensor<f32>) -> tensor<7xf32>
  return %r : tensor<7xf32>
}"""
    _both(text, np.array([1, -3, 2, 3, -1, np.nan, 0.5], np.float32), np.array([2, 3, 5], np.float32),
          np.float32(1))


@pytest.mark.parametrize("seed", range(40))
def test_select_and_scatter_random_configurations(seed):
    rng = np.random.default_rng(2000 + seed)
    rank = int(rng.integers(1, 4))
    shape = tuple(int(n) for n in rng.integers(1, 6, rank))
    window = tuple(int(rng.integers(1, n + 2)) for n in shape)
    strides = tuple(int(n) for n in rng.integers(1, 4, rank))
    padding = tuple((int(lo), int(hi)) for lo, hi in rng.integers(0, 3, (rank, 2)))
    element = ["f32", "i32", "bf16", "f64"][seed % 4]
    select = ["GE", "GT", "LE", "LT"][(seed // 4) % 4]
    scatter = ["add", "max", "affine"][seed % 3]
    text, source_shape = sas_program(element, shape, window, strides, padding, select, scatter)
    x = _values(rng, element, shape, small=True)
    if element in ("f32", "f64") and seed % 5 == 0:
        x.reshape(-1)[rng.integers(0, x.size, 2)] = np.nan
    _both(text, x, _values(rng, element, source_shape, small=True), np.zeros((), DTYPES[element]))
