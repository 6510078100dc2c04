"""Plans inline func.call, and while bodies update carries in place when nothing else can see it.

The in-place path must never change a value some other op (or the caller)
still reads: each aliasing hazard below runs against XLA or a numpy formula.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same, run_both
from jax import lax

from stablehlo_py import interpreter
from stablehlo_py.interpreter.core import plan
from stablehlo_py.interpreter.planning import loops


def compile_recording_in_place(text: str):
    """(executable, carry positions updated in place, per while loop)."""
    found = []

    def spy(body, count):
        owned = in_place_updates(body, count)
        found.append(list(owned))
        return owned

    in_place_updates, loops._in_place_updates = loops._in_place_updates, spy
    try:
        return interpreter.compile(text), found
    finally:
        loops._in_place_updates = in_place_updates


def scan_outputs(h0, xs, w):
    def cell(h, x):
        h = np.float32(0.5) * h + x @ w
        return h, h * h

    return lax.scan(cell, h0, xs)


@pytest.mark.xla
def test_scan_writes_its_outputs_in_place_and_matches_xla():
    import jax

    rng = np.random.default_rng(3)
    h0 = rng.standard_normal((4, 8)).astype(np.float32)
    xs = rng.standard_normal((12, 4, 8)).astype(np.float32)
    w = rng.standard_normal((8, 8)).astype(np.float32)
    text = jax.jit(scan_outputs).lower(h0, xs, w).as_text()
    assert "func.call" in text and "dynamic_update_slice" in text
    executable, found = compile_recording_in_place(text)
    assert any(found), "the scan's output buffer was not updated in place"
    inputs = [h0.copy(), xs.copy(), w.copy()]
    first = executable(*inputs)
    second = executable(*inputs)  # the loop's initial buffer (a constant) was not changed by the first call
    got, expected = run_both(scan_outputs, h0, xs, w)
    assert_same(first, got)
    assert_same(second, got)
    for before, after in zip([h0, xs, w], inputs):
        assert np.array_equal(before, after), "an argument was modified"
    # XLA only for the shapes (its f32 sums may round differently): the values against f64
    assert [(r.shape, r.dtype) for r in got] == [(r.shape, r.dtype) for r in expected]
    final, ys = scan_in_f64_with_error_bounds(h0, xs, w)
    for result, (exact, bound), name in ((got[0], final, "final h"), (got[1], ys, "h * h per step")):
        error = np.abs(result.astype(np.float64) - exact)
        assert np.all(error <= bound), f"{name}: error {np.max(error - bound):.3g} over the bound"


def scan_in_f64_with_error_bounds(h0, xs, w):
    """scan_outputs in f64 (exact to f32's precision), with a bound on the error any f32
    evaluation may have, whatever the order of each dot's sum: per step the dot's summation bound
    (n + 2) u sum|x||w|, half the carried error (h is halved), and one rounding of each add and
    product; h * h doubles h's relative error. ((final h, bound), (outputs, bounds))."""
    u = 2.0 ** -24
    h, error = h0.astype(np.float64), np.zeros(h0.shape)
    w64, n = w.astype(np.float64), w.shape[0]
    outputs, bounds = [], []
    for x in xs.astype(np.float64):
        h = 0.5 * h + x @ w64
        error = 0.5 * error + (n + 2) * u * (np.abs(x) @ np.abs(w64)) + 2 * u * np.abs(h)
        outputs.append(h * h)
        bounds.append(2 * np.abs(h) * error + error ** 2 + u * h * h)
    return (h, error), (np.array(outputs), np.array(bounds))


LOOP = """
func.func @main(%buffer: tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>) {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %b = %buffer, %other = %buffer) : tensor<i32>, tensor<5xi32>, tensor<5xi32>
  cond {{
    %n = stablehlo.constant dense<5> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  }} do {{
    %ten = stablehlo.constant dense<10> : tensor<1xi32>
    %index = stablehlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
    %value = stablehlo.add %index, %ten : tensor<1xi32>
    %new = stablehlo.dynamic_update_slice %b, %value, %i : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    {body_tail}
  }}
  return %r#1, %r#2 : tensor<5xi32>, tensor<5xi32>
}}
"""


def _expected_rows(start: np.ndarray):
    """The buffer after each step k of the loop: element k set to k + 10."""
    rows, b = [], start.copy()
    for k in range(5):
        b = b.copy()
        b[k] = k + 10
        rows.append(b)
    return rows


def test_carry_that_nothing_else_reads_is_updated_in_place():
    text = LOOP.format(body_tail="stablehlo.return %j, %new, %other : tensor<i32>, tensor<5xi32>, tensor<5xi32>")
    executable, found = compile_recording_in_place(text)
    assert found == [[1]]
    start = np.arange(5, dtype=np.int32) * -1
    kept = start.copy()
    got = executable(start)
    assert_same(got, [_expected_rows(kept)[-1], kept], "in place")
    assert np.array_equal(start, kept), "the argument was modified"
    got[0][0] = 99  # results belong to the caller: the next call starts from the argument again
    assert_same(executable(start), [_expected_rows(kept)[-1], kept], "second call")


def test_carry_read_again_after_the_update_is_copied():
    # %other takes the old buffer each step: it must not see the update of the same step.
    text = LOOP.format(body_tail="stablehlo.return %j, %new, %b : tensor<i32>, tensor<5xi32>, tensor<5xi32>")
    executable, found = compile_recording_in_place(text)
    assert found == [[]]
    start = np.full(5, 7, np.int32)
    rows = _expected_rows(start)
    assert_same(executable(start), [rows[-1], rows[-2]], "old value kept")


def test_update_returned_in_two_carries_is_copied():
    text = LOOP.format(body_tail="stablehlo.return %j, %new, %new : tensor<i32>, tensor<5xi32>, tensor<5xi32>")
    executable, found = compile_recording_in_place(text)
    assert found == [[]]
    start = np.zeros(5, np.int32)
    rows = _expected_rows(start)
    assert_same(executable(start), [rows[-1], rows[-1]], "two carries")


def test_update_read_by_another_op_is_copied():
    text = LOOP.format(body_tail="%twice = stablehlo.add %new, %new : tensor<5xi32>\n"
                                 "    stablehlo.return %j, %new, %twice : tensor<i32>, tensor<5xi32>, tensor<5xi32>")
    executable, found = compile_recording_in_place(text)
    assert found == [[]]
    start = np.ones(5, np.int32)
    rows = _expected_rows(start)
    assert_same(executable(start), [rows[-1], rows[-1] * 2], "read by another op")


def _call_tree(depth: int) -> str:
    """@main calls @f0 twice, @f<k> calls @f<k+1> twice: 2**depth calls to the leaf if all inlined."""
    lines = ["func.func @main(%x: tensor<i64>) -> tensor<i64> {",
             "  %a = func.call @f0(%x) : (tensor<i64>) -> tensor<i64>",
             "  %b = func.call @f0(%a) : (tensor<i64>) -> tensor<i64>",
             "  return %b : tensor<i64>", "}"]
    for k in range(depth):
        callee = f"@f{k + 1}" if k + 1 < depth else None
        lines.append(f"func.func private @f{k}(%x: tensor<i64>) -> tensor<i64> {{")
        if callee:
            lines += [f"  %a = func.call {callee}(%x) : (tensor<i64>) -> tensor<i64>",
                      f"  %b = func.call {callee}(%a) : (tensor<i64>) -> tensor<i64>"]
        else:
            lines += ["  %one = stablehlo.constant dense<1> : tensor<i64>",
                      "  %b = stablehlo.add %x, %one : tensor<i64>"]
        lines += ["  return %b : tensor<i64>", "}"]
    return "\n".join(lines)


def test_deep_call_trees_stop_inlining_at_the_budget_and_still_run():
    # 2**14 leaves of 3 ops: more than the inlining budget, so the deepest calls stay calls.
    depth = 14
    assert 3 * 2 ** depth > plan.MAX_INLINED_OPS
    executable = interpreter.compile(_call_tree(depth))
    assert len(executable._function.steps) <= plan.MAX_INLINED_OPS
    assert executable(np.asarray(5, np.int64))[0] == 5 + 2 ** depth  # every leaf adds one
    assert interpreter.compile(_call_tree(3))(np.asarray(5, np.int64))[0] == 5 + 2 ** 3


@pytest.mark.xla
def test_inlined_callee_results_feed_several_uses():
    import jax

    inner = jax.jit(lambda v: (v * 3, v - 1))

    def fn(x):
        a, b = inner(x)
        c, d = inner(a + b)
        return a, b, c, d

    got, expected = run_both(fn, np.arange(6, dtype=np.int8))
    assert_same(got, expected)
