"""Python builders of sort, map, reduce_window and select_and_scatter: regions
given as Python functions, result types inferred (map and select_and_scatter
from what their regions return); the built programs run (numpy formulas as
the oracle)."""
import numpy as np
import pytest
from mlir import ir
from mlir.dialects import func

from stablehlo_py.dialects import stablehlo
from stablehlo_py.interpreter import interpret
from conftest import build


def tensor(*shape, element=None):
    return ir.RankedTensorType.get(list(shape), element or ir.F32Type.get())


def i32(*shape):
    return tensor(*shape, element=ir.IntegerType.get_signless(32))


def less(direction="LT"):
    return lambda a, b, *rest: stablehlo.compare(a, b, stablehlo.ComparisonDirectionAttr.get(direction))


def test_sort_builder_two_inputs(ctx):
    module = build([tensor(3, 5), i32(3, 5)],
                   lambda k, v: stablehlo.sort([k, v], less("GT"), dimension=1, is_stable=True))
    text = str(module)
    assert '"stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}>' in text
    assert "-> (tensor<3x5xf32>, tensor<3x5xi32>)" in text
    k = np.random.default_rng(0).integers(0, 3, (3, 5)).astype(np.float32)
    v = np.arange(15, dtype=np.int32).reshape(3, 5)
    got = interpret(module, k, v)
    order = np.argsort(-k, axis=1, kind="stable")
    np.testing.assert_array_equal(got[0], np.take_along_axis(k, order, 1))
    np.testing.assert_array_equal(got[1], np.take_along_axis(v, order, 1))


def test_map_builder_infers_element_type_from_computation(ctx):
    def body(a, b):
        return stablehlo.map([a, b], lambda x, y: stablehlo.compare(x, y, stablehlo.ComparisonDirectionAttr.get("GT")))

    module = build([tensor(2, 3), tensor(2, 3)], body)
    assert "dimensions = array<i64: 0, 1>" in str(module)
    assert "-> tensor<2x3xi1>" in str(module)
    a, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.full((2, 3), 2.5, np.float32)
    np.testing.assert_array_equal(interpret(module, a, b)[0], a > b)


def test_reduce_window_builder(ctx):
    def body(x, init):
        return stablehlo.reduce_window([x], [init], [2, 2], lambda acc, el: stablehlo.maximum(acc, el),
                                       window_strides=[1, 2], padding=[[1, 0], [0, 1]])

    module = build([tensor(4, 5), tensor()], body)
    text = str(module)
    assert "padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>" in text
    assert "-> tensor<4x3xf32>" in text
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    padded = np.pad(x, [[1, 0], [0, 1]], constant_values=-np.inf)
    expected = np.array([[padded[i:i + 2, j:j + 2].max() for j in range(0, 5, 2)] for i in range(4)])
    np.testing.assert_array_equal(interpret(module, x, np.float32(-np.inf))[0], expected)


def test_select_and_scatter_builder(ctx):
    def body(operand, source, init):
        return stablehlo.select_and_scatter(
            operand, source, init,
            lambda a, b: stablehlo.compare(a, b, stablehlo.ComparisonDirectionAttr.get("GE")),
            lambda a, b: stablehlo.add(a, b), window_dimensions=[2], window_strides=[2])

    module = build([tensor(6), tensor(3), tensor()], body)
    assert "-> tensor<6xf32>" in str(module)
    operand = np.array([1, 3, 5, 5, 2, 0], np.float32)
    source = np.array([10, 20, 30], np.float32)
    np.testing.assert_array_equal(interpret(module, operand, source, np.float32(1))[0], [1, 11, 21, 1, 31, 1])


def test_select_and_scatter_builder_with_promoted_scatter(ctx):
    f64 = ir.F64Type.get()

    def body(operand, source, init):
        return stablehlo.select_and_scatter(
            operand, source, init, less("GT"), lambda a, b: stablehlo.add(a, b),
            window_dimensions=[2], scatter_type=f64)

    module = build([tensor(3), tensor(2), tensor()], body)
    assert "-> tensor<3xf64>" in str(module)


def test_builder_infers_quietly_and_the_verifier_names_the_constraint(ctx):
    """An invalid window: the builder gets a placeholder type without a diagnostic (shape
    functions report through the verifier only), and verifying names the constraint once."""
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(tensor(4), tensor(), name="main")(
            lambda x, init: stablehlo.reduce_window([x], [init], [0], lambda a, b: stablehlo.add(a, b)))
    with pytest.raises(ir.MLIRError, match="C5: window_dimensions") as info:
        module.operation.verify()
    assert str(info.value).count("C5") == 1


def test_token_builders(ctx):
    def body(t):
        fresh = stablehlo.create_token()
        return stablehlo.after_all([fresh, t])

    module = build([stablehlo.TokenType.get()], body)
    text = str(module)
    assert "stablehlo.create_token : !stablehlo.token" in text
    assert "stablehlo.after_all %0, %arg0 : !stablehlo.token" in text


def test_composite_builder_takes_types_from_the_decomposition(ctx):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        @func.FuncOp.from_py_func(tensor(3), tensor(3), name="scaled")
        def scaled(x, y):
            return stablehlo.add(stablehlo.multiply(x, x), y)

        @func.FuncOp.from_py_func(tensor(3), tensor(3), name="main")
        def main(x, y):
            return stablehlo.composite([x, y], "my.scaled", scaled.func_op, version=2,
                                       composite_attributes={"k": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1)})

    assert module.operation.verify()
    assert ('stablehlo.composite "my.scaled" %arg0, %arg1 {composite_attributes = {k = 1 : i64}, '
            'decomposition = @scaled, version = 2 : i32}') in str(module)
    x, y = np.array([1, 2, 3], np.float32), np.array([0.5, 0, -1], np.float32)
    np.testing.assert_array_equal(interpret(module, x, y)[0], x * x + y)
