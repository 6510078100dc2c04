"""Mutation testing of the interpreter's kernels.

    .venv/bin/python test/mutation/run.py [--module kernels/elementwise ...] [--budget-seconds N]
                                          [--sample N] [--out DIR]

Never touches python/stablehlo_py: the package (with the built extension from
the editable install's site-packages) is copied to a temporary directory, the
editable install's import hook is removed from `sys.meta_path` (it takes
precedence over PYTHONPATH) and the copy goes first on `sys.path`. Each mutant
is written into the copy and run in a forked child of a process that has
already imported numpy, jax, mlir and pytest, so a mutant costs a fork plus
its tests. A baseline run records which tests execute which lines of each
module; a mutant runs only the tests that execute its lines (stopping at the
first failure), and a mutant no test executes is a survivor without a run.

Outcomes: killed (a test failed), survived, timeout (counted as killed: the
mutant made a test hang), equivalent (listed in equivalent.txt with a reason;
not run). Survivors are written to OUT/survivors-<module>.txt, every outcome to
OUT/results-<module>.json (a "/" in the module name becomes "-"). Order is a seeded shuffle, so a run cut short by
its budget is a uniform sample of the module's mutants.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from families import DEFAULT_ORDER, FAMILIES  # noqa: E402
from mutate import mutants_of  # noqa: E402

PACKAGE = os.path.join(REPO, "python", "stablehlo_py")
INTERP = "stablehlo_py/interpreter"


def installed_package_dir() -> str:
    """site-packages/stablehlo_py: the built extension and generated op classes."""
    import sysconfig

    return os.path.join(sysconfig.get_paths()["purelib"], "stablehlo_py")


def make_copy(root: str) -> str:
    dst = os.path.join(root, "stablehlo_py")
    shutil.copytree(PACKAGE, dst, ignore=shutil.ignore_patterns("__pycache__"))
    built = installed_package_dir()
    for dirpath, dirnames, filenames in os.walk(built):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel = os.path.relpath(dirpath, built)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for f in filenames:
            shutil.copy2(os.path.join(dirpath, f), os.path.join(dst, rel, f))
    import compileall

    compileall.compile_dir(dst, quiet=2)  # children read these; only the mutated module compiles afresh
    return root


def isolate(root: str) -> None:
    """Make `import stablehlo_py` load the copy under `root` in this process."""
    sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("_editable_")]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.join(REPO, "python")]
    sys.path.insert(0, root)
    sys.dont_write_bytecode = True


# ---------------------------------------------------------------------------
# children


class _LineTracer:
    """pytest plugin: the lines of the copied interpreter each test executes."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.current = "<import>"
        self.lines: dict = {"<import>": set()}
        self.durations: dict = {}
        self.failed: set = set()

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines[self.current].add((frame.f_code.co_filename, frame.f_lineno))
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename.startswith(self.prefix):
            self.lines[self.current].add((frame.f_code.co_filename, frame.f_lineno))
            return self._local
        return None

    def start(self):
        import threading

        sys.settrace(self._global)
        threading.settrace(self._global)

    def pytest_runtest_setup(self, item):
        self.current = item.nodeid
        self.lines.setdefault(item.nodeid, set())
        self.t0 = time.perf_counter()

    def pytest_runtest_teardown(self, item):
        self.durations[item.nodeid] = time.perf_counter() - self.t0
        self.current = "<import>"

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed.add(report.nodeid)


def _pytest_args(tests, stop_first: bool) -> list:
    args = ["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=", "--rootdir", REPO,
            "-W", "ignore", "--tb=short"]
    return args + (["-x"] if stop_first else []) + list(tests)


def _child_setup():
    """Derandomized hypothesis, and XLA oracle results memoised on disk across the forks (the
    same program on the same inputs on the same host: the oracle is unchanged, only faster)."""
    from hypothesis import settings

    settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
    settings.load_profile("mutation")
    cache = os.environ.get("SHPY_MUTATION_XLA_CACHE")
    if not cache:
        return
    sys.path.insert(0, os.path.join(REPO, "test", "conformance"))
    import hashlib
    import pickle

    import numpy as np
    import oracles

    compute = oracles.xla_run_text

    def xla_run_text(text, *args):
        h = hashlib.sha256(text.encode())
        for a in args:
            a = np.asarray(a)
            h.update(f"{a.dtype.str}{a.shape}".encode())
            h.update(np.ascontiguousarray(a).tobytes())
        path = os.path.join(cache, h.hexdigest() + ".pkl")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return pickle.load(f)
        out = compute(text, *args)
        with open(path + ".tmp", "wb") as f:
            pickle.dump(out, f)
        os.replace(path + ".tmp", path)
        return out

    oracles.xla_run_text = xla_run_text


