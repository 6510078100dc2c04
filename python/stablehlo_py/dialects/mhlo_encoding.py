"""Ops that producers encode as custom calls, back to the ops (the stablehlo-py-recompose-chlo
pass, and the interpreter when it loads a program).

torch-xla (through XLA's exporter) writes an op StableHLO lacks, a CHLO op, as a custom call
whose target names it and whose `mhlo.attributes` hold its attributes:

    %0 = stablehlo.custom_call @mhlo.erf(%x) {mhlo.attributes = {}, mhlo.version = 1 : i64} : ...

This pass reads that encoding whatever the op: `@mhlo.<name>` becomes `chlo.<name>` (or
`stablehlo.<name>` when only StableHLO has it, as `tan` now), with the call's operands, result
types and `mhlo.attributes`; the op's own verifier then checks them. A call is left as it is
when no op has its name, when an attribute is not one of the op's, or when the op does not
verify with them: whoever runs it then reports the custom call by its target.
"""

from __future__ import annotations

import mlir.ir as ir

__all__ = ["recompose_encoded_ops", "has_encoded_ops"]

_PREFIX = "mhlo."
# XLA's names that differ from the ops'
_RENAMED = {"topk": "top_k"}


def _target(op) -> str | None:
    if op.name != "stablehlo.custom_call" or "call_target_name" not in op.attributes:
        return None
    target = ir.StringAttr(op.attributes["call_target_name"]).value
    return target if target.startswith(_PREFIX) else None


def _encoded_calls(root) -> list:
    found = []

    def visit(op):
        if _target(op) is not None:
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return found


def has_encoded_ops(root) -> bool:
    """Whether a custom call under `root` encodes an op this pass can recompose (by its target)."""
    return bool(_encoded_calls(root))


def _op_name(context, target: str) -> str | None:
    name = target[len(_PREFIX):]
    name = _RENAMED.get(name, name)
    for dialect in ("chlo", "stablehlo"):
        if context.is_registered_operation(f"{dialect}.{name}"):
            return f"{dialect}.{name}"
    return None


def _recompose(call) -> None:
    name = _op_name(call.context, _target(call))
    if name is None:
        return
    encoded = call.attributes["mhlo.attributes"] if "mhlo.attributes" in call.attributes else None
    attributes = {a.name: a.attr for a in ir.DictAttr(encoded)} if encoded is not None else {}
    with ir.InsertionPoint(call), call.location:
        op = ir.Operation.create(name, results=[r.type for r in call.results], operands=list(call.operands),
                                 attributes=attributes)
    # Only the op's own attributes (its generated class has a property per attribute): anything
    # else would be kept as an unread discardable attribute and change the meaning silently.
    known = all(hasattr(type(op.opview), attribute) for attribute in attributes)
    try:
        verified = known and op.verify()
    except ir.MLIRError:
        verified = False
    if not verified:
        op.erase()
        return
    for old, new in zip(call.results, op.results):
        old.replace_all_uses_with(new)
    call.erase()


def recompose_encoded_ops(root) -> None:
    """Every `stablehlo.custom_call @mhlo.<op>` under `root` that names an op, as that op."""
    for call in _encoded_calls(root):
        _recompose(call)
