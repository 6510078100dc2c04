"""Ops with regions or callees: reduce, while, if, case, func.call, composite, custom_call,
sort, map, reduce_window, select_and_scatter.

reduce: a body that is one known op on its two block arguments maps to one
numpy `ufunc.reduce` (float sums and products: one op per reduced index, in
XLA's order, see IN_ORDER_LENGTH); any other body runs through its prepared
plan on whole slices, combining adjacent pairs level by level (a balanced tree whose in-order
traversal is the elements in index order, as the spec allows), so the body
runs O(log n) times, never once per element.

reduce_window with a one-op body folds one window position at a time (see DIRECT_WINDOW), or,
from a program's second call, runs the same fold as one native loop (window_loop.py).
while runs the steps of its body that only read loop-invariant values once per loop (see
_split_invariant); counted loops compare their counter directly and compute the dots of the
rows of a loop-invariant tensor they read in one matmul (see _stack_row_dots).
"""

from __future__ import annotations

import math

import numpy as np

from . import window_loop
from .bodies import arguments_used, single_op_body, sole_op
from .combiners import body_ufunc, float_max, float_min, total_order_key
from .conversion import convert_values
from .errors import InterpreterError
from .limits import MAX_CALL_DEPTH
from .registry import Kernel, register
from .scalar import compile_while
from .types import bits_view, complex_product, from_wide_int, wide_int_dtype
from .windows import Padding, window_count, window_view


# ---------------------------------------------------------------------------
# reduce


# Float and complex sums and products run in index order, init first, where
# that is XLA's order: reduce_window (its loop emitter walks the window in
# order; scans are blocked, see _blocked_scan), and reduce over at most
# IN_ORDER_LENGTH elements (XLA vectorises longer rows; over several
# dimensions its order varies, lexicographic is the spec's and upstream's
# reference interpreter's). One numpy op per reduced index, over all outputs
# at once.
IN_ORDER_LENGTH = 32

# Longer f32 and f64 sums over trailing (or leading) dimensions of a contiguous operand are
# one BLAS matrix-vector product by a vector of ones: 512x1024 f32 rows in 28 us against
# numpy's pairwise reduce's 90 us. BLAS adds in its own vectorised order, as XLA does; the
# spec leaves the order to the implementation. From BLAS_SUM_ELEMENTS up.
BLAS_SUM_ELEMENTS = 1 << 14


def _reduce_in_order(ufunc, axes: tuple):
    def reduce_in_order(x, init):
        r = init
        index = [slice(None)] * x.ndim
        for position in np.ndindex(*(x.shape[a] for a in axes)):
            for a, i in zip(axes, position):
                index[a] = i
            r = ufunc(r, x[tuple(index)])
        if r is init:  # an empty window
            return np.full(tuple(n for d, n in enumerate(x.shape) if d not in axes), init)
        return r

    return reduce_in_order


def _fast_reduce(name: str, info, axes: tuple, in_order: bool = False):
    """`(x, init) -> reduced` with one numpy reduction (float and complex add and
    multiply: in index order if `in_order`), or None if not covered."""
    cat, ufunc = info.category, body_ufunc(name, info)
    if cat == "bool":
        if ufunc is None:
            return None
        return lambda x, init: ufunc(init, ufunc.reduce(x, axis=axes))
    if info.is_int:
        if ufunc is None:
            return None
        wide = np.dtype(np.int64 if info.category == "sint" else np.uint64)

        def int_reduce(x, init):  # 64-bit accumulation wraps like the element type
            if info.is_subbyte:
                x = x.astype(wide)
            # accumulating in `wide` needs no widened copy of x (x may be a window view)
            r = ufunc(init.astype(wide), ufunc.reduce(x, axis=axes, dtype=wide))
            return from_wide_int(r, info)

        return int_reduce
    if cat in ("float", "complex"):
        if ufunc is not None:  # add, multiply
            if in_order:
                return _reduce_in_order(complex_product if cat == "complex" and ufunc is np.multiply else ufunc,
                                        axes)
            if ufunc is np.add:
                return lambda x, init: _plus_init(ufunc.reduce(x, axis=axes), x, init, axes)
            return lambda x, init: ufunc(init, ufunc.reduce(x, axis=axes))
        if cat == "float" and name in ("stablehlo.maximum", "stablehlo.minimum"):
            is_max = name == "stablehlo.maximum"
            ufunc, combine = (np.maximum, float_max) if is_max else (np.minimum, float_min)

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
    axes = tuple(sorted(ctx.attrs["dimensions"]))
    body = ctx.region(0)
    input_types = [s.element for s in body.arg_specs[:count]]
    init_types = [s.element for s in body.arg_specs[count:]]
    kept = [d for d in range(len(shape)) if d not in axes]
    kept_shape = tuple(shape[d] for d in kept)
    length = math.prod(shape[d] for d in axes)

    if not axes:  # one element per result: the spec allows combining it with no init (XLA does so)
        def reduce_nothing(*vals):
            return _converted(vals[:count], input_types)

        return Kernel(reduce_nothing)

    if length == 0:
        def reduce_empty(*vals):
            inits = _converted(vals[count:2 * count], init_types)
            return [np.full(kept_shape, i, dtype=i.dtype) for i in inits]

        return Kernel(reduce_empty)

    single = single_op_body(body.fn, count)
    if single is not None and input_types[0].dtype == specs[0].dtype and body.start == body.stop:
        fast = _fast_reduce(single, input_types[0], axes, in_order=length <= IN_ORDER_LENGTH)
        if fast is not None and single == "stablehlo.add" and length > IN_ORDER_LENGTH:
            fast = _blas_sum(fast, input_types[0].dtype, shape, axes) or fast
        if fast is not None:
            return fast

    perm = tuple(kept) + axes

    def reduce_tree(*vals):
        extras = vals[2 * count:]
        xs = [np.transpose(x, perm).reshape(kept_shape + (length,))
              for x in _converted(vals[:count], input_types)]
        inits = _converted(vals[count:2 * count], init_types)
        return _tree_reduce(body, xs, inits, extras)

    return Kernel(reduce_tree)


