"""The compiled backend's native runtime beside its kernels: the buffer allocator its code calls
for every memref.alloc (lib/Runtime/BufferCache.cpp) and the numpy-loop kernels
(lib/Runtime/NumpyLoops.cpp) with a slot numpy gave no loop for."""
from __future__ import annotations

import ctypes
import resource

import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py import _stablehlo
from stablehlo_py.lowering.kernels import native_kernels
from stablehlo_py.lowering.numpy_loops import set_numpy_loops

_ALLOC = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_uint64)
_FREE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


def _allocator():
    table = native_kernels()
    return _ALLOC(table["_mlir_memref_to_llvm_alloc"]), _FREE(table["_mlir_memref_to_llvm_free"])


def test_large_buffers_are_reused_small_ones_aligned():
    alloc, free = _allocator()
    big = alloc(3 << 20)
    free(big)
    assert alloc(3 << 20) == big  # kept for the next call, not handed back to the kernel
    free(big)
    small = [alloc(size) for size in (1, 24, 1000, 4096)]
    assert all(p % 16 == 0 for p in small)  # as malloc aligns (the lowering aligns further)
    for p in small:
        free(p)
    free(None)  # as free(NULL)


def test_a_size_past_the_address_space_is_no_buffer():
    alloc, _ = _allocator()
    assert alloc(2**64 - 8) is None  # the header would wrap the size around
    assert alloc(2**62) is None  # malloc refuses


def _elementwise_program(n: int) -> str:
    t = f"tensor<{n}xf32>"
    return f"""func.func @main(%x: {t}) -> {t} {{
  %0 = stablehlo.negate %x : {t}
  %1 = stablehlo.multiply %0, %x : {t}
  %2 = stablehlo.exponential %1 : {t}
  %3 = stablehlo.abs %x : {t}
  %4 = stablehlo.log_plus_one %3 : {t}
  %5 = stablehlo.add %2, %4 : {t}
  return %5 : {t}
}}"""


def test_calls_reuse_their_temporaries():
    # Three 4 MB temporaries per call: fresh pages from the kernel each call would be about
    # 3,000 page faults per call (as with malloc, which unmaps them or trims the heap).
    n = 1 << 20
    run = stablehlo_py.compile(_elementwise_program(n), backend="compiled")
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    out = run(x)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(20):
        out = run(x)
    per_call = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20
    assert per_call < 1500, per_call  # the result array numpy allocates may still fault
    assert_same(out, stablehlo_py.interpret(_elementwise_program(n), x))


@pytest.mark.parametrize("dtype,element,slot", [(np.float32, "f32", 4), (np.float64, "f64", 5)])
def test_a_slot_without_numpy_loop_computes_by_the_c_library(dtype, element, slot):
    # log: slot 4 (f32) and 5 (f64) (NumpyLoops.h; f32 exp is our own code, no loop). Unset, the
    # kernel runs the C library's log, within an ULP of numpy's; set again, numpy's bits.
    text = f"""func.func @main(%x: tensor<64x{element}>) -> tensor<64x{element}> {{
  %0 = stablehlo.log %x : tensor<64x{element}>
  return %0 : tensor<64x{element}>
}}"""
    x = np.geomspace(1e-30, 1e30, 64, dtype=dtype)
    run = stablehlo_py.compile(text, backend="compiled")
    try:
        _stablehlo.set_numpy_loop(slot, 0, 0)
        libm = run(x)[0]
    finally:
        set_numpy_loops()
    np.testing.assert_allclose(libm, np.log(x), rtol=2 * np.finfo(dtype).eps)
    assert_same(run(x), [np.log(x)])
