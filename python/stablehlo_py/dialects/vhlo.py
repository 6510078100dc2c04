"""The vhlo dialect: StableHLO's versioned form, what portable artifacts hold (docs/vhlo.md).
Its ops are reached through the artifact functions of `stablehlo_py.dialects.stablehlo` and the
passes stablehlo-legalize-to-vhlo, vhlo-to-version{target=...} and vhlo-legalize-to-stablehlo."""

from mlir import ir

from .. import _stablehlo


def register_dialect(context: ir.Context, load: bool = True) -> None:
    """Registers (and by default loads) the vhlo dialect, with the project's other dialects, in
    `context` (upstream's signature)."""
    _stablehlo.register_dialects(context, load)
    if load:
        context.get_dialect_descriptor("vhlo")  # loads it
