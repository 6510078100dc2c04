"""Fuzz the Python builders: every op class and builder function of
`stablehlo_py.dialects.stablehlo` (and the op classes of `check` and `chlo`),
and the enum and structured attribute classes, called with hypothesis-drawn operands, types and attribute values.

Each call must give a Python exception or an op; an op that verifies must
print and parse back.  An abort (MLIR assertion, nanobind error) kills the
process, so this runs in a child process: the parent reads the call the child
logged just before it died.

    .venv/bin/python test/fuzz/builders.py --examples 2000 [--seed S] [--random]

Exit status 0 when nothing aborted and no internal error was seen; the
report lists the Python exception types per builder.
"""

from __future__ import annotations

import argparse
import collections
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Block arguments the builders get as operands: element types, ranks, `?`
# and bounded dimensions, token, tuple, quantized.
VALUE_TYPES = [
    "tensor<2x3xf32>", "tensor<f32>", "tensor<3x2xf32>", "tensor<?x3xf32>", "tensor<2x3xi32>", "tensor<i32>",
    "tensor<3xi1>", "tensor<i1>", "tensor<2x3xcomplex<f32>>", "tensor<4xui8>", "tensor<2xi64>", "tensor<1xi64>",
    "tensor<?x?xf64>", "tensor<2x?xi64, #stablehlo.bounds<?, 4>>", "tensor<1x2x3x4xf16>", "tensor<0xf32>",
    "tensor<2x3x!quant.uniform<i8:f32, 1.0:3>>", "tensor<2x3x!quant.uniform<u8<1:200>:bf16:1, {0.5:1,0.25,2.0:7}>>",
    "tensor<2x2xbf16>", "tensor<4xf8E4M3FN>", "tensor<3xi4>",
    "!stablehlo.token", "tuple<tensor<f32>, tensor<2xi32>>", "tensor<2x3x4xf32>", "tensor<2x4x3xf32>",
    "tensor<*xf32>", "memref<2xf32>", "i32", "f32", "tensor<2x2x2x2xf32>", "tensor<3x3xf64>",
    # shape operands of the dynamism ops: index, unknown length, dynamic_conv's [N - 2, 2] padding
    "tensor<3xindex>", "tensor<?xi64>", "tensor<2x2xi64>",
]
# Constants the builders also get as operands (after the block arguments):
# the dynamism ops read a shape operand that a constant defines like the
# static form's attribute, so sizes, paddings and indices, valid and extreme.
CONSTANTS = [
    "dense<[2, 3]> : tensor<2xi64>", "dense<[1, 2, 2]> : tensor<3xi64>", "dense<[-1, 4]> : tensor<2xi32>",
    "dense<0> : tensor<2x2xi64>", "dense<[[9223372036854775807, -9223372036854775808], [1, 0]]> : tensor<2x2xi64>",
    "dense<[0, 9223372036854775807]> : tensor<2xi64>", "dense<18446744073709551615> : tensor<2xui64>",
    "dense<2> : tensor<i32>", "dense<-1> : tensor<i32>", "dense<> : tensor<0xi64>",
]
# Attribute kinds (the ODS attribute builder names) and what to draw for them.
_INT_LIST_KINDS = ("HLO_Dims", "DenseI64ArrayAttr", "I64ElementsAttr", "DenseBoolArrayAttr")
_SCALAR_INT_KINDS = ("I64Attr", "I32Attr")


def _op_classes(module) -> list:
    from mlir import ir

    out = []
    for name in sorted(dir(module)):
        obj = getattr(module, name)
        if isinstance(obj, type) and issubclass(obj, ir.OpView) and getattr(obj, "OPERATION_NAME", None):
            if obj.OPERATION_NAME.split(".")[0] in ("stablehlo", "check", "chlo"):
                out.append(obj)
    return out


def _builder_functions(module) -> list:
    out = []
    for name in sorted(dir(module)):
        obj = getattr(module, name)
        if inspect.isfunction(obj) and not name.startswith("_") and obj.__module__.startswith("stablehlo_py"):
            out.append(obj)
    return out