def _fork(target, log_path: str, timeout: float):
    """Run `target()` (returns an exit code) in a forked child; ('ok'|'fail'|'timeout', seconds)."""
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            os.setpgid(0, 0)
            fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.chdir(REPO)
            code = target()
        except BaseException:  # noqa: BLE001 -- the child reports through its exit code only
            import traceback

            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    deadline = t0 + timeout
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.perf_counter() > deadline:
                _kill(pid)
                return "timeout", time.perf_counter() - t0
            time.sleep(0.02)
    except BaseException:  # SIGTERM or Ctrl-C: take the child down too
        _kill(pid)
        raise
    ok = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    return ("ok" if ok else "fail"), time.perf_counter() - t0


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


def baseline(tests, copy_root: str, work: str):
    """Run the family unmutated under the line tracer: {nodeid: lines}, durations, failures."""
    out = os.path.join(work, "baseline.json")
    prefix = os.path.join(copy_root, INTERP)

    def child():
        import pytest

        _child_setup()
        tracer = _LineTracer(prefix)
        tracer.start()
        # import every interpreter module now, so that module-level code (registrations, tables)
        # counts as run by every test rather than by whichever test happens to import it first
        import importlib
        import pkgutil

        import stablehlo_py.interpreter as interp

        for info in pkgutil.walk_packages(interp.__path__, "stablehlo_py.interpreter."):
            importlib.import_module(info.name)
        code = pytest.main(_pytest_args(tests, False), plugins=[tracer])
        sys.settrace(None)
        import stablehlo_py

        data = {"imported": stablehlo_py.__file__, "lines": {k: sorted(v) for k, v in tracer.lines.items()},
                "durations": tracer.durations, "failed": sorted(tracer.failed)}
        with open(out, "w") as f:
            json.dump(data, f)
        return 0 if code in (0, 1) else 4

    status, seconds = _fork(child, os.path.join(work, "baseline.log"), 3600)
    if status != "ok":
        raise SystemExit(f"baseline run failed ({status}); see {work}/baseline.log")
    with open(out) as f:
        data = json.load(f)
    if not data["imported"].startswith(copy_root):
        raise SystemExit(f"the tests imported {data['imported']}, not the copy")
    return data, seconds


def run_mutant(nodeids, log: str, timeout: float):
    def child():
        import pytest

        _child_setup()
        return pytest.main(_pytest_args(nodeids, True))

    return _fork(child, log, timeout)


# ---------------------------------------------------------------------------


def load_equivalent() -> dict:
    """equivalent.txt: `key  # reason` per line (key as printed in survivors files)."""
    path = os.path.join(HERE, "equivalent.txt")
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                key, _, reason = line.rstrip("\n").rpartition("  # ")  # the mutated line may hold a comment
                out[key.strip()] = reason.strip()
    return out


def stable_key(m, source: str) -> str:
    """Survives unrelated edits: file, the mutated line's text, the span and its replacement."""
    line = source.splitlines()[m.lineno - 1].strip()
    return f"{m.path} | {line} | {source[m.start:m.stop]!r} -> {m.replacement!r}"


def stable_keys(mutants, source: str) -> dict:
    """stable_key of each mutant; the n-th identical one in the file (n >= 2) gets ' | #n'."""
    seen, out = {}, {}
    for m in sorted(mutants, key=lambda m: (m.start, m.stop, m.operator, m.replacement)):
        k = stable_key(m, source)
        seen[k] = seen.get(k, 0) + 1
        out[m] = k if seen[k] == 1 else f"{k} | #{seen[k]}"
    return out


