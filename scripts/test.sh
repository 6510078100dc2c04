#!/usr/bin/env bash
# Sets everything up, then runs the whole test suite: lit (FileCheck) and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
status=0
.venv/bin/lit -sv test/lit || status=1
# pytest exits 5 when it collects no test; that is a failure of the suite too.
.venv/bin/python -m pytest -q test/python || status=1
exit $status
