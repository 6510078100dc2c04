"""`stablehlo-py-chlo-legalize-to-stablehlo`: every chlo op becomes StableHLO ops (ours: accurate formulas).

    from stablehlo_py.passes.chlo_legalize import add_chlo_legalize_pass, legalize_chlo
    add_chlo_legalize_pass(pm)            # or registry.add_pass(pm, "stablehlo-py-chlo-legalize-to-stablehlo")
    legalize_chlo(module.operation)       # the same, without a pass manager (raises PassError)

The module afterwards holds no chlo op. Each op is replaced by its decomposition, built with the
StableHLO Python builders at the op's place and location; `RULES` maps op names to them:
broadcasting ops become broadcast_in_dim and the StableHLO op (with `?` sizes upstream's form:
shape.shape_of of the operands, shape.cstr_broadcastable guarding a shape.assuming region that
broadcasts every operand by dynamic_broadcast_in_dim to the shape.broadcast of their shapes),
the special functions the formulas of chlo_math.py (narrow floats in f32), top_k a sort,
ragged_dot dot_general on masked operands or results, scan a while loop. An op that cannot be
decomposed (an element type or a dynamic shape a rule does not handle) fails the pass with an
error at the op naming it and why. docs/chlo.md describes each decomposition and its measured
accuracy. Upstream's name, `chlo-legalize-to-stablehlo`, is upstream's decomposition
(chlo_upstream.py: these rules but for the special functions and the ops computed in the type).
"""

from __future__ import annotations

import mlir.ir as ir
import numpy as np
from mlir.dialects import shape as shape_dialect

from .. import _stablehlo
from ..dialects import chlo
from ..dialects import stablehlo as hlo
from . import chlo_math as cm
from ._common import PassError, encoding_bounds, guarded_pass, integer_dtype

__all__ = ["CHLO_LEGALIZE", "RULES", "legalize_chlo", "chlo_legalize_pass", "add_chlo_legalize_pass",
           "math_rule", "broadcasting_math_rule", "splat_like"]

CHLO_LEGALIZE = "stablehlo-py-chlo-legalize-to-stablehlo"


def legalize_chlo(root, rules=None, name: str = CHLO_LEGALIZE) -> None:
    """Replace every chlo op under `root` by StableHLO ops (inner ops first, so a scan's body is
    legalized before the scan becomes a loop), by `rules` (default: ours) for the pass `name`
    (its errors' prefix). Raises PassError at the first op that fails."""
    found = []

    def visit(op):
        if op.name.startswith("chlo."):
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.POST_ORDER)
    for op in found:
        _legalize(op.operation, RULES if rules is None else rules, name)


def _legalize(op, rules, name) -> None:
    rule = rules.get(op.name)
    if rule is None:
        raise PassError(f"{name}: no decomposition for '{op.name}'", op.location)
    try:
        with ir.InsertionPoint(op), op.location:
            replacements = rule(op)
    except PassError as e:  # the rules' messages name no pass
        raise PassError(f"{name}: {e}", e.location or op.location) from None
    except (ValueError, TypeError, ir.MLIRError) as e:
        raise PassError(f"{name}: cannot decompose '{op.name}': {e}", op.location) from None
    for old, new in zip(op.results, replacements):
        if old.type != new.type:
            raise PassError(f"{name}: the decomposition of '{op.name}' gives {new.type} for result "
                            f"of type {old.type}", op.location)
        old.replace_all_uses_with(new)
    op.erase()


def _unsupported(op, why: str) -> PassError:
    return PassError(f"cannot decompose '{op.name}' "
                     f"({', '.join(str(v.type) for v in op.operands)}): {why}", op.location)


# ----------------------------------------------------------------- attributes

def _enum_case(attr) -> str:
    """'LT' of #chlo<comparison_direction LT>."""
    return _stablehlo.enum_attribute_value(attr)


def _ragged_numbers(attr) -> dict:
    """The fields of #chlo.ragged_dot<...>, as lists of dimensions."""
    return chlo.RaggedDotDimensionNumbers(attr).fields()


def _precision(op):
    """precision_config as #stablehlo<precision ...> (None if absent)."""
    if "precision_config" not in op.attributes:
        return None
    cases = [_enum_case(a) for a in ir.ArrayAttr(op.attributes["precision_config"])]
    return ir.ArrayAttr.get([hlo.PrecisionAttr.get(c) for c in cases])


def _attr(op, name, default=None):
    return op.attributes[name] if name in op.attributes else default


