"""Printer/parser and verifier parity of stablehlo-py against upstream StableHLO.

The oracle is jaxlib's StableHLO (``jax._src.interpreters.mlir``).  Both stacks
run in worker subprocesses (one each), so a crash or a hang of either verifier
is recorded as such instead of taking the run down.

1. Printer parity.  Every valid module -- the lit round-trip files
   (``test/lit/ops/*.mlir`` without ``_invalid``, split at ``// -----``), the
   examples and the JAX-exported corpus (``test/conformance/corpus/**/*.mlir``)
   -- is parsed by both and printed in the pretty form: the texts must be
   identical.  Our generic print is then parsed by both and printed pretty
   (generic in, pretty out): again identical.  Units using ``!quant.`` types
   cannot be parsed by jaxlib: when a unit holds such functions it is split
   into its top-level functions and only those using quant types are "not
   comparable".  Ops of our ``check`` dialect (which jaxlib lacks) are statement
   ops without results; they are stripped from a unit before comparison (and
   the case is counted as "check ops stripped").

2. Verifier parity.  A mutator takes the generic print of every comparable
   valid module and breaks one thing at a time (result shape or element type,
   operand type, dimension-number attributes out of range / duplicated /
   truncated, dot_general dimensions, a dropped or added operand, a region
   block argument type, the comparison type).  Type changes keep the rest of
   the module well typed by routing the changed value through
   ``builtin.unrealized_conversion_cast``, so only the mutated op can be wrong.
   Each mutant is parsed and verified by both; agreement when both accept or
   both reject.  Sampling is deterministic (``--seed``) and bounded
   (``--budget``), stratified over (op, mutation kind).

3. ``parity_summary(budget)`` gives the structured results; ``main`` is the CLI:

       .venv/bin/python test/conformance/parity.py [--budget N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import difflib
import glob
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
from typing import Iterable

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS_DIR = os.path.join(HERE, "corpus")

DEFAULT_BUDGET = 300
DEFAULT_SEED = 0

# --------------------------------------------------------------------------
# Known, spec-backed disagreements.  A disagreement is explained when an entry
# matches its op, its direction (which side rejects) and our diagnostic (or,
# where we accept, upstream's).  Each entry points at docs/decisions.md.
# --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Allowed:
    op: str
    ours_rejects: bool  # True: we reject, upstream accepts
    pattern: str  # regex searched in the rejecting side's diagnostic
    decision: str  # the docs/decisions.md entry
    kinds: tuple = ()  # mutation kinds it applies to (empty: any)


ALLOWLIST: tuple[Allowed, ...] = (
    Allowed("stablehlo.rng", True, r"C3: shape .* must not have negative sizes",
            "docs/decisions.md, Verification: sizes are checked before a type is built (rng C3)"),
    Allowed("stablehlo.pad", True, r"C4: .* gives a size past int64",
            "docs/decisions.md, Verification: sizes are checked before a type is built (pad C4 overflow)"),
    Allowed("stablehlo.fft", True, r"C4: fft_length .* must not be negative",
            "docs/decisions.md, Verification: sizes are checked before a type is built (fft C4)"),
    Allowed("stablehlo.scatter", True, r"\bC5\b",
            "docs/decisions.md, Verification: scatter C5 (2N + 1 operands)"),
)


# Printer differences documented in docs/decisions.md: (regex matched in the
# case's text, decision).  Such a case is "documented", not "fail".
# Cases of what upstream's current spec (1.20) has and jaxlib's StableHLO (1.17), the oracle, lacks:
# (regex matched in the case's text, decision). Ours accepts them, the oracle cannot.
NEWER_THAN_ORACLE: tuple[tuple[str, str], ...] = (
    (r"stablehlo\.collective_reduce",
     "docs/decisions.md, Communication ops: collective_reduce is in upstream's current spec (1.20, VHLO "
     "from 1.19); jaxlib's StableHLO (1.17) does not have it"),
    (r"func\.func @collective_broadcast_(variadic|dynamic_root)\w*\(",
     "docs/decisions.md, Communication ops: collective_broadcast is variadic, with has_dynamic_root, as "
     "upstream's current spec (1.20); jaxlib's StableHLO (1.17) has one operand"),
    (r"func\.func @future_of_none\(",
     "docs/decisions.md, async_start, async_done and futures: !stablehlo.future<> (the future of no "
     "tensors) prints as upstream prints it, and parses (upstream's parser cannot read it)"),
)

PRINTER_ALLOWLIST: tuple[tuple[str, str], ...] = (
    (r"func\.func @while_dynamic\(",
     "docs/decisions.md, Verification: a while whose operand and result types differ only "
     "in dynamic dimensions prints the generic-style signature (upstream's pretty form does "
     "not round-trip)"),
    (r"func\.func @dynamic_slice_no_start_indices\(",
     "docs/decisions.md, Syntax: dynamic_slice without start indices prints `%operand, sizes = []` "
     "(upstream prints `%operand, , sizes = []`, which it cannot parse)"),
)


_I1_HEX = re.compile(r'^[-+]\s.*= stablehlo\.constant dense<"0x[0-9A-F]*"> : tensor<[\dx]*i1>$')


def _only_i1_hex(diff: str) -> bool:
    """A diff whose changed lines are all hex-encoded i1 constants."""
    changed = [l for l in diff.splitlines()
               if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    return bool(changed) and all(_I1_HEX.match(l) for l in changed)


# Printer differences that are not ours to fix: (predicate on the diff, note).
PRINTER_DIFF_ALLOWLIST = (
    (_only_i1_hex,
     "docs/decisions.md, Syntax: hex-encoded i1 dense constants are bit-packed by our MLIR "
     "and one byte per element by jaxlib's (core MLIR builtin printer, not the dialect)"),
)


def explain(op: str, ours_ok: bool, up_ok: bool, ours_err: str, up_err: str,
            kind: str = "") -> str | None:
    """The decisions.md reference explaining a disagreement, or None."""
    for a in ALLOWLIST:
        if a.op != op or a.kinds and kind not in a.kinds:
            continue
        if a.ours_rejects and not ours_ok and up_ok and re.search(a.pattern, ours_err or ""):
            return a.decision
        if not a.ours_rejects and ours_ok and not up_ok and re.search(a.pattern, up_err or ""):
            return a.decision
    return None


# --------------------------------------------------------------------------
# Workers: one subprocess per stack, JSON lines in and out.
# --------------------------------------------------------------------------

def _worker_main(which: str) -> None:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    if which == "ours":
        import stablehlo_py
        make_ctx = stablehlo_py.context
        parse = stablehlo_py.parse_module  # reads text as stablehlo-opt does
    else:
        from jax._src.interpreters import mlir as jm
        from jaxlib.mlir import ir
        make_ctx = jm.make_ir_context

        def parse(text, ctx):
            return ir.Module.parse(text, context=ctx)
    ctx = make_ctx()
    n = 0
    out = sys.stdout
    sys.stdout = sys.stderr  # keep stray prints out of the protocol
    for line in sys.stdin:
        req = json.loads(line)
        n += 1
        if n % 500 == 0:  # keep the context small
            ctx = make_ctx()
        res = {"ok": False, "error": "", "pretty": None, "generic": None}
        try:
            m = parse(req["text"], ctx)
            ok = m.operation.verify()
            res["ok"] = bool(ok)
            if ok:
                if req.get("pretty", True):
                    res["pretty"] = m.operation.get_asm()
                if req.get("generic", False):
                    res["generic"] = m.operation.get_asm(print_generic_op_form=True)
            else:
                res["error"] = "verify() returned false"
            del m
        except Exception as e:  # MLIRError: parse or verification failure
            res["error"] = str(e)
        out.write(json.dumps(res) + "\n")
        out.flush()


class Worker:
    """A persistent `parity.py --worker WHICH` subprocess with a timeout."""

    def __init__(self, which: str, timeout: float = 120.0):
        self.which = which
        self.timeout = timeout
        self.proc = None
        self.q: queue.Queue = queue.Queue()

    def _start(self):
        env = dict(os.environ)
        env.setdefault("JAX_PLATFORMS", "cpu")
        env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        env["LLVM_DISABLE_CRASH_REPORT"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker", self.which],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1, env=env)
        self.q = queue.Queue()
        proc, q = self.proc, self.q

        def pump():
            for line in proc.stdout:
                q.put(line)
            q.put(None)

        threading.Thread(target=pump, daemon=True).start()

    def run(self, text: str, pretty: bool = True, generic: bool = False) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(
                {"text": text, "pretty": pretty, "generic": generic}) + "\n")
            self.proc.stdin.flush()
            line = self.q.get(timeout=self.timeout)
        except (BrokenPipeError, queue.Empty) as e:
            line = None
            if isinstance(e, queue.Empty):
                self.close()
                return {"ok": False, "error": f"{self.which}: timeout", "crash": True,
                        "pretty": None, "generic": None}
        if line is None:
            rc = self.proc.wait()
            self.proc = None
            return {"ok": False, "error": f"{self.which}: crashed (exit {rc})", "crash": True,
                    "pretty": None, "generic": None}
        return json.loads(line)

    def close(self):
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except Exception:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


class Oracles:
    def __init__(self):
        self.ours = Worker("ours")
        self.upstream = Worker("upstream")

    def close(self):
        self.ours.close()
        self.upstream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# --------------------------------------------------------------------------
# Valid inputs
# --------------------------------------------------------------------------

_QUANT = re.compile(r"!quant\.")
_CHECK_LINE = re.compile(r'^\s*(check\.[a-z_]+\b|"check\.[a-z_]+")')
_OP_NAME = re.compile(r"\b(stablehlo\.[a-z_]+)\b")


@dataclasses.dataclass
class Case:
    id: str  # file:index
    path: str  # repository-relative
    index: int
    text: str
    comparable: bool
    reason: str = ""  # why not comparable, or a note ("check ops stripped")
    ops: tuple = ()
    dtype: str = ""


def _rel(path: str) -> str:
    return os.path.relpath(path, REPO)


def _split_units(text: str) -> list[str]:
    return re.split(r"^// -----\s*$", text, flags=re.M)


def _split_functions(unit: str) -> list[str]:
    """Top-level (column 0) functions of a unit, each with the lines before it."""
    lines = unit.splitlines(keepends=True)
    starts = [i for i, l in enumerate(lines) if l.startswith("func.func")]
    if len(starts) < 2 or any(l.startswith("module") for l in lines):
        return [unit]
    cuts = [0] + starts[1:] + [len(lines)]
    return ["".join(lines[a:b]) for a, b in zip(cuts, cuts[1:])]


def _strip_checks(text: str) -> tuple[str, bool]:
    out, stripped = [], False
    for line in text.splitlines(keepends=True):
        if _CHECK_LINE.match(line):
            stripped = True
            continue
        out.append(line)
    return "".join(out), stripped


def _ops_in(text: str) -> tuple:
    body = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//"))
    return tuple(sorted(set(_OP_NAME.findall(body)) - {"stablehlo.return"})) or ("(none)",)


def _corpus_manifest() -> dict:
    path = os.path.join(CORPUS_DIR, "MANIFEST.json")
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    entries = data.get("files", data) if isinstance(data, dict) else data
    out = {}
    if isinstance(entries, dict):
        items = entries.items()
    else:
        items = ((e.get("path") or e.get("file"), e) for e in entries if isinstance(e, dict))
    for name, e in items:
        if not name or not isinstance(e, dict):
            continue
        full = os.path.normpath(name if os.path.isabs(name) else os.path.join(CORPUS_DIR, name))
        out[full] = e
    return out


def valid_files() -> list[str]:
    files = sorted(f for f in glob.glob(os.path.join(REPO, "test/lit/ops/*.mlir"))
                   if not f.endswith("_invalid.mlir"))
    files += sorted(glob.glob(os.path.join(REPO, "examples/**/*.mlir"), recursive=True))
    files += sorted(glob.glob(os.path.join(CORPUS_DIR, "**/*.mlir"), recursive=True))
    return files


def collect_cases(files: Iterable[str] | None = None) -> list[Case]:
    manifest = _corpus_manifest()
    cases: list[Case] = []
    for path in files if files is not None else valid_files():
        with open(path) as f:
            text = f.read()
        entry = manifest.get(os.path.normpath(path), {})
        dtype = str(entry.get("dtype", "") or "")
        mop = entry.get("op") or entry.get("ops")
        index = 0
        for unit in _split_units(text):
            if not re.search(r"\S", re.sub(r"^\s*//.*$", "", unit, flags=re.M)):
                continue
            # Functions of a lit file are independent: one case each, unless
            # one refers to another (func.call, a composite's decomposition).
            pieces = [unit] if re.search(r"\bcall @|decomposition = @", unit) else _split_functions(unit)
            for piece in pieces:
                piece, stripped = _strip_checks(piece)
                ops = _ops_in(piece)
                if mop:
                    ops = tuple(sorted({mop} if isinstance(mop, str) else set(mop)))
                    ops = tuple(o if o.startswith("stablehlo.") else "stablehlo." + o for o in ops)
                if _QUANT.search(re.sub(r"^\s*//.*$", "", piece, flags=re.M)):
                    c = Case(f"{_rel(path)}:{index}", _rel(path), index, piece, False,
                             "uses !quant types (jaxlib has no quant dialect)", ops, dtype)
                else:
                    c = Case(f"{_rel(path)}:{index}", _rel(path), index, piece, True,
                             "check ops stripped" if stripped else "", ops, dtype)
                cases.append(c)
                index += 1
    return cases


# --------------------------------------------------------------------------
# Printer parity
# --------------------------------------------------------------------------

@dataclasses.dataclass
class PrinterResult:
    case: Case
    status: str  # pass | fail | not comparable
    detail: str = ""  # unified diff or error
    generic: str = ""  # our generic print (input of the mutator)


def _diff(a: str, b: str, an: str, bn: str) -> str:
    return "".join(difflib.unified_diff(a.splitlines(keepends=True), b.splitlines(keepends=True),
                                        an, bn))


def printer_parity(case: Case, oracles: Oracles) -> PrinterResult:
    if not case.comparable:
        return PrinterResult(case, "not comparable", case.reason)
    ours = oracles.ours.run(case.text, pretty=True, generic=True)
    up = oracles.upstream.run(case.text, pretty=True)
    if ours["ok"] and not up["ok"]:
        for pattern, decision in NEWER_THAN_ORACLE:
            if re.search(pattern, case.text):
                return PrinterResult(case, "documented", f"{decision}\n{up['error']}", ours["generic"])
    if not ours["ok"] or not up["ok"]:
        return PrinterResult(case, "fail",
                             f"parse/verify: ours ok={ours['ok']} {ours['error']}\n"
                             f"upstream ok={up['ok']} {up['error']}")
    if ours["pretty"] != up["pretty"]:
        diff = _diff(up["pretty"], ours["pretty"], "upstream", "ours")
        for pattern, decision in PRINTER_ALLOWLIST:
            if re.search(pattern, case.text):
                return PrinterResult(case, "documented", f"{decision}\n{diff}", ours["generic"])
        for predicate, decision in PRINTER_DIFF_ALLOWLIST:
            if predicate(diff):
                return PrinterResult(case, "documented", f"{decision}\n{diff}", ours["generic"])
        return PrinterResult(case, "fail", diff, ours["generic"])
    g_ours = oracles.ours.run(ours["generic"], pretty=True)
    g_up = oracles.upstream.run(ours["generic"], pretty=True)
    if not g_ours["ok"] or not g_up["ok"]:
        return PrinterResult(case, "fail",
                             f"generic in: ours ok={g_ours['ok']} {g_ours['error']}\n"
                             f"upstream ok={g_up['ok']} {g_up['error']}", ours["generic"])
    if g_ours["pretty"] != g_up["pretty"]:
        return PrinterResult(case, "fail",
                             _diff(g_up["pretty"], g_ours["pretty"], "upstream (generic in)",
                                   "ours (generic in)"), ours["generic"])
    return PrinterResult(case, "pass", "", ours["generic"])


# --------------------------------------------------------------------------
# Text helpers for the generic form
# --------------------------------------------------------------------------

_OPEN, _CLOSE = "<([{", ">)]}"


def _depths(s: str):
    """Yield (index, char, depth before char) skipping string literals."""
    depth, i, n = 0, 0, len(s)
    while i < n:
        c = s[i]
        if c == '"':
            j = i + 1
            while j < n and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            i = j + 1
            continue
        yield i, c, depth
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE and not (c == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        i += 1


def split_top(s: str) -> list[str]:
    """Split at top-level commas."""
    parts, last = [], 0
    for i, c, d in _depths(s):
        if c == "," and d == 0:
            parts.append(s[last:i].strip())
            last = i + 1
    tail = s[last:].strip()
    if tail or parts:
        parts.append(tail)
    return parts


def _matching(s: str, start: int) -> int:
    """Index of the bracket closing the one at s[start]."""
    base = None
    for i, c, d in _depths(s[start:]):
        if base is None:
            base = d
            continue
        if c in _CLOSE and d == base + 1 and not (c == ">" and s[start + i - 1] == "-"):
            return start + i
    return -1


def parse_signature(line: str):
    """(prefix, inputs, outputs, outputs_parenthesized) of a generic op's trailing type."""
    pos = -1
    lead = re.match(r"^\s*\}\)", line)  # the end line of an op with regions
    offset = lead.end() if lead else 0
    for i, c, d in _depths(line[offset:]):
        if d == 0 and line.startswith(" : (", offset + i):
            pos = offset + i
    if pos < 0:
        return None
    open_ = pos + 3
    close = _matching(line, open_)
    if close < 0 or not line.startswith(" -> ", close + 1):
        return None
    ins = split_top(line[open_ + 1:close])
    rest = line[close + 5:].rstrip("\n")
    paren = rest.startswith("(") and _matching(rest, 0) == len(rest) - 1
    outs = split_top(rest[1:-1]) if paren else [rest.strip()]
    return line[:pos], ins, outs, paren


