"""threads.run (interpreter/runtime/threads.py), which the kernels' fast paths split their work
with: disjoint chunks covering the range, the first on the calling thread, none with
STABLEHLO_PY_THREADS=1 or inside a pool task, errors raised after every chunk is done."""

from __future__ import annotations

import threading

import pytest

from stablehlo_py.interpreter.runtime import threads


def _record_chunks(total, min_chunk):
    seen, lock = [], threading.Lock()

    def fn(start, stop):
        with lock:
            seen.append((start, stop, threading.get_ident()))

    threads.run(fn, total, min_chunk)
    return seen


def test_run_covers_the_range_in_disjoint_chunks(monkeypatch):
    monkeypatch.setattr(threads, "count", lambda: 3)
    seen = _record_chunks(100, 10)
    assert sorted((a, b) for a, b, _ in seen) == [(0, 33), (33, 66), (66, 100)]
    first = [t for a, _, t in seen if a == 0]
    assert first == [threading.get_ident()], "the calling thread runs the first chunk"
    assert len(_record_chunks(100, 40)) == 2, "chunks of at least min_chunk"
    assert [(a, b) for a, b, _ in _record_chunks(30, 40)] == [(0, 30)], "too small: one call"
    assert [(a, b) for a, b, _ in _record_chunks(0, 1)] == [(0, 0)]


def test_environment_turns_threads_off(monkeypatch):
    monkeypatch.setenv("STABLEHLO_PY_THREADS", "1")
    assert threads.count() == 1
    seen = _record_chunks(1 << 20, 1)
    assert [(a, b) for a, b, _ in seen] == [(0, 1 << 20)] and seen[0][2] == threading.get_ident()
    monkeypatch.setenv("STABLEHLO_PY_THREADS", "2")
    assert threads.count() == min(2, __import__("os").cpu_count() or 1)


def test_pool_tasks_do_not_split_again(monkeypatch):
    """run from inside a pool task runs its whole range there (a task never waits on another)."""
    inner = []

    def fn(start, stop):
        if start:  # a pool task
            inner.append(_record_chunks(1000, 1))

    monkeypatch.setattr(threads, "count", lambda: 2)
    threads.run(fn, 10, 1)
    monkeypatch.undo()
    assert len(inner) == 1 and [(a, b) for a, b, _ in inner[0]] == [(0, 1000)]


def test_errors_are_raised_after_every_chunk(monkeypatch):
    monkeypatch.setattr(threads, "count", lambda: 2)
    done = []

    def fn(start, stop):
        if start == 0:
            raise ValueError("first chunk")
        threading.Event().wait(0.05)
        done.append(start)

    with pytest.raises(ValueError, match="first chunk"):
        threads.run(fn, 10, 1)
    assert done == [5]

    def fails_in_pool(start, stop):
        if start:
            raise KeyError("pool chunk")

    with pytest.raises(KeyError, match="pool chunk"):
        threads.run(fails_in_pool, 10, 1)
