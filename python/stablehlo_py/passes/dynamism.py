"""`stablehlo-canonicalize-dynamism` and the `stablehlo-remove-dynamism` pipeline.

    from stablehlo_py.passes.dynamism import add_canonicalize_dynamism_pass, add_remove_dynamism_pipeline
    add_canonicalize_dynamism_pass(pm)
    add_remove_dynamism_pipeline(pm, types=["tensor<2x4xf32>"])   # types optional

canonicalize-dynamism replaces each dynamic op whose shape operands are
constants by its static form, as upstream: dynamic_broadcast_in_dim ->
broadcast_in_dim (static operand and result), dynamic_reshape -> reshape and
dynamic_iota -> iota (static result), dynamic_pad -> pad, real_dynamic_slice
-> slice, dynamic_gather -> gather, dynamic_conv -> convolution (the result
type kept, `?` sizes included); real_dynamic_slice whose limit is
`add(start, constant sizes)` with unit strides -> dynamic_slice;
`custom_call @stablehlo.dynamic_reduce_window` -> reduce_window; a custom_call
with `indices_of_shape_operands` and static results loses its shape operands.
A replacement the verifier rejects is not made (the dynamic op stays, as
upstream's patterns that fail to match).

remove-dynamism is refine-arguments (if types are given), then refine-shapes
and canonicalize-dynamism repeated until the module stops changing (at most
MAX_ROUNDS times), in one pass.
"""

from __future__ import annotations

import mlir.ir as ir

from ._common import PassError, constant_array, constant_ints, erase_with_constants, functions, guarded_pass
from .refine import (DYNAMIC_REDUCE_WINDOW, conv_padding, reduce_window_parts, refine_arguments, refine_shapes,
                     shape_refinements, substitute_platform_index)

__all__ = ["CANONICALIZE_DYNAMISM", "REMOVE_DYNAMISM", "canonicalize_dynamism", "remove_dynamism",
           "canonicalize_dynamism_pass", "remove_dynamism_pass", "add_canonicalize_dynamism_pass",
           "add_remove_dynamism_pipeline", "MAX_ROUNDS"]

CANONICALIZE_DYNAMISM = "stablehlo-canonicalize-dynamism"
REMOVE_DYNAMISM = "stablehlo-remove-dynamism"
MAX_ROUNDS = 8


def _dims(values):
    return ir.DenseI64ArrayAttr.get(values)


def _same_shape(op, index):
    """No new attributes if the shape operand `index` is the op's static result shape, else None."""
    shape = constant_ints(op.operands[index])
    return {} if shape is not None and shape == list(ir.RankedTensorType(op.results[0].type).shape) else None


def _pad(op):
    pads = [constant_ints(v) for v in op.operands[2:5]]
    if None in pads:
        return None
    return dict(zip(("edge_padding_low", "edge_padding_high", "interior_padding"), map(_dims, pads)))


def _slice(op):
    bounds = [constant_ints(v) for v in op.operands[1:4]]
    if None in bounds:
        return None
    return dict(zip(("start_indices", "limit_indices", "strides"), map(_dims, bounds)))


def _gather(op):
    sizes = constant_ints(op.operands[2])
    return None if sizes is None else {"slice_sizes": _dims(sizes)}


def _conv(op):
    padding = constant_array(op.operands[2])
    return None if padding is None or padding.ndim != 2 else {"padding": conv_padding(padding)}


