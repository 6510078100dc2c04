"""Region bodies recognised at prepare time, so a kernel can replace a call of the body by one
numpy operation, and the kernels' return convention."""

from __future__ import annotations


def kernel_results(values: list, count: int):
    """Kernel return convention: one value, None, or a list."""
    if count == 1:
        return values[0]
    return values if count else None


def single_op_body(block, arity: int):
    """The op name if the body is `return op(arg0, arg1)` (either order), else None."""
    if arity != 1:
        return None
    ops = [op.operation for op in block.operations]
    if len(ops) != 2:
        return None
    op, ret = ops
    args = list(block.arguments)
    operands = list(op.operands)
    if ret.name != "stablehlo.return" or len(ret.operands) != 1 or ret.operands[0] != op.results[0]:
        return None
    if len(operands) != 2 or {operands[0], operands[1]} != {args[0], args[1]} or operands[0] == operands[1]:
        return None
    return op.name


def replace_body(block, count: int) -> bool:
    """Whether the body just returns the updates (its arguments count..2*count-1)."""
    ops = [op.operation for op in block.operations]
    args = list(block.arguments)
    return (len(ops) == 1 and ops[0].name == "stablehlo.return"
            and list(ops[0].operands) == args[count:2 * count])
