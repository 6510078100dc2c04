"""The benchmarks' shared harness (not a test): workloads, engines, timing, checks, tables.

Every bench_*.py describes its workloads as `Workload`s (a jax function, seeded numpy inputs,
a kind, a tolerance) and hands them to `run_workloads`, which for each one:

  exports     jax.jit(fn).lower(*inputs).as_text(): the StableHLO both interpreters run;
  XLA         compiled = jax.jit(fn).lower(*inputs).compile(), the inputs jax.device_put once,
              timed as compiled(*device_inputs) then block_until_ready() ("XLA compiled");
  jax.jit     jax.jit(fn)(*numpy inputs), block_until_ready(): copies the inputs to the device
              on every call, reported as "jax.jit (copies inputs)";
  ours        run = stablehlo_py.compile(text) once (timed: "prepare"), then run(*inputs);
  reference   upstream StableHLO's reference interpreter as jaxlib ships it
              (jaxlib.mlir.dialects.stablehlo.eval_module), in a child process because it
              aborts the process on ops it lacks; it gets a time budget and, when a call does
              not finish within it, is reported as "> budget" (a lower bound).

Timing: each engine gets `warmup` untimed calls, then XLA compiled and stablehlo-py are timed in
interleaved rounds (a few calls of each engine per round, so a change in machine load hits both;
each round in another order of the engines), as many calls as fit in `budget` seconds per engine
(between `min_repeats` and `max_repeats`); then jax.jit the same way on its own (its input
copies slow whichever engine follows it). The figure reported is the median call.
Results are checked against XLA's with numpy.testing.assert_allclose (rtol and atol of the
workload; atol is scaled by the largest |XLA output|): a wrong answer is reported as WRONG and
the run exits non-zero.

The harness imports jax only when a workload runs, so bench_collectives.py (MPI, no jax) uses
its `time_calls` too.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

os.environ.setdefault("JAX_PLATFORMS", "cpu")

DENSE, LOOP, LATENCY = "dense", "scalar-loop", "latency"  # LATENCY: small models, per-call overhead


# --- workloads --------------------------------------------------------------------------


@dataclass
class Workload:
    name: str
    kind: str  # DENSE, LOOP or LATENCY
    fn: Optional[Callable]  # a jax function, exported by jax.jit(fn).lower(...); or None with `text`
    inputs: list
    rtol: float = 1e-4
    atol: float = 1e-5  # times the largest |XLA output|
    description: str = ""
    text: str = ""  # an exported program (another producer's), run as it is by every engine

    @property
    def tolerance(self) -> str:
        if self.rtol == 0 and self.atol == 0:
            return "exact"
        if self.atol == 0:
            return f"rtol {self.rtol:g}"
        return f"rtol {self.rtol:g}, atol {self.atol:g} * max|XLA result|"


@dataclass
class Engine:
    """One engine's outcome on one workload: per-call seconds, outputs or an error."""

    name: str
    times: list = field(default_factory=list)
    outputs: Optional[list] = None
    error: str = ""
    lower_bound: Optional[float] = None  # seconds, when stopped by its budget before a call ended
    note: str = ""

    @property
    def median(self) -> Optional[float]:
        return statistics.median(self.times) if self.times else None


@dataclass
class Outcome:
    workload: Workload
    xla: Engine
    jit: Engine
    ours: Engine
    reference: Engine
    prepare: Optional["Prepared"] = None  # stablehlo_py.compile's seconds, and the first call's
    check: str = ""  # "ok" or "WRONG: ..."
    reference_check: str = ""
    lines: int = 0
    iree: Engine = field(default_factory=lambda: Engine(IREE, error="not run"))
    iree_check: str = ""

    @property
    def ratio(self) -> Optional[float]:
        if self.ours.median is None or self.xla.median is None:
            return None
        return self.ours.median / self.xla.median

    @property
    def peer(self) -> Engine:
        """The faster of XLA and IREE (IREE only where it agrees with XLA)."""
        if self.iree.median is not None and self.iree_check == "ok" and (
                self.xla.median is None or self.iree.median < self.xla.median):
            return self.iree
        return self.xla

    @property
    def peer_ratio(self) -> Optional[float]:
        peer = self.peer.median
        return None if self.ours.median is None or peer is None else self.ours.median / peer


