"""The process grid: collectives on 1x4, 2x2 and 4x1 grids against numpy oracles of the spec's
semantics, every process-group strategy, replica_id / partition_id, the rendezvous' errors."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, compile, interpret
from stablehlo_py.interpreter.runtime import grid as grids

GRIDS = [(1, 4), (2, 2), (4, 1)]


def pids(R, P):
    return [(r, p) for r in range(R) for p in range(P)]


def dense(rows, width=None):
    rows = [list(r) for r in rows]
    if not rows:
        return "dense<> : tensor<0x0xi64>"
    width = width or max(len(r) for r in rows)
    rows = [r + [-1] * (width - len(r)) for r in rows]
    return f"dense<{rows}> : tensor<{len(rows)}x{width}xi64>"


def channel(handle):
    return f", channel_handle = #stablehlo.channel_handle<handle = {handle}, type = 1>" if handle else ""


def oracle_groups(mode, rows, R, P):
    """The spec's four strategies, written out as in the spec's Python."""
    if mode == "cross_replica":
        rows = rows or [list(range(R))]
        return [[(r, p) for r in g] for g in rows for p in range(P)]
    if mode == "cross_partition":
        rows = rows or [list(range(P))]
        return [[(r, p) for p in g] for g in rows for r in range(R)]
    if mode == "cross_replica_and_partition":
        rows = rows or [list(range(R))]
        return [[(r, p) for p in range(P) for r in g] for g in rows]
    rows = rows or [list(range(R * P))]
    return [[divmod(i, P) for i in g] for g in rows]


def group_of(groups, pid):
    for g in groups:
        if pid in g:
            return g
    return None


def inputs(R, P, shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(shape).astype(dtype) if np.dtype(dtype).kind == "f"
            else rng.integers(-50, 50, shape).astype(dtype) for _ in range(R * P)]


def attrs_for(mode, rows, width=None):
    """(replica_groups and channel attributes) selecting `mode` for all_gather/all_reduce/reduce_scatter."""
    text = f"replica_groups = {dense(rows, width)}"
    if mode == "cross_replica":
        return text
    if mode == "cross_replica_and_partition":
        return text + channel(1)
    return text + channel(1) + ", use_global_device_ids"


def standard_cases(R, P):
    """(mode, rows) for the standard strategies on an RxP grid: every strategy, several groupings."""
    cases = [("cross_replica", [list(range(R))]), ("cross_replica", []),
             ("cross_replica_and_partition", [list(range(R))]), ("flattened_ids", [list(range(R * P))]),
             ("cross_replica_and_partition", [])]
    if R >= 2:
        cases.append(("cross_replica", [[i] for i in reversed(range(R))]))
        cases.append(("cross_replica", [list(reversed(range(R)))]))
    if R * P == 4:
        cases.append(("flattened_ids", [[3, 0], [1, 2]]))
        cases.append(("flattened_ids", [[2], [0, 3, 1]]))  # -1 padding
    if R == 4:
        cases.append(("cross_replica", [[0, 2, 3], [1]]))  # -1 padding
        cases.append(("cross_replica_and_partition", [[1, 3], [2, 0]]))
    return cases


ADD_BODY = """({
  ^bb0(%x: tensor<E>, %y: tensor<E>):
    %0 = stablehlo.add %x, %y : tensor<E>
    stablehlo.return %0 : tensor<E>
  })"""


def body(op, e):
    return ADD_BODY.replace("add", op).replace("E", e)


# ---------------------------------------------------------------------------------------
# all_reduce


def all_reduce_program(mode, rows, shape="3x2", e="f32", body_text=None, width=None):
    t = f"tensor<{shape}x{e}>"
    body_text = body_text or body("add", e)
    return f"""
func.func @main(%a: {t}) -> {t} {{
  %r = "stablehlo.all_reduce"(%a) {body_text} {{{attrs_for(mode, rows, width)}}} : ({t}) -> {t}
  return %r : {t}
}}"""


@pytest.mark.parametrize("R,P", GRIDS)
def test_all_reduce_every_strategy(R, P):
    for mode, rows in standard_cases(R, P):
        xs = inputs(R, P, (3, 2), np.int32)
        outs = interpret(all_reduce_program(mode, rows, e="i32"), xs, num_replicas=R, num_partitions=P)
        groups = oracle_groups(mode, rows, R, P)
        for i, pid in enumerate(pids(R, P)):
            g = group_of(groups, pid)
            expected = sum(xs[r * P + p] for r, p in g)
            np.testing.assert_array_equal(outs[i][0], expected, err_msg=f"{mode} {rows} {pid}")


@pytest.mark.parametrize("R,P", GRIDS)
def test_all_reduce_f32_sums_are_bit_identical_in_group_order(R, P):
    n = R * P
    xs = [np.random.default_rng(i).standard_normal(1000).astype(np.float32) * 10 ** (i % 7) for i in range(n)]
    order = list(reversed(range(n)))
    outs = interpret(all_reduce_program("flattened_ids", [order], shape="1000"), xs, num_replicas=R,
                     num_partitions=P)
    expected = xs[order[0]].copy()
    for i in order[1:]:
        expected = expected + xs[i]  # left fold in group order
    for out in outs:
        assert out[0].tobytes() == expected.tobytes()


def test_all_reduce_max_body_with_signed_zeros_and_nan():
    xs = [np.array([-0.0, 1.0, np.nan, 2.0], np.float32), np.array([0.0, -1.0, 3.0, np.nan], np.float32),
          np.array([-0.0, 5.0, 0.0, 1.0], np.float32), np.array([-0.0, 0.0, 1.0, 4.0], np.float32)]
    outs = interpret(all_reduce_program("cross_replica", [[0, 1, 2, 3]], shape="4", body_text=body("maximum", "f32")),
                     xs, num_replicas=4)
    for out in outs:
        r = out[0]
        assert r[0] == 0 and not np.signbit(r[0])
        assert r[1] == 5 and np.isnan(r[2]) and np.isnan(r[3])


# (x + y) * 2: a body of two ops
DOUBLED_SUM_BODY = """({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = stablehlo.add %x, %y : tensor<i64>
    %1 = stablehlo.add %0, %0 : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  })"""


def test_all_reduce_two_op_body():
    # body: (x + y) * 2 folded left in group order
    two = DOUBLED_SUM_BODY
    xs = inputs(2, 2, (5,), np.int64)
    outs = interpret(all_reduce_program("flattened_ids", [[2, 0, 3, 1]], shape="5", e="i64", body_text=two), xs,
                     num_replicas=2, num_partitions=2)
    acc = xs[2]
    for i in (0, 3, 1):
        acc = (acc + xs[i]) * 2
    for out in outs:
        np.testing.assert_array_equal(out[0], acc)


def test_all_reduce_body_capturing_nothing_but_a_constant():
    const = """({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.constant dense<7.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  })"""
    xs = inputs(1, 2, (2, 3))
    outs = interpret(all_reduce_program("cross_replica_and_partition", [[0]], shape="2x3", body_text=const), xs,
                     num_partitions=2)
    for out in outs:
        np.testing.assert_array_equal(out[0], np.full((2, 3), 7, np.float32))


def test_all_reduce_variadic_with_promotion():
    program = """
