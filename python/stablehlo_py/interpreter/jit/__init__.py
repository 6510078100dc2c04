"""The native tier: loops and element-wise chains JIT-compiled through MLIR's ExecutionEngine.
Kernels call it; the plan reaches it only through its block hooks (core/plan.py)."""