def _plus_init(total, x, init, axes):
    """init + total, where `total` sums the float or complex x over `axes` starting from +0.0
    (numpy's add.reduce, BLAS): the spec's sum in any order is -0.0 where init and every
    element are -0.0 (a rounded sum is -0.0 only if both addends are), which a sum started
    from +0.0 loses; put back part by part, as XLA has it."""
    result = np.add(init, total)
    if x.dtype.kind != "c":
        return _negative_zeros(result, x, init, axes)
    out = np.array(result)
    out.real = _negative_zeros(out.real, x.real, init.real, axes)
    out.imag = _negative_zeros(out.imag, x.imag, init.imag, axes)
    return out


def _negative_zeros(result, x, init, axes):
    if init != 0 or not np.signbit(init) or not np.any(result == 0):  # the result is right
        return result
    all_negative_zeros = np.logical_and.reduce((x == 0) & np.signbit(x), axis=axes)
    return np.where(all_negative_zeros, -np.zeros((), result.dtype), result)


def _blas_sum(fallback, dtype: np.dtype, shape: tuple, axes: tuple):
    """`(x, init) -> sum` as x's rows (or columns) times a vector of ones, when the reduced
    dims trail (or lead) the static `shape` of an f32 or f64 operand of at least
    BLAS_SUM_ELEMENTS elements; `fallback` runs for operands that are not contiguous. None if
    the reduce does not qualify."""
    if dtype not in (np.float32, np.float64) or any(n is None for n in shape) \
            or math.prod(shape) < BLAS_SUM_ELEMENTS:
        return None
    rank, length = len(shape), math.prod(shape[d] for d in axes)
    if axes == tuple(range(rank - len(axes), rank)):
        def product(x, ones):
            return x.reshape(-1, length) @ ones
    elif axes == tuple(range(len(axes))):
        def product(x, ones):
            return ones @ x.reshape(length, -1)
    else:
        return None
    ones = np.ones(length, dtype)
    kept = tuple(n for d, n in enumerate(shape) if d not in axes)

    def blas_sum(x, init):
        if not x.flags.c_contiguous:
            return fallback(x, init)
        return _plus_init(product(x, ones).reshape(kept), x, init, axes)

    return blas_sum


def _converted(values, types):
    """`values` converted to the element types `types` (body argument types may promote)."""
    return [v if v.dtype == t.dtype else convert_values(v, t) for v, t in zip(values, types)]


def _tree_reduce(body, xs, inits, extras) -> list:
    """Reduce the last axis of each of `xs` (same shape, length >= 1) with `body`, then
    combine with the 0-d `inits`: adjacent pairs level by level, O(log n) body calls."""
    shape = xs[0].shape[:-1]
    size = xs[0].shape[-1]
    while size > 1:
        pairs = size // 2
        lhs = [x[..., 0:2 * pairs:2] for x in xs]
        rhs = [x[..., 1:2 * pairs:2] for x in xs]
        out = [np.broadcast_to(o, lhs[0].shape) for o in body.call(lhs + rhs, extras)]
        if size % 2:
            out = [np.concatenate([o, x[..., size - 1:]], axis=-1) for o, x in zip(out, xs)]
        xs = out
        size = pairs + size % 2
    inits = [np.broadcast_to(i, shape) for i in inits]
    final = body.call(inits + [x[..., 0] for x in xs], extras)
    return [np.broadcast_to(f, shape) for f in final]


# ---------------------------------------------------------------------------
# Control flow


@register("stablehlo.while")
def _while(ctx):
    count = ctx.num_operands
    cond, body = ctx.region(0), ctx.region(1)
    runtime = ctx.runtime  # limits: iterations and time, checked per iteration only when set
    scalar_while = compile_while(cond, body, count, body.stop, runtime)
    if scalar_while is not None:  # every value is rank-0: one generated loop over numpy scalars
        return Kernel(scalar_while)

    owned = _in_place_updates(body.fn, count)
    loose = _loose_results(body.arg_specs, [body])
    counted = _counted_loop(cond.fn, body.fn, count)
    _stack_row_dots(body.fn, count, counted, runtime.limits)
    once, each = _split_invariant(body.fn, count)
    if counted is not None:  # the condition is `carry k < limit`: compared here, not by cond's plan
        counter, limit = counted

        def going(state, extras):
            return int(state[counter]) < limit
    else:
        def going(state, extras):
            return bool(cond.call(state, extras)[0])

    def run_while(*vals):
        state, extras = list(vals[:count]), vals[count:]
        for k in owned:  # the body updates these carries in place: give it its own copies
            state[k] = np.array(state[k])
        captured = list(extras[body.start:body.stop])
        invariant = None
        iterations = 0
        while going(state, extras):
            if runtime.checks_loops:
                iterations += 1
                runtime.check_loop(iterations)
            if invariant is None:  # after the first true condition: the body runs at least once
                invariant = once.run(state + captured) if once is not None else []
            state = each.run(state + captured + invariant)
            if loose:
                _check_loose(state, loose, "the body returned carry")
        return state

    return Kernel(run_while)


