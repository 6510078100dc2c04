"""Limits.max_iterations and Limits.timeout in compiled code (the pass option loop-limits,
lowering/runtime.py's LoopChecks): each while loop counts its iterations and asks the runtime
when to check next. The interpreter is the oracle for where a loop stops and what it says (the
same error, at the same iteration); the clock for the timeout. Every program here runs compiled
(its explanation says so) and is compared with the interpreter under the same limits."""
from __future__ import annotations

import time

import numpy as np
import pytest
from conftest import ENDLESS_LOOPS, ENDLESS_SCALAR_LOOP, assert_same, while_loop

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, Limits, register_custom_call, unregister_custom_call
from stablehlo_py.lowering import CompiledProgram, LoweringError, pipeline

ENDLESS = ENDLESS_SCALAR_LOOP  # i = i * 0 while i < 1 (conftest)

# Counts %i to %n, summing 0.5 per iteration in %s: n iterations.
COUNTING = f"""
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<f32>) {{
  %z = stablehlo.constant dense<0> : tensor<i32>
  %f = stablehlo.constant dense<0.0> : tensor<f32>
{while_loop("%0:2", [("%i", "%z", "tensor<i32>"), ("%s", "%f", "tensor<f32>")],
            ["%p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
            ["%one = stablehlo.constant dense<1> : tensor<i32>", "%j = stablehlo.add %i, %one : tensor<i32>",
             "%half = stablehlo.constant dense<0.5> : tensor<f32>", "%t = stablehlo.add %s, %half : tensor<f32>"],
            ["%j", "%t"])}
  return %0#0, %0#1 : tensor<i32>, tensor<f32>
}}"""

# %m outer iterations, each running an inner loop of %n iterations (its line: 12) that adds
# %x to a tensor carry: the inner loop runs afresh each outer iteration.
NESTED = f"""
func.func @main(%m: tensor<i32>, %n: tensor<i32>, %x: tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>) {{
  %z = stablehlo.constant dense<0> : tensor<i32>
  %a = stablehlo.constant dense<0.0> : tensor<3xf32>
{while_loop("%0:2", [("%i", "%z", "tensor<i32>"), ("%acc", "%a", "tensor<3xf32>")],
            ["%p = stablehlo.compare LT, %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
            ["%one = stablehlo.constant dense<1> : tensor<i32>", "%j = stablehlo.add %i, %one : tensor<i32>",
             while_loop("%1:2", [("%k", "%z", "tensor<i32>"), ("%b", "%acc", "tensor<3xf32>")],
                        ["%p = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
                        ["%l = stablehlo.add %k, %one : tensor<i32>", "%c = stablehlo.add %b, %x : tensor<3xf32>"],
                        ["%l", "%c"], indent="")], ["%j", "%1#1"])}
  return %0#0, %0#1 : tensor<i32>, tensor<3xf32>
}}"""

# An endless loop (line 3), then a second one that would run 2**31 iterations, feeding on the
# first's result: after the first stops, the second must stop at once.
ENDLESS_THEN_LONG = f"""
func.func @main(%x: tensor<f32>) -> (tensor<f32>, tensor<i32>) {{
{while_loop("%0", [("%i", "%x", "tensor<f32>")],
            ["%c = stablehlo.constant dense<1.0> : tensor<f32>",
             "%p = stablehlo.compare LT, %i, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>"],
            ["%d = stablehlo.constant dense<0.0> : tensor<f32>",
             "%n = stablehlo.multiply %i, %d : tensor<f32>"], ["%n"])}
  %k0 = stablehlo.convert %0 : (tensor<f32>) -> tensor<i32>
{while_loop("%1", [("%k", "%k0", "tensor<i32>")],
            ["%max = stablehlo.constant dense<2147483647> : tensor<i32>",
             "%p = stablehlo.compare LT, %k, %max : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
            ["%one = stablehlo.constant dense<1> : tensor<i32>", "%l = stablehlo.add %k, %one : tensor<i32>"],
            ["%l"])}
  return %0, %1 : tensor<f32>, tensor<i32>
}}"""


