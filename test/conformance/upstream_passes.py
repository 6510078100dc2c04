"""Our passes of upstream's names, measured case by case on upstream StableHLO's own pass tests.

Held-out material: upstream's pass test files (``stablehlo/tests/transforms/*.mlir``,
``stablehlo/tests/chlo/*.mlir``, ...), written by upstream, not by us.  They are NOT part of
this repository and this script never touches the network: fetch them by hand into a
directory (default ``/tmp/upstream_pass_tests``), keeping upstream's relative paths, e.g. from
a checkout of github.com/openxla/stablehlo::

    mkdir -p /tmp/upstream_pass_tests && cp -r stablehlo/stablehlo/tests /tmp/upstream_pass_tests/stablehlo/
    .venv/bin/python test/conformance/upstream_passes.py --tests /tmp/upstream_pass_tests \
        [--pass NAME] [--file SUBSTRING] [--json OUT] [--no-jax] [-j N]

Without a checkout, files can be paged out of a stored copy of the repository (16,000
characters a page) and joined; check each joined file's length against the stored total.

Every ``*.mlir`` under --tests whose RUN lines call ``stablehlo-opt`` is measured:

  * each RUN line is parsed (``stablehlo-opt FLAGS %s [| FileCheck %s --check-prefix(es)=..]``);
    RUN lines piping through other tools (stablehlo-translate, diff, grep) are recorded as
    harness limitations, not run; the versioned ``stablehlo_legalize_to_vhlo.<V>.mlir`` files
    are left to vhlo_upstream_versions.py, which runs their RUN lines as written;
  * with ``-split-input-file`` the file is split at ``// -----`` and every chunk is one case
    (chunks keep their line numbers: blank lines stand in for the rest of the file); without
    it the whole file is one case.  ``not stablehlo-opt ... 2>&1 | FileCheck`` RUN lines are
    one whole-file case each (stdout+stderr checked, a non-zero exit required);
  * OURS: when every pass of the RUN line is ours (C++, or Python, which stablehlo-opt hands to
    ``stablehlo-py opt`` with the same arguments), the line's own flags are handed to
    stablehlo-opt unchanged; otherwise ``stablehlo-py opt --pipeline`` runs the passes (our
    Python passes by name with their options, other passes nested as upstream anchors them,
    e.g. ``func.func(stablehlo-aggressive-folder{..})``);
  * the case's own CHECK lines (the chunk's lines with the RUN line's prefixes, by FileCheck
    from the LLVM SDK package) check our output; with ``-verify-diagnostics`` our tool
    verifies the chunk's expected-* annotations itself (non-zero exit = mismatch);
  * JAXLIB (test-only oracle, StableHLO of jaxlib's release): when its registry has every pass
    of the RUN line, the same case runs through ``jaxlib.mlir`` (a worker process, restarted
    after a crash) and the same CHECK lines judge its output; expected-* annotations are
    compared with the diagnostics it emits.  A case jaxlib fails too is "newer than oracle"
    (or a harness artefact) rather than a defect of ours;
  * a failing case of ours is split further by CHECK-LABEL section (every label kept, only
    one section's other checks) so the report names the functions that fail.

Output: a table per pass (cases, ours pass, jaxlib pass, both fail), then every failing case
of ours with its automatic category (pass-missing, option, parse, tool-error, diagnostics,
output) and the first lines of the error / FileCheck message.  --json writes everything.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VENV_BIN = os.path.dirname(os.path.abspath(sys.executable))
OPT = os.path.join(VENV_BIN, "stablehlo-opt")
PYOPT = os.path.join(VENV_BIN, "stablehlo-py")

# Upstream's anchors (stablehlo/transforms/Passes.td, optimization/Passes.td): passes of
# func::FuncOp are nested under func.func; everything else runs on the module.
FUNC_PASSES = {
    "chlo-legalize-to-stablehlo", "shape-legalize-to-stablehlo", "stablehlo-canonicalize-dynamism",
    "stablehlo-check-shape-assertions", "stablehlo-complex-math-expander",
    "stablehlo-legalize-composite-to-call", "stablehlo-legalize-deprecated-ops",
    "stablehlo-legalize-qdq-to-quantized-op", "stablehlo-legalize-quantized-op-to-qdq",
    "stablehlo-legalize-quant-to-math", "stablehlo-legalize-quant-to-int",
    "stablehlo-aggressive-folder", "stablehlo-aggressive-simplification",
    "stablehlo-target-independent-optimization", "canonicalize", "cse",
}

# stablehlo-opt flags that are not passes: name -> takes a value
TOOL_FLAGS = {
    "split-input-file": False, "verify-diagnostics": False, "allow-unregistered-dialect": False,
    "mlir-print-op-generic": False, "mlir-print-debuginfo": False, "emit-bytecode": False,
    "mlir-print-local-scope": False, "debug-only": True, "o": True, "mlir-disable-threading": False,
}

SPLIT = re.compile(r"^// -----\s*$")
CHECK_LINE = re.compile(r"//\s*([A-Za-z0-9_-]+?)(-NEXT|-SAME|-DAG|-NOT|-LABEL|-EMPTY|-COUNT-\d+)?:")
EXPECTED = re.compile(r"expected-(error|warning|remark|note)\s*(?:@(above|below|[+-]?\d+))?\s*\{\{(.*)\}\}")


# ----------------------------------------------------------------------------- small helpers
def first_lines(s, n=6) -> str:
    lines = [l for l in str(s).strip().splitlines() if l.strip()]
    return "\n".join(lines[:n] + (["..."] if len(lines) > n else []))


def filecheck_bin() -> str:
    import importlib.util
    spec = importlib.util.find_spec("llvm")
    for loc in (spec.submodule_search_locations or []) if spec else []:
        p = os.path.join(loc, "bin", "FileCheck")
        if os.path.isfile(p):
            return p
    return "FileCheck"


FILECHECK = filecheck_bin()


def opt_cxx_passes() -> set:
    """Pass names stablehlo-opt (C++) registers, read from its --help."""
    try:
        out = subprocess.run([OPT, "--help"], capture_output=True, text=True, timeout=60).stdout
    except Exception:  # noqa: BLE001
        return set()
    names, inside = set(), False
    for line in out.splitlines():
        if line.strip() == "Passes:":
            inside = True
            continue
        m = re.match(r"^      --([\w.-]+)\s", line)
        if inside and m:
            names.add(m.group(1))
        elif inside and re.match(r"^  --", line):
            inside = False
    return names


def py_passes() -> set:
    try:
        out = subprocess.run([sys.executable, "-c",
                              "from stablehlo_py.passes.registry import PASS_NAMES;print(' '.join(PASS_NAMES))"],
                             capture_output=True, text=True, timeout=120, cwd=ROOT).stdout
        return set(out.split())
    except Exception:  # noqa: BLE001
        return set()


# ----------------------------------------------------------------------------- RUN lines
def run_lines(text: str):
    """[(line number, command)] with '\\' continuations joined."""
    out, cur, start = [], None, 0
    for i, line in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            if cur is not None:
                out.append((start, cur))
                cur = None
            continue
        body = m.group(1).rstrip()
        if cur is None:
            cur, start = "", i
        if body.endswith("\\"):
            cur += body[:-1] + " "
        else:
            cur += body
            out.append((start, cur))
            cur = None
    if cur is not None:
        out.append((start, cur))
    return out


def split_pipes(cmd: str):
    parts, cur, quote = [], [], None
    for ch in cmd:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "|":
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur).strip())
    return parts


def parse_run(cmd: str) -> dict:
    """What one RUN line asks: {'kind': 'opt'|'unsupported', passes: [(name, opts)], flags, ...}."""
    r = {"cmd": cmd}
    stages = split_pipes(cmd)
    try:
        first = shlex.split(stages[0])
    except ValueError as e:
        return {**r, "kind": "unsupported", "why": f"cannot parse RUN line: {e}"}
    negate = bool(first) and first[0] == "not"
    if negate:
        first = first[1:]
    if not first or first[0] != "stablehlo-opt":
        return {**r, "kind": "unsupported", "why": f"RUN line runs {first[0] if first else '?'}, not stablehlo-opt"}
    r["negate"] = negate
    r["stderr"] = "2>&1" in stages[0]
    flags, passes, pipeline = {}, [], None
    for tok in first[1:]:
        if tok in ("%s", "2>&1"):
            continue
        m = re.match(r"^--?([\w.-]+)(?:=(.*))?$", tok, re.S)
        if not m:
            return {**r, "kind": "unsupported", "why": f"unknown stablehlo-opt argument {tok!r}"}
        name, value = m.group(1), m.group(2)
        if name == "pass-pipeline":
            pipeline = value
        elif name in TOOL_FLAGS:
            flags[name] = value if value is not None else True
        else:
            passes.append((name, value))
    r.update(kind="opt", flags=flags, passes=passes, pipeline=pipeline, opt_args=[t for t in first[1:] if t not in ("%s", "2>&1")])
    rest = stages[1:]
    r["filecheck"] = None
    if rest:
        try:
            fc = shlex.split(rest[0])
        except ValueError as e:
            return {**r, "kind": "unsupported", "why": f"cannot parse FileCheck stage: {e}"}
        if not fc or fc[0] != "FileCheck" or len(rest) > 1:
            return {**r, "kind": "unsupported", "why": f"output piped to {' | '.join(rest)}"}
        prefixes = ["CHECK"]
        for tok in fc[1:]:
            m = re.match(r"^--?check-prefix(?:es)?=(.*)$", tok)
            if m:
                prefixes = [p for p in m.group(1).split(",") if p]
        r["filecheck"] = prefixes
    return r


def primary_pass(run: dict) -> str:
    if run.get("kind") != "opt":
        return "?"
    names = [n for n, _ in run["passes"]]
    for n in names:
        if n.startswith(("stablehlo-", "chlo-", "shape-", "vhlo-")):
            return n
    if run.get("pipeline"):
        m = re.search(r"((?:stablehlo|chlo|shape|vhlo)-[\w-]+)", run["pipeline"])
        if m:
            return m.group(1)
    return names[0] if names else "(none)"


# ----------------------------------------------------------------------------- pipelines
def _elem(name, opts):
    return name if opts is None else name + "{" + opts.replace(",", ",") + "}"


def jax_pipeline(run: dict) -> str:
    if run.get("pipeline"):
        p = run["pipeline"]
        return p if p.startswith("builtin.module(") else f"builtin.module({p})"
    parts = []
    for name, opts in run["passes"]:
        e = _elem(name, opts)
        parts.append(f"func.func({e})" if name in FUNC_PASSES else e)
    return "builtin.module(" + ",".join(parts) + ")"


def tool_args(run: dict) -> list:
    """The RUN line's stablehlo-opt arguments for one case.  Split cases are split here, so
    -split-input-file goes; a whole-file case (``not ... 2>&1``) keeps it: the tool splits."""
    if run.get("negate") or run.get("stderr"):
        return list(run["opt_args"])
    return [a for a in run["opt_args"] if not re.match(r"^--?split-input-file$", a)]


def ours_command(run: dict, path: str, cxx: set, pyp: set):
    """(route, argv, note) for our tools."""
    names = [n for n, _ in run["passes"]]
    # stablehlo-opt takes the RUN line's own flags for every pass of ours (a Python pass hands the
    # command line to stablehlo-py opt), as upstream's RUN lines call it.
    known = cxx | pyp
    if run.get("pipeline") is None:
        ours = bool(names) and all(n in known for n in names)
    else:
        ours = all(n in known for n in re.findall(r"[\w-]+(?=[({,)]|$)", run["pipeline"]))
    if ours:
        return "stablehlo-opt", [OPT, path] + tool_args(run), None
    elems = []
    if run.get("pipeline") is not None:
        p = run["pipeline"]
        m = re.fullmatch(r"builtin\.module\((.*)\)", p.strip(), re.S)
        elems = [m.group(1) if m else p]
    else:
        for name, opts in run["passes"]:
            e = _elem(name, opts)
            if name in pyp:
                elems.append(e)            # our Python passes: by name, with their options
            elif name in FUNC_PASSES:
                elems.append(f"func.func({e})")
            else:
                elems.append(e)
    argv = [PYOPT, "opt", path, "--pipeline", ",".join(elems)]
    if run["flags"].get("verify-diagnostics"):
        argv.append("--verify-diagnostics")
    notes = [f for f in run["flags"] if f not in ("split-input-file", "verify-diagnostics")]
    return "stablehlo-py", argv, ("stablehlo-py opt has no " + ", ".join("--" + f for f in notes)) if notes else None


# ----------------------------------------------------------------------------- cases & checks
def chunks(text: str, split: bool):
    """[(index, first line (1-based), last line, chunk text padded with blank lines)]."""
    lines = text.split("\n")
    if not split:
        return [(0, 1, len(lines), text)]
    out, start = [], 0
    for i, line in enumerate(lines):
        if SPLIT.match(line):
            out.append((start, i))
            start = i + 1
    out.append((start, len(lines)))
    result = []
    for k, (a, b) in enumerate(out):
        body = "\n".join(lines[a:b])
        result.append((k, a + 1, b, "\n" * a + body))
    return result


def case_name(text: str) -> str:
    m = re.search(r"^\s*(?:func\.func|module)\s+(?:(?:public|private|nested)\s+)?@([\w$.\-]+)", text, re.M)
    return m.group(1) if m else "(anonymous)"


def check_lines(text: str, prefixes, lo, hi):
    """[(line index 0-based, prefix, suffix)] of active check directives in lines lo..hi (1-based)."""
    lines = text.split("\n")
    out = []
    for i in range(lo - 1, min(hi, len(lines))):
        for m in CHECK_LINE.finditer(lines[i]):
            if m.group(1) in prefixes:
                out.append((i, m.group(1), m.group(2) or ""))
                break
    return out


def checkfile(text: str, keep: set) -> str:
    lines = text.split("\n")
    return "\n".join(l if i in keep else "" for i, l in enumerate(lines))


def run_filecheck(check_text: str, output: str, prefixes, tmpdir: str, tag: str):
    cf = os.path.join(tmpdir, f"{tag}.check")
    inp = os.path.join(tmpdir, f"{tag}.out")
    with open(cf, "w") as f:
        f.write(check_text)
    with open(inp, "w") as f:
        f.write(output)
    p = subprocess.run([FILECHECK, cf, "--input-file", inp, "--check-prefixes=" + ",".join(prefixes),
                        "--allow-unused-prefixes", "--dump-input=never"],
                       capture_output=True, text=True, timeout=120)
    return p.returncode == 0, p.stderr.replace(cf, "<checks>").replace(inp, "<output>")


def label_sections(checks):
    """Split a chunk's check lines at CHECK-LABEL: [(label line or None, [line indices])]."""
    sections, cur = [], (None, [])
    for i, _p, suf in checks:
        if suf == "-LABEL":
            if cur[0] is not None or cur[1]:
                sections.append(cur)
            cur = (i, [])
        else:
            cur[1].append(i)
    if cur[0] is not None or cur[1]:
        sections.append(cur)
    return sections


