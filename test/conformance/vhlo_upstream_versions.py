"""Upstream's versioned VHLO tests run as their RUN lines say, through our tools.

Held-out material: upstream StableHLO's ``stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.<V>.mlir``
(one module of many functions per version V) and, where available, the ``<file>.bc`` artifact
beside it, written by StableHLO release V.  Not part of this repository, never fetched here:
put them under --tests keeping upstream's relative paths, as for upstream_passes.py (whose
docstring says how to page files out of a stored copy).

The RUN lines read ``%s.bc``, pipe through ``stablehlo-translate --serialize/--deserialize``,
``stablehlo-opt`` (generic printing, -strip-debuginfo, -emit-bytecode), ``FileCheck`` and
``diff``.  Each RUN line is one case, run by bash (pipefail) with:

  * ``stablehlo-opt``: ours (C++); ``FileCheck``: the LLVM SDK's; ``diff``: the system's;
  * ``stablehlo-translate``: a shim onto ``stablehlo-py translate`` (``--serialize
    --target=V [--strip-debuginfo]``, ``--deserialize``; standard input when no file is named);
  * ``%s.bc``: upstream's artifact when it is there (source "upstream").  Otherwise the
    artifact is written by an independent producer, jaxlib's
    ``serialize_portable_artifact`` (test-only oracle) of the file's own program after
    ``strip-debuginfo``, at V, when V is at most jaxlib's StableHLO version (source "jaxlib");
    else RUN lines that read it are not run (source "none");
  * ``// REQUIRES: asserts`` is ignored: our stablehlo-opt accepts ``-debug-only`` (and has
    no "Not Implemented" debug output to check).

A FileCheck RUN line that fails is split by CHECK-LABEL section (upstream_passes.evaluate)
so the report names the functions whose checks fail.

    .venv/bin/python test/conformance/vhlo_upstream_versions.py --tests /tmp/upstream_pass_tests \
        [--file SUBSTRING] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import upstream_passes as up  # noqa: E402
from vhlo_upstream_sources import version_of, vtuple  # noqa: E402

VENV_BIN = os.path.dirname(os.path.abspath(sys.executable))


# ----------------------------------------------------------------------------- tools
def translate_shim(argv) -> int:
    """upstream's stablehlo-translate arguments -> stablehlo-py translate."""
    mode, target, files, flags = None, None, [], []
    for a in argv:
        if a in ("--serialize", "--deserialize"):
            mode = a
        elif a.startswith("--target="):
            target = a.split("=", 1)[1]
        elif a == "--strip-debuginfo":
            flags.append(a)
        elif a.startswith("-") and a != "-":
            print(f"stablehlo-translate shim: unknown argument {a}", file=sys.stderr)
            return 2
        else:
            files.append(a)
    cmd = [os.path.join(VENV_BIN, "stablehlo-py"), "translate", mode, files[0] if files else "-"]
    if target:
        cmd += ["--target", target]
    return subprocess.run(cmd + flags).returncode


def make_bin(tmp: str) -> str:
    d = os.path.join(tmp, "bin")
    os.makedirs(d)
    os.symlink(up.OPT, os.path.join(d, "stablehlo-opt"))
    os.symlink(up.FILECHECK, os.path.join(d, "FileCheck"))
    with open(os.path.join(d, "stablehlo-translate"), "w") as f:
        f.write(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(os.path.abspath(__file__))} "
                "--translate-shim \"$@\"\n")
    os.chmod(os.path.join(d, "stablehlo-translate"), 0o755)
    return d


JAX_ARTIFACT = r"""
import sys
from jax._src.interpreters import mlir as jm
from jaxlib.mlir import ir, passmanager
from jaxlib.mlir.dialects import stablehlo as js
with jm.make_ir_context() as ctx, ir.Location.unknown():
    m = ir.Module.parse(open(sys.argv[1]).read())
    passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(m.operation)
    open(sys.argv[3], "wb").write(js.serialize_portable_artifact(m, sys.argv[2]))
"""


def jax_version() -> str | None:
    p = subprocess.run([sys.executable, "-c", "from jaxlib.mlir.dialects import stablehlo as s;"
                        "print(s.get_current_version())"], capture_output=True, text=True)
    return p.stdout.strip() or None


_FUNC = re.compile(r"^func\.func\s+(?:(?:private|public|nested)\s+)?@([\w$.\-]+)")

