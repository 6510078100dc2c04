"""The one registry: op name -> kernel factory.

A factory is called once per op when a function is prepared, with an
`OpContext` (see plan.py), and returns the kernel: a callable taking the op's
operand values (numpy arrays, followed by values its regions capture) and
returning its result (one value), a sequence of values (several results) or
None (no results).  Factories decode attributes (through attributes.py) and
pick dtype-specific numpy functions up front, so kernels do no IR work.
"""

from __future__ import annotations

from typing import Callable

__all__ = ["register", "lookup", "supported_ops"]

_FACTORIES: dict[str, Callable] = {}
_KERNEL_MODULES = ("elementwise", "data_movement", "indexing", "linalg", "regions", "communication", "normalization", "fft", "rng", "checks")
_loaded = False


def register(*names: str):
    """Decorator: register `factory` for each op name in `names`."""

    def decorate(factory):
        for name in names:
            if name in _FACTORIES:
                raise RuntimeError(f"kernel for {name} registered twice")
            _FACTORIES[name] = factory
        return factory

    return decorate


def _load() -> None:
    global _loaded
    if not _loaded:
        import importlib

        for module in _KERNEL_MODULES:
            importlib.import_module(f"{__package__}.{module}")
        _loaded = True


def lookup(name: str):
    """The factory for op `name`, or None if the interpreter does not support it."""
    _load()
    return _FACTORIES.get(name)


def supported_ops() -> list[str]:
    _load()
    return sorted(_FACTORIES)
