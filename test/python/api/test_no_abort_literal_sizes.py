"""Literal types whose element count overflows int64, and sparse indices
written as a string, abort MLIR's parser; the guard in TextUpgrade.cpp makes
them parse errors. Each text goes through stablehlo_py.parse_module in a
subprocess, so an abort fails the test instead of killing pytest."""
import subprocess
import sys

import pytest

_SCRIPT = """
import sys, stablehlo_py
from mlir import ir
try:
    stablehlo_py.parse_module(sys.stdin.read())
    print("parsed")
except ir.MLIRError as e:
    print("MLIRError:", str(e).replace(chr(10), " "))
"""


@pytest.mark.parametrize("literal, message", [
    ("dense<1.0> : tensor<3037000500x3037000500xf32>",
     "\"-\":1:35: dense literal type tensor<3037000500x3037000500xf32> has more than 2^63 - 1 elements"),
    ("dense<1> : tensor<4611686018427387904x4xi8>",
     "\"-\":1:35: dense literal type tensor<4611686018427387904x4xi8> has more than 2^63 - 1 elements"),
    ('sparse<"0x00", [1.0]> : tensor<2xf32>',
     "\"-\":1:35: sparse literal indices must be a list of integers, not a string"),
    ("dense<1> : tensor<9223372036854775807xi8>", None),
])
def test_parse_module_raises_instead_of_aborting(literal, message):
    text = f"func.func @main() attributes {{x = {literal}}} {{\n  return\n}}\n"
    proc = subprocess.run([sys.executable, "-c", _SCRIPT], input=text, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    if message is None:
        assert proc.stdout.strip() == "parsed"
    else:
        assert proc.stdout.startswith("MLIRError:") and message in proc.stdout, proc.stdout
