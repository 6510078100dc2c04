"""Folding against XLA on the whole conformance corpus: each corpus program
embeds its inputs as constants, calls the JAX export and checks the results
against XLA's outputs. Inlining the call and running
stablehlo-target-independent-optimization (the folder and the simplifications)
folds whatever the folder knows into constants; the checks must still hold,
so every fold is compared with XLA, across every element type of the corpus.
"""

from __future__ import annotations

import os
import sys

import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py._parsing import context, parse_module
from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "test", "conformance"))
import run_corpus as rc  # noqa: E402

PIPELINE = "builtin.module(inline,func.func(stablehlo-target-independent-optimization))"
_BY_OP: dict = {}
for _path in rc.corpus_files():
    _BY_OP.setdefault(_path.split("/")[0], []).append(_path)
# Ops the folder folds: on their corpus programs it must leave no op of that name.
# (remainder and the shifts are not: every corpus program of theirs has a
# zero divisor or an out-of-range shift somewhere, which the folder leaves;
# nor iota: as upstream's, the folder folds only iotas of at most one element.)
FOLDED = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "and", "or", "xor",
          "negate", "abs", "not",
          "compare", "select", "convert", "broadcast_in_dim", "transpose", "reshape", "slice",
          "reverse", "concatenate", "get_dimension_size"}


@pytest.mark.parametrize("op", sorted(_BY_OP))
def test_folded_corpus_programs_still_match_xla(op):
    failures, folded_away = [], 0
    for path in _BY_OP[op]:
        with open(os.path.join(rc.CORPUS, path), encoding="utf-8") as fh:
            module = parse_module(fh.read(), context())
        PassManager.parse(PIPELINE, context=module.context).run(module.operation)
        text = str(module)
        assert "call @tested" not in text, f"{path}: not inlined"
        if f"stablehlo.{op} " not in text:
            folded_away += 1
        try:
            stablehlo_py.interpret(text)
        except InterpreterError as e:
            failures.append(f"{path}: {e}")
    assert not failures, "\n".join(failures[:5])
    if op in FOLDED:
        assert folded_away > 0, f"no {op} program was folded"
