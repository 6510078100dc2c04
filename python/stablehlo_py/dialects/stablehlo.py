"""The stablehlo dialect in Python.

Op classes and builders are generated from dialect/*.td (one module per op
family); this module adds the dialect's attribute and type classes and the
builders that need more than the generated ones (regions, inferred shapes).
"""
# The generated op builders include `tuple`, `map` and other names of Python
# builtins; code in this module reaches the builtins through `builtins.`.
import builtins
from typing import Callable, Optional, Sequence

from mlir import ir

from .. import _stablehlo
from ._stablehlo_enum_gen import *  # noqa: F401,F403
from ._stablehlo_ops_gen import _Dialect  # noqa: F401
from ._stablehlo_elementwise_ops_gen import *  # noqa: F401,F403
from ._stablehlo_data_movement_ops_gen import *  # noqa: F401,F403
from ._stablehlo_indexing_ops_gen import *  # noqa: F401,F403
from ._stablehlo_region_ops_gen import *  # noqa: F401,F403
from ._stablehlo_linalg_ops_gen import *  # noqa: F401,F403
from ._stablehlo_communication_ops_gen import *  # noqa: F401,F403
from ._stablehlo_normalization_ops_gen import *  # noqa: F401,F403
from ._stablehlo_fft_ops_gen import *  # noqa: F401,F403
from ._stablehlo_random_ops_gen import *  # noqa: F401,F403
from ._stablehlo_quantization_ops_gen import *  # noqa: F401,F403
from ._stablehlo_region_ops_gen import ReturnOp
from ._stablehlo_linalg_ops_gen import ConvolutionOp, DotGeneralOp
from ._stablehlo_indexing_ops_gen import GatherOp

TokenType = _stablehlo.TokenType


@ir.register_attribute_builder("HLO_Dims")
def _dims_attribute(values, context):
    """Dimension-number lists (`dims = [0, 1]`) accept any sequence of ints."""
    return ir.DenseI64ArrayAttr.get([int(v) for v in values], context=context)


#===--- Enum attributes ---------------------------------------------------===#


class _EnumAttr(ir.Attribute):
    """An enum attribute such as #stablehlo<comparison_direction LT>."""

    KIND = ""

    def __init__(self, attr: ir.Attribute):
        super().__init__(attr)
        if _stablehlo.enum_attribute_kind(attr) != self.KIND:
            raise ValueError(f"{attr} is not a #stablehlo<{self.KIND} ...> attribute")

    @classmethod
    def isinstance(cls, attr: ir.Attribute) -> bool:
        return _stablehlo.enum_attribute_kind(attr) == cls.KIND

    @classmethod
    def get(cls, value, context: Optional[ir.Context] = None):
        attr = _stablehlo.enum_attribute_get(cls.KIND, str(value), context)
        if attr is None:
            raise ValueError(f"'{value}' is not a {cls.KIND} value")
        return cls(attr)

    @property
    def value(self) -> str:
        """The case name, e.g. 'LT'."""
        return _stablehlo.enum_attribute_value(self)


def _enum_attr_class(name: str, kind: str) -> type:
    return type(name, (_EnumAttr,), {"KIND": kind, "__doc__": f"#stablehlo<{kind} ...>"})


ComparisonDirectionAttr = _enum_attr_class("ComparisonDirectionAttr", "comparison_direction")
ComparisonTypeAttr = _enum_attr_class("ComparisonTypeAttr", "comparison_type")
PrecisionAttr = _enum_attr_class("PrecisionAttr", "precision")
FftTypeAttr = _enum_attr_class("FftTypeAttr", "fft_type")
RngDistributionAttr = _enum_attr_class("RngDistributionAttr", "rng_distribution")
RngAlgorithmAttr = _enum_attr_class("RngAlgorithmAttr", "rng_algorithm")
TransposeAttr = _enum_attr_class("TransposeAttr", "transpose")
ResultAccuracyModeAttr = _enum_attr_class("ResultAccuracyModeAttr", "result_accuracy_mode")

#===--- Structured attributes ---------------------------------------------===#


