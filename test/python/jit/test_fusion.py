"""Fusion of elementwise runs (interpreter/fusion.py): one JIT-compiled loop per run of ops.

Every fusable op, for every element type, runs inside one fused loop on edge values (NaN with
payloads, signaling NaN, +-inf, +-0, subnormals, min/max integers, division by zero, INT_MIN / -1,
shift amounts around the width) and random values, and is compared bit for bit with the ops'
numpy kernels run one by one (the same module with fusion off), which the kernel tests check
against XLA.  Each case asserts the fused loop ran natively, so a silent fallback fails.  Also:
operands read through strides (broadcast, transposed, reversed, strided slices), view steps moved
before a run, outputs read by later ops, runs ended by ops fusion leaves alone, the size
threshold, the off switch, memory limits, the fallback when the JIT fails, threads, and JAX's
layer norm and GELU against XLA.
"""

from __future__ import annotations

import itertools
import os
import threading
from unittest import mock

import numpy as np
import pytest
from conftest import export, xla

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, Limits
from stablehlo_py.interpreter.jit import fusion, native
from stablehlo_py.interpreter.kernels import reductions
from testing.native_values import (ALL, BOOL_BINARY, DTYPES, FLOAT_BINARY, FLOATS, INT_BINARY, INT_UNARY, INTS,
                                    SINTS, UINTS, compares, edges, randoms)

# ops whose native forms call numpy per element (exp, ..., atan2, power on floats) end a run
FUSED_FLOAT_BINARY = [op for op in FLOAT_BINARY if op not in ("atan2", "power")]
FUSED_FLOAT_UNARY = ["negate", "abs", "sign", "floor", "ceil", "round_nearest_even", "round_nearest_afz", "sqrt",
                     "rsqrt"]
ARITHMETIC = ("add", "subtract", "multiply", "divide", "remainder")


class _Recorder:
    """The fused loops made while it is active (fusion._Loop instances)."""

    def __init__(self):
        self.loops = []

    def __enter__(self):
        real = fusion._Loop
        recorder = self

        class Recorded(real):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                recorder.loops.append(self)

        self._patch = mock.patch.object(fusion, "_Loop", Recorded)
        self._patch.__enter__()
        return self

    def __exit__(self, *exc):
        self._patch.__exit__(*exc)


def run_fused(text: str, args: list, loops: int | None = None, **options) -> list:
    """`text` on `args` with every run of two or more ops fused (any size); asserts its loops ran natively."""
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(text, **options, backend="interpreter")
        executable(*args)  # the first call runs the kernels
        assert all(not loop.entries for loop in recorder.loops)
        results = executable(*args)
    if loops is not None:
        assert len(recorder.loops) == loops, f"{len(recorder.loops)} fused loops, expected {loops}"
    for loop in recorder.loops:
        assert loop.tier == "native" and loop.entries and all(e is not None for e in loop.entries.values()), \
            f"not native: {loop.native_unsupported}"
    return [np.asarray(r) for r in results]


def run_unfused(text: str, args: list, **options) -> list:
    """`text` on `args` with each op's numpy kernel (fusion off)."""
    with mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}), _Recorder() as recorder:
        results = stablehlo_py.compile(text, **options, backend="interpreter")(*args)
    assert not recorder.loops
    return [np.asarray(r) for r in results]


def same_bits(got: np.ndarray, want: np.ndarray, context: str, nan_pairs=None) -> None:
    """Bit for bit; where `nan_pairs` (a mask) holds, any NaN will do (numpy's SIMD loops and
    LLVM's may return either NaN operand of a commutative op)."""
    assert got.dtype == want.dtype and got.shape == want.shape, f"{context}: {got.dtype}{got.shape} vs " \
                                                                f"{want.dtype}{want.shape}"
    unsigned = f"u{got.dtype.itemsize}"
    differ = got.view(unsigned) != want.view(unsigned)
    if nan_pairs is not None:
        differ &= ~(nan_pairs & np.isnan(got) & np.isnan(want))
    if differ.any():
        k = int(np.flatnonzero(differ.reshape(-1))[0])
        raise AssertionError(f"{context}: element {k}: got {got.reshape(-1)[k]!r}, expected {want.reshape(-1)[k]!r} "
                             f"({np.count_nonzero(differ)} differ)")