# dynamic op -> (static op, how many leading operands it keeps, its new attributes or None if not constant,
#                attributes of the dynamic op the static one does not have, whether the result (and operand
#                0) must be static). As upstream: broadcast, reshape and iota need a static result type
#                (broadcast a static operand too); the others keep a result type with `?` sizes.
_STATIC_FORMS = {
    "stablehlo.dynamic_broadcast_in_dim": ("stablehlo.broadcast_in_dim", 1, lambda op: _same_shape(op, 1),
                                           ("known_expanding_dimensions", "known_nonexpanding_dimensions"), True),
    "stablehlo.dynamic_reshape": ("stablehlo.reshape", 1, lambda op: _same_shape(op, 1), (), True),
    "stablehlo.dynamic_iota": ("stablehlo.iota", 0, lambda op: _same_shape(op, 0), (), True),
    "stablehlo.dynamic_pad": ("stablehlo.pad", 2, _pad, (), False),
    "stablehlo.real_dynamic_slice": ("stablehlo.slice", 1, _slice, (), False),
    "stablehlo.dynamic_gather": ("stablehlo.gather", 2, _gather, (), False),
    "stablehlo.dynamic_conv": ("stablehlo.convolution", 2, _conv, (), False),
}


def canonicalize_dynamism(root) -> None:
    """Replace the dynamic ops under `root` that have static forms (see the module doc)."""
    found = []

    def visit(op):
        if op.name in _STATIC_FORMS or op.name == "stablehlo.custom_call":
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    funcs = functions(root)
    reports = []  # malformed indices_of_shape_operands: every one reported, then the pass fails
    for op in found:
        if op.name in _STATIC_FORMS:
            if not _canonicalize(op) and op.name == "stablehlo.real_dynamic_slice":
                _real_dynamic_slice_to_dynamic_slice(op)
        elif ir.StringAttr(op.attributes["call_target_name"]).value == DYNAMIC_REDUCE_WINDOW:
            _canonicalize_reduce_window(op, funcs)
        elif "indices_of_shape_operands" in op.attributes:
            _drop_shape_operands(op, reports)
    for location, message in reports[:-1]:
        location.emit_error(message)
    if reports:
        raise PassError(reports[-1][1], reports[-1][0])


def _static(t) -> bool:
    return isinstance(t, ir.RankedTensorType) and ir.RankedTensorType(t).has_static_shape


def _canonicalize(op) -> bool:
    name, kept, new_attributes, dropped, needs_static = _STATIC_FORMS[op.name]
    result = op.results[0]
    if not isinstance(result.type, ir.RankedTensorType):
        return False
    if needs_static and not (_static(result.type) and (kept == 0 or _static(op.operands[0].type))):
        return False
    extra = new_attributes(op)
    if extra is None:
        return False
    attributes = {k: op.attributes[k] for k in op.attributes if k not in dropped}
    attributes.update(extra)
    operands = list(op.operands)
    with ir.InsertionPoint(op):
        static = ir.Operation.create(name, results=[result.type], operands=operands[:kept],
                                     attributes=attributes, loc=op.location)
    return _replace(op, static)


def _real_dynamic_slice_to_dynamic_slice(op) -> bool:
    """`real_dynamic_slice(x, start, add(start, sizes), ones)` with constant `sizes` and unit strides:
    `dynamic_slice(x, start[0], start[1], ..., sizes)`, the scalar starts sliced and reshaped from `start`
    (as upstream)."""
    operand, start, limit, strides = op.operands
    if constant_ints(strides) is None or any(s != 1 for s in constant_ints(strides)):
        return False
    owner = limit.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != "stablehlo.add":
        return False
    lhs, rhs = owner.operands
    sizes = constant_ints(rhs) if lhs == start else constant_ints(lhs) if rhs == start else None
    start_type = start.type
    if sizes is None or not _static(start_type) or ir.RankedTensorType(start_type).rank != 1:
        return False
    element = ir.RankedTensorType(start_type).element_type
    attributes = {k: op.attributes[k] for k in op.attributes}
    attributes["slice_sizes"] = _dims(sizes)
    with ir.InsertionPoint(op), op.location:
        scalars = []
        for i in range(len(sizes)):
            piece = ir.Operation.create(
                "stablehlo.slice", results=[ir.RankedTensorType.get([1], element)], operands=[start],
                attributes={"start_indices": _dims([i]), "limit_indices": _dims([i + 1]), "strides": _dims([1])})
            scalars.append(ir.Operation.create("stablehlo.reshape", results=[ir.RankedTensorType.get([], element)],
                                               operands=[piece.result]).result)
        dynamic = ir.Operation.create("stablehlo.dynamic_slice", results=[op.results[0].type],
                                      operands=[operand] + scalars, attributes=attributes)
    if _replace(op, dynamic):
        return True
    for value in reversed(scalars):  # the dynamic slice was rejected: its index computation goes too
        piece = value.owner.operands[0].owner
        value.owner.erase()
        piece.erase()
    return False


