"""Ops of MLIR's own dialects that producers mix into StableHLO: torch-mlir writes small constants
as `arith.constant` and computes dynamic shapes with `tensor.dim`, `arith` on index scalars,
`tensor.from_elements` and the `shape` dialect (`shape_of`, `broadcast`, `cstr_broadcastable`
guarding a `shape.assuming` region).

Scalars (`index`, `i64`, `f32` outside a tensor) are 0-d arrays; a `!shape.witness` is a token.
The arith ops follow MLIR's arith semantics on 0-d arrays or tensors alike (integers wrap);
where arith leaves the result undefined (division by zero, signed overflow of a division) the
interpreter raises an error instead. A failed shape constraint is an error naming the shapes.
"""

from __future__ import annotations

import operator

import numpy as np

from ...core.errors import InterpreterError
from ...core.registry import PRECOMPUTED, Kernel, register
from ...core.types import TOKEN
from ...numerics.conversion import convert_values

# ---------------------------------------------------------------------------------------
# arith


@register("arith.constant", traits=(PRECOMPUTED,))
def _arith_constant(op):
    spec = op.result_specs[0]
    if spec.shape == () and not op.attrs.shape("value"):
        value = op.attrs["value"]  # an integer, index or float attribute
        array = np.array(value, dtype=spec.dtype) if not isinstance(value, bool) else np.array(value)
    else:
        if not spec.is_static:
            raise InterpreterError(f"arith.constant of dynamic type {spec.text}")
        array = op.attrs.elements("value", spec)
    return Kernel.single(lambda: array)


def _wrapping(fn):
    """An integer op on arrays of one dtype, wrapping as arith does."""

    def run(a, b):
        with np.errstate(over="ignore"):
            return np.asarray(fn(a, b)).astype(a.dtype, copy=False)

    return run


def _checked_division(fn, what):
    def run(a, b):
        if np.any(b == 0):
            raise InterpreterError(f"{what} by zero (undefined in arith)")
        return np.asarray(fn(a, b)).astype(a.dtype, copy=False)

    return run


# Without negating an operand (the most negative integer has no negation): fmod is C's
# remainder (the dividend's sign), so a - fmod(a, b) is an exact multiple of b.
def _trunc_rem(a, b):
    return np.fmod(a, b)


def _trunc_div(a, b):
    return (a - np.fmod(a, b)) // b


def _ceil_div(a, b):
    return a // b + (np.mod(a, b) != 0)


_BINARY = {
    "arith.addi": _wrapping(operator.add),
    "arith.subi": _wrapping(operator.sub),
    "arith.muli": _wrapping(operator.mul),
    "arith.andi": _wrapping(operator.and_),
    "arith.ori": _wrapping(operator.or_),
    "arith.xori": _wrapping(operator.xor),
    "arith.maxsi": _wrapping(np.maximum),
    "arith.minsi": _wrapping(np.minimum),
    "arith.divsi": _checked_division(_trunc_div, "arith.divsi"),
    "arith.remsi": _checked_division(_trunc_rem, "arith.remsi"),
    "arith.floordivsi": _checked_division(operator.floordiv, "arith.floordivsi"),
    "arith.ceildivsi": _checked_division(_ceil_div, "arith.ceildivsi"),
    "arith.addf": operator.add,
    "arith.subf": operator.sub,
    "arith.mulf": operator.mul,
    "arith.divf": operator.truediv,
}


@register(*_BINARY)
def _arith_binary(op):
    fn = _BINARY[op.name]
    dtype = op.result_specs[0].dtype

    def binary(a, b):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(fn(a, b), dtype=dtype)

    return Kernel.single(binary)


_PREDICATES = {0: operator.eq, 1: operator.ne, 2: operator.lt, 3: operator.le, 4: operator.gt, 5: operator.ge,
               6: operator.lt, 7: operator.le, 8: operator.gt, 9: operator.ge}  # slt..sge, ult..uge


