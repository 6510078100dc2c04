"""The compiled backend's native kernels (lib/Runtime/NativeKernels.h, built into the
extension): C functions on memref descriptors that the lowered code calls, registered with
each engine. The gemm kernels call the CBLAS gemm of the BLAS numpy itself loaded, so that a
product the interpreter hands to BLAS (np.matmul) is computed by the same library; the
numpy-loop kernels call numpy's own ufunc loops (numpy_loops.py)."""

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