def _drop_shape_operands(op, reports) -> None:
    """A custom_call with `indices_of_shape_operands` whose results are static loses its (constant)
    shape operands, their `operand_layouts` and the attribute (as upstream)."""
    refined = shape_refinements(op, reports)
    if refined is None or not all(_static(r.type) for r in op.results):
        return
    indices = set(refined[0])
    kept = [i for i in range(len(op.operands)) if i not in indices]
    attributes = {k: op.attributes[k] for k in op.attributes if k != "indices_of_shape_operands"}
    if "operand_layouts" in attributes:
        layouts = list(ir.ArrayAttr(attributes["operand_layouts"]))
        if len(layouts) == len(op.operands):
            attributes["operand_layouts"] = ir.ArrayAttr.get([layouts[i] for i in kept])
    with ir.InsertionPoint(op):
        new = ir.Operation.create("stablehlo.custom_call", results=[r.type for r in op.results],
                                  operands=[op.operands[i] for i in kept], attributes=attributes,
                                  loc=op.location)
    _replace(op, new)


def _replace(op, static) -> bool:
    """`static` replaces `op` if it verifies (else it is erased and `op` stays); the constants `op`
    used go if nothing else uses them. True if replaced."""
    try:
        static.verify()
    except ir.MLIRError:
        static.erase()
        return False
    for old, new in zip(op.results, static.results):
        old.replace_all_uses_with(new)
    erase_with_constants(op)
    return True


def _canonicalize_reduce_window(op, funcs) -> None:
    """`custom_call @stablehlo.dynamic_reduce_window` with constant window operands and static results
    becomes `reduce_window`, its body a copy of the function named in `called_computations`."""
    parts = reduce_window_parts(op)
    if parts is None or not all(isinstance(r.type, ir.RankedTensorType) and r.type.has_static_shape
                                for r in op.results):
        return
    called = op.attributes["called_computations"] if "called_computations" in op.attributes else None
    if not isinstance(called, ir.ArrayAttr) or len(called) != 1:
        return
    body = funcs.get(ir.FlatSymbolRefAttr(called[0]).value)
    if body is None or len(body.regions[0].blocks) != 1:
        return
    inputs, inits, attributes = parts
    with ir.InsertionPoint(op):
        static = ir.Operation.create("stablehlo.reduce_window", results=[r.type for r in op.results],
                                     operands=inputs + inits, attributes=attributes, regions=1, loc=op.location)
    source = body.regions[0].blocks[0]
    block = ir.Block.create_at_start(static.regions[0], [a.type for a in source.arguments],
                                     [a.location for a in source.arguments])
    _copy_body(source, block)
    _replace(op, static)


def _copy_body(source, block) -> None:
    """Copy function body `source` into region block `block` (same arguments); func.return becomes
    stablehlo.return."""
    mapping = list(zip(source.arguments, block.arguments))

    def mapped(value):
        return next((new for old, new in mapping if old == value), value)

    with ir.InsertionPoint(block):
        for op in source.operations:
            op = op.operation
            if op.name == "func.return":
                ir.Operation.create("stablehlo.return", operands=[mapped(v) for v in op.operands], loc=op.location)
                continue
            clone = op.clone()
            for index, value in enumerate(list(clone.operands)):
                clone.operands[index] = mapped(value)
            mapping.extend(zip(op.results, clone.results))