def _compiled(text: str, limits) -> CompiledProgram:
    run = stablehlo_py.compile(text, limits=limits)
    assert isinstance(run, CompiledProgram), run.explanation
    assert run.explanation == ["@main: compiled (its loops check Limits.max_iterations and Limits.timeout)"]
    return run


def _error(call) -> str:
    with pytest.raises(InterpreterError) as caught:
        call()
    return str(caught.value)


def _same_outcome(text: str, limits, *args):
    """Compiled and interpreted under `limits`: the same results, or the same error."""
    run = _compiled(text, limits)
    try:
        want = stablehlo_py.interpret(text, *args, limits=limits)
    except InterpreterError as e:
        assert _error(lambda: run(*args)) == str(e)
        return None
    got = run(*args)
    assert_same(got, want)
    return got


@pytest.mark.parametrize("kind", ENDLESS_LOOPS)
def test_iteration_limit_stops_an_endless_loop(kind):
    text, x = ENDLESS_LOOPS[kind]
    message = _error(lambda: _compiled(text, {"max_iterations": 1000})(x))
    assert message == _error(lambda: stablehlo_py.interpret(text, x, limits={"max_iterations": 1000}))
    assert message.startswith('stablehlo.while at loc("-":3:')
    assert message.endswith("the loop did not end within 1000 iterations (Limits.max_iterations)")


@pytest.mark.parametrize("kind", ENDLESS_LOOPS)
def test_timeout_stops_an_endless_loop(kind):
    text, x = ENDLESS_LOOPS[kind]
    run = _compiled(text, Limits(timeout=0.3))
    for _ in range(2):  # the deadline is per call
        start = time.monotonic()
        message = _error(lambda: run(x))
        assert 0.3 <= time.monotonic() - start < 3
        assert message.startswith('stablehlo.while at loc("-":3:')
        assert "timeout: the call ran for more than 0.3 s (Limits.timeout), stopped after " in message


@pytest.mark.parametrize("n", [0, 1, 2, 1000, 100_000])
def test_a_loop_of_exactly_the_limit_ends_one_more_fails(n):
    """The interpreter's boundary: a loop of n iterations runs under max_iterations=n, not n-1."""
    for limit in (max(n - 1, 0), n, n + 1):
        _same_outcome(COUNTING, {"max_iterations": limit}, np.int32(n))
    assert _same_outcome(COUNTING, {"max_iterations": n}, np.int32(n)) is not None
    if n:
        assert _same_outcome(COUNTING, {"max_iterations": n - 1}, np.int32(n)) is None


def test_nested_loops_count_each_execution():
    x = np.array([1, 2, 3], np.float32)
    args = (np.int32(4), np.int32(10), x)
    got = _same_outcome(NESTED, {"max_iterations": 10}, *args)  # 4 x 10 iterations, 10 per execution
    assert got is not None and got[0] == 4 and (got[1] == 40 * x).all()
    _same_outcome(NESTED, {"max_iterations": 4}, *args)  # the inner loop fails
    message = _error(lambda: _compiled(NESTED, {"max_iterations": 9})(*args))
    assert message.startswith('stablehlo.while at loc("-":12:')
    args = (np.int32(12), np.int32(3), x)
    message = _error(lambda: _compiled(NESTED, {"max_iterations": 11})(*args))  # the outer loop fails
    assert message.startswith('stablehlo.while at loc("-":5:')
    _same_outcome(NESTED, {"max_iterations": 11}, *args)


def test_nested_loops_under_a_timeout():
    """An endless inner loop: the timeout stops it; the outer loop stops at its next check."""
    text = NESTED.replace("%p = stablehlo.compare LT, %k, %n", "%p = stablehlo.compare GE, %k, %z")
    run = _compiled(text, {"timeout": 0.2})
    start = time.monotonic()
    message = _error(lambda: run(np.int32(3), np.int32(0), np.ones(3, np.float32)))
    assert 0.2 <= time.monotonic() - start < 3
    assert message.startswith('stablehlo.while at loc("-":12:') and "Limits.timeout" in message


