"""Runs the conformance corpus (test/conformance/corpus) with our interpreter.

Stable API (test/conformance/report.py and the pytest use it):

    from run_corpus import run_corpus, Result, CORPUS, load_manifest

    run_corpus(paths=None) -> list[Result]
        Runs each corpus file in-process exactly like `stablehlo-py run FILE`
        (`stablehlo_py.cli.main(["run", FILE])`, stdout/stderr captured).
        paths: iterable of file paths (absolute, or relative to CORPUS);
        None = every *.mlir under CORPUS, sorted.  Results are in the same order.

    Result (a frozen dataclass):
        path     str        path relative to CORPUS, e.g. "add/add.float32.mlir"
        ops      list[str]  ops of the exported program (from MANIFEST.json;
                            [] if the file is not in the manifest)
        dtype    str        numpy / ml_dtypes name of the case's element type
        passed   bool       exit status 0: the module ran and every check held
        message  str        "" if passed, else the run's stderr (the check
                            failure names the check and the first differing
                            elements: index, actual, expected)
        op       str        the op under test (the corpus directory)
        case     str        the case name
        seconds  float      wall time of the run

    load_manifest() -> dict[str, dict]   MANIFEST.json keyed by relative path.

CLI: `python test/conformance/run_corpus.py [--only OP] [-v] [FILES...]` prints
one line per op (passed/total, failing dtypes) and each failure's message
with -v; exit status 1 if any file failed.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import sys
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

__all__ = ["Result", "run_corpus", "load_manifest", "CORPUS"]


@dataclass(frozen=True)
class Result:
    path: str
    ops: list
    dtype: str
    passed: bool
    message: str
    op: str = ""
    case: str = ""
    seconds: float = 0.0
    extra: dict = field(default_factory=dict, compare=False, repr=False)


@functools.lru_cache(maxsize=1)
def load_manifest() -> dict:
    """MANIFEST.json (860 kB, ~10 ms to read) once per process; callers do not change it."""
    path = os.path.join(CORPUS, "MANIFEST.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        return {entry["path"]: entry for entry in json.load(fh)}


def corpus_files() -> list:
    out = []
    for root, _, files in os.walk(CORPUS):
        out += [os.path.relpath(os.path.join(root, f), CORPUS) for f in files if f.endswith(".mlir")]
    return sorted(p.replace(os.sep, "/") for p in out)


def _run_one(path: str) -> tuple:
    from stablehlo_py import cli

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(["run", path])
        except BaseException as e:  # noqa: BLE001 - report, never stop the whole run
            status, _ = 1, print(f"internal error: {type(e).__name__}: {e}", file=sys.stderr)
    return status == 0, err.getvalue().strip(), time.perf_counter() - start


def run_corpus(paths=None) -> list:
    manifest = load_manifest()
    if paths is None:
        paths = corpus_files()
    results = []
    for p in paths:
        full = p if os.path.isabs(p) else os.path.join(CORPUS, p)
        rel = os.path.relpath(full, CORPUS).replace(os.sep, "/")
        entry = manifest.get(rel, {})
        stem = os.path.basename(rel)[: -len(".mlir")]
        case, _, dtype = stem.rpartition(".")
        passed, message, seconds = _run_one(full)
        results.append(Result(path=rel, ops=list(entry.get("ops", [])), dtype=entry.get("dtype", dtype),
                              passed=passed, message="" if passed else message,
                              op=entry.get("op", rel.split("/")[0]), case=entry.get("case", case),
                              seconds=seconds))
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="corpus files (default: all)")
    parser.add_argument("--only", metavar="OP", help="only the files of this op (corpus directory)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each failure's message")
    args = parser.parse_args(argv)
    paths = args.files or None
    if args.only:
        paths = [p for p in corpus_files() if p.split("/")[0] == args.only]
    start = time.perf_counter()
    results = run_corpus(paths)
    by_op: dict = {}
    for r in results:
        by_op.setdefault(r.op, []).append(r)
    for op in sorted(by_op):
        rs = by_op[op]
        bad = [r for r in rs if not r.passed]
        line = f"{'ok  ' if not bad else 'FAIL'} {op:28s} {len(rs) - len(bad):4d}/{len(rs):<4d}"
        if bad:
            line += "  failing: " + ", ".join(sorted({f'{r.case}.{r.dtype}' for r in bad}))
        print(line)
    failed = [r for r in results if not r.passed]
    if args.verbose:
        for r in failed:
            print(f"\n--- {r.path}\n{r.message}")
    print(f"\n{len(results) - len(failed)} of {len(results)} files passed in {time.perf_counter() - start:.1f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