def module(args: list[str], lines: list[str], results: list[tuple[str, str]]) -> str:
    """func @main(args) { lines; return results }, results as (name, type)."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return "\n".join([f"func.func @main({params}) -> ({', '.join(t for _, t in results)}) {{",
                      *("  " + line for line in lines),
                      f"  return {', '.join(n for n, _ in results)} : {', '.join(t for _, t in results)}", "}"])


def columns(element: str, arity: int) -> list[np.ndarray]:
    """`arity` rank-1 arrays whose rows are every combination of edge values (pairs for arity 2,
    a sample for 3) and random values."""
    values = edges(element)
    if arity == 1:
        rows = [(v,) for v in values]
    elif arity == 2:
        rows = list(itertools.product(values, repeat=2))
    else:
        rows = list(itertools.product(values[:9], values, values[:9]))[:400]
    randoms_ = [randoms(element, 40) for _ in range(arity)]
    rows += list(zip(*randoms_))
    if element in INTS and arity == 2:  # small divisors and shift amounts with random dividends
        rows += [(a, b) for a in randoms(element, 4) for b in values[:7]]
    return [np.stack([np.asarray(r[k], DTYPES[element]) for r in rows]) for k in range(arity)]


def check_run(element: str, ops: list[tuple], arity: int) -> None:
    """Ops `(name, line(result, operands, type), result element)` all on the same operands, in one
    fused run: each result bit for bit as its kernel's."""
    cols = columns(element, arity)
    n = len(cols[0])
    ty = f"tensor<{n}x{element}>"
    names = [f"%a{k}" for k in range(arity)]
    lines, results = [], []
    for j, (_, line, result) in enumerate(ops):
        lines.append(line(f"%r{j}", names, ty, f"tensor<{n}x{result}>"))
        results.append((f"%r{j}", f"tensor<{n}x{result}>"))
    text = module([ty] * arity, lines, results)
    with np.errstate(all="ignore"):
        got = run_fused(text, cols, loops=1)
        want = run_unfused(text, cols)
    both_nan = np.isnan(cols[0]) & np.isnan(cols[1]) if element in FLOATS and arity == 2 else None
    for (name, _, _), g, w in zip(ops, got, want):
        same_bits(g, w, f"{name} on {element}", both_nan if name in ARITHMETIC else None)


def binary(op):
    return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]}, {xs[1]} : {ty}", None


def unary(op, result=None):
    if result is None:
        return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]} : {ty}", None
    return op, lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]} : ({ty}) -> {rty}", result


def typed(ops, element):
    return [(name, line, result or element) for name, line, result in ops]


# --- every op, every type ---------------------------------------------------------------------------


@pytest.mark.parametrize("element", INTS)
def test_integer_binary_ops(element):
    check_run(element, typed([binary(op) for op in INT_BINARY], element), 2)


@pytest.mark.parametrize("element", FLOATS)
def test_float_binary_ops(element):
    check_run(element, typed([binary(op) for op in FUSED_FLOAT_BINARY], element), 2)


def test_boolean_binary_ops():
    check_run("i1", typed([binary(op) for op in BOOL_BINARY] + [unary("not")], "i1"), 2)


@pytest.mark.parametrize("element", INTS)
def test_integer_unary_ops(element):
    ops = [op for op in INT_UNARY if not (op in ("abs", "sign") and element in UINTS)]
    check_run(element, typed([unary(op) for op in ops], element), 1)


