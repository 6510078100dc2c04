"""The stablehlo dialect in Python.

Op classes and builders are generated from dialect/*.td (one module per op
family); this module adds the dialect's attribute and type classes and the
builders that need more than the generated ones (regions, inferred shapes).
Upstream StableHLO's Python API (jaxlib's `mlir.dialects.stablehlo`) is here
under its names: register_dialect, eval_module, the attribute classes, the
artifact functions, and builders that also take upstream's arguments
(docs/python_api.md).
"""
# The generated op builders include `tuple`, `map` and other names of Python
# builtins; code in this module reaches the builtins through `builtins.`.
import builtins
import inspect
from typing import Callable, Optional, Sequence

from mlir import ir

from .. import _stablehlo
from . import _upstream_attrs as _attrs
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


#===--- Attributes and types (upstream's Python API) ----------------------===#
# Built in _upstream_attrs: `Cls.get(...)` takes upstream's parameters in upstream's order.

_EnumAttr = _attrs.EnumAttr  # the bases, for code that enumerates the classes (test/fuzz)
_StructuredAttr = _attrs.StructuredAttr
_enum_attr_class = _attrs.enum_attr_class
_Field = _attrs.Field

ComparisonDirectionAttr = _enum_attr_class("ComparisonDirectionAttr", "comparison_direction")
ComparisonTypeAttr = _enum_attr_class("ComparisonTypeAttr", "comparison_type")
PrecisionAttr = _enum_attr_class("PrecisionAttr", "precision")
FftTypeAttr = _enum_attr_class("FftTypeAttr", "fft_type")
RngDistributionAttr = _enum_attr_class("RngDistributionAttr", "rng_distribution")
RngAlgorithmAttr = _enum_attr_class("RngAlgorithmAttr", "rng_algorithm")
TransposeAttr = _enum_attr_class("TransposeAttr", "transpose")
ResultAccuracyModeAttr = _enum_attr_class("ResultAccuracyModeAttr", "result_accuracy_mode")


def _dim_fields(*names):
    return [_Field(n, "dims") for n in names]


DotDimensionNumbers = _attrs.structured_attr_class("DotDimensionNumbers", "dot", _dim_fields(
    "lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
    "rhs_contracting_dimensions"))
GatherDimensionNumbers = _attrs.structured_attr_class("GatherDimensionNumbers", "gather", _dim_fields(
    "offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
    "start_index_map") + [_Field("index_vector_dim", "int")])
# upstream's keyword and property are `scattered_dims_to_operand_dims`, the text's field
# `scatter_dims_to_operand_dims` (kept as an alias: our code and the text use it)
ScatterDimensionNumbers = _attrs.structured_attr_class("ScatterDimensionNumbers", "scatter", _dim_fields(
    "update_window_dims", "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims") + [
    _Field("scattered_dims_to_operand_dims", "dims", key="scatter_dims_to_operand_dims"),
    _Field("index_vector_dim", "int")], aliases={"scatter_dims_to_operand_dims": "scattered_dims_to_operand_dims"})
ConvDimensionNumbers = _attrs.structured_attr_class("ConvDimensionNumbers", "conv", [
    _Field("input_batch_dimension", "int"), _Field("input_feature_dimension", "int"),
    _Field("input_spatial_dimensions", "dims"), _Field("kernel_input_feature_dimension", "int"),
    _Field("kernel_output_feature_dimension", "int"), _Field("kernel_spatial_dimensions", "dims"),
    _Field("output_batch_dimension", "int"), _Field("output_feature_dimension", "int"),
    _Field("output_spatial_dimensions", "dims")], context="ctx")
DotAlgorithm = _attrs.structured_attr_class("DotAlgorithm", "dot_algorithm", [
    _Field("lhs_precision_type", "type", required=True), _Field("rhs_precision_type", "type", required=True),
    _Field("accumulation_type", "type", required=True), _Field("lhs_component_count", "int"),
    _Field("rhs_component_count", "int"), _Field("num_primitive_operations", "int"),
    _Field("allow_imprecise_accumulation", "bool")], context="ctx")
