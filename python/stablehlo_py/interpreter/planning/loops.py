"""Loop planning: how a while loop runs its prepared body, decided once when it is prepared.

The plan asks through `core.plan.plan_loop` (the interpreter's API sets this module's
`plan_loop` as the planner); the while kernel runs what it is given (kernels/control_flow.py):
- carries the body updates in place (_in_place_updates: kernels with an `in_place` variant,
  e.g. dynamic_update_slice, when nothing else reads the carry);
- a counted loop (_counted_loop: `carry k < limit`, k counting up by one) compares its counter
  directly;
- the dots of the rows of a loop-invariant tensor that a counted loop reads one per iteration
  are computed in one matmul in its first iteration (_stack_row_dots);
- the body's loop-invariant steps run once per loop (_split_invariant; ops with the PURE trait).
"""

from __future__ import annotations

import math

from ..core.plan import LoopPlan
from ..core.registry import PURE, Kernel, has_trait

__all__ = ["plan_loop"]


def plan_loop(cond, body, count: int, limits) -> LoopPlan:
    """The LoopPlan of a while loop of `count` carries with prepared regions `cond` and `body`;
    rewrites `body`'s steps (in-place updates, row dots). `limits` bound the row dots' products."""
    owned = _in_place_updates(body.fn, count)
    counted = _counted_loop(cond.fn, body.fn, count)
    first = _stack_row_dots(body.fn, count, counted, limits)
    once, each = _split_invariant(body.fn, count, first)
    return LoopPlan(tuple(owned), counted, once, each)


def _loop_invariant(body, count: int, first=()) -> tuple:
    """(slots, steps) of a while `body` (`count` carries): the slots holding the same value in
    every iteration (carries it returns unchanged, captured values, constants, results of the
    steps) and the indices of the steps computing them: pure steps (the PURE trait) of invariant
    operands, and the steps `first`, which read the first iteration's carries (_stack_row_dots)."""
    invariant = {slot for slot, result in zip(body.input_slots[:count], body.result_slots) if slot == result}
    invariant.update(body.input_slots[count:])
    invariant.update(slot for slot, value in enumerate(body.preset) if value is not None)
    steps = []
    for index, ((_, ins, outs, _), op) in enumerate(zip(body.steps, body.ops)):
        if index in first or (has_trait(op.name, PURE) and all(slot in invariant for slot in ins)):
            invariant.update(outs)
            steps.append(index)
    return invariant, steps


def _split_invariant(body, count: int, first=()):
    """(once, each): the prepared while `body` (`count` carries) split into the steps whose
    operands are loop-invariant (carries it returns unchanged, captures, constants, results of
    such steps, and the first-iteration steps `first`) and the others; `once` returns the
    invariant values the others read, `each` takes them after the body's inputs. (None, body) if
    no step is invariant (_loop_invariant)."""
    _, moved = _loop_invariant(body, count, first)
    if not moved:
        return None, body
    kept = sorted(set(range(len(body.steps))) - set(moved))
    read = {slot for index in kept for slot in body.steps[index][1]} | set(body.result_slots)
    passed = [slot for index in moved for slot in body.steps[index][2] if slot in read]
    specs = {slot: spec for index in moved
             for slot, spec in zip(body.steps[index][2], body.ops[index].result_specs)}
    once = body.part(moved, body.input_slots, passed, [specs[slot] for slot in passed])
    each = body.part(kept, body.input_slots + tuple(passed), body.result_slots, body.result_specs)
    return once, each


# Row dots: a while loop counting a carry i up by one while i < N (a constant), whose body takes
# the dot of row i of a loop-invariant tensor X with a loop-invariant W,
#     dot_general(reshape(dynamic_slice(X, i, 0, ..., sizes = [1, rest...])), W)
# (lax.scan's `x_t @ W`), computes those dots for every row the loop will read in one matmul
# before its first iteration, and each iteration takes its row of the product: one BLAS call on
# n * m rows runs much faster than n calls on m rows (an RNN step of 16 rows: 31 us a call, 20 us
# per 16 rows of one 1024-row call) and saves a dynamic_slice, a reshape and a dot per
# iteration.  i runs from its initial value i0 to N - 1, so the loop reads rows clamp(i0) to
# clamp(N - 1) of X (dynamic_slice clamps its start); the product takes rows 0 to clamp(N - 1),
# a row count known without i0 (lax.scan starts at 0), so that the compiled loop, which
# computes it before the loop as one dot_general (LowerContractions.cpp, stackRowDots), sums
# the same rows and gets the same bits.  Only dots the dot_general kernel sums by BLAS anyway
# (its kernel has `stacked`), so the sums differ from per-iteration BLAS calls at most in the
# last bits (BLAS's kernel for the row count), as the spec allows.
STACKED_BYTES = 1 << 26  # a product larger than this and than 4x X's bytes stays per iteration


def _counted_loop(cond, body, count: int):
    """(k, limit) when the loop runs while carry k < limit (a constant) and the body adds one to
    carry k (signed integers, so it never wraps before reaching limit); else None."""
    if len(cond.steps) != 1:
        return None
    (_, ins, outs, _), op = cond.steps[0], cond.ops[0]
    if (op.name != "stablehlo.compare" or cond.result_slots != tuple(outs) or len(ins) != 2
            or op.attrs["comparison_direction"] != "LT" or op.attrs.get("compare_type") not in (None, "SIGNED")
            or cond.preset[ins[1]] is None or ins[0] not in cond.input_slots[:count]):
        return None
    k, limit = cond.input_slots.index(ins[0]), cond.preset[ins[1]]
    spec = body.arg_specs[k]
    if spec.rank != 0 or spec.element.category != "sint":
        return None
    carry = body.input_slots[k]
    for (_, ins, outs, _), op in zip(body.steps, body.ops):
        if tuple(outs) == (body.result_slots[k],):
            ones = [slot for slot in ins if slot != carry]
            if (op.name == "stablehlo.add" and len(ins) == 2 and len(ones) == 1
                    and body.preset[ones[0]] is not None and int(body.preset[ones[0]]) == 1):
                return k, int(limit)
            return None
    return None


