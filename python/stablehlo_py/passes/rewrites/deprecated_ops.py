"""`stablehlo-legalize-deprecated-ops` (upstream's name): the ops the StableHLO v1.0 opset
deprecations (RFC #2283) remove, rewritten as the ops that stay, as upstream rewrites them:

    broadcast(x) sizes=S            -> broadcast_in_dim(x) dims=[len(S), ..., len(S)+rank(x)-1]
    create_token                    -> after_all with no operands
    cross-replica-sum(x) groups=G   -> all_reduce(x) replica_groups=G, no channel, a body adding
                                       two scalars of x's element type
    dot(a, b) precision=P           -> dot_general(a, b) contracting [rank(a)-1] x [0], precision=P
    unary_einsum(x) config=C        -> einsum(constant 1 of x's element type, x) config="," + C

each with the old op's result types and location; the dot's discardable attributes (those named
with a dialect prefix, e.g. `mhlo.frontend_attributes`) stay on its dot_general, as upstream keeps
them there (upstream's other rewrites drop them). Option `fail-on-unused` (default true): the
deprecated ops with no replacement (map, rng; upstream also names trace, which this dialect
lacks) fail the pass with upstream's message at the first of them; then nothing is rewritten
(upstream's conversion rolls its changes back). Other ops (torch_index_select, einsum, ...) stay.
Upstream anchors the pass on func.func; given a module, this one rewrites every function in it.
"""

from __future__ import annotations

import mlir.ir as ir
import numpy as np

from ...dialects import stablehlo as hlo
from .._common import PassError, collect, guarded_pass
from ._rewriting import flag_option, replace_op

__all__ = ["NAME", "legalize_deprecated_ops", "deprecated_ops_pass", "from_options", "REWRITTEN", "UNUSED"]

NAME = "stablehlo-legalize-deprecated-ops"
UNUSED = ("stablehlo.map", "stablehlo.rng", "stablehlo.trace")


def _broadcast(op):
    result_type = ir.RankedTensorType(op.results[0].type)
    sizes = len(ir.DenseI64ArrayAttr(op.attributes["broadcast_sizes"]))
    dims = list(range(sizes, result_type.rank))
    return hlo.BroadcastInDimOp(result_type, op.operands[0], ir.DenseI64ArrayAttr.get(dims)).results


def _create_token(op):
    return hlo.AfterAllOp([], results=[op.results[0].type]).results


def _cross_replica_sum(op):
    operand = op.operands[0]
    new = hlo.AllReduceOp([op.results[0].type], [operand], op.attributes["replica_groups"])
    scalar = ir.RankedTensorType.get([], ir.ShapedType(operand.type).element_type)
    block = new.operation.regions[0].blocks.append(scalar, scalar, arg_locs=[op.location, op.location])
    with ir.InsertionPoint(block):
        hlo.ReturnOp([hlo.AddOp(block.arguments[0], block.arguments[1]).result])
    return new.operation.results


def dot_as_dot_general(op):
    """stablehlo.dot as dot_general: lhs's last dimension contracted with rhs's first (also
    upstream's quant-to-math's first step for a quantized dot, passes/quant_upstream.py)."""
    lhs, rhs = op.operands
    numbers = hlo.DotDimensionNumbers.get(
        lhs_batching_dimensions=[], rhs_batching_dimensions=[],
        lhs_contracting_dimensions=[ir.ShapedType(lhs.type).rank - 1], rhs_contracting_dimensions=[0])
    precision = op.attributes["precision_config"] if "precision_config" in op.attributes else None
    return hlo.DotGeneralOp(op.results[0].type, lhs, rhs, numbers, precision_config=precision).results


def _one(element_type, op):
    """A 0-d constant 1 of `element_type` (upstream's getScalarOfType(type, 1))."""
    scalar = ir.RankedTensorType.get([], element_type)
    if isinstance(element_type, ir.FloatType):
        return ir.DenseElementsAttr.get_splat(scalar, ir.FloatAttr.get(element_type, 1.0))
    if isinstance(element_type, ir.IntegerType):
        return ir.DenseElementsAttr.get_splat(scalar, ir.IntegerAttr.get(element_type, 1))
    if isinstance(element_type, ir.ComplexType):
        part = ir.ComplexType(element_type).element_type
        dtype = {"f32": np.complex64, "f64": np.complex128}.get(str(part))
        if dtype is not None:
            return ir.DenseElementsAttr.get(np.array(1, dtype), type=scalar)
    raise PassError(f"{NAME}: cannot rewrite '{op.name}' of element type {element_type}: no constant 1 of it",
                    op.location)


def _unary_einsum(op):
    operand = op.operands[0]
    one = hlo.ConstantOp(_one(ir.ShapedType(operand.type).element_type, op)).result
    config = ir.StringAttr(op.attributes["einsum_config"]).value
    return hlo.EinsumOp(op.results[0].type, one, operand, ir.StringAttr.get("," + config)).results


REWRITTEN = {
    "stablehlo.broadcast": _broadcast,
    "stablehlo.create_token": _create_token,
    "stablehlo.cross-replica-sum": _cross_replica_sum,
    "stablehlo.dot": dot_as_dot_general,
    "stablehlo.unary_einsum": _unary_einsum,
}


def _keep_discardable(old, new) -> None:
    """Copy `old`'s discardable attributes to `new`: by MLIR's convention those are the ones
    named with a dialect prefix (inherent attributes have plain names)."""
    for name in old.attributes:
        if "." in name:
            new.attributes[name] = old.attributes[name]


def legalize_deprecated_ops(root, fail_on_unused: bool = True) -> int:
    """Rewrite the deprecated ops under `root` (see the module's doc); returns how many."""
    if fail_on_unused:
        unused = collect(root, lambda op: op.name in UNUSED, ir.WalkOrder.PRE_ORDER)
        if unused:
            op = unused[0]
            raise PassError(f"failed to legalize operation '{op.name}' that was explicitly marked illegal",
                            op.location)
    ops = collect(root, lambda op: op.name in REWRITTEN, ir.WalkOrder.PRE_ORDER)
    for op in ops:
        with ir.InsertionPoint(op), op.location:
            replacements = list(REWRITTEN[op.name](op))
        if op.name == "stablehlo.dot":
            _keep_discardable(op, replacements[0].owner)
        replace_op(op, replacements)
    return len(ops)


def deprecated_ops_pass(fail_on_unused: bool = True):
    """A pass body (`guarded_pass`) rewriting deprecated ops."""
    return guarded_pass(NAME, lambda op: legalize_deprecated_ops(op, fail_on_unused))


def from_options(options):
    """The pass body for registry.py's textual options ({"fail-on-unused": "true"})."""
    return deprecated_ops_pass(flag_option(NAME, "fail-on-unused", options["fail-on-unused"]))
