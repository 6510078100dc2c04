"""`stablehlo-wrap-in-composite` (upstream's name, a module pass): every op named in `op-names`
becomes a `stablehlo.composite` of the same name, operands, result types and location, whose
composite_attributes are all the op's attributes and whose `version` is the option `version`
(default 0); its decomposition is a new private function `<op name>.impl` (made unique in the
module as upstream does: `<op name>.impl1`, `.impl2`, ...) appended to the module, holding a copy
of the op and a return of its results. An operand used twice is read from the function's last
argument carrying it, as upstream's value mapping does (same values, so the same result).

It is a run of MLIR's greedy pattern driver on the module limited to the ops that were there
(upstream's configuration), so the driver's own effects happen too: constants are deduplicated
and hoisted to the start of their block, ops whose results are unused and that have no effects
are erased, ops are folded. Ops are wrapped in program order (the driver visiting top-down), which
gives the numbering and the order of the functions; an op inside another op to wrap (in a
reduce's or a while's body) is wrapped too if the driver reaches it first, else (the usual case)
it is copied unwrapped into the outer op's function. A name that is not a registered op is
skipped with a warning on stderr, as upstream.

Ops that cannot be moved into a function of their own fail the pass with an error naming them
(upstream gives invalid IR for them): terminators, symbols, ops with successors, and ops whose
regions use values defined outside them (if, case, while bodies reading the enclosing function's
values).
"""

from __future__ import annotations

import sys

import mlir.ir as ir

from ...dialects import stablehlo as hlo
from .._common import PassError, guarded_pass
from ._greedy import apply_greedily
from ._rewriting import int_option, list_option, module_of

__all__ = ["NAME", "wrap_in_composite", "wrap_in_composite_pass", "from_options"]

NAME = "stablehlo-wrap-in-composite"


def wrap_in_composite(module, op_names, version: int = 0) -> None:
    """Wrap every op of `module` named in `op_names` in a composite (see the module's doc)."""
    module = module.operation
    if module.name != "builtin.module":
        raise PassError(f"{NAME}: runs on a builtin.module, not on '{module.name}'", module.location)
    context = module.context
    names = []
    for name in op_names:
        name = name.strip()
        if not context.is_registered_operation(name):
            print(f"Warning: Unknown op name in op-names: '{name}' is not a registered operation.",
                  file=sys.stderr)
        elif name not in names:
            names.append(name)
    version_attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), version)

    def wrap(op, rewriter) -> bool:
        owner = _enclosing_module(op)
        if owner is None:
            return False
        _check_movable(op)
        impl = _decomposition(op, owner)
        attributes = ir.DictAttr.get({name: op.attributes[name] for name in op.attributes})
        with op.location:
            composite = hlo.CompositeOp([r.type for r in op.results], list(op.operands), op.name,
                                        ir.FlatSymbolRefAttr.get(impl), composite_attributes=attributes,
                                        version=version_attr, ip=ir.InsertionPoint(op))
        rewriter.replace_op(op, list(composite.operation.results))
        return True

    apply_greedily(module, [(name, wrap, 1) for name in names], existing_ops_only=True, top_down=True)


def _enclosing_module(op):
    parent = op.parent
    return None if parent is None else module_of(parent)


def _check_movable(op) -> None:
    """PassError unless `op` can be the body of a function of its own."""
    why = None
    if op.name in ("func.func", "builtin.module") or "sym_name" in op.attributes:
        why = "it is a symbol"
    elif op.successors and len(op.successors):
        why = "it has successors"
    elif _is_terminator(op):
        why = "it is its block's terminator"
    else:
        outside = _captured_value(op)
        if outside is not None:
            why = f"its regions use a value defined outside it ({outside.get_name()})"
    if why:
        raise PassError(f"{NAME}: cannot wrap '{op.name}' in a composite: {why}", op.location)


def _is_terminator(op) -> bool:
    """Whether `op` ends its block in a region that needs a terminator (all but a module's)."""
    operations = op.block.operations
    return operations[len(operations) - 1] == op and op.parent.name != "builtin.module"


def _captured_value(op):
    """A value used inside `op`'s regions but defined outside `op`, or None."""
    if not len(op.regions):
        return None
    inside = set()
    used = []

    def visit(inner):
        if inner == op:
            return ir.WalkResult.ADVANCE
        for region in inner.regions:
            for block in region.blocks:
                inside.update(block.arguments)
        inside.update(inner.results)
        used.extend(inner.operands)
        return ir.WalkResult.ADVANCE

    for region in op.regions:
        for block in region.blocks:
            inside.update(block.arguments)
    op.walk(visit)
    return next((v for v in used if v not in inside), None)


def _decomposition(op, module) -> str:
    """A new private function of `module` holding a copy of `op`; returns its (unique) name."""
    operand_types = [v.type for v in op.operands]
    result_types = [r.type for r in op.results]
    symbols = ir.SymbolTable(module)  # before the new function is in it
    name, count = f"{op.name}.impl", 0
    while name in symbols:
        count += 1
        name = f"{op.name}.impl{count}"
    with op.location:
        function = ir.Operation.create(
            "func.func", attributes={
                "sym_name": ir.StringAttr.get(name),
                "function_type": ir.TypeAttr.get(ir.FunctionType.get(operand_types, result_types)),
                "sym_visibility": ir.StringAttr.get("private")},
            regions=1, ip=ir.InsertionPoint(module.regions[0].blocks[0]))
        block = function.regions[0].blocks.append(*operand_types)
        symbols.insert(function)
        # Each operand value maps to the last argument carrying it (upstream's IRMapping).
        argument_of = dict(zip(op.operands, block.arguments))
        with ir.InsertionPoint(block):
            copy = op.clone()
            for i, value in enumerate(op.operands):
                copy.operands[i] = argument_of[value]
            ir.Operation.create("func.return", operands=list(copy.results))
    return name


def wrap_in_composite_pass(op_names, version: int = 0):
    """A pass body (`guarded_pass`) wrapping the ops named in `op_names`."""
    op_names = tuple(op_names)
    return guarded_pass(NAME, lambda op: wrap_in_composite(op, op_names, version))


def from_options(options):
    """The pass body for registry.py's textual options ({"op-names": "a,b", "version": "0"})."""
    return wrap_in_composite_pass(list_option(options["op-names"]), int_option(NAME, "version", options["version"]))
