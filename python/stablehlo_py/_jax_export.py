"""Reader of JAX's ``jax.export`` serialized blobs, without jax or flatbuffers.

``jax.export.export(jax.jit(f))(*specs).serialize()`` returns a flatbuffer
(little-endian, no file identifier) whose root table is ``Exported``.  The
schema is jax's ``jax/_src/export/serialization.fbs``; the fields read here,
with their slot numbers, are:

``Exported`` (root table)
    0 serialization_version: u16 (jax writes 3 whatever its own version)
    1 function_name: string
    3 in_avals: [AbstractValue]        (older layout of the input avals)
    5 out_avals: [AbstractValue]       (older layout of the output avals)
    6 nr_devices_short: i16            (before nr_devices existed)
    9 platforms: [string]
   10 ordered_effects: [Effect]        (only the count is read)
   13 mlir_module_serialized: [u8]     (StableHLO portable artifact)
   14 calling_convention_version: u16
   15 module_kept_var_idx: [u16]
   16 uses_global_constants: bool
   18 nr_devices: u32
   19 unique_avals: [AbstractValue]
   22 in_avals_idxs: [u32]             (indices into unique_avals)
   23 out_avals_idxs: [u32]
``AbstractValue``
    0 kind: i8 (0 = shapedArray)
    1 shape: [string]                  (one string per dim: "4" or "b", "2*b"...)
    2 dtype: i8 (enum ``DType``, see ``_DTYPES``)

Flatbuffer layout: byte 0 holds a u32 offset to the root table; a table
starts with an i32 ``soffset`` and its vtable is at ``table - soffset``; a
vtable is u16 vtable size, u16 table size, then one u16 field offset per slot
(0 = absent, so the field takes its default).  A string or vector field holds
a u32 offset relative to the field's own position, to a u32 element count
followed by the elements; a vector of tables holds such u32 offsets, each
relative to its own position.

Every offset and length is checked against ``len(data)``, and the number of
elements visited is bounded by the size of the data, so hostile input costs
at most linear time and memory and fails with ``ValueError``.
"""

from __future__ import annotations

import dataclasses
import re
import struct

__all__ = ["JaxExport", "read_jax_export", "looks_like_jax_export"]

MLIR_BYTECODE_MAGIC = b"ML\xefR"

# Exported slots.
_SERIALIZATION_VERSION = 0
_FUNCTION_NAME = 1
_IN_AVALS = 3
_OUT_AVALS = 5
_NR_DEVICES_SHORT = 6
_PLATFORMS = 9
_ORDERED_EFFECTS = 10
_MLIR_MODULE = 13
_CALLING_CONVENTION_VERSION = 14
_MODULE_KEPT_VAR_IDX = 15
_USES_GLOBAL_CONSTANTS = 16
_NR_DEVICES = 18
_UNIQUE_AVALS = 19
_IN_AVALS_IDXS = 22
_OUT_AVALS_IDXS = 23
# AbstractValue slots.
_AVAL_KIND = 0
_AVAL_SHAPE = 1
_AVAL_DTYPE = 2

# enum DType, by value, named as numpy / ml_dtypes name them.
_DTYPES = (
    "bool", "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
    "bfloat16", "int4", "uint4",
    "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float0",
    "float8_e4m3", "float8_e3m4", "float8_e8m0fnu", "float4_e2m1fn",
    "key<fry>", "key<rbg>", "key<unsafe_rbg>",
)

_STATIC_DIM = re.compile(rb"[0-9]{1,19}")

Aval = tuple[tuple[int | None, ...], str]


@dataclasses.dataclass(frozen=True)
class JaxExport:
    """What a ``jax.export`` blob says about its function."""

    module: bytes  # MLIR bytecode (StableHLO portable artifact)
    function_name: str
    platforms: tuple[str, ...]
    module_kept_var_idx: tuple[int, ...]
    in_avals: tuple[Aval, ...]  # (shape with None for symbolic dims, dtype)
    out_avals: tuple[Aval, ...]
    nr_devices: int
    ordered_effects: int  # how many; each adds a token to main's signature
    calling_convention_version: int
    uses_global_constants: bool
    serialization_version: int
    has_shape_polymorphism: bool


