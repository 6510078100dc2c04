"""Generates docs/status.md: the implementation status of every StableHLO op.

    bash scripts/test.sh           # records which ops the tests check against XLA
    python docs/gen_status.py      # regenerates docs/status.md
    python docs/gen_status.py --check

Every column is measured, not typed in:
- defined: the dialect has the op (its generated Python op class exists);
- constraints tested: the spec constraints (C1, C2, ...) of the op that an
  `expected-error` (or, for a spec deviation upstream accepts, `expected-warning`)
  case in test/lit/**/*_invalid.mlir covers (a case counts for
  the constraints its `// Cn` comment or its `Cn:` message names), or a
  `STRICT: error: '<op>' op Cn:` check of test/lit/deviations/ (a spec deviation:
  a warning by default, an error under --strict-spec);
- Python builder: the generated builder, and whether it infers result types;
- interpreted: the interpreter's registry has a kernel for it;
- checked against XLA: the op was in a program whose results a passing test
  suite compared with XLA's (recorded by test/python/conftest.py in
  build/xla_checked_ops.txt).
The op list comes from the spec (SPEC_OPS, cross-checked with the spec text).
"""

from __future__ import annotations

import argparse
import glob
import inspect
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SPEC = os.path.join(os.path.dirname(ROOT), "shared", "spec", "000_adc9109357c76824.txt")
XLA_OPS_FILE = os.path.join(ROOT, "build", "xla_checked_ops.txt")

YES, PARTLY, NO, NA = "✅", "🔶", "❌", "—"
COLUMNS = ["defined", "constraints tested", "Python builder", "interpreted", "checked against XLA"]

# Every op section of the spec, in the spec's order.
SPEC_OPS = """
abs add after_all all_gather all_reduce all_to_all and atan2 batch_norm_grad
batch_norm_inference batch_norm_training bitcast_convert broadcast_in_dim case cbrt
ceil cholesky clamp collective_broadcast collective_permute compare complex composite
concatenate constant convert convolution cosine count_leading_zeros custom_call divide
dot_general dynamic_slice dynamic_update_slice exponential exponential_minus_one fft
floor gather get_dimension_size get_tuple_element if imag infeed iota is_finite log
log_plus_one logistic map maximum minimum multiply negate not optimization_barrier or
outfeed pad partition_id popcnt power real recv reduce reduce_precision reduce_scatter
reduce_window remainder replica_id reshape reverse rng rng_bit_generator
round_nearest_afz round_nearest_even rsqrt scatter select select_and_scatter send
shift_left shift_right_arithmetic shift_right_logical sign sine slice sort sqrt
subtract tanh transpose triangular_solve tuple uniform_dequantize uniform_quantize
while xor
""".split()

# stablehlo ops without an op section of their own.
OTHER_STABLEHLO_OPS = ["return", "dot", "tan", "broadcast", "create_token", "torch_index_select", "einsum",
                       "unary_einsum", "cross-replica-sum"]
# What upstream's current spec (shared/spec/upstream_spec_current.md) adds: ops 000 lacks, with
# their constraints, and constraints it adds to ops of 000 (numbered as the verifier cites them).
CURRENT_SPEC_OPS = {"async_start": ["C1", "C2", "C3", "C4"], "async_done": ["C1"],
                    "collective_reduce": ["C1", "C2", "C3", "C4"]}
