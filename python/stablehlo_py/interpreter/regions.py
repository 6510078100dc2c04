"""Ops with regions or callees: reduce, while, if, case, func.call, composite, custom_call.

reduce: a body that is one known op on its two block arguments maps to one
numpy `ufunc.reduce`; any other body runs through its prepared plan on whole
slices, combining adjacent pairs level by level (a balanced tree whose in-order
traversal is the elements in index order, as the spec allows), so the body
runs O(log n) times, never once per element.
"""

from __future__ import annotations

import math

import numpy as np

from . import attributes, checks, custom_calls
from .elementwise import _float_max, _float_min, convert_values
from .errors import InterpreterError
from .plan import MAX_CALL_DEPTH
from .registry import register
from .types import from_wide_int


def _results(values: list, count: int):
    """Kernel return convention: one value, None, or a list."""
    if count == 1:
        return values[0]
    return values if count else None


# ---------------------------------------------------------------------------
# reduce


def _single_op_body(block, arity: int):
    """The op name if the body is `return op(arg0, arg1)` (either order), else None."""
    if arity != 1:
        return None
    ops = [op.operation for op in block.operations]
    if len(ops) != 2:
        return None
    op, ret = ops
    args = list(block.arguments)
    operands = list(op.operands)
    if ret.name != "stablehlo.return" or len(ret.operands) != 1 or ret.operands[0] != op.results[0]:
        return None
    if len(operands) != 2 or {operands[0], operands[1]} != {args[0], args[1]} or operands[0] == operands[1]:
        return None
    return op.name


def _fast_reduce(name: str, info, axes: tuple):
    """`(x, init) -> reduced` with one numpy reduction, or None if not covered."""
    cat = info.category
    if cat == "bool":
        ufunc = {"stablehlo.add": np.logical_or, "stablehlo.or": np.logical_or, "stablehlo.maximum": np.logical_or,
                 "stablehlo.multiply": np.logical_and, "stablehlo.and": np.logical_and,
                 "stablehlo.minimum": np.logical_and, "stablehlo.xor": np.logical_xor}.get(name)
        if ufunc is None:
            return None
        return lambda x, init: ufunc(init, ufunc.reduce(x, axis=axes))
    if info.is_int:
        ufunc = {"stablehlo.add": np.add, "stablehlo.multiply": np.multiply, "stablehlo.maximum": np.maximum,
                 "stablehlo.minimum": np.minimum, "stablehlo.and": np.bitwise_and, "stablehlo.or": np.bitwise_or,
                 "stablehlo.xor": np.bitwise_xor}.get(name)
        if ufunc is None:
            return None
        wide = np.dtype(np.int64 if info.category == "sint" else np.uint64)

        def int_reduce(x, init):  # 64-bit accumulation wraps like the element type
            r = ufunc(init.astype(wide), ufunc.reduce(x.astype(wide), axis=axes))
            return from_wide_int(r, info)

        return int_reduce
    if cat in ("float", "complex"):
        if name in ("stablehlo.add", "stablehlo.multiply"):
            ufunc = np.add if name == "stablehlo.add" else np.multiply
            return lambda x, init: ufunc(init, ufunc.reduce(x, axis=axes))
        if cat == "float" and name in ("stablehlo.maximum", "stablehlo.minimum"):
            is_max = name == "stablehlo.maximum"
            ufunc, combine = (np.maximum, _float_max) if is_max else (np.minimum, _float_min)

            def minmax(x, init):
                r = ufunc.reduce(x, axis=axes)
                zero = r == 0
                if zero.any():  # order -0.0 below +0.0, as XLA does
                    signed = np.signbit(x) if is_max else ~np.signbit(x)
                    all_signed = np.logical_and.reduce(signed | (x != 0), axis=axes)
                    negative = all_signed if is_max else ~all_signed
                    r = np.where(zero, np.where(negative, -np.abs(r), np.abs(r)), r)
                return combine(init, r)

            return minmax
    return None


