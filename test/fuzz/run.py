"""Fuzz the parser, verifier, printer and interpreter with mutated programs.

    .venv/bin/python test/fuzz/run.py --count 100000 [--seed S] [--jobs N] [--out DIR]
    .venv/bin/python test/fuzz/run.py --seconds 60        # a time budget instead
    .venv/bin/python test/fuzz/run.py --seed S --index I  # rerun one mutant, print it

Prints the counts of each outcome (see worker.py) and mutants per second, and
writes every crash, internal-error, memory and timeout reproducer (the
mutant's text with a header saying how to rerun it) into --out, plus
summary.json.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mutate import Mutant, mutant  # noqa: E402
from worker import BAD, OUTCOMES, Worker, signature  # noqa: E402


def request(mu: Mutant) -> dict:
    return {"text": mu.text, "entry": mu.entry, "input_seed": mu.input_seed}


def reproducer_text(mu: Mutant, res: dict) -> str:
    head = [f"// fuzz mutant: seed {mu.seed} index {mu.index} (rerun: test/fuzz/run.py --seed {mu.seed} "
            f"--index {mu.index})",
            f"// from {mu.source}; entry @{mu.entry}; inputs {'zeros' if mu.input_seed == 0 else mu.input_seed}",
            *(f"// mutation: {m}" for m in mu.mutations),
            f"// outcome: {signature(res)}"]
    head += [f"//   {l}" for l in res.get("message", "").splitlines()[:6]]
    return "\n".join(head) + "\n" + mu.text


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = collections.Counter()
        self.signatures: dict = {}  # signature -> [count, first (seed, index)]
        self.done = 0

    def add(self, mu: Mutant, res: dict):
        with self.lock:
            self.done += 1
            self.counts[res["outcome"]] += 1
            if res["outcome"] in BAD or res["outcome"] in ("memory", "timeout"):
                sig = signature(res)
                entry = self.signatures.setdefault(sig, [0, (mu.seed, mu.index)])
                entry[0] += 1

    def line(self, elapsed: float) -> str:
        rate = self.done / elapsed if elapsed else 0.0
        return (f"{self.done} mutants in {elapsed:.0f} s ({rate:.1f}/s): "
                + ", ".join(f"{o} {self.counts[o]}" for o in OUTCOMES))


def fuzz(count: int | None, seed: int, jobs: int = 1, out: str | None = None, seconds: float | None = None,
         timeout: float = 10.0, start: int = 0, progress: float = 30.0, on_bad=None) -> Stats:
    """Runs mutants start, start+1, ... until `count` are done or `seconds` pass."""
    stats = Stats()
    stopping: list = []  # non-empty: stop taking new mutants
    next_index = [start]
    index_lock = threading.Lock()
    t0 = time.monotonic()
    deadline = None if seconds is None else t0 + seconds
    stop = start + count if count is not None else None
    if out:
        os.makedirs(out, exist_ok=True)

    def loop():
        with Worker(timeout=timeout) as w:
            while True:
                if stopping or (deadline is not None and time.monotonic() >= deadline):
                    return
                with index_lock:
                    i = next_index[0]
                    if stop is not None and i >= stop:
                        return
                    next_index[0] += 1
                mu = mutant(seed, i)
                res = w.run(request(mu))
                stats.add(mu, res)
                if out and res["outcome"] != "ran" and res["outcome"] != "clean":  # timeouts too: hangs
                    with open(os.path.join(out, f"{res['outcome']}-{seed}-{i}.mlir"), "w") as f:
                        f.write(reproducer_text(mu, res))
                if res["outcome"] in BAD and on_bad:
                    on_bad(mu, res)

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(jobs)]
    for t in threads:
        t.start()
    last = time.monotonic()
    while any(t.is_alive() for t in threads):
        try:
            for t in threads:
                t.join(timeout=1.0)
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: finish the mutants under way, then report
            stopping.append(True)
            print("stopping after the mutants under way...", flush=True)
        if progress and time.monotonic() - last >= progress:
            last = time.monotonic()
            print(stats.line(last - t0), flush=True)
    stats.elapsed = time.monotonic() - t0
    return stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=None, help="number of mutants (default 1000 without --seconds)")
    ap.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", type=int, default=0, help="first mutant index")
    ap.add_argument("--index", type=int, default=None, help="run and print this one mutant")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per mutant")
    ap.add_argument("--out", default="build/fuzz", help="directory for reproducers and summary.json")
    ap.add_argument("--fuse-all", action="store_true",
                    help="run each mutant twice on one prepared plan and compare the calls")
    ap.add_argument("--compiled", action="store_true",
                    help="also run each mutant that lowers on the compiled backend and compare (docs/lowering.md)")
    args = ap.parse_args(argv)
    if args.compiled:
        os.environ["FUZZ_COMPILED"] = "1"  # the workers read it
    if args.fuse_all:
        os.environ["FUZZ_FUSE_ELEMENTS"] = "1"  # the workers read it

    if args.index is not None:
        mu = mutant(args.seed, args.index)
        with Worker(timeout=args.timeout) as w:
            res = w.run(request(mu))
        print(reproducer_text(mu, res))
        print(json.dumps(res, indent=1))
        return 1 if res["outcome"] in BAD else 0

    count = args.count if args.count is not None or args.seconds is not None else 1000
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill PID` also ends with the summary
    stats = fuzz(count, args.seed, args.jobs, args.out, args.seconds, args.timeout, args.start)
    print(stats.line(stats.elapsed))
    sigs = sorted(stats.signatures.items(), key=lambda kv: -kv[1][0])
    for sig, (n, (s, i)) in sigs:
        print(f"{n:7d}  {sig}   (first: --seed {s} --index {i})")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"seed": args.seed, "start": args.start, "done": stats.done, "seconds": stats.elapsed,
                   "per_second": stats.done / stats.elapsed if stats.elapsed else 0, "counts": stats.counts,
                   "signatures": {k: {"count": n, "first": [s, i]} for k, (n, (s, i)) in sigs}}, f, indent=1)
    return 1 if any(stats.counts[o] for o in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
