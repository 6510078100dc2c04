"""All decoding of op attributes into plain Python / numpy values.

Each op's attributes are decoded once, when its function is prepared, into an
`Attributes` record (`DecodedOp.attrs`, see plan.py); absent attributes read
as the default the op's definition gives them (`ODS_DEFAULTS`, mirroring the
`DefaultValued...Attr`s of dialect/ops/*.td). Builtin attributes decode with
the upstream `mlir.ir` classes; stablehlo enum and structured attributes
(comparison direction, dot dimension numbers, ...) through our extension, so
the interpreter never goes through the Python builders. Kernels only see
the decoded values.

Dense element attributes are read from MLIR's raw storage through our
extension (`dense_elements_raw`), for every element type: the upstream
bindings have no data accessor for bf16, f4/f6/f8, sub-byte integers or
complex (and cannot even down-cast a complex one).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ... import _stablehlo
from .errors import InterpreterError
from .types import TensorSpec, from_wide_int

__all__ = [
    "Attributes",
    "ODS_DEFAULTS",
    "decode",
    "plain",
    "dense_elements",
    "function_type",
    "GatherDims",
    "DotDims",
    "ScatterDims",
    "ConvDims",
    "RaggedDotDims",
]

# What an absent attribute means, per op, as the op definitions (dialect/ops/*.td,
# dialect/CheckOps.td) default it: the defaulted attributes the kernels read (the others,
# such as indices_are_sorted, change nothing the interpreter computes). Window attributes
# default per rank and are filled in by their kernels.
ODS_DEFAULTS: dict[str, dict] = {
    "stablehlo.sort": {"dimension": -1},
    "stablehlo.cholesky": {"lower": False},
    "check.expect_almost_eq": {"tolerance": 1.0e-4},
    "check.expect_almost_eq_const": {"tolerance": 1.0e-4},
    "check.expect_close": {"min_ulp_difference": 0},  # max_ulp_difference: MLIR fills it in
}
_NO_DEFAULTS: dict = {}
_UNREAD = object()


def get(op, name: str):
    """The attribute `name` of `op`, or None when absent."""
    try:
        return op.attributes[name]
    except KeyError:
        return None


class Attributes:
    """The attributes of one op, each decoded (by `decode`) once, on first use. An absent
    attribute reads as its `ODS_DEFAULTS` entry, else as the `default` the reader passes."""

    __slots__ = ("_op", "_defaults", "_values", "_shapes", "_unread")

    def __init__(self, op):
        self._op = op
        self._defaults = ODS_DEFAULTS.get(op.name, _NO_DEFAULTS)
        self._values: dict = {}
        self._shapes: dict = {}  # name -> shape of an elements attribute (its value reads flat)
        self._unread = _NO_NAMES  # once sealed: the attributes the op has that were never read

    def get(self, name: str, default=None):
        value = self._values.get(name, _UNREAD)
        if value is _UNREAD:
            if self._op is None and name in self._unread:
                raise _read_after_preparation(name)
            attr = None if self._op is None else get(self._op, name)
            value = self._defaults.get(name) if attr is None else decode(attr)
            self._values[name] = value
            if isinstance(value, tuple):
                import mlir.ir as ir

                if isinstance(attr, ir.DenseElementsAttr):
                    self._shapes[name] = tuple(ir.ShapedType(attr.type).shape)
        return default if value is None else value

    def shape(self, name: str) -> tuple | None:
        """The shape of elements attribute `name` (replica_groups' rows and columns), also once
        detached; None when the op does not have it."""
        self.get(name)
        return self._shapes.get(name)

    def __getitem__(self, name: str):
        value = self.get(name)
        if value is None:
            raise InterpreterError(f"missing attribute '{name}'")
        return value

    def detach(self) -> list[str]:
        """Decode every attribute now and stop reading the op (whose module may be gone when a kernel
        is made at run time); returns the functions the op names (func.call's callee...)."""
        import mlir.ir as ir

        symbols = []
        attributes = self._op.attributes
        for named in (attributes[i] for i in range(len(attributes))):
            self.get(named.name)
            if isinstance(named.attr, ir.FlatSymbolRefAttr):
                symbols.append(named.attr.value)
        self._op = None
        return symbols

    def seal(self) -> None:
        """Stop reading the op once its module is prepared: the plan outlives the IR. A kernel
        reading an attribute first after that gets an error, never freed memory; attributes the
        op does not have still read as their defaults."""
        op = self._op
        if op is None:
            return
        attributes = op.attributes
        names = (attributes[i].name for i in range(len(attributes)))
        self._unread = frozenset(name for name in names if name not in self._values)
        self._op = None

    def elements(self, name: str, spec: TensorSpec) -> np.ndarray:
        """Dense elements attribute `name` as a read-only array of `spec` (not kept: constants
        keep their value in the plan)."""
        if self._op is None:
            raise _read_after_preparation(name)
        return dense_elements(self._op, name, spec)


_NO_NAMES: frozenset = frozenset()


def _read_after_preparation(name: str) -> InterpreterError:
    return InterpreterError(f"internal error: attribute '{name}' read after the program was prepared "
                            "(kernels read attributes when they are made)")


def decode(attr):
    """One attribute as a plain value: arrays of i64 or i1 and integer elements as tuples (flat),
    integers (unsigned types read unsigned), floats, bools and strings as such, symbol references
    as their names, stablehlo enums as their case names ("LT"), dimension numbers as the
    NamedTuples below. Other attributes (float or complex elements, types, dictionaries) are
    returned as they are."""
    import mlir.ir as ir

    if isinstance(attr, ir.DenseI64ArrayAttr):
        return tuple(int(v) for v in attr)
    if isinstance(attr, ir.DenseBoolArrayAttr):
        return tuple(bool(v) for v in attr)
    if isinstance(attr, ir.BoolAttr):
        return bool(attr.value)
    if isinstance(attr, ir.IntegerAttr):
        return _integer(attr)
    if isinstance(attr, ir.FloatAttr):
        return float(attr.value)
    if isinstance(attr, ir.StringAttr):
        return attr.value
    if isinstance(attr, ir.FlatSymbolRefAttr):
        return attr.value
    if isinstance(attr, ir.DenseIntElementsAttr):
        return tuple(int(v) for v in np.array(attr).reshape(-1).tolist())
    if _stablehlo.enum_attribute_kind(attr):
        return _stablehlo.enum_attribute_value(attr)
    mnemonic = _stablehlo.attribute_mnemonic(attr)
    if mnemonic:
        fields = {n.name: decode(n.attr) for n in _stablehlo.attribute_fields(attr)}
        structured = _STRUCTURED.get(mnemonic)
        return fields if structured is None else structured(fields)
    return attr


def plain(value):
    """A decoded attribute with the arrays and dictionaries nested in it (sdy's fields, mesh
    axes) decoded too, as lists and dicts."""
    import mlir.ir as ir

    if isinstance(value, ir.ArrayAttr):
        return [plain(decode(item)) for item in value]
    if isinstance(value, ir.DictAttr):
        return {named.name: plain(decode(named.attr)) for named in value}
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def _integer(attr) -> int:
    import mlir.ir as ir

    value = int(attr.value)
    try:
        int_type = ir.IntegerType(attr.type)
    except (ValueError, TypeError):
        int_type = None  # e.g. index
    if value < 0 and int_type is not None and int_type.is_unsigned:
        value &= (1 << int_type.width) - 1
    return value


# ---------------------------------------------------------------------------
# Dense elements


def dense_elements(op, name: str, spec: TensorSpec) -> np.ndarray:
    """The dense elements attribute `name` as a read-only array of `spec`'s dtype and shape."""
    if not spec.is_static:
        raise InterpreterError(f"attribute '{name}': constant of dynamic type {spec.text}")
    operation = getattr(op, "operation", op)
    raw = _stablehlo.dense_elements_raw(operation, name)
    if raw is None:
        resource = _stablehlo.dense_resource_raw(operation, name)
        if resource is not None:
            return _resource_elements(op, name, resource[0], spec)
        attr = get(op, name)
        raise InterpreterError(f"attribute '{name}': expected dense elements (dense<...> or dense_resource<...>), "
                               f"got {str(attr)[:80]}")
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


def _resource_elements(op, name: str, data, spec: TensorSpec) -> np.ndarray:
    """The elements of a dense_resource attribute (torch-mlir's weights): its blob holds them in
    native little-endian layout, one byte per i1, with no splat form."""
    info = spec.element
    if data is None:
        raise InterpreterError(f"attribute '{name}': {str(get(op, name))[:80]} has no data (its blob is elided or "
                               "missing from the file's dialect_resources)")
    if info.is_subbyte or info.category == "quant":
        raise InterpreterError(f"attribute '{name}': dense_resource elements of {spec.text} are not supported "
                               "(sub-byte and quantized element types)")
    count = int(np.prod(spec.shape, dtype=np.int64))
    itemsize = 1 if info.category == "bool" else np.dtype(info.dtype).itemsize
    if len(data) != count * itemsize:
        raise InterpreterError(f"attribute '{name}': its blob holds {len(data)} bytes, {spec.text} needs "
                               f"{count * itemsize}")
    storage = np.frombuffer(data, dtype=np.uint8)
    values = storage != 0 if info.category == "bool" else storage.view(info.dtype)
    array = values.reshape(spec.shape).copy()
    array.flags.writeable = False
    return array


def function_type(op):
    """The FunctionType of a func.func: (input types, result types)."""
    import mlir.ir as ir

    attr = get(op, "function_type")
    fn_type = ir.FunctionType(ir.TypeAttr(attr).value)
    return list(fn_type.inputs), list(fn_type.results)


# ---------------------------------------------------------------------------
# stablehlo structured attributes, by mnemonic


class GatherDims(NamedTuple):
    offset_dims: tuple
    collapsed_slice_dims: tuple
    operand_batching_dims: tuple
    start_indices_batching_dims: tuple
    start_index_map: tuple
    index_vector_dim: int


class DotDims(NamedTuple):
    lhs_batch: tuple
    rhs_batch: tuple
    lhs_contract: tuple
    rhs_contract: tuple


class ScatterDims(NamedTuple):
    update_window_dims: tuple
    inserted_window_dims: tuple
    input_batching_dims: tuple
    scatter_indices_batching_dims: tuple
    scatter_dims_to_operand_dims: tuple
    index_vector_dim: int


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


class RaggedDotDims(NamedTuple):
    """#chlo.ragged_dot<...>: dot_general's dimension numbers plus the ragged and group dimensions."""
    lhs_batching_dimensions: tuple
    rhs_batching_dimensions: tuple
    lhs_contracting_dimensions: tuple
    rhs_contracting_dimensions: tuple
    lhs_ragged_dimensions: tuple
    rhs_group_dimensions: tuple


def _dims(cls):
    """Fields (absent empty lists are omitted by the attribute) -> `cls`."""
    return lambda fields: cls(**{f: fields.get(f, ()) for f in cls._fields})


_STRUCTURED = {
    "gather": _dims(GatherDims),
    "scatter": _dims(ScatterDims),
    "conv": _dims(ConvDims),
    "ragged_dot": _dims(RaggedDotDims),
    "dot": lambda f: DotDims(f.get("lhs_batching_dimensions", ()), f.get("rhs_batching_dimensions", ()),
                             f.get("lhs_contracting_dimensions", ()), f.get("rhs_contracting_dimensions", ())),
}
