"""`stablehlo-legalize-quant-to-math` as upstream StableHLO has it: its decomposition, its float formulas.

    registry.add_pass(pm, "stablehlo-legalize-quant-to-math")
    legalize_quant_to_math_upstream(module.operation)     # without a pass manager (raises PassError)

Upstream's test file (stablehlo/tests/quantization/stablehlo_legalize_quant_to_int.mlir) is the
reference, family by family (test/conformance/upstream_passes.py measures it):

* uniform_quantize(x) of a float x:  convert(round_nearest_even(clamp(qmin, x / scale + zp, qmax)))
  in the expressed type E (`chlo.broadcast_divide`/`_add` with scalar constants, or 1-D ones
  along the quantization dimension), the zero point added before rounding;
* uniform_dequantize(q):  convert(convert(q, i32) - zp, E) * scale  (`chlo.broadcast_subtract`,
  `chlo.broadcast_multiply`; no subtraction for zero points of 0);
* requantization:  convert(round(clamp(qmin, convert(q, E) * (s_in / s_out) + (zp_out - zp_in *
  s_in / s_out), qmax)))  (merged scale and zero point, per axis along the one quantization
  dimension; changing the dimension fails);
* add of per-tensor operands and result: each operand as i32 integers of the result's scale and
  zero point (converted, or requantized as above with i32 bounds), `chlo.broadcast_add`, minus
  the result's zero point, clamped to the storage range in i32 (not for i32 storage, which wraps);
  per-axis add of one i32 type: stablehlo.add of the storage integers minus the zero points;
* dot_general (a legacy dot of a quantized lhs first made the dot_general it is) of a per-tensor
  lhs (and convolution in the [b, 0.., f]x[0.., i, o]->[b, 0.., f] layout, rhs zero points 0,
  no lhs dilation, one group; its padding made an explicit pad of the lhs zero point): the op
  on the storage integers into i32, minus the zero points' terms (sums of the operands by
  `stablehlo.reduce`, times the other zero point, broadcast), scaled by s_l * s_r / s_o (for a
  scale other than 1: in float, truncated to i32 by convert), plus the result's zero point,
  clamped and converted to the result's storage;
* a hybrid dot/dot_general/convolution (float lhs and result): the rhs dequantized in float,
  (convert(optimization_barrier(q)) - zp) * scale, the op on floats;
* select, maximum and minimum whose quantized types are all equal, and the ops that only move
  elements (reshape, transpose, broadcast_in_dim, concatenate, pad, slice, gather, ...,
  reduce_window), keep the storage integers; the other ops of dequantize_op_quantize (and the
  dot_general/convolution forms above do not take) go through
  stablehlo-legalize-quantized-op-to-qdq;
* any other op on quantized values (while, sort, reduce, map, scatter, reverse, tuple,
  custom_call, the collectives, is_finite, ...) fails as upstream's does: "failed to legalize
  operation '<name>' that was explicitly marked illegal".

Semantics: not the interpreter's bits (that is stablehlo-py-legalize-quant-to-exact-math, which the
compiled backend runs). The zero point is added in float before rounding, so a tie x / scale =
k + 1/2 rounds to the even k + zp + 1/2 neighbour rather than zp plus the even one: one storage
unit where zp is odd; requantized add operands are rounded one by one (at most one unit in all);
dot_general/convolution with a combined scale other than 1 truncate two parts (at most two).
NaN is clamped, rounded and converted as those ops define (not storage_min).
"""

from __future__ import annotations

import mlir.ir as ir
from mlir.dialects import quant

from ..dialects import chlo
from ..dialects import stablehlo as hlo
from ._common import PassError, collect, guarded_pass
from .rewrites.deprecated_ops import dot_as_dot_general as legacy_dot_as_dot_general  # the legalize-deprecated-ops rewrite
from .quant_types import (DEQUANTIZE, QUANTIZE, axis_of, downcast, op_types, quantized_element, require_uniform,
                          retype_to_storage, scales_of, storage_type, touches_quantized, zero_points_of)
from .quantization import COMPUTE_OPS, legalize_quantized_op_to_qdq

__all__ = ["UPSTREAM_QUANT_TO_MATH", "legalize_quant_to_math_upstream", "upstream_quant_to_math_pass"]

