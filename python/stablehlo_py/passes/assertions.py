"""`stablehlo-check-shape-assertions`: resolve JAX's `custom_call @shape_assertion` at compile time.

    from stablehlo_py.passes.assertions import add_check_shape_assertions_pass
    add_check_shape_assertions_pass(pm)                      # or enable=False to drop them all

`custom_call @shape_assertion(%pred, %v0, %v1, ...) {error_message = "... {0} ..."}`
holds if `%pred` is true: an assertion whose predicate is a constant true is
erased; a constant false one is an error whose message is `error_message`
with `{i}` replaced by the constant `%v<i>` (llvm::formatv style, as
upstream); one whose predicate is not a constant is an error ("expects static
assert_what (operand #0)"), as upstream. refine-shapes uses the same check
but leaves non-constant assertions in place.
"""

from __future__ import annotations

import re

import mlir.ir as ir

from ._common import PassError, constant_ints, erase_with_constants, guarded_pass

__all__ = ["CHECK_SHAPE_ASSERTIONS", "check_shape_assertion", "check_shape_assertions",
           "check_shape_assertions_pass", "add_check_shape_assertions_pass", "format_message"]

CHECK_SHAPE_ASSERTIONS = "stablehlo-check-shape-assertions"
TARGET = "shape_assertion"
MAX_MESSAGE_INPUTS = 32  # upstream formats at most 32 inputs

_SPEC = re.compile(r"\{\{|\{\s*(\d+)\s*(?:[,:][^}]*)?\}")


def format_message(message: str, inputs) -> str:
    """`message` with `{i}` replaced by `inputs[i]` (-1 past the end) and `{{` by `{`, as llvm::formatv;
    a specifier's alignment and format options (`{0,5}`, `{0:x}`) are ignored: decimal, unpadded."""
    if not inputs:
        return message

    def replace(match):
        if match.group(1) is None:
            return "{"
        index = int(match.group(1))
        return str(inputs[index]) if index < len(inputs) else "-1"

    return _SPEC.sub(replace, message)


def _validate(op) -> None:
    """Upstream's checks of a well-formed assertion, so a malformed one fails instead of passing silently."""
    n = len(op.operands)
    if not 1 <= n <= 1 + MAX_MESSAGE_INPUTS:
        raise PassError(f"expects 1 <= size(operands) <= {1 + MAX_MESSAGE_INPUTS}", op.location)
    if not _scalar_int(op.operands[0].type, (1,)):
        raise PassError("expects assert_what (operand #0) to be a constant of type tensor<i1>", op.location)
    for i in range(1, n):
        if not _scalar_int(op.operands[i].type, (32, 64)):
            raise PassError(f"expects error_message_input (operand #{i}) to be a constant of type tensor<i32> "
                            "or tensor<i64>", op.location)
    if "error_message" not in op.attributes or not isinstance(op.attributes["error_message"], ir.StringAttr):
        raise PassError("expects an error_message attribute", op.location)
    for match in _SPEC.finditer(_message(op)):
        if match.group(1) is not None and int(match.group(1)) >= n - 1:
            raise PassError(f"expects error_message to contain format specifiers with error_message_input index "
                            f"less than {n - 1}. Found specifier {match.group(0)}", op.location)


def _scalar_int(t, widths) -> bool:
    if not isinstance(t, ir.RankedTensorType):
        return False
    t = ir.RankedTensorType(t)
    return t.rank == 0 and isinstance(t.element_type, ir.IntegerType) and \
        ir.IntegerType(t.element_type).is_signless and ir.IntegerType(t.element_type).width in widths


def _message(op) -> str:
    return ir.StringAttr(op.attributes["error_message"]).value


def check_shape_assertion(op, require_constant: bool) -> bool:
    """Erase the assertion `op` if it holds (True), raise PassError if it fails; if its predicate is not a
    constant, raise if `require_constant`, else leave it (False)."""
    _validate(op)
    predicate = constant_ints(op.operands[0])
    if predicate is None:
        if require_constant:
            raise PassError("expects static assert_what (operand #0)", op.location)
        return False
    if predicate[0]:
        erase_with_constants(op)
        return True
    inputs = []
    for i, value in enumerate(list(op.operands)[1:], start=1):
        constant = constant_ints(value)
        if constant is None:
            raise PassError(f"expects static error_message_input (operand #{i})", op.location)
        inputs.append(constant[0])
    raise PassError(format_message(_message(op), inputs), op.location)


def _assertions(root):
    found = []

    def visit(op):
        if op.name == "stablehlo.custom_call" and \
                ir.StringAttr(op.attributes["call_target_name"]).value == TARGET:
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def check_shape_assertions(root, enable: bool = True) -> None:
    """Check (or, with enable=False, erase) every shape assertion under `root`."""
    for op in _assertions(root):
        if enable:
            check_shape_assertion(op, require_constant=True)
        else:
            op.erase()


def check_shape_assertions_pass(enable: bool = True):
    return guarded_pass(CHECK_SHAPE_ASSERTIONS, lambda op: check_shape_assertions(op, enable))


def add_check_shape_assertions_pass(pm, enable: bool = True) -> None:
    pm.add(check_shape_assertions_pass(enable), name=CHECK_SHAPE_ASSERTIONS, argument=CHECK_SHAPE_ASSERTIONS)
