"""`shape-legalize-to-stablehlo`: shape computations of the shape, tensor and arith dialects as StableHLO.

    registry.add_pass(pm, "func.func(shape-legalize-to-stablehlo)")     # or on a module
    legalize_shape_to_stablehlo(func_or_module, legalize_constraints=False)

MLIR computes shapes on `index` and `tensor<Nxindex>`; StableHLO on `tensor<i32>` and
`tensor<Nxi32>`. As upstream, each rewritten op computes on i32 tensors and
`builtin.unrealized_conversion_cast` ops bridge the two representations at its operands and
results (index -> tensor<i32>, tensor<Nxindex> <-> tensor<Nxi32>); casts that undo each other are
left for `reconcile-unrealized-casts` or canonicalization to remove. The rewrites, as upstream's:

* `shape.shape_of %x` (ranked %x, result tensor<Rxindex>): the concatenation of
  `reshape(get_dimension_size %x, dim = i)` to tensor<1xi32> for each i; a constant tensor<0xi32>
  for rank 0.
* `shape.num_elements %s` (an extent tensor, result index): 1 multiplied by each extent, each
  taken by a slice and a reshape to tensor<i32>.
* `shape.const_shape [..]` (result tensor<Nxindex>): a constant tensor<Nxi32>.
* `shape.broadcast %a, %b` (two extent tensors): the shorter padded with ones on the left
  (concatenation with a constant), then `maximum` (the result is undefined for shapes that do
  not broadcast, as the shape dialect says).
* `shape.cstr_broadcastable %a, %b`, only with `legalize_constraints` (a parameter of upstream's
  C++ constructor, not a pass option): per dimension a == 1 or b == 1 or a == b, reduced with
  `and` into a `custom_call @shape_assertion` (error_message "Shape assertion failed"), the
  witness becoming `shape.const_witness true`; shape.assuming, shape.assuming_yield and
  shape.const_witness are then left as they are.
* `tensor.dim %x, %c` with %c an `arith.constant` index: `get_dimension_size`.
* `tensor.extract %t[%c...]` with constant indices inside the static shape of a tensor of index or
  i32: a slice and a reshape to tensor<i32> (cast to the result type: index or i32).
* `tensor.from_elements`: to a 0-D tensor, a cast of its element; to tensor<Nxindex>, the
  concatenation of each element as tensor<1xi32> (a constant for an `arith.constant` index).
* `arith.index_cast`: index -> iN is a cast to tensor<i32>, then a `convert` to tensor<iN> unless
  N = 32, then a cast to iN; iN -> index casts through tensor<iN>; on tensors, only
  tensor<..xindex> <-> tensor<..xi32> (casts).
* `arith.muli` on index or tensors of index: `multiply` on i32 (an `arith.constant` index operand
  becomes a stablehlo.constant).
* `stablehlo.dynamic_broadcast_in_dim` and `stablehlo.dynamic_reshape` whose shape operand is a
  tensor of index get it cast to i32.

Every op of the shape and tensor dialects (but tensor.cast), every arith.index_cast and arith.muli,
and every StableHLO op with an operand of index type must be rewritten: if one cannot be (a
`!shape.shape` value, dynamic extent tensors, a dimension that is not a constant, ...) the pass
fails at it, as upstream's partial conversion does ("failed to legalize operation ... that was
explicitly marked illegal"), and the function is left unchanged. Other ops (arith.constant, ...)
stay, unused ones included.

Index values are i32 here, as upstream chooses: sizes of 2**31 or more wrap.
"""

from __future__ import annotations

import mlir.ir as ir
import numpy as np

from ...dialects import stablehlo as hlo
from .._common import PassError, collect, guarded_pass

__all__ = ["SHAPE_LEGALIZE", "legalize_shape_to_stablehlo", "shape_to_stablehlo_pass"]

SHAPE_LEGALIZE = "shape-legalize-to-stablehlo"
_CAST = "builtin.unrealized_conversion_cast"


class _NoMatch(Exception):
    """The op cannot be rewritten (the reason is the message)."""


# ----------------------------------------------------------------- types

def _down(t):
    return t.maybe_downcast() if type(t) in (ir.Type, ir.ShapedType) else t


