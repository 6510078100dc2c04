"""Prepare functions into plans once; execute plans many times.

A `Function` is a straight-line list of steps `(run, input slots, output
slots, one)` over a list of value slots, `run` being the op's `Kernel.run` and
`one` its `Kernel.one` (None unless the op has one result, which `one`
returns).  Preparing reads the IR once: every op becomes a `DecodedOp` (specs,
attributes decoded once, regions prepared once) that its kernel factory,
found through the registry, turns into a `Kernel`, and SSA values become
integer slots.  Executing a plan never touches the IR.  Region bodies
(reduce, ...) and callees of func.call are prepared into `Function`s by the
same machinery; a func.call is normally
inlined, its callee's ops becoming steps of the caller (recursive calls, and
calls past MAX_INLINED_OPS, run the callee's own `Function`).

An op whose types hold `?` dimensions (or whose sizes are operand values: the
dynamism ops) is prepared as far as the IR goes, and its kernel is made at run
time for the operands' shapes, once per shape signature (`_Specialising`).

Values defined outside a region and used inside it are captured: the region's
`Function` takes them as extra inputs after its block arguments, and the op
that owns the region receives them as extra operands after its own.
"""

from __future__ import annotations

import time
from typing import Callable, NamedTuple

import numpy as np

from . import attributes
from .errors import InterpreterError
from .limits import Limits, format_bytes, timed_out, too_many_iterations
from .registry import (PRECOMPUTED, SIZES_FROM_VALUES, VIEW, ELEMENTWISE, Kernel, ScalarForm, has_trait, lookup,
                       lookup_scalar)
from .registry import quantized_factory
from .types import TensorSpec, TupleSpec, is_quantized_spec, value_spec

__all__ = ["Function", "Region", "DecodedOp", "PlanBuilder", "module_meshes", "LoopPlan", "set_loop_planner", "plan_loop"]

# func.call is inlined into the caller's plan (callees of calls not inlined run as
# calls), up to this many ops per module, so nested calls cannot blow plans up.
MAX_INLINED_OPS = 20000
# Values of at least this many bytes (or of sizes known at run time only) are dropped by a
# run as soon as no later step reads them (Function.dead_values); smaller ones are not worth
# a check per step.
DROP_BYTES = 1 << 16
_TERMINATORS = ("func.return", "stablehlo.return", "sdy.return", "shape.assuming_yield")
MAX_SPECIALISED = 256  # kernels kept per op of dynamic types (one per operand shape signature)
class LoopPlan(NamedTuple):
    """How a while loop runs its prepared body (plan_loop)."""
    owned: tuple = ()  # carries the body updates in place: the loop gives it copies of their first values
    counted: tuple | None = None  # (k, limit): the loop runs while carry k < limit, k counting up by one
    once: "Function | None" = None  # the body's loop-invariant steps, run in the first iteration
    each: "Function | None" = None  # the other steps: the body's inputs, then `once`'s results


_loop_planner: Callable | None = None


def set_loop_planner(planner: Callable) -> None:
    """`planner(cond, body, count, limits) -> LoopPlan` plans every while loop (plan_loop)."""
    global _loop_planner
    _loop_planner = planner


def plan_loop(cond: "Region", body: "Region", count: int, limits: Limits | None) -> LoopPlan:
    """The LoopPlan of a while loop of `count` carries with prepared regions `cond` and `body`
    (the planner may rewrite `body`'s steps); without a planner, the body as it is."""
    if _loop_planner is None:
        return LoopPlan(each=body.fn)
    return _loop_planner(cond, body, count, limits)


