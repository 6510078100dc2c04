"""The interpreter dialect: interpreter.run_parallel against the same programs run on the
process grid by `interpret(..., num_replicas, num_partitions)` and against numpy formulas of
the spec's collectives; its feeds, limits and errors; interpreter.print's output;
interpreter.probe's records (check.expect_serialized_eq) and files."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import time

import ml_dtypes
import numpy as np
import pytest

from stablehlo_py.interpreter import CheckFailure, InterpreterError, Limits, compile, interpret, run_on_grid
from stablehlo_py.interpreter.numerics.printing import format_tensor
from stablehlo_py.interpreter.runtime.probes import ProbeFiles, sanitized

GRIDS = [(1, 2), (2, 1), (2, 2), (1, 4), (4, 1), (5, 1)]


def sum_body(element):
    return (f"({{\n  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):\n"
            f"    %s = stablehlo.add %a, %b : tensor<{element}>\n"
            f"    stablehlo.return %s : tensor<{element}>\n  }})")


def ring(n):
    return f"dense<{[[i, (i + 1) % n] for i in range(n)]}> : tensor<{n}x2xi64>"


def everyone(n):
    return f"dense<[{list(range(n))}]> : tensor<1x{n}xi64>"


def parallel_module(worker: str, arg_type: str, result_types: list, R: int, P: int, names=None) -> str:
    """`worker` (functions, among them those in `names`, default @worker) and a @main taking
    R*P arguments of `arg_type` that runs them on an RxP grid and returns every result."""
    n = R * P
    names = names or ["worker"] * n
    programs = "[" + ", ".join("[" + ", ".join(f"@{names[r * P + p]}" for p in range(P)) + "]"
                               for r in range(R)) + "]"
    results = [t for _ in range(n) for t in result_types]
    args = ", ".join(f"%x{i}: {arg_type}" for i in range(n))
    operands = ", ".join(f"%x{i}" for i in range(n))
    out = ", ".join(results)
    count = f":{len(results)}" if len(results) > 1 else ""
    returned = ", ".join(f"%r#{i}" for i in range(len(results))) if len(results) > 1 else "%r"
    return f"""{worker}
