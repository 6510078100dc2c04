"""Contexts and parsing: the base layer that the package, the interpreter and the CLI share
(above the extension, below everything else)."""

import mlir.ir

from . import _stablehlo

__all__ = ["context", "parse_module", "program_text"]


# Loaded when a context is made, so that Python builders find their ops; every other dialect
# MLIR's Python package registers is loaded when a program names it. Loading all of them (the
# package's default) made a context cost ~10 ms instead of ~0.6 ms, and parsing text makes one.
_LOADED_DIALECTS = ("builtin", "func", "quant")


def context() -> "mlir.ir.Context":
    """A new context with the project's dialects (stablehlo, chlo, check, interpreter, sdy) and
    the upstream dialects a StableHLO program uses (builtin, func, quant) loaded, and every other
    dialect of MLIR's Python package registered (loaded when a program names it)."""
    ctx = mlir.ir.Context(load_on_create_dialects=_LOADED_DIALECTS)
    _stablehlo.register_dialects(ctx)
    # Python callbacks (Python passes, diagnostic handlers, the bindings'
    # error capture) must only run on the thread holding the GIL; MLIR's
    # worker threads do not hold it, and our programs gain nothing from them.
    ctx.enable_multithreading(False)
    return ctx


def parse_module(text: str, ctx: "mlir.ir.Context | None" = None) -> "mlir.ir.Module":
    """Parses program text into a module, in `ctx` (default: a new
    `context()`), after the upgrades stablehlo-opt applies too: JAX's MLIR
    writes hex i1 constants one byte per element, this MLIR reads them packed."""
    return mlir.ir.Module.parse(_stablehlo.upgrade_program_text(text), context=ctx or context())


_BYTECODE_MAGIC = b"ML\xefR"


def program_text(source) -> str:
    """The program text of `source`, a str or UTF-8 bytes. Raises TypeError for anything else,
    naming what is accepted: binary inputs (MLIR bytecode, portable artifacts) are not read yet."""
    if isinstance(source, str):
        return source
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        kind = "MLIR bytecode (or a portable artifact)" if data.startswith(_BYTECODE_MAGIC) else "binary data"
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise TypeError(f"the bytes given are {kind}, not UTF-8 program text (byte {e.start}): this version "
                            f"reads StableHLO programs as text (str or UTF-8 bytes) or as an mlir.ir.Module, "
                            f"not in binary form") from None
    raise TypeError(f"expected StableHLO program text (str or UTF-8 bytes) or an mlir.ir.Module, "
                    f"got {type(source).__name__}")