class Function:
    """A prepared block: call `run(values)` with block arguments then captured values."""

    __slots__ = ("name", "arg_specs", "result_specs", "input_slots", "nslots", "steps", "result_slots",
                 "ops", "captures", "preset", "all_scalar", "_drops")

    def __init__(self, name: str):
        self.name = name
        self.arg_specs: list[TensorSpec] = []
        self.result_specs: list[TensorSpec] = []
        self.input_slots: tuple = ()
        self.nslots = 0
        self.steps: list = []
        self.result_slots: tuple = ()
        self.ops: list = []  # the DecodedOp of each step: for errors and analyses of the plan
        self.captures: list = []  # outer mlir Values, only while preparing
        self.preset: list = []  # the slots with their values computed while preparing (constants)
        # every value of the block is a rank-0 tensor: scalar.py may compile it, each step by
        # its kernel's scalar_form or a call of its kernel
        self.all_scalar = False
        self._drops = None  # see dead_values

    def dead_values(self) -> list:
        """Per step, the slots of large values no later step (nor the result) reads, which the
        run drops after it: held to the end of the block, a plan's temporaries are fresh memory
        every call (the allocator returns them to the system, and touching new pages costs
        several times the arithmetic); freed as they die, their memory is reused."""
        if self._drops is None:
            last = {}
            for index, (_, ins, _, _) in enumerate(self.steps):
                for slot in ins:
                    last[slot] = index
            for slot in self.result_slots:
                last.pop(slot, None)
            specs = dict(zip(self.input_slots, self.arg_specs))
            for op, (_, _, outs, _) in zip(self.ops, self.steps):
                specs.update(zip(outs, op.result_specs))
            drops = [[] for _ in self.steps]
            for slot, index in last.items():
                if self.preset[slot] is not None:
                    continue  # a constant: the plan holds it anyway
                spec = specs.get(slot)  # None for a captured value
                if spec is None or not _is_static(spec) or _static_bytes(spec) >= DROP_BYTES:
                    drops[index].append(slot)
            self._drops = [tuple(d) for d in drops] if any(drops) else []
        return self._drops

    def run(self, inputs) -> list:
        env = self.preset.copy()
        for slot, value in zip(self.input_slots, inputs):
            env[slot] = value
        drops = self._drops if self._drops is not None else self.dead_values()
        index = 0
        try:
            for index, (run, ins, outs, one) in enumerate(self.steps):
                if one is not None:
                    env[outs[0]] = one(*[env[i] for i in ins])
                else:
                    for slot, value in zip(outs, run(*[env[i] for i in ins])):
                        env[slot] = value
                if drops and drops[index]:
                    for slot in drops[index]:
                        env[slot] = None
        except InterpreterError as e:
            raise e.located(*self.ops[index].where)
        except RecursionError:
            raise InterpreterError("Python recursion limit reached").located(*self.ops[index].where) from None
        except MemoryError as e:
            raise InterpreterError(f"out of memory: {e}").located(*self.ops[index].where) from None
        except Exception as e:  # a bug or an unexpected numpy error: report it, never crash
            raise InterpreterError(f"{type(e).__name__}: {e}").located(*self.ops[index].where) from e
        return [env[i] for i in self.result_slots]

    def returning(self, slot: int, spec) -> "Function":
        """This function returning the value in `slot` (of type `spec`) instead of its results."""
        variant = Function(self.name)
        for field in Function.__slots__:
            setattr(variant, field, getattr(self, field))
        variant.result_slots, variant.result_specs = (slot,), [spec]
        variant._drops = None  # other results: other values die
        return variant

    def new_slot(self) -> int:
        """A new slot, for a value a rewrite of the steps adds."""
        self.nslots += 1
        self.preset = [*self.preset, None]
        return self.nslots - 1

    def part(self, indices, input_slots, result_slots, result_specs) -> "Function":
        """A function of the steps `indices` of this one, over the same slots (its constants
        included), taking `input_slots` and returning `result_slots` (of types `result_specs`)."""
        part = Function(self.name)
        part.arg_specs, part.nslots = self.arg_specs, self.nslots
        part.preset, part.captures = self.preset, self.captures
        part.steps, part.ops = [self.steps[i] for i in indices], [self.ops[i] for i in indices]
        part.input_slots, part.result_slots, part.result_specs = tuple(input_slots), tuple(result_slots), result_specs
        return part


