"""Python builders of the chlo ops (generated from dialect/ChloOps.td): result
types are inferred (broadcast shapes, top_k, scan from its body), attributes
have Python classes, and bad input raises instead of aborting."""
import pytest
from mlir import ir
from mlir.dialects import func

from stablehlo_py.dialects import chlo, stablehlo


def tensor(text):
    return ir.RankedTensorType.parse(text)


def build(arg_types, body):
    """The ops `body` builds in main(arg_types...) and the verified module."""
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(*[tensor(t) for t in arg_types], name="main")(body)
    assert module.operation.verify()
    ops = list(module.body.operations[0].regions[0].blocks[0].operations)
    return ops, module


UNARY_FLOAT_OR_COMPLEX = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan", "conj",
                          "square", "_asin_acos_kernel"]
UNARY_FLOAT = ["bessel_i1e", "digamma", "erf", "erfc", "erf_inv", "lgamma"]


@pytest.mark.parametrize("name", UNARY_FLOAT_OR_COMPLEX + UNARY_FLOAT)
def test_unary_infers_operand_type(ctx, name):
    ops, _ = build(["tensor<2x?xbf16>"], lambda a: getattr(chlo, name)(a))
    assert ops[0].name == "chlo." + name
    assert str(ops[0].results[0].type) == "tensor<2x?xbf16>"


@pytest.mark.parametrize("name", UNARY_FLOAT_OR_COMPLEX)
def test_unary_complex(ctx, name):
    ops, _ = build(["tensor<3xcomplex<f64>>"], lambda a: getattr(chlo, name)(a))
    assert str(ops[0].results[0].type) == "tensor<3xcomplex<f64>>"


@pytest.mark.parametrize("name", ["is_inf", "is_neg_inf", "is_pos_inf"])
def test_infinity_tests_infer_i1(ctx, name):
    ops, _ = build(["tensor<2x3xf16>"], lambda a: getattr(chlo, name)(a))
    assert str(ops[0].results[0].type) == "tensor<2x3xi1>"


@pytest.mark.parametrize("name,element", [("next_after", "f32"), ("polygamma", "f64"), ("zeta", "f32"),
                                          ("mulhi", "ui16")])
def test_binary_infers_operand_type(ctx, name, element):
    ops, _ = build([f"tensor<4x{element}>"] * 2, lambda a, b: getattr(chlo, name)(a, b))
    assert str(ops[0].results[0].type) == f"tensor<4x{element}>"


@pytest.mark.parametrize("lhs,rhs,dims,expected", [
    ("tensor<2x3xf32>", "tensor<3xf32>", [1], "tensor<2x3xf32>"),
    ("tensor<2x3xf32>", "tensor<3xf32>", None, "tensor<2x3xf32>"),
    ("tensor<3xf32>", "tensor<2x3xf32>", None, "tensor<2x3xf32>"),
    ("tensor<2xf32>", "tensor<2x3xf32>", [0], "tensor<2x3xf32>"),
    ("tensor<f32>", "tensor<4x1xf32>", None, "tensor<4x1xf32>"),
    ("tensor<4x1xf32>", "tensor<1x5xf32>", None, "tensor<4x5xf32>"),
    ("tensor<?x3xf32>", "tensor<3xf32>", None, "tensor<?x3xf32>"),
    ("tensor<?x1xf32>", "tensor<7x?xf32>", None, "tensor<7x?xf32>"),
    ("tensor<1xf32>", "tensor<?xf32>", None, "tensor<?xf32>"),
])
def test_broadcast_shapes(ctx, lhs, rhs, dims, expected):
    ops, _ = build([lhs, rhs], lambda a, b: chlo.broadcast_add(a, b, broadcast_dimensions=dims))
    assert str(ops[0].results[0].type) == expected


def test_broadcast_result_elements(ctx):
    ops, _ = build(["tensor<2x3xf64>", "tensor<3xf64>"], lambda a, b: (
        chlo.broadcast_complex(a, b),
        chlo.broadcast_compare(a, b, chlo.ComparisonDirectionAttr.get("LT"),
                               compare_type=chlo.ComparisonTypeAttr.get("TOTALORDER")),
        chlo.broadcast_select(chlo.broadcast_compare(a, b, chlo.ComparisonDirectionAttr.get("GT")), a, b)))
    types = [str(op.results[0].type) for op in ops[:-1]]
    assert types == ["tensor<2x3xcomplex<f64>>", "tensor<2x3xi1>", "tensor<2x3xi1>", "tensor<2x3xf64>"]
    assert "#chlo<comparison_type TOTALORDER>" in str(ops[1])


