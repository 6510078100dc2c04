"""MLIR's memref descriptors (its C interface) as ctypes structs, and numpy arrays of them:
{allocated, aligned, offset, sizes[rank], strides[rank]}, sizes and strides in elements. The
runtime receives its operands and results this way (runtime.py); the compiled backend's calls
build theirs natively (lib/Bindings/CompiledCall.cpp)."""

from __future__ import annotations

import ctypes

import numpy as np

from ..interpreter.core.errors import InterpreterError

_DESCRIPTORS: dict = {}


def descriptor_type(rank: int):
    """The ctypes struct of a memref descriptor of `rank`."""
    struct = _DESCRIPTORS.get(rank)
    if struct is None:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        struct = _DESCRIPTORS[rank] = type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})
    return struct


def view(address: int, shape: tuple, dtype, writeable: bool) -> np.ndarray:
    """The array the descriptor at `address` describes (its buffer, not a copy), of `shape`
    and `dtype` as the program declares them."""
    dtype = np.dtype(dtype)
    shape = tuple(shape)
    described = descriptor_type(len(shape)).from_address(address)
    if 0 in shape:
        return np.empty(shape, dtype)
    strides = tuple(described.strides[:len(shape)]) if shape else ()
    if any(s < 0 for s in strides):
        raise InterpreterError("the runtime takes buffers of non-negative strides")
    span = (sum((n - 1) * s for n, s in zip(shape, strides)) + 1) * dtype.itemsize
    buffer = (ctypes.c_char * span).from_address(described.aligned + described.offset * dtype.itemsize)
    array = np.ndarray(shape, dtype, buffer=buffer, strides=tuple(s * dtype.itemsize for s in strides))
    array.flags.writeable = writeable
    return array
