"""The spec's process grid, run in one OS process: one thread per StableHLO process.

    grid = ProcessGrid(num_replicas=2, num_partitions=2, timeout=60.0)
    results = run_processes(grid, [lambda: run(x0), lambda: run(x1), ...])   # flattened order

Pieces, used by the communication kernels (communication.py) and the API (__init__.py):

- `ProcessGrid`: the grid's size and its rendezvous (`exchange`): the members of a process
  group meet at a collective op, each deposits its operand and, once all have come, every
  member reads all deposits in group order. Meetings are keyed by (the op, how many times
  this process has met there, the group), so a loop running a collective meets once per
  iteration and different groups of one op never mix. A member waits on a
  `threading.Condition` for at most `timeout` seconds; a process failing anywhere makes the
  others stop waiting (`abort`).
- The current process of the running thread (`current()`, a `threading.local`): its grid and
  (replica_id, partition_id). A thread that set nothing is process (0, 0) of a 1x1 grid, so
  a plain call of a compiled program runs collectives on one process without threads.
- The spec's process-group strategies (`process_groups`, `group_mode`): cross_replica,
  cross_partition, cross_replica_and_partition and flattened_ids, from replica_groups whose
  -1 padding is dropped (`group_rows`); empty replica_groups mean one group of every id.
  The checks the verifier cannot make (ids and sizes against the grid) happen here, at run time.
- `run_processes`: one thread per process, joined; the first failure is re-raised, naming
  its process.

An MPI backend would keep the group strategies and the per-op meeting counts and replace
`ProcessGrid.exchange` (by MPI collectives on sub-communicators of the groups) and
`run_processes` (one rank per process, `current()` from the rank).
"""

from __future__ import annotations

import copy
import threading
import time
from typing import Callable, Sequence

from .errors import InterpreterError

__all__ = ["ProcessGrid", "Process", "current", "running_as", "run_processes", "process_groups", "group_mode",
           "group_rows", "CROSS_REPLICA", "CROSS_PARTITION", "CROSS_REPLICA_AND_PARTITION", "FLATTENED_IDS",
           "DEFAULT_TIMEOUT", "format_process"]

CROSS_REPLICA = "cross_replica"
CROSS_PARTITION = "cross_partition"
CROSS_REPLICA_AND_PARTITION = "cross_replica_and_partition"
FLATTENED_IDS = "flattened_ids"
DEFAULT_TIMEOUT = 60.0  # seconds a process waits for its group at a collective op


def format_process(pid: tuple) -> str:
    return f"({pid[0]}, {pid[1]})"


class _Meeting:
    __slots__ = ("group", "deposits", "readers")

    def __init__(self, group: tuple):
        self.group = group
        self.deposits: dict = {}
        self.readers = 0


