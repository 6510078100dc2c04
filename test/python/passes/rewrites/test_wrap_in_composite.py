"""stablehlo-wrap-in-composite (passes/rewrites/wrap_in_composite.py): the named ops become
composites of a new private `<op>.impl` function; the program computes the same, and the output is
what jaxlib's pass prints (the driver's constant hoisting and dead code removal included) up to the
order of the new functions. Upstream's current tests (newer than jaxlib's pass) wrap in program
order and make names unique as `.impl1`, `.impl2`; jaxlib's visits the last op first and names
`.impl_0`: cases where a name is taken are compared with upstream's rule, not with jaxlib."""

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


def _functions_sorted(text: str) -> str:
    """The module's functions of `text`, each as our printer prints it, in name order."""
    module = parse_module(text)
    return "\n".join(sorted(str(op) for op in module.body.operations))


# The cases where upstream's current rules and jaxlib's older pass agree: no name taken twice, no
# op given one value twice (jaxlib's copy reads it from each argument, upstream's from the last),
# no op to wrap inside another (jaxlib reaches the inner one first).
UNIQUE_NAMES = [CASES[i] for i in (3, 4, 5, 8, 9)]


@pytest.mark.upstream
def test_same_output_as_jaxlib():
    got = upstream([(f"builtin.module({pipeline(options)})", program) for program, _, options in UNIQUE_NAMES])
    for (program, _, options), (ok, text) in zip(UNIQUE_NAMES, got):
        assert ok, text
        assert _functions_sorted(run(program, pipeline(options))) == _functions_sorted(text), options


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


def test_names_are_made_unique_as_upstream_does():
    out = run(PROGRAM, pipeline("op-names=stablehlo.add"))
    # @stablehlo.add.impl exists already: the adds get impl1, impl2, impl3 in program order (the
    # reducer's add comes after the first add and before the last one).
    assert "stablehlo.composite \"stablehlo.add\" %arg0, %arg1 {decomposition = @stablehlo.add.impl1}" in out
    assert "stablehlo.composite \"stablehlo.add\" %arg2, %arg3 {decomposition = @stablehlo.add.impl2}" in out
    assert "stablehlo.composite \"stablehlo.add\" %1, %3 {decomposition = @stablehlo.add.impl3}" in out
    assert out.index("@stablehlo.add.impl1(") < out.index("@stablehlo.add.impl2(") < out.index("@stablehlo.add.impl3(")
    assert "stablehlo.subtract" not in out  # the greedy driver erases dead ops, as upstream's


def test_an_operand_used_twice_reads_the_last_argument():
    out = run("""
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}""", pipeline("op-names=stablehlo.multiply"))
    assert "stablehlo.composite \"stablehlo.multiply\" %arg0, %arg0 {decomposition = @stablehlo.multiply.impl}" in out
    assert "%0 = stablehlo.multiply %arg1, %arg1 : tensor<2xf32>" in out


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


def test_wrapping_a_while_copies_its_body_unwrapped():
    # Program order reaches the loop before the add in it: the loop's function holds a plain add.
    out = run(LOOP, pipeline("op-names=stablehlo.while,stablehlo.add"))
    assert out.count('stablehlo.composite "stablehlo.while"') == 1
    impl = out[out.index("func.func private @stablehlo.while.impl"):]
    assert "stablehlo.add %iterArg, %iterArg : tensor<i32>" in impl and "stablehlo.add.impl" not in out
    assert_same_results(LOOP, out, *LOOP_ARGS)


def test_wrapping_a_reduce_first_copies_its_body_unwrapped():
    out = run(PROGRAM, pipeline("op-names=stablehlo.reduce,stablehlo.add"))
    impl = out[out.index("func.func private @stablehlo.reduce.impl"):]
    assert "applies stablehlo.add across dimensions = [1]" in impl.split("return")[0]