ChannelHandle = _attrs.structured_attr_class("ChannelHandle", "channel_handle", [
    _Field("handle", "int"), _Field("type", "int")])
ChannelHandle.channel_type = property(lambda self: self._field(ChannelHandle.SPEC[1]),
                                      doc="The channel type (upstream's name; `type` too, ours).")
OutputOperandAlias = _attrs.structured_attr_class("OutputOperandAlias", "output_operand_alias", [
    _Field("output_tuple_indices", "dims"), _Field("operand_index", "int"),
    _Field("operand_tuple_indices", "dims")], context="ctx")
ResultAccuracyAttr = _attrs.structured_attr_class("ResultAccuracyAttr", "result_accuracy", [
    _Field("atol", "float"), _Field("rtol", "float"), _Field("ulps", "int"), _Field("mode", "mode")])


class ResultAccuracy(ResultAccuracyAttr):
    """Our earlier name of ResultAccuracyAttr, whose `mode` is the ResultAccuracyModeAttr
    (ResultAccuracyAttr's is the case name, as upstream's)."""

    @property
    def mode(self) -> ir.Attribute:
        return {n.name: n.attr for n in _stablehlo.attribute_fields(self)}["mode"]


# The mesh axes of replica groups (collective ops over a named mesh).
SubAxisInfoAttr = _attrs.structured_attr_class("SubAxisInfoAttr", "sub_axis_info", [
    _Field("pre_size", "int", required=True), _Field("size", "int", required=True)])
AxisRefAttr = _attrs.structured_attr_class("AxisRefAttr", "axis_ref", [
    _Field("name", "str", required=True), _Field("sub_axis_info", "attr")])
MeshAxisAttr = _attrs.structured_attr_class("MeshAxisAttr", "mesh_axis", [
    _Field("name", "str", required=True), _Field("size", "int", required=True)])
MeshAttr = _attrs.structured_attr_class("MeshAttr", "mesh", [
    _Field("axes", "attrs", required=True), _Field("device_ids", "device_ids")])
ReplicaGroupMeshAxesAttr = _attrs.structured_attr_class("ReplicaGroupMeshAxesAttr", "replica_group_mesh_axes", [
    _Field("mesh", "attr", required=True), _Field("axes", "attrs", required=True)])

TypeExtensions = _attrs.TypeExtensions
FutureType = _attrs.FutureType


def bounds_attr(bounds: Sequence[Optional[int]], context: Optional[ir.Context] = None) -> ir.Attribute:
    """#stablehlo.bounds<...> for a bounded dynamic tensor (None for '?'); see TypeExtensions."""
    return _stablehlo.bounds_get(list(bounds), context)


def get_bounds(attr: ir.Attribute) -> Optional[list]:
    """The bounds of a #stablehlo.bounds attribute (None entries for '?')."""
    return _stablehlo.bounds_value(attr)


#===--- Dialects, passes, the reference interpreter (upstream's names) ----===#


def register_dialect(context: Optional[ir.Context] = None, load: bool = True) -> None:
    """Registers (and by default loads) the stablehlo dialect in `context`, with the project's
    other dialects (chlo, check, interpreter, sdy; vhlo registered)."""
    _stablehlo.register_dialects(context, load)


def register_interpreter_dialect(context: Optional[ir.Context] = None, load: bool = True) -> None:
    """Registers (and by default loads) the interpreter dialect (interpreter.probe, print,
    run_parallel), with the project's other dialects."""
    _stablehlo.register_dialects(context, load)


def register_stablehlo_passes() -> None:
    """Upstream's call to put the passes in MLIR's pass registry. Ours are there once
    stablehlo_py is imported (importing this module imports it): nothing more to do."""


_evaluator = None  # eval_module's implementation (stablehlo_py/_upstream_eval.py), set at import


def set_evaluator(evaluate) -> None:
    """Called by `import stablehlo_py`: the interpreter is layers above the dialects."""
    global _evaluator
    _evaluator = evaluate


