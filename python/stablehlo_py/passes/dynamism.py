"""`stablehlo-canonicalize-dynamism` and the `stablehlo-remove-dynamism` pipeline.

    from stablehlo_py.passes.dynamism import add_canonicalize_dynamism_pass, add_remove_dynamism_pipeline
    add_canonicalize_dynamism_pass(pm)
    add_remove_dynamism_pipeline(pm, types=["tensor<2x4xf32>"])   # types optional

canonicalize-dynamism replaces each dynamic op whose shape operands are
constants and whose result type is static by its static form:
dynamic_broadcast_in_dim -> broadcast_in_dim, dynamic_reshape -> reshape,
dynamic_iota -> iota, dynamic_pad -> pad, real_dynamic_slice -> slice,
dynamic_gather -> gather, dynamic_conv -> convolution, and
`custom_call @stablehlo.dynamic_reduce_window` -> reduce_window. A replacement the
verifier rejects is not made (the dynamic op stays, as upstream's patterns
that fail to match).

remove-dynamism is refine-arguments (if types are given), then refine-shapes
and canonicalize-dynamism repeated until the module stops changing (at most
MAX_ROUNDS times), in one pass.
"""

from __future__ import annotations

import mlir.ir as ir

from ._common import PassError, constant_array, constant_ints, erase_with_constants, functions, guarded_pass
from .refine import (DYNAMIC_REDUCE_WINDOW, conv_padding, reduce_window_parts, refine_arguments, refine_shapes,
                     substitute_platform_index)

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
#                attributes of the dynamic op the static one does not have)
_STATIC_FORMS = {
    "stablehlo.dynamic_broadcast_in_dim": ("stablehlo.broadcast_in_dim", 1, lambda op: _same_shape(op, 1),
                                           ("known_expanding_dimensions", "known_nonexpanding_dimensions")),
    "stablehlo.dynamic_reshape": ("stablehlo.reshape", 1, lambda op: _same_shape(op, 1), ()),
    "stablehlo.dynamic_iota": ("stablehlo.iota", 0, lambda op: _same_shape(op, 0), ()),
    "stablehlo.dynamic_pad": ("stablehlo.pad", 2, _pad, ()),
    "stablehlo.real_dynamic_slice": ("stablehlo.slice", 1, _slice, ()),
    "stablehlo.dynamic_gather": ("stablehlo.gather", 2, _gather, ()),
    "stablehlo.dynamic_conv": ("stablehlo.convolution", 2, _conv, ()),
}


def canonicalize_dynamism(root) -> None:
    """Replace the dynamic ops under `root` that have static forms (see the module doc)."""
    found = []

    def visit(op):
        if op.name in _STATIC_FORMS or op.name == "stablehlo.custom_call" and \
                ir.StringAttr(op.attributes["call_target_name"]).value == DYNAMIC_REDUCE_WINDOW:
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    funcs = functions(root)
    for op in found:
        if op.name in _STATIC_FORMS:
            _canonicalize(op)
        else:
            _canonicalize_reduce_window(op, funcs)


def _canonicalize(op) -> None:
    name, kept, new_attributes, dropped = _STATIC_FORMS[op.name]
    result = op.results[0]
    if not isinstance(result.type, ir.RankedTensorType) or not ir.RankedTensorType(result.type).has_static_shape:
        return
    extra = new_attributes(op)
    if extra is None:
        return
    attributes = {k: op.attributes[k] for k in op.attributes if k not in dropped}
    attributes.update(extra)
    operands = list(op.operands)
    with ir.InsertionPoint(op):
        static = ir.Operation.create(name, results=[result.type], operands=operands[:kept],
                                     attributes=attributes, loc=op.location)
    _replace(op, static)


def _replace(op, static) -> None:
    """`static` replaces `op` if it verifies (else it is erased and `op` stays); the constants `op`
    used go if nothing else uses them."""
    try:
        static.verify()
    except ir.MLIRError:
        static.erase()
        return
    for old, new in zip(op.results, static.results):
        old.replace_all_uses_with(new)
    erase_with_constants(op)


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
        refine_shapes(module_op)
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
