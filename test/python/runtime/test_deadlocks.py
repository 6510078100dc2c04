"""Deadlocks on the threaded process grid (runtime/grid.py): processes that can never meet
(waiting at collectives of different channels, or for a process that finished, or to receive
from one that waits itself) fail at once with a message naming every stuck process, its op and
what it misses; processes that are only slow still meet (no false deadlock), and the
collective timeout stays the backstop for them.

Every run is bounded: the collective timeout (20 s, far above the times asserted) ends any wait,
and `bounded` fails a test whose run has not returned in time instead of hanging the suite."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from stablehlo_py.interpreter import InterpreterError, interpret, register_custom_call, unregister_custom_call
from stablehlo_py.interpreter.runtime import grid as grids

TIMEOUT = 20  # the collective timeout of the runs: a backstop, never reached by a passing test
PROMPT = 3.0  # seconds within which a deadlock is reported


def bounded(run, seconds: float = 40):
    """`run()`'s result (or its exception, re-raised) if it returns within `seconds`, else a failure."""
    outcome: dict = {}

    def body():
        try:
            outcome["value"] = run()
        except BaseException as e:  # noqa: BLE001 - re-raised in the test's thread
            outcome["error"] = e

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"the run did not return within {seconds} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def deadlock(text: str, *args, **kwargs) -> str:
    """The message of the InterpreterError `interpret(text, *args, **kwargs)` raises, checked to come
    within PROMPT seconds."""
    kwargs.setdefault("collective_timeout", TIMEOUT)
    start = time.monotonic()
    with pytest.raises(InterpreterError) as info:
        bounded(lambda: interpret(text, *args, **kwargs))
    assert time.monotonic() - start < PROMPT, str(info.value)
    return str(info.value)


def max_body(element: str) -> str:
    return (f"({{\n  ^bb0(%lhs: tensor<{element}>, %rhs: tensor<{element}>):\n"
            f"    %s = stablehlo.maximum %lhs, %rhs : tensor<{element}>\n"
            f"    stablehlo.return %s : tensor<{element}>\n  }})")


def site(text: str, fragment: str) -> str:
    """The location of the op that starts at `fragment` (found once in `text`), as messages print it."""
    assert text.count(fragment) == 1, fragment
    start = text.index(fragment)
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return f'loc("-":{line}:{column})'


def channel(handle: int) -> str:
    return f"#stablehlo.channel_handle<handle = {handle}, type = 1>"


@pytest.fixture
def delays():
    """`delays[pid] = seconds`: the custom_call @deadlock_test_sleep sleeps that long on process pid
    (its operand, returned, orders it before what uses the result)."""
    table: dict = {}

    def sleep(x):
        time.sleep(table.get(grids.current().pid, 0.0))
        return x

    register_custom_call("deadlock_test_sleep", sleep)
    yield table
    unregister_custom_call("deadlock_test_sleep")


# ---------------------------------------------------------------------------------------
# deadlocks, reported at once


# The fuzzer's mutant (run_parallel.mlir with one channel handle changed): the two programs'
# all_reduces are on channels 3 and 2, so they never meet. It used to wait the whole timeout.
MISMATCHED_CHANNELS = f"""
func.func @left(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {{
  %m = "stablehlo.all_reduce"(%x) {max_body("f32")} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = {channel(3)}, use_global_device_ids}} : (tensor<1x2xf32>) -> tensor<1x2xf32>
  return %m : tensor<1x2xf32>
}}
func.func @right(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {{
  %y = stablehlo.negate %x : tensor<1x2xf32>
  %m = "stablehlo.all_reduce"(%y) {max_body("f32")} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = {channel(2)}, use_global_device_ids}} : (tensor<1x2xf32>) -> tensor<1x2xf32>
  return %m : tensor<1x2xf32>
}}
func.func @main(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>) {{
  %r:2 = "interpreter.run_parallel"(%a, %b) {{programs = [[@left, @right]]}} : (tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
  return %r#0, %r#1 : tensor<1x2xf32>, tensor<1x2xf32>
}}
"""


