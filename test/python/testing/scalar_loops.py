"""Scalar while loops for tests: a module running ops in a one-iteration loop over rank-0 values,
and ways to run it on the scalar path, without it, or as kernels on rank-1 tensors.

Used by interpreter/control_flow/test_scalar_loops.py, jit/test_scalar_forms.py,
jit/test_native_loops.py, jit/test_scalar_loop_paths.py and
interpreter/elementwise/test_scalar_form_guards.py.
"""

from __future__ import annotations

from unittest import mock

import numpy as np

from stablehlo_py import interpreter
from stablehlo_py.interpreter.jit.scalar import compile_while
from stablehlo_py.interpreter.kernels import control_flow


def loop_module(arg_types: list[str], compute) -> str:
    """@main(args) running `compute` once outside (initial results) and once in a one-iteration
    scalar while loop; returns the loop's results.  `compute(names, prefix)` -> (lines, [(name, type)])."""
    args = [f"%a{i}" for i in range(len(arg_types))]
    init_lines, inits = compute(args, "init")
    carried = [("%c0", "tensor<i32>")] + list(zip(args, (f"tensor<{t}>" for t in arg_types))) + inits
    types = [t for _, t in carried]
    block = [f"%x{i}" for i in range(len(carried))]
    body_lines, outs = compute(block[1:1 + len(args)], "body")
    signature = ", ".join(f"{b}: {t}" for b, t in zip(block, types))
    result_types = [t for _, t in inits]
    first_result = 1 + len(args)
    lines = [f"func.func @main({', '.join(f'{a}: tensor<{t}>' for a, t in zip(args, arg_types))}) -> "
             f"({', '.join(result_types)}) {{",
             "  %c0 = stablehlo.constant dense<0> : tensor<i32>",
             *(f"  {line}" for line in init_lines),
             f"  %w:{len(carried)} = \"stablehlo.while\"({', '.join(n for n, _ in carried)}) ({{",
             f"  ^bb0({signature}):",
             "    %one = stablehlo.constant dense<1> : tensor<i32>",
             "    %go = stablehlo.compare LT, %x0, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
             "    stablehlo.return %go : tensor<i1>",
             "  }, {",
             f"  ^bb0({signature}):",
             "    %one = stablehlo.constant dense<1> : tensor<i32>",
             "    %next = stablehlo.add %x0, %one : tensor<i32>",
             *(f"    {line}" for line in body_lines),
             f"    stablehlo.return {', '.join(['%next', *block[1:first_result], *(n for n, _ in outs)])} : "
             f"{', '.join(types)}",
             f"  }}) : ({', '.join(types)}) -> ({', '.join(types)})",
             f"  return {', '.join(f'%w#{first_result + i}' for i in range(len(inits)))} : {', '.join(result_types)}",
             "}"]
    return "\n".join(lines)


def compile_counting_scalar_loops(text: str):
    """(executable, number of while loops in it compiled to scalar loops)."""
    compiled = []

    def spy(*args):
        loop = compile_while(*args)
        compiled.append(loop is not None)
        return loop

    original, control_flow.compile_while = control_flow.compile_while, spy
    try:
        executable = interpreter.compile(text)
    finally:
        control_flow.compile_while = original
    return executable, sum(compiled)


def run_scalar_loop(text: str, args: list) -> list:
    """Our results, after checking that the loop took the scalar path."""
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 1, "the while loop did not take the scalar path"
    return executable(*args)



def run_without_scalar_path(text: str, args: list) -> list:
    with mock.patch.object(control_flow, "compile_while", lambda *a: None):
        return interpreter.compile(text)(*args)


def run_rank1(op_text, arg_type: str, result_type: str, columns: list[list[np.ndarray]]) -> list[np.ndarray]:
    """`op_text(result, operands, type, result type)` on rank-1 tensors of `columns`; one 0-d result per row."""
    n = len(columns[0])
    ty, rty = f"tensor<{n}x{arg_type}>", f"tensor<{n}x{result_type}>"
    names = [f"%a{i}" for i in range(len(columns))]
    text = "\n".join([f"func.func @main({', '.join(f'{a}: {ty}' for a in names)}) -> {rty} {{",
                      f"  {op_text('%r', names, ty, rty)}", f"  return %r : {rty}", "}"])
    (out,) = interpreter.interpret(text, *[np.stack(c) for c in columns])
    return [np.asarray(x) for x in out]

