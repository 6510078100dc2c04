"""stablehlo-legalize-qdq-to-quantized-op (passes/rewrites/qdq_to_quantized.py).

Each program is built with the Python builders; the pass must fuse exactly the patterns upstream
fuses (checked against jaxlib's pass, modulo where constants sit), and the fused program must
compute what the dequantize/float/quantize program computes (our interpreter, bit for bit: the spec
defines the quantized ops by that very formula).
"""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir

from expanders_support import build, hlo, interpret_both, op_names, qtype, run_pass, tensor, upstream_pass
from stablehlo_py.passes.registry import PASS_NAMES

PASS = "stablehlo-legalize-qdq-to-quantized-op"
PIPELINE = f"builtin.module(func.func({PASS}))"
RNG = np.random.default_rng(34_1)


def f32(*shape):
    return tensor(shape, ir.F32Type.get())


def _unary_chain():
    """quantize(x) -> dequantize -> abs -> quantize -> dequantize -> negate -> quantize -> dequantize."""

    def body(x):
        q = qtype(0.05, -3)
        a = hlo.uniform_quantize(tensor([6], q), x)
        b = hlo.abs(hlo.uniform_dequantize(a))
        c = hlo.uniform_quantize(tensor([6], q), b)
        d = hlo.negate(hlo.uniform_dequantize(c))
        e = hlo.uniform_quantize(tensor([6], qtype(0.1, 2)), d)
        return hlo.uniform_dequantize(e)

    return build(lambda: [f32(6)], body)


def _binary_mixed():
    """add of two dequantized values (fused), multiply with a float argument (not fused), maximum of
    a value and itself (fused), a quantize of an argument (not fused)."""

    def body(x, y):
        q1, q2 = qtype(0.25, 1), qtype(0.125, -2)
        a = hlo.uniform_dequantize(hlo.uniform_quantize(tensor([2, 3], q1), x))
        b = hlo.uniform_dequantize(hlo.uniform_quantize(tensor([2, 3], q2), y))
        s = hlo.uniform_quantize(tensor([2, 3], q1), hlo.add(a, b))
        m = hlo.uniform_quantize(tensor([2, 3], q2), hlo.multiply(hlo.uniform_dequantize(s), y))
        d = hlo.uniform_dequantize(m)
        mx = hlo.uniform_quantize(tensor([2, 3], q1), hlo.maximum(d, d))
        return [hlo.uniform_dequantize(mx), hlo.uniform_dequantize(s)]

    return build(lambda: [f32(2, 3), f32(2, 3)], body)


def _not_fused():
    """Patterns upstream does not fuse: an op with a region (reduce), one whose operand is a block
    argument, a float constant (no dequantize), and a quantize of an unused value (erased)."""

    def body(x):
        q = qtype(0.5, 0)
        d = hlo.uniform_dequantize(hlo.uniform_quantize(tensor([4], q), x))
        init = hlo.constant(ir.DenseElementsAttr.get(np.array(0.0, np.float32), type=f32()))
        reduce = hlo.ReduceOp([f32()], [d], [init], ir.DenseI64ArrayAttr.get([0]))
        block = reduce.regions[0].blocks.append(f32(), f32())
        with ir.InsertionPoint(block):
            hlo.return_([hlo.add(block.arguments[0], block.arguments[1])])
        r = hlo.uniform_quantize(tensor([], q), reduce.results[0])
        p = hlo.uniform_quantize(tensor([4], q), x)
        hlo.uniform_quantize(tensor([4], q), hlo.abs(d))  # unused
        c = hlo.constant(ir.DenseElementsAttr.get(np.full(4, 1.5, np.float32), type=f32(4)))
        k = hlo.uniform_quantize(tensor([4], q), c)
        return [hlo.uniform_dequantize(r), hlo.uniform_dequantize(p), hlo.uniform_dequantize(k)]

    return build(lambda: [f32(4)], body)


PROGRAMS = {"unary_chain": (_unary_chain, [(6,)]), "binary_mixed": (_binary_mixed, [(2, 3), (2, 3)]),
            "not_fused": (_not_fused, [(4,)])}


def _inputs(shapes):
    return [RNG.uniform(-4, 4, size=s).astype(np.float32) for s in shapes]


def test_registered_without_options():
    assert PASS in PASS_NAMES
    module = build(lambda: [f32(2)], lambda x: hlo.abs(x))
    assert "abs" in str(run_pass(module, f"builtin.module({PASS})"))  # also given a whole module


def test_bad_option_is_rejected_when_parsed():
    module = build(lambda: [f32(2)], lambda x: hlo.abs(x))
    with pytest.raises(Exception, match="no such option|option"):
        run_pass(module, f"builtin.module(func.func({PASS}{{target=1}}))")


def test_unary_chain_fuses_each_op():
    after = run_pass(_unary_chain(), PIPELINE)
    names = op_names(after)
    assert names == ["stablehlo.uniform_quantize", "stablehlo.abs", "stablehlo.negate",
                     "stablehlo.uniform_dequantize", "func.return"], names
    text = str(after)
    assert "stablehlo.abs %0 : tensor<6x!quant.uniform" in text


def test_binary_fuses_only_dequantized_operands():
    after = run_pass(_binary_mixed(), PIPELINE)
    names = op_names(after)
    assert names.count("stablehlo.add") == 1 and names.count("stablehlo.maximum") == 1
    assert names.count("stablehlo.multiply") == 1
    for op in after.body.operations[0].regions[0].blocks[0].operations:
        if op.name == "stablehlo.add":
            assert "!quant" in str(op.results[0].type) and all("!quant" in str(v.type) for v in op.operands)
        if op.name == "stablehlo.multiply":  # one operand is a float argument: stays a float op
            assert "!quant" not in str(op.results[0].type)
        if op.name == "stablehlo.maximum":  # the same dequantized value twice: both operands quantized
            assert op.operands[0] == op.operands[1] and "!quant" in str(op.operands[0].type)


def test_unmatched_patterns_are_left():
    after = run_pass(_not_fused(), PIPELINE)
    names = op_names(after)
    assert "stablehlo.reduce" in names and "stablehlo.abs" not in names  # the unused chain is erased
    assert names.count("stablehlo.uniform_quantize") == 4
    for op in after.body.operations[0].regions[0].blocks[0].operations:
        if op.name == "stablehlo.constant":
            assert "!quant" not in str(op.results[0].type)  # a float constant is not quantized


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_same_results_before_and_after(name):
    build_fn, shapes = PROGRAMS[name]
    before = build_fn()
    after = run_pass(before, PIPELINE)
    for _ in range(3):
        args = _inputs(shapes)
        want, got = interpret_both(before, after, *args)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.tobytes() == w.tobytes(), (g, w)


@pytest.mark.upstream
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_matches_upstream(name):
    before = PROGRAMS[name][0]()
    ours = str(run_pass(before, PIPELINE))
    theirs = upstream_pass(str(before), PIPELINE)
    assert ours == theirs  # constants merged and moved first, as upstream's greedy driver does