def run_module(name, args, copy_root, work, equivalent, deadline):
    tests, killers = FAMILIES[name]
    tests = list(dict.fromkeys(tests + killers))  # the family's tests, then its mutant killers; each once
    missing = [t for t in tests if not os.path.exists(os.path.join(REPO, t))]
    if missing:  # a moved or renamed test file: families.py must follow it, or the run judges with fewer tests
        raise SystemExit(f"[{name}] test files in families.py that do not exist: {missing}")
    rel = f"{INTERP}/{name}.py"
    target = os.path.join(copy_root, rel)
    source = open(target).read()
    import importlib.util

    # a mutant of equal size written within the same second must not reuse a stale .pyc
    stale = importlib.util.cache_from_source(target)
    if os.path.exists(stale):
        os.remove(stale)
    mutants = mutants_of(rel, source)
    keys = stable_keys(mutants, source)
    if args.lines:
        lo, hi = map(int, args.lines.split("-"))
        mutants = [m for m in mutants if lo <= m.lineno <= hi]
    if args.match:
        mutants = [m for m in mutants if args.match in m.describe(source)]
    if args.only:  # descriptions as run.py prints them, one a line (e.g. grepped from a log)
        import re

        unlined = lambda d: re.sub(r"\.py:\d+ ", ".py ", d)  # noqa: E731 -- lines move as the file is edited
        outcome = re.compile(r" \((survived|no-coverage|killed|timeout)\)$")  # as survivors files list them
        wanted = {outcome.sub("", line[line.index("stablehlo_py/"):].strip())
                  for line in open(args.only) if "stablehlo_py/" in line and " | " not in line}
        exact = [m for m in mutants if m.describe(source) in wanted]
        if len({m.describe(source) for m in exact}) == len(wanted):  # the file has not moved
            mutants = exact
        else:
            wanted = {unlined(d) for d in wanted}
            mutants = [m for m in mutants if unlined(m.describe(source)) in wanted]
    random.Random(args.seed).shuffle(mutants)
    if args.sample:
        mutants = mutants[:args.sample]

    if args.tests:  # check given tests against the chosen mutants: no baseline, no coverage
        tests = args.tests
        base, base_seconds = {"failed": [], "durations": {t: 60.0 for t in tests},
                              "lines": {"<import>": [[target, m.lineno] for m in mutants]}}, 0.0
    else:
        print(f"[{name}] {len(mutants)} mutants; baseline of {len(tests)} test files ...", flush=True)
        base, base_seconds = baseline(tests, copy_root, work)
    failed = set(base["failed"])
    if failed:
        print(f"[{name}] {len(failed)} tests fail unmutated (excluded): {sorted(failed)[:5]}", flush=True)
    by_line: dict = {}
    for nodeid, lines in base["lines"].items():
        if nodeid in failed:
            continue
        for fname, lineno in lines:
            if fname == target:
                by_line.setdefault(lineno, []).append(nodeid)
    durations = base["durations"]
    print(f"[{name}] baseline {base_seconds:.0f}s, {len(durations)} tests", flush=True)

    results = []
    t0 = time.time()
    counts = {"killed": 0, "timeout": 0, "survived": 0, "no-coverage": 0, "equivalent": 0, "not-run": 0}
    for m in mutants:
        key = keys[m]
        rec = {"key": key, "line": m.lineno, "operator": m.operator, "describe": m.describe(source)}
        end_line = m.lineno + source[m.start:m.stop].count("\n")
        selected = sorted({n for ln in range(m.lineno, end_line + 1) for n in by_line.get(ln, ())})
        if key in equivalent:
            rec["outcome"] = "equivalent"
            rec["reason"] = equivalent[key]
        elif time.time() > deadline:
            rec["outcome"] = "not-run"
        elif "<import>" in selected:  # runs at import or collection: every test depends on it
            selected = sorted(n for n in durations if n not in failed)
            rec["outcome"] = _execute(m, source, target, selected, durations, work)
        elif not selected:
            rec["outcome"] = "no-coverage"
        else:
            rec["outcome"] = _execute(m, source, target, selected, durations, work)
        rec["tests"] = len(selected)
        counts[rec["outcome"]] += 1
        results.append(rec)
        if rec["outcome"] != "not-run":
            print(f"  [{len(results)}/{len(mutants)} {time.time() - t0:.0f}s] {rec['outcome']}: {rec['describe']}",
                  flush=True)
    with open(target, "w") as f:
        f.write(source)
    return results, counts


