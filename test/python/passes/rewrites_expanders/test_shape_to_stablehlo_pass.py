"""shape-legalize-to-stablehlo (passes/rewrites/shape_to_stablehlo.py).

Programs mixing shape, tensor and arith shape computations with StableHLO are built with the
Python builders. Oracles: upstream's pass in jaxlib gives the same text; our interpreter gives
the same results before the pass and after it (followed by reconcile-unrealized-casts, which
removes the casts that undo each other: the interpreter runs no casts), for several argument
shapes; programs the pass cannot rewrite fail with upstream's message and stay unchanged.
"""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir
from mlir.dialects import arith, shape, tensor as tensor_d

import stablehlo_py
from expanders_support import build, hlo, op_names, pass_error, run_pass, tensor, upstream_pass
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.registry import PASS_NAMES
from stablehlo_py.passes.rewrites.shape_to_stablehlo import legalize_shape_to_stablehlo

PASS = "shape-legalize-to-stablehlo"
PIPELINE = f"builtin.module(func.func({PASS}))"
RECONCILED = f"builtin.module(func.func({PASS}), reconcile-unrealized-casts)"
DYN = ir.ShapedType.get_dynamic_size()


def index():
    return ir.IndexType.get()


def i32():
    return ir.IntegerType.get_signless(32)


def i64():
    return ir.IntegerType.get_signless(64)


def f32(*shape):
    return tensor(shape, ir.F32Type.get())


def c(value):
    return arith.constant(index(), value)


def _mixed_program():
    """shape_of, broadcast, index_cast on tensors, num_elements, index_cast to i64, from_elements to a
    0-D tensor, tensor.dim, muli by a constant, const_shape, extract from an index and an i32 tensor,
    from_elements to an extent tensor, and a dynamic_broadcast_in_dim of an index shape."""

    def body(x, y):
        s0, s1 = shape.shape_of(x), shape.shape_of(y)
        b = shape.broadcast(tensor([2], index()), [s0, s1])
        b32 = arith.index_cast(tensor([2], i32()), b)
        n = shape.num_elements(b, results=[index()])
        n64 = tensor_d.from_elements(tensor([], i64()), [arith.index_cast(i64(), n)])
        d = tensor_d.dim(x, c(0))
        twice = arith.muli(d, c(2))
        t32 = tensor_d.from_elements(tensor([], i32()), [arith.index_cast(i32(), twice)])
        cs = shape.const_shape(ir.DenseElementsAttr.get(np.array([4, 1, 3], np.int64), type=tensor([3], index())),
                               results=[tensor([3], index())])
        b3 = shape.broadcast(tensor([3], index()), [cs, s0])
        e = tensor_d.extract(b3, [c(1)])
        e32 = tensor_d.from_elements(tensor([], i32()), [arith.index_cast(i32(), e)])
        first = tensor_d.from_elements(tensor([], i32()), [tensor_d.extract(b32, [c(0)])])
        extents = tensor_d.from_elements(tensor([3], index()), [c(2), d, c(3)])
        grown = hlo.dynamic_broadcast_in_dim(tensor([DYN, DYN, DYN], ir.F32Type.get()), x, extents, [1, 2])
        wide = hlo.dynamic_broadcast_in_dim(f32(DYN, DYN), x, b, [0, 1])
        return [b32, n64, t32, e32, first, grown, wide]

    return build(lambda: [f32(DYN, 3), f32(2, DYN)], body)


def _constraint_program():
    """cstr_broadcastable of two shapes of different ranks guarding a shape.assuming region."""

    def body(x, y):
        s0, s1 = shape.shape_of(x), shape.shape_of(y)
        witness = shape.cstr_broadcastable([s0, s1])
        assuming = shape.AssumingOp([f32(DYN, DYN, DYN)], witness)
        block = assuming.doRegion.blocks.append()
        with ir.InsertionPoint(block):
            b = shape.broadcast(tensor([3], index()), [s0, s1])
            r = hlo.dynamic_broadcast_in_dim(f32(DYN, DYN, DYN), y, b, [0, 1, 2])
            shape.AssumingYieldOp([r])
        return assuming.results[0]

    return build(lambda: [f32(DYN, 3), f32(DYN, DYN, DYN)], body)


def test_registered_without_options():
    assert PASS in PASS_NAMES
    with pytest.raises(Exception, match="option"):
        run_pass(_mixed_program(), f"builtin.module(func.func({PASS}{{legalize-constraints=true}}))")


