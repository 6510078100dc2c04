"""Generated Python builders of batch norm, tokens and composite: result types
are inferred where the spec lets them be."""
from mlir import ir

from stablehlo_py.dialects import stablehlo
from conftest import build


def f32_tensor(*shape):
    return ir.RankedTensorType.get(list(shape), ir.F32Type.get())


def result_types(module):
    ops = module.body.operations[0].regions[0].blocks[0].operations
    return {op.name: [str(r.type) for r in op.results] for op in ops}


def test_batch_norm_builders_infer_the_operand_and_per_feature_types(ctx):
    eps, fi = ir.FloatAttr.get_f32(1e-3), ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1)

    def body(x, v):
        y = stablehlo.batch_norm_inference(x, v, v, v, v, eps, fi)
        out, mean, var = stablehlo.batch_norm_training(x, v, v, eps, fi)
        grads = stablehlo.batch_norm_grad(x, v, mean, var, out, eps, fi)
        return y, *grads

    types = result_types(build([f32_tensor(4, 3, 2), f32_tensor(3)], body))
    assert types["stablehlo.batch_norm_inference"] == ["tensor<4x3x2xf32>"]
    assert types["stablehlo.batch_norm_training"] == ["tensor<4x3x2xf32>", "tensor<3xf32>", "tensor<3xf32>"]
    assert types["stablehlo.batch_norm_grad"] == ["tensor<4x3x2xf32>", "tensor<3xf32>", "tensor<3xf32>"]


def test_token_builders_need_no_result_type(ctx):
    def body(t):
        return stablehlo.after_all([t, stablehlo.create_token()])

    types = result_types(build([stablehlo.TokenType.get()], body))
    assert types["stablehlo.after_all"] == ["!stablehlo.token"]
