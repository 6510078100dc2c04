"""The Python passes in MLIR's own pass registry (passes/registry.py, lib/Transforms/CallbackPasses.cpp):
found by PassManager.parse in any context with our dialects, nested and mixed with MLIR's passes and
our C++ ones, their options parsed, checked and printed by MLIR, failures reported, never a hang."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import mlir.ir as ir
import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py import _stablehlo
from stablehlo_py.passes import registry
from conftest import REPO

DYNAMIC = """
func.func @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %0 = stablehlo.dynamic_reshape %arg0, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %c = stablehlo.constant dense<2.0> : tensor<f32>
  %d = stablehlo.add %c, %c : tensor<f32>
  %b = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = stablehlo.add %0, %b : tensor<?xf32>
  return %1 : tensor<?xf32>
}
"""

MODULE_PASSES = {name for name, entry in registry._PASSES.items() if entry.anchor == "builtin.module"}


def plain_context():
    """A plain upstream context with our dialects, as a user of mlir.ir makes one."""
    context = ir.Context()
    stablehlo_py.register_dialects(context)
    return context


@pytest.mark.parametrize("name", registry.PASS_NAMES)
def test_every_python_pass_parses_by_name(name):
    context = plain_context()
    where = f"builtin.module({name})" if name in MODULE_PASSES else f"builtin.module(func.func({name}))"
    pm = PassManager.parse(where, context=context)
    assert name in str(pm)


def test_pipeline_mixes_python_cpp_and_mlir_passes():
    context = plain_context()
    with context:
        module = ir.Module.parse(DYNAMIC)
        pm = PassManager.parse(
            "builtin.module(stablehlo-refine-arguments{types=tensor<4xf32>}, stablehlo-refine-shapes,"
            "func.func(stablehlo-canonicalize-dynamism, stablehlo-aggressive-folder{fold-op-element-limit=100}),"
            "canonicalize, cse)")
        pm.run(module.operation)
    text = str(module)
    assert "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>" in text
    assert "dynamic_reshape" not in text and "dynamic_broadcast_in_dim" not in text
    assert "stablehlo.constant dense<4.000000e+00> : tensor<4xf32>" in text  # folded by the C++ folder
    assert "get_dimension_size" not in text


def test_options_are_mlir_pass_options():
    pm = PassManager.parse("builtin.module(stablehlo-remove-dynamism{types=tensor<2xf32>,tensor<i32> "
                           "platform-index=1})", context=plain_context())
    assert "stablehlo-remove-dynamism{platform-index=1 types={tensor<2xf32>,tensor<i32>}}" in str(pm).replace(
        "types={tensor<2xf32>,tensor<i32>} platform-index=1", "platform-index=1 types={tensor<2xf32>,tensor<i32>}")
    with pytest.raises(ValueError, match="no such option bogus"):
        PassManager.parse("builtin.module(stablehlo-refine-shapes{bogus=1})", context=plain_context())
    # A value is checked when the pipeline is parsed, with the pass's own message.
    with pytest.raises(ValueError, match="enable-shape-assertions expects true or false, got 'maybe'"):
        PassManager.parse("builtin.module(stablehlo-check-shape-assertions{enable-shape-assertions=maybe})",
                          context=plain_context())
    with pytest.raises(ValueError, match="platform-index expects a non-negative integer, got '-1'"):
        PassManager.parse("builtin.module(stablehlo-remove-dynamism{platform-index=-1})", context=plain_context())


def test_module_passes_do_not_nest_in_functions():
    with pytest.raises(ValueError, match="restricted to 'builtin.module'"):
        PassManager.parse("builtin.module(func.func(stablehlo-refine-shapes))", context=plain_context())


def test_function_pass_runs_on_one_function_or_the_module():
    text = DYNAMIC.replace("%arg0: tensor<?xf32>", "%arg0: tensor<4xf32>").replace(
        "(tensor<?xf32>) -> tensor<i32>", "(tensor<4xf32>) -> tensor<i32>").replace(
        "(tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>", "(tensor<4xf32>, tensor<1xi32>) -> tensor<?xf32>")
    outputs = []
    for pipeline in ("builtin.module(stablehlo-refine-shapes, func.func(stablehlo-canonicalize-dynamism))",
                     "builtin.module(stablehlo-refine-shapes, stablehlo-canonicalize-dynamism)"):
        with plain_context():
            module = ir.Module.parse(text)
            PassManager.parse(pipeline).run(module.operation)
            outputs.append(str(module))
    assert outputs[0] == outputs[1]
    assert "dynamic_reshape" not in outputs[0] and "stablehlo.reshape %arg0" in outputs[0]


def test_pass_failure_is_an_mlir_error_with_the_pass_message():
    with plain_context():
        module = ir.Module.parse(DYNAMIC)
        pm = PassManager.parse("builtin.module(stablehlo-refine-arguments{types=tensor<2x})")
        with pytest.raises(ir.MLIRError, match="Invalid type string: tensor<2x"):
            pm.run(module.operation)


def test_multithreaded_context_fails_clearly_instead_of_hanging():
    # Upstream's PassManager.run keeps the GIL while MLIR's threads run nested passes: a Python pass
    # there fails with a message (a subprocess, so that a regression hangs only it).
    script = textwrap.dedent(f"""
        import mlir.ir as ir, stablehlo_py
        from mlir.passmanager import PassManager
        context = ir.Context()
        stablehlo_py.register_dialects(context)
        context.enable_multithreading(True)
        text = "".join('func.func @f%d(%%a: tensor<4xf32>) -> tensor<4xf32> {{ return %%a : tensor<4xf32> }}\\n' % i
                       for i in range(32))
        with context:
            module = ir.Module.parse(text)
            try:
                PassManager.parse("builtin.module(func.func(stablehlo-canonicalize-dynamism))").run(module.operation)
                print("RAN")
            except ir.MLIRError as e:
                print("ERROR", e)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=os.path.join(REPO, "python")))
    assert done.returncode == 0, done.stderr
    # Whether the thread pool happened to take a function is up to MLIR; if it did, the message says why.
    assert done.stdout.startswith("RAN") or "call context.enable_multithreading(False)" in done.stdout


