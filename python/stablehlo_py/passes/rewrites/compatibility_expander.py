"""`stablehlo-compatibility-expander{target=#.#.#}`: newer features rewritten for an older StableHLO.

    registry.add_pass(pm, "stablehlo-compatibility-expander{target=1.0.0}")
    expand_for_compatibility(module, (1, 0, 0))          # without a pass manager

A module pass, as upstream's. Each rewrite applies when the target version is older than the
version that introduced the feature (the thresholds are upstream's):

* below 1.1.0, gather and scatter with batching dimensions: each batching dimension becomes a
  collapsed slice dimension (gather) or an inserted window dimension (scatter), merged in sorted
  order with the existing ones; the start indices get, along index_vector_dim, one
  `iota` per indices batching dimension (in front) concatenated with the indices (reshaped to a
  trailing dimension of 1 when index_vector_dim is the rank; converted first to i32, or i64, when
  a batching dimension's size does not fit their integer type); the start index map
  (scatter_dims_to_operand_dims) gets the operand batching dimensions in front.
  indices_are_sorted stays true only if the indices batching dimensions and the new map are both
  sorted. Indices of a dynamic shape are left as they are.
* below 1.4.0, `tan`: tan(x) = sine(x) / cosine(x) for floats; for complex a + bi,
  (tan a + i tanh b) / (1 - i tan a tanh b), each of tan a, tanh b computed on the real and
  imaginary parts.
* below 1.9.0, source locations with a range (`"f":1:2 to 3:4`) keep only their start
  (`"f":1:2`), wherever they occur (ops, block arguments, inside fused, named and call-site
  locations).
* below 1.16.0, `replica_groups` given by mesh axes (`#stablehlo.replica_group_mesh_axes`, the
  mesh written inline or named by a symbol of the module) become the 2-D i64 groups they name
  (computed as the interpreter computes them, interpreter/runtime/grid.py).

Afterwards dead ops are erased and constants merged and moved to the start of each function, as
upstream's greedy driver does (rewrites/_expanding.py).

`target` is required: not of the form #.#.#, below the minimum version or above the current
version it is rejected when the pipeline is parsed; left empty (the default), the pipeline
parses and the pass fails when it runs (upstream asserts when the pass starts).
"""

from __future__ import annotations

import mlir.ir as ir
import numpy as np

from ... import _stablehlo
from ...dialects import stablehlo as hlo
from .._common import PassError, collect, guarded_pass
from ._expanding import element_type, greedy_cleanup, parse_version
from ._rewriting import module_of

__all__ = ["COMPATIBILITY_EXPANDER", "expand_for_compatibility", "compatibility_expander_pass", "target_version"]

COMPATIBILITY_EXPANDER = "stablehlo-compatibility-expander"
BATCHING_DIMS = (1, 1, 0)
TAN = (1, 4, 0)
LOCATION_RANGES = (1, 9, 0)
MESH_AXES = (1, 16, 0)


def target_version(text: str):
    """The target option as (major, minor, patch); ValueError with the reason otherwise."""
    if not text.strip():
        raise ValueError(f"{COMPATIBILITY_EXPANDER}: no target version specified; target must be of the form #.#.#")
    version = parse_version(text, f"{COMPATIBILITY_EXPANDER}: target")
    low = parse_version(_stablehlo.get_minimum_version(), "minimum version")
    high = parse_version(_stablehlo.get_current_version(), "current version")
    if version < low:
        raise ValueError(f"{COMPATIBILITY_EXPANDER}: target version {text.strip()} is less than the minimum "
                         f"supported version {_stablehlo.get_minimum_version()}")
    if version > high:
        raise ValueError(f"{COMPATIBILITY_EXPANDER}: target version {text.strip()} is greater than the current "
                         f"version {_stablehlo.get_current_version()}")
    return version


# ----------------------------------------------------------------- gather / scatter

def _fits(size: int, t) -> bool:
    t = ir.IntegerType(t)
    if t.is_unsigned:
        return 0 <= size < (1 << t.width)
    return -(1 << (t.width - 1)) <= size < (1 << (t.width - 1))


def _promoted(element, size: int):
    element = element.maybe_downcast() if type(element) is ir.Type else element
    if not isinstance(element, ir.IntegerType) or _fits(size, element):
        return element
    i32 = ir.IntegerType.get_signless(32)
    return i32 if _fits(size, i32) else ir.IntegerType.get_signless(64)


def _concat_indices(indices, index_vector_dim: int, batching_dims) -> ir.Value:
    t = ir.RankedTensorType(indices.type)
    element = t.element_type
    for dim in batching_dims:
        element = _promoted(element, t.shape[dim])
    if element != t.element_type:
        t = ir.RankedTensorType.get(t.shape, element)
        indices = hlo.convert(t, indices)
    last = index_vector_dim == t.rank
    shape = list(t.shape)
    if last:
        shape.append(1)
    else:
        shape[index_vector_dim] = 1
    iota_type = ir.RankedTensorType.get(shape, element)
    if last:
        indices = hlo.reshape(iota_type, indices)
    parts = [hlo.iota(iota_type, dim) for dim in batching_dims]
    return hlo.concatenate(parts + [indices], index_vector_dim)