def _execute(m, source, target, selected, durations, work) -> str:
    with open(target, "w") as f:
        f.write(m.apply(source))
    try:
        selected = sorted(selected, key=lambda n: durations.get(n, 1.0))  # -x: fast killers first
        expected = sum(durations.get(n, 1.0) for n in selected)
        status, _ = run_mutant(selected, os.path.join(work, "mutant.log"), timeout=10 + 4 * expected)
    finally:
        with open(target, "w") as f:
            f.write(source)
    return {"ok": "survived", "fail": "killed", "timeout": "timeout"}[status]


def score_line(name, counts) -> str:
    killed = counts["killed"] + counts["timeout"]
    live = killed + counts["survived"] + counts["no-coverage"]
    pct = 100.0 * killed / live if live else 100.0
    return (f"| {name} | {live + counts['equivalent'] + counts['not-run']} | {counts['killed']} | {counts['timeout']} "
            f"| {counts['survived']} | {counts['no-coverage']} | {counts['equivalent']} | {counts['not-run']} "
            f"| {pct:.1f}% |")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--module", action="append", choices=sorted(FAMILIES), help="default: every kernel module")
    p.add_argument("--budget-seconds", type=float, default=0, help="stop starting mutants after this (0: none)")
    p.add_argument("--sample", type=int, default=0, help="at most N mutants per module (seeded sample)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lines", help="only mutants on lines A-B (e.g. 54-100)")
    p.add_argument("--match", help="only mutants whose description contains this text")
    p.add_argument("--only", help="a file of mutant descriptions (as printed, or a survivors file) to run")
    p.add_argument("--tests", nargs="+", help="run the mutants against these test files only (no baseline)")
    p.add_argument("--out", default=os.path.join(HERE, "out"))
    p.add_argument("--list", action="store_true", help="print the mutants and exit")
    args = p.parse_args(argv)
    modules = args.module or DEFAULT_ORDER
    if args.list:
        for name in modules:
            rel = f"{INTERP}/{name}.py"
            src = open(os.path.join(REPO, "python", rel)).read()
            for m in mutants_of(rel, src):
                print(m.describe(src))
        return 0

    os.makedirs(args.out, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the temporary copy is removed
    tmp = tempfile.mkdtemp(prefix="shpy-mutation-")
    try:
        copy_root = make_copy(os.path.join(tmp, "pkg"))
        isolate(copy_root)
        os.environ["JAX_PLATFORMS"] = "cpu"
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
        # XLA compilations shared by the forks: jax's persistent cache, and a memo for xla_run_text
        os.environ["JAX_COMPILATION_CACHE_DIR"] = os.path.join(tmp, "jax-cache")
        os.environ["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] = "0"
        os.environ["JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES"] = "0"
        os.environ["SHPY_MUTATION_XLA_CACHE"] = os.path.join(tmp, "xla-cache")
        os.makedirs(os.environ["SHPY_MUTATION_XLA_CACHE"])
        # imported once, shared by the forks; stablehlo_py itself is imported by each child
        # (its op classes register globally once per process)
        import numpy, ml_dtypes, mlir.ir, jax, pytest, hypothesis  # noqa: F401,E401
        import importlib.util

        loaded = importlib.util.find_spec("stablehlo_py").origin
        if not loaded.startswith(copy_root):
            raise SystemExit(f"stablehlo_py imports from {loaded}, not the copy")
        print(f"copy: {copy_root} (stablehlo_py from {loaded})", flush=True)

        equivalent = load_equivalent()
        deadline = time.time() + args.budget_seconds if args.budget_seconds else float("inf")
        table = []
        for name in modules:
            work = os.path.join(tmp, name)
            os.makedirs(work)
            results, counts = run_module(name, args, copy_root, work, equivalent, deadline)
            table.append(score_line(name, counts))
            stem = name.replace("/", "-")  # module names such as kernels/fft name folders
            with open(os.path.join(args.out, f"results-{stem}.json"), "w") as f:
                json.dump(results, f, indent=1)
            with open(os.path.join(args.out, f"survivors-{stem}.txt"), "w") as f:
                for r in results:
                    if r["outcome"] in ("survived", "no-coverage"):
                        f.write(f"{r['key']}\n    {r['describe']} ({r['outcome']})\n")
            print(table[-1], flush=True)
        print("\n| module | mutants | killed | timeout | survived | no test runs it | equivalent | not run "
              "| score |\n|---|---|---|---|---|---|---|---|---|")
        print("\n".join(table))
        print("score = (killed + timeout) / (killed + timeout + survived + no test runs it)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