def format_signature(prefix: str, ins, outs, paren: bool) -> str:
    o = "(" + ", ".join(outs) + ")" if paren or len(outs) != 1 else outs[0]
    return f"{prefix} : ({', '.join(ins)}) -> {o}\n"


_TENSOR = re.compile(r"^tensor<((?:(?:\d+|\?)x)*)([^,>]+(?:<[^>]*>)?)(,.*)?>$")


def tensor_parts(t: str):
    """(dims, element type, encoding) of a ranked tensor type or None."""
    m = _TENSOR.match(t.strip())
    if not m:
        return None
    dims = [d for d in m.group(1).split("x") if d]
    return dims, m.group(2), m.group(3) or ""


def make_tensor(dims, elem, enc="") -> str:
    return "tensor<" + "".join(d + "x" for d in dims) + elem + enc + ">"


_ELEM_SWAP = {
    "f32": "f16", "f16": "f32", "bf16": "f32", "f64": "f32", "i1": "i8", "i8": "i32",
    "i16": "i32", "i32": "i64", "i64": "i32", "ui8": "ui32", "ui16": "ui32", "ui32": "ui64",
    "ui64": "ui32", "i4": "i8", "ui4": "ui8", "complex<f32>": "complex<f64>",
    "complex<f64>": "complex<f32>",
}
_ELEM_KIND = {"f": "i32", "b": "i32", "i": "f32", "u": "f32", "c": "f32"}