func.func @main({args}) -> ({out}) {{
  %r{count} = "interpreter.run_parallel"({operands}) {{programs = {programs}}} : ({", ".join([arg_type] * n)}) -> ({out})
  return {returned} : {out}
}}
"""


def run_both(worker, arg_type, result_types, R, P, xs):
    """(run_parallel's results split per process, the grid run's results per process)."""
    inside = interpret(parallel_module(worker, arg_type, result_types, R, P), *xs)
    k = len(result_types)
    inside = [inside[i * k:(i + 1) * k] for i in range(R * P)]
    grid = interpret(worker, list(xs), num_replicas=R, num_partitions=P, entry="worker")
    if R * P == 1:
        grid = [grid]
    return inside, grid


def assert_same(a, b):
    assert len(a) == len(b)
    for xs, ys in zip(a, b):
        assert len(xs) == len(ys)
        for x, y in zip(xs, ys):
            assert x.dtype == y.dtype and x.shape == y.shape
            np.testing.assert_array_equal(x, y)


def inputs(n, shape, dtype=np.int32, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.integers(-1000, 1000, shape).astype(dtype) for _ in range(n)]


# ---------------------------------------------------------------------------------------
# Collectives inside run_parallel: the grid run and numpy agree


@pytest.mark.parametrize("R,P", GRIDS)
def test_all_reduce_cross_replica(R, P):
    worker = f"""func.func @worker(%x: tensor<3xi32>) -> tensor<3xi32> {{
  %r = "stablehlo.all_reduce"(%x) {sum_body("i32")} {{replica_groups = {everyone(R)}}} : (tensor<3xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}}"""
    xs = inputs(R * P, (3,))
    inside, grid = run_both(worker, "tensor<3xi32>", ["tensor<3xi32>"], R, P, xs)
    assert_same(inside, grid)
    for r in range(R):
        for p in range(P):
            expected = sum(xs[q * P + p] for q in range(R))  # the replicas of partition p
            np.testing.assert_array_equal(inside[r * P + p][0], expected.astype(np.int32))


@pytest.mark.parametrize("R,P", GRIDS)
def test_all_gather_flattened_ids(R, P):
    n = R * P
    worker = f"""func.func @worker(%x: tensor<2xf32>) -> tensor<{2 * n}xf32> {{
  %r = "stablehlo.all_gather"(%x) {{all_gather_dim = 0 : i64, replica_groups = {everyone(n)}, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}} : (tensor<2xf32>) -> tensor<{2 * n}xf32>
  return %r : tensor<{2 * n}xf32>
}}"""
    xs = [x.astype(np.float32) / 7 for x in inputs(n, (2,))]
    inside, grid = run_both(worker, "tensor<2xf32>", [f"tensor<{2 * n}xf32>"], R, P, xs)
    assert_same(inside, grid)
    for results in inside:
        np.testing.assert_array_equal(results[0], np.concatenate(xs))


@pytest.mark.parametrize("R,P", [(1, 2), (2, 2), (1, 4)])
def test_reduce_scatter_and_all_to_all_cross_partition(R, P):
    worker = f"""func.func @worker(%x: tensor<{2 * P}xi64>) -> (tensor<2xi64>, tensor<{2 * P}xi64>) {{
  %s = "stablehlo.reduce_scatter"(%x) {sum_body("i64")} {{scatter_dimension = 0 : i64, replica_groups = {everyone(P)}, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}} : (tensor<{2 * P}xi64>) -> tensor<2xi64>
  %t = "stablehlo.all_to_all"(%x) {{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = {P} : i64, replica_groups = {everyone(P)}, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}} : (tensor<{2 * P}xi64>) -> tensor<{2 * P}xi64>
  return %s, %t : tensor<2xi64>, tensor<{2 * P}xi64>
}}"""
    if R > 1:  # flattened ids 0..P-1 are replica 0's partitions: give replica 1 its own groups
        worker = worker.replace(f"replica_groups = {everyone(P)}, channel_handle = #stablehlo.channel_handle"
                                f"<handle = 1, type = 1>, use_global_device_ids",
                                f"replica_groups = dense<{[list(range(r * P, (r + 1) * P)) for r in range(R)]}> "
                                f": tensor<{R}x{P}xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, "
                                f"type = 1>, use_global_device_ids")
    xs = inputs(R * P, (2 * P,), np.int64)
    inside, grid = run_both(worker, f"tensor<{2 * P}xi64>", ["tensor<2xi64>", f"tensor<{2 * P}xi64>"], R, P, xs)
    assert_same(inside, grid)
    for r in range(R):
        row = xs[r * P:(r + 1) * P]
        total = sum(row)
        for p in range(P):
            np.testing.assert_array_equal(inside[r * P + p][0], total[2 * p:2 * p + 2])
            np.testing.assert_array_equal(inside[r * P + p][1], np.concatenate([x[2 * p:2 * p + 2] for x in row]))


@pytest.mark.parametrize("R,P", [(5, 1), (2, 2), (4, 1)])
def test_collective_permute_ring_and_broadcast(R, P):
    worker = f"""func.func @worker(%x: tensor<2xui8>) -> (tensor<2xui8>, tensor<2xui8>) {{
  %p = "stablehlo.collective_permute"(%x) {{source_target_pairs = {ring(R)}}} : (tensor<2xui8>) -> tensor<2xui8>
  %b = "stablehlo.collective_broadcast"(%x) {{replica_groups = dense<[[{R - 1}, 0]]> : tensor<1x2xi64>}} : (tensor<2xui8>) -> tensor<2xui8>
  return %p, %b : tensor<2xui8>, tensor<2xui8>
}}"""
    xs = [np.array([i, 200 + i], np.uint8) for i in range(R * P)]
    inside, grid = run_both(worker, "tensor<2xui8>", ["tensor<2xui8>", "tensor<2xui8>"], R, P, xs)
    assert_same(inside, grid)
    for r in range(R):
        for p in range(P):
            got_permuted, got_broadcast = inside[r * P + p]
            np.testing.assert_array_equal(got_permuted, xs[((r - 1) % R) * P + p])
            in_group = r in (R - 1, 0)
            np.testing.assert_array_equal(got_broadcast, xs[(R - 1) * P + p] if in_group else np.zeros(2, np.uint8))


@pytest.mark.parametrize("R,P", GRIDS)
def test_replica_and_partition_ids(R, P):
    worker = """func.func @worker(%x: tensor<i32>) -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %r, %p : tensor<ui32>, tensor<ui32>
}"""
    xs = [np.array(0, np.int32)] * (R * P)
    inside, grid = run_both(worker, "tensor<i32>", ["tensor<ui32>", "tensor<ui32>"], R, P, xs)
    assert_same(inside, grid)
    assert [(int(a), int(b)) for a, b in inside] == [(r, p) for r in range(R) for p in range(P)]


def test_processes_of_different_functions_meet():
    """MPMD: each process runs a function of its own; collectives of one kind, channel and group
    meet in the order the processes come to them."""
    worker = "\n".join(f"""func.func @w{k}(%x: tensor<2xi32>) -> tensor<2xi32> {{
  %y = stablehlo.multiply %x, %x : tensor<2xi32>
  %r = "stablehlo.all_reduce"(%{"y" if k % 2 else "x"}) {sum_body("i32")} {{replica_groups = {everyone(4)}}} : (tensor<2xi32>) -> tensor<2xi32>
  %s = "stablehlo.all_reduce"(%r) {sum_body("i32")} {{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}} : (tensor<2xi32>) -> tensor<2xi32>
  return %s : tensor<2xi32>
}}""" for k in range(4))
    xs = inputs(4, (2,), seed=3)
    text = parallel_module(worker, "tensor<2xi32>", ["tensor<2xi32>"], 4, 1, names=["w0", "w1", "w2", "w3"])
    results = interpret(text, *xs)
    total = xs[0] + xs[1] * xs[1] + xs[2] + xs[3] * xs[3]
    for r in results:
        np.testing.assert_array_equal(r, 2 * total)


def test_nested_in_a_grid_run():
    """run_parallel inside each process of an outer grid: every process starts its own grid."""
    text = f"""func.func @inner(%x: tensor<i64>) -> tensor<i64> {{
  %r = "stablehlo.all_reduce"(%x) {sum_body("i64")} {{replica_groups = {everyone(3)}}} : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}}