@pytest.mark.parametrize("element", FLOATS)
def test_float_unary_ops(element):
    check_run(element, typed([unary(op) for op in FUSED_FLOAT_UNARY] + [unary("is_finite", "i1")], element), 1)


@pytest.mark.parametrize("element", ALL)
def test_compare(element):
    check_run(element, compares(element), 2)


@pytest.mark.parametrize("element", ALL)
def test_clamp_and_select(element):
    clamp = ("clamp", lambda r, xs, ty, rty: f"{r} = stablehlo.clamp {xs[0]}, {xs[1]}, {xs[2]} : {ty}", element)
    # select on a predicate computed in the run: x < z (or x xor z for i1)
    kind = "FLOAT" if element in FLOATS else "SIGNED" if element in SINTS else "UNSIGNED"

    def select(r, xs, ty, rty):
        pty = ty.replace(f"x{element}>", "xi1>")
        return (f"{r}_p = stablehlo.compare LT, {xs[0]}, {xs[2]}, {kind} : ({ty}, {ty}) -> {pty}\n  "
                f"{r} = stablehlo.select {r}_p, {xs[1]}, {xs[2]} : {pty}, {ty}")

    check_run(element, [clamp, ("select", select, element)], 3)


@pytest.mark.parametrize("source", ALL)
def test_convert_to_every_type(source):
    check_run(source, [unary("convert", target) for target in ALL if target != source], 1)


# --- strides, moved views, outputs, runs --------------------------------------------------------


STRIDED = """
func.func @main(%x: tensor<64x48xf32>, %col: tensor<64xf32>, %row: tensor<48xf32>, %t: tensor<48x64xf32>,
                %big: tensor<128x96xf32>) -> tensor<64x48xf32> {
  %c = stablehlo.broadcast_in_dim %col, dims = [0] : (tensor<64xf32>) -> tensor<64x48xf32>
  %d = stablehlo.subtract %x, %c : tensor<64x48xf32>
  %r = stablehlo.broadcast_in_dim %row, dims = [1] : (tensor<48xf32>) -> tensor<64x48xf32>
  %e = stablehlo.multiply %d, %r : tensor<64x48xf32>
  %tt = stablehlo.transpose %t, dims = [1, 0] : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %f = stablehlo.add %e, %tt : tensor<64x48xf32>
  %rev = stablehlo.reverse %x, dims = [0, 1] : tensor<64x48xf32>
  %g = stablehlo.maximum %f, %rev : tensor<64x48xf32>
  %s = stablehlo.slice %big [1:128:2, 0:96:2] : (tensor<128x96xf32>) -> tensor<64x48xf32>
  %h = stablehlo.divide %g, %s : tensor<64x48xf32>
  return %h : tensor<64x48xf32>
}
"""


def _strided_inputs():
    rng = np.random.default_rng(3)
    return [rng.standard_normal(shape).astype(np.float32) for shape in ((64, 48), (64,), (48,), (48, 64), (128, 96))]


def test_operands_read_through_strides_and_views_moved_before_the_run():
    x, col, row, t, big = args = _strided_inputs()
    (got,) = run_fused(STRIDED, args, loops=1)
    want = np.maximum((x - col[:, None]) * row[None, :] + t.T, x[::-1, ::-1]) / big[1::2, ::2]
    same_bits(got, want.astype(np.float32), "strided operands")


def test_inputs_of_any_layout_from_the_caller():
    """The function's own arguments may be views (transposed, reversed, broadcast): each stride
    pattern gets its loop."""
    text = module(["tensor<32x40xf64>", "tensor<32x40xf64>"],
                  ["%s = stablehlo.add %a0, %a1 : tensor<32x40xf64>", "%p = stablehlo.multiply %s, %a0 : tensor<32x40xf64>"],
                  [("%p", "tensor<32x40xf64>")])
    rng = np.random.default_rng(5)
    base = rng.standard_normal((40, 32))
    other = rng.standard_normal((64, 80))
    layouts = [(base.T, other[::2, ::2]), (base.T[::-1], np.broadcast_to(other[0, :40], (32, 40))),
               (np.ascontiguousarray(base.T), other[:32, 40:])]
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        for a, b in layouts * 2:
            (got,) = executable(a, b)
            same_bits(np.asarray(got), (a + b) * a, "layout")
    (loop,) = recorder.loops
    assert len(loop.entries) == 3 and all(e is not None for e in loop.entries.values())


