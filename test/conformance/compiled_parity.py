"""The compiled backend (stablehlo_py.lowering) against the interpreter on the conformance corpus.

Each corpus file's @tested (the JAX export) runs on the file's embedded inputs through both
backends; results must agree bit for bit, or within the file's measured tolerance where its checks
are inexact (corpus/TOLERANCES.json; transcendental functions: libm against numpy). A file the
lowering does not take yet counts as "not lowered", with the op it names.

    python test/conformance/compiled_parity.py [--only OP] [-v]     # prints the counts
    python test/conformance/compiled_parity.py --write                 # also records LOWERED

LOWERED (corpus/COMPILED.json) lists the files that lower, with the largest ULP distance found;
test/python/lowering/test_compiled_corpus.py runs them, so a file that stops lowering or
agreeing fails there.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run_corpus as rc  # noqa: E402

LOWERED = os.path.join(rc.CORPUS, "COMPILED.json")
_INPUT = re.compile(r"^\s*(%arg\d+) = (stablehlo\.constant .*) : (\S+)$", re.M)


def split(text: str) -> tuple:
    """(a module whose public @inputs returns the file's embedded inputs, one whose public
    @tested is the export)."""
    inputs = _INPUT.findall(text)
    lines = [f"  {name} = {value} : {ty}" for name, value, ty in inputs]
    types = ", ".join(ty for _, _, ty in inputs)
    names = ", ".join(name for name, _, _ in inputs)
    source = (f"func.func @inputs() -> ({types}) {{\n" + "\n".join(lines) +
              f"\n  return {names} : {types}\n}}") if inputs else "func.func @inputs() {\n  return\n}"
    tested = text[text.index("  func.func private @tested"):].replace("func.func private @tested",
                                                                          "func.func public @tested", 1)
    return source, "module {\n" + tested.rstrip().rstrip("}").rstrip() + "\n}\n"


def _is_float(dtype) -> bool:
    """Floats and complex, ml_dtypes' narrow floats included (its sub-byte integers are not)."""
    import ml_dtypes

    if dtype.kind in "fc":
        return True
    try:
        ml_dtypes.finfo(dtype)
        return True
    except ValueError:
        return False


def ulps(got: np.ndarray, expected: np.ndarray) -> int:
    """The largest distance in representable values between two float arrays (NaN matches NaN)."""
    from testing.ulps import ulp_distance

    return int(ulp_distance(got, expected).max(initial=0))


def compare(path: str) -> tuple:
    """(status, detail): "same", "close" (max ULP apart), "differs", "not lowered" (the error)."""
    import stablehlo_py
    from stablehlo_py.lowering import LoweringError

    with open(os.path.join(rc.CORPUS, path), encoding="utf-8") as fh:
        source, tested = split(fh.read())
    arrays = stablehlo_py.interpret(source, entry="inputs")
    try:
        compiled = stablehlo_py.compile(tested, entry="tested", backend="compiled")
    except LoweringError as e:
        found = re.search(r"operation '([\w.]+)'", str(e))
        return "not lowered", found.group(1) if found else str(e).splitlines()[0][:100]
    got = compiled(*arrays)
    expected = stablehlo_py.interpret(tested, *arrays, entry="tested")
    worst = 0
    for g, e in zip(got, expected):
        if g.dtype != e.dtype or g.shape != e.shape:
            return "differs", f"{g.dtype}{g.shape} against {e.dtype}{e.shape}"
        if _is_float(g.dtype):
            worst = max(worst, ulps(g, e))
        elif not np.array_equal(np.ascontiguousarray(np.atleast_1d(g)).view(np.uint8),
                                np.ascontiguousarray(np.atleast_1d(e)).view(np.uint8)):
            return "differs", f"integers differ at {np.argwhere(g != e)[:3].tolist()}"
    return ("same", "") if worst == 0 else ("close", worst)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="one op's files")
    parser.add_argument("-v", action="store_true", help="each file's outcome")
    parser.add_argument("--write", action="store_true", help=f"record the files that lower in {LOWERED}")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))
    files = [f for f in rc.corpus_files() if not args.only or f.split("/")[0] == args.only]
    counts, missing, worst = Counter(), Counter(), Counter()
    lowered = {}
    for path in files:
        status, detail = compare(path)
        counts[status] += 1
        if status in ("same", "close"):
            lowered[path] = 0 if status == "same" else detail
        if status == "not lowered":
            missing[detail] += 1
        elif status == "close":
            op = path.split("/")[0]
            worst[op] = max(worst[op], detail)
        if args.v or status == "differs":
            print(f"{path}: {status} {detail}")
    print(f"{len(files)} files: " + ", ".join(f"{n} {s}" for s, n in counts.most_common()))
    print("not lowered, by op:", dict(missing.most_common()))
    print("max ULP apart, by op:", dict(worst))
    if args.write:
        import json

        with open(LOWERED, "w", encoding="utf-8") as fh:
            json.dump(dict(sorted(lowered.items())), fh, indent=0)
            fh.write("\n")
    return 1 if counts["differs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