@register("arith.cmpi")
def _arith_cmpi(op):
    predicate = op.attrs["predicate"]
    compare = _PREDICATES.get(predicate)
    if compare is None:
        raise InterpreterError(f"arith.cmpi predicate {predicate} is not one arith defines")
    unsigned = predicate >= 6

    def cmpi(a, b):
        if unsigned and a.dtype.kind == "i":
            a, b = a.view(a.dtype.str.replace("i", "u")), b.view(b.dtype.str.replace("i", "u"))
        return np.asarray(compare(a, b))

    return Kernel.single(cmpi)


@register("arith.select")
def _arith_select(op):
    return Kernel.single(lambda condition, a, b: np.asarray(np.where(condition, a, b), dtype=a.dtype))


@register("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci",
          "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf")
def _arith_cast(op):
    element = op.result_specs[0].element
    unsigned = op.name in ("arith.index_castui", "arith.extui", "arith.uitofp")

    def cast(x):
        if unsigned and x.dtype.kind == "i":
            x = x.view(x.dtype.str.replace("i", "u"))
        return np.asarray(convert_values(x, element))

    return Kernel.single(cast)


# ---------------------------------------------------------------------------------------
# tensor


def _index(value, limit: int, what: str) -> int:
    i = int(value)
    if not 0 <= i < limit:
        raise InterpreterError(f"{what} {i} is out of range [0, {limit})")
    return i


@register("tensor.dim")
def _tensor_dim(op):
    return Kernel.single(lambda x, d: np.int64(x.shape[_index(d, x.ndim, "tensor.dim: dimension")]))


@register("tensor.from_elements")
def _tensor_from_elements(op):
    spec = op.result_specs[0]
    return Kernel.single(lambda *items: np.array([np.asarray(i).item() for i in items],
                                                 dtype=spec.dtype).reshape(spec.shape))


@register("tensor.extract")
def _tensor_extract(op):
    def extract(x, *indices):
        at = tuple(_index(i, n, f"tensor.extract: index {k}") for k, (i, n) in enumerate(zip(indices, x.shape)))
        return np.asarray(x[at])

    return Kernel.single(extract)


# ---------------------------------------------------------------------------------------
# shape


@register("shape.shape_of")
def _shape_of(op):
    return Kernel.single(lambda x: np.array(x.shape, dtype=np.int64))


@register("shape.num_elements")
def _num_elements(op):
    return Kernel.single(lambda extents: np.int64(np.prod(extents, dtype=np.int64)))


@register("shape.const_shape", traits=(PRECOMPUTED,))
def _const_shape(op):
    value = np.array(op.attrs["shape"], dtype=np.int64)
    return Kernel.single(lambda: value)


def _broadcast(shapes) -> tuple:
    try:
        return np.broadcast_shapes(*(tuple(int(d) for d in s) for s in shapes))
    except ValueError:
        listed = " and ".join(str([int(d) for d in s]) for s in shapes)
        raise InterpreterError(f"the shapes {listed} do not broadcast") from None


@register("shape.broadcast")
def _shape_broadcast(op):
    return Kernel.single(lambda *shapes: np.array(_broadcast(shapes), dtype=np.int64))


@register("shape.cstr_broadcastable")
def _cstr_broadcastable(op):
    def check(*shapes):
        _broadcast(shapes)
        return TOKEN

    return Kernel.single(check)


@register("shape.const_witness", traits=(PRECOMPUTED,))
def _const_witness(op):
    if not op.attrs["passing"]:
        raise InterpreterError("shape.const_witness false: a shape constraint the program states does not hold")
    return Kernel.single(lambda: TOKEN)


@register("shape.assuming_all")
def _assuming_all(op):
    return Kernel.single(lambda *witnesses: TOKEN)


@register("shape.assuming")
def _assuming(op):
    """The body runs once its witness holds (a failed constraint has raised already)."""
    body = op.region(0)
    return Kernel(lambda witness, *extras: body.call([], extras))
