"""All decoding of op attributes into plain Python / numpy values.

Builtin attributes decode with the upstream `mlir.ir` classes; stablehlo
attributes (comparison direction/type, dot dimension numbers, precision) with
the accessors of `stablehlo_py.dialects.stablehlo`.  Decoding happens once,
when a function is prepared; kernels only see the decoded values.

Dense element attributes are read from MLIR's raw storage through our
extension (`dense_elements_raw`), for every element type: the upstream
bindings have no data accessor for bf16, f4/f6/f8, sub-byte integers or
complex (and cannot even down-cast a complex one).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .errors import InterpreterError
from .types import TensorSpec, from_wide_int

__all__ = [
    "get",
    "has",
    "dense_elements",
    "i64_list",
    "bool_list",
    "string",
    "boolean",
    "integer",
    "floating",
    "symbol",
    "function_type",
    "comparison_direction",
    "comparison_type",
    "GatherDims",
    "gather_dimension_numbers",
    "DotDims",
    "dot_dimension_numbers",
    "ScatterDims",
    "scatter_dimension_numbers",
    "ConvDims",
    "conv_dimension_numbers",
]


def get(op, name: str):
    """The attribute `name` of `op`, or None when absent."""
    try:
        return op.attributes[name]
    except KeyError:
        return None


def has(op, name: str) -> bool:
    return get(op, name) is not None


def _required(op, name: str, default=None):
    """The attribute `name` of `op`; None if it is absent and `default` stands in for it."""
    attr = get(op, name)
    if attr is None and default is None:
        raise InterpreterError(f"missing attribute '{name}'")
    return attr


# ---------------------------------------------------------------------------
# Dense elements


def dense_elements(op, name: str, spec: TensorSpec) -> np.ndarray:
    """The dense elements attribute `name` as a read-only array of `spec`'s dtype and shape."""
    from .. import _stablehlo

    if not spec.is_static:
        raise InterpreterError(f"attribute '{name}': constant of dynamic type {spec.text}")
    raw = _stablehlo.dense_elements_raw(getattr(op, "operation", op), name)
    if raw is None:
        attr = _required(op, name)
        raise InterpreterError(f"attribute '{name}': expected dense elements (dense<...>), got "
                               f"{str(attr)[:80]}")
    data, splat = raw
    info = spec.element
    count = 1 if splat else int(np.prod(spec.shape, dtype=np.int64))
    storage = np.frombuffer(data, dtype=np.uint8)
    if info.category == "bool":  # MLIR packs i1 eight to a byte (a splat is one byte)
        values = storage != 0 if splat else np.unpackbits(storage, bitorder="little")[:count] != 0
    elif info.is_subbyte:  # one byte per element, value in the low bits
        values = from_wide_int(storage, info)
    else:  # complex as (real, imag) pairs; narrow floats one byte each
        values = storage.view(info.dtype)
    if values.size != count:
        raise InterpreterError(f"attribute '{name}': {values.size} elements for shape {spec.shape}")
    array = np.full(spec.shape, values[0], dtype=info.dtype) if splat else values.reshape(spec.shape).copy()
    array.flags.writeable = False
    return array


# ---------------------------------------------------------------------------
# Builtin scalar and array attributes


def i64_list(op, name: str, default=None) -> tuple:
    """A DenseI64ArrayAttr (or 1-D dense integer elements) as a tuple of ints."""
    import mlir.ir as ir

    attr = _required(op, name, default)
    if attr is None:
        return tuple(default)
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return tuple(int(v) for v in attr)
    if isinstance(attr, ir.DenseIntElementsAttr):
        return tuple(int(v) for v in np.array(attr).reshape(-1).tolist())
    raise InterpreterError(f"attribute '{name}': expected an array of i64, got {attr}")


def bool_list(op, name: str, default=None) -> tuple:
    """A DenseBoolArrayAttr as a tuple of bools."""
    import mlir.ir as ir

    attr = _required(op, name, default)
    if attr is None:
        return tuple(default)
    if isinstance(attr, ir.DenseBoolArrayAttr):
        return tuple(bool(v) for v in attr)
    raise InterpreterError(f"attribute '{name}': expected an array of i1, got {attr}")


def string(op, name: str, default: str | None = None) -> str:
    import mlir.ir as ir

    attr = _required(op, name, default)
    if attr is None:
        return default
    if isinstance(attr, ir.StringAttr):
        return attr.value
    raise InterpreterError(f"attribute '{name}': expected a string, got {attr}")


def boolean(op, name: str, default: bool = False) -> bool:
    import mlir.ir as ir

    attr = get(op, name)
    if attr is None:
        return default
    if isinstance(attr, ir.BoolAttr):
        return bool(attr.value)
    raise InterpreterError(f"attribute '{name}': expected a bool, got {attr}")


def integer(op, name: str, default: int | None = None) -> int:
    """An IntegerAttr; unsigned types are read as unsigned."""
    import mlir.ir as ir

    attr = _required(op, name, default)
    if attr is None:
        return default
    if isinstance(attr, ir.IntegerAttr):
        value = int(attr.value)
        try:
            int_type = ir.IntegerType(attr.type)
        except (ValueError, TypeError):
            int_type = None  # e.g. index
        if value < 0 and int_type is not None and int_type.is_unsigned:
            value &= (1 << int_type.width) - 1
        return value
    raise InterpreterError(f"attribute '{name}': expected an integer, got {attr}")


def floating(op, name: str, default: float | None = None) -> float:
    import mlir.ir as ir

    attr = _required(op, name, default)
    if attr is None:
        return default
    if isinstance(attr, ir.FloatAttr):
        return float(attr.value)
    if isinstance(attr, ir.IntegerAttr):
        return float(attr.value)
    raise InterpreterError(f"attribute '{name}': expected a float, got {attr}")


