"""Shardy programs written by hand: how sdy.manual_computation cuts operands into shards, which
process each device is, how results are put together, and the error paths. Oracles are numpy
slicing formulas (the JAX programs are compared with XLA in test_shard_map_programs.py)."""

from __future__ import annotations

import numpy as np
import pytest

from stablehlo_py.interpreter import InterpreterError, interpret


def manual(mesh: str, arg: str, local: str, body: list, in_sharding: str, out_sharding: str, axes: str,
           result: str | None = None, extra: str = "") -> str:
    result = result or arg
    lines = "\n".join("      " + line for line in body)
    return f"""
module {{
  sdy.mesh @mesh = {mesh}
  func.func @main(%a: {arg}) -> {result} {{
    %r = sdy.manual_computation(%a) in_shardings=[{in_sharding}] out_shardings=[{out_sharding}] manual_axes={axes} (%l: {local}) {{
{lines}
    }} : ({arg}) -> {result}{extra}
    return %r : {result}
  }}
}}"""


def partition_block(local: str) -> list:
    """A body returning its shard plus 100 * partition_id."""
    return ["%p = stablehlo.partition_id : tensor<ui32>",
            "%f = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>",
            "%h = stablehlo.constant dense<100.0> : tensor<f32>",
            "%m = stablehlo.multiply %f, %h : tensor<f32>",
            f"%b = stablehlo.broadcast_in_dim %m, dims = [] : (tensor<f32>) -> {local}",
            f"%s = stablehlo.add %l, %b : {local}",
            f"sdy.return %s : {local}"]


def test_shards_follow_mesh_coordinates_and_device_ids():
    # Devices in mesh order have partition ids 3, 1, 2, 0; block k of the array is device k's.
    text = manual('<["x"=4], device_ids=[3, 1, 2, 0]>', "tensor<8xf32>", "tensor<2xf32>",
                  partition_block("tensor<2xf32>"), '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>', '{"x"}')
    a = np.arange(8, dtype=np.float32)
    ids = np.repeat([3, 1, 2, 0], 2).astype(np.float32)
    np.testing.assert_array_equal(interpret(text, a)[0], a + 100 * ids)


def test_two_axes_split_major_to_minor():
    # dimension 0 by ("x", "y"): 4 blocks numbered x * 2 + y; dimension 1 whole.
    text = manual('<["x"=2, "y"=2]>', "tensor<8x3xf32>", "tensor<2x3xf32>",
                  partition_block("tensor<2x3xf32>"), '<@mesh, [{"x", "y"}, {}]>', '<@mesh, [{"x", "y"}, {}]>',
                  '{"x", "y"}')
    a = np.arange(24, dtype=np.float32).reshape(8, 3)
    expected = a + 100 * np.repeat(np.arange(4), 2)[:, None].astype(np.float32)
    np.testing.assert_array_equal(interpret(text, a)[0], expected)


def test_dimensions_split_by_different_axes():
    # dimension 0 by "y", dimension 1 by "x": device (x, y) holds block (y, x).
    text = manual('<["x"=2, "y"=2]>', "tensor<4x6xf32>", "tensor<2x3xf32>",
                  partition_block("tensor<2x3xf32>"), '<@mesh, [{"y"}, {"x"}]>', '<@mesh, [{"y"}, {"x"}]>',
                  '{"x", "y"}')
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    expected = a.copy()
    for x in range(2):
        for y in range(2):
            expected[2 * y:2 * y + 2, 3 * x:3 * x + 3] += 100 * (2 * x + y)
    np.testing.assert_array_equal(interpret(text, a)[0], expected)


def test_result_replicated_along_an_axis_comes_from_coordinate_zero():
    # The out_sharding names only "x": along "y" the devices' values differ (the body adds the
    # partition id), and the result holds those of y = 0, i.e. partitions 0 and 2.
    text = manual('<["x"=2, "y"=2]>', "tensor<4xf32>", "tensor<2xf32>", partition_block("tensor<2xf32>"),
                  '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>', '{"x", "y"}')
    a = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(interpret(text, a)[0], a + 100 * np.array([0, 0, 2, 2], np.float32))