def _to_python(attr: ir.Attribute):
    """Builtin field attribute -> Python value."""
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return list(attr)
    if isinstance(attr, ir.BoolAttr):
        return attr.value
    if isinstance(attr, ir.IntegerAttr):
        return attr.value
    if isinstance(attr, ir.FloatAttr):
        return attr.value
    if isinstance(attr, ir.TypeAttr):
        return attr.value
    return attr


def _to_attribute(value, context: ir.Context) -> ir.Attribute:
    """Python field value -> builtin attribute (inverse of _to_python)."""
    if isinstance(value, ir.Attribute):
        return value
    if isinstance(value, ir.Type):
        return ir.TypeAttr.get(value)
    if isinstance(value, bool):
        return ir.BoolAttr.get(value, context=context)
    if isinstance(value, int):
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(64, context), value)
    if isinstance(value, float):
        return ir.FloatAttr.get(ir.F64Type.get(context), value)
    return ir.DenseI64ArrayAttr.get(list(value), context=context)


class _StructuredAttr(ir.Attribute):
    """A structured attribute such as #stablehlo.dot<...>; fields read as
    Python values (lists of ints, ints, bools, types)."""

    MNEMONIC = ""
    FIELDS: Sequence[str] = ()

    def __init__(self, attr: ir.Attribute):
        super().__init__(attr)
        if _stablehlo.attribute_mnemonic(attr) != self.MNEMONIC:
            raise ValueError(f"{attr} is not a #stablehlo.{self.MNEMONIC} attribute")

    @classmethod
    def isinstance(cls, attr: ir.Attribute) -> bool:
        return _stablehlo.attribute_mnemonic(attr) == cls.MNEMONIC

    @classmethod
    def get(cls, context: Optional[ir.Context] = None, **fields):
        unknown = set(fields) - set(cls.FIELDS)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
        context = context or ir.Context.current
        entries = {k: _to_attribute(v, context) for k, v in fields.items() if v is not None}
        attr = _stablehlo.attribute_from_fields(
            cls.MNEMONIC, ir.DictAttr.get(entries, context=context), context)
        if attr is None:
            raise ValueError(f"invalid fields for #stablehlo.{cls.MNEMONIC}: {fields}")
        return cls(attr)

    def fields(self) -> dict:
        return {n.name: _to_python(n.attr) for n in _stablehlo.attribute_fields(self)}


def _structured_attr_class(name: str, mnemonic: str, fields: Sequence[str]) -> type:
    namespace = {"MNEMONIC": mnemonic, "FIELDS": builtins.tuple(fields),
                 "__doc__": f"#stablehlo.{mnemonic}<...>; fields: {', '.join(fields)}"}
    for field in fields:
        namespace[field] = property(lambda self, f=field: self.fields()[f])
    return type(name, (_StructuredAttr,), namespace)


DotDimensionNumbers = _structured_attr_class("DotDimensionNumbers", "dot", [
    "lhs_batching_dimensions", "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions"])
GatherDimensionNumbers = _structured_attr_class("GatherDimensionNumbers", "gather", [
    "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
    "start_indices_batching_dims", "start_index_map", "index_vector_dim"])
ScatterDimensionNumbers = _structured_attr_class("ScatterDimensionNumbers", "scatter", [
    "update_window_dims", "inserted_window_dims", "input_batching_dims",
    "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", "index_vector_dim"])
ConvDimensionNumbers = _structured_attr_class("ConvDimensionNumbers", "conv", [
    "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
    "kernel_input_feature_dimension", "kernel_output_feature_dimension",
    "kernel_spatial_dimensions", "output_batch_dimension", "output_feature_dimension",
    "output_spatial_dimensions"])
DotAlgorithm = _structured_attr_class("DotAlgorithm", "dot_algorithm", [
    "lhs_precision_type", "rhs_precision_type", "accumulation_type",
    "lhs_component_count", "rhs_component_count", "num_primitive_operations",
    "allow_imprecise_accumulation"])
ChannelHandle = _structured_attr_class("ChannelHandle", "channel_handle", ["handle", "type"])
OutputOperandAlias = _structured_attr_class("OutputOperandAlias", "output_operand_alias", [
    "output_tuple_indices", "operand_index", "operand_tuple_indices"])