# ----------------------------------------------------------------- shapes and broadcasting

def _ranked(value) -> ir.RankedTensorType:
    return ir.RankedTensorType(value.type)


def _static(op, *values) -> None:
    for v in values:
        if not isinstance(v.type, ir.RankedTensorType) or not _ranked(v).has_static_shape:
            raise _unsupported(op, "only static shapes are handled")


def _broadcast_shape(result_type, operands_and_dims):
    """The run-time shape of `result_type` (a tensor<Rxi32>): its static sizes, and for each `?` the
    size of the operands mapped to it, a size 1 giving way to the other (numpy's rule)."""
    scalar = ir.RankedTensorType.get([], ir.IntegerType.get_signless(32))
    one = None
    sizes = []
    for d, size in enumerate(result_type.shape):
        if not ir.ShapedType.is_dynamic_size(size):
            sizes.append(size)
            continue
        found = None
        for value, dims in operands_and_dims:
            if d not in dims:
                continue
            j = dims.index(d)
            own = _ranked(value).shape[j]
            own = hlo.get_dimension_size(value, j) if ir.ShapedType.is_dynamic_size(own) else \
                hlo.constant(cm.splat_attr(scalar, own))
            if found is None:
                found = own
                continue
            one = one if one is not None else hlo.constant(cm.splat_attr(scalar, 1))
            found = hlo.select(hlo.compare(found, one, hlo.ComparisonDirectionAttr.get("EQ")), own, found)
        sizes.append(found)
    return cm.size_vector(sizes)


def _broadcast_all(result_type, operands_and_dims) -> list:
    """Each operand broadcast to `result_type`'s shape (its own element type), by its dims."""
    result_type = ir.RankedTensorType(result_type)
    shape = None
    out = []
    for value, dims in operands_and_dims:
        target = ir.RankedTensorType.get(result_type.shape, _ranked(value).element_type, result_type.encoding)
        if value.type == target and list(dims) == list(range(result_type.rank)):
            out.append(value)
        elif result_type.has_static_shape:
            out.append(hlo.broadcast_in_dim(target, value, list(dims)))
        else:
            shape = shape if shape is not None else _broadcast_shape(result_type, operands_and_dims)
            out.append(hlo.dynamic_broadcast_in_dim(target, value, shape, list(dims)))
    return out


def _shape_dialect_loaded() -> bool:
    """Whether the shape dialect is loaded: MLIR cannot load it while a pass manager runs (it
    aborts), so where it is not (a pass added by PassManager.add to a context that never loaded
    it) the dynamic forms keep to StableHLO ops (get_dimension_size)."""
    return ir.Context.current.is_registered_operation("shape.shape_of")


def _shape_of(value):
    """shape.shape_of: the operand's run-time shape as a tensor<Rxindex>."""
    extents = ir.RankedTensorType.get([_ranked(value).rank], ir.IndexType.get())
    return shape_dialect.ShapeOfOp(value, results=[extents]).result


def splat_like(result_type, like, attr):
    """upstream's getConstantLike: a splat of `result_type`, whose shape is `like`'s, with
    `attr(tensor type)` its attribute; for a `?` size a scalar broadcast to like's run-time
    shape (shape.shape_of, or get_dimension_size sizes where the shape dialect is not loaded)."""
    if result_type.has_static_shape:
        return hlo.constant(attr(result_type))
    scalar = hlo.constant(attr(ir.RankedTensorType.get([], result_type.element_type)))
    bounds = encoding_bounds(result_type.encoding) if result_type.encoding else None
    if bounds and all(b is not None for s, b in zip(result_type.shape, bounds) if ir.ShapedType.is_dynamic_size(s)):
        # bounded sizes, as upstream: broadcast to the bounds, then each `?` size set to like's
        dynamic = [d for d, s in enumerate(result_type.shape) if ir.ShapedType.is_dynamic_size(s)]
        padded = [b if d in dynamic else s for d, (s, b) in enumerate(zip(result_type.shape, bounds))]
        value = hlo.broadcast_in_dim(ir.RankedTensorType.get(padded, result_type.element_type), scalar, [])
        for d in dynamic:
            last = [result_type] if d == dynamic[-1] else None
            value = hlo.set_dimension_size(value, hlo.get_dimension_size(like, d), d, results=last)
        return value
    shape = _shape_of(like) if _shape_dialect_loaded() else cm.dimension_sizes(like)
    return hlo.dynamic_broadcast_in_dim(result_type, scalar, shape, [])