UPSTREAM_QUANT_TO_MATH = "stablehlo-legalize-quant-to-math"

# ops upstream only gives their storage types
_RETYPED = frozenset("stablehlo." + name for name in (
    "bitcast_convert", "broadcast_in_dim", "concatenate", "constant", "dynamic_broadcast_in_dim",
    "dynamic_reshape", "dynamic_slice", "gather", "get_dimension_size", "pad", "reduce_window", "reshape",
    "return", "slice", "transpose")) | {"func.func", "func.return", "func.call"}
# ops kept on storage integers when every quantized type they hold is the same (order is kept)
_SAME_TYPE_OPS = frozenset(("stablehlo.select", "stablehlo.maximum", "stablehlo.minimum"))
_I32_MIN, _I32_MAX = -(1 << 31), (1 << 31) - 1


def _quantized_types(op) -> list:
    types = []
    for t in op_types(op):
        t = downcast(t)
        if isinstance(t, ir.ShapedType) and quantized_element(t.element_type) is not None:
            types.append(quantized_element(t.element_type))
    return types


def _keeps_storage(op) -> bool:
    return op.name in _SAME_TYPE_OPS and len({str(q) for q in _quantized_types(op)}) == 1


def _add_plan(op):
    """'tensor' or 'axis' if upstream's integer add takes `op`, else None (it goes through qdq)."""
    if op.name != "stablehlo.add" or len(op.operands) != 2:
        return None
    types = [downcast(v.type) for v in list(op.operands) + [op.results[0]]]
    if not all(isinstance(t, ir.RankedTensorType) for t in types):
        return None
    qs = [quantized_element(t.element_type) for t in types]
    if all(isinstance(q, quant.UniformQuantizedType) for q in qs):
        return "tensor"
    if all(isinstance(q, quant.UniformQuantizedPerAxisType) for q in qs) and len({str(q) for q in qs}) == 1 \
            and qs[0].storage_type_integral_width == 32:
        return "axis"
    return None


_HYBRID_OPS = ("stablehlo.dot", "stablehlo.dot_general", "stablehlo.convolution")


def _element_types(op) -> list:
    return [quantized_element(downcast(v.type).element_type) if isinstance(downcast(v.type), ir.ShapedType) else None
            for v in list(op.operands) + [op.results[0]]]


def _hybrid(op) -> bool:
    """A float lhs and result with a quantized rhs: upstream dequantizes the rhs (in float) only."""
    if op.name not in _HYBRID_OPS or len(op.operands) != 2 or len(op.results) != 1:
        return False
    lhs, rhs, result = _element_types(op)
    return lhs is None and result is None and isinstance(rhs, (quant.UniformQuantizedType,
                                                                 quant.UniformQuantizedPerAxisType))


def _dot_plan(op):
    """(lhs, rhs, result types, combined scale) if upstream's integer dot_general takes `op`: a
    per-tensor lhs; a per-tensor rhs and result, or a per-axis rhs of zero points 0 along a free
    dimension and a per-axis result along its dimension, of zero points 0 and one scale ratio."""
    plan = _product_types(op, "stablehlo.dot_general")
    if plan is not None and isinstance(plan[1], quant.UniformQuantizedPerAxisType):
        dims = hlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"]).fields()
        if axis_of(plan[1]) in list(dims["rhs_contracting_dimensions"]) + list(dims["rhs_batching_dimensions"]):
            return None
    return plan


def _product_types(op, name: str):
    """(lhs, rhs, result types, combined scale s_l * s_r / s_o) of a dot_general or convolution
    `name` of ranked operands for upstream's integer form: a per-tensor lhs; a per-tensor rhs and
    result, or per-axis ones of zero points 0 and one scale ratio; else None."""
    if op.name != name or len(op.operands) != 2:
        return None
    if not all(isinstance(downcast(v.type), ir.RankedTensorType) for v in list(op.operands) + [op.results[0]]):
        return None
    ql, qr, qo = _element_types(op)
    tensor, axis = quant.UniformQuantizedType, quant.UniformQuantizedPerAxisType
    if not isinstance(ql, tensor) or not isinstance(qr, (tensor, axis)) or type(qr) is not type(qo):
        return None
    if isinstance(qr, axis) and (any(zero_points_of(qr)) or any(zero_points_of(qo))
                                 or len(scales_of(qr)) != len(scales_of(qo))):
        return None
    ratios = {scales_of(ql)[0] * s / o for s, o in zip(scales_of(qr), scales_of(qo))}
    return (ql, qr, qo, ratios.pop()) if len(ratios) == 1 else None