ResultAccuracy = _structured_attr_class("ResultAccuracy", "result_accuracy", [
    "atol", "rtol", "ulps", "mode"])


def bounds_attr(bounds: Sequence[Optional[int]], context: Optional[ir.Context] = None) -> ir.Attribute:
    """#stablehlo.bounds<...> for a bounded dynamic tensor (None for '?')."""
    return _stablehlo.bounds_get(list(bounds), context)


def get_bounds(attr: ir.Attribute) -> Optional[list]:
    """The bounds of a #stablehlo.bounds attribute (None entries for '?')."""
    return _stablehlo.bounds_value(attr)

#===--- Builders beyond the generated ones --------------------------------===#


def gather(operand: ir.Value, start_indices: ir.Value, dimension_numbers=None, slice_sizes=None, *,
           indices_are_sorted: Optional[bool] = None, loc=None, ip=None, **fields) -> ir.Value:
    """stablehlo.gather; the result type is inferred (C13). Dimension numbers
    may be given as a GatherDimensionNumbers or as keywords (offset_dims=...,
    collapsed_slice_dims=..., start_index_map=..., index_vector_dim=...)."""
    if dimension_numbers is None:
        dimension_numbers = GatherDimensionNumbers.get(**fields)
    elif fields:
        raise TypeError(f"give dimension numbers either as an attribute or as keywords, not both: {sorted(fields)}")
    if slice_sizes is None:
        raise TypeError("gather needs slice_sizes")
    return GatherOp(operand, start_indices, dimension_numbers, slice_sizes,
                    indices_are_sorted=indices_are_sorted, loc=loc, ip=ip).result


def dot_general(lhs: ir.Value, rhs: ir.Value, dot_dimension_numbers=None, *,
                precision_config=None, algorithm=None, result_type: Optional[ir.Type] = None,
                loc=None, ip=None, **dimension_numbers) -> ir.Value:
    """stablehlo.dot_general; the result shape is inferred (C12) and the
    element type defaults to the operands'. Dimension numbers may be given as
    a DotDimensionNumbers or as keywords (lhs_contracting_dimensions=...)."""
    if dot_dimension_numbers is None:
        dot_dimension_numbers = DotDimensionNumbers.get(**dimension_numbers)
    if result_type is None:
        attributes = ir.DictAttr.get({"dot_dimension_numbers": dot_dimension_numbers})
        components = ir.InferShapedTypeOpInterface(DotGeneralOp).inferReturnTypeComponents(
            operands=[lhs, rhs], attributes=attributes)
        result_type = ir.RankedTensorType.get(components[0].shape, components[0].element_type)
    return DotGeneralOp(result_type, lhs, rhs, dot_dimension_numbers,
                        precision_config=precision_config, algorithm=algorithm,
                        loc=loc, ip=ip).result


