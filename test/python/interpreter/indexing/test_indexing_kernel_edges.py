"""Indexing kernels (interpreter/indexing.py) where mutation testing found no judge
(docs/testing.md): torch_index_select's own checks (its verifier checks types only, as
upstream), scatter with batching dimensions after index_vector_dim, scatter with an integer
`and` body, and row windows at starts that are not row-aligned. Integer scatters are compared
with XLA bit for bit (exact on every host)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same, xla_run_text

from stablehlo_py.interpreter import InterpreterError, interpret

pytestmark = pytest.mark.mutant_killer


def _select(operand, index, result, dim, batch):
    return f"""func.func @main(%x: {operand}, %i: {index}) -> {result} {{
  %0 = "stablehlo.torch_index_select"(%x, %i) <{{batch_dims = {batch} : i64, dim = {dim} : i64}}> : ({operand}, {index}) -> {result}
  return %0 : {result}
}}"""


@pytest.mark.parametrize("operand,index,result,dim,batch,match", [
    ("tensor<4x5xf32>", "tensor<2xf32>", "tensor<4x2xf32>", 1, 0, "index must have an integer element type"),
    ("tensor<4x5x6xf32>", "tensor<4x2x3xi32>", "tensor<4x2x3x6xf32>", 1, 2, r"needs 0 <= batch_dims \(2\) <= dim \(1\)"),
    ("tensor<4x5x6xf32>", "tensor<4xi32>", "tensor<4x6xf32>", 2, 2, r"batch_dims <= rank\(index\) \(1\)"),
])
def test_torch_index_select_checks_what_its_verifier_does_not(operand, index, result, dim, batch, match):
    with pytest.raises(InterpreterError, match=match):
        interpret(_select(operand, index, result, dim, batch), np.zeros(0), np.zeros(0))


def test_torch_index_select_batch_sizes_must_agree():
    text = _select("tensor<3x5xf32>", "tensor<2x2xi32>", "tensor<3x2xf32>", 1, 1)
    with pytest.raises(InterpreterError, match=r"the first 1 dimensions of operand \(3, 5\) and index \(2, 2\)"):
        interpret(text, np.zeros((3, 5), np.float32), np.zeros((2, 2), np.int32))


def _scatter(x_type, i_type, u_type, dims, body_op):
    return f"""func.func @main(%x: {x_type}, %i: {i_type}, %u: {u_type}) -> {x_type} {{
  %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<{dims}>}}> ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.{body_op} %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }}) : ({x_type}, {i_type}, {u_type}) -> {x_type}
  return %0 : {x_type}
}}"""


@pytest.mark.xla
def test_scatter_with_a_batching_dimension_after_the_index_vector():
    """scatter_indices [4, 1, 2]: index_vector_dim 1 comes before the batching dimension 2."""
    text = _scatter("tensor<2x6xi32>", "tensor<3x1x2xi32>", "tensor<3x2xi32>",
                    "inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [2], "
                    "scatter_dims_to_operand_dims = [1], index_vector_dim = 1", "add")
    x = np.arange(12, dtype=np.int32).reshape(2, 6)
    i = np.array([[[0, 5]], [[2, 2]], [[5, 0]]], np.int32)
    u = np.array([[10, 20], [30, 40], [50, 60]], np.int32)
    assert_same(interpret(text, x, i, u), xla_run_text(text, x, i, u))


@pytest.mark.xla
@pytest.mark.parametrize("body_op", ["and", "or", "xor", "maximum", "minimum", "multiply"])
def test_scatter_integer_bodies_with_duplicate_targets(body_op):
    text = _scatter("tensor<6xi32>", "tensor<5x1xi32>", "tensor<5xi32>",
                    "inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", body_op)
    x = np.array([0b1111, -1, 7, 12, -5, 3], np.int32)
    i = np.array([[0], [0], [1], [3], [3]], np.int32)
    u = np.array([0b1010, 0b0110, 6, -9, 13], np.int32)
    assert_same(interpret(text, x, i, u), xla_run_text(text, x, i, u), body_op)


@pytest.mark.xla
def test_scatter_of_rows_at_starts_that_are_not_row_aligned():
    """Windows of 4 elements into a 1-D operand of 8 at starts 1 and 3: contiguous like rows,
    but not at multiples of 4, so they must not be written as rows."""
    text = _scatter("tensor<8xi32>", "tensor<2x1xi32>", "tensor<2x4xi32>",
                    "update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1", "add")
    x = np.zeros(8, np.int32)
    i = np.array([[1], [3]], np.int32)
    u = np.arange(1, 9, dtype=np.int32).reshape(2, 4)
    assert_same(interpret(text, x, i, u), xla_run_text(text, x, i, u))


def test_rounds_hold_each_keys_r_th_occurrence():
    """Scatter applies duplicates in rounds, round r holding every target's r-th update: as many
    rounds as the most frequent key has updates (any other split costs a round per update)."""
    from stablehlo_py.interpreter.kernels.indexing import _Groups

    keys = np.array([5, 2, 5, 9, 2, 5, 7, 2])
    occurrence = [sum(1 for earlier in keys[:i] if earlier == key) for i, key in enumerate(keys)]
    expected = [sorted(i for i, o in enumerate(occurrence) if o == r) for r in range(3)]
    assert [sorted(r.tolist()) for _, r in _Groups(keys).rounds()] == expected
    wide = keys * (1 << 40)  # keys too far apart for the 16-bit radix sort
    assert [sorted(r.tolist()) for _, r in _Groups(wide).rounds()] == expected


@pytest.mark.xla
@pytest.mark.parametrize("index_type,dtype", [("ui64", np.uint64), ("ui32", np.uint32), ("ui8", np.uint8)])
def test_scatter_with_unsigned_indices_past_int64_drops_them(index_type, dtype):
    """Unsigned indices, some at or past 2^63 (negative if read as int64): out of range, dropped."""
    text = f"""func.func @main(%x: tensor<4xi32>, %i: tensor<6x1x{index_type}>, %u: tensor<6xi32>) -> tensor<4xi32> {{
  %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }}) : (tensor<4xi32>, tensor<6x1x{index_type}>, tensor<6xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}}"""
    top = int(np.iinfo(dtype).max)
    indices = np.array([[0], [3], [min(2 ** 63, top)], [top], [top - 1], [1]], dtype)
    x, u = np.arange(4, dtype=np.int32), np.array([10, 20, 30, 40, 50, 60], np.int32)
    expected = x.copy()
    for (i,), v in zip(indices.tolist(), u):
        if i < 4:
            expected[i] += v
    assert_same(interpret(text, x, indices, u), [expected])
    assert_same([expected], xla_run_text(text, x, indices, u))