def other_elements(elem: str) -> list[str]:
    out = []
    if elem in _ELEM_SWAP:
        out.append(_ELEM_SWAP[elem])
    kind = _ELEM_KIND.get(elem[:1])
    if kind and kind not in out and kind != elem:
        out.append(kind)
    return out


def type_variants(t: str) -> list[tuple[str, str]]:
    """(description, changed type) pairs: one dim +1, element type changes."""
    p = tensor_parts(t)
    if p is None:
        return []
    dims, elem, enc = p
    out = []
    for k in sorted({0, len(dims) - 1}) if dims else []:
        if dims[k] != "?" and not enc:
            nd = list(dims)
            nd[k] = str(int(nd[k]) + 1)
            out.append((f"shape dim {k} +1", make_tensor(nd, elem, enc)))
    if not dims:
        out.append(("rank 0 -> 1", make_tensor(["1"], elem, enc)))
    for e in other_elements(elem):
        out.append((f"element {elem} -> {e}", make_tensor(dims, e, enc)))
    return out


# --------------------------------------------------------------------------
# Mutator
# --------------------------------------------------------------------------

@dataclasses.dataclass
class Mutant:
    source: str  # case id
    op: str
    kind: str
    description: str
    text: str


_OP_LINE = re.compile(r'^(\s*)(?:(%[\w.$-]+)(?::(\d+))? = )?"(stablehlo\.[a-z_]+)"\(([^)]*)\)')
_CAST = '"builtin.unrealized_conversion_cast"'


