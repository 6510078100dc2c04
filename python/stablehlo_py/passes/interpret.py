"""The `stablehlo-interpret` pass: run a module's entry function in a pass pipeline.

    from mlir.passmanager import PassManager
    from stablehlo_py.passes.interpret import interpret_pass, PASS_NAME
    pm = PassManager("builtin.module", context=ctx)
    pm.add(interpret_pass(), name=PASS_NAME, argument=PASS_NAME)
    pm.run(module.operation)   # raises mlir.ir.MLIRError if a check fails

The pass runs the entry function (`main`, or the module's only function)
with no arguments and leaves the IR unchanged.  If interpretation fails or a
check does not hold, it emits an error diagnostic (naming the op, its
location and the differing values) and signals pass failure.
"""

from __future__ import annotations

import sys

from ..interpreter import InterpreterError
from ..interpreter import compile as _compile
from ._common import PassError, guarded_pass

__all__ = ["PASS_NAME", "interpret_pass", "add_interpret_pass"]

PASS_NAME = "stablehlo-interpret"


def interpret_pass(entry: str = "main", print_results: bool = False, file=None):
    """A callable `(op, pass_) -> None` for `PassManager.add(callable, name=PASS_NAME)`.

    With `print_results`, the results are printed (to `file`, default stdout).
    """

    # No exception may leave the pass callback: it would unwind through MLIR's
    # C++ frames (built without exceptions), skipping their cleanup, and leave
    # the context broken (e.g. Ctrl-C here made a later enable_multithreading
    # abort the process). guarded_pass turns failures into errors.
    def stablehlo_interpret(op) -> None:
        try:
            run = _compile(op, entry)
            if run.arg_specs:
                raise InterpreterError(f"@{run.name} takes {len(run.arg_specs)} arguments; "
                                       f"{PASS_NAME} runs the entry function without arguments")
            results = run()
        except InterpreterError as e:
            # at the failing op's own location (carried by the error, not found again by its text)
            raise PassError(f"{PASS_NAME}: {e}", e.ir_location) from None
        if print_results and results:
            print(run.format_results(results), file=file or sys.stdout)

    return guarded_pass(PASS_NAME, stablehlo_interpret)


def add_interpret_pass(pm, entry: str = "main", print_results: bool = False, file=None) -> None:
    """Append the pass to PassManager `pm`."""
    pm.add(interpret_pass(entry, print_results, file), name=PASS_NAME, argument=PASS_NAME)