CURRENT_SPEC_CONSTRAINTS = {"collective_broadcast": ["C4", "C5"], "dot_general": ["C20"]}
# The dynamism ops (not specced yet: the spec's "Dynamism" category; shared/spec/004_*,
# the dynamism RFC): op -> (its static form, whose spec constraints its verifier
# checks, and the constraints of its own, numbered as the verifier cites them).
DYNAMIC_OPS = {
    "dynamic_broadcast_in_dim": ("broadcast_in_dim", ["C7", "C8", "C9", "C10"]),
    "dynamic_conv": ("convolution", []),
    "dynamic_gather": ("gather", []),
    "dynamic_iota": ("iota", ["C2"]),
    "dynamic_pad": ("pad", []),
    "dynamic_reshape": ("reshape", ["C4"]),
    "real_dynamic_slice": ("slice", []),
    "set_dimension_size": (None, ["C1", "C2", "C3"]),  # XLA's SetDimensionSize
}
# The chlo dialect (no spec: docs/chlo.md names its constraints): op -> constraints.
_CHLO_BROADCASTING = ["add", "and", "atan2", "compare", "complex", "divide", "maximum", "minimum", "multiply",
                      "next_after", "or", "polygamma", "power", "remainder", "shift_left", "shift_right_arithmetic",
                      "shift_right_logical", "subtract", "xor", "zeta"]
_CHLO_ELEMENTWISE = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan", "conj", "square",
                     "_asin_acos_kernel", "bessel_i1e", "digamma", "erf", "erfc", "erf_inv", "lgamma", "is_inf",
                     "is_neg_inf", "is_pos_inf", "next_after", "polygamma", "zeta", "mulhi"]
CHLO_OPS = {
    **{f"broadcast_{n}": ["C1", "C2", "C3", "C4"] + (["C5"] if n == "compare" else []) for n in _CHLO_BROADCASTING},
    "broadcast_select": ["C1", "C3", "C4"],
    **{n: ["C1", "C2"] for n in _CHLO_ELEMENTWISE},
    "constant": ["C1"],
    "constant_like": ["C1", "C2"],
    "top_k": ["C1", "C2", "C3"],
    "ragged_dot": [f"C{i}" for i in range(1, 9)],
    "scan": [f"C{i}" for i in range(1, 7)],
}
FUNC_OPS = ["func.func", "func.call", "func.return"]
CHECK_OPS = ["check.expect_eq", "check.expect_eq_const", "check.expect_almost_eq",
             "check.expect_almost_eq_const", "check.expect_close", "check.expect_serialized_eq"]
# The interpreter dialect (no spec: docs/distributed.md names run_parallel's constraints): op -> constraints.
INTERPRETER_OPS = {"run_parallel": [f"RP{i}" for i in range(1, 6)], "print": [], "probe": []}
# Builders written by hand in stablehlo_py/dialects/stablehlo.py.
HAND_BUILDERS = {
    "stablehlo.dot_general": "builder infers the result shape (element type defaults to the operands')",
    "stablehlo.convolution": "builder infers the result shape (element type defaults to the operands'); "
                             "window fields as Python lists",
    "stablehlo.reduce": "builder infers result types; the body is a Python callable",
    "stablehlo.gather": "builder infers the result type; dimension numbers as keywords",
    "stablehlo.scatter": "builder infers result types; the update computation is a Python callable",
    "stablehlo.reduce_window": "builder infers result types; the body is a Python callable",
    "stablehlo.sort": "builder infers result types; the comparator is a Python callable",
    "stablehlo.map": "builder infers the result type (element type from the computation, a Python callable)",
    "stablehlo.select_and_scatter": "builder infers the result type; select and scatter are Python callables",
    "stablehlo.composite": "builder takes the result types from the decomposition function",
}


def spec_ops(path: str) -> list:
    """Op section names of the spec: a bare name line, a blank line, "Semantics"."""
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    start = lines.index("Ops")
    end = lines.index("Execution", start)
    names = []
    for i in range(start + 1, end - 2):
        if re.fullmatch(r"[a-z_0-9]+", lines[i]) and not lines[i + 1].strip() and lines[i + 2] == "Semantics":
            if lines[i] not in names:
                names.append(lines[i])
    return names


def spec_constraints(path: str) -> dict:
    """op -> the constraint ids (C1, C2, ...) of its spec section."""
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    result, op, in_constraints = {}, None, False
    for i, line in enumerate(lines):
        if i + 2 < len(lines) and re.fullmatch(r"[a-z_0-9]+", line) and not lines[i + 1].strip() \
                and lines[i + 2] == "Semantics":
            op, in_constraints = line, False
            result.setdefault(op, set())
        elif op and line == "Constraints":
            in_constraints = True
        elif op and line in ("Examples", "Semantics"):
            in_constraints = False
        elif op and in_constraints:
            result[op].update(re.findall(r"\((C\d+)\)", line))
    return result


