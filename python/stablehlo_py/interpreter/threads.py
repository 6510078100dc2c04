"""One shared pool of worker threads, for the few kernels measured to gain from splitting their
work: numpy calls that release the GIL and are bound by memory latency rather than bandwidth
(many rows gathered from a large table: `np.take`, indexing._take_rows). Elementwise ops are
bandwidth bound and get slower with threads, and handing a thread work costs some 50 us (its
wake-up, and the GIL between the numpy calls), so the callers split only large calls.

`run(fn, total, min_chunk)` calls `fn(start, stop)` on disjoint chunks of `range(total)`, the
calling thread running the first chunk itself, and returns when every chunk is done; each
chunk must write only its own part of the results, so they are bit-identical however the work
is split. It splits only into chunks of at least `min_chunk` items, so small work runs in the
calling thread with no overhead. The pool is created lazily with os.cpu_count() - 1 workers
(again after a fork); `STABLEHLO_PY_THREADS=N` uses at most N threads per call, and `=1`
turns threads off. A pool task never waits on other pool tasks: `run` called from a pool
worker runs its whole range in that worker.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_worker = threading.local()  # .in_pool: set in the pool's threads


def _mark_worker() -> None:
    _worker.in_pool = True


def count() -> int:
    """How many threads `run` may use now (1: no threads)."""
    if getattr(_worker, "in_pool", False):
        return 1
    cpus = os.cpu_count() or 1
    setting = os.environ.get("STABLEHLO_PY_THREADS", "").strip()
    if setting:
        try:
            return max(1, min(int(setting), cpus))
        except ValueError:
            return cpus
    return cpus


def _get_pool() -> ThreadPoolExecutor:
    global _pool, _pool_pid
    pid = os.getpid()
    if _pool is None or _pool_pid != pid:  # a forked child has none of its parent's threads
        with _lock:
            if _pool is None or _pool_pid != pid:
                _pool = ThreadPoolExecutor(max(1, (os.cpu_count() or 1) - 1), thread_name_prefix="stablehlo_py",
                                           initializer=_mark_worker)
                _pool_pid = pid
    return _pool


def chunks(total: int, min_chunk: int) -> int:
    """How many chunks `run` splits `total` items into."""
    return max(1, min(count(), total // max(1, min_chunk)))


def run(fn, total: int, min_chunk: int) -> None:
    """fn(start, stop) over disjoint chunks covering range(total), in parallel when there are at
    least two chunks of `min_chunk` items; the first chunk runs in the calling thread. The first
    error of any chunk is raised after every chunk has finished."""
    parts = chunks(total, min_chunk)
    if parts <= 1 or getattr(_worker, "in_pool", False):
        fn(0, total)
        return
    bounds = [total * i // parts for i in range(parts + 1)]
    pool = _get_pool()
    futures = [pool.submit(fn, bounds[i], bounds[i + 1]) for i in range(1, parts)]
    error = None
    try:
        fn(bounds[0], bounds[1])
    except BaseException as e:  # noqa: B036 -- re-raised once the other chunks are done
        error = e
    for future in futures:
        e = future.exception()
        if error is None and e is not None:
            error = e
    if error is not None:
        raise error

