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

BLAS threads (`one_blas_thread`): numpy's OpenBLAS keeps threads of its own that spin while
they wait for work, so on a machine with a core busy elsewhere every product waits for a thread
that does not get the core (matmul-heavy programs ran up to 25x slower, issue 31). A call of the
interpreter therefore runs BLAS on one thread, through threadpoolctl (numpy's and scipy's BLAS
alike), and splits its large products on this pool instead (linalg._halves_matmul), whose
threads sleep while they wait; the libraries' settings are put back when the last running call
ends, so the caller's own numpy keeps its threads. numpy's OpenBLAS (0.3.31) ignores the
setting when another thread than the main one makes it (seen here), so run_on_grid sets it in
the caller's thread before a process grid's threads start.
"""

from __future__ import annotations

import os
import sys
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


_blas_lock = threading.Lock()
_blas_calls = 0  # calls inside one_blas_thread now (the threads of a process grid run at once)
_blas_restore: list = []  # (library, its thread count) to put back when the last call ends
_blas_libraries: list = []  # threadpoolctl's controllers of the loaded BLAS libraries
_blas_scanned = (0, 0)  # (pid, len(sys.modules)) when they were looked for


def _blas() -> list:
    """The BLAS libraries loaded in this process, looked for again after a fork or an import
    (scipy brings a BLAS of its own): counting sys.modules costs nothing, a scan ~1 ms."""
    global _blas_libraries, _blas_scanned
    state = (os.getpid(), len(sys.modules))
    if state != _blas_scanned:
        try:
            from threadpoolctl import ThreadpoolController

            _blas_libraries = [lib for lib in ThreadpoolController().lib_controllers if lib.user_api == "blas"]
        except Exception:  # noqa: BLE001 - no control over BLAS threads is no reason to fail a run
            _blas_libraries = []
        _blas_scanned = state
    return _blas_libraries


class one_blas_thread:
    """`with one_blas_thread():` BLAS runs on one thread inside (see the module's doc)."""

    __slots__ = ()

    def __enter__(self):
        global _blas_calls
        with _blas_lock:
            _blas_calls += 1
            if _blas_calls == 1:
                for lib in _blas():
                    count = lib.get_num_threads()
                    if count != 1:
                        lib.set_num_threads(1)
                        _blas_restore.append((lib, count))
        return self

    def __exit__(self, *exc) -> None:
        global _blas_calls
        with _blas_lock:
            _blas_calls -= 1
            if _blas_calls == 0:
                for lib, count in _blas_restore:
                    lib.set_num_threads(count)
                _blas_restore.clear()