# --- timing -----------------------------------------------------------------------------


def time_calls(call, repeats: int, warmup: int = 0, before=None) -> list:
    """Seconds per call for `repeats` calls of `call` after `warmup` untimed ones;
    `before` (if given) runs untimed before each timed call (a barrier, say)."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


ROUNDS = 6


def time_interleaved(calls: dict, warmup: int, budget: float, min_repeats: int, max_repeats: int,
                     rounds: int = ROUNDS) -> dict:
    """{name: per-call seconds}: after `warmup` calls each, the engines take turns, `rounds`
    rounds of a few calls each, as many calls as fit in `budget` seconds per engine. Each round
    takes the engines in another order, so no engine always follows the same one: an engine
    leaves the caches full of its data and, for XLA, its thread pool spinning after a call."""
    estimate = {}
    for name, call in calls.items():
        warm = time_calls(call, max(warmup, 1))
        estimate[name] = min(warm)
    repeats = {name: max(min_repeats, min(max_repeats, int(budget / max(t, 1e-9))))
               for name, t in estimate.items()}
    times = {name: [] for name in calls}
    orders = list(itertools.permutations(calls))
    for r in range(rounds):
        for name in orders[r % len(orders)]:
            call = calls[name]
            share = math.ceil(repeats[name] * (r + 1) / rounds) - math.ceil(repeats[name] * r / rounds)
            times[name] += time_calls(call, share)
    return times


# The spinner checks now and then that its parent still runs: if the benchmark is killed
# (SIGKILL, SIGTERM) before it can stop the spinner, the spinner stops by itself.
SPINNER = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(10**6): pass"


@contextlib.contextmanager
def spinning_core():
    """A busy machine for the duration: one process spinning, a core's worth of CPU taken from
    the engines (run_all.py --busy). It is killed on the way out, exceptions and Ctrl-C included."""
    spinner = subprocess.Popen([sys.executable, "-c", SPINNER], stdin=subprocess.DEVNULL)
    try:
        yield spinner
    finally:
        spinner.kill()
        spinner.wait()


def as_list(outputs) -> list:
    if isinstance(outputs, (list, tuple)):
        return [np.asarray(o) for o in outputs]
    return [np.asarray(outputs)]


# --- checks -----------------------------------------------------------------------------


def check_close(outputs, expected, rtol: float, atol: float) -> str:
    """"ok", or why `outputs` differ from `expected` (XLA's) beyond the tolerance."""
    if outputs is None:
        return "-"
    if len(outputs) != len(expected):
        return f"WRONG: {len(outputs)} results, XLA has {len(expected)}"
    for i, (a, b) in enumerate(zip(outputs, expected)):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape or a.dtype != b.dtype:
            return f"WRONG: result {i} is {a.dtype}{list(a.shape)}, XLA's {b.dtype}{list(b.shape)}"
        scale = float(np.max(np.abs(b.astype(np.float64)))) if b.size else 0.0
        try:
            np.testing.assert_allclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol,
                                       atol=atol * max(scale, 1.0))
        except AssertionError:
            diff = float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64))))
            return f"WRONG: result {i} differs by up to {diff:.3g}"
    return "ok"


# --- engines ----------------------------------------------------------------------------


def _error(e: BaseException) -> str:
    return one_line(f"{type(e).__name__}: {e}", 200)


def prepare_xla(fn, inputs):
    """(call, outputs) of `fn` as a compiled executable on device-resident inputs."""
    import jax

    compiled = jax.jit(fn).lower(*inputs).compile()
    on_device = [jax.device_put(a) for a in inputs]
    jax.block_until_ready(on_device)

    def call():
        return jax.block_until_ready(compiled(*on_device))

    return call, as_list(call())


# test/conformance (oracles.py), which bench and the tests share; bench runs from a checkout, as
# it does examples/.
_CONFORMANCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "conformance")


def prepare_xla_text(text, inputs):
    """(call, outputs) of StableHLO `text` compiled by XLA for the CPU (as jax compiles what it
    exports), on device-resident inputs."""
    import jax

    if _CONFORMANCE not in sys.path:
        sys.path.append(_CONFORMANCE)
    from oracles import xla_compile_text  # the tests' XLA oracle compiles text the same way

    executable = xla_compile_text(text)
    on_device = [jax.device_put(a) for a in inputs]
    jax.block_until_ready(on_device)

    def call():
        return jax.block_until_ready(executable.execute_sharded(on_device).disassemble_into_single_device_arrays())

    return call, [np.asarray(shards[0]) for shards in call()]


