"""The compiled backend's on-disk cache of machine code (docs/lowering.md, "Compile cache").

LLVM's optimization and code generation are 90% of a cold compile (a transformer block: 0.75 s
of 0.8 s). An entry keeps what MLIR's ExecutionEngine produced for a module -- its relocatable
object (`dump_to_object_file`) and the runtime's op programs (runtime.py) -- and a later
compile of the same module links that object in process (lib/Runtime/ObjectLoader.cpp, LLVM's
ORC from the libLLVM.so MLIR uses), skipping our passes, LLVM's and the runtime's lowering.

Key: SHA-256 of the parsed module (bytecode with locations, before any pass), the pass
pipeline and the engine's options, this package (version, and the size and time of its
extension and Python files, so that a rebuilt lowering never reads an old entry), MLIR's
version, and the host (triple, CPU name and features, as the JIT targets them).

Safety: an entry is written to a temporary file and renamed into place (os.replace), so a
concurrent process sees a whole entry or none; each carries a SHA-256 of its contents, and an
entry that is truncated, garbled or does not link is ignored and rewritten. Any failure of the
cache itself (an unwritable directory, a full disk) only means compiling as without it.

Environment: STABLEHLO_PY_CACHE_DIR (the directory; default $XDG_CACHE_HOME/stablehlo-py or
~/.cache/stablehlo-py), STABLEHLO_PY_NO_CACHE=1 (no cache: neither read nor written),
STABLEHLO_PY_CACHE_MAX_MB (the bound, 512 by default; the least recently used entries go first)."""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
import struct
import tempfile
import time

DIR_ENV = "STABLEHLO_PY_CACHE_DIR"
DISABLE_ENV = "STABLEHLO_PY_NO_CACHE"
MAX_MB_ENV = "STABLEHLO_PY_CACHE_MAX_MB"
DEFAULT_MAX_MB = 512

_FORMAT = b"SHPYOBJ1"  # bump when the entry layout or what it holds changes
_SUFFIX = ".obj"
_HEADER = struct.Struct("<8s32sQ")  # format, SHA-256 of the rest, length of the metadata
_STALE_TEMP_SECONDS = 3600  # a temporary file a crashed writer left


def directory() -> str | None:
    """The cache directory, or None when the cache is disabled."""
    if os.environ.get(DISABLE_ENV, "").strip() not in ("", "0"):
        return None
    chosen = os.environ.get(DIR_ENV)
    if chosen:
        return chosen
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "stablehlo-py")


def _limit_bytes() -> int:
    try:
        return int(float(os.environ.get(MAX_MB_ENV, DEFAULT_MAX_MB)) * (1 << 20))
    except ValueError:
        return DEFAULT_MAX_MB << 20


@functools.cache
def fingerprint() -> bytes:
    """What every key shares: this build of the package, MLIR's and the host CPU."""
    import mlir._mlir_libs._mlir
    import mlir.ir

    from .. import _stablehlo

    parts = [_FORMAT.decode()]
    # The builds themselves, by their files' sizes and times (installing another MLIR or LLVM
    # rewrites MLIR's libraries and rebuilds ours; asking importlib.metadata for the versions
    # took 80 ms, half of a first compile's start): an edited lowering (a rebuilt extension, a
    # changed Python pass) is a new key.
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = [_stablehlo.__file__, mlir.ir.__file__, mlir._mlir_libs._mlir.__file__]
    for root, _, names in os.walk(package):
        files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".py")]
    for path in sorted(files):
        try:
            stat = os.stat(path)
            parts.append(f"{os.path.relpath(path, package)}:{stat.st_size}:{stat.st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:?")
    parts.append(_stablehlo.host_cpu())
    return "\n".join(parts).encode()


def key(module, entry: str, pipeline: str, options: str) -> str:
    """The key of `module` (parsed, before any pass) compiled at `entry` by `pipeline`."""
    digest = hashlib.sha256(fingerprint())
    for part in (entry, pipeline, options):
        digest.update(b"\0" + part.encode())
    digest.update(b"\0" + module.operation.get_asm(binary=True, enable_debug_info=True))
    return digest.hexdigest()


def load(folder: str, name: str) -> tuple[dict, bytes] | None:
    """(metadata, object) of entry `name`, or None: absent, unreadable, truncated or garbled
    (checked against its SHA-256) -- the caller compiles and rewrites it."""
    path = os.path.join(folder, name + _SUFFIX)
    try:
        with open(path, "rb") as f:
            data = f.read()
        form, checksum, size = _HEADER.unpack_from(data)
        body = memoryview(data)[_HEADER.size:]
        if form != _FORMAT or hashlib.sha256(body).digest() != checksum or size > len(body):
            return None
        metadata = json.loads(bytes(body[:size]).decode())
        if not isinstance(metadata, dict):
            return None
        os.utime(path)  # recently used: evicted last
        return metadata, bytes(body[size:])
    except (OSError, ValueError, struct.error, UnicodeDecodeError):
        return None


def store(folder: str, name: str, metadata: dict, obj: bytes) -> None:
    """Writes entry `name` atomically (a temporary file renamed into place), then keeps the
    directory under its bound. Never raises: a cache that cannot be written is no cache."""
    meta = json.dumps(metadata, sort_keys=True).encode()
    body = meta + obj
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=_SUFFIX, dir=folder)
        with os.fdopen(handle, "wb") as f:
            f.write(_HEADER.pack(_FORMAT, hashlib.sha256(body).digest(), len(meta)))
            f.write(body)
        os.replace(temporary, os.path.join(folder, name + _SUFFIX))
        temporary = None
        evict(folder, _limit_bytes())
    except OSError:
        pass
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def evict(folder: str, limit: int) -> None:
    """Removes the least recently used entries until the directory holds at most `limit`
    bytes (and temporary files a crashed writer left)."""
    entries, total, now = [], 0, time.time()
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                if not item.name.endswith(_SUFFIX):
                    continue
                try:
                    stat = item.stat()
                except OSError:
                    continue
                if item.name.startswith(".tmp-"):
                    if now - stat.st_mtime > _STALE_TEMP_SECONDS:
                        _remove(item.path)
                    continue
                entries.append((stat.st_mtime, stat.st_size, item.path))
                total += stat.st_size
    except OSError:
        return
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        _remove(path)  # another process may have removed it first
        total -= size


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class LoadedObject:
    """A cached object linked in process; the part of MLIR's ExecutionEngine interface the
    compiled backend uses (symbols registered before the first lookup, which links it). LLVM's
    failures raise RuntimeError with its message (the extension's LoadedObject)."""

    def __init__(self, obj: bytes, shared_libs: list):
        from .. import _stablehlo

        self._kept = []  # the callbacks the code calls must live as long as it
        self._loaded = _stablehlo.LoadedObject(shared_libs)
        self._loaded.add(obj)

    def raw_register_runtime(self, name: str, address) -> None:
        self._kept.append(address)
        self._loaded.define(name, address.value if hasattr(address, "value") else int(address))

    def register_runtime(self, name: str, callback) -> None:
        self._kept.append(callback)
        self.raw_register_runtime("_mlir_ciface_" + name, ctypes.cast(callback, ctypes.c_void_p))

    def raw_lookup(self, name: str) -> int:
        """The packed-argument wrapper of `name` (as ExecutionEngine.raw_lookup)."""
        return self._loaded.lookup("_mlir_" + name)