class Region:
    """A region of an op, prepared: `call(args, extras)` runs it.

    `extras` are the values after the op's own operands in the kernel's
    arguments; this region's captures are `extras[start:stop]`.
    """

    __slots__ = ("fn", "start", "stop")

    def __init__(self, fn: Function, start: int, stop: int):
        self.fn, self.start, self.stop = fn, start, stop

    @property
    def arg_specs(self) -> list[TensorSpec]:
        return self.fn.arg_specs

    def returning(self, slot: int, spec) -> "Region":
        """This region returning the value in `slot` of its function (of type `spec`)."""
        return Region(self.fn.returning(slot, spec), self.start, self.stop)

    def call(self, args, extras=()) -> list:
        if self.start == self.stop:
            return self.fn.run(args)
        return self.fn.run([*args, *extras[self.start:self.stop]])


class _Scope:
    """SSA value -> slot for one block being prepared; nested regions capture from the parent."""

    def __init__(self, fn: Function, parent: "_Scope | None"):
        self.fn = fn
        self.parent = parent
        self.slots: dict = {}

    def define(self, value) -> int:
        slot = self.fn.nslots
        self.fn.nslots += 1
        self.slots[value] = slot
        return slot

    def use(self, value) -> int:
        slot = self.slots.get(value)
        if slot is not None:
            return slot
        if self.parent is None:
            raise InterpreterError(f"use of a value that is not defined in this function: {value.get_name()}")
        self.fn.captures.append(value)
        return self.define(value)


class DecodedOp:
    """One op as its kernel factory sees it, decoded once when its function is prepared: its
    name and location, operand and result specs, attributes (`attrs`, with the op definition's
    defaults) and its regions, each prepared once (`region(i)`). The plan keeps the record
    of every step (`Function.ops`), so errors name the op and analyses of prepared regions
    (bodies.py) read names and attributes without going back to the IR."""

    __slots__ = ("op", "name", "location", "location_text", "operand_specs", "result_specs", "num_operands",
                 "num_results", "num_regions", "attrs", "builder", "kernel", "within_limits", "_scope", "_extras",
                 "_regions")

    def __init__(self, op, builder: "PlanBuilder", scope: "_Scope"):
        self.op = op  # the IR op: read while preparing only
        self.name = op.name
        self.location = op.location
        self.location_text = str(op.location)
        self.builder = builder
        self._scope = scope
        self._extras: list = []  # outer values captured by this op's regions
        self._regions: dict = {}
        self.num_operands = len(op.operands)
        self.num_results = len(op.results)
        self.num_regions = len(op.regions)
        self.attrs = attributes.Attributes(op)
        builder.decoded.append(self)
        # Specs of tensors are TensorSpecs; of tuples and tokens, TupleSpec and TokenSpec.
        self.operand_specs = tuple(value_spec(v.type) for v in op.operands)
        self.result_specs = tuple(value_spec(r.type) for r in op.results)
        self.kernel: Kernel | None = None  # what its factory made of it
        self.within_limits = True  # False: its results break a memory limit, and its kernel raises that

    @property
    def extras(self) -> tuple:
        """The outer values (IR values) this op's prepared regions capture, in the order its
        kernel receives them after its operands (each region's Region.start:stop)."""
        return tuple(self._extras)

    @property
    def where(self) -> tuple:
        """What InterpreterError.located takes: (op name, location text, mlir Location)."""
        return self.name, self.location_text, self.location

    def specialised(self, operand_specs: tuple) -> "DecodedOp":
        """This op with the static types of its run-time operands (`_Specialising`); it shares
        the attributes and the prepared regions."""
        copy = object.__new__(DecodedOp)
        for field in DecodedOp.__slots__:
            setattr(copy, field, getattr(self, field))
        copy.operand_specs = operand_specs
        return copy

    def with_specs(self, operand_specs: tuple, result_specs: tuple) -> "DecodedOp":
        """This op seen with other value types (quantization.py: storage or expressed types)."""
        copy = self.specialised(operand_specs)
        copy.result_specs = result_specs
        return copy

    @property
    def quantized(self) -> bool:
        """Whether a value the op reads or makes has a quantized element type."""
        return any(map(is_quantized_spec, (*self.operand_specs, *self.result_specs)))

    def seal(self) -> None:
        """Forget the IR op once the module is prepared (the plan outlives the IR)."""
        self.op = None
        self.attrs.seal()

    def region(self, index: int = 0) -> Region:
        """Region `index` (its single block), prepared on first use."""
        region = self._regions.get(index)
        if region is None:
            if self.op is None:
                raise InterpreterError(f"internal error: region {index} of {self.name} prepared after the program")
            regions = self.op.regions
            if index >= len(regions) or len(regions[index].blocks) != 1:
                raise InterpreterError(f"expected region {index} with exactly one block")
            fn = self.builder.prepare_block(regions[index].blocks[0], f"{self.name} region {index}", self._scope)
            start = len(self._extras)
            self._extras.extend(fn.captures)
            fn.captures = []
            region = self._regions[index] = Region(fn, start, len(self._extras))
        return region

    def function(self, symbol: str) -> Function:
        return self.builder.function(symbol)

    @property
    def runtime(self) -> "Runtime":
        return self.builder.runtime


