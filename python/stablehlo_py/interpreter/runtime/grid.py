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
  others stop waiting (`abort`). Deadlocks fail at once: when waiting processes can never go
  on (every process that could release them has finished or waits for them in turn: at a
  collective of another channel, at a recv, ...), each of them fails with one message naming
  every such process, the op it waits at and what it misses (see "deadlocks" in the class).
- The current process of the running thread (`current()`, a `threading.local`): its grid and
  (replica_id, partition_id). A thread that set nothing is process (0, 0) of a 1x1 grid, so
  a plain call of a compiled program runs collectives on one process without threads.
- The spec's process-group strategies (`process_groups`, `group_mode`): cross_replica,
  cross_partition, cross_replica_and_partition and flattened_ids, from replica_groups whose
  -1 padding is dropped (`group_rows`); empty replica_groups mean one group of every id.
  The checks the verifier cannot make (ids and sizes against the grid) happen here, at run time.
- `run_processes`: one thread per process, joined; the first failure is re-raised, naming
  its process.
- The feeds of a run (`Feeds`): the host's infeed (a callable, a queue, an iterable, or a dict
  of them per process) and outfeed (a callable or a list), held by the grid and read through
  the current process (`Process.take_infeed`, `Process.put_outfeed`). A 1x1 call of
  `run_on_grid` runs as process (0, 0) of a grid of its own, so it has feeds too.
- Channels for send/recv (`ProcessGrid.deliver`, `ProcessGrid.receive`): FIFOs keyed by the
  channel (and, with source_target_pairs, by source and target process); a receiver waits at
  most `timeout` seconds, and stops at once when nobody is left who could send (or every
  process that could is deadlocked with it).

- Across OS processes (mpi.py): under an MPI launcher (`mpiexec -n N`, N > 1), `new_grid`
  gives an `MPIGrid`, a ProcessGrid whose `exchange`, `deliver`/`receive` and
  `run_processes` go over MPI, one rank per process (rank = flattened id). The group
  strategies, the per-op meeting counts and the kernels are the same; `run_processes(grid,
  calls)` dispatches to `grid.run_processes`, and `grid.runs_here(i)` says whether process i
  runs in this OS process (every one on the threaded grid, one per rank on MPI).