def convolution(lhs: ir.Value, rhs: ir.Value, dimension_numbers=None, *,
                window_strides: Optional[Sequence[int]] = None,
                padding: Optional[Sequence[Sequence[int]]] = None,
                lhs_dilation: Optional[Sequence[int]] = None,
                rhs_dilation: Optional[Sequence[int]] = None,
                window_reversal: Optional[Sequence[bool]] = None,
                feature_group_count: int = 1, batch_group_count: int = 1,
                precision_config=None, result_type: Optional[ir.Type] = None,
                loc=None, ip=None, **dimension_fields) -> ir.Value:
    """stablehlo.convolution; the result shape is inferred (C25) and the
    element type defaults to the operands'. Window fields are Python lists
    (padding as [low, high] pairs) and are left out when None (spec defaults);
    dimension numbers are a ConvDimensionNumbers or its fields as keywords."""
    if dimension_numbers is None:
        dimension_numbers = ConvDimensionNumbers.get(**dimension_fields)
    i64 = ir.IntegerType.get_signless(64)
    attributes = {
        "dimension_numbers": dimension_numbers,
        "feature_group_count": ir.IntegerAttr.get(i64, feature_group_count),
        "batch_group_count": ir.IntegerAttr.get(i64, batch_group_count),
    }
    if window_strides is not None:
        attributes["window_strides"] = ir.DenseI64ArrayAttr.get(list(window_strides))
    if padding is not None:
        pairs = [[int(lo), int(hi)] for lo, hi in padding]
        attributes["padding"] = ir.Attribute.parse(
            f"dense<{pairs if pairs else ''}> : tensor<{len(pairs)}x2xi64>")
    if lhs_dilation is not None:
        attributes["lhs_dilation"] = ir.DenseI64ArrayAttr.get(list(lhs_dilation))
    if rhs_dilation is not None:
        attributes["rhs_dilation"] = ir.DenseI64ArrayAttr.get(list(rhs_dilation))
    if window_reversal is not None:
        attributes["window_reversal"] = ir.DenseBoolArrayAttr.get([bool(r) for r in window_reversal])
    if precision_config is not None:
        attributes["precision_config"] = precision_config
    infer = result_type is None
    if infer:
        # invalid attributes infer a placeholder type: the verifier below names the constraint
        components = ir.InferShapedTypeOpInterface(ConvolutionOp).inferReturnTypeComponents(
            operands=[lhs, rhs], attributes=ir.DictAttr.get(attributes))
        result_type = ir.RankedTensorType.get(components[0].shape, components[0].element_type)
    op = ir.Operation.create("stablehlo.convolution", results=[result_type], operands=[lhs, rhs],
                             attributes=attributes, loc=loc, ip=ip)
    if infer:
        try:
            op.verify()
        except ir.MLIRError as e:
            op.erase()
            raise ValueError(f"stablehlo.convolution: {e}") from None
    return op.result


def _scalar(value: ir.Value) -> ir.Type:
    """tensor<E> for the element type E of `value`."""
    return ir.RankedTensorType.get([], ir.RankedTensorType(value.type).element_type)


def _fill_region(region: ir.Region, arg_types: Sequence[ir.Type], body: Callable) -> list:
    """Give `region` one block with arguments of `arg_types` whose ops are what `body`
    builds when called on them, ending with stablehlo.return of what it returns (a value
    or a sequence of values). Returns the types it returns."""
    block = region.blocks.append(*arg_types)
    with ir.InsertionPoint(block):
        outputs = body(*block.arguments)
        if isinstance(outputs, ir.Value):
            outputs = [outputs]
        ReturnOp(list(outputs))
    return [v.type for v in outputs]


def _region_op(name: str, operands: Sequence[ir.Value], attributes: dict, bodies: Sequence[tuple],
               result_types: Optional[Sequence[ir.Type]] = None, loc=None, ip=None) -> ir.Operation:
    """An op with regions given as (argument types, Python body) pairs; result types are
    inferred by the op's shape function unless given."""
    attributes = {k: v for k, v in attributes.items() if v is not None}
    op = ir.Operation.create(name, results=result_types, operands=list(operands), attributes=attributes,
                             regions=len(bodies), loc=loc, ip=ip, infer_type=result_types is None)
    for region, (arg_types, body) in zip(op.regions, bodies):
        _fill_region(region, arg_types, body)
    return op


def _rebuilt_with_results(op: ir.Operation, result_types: Sequence[ir.Type]) -> ir.Operation:
    """`op` again with other result types (its regions moved over), when they differ."""
    if [r.type for r in op.results] == list(result_types):
        return op
    with ir.InsertionPoint(op):
        new = ir.Operation.create(op.name, results=list(result_types), operands=list(op.operands),
                                  attributes={name: op.attributes[name] for name in op.attributes},
                                  regions=len(op.regions), loc=op.location)
    for old_region, new_region in zip(op.regions, new.regions):
        old_region.blocks[0].append_to(new_region)
    op.erase()
    return new


def _values(op: ir.Operation):
    return op.results[0] if len(op.results) == 1 else op.results


def _dims(values) -> Optional[ir.Attribute]:
    return None if values is None else ir.DenseI64ArrayAttr.get([int(v) for v in values])


