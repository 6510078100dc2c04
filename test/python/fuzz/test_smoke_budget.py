"""The fuzzers' fixed budget in the test run (issue 12): the same mutants and
the same builder calls on every run and host.

- Program mutants: seed 0, mutants 0..FUZZ_SMOKE_COUNT-1 (default 1500: about
  40 s of CPU, two workers), through the restartable worker (parse, verify,
  print, interpret).  Any crash or internal error fails, with its reproducer.
- Builders: derandomized hypothesis, FUZZ_BUILDER_EXAMPLES calls (default
  600), in a child process so an abort is reported instead of killing pytest.

The long modes: test/fuzz/run.py --count 100000, test/fuzz/builders.py --random.
"""

from __future__ import annotations

import os
import sys
from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "test", "fuzz"))

import builders  # noqa: E402
from run import fuzz, reproducer_text  # noqa: E402
from worker import BAD  # noqa: E402

COUNT = int(os.environ.get("FUZZ_SMOKE_COUNT", "1500"))
BUILDER_EXAMPLES = int(os.environ.get("FUZZ_BUILDER_EXAMPLES", "600"))


def test_fuzz_programs_fixed_seed():
    found = []
    stats = fuzz(COUNT, seed=0, jobs=2, timeout=30.0, progress=0,
                 on_bad=lambda mu, res: found.append(reproducer_text(mu, res)))
    counts = dict(stats.counts)
    assert stats.done == COUNT
    assert counts.get("ran", 0) > COUNT // 20, f"too few mutants reach the interpreter: {counts}"
    if found:
        sigs = "\n".join(f"{n:5d}  {s}" for s, (n, _) in sorted(stats.signatures.items(), key=lambda kv: -kv[1][0])
                         if s.split(":")[0] in BAD)
        first = "\n\n".join(found[:3])
        raise AssertionError(f"{len(found)} of {COUNT} mutants crash or raise internal errors ({counts}):\n{sigs}\n\n"
                             f"first reproducers (record them with test/fuzz/minimize.py):\n{first}")


def test_fuzz_builders_derandomized():
    res = builders.fuzz_builders(BUILDER_EXAMPLES, derandomize=True)
    problems = [f"abort ({a['returncode']}) at: {a['last_call']}\n"
                + "\n".join(l for l in a["stderr"].splitlines() if "Assertion" in l)[-600:] for a in res["aborts"]]
    problems += [f"internal error: {line}" for line in res.get("internal", [])]
    assert not problems, "builder fuzzing:\n" + "\n".join(problems)