func.func @main(%x: tensor<i64>) -> tensor<i64> {{
  %r:3 = "interpreter.run_parallel"(%x, %x, %x) {{programs = [[@inner], [@inner], [@inner]]}} : (tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>)
  %s = "stablehlo.all_reduce"(%r#2) {sum_body("i64")} {{replica_groups = {everyone(2)}}} : (tensor<i64>) -> tensor<i64>
  return %s : tensor<i64>
}}"""
    xs = [np.array(5, np.int64), np.array(-7, np.int64)]
    per_process = interpret(text, xs, num_replicas=2)
    assert [int(r[0]) for r in per_process] == [3 * 5 + 3 * -7] * 2


# ---------------------------------------------------------------------------------------
# Feeds, limits and errors


INFEED_READER = """func.func @reader() -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %o = "stablehlo.outfeed"(%a#0, %a#1) : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %a#0 : tensor<2xf32>
}"""


def test_feeds_of_the_run_without_an_infeed_attribute():
    text = INFEED_READER + """
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = "interpreter.run_parallel"() {programs = [[@reader, @reader]]} : () -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}"""
    sent = []
    got = interpret(text, infeed=lambda index, config: [np.full(2, index + 0.5, np.float32)], outfeed=sent)
    np.testing.assert_array_equal(got[0], [0.5, 0.5])
    np.testing.assert_array_equal(got[1], [1.5, 1.5])
    assert sorted((i, a[0].tolist()) for i, a in sent) == [(0, [0.5, 0.5]), (1, [1.5, 1.5])]


def test_infeed_functions_are_one_queue_taken_lazily():
    """Each infeed function runs when an infeed op asks (its print shows when), in order."""
    text = INFEED_READER.replace("%o = \"stablehlo.outfeed\"(%a#0, %a#1) : (tensor<2xf32>, !stablehlo.token) "
                                 "-> !stablehlo.token\n", "") + """