class Runtime:
    """State shared by the functions of one prepared module: the func.call depth, the limits
    and the current call's deadline.

    One per prepared module, so calling one compiled program from several threads at once
    shares the depth (it only bounds recursion) and the deadline (the latest call's)."""

    __slots__ = ("depth", "limits", "deadline", "checks_loops", "native_functions")

    def __init__(self, limits: Limits | None = None):
        self.depth = 0
        # name -> a callable on arrays that runs that function as native code instead
        # (backend="auto": stablehlo_py.lowering.native_callees); func.call uses it
        self.native_functions: dict = {}
        self.limits = limits if limits is not None else Limits()
        self.deadline = None
        # whether while loops count iterations and watch the clock (no cost when not)
        self.checks_loops = self.limits.max_iterations is not None or self.limits.timeout is not None

    def start(self) -> None:
        """A call begins: set its deadline."""
        timeout = self.limits.timeout
        self.deadline = None if timeout is None else time.monotonic() + timeout

    def check_loop(self, iterations: int) -> None:
        """Called by while loops before iteration `iterations` (1-based) runs its body."""
        limit = self.limits.max_iterations
        if limit is not None and iterations > limit:
            raise InterpreterError(too_many_iterations(limit))
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise InterpreterError(timed_out(self.limits.timeout, iterations - 1))

    def loop_checker(self, period: int = 1024):
        """For generated loops: a function `check() -> k` to call before the first iteration's body
        and then again after k more; it checks the limits every `period` iterations (and exactly
        at the iteration limit), so a loop pays a countdown per iteration, not a call."""
        limit = self.limits.max_iterations
        allowed = 0  # iterations cleared so far

        def check() -> int:
            nonlocal allowed
            self.check_loop(allowed + 1)
            chunk = period if limit is None else max(1, min(period, limit - allowed))
            allowed += chunk
            return chunk

        return check


class _BlockState:
    """What preparing one block collects besides its steps."""

    __slots__ = ("constants", "all_scalar")

    def __init__(self, scalar: bool):
        self.constants: dict = {}  # slot -> value of the block's constants and iotas
        self.all_scalar = scalar  # every value seen so far is a rank-0 tensor


