"""stablehlo-legalize-deprecated-ops (passes/rewrites/deprecated_ops.py): each deprecated op with a
replacement is rewritten as upstream does (same output as jaxlib's pass), the program computes the
same; map and rng fail the pass unless fail-on-unused=false."""

from __future__ import annotations

import numpy as np
import pytest

from part1_support import assert_same_results, error, reprint, run, upstream
from stablehlo_py._parsing import parse_module
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.rewrites.deprecated_ops import legalize_deprecated_ops

NAME = "stablehlo-legalize-deprecated-ops"

REWRITES = """
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<3xi32>) -> (tensor<5x2x3xf32>, tensor<2x4xf32>, tensor<i32>, tensor<3xf32>, tensor<2x3xf32>, !stablehlo.token, tensor<3xi32>) {
  %0 = "stablehlo.broadcast"(%arg0) {broadcast_sizes = array<i64: 5>} : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  %1 = "stablehlo.dot"(%arg0, %arg1) {precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = "stablehlo.dot"(%arg2, %arg2) : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  %3 = "stablehlo.unary_einsum"(%arg0) {einsum_config = "ab->b"} : (tensor<2x3xf32>) -> tensor<3xf32>
  %4 = "stablehlo.cross-replica-sum"(%arg0) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "stablehlo.create_token"() : () -> !stablehlo.token
  %6 = "stablehlo.unary_einsum"(%arg2) {einsum_config = "a->a"} : (tensor<3xi32>) -> tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<5x2x3xf32>, tensor<2x4xf32>, tensor<i32>, tensor<3xf32>, tensor<2x3xf32>, !stablehlo.token, tensor<3xi32>
}
"""

MORE = """
func.func @main(%arg0: tensor<2xcomplex<f32>>, %arg1: tensor<4xi1>, %arg2: tensor<2x2xui8>, %arg3: tensor<3xf64>) -> (tensor<complex<f32>>, tensor<i1>, tensor<2x2xui8>, tensor<3x2x2xui8>, tensor<3xf64>) {
  %0 = "stablehlo.unary_einsum"(%arg0) {einsum_config = "a->"} : (tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
  %1 = "stablehlo.unary_einsum"(%arg1) {einsum_config = "a->"} : (tensor<4xi1>) -> tensor<i1>
  %2 = "stablehlo.dot"(%arg2, %arg2) : (tensor<2x2xui8>, tensor<2x2xui8>) -> tensor<2x2xui8>
  %3 = "stablehlo.broadcast"(%2) {broadcast_sizes = array<i64: 3>} : (tensor<2x2xui8>) -> tensor<3x2x2xui8>
  %c = stablehlo.constant dense<true> : tensor<i1>
  %4 = "stablehlo.if"(%c) ({
    %5 = "stablehlo.cross-replica-sum"(%arg3) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf64>) -> tensor<3xf64>
    stablehlo.return %5 : tensor<3xf64>
  }, {
    stablehlo.return %arg3 : tensor<3xf64>
  }) : (tensor<i1>) -> tensor<3xf64>
  return %0, %1, %2, %3, %4 : tensor<complex<f32>>, tensor<i1>, tensor<2x2xui8>, tensor<3x2x2xui8>, tensor<3xf64>
}
"""

UNUSED = """
func.func @main(%arg0: tensor<f32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.map"(%arg1, %arg1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %2 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %2 : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "stablehlo.broadcast"(%arg0) {broadcast_sizes = array<i64: 3>} : (tensor<f32>) -> tensor<3xf32>
  %2 = stablehlo.add %0, %1 : tensor<3xf32>
  return %2 : tensor<3xf32>
}
"""