def _param_kinds(fn) -> dict:
    """name -> "operand", "operands", "results", "result_types" or an attribute builder name."""
    try:
        src = inspect.getsource(fn)
    except (OSError, TypeError):
        return {}
    kinds = {}
    for m in re.finditer(r"operands\.append\((\w+)\)", src):
        kinds[m.group(1)] = "operand"
    for m in re.finditer(r"_get_op_results_or_values\((\w+)\)", src):
        kinds[m.group(1)] = "operands"
    for m in re.finditer(r'attributes\["(\w+)"\].*?AttrBuilder\.contains\(\'(\w+)\'\)', src, re.S):
        kinds.setdefault(m.group(1), m.group(2))
    for m in re.finditer(r"results\.(?:extend|append)\((\w+)\)", src):
        kinds[m.group(1)] = "result_types"
    return kinds


_ENUM_VALUES = {  # the valid cases per enum kind; a few invalid names are drawn too
    "comparison_direction": "EQ NE GE GT LE LT", "comparison_type": "NOTYPE FLOAT TOTALORDER SIGNED UNSIGNED",
    "precision": "DEFAULT HIGH HIGHEST", "fft_type": "FFT IFFT RFFT IRFFT", "rng_distribution": "UNIFORM NORMAL",
    "rng_algorithm": "DEFAULT THREE_FRY PHILOX", "transpose": "NO_TRANSPOSE TRANSPOSE ADJOINT",
    "result_accuracy_mode": "DEFAULT HIGHEST TOLERANCE",
}


def _weighted(st, main, other, p: int = 8):
    """`main` p times in p + 1, else `other` (one_of would weigh by branch count)."""
    return st.integers(0, p).flatmap(lambda k: main if k < p else other)


def _strategies(ir, stablehlo, chlo, values):
    """Hypothesis strategies for each parameter kind."""
    from hypothesis import strategies as st

    types = [v.type for v in values]
    ints = _weighted(st, st.integers(-2, 4), st.sampled_from([-1, 2**31 - 1, 2**31, -2**63, 2**63 - 1, 2**64]), 5)
    int_lists = st.lists(ints, max_size=5)
    classes = list(vars(stablehlo).values()) + list(vars(chlo).values())
    enum_classes = [c for c in classes
                    if isinstance(c, type) and issubclass(c, stablehlo._EnumAttr) and c is not stablehlo._EnumAttr]
    structured = list({c: None for c in classes
                       if isinstance(c, type) and issubclass(c, stablehlo._StructuredAttr)
                       and c is not stablehlo._StructuredAttr})
    junk_names = st.sampled_from(["", "lt", "NOPE", "EQ ", "DEFAULT"])

    def enum_of(cls):
        names = _ENUM_VALUES.get(cls.KIND.removeprefix("chlo."), "DEFAULT").split()
        return _weighted(st, st.sampled_from(names), junk_names, 6).map(lambda n: ("enum", cls, n))

    enum_any = st.sampled_from(enum_classes).flatmap(enum_of)
    value = st.sampled_from(values)
    a_type = st.sampled_from(types)
    field_value = _weighted(st, st.one_of(int_lists, ints, st.booleans()),
                            st.one_of(a_type, st.floats(allow_nan=True), st.none()), 4)

    def structured_of(cls):
        return st.fixed_dictionaries({}, optional={f: field_value for f in cls.FIELDS}).map(
            lambda fields: ("structured", cls, fields))

    attr_value = st.one_of(
        int_lists, ints, st.booleans(), st.floats(allow_nan=True), st.none(), a_type, enum_any,
        st.sampled_from(structured).flatmap(structured_of), st.lists(enum_any, max_size=3), st.text(max_size=6))
    anything = st.one_of(value, st.lists(value, max_size=3), a_type, st.lists(a_type, max_size=3), attr_value,
                         st.just(lambda *args: args[0] if args else None))
    return {
        "operand": _weighted(st, value, anything),
        "operands": _weighted(st, st.lists(value, max_size=4), anything),
        "result_types": _weighted(st, st.lists(a_type, max_size=3), anything),
        "attr": _weighted(st, attr_value, anything),
        "structured": {c.__name__: _weighted(st, structured_of(c), anything) for c in structured},
        "enums": {c.KIND: _weighted(st, enum_of(c), anything) for c in enum_classes},
        "int_list": _weighted(st, int_lists, anything),
        "int": _weighted(st, ints, anything),
        "bool": _weighted(st, st.booleans(), anything),
        "callable": _weighted(st, st.just(lambda *args: args[0] if args else None), anything),
        "anything": anything,
    }