def remove_dynamism(module_op, types=None, platform_index=None) -> None:
    """refine-arguments (if `types`), then refine-shapes and canonicalize-dynamism until nothing changes.
    With `platform_index`, a multi-platform JAX export's platform argument is first fixed to it (and
    removed from @main's signature: `types` then lists the other arguments)."""
    if platform_index is not None:
        substitute_platform_index(module_op, platform_index)
    if types is not None:
        refine_arguments(module_op, types)
    before = None
    for _ in range(MAX_ROUNDS):
        refine_shapes(module_op, specialise_calls=True)
        canonicalize_dynamism(module_op)
        text = module_op.get_asm(print_generic_op_form=True)
        if text == before:
            return
        before = text
    raise PassError(f"{REMOVE_DYNAMISM}: the module still changes after {MAX_ROUNDS} rounds", module_op.location)


def canonicalize_dynamism_pass():
    return guarded_pass(CANONICALIZE_DYNAMISM, canonicalize_dynamism)


def remove_dynamism_pass(types=None, platform_index=None):
    return guarded_pass(REMOVE_DYNAMISM, lambda op: remove_dynamism(op, types, platform_index))


def add_canonicalize_dynamism_pass(pm) -> None:
    pm.add(canonicalize_dynamism_pass(), name=CANONICALIZE_DYNAMISM, argument=CANONICALIZE_DYNAMISM)


def add_remove_dynamism_pipeline(pm, types=None, platform_index=None) -> None:
    pm.add(remove_dynamism_pass(types, platform_index), name=REMOVE_DYNAMISM, argument=REMOVE_DYNAMISM)


def refine_module(module_or_text, arg_types, platform_index=None, strict=False):
    """A copy of a module (or the module parsed from text) specialised to `arg_types` by this pipeline.
    `strict`: spec deviations upstream accepts are errors (parse_module).
    `arg_types`: MLIR types, their text, or objects with `.shape` and `.dtype` (numpy arrays,
    jax.ShapeDtypeStruct). Raises mlir.ir.MLIRError if refinement fails, TypeError for bad input."""
    from mlir.passmanager import PassManager

    from .._parsing import parse_module

    if isinstance(module_or_text, (str, bytes, bytearray, memoryview)):
        module = parse_module(module_or_text, strict=strict)
    elif isinstance(module_or_text, ir.Module):
        module = parse_module(module_or_text.operation.get_asm(enable_debug_info=True), module_or_text.context,
                              strict=strict)
    else:
        raise TypeError(f"expected an mlir Module or its text, got {type(module_or_text).__name__}")
    if isinstance(arg_types, (str, ir.Type)) or not hasattr(arg_types, "__iter__"):
        raise TypeError("arg_types must be a list (one type per argument of @main)")
    types = [_type_text(t) for t in arg_types]
    pm = PassManager("builtin.module", context=module.context)
    if platform_index is not None and (isinstance(platform_index, bool) or not isinstance(platform_index, int)):
        raise TypeError(f"platform_index must be an int, got {platform_index!r}")
    add_remove_dynamism_pipeline(pm, types, platform_index)
    pm.run(module.operation)
    return module


def _type_text(t):
    if isinstance(t, (str, ir.Type)):
        return t
    shape, dtype = getattr(t, "shape", None), getattr(t, "dtype", None)
    if shape is None or dtype is None:
        raise TypeError(f"expected an MLIR type, its text, or an object with shape and dtype, got {t!r}")
    from ..interpreter.core.types import dtype_info

    try:
        element = dtype_info(dtype).name
    except Exception:  # noqa: BLE001 - whatever dtype_info rejects, reported as a bad argument
        raise TypeError(f"no StableHLO element type for dtype {dtype}") from None
    dims = "".join(f"{int(d)}x" for d in shape)
    return f"tensor<{dims}{element}>"