def test_collectives_on_different_channels_deadlock_at_once():
    x = np.array([[1.5, -2.0]], np.float32)
    message = deadlock(MISMATCHED_CHANNELS, x, x)
    assert "deadlock: " in message
    # both processes, each with its op, location and channel, and what it misses
    left = site(MISMATCHED_CHANNELS, '"stablehlo.all_reduce"(%x)')
    right = site(MISMATCHED_CHANNELS, '"stablehlo.all_reduce"(%y)')
    assert (f"process (0, 0) waits for its group at stablehlo.all_reduce ({left}) on channel 3, missing "
            f"process (0, 1), which waits at stablehlo.all_reduce ({right}) on channel 2") in message
    assert (f"process (0, 1) waits for its group at stablehlo.all_reduce ({right}) on channel 2, missing "
            f"process (0, 0), which waits at stablehlo.all_reduce ({left}) on channel 3") in message
    # named by the process (and program) that reported it, as any failure of a process
    assert (message.startswith(f"stablehlo.all_reduce at {left}: process (0, 0) (@left): deadlock: ")
            or message.startswith(f"stablehlo.all_reduce at {right}: process (0, 1) (@right): deadlock: ")), message


def test_deadlock_without_a_timeout_is_still_reported():
    x = np.array([[1.5, -2.0]], np.float32)
    assert "deadlock: " in deadlock(MISMATCHED_CHANNELS, x, x, collective_timeout=None)


RETURNS_EARLY = """
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %last = stablehlo.constant dense<2> : tensor<ui32>
  %p = stablehlo.compare LT, %id, %last : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %g = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi32>) -> tensor<6xi32>
    %s = stablehlo.slice %g [0:2] : (tensor<6xi32>) -> tensor<2xi32>
    stablehlo.return %s : tensor<2xi32>
  }, {
    stablehlo.return %a : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}"""


def test_a_process_that_returns_early_is_reported_at_once(delays):
    # replica 2 returns without the all_gather; 0 and 1 wait for it. Replica 2 is late to return
    # (it sleeps first), so the others are already waiting when it finishes.
    program = RETURNS_EARLY.replace("stablehlo.return %a : tensor<2xi32>\n  })",
                                    "%z = stablehlo.custom_call @deadlock_test_sleep(%a) : (tensor<2xi32>) -> "
                                    "tensor<2xi32>\n    stablehlo.return %z : tensor<2xi32>\n  })")
    delays[(2, 0)] = 0.3
    for text in (RETURNS_EARLY, program):
        message = deadlock(text, np.arange(2, dtype=np.int32), num_replicas=3)
        for waiter in ("(0, 0)", "(1, 0)"):
            where = site(text, '"stablehlo.all_gather"')
            assert (f"process {waiter} waits for its group at stablehlo.all_gather ({where}), missing "
                    "process (2, 0), which finished") in message


def test_waiting_for_a_finished_process_fails_while_others_still_run(delays):
    # process 0 waits for 1, which returned; process 2 still computes (sleeps 1 s): 0 is stuck
    # whatever 2 does, so it fails before 2 is done, with the deadlock, not the timeout
    text = f"""
func.func @waits(%x: tensor<i32>) -> tensor<i32> {{
  %r = "stablehlo.all_reduce"(%x) {max_body("i32")} {{replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}}
func.func @leaves(%x: tensor<i32>) -> tensor<i32> {{
  return %x : tensor<i32>
}}
func.func @busy(%x: tensor<i32>) -> tensor<i32> {{
  %y = stablehlo.custom_call @deadlock_test_sleep(%x) : (tensor<i32>) -> tensor<i32>
  return %y : tensor<i32>
}}
func.func @main(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {{
  %r:3 = "interpreter.run_parallel"(%x, %x, %x) {{programs = [[@waits, @leaves, @busy]]}} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<i32>, tensor<i32>
}}"""
    delays[(0, 2)] = 1.0
    message = deadlock(text, np.array(1, np.int32))
    where = site(text, '"stablehlo.all_reduce"')
    assert message == (f"stablehlo.all_reduce at {where}: process (0, 0) (@waits): deadlock: process (0, 0) waits "
                       f"for its group at stablehlo.all_reduce ({where}) on channel 1, missing process (0, 1), "
                       "which finished")


def test_receivers_waiting_for_each_other_deadlock_at_once():
    # each process receives from the other before it sends
    text = f"""
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) {{channel_handle = {channel(5)}, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %s = "stablehlo.send"(%x, %r#1) {{channel_handle = {channel(5)}, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %r#0 : tensor<2xf32>
}}"""
    message = deadlock(text, np.ones(2, np.float32), num_partitions=2)
    recv = site(text, '"stablehlo.recv"')
    assert (f"process (0, 0) waits at stablehlo.recv ({recv}) for a value on channel 5 from process (0, 1), "
            f"sent by none of process (0, 1), which waits at stablehlo.recv ({recv})") in message
    assert (f"process (0, 1) waits at stablehlo.recv ({recv}) for a value on channel 5 from process (0, 0), "
            f"sent by none of process (0, 0), which waits at stablehlo.recv ({recv})") in message


