"""The numpy interpreter: run StableHLO functions on numpy arrays.

    results = interpret(module_or_text, *arrays, entry="main")
    run = compile(module_or_text, entry="main"); results = run(*arrays)
    interpret(..., limits=Limits(max_total_bytes=2**30, timeout=10.0))  # or a dict
    per_process = interpret(module, [x0, x1, x2, x3], w, num_replicas=2, num_partitions=2)


`compile` prepares the module once (see plan.py); the returned callable only
executes the prepared plan.  The entry is `entry`, or, when `entry` is "main"
and there is no @main, the module's only function.  Values are numpy arrays
(ml_dtypes for bf16, f8, int4, ...); 0-d arrays for scalar tensors; Python
tuples for tuple values; `TOKEN` for `!stablehlo.token` values.  Every
failure is an `InterpreterError` naming the op and its location; a check
that does not hold is a `CheckFailure`.  `limits` (limits.py) bound the memory,
`while` iterations and wall time of a call; the memory defaults follow the machine.

The process grid (grid.py): `interpret(..., num_replicas=R, num_partitions=P)` (defaults: the
module's `mhlo.num_replicas` / `mhlo.num_partitions` attributes, else 1) runs R*P processes,
one thread each, on the one prepared plan. Process i (flattened id: replica_id *
num_partitions + partition_id) gets the i-th element of each argument given as a list, and
every other argument as it is; the result is one result list per process. A 1x1 grid is an
ordinary call. A process waits at most `collective_timeout` seconds for its group at a
collective op (or for a value at a recv). Under an MPI launcher (`mpiexec -n R*P`), each rank
runs one process (its rank is its flattened id) and gets every process's results (mpi.py); a
failing process prints its error and aborts the MPI job.

Feeds (grid.Feeds): `infeed` is a callable `infeed(process_index, infeed_config) -> sequence of
arrays` (one per non-token result of the op, checked against its types), a queue.Queue, list
or iterable of such sequences (each infeed op takes the next item), or a dict of those per
process {flattened process index: ...}; `outfeed` is a callable
`outfeed(process_index, outfeed_config, arrays)` or a list to which `(process_index, arrays)`
is appended. Without `outfeed`, a program that outfeeds runs all the same and the values are
kept in its results' `outfeed` (`Results`: `interpret(text).outfeed`, `executable(x).outfeed`,
a list of `Outfed(process_index, config, arrays)`). Host-transfer send / recv use them too (config f"send channel {id}" /
f"recv channel {id}"); device send / recv go through the grid's channels (communication.py).
"""

from __future__ import annotations

import threading

import numpy as np

from ..dialects.mhlo_encoding import has_encoded_ops, recompose_encoded_ops
from . import kernels
from .core import attributes, registry
from .core.errors import CheckFailure, InterpreterError, Reported
from .core.limits import Limits
from .core.plan import Function, PlanBuilder, Runtime, set_loop_planner
from .core.registry import supported_ops
from .core.types import TOKEN, Token, TokenSpec, TupleSpec, coerce_argument
from .kernels.custom_calls import register_custom_call, registered_custom_calls, unregister_custom_call
from .planning import loops
from .runtime import mpi, probes, threads
from .runtime.grid import DEFAULT_TIMEOUT, Outfed, new_grid, run_processes, running_as
from .runtime.grid import current as current_process

# The layers below do not import the ones above them; this is where they meet: the registry
# loads the kernels at its first lookup, while loops are planned by the loop analyses, and new
# grids run on MPI ranks when an MPI launcher started this process.
registry.set_loader(kernels.register_all)
set_loop_planner(loops.plan_loop)
mpi.install()

__all__ = ["interpret", "compile", "run_on_grid", "grid_defaults", "module_grid_size", "Executable", "Results", "Outfed", "InterpreterError", "CheckFailure", "Limits", "supported_ops", "TOKEN",
           "Token", "register_custom_call", "unregister_custom_call", "registered_custom_calls"]


_RUNNING = Reported("", "Python recursion limit reached")
_ONE_BLAS_THREAD = threads.one_blas_thread()  # a call's products split on our pool, never spin (threads.py)
_PREPARING = Reported(" while preparing", "module nesting too deep to prepare")


