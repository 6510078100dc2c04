"""Inputs that once aborted the process (issue 12, "Inputs that abort the
process"): each must now give a clean Python exception or a valid result.

MLIR in the SDK is built with assertions, so a regression would kill pytest
itself; the risky calls therefore run in a child Python (`isolated`), and a
test fails, rather than crashes, when the child dies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from conftest import REPO, build



def isolated(code: str, *args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    """Runs `code` in a child Python (argv[1:] = args); returns the finished process."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], capture_output=True,
                          text=True, timeout=timeout)


def assert_no_abort(proc: subprocess.CompletedProcess):
    died = proc.returncode < 0 or "Assertion" in proc.stderr or "Critical nanobind error" in proc.stderr
    assert not died, f"child died (status {proc.returncode}):\n{proc.stderr[-3000:]}"
    assert proc.returncode == 0, proc.stderr[-3000:]


# Parses each text of a JSON list; prints, per text, "ok" or the exception's
# type and message.
PARSE_EACH = """
import json, sys
import stablehlo_py
results = []
for text in json.load(open(sys.argv[1])):
    try:
        stablehlo_py.parse_module(text)
        results.append("ok")
    except Exception as e:
        results.append(type(e).__name__ + ": " + str(e))
print(json.dumps(results))
"""


def parse_each(tmp_path, texts: list) -> list:
    path = tmp_path / "texts.json"
    path.write_text(json.dumps(texts))
    proc = isolated(PARSE_EACH, str(path))
    assert_no_abort(proc)
    return json.loads(proc.stdout)


# --- dot_general with symbolic dimensions ------------------------------------

def _symbolic_exports() -> dict:
    import jax
    import jax.numpy as jnp
    from jax import export, lax

    def exported(fn, *shapes):
        scope = export.SymbolicScope()
        specs = [jax.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope), np.float32) for s in shapes]
        return export.export(jax.jit(fn))(*specs).mlir_module()

    batched = (((2,), (1,)), ((0,), (0,)))
    return {
        "matmul": exported(jnp.matmul, "b, 4, 8", "b, 8, 5"),
        "einsum": exported(lambda a, b: jnp.einsum("bij,bjk->bik", a, b), "b, 4, 8", "b, 8, 5"),
        "dot_general": exported(lambda a, b: lax.dot_general(a, b, batched), "b, 4, 8", "b, 8, 5"),
        "matmul_dynamic_contracting": exported(jnp.matmul, "4, k", "k, 5"),
    }


def test_symbolic_dot_general_exports_parse_and_verify(tmp_path):
    """JAX exports with a symbolic batch dimension aborted in dot_general's
    shape function; they now parse and verify."""
    exports = _symbolic_exports()
    results = parse_each(tmp_path, list(exports.values()))
    assert results == ["ok"] * len(exports), dict(zip(exports, results))


@pytest.mark.parametrize("lhs,rhs,expected", [
    ([None, 4, 8], [None, 8, 5], [None, 4, 5]),
    ([None, 4, 8], [3, 8, 5], [3, 4, 5]),        # dynamic lhs batch takes the rhs size (C9)
    ([3, 4, 8], [None, 8, 5], [3, 4, 5]),
    ([None, 4, None], [None, None, 5], [None, 4, 5]),
])
def test_dot_general_infers_dynamic_shapes(ctx, lhs, rhs, expected):
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    dyn = ir.ShapedType.get_dynamic_size()
    f32 = ir.F32Type.get()

    def tensor(dims):
        return ir.RankedTensorType.get([dyn if d is None else d for d in dims], f32)

    module = build([tensor(lhs), tensor(rhs)], lambda a, b: stablehlo.dot_general(
        a, b, lhs_batching_dimensions=[0], rhs_batching_dimensions=[0],
        lhs_contracting_dimensions=[2], rhs_contracting_dimensions=[1]))
    expected_text = "x".join("?" if d is None else str(d) for d in expected)
    assert f"-> tensor<{expected_text}xf32>" in str(module)


