"""chlo-legalize-to-stablehlo, ours against upstream's (jaxlib's build), op by op.

Ours: the pass of upstream's name (chlo_upstream.py) by default, `--pass
stablehlo-py-chlo-legalize-to-stablehlo` our accurate one.

For every chlo op and each element type it takes (broadcasting ops with and without a
broadcast) the smallest function using it is legalized by both passes, each followed by
`canonicalize,cse` in its own tool, and the two results compared:

    .venv/bin/python test/conformance/chlo_vs_upstream.py [--op SUBSTRING] [--cse-only] [--pass NAME]

Both outputs are read back into our context and printed in the generic form (SSA names
numbered in order), and also reduced to an order-free form (each value named by the ops that
compute it), so that the same computation emitted in another order counts as "same (order)".
Rows: op, type, then `same`, `same (order)`, `differs` (with the first differing line),
`ours fails` or `jaxlib fails` (jaxlib runs in a worker process: an abort there is a row, not a
crash). jaxlib is a test-only oracle (StableHLO of its release, 1.17 when this was written).
"""

from __future__ import annotations

import argparse
import collections
import difflib
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from upstream_passes import JaxClient  # noqa: E402

F16, BF16, F32, F64, C64, C128 = "f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>"
FLOATS = [F16, BF16, F32, F64]
COMPLEX = [C64, C128]

UNARY_FLOAT_OR_COMPLEX = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan",
                          "conj", "square", "_asin_acos_kernel"]
UNARY_FLOAT = ["bessel_i1e", "digamma", "erf", "erfc", "erf_inv", "lgamma"]
IS_INF = ["is_inf", "is_neg_inf", "is_pos_inf"]
BINARY_FLOAT = ["next_after", "polygamma", "zeta"]
# broadcasting op -> element types (of the operands)
BROADCASTS = {
    "add": [F32, "i32"], "and": ["i1", "i32"], "atan2": [F32, C64], "compare": [F32, "i32"],
    "complex": [F32, F64], "divide": [F32, "i32"], "maximum": [F32, "i32"], "minimum": [F32, "i32"],
    "multiply": [F32, "i32"], "next_after": [F32], "or": ["i1", "i32"], "polygamma": [F32],
    "power": [F32, "i32"], "remainder": [F32, "i32"], "shift_left": ["i32"],
    "shift_right_arithmetic": ["i32"], "shift_right_logical": ["i32"], "subtract": [F32, "i32"],
    "xor": ["i1", "i32"], "zeta": [F32],
}


def _t(shape, element) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def _func(args, results, body) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return (f"func.func @main({params}) -> ({', '.join(results)}) {{\n{body}\n"
            f"  return {', '.join(f'%r{i}' for i in range(len(results)))} : {', '.join(results)}\n}}")


def _one(op, args, result, attrs="") -> str:
    """One op in the generic form, `args` its operand types."""
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    return _func(args, [result], f'  %r0 = "chlo.{op}"({operands}) {attrs}: ({", ".join(args)}) -> {result}')