def _stack_row_dots(body, count: int, counted: tuple | None, limits=None) -> tuple:
    """Rewrite the row dots of the while `body` (see above) of a counted loop (`counted`, from
    _counted_loop: carry k runs up to limit; None: nothing to do), and return the indices of the steps
    that compute their products, which run once, in the first iteration (for _split_invariant).
    A product is at most `limits`' max_value_bytes
    and a quarter of its max_total_bytes: the limits bound values of the program's types, and
    a product is a value the program does not have."""
    if counted is None:
        return ()
    cap = math.inf
    if limits is not None and limits.max_value_bytes is not None:
        cap = limits.max_value_bytes
    if limits is not None and limits.max_total_bytes is not None:
        cap = min(cap, limits.max_total_bytes // 4)
    k, limit = counted
    counter = body.input_slots[k]
    invariant, _ = _loop_invariant(body, count)
    made = {}  # slot -> (step index, op) of the step making it
    reads: dict = {}
    for index, ((_, ins, outs, _), op) in enumerate(zip(body.steps, body.ops)):
        for slot in outs:
            made[slot] = index, op
        for slot in ins:
            reads[slot] = reads.get(slot, 0) + 1
    for slot in body.result_slots:
        reads[slot] = reads.get(slot, 0) + 1
    rewrites = {}  # dot step index -> (X slot, W slot, its kernel's stacked)
    dropped = set()  # indices of steps no step reads any more
    for index, ((_, ins, outs, _), op) in enumerate(zip(body.steps, body.ops)):
        if op.name != "stablehlo.dot_general" or ins[1] not in invariant:
            continue
        stacked = op.kernel.stacked
        if stacked is None:
            continue
        reshape = made.get(ins[0])
        if reshape is None or reshape[1].name != "stablehlo.reshape":
            continue
        sliced = made.get(body.steps[reshape[0]][1][0])
        if sliced is None or sliced[1].name != "stablehlo.dynamic_slice":
            continue
        x_slot, start = body.steps[sliced[0]][1][:2]
        x = sliced[1].operand_specs[0]
        if x_slot not in invariant or start != counter or not x.is_static or x.rank == 0:
            continue
        rest = x.shape[1:]
        if tuple(sliced[1].attrs["slice_sizes"]) != (1, *rest) or reshape[1].result_specs[0].shape != rest:
            continue
        out = op.result_specs[0]
        x_bytes = math.prod(x.shape) * x.dtype.itemsize
        product_bytes = x.shape[0] * math.prod(out.shape) * out.dtype.itemsize
        if product_bytes > min(max(STACKED_BYTES, 4 * x_bytes), cap):
            continue
        rewrites[index] = x_slot, ins[1], stacked
        # the slice and reshape go too when only this dot read them
        if reads[ins[0]] == 1:
            dropped.add(reshape[0])
            if reads[body.steps[reshape[0]][1][0]] == 1:
                dropped.add(sliced[0])
    if not rewrites:
        return ()
    steps, ops, first = [], [], []
    for index, (step, op) in enumerate(zip(body.steps, body.ops)):
        if index in dropped:
            continue
        if index in rewrites:
            x_slot, w_slot, stacked = rewrites[index]
            product = body.new_slot()  # the product of rows 0 ...
            make, take = _row_dot_steps(stacked, limit)
            first.append(len(steps))
            steps.append((make.run, (x_slot, w_slot), (product,), make.one))
            ops.append(op)  # errors name the dot
            steps.append((take.run, (product, counter), step[2], take.one))
            ops.append(op)
            continue
        steps.append(step)
        ops.append(op)
    body.steps, body.ops = steps, ops
    return tuple(first)


def _row_dot_steps(stacked, limit: int):
    """(make, take), Kernels: make(x, w) computes the dots of w with rows 0 .. clamp(limit - 1)
    of x; take(made, i) returns the one of row clamp(i)."""
    def make(x, w):
        return stacked(x[:min(max(limit - 1, 0), x.shape[0] - 1) + 1], w)

    def take(product, i):
        return product[min(max(int(i), 0), len(product) - 1)]

    return Kernel.single(make), Kernel.single(take)


def _in_place_updates(body, count: int) -> list[int]:
    """Let steps of a while `body` that can update a carry in place (kernels with an `in_place`
    variant, e.g. dynamic_update_slice) do so, and return the positions of those carries.

    Safe when carry k reaches the step as its first operand and nothing else reads it, and the
    step's result is carry k's next value and nothing else reads that: then no other value
    can see the buffer change, once the loop has copied the carry's initial value."""
    reads: dict[int, int] = {}
    for _, ins, _, _ in body.steps:
        for slot in ins:
            reads[slot] = reads.get(slot, 0) + 1
    for slot in body.result_slots:
        reads[slot] = reads.get(slot, 0) + 1
    carries = {slot: k for k, slot in enumerate(body.input_slots[:count])}
    owned = []
    for index, ((_, ins, outs, _), op) in enumerate(zip(body.steps, body.ops)):
        in_place = op.kernel.in_place
        k = carries.get(ins[0]) if in_place is not None and ins else None
        if k is None or len(outs) != 1 or reads[ins[0]] != 1 or reads.get(outs[0]) != 1:
            continue
        if body.result_slots[k] != outs[0] or k in owned:
            continue
        body.steps[index] = (in_place, ins, outs, None)
        owned.append(k)
    return owned