def _conv_plan(op):
    """(lhs, rhs, result types, combined scale) if upstream's integer convolution takes `op`: the
    [b, 0.., f]x[0.., i, o]->[b, 0.., f] layout, no lhs dilation, one feature and batch group, a
    per-tensor lhs, an rhs of zero points 0 (per tensor, or per output feature with a result
    quantized alike, of zero points 0 and one scale ratio)."""
    plan = _product_types(op, "stablehlo.convolution")
    if plan is None or any(zero_points_of(plan[1])):
        return None
    n = ir.RankedTensorType(op.operands[0].type).rank - 2
    layout = hlo.ConvDimensionNumbers(op.attributes["dimension_numbers"]).fields()
    nhwc = dict(input_batch_dimension=0, input_feature_dimension=n + 1, input_spatial_dimensions=list(range(1, n + 1)),
                kernel_spatial_dimensions=list(range(n)), kernel_input_feature_dimension=n,
                kernel_output_feature_dimension=n + 1, output_batch_dimension=0, output_feature_dimension=n + 1,
                output_spatial_dimensions=list(range(1, n + 1)))
    if any(list(layout[k]) != v if isinstance(v, list) else layout[k] != v for k, v in nhwc.items()):
        return None
    if "lhs_dilation" in op.attributes and any(d != 1 for d in ir.DenseI64ArrayAttr(op.attributes["lhs_dilation"])):
        return None
    if any(ir.IntegerAttr(op.attributes[k]).value != 1 for k in ("feature_group_count", "batch_group_count")):
        return None
    return plan


def legalize_quant_to_math_upstream(root) -> None:
    """Lower the quantized ops under `root` as upstream's pass does (module docstring). Raises
    PassError at the first op upstream does not legalize, before anything changes."""
    for op in collect(root, touches_quantized):
        handled = op.name in _RETYPED or op.name in COMPUTE_OPS or op.name in (QUANTIZE, DEQUANTIZE)
        if not handled:
            raise PassError(f"{UPSTREAM_QUANT_TO_MATH}: failed to legalize operation '{op.name}' that was "
                            f"explicitly marked illegal", op.location)
        for q in _quantized_types(op):
            require_uniform(q, op, UPSTREAM_QUANT_TO_MATH)
        if op.name == QUANTIZE:
            _check_requantization(op)
    # upstream rewrites a quantized legacy dot as the dot_general of contracting dims [1] x [0]
    for op in collect(root, lambda op: op.name == "stablehlo.dot" and _element_types(op)[0] is not None):
        with ir.InsertionPoint(op), op.location:
            op.results[0].replace_all_uses_with(legacy_dot_as_dot_general(op)[0])
        op.erase()
    legalize_quantized_op_to_qdq(root, skip=lambda op: _add_plan(op) is not None or _keeps_storage(op)
                                 or _hybrid(op) or _dot_plan(op) is not None or _conv_plan(op) is not None)
    plans = []
    for op in collect(root, lambda op: True):
        if op.name in (QUANTIZE, DEQUANTIZE) or _add_plan(op) is not None:
            plans.append((op, _element_types(op), _add_plan(op)))
        elif _hybrid(op):
            plans.append((op, _element_types(op), "hybrid"))
        elif _dot_plan(op) is not None:
            plans.append((op, _dot_plan(op), "dot"))
        elif _conv_plan(op) is not None:
            plans.append((op, _conv_plan(op), "conv"))
    for op in collect(root, lambda op: True):
        retype_to_storage(op)
    for op, (*sources, target), add in plans:
        if add == "hybrid":
            _lower_hybrid(op, sources[1])
            continue
        with ir.InsertionPoint(op), op.location:
            if add == "dot":
                value = _integer_dot_general(op, *sources, target)
            elif add == "conv":
                value = _integer_convolution(op, *sources, target)
            elif add == "tensor":
                value = _add_per_tensor(op.operands[0], op.operands[1], sources, target)
            elif add == "axis":
                value = _add_per_axis(op.operands[0], op.operands[1], target)
            elif sources[0] is not None and target is not None:
                value = _requantize(op.operands[0], sources[0], target)
            elif target is not None:
                value = _quantize(op.operands[0], target)
            else:
                value = _dequantize(op.operands[0], sources[0])
        op.results[0].replace_all_uses_with(value)
        op.erase()