def _op_end(lines: list[str], i: int) -> int:
    """Line index holding the trailing signature of the op starting at line i."""
    line = lines[i]
    if not line.rstrip().endswith("({"):
        return i
    indent = len(line) - len(line.lstrip())
    for j in range(i + 1, len(lines)):
        lj = lines[j]
        if len(lj) - len(lj.lstrip()) == indent and lj.lstrip().startswith("})"):
            return j
    return -1


def _result_refs(name: str, count: int | None) -> list[str]:
    return [name] if count is None else [f"{name}#{k}" for k in range(count)]


def _mut_name(name: str, tag: str = "") -> str:
    return "%mut" + tag + "_" + name[1:].replace("#", "_")


def _cast_line(indent: str, results: str, operands: list[str], src_types, dst_types) -> str:
    ty = f"({', '.join(src_types)}) -> ({', '.join(dst_types)})"
    return f"{indent}{results} = {_CAST}({', '.join(operands)}) : {ty}\n"


def _replace_list(lst, k, v):
    out = list(lst)
    out[k] = v
    return out


_ARRAY = re.compile(r"\b(\w+) = array<i64(?:: ([-\d, ]+))?>")
_DOTDIMS = re.compile(r"\b((?:lhs|rhs)_(?:batching|contracting)_dimensions) = \[([-\d, ]*)\]")
_SCALAR = re.compile(r"\b(dimension|iota_dimension|bit_count) = (-?\d+) : i64")
_CMPTYPE = re.compile(r"#stablehlo<comparison_type (\w+)>")
_CMPTYPES = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")


