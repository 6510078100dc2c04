"""Generated Python builders of slice, transpose, pad, reverse, concatenate,
the legacy dot and the control-flow ops: result types are inferred where the
spec lets them be, and an invalid op reports its spec constraint."""
import numpy as np
import pytest
from mlir import ir

import stablehlo_py
from stablehlo_py.dialects import stablehlo
from conftest import build


def tensor(shape, element=None, encoding=None):
    shape = [ir.ShapedType.get_dynamic_size() if d is None else d for d in shape]
    return ir.RankedTensorType.get(shape, element or ir.F32Type.get(), encoding)


def D(values):
    """A dimension-list attribute (no AttrBuilder is registered for HLO_Dims)."""
    return ir.DenseI64ArrayAttr.get(list(values))


def ops_of(module):
    return list(module.body.operations[0].regions[0].blocks[0].operations)


def result_types(module, name):
    return [str(op.results[0].type) for op in ops_of(module) if op.name == name]


def test_slice_infers_its_static_shape(ctx):
    def body(x, d):
        return (stablehlo.slice(x, D([1, 0]), D([3, 4]), D([1, 2])),
                stablehlo.slice(x, D([0, 0]), D([3, 4]), D([2, 3])),
                stablehlo.slice(d, D([1, 0]), D([3, 4]), D([1, 1])))  # C5: static even for a dynamic operand

    module = build([tensor([3, 4]), tensor([None, 4])], body)
    assert result_types(module, "stablehlo.slice") == [
        "tensor<2x2xf32>", "tensor<2x2xf32>", "tensor<2x4xf32>"]
    assert "stablehlo.slice %arg0 [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>" in str(module)


def test_transpose_permutes_shape_and_bounds(ctx):
    bounds = stablehlo.bounds_attr([5, None])

    def body(x, b):
        return stablehlo.transpose(x, D([2, 0, 1])), stablehlo.transpose(b, D([1, 0]))

    module = build([tensor([2, 3, 4]), tensor([None, 4], encoding=bounds)], body)
    assert result_types(module, "stablehlo.transpose") == [
        "tensor<4x2x3xf32>", "tensor<4x?xf32, #stablehlo.bounds<?, 5>>"]
    assert "stablehlo.transpose %arg0, dims = [2, 0, 1]" in str(module)


def test_pad_infers_padded_shape(ctx):
    def body(x, v, d):
        return (stablehlo.pad(x, v, D([0, 1]), D([2, 1]), D([1, 2])),
                stablehlo.pad(x, v, D([-1, 0]), D([0, -2]), D([0, 0])),
                stablehlo.pad(d, v, D([1]), D([1]), D([0])))

    module = build([tensor([2, 3]), tensor([]), tensor([None])], body)
    assert result_types(module, "stablehlo.pad") == ["tensor<5x9xf32>", "tensor<1x1xf32>", "tensor<?xf32>"]
    assert "low = [0, 1], high = [2, 1], interior = [1, 2]" in str(module)


def test_reverse_keeps_the_operand_type(ctx):
    module = build([tensor([3, None])], lambda x: stablehlo.reverse(x, D([0, 1])))
    assert result_types(module, "stablehlo.reverse") == ["tensor<3x?xf32>"]
    assert "stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x?xf32>" in str(module)


def test_concatenate_sums_along_the_dimension(ctx):
    def body(a, b, d):
        return (stablehlo.concatenate([a, b, a], 0),
                stablehlo.concatenate([a, d], 1),
                stablehlo.concatenate([b], 1))

    module = build([tensor([3, 2]), tensor([1, 2]), tensor([3, None])], body)
    assert result_types(module, "stablehlo.concatenate") == [
        "tensor<7x2xf32>", "tensor<3x?xf32>", "tensor<1x2xf32>"]
    assert "stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0" in str(module)


def test_dot_infers_shape_through_its_interface(ctx):
    def body(m, n, v):
        shapes = []
        for lhs, rhs in [(m, n), (m, v), (v, v)]:
            (components,) = ir.InferShapedTypeOpInterface(stablehlo.DotOp).inferReturnTypeComponents(
                operands=[lhs, rhs])
            result = ir.RankedTensorType.get(components.shape, components.element_type)
            shapes.append(stablehlo.dot(result, lhs, rhs))
        return shapes

    module = build([tensor([2, 3]), tensor([3, 4]), tensor([3])], body)
    assert result_types(module, "stablehlo.dot") == ["tensor<2x4xf32>", "tensor<2xf32>", "tensor<f32>"]


