"""Stock mlir-opt (the SDK's) with our plugin (`stablehlo-py plugin-path`) on the lit suite's op, attribute
and type files: it parses, verifies, prints and reports errors exactly as stablehlo-opt does."""

from __future__ import annotations

import glob
import os
import subprocess
import sys

import pytest

from conftest import REPO

VENV_BIN = os.path.dirname(sys.executable)
# Text only stablehlo-opt reads: it upgrades what other MLIR versions print (lib/Support/TextUpgrade.cpp,
# an input layer of our tools, not of the dialect), here byte-per-element hex i1 constants.
UPGRADED_TEXT = {"ops/constant_bool_hex.mlir"}
FILES = sorted(glob.glob(os.path.join(REPO, "test", "lit", d, "*.mlir")) for d in ("ops", "attrs", "types"))
FILES = [f for group in FILES for f in group]


def mlir_opt() -> str:
    import importlib.util

    for location in importlib.util.find_spec("mlir").submodule_search_locations:
        path = os.path.join(location, "bin", "mlir-opt")
        if os.path.isfile(path):
            return path
    raise AssertionError("the SDK's mlir-opt is missing")


@pytest.fixture(scope="module")
def plugin():
    done = subprocess.run([os.path.join(VENV_BIN, "stablehlo-py"), "plugin-path"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    path = done.stdout.strip()
    assert os.path.isfile(path)
    return path


def run(command):
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("path", FILES, ids=lambda p: os.path.relpath(p, os.path.join(REPO, "test", "lit")))
def test_mlir_opt_with_the_plugin_agrees_with_stablehlo_opt(path, plugin):
    flags = ["--split-input-file"]
    text = open(path, encoding="utf-8").read()
    if "expected-" in text:
        flags.append("--verify-diagnostics")
    # the plugin keeps the dialect's default, a warning on a spec deviation (mlir-opt has no flag of
    # ours); stablehlo-opt warns when asked to
    ours = run([os.path.join(VENV_BIN, "stablehlo-opt"), path, *flags, "--warn-spec-deviations"])
    stock = run([mlir_opt(), f"--load-dialect-plugin={plugin}", path, *flags])
    if os.path.relpath(path, os.path.join(REPO, "test", "lit")) in UPGRADED_TEXT:
        assert ours.returncode == 0 and stock.returncode != 0 and "hex" in stock.stderr.lower() + stock.stdout
        return
    assert stock.returncode == ours.returncode, stock.stderr
    assert stock.stdout == ours.stdout