def module_meshes(module_op) -> dict:
    """name -> the fields of each mesh a module's symbols hold: an sdy.mesh (its fields, which
    shardy.py reads), or a symbol (a function too) whose `stablehlo.mesh` or `mesh` attribute is a
    #stablehlo.mesh or a dictionary of the same fields ({axes = [{name, size}], device_ids}, as
    upstream's tests write it), as plain dicts and lists. Replica groups by mesh axes name them."""
    meshes: dict = {}
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if "sym_name" not in op.attributes:
            continue
        name = attributes.Attributes(op)["sym_name"]
        if op.name == "sdy.mesh":
            meshes[name] = attributes.Attributes(op)["mesh"]
            continue
        for held in (attributes.get(op, key) for key in ("stablehlo.mesh", "mesh")):
            fields = None if held is None else attributes.plain(attributes.decode(held))
            if isinstance(fields, dict) and "axes" in fields:
                meshes[name] = fields
                break
    return meshes


class PlanBuilder:
    """Prepares the functions of one module (each once; recursion allowed)."""

    def __init__(self, module_op, limits: Limits | None = None):
        self.symbols: dict = {
            attributes.Attributes(op.operation)["sym_name"]: op.operation
            for op in module_op.regions[0].blocks[0].operations
            if op.operation.name == "func.func" and "sym_name" in op.operation.attributes}
        self.meshes = module_meshes(module_op)
        self.functions: dict[str, Function] = {}
        self.runtime = Runtime(limits)
        self.limits = self.runtime.limits
        # static bytes of the values held, when the op being prepared runs, by its block and the
        # blocks it runs inside (each block holds all its values until it returns)
        self._live_bytes = 0
        self._inlining: list[str] = []  # the callees being inlined, innermost last
        self._inlined_ops = 0
        self.decoded: list[DecodedOp] = []  # every op prepared, sealed by seal()

    def seal(self) -> None:
        """The module is prepared: no op of the plan reads its IR any more."""
        for op in self.decoded:
            op.seal()
        self.decoded.clear()
        self.symbols = None  # the functions' IR ops

    def function(self, name: str) -> Function:
        fn = self.functions.get(name)
        if fn is not None:
            return fn
        if self.symbols is None:
            raise InterpreterError(f"internal error: @{name} prepared after the program")
        op = self.symbols.get(name)
        if op is None:
            raise InterpreterError(f"no function @{name} in the module")
        fn = self.functions[name] = Function(name)
        inputs, results = attributes.function_type(op)
        fn.arg_specs = [value_spec(t) for t in inputs]
        fn.result_specs = [value_spec(t) for t in results]
        if len(op.regions[0].blocks) != 1:
            raise InterpreterError(f"@{name}: expected a body with exactly one block")
        self.prepare_block(op.regions[0].blocks[0], name, None, fn)
        return fn

    def prepare_block(self, block, name: str, parent: _Scope | None, fn: Function | None = None,
                      results=None) -> Function:
        """`results`: values of the block to return instead of its terminator's operands."""
        if fn is None:
            fn = Function(name)
            fn.arg_specs = [value_spec(a.type) for a in block.arguments]
        scope = _Scope(fn, parent)
        arg_slots = [scope.define(a) for a in block.arguments]
        state = _BlockState(scalar=all(map(_is_scalar, fn.arg_specs)))
        outer_bytes = self._live_bytes  # a block's values are freed when it returns
        try:
            outputs = self._prepare_ops(block, scope, fn, state)
        finally:
            self._live_bytes = outer_bytes
        if outputs is None:
            raise InterpreterError(f"{name}: block has no return")
        if results is not None:
            outputs = list(results)
        fn.result_slots = tuple(scope.use(v) for v in outputs)
        if not fn.result_specs:
            fn.result_specs = [value_spec(v.type) for v in outputs]
        fn.preset = [None] * fn.nslots
        for slot, value in state.constants.items():
            fn.preset[slot] = value
        fn.input_slots = tuple(arg_slots) + tuple(scope.slots[v] for v in fn.captures)
        fn.all_scalar = state.all_scalar and all(_is_scalar(value_spec(v.type)) for v in [*outputs, *fn.captures])
        return fn

    def _prepare_ops(self, block, scope: _Scope, fn: Function, state: "_BlockState") -> list | None:
        """Append the steps of `block`'s ops to `fn`; the terminator's operands (None: no terminator)."""
        for operation in block.operations:
            operation = operation.operation
            if operation.name in _TERMINATORS:
                return list(operation.operands)
            inlined = self._inlinable_callee(operation)
            if inlined is not None:
                self._inline_call(operation, *inlined, scope, fn, state)
                continue
            step, op, within_limits, scalar = self._prepare_op(operation, scope)
            state.all_scalar = state.all_scalar and scalar
            if has_trait(operation.name, PRECOMPUTED) and within_limits and all(map(_is_static, op.result_specs)):
                # its value is known now: store it once, not once per run
                (state.constants[step[2][0]],) = op.kernel.run()
                continue
            fn.steps.append(step)
            fn.ops.append(op)
        return None

    def _inlinable_callee(self, op):
        """(callee name, its func.func) if `op` is a func.call to inline: not recursive, within the
        budget; else None."""
        if op.name != "func.call":
            return None
        name = attributes.Attributes(op)["callee"]
        callee = self.symbols.get(name)
        if callee is None or name in self._inlining or len(callee.regions[0].blocks) != 1:
            return None  # unknown or recursive: the call kernel runs it (and reports the error)
        if name in self.runtime.native_functions:
            return None  # the call kernel runs its native code
        size = len(callee.regions[0].blocks[0].operations)
        if self._inlined_ops + size > MAX_INLINED_OPS:
            return None
        self._inlined_ops += size
        return name, callee

    def _inline_call(self, call, name: str, callee, scope: _Scope, fn: Function, state: "_BlockState") -> None:
        """Prepare the callee's body as steps of `fn`, its arguments bound to the call's operands.

        Inlined, the callee's ops are visible to the analyses of the caller's plan (scalar loops,
        in-place updates of loop carries) and a call costs nothing at run time."""
        block = callee.regions[0].blocks[0]
        inner = _Scope(fn, None)
        for argument, operand in zip(block.arguments, call.operands):
            inner.slots[argument] = scope.use(operand)
        self._inlining.append(name)
        try:
            outputs = self._prepare_ops(block, inner, fn, state)
        finally:
            self._inlining.pop()
        if outputs is None:
            raise InterpreterError(f"@{name}: block has no return")
        for result, value in zip(call.results, outputs):
            scope.slots[result] = inner.use(value)

    def _prepare_op(self, operation, scope: _Scope) -> tuple:
        """((kernel.run, input slots, output slots, kernel.one), the op's DecodedOp with its kernel
        (and the kernel's scalar form, for an op on rank-0 values), whether its results fit the
        memory limits, whether it runs on rank-0 values only (and within the limits))."""
        name = operation.name
        factory: Callable | None = lookup(name)
        if factory is None:
            raise InterpreterError("op is not supported by the interpreter").located(name, str(operation.location),
                                                                                    operation.location)
        try:
            op = DecodedOp(operation, self, scope)
        except InterpreterError as e:  # a type the interpreter does not run
            raise e.located(name, str(operation.location), operation.location)
        specs = op.result_specs
        quantized = op.quantized
        if quantized:  # the op's float or storage kernel, between dequantize and quantize
            factory = quantized_factory(factory)
        too_big, result_bytes = self._size_check(specs, has_trait(name, VIEW))
        try:
            if too_big is not None:
                kernel = _limit_error(too_big)
            elif not has_trait(name, SIZES_FROM_VALUES) and all(map(_is_static, (*op.operand_specs, *specs))):
                kernel = _made(factory(op), op)
            else:
                # everything its kernels will read from the IR, read now: they are made at run time
                for index in range(op.num_regions):
                    op.region(index)
                for symbol in op.attrs.detach():
                    if symbol in self.symbols:
                        self.function(symbol)
                kernel = _Specialising(factory, op, self.limits.max_value_bytes).kernel
        except InterpreterError as e:
            raise e.located(*op.where)
        except MemoryError as e:  # a kernel's prepared tables (e.g. window indices) too large
            raise InterpreterError(f"out of memory while preparing: {e}").located(*op.where) from None
        except Exception as e:  # noqa: BLE001 - report any failure as a clean error
            raise InterpreterError(f"cannot prepare: {type(e).__name__}: {e}").located(*op.where) from e
        op.kernel = kernel
        op.within_limits = too_big is None
        self._live_bytes += result_bytes  # after the factory: regions run before the results exist
        ins = tuple(scope.use(v) for v in operation.operands) + tuple(scope.use(v) for v in op._extras)
        scalar = too_big is None and _all_scalar(op)
        if scalar and not quantized:  # scalar forms compute on plain values
            kernel.scalar_form = _scalar_form(op)
        outs = tuple(scope.define(r) for r in operation.results)
        return (kernel.run, ins, outs, kernel.one), op, too_big is None, scalar

    def _size_check(self, specs: list, views: bool = False) -> tuple:
        """(why the op's results break a memory limit or None, the static bytes they add), checked
        before the op's kernel is made or run, so nothing of that size is ever allocated.
        `views`: the results share their operands' memory (they count per value only)."""
        limits = self.limits
        total = 0
        for index, spec in enumerate(specs):
            size = _static_bytes(spec)
            if limits.max_value_bytes is not None and size > limits.max_value_bytes:
                return (f"result {index} ({spec.text}) would take {format_bytes(size)}, more than the limit "
                        f"of {format_bytes(limits.max_value_bytes)} per value (Limits.max_value_bytes)"), 0
            total += 0 if views else size
        held = self._live_bytes + total
        if limits.max_total_bytes is not None and held > limits.max_total_bytes:
            return (f"the values held once it has run would take {format_bytes(held)}, more than the limit of "
                    f"{format_bytes(limits.max_total_bytes)} in total (Limits.max_total_bytes)"), 0
        return None, total