def test_dot_general_permuted_batch_dims_with_dynamic_lhs(ctx):
    """The rhs batch size paired with a dynamic lhs one is taken in pair order."""
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    dyn = ir.ShapedType.get_dynamic_size()
    f32 = ir.F32Type.get()
    a, b = ir.RankedTensorType.get([6, dyn, 2, 4], f32), ir.RankedTensorType.get([4, 7, 6, 3], f32)
    module = build([a, b], lambda x, y: stablehlo.dot_general(
        x, y, lhs_batching_dimensions=[1, 0], rhs_batching_dimensions=[1, 2],
        lhs_contracting_dimensions=[3], rhs_contracting_dimensions=[0]))
    assert "-> tensor<7x6x2x3xf32>" in str(module)


# --- dense literals MLIR's parser asserts on ---------------------------------

BAD_LITERALS = [
    # (literal with its type, element type named in the error)
    ("dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf64>", "f64"),
    ("dense<(1.0, 2.0)> : tensor<f32>", "f32"),
    ("dense<(1.0, 2.0)> : tensor<3xf64>", "f64"),
    ("dense<(1.0, 2.0)> : tensor<0xf64>", "f64"),
    ("dense<[(1, 2), (3, 4)]> : tensor<2xi32>", "i32"),
    ("dense<[(true, false), (true, true)]> : tensor<2xi1>", "i1"),
    ("dense<[[(1.0, 2.0), (3.0, 4.0)]]> : tensor<1x2xf64>", "f64"),
    ("dense<(1, 2)> : tensor<3xi4>", "i4"),
    ("dense<(1.0, 2.0)> : tensor<4xf8E4M3FN>", "f8E4M3FN"),
    ("dense<(1.0, 2.0)> : tensor<3xf32, #stablehlo.bounds<?>>", "f32"),
]


@pytest.mark.parametrize("where", ["constant", "check"])
def test_bad_dense_literals_raise_at_their_position(tmp_path, where):
    """Each literal aborted the process in DenseElementsAttr::get; now
    parse_module raises MLIRError naming line and column of the literal."""
    if where == "constant":
        template = "func.func @main() {{\n  %0 = stablehlo.constant {literal}\n  return\n}}"
        column = len("  %0 = stablehlo.constant ") + 1
    else:
        template = "func.func @main(%a: {type}) {{\n  check.expect_eq_const %a, {literal}\n  return\n}}"
        column = len("  check.expect_eq_const %a, ") + 1
    texts = [template.format(literal=literal, type=literal.split(" : ")[1]) for literal, _ in BAD_LITERALS]
    for (literal, element), result in zip(BAD_LITERALS, parse_each(tmp_path, texts)):
        assert result.startswith("MLIRError: Unable to parse module assembly"), (literal, result)
        assert f'"-":2:{column}: dense literal has complex (re, im) elements but its element type {element} ' \
               f'(of {literal.split(" : ")[1]}) is not complex' in result, (literal, result)


def test_bad_sparse_literals_raise(tmp_path):
    texts = [f"func.func @f() attributes {{x = {literal}}} {{\n  return\n}}" for literal in [
        "sparse<[[0]], [(1.0, 2.0)]> : tensor<2xf32>",
        "sparse<[[0]], (1.0, 2.0)> : tensor<2xf32>",
        "sparse<[(0, 1)], [1.0]> : tensor<2xf32>",
    ]]
    results = parse_each(tmp_path, texts)
    assert "sparse literal has complex (re, im) elements but its element type f32" in results[0]
    assert "sparse literal has complex (re, im) elements but its element type f32" in results[1]
    assert "sparse literal indices must be integers, not (re, im) pairs" in results[2]
    assert all(r.startswith("MLIRError") and '"-":1:' in r for r in results), results


def test_string_elements_of_numeric_types_raise(tmp_path):
    """Strings among the elements of a numeric type reached an assertion on
    the token kind (found by the fuzzer: test/fuzz/regressions)."""
    literals = ['dense<["0x0100", "0x0200"]> : tensor<2xi16>', 'dense<[1, "0x01"]> : tensor<2xi8>',
                'dense<("0x01", "0x02")> : tensor<complex<i16>>', 'dense<["abc"]> : tensor<1xf32>']
    texts = [f"func.func @main() {{\n  %0 = stablehlo.constant {literal}\n  return\n}}" for literal in literals]
    for literal, result in zip(literals, parse_each(tmp_path, texts)):
        element = literal.split(" : ")[1]
        assert result.startswith("MLIRError") and '"-":2:27: dense literal has string elements' in result, result
        assert f"(of {element}) is numeric (a hex string must be the whole literal)" in result, result


