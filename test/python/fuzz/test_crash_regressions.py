"""Every crash or internal error the fuzzers found, as a regression case.

test/fuzz/regressions/MANIFEST.json lists each case: a minimal program
(NAME.mlir, run through the fuzz worker: parse, verify, print, interpret) or a
builder script (NAME.py, run in a subprocess).  A case passes when it gives a
clean error or runs.  A case marked `open` (a bug not fixed yet) fails while
it still crashes, naming its owner area, and fails once it passes too, until
the manifest says `fixed`: the manifest must say what the code does.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from conftest import REPO

FUZZ = os.path.join(REPO, "test", "fuzz")
REGRESSIONS = os.path.join(FUZZ, "regressions")
sys.path.insert(0, FUZZ)

from worker import BAD, Worker, signature  # noqa: E402

pytestmark = pytest.mark.fuzz_regression

with open(os.path.join(REGRESSIONS, "MANIFEST.json")) as _f:
    MANIFEST = json.load(_f)


@pytest.fixture(scope="module")
def worker():
    with Worker(timeout=60) as w:
        yield w


def _run_script(path: str) -> dict:
    env = dict(os.environ, LLVM_DISABLE_CRASH_REPORT="1", LLVM_DISABLE_SYMBOLIZATION="1")
    proc = subprocess.run([sys.executable, os.path.basename(path)], cwd=REGRESSIONS, capture_output=True,
                          text=True, env=env, timeout=120)
    if proc.returncode == 0 and "Critical nanobind error" not in proc.stderr:
        return {"outcome": "ran", "message": proc.stdout.strip()[-300:]}
    how = f"killed by {signal.Signals(-proc.returncode).name}" if proc.returncode < 0 else \
        f"exit status {proc.returncode}"
    lines = [l for l in proc.stderr.splitlines() if "Assertion" in l or "Error" in l or "error" in l]
    return {"outcome": "crash", "type": how, "message": "\n".join(lines[-3:]) or proc.stderr[-500:]}


def test_manifest_matches_files():
    files = {f.rsplit(".", 1)[0] for f in os.listdir(REGRESSIONS)
             if f.endswith((".mlir", ".py")) and not f.startswith("_")}
    assert files == set(MANIFEST), "regressions/ and MANIFEST.json list different cases"
    for name, case in MANIFEST.items():
        assert case["status"] in ("open", "fixed"), name
        assert case["owner"] in ("C++", "Python"), name


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_regression(name, worker):
    case = MANIFEST[name]
    mlir = os.path.join(REGRESSIONS, f"{name}.mlir")
    if os.path.exists(mlir):
        with open(mlir) as f:
            text = f.read()
        res = worker.run({"text": text, "entry": case.get("entry", "main"), "input_seed": case.get("input_seed", 0)})
    else:
        res = _run_script(os.path.join(REGRESSIONS, f"{name}.py"))
    bad = res["outcome"] in BAD
    what = signature(res) if os.path.exists(mlir) else f"{res['outcome']}: {res.get('type', '')}"
    if case["status"] == "open":
        if bad:
            pytest.fail(f"open bug (owner {case['owner']}): {name} still fails: {what}\n{res.get('message', '')}")
        pytest.fail(f"{name} no longer fails ({what}): set its status to 'fixed' in regressions/MANIFEST.json")
    assert not bad, f"regression {name} (owner {case['owner']}) fails again: {what}\n{res.get('message', '')}"