def _all_scalar(op: DecodedOp) -> bool:
    """Whether every value the op reads (captured ones too) and makes is a rank-0 tensor."""
    captured = (value_spec(v.type) for v in op._extras)
    return all(map(_is_scalar, (*op.operand_specs, *captured, *op.result_specs)))


def _scalar_form(op: DecodedOp) -> ScalarForm | None:
    """The op's scalar form (registry.register_scalar) for its types, or None."""
    factory = lookup_scalar(op.name)
    form = factory(op) if factory is not None else None
    if form is not None and not isinstance(form, ScalarForm):
        raise InterpreterError(f"internal: the scalar form of {op.name} is a {type(form).__name__}, "
                               "not a ScalarForm")
    return form


def _is_scalar(spec) -> bool:
    return isinstance(spec, TensorSpec) and spec.rank == 0


def _is_static(spec) -> bool:
    if isinstance(spec, TupleSpec):
        return all(map(_is_static, spec.elements))
    return not isinstance(spec, TensorSpec) or spec.is_static


def _static_bytes(spec) -> int:
    """Bytes of a value of type `spec` (dynamic dimensions count as 0; tokens take none)."""
    if isinstance(spec, TupleSpec):
        return sum(map(_static_bytes, spec.elements))
    if not isinstance(spec, TensorSpec):
        return 0
    size = spec.dtype.itemsize
    for d in spec.shape:
        size *= d or 0
    return size


