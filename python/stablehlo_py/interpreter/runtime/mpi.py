"""The spec's process grid across OS processes: one StableHLO process per MPI rank (mpi4py).

    mpiexec -n 4 stablehlo-py run FILE --replicas 2 --partitions 2 --args 'x_{process}.npy'
    mpiexec -n 4 python script.py        # interpret(..., num_replicas=2, num_partitions=2) in it

`launched()` reads the launcher's environment (PMI_RANK / PMI_SIZE of MPICH's hydra and
Intel MPI, OMPI_COMM_WORLD_* of Open MPI, MV2_COMM_WORLD_* of MVAPICH) without importing
mpi4py, so a program that is not under mpiexec never loads MPI; `active()` is true when it
started more than one rank. `grid.new_grid` (used by `run_on_grid` and `grid.fan_out`)
then gives an `MPIGrid` for any grid of more than one process: rank i is the process of
flattened id i, and the world size must equal num_replicas * num_partitions.

`MPIGrid` is a `ProcessGrid` whose rendezvous and channels go over MPI:

- `exchange` (the collectives): each group gets a communicator of its own, made once per
  grid by `Create_group` (collective over the group's members only). The group's first
  meeting exchanges the deposits point to point (so a member that never comes is named by
  the timeout, and Create_group only starts once every member is known to be there);
  later meetings `Iallgather` a small header (the op's location, the meeting's count, the
  deposit's dtypes and shapes) and then the deposits' bytes (tuples of arrays of one layout
  on every member), or their pickles otherwise (collective_broadcast and collective_permute,
  where non-sources deposit None). Meetings of a group are matched in order, as MPI matches
  collectives on a communicator; the header turns a mismatch (processes running a group's
  collectives in different orders) into an error instead of mixed-up values. Kernels fold
  the deposits in group order locally, so the results are the bits of the threaded grid.
- `deliver` / `receive` (device send / recv): with source_target_pairs (FIFO key (channel,
  source, target)), a send goes point to point to its target, which keeps per-key FIFOs
  (MPI's ordering per sender keeps them first in, first out). Without pairs one FIFO per
  channel is shared by every process: rank 0 keeps it in a broker thread (sends put values
  there, recvs ask for the next one). A process that finishes tells every other one (and
  the broker), after its last send, so a recv whose possible senders are all finished fails
  at once, as on the threaded grid.
- Every wait polls nonblocking requests (Test / Improbe) against a deadline of `timeout`
  seconds and fails with an InterpreterError naming the process, the op and, where it can
  be known, the processes that never came.
- `run_processes(calls)` runs calls[rank] on this rank and returns every process's results
  (pickled and allgathered), so every rank sees what the threaded grid returns.

Failure: a process that fails (its call raises, or a wait times out) prints the error,
named by its process as the threaded grid names it, on its stderr (`report`, which the CLI
sets to name the source file), flushes stdout and stderr and calls `MPI_Abort(1)`: the
launcher ends every rank, and mpiexec exits non-zero. Other ranks may be inside MPI calls
that no timeout reaches (Create_group), so nothing less than an abort guarantees that no
rank hangs; the price is that only the failing rank's message is printed.
"""

from __future__ import annotations

import collections
import os
import pickle
import sys
import threading
import time
import zlib

import numpy as np

from . import grid as grids
from ..core.errors import InterpreterError
from ..core.types import TOKEN

__all__ = ["launched", "active", "MPIGrid", "report", "abort"]

_LAUNCHERS = (("PMI_RANK", "PMI_SIZE"), ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),
              ("MV2_COMM_WORLD_RANK", "MV2_COMM_WORLD_SIZE"))

# tags: the grid's communicator (first meetings), the channel communicator, the broker's two
_TAG_MEET, _TAG_VALUE, _TAG_DONE, _TAG_PUT, _TAG_GET, _TAG_REPLY = 1, 2, 3, 4, 5, 6
_BROKER = 0  # the rank keeping the channels without source_target_pairs
_SPIN = 0.05  # seconds a wait polls without sleeping


