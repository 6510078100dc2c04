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
run that called the compiled code, as the interpreter's kernels would.

Loop limits (the pass option loop-limits, lib/Conversion/LowerControlFlow.cpp): each while loop
counts its iterations and calls `@__stablehlo_py_loop_check(site, count) -> next` when the count
reaches the iteration the last call asked for (the first iteration of each execution first);
LoopChecks answers from the program's Limits: the next iteration to call again at, or -1 to end
the loop, the error (the interpreter's, naming the site's op and location) kept as a runtime op's
is. Exact for Limits.max_iterations; Limits.timeout is checked about every millisecond
(_CHECK_EVERY) of each loop's iterations, at a rate learned per site. An interruptible program
(the interpreter's scalar loops) also checks for a pending signal about every _INTERRUPT_EVERY,
limits or not, so Ctrl-C stops an endless compiled loop: the KeyboardInterrupt is the call's error.
During such a call the SIGINT handler keeps what the program's handler raises as that error
(Runtime.interrupts): Python runs handlers at any function's entry, where an exception would
escape the check into ctypes, which drops it."""

from __future__ import annotations

import contextlib
import ctypes
import signal
import threading
import time

import numpy as np

from ..interpreter.core.errors import InterpreterError
from ..interpreter.core.limits import timed_out, too_many_iterations
from ..interpreter.core.types import TOKEN, TokenSpec
from ..interpreter.runtime.grid import current as current_process
from .descriptors import view
from .tuples import flat_values, grouped, leaves

RUNTIME_OP = "stablehlo_py.runtime_op"
LOOP_CHECK = "__stablehlo_py_loop_check"
LOOP_SITES = "stablehlo_py.loop_sites"  # the check's [op name, location] per site
# Limits.timeout: the clock is read about this often (seconds of a loop's iterations)
_CHECK_EVERY = 1e-3
_INTERRUPT_EVERY = 0.05  # seconds of iterations between checks for Ctrl-C, without a timeout
_FIRST_BUDGET = 1024  # iterations before a site's second check, before its rate is known
_GROWTH = 8  # a budget grows at most this much per check (one fast stretch is not a rate)


class _CallState(threading.local):
    """The first error a runtime op or a loop check met in the running compiled call, and the
    call's deadline, per thread (the processes of a grid may run one compiled callee at once
    under backend="auto")."""

    def __init__(self):
        self.error: tuple | None = None  # (function name, exception)
        self.deadline: float | None = None  # time.monotonic() past which loops stop
        # site -> [budget, count at the last check, time of the last check] (Limits.timeout)
        self.rates: dict = {}


class LoopChecks:
    """The callback of @__stablehlo_py_loop_check: Limits.max_iterations and Limits.timeout of
    the compiled loops (the module docstring)."""

    def __init__(self, sites: list, state: _CallState):
        self.sites = sites  # [op name, location] per site, as Runtime keeps them
        self.state = state
        self.max_iterations = self.timeout = None
        self.interruptible = False  # check for pending signals (Ctrl-C) too
        self.callback = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)(self._check)

    def set_limits(self, limits) -> None:
        self.max_iterations, self.timeout = limits.max_iterations, limits.timeout

    def _check(self, site: int, count: int) -> int:
        """Before iteration `count` (1-based) of an execution of loop `site` runs its body: the
        next iteration to check at, or -1 to end the loop (the error kept)."""
        state = self.state
        if state.error is not None:  # the call has failed: no loop runs on
            return -1
        try:
            limit = self.max_iterations
            if limit is not None and count > limit:
                return self._stop(site, too_many_iterations(limit))
            deadline = state.deadline
            if deadline is None and not self.interruptible:
                return count + (1 << 62) if limit is None else limit + 1
            now = time.monotonic()
            if deadline is not None and now > deadline:
                return self._stop(site, timed_out(self.timeout, count - 1))
            if self.interruptible:  # the handlers run now (Runtime.interrupts keeps what they raise)
                _check_signals()
                if state.error is not None:
                    return -1
            period = _CHECK_EVERY if deadline is not None else _INTERRUPT_EVERY
            following = count + self._budget(state.rates, site, count, now, period)
            return following if limit is None else min(following, limit + 1)
        except BaseException as e:  # noqa: BLE001 - nothing may cross into the compiled code
            state.error = (LOOP_CHECK, e)
            return -1

    def _stop(self, site: int, message: str) -> int:
        name, location = self.sites[site] if 0 <= site < len(self.sites) else ("stablehlo.while", "unknown")
        self.state.error = (LOOP_CHECK, InterpreterError(message, name, location))
        return -1

    @staticmethod
    def _budget(rates: dict, site: int, count: int, now: float, period: float) -> int:
        """Iterations until the clock is read again: about `period` seconds of them at the rate
        the last checks of this site measured."""
        rate = rates.get(site)
        if rate is None:
            rate = rates[site] = [_FIRST_BUDGET, count, now]
        elif count > rate[1]:  # the same execution: its iterations since the last check
            elapsed = now - rate[2]
            wanted = (count - rate[1]) * period / elapsed if elapsed > 0 else float("inf")
            rate[0] = max(1, int(min(wanted, rate[0] * _GROWTH)))
        rate[1], rate[2] = count, now
        return rate[0]


def _check_signals() -> None:
    """Runs the pending signals' Python handlers now (PyErr_CheckSignals)."""
    ctypes.pythonapi.PyErr_CheckSignals()


