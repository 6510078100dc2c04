"""Which native kernels call BLAS is the runtime's kernel table's word
(lib/Runtime/NativeKernels.cpp, `callsBlas`; `_stablehlo.blas_kernels()`), and a program
declaring one runs with BLAS on one thread (lowering/compiled.py). Checked here against what
the kernels do: every BLAS entry point the kernels reach (the gemm's sgemm/dgemm, the numpy-loop
slots' gemv/dot) is replaced by a counting stub, a program calling each kernel runs, and the
kernel called BLAS exactly when the table says so. A kernel added to the table without a
program here fails the coverage check."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import _stablehlo
from stablehlo_py.lowering import compiled, kernels
from stablehlo_py.lowering.numpy_loops import numpy_blas, set_numpy_loops
from stablehlo_py.lowering.pipeline import to_llvm_pipeline

_KERNEL_PREFIX = "_mlir_ciface___stablehlo_py_"  # the kernels (not the pool or the allocator)


def _t(shape, element):
    return f"tensor<{''.join(f'{n}x' for n in shape)}{element}>"


def _dot(element):
    a, b, c = _t((300, 300), element), _t((300, 200), element), _t((300, 200), element)
    return f"""func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({a}, {b}) -> {c}
  return %0 : {c}
}}""", [(300, 300), (300, 200)]


def _index_order_dot(element):
    """Within the interpreter's index-order sizes: the index-order kernel, which calls no BLAS."""
    a = _t((64, 64), element)
    return f"""func.func @main(%a: {a}, %b: {a}) -> {a} {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({a}, {a}) -> {a}
  return %0 : {a}
}}""", [(64, 64), (64, 64)]


def _convolution(element):
    x, w, y = _t((8, 16, 16, 16), element), _t((3, 3, 16, 32), element), _t((8, 16, 16, 32), element)
    return f"""func.func @main(%a: {x}, %b: {w}) -> {y} {{
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [1, 1], pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({x}, {w}) -> {y}
  return %0 : {y}
}}""", [(8, 16, 16, 16), (3, 3, 16, 32)]


def _log(element):  # a numpy-loop call (f32 exponential is arith code of ours)
    t = _t((4096,), element)
    return f"""func.func @main(%x: {t}) -> {t} {{
  %0 = stablehlo.log %x : {t}
  return %0 : {t}
}}""", [(4096,)]


def _reduce(element, op, shape):
    t, r, s = _t(shape, element), _t(shape[:1], element), _t((), element)
    return f"""func.func @main(%x: {t}) -> {r} {{
  %init = stablehlo.constant dense<0.0> : {s}
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [1] : ({t}, {s}) -> {r}
    reducer(%a: {s}, %b: {s}) {{
      %1 = {op} %a, %b : {s}
      stablehlo.return %1 : {s}
    }}
  return %0 : {r}
}}""", [shape]


# One program per kernel family and element type: each declares exactly one kernel.
_PROGRAMS = {
    **{f"dot_{e}": (_dot, e) for e in ("f32", "f64")},
    **{f"index_order_dot_{e}": (_index_order_dot, e) for e in ("f32", "f64")},
    **{f"convolution_{e}": (_convolution, e) for e in ("f32", "f64")},
    **{f"log_{e}": (_log, e) for e in ("f32", "f64")},
    **{f"max_{e}": (lambda e: _reduce(e, "stablehlo.maximum", (8, 100)), e) for e in ("f16", "f32", "f64")},
    # a sum of 512x1024: the product by a vector of ones (gemv), as the interpreter's
    **{f"sum_{e}": (lambda e: _reduce(e, "stablehlo.add", (512, 1024)), e) for e in ("f32", "f64")},
}
_DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64}


def _declared_kernels(text) -> set:
    """The native kernels the compiled form of `text` declares (its LLVM-level functions without
    a body)."""
    import mlir.ir as ir

    linalg = compiled._lowered(compiled._parsed(text, False), "main", False, True)
    lowered = compiled._run_pipeline(linalg, "main", to_llvm_pipeline(compiled_backend=True))
    names = set()
    for op in lowered.body.operations:
        if op.operation.name == "llvm.func" and not op.regions[0].blocks:
            names.add(ir.StringAttr(op.attributes["sym_name"]).value)
    return {n for n in names if n.startswith(_KERNEL_PREFIX)}