def _limit_error(message: str) -> Kernel:
    """The kernel of an op whose results break a limit: it raises when the op is reached."""

    def exceeds_limit(*args):
        raise InterpreterError(message)

    return Kernel(exceeds_limit)


class _Specialising:
    """The kernel of an op whose types leave sizes to run time (`?` dimensions): its factory
    is called, at run time, with the op's operand types made static from the operands' shapes,
    once per shape signature (so the kernels of the static forms serve the dynamic ones too).
    Checks what the verifier could not: operands of element-wise ops of one shape (the
    dynamism RFC leaves a mismatch undefined, and numpy would broadcast: a wrong answer, not
    an error), and every result against its declared type and the per-value limit."""

    __slots__ = ("factory", "op", "value_limit", "elementwise", "kernels", "kernel")

    def __init__(self, factory, op: DecodedOp, value_limit: int | None):
        self.factory, self.op, self.value_limit = factory, op, value_limit
        self.elementwise = has_trait(op.name, ELEMENTWISE)
        self.kernels: dict = {}  # operand shapes -> Kernel
        self.kernel = Kernel(self.run)  # in_place, branches and one: none (they serve static ops)

    def run(self, *args):
        op = self.op
        count = op.num_operands
        key = tuple(_shape_of(a) for a in args[:count])
        kernel = self.kernels.get(key)
        if kernel is None:
            if len(self.kernels) >= MAX_SPECIALISED:  # e.g. a loop whose carry grows: bound the memory
                self.kernels.clear()
            kernel = self.kernels[key] = self._specialise(args[:count])
        try:
            out = kernel.run(*args)
        except (ValueError, IndexError, np.linalg.LinAlgError) as e:  # numpy rejects the shapes
            raise InterpreterError(f"operands of run-time shapes {_shapes_text(args[:count])} do not fit the op's "
                                   f"constraints ({type(e).__name__}: {e})") from None
        for index, (value, spec) in enumerate(zip(out, op.result_specs)):
            _check_value(value, spec, f"result {index}", args[:count], self.value_limit)
        return out

    def _specialise(self, operands) -> Kernel:
        op = self.op
        specs = op.operand_specs  # operands fit them: every value is checked where it is made
        if self.elementwise:
            shapes = {v.shape for v in operands if v.ndim}  # rank-0 operands of select and clamp aside
            if len(shapes) > 1:
                raise InterpreterError(f"element-wise operands have different run-time shapes "
                                       f"{_shapes_text(operands)}")
        concrete = tuple(_concrete(spec, value) for spec, value in zip(specs, operands))
        return _made(self.factory(op.specialised(concrete)), op)


