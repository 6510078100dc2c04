"""While loops that look like the ones planning/loops.py rewrites but must not be rewritten (or
only in part), against the loop's formula in float64: a weight that changes per iteration, a
row slice or row read by another op too, a partial row, a static slice, a float counter. Written
for the survivors of mutation testing planning/loops (docs/testing.md)."""

from __future__ import annotations

import numpy as np
import pytest

from stablehlo_py import interpreter
from stablehlo_py.interpreter.kernels import dot_conv
from stablehlo_py.interpreter.planning import loops

pytestmark = pytest.mark.mutant_killer

ROWS, M, K = 6, 3, 4  # x: ROWS x M x K; w: K x K (results M x K, so a row can be added to them)


@pytest.fixture(autouse=True)
def always_blas(monkeypatch):
    """Every float dot summed by BLAS, so these small dots have the stacked form the plan looks for."""
    monkeypatch.setattr(dot_conv, "SEQUENTIAL_DEPTH", -1)


@pytest.fixture
def stacked(monkeypatch):
    """The first-iteration steps _stack_row_dots made, per while loop prepared."""
    made = []
    original = loops._stack_row_dots

    def spy(*args):
        made.append(original(*args))
        return made[-1]

    monkeypatch.setattr(loops, "_stack_row_dots", spy)
    return made


def _loop(body: str, result: str, sizes: str = f"1, {M}, {K}", w_rows: int = K) -> str:
    """acc = acc * 0.5 + <body's %d> for i from 0 while i < ROWS; `body` defines %d (M x K) from
    %xs (ROWS x M x K), %ws (w_rows x K), %i, %c0, and may define %ws2 (the next weight)."""
    next_w = "%ws2" if "%ws2 =" in body else "%ws"
    return f"""
func.func @main(%x: tensor<{ROWS}x{M}x{K}xf32>, %w: tensor<{w_rows}x{K}xf32>) -> tensor<{M}x{K}xf32> {{
  %zero = stablehlo.constant dense<0.0> : tensor<{M}x{K}xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:4 = stablehlo.while(%i = %i0, %acc = %zero, %xs = %x, %ws = %w)
      : tensor<i32>, tensor<{M}x{K}xf32>, tensor<{ROWS}x{M}x{K}xf32>, tensor<{w_rows}x{K}xf32>
  cond {{
    %limit = stablehlo.constant dense<{ROWS}> : tensor<i32>
    %go = stablehlo.compare LT, %i, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  }} do {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.dynamic_slice %xs, %i, %c0, %c0, sizes = [{sizes}]
        : (tensor<{ROWS}x{M}x{K}xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<{sizes.replace(', ', 'x')}xf32>
{body}
    %half = stablehlo.constant dense<0.5> : tensor<{M}x{K}xf32>
    %scaled = stablehlo.multiply %acc, %half : tensor<{M}x{K}xf32>
    %acc2 = stablehlo.add %scaled, {result} : tensor<{M}x{K}xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %acc2, %xs, {next_w} : tensor<i32>, tensor<{M}x{K}xf32>, tensor<{ROWS}x{M}x{K}xf32>, tensor<{w_rows}x{K}xf32>
  }}
  return %r#1 : tensor<{M}x{K}xf32>
}}"""


def _dot(lhs: str, rows: int = K) -> str:
    return (f"    %d = stablehlo.dot_general {lhs}, %ws, contracting_dims = [1] x [0]\n"
            f"        : (tensor<{M}x{rows}xf32>, tensor<{rows}x{K}xf32>) -> tensor<{M}x{K}xf32>")


RESHAPE = f"    %xi = stablehlo.reshape %s : (tensor<1x{M}x{K}xf32>) -> tensor<{M}x{K}xf32>"


def _run(text, x, w):
    (got,) = interpreter.compile(text)(x, w)
    return got


def _accumulate(terms) -> np.ndarray:
    acc = np.zeros((M, K))
    for term in terms:
        acc = acc * 0.5 + term
    return acc


def _inputs(w_rows=K):
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (ROWS, M, K)).astype(np.float32)
    w = rng.uniform(0.5, 1.0, (w_rows, K)).astype(np.float32)
    return x, w


def _close(got, want):
    np.testing.assert_allclose(got, want.astype(np.float32), rtol=2e-5, atol=2e-5)


def test_the_plain_row_loop_is_stacked(stacked):
    """The loop the near misses below vary: its dot is computed for every row at once."""
    x, w = _inputs()
    got = _run(_loop(RESHAPE + "\n" + _dot("%xi"), "%d"), x, w)
    assert [len(first) for first in stacked] == [1]
    _close(got, _accumulate(x[i].astype(np.float64) @ w for i in range(ROWS)))


def test_a_weight_that_changes_is_not_stacked(stacked):
    x, w = _inputs()
    body = RESHAPE + "\n" + _dot("%xi") + f"\n    %ws2 = stablehlo.multiply %ws, %ws : tensor<{K}x{K}xf32>"
    got = _run(_loop(body, "%d"), x, w)
    assert [len(first) for first in stacked] == [0]
    weights = [w.astype(np.float64)]
    for _ in range(ROWS - 1):
        weights.append((weights[-1].astype(np.float32) * weights[-1].astype(np.float32)).astype(np.float64))
    _close(got, _accumulate(x[i].astype(np.float64) @ weights[i] for i in range(ROWS)))


