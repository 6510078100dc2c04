"""The compiled backend's native kernels (lib/Runtime/NativeKernels.h, built into the
extension): C functions on memref descriptors that the lowered code calls, registered with
each engine. The gemm kernels call the CBLAS gemm of the BLAS numpy itself loaded, so that a
product the interpreter hands to BLAS (np.matmul) is computed by the same library; the
numpy-loop kernels call numpy's own ufunc loops (numpy_loops.py). The kernels and the outlined
parallel loops share one thread pool (lib/Runtime/ParallelFor.h): `set_thread_count` and
STABLEHLO_PY_THREADS say how many threads it uses."""

from __future__ import annotations

import ctypes
import functools

from .. import _stablehlo
from .numpy_loops import numpy_blas, set_numpy_loops


@functools.cache
def native_kernels() -> dict:
    """Symbol -> address of every function the compiled code calls natively (the kernels'
    `_mlir_ciface_` forms, the buffer allocator), the gemm's BLAS and numpy's loops set (once)."""
    import numpy  # noqa: F401 - numpy's BLAS must be loaded for threadpoolctl to find it

    _stablehlo.set_gemm(*numpy_blas(("sgemm", "dgemm")))
    set_numpy_loops()
    return dict(_stablehlo.native_kernels())


def register(engine) -> None:
    """Makes every native kernel callable from `engine`'s code."""
    for symbol, address in native_kernels().items():
        engine.raw_register_runtime(symbol, ctypes.c_void_p(address))


def thread_count() -> int:
    """The threads a parallel loop of compiled code may use, the caller's included."""
    return ctypes.CFUNCTYPE(ctypes.c_int64)(native_kernels()["stablehlo_py_thread_count"])()


def set_thread_count(threads: int) -> None:
    """Threads for the compiled code's parallel loops from now on (1: all on the calling
    thread; 0: the default again, STABLEHLO_PY_THREADS or the cores), and ends a back-off
    (ParallelFor.cpp: calls on the caller alone after a late worker). Results are the same bits
    for any count."""
    ctypes.CFUNCTYPE(None, ctypes.c_int64)(native_kernels()["stablehlo_py_set_thread_count"])(int(threads))