def _sorted_dims(a, b):
    return sorted(list(a) + list(b))


def _is_sorted(values) -> bool:
    return all(x <= y for x, y in zip(values, values[1:]))


def _bool_attr(op, name) -> bool:
    return name in op.attributes and ir.BoolAttr(op.attributes[name]).value


def _static_indices(value) -> bool:
    t = value.type
    return isinstance(t, ir.RankedTensorType) and ir.RankedTensorType(t).has_static_shape


def _expand_gather(op) -> bool:
    numbers = hlo.GatherDimensionNumbers(op.attributes["dimension_numbers"])
    operand_batching = list(numbers.operand_batching_dims)
    indices_batching = list(numbers.start_indices_batching_dims)
    if not operand_batching or not _static_indices(op.operands[1]):
        return False
    collapsed = _sorted_dims(operand_batching, numbers.collapsed_slice_dims)
    index_map = operand_batching + list(numbers.start_index_map)
    with ir.InsertionPoint(op), op.location:
        indices = _concat_indices(op.operands[1], numbers.index_vector_dim, indices_batching)
        dims = hlo.GatherDimensionNumbers.get(list(numbers.offset_dims), collapsed, [], [], index_map,
                                              numbers.index_vector_dim)
        attributes = {"dimension_numbers": dims, "slice_sizes": op.attributes["slice_sizes"],
                      "indices_are_sorted": ir.BoolAttr.get(
                          _bool_attr(op, "indices_are_sorted") and _is_sorted(indices_batching)
                          and _is_sorted(index_map))}
        new = ir.Operation.create("stablehlo.gather", results=[op.results[0].type],
                                  operands=[op.operands[0], indices], attributes=attributes)
    op.results[0].replace_all_uses_with(new.results[0])
    op.erase()
    return True


def _expand_scatter(op) -> bool:
    numbers = hlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    input_batching = list(numbers.input_batching_dims)
    indices_batching = list(numbers.scatter_indices_batching_dims)
    n = (len(op.operands) - 1) // 2
    inputs, scatter_indices, updates = list(op.operands[:n]), op.operands[n], list(op.operands[n + 1:])
    if not input_batching or not _static_indices(scatter_indices):
        return False
    inserted = _sorted_dims(input_batching, numbers.inserted_window_dims)
    to_operand = input_batching + list(numbers.scattered_dims_to_operand_dims)
    with ir.InsertionPoint(op), op.location:
        indices = _concat_indices(scatter_indices, numbers.index_vector_dim, indices_batching)
        dims = hlo.ScatterDimensionNumbers.get(list(numbers.update_window_dims), inserted, [], [], to_operand,
                                               numbers.index_vector_dim)
        attributes = {"scatter_dimension_numbers": dims,
                      "indices_are_sorted": ir.BoolAttr.get(
                          _bool_attr(op, "indices_are_sorted") and _is_sorted(indices_batching)
                          and _is_sorted(to_operand)),
                      "unique_indices": ir.BoolAttr.get(_bool_attr(op, "unique_indices"))}
        new = ir.Operation.create("stablehlo.scatter", results=[r.type for r in op.results],
                                  operands=inputs + [indices] + updates, attributes=attributes, regions=1)
    _move_region(op.regions[0], new.regions[0])
    for old, value in zip(op.results, new.results):
        old.replace_all_uses_with(value)
    op.erase()
    return True


def _move_region(source, target) -> None:
    for block in list(source.blocks):
        new_block = target.blocks.append(*[a.type for a in block.arguments])
        for old_arg, new_arg in zip(block.arguments, new_block.arguments):
            new_arg.set_location(old_arg.location)
            old_arg.replace_all_uses_with(new_arg)
        for inner in list(block.operations):
            inner.operation.detach_from_parent()
            ir.InsertionPoint(new_block).insert(inner.operation)


# ----------------------------------------------------------------- tan

def _is_complex(t) -> bool:
    e = element_type(t)
    e = e.maybe_downcast() if type(e) is ir.Type else e
    return isinstance(e, ir.ComplexType)


def _expand_tan(op) -> bool:
    x = op.operands[0]
    with ir.InsertionPoint(op), op.location:
        if not _is_complex(x.type):
            value = hlo.divide(hlo.sine(x), hlo.cosine(x))
        else:
            t = ir.RankedTensorType(x.type)
            part = ir.RankedTensorType.get(t.shape, ir.ComplexType(t.element_type).element_type, t.encoding)
            re = hlo.real(x)
            tan_re = hlo.divide(hlo.sine(re), hlo.cosine(re))
            tanh_im = hlo.tanh(hlo.imag(x))
            numerator = hlo.complex(tan_re, tanh_im)
            minus = hlo.negate(hlo.multiply(tan_re, tanh_im))
            one = hlo.constant(_splat(part, 1.0))
            value = hlo.divide(numerator, hlo.complex(one, minus))
    op.results[0].replace_all_uses_with(value)
    op.erase()
    return True