def _check_requantization(op) -> None:
    source = quantized_element(downcast(op.operands[0].type).element_type)
    target = quantized_element(downcast(op.results[0].type).element_type)
    if source is not None and None not in (axis_of(source), axis_of(target)) and axis_of(source) != axis_of(target):
        op.location.emit_error("Cannot requantize while changing quantization_axis")
        raise PassError(f"{UPSTREAM_QUANT_TO_MATH}: failed to legalize operation '{op.name}' that was "
                        f"explicitly marked illegal", op.location)


# ----------------------------------------------------------------- building blocks

def _like(value, element):
    t = ir.RankedTensorType(value.type)
    return ir.RankedTensorType.get(t.shape, element, t.encoding)


def _constant(values: list, element, per_axis: bool):
    """A scalar constant of `element` (one value), or a 1-D one (per axis)."""
    def attr(v):
        return ir.IntegerAttr.get(element, int(v)) if isinstance(element, ir.IntegerType) \
            else ir.FloatAttr.get(element, float(v))

    if not per_axis:
        return hlo.constant(ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], element), attr(values[0])))
    return hlo.constant(ir.DenseElementsAttr.get([attr(v) for v in values],
                                                 type=ir.RankedTensorType.get([len(values)], element)))


def _broadcasting(build, value, constant, axis):
    """chlo.broadcast_<op>(value, constant), along `axis` for a 1-D constant."""
    dims = None if axis is None else ir.DenseI64ArrayAttr.get([axis])
    return build(value, constant, broadcast_dimensions=dims, results=[value.type])


def _bounds(low: int, high: int, element):
    return _constant([low], element, False), _constant([high], element, False)


def _round_to_storage(value, bounds, storage):
    """convert(round_nearest_even(clamp(low, value, high)), storage)."""
    return hlo.convert(_like(value, storage), hlo.round_nearest_even(hlo.clamp(bounds[0], value, bounds[1])))


def _quantize(value, q):
    """Float `value` of q's expressed type -> storage integers: x / scale + zp, clamped, rounded
    (the constants first, as upstream writes them)."""
    axis, zero_points = axis_of(q), zero_points_of(q)
    expressed = q.expressed_type
    scales = _constant(scales_of(q), expressed, axis is not None)
    shift = _constant(zero_points, expressed, axis is not None) if any(zero_points) else None
    bounds = _bounds(q.storage_type_min, q.storage_type_max, expressed)
    value = _broadcasting(chlo.broadcast_divide, value, scales, axis)
    if shift is not None:
        value = _broadcasting(chlo.broadcast_add, value, shift, axis)
    return _round_to_storage(value, bounds, storage_type(q))


def _dequantize(value, q):
    """Storage integers `value` of `q` -> its expressed type: (convert(q, i32) - zp) * scale."""
    axis, zero_points = axis_of(q), zero_points_of(q)
    i32 = ir.IntegerType.get_signless(32)
    scales = _constant(scales_of(q), q.expressed_type, axis is not None)
    shift = _constant(zero_points, i32, axis is not None) if any(zero_points) else None
    value = hlo.convert(_like(value, i32), value)
    if shift is not None:
        value = _broadcasting(chlo.broadcast_subtract, value, shift, axis)
    value = hlo.convert(_like(value, q.expressed_type), value)
    return _broadcasting(chlo.broadcast_multiply, value, scales, axis)