def test_index_arrays_and_misfit_sub_byte_hex_raise(tmp_path):
    """Found by the fuzzer (test/fuzz/regressions): `array<index ...>` aborted
    in MLIR's parser; a hex byte wider than a sub-byte element type was kept
    and printed as a value the type cannot hold."""
    texts = ["module attributes {a = array<index>} {\n}",
             "func.func @main() -> tensor<ui2> {\n  %0 = stablehlo.constant dense<\"0xA3\"> : tensor<ui2>\n"
             "  return %0 : tensor<ui2>\n}"]
    results = parse_each(tmp_path, texts)
    assert '"-":1:24: array attribute elements must have an integer or float type, got index' in results[0], results
    assert '"-":2:27: dense literal has hex byte 0xA3 that does not fit the 2-bit element type ui2' in results[1], \
        results


def test_deep_nesting_raises_instead_of_overflowing_the_stack(tmp_path):
    """MLIR's recursive parser overflowed its stack (SIGSEGV) on ~3000 nested
    regions or ~10000 nested brackets or types; past 1000 levels the text is
    now a parse error, and 900 levels still parse."""
    def texts(n):
        return [
            "func.func @f() attributes {x = " + "[" * n + "]" * n + "} {\n  return\n}",
            "func.func @f(%a: " + "tuple<" * n + "tensor<f32>" + ">" * n + ") {\n  return\n}",
            "func.func @f() {\n  %0 = stablehlo.constant dense<" + "[" * n + "1" + "]" * n + "> : tensor<i32>\n  return\n}",
            "func.func @f() {\n" + "  \"stablehlo.case\"() ({\n" * (n // 2) + "  }) : () -> ()\n" * (n // 2)
            + "  return\n}",
        ]
    deep = parse_each(tmp_path, texts(30000))
    assert all(r.startswith("MLIRError") for r in deep), [r[:200] for r in deep]
    assert "nesting deeper than 1000 levels (brackets, regions, types) would overflow the parser's stack" in deep[0]
    shallow = parse_each(tmp_path, texts(900)[:2])
    assert not any("nesting deeper" in r for r in shallow), shallow


def test_corpus_literals_pass_the_guard_unchanged():
    """No false alarm: every corpus program (thousands of JAX-exported
    literals, sub-byte hex included) goes through the guard unchanged."""
    import glob

    from stablehlo_py import _stablehlo

    files = sorted(glob.glob(os.path.join(REPO, "test", "conformance", "corpus", "**", "*.mlir"), recursive=True))
    assert len(files) > 1000
    flagged = [f for f in files if "__invalid_literal" in _stablehlo.upgrade_program_text(open(f).read())]
    assert flagged == []


def test_literals_next_to_the_guarded_ones_still_parse(tmp_path):
    """Complex literals of complex types, look-alikes in strings and comments,
    and type aliases resolved to complex types are left alone."""
    texts = [
        "func.func @f() {\n  %0 = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f64>>\n  return\n}",
        "func.func @f() {\n  %0 = stablehlo.constant dense<(1.0, 2.0)> : tensor<3xcomplex<f32>>\n  return\n}",
        '// dense<(1.0, 2.0)> : tensor<3xf32>\nfunc.func @f() attributes {s = "dense<(1.0, 2.0)> : tensor<3xf32>"} '
        "{\n  return\n}",
        "!c = tensor<2xcomplex<f32>>\nfunc.func @f() {\n  %0 = stablehlo.constant dense<(1.0, 2.0)> : !c\n  return\n}",
    ]
    assert parse_each(tmp_path, texts) == ["ok"] * len(texts)


def test_bad_literal_through_interpret_and_cli(tmp_path):
    """interpret() and `stablehlo-py run` report the literal as a clean error."""
    text = "func.func @main() -> tensor<2xf64> {\n" \
           "  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf64>\n" \
           "  return %0 : tensor<2xf64>\n}\n"
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    proc = isolated("""
        import sys, stablehlo_py
        from stablehlo_py.interpreter import InterpreterError
        try:
            stablehlo_py.interpret(open(sys.argv[1]).read())
        except InterpreterError as e:
            print("InterpreterError:", e)
        """, str(path))
    assert_no_abort(proc)
    assert "InterpreterError: cannot parse the module" in proc.stdout
    assert '"-":2:27: dense literal has complex (re, im) elements' in proc.stdout
    cli = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", str(path)], capture_output=True,
                         text=True, timeout=240)
    assert cli.returncode == 1 and "Traceback" not in cli.stderr, cli.stderr
    assert f'"{path}":2:27: dense literal has complex (re, im) elements' in cli.stderr