class _Malformed(Exception):
    pass


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.size = len(data)
        # Elements (tables, vector items) we may still visit: a legitimate
        # blob visits each of its bytes a bounded number of times.
        self.budget = self.size + 64

    def _spend(self, n: int) -> None:
        self.budget -= n
        if self.budget < 0:
            raise _Malformed("its offsets revisit the same bytes too often")

    def _unpack(self, fmt: str, pos: int) -> int:
        if pos < 0 or pos + struct.calcsize(fmt) > self.size:
            raise _Malformed(f"offset {pos} is past the end ({self.size} bytes)")
        return struct.unpack_from(fmt, self.data, pos)[0]

    def table(self, pos: int) -> tuple[int, int, int]:
        """(table position, vtable position, number of slots)."""
        self._spend(1)
        if pos % 4:
            raise _Malformed(f"table at {pos} is not 4-byte aligned")
        vtable = pos - self._unpack("<i", pos)
        vt_size = self._unpack("<H", vtable)
        tbl_size = self._unpack("<H", vtable + 2)
        if vt_size < 4 or vt_size % 2 or vtable + vt_size > self.size:
            raise _Malformed(f"vtable at {vtable} has a bad size {vt_size}")
        if tbl_size < 4 or pos + tbl_size > self.size:
            raise _Malformed(f"table at {pos} has a bad size {tbl_size}")
        return pos, vtable, (vt_size - 4) // 2

    def field(self, tbl: tuple[int, int, int], slot: int, width: int) -> int | None:
        """Position of a present field of `width` bytes, else None."""
        pos, vtable, nslots = tbl
        if slot >= nslots:
            return None
        off = self._unpack("<H", vtable + 4 + 2 * slot)
        if off == 0:
            return None
        if off < 4 or off + width > self._unpack("<H", vtable + 2):
            raise _Malformed(f"field {slot} of the table at {pos} lies outside it")
        return pos + off

    def scalar(self, tbl, slot: int, fmt: str, default: int = 0) -> int:
        at = self.field(tbl, slot, struct.calcsize(fmt))
        return default if at is None else self._unpack(fmt, at)

    def indirect(self, at: int) -> int:
        return at + self._unpack("<I", at)

    def vector(self, tbl, slot: int, elem_size: int) -> tuple[int, int]:
        """(position of the first element, count); (0, 0) when absent."""
        at = self.field(tbl, slot, 4)
        if at is None:
            return 0, 0
        return self.vector_at(self.indirect(at), elem_size)

    def vector_at(self, pos: int, elem_size: int) -> tuple[int, int]:
        n = self._unpack("<I", pos)
        if pos + 4 + n * elem_size > self.size:
            raise _Malformed(f"vector at {pos} of {n} elements runs past the end")
        return pos + 4, n

    def raw(self, pos: int, n: int) -> bytes:
        return self.data[pos:pos + n]

    def string_at(self, pos: int) -> str:
        start, n = self.vector_at(pos, 1)
        self._spend(n)
        try:
            return self.raw(start, n).decode("utf-8")
        except UnicodeDecodeError:
            raise _Malformed(f"string at {pos} is not UTF-8") from None

    def string(self, tbl, slot: int) -> str:
        at = self.field(tbl, slot, 4)
        return "" if at is None else self.string_at(self.indirect(at))

    def ints(self, tbl, slot: int, fmt: str) -> tuple[int, ...]:
        size = struct.calcsize(fmt)
        start, n = self.vector(tbl, slot, size)
        self._spend(n)
        return struct.unpack_from(f"<{n}{fmt}", self.data, start) if n else ()

    def offsets(self, tbl, slot: int) -> list[int]:
        """Targets of a vector of tables or strings."""
        start, n = self.vector(tbl, slot, 4)
        self._spend(n)
        return [self.indirect(start + 4 * i) for i in range(n)]

    def aval(self, pos: int) -> Aval:
        tbl = self.table(pos)
        kind = self.scalar(tbl, _AVAL_KIND, "<b")
        if kind != 0:
            raise _Malformed(f"abstract value at {pos} has unsupported kind {kind}")
        dims = []
        for dim_pos in self.offsets(tbl, _AVAL_SHAPE):
            start, n = self.vector_at(dim_pos, 1)
            # A static dim is a decimal integer; anything else ("b", "2*b",
            # "b + 1", ...) is a symbolic dimension expression.
            text = self.raw(start, n) if n <= 19 else b""
            dims.append(int(text) if _STATIC_DIM.fullmatch(text) else None)
        dtype = self.scalar(tbl, _AVAL_DTYPE, "<b")
        if not 0 <= dtype < len(_DTYPES):
            raise _Malformed(f"abstract value at {pos} has unknown dtype code {dtype}")
        return tuple(dims), _DTYPES[dtype]

    def avals(self, root, idxs, legacy_slot: int, unique) -> tuple[Aval, ...]:
        if not idxs:  # blobs written before jax deduplicated avals
            return tuple(self.aval(p) for p in self.offsets(root, legacy_slot))
        for i in idxs:
            if i >= len(unique):
                raise _Malformed(f"aval index {i} is past the {len(unique)} unique avals")
        return tuple(unique[i] for i in idxs)


