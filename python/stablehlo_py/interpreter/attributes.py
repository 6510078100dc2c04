"""All decoding of op attributes into plain Python / numpy values.

Builtin attributes decode with the upstream `mlir.ir` classes; stablehlo
attributes (comparison direction/type, dot dimension numbers, precision) with
the accessors of `stablehlo_py.dialects.stablehlo`.  Decoding happens once,
when a function is prepared; kernels only see the decoded values.

Dense element attributes: the upstream bindings expose the data of i1, 8- to
64-bit integers, f16, f32 and f64 through the buffer protocol.  For the other
element types (sub-byte integers, bf16, f4/f6/f8, complex) they offer no data
accessor (and for complex the attribute cannot even be fetched: the bindings
raise TypeError on the down-cast), so those are decoded from their printed
form (`_parse_dense_text`), which the MLIR printer guarantees to round-trip:
either a hex string of the raw little-endian storage or a list of literals.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from .errors import InterpreterError
from .types import ElementInfo, TensorSpec, from_wide_int

__all__ = [
    "get",
    "has",
    "dense_elements",
    "i64_list",
    "string",
    "boolean",
    "integer",
    "floating",
    "symbol",
    "function_type",
    "comparison_direction",
    "comparison_type",
    "DotDims",
    "dot_dimension_numbers",
]


class _Unfetchable:
    """An attribute the bindings cannot hand out (complex dense elements); keeps its printed form."""

    def __init__(self, text: str):
        self.text = text


def get(op, name: str):
    """The attribute `name` of `op`, or None when absent."""
    try:
        return op.attributes[name]
    except KeyError:
        return None
    except TypeError:
        # Known upstream limitation: DenseElementsAttr of complex element type
        # cannot be down-cast by the bindings.  Keep its printed form.
        return _Unfetchable(_attribute_text_from_op(op, name))


def has(op, name: str) -> bool:
    return get(op, name) is not None


def _required(op, name: str):
    attr = get(op, name)
    if attr is None:
        raise InterpreterError(f"missing attribute '{name}'")
    return attr


def _attribute_text_from_op(op, name: str) -> str:
    asm = op.get_asm(print_generic_op_form=True, skip_regions=True)
    match = re.search(r"(?:[{ ,]|<\{)" + re.escape(name) + r" = (dense<[^>]*>)", asm)
    if match is None:
        raise InterpreterError(f"cannot decode attribute '{name}'")
    return match.group(1)


# ---------------------------------------------------------------------------
# Dense elements


def _has_buffer(info: ElementInfo) -> bool:
    """Whether the bindings' buffer protocol yields elements of this type directly."""
    if info.category in ("bool", "sint", "uint"):
        return info.category == "bool" or info.bits >= 8
    return info.name in ("f16", "f32", "f64")


def dense_elements(op, name: str, spec: TensorSpec) -> np.ndarray:
    """The dense elements attribute `name` as a read-only array of `spec`'s dtype and shape."""
    import mlir.ir as ir

    attr = _required(op, name)
    if not spec.is_static:
        raise InterpreterError(f"attribute '{name}': constant of dynamic type {spec.text}")
    if isinstance(attr, _Unfetchable):
        array = _parse_dense_text(attr.text, spec.element, spec.shape)
    else:
        if isinstance(attr, ir.DenseResourceElementsAttr):
            raise InterpreterError(f"attribute '{name}': dense_resource elements are not supported")
        try:
            dense = ir.DenseElementsAttr(attr)
        except (ValueError, TypeError):
            raise InterpreterError(f"attribute '{name}': expected dense elements, got {attr}") from None
        array = None
        info = spec.element
        if _has_buffer(info):
            try:
                array = np.array(dense, copy=True)
            except (TypeError, ValueError, RuntimeError):
                array = None
            if array is not None and array.dtype != info.dtype:
                array = None
        if array is None:
            array = _parse_dense_text(str(dense), info, spec.shape)
    array = _shaped(array, spec.shape, name)
    array.flags.writeable = False
    return array


