"""Ops that create or rearrange tensors without arithmetic on their elements.

Kernels return numpy views where they can (reshape, transpose, slice,
broadcast); no kernel writes into an input or into a value it returned
before, so sharing memory between values is safe.
"""

from __future__ import annotations

import numpy as np

from .conversion import convert_values
from .errors import InterpreterError
from .registry import Kernel, register
from .windows import Padding


def _static_result(ctx, index: int = 0):
    spec = ctx.result_spec(index)
    if not spec.is_static:
        raise InterpreterError(f"result type {spec.text} has a dynamic shape")
    return spec


@register("stablehlo.constant")
def _constant(ctx):
    value = ctx.attrs.elements("value", _static_result(ctx))
    return lambda: value


@register("stablehlo.iota")
def _iota(ctx):
    spec = _static_result(ctx)
    dim = ctx.attrs["iota_dimension"]
    line = convert_values(np.arange(spec.shape[dim], dtype=np.int64), spec.element)
    shape = [1] * spec.rank
    shape[dim] = spec.shape[dim]
    value = np.broadcast_to(line.reshape(shape), spec.shape).copy()
    value.flags.writeable = False
    return lambda: value


@register("stablehlo.broadcast_in_dim")
def _broadcast_in_dim(ctx):
    operand, result = ctx.operand_spec(0), _static_result(ctx)
    dims = ctx.attrs["broadcast_dimensions"]
    if operand.shape == result.shape and list(dims) == list(range(operand.rank)):
        return lambda x: x
    order = sorted(range(len(dims)), key=lambda i: dims[i])
    perm = None if order == list(range(len(dims))) else tuple(order)
    target = result.shape

    def broadcast(x):
        if perm is not None:
            x = x.transpose(perm)
        expanded = [1] * len(target)
        for axis, size in zip(sorted(dims), x.shape):
            expanded[axis] = size
        return np.broadcast_to(x.reshape(expanded), target)

    return broadcast


@register("stablehlo.reshape")
def _reshape(ctx):
    operand, result = ctx.operand_spec(0), _static_result(ctx)
    if operand.shape == result.shape:
        return lambda x: x
    shape = result.shape
    return lambda x: x.reshape(shape)


@register("stablehlo.transpose")
def _transpose(ctx):
    perm = ctx.attrs["permutation"]
    if list(perm) == list(range(len(perm))):
        return lambda x: x
    return lambda x: x.transpose(perm)


@register("stablehlo.concatenate")
def _concatenate(ctx):
    axis = ctx.attrs["dimension"]
    return lambda *xs: np.concatenate(xs, axis=axis)


@register("stablehlo.slice")
def _slice(ctx):
    start = ctx.attrs["start_indices"]
    limit = ctx.attrs["limit_indices"]
    strides = ctx.attrs.get("strides", (1,) * len(start))
    index = tuple(slice(a, b, s) for a, b, s in zip(start, limit, strides))
    return lambda x: x[index]


@register("stablehlo.reverse")
def _reverse(ctx):
    dims = ctx.attrs["dimensions"]
    if not dims:
        return lambda x: x
    return lambda x: np.flip(x, axis=dims)


@register("stablehlo.pad")
def _pad(ctx):
    operand = ctx.operand_spec(0)
    _static_result(ctx)
    low = ctx.attrs["edge_padding_low"]
    high = ctx.attrs["edge_padding_high"]
    interior = ctx.attrs["interior_padding"]
    if not operand.is_static:
        raise InterpreterError(f"operand type {operand.text} has a dynamic shape")
    return Padding(operand.shape, list(zip(low, high)), [i + 1 for i in interior])  # kernel: (x, value)


@register("stablehlo.broadcast")
def _broadcast(ctx):
    sizes = ctx.attrs["broadcast_sizes"]
    return lambda x: np.broadcast_to(x, sizes + x.shape)  # XLA's Broadcast: new dimensions first


@register("stablehlo.get_dimension_size")
def _get_dimension_size(ctx):
    dim = ctx.attrs["dimension"]
    return lambda x: np.array(x.shape[dim], dtype=np.int32)  # the run-time size, for dynamic dimensions too


@register("stablehlo.tuple")
def _tuple(ctx):
    return lambda *values: values


@register("stablehlo.get_tuple_element")
def _get_tuple_element(ctx):
    index = ctx.attrs["index"]
    return lambda value: value[index]


@register("stablehlo.optimization_barrier")
def _optimization_barrier(ctx):
    # An identity: the interpreter runs ops in program order, so there is nothing to keep from moving.
    return Kernel(lambda *values: values)
