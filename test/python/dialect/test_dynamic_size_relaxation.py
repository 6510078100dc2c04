"""Dynamism RFC P3: relaxing a static size to `?` (or to `?` bounded by that
size) never makes a valid op invalid; the constraint it took part in moves to
run time. Checked on every op of the valid lit cases and of the conformance
corpus, one operand or result dimension at a time.
Results whose shape is load-bearing (RFC P4: constant, iota,
broadcast_in_dim, reshape, rng_bit_generator) keep their static types; the
ops whose syntax prints one list of types for operands and results
(optimization_barrier, tuple) need equal types.
"""

from __future__ import annotations

import glob
import os

import mlir.ir as ir
import pytest

from stablehlo_py._parsing import context, parse_module
from conftest import REPO

LOAD_BEARING_RESULTS = {"stablehlo.constant", "stablehlo.iota", "stablehlo.broadcast_in_dim",
                        "stablehlo.reshape", "stablehlo.rng_bit_generator"}
# Ops whose syntax prints their operand and result types once, so they must be
# equal, not only compatible (as upstream requires too).
SAME_TYPES = {"stablehlo.optimization_barrier", "stablehlo.tuple"}
# Shape operands of the dynamism ops (operand positions): their length is a
# rank, which stays static (RFC P4: axes are static).
SHAPE_OPERANDS = {"stablehlo.dynamic_broadcast_in_dim": {1}, "stablehlo.dynamic_reshape": {1},
                  "stablehlo.dynamic_pad": {2, 3, 4}, "stablehlo.real_dynamic_slice": {1, 2, 3},
                  "stablehlo.dynamic_iota": {0}, "stablehlo.dynamic_gather": {2},
                  "stablehlo.dynamic_conv": {2}}


def _sources() -> list:
    lit = [f for f in glob.glob(os.path.join(REPO, "test/lit/ops/*.mlir")) if "invalid" not in f]
    corpus = glob.glob(os.path.join(REPO, "test/conformance/corpus/*/*.mlir"))
    return sorted(lit + corpus)


def _relaxed(t: ir.RankedTensorType, d: int, bounded: bool) -> ir.Type:
    sizes = ["?" if i == d or t.is_dynamic_dim(i) else str(s) for i, s in enumerate(t.shape)]
    text = "tensor<" + "".join(s + "x" for s in sizes) + str(t.element_type)
    if bounded:
        bounds = ["?"] * t.rank
        bounds[d] = str(t.shape[d])
        text += ", #stablehlo.bounds<" + ", ".join(bounds) + ">"
    return ir.Type.parse(text + ">", t.context)


def _ops(op):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                yield from _ops(inner)


@pytest.mark.parametrize("bounded", [False, True], ids=["unbounded", "bounded"])
def test_relaxing_a_size_keeps_ops_valid(bounded):
    ctx = context()
    rejected, tried = [], 0
    for path in _sources():
        for chunk in open(path).read().split("// -----"):
            try:
                module = parse_module(chunk, ctx)
            except ir.MLIRError:
                continue  # a chunk of a file that is not a module by itself
            for op in _ops(module.operation):
                name = op.operation.name
                if not name.startswith("stablehlo.") or name == "stablehlo.return" or name in SAME_TYPES:
                    continue
                shape_operands = SHAPE_OPERANDS.get(name, set())
                values = [v for i, v in enumerate(op.operands) if i not in shape_operands]
                if name not in LOAD_BEARING_RESULTS:
                    values += list(op.results)
                for value in values:
                    t = value.type
                    if not isinstance(t, ir.RankedTensorType) or t.encoding is not None:
                        continue
                    for d in range(t.rank):
                        if t.is_dynamic_dim(d):
                            continue
                        value.set_type(_relaxed(t, d, bounded))
                        tried += 1
                        try:
                            op.verify()
                        except ir.MLIRError as e:
                            rejected.append((os.path.basename(path), name, d,
                                             "; ".join(x.message for x in e.error_diagnostics)))
                        finally:
                            value.set_type(t)
    assert tried > 30000
    assert not rejected, rejected[:10]