def test_dot_precision_config(ctx):
    precision = ir.ArrayAttr.get([stablehlo.PrecisionAttr.get("HIGH"), stablehlo.PrecisionAttr.get("DEFAULT")])
    module = build([tensor([2, 3]), tensor([3])],
                   lambda m, v: stablehlo.dot(tensor([2]), m, v, precision_config=precision))
    assert "stablehlo.dot %arg0, %arg1, precision = [HIGH, DEFAULT] :" in str(module)


def test_while_built_with_regions(ctx):
    i64 = ir.IntegerType.get_signless(64)
    scalar = tensor([], i64)

    def body(init, ten):
        loop = stablehlo.WhileOp([scalar], [init])
        cond = loop.cond.blocks.append(scalar)
        with ir.InsertionPoint(cond):
            less = stablehlo.compare(cond.arguments[0], ten, stablehlo.ComparisonDirectionAttr.get("LT"))
            stablehlo.ReturnOp([less])
        step = loop.body.blocks.append(scalar)
        with ir.InsertionPoint(step):
            stablehlo.ReturnOp([stablehlo.add(step.arguments[0], step.arguments[0])])
        return loop.results[0]

    module = build([scalar, scalar], body)
    assert "stablehlo.while(%iterArg = %arg0) : tensor<i64>" in str(module)
    (got,) = stablehlo_py.interpret(module, np.array(1, np.int64), np.array(10, np.int64))
    assert int(got) == 16  # 1 -> 2 -> 4 -> 8 -> 16


def test_while_infers_result_types_from_operands(ctx):
    def body(x):
        op = ir.Operation.create("stablehlo.while", results=None, operands=[x], regions=2, infer_type=True)
        return op.results[0]

    module = build([tensor([2, None])], body, verify=False)  # regions left empty
    assert [str(t) for t in ops_of(module)[0].results.types] == ["tensor<2x?xf32>"]


def test_if_built_with_regions(ctx):
    def body(pred, a, b):
        op = stablehlo.IfOp([a.type], pred)
        for region, value in [(op.true_branch, a), (op.false_branch, b)]:
            with ir.InsertionPoint(region.blocks.append()):
                stablehlo.ReturnOp([value])
        return op.results[0]

    module = build([tensor([], ir.IntegerType.get_signless(1)), tensor([2]), tensor([2])], body)
    assert '"stablehlo.if"(%arg0) ({' in str(module)


@pytest.mark.parametrize("build_op,constraint", [
    (lambda x: stablehlo.slice(x, D([0, 0]), D([3, 4]), D([1, 0])), "C4"),
    (lambda x: stablehlo.transpose(x, D([0, 0])), "C2"),
    (lambda x: stablehlo.pad(x, x, D([0]), D([0]), D([0])), "operand #1"),
    (lambda x: stablehlo.reverse(x, D([2])), "C3"),
    (lambda x: stablehlo.concatenate([x, x], 2), "C4"),
], ids=["slice", "transpose", "pad", "reverse", "concatenate"])
def test_invalid_attributes_report_their_constraint(ctx, build_op, constraint):
    module = build([tensor([3, 4])], build_op, verify=False)
    with pytest.raises(ir.MLIRError, match=constraint):
        module.operation.verify()


def test_tuple_ops_get_dimension_size_barrier_and_broadcast_infer_their_types(ctx):
    i8 = ir.IntegerType.get_signless(8)

    def body(x, d):
        t = stablehlo.tuple([x, d])
        first = stablehlo.get_tuple_element(t, 1)
        size = stablehlo.get_dimension_size(d, 0)
        barrier = stablehlo.optimization_barrier([x, first])
        wide = stablehlo.broadcast(x, D([4, 1]))
        return size, wide, *barrier

    module = build([tensor([2, 3]), tensor([None, 5], i8)], body)
    types = {op.name: [str(r.type) for r in op.results] for op in ops_of(module)}
    assert types["stablehlo.tuple"] == ["tuple<tensor<2x3xf32>, tensor<?x5xi8>>"]
    assert types["stablehlo.get_tuple_element"] == ["tensor<?x5xi8>"]
    assert types["stablehlo.get_dimension_size"] == ["tensor<i32>"]
    assert types["stablehlo.optimization_barrier"] == ["tensor<2x3xf32>", "tensor<?x5xi8>"]
    assert types["stablehlo.broadcast"] == ["tensor<4x1x2x3xf32>"]


def test_get_tuple_element_out_of_range_reports_c1(ctx):
    def body(x):
        return stablehlo.get_tuple_element(stablehlo.tuple([x]), 3)

    module = build([tensor([2])], body, verify=False)
    with pytest.raises(ir.MLIRError, match=r"C1: index 3 must be in \[0, 1\)"):
        module.operation.verify()