def _broadcast_then(result_type, operands_and_dims, build, shapes_inside=False):
    """`build(*operands)` on the operands broadcast to `result_type`. With a `?` size in an operand
    or the result and numpy's trailing alignment, upstream's form: the operands' shapes checked
    by shape.cstr_broadcastable, and inside the shape.assuming region it guards every operand
    broadcast (dynamic_broadcast_in_dim) to the shape.broadcast of their shapes, then `build`.
    Otherwise (static shapes, or broadcast_dimensions other than the trailing alignment, which
    upstream does not take with `?` sizes) broadcast_in_dim / dynamic_broadcast_in_dim of
    get_dimension_size sizes before `build`. `shapes_inside`: the region takes the operands'
    shapes anew (upstream's binary ops do; its select reuses the outer ones)."""
    result_type = ir.RankedTensorType(result_type)
    rank = result_type.rank
    static = result_type.has_static_shape and all(_ranked(v).has_static_shape for v, _ in operands_and_dims)
    trailing = all(list(dims) == _trailing(v, rank) for v, dims in operands_and_dims)
    if static or not trailing or not _shape_dialect_loaded():
        return build(*_broadcast_all(result_type, operands_and_dims))
    shapes = [_shape_of(v) for v, _ in operands_and_dims]
    witness = shape_dialect.CstrBroadcastableOp(shapes).result
    assuming = shape_dialect.AssumingOp([result_type], witness)
    block = assuming.doRegion.blocks.append()
    with ir.InsertionPoint(block):
        inner = [_shape_of(v) for v, _ in operands_and_dims] if shapes_inside else shapes
        extents = shape_dialect.BroadcastOp(ir.RankedTensorType.get([rank], ir.IndexType.get()), inner).result
        broadcast = []
        for value, dims in operands_and_dims:
            target = ir.RankedTensorType.get(result_type.shape, _ranked(value).element_type, result_type.encoding)
            broadcast.append(hlo.dynamic_broadcast_in_dim(target, value, extents, list(dims)))
        shape_dialect.AssumingYieldOp([build(*broadcast)])
    return assuming.results[0]


def _trailing(value, rank: int) -> list:
    """numpy's alignment: the operand's dimensions are the last of the result's."""
    own = _ranked(value).rank
    return list(range(rank - own, rank))


def _broadcast_binary(op, build):
    """`build(lhs, rhs)` on the two operands of a chlo.broadcast_* op broadcast to its result shape.
    broadcast_dimensions, when given, places the operand of lower rank (the lhs if the ranks are
    equal), as chlo's shape function reads it; otherwise numpy's trailing alignment."""
    lhs, rhs = op.operands
    for v in (lhs, rhs, op.results[0]):
        if not isinstance(v.type, ir.RankedTensorType):
            raise _unsupported(op, "unranked tensors are not handled")
    result_type = _ranked(op.results[0])
    rank = result_type.rank
    dims = [_trailing(lhs, rank), _trailing(rhs, rank)]
    given = _attr(op, "broadcast_dimensions")
    if given is not None:
        small = 0 if _ranked(lhs).rank <= _ranked(rhs).rank else 1
        large = 1 - small
        dims[small] = list(ir.DenseI64ArrayAttr(given))
        dims[large] = list(range(rank))
    return _broadcast_then(result_type, [(lhs, dims[0]), (rhs, dims[1])], build, shapes_inside=True)


def _broadcasting(build):
    def rule(op):
        return [_broadcast_binary(op, lambda lhs, rhs: build(op, lhs, rhs))]
    return rule


def _plain(builder):
    return _broadcasting(lambda op, lhs, rhs: builder(lhs, rhs))


def _compare(op, lhs, rhs):
    direction = hlo.ComparisonDirectionAttr.get(_enum_case(op.attributes["comparison_direction"]))
    compare_type = _attr(op, "compare_type")
    if compare_type is not None:
        compare_type = hlo.ComparisonTypeAttr.get(_enum_case(compare_type))
    return hlo.compare(lhs, rhs, direction, compare_type=compare_type)