func.func @main(%a: tensor<4xf32>, %b: tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.all_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>, tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
}"""
    import ml_dtypes

    a = [np.arange(4, dtype=np.float32) * (i + 1) for i in range(4)]
    b = [(np.arange(6).reshape(2, 3) + i).astype(ml_dtypes.bfloat16) for i in range(4)]
    outs = interpret(program, a, b, num_replicas=2, num_partitions=2)
    for i in range(3):
        np.testing.assert_array_equal(outs[i][0], a[0] + a[1] + a[2])
        assert outs[i][1].dtype == np.float32
        np.testing.assert_array_equal(outs[i][1], sum(x.astype(np.float32) for x in b[:3]))
    np.testing.assert_array_equal(outs[3][0], a[3])
    np.testing.assert_array_equal(outs[3][1], b[3].astype(np.float32))


def test_all_reduce_in_a_loop_meets_once_per_iteration():
    program = """
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i32>, tensor<2xi32>
   cond {
    %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %s = stablehlo.add %p, %q : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %n = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %n, %r : tensor<i32>, tensor<2xi32>
  }
  return %0#1 : tensor<2xi32>
}"""
    xs = [np.array([1, 2], np.int32), np.array([3, 5], np.int32)]
    outs = interpret(program, xs, num_replicas=2)
    # after 3 rounds of x <- x0 + x1: (x0 + x1) * 4
    for out in outs:
        np.testing.assert_array_equal(out[0], (xs[0] + xs[1]) * 4)


# ---------------------------------------------------------------------------------------
# all_gather, reduce_scatter, all_to_all


@pytest.mark.parametrize("R,P", GRIDS)
def test_all_gather_every_strategy(R, P):
    for mode, rows in standard_cases(R, P):
        groups = oracle_groups(mode, rows, R, P)
        sizes = {len(g) for g in groups}
        if len(sizes) != 1:
            continue  # the result type fixes one group length
        (k,) = sizes
        program = f"""
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x{3 * k}xf32> {{
  %r = "stablehlo.all_gather"(%a) {{all_gather_dim = 1 : i64, {attrs_for(mode, rows)}}} : (tensor<2x3xf32>) -> tensor<2x{3 * k}xf32>
  return %r : tensor<2x{3 * k}xf32>
}}"""
        xs = inputs(R, P, (2, 3))
        outs = interpret(program, xs, num_replicas=R, num_partitions=P)
        for i, pid in enumerate(pids(R, P)):
            g = group_of(groups, pid)
            expected = np.concatenate([xs[r * P + p] for r, p in g], axis=1)
            np.testing.assert_array_equal(outs[i][0], expected, err_msg=f"{mode} {rows} {pid}")


def test_all_gather_variadic():
    program = """
func.func @main(%a: tensor<2x2xf32>, %b: tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>) {
  %0:2 = "stablehlo.all_gather"(%a, %b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>, tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>)
  return %0#0, %0#1 : tensor<8x2xf32>, tensor<12xi32>
}"""
    a, b = inputs(2, 2, (2, 2)), inputs(2, 2, (3,), np.int32)
    for out in interpret(program, a, b, num_replicas=2, num_partitions=2):
        np.testing.assert_array_equal(out[0], np.concatenate(a))
        np.testing.assert_array_equal(out[1], np.concatenate(b))


@pytest.mark.parametrize("R,P", GRIDS)
def test_reduce_scatter_every_strategy(R, P):
    for mode, rows in standard_cases(R, P):
        groups = oracle_groups(mode, rows, R, P)
        sizes = {len(g) for g in groups}
        if len(sizes) != 1:
            continue
        (k,) = sizes
        program = f"""
func.func @main(%a: tensor<{4 * k}x3xi64>) -> tensor<4x3xi64> {{
  %r = "stablehlo.reduce_scatter"(%a) {body("add", "i64")} {{scatter_dimension = 0 : i64, {attrs_for(mode, rows)}}} : (tensor<{4 * k}x3xi64>) -> tensor<4x3xi64>
  return %r : tensor<4x3xi64>
}}"""
        xs = inputs(R, P, (4 * k, 3), np.int64)
        outs = interpret(program, xs, num_replicas=R, num_partitions=P)
        for i, pid in enumerate(pids(R, P)):
            g = group_of(groups, pid)
            total = sum(xs[r * P + p] for r, p in g)
            j = g.index(pid)
            np.testing.assert_array_equal(outs[i][0], total[4 * j:4 * (j + 1)], err_msg=f"{mode} {rows} {pid}")


def test_reduce_scatter_max_with_promotion():
    program = """
func.func @main(%a: tensor<8x3xf32>) -> tensor<2x3xf64> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %r = stablehlo.maximum %x, %y : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>} : (tensor<8x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}"""
    xs = inputs(4, 1, (8, 3))
    outs = interpret(program, xs, num_replicas=4)
    total = np.maximum.reduce([x.astype(np.float64) for x in xs])
    for r in range(4):
        j = [3, 2, 1, 0].index(r)
        assert outs[r][0].dtype == np.float64
        np.testing.assert_array_equal(outs[r][0], total[2 * j:2 * j + 2])


@pytest.mark.parametrize("R,P,cross_partition", [(R, P, cross) for R, P in GRIDS for cross in (False, True)
                                                   if (P if cross else R) > 1])  # a group of more than one
def test_all_to_all(R, P, cross_partition):
    n = P if cross_partition else R
    rows = [list(reversed(range(n)))]
    attrs = f"replica_groups = {dense(rows)}" + (channel(2) if cross_partition else "")
    program = f"""
func.func @main(%a: tensor<3x{2 * n}xi32>, %b: tensor<{n}x1xi8>) -> (tensor<{3 * n}x2xi32>, tensor<{n}x1xi8>) {{
  %0:2 = "stablehlo.all_to_all"(%a, %b) {{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = {n} : i64, {attrs}}} : (tensor<3x{2 * n}xi32>, tensor<{n}x1xi8>) -> (tensor<{3 * n}x2xi32>, tensor<{n}x1xi8>)
  return %0#0, %0#1 : tensor<{3 * n}x2xi32>, tensor<{n}x1xi8>
}}"""
    # the second operand splits along dimension 1 too: give it dimension 1 of size n... (n x 1 splits only if n == 1)
    program = program.replace("%0:2 = \"stablehlo.all_to_all\"(%a, %b)", "%0:2 = \"stablehlo.all_to_all\"(%a, %a2)")
    program = program.replace(f"%b: tensor<{n}x1xi8>", f"%b: tensor<{n}x1xi8>, %a2: tensor<1x{n}xi8>")
    program = program.replace(f"(tensor<3x{2 * n}xi32>, tensor<{n}x1xi8>) ->", f"(tensor<3x{2 * n}xi32>, tensor<1x{n}xi8>) ->")
    a = inputs(R, P, (3, 2 * n), np.int32)
    b = inputs(R, P, (n, 1), np.int8)
    c = inputs(R, P, (1, n), np.int8, seed=3)
    outs = interpret(program, a, b, c, num_replicas=R, num_partitions=P)
    groups = oracle_groups("cross_partition" if cross_partition else "cross_replica", rows, R, P)
    for i, pid in enumerate(pids(R, P)):
        g = group_of(groups, pid)
        j = g.index(pid)
        expected = np.concatenate([np.split(a[r * P + p], n, axis=1)[j] for r, p in g], axis=0)
        np.testing.assert_array_equal(outs[i][0], expected)
        expected = np.concatenate([np.split(c[r * P + p], n, axis=1)[j] for r, p in g], axis=0)
        np.testing.assert_array_equal(outs[i][1], expected)


# ---------------------------------------------------------------------------------------
# collective_broadcast, collective_permute


@pytest.mark.parametrize("R,P", GRIDS)
@pytest.mark.parametrize("cross_partition", [False, True])
def test_collective_broadcast(R, P, cross_partition):
    n = P if cross_partition else R
    rows = [[n - 1, 0]] if n >= 2 else [[0]]
    attrs = f"replica_groups = {dense(rows)}" + (channel(3) if cross_partition else "")
    program = f"""