def prepare_jit(fn, inputs):
    """(call, outputs) of jax.jit(fn) on numpy inputs (copied to the device on every call)."""
    import jax

    jitted = jax.jit(fn)

    def call():
        return jax.block_until_ready(jitted(*inputs))

    return call, as_list(call())


def prepare_ours(text, inputs, backend: Optional[str] = None):
    """(call, outputs, prepare seconds) of stablehlo_py.compile(text, backend=backend)."""
    import stablehlo_py

    start = time.perf_counter()
    run = stablehlo_py.compile(text, backend=backend)
    prepare = time.perf_counter() - start
    start = time.perf_counter()
    outputs = as_list(run(*inputs))  # compiles first, for an entry refined per shape
    first = time.perf_counter() - start
    return (lambda: run(*inputs)), outputs, Prepared(prepare, first, getattr(run, "timings", {}).get("cache"))


@dataclass
class Prepared:
    """stablehlo-py's compile and first-call seconds, and the compile cache's answer ("hit",
    "miss", or "off"; None for the interpreter), reported apart from the timed calls."""
    prepare: float
    first_call: float
    cache: Optional[str] = None

    def __str__(self) -> str:
        tag = " cached" if self.cache == "hit" else ""
        return f"{fmt_time(self.prepare)}{tag} + 1st call {fmt_time(self.first_call)}"


# The reference interpreter and IREE run in child processes (`python harness.py --worker KIND
# DIR`): IREE's compiler carries its own MLIR Python bindings, which cannot share a process with
# the SDK's (stablehlo_py's); and a crash or hang of the reference is recorded, not fatal. DIR
# holds module.mlir, in_<i>.npy and config.json; the child prepares its engine, makes `warmup`
# untimed calls, writes `started` (wall-clock time of its first timed call), times.json after
# every call, and out_<i>.npy.

REFERENCE = "reference interpreter (jaxlib eval_module)"
IREE = "IREE (llvm-cpu, host CPU)"