def _load_module(module_or_text, strict: bool = False):
    """(module operation, owner to keep alive) from an mlir Module, Operation/OpView or text;
    `strict`: spec deviations upstream accepts are errors (parse_module)."""
    import mlir.ir as ir

    if isinstance(module_or_text, (str, bytes, bytearray, memoryview)):
        from .._parsing import parse_module

        try:
            module = parse_module(module_or_text, strict=strict)
        except TypeError as e:  # not a program (program_text says what is accepted)
            raise InterpreterError(str(e)) from None
        except ir.MLIRError as e:
            raise InterpreterError(f"cannot parse the module: {e}") from None
        recompose_encoded_ops(module.operation)
        return module.operation, module
    if isinstance(module_or_text, ir.Module):
        return _decoded(_verified(module_or_text.operation, strict), module_or_text)
    op = getattr(module_or_text, "operation", module_or_text)
    if not isinstance(op, ir.Operation):
        raise InterpreterError(f"expected an mlir Module, Operation or text, got {type(module_or_text).__name__}")
    if op.name == "func.func":
        parent = op.parent
        if parent is None:
            raise InterpreterError("a func.func outside a module cannot be interpreted; pass its module")
        return _decoded(_verified(parent, strict), op)
    if op.name != "builtin.module":
        raise InterpreterError(f"expected a builtin.module or func.func, got {op.name}")
    return _decoded(_verified(op), op)


def _decoded(module_op, owner):
    """(module operation, owner) where ops that producers encode as custom calls (torch-xla's
    `@mhlo.erf`: dialects/mhlo_encoding.py) are the ops themselves: in a copy, since the caller's
    module is theirs."""
    if not has_encoded_ops(module_op):
        return module_op, owner
    from .._parsing import parse_module

    copy = parse_module(module_op.get_asm(enable_debug_info=True), module_op.context)
    recompose_encoded_ops(copy.operation)
    return copy.operation, copy


def _verified(module_op, strict: bool = False):
    """`module_op` once the verifiers accept it: a module built in Python (or edited after parsing)
    has not been verified, and kernels rely on what verification guarantees. `strict` makes its
    context check the spec strictly from then on (parse_module)."""
    import mlir.ir as ir

    from .. import _stablehlo

    if strict:
        _stablehlo.set_strict_spec(module_op.context, True)
    try:
        module_op.verify()
    except ir.MLIRError as e:
        raise InterpreterError(f"the module does not verify: {e}") from None
    return module_op


def _entry_name(builder: PlanBuilder, entry: str) -> str:
    if entry in builder.symbols:
        return entry
    if entry == "main" and len(builder.symbols) == 1:
        return next(iter(builder.symbols))
    names = ", ".join(f"@{n}" for n in builder.symbols) or "none"
    raise InterpreterError(f"no function @{entry} in the module (functions: {names})")


class _ThreadRuntime(Runtime):
    """A Runtime whose call depth and deadline belong to the calling thread, so the processes of
    a grid (one thread each) can run one prepared plan at once."""

    def __init__(self, limits: Limits | None = None):
        object.__setattr__(self, "_local", threading.local())
        super().__init__(limits)

    depth = property(lambda self: getattr(self._local, "depth", 0),
                     lambda self, value: setattr(self._local, "depth", value))
    deadline = property(lambda self: getattr(self._local, "deadline", None),
                        lambda self, value: setattr(self._local, "deadline", value))


class Executable:
    """A prepared entry function: call it with numpy arrays, get a list of numpy arrays.

    `num_replicas`, `num_partitions`: the module's process grid (`mhlo.num_replicas`,
    `mhlo.num_partitions`; 1 when absent), the defaults of `run_on_grid`."""

    num_replicas = 1
    num_partitions = 1

    def __init__(self, function: Function, runtime: Runtime | None = None):
        self._function = function
        self._runtime = runtime if runtime is not None else Runtime()
        self.limits = self._runtime.limits
        self.name = function.name
        self.arg_specs = list(function.arg_specs)
        self.result_specs = list(function.result_specs)

    def __repr__(self) -> str:
        args = ", ".join(s.text for s in self.arg_specs)
        results = ", ".join(s.text for s in self.result_specs)
        return f"<compiled @{self.name}: ({args}) -> ({results})>"

    def plan_for(self, *arrays) -> "Executable":
        """The executable that runs these arguments: this one (an executable specialising per
        shape signature returns the plan of theirs)."""
        return self

    def format_results(self, results: list) -> str:
        """The results of a call as the CLI and the interpret pass print them."""
        return format_results(self.name, results, self.result_specs)

    def __call__(self, *arrays) -> list:
        specs = self.arg_specs
        if len(arrays) != len(specs):
            expected = ", ".join(s.text for s in specs)
            raise InterpreterError(f"@{self.name} takes {len(specs)} argument{'s' if len(specs) != 1 else ''} "
                                   f"({expected}), got {len(arrays)}")
        args = [coerce_argument(i, a, s, self.name) for i, (a, s) in enumerate(zip(arrays, specs))]
        grid = current_process().grid
        kept = grid.feeds.outfed
        mark = len(kept)
        with _RUNNING, _ONE_BLAS_THREAD:
            self._runtime.start()
            with np.errstate(all="ignore"):
                results = Results(_outputs(self._function.run(args)))
        if grid.thread_default and len(kept) > mark:  # a plain call: its own outfed values
            results.outfeed = kept[mark:]
            del kept[mark:]
        return results


