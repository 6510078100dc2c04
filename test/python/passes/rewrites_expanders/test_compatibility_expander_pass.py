"""stablehlo-compatibility-expander (passes/rewrites/compatibility_expander.py).

Each rewrite is checked at the version thresholds (applied below, not at or above); the
rewritten program gives the interpreter's results of the original (bit for bit for gather and
scatter, within a few ULP of the element type for tan), and the text upstream's pass (jaxlib)
gives; bad `target` values are rejected when the pipeline is parsed.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from mlir import ir
from mlir.passmanager import PassManager

import stablehlo_py
from expanders_support import build, hlo, op_names, pass_error, run_pass, tensor, upstream_pass
from stablehlo_py.passes.registry import PASS_NAMES

PASS = "stablehlo-compatibility-expander"
RNG = np.random.default_rng(34_3)


def pipeline(target):
    return f"builtin.module({PASS}{{target={target}}})"


def _gather(index_vector_dim_last=False, index_bits=32, sorted_=True):
    """A gather with two batching dimensions (their order differs between operand and indices)."""
    ivd = 3

    def types():
        i = ir.IntegerType.get_signless(index_bits)
        if index_vector_dim_last:
            return [tensor([3, 2, 4, 9], ir.F32Type.get()), tensor([4, 3, 5], i)]
        return [tensor([3, 2, 4, 7, 9], ir.F32Type.get()), tensor([4, 3, 5, 2], i)]

    def body(operand, indices):
        if index_vector_dim_last:
            return hlo.gather(operand, indices, offset_dims=[3], collapsed_slice_dims=[1],
                              operand_batching_dims=[0, 2], start_indices_batching_dims=[1, 0],
                              start_index_map=[1], index_vector_dim=ivd,
                              slice_sizes=[1, 1, 1, 8], indices_are_sorted=sorted_)
        return hlo.gather(operand, indices, offset_dims=[3], collapsed_slice_dims=[1, 3],
                          operand_batching_dims=[0, 2], start_indices_batching_dims=[1, 0],
                          start_index_map=[1, 3], index_vector_dim=ivd, slice_sizes=[1, 1, 1, 1, 8],
                          indices_are_sorted=sorted_)

    return build(types, body)


def _scatter():
    def types():
        return [tensor([3, 2, 4, 7], ir.F32Type.get()), tensor([4, 3, 1], ir.IntegerType.get_signless(32)),
                tensor([4, 3, 7], ir.F32Type.get())]

    def body(inputs, indices, updates):
        numbers = hlo.ScatterDimensionNumbers.get([2], [1], [0, 2], [1, 0], [1], 2)
        op = hlo.ScatterOp([inputs.type], [inputs], indices, [updates], numbers)
        block = op.regions[0].blocks.append(tensor([], ir.F32Type.get()), tensor([], ir.F32Type.get()))
        with ir.InsertionPoint(block):
            hlo.return_([hlo.add(block.arguments[0], block.arguments[1])])
        return op.results[0]

    return build(types, body)


def _tan(element):
    return build(lambda: [tensor([16], element())], lambda x: hlo.tan(x))


def _gather_args(index_vector_dim_last=False, index_bits=32):
    dtype = {8: np.int8, 32: np.int32}[index_bits]
    if index_vector_dim_last:
        return [RNG.standard_normal((3, 2, 4, 9)).astype(np.float32), RNG.integers(0, 2, (4, 3, 5)).astype(dtype)]
    operand = RNG.standard_normal((3, 2, 4, 7, 9)).astype(np.float32)
    return [operand, np.stack([RNG.integers(0, 2, (4, 3, 5)), RNG.integers(0, 7, (4, 3, 5))], -1).astype(dtype)]


def _scatter_args():
    return [RNG.standard_normal((3, 2, 4, 7)).astype(np.float32), RNG.integers(0, 2, (4, 3, 1)).astype(np.int32),
            RNG.standard_normal((4, 3, 7)).astype(np.float32)]


# ----------------------------------------------------------------- option

def test_registered_with_target_option():
    assert PASS in PASS_NAMES
    run_pass(_tan(ir.F32Type.get), pipeline("1.4.0"))


def test_missing_target_fails_when_run():
    message = pass_error(_tan(ir.F32Type.get), f"builtin.module({PASS})")
    assert "no target version specified" in message


@pytest.mark.parametrize("target,message", [
    ("1.2", "of the form #.#.#"), ("one.two.three", "of the form #.#.#"),
    ("0.1.0", "less than the minimum"), ("99.0.0", "greater than the current")])
def test_bad_targets_are_rejected_when_parsed(target, message):
    module = _tan(ir.F32Type.get)
    with pytest.raises(Exception, match=message):
        PassManager.parse(pipeline(target), context=module.context)


# ----------------------------------------------------------------- thresholds

@pytest.mark.parametrize("target,expanded", [("1.0.0", True), ("1.0.9", True), ("1.1.0", False), ("1.17.0", False)])
def test_batching_dims_threshold(target, expanded):
    for module in (_gather(), _scatter()):
        after = run_pass(module, pipeline(target))
        text = str(after)
        assert ("batching_dims" not in text) == expanded, text
        assert ("stablehlo.iota" in text) == expanded


@pytest.mark.parametrize("target,expanded", [("1.0.0", True), ("1.3.9", True), ("1.4.0", False)])
def test_tan_threshold(target, expanded):
    for element in (ir.F32Type.get, lambda: ir.ComplexType.get(ir.F64Type.get())):
        names = op_names(run_pass(_tan(element), pipeline(target)))
        assert ("stablehlo.tan" not in names) == expanded, names


def test_gather_rewrite_shape():
    after = run_pass(_gather(), pipeline("1.0.0"))
    gather = [op for op in after.body.operations[0].regions[0].blocks[0].operations if op.name == "stablehlo.gather"][0]
    numbers = hlo.GatherDimensionNumbers(gather.attributes["dimension_numbers"])
    assert list(numbers.collapsed_slice_dims) == [0, 1, 2, 3]
    assert list(numbers.start_index_map) == [0, 2, 1, 3]
    assert not list(numbers.operand_batching_dims) and not list(numbers.start_indices_batching_dims)
    # indices batching dims [1, 0] are not sorted: indices_are_sorted cannot stay true
    assert not ir.BoolAttr(gather.attributes["indices_are_sorted"]).value


def test_index_type_promoted_when_a_batch_size_does_not_fit():
    def types():
        return [tensor([200, 9], ir.F32Type.get()), tensor([200, 1], ir.IntegerType.get_signless(8))]

    def body(operand, indices):
        return hlo.gather(operand, indices, offset_dims=[], collapsed_slice_dims=[1], operand_batching_dims=[0],
                          start_indices_batching_dims=[0], start_index_map=[1], index_vector_dim=1,
                          slice_sizes=[1, 1])

    before = build(types, body)
    after = run_pass(before, pipeline("1.0.0"))
    assert "stablehlo.convert %arg1 : (tensor<200x1xi8>) -> tensor<200x1xi32>" in str(after)
    args = [RNG.standard_normal((200, 9)).astype(np.float32), RNG.integers(0, 9, (200, 1)).astype(np.int8)]
    want, = stablehlo_py.interpret(str(before), *args)
    got, = stablehlo_py.interpret(str(after), *args)
    assert np.array_equal(got, want)


# ----------------------------------------------------------------- results

@pytest.mark.parametrize("last,bits", [(False, 32), (True, 32), (True, 8)])
def test_gather_same_results(last, bits):
    before = _gather(index_vector_dim_last=last, index_bits=bits)
    after = run_pass(before, pipeline("1.0.0"))
    args = _gather_args(last, bits)
    want, = stablehlo_py.interpret(str(before), *args)
    got, = stablehlo_py.interpret(str(after), *args)
    assert got.tobytes() == want.tobytes()


def test_scatter_same_results():
    before = _scatter()
    after = run_pass(before, pipeline("1.0.0"))
    args = _scatter_args()
    want, = stablehlo_py.interpret(str(before), *args)
    got, = stablehlo_py.interpret(str(after), *args)
    assert got.tobytes() == want.tobytes()


_FLOATS = {"f16": (ir.F16Type.get, np.float16), "bf16": (ir.BF16Type.get, ml_dtypes.bfloat16),
           "f32": (ir.F32Type.get, np.float32), "f64": (ir.F64Type.get, np.float64)}


@pytest.mark.parametrize("name", sorted(_FLOATS))
def test_tan_same_results_within_ulps(name):
    element, dtype = _FLOATS[name]
    before = _tan(element)
    after = run_pass(before, pipeline("1.3.0"))
    x = RNG.uniform(-1.4, 1.4, 16).astype(dtype)
    want, = stablehlo_py.interpret(str(before), x)
    got, = stablehlo_py.interpret(str(after), x)
    eps = float(ml_dtypes.finfo(dtype).eps)
    # sine / cosine rounds three times where tan rounds once
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=8 * eps, atol=4 * eps)


@pytest.mark.parametrize("bits", [32, 64])
def test_complex_tan_same_results(bits):
    part = ir.F32Type.get if bits == 32 else ir.F64Type.get
    dtype = np.complex64 if bits == 32 else np.complex128
    before = _tan(lambda: ir.ComplexType.get(part()))
    after = run_pass(before, pipeline("1.3.0"))
    x = (RNG.uniform(-1.2, 1.2, 16) + 1j * RNG.uniform(-3, 3, 16)).astype(dtype)
    want, = stablehlo_py.interpret(str(before), x)
    got, = stablehlo_py.interpret(str(after), x)
    eps = float(np.finfo(dtype).eps)
    np.testing.assert_allclose(got, want, rtol=64 * eps, atol=16 * eps)


# ----------------------------------------------------------------- upstream

_PROGRAMS = {"gather": _gather, "gather_last_i8": lambda: _gather(True, 8), "scatter": _scatter,
             "tan_f32": lambda: _tan(ir.F32Type.get),
             "tan_c64": lambda: _tan(lambda: ir.ComplexType.get(ir.F32Type.get()))}


@pytest.mark.upstream
@pytest.mark.parametrize("target", ["1.0.0", "1.3.0", "1.9.0"])
@pytest.mark.parametrize("name", sorted(_PROGRAMS))
def test_matches_upstream(name, target):
    before = str(_PROGRAMS[name]())
    assert str(run_pass(before, pipeline(target))) == upstream_pass(before, pipeline(target))


@pytest.mark.upstream
def test_location_ranges_match_upstream():
    ctx = stablehlo_py.context()
    with ctx:
        start = ir.Location.file("model.py", 3, 4, 5, 6)
        with start:
            module = ir.Module.create()
            from mlir.dialects import func

            with ir.InsertionPoint(module.body):
                @func.FuncOp.from_py_func(tensor([4], ir.F32Type.get()), name="main")
                def main(x):
                    with ir.Location.fused([ir.Location.file("a.py", 1, 2, 1, 8), ir.Location.file("b.py", 2, 3)]):
                        y = hlo.abs(x)
                    with ir.Location.name("n", ir.Location.file("c.py", 7, 1, 9, 1)):
                        return hlo.tan(y)
    text = module.operation.get_asm(enable_debug_info=True)
    assert " to " in text
    for target, stripped in (("1.8.0", True), ("1.9.0", False)):
        ours = run_pass(text, pipeline(target)).operation.get_asm(enable_debug_info=True)
        assert (" to " not in ours) == stripped, ours
        assert '"model.py":3:4' in ours and '"c.py":7:1' in ours
