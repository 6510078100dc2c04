"""The compiled backend's reduce against the interpreter, bit for bit: the interpreter computes a
float reduce over more than IN_ORDER_LENGTH (32) elements by one numpy reduction (pairwise sums
where numpy's inner loop runs along reduced elements, BLAS for large f32/f64 sums over trailing
or leading dimensions, init combined last), which the lowering reproduces by calling numpy's own
loops and BLAS (library-math: lib/Runtime/NumpyLoops.cpp, LowerReductions.cpp's ReduceToNumpy)
and, where numpy's inner loop runs over kept elements, by a loop from the identity. The values
are also checked against a numpy formula in float64 within a tolerance (an oracle independent
of both backends' order)."""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.lowering import compiled

_TYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64}
_OPS = {"add": "stablehlo.add", "multiply": "stablehlo.multiply", "max": "stablehlo.maximum",
        "min": "stablehlo.minimum"}


def _program(shape, dims, element, op, swapped=False) -> str:
    kept = [n for d, n in enumerate(shape) if d not in dims]
    t = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    r = f"tensor<{''.join(f'{n}x' for n in kept)}{element}>"
    s = f"tensor<{element}>"
    a, b = ("%b", "%a") if swapped else ("%a", "%b")
    return f"""func.func @main(%x: {t}, %init: {s}) -> {r} {{
  %0 = stablehlo.reduce(%x init: %init) across dimensions = {list(dims)} : ({t}, {s}) -> {r}
    reducer(%a: {s}, %b: {s}) {{
      %1 = {_OPS[op]} {a}, {b} : {s}
      stablehlo.return %1 : {s}
    }}
  return %0 : {r}
}}"""


def _data(shape, dtype, op, seed=0):
    """Values whose sums depend on the order: magnitudes 1e-3 to 1e3 (products near 1)."""
    rng = np.random.default_rng(seed)
    if op == "multiply":
        return (1 + rng.standard_normal(shape) / 30).astype(dtype)
    scale = 10.0 ** rng.integers(-3, 4 if dtype != np.float16 else 2, shape)
    return (rng.standard_normal(shape) * scale).astype(dtype)


def _both(text, x, init):
    init = np.asarray(init, x.dtype)
    compiled = stablehlo_py.compile(text, backend="compiled")
    return compiled(x, init), stablehlo_py.interpret(text, x, init)


def _oracle(x, dims, op, init):
    """The reduce by a numpy formula in float64."""
    wide = x.astype(np.float64)
    reduced = {"add": np.sum, "multiply": np.prod, "max": np.max, "min": np.min}[op](wide, axis=dims)
    combine = {"add": np.add, "multiply": np.multiply, "max": np.maximum, "min": np.minimum}[op]
    return combine(np.float64(init), reduced)


_TOLERANCE = {"f16": 2e-2, "bf16": 1e-1, "f32": 1e-4, "f64": 1e-10}

# (shape, dims): row lengths around 32 and numpy's pairwise blocks (8, 128); sums large enough
# for BLAS (16384 elements) over trailing and leading dimensions; reduced dimensions in the
# middle (numpy's inner loop over kept elements), around dimensions of size 1, and both inner
# and outer reduced dimensions (a transposed copy).
_CASES = [
    ((33,), (0,)),
    ((7, 33), (1,)),
    ((5, 40), (0,)),
    ((3, 128), (1,)),
    ((3, 129), (1,)),
    ((2, 1000), (1,)),
    ((4, 40, 3), (1,)),
    ((4, 40, 1), (1,)),
    ((1, 40, 1), (1,)),
    ((3, 40, 50), (0, 2)),
    ((2, 3, 40, 5), (1, 3)),
    ((6, 7, 8), (1, 2)),
    ((6, 7, 8), (0, 1)),
    ((16, 1024), (1,)),
    ((1024, 16), (0,)),
    ((16384,), (0,)),
    ((4, 64, 64), (1, 2)),
    ((64, 64, 4), (0, 1)),
    ((8, 2048), (0, 1)),
    ((130, 130), (1,)),
]


@pytest.mark.parametrize("element", list(_TYPES))
@pytest.mark.parametrize("shape,dims", _CASES)
def test_sums_are_the_interpreters(shape, dims, element):
    dtype = _TYPES[element]
    x = _data(shape, dtype, "add")
    for init in (0.0, -0.0, 1.5):
        got, expected = _both(_program(shape, dims, element, "add"), x, init)
        assert_same(got, expected, f"{element} {shape} {dims} init {init}")
        np.testing.assert_allclose(got[0].astype(np.float64), _oracle(x, dims, "add", init),
                                   rtol=_TOLERANCE[element],
                                   atol=_TOLERANCE[element] * np.abs(x.astype(np.float64)).max() * 10)


