"""The kernels, one module per op family; families never import each other. Importing a family
registers its kernels (core/registry.py); `register_all` imports them all, which the registry
does at its first lookup (the interpreter's API sets it as the registry's loader)."""


def register_all() -> None:
    """Registers every kernel."""
    from . import (checks, chlo, communication, control_flow, custom_calls, data_movement,  # noqa: F401
                   dot_conv, elementwise, fft, indexing, interpreter_ops, other_dialects, quantization,
                   reductions, rng)