def _int_list_mutations(values: list[int]) -> list[tuple[str, list[int]]]:
    out = []
    if not values:
        return [("add element 0", [0]), ("add element 1", [1])]
    k = len(values) - 1
    out.append((f"element {k} -> -1", _replace_list(values, k, -1)))
    out.append((f"element {k} -> {values[k] + 1}", _replace_list(values, k, values[k] + 1)))
    out.append((f"element 0 -> {max(values) + len(values) + 3}",
                _replace_list(values, 0, max(values) + len(values) + 3)))
    if len(values) > 1:
        out.append((f"element {k} duplicates element 0", _replace_list(values, k, values[0])))
    else:
        out.append(("duplicate the element", values + values))
    out.append(("drop last element", values[:-1]))
    return out


def mutations_of(case_id: str, generic: str) -> list[Mutant]:
    """Every single-point mutation of a module in generic form."""
    lines = generic.splitlines(keepends=True)
    out: list[Mutant] = []

    def emit(op, kind, desc, new_lines):
        out.append(Mutant(case_id, op, kind, desc, "".join(new_lines)))

    for i, line in enumerate(lines):
        m = _OP_LINE.match(line)
        if not m:
            continue
        indent, res, count, op, operand_text = m.groups()
        count = int(count) if count else None
        end = _op_end(lines, i)
        if end < 0:
            continue
        sig = parse_signature(lines[end])
        if sig is None:
            continue
        prefix, ins, outs, paren = sig
        operands = [o.strip() for o in operand_text.split(",") if o.strip()]
        if len(operands) != len(ins):
            continue
        loc = f"{op} at line {i + 1}"

        # result type: shape or element type, through a cast back.
        if res is not None and outs and outs != [""]:
            refs = _result_refs(res, count)
            new_res = _mut_name(res)
            for k, t in enumerate(outs):
                for desc, nt in type_variants(t):
                    new_outs = _replace_list(outs, k, nt)
                    nl = list(lines)
                    head = f"{indent}{new_res}" + (f":{count}" if count else "") + " = "
                    nl[i] = head + line[m.start(4) - 1:]
                    if end == i:
                        nl[i] = format_signature(head + prefix[m.start(4) - 1:], ins, new_outs, paren)
                    else:
                        nl[end] = format_signature(prefix, ins, new_outs, paren)
                    src_refs = _result_refs(new_res, count)
                    nl.insert(end + 1, _cast_line(indent, res + (f":{count}" if count else ""),
                                                  src_refs, new_outs, outs))
                    kind = "result_shape" if desc.startswith(("shape", "rank")) else "result_element"
                    emit(op, kind, f"{loc}: result {k} {t} -> {nt} ({desc})", nl)

        # operand type, through a cast.
        for k, t in enumerate(ins):
            for desc, nt in type_variants(t)[:2]:
                nm = _mut_name(operands[k], f"op{k}")
                nl = list(lines)
                new_operands = _replace_list(operands, k, nm)
                first = line[:m.start(5)] + ", ".join(new_operands) + line[m.end(5):]
                if end == i:
                    p2 = parse_signature(first)
                    nl[i] = format_signature(p2[0], _replace_list(ins, k, nt), outs, paren)
                else:
                    nl[i] = first
                    nl[end] = format_signature(prefix, _replace_list(ins, k, nt), outs, paren)
                nl.insert(i, _cast_line(indent, nm, [operands[k]], [t], [nt]))
                kind = "operand_shape" if desc.startswith(("shape", "rank")) else "operand_element"
                emit(op, kind, f"{loc}: operand {k} {t} -> {nt} ({desc})", nl)

        # drop / add an operand.
        def with_operands(new_ops, new_ins):
            nl = list(lines)
            first = line[:m.start(5)] + ", ".join(new_ops) + line[m.end(5):]
            if end == i:
                p2 = parse_signature(first)
                nl[i] = format_signature(p2[0], new_ins, outs, paren)
            else:
                nl[i] = first
                nl[end] = format_signature(prefix, new_ins, outs, paren)
            return nl

        if operands:
            k = len(operands) - 1
            emit(op, "drop_operand", f"{loc}: drop operand {k}",
                 with_operands(operands[:k], ins[:k]))
            emit(op, "add_operand", f"{loc}: add a copy of operand {k}",
                 with_operands(operands + [operands[k]], ins + [ins[k]]))

        # attributes on the op's first line (before any region).
        head_text = line[m.end():]
        base = m.end()

        def with_head(new_head):
            nl = list(lines)
            nl[i] = line[:base] + new_head
            return nl

        for am in _ARRAY.finditer(head_text):
            name = am.group(1)
            vals = [int(v) for v in am.group(2).split(",")] if am.group(2) else []
            for desc, nv in _int_list_mutations(vals):
                rep = f"{name} = array<i64" + (": " + ", ".join(map(str, nv)) if nv else "") + ">"
                emit(op, f"attr:{name}", f"{loc}: {name} {vals} -> {nv} ({desc})",
                     with_head(head_text[:am.start()] + rep + head_text[am.end():]))
        for am in _DOTDIMS.finditer(head_text):
            name = am.group(1)
            vals = [int(v) for v in am.group(2).split(",") if v.strip()]
            for desc, nv in _int_list_mutations(vals):
                rep = f"{name} = [" + ", ".join(map(str, nv)) + "]"
                emit(op, f"attr:{name}", f"{loc}: {name} {vals} -> {nv} ({desc})",
                     with_head(head_text[:am.start()] + rep + head_text[am.end():]))
        for am in _SCALAR.finditer(head_text):
            name, v = am.group(1), int(am.group(2))
            for nv in (-1, v + 1, v + 7):
                rep = f"{name} = {nv} : i64"
                emit(op, f"attr:{name}", f"{loc}: {name} {v} -> {nv}",
                     with_head(head_text[:am.start()] + rep + head_text[am.end():]))
        if op == "stablehlo.compare":
            cm = _CMPTYPE.search(head_text)
            current = cm.group(1) if cm else None
            for ct in _CMPTYPES:
                if ct == current:
                    continue
                if cm:
                    nh = head_text[:cm.start(1)] + ct + head_text[cm.end(1):]
                else:
                    nh = head_text.replace("<{", f"<{{compare_type = #stablehlo<comparison_type {ct}>, ", 1)
                emit(op, "compare_type", f"{loc}: compare_type {current} -> {ct}", with_head(nh))

        # region block argument types, through a cast at the top of the block.
        if end > i:
            for j in range(i + 1, end):
                bm = re.match(r"^(\s*)(\^bb\d+)\((.*)\):\s*$", lines[j])
                if not bm:
                    continue
                # only blocks directly in this op's regions
                if len(bm.group(1)) != len(indent):
                    continue
                args = split_top(bm.group(3))
                for a, arg in enumerate(args):
                    if ": " not in arg:
                        continue
                    aname, aty = arg.split(": ", 1)
                    for desc, nt in type_variants(aty)[:2]:
                        nm = _mut_name(aname)
                        nl = list(lines)
                        new_args = _replace_list(args, a, f"{nm}: {nt}")
                        nl[j] = f"{bm.group(1)}{bm.group(2)}({', '.join(new_args)}):\n"
                        nl.insert(j + 1, _cast_line(indent + "  ", aname, [nm], [nt], [aty]))
                        emit(op, "block_arg", f"{loc}: block argument {a} {aty} -> {nt} ({desc})", nl)
    return out


