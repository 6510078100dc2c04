"""The runtime of the compiled backend: what the compiled code calls for ops whose lowering is a
library call (fft, linear algebra, custom calls, the generators, batch norm) and for forms of
other ops no pattern takes (lib/Conversion/LowerRuntimeCalls.cpp).

Each such op is a private external function `@__stablehlo_py_runtime_<k>` of the lowered module,
called through MLIR's C interface: `_mlir_ciface___stablehlo_py_runtime_<k>(operand descriptors...,
result descriptors...)`, one pointer to a memref descriptor each (compiled.py's layout, any
strides), the results allocated by the caller and written by the callee. The op itself is in the
declaration's `stablehlo_py.runtime_op` attribute as a one-op function; the runtime prepares it
once with the interpreter (the reference semantics) and runs it on views of the buffers.

Tokens are placeholder bytes (memref<i8>): an operand token is passed to the op as TOKEN, a
result token is written as 0. The ops on tokens (infeed, outfeed, send, recv) run as the calling
thread's process (interpreter.runtime.grid.current), so they use the feeds and channels of the
run that called the compiled code, as the interpreter's kernels would."""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from ..interpreter.core.errors import InterpreterError
from ..interpreter.core.types import TOKEN, TokenSpec
from ..interpreter.runtime.grid import current as current_process
from .descriptors import view
from .tuples import flat_values, grouped, leaves

RUNTIME_OP = "stablehlo_py.runtime_op"


class _CallState(threading.local):
    """The first error a runtime op met in the running compiled call, per thread (the processes
    of a grid may run one compiled callee at once under backend="auto")."""

    def __init__(self):
        self.error: tuple | None = None  # (function name, exception)


class RuntimeFunction:
    """One runtime op: its interpreter program, and the C callback the compiled code calls."""

    def __init__(self, name: str, program_text: str, state: _CallState | None = None):
        from ..interpreter import compile as interpret_compile

        self.name = name
        # Shared by the functions of one module: once an op has failed, the ops after it do not
        # run (no infeed taken, nothing outfed or sent after the failure, as in the interpreter);
        # they write zeros, and the caller raises the first error when the compiled call returns.
        self.state = _CallState() if state is None else state
        self.program = interpret_compile(program_text, "op")
        # one address per tensor or token: a tuple comes as its elements (tuples.py)
        self.arg_leaves, self.result_leaves = leaves(self.program.arg_specs), leaves(self.program.result_specs)
        count = len(self.arg_leaves) + len(self.result_leaves)
        self.callback = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * count)(self._run)

    def _run(self, *addresses) -> None:
        # Called from compiled code: an exception cannot cross it, so it is kept for the caller.
        inputs = len(self.arg_leaves)
        if self.state.error is not None:
            self._zero(addresses[inputs:])
            return
        try:
            # The op runs as the calling thread's process: an infeed takes from, an outfeed
            # hands to, a send / recv goes through the feeds and channels of the run the compiled
            # call is part of (interpret's, run_on_grid's, or the thread's own).
            # On a grid of several processes the operands are copies: a collective hands its
            # operand to the others by reference, and this process's native code may write the
            # buffer again before a slower process has read it.
            shared = current_process().grid.num_processes > 1
            arguments = grouped([TOKEN if isinstance(spec, TokenSpec) else _operand(a, spec, shared)
                                 for a, spec in zip(addresses[:inputs], self.arg_leaves)], self.program.arg_specs)
            results = self.program(*arguments)
            if getattr(results, "outfeed", None):
                # A plain call keeps what it outfed in its own results; the compiled call takes
                # it back from the thread's process (CompiledProgram.__call__), in order.
                current_process().grid.feeds.outfed.extend(results.outfeed)
            for address, spec, value in zip(addresses[inputs:], self.result_leaves, flat_values(results)):
                if isinstance(spec, TokenSpec):  # its placeholder byte
                    view(address, (), np.int8, True)[()] = 0
                else:
                    np.copyto(view(address, spec.shape, spec.dtype, True), value, casting="no")
        except BaseException as e:  # noqa: BLE001 - re-raised by the caller after the call
            self.state.error = (self.name, e)
            self._zero(addresses[inputs:])

    def _zero(self, addresses) -> None:
        """The results of an op that did not run or failed: zeros (the call fails when it returns)."""
        try:
            for address, spec in zip(addresses, self.result_leaves):
                if isinstance(spec, TokenSpec):
                    view(address, (), np.int8, True)[()] = 0
                else:
                    view(address, spec.shape, spec.dtype, True)[...] = 0
        except BaseException:  # noqa: BLE001, S110 - the first error is what the caller raises
            pass


def _operand(address: int, spec, copied: bool) -> np.ndarray:
    """The operand buffer at `address` as an array: a read-only view, or a copy."""
    value = view(address, spec.shape, spec.dtype, False)
    return value.copy() if copied else value


class Runtime:
    """The runtime functions of one lowered module (linalg level), registered with its engine;
    or of `texts`, the (name, op program) pairs `texts` of such a Runtime kept (cache.py)."""

    def __init__(self, module=None, texts=None):
        import mlir.ir as ir

        if texts is None:
            texts = [(ir.StringAttr(op.attributes["sym_name"]).value, ir.StringAttr(op.attributes[RUNTIME_OP]).value)
                     for op in module.body.operations
                     if op.operation.name == "func.func" and RUNTIME_OP in op.attributes]
        self.texts = [(str(name), str(text)) for name, text in texts]
        self._state = _CallState()
        self.functions = [RuntimeFunction(name, text, self._state) for name, text in self.texts]

    def register(self, engine) -> None:
        for function in self.functions:
            engine.register_runtime(function.name, function.callback)

    def raise_errors(self) -> None:
        """After a call: the first error a runtime op met in it (this thread's), raised and cleared."""
        failed, self._state.error = self._state.error, None
        if failed is not None:
            name, error = failed
            if isinstance(error, InterpreterError):
                raise error
            raise InterpreterError(f"the runtime's {name}: {type(error).__name__}: {error}") from error