def _shaped(array: np.ndarray, shape: tuple, name: str) -> np.ndarray:
    count = int(np.prod(shape, dtype=np.int64))
    if array.size == count:
        return array.reshape(shape).copy()
    if array.size == 1:  # splat
        return np.full(shape, array.reshape(()), dtype=array.dtype)
    raise InterpreterError(f"attribute '{name}': {array.size} elements for shape {shape}")


_LITERAL = re.compile(r"dense<(.*?)>", re.S)
_LITERAL_NOISE = re.compile(r"[\[\]()\s]")
_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _parse_dense_text(text: str, info: ElementInfo, shape: tuple) -> np.ndarray:
    match = _LITERAL.search(text)
    if match is None:
        raise InterpreterError(f"cannot decode elements attribute {text[:80]}")
    body = match.group(1).strip()
    # Storage of one scalar part: complex values are (real, imag) pairs of floats.
    part = np.dtype(np.float32 if info.name == "complex<f32>" else np.float64) if info.category == "complex" \
        else info.dtype
    if body.startswith('"0x'):  # raw storage, little-endian, one byte or more per element
        raw = bytes.fromhex(body[3:-1])
        if info.is_subbyte:
            return from_wide_int(np.frombuffer(raw, dtype=np.uint8), info)
        if info.category == "bool":
            return np.frombuffer(raw, dtype=np.uint8) != 0
        return np.frombuffer(raw, dtype=info.dtype).copy()
    if body == "":
        return np.zeros((0,), dtype=info.dtype)
    tokens = np.array(_LITERAL_NOISE.sub("", body).split(","))
    if info.category == "bool":
        return tokens == "true"
    if info.is_int:
        return from_wide_int(tokens.astype(np.int64), info)
    is_hex = np.char.startswith(tokens, "0x")
    values = np.empty(tokens.shape, dtype=part)
    decimal = ~is_hex
    values[decimal] = tokens[decimal].astype(np.float64).astype(part)
    if is_hex.any():  # bit patterns, e.g. NaN payloads and infinities
        width = part.itemsize
        digits = np.char.zfill(np.char.replace(tokens[is_hex], "0x", ""), 2 * width)
        bits = np.frombuffer(bytes.fromhex("".join(digits.tolist())), dtype=np.dtype(_UINT[width]).newbyteorder(">"))
        values[is_hex] = bits.astype(_UINT[width]).view(part)
    if info.category == "complex":
        return values.view(info.dtype)
    return values


# ---------------------------------------------------------------------------
# Builtin scalar and array attributes


def i64_list(op, name: str, default=None) -> tuple:
    """A DenseI64ArrayAttr (or 1-D dense integer elements) as a tuple of ints."""
    import mlir.ir as ir

    attr = get(op, name)
    if attr is None:
        if default is None:
            raise InterpreterError(f"missing attribute '{name}'")
        return tuple(default)
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return tuple(int(v) for v in attr)
    if isinstance(attr, ir.DenseIntElementsAttr):
        return tuple(int(v) for v in np.array(attr).reshape(-1).tolist())
    raise InterpreterError(f"attribute '{name}': expected an array of i64, got {attr}")


def string(op, name: str, default: str | None = None) -> str:
    import mlir.ir as ir

    attr = get(op, name)
    if attr is None:
        if default is None:
            raise InterpreterError(f"missing attribute '{name}'")
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

    attr = get(op, name)
    if attr is None:
        if default is None:
            raise InterpreterError(f"missing attribute '{name}'")
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

    attr = get(op, name)
    if attr is None:
        if default is None:
            raise InterpreterError(f"missing attribute '{name}'")
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


class DotDims(NamedTuple):
    lhs_batch: tuple
    rhs_batch: tuple
    lhs_contract: tuple
    rhs_contract: tuple


def dot_dimension_numbers(op) -> DotDims:
    dims = _decode(op, "dot_dimension_numbers", "DotDimensionNumbers", "dot dimension numbers")
    return DotDims(tuple(dims.lhs_batching_dimensions), tuple(dims.rhs_batching_dimensions),
                   tuple(dims.lhs_contracting_dimensions), tuple(dims.rhs_contracting_dimensions))
