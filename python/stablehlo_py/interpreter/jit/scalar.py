"""Scalar loops: a while loop over rank-0 values as one generated Python function.

A loop such as a counter and a few float carries spends almost all its time in
per-op overhead: a numpy call on 0-d arrays costs about a microsecond, the
arithmetic a few nanoseconds.  When every value of a while's condition and
body is a rank-0 tensor (the plan records this as `Function.all_scalar`),
the loop is compiled once into Python source over numpy scalars:

    def scalar_while(s0, s1, e0):
        s0 = s0[()]; s1 = s1[()]; e0 = e0[()]
        while True:
            c3 = s0 < c_k2                  # the condition's steps
            if not c3: break
            b4 = s1 * b_k1                  # the body's steps
            s0, s1 = b6, b4
        return [asarray(s0), asarray(s1)]

Ops with a scalar form (registry.register_scalar, a ScalarForm) become its
expression (the values it names, and `result`, become globals of the generated
function under names unique to the op); if
and case with scalar branches become Python if/elif/else; any other op calls
its own kernel on 0-d arrays, so results are the kernels' results either way
(the compiled loop's `kernel_calls` names those ops, and `source` is its code).  An error names the op whose line raised it.

Before that, the loop is compiled to native code where its bits are the interpreter's (the
compiled tier): the while op is outlined into a module of its own (`_stablehlo.outline_loop`:
`@main(carries..., captured values...)` holding a clone of the op, captured constants cloned
in, locations kept) and compiled by the compiled backend (a `loop compiler`, set_loop_compiler:
the lowering registers lowering.CompiledProgram, a layer above this one) on the loop's first
call.  Its loops always call the runtime's loop check: Limits.max_iterations and timeout as
here, and Ctrl-C (a pending signal) stops an endless loop.  Not compiled, and run by this
module's Python loop: loops with an op whose compiled bits may differ from its kernel's
(`_INEXACT`: float power, atan2 and cbrt are the C library's; chlo ops are decomposed), on an
element type not in `_TYPES`, with an op whose kernel is not a registered element-wise one
(replaced, say, or a nested while), of more than `_MAX_VALUES` carries and captures, and a
loop the lowering refuses (LoweringError on its first call).  `native_unsupported` says why.
`STABLEHLO_PY_NATIVE=0` in the environment turns the compiled tier off.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Callable

import numpy as np

from ... import _stablehlo
from ..core import registry
from ..core.errors import InterpreterError

if TYPE_CHECKING:  # the plan runs the kernels; kernels only read its prepared functions
    from ..core.plan import Function, Region

__all__ = ["compile_while"]


class _Source:
    """Python source being generated, with the op each line belongs to and the globals it uses."""

    def __init__(self):
        self.lines: list[str] = []
        self.line_ops: dict[int, tuple] = {}  # line number (1-based) -> DecodedOp.where of its op
        self.globals: dict = {"np": np, "asarray": np.asarray, "_scalar": _scalar}
        self.kernel_calls: list[str] = []  # ops without a scalar form, which call their kernels

    def add(self, line: str, indent: int, where: tuple | None = None) -> None:
        self.lines.append("    " * indent + line)
        if where is not None:
            self.line_ops[len(self.lines)] = where

    def bind(self, name: str, value) -> str:
        self.globals[name] = value
        return name


def _scalar(value):
    return np.asarray(value)[()]


def _emit_function(src: _Source, fn: Function, prefix: str, inputs: list[str], indent: int) -> list[str]:
    """Emit the steps of scalar `fn` with its inputs named `inputs`; returns its results' names."""
    names: dict[int, str] = dict(zip(fn.input_slots, inputs))
    constants: set[str] = set()  # names of values known when the loop is compiled
    for slot, value in enumerate(fn.preset):
        if value is not None:
            names[slot] = src.bind(f"{prefix}_k{slot}", _scalar(value))
            constants.add(names[slot])

    def define(slot: int) -> str:
        names[slot] = f"{prefix}{slot}"
        return names[slot]

    for index, ((run, ins, outs, _), op) in enumerate(zip(fn.steps, fn.ops)):
        args = [names[i] for i in ins]
        form = op.kernel.scalar_form
        if form is not None:  # scalar forms exist for one-result ops only
            if form.specialize is not None:  # a simpler form for some constant operands
                known = [src.globals[a] if a in constants else None for a in args]
                form = (form.specialize(known) if any(k is not None for k in known) else None) or form
            values = {"result": op.result_specs[0].dtype.type, **form.values}  # bound under unique names
            named = {key: src.bind(f"{prefix}_n{index}_{key}", value) for key, value in values.items()}
            expression = form.expression.format(*args, **named)
            if args and all(a in constants for a in args):  # a scalar form of constants: computed once
                value = _evaluate(expression, src.globals)
                if value is not None:
                    names[outs[0]] = src.bind(f"{prefix}_k{outs[0]}", value)
                    constants.add(names[outs[0]])
                    continue
            src.add(f"{define(outs[0])} = {expression}", indent, op.where)
            continue
        branches = op.kernel.branches
        if branches is not None and all(b.fn.all_scalar for b in branches):
            _emit_branches(src, branches, args, [define(o) for o in outs], f"{prefix}_{index}_", indent, op.where)
            continue
        src.kernel_calls.append(op.where[0])
        call = f"{src.bind(f'{prefix}_f{index}', run)}({', '.join(f'asarray({a})' for a in args)})"
        if outs:
            src.add(f"_r = {call}", indent, op.where)
            src.add(", ".join(define(o) for o in outs) + " = " +
                    ", ".join(f"_scalar(_r[{i}])" for i in range(len(outs))), indent, op.where)
        else:
            src.add(call, indent, op.where)
    return [names[slot] for slot in fn.result_slots]


