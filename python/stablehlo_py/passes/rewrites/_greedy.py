"""MLIR's greedy pattern driver (mlir.rewrite) with patterns written in Python, as upstream's passes
apply theirs: same worklist order, and the driver's own folding, constant hoisting and
deduplication and dead-op removal. A pattern is `fn(op, rewriter) -> bool` (True: rewritten);
an exception in one stops the rewriting and is raised once the driver has returned (none may
unwind through MLIR's C++ frames)."""

from __future__ import annotations

from mlir import rewrite as _rw

__all__ = ["apply_greedily"]


def apply_greedily(root, patterns, existing_ops_only: bool = False, fold: bool = True,
                   top_down: bool = False) -> None:
    """Run the greedy driver on `root` with `patterns`: a list of (op name, fn, benefit);
    `top_down` visits ops in program order (the driver's default is the reverse)."""
    failure = []

    def guarded(fn):
        def match_and_rewrite(op, rewriter):
            if failure:
                return True  # a pattern failed: match nothing more
            try:
                return not fn(op.operation, rewriter)  # the binding takes a falsy result as success
            except BaseException as e:  # noqa: BLE001 - re-raised below, outside the driver
                failure.append(e)
                return True

        return match_and_rewrite

    patterns_set = _rw.RewritePatternSet()
    for name, fn, benefit in patterns:
        patterns_set.add(name, guarded(fn), benefit)
    config = _rw.GreedyRewriteConfig()
    if existing_ops_only:
        config.strictness = _rw.GreedyRewriteStrictness.EXISTING_OPS
    config.enable_folding = fold
    config.use_top_down_traversal = top_down
    _rw.apply_patterns_and_fold_greedily(root, patterns_set.freeze(), config)
    if failure:
        raise failure[0]
