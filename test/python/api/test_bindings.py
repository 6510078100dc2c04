"""The Python bindings: one MLIR instance with `mlir.ir`, builders that infer
result types, attribute and type accessors, and clear errors."""
import re
import subprocess
from pathlib import Path

import pytest
from mlir import ir, passmanager
from mlir.dialects import func

import stablehlo_py
from stablehlo_py.dialects import check, stablehlo
from conftest import build


def f32(*shape):
    return ir.RankedTensorType.get(list(shape), ir.F32Type.get())


# --- one MLIR instance ------------------------------------------------------

def _needed_libraries(path: Path) -> list:
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out)


def test_extension_links_only_the_upstream_bindings_mlir():
    needed = _needed_libraries(Path(stablehlo_py._stablehlo.__file__))
    mlir_like = [lib for lib in needed if "MLIR" in lib or "LLVM" in lib]
    assert sorted(mlir_like) == ["libLLVM.so", "libMLIRPythonCAPI.so"], needed


def test_module_is_an_upstream_module(ctx):
    module = ir.Module.parse("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                             "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}")
    assert isinstance(module, ir.Module)
    add = module.body.operations[0].regions[0].blocks[0].operations[0]
    assert isinstance(add.opview, stablehlo.AddOp)


def test_upstream_cse_and_canonicalize_run_on_our_ops(ctx):
    module = ir.Module.parse("""
      func.func @f(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
        %0 = stablehlo.add %a, %a : tensor<2xf32>
        %1 = stablehlo.add %a, %a : tensor<2xf32>
        %unused = stablehlo.compare GT, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
        stablehlo.custom_call @check.expect_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
        return %0, %1 : tensor<2xf32>, tensor<2xf32>
      }""")
    passmanager.PassManager.parse("builtin.module(cse,canonicalize)").run(module.operation)
    text = str(module)
    assert text.count("stablehlo.add") == 1  # CSE merged the twins (Pure)
    assert "stablehlo.compare" not in text  # canonicalize removed dead pure op
    assert "@check.expect_eq" in text  # a side-effecting custom_call stays


def test_register_dialects_in_a_plain_context():
    context = ir.Context()
    stablehlo_py.register_dialects(context)
    with context:
        ir.Module.parse("func.func @f() -> !stablehlo.token {\n"
                        "  %0 = stablehlo.custom_call @t() : () -> !stablehlo.token\n"
                        "  return %0 : !stablehlo.token\n}")


# --- builders infer result types ---------------------------------------------

def test_elementwise_builders_infer_types(ctx):
    def body(a, b):
        s = stablehlo.add(a, b)
        p = stablehlo.compare(s, b, stablehlo.ComparisonDirectionAttr.get("GT"))
        return stablehlo.select(p, s, b)

    module = build([f32(2, 3), f32(2, 3)], body)
    ops = {op.name: op for op in module.body.operations[0].regions[0].blocks[0].operations}
    assert str(ops["stablehlo.add"].results[0].type) == "tensor<2x3xf32>"
    assert str(ops["stablehlo.compare"].results[0].type) == "tensor<2x3xi1>"
    assert str(ops["stablehlo.select"].results[0].type) == "tensor<2x3xf32>"


def test_constant_infers_type_from_value(ctx):
    value = ir.DenseElementsAttr.get_splat(f32(4), ir.FloatAttr.get_f32(1.5))
    module = build([], lambda: stablehlo.constant(value))
    assert "stablehlo.constant dense<1.500000e+00> : tensor<4xf32>" in str(module)


def test_dot_general_infers_shape(ctx):
    def body(a, b):
        return stablehlo.dot_general(a, b, lhs_batching_dimensions=[0], rhs_batching_dimensions=[0],
                                     lhs_contracting_dimensions=[2], rhs_contracting_dimensions=[1])

    module = build([f32(5, 2, 3), f32(5, 3, 7)], body)
    assert "-> tensor<5x2x7xf32>" in str(module)
    assert "batching_dims = [0] x [0], contracting_dims = [2] x [1]" in str(module)


@pytest.mark.parametrize("dims,constraint", [
    (dict(lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[]), "C2: lhs_contracting_dimensions"),
    (dict(lhs_contracting_dimensions=[5], rhs_contracting_dimensions=[0]), r"C6: lhs_contracting_dimensions \[5\]"),
    (dict(lhs_contracting_dimensions=[0], rhs_contracting_dimensions=[0]), "C10: lhs contracting dimension 0"),
], ids=["C2", "C6", "C10"])
def test_dot_general_builder_infers_quietly_and_the_verifier_names_the_constraint(ctx, dims, constraint):
    """Shape functions report violated constraints through the verifier only: building gives a
    placeholder type without a diagnostic, verifying names the constraint once."""
    module = build([f32(2, 3), f32(3, 4)], lambda a, b: stablehlo.dot_general(a, b, **dims), verify=False)
    with pytest.raises(ir.MLIRError, match=constraint) as info:
        module.operation.verify()
    assert str(info.value).count("'stablehlo.dot_general' op") == 1