RNG = """
func.func @main(%arg0: tensor<f32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<3> : tensor<1xi64>
  %0 = stablehlo.rng %arg0, %arg0, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""

R = np.random.default_rng(3)
REWRITES_ARGS = (R.standard_normal((2, 3)).astype(np.float32), R.standard_normal((3, 4)).astype(np.float32),
                 np.array([3, -1, 7], np.int32))
MORE_ARGS = (np.array([1 + 2j, -0.5 + 0.25j], np.complex64), np.array([True, False, True, True]),
             np.array([[200, 3], [7, 255]], np.uint8), np.array([1.5, -2.0, 1e300]))
UNUSED_ARGS = (np.array(2.5, np.float32), np.array([1.0, -2.0, 3.0], np.float32))


@pytest.mark.parametrize("program,args", [(REWRITES, REWRITES_ARGS), (MORE, MORE_ARGS)])
def test_rewrites_keep_results(program, args):
    out = run(program, NAME)
    for old in ("stablehlo.broadcast ", "stablehlo.dot ", "unary_einsum", "cross-replica-sum", "create_token"):
        assert old not in out
    assert_same_results(program, out, *args)


def test_rewritten_forms():
    out = run(REWRITES, f"func.func({NAME})")
    assert "stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>" in out
    assert ("stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGH, DEFAULT] : "
            "(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>") in out
    assert "stablehlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0] : (tensor<3xi32>" in out  # kept, unused
    assert "stablehlo.einsum %cst, %arg0, config = \",ab->b\"" in out
    assert "stablehlo.constant dense<1> : tensor<i32>" in out
    assert "stablehlo.after_all  : !stablehlo.token" in out
    assert '"stablehlo.all_reduce"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}>' in out


@pytest.mark.upstream
def test_same_output_as_jaxlib():
    cases = [(REWRITES, NAME), (MORE, NAME), (UNUSED, f"{NAME}{{fail-on-unused=false}}"),
             (RNG, f"{NAME}{{fail-on-unused=0}}")]
    got = upstream([(f"builtin.module(func.func({p}))", program) for program, p in cases])
    for (program, pipeline), (ok, text) in zip(cases, got):
        assert ok, text
        assert run(program, pipeline) == reprint(text), pipeline


@pytest.mark.upstream
@pytest.mark.parametrize("program,op", [(UNUSED, "stablehlo.map"), (RNG, "stablehlo.rng")])
def test_unused_ops_fail_as_upstream(program, op):
    message = f"failed to legalize operation '{op}' that was explicitly marked illegal"
    assert message in error(program, NAME)
    [(ok, text)] = upstream([(f"builtin.module(func.func({NAME}))", program)])
    assert not ok and message in text


def test_failure_leaves_the_program_unchanged():
    module = parse_module(UNUSED)
    before = str(module)
    with module.context, pytest.raises(PassError, match="stablehlo.map"):
        legalize_deprecated_ops(module.operation)
    assert str(module) == before


def test_fail_on_unused_false_rewrites_the_rest():
    out = run(UNUSED, f"{NAME}{{fail-on-unused=false}}")
    assert '"stablehlo.map"' in out and "stablehlo.broadcast_in_dim %arg0, dims = [] :" in out
    assert_same_results(UNUSED, out, *UNUSED_ARGS)


def test_bad_option_value():
    with pytest.raises(ValueError, match="fail-on-unused expects true or false, got 'never'"):
        run(REWRITES, f"{NAME}{{fail-on-unused=never}}")


def test_einsum_constant_of_other_element_types_is_a_clear_error():
    # The verifier admits no such unary_einsum; the rewrite still refuses cleanly (upstream aborts).
    from stablehlo_py.passes.rewrites.deprecated_ops import _one
    import mlir.ir as ir

    module = parse_module(REWRITES)
    with module.context, module.operation.location:
        with pytest.raises(PassError, match="no constant 1 of it"):
            _one(ir.Type.parse("!quant.uniform<i8:f32, 0.5>"), module.operation)
        assert str(_one(ir.Type.parse("complex<f64>"), module.operation)) == \
            "dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f64>>"
        assert str(_one(ir.Type.parse("i1"), module.operation)) == "dense<true> : tensor<i1>"
