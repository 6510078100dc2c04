"""Python builders of uniform_quantize and uniform_dequantize (generated from
dialect/ops/QuantizationOps.td): dequantize infers its float result, quantize
takes the quantized result type; a built program verifies, prints as upstream,
and runs; bad operands give a Python exception citing the constraint."""
import numpy as np
import pytest
from mlir import ir
from mlir.dialects import func

from stablehlo_py.dialects import stablehlo
from stablehlo_py.interpreter import interpret

Q = "!quant.uniform<i8:f32, 0.5:-3>"


def tensor(text):
    return ir.RankedTensorType.parse(text)


def build(arg_types, body):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(*[tensor(t) for t in arg_types], name="main")(body)
    return module


def test_quantize_then_dequantize_infers_the_expressed_type_and_runs(ctx):
    def body(x):
        q = stablehlo.uniform_quantize(tensor(f"tensor<3x{Q}>"), x)
        return stablehlo.uniform_dequantize(q)

    module = build(["tensor<3xf32>"], body)
    assert module.operation.verify()
    text = str(module)
    assert "stablehlo.uniform_dequantize %0 : (tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3xf32>" in text
    # 1.2 / 0.5 = 2.4 -> 2; 1.25 / 0.5 = 2.5 -> 2 (half to even); 100 saturates at 127 - (-3) = 130 steps
    (got,) = interpret(text, np.array([1.2, 1.25, 100.0], np.float32))
    np.testing.assert_array_equal(got, np.array([1.0, 1.0, 65.0], np.float32))


def test_dequantize_keeps_dynamic_sizes_and_per_axis_types(ctx):
    per_axis = "!quant.uniform<u8:bf16:1, {1.0,2.0:7}>"
    module = build([f"tensor<?x2x{per_axis}>"], lambda q: stablehlo.uniform_dequantize(q))
    assert module.operation.verify()
    assert "-> tensor<?x2xbf16>" in str(module)


def test_requantize_builds(ctx):
    module = build([f"tensor<2x{Q}>"],
                   lambda q: stablehlo.uniform_quantize(tensor("tensor<2x!quant.uniform<i4:f32, 1.0>>"), q))
    assert module.operation.verify()


@pytest.mark.parametrize("result, message", [
    ("tensor<3x!quant.uniform<i8:f64, 0.5>>", "C2: the expressed type of the result 'f64' must be the element type"),
    (f"tensor<4x{Q}>", "C1: result shape \\[4\\] must equal the operand shape \\[3\\]"),
])
def test_quantize_rejects_bad_result_types(ctx, result, message):
    module = build(["tensor<3xf32>"], lambda x: stablehlo.uniform_quantize(tensor(result), x))
    with pytest.raises(ir.MLIRError, match=message):
        module.operation.verify()


def test_dequantize_of_a_float_tensor_is_an_error_not_a_crash(ctx):
    module = build(["tensor<3xf32>"], lambda x: stablehlo.uniform_dequantize(x))
    with pytest.raises(ir.MLIRError, match="must be ranked tensor of quantized integer values"):
        module.operation.verify()