def test_a_row_read_by_another_op_stays(stacked):
    """The dot is stacked; its row, which the add reads too, is still computed."""
    x, w = _inputs()
    body = RESHAPE + "\n" + _dot("%xi") + f"\n    %both = stablehlo.add %d, %xi : tensor<{M}x{K}xf32>"
    got = _run(_loop(body, "%both"), x, w)
    assert [len(first) for first in stacked] == [1]
    _close(got, _accumulate(x[i].astype(np.float64) @ w + x[i] for i in range(ROWS)))


def test_a_row_slice_read_by_another_op_stays(stacked):
    x, w = _inputs()
    body = (RESHAPE + "\n" + _dot("%xi") +
            f"\n    %again = stablehlo.reshape %s : (tensor<1x{M}x{K}xf32>) -> tensor<{M}x{K}xf32>"
            f"\n    %both = stablehlo.add %d, %again : tensor<{M}x{K}xf32>")
    got = _run(_loop(body, "%both"), x, w)
    assert [len(first) for first in stacked] == [1]
    _close(got, _accumulate(x[i].astype(np.float64) @ w + x[i] for i in range(ROWS)))


def test_a_partial_row_is_not_stacked(stacked):
    """dynamic_slice sizes [1, M, K - 1]: not whole rows of x."""
    x, w = _inputs(K - 1)
    body = (f"    %xi = stablehlo.reshape %s : (tensor<1x{M}x{K - 1}xf32>) -> tensor<{M}x{K - 1}xf32>\n"
            + _dot("%xi", K - 1))
    got = _run(_loop(body, "%d", sizes=f"1, {M}, {K - 1}", w_rows=K - 1), x, w)
    assert [len(first) for first in stacked] == [0]
    _close(got, _accumulate(x[i, :, :K - 1].astype(np.float64) @ w for i in range(ROWS)))


def test_a_static_slice_is_not_a_row_of_the_counter(stacked):
    """The dot reads row 0 through a static slice in every iteration."""
    x, w = _inputs()
    body = (f"    %s0 = stablehlo.slice %xs [0:1, 0:{M}, 0:{K}] : (tensor<{ROWS}x{M}x{K}xf32>) -> tensor<1x{M}x{K}xf32>\n"
            f"    %xi = stablehlo.reshape %s0 : (tensor<1x{M}x{K}xf32>) -> tensor<{M}x{K}xf32>\n" + _dot("%xi"))
    got = _run(_loop(body, "%d"), x, w)
    assert [len(first) for first in stacked] == [0]
    _close(got, _accumulate(x[0].astype(np.float64) @ w for _ in range(ROWS)))


def _doubling_loop(counter: str, i0, limit, compare_type: str = "", condition_extra: str = "") -> str:
    """(acc * 2 per iteration, the counter) for i from i0 while i < limit, i += 1: a loop on a
    tensor carry (so not a scalar loop) that a counted loop would run; `condition_extra` goes into
    the condition after its compare."""
    one = "1.0" if counter.startswith("f") else "1"
    return f"""
func.func @main(%v: tensor<2xf32>) -> (tensor<2xf32>, tensor<{counter}>) {{
  %i0 = stablehlo.constant dense<{i0}> : tensor<{counter}>
  %r:2 = stablehlo.while(%i = %i0, %acc = %v) : tensor<{counter}>, tensor<2xf32>
  cond {{
    %limit = stablehlo.constant dense<{limit}> : tensor<{counter}>
    %go = stablehlo.compare LT, %i, %limit{compare_type} : (tensor<{counter}>, tensor<{counter}>) -> tensor<i1>
{condition_extra}
    stablehlo.return %go : tensor<i1>
  }} do {{
    %two = stablehlo.constant dense<2.0> : tensor<2xf32>
    %acc2 = stablehlo.multiply %acc, %two : tensor<2xf32>
    %one = stablehlo.constant dense<{one}> : tensor<{counter}>
    %j = stablehlo.add %i, %one : tensor<{counter}>
    stablehlo.return %j, %acc2 : tensor<{counter}>, tensor<2xf32>
  }}
  return %r#1, %r#0 : tensor<2xf32>, tensor<{counter}>
}}"""


def test_a_float_counter_is_not_a_counted_loop():
    """`i < 2.7` with i = 0.5, 1.5, 2.5: three iterations (truncated, the comparison would say two)."""
    acc, i = interpreter.compile(_doubling_loop("f32", 0.5, 2.7))(np.array([1.0, -3.0], np.float32))
    np.testing.assert_array_equal(acc, [8.0, -24.0])
    assert float(i) == 3.5


def test_a_condition_with_more_steps_runs_them():
    """`i < 3` then an outfeed in the condition: not a counted loop (whose condition is not run),
    so the outfeed runs at each of the four tests of the condition."""
    outfeed = """    %t = stablehlo.create_token : !stablehlo.token
    %t2 = "stablehlo.outfeed"(%i, %t) : (tensor<i32>, !stablehlo.token) -> !stablehlo.token"""
    results = interpreter.interpret(_doubling_loop("i32", 0, 3, ", SIGNED", outfeed),
                                    np.array([1.0, -3.0], np.float32))
    np.testing.assert_array_equal(results[0], [8.0, -24.0])
    assert int(results[1]) == 3
    assert [int(fed.arrays[0]) for fed in results.outfeed] == [0, 1, 2, 3]
