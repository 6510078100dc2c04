"""composite (its decomposition runs, as the spec defines it), after_all and
create_token, and user implementations of custom_call targets: results
against XLA (JAX's exports) or numpy formulas; bad registrations and bad
results give clear errors."""
import numpy as np
import pytest
from jax import lax

from conftest import assert_close, assert_same, run_both, xla_run_text
from stablehlo_py import interpret
from stablehlo_py.interpreter import (TOKEN, InterpreterError, compile as compile_, register_custom_call,
                                      registered_custom_calls, unregister_custom_call)


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.complex64])
def test_composite_runs_its_decomposition_like_xla(dtype):
    scale_add = lax.composite(lambda x, y: x * 2 + y, name="my.scale_add")
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((3, 4)) * 5).astype(dtype)
    y = (rng.standard_normal((3, 4)) * 5).astype(dtype)
    got, want = run_both(scale_add, x, y)
    assert_same(got, want, context="composite")


def test_nested_composites_with_attributes_match_xla():
    inner = lax.composite(lambda x: lax.exp(x) - 1, name="my.expm1_ish")
    outer = lax.composite(lambda x, y: inner(x) * y, name="my.outer", version=2)
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    got, want = run_both(outer, x, x)
    assert_close(got, want, rtol=1e-6, context="nested composite")


def test_tokens_flow_through_after_all_and_create_token():
    text = """func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %t0 = stablehlo.create_token : !stablehlo.token
      %t1 = stablehlo.after_all : !stablehlo.token
      %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
      %0:2 = stablehlo.optimization_barrier %x, %t2 : tensor<3xf32>, !stablehlo.token
      return %0#0 : tensor<3xf32>
    }"""
    x = np.array([1.5, -2.0, 0.0], np.float32)
    got, want = interpret(text, x), xla_run_text(text, x)
    assert_same(got, want, context="tokens")
    token_text = """func.func @main(%t: !stablehlo.token) -> !stablehlo.token {
      %0 = stablehlo.after_all %t, %t : !stablehlo.token
      return %0 : !stablehlo.token
    }"""
    assert interpret(token_text, TOKEN) == [TOKEN]


CALL = """func.func @main(%x: tensor<4xf32>, %f: tensor<f32>) -> (tensor<4xf32>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @my_lib.scale_and_count(%x, %f) : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<i32>
}"""


@pytest.fixture
def scale_and_count():
    @register_custom_call("my_lib.scale_and_count")
    def impl(x, factor):
        return x * factor, np.int32(np.count_nonzero(x))

    yield impl
    unregister_custom_call("my_lib.scale_and_count")


def test_a_registered_custom_call_target_runs(scale_and_count):
    assert "my_lib.scale_and_count" in registered_custom_calls()
    x = np.array([1, 0, -2, 3], np.float32)
    scaled, count = interpret(CALL, x, np.float32(0.5))
    assert_same([scaled, count], [x * np.float32(0.5), np.array(3, np.int32)], context="user custom_call")


def test_an_unknown_custom_call_target_is_a_clear_error():
    with pytest.raises(InterpreterError, match=r"unsupported custom_call target @my_lib.scale_and_count "
                                               r"\(register a Python implementation"):
        compile_(CALL)


@pytest.mark.parametrize("result,message", [
    (lambda x, f: x, r"has 2 results; its implementation must return a sequence of 2 values, got ndarray"),
    (lambda x, f: (x, np.int64(1)), r"custom_call @my_lib.scale_and_count result 1: expected tensor<i32> \(dtype int32\), got dtype int64"),
    (lambda x, f: (x[:2], np.int32(1)), r"result 0: expected tensor<4xf32> \(shape \(4,\)\), got shape \(2,\)"),
    (lambda x, f: 1 / 0, r"custom_call @my_lib.scale_and_count raised ZeroDivisionError"),
])
def test_bad_results_of_a_user_target_are_reported(result, message):
    register_custom_call("my_lib.scale_and_count", result)
    try:
        run = compile_(CALL)
        with pytest.raises(InterpreterError, match=message) as info:
            run(np.zeros(4, np.float32), np.float32(1))
        assert "stablehlo.custom_call" in str(info.value)  # the op and its location are named
    finally:
        unregister_custom_call("my_lib.scale_and_count")


def test_check_targets_cannot_be_replaced_and_targets_must_be_callable():
    with pytest.raises(ValueError, match="check.* targets are built into the interpreter"):
        register_custom_call("check.expect_eq", lambda a, b: None)
    with pytest.raises(TypeError, match="must be callable"):
        register_custom_call("my_lib.x", 3)
