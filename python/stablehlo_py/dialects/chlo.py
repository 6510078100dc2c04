"""The chlo dialect in Python: `from stablehlo_py.dialects import chlo`.

Op classes and builders are generated from dialect/ChloOps.td; result types
are inferred (except ragged_dot's, whose element type is the caller's
choice). This module adds the dialect's attributes with upstream's Python API:
`ComparisonDirectionAttr.get("LT")`, `ComparisonTypeAttr`, `PrecisionAttr`
(#chlo<...>), `RaggedDotDimensionNumbers.get(...)` (#chlo.ragged_dot<...>), and
`register_dialect(context)`.
"""
from typing import Optional

from mlir import ir

from .. import _stablehlo
from ._chlo_ops_gen import *  # noqa: F401,F403
from ._chlo_ops_gen import _asin_acos_kernel  # noqa: F401 (upstream's name; `import *` skips it)
from ._upstream_attrs import Field as _Field
from ._upstream_attrs import enum_attr_class as _enum_attr_class
from ._upstream_attrs import structured_attr_class as _structured_attr_class

# chlo reuses stablehlo's enums; the extension names chlo's kinds "chlo.<enum>"
ComparisonDirectionAttr = _enum_attr_class("ComparisonDirectionAttr", "chlo.comparison_direction", "#chlo")
ComparisonTypeAttr = _enum_attr_class("ComparisonTypeAttr", "chlo.comparison_type", "#chlo")
PrecisionAttr = _enum_attr_class("PrecisionAttr", "chlo.precision", "#chlo")

RaggedDotDimensionNumbers = _structured_attr_class("RaggedDotDimensionNumbers", "ragged_dot", [
    _Field(name, "dims") for name in (
        "lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
        "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions")], doc_prefix="#chlo")


def register_dialect(context: Optional[ir.Context] = None, load: bool = True) -> None:
    """Registers (and by default loads) the chlo dialect in `context`, with the project's other
    dialects."""
    _stablehlo.register_dialects(context, load)


def register_chlo_dialect(context: Optional[ir.Context] = None, load: bool = True) -> None:
    """upstream's older name of register_dialect."""
    register_dialect(context, load)
