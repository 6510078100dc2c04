"""infeed / outfeed through the host's feeds (interpret(..., infeed=..., outfeed=...)), and send /
recv: device to device through the grid's channels, host transfers through the feeds."""

from __future__ import annotations

import queue
import time

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, compile, interpret, run_on_grid

TOKEN_IN = "%t = stablehlo.create_token : !stablehlo.token"


def ch(handle, kind=1):
    return f"#stablehlo.channel_handle<handle = {handle}, type = {kind}>"


INFEED_TWICE = f"""
func.func @main() -> (tensor<2xf32>, tensor<i32>, tensor<2xf32>) {{
  {TOKEN_IN}
  %a:3 = "stablehlo.infeed"(%t) {{infeed_config = "cfg"}} : (!stablehlo.token) -> (tensor<2xf32>, tensor<i32>, !stablehlo.token)
  %b:2 = "stablehlo.infeed"(%a#2) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %a#0, %a#1, %b#0 : tensor<2xf32>, tensor<i32>, tensor<2xf32>
}}
"""

ONE_INFEED = f"""
func.func @main() -> tensor<2x3xf32> {{
  {TOKEN_IN}
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return %a#0 : tensor<2x3xf32>
}}
"""

OUTFEED = f"""
func.func @main(%x: tensor<2xf32>, %y: tensor<i64>) -> tensor<2xf32> {{
  {TOKEN_IN}
  %0 = "stablehlo.outfeed"(%x, %y, %t) {{outfeed_config = "out"}} : (tensor<2xf32>, tensor<i64>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.outfeed"(%x, %0) : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %x : tensor<2xf32>
}}
"""

# A while loop taking one infeed item per iteration, summing them, and outfeeding the running sum.
INFEED_LOOP = f"""
func.func @main(%n: tensor<i32>) -> tensor<3xf32> {{
  {TOKEN_IN}
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<3xf32>
  %r:3 = stablehlo.while(%i = %zero, %acc = %acc0, %tok = %t) : tensor<i32>, tensor<3xf32>, !stablehlo.token
    cond {{
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }} do {{
      %v:2 = "stablehlo.infeed"(%tok) : (!stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
      %s = stablehlo.add %acc, %v#0 : tensor<3xf32>
      %o = "stablehlo.outfeed"(%s, %v#1) : (tensor<3xf32>, !stablehlo.token) -> !stablehlo.token
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %s, %o : tensor<i32>, tensor<3xf32>, !stablehlo.token
    }}
  return %r#1 : tensor<3xf32>
}}
"""


def items(n, shape=(2,), dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(shape).astype(dtype) for _ in range(n)]


# ---------------------------------------------------------------------------------------
# infeed


def test_infeed_from_a_callable():
    calls = []
    a, b = items(2)

    def feed(index, config):
        calls.append((index, config))
        return (a, np.array(7, np.int32)) if config == "cfg" else [b]

    x, y, z = interpret(INFEED_TWICE, infeed=feed)
    np.testing.assert_array_equal(x, a)
    assert y.dtype == np.int32 and y == 7
    np.testing.assert_array_equal(z, b)
    assert calls == [(0, "cfg"), (0, "")]


def test_infeed_from_a_list_takes_items_in_order_and_leaves_the_list():
    a, b = items(2)
    feed = [(a, np.array(3, np.int32)), [b]]
    x, y, z = interpret(INFEED_TWICE, infeed=feed)
    np.testing.assert_array_equal(x, a)
    assert y == 3
    np.testing.assert_array_equal(z, b)
    assert len(feed) == 2  # not consumed in place
    # a generator is an iterable too
    x2, _, z2 = interpret(INFEED_TWICE, infeed=(item for item in feed))
    np.testing.assert_array_equal(x2, a)
    np.testing.assert_array_equal(z2, b)


def test_infeed_from_a_queue_and_a_bare_array_for_one_result():
    (a,) = items(1, (2, 3))
    q = queue.Queue()
    q.put(a)  # one payload result: the array alone is accepted
    q.put([a + 1])
    (x,) = interpret(ONE_INFEED, infeed=q)
    np.testing.assert_array_equal(x, a)
    (x,) = interpret(ONE_INFEED, infeed=q)
    np.testing.assert_array_equal(x, a + 1)
    assert q.empty()
    with pytest.raises(InterpreterError, match=r"infeed: no value \(give interpret\(\.\.\., infeed=\.\.\.\)\)"):
        interpret(ONE_INFEED, infeed=q)