@pytest.mark.parametrize("limits", [{"max_iterations": 500}, {"timeout": 0.2}])
def test_a_loop_after_a_stopped_loop_stops_at_once(limits):
    run = _compiled(ENDLESS_THEN_LONG, limits)
    for _ in range(2):  # the call after a failed one starts afresh
        start = time.monotonic()
        message = _error(lambda: run(np.float32(0)))
        assert time.monotonic() - start < 3
        assert message.startswith('stablehlo.while at loc("-":3:')
    if "max_iterations" in limits:
        assert message == _error(lambda: stablehlo_py.interpret(ENDLESS_THEN_LONG, np.float32(0), limits=limits))


def test_a_loop_after_a_failed_runtime_op_stops_at_once():
    """The first error is a runtime op's (a custom call raising): the loop after it, which would
    count to 2**40, stops at its first check; the call raises the op's error."""
    @register_custom_call("test_loop_limits.fail")
    def fail(x):
        raise InterpreterError("failed on purpose")

    text = f"""
func.func @main(%x: tensor<i64>) -> tensor<i64> {{
  %e = stablehlo.custom_call @test_loop_limits.fail(%x) : (tensor<i64>) -> tensor<i64>
{while_loop("%0", [("%k", "%e", "tensor<i64>")],
            ["%max = stablehlo.constant dense<1099511627776> : tensor<i64>",
             "%p = stablehlo.compare LT, %k, %max : (tensor<i64>, tensor<i64>) -> tensor<i1>"],
            ["%one = stablehlo.constant dense<1> : tensor<i64>", "%l = stablehlo.add %k, %one : tensor<i64>"],
            ["%l"])}
  return %0 : tensor<i64>
}}"""
    try:
        run = _compiled(text, {"timeout": 10})
        start = time.monotonic()
        message = _error(lambda: run(np.int64(0)))
        assert time.monotonic() - start < 3
        assert message == _error(lambda: stablehlo_py.interpret(text, np.int64(0), limits={"timeout": 10}))
        assert "failed on purpose" in message
    finally:
        unregister_custom_call("test_loop_limits.fail")


@pytest.mark.parametrize("limits", [{"max_iterations": 2_000_000, "timeout": 60}, {"timeout": 60},
                                    {"max_iterations": 1_000_000}])
def test_loops_that_finish_give_the_interpreters_results(limits):
    for n in (0, 3, 1_000_000):
        _same_outcome(COUNTING, limits, np.int32(n))
    _same_outcome(NESTED, limits, np.int32(5), np.int32(7), np.arange(3, dtype=np.float32))


def test_loop_limits_survive_the_compile_cache(tmp_path, monkeypatch):
    from stablehlo_py.lowering import cache

    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path))
    monkeypatch.delenv(cache.DISABLE_ENV, raising=False)
    first = _compiled(ENDLESS, {"max_iterations": 7})
    again = _compiled(ENDLESS, {"max_iterations": 7})
    assert (first.timings["cache"], again.timings["cache"]) == ("miss", "hit")
    message = _error(lambda: again(np.float32(0)))
    assert message == _error(lambda: stablehlo_py.interpret(ENDLESS, np.float32(0), limits={"max_iterations": 7}))
    # without loop limits the program is compiled without checks, as ever: its own entry
    plain = stablehlo_py.compile(COUNTING)
    assert plain.timings["cache"] == "miss" and not plain.checks_loops


def test_the_default_pipeline_is_unchanged():
    assert "loop-limits" not in pipeline(True, True)
    assert pipeline(True, True) == pipeline(True, True, loop_limits=False)
    assert "loop-limits" in pipeline(True, True, loop_limits=True)


