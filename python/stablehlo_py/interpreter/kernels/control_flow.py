"""Ops that run regions or callees as control flow: while, if, case, func.call, composite
and map (whose body is element-wise, so it runs once on the whole inputs).

while runs its body as the plan's loop planner decided (core.plan.plan_loop; the analyses are
planning/loops.py's): carries updated in place, a counted loop's counter compared directly,
loop-invariant steps once per loop. A while loop on rank-0 values runs as a scalar loop
(jit/scalar.py).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import InterpreterError
from ..core.limits import MAX_CALL_DEPTH
from ..core.plan import plan_loop
from ..core.registry import Kernel, register
from ..jit.scalar import compile_while


# ---------------------------------------------------------------------------
# Control flow


@register("stablehlo.while")
def _while(op):
    count = op.num_operands
    cond, body = op.region(0), op.region(1)
    runtime = op.runtime  # limits: iterations and time, checked per iteration only when set
    scalar_while = compile_while(cond, body, count, body.stop, runtime, op)
    if scalar_while is not None:  # every value is rank-0: native code or a generated loop over numpy scalars
        return Kernel(scalar_while)

    owned, counted, once, each = plan_loop(cond, body, count, runtime.limits)
    loose = _loose_results(body.arg_specs, [body])
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


@register("stablehlo.if")
def _if(op):
    branches = (op.region(0), op.region(1))
    loose = _loose_results(op.result_specs, branches)

    def run_if(pred, *extras):
        out = branches[0 if bool(pred) else 1].call([], extras)
        if loose:
            _check_loose(out, loose, "the branch returned result")
        return out

    return Kernel(run_if, branches=branches)  # scalar loops (scalar.py) inline the branches


@register("stablehlo.async_start")
def _async_start(op):
    """The body's one op runs at once (the spec lets a backend run it synchronously); the future
    is the tuple of its results, which async_done hands out."""
    body = op.region(0)
    return Kernel.single(lambda *operands: tuple(body.call(list(operands), [])))


@register("stablehlo.async_done")
def _async_done(op):
    return Kernel.single(lambda future: future[0])


@register("stablehlo.case")
def _case(op):
    branches = [op.region(i) for i in range(op.num_regions)]
    last = len(branches) - 1
    loose = _loose_results(op.result_specs, branches)

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
def _call(op):
    return _function_call(op, op.attrs["callee"])


@register("stablehlo.composite")
def _composite(op):
    # The spec defines a composite by its decomposition: run that function.
    return _function_call(op, op.attrs["decomposition"])


def _function_call(op, name: str):
    runtime = op.runtime
    native = runtime.native_functions.get(name)
    if native is not None:  # compiled code of the callee (backend="auto")
        return Kernel(native)
    callee = op.function(name)

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
# map: the computation is elementwise, so it runs once on the whole inputs.


@register("stablehlo.map")
def _map(op):
    count = op.num_operands
    computation = op.region(0)
    shape = op.operand_specs[0].shape  # the result's (verified, C5 of map: operands and result of one shape)

    def run_map(*vals):
        out = np.asarray(computation.call(list(vals[:count]), vals[count:])[0])
        return out if out.shape == shape else np.broadcast_to(out, shape).copy()

    return Kernel.single(run_map)