def launched(environ=None) -> tuple | None:
    """(rank, size) of this OS process as its MPI launcher set them, or None when no
    launcher started it. Reads the environment only (mpi4py is not imported)."""
    environ = os.environ if environ is None else environ
    for rank_var, size_var in _LAUNCHERS:
        if size_var in environ:
            try:
                return int(environ.get(rank_var, "0")), int(environ[size_var])
            except ValueError:
                return None
    return None


def active() -> bool:
    """Whether an MPI launcher started this process as one of several ranks."""
    world = launched()
    return world is not None and world[1] > 1


def report(text: str) -> str:
    """The line a failing rank prints before aborting the job (the CLI names its file here)."""
    return f"error: {text}"


def abort(text: str, code: int = 1):
    """Print `text` (through `report`) on stderr and abort the MPI job: how a rank ends every
    rank when it fails alone (see the module's doc)."""
    try:
        sys.stdout.flush()
        sys.stderr.write(report(text) + "\n")  # one write: the launcher merges the ranks' lines
        sys.stderr.flush()
        # the launcher forwards the line through its proxy, which MPI_Abort ends: on a loaded
        # machine the line was sometimes lost (a failure only, so waiting costs nothing else)
        time.sleep(0.5)
    finally:
        try:
            _MPI().COMM_WORLD.Abort(code)
        finally:
            os._exit(code)  # MPI_Abort may return while the launcher ends the ranks


_mpi_module = None


def _MPI():
    """mpi4py's MPI module, imported (and MPI initialised) on first use."""
    global _mpi_module
    if _mpi_module is None:
        try:
            from mpi4py import MPI
        except ImportError as e:
            raise InterpreterError(f"running under an MPI launcher needs mpi4py (pip install "
                                   f"'stablehlo-py[mpi]'): {e}") from None
        world = launched()
        size = MPI.COMM_WORLD.Get_size()
        if world is not None and world[1] != size:
            raise InterpreterError(f"the launcher started {world[1]} ranks, but mpi4py's MPI sees a world of "
                                   f"{size}: mpiexec and mpi4py use different MPI libraries (use the mpiexec "
                                   f"installed with mpi4py's MPI, e.g. .venv/bin/mpiexec from the mpich wheel)")
        _mpi_module = MPI
    return _mpi_module


def _crc(text: str) -> int:
    return zlib.crc32(text.encode())


def _replaced(value, old, new):
    """`value` (nested tuples and lists) with the object `old` replaced by `new`: TOKEN is
    compared by identity, so results are pickled with a marker in its place."""
    if value is old:
        return new
    if isinstance(value, (tuple, list)):
        return type(value)(_replaced(v, old, new) for v in value)
    return value


class _TokenMark:
    """Stands for TOKEN in pickled results."""


def _raw_form(value):
    """(uint8 buffer, layout crc, arrays) of a deposit that is a tuple of plain arrays, else None."""
    if not isinstance(value, (tuple, list)) or not all(isinstance(v, np.ndarray) for v in value):
        return None
    arrays = [np.ascontiguousarray(v) for v in value]
    if any(a.dtype.hasobject for a in arrays):
        return None
    layout = _crc(repr([(a.dtype.name, a.shape) for a in arrays]))
    try:
        parts = [a.reshape(-1).view(np.uint8) for a in arrays]
    except (TypeError, ValueError):
        return None
    buffer = parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.empty(0, np.uint8)
    return buffer, layout, arrays


def _from_raw(chunk: np.ndarray, arrays: list) -> tuple:
    """The deposit in `chunk` (bytes), laid out as `arrays`; read-only views."""
    out, offset = [], 0
    for a in arrays:
        view = chunk[offset:offset + a.nbytes].view(a.dtype).reshape(a.shape)
        view.flags.writeable = False
        out.append(view)
        offset += a.nbytes
    return tuple(out)


