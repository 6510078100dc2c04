"""Ops that create or rearrange tensors without arithmetic on their elements.

Kernels return numpy views where they can (reshape, transpose, slice,
broadcast); no kernel writes into an input or into a value it returned
before, so sharing memory between values is safe.

The dynamism ops (dynamic_broadcast_in_dim, dynamic_reshape, dynamic_pad,
real_dynamic_slice, dynamic_iota, set_dimension_size) are their static forms
with the attribute read from a shape operand at run time: each checks there
what the verifier could not, then runs the static form's helper.
"""

from __future__ import annotations

import math

import numpy as np

from ..numerics.conversion import convert_values
from ..core.errors import InterpreterError
from ..core.registry import Kernel, PRECOMPUTED, PURE, SIZES_FROM_VALUES, VIEW, register
from ..core.types import dimension_values
from ..numerics.windows import Padding, dilated_size


def _static_result(op, index: int = 0):
    spec = op.result_specs[index]
    if not spec.is_static:
        raise InterpreterError(f"result type {spec.text} has a dynamic shape")
    return spec


@register("stablehlo.constant", traits=(PRECOMPUTED,))
def _constant(op):
    value = op.attrs.elements("value", _static_result(op))
    return Kernel.single(lambda: value)


def _iota_value(shape: tuple, dim: int, element) -> np.ndarray:
    line = convert_values(np.arange(shape[dim], dtype=np.int64), element)
    expanded = [1] * len(shape)
    expanded[dim] = shape[dim]
    return np.broadcast_to(line.reshape(expanded), shape)


@register("stablehlo.iota", traits=(PRECOMPUTED, PURE,))
def _iota(op):
    spec = _static_result(op)
    value = _iota_value(spec.shape, op.attrs["iota_dimension"], spec.element).copy()
    value.flags.writeable = False
    return Kernel.single(lambda: value)


@register("stablehlo.dynamic_iota", traits=(SIZES_FROM_VALUES,))
def _dynamic_iota(op):
    element = op.result_specs[0].element
    dim = op.attrs["iota_dimension"]
    if element.category == "bool":  # a spec deviation (docs/decisions.md, "Accepting what upstream accepts")
        raise InterpreterError(f"result {op.result_specs[0].text} counts in booleans, which iota's result type "
                               "excludes; upstream StableHLO accepts it, XLA does not run it (no iota of PRED)")

    def dynamic_iota(output_shape):
        shape = dimension_values(output_shape)
        if any(n < 0 for n in shape):
            raise InterpreterError(f"output_shape {list(shape)} has a negative size")
        return _iota_value(shape, dim, element)

    return Kernel.single(dynamic_iota)


def _broadcaster(operand_shape: tuple, dims: tuple, target: tuple):
    """broadcast_in_dim of an operand of `operand_shape` to `target` (both static)."""
    if operand_shape == target and list(dims) == list(range(len(dims))):
        return lambda x: x
    order = sorted(range(len(dims)), key=lambda i: dims[i])
    perm = None if order == list(range(len(dims))) else tuple(order)
    expanded = [1] * len(target)
    for axis, size in zip(sorted(dims), (operand_shape[i] for i in order)):
        expanded[axis] = size
    expanded = tuple(expanded)
    if expanded == target:  # only unit dimensions added (and maybe a transpose): a reshape, no broadcast_to
        if perm is None:
            return lambda x: x.reshape(expanded)
        return lambda x: x.transpose(perm).reshape(expanded)

    def broadcast(x):
        if perm is not None:
            x = x.transpose(perm)
        return np.broadcast_to(x.reshape(expanded), target)

    return broadcast


@register("stablehlo.broadcast_in_dim", traits=(VIEW, PURE,))
def _broadcast_in_dim(op):
    operand, result = op.operand_specs[0], op.result_specs[0]
    dims = op.attrs["broadcast_dimensions"]
    target = list(result.shape)
    for i, d in enumerate(dims):  # a `?` result dimension takes the size of the operand's
        if target[d] is None:
            target[d] = operand.shape[i]
    if None in target:
        raise InterpreterError(f"result type {result.text} has a dynamic dimension that no operand dimension "
                               "gives a size (dynamic_broadcast_in_dim takes the sizes as an operand)")
    return Kernel.single(_broadcaster(operand.shape, dims, tuple(target)))


@register("stablehlo.dynamic_broadcast_in_dim", traits=(SIZES_FROM_VALUES,))
def _dynamic_broadcast_in_dim(op):
    operand = op.operand_specs[0]
    dims = op.attrs["broadcast_dimensions"]
    expanding = set(op.attrs.get("known_expanding_dimensions", ()))
    nonexpanding = set(op.attrs.get("known_nonexpanding_dimensions", ()))

    def dynamic_broadcast_in_dim(x, output_dimensions):
        target = dimension_values(output_dimensions)
        if any(n < 0 for n in target):
            raise InterpreterError(f"output_dimensions {list(target)} has a negative size")
        for i, d in enumerate(dims):
            size, want = x.shape[i], target[d]
            if size != 1 and size != want:
                raise InterpreterError(f"operand dimension {i} of size {size} cannot broadcast to size {want} "
                                       f"(result dimension {d} of output_dimensions {list(target)})")
            if i in nonexpanding and size != want:
                raise InterpreterError(f"operand dimension {i} is in known_nonexpanding_dimensions but expands "
                                       f"from {size} to {want}")
            if i in expanding and size != 1:
                raise InterpreterError(f"operand dimension {i} is in known_expanding_dimensions but has size {size}, "
                                       "not 1")
        return _broadcaster(operand.shape, dims, target)(x)

    return Kernel.single(dynamic_broadcast_in_dim)