def test_a_collective_and_a_recv_waiting_for_each_other_deadlock_at_once():
    # process 0 waits at the all_reduce for 1, which waits to receive what 0 sends after it
    text = f"""
func.func @main(%x: tensor<i32>) -> tensor<i32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %p = stablehlo.partition_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %first = stablehlo.compare EQ, %p, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%first) ({{
    %m = "stablehlo.all_reduce"(%x) {max_body("i32")} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
    %s = "stablehlo.send"(%m, %t) {{channel_handle = {channel(2)}, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %m : tensor<i32>
  }}, {{
    %v:2 = "stablehlo.recv"(%t) {{channel_handle = {channel(2)}, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
    %m = "stablehlo.all_reduce"(%v#0) {max_body("i32")} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
    stablehlo.return %m : tensor<i32>
  }}) : (tensor<i1>) -> tensor<i32>
  return %r : tensor<i32>
}}"""
    message = deadlock(text, np.array(1, np.int32), num_partitions=2)
    reduce, recv = site(text, '"stablehlo.all_reduce"(%x)'), site(text, '"stablehlo.recv"')
    assert (f"process (0, 0) waits for its group at stablehlo.all_reduce ({reduce}) on channel 1, missing "
            f"process (0, 1), which waits at stablehlo.recv ({recv})") in message
    assert (f"process (0, 1) waits at stablehlo.recv ({recv}) for a value on channel 2 from process (0, 0), "
            f"sent by none of process (0, 0), which waits at stablehlo.all_reduce ({reduce}) on channel 1"
            ) in message