func.func @main(%a: tensor<1x2xi64>) -> tensor<1x2xi64> {{
  %r = "stablehlo.collective_broadcast"(%a) {{{attrs}}} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %r : tensor<1x2xi64>
}}"""
    xs = inputs(R, P, (1, 2), np.int64)
    outs = interpret(program, xs, num_replicas=R, num_partitions=P)
    groups = oracle_groups("cross_partition" if cross_partition else "cross_replica", rows, R, P)
    for i, pid in enumerate(pids(R, P)):
        g = group_of(groups, pid)
        expected = np.zeros((1, 2), np.int64) if g is None else xs[g[0][0] * P + g[0][1]]
        np.testing.assert_array_equal(outs[i][0], expected)


_VARIADIC_BROADCAST = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<4xi8>, %q: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>{roots_arg})
    -> (tensor<2x3xf32>, tensor<4xi8>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>) {{
  %r:3 = "stablehlo.collective_broadcast"(%a, %b, %q{roots}) {{replica_groups = dense<[[2, 0]]> : tensor<1x2xi64>{flag}}}
    : (tensor<2x3xf32>, tensor<4xi8>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>{roots_type})
    -> (tensor<2x3xf32>, tensor<4xi8>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>)
  return %r#0, %r#1, %r#2 : tensor<2x3xf32>, tensor<4xi8>, tensor<2x!quant.uniform<i8:f32, 0.5:-3>>
}}"""


@pytest.mark.parametrize("roots, flag", [(None, ""), ([1, 0, 1], ", has_dynamic_root = true"),
                                         ([0, 0, 0], ", has_dynamic_root = true"),
                                         ([1, 0, 1], ", has_dynamic_root")],
                         ids=["static", "mixed", "first", "mixed_unit_attr"])
def test_collective_broadcast_variadic(roots, flag):
    # the current spec: results[j] is operands[j] of the group's process at index roots[j] (index 0
    # without has_dynamic_root); replica 1, in no group, gets zeros (quantized: quantize(0), the
    # zero point -3). has_dynamic_root as the spec writes it (= true) or upstream (a unit attribute).
    dynamic = roots is not None
    program = _VARIADIC_BROADCAST.format(
        roots_arg=", %roots: tensor<3xi32>" if dynamic else "", roots=", %roots" if dynamic else "",
        flag=flag, roots_type=", tensor<3xi32>" if dynamic else "")
    a, b = inputs(3, 1, (2, 3)), inputs(3, 1, (4,), np.int8, seed=1)
    q = [np.array([i, -i], np.int8) for i in range(3)]
    args = [a, b, q] + ([np.array(roots, np.int32)] if dynamic else [])
    outs = interpret(program, *args, num_replicas=3)
    group = [2, 0]
    for replica in range(3):
        for j, operand in enumerate((a, b, q)):
            if replica == 1:
                expected = np.full(operand[0].shape, -3 if j == 2 else 0, operand[0].dtype)
            else:
                expected = operand[group[roots[j] if dynamic else 0]]
            np.testing.assert_array_equal(outs[replica][j], expected, err_msg=f"replica {replica} result {j}")


def test_collective_broadcast_dynamic_root_errors():
    program = _VARIADIC_BROADCAST.format(roots_arg=", %roots: tensor<3xi32>", roots=", %roots",
                                         flag=", has_dynamic_root = true", roots_type=", tensor<3xi32>")
    a, b = inputs(3, 1, (2, 3)), inputs(3, 1, (4,), np.int8, seed=1)
    q = [np.zeros(2, np.int8)] * 3
    with pytest.raises(InterpreterError, match=r"root 2 is outside the group of 2 processes \(C6\)"):
        interpret(program, a, b, q, np.array([0, 2, 1], np.int32), num_replicas=3, collective_timeout=10)
    disagreeing = [np.array([0, 0, 0], np.int32), np.array([0, 0, 0], np.int32), np.array([1, 0, 0], np.int32)]
    with pytest.raises(InterpreterError, match="hold different roots"):
        interpret(program, a, b, q, disagreeing, num_replicas=3, collective_timeout=10)


@pytest.mark.parametrize("R,P", GRIDS)
@pytest.mark.parametrize("cross_partition", [False, True])
def test_collective_permute(R, P, cross_partition):
    n = P if cross_partition else R
    pairs = [[i, (i + 1) % n] for i in range(n - 1)] if n > 1 else [[0, 0]]  # a chain: id 0 receives nothing
    attrs = f"source_target_pairs = {dense(pairs)}" + (channel(4) if cross_partition else "")
    program = f"""
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {{
  %r = "stablehlo.collective_permute"(%a) {{{attrs}}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}}"""
    xs = inputs(R, P, (2, 2))
    outs = interpret(program, xs, num_replicas=R, num_partitions=P)
    source_of = {t: s for s, t in pairs}
    for i, (r, p) in enumerate(pids(R, P)):
        me = p if cross_partition else r
        s = source_of.get(me)
        if s is None:
            expected = np.zeros((2, 2), np.float32)
        else:
            expected = xs[r * P + s] if cross_partition else xs[s * P + p]
        np.testing.assert_array_equal(outs[i][0], expected)


def test_collective_permute_swap_and_uninvolved_processes():
    program = """
func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {
  %r = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[2, 0], [0, 2]]> : tensor<2x2xi64>} : (tensor<3xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}"""
    xs = inputs(4, 1, (3,), np.int32)
    outs = interpret(program, xs, num_replicas=4)
    np.testing.assert_array_equal(outs[0][0], xs[2])
    np.testing.assert_array_equal(outs[2][0], xs[0])
    np.testing.assert_array_equal(outs[1][0], np.zeros(3, np.int32))
    np.testing.assert_array_equal(outs[3][0], np.zeros(3, np.int32))


# ---------------------------------------------------------------------------------------
# collective_reduce (upstream's current spec): the group's reduction lands on its root (the
# group's first process, or with has_dynamic_root the one at index roots[j] of the group for
# result j); every other process, and one in no group, gets zeros. Groups are chosen as
# all_reduce's (channel_id <= 0: cross_replica; > 0: cross_replica_and_partition, or
# flattened_ids with use_global_device_ids).


def collective_reduce_program(attrs, operand_types, result_types, body_text, dynamic_root=None):
    """main(operands[, roots]) returning the results of one collective_reduce. `dynamic_root`:
    None, or how the attribute is written (`has_dynamic_root`, `has_dynamic_root = true`); the
    roots (tensor<Nxi32>, one per operand) are then the last argument."""
    args = [f"%a{i}: {t}" for i, t in enumerate(operand_types)]
    operands = [f"%a{i}" for i in range(len(operand_types))]
    types = list(operand_types)
    if dynamic_root:
        roots_type = f"tensor<{len(operand_types)}xi32>"
        args.append(f"%roots: {roots_type}")
        operands.append("%roots")
        types.append(roots_type)
        attrs = f"{attrs}, {dynamic_root}"
    k = len(result_types)
    results = ", ".join(result_types)
    return f"""
func.func @main({", ".join(args)}) -> ({results}) {{
  %r{f":{k}" if k > 1 else ""} = "stablehlo.collective_reduce"({", ".join(operands)}) {body_text} {{{attrs}}}
    : ({", ".join(types)}) -> {results if k == 1 else f"({results})"}
  return {", ".join(["%r"] if k == 1 else [f"%r#{j}" for j in range(k)])} : {results}
}}"""


def reduce_cases(R, P):
    """standard_cases, and groupings that leave processes out (ids are range(size(replica_groups))
    as the verifier has them, so fewer ids than the grid has)."""
    cases = standard_cases(R, P)
    if R >= 2:
        cases.append(("cross_replica", [[0]]))  # replicas 1.. in no group
        cases.append(("cross_replica_and_partition", [[0]]))
    if R * P == 4:
        cases.append(("flattened_ids", [[2, 0, 1]]))  # process 3 in no group
        cases.append(("flattened_ids", [[1], [0, -1]]))
    if R == 4:
        cases.append(("cross_replica", [[2, 0], [1, -1]]))  # replica 3 in no group
    return cases


def reduce_expected(groups, R, P, values, fold, zero, root_index=lambda g: 0):
    """The spec's result per process (flattened order): fold over the group's values (in group
    order) on the group's root, `zero` on every other process and on one in no group."""
    expected = []
    for pid in pids(R, P):
        g = group_of(groups, pid)
        if g is not None and g[root_index(g)] == pid:
            expected.append(fold([values[r * P + p] for r, p in g]))
        else:
            expected.append(zero)
    return expected


