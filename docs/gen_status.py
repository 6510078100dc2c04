"""Generates docs/status.md: the implementation status of every StableHLO op.

    python docs/gen_status.py [--spec PATH] [--check]

The op list is SPEC_OPS below: every op section of the StableHLO spec
(shared/spec/000_*.txt, "Ops": a bare op name on its own line followed by
"Semantics").  When the spec is available (--spec, default
../shared/spec/000_adc9109357c76824.txt next to the repository) the script
re-reads its op list and refuses to run if SPEC_OPS is out of date.
Statuses live in STATUS: edit it, then rerun.  --check exits non-zero if
status.md is not what this script would write (for CI).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SPEC = os.path.join(os.path.dirname(ROOT), "shared", "spec", "000_adc9109357c76824.txt")

# Legend: one symbol per cell.
YES, PROGRESS, NO, NA = "✅", "🔶", "❌", "—"
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
OTHER_STABLEHLO_OPS = [
    ("return", "region terminator (reduce, sort, while, ...); used throughout the spec's examples"),
]
# Dynamic-shape counterparts of spec ops (upstream dialect; shared/spec/004_*, the dynamism RFC).
DYNAMIC_OPS = ["dynamic_broadcast_in_dim", "dynamic_conv", "dynamic_gather", "dynamic_iota",
               "dynamic_pad", "dynamic_reshape", "real_dynamic_slice"]
FUNC_OPS = ["func.func", "func.call", "func.return"]
CHECK_OPS = ["check.expect_eq", "check.expect_eq_const", "check.expect_almost_eq",
             "check.expect_almost_eq_const", "check.expect_close",
             "custom_call @check.expect_eq", "custom_call @check.expect_almost_eq",
             "custom_call @check.expect_close"]


def status(defined=NO, constraints=NO, builder=NO, interpreted=NO, xla=NO, notes=""):
    return {"defined": defined, "constraints tested": constraints, "Python builder": builder,
            "interpreted": interpreted, "checked against XLA": xla, "notes": notes}


# The first slice: TableGen + C++ verifier, lit expected-error tests, Python builders;
# the interpreter is being written (flip interpreted / checked against XLA to YES when done).
_SLICE = dict(defined=YES, constraints=YES, builder=YES, interpreted=PROGRESS, xla=PROGRESS)
STATUS = {
    "constant": status(**_SLICE, notes="builder infers the result type from the value"),
    "add": status(**_SLICE, notes="builder infers the result type"),
    "compare": status(**_SLICE, notes="builder infers the result type"),
    "select": status(**_SLICE, notes="builder infers the result type"),
    "convert": status(**_SLICE, notes="builder takes the result type"),
    "broadcast_in_dim": status(**_SLICE, notes="builder takes the result type"),
    "reshape": status(**_SLICE, notes="builder takes the result type"),
    "dot_general": status(**_SLICE, notes="builder infers the result type"),
    "reduce": status(**_SLICE, notes="builder infers the result types; body built from a Python callable"),
    "return": status(**_SLICE),
    "custom_call": status(**_SLICE, notes="builder takes the result types; run only for @check.* targets"),
}
for _name in FUNC_OPS:
    STATUS[_name] = status(defined=YES, constraints=NA, builder=YES, interpreted=PROGRESS, xla=PROGRESS,
                           notes="upstream MLIR func dialect (its verifier, its Python builders)")
for _name in CHECK_OPS:
    if _name.startswith("custom_call"):
        STATUS[_name] = status(defined=YES, constraints=NA, builder=YES, interpreted=PROGRESS, xla=NA,
                               notes="a stablehlo.custom_call with has_side_effect = true and no results")
    else:
        STATUS[_name] = status(defined=YES, constraints=NO, builder=YES, interpreted=PROGRESS, xla=NA,
                               notes="check dialect (dialect/CheckOps.td); verified by traits")


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


def render() -> str:
    def rows(names, prefix=""):
        out = []
        for name in names:
            s = STATUS.get(name, status())
            op = f"`{prefix}{name}`" if not name.startswith("custom_call") else f"`stablehlo.{name}`"
            out.append("| " + " | ".join([op, *(s[c] for c in COLUMNS), s["notes"]]) + " |")
        return out

    header = ["| op | " + " | ".join(COLUMNS) + " | notes |",
              "|---|" + "---|" * len(COLUMNS) + "---|"]
    done = {c: sum(STATUS.get(n, status())[c] == YES for n in SPEC_OPS) for c in COLUMNS}
    summary = ", ".join(f"{c} {done[c]}" for c in COLUMNS)
    lines = [
        "# Op status",
        "",
        "<!-- Generated by `python docs/gen_status.py` from its STATUS table; edit that, not this file. -->",
        "",
        "Every op of the StableHLO spec (`shared/spec/000_adc9109357c76824.txt`, its \"Ops\" section:",
        f"{len(SPEC_OPS)} ops), then the few other ops a StableHLO program uses: `stablehlo.return`, the dynamic-shape",
        "ops of the dynamism RFC, the `func` dialect and the check ops of conformance suites.",
        "",
        "Columns:",
        "",
        "- **defined**: the op is in TableGen (`dialect/`) with its C++ verifier / shape function, so it parses,",
        "  verifies and prints like upstream.",
        "- **constraints tested**: every spec constraint (C1, C2, ...) of the op has an `expected-error` lit test.",
        "- **Python builder**: `stablehlo_py.dialects` has a builder for it (notes say whether it infers the result type).",
        "- **interpreted**: the numpy interpreter (`stablehlo_py.interpret` / `compile`, `stablehlo-py run`) executes it.",
        "- **checked against XLA**: the interpreter's results are tested against XLA on CPU (through jax).",
        "",
        f"Legend: {YES} yes · {PROGRESS} in progress · {NO} no · {NA} not applicable.",
        "",
        f"Spec ops done ({YES}) so far, of {len(SPEC_OPS)}: {summary}.",
        "",
        "## Spec ops",
        "",
        *header, *rows(SPEC_OPS, "stablehlo."),
        "",
        "## Other stablehlo ops",
        "",
        "`stablehlo.return` has no op section of its own; the dynamic ops are the dynamic-shape counterparts of spec",
        "ops (`shared/spec/004_*`, the dynamism RFC) that JAX emits for shape-polymorphic programs.",
        "",
        *header, *rows([n for n, _ in OTHER_STABLEHLO_OPS], "stablehlo."), *rows(DYNAMIC_OPS, "stablehlo."),
        "",
        "## func dialect",
        "",
        *header, *rows(FUNC_OPS),
        "",
        "## Check ops",
        "",
        "Assertions the interpreter evaluates; a failed check fails the run (see ARCHITECTURE.md, \"Check ops\").",
        "XLA has no counterpart, so they are not checked against it.",
        "",
        *header, *rows(CHECK_OPS),
        "",
    ]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default=DEFAULT_SPEC)
    parser.add_argument("--check", action="store_true", help="only check that status.md is up to date")
    args = parser.parse_args(argv)

    if os.path.exists(args.spec):
        found = spec_ops(args.spec)
        if found != SPEC_OPS:
            missing = sorted(set(found) - set(SPEC_OPS))
            extra = sorted(set(SPEC_OPS) - set(found))
            print(f"SPEC_OPS is out of date with {args.spec}: missing {missing}, not in the spec {extra}"
                  + ("" if missing or extra else " (order differs)"), file=sys.stderr)
            return 1
    else:
        print(f"note: {args.spec} not found; using SPEC_OPS as is", file=sys.stderr)
    unknown = set(STATUS) - set(SPEC_OPS) - {n for n, _ in OTHER_STABLEHLO_OPS} - set(DYNAMIC_OPS) \
        - set(FUNC_OPS) - set(CHECK_OPS)
    if unknown:
        print(f"STATUS names ops that are in no table: {sorted(unknown)}", file=sys.stderr)
        return 1

    text = render()
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