def cases():
    """(op, label, program text) for every op and element type."""
    out = []
    for op in UNARY_FLOAT_OR_COMPLEX:
        types = COMPLEX if op == "_asin_acos_kernel" else FLOATS + COMPLEX
        out += [(op, e, _one(op, [_t([4], e)], _t([4], e))) for e in types]
    for op in UNARY_FLOAT:
        out += [(op, e, _one(op, [_t([4], e)], _t([4], e))) for e in FLOATS]
    for op in IS_INF:
        out += [(op, e, _one(op, [_t([4], e)], _t([4], "i1"))) for e in FLOATS]
    for op in BINARY_FLOAT:
        out += [(op, e, _one(op, [_t([4], e)] * 2, _t([4], e))) for e in FLOATS]
    for e in ["i8", "i16", "i32", "i64", "ui32", "ui64"]:
        out.append(("mulhi", e, _one("mulhi", [_t([4], e)] * 2, _t([4], e))))
    for name, types in BROADCASTS.items():
        for e in types:
            r = "i1" if name == "compare" else f"complex<{e}>" if name == "complex" else e
            attrs = "{comparison_direction = #chlo<comparison_direction LT>} " if name == "compare" else ""
            op = f"broadcast_{name}"
            out.append((op, e, _one(op, [_t([2, 4], e)] * 2, _t([2, 4], r), attrs)))
            out.append((op, e + " bcast", _one(op, [_t([2, 4], e), _t([4], e)], _t([2, 4], r), attrs)))
            for tag, rhs, dims in ((" dims", [2, 4], 1), (" dims leading", [4, 2], 0)):
                given = f"broadcast_dimensions = array<i64: {dims}>}} "
                out.append((op, e + tag, _one(op, [_t([4], e), _t(rhs, e)], _t(rhs, r),
                                              attrs.replace("} ", ", ") + given if attrs else "{" + given)))
            out.append((op, e + " dynamic", _one(op, [_t(["?", 4], e), _t([4], e)], _t(["?", 4], r), attrs)))
    for e in [F32, "i32"]:
        out.append(("broadcast_select", e, _one("broadcast_select", [_t([2, 4], "i1"), _t([2, 4], e), _t([2, 4], e)],
                                                _t([2, 4], e))))
        out.append(("broadcast_select", e + " bcast", _one("broadcast_select", [_t([4], "i1"), _t([2, 4], e),
                                                                                _t([4], e)], _t([2, 4], e))))
        out.append(("broadcast_select", e + " scalar pred", _one("broadcast_select", [_t([], "i1"), _t([2, 4], e),
                                                                                      _t([2, 4], e)], _t([2, 4], e))))
        out.append(("broadcast_select", e + " dynamic", _one("broadcast_select", [_t(["?", 4], "i1"), _t(["?", 4], e),
                                                                                  _t([4], e)], _t(["?", 4], e))))
    out.append(("constant", F32, _func([], [_t([2], F32)],
                                       '  %r0 = "chlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : '
                                       "() -> tensor<2xf32>")))
    for shape in ([2, 3], ["?", 3]):
        label = F32 + (" dynamic" if "?" in shape else "")
        out.append(("constant_like", label, _one("constant_like", [_t(shape, F32)], _t(shape, F32),
                                                 "{value = 1.0 : f32} ")))
    for e, shape in ((F32, [3, 5]), ("i32", [3, 5]), (F32 + " dynamic", ["?", 5])):
        element = e.split()[0]
        results = [_t(shape[:-1] + [2], element), _t(shape[:-1] + [2], "i32")]
        out.append(("top_k", e, _func([_t(shape, element)], results,
                                      f'  %r0, %r1 = "chlo.top_k"(%a0) {{k = 2 : i64}} : ({_t(shape, element)}) -> '
                                      f"({', '.join(results)})")))
    ragged = {
        "non-contracting": ([7, 4], [3, 4, 5], [3], [7, 5], "lhs_contracting_dimensions = [1], "
                            "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]"),
        "contracting": ([2, 3, 6], [2, 6, 4], [3], [3, 2, 3, 4], "lhs_batching_dimensions = [0], "
                        "rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
                        "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]"),
        "batch": ([2, 3, 6], [2, 6, 4], [2], [2, 3, 4], "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
                  "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]"),
    }
    for mode, (l, r, g, res, numbers) in ragged.items():
        out.append(("ragged_dot", f"f32 {mode}", _one("ragged_dot", [_t(l, F32), _t(r, F32), _t(g, "i32")],
                                                      _t(res, F32), f"{{ragged_dot_dimension_numbers = "
                                                      f"#chlo.ragged_dot<{numbers}>}} ")))
    x, c = _t([5, 3], F32), _t([3], F32)
    out.append(("scan", F32, _func([x, c], [x, c], (
        f'  %r0, %r1 = "chlo.scan"(%a0, %a1) <{{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}}> ({{\n'
        f"  ^bb0(%in: {c}, %acc: {c}):\n    %s = stablehlo.add %in, %acc : {c}\n"
        f"    stablehlo.return %s, %s : {c}, {c}\n  }}) : ({x}, {c}) -> ({x}, {c})"))))
    return out


# ----------------------------------------------------------------- running both passes

UPSTREAM_NAME = "chlo-legalize-to-stablehlo"


def ours(text: str, normalise: str, pass_name: str = UPSTREAM_NAME) -> str:
    """Our pass `pass_name` (upstream's name: chlo_upstream.py; stablehlo-py-chlo-legalize-to-stablehlo:
    our accurate formulas), then `normalise` (canonicalize,cse) in our tool; the module's text."""
    from mlir.passmanager import PassManager

    import stablehlo_py
    from stablehlo_py.passes.registry import add_pass

    module = stablehlo_py.parse_module(text)
    pm = PassManager("builtin.module", context=module.context)
    add_pass(pm, pass_name)
    pm.run(module.operation)
    PassManager.parse(f"builtin.module({normalise})", context=module.context).run(module.operation)
    return str(module)


def _generic(text: str) -> str:
    """`text` read into our context, printed generic (SSA names in order), functions only."""
    import stablehlo_py

    module = stablehlo_py.parse_module(text)
    return module.operation.get_asm(print_generic_op_form=True, assume_verified=True)


_SSA = re.compile(r"%[\w#]+")
# operand order carries no meaning here (canonicalize moves constants to one side in some builds)
_COMMUTATIVE = {f"stablehlo.{n}" for n in ("add", "multiply", "and", "or", "xor", "maximum", "minimum")}
_SYMMETRIC = re.compile(r"comparison_direction (EQ|NE)>")


