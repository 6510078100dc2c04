"""Shrink a failing program to a minimal reproducer and record it as a regression.

    .venv/bin/python test/fuzz/minimize.py --seed S --index I --name NAME --owner C++|Python [--note TEXT]
    .venv/bin/python test/fuzz/minimize.py --file F.mlir [--entry E] [--input-seed N] --name NAME --owner ...

The failure to keep is the signature of the first run (worker.signature: the
outcome with the assertion text, or the exception type and the line that
raised it).  Delta debugging removes chunks of lines, then tokens, keeping
every step that still fails the same way.  The result goes to
regressions/NAME.mlir with an entry in regressions/MANIFEST.json (status
`open` until the bug is fixed; fuzz/test_crash_regressions.py checks them all).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from worker import Worker, signature  # noqa: E402

REGRESSIONS = os.path.join(HERE, "regressions")
MANIFEST = os.path.join(REGRESSIONS, "MANIFEST.json")
_TOKEN_RE = re.compile(r'"[^"\n]*"|[\w.%#@$?-]+|\s+|.')


def _ddmin(items: list, fails, budget: list) -> list:
    """Zeller's ddmin: a 1-minimal sublist of items for which fails() holds."""
    n = 2
    while len(items) >= 2 and budget[0] > 0:
        chunk = max(1, len(items) // n)
        reduced = False
        for start in range(0, len(items), chunk):
            if budget[0] <= 0:
                break
            rest = items[:start] + items[start + chunk:]
            if rest and fails(rest):
                items, n, reduced = rest, max(n - 1, 2), True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(items), n * 2)
    return items


def minimize(text: str, entry: str, input_seed: int, worker: Worker, target: str | None = None,
             max_tests: int = 600) -> tuple[str, str]:
    """(smallest text found that fails like `text`, the signature)."""
    if target is None:
        target = signature(worker.run({"text": text, "entry": entry, "input_seed": input_seed}))
    budget = [max_tests]
    seen: dict = {}

    def fails_text(candidate: str) -> bool:
        if candidate in seen:
            return seen[candidate]
        budget[0] -= 1
        res = worker.run({"text": candidate, "entry": entry, "input_seed": input_seed})
        seen[candidate] = ok = signature(res) == target
        return ok

    lines = _ddmin(text.split("\n"), lambda ls: fails_text("\n".join(ls)), budget)
    text = "\n".join(lines)
    # Tokens, one line at a time (long lines first: hex literals, types).
    for k in sorted(range(len(lines)), key=lambda k: -len(lines[k])):
        if budget[0] <= 0:
            break
        toks = _TOKEN_RE.findall(lines[k])
        if len(toks) < 2:
            continue

        def fails_tokens(ts, k=k):
            return fails_text("\n".join(lines[:k] + ["".join(ts)] + lines[k + 1:]))

        lines[k] = "".join(_ddmin(toks, fails_tokens, budget))
    # Long literal strings: try halving them.
    text = "\n".join(lines)
    for m in sorted(set(re.findall(r'"0x[0-9A-Fa-f]{8,}"', text)), key=len, reverse=True):
        digits = m[3:-1]
        for keep in (len(digits) // 4 * 2, 8, 2):  # whole bytes
            shorter = text.replace(m, f'"0x{digits[:keep]}"')
            if budget[0] > 0 and fails_text(shorter):
                text = shorter
                break
    return text, target


def load_manifest() -> dict:
    try:
        with open(MANIFEST) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def save_manifest(manifest: dict) -> None:
    os.makedirs(REGRESSIONS, exist_ok=True)
    with open(MANIFEST, "w") as f:
        json.dump(dict(sorted(manifest.items())), f, indent=1)
        f.write("\n")


def record(name: str, text: str, entry: str, input_seed: int, sig: str, owner: str, found: str,
           note: str = "") -> str:
    path = os.path.join(REGRESSIONS, f"{name}.mlir")
    os.makedirs(REGRESSIONS, exist_ok=True)
    with open(path, "w") as f:
        f.write(text.rstrip("\n") + "\n")
    manifest = load_manifest()
    manifest[name] = {"status": "open", "owner": owner, "entry": entry, "input_seed": input_seed,
                      "signature": sig, "found": found, "note": note}
    save_manifest(manifest)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--index", type=int)
    ap.add_argument("--file")
    ap.add_argument("--entry", default="main")
    ap.add_argument("--input-seed", type=int, default=0)
    ap.add_argument("--name", help="record as regressions/NAME.mlir (else print only)")
    ap.add_argument("--owner", choices=("C++", "Python"), default="C++")
    ap.add_argument("--note", default="")
    ap.add_argument("--max-tests", type=int, default=600)
    args = ap.parse_args(argv)
    if args.file:
        with open(args.file) as f:
            raw = f.read()
        text = "\n".join(l for l in raw.split("\n") if not l.startswith("//"))
        entry, input_seed, found = args.entry, args.input_seed, os.path.basename(args.file)
        head = re.search(r"^// from .*; entry @(\S+); inputs (\w+)$", raw, re.M)  # a run.py reproducer
        if head:
            entry, input_seed = head.group(1), 0 if head.group(2) == "zeros" else int(head.group(2))
            found = re.search(r"seed \d+ index \d+", raw).group(0)
    else:
        from mutate import mutant

        mu = mutant(args.seed, args.index)
        text, entry, input_seed, found = mu.text, mu.entry, mu.input_seed, f"seed {args.seed} index {args.index}"
    with Worker() as w:
        small, sig = minimize(text, entry, input_seed, w, max_tests=args.max_tests)
    print(f"// {sig}\n{small}")
    if sig.split(":")[0] not in ("crash", "internal"):
        print(f"not a crash or internal error ({sig}): nothing recorded", file=sys.stderr)
        return 1
    if args.name:
        print("recorded", record(args.name, small, entry, input_seed, sig, args.owner, found, args.note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