def _merged(source, scales: list, zero_points: list, axis):
    """The merged scale and zero point of requantizing `source` to (scales, zero_points) along
    `axis`: s_in / s_out and zp_out - zp_in * s_in / s_out, one per slice (or one)."""
    count = max(len(scales), len(scales_of(source)))
    def each(values):
        return values * count if len(values) == 1 else values
    s_in, z_in, s_out, z_out = each(scales_of(source)), each(zero_points_of(source)), each(scales), each(zero_points)
    merged_scales = [a / b for a, b in zip(s_in, s_out)]
    merged_zps = [zo - zi * m for zo, zi, m in zip(z_out, z_in, merged_scales)]
    return merged_scales, merged_zps, (axis if count > 1 else None)


def _rescaled(value, source, scales, zero_points, axis):
    """Storage integers `value` of `source` as floats of the (scales, zero_points) grid."""
    merged_scales, merged_zps, axis = _merged(source, scales, zero_points, axis)
    expressed = source.expressed_type
    value = hlo.convert(_like(value, expressed), value)
    value = _broadcasting(chlo.broadcast_multiply, value, _constant(merged_scales, expressed, axis is not None), axis)
    if any(merged_zps):
        value = _broadcasting(chlo.broadcast_add, value, _constant(merged_zps, expressed, axis is not None), axis)
    return value


def _requantize(value, source, target):
    axis = axis_of(target) if axis_of(target) is not None else axis_of(source)
    value = _rescaled(value, source, scales_of(target), zero_points_of(target), axis)
    bounds = _bounds(target.storage_type_min, target.storage_type_max, source.expressed_type)
    return _round_to_storage(value, bounds, storage_type(target))


def _add_per_tensor(lhs, rhs, sources, target):
    """Upstream's integer add: operands as i32 integers of the result's grid, summed, minus its
    zero point, clamped to the storage range (i32 storage: the sum as it is)."""
    i32 = ir.IntegerType.get_signless(32)
    operands = []
    for value, q in zip((lhs, rhs), sources):
        if str(q) == str(target):
            operands.append(hlo.convert(_like(value, i32), value))
        else:
            rescaled = _rescaled(value, q, scales_of(target), zero_points_of(target), None)
            operands.append(_round_to_storage(rescaled, _bounds(_I32_MIN, _I32_MAX, q.expressed_type), i32))
    zero_point = _constant(zero_points_of(target), i32, False)
    total = chlo.broadcast_add(operands[0], operands[1], results=[_like(lhs, i32)])
    total = chlo.broadcast_subtract(total, zero_point, results=[total.type])
    if target.storage_type_integral_width == 32:
        return total
    bounds = _bounds(target.storage_type_min, target.storage_type_max, i32)
    return hlo.convert(_like(lhs, storage_type(target)), hlo.clamp(bounds[0], total, bounds[1]))


def _add_per_axis(lhs, rhs, q):
    """Per-axis i32 operands and result of one type: lhs + rhs - zp (wrapping, as upstream)."""
    total = hlo.add(lhs, rhs)
    zero_points = zero_points_of(q)
    if not any(zero_points):
        return total
    shift = _constant(zero_points, ir.IntegerType.get_signless(32), True)
    return _broadcasting(chlo.broadcast_subtract, total, shift, axis_of(q))


def _lower_hybrid(op, q) -> None:
    """The rhs of a hybrid op dequantized in float: (convert(barrier(q)) - zp) * scale."""
    axis = axis_of(q)
    with ir.InsertionPoint(op), op.location:
        rhs = _one(hlo.optimization_barrier([op.operands[1]]))
        scales = _constant(scales_of(q), q.expressed_type, axis is not None)
        shift = _constant(zero_points_of(q), q.expressed_type, axis is not None)
        value = hlo.convert(_like(rhs, q.expressed_type), rhs)
        if any(zero_points_of(q)):
            value = _broadcasting(chlo.broadcast_subtract, value, shift, axis)
        op.operands[1] = _broadcasting(chlo.broadcast_multiply, value, scales, axis)


def _one(results):
    """The one result of a builder that returns a value or a list of them."""
    return results if isinstance(results, ir.Value) else results[0]