def sample_mutants(mutants: list[Mutant], budget: int, seed: int) -> list[Mutant]:
    """Up to `budget` mutants, round-robin over (op, kind) groups, deterministic."""
    rng = random.Random(seed)
    groups: dict = collections.defaultdict(list)
    for mu in mutants:
        groups[(mu.op, mu.kind)].append(mu)
    keys = sorted(groups)
    for k in keys:
        rng.shuffle(groups[k])
    rng.shuffle(keys)
    chosen, r = [], 0
    while len(chosen) < budget:
        progressed = False
        for k in keys:
            if r < len(groups[k]):
                chosen.append(groups[k][r])
                progressed = True
                if len(chosen) >= budget:
                    break
        if not progressed:
            break
        r += 1
    return chosen


@dataclasses.dataclass
class MutantResult:
    mutant: Mutant
    ours_ok: bool
    upstream_ok: bool
    ours_error: str
    upstream_error: str
    explanation: str | None = None

    @property
    def agree(self) -> bool:
        return self.ours_ok == self.upstream_ok

    @property
    def crash(self) -> bool:
        return "crashed" in self.ours_error or "timeout" in self.ours_error


def _first_error(msg: str) -> str:
    lines = [l.strip() for l in (msg or "").splitlines() if l.strip()]
    for l in lines:
        if "error:" in l:
            return l
    return " | ".join(lines[:3])