def _broadcast_select(op):
    """stablehlo.select of the operands broadcast to the result. A scalar predicate is select's
    own form and stays as it is (as upstream keeps it); so do operands that need no broadcast."""
    pred, on_true, on_false = op.operands
    result_type = _ranked(op.results[0])
    if _ranked(pred).rank == 0:
        if on_true.type == result_type and on_false.type == result_type:
            return [hlo.select(pred, on_true, on_false)]
        return [_broadcast_then(result_type, _select_operands(result_type, (on_true, on_false)),
                                lambda t, f: hlo.select(pred, t, f))]
    if result_type.has_static_shape and all(v.type == result_type for v in (on_true, on_false)) and \
            _ranked(pred).shape == result_type.shape:
        return [hlo.select(pred, on_true, on_false)]
    return [_broadcast_then(result_type, _select_operands(result_type, (pred, on_true, on_false)), hlo.select)]


def _select_operands(result_type, values) -> list:
    """(operand, dims) of broadcast_select's operands, numpy's trailing alignment; with static
    shapes an operand of lower rank (not a scalar) is first reshaped to the result's rank, unit
    dimensions in front, and broadcast along the identity (upstream's form)."""
    rank = result_type.rank
    static = result_type.has_static_shape and all(_ranked(v).has_static_shape for v in values)
    pairs = []
    for value in values:
        own = _ranked(value)
        if static and 0 < own.rank < rank:
            expanded = ir.RankedTensorType.get([1] * (rank - own.rank) + list(own.shape), own.element_type)
            pairs.append((hlo.reshape(expanded, value), list(range(rank))))
        else:
            pairs.append((value, _trailing(value, rank)))
    return pairs


# ----------------------------------------------------------------- element-wise math

def math_rule(real, complex_=None, float_only=True, emitter_class=None):
    """A rule computing `real(emitter, x...)` in the compute type (chlo_math.in_compute_type), or
    for complex elements `complex_(emitter, re, im) -> (re, im)`; `emitter_class` as there."""
    def rule(op, operands=None):
        operands = list(op.operands) if operands is None else operands
        element = cm.element_type(operands[0])
        if cm.is_complex(element):
            if complex_ is None:
                raise _unsupported(op, "no decomposition for complex elements")
            e = cm.Emitter(operands[0], ir.ComplexType(element).element_type)
            x = operands[0]
            return [e.complex(*complex_(e, e.real(x), e.imag(x))).v]
        if float_only and not cm.is_float(element):
            raise _unsupported(op, f"element type {element} is not a float type")
        return [cm.in_compute_type(operands, real, emitter_class)]
    return rule


def broadcasting_math_rule(real, emitter_class=None):
    rule = math_rule(real, emitter_class=emitter_class)
    return _broadcasting(lambda op, lhs, rhs: rule(op, [lhs, rhs])[0])


def _tan(op):
    x = op.operands[0]
    if cm.is_complex(cm.element_type(x)):
        return [hlo.tan(x)]
    return [cm.in_compute_type([x], lambda e, v: e.tan(v))]


def _conj(op):
    x = op.operands[0]
    if not cm.is_complex(cm.element_type(x)):
        return [x]
    e = cm.Emitter(x)
    return [e.complex(e.real(x), -e.imag(x)).v]


def _square(op):
    e = cm.Emitter(op.operands[0])
    return [cm.square(e, e.wrap(op.operands[0])).v]


def _has_infinity(element) -> bool:
    """Float formats named FN, FNUZ, FNU have no infinity (f8E4M3FN, f4E2M1FN, f8E8M0FNU, ...)."""
    return "FN" not in str(element)


def _is_inf(which):
    def rule(op):
        x = op.operands[0]
        element = cm.element_type(x)
        e = cm.Emitter(x)
        if not _has_infinity(element):
            return [e.const(0, ir.IntegerType.get_signless(1)).v]
        v = e.wrap(x)
        # |x| before the constant, as upstream emits them
        tests = {"any": lambda: e.abs(v).eq(float("inf")), "pos": lambda: v.eq(float("inf")),
                 "neg": lambda: v.eq(float("-inf"))}
        return [tests[which]().v]
    return rule


def _next_after_values(op, x, y):
    element = cm.element_type(x)
    if not cm.is_float(element) or ir.FloatType(element).width not in (8, 16, 32, 64) or \
            str(element) == "f8E8M0FNU":
        raise _unsupported(op, f"element type {element} has no sign-magnitude bit layout handled here")
    e = cm.Emitter(x)
    return cm.next_after(e, e.wrap(x), e.wrap(y)).v


def _mulhi(op):
    x, y = op.operands
    e = cm.Emitter(x)
    return [cm.mulhi(e, e.wrap(x), e.wrap(y)).v]


# ----------------------------------------------------------------- constants

def _constant(op):
    return [hlo.constant(op.attributes["value"])]


