"""Tokens on the compiled backend: a token is a placeholder byte (create_token and after_all make
it; calls, while, if, case and optimization_barrier carry it), and the ops on tokens (infeed,
outfeed, send, recv) call the runtime, which runs them through the interpreter's kernels as the
calling thread's process: the feeds of `interpret` / `run_on_grid` (or the thread's own) and the
grid's channels. Each test runs both backends and, where it can, checks the values against
numpy or the literal feeds (an oracle of their own): results, what was outfed and in which
order, and the errors of bad feeds."""
from __future__ import annotations

import os

import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.interpreter import TOKEN, InterpreterError, Outfed, run_on_grid
from stablehlo_py.lowering import CompiledProgram, LoweringError
from stablehlo_py.lowering.compiled import _lowered, _parsed


def _compiled(text: str) -> CompiledProgram:
    run = stablehlo_py.compile(text, backend="compiled")
    assert isinstance(run, CompiledProgram)
    return run


def _runs(text: str) -> tuple:
    """(compiled, interpreter) callables of `text`."""
    return _compiled(text), stablehlo_py.compile(text)


def _ch(handle: int, kind: int = 1) -> str:
    return f"#stablehlo.channel_handle<handle = {handle}, type = {kind}>"


def _same_outfed(got: list, expected: list) -> None:
    assert len(got) == len(expected), (got, expected)
    for g, e in zip(got, expected):
        assert (g.process_index, g.config) == (e.process_index, e.config)
        assert_same(list(g.arrays), list(e.arrays))


# --- tokens as values ---------------------------------------------------------------------

def test_the_corpus_program_making_a_token_compiles():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "corpus", "after_all",
                        "after_all.float32.mlir")
    with open(path) as f:
        text = f.read()
    run = _compiled(text)
    assert run() == [] and stablehlo_py.interpret(text) == []  # its check ops hold on both


_TOKEN_SIGNATURE = """func.func @main(%x: tensor<3xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<3xf32>, !stablehlo.token) {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t : !stablehlo.token
  %0:2 = stablehlo.optimization_barrier %x, %t1 : tensor<3xf32>, !stablehlo.token
  %1 = stablehlo.negate %0#0 : tensor<3xf32>
  return %0#1, %1, %t : !stablehlo.token, tensor<3xf32>, !stablehlo.token
}"""


def test_entry_taking_and_returning_tokens():
    compiled, interpreted = _runs(_TOKEN_SIGNATURE)
    assert [s.text for s in compiled.arg_specs] == ["tensor<3xf32>", "!stablehlo.token"]
    x = np.array([1.5, -2.0, 0.0], np.float32)
    got = compiled(x, TOKEN)
    expected = interpreted(x, TOKEN)
    assert got[0] is TOKEN and got[2] is TOKEN and expected[0] is TOKEN
    assert_same([got[1]], [-x])
    assert_same([got[1]], [expected[1]])
    # The CLI's form of the results is the interpreter's.
    assert compiled.format_results(got) == interpreted.format_results(expected)


def test_a_token_argument_must_be_the_token():
    compiled, interpreted = _runs(_TOKEN_SIGNATURE)
    x = np.zeros(3, np.float32)
    for bad in (np.zeros((), np.int8), None, 0):
        with pytest.raises(InterpreterError) as from_interpreter:
            interpreted(x, bad)
        with pytest.raises(InterpreterError) as from_compiled:
            compiled(x, bad)
        assert str(from_compiled.value) == str(from_interpreter.value)
        assert "argument 1: expected !stablehlo.token" in str(from_compiled.value)