def _evaluate(expression: str, globals_: dict):
    """The numpy scalar `expression` (of constants) evaluates to, or None if it raises (the loop
    then computes it where it stands, and reports the error there if that line runs)."""
    try:
        with np.errstate(all="ignore"):
            value = eval(expression, dict(globals_))  # noqa: S307 - a scalar form of bound constants
    except Exception:  # noqa: BLE001
        return None
    return value if isinstance(value, np.generic) else None


def _emit_branches(src: _Source, branches: list, args: list[str], outputs: list[str], prefix: str, indent: int,
                   info: tuple) -> None:
    """An if (two branches, selector a predicate) or case (selector an index, past the end or
    negative meaning the last branch) as Python if/elif/else over its scalar branches."""
    selector, extras = args[0], args[1:]
    if len(branches) == 2 and info[0] == "stablehlo.if":
        tests = [f"if {selector}:", "else:"]
    else:
        src.add(f"_index = int({selector})", indent, info)
        tests = [f"{'if' if k == 0 else 'elif'} _index == {k}:" for k in range(len(branches) - 1)] + ["else:"]
    for k, (test, branch) in enumerate(zip(tests, branches)):
        src.add(test, indent, info)
        results = _emit_function(src, branch.fn, f"{prefix}{k}_", extras[branch.start:branch.stop], indent + 1)
        src.add(f"{', '.join(outputs)} = {', '.join(results)}" if outputs else "pass", indent + 1, info)


class Unsupported(Exception):
    """The compiled tier does not take the loop (the message says why)."""


# op -> the element categories or types on which its compiled bits may differ from its kernel's:
# compiled, power, atan2 and cbrt are the C library's where the kernels call numpy's loops; and
# of two f16 NaN operands, compiled code returns the other one than numpy's loop
_INEXACT = {"stablehlo.power": ("float", "complex"), "stablehlo.atan2": ("float", "complex"),
            "stablehlo.cbrt": ("float", "complex"), "stablehlo.add": ("f16",), "stablehlo.multiply": ("f16",)}
# the element types whose compiled ops are tested bit for bit against the kernels
# (jit/test_native_loops.py); bf16's NaN payloads already differ, the others are untested
_TYPES = frozenset(("i1", "i8", "i16", "i32", "i64", "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32", "ui64",
                    "f16", "f32", "f64"))