@pytest.mark.parametrize("R,P", GRIDS)
def test_collective_reduce_every_strategy(R, P):
    for mode, rows in reduce_cases(R, P):
        xs = inputs(R, P, (3, 2), np.int64)
        program = collective_reduce_program(attrs_for(mode, rows), ["tensor<3x2xi64>"], ["tensor<3x2xi64>"],
                                            body("add", "i64"))
        outs = interpret(program, xs, num_replicas=R, num_partitions=P)
        groups = oracle_groups(mode, [[i for i in g if i != -1] for g in rows], R, P)
        expected = reduce_expected(groups, R, P, xs, lambda vs: np.sum(vs, axis=0), np.zeros((3, 2), np.int64))
        for i, pid in enumerate(pids(R, P)):
            assert outs[i][0].dtype == np.int64 and outs[i][0].shape == (3, 2)
            np.testing.assert_array_equal(outs[i][0], expected[i], err_msg=f"{mode} {rows} {pid}")


@pytest.mark.parametrize("R,P", GRIDS)
@pytest.mark.parametrize("flag", ["has_dynamic_root", "has_dynamic_root = true"])
def test_collective_reduce_dynamic_root_every_strategy(R, P, flag):
    # each group names its own root (every member alike): the last member here, or the second
    for pick in (lambda g: len(g) - 1, lambda g: 1 % len(g)):
        for mode, rows in reduce_cases(R, P):
            groups = oracle_groups(mode, [[i for i in g if i != -1] for g in rows], R, P)
            xs = inputs(R, P, (4,), np.int64, seed=len(rows))
            roots = [np.array([pick(group_of(groups, pid))] if group_of(groups, pid) else [0], np.int32)
                     for pid in pids(R, P)]
            program = collective_reduce_program(attrs_for(mode, rows), ["tensor<4xi64>"], ["tensor<4xi64>"],
                                                body("add", "i64"), dynamic_root=flag)
            outs = interpret(program, xs, roots, num_replicas=R, num_partitions=P)
            expected = reduce_expected(groups, R, P, xs, lambda vs: np.sum(vs, axis=0), np.zeros(4, np.int64), pick)
            for i, pid in enumerate(pids(R, P)):
                np.testing.assert_array_equal(outs[i][0], expected[i], err_msg=f"{mode} {rows} {pid}")


def test_collective_reduce_has_dynamic_root_false_takes_no_roots():
    program = collective_reduce_program("replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, has_dynamic_root = false",
                                        ["tensor<2xi32>"], ["tensor<2xi32>"], body("add", "i32"))
    xs = [np.array([1, 2], np.int32), np.array([30, 40], np.int32)]
    outs = interpret(program, xs, num_replicas=2)
    np.testing.assert_array_equal(outs[1][0], [31, 42])  # the first process of the group, replica 1
    np.testing.assert_array_equal(outs[0][0], [0, 0])


@pytest.mark.upstream
def test_collective_reduce_upstream_interpreter_example():
    # upstream's interpreter test: two replicas, one group, add
    program = collective_reduce_program("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>",
                                        ["tensor<4xi64>"], ["tensor<4xi64>"], body("add", "i64"))
    outs = interpret(program, [np.array([1, 2, 3, 4], np.int64), np.array([5, 6, 7, 8], np.int64)], num_replicas=2)
    np.testing.assert_array_equal(outs[0][0], [6, 8, 10, 12])
    np.testing.assert_array_equal(outs[1][0], [0, 0, 0, 0])


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic_root"])
def test_collective_reduce_spec_examples(dynamic):
    # the spec's two examples: 4 replicas, one group, [[16, 20]] on replica 0, or on replica 3 (root 3)
    attrs = "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, " \
            "channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>"
    program = collective_reduce_program(attrs, ["tensor<1x2xi64>"], ["tensor<1x2xi64>"], body("add", "i64"),
                                        dynamic_root="has_dynamic_root = true" if dynamic else None)
    xs = [np.array([[1, 2]]), np.array([[3, 4]]), np.array([[5, 6]]), np.array([[7, 8]])]
    outs = interpret(program, xs, *([np.array([3], np.int32)] if dynamic else []), num_replicas=4)
    for r in range(4):
        np.testing.assert_array_equal(outs[r][0], [[16, 20]] if r == (3 if dynamic else 0) else [[0, 0]])


_VARIADIC_REDUCE_TYPES = ["tensor<2x3xi32>", "tensor<4xi8>", "tensor<5xi16>"]


@pytest.mark.parametrize("roots, flag", [(None, None), ([1, 0, 2], "has_dynamic_root = true"),
                                         ([2, 1, 0], "has_dynamic_root"), ([1, 1, 1], "has_dynamic_root")],
                         ids=["static", "mixed", "mixed_unit_attr", "same"])
def test_collective_reduce_variadic(roots, flag):
    # three operands of i32, i8 and i16 reduced by one i32 computation (each promoted, C4): results
    # are i32; result j lands on the group's process at index roots[j] (0 without has_dynamic_root);
    # replica 3, in no group, gets zeros
    program = collective_reduce_program("replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>",
                                        _VARIADIC_REDUCE_TYPES,
                                        ["tensor<2x3xi32>", "tensor<4xi32>", "tensor<5xi32>"], body("add", "i32"),
                                        dynamic_root=flag)
    rng = np.random.default_rng(7)
    a = [rng.integers(-2 ** 30, 2 ** 30, (2, 3)).astype(np.int32) for _ in range(4)]
    b = [rng.integers(-128, 128, 4).astype(np.int8) for _ in range(4)]
    c = [rng.integers(-2 ** 15, 2 ** 15, 5).astype(np.int16) for _ in range(4)]
    args = [a, b, c] + ([np.array(roots, np.int32)] if roots else [])
    outs = interpret(program, *args, num_replicas=4)
    group = [2, 0, 1]
    for replica in range(4):
        for j, operand in enumerate((a, b, c)):
            root = group[roots[j] if roots else 0]
            got = outs[replica][j]
            assert got.dtype == np.int32
            if replica == root:
                total = [sum(int(operand[m].flat[i]) for m in group) for i in range(operand[0].size)]
                expected = np.array([(t + 2 ** 31) % 2 ** 32 - 2 ** 31 for t in total]).reshape(operand[0].shape)
            else:
                expected = np.zeros(operand[0].shape, np.int32)
            np.testing.assert_array_equal(got, expected, err_msg=f"replica {replica} result {j}")


def test_collective_reduce_dynamic_root_errors():
    program = collective_reduce_program("replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>",
                                        ["tensor<2xf32>", "tensor<2xf32>"], ["tensor<2xf32>", "tensor<2xf32>"],
                                        body("add", "f32"), dynamic_root="has_dynamic_root")
    xs = inputs(3, 1, (2,))
    with pytest.raises(InterpreterError, match=r"root 3 is outside the group of 3 processes \(C3\)"):
        interpret(program, xs, xs, np.array([0, 3], np.int32), num_replicas=3, collective_timeout=10)
    with pytest.raises(InterpreterError, match=r"root -1 is outside the group of 3 processes \(C3\)"):
        interpret(program, xs, xs, np.array([-1, 0], np.int32), num_replicas=3, collective_timeout=10)
    disagreeing = [np.array([0, 1], np.int32), np.array([0, 1], np.int32), np.array([0, 2], np.int32)]
    with pytest.raises(InterpreterError, match="hold different roots"):
        interpret(program, xs, xs, disagreeing, num_replicas=3, collective_timeout=10)
    # a root valid in one group of the grid but not in the other (groups of 2 and 1)
    program = program.replace("dense<[[0, 1, 2]]> : tensor<1x3xi64>", "dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>")
    with pytest.raises(InterpreterError, match=r"root 1 is outside the group of 1 processes \(C3\)"):
        interpret(program, xs, xs, np.array([1, 0], np.int32), num_replicas=3, collective_timeout=10)


def _f32_fold(values):
    """Left fold of f32 additions, each step computed in float64 and rounded once to f32 (exact
    for a sum of two f32 values, whose float64 sum rounds to f32 correctly)."""
    acc = values[0]
    for v in values[1:]:
        acc = (acc.astype(np.float64) + v.astype(np.float64)).astype(np.float32)
    return acc