# Ops whose steps in a while body run once per loop instead of once per iteration when all
# their operands are loop-invariant: functions of their operands alone (no state, effects,
# regions or meetings with other processes), so every iteration would compute the same value.
_HOISTABLE = frozenset("stablehlo." + name for name in (
    "broadcast_in_dim", "reshape", "transpose", "convert", "slice", "concatenate", "pad", "iota", "add",
    "subtract", "multiply", "divide", "negate", "abs", "maximum", "minimum", "exponential", "log", "tanh",
    "sqrt", "rsqrt", "compare", "select", "dot_general"))


def _loop_invariant(body, count: int) -> tuple:
    """(slots, steps) of a while `body` (`count` carries): the slots holding the same value in
    every iteration (carries it returns unchanged, captured values, constants, results of the
    steps) and the indices of the steps computing them: pure steps (_HOISTABLE) of invariant
    operands, and steps whose function is marked `first_iteration`, which read the first
    iteration's carries (_stack_row_dots)."""
    invariant = {slot for slot, result in zip(body.input_slots[:count], body.result_slots) if slot == result}
    invariant.update(body.input_slots[count:])
    invariant.update(slot for slot, value in enumerate(body.preset) if value is not None)
    steps = []
    for index, ((_, ins, outs, one), op) in enumerate(zip(body.steps, body.ops)):
        if getattr(one, "first_iteration", False) or (op.name in _HOISTABLE and all(slot in invariant for slot in ins)):
            invariant.update(outs)
            steps.append(index)
    return invariant, steps


def _split_invariant(body, count: int):
    """(once, each): the prepared while `body` (`count` carries) split into the steps whose
    operands are loop-invariant (carries it returns unchanged, captures, constants, results of
    such steps) and the others; `once` returns the invariant values the others read, `each`
    takes them after the body's inputs. (None, body) if no step is invariant (_loop_invariant)."""
    _, moved = _loop_invariant(body, count)
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
# iteration.  The rows are known once the first condition held: i runs from its initial value
# i0 to N - 1, so the loop reads rows clamp(i0) to clamp(N - 1) of X (dynamic_slice clamps its
# start), no more rows than it has iterations.  Only dots the dot_general kernel sums by BLAS
# anyway (its kernel has `stacked`), so the sums differ from per-iteration BLAS calls at most
# in the last bits (BLAS's blocking for the row count), as the spec allows.
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
    that compute their products, which run once, in the first iteration (marked
    `first_iteration` for _split_invariant). A product is at most `limits`' max_value_bytes
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
        stacked = getattr(op.kernel.one, "stacked", None)
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
            product = body.nslots  # a new slot: (first row, the product of rows first...)
            body.nslots += 1
            body.preset = [*body.preset, None]
            make, take = _row_dot_steps(stacked, limit)
            first.append(len(steps))
            steps.append((make.run, (x_slot, w_slot, counter), (product,), make))
            ops.append(op)  # errors name the dot
            steps.append((take.run, (product, counter), step[2], take))
            ops.append(op)
            continue
        steps.append(step)
        ops.append(op)
    body.steps, body.ops = steps, ops
    return tuple(first)


def _row_dot_steps(stacked, limit: int):
    """(make, take): make(x, w, i0) computes the dots of w with rows clamp(i0) .. clamp(limit - 1)
    of x; take(made, i) returns the one of row clamp(i)."""
    def make(x, w, i0):
        last = x.shape[0] - 1
        first = min(max(int(i0), 0), last)
        return first, stacked(x[first:min(max(limit - 1, 0), last) + 1], w)

    def take(made, i):
        first, product = made
        return product[min(max(int(i), 0), len(product) + first - 1) - first]

    make.first_iteration = True
    make.run = lambda x, w, i0: (make(x, w, i0),)  # the steps' `run` (Kernel.single's)
    take.run = lambda made, i: (take(made, i),)
    return make, take


def _loose_results(specs, regions) -> list:
    """(k, spec) of each value k that a region returns as a `?` type where the op's type `spec` is
    more static (the types need only be compatible): its run-time shape must be checked. (Such
    values are tensors: tokens' types are all equal, and these ops carry no tuples.)"""
    loose = {k: spec for region in regions for k, (spec, returned) in enumerate(zip(specs, region.fn.result_specs))
             if spec != returned}
    return sorted(loose.items())


def _check_loose(values, loose, what: str) -> None:
    for k, spec in loose:
        if not spec.matches_shape(values[k].shape):
            raise InterpreterError(f"{what} {k} of run-time shape {values[k].shape}, which does not fit the op's type "
                                   f"{spec.text}")


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