_loop_compiler: Callable | None = None
# LLVM's time grows about as the cube of the values a loop carries and captures (49: 0.7 s, 97:
# 3.6 s, 145: 16 s on a busy 2-core machine): bigger loops stay in Python
_MAX_VALUES = 64


def set_loop_compiler(compiler: Callable) -> None:
    """`compiler(module, limits)`: a program whose `call_within(runtime, arrays)` runs @main of
    `module` (an outlined loop, as bytecode) as native code, its loops checking `limits` and
    Ctrl-C; it raises (a LoweringError, say) for a module it cannot compile.  The lowering sets
    it (a layer above the interpreter's)."""
    global _loop_compiler
    _loop_compiler = compiler


def enabled() -> bool:
    return os.environ.get("STABLEHLO_PY_NATIVE", "1") != "0"


def compile_while(cond: Region, body: Region, count: int, num_extras: int, runtime=None, op=None):
    """A function `(*state, *extras) -> list of results` running the loop, or None if some value
    of the loop is not a rank-0 tensor: native code (the compiled tier, from `op`, the while's
    DecodedOp) where it computes the kernels' bits, else Python over numpy scalars.  Its `tier`
    says which ("compiled" or "python"; a loop the lowering refuses on its first call runs in
    Python from then on, and says so), `native_unsupported` why the compiled tier did not take
    it.  With a `runtime` that has loop limits, the loop counts iterations and checks the clock
    periodically."""
    if not (cond.fn.all_scalar and body.fn.all_scalar):
        return None

    def python_loop():
        return _compile_python(cond, body, count, num_extras, runtime)

    try:
        return _compiled_loop(op, cond, body, count, runtime, python_loop)
    except Unsupported as e:
        loop = python_loop()
        loop.native_unsupported = str(e)
        return loop
    except Exception as e:  # noqa: BLE001 - a bug of the compiled tier must not stop the loop from running
        loop = python_loop()
        loop.native_unsupported = f"internal: {type(e).__name__}: {e}"
        return loop


def _compiled_loop(op, cond: Region, body: Region, count: int, runtime, fallback: Callable[[], Callable]):
    """The loop as native code, compiled on its first call (if the lowering then refuses it,
    `fallback()`'s Python loop runs from then on).  Raises Unsupported now for a loop whose
    compiled bits could differ from the kernels'."""
    if not enabled():
        raise Unsupported("disabled by STABLEHLO_PY_NATIVE=0")
    if _loop_compiler is None:
        raise Unsupported("no loop compiler: the lowering (stablehlo_py.lowering) is not loaded")
    if op is None or op.op is None:
        raise Unsupported("the while op's IR is gone")
    _check_ops(cond.fn)
    _check_ops(body.fn)
    # the loop's extras are the values its regions capture, in the plan's order
    module, captured = _stablehlo.outline_loop(op.op, list(op.extras))
    if count + len(captured) > _MAX_VALUES:
        raise Unsupported(f"a loop of {count + len(captured)} values (LLVM's time grows faster than its size)")
    program_bytes = module.operation.get_asm(binary=True, enable_debug_info=True)
    limits = None if runtime is None else runtime.limits
    state: dict = {"program": None, "python": None}
    lock = threading.Lock()

    def prepare() -> None:
        try:
            state["program"] = _loop_compiler(program_bytes, limits)
        except Exception as e:  # noqa: BLE001 - the lowering's refusal (or a bug): the Python loop runs instead
            state["python"] = fallback()
            run_compiled_while.tier, run_compiled_while.native_unsupported = "python", f"{type(e).__name__}: {e}"
            run_compiled_while.source = state["python"].source

    def run_compiled_while(*values):
        if state["program"] is None and state["python"] is None:
            with lock:
                if state["program"] is None and state["python"] is None:
                    prepare()
        if state["python"] is not None:
            return state["python"](*values)
        arguments = (*values[:count], *(values[count + k] for k in captured))  # the native call takes a tuple
        if runtime is None:
            return state["program"](*arguments)
        return state["program"].call_within(runtime, arguments)

    run_compiled_while.tier = "compiled"
    run_compiled_while.kernel_calls = ()
    run_compiled_while.source = str(module)
    run_compiled_while.native_unsupported = None
    return run_compiled_while


