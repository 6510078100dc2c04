"""stablehlo-legalize-composite-to-call (passes/rewrites/composite_to_call.py): composites become
calls of their decompositions, except those named in `except`; the program computes the same, and
the output is what jaxlib's pass of the same name prints."""

from __future__ import annotations

import numpy as np
import pytest

from part1_support import assert_same_results, error, reprint, run, upstream
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.rewrites.composite_to_call import legalize_composites
from stablehlo_py._parsing import parse_module

NAME = "stablehlo-legalize-composite-to-call"

PROGRAM = """
func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.composite "ns.add" %arg0, %arg1 {composite_attributes = {alpha = 2.0 : f32}, decomposition = @add_impl, version = 3 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.composite "ns.keep" %0, %arg1 {decomposition = @add_impl} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2:2 = stablehlo.composite "ns.pair" %1 {decomposition = @pair_impl} : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %c = stablehlo.constant dense<true> : tensor<i1>
  %3 = "stablehlo.if"(%c) ({
    %4 = stablehlo.composite "ns.neg" %2#0 {decomposition = @neg_impl} : (tensor<3xf32>) -> tensor<3xf32>
    stablehlo.return %4 : tensor<3xf32>
  }, {
    stablehlo.return %2#1 : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  return %3, %2#1 : tensor<3xf32>, tensor<3xf32>
}
func.func private @add_impl(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @pair_impl(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
  return %0, %arg0 : tensor<3xf32>, tensor<3xf32>
}
func.func private @neg_impl(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %arg0 : tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""

ARGS = (np.array([1.5, -2.0, 0.25], np.float32), np.array([3.0, 0.5, -1.0], np.float32))


@pytest.mark.parametrize("pipeline,kept", [
    (NAME, ()),
    (f"func.func({NAME})", ()),
    (f"{NAME}{{except=ns.keep}}", ("ns.keep",)),
    (f"{NAME}{{except=ns.keep,ns.neg}}", ("ns.keep", "ns.neg")),
    (f"{NAME}{{except=ns.add,ns.keep,ns.pair,ns.neg}}", ("ns.add", "ns.keep", "ns.pair", "ns.neg")),
])
def test_composites_become_calls_with_same_results(pipeline, kept):
    out = run(PROGRAM, pipeline)
    for name in ("ns.add", "ns.keep", "ns.pair", "ns.neg"):
        assert (f'stablehlo.composite "{name}"' in out) == (name in kept), (name, out)
    assert out.count("call @") == 4 - len(kept)
    assert "alpha" not in out or "ns.add" in kept  # composite_attributes are dropped with the composite
    assert_same_results(PROGRAM, out, *ARGS)


def test_call_keeps_operands_result_types_and_location():
    text = """
func.func @main(%arg0: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.composite "a.b" %arg0 {decomposition = @impl} : (tensor<2xi32>) -> tensor<2xi32> loc("here")
  return %0 : tensor<2xi32>
}
func.func private @impl(%arg0: tensor<2xi32>) -> tensor<2xi32> {
  return %arg0 : tensor<2xi32>
}
"""
    module = parse_module(text)
    with module.context:
        assert legalize_composites(module.operation) == 1
    call = next(op for op in module.body.operations[0].regions[0].blocks[0].operations
                if op.operation.name == "func.call")
    assert str(call.location) == 'loc("here")'
    assert str(call.attributes["callee"]) == "@impl"
    assert list(call.attributes) == ["callee"]


def test_nothing_to_do():
    text = "func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n  return %arg0 : tensor<f32>\n}\n"
    assert run(text, NAME) == reprint(text)


def test_unknown_option_is_an_error():
    with pytest.raises(ValueError, match="no such option"):
        run(PROGRAM, f"{NAME}{{excepts=ns.keep}}")


def test_composite_without_decomposition_is_a_pass_error():
    # The verifier rejects such a composite; a pass given one directly (no verifier) reports it.
    module = parse_module(PROGRAM)
    with module.context:
        composite = module.body.operations[0].regions[0].blocks[0].operations[0]
        del composite.attributes["decomposition"]
        with pytest.raises(PassError, match="without a decomposition"):
            legalize_composites(module.operation)


@pytest.mark.upstream
def test_same_output_as_jaxlib():
    pipelines = [NAME, f"{NAME}{{except=ns.keep}}", f"{NAME}{{except=ns.keep,ns.neg}}"]
    got = upstream([(f"builtin.module(func.func({p}))", PROGRAM) for p in pipelines])
    for pipeline, (ok, text) in zip(pipelines, got):
        assert ok, text
        assert run(PROGRAM, pipeline) == reprint(text), pipeline


def test_error_helper_reports_failures():
    assert "no such option" in str(pytest.raises(ValueError, error, PROGRAM, f"{NAME}{{bad=1}}").value)
