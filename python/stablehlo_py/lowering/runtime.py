"""The runtime of the compiled backend: what the compiled code calls for ops whose lowering is a
library call (fft, linear algebra, custom calls, the generators, batch norm) and for forms of
other ops no pattern takes (lib/Conversion/LowerRuntimeCalls.cpp).

Each such op is a private external function `@__stablehlo_py_runtime_<k>` of the lowered module,
called through MLIR's C interface: `_mlir_ciface___stablehlo_py_runtime_<k>(operand descriptors...,
result descriptors...)`, one pointer to a memref descriptor each (compiled.py's layout, any
strides), the results allocated by the caller and written by the callee. The op itself is in the
declaration's `stablehlo_py.runtime_op` attribute as a one-op function; the runtime prepares it
once with the interpreter (the reference semantics) and runs it on views of the buffers."""

from __future__ import annotations

import ctypes

import numpy as np

from ..interpreter.core.errors import InterpreterError
from .descriptors import view

RUNTIME_OP = "stablehlo_py.runtime_op"


class RuntimeFunction:
    """One runtime op: its interpreter program, and the C callback the compiled code calls."""

    def __init__(self, name: str, program_text: str):
        from ..interpreter import compile as interpret_compile

        self.name = name
        self.program = interpret_compile(program_text, "op")
        self.error: BaseException | None = None
        count = len(self.program.arg_specs) + len(self.program.result_specs)
        self.callback = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * count)(self._run)

    def _run(self, *addresses) -> None:
        # Called from compiled code: an exception cannot cross it, so it is kept for the caller.
        try:
            inputs = len(self.program.arg_specs)
            arguments = [view(a, spec.shape, spec.dtype, False)
                         for a, spec in zip(addresses[:inputs], self.program.arg_specs)]
            results = self.program(*arguments)
            for address, spec, value in zip(addresses[inputs:], self.program.result_specs, results):
                np.copyto(view(address, spec.shape, spec.dtype, True), value, casting="no")
        except BaseException as e:  # noqa: BLE001 - re-raised by the caller after the call
            if self.error is None:
                self.error = e


class Runtime:
    """The runtime functions of one lowered module (linalg level), registered with its engine."""

    def __init__(self, module):
        import mlir.ir as ir

        self.functions = []
        for op in module.body.operations:
            if op.operation.name == "func.func" and RUNTIME_OP in op.attributes:
                name = ir.StringAttr(op.attributes["sym_name"]).value
                text = ir.StringAttr(op.attributes[RUNTIME_OP]).value
                self.functions.append(RuntimeFunction(name, text))

    def register(self, engine) -> None:
        for function in self.functions:
            engine.register_runtime(function.name, function.callback)

    def raise_errors(self) -> None:
        """After a call: the first error a runtime op met, raised (and cleared)."""
        for function in self.functions:
            error, function.error = function.error, None
            if error is not None:
                if isinstance(error, InterpreterError):
                    raise error
                raise InterpreterError(f"the runtime's {function.name}: {type(error).__name__}: {error}") from error