def _constant_like(op):
    """A splat of `value` shaped like the operand (broadcast to its shape.shape_of if dynamic)."""
    value = op.attributes["value"]
    return [splat_like(_ranked(op.results[0]), op.operands[0],
                       lambda tensor_type: ir.DenseElementsAttr.get_splat(tensor_type, value))]


# ----------------------------------------------------------------- top_k

def _top_k(op):
    """A stable sort along the last dimension (greater first, floats in total order) of the
    operand and an iota, sliced to the first k. With `?` sizes upstream's form: the shape as
    i64 sizes (get_dimension_size of every dimension), a dynamic_iota and real_dynamic_slice
    to that shape with k last."""
    x = op.operands[0]
    if not isinstance(x.type, ir.RankedTensorType):
        raise _unsupported(op, "unranked tensors are not handled")
    t = _ranked(x)
    last = t.rank - 1
    k = ir.IntegerAttr(op.attributes["k"]).value
    index_type = _ranked(op.results[1]).element_type
    dynamic = not t.has_static_shape
    if dynamic:
        i64 = ir.IntegerType.get_signless(64)
        one, scalar = ir.RankedTensorType.get([1], i64), ir.RankedTensorType.get([], i64)
        sizes = [hlo.reshape(one, hlo.convert(scalar, hlo.get_dimension_size(x, d))
                             if ir.ShapedType.is_dynamic_size(n) else hlo.constant(cm.splat_attr(scalar, n)))
                 for d, n in enumerate(t.shape)]
        shape = sizes[0] if t.rank == 1 else hlo.concatenate(sizes, 0)
        k_size = hlo.reshape(one, hlo.constant(cm.splat_attr(ir.RankedTensorType.get([], i64), k)))
        limit = k_size if t.rank == 1 else hlo.concatenate(sizes[:-1] + [k_size], 0)
        iota = hlo.dynamic_iota(ir.RankedTensorType.get(t.shape, index_type), shape, last)
    else:
        iota = hlo.iota(ir.RankedTensorType.get(t.shape, index_type), last)
    is_float = cm.is_float(t.element_type)
    greater = hlo.ComparisonDirectionAttr.get("GT")
    total = hlo.ComparisonTypeAttr.get("TOTALORDER") if is_float else None

    def comparator(a, b, _i, _j):
        return hlo.compare(a, b, greater, compare_type=total)

    values, indices = hlo.sort([x, iota], comparator, dimension=last, is_stable=True)
    if dynamic:
        vector = ir.RankedTensorType.get([t.rank], ir.IntegerType.get_signless(64))
        zeros = hlo.constant(cm.splat_attr(vector, 0))
        ones = hlo.constant(cm.splat_attr(vector, 1))
        return [hlo.real_dynamic_slice(r.type, v, zeros, limit, ones)
                for r, v in zip(op.results, (values, indices))]
    limit = list(t.shape[:-1]) + [_ranked(op.results[0]).shape[-1]]
    zeros, ones = [0] * t.rank, [1] * t.rank
    return [hlo.slice(values, zeros, limit, ones), hlo.slice(indices, zeros, limit, ones)]


# ----------------------------------------------------------------- ragged_dot

