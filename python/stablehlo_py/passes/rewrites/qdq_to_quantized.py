"""`stablehlo-legalize-qdq-to-quantized-op`: dequantize -> float op -> quantize becomes the quantized op.

    registry.add_pass(pm, "func.func(stablehlo-legalize-qdq-to-quantized-op)")   # or on a module
    legalize_qdq_to_quantized_op(func_or_module)                               # without a pass manager

The inverse of stablehlo-legalize-quantized-op-to-qdq (passes/quantization.py), as upstream
defines it: for each `uniform_quantize` whose operand is the single result of an op C such that

* C has no regions and one result,
* no operand of C has a quantized type, and
* every operand of C is the result of a `uniform_dequantize`,

an op named like C, with C's attributes, taking the dequantized (quantized) values as operands and
typed like the quantize's result, is created right after C, and replaces the quantize's result
everywhere. Nothing else is matched: a chain starting at a block argument, an op with regions
(all_reduce, reduce, ...), several results (all_gather of two operands), a float operand that
does not come from a dequantize, or an operand already quantized are all left as they are.

As under upstream's greedy driver, ops left without uses and without memory effects are then
erased (the quantize, and the float op and dequantizes once nothing else uses them), anywhere in
the function; a quantize that is already unused is erased without being fused; constants are
merged and moved to the start of the function (rewrites/_expanding.py, `greedy_cleanup`).

Where this differs from upstream: a fused op that does not verify is not made and the pattern
stays (a float `stablehlo.constant` feeding a quantize, whose dense value cannot be quantized,
is never fused upstream either); the greedy driver's folding of ops through their folders is not
done, nor are moved constants given an unknown location.
"""

from __future__ import annotations

import mlir.ir as ir
from mlir.dialects import quant

from .._common import collect, guarded_pass
from ._expanding import element_type, erase_dead, greedy_cleanup

__all__ = ["QDQ_TO_QUANTIZED", "legalize_qdq_to_quantized_op", "qdq_to_quantized_pass"]

QDQ_TO_QUANTIZED = "stablehlo-legalize-qdq-to-quantized-op"
_QUANTIZE = "stablehlo.uniform_quantize"
_DEQUANTIZE = "stablehlo.uniform_dequantize"
MAX_ROUNDS = 16


def _is_quantized(t) -> bool:
    e = element_type(t)
    e = e.maybe_downcast() if type(e) is ir.Type else e
    return isinstance(e, quant.QuantizedType)


def _defining_op(value):
    owner = value.owner
    return owner.operation if isinstance(owner, (ir.Operation, ir.OpView)) else None


def _fuse(quantize) -> bool:
    """Replace the result of `quantize` by the quantized form of the op computing its operand, if the
    pattern matches and that op verifies. Whether it did."""
    result = quantize.results[0]
    if not any(True for _ in result.uses):
        return False  # dead: the driver erases it first
    compute = _defining_op(quantize.operands[0])
    if compute is None or len(compute.regions) or len(compute.results) != 1:
        return False
    if any(_is_quantized(v.type) for v in compute.operands):
        return False
    sources = []
    for v in compute.operands:
        producer = _defining_op(v)
        if producer is None or producer.name != _DEQUANTIZE:
            return False
        sources.append(producer.operands[0])
    attributes = {name: compute.attributes[name] for name in compute.attributes}
    with ir.InsertionPoint.after(compute):
        fused = ir.Operation.create(compute.name, results=[result.type], operands=sources, attributes=attributes,
                                    loc=compute.location)
    try:
        fused.verify()
    except ir.MLIRError:
        fused.erase()
        return False
    result.replace_all_uses_with(fused.results[0])
    return True


def legalize_qdq_to_quantized_op(root) -> None:
    """Fuse every dequantize -> op -> quantize pattern under `root` (a module or a function), then
    erase the dead ops, until nothing changes."""
    for _ in range(MAX_ROUNDS):
        fused = sum(_fuse(q) for q in collect(root, lambda op: op.name == _QUANTIZE))
        erased = erase_dead(root)
        if not fused and not erased:
            break
    greedy_cleanup(root)


def qdq_to_quantized_pass(options=None):
    """The pass body (no options)."""
    return guarded_pass(QDQ_TO_QUANTIZED, legalize_qdq_to_quantized_op)