def verify_expected(text: str, diags) -> list:
    """mlir-opt -verify-diagnostics semantics, for jaxlib's diagnostics [(sev, line, msg)]."""
    expected = []
    for n, line in enumerate(text.split("\n"), 1):
        for m in EXPECTED.finditer(line):
            w = m.group(2)
            t = n if w is None else n - 1 if w == "above" else n + 1 if w == "below" else \
                n + int(w) if w[0] in "+-" else int(w)
            expected.append((m.group(1), t, m.group(3), n))
    unmatched = list(diags)
    problems = []
    for sev, t, msg, n in expected:
        hit = next((d for d in unmatched if d[0] == sev and d[1] == t and msg in d[2]), None)
        if hit is None:
            problems.append(f"line {n}: expected {sev} \"{msg}\" was not produced")
        else:
            unmatched.remove(hit)
    for sev, t, msg in unmatched:
        if sev == "error" or expected:
            problems.append(f"line {t}: unexpected {sev}: {msg}")
    return problems


# ----------------------------------------------------------------------------- jaxlib worker
def jax_worker():
    from jaxlib.mlir import ir, passmanager
    from jaxlib.mlir.dialects import stablehlo as js
    from jax._src.interpreters import mlir as jm

    js.register_stablehlo_passes()
    try:
        from jaxlib.mlir._mlir_libs import _mlirHlo
        _mlirHlo.register_mhlo_passes()
    except Exception:  # noqa: BLE001
        pass
    for line in sys.stdin:
        req = json.loads(line)
        res = {"rc": 0, "out": "", "err": "", "diags": []}
        ctx = jm.make_ir_context()
        ctx.allow_unregistered_dialects = bool(req.get("unregistered"))
        diags = []

        def record(d, diags=diags):
            sev = str(d.severity).rsplit(".", 1)[-1].lower()
            m = re.search(r":(\d+):(\d+)", str(d.location))
            diags.append((sev, int(m.group(1)) if m else None, d.message))
            for note in d.notes:
                if not note.message.startswith("see current operation"):
                    mm = re.search(r":(\d+):(\d+)", str(note.location))
                    diags.append(("note", int(mm.group(1)) if mm else None, note.message))
            return True

        ctx.attach_diagnostic_handler(record)
        try:
            with ctx, ir.Location.unknown():
                try:
                    module = ir.Module.parse(req["text"])
                except ir.MLIRError as e:
                    for d in getattr(e, "error_diagnostics", []):
                        record(d)
                    res.update(rc=2, err="parse: " + first_lines(e, 4))
                    module = None
                if module is not None:
                    try:
                        pm = passmanager.PassManager.parse(req["pipeline"])
                    except Exception as e:  # noqa: BLE001
                        res.update(rc=3, err="pipeline: " + first_lines(e, 3))
                        pm = None
                    if pm is not None:
                        try:
                            pm.run(module.operation)
                            if req.get("generic"):
                                res["out"] = module.operation.get_asm(print_generic_op_form=True)
                            else:
                                res["out"] = str(module)
                        except ir.MLIRError as e:
                            for d in getattr(e, "error_diagnostics", []):
                                record(d)
                            res.update(rc=1, err=first_lines(e, 6))
        except Exception as e:  # noqa: BLE001
            res.update(rc=4, err="harness: " + first_lines(e, 4))
        res["diags"] = diags
        print(json.dumps(res), flush=True)