@register("stablehlo.if")
def _if(ctx):
    branches = (ctx.region(0), ctx.region(1))
    loose = _loose_results(ctx.result_specs, branches)

    def run_if(pred, *extras):
        out = branches[0 if bool(pred) else 1].call([], extras)
        if loose:
            _check_loose(out, loose, "the branch returned result")
        return out

    return Kernel(run_if, branches=branches)  # scalar loops (scalar.py) inline the branches


@register("stablehlo.case")
def _case(ctx):
    branches = [ctx.region(i) for i in range(ctx.num_regions)]
    last = len(branches) - 1
    loose = _loose_results(ctx.result_specs, branches)

    def run_case(index, *extras):
        i = int(index)
        out = branches[i if 0 <= i <= last else last].call([], extras)
        if loose:
            _check_loose(out, loose, "the branch returned result")
        return out

    return Kernel(run_case, branches=branches)  # scalar loops (scalar.py) inline the branches


# ---------------------------------------------------------------------------
# Calls


@register("func.call")
def _call(ctx):
    return _function_call(ctx, ctx.attrs["callee"])


@register("stablehlo.composite")
def _composite(ctx):
    # The spec defines a composite by its decomposition: run that function.
    return _function_call(ctx, ctx.attrs["decomposition"])


def _function_call(ctx, name: str):
    callee = ctx.function(name)
    runtime = ctx.runtime

    def call(*args):
        if runtime.depth >= MAX_CALL_DEPTH:
            raise InterpreterError(f"call depth limit ({MAX_CALL_DEPTH}) exceeded calling @{name} "
                                   "(unbounded recursion?)")
        runtime.depth += 1
        try:
            return callee.run(args)
        finally:
            runtime.depth -= 1

    return Kernel(call)


# ---------------------------------------------------------------------------
# sort
#
# A comparator `compare LT/GT (f(lhs_k), g(rhs_k))` whose sides read one input
# each (a plain compare, or JAX's NaN/-0 canonicalisation before a TOTALORDER
# compare) orders by the sort key f(x): both sides are evaluated once on the
# whole input and, where they agree, one stable argsort sorts. Any other comparator runs
# a bottom-up merge sort whose merges place each element of a left run by a
# binary search over the right run; every search step evaluates the
# comparator once on whole arrays (all rows, all runs), so a sort of n
# elements takes O(log^2 n) comparator calls. The merge is stable, which is a
# valid result for is_stable = false too.


def _compare_key(info, compare_type: str | None):
    """Sort key for `compare` with `compare_type` on elements `info` (numpy order = the
    compare's order), whether NaN makes it partial, or None when there is none (complex; quantized
    values, which a quantized compare orders by their dequantized values)."""
    if info.category == "bool":
        return (lambda x: x), False
    if info.category == "quant":
        return None
    if info.is_subbyte:
        return (lambda x: x.astype(wide_int_dtype(info))), False
    if info.is_int:  # SIGNED/UNSIGNED match the type's signedness (compare C3, verified)
        return (lambda x: x), False
    if info.category == "float":
        if compare_type == "TOTALORDER":
            return total_order_key, False
        if info.dtype.itemsize < 4:  # exact, and numpy sorts it natively
            return (lambda x: x.astype(np.float32)), True
        return (lambda x: x), True
    return None


def _keyed_compare(comparator):
    """(descending, compare's DecodedOp, lhs key slot, rhs key slot) if the prepared `comparator`
    returns `compare(f(lhs_k), g(rhs_k))` with LT or GT (sides in either order), f reading lhs_k
    only and g rhs_k only, else None. Sorting by the key f(x) is then exact wherever f and g
    agree on the data (checked when it runs)."""
    fn = comparator.fn
    if len(fn.result_slots) != 1:
        return None
    index = next((i for i, (_, _, outs, _) in enumerate(fn.steps) if outs == fn.result_slots), None)
    if index is None or fn.ops[index].name != "stablehlo.compare":
        return None
    compare = fn.ops[index]
    direction = compare.attrs["comparison_direction"]
    if direction not in ("LT", "GT"):
        return None
    lhs, rhs = fn.steps[index][1]
    used = (arguments_used(fn, lhs), arguments_used(fn, rhs))
    if None in used or len(used[0]) != 1 or len(used[1]) != 1:
        return None
    (a,), (b,) = used
    if a // 2 != b // 2 or a == b:
        return None
    swapped = a % 2 == 1  # compare(f(rhs_k), g(lhs_k))
    first, second = (rhs, lhs) if swapped else (lhs, rhs)
    return (direction == "GT") != swapped, compare, first, second


def _stable_argsort(key: np.ndarray, descending: bool) -> np.ndarray:
    """Stable argsort along the last axis; descending keeps equal keys in index order."""
    if not descending:
        return np.argsort(key, axis=-1, kind="stable")
    n = key.shape[-1]
    return (n - 1 - np.argsort(key[..., ::-1], axis=-1, kind="stable"))[..., ::-1]


