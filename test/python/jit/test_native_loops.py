"""The native tier of scalar loops (interpreter/native.py): JIT-compiled while loops over rank-0 values.

Every op with a native form runs, for every element type it supports, inside a one-iteration
while loop on edge values (NaN with payloads, signaling NaN, +-inf, +-0, subnormals, min/max
integers, division by zero, INT_MIN / -1, shift amounts -1, 0, width - 1, width, width + 1,
big) and random values, and is compared bit for bit (floats as their unsigned bits) with
  * the same module with the native tier off (STABLEHLO_PY_NATIVE=0: the Python scalar loop),
  * the op's kernel on 0-d arrays (the while loop without the scalar path),
  * the op's kernel on rank-1 tensors of the same values;
each case asserts that the native tier ran (`tier == "native"`), so a silent fallback fails.
Also: limits (max_iterations, timeout) with the Python path's messages, if/case (an index out
of range), captured values, threads, the fallback of unsupported loops, and the two benchmark
loops exported by JAX against XLA.
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
from stablehlo_py.interpreter.jit import native
from stablehlo_py.interpreter.kernels import control_flow
from stablehlo_py.interpreter.jit.scalar import compile_while
from testing.native_values import (ALL, BOOL_BINARY, DTYPES, FLOAT_BINARY, FLOAT_UNARY, FLOATS, INT_BINARY,
                                    INT_UNARY, INTS, UINTS, compares, edges, randoms)
from testing.scalar_loops import loop_module, run_rank1, run_without_scalar_path


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


def run_native(text: str, args: list, **options) -> list:
    executable, loops = compiled(text, **options)
    results = executable(*args)
    assert loops and all(loop.tier == "native" for loop in loops), \
        f"not native: {[(loop.tier, loop.native_unsupported) for loop in loops]}"
    return results


def run_python(text: str, args: list, **options) -> list:
    with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
        executable, loops = compiled(text, **options)
        results = executable(*args)
    assert loops and all(loop.tier == "python" for loop in loops)
    return results


def check_ops(ops: list, arg_type: str, rows: list[tuple], per_loop: int = 48) -> None:
    """Each of `ops` ((name, op_text(result, operands, type, result type), result type)) on every
    row in native loops (of at most `per_loop` ops, which the JIT compiles quickly): bit for bit
    as the Python loop and as the kernel on rank-1 tensors."""
    chunk = max(1, per_loop // len(ops))
    for start in range(0, len(rows), chunk):
        _check_loop(ops, arg_type, rows[start:start + chunk])


def _check_loop(ops: list, arg_type: str, rows: list[tuple]) -> None:
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
    with np.errstate(all="ignore"):
        got = run_native(text, args)
        python = run_python(text, args)
        zero_d = run_without_scalar_path(text, args)
        kernels = [r for _, op_text, result_type in ops
                   for r in run_rank1(op_text, arg_type, result_type, [list(c) for c in zip(*rows)])]
    n = len(rows)
    for j, (name, _, _) in enumerate(ops):
        for k, row in enumerate(rows):
            context = f"{name} on {arg_type} {[a.item() for a in row]}"
            same_bits([got[j * n + k]], [zero_d[j * n + k]], f"{context}: native vs kernel on 0-d arrays")
            if name in ARITHMETIC and all(np.isnan(a) for a in row):
                # of two NaNs, numpy's scalar operators and its SIMD loops on arrays may return the
                # other one than its loop on 0-d arrays (compilers swap commutative operands)
                assert np.isnan(python[j * n + k]) and np.isnan(kernels[j * n + k]), context
                continue
            same_bits([got[j * n + k]], [kernels[j * n + k]], f"{context}: native vs kernel on rank-1 tensors")
            same_bits([got[j * n + k]], [python[j * n + k]], f"{context}: native vs Python loop")


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


@pytest.mark.parametrize("element", FLOATS)
@pytest.mark.parametrize("op", FLOAT_BINARY)
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
    values = edges(element) + randoms(element, 8)
    preds = [np.asarray(bool(k % 3)) for k in range(len(values))]
    text = loop_module(["i1"] * len(values) + [element] * len(values), lambda names, prefix: (
        [f"%{prefix}{k} = stablehlo.select {names[k]}, {names[len(values) + k]}, "
         f"{names[len(values) + (k + 1) % len(values)]} : tensor<i1>, tensor<{element}>" for k in range(len(values))],
        [(f"%{prefix}{k}", f"tensor<{element}>") for k in range(len(values))]))
    args = preds + values
    got = run_native(text, args)
    want = [values[k] if preds[k] else values[(k + 1) % len(values)] for k in range(len(values))]
    same_bits(got, want, f"select on {element}")
    same_bits(got, run_python(text, args), f"select on {element}: native vs Python loop")


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
    got = run_native(COUNTING, args)
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
    got = run_native(BRANCHES, args)
    same_bits(got, _branches_oracle(np.int32(k0), np.float64(x0), np.float64(2.25)), "if/case loop")
    same_bits(got, run_python(BRANCHES, args), "if/case loop: native vs Python loop")


@pytest.mark.parametrize("limit", [1, 1000, 16383, 16384, 16385, 40000])
def test_max_iterations_are_exact(limit):
    args = [np.int64(limit), np.float32(1)]
    got = run_native(COUNTING, args, limits={"max_iterations": limit})
    assert int(got[0]) == limit and float(got[1]) == float(min(limit, 1 << 24))
    for run in (run_native, run_python):
        with pytest.raises(InterpreterError, match=rf"did not end within {limit - 1} iterations "
                                                   r"\(Limits.max_iterations\)"):
            run(COUNTING, args, limits={"max_iterations": limit - 1})


def test_max_iterations_zero_allows_a_loop_that_never_runs():
    got = run_native(COUNTING, [np.int64(0), np.float32(1)], limits={"max_iterations": 0})
    assert int(got[0]) == 0
    with pytest.raises(InterpreterError, match=r"did not end within 0 iterations"):
        run_native(COUNTING, [np.int64(1), np.float32(1)], limits={"max_iterations": 0})


def test_timeout_stops_an_endless_native_loop():
    executable, loops = compiled(COUNTING, limits={"timeout": 0.2})
    with pytest.raises(InterpreterError, match=r"timeout: the call ran for more than 0.2 s \(Limits.timeout\), "
                                               r"stopped after \d+ iterations of this loop"):
        executable(np.int64(1 << 62), np.float32(1))
    assert loops[0].tier == "native"


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
    assert loops[0].tier == "native"
    for n, runs in results.items():
        for got in runs:
            same_bits(got, run_python(COUNTING, [np.int64(n), np.float32(0.5)]), f"thread with n={n}")


def test_source_is_the_mlir_text():
    executable, loops = compiled(COUNTING)
    executable(np.int64(3), np.float32(1))
    assert "scf.while" in loops[0].source and loops[0].kernel_calls == ()


@pytest.mark.parametrize("element, op", [("bf16", "add"), ("f32", "cbrt"), ("i4", "add"), ("complex<f32>", "add")])
def test_unsupported_loops_fall_back_to_python(element, op):
    line = (f"%r = stablehlo.{op} %x, %x : tensor<{element}>" if op == "add" else
            f"%r = stablehlo.{op} %x : tensor<{element}>")
    text = loop_module([element], lambda names, prefix: ([line.replace("%r", f"%{prefix}r").replace("%x", names[0])],
                                                         [(f"%{prefix}r", f"tensor<{element}>")]))
    import ml_dtypes
    dtype = {"bf16": ml_dtypes.bfloat16, "i4": ml_dtypes.int4, "complex<f32>": np.complex64, "f32": np.float32}[element]
    value = np.asarray(3, dtype)
    executable, loops = compiled(text)
    executable(value)
    assert loops[0].tier == "python"
    assert loops[0].native_unsupported, "the reason for the fallback is recorded"


def test_disabled_by_the_environment():
    with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
        assert not native.enabled()
        _, loops = compiled(COUNTING)
    assert loops[0].tier == "python" and "STABLEHLO_PY_NATIVE" in loops[0].native_unsupported


def test_a_failing_jit_falls_back_to_python(monkeypatch):
    def broken(text):
        raise RuntimeError("no JIT today")

    monkeypatch.setattr(native, "jit", broken)
    executable, loops = compiled(COUNTING)
    got = executable(np.int64(5), np.float32(0.5))
    assert loops[0].tier == "python" and "no JIT today" in loops[0].native_unsupported
    same_bits(got, [np.asarray(np.int64(5)), np.asarray(np.float32(2.5))], "fallback results")


# --- the benchmark loops, exported by JAX, against XLA ----------------------------------------------

sys.path.insert(0, os.path.join(REPO, "bench"))


@pytest.mark.xla
@pytest.mark.parametrize("case", ["float", "int"])
def test_benchmark_loops_match_xla(case):
    import bench_loops

    workload = (bench_loops.float_loop_workload if case == "float" else bench_loops.int_loop_workload)(10000)
    text = export(workload.fn, *workload.inputs)
    got = run_native(text, list(workload.inputs))
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