def _root_and_module(r: _Reader) -> tuple[tuple[int, int, int], int] | None:
    """The cheap recognition: root table, and the position of the module's
    first byte, or None when the bytes are not a jax.export blob."""
    try:
        if r.size < 32:
            return None
        root = r.table(r._unpack("<I", 0))
        if root[0] < 4:
            return None
        at = r.field(root, _MLIR_MODULE, 4)
        if at is None:
            return None
        module = r.indirect(at)
        if r._unpack("<I", module) < 4 or r.raw(module + 4, 4) != MLIR_BYTECODE_MAGIC:
            return None
        return root, module
    except _Malformed:
        return None


def _as_bytes(data) -> bytes | None:
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return None
    try:
        return memoryview(data).tobytes()
    except TypeError:
        return None


def looks_like_jax_export(data) -> bool:
    """Cheap check: root table, its vtable and an MLIR-bytecode module field."""
    data = _as_bytes(data)
    return data is not None and _root_and_module(_Reader(data)) is not None


def read_jax_export(data) -> JaxExport | None:
    """Read a ``jax.export`` blob; None when `data` is not one.

    Raises ValueError when the bytes look like a blob but are malformed.
    """
    data = _as_bytes(data)
    if data is None:
        return None
    r = _Reader(data)
    found = _root_and_module(r)
    if found is None:
        return None
    root, module_pos = found
    try:
        start, n = r.vector_at(module_pos, 1)
        in_idxs = r.ints(root, _IN_AVALS_IDXS, "I")
        out_idxs = r.ints(root, _OUT_AVALS_IDXS, "I")
        unique = []
        if in_idxs or out_idxs:
            unique = [r.aval(p) for p in r.offsets(root, _UNIQUE_AVALS)]
        in_avals = r.avals(root, in_idxs, _IN_AVALS, unique)
        out_avals = r.avals(root, out_idxs, _OUT_AVALS, unique)
        kept = r.ints(root, _MODULE_KEPT_VAR_IDX, "H")
        if any(not a < b for a, b in zip(kept, kept[1:])) or (
                kept and kept[-1] >= len(in_avals)):
            raise _Malformed("module_kept_var_idx does not select increasing "
                             f"inputs among the {len(in_avals)}")
        nr_devices = (r.scalar(root, _NR_DEVICES, "<I")
                      or r.scalar(root, _NR_DEVICES_SHORT, "<h"))
        if nr_devices < 1:
            raise _Malformed(f"nr_devices is {nr_devices}")
        return JaxExport(
            module=r.raw(start, n),
            function_name=r.string(root, _FUNCTION_NAME),
            platforms=tuple(r.string_at(p) for p in r.offsets(root, _PLATFORMS)),
            module_kept_var_idx=kept,
            in_avals=in_avals,
            out_avals=out_avals,
            nr_devices=nr_devices,
            ordered_effects=r.vector(root, _ORDERED_EFFECTS, 4)[1],
            calling_convention_version=r.scalar(root, _CALLING_CONVENTION_VERSION, "<H"),
            uses_global_constants=bool(r.scalar(root, _USES_GLOBAL_CONSTANTS, "<B")),
            serialization_version=r.scalar(root, _SERIALIZATION_VERSION, "<H"),
            has_shape_polymorphism=any(
                d is None for shape, _ in in_avals + out_avals for d in shape),
        )
    except _Malformed as e:
        raise ValueError(f"the bytes look like a jax.export blob but {e}") from None


def module_arguments(exported: JaxExport, arrays: tuple) -> tuple:
    """The arguments of the blob's module (@main) for a call of the exported function on `arrays`
    (one per input of the function, as `Exported.call` takes them): the inputs the module keeps
    (module_kept_var_idx), after the platform index when the blob serves several platforms (this
    is the "cpu" one). Arrays that already match the module's arguments pass unchanged."""
    import numpy as np

    kept = list(exported.module_kept_var_idx)
    if len(arrays) == len(exported.in_avals) and len(kept) != len(arrays):
        arrays = tuple(arrays[i] for i in kept)
    if len(exported.platforms) > 1:
        if "cpu" not in exported.platforms:
            raise ValueError(f"the jax.export blob serves the platforms {', '.join(exported.platforms)}, "
                             "none of them cpu")
        arrays = (np.int32(exported.platforms.index("cpu")),) + tuple(arrays)
    return tuple(arrays)


def call_arguments(source, arrays: tuple) -> tuple:
    """`arrays` as the module of `source` takes them: module_arguments for a jax.export blob,
    unchanged for anything else. ValueError for a malformed blob."""
    if not isinstance(source, (bytes, bytearray, memoryview)):
        return arrays
    exported = read_jax_export(source)
    return arrays if exported is None else module_arguments(exported, arrays)