class _CountingBlas:
    """Counting stubs in place of every BLAS function the kernels reach (set_gemm's sgemm/dgemm,
    the numpy-loop kernels' BLAS slots); numpy's own again on the way out. The stubs compute
    nothing: only whether BLAS was called matters here."""

    def __init__(self):
        self.calls = 0
        self._stubs = []

    def _stub(self, result, *arguments):
        def count(*_):
            self.calls += 1
            return 0 if result is not None else None

        stub = ctypes.CFUNCTYPE(result, *arguments)(count)
        self._stubs.append(stub)
        return ctypes.cast(stub, ctypes.c_void_p).value

    def __enter__(self):
        i, i64, p = ctypes.c_int, ctypes.c_int64, ctypes.c_void_p

        def gemm(t):
            return self._stub(None, i, i, i, i64, i64, i64, t, p, i64, p, i64, t, p, i64)

        def gemv(t):
            return self._stub(None, i, i, i64, i64, t, p, i64, p, i64, t, p, i64)

        def dot(t):
            return self._stub(t, i64, p, i64, p, i64)

        kernels.native_kernels()  # numpy's loops set first (once), then replaced here
        kernels.set_thread_count(1)  # the stubs run on the calling thread
        _stablehlo.set_gemm(gemm(ctypes.c_float), gemm(ctypes.c_double))
        base, names = _stablehlo.numpy_loops()["blas"]
        stubs = {"sgemv": gemv(ctypes.c_float), "dgemv": gemv(ctypes.c_double),
                 "sdot": dot(ctypes.c_float), "ddot": dot(ctypes.c_double)}
        assert set(names) == set(stubs), "a BLAS slot without a stub here (NumpyLoops.h)"
        for index, name in enumerate(names):
            _stablehlo.set_numpy_loop(base + index, stubs[name], 0)
        return self

    def __exit__(self, *_):
        _stablehlo.set_gemm(*numpy_blas(("sgemm", "dgemm")))
        set_numpy_loops()
        kernels.set_thread_count(0)


def test_the_table_names_blas_kernels_among_its_own():
    table = set(kernels.native_kernels())
    blas = set(_stablehlo.blas_kernels())
    assert blas and blas <= table
    assert "_mlir_ciface___stablehlo_py_gemm_f32" in blas
    assert "_mlir_ciface___stablehlo_py_numpy_loop_f32" not in blas
    assert "stablehlo_py_parallel_for" not in blas


def test_every_kernel_calls_blas_exactly_when_the_table_says_so():
    table = {n for n in kernels.native_kernels() if n.startswith(_KERNEL_PREFIX)}
    blas = set(_stablehlo.blas_kernels())
    seen = {}
    rng = np.random.default_rng(0)
    for name, (make, element) in sorted(_PROGRAMS.items()):
        text, shapes = make(element)
        declared = _declared_kernels(text)
        assert len(declared) == 1, (name, declared)
        (kernel,) = declared
        program = stablehlo_py.compile(text, backend="compiled")
        args = [rng.standard_normal(s).astype(_DTYPES[element]) for s in shapes]
        with _CountingBlas() as counting:
            program(*args)
        called = counting.calls > 0
        seen.setdefault(kernel, set()).add(called)
        assert called == (kernel in blas), (
            f"{name}: {kernel} {'calls' if called else 'does not call'} BLAS, the kernel table says otherwise")
        # and the program runs in the context that follows from it
        assert (program._blas is compiled._ONE_BLAS_THREAD) == called, name
    assert table <= set(seen), f"kernels no program here calls: {sorted(table - set(seen))}"
    assert all(len(v) == 1 for v in seen.values()), seen


@pytest.mark.parametrize("element", ["f32", "f64"])
def test_results_are_numpys_again_after_the_stubs(element):
    # the stubs' context puts numpy's BLAS back: a product after it is the interpreter's
    text, shapes = _dot(element)
    rng = np.random.default_rng(1)
    a, b = (rng.standard_normal(s).astype(_DTYPES[element]) for s in shapes)
    program = stablehlo_py.compile(text, backend="compiled")
    with _CountingBlas():
        program(a, b)
    np.testing.assert_array_equal(program(a, b)[0], stablehlo_py.interpret(text, a, b)[0])