@register("stablehlo.reshape", traits=(PURE,))
def _reshape(op):
    operand, result = op.operand_specs[0], op.result_specs[0]
    if operand.shape == result.shape:
        return Kernel.single(lambda x: x)
    # the verifier allows one `?` at most (reshape C2): numpy finds its size (or fails)
    shape = tuple(-1 if n is None else n for n in result.shape)
    return Kernel.single(lambda x: x.reshape(shape))


@register("stablehlo.dynamic_reshape", traits=(SIZES_FROM_VALUES,))
def _dynamic_reshape(op):
    def dynamic_reshape(x, output_shape):
        shape = dimension_values(output_shape)
        if any(n < 0 for n in shape) or math.prod(shape) != x.size:
            raise InterpreterError(f"output_shape {list(shape)} does not hold the {x.size} elements of the operand "
                                   f"of shape {x.shape}")
        return x.reshape(shape)

    return Kernel.single(dynamic_reshape)


@register("stablehlo.transpose", traits=(VIEW, PURE,))
def _transpose(op):
    perm = op.attrs["permutation"]
    if list(perm) == list(range(len(perm))):
        return Kernel.single(lambda x: x)
    return Kernel.single(lambda x: x.transpose(perm))


@register("stablehlo.concatenate", traits=(PURE,))
def _concatenate(op):
    axis = op.attrs["dimension"]
    return Kernel.single(lambda *xs: np.concatenate(xs, axis=axis))


@register("stablehlo.slice", traits=(VIEW, PURE,))
def _slice(op):
    start = op.attrs["start_indices"]
    limit = op.attrs["limit_indices"]
    strides = op.attrs.get("strides", (1,) * len(start))
    index = tuple(slice(a, b, s) for a, b, s in zip(start, limit, strides))
    return Kernel.single(lambda x: x[index])


@register("stablehlo.real_dynamic_slice", traits=(SIZES_FROM_VALUES,))
def _real_dynamic_slice(op):
    def real_dynamic_slice(x, start_indices, limit_indices, strides):
        start, limit, step = (dimension_values(v) for v in (start_indices, limit_indices, strides))
        for d, (a, b, s, n) in enumerate(zip(start, limit, step, x.shape)):
            if not 0 <= a <= b <= n or s <= 0:  # slice C3, C4, C5 at run time
                raise InterpreterError(f"dimension {d} of size {n}: needs 0 <= start ({a}) <= limit ({b}) <= {n} "
                                       f"and stride ({s}) > 0")
        return x[tuple(slice(a, b, s) for a, b, s in zip(start, limit, step))]

    return Kernel.single(real_dynamic_slice)


@register("stablehlo.set_dimension_size", traits=(SIZES_FROM_VALUES,))
def _set_dimension_size(op):
    # The value keeps the first `size` elements along `dim` (docs/decisions.md, set_dimension_size).
    dim = op.attrs["dimension"]

    def set_dimension_size(x, size):
        size = int(size)
        if not 0 <= size <= x.shape[dim]:
            raise InterpreterError(f"size {size} is not within [0, {x.shape[dim]}], the operand's size in "
                                   f"dimension {dim}")
        return x[(slice(None),) * dim + (slice(0, size),)]

    return Kernel.single(set_dimension_size)


@register("stablehlo.reverse", traits=(VIEW,))
def _reverse(op):
    dims = op.attrs["dimensions"]
    if not dims:
        return Kernel.single(lambda x: x)
    return Kernel.single(lambda x: np.flip(x, axis=dims))


@register("stablehlo.pad", traits=(PURE,))
def _pad(op):
    low = op.attrs["edge_padding_low"]
    high = op.attrs["edge_padding_high"]
    interior = op.attrs["interior_padding"]
    # kernel: (x, value)
    return Kernel.single(Padding(op.operand_specs[0].shape, list(zip(low, high)), [i + 1 for i in interior]))


@register("stablehlo.dynamic_pad", traits=(SIZES_FROM_VALUES,))
def _dynamic_pad(op):
    def dynamic_pad(x, value, edge_padding_low, edge_padding_high, interior_padding):
        low, high, interior = (dimension_values(v) for v in (edge_padding_low, edge_padding_high, interior_padding))
        if any(i < 0 for i in interior) or any(  # pad C4, C5 at run time
                dilated_size(n, i + 1) + lo + hi < 0 for n, lo, hi, i in zip(x.shape, low, high, interior)):
            raise InterpreterError(f"paddings low {list(low)}, high {list(high)}, interior {list(interior)} of an "
                                   f"operand of shape {x.shape}: interior padding must be >= 0 and every result "
                                   "size too")
        return Padding(x.shape, list(zip(low, high)), [i + 1 for i in interior])(x, value)

    return Kernel.single(dynamic_pad)


@register("stablehlo.broadcast", traits=(VIEW,))
def _broadcast(op):
    sizes = op.attrs["broadcast_sizes"]
    return Kernel.single(lambda x: np.broadcast_to(x, sizes + x.shape))  # XLA's Broadcast: new dimensions first


@register("stablehlo.get_dimension_size")
def _get_dimension_size(op):
    dim = op.attrs["dimension"]
    # the run-time size, for dynamic dimensions too
    return Kernel.single(lambda x: np.array(x.shape[dim], dtype=np.int32))


@register("stablehlo.tuple", traits=(VIEW,))
def _tuple(op):
    return Kernel.single(lambda *values: values)


@register("stablehlo.get_tuple_element", traits=(VIEW,))
def _get_tuple_element(op):
    index = op.attrs["index"]
    return Kernel.single(lambda value: value[index])


@register("stablehlo.optimization_barrier", traits=(VIEW,))
def _optimization_barrier(op):
    # An identity: the interpreter runs ops in program order, so there is nothing to keep from moving.
    return Kernel(lambda *values: values)