def tested_constraints() -> dict:
    """op name -> constraint ids with an expected-error case in the lit suite (or an
    expected-warning one: a constraint upstream does not enforce, reported as a spec deviation)."""
    tested: dict = {}
    for path in glob.glob(os.path.join(ROOT, "test", "lit", "**", "*_invalid.mlir"), recursive=True):
        with open(path, encoding="utf-8") as fh:
            chunks = fh.read().split("// -----")
        for chunk in chunks:
            ops = set(re.findall(r"expected-(?:error|warning)[^{]*\{\{'((?:stablehlo|check|chlo|interpreter)"
                                 r"\.[a-z_0-9]+)' op", chunk))
            ids = set(re.findall(r"(?m)^\s*//(?!.*expected-(?:error|warning)).*?\b((?:C|RP)\d+)\b", chunk))
            ids |= set(re.findall(r"' op (C\d+):", chunk))
            for op in ops:
                tested.setdefault(op, set()).update(ids)
    # The spec deviations' FileCheck files: a warning by default, an error under --strict-spec.
    for path in glob.glob(os.path.join(ROOT, "test", "lit", "deviations", "*.mlir")):
        with open(path, encoding="utf-8") as fh:
            for op, cid in re.findall(r"(?m)^// STRICT: error: '((?:stablehlo|check|chlo|interpreter)"
                                      r"\.[a-z_0-9]+)' op (C\d+):", fh.read()):
                tested.setdefault(op, set()).add(cid)
    return tested


def measured() -> dict:
    """Full op name -> {column: symbol, "notes": text}."""
    from stablehlo_py.dialects import check, chlo, interpreter, stablehlo
    from stablehlo_py.interpreter import supported_ops

    classes = {c.OPERATION_NAME: c for module in (stablehlo, check, chlo, interpreter) for c in vars(module).values()
               if isinstance(c, type) and hasattr(c, "OPERATION_NAME")}
    # Terminators are run by the plan machinery itself, not by a kernel.
    interpreted = set(supported_ops()) | {"stablehlo.return", "func.return"}
    if not os.path.exists(XLA_OPS_FILE):
        sys.exit(f"{XLA_OPS_FILE} is missing: run `bash scripts/test.sh` first (it records the ops "
                 "checked against XLA)")
    with open(XLA_OPS_FILE, encoding="utf-8") as fh:
        xla = set(fh.read().split())
    spec = spec_constraints(DEFAULT_SPEC)
    tested = tested_constraints()

    def row(full: str, spec_name: str | None, own: tuple = ()) -> dict:
        cls = classes.get(full)
        wanted = (spec.get(spec_name, set()) if spec_name else set()) | set(own)
        covered = tested.get(full, set())
        notes = []
        if cls is None:
            constraints = NO if wanted else NA
        elif not wanted:
            constraints = NA
        elif wanted <= covered:
            constraints = YES
        else:
            constraints = PARTLY if wanted & covered else NO
            notes.append("untested: " + ", ".join(sorted(wanted - covered, key=lambda c: int(c.lstrip("CRP")))))
        builder = NO
        if cls is not None:
            builder = YES
            if full in HAND_BUILDERS:
                notes.append(HAND_BUILDERS[full])
            elif "results" in inspect.signature(cls.__init__).parameters:
                notes.append("builder infers the result type")
            elif "result" in inspect.signature(cls.__init__).parameters:
                notes.append("builder takes the result type")
        return {"defined": YES if cls else NO, "constraints tested": constraints, "Python builder": builder,
                "interpreted": YES if full in interpreted else NO,
                "checked against XLA": YES if full in xla else NO, "notes": "; ".join(notes)}

    table = {f"stablehlo.{n}": row(f"stablehlo.{n}", n, tuple(CURRENT_SPEC_CONSTRAINTS.get(n, ())))
             for n in SPEC_OPS + OTHER_STABLEHLO_OPS}
    for name, own in CURRENT_SPEC_OPS.items():
        table[f"stablehlo.{name}"] = row(f"stablehlo.{name}", None, tuple(own))
    for name, (static, own) in DYNAMIC_OPS.items():
        entry = table[f"stablehlo.{name}"] = row(f"stablehlo.{name}", static, own)
        origin = f"`{static}`'s constraints" if static else "XLA's SetDimensionSize"
        entry["notes"] = "; ".join(filter(None, [origin + (" and " + ", ".join(own) if own and static else ""),
                                                 entry["notes"]]))
    # The interpreter runs custom_call only for the @check.* targets, which XLA does not have.
    table["stablehlo.custom_call"]["checked against XLA"] = NA
    table["stablehlo.custom_call"]["notes"] += "; the interpreter runs the @check.* targets"
    # jaxlib's MLIR has no quant dialect: XLA cannot take quantized programs through jax.
    for name in ("stablehlo.uniform_quantize", "stablehlo.uniform_dequantize"):
        table[name]["checked against XLA"] = NA
        table[name]["notes"] += ("; no XLA oracle (jaxlib has no quant dialect): checked against the spec's "
                                 "formulas in numpy, like every op on quantized values")
    for name in FUNC_OPS:  # upstream's func dialect
        table[name] = {"defined": YES, "constraints tested": NA, "Python builder": YES,
                       "interpreted": YES if name in interpreted or name == "func.func" else NO,
                       "checked against XLA": YES if name in xla else NA,
                       "notes": "upstream MLIR func dialect"}
    for name in CHECK_OPS:
        entry = row(name, None)
        entry["checked against XLA"] = NA
        table[name] = entry
    for name, own in CHLO_OPS.items():
        table[f"chlo.{name}"] = row(f"chlo.{name}", None, tuple(own))
    for name, own in INTERPRETER_OPS.items():
        entry = table[f"interpreter.{name}"] = row(f"interpreter.{name}", None, tuple(own))
        entry["checked against XLA"] = NA
    table["targets"] = custom_call_targets(xla)
    return table