JAX_PARSE = r"""
import sys
from jax._src.interpreters import mlir as jm
from jaxlib.mlir import ir
with jm.make_ir_context(), ir.Location.unknown():
    ir.Module.parse(open(sys.argv[1]).read())
"""


def first_error(path: str, tool: str):
    """(line, message) of the first error parsing the file with our stablehlo-opt or jaxlib, or None."""
    argv = [up.OPT, path] if tool == "ours" else [sys.executable, "-c", JAX_PARSE, path]
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode == 0:
        return None
    # ours: FILE:LINE:COL: error: ...; jaxlib: error: "-":LINE:COL: ... (warnings are not refusals)
    m = re.search(r":(\d+):\d+: error: (.*)", p.stderr) or re.search(r'error: "[^"]*":(\d+):\d+: (.*)', p.stderr)
    return (int(m.group(1)), m.group(2)[:100]) if m else (0, up.first_lines(p.stderr, 2))


def without_refused(path: str, out: str, tool: str):
    """Write to `out` the file less the top-level functions `tool` refuses to parse, each with the
    comment (CHECK) lines just above it; [(function, reason)] of those left out, or an error."""
    lines = open(path, encoding="utf-8").read().split("\n")
    dropped = []
    for _ in range(20):
        with open(out, "w") as f:
            f.write("\n".join(lines))
        err = first_error(out, tool)
        if err is None:
            return dropped, ""
        start = next((i for i in range(min(err[0], len(lines)) - 1, -1, -1) if _FUNC.match(lines[i])), None)
        if start is None:
            return dropped, err[1]
        end = start  # a function ends at the first line "}" (upstream's style); a declaration at once
        while "{" in lines[start] and end < len(lines) and lines[end] != "}":
            end += 1
        first = start
        while first > 0 and lines[first - 1].lstrip().startswith("//") and "RUN:" not in lines[first - 1]:
            first -= 1
        dropped.append((_FUNC.match(lines[start]).group(1), err[1]))
        del lines[first:end + 1]
    return dropped, "too many functions refused"


def jax_artifact(path: str, version: str, out: str):
    """Error text, or "" with jaxlib's artifact of the file at `version` written to `out`."""
    p = subprocess.run([sys.executable, "-c", JAX_ARTIFACT, path, version, out], capture_output=True, text=True)
    return up.first_lines(p.stderr, 4) if p.returncode else ""


# ----------------------------------------------------------------------------- one file
def run_line(cmd: str, path: str, bc: str | None, tmp: str):
    """The RUN line with lit's substitutions: (shell command, FileCheck prefixes or None)."""
    t = os.path.join(tmp, os.path.basename(path) + ".tmp")  # lit's %t: one per file
    sh = cmd.replace("%s.bc", shlex.quote(bc or "")).replace("%s", shlex.quote(path)).replace("%t", t)
    stages = up.split_pipes(sh)
    fc = shlex.split(stages[-1]) if len(stages) > 1 else []
    if fc and fc[0] == "FileCheck":
        prefixes = ["CHECK"]
        for tok in fc[1:]:
            m = re.match(r"^--?check-prefix(?:es)?=(.*)$", tok)
            if m:
                prefixes = [p for p in m.group(1).split(",") if p]
        return " | ".join(stages[:-1]), prefixes
    return sh, None


def run_file(path: str, bc: str | None, source: str, bindir: str, tmp: str) -> list:
    """Every RUN line of the file at `path`, %s.bc being `bc` (written by `source`)."""
    text = open(path, encoding="utf-8").read()
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    cases, missing = [], set()
    for k, (ln, cmd) in enumerate(up.run_lines(text)):
        case = {"run_line": ln, "cmd": cmd}
        why = None
        if "%s.bc" in cmd and bc is None:
            why = "no artifact"
        elif source == "ours" and re.search(r"diff %s\.bc", cmd):
            why = "compares the artifact with our own bytes"
        elif any(f in cmd for f in missing):
            why = "reads the output of a RUN line not run"
        if why:
            missing.update(re.findall(r"> *(%t\.\w+)", cmd))
            cases.append({**case, "status": "skip", "msg": why})
            continue
        sh, prefixes = run_line(cmd, path, bc, tmp)
        try:
            p = subprocess.run(["bash", "-o", "pipefail", "-c", sh], capture_output=True, env=env, cwd=tmp,
                               timeout=900)
            rc, out, err = p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            rc, out, err = 124, "", "timeout"
        if rc:
            cases.append({**case, "status": "fail", "msg": up.first_lines(err or out, 8)})
        elif prefixes:
            st, msg, failing = up.evaluate(text, {}, 1, len(text.split("\n")), out, prefixes, tmp, f"c{k}")
            cases.append({**case, "status": "pass" if st != "fail" else "fail", "msg": msg,
                          "failing_labels": failing})
        else:
            cases.append({**case, "status": "pass"})
    return cases