def test_enum_attributes(ctx):
    attr = chlo.ComparisonDirectionAttr.get("NE")
    assert str(attr) == "#chlo<comparison_direction NE>" and attr.value == "NE"
    assert chlo.ComparisonDirectionAttr.isinstance(attr)
    assert not stablehlo.ComparisonDirectionAttr.isinstance(attr)
    assert not chlo.ComparisonDirectionAttr.isinstance(stablehlo.ComparisonDirectionAttr.get("NE"))
    assert str(chlo.PrecisionAttr.get("HIGH")) == "#chlo<precision HIGH>"
    with pytest.raises(ValueError):
        chlo.ComparisonTypeAttr.get("SIDEWAYS")


def test_constants(ctx):
    def body(a):
        value = ir.DenseElementsAttr.get_splat(tensor("tensor<2xf32>"), ir.FloatAttr.get_f32(1.5))
        return chlo.constant(value), chlo.constant_like(ir.IntegerAttr.get(ir.IntegerType.get_signless(8), -2), a)
    ops, _ = build(["tensor<3x?xf32>"], body)
    assert str(ops[0].results[0].type) == "tensor<2xf32>"
    assert str(ops[1].results[0].type) == "tensor<3x?xi8>"


def test_top_k_infers_both_results(ctx):
    ops, _ = build(["tensor<4x7xbf16>"], lambda a: chlo.top_k(a, 3))
    assert [str(r.type) for r in ops[0].results] == ["tensor<4x3xbf16>", "tensor<4x3xi32>"]
    assert "%values, %indices = chlo.top_k(%arg0, k = 3)" in str(ops[0])


def test_ragged_dot_takes_result_type(ctx):
    numbers = chlo.RaggedDotDimensionNumbers.get(lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[1],
                                                 lhs_ragged_dimensions=[0], rhs_group_dimensions=[0])
    assert numbers.lhs_ragged_dimensions == [0] and numbers.lhs_batching_dimensions == []
    ops, _ = build(["tensor<6x4xbf16>", "tensor<2x4x5xbf16>", "tensor<2xi32>"],
                   lambda l, r, g: chlo.ragged_dot(tensor("tensor<6x5xf32>"), l, r, g, numbers))
    assert str(ops[0].results[0].type) == "tensor<6x5xf32>"


def test_scan_infers_results_from_body(ctx):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        @func.FuncOp.from_py_func(tensor("tensor<2x5xf32>"), tensor("tensor<2xf32>"), name="main")
        def main(xs, init):
            slice_type = tensor("tensor<2xf32>")
            # Build the body first: scan's result types follow from what it returns.
            op = ir.Operation.create("chlo.scan", results=[tensor("tensor<2x5xf32>"), slice_type],
                                     operands=[xs, init], regions=1,
                                     attributes={"dimension": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1),
                                                 "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 1]),
                                                 "resultSegmentSizes": ir.DenseI32ArrayAttr.get([1, 1])})
            block = op.regions[0].blocks.append(slice_type, slice_type)
            with ir.InsertionPoint(block):
                total = stablehlo.add(block.arguments[0], block.arguments[1])
                stablehlo.ReturnOp([total, total])
            return op.results
    assert module.operation.verify()
    assert "chlo.scan(%arg0) inits (%arg1) dimension=1  {" in str(module)


@pytest.mark.parametrize("build_bad", [
    lambda a, b: chlo.broadcast_add(a, b),                               # shapes do not broadcast
    lambda a, b: chlo.broadcast_add(a, b, broadcast_dimensions=[5]),     # out of range
    lambda a, b: chlo.broadcast_add(a, b, broadcast_dimensions=[0, 0]),  # wrong count
    lambda a, b: chlo.top_k(a, 9),                                       # k too large
    lambda a, b: chlo.top_k(a, -1),
    lambda a, b: chlo.zeta(a, b),                                        # shapes differ
])
def test_bad_inputs_raise(ctx, build_bad):
    with pytest.raises(Exception) as info:
        build(["tensor<2x3xf32>", "tensor<4xf32>"], build_bad)
    assert "chlo." in str(info.value)


def test_bad_builder_arguments_raise(ctx):
    with pytest.raises(Exception):
        build(["tensor<2xf32>"], lambda a: chlo.erf(ir.Value(a)) and chlo.constant_like(
            ir.DenseElementsAttr.get_splat(tensor("tensor<f32>"), ir.FloatAttr.get_f32(1.0)), a))
    with pytest.raises(Exception):
        build(["tensor<f32>"], lambda a: chlo.top_k(a, 1))