def verifier_parity(printer_results: list[PrinterResult], budget: int, seed: int,
                    oracles: Oracles) -> list[MutantResult]:
    mutants = []
    for pr in printer_results:
        # Only modules both stacks read identically (a documented printer
        # difference, e.g. hex i1 constants, can make our print unreadable
        # to upstream).
        if pr.generic and pr.status == "pass":
            mutants.extend(mutations_of(pr.case.id, pr.generic))
    results = []
    for mu in sample_mutants(mutants, budget, seed):
        results.append(compare_verifiers(mu, oracles))
    return results


def compare_verifiers(mu: Mutant, oracles: Oracles) -> MutantResult:
    """Both verifiers on one mutant, with the decisions.md entry explaining a disagreement."""
    o = oracles.ours.run(mu.text, pretty=False)
    u = oracles.upstream.run(mu.text, pretty=False)
    r = MutantResult(mu, o["ok"], u["ok"], _first_error(o["error"]), _first_error(u["error"]))
    if not r.agree:
        r.explanation = explain(mu.op, r.ours_ok, r.upstream_ok, o["error"], u["error"], mu.kind)
    return r


def invalid_lit_units() -> list[Mutant]:
    """The comparable units of test/lit/ops/*_invalid.mlir, as ready-made mutants."""
    out = []
    for path in sorted(glob.glob(os.path.join(REPO, "test/lit/ops/*_invalid.mlir"))):
        with open(path) as f:
            units = _split_units(f.read())
        for k, unit in enumerate(units):
            if _QUANT.search(unit) or re.search(r'^\s*"?check\.', unit, re.M):
                continue
            ops = [o for o in _ops_in(unit) if o != "(none)"]
            m = re.search(r"'(stablehlo\.[a-z_]+)' op", unit)
            op = m.group(1) if m else (ops[0] if ops else "(none)")
            out.append(Mutant(f"{_rel(path)}:{k}", op, "lit_invalid",
                              f"{_rel(path)} case {k}", unit))
    return out


def invalid_parity(oracles: Oracles) -> list[MutantResult]:
    """Both verifiers on the hand-written invalid lit cases (expected: both reject)."""
    results = []
    for mu in invalid_lit_units():
        results.append(compare_verifiers(mu, oracles))
    return results


# --------------------------------------------------------------------------
# Summary
# --------------------------------------------------------------------------

