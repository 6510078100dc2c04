"""Portable artifacts measured against upstream StableHLO's own VHLO test sources.

Held-out material: upstream's ``stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.<V>.mlir``
(one module of many functions per version V, written by upstream, not by us).  The files
are NOT part of this repository and this script never touches the network: fetch them
by hand into ``/tmp/upstream_vhlo/`` (or a directory given with ``--dir``), keeping
upstream's names, e.g. from a checkout of github.com/openxla/stablehlo::

    mkdir -p /tmp/upstream_vhlo
    for v in 0_9_0 0_14_0 0_17_0 1_0_0 1_5_0 1_9_0 1_13_0 1_16_0 1_18_0 1_19_0 1_20_0; do
      cp stablehlo/stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.$v.mlir /tmp/upstream_vhlo/
    done
    .venv/bin/python test/conformance/vhlo_upstream_sources.py [--dir D] [--json OUT] [--only 1_5_0]

Without a checkout, the files can be paged out of a stored copy of the repository (16,000
characters a page) and joined; check each joined file's length against the stored total and
that it ends with the last function's closing brace.  The versioned files of one release line
differ little (a few functions, CHECK comments), which helps to check pages; CHECK comments do
not change what is measured here, the functions do.

Every file found there is measured (its version V, as #.#.#, comes from the name).  Each
file is split into one module per top-level function, keeping the functions it refers
to by symbol (func.call, called_computations, composite decompositions, ...).  Per
function:

  a. parse     stablehlo_py.parse_module (our parser and verifier; upstream parses all).
  b. serialize ours: serialize_portable_artifact_str(text, V).  For V <= jaxlib's
               current version also jaxlib's; bytes compared; when they differ, jaxlib
               reads ours and must print the same module as from its own artifact.
  c. read      jaxlib's artifact deserialized by us, printed by us, re-parsed and printed
               by jaxlib; compared with jaxlib's own deserialization of it (and we note
               where that differs from the source as jaxlib prints it).  Our MLIR prints
               large i1 constants as packed hex that jaxlib cannot parse, and jaxlib's
               Python context has no quant dialect: then the comparison is redone with
               our printer on both sides ("i1hex" / "quant", not failures).
  d. roundtrip ours -> artifact -> ours, printed by us, against the source printed by us
               (for every V; the only check where jaxlib cannot help, V > its version).

Then, per file, upstream's own CHECK lines (its first RUN line: the artifact printed as generic
VHLO through FileCheck) are run on the artifact we write of the whole file.

With --cross-targets T1,T2,... the newest file's functions are also written at each of those
targets (at most jaxlib's version) by us and by jaxlib: who refuses (version gating), bytes,
and each side reading the other's artifact.  This stands in for versioned files not fetched.

    .venv/bin/python test/conformance/vhlo_upstream_sources.py \
        --cross-targets 0.9.0,0.14.0,0.17.0,1.0.0,1.5.0,1.9.0,1.13.0,1.16.0,1.17.0

jaxlib runs in the same worker process as we do; a crash (MLIR asserts on bad bytecode)
ends the worker, is recorded for the function and step in progress, and the worker is
restarted at the next function.  Output: a table per file, then every failure with its
function, step and the error or a short diff, grouped by normalised message.
"""

from __future__ import annotations

import argparse
import collections
import difflib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = ("parse", "ser_ours", "ser_jax", "bytes", "jax_reads_ours", "ours_reads_jax", "roundtrip")


# ----------------------------------------------------------------------------- splitting
_FUNC = re.compile(r"^func\.func\s+(?:(?:private|public|nested)\s+)?@([\w$.\-]+)")


