"""Portable artifacts and versions, with upstream StableHLO's Python names (re-exported by
`stablehlo_py.dialects.stablehlo`). An artifact is the module as VHLO of a target version in
MLIR bytecode (lib/Vhlo/); reading one runs in a child process, as all bytecode reading does
(_parsing.bytecode_text): hostile bytes cost an error, never this process."""

import enum

import mlir.ir

from . import _stablehlo
from ._parsing import context, parse_module, program_text

__all__ = ["StablehloCompatibilityRequirement", "get_api_version", "get_current_version",
           "get_minimum_version", "get_smaller_version", "get_version_from_compatibility_requirement",
           "serialize_portable_artifact", "serialize_portable_artifact_str",
           "deserialize_portable_artifact", "deserialize_portable_artifact_str"]

# The version of this Python API, as upstream numbers its own (PortableApi.h).
API_VERSION = 9


class StablehloCompatibilityRequirement(enum.IntEnum):
    """How old a reader an artifact must load in: NONE (the current version), WEEK_4 and WEEK_12
    (a release at least 4 or 12 weeks old), MAX (the oldest version with guarantees)."""
    NONE = 0
    WEEK_4 = 1
    WEEK_12 = 2
    MAX = 3


def get_api_version() -> int:
    return API_VERSION


def get_current_version() -> str:
    """The newest StableHLO version this build reads and writes ("1.20.0")."""
    return _stablehlo.get_current_version()


def get_minimum_version() -> str:
    """The oldest version with compatibility guarantees ("0.9.0")."""
    return _stablehlo.get_minimum_version()


def get_smaller_version(version1: str, version2: str) -> str:
    """The smaller of two "#.#.#" versions; ValueError if either is not one."""
    smaller = _stablehlo.get_smaller_version(str(version1), str(version2))
    if smaller is None:
        raise ValueError(f"failed to convert version to stablehlo version: expected two versions "
                         f"#.#.#, got {version1!r} and {version2!r}")
    return smaller


def get_version_from_compatibility_requirement(requirement) -> str:
    version = _stablehlo.version_from_compatibility_requirement(int(requirement))
    if version is None:
        raise ValueError(f"unknown compatibility requirement {requirement!r}")
    return version


def serialize_portable_artifact(module: "mlir.ir.Module", target: str,
                                allow_other_dialects: bool = False) -> bytes:
    """`module` (StableHLO, left unchanged) as a portable artifact of version `target`
    ("#.#.#", at least get_minimum_version(), at most get_current_version()). An op, type or
    attribute the target does not have raises an MLIRError that names it. An op of another
    dialect (arith, tensor, ...) is refused, or with `allow_other_dialects` written as it is,
    behind unrealized casts to and from VHLO types (as upstream does; such an artifact is only
    as stable as those dialects)."""
    errors = []
    handler = module.context.attach_diagnostic_handler(
        lambda d: errors.append(f"{d.location}: {d.message}") or True)
    try:
        with module.context:
            return _stablehlo.serialize_portable_artifact(module, str(target), bool(allow_other_dialects))
    except ValueError:
        raise mlir.ir.MLIRError(f"cannot write the module as a portable artifact of version {target}: "
                                + ("; ".join(errors) or "unknown reason"), []) from None
    finally:
        handler.detach()


def serialize_portable_artifact_str(module_str, target_version: str) -> bytes:
    """serialize_portable_artifact of a program given as text or MLIR bytecode."""
    return serialize_portable_artifact(parse_module(module_str), target_version)


def deserialize_portable_artifact(context_or_artifact, artifact=None) -> "mlir.ir.Module":
    """The StableHLO module of a portable artifact, in `context` (upstream's signature:
    deserialize_portable_artifact(context, artifact)); the context may be left out."""
    ctx = context_or_artifact if artifact is not None else None
    data = artifact if artifact is not None else context_or_artifact
    if isinstance(data, str):
        data = data.encode("latin-1")
    return parse_module(_artifact_text(bytes(data)), ctx or context())


def deserialize_portable_artifact_str(artifact) -> bytes:
    """The StableHLO module of a portable artifact, as MLIR bytecode (as upstream returns it)."""
    import io
    module = deserialize_portable_artifact(artifact)
    out = io.BytesIO()
    module.operation.write_bytecode(out)
    return out.getvalue()


def _artifact_text(data: bytes) -> str:
    from ._parsing import bytecode_producer
    producer = bytecode_producer(data) or ""
    if not producer.startswith("StableHLO_v"):
        raise TypeError(f"the bytes given are not a StableHLO portable artifact (producer {producer!r})")
    return program_text(data)