def test_reduce_with_python_body(ctx):
    def body(x, init):
        return stablehlo.reduce([x], [init], [1], lambda acc, el: [stablehlo.add(acc, el)])

    module = build([f32(4, 6), f32()], body)
    text = str(module)
    assert "applies stablehlo.add across dimensions = [1]" in text
    assert "-> tensor<4xf32>" in text


def test_builder_rejects_invalid_op_with_constraint(ctx):
    def body(a, b):
        return stablehlo.add(a, b)

    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(f32(2), ir.RankedTensorType.get([2], ir.IntegerType.get_signless(32)),
                                 name="main")(body)
    with pytest.raises(ir.MLIRError, match="C1"):
        module.operation.verify()


# --- attributes and types ----------------------------------------------------

def test_enum_attributes(ctx):
    for cls, value, text in [
        (stablehlo.ComparisonDirectionAttr, "LT", "#stablehlo<comparison_direction LT>"),
        (stablehlo.ComparisonTypeAttr, "TOTALORDER", "#stablehlo<comparison_type TOTALORDER>"),
        (stablehlo.PrecisionAttr, "HIGHEST", "#stablehlo<precision HIGHEST>"),
        (stablehlo.FftTypeAttr, "IRFFT", "#stablehlo<fft_type IRFFT>"),
        (stablehlo.RngDistributionAttr, "NORMAL", "#stablehlo<rng_distribution NORMAL>"),
        (stablehlo.RngAlgorithmAttr, "PHILOX", "#stablehlo<rng_algorithm PHILOX>"),
        (stablehlo.TransposeAttr, "ADJOINT", "#stablehlo<transpose ADJOINT>"),
        (stablehlo.ResultAccuracyModeAttr, "TOLERANCE", "#stablehlo.result_accuracy_mode<TOLERANCE>"),
    ]:
        attr = cls.get(value)
        assert str(attr) == text
        assert cls(ir.Attribute.parse(text)).value == value
    with pytest.raises(ValueError, match="comparison_direction"):
        stablehlo.ComparisonDirectionAttr.get("BIGGER")
    with pytest.raises(ValueError):
        stablehlo.PrecisionAttr(ir.Attribute.parse("#stablehlo<comparison_direction LT>"))


@pytest.mark.parametrize("cls,fields,text", [
    (stablehlo.DotDimensionNumbers,
     dict(lhs_batching_dimensions=[0], rhs_batching_dimensions=[0],
          lhs_contracting_dimensions=[2], rhs_contracting_dimensions=[1]),
     "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
     "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>"),
    (stablehlo.GatherDimensionNumbers,
     dict(offset_dims=[1], collapsed_slice_dims=[0], operand_batching_dims=[],
          start_indices_batching_dims=[], start_index_map=[0], index_vector_dim=1),
     "#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], "
     "index_vector_dim = 1>"),
    (stablehlo.ScatterDimensionNumbers,
     dict(update_window_dims=[1], inserted_window_dims=[0], input_batching_dims=[2],
          scatter_indices_batching_dims=[0], scatter_dims_to_operand_dims=[0], index_vector_dim=1),
     "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], "
     "scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>"),
    (stablehlo.ConvDimensionNumbers,
     dict(input_batch_dimension=0, input_feature_dimension=3, input_spatial_dimensions=[1, 2],
          kernel_input_feature_dimension=2, kernel_output_feature_dimension=3,
          kernel_spatial_dimensions=[0, 1], output_batch_dimension=0,
          output_feature_dimension=3, output_spatial_dimensions=[1, 2]),
     "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>"),
    (stablehlo.ChannelHandle, dict(handle=1, type=2), "#stablehlo.channel_handle<handle = 1, type = 2>"),
    (stablehlo.OutputOperandAlias, dict(output_tuple_indices=[0], operand_index=1, operand_tuple_indices=[]),
     "#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>"),
])
def test_structured_attributes_build_print_and_read(ctx, cls, fields, text):
    attr = cls.get(**fields)
    assert str(attr) == text
    parsed = cls(ir.Attribute.parse(text))
    for name, value in fields.items():
        assert getattr(parsed, name) == value