def test_the_cli_reports_the_deadlock_at_once(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "deadlock.mlir"
    path.write_text(MISMATCHED_CHANNELS.replace("func.func @main(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>)",
                                                "func.func @main()").replace(
        '%r:2 = "interpreter.run_parallel"(%a, %b)',
        '%a = stablehlo.constant dense<[[1.5, -2.0]]> : tensor<1x2xf32>\n'
        '  %r:2 = "interpreter.run_parallel"(%a, %a)'))
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert time.monotonic() - start < 20  # the interpreter's start-up included
    assert done.returncode != 0
    assert "deadlock: process (0, 0) waits for its group at stablehlo.all_reduce" in done.stderr, done.stderr
    assert "process (0, 1) waits for its group at stablehlo.all_reduce" in done.stderr


# ---------------------------------------------------------------------------------------
# no false deadlocks: slow processes meet, and time out only past the timeout


def sleeping_all_reduce(n: int) -> str:
    return f"""
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {{
  %b = stablehlo.custom_call @deadlock_test_sleep(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %r = "stablehlo.all_reduce"(%b) {max_body("f32")} {{replica_groups = dense<[{list(range(n))}]> : tensor<1x{n}xi64>}} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}}"""


def test_a_slow_process_still_meets_its_group(delays):
    delays[(2, 0)] = 1.0  # the others wait for it a whole second
    xs = [np.full(2, i, np.float32) for i in range(3)]
    outs = bounded(lambda: interpret(sleeping_all_reduce(3), xs, num_replicas=3, collective_timeout=TIMEOUT))
    for out in outs:
        np.testing.assert_array_equal(out[0], [2, 2])


def test_a_chain_of_waits_ending_at_a_running_process_is_no_deadlock(delays):
    # 0 waits at an all_reduce for 1; 1 waits to receive from 2; 2 waits at an all_reduce for 3;
    # 3 sleeps: everyone but 3 waits, and all of them go on once 3 comes
    text = f"""
func.func @first(%x: tensor<i32>) -> tensor<i32> {{
  %m = "stablehlo.all_reduce"(%x) {max_body("i32")} {{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
  return %m : tensor<i32>
}}
func.func @second(%x: tensor<i32>) -> tensor<i32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %v:2 = "stablehlo.recv"(%t) {{channel_handle = {channel(7)}}} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  %m = "stablehlo.all_reduce"(%v#0) {max_body("i32")} {{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
  return %m : tensor<i32>
}}
func.func @third(%x: tensor<i32>) -> tensor<i32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %m = "stablehlo.all_reduce"(%x) {max_body("i32")} {{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
  %s = "stablehlo.send"(%m, %t) {{channel_handle = {channel(7)}}} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
  return %m : tensor<i32>
}}
func.func @fourth(%x: tensor<i32>) -> tensor<i32> {{
  %y = stablehlo.custom_call @deadlock_test_sleep(%x) : (tensor<i32>) -> tensor<i32>
  %m = "stablehlo.all_reduce"(%y) {max_body("i32")} {{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<i32>) -> tensor<i32>
  return %m : tensor<i32>
}}
func.func @main(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) {{
  %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {{programs = [[@first, @second, @third, @fourth]]}} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
}}"""
    delays[(0, 3)] = 1.0
    args = [np.array(v, np.int32) for v in (5, 1, 2, 9)]
    outs = bounded(lambda: interpret(text, *args, collective_timeout=TIMEOUT))
    assert [int(v) for v in outs] == [9, 9, 9, 9]


def test_collectives_in_a_loop_with_uneven_work_never_deadlock(delays):
    # 40 iterations of an all_reduce and a collective_permute on a 2x2 grid, one process a little
    # slower each time; the meetings race with each other and with the deadlock checks
    text = f"""
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<40> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %x = %a) : tensor<i32>, tensor<2xf32>
   cond {{
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %y = stablehlo.custom_call @deadlock_test_sleep(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %s = "stablehlo.all_reduce"(%y) {max_body("f32")} {{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = {channel(1)}, use_global_device_ids}} : (tensor<2xf32>) -> tensor<2xf32>
    %p = "stablehlo.collective_permute"(%s) {{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = {channel(2)}}} : (tensor<2xf32>) -> tensor<2xf32>
    %k = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %k, %p : tensor<i32>, tensor<2xf32>
  }}
  return %r#1 : tensor<2xf32>
}}"""
    delays[(1, 1)] = 0.005
    xs = [np.full(2, i, np.float32) for i in range(4)]
    for _ in range(3):
        outs = bounded(lambda: interpret(text, xs, num_replicas=2, num_partitions=2, collective_timeout=TIMEOUT))
        for out in outs:
            np.testing.assert_array_equal(out[0], [3, 3])


def slow_send_then_recv() -> str:
    """Process 0 sleeps (delays), then sends to process 1 on channel 4, which receives."""
    return f"""
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %t = stablehlo.create_token : !stablehlo.token
  %y = stablehlo.custom_call @deadlock_test_sleep(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %s = "stablehlo.send"(%y, %t) {{channel_handle = {channel(4)}, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%s) {{channel_handle = {channel(4)}, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %r#0 : tensor<2xf32>
}}"""


def test_a_slow_sender_is_waited_for(delays):
    text = slow_send_then_recv()
    delays[(0, 0)] = 0.5
    xs = [np.full(2, 7, np.float32), np.zeros(2, np.float32)]
    outs = bounded(lambda: interpret(text, xs, num_partitions=2, collective_timeout=TIMEOUT))
    np.testing.assert_array_equal(outs[1][0], [7, 7])


def test_the_timeout_stays_for_a_process_that_is_only_slow(delays):
    # process 2 sleeps past the timeout: the others are not deadlocked (2 still runs), so they wait
    # the timeout and fail with its message, as before
    delays[(2, 0)] = 1.5
    start = time.monotonic()
    with pytest.raises(InterpreterError) as info:
        bounded(lambda: interpret(sleeping_all_reduce(3), np.ones(2, np.float32), num_replicas=3,
                                  collective_timeout=0.3))
    assert time.monotonic() - start < 10
    message = str(info.value)
    assert "deadlock" not in message
    assert "waited 0.3 s for its group at stablehlo.all_reduce" in message
    assert "processes (2, 0) never came" in message


def test_the_recv_timeout_stays_for_a_sender_that_is_only_slow(delays):
    text = slow_send_then_recv()
    delays[(0, 0)] = 1.5
    with pytest.raises(InterpreterError, match=r"process \(0, 1\) waited 0.3 s at stablehlo.recv .* for a value on "
                                               r"channel 4 from process \(0, 0\): nothing was sent"):
        bounded(lambda: interpret(text, np.ones(2, np.float32), num_partitions=2, collective_timeout=0.3))