def test_tokens_through_calls_and_control_flow():
    text = """func.func @main(%p: tensor<i1>, %n: tensor<i32>, %x: tensor<2xf32>) -> (tensor<2xf32>, !stablehlo.token) {
  %t = stablehlo.create_token : !stablehlo.token
  %c = func.call @pass(%t) : (!stablehlo.token) -> !stablehlo.token
  %w:3 = stablehlo.while(%i = %n, %u = %c, %v = %x) : tensor<i32>, !stablehlo.token, tensor<2xf32>
    cond {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %q = stablehlo.compare GT, %i, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %m = stablehlo.subtract %i, %one : tensor<i32>
      %a = stablehlo.after_all %u : !stablehlo.token
      %d = stablehlo.add %v, %v : tensor<2xf32>
      stablehlo.return %m, %a, %d : tensor<i32>, !stablehlo.token, tensor<2xf32>
    }
  %f:2 = "stablehlo.if"(%p) ({
    stablehlo.return %w#1, %w#2 : !stablehlo.token, tensor<2xf32>
  }, {
    %k = stablehlo.create_token : !stablehlo.token
    %g = stablehlo.negate %w#2 : tensor<2xf32>
    stablehlo.return %k, %g : !stablehlo.token, tensor<2xf32>
  }) : (tensor<i1>) -> (!stablehlo.token, tensor<2xf32>)
  %s = "stablehlo.case"(%n) ({
    stablehlo.return %f#0 : !stablehlo.token
  }, {
    stablehlo.return %t : !stablehlo.token
  }) : (tensor<i32>) -> !stablehlo.token
  return %f#1, %s : tensor<2xf32>, !stablehlo.token
}
func.func private @pass(%t: !stablehlo.token) -> !stablehlo.token {
  return %t : !stablehlo.token
}"""
    compiled, interpreted = _runs(text)
    x = np.array([1.0, -3.0], np.float32)
    for p in (True, False):
        for n in (0, 3):
            args = (np.array(p), np.array(n, np.int32), x)
            got, expected = compiled(*args), interpreted(*args)
            assert got[1] is TOKEN and expected[1] is TOKEN
            assert_same(got[:1], expected[:1])
            assert_same(got[:1], [x * 2.0 ** n * (1 if p else -1)])


# --- infeed and outfeed -------------------------------------------------------------------

_FEEDS = """func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  %t = stablehlo.create_token : !stablehlo.token
  %a:3 = "stablehlo.infeed"(%t) {infeed_config = "first"} : (!stablehlo.token) -> (tensor<2xf32>, tensor<i32>, !stablehlo.token)
  %s = stablehlo.add %a#0, %x : tensor<2xf32>
  %o = "stablehlo.outfeed"(%s, %a#1, %a#2) {outfeed_config = "sum"} : (tensor<2xf32>, tensor<i32>, !stablehlo.token) -> !stablehlo.token
  %b:2 = "stablehlo.infeed"(%o) {infeed_config = "second"} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %p = stablehlo.multiply %b#0, %s : tensor<2xf32>
  %o2 = "stablehlo.outfeed"(%p, %b#1) {outfeed_config = "product"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %p, %a#1 : tensor<2xf32>, tensor<i32>
}"""

_X = np.array([0.5, -1.0], np.float32)
_ITEMS = [[np.array([1.0, 2.0], np.float32), np.array(7, np.int32)], [np.array([3.0, -4.0], np.float32)]]


def test_infeed_and_outfeed_through_run_on_grid():
    compiled, interpreted = _runs(_FEEDS)
    got = run_on_grid(compiled, [_X], infeed=list(_ITEMS))
    expected = stablehlo_py.interpret(_FEEDS, _X, infeed=list(_ITEMS))
    assert_same(got, expected)
    s = _ITEMS[0][0] + _X
    assert_same(got, [_ITEMS[1][0] * s, np.array(7, np.int32)])  # numpy's own
    _same_outfed(got.outfeed, expected.outfeed)
    _same_outfed(got.outfeed, [Outfed(0, "sum", [s, np.array(7, np.int32)]), Outfed(0, "product", [_ITEMS[1][0] * s])])


def test_infeed_callable_and_outfeed_list():
    # The callable sees each op's config in program order; the list gets (process, arrays).
    for backend in ("compiled", "interpreter"):
        seen, out = [], []

        def infeed(index, config, seen=seen):
            seen.append((index, config))
            return _ITEMS[len(seen) - 1]

        run = stablehlo_py.compile(_FEEDS, backend=backend)
        results = run_on_grid(run, [_X], infeed=infeed, outfeed=out)
        assert seen == [(0, "first"), (0, "second")], backend
        assert results.outfeed == [] and [i for i, _ in out] == [0, 0]
        s = _ITEMS[0][0] + _X
        assert_same(out[0][1], [s, np.array(7, np.int32)])
        assert_same(out[1][1], [_ITEMS[1][0] * s])


