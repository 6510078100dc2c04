"""User implementations of `stablehlo.custom_call` targets.

    from stablehlo_py.interpreter import register_custom_call

    @register_custom_call("my_lib.scale")
    def scale(x, factor):          # numpy arrays in, in operand order
        return x * factor          # one array, a sequence of arrays, or None

The function gets the call's operands as read-only numpy arrays (tuples as
Python tuples, tokens as TOKEN) and returns its results: one value for a
single result, a sequence for several, None for none.  Each result must have
exactly the declared dtype and shape; anything else is an InterpreterError
naming the target.  `check.*` targets are built in (checks.py) and cannot be
replaced.  Targets are looked up when a module is compiled, so register them
before calling `compile`/`interpret`.
"""

from __future__ import annotations

import re
from typing import Callable

from .errors import InterpreterError
from .registry import Kernel, lookup_custom_call_target, register, register_custom_call_targets
from .types import coerce_argument

__all__ = ["register_custom_call", "unregister_custom_call", "registered_custom_calls"]

_TARGETS: dict[str, Callable] = {}


def register_custom_call(target: str, fn: Callable | None = None):
    """Register `fn` as the implementation of custom_call target `target`
    (usable as a decorator).  Registering a target again replaces it."""
    if not isinstance(target, str) or not target:
        raise ValueError("custom_call target must be a non-empty string")
    if target.startswith("check."):
        raise ValueError(f"custom_call @{target}: check.* targets are built into the interpreter")

    def decorate(function: Callable) -> Callable:
        if not callable(function):
            raise TypeError(f"custom_call @{target}: implementation must be callable")
        _TARGETS[target] = function
        return function

    return decorate if fn is None else decorate(fn)


def unregister_custom_call(target: str) -> None:
    _TARGETS.pop(target, None)


def registered_custom_calls() -> list[str]:
    return sorted(_TARGETS)


@register("stablehlo.custom_call")
def _custom_call(ctx):
    target = ctx.attrs["call_target_name"]
    builtin = lookup_custom_call_target(target)
    return builtin(ctx, target) if builtin is not None else _user_target_kernel(ctx, target)


_PLACEHOLDER = re.compile(r"\{(\d+)\}")


@register_custom_call_targets("shape_assertion")
def _shape_assertion(ctx, target: str):
    """JAX's shape assertion in shape-polymorphic exports: `(predicate, operands...)`, no
    results; a false predicate fails the call with `error_message`, whose `{k}` is operand k
    after the predicate (JAX's format; XLA raises the same error)."""
    message = ctx.attrs.get("error_message", "")

    def shape_assertion(predicate, *operands):
        if not bool(predicate):
            texts = [str(v.item() if v.ndim == 0 else v) for v in operands]
            text = _PLACEHOLDER.sub(lambda m: texts[int(m[1])] if int(m[1]) < len(texts) else m[0], message)
            raise InterpreterError(f"shape assertion failed: {text}")
        return ()

    return Kernel(shape_assertion)


def _user_target_kernel(ctx, target: str):
    """The kernel of `stablehlo.custom_call @target` for a registered user target."""
    fn = _TARGETS.get(target)
    if fn is None:
        known = ", ".join(f"@{t}" for t in registered_custom_calls()) or "none"
        raise InterpreterError(f"unsupported custom_call target @{target} (register a Python implementation "
                               f"with stablehlo_py.interpreter.register_custom_call; registered: {known})")
    specs = ctx.result_specs
    where = f"custom_call @{target} result"

    def check(index, value):  # the same checks, and messages, as for a function's arguments
        return coerce_argument(index, value, specs[index], target, f"{where} {index}")

    def kernel(*operands):
        try:
            out = fn(*operands)
        except InterpreterError:
            raise
        except Exception as e:  # noqa: BLE001 - the user's function failed: report it as the op's error
            raise InterpreterError(f"custom_call @{target} raised {type(e).__name__}: {e}") from e
        if not specs:
            if out is not None:
                raise InterpreterError(f"custom_call @{target} has no results but its implementation returned "
                                       f"{type(out).__name__}")
            return ()
        if len(specs) == 1:
            return (check(0, out),)
        if not isinstance(out, (tuple, list)) or len(out) != len(specs):
            raise InterpreterError(f"custom_call @{target} has {len(specs)} results; its implementation must "
                                   f"return a sequence of {len(specs)} values, got {type(out).__name__}")
        return [check(i, v) for i, v in enumerate(out)]

    return Kernel(kernel)
