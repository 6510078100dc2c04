"""What the rewrite passes of this folder share: their options as MLIR hands them over (text),
finding the ops to rewrite, and replacing an op by new values."""

from __future__ import annotations

import re

import mlir.ir as ir

from .._common import PassError

__all__ = ["list_option", "flag_option", "int_option", "module_of", "replace_op", "attr_text"]


def list_option(text: str) -> list:
    """The items of a ListOption (MLIR gives them joined by commas), blanks dropped."""
    return [item.strip() for item in text.split(",") if item.strip()]


def flag_option(pass_name: str, key: str, text: str) -> bool:
    """A bool option as MLIR's parser reads one (true/false/1/0, any case); ValueError otherwise."""
    value = text.strip().lower()
    if value not in ("true", "false", "1", "0"):
        raise ValueError(f"{pass_name}: {key} expects true or false, got '{text}'")
    return value in ("true", "1")


def int_option(pass_name: str, key: str, text: str, bits: int = 32) -> int:
    """A signed integer option of `bits` bits; ValueError for anything else."""
    value = text.strip()
    if not re.fullmatch(r"[+-]?\d+", value):
        raise ValueError(f"{pass_name}: {key} expects an integer, got '{text}'")
    number = int(value)
    if not -(1 << (bits - 1)) <= number < (1 << (bits - 1)):
        raise ValueError(f"{pass_name}: {key} expects a {bits}-bit integer, got '{text}'")
    return number


def module_of(op):
    """The builtin.module `op` is or is in (None if it is in none)."""
    op = op.operation
    while op.name != "builtin.module":
        op = op.parent
        if op is None:
            return None
        op = op.operation
    return op


def replace_op(op, values) -> None:
    """Replace the results of `op` by `values` (same types: else a PassError at `op`), erase it."""
    values = list(values)
    if len(values) != len(op.results):
        raise PassError(f"'{op.name}': {len(values)} replacements for {len(op.results)} results", op.location)
    for old, new in zip(op.results, values):
        if old.type != new.type:
            raise PassError(f"'{op.name}': a replacement of type {new.type} for a result of type {old.type}",
                            op.location)
        old.replace_all_uses_with(new)
    op.erase()


def attr_text(op, name: str):
    """The value of string attribute `name` of `op`, or None."""
    if name not in op.attributes:
        return None
    attr = op.attributes[name]
    return ir.StringAttr(attr).value if isinstance(attr, ir.StringAttr) else None
