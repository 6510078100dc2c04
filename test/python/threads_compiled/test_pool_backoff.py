"""The thread pool's back-off (lib/Runtime/ParallelFor.cpp, Backoff): a call on threads slower
than its call site's fastest call on the caller alone (or, before the site has one, than the
caller's own pace) makes the next calls run on the caller alone, so a machine whose other core is
busy pays for one slow call, not for every call."""

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
        for _ in range(16):  # the back-off's first length, for this site
            seen.clear()
            parallel_for(straggle, None, 8, 1)
            assert seen == [main]  # the whole range in one call on the caller, not 8 chunks
        # another site (another body) is not held back: its range still goes in chunks (the
        # back-off was once global, and one loop whose threads lost kept a program's others on
        # one thread: the transcendental chain 1.5 -> 2.9 ms)
        seen.clear()
        parallel_for(_BODY(recording), None, 8, 1)
        assert len(seen) == 8
    finally:
        kernels.set_thread_count(0)


def test_a_worker_that_did_its_share_is_not_late():
    # A product's two halves: the caller always waits through the worker's half, here 1.6 times
    # its own, and the call still beats the caller alone (20 + 12 < 2 x 20 ms). Not late, so the
    # next call runs on threads too (issue 36: the rule "waited more than half of worked" backed
    # off every such call, and the transformer block's products ran on one thread). A site's
    # second call runs alone (its time alone, 40 ms: what threads must beat), so the calls
    # checked are the third and fourth.
    parallel_for = _PARALLEL_FOR(kernels.native_kernels()["stablehlo_py_parallel_for"])
    main = threading.get_ident()
    seen: list[int] = []

    def halves(_, begin, end):
        seen.append(threading.get_ident())
        time.sleep(0.02 * (end - begin) if threading.get_ident() == main else 0.032)

    body = _BODY(halves)
    try:
        for _ in range(5):  # a worker may now and then wake too late (a busy machine): again
            kernels.set_thread_count(2)  # ends any back-off, forgets the sites' times alone
            on_threads = []
            for _ in range(4):
                seen.clear()
                parallel_for(body, None, 2, 1)
                on_threads.append(any(t != main for t in seen))
            if all(on_threads[2:]):
                break
        assert all(on_threads[2:]), "the call after a worker's slower half ran on the caller alone"
    finally:
        kernels.set_thread_count(0)


def test_threads_slower_than_the_site_alone_are_late():
    # Issue 36, one core busy: the woken worker shares the caller's core, so the caller's own
    # chunks slow down as much as the worker's. By the caller's pace in the call (each chunk
    # 20 ms, both chunks 20 ms: "on time") threads look fine; against the site's call alone
    # (4 ms: its second call) they lost, and the call after runs alone.
    parallel_for = _PARALLEL_FOR(kernels.native_kernels()["stablehlo_py_parallel_for"])
    main = threading.get_ident()
    seen: list[tuple] = []

    def shared_core(_, begin, end):
        seen.append((threading.get_ident(), begin, end))
        time.sleep(0.004 if (begin, end) == (0, 2) else 0.02)

    body = _BODY(shared_core)
    try:
        for _ in range(5):  # the first call may now and then be preempted into a back-off: again
            kernels.set_thread_count(2)  # ends any back-off, forgets the sites' times alone
            for _ in range(3):  # the first (threads), the second (alone, timed), the third
                seen.clear()
                parallel_for(body, None, 2, 1)
            if len(seen) == 2:
                break
        assert len(seen) == 2, "the site's third call did not run on threads"
        seen.clear()
        parallel_for(body, None, 2, 1)
        assert seen == [(main, 0, 2)]  # alone: the whole range in one call on the caller
    finally:
        kernels.set_thread_count(0)
