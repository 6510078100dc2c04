"""The chlo dialect in Python: `from stablehlo_py.dialects import chlo`.

Op classes and builders are generated from dialect/ChloOps.td; result types
are inferred (except ragged_dot's, whose element type is the caller's
choice). This module adds the dialect's attributes:
`ComparisonDirectionAttr.get("LT")`, `ComparisonTypeAttr`, `PrecisionAttr`
(#chlo<...>) and `RaggedDotDimensionNumbers.get(...)` (#chlo.ragged_dot<...>).
"""
from ._chlo_ops_gen import *  # noqa: F401,F403
from ._chlo_ops_gen import _asin_acos_kernel  # noqa: F401 (upstream's name; `import *` skips it)
from .stablehlo import _EnumAttr, _structured_attr_class


def _chlo_enum_attr_class(name: str, kind: str) -> type:
    return type(name, (_EnumAttr,), {"KIND": f"chlo.{kind}", "__doc__": f"#chlo<{kind} ...>"})


ComparisonDirectionAttr = _chlo_enum_attr_class("ComparisonDirectionAttr", "comparison_direction")
ComparisonTypeAttr = _chlo_enum_attr_class("ComparisonTypeAttr", "comparison_type")
PrecisionAttr = _chlo_enum_attr_class("PrecisionAttr", "precision")

RaggedDotDimensionNumbers = _structured_attr_class("RaggedDotDimensionNumbers", "ragged_dot", [
    "lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
    "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions"])