class JaxClient:
    def __init__(self):
        self.p = None

    def _start(self):
        self.p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--jax-worker"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, cwd=ROOT)

    def run(self, req: dict) -> dict:
        if self.p is None or self.p.poll() is not None:
            self._start()
        try:
            self.p.stdin.write(json.dumps(req) + "\n")
            self.p.stdin.flush()
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("worker died")
            return json.loads(line)
        except Exception as e:  # noqa: BLE001
            try:
                self.p.kill()
            except Exception:  # noqa: BLE001
                pass
            self.p = None
            return {"rc": 99, "out": "", "err": f"jaxlib crashed: {e}", "diags": []}

    def registered(self, names) -> dict:
        out = {}
        for n in names:
            pipe = f"builtin.module(func.func({n}))" if n in FUNC_PASSES else f"builtin.module({n})"
            r = self.run({"text": "module {}", "pipeline": pipe})
            out[n] = r["rc"] != 3
        return out

    def close(self):
        if self.p is not None:
            self.p.stdin.close()
            self.p.wait(timeout=30)


# ----------------------------------------------------------------------------- one case
def classify_ours(rc, stdout, stderr, run) -> str | None:
    e = stderr
    if re.search(r"does not refer to a registered pass|Unknown command line argument|no such pass", e):
        return "pass-missing"
    if re.search(r"no such option|unknown option|option.*(expects|invalid)|cannot add '.*' to the pipeline|"
                 r"for the --[\w-]+ option|Cannot find option named", e):
        return "option"
    if run["flags"].get("verify-diagnostics") and rc != 0 and re.search(
            r"expected (error|warning|remark|note) .*was not produced|unexpected (error|warning|remark|note)|"
            r"produced|expected-", e):
        return "diagnostics"
    if rc != 0 and not run.get("negate"):
        if re.search(r"custom op|expected|unknown|parse|Dialect `\w+' not found|unregistered", e) and not stdout.strip():
            return "parse-or-tool-error"
        return "tool-error"
    return None