def test_register_dialects_turns_multithreading_off():
    context = ir.Context()
    context.enable_multithreading(True)
    stablehlo_py.register_dialects(context)
    with context:
        module = ir.Module.parse("".join(
            f"func.func @f{i}(%a: tensor<4xf32>) -> tensor<4xf32> {{ return %a : tensor<4xf32> }}\n"
            for i in range(16)))
        PassManager.parse("builtin.module(func.func(stablehlo-canonicalize-dynamism))").run(module.operation)


def test_registration_errors_are_python_exceptions():
    def never(op, values):
        raise AssertionError("not run")

    with pytest.raises(ValueError, match="another pass holds it"):
        _stablehlo.register_python_pass("canonicalize", "", "", [], never, lambda values: None)
    with pytest.raises(ValueError, match="name is empty"):
        _stablehlo.register_python_pass("", "", "", [], never, lambda values: None)
    registry.register_all()  # again: nothing changes
    PassManager.parse("builtin.module(stablehlo-refine-shapes)", context=plain_context())


def test_a_raising_python_pass_fails_the_pipeline():
    def raises(op, values):
        raise RuntimeError("broken pass body")

    def check(values):
        return None if values == ["ok"] else f"mode must be ok, got {values[0]!r}"

    _stablehlo.register_python_pass("stablehlo-py-test-raising-pass", "test only", "", [("mode", "ok", "", False)],
                                    raises, check)
    with pytest.raises(ValueError, match="mode must be ok, got 'bad'"):
        PassManager.parse("builtin.module(stablehlo-py-test-raising-pass{mode=bad})", context=plain_context())
    with plain_context():
        module = ir.Module.parse("func.func @f() { return }")
        with pytest.raises(ir.MLIRError, match="broken pass body"):
            PassManager.parse("builtin.module(stablehlo-py-test-raising-pass)").run(module.operation)


def test_generated_name_list_matches_the_registry(tmp_path):
    # stablehlo-opt hands these names to stablehlo-py opt (tools/python_pass_names.py, run by CMake).
    out = tmp_path / "names.inc"
    subprocess.run([sys.executable, os.path.join(REPO, "tools", "python_pass_names.py"),
                    os.path.join(REPO, "python", "stablehlo_py", "passes", "registry.py"), str(out)], check=True)
    listed = [line.strip().strip('",') for line in out.read_text().splitlines() if line.startswith('    "')]
    assert listed == list(registry.PASS_NAMES)