def test_replicated_operand_and_inline_mesh():
    text = manual('<["x"=2]>', "tensor<3xi32>", "tensor<3xi32>",
                  ['%c = stablehlo.constant dense<1> : tensor<3xi32>',
                   '%s = stablehlo.add %l, %c : tensor<3xi32>', 'sdy.return %s : tensor<3xi32>'],
                  '<mesh<["x"=2]>, [{}]>', '<mesh<["x"=2]>, [{}]>', '{"x"}')
    a = np.array([1, -2, 7], np.int32)
    np.testing.assert_array_equal(interpret(text, a)[0], a + 1)


def test_sharding_markup_outside_manual_computations_changes_nothing():
    text = """
module {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @main(%a: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<4x4xf32> {
    %0 = sdy.sharding_constraint %a <@mesh, [{"x", ?}, {?}]> : tensor<4x4xf32>
    %1 = sdy.reshard %0 <@mesh, [{}, {"x"}]> : tensor<4x4xf32>
    sdy.sharding_group %1 group_id=0 : tensor<4x4xf32>
    %2 = stablehlo.negate %1 : tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
}"""
    a = np.arange(16, dtype=np.float32).reshape(4, 4)
    np.testing.assert_array_equal(interpret(text, a)[0], -a)


def test_global_view_module_takes_whole_arrays_despite_num_partitions():
    text = manual('<["x"=4]>', "tensor<8xf32>", "tensor<2xf32>", ["sdy.return %l : tensor<2xf32>"],
                  '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>', '{"x"}').replace(
        "module {", "module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {", 1)
    a = np.arange(8, dtype=np.float32)
    np.testing.assert_array_equal(interpret(text, a)[0], a)  # one process, one result list


def test_failure_on_one_device_names_its_process():
    body = ["%p = stablehlo.partition_id : tensor<ui32>",
            "check.expect_eq_const %p, dense<0> : tensor<ui32>",
            "sdy.return %l : tensor<2xf32>"]
    text = manual('<["x"=2]>', "tensor<4xf32>", "tensor<2xf32>", body, '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>',
                  '{"x"}')
    with pytest.raises(InterpreterError, match=r"process \(0, 1\)"):
        interpret(text, np.zeros(4, np.float32))


def test_wrong_argument_shape_is_a_clear_error():
    text = manual('<["x"=2]>', "tensor<4xf32>", "tensor<2xf32>", ["sdy.return %l : tensor<2xf32>"],
                  '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>', '{"x"}')
    with pytest.raises(InterpreterError, match="shape"):
        interpret(text, np.zeros(6, np.float32))


def test_device_waiting_for_a_peer_that_never_comes_fails_at_once():
    # Only partition 0 reaches the all_reduce: partition 1 finishes, a deadlock, reported at once.
    body = ["%p = stablehlo.partition_id : tensor<ui32>",
            "%z = stablehlo.constant dense<0> : tensor<ui32>",
            "%first = stablehlo.compare EQ, %p, %z : (tensor<ui32>, tensor<ui32>) -> tensor<i1>",
            '%v = "stablehlo.if"(%first) ({',
            '  %s = "stablehlo.all_reduce"(%l) ({',
            "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):",
            "    %t = stablehlo.add %x, %y : tensor<f32>",
            "    stablehlo.return %t : tensor<f32>",
            "  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, "
            "channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} "
            ": (tensor<2xf32>) -> tensor<2xf32>",
            "  stablehlo.return %s : tensor<2xf32>",
            "}, {",
            "  stablehlo.return %l : tensor<2xf32>",
            "}) : (tensor<i1>) -> tensor<2xf32>",
            "sdy.return %v : tensor<2xf32>"]
    text = manual('<["x"=2]>', "tensor<4xf32>", "tensor<2xf32>", body, '<@mesh, [{"x"}]>', '<@mesh, [{"x"}]>',
                  '{"x"}')
    with pytest.raises(InterpreterError, match=r"deadlock: process \(0, 0\) waits for its group at .*missing "
                                               r"process \(0, 1\), which finished"):
        interpret(text, np.zeros(4, np.float32), collective_timeout=20)