@register("stablehlo.reduce")
def _reduce(ctx):
    count = ctx.num_operands // 2
    specs = ctx.operand_specs
    shape = specs[0].shape
    axes = tuple(sorted(attributes.i64_list(ctx.op, "dimensions")))
    if not specs[0].is_static:
        raise InterpreterError(f"dynamic shape {specs[0].text} is not supported")
    if len(set(axes)) != len(axes) or any(not 0 <= a < len(shape) for a in axes):
        raise InterpreterError(f"invalid dimensions {list(axes)} for {specs[0].text}")
    body = ctx.region(0)
    if len(body.arg_specs) != 2 * count:
        raise InterpreterError(f"body takes {len(body.arg_specs)} arguments, expected {2 * count}")
    input_types = [s.element for s in body.arg_specs[:count]]
    init_types = [s.element for s in body.arg_specs[count:]]
    kept = [d for d in range(len(shape)) if d not in axes]
    kept_shape = tuple(shape[d] for d in kept)
    length = math.prod(shape[d] for d in axes)
    result_shapes = [s.shape for s in ctx.result_specs]

    def converted(values, types):
        return [v if v.dtype == t.dtype else convert_values(v, t) for v, t in zip(values, types)]

    if not axes:  # one element per result: the spec allows combining it with no init (XLA does so)
        def reduce_nothing(*vals):
            return _results(converted(vals[:count], input_types), count)

        return reduce_nothing

    if length == 0:
        def reduce_empty(*vals):
            inits = converted(vals[count:2 * count], init_types)
            return _results([np.full(s, i, dtype=i.dtype) for s, i in zip(result_shapes, inits)], count)

        return reduce_empty

    single = _single_op_body(ctx.op.regions[0].blocks[0], count)
    if single is not None and input_types[0].dtype == specs[0].dtype and body.start == body.stop:
        fast = _fast_reduce(single, input_types[0], axes)
        if fast is not None:
            return fast

    perm = tuple(kept) + axes

    def reduce_tree(*vals):
        extras = vals[2 * count:]
        xs = [np.transpose(x, perm).reshape(kept_shape + (length,))
              for x in converted(vals[:count], input_types)]
        size = length
        while size > 1:
            pairs = size // 2
            lhs = [x[..., 0:2 * pairs:2] for x in xs]
            rhs = [x[..., 1:2 * pairs:2] for x in xs]
            out = [np.broadcast_to(o, lhs[0].shape) for o in body.call(lhs + rhs, extras)]
            if size % 2:
                out = [np.concatenate([o, x[..., size - 1:]], axis=-1) for o, x in zip(out, xs)]
            xs = out
            size = pairs + size % 2
        inits = [np.broadcast_to(i, kept_shape) for i in converted(vals[count:2 * count], init_types)]
        final = body.call(inits + [x[..., 0] for x in xs], extras)
        return _results([np.broadcast_to(f, kept_shape) for f in final], count)

    return reduce_tree


# ---------------------------------------------------------------------------
# Control flow


@register("stablehlo.while")
def _while(ctx):
    count = ctx.num_operands
    cond, body = ctx.region(0), ctx.region(1)

    def run_while(*vals):
        state, extras = list(vals[:count]), vals[count:]
        while bool(cond.call(state, extras)[0]):
            state = body.call(state, extras)
        return _results(state, count)

    return run_while


@register("stablehlo.if")
def _if(ctx):
    branches = (ctx.region(0), ctx.region(1))
    count = len(ctx.op.results)

    def run_if(pred, *extras):
        return _results(branches[0 if bool(pred) else 1].call([], extras), count)

    return run_if


@register("stablehlo.case")
def _case(ctx):
    branches = [ctx.region(i) for i in range(len(ctx.op.regions))]
    count = len(ctx.op.results)
    last = len(branches) - 1

    def run_case(index, *extras):
        i = int(index)
        return _results(branches[i if 0 <= i <= last else last].call([], extras), count)

    return run_case


# ---------------------------------------------------------------------------
# Calls


@register("func.call")
def _call(ctx):
    return _function_call(ctx, attributes.symbol(ctx.op, "callee"))


@register("stablehlo.composite")
def _composite(ctx):
    # The spec defines a composite by its decomposition: run that function.
    return _function_call(ctx, attributes.symbol(ctx.op, "decomposition"))


def _function_call(ctx, name: str):
    callee = ctx.function(name)
    runtime = ctx.runtime
    count = len(ctx.op.results)

    def call(*args):
        if runtime.depth >= MAX_CALL_DEPTH:
            raise InterpreterError(f"call depth limit ({MAX_CALL_DEPTH}) exceeded calling @{name} "
                                   "(unbounded recursion?)")
        runtime.depth += 1
        try:
            return _results(callee.run(args), count)
        finally:
            runtime.depth -= 1

    return call


@register("stablehlo.custom_call")
def _custom_call(ctx):
    target = attributes.string(ctx.op, "call_target_name")
    kernel = checks.custom_call_check(ctx, target)
    return kernel if kernel is not None else custom_calls.user_target_kernel(ctx, target)