def format_results(name: str, results: list, specs: list) -> str:
    """The results of a call of @name as the CLI and the interpret pass print them (every
    backend: stablehlo_py.lowering's compiled programs too)."""
    lines = []

    def describe(label, value, spec):
        if isinstance(spec, TupleSpec):
            lines.append(f"{label}: {spec.text}")
            for i, (v, s) in enumerate(zip(value, spec.elements)):
                describe(f"{label} element {i}", v, s)
        elif isinstance(spec, TokenSpec):
            lines.append(f"{label}: {spec.text}")
        else:
            lines.append(f"{label}: {spec.text} shape={value.shape} dtype={value.dtype.name}")
            lines.append(np.array_repr(value))

    for index, (value, spec) in enumerate(zip(results, specs)):
        describe(f"@{name} result {index}", value, spec)
    return "\n".join(lines)


class Results(list):
    """The results of a call: a list (of arrays, or of result lists per process on a grid).

    `outfeed`: what the program's outfeed and host-transfer send ops handed to the host when the
    call was given no `outfeed=` (grid.Outfed records: process_index, config, arrays; in the
    order the ops ran, every process's on a grid)."""

    def __init__(self, results=()):
        super().__init__(results)
        self.outfeed: list = []

    @staticmethod
    def of(results, outfed: list) -> "Results":
        results = results if isinstance(results, Results) else Results(results)
        if outfed:
            results.outfeed = list(outfed)
        return results


def _root(array: np.ndarray):
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def _outputs(results: list) -> list:
    """Results the caller may own and write: arguments are read-only views inside a
    run and constants are read-only, so a read-only result is copied; so is a result
    sharing its buffer with an earlier one."""
    seen: set = set()

    def own(r):
        if isinstance(r, tuple):
            return tuple(own(v) for v in r)
        if r is TOKEN:
            return r
        r = np.asarray(r)
        root = id(_root(r))
        if not r.flags.writeable or root in seen:
            r = r.copy()
            root = id(r)
        seen.add(root)
        return r

    return [own(r) for r in results]


def compile(module_or_text, entry: str = "main", limits=None, strict: bool = False,  # noqa: A001 - public API name
            native_functions=None) -> Executable:
    """Prepare `entry` of a module once; returns a callable `(*arrays) -> list of arrays`.

    `limits`: a Limits, a dict of its fields, or None for the defaults. `strict`: a program the
    spec rejects but upstream StableHLO accepts is an error instead of a SpecDeviationWarning.
    `native_functions`: {name: callable on arrays} that a func.call of that name runs instead of
    interpreting the function (the compiled callees of backend="auto")."""
    limits = Limits.of(limits)
    with _PREPARING:
        module_op, _owner = _load_module(module_or_text, strict)
        builder = PlanBuilder(module_op, limits)
        builder.runtime = _ThreadRuntime(builder.limits)  # shared by the threads of a process grid
        builder.runtime.native_functions = dict(native_functions or {})
        executable = Executable(builder.function(_entry_name(builder, entry)), builder.runtime)
        builder.seal()
        executable.num_replicas, executable.num_partitions = module_grid_size(module_op)
        return executable


def module_grid_size(module_op) -> tuple:
    """(num_replicas, num_partitions) from the module's mhlo.num_replicas / mhlo.num_partitions;
    1x1 for a global-view (Shardy) program, whose manual computations fan out themselves
    (shardy.py)."""
    if any(op.operation.name == "sdy.mesh" for op in module_op.regions[0].blocks[0].operations):
        return 1, 1
    sizes = []
    for name in ("mhlo.num_replicas", "mhlo.num_partitions"):
        attr = attributes.get(module_op, name)
        value = 1 if attr is None else attributes.decode(attr)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InterpreterError(f"the module attribute {name} must be a positive integer, got {attr}")
        sizes.append(value)
    return tuple(sizes)