def test_infeed_result_is_owned_by_the_caller():
    (a,) = items(1, (2, 3))
    (x,) = interpret(ONE_INFEED, infeed=[[a]])
    x[0, 0] = 100.0
    assert a[0, 0] != 100.0


def test_infeed_inside_a_while_loop_takes_one_item_per_iteration():
    feed = items(4, (3,))
    out = []
    (total,) = interpret(INFEED_LOOP, np.array(4, np.int32), infeed=feed, outfeed=out)
    np.testing.assert_allclose(total, np.sum(feed, axis=0), rtol=1e-6)
    assert [i for i, _ in out] == [0, 0, 0, 0]
    np.testing.assert_allclose(np.stack([arrays[0] for _, arrays in out]), np.cumsum(feed, axis=0), rtol=1e-6)
    # the same executable, run again with fewer iterations than items: the rest is left
    run = compile(INFEED_LOOP)
    q = queue.Queue()
    for item in feed:
        q.put([item])
    run_on_grid(run, [np.array(2, np.int32)], infeed=q, outfeed=[])
    assert q.qsize() == 2


@pytest.mark.parametrize("value, message", [
    ([np.zeros((2, 3), np.float64)], r"infeed value 0: expected tensor<2x3xf32> \(dtype float32\), got dtype float64"),
    ([np.zeros((3, 2), np.float32)], r"infeed value 0: expected tensor<2x3xf32> \(shape \(2, 3\)\), got shape \(3, 2\)"),
    ([np.zeros((2, 3), np.float32)] * 2, r"infeed gave 2 values, expected 1 \(tensor<2x3xf32>\)"),
    ("text", r"infeed gave a str, expected a list or tuple of 1 array"),
])
def test_infeed_values_are_checked_against_the_result_types(value, message):
    with pytest.raises(InterpreterError, match=message) as info:
        interpret(ONE_INFEED, infeed=lambda index, config: value)
    assert info.value.op_name == "stablehlo.infeed"


def test_no_infeed_given_names_the_op_and_location():
    with pytest.raises(InterpreterError) as info:
        interpret(ONE_INFEED)
    error = info.value
    assert error.op_name == "stablehlo.infeed" and error.location
    assert str(error).startswith("stablehlo.infeed at ")
    assert "infeed: no value (give interpret(..., infeed=...))" in str(error)
    with pytest.raises(InterpreterError, match=r"infeed: no value .*exhausted"):
        interpret(INFEED_TWICE, infeed=[(np.zeros(2, np.float32), np.array(1, np.int32))])
    # a plain call of a compiled program has no feeds
    with pytest.raises(InterpreterError, match=r"infeed: no value"):
        compile(ONE_INFEED)()


def test_failing_infeed_callable_and_bad_feeds():
    def feed(index, config):
        raise KeyError("nothing here")

    with pytest.raises(InterpreterError, match=r"infeed: the infeed callable failed: KeyError"):
        interpret(ONE_INFEED, infeed=feed)
    with pytest.raises(InterpreterError, match=r"infeed must be a callable"):
        interpret(ONE_INFEED, infeed=3)
    with pytest.raises(InterpreterError, match=r"outfeed must be a callable"):
        interpret(ONE_INFEED, outfeed=3)


def test_token_only_infeed_and_outfeed_touch_no_feed():
    program = f"""
    func.func @main() -> !stablehlo.token {{
      {TOKEN_IN}
      %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> !stablehlo.token
      %1 = "stablehlo.outfeed"(%0) : (!stablehlo.token) -> !stablehlo.token
      return %1 : !stablehlo.token
    }}"""
    (token,) = interpret(program)
    assert token is stablehlo_py.interpreter.TOKEN


# ---------------------------------------------------------------------------------------
# outfeed


def test_outfeed_to_a_list():
    x = np.arange(2, dtype=np.float32)
    out = []
    (r,) = interpret(OUTFEED, x, np.array(5, np.int64), outfeed=out)
    np.testing.assert_array_equal(r, x)
    assert len(out) == 2
    (i0, first), (i1, second) = out
    assert i0 == i1 == 0
    assert len(first) == 2 and first[1].dtype == np.int64 and first[1] == 5
    np.testing.assert_array_equal(first[0], x)
    assert len(second) == 1
    first[0][0] = 42.0  # the host owns what it got
    assert x[0] == 0.0 and second[0][0] == 0.0