def test_dot_algorithm_and_result_accuracy(ctx):
    algo = stablehlo.DotAlgorithm.get(
        lhs_precision_type=ir.BF16Type.get(), rhs_precision_type=ir.BF16Type.get(),
        accumulation_type=ir.F32Type.get(), lhs_component_count=1, rhs_component_count=1,
        num_primitive_operations=1, allow_imprecise_accumulation=False)
    assert str(algo).startswith("#stablehlo.dot_algorithm<lhs_precision_type = bf16")
    assert str(algo.accumulation_type) == "f32"
    acc = stablehlo.ResultAccuracy(ir.Attribute.parse(
        "#stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>"))
    assert acc.atol == pytest.approx(1e-5) and acc.rtol == 0.0 and acc.ulps == 2
    assert stablehlo.ResultAccuracyModeAttr(acc.mode).value == "TOLERANCE"


def test_token_and_bounds(ctx):
    token = stablehlo.TokenType.get()
    assert str(token) == "!stablehlo.token"
    assert stablehlo.TokenType.isinstance(ir.Type.parse("!stablehlo.token"))
    bounds = stablehlo.bounds_attr([None, 5])
    assert str(bounds) == "#stablehlo.bounds<?, 5>"
    assert stablehlo.get_bounds(bounds) == [None, 5]
    t = ir.RankedTensorType.get([3, ir.ShapedType.get_dynamic_size()], ir.F32Type.get(), bounds)
    assert str(t) == "tensor<3x?xf32, #stablehlo.bounds<?, 5>>"


def test_every_element_type_of_the_spec_is_accepted(ctx):
    types = ["i1", "i2", "i4", "i8", "i16", "i32", "i64", "ui2", "ui4", "ui8", "ui16", "ui32", "ui64",
             "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ",
             "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU", "bf16", "f16", "f32", "f64",
             "complex<f32>", "complex<f64>", "!quant.uniform<i8:f32, 0.5:-3>",
             "!quant.uniform<u4:f16:0, {0.5:1, 0.25:2}>"]
    for element in types:
        t = f"tensor<2x{element}>"
        ir.Module.parse(f"func.func @f(%a: {t}) -> {t} {{\n"
                        f"  %0 = stablehlo.add %a, %a : {t}\n  return %0 : {t}\n}}")
    with pytest.raises(ir.MLIRError, match="must be ranked tensor"):
        ir.Module.parse("func.func @f(%a: tensor<2xi128>) -> tensor<2xi128> {\n"
                        "  %0 = stablehlo.add %a, %a : tensor<2xi128>\n  return %0 : tensor<2xi128>\n}")


def test_check_dialect_ops_parse_and_print(ctx):
    text = """func.func @f(%a: tensor<2xf32>) {
  check.expect_eq %a, %a : tensor<2xf32>
  check.expect_eq_const %a, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq %a, %a : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<1.000000e+00> : tensor<2xf32>
  check.expect_close %a, %a, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  return
}"""
    module = ir.Module.parse(text)
    assert module.operation.verify()
    for op in ["expect_eq ", "expect_eq_const", "expect_almost_eq ", "expect_almost_eq_const", "expect_close"]:
        assert f"check.{op}" in str(module)
    assert hasattr(check, "ExpectCloseOp")


# --- bad input ---------------------------------------------------------------

def test_malformed_text_is_a_clear_error(ctx):
    with pytest.raises(ir.MLIRError, match="expected"):
        ir.Module.parse("func.func @f(%a: tensor<2xf32>) {\n  %0 = stablehlo.add %a : tensor<2xf32>\n  return\n}")


def test_unknown_stablehlo_op_is_a_clear_error(ctx):
    with pytest.raises(ir.MLIRError, match="stablehlo.frobnicate"):
        ir.Module.parse('func.func @f() {\n  "stablehlo.frobnicate"() : () -> ()\n  return\n}')


def test_dimension_lists_accept_python_sequences(ctx):
    def body(x):
        return stablehlo.broadcast_in_dim(f32(4, 3), x, [1])

    module = build([f32(3)], body)
    assert "stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>" in str(module)