def test_stores_are_declared_apart_from_the_loads_and_inputs_may_overlap():
    """Each output's stores are in an alias scope of their own, apart from the inputs' loads (which
    spares LLVM runtime overlap checks and a second loop); the inputs share one scope, so one
    array passed twice, or overlapping views of it, are still read right."""
    ty = "tensor<48x48xi32>"
    text = module([ty, ty], [f"%s = stablehlo.add %a0, %a1 : {ty}", f"%p = stablehlo.multiply %s, %a1 : {ty}",
                             f"%c = stablehlo.compare GT, %p, %a0 : ({ty}, {ty}) -> tensor<48x48xi1>"],
                  [("%s", ty), ("%p", ty), ("%c", "tensor<48x48xi1>")])
    x = np.random.default_rng(23).integers(-1000, 1000, (48, 96)).astype(np.int32)
    for a, b in [(x[:, :48], x[:, :48]), (x[:, :48], x[:, 1:49]), (x[:, :48], x[:, 48:].T)]:
        got = run_fused(text, [a, b], loops=1)
        s = a + b
        for g, w, name in zip(got, [s, s * b, s * b > a], "spc"):
            same_bits(g, w, f"overlapping inputs: {name}")
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        stablehlo_py.compile(text, backend="interpreter")
    source = recorder.loops[0].text(((48, 1), (48, 1)))
    loads = [line for line in source.splitlines() if "llvm.load" in line and "-> !llvm.ptr" not in line]
    stores = [line for line in source.splitlines() if "llvm.store" in line]
    assert len(loads) == 2 and all("alias_scopes = [#fused_inputs], noalias_scopes = [#fused_output_0, "
                                   "#fused_output_1, #fused_output_2]" in line for line in loads)
    assert len(stores) == 3 and all(f"alias_scopes = [#fused_output_{k}]" in line and "#fused_inputs" in line
                                    for k, line in enumerate(stores))


OUTPUTS = """
func.func @main(%x: tensor<256x64xf32>) -> (tensor<256xf32>, tensor<256x64xf32>) {
  %two = stablehlo.constant dense<2.0> : tensor<256x64xf32>
  %a = stablehlo.multiply %x, %two : tensor<256x64xf32>
  %b = stablehlo.add %a, %x : tensor<256x64xf32>
  %c = stablehlo.multiply %b, %b : tensor<256x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %e = stablehlo.exponential %b : tensor<256x64xf32>
  %f = stablehlo.subtract %e, %b : tensor<256x64xf32>
  %g = stablehlo.negate %f : tensor<256x64xf32>
  return %sum, %g : tensor<256xf32>, tensor<256x64xf32>
}
"""


def test_values_read_after_the_run_are_its_outputs_and_per_element_calls_end_it():
    x = np.random.default_rng(7).standard_normal((256, 64)).astype(np.float32)
    # the reduce in numpy's order (not BLAS's), so its oracle can be np.add.reduce bit for bit
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), mock.patch.object(reductions, "BLAS_SUM_ELEMENTS", 1 << 62), \
            _Recorder() as recorder:
        executable = stablehlo_py.compile(OUTPUTS, backend="interpreter")
        executable(x)
        got = executable(x)
    assert all(loop.entries for loop in recorder.loops)
    first, second = recorder.loops  # multiply, add, multiply | exponential | subtract, negate
    assert [op.name for op in first.members] == ["stablehlo.multiply", "stablehlo.add", "stablehlo.multiply"]
    assert [op.name for op in second.members] == ["stablehlo.subtract", "stablehlo.negate"]
    assert len(first.outputs) == 2 and len(second.outputs) == 1  # b and c; g
    b = x * np.float32(2) + x
    same_bits(np.asarray(got[0]), np.add.reduce(b * b, axis=1), "reduce of an output")
    same_bits(np.asarray(got[1]), -(np.exp(b) - b), "after the exponential")


