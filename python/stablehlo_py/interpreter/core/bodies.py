"""Region bodies recognised at prepare time from their prepared `Function`s (plan.py), so a
kernel can replace a call of the body by one numpy operation. The analyses read the plan (steps,
slots and each step's DecodedOp), never the IR."""

from __future__ import annotations

__all__ = ["sole_op", "single_op_body", "replace_body", "arguments_used"]


def sole_op(fn):
    """(DecodedOp, input slots) of the one op of a body `return op(...)` (constants aside), else None.
    A quantized op is never one: it computes between dequantize and quantize, not on the storage
    integers a kernel would hand it."""
    if len(fn.steps) != 1 or fn.ops[0].quantized:
        return None
    _, ins, outs, _ = fn.steps[0]
    if len(outs) != 1 or fn.result_slots != outs:
        return None
    return fn.ops[0], ins


def single_op_body(fn, arity: int):
    """The op name if the body is `return op(arg0, arg1)` (either order), else None."""
    sole = sole_op(fn) if arity == 1 else None
    if sole is None:
        return None
    op, ins = sole
    args = fn.input_slots[:2]
    return op.name if len(ins) == 2 and set(ins) == set(args) and ins[0] != ins[1] else None


def replace_body(fn, count: int) -> bool:
    """Whether the body just returns the updates (its arguments count..2*count-1)."""
    return not fn.steps and fn.result_slots == fn.input_slots[count:2 * count]


def arguments_used(fn, slot: int, limit: int = 10_000):
    """Indices of the block arguments of `fn` that the value in `slot` is computed from
    (captured values and constants count as constants), or None when an op with regions is
    involved or the walk passes `limit` values."""
    producer = {}
    for index, (_, _, outs, _) in enumerate(fn.steps):
        for out in outs:
            producer[out] = index
    arguments = {s: i for i, s in enumerate(fn.input_slots[:len(fn.arg_specs)])}
    used, stack, seen = set(), [slot], set()
    while stack:
        s = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        if len(seen) > limit:
            return None
        if s in arguments:
            used.add(arguments[s])
            continue
        index = producer.get(s)
        if index is None:
            continue  # a constant or a captured value
        op = fn.ops[index]
        if op.num_regions:
            return None
        stack.extend(fn.steps[index][1])
    return used