def test_shape_functions_accept_attributes_without_properties(ctx):
    """InferTypeOpInterface through the C API passes attributes, not properties:
    shape functions read them from the attributes instead of crashing."""
    module = ir.Module.parse("func.func @f(%a: tensor<2x3xf32>, %b: tensor<f32>) {\n  return\n}")
    a, b = module.body.operations[0].regions[0].blocks[0].arguments

    def infer(cls, operands, attributes):
        return ir.InferTypeOpInterface(cls, ctx).inferReturnTypes(
            operands=operands, attributes=ir.DictAttr.get(attributes))

    assert [str(t) for t in infer(stablehlo.ReduceOp, [a, b], {"dimensions": ir.DenseI64ArrayAttr.get([1])})] \
        == ["tensor<2xf32>"]
    value = ir.DenseElementsAttr.get_splat(f32(4), ir.FloatAttr.get_f32(1.0))
    assert [str(t) for t in infer(stablehlo.ConstantOp, [], {"value": value})] == ["tensor<4xf32>"]
    with pytest.raises(Exception, match="infer"):
        infer(stablehlo.ReduceOp, [a, b], {})  # no dimensions: an error, not a crash


def test_convolution_infers_shape(ctx):
    """Result shape from C25: NHWC input, HWIO kernel, stride 2, SAME-like padding."""
    def body(a, b):
        return stablehlo.convolution(
            a, b, input_batch_dimension=0, input_feature_dimension=3, input_spatial_dimensions=[1, 2],
            kernel_input_feature_dimension=2, kernel_output_feature_dimension=3,
            kernel_spatial_dimensions=[0, 1], output_batch_dimension=0, output_feature_dimension=3,
            output_spatial_dimensions=[1, 2], window_strides=[2, 1], padding=[[1, 1], [0, -1]],
            window_reversal=[False, True])

    module = build([f32(8, 9, 7, 4), f32(3, 3, 4, 16)], body)
    text = str(module)
    # (9 + 2 - 3) // 2 + 1 = 5 and (7 - 1 - 3) + 1 = 4
    assert "-> tensor<8x5x4x16xf32>" in text
    assert ("dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], "
            "pad = [[1, 1], [0, -1]], reverse = [false, true]}") in text
    assert "batch_group_count = 1 : i64, feature_group_count = 1 : i64" in text


def test_convolution_builder_groups_and_result_type(ctx):
    def body(a, b):
        dims = stablehlo.ConvDimensionNumbers.get(
            input_batch_dimension=0, input_feature_dimension=1, input_spatial_dimensions=[2],
            kernel_input_feature_dimension=1, kernel_output_feature_dimension=0,
            kernel_spatial_dimensions=[2], output_batch_dimension=0, output_feature_dimension=1,
            output_spatial_dimensions=[2])
        return stablehlo.convolution(a, b, dims, feature_group_count=2, lhs_dilation=[2],
                                     result_type=ir.RankedTensorType.get([2, 6, 8], ir.F64Type.get()))

    module = build([f32(2, 4, 5), f32(6, 2, 2)], body)
    assert "dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {lhs_dilate = [2]}" in str(module)
    assert "feature_group_count = 2 : i64" in str(module)
    assert "-> tensor<2x6x8xf64>" in str(module)


def test_convolution_builder_names_the_violated_constraint(ctx):
    def body(a, b):  # kernel input features 3, lhs features 2
        return stablehlo.convolution(
            a, b, input_batch_dimension=0, input_feature_dimension=3, input_spatial_dimensions=[1, 2],
            kernel_input_feature_dimension=2, kernel_output_feature_dimension=3,
            kernel_spatial_dimensions=[0, 1], output_batch_dimension=0, output_feature_dimension=3,
            output_spatial_dimensions=[1, 2])

    with pytest.raises(ValueError, match="C14: rhs input feature dimension size 3"):
        build([f32(1, 4, 4, 2), f32(3, 3, 3, 2)], body)


_INFER_WITH_REGIONS = r'''
import mlir.ir as ir
from stablehlo_py._parsing import parse_module
m = parse_module("""
func.func @f(%x: tensor<4xf32>, %i: tensor<f32>, %k: tensor<1x1xi32>, %u: tensor<1xf32>) -> () {
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = "stablehlo.scatter"(%x, %k, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<4xf32>
  %3 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}""")
for op in m.body.operations[0].regions[0].blocks[0].operations:
    if not op.regions:
        continue
    attrs = ir.DictAttr.get({k: op.attributes[k] for k in op.attributes}, context=m.context)
    with m.context, op.location:
        types = ir.InferTypeOpInterface(op).inferReturnTypes(
            operands=list(op.operands), attributes=attrs, regions=list(op.regions))
    assert [str(t) for t in types] == [str(r.type) for r in op.results], (op, types)
print("ok")
'''


def test_type_inference_through_the_c_api_with_regions():
    """mlirInferTypeOpInterfaceInferReturnTypes (MLIR 22) hands shape functions
    released, null regions; they must read them as absent, not crash."""
    import sys

    proc = subprocess.run([sys.executable, "-c", _INFER_WITH_REGIONS], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", (proc.returncode, proc.stderr[-2000:])
