"""numpy's own inner loops for the compiled backend (lib/Runtime/NumpyLoops.h).

The interpreter computes f32 and f64 math functions (and f16/bf16 through f32) with numpy's
ufuncs. The lowering's library-math option turns those ops into calls of
`@__stablehlo_py_numpy_loop_f32/_f64(in, out, slot)`; here each slot gets the inner loop numpy
itself runs for that ufunc and type, read from the ufunc object (numpy's public PyUFuncObject
layout: its loop table), so the compiled code computes the interpreter's results bit for bit at
numpy's SIMD speed. A loop is set only when it reproduces its ufunc on probe values; a slot left
unset computes by the C library's function (within a few ULP of numpy's).

The reduce kernels (`@__stablehlo_py_numpy_reduce_*`, `@__stablehlo_py_blas_sum_*`) get the same
way numpy's add, multiply, maximum and minimum loops for f32, f64 and f16, each kept only if
called in numpy's reduce form it gives `ufunc.reduce`'s bits, and the gemv and dot of numpy's
BLAS that its matmul calls for the interpreter's sums by a vector of ones."""

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
    with np.errstate(over="ignore"):  # f16: the large ones are inf
        special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, info.tiny, info.max,
                            -info.max, info.smallest_subnormal, 1e4, -1e4, 88.7, -103.9, 709.8, 1e30],
                           dtype)
    spread = np.random.default_rng(0).standard_normal(1000).astype(dtype) * dtype.type(30)
    return np.concatenate([special, spread, spread[:37] * dtype.type(1e-3)])


def _loop(ufunc, dtype):
    """(loop, data) addresses of `ufunc`'s inner loop for all arguments `dtype`, the first entry
    of its type table with those types (the one numpy's type resolution picks), or None."""
    head = _UFunc.from_address(id(ufunc))
    if (head.nin, head.nout) != (ufunc.nin, 1) or head.name != ufunc.__name__.encode():
        return None
    arity = head.nin + head.nout
    wanted = bytes([np.dtype(dtype).num] * arity)
    for i in range(head.ntypes):
        if head.types[arity * i:arity * (i + 1)] == wanted:
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


# The types of a unary loop's two slots and of a reduce loop's three (NumpyLoops.h).
UNARY_TYPES = (np.float32, np.float64)
REDUCE_TYPES = (np.float32, np.float64, np.float16)
# numpy's wheels ship OpenBLAS with 64-bit integers under these names.
_BLAS_SYMBOLS = ("scipy_cblas_{}64_", "cblas_{}64_")

# Row lengths around numpy's pairwise blocks (8 and 128) and long rows, for the check.
_REDUCE_LENGTHS = (1, 7, 8, 9, 33, 127, 128, 129, 1000, 5000)


def _reduces(ufunc, dtype, loop: int, data) -> bool:
    """Whether the loop called in numpy's reduce form (out op= x[0..n), as the reduce kernel
    calls it: from the identity, or from the first element for maximum and minimum) gives
    ufunc.reduce's bits on rows of the probe values."""
    dtype = np.dtype(dtype)
    probe = _probe(dtype)
    if ufunc is np.multiply:  # products that neither overflow nor vanish at once
        probe = np.abs(probe / np.asarray(30, dtype)) ** np.asarray(0.01, dtype)
    call = _LOOP(loop)
    for n in _REDUCE_LENGTHS:
        x = np.ascontiguousarray(probe[:n] if n <= probe.size else np.resize(probe, n))
        first = ufunc.identity is None
        out = np.array([x[0] if first else (-0.0 if ufunc is np.add else 1.0)], dtype)
        rest = x[1:] if first else x
        args = (ctypes.c_void_p * 3)(out.ctypes.data, rest.ctypes.data, out.ctypes.data)
        call(args, (ctypes.c_ssize_t * 1)(rest.size), (ctypes.c_ssize_t * 3)(0, dtype.itemsize, 0), data)
        with np.errstate(all="ignore"):
            expected = np.asarray(ufunc.reduce(x), dtype)
            if ufunc is np.add:  # the kernel's -0.0 start is numpy's +0.0 but where all are -0.0
                expected = expected + np.asarray(-0.0, dtype)
        if not np.array_equal(out.view(f"u{dtype.itemsize}"), expected.reshape(1).view(f"u{dtype.itemsize}"),
                              ) and not (np.isnan(out).all() and np.isnan(expected)):
            return False
    return True


def numpy_blas(functions) -> list:
    """Addresses of the CBLAS `functions` (64-bit integers: "sgemm", "dgemv", ...) in the BLAS
    numpy itself loaded, found through threadpoolctl; zeros where there is none (the kernels then
    run plain loops)."""
    try:
        import threadpoolctl

        paths = [i["filepath"] for i in threadpoolctl.threadpool_info() if i.get("user_api") == "blas"]
    except Exception:  # noqa: BLE001 - no BLAS to be found
        return [0] * len(functions)
    for path in paths:
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for pattern in _BLAS_SYMBOLS:
            try:
                found = [getattr(library, pattern.format(name)) for name in functions]
            except AttributeError:
                continue
            return [ctypes.cast(f, ctypes.c_void_p).value for f in found]
    return [0] * len(functions)


def set_numpy_loops() -> None:
    """Gives every slot of the numpy-loop kernels the loop numpy runs, where one is found that
    reproduces its ufunc, and the BLAS sum kernels numpy's gemv and dot."""
    slots = _stablehlo.numpy_loops()
    for kind, check, types in (("unary", _reproduces, UNARY_TYPES), ("reduce", _reduces, REDUCE_TYPES)):
        base, names = slots[kind]
        for index, name in enumerate(names):
            ufunc = getattr(np, name)
            for offset, dtype in enumerate(types):
                found = _loop(ufunc, dtype)
                if found and check(ufunc, dtype, *found):
                    _stablehlo.set_numpy_loop(base + len(types) * index + offset, found[0], found[1] or 0)
    base, names = slots["blas"]
    for index, address in enumerate(numpy_blas(names)):
        _stablehlo.set_numpy_loop(base + index, address, 0)