def _shape_of(value):
    """The shape of ranked `value` as a tensor<rank x i64> (its dynamic sizes read at run time)."""
    t = ir.RankedTensorType(value.type)
    i64 = ir.IntegerType.get_signless(64)
    one = ir.RankedTensorType.get([1], i64)
    parts = []
    for d, size in enumerate(t.shape):
        if ir.ShapedType.is_dynamic_size(size):
            size_i64 = hlo.convert(ir.RankedTensorType.get([], i64), hlo.get_dimension_size(value, d))
            parts.append(hlo.reshape(one, size_i64))
        else:
            parts.append(hlo.constant(ir.DenseElementsAttr.get_splat(one, ir.IntegerAttr.get(i64, size))))
    return hlo.concatenate(parts, 0)


def _broadcast_to(value, like, dims: list, shapes: dict):
    """`value` broadcast along `dims` to the shape of `like` (dynamic_broadcast_in_dim for ? sizes,
    to one shape of `like` per op, built at its first use and kept in `shapes`, as upstream)."""
    t = _like(like, ir.RankedTensorType(value.type).element_type)
    if t.has_static_shape:
        return hlo.broadcast_in_dim(t, value, dims)
    if like not in shapes:
        shapes[like] = _shape_of(like)
    return hlo.dynamic_broadcast_in_dim(t, value, shapes[like], dims)


def _zero_point_part(operand, contracting: list, batching: list, free_base: int, zero_point: int, dot, shapes):
    """zero_point * (the sum of `operand` over its contracting dimensions), broadcast to the
    result: its batching dimensions go to the result's first ones, its free ones from free_base."""
    i32 = ir.IntegerType.get_signless(32)
    rank = ir.RankedTensorType(operand.type).rank
    summed = hlo.convert(_like(operand, i32), operand)
    zero = hlo.constant(ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], i32), ir.IntegerAttr.get(i32, 0)))
    summed = _one(hlo.reduce([summed], [zero], list(contracting), lambda a, b: [hlo.add(a, b)]))
    part = chlo.broadcast_multiply(summed, _constant([zero_point], i32, False), results=[summed.type])
    kept = [d for d in range(rank) if d not in contracting]
    free = [d for d in kept if d not in batching]
    dims = [batching.index(d) if d in batching else free_base + free.index(d) for d in kept]
    return _broadcast_to(part, dot, dims, shapes)


def _integer_dot_general(op, ql, qr, qo, combined_scale):
    """Upstream's dot_general of quantized operands: the dot of the storage integers in i32, the
    zero points' terms from sums of the operands (zp_r * sum(lhs) + zp_l * sum(rhs) - K zp_l zp_r),
    both scaled by s_l * s_r / s_o in float and truncated to i32, plus the result's zero point."""
    lhs, rhs = op.operands
    dims = hlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"]).fields()
    lb, rb = list(dims["lhs_batching_dimensions"]), list(dims["rhs_batching_dimensions"])
    lc, rc = list(dims["lhs_contracting_dimensions"]), list(dims["rhs_contracting_dimensions"])
    i32 = ir.IntegerType.get_signless(32)
    result = ir.RankedTensorType(op.results[0].type)
    attributes = {name: attr for name, attr in op.attributes.items() if name != "algorithm"}
    dot = ir.Operation.create(op.name, results=[ir.RankedTensorType.get(result.shape, i32, result.encoding)],
                              operands=[lhs, rhs], attributes=attributes).results[0]
    zl, zr = zero_points_of(ql)[0], zero_points_of(qr)[0]
    offset, shapes = None, {}
    if zr:
        offset = _zero_point_part(lhs, lc, lb, len(lb), zr, dot, shapes)
    if zl:
        lhs_free = ir.RankedTensorType(lhs.type).rank - len(lb) - len(lc)
        part = _zero_point_part(rhs, rc, rb, len(lb) + lhs_free, zl, dot, shapes)
        offset = part if offset is None else chlo.broadcast_add(offset, part, results=[part.type])
    if zl and zr:
        rt = ir.RankedTensorType(rhs.type)
        static = [rt.shape[d] for d in rc if not ir.ShapedType.is_dynamic_size(rt.shape[d])]
        count = _constant([1], i32, False)
        for d in rc:
            if ir.ShapedType.is_dynamic_size(rt.shape[d]):
                count = hlo.multiply(count, hlo.get_dimension_size(rhs, d))
        product = 1
        for n in static:
            product *= n
        both = _constant([product * zl * zr], i32, False)
        if count.owner.name != "stablehlo.constant":
            both = hlo.multiply(both, count)
        offset = chlo.broadcast_subtract(offset, both, results=[offset.type])
    return _combine(dot, offset, qo, combined_scale)