def test_memory_limits_tighter_than_the_defaults_keep_the_interpreter():
    run = stablehlo_py.compile(COUNTING, limits={"max_value_bytes": 1 << 20, "max_iterations": 5})
    assert not isinstance(run, CompiledProgram)
    assert run.explanation == ["@main: interpreter (Limits.max_value_bytes tighter than its default: compiled code "
                               "does not check memory)"]
    with pytest.raises(LoweringError, match="does not check memory: Limits.max_total_bytes tighter"):
        stablehlo_py.compile(COUNTING, limits={"max_total_bytes": 1 << 20}, backend="compiled")
    # the defaults, or no memory limit at all, run compiled
    assert isinstance(stablehlo_py.compile(COUNTING, limits=Limits()), CompiledProgram)
    assert isinstance(stablehlo_py.compile(COUNTING, limits={"max_value_bytes": None}), CompiledProgram)


def test_the_cli_runs_compiled_under_loop_limits(tmp_path, capsys):
    from stablehlo_py.cli import main

    program, x = tmp_path / "endless.mlir", tmp_path / "x.npy"
    program.write_text(ENDLESS)
    np.save(x, np.float32(0))
    assert main(["run", str(program), "--args", str(x), "--backend", "auto", "--explain", "--max-iterations", "100"]) == 1
    err = capsys.readouterr().err
    assert "@main: compiled (its loops check Limits.max_iterations and Limits.timeout)" in err
    assert "did not end within 100 iterations (Limits.max_iterations)" in err
    start = time.monotonic()
    assert main(["run", str(program), "--args", str(x), "--backend", "compiled", "--timeout", "0.2"]) == 1
    assert time.monotonic() - start < 3 and "Limits.timeout" in capsys.readouterr().err
    # a memory limit tighter than its default: the interpreter, and "compiled" refuses it
    assert main(["run", str(program), "--args", str(x), "--backend", "auto", "--explain", "--max-iterations", "100",
                 "--max-value-bytes", "1M"]) == 1
    err = capsys.readouterr().err
    assert "@main: interpreter (Limits.max_value_bytes tighter than its default" in err and "100 iterations" in err
    assert main(["run", str(program), "--args", str(x), "--backend", "compiled", "--max-value-bytes", "1M"]) == 1
    assert "the compiled backend does not check memory" in capsys.readouterr().err


def test_compiled_callees_of_an_interpreted_entry():
    """@main does not lower (a dynamic_iota of a size it reads): its callee @count runs compiled
    and checks max_iterations; under a timeout (counted from @main's call) it is interpreted."""
    text = """
func.func @main(%size: tensor<1xi64>, %n: tensor<i32>) -> (tensor<?xf32>, tensor<i32>, tensor<f32>) {
  %0 = stablehlo.dynamic_iota %size, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %1:2 = func.call @count(%n) : (tensor<i32>) -> (tensor<i32>, tensor<f32>)
  return %0, %1#0, %1#1 : tensor<?xf32>, tensor<i32>, tensor<f32>
}""" + COUNTING.replace("func.func @main", "func.func private @count")
    args = (np.array([3]), np.int32(50))
    run = stablehlo_py.compile(text, limits={"max_iterations": 50})
    assert run.explanation[1:] == ["@count: compiled"]
    assert_same(run(*args), stablehlo_py.interpret(text, *args, limits={"max_iterations": 50}))
    run = stablehlo_py.compile(text, limits={"max_iterations": 49})
    assert _error(lambda: run(*args)) == _error(
        lambda: stablehlo_py.interpret(text, *args, limits={"max_iterations": 49}))
    run = stablehlo_py.compile(text, limits={"timeout": 60})
    assert run.explanation[1:] == ["callees of @main: interpreter (Limits.timeout is measured from the entry's "
                                   "call, which the interpreter runs)"]
    assert_same(run(*args), stablehlo_py.interpret(text, *args))