def _is_index(t) -> bool:
    return isinstance(_down(t), ir.IndexType)


def _shaped(t):
    t = _down(t)
    return t if isinstance(t, ir.ShapedType) else None


def _index_like(t) -> bool:
    """index, or a shaped type of index (upstream's isIndexOrShapedOfIndex)."""
    s = _shaped(t)
    return _is_index(t) or (s is not None and _is_index(s.element_type))


def _i32_shaped(t) -> bool:
    s = _shaped(t)
    return s is not None and _is_int(s.element_type, 32)


def _is_int(t, width) -> bool:
    t = _down(t)
    return isinstance(t, ir.IntegerType) and ir.IntegerType(t).width == width and ir.IntegerType(t).is_signless


def _i32(shape=()):
    return ir.RankedTensorType.get(list(shape), ir.IntegerType.get_signless(32))


def _static_ranked(t):
    t = _down(t)
    return t if isinstance(t, ir.RankedTensorType) and t.has_static_shape else None


def _i32_type_of(t):
    """The type casting `t` to i32 gives (upstream's castToI32), or None."""
    if _is_index(t):
        return _i32()
    s = _shaped(t)
    if s is None:
        return None
    r = _static_ranked(s)
    if r is None:
        return None
    if _is_int(r.element_type, 32):
        return r
    if _is_index(r.element_type):
        return _i32(r.shape)
    return None


def _index_type_of(t):
    """The type casting `t` to index gives (upstream's castToIndex), or None."""
    if _is_index(t):
        return t
    s = _shaped(t)
    if s is None:
        return None
    r = _static_ranked(s)
    if r is None:
        return None
    if _is_int(r.element_type, 32):
        return ir.IndexType.get() if r.rank == 0 else ir.RankedTensorType.get(r.shape, ir.IndexType.get())
    if _is_index(r.element_type):
        return r
    return None


def _cast(value, to):
    if value.type == to:
        return value
    return ir.Operation.create(_CAST, results=[to], operands=[value]).results[0]


def _to_i32(value):
    return _cast(value, _i32_type_of(value.type))


def _to_index(value):
    return _cast(value, _index_type_of(value.type))


def _constant(values, shape=(), element=None):
    element = element or ir.IntegerType.get_signless(32)
    t = ir.RankedTensorType.get(list(shape), element)
    dtype = np.bool_ if _is_int(element, 1) else np.int32
    array = np.broadcast_to(np.asarray(values, dtype=dtype), tuple(shape))
    if dtype is np.bool_:
        attr = ir.DenseElementsAttr.get_splat(t, ir.BoolAttr.get(bool(array.reshape(-1)[0])))
    else:
        attr = ir.DenseElementsAttr.get(np.ascontiguousarray(array), type=t)
    return hlo.constant(attr)