def grid_defaults(executable) -> tuple:
    """(num_replicas, num_partitions) of a compiled program's module (1, 1 when it names none)."""
    for candidate in (executable, getattr(executable, "_dynamic", None)):
        if candidate is not None and hasattr(candidate, "num_replicas"):
            return candidate.num_replicas, candidate.num_partitions
    return 1, 1


def run_on_grid(executable, arrays, num_replicas=None, num_partitions=None,
                collective_timeout: float | None = DEFAULT_TIMEOUT, infeed=None, outfeed=None,
                probe_dir=None) -> list:
    """Call `executable` (compile's result) on the process grid: one result list per process
    (flattened order), or, on a 1x1 grid, the results of one plain call. An argument given as a
    list holds one value per process; any other is every process's. `infeed`, `outfeed`: the
    feeds of the run (see the module's doc). `probe_dir`: where interpreter.probe writes (see
    interpret; also a probes.ProbeFiles, to number the files of several runs as one)."""
    with _ONE_BLAS_THREAD:  # in the caller's thread: OpenBLAS ignores it from a grid's threads (threads.py)
        return _run_on_grid(executable, arrays, num_replicas, num_partitions, collective_timeout, infeed, outfeed,
                            probe_dir)


def _run_on_grid(executable, arrays, num_replicas, num_partitions, collective_timeout, infeed, outfeed,
                 probe_dir) -> list:
    default_replicas, default_partitions = grid_defaults(executable)
    grid = new_grid(default_replicas if num_replicas is None else num_replicas,
                    default_partitions if num_partitions is None else num_partitions, collective_timeout,
                    infeed, outfeed)
    probes.attach(grid, probe_dir)  # the run's own probe records
    if grid.num_processes == 1:
        with running_as(grid, 0, 0):
            return Results.of(executable(*arrays), grid.feeds.outfed)
    specs = executable.arg_specs
    if len(arrays) != len(specs):
        expected = ", ".join(s.text for s in specs)
        raise InterpreterError(f"@{executable.name} takes {len(specs)} argument{'s' if len(specs) != 1 else ''} "
                               f"({expected}), got {len(arrays)}")
    n = grid.num_processes
    for index, value in enumerate(arrays):
        if isinstance(value, list) and len(value) != n:
            raise InterpreterError(f"argument {index} is a list of {len(value)} values, but the "
                                   f"{grid.num_replicas}x{grid.num_partitions} process grid has {n} processes "
                                   f"(give one value per process, or one array for all)")
    per_process = [[v[i] if isinstance(v, list) else v for v in arrays] for i in range(n)]
    calls = []
    for index, args in enumerate(per_process):
        if not grid.runs_here(index):  # another rank's process (MPI)
            calls.append(None)
            continue
        target = executable.plan_for(*args)  # a specialising executable's plans are prepared here
        calls.append(lambda target=target, args=args: target(*args))
    return Results.of(run_processes(grid, calls), grid.feeds.outfed)


def interpret(module_or_text, *arrays, entry: str = "main", limits=None, num_replicas=None, num_partitions=None,
              collective_timeout: float | None = DEFAULT_TIMEOUT, infeed=None, outfeed=None,
              probe_dir=None, strict: bool = False) -> list:
    """Run `entry` of a module on `arrays`; returns the results as a list of numpy arrays, or, on a
    process grid of more than one process, a list of them per process (see the module's doc).
    `infeed`, `outfeed`: the host's feeds for infeed / outfeed and host-transfer recv / send;
    without `outfeed`, the outfed values are kept in the returned list's `outfeed` (Results).
    `probe_dir`: a directory (created if needed) where each run of an `interpreter.probe` op
    writes its value as `<probe_id sanitized>_<n>.npy` and a line `probe_id,type,path` of
    `index.csv` (probes.py); without it probes are recorded in memory only, for
    check.expect_serialized_eq. `strict`: as for `compile`.
    A jax.export blob takes the exported function's arguments (as `Exported.call` does): the
    ones its module dropped are dropped, the platform index is added (_jax_export.py)."""
    from .._jax_export import call_arguments
    try:
        arrays = call_arguments(module_or_text, arrays)
    except ValueError as e:
        raise InterpreterError(str(e)) from None
    return run_on_grid(compile(module_or_text, entry, limits, strict), arrays, num_replicas, num_partitions,
                       collective_timeout, infeed, outfeed, probe_dir)
