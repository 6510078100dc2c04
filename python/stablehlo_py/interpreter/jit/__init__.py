"""Scalar while loops as generated code: Python over numpy scalars (scalar.py), or machine code
JIT-compiled through MLIR's ExecutionEngine (native.py, the native tier). Kernels call it."""
