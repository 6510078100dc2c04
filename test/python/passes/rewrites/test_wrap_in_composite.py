"""stablehlo-wrap-in-composite (passes/rewrites/wrap_in_composite.py): the named ops become
composites of a new private `<op>.impl` function; the program computes the same, and the output is
what jaxlib's pass prints (function names, their order, the driver's constant hoisting and dead
code removal included)."""

from __future__ import annotations

import numpy as np
import pytest

from part1_support import assert_same_results, error, reprint, run, upstream
from stablehlo_py._parsing import parse_module
from stablehlo_py.passes.rewrites.wrap_in_composite import wrap_in_composite

NAME = "stablehlo-wrap-in-composite"

PROGRAM = """
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
  %dead = stablehlo.subtract %arg0, %arg1 : tensor<2x3xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<2x3xf32> loc("mul")
  %c = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.reduce(%1 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %c2 = stablehlo.constant dense<0.5> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %c2, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %2 = stablehlo.add %1, %b : tensor<2x3xf32>
  %3 = stablehlo.composite "my.op" %2 {decomposition = @stablehlo.add.impl} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = stablehlo.compare GT, %r, %r : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %s = stablehlo.select %p, %r, %r : tensor<2xi1>, tensor<2xf32>
  return %s, %3 : tensor<2xf32>, tensor<2x3xf32>
}
func.func private @stablehlo.add.impl(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.negate %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

CONV = """
func.func @main(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<2x2x2x3xf32>, %arg2: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<1x3x3x3xf32>
  return %1 : tensor<1x3x3x3xf32>
}
"""

LOOP = """
func.func @main(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
  %0:2 = stablehlo.while(%i = %arg0, %limit = %arg1) : tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %i, %i : tensor<i32>
    stablehlo.return %n, %limit : tensor<i32>, tensor<i32>
  }
  return %0#0 : tensor<i32>
}
"""

# The driver hoists the constants of a loop's body out of it: the loop then reads values of its
# function, and cannot be moved into a function of its own (upstream's output fails to verify).
LOOP_WITH_CONSTANT = """
func.func @main(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%i = %arg0) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %0 : tensor<i32>
}
"""

RNG = np.random.default_rng(7)
PROGRAM_ARGS = (RNG.standard_normal((2, 3)).astype(np.float32), RNG.standard_normal((2, 3)).astype(np.float32))
CONV_ARGS = tuple(RNG.standard_normal(s).astype(np.float32) for s in ((1, 4, 4, 2), (2, 2, 2, 3), (1, 3, 3, 3)))
LOOP_ARGS = (np.array(3, np.int32), np.array(100, np.int32))

CASES = [
    (PROGRAM, PROGRAM_ARGS, "op-names=stablehlo.add"),
    (PROGRAM, PROGRAM_ARGS, "op-names=stablehlo.add,stablehlo.reduce,stablehlo.broadcast_in_dim version=7"),
    (PROGRAM, PROGRAM_ARGS, "op-names=stablehlo.composite,stablehlo.compare,stablehlo.select version=-2"),
    (PROGRAM, PROGRAM_ARGS, "op-names=stablehlo.multiply,stablehlo.constant"),
    (PROGRAM, PROGRAM_ARGS, ""),
    (CONV, CONV_ARGS, "op-names=stablehlo.convolution,stablehlo.add"),
    (LOOP, LOOP_ARGS, "op-names=stablehlo.add,stablehlo.compare"),
    (LOOP, LOOP_ARGS, "op-names=stablehlo.while,stablehlo.add"),
    (LOOP_WITH_CONSTANT, (np.array(3, np.int32),), "op-names=stablehlo.add,stablehlo.compare"),
    (LOOP, LOOP_ARGS, "op-names=stablehlo.while"),
]


def pipeline(options: str) -> str:
    return f"{NAME}{{{options}}}" if options else NAME


@pytest.mark.parametrize("program,args,options", CASES)
def test_same_results_after_wrapping(program, args, options):
    out = run(program, pipeline(options))
    assert_same_results(program, out, *args)


@pytest.mark.upstream
def test_same_output_as_jaxlib():
    got = upstream([(f"builtin.module({pipeline(options)})", program) for program, _, options in CASES])
    for (program, _, options), (ok, text) in zip(CASES, got):
        assert ok, text
        assert run(program, pipeline(options)) == reprint(text), options


def test_composite_holds_attributes_version_and_location():
    out = run(PROGRAM, pipeline("op-names=stablehlo.multiply,stablehlo.reduce version=5"))
    assert ('stablehlo.composite "stablehlo.reduce" %1, %cst {composite_attributes = {dimensions = array<i64: 1>}, '
            'decomposition = @stablehlo.reduce.impl, version = 5 : i32}') in out
    assert ('stablehlo.composite "stablehlo.multiply" %0, %arg1 {decomposition = @stablehlo.multiply.impl, '
            'version = 5 : i32}') in out
    assert "func.func private @stablehlo.multiply.impl(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>)" in out
    module = parse_module(PROGRAM)
    with module.context:
        wrap_in_composite(module.operation, ["stablehlo.multiply"])
    main, impl = module.body.operations[0], module.body.operations[2]
    composite = next(op for op in main.regions[0].blocks[0].operations if op.operation.name == "stablehlo.composite")
    assert str(composite.location) == str(impl.location) == 'loc("mul")'
    body = list(impl.regions[0].blocks[0].operations)
    assert [str(op.location) for op in body] == ['loc("mul")', 'loc("mul")']


def test_names_are_made_unique_as_the_symbol_table_does():
    out = run(PROGRAM, pipeline("op-names=stablehlo.add"))
    # @stablehlo.add.impl exists already: the adds get _0 and _1, the last one first (driver order).
    # The driver visits the last op first: the add after the reduce, then the reducer's, then the first.
    assert "stablehlo.composite \"stablehlo.add\" %arg0, %arg1 {decomposition = @stablehlo.add.impl_2}" in out
    assert "stablehlo.composite \"stablehlo.add\" %arg2, %arg3 {decomposition = @stablehlo.add.impl_1}" in out
    assert "stablehlo.composite \"stablehlo.add\" %1, %3 {decomposition = @stablehlo.add.impl_0}" in out
    assert out.index("@stablehlo.add.impl_0(") < out.index("@stablehlo.add.impl_1(") < out.index("@stablehlo.add.impl_2(")
    assert "stablehlo.subtract" not in out  # the greedy driver erases dead ops, as upstream's


def test_unknown_op_name_warns_and_continues(capfd):
    out = run(PROGRAM, pipeline("op-names=foo.bar,stablehlo.add"))
    assert "Unknown op name in op-names: 'foo.bar' is not a registered operation" in capfd.readouterr().err
    assert 'stablehlo.composite "stablehlo.add"' in out


@pytest.mark.parametrize("options,message", [
    ("version=abc", "version expects an integer, got 'abc'"),
    ("version=4294967296", "version expects a 32-bit integer"),
])
def test_bad_option_values(options, message):
    with pytest.raises(ValueError, match=message):
        run(PROGRAM, pipeline(options))


CAPTURING_IF = """
func.func @main(%arg0: tensor<i1>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%arg0) ({
    stablehlo.return %arg1 : tensor<2xf32>
  }, {
    %1 = stablehlo.negate %arg1 : tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
"""


@pytest.mark.parametrize("names,message", [
    ("stablehlo.if", "cannot wrap 'stablehlo.if' in a composite: its regions use a value defined outside it"),
    ("func.return", "cannot wrap 'func.return' in a composite: it is its block's terminator"),
    ("stablehlo.return", "cannot wrap 'stablehlo.return' in a composite: it is its block's terminator"),
    ("func.func", "cannot wrap 'func.func' in a composite: it is a symbol"),
])
def test_ops_that_cannot_be_wrapped_fail_clearly(names, message):
    assert message in error(CAPTURING_IF, pipeline(f"op-names={names}"))


@pytest.mark.upstream
def test_loop_reading_hoisted_constants_fails_as_upstream_does():
    assert "regions use a value defined outside it" in error(LOOP_WITH_CONSTANT, pipeline("op-names=stablehlo.while"))
    [(ok, message)] = upstream([(f"builtin.module({pipeline('op-names=stablehlo.while')})", LOOP_WITH_CONSTANT)])
    assert not ok and "using value defined outside the region" in message


def test_wrapping_a_while_whose_body_was_wrapped_first():
    # The driver reaches the add in the loop before the loop: the loop's function holds the composite.
    out = run(LOOP, pipeline("op-names=stablehlo.while,stablehlo.add"))
    assert out.count('stablehlo.composite "stablehlo.while"') == 1
    impl = out[out.index("func.func private @stablehlo.while.impl"):]
    assert 'stablehlo.composite "stablehlo.add" %iterArg, %iterArg {decomposition = @stablehlo.add.impl}' in impl
    assert_same_results(LOOP, out, *LOOP_ARGS)


def test_wrapping_a_reduce_first_copies_its_body_unwrapped():
    out = run(PROGRAM, pipeline("op-names=stablehlo.reduce,stablehlo.add"))
    impl = out[out.index("func.func private @stablehlo.reduce.impl"):]
    assert "applies stablehlo.add across dimensions = [1]" in impl.split("return")[0]