def _reference_engine(text, inputs):
    """(call, results -> numpy arrays) of jaxlib's reference interpreter (eval_module)."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    context = jax_mlir.make_ir_context()
    context.__enter__()  # for the worker's lifetime
    ir.Location.unknown().__enter__()
    module = ir.Module.parse(text)
    args = [ir.DenseElementsAttr.get(np.array(a, order="C")) for a in inputs]  # keeps 0-d arrays 0-d
    return (lambda: stablehlo.eval_module(module, args)), (lambda results: [np.array(r) for r in results])


def _iree_engine(text, inputs):
    """(call, results -> numpy arrays) of the StableHLO `text` compiled by IREE for this CPU
    (bench-only dependency: pip install -e '.[bench]'), run by its local-task driver (its own
    threads) on inputs already on the device; a call returns once its results are computed."""
    try:
        import iree.compiler as iree_compiler
        import iree.runtime as iree_runtime
    except ImportError:
        raise RuntimeError("IREE is not installed (pip install -e '.[bench]')") from None
    vmfb = iree_compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
    config = iree_runtime.Config("local-task")
    context = iree_runtime.SystemContext(config=config)
    module = iree_runtime.VmModule.copy_buffer(context.instance, vmfb)
    context.add_vm_module(module)
    main = context.modules[module.name]["main"]
    on_device = [iree_runtime.asdevicearray(config.device, a) for a in inputs]

    def to_numpy(results):
        return [np.asarray(r.to_host()) for r in (results if isinstance(results, (list, tuple)) else [results])]

    return (lambda: main(*on_device)), to_numpy


_CHILD_ENGINES = {"reference": (REFERENCE, _reference_engine), "iree": (IREE, _iree_engine)}


def child_worker(kind: str, directory: str) -> int:
    with open(os.path.join(directory, "config.json")) as fh:
        config = json.load(fh)
    with open(os.path.join(directory, "module.mlir")) as fh:
        text = fh.read()
    inputs = [np.load(os.path.join(directory, f"in_{i}.npy")) for i in range(config["inputs"])]
    call, to_numpy = _CHILD_ENGINES[kind][1](text, inputs)
    for _ in range(config["warmup"]):
        call()
    times = []
    with open(os.path.join(directory, "started"), "w") as fh:
        fh.write(repr(time.time()))
    while len(times) < config["repeats"] and sum(times) + (times[-1] if times else 0) <= config["budget"]:
        start = time.perf_counter()
        results = call()
        times.append(time.perf_counter() - start)
        with open(os.path.join(directory, "times.json"), "w") as fh:
            json.dump(times, fh)
    for i, r in enumerate(to_numpy(results)):
        np.save(os.path.join(directory, f"out_{i}.npy"), r)
    return 0


def run_in_child(kind: str, text, inputs, repeats: int, budget: float, warmup: int = 0,
                 startup_timeout: float = 120.0) -> Engine:
    """Engine `kind` of _CHILD_ENGINES on `inputs` in a child process: up to `repeats` calls after
    `warmup` untimed ones, stopped `budget` seconds after its first timed call started
    (preparation is not timed)."""
    engine = Engine(_CHILD_ENGINES[kind][0])
    with tempfile.TemporaryDirectory(prefix=f"bench_{kind}_") as directory:
        with open(os.path.join(directory, "module.mlir"), "w") as fh:
            fh.write(text)
        for i, a in enumerate(inputs):
            np.save(os.path.join(directory, f"in_{i}.npy"), np.asarray(a))
        with open(os.path.join(directory, "config.json"), "w") as fh:
            json.dump({"inputs": len(inputs), "repeats": repeats, "budget": budget, "warmup": warmup}, fh)
        log = open(os.path.join(directory, "log.txt"), "w+")
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", kind, directory],
                                stdout=log, stderr=subprocess.STDOUT)
        started_path = os.path.join(directory, "started")
        launched = time.time()
        started = None
        while proc.poll() is None:
            if started is None and os.path.exists(started_path):
                started = _load(started_path, float)
            now = time.time()
            if (started is None and now - launched > startup_timeout) or \
                    (started is not None and now - started > budget):
                proc.kill()
                proc.wait()
                break
            time.sleep(0.02)
        engine.times = _load(os.path.join(directory, "times.json"), json.loads) or []
        if proc.returncode not in (0, None) and proc.returncode != -9:
            log.seek(0)
            lines = log.read().strip().splitlines()
            how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit status {proc.returncode}"
            engine.error = f"crashed ({how}): {one_line(lines[-1] if lines else '', 160)}"
            engine.times = []
        elif proc.returncode == -9:
            if started is None:
                engine.error = f"not started within {startup_timeout:g} s"
            elif not engine.times:
                engine.lower_bound = time.time() - started
                engine.note = f"stopped after {engine.lower_bound:.1f} s, no call finished"
            else:
                engine.note = f"stopped by the {budget:g} s budget after {len(engine.times)} call(s)"
        else:
            outputs = []
            while os.path.exists(os.path.join(directory, f"out_{len(outputs)}.npy")):
                outputs.append(np.load(os.path.join(directory, f"out_{len(outputs)}.npy")))
            engine.outputs = outputs
        log.close()
    return engine


def _load(path, parse):
    try:
        with open(path) as fh:
            return parse(fh.read())
    except (OSError, ValueError):
        return None


# --- one workload -----------------------------------------------------------------------


@dataclass
class Settings:
    warmup: int = 2
    budget: float = 1.0  # seconds of timed calls per in-process engine and workload
    min_repeats: int = 5
    max_repeats: int = 50
    reference: bool = True
    ref_repeats: int = 3
    ref_budget: float = 10.0  # seconds
    backend: Optional[str] = None  # stablehlo_py.compile's backend for stablehlo-py's column (None: its default)


def add_arguments(parser, budget: float = 1.0, ref_budget: float = 10.0) -> None:
    """The options every benchmark shares (see Settings)."""
    parser.add_argument("--warmup", type=int, default=2, help="untimed calls per engine")
    parser.add_argument("--budget", type=float, default=budget,
                        help="seconds of timed calls per engine and workload (default %(default)s)")
    parser.add_argument("--min-repeats", type=int, default=5)
    parser.add_argument("--max-repeats", type=int, default=50)
    parser.add_argument("--ref-repeats", type=int, default=3, help="most calls of the reference interpreter")
    parser.add_argument("--ref-budget", type=float, default=ref_budget,
                        help="seconds the reference interpreter may run per workload (default %(default)s)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference interpreter")
    parser.add_argument("--backend", default=None, choices=("interpreter", "compiled", "auto"),
                        help="stablehlo_py.compile's backend for stablehlo-py's column (default: compile's own, "
                             "auto)")


def settings_from(args) -> Settings:
    return Settings(warmup=args.warmup, budget=args.budget, min_repeats=args.min_repeats,
                    max_repeats=args.max_repeats, reference=not args.no_reference,
                    ref_repeats=args.ref_repeats, ref_budget=args.ref_budget, backend=args.backend)


def run_workload(w: Workload, s: Settings) -> Outcome:
    import jax

    text = w.text or jax.jit(w.fn).lower(*w.inputs).as_text()
    xla, jit, ours = Engine("XLA compiled"), Engine("jax.jit (copies inputs)"), Engine("stablehlo-py")
    calls, prepare = {}, None
    if w.text:
        jit.error = "an exported program: no jax function to jit"
    makers = ((xla, lambda: prepare_xla_text(text, w.inputs) if w.text else prepare_xla(w.fn, w.inputs)),
              (jit, None if w.text else lambda: prepare_jit(w.fn, w.inputs)),
              (ours, lambda: prepare_ours(text, w.inputs, s.backend)))
    for engine, make in makers:
        if make is None:
            continue
        try:
            made = make()
        except Exception as e:  # noqa: BLE001 (a benchmark reports, never crashes)
            engine.error = _error(e)
            continue
        calls[engine.name], engine.outputs = made[0], made[1]
        if engine is ours:
            prepare = made[2]
    # jax.jit's calls copy the inputs into fresh device buffers (25 MB a call for the embedding
    # table), which slows whichever engine runs next far more than its turn's data does: it is
    # timed in rounds of its own, after the peers
    peers = {name: call for name, call in calls.items() if name != jit.name}
    times = {}
    for group in (peers, {name: call for name, call in calls.items() if name == jit.name}):
        try:
            times.update(time_interleaved(group, s.warmup, s.budget, s.min_repeats, s.max_repeats))
        except Exception as e:  # noqa: BLE001
            for engine in (xla, jit, ours):
                if engine.name in group:
                    engine.error = engine.error or _error(e)
    for engine in (xla, jit, ours):
        engine.times = times.get(engine.name, [])
    # IREE in a child process (see run_in_child), its compile not timed, as many calls as the
    # in-process engines may make
    iree = run_in_child("iree", text, w.inputs, s.max_repeats, s.budget, s.warmup, startup_timeout=600.0)
    if s.reference:
        reference = run_in_child("reference", text, w.inputs, s.ref_repeats, s.ref_budget)
    else:
        reference = Engine(REFERENCE, error="skipped (--no-reference)")
    outcome = Outcome(w, xla, jit, ours, reference, prepare=prepare, lines=len(text.splitlines()), iree=iree)
    if xla.outputs is not None and iree.outputs is not None:
        outcome.iree_check = check_close(iree.outputs, xla.outputs, w.rtol, w.atol)
    if xla.outputs is None:
        outcome.check = "no XLA result"
    elif ours.outputs is None:
        outcome.check = "failed: " + ours.error
    else:
        outcome.check = check_close(ours.outputs, xla.outputs, w.rtol, w.atol)
    if xla.outputs is not None and reference.outputs is not None:
        outcome.reference_check = check_close(reference.outputs, xla.outputs, w.rtol, w.atol)
    return outcome


def warm_up_package() -> None:
    """Imports stablehlo_py and prepares a trivial program once, so that the first workload's
    prepare time does not include loading the package, its dialects and the interpreter."""
    import stablehlo_py

    stablehlo_py.compile("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                         "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}")(
        np.ones(2, np.float32))


def run_workloads(workloads: list, s: Settings, progress=True) -> list:
    warm_up_package()
    outcomes = []
    for w in workloads:
        start = time.perf_counter()
        if progress:
            print(f"  {w.name} ...", end="", flush=True)
        outcomes.append(run_workload(w, s))
        if progress:
            o = outcomes[-1]
            print(f" ours {fmt_time(o.ours.median)}, XLA {fmt_time(o.xla.median)}, {o.check} "
                  f"({time.perf_counter() - start:.1f} s)", flush=True)
    return outcomes


# --- report -----------------------------------------------------------------------------


def one_line(message: str, limit: int = 300) -> str:
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fmt_time(seconds) -> str:
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fmt_ratio(ratio, prefix="") -> str:
    if ratio is None:
        return "-"
    return f"{prefix}{ratio:.3g}x" if ratio >= 0.01 else f"{prefix}{ratio:.2e}x"


def geomean(values) -> Optional[float]:
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def reference_cells(o: Outcome) -> tuple:
    """(time, reference / ours) cells: a time, '> t' for a lower bound, or why it is missing."""
    r = o.reference
    if r.error:
        return "n/a: " + short_error(r.error).replace("|", "\\|"), "-"
    ours = o.ours.median
    if r.median is not None:
        return fmt_time(r.median), fmt_ratio(r.median / ours if ours else None)
    if r.lower_bound is not None:
        return "> " + fmt_time(r.lower_bound), fmt_ratio(r.lower_bound / ours if ours else None, "> ")
    return "-", "-"


def short_error(error: str) -> str:
    """The gist of an engine's error for the summary table (the detail table has it all)."""
    match = re.search(r"Unsupported op: (?:[%\w#:, ]+ = )?\"?([\w.]+)", error)
    if match:
        return f"crashed: unsupported op {match.group(1)}"
    return one_line(error, 60)


