"""Errors raised by the interpreter."""

from __future__ import annotations

__all__ = ["InterpreterError", "CheckFailure", "Reported"]


class InterpreterError(Exception):
    """A program could not be prepared or run.

    `op_name` and `location` (its text) name the op at fault once known (the
    plan fills them in for errors raised by kernels); `ir_location` is that op's
    `mlir.ir.Location` when known, for diagnostics attached to the op itself
    (the interpret pass). `str()` gives one readable line (plus detail lines for
    check failures).
    """

    def __init__(self, message: str, op_name: str | None = None, location: str | None = None,
                 ir_location=None):
        super().__init__(message)
        self.message = message
        self.op_name = op_name
        self.location = location
        self.ir_location = ir_location

    def located(self, op_name: str, location: str, ir_location=None) -> "InterpreterError":
        """Attach the op, unless a more precise (inner) op is already named."""
        if self.op_name is None:
            self.op_name, self.location, self.ir_location = op_name, location, ir_location
        return self

    def __str__(self) -> str:
        if self.op_name is None:
            return self.message
        return f"{self.op_name} at {self.location}: {self.message}"


class CheckFailure(InterpreterError):
    """A check op (check.expect_* or custom_call @check.expect_*) did not hold."""


class Reported:
    """`with Reported(stage, recursion):` lets an InterpreterError through and turns any other
    failure into one, so nothing escapes a public call untyped: exhausting Python's recursion
    (`recursion` says what that means here), memory, or an internal error, each named with
    `stage` ("" or " while preparing")."""

    __slots__ = ("stage", "recursion")

    def __init__(self, stage: str, recursion: str):
        self.stage, self.recursion = stage, recursion

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if kind is None or issubclass(kind, InterpreterError):
            return False
        if issubclass(kind, RecursionError):
            raise InterpreterError(self.recursion) from None
        if issubclass(kind, MemoryError):
            raise InterpreterError(f"out of memory{self.stage}: {error}") from None
        if issubclass(kind, Exception):  # never let an internal failure escape untyped
            raise InterpreterError(f"internal error{self.stage}: {kind.__name__}: {error}") from error
        return False  # KeyboardInterrupt, SystemExit