def split_functions(text: str):
    """[(name, text)] of the top-level functions, comment lines dropped.  A function ends
    at the first line that is exactly "}" (upstream's style), or with its signature when
    the signature's braces balance (one-liners) or it has none (declarations)."""
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        m = _FUNC.match(lines[i])
        if not m:
            i += 1
            continue
        # The signature may go on over indented lines until the "{" opening the body; a
        # declaration has no body at all.
        k = i
        while "{" not in lines[k] and k + 1 < len(lines) and lines[k + 1].startswith((" ", "\t")):
            k += 1
        opened = sum(lines[n].count("{") - lines[n].count("}") for n in range(i, k + 1))
        if "{" not in lines[k] or opened == 0:
            j = k
        else:
            j = k + 1
            while j < len(lines) and lines[j] != "}":
                j += 1
        body = "\n".join(l for l in lines[i:j + 1] if not l.lstrip().startswith("//"))
        out.append((m.group(1), body))
        i = j + 1
    return out


def units(text: str):
    """[(name, module text)]: each function with the functions it refers to, transitively,
    in file order."""
    funcs = split_functions(text)
    by_name = {n: b for n, b in funcs}
    order = {n: k for k, (n, _) in enumerate(funcs)}
    result = []
    for name, body in funcs:
        need, todo = {name}, [name]
        while todo:
            cur = todo.pop()
            for ref in re.findall(r"@([\w$.\-]+)", by_name[cur]):
                if ref in by_name and ref not in need:
                    need.add(ref)
                    todo.append(ref)
        parts = [by_name[n] for n in sorted(need, key=order.get)]
        result.append((name, "\n\n".join(parts) + "\n"))
    return result


def version_of(path: str):
    m = re.search(r"stablehlo_legalize_to_vhlo\.(\d+)_(\d+)_(\d+)\.mlir$", path)
    return None if not m else ".".join(m.groups())


def vtuple(v: str):
    return tuple(int(x) for x in v.split("."))


# ----------------------------------------------------------------------------- worker
def _first_lines(s: str, n: int = 6) -> str:
    lines = [l for l in str(s).strip().splitlines() if l.strip()]
    return "\n".join(lines[:n])


def _diff(a: str, b: str, n: int = 14, names=("expected", "got")) -> str:
    d = list(difflib.unified_diff(a.splitlines(), b.splitlines(), names[0], names[1], lineterm="", n=1))
    return "\n".join(d[:n] + (["..."] if len(d) > n else []))


def _has_i1_hex(text: str) -> bool:
    return re.search(r'dense<"0x[0-9A-Fa-f]+">\s*:\s*tensor<[0-9x?]*i1>', text) is not None