def test_every_shape_op_becomes_stablehlo():
    after = run_pass(_mixed_program(), PIPELINE)
    left = {n.split(".")[0] for n in op_names(after)}
    assert left <= {"stablehlo", "builtin", "arith", "func"}, left
    names = op_names(after)
    assert not any(n.startswith(("shape.", "tensor.")) or n in ("arith.index_cast", "arith.muli") for n in names)
    assert "stablehlo.get_dimension_size" in names and "stablehlo.maximum" in names
    # the dynamic_broadcast_in_dims now take i32 shapes
    for op in after.body.operations[0].regions[0].blocks[0].operations:
        if op.name == "stablehlo.dynamic_broadcast_in_dim":
            assert "i32" in str(op.operands[1].type)


@pytest.mark.parametrize("shapes", [((2, 3), (2, 3)), ((1, 3), (2, 1)), ((2, 3), (2, 1))])
def test_same_results_before_and_after(shapes):
    before = _mixed_program()
    after = run_pass(before, RECONCILED)
    assert "unrealized_conversion_cast" not in str(after)
    rng = np.random.default_rng(7)
    args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    want = stablehlo_py.interpret(str(before), *args)
    got = stablehlo_py.interpret(str(after), *args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w), (g, w)


def test_constraints_are_illegal_by_default():
    before = _constraint_program()
    message = pass_error(before, PIPELINE)
    assert "failed to legalize operation 'shape.cstr_broadcastable' that was explicitly marked illegal" in message


def test_constraints_with_legalize_constraints():
    before = _constraint_program()
    after = stablehlo_py.parse_module(str(before))
    legalize_shape_to_stablehlo(after.operation, legalize_constraints=True)
    assert after.operation.verify()
    text = str(after)
    assert "shape.cstr_broadcastable" not in text and "shape.const_witness true" in text
    assert "stablehlo.custom_call @shape_assertion" in text and "Shape assertion failed" in text
    from mlir.passmanager import PassManager

    PassManager.parse("builtin.module(reconcile-unrealized-casts)", context=after.context).run(after.operation)
    rng = np.random.default_rng(3)
    for x_shape, y_shape in (((4, 3), (2, 4, 3)), ((1, 3), (2, 5, 1))):
        args = [rng.standard_normal(x_shape).astype(np.float32), rng.standard_normal(y_shape).astype(np.float32)]
        want, = stablehlo_py.interpret(str(before), *args)
        got, = stablehlo_py.interpret(str(after), *args)
        assert np.array_equal(got, want)
    bad = [np.zeros((4, 3), np.float32), np.zeros((2, 5, 3), np.float32)]
    for program in (before, after):  # shapes that do not broadcast fail both
        with pytest.raises(Exception):
            stablehlo_py.interpret(str(program), *bad)


def _unsupported(kind):
    def body(x, k):
        if kind == "dim":  # dimension not constant
            return tensor_d.from_elements(tensor([1], index()), [tensor_d.dim(x, k)])
        if kind == "extract":  # out of range
            return tensor_d.from_elements(tensor([1], index()), [tensor_d.extract(shape.shape_of(x), [c(5)])])
        if kind == "muli_i32":
            v = arith.index_cast(i32(), k)
            return tensor_d.from_elements(tensor([], i32()), [arith.muli(v, v)])
        if kind == "shape_of_dynamic":
            return shape.shape_of(x, results=[tensor([DYN], index())])
        raise AssertionError(kind)

    return build(lambda: [f32(DYN, 3), index()], body)


@pytest.mark.parametrize("kind,op", [("dim", "tensor.dim"), ("extract", "tensor.extract"),
                                     ("muli_i32", "arith.muli"), ("shape_of_dynamic", "shape.shape_of")])
def test_unsupported_ops_fail_cleanly(kind, op):
    before = _unsupported(kind)
    message = pass_error(before, PIPELINE)
    assert f"failed to legalize operation '{op}' that was explicitly marked illegal" in message
    module = stablehlo_py.parse_module(str(before))
    with pytest.raises(PassError):
        legalize_shape_to_stablehlo(module.operation)
    assert str(module) == str(stablehlo_py.parse_module(str(before)))  # nothing changed


@pytest.mark.upstream
def test_matches_upstream():
    before = _mixed_program()
    assert str(run_pass(before, PIPELINE)) == upstream_pass(str(before), PIPELINE)


@pytest.mark.upstream
@pytest.mark.parametrize("kind", ["dim", "extract", "muli_i32", "shape_of_dynamic"])
def test_upstream_fails_too(kind):
    with pytest.raises(Exception, match="failed to legalize"):
        upstream_pass(str(_unsupported(kind)), PIPELINE)


def test_runs_on_a_whole_module_too():
    before = _mixed_program()
    assert str(run_pass(before, f"builtin.module({PASS})")) == str(run_pass(before, PIPELINE))