RUN_BOUNDARIES = """
func.func @main(%x: tensor<64x64xf32>, %y: tensor<32x96xf32>) -> (tensor<64x64xf32>, tensor<32x96xf32>) {
  %k = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [0, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %ramp = stablehlo.iota dim = 1 : tensor<64x64xf32>
  %a = stablehlo.add %x, %ramp : tensor<64x64xf32>
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = stablehlo.multiply %a, %t : tensor<64x64xf32>
  %c = stablehlo.subtract %y, %y : tensor<32x96xf32>
  %d = stablehlo.add %c, %y : tensor<32x96xf32>
  return %b, %d : tensor<64x64xf32>, tensor<32x96xf32>
}
"""


def test_runs_end_at_another_shape_and_views_of_their_values_stay_in_place():
    """A non-splat constant is read as an array; a transpose of a run's value splits the run; the
    ops on another shape make a run of their own."""
    rng = np.random.default_rng(9)
    x = rng.standard_normal((64, 64)).astype(np.float32)
    y = rng.standard_normal((32, 96)).astype(np.float32)
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(RUN_BOUNDARIES, backend="interpreter")
        executable(x, y)
        b, d = executable(x, y)
    assert all(loop.entries for loop in recorder.loops)
    assert [[op.name for op in loop.members] for loop in recorder.loops] == [
        ["stablehlo.subtract", "stablehlo.add"]]  # add | transpose of it | multiply: runs of one op stay
    a = x + np.arange(64, dtype=np.float32)[None, :]
    same_bits(np.asarray(b), a * a.T, "transpose of a run's value")
    same_bits(np.asarray(d), (y - y) + y, "the run on the other shape")


def test_ops_with_rank_0_operands_end_a_run():
    """select with one predicate and clamp with rank-0 bounds are not elementwise over one shape."""
    ty = "tensor<64x64xf32>"
    text = module(["tensor<i1>", ty, ty, "tensor<f32>"], [
        f"%s = stablehlo.add %a1, %a2 : {ty}", f"%m = stablehlo.multiply %s, %a1 : {ty}",
        f"%p = stablehlo.select %a0, %m, %a2 : tensor<i1>, {ty}",
        "%lo = stablehlo.negate %a3 : tensor<f32>",
        f"%c = stablehlo.clamp %lo, %p, %a3 : (tensor<f32>, {ty}, tensor<f32>) -> {ty}",
        f"%n = stablehlo.negate %c : {ty}"], [("%n", ty)])
    rng = np.random.default_rng(23)
    x, y = (rng.standard_normal((64, 64)).astype(np.float32) for _ in range(2))
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        for pred in (True, False, True, False):
            (got,) = executable(np.bool_(pred), x, y, np.float32(0.25))
            want = -np.clip((x + y) * x if pred else y, np.float32(-0.25), np.float32(0.25))
            same_bits(np.asarray(got), want, f"select {pred}")
    assert [[op.name for op in loop.members] for loop in recorder.loops] == [["stablehlo.add", "stablehlo.multiply"]]


def test_a_constant_array_in_a_run_is_read_element_by_element():
    ramp = ", ".join(str(float(k)) for k in range(64))
    ty = "tensor<64xf32>"
    text = module([ty], [f"%k = stablehlo.constant dense<[{ramp}]> : {ty}", f"%s = stablehlo.add %a0, %k : {ty}",
                         f"%p = stablehlo.multiply %s, %k : {ty}"], [("%p", ty)])
    x = np.random.default_rng(2).standard_normal(64).astype(np.float32)
    (got,) = run_fused(text, [x], loops=1)
    k = np.arange(64, dtype=np.float32)
    same_bits(got, (x + k) * k, "constant array")