def worker(path: str, version: str, start: int):
    import stablehlo_py
    from stablehlo_py.dialects import stablehlo as ss
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo as js
    from jax._src.interpreters import mlir as jm

    jctx = jm.make_ir_context()
    jax_max = js.get_current_version()
    use_jax = vtuple(version) <= vtuple(jax_max)

    def jprint(text_or_bytes):
        with jctx:
            return str(ir.Module.parse(text_or_bytes))

    def mark(k, step):
        print(f"@@ {k} {step}", flush=True)

    text = open(path).read()
    for k, (name, src) in enumerate(units(text)):
        if k < start:
            continue
        r = {"k": k, "name": name}
        # a. parse
        mark(k, "parse")
        try:
            ours_src = str(stablehlo_py.parse_module(src))
            r["parse"] = "ok"
        except Exception as e:  # noqa: BLE001
            ours_src = None
            r["parse"] = "fail"
            r["parse_err"] = _first_lines(e)
        try:
            up_src = jprint(src)
        except Exception as e:  # noqa: BLE001
            up_src = None
            r["upstream_parse_err"] = _first_lines(e)
        # b. serialize
        mark(k, "ser_ours")
        ours_art = jax_art = None
        try:
            ours_art = ss.serialize_portable_artifact_str(src, version)
            r["ser_ours"] = "ok"
        except Exception as e:  # noqa: BLE001
            r["ser_ours"] = "fail"
            r["ser_ours_err"] = _first_lines(e)
        if use_jax:
            mark(k, "ser_jax")
            try:
                jax_art = js.serialize_portable_artifact_str(src, version)
                r["ser_jax"] = "ok"
            except Exception as e:  # noqa: BLE001
                r["ser_jax"] = "refused"
                r["ser_jax_err"] = _first_lines(e, 3)
        else:
            r["ser_jax"] = "n/a"
        up_rt = None
        if jax_art is not None:
            mark(k, "jax_reads_jax")
            try:
                up_rt = jprint(js.deserialize_portable_artifact_str(jax_art))
            except Exception as e:  # noqa: BLE001
                r["jax_rt_err"] = _first_lines(e)
            if up_rt is not None and up_src is not None and up_rt != up_src:
                r["upstream_rt_differs"] = _diff(up_src, up_rt, names=("source", "jaxlib roundtrip"))
        if ours_art is not None and jax_art is not None:
            r["bytes"] = "equal" if ours_art == jax_art else "differ"
            if ours_art != jax_art:
                mark(k, "jax_reads_ours")
                try:
                    got_bc = js.deserialize_portable_artifact_str(ours_art)
                    got = None if got_bc == js.deserialize_portable_artifact_str(jax_art) else jprint(got_bc)
                    if got is None:  # jaxlib reads ours to the very bytes it reads its own to
                        r["jax_reads_ours"] = "ok"
                    elif up_rt is None:
                        r["jax_reads_ours"] = "ok?"
                    elif got == up_rt:
                        r["jax_reads_ours"] = "ok"
                    else:
                        r["jax_reads_ours"] = "fail"
                        r["jax_reads_ours_err"] = _diff(up_rt, got, names=("jaxlib's artifact", "our artifact"))
                except Exception as e:  # noqa: BLE001
                    r["jax_reads_ours"] = "fail"
                    r["jax_reads_ours_err"] = "jaxlib cannot read our artifact: " + _first_lines(e)
            else:
                r["jax_reads_ours"] = "ok"
        # c. ours reads jaxlib's artifact
        if jax_art is not None:
            mark(k, "ours_reads_jax")
            try:
                mine = str(ss.deserialize_portable_artifact(stablehlo_py.context(), jax_art))
                ref = up_rt if up_rt is not None else up_src
                try:
                    got = jprint(mine)
                    if got == ref:
                        r["ours_reads_jax"] = "ok"
                    else:
                        r["ours_reads_jax"] = "fail"
                        r["ours_reads_jax_err"] = _diff(ref, got, names=("jaxlib reads it", "we read it"))
                except Exception as e:  # noqa: BLE001
                    why = "i1hex" if _has_i1_hex(mine) else "quant" if "!quant." in mine else None
                    if why and ours_src is not None:
                        # jaxlib cannot parse our i1 hex, and its Python context has no quant
                        # dialect: compare with our printer on both sides instead.
                        if mine == ours_src:
                            r["ours_reads_jax"] = why
                        else:
                            r["ours_reads_jax"] = "fail"
                            r["ours_reads_jax_err"] = "(our printer both sides) " + _diff(ours_src, mine, names=("source", "we read it"))
                    else:
                        r["ours_reads_jax"] = "fail"
                        r["ours_reads_jax_err"] = "jaxlib cannot parse what we print: " + _first_lines(e)
            except Exception as e:  # noqa: BLE001
                r["ours_reads_jax"] = "fail"
                r["ours_reads_jax_err"] = "we cannot read jaxlib's artifact: " + _first_lines(e)
        # d. roundtrip through ours
        if ours_art is not None:
            mark(k, "roundtrip")
            try:
                back = str(ss.deserialize_portable_artifact(stablehlo_py.context(), ours_art))
                if ours_src is None:
                    r["roundtrip"] = "ok?"
                elif back == ours_src:
                    r["roundtrip"] = "ok"
                else:
                    r["roundtrip"] = "fail"
                    r["roundtrip_err"] = _diff(ours_src, back, names=("source", "roundtrip"))
            except Exception as e:  # noqa: BLE001
                r["roundtrip"] = "fail"
                r["roundtrip_err"] = "we cannot read our artifact: " + _first_lines(e)
        print("@@R " + json.dumps(r), flush=True)