def _kind_strategy(kind: str, S):
    if kind in ("operand", "operands", "result_types"):
        return S[kind]
    if kind in _INT_LIST_KINDS:
        return S["int_list"]
    if kind in _SCALAR_INT_KINDS:
        return S["int"]
    if kind == "BoolAttr":
        return S["bool"]
    for name, strat in S["structured"].items():
        if name.replace("Numbers", "") in kind or name in kind:
            return strat
    dialect = "chlo." if kind.startswith("Chlo_") else ""
    bare = kind.removeprefix("StableHLO_").removeprefix("Chlo_").removesuffix("Attr")
    snake = dialect + re.sub(r"(?<!^)(?=[A-Z])", "_", bare).lower()
    if snake in S["enums"]:
        return S["enums"][snake]
    return S[kind] if kind in S else S["attr"]


def _materialize(v, ctx):
    """Draws to call arguments: ("enum", cls, name) and ("structured", cls, fields) become attributes."""
    if isinstance(v, tuple) and len(v) == 3 and v[0] == "enum":
        return v[1].get(v[2], context=ctx)
    if isinstance(v, tuple) and len(v) == 3 and v[0] == "structured":
        return v[1].get(context=ctx, **v[2])
    if isinstance(v, list):
        return [_materialize(x, ctx) for x in v]
    return v


def _describe(v) -> str:
    if isinstance(v, tuple) and len(v) == 3 and v[0] in ("enum", "structured"):
        return f"{v[1].__name__}.get({v[2]!r})"
    if isinstance(v, list):
        return "[" + ", ".join(_describe(x) for x in v) + "]"
    if callable(v) and getattr(v, "__name__", "") == "<lambda>":
        return "lambda *args: args[0]"
    return str(v) if not isinstance(v, (str, int, float, bool, type(None))) else repr(v)


_INTERNAL = (IndexError, KeyError, UnboundLocalError, NameError, AssertionError, ZeroDivisionError, RecursionError)