@pytest.mark.parametrize("element", list(_TYPES))
@pytest.mark.parametrize("op", ["multiply", "max", "min"])
@pytest.mark.parametrize("shape,dims", [c for c in _CASES if np.prod(c[0]) <= 20000])
def test_products_and_extrema_are_the_interpreters(shape, dims, element, op):
    dtype = _TYPES[element]
    x = _data(shape, dtype, op, seed=1)
    inits = {"multiply": (1.0, 2.0), "max": (-np.inf, 0.5), "min": (np.inf, -0.5)}[op]
    for init in inits:
        got, expected = _both(_program(shape, dims, element, op, swapped=init != inits[0]), x, init)
        assert_same(got, expected, f"{element} {op} {shape} {dims} init {init}")
        np.testing.assert_allclose(got[0].astype(np.float64), _oracle(x, dims, op, init),
                                   rtol=_TOLERANCE[element] * (10 if op == "multiply" else 1))


@pytest.mark.parametrize("element", ["f16", "f32", "f64"])
@pytest.mark.parametrize("shape,dims", [((6, 64), (1,)), ((64, 6), (0,)), ((16, 2048), (1,)),
                                        ((2048, 16), (0,))])
def test_signed_zeros(shape, dims, element):
    # Rows of -0.0 only, of +0.0 and -0.0, of zeros and NaN: a sum keeps init's sign where every
    # element is -0.0; -0.0 orders below +0.0 in max and min.
    dtype = _TYPES[element]
    x = np.full(shape, -0.0, dtype)
    for line, value in ((1, 0.0), (2, np.nan), (3, 1.0)):  # line 0 stays all -0.0
        np.moveaxis(x, 1 - dims[0], 0)[line, ::7] = value
    for op, init in (("add", -0.0), ("add", 0.0), ("max", -0.0), ("max", -np.inf), ("min", 0.0),
                     ("min", np.inf)):
        got, expected = _both(_program(shape, dims, element, op), x, init)
        assert_same(got, expected, f"{element} {op} {shape} {dims} init {init}")


def test_the_library_reductions_are_calls():
    # softmax's two reductions: max through numpy's loop, the sum of 512x1024 f32 through BLAS
    linalg = str(_lowered_linalg(_program((512, 1024), (1,), "f32", "add")))
    assert "call @__stablehlo_py_blas_sum_f32" in linalg
    linalg = str(_lowered_linalg(_program((8, 100), (1,), "f16", "max")))
    assert "call @__stablehlo_py_numpy_reduce_f16" in linalg
    linalg = str(_lowered_linalg(_program((100, 8), (0,), "f32", "add")))
    assert "__stablehlo_py_numpy_reduce" not in linalg  # numpy's inner loop over kept elements


def _lowered_linalg(text):
    return compiled._lowered(compiled._parsed(text, False), "main", False, True)


def test_a_reduce_slot_without_numpy_loop_sums_in_index_order():
    # f32 add: the reduce slots' first (NumpyLoops.h). Unset, the kernel adds in
    # index order, which differs from numpy's pairwise sum on these rows; set again, numpy's bits.
    from stablehlo_py import _stablehlo
    from stablehlo_py.lowering.numpy_loops import set_numpy_loops

    slot, names = _stablehlo.numpy_loops()["reduce"]
    assert names[0] == "add"
    text = _program((8, 1000), (1,), "f32", "add")  # 8,000 elements: numpy's sum, not BLAS
    x = _data((8, 1000), np.float32, "add")
    run = stablehlo_py.compile(text, backend="compiled")
    expected = stablehlo_py.interpret(text, x, np.float32(0))
    try:
        _stablehlo.set_numpy_loop(slot, 0, 0)
        in_order = run(x, np.float32(0))[0]
        assert not np.array_equal(in_order, expected[0])
        np.testing.assert_array_equal(in_order, _in_order_sum(x))
    finally:
        set_numpy_loops()
    assert_same(run(x, np.float32(0)), expected)


def _in_order_sum(x):
    total = np.full(x.shape[0], -0.0, x.dtype)
    for i in range(x.shape[1]):
        total = total + x[:, i]
    return total + np.float32(0)