def symbol(op, name: str) -> str:
    """A FlatSymbolRefAttr's symbol name (without '@')."""
    import mlir.ir as ir

    attr = _required(op, name)
    if isinstance(attr, ir.FlatSymbolRefAttr):
        return attr.value
    raise InterpreterError(f"attribute '{name}': expected a symbol reference, got {attr}")


def function_type(op):
    """The FunctionType of a func.func: (input types, result types)."""
    import mlir.ir as ir

    attr = _required(op, "function_type")
    fn_type = ir.FunctionType(ir.TypeAttr(attr).value)
    return list(fn_type.inputs), list(fn_type.results)


# ---------------------------------------------------------------------------
# stablehlo attributes


_DIALECT = None


def _stablehlo():
    global _DIALECT
    if _DIALECT is None:
        try:
            from stablehlo_py.dialects import stablehlo
        except ImportError as e:
            raise InterpreterError(f"stablehlo dialect bindings unavailable: {e}") from None
        _DIALECT = stablehlo
    return _DIALECT


def _enum_text(value) -> str:
    return str(getattr(value, "name", value))


def _decode(op, name: str, cls_name: str, what: str):
    attr = _required(op, name)
    try:
        return getattr(_stablehlo(), cls_name)(attr)
    except (ValueError, TypeError):
        raise InterpreterError(f"attribute '{name}': expected {what}, got {attr}") from None


def comparison_direction(op) -> str:
    """"EQ" | "NE" | "GE" | "GT" | "LE" | "LT"."""
    return _enum_text(_decode(op, "comparison_direction", "ComparisonDirectionAttr",
                              "a comparison direction").value)


def comparison_type(op) -> str | None:
    """"NOTYPE" | "FLOAT" | "TOTALORDER" | "SIGNED" | "UNSIGNED", or None when absent."""
    if not has(op, "compare_type"):
        return None
    return _enum_text(_decode(op, "compare_type", "ComparisonTypeAttr", "a comparison type").value)


def fft_type(op) -> str:
    """"FFT" | "IFFT" | "RFFT" | "IRFFT"."""
    return _enum_text(_decode(op, "fft_type", "FftTypeAttr", "an FFT type").value)


def transpose(op, name: str = "transpose_a") -> str:
    """"NO_TRANSPOSE" | "TRANSPOSE" | "ADJOINT"."""
    return _enum_text(_decode(op, name, "TransposeAttr", "a transpose mode").value)


def rng_algorithm(op) -> str:
    """"DEFAULT" | "THREE_FRY" | "PHILOX"."""
    return _enum_text(_decode(op, "rng_algorithm", "RngAlgorithmAttr", "an RNG algorithm").value)


def rng_distribution(op) -> str:
    """"UNIFORM" | "NORMAL"."""
    return _enum_text(_decode(op, "rng_distribution", "RngDistributionAttr", "an RNG distribution").value)


class GatherDims(NamedTuple):
    offset_dims: tuple
    collapsed_slice_dims: tuple
    operand_batching_dims: tuple
    start_indices_batching_dims: tuple
    start_index_map: tuple
    index_vector_dim: int


def gather_dimension_numbers(op) -> GatherDims:
    dims = _decode(op, "dimension_numbers", "GatherDimensionNumbers", "gather dimension numbers")
    return GatherDims(tuple(dims.offset_dims), tuple(dims.collapsed_slice_dims), tuple(dims.operand_batching_dims),
                      tuple(dims.start_indices_batching_dims), tuple(dims.start_index_map),
                      int(dims.index_vector_dim))


class DotDims(NamedTuple):
    lhs_batch: tuple
    rhs_batch: tuple
    lhs_contract: tuple
    rhs_contract: tuple


def dot_dimension_numbers(op) -> DotDims:
    dims = _decode(op, "dot_dimension_numbers", "DotDimensionNumbers", "dot dimension numbers")
    return DotDims(tuple(dims.lhs_batching_dimensions), tuple(dims.rhs_batching_dimensions),
                   tuple(dims.lhs_contracting_dimensions), tuple(dims.rhs_contracting_dimensions))


class ScatterDims(NamedTuple):
    update_window_dims: tuple
    inserted_window_dims: tuple
    input_batching_dims: tuple
    scatter_indices_batching_dims: tuple
    scatter_dims_to_operand_dims: tuple
    index_vector_dim: int


def scatter_dimension_numbers(op) -> ScatterDims:
    dims = _decode(op, "scatter_dimension_numbers", "ScatterDimensionNumbers", "scatter dimension numbers")
    return ScatterDims(tuple(dims.update_window_dims), tuple(dims.inserted_window_dims),
                       tuple(dims.input_batching_dims), tuple(dims.scatter_indices_batching_dims),
                       tuple(dims.scatter_dims_to_operand_dims), int(dims.index_vector_dim))


class ConvDims(NamedTuple):
    input_batch_dimension: int
    input_feature_dimension: int
    input_spatial_dimensions: tuple
    kernel_input_feature_dimension: int
    kernel_output_feature_dimension: int
    kernel_spatial_dimensions: tuple
    output_batch_dimension: int
    output_feature_dimension: int
    output_spatial_dimensions: tuple


def conv_dimension_numbers(op) -> ConvDims:
    fields = _decode(op, "dimension_numbers", "ConvDimensionNumbers",
                     "convolution dimension numbers").fields()
    return ConvDims(**{name: tuple(value) if isinstance(value, list) else int(value)
                       for name, value in fields.items()})