def test_small_runs_and_the_off_switch_leave_the_kernels():
    x = np.ones((256, 64), np.float32)
    with _Recorder() as recorder:
        stablehlo_py.compile(OUTPUTS, backend="interpreter")(x[:, :1].repeat(64, 1))  # 16384 elements: under FUSE_ELEMENTS
    assert not recorder.loops
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}), \
            _Recorder() as recorder:
        stablehlo_py.compile(OUTPUTS, backend="interpreter")(x)
    assert not recorder.loops


def test_a_run_over_the_threshold_is_fused_without_patching():
    shape = (fusion.FUSE_ELEMENTS // 64, 64)
    ty = f"tensor<{shape[0]}x64xf32>"
    text = module([ty, ty], [f"%s = stablehlo.add %a0, %a1 : {ty}", f"%p = stablehlo.multiply %s, %a1 : {ty}"],
                  [("%p", ty)])
    rng = np.random.default_rng(11)
    a, b = (rng.standard_normal(shape).astype(np.float32) for _ in range(2))
    with _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        executable(a, b)
        (got,) = executable(a, b)
    assert len(recorder.loops) == 1 and len(recorder.loops[0].entries) == 1 and recorder.loops[0].tier == "native"
    same_bits(np.asarray(got), (a + b) * b, "over the threshold")


def test_a_value_over_the_memory_limit_is_still_refused():
    ty = "tensor<1024x64xf32>"
    text = module([ty], [f"%s = stablehlo.add %a0, %a0 : {ty}", f"%p = stablehlo.multiply %s, %s : {ty}"],
                  [("%p", ty)])
    x = np.ones((1024, 64), np.float32)
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), pytest.raises(InterpreterError, match="max_value_bytes"):
        stablehlo_py.compile(text, limits=Limits(max_value_bytes=200000))(x)


def test_the_original_steps_run_when_the_jit_fails():
    x, col, row, t, big = args = _strided_inputs()

    def failing(text):
        raise native.Unsupported("no JIT today")

    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), mock.patch.object(native, "jit", failing), \
            _Recorder() as recorder:
        executable = stablehlo_py.compile(STRIDED, backend="interpreter")
        executable(*args)
        (got,) = executable(*args)
    (loop,) = recorder.loops
    assert loop.tier == "python" and "no JIT today" in loop.native_unsupported
    want = np.maximum((x - col[:, None]) * row[None, :] + t.T, x[::-1, ::-1]) / big[1::2, ::2]
    same_bits(np.asarray(got), want.astype(np.float32), "fallback")


def test_errors_of_the_original_steps_name_their_op():
    ty = "tensor<64x64xi32>"
    text = module([ty], [f"%s = stablehlo.add %a0, %a0 : {ty}", f"%p = stablehlo.multiply %s, %s : {ty}"],
                  [("%p", ty)])

    def broken_multiply(*args):
        raise InterpreterError("broken on purpose")

    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        (loop,) = recorder.loops
        run, ins, outs, _ = loop.original.steps[1]
        loop.original.steps[1] = (run, ins, outs, broken_multiply)
        with pytest.raises(InterpreterError, match="stablehlo.multiply.*broken on purpose"):
            executable(np.ones((64, 64), np.int32))  # a first call runs the original steps


def test_concurrent_first_calls():
    x, col, row, t, big = args = _strided_inputs()
    want = (np.maximum((x - col[:, None]) * row[None, :] + t.T, x[::-1, ::-1]) / big[1::2, ::2]).astype(np.float32)
    with mock.patch.object(fusion, "FUSE_ELEMENTS", 1), _Recorder() as recorder:
        executable = stablehlo_py.compile(STRIDED, backend="interpreter")
    results, errors = [], []

    def call():
        try:
            for _ in range(2):  # the second calls compile
                results.append(np.asarray(executable(*args)[0]))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=call) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(results) == 8
    for got in results:
        same_bits(got, want, "threads")
    assert recorder.loops[0].tier == "native" and list(recorder.loops[0].entries.values())[0] is not None