def custom_call_targets(xla: set) -> list:
    """(target, interpreted, checked against XLA, what it does) of every built-in custom_call
    target: host callbacks are errors by design, check targets have no XLA counterpart."""
    from stablehlo_py.interpreter.kernels.custom_calls import CALLBACK_TARGETS, builtin_targets

    rows = []
    for target, summary in builtin_targets():
        callback, check = target in CALLBACK_TARGETS, target.startswith("check.")
        rows.append((target, NA if callback else YES,
                     NA if callback or check else YES if "@" + target in xla else NO, summary))
    return rows


def render(table: dict) -> str:
    header = ["| op | " + " | ".join(COLUMNS) + " | notes |", "|---|" + "---|" * len(COLUMNS) + "---|"]

    def rows(names):
        return ["| " + " | ".join([f"`{n}`", *(table[n][c] for c in COLUMNS), table[n]["notes"]]) + " |"
                for n in names]

    spec_names = [f"stablehlo.{n}" for n in SPEC_OPS]
    done = ", ".join(f"{c} {sum(table[n][c] == YES for n in spec_names)}" for c in COLUMNS)
    return "\n".join([
        "# Op status",
        "",
        "<!-- Generated by `python docs/gen_status.py` (after `bash scripts/test.sh`); do not edit. -->",
        "",
        f"Every op of the StableHLO spec ({len(SPEC_OPS)} op sections), then its dynamism ops (not specced yet),",
        "then the other ops StableHLO programs use: `stablehlo.return`, `stablehlo.tan`, the legacy `stablehlo.dot`, `broadcast`, `create_token`,",
        "`torch_index_select`, `einsum` and `unary_einsum`, the `func` dialect and the",
        "check ops of conformance suites. Every cell is measured by `docs/gen_status.py`:",
        "",
        "- **defined**: the op is in TableGen (`dialect/`) with its C++ verifier and shape function.",
        "- **constraints tested**: every spec constraint (C1, C2, ...) of the op has an `expected-error` lit",
        f"  test ({PARTLY}: some have; the notes name the others).",
        "- **Python builder**: `stablehlo_py.dialects` builds it (notes: whether the result type is inferred).",
        "- **interpreted**: the numpy interpreter executes it.",
        "- **checked against XLA**: a passing test compared the interpreter's results for programs with this",
        "  op with XLA on CPU (through jax).",
        "",
        f"Legend: {YES} yes · {PARTLY} partly · {NO} no · {NA} not applicable.",
        "",
        f"Spec ops done, of {len(SPEC_OPS)}: {done}.",
        "",
        "## Spec ops",
        "",
        *header, *rows(spec_names),
        "",
        "## Dynamism",
        "",
        "The dynamic counterparts of spec ops (sizes as operands; not specced yet). **constraints tested**",
        "counts the static form's spec constraints, which their verifiers check, and their own (notes).",
        "",
        *header, *rows([f"stablehlo.{n}" for n in DYNAMIC_OPS]),
        "",
        "## Ops of upstream's current spec",
        "",
        "Ops that upstream's current spec (1.20) adds to the one this project was built from;",
        "**constraints tested** counts the current spec's constraints.",
        "",
        *header, *rows([f"stablehlo.{n}" for n in CURRENT_SPEC_OPS]),
        "",
        "## Other ops",
        "",
        *header, *rows([f"stablehlo.{n}" for n in OTHER_STABLEHLO_OPS] + FUNC_OPS + CHECK_OPS),
        "",
        "## CHLO",
        "",
        f"All {len(CHLO_OPS)} ops of upstream's chlo dialect (`docs/chlo.md`). CHLO has no spec: **constraints",
        "tested** counts the constraints `docs/chlo.md` names for the op.",
        "",
        *header, *rows([f"chlo.{n}" for n in CHLO_OPS]),
        "",
        "## The interpreter dialect",
        "",
        "Upstream's ops for running a process grid inside a program and inspecting values (`docs/distributed.md`,",
        "\"The interpreter dialect\"). No spec: **constraints tested** counts run_parallel's RP1-RP5.",
        "",
        *header, *rows([f"interpreter.{n}" for n in INTERPRETER_OPS]),
        "",
        "## Custom-call targets",
        "",
        "The `stablehlo.custom_call` targets the interpreter runs itself (`stablehlo-py targets` lists them;",
        "`docs/custom_calls.md` has their conventions): JAX's CPU LAPACK targets, placement annotations,",
        "shape assertions, the check targets, and host callbacks, which are an error naming the callback",
        "(the Python function is not in the program). **checked against XLA**: a passing test compared a",
        "program calling the target with XLA on CPU.",
        "",
        "| target | interpreted | checked against XLA | what it does |",
        "|---|---|---|---|",
        *[f"| `{t}` | {i} | {x} | {s.replace('|', '/')} |" for t, i, x, s in table["targets"]],
        "",
    ])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that status.md is up to date")
    args = parser.parse_args(argv)
    if not os.path.exists(DEFAULT_SPEC):
        # The constraint column needs the spec (../shared/spec beside the checkout).
        print(f"note: {DEFAULT_SPEC} not found; docs/status.md not checked", file=sys.stderr)
        return 0
    found = spec_ops(DEFAULT_SPEC)
    if found != SPEC_OPS:
        print(f"SPEC_OPS is out of date with {DEFAULT_SPEC}: missing {sorted(set(found) - set(SPEC_OPS))}, "
              f"not in the spec {sorted(set(SPEC_OPS) - set(found))}", file=sys.stderr)
        return 1
    text = render(measured())
    path = os.path.join(HERE, "status.md")
    if args.check:
        with open(path, encoding="utf-8") as fh:
            if fh.read() != text:
                print(f"{path} is out of date: run python docs/gen_status.py", file=sys.stderr)
                return 1
        return 0
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