func.func @item0() -> tensor<2xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
func.func @item1() -> tensor<2xf32> {
  %c = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@item0, @item1]} : () -> tensor<2xf32>
  %b = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@item1, @item0]} : () -> tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}"""
    a, b = interpret(text)
    np.testing.assert_array_equal(a, [1.0, 2.0])
    np.testing.assert_array_equal(b, [3.0, 4.0])


def test_wrong_infeed_names_the_infeed_op_and_process():
    text = INFEED_READER + """
func.func @bad() -> tensor<3xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<3xf32>
  return %c : tensor<3xf32>
}
func.func @main() -> tensor<2xf32> {
  %r = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@bad]} : () -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""
    with pytest.raises(InterpreterError, match=r"process \(0, 0\) \(@reader\): infeed value 0") as e:
        interpret(text)
    assert e.value.op_name == "stablehlo.infeed"


def test_failing_program_names_its_process_and_function():
    text = """func.func @fine(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
func.func @strict(%x: tensor<2xi32>) -> tensor<2xi32> {
  check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi32>
  return %x : tensor<2xi32>
}
func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %r:4 = "interpreter.run_parallel"(%x, %x, %x, %x) {programs = [[@fine, @fine], [@strict, @fine]]} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
  return %r#0 : tensor<2xi32>
}"""
    with pytest.raises(CheckFailure, match=r"process \(1, 0\) \(@strict\): check.expect_eq_const failed") as e:
        interpret(text, np.array([1, 3], np.int32))
    assert e.value.process == (1, 0) and e.value.op_name == "check.expect_eq_const"
    (out,) = interpret(text, np.array([1, 2], np.int32))
    np.testing.assert_array_equal(out, [1, 2])


def test_waiting_for_a_finished_peer_fails_at_once():
    """A process that waits for a peer which finished without coming fails at once (a deadlock;
    test_deadlocks.py has the run's timeout, for a peer that is only slow)."""
    text = f"""func.func @waits(%x: tensor<i32>) -> tensor<i32> {{
  %r = "stablehlo.all_reduce"(%x) {sum_body("i32")} {{replica_groups = {everyone(2)}}} : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}}
func.func @leaves(%x: tensor<i32>) -> tensor<i32> {{
  return %x : tensor<i32>
}}
func.func @main(%x: tensor<i32>) -> tensor<i32> {{
  %r:2 = "interpreter.run_parallel"(%x, %x) {{programs = [[@waits], [@leaves]]}} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return %r#0 : tensor<i32>
}}"""
    start = time.monotonic()
    with pytest.raises(InterpreterError, match=r"process \(0, 0\) \(@waits\): deadlock: process \(0, 0\) waits "
                                               r"for its group at .*, missing process \(1, 0\), which finished"):
        interpret(text, np.array(1, np.int32), collective_timeout=20)
    assert time.monotonic() - start < 10


def test_limits_reach_the_programs():
    text = """func.func @spin(%x: tensor<i32>) -> tensor<i32> {
  %r = stablehlo.while(%i = %x) : tensor<i32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %r : tensor<i32>
}
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@spin, @spin]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return %r#0 : tensor<i32>
}"""
    with pytest.raises(InterpreterError, match="timeout"):
        interpret(text, np.array(0, np.int32), limits=Limits(timeout=0.3))
    with pytest.raises(InterpreterError, match="did not end within 50 iterations"):
        interpret(text, np.array(0, np.int32), limits={"max_iterations": 50})


def test_unbounded_recursion_is_an_error():
    text = """func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %r = "interpreter.run_parallel"(%x) {programs = [[@main]]} : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}"""
    with pytest.raises(InterpreterError, match=r"call depth limit \(\d+\) exceeded starting a process grid"):
        interpret(text, np.array(0, np.int32))