def markdown_table(header: list, rows: list) -> str:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, rows)])


SUMMARY_HEADER = ["workload", "kind", "stablehlo-py", "XLA compiled", "ratio", "IREE", "vs faster peer",
                  "jax.jit (copies inputs)", "reference interp.", "reference / ours", "prepare", "agrees with XLA"]


def iree_cell(o: Outcome) -> str:
    """IREE's time, or why it is missing or not counted."""
    if o.iree.error:
        return "n/a: " + short_error(o.iree.error).replace("|", "\\|")
    if o.iree_check != "ok":
        return f"{fmt_time(o.iree.median)} (disagrees with XLA)"
    return fmt_time(o.iree.median)


def summary_table(outcomes: list) -> str:
    rows = []
    for o in outcomes:
        ours = fmt_time(o.ours.median) if not o.ours.error else "failed"
        ref_time, ref_ratio = reference_cells(o)
        peer = "IREE" if o.peer is o.iree else "XLA"
        rows.append([o.workload.name, o.workload.kind, ours, fmt_time(o.xla.median), fmt_ratio(o.ratio),
                     iree_cell(o), f"{fmt_ratio(o.peer_ratio)} ({peer})" if o.peer_ratio else "-",
                     fmt_time(o.jit.median), ref_time, ref_ratio,
                     str(o.prepare) if o.prepare else "-", o.check.replace("|", "\\|")])
    return markdown_table(SUMMARY_HEADER, rows)