def _constant_index(value):
    """The integer of an `arith.constant` of type index defining `value`, else None."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != "arith.constant":
        return None
    if not _is_index(value.type):
        return None
    return ir.IntegerAttr(owner.attributes["value"]).value


def _int_attr(op, name):
    return ir.IntegerAttr(op.attributes[name]).value


# ----------------------------------------------------------------- rewrites
# Each takes the op and returns the values replacing its results, built at the current insertion
# point; `check` functions raise _NoMatch before anything is built.

def _one_d_static(t, what):
    r = _i32_type_of(t)
    if r is None or not isinstance(r, ir.RankedTensorType) or r.rank != 1:
        raise _NoMatch(f"{what} must be a 1-D static tensor of index or i32")
    return r


def _check_num_elements(op):
    _one_d_static(op.operands[0].type, "the shape")
    if not _is_index(op.results[0].type):
        raise _NoMatch("the result must be index")


def _num_elements(op):
    shape = _to_i32(op.operands[0])
    product = _constant(1)
    for i in range(ir.RankedTensorType(shape.type).shape[0]):
        size = hlo.reshape(_i32(), hlo.slice(shape, [i], [i + 1], [1]))
        product = hlo.multiply(product, size)
    return [_to_index(product)]


def _check_shape_of(op):
    t = _down(op.operands[0].type)
    if not isinstance(t, ir.RankedTensorType):
        raise _NoMatch("the operand must be a ranked tensor")
    if op.results[0].type != ir.RankedTensorType.get([t.rank], ir.IndexType.get()):
        raise _NoMatch(f"the result must be tensor<{t.rank}xindex>")


def _shape_of(op):
    x = op.operands[0]
    rank = ir.RankedTensorType(x.type).rank
    if rank == 0:
        return [_to_index(_constant([], (0,)))]
    sizes = [hlo.reshape(_i32([1]), hlo.get_dimension_size(x, i)) for i in range(rank)]
    return [_to_index(hlo.concatenate(sizes, 0))]


def _check_const_shape(op):
    t = _down(op.results[0].type)
    if not isinstance(t, ir.RankedTensorType) or not t.has_static_shape:
        raise _NoMatch("the result must be a static extent tensor")


def _const_shape(op):
    attr = ir.DenseIntElementsAttr(op.attributes["shape"])
    values = [np.int64(attr[i]).astype(np.int32) for i in range(len(attr))]
    n = ir.RankedTensorType(op.results[0].type).shape[0]
    t = _i32([n])
    return [_to_index(hlo.constant(ir.DenseElementsAttr.get(np.array(values, np.int32).reshape(n), type=t)))]


def _check_two_shapes(op):
    if len(op.operands) != 2:
        raise _NoMatch("only two shapes are supported")
    for v in op.operands:
        _one_d_static(v.type, "each shape")


def _padded_pair(op):
    a, b = _to_i32(op.operands[0]), _to_i32(op.operands[1])
    na, nb = ir.RankedTensorType(a.type).shape[0], ir.RankedTensorType(b.type).shape[0]
    if na < nb:
        a = hlo.concatenate([_constant(1, (nb - na,)), a], 0)
    elif na > nb:
        b = hlo.concatenate([_constant(1, (na - nb,)), b], 0)
    return a, b, max(na, nb)


def _check_broadcast(op):
    _check_two_shapes(op)
    n = max(ir.RankedTensorType(_i32_type_of(v.type)).shape[0] for v in op.operands)
    if op.results[0].type != ir.RankedTensorType.get([n], ir.IndexType.get()):
        raise _NoMatch(f"the result must be tensor<{n}xindex>")


def _broadcast(op):
    a, b, _ = _padded_pair(op)
    return [_to_index(hlo.maximum(a, b))]


def _cstr_broadcastable(op):
    a, b, rank = _padded_pair(op)
    eq = hlo.ComparisonDirectionAttr.get("EQ")
    ones = _constant(1, (rank,))
    either_one = hlo.or_(hlo.compare(a, ones, eq), hlo.compare(b, ones, eq))
    per_dim = hlo.or_(either_one, hlo.compare(a, b, eq))
    every = _constant(True, (1,), ir.IntegerType.get_signless(1))
    for i in range(rank):
        every = hlo.and_(every, hlo.slice(per_dim, [i], [i + 1], [1]))
    predicate = hlo.reshape(ir.RankedTensorType.get([], ir.IntegerType.get_signless(1)), every)
    ir.Operation.create("stablehlo.custom_call", results=[], operands=[predicate], attributes={
        "call_target_name": ir.StringAttr.get("shape_assertion"), "has_side_effect": ir.BoolAttr.get(True),
        "error_message": ir.StringAttr.get("Shape assertion failed")})
    witness = ir.Operation.create("shape.const_witness", results=[op.results[0].type],
                                  attributes={"passing": ir.BoolAttr.get(True)})
    return [witness.results[0]]


def _check_index_cast(op):
    source, target = op.operands[0].type, op.results[0].type
    if _is_index(source):
        return
    if _shaped(source) is None and _index_like(target):
        return
    if _index_like(source):
        if _i32_type_of(source) is None:
            raise _NoMatch("the operand must be static")
    elif not _i32_shaped(source):
        raise _NoMatch("expected an operand of index or i32 elements")
    if _index_like(target):
        if _static_ranked(target) is None:
            raise _NoMatch("the result must be static")
    elif not _i32_shaped(target):
        raise _NoMatch("expected a result of index or i32 elements")
    elif _static_ranked(target) is None:
        raise _NoMatch("the result must be static")


def _index_cast(op):
    value, target = op.operands[0], op.results[0].type
    if _is_index(value.type):
        value = _to_i32(value)
        if not _is_int(target, 32):
            value = hlo.convert(ir.RankedTensorType.get([], target), value)
        return [_cast(value, target)]
    if _shaped(value.type) is None and _index_like(target):
        return [_cast(_cast(value, ir.RankedTensorType.get([], value.type)), target)]
    if _index_like(value.type):
        value = _to_i32(value)
    if _index_like(target):
        value = _to_index(value)
    return [value]


def _check_muli(op):
    if not all(_index_like(v.type) for v in list(op.operands) + list(op.results)):
        raise _NoMatch("expected index types")
    for v in op.operands:
        if _constant_index(v) is None and _i32_type_of(v.type) is None:
            raise _NoMatch("the operands must be static")


def _i32_operand(value):
    constant = _constant_index(value)
    return _constant(np.int64(constant).astype(np.int32)) if constant is not None else _to_i32(value)


def _muli(op):
    lhs, rhs = _i32_operand(op.operands[0]), _i32_operand(op.operands[1])
    return [_to_index(hlo.multiply(lhs, rhs))]


def _check_cast_operands(op):
    for v in op.operands:
        if _index_like(v.type) and _i32_type_of(v.type) is None:
            raise _NoMatch("its operands of index type must be static")


def _cast_operands(op):
    operands = [_to_i32(v) if _index_like(v.type) else v for v in op.operands]
    attributes = {name: op.attributes[name] for name in op.attributes}
    new = ir.Operation.create(op.name, results=[r.type for r in op.results], operands=operands,
                              attributes=attributes)
    return list(new.results)


def _check_dim(op):
    index = _constant_index(op.operands[1])
    if index is None:
        raise _NoMatch("expected a constant index")
    t = _down(op.operands[0].type)
    if not isinstance(t, ir.RankedTensorType) or not 0 <= index < t.rank:
        raise _NoMatch(f"dimension {index} is not one of a ranked operand")


def _dim(op):
    return [_to_index(hlo.get_dimension_size(op.operands[0], _constant_index(op.operands[1])))]


def _check_extract(op):
    t = _down(op.operands[0].type)
    for k, v in enumerate(op.operands[1:]):
        index = _constant_index(v)
        if index is None:
            raise _NoMatch("expected constant indices")
        if ir.ShapedType.is_dynamic_size(t.shape[k]) or not 0 <= index < t.shape[k]:
            raise _NoMatch("index out of range")
    if _i32_type_of(t) is None:
        raise _NoMatch("expected a static tensor of index or i32")


def _extract(op):
    indices = [_constant_index(v) for v in op.operands[1:]]
    source = _to_i32(op.operands[0])
    part = hlo.slice(source, indices, [i + 1 for i in indices], [1] * len(indices))
    scalar = hlo.reshape(_i32(), part)
    if _is_index(op.results[0].type):
        return [_to_index(scalar)]
    return [ir.Operation.create(_CAST, results=[op.results[0].type], operands=[scalar]).results[0]]


def _check_from_elements(op):
    t = _down(op.results[0].type)
    if not isinstance(t, ir.RankedTensorType):
        raise _NoMatch("expected a ranked result")
    if t.rank == 0:
        return
    if t.rank != 1 or not _is_index(t.element_type):
        raise _NoMatch("only 0-D results and 1-D tensors of index are supported")


def _from_elements(op):
    t = ir.RankedTensorType(op.results[0].type)
    if t.rank == 0:
        return [ir.Operation.create(_CAST, results=[t], operands=[op.operands[0]]).results[0]]
    parts = []
    for v in op.operands:
        constant = _constant_index(v)
        if constant is not None:
            parts.append(_constant(np.int64(constant).astype(np.int32), (1,)))
        else:
            parts.append(hlo.reshape(_i32([1]), _to_i32(v)))
    return [_to_index(hlo.concatenate(parts, 0))]


def _never(reason):
    def check(op):
        raise _NoMatch(reason)

    return check


# op name -> (check, rewrite)
_REWRITES = {
    "shape.num_elements": (_check_num_elements, _num_elements),
    "shape.shape_of": (_check_shape_of, _shape_of),
    "shape.const_shape": (_check_const_shape, _const_shape),
    "shape.broadcast": (_check_broadcast, _broadcast),
    "tensor.dim": (_check_dim, _dim),
    "tensor.extract": (_check_extract, _extract),
    "tensor.from_elements": (_check_from_elements, _from_elements),
    "arith.index_cast": (_check_index_cast, _index_cast),
    "arith.muli": (_check_muli, _muli),
    "stablehlo.dynamic_broadcast_in_dim": (_check_cast_operands, _cast_operands),
    "stablehlo.dynamic_reshape": (_check_cast_operands, _cast_operands),
}
_CONSTRAINTS = {"shape.cstr_broadcastable": (_check_two_shapes, _cstr_broadcastable)}
_LEGAL_WITH_CONSTRAINTS = ("shape.const_witness", "shape.assuming", "shape.assuming_yield")


def _illegal(op, legalize_constraints) -> bool:
    name = op.name
    dialect = name.split(".", 1)[0]
    if dialect == "shape":
        return not (legalize_constraints and name in _LEGAL_WITH_CONSTRAINTS)
    if dialect == "tensor":
        return name != "tensor.cast"
    if name in ("arith.index_cast", "arith.muli"):
        return True
    if dialect == "stablehlo":
        return any(_index_like(v.type) for v in op.operands)
    return False


def _rule(op, legalize_constraints):
    rules = dict(_REWRITES, **_CONSTRAINTS) if legalize_constraints else _REWRITES
    if op.name in rules:
        return rules[op.name]
    if op.name in _CONSTRAINTS:
        return _never("constraints are legalized only with legalize_constraints (a C++ parameter upstream, "
                      "no pass option)"), None
    return _never("no rewrite of this op"), None


def legalize_shape_to_stablehlo(root, legalize_constraints: bool = False) -> None:
    """Rewrite the shape computations under `root` (a module or a function); PassError at the first
    op that must be rewritten and cannot be (nothing is changed then)."""
    with root.context, root.location:
        _legalize(root, legalize_constraints)


# ----------------------------------------------------------------- folding
# Upstream's conversion driver first tries to fold each op it must rewrite, keeping the fold only if
# what it produces is legal or legalizable: an existing value (x * 1, x * 0, extract of
# from_elements) or a constant shape (shape.const_shape, itself rewritten), never an arith.constant
# (whose legality the conversion does not know). Commutative ops (shape.broadcast, arith.muli,
# shape.cstr_broadcastable) get their constant operands moved last by that attempt.

_COMMUTATIVE = ("shape.broadcast", "arith.muli", "shape.cstr_broadcastable")
_CONSTANT_OPS = ("shape.const_shape", "arith.constant", "stablehlo.constant")


def _constant_of(value):
    """The integers of a constant defining `value` (a numpy array, 0-D for a scalar), else None."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name not in _CONSTANT_OPS:
        return None
    attr = owner.attributes["shape" if owner.name == "shape.const_shape" else "value"]
    if isinstance(attr, ir.IntegerAttr):
        return np.array(ir.IntegerAttr(attr).value, np.int64)
    if isinstance(attr, ir.DenseIntElementsAttr):
        elements = ir.DenseIntElementsAttr(attr)
        t = ir.ShapedType(elements.type)
        if elements.is_splat:
            return np.full(t.shape, ir.IntegerAttr(elements.get_splat_value()).value, np.int64)
        return np.array([elements[i] for i in range(len(elements))], np.int64).reshape(t.shape)
    return None