def _merge_sort(less, n: int, batch: tuple) -> np.ndarray:
    """Stable sort permutation (shape batch + (n,)) of n elements per row, given
    `less(i, j)` -> bool array for index arrays i, j of equal shape batch + (...,).

    The length is padded to a power of two with virtual elements greater than all
    others, never shown to the comparator's verdict."""
    size = 1 << max(n - 1, 0).bit_length()
    order = np.broadcast_to(np.arange(size), batch + (size,))
    width = 1
    while width < size:
        runs = order.reshape(batch + (size // (2 * width), 2, width))
        left, right = runs[..., 0, :], runs[..., 1, :]
        # count[i] = how many right elements go before left[i]: binary search, since
        # less(right[j], left[i]) holds for a prefix of j in a sorted right run.
        lo = np.zeros(left.shape, dtype=np.int64)
        hi = np.full(left.shape, width, dtype=np.int64)
        for _ in range(width.bit_length()):
            mid = (lo + hi) // 2
            active = lo < hi
            probe = np.take_along_axis(right, np.minimum(mid, width - 1), axis=-1)
            before = less(probe, left) & active
            lo = np.where(before, mid + 1, lo)
            hi = np.where(active & ~before, mid, hi)
        count = np.maximum.accumulate(lo, axis=-1)  # monotone even for a careless comparator
        left_at = np.arange(width) + count
        is_left = np.zeros(left.shape[:-1] + (2 * width,), dtype=bool)
        np.put_along_axis(is_left, left_at, True, axis=-1)
        right_at = np.argsort(is_left, axis=-1, kind="stable")[..., :width]
        merged = np.empty(is_left.shape, dtype=order.dtype)
        np.put_along_axis(merged, left_at, left, axis=-1)
        np.put_along_axis(merged, right_at, right, axis=-1)
        order = merged.reshape(batch + (size,))
        width *= 2
    return order[..., :n]


@register("stablehlo.sort")
def _sort(ctx):
    count = ctx.num_operands
    specs = ctx.operand_specs
    rank = specs[0].rank
    axis = ctx.attrs["dimension"] % rank  # in [-rank, rank) (verified, C4)
    comparator = ctx.region(0)
    n = specs[0].shape[axis]

    def apply(xs, perm):
        return [np.moveaxis(np.take_along_axis(x, perm, axis=-1), -1, axis) for x in xs]

    def general(xs, extras):
        batch = xs[0].shape[:-1]
        flat = [x.reshape(batch + (n,)) for x in xs]

        def less(i, j):  # comparator(x0[i], x0[j], x1[i], x1[j], ...), virtual elements last
            shape = i.shape
            rows = batch + (math.prod(shape[len(batch):]),)
            ii, jj = np.minimum(i, n - 1).reshape(rows), np.minimum(j, n - 1).reshape(rows)
            args = []
            for x in flat:
                args.append(np.take_along_axis(x, ii, axis=-1).reshape(shape))
                args.append(np.take_along_axis(x, jj, axis=-1).reshape(shape))
            verdict = np.broadcast_to(np.asarray(comparator.call(args, extras)[0], dtype=bool), shape)
            return np.where(i >= n, False, np.where(j >= n, True, verdict))

        return _merge_sort(less, n, batch)

    if n <= 1:
        return Kernel(lambda *vals: vals[:count])

    keyed = _keyed_compare(comparator)
    key = None
    if keyed is not None:
        descending, compare, first, second = keyed
        side_spec = compare.operand_spec(0)
        key = _compare_key(side_spec.element, compare.attrs.get("compare_type"))
    if key is not None:  # the two sides of the compare as functions of the inputs
        sides = (comparator.returning(first, side_spec), comparator.returning(second, side_spec))

    def sort(*vals):
        xs = [np.moveaxis(x, axis, -1) for x in vals[:count]]
        extras = vals[count:]
        if key is not None:
            both = [x for x in xs for _ in range(2)]  # each input as lhs and as rhs
            f, g = (np.broadcast_to(side.call(both, extras)[0], xs[0].shape) for side in sides)
            if _same_values(f, g):
                to_key, partial = key
                k = to_key(f)
                if not (partial and np.isnan(k).any()):  # NaN makes `<` no strict weak order
                    return apply(xs, _stable_argsort(k, descending))
        return apply(xs, general(xs, extras))

    return Kernel(sort)


def _same_values(a: np.ndarray, b: np.ndarray) -> bool:
    """Bit-identical arrays (so any NaN payloads agree too)."""
    if a.dtype.kind == "b" or a.dtype.kind in "iu":
        return np.array_equal(a, b)
    return np.array_equal(bits_view(np.ascontiguousarray(a)), bits_view(np.ascontiguousarray(b)))


# ---------------------------------------------------------------------------
# map: the computation is elementwise, so it runs once on the whole inputs.


@register("stablehlo.map")
def _map(ctx):
    count = ctx.num_operands
    computation = ctx.region(0)
    shape = ctx.operand_spec(0).shape  # the result's (verified, C5 of map: operands and result of one shape)

    def run_map(*vals):
        out = np.asarray(computation.call(list(vals[:count]), vals[count:])[0])
        return out if out.shape == shape else np.broadcast_to(out, shape).copy()

    return run_map


# ---------------------------------------------------------------------------
# Windows: reduce_window, select_and_scatter


def _window_output_shape(shape, dims, strides, base, win, padding) -> tuple:
    """The number of windows along each dimension (reduce_window C16, as the verifier infers it):
    the padded, base-dilated size less the dilated window, over the stride, plus one (none
    where the window does not fit)."""
    return tuple(window_count(n, w, st, b, d, lo, hi)
                 for n, w, st, b, d, (lo, hi) in zip(shape, dims, strides, base, win, padding))


def _window_attributes(ctx, rank: int, dilated: bool):
    ones = (1,) * rank
    dims = ctx.attrs.get("window_dimensions", ())
    strides = ctx.attrs.get("window_strides", ones)
    base = ctx.attrs.get("base_dilations", ones) if dilated else ones
    win = ctx.attrs.get("window_dilations", ones) if dilated else ones
    flat = ctx.attrs.get("padding", (0,) * (2 * rank))
    return dims, strides, base, win, tuple(zip(flat[0::2], flat[1::2]))


# Scans (JAX's cumsum, cumprod: a window spanning one whole dimension, padded
# by its size - 1 on one side) longer than SCAN_BLOCK: XLA's CPU pipeline
# (ReduceWindowRewriter) pads the dimension with the init value to whole
# blocks of SCAN_BLOCK, scans each block in index order, scans the block
# totals the same way (recursively) and combines each block with the total
# of the blocks before (after, in reverse) it: `block_scan + carry`.
SCAN_BLOCK = 16
_SCAN_IDENTITY = {"stablehlo.add": 0, "stablehlo.multiply": 1}


def _scan_axis(shape, dims, strides, base, win, padding):
    """(axis, reverse) if the window is a scan longer than SCAN_BLOCK, else None."""
    if any(v != 1 for v in (*strides, *base, *win)):
        return None
    spans = [d for d, w in enumerate(dims) if w != 1 or padding[d] != (0, 0)]
    if len(spans) != 1:
        return None
    axis = spans[0]
    n = shape[axis]
    if n <= SCAN_BLOCK or dims[axis] != n or padding[axis] not in ((n - 1, 0), (0, n - 1)):
        return None
    return axis, padding[axis] == (0, n - 1)


def _block_scan(combine, x, init, reverse):
    """Scan of x's last axis, each output its window in index order, init first
    (forward: x[0..j], reverse: x[j..n-1])."""
    n = x.shape[-1]
    out = np.empty(x.shape, x.dtype)
    if not reverse:
        r = init
        for j in range(n):
            out[..., j] = r = combine(r, x[..., j])
        return out
    for j in range(n):
        r = init
        for k in range(j, n):
            r = combine(r, x[..., k])
        out[..., j] = r
    return out


def _blocked_scan(combine, x, init, reverse):
    """Scan of x's last axis in the order of XLA's rewrite (see SCAN_BLOCK)."""
    n = x.shape[-1]
    if n <= SCAN_BLOCK:
        return _block_scan(combine, x, init, reverse)
    blocks = -(-n // SCAN_BLOCK)
    fill = np.full(x.shape[:-1] + (blocks * SCAN_BLOCK - n,), init, x.dtype)
    padded = np.concatenate([x, fill], axis=-1)
    inner = _block_scan(combine, padded.reshape(x.shape[:-1] + (blocks, SCAN_BLOCK)), init, reverse)
    totals = _blocked_scan(combine, inner[..., 0] if reverse else inner[..., -1], init, reverse)
    carry = np.full_like(totals, init)  # the blocks before (after) each block; init alone for the first (last)
    if reverse:
        carry[..., :-1] = totals[..., 1:]
    else:
        carry[..., 1:] = totals[..., :-1]
    return combine(inner, carry[..., None]).reshape(padded.shape)[..., :n]


# reduce_window with a one-op body folds the windows of the padded input one window position at
# a time: one numpy op per position over every output, written into the result, init first,
# then the positions in index order (XLA's order: float sums and products keep their bits).
# Ops whose result is independent of the order (max, min, integer and boolean ops) fold this
# way up to DIRECT_WINDOW elements (a reduction over the window axes of the strided view is
# several times slower); larger windows reduce each window at once.
DIRECT_WINDOW = 64


def _into(combine):
    """`combine(a, b)` written into a."""
    if isinstance(combine, np.ufunc):
        return lambda a, b: combine(a, b, out=a)

    def assign(a, b):
        a[...] = combine(a, b)

    return assign


def _fold_windows(combine, window_dims, dtype):
    """(windows, init) -> init combined with the elements of each window (the trailing
    len(window_dims) axes of `windows`) in index order."""
    into = _into(combine)
    positions = [(Ellipsis, *p) for p in np.ndindex(*window_dims)]

    def fold(windows, init):
        r = np.full(windows.shape[:windows.ndim - len(window_dims)], init, dtype)
        for p in positions:
            into(r, windows[p])
        return r

    return fold


def _direct_reduce_window(name: str, info, window_dims, view):
    """`(padded input, init) -> result` folding its windows (`view(array)`: its window view)
    position by position (see DIRECT_WINDOW), or None if not covered."""
    cat, ufunc = info.category, body_ufunc(name, info)
    if cat in ("float", "complex") and ufunc is not None:  # add, multiply: in order, any window
        combine = complex_product if cat == "complex" and ufunc is np.multiply else ufunc
        fold = _fold_windows(combine, window_dims, info.dtype)
        return lambda x, init: fold(view(x), init)
    if math.prod(window_dims) > DIRECT_WINDOW:
        return None
    if cat == "bool" and ufunc is not None:
        fold = _fold_windows(ufunc, window_dims, info.dtype)
        return lambda x, init: fold(view(x), init)
    if info.is_int and ufunc is not None:
        wide = np.dtype(np.int64 if cat == "sint" else np.uint64)
        fold = _fold_windows(ufunc, window_dims, wide)  # wraps like the element type
        if info.is_subbyte:
            return lambda x, init: from_wide_int(fold(view(x.astype(wide)), init.astype(wide)), info)
        return lambda x, init: from_wide_int(fold(view(x), init.astype(wide)), info)
    if cat == "float" and name in ("stablehlo.maximum", "stablehlo.minimum"):
        is_max = name == "stablehlo.maximum"
        fold = _fold_windows(np.maximum if is_max else np.minimum, window_dims, info.dtype)
        fold_any = _fold_windows(np.logical_or, window_dims, np.bool_)

        def zero_signed(v):
            return (v == 0) & (np.signbit(v) != is_max)

        def minmax(x, init):
            r = fold(view(x), init)
            zero = r == 0
            if zero.any():  # -0.0 below +0.0 (XLA's): max is +0 if any element is +0, min -0 if any is -0
                found = fold_any(view(zero_signed(x)), zero_signed(init))
                r[zero] = np.where(found == is_max, 0.0, -0.0)[zero]
            return r

        return minmax
    return None


@register("stablehlo.reduce_window")
def _reduce_window(ctx):
    count = ctx.num_operands // 2
    specs = ctx.operand_specs
    rank = specs[0].rank
    dims, strides, base, win, padding = _window_attributes(ctx, rank, dilated=True)
    body = ctx.region(0)
    input_types = [s.element for s in body.arg_specs[:count]]
    init_types = [s.element for s in body.arg_specs[count:]]
    # a `?` result dimension takes the size the attributes give (the verifier checked they agree)
    out_shape = _window_output_shape(specs[0].shape, dims, strides, base, win, padding)
    length = math.prod(dims)
    pad = Padding(specs[0].shape, padding, base)

    def windows(vals):
        """(window views of the padded inputs, inits), in the body's element types (C13: the
        same for inputs and inits)."""
        inits = _converted(vals[count:2 * count], init_types)
        return [window_view(pad(x, i), out_shape, dims, strides, win)
                for x, i in zip(_converted(vals[:count], input_types), inits)], inits

    if math.prod(out_shape) == 0:
        def reduce_window_empty(*vals):
            return [np.empty(out_shape, dtype=t.dtype) for t in init_types]

        return Kernel(reduce_window_empty)

    single = single_op_body(body.fn, count)
    if single is not None and input_types[0].dtype == specs[0].dtype and body.start == body.stop:
        fast = _fast_reduce(single, input_types[0], tuple(range(rank, 2 * rank)), in_order=True)
        direct = _direct_reduce_window(single, input_types[0], dims,
                                       lambda a: window_view(a, out_shape, dims, strides, win))
        # the same fold as `direct`, as one native loop over the unpadded input (window_loop.py)
        loop = None if direct is None or not specs[0].is_static else window_loop.prepare(
            sole_op(body.fn)[0], input_types[0], specs[0].shape, out_shape, dims, strides, base, win, padding)
        if fast is not None:
            def reduce_window_fast(x, init):
                if direct is not None:
                    (init,) = _converted([init], init_types)
                    r = None if loop is None else loop.run(x, init)
                    if r is not None:
                        return r
                    return direct(x if pad.identity else pad(x, init), init)
                (view,), (init,) = windows([x, init])
                return fast(view, init)

            scan = _scan_axis(specs[0].shape, dims, strides, base, win, padding)
            if scan is not None and single in _SCAN_IDENTITY and input_types[0].category in ("float", "complex"):
                axis, reverse = scan
                combine = (complex_product if input_types[0].category == "complex" and single == "stablehlo.multiply"
                           else np.add if single == "stablehlo.add" else np.multiply)

                def reduce_window_scan(x, init):
                    if init != _SCAN_IDENTITY[single]:  # XLA's rewrite counts init twice: only for the identity
                        return reduce_window_fast(x, init)
                    r = _blocked_scan(combine, np.moveaxis(x, axis, -1), init, reverse)
                    return np.moveaxis(r, -1, axis)

                return reduce_window_scan
            return reduce_window_fast

    def reduce_window_tree(*vals):
        views, inits = windows(vals)
        xs = [v.reshape(tuple(out_shape) + (length,)) for v in views]
        return _tree_reduce(body, xs, inits, vals[2 * count:])

    return Kernel(reduce_window_tree)


# select_and_scatter: each window selects one operand element (padding never),
# as XLA does: the first valid element, then each next one replaces it unless
# select(current, next). A select that is one GE/GT/LE/LT compare of
# (current, next) is an argmax/argmin with XLA's tie rule (GE/LE keep the
# first, GT/LT the last); any other runs the body once per window position on
# all windows at once. Source values then combine into the selected elements
# in source order: an add body is one np.add.at, any other runs once per
# rank among the values sent to the same element.

_SELECT_EXTREME = {"GE": (np.max, False), "GT": (np.max, True), "LE": (np.min, False), "LT": (np.min, True)}


def _select_extreme(select):
    """(reduction, last) and the compare type if the prepared `select` is `return compare(arg0,
    arg1)` with GE/GT/LE/LT, else None."""
    sole = sole_op(select.fn)
    if sole is None or sole[0].name != "stablehlo.compare":
        return None
    compare, ins = sole
    args = select.fn.input_slots[:2]
    if len(args) != 2 or tuple(ins) not in (args, args[::-1]):
        return None
    direction = compare.attrs["comparison_direction"]
    if tuple(ins) != args:  # select(b, a): swap the direction
        direction = {"GE": "LE", "GT": "LT", "LE": "GE", "LT": "GT"}.get(direction, direction)
    choice = _SELECT_EXTREME.get(direction)
    return None if choice is None else (choice, compare.attrs.get("compare_type"))


def _first_true(mask: np.ndarray, last: bool) -> np.ndarray:
    """Index of the first (or last) True along the last axis."""
    if last:
        return mask.shape[-1] - 1 - np.argmax(mask[..., ::-1], axis=-1)
    return np.argmax(mask, axis=-1)


@register("stablehlo.select_and_scatter")
def _select_and_scatter(ctx):
    specs = ctx.operand_specs
    rank = specs[0].rank
    shape = specs[0].shape
    dims, strides, _, _, padding = _window_attributes(ctx, rank, dilated=False)
    select, scatter = ctx.region(0), ctx.region(1)
    src_shape = specs[1].shape
    length = math.prod(dims)
    info = specs[0].element
    scatter_type = scatter.arg_specs[0].element
    result_dtype = ctx.result_spec().dtype
    ones = (1,) * rank
    # Operand index of each window element (-1 in padding), fixed for the op.
    index = Padding(shape, padding, ones)(np.arange(math.prod(shape)).reshape(shape), -1)
    window_index = window_view(index, src_shape, dims, strides, ones).reshape(tuple(src_shape) + (length,))
    valid = window_index >= 0

    extreme = _select_extreme(select)
    key = None
    if extreme is not None:
        (reduction, last), compare_type = extreme
        key = _compare_key(info, compare_type)

    def pick(operand, extras):
        """Operand index selected per window (-1: none)."""
        if operand.size == 0 or valid.size == 0:
            return np.full(src_shape, -1)
        vals = operand.reshape(-1)[np.maximum(window_index, 0)]  # padding: any value, never chosen
        if key is not None:
            to_key, partial = key
            k = to_key(vals)
            if not (partial and np.isnan(k[valid]).any()):
                filler = np.max(k) if reduction is np.min else np.min(k)
                k = np.where(valid, k, filler)
                best = reduction(k, axis=-1, keepdims=True)
                at = _first_true(valid & (k == best), last)
                chosen = np.take_along_axis(window_index, at[..., None], axis=-1)[..., 0]
                return np.where(valid.any(axis=-1), chosen, -1)
        current = vals[..., 0]
        chosen = np.where(valid[..., 0], window_index[..., 0], -1)
        for w in range(1, length):
            keep = np.asarray(select.call([current, vals[..., w]], extras)[0], dtype=bool)
            take = valid[..., w] & ((chosen < 0) | ~keep)
            current = np.where(take, vals[..., w], current)
            chosen = np.where(take, window_index[..., w], chosen)
        return chosen

    single = single_op_body(scatter.fn, 1)
    add = single == "stablehlo.add" and scatter.start == scatter.stop

    def run(operand, source, init, *extras):
        target = pick(operand, extras).reshape(-1)
        sent = target >= 0
        target = target[sent]
        values = convert_values(source, scatter_type) if source.dtype != scatter_type.dtype else source
        values = values.reshape(-1)[sent]
        init = convert_values(init, scatter_type) if init.dtype != scatter_type.dtype else init
        if add:
            return _scatter_add(values, target, init, shape, scatter_type)
        out = np.full(math.prod(shape), init, dtype=result_dtype)
        order = np.argsort(target, kind="stable")
        target, values = target[order], values[order]
        # the r-th value sent to an element combines in round r, all elements at once
        nth = np.arange(target.size) - np.searchsorted(target, target)
        for r in range(int(nth.max(initial=-1)) + 1):
            at = nth == r
            out[target[at]] = np.broadcast_to(scatter.call([out[target[at]], values[at]], extras)[0], at.sum())
        return out.reshape(shape)

    return run


def _scatter_add(values, target, init, shape, info):
    """init + the values sent to each element, added in source order (np.add.at)."""
    size = math.prod(shape)
    if info.category == "bool":
        out = np.full(size, bool(init))
        np.logical_or.at(out, target, values)
        return out.reshape(shape)
    if info.is_int:
        wide = np.dtype(np.int64 if info.category == "sint" else np.uint64)
        out = np.full(size, init.astype(wide), dtype=wide)
        np.add.at(out, target, values.astype(wide))
        return from_wide_int(out, info).reshape(shape)
    out = np.full(size, init, dtype=info.dtype)
    np.add.at(out, target, values)
    return out.reshape(shape)