@pytest.mark.parametrize("R,P", GRIDS)
def test_collective_reduce_f32_sum_is_bit_identical_in_group_order(R, P):
    n = R * P
    xs = [np.random.default_rng(i).standard_normal(1000).astype(np.float32) * 10 ** (i % 7) for i in range(n)]
    order = [n - 1] + list(range(n - 1))  # the group's first process is the last one
    program = collective_reduce_program(f"replica_groups = {dense([order])}{channel(1)}, use_global_device_ids",
                                        ["tensor<1000xf32>"], ["tensor<1000xf32>"], body("add", "f32"))
    outs = interpret(program, xs, num_replicas=R, num_partitions=P)
    expected = _f32_fold([xs[i] for i in order])
    assert expected.tobytes() != _f32_fold(xs).tobytes()  # the order shows
    for i in range(n):
        if i == order[0]:
            assert outs[i][0].dtype == np.float32 and outs[i][0].tobytes() == expected.tobytes()
        else:
            assert outs[i][0].tobytes() == np.zeros(1000, np.float32).tobytes()  # +0.0, not -0.0


def _wrapped(total, dtype):
    bits = np.iinfo(dtype).bits
    if np.issubdtype(dtype, np.signedinteger):
        return (total + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
    return total % (1 << bits)


@pytest.mark.parametrize("t, dtype, op", [("i32", np.int32, "add"), ("ui8", np.uint8, "add"),
                                          ("i64", np.int64, "multiply"), ("i1", np.bool_, "or"),
                                          ("i1", np.bool_, "and"), ("complex<f32>", np.complex64, "add"),
                                          ("f32", np.float32, "minimum")])
@pytest.mark.parametrize("groups, shape", [("[[0, 1, 2, 3]]", "1x4"), ("[[3, 0], [1, 2]]", "2x2"),
                                           ("[[2, 0, 1]]", "1x3"), ("[[0], [1], [2], [3]]", "4x1")])
def test_collective_reduce_element_types(t, dtype, op, groups, shape):
    # integers wrap (Python-integer oracle), booleans by or / and, complex per step in complex128
    # rounded to complex64; the root is each group's first replica, the others get zeros (false)
    rng = np.random.default_rng(5)
    if dtype == np.bool_:
        values = [rng.integers(0, 2, 6).astype(np.bool_) for _ in range(4)]
    elif np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        values = [rng.integers(info.min, info.max, 6, endpoint=True).astype(dtype) for _ in range(4)]
    elif dtype == np.complex64:
        values = [(rng.standard_normal(6) * 10 ** rng.integers(0, 6) + 1j * rng.standard_normal(6)).astype(dtype)
                  for _ in range(4)]
    else:
        values = [rng.standard_normal(6).astype(dtype) for _ in range(4)]

    def fold(vs):
        if dtype == np.bool_:
            return np.logical_or.reduce(vs) if op == "or" else np.logical_and.reduce(vs)
        if np.issubdtype(dtype, np.integer):
            out = []
            for i in range(6):
                acc = int(vs[0][i])
                for v in vs[1:]:
                    acc = acc + int(v[i]) if op == "add" else acc * int(v[i])
                out.append(_wrapped(acc, dtype))
            return np.array(out, dtype)
        if dtype == np.complex64:
            acc = vs[0]
            for v in vs[1:]:
                acc = (acc.astype(np.complex128) + v.astype(np.complex128)).astype(np.complex64)
            return acc
        return np.minimum.reduce(vs)

    program = collective_reduce_program(f"replica_groups = dense<{groups}> : tensor<{shape}xi64>",
                                        [f"tensor<6x{t}>"], [f"tensor<6x{t}>"], body(op, t))
    outs = interpret(program, values, num_replicas=4)
    for replica in range(4):
        group = next((g for g in json.loads(groups) if replica in g), None)
        got = outs[replica][0]
        assert got.dtype == dtype
        if group is not None and group[0] == replica:
            expected = fold([values[r] for r in group])
        else:
            expected = np.zeros(6, dtype)
        np.testing.assert_array_equal(got, expected, err_msg=f"replica {replica}")


def test_collective_reduce_maximum_propagates_nan():
    xs = [np.array([-0.0, 1.0, np.nan, 2.0], np.float32), np.array([0.0, -1.0, 3.0, np.nan], np.float32),
          np.array([-0.0, 5.0, 0.0, 1.0], np.float32)]
    program = collective_reduce_program("replica_groups = dense<[[1, 2, 0]]> : tensor<1x3xi64>",
                                        ["tensor<4xf32>"], ["tensor<4xf32>"], body("maximum", "f32"))
    outs = interpret(program, xs, num_replicas=3)
    r = outs[1][0]
    assert r[0] == 0 and not np.signbit(r[0])  # maximum(-0, +0, -0) is +0
    assert r[1] == 5 and np.isnan(r[2]) and np.isnan(r[3])
    for replica in (0, 2):
        assert outs[replica][0].tobytes() == np.zeros(4, np.float32).tobytes()


def test_collective_reduce_promotes_operands_to_the_computation_type():
    # i8 operands with an i32 computation: the sum is taken in i32 (300 does not fit in i8); f32
    # operands with an f64 computation: the sum is taken in f64
    program = collective_reduce_program("replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>",
                                        ["tensor<3xi8>"], ["tensor<3xi32>"], body("add", "i32"))
    xs = [np.array([100, -128, 127], np.int8)] * 3
    outs = interpret(program, xs, num_replicas=3)
    assert outs[0][0].dtype == np.int32
    np.testing.assert_array_equal(outs[0][0], [300, -384, 381])
    assert outs[1][0].dtype == np.int32
    np.testing.assert_array_equal(outs[1][0], np.zeros(3, np.int32))
    program = collective_reduce_program("replica_groups = dense<[[2, 1, 0]]> : tensor<1x3xi64>",
                                        ["tensor<3xf32>"], ["tensor<3xf64>"], body("add", "f64"))
    xs = [np.array([1e8, 1.0, 3.25], np.float32), np.array([1.0, 1e-8, -1.0], np.float32),
          np.array([-1e8, 2.0, 0.5], np.float32)]
    outs = interpret(program, xs, num_replicas=3)
    got = outs[2][0]
    assert got.dtype == np.float64
    acc = xs[2].astype(np.float64)
    for i in (1, 0):
        acc = acc + xs[i].astype(np.float64)
    np.testing.assert_array_equal(got, acc)
    assert got[0] == 1.0  # in f32, (-1e8 + 1) + 1e8 is 0
    assert outs[0][0].dtype == np.float64
    np.testing.assert_array_equal(outs[0][0], np.zeros(3, np.float64))


def test_collective_reduce_two_op_body_folds_left_in_group_order():
    # body: (x + y) * 2, folded left in group order; the non-commutative chain shows the order
    two = DOUBLED_SUM_BODY
    sub = """({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = stablehlo.subtract %x, %y : tensor<i64>
    stablehlo.return %0 : tensor<i64>
  })"""
    xs = inputs(2, 2, (5,), np.int64)
    order = [2, 0, 3, 1]
    attrs = f"replica_groups = {dense([order])}{channel(7)}, use_global_device_ids"
    outs = interpret(collective_reduce_program(attrs, ["tensor<5xi64>"], ["tensor<5xi64>"], two), xs,
                     num_replicas=2, num_partitions=2)
    acc = xs[2]
    for i in (0, 3, 1):
        acc = (acc + xs[i]) * 2
    np.testing.assert_array_equal(outs[2][0], acc)
    outs = interpret(collective_reduce_program(attrs, ["tensor<5xi64>"], ["tensor<5xi64>"], sub), xs,
                     num_replicas=2, num_partitions=2)
    np.testing.assert_array_equal(outs[2][0], xs[2] - xs[0] - xs[3] - xs[1])
    for i in (0, 1, 3):
        np.testing.assert_array_equal(outs[i][0], np.zeros(5, np.int64))


def test_collective_reduce_group_of_one_keeps_its_operand():
    # a group of one reduces nothing: its root gets its own operand, whatever the computation
    const = """({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.constant dense<7.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  })"""
    program = collective_reduce_program("replica_groups = dense<[[1, 0], [2, -1]]> : tensor<2x2xi64>",
                                        ["tensor<2x3xf32>"], ["tensor<2x3xf32>"], const)
    xs = inputs(3, 1, (2, 3))
    outs = interpret(program, xs, num_replicas=3)
    assert outs[1][0].shape == (2, 3) and outs[1][0].dtype == np.float32  # the constant, broadcast
    np.testing.assert_array_equal(outs[1][0], np.full((2, 3), 7, np.float32))
    np.testing.assert_array_equal(outs[0][0], np.zeros((2, 3), np.float32))
    np.testing.assert_array_equal(outs[2][0], xs[2])
    out = outs[2][0]
    out[...] = 0  # results belong to the caller
    assert not np.array_equal(xs[2], out)


_QUANT = "!quant.uniform<i8:f32, 0.5:2>"


def _quantized_op(a: int, b: int, op) -> int:
    """quantize(op(dequantize(a), dequantize(b))) for i8 storage, scale 1/2, zero point 2, with
    Fractions: the spec's round half to even (Python's round), clamped to the storage range."""
    from fractions import Fraction

    scale = Fraction(1, 2)
    x = op((a - 2) * scale, (b - 2) * scale)
    return min(max(round(x / scale) + 2, -128), 127)


@pytest.mark.parametrize("op, fn", [("add", lambda x, y: x + y), ("multiply", lambda x, y: x * y)])
def test_collective_reduce_quantized(op, fn):
    # the root folds with the body's quantized op, per pair in group order (a saturated middle
    # step shows); the others' zeros: test_collective_reduce_quantized_zeros_are_the_zero_point
    program = collective_reduce_program("replica_groups = dense<[[1, 2, 0]]> : tensor<1x3xi64>",
                                        [f"tensor<6x{_QUANT}>"], [f"tensor<6x{_QUANT}>"], body(op, _QUANT))
    if op == "add":
        xs = [np.array([-128, 3, 0, -128, 2, 40], np.int8), np.array([127, 7, -20, 127, 2, 90], np.int8),
              np.array([5, 127, 1, 127, 2, 100], np.int8), np.array([1, 2, 3, 4, 5, 6], np.int8)]
    else:
        xs = [np.array([3, 5, 7, -1, 9, 0], np.int8), np.array([5, 3, 9, 4, 2, -3], np.int8),
              np.array([5, 2, 3, 4, 5, 6], np.int8), np.array([7, 5, 6, 9, -5, 5], np.int8)]
    outs = interpret(program, xs, num_replicas=4)
    expected = []
    for i in range(6):
        acc = int(xs[1][i])
        for r in (2, 0):
            acc = _quantized_op(acc, int(xs[r][i]), fn)
        expected.append(acc)
    assert outs[1][0].dtype == np.int8
    np.testing.assert_array_equal(outs[1][0], expected)
    if op == "add":
        # 62.5 + 62.5 saturates to 62.5 before adding -65: -2.5 (storage -3), not 60 at once
        assert expected[3] == -3
    else:
        # ties round to even: 1.5 * 1.5 = 2.25 -> 4.5 -> 4 (storage 6); 0.5 * 1.5 -> 1.5 -> 2 (storage 4);
        # 1.5 * 3.5 = 5.25 -> 10.5 -> 10 (storage 12)
        assert _quantized_op(5, 5, fn) == 6 and _quantized_op(3, 5, fn) == 4 and _quantized_op(5, 9, fn) == 12


def test_collective_reduce_quantized_dynamic_roots():
    program = collective_reduce_program("replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>",
                                        [f"tensor<2x{_QUANT}>", f"tensor<2x{_QUANT}>"],
                                        [f"tensor<2x{_QUANT}>", f"tensor<2x{_QUANT}>"], body("add", _QUANT),
                                        dynamic_root="has_dynamic_root")
    q = [np.array([3 * i + 1, -i], np.int8) for i in range(3)]
    outs = interpret(program, q, q, np.array([1, 0], np.int32), num_replicas=3)
    total = [_quantized_op(int(q[1][i]), int(q[0][i]), lambda x, y: x + y) for i in range(2)]
    np.testing.assert_array_equal(outs[0][0], total)  # result 0 on index 1 of [1, 0]: replica 0
    np.testing.assert_array_equal(outs[1][1], total)  # result 1 on index 0: replica 1


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic_root"])
def test_collective_reduce_quantized_zeros_are_the_zero_point(dynamic):
    # zeros of a quantized result are quantize(0): the zero point's storage, 2 (as collective_broadcast
    # gives a process in no group); replica 1 is not the root, replica 2 is in no group
    program = collective_reduce_program("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>",
                                        [f"tensor<2x{_QUANT}>"], [f"tensor<2x{_QUANT}>"], body("add", _QUANT),
                                        dynamic_root="has_dynamic_root = true" if dynamic else None)
    q = [np.array([3 * i + 1, -i], np.int8) for i in range(3)]
    outs = interpret(program, q, *([np.array([0], np.int32)] if dynamic else []), num_replicas=3)
    np.testing.assert_array_equal(outs[0][0], [_quantized_op(int(q[0][i]), int(q[1][i]), lambda x, y: x + y)
                                               for i in range(2)])
    for replica in (1, 2):
        np.testing.assert_array_equal(outs[replica][0], [2, 2], err_msg=f"replica {replica}")


def test_collective_reduce_in_async_start_warns_and_runs():
    program = """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %1 = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}"""
    xs = [np.array([1, 2, 3, 4], np.float32), np.array([0.5, 0.25, 8, -1], np.float32)]
    with pytest.warns(stablehlo_py.SpecDeviationWarning, match="async_start' op C2: .*collective_reduce"):
        outs = interpret(program, xs, num_replicas=2)
    np.testing.assert_array_equal(outs[1][0], [1.5, 2.25, 11, 3])
    np.testing.assert_array_equal(outs[0][0], np.zeros(4, np.float32))
    with pytest.raises(InterpreterError, match="C2: .*collective_reduce is not among them"):
        interpret(program, xs, num_replicas=2, strict=True)


def test_collective_reduce_groups_checked_against_the_grid():
    program = collective_reduce_program("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>",
                                        ["tensor<2xf32>"], ["tensor<2xf32>"], body("add", "f32"))
    with pytest.raises(InterpreterError, match="collective_reduce.*replica_groups holds 1, outside the 1 replica ids"):
        interpret(program, np.zeros(2, np.float32), num_replicas=1, num_partitions=2)
    # fewer ids than replicas is fine: replica 2 is in no group
    outs = interpret(program, [np.ones(2, np.float32)] * 3, num_replicas=3)
    np.testing.assert_array_equal([o[0] for o in outs], [[2, 2], [0, 0], [0, 0]])


def test_collective_reduce_one_executable_many_grids():
    # empty replica_groups: one group of every replica (the root replica 0) on each grid
    from stablehlo_py.interpreter import run_on_grid

    run = compile(collective_reduce_program("replica_groups = dense<> : tensor<0x0xi64>",
                                            ["tensor<3xi32>"], ["tensor<3xi32>"], body("add", "i32")))
    for R in (1, 2, 4, 3):
        xs = inputs(R, 1, (3,), np.int32, seed=R)
        outs = run_on_grid(run, [xs] if R > 1 else [xs[0]], num_replicas=R)
        if R == 1:
            np.testing.assert_array_equal(outs[0], xs[0])
            continue
        np.testing.assert_array_equal(outs[0][0], np.sum(xs, axis=0))
        for r in range(1, R):
            np.testing.assert_array_equal(outs[r][0], np.zeros(3, np.int32))


def test_collective_reduce_through_the_cli_with_replicas(tmp_path, capsys):
    from stablehlo_py.cli import main

    program = tmp_path / "p.mlir"
    program.write_text(collective_reduce_program("replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>",
                                                 ["tensor<3xi64>"], ["tensor<3xi64>"], body("add", "i64")))
    xs = inputs(3, 1, (3,), np.int64, seed=11)
    for i, x in enumerate(xs):
        np.save(tmp_path / f"x_{i}.npy", x)
    out_dir = tmp_path / "out"
    assert main(["run", str(program), "--args", str(tmp_path / "x_{process}.npy"), "--replicas", "3",
                 "--output", str(out_dir)]) == 0
    assert "// process 2 (replica 2, partition 0)" in capsys.readouterr().out
    np.testing.assert_array_equal(np.load(out_dir / "process_2_result_0.npy"), xs[0] + xs[1] + xs[2])
    for i in (0, 1):
        np.testing.assert_array_equal(np.load(out_dir / f"process_{i}_result_0.npy"), np.zeros(3, np.int64))


def test_collective_reduce_of_dynamic_types():
    program = collective_reduce_program("replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>",
                                        ["tensor<?x2xf32>"], ["tensor<?x2xf32>"], body("add", "f32"))
    xs = inputs(2, 1, (3, 2))
    outs = interpret(program, xs, num_replicas=2)
    np.testing.assert_array_equal(outs[1][0], xs[1] + xs[0])
    np.testing.assert_array_equal(outs[0][0], np.zeros((3, 2), np.float32))


def test_collective_reduce_wants_one_root_per_operand():
    program = """
func.func @main(%x: tensor<2xi32>, %roots: tensor<?xi32>) -> tensor<2xi32> {
  %r = "stablehlo.collective_reduce"(%x, %roots) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xi32>, tensor<?xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}"""
    xs = [np.array([1, 2], np.int32), np.array([3, 4], np.int32)]
    for roots in ([0, 1], []):
        with pytest.raises(InterpreterError, match=rf"{len(roots)} roots for 1 operands: one root per operand \(C3\)"):
            interpret(program, xs, np.array(roots, np.int32), num_replicas=2, collective_timeout=10)


# ---------------------------------------------------------------------------------------
# ids, the API, one process, errors

IDS = """
func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.replica_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}"""


@pytest.mark.parametrize("R,P", GRIDS)
def test_replica_and_partition_ids(R, P):
    outs = interpret(IDS, num_replicas=R, num_partitions=P)
    for i, (r, p) in enumerate(pids(R, P)):
        assert outs[i][0].dtype == np.uint32 and outs[i][0].shape == ()
        assert (int(outs[i][0]), int(outs[i][1])) == (r, p)


def test_one_process_without_threads():
    assert [int(v) for v in interpret(IDS)] == [0, 0]
    run = compile(IDS)
    assert [int(v) for v in run()] == [0, 0]
    xs = np.arange(4, dtype=np.float32)
    (out,) = interpret(all_reduce_program("cross_replica", [[0]], shape="4"), xs)
    np.testing.assert_array_equal(out, xs)
    (out,) = interpret(all_reduce_program("cross_replica", [], shape="4"), xs)  # all of one replica
    np.testing.assert_array_equal(out, xs)
    out[...] = 0  # results belong to the caller
    np.testing.assert_array_equal(xs, np.arange(4, dtype=np.float32))


def test_grid_size_from_module_attributes_and_package_api():
    program = "module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {" + IDS + "}"
    outs = interpret(program)
    assert [(int(a), int(b)) for a, b in outs] == pids(2, 2)
    outs = stablehlo_py.interpret(program, num_partitions=1)
    assert [(int(a), int(b)) for a, b in outs] == pids(2, 1)
    assert compile(program).num_replicas == 2


def test_shared_and_per_process_arguments():
    program = """
func.func @main(%a: tensor<2xf32>, %w: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %a, %w : tensor<2xf32>
  %r = "stablehlo.all_reduce"(%0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""
    xs = [np.array([1, 2], np.float32) * i for i in range(3)]
    w = np.array([10, 100], np.float32)
    for out in stablehlo_py.interpret(program, xs, w, num_replicas=3):
        np.testing.assert_array_equal(out[0], (xs[0] + xs[1] + xs[2]) * w)


def test_bad_argument_counts():
    program = all_reduce_program("cross_replica", [[0, 1]], shape="2")
    with pytest.raises(InterpreterError, match="list of 3 values.*2x1 process grid has 2 processes"):
        interpret(program, [np.zeros(2, np.float32)] * 3, num_replicas=2)
    with pytest.raises(InterpreterError, match="takes 1 argument"):
        interpret(program, num_replicas=2)
    with pytest.raises(InterpreterError, match="process \\(1, 0\\).*argument 0"):
        interpret(program, [np.zeros(2, np.float32), np.zeros(3, np.float32)], num_replicas=2)
    with pytest.raises(InterpreterError, match="num_replicas must be a positive integer"):
        interpret(program, np.zeros(2, np.float32), num_replicas=0)


def test_groups_checked_against_the_grid():
    xs = np.zeros(2, np.float32)
    with pytest.raises(InterpreterError, match="stablehlo.all_reduce.*replica_groups must cover all 3 replica ids.*misses 2"):
        interpret(all_reduce_program("cross_replica", [[0, 1]], shape="2"), xs, num_replicas=3)
    with pytest.raises(InterpreterError, match="replica_groups holds 2, outside the 2 flattened process ids"):
        interpret(all_reduce_program("flattened_ids", [[0, 1, 2, 3]], shape="2"), xs, num_replicas=2)
    program = """
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 3]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""
    with pytest.raises(InterpreterError, match="collective_permute.*process \\(\\d, 0\\): source_target_pairs holds 3, outside"):
        interpret(program, xs, num_replicas=2)
    gather = """
func.func @main(%a: tensor<2xf32>) -> tensor<4xf32> {
  %r = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}"""
    np.testing.assert_array_equal(interpret(gather, [xs, xs + 1], num_replicas=2)[1][0], [0, 0, 1, 1])
    with pytest.raises(InterpreterError, match="result 0 has 4 elements in dimension 0, but the group of 4 processes "
                                               "gathers 8"):
        interpret(gather, xs, num_replicas=2, num_partitions=2)