# ---------------------------------------------------------------------------------------
# print


PRINTING = """func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %p = interpreter.print %x : tensor<2x2xf32>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %q = interpreter.print %b : tensor<2xi1>
  %s = stablehlo.constant dense<-3> : tensor<i8>
  %t = interpreter.print %s : tensor<i8>
  return %p : tensor<2x2xf32>
}"""
PRINTED = """tensor<2x2xf32> {
  [
    [1.000000e+00, -2.500000e-01],
    [0.333333343, 0x7F800000]
  ]
}
tensor<2xi1> {
  [true, false]
}
tensor<i8> {-3}
"""


def test_print_writes_upstreams_format(capsys):
    x = np.array([[1.0, -0.25], [1 / 3, np.inf]], np.float32)
    (out,) = interpret(PRINTING, x)
    np.testing.assert_array_equal(out, x)
    assert capsys.readouterr().out == PRINTED


def test_print_through_the_cli(tmp_path):
    (tmp_path / "p.mlir").write_text(PRINTING)
    np.save(tmp_path / "x.npy", np.array([[1.0, -0.25], [1 / 3, np.inf]], np.float32))
    done = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", str(tmp_path / "p.mlir"), "--args",
                           str(tmp_path / "x.npy")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(PRINTED + "@main result 0: tensor<2x2xf32>")


@pytest.mark.parametrize("value,type_text,printed", [
    (np.array(7, np.uint16), "tensor<ui16>", "tensor<ui16> {7}"),
    (np.zeros((0,), np.int8), "tensor<0xi8>", "tensor<0xi8> {\n  []\n}"),
    (np.array([0.1, -1e-7], np.float64), "tensor<2xf64>", "tensor<2xf64> {\n  [1.000000e-01, -9.9999999999999995E-8]\n}"),
    (np.array([1 / 3], np.float64), "tensor<1xf64>", "tensor<1xf64> {\n  [0.33333333333333331]\n}"),
    (np.array([-8, 7], ml_dtypes.int4), "tensor<2xi4>", "tensor<2xi4> {\n  [-8, 7]\n}"),
    (np.array([1.0, np.nan], ml_dtypes.float8_e4m3fn), "tensor<2xf8E4M3FN>",
     "tensor<2xf8E4M3FN> {\n  [1.000000e+00, 0x7F]\n}"),
    (np.array([[1 + 2j]], np.complex64), "tensor<1x1xcomplex<f32>>",
     "tensor<1x1xcomplex<f32>> {\n  [\n    [[1.000000e+00, 2.000000e+00]]\n  ]\n}"),
])
def test_format_tensor(value, type_text, printed):
    import mlir.ir as ir

    import stablehlo_py
    from stablehlo_py.interpreter.core.types import value_spec

    with stablehlo_py.context():
        spec = value_spec(ir.Type.parse(type_text))
    assert format_tensor(value, spec) == printed


# ---------------------------------------------------------------------------------------
# probe and check.expect_serialized_eq


PROBING = """func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<3xi32>
  cond {
    %c = stablehlo.compare LT, %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %w = stablehlo.add %v, %v : tensor<3xi32>
    %p = interpreter.probe %w, probe_id = "step/k" : tensor<3xi32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n, %p : tensor<i32>, tensor<3xi32>
  }
  %h = stablehlo.constant dense<[0.5, -1.0]> : tensor<2xbf16>
  %q = interpreter.probe %h, probe_id = "half" : tensor<2xbf16>
  check.expect_serialized_eq %r#1, probe_id = "step/k", iter = 1 : tensor<3xi32>
  return %r#1 : tensor<3xi32>
}"""


