"""backend="auto" below the entry: when the entry's whole program does not lower, the
interpreter runs it, and each function it calls whose own program (the function and its
callees) lowers runs as native code. `native_callees` finds and compiles those functions and
says, per function, which backend runs it and why."""

from __future__ import annotations

import re

from .compiled import CompiledProgram, LoweringError, _parsed

_NOT_LEGALIZED = re.compile(r"error: (\S+): failed to legalize operation '([^']+)'")


def failure_reason(error: LoweringError) -> str:
    """One line saying why a program did not lower: "'stablehlo.fft' at <location> does not
    lower", else the error's first line."""
    found = _NOT_LEGALIZED.search(str(error))
    if found:
        return f"'{found.group(2)}' at {found.group(1)} does not lower"
    return str(error).splitlines()[0]


# The ops that call a function, and the attribute naming it.
_CALLERS = {"func.call": "callee", "stablehlo.composite": "decomposition"}


def _callees(function) -> list:
    """The functions `function` calls (func.call, composite's decomposition), in order of first
    call."""
    import mlir.ir as ir

    found = []

    def visit(op):
        if op.name in _CALLERS:
            name = ir.FlatSymbolRefAttr(op.attributes[_CALLERS[op.name]]).value
            if name not in found:
                found.append(name)
        return ir.WalkResult.ADVANCE

    function.operation.walk(visit)
    return found


def _closure(name: str, calls: dict) -> list:
    """`name` and every function it reaches through calls."""
    reached, pending = [], [name]
    while pending:
        current = pending.pop()
        if current in reached or current not in calls:
            continue
        reached.append(current)
        pending.extend(calls[current])
    return reached


def _program_of(module, name: str, calls: dict):
    """A new module of `name` (made public: the entry of its own program) and its callees."""
    import mlir.ir as ir

    with module.context, ir.Location.unknown():
        program = ir.Module.create()
        functions = {ir.StringAttr(op.attributes["sym_name"]).value: op
                     for op in module.body.operations if op.operation.name == "func.func"}
        for callee in _closure(name, calls):
            copy = functions[callee].operation.clone(ir.InsertionPoint(program.body))
            if callee == name and "sym_visibility" in copy.attributes:
                del copy.attributes["sym_visibility"]
    return program


def native_callees(module_or_text, entry: str = "main", strict: bool = False, limits=None) -> tuple:
    """({name: CompiledProgram}, [report line]) for the functions the interpreter calls while
    running `entry` (which did not lower): a callee whose program lowers runs compiled (its
    own callees inside it), one that does not is interpreted and its callees are tried in
    turn. A report line is "@name: compiled" or "@name: interpreter (why)". `limits`: the
    callees' loops check Limits.max_iterations; with a Limits.timeout every callee is
    interpreted (a compiled callee's clock would start at its own call, not at the entry's)."""
    import mlir.ir as ir

    from ..interpreter.core.limits import Limits

    limits = Limits.of(limits)
    if limits.timeout is not None:
        return {}, [f"callees of @{entry}: interpreter (Limits.timeout is measured from the entry's call, "
                    "which the interpreter runs)"]
    module = _parsed(module_or_text, strict)
    calls = {ir.StringAttr(op.attributes["sym_name"]).value: _callees(op)
             for op in module.body.operations if op.operation.name == "func.func"}
    natives, report, seen = {}, [], {entry}
    pending = list(calls.get(entry, ()))
    while pending:
        name = pending.pop(0)
        if name in seen or name not in calls:
            continue
        seen.add(name)
        try:
            natives[name] = native = CompiledProgram(_program_of(module, name, calls), name, limits=limits)
            native.own_outfeed = False  # what it outfeeds belongs to the interpreter's run
            report.append(f"@{name}: compiled")
        except LoweringError as e:
            report.append(f"@{name}: interpreter ({failure_reason(e)})")
            pending.extend(calls[name])
    return natives, report
