"""The numpy interpreter: run StableHLO functions on numpy arrays.

    results = interpret(module_or_text, *arrays, entry="main")
    run = compile(module_or_text, entry="main"); results = run(*arrays)
    interpret(..., limits=Limits(max_total_bytes=2**30, timeout=10.0))  # or a dict


`compile` prepares the module once (see plan.py); the returned callable only
executes the prepared plan.  The entry is `entry`, or, when `entry` is "main"
and there is no @main, the module's only function.  Values are numpy arrays
(ml_dtypes for bf16, f8, int4, ...); 0-d arrays for scalar tensors; Python
tuples for tuple values; `TOKEN` for `!stablehlo.token` values.  Every
failure is an `InterpreterError` naming the op and its location; a check
that does not hold is a `CheckFailure`.  `limits` (limits.py) bound the memory,
`while` iterations and wall time of a call; the memory defaults follow the machine.
"""

from __future__ import annotations

import numpy as np

from .errors import CheckFailure, InterpreterError, Reported
from .limits import Limits
from .plan import Function, PlanBuilder, Runtime
from .custom_calls import register_custom_call, registered_custom_calls, unregister_custom_call
from .registry import supported_ops
from .types import TOKEN, Token, TokenSpec, TupleSpec, coerce_argument

__all__ = ["interpret", "compile", "Executable", "InterpreterError", "CheckFailure", "Limits", "supported_ops", "TOKEN",
           "Token", "register_custom_call", "unregister_custom_call", "registered_custom_calls"]


_RUNNING = Reported("", "Python recursion limit reached")
_PREPARING = Reported(" while preparing", "module nesting too deep to prepare")


def _load_module(module_or_text):
    """(module operation, owner to keep alive) from an mlir Module, Operation/OpView or text."""
    import mlir.ir as ir

    if isinstance(module_or_text, (str, bytes)):
        from .._parsing import parse_module

        text = module_or_text.decode() if isinstance(module_or_text, bytes) else module_or_text
        try:
            module = parse_module(text)
        except ir.MLIRError as e:
            raise InterpreterError(f"cannot parse the module: {e}") from None
        return module.operation, module
    if isinstance(module_or_text, ir.Module):
        return _verified(module_or_text.operation), module_or_text
    op = getattr(module_or_text, "operation", module_or_text)
    if not isinstance(op, ir.Operation):
        raise InterpreterError(f"expected an mlir Module, Operation or text, got {type(module_or_text).__name__}")
    if op.name == "func.func":
        parent = op.parent
        if parent is None:
            raise InterpreterError("a func.func outside a module cannot be interpreted; pass its module")
        return _verified(parent), op
    if op.name != "builtin.module":
        raise InterpreterError(f"expected a builtin.module or func.func, got {op.name}")
    return _verified(op), op


def _verified(module_op):
    """`module_op` once the verifiers accept it: a module built in Python (or edited after parsing)
    has not been verified, and kernels rely on what verification guarantees."""
    import mlir.ir as ir

    try:
        module_op.verify()
    except ir.MLIRError as e:
        raise InterpreterError(f"the module does not verify: {e}") from None
    return module_op


def _entry_name(builder: PlanBuilder, entry: str) -> str:
    if entry in builder.symbols:
        return entry
    if entry == "main" and len(builder.symbols) == 1:
        return next(iter(builder.symbols))
    names = ", ".join(f"@{n}" for n in builder.symbols) or "none"
    raise InterpreterError(f"no function @{entry} in the module (functions: {names})")


class Executable:
    """A prepared entry function: call it with numpy arrays, get a list of numpy arrays."""

    def __init__(self, function: Function, runtime: Runtime | None = None):
        self._function = function
        self._runtime = runtime if runtime is not None else Runtime()
        self.limits = self._runtime.limits
        self.name = function.name
        self.arg_specs = list(function.arg_specs)
        self.result_specs = list(function.result_specs)

    def __repr__(self) -> str:
        args = ", ".join(s.text for s in self.arg_specs)
        results = ", ".join(s.text for s in self.result_specs)
        return f"<compiled @{self.name}: ({args}) -> ({results})>"

    def format_results(self, results: list) -> str:
        """The results of a call as the CLI and the interpret pass print them."""
        lines = []

        def describe(label, value, spec):
            if isinstance(spec, TupleSpec):
                lines.append(f"{label}: {spec.text}")
                for i, (v, s) in enumerate(zip(value, spec.elements)):
                    describe(f"{label} element {i}", v, s)
            elif isinstance(spec, TokenSpec):
                lines.append(f"{label}: {spec.text}")
            else:
                lines.append(f"{label}: {spec.text} shape={value.shape} dtype={value.dtype.name}")
                lines.append(np.array_repr(value))

        for index, (value, spec) in enumerate(zip(results, self.result_specs)):
            describe(f"@{self.name} result {index}", value, spec)
        return "\n".join(lines)

    def __call__(self, *arrays) -> list:
        specs = self.arg_specs
        if len(arrays) != len(specs):
            expected = ", ".join(s.text for s in specs)
            raise InterpreterError(f"@{self.name} takes {len(specs)} argument{'s' if len(specs) != 1 else ''} "
                                   f"({expected}), got {len(arrays)}")
        args = [coerce_argument(i, a, s, self.name) for i, (a, s) in enumerate(zip(arrays, specs))]
        with _RUNNING:
            self._runtime.start()
            with np.errstate(all="ignore"):
                results = self._function.run(args)
            return _outputs(results)


def _root(array: np.ndarray):
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def _outputs(results: list) -> list:
    """Results the caller may own and write: arguments are read-only views inside a
    run and constants are read-only, so a read-only result is copied; so is a result
    sharing its buffer with an earlier one."""
    seen: set = set()

    def own(r):
        if isinstance(r, tuple):
            return tuple(own(v) for v in r)
        if r is TOKEN:
            return r
        r = np.asarray(r)
        root = id(_root(r))
        if not r.flags.writeable or root in seen:
            r = r.copy()
            root = id(r)
        seen.add(root)
        return r

    return [own(r) for r in results]


def compile(module_or_text, entry: str = "main", limits=None) -> Executable:  # noqa: A001 - public API name
    """Prepare `entry` of a module once; returns a callable `(*arrays) -> list of arrays`.

    `limits`: a Limits, a dict of its fields, or None for the defaults."""
    limits = Limits.of(limits)
    with _PREPARING:
        module_op, _owner = _load_module(module_or_text)
        builder = PlanBuilder(module_op, limits)
        return Executable(builder.function(_entry_name(builder, entry)), builder.runtime)


def interpret(module_or_text, *arrays, entry: str = "main", limits=None) -> list:
    """Run `entry` of a module on `arrays`; returns the results as a list of numpy arrays."""
    return compile(module_or_text, entry, limits)(*arrays)