def _check_ops(fn: Function) -> None:
    """Raise Unsupported for an op of `fn` (or of its branches) that the compiled tier does not take."""
    for op in fn.ops:
        branches = op.kernel.branches
        if branches is not None:  # if and case
            for branch in branches:
                _check_ops(branch.fn)
            continue
        if op.quantized:
            raise Unsupported(f"op {op.name} on quantized values: the lowering's own expansion")
        if op.name.startswith("chlo."):
            raise Unsupported(f"op {op.name}: the lowering decomposes it, its kernel does not")
        for spec in (*op.operand_specs, *op.result_specs):
            if spec.element.name not in _TYPES:
                raise Unsupported(f"op {op.name} on {spec.element.name}: not a type the compiled tier takes")
        inexact = _INEXACT.get(op.name, ())
        element = op.operand_specs[0].element if op.operand_specs else None
        if element is not None and (element.category in inexact or element.name in inexact):
            raise Unsupported(f"op {op.name} on {element.name}: its compiled bits may differ from its kernel's")
        if not registry.has_trait(op.name, registry.ELEMENTWISE):
            raise Unsupported(f"op {op.name}: its kernel is not a registered element-wise one")


def _compile_python(cond: Region, body: Region, count: int, num_extras: int, runtime):
    """The loop as generated Python over numpy scalars (the module's docstring)."""
    state = [f"s{i}" for i in range(count)]
    extras = [f"e{i}" for i in range(num_extras)]
    src = _Source()
    params = state + extras
    src.add(f"def scalar_while({', '.join(params)}):", 0)
    for name in params:
        src.add(f"{name} = {name}[()]", 1)
    checked = runtime is not None and runtime.checks_loops
    if checked:  # a countdown to the next check (Runtime.loop_checker), fresh per execution
        src.bind("_loop_checker", runtime.loop_checker)
        src.add("_check = _loop_checker()", 1)
        src.add("_k = 1", 1)
    src.add("while True:", 1)
    (done,) = _emit_function(src, cond.fn, "c", state + extras[cond.start:cond.stop], 2)
    src.add(f"if not {done}:", 2)
    src.add("break", 3)
    if checked:
        src.add("_k -= 1", 2)
        src.add("if not _k:", 2)
        src.add("_k = _check()", 3)
    results = _emit_function(src, body.fn, "b", state + extras[body.start:body.stop], 2)
    if state:
        src.add(f"{', '.join(state)} = {', '.join(results)}", 2)
    src.add(f"return [{', '.join(f'asarray({s})' for s in state)}]", 1)
    code = compile("\n".join(src.lines) + "\n", "<scalar while>", "exec")
    namespace = dict(src.globals)
    exec(code, namespace)  # noqa: S102 - source generated above from the plan, no user text
    loop = namespace["scalar_while"]

    def run_scalar_while(*values):
        try:
            return loop(*values)
        except Exception as e:  # noqa: BLE001 - report any failure at the op whose line raised it
            error = e if isinstance(e, InterpreterError) else InterpreterError(f"{type(e).__name__}: {e}")
            where = _failing_op(e.__traceback__, loop.__code__, src.line_ops)
            if where is not None:
                error.located(*where)
            if error is e:
                raise
            raise error from e

    run_scalar_while.tier = "python"
    run_scalar_while.native_unsupported = None
    run_scalar_while.kernel_calls = tuple(src.kernel_calls)
    run_scalar_while.source = "\n".join(src.lines)
    return run_scalar_while


def _failing_op(tb, code, line_ops: dict):
    """(op name, location) of the generated line in traceback `tb`, if it passed through `code`."""
    while tb is not None:
        if tb.tb_frame.f_code is code:
            return line_ops.get(tb.tb_lineno)
        tb = tb.tb_next
    return None