def detail_table(outcomes: list) -> str:
    """Per workload and engine: median, minimum and number of calls, tolerance, notes."""
    rows = []
    for o in outcomes:
        for e in (o.ours, o.xla, o.iree, o.jit, o.reference):
            if e.error:
                rows.append([o.workload.name, e.name, "-", "-", "0", e.error.replace("|", "\\|")])
                continue
            note = e.note
            if e is o.reference and o.reference_check:
                note = (note + "; " if note else "") + f"vs XLA: {o.reference_check}"
            if e is o.iree and o.iree_check:
                note = (note + "; " if note else "") + f"vs XLA: {o.iree_check}"
            if e is o.ours:
                note = f"tolerance {o.workload.tolerance}; {o.lines} lines of StableHLO"
            rows.append([o.workload.name, e.name, fmt_time(e.median) if e.times else "-",
                         fmt_time(min(e.times)) if e.times else "-", str(len(e.times)), note.replace("|", "\\|")])
    return markdown_table(["workload", "engine", "median", "min", "calls", "notes"], rows)


def geomeans(outcomes: list) -> str:
    lines = []
    for kind in (DENSE, LOOP, LATENCY):
        ratios = [o.ratio for o in outcomes if o.workload.kind == kind and o.check == "ok"]
        if ratios:
            worst = max((o for o in outcomes if o.workload.kind == kind and o.check == "ok" and o.ratio),
                        key=lambda o: o.ratio)
            lines.append(f"{kind} workloads: geomean ratio {fmt_ratio(geomean(ratios))} over {len(ratios)} "
                         f"(worst {fmt_ratio(worst.ratio)}, {worst.workload.name})")
        peers = [o for o in outcomes if o.workload.kind == kind and o.check == "ok" and o.peer_ratio]
        if peers:
            worst = max(peers, key=lambda o: o.peer_ratio)
            lines.append(f"{kind} workloads against the faster of XLA and IREE: geomean "
                         f"{fmt_ratio(geomean([o.peer_ratio for o in peers]))} over {len(peers)} "
                         f"(worst {fmt_ratio(worst.peer_ratio)}, {worst.workload.name})")
    return "\n".join(lines)