def _ragged_dot(op):
    """Group j of the ragged dimension is its indices start_j <= i < end_j (end: the running sum of
    group_sizes along its last dimension, per index of its leading dimensions, if any).

      * ragged batch dimension: the groups change nothing; the dot_general itself;
      * ragged contracting dimension (result [g, batch..., free...]): both operands repeated along
        a new leading dimension of size g, zero outside group j in row j, and a dot_general with
        that dimension as a batch dimension;
      * ragged non-contracting dimension (rhs has a group dimension): the dot_general of all the
        groups (the group dimension an rhs free dimension), each result row kept for its own
        group only (zero for the others) and summed over the groups.

    Masks select values rather than multiply them, so an infinity or NaN in another group's
    operands does not leak into a result. `?` sizes of lhs and rhs are read at run time (their
    masks and zeros then take dynamic_iota and dynamic_broadcast_in_dim); group_sizes is static."""
    lhs, rhs, group_sizes = op.operands
    _static(op, group_sizes)
    for v in (lhs, rhs, op.results[0]):
        if not isinstance(v.type, ir.RankedTensorType):
            raise _unsupported(op, "unranked operands are not handled")
    n = _ragged_numbers(op.attributes["ragged_dot_dimension_numbers"])
    lb, rb, lc, rc = (n["lhs_batching_dimensions"], n["rhs_batching_dimensions"],
                      n["lhs_contracting_dimensions"], n["rhs_contracting_dimensions"])
    ragged = n["lhs_ragged_dimensions"][0]
    result_type = _ranked(op.results[0])
    precision = _precision(op)
    lt, rt, gt = _ranked(lhs), _ranked(rhs), _ranked(group_sizes)
    groups = gt.shape[-1]

    def prefix(dims):  # the operand dimensions group_sizes' leading dimensions index (none for [g])
        return dims if gt.rank > 1 else []

    if ragged in lb:
        return [hlo.dot_general(lhs, rhs, lhs_batching_dimensions=lb, rhs_batching_dimensions=rb,
                                lhs_contracting_dimensions=lc, rhs_contracting_dimensions=rc,
                                precision_config=precision, result_type=result_type)]
    if ragged in lc:
        k = lc.index(ragged)

        def repeated(value, batch, contracting):
            t = _ranked(value)
            shape, sizes = _sizes([groups] + [(value, d) for d in range(t.rank)])
            prefix_axes = [d + 1 for d in prefix(batch + contracting[:k])]
            mask = _group_mask(group_sizes, shape, sizes, contracting[k] + 1, prefix_axes, 0)
            wide = ir.RankedTensorType.get(shape, t.element_type)
            copies = _fill(wide, value, list(range(1, t.rank + 1)), sizes)
            return hlo.select(mask, copies, _zeros(wide, sizes))

        return [hlo.dot_general(repeated(lhs, lb, lc), repeated(rhs, rb, rc),
                                lhs_batching_dimensions=[0] + [d + 1 for d in lb],
                                rhs_batching_dimensions=[0] + [d + 1 for d in rb],
                                lhs_contracting_dimensions=[d + 1 for d in lc],
                                rhs_contracting_dimensions=[d + 1 for d in rc],
                                precision_config=precision, result_type=result_type)]
    group = n["rhs_group_dimensions"][0]
    lhs_free = [d for d in range(lt.rank) if d not in lb and d not in lc]
    rhs_free = [d for d in range(rt.rank) if d not in rb and d not in rc]
    group_axis = len(lb) + len(lhs_free) + rhs_free.index(group)
    declared = list(result_type.shape)
    declared.insert(group_axis, rt.shape[group])  # the products' type, summed to the result's
    shape, sizes = _sizes([(lhs, d) for d in lb + lhs_free] + [(rhs, d) for d in rhs_free], declared)
    products = hlo.dot_general(lhs, rhs, lhs_batching_dimensions=lb, rhs_batching_dimensions=rb,
                               lhs_contracting_dimensions=lc, rhs_contracting_dimensions=rc,
                               precision_config=precision,
                               result_type=ir.RankedTensorType.get(shape, result_type.element_type))
    ragged_axis = len(lb) + lhs_free.index(ragged)
    mask = _group_mask(group_sizes, shape, sizes, ragged_axis, list(range(ragged_axis))[:gt.rank - 1], group_axis)
    kept = hlo.select(mask, products, _zeros(ir.RankedTensorType(products.type), sizes))
    zero = hlo.constant(cm.splat_attr(ir.RankedTensorType.get([], result_type.element_type), 0))
    return [hlo.reduce([kept], [zero], [group_axis], lambda a, b: [hlo.add(a, b)])]


def _group_mask(group_sizes, shape: list, sizes, ragged_axis: int, prefix_axes: list, group_axis: int):
    """A tensor<shape x i1>: true where the index along `ragged_axis` lies in the group of the index
    along `group_axis`, for the group sizes at the indices along `prefix_axes` (`sizes`: the
    run-time shape where `shape` has `?` sizes, else None)."""
    gt = _ranked(group_sizes)
    index_type = gt.element_type
    groups = gt.shape[-1]
    # running sums along the group dimension: a dot with the upper triangle of ones
    upper = np.triu(np.ones((groups, groups), dtype=integer_dtype(index_type)))
    triangle = hlo.constant(ir.DenseElementsAttr.get(upper, type=ir.RankedTensorType.get([groups, groups],
                                                                                         index_type)))
    ends = hlo.dot_general(group_sizes, triangle, lhs_contracting_dimensions=[gt.rank - 1],
                           rhs_contracting_dimensions=[0], result_type=gt)
    starts = hlo.subtract(ends, group_sizes)
    wide = ir.RankedTensorType.get(shape, index_type)
    dims = list(prefix_axes) + [group_axis]
    index = hlo.iota(wide, ragged_axis) if sizes is None else hlo.dynamic_iota(wide, sizes, ragged_axis)
    return hlo.and_(
        hlo.compare(_fill(wide, starts, dims, sizes), index, hlo.ComparisonDirectionAttr.get("LE")),
        hlo.compare(index, _fill(wide, ends, dims, sizes), hlo.ComparisonDirectionAttr.get("LT")))