class ProcessGrid:
    """num_replicas x num_partitions processes; `timeout`: seconds a process waits for its group."""

    def __init__(self, num_replicas: int = 1, num_partitions: int = 1, timeout: float | None = DEFAULT_TIMEOUT):
        for name, value in (("num_replicas", num_replicas), ("num_partitions", num_partitions)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InterpreterError(f"{name} must be a positive integer, got {value!r}")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                    or not timeout > 0):
            raise InterpreterError(f"the collective timeout must be a positive number of seconds, got {timeout!r}")
        self.num_replicas, self.num_partitions = num_replicas, num_partitions
        self.num_processes = num_replicas * num_partitions
        self.timeout = None if timeout is None else float(timeout)
        self._cond = threading.Condition()
        self._meetings: dict = {}
        self.failure: tuple | None = None  # (process, error) of the first process that failed
        self._groups: dict = {}  # cache of process_groups per (mode, groups)

    def __repr__(self) -> str:
        return f"ProcessGrid({self.num_replicas}x{self.num_partitions})"

    def processes(self) -> list[tuple]:
        """Every process id (replica_id, partition_id), in flattened order."""
        return [(r, p) for r in range(self.num_replicas) for p in range(self.num_partitions)]

    def flattened(self, pid: tuple) -> int:
        return pid[0] * self.num_partitions + pid[1]

    # -- rendezvous ------------------------------------------------------------------------

    def exchange(self, me: tuple, key, where: str, group: tuple, value) -> list:
        """Deposit `value` for `group` (process ids, `me` among them) at meeting `key`, wait for
        every member, return all deposits in group order."""
        with self._cond:
            meeting = self._meetings.get(key)
            if meeting is None:
                meeting = self._meetings[key] = _Meeting(group)
            meeting.deposits[me] = value
            size = len(group)
            if len(meeting.deposits) == size:
                self._cond.notify_all()
            else:
                deadline = None if self.timeout is None else time.monotonic() + self.timeout
                while len(meeting.deposits) < size:
                    if self.failure is not None:
                        failed, error = self.failure
                        raise InterpreterError(f"process {format_process(me)} stopped waiting for its group at "
                                               f"{where}: process {format_process(failed)} failed ({error})")
                    remaining = None if deadline is None else deadline - time.monotonic()
                    if remaining is not None and remaining <= 0:
                        missing = ", ".join(format_process(p) for p in group if p not in meeting.deposits)
                        raise InterpreterError(f"process {format_process(me)} waited {self.timeout:g} s for its "
                                               f"group at {where}: processes {missing} never came")
                    self._cond.wait(remaining)
            values = [meeting.deposits[p] for p in group]
            meeting.readers += 1
            if meeting.readers == size:
                del self._meetings[key]
            return values

    def abort(self, pid: tuple, error: BaseException) -> None:
        """Process `pid` failed: the first failure is kept, and processes waiting for a group stop."""
        with self._cond:
            if self.failure is None:
                self.failure = (pid, error)
            self._cond.notify_all()

    # -- process groups --------------------------------------------------------------------

    def groups(self, mode: str, rows: tuple, what: str, cover: bool) -> list[tuple]:
        """process_groups(...) of this grid, computed once per (mode, rows)."""
        key = (mode, rows, what, cover)
        groups = self._groups.get(key)
        if groups is None:
            groups = self._groups[key] = process_groups(mode, [list(r) for r in rows], self.num_replicas,
                                                        self.num_partitions, what, cover)
        return groups


class Process:
    """One StableHLO process: its grid, its ids and how many times it met at each op."""

    __slots__ = ("grid", "replica_id", "partition_id", "pid", "counts")

    def __init__(self, grid: ProcessGrid, replica_id: int, partition_id: int):
        self.grid, self.replica_id, self.partition_id = grid, replica_id, partition_id
        self.pid = (replica_id, partition_id)
        self.counts: dict = {}

    def meet(self, op_key, where: str, group: tuple, value) -> list:
        """`value` of every member of `group` (this process among them), in group order.
        `op_key` identifies the op (the same object for every process); `where` names it."""
        if len(group) == 1:
            return [value]
        count = self.counts.get(op_key, 0) + 1
        self.counts[op_key] = count
        return self.grid.exchange(self.pid, (op_key, count, group), where, group, value)


_SINGLE = ProcessGrid(1, 1, None)
_local = threading.local()


def current() -> Process:
    """The process the running thread is (process (0, 0) of a 1x1 grid unless `running_as` set one)."""
    process = getattr(_local, "process", None)
    if process is None:
        process = _local.process = Process(_SINGLE, 0, 0)
    return process


class running_as:
    """`with running_as(grid, replica_id, partition_id):` the running thread is that process."""

    def __init__(self, grid: ProcessGrid, replica_id: int, partition_id: int):
        self.process = Process(grid, replica_id, partition_id)

    def __enter__(self) -> Process:
        self._saved = getattr(_local, "process", None)
        _local.process = self.process
        return self.process

    def __exit__(self, *exc):
        _local.process = self._saved
        return False


