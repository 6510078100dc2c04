"""Kernels of the interpreter dialect: run_parallel, print and probe (docs/distributed.md,
"The interpreter dialect").

run_parallel runs its `programs` (num_replicas rows of num_partitions functions) as the
processes of a new threaded process grid (grid.py), process (r, p) running programs[r][p]
on its slice of the op's inputs (each program's arguments, in flattened process order); the
op's results are the processes' results, concatenated in the same order. Collectives inside
the programs meet on that grid, as under `interpret(..., num_replicas=R, num_partitions=P)`.
Processes running different functions meet at collectives of the same kind, channel and
group, in the order they come to them (_ProgramGrid).
The grid's processes wait for their groups as long as the running process's grid allows
(its collective timeout), keep the running call's deadline (Limits.timeout), and count as
one level of func.call nesting.

Feeds of the grid: with an `infeed` attribute, one queue shared by every process: the k-th
infeed op to ask (on any process) gets the results of the k-th infeed function, evaluated
then, on the asking process; once they are used up, an infeed fails. Without it, infeed
ops read the run's own infeed (interpret(..., infeed=...)), keyed by the process index in
the run_parallel's grid. Outfeed ops (and host-transfer send / recv) go to the run's feeds
the same way.

print writes its operand to stdout in upstream's format (printing.py), one value at a time
across threads, and returns it. probe records a copy of its operand in the run's Probes
store (probes.py; written to files when the run has a probe directory) and returns it.
"""

from __future__ import annotations

import sys
import threading

from ..runtime import grid as grids
from ..runtime import probes
from ..core.errors import InterpreterError
from ..core.limits import MAX_CALL_DEPTH
from ..numerics.printing import format_tensor
from ..core.registry import Kernel, register
from ..core.types import TensorSpec

_print_lock = threading.Lock()


@register("interpreter.print")
def _print(op):
    spec = op.operand_specs[0]

    def print_value(value):
        text = format_tensor(value, spec)
        with _print_lock:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        return value

    return Kernel.single(print_value)


@register("interpreter.probe")
def _probe(op):
    spec = op.operand_specs[0]
    probe_id = op.attrs["probe_id"]

    def probe(value):
        type_text = spec.concrete(value.shape).text if isinstance(spec, TensorSpec) else spec.text
        probes.current().record(probe_id, value, type_text)
        return value

    return Kernel.single(probe)


def _symbols(attr) -> list:
    """The names of an array attribute of flat symbol references."""
    import mlir.ir as ir

    return [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(attr)]


@register("interpreter.run_parallel")
def _run_parallel(op):
    import mlir.ir as ir

    rows = [_symbols(row) for row in ir.ArrayAttr(op.attrs["programs"])]
    num_replicas, num_partitions = len(rows), len(rows[0])
    names = [name for row in rows for name in row]
    programs = [op.function(name) for name in names]
    bounds, start = [], 0
    for program in programs:
        bounds.append((start, start + len(program.arg_specs)))
        start += len(program.arg_specs)
    infeed_attr = op.attrs.get("infeed")
    infeed_names = None if infeed_attr is None else _symbols(infeed_attr)
    infeed_functions = None if infeed_names is None else [op.function(name) for name in infeed_names]
    runtime = op.runtime

    def run_parallel(*inputs):
        outer = grids.current()
        depth, deadline = runtime.depth, runtime.deadline
        if depth >= MAX_CALL_DEPTH:
            raise InterpreterError(f"call depth limit ({MAX_CALL_DEPTH}) exceeded starting a process grid "
                                   "(unbounded recursion?)")
        if infeed_functions is None:
            infeed = _RunFeed(outer.grid).take
        else:
            infeed = _InfeedFunctions(infeed_names, infeed_functions).take
        grid = _ProgramGrid(num_replicas, num_partitions, outer.grid.timeout, infeed=infeed,
                            outfeed=_RunFeed(outer.grid).put)
        probes.share(grid, probes.of(outer.grid))

        def process(index: int):
            program, (begin, end) = programs[index], bounds[index]
            args = inputs[begin:end]
            return lambda: _in_thread(runtime, depth, deadline, program.run, args)

        try:
            per_process = grids.run_processes(grid, [process(i) for i in range(len(programs))])
        except InterpreterError as e:
            raise _naming_program(e, names, num_partitions) from None
        return [value for results in per_process for value in results]

    return Kernel(run_parallel)


class _ProgramGrid(grids.ProcessGrid):
    """The grid of a run_parallel. Its processes may run different functions, whose collectives
    are different ops, so they meet by what they do rather than by which op they are at: the
    n-th time a process comes to a collective of one kind (op name), channel and group, it
    meets the n-th arrival of every other member there (upstream's rendezvous, by group and
    channel). Processes running one function meet as on any grid."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._arrivals: dict = {}
        self._arrivals_lock = threading.Lock()

    def exchange(self, me: tuple, key, where: grids.Site, group: tuple, value) -> list:
        kind = (where.op, where.channel, group)
        with self._arrivals_lock:
            count = self._arrivals[me, kind] = self._arrivals.get((me, kind), 0) + 1
        return super().exchange(me, (kind, count), where, group, value)


def _in_thread(runtime, depth: int, deadline, call, args):
    """`call(args)` on a thread of the inner grid, one func.call level below the starting op,
    with the starting call's deadline (the runtime keeps both per thread)."""
    runtime.depth, runtime.deadline = depth + 1, deadline
    return call(args)


def _naming_program(error: InterpreterError, names: list, num_partitions: int) -> InterpreterError:
    """`error`, raised by a process of the inner grid, also naming the program it ran."""
    pid = getattr(error, "process", None)
    if pid is None:
        return error
    prefix = f"process {grids.format_process(pid)}"
    name = names[pid[0] * num_partitions + pid[1]]
    if error.message.startswith(prefix + ":"):
        error.message = f"{prefix} (@{name}){error.message[len(prefix):]}"
        error.args = (error.message,)
    return error


class _InfeedFunctions:
    """The infeed of a run_parallel with an `infeed` attribute: one queue for all processes;
    item k is the results of function k, evaluated when an infeed op takes it."""

    def __init__(self, names: list, functions: list):
        self.names, self.functions = names, functions
        self.taken = 0
        self.lock = threading.Lock()

    def take(self, process_index: int, config: str):
        with self.lock:
            k = self.taken
            self.taken += 1
        if k >= len(self.functions):
            listed = ", ".join(f"@{n}" for n in self.names) or "none"
            count = len(self.functions)
            raise InterpreterError(f"infeed request {k + 1}, but the run_parallel's infeed lists only {count} "
                                   f"function{'s' if count != 1 else ''} ({listed})")
        return self.functions[k].run([])  # on the asking process's thread


class _RunFeed:
    """The feeds of the run the run_parallel is part of, for its inner processes."""

    def __init__(self, grid):
        self.feeds = grid.feeds

    def take(self, process_index: int, config: str):
        pid = grids.current().pid
        return self.feeds.take(process_index, pid, config, "infeed")

    def put(self, process_index: int, config: str, arrays) -> None:
        pid = grids.current().pid
        self.feeds.put(process_index, pid, config, arrays, "outfeed")