def _sizes(parts, declared=None) -> tuple:
    """(shape, run-time shape) of the sizes `parts` (ints, or (value, dimension) pairs): the shape
    (`declared` if given, a type the result declares, as or more dynamic) and, if it has a `?`, a
    tensor<Nxi32> of the sizes (the parts' `?` ones read by get_dimension_size), else None."""
    shape, sizes = [], []
    for part in parts:
        size = part if isinstance(part, int) else _ranked(part[0]).shape[part[1]]
        shape.append(size)
        sizes.append(hlo.get_dimension_size(*part) if ir.ShapedType.is_dynamic_size(size) else size)
    shape = list(declared) if declared is not None else shape
    return shape, cm.size_vector(sizes) if any(map(ir.ShapedType.is_dynamic_size, shape)) else None


def _fill(target, value, dims: list, sizes):
    """`value` broadcast along `dims` to `target` (of run-time shape `sizes` when it has `?` sizes)."""
    if sizes is None:
        return hlo.broadcast_in_dim(target, value, dims)
    return hlo.dynamic_broadcast_in_dim(target, value, sizes, dims)


def _zeros(target, sizes):
    """Zeros of `target` (of run-time shape `sizes` when it has `?` sizes)."""
    if sizes is None:
        return hlo.constant(cm.splat_attr(target, 0))
    scalar = hlo.constant(cm.splat_attr(ir.RankedTensorType.get([], target.element_type), 0))
    return hlo.dynamic_broadcast_in_dim(target, scalar, sizes, [])


# ----------------------------------------------------------------- scan

def _scan(op):
    """Upstream's while loop over the scan dimension: the loop carries the step, the carries and
    the outputs filled so far (zeros at first); the inputs are read from above. Each step slices
    the inputs at its position (N-1-step if reversed) with dynamic_slice, runs the scan body (moved
    into the loop) and writes its outputs at that position with dynamic_update_slice."""
    n_inputs, n_inits = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    inputs, inits = list(op.operands)[:n_inputs], list(op.operands)[n_inputs:]
    results = list(op.results)
    n_outputs = len(results) - n_inits
    _static(op, *inputs, *results)
    dim = ir.IntegerAttr(op.attributes["dimension"]).value
    reverse = bool(ir.BoolAttr(op.attributes["is_reverse"]).value) if "is_reverse" in op.attributes else False
    i64 = ir.RankedTensorType.get([], ir.IntegerType.get_signless(64))

    def scalar(v):
        return hlo.constant(cm.splat_attr(i64, v))

    # scan has at least one input (its C1)
    length = hlo.convert(i64, hlo.get_dimension_size(inputs[0], dim))
    first = scalar(0)
    zeros = [hlo.broadcast_in_dim(r.type, hlo.constant(cm.splat_attr(ir.RankedTensorType.get([], _ranked(r).element_type), 0)), [])
             for r in results[:n_outputs]]
    loop_values = [first] + inits + zeros
    types = [v.type for v in loop_values]
    loop = ir.Operation.create("stablehlo.while", results=types, operands=loop_values, regions=2)
    cond = loop.regions[0].blocks.append(*types)
    with ir.InsertionPoint(cond):
        hlo.ReturnOp([hlo.compare(cond.arguments[0], length, hlo.ComparisonDirectionAttr.get("LT"))])
    body = loop.regions[1].blocks.append(*types)
    step, *args = body.arguments
    carry_args, out_args = args[:n_inits], args[n_inits:]
    scan_block = op.regions[0].blocks[0]
    terminator = list(scan_block.operations)[-1]
    with ir.InsertionPoint(body):
        position = hlo.subtract(hlo.subtract(length, scalar(1)), step) if reverse else step

        def starts(rank):
            zero = scalar(0)
            return [position if d == dim else zero for d in range(rank)]

        for arg, value in zip(scan_block.arguments, [_slice_at(v, dim, starts) for v in inputs] + carry_args):
            arg.replace_all_uses_with(value)
        for inner in list(scan_block.operations)[:-1]:
            inner.operation.detach_from_parent()
            ir.InsertionPoint(body).insert(inner.operation)
        yielded = list(terminator.operands)
        updated = []
        for out, element in zip(out_args, yielded[:n_outputs]):
            out_type = _ranked(out)
            one = list(out_type.shape)
            one[dim] = 1
            piece = hlo.reshape(ir.RankedTensorType.get(one, out_type.element_type), element)
            updated.append(hlo.dynamic_update_slice(out, piece, starts(out_type.rank)))
        hlo.ReturnOp([hlo.add(step, scalar(1))] + yielded[n_outputs:] + updated)
    produced = list(loop.results)
    return produced[1 + n_inits:] + produced[1:1 + n_inits]