def child(examples: int, seed: int | None, derandomize: bool, log_path: str, report_path: str,
          skip_path: str | None = None) -> None:
    from hypothesis import HealthCheck, given, settings, strategies as st
    from hypothesis import seed as hseed
    from mlir import ir

    import stablehlo_py
    from stablehlo_py.dialects import check, chlo, stablehlo

    ctx = stablehlo_py.context()
    ctx.allow_unregistered_dialects = False
    sig = ", ".join(f"%a{i}: {t}" for i, t in enumerate(VALUE_TYPES))
    body = "".join(f"  %c{i} = stablehlo.constant {c}\n" for i, c in enumerate(CONSTANTS))
    program = f"func.func @f({sig}) {{\n{body}  return\n}}"
    targets = [(c, c.__init__) for c in _op_classes(stablehlo) + _op_classes(check) + _op_classes(chlo)]
    targets += [(f, f) for f in _builder_functions(stablehlo)]
    with ctx, ir.Location.unknown():
        probe = stablehlo_py.parse_module(program, ctx)  # kept alive: `values` belong to it
        values = _operands(probe)
    S = _strategies(ir, stablehlo, chlo, values)
    # Hand-written builders name their parameters as the op classes do.
    by_name = {"result": "result_types", "results": "result_types"}
    for _, fn in targets:
        for name, kind in _param_kinds(fn).items():
            by_name.setdefault(name, kind)
    plans = []
    for target, fn in targets:
        kinds = _param_kinds(fn)
        for p in inspect.signature(fn).parameters:
            if p not in kinds:
                callable_param = p in ("comparator", "computation", "body", "decomposition", "cond", "branches")
                kinds[p] = "callable" if callable_param else by_name.get(p, "anything")
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.name not in ("self", "loc", "ip") and p.kind is not p.VAR_KEYWORD]
        fields = {}
        for p in params:
            strat = _kind_strategy(kinds.get(p.name, "anything"), S)
            if p.default is not p.empty:  # optional: left out half the time
                strat = _weighted(st, st.just(inspect.Parameter.empty), strat, 1)
            fields[p.name] = strat
        plans.append((target, params, st.fixed_dictionaries(fields)))

    log = open(log_path, "w")
    skip = set(open(skip_path).read().splitlines()) if skip_path and os.path.exists(skip_path) else set()
    stats = {"calls": 0, "ops": 0, "verified": 0, "skipped": 0, "exceptions": collections.Counter(), "internal": [],
             "examples": {}}

    def attempt(target, params, draw):
        call = {k: v for k, v in draw.items() if v is not inspect.Parameter.empty}
        text = f"{target.__name__}(" + ", ".join(f"{k}={_describe(v)}" for k, v in call.items()) + ")"
        if text in skip:  # aborted in an earlier run of these same draws
            stats["skipped"] += 1
            return
        log.write(text + "\n")
        log.flush()
        stats["calls"] += 1
        with ctx, ir.Location.unknown():
            module = stablehlo_py.parse_module(program, ctx)
            block = module.body.operations[0].regions[0].blocks[0]
            args = _operands(module)
            with ir.InsertionPoint(block.operations[len(block.operations) - 1]):  # before the return
                try:
                    mapped = {k: _rebind(v, values, args, ctx) for k, v in call.items()}
                    positional = [mapped.pop(p.name) for p in params
                                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name in mapped
                                  and p.default is p.empty]
                    target(*positional, **mapped)
                except Exception as e:  # noqa: BLE001 - any Python exception is an acceptable answer
                    key = f"{target.__name__}: {type(e).__name__}"
                    stats["exceptions"][key] += 1
                    stats["examples"].setdefault(key, f"{text}: {str(e)[:300]}")
                    if isinstance(e, _INTERNAL) and _raised_in_package(e):
                        stats["internal"].append(f"{text}: {type(e).__name__}: {e}")
                    return
            stats["ops"] += 1
            try:
                ok = module.operation.verify()
            except ir.MLIRError:
                ok = False
            if ok:
                stats["verified"] += 1
                printed = str(module)
                try:
                    stablehlo_py.parse_module(printed, ctx)
                except ir.MLIRError as e:
                    stats["internal"].append(f"{text}: printed module does not parse back: {e}\n{printed}")

    decorate = settings(max_examples=examples, derandomize=derandomize, database=None, deadline=None,
                        suppress_health_check=list(HealthCheck), print_blob=False)

    @decorate
    @given(st.data())
    def run(data):
        k = data.draw(st.integers(0, len(plans) - 1), label="builder")
        target, params, strat = plans[k]
        attempt(target, params, data.draw(strat, label="arguments"))

    if seed is not None and not derandomize:
        run = hseed(seed)(run)
    run()
    log.close()
    with open(report_path, "w") as f:
        json.dump({**stats, "exceptions": dict(stats["exceptions"])}, f)


def _operands(module) -> list:
    """The values builders get: the block arguments, then the constants' results."""
    block = module.body.operations[0].regions[0].blocks[0]
    ops = list(block.operations)[:-1]
    return list(block.arguments) + [op.results[0] for op in ops]


def _rebind(v, values, args, ctx):
    """Drawn probe values -> this module's block arguments; enum/structured draws -> attributes."""
    if isinstance(v, ir_value_type()):
        return args[values.index(v)] if v in values else v
    if isinstance(v, list):
        return [_rebind(x, values, args, ctx) for x in v]
    return _materialize(v, ctx)


