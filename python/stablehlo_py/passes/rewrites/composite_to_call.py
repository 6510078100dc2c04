"""`stablehlo-legalize-composite-to-call` (upstream's name): each `stablehlo.composite` becomes a
`func.call` of its decomposition function, with the composite's operands, result types and
location; its name, version and composite_attributes are dropped. Composites whose name is in the
option `except` (a list) stay as they are.

    legalize_composites(module.operation, keep=("foo.baz",))   # raises PassError

Upstream anchors the pass on func.func; given a module, this one rewrites every function in it.
"""

from __future__ import annotations

import mlir.ir as ir

from .._common import PassError, collect, guarded_pass
from ._rewriting import attr_text, list_option, replace_op

__all__ = ["NAME", "legalize_composites", "composite_to_call_pass", "from_options"]

NAME = "stablehlo-legalize-composite-to-call"


def legalize_composites(root, keep=()) -> int:
    """Replace every composite under `root` whose name is not in `keep` by a call of its
    decomposition; returns how many were replaced."""
    keep = frozenset(keep)
    count = 0
    for op in collect(root, lambda o: o.name == "stablehlo.composite", ir.WalkOrder.POST_ORDER):
        if attr_text(op, "name") in keep:
            continue
        if "decomposition" not in op.attributes:
            raise PassError(f"{NAME}: composite without a decomposition", op.location)
        callee = ir.FlatSymbolRefAttr(op.attributes["decomposition"])
        with ir.InsertionPoint(op):
            call = ir.Operation.create("func.call", results=[r.type for r in op.results],
                                       operands=list(op.operands), attributes={"callee": callee},
                                       loc=op.location)
        replace_op(op, call.results)
        count += 1
    return count


def composite_to_call_pass(keep=()):
    """A pass body (`guarded_pass`) replacing composites by calls, except those named in `keep`."""
    keep = tuple(keep)
    return guarded_pass(NAME, lambda op: legalize_composites(op, keep))


def from_options(options):
    """The pass body for registry.py's textual options ({"except": "a,b"})."""
    return composite_to_call_pass(list_option(options["except"]))