def measure_file(path: str, rel: str, jaxv, bindir: str, tmp: str) -> list:
    """Rows for one versioned file: with upstream's artifact when it is there; otherwise with our
    artifact of the file less the functions our parser refuses (RUN lines comparing bytes with
    upstream's artifact skipped) and with jaxlib's of the file less those jaxlib refuses too."""
    version = version_of(path)
    if os.path.exists(path + ".bc"):
        return [{"file": rel, "version": version, "artifact": "upstream", "note": "",
                 "cases": run_file(path, path + ".bc", "upstream", bindir, tmp)}]

    def note(dropped, err):
        return err or "; ".join(f"less {name}: {why}" for name, why in dropped)

    rows = []
    ours = os.path.join(tmp, "ours", os.path.basename(path))
    os.makedirs(os.path.dirname(ours), exist_ok=True)
    dropped, err = without_refused(path, ours, "ours")
    if not err:
        subprocess.run([os.path.join(VENV_BIN, "stablehlo-py"), "translate", "--serialize", "--target", version,
                        "--strip-debuginfo", ours, "-o", ours + ".bc"], capture_output=True)
    bc = ours + ".bc" if os.path.exists(ours + ".bc") else None
    rows.append({"file": rel, "version": version, "artifact": "ours", "note": note(dropped, err),
                 "cases": run_file(ours, bc, "ours", bindir, tmp)})
    if err or jaxv is None or vtuple(version) > vtuple(jaxv):
        return rows
    reduced = os.path.join(tmp, "jaxlib", os.path.basename(path))
    os.makedirs(os.path.dirname(reduced), exist_ok=True)
    more, err = without_refused(ours, reduced, "jaxlib")
    err = err or jax_artifact(reduced, version, reduced + ".bc")
    rows.append({"file": rel, "version": version, "artifact": "jaxlib", "note": note(dropped + more, err),
                 "cases": run_file(reduced, None if err else reduced + ".bc", "jaxlib", bindir, tmp)})
    return rows


def main(argv=None):
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--translate-shim":
        return translate_shim(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tests", default="/tmp/upstream_pass_tests")
    ap.add_argument("--file", action="append", default=[], help="only files whose path contains this")
    ap.add_argument("--json", help="write every case here")
    args = ap.parse_args(argv)
    files = []
    for d, _dirs, fs in os.walk(args.tests):
        for f in sorted(fs):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, args.tests)
            if version_of(p) and (not args.file or any(s in rel for s in args.file)):
                files.append((p, rel))
    if not files:
        print(f"no stablehlo_legalize_to_vhlo.<version>.mlir under {args.tests}", file=sys.stderr)
        return 2
    jaxv = jax_version()
    results = []
    with tempfile.TemporaryDirectory(prefix="vhlo_versions_") as tmp:
        bindir = make_bin(tmp)
        for p, rel in sorted(files, key=lambda x: vtuple(version_of(x[0]))):
            results += measure_file(p, rel, jaxv, bindir, tmp)
    total = passed = 0
    print(f"{'file':55} {'artifact':>8} {'RUN lines':>9} {'pass':>5}")
    for r in results:
        n = sum(c["status"] != "skip" for c in r["cases"])
        ok = sum(c["status"] == "pass" for c in r["cases"])
        total, passed = total + n, passed + ok
        print(f"{r['file']:55} {r['artifact']:>8} {n:9} {ok:5}" + (f"  ({r['note']})" if r["note"] else ""))
    print(f"{'total':55} {'':>8} {total:9} {passed:5}")
    for r in results:
        for c in r["cases"]:
            if c["status"] != "pass":
                print(f"\n--- {r['file']} ({r['artifact']}): RUN line {c['run_line']} [{c['status']}] {c['cmd']}")
                if c.get("failing_labels"):
                    print("    failing labels: " + "; ".join(c["failing_labels"]))
                print("    " + str(c["msg"]).replace("\n", "\n    "))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"jaxlib_version": jaxv, "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