def _is_constant(value) -> bool:
    owner = value.owner
    return isinstance(owner, (ir.Operation, ir.OpView)) and owner.name in _CONSTANT_OPS


def _commuted(op) -> list:
    """The operand positions in their order after the fold attempt of a commutative op (constants
    last, stable)."""
    order = list(range(len(op.operands)))
    if op.name not in _COMMUTATIVE:
        return order
    constant = [_is_constant(v) for v in op.operands]
    return [i for i in order if not constant[i]] + [i for i in order if constant[i]]


def _broadcast_shapes(shapes):
    try:
        return list(np.broadcast_shapes(*(tuple(int(d) for d in s) for s in shapes)))
    except ValueError:
        return None


def _fold(op, operands, legalize_constraints):
    """What the fold of `op` (operands in `operands`' order) replaces it by: ("operand", i),
    ("element", from_elements op, k), ("shape", extents), ("witness",), or None."""
    name = op.name
    if name == "arith.muli":
        rhs = _constant_of(operands[1])
        if rhs is not None and rhs.size and np.all(rhs == rhs.reshape(-1)[0]) and rhs.reshape(-1)[0] in (0, 1):
            return ("operand", 1) if rhs.reshape(-1)[0] == 0 else ("operand", 0)
        return None
    if name == "tensor.extract":
        source = operands[0].owner
        indices = [_constant_of(v) for v in operands[1:]]
        if isinstance(source, (ir.Operation, ir.OpView)) and source.name == "tensor.from_elements" \
                and all(i is not None for i in indices):
            shape_ = ir.RankedTensorType(operands[0].type).shape
            flat = int(np.ravel_multi_index(tuple(int(i) for i in indices), shape_)) if shape_ else 0
            if all(0 <= int(i) < n for i, n in zip(indices, shape_)):
                return ("element", source.operation, flat)
        return None
    if name == "shape.broadcast":
        if len(operands) == 1:
            return ("operand", 0) if operands[0].type == op.results[0].type else None
        constants = [_constant_of(v) for v in operands]
        t = _down(op.results[0].type)
        if any(c is None for c in constants) or not isinstance(t, ir.RankedTensorType):
            return None
        extents = _broadcast_shapes(constants)
        if extents is None or t.shape != [len(extents)] or not _is_index(t.element_type):
            return None
        return ("shape", extents)
    if name == "shape.cstr_broadcastable" and legalize_constraints:
        constants = [_constant_of(v) for v in operands]
        if sum(1 for c in constants if c is None or c.size != 0) <= 1:
            return ("witness",)
        if all(c is not None for c in constants) and _broadcast_shapes(constants) is not None:
            return ("witness",)
    return None