# --- Python callbacks and MLIR's threads -------------------------------------

def test_contexts_keep_mlir_on_the_calling_thread():
    """Python passes, diagnostic handlers and the bindings' error capture touch
    Python objects and must run on the thread that holds the GIL, so the
    contexts the package makes do not hand work to MLIR's worker threads."""
    import stablehlo_py

    assert stablehlo_py.context().get_num_threads() == 1
    assert stablehlo_py.parse_module("func.func @f() { return }").context.get_num_threads() == 1


MALFORMED_FUNCTIONS = "\n".join(f"""func.func @f{i}(%a: tensor<2xf32>) -> tensor<3xf32> {{
  %0 = stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}}""" for i in range(32))


def test_malformed_functions_with_python_callbacks(tmp_path):
    """Many functions failing verification, with a Python diagnostic handler
    attached, through parse, verify, interpret and a pipeline mixing C++ and
    Python passes: every path reports errors, none dies."""
    path = tmp_path / "bad.mlir"
    path.write_text(MALFORMED_FUNCTIONS)
    proc = isolated("""
        import sys
        import stablehlo_py
        from mlir import ir
        from mlir.passmanager import PassManager
        from stablehlo_py.passes.interpret import add_interpret_pass
        text = open(sys.argv[1]).read()
        seen = []
        ctx = stablehlo_py.context()
        ctx.attach_diagnostic_handler(lambda d: seen.append(str(d.location)) or True)
        for attempt in ("parse", "interpret"):
            try:
                stablehlo_py.parse_module(text, ctx) if attempt == "parse" else stablehlo_py.interpret(text, entry="f0")
            except Exception as e:
                print(attempt, type(e).__name__)
        good = text.replace("tensor<3xf32>", "tensor<2xf32>")
        module = stablehlo_py.parse_module(good, ctx)
        for fn in module.body.operations:
            for op in fn.regions[0].blocks[0].operations:
                if op.name == "stablehlo.add":
                    op.result.set_type(ir.Type.parse("tensor<3xf32>", ctx))
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            print("verify", len(e.error_diagnostics))
        module = stablehlo_py.parse_module(good, ctx)
        pm = PassManager.parse("builtin.module(func.func(canonicalize,cse))", ctx)
        def fail_everywhere(op, pass_):
            for fn in op.regions[0].blocks[0].operations:
                fn.location.emit_error("from a Python pass")
            pass_.signal_pass_failure()
        pm.add(fail_everywhere, name="fail-everywhere", argument="fail-everywhere")
        add_interpret_pass(pm, entry="f0")
        try:
            pm.run(module.operation)
        except ir.MLIRError as e:
            print("pipeline", len(e.error_diagnostics))
        """, str(path))
    assert_no_abort(proc)
    assert proc.stdout.split("\n")[:4] == ["parse MLIRError", "interpret InterpreterError", "verify 32", "pipeline 32"], \
        proc.stdout
    cli = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "opt", str(path), "--pipeline",
                          "func.func(canonicalize),stablehlo-interpret"], capture_output=True, text=True, timeout=240)
    assert cli.returncode == 1 and "Critical nanobind" not in cli.stderr and "Traceback" not in cli.stderr
    assert "'stablehlo.add' op C1" in cli.stderr
