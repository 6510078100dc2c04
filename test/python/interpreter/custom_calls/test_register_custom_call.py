"""User implementations of custom_call targets (register_custom_call): a
registered target runs, and bad registrations, unknown targets and bad
results give clear errors naming the target."""
import numpy as np
import pytest

from conftest import assert_same
from stablehlo_py import interpret
from stablehlo_py.interpreter import (InterpreterError, compile as compile_, register_custom_call,
                                      registered_custom_calls, unregister_custom_call)


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
