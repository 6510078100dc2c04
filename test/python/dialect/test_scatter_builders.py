"""Python builders of scatter (update computation as a Python callable) and
dynamic_update_slice: result types are inferred, the ops verify and run."""
import numpy as np
import pytest
from mlir import ir
from mlir.dialects import func

from stablehlo_py.dialects import stablehlo
from stablehlo_py.interpreter import interpret
from conftest import build


def tensor(shape, element=None):
    shape = [ir.ShapedType.get_dynamic_size() if d is None else d for d in shape]
    return ir.RankedTensorType.get(shape, element or ir.F32Type.get())


def test_scatter_add_builder_runs(ctx):
    i32 = ir.IntegerType.get_signless(32)

    def body(x, indices, updates):
        return stablehlo.scatter(x, indices, updates, lambda old, new: stablehlo.add(old, new),
                                 update_window_dims=[1], inserted_window_dims=[0],
                                 scatter_dims_to_operand_dims=[0], index_vector_dim=1)

    module = build([tensor([4, 2]), tensor([3, 1], i32), tensor([3, 2])], body)
    text = str(module)
    assert '"stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<' \
           'update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], ' \
           'index_vector_dim = 1>}>' in text
    assert "-> tensor<4x2xf32>" in text
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    indices = np.array([[3], [0], [3]], np.int32)
    updates = np.ones((3, 2), np.float32)
    expected = x.copy()
    np.add.at(expected, indices[:, 0], updates)  # numpy formula
    np.testing.assert_array_equal(interpret(module, x, indices, updates)[0], expected)


def test_variadic_scatter_builder_with_flags(ctx):
    i32 = ir.IntegerType.get_signless(32)
    dims = stablehlo.ScatterDimensionNumbers.get(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0],
                                                 index_vector_dim=1)

    def body(a, b, indices, ua, ub):
        results = stablehlo.scatter([a, b], indices, [ua, ub], lambda x, y, ux, uy: [ux, uy], dims,
                                    indices_are_sorted=True, unique_indices=True)
        return list(results)

    module = build([tensor([5]), tensor([5], i32), tensor([2, 1], i32), tensor([2]), tensor([2], i32)], body)
    text = str(module)
    assert "indices_are_sorted = true" in text and "unique_indices = true" in text
    assert "-> (tensor<5xf32>, tensor<5xi32>)" in text
    got = interpret(module, np.zeros(5, np.float32), np.zeros(5, np.int32), np.array([[4], [1]], np.int32),
                    np.array([1.5, 2.5], np.float32), np.array([7, 8], np.int32))
    np.testing.assert_array_equal(got[0], [0, 2.5, 0, 0, 1.5])
    np.testing.assert_array_equal(got[1], [0, 8, 0, 0, 7])


def test_scatter_builder_reports_a_constraint(ctx):
    i32 = ir.IntegerType.get_signless(32)

    def body(x, indices, updates):
        return stablehlo.scatter(x, indices, updates, lambda old, new: new,
                                 update_window_dims=[1], inserted_window_dims=[0],
                                 scatter_dims_to_operand_dims=[2], index_vector_dim=1)

    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(tensor([4, 2]), tensor([3, 1], i32), tensor([3, 2]), name="main")(body)
    with pytest.raises(ir.MLIRError, match=r"C13: scatter_dims_to_operand_dims \[2\] must be in \[0, 2\)"):
        module.operation.verify()


def test_dynamic_update_slice_infers_result(ctx):
    i64 = ir.IntegerType.get_signless(64)

    def body(x, u, i, j):
        return stablehlo.dynamic_update_slice(x, u, [i, j])

    module = build([tensor([4, None]), tensor([2, 2]), tensor([], i64), tensor([], i64)], body)
    assert ("stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<4x?xf32>, tensor<2x2xf32>, "
            "tensor<i64>, tensor<i64>) -> tensor<4x?xf32>") in str(module)