def test_probe_files_read_back(tmp_path):
    x = np.array([1, -2, 3], np.int32)
    (out,) = interpret(PROBING, x, probe_dir=tmp_path / "probes")
    np.testing.assert_array_equal(out, 4 * x)
    d = tmp_path / "probes"
    rows = list(csv.reader(open(d / "index.csv")))
    assert [(r[0], r[1], os.path.basename(r[2])) for r in rows] == [
        ("step/k", "tensor<3xi32>", "step_k_1.npy"), ("step/k", "tensor<3xi32>", "step_k_2.npy"),
        ("half", "tensor<2xbf16>", "half_1.npy")]
    assert all(os.path.exists(r[2]) for r in rows)
    np.testing.assert_array_equal(np.load(d / "step_k_1.npy"), 2 * x)
    np.testing.assert_array_equal(np.load(d / "step_k_2.npy"), 4 * x)
    assert np.load(d / "step_k_1.npy").dtype == np.int32
    half = np.load(d / "half_1.npy").view(ml_dtypes.bfloat16)
    assert half.astype(np.float32).tolist() == [0.5, -1.0]


def test_each_run_records_afresh(tmp_path):
    """iter counts the probe's runs within one run: a second run of a compiled program (or a
    second interpret) starts from iter 0 again."""
    run = compile(PROBING)
    x = np.array([1, 1, 1], np.int32)
    for _ in range(2):
        (out,) = run_on_grid(run, [x])
        np.testing.assert_array_equal(out, 4 * x)
    files = ProbeFiles(tmp_path)
    for _ in range(2):  # one ProbeFiles numbers the files of both runs
        run_on_grid(run, [x], probe_dir=files)
    assert sorted(os.listdir(tmp_path)) == ["half_1.npy", "half_2.npy", "index.csv", "step_k_1.npy",
                                            "step_k_2.npy", "step_k_3.npy", "step_k_4.npy"]
    np.testing.assert_array_equal(np.load(tmp_path / "step_k_3.npy"), 2 * x)


def test_expect_serialized_eq_compares_exactly():
    text = PROBING.replace('iter = 1 : tensor<3xi32>', 'iter = 0 : tensor<3xi32>')
    with pytest.raises(CheckFailure, match=r"probe 'step/k', iter 0\) failed: 3 of 3 elements differ"):
        interpret(text, np.array([1, 2, 3], np.int32))
    text = PROBING.replace('iter = 1 : tensor<3xi32>', 'iter = 2 : tensor<3xi32>')
    with pytest.raises(InterpreterError, match=r"probe 'step/k' ran 2 times \(iter 0 to 1\), so it has no iter 2"):
        interpret(text, np.array([1, 2, 3], np.int32))


def test_probes_of_a_grids_processes_share_the_run(tmp_path):
    text = """func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %id = stablehlo.replica_id : tensor<ui32>
  %i = stablehlo.convert %id : (tensor<ui32>) -> tensor<i64>
  %y = stablehlo.add %x, %i : tensor<i64>
  %p = interpreter.probe %y, probe_id = "y" : tensor<i64>
  return %p : tensor<i64>
}"""
    interpret(text, np.array(10, np.int64), num_replicas=3, probe_dir=tmp_path)
    values = sorted(int(np.load(tmp_path / f"y_{n}.npy")) for n in (1, 2, 3))
    assert values == [10, 11, 12]


