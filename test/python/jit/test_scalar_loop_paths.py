"""Scalar loops (interpreter/scalar.py): paths mutation testing found unjudged (docs/testing.md).
A loop whose condition is scalar but whose body is not must run on arrays; a failure inside a
scalar loop is an InterpreterError at the failing op, chained to the original exception."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import while_loop

from stablehlo_py import interpreter
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.interpreter.core import registry
from testing.scalar_loops import compile_counting_scalar_loops

pytestmark = pytest.mark.mutant_killer


def test_scalar_condition_with_a_body_over_a_captured_tensor_runs_on_arrays():
    """Only the counter is carried; the body reduces a captured tensor<3xf32> each time."""
    loop = while_loop("%r:2", [("%i", "%zero", "tensor<i32>"), ("%s", "%fzero", "tensor<f32>")],
                      ["%n = stablehlo.constant dense<4> : tensor<i32>",
                       "%p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
                      ["%one = stablehlo.constant dense<1> : tensor<i32>",
                       "%j = stablehlo.add %i, %one : tensor<i32>",
                       "%init = stablehlo.constant dense<0.0> : tensor<f32>",
                       "%sum = stablehlo.reduce(%v init: %init) applies stablehlo.add across dimensions = [0]"
                       " : (tensor<3xf32>, tensor<f32>) -> tensor<f32>",
                       "%t = stablehlo.add %s, %sum : tensor<f32>"], ["%j", "%t"])
    text = f"""func.func @main(%v: tensor<3xf32>) -> tensor<f32> {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %fzero = stablehlo.constant dense<0.0> : tensor<f32>
{loop}
  return %r#1 : tensor<f32>
}}"""
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 0
    (got,) = executable(np.array([1.0, 2.0, 4.5], np.float32))
    assert got.dtype == np.float32 and float(got) == 4 * 7.5


COSINE_LOOP = """func.func @main(%x0: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.while(%x = %x0) : tensor<f32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    %y = stablehlo.cosine %x : tensor<f32> loc("body.mlir":7:3)
    stablehlo.return %y : tensor<f32>
  }
  return %r : tensor<f32>
}"""


def test_any_exception_inside_a_scalar_loop_becomes_an_error_at_its_op(monkeypatch):
    """A kernel failing with something other than an InterpreterError (none should; this is
    the safety net): the error names the op and its location and is chained to the original."""
    boom = ZeroDivisionError("boom")

    def failing_kernel(op):
        def kernel(x):
            raise boom
        return registry.Kernel.single(kernel)

    monkeypatch.setitem(registry._FACTORIES, "stablehlo.cosine", failing_kernel)
    monkeypatch.setitem(registry._SCALAR_FORMS, "stablehlo.cosine", lambda op: None)  # so the loop calls it
    executable, scalar_loops = compile_counting_scalar_loops(COSINE_LOOP)
    assert scalar_loops == 1
    with pytest.raises(InterpreterError, match=r"stablehlo.cosine at loc\(\"body.mlir\":7:3\): ZeroDivisionError: boom"
                       ) as caught:
        executable(np.asarray(0.5, np.float32))
    assert caught.value.__cause__ is boom


def test_an_interpreter_error_inside_a_scalar_loop_keeps_its_own_cause():
    def failing_target(x):
        raise ValueError("no")

    interpreter.register_custom_call("my.failing_target", failing_target)
    try:
        text = COSINE_LOOP.replace("stablehlo.cosine %x : tensor<f32>",
                                   "stablehlo.custom_call @my.failing_target(%x) : (tensor<f32>) -> tensor<f32>")
        executable, scalar_loops = compile_counting_scalar_loops(text)
        assert scalar_loops == 1
        with pytest.raises(InterpreterError, match=r"stablehlo.custom_call at loc\(\"body.mlir\":7:3\)") as caught:
            executable(np.asarray(0.5, np.float32))
    finally:
        interpreter.unregister_custom_call("my.failing_target")
    assert isinstance(caught.value.__cause__, ValueError)


def test_scalar_loop_with_one_carried_value_returns_it():
    """x doubles until it reaches 100: one carried value, returned alone (not in a list)."""
    loop = while_loop("%r", [("%x", "%x0", "tensor<i32>")],
                      ["%n = stablehlo.constant dense<100> : tensor<i32>",
                       "%p = stablehlo.compare LT, %x, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
                      ["%y = stablehlo.add %x, %x : tensor<i32>"], ["%y"])
    text = f"""func.func @main(%x0: tensor<i32>) -> tensor<i32> {{
{loop}
  return %r : tensor<i32>
}}"""
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 1
    (got,) = executable(np.asarray(3, np.int32))
    assert got.shape == () and int(got) == 192


def test_if_with_two_results_inside_a_scalar_loop():
    """The body's `if` yields two values: (x + 1, s + x) on odd x, (x + 3, s) on even x."""
    loop = while_loop("%r:2", [("%x", "%x0", "tensor<i64>"), ("%s", "%s0", "tensor<i64>")],
                      ["%n = stablehlo.constant dense<20> : tensor<i64>",
                       "%p = stablehlo.compare LT, %x, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>"],
                      ["%one = stablehlo.constant dense<1> : tensor<i64>",
                       "%bit = stablehlo.and %x, %one : tensor<i64>",
                       "%odd = stablehlo.compare EQ, %bit, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>",
                       '%next:2 = "stablehlo.if"(%odd) ({',
                       "  %a = stablehlo.add %x, %one : tensor<i64>",
                       "  %b = stablehlo.add %s, %x : tensor<i64>",
                       "  stablehlo.return %a, %b : tensor<i64>, tensor<i64>",
                       "}, {",
                       "  %three = stablehlo.constant dense<3> : tensor<i64>",
                       "  %c = stablehlo.add %x, %three : tensor<i64>",
                       "  stablehlo.return %c, %s : tensor<i64>, tensor<i64>",
                       "}) : (tensor<i1>) -> (tensor<i64>, tensor<i64>)"], ["%next#0", "%next#1"])
    text = f"""func.func @main(%x0: tensor<i64>, %s0: tensor<i64>) -> (tensor<i64>, tensor<i64>) {{
{loop}
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}}"""
    x, s = 1, 0
    while x < 20:
        x, s = (x + 1, s + x) if x % 2 else (x + 3, s)
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 1
    got = executable(np.asarray(1, np.int64), np.asarray(0, np.int64))
    assert [int(v) for v in got] == [x, s]