def test_outfeed_to_a_callable():
    x = np.arange(2, dtype=np.float32)
    seen = []
    results = interpret(OUTFEED, x, np.array(5, np.int64),
                        outfeed=lambda index, config, arrays: seen.append((index, config, arrays)))
    assert [(i, c, len(a)) for i, c, a in seen] == [(0, "out", 2), (0, "", 1)]
    assert results.outfeed == []  # the caller's outfeed got them


def _assert_outfed(records, expected):
    """`records` (Outfed) hold (process_index, config, arrays) as `expected`, arrays bit for bit."""
    assert [(r.process_index, r.config, len(r.arrays)) for r in records] == [(i, c, len(a)) for i, c, a in expected]
    for record, (_, _, arrays) in zip(records, expected):
        for got, want in zip(record.arrays, arrays):
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)


def test_outfeed_without_an_outfeed_keeps_the_values_in_the_results():
    x = np.arange(2, dtype=np.float32)
    y = np.array(5, np.int64)
    for run in (stablehlo_py.interpret, interpret):
        results = run(OUTFEED, x, y)
        np.testing.assert_array_equal(results[0], x)
        _assert_outfed(results.outfeed, [(0, "out", [x, y]), (0, "", [x])])
        results.outfeed[0].arrays[0][0] = 42.0  # the host owns what it got
        assert x[0] == 0.0
    # a prepared program: each call's own values, nothing kept from the calls before
    executable = stablehlo_py.compile(OUTFEED)
    first = executable(x, y)
    second = executable(x + 1, y)
    _assert_outfed(first.outfeed, [(0, "out", [x, y]), (0, "", [x])])
    _assert_outfed(second.outfeed, [(0, "out", [x + 1, y]), (0, "", [x + 1])])
    assert executable(x, y).outfeed is not first.outfeed
    # a program that outfeeds nothing
    assert interpret(ONE_INFEED, infeed=[[np.zeros((2, 3), np.float32)]]).outfeed == []


def test_outfeed_without_an_outfeed_on_a_grid_keeps_every_process_values():
    program = """
    func.func @main() -> tensor<ui32> {
      %t = stablehlo.create_token : !stablehlo.token
      %p = stablehlo.partition_id : tensor<ui32>
      %o = "stablehlo.outfeed"(%p, %t) {outfeed_config = "id"} : (tensor<ui32>, !stablehlo.token) -> !stablehlo.token
      return %p : tensor<ui32>
    }"""
    results = interpret(program, num_partitions=3)
    assert [int(r[0]) for r in results] == [0, 1, 2]
    records = sorted(results.outfeed, key=lambda r: r.process_index)
    _assert_outfed(records, [(i, "id", [np.array(i, np.uint32)]) for i in range(3)])
    # a dict of outfeeds without an entry for a process says which
    with pytest.raises(InterpreterError, match=r"outfeed: the outfeed dict has no entry for process 1 \(\(0, 1\)\)"):
        interpret(program, num_partitions=2, outfeed={0: []})


def test_feeds_on_a_grid_per_process_and_shared():
    program = f"""
    func.func @main() -> tensor<2xf32> {{
      {TOKEN_IN}
      %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      %p = stablehlo.partition_id : tensor<ui32>
      %o = "stablehlo.outfeed"(%p, %a#1) : (tensor<ui32>, !stablehlo.token) -> !stablehlo.token
      return %a#0 : tensor<2xf32>
    }}"""
    feeds = items(2)
    out = []
    results = interpret(program, num_partitions=2, infeed={0: [[feeds[0]]], 1: [[feeds[1]]]}, outfeed=out)
    for i in range(2):
        np.testing.assert_array_equal(results[i][0], feeds[i])
    assert sorted((i, int(a[0])) for i, a in out) == [(0, 0), (1, 1)]
    # one callable for every process
    results = interpret(program, num_partitions=2, infeed=lambda index, config: [feeds[index]], outfeed=out)
    np.testing.assert_array_equal(results[1][0], feeds[1])
    # one shared queue: each process takes one item
    q = queue.Queue()
    for f in feeds:
        q.put([f])
    results = interpret(program, num_partitions=2, infeed=q, outfeed=out)
    assert sorted(float(r[0][0]) for r in results) == sorted(float(f[0]) for f in feeds)
    # a process without an infeed of its own
    with pytest.raises(InterpreterError, match=r"process \(0, 1\): .*infeed: no value"):
        interpret(program, num_partitions=2, infeed={0: [[feeds[0]]]}, outfeed=out)


