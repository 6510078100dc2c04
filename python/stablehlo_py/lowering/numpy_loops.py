"""numpy's own inner loops for the compiled backend (lib/Runtime/NumpyLoops.h).

The interpreter computes f32 and f64 math functions (and f16/bf16 through f32) with numpy's
ufuncs. The lowering's library-math option turns those ops into calls of
`@__stablehlo_py_numpy_loop_f32/_f64(in, out, slot)`; here each slot gets the inner loop numpy
itself runs for that ufunc and type, read from the ufunc object (numpy's public PyUFuncObject
layout: its loop table), so the compiled code computes the interpreter's results bit for bit at
numpy's SIMD speed. A loop is set only when it reproduces its ufunc on probe values; a slot left
unset computes by the C library's function (within a few ULP of numpy's)."""

from __future__ import annotations

import ctypes

import numpy as np

from .. import _stablehlo


class _UFunc(ctypes.Structure):
    """The head of numpy's PyUFuncObject (numpy/ufuncobject.h), up to its type table."""

    _fields_ = [("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p),
                ("nin", ctypes.c_int), ("nout", ctypes.c_int), ("nargs", ctypes.c_int),
                ("identity", ctypes.c_int), ("functions", ctypes.POINTER(ctypes.c_void_p)),
                ("data", ctypes.POINTER(ctypes.c_void_p)), ("ntypes", ctypes.c_int),
                ("reserved1", ctypes.c_int), ("name", ctypes.c_char_p),
                ("types", ctypes.POINTER(ctypes.c_char))]


_LOOP = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_ssize_t),
                         ctypes.POINTER(ctypes.c_ssize_t), ctypes.c_void_p)


def _probe(dtype) -> np.ndarray:
    """Values that exercise a math function's special cases and its SIMD and scalar paths."""
    info = np.finfo(dtype)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, info.tiny, info.max,
                        -info.max, info.smallest_subnormal, 1e4, -1e4, 88.7, -103.9, 709.8, 1e30],
                       dtype)
    spread = np.random.default_rng(0).standard_normal(1000).astype(dtype) * dtype.type(30)
    return np.concatenate([special, spread, spread[:37] * dtype.type(1e-3)])


def _loop(ufunc, dtype):
    """(loop, data) addresses of `ufunc`'s inner loop for `dtype` -> `dtype`, the first entry of
    its type table with those types (the one numpy's type resolution picks), or None."""
    head = _UFunc.from_address(id(ufunc))
    if (head.nin, head.nout) != (1, 1) or head.name != ufunc.__name__.encode():
        return None
    wanted = bytes([np.dtype(dtype).num] * 2)
    for i in range(head.ntypes):
        if head.types[2 * i:2 * i + 2] == wanted:
            return head.functions[i], head.data[i]
    return None


def _reproduces(ufunc, dtype, loop: int, data) -> bool:
    """Whether the loop computes what the ufunc does, bit for bit, on the probe values."""
    x = _probe(np.dtype(dtype))
    out = np.empty_like(x)
    args = (ctypes.c_void_p * 2)(x.ctypes.data, out.ctypes.data)
    size = (ctypes.c_ssize_t * 1)(x.size)
    steps = (ctypes.c_ssize_t * 2)(x.itemsize, x.itemsize)
    _LOOP(loop)(args, size, steps, data)
    with np.errstate(all="ignore"):
        expected = ufunc(x)
    return np.array_equal(out.view(f"u{x.itemsize}"), expected.view(f"u{x.itemsize}"))


def set_numpy_loops() -> None:
    """Gives every slot of the numpy-loop kernels the loop numpy runs, where one is found that
    reproduces its ufunc."""
    for index, name in enumerate(_stablehlo.numpy_loops()):
        ufunc = getattr(np, name)
        for offset, dtype in enumerate((np.float32, np.float64)):
            found = _loop(ufunc, dtype)
            if found and _reproduces(ufunc, dtype, *found):
                _stablehlo.set_numpy_loop(2 * index + offset, found[0], found[1] or 0)
