"""Python builders of gather (dimension numbers also as keywords),
dynamic_slice and torch_index_select: result types are inferred where the spec
defines them, an invalid op reports its spec constraint."""
import numpy as np
import pytest
from mlir import ir

import stablehlo_py
from stablehlo_py.dialects import stablehlo
from conftest import build


def tensor(shape, element=None, encoding=None):
    shape = [ir.ShapedType.get_dynamic_size() if d is None else d for d in shape]
    return ir.RankedTensorType.get(shape, element or ir.F32Type.get(), encoding)


def i32():
    return ir.IntegerType.get_signless(32)


def result_types(module, name):
    ops = module.body.operations[0].regions[0].blocks[0].operations
    return [str(op.results[0].type) for op in ops if op.name == name]


def test_gather_infers_its_shape(ctx):
    """C13: batch dimensions of start_indices at the non-offset axes, slice sizes at offset_dims;
    dimension numbers as an attribute or as keywords."""
    def body(x, idx, dyn, b):
        spec = stablehlo.GatherDimensionNumbers.get(offset_dims=[2, 3], collapsed_slice_dims=[0],
                                                    start_index_map=[1, 0], index_vector_dim=2)
        moved = stablehlo.GatherDimensionNumbers.get(offset_dims=[0, 1], collapsed_slice_dims=[0],
                                                     start_index_map=[0], index_vector_dim=1)
        return (stablehlo.gather(x, idx, spec, [1, 2, 2], indices_are_sorted=True),
                stablehlo.gather(x, dyn, moved, [1, 3, 2]),
                stablehlo.gather(x, b, slice_sizes=[1, 1, 2], offset_dims=[3], collapsed_slice_dims=[1],
                                 operand_batching_dims=[0], start_indices_batching_dims=[1], start_index_map=[1],
                                 index_vector_dim=3))

    bounds = stablehlo.bounds_attr([6, None])
    module = build([tensor([3, 4, 2]), tensor([2, 3, 2], i32()), tensor([None, 1], i32(), bounds),
                    tensor([2, 3, 2], i32())], body)
    assert result_types(module, "stablehlo.gather") == [
        "tensor<2x3x2x2xf32>", "tensor<3x2x?xf32, #stablehlo.bounds<?, ?, 6>>", "tensor<2x3x2x2xf32>"]
    assert "indices_are_sorted = true" in str(module)


def test_dynamic_slice_infers_slice_sizes(ctx):
    """C5: the result shape is slice_sizes, static even for a dynamic operand."""
    def body(x, d, s):
        return stablehlo.dynamic_slice(x, [s, s], [2, 1]), stablehlo.dynamic_slice(d, [s, s], [1, 4])

    module = build([tensor([3, 4]), tensor([None, 4]), tensor([], i32())], body)
    assert result_types(module, "stablehlo.dynamic_slice") == ["tensor<2x1xf32>", "tensor<1x4xf32>"]
    assert "stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [2, 1]" in str(module)


def test_torch_index_select_takes_its_result_type(ctx):
    """Not in the spec and not inferred upstream: the builder takes the result type."""
    def body(x, idx):
        return stablehlo.torch_index_select(tensor([4, 2, 6]), x, idx, 1, 1)

    module = build([tensor([4, 5, 6]), tensor([4, 2], i32())], body)
    assert '"stablehlo.torch_index_select"(%arg0, %arg1) <{batch_dims = 1 : i64, dim = 1 : i64}>' in str(module)
    x = np.arange(120, dtype=np.float32).reshape(4, 5, 6)
    idx = np.array([[0, 4], [1, 1], [3, 2], [4, 0]], np.int32)
    (got,) = stablehlo_py.interpret(module, x, idx)
    np.testing.assert_array_equal(got, np.stack([x[b, idx[b]] for b in range(4)]))


@pytest.mark.parametrize("op,message", [
    ("gather", r"C9: start_index_map \[1, 1\] must be unique"),
    ("dynamic_slice", r"C4: slice_sizes \[2, 5, 1\] must be in \[0, 4\]"),
])
def test_invalid_op_reports_its_constraint(ctx, op, message):
    def body(x, idx, s):
        if op == "gather":
            dims = stablehlo.GatherDimensionNumbers.get(offset_dims=[2, 3], collapsed_slice_dims=[0],
                                                        start_index_map=[1, 1], index_vector_dim=2)
            return stablehlo.gather(x, idx, dims, [1, 2, 2])
        return stablehlo.dynamic_slice(x, [s, s, s], [2, 5, 1])

    module = build([tensor([3, 4, 2]), tensor([2, 3, 2], i32()), tensor([], i32())], body, verify=False)
    with pytest.raises(ir.MLIRError, match=message):
        module.operation.verify()