def _order_free(text: str) -> str:
    """Each function's results, each value named by a digest of the expression computing it (the op's
    text without SSA names: name, attributes, types, regions; then its operands' digests, sorted for
    commutative ops): equal for the same computation emitted in any order."""
    import mlir.ir as ir

    import stablehlo_py

    module = stablehlo_py.parse_module(text)
    names = {}

    def spell(value) -> str:
        key = value  # ir.Value hashes by identity of the underlying value
        if key in names:
            return names[key]
        owner = value.owner
        if isinstance(owner, ir.Block):
            s = f"arg{value.arg_number}"
        else:
            op = owner.operation
            # the op's own text, SSA names blanked (attributes, types, regions), then its operands'
            own = _SSA.sub("%", op.get_asm(print_generic_op_form=True, assume_verified=True))
            index = list(op.results).index(value) if len(op.results) > 1 else 0
            operands = [spell(v) for v in op.operands]
            if op.name in _COMMUTATIVE or (op.name == "stablehlo.compare" and _SYMMETRIC.search(own)):
                operands.sort()
            # a digest of the expression, not its text: shared subexpressions would make that exponential
            s = hashlib.sha1(f"{own}#{index}({','.join(operands)})".encode()).hexdigest()
        names[key] = s
        return s

    funcs = []
    for func in module.body.operations:
        last = list(func.regions[0].blocks[0].operations)[-1]
        funcs.append(",".join(spell(v) for v in last.operands))
    return "\n".join(funcs)


def compare(op, label, text, jax, normalise, pass_name=UPSTREAM_NAME):
    try:
        mine = ours(text, normalise, pass_name)
    except Exception as e:  # noqa: BLE001
        return "ours fails", str(e).strip().splitlines()[0][:120]
    j = jax.run({"text": text, "pipeline": f"builtin.module(func.func(chlo-legalize-to-stablehlo),{normalise})"})
    if j["rc"] != 0:
        return "jaxlib fails", (j["err"] or "").strip().splitlines()[0][:120] if j["err"] else ""
    try:
        a, b = _generic(mine), _generic(j["out"])
    except Exception as e:  # noqa: BLE001
        return "jaxlib fails", f"its output does not parse here: {str(e).splitlines()[0][:100]}"
    if a == b:
        return "same", ""
    if _order_free(mine) == _order_free(j["out"]):
        return "same (order)", ""
    la, lb = a.splitlines(), b.splitlines()
    for x, y in zip(la, lb):
        if x != y:
            return "differs", f"ours: {x.strip()[:90]} | upstream: {y.strip()[:90]} ({len(la)} vs {len(lb)} lines)"
    return "differs", f"{len(la)} vs {len(lb)} lines"


def run_all(selected=None, normalise="canonicalize,cse", pass_name=UPSTREAM_NAME):
    """[(op, label, status, detail)] for the cases whose op contains `selected`."""
    jax = JaxClient()
    try:
        return [(op, label) + compare(op, label, text, jax, normalise, pass_name)
                for op, label, text in cases() if selected is None or selected in op]
    finally:
        jax.close()


def diff(op_name, label, normalise="canonicalize,cse", pass_name=UPSTREAM_NAME) -> str:
    """A unified diff of the two generic outputs of one case (for reading)."""
    jax = JaxClient()
    try:
        for op, lab, text in cases():
            if op == op_name and lab == label:
                j = jax.run({"text": text, "pipeline": f"builtin.module(func.func(chlo-legalize-to-stablehlo),{normalise})"})
                return "\n".join(difflib.unified_diff(_generic(ours(text, normalise, pass_name)).splitlines(),
                                                      _generic(j["out"]).splitlines(), "ours", "upstream", lineterm=""))
    finally:
        jax.close()
    return ""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--op", help="only ops whose name contains this")
    ap.add_argument("--cse-only", action="store_true", help="normalise with cse only (no canonicalize)")
    ap.add_argument("--diff", nargs=2, metavar=("OP", "TYPE"), help="print the diff of one case")
    ap.add_argument("--pass", dest="pass_name", default=UPSTREAM_NAME,
                    help=f"our pass to compare (default {UPSTREAM_NAME}; stablehlo-py-chlo-legalize-to-stablehlo: ours)")
    args = ap.parse_args(argv)
    normalise = "cse" if args.cse_only else "canonicalize,cse"
    if args.diff:
        print(diff(*args.diff, normalise=normalise, pass_name=args.pass_name))
        return 0
    rows = run_all(args.op, normalise, args.pass_name)
    width = max(len(r[0]) for r in rows)
    for op, label, status, detail in rows:
        print(f"{op:{width}}  {label:22} {status:13} {detail}")
    counts = collections.Counter(r[2] for r in rows)
    ops = collections.defaultdict(set)
    for op, _, status, _ in rows:
        ops[status].add(op)
    print(f"\n{len(rows)} cases over {len(set(r[0] for r in rows))} ops: "
          + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    whole = sorted(o for o in ops["same"] | ops["same (order)"]
                   if not any(o in ops[s] for s in ("differs", "ours fails")))
    print(f"ops the same for every type upstream legalizes ({len(whole)}): {', '.join(whole)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
