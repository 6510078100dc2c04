"""The compiled backend's native kernels (lib/Runtime/NativeKernels.h, built into the
extension): C functions on memref descriptors that the lowered code calls, registered with
each engine. The gemm kernels call the CBLAS gemm of the BLAS numpy itself loaded, so that a
product the interpreter hands to BLAS (np.matmul) is computed by the same library; the
numpy-loop kernels call numpy's own ufunc loops (numpy_loops.py)."""

from __future__ import annotations

import ctypes
import functools

from .. import _stablehlo
from .numpy_loops import set_numpy_loops

# numpy's wheels ship OpenBLAS with 64-bit integers under these names (the kernels' ABI).
_GEMM_SYMBOLS = ("scipy_cblas_{}gemm64_", "cblas_{}gemm64_")


def _numpy_gemm() -> tuple:
    """Addresses of the ILP64 CBLAS sgemm and dgemm numpy's BLAS exports, or (0, 0) (the
    kernels then run plain loops)."""
    try:
        import threadpoolctl

        paths = [i["filepath"] for i in threadpoolctl.threadpool_info() if i.get("user_api") == "blas"]
    except Exception:  # noqa: BLE001 - no BLAS to be found: plain loops
        return 0, 0
    for path in paths:
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for pattern in _GEMM_SYMBOLS:
            try:
                pair = [getattr(library, pattern.format(kind)) for kind in "sd"]
            except AttributeError:
                continue
            return tuple(ctypes.cast(f, ctypes.c_void_p).value for f in pair)
    return 0, 0


@functools.cache
def native_kernels() -> dict:
    """Symbol -> address of every function the compiled code calls natively (the kernels'
    `_mlir_ciface_` forms, the buffer allocator), the gemm's BLAS and numpy's loops set (once)."""
    import numpy  # noqa: F401 - numpy's BLAS must be loaded for threadpoolctl to find it

    _stablehlo.set_gemm(*_numpy_gemm())
    set_numpy_loops()
    return dict(_stablehlo.native_kernels())


def register(engine) -> None:
    """Makes every native kernel callable from `engine`'s code."""
    for symbol, address in native_kernels().items():
        engine.raw_register_runtime(symbol, ctypes.c_void_p(address))