def cross_worker(path: str, targets: list):
    """The functions of one file written at other targets, by us and by jaxlib: which side
    refuses (version gating), whether the bytes agree, and whether each side reads the
    other's artifact to the module it reads its own to."""
    import stablehlo_py
    from stablehlo_py.dialects import stablehlo as ss
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo as js
    from jax._src.interpreters import mlir as jm

    jctx = jm.make_ir_context()
    for target in targets:
        for k, (name, src) in enumerate(units(open(path).read())):
            r = {"target": target, "name": name}
            print(f"@@ {k} {target}", flush=True)
            try:
                o = ss.serialize_portable_artifact_str(src, target)
                r["ours"] = "ok"
            except Exception as e:  # noqa: BLE001
                o, r["ours"], r["ours_err"] = None, "refused", _first_lines(e, 4)
            try:
                j = js.serialize_portable_artifact_str(src, target)
                r["jax"] = "ok"
            except Exception as e:  # noqa: BLE001
                j, r["jax"], r["jax_err"] = None, "refused", _first_lines(e, 4)
            if o is not None and j is not None:
                r["bytes"] = "equal" if o == j else "differ"
                if o != j:
                    try:
                        same = js.deserialize_portable_artifact_str(o) == js.deserialize_portable_artifact_str(j)
                        r["jax_reads_ours"] = "same" if same else "DIFFERENT"
                    except Exception as e:  # noqa: BLE001
                        r["jax_reads_ours"] = "ERROR " + _first_lines(e, 2)
                try:
                    mine = str(ss.deserialize_portable_artifact(stablehlo_py.context(), j))
                    with jctx:
                        ref = str(ir.Module.parse(js.deserialize_portable_artifact_str(j)))
                        got = str(ir.Module.parse(mine))
                    r["ours_reads_jax"] = "same" if got == ref else "DIFFERENT"
                    if got != ref:
                        r["ours_reads_jax_err"] = _diff(ref, got, names=("jaxlib reads it", "we read it"))
                except Exception as e:  # noqa: BLE001
                    r["ours_reads_jax"] = "n/a (" + _first_lines(e, 1)[:80] + ")"
            print("@@R " + json.dumps(r), flush=True)


def cross_report(path: str, targets: list, out=sys.stdout):
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--cross-worker", path, ",".join(targets)],
                          capture_output=True, text=True, timeout=3600)
    rows = [json.loads(l[4:]) for l in proc.stdout.splitlines() if l.startswith("@@R ")]
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"\n## Cross-target check: {os.path.basename(path)} written at other targets by us and by jaxlib"
      + ("" if proc.returncode == 0 else f" (worker ended with rc {proc.returncode})"))
    p("| target | functions | both write | only we refuse | only jaxlib refuses | both refuse | bytes = | jaxlib reads ours differently | we read jaxlib's differently |")
    p("|---|---|---|---|---|---|---|---|---|")
    for t in targets:
        rs = [r for r in rows if r["target"] == t]
        c = lambda f: sum(1 for r in rs if f(r))  # noqa: E731
        p(f"| {t} | {len(rs)} | {c(lambda r: r['ours'] == r['jax'] == 'ok')} | {c(lambda r: r['ours'] == 'refused' and r['jax'] == 'ok')}"
          f" | {c(lambda r: r['ours'] == 'ok' and r['jax'] == 'refused')} | {c(lambda r: r['ours'] == r['jax'] == 'refused')}"
          f" | {c(lambda r: r.get('bytes') == 'equal')}/{c(lambda r: 'bytes' in r)}"
          f" | {c(lambda r: r.get('jax_reads_ours', 'same') != 'same')} | {c(lambda r: r.get('ours_reads_jax', 'same') not in ('same',) and not str(r.get('ours_reads_jax')).startswith('n/a'))}"
          f" ({c(lambda r: str(r.get('ours_reads_jax')).startswith('n/a'))} not comparable: jaxlib cannot parse what we print) |")
    for r in rows:
        bad = []
        if r["ours"] != r["jax"]:
            bad.append(f"ours {r['ours']}, jaxlib {r['jax']}: " + (r.get("ours_err") or r.get("jax_err") or "").splitlines()[-1][:200])
        if r.get("bytes") == "differ":
            bad.append(f"bytes differ (jaxlib reads ours: {r.get('jax_reads_ours')})")
        if r.get("ours_reads_jax") not in (None, "same") and not r["ours_reads_jax"].startswith("n/a"):
            bad.append(f"we read jaxlib's artifact: {r['ours_reads_jax']}\n  " + r.get("ours_reads_jax_err", "").replace("\n", "\n  "))
        if bad:
            p(f"- {r['target']} @{r['name']}: " + "; ".join(bad))