def test_while_without_carried_values_takes_the_scalar_path():
    text = """func.func @main(%x: tensor<f32>) -> tensor<f32> {
  "stablehlo.while"() ({
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  }, {
    stablehlo.return
  }) : () -> ()
  return %x : tensor<f32>
}"""
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 1
    assert float(executable(np.asarray(2.0, np.float32))[0]) == 2.0


@pytest.mark.parametrize("constant,expected", [("0x7FC00000", np.nan), ("0x7F800000", np.inf), ("0xFF800000", -np.inf)])
def test_non_finite_constants_inside_a_scalar_loop(constant, expected):
    """Constants reach the generated code as bound names, never as printed literals (nan and
    inf are not Python literals)."""
    loop = while_loop("%r:2", [("%i", "%zero", "tensor<i32>"), ("%x", "%x0", "tensor<f32>")],
                      ["%n = stablehlo.constant dense<3> : tensor<i32>",
                       "%p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
                      ["%one = stablehlo.constant dense<1> : tensor<i32>",
                       "%j = stablehlo.add %i, %one : tensor<i32>",
                       f"%c = stablehlo.constant dense<{constant}> : tensor<f32>",
                       "%y = stablehlo.add %x, %c : tensor<f32>"], ["%j", "%y"])
    text = f"""func.func @main(%x0: tensor<f32>) -> tensor<f32> {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
{loop}
  return %r#1 : tensor<f32>
}}"""
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 1
    (got,) = executable(np.asarray(1.0, np.float32))
    np.testing.assert_array_equal(got, np.float32(expected))
