"""Contexts and parsing: the base layer that the package, the interpreter and the CLI share
(above the extension, below everything else)."""

import mlir.ir

from . import _stablehlo

__all__ = ["context", "parse_module"]


def context() -> "mlir.ir.Context":
    """A new context with stablehlo, check and the upstream dialects a
    StableHLO program uses (func, builtin, quant, ...) registered."""
    ctx = mlir.ir.Context()
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
