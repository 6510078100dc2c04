"""The lowering of StableHLO into MLIR's own dialects, and the compiled backend built on it.

`stablehlo-legalize-to-linalg` (C++, lib/Conversion/) turns stablehlo ops into linalg, tensor,
arith, math and scf on signless tensors; `pipeline()` follows it with stock MLIR passes down to
the LLVM dialect, which MLIR's ExecutionEngine compiles (`compiled.py`). docs/lowering.md says
what lowers and how the compiled code is called."""

from __future__ import annotations

from ..interpreter.jit.scalar import set_loop_compiler
from .compiled import CompiledProgram, DynamicSignatureError, LoweringError, compile_loop, compile_program, lower
from .mixed import failure_reason, native_callees
from .pipeline import pipeline

set_loop_compiler(compile_loop)  # the interpreter's scalar loops as native code (interpreter/jit/scalar.py)

__all__ = ["pipeline", "lower", "compile_program", "CompiledProgram", "LoweringError", "native_callees",
           "failure_reason", "DynamicSignatureError"]