def test_process_groups_strategies_match_the_spec_examples():
    assert grids.process_groups("cross_replica", [[0, 1], [2, 3]], 4, 2) == [
        ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((2, 0), (3, 0)), ((2, 1), (3, 1))]
    assert grids.process_groups("cross_partition", [[0, 1]], 4, 2) == [
        ((0, 0), (0, 1)), ((1, 0), (1, 1)), ((2, 0), (2, 1)), ((3, 0), (3, 1))]
    assert grids.process_groups("cross_replica_and_partition", [[0, 1], [2, 3]], 4, 2) == [
        ((0, 0), (1, 0), (0, 1), (1, 1)), ((2, 0), (3, 0), (2, 1), (3, 1))]
    assert grids.process_groups("flattened_ids", [[0, 1, 2, 3], [4, 5, 6, 7]], 4, 2) == [
        ((0, 0), (0, 1), (1, 0), (1, 1)), ((2, 0), (2, 1), (3, 0), (3, 1))]
    assert grids.group_rows((0, 1, 2, 3, -1, -1), 3) == ((0, 1, 2), (3,))


def test_deadlock_when_only_some_processes_reach_a_collective():
    # the others finish without coming: a deadlock, reported at once (test_deadlocks.py)
    program = """
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %p = stablehlo.compare EQ, %id, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %s = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %t = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""
    start = time.monotonic()
    with pytest.raises(InterpreterError) as info:
        interpret(program, np.ones(2, np.float32), num_replicas=3, collective_timeout=20)
    assert time.monotonic() - start < 5
    message = str(info.value)
    assert "deadlock: process (0, 0) waits for its group at stablehlo.all_reduce" in message
    assert "missing processes (1, 0), (2, 0), which finished" in message
    assert info.value.process == (0, 0)


def test_a_failing_process_releases_the_waiting_ones():
    program = """
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %p = stablehlo.compare EQ, %id, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %b = "stablehlo.if"(%p) ({
    %c = stablehlo.custom_call @grid_test_fails(%a) : (tensor<2xi32>) -> tensor<2xi32>
    stablehlo.return %c : tensor<2xi32>
  }, {
    stablehlo.return %a : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  %r = "stablehlo.all_reduce"(%b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %t = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}"""
    from stablehlo_py.interpreter import register_custom_call, unregister_custom_call

    def fails(a):
        raise ValueError("process 0 breaks")

    register_custom_call("grid_test_fails", fails)
    try:
        start = time.monotonic()
        with pytest.raises(InterpreterError) as info:
            interpret(program, np.ones(2, np.int32), num_replicas=2, collective_timeout=30)
        assert time.monotonic() - start < 10
    finally:
        unregister_custom_call("grid_test_fails")
    assert info.value.process == (0, 0)
    assert "process 0 breaks" in str(info.value)


def test_one_executable_many_grids_and_calls():
    run = compile(all_reduce_program("cross_replica", [], shape="3", e="i32"))
    from stablehlo_py.interpreter import run_on_grid

    for R in (1, 2, 4, 2):
        xs = inputs(R, 1, (3,), np.int32)
        outs = run_on_grid(run, [xs] if R > 1 else [xs[0]], num_replicas=R)
        if R == 1:
            np.testing.assert_array_equal(outs[0], xs[0])
        else:
            for out in outs:
                np.testing.assert_array_equal(out[0], sum(xs))


# ---------------------------------------------------------------------------------------
# JAX shard_map, exported, against the interpreter


def test_collectives_of_dynamic_types():
    """Kernels of ops with `?` sizes are made when the program runs, from attributes decoded
    before the IR may be gone: replica_groups keep their rows and columns there too."""
    program = """
func.func @main(%x: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<?x2xf32>) -> tensor<?x2xf32>
  %1 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>} : (tensor<?x2xf32>) -> tensor<?x2xf32>
  return %0, %1 : tensor<?x2xf32>, tensor<?x2xf32>
}"""
    xs = inputs(4, 1, (3, 2))
    outs = compile(program)
    results = stablehlo_py.interpreter.run_on_grid(outs, (xs,), num_replicas=4)
    for r in range(4):
        first = 0 if r < 2 else 2
        np.testing.assert_array_equal(results[r][0], np.concatenate([xs[first], xs[first + 1]]))
        partner = {0: 2, 1: 3, 2: 0, 3: 1}[r]
        low, high = min(r, partner), max(r, partner)
        np.testing.assert_array_equal(results[r][1], xs[low] + xs[high])


# --- quantized values ----------------------------------------------------------------------------

QI8 = "!quant.uniform<i8:f32, 0.5:2>"


def _dequantized(q):
    return (q.astype(np.float64) - 2) * 0.5


def _quantized(x):
    return np.clip(np.round(x / 0.5) + 2, -128, 127).astype(np.int8)  # halves to even, as the spec's round


def test_quantized_collectives_move_storage_and_reduce_with_quantized_ops():
    """Quantized values are storage integers (i8, scale 0.5, zero point 2). all_gather,
    all_to_all and collective_broadcast move them exactly; all_reduce and reduce_scatter
    combine with their body's quantized add (dequantize, add, quantize, per pair in group
    order); collective_permute gives a process nobody sends to the value zero (its zero point)."""
    T, T6, T1 = f"tensor<2x{QI8}>", f"tensor<4x{QI8}>", f"tensor<1x{QI8}>"
    add = f"""({{
    ^bb0(%a: tensor<{QI8}>, %b: tensor<{QI8}>):
      %s = stablehlo.add %a, %b : tensor<{QI8}>
      stablehlo.return %s : tensor<{QI8}>
    }})"""
    groups = "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>"
    text = f"""module {{
func.func @main(%x: {T}) -> ({T6}, {T}, {T1}, {T}, {T}, {T}) {{
  %g = "stablehlo.all_gather"(%x) {{all_gather_dim = 0 : i64, {groups}}} : ({T}) -> {T6}
  %r = "stablehlo.all_reduce"(%x) {add} {{{groups}}} : ({T}) -> {T}
  %s = "stablehlo.reduce_scatter"(%x) {add} {{scatter_dimension = 0 : i64, {groups}}} : ({T}) -> {T1}
  %a = "stablehlo.all_to_all"(%x) {{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
                                   {groups}}} : ({T}) -> {T}
  %b = "stablehlo.collective_broadcast"(%x) {{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : ({T}) -> {T}
  %p = "stablehlo.collective_permute"(%x) {{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : ({T}) -> {T}
  return %g, %r, %s, %a, %b, %p : {T6}, {T}, {T1}, {T}, {T}, {T}
}}
}}"""
    x = [np.array([-128, 3], np.int8), np.array([5, 127], np.int8)]
    got = interpret(text, x, num_replicas=2)
    total = _quantized(_dequantized(x[0]) + _dequantized(x[1]))
    for i, (g, r, s, a, b, p) in enumerate(got):
        assert g.dtype == np.int8
        np.testing.assert_array_equal(g, np.concatenate(x))
        np.testing.assert_array_equal(r, total)
        np.testing.assert_array_equal(s, total[i:i + 1])
        np.testing.assert_array_equal(a, np.array([x[0][i], x[1][i]], np.int8))
        np.testing.assert_array_equal(b, x[1])
        np.testing.assert_array_equal(p, x[0] if i == 1 else np.full(2, 2, np.int8))
    np.testing.assert_array_equal(total, np.array([-125, 127], np.int8))  # -65 + 1.5; 62.5 + 62.5 saturates


_CROSS_REPLICA_SUM = """
func.func @main(%a: tensor<5x{t}>) -> tensor<5x{t}> {{
  %0 = "stablehlo.cross-replica-sum"(%a) {{replica_groups = dense<{groups}> : tensor<{shape}xi64>}}
    : (tensor<5x{t}>) -> tensor<5x{t}>
  return %0 : tensor<5x{t}>
}}"""


@pytest.mark.parametrize("t, dtype", [("f32", np.float32), ("i32", np.int32), ("ui8", np.uint8),
                                      ("i1", np.bool_), ("complex<f64>", np.complex128)])
@pytest.mark.parametrize("groups, shape", [("[[0, 1, 2, 3]]", "1x4"), ("[[3, 0], [1, 2]]", "2x2"),
                                           ("[[0], [1], [2], [3]]", "4x1")])
def test_cross_replica_sum(t, dtype, groups, shape):
    # XLA's CrossReplicaSum: each replica gets the sum over its group, in the element type (integers
    # wrap, booleans OR); the oracle sums in Python integers / numpy
    rng = np.random.default_rng(3)
    if dtype == np.bool_:
        values = [rng.integers(0, 2, 5).astype(np.bool_) for _ in range(4)]
    elif np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        values = [rng.integers(info.min, info.max, 5, endpoint=True).astype(dtype) for _ in range(4)]
    else:
        values = [(rng.standard_normal(5) * 4).astype(dtype) for _ in range(4)]
    outs = interpret(_CROSS_REPLICA_SUM.format(t=t, groups=groups, shape=shape), values, num_replicas=4)
    for group in json.loads(groups):
        for replica in group:
            if dtype == np.bool_:
                expected = np.logical_or.reduce([values[r] for r in group])
            elif np.issubdtype(dtype, np.integer):
                bits = np.iinfo(dtype).bits
                total = [sum(int(values[r][i]) for r in group) for i in range(5)]
                expected = np.array([v % (1 << bits) for v in total], np.uint64).astype(dtype) \
                    if not np.issubdtype(dtype, np.signedinteger) else \
                    np.array([(v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1)) for v in total], dtype)
            else:
                expected = values[group[0]].copy()
                for r in group[1:]:
                    expected = (expected + values[r]).astype(dtype)
            np.testing.assert_array_equal(outs[replica][0], expected, err_msg=f"replica {replica}")