def _padding(pairs) -> Optional[ir.Attribute]:
    """[[low, high], ...] per dimension -> dense<...> : tensor<Rx2xi64>."""
    if pairs is None:
        return None
    import numpy as np

    return ir.DenseElementsAttr.get(np.asarray(pairs, dtype=np.int64).reshape(-1, 2))


def reduce(inputs: Sequence[ir.Value], init_values: Sequence[ir.Value],
           dimensions: Sequence[int], body: Callable[..., Sequence[ir.Value]], *,
           loc=None, ip=None):
    """stablehlo.reduce with its body given as a Python function.

    `body` receives the 2N scalar-tensor block arguments (accumulators, then
    elements) and returns N values, e.g. `lambda a, b: [stablehlo.add(a, b)]`.
    Result types are inferred. Returns the result (N = 1) or the results.
    """
    inputs, init_values = list(inputs), list(init_values)
    scalars = [_scalar(v) for v in init_values]
    op = _region_op("stablehlo.reduce", inputs + init_values, {"dimensions": _dims(dimensions)},
                    [(scalars * 2, body)], loc=loc, ip=ip)
    return _values(op)


def scatter(inputs, scatter_indices: ir.Value, updates,
            update_computation: Callable[..., Sequence[ir.Value]],
            scatter_dimension_numbers=None, *, indices_are_sorted: bool = False,
            unique_indices: bool = False, loc=None, ip=None, **dimension_numbers):
    """stablehlo.scatter with its update computation given as a Python function.

    `inputs` and `updates` are a value each or N values each;
    `update_computation` receives the 2N scalar-tensor block arguments
    (current values, then updates) and returns N values, e.g.
    `lambda old, new: stablehlo.add(old, new)`. Dimension numbers are a
    ScatterDimensionNumbers or keywords (update_window_dims=..., ...).
    Result types are inferred. Returns the result (N = 1) or the results.
    """
    inputs = [inputs] if isinstance(inputs, ir.Value) else list(inputs)
    updates = [updates] if isinstance(updates, ir.Value) else list(updates)
    if scatter_dimension_numbers is None:
        scatter_dimension_numbers = ScatterDimensionNumbers.get(**dimension_numbers)
    op = _region_op("stablehlo.scatter", inputs + [scatter_indices] + updates, {
        "scatter_dimension_numbers": scatter_dimension_numbers,
        "indices_are_sorted": ir.BoolAttr.get(True) if indices_are_sorted else None,
        "unique_indices": ir.BoolAttr.get(True) if unique_indices else None},
        [([_scalar(v) for v in inputs] * 2, update_computation)], loc=loc, ip=ip)
    return _values(op)


def reduce_window(inputs: Sequence[ir.Value], init_values: Sequence[ir.Value],
                  window_dimensions: Sequence[int], body: Callable[..., Sequence[ir.Value]], *,
                  window_strides=None, base_dilations=None, window_dilations=None, padding=None,
                  loc=None, ip=None):
    """stablehlo.reduce_window with its body a Python function (as for `reduce`);
    `padding` is [[low, high], ...] per dimension. Result types are inferred."""
    inputs, init_values = list(inputs), list(init_values)
    scalars = [_scalar(v) for v in init_values]
    op = _region_op("stablehlo.reduce_window", inputs + init_values, {
        "window_dimensions": _dims(window_dimensions), "window_strides": _dims(window_strides),
        "base_dilations": _dims(base_dilations), "window_dilations": _dims(window_dilations),
        "padding": _padding(padding)}, [(scalars * 2, body)], loc=loc, ip=ip)
    return _values(op)


def sort(inputs: Sequence[ir.Value], comparator: Callable[..., ir.Value], *, dimension: int = -1,
         is_stable: bool = False, loc=None, ip=None):
    """stablehlo.sort; `comparator(lhs0, rhs0, lhs1, rhs1, ...)` returns a tensor<i1>,
    true when lhs sorts before rhs. Returns the sorted input (one input) or inputs."""
    inputs = list(inputs)
    arg_types = [t for v in inputs for t in (_scalar(v), _scalar(v))]
    i64 = ir.IntegerType.get_signless(64)
    op = _region_op("stablehlo.sort", inputs, {
        "dimension": ir.IntegerAttr.get(i64, dimension), "is_stable": ir.BoolAttr.get(is_stable)},
        [(arg_types, comparator)], loc=loc, ip=ip)
    return _values(op)


