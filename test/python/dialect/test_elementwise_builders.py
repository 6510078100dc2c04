"""Python builders of the elementwise ops (generated from
dialect/ops/ElementwiseOps.td): result types are inferred wherever the spec
lets them be, and the built functions verify and print as upstream does."""
import pytest
from mlir import ir
from mlir.dialects import func

from stablehlo_py.dialects import stablehlo


def tensor(text):
    return ir.RankedTensorType.parse(text)


def build_one(arg_types, body):
    """The single op `body` builds in main(arg_types...), verified, and the module."""
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(*[tensor(t) for t in arg_types], name="main")(body)
    assert module.operation.verify()
    ops = module.body.operations[0].regions[0].blocks[0].operations
    return ops[0], module


UNARY_SAME = ["cbrt", "ceil", "cosine", "exponential", "exponential_minus_one", "floor", "log",
              "log_plus_one", "logistic", "negate", "round_nearest_afz", "round_nearest_even", "rsqrt",
              "sign", "sine", "sqrt", "tan", "tanh", "abs"]
BINARY_SAME = ["atan2", "divide", "maximum", "minimum", "multiply", "power", "remainder", "subtract"]
INTEGER_UNARY = ["not_", "popcnt", "count_leading_zeros"]
INTEGER_BINARY = ["and_", "or_", "xor", "shift_left", "shift_right_arithmetic", "shift_right_logical"]


@pytest.mark.parametrize("name", UNARY_SAME)
def test_unary_infers_operand_type(ctx, name):
    op, _ = build_one(["tensor<2x3xf32>"], lambda a: getattr(stablehlo, name)(a))
    assert op.name == "stablehlo." + name
    assert str(op.results[0].type) == "tensor<2x3xf32>"


@pytest.mark.parametrize("name", INTEGER_UNARY)
def test_integer_unary_infers_operand_type(ctx, name):
    op, _ = build_one(["tensor<4xui8>"], lambda a: getattr(stablehlo, name)(a))
    assert str(op.results[0].type) == "tensor<4xui8>"


@pytest.mark.parametrize("name", BINARY_SAME)
def test_binary_infers_operand_type(ctx, name):
    op, _ = build_one(["tensor<2x3xf32>", "tensor<2x3xf32>"], lambda a, b: getattr(stablehlo, name)(a, b))
    assert op.name == "stablehlo." + name
    assert str(op.results[0].type) == "tensor<2x3xf32>"


@pytest.mark.parametrize("name", INTEGER_BINARY)
def test_integer_binary_infers_operand_type(ctx, name):
    op, _ = build_one(["tensor<4xi32>", "tensor<4xi32>"], lambda a, b: getattr(stablehlo, name)(a, b))
    assert str(op.results[0].type) == "tensor<4xi32>"


def test_binary_infers_the_more_static_type(ctx):
    op, _ = build_one(["tensor<?x3xf32>", "tensor<2x?xf32>"], lambda a, b: stablehlo.maximum(a, b))
    assert str(op.results[0].type) == "tensor<2x3xf32>"


@pytest.mark.parametrize("name, operand, result", [
    ("abs", "tensor<2xcomplex<f32>>", "tensor<2xf32>"),
    ("real", "tensor<2xcomplex<f64>>", "tensor<2xf64>"),
    ("imag", "tensor<2xcomplex<f32>>", "tensor<2xf32>"),
    ("real", "tensor<?xbf16>", "tensor<?xbf16>"),
    ("is_finite", "tensor<2x3xf16>", "tensor<2x3xi1>"),
    ("sqrt", "tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>", "tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>"),
])
def test_unary_infers_other_result_types(ctx, name, operand, result):
    op, _ = build_one([operand], lambda a: getattr(stablehlo, name)(a))
    assert str(op.results[0].type) == result


def test_complex_infers_complex_type(ctx):
    op, module = build_one(["tensor<3xf64>", "tensor<3xf64>"], lambda a, b: stablehlo.complex(a, b))
    assert str(op.results[0].type) == "tensor<3xcomplex<f64>>"
    assert "stablehlo.complex %arg0, %arg1 : tensor<3xcomplex<f64>>" in str(module)


def test_clamp_infers_operand_type(ctx):
    op, module = build_one(["tensor<f32>", "tensor<4xf32>", "tensor<f32>"],
                           lambda lo, x, hi: stablehlo.clamp(lo, x, hi))
    assert str(op.results[0].type) == "tensor<4xf32>"
    assert ("stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>"
            in str(module))


def test_reduce_precision_takes_integer_attributes(ctx):
    op, module = build_one(["tensor<2xf32>"], lambda a: stablehlo.reduce_precision(a, 5, 10))
    assert str(op.results[0].type) == "tensor<2xf32>"
    assert "stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2xf32>" in str(module)


def test_result_accuracy_is_optional(ctx):
    accuracy = ir.Attribute.parse("#stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>")
    op, module = build_one(["tensor<2xf32>"], lambda a: stablehlo.sine(a, result_accuracy=accuracy))
    assert ("stablehlo.sine %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = "
            "#stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2xf32>") in str(module)
    op, module = build_one(["tensor<2xf32>"], lambda a: stablehlo.sine(a))
    assert "result_accuracy" not in str(module)


def test_iota_and_bitcast_convert_take_a_result_type(ctx):
    op, module = build_one([], lambda: stablehlo.iota(tensor("tensor<4x5xi32>"), 1))
    assert "stablehlo.iota dim = 1 : tensor<4x5xi32>" in str(module)
    op, module = build_one(["tensor<2xf32>"], lambda a: stablehlo.bitcast_convert(tensor("tensor<2x4xui8>"), a))
    assert "stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2x4xui8>" in str(module)


def test_mismatched_operands_fail_verification_citing_the_constraint(ctx):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(tensor("tensor<2xf32>"), tensor("tensor<2xf64>"), name="main")(
            lambda a, b: stablehlo.maximum(a, b))
    with pytest.raises(ir.MLIRError, match="C1: lhs and rhs must have the same baseline element type"):
        module.operation.verify()