class MPIGrid(grids.ProcessGrid):
    """num_replicas x num_partitions processes, one per rank of `comm` (MPI.COMM_WORLD)."""

    def __init__(self, num_replicas: int = 1, num_partitions: int = 1,
                 timeout: float | None = grids.DEFAULT_TIMEOUT, infeed=None, outfeed=None, comm=None):
        super().__init__(num_replicas, num_partitions, timeout, infeed, outfeed)
        MPI = _MPI()
        self._world = MPI.COMM_WORLD if comm is None else comm
        size = self._world.Get_size()
        if size != self.num_processes:
            raise InterpreterError(f"the {num_replicas}x{num_partitions} process grid has {self.num_processes} "
                                   f"process{'es' if self.num_processes != 1 else ''}, but MPI runs {size} "
                                   f"rank{'s' if size != 1 else ''} (start one rank per process: mpiexec -n "
                                   f"{self.num_processes})")
        self.rank = self._world.Get_rank()
        self.pid = self.processes()[self.rank]
        self._comm = self._channels_comm = self._to_broker = self._from_broker = None
        self._subcomms: dict = {}  # group -> its communicator
        self._stash: dict = {}  # (source rank, group) -> deque of first-meeting messages
        self._inbox: dict = {}  # channel key -> deque of values (channels with pairs)
        self._sends: list = []  # (request, buffer) of nonblocking sends not known complete
        self._done: set = set()  # ranks whose call has finished
        self._broker = None
        self._serve = None  # the broker's step, when this rank serves it from its waits

    def __repr__(self) -> str:
        return f"MPIGrid({self.num_replicas}x{self.num_partitions}, rank {self.rank})"

    def runs_here(self, index: int) -> bool:
        return index == self.rank

    # -- waiting ---------------------------------------------------------------------------

    def _deadline(self):
        return None if self.timeout is None else time.monotonic() + self.timeout

    def _poll(self, ready, deadline, timed_out) -> None:
        """Call `ready()` until it is true; past `deadline`, raise `timed_out()`."""
        # MPI progresses nonblocking operations only inside MPI calls: poll without sleeping
        # for a while (as MPI's blocking calls do), then sleep a little longer each time
        spin_until = time.monotonic() + _SPIN
        tries = 0
        while not ready():
            if self._serve is not None:
                self._serve()
            now = time.monotonic()
            if deadline is not None and now > deadline:
                raise timed_out()
            if now > spin_until:
                tries += 1
                time.sleep(min(1e-3, 1e-5 * tries))
            else:
                os.sched_yield()

    def _wait(self, requests: list, deadline, timed_out) -> None:
        MPI = _mpi_module
        self._poll(lambda: MPI.Request.Testall(requests), deadline, timed_out)

    def _send(self, comm, data: bytes, dest: int, tag: int) -> None:
        MPI = _mpi_module
        self._sends.append((comm.Isend([data, MPI.BYTE], dest, tag), data))
        if len(self._sends) > 64:
            self._sends = [(r, d) for r, d in self._sends if not r.Test()]

    @staticmethod
    def _take(comm, source=None, tag=None):
        """(source, tag, bytes) of the next message on `comm` (matching source / tag), or None."""
        MPI = _mpi_module
        status = MPI.Status()
        message = comm.Improbe(MPI.ANY_SOURCE if source is None else source, MPI.ANY_TAG if tag is None else tag,
                               status)
        if message is None:
            return None
        data = bytearray(status.Get_count(MPI.BYTE))
        message.Recv([data, MPI.BYTE])
        return status.Get_source(), status.Get_tag(), data

    # -- setting up and running -----------------------------------------------------------

    def _open(self) -> None:
        MPI = _mpi_module
        pairs = [self._world.Idup() for _ in range(4)]
        self._wait([r for _, r in pairs], self._deadline(),
                   lambda: InterpreterError(f"process {grids.format_process(self.pid)} waited {self.timeout:g} s "
                                            f"for the other ranks to set up the process grid"))
        self._comm, self._channels_comm, self._to_broker, self._from_broker = (c for c, _ in pairs)
        if self.rank == _BROKER:
            self._broker = _Broker(self._to_broker, self._from_broker, self.num_processes)
            if MPI.Query_thread() >= MPI.THREAD_MULTIPLE:
                self._broker.start()
            else:
                self._serve = self._broker.serve_once

    def _close(self) -> None:
        if self._broker is not None:
            self._broker.stop()
            self._broker = self._serve = None
        for comm in [*self._subcomms.values(), self._comm, self._channels_comm, self._to_broker, self._from_broker]:
            if comm is not None:
                comm.Free()
        self._subcomms.clear()
        self._comm = self._channels_comm = self._to_broker = self._from_broker = None

    def run_processes(self, calls) -> list:
        """Run calls[rank] as this rank's process; every process's results, in flattened order.
        A failure prints its message (`report`) and aborts the MPI job."""
        if len(calls) != self.num_processes:
            raise InterpreterError(f"{len(calls)} calls for the {self.num_processes} processes of the "
                                   f"{self.num_replicas}x{self.num_partitions} grid")
        try:
            self._open()
            with grids.running_as(self, *self.pid):
                result = calls[self.rank]()
            self.finish(self.pid)
            # A finished process waits for the others without a deadline, as the threaded grid
            # joins its threads: they finish, or fail (or time out) and abort the job.
            data = pickle.dumps(_replaced(result, TOKEN, _TokenMark), protocol=5)
            chunks = self._allgather_bytes(self._comm, data, pump=True)
            results = [_replaced(pickle.loads(c), _TokenMark, TOKEN) for c in chunks]
            self._poll(lambda: self._pump() or len(self._done) == self.num_processes - 1, None, None)
            self._wait([r for r, _ in self._sends], None, None)
            self._sends.clear()
            self._close()
            return results
        except BaseException as e:  # noqa: BLE001 - every failure ends the job (see the module's doc)
            self.fail(e)

    def fail(self, error: BaseException):
        """Print `error`, named by this rank's process, and abort the MPI job."""
        if isinstance(error, KeyboardInterrupt):
            abort("interrupted", 130)
        abort(str(grids._naming(self.pid, error)))

    def finish(self, pid: tuple) -> None:
        """This process returned: tell every other process and the broker (after its sends)."""
        super().finish(pid)
        for rank in range(self.num_processes):
            if rank != self.rank:
                self._send(self._channels_comm, b"", rank, _TAG_DONE)
        self._send(self._to_broker, b"", _BROKER, _TAG_DONE)

    # -- collectives ----------------------------------------------------------------------

    def exchange(self, me: tuple, key, where, group: tuple, value) -> list:
        where = str(where)  # a grids.Site: ranks compare and exchange its text
        count = key[1] if isinstance(key, tuple) and len(key) == 3 else 0
        ranks = [self.flattened(p) for p in group]
        comm = self._subcomms.get(group)
        if comm is None:
            values = self._first_meeting(group, ranks, where, count, value)
            everyone = self._comm.Get_group()
            members = everyone.Incl(ranks)
            self._subcomms[group] = self._comm.Create_group(members)
            members.Free()
            everyone.Free()
            return values
        return self._gather(comm, group, where, count, value)

    def _first_meeting(self, group: tuple, ranks: list, where: str, count: int, value) -> list:
        """The group's first meeting, point to point: every member sends its deposit to every other."""
        data = pickle.dumps((group, where, count, value), protocol=5)
        for rank in ranks:
            if rank != self.rank:
                self._send(self._comm, data, rank, _TAG_MEET)
        got = {self.rank: value}

        def ready() -> bool:
            while True:
                message = self._take(self._comm, tag=_TAG_MEET)
                if message is None:
                    break
                source, _, payload = message
                g, w, c, v = pickle.loads(payload)
                self._stash.setdefault((source, g), collections.deque()).append((w, c, v))
            for rank in ranks:
                queue = self._stash.get((rank, group))
                if rank not in got and queue:
                    w, c, v = queue.popleft()
                    if (w, c) != (where, count):
                        raise self._mismatch(where, count, rank, f"{w} (its meeting {c})")
                    got[rank] = v
            return len(got) == len(ranks)

        def timed_out() -> InterpreterError:
            missing = ", ".join(grids.format_process(self.processes()[r]) for r in ranks if r not in got)
            return InterpreterError(f"process {grids.format_process(self.pid)} waited {self.timeout:g} s for its "
                                    f"group at {where}: processes {missing} never came")

        self._poll(ready, self._deadline(), timed_out)
        return [got[r] for r in ranks]

    def _mismatch(self, where: str, count: int, rank: int, theirs: str) -> InterpreterError:
        return InterpreterError(f"process {grids.format_process(self.pid)} is at {where} (its meeting {count}), "
                                f"but process {grids.format_process(self.processes()[rank])} of its group came to "
                                f"{theirs}: the processes run the group's collectives in different orders")

    def _gather(self, comm, group: tuple, where: str, count: int, value) -> list:
        """A later meeting of `group` on its communicator: every member's deposit, in group order."""
        MPI = _mpi_module
        raw = _raw_form(value)
        header = np.array([raw is not None, 0 if raw is None else raw[0].nbytes, 0 if raw is None else raw[1],
                           _crc(where), count], np.int64)
        headers = np.empty((len(group), header.size), np.int64)
        deadline = self._deadline()

        def timed_out() -> InterpreterError:
            members = ", ".join(grids.format_process(p) for p in group)
            return InterpreterError(f"process {grids.format_process(self.pid)} waited {self.timeout:g} s for its "
                                    f"group ({members}) at {where}: not every process came")

        self._wait([comm.Iallgather(header, headers)], deadline, timed_out)
        for i, h in enumerate(headers):
            if h[3] != header[3] or h[4] != header[4]:
                raise self._mismatch(where, count, self.flattened(group[i]),
                                     f"another collective (or another meeting of this one, its {int(h[4])})")
        if raw is not None and (headers[:, :3] == header[:3]).all():
            size = raw[0].nbytes
            received = np.empty(size * len(group), np.uint8)
            self._wait([comm.Iallgather([raw[0], MPI.BYTE], [received, MPI.BYTE])], deadline, timed_out)
            return [_from_raw(received[i * size:(i + 1) * size], raw[2]) for i in range(len(group))]
        chunks = self._allgather_bytes(comm, pickle.dumps(value, protocol=5), deadline=deadline, timed_out=timed_out)
        return [pickle.loads(c) for c in chunks]

    def _allgather_bytes(self, comm, data: bytes, pump: bool = False, deadline=None, timed_out=None) -> list:
        """Every member's `data`, in rank order (sizes first, then the bytes); `pump`: take the
        channel messages that come meanwhile."""
        MPI = _mpi_module
        size = comm.Get_size()
        sizes = np.empty(size, np.int64)
        requests = [comm.Iallgather(np.array([len(data)], np.int64), sizes)]
        ready = (lambda: self._pump() or MPI.Request.Testall(requests)) if pump else \
            (lambda: MPI.Request.Testall(requests))
        self._poll(ready, deadline, timed_out)
        offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        received = bytearray(int(sizes.sum()))
        requests = [comm.Iallgatherv([data, MPI.BYTE], [received, (sizes.tolist(), offsets.tolist()), MPI.BYTE])]
        self._poll(ready, deadline, timed_out)
        view = memoryview(received)
        return [view[o:o + s] for o, s in zip(offsets.tolist(), sizes.tolist())]

    # -- channels (send / recv) -----------------------------------------------------------

    def _pump(self) -> None:
        """Take the messages that came on the channel communicator: values and finish notices."""
        while True:
            message = self._take(self._channels_comm)
            if message is None:
                return
            source, tag, payload = message
            if tag == _TAG_DONE:
                self._done.add(source)
                self.finished.add(self.processes()[source])
            else:
                key, value = pickle.loads(payload)
                self._inbox.setdefault(key, collections.deque()).append(value)

    def deliver(self, key, value) -> None:
        if len(key) == 1:  # one FIFO per channel, shared: kept by the broker
            self._send(self._to_broker, pickle.dumps((key, value), protocol=5), _BROKER, _TAG_PUT)
            return
        target = self.flattened(key[2])
        if target == self.rank:
            self._inbox.setdefault(key, collections.deque()).append(value)
        else:
            self._send(self._channels_comm, pickle.dumps((key, value), protocol=5), target, _TAG_VALUE)

    def receive(self, me: tuple, key, where: str, what: str, senders=None):
        deadline = self._deadline()

        def timed_out() -> InterpreterError:
            return InterpreterError(f"process {grids.format_process(me)} waited {self.timeout:g} s at {where} "
                                    f"for a value on {what}: nothing was sent")

        def nobody(who: str) -> InterpreterError:
            return InterpreterError(f"process {grids.format_process(me)} waits at {where} for a value on {what}, "
                                    f"but nothing was sent and {who} can send any more")

        if len(key) == 1:
            self._send(self._to_broker, pickle.dumps(key, protocol=5), _BROKER, _TAG_GET)
            reply: list = []

            def answered() -> bool:
                message = self._take(self._from_broker, _BROKER, _TAG_REPLY)
                if message is not None:
                    reply.append(pickle.loads(message[2]))
                return bool(reply)

            self._poll(answered, deadline, timed_out)
            kind, value = reply[0]
            if kind != "value":
                raise nobody("no other process")
            return value
        got: list = []

        def ready() -> bool:
            self._pump()
            fifo = self._inbox.get(key)
            if fifo:
                got.append(fifo.popleft())
                return True
            others = set(self.processes()) - {me} if senders is None else set(senders) - {me}
            if not others - self.finished:
                raise nobody("no sender (" + ", ".join(grids.format_process(p) for p in sorted(senders or ()))
                             + ")" if senders is not None else "no other process")
            return False

        self._poll(ready, deadline, timed_out)
        return got[0]