def _apply_fold(op, fold):
    if fold[0] == "operand":
        return [op.operands[fold[1]]]
    if fold[0] == "element":
        return [fold[1].operands[fold[2]]]
    if fold[0] == "shape":
        t = _i32([len(fold[1])])
        values = np.array(fold[1], np.int64).astype(np.int32)
        return [_to_index(hlo.constant(ir.DenseElementsAttr.get(values, type=t)))]
    witness = ir.Operation.create("shape.const_witness", results=[op.results[0].type],
                                  attributes={"passing": ir.BoolAttr.get(True)})
    return [witness.results[0]]


def _legalize(root, legalize_constraints) -> None:
    ops = collect(root, lambda op: _illegal(op, legalize_constraints))
    plans = []
    for op in ops:  # decided on the IR as given (the driver sees the original operands)
        order = _commuted(op)
        fold = _fold(op, [op.operands[i] for i in order], legalize_constraints)
        if fold is None:
            check, _ = _rule(op, legalize_constraints)
            try:
                check(op)
            except _NoMatch as e:
                raise PassError(f"failed to legalize operation '{op.name}' that was explicitly marked illegal: "
                                f"{e}", op.location) from None
        plans.append((op, order, fold))
    for op, order, fold in plans:
        if order != sorted(order):
            current = list(op.operands)
            for i, j in enumerate(order):
                op.operands[i] = current[j]
        with ir.InsertionPoint(op), op.location:
            values = _apply_fold(op, fold) if fold is not None else _rule(op, legalize_constraints)[1](op)
        for old, new in zip(op.results, values):
            old.replace_all_uses_with(new)
    for op, _, _ in reversed(plans):  # erased at the end, as the conversion does
        op.erase()


def shape_to_stablehlo_pass(options=None, legalize_constraints: bool = False):
    """The pass body (no pass options, as upstream)."""
    return guarded_pass(SHAPE_LEGALIZE, lambda op: legalize_shape_to_stablehlo(op, legalize_constraints))