# Operands the interpreter holds as views of other arrays (transpose, slice, broadcast_in_dim,
# reshape), or computes element-wise from them (numpy lays such results out as their operands).
# Bit for bit where the view is C-contiguous (numpy's order is then the contiguous one) or where
# numpy's inner loop runs over kept elements in memory (an add in index order, as the loop from the
# identity); elsewhere numpy walks the view in its memory order, buffering pieces of it, which is
# not reproduced: there the sums are checked against the numpy formula.
_VIEWS = {
    "transpose": ("%t = stablehlo.transpose %x, dims = [1, 0] : (tensor<100x40xT>) -> tensor<40x100xT>",
                  (40, 100), [(1,)]),
    "slice": ("%t = stablehlo.slice %x [0:100, 2:39] : (tensor<100x40xT>) -> tensor<100x37xT>", (100, 37),
              [(0,)]),
    "strided slice": ("%t = stablehlo.slice %x [1:100:2, 0:40:3] : (tensor<100x40xT>) -> tensor<50x14xT>",
                      (50, 14), [(0,)]),
    "rows": ("%t = stablehlo.slice %x [10:90, 0:40] : (tensor<100x40xT>) -> tensor<80x40xT>", (80, 40),
             [(0,), (1,), (0, 1)]),
    "broadcast": ("%t = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<100x40xT>) -> tensor<3x100x40xT>",
                  (3, 100, 40), [(1,), (0, 1)]),
    "unit dimension": ("%t = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<100x40xT>) -> "
                       "tensor<100x1x40xT>", (100, 1, 40), [(0,), (2,), (0, 1), (1, 2), (0, 2), (0, 1, 2)]),
    "exp of transpose": ("%u = stablehlo.transpose %x, dims = [1, 0] : (tensor<100x40xT>) -> tensor<40x100xT>\n"
                         "  %t = stablehlo.exponential %u : tensor<40x100xT>", (40, 100), [(1,)]),
    # f32 exp and expm1 are numpy code of ours in the interpreter: numpy's layout of the result
    # (the transpose's) still decides the sum's order
    "expm1 of transpose": ("%u = stablehlo.transpose %x, dims = [1, 0] : (tensor<100x40xT>) -> tensor<40x100xT>\n"
                           "  %t = stablehlo.exponential_minus_one %u : tensor<40x100xT>", (40, 100), [(1,)]),
    "reshape of rows": ("%u = stablehlo.slice %x [0:60, 0:40] : (tensor<100x40xT>) -> tensor<60x40xT>\n"
                        "  %t = stablehlo.reshape %u : (tensor<60x40xT>) -> tensor<60x5x8xT>", (60, 5, 8),
                        [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]),
}


def _view_program(view, shape, dims, element):
    body = _VIEWS[view][0]
    t = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    kept = [n for d, n in enumerate(shape) if d not in dims]
    r = f"tensor<{''.join(f'{n}x' for n in kept)}{element}>"
    return f"""func.func @main(%x: tensor<100x40x{element}>) -> {r} {{
  {body.replace("xT>", f"x{element}>")}
  %z = stablehlo.constant dense<0.5> : tensor<{element}>
  %0 = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = {list(dims)} : ({t}, tensor<{element}>) -> {r}
  return %0 : {r}
}}"""


@pytest.mark.parametrize("element", ["f16", "f32", "f64"])
@pytest.mark.parametrize("view", list(_VIEWS))
def test_sums_of_views(view, element):
    _, shape, exact = _VIEWS[view]
    x = _data((100, 40), _TYPES[element], "add", seed=2)
    if view in ("exp of transpose", "expm1 of transpose"):
        x = (x / np.abs(x).max() * 3).astype(x.dtype)
    for r in range(1, len(shape) + 1):
        for dims in itertools.combinations(range(len(shape)), r):
            if np.prod([shape[d] for d in dims]) <= 32:
                continue
            text = _view_program(view, shape, dims, element)
            got = stablehlo_py.compile(text, backend="compiled")(x)
            expected = stablehlo_py.interpret(text, x)
            if dims in exact:
                assert_same(got, expected, f"{view} {dims}")
            else:  # f16 sums of 4,000 elements in index order round on the way
                np.testing.assert_allclose(got[0].astype(np.float64), expected[0].astype(np.float64),
                                           rtol=_TOLERANCE[element] * (5 if element == "f16" else 1),
                                           atol=_TOLERANCE[element] * 1e3)
