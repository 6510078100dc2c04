"""The compiled tier of scalar loops (interpreter/jit/scalar.py): while loops over rank-0 values
outlined into a module of their own and compiled by the compiled backend (stablehlo_py.lowering).

Every op the tier takes runs, for every element type it supports, inside a one-iteration
while loop on edge values (NaN with payloads, signaling NaN, +-inf, +-0, subnormals, min/max
integers, division by zero, INT_MIN / -1, shift amounts -1, 0, width - 1, width, width + 1,
big) and random values, and is compared bit for bit (floats as their unsigned bits) with
  * the same module with the compiled tier off (STABLEHLO_PY_NATIVE=0: the Python scalar loop),
  * the op's kernel on 0-d arrays (the while loop without the scalar path),
  * the op's kernel on rank-1 tensors of the same values;
each case asserts that the compiled tier ran (`tier == "compiled"`), so a silent fallback fails.
Also: limits (max_iterations, timeout) with the Python path's messages, Ctrl-C, if/case (an index
out of range), captured values, threads, the fallback of loops it does not take, and the two
benchmark loops exported by JAX against XLA.

The programs of a test differ only in their number of rows, so most compiles are hits of the
session's compile cache (conftest.py).
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from unittest import mock

import numpy as np
import pytest
from conftest import REPO, export, xla

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.interpreter.jit import scalar
from stablehlo_py.interpreter.kernels import control_flow
from stablehlo_py.interpreter.jit.scalar import compile_while
from testing.native_values import (ALL, BOOL_BINARY, DTYPES, FLOAT_BINARY, FLOAT_UNARY, FLOATS, INT_BINARY,
                                    INT_UNARY, INTS, UINTS, compares, edges, randoms)
from testing.scalar_loops import loop_module, run_rank1


# --- values -------------------------------------------------------------------------------------


def unary_rows(element: str) -> list[tuple]:
    return [(v,) for v in edges(element) + randoms(element, 16)]


def binary_rows(element: str) -> list[tuple]:
    values = edges(element)
    rows = list(itertools.product(values, repeat=2))
    rows += list(zip(randoms(element, 24), randoms(element, 24)))
    if element in INTS:  # small divisors and shift amounts with random dividends
        rows += [(a, b) for a in randoms(element, 4) for b in values[:7]]
    return rows


# --- running -------------------------------------------------------------------------------------

def same_bits(got: list, want: list, context: str) -> None:
    assert len(got) == len(want), context
    for i, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape, f"{context}: result {i}: {g.dtype}{g.shape} vs {w.dtype}{w.shape}"
        unsigned = f"u{g.dtype.itemsize}"
        if g.view(unsigned) != w.view(unsigned):
            raise AssertionError(f"{context}: result {i}: got {g!r} ({hex(int(g.view(unsigned)))}), "
                                 f"expected {w!r} ({hex(int(w.view(unsigned)))})")


def compiled(text: str, **options):
    """(executable of `text`, the scalar loops compiled for its while ops)."""
    loops = []

    def spy(*args):
        loops.append(compile_while(*args))
        return loops[-1]

    with mock.patch.object(control_flow, "compile_while", spy):
        return stablehlo_py.compile(text, **options, backend="interpreter"), loops


def run_compiled(text: str, args: list, **options) -> list:
    executable, loops = compiled(text, **options)
    results = executable(*args)
    assert loops and all(loop.tier == "compiled" for loop in loops), \
        f"not compiled: {[(loop.tier, loop.native_unsupported) for loop in loops]}"
    return results


def run_python(text: str, args: list, **options) -> list:
    with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
        executable, loops = compiled(text, **options)
        results = executable(*args)
    assert loops and all(loop.tier == "python" for loop in loops)
    return results


# LLVM's time grows about as the cube of a loop's size (8 ops: 0.2 s, 16: 0.7 s, 48: 16 s), so
# the loops are small; chunks of one size are one program, compiled once (_executable).
PER_LOOP = 8
_EXECUTABLES: dict = {}


def _executable(text: str, path: str):
    """The executable of `text` on `path` ("compiled", "python", or "kernels": no scalar path),
    made once for the chunks of one size."""
    key = (text, path)
    if key not in _EXECUTABLES:
        if len(_EXECUTABLES) > 30:
            _EXECUTABLES.clear()
        if path == "compiled":
            executable, loops = compiled(text)
        elif path == "python":
            with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
                executable, loops = compiled(text)
        else:
            with mock.patch.object(control_flow, "compile_while", lambda *a: None):
                executable, loops = stablehlo_py.compile(text, backend="interpreter"), []
        _EXECUTABLES[key] = executable, loops
    return _EXECUTABLES[key]


def check_ops(ops: list, arg_type: str, rows: list[tuple], per_loop: int = PER_LOOP) -> None:
    """Each of `ops` ((name, op_text(result, operands, type, result type), result type)) on every
    row in compiled loops (of at most `per_loop` ops, which compile quickly): bit for bit
    as the Python loop and as the kernel on rank-1 tensors."""
    with np.errstate(all="ignore"):
        kernels = [run_rank1(op_text, arg_type, result_type, [list(c) for c in zip(*rows)])
                   for _, op_text, result_type in ops]
    chunk = min(len(rows), max(1, per_loop // len(ops)))
    for start in range(0, len(rows), chunk):
        start = min(start, len(rows) - chunk)  # the last chunk overlaps the one before: one size
        _check_loop(ops, arg_type, rows[start:start + chunk], [k[start:start + chunk] for k in kernels])


def _check_loop(ops: list, arg_type: str, rows: list[tuple], kernels: list) -> None:
    args = [a for row in rows for a in row]
    arity = len(rows[0])
    ty = f"tensor<{arg_type}>"

    def compute(names, prefix):
        lines, outs = [], []
        for j, (_, op_text, result_type) in enumerate(ops):
            for k in range(len(rows)):
                name = f"%{prefix}{j}_{k}"
                lines.append(op_text(name, names[k * arity:(k + 1) * arity], ty, f"tensor<{result_type}>"))
                outs.append((name, f"tensor<{result_type}>"))
        return lines, outs

    text = loop_module([arg_type] * len(args), compute)
    results = {}
    with np.errstate(all="ignore"):
        for path in ("compiled", "python", "kernels"):
            executable, loops = _executable(text, path)
            results[path] = executable(*args)
            if path != "kernels":
                assert loops and all(loop.tier == path for loop in loops), \
                    f"not {path}: {[(loop.tier, loop.native_unsupported) for loop in loops]}"
    got, python, zero_d = results["compiled"], results["python"], results["kernels"]
    n = len(rows)
    for j, (name, _, _) in enumerate(ops):
        for k, row in enumerate(rows):
            context = f"{name} on {arg_type} {[a.item() for a in row]}"
            same_bits([got[j * n + k]], [zero_d[j * n + k]], f"{context}: compiled vs kernel on 0-d arrays")
            if name in ARITHMETIC and all(np.isnan(a) for a in row):
                # of two NaNs, numpy's scalar operators and its SIMD loops on arrays may return the
                # other one than its loop on 0-d arrays (compilers swap commutative operands)
                assert np.isnan(python[j * n + k]) and np.isnan(kernels[j][k]), context
                continue
            same_bits([got[j * n + k]], [kernels[j][k]], f"{context}: compiled vs kernel on rank-1 tensors")
            same_bits([got[j * n + k]], [python[j * n + k]], f"{context}: compiled vs Python loop")


ARITHMETIC = ("add", "subtract", "multiply", "divide", "remainder")


def binary(op):
    return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]}, {xs[1]} : {ty}"


def unary(op, result=None):
    if result is None:
        return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]} : {ty}"
    return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]} : ({ty}) -> {rty}"


# --- every op, every type ---------------------------------------------------------------------------


@pytest.mark.parametrize("element", INTS)
@pytest.mark.parametrize("op", INT_BINARY)
def test_integer_binary_op(op, element):
    name, text = binary(op)
    check_ops([(name, text, element)], element, binary_rows(element))


# Not here: atan2 and power (the C library's), and f16 add and multiply (NaN + NaN), which stay in
# Python (test_loops_whose_compiled_bits_could_differ_stay_in_python).
COMPILED_FLOAT_BINARY = [(op, element) for op in FLOAT_BINARY if op not in ("atan2", "power") for element in FLOATS
                         if not (element == "f16" and op in ("add", "multiply"))]


@pytest.mark.parametrize(("op", "element"), COMPILED_FLOAT_BINARY)
def test_float_binary_op(op, element):
    name, text = binary(op)
    check_ops([(name, text, element)], element, binary_rows(element))


def test_boolean_binary_ops():
    check_ops([(*binary(op), "i1") for op in BOOL_BINARY], "i1", binary_rows("i1"))


@pytest.mark.parametrize("element", INTS)
def test_integer_unary_ops(element):
    ops = [op for op in INT_UNARY if not (op in ("abs", "sign") and element in UINTS)]  # signed integers only
    check_ops([(*unary(op), element) for op in ops], element, unary_rows(element))


@pytest.mark.parametrize("element", FLOATS)
def test_float_unary_ops(element):
    ops = [(*unary(op), element) for op in FLOAT_UNARY] + [(*unary("is_finite", "i1"), "i1")]
    check_ops(ops, element, unary_rows(element))


def test_boolean_not():
    check_ops([(*unary("not"), "i1")], "i1", unary_rows("i1"))


@pytest.mark.parametrize("element", ALL)
def test_compare(element):
    values = edges(element)[:12]
    rows = list(itertools.product(values, repeat=2)) + list(zip(randoms(element, 16), randoms(element, 16)))
    check_ops(compares(element), element, rows)


@pytest.mark.parametrize("element", ALL)
def test_clamp(element):
    values = edges(element)
    rows = [(lo, x, hi) for lo, x, hi in itertools.product(values[:9], values, values[:9])][:400]
    rows += list(zip(randoms(element, 16), randoms(element, 16), randoms(element, 16)))
    clamp = ("clamp", lambda r, xs, ty, rty: f"{r} = stablehlo.clamp {xs[0]}, {xs[1]}, {xs[2]} : {ty}", element)
    check_ops([clamp], element, rows)


@pytest.mark.parametrize("source", ALL)
def test_convert_to_every_type(source):
    rows = unary_rows(source)
    if source in FLOATS:  # values around the integer types' limits, and f64 -> f16 rounding cases
        with np.errstate(over="ignore"):
            rows += [(np.asarray(v, DTYPES[source]),) for v in (127.5, -128.9, 255.9, 256.0, 32768.0, -32769.5, 65535.5,
                                                           2.0 ** 31, -2.0 ** 31 - 1, 2.0 ** 32, 2.0 ** 63, -2.0 ** 63,
                                                           2.0 ** 64, 65520.0, 65519.0, 2.0 ** -25, 2.0 ** -24 * 1.5,
                                                               1.0 + 2.0 ** -11 + 2.0 ** -40)]
    check_ops([(*unary("convert", target), target) for target in ALL if target != source], source, rows)


@pytest.mark.parametrize("element", ALL)
def test_select(element):
    every = edges(element) + randoms(element, 8)
    for start in range(0, len(every), PER_LOOP):  # loops of one size (the last overlaps the one before)
        values = every[min(start, len(every) - PER_LOOP):][:PER_LOOP]
        preds = [np.asarray(bool(k % 3)) for k in range(len(values))]
        text = loop_module(["i1"] * len(values) + [element] * len(values), lambda names, prefix: (
            [f"%{prefix}{k} = stablehlo.select {names[k]}, {names[len(values) + k]}, "
             f"{names[len(values) + (k + 1) % len(values)]} : tensor<i1>, tensor<{element}>"
             for k in range(len(values))],
            [(f"%{prefix}{k}", f"tensor<{element}>") for k in range(len(values))]))
        args = preds + values
        got = _executable(text, "compiled")[0](*args)
        want = [values[k] if preds[k] else values[(k + 1) % len(values)] for k in range(len(values))]
        same_bits(got, want, f"select on {element}")
        same_bits(got, _executable(text, "python")[0](*args), f"select on {element}: compiled vs Python loop")
        assert _executable(text, "compiled")[1][0].tier == "compiled"


# --- loops: control flow, captures, limits, threads -------------------------------------------------

COUNTING = """
func.func @main(%n: tensor<i64>, %step: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %f = stablehlo.constant dense<0.0> : tensor<f32>
  %w:2 = stablehlo.while(%i = %z, %x = %f) : tensor<i64>, tensor<f32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %i1 = stablehlo.add %i, %one : tensor<i64>
    %x1 = stablehlo.add %x, %step : tensor<f32>
    stablehlo.return %i1, %x1 : tensor<i64>, tensor<f32>
  }
  return %w#0, %w#1 : tensor<i64>, tensor<f32>
}
"""


def test_captured_values_and_many_iterations():
    args = [np.int64(100000), np.float32(0.1)]
    got = run_compiled(COUNTING, args)
    x = np.float32(0)
    for _ in range(100000):
        x = np.float32(x + np.float32(0.1))
    same_bits(got, [np.asarray(np.int64(100000)), np.asarray(x)], "counting loop")


BRANCHES = """
func.func @main(%k0: tensor<i32>, %x0: tensor<f64>, %c: tensor<f64>) -> (tensor<i32>, tensor<f64>, tensor<i64>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %w:3 = stablehlo.while(%k = %k0, %x = %x0, %s = %z) : tensor<i32>, tensor<f64>, tensor<i64>
  cond {
    %lim = stablehlo.constant dense<7> : tensor<i32>
    %p = stablehlo.compare LT, %k, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %y = "stablehlo.case"(%k) ({
      %a = stablehlo.multiply %x, %c : tensor<f64>
      stablehlo.return %a : tensor<f64>
    }, {
      %b = stablehlo.subtract %x, %c : tensor<f64>
      stablehlo.return %b : tensor<f64>
    }, {
      %d = stablehlo.negate %x : tensor<f64>
      stablehlo.return %d : tensor<f64>
    }) : (tensor<i32>) -> tensor<f64>
    %zero = stablehlo.constant dense<0.0> : tensor<f64>
    %pos = stablehlo.compare GT, %y, %zero, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %t:2 = "stablehlo.if"(%pos) ({
      %ten = stablehlo.constant dense<10> : tensor<i64>
      %s1 = stablehlo.multiply %s, %ten : tensor<i64>
      stablehlo.return %s1, %y : tensor<i64>, tensor<f64>
    }, {
      %kk = stablehlo.convert %k : (tensor<i32>) -> tensor<i64>
      %s2 = stablehlo.add %s, %kk : tensor<i64>
      %h = stablehlo.sqrt %c : tensor<f64>
      %y2 = stablehlo.add %y, %h : tensor<f64>
      stablehlo.return %s2, %y2 : tensor<i64>, tensor<f64>
    }) : (tensor<i1>) -> (tensor<i64>, tensor<f64>)
    stablehlo.return %k1, %t#1, %t#0 : tensor<i32>, tensor<f64>, tensor<i64>
  }
  return %w#0, %w#1, %w#2 : tensor<i32>, tensor<f64>, tensor<i64>
}
"""


def _branches_oracle(k, x, c):
    s = 0
    while k < 7:
        y = x * c if k == 0 else x - c if k == 1 else -x  # an index out of range takes the last branch
        if y > 0:
            s, x = s * 10, y
        else:
            s, x = s + k, y + np.sqrt(c)
        k += 1
    return [np.asarray(np.int32(k)), np.asarray(np.float64(x)), np.asarray(np.int64(s))]


@pytest.mark.parametrize("k0", [-3, 0, 1, 2, 5])
@pytest.mark.parametrize("x0", [1.5, -2.0])
def test_if_and_case_with_captured_values(k0, x0):
    args = [np.int32(k0), np.float64(x0), np.float64(2.25)]
    got = run_compiled(BRANCHES, args)
    same_bits(got, _branches_oracle(np.int32(k0), np.float64(x0), np.float64(2.25)), "if/case loop")
    same_bits(got, run_python(BRANCHES, args), "if/case loop: compiled vs Python loop")


@pytest.mark.parametrize("limit", [1, 1000, 16383, 16384, 16385, 40000])
def test_max_iterations_are_exact(limit):
    args = [np.int64(limit), np.float32(1)]
    got = run_compiled(COUNTING, args, limits={"max_iterations": limit})
    assert int(got[0]) == limit and float(got[1]) == float(min(limit, 1 << 24))
    for run in (run_compiled, run_python):
        with pytest.raises(InterpreterError, match=rf"did not end within {limit - 1} iterations "
                                                   r"\(Limits.max_iterations\)"):
            run(COUNTING, args, limits={"max_iterations": limit - 1})


def test_max_iterations_zero_allows_a_loop_that_never_runs():
    got = run_compiled(COUNTING, [np.int64(0), np.float32(1)], limits={"max_iterations": 0})
    assert int(got[0]) == 0
    with pytest.raises(InterpreterError, match=r"did not end within 0 iterations"):
        run_compiled(COUNTING, [np.int64(1), np.float32(1)], limits={"max_iterations": 0})


def test_timeout_stops_an_endless_compiled_loop():
    executable, loops = compiled(COUNTING, limits={"timeout": 0.2})
    with pytest.raises(InterpreterError, match=r"timeout: the call ran for more than 0.2 s \(Limits.timeout\), "
                                               r"stopped after \d+ iterations of this loop"):
        executable(np.int64(1 << 62), np.float32(1))
    assert loops[0].tier == "compiled"


def test_ctrl_c_stops_an_endless_loop_without_limits():
    """A loop without limits still checks for signals (every ~50 ms of iterations): SIGINT from a
    timer thread is a KeyboardInterrupt of the call, well within a second."""
    import _thread
    import time

    executable, loops = compiled(COUNTING)
    executable(np.int64(3), np.float32(1))  # compiled before the clock starts
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):  # some seconds of iterations, if not stopped
            executable(np.int64(3_000_000_000), np.float32(1))
    finally:
        timer.cancel()
    assert time.monotonic() - start < 1.3
    assert loops[0].tier == "compiled"
    same_bits(executable(np.int64(3), np.float32(1)), [np.asarray(np.int64(3)), np.asarray(np.float32(3))],
              "a call after the interrupted one")


def test_concurrent_calls_share_no_state():
    executable, loops = compiled(COUNTING)
    results = {}

    def worker(n):
        results[n] = [executable(np.int64(n), np.float32(0.5)) for _ in range(20)]

    threads = [threading.Thread(target=worker, args=(n,)) for n in (10, 2000, 50000, 777)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert loops[0].tier == "compiled"
    for n, runs in results.items():
        for got in runs:
            same_bits(got, run_python(COUNTING, [np.int64(n), np.float32(0.5)]), f"thread with n={n}")


LOCATED = """
func.func @main(%n: tensor<i64>) -> tensor<i64> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %w = stablehlo.while(%i = %n) : tensor<i64>
  cond {
    %p = stablehlo.compare GT, %i, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.subtract %i, %one : tensor<i64>
    stablehlo.return %i1 : tensor<i64>
  } loc("loop.py":12:5)
  return %w : tensor<i64>
}
"""


def test_the_outlined_module_keeps_locations_and_clones_captured_constants():
    executable, loops = compiled(LOCATED, limits={"max_iterations": 5})
    source = loops[0].source
    assert "func.func @main(%arg0: tensor<i64>) -> tensor<i64>" in source  # %one cloned in, not an argument
    assert "stablehlo.constant dense<1>" in source and "stablehlo.while" in source
    assert int(executable(np.int64(6))[0]) == 1
    with pytest.raises(InterpreterError, match=r"did not end within 5 iterations") as error:
        executable(np.int64(7))
    assert "loop.py" in str(error.value) and "12" in str(error.value), str(error.value)  # the while's location
    assert loops[0].tier == "compiled" and loops[0].kernel_calls == ()


CALLING = """
func.func private @twice(%x: tensor<f32>, %c: tensor<f32>) -> tensor<f32> {
  %y = stablehlo.multiply %x, %c : tensor<f32>
  return %y : tensor<f32>
}
func.func @main(%n: tensor<i32>, %c: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %x0 = stablehlo.constant dense<1.0> : tensor<f32>
  %w:2 = stablehlo.while(%i = %z, %x = %x0) : tensor<i32>, tensor<f32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %k = stablehlo.convert %n : (tensor<i32>) -> tensor<f32>
    %y = func.call @twice(%x, %c) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %x1 = stablehlo.add %y, %k : tensor<f32>
    stablehlo.return %i1, %x1 : tensor<i32>, tensor<f32>
  }
  return %w#0, %w#1 : tensor<i32>, tensor<f32>
}
"""


def test_a_loop_calling_a_function_and_capturing_a_value_in_both_regions():
    """The outlined module holds a copy of the callee; %n, captured by the condition and the
    body, is one argument."""
    executable, loops = compiled(CALLING)
    got = executable(np.int32(5), np.float32(1.5))
    x = np.float32(1)
    for _ in range(5):
        x = np.float32(x * np.float32(1.5) + np.float32(5))
    same_bits(got, [np.asarray(np.int32(5)), np.asarray(x)], "calling loop")
    assert loops[0].tier == "compiled", loops[0].native_unsupported
    assert "func.func private @twice" in loops[0].source
    assert "@main(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>)" in loops[0].source


NESTED = """
func.func @main(%n: tensor<i32>) -> tensor<i32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %w:2 = stablehlo.while(%i = %z, %s = %z) : tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %v:2 = stablehlo.while(%j = %z, %t = %s) : tensor<i32>, tensor<i32>
    cond {
      %q = stablehlo.compare LT, %j, %i1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %t1 = stablehlo.add %t, %j1 : tensor<i32>
      stablehlo.return %j1, %t1 : tensor<i32>, tensor<i32>
    }
    stablehlo.return %i1, %v#1 : tensor<i32>, tensor<i32>
  }
  return %w#1 : tensor<i32>
}
"""


@pytest.mark.parametrize("element, op", [("f32", "cbrt"), ("f64", "power"), ("f32", "atan2"), ("f16", "power"),
                                         ("f16", "add"), ("f16", "multiply"), ("bf16", "add"), ("i4", "add"),
                                         ("complex<f32>", "add")])
def test_loops_whose_compiled_bits_could_differ_stay_in_python(element, op):
    line = (f"%r = stablehlo.{op} %x, %x : tensor<{element}>" if op in ("power", "atan2", "add", "multiply") else
            f"%r = stablehlo.{op} %x : tensor<{element}>")
    text = loop_module([element], lambda names, prefix: ([line.replace("%r", f"%{prefix}r").replace("%x", names[0])],
                                                         [(f"%{prefix}r", f"tensor<{element}>")]))
    import ml_dtypes
    dtype = {"bf16": ml_dtypes.bfloat16, "i4": ml_dtypes.int4, "complex<f32>": np.complex64}.get(element)
    value = np.asarray(3, DTYPES[element] if dtype is None else dtype)
    executable, loops = compiled(text)
    executable(value)
    assert loops[0].tier == "python"
    assert op in loops[0].native_unsupported, "the reason for the fallback is recorded"


def test_nested_loops_stay_in_python():
    executable, loops = compiled(NESTED)
    # sum over i = 1..n of i (i + 1) / 2
    assert int(executable(np.int32(4))[0]) == 1 + 3 + 6 + 10
    assert loops and loops[-1].tier == "python" and "stablehlo.while" in loops[-1].native_unsupported


def test_disabled_by_the_environment():
    with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
        assert not scalar.enabled()
        _, loops = compiled(COUNTING)
    assert loops[0].tier == "python" and "STABLEHLO_PY_NATIVE" in loops[0].native_unsupported


def test_a_loop_the_lowering_refuses_falls_back_to_python(monkeypatch):
    def refusing(module, limits):
        raise stablehlo_py.lowering.LoweringError("no lowering today")

    monkeypatch.setattr(scalar, "_loop_compiler", refusing)
    executable, loops = compiled(COUNTING)
    assert loops[0].tier == "compiled"  # compiled on the first call
    got = executable(np.int64(5), np.float32(0.5))
    assert loops[0].tier == "python" and "no lowering today" in loops[0].native_unsupported
    same_bits(got, [np.asarray(np.int64(5)), np.asarray(np.float32(2.5))], "fallback results")


# --- the benchmark loops, exported by JAX, against XLA ----------------------------------------------

sys.path.insert(0, os.path.join(REPO, "bench"))


@pytest.mark.xla
@pytest.mark.parametrize("case", ["float", "int"])
def test_benchmark_loops_match_xla(case):
    import bench_loops

    workload = (bench_loops.float_loop_workload if case == "float" else bench_loops.int_loop_workload)(10000)
    text = export(workload.fn, *workload.inputs)
    got = run_compiled(text, list(workload.inputs))
    want = xla(workload.fn, *workload.inputs)
    same_bits(got, [np.asarray(w) for w in want], f"{case} while_loop vs XLA")


def test_an_op_whose_kernel_was_replaced_stays_in_python(monkeypatch):
    from stablehlo_py.interpreter.core import registry

    def doubled_negate(op):
        return registry.Kernel.single(lambda x: np.asarray(-2 * x))

    registry.lookup("stablehlo.negate")  # the built-in kernels are registered first
    monkeypatch.setitem(registry._FACTORIES, "stablehlo.negate", doubled_negate)
    monkeypatch.setitem(registry._SCALAR_FORMS, "stablehlo.negate", lambda op: None)  # the loop calls the kernel
    text = loop_module(["f32"], lambda names, prefix: ([f"%{prefix}r = stablehlo.negate {names[0]} : tensor<f32>"],
                                                       [(f"%{prefix}r", "tensor<f32>")]))
    executable, loops = compiled(text)
    assert float(executable(np.float32(1.5))[0]) == -3.0
    assert loops[0].tier == "python" and "kernel" in loops[0].native_unsupported
