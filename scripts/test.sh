#!/usr/bin/env bash
# Sets everything up, then runs the whole test suite: lit (FileCheck) and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
status=0
# The Python package's layers: imports run one way, no cycles (docs/architecture.md).
.venv/bin/python scripts/check_imports.py || status=1
.venv/bin/lit -sv test/lit || status=1
# pytest exits 5 when it collects no test; that is a failure of the suite too.
# The run records which ops its tests check against XLA, for docs/status.md.
# pytest-xdist runs the tests on every core (-n auto), idle workers taking queued tests from busy ones;
# the slowest 30 are listed, to keep the suite's time in view.
STABLEHLO_PY_XLA_OPS=build/xla_checked_ops.txt .venv/bin/python -m pytest -q -n auto --dist worksteal --durations=30 test/python \
  || status=1
# docs/status.md must say what the code and tests show.
if [ $status -eq 0 ]; then
  .venv/bin/python docs/gen_status.py --check || status=1
fi
exit $status