class _KeptInterrupts:
    """While a compiled call runs on the main thread: SIGINT's handler is the program's, with what
    it raises kept as the call's error (raise_errors raises it when the call returns)."""

    def __init__(self, state: _CallState):
        self.state = state
        self.previous = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if callable(previous):
                self.previous = previous
                signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum, frame) -> None:
        try:
            self.previous(signum, frame)
        except BaseException as e:  # noqa: BLE001 - the loop check ends the loops, the caller raises it
            if self.state.error is None:
                self.state.error = (LOOP_CHECK, e)

    def __exit__(self, *exc) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
            self.previous = None


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
    """The runtime functions and loop checks of one lowered module (linalg level), registered
    with its engine; or of `texts` and `sites`, the (name, op program) pairs and the loop sites
    such a Runtime kept (cache.py)."""

    def __init__(self, module=None, texts=None, sites=None):
        import mlir.ir as ir

        if texts is None:
            texts, sites = [], None
            for op in module.body.operations:
                if op.operation.name != "func.func":
                    continue
                if RUNTIME_OP in op.attributes:
                    texts.append((ir.StringAttr(op.attributes["sym_name"]).value,
                                  ir.StringAttr(op.attributes[RUNTIME_OP]).value))
                if LOOP_SITES in op.attributes:
                    sites = [[ir.StringAttr(part).value for part in ir.ArrayAttr(site)]
                             for site in ir.ArrayAttr(op.attributes[LOOP_SITES])]
        self.texts = [(str(name), str(text)) for name, text in texts]
        self.sites = None if sites is None else [[str(name), str(location)] for name, location in sites]
        self._state = _CallState()
        self.functions = [RuntimeFunction(name, text, self._state) for name, text in self.texts]
        self.loops = None if self.sites is None else LoopChecks(self.sites, self._state)

    @property
    def called(self) -> bool:
        """Whether the compiled code calls back into Python (runtime ops, loop checks)."""
        return bool(self.functions) or self.loops is not None

    def start(self, deadline) -> None:
        """A call begins (this thread's): the time.monotonic() past which its loops stop (None:
        no timeout)."""
        if self.loops is not None:
            self._state.deadline = deadline

    def interrupts(self):
        """The context of a call: for interruptible loops, Ctrl-C kept as the call's error."""
        if self.loops is None or not self.loops.interruptible:
            return contextlib.nullcontext()
        return _KeptInterrupts(self._state)

    def register(self, engine) -> None:
        for function in self.functions:
            engine.register_runtime(function.name, function.callback)
        if self.loops is not None:
            engine.register_runtime(LOOP_CHECK, self.loops.callback)

    def raise_errors(self) -> None:
        """After a call: the first error a runtime op met in it (this thread's), raised and cleared."""
        failed, self._state.error = self._state.error, None
        if failed is not None:
            name, error = failed
            # a KeyboardInterrupt (or exit) met in a callback stays what it is
            if isinstance(error, InterpreterError) or not isinstance(error, Exception):
                raise error
            raise InterpreterError(f"the runtime's {name}: {type(error).__name__}: {error}") from error