def test_a_plain_call_keeps_what_it_outfeeds():
    text = """func.func @main(%x: tensor<3xi8>) -> tensor<3xi8> {
  %t = stablehlo.create_token : !stablehlo.token
  %o = "stablehlo.outfeed"(%x, %t) {outfeed_config = "x"} : (tensor<3xi8>, !stablehlo.token) -> !stablehlo.token
  %n = stablehlo.negate %x : tensor<3xi8>
  %o2 = "stablehlo.outfeed"(%n, %o) : (tensor<3xi8>, !stablehlo.token) -> !stablehlo.token
  return %n : tensor<3xi8>
}"""
    compiled, interpreted = _runs(text)
    x = np.array([1, -128, 5], np.int8)
    for _ in range(2):  # nothing is left over for the next call
        got, expected = compiled(x), interpreted(x)
        assert_same(got, expected)
        _same_outfed(got.outfeed, expected.outfeed)
        _same_outfed(got.outfeed, [Outfed(0, "x", [x]), Outfed(0, "", [-x])])
        # The host owns what it was handed: not the compiled code's buffers.
        got.outfeed[0].arrays[0][:] = 0
        assert_same([x], [np.array([1, -128, 5], np.int8)])


def test_feeds_in_a_loop_keep_program_order():
    # Each iteration takes an item, outfeeds it with its index, and carries the token; the
    # results depend on the order of the calls.
    text = """func.func @main(%n: tensor<i32>) -> tensor<f32> {
  %t = stablehlo.create_token : !stablehlo.token
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<f32>
  %w:4 = stablehlo.while(%i = %zero, %u = %t, %acc = %acc0, %m = %n) : tensor<i32>, !stablehlo.token, tensor<f32>, tensor<i32>
    cond {
      %q = stablehlo.compare LT, %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %in:2 = "stablehlo.infeed"(%u) : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
      %two = stablehlo.constant dense<2.0> : tensor<f32>
      %scaled = stablehlo.multiply %acc, %two : tensor<f32>
      %next = stablehlo.add %scaled, %in#0 : tensor<f32>
      %o = "stablehlo.outfeed"(%i, %next, %in#1) {outfeed_config = "step"} : (tensor<i32>, tensor<f32>, !stablehlo.token) -> !stablehlo.token
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %o, %next, %m : tensor<i32>, !stablehlo.token, tensor<f32>, tensor<i32>
    }
  return %w#2 : tensor<f32>
}"""
    compiled, interpreted = _runs(text)
    items = [[np.array(v, np.float32)] for v in (1.0, 0.0, 1.0, 1.0)]
    got = run_on_grid(compiled, [np.array(4, np.int32)], infeed=list(items))
    expected = run_on_grid(interpreted, [np.array(4, np.int32)], infeed=list(items))
    assert_same(got, expected)
    assert_same(got, [np.array(11.0, np.float32)])  # 0b1011, the items in order
    _same_outfed(got.outfeed, expected.outfeed)
    assert [int(o.arrays[0]) for o in got.outfeed] == [0, 1, 2, 3]
    assert [float(o.arrays[1]) for o in got.outfeed] == [1.0, 2.0, 5.0, 11.0]


def test_feeds_in_branches():
    text = """func.func @main(%k: tensor<i32>, %x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.case"(%k) ({
    %o = "stablehlo.outfeed"(%x, %t) {outfeed_config = "zero"} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %x, %o : tensor<2xi64>, !stablehlo.token
  }, {
    %in:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    stablehlo.return %in#0, %in#1 : tensor<2xi64>, !stablehlo.token
  }) : (tensor<i32>) -> (tensor<2xi64>, !stablehlo.token)
  %o = "stablehlo.outfeed"(%r#0, %r#1) {outfeed_config = "after"} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return %r#0 : tensor<2xi64>
}"""
    compiled, interpreted = _runs(text)
    x = np.array([2**40, -3], np.int64)
    item = [np.array([9, -9], np.int64)]
    for k in (0, 1, 5):  # an index out of range runs the last branch
        got = run_on_grid(compiled, [np.array(k, np.int32), x], infeed=[item])
        expected = run_on_grid(interpreted, [np.array(k, np.int32), x], infeed=[item])
        assert_same(got, expected)
        _same_outfed(got.outfeed, expected.outfeed)
        value = x if k == 0 else item[0]
        assert_same(got, [value])
        assert [o.config for o in got.outfeed] == (["zero", "after"] if k == 0 else ["after"])