def test_unwritable_probe_dir(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(InterpreterError, match=r"interpreter.probe at .*cannot write probe 'step/k'"):
        interpret(PROBING, np.array([1, 2, 3], np.int32), probe_dir=tmp_path / "file" / "sub")


def test_sanitized():
    assert sanitized("probe/0") == "probe_0"
    assert sanitized("a-b_c.d e") == "a-b_c_d_e"
    assert sanitized("") == "_"


# ---------------------------------------------------------------------------------------
# Details: meeting order of different functions, the infeed queue, naming, files, formats


def test_different_functions_meet_in_order_and_by_channel():
    """Two all_reduces of one group in a row meet in order (the second sums the first's
    results); collectives on different channels never meet each other: programs that take
    them in opposite orders wait for each other: a deadlock, reported at once."""
    body = sum_body("i32")
    worker = "\n".join(f"""func.func @w{k}(%x: tensor<i32>) -> tensor<i32> {{
  %y = stablehlo.add %x, %x : tensor<i32>
  %u = "stablehlo.all_reduce"(%{"x" if k else "y"}) {body} {{replica_groups = {everyone(2)}}} : (tensor<i32>) -> tensor<i32>
  %v = "stablehlo.all_reduce"(%u) {body} {{replica_groups = {everyone(2)}}} : (tensor<i32>) -> tensor<i32>
  return %v : tensor<i32>
}}""" for k in range(2))
    text = parallel_module(worker, "tensor<i32>", ["tensor<i32>"], 2, 1, names=["w0", "w1"])
    a, b = interpret(text, np.array(3, np.int32), np.array(5, np.int32))
    assert int(a) == int(b) == 2 * (2 * 3 + 5)
    crossed = "\n".join(f"""func.func @w{k}(%x: tensor<i32>) -> tensor<i32> {{
  %u = "stablehlo.all_reduce"(%x) {body} {{replica_groups = {everyone(2)}, channel_handle = #stablehlo.channel_handle<handle = {1 + k}, type = 1>}} : (tensor<i32>) -> tensor<i32>
  %v = "stablehlo.all_reduce"(%u) {body} {{replica_groups = {everyone(2)}, channel_handle = #stablehlo.channel_handle<handle = {2 - k}, type = 1>}} : (tensor<i32>) -> tensor<i32>
  return %v : tensor<i32>
}}""" for k in range(2))
    text = parallel_module(crossed, "tensor<i32>", ["tensor<i32>"], 2, 1, names=["w0", "w1"])
    with pytest.raises(InterpreterError, match=r"deadlock: process \(0, 0\) waits for its group at "
                                               r"stablehlo.all_reduce .* on channel 1, missing process \(1, 0\), "
                                               r"which waits at stablehlo.all_reduce .* on channel 2"):
        interpret(text, np.array(3, np.int32), np.array(5, np.int32), collective_timeout=20)


def test_infeed_queue_order_and_end():
    text = """func.func @take2() -> (tensor<i8>, tensor<i8>) {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i8>, !stablehlo.token)
  %b:2 = "stablehlo.infeed"(%a#1) : (!stablehlo.token) -> (tensor<i8>, !stablehlo.token)
  return %a#0, %b#0 : tensor<i8>, tensor<i8>
}
""" + "\n".join(f"""func.func @i{k}() -> tensor<i8> {{
  %c = stablehlo.constant dense<{k + 1}> : tensor<i8>
  return %c : tensor<i8>
}}""" for k in range(3)) + """
func.func @main() -> (tensor<i8>, tensor<i8>) {
  %r:2 = "interpreter.run_parallel"() {programs = [[@take2]], infeed = [INFEED]} : () -> (tensor<i8>, tensor<i8>)
  return %r#0, %r#1 : tensor<i8>, tensor<i8>
}"""
    got = interpret(text.replace("INFEED", "@i2, @i0, @i1"))
    assert [int(v) for v in got] == [3, 1]
    with pytest.raises(InterpreterError, match=r"infeed request 2, but the run_parallel's infeed lists only 1 "
                                               r"function \(@i1\)"):
        interpret(text.replace("INFEED", "@i1"))


def test_failure_names_the_function_of_its_process():
    text = """func.func @ok(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @bad(%x: tensor<i32>) -> tensor<i32> {
  check.expect_eq_const %x, dense<0> : tensor<i32>
  return %x : tensor<i32>
}
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %r:4 = "interpreter.run_parallel"(%x, %x, %x, %x) {programs = [[@ok, @ok], [@ok, @bad]]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  return %r#0 : tensor<i32>
}"""
    with pytest.raises(CheckFailure) as e:
        interpret(text, np.array(1, np.int32))
    assert e.value.message.startswith("process (1, 1) (@bad): check.expect_eq_const failed")


def test_probes_inside_run_parallel_reach_the_runs_checks():
    text = """func.func @p(%x: tensor<2xi32>) -> tensor<2xi32> {
  %y = stablehlo.multiply %x, %x : tensor<2xi32>
  %q = interpreter.probe %y, probe_id = "sq" : tensor<2xi32>
  return %q : tensor<2xi32>
}
func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %r = "interpreter.run_parallel"(%x) {programs = [[@p]]} : (tensor<2xi32>) -> tensor<2xi32>
  check.expect_serialized_eq %r, probe_id = "sq" : tensor<2xi32>
  return %r : tensor<2xi32>
}"""
    (out,) = interpret(text, np.array([3, -4], np.int32))
    np.testing.assert_array_equal(out, [9, 16])


def test_index_file_is_written_afresh_with_plain_lines(tmp_path):
    (tmp_path / "index.csv").write_text("old,line,here\n")
    interpret(PROBING, np.array([1, 2, 3], np.int32), probe_dir=tmp_path)
    text = (tmp_path / "index.csv").read_bytes().decode()
    assert text == "".join(f"{pid},{t},{os.path.join(str(tmp_path), n)}\n" for pid, t, n in (
        ("step/k", "tensor<3xi32>", "step_k_1.npy"), ("step/k", "tensor<3xi32>", "step_k_2.npy"),
        ("half", "tensor<2xbf16>", "half_1.npy")))


@pytest.mark.parametrize("value,type_text,printed", [
    (np.arange(8, dtype=np.int64).reshape(2, 2, 2) - 4, "tensor<2x2x2xi64>",
     "tensor<2x2x2xi64> {\n  [\n    [\n      [-4, -3],\n      [-2, -1]\n    ],\n    [\n      [0, 1],\n      [2, 3]\n"
     "    ]\n  ]\n}"),
    (np.zeros((2, 0), np.float32), "tensor<2x0xf32>", "tensor<2x0xf32> {\n  [\n    [],\n    []\n  ]\n}"),
    (np.zeros((0, 3), np.float32), "tensor<0x3xf32>", "tensor<0x3xf32> {\n  []\n}"),
    (np.array([2 ** 64 - 1], np.uint64), "tensor<1xui64>", "tensor<1xui64> {\n  [18446744073709551615]\n}"),
    (np.array([-2 ** 63], np.int64), "tensor<1xi64>", "tensor<1xi64> {\n  [-9223372036854775808]\n}"),
    (np.array([0.1 + 1 / 3 * 1j], np.complex128), "tensor<1xcomplex<f64>>",
     "tensor<1xcomplex<f64>> {\n  [[1.000000e-01, 0.33333333333333331]]\n}"),
    (np.array([0x7FC00001, 0xFFC00000], np.uint32).view(np.float32), "tensor<2xf32>",
     "tensor<2xf32> {\n  [0x7FC00001, 0xFFC00000]\n}"),
    (np.array([0xFE01, 0x7C00], np.uint16).view(np.float16), "tensor<2xf16>", "tensor<2xf16> {\n  [0xFE01, 0x7C00]\n}"),
])
def test_format_tensor_shapes_and_bits(value, type_text, printed):
    test_format_tensor(value, type_text, printed)


def test_print_quantized_storage(capsys):
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-1>>
  %p = interpreter.print %q : tensor<3x!quant.uniform<i8:f32, 0.5:-1>>
  %d = stablehlo.uniform_dequantize %p : (tensor<3x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<3xf32>
  return %d : tensor<3xf32>
}"""
    interpret(text, np.array([1.0, -1.0, 100.0], np.float32))
    assert capsys.readouterr().out == "tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-1>> {\n  [1, -3, 127]\n}\n"


def test_quantized_values_cross_run_parallel_as_stored():
    q = "tensor<2x!quant.uniform<i8:f32, 0.25>>"
    text = f"""func.func @deq(%q: {q}) -> tensor<2xf32> {{
  %p = interpreter.probe %q, probe_id = "q" : {q}
  %d = stablehlo.uniform_dequantize %p : ({q}) -> tensor<2xf32>
  return %d : tensor<2xf32>
}}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> {q}
  %r = "interpreter.run_parallel"(%q) {{programs = [[@deq]]}} : ({q}) -> tensor<2xf32>
  check.expect_serialized_eq %q, probe_id = "q" : {q}
  return %r : tensor<2xf32>
}}"""
    (out,) = interpret(text, np.array([0.5, -1.0], np.float32))
    np.testing.assert_array_equal(out, [0.5, -1.0])