def _slice_at(value, dim: int, starts):
    """value[..., i, ...] at the loop's position i along `dim` (the dimension removed)."""
    t = _ranked(value)
    sizes = list(t.shape)
    sizes[dim] = 1
    piece = hlo.dynamic_slice(value, starts(t.rank), sizes)
    kept = [s for d, s in enumerate(t.shape) if d != dim]
    return hlo.reshape(ir.RankedTensorType.get(kept, t.element_type), piece)


# ----------------------------------------------------------------- the table

_PLAIN_BROADCASTS = {
    "add": hlo.add, "and": hlo.and_, "atan2": hlo.atan2, "complex": hlo.complex, "divide": hlo.divide,
    "maximum": hlo.maximum, "minimum": hlo.minimum, "multiply": hlo.multiply, "or": hlo.or_,
    "power": hlo.power, "remainder": hlo.remainder, "shift_left": hlo.shift_left,
    "shift_right_arithmetic": hlo.shift_right_arithmetic, "shift_right_logical": hlo.shift_right_logical,
    "subtract": hlo.subtract, "xor": hlo.xor,
}

RULES = {f"chlo.broadcast_{name}": _plain(build) for name, build in _PLAIN_BROADCASTS.items()}
RULES.update({
    "chlo.broadcast_compare": _broadcasting(_compare),
    "chlo.broadcast_select": _broadcast_select,
    "chlo.broadcast_next_after": _broadcasting(_next_after_values),
    "chlo.broadcast_polygamma": broadcasting_math_rule(cm.polygamma),
    "chlo.broadcast_zeta": broadcasting_math_rule(cm.zeta),
    "chlo.next_after": lambda op: [_next_after_values(op, *op.operands)],
    "chlo.polygamma": math_rule(cm.polygamma),
    "chlo.zeta": math_rule(cm.zeta),
    "chlo.constant": _constant,
    "chlo.constant_like": _constant_like,
    "chlo.conj": _conj,
    "chlo.square": _square,
    "chlo.is_inf": _is_inf("any"),
    "chlo.is_pos_inf": _is_inf("pos"),
    "chlo.is_neg_inf": _is_inf("neg"),
    "chlo.mulhi": _mulhi,
    "chlo.tan": _tan,
    "chlo.sinh": math_rule(cm.sinh, cm.complex_sinh),
    "chlo.cosh": math_rule(cm.cosh, cm.complex_cosh),
    "chlo.asin": math_rule(cm.asin, cm.complex_asin),
    "chlo.acos": math_rule(cm.acos, cm.complex_acos),
    "chlo.atan": math_rule(cm.atan, cm.complex_atan),
    "chlo.asinh": math_rule(cm.asinh, cm.complex_asinh),
    "chlo.acosh": math_rule(cm.acosh, cm.complex_acosh),
    "chlo.atanh": math_rule(cm.atanh, cm.complex_atanh),
    "chlo._asin_acos_kernel": math_rule(None, cm.asin_acos_kernel),
    "chlo.erf": math_rule(cm.erf),
    "chlo.erfc": math_rule(cm.erfc),
    "chlo.erf_inv": math_rule(cm.erf_inv),
    "chlo.lgamma": math_rule(cm.lgamma),
    "chlo.digamma": math_rule(cm.digamma),
    "chlo.bessel_i1e": math_rule(cm.bessel_i1e),
    "chlo.top_k": _top_k,
    "chlo.ragged_dot": _ragged_dot,
    "chlo.scan": _scan,
})


# ----------------------------------------------------------------- pass plumbing

def chlo_legalize_pass():
    return guarded_pass(CHLO_LEGALIZE, legalize_chlo)


def add_chlo_legalize_pass(pm) -> None:
    pm.add(chlo_legalize_pass(), name=CHLO_LEGALIZE, argument=CHLO_LEGALIZE)
