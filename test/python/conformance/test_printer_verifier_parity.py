"""Printer and verifier parity with upstream StableHLO (jaxlib).

Printer: every comparable valid module (lit round-trip files, examples, the
conformance corpus) prints identically with ours and upstream, from its own
text and from our generic print; differences documented in docs/decisions.md
(parity.PRINTER_ALLOWLIST / PRINTER_DIFF_ALLOWLIST) are allowed.
Verifier: a fixed budget of mutants (seed 0) and the hand-written invalid lit
cases have no disagreement that parity.ALLOWLIST does not explain.
"""

from __future__ import annotations

import os
import sys

import pytest
from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "test", "conformance"))

import parity  # noqa: E402

pytestmark = pytest.mark.upstream

BUDGET = 200
SEED = 0

_CASES = [c for c in parity.collect_cases() if c.comparable]


@pytest.fixture(scope="module")
def oracles():
    o = parity.Oracles()
    yield o
    o.close()


@pytest.mark.parametrize("case", _CASES, ids=[c.id for c in _CASES])
def test_printer_parity(case, oracles):
    r = parity.printer_parity(case, oracles)
    assert r.status in ("pass", "documented"), f"{case.id}:\n{r.detail}"


def test_quant_cases_are_not_comparable():
    # The only cases skipped are those jaxlib cannot parse.
    for c in parity.collect_cases():
        if not c.comparable:
            assert "!quant." in c.text, c.id


def _unexplained(results):
    return [r for r in results if not r.agree and not r.explanation]


def _describe(r):
    return (f"{r.mutant.source}: {r.mutant.description}\n"
            f"  ours {'accepts' if r.ours_ok else 'rejects'}: {r.ours_error}\n"
            f"  upstream {'accepts' if r.upstream_ok else 'rejects'}: {r.upstream_error}\n"
            f"{r.mutant.text}")


def test_verifier_parity(oracles):
    printer = [parity.printer_parity(c, oracles) for c in _CASES
               if not c.path.startswith("test/conformance/corpus/")]
    results = parity.verifier_parity(printer, BUDGET, SEED, oracles)
    assert len(results) == BUDGET
    bad = _unexplained(results)
    assert not bad, "unexplained verifier disagreements:\n" + "\n".join(map(_describe, bad))
    # Sanity: the mutator breaks things (most mutants are rejected by both).
    assert sum(not r.ours_ok and not r.upstream_ok for r in results) > BUDGET // 2


def test_invalid_lit_parity(oracles):
    results = parity.invalid_parity(oracles)
    assert results
    bad = _unexplained(results)
    assert not bad, "unexplained disagreements on invalid lit cases:\n" + "\n".join(
        map(_describe, bad))


def test_mutations_are_deterministic():
    text = open(os.path.join(parity.REPO, "test/lit/ops/reduce.mlir")).read()
    cases = parity.collect_cases([os.path.join(parity.REPO, "test/lit/ops/reduce.mlir")])
    assert cases and text
    with parity.Oracles() as o:
        gens = [parity.printer_parity(c, o).generic for c in cases if c.comparable]
    muts = [m for i, g in enumerate(gens) for m in parity.mutations_of(str(i), g)]
    kinds = {m.kind for m in muts}
    assert {"result_shape", "block_arg", "attr:dimensions", "drop_operand"} <= kinds
    a = parity.sample_mutants(muts, 50, 0)
    b = parity.sample_mutants(muts, 50, 0)
    assert [m.text for m in a] == [m.text for m in b]
