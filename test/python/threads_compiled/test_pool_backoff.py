"""The thread pool's back-off (lib/Runtime/ParallelFor.cpp, Backoff): a call that waited for a
late worker longer than half the time the caller worked makes the next calls run on the caller
alone, so a machine whose other core is busy pays for one slow call, not for every call."""

from __future__ import annotations

import ctypes
import threading
import time

from stablehlo_py.lowering import kernels

_BODY = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)
_PARALLEL_FOR = ctypes.CFUNCTYPE(None, _BODY, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)


def test_a_late_worker_makes_the_next_calls_serial():
    parallel_for = _PARALLEL_FOR(kernels.native_kernels()["stablehlo_py_parallel_for"])
    main = threading.get_ident()
    seen: list[int] = []

    def straggling(_, begin, end):  # the worker is "preempted" in its chunk; the caller's are slow
        seen.append(threading.get_ident())
        time.sleep(0.005 if threading.get_ident() == main else 0.2)

    def recording(_, begin, end):
        seen.append(threading.get_ident())

    kernels.set_thread_count(2)  # also ends a back-off earlier tests' calls may have started
    try:
        straggle = _BODY(straggling)
        for _ in range(5):  # until a worker took a chunk (it wakes within the caller's 40 ms)
            seen.clear()
            parallel_for(straggle, None, 8, 1)
            if any(t != main for t in seen):
                break
        assert any(t != main for t in seen), "no worker joined a call of 8 slow chunks"
        assert len(seen) == 8
        record = _BODY(recording)
        for _ in range(16):  # the back-off's first length
            seen.clear()
            parallel_for(record, None, 8, 1)
            assert seen == [main]  # the whole range in one call on the caller, not 8 chunks
    finally:
        kernels.set_thread_count(0)


def test_a_worker_that_did_its_share_is_not_late():
    # A product's two halves: the caller always waits through the worker's half, here 1.6 times
    # its own, and the call still beats the caller alone (20 + 12 < 2 x 20 ms). Not late, so the
    # next call runs on threads too (issue 36: the rule "waited more than half of worked" backed
    # off every such call, and the transformer block's products ran on one thread).
    parallel_for = _PARALLEL_FOR(kernels.native_kernels()["stablehlo_py_parallel_for"])
    main = threading.get_ident()
    seen: list[int] = []

    def halves(_, begin, end):
        seen.append(threading.get_ident())
        time.sleep(0.02 if threading.get_ident() == main else 0.032)

    body = _BODY(halves)
    try:
        for _ in range(5):  # a worker may now and then wake too late (a busy machine): again
            kernels.set_thread_count(2)  # ends any back-off
            on_threads = []
            for _ in range(2):
                seen.clear()
                parallel_for(body, None, 2, 1)
                assert len(seen) == 2
                on_threads.append(any(t != main for t in seen))
            if all(on_threads):
                break
        assert all(on_threads), "the call after a worker's slower half ran on the caller alone"
    finally:
        kernels.set_thread_count(0)