def eval_module(module: ir.Module, args: Sequence[ir.Attribute], probe_instrumentation_dir: str = "") -> list:
    """Runs the module's entry function (@main, or its only function) on `args`, one
    DenseElementsAttr per argument of exactly its type; returns one DenseElementsAttr per result
    (DenseIntElementsAttr / DenseFPElementsAttr where MLIR's Python bindings have the class).
    With `probe_instrumentation_dir`, each run of an interpreter.probe op writes its value as
    DIR/probe<N>.npy and a line `probe_id,type,path` of DIR/index.csv, as upstream does; without
    it, probes are kept in memory (upstream fails the run). A failure raises ValueError, as
    upstream's does, with the reason (upstream says "interpreter failed")."""
    return _evaluator(module, args, probe_instrumentation_dir)

#===--- Builders beyond the generated ones --------------------------------===#


def gather(operand: ir.Value, start_indices: ir.Value, dimension_numbers=None, slice_sizes=None, *,
           indices_are_sorted: Optional[bool] = None, results=None, loc=None, ip=None, **fields) -> ir.Value:
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
                    indices_are_sorted=indices_are_sorted, results=results, loc=loc, ip=ip).result


def build_dot_general(lhs: ir.Value, rhs: ir.Value, dot_dimension_numbers=None, *,
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


def build_convolution(lhs: ir.Value, rhs: ir.Value, dimension_numbers=None, *,
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


def build_reduce(inputs: Sequence[ir.Value], init_values: Sequence[ir.Value],
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


def build_scatter(inputs, scatter_indices: ir.Value, updates,
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


def build_reduce_window(inputs: Sequence[ir.Value], init_values: Sequence[ir.Value],
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


def build_sort(inputs: Sequence[ir.Value], comparator: Callable[..., ir.Value], *, dimension: int = -1,
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


def build_map(inputs: Sequence[ir.Value], computation: Callable[..., ir.Value], dimensions=None, *,
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


def build_select_and_scatter(operand: ir.Value, source: ir.Value, init_value: ir.Value,
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


def build_composite(inputs: Sequence[ir.Value], name: str, decomposition, *,
                    composite_attributes: Optional[dict] = None, version: Optional[int] = None,
                    result_types: Optional[Sequence[ir.Type]] = None, loc=None, ip=None):
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


#===--- Upstream's builder signatures ------------------------------------===#
# Upstream's builders of these ops take the result type(s) first and leave regions empty; ours
# (build_*) infer the types and take regions as Python functions. The upstream name serves
# both: a call giving a Type (or a list of Types) first is upstream's.

from ._stablehlo_region_ops_gen import CompositeOp as _GeneratedCompositeOp  # noqa: E402
from ._stablehlo_region_ops_gen import composite as _upstream_composite  # noqa: E402
from ._stablehlo_region_ops_gen import map as _upstream_map  # noqa: E402
from ._stablehlo_region_ops_gen import reduce as _upstream_reduce  # noqa: E402
from ._stablehlo_region_ops_gen import reduce_window as _upstream_reduce_window  # noqa: E402
from ._stablehlo_indexing_ops_gen import scatter as _upstream_scatter  # noqa: E402
from ._stablehlo_region_ops_gen import select_and_scatter as _upstream_select_and_scatter  # noqa: E402
from ._stablehlo_region_ops_gen import sort as _upstream_sort  # noqa: E402
from ._stablehlo_linalg_ops_gen import convolution as _upstream_convolution  # noqa: E402
from ._stablehlo_linalg_ops_gen import dot_general as _upstream_dot_general  # noqa: E402
from ._stablehlo_communication_ops_gen import cross_replica_sum as _generated_cross_replica_sum  # noqa: E402
from ._stablehlo_indexing_ops_gen import dynamic_gather as _generated_dynamic_gather  # noqa: E402
from ._stablehlo_random_ops_gen import rng as _generated_rng  # noqa: E402


def _types_first(args, kwargs) -> bool:
    """Whether a call gives the result type(s) first, as upstream's builders take them."""
    if "result" in kwargs:
        return True
    if not args:
        return False
    first = args[0]
    if isinstance(first, ir.Type):
        return True
    if isinstance(first, (builtins.list, builtins.tuple)):
        if first:
            return builtins.all(isinstance(t, ir.Type) for t in first)
        # no results, no inputs: ours always has a Python region body somewhere
        return not builtins.any(callable(a) for a in builtins.list(args) + builtins.list(kwargs.values()))
    return False


def _either(name: str, upstream: Callable, ours: Callable) -> Callable:
    def build(*args, **kwargs):
        return (upstream if _types_first(args, kwargs) else ours)(*args, **kwargs)

    build.__name__ = build.__qualname__ = name
    build.__signature__ = inspect.signature(upstream)  # tools see upstream's parameters
    build.__doc__ = (f"stablehlo.{name}: upstream's builder (result type(s) first; regions, if any, left "
                     f"empty to fill), or, called without them, build_{name}:\n\n{ours.__doc__}")
    return build


reduce = _either("reduce", _upstream_reduce, build_reduce)
scatter = _either("scatter", _upstream_scatter, build_scatter)
reduce_window = _either("reduce_window", _upstream_reduce_window, build_reduce_window)
sort = _either("sort", _upstream_sort, build_sort)
map = _either("map", _upstream_map, build_map)  # noqa: A001 (upstream's name)
select_and_scatter = _either("select_and_scatter", _upstream_select_and_scatter, build_select_and_scatter)
dot_general = _either("dot_general", _upstream_dot_general, build_dot_general)
convolution = _either("convolution", _upstream_convolution, build_convolution)


def composite(*args, **kwargs):
    """stablehlo.composite: upstream's builder `composite(result, inputs, name, decomposition,
    num_composite_regions, *, composite_attributes=None, version=None)`, or build_composite
    (inputs, name, decomposition, ...) when called without the result types."""
    upstream = _types_first(args, kwargs) or builtins.len(args) >= 4 or "num_composite_regions" in kwargs
    return (_upstream_composite if upstream else build_composite)(*args, **kwargs)


composite.__signature__ = inspect.signature(_upstream_composite)


class CompositeOp(_GeneratedCompositeOp):
    """stablehlo.composite; `num_composite_regions` defaults to 0, as upstream's class has it."""

    def __init__(self, result, inputs, name, decomposition, num_composite_regions=0, *, composite_attributes=None,
                 version=None, loc=None, ip=None):
        super().__init__(result, inputs, name, decomposition, num_composite_regions,
                         composite_attributes=composite_attributes, version=version, loc=loc, ip=ip)


# Upstream's builders of these legacy and dynamic ops infer the result type, through the op's
# InferTypeOpInterface, as ours do (lib/Dialect: RandomOps.cpp, CommunicationOps.cpp,
# IndexingOps.cpp); ours also take it first, as our generated builders once did.

def _result_first(name: str, generated: Callable) -> Callable:
    def build(*args, results=None, loc=None, ip=None, **kwargs):
        if _types_first(args, kwargs):
            if "result" in kwargs:
                result = kwargs.pop("result")
            else:
                result, args = args[0], args[1:]
            results = [result]
        return generated(*args, results=results, loc=loc, ip=ip, **kwargs)

    build.__name__ = build.__qualname__ = name
    build.__signature__ = inspect.signature(generated)  # upstream's parameters
    build.__doc__ = (f"stablehlo.{name}: upstream's builder, the result type inferred unless given as "
                     f"results=[type]; the result type may also come first.")
    return build


cross_replica_sum = _result_first("cross_replica_sum", _generated_cross_replica_sum)
rng = _result_first("rng", _generated_rng)
dynamic_gather = _result_first("dynamic_gather", _generated_dynamic_gather)


#===--- Portable artifacts and versions (upstream's names) ----------------===#

from .._portable import (  # noqa: E402,F401
    StablehloCompatibilityRequirement, deserialize_portable_artifact, deserialize_portable_artifact_str,
    get_api_version, get_current_version, get_minimum_version, get_smaller_version,
    get_version_from_compatibility_requirement, serialize_portable_artifact, serialize_portable_artifact_str)