# ----------------------------------------------------------------------------- driver
def measure_file(path: str, version: str, timeout: int = 1800):
    results, start = {}, 0
    names = [n for n, _ in units(open(path).read())]
    while start < len(names):
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", path, version, str(start)],
                              capture_output=True, text=True, timeout=timeout)
        last = None
        for line in proc.stdout.splitlines():
            if line.startswith("@@R "):
                r = json.loads(line[4:])
                results[r["k"]] = r
                last = None
            elif line.startswith("@@ "):
                _, k, step = line.split()
                last = (int(k), step)
        if proc.returncode == 0 and last is None:
            break
        if last is None:  # died between functions
            last = (max(results) + 1 if results else start, "startup")
            if last[0] >= len(names):
                break
        k, step = last
        r = results.get(k, {"k": k, "name": names[k]})
        r[step] = "crash"
        r[step + "_err"] = f"process died (rc {proc.returncode}) during {step}: " + _first_lines(proc.stderr[-3000:], 8)
        results[k] = r
        start = k + 1
    return [results[k] for k in sorted(results)]


def _norm(msg: str) -> str:
    lines = (msg or "").splitlines()
    m = next((l for l in lines if "error:" in l or "cannot" in l), lines[0] if lines else "")
    m = re.sub(r'"-":\d+:\d+', "LOC", m)
    m = re.sub(r"loc\([^)]*\)", "LOC", m)
    m = re.sub(r"@[\w$.\-]+", "@F", m)
    m = re.sub(r"\d+", "N", m)
    return m[:200]


def report(all_results, out=sys.stdout):
    p = lambda *a: print(*a, file=out)  # noqa: E731
    cols = ("functions", "parse ok", "ser ours ok", "jaxlib ser", "bytes =", "jax reads ours", "ours reads jax",
            "roundtrip ok")
    p("| file | V | " + " | ".join(cols) + " |")
    p("|" + "---|" * (len(cols) + 2))
    for fname, version, res in all_results:
        n = len(res)
        c = lambda step, *oks: sum(1 for r in res if r.get(step) in oks)  # noqa: E731
        jax_rows = [r for r in res if r.get("ser_jax") not in (None, "n/a")]
        row = [str(n), f"{c('parse', 'ok')}/{n}", f"{c('ser_ours', 'ok')}/{n}",
               (f"{c('ser_jax', 'ok')} ok, {c('ser_jax', 'refused')} refused" if jax_rows else "n/a"),
               (f"{c('bytes', 'equal')}/{c('bytes', 'equal', 'differ')}" if jax_rows else "n/a"),
               (f"{c('jax_reads_ours', 'ok', 'ok?')}/{c('jax_reads_ours', 'ok', 'ok?', 'fail', 'crash')}" if jax_rows else "n/a"),
               (f"{c('ours_reads_jax', 'ok', 'i1hex', 'quant')}/{c('ours_reads_jax', 'ok', 'i1hex', 'quant', 'fail', 'crash')}"
                + (f" ({c('ours_reads_jax', 'i1hex')} i1hex, {c('ours_reads_jax', 'quant')} quant: our printer)"
                   if c('ours_reads_jax', 'i1hex', 'quant') else "") if jax_rows else "n/a"),
               f"{c('roundtrip', 'ok', 'ok?')}/{c('roundtrip', 'ok', 'ok?', 'fail', 'crash')}"]
        p(f"| {fname} | {version} | " + " | ".join(row) + " |")
    p("")
    groups = collections.defaultdict(list)
    for fname, version, res in all_results:
        for r in res:
            for step in ("parse", "ser_ours", "jax_reads_ours", "ours_reads_jax", "roundtrip"):
                if r.get(step) in ("fail", "crash"):
                    err = r.get(step + "_err", "")
                    groups[(step, _norm(err))].append((version, r["name"], err))
            if r.get("ser_jax") == "refused":
                groups[("ser_jax refused (upstream's own limit, not ours)", _norm(r.get("ser_jax_err", "")))].append(
                    (version, r["name"], r.get("ser_jax_err", "")))
    p("## Failures grouped by step and message")
    for (step, key), items in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        p(f"\n### [{step}] x{len(items)}: {key}")
        shown = set()
        for version, name, err in items:
            p(f"- {version} @{name}")
            if err not in shown and len(shown) < 2:
                shown.add(err)
                p("  " + err.replace("\n", "\n  "))
    notes = [(v, r["name"], r["upstream_rt_differs"]) for f, v, res in all_results for r in res if "upstream_rt_differs" in r]
    if notes:
        p(f"\n## jaxlib's own roundtrip differs from the source as jaxlib prints it ({len(notes)}; reference for step c is jaxlib's roundtrip)")
        for v, n, d in notes[:50]:
            p(f"- {v} @{n}")


