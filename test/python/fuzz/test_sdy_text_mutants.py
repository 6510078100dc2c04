"""No Shardy text aborts the process: 2000 mutants of sdy programs (characters deleted,
duplicated or changed, spans dropped or repeated, numbers made huge or negative, all inside the
lines that carry sdy ops and attributes) go through the parser, the verifier, both printers
and the attribute reader (`attribute_fields`, what `attributes.decode` calls) in a child
process. Every mutant must end in a clean outcome: parsed, or an MLIRError. A child that dies
by a signal (the SDK MLIR asserts) fails the test and names the mutant.

The mutants are drawn from a fixed seed (FUZZ_SEED overrides it, FUZZ_COUNT the number), so a
failure reproduces.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

from conftest import REPO

LIT = os.path.join(REPO, "test", "lit", "sdy")
SEED = int(os.environ.get("FUZZ_SEED", "2026"))
COUNT = int(os.environ.get("FUZZ_COUNT", "2000"))

# Reads one JSON text a line and answers one JSON line: ["ok"|"error", detail].
_WORKER = r'''
import json, sys
import mlir.ir as ir
import stablehlo_py
from stablehlo_py import _stablehlo
from stablehlo_py._parsing import parse_module

def sdy_attributes(op, found):
    for name in op.attributes:
        attr = op.attributes[name]
        if str(attr).startswith("#sdy"):
            found.append(attr)
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                sdy_attributes(inner.operation, found)

for line in sys.stdin:
    text = json.loads(line)
    try:
        module = parse_module(text)
        pretty = str(module)
        generic = module.operation.get_asm(print_generic_op_form=True)
        parse_module(pretty)
        parse_module(generic)
        attrs = []
        sdy_attributes(module.operation, attrs)
        for attr in attrs:
            list(_stablehlo.attribute_fields(attr))
        out = ["ok", len(attrs)]
    except ir.MLIRError as e:
        out = ["error", str(e)[:200]]
    except Exception as e:
        out = ["internal", f"{type(e).__name__}: {e}"[:400]]
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
'''

_CHARS = '<>[]{}()",=?:@-#%pxy0123456789 '
_NUMBERS = ["0", "-1", "1", "9223372036854775807", "-9223372036854775808", "4294967296", "18446744073709551616",
            "3"]


def seeds() -> list:
    """Valid sdy programs: the round-trip file split per function, and whole."""
    with open(os.path.join(LIT, "ops.mlir"), encoding="utf-8") as fh:
        text = "\n".join(line for line in fh.read().splitlines() if not line.startswith("//"))
    meshes = "\n".join(line for line in text.splitlines() if line.startswith("sdy.mesh"))
    functions = re.findall(r"(?ms)^func\.func .*?^}$", text)
    return [text] + [meshes + "\n" + f for f in functions]


def mutate(text: str, rng: random.Random) -> str:
    """1 to 3 mutations at positions inside lines that mention sdy."""
    for _ in range(rng.randint(1, 3)):
        spans = [m.span() for m in re.finditer(r"(?m)^.*sdy.*$", text)]
        if not spans:
            return text
        start, end = rng.choice(spans)
        if end <= start:
            continue
        i = rng.randrange(start, end)
        kind = rng.randrange(7)
        if kind == 0:  # delete a character
            text = text[:i] + text[i + 1:]
        elif kind == 1:  # duplicate a character
            text = text[:i] + text[i] + text[i:]
        elif kind == 2:  # change a character
            text = text[:i] + rng.choice(_CHARS) + text[i + 1:]
        elif kind == 3:  # drop a span
            text = text[:i] + text[i + rng.randint(1, 12):]
        elif kind == 4:  # repeat a span
            j = min(end, i + rng.randint(1, 12))
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 5:  # another number
            numbers = [m for m in re.finditer(r"-?\d+", text[start:end])]
            if numbers:
                m = rng.choice(numbers)
                text = text[:start + m.start()] + rng.choice(_NUMBERS) + text[start + m.end():]
        else:  # insert an open-dimension mark or a separator
            text = text[:i] + rng.choice(["?", ", ", '"x"', "{}", "<>", "p0", ":(1)2"]) + text[i:]
    return text


def run_worker(texts: list) -> list:
    """Outcome per text; ["crash", status] for the text a child died on (the rest go to a new child)."""
    env = dict(os.environ, LLVM_DISABLE_CRASH_REPORT="1")
    results, todo = [], list(texts)
    while todo:
        proc = subprocess.run([sys.executable, "-c", _WORKER], input="".join(json.dumps(t) + "\n" for t in todo),
                              capture_output=True, text=True, timeout=600, env=env)
        lines = proc.stdout.splitlines()
        results += [json.loads(line) for line in lines]
        todo = todo[len(lines):]
        if todo:
            results.append(["crash", f"status {proc.returncode}: {proc.stderr[-300:]}"])
            todo = todo[1:]
    return results


def test_sdy_mutants_never_abort():
    rng = random.Random(SEED)
    sources = seeds()
    mutants = [mutate(rng.choice(sources), rng) for _ in range(COUNT)]
    results = run_worker(mutants)
    assert len(results) == len(mutants)
    bad = [(i, outcome, detail) for i, (outcome, detail) in enumerate(results) if outcome in ("crash", "internal")]
    report = "\n\n".join(f"mutant {i} ({outcome}: {detail}):\n{mutants[i]}" for i, outcome, detail in bad[:3])
    assert not bad, f"{len(bad)} of {len(mutants)} mutants broke the process (seed {SEED}):\n{report}"
    outcomes = [outcome for outcome, _ in results]
    # the mutants reach both sides: some still parse and verify, most are rejected
    assert outcomes.count("ok") > COUNT // 20 and outcomes.count("error") > COUNT // 2, \
        {o: outcomes.count(o) for o in set(outcomes)}


def test_kinds_not_read_decode_to_their_text():
    """`attributes.decode` of an op_sharding_rule (found by the mutants: it raised TypeError)."""
    from stablehlo_py._parsing import parse_module
    from stablehlo_py.interpreter.core.attributes import decode

    module = parse_module("""func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @x(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""")
    op = module.body.operations[0].regions[0].blocks[0].operations[0]
    assert decode(op.attributes["sdy.sharding_rule"]) == {"text": "op_sharding_rule<([i])->([i]) {i=4}>"}
