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

Built-in targets (docs/custom_calls.md; `builtin_targets()` lists them): the
check forms (checks.py), JAX's LAPACK targets (lapack.py), `shape_assertion`,
the placement and sharding annotations that are identities on one device, and
JAX's host callbacks, which fail with an error naming the callback.
"""

from __future__ import annotations

import re

import numpy as np
from typing import Callable

from ...core.errors import InterpreterError
from ...core.registry import Kernel, lookup_custom_call_target, register, register_custom_call_targets
from ...core.types import coerce_argument

__all__ = ["register_custom_call", "unregister_custom_call", "registered_custom_calls", "builtin_targets"]

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
def _custom_call(op):
    """A built-in target's factory (register_custom_call_targets), else a user's target."""
    factory = lookup_custom_call_target(op.attrs["call_target_name"]) or _user_target_kernel
    return factory(op)


_PLACEHOLDER = re.compile(r"\{(\d+)\}")


@register_custom_call_targets("shape_assertion")
def _shape_assertion(op):
    """JAX's shape assertion in shape-polymorphic exports: `(predicate, operands...)`, no
    results; a false predicate fails the call with `error_message`, whose `{k}` is operand k
    after the predicate (JAX's format; XLA raises the same error)."""
    message = op.attrs.get("error_message", "")

    def shape_assertion(predicate, *operands):
        if not bool(predicate):
            texts = [str(v.item() if v.ndim == 0 else v) for v in operands]
            text = _PLACEHOLDER.sub(lambda m: texts[int(m[1])] if int(m[1]) < len(texts) else m[0], message)
            raise InterpreterError(f"shape assertion failed: {text}")
        return ()

    return Kernel(shape_assertion)


# Annotations XLA resolves when it places and partitions a program: on one device each hands its
# operand through unchanged (SPMDFullToShardShape and SPMDShardToFullShape only change the type
# when the program is partitioned over several devices).
IDENTITY_TARGETS = ("annotate_device_placement", "Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape",
                    "MoveToHost", "MoveToDevice")


@register_custom_call_targets(*IDENTITY_TARGETS)
def _identity_target(op):
    """Identity on one device: one operand, one result of the same type."""
    target = op.attrs["call_target_name"]
    if op.num_operands != 1 or op.num_results != 1:
        raise InterpreterError(f"custom_call @{target} takes one operand and has one result on one device, got "
                               f"{op.num_operands} operands and {op.num_results} results")
    source, result = op.operand_specs[0], op.result_specs[0]
    if source.text != result.text:
        raise InterpreterError(f"custom_call @{target} turns {source.text} into {result.text}: that is a change of "
                               "shard shape for a program partitioned over several devices, not an identity on "
                               "one device")

    def identity(x):
        return (x,)

    return Kernel(identity)


# Buffers (upstream's current spec, "Special custom_call targets"): a buffer is a writable array
# of its own. Pin copies a tensor into a new one, Unpin copies a buffer's content out (a tensor
# does not change when the buffer does later), CreateBuffer makes one of zeros (the spec leaves
# it uninitialized; zeros make runs repeatable). Other targets get buffers themselves, so one
# that writes into a buffer it aliases to a result writes the caller's buffer.
@register_custom_call_targets("Pin")
def _pin(op):
    """A new buffer holding a copy of the operand tensor."""
    return Kernel(lambda x: (np.array(x, copy=True),))


@register_custom_call_targets("Unpin")
def _unpin(op):
    """A tensor holding a copy of the buffer's content."""

    def unpin(buffer):
        value = np.array(buffer, copy=True)
        value.flags.writeable = False
        return (value,)

    return Kernel(unpin)


@register_custom_call_targets("CreateBuffer")
def _create_buffer(op):
    """A new buffer of the result type, of zeros (a static shape only)."""
    spec = op.result_specs[0]
    if not spec.is_static:
        raise InterpreterError(f"custom_call @CreateBuffer of {spec.text}: a buffer of dynamic shape has no "
                               "size to create")
    return Kernel(lambda: (np.zeros(spec.shape, spec.dtype),))


# JAX's host callbacks (jax.pure_callback, jax.experimental.io_callback, jax.debug.print,
# jax.debug.callback): the program names a Python function of the exporting process by index,
# which a program's text does not carry. Not in the registry, so a user target can stand in.
CALLBACK_TARGETS = ("xla_ffi_python_cpu_callback", "xla_ffi_partitioned_python_cpu_callback",
                    "xla_python_cpu_callback", "xla_ffi_python_gpu_callback",
                    "xla_ffi_partitioned_python_gpu_callback", "xla_python_gpu_callback")


def _host_callback(op):
    """A host callback: an error when the program is compiled, naming the callback (unless the
    user registered a stand-in with register_custom_call)."""
    target = op.attrs["call_target_name"]
    index = lapack.backend_config(op).get("index")
    which = f"callback {index} of the exporting process" if index is not None else "a callback"
    raise InterpreterError(f"custom_call @{target} calls {which} (jax.pure_callback, io_callback or "
                           f"jax.debug.print/callback); the Python function is not in the program, so it cannot "
                           f"run here (register an implementation with register_custom_call(\"{target}\", fn) "
                           "to stand in for it)")


def builtin_targets() -> list[tuple[str, str]]:
    """(target, one-line description) of every built-in custom_call target, sorted by target: what
    `stablehlo-py targets` prints (docs/custom_calls.md has the conventions)."""
    from ...core.registry import custom_call_targets

    def summary(fn) -> str:  # the docstring's first paragraph, on one line
        return " ".join((fn.__doc__ or "").strip().split("\n\n")[0].split())

    rows = [(target, summary(factory)) for target, factory in custom_call_targets().items()]
    return sorted(rows + [(target, summary(_host_callback)) for target in CALLBACK_TARGETS])


def _user_target_kernel(op):
    """The kernel of `stablehlo.custom_call @target` for a registered user target."""
    target = op.attrs["call_target_name"]
    fn = _TARGETS.get(target)
    if fn is None and target in CALLBACK_TARGETS:
        return _host_callback(op)
    if fn is None:
        known = ", ".join(f"@{t}" for t in registered_custom_calls()) or "none"
        raise InterpreterError(f"unsupported custom_call target @{target} (register a Python implementation "
                               f"with stablehlo_py.interpreter.register_custom_call; registered: {known})")
    specs = op.result_specs
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


from . import lapack  # noqa: E402,F401 - registers the built-in LAPACK targets