def check_lines(path: str, version: str) -> str:
    """Upstream's own CHECK lines of the file (its first RUN line: the artifact printed as generic
    VHLO, FileCheck'ed) against the artifact we write of the whole file: "pass" or the first
    lines of FileCheck's complaint."""
    import tempfile

    import stablehlo_py
    from stablehlo_py.dialects import stablehlo as ss

    bindir = os.path.dirname(sys.executable)
    with tempfile.TemporaryDirectory() as tmp:
        artifact = os.path.join(tmp, "a.bc")
        with open(artifact, "wb") as f:
            f.write(ss.serialize_portable_artifact(stablehlo_py.parse_module(open(path).read()), version))
        generic = subprocess.run([os.path.join(bindir, "stablehlo-opt"), "--mlir-print-op-generic", artifact],
                                 capture_output=True, text=True)
        if generic.returncode:
            return "stablehlo-opt: " + generic.stderr[:300]
        check = subprocess.run([os.path.join(bindir, "filecheck"), path], input=generic.stdout,
                               capture_output=True, text=True)
    return "pass" if check.returncode == 0 else "fail: " + check.stderr[:600]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", default="/tmp/upstream_vhlo")
    ap.add_argument("--only", action="append", default=[], help="version tag like 1_5_0 (repeatable)")
    ap.add_argument("--json", help="write all results here")
    ap.add_argument("--cross-targets", default="",
                    help="also write the newest file's functions at these targets (#.#.#,...; at most jaxlib's "
                         "version) by us and by jaxlib and compare")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    ap.add_argument("--cross-worker", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        worker(a.worker[0], a.worker[1], int(a.worker[2]))
        return 0
    if a.cross_worker:
        cross_worker(a.cross_worker[0], a.cross_worker[1].split(","))
        return 0
    files = []
    for f in sorted(os.listdir(a.dir)) if os.path.isdir(a.dir) else []:
        v = version_of(f)
        if v and (not a.only or f.split(".")[1] in a.only):
            files.append((f, v))
    files.sort(key=lambda fv: vtuple(fv[1]))
    if not files:
        print(f"no stablehlo_legalize_to_vhlo.<V>.mlir in {a.dir}: see this script's docstring", file=sys.stderr)
        return 2
    all_results = []
    for f, v in files:
        print(f"measuring {f} ...", file=sys.stderr, flush=True)
        all_results.append((f, v, measure_file(os.path.join(a.dir, f), v)))
    if a.json:
        json.dump([{"file": f, "version": v, "results": r} for f, v, r in all_results], open(a.json, "w"), indent=1)
    report(all_results)
    print("\n## Upstream's CHECK lines on our artifact of each whole file")
    for f, v in files:
        print(f"- {f}: {check_lines(os.path.join(a.dir, f), v)}")
    if a.cross_targets:
        cross_report(os.path.join(a.dir, files[-1][0]), [t.strip() for t in a.cross_targets.split(",") if t.strip()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