- `fan_out(num_replicas, num_partitions, calls)`: run `calls` as the processes of a new grid
  and return every process's results, for a kernel that fans a body out to one process per
  device and continues with all the results (sdy.manual_computation): threads (inheriting
  the running process's timeout), or, under an MPI launcher of more than one rank, one rank
  per process (the world size must equal the process count; every rank calls fan_out with
  the same calls, runs its own and gets all results). A grid of one process runs the call on
  a 1x1 grid of its own, in this OS process.
"""

from __future__ import annotations

import collections
import copy
import queue
import threading
import time
from typing import Callable, NamedTuple, Sequence

from ..core.errors import InterpreterError

__all__ = ["ProcessGrid", "Process", "current", "running_as", "run_processes", "process_groups", "group_mode",
           "mesh_axes_rows", "group_rows", "CROSS_REPLICA", "CROSS_PARTITION", "CROSS_REPLICA_AND_PARTITION", "FLATTENED_IDS",
           "DEFAULT_TIMEOUT", "format_process", "Feeds", "Outfed", "new_grid", "fan_out", "Site"]

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


class _Wait:
    """What a blocked process waits for: its group at a meeting (`meeting`, `group`), or a value
    on the channel FIFO `key` (`what` names it) from `senders` (None: any other process)."""

    __slots__ = ("where", "meeting", "group", "key", "what", "senders")

    def __init__(self, where, meeting: _Meeting | None = None, group: tuple = (), key=None, what: str = "",
                 senders=None):
        self.where, self.meeting, self.group = where, meeting, group
        self.key, self.what, self.senders = key, what, senders


class ProcessGrid:
    """num_replicas x num_partitions processes; `timeout`: seconds a process waits for its group."""

    thread_default = False  # the grid of a thread's calls outside any run_on_grid (current())

    def __init__(self, num_replicas: int = 1, num_partitions: int = 1, timeout: float | None = DEFAULT_TIMEOUT,
                 infeed=None, outfeed=None):
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
        self.feeds = Feeds(infeed, outfeed)
        self._channels: dict = {}  # channel key -> deque of delivered values
        self.finished: set = set()  # processes whose call has returned (or failed)
        self._waits: dict = {}  # process -> _Wait, while it waits at a meeting or a recv
        self._deadlocks: dict = {}  # waiting process -> the message of the deadlock it is part of

    def __repr__(self) -> str:
        return f"ProcessGrid({self.num_replicas}x{self.num_partitions})"

    def runs_here(self, index: int) -> bool:
        """Whether process `index` (flattened) runs in this OS process (on threads: every one)."""
        return True

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
                self._waits[me] = _Wait(where, meeting, group)
                try:
                    self._detect_deadlock([me])
                    while len(meeting.deposits) < size:
                        if self.failure is not None:
                            failed, error = self.failure
                            raise InterpreterError(f"process {format_process(me)} stopped waiting for its group at "
                                                   f"{where}: process {format_process(failed)} failed ({error})")
                        if me in self._deadlocks:
                            raise InterpreterError(self._deadlocks[me])
                        remaining = None if deadline is None else deadline - time.monotonic()
                        if remaining is not None and remaining <= 0:
                            missing = ", ".join(format_process(p) for p in group if p not in meeting.deposits)
                            raise InterpreterError(f"process {format_process(me)} waited {self.timeout:g} s for its "
                                                   f"group at {where}: processes {missing} never came")
                        self._cond.wait(remaining)
                finally:
                    del self._waits[me]
                    self._deadlocks.pop(me, None)
            values = [meeting.deposits[p] for p in group]
            meeting.readers += 1
            if meeting.readers == size:
                del self._meetings[key]
            return values

    # -- channels (send / recv) -----------------------------------------------------------

    def deliver(self, key, value) -> None:
        """Append `value` to the FIFO of channel `key`; wake receivers."""
        with self._cond:
            self._channels.setdefault(key, collections.deque()).append(value)
            self._cond.notify_all()

    def receive(self, me: tuple, key, where: str, what: str, senders=None):
        """The next value of the FIFO of channel `key` (`what` names it), waiting at most `timeout`
        seconds. `senders`: the processes that could deliver to it (None: any); once every one
        of them but this process (which cannot send while it waits) has finished, an empty
        FIFO fails at once."""
        with self._cond:
            deadline = None if self.timeout is None else time.monotonic() + self.timeout
            waiting = False
            try:
                while True:
                    fifo = self._channels.get(key)
                    if fifo:
                        value = fifo.popleft()
                        if not fifo:
                            del self._channels[key]
                        return value
                    if self.failure is not None:
                        failed, error = self.failure
                        raise InterpreterError(f"process {format_process(me)} stopped waiting at {where} for a "
                                               f"value on {what}: process {format_process(failed)} failed ({error})")
                    others = set(self.processes()) - {me} if senders is None else set(senders) - {me}
                    if not others - self.finished:  # this process cannot send while it waits
                        who = "no other process" if senders is None else \
                            "no sender (" + ", ".join(format_process(p) for p in sorted(senders)) + ")"
                        raise InterpreterError(f"process {format_process(me)} waits at {where} for a value on "
                                               f"{what}, but nothing was sent and {who} can send any more")
                    if not waiting:
                        waiting = True
                        self._waits[me] = _Wait(where, key=key, what=what, senders=senders)
                        self._detect_deadlock([me])
                    if me in self._deadlocks:
                        raise InterpreterError(self._deadlocks[me])
                    remaining = None if deadline is None else deadline - time.monotonic()
                    if remaining is not None and remaining <= 0:
                        raise InterpreterError(f"process {format_process(me)} waited {self.timeout:g} s at {where} "
                                               f"for a value on {what}: nothing was sent")
                    self._cond.wait(remaining)
            finally:
                if waiting:
                    del self._waits[me]
                    self._deadlocks.pop(me, None)

    def finish(self, pid: tuple) -> None:
        """Process `pid` returned: receivers waiting for it alone stop waiting."""
        with self._cond:
            self.finished.add(pid)
            if self._waits:
                self._detect_deadlock(list(self._waits))
            self._cond.notify_all()

    def abort(self, pid: tuple, error: BaseException) -> None:
        """Process `pid` failed: the first failure is kept, and processes waiting for a group stop."""
        with self._cond:
            if self.failure is None:
                self.failure = (pid, error)
            self._cond.notify_all()

    # -- deadlocks ------------------------------------------------------------------------
    #
    # A waiting process is stuck when every process that could release it (the members its
    # meeting misses; the possible senders of its FIFO) has finished or is stuck itself: nothing
    # can change that, as only a running process arrives at a meeting or sends. Processes become
    # stuck only when one starts waiting or one they wait for finishes (a receiver whose value
    # another took waits for that one, still running), so those two check, under the lock every
    # arrival, send and finish takes; a process counts as running unless it waits here and its
    # wait is not over (one about to wake, to arrive or not yet started runs). The stuck
    # processes get the message and stop waiting at once; the timeout stays, for slow ones.

    def _ready(self, wait: _Wait) -> bool:
        """Whether `wait` is over (its waiter has not woken up yet)."""
        if wait.meeting is not None:
            return len(wait.meeting.deposits) == len(wait.group)
        return bool(self._channels.get(wait.key))

    def _releasers(self, pid: tuple, wait: _Wait):
        """The processes not finished that could end `wait` of `pid` (an iterator)."""
        if wait.meeting is not None:
            return (p for p in wait.group if p not in wait.meeting.deposits and p not in self.finished)
        others = self.processes() if wait.senders is None else sorted(wait.senders)
        return (p for p in others if p != pid and p not in self.finished)

    def _stuck(self, roots: list) -> set:
        """The waiting processes, among `roots` and those they wait for, that can never go on."""
        waits = self._waits
        # one root (the process starting to wait, or the only waiter): any new stuck set holds it,
        # and it is not stuck while one that could release it runs (the usual case: a quick no)
        if len(roots) == 1:
            wait = waits[roots[0]]
            for p in self._releasers(roots[0], wait):
                other = waits.get(p)
                if other is None or self._ready(other):
                    return set()
        releasers: dict = {}  # process -> who could release it (None: it is running)
        stack = list(roots)
        while stack:
            pid = stack.pop()
            if pid in releasers:
                continue
            wait = waits.get(pid)
            if wait is None or self._ready(wait):
                releasers[pid] = None
                continue
            releasers[pid] = list(self._releasers(pid, wait))
            stack.extend(releasers[pid])
        stuck = {p for p, r in releasers.items() if r is not None}
        changed = True
        while changed:
            changed = False
            for pid in list(stuck):
                if any(p not in stuck for p in releasers[pid]):
                    stuck.discard(pid)
                    changed = True
        return stuck

    def _detect_deadlock(self, roots: list) -> None:
        """(Under the lock.) Give the stuck processes reachable from `roots` their message and wake them."""
        if self.failure is not None:
            return
        stuck = self._stuck(roots)
        if not stuck - self._deadlocks.keys():
            return
        message = "deadlock: " + "; ".join(self._describe_wait(p, stuck)
                                             for p in sorted(stuck, key=self.flattened))
        for pid in stuck:
            self._deadlocks.setdefault(pid, message)
        self._cond.notify_all()

    def _describe_wait(self, pid: tuple, stuck: set) -> str:
        """What stuck process `pid` waits for, and why it cannot come."""
        wait = self._waits[pid]
        if wait.meeting is not None:
            waited = [p for p in wait.group if p not in wait.meeting.deposits]
            head = f"process {format_process(pid)} waits for its group at {_meeting_site(wait)}, missing "
        else:
            waited = [p for p in (self.processes() if wait.senders is None else sorted(wait.senders)) if p != pid]
            head = f"process {format_process(pid)} waits at {wait.where} for a value on {wait.what}, sent by none of "
        done = [p for p in waited if p in self.finished]
        items = []
        if done:
            items.append(f"process{'es' if len(done) > 1 else ''} {', '.join(map(format_process, done))}, which "
                         f"finished")
        for p in waited:
            if p in stuck:
                other = self._waits[p]
                at = _meeting_site(other) if other.meeting is not None else other.where
                items.append(f"process {format_process(p)}, which waits at {at}")
        return head + (", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items))

    # -- running --------------------------------------------------------------------------

    def run_processes(self, calls: Sequence[Callable]) -> list:
        """Run `calls[i]()` as process i (flattened order), one thread each; their results. The
        first failure (in time) is re-raised as an InterpreterError naming its process."""
        pids = self.processes()
        if len(calls) != len(pids):
            raise InterpreterError(f"{len(calls)} calls for the {len(pids)} processes of the "
                                   f"{self.num_replicas}x{self.num_partitions} grid")
        results: list = [None] * len(pids)

        def body(index: int, pid: tuple, call: Callable) -> None:
            try:
                with running_as(self, *pid):
                    results[index] = call()
            except BaseException as e:  # noqa: BLE001 - reported by the caller's thread
                self.abort(pid, e)
            finally:
                self.finish(pid)

        threads = [threading.Thread(target=body, args=(i, pid, call), daemon=True,
                                    name=f"stablehlo process {format_process(pid)}")
                   for i, (pid, call) in enumerate(zip(pids, calls))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if self.failure is not None:
            pid, error = self.failure
            raise _naming(pid, error)
        return results

    # -- process groups --------------------------------------------------------------------

    def groups(self, mode: str, rows: tuple, what: str, cover: bool) -> list[tuple]:
        """process_groups(...) of this grid, computed once per (mode, rows)."""
        key = (mode, rows, what, cover)
        groups = self._groups.get(key)
        if groups is None:
            groups = self._groups[key] = process_groups(mode, [list(r) for r in rows], self.num_replicas,
                                                        self.num_partitions, what, cover)
        return groups


def _meeting_site(wait: _Wait) -> str:
    """The op a process waits at for its group, with its channel when it has one."""
    channel = getattr(wait.where, "channel", 0)
    return f"{wait.where} on channel {channel}" if channel else str(wait.where)


class Process:
    """One StableHLO process: its grid, its ids and how many times it met at each op."""

    __slots__ = ("grid", "replica_id", "partition_id", "pid", "counts")

    def __init__(self, grid: ProcessGrid, replica_id: int, partition_id: int):
        self.grid, self.replica_id, self.partition_id = grid, replica_id, partition_id
        self.pid = (replica_id, partition_id)
        self.counts: dict = {}

    @property
    def index(self) -> int:
        """The flattened process id: replica_id * num_partitions + partition_id."""
        return self.grid.flattened(self.pid)

    def take_infeed(self, config: str, what: str = "infeed"):
        """The next item of this process's infeed (see Feeds.take)."""
        return self.grid.feeds.take(self.index, self.pid, config, what)

    def put_outfeed(self, config: str, arrays: list, what: str = "outfeed") -> None:
        """Hand `arrays` to this process's outfeed (see Feeds.put)."""
        self.grid.feeds.put(self.index, self.pid, config, arrays, what)

    def meet(self, op_key, where: "Site", group: tuple, value) -> list:
        """`value` of every member of `group` (this process among them), in group order.
        `op_key` identifies the op (the same object for every process); `where` says which op it is."""
        if len(group) == 1:
            return [value]
        count = self.counts.get(op_key, 0) + 1
        self.counts[op_key] = count
        return self.grid.exchange(self.pid, (op_key, count, group), where, group, value)


class Site:
    """The collective op a process meets its group at: printed in messages as "op (location)";
    run_parallel's grid (parallel.py) matches meetings of different programs by op and channel."""

    __slots__ = ("op", "location", "channel")

    def __init__(self, op: str, location: str, channel: int = 0):
        self.op, self.location, self.channel = op, location, channel

    def __str__(self) -> str:
        return f"{self.op} ({self.location})"


_local = threading.local()


def current() -> Process:
    """The process the running thread is (process (0, 0) of a 1x1 grid of its own, without
    feeds, unless `running_as` set one)."""
    process = getattr(_local, "process", None)
    if process is None:
        # the default timeout is what the grids of its manual computations inherit (fan_out)
        process = _local.process = Process(ProcessGrid(1, 1, DEFAULT_TIMEOUT), 0, 0)
        process.grid.thread_default = True
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
    """Run `calls[i]()` as process i (flattened order) of `grid`; every process's results
    (`grid.run_processes`: one thread each, or, on an MPIGrid, this rank's call, the results
    gathered from every rank). The first failure is raised as an InterpreterError naming its
    process (on MPI: printed, and the job aborted)."""
    return grid.run_processes(calls)


def new_grid(num_replicas: int = 1, num_partitions: int = 1, timeout: float | None = DEFAULT_TIMEOUT,
             infeed=None, outfeed=None) -> ProcessGrid:
    """A grid for a run: an MPIGrid (one rank per process) when an MPI launcher started this
    OS process as one of several ranks and the grid has more than one process, else threads."""
    if isinstance(num_replicas, int) and isinstance(num_partitions, int) and num_replicas * num_partitions > 1:
        for launcher in _LAUNCHERS:
            grid = launcher(num_replicas, num_partitions, timeout, infeed, outfeed)
            if grid is not None:
                return grid
    return ProcessGrid(num_replicas, num_partitions, timeout, infeed, outfeed)


# Other ways to run a grid's processes than threads (mpi.py adds MPI ranks): each is called with
# new_grid's arguments and returns its grid, or None when it does not apply to this OS process.
_LAUNCHERS: list[Callable] = []


def add_launcher(launcher: Callable) -> None:
    """Lets `new_grid` try `launcher` (see _LAUNCHERS) before threads."""
    if launcher not in _LAUNCHERS:
        _LAUNCHERS.append(launcher)


def fan_out(num_replicas: int, num_partitions: int, calls: Sequence[Callable]) -> list:
    """Run `calls[i]()` as process i of a new num_replicas x num_partitions grid; the results of
    every process, in flattened order (see the module's doc). The new grid's processes wait
    as long for their groups as the running process's grid allows."""
    grid = new_grid(num_replicas, num_partitions, current().grid.timeout)
    if grid.num_processes == 1:
        if len(calls) != 1:
            raise InterpreterError(f"{len(calls)} calls for the 1 process of the 1x1 grid")
        with running_as(grid, 0, 0):
            return [calls[0]()]
    return grid.run_processes(calls)


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
# Feeds: the host side of infeed / outfeed (and of host-transfer send / recv)

_NO_INFEED = "{what}: no value (give interpret(..., infeed=...))"
_NO_OUTFEED = "{what}: the outfeed dict has no entry for process {index} ({pid})"


class Outfed(NamedTuple):
    """Values an outfeed (or host-transfer send) op handed to the host when the run was given no
    outfeed: the process that ran it (flattened index), the op's config (`outfeed_config`, or
    f"send channel {id}") and the arrays."""
    process_index: int
    config: str
    arrays: list


class _Source:
    """One infeed: `next(index, config)` -> an item, or _EMPTY when there is none."""

    def __init__(self, feed, what: str):
        self.lock = threading.Lock()
        if isinstance(feed, (queue.Queue, queue.SimpleQueue)):
            self.kind, self.feed = "queue", feed
        elif callable(feed):
            self.kind, self.feed = "call", feed
        elif isinstance(feed, (str, bytes)) or not hasattr(feed, "__iter__"):
            raise InterpreterError(f"{what} must be a callable (process_index, config) -> arrays, a queue.Queue, "
                                   f"a list or iterable of array sequences, or a dict of them per process; got "
                                   f"{type(feed).__name__}")
        else:
            self.kind, self.feed = "iter", iter(feed)

    def next(self, index: int, config: str, what: str):
        if self.kind == "call":
            try:
                return self.feed(index, config)
            except InterpreterError:
                raise
            except Exception as e:  # noqa: BLE001 - the host's failure, named
                raise InterpreterError(f"{what}: the infeed callable failed: {type(e).__name__}: {e}") from e
        if self.kind == "queue":
            try:
                return self.feed.get_nowait()
            except queue.Empty:
                return _EMPTY
        with self.lock:
            return next(self.feed, _EMPTY)


_EMPTY = object()


class Feeds:
    """The infeed and outfeed of a run (see interpret's doc), read by every process of a grid.

    infeed: None; a callable `infeed(process_index, config) -> sequence of arrays`; a
    queue.Queue (taken without waiting), list or other iterable whose items are such
    sequences, shared by the processes; or a dict {process_index (flattened, or a
    (replica_id, partition_id) tuple): any of those} per process.
    outfeed: None; a callable `outfeed(process_index, config, arrays)`; a list (or anything with
    `append`), to which `(process_index, arrays)` is appended; a queue.Queue (`put`); or a dict
    of them per process. With None, a program that outfeeds still runs: its values are kept in
    `outfed`, as Outfed records in the order the ops ran (the results' `outfeed`)."""

    def __init__(self, infeed=None, outfeed=None):
        self._infeed = self._outfeed = None
        self.outfed: list = []  # the values of a run without an outfeed of the caller's
        if isinstance(infeed, dict):
            self._infeed = {key: _Source(feed, f"infeed[{key!r}]") for key, feed in infeed.items()}
        elif infeed is not None:
            self._infeed = _Source(infeed, "infeed")
        if outfeed is not None:
            for key, sink in (outfeed.items() if isinstance(outfeed, dict) else ((None, outfeed),)):
                if not (callable(sink) or hasattr(sink, "append") or hasattr(sink, "put")):
                    name = "outfeed" if key is None else f"outfeed[{key!r}]"
                    raise InterpreterError(f"{name} must be a callable (process_index, config, arrays), a list or a "
                                           f"queue.Queue, or a dict of them per process; got {type(sink).__name__}")
            self._outfeed = outfeed
        self._lock = threading.Lock()

    @staticmethod
    def _mine(table, index: int, pid: tuple):
        if not isinstance(table, dict):
            return table
        return table.get(index, table.get(pid))

    def take(self, index: int, pid: tuple, config: str, what: str = "infeed"):
        """The next item for process `index` (flattened; `pid` its ids) at an op with `config`."""
        source = self._mine(self._infeed, index, pid)
        item = _EMPTY if source is None else source.next(index, config, what)
        if item is _EMPTY:
            raise InterpreterError(_NO_INFEED.format(what=what)
                                   + ("" if source is None else ": the infeed is exhausted"))
        return item

    def put(self, index: int, pid: tuple, config: str, arrays: list, what: str = "outfeed") -> None:
        if self._outfeed is None:
            with self._lock:
                self.outfed.append(Outfed(index, config, arrays))
            return
        sink = self._mine(self._outfeed, index, pid)
        if sink is None:
            raise InterpreterError(_NO_OUTFEED.format(what=what, index=index, pid=format_process(pid)))
        if isinstance(sink, (queue.Queue, queue.SimpleQueue)):
            sink.put((index, arrays))
        elif callable(sink):
            try:
                sink(index, config, arrays)
            except InterpreterError:
                raise
            except Exception as e:  # noqa: BLE001 - the host's failure, named
                raise InterpreterError(f"{what}: the outfeed callable failed: {type(e).__name__}: {e}") from e
        elif hasattr(sink, "append"):
            with self._lock:
                sink.append((index, arrays))
        else:
            sink.put((index, arrays))


# ---------------------------------------------------------------------------------------
# Process groups (the spec's "Collective ops" section)


def group_rows(flat: Sequence[int], width: int) -> tuple:
    """The rows of a 2-D replica_groups attribute given flat, -1 padding dropped."""
    flat = tuple(int(v) for v in flat)
    if not flat or width <= 0:
        return ()
    return tuple(tuple(v for v in flat[i:i + width] if v != -1) for i in range(0, len(flat), width))


def mesh_axes_rows(mesh_axes: Sequence[tuple[str, int]], device_ids: Sequence[int],
                   axes: Sequence[tuple[str, int | None, int | None]]) -> tuple:
    """The replica groups named by mesh axes (upstream's "Replica groups": replica_group_mesh_axes):
    `mesh_axes` (name, size) in mesh order, `device_ids` row-major over them (empty: 0, 1, ...),
    `axes` the (name, pre_size, size) the groups vary along (pre_size None: the whole axis). Each
    mesh axis is cut where a sub-axis begins or ends (the part of smallest pre_size the major
    one); a group holds the devices that share their coordinates along every other part, listed
    along `axes` in order, the last fastest; groups come in the order of those other coordinates."""
    import numpy as np

    sizes = dict(mesh_axes)
    if len(sizes) != len(mesh_axes):
        twice = next(n for i, (n, _) in enumerate(mesh_axes) if n in [m for m, _ in mesh_axes[:i]])
        raise InterpreterError(f"the mesh names axis '{twice}' twice")
    for name, size in mesh_axes:
        if size < 1:
            raise InterpreterError(f"mesh axis '{name}' has size {size}; sizes must be at least 1")
    for name, pre, size in axes:
        if name not in sizes:
            raise InterpreterError(f"axis '{name}' not found in mesh definition")
        if pre is not None:
            if pre < 1 or size < 1:
                raise InterpreterError(f"sub-axis ({pre}){size} of '{name}': pre_size and size must be at least 1")
            if sizes[name] % (pre * size):
                raise InterpreterError(f"sub-axis ({pre}){size} of '{name}': pre_size * size must divide the mesh "
                                       f"axis size {sizes[name]}")
    parts: list[tuple] = []  # (name, pre_size, size) in row-major order
    for name, size in mesh_axes:
        cuts = {1, size} | {c for n, pre, sub in axes if n == name and pre is not None for c in (pre, pre * sub)}
        cuts = sorted(cuts)
        for a, b in zip(cuts, cuts[1:]):
            if b % a:
                raise InterpreterError(f"the sub-axes of '{name}' do not nest: a part would start at {a} and "
                                       f"end at {b}, which {a} does not divide")
        parts += [(name, a, b // a) for a, b in zip(cuts, cuts[1:])] or [(name, 1, size)]
    chosen: list[int] = []
    for name, pre, size in axes:
        wanted = (name, 1, sizes[name]) if pre is None else (name, pre, size)
        if wanted not in parts:
            raise InterpreterError(f"axis '{name}'" + ("" if pre is None else f" sub-axis ({pre}){size}")
                                   + " overlaps another communication axis")
        index = parts.index(wanted)
        if index in chosen:
            raise InterpreterError(f"axis '{name}' is named twice")
        chosen.append(index)
    count = 1
    for _, size in mesh_axes:
        count *= size
    ids = list(device_ids) or list(range(count))
    if len(ids) != count:
        raise InterpreterError(f"a mesh of {count} devices has {len(ids)} device_ids")
    others = [i for i in range(len(parts)) if i not in chosen]
    group_size = 1
    for i in chosen:
        group_size *= parts[i][2]
    grid = np.array(ids, dtype=np.int64).reshape([p[2] for p in parts])
    rows = grid.transpose(others + chosen).reshape(-1, group_size)
    return tuple(tuple(int(v) for v in row) for row in rows)


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