def run_ours(argv, timeout=600):
    try:
        p = subprocess.run(argv, capture_output=True, text=True, errors="replace", timeout=timeout, cwd=ROOT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def evaluate(text, run, lo, hi, output, prefixes, tmpdir, tag):
    """FileCheck the chunk's own checks against `output`: (status, message, failing labels)."""
    checks = check_lines(text, prefixes, lo, hi)
    if not checks:
        return "no-checks", "", []
    keep = {i for i, _, _ in checks}
    ok, msg = run_filecheck(checkfile(text, keep), output, prefixes, tmpdir, tag)
    if ok:
        return "pass", "", []
    failing = []
    sections = label_sections(checks)
    labels = {s[0] for s in sections if s[0] is not None}
    if len(sections) > 1:
        lines = text.split("\n")
        for k, (lab, body) in enumerate(sections):
            ok2, _ = run_filecheck(checkfile(text, labels | set(body)), output, prefixes, tmpdir, f"{tag}_s{k}")
            if not ok2:
                failing.append(lines[lab].strip() if lab is not None else f"(checks before first label, line {body[0] + 1})")
    return "fail", first_lines(msg, 8), failing


# ----------------------------------------------------------------------------- driver
def measure_file(path, rel, args, cxx, pyp, jax, jax_has, pool, tmpdir):
    text = open(path, encoding="utf-8").read()
    results = []
    for rl, cmd in run_lines(text):
        run = parse_run(cmd)
        pname = primary_pass(run)
        base = {"file": rel, "run_line": rl, "cmd": cmd, "pass": pname}
        if run["kind"] != "opt":
            results.append({**base, "case": "(RUN line)", "ours": "skip", "ours_cat": "harness",
                            "ours_msg": run["why"], "jax": "n/a"})
            continue
        if args.pass_ and pname != args.pass_:
            continue
        prefixes = run["filecheck"]
        whole = run.get("negate") or run.get("stderr")
        cs = chunks(text, bool(run["flags"].get("split-input-file")) and not whole)
        names = [n for n, _ in run["passes"]]
        jax_ok = jax is not None and all(jax_has.get(n, False) for n in names) if not run.get("pipeline") else jax is not None
        jpipe = jax_pipeline(run)

        def one(c, run=run, prefixes=prefixes):
            k, lo, hi, chunk = c
            tag = f"{abs(hash(rel)) % 10**8}_{rl}_{k}"
            src = os.path.join(tmpdir, tag + ".mlir")
            with open(src, "w") as f:
                f.write(chunk)
            route, argv, note = ours_command(run, src, cxx, pyp)
            rc, out, err = run_ours(argv)
            r = {**base, "case": case_name(chunk), "chunk": k, "lines": [lo, hi], "route": route,
                 "argv": " ".join(shlex.quote(a) for a in argv[1:]).replace(src, "CASE.mlir"), "rc": rc}
            if note:
                r["note"] = note
            cat = classify_ours(rc, out, err, run)
            output = out + (err if whole else "")
            if run.get("negate") and rc == 0:
                cat = cat or "expected-failure-missing"
            if prefixes:
                st, msg, failing = evaluate(text, run, lo, hi, output, prefixes, tmpdir, tag + "o")
            else:
                st, msg, failing = "no-checks", "", []
            if cat:
                r.update(ours="fail", ours_cat=cat, ours_msg=first_lines(err.replace(src, "CASE.mlir"), 8))
                if st == "fail":
                    r["ours_filecheck"] = msg
                    r["ours_failing_labels"] = failing
            elif st == "fail":
                r.update(ours="fail", ours_cat="output", ours_msg=msg, ours_failing_labels=failing)
            else:
                r.update(ours="pass", ours_checks=st)
            if st == "fail" or cat:
                r["ours_out"] = out[-6000:]
            return r, chunk, lo, hi

        done = list(pool.map(one, cs))
        for r, chunk, lo, hi in done:
            if jax_ok:
                req = {"text": chunk, "pipeline": jpipe, "unregistered": bool(run["flags"].get("allow-unregistered-dialect")),
                       "generic": bool(run["flags"].get("mlir-print-op-generic"))}
                j = jax.run(req)
                jcat = None
                if j["rc"] in (2, 3, 4, 99):
                    jcat = {2: "parse", 3: "pipeline", 4: "harness", 99: "crash"}[j["rc"]]
                problems = []
                if run["flags"].get("verify-diagnostics"):
                    problems = verify_expected(chunk, [tuple(d) for d in j["diags"]])
                elif j["rc"] == 1 and not run.get("negate"):
                    jcat = jcat or "tool-error"
                if j["rc"] == 2 and run["flags"].get("verify-diagnostics") and not problems:
                    jcat = None  # an expected parse/verify error, as annotated
                if problems:
                    jcat = jcat or "diagnostics"
                output = j["out"] + (j["err"] + "\n" + "\n".join(d[2] for d in j["diags"]) if whole else "")
                if prefixes:
                    st, msg, _ = evaluate(text, run, lo, hi, output, prefixes, tmpdir, f"j{abs(hash(rel)) % 10**8}_{rl}_{r.get('chunk')}")
                else:
                    st, msg = "no-checks", ""
                if run.get("negate") and j["rc"] == 0:
                    jcat = jcat or "expected-failure-missing"
                if jcat:
                    r.update(jax="fail", jax_cat=jcat, jax_msg=first_lines(j["err"] or "\n".join(problems), 6))
                elif st == "fail":
                    r.update(jax="fail", jax_cat="output", jax_msg=msg)
                else:
                    r.update(jax="pass")
                if r["jax"] == "fail" and r["ours"] == "fail":
                    r["jax_out"] = j["out"][-4000:]
                elif r["ours"] == "fail":
                    r["jax_out"] = j["out"][-4000:]
            else:
                r["jax"] = "n/a"
            results.append(r)
            if args.verbose:
                print(f"  {rel}:{rl} #{r.get('chunk')} {r['case']}: ours={r['ours']} jax={r['jax']}", flush=True)
    return results


def summarize(results):
    rows = collections.OrderedDict()
    for r in results:
        s = rows.setdefault(r["pass"], collections.Counter())
        s["cases"] += 1
        s["ours_pass"] += r["ours"] == "pass"
        s["skip"] += r["ours"] == "skip"
        s["jax_pass"] += r.get("jax") == "pass"
        s["jax_na"] += r.get("jax") == "n/a"
        s["both_fail"] += r["ours"] == "fail" and r.get("jax") == "fail"
        s["ours_only_fail"] += r["ours"] == "fail" and r.get("jax") == "pass"
    return rows


def print_table(rows, out=sys.stdout):
    hdr = f"{'pass':45} {'cases':>5} {'ours':>5} {'jaxlib':>7} {'both✗':>6} {'only-ours✗':>10} {'skip':>5}"
    print(hdr, file=out)
    print("-" * len(hdr), file=out)
    tot = collections.Counter()
    for name, s in sorted(rows.items()):
        jx = f"{s['jax_pass']}" if s["jax_na"] < s["cases"] else "n/a"
        print(f"{name:45} {s['cases']:5} {s['ours_pass']:5} {jx:>7} {s['both_fail']:6} {s['ours_only_fail']:10} {s['skip']:5}", file=out)
        tot.update(s)
    print("-" * len(hdr), file=out)
    print(f"{'total':45} {tot['cases']:5} {tot['ours_pass']:5} {tot['jax_pass']:7} {tot['both_fail']:6} {tot['ours_only_fail']:10} {tot['skip']:5}", file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tests", default="/tmp/upstream_pass_tests")
    ap.add_argument("--pass", dest="pass_", help="only RUN lines whose main pass is NAME")
    ap.add_argument("--file", action="append", default=[], help="only files whose path contains this (repeatable)")
    ap.add_argument("--json", help="write every case here")
    ap.add_argument("--no-jax", action="store_true", help="do not run jaxlib")
    ap.add_argument("-j", type=int, default=2, help="cases of ours run at once")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--failures", type=int, default=400, help="print at most this many failing cases")
    ap.add_argument("--jax-worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.jax_worker:
        jax_worker()
        return 0

    files = []
    for d, _dirs, fs in os.walk(args.tests):
        if "/." in d or os.path.basename(d).startswith("."):
            continue
        for f in sorted(fs):
            # The versioned VHLO files (artifacts, stablehlo-translate) are vhlo_upstream_versions.py's.
            if f.endswith(".mlir") and not re.search(r"stablehlo_legalize_to_vhlo\.\d+_\d+_\d+\.mlir$", f):
                p = os.path.join(d, f)
                rel = os.path.relpath(p, args.tests)
                if args.file and not any(s in rel for s in args.file):
                    continue
                files.append((p, rel))
    files.sort(key=lambda x: x[1])
    if not files:
        print(f"no .mlir files under {args.tests}", file=sys.stderr)
        return 2
    cxx, pyp = opt_cxx_passes(), py_passes()
    jax = None if args.no_jax else JaxClient()
    all_passes = set()
    for p, _ in files:
        for _, cmd in run_lines(open(p, encoding="utf-8").read()):
            r = parse_run(cmd)
            if r["kind"] == "opt":
                all_passes.update(n for n, _ in r["passes"])
    jax_has = jax.registered(sorted(all_passes)) if jax else {}
    results = []
    with tempfile.TemporaryDirectory(prefix="upstream_passes_") as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as pool:
        for p, rel in files:
            print(f"== {rel}", flush=True)
            results += measure_file(p, rel, args, cxx, pyp, jax, jax_has, pool, tmpdir)
    if jax:
        jax.close()

    rows = summarize(results)
    print()
    print("registries: stablehlo-opt (C++) knows", len(cxx), "passes; stablehlo-py adds",
          ", ".join(sorted(pyp - cxx)) or "none")
    if jax_has:
        print("jaxlib lacks:", ", ".join(n for n, ok in sorted(jax_has.items()) if not ok) or "none")
    print()
    print_table(rows)
    fails = [r for r in results if r["ours"] == "fail"]
    cats = collections.Counter(r["ours_cat"] for r in fails)
    print()
    print("failing cases of ours by category:", ", ".join(f"{k} {v}" for k, v in cats.most_common()))
    for r in fails[:args.failures]:
        jx = r.get("jax")
        print(f"\n--- {r['file']}:{r.get('lines', ['?'])[0]} (RUN line {r['run_line']}) [{r['pass']}] {r['case']}  ours={r['ours_cat']}  jaxlib={jx}"
              + (f"/{r.get('jax_cat')}" if jx == "fail" else ""))
        if r.get("ours_failing_labels"):
            print("    failing labels: " + "; ".join(r["ours_failing_labels"]))
        print("    " + r["ours_msg"].replace("\n", "\n    "))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"results": results, "table": rows, "stablehlo_opt_passes": sorted(cxx),
                       "python_passes": sorted(pyp), "jaxlib_registers": jax_has}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
