"""What the rewrite passes of part 2 share: collecting ops, the greedy driver's clean-up, versions.

Upstream runs most of these passes through MLIR's greedy pattern driver, which besides applying
the patterns erases every op that is trivially dead (no uses, no memory effects of its own or in
its regions, not a terminator or a symbol) and moves every constant to the start of its
function, merging equal ones. `greedy_cleanup` does that part of the driver's work, so that the
rewritten programs look like upstream's:

* dead ops go, anywhere in the function;
* constants (CONSTANT_OPS) are taken in program order: one equal to a constant seen before (same
  op, attributes and type) is replaced by it; the others end up at the start of the function's
  entry block, in the reverse of their order (each is moved to the front unless it already
  follows the constants handled so far), constants in regions (a reduce body) included.

What the driver also does and this does not: folding ops through their folders (StableHLO's
leave the programs these passes produce alone), and giving moved constants an unknown location.
"""

from __future__ import annotations

import mlir.ir as ir

from ..._stablehlo import has_own_memory_effects
from .._common import collect

__all__ = ["erase_dead", "is_trivially_dead", "hoist_constants", "greedy_cleanup", "element_type",
           "ranked", "parse_version", "CONSTANT_OPS"]

CONSTANT_OPS = frozenset(("stablehlo.constant", "arith.constant", "chlo.constant", "shape.const_shape",
                          "shape.const_size", "shape.const_witness"))


def _effect_free(op) -> bool:
    if has_own_memory_effects(op):
        return False
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                if not _effect_free(inner.operation):
                    return False
    return True


def is_trivially_dead(op) -> bool:
    """Whether `op` can go as MLIR's greedy driver erases it: no result used, no memory effects, and
    neither a terminator (the last op of its block) nor a symbol (nor a function or module)."""
    op = op.operation
    if any(True for r in op.results for _ in r.uses):
        return False
    if op.name in ("func.func", "builtin.module") or "sym_name" in op.attributes:
        return False
    block = op.block
    if block is not None and block.operations[len(block.operations) - 1].operation == op:
        return False
    return _effect_free(op)


def erase_dead(root) -> int:
    """Erase the trivially dead ops under `root` (not `root` itself), until none is left; the number erased."""
    erased = 0
    while True:
        dead = collect(root, lambda op: op.operation != root.operation and is_trivially_dead(op))
        if not dead:
            return erased
        # users before their producers: walk backwards, each op checked again when its turn comes
        for op in reversed(dead):
            if is_trivially_dead(op):
                op.erase()
                erased += 1


def _functions(root) -> list:
    if root.name == "func.func":
        return [root.operation]
    return collect(root, lambda op: op.name == "func.func")


def hoist_constants(func_op) -> None:
    """Merge equal constants and move them to the start of `func_op`'s entry block (module doc)."""
    if not len(func_op.regions) or not len(func_op.regions[0].blocks):
        return
    entry = func_op.regions[0].blocks[0]
    seen = {}
    owned = 0  # the constants kept so far: the first `owned` ops of the entry block
    for const in collect(func_op, lambda op: op.name in CONSTANT_OPS and len(op.results) == 1):
        attributes = ", ".join(f"{name}={const.attributes[name]}" for name in const.attributes)
        key = (const.name, attributes, str(const.results[0].type))
        if key in seen:
            const.results[0].replace_all_uses_with(seen[key].results[0])
            const.erase()
            continue
        seen[key] = const
        operations = entry.operations
        in_place = const.block == entry and owned < len(operations) and operations[owned].operation == const
        if not in_place:
            const.move_before(operations[0].operation)
        owned += 1


def greedy_cleanup(root) -> None:
    """The greedy driver's clean-up in each function under `root` (or `root` itself): dead ops erased,
    constants merged and moved to the start."""
    erase_dead(root)
    for func_op in _functions(root):
        hoist_constants(func_op)


def ranked(t):
    """`t` as a RankedTensorType, or None."""
    t = t.maybe_downcast() if type(t) in (ir.Type, ir.ShapedType) else t
    return t if isinstance(t, ir.RankedTensorType) else None


def element_type(t):
    """The element type of a shaped type `t`, or `t` itself."""
    t = t.maybe_downcast() if type(t) is ir.Type else t
    return ir.ShapedType(t).element_type if isinstance(t, ir.ShapedType) else t


def parse_version(text: str, what: str):
    """(major, minor, patch) of '#.#.#', else ValueError naming `what`."""
    parts = text.strip().split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{what}: expected a version of the form #.#.#, got '{text}'")
    return tuple(int(p) for p in parts)