# --- JAX's programs against XLA -------------------------------------------------------------------


@pytest.mark.xla
def test_layer_norm_against_xla():
    import jax.numpy as jnp

    def layer_norm(x, scale, bias):
        mean = x.mean(-1, keepdims=True)
        centered = x - mean
        var = (centered * centered).mean(-1, keepdims=True)
        return centered * (1 / jnp.sqrt(var + 1e-5)) * scale + bias

    rng = np.random.default_rng(13)
    args = [rng.standard_normal((128, 512)).astype(np.float32), rng.standard_normal(512).astype(np.float32),
            rng.standard_normal(512).astype(np.float32)]
    text = export(layer_norm, *args)
    with _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        executable(*args)
        (got,) = executable(*args)
    assert len(recorder.loops) >= 2 and all(loop.entries and loop.tier == "native" for loop in recorder.loops)
    (want,) = xla(layer_norm, *args)
    np.testing.assert_allclose(np.asarray(got), want, rtol=2e-5, atol=2e-5)


@pytest.mark.xla
def test_relu_of_a_bias_add_against_xla():
    """jnp.where's inlined helper converts its rank-0 zero and broadcasts it between the run's
    ops: those steps run first and add, compare and select are one loop."""
    import jax.numpy as jnp

    def dense_relu(x, b):
        y = x + b
        return jnp.where(y > 0, y, 0.0)

    rng = np.random.default_rng(19)
    args = [rng.standard_normal((128, 512)).astype(np.float32), rng.standard_normal(512).astype(np.float32)]
    args[0][0, :4] = [np.nan, np.inf, -np.inf, -0.0]
    text = export(dense_relu, *args)
    with _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        executable(*args)
        (got,) = executable(*args)
    (loop,) = recorder.loops
    assert loop.entries and [op.name for op in loop.members] == ["stablehlo.add", "stablehlo.compare",
                                                                "stablehlo.select"]
    (want,) = xla(dense_relu, *args)
    same_bits(np.asarray(got), want, "relu")


@pytest.mark.xla
def test_softmax_against_xla():
    """One op reading a broadcast (x - max, e / sum) is a run of its own: numpy's loop over a
    broadcast operand is the slow one."""
    import jax

    def softmax(x):
        return jax.nn.softmax(x, axis=-1)

    x = np.random.default_rng(29).standard_normal((128, 512)).astype(np.float32) * 4
    x[0, :3] = [np.inf, -np.inf, 0.0]
    text = export(softmax, x)
    with _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        executable(x)
        (got,) = executable(x)
    assert [[op.name for op in loop.members] for loop in recorder.loops] == [["stablehlo.subtract"],
                                                                             ["stablehlo.divide"]]
    assert all(loop.entries and loop.tier == "native" for loop in recorder.loops)
    (want,) = xla(softmax, x)
    np.testing.assert_allclose(np.asarray(got), want, rtol=2e-6, atol=1e-7)


@pytest.mark.xla
def test_gelu_polynomial_against_xla():
    """The transformer's tanh-GELU: the runs before and after tanh are fused."""
    import jax.numpy as jnp

    def gelu(x):
        return 0.5 * x * (1 + jnp.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))

    x = np.random.default_rng(17).standard_normal((256, 256)).astype(np.float32) * 3
    text = export(gelu, x)
    with _Recorder() as recorder:
        executable = stablehlo_py.compile(text, backend="interpreter")
        executable(x)
        (got,) = executable(x)
    assert len(recorder.loops) == 2 and all(loop.entries and loop.tier == "native" for loop in recorder.loops)
    (want,) = xla(gelu, x)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6, atol=1e-6)