BUSY_LIMIT = 1.5  # the busy ratio may be at most this many times the quiet one


def busy_factor(quiet: Outcome, busy: Outcome) -> Optional[float]:
    """How much worse stablehlo-py fares against XLA with a core busy: busy ratio / quiet ratio
    (None unless both runs agree with XLA)."""
    if quiet.check != "ok" or busy.check != "ok" or not quiet.ratio or not busy.ratio:
        return None
    return busy.ratio / quiet.ratio


def busy_table(quiet: list, busy: list) -> str:
    """Per workload (the same workloads, in the same order, in both runs): the ratio on the quiet
    machine, the ratio with one core busy (both engines under the same load), and their quotient."""
    rows = []
    for q, b in zip(quiet, busy):
        check = q.check if q.check == b.check else f"quiet: {q.check}; busy: {b.check}"
        rows.append([q.workload.name, q.workload.kind, fmt_ratio(q.ratio), fmt_ratio(b.ratio),
                     fmt_ratio(busy_factor(q, b)), check.replace("|", "\\|")])
    return markdown_table(["workload", "kind", "ratio, quiet", "ratio, one core busy", "busy / quiet",
                           "agrees with XLA"], rows)


def busy_geomeans(quiet: list, busy: list) -> str:
    """Both runs' geomeans, the worst busy / quiet factor and whether every workload is within
    BUSY_LIMIT (a workload without both ratios is not)."""
    lines = [f"quiet machine, {line}" for line in geomeans(quiet).splitlines()]
    lines += [f"one core busy, {line}" for line in geomeans(busy).splitlines()]
    factors = [(q.workload.name, busy_factor(q, b)) for q, b in zip(quiet, busy)]
    measured = [(name, f) for name, f in factors if f is not None]
    if measured:
        name, worst = max(measured, key=lambda nf: nf[1])
        lines.append(f"busy / quiet: geomean {fmt_ratio(geomean(f for _, f in measured))}, "
                     f"worst {fmt_ratio(worst)} ({name})")
    over = [f"{name} ({fmt_ratio(f)})" if f is not None else f"{name} (no ratio)"
            for name, f in factors if f is None or f > BUSY_LIMIT]
    lines.append(f"every workload within {BUSY_LIMIT:g}x of its quiet ratio under load: "
                 + (f"no: {', '.join(over)}" if over else "yes"))
    return "\n".join(lines)


def main_for(title: str, workloads: list, args) -> int:
    """What a single bench_*.py prints: its workloads through the harness, then the tables."""
    import jax

    print(f"{title}; jax {jax.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs", flush=True)
    outcomes = run_workloads(workloads, settings_from(args))
    print()
    print(summary_table(outcomes))
    print()
    print(detail_table(outcomes))
    print()
    print(FOOTER)
    return 0 if all(o.check == "ok" for o in outcomes) else 1


FOOTER = ("ratio = stablehlo-py median / XLA compiled median (smaller is faster); vs faster peer = "
          "stablehlo-py median / the faster of XLA and IREE; reference / ours = reference median / "
          "stablehlo-py median (larger: we are faster).")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--worker":
        status = child_worker(sys.argv[2], sys.argv[3])
        # Everything is on disk: skip the interpreter's finalization, where jaxlib's MLIR context (entered for
        # the worker's lifetime) aborted with signal 6 after a successful run, discarding its timings.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    print(__doc__)
