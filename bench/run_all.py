"""The whole benchmark suite in one run: one table, the geomeans, and bench/RESULTS.md.

    .venv/bin/python bench/run_all.py [--only SUBSTRING ...] [--no-reference] [--results PATH] [--busy]
                                      [--budget 1] [--ref-budget 8] ...

Every workload of bench_mlp, bench_cnn, bench_transformer, bench_loops, bench_scatter,
bench_sort, bench_layers and bench_torch_models at its default size, each timed by every engine of harness.py
(stablehlo-py, XLA compiled on device-resident inputs, jax.jit, the upstream reference
interpreter) side by side; results checked against XLA's. Prints the summary table, the dense
and scalar-loop geomeans of stablehlo-py / XLA compiled, and writes RESULTS.md (summary,
per-engine details and the machine) unless --only narrows the run or --results - is given
(--append TITLE adds this run as a section of an existing RESULTS.md instead).
--busy runs the workloads a second time with one process spinning on a core and adds, per
workload, the ratio under that load, its quotient by the quiet ratio, and whether every workload
stays within harness.BUSY_LIMIT of its quiet ratio.
Exits 1 if any result disagrees with XLA's. About 4 minutes on the 2-core development machine
(twice that with --busy).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

import numpy as np  # noqa: E402


def all_workloads() -> list:
    import bench_cnn
    import bench_layers
    import bench_loops
    import bench_mlp
    import bench_scatter
    import bench_sort
    import bench_torch_models
    import bench_transformer

    return [*bench_mlp.workloads(), *bench_cnn.workloads(), *bench_transformer.workloads(),
            *bench_scatter.workloads(), *bench_layers.workloads(), *bench_sort.workloads(),
            *bench_loops.workloads(), *bench_torch_models.workloads()]


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git(*args) -> str:
    try:
        return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, timeout=10).stdout.rstrip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine_info(started: datetime.datetime, load_before, load_after, elapsed: float, busy: bool,
                 backend=None) -> list:
    import jax
    import jaxlib

    dirty = [line[3:] for line in git("status", "--porcelain", "--", "../python").splitlines()]
    return [
        f"- date: {started:%Y-%m-%d %H:%M} UTC; the whole run took {elapsed:.0f} s",
        f"- CPU: {cpu_model()}, {os.cpu_count()} cores (`os.cpu_count()`); shared with other engineers' "
        "test runs, so timings are noisy",
        f"- load average (1 min) before / after the run: {load_before:.2f} / {load_after:.2f}"
        + ("; the second pass (--busy) ran with one process spinning on a core" if busy else ""),
        f"- Python {platform.python_version()}, numpy {np.__version__}, jax {jax.__version__}, "
        f"jaxlib {jaxlib.__version__}; OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}",
        f"- stablehlo-py at commit {git('rev-parse', '--short', 'HEAD')}"
        + (f", with uncommitted changes in {', '.join(dirty)}" if dirty else ""),
        f"- stablehlo-py's column: `stablehlo_py.compile(text, backend={backend!r})`" if backend else
        "- stablehlo-py's column: `stablehlo_py.compile(text)` (its default backend, auto: compiled where "
        "the program lowers)",
    ]


def busy_section(quiet: list, busy: list, level: str) -> list:
    """The --busy pass's lines (markdown, printed and written alike): its summary table, then the
    quiet and busy ratios side by side with both passes' geomeans; `level` is the headings' '#'s."""
    return [
        f"{level} One core busy",
        "",
        "The same workloads again, with one process spinning on a core (`harness.spinning_core`) the whole "
        "time: stablehlo-py and XLA are timed interleaved as on the quiet machine, so both run under the "
        "same load.",
        "",
        harness.summary_table(busy),
        "",
        f"{level} Quiet machine against one core busy",
        "",
        harness.busy_table(quiet, busy),
        "",
        *[f"- {line}" for line in harness.busy_geomeans(quiet, busy).splitlines()],
        "",
        "ratio = stablehlo-py median / XLA compiled median in the same run; busy / quiet = the ratio with "
        "one core busy / the ratio on the quiet machine (above 1: stablehlo-py loses more to the load "
        f"than XLA does); the target is at most {harness.BUSY_LIMIT:g}x for every workload.",
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="run only workloads whose name contains this")
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"),
                        help="where to write the results ('-': nowhere)")
    parser.add_argument("--append", metavar="TITLE",
                        help="append this run's machine info, summary and geomeans to the results file as a "
                             "section with this title, instead of overwriting it")
    parser.add_argument("--busy", action="store_true",
                        help="run the workloads twice, on the quiet machine and then with one process spinning on "
                             "a core, and report both ratios to XLA and their quotient")
    harness.add_arguments(parser, budget=1.0, ref_budget=8.0)
    args = parser.parse_args(argv)

    import jax

    started, start = datetime.datetime.now(datetime.timezone.utc), time.perf_counter()
    load_before = os.getloadavg()[0]
    workloads = all_workloads()
    if args.only:
        workloads = [w for w in workloads if any(s.lower() in w.name.lower() for s in args.only)]
    print(f"{len(workloads)} workloads; jax {jax.__version__}, numpy {np.__version__}, "
          f"{os.cpu_count()} CPUs", flush=True)
    settings = harness.settings_from(args)
    outcomes = harness.run_workloads(workloads, settings)
    busy = []
    if args.busy:
        print("again, with one core busy (a process spinning):", flush=True)
        with harness.spinning_core():
            busy = harness.run_workloads(workloads, settings)
    elapsed = time.perf_counter() - start
    ok = all(o.check == "ok" for o in outcomes + busy)
    summary, means = harness.summary_table(outcomes), harness.geomeans(outcomes)
    print()
    print(summary)
    print()
    print(means)
    if busy:
        print()
        print("\n".join(busy_section(outcomes, busy, "##")))
        print()
    print(harness.FOOTER)
    print(f"({elapsed:.0f} s)")

    if args.results != "-" and not args.only:
        info = machine_info(started, load_before, os.getloadavg()[0], elapsed, bool(busy), settings.backend)
        if args.append:
            with open(args.results, "a") as fh:
                fh.write("\n".join(["", f"## {args.append}", "", *info, "", summary, "",
                                     *[f"- {line}" for line in means.splitlines()], "",
                                     *(busy_section(outcomes, busy, "###") + [""] if busy else [])]))
            print(f"appended to {args.results}")
            return 0 if ok else 1
        text = "\n".join([
            "# Benchmark results",
            "",
            "Written by `.venv/bin/python bench/run_all.py` (see `bench/README.md` for what is timed and how). "
            "The machine's 2 cores are shared with other engineers' test runs, so timings are noisy; with "
            "`--busy` the suite also runs with one core kept busy by a spinning process, and the section "
            "\"Quiet machine against one core busy\" compares the two.",
            "",
            *info,
            "",
            "## Summary",
            "",
            summary,
            "",
            *[f"- {line}" for line in means.splitlines()],
            "",
            "ratio = stablehlo-py median / XLA compiled median (smaller is faster). reference / ours = the "
            "reference interpreter's median / stablehlo-py's (larger: stablehlo-py is faster); `> t` is a lower "
            f"bound: the reference interpreter was stopped after its {settings.ref_budget:g} s budget before a call "
            "finished. prepare = `stablehlo_py.compile(text)`. jax.jit (copies inputs) = `jax.jit(f)` called on "
            "numpy arrays, which copies them to the device on every call.",
            "",
            *(busy_section(outcomes, busy, "##") + [""] if busy else []),
            "## Workloads",
            "",
            *[f"- {w.name} ({w.kind}): {w.description}; tolerance {w.tolerance}" for w in workloads],
            "",
            "## Every engine",
            "",
            f"Medians and minimums per call; {settings.warmup} warm-up calls per engine, then as many calls as "
            f"fit in {settings.budget:g} s per engine ({settings.min_repeats} to {settings.max_repeats}), "
            f"interleaved in {harness.ROUNDS} rounds.",
            "",
            harness.detail_table(outcomes),
            "",
            *(["## Every engine, one core busy", "", harness.detail_table(busy), ""] if busy else []),
        ])
        with open(args.results, "w") as fh:
            fh.write(text)
        print(f"wrote {args.results}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