def parity_summary(budget: int = DEFAULT_BUDGET, seed: int = DEFAULT_SEED,
                   files: Iterable[str] | None = None) -> dict:
    """Structured printer and verifier parity results.

    Returns {"printer": {...}, "verifier": {...}, "per_op": {op: {...}},
    "cases": [...], "disagreements": [...]}.
    """
    cases = collect_cases(files)
    with Oracles() as oracles:
        printer = [printer_parity(c, oracles) for c in cases]
        mutants = verifier_parity(printer, budget, seed, oracles)
        invalid = invalid_parity(oracles) if files is None else []

    per_op: dict = collections.defaultdict(lambda: {
        "printer_pass": 0, "printer_fail": 0, "printer_documented": 0,
        "printer_not_comparable": 0,
        "mutants": 0, "agreements": 0, "disagreements": 0, "explained": 0, "dtypes": set()})
    for pr in printer:
        for op in pr.case.ops:
            key = {"pass": "printer_pass", "fail": "printer_fail",
                   "documented": "printer_documented",
                   "not comparable": "printer_not_comparable"}[pr.status]
            per_op[op][key] += 1
    for r in mutants + invalid:
        d = per_op[r.mutant.op]
        d["mutants"] += 1
        if r.agree:
            d["agreements"] += 1
        else:
            d["disagreements"] += 1
            if r.explanation:
                d["explained"] += 1
    comparable = [p for p in printer if p.status != "not comparable"]
    passed = sum(p.status == "pass" for p in comparable)
    documented = sum(p.status == "documented" for p in comparable)
    agree = sum(r.agree for r in mutants)
    inv_agree = sum(r.agree for r in invalid)
    disagreements = [{
        "source": r.mutant.source, "op": r.mutant.op, "kind": r.mutant.kind,
        "description": r.mutant.description,
        "ours": "accepts" if r.ours_ok else "rejects",
        "upstream": "accepts" if r.upstream_ok else "rejects",
        "ours_error": r.ours_error, "upstream_error": r.upstream_error,
        "explanation": r.explanation, "text": r.mutant.text,
    } for r in mutants + invalid if not r.agree]
    for d in per_op.values():
        d.pop("dtypes")
    return {
        "printer": {
            "cases": len(printer), "comparable": len(comparable), "pass": passed,
            "fail": len(comparable) - passed - documented, "documented": documented,
            "not_comparable": len(printer) - len(comparable),
            "checks_stripped": sum(p.case.reason == "check ops stripped" for p in printer),
            "percent": 100.0 * passed / len(comparable) if comparable else 0.0,
            "failures": [{"id": p.case.id, "ops": p.case.ops, "detail": p.detail}
                         for p in comparable if p.status == "fail"],
            "documented_cases": [{"id": p.case.id, "ops": p.case.ops, "detail": p.detail}
                                 for p in comparable if p.status == "documented"],
        },
        "verifier": {
            "budget": budget, "seed": seed, "mutants": len(mutants), "agreements": agree,
            "disagreements": len(mutants) - agree,
            "explained": sum(1 for r in mutants if not r.agree and r.explanation),
            "both_accept": sum(r.ours_ok and r.upstream_ok for r in mutants),
            "both_reject": sum(not r.ours_ok and not r.upstream_ok for r in mutants),
            "percent": 100.0 * agree / len(mutants) if mutants else 100.0,
            "by_kind": dict(collections.Counter(r.mutant.kind for r in mutants)),
        },
        "invalid_lit": {
            "cases": len(invalid), "agreements": inv_agree,
            "disagreements": len(invalid) - inv_agree,
            "explained": sum(1 for r in invalid if not r.agree and r.explanation),
            "both_reject": sum(not r.ours_ok and not r.upstream_ok for r in invalid),
        },
        "per_op": {k: dict(v) for k, v in sorted(per_op.items())},
        "disagreements": disagreements,
        "cases": [{"id": p.case.id, "ops": p.case.ops, "dtype": p.case.dtype,
                   "status": p.status, "reason": p.case.reason} for p in printer],
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--json", action="store_true", help="print the full summary as JSON")
    ap.add_argument("--show-text", action="store_true", help="print disagreeing mutants")
    ap.add_argument("--worker", choices=("ours", "upstream"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        _worker_main(args.worker)
        return 0
    s = parity_summary(args.budget, args.seed)
    if args.json:
        print(json.dumps(s, indent=1, default=list))
        return 0
    p, v = s["printer"], s["verifier"]
    print(f"printer parity: {p['pass']}/{p['comparable']} comparable cases "
          f"({p['percent']:.1f}%), {p['documented']} documented differences, "
          f"{p['not_comparable']} not comparable, "
          f"{p['checks_stripped']} with check ops stripped")
    for f in p["failures"]:
        print(f"  FAIL {f['id']} {f['ops']}\n{f['detail']}")
    print(f"verifier agreement: {v['agreements']}/{v['mutants']} ({v['percent']:.1f}%), "
          f"{v['disagreements']} disagreements ({v['explained']} explained by docs/decisions.md)")
    i = s["invalid_lit"]
    print(f"invalid lit cases: {i['agreements']}/{i['cases']} agree "
          f"({i['disagreements']} disagreements, {i['explained']} explained)")
    for d in s["disagreements"]:
        print(f"  {'EXPLAINED' if d['explanation'] else 'OPEN'} {d['source']} {d['description']}: "
              f"ours {d['ours']}, upstream {d['upstream']}\n    ours: {d['ours_error']}\n"
              f"    upstream: {d['upstream_error']}")
        if args.show_text:
            print(d["text"])
    unexplained = v["disagreements"] - v["explained"] + i["disagreements"] - i["explained"]
    return 1 if p["fail"] or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