# ---------------------------------------------------------------------------------------
# send / recv, device to device


def exchange_program(pairs=None, channel=1):
    pairs_attr = "" if pairs is None else f", source_target_pairs = dense<{pairs}> : tensor<{len(pairs)}x2xi64>"
    return f"""
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
      {TOKEN_IN}
      %s = "stablehlo.send"(%x, %t) {{channel_handle = {ch(channel)}, is_host_transfer = false{pairs_attr}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
      %r:2 = "stablehlo.recv"(%s) {{channel_handle = {ch(channel)}, is_host_transfer = false{pairs_attr}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      return %r#0 : tensor<2xf32>
    }}"""


# Partition 0 sends its x on channel 1; partition 1 receives it. No source_target_pairs.
SEND_FROM_0 = f"""
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  {TOKEN_IN}
  %p = stablehlo.partition_id : tensor<ui32>
  %i = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
  %r = "stablehlo.case"(%i) ({{
    %s = "stablehlo.send"(%x, %t) {{channel_handle = {ch(1)}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %x : tensor<2xf32>
  }}, {{
    %v:2 = "stablehlo.recv"(%t) {{channel_handle = {ch(1)}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    stablehlo.return %v#0 : tensor<2xf32>
  }}) : (tensor<i32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}}
"""


def test_send_recv_between_processes_without_pairs():
    xs = items(2, seed=1)
    results = interpret(SEND_FROM_0, xs, num_partitions=2, collective_timeout=30)
    np.testing.assert_array_equal(results[0][0], xs[0])
    np.testing.assert_array_equal(results[1][0], xs[0])


def test_send_recv_without_pairs_shares_one_fifo_per_channel():
    xs = items(2, seed=2)
    results = interpret(exchange_program(), xs, num_partitions=2, collective_timeout=30)
    got = sorted(tuple(r[0]) for r in results)
    assert got == sorted(tuple(x) for x in xs)  # each value received exactly once


def test_send_recv_with_source_target_pairs_swaps():
    xs = items(2, seed=3)
    results = interpret(exchange_program([[0, 1], [1, 0]]), xs, num_partitions=2, collective_timeout=30)
    np.testing.assert_array_equal(results[0][0], xs[1])
    np.testing.assert_array_equal(results[1][0], xs[0])


def test_send_recv_with_pairs_a_process_that_is_no_target_gets_zeros():
    xs = items(2, seed=4)
    results = interpret(exchange_program([[0, 1]]), xs, num_partitions=2, collective_timeout=30)
    np.testing.assert_array_equal(results[0][0], np.zeros(2, np.float32))
    np.testing.assert_array_equal(results[1][0], xs[0])


def test_send_recv_pairs_out_of_the_grid():
    with pytest.raises(InterpreterError, match=r"source_target_pairs holds 2, outside the 2 partition ids"):
        interpret(exchange_program([[0, 2]]), items(2), num_partitions=2, collective_timeout=30)


def test_send_then_recv_in_one_process():
    x = np.arange(2, dtype=np.float32)
    (r,) = interpret(exchange_program(), x)
    np.testing.assert_array_equal(r, x)
    (r,) = interpret(exchange_program([[0, 0]], channel=4), x)
    np.testing.assert_array_equal(r, x)
    program = f"""
    func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {{
      {TOKEN_IN}
      %s1 = "stablehlo.send"(%x, %t) {{channel_handle = {ch(7)}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
      %s2 = "stablehlo.send"(%y, %s1) {{channel_handle = {ch(7)}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
      %a:2 = "stablehlo.recv"(%s2) {{channel_handle = {ch(7)}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      %b:2 = "stablehlo.recv"(%a#1) {{channel_handle = {ch(7)}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      return %a#0, %b#0 : tensor<2xf32>, tensor<2xf32>
    }}"""
    a, b = interpret(program, x, x + 10)
    np.testing.assert_array_equal(a, x)  # first in, first out
    np.testing.assert_array_equal(b, x + 10)


def test_recv_checks_the_received_value_against_its_types():
    program = f"""
    func.func @main(%x: tensor<2xf32>) -> tensor<2xi32> {{
      {TOKEN_IN}
      %s = "stablehlo.send"(%x, %t) {{channel_handle = {ch(1)}}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
      %r:2 = "stablehlo.recv"(%s) {{channel_handle = {ch(1)}}} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
      return %r#0 : tensor<2xi32>
    }}"""
    with pytest.raises(InterpreterError, match=r"received on channel 1 value 0: expected tensor<2xi32>") as info:
        interpret(program, np.zeros(2, np.float32))
    assert info.value.op_name == "stablehlo.recv"