def _integer_convolution(op, ql, qr, qo, combined_scale):
    """Upstream's convolution of quantized operands (rhs zero points 0): the lhs padded with its
    zero point (the padding taken off the convolution), the convolution of the storage integers
    in i32, minus zp_l * (the sum of each kernel), as dot_general's parts are combined."""
    lhs, rhs = op.operands
    i32 = ir.IntegerType.get_signless(32)
    zl = zero_points_of(ql)[0]
    attributes = {name: attr for name, attr in op.attributes.items()}
    rank = ir.RankedTensorType(lhs.type).rank
    if "padding" in attributes:
        pads = [[int(x) for x in row] for row in _rows(attributes["padding"], rank - 2)]
        if any(any(row) for row in pads):
            storage = ir.RankedTensorType(lhs.type).element_type
            value = hlo.constant(ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], storage),
                                                                ir.IntegerAttr.get(storage, zl)))
            low, high = [0] + [p[0] for p in pads] + [0], [0] + [p[1] for p in pads] + [0]
            lhs = hlo.pad(lhs, value, low, high, [0] * rank)
            attributes["padding"] = ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([rank - 2, 2],
                ir.IntegerType.get_signless(64)), ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 0))
    result = ir.RankedTensorType(op.results[0].type)
    conv = ir.Operation.create(op.name, results=[ir.RankedTensorType.get(result.shape, i32, result.encoding)],
                               operands=[lhs, rhs], attributes=attributes).results[0]
    offset = None
    if zl:  # the kernel's spatial and input feature dimensions summed; its output feature is the result's last
        offset = _zero_point_part(rhs, list(range(rank - 1)), [], rank - 1, zl, conv, {})
    return _combine(conv, offset, qo, combined_scale)


def _rows(padding, count: int) -> list:
    """The [count, 2] padding attribute as rows of two integers (splat or not)."""
    attr = ir.DenseIntElementsAttr(padding)
    if attr.is_splat:
        value = ir.IntegerAttr(attr.get_splat_value()).value
        return [[value, value]] * count
    flat = [attr[i] for i in range(2 * count)]
    return [flat[2 * i:2 * i + 2] for i in range(count)]


def _combine(dot, offset, qo, combined_scale):
    """(dot - offset) * combined_scale + the result's zero point, as upstream: in integers for a
    combined scale of 1, else each part scaled in float and truncated to i32; then clamped to the
    storage range and converted (i32 storage: as it is)."""
    i32 = ir.IntegerType.get_signless(32)
    res_zp = zero_points_of(qo)[0] if isinstance(qo, quant.UniformQuantizedType) else 0
    if combined_scale == 1.0:
        total = dot
        if offset is not None:
            shift = chlo.broadcast_subtract(_constant([res_zp], i32, False), offset, results=[offset.type])
            total = chlo.broadcast_add(dot, shift, results=[dot.type])
        elif res_zp:
            total = chlo.broadcast_add(dot, _constant([res_zp], i32, False), results=[dot.type])
    else:
        expressed = qo.expressed_type
        scale = _constant([combined_scale], expressed, False)

        def scaled(value):  # convert(convert(value, E) * scale, i32): truncated, as upstream
            value = hlo.convert(_like(value, expressed), value)
            return hlo.convert(_like(value, i32), chlo.broadcast_multiply(value, scale, results=[value.type]))

        total = scaled(dot)
        if offset is not None:
            offset = scaled(offset)
            shift = chlo.broadcast_subtract(_constant([res_zp], i32, False), offset, results=[offset.type])
        else:
            shift = _constant([res_zp], i32, False)
        total = chlo.broadcast_add(total, shift, results=[total.type])
    if qo.storage_type_integral_width == 32:
        return total
    bounds = _bounds(qo.storage_type_min, qo.storage_type_max, i32)
    return hlo.convert(_like(total, storage_type(qo)), hlo.clamp(bounds[0], total, bounds[1]))


def upstream_quant_to_math_pass():
    return guarded_pass(UPSTREAM_QUANT_TO_MATH, legalize_quant_to_math_upstream)