def map(inputs: Sequence[ir.Value], computation: Callable[..., ir.Value], dimensions=None, *,
        loc=None, ip=None) -> ir.Value:
    """stablehlo.map: `computation` takes one scalar tensor per input and returns one;
    `dimensions` defaults to all of them (C3). The result's element type is the one
    `computation` returns."""
    inputs = list(inputs)
    rank = ir.RankedTensorType(inputs[0].type).rank if inputs else 0
    op = _region_op("stablehlo.map", inputs, {"dimensions": _dims(range(rank) if dimensions is None else dimensions)},
                    [([_scalar(v) for v in inputs], computation)], loc=loc, ip=ip)
    returned = ir.RankedTensorType(op.regions[0].blocks[0].operations[-1].operands[0].type).element_type
    result = ir.RankedTensorType(op.results[0].type)
    op = _rebuilt_with_results(op, [ir.RankedTensorType.get(result.shape, returned, result.encoding)])
    return op.results[0]


def select_and_scatter(operand: ir.Value, source: ir.Value, init_value: ir.Value,
                       select: Callable[[ir.Value, ir.Value], ir.Value],
                       scatter: Callable[[ir.Value, ir.Value], ir.Value], *, window_dimensions: Sequence[int],
                       window_strides=None, padding=None, scatter_type: Optional[ir.Type] = None,
                       loc=None, ip=None) -> ir.Value:
    """stablehlo.select_and_scatter: `select(current, candidate)` returns tensor<i1> (keep
    current), `scatter(accumulated, source_value)` combines; its element type is the
    operand's unless `scatter_type` (a promoted element type) is given."""
    element = _scalar(operand)
    combined = element if scatter_type is None else ir.RankedTensorType.get([], scatter_type)
    operand_type = ir.RankedTensorType(operand.type)
    result = None if scatter_type is None else [
        ir.RankedTensorType.get(operand_type.shape, scatter_type, operand_type.encoding)]
    op = _region_op("stablehlo.select_and_scatter", [operand, source, init_value], {
        "window_dimensions": _dims(window_dimensions), "window_strides": _dims(window_strides),
        "padding": _padding(padding)}, [([element, element], select), ([combined, combined], scatter)],
        result_types=result, loc=loc, ip=ip)
    return op.results[0]


def composite(inputs: Sequence[ir.Value], name: str, decomposition, *, composite_attributes: Optional[dict] = None,
              version: Optional[int] = None, result_types: Optional[Sequence[ir.Type]] = None, loc=None, ip=None):
    """stablehlo.composite calling `decomposition`: a func.FuncOp (the op's result
    types are its results) or a function name (then give `result_types`)."""
    if isinstance(decomposition, str):
        if result_types is None:
            raise TypeError("composite: give result_types when the decomposition is a name")
        symbol = decomposition
    else:
        symbol = ir.StringAttr(decomposition.attributes["sym_name"]).value
        if result_types is None:
            result_types = ir.FunctionType(ir.TypeAttr(decomposition.attributes["function_type"]).value).results
    attributes = {"name": ir.StringAttr.get(name), "decomposition": ir.FlatSymbolRefAttr.get(symbol)}
    if composite_attributes is not None:
        attributes["composite_attributes"] = ir.DictAttr.get(dict(composite_attributes))
    if version is not None:
        attributes["version"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), version)
    op = ir.Operation.create("stablehlo.composite", results=list(result_types), operands=list(inputs),
                             attributes=attributes, loc=loc, ip=ip)
    return op.results[0] if len(op.results) == 1 else (op.results if op.results else op)


#===--- Portable artifacts and versions (upstream's names) ----------------===#

from .._portable import (  # noqa: E402,F401
    StablehloCompatibilityRequirement, deserialize_portable_artifact, deserialize_portable_artifact_str,
    get_api_version, get_current_version, get_minimum_version, get_smaller_version,
    get_version_from_compatibility_requirement, serialize_portable_artifact, serialize_portable_artifact_str)
