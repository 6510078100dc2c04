"""Tuples across the compiled code's boundary: the lowering passes a tuple as its elements, in
order (a 1:N type conversion), so the entry's and the runtime's tuples are flattened into their
leaves on the way in and regrouped into Python tuples, as the interpreter gives them, on the way
out."""

from __future__ import annotations

from ..interpreter.core.types import TupleSpec


def flattened(items, parts) -> list:
    """`items` with each nested one (`parts(item)` gives its parts, or None) replaced by its
    leaves, in order."""
    flat = []
    for item in items:
        inner = parts(item)
        flat += [item] if inner is None else flattened(inner, parts)
    return flat


def leaves(specs) -> list:
    """The tensors and tokens of `specs`, tuples flattened in order."""
    return flattened(specs, lambda spec: spec.elements if isinstance(spec, TupleSpec) else None)


def flat_values(values) -> list:
    """Values (arrays, tokens, Python tuples of them) with their tuples flattened in order."""
    return flattened(values, lambda value: value if isinstance(value, tuple) else None)


def grouped(values, specs) -> list:
    """Flat `values` (as `leaves` orders them) grouped into Python tuples as `specs` nest."""
    values = iter(values)

    def group(spec):
        return tuple(group(s) for s in spec.elements) if isinstance(spec, TupleSpec) else next(values)

    return [group(spec) for spec in specs]