def ir_value_type():
    from mlir import ir

    return ir.Value


def _raised_in_package(e) -> bool:
    """Raised by hand-written code of ours (mlir-tblgen's generated builders
    index `.result` of an op the caller gave no results: a misuse, not a bug)."""
    tb, last = e.__traceback__, None
    while tb is not None:
        last, tb = tb, tb.tb_next
    name = last.tb_frame.f_code.co_filename if last is not None else ""
    return f"{os.sep}stablehlo_py{os.sep}" in name and not name.endswith("_gen.py")


def fuzz_builders(examples: int, seed: int = 0, derandomize: bool = True, timeout: float = 900,
                  max_aborts: int = 8) -> dict:
    """Runs the child; returns its report plus "aborts": per abort, the call the
    child logged last and its stderr.  After an abort the child is rerun with
    that call skipped (the draws repeat: derandomized, or seeded), up to max_aborts times."""
    aborts: list = []
    with tempfile.TemporaryDirectory() as tmp:
        log, report, skip = (os.path.join(tmp, n) for n in ("calls.log", "report.json", "skip.txt"))
        env = dict(os.environ, LLVM_DISABLE_CRASH_REPORT="1", LLVM_DISABLE_SYMBOLIZATION="1")
        cmd = [sys.executable, os.path.abspath(__file__), "--child", "--examples", str(examples), "--seed",
               str(seed), "--log", log, "--report", report, "--skip", skip] + ([] if derandomize else ["--random"])
        while True:
            with open(skip, "w") as f:
                f.write("".join(a["last_call"] + "\n" for a in aborts))
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
            if proc.returncode == 0 or len(aborts) >= max_aborts:
                break
            calls = open(log).read().splitlines() if os.path.exists(log) else []
            aborts.append({"last_call": calls[-1] if calls else "", "calls": len(calls),
                           "returncode": proc.returncode, "stderr": proc.stderr[-3000:]})
            if not calls:  # died before the first call: nothing to skip
                break
        out = {"returncode": proc.returncode, "aborts": aborts}
        if os.path.exists(report) and proc.returncode == 0:
            with open(report) as f:
                out.update(json.load(f))
        elif proc.returncode != 0 and not aborts:
            out["aborts"] = [{"last_call": "", "calls": 0, "returncode": proc.returncode,
                              "stderr": proc.stderr[-3000:]}]
        return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--examples", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--random", action="store_true", help="not derandomized (then --seed picks the run)")
    ap.add_argument("--max-aborts", type=int, default=8, help="reruns after aborts")
    ap.add_argument("--verbose", action="store_true", help="an example call per exception type")
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--report")
    ap.add_argument("--skip")
    args = ap.parse_args(argv)
    if args.child:
        child(args.examples, args.seed, not args.random, args.log, args.report, args.skip)
        return 0
    res = fuzz_builders(args.examples, args.seed, not args.random, timeout=7200, max_aborts=args.max_aborts)
    print(f"calls {res.get('calls', '?')}, ops built {res.get('ops', '?')}, verified {res.get('verified', '?')}, "
          f"skipped (aborted before) {res.get('skipped', '?')}, aborts {len(res['aborts'])}")
    for k, n in sorted(res.get("exceptions", {}).items()):
        print(f"  {n:6d} {k}" + (f"   e.g. {res['examples'][k]}" if args.verbose else ""))
    for line in res.get("internal", []):
        print("INTERNAL:", line)
    for a in res["aborts"]:
        print(f"ABORT (exit {a['returncode']}) at call {a['calls']}:\n  {a['last_call']}\n"
              + "\n".join(l for l in a["stderr"].splitlines() if "Assertion" in l or "error" in l.lower())[-1500:])
    return 1 if res["aborts"] or res.get("internal") else 0


if __name__ == "__main__":
    sys.exit(main())