def _made(kernel, op: DecodedOp) -> Kernel:
    """What `op`'s factory made, checked, as the plan runs it (Kernel.for_results)."""
    if not isinstance(kernel, Kernel):
        raise InterpreterError(f"internal: the kernel factory of {op.name} returned a {type(kernel).__name__}, "
                               "not a Kernel")
    return kernel.for_results(op.result_specs)


def _shape_of(value):
    return getattr(value, "shape", None)  # tuples and tokens: None (no kernel reads a tuple's shapes)


def _shapes_text(values) -> str:
    return ", ".join(str(_shape_of(v)) for v in values)


def _concrete(spec, value):
    """`spec` made static by the shape of `value`, a value of it (tuples and tokens as they are)."""
    return spec.concrete(value.shape) if isinstance(spec, TensorSpec) else spec


def _check_value(value, spec, what: str, operands, value_limit: int | None) -> None:
    """That `value` (a result of an op of dynamic types) fits its type `spec`. A tuple's elements
    were checked where they were made (custom_call results as a function's arguments)."""
    if not isinstance(spec, TensorSpec):
        return
    if not spec.matches_shape(value.shape):
        raise InterpreterError(f"{what} has run-time shape {value.shape}, which does not fit its type {spec.text} "
                               f"(operands of run-time shapes {_shapes_text(operands)})")
    if value_limit is not None and value.nbytes > value_limit:
        raise InterpreterError(f"{what} of shape {value.shape} takes {format_bytes(value.nbytes)}, more than the "
                               f"limit of {format_bytes(value_limit)} per value (Limits.max_value_bytes)")
