"""The compiled backend on the conformance corpus (JAX exports, test/conformance/corpus): every
file recorded in corpus/COMPILED.json (test/conformance/compiled_parity.py --write) must still
lower, and give the interpreter's results bit for bit, or within the ULP distance recorded for it
(transcendental functions: libm against numpy, at most 2)."""
from __future__ import annotations

import json
import os
import sys

import pytest
from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "test", "conformance"))

import compiled_parity  # noqa: E402

with open(compiled_parity.LOWERED, encoding="utf-8") as _fh:
    _LOWERED: dict = json.load(_fh)


# Ops whose results the two backends may round apart: the math functions, and sums (reduce, dot,
# convolution) whose order the interpreter may choose otherwise for large operands (its BLAS);
# loops of them (while).
_INEXACT = {"atan2", "cbrt", "cosine", "sine", "tan", "tanh", "exponential", "exponential_minus_one", "log",
            "log_plus_one", "logistic", "power", "rsqrt", "reduce", "dot_general", "dot", "einsum", "while",
            "convolution"}


def test_the_record_covers_the_lowered_ops():
    ops = {path.split("/")[0] for path in _LOWERED}
    assert len(_LOWERED) >= 900 and {"add", "dot_general", "reduce", "while", "convert"} <= ops
    assert max(_LOWERED.values()) <= 2


@pytest.mark.parametrize("path", sorted(_LOWERED))
def test_corpus_file_on_the_compiled_backend(path):
    status, detail = compiled_parity.compare(path)
    assert status in ("same", "close"), f"{path}: {status} {detail}"
    if status == "close":  # libm against numpy's math loops (which differ by CPU), or sums in another order
        bound = max(2, _LOWERED[path]) if path.split("/")[0] in _INEXACT else 0
        assert detail <= bound, f"{path}: {detail} ULP apart, at most {bound} expected"