def _splat(t, value):
    element = t.element_type
    return ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get(t.shape, element), ir.FloatAttr.get(element, value))


def _tan_expandable(op) -> bool:
    t = op.operands[0].type
    if not isinstance(t, ir.RankedTensorType):
        return not _is_complex(t)
    if _is_complex(t):
        return ir.RankedTensorType(t).has_static_shape  # the constant 1 needs a static shape
    return True


# ----------------------------------------------------------------- locations

def _without_ranges(loc):
    """`loc` with each file range reduced to its start (`loc` itself if it has none)."""
    if loc.is_a_file():
        if " to " not in str(loc).rsplit('"', 1)[-1]:
            return loc
        return ir.Location.file(loc.filename, loc.start_line, loc.start_col, context=loc.context)
    if loc.is_a_name():
        child = loc.child_loc
        new = _without_ranges(child)
        return loc if new == child else ir.Location.name(loc.name_str, new, context=loc.context)
    if loc.is_a_callsite():
        callee, caller = _without_ranges(loc.callee), _without_ranges(loc.caller)
        if callee == loc.callee and caller == loc.caller:
            return loc
        return ir.Location.callsite(callee, [caller], context=loc.context)
    if loc.is_a_fused():
        parts = list(loc.locations)
        new = [_without_ranges(p) for p in parts]
        if all(a == b for a, b in zip(parts, new)):
            return loc
        return ir.Location.fused(new, context=loc.context)
    return loc


def _strip_location_ranges(root) -> None:
    def visit(op):
        new = _without_ranges(op.location)
        if new != op.location:
            op.location = new
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    new = _without_ranges(arg.location)
                    if new != arg.location:
                        arg.set_location(new)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)


# ----------------------------------------------------------------- replica groups by mesh axes

def _expand_mesh_axes(root) -> None:
    # The interpreter's reading of the attribute and of the module's meshes, so both agree.
    from ...interpreter.core.attributes import decode, plain
    from ...interpreter.core.errors import InterpreterError
    from ...interpreter.core.plan import module_meshes
    from ...interpreter.kernels.communication import mesh_axes_rows

    ops = collect(root, lambda op: "replica_groups" in op.attributes
                  and hlo.ReplicaGroupMeshAxesAttr.isinstance(op.attributes["replica_groups"]))
    if not ops:
        return
    meshes = module_meshes(module_of(root))
    for op in ops:
        try:
            rows = mesh_axes_rows(meshes, plain(decode(op.attributes["replica_groups"])))
        except InterpreterError as e:
            raise PassError(f"{COMPATIBILITY_EXPANDER}: '{op.name}': {e}", op.location) from None
        groups = np.array(rows, dtype=np.int64).reshape(len(rows), len(rows[0]) if rows else 0)
        op.attributes["replica_groups"] = ir.DenseElementsAttr.get(groups)


# ----------------------------------------------------------------- pass

def expand_for_compatibility(root, target) -> None:
    """Apply the rewrites `target` ((major, minor, patch) or '#.#.#') needs under `root`."""
    if isinstance(target, str):
        target = target_version(target)
    with root.context, root.location:
        if target < LOCATION_RANGES:
            _strip_location_ranges(root)
        if target < MESH_AXES:
            _expand_mesh_axes(root)
        for op in collect(root, lambda op: op.name in ("stablehlo.gather", "stablehlo.scatter", "stablehlo.tan")):
            if op.name == "stablehlo.tan" and target < TAN and _tan_expandable(op):
                _expand_tan(op)
            elif op.name == "stablehlo.gather" and target < BATCHING_DIMS:
                _expand_gather(op)
            elif op.name == "stablehlo.scatter" and target < BATCHING_DIMS:
                _expand_scatter(op)
        greedy_cleanup(root)


def compatibility_expander_pass(options):
    """The pass body for option `target`: ValueError for a bad one. Without a target the pipeline
    still parses (as upstream's, which checks it when the pass starts) and the pass fails when run."""
    text = options.get("target", "")
    if not text.strip():
        def missing(op):
            raise PassError(f"{COMPATIBILITY_EXPANDER}: no target version specified; give "
                            f"target=#.#.# (e.g. {COMPATIBILITY_EXPANDER}{{target=1.0.0}})")

        return guarded_pass(COMPATIBILITY_EXPANDER, missing)
    target = target_version(text)
    return guarded_pass(COMPATIBILITY_EXPANDER, lambda op: expand_for_compatibility(op, target))