RECV_ONLY = f"""
func.func @main() -> tensor<2xf32> {{
  {TOKEN_IN}
  %r:2 = "stablehlo.recv"(%t) {{channel_handle = {ch(9)}}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %r#0 : tensor<2xf32>
}}
"""


def test_recv_fails_at_once_when_every_process_waits_to_receive():
    # a deadlock (test_deadlocks.py has the timeout for a sender that is only slow)
    start = time.monotonic()
    with pytest.raises(InterpreterError, match=r"deadlock: process \(0, 0\) waits at stablehlo.recv .* for a value "
                                               r"on channel 9, sent by none of process \(0, 1\)") as info:
        interpret(RECV_ONLY, num_partitions=2, collective_timeout=20)
    assert time.monotonic() - start < 10
    assert info.value.op_name == "stablehlo.recv"


def test_recv_fails_at_once_when_nobody_can_send():
    start = time.monotonic()
    with pytest.raises(InterpreterError, match=r"channel 9, but nothing was sent and no other process can send"):
        interpret(RECV_ONLY, collective_timeout=30)
    # the only sender (partition 0, via the pairs) finishes without sending on channel 9
    program = f"""
    func.func @main() -> tensor<2xf32> {{
      {TOKEN_IN}
      %r:2 = "stablehlo.recv"(%t) {{channel_handle = {ch(9)}, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
      return %r#0 : tensor<2xf32>
    }}"""
    with pytest.raises(InterpreterError, match=r"process \(0, 1\): .*from process \(0, 0\), but nothing was sent "
                                               r"and no sender \(\(0, 0\)\) can send any more"):
        interpret(program, num_partitions=2, collective_timeout=30)
    assert time.monotonic() - start < 20


# ---------------------------------------------------------------------------------------
# send / recv, host transfers


HOST_TRANSFER = f"""
func.func @main(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {{
  {TOKEN_IN}
  %s = "stablehlo.send"(%x, %t) {{channel_handle = {ch(1, 2)}, is_host_transfer = true}} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%s) {{channel_handle = {ch(2, 3)}, is_host_transfer = true}} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %r#0 : tensor<2x2xi64>
}}
"""


def test_host_transfer_send_recv_through_the_feeds():
    x = np.arange(4, dtype=np.int64).reshape(2, 2)
    sent, asked = [], []

    def infeed(index, config):
        asked.append((index, config))
        return [x * 3]

    (r,) = interpret(HOST_TRANSFER, x, infeed=infeed,
                     outfeed=lambda index, config, arrays: sent.append((index, config, arrays)))
    np.testing.assert_array_equal(r, x * 3)
    assert asked == [(0, "recv channel 2")]
    assert len(sent) == 1 and sent[0][:2] == (0, "send channel 1")
    np.testing.assert_array_equal(sent[0][2][0], x)
    out = []
    (r,) = interpret(HOST_TRANSFER, x, infeed=[[x + 1]], outfeed=out)
    np.testing.assert_array_equal(r, x + 1)
    assert out[0][0] == 0
    np.testing.assert_array_equal(out[0][1][0], x)


def test_host_transfer_without_feeds_and_with_bad_values():
    x = np.arange(4, dtype=np.int64).reshape(2, 2)
    results = interpret(HOST_TRANSFER, x, infeed=[[x + 1]])  # no outfeed: the send's values are kept
    np.testing.assert_array_equal(results[0], x + 1)
    _assert_outfed(results.outfeed, [(0, "send channel 1", [x])])
    with pytest.raises(InterpreterError, match=r"recv: no value \(give interpret\(\.\.\., infeed=\.\.\.\)\)") as info:
        interpret(HOST_TRANSFER, x, outfeed=[])
    assert info.value.op_name == "stablehlo.recv"
    with pytest.raises(InterpreterError, match=r"recv \(host transfer, channel 2\) value 0: expected tensor<2x2xi64> "
                                               r"\(dtype int64\), got dtype int32"):
        interpret(HOST_TRANSFER, x, infeed=[[x.astype(np.int32)]], outfeed=[])


def test_package_interpret_passes_the_feeds():
    (a,) = items(1, (2, 3))
    (x,) = stablehlo_py.interpret(ONE_INFEED, infeed=[[a]])
    np.testing.assert_array_equal(x, a)