class _Broker:
    """The FIFOs of channels without source_target_pairs, kept on rank 0: PUT appends a value,
    GET asks for the next one (answered at once or when a value comes, or with "none" once
    every other process has finished), DONE says a process finished."""

    def __init__(self, inbox, outbox, size: int):
        self.inbox, self.outbox, self.size = inbox, outbox, size
        self.fifos: dict = {}
        self.waiting: dict = {}  # channel key -> deque of ranks waiting for a value
        self.done: set = set()
        self.replies: list = []
        self.stopping = False
        self.thread = None
        self.error = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._loop, name="stablehlo channel broker", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        try:
            while not (self.stopping and len(self.done) == self.size):
                if not self.serve_once():
                    time.sleep(2e-4)
        except BaseException as e:  # noqa: BLE001 - reported by stop()
            self.error = e

    def _reply(self, rank: int, answer) -> None:
        MPI = _mpi_module
        data = pickle.dumps(answer, protocol=5)
        self.replies.append((self.outbox.Isend([data, MPI.BYTE], rank, _TAG_REPLY), data))

    def serve_once(self) -> bool:
        worked = False
        while True:
            message = MPIGrid._take(self.inbox)
            if message is None:
                break
            worked = True
            source, tag, payload = message
            if tag == _TAG_PUT:
                key, value = pickle.loads(payload)
                waiting = self.waiting.get(key)
                if waiting:
                    self._reply(waiting.popleft(), ("value", value))
                else:
                    self.fifos.setdefault(key, collections.deque()).append(value)
            elif tag == _TAG_GET:
                key = pickle.loads(payload)
                fifo = self.fifos.get(key)
                if fifo:
                    self._reply(source, ("value", fifo.popleft()))
                else:
                    self.waiting.setdefault(key, collections.deque()).append(source)
            else:
                self.done.add(source)
        if worked:
            for waiting in self.waiting.values():
                for rank in list(waiting):
                    if len(self.done - {rank}) == self.size - 1:
                        waiting.remove(rank)
                        self._reply(rank, ("none", None))
        if self.replies:
            self.replies = [(r, d) for r, d in self.replies if not r.Test()]
        return worked

    def stop(self) -> None:
        """Once every process has finished (each told the broker before the end of the run):
        take the last notices, wait for the last replies."""
        self.stopping = True
        if self.thread is not None:
            self.thread.join()
        else:
            while len(self.done) < self.size:
                if not self.serve_once():
                    time.sleep(2e-4)
        if self.error is not None:
            raise self.error
        MPI = _mpi_module
        MPI.Request.Waitall([r for r, _ in self.replies])
        self.replies.clear()


def _grid_on_ranks(num_replicas: int, num_partitions: int, timeout, infeed, outfeed):
    """An MPIGrid when an MPI launcher started this OS process as one of several ranks, else None."""
    return MPIGrid(num_replicas, num_partitions, timeout, infeed, outfeed) if active() else None


def install() -> None:
    """Makes grids.new_grid run a grid's processes as MPI ranks under an MPI launcher."""
    grids.add_launcher(_grid_on_ranks)
