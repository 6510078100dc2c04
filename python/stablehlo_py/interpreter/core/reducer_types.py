"""The element types of a reducer body (reduce, reduce_window, scatter, select_and_scatter) that
upstream StableHLO's verifier accepts and the spec does not: such programs load as spec deviations,
and the kernels refuse to run them, naming the constraint (docs/decisions.md, "Accepting what
upstream accepts")."""

from __future__ import annotations

from .errors import InterpreterError

__all__ = ["DEVIATION_IGNORED", "check_reducer_types"]


def _promotable(a, b) -> bool:
    """The spec's is_promotable(a, b): the same kind of element type (booleans only to booleans;
    integers of either signedness), b at least as wide."""
    if a == b:
        return True
    if a.category == "quant" or b.category == "quant":
        return a.category == b.category and a.expressed == b.expressed and a.storage.bits <= b.storage.bits
    kind = {"sint": "int", "uint": "int"}
    return kind.get(a.category, a.category) == kind.get(b.category, b.category) and a.category != "bool" \
        and a.bits <= b.bits


_DEVIATION = ("upstream StableHLO accepts it, the spec does not define its result and XLA does not run it "
              "(docs/decisions.md, \"Accepting what upstream accepts\")")
# scatter and select_and_scatter: XLA runs some of these, but in the operand's element type whatever
# the body's types say
DEVIATION_IGNORED = ("upstream StableHLO accepts it, the spec does not define its result and XLA either "
                      "refuses it or ignores the body's element types (docs/decisions.md, \"Accepting what "
                      "upstream accepts\")")


def check_reducer_types(inputs, inits, body, init_id: str, body_id: str, init_name: str = "init value",
                        why: str = _DEVIATION) -> None:
    """Refuse the element types reduce and reduce_window (and scatter, its updates as the init values)
    may have only as a spec deviation: an init value not of its input's element type, a body whose
    arguments i and N + i differ in type, or whose Ei is not promotable from its input's. `why` ends
    the message."""
    count = len(inputs)
    args = body.arg_specs
    for i, (x, init) in enumerate(zip(inputs, inits)):
        if init.element != x.element:
            raise InterpreterError(f"{init_id}: {init_name} {i} of type {init.text} must have the element type of "
                                   f"input {x.text}; {why}")
        e, other = args[i].element, args[count + i].element
        if e.category == "quant" or other.category == "quant":  # verified as the spec has them
            continue
        if other != e or not _promotable(x.element, e):
            raise InterpreterError(f"{body_id}: the body's arguments {i} and {count + i} ({args[i].text}, "
                                   f"{args[count + i].text}) must share an element type promotable from "
                                   f"{x.element.name}; {why}")