def test_an_infeed_of_nothing_but_a_token_takes_nothing():
    text = """func.func @main() -> !stablehlo.token {
  %t = stablehlo.create_token : !stablehlo.token
  %a = "stablehlo.infeed"(%t) : (!stablehlo.token) -> !stablehlo.token
  %o = "stablehlo.outfeed"(%a) : (!stablehlo.token) -> !stablehlo.token
  return %o : !stablehlo.token
}"""
    compiled, interpreted = _runs(text)
    got, expected = compiled(), interpreted()
    assert got == [TOKEN] == expected and got.outfeed == [] == expected.outfeed


# --- bad feeds: the interpreter's errors, and nothing runs after the failure ----------------

def _errors(text: str, args: list, **feeds) -> str:
    messages = []
    for backend in ("compiled", "interpreter"):
        with pytest.raises(InterpreterError) as error:
            run_on_grid(stablehlo_py.compile(text, backend=backend), args, **feeds)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    return messages[0]


def test_no_infeed_is_the_interpreters_error():
    message = _errors(_FEEDS, [_X])
    assert "stablehlo.infeed" in message and "infeed: no value (give interpret(..., infeed=...))" in message


def test_an_exhausted_or_wrong_infeed_is_the_interpreters_error():
    assert "the infeed is exhausted" in _errors(_FEEDS, [_X], infeed=_ITEMS[:1])
    wrong = [[np.array([1.0, 2.0], np.float64), np.array(7, np.int32)]]
    assert "infeed value 0" in _errors(_FEEDS, [_X], infeed=wrong)
    assert "infeed gave 1 value, expected 2" in _errors(_FEEDS, [_X], infeed=[[_X]])


def test_nothing_is_outfed_or_taken_after_a_failure():
    # The second infeed fails: the outfeed after it never runs, on either backend.
    for backend in ("compiled", "interpreter"):
        out, taken = [], []

        def infeed(index, config, taken=taken):
            taken.append(config)
            if config == "second":
                raise ValueError("no more")
            return _ITEMS[0]

        with pytest.raises(InterpreterError, match="the infeed callable failed: ValueError: no more"):
            run_on_grid(stablehlo_py.compile(_FEEDS, backend=backend), [_X], infeed=infeed, outfeed=out)
        assert taken == ["first", "second"], backend
        assert [o[1][0].tolist() for o in out] == [(_ITEMS[0][0] + _X).tolist()], backend


def test_a_failing_outfeed_callable_is_the_interpreters_error():
    def outfeed(index, config, arrays):
        raise RuntimeError(f"full at {config}")

    message = _errors(_FEEDS, [_X], infeed=list(_ITEMS), outfeed=outfeed)
    assert "the outfeed callable failed: RuntimeError: full at sum" in message


# --- send and recv, on the one process -----------------------------------------------------

_DEVICE = f"""func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {{
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = "stablehlo.send"(%x, %t0) {{channel_handle = {_ch(1)}}} : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
  %y = stablehlo.add %x, %x : tensor<3xf32>
  %t2 = "stablehlo.send"(%y, %t1) {{channel_handle = {_ch(1)}}} : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%t2) {{channel_handle = {_ch(1)}}} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
  %s:2 = "stablehlo.recv"(%r#1) {{channel_handle = {_ch(1)}}} : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
  %d = stablehlo.subtract %s#0, %r#0 : tensor<3xf32>
  return %d : tensor<3xf32>
}}"""


def test_device_send_and_recv_on_one_process():
    # The channel is a FIFO: the first recv takes the first value sent.
    compiled, interpreted = _runs(_DEVICE)
    x = np.array([1.0, -2.5, 4.0], np.float32)
    for got, expected in ((compiled(x), interpreted(x)),
                          (run_on_grid(compiled, [x]), run_on_grid(interpreted, [x]))):
        assert_same(got, expected)
        assert_same(got, [x])


def test_a_recv_nobody_sends_to_is_the_interpreters_error():
    text = f"""func.func @main() -> tensor<2xi32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) {{channel_handle = {_ch(5)}}} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %r#0 : tensor<2xi32>
}}"""
    message = _errors(text, [])
    assert message.startswith("stablehlo.recv at loc(") and "nothing was sent" in message


