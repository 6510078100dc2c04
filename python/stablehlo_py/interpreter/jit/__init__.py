"""Scalar while loops as generated code: Python over numpy scalars, or native code the compiled
backend makes of the outlined loop (scalar.py, its compiled tier). Kernels call it."""
