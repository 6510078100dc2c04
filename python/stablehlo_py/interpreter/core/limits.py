"""Resource limits of a run: bytes per value, bytes in total, loop iterations, wall time.

    run = compile(text, limits=Limits(max_total_bytes=2**30, timeout=10.0))
    interpret(text, x, limits={"max_iterations": 10_000})

Memory is checked before allocating: the size of every statically shaped result
is known from its type when the plan is prepared, so an op whose result (or the
values its function holds once it has run) would pass a limit becomes a step
that raises an InterpreterError naming the op, without running its kernel.
Results of dynamic shape are checked when they are made.  Iterations and time
are checked by each `while` (time every 1024 iterations in scalar loops). Compiled code
(stablehlo_py.compile's compiled backend) checks iterations and time in its loops too, with the
same errors (lowering/runtime.py, LoopChecks), but no memory limit: a memory limit tighter than
its default keeps the interpreter.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields

__all__ = ["Limits", "MAX_CALL_DEPTH", "physical_memory"]

# func.call nesting (recursion) deeper than this is an error, not a Python stack overflow.
MAX_CALL_DEPTH = 100


def physical_memory() -> int | None:
    """Bytes of physical memory (None if the system does not say), lowered to RLIMIT_AS if set."""
    try:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        total = None
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY and soft > 0:
            total = soft if total is None else min(total, soft)
    except (ImportError, ValueError, OSError):
        pass
    return total if total and total > 0 else None


def _fraction_of_memory(fraction: float) -> int | None:
    total = physical_memory()
    return None if total is None else int(total * fraction)


@dataclass(frozen=True)
class Limits:
    """Limits of one prepared program; None means unlimited.

    max_value_bytes: size of any one value (by its type: a broadcast counts its full shape);
        default half the physical memory.
    max_total_bytes: bytes of the values a function holds at once (its results so far plus
        those of the functions and regions running inside it); default 3/4 of physical memory.
    max_iterations: iterations of each execution of each `while`; default unlimited.
    timeout: wall time of one call in seconds, checked by `while` loops; default unlimited.
    """

    max_value_bytes: int | None = field(default_factory=lambda: _fraction_of_memory(0.5))
    max_total_bytes: int | None = field(default_factory=lambda: _fraction_of_memory(0.75))
    max_iterations: int | None = None
    timeout: float | None = None

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            kind = float if f.name == "timeout" else int
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0 or (
                    kind is int and value != int(value)):  # `not >=` also rejects NaN
                raise ValueError(f"Limits.{f.name} must be a non-negative {kind.__name__} or None, got {value!r}")
            object.__setattr__(self, f.name, kind(value))

    @classmethod
    def of(cls, limits) -> "Limits":
        """`limits` as Limits: None gives the defaults; a dict sets the named fields."""
        if limits is None:
            return cls()
        if isinstance(limits, cls):
            return limits
        if isinstance(limits, dict):
            names = {f.name for f in fields(cls)}
            unknown = sorted(set(limits) - names)
            if unknown:
                raise ValueError(f"unknown limits {unknown} (known: {', '.join(sorted(names))})")
            return cls(**limits)
        raise TypeError(f"limits must be a Limits, a dict or None, got {type(limits).__name__}")


def too_many_iterations(limit: int) -> str:
    """The error of a loop past Limits.max_iterations (the interpreter's and the compiled code's)."""
    return f"the loop did not end within {limit} iterations (Limits.max_iterations)"


def timed_out(timeout: float, iterations: int) -> str:
    """The error of a loop past Limits.timeout after `iterations` iterations of its own."""
    return f"timeout: the call ran for more than {timeout:g} s (Limits.timeout), stopped after {iterations} " \
           "iterations of this loop"


def format_bytes(n: int) -> str:
    """`n` bytes, exact, with a rounded binary unit when large: '4000000 bytes (3.81 MiB)'."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n} bytes ({n / size:.3g} {unit})"
    return f"{n} bytes"