def test_host_transfer_send_and_recv_use_the_feeds():
    text = f"""func.func @main(%x: tensor<2xui16>) -> tensor<2xui16> {{
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) {{channel_handle = {_ch(3, 3)}, is_host_transfer = true}} : (!stablehlo.token) -> (tensor<2xui16>, !stablehlo.token)
  %s = stablehlo.add %r#0, %x : tensor<2xui16>
  %o = "stablehlo.send"(%s, %r#1) {{channel_handle = {_ch(4, 2)}, is_host_transfer = true}} : (tensor<2xui16>, !stablehlo.token) -> !stablehlo.token
  return %s : tensor<2xui16>
}}"""
    compiled, interpreted = _runs(text)
    x = np.array([65535, 7], np.uint16)
    item = [np.array([1, 2], np.uint16)]
    got = run_on_grid(compiled, [x], infeed=[item])
    expected = run_on_grid(interpreted, [x], infeed=[item])
    assert_same(got, expected)
    assert_same(got, [np.array([0, 9], np.uint16)])  # wraps, as uint16 does
    _same_outfed(got.outfeed, expected.outfeed)
    assert [o.config for o in got.outfeed] == ["send channel 4"]


# --- the backends around it -----------------------------------------------------------------

def test_auto_compiles_a_program_with_tokens_and_feeds_reach_a_compiled_callee():
    # @main does not lower (a dynamic shape inside it), so the interpreter runs it; @feed lowers
    # and runs compiled, its outfeed belonging to the interpreter's run, in order with @main's.
    text = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %o = "stablehlo.outfeed"(%x, %t) {outfeed_config = "before"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %r:2 = func.call @feed(%x, %o) : (tensor<2xf32>, !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %szx = stablehlo.slice %x [0:1] : (tensor<2xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %dynamic = stablehlo.dynamic_iota %size, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %u = stablehlo.negate %r#0 : tensor<2xf32>
  %o2 = "stablehlo.outfeed"(%u, %r#1) {outfeed_config = "after"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %u : tensor<2xf32>
}
func.func private @feed(%x: tensor<2xf32>, %t: !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token) {
  %in:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %s = stablehlo.add %x, %in#0 : tensor<2xf32>
  %o = "stablehlo.outfeed"(%s, %in#1) {outfeed_config = "inside"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %s, %o : tensor<2xf32>, !stablehlo.token
}"""
    run = stablehlo_py.compile(text, backend="auto")
    assert not isinstance(run, CompiledProgram)
    assert "@feed: compiled" in run.explanation
    item = [np.array([10.0, 20.0], np.float32)]
    got = run_on_grid(run, [_X], infeed=[item])
    expected = stablehlo_py.interpret(text, _X, infeed=[item])
    assert_same(got, expected)
    _same_outfed(got.outfeed, expected.outfeed)
    assert [o.config for o in got.outfeed] == ["before", "inside", "after"]
    # A plain call without an infeed fails at @feed's infeed, as the interpreter's does.
    with pytest.raises(InterpreterError, match="infeed: no value"):
        run(_X)


def test_lowered_ir_keeps_the_calls_in_order():
    module = _lowered(_parsed(_FEEDS, False), "main", to_llvm=False, compiled_backend=True)
    text = str(module)
    calls = [line for line in text.splitlines() if "call @__stablehlo_py_runtime_" in line]
    assert len(calls) == 4
    ops = []
    for line in calls:
        name = line.split("call @")[1].split("(")[0]
        declaration = next(d for d in text.splitlines() if f"func.func private @{name}(" in d)
        ops.append("infeed" if "stablehlo.infeed" in declaration else "outfeed")
    assert ops == ["infeed", "outfeed", "infeed", "outfeed"]


def test_a_token_beside_a_tuple_in_the_signature():
    text = """func.func @main(%t: !stablehlo.token, %x: tuple<tensor<2xf32>>) -> (!stablehlo.token, tuple<tensor<2xf32>>) {
  return %t, %x : !stablehlo.token, tuple<tensor<2xf32>>
}"""
    x = np.array([1.5, -2.0], np.float32)
    got = stablehlo_py.compile(text, backend="compiled")(TOKEN, (x,))
    assert got[0] is TOKEN and isinstance(got[1], tuple) and np.array_equal(got[1][0], x)