def run_processes(grid: ProcessGrid, calls: Sequence[Callable]) -> list:
    """Run `calls[i]()` as process i (flattened order) of `grid`, one thread each; their results.
    The first failure (in time) is re-raised as an InterpreterError naming its process."""
    pids = grid.processes()
    if len(calls) != len(pids):
        raise InterpreterError(f"{len(calls)} calls for the {len(pids)} processes of the "
                               f"{grid.num_replicas}x{grid.num_partitions} grid")
    results: list = [None] * len(pids)

    def body(index: int, pid: tuple, call: Callable) -> None:
        try:
            with running_as(grid, *pid):
                results[index] = call()
        except BaseException as e:  # noqa: BLE001 - reported by the caller's thread
            grid.abort(pid, e)

    threads = [threading.Thread(target=body, args=(i, pid, call), name=f"stablehlo process {format_process(pid)}",
                                daemon=True) for i, (pid, call) in enumerate(zip(pids, calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if grid.failure is not None:
        pid, error = grid.failure
        raise _naming(pid, error)
    return results


def _naming(pid: tuple, error: BaseException) -> BaseException:
    """`error` with its message prefixed by the process it happened in."""
    if isinstance(error, InterpreterError):
        named = copy.copy(error)
        named.message = f"process {format_process(pid)}: {error.message}"
        named.args = (named.message,)
        named.process = pid
        named.__cause__ = error
        return named
    if isinstance(error, Exception):
        named = InterpreterError(f"process {format_process(pid)}: {type(error).__name__}: {error}")
        named.process = pid
        named.__cause__ = error
        return named
    return error  # KeyboardInterrupt, SystemExit


# ---------------------------------------------------------------------------------------
# Process groups (the spec's "Collective ops" section)


def group_rows(flat: Sequence[int], width: int) -> tuple:
    """The rows of a 2-D replica_groups attribute given flat, -1 padding dropped."""
    flat = tuple(int(v) for v in flat)
    if not flat or width <= 0:
        return ()
    return tuple(tuple(v for v in flat[i:i + width] if v != -1) for i in range(0, len(flat), width))


def group_mode(channel_id: int, use_global_device_ids: bool = False, partitions: bool = False) -> str:
    """The strategy of an op: `partitions` for all_to_all, collective_broadcast and
    collective_permute (cross_replica / cross_partition by channel), else all_gather,
    all_reduce and reduce_scatter (cross_replica / cross_replica_and_partition / flattened_ids)."""
    if partitions:
        return CROSS_PARTITION if channel_id > 0 else CROSS_REPLICA
    if channel_id <= 0:
        return CROSS_REPLICA
    return FLATTENED_IDS if use_global_device_ids else CROSS_REPLICA_AND_PARTITION


def id_count(mode: str, num_replicas: int, num_partitions: int) -> int:
    """How many ids the groups of `mode` range over."""
    if mode == CROSS_PARTITION:
        return num_partitions
    if mode == FLATTENED_IDS:
        return num_replicas * num_partitions
    return num_replicas


_ID_KIND = {CROSS_REPLICA: "replica ids", CROSS_REPLICA_AND_PARTITION: "replica ids",
            CROSS_PARTITION: "partition ids", FLATTENED_IDS: "flattened process ids"}


def process_groups(mode: str, groups: list, num_replicas: int, num_partitions: int, what: str = "replica_groups",
                   cover: bool = True) -> list[tuple]:
    """The process groups (tuples of (replica_id, partition_id)) of strategy `mode` from `groups`
    (lists of ids, padding dropped; empty: one group of every id). Checks the ids against the
    grid: within range, unique, and, if `cover`, covering every id (the sizes C2-C6 of
    all_gather, all_reduce, all_to_all, reduce_scatter)."""
    size = id_count(mode, num_replicas, num_partitions)
    grid_text = f"the {num_replicas}x{num_partitions} process grid"
    groups = [list(g) for g in groups if g]
    if not groups:
        groups = [list(range(size))]
    seen: set = set()
    for g in groups:
        for i in g:
            if not 0 <= i < size:
                raise InterpreterError(f"{what} holds {i}, outside the {size} {_ID_KIND[mode]} [0, {size}) of "
                                       f"{grid_text} ({mode})")
            if i in seen:
                raise InterpreterError(f"{what} holds {i} twice")
            seen.add(i)
    if cover and len(seen) != size:
        missing = ", ".join(str(i) for i in range(size) if i not in seen)
        raise InterpreterError(f"{what} must cover all {size} {_ID_KIND[mode]} of {grid_text} ({mode}), "
                               f"but misses {missing}")
    replicas, partitions = range(num_replicas), range(num_partitions)
    if mode == CROSS_REPLICA:
        return [tuple((r, p) for r in g) for g in groups for p in partitions]
    if mode == CROSS_PARTITION:
        return [tuple((r, p) for p in g) for g in groups for r in replicas]
    if mode == CROSS_REPLICA_AND_PARTITION:
        return [tuple((r, p) for p in partitions for r in g) for g in groups]
    if mode == FLATTENED_IDS:
        return [tuple(divmod(i, num_partitions) for i in g) for g in groups]
    raise InterpreterError(f"unknown process-group strategy {mode!r}")
