"""StableHLO exported by torch-mlir (`torch_mlir.fx.export_and_import(..., output_type="stablehlo")`)
runs and matches PyTorch. The fixtures (program, inputs and PyTorch's outputs) and the script
that made them are in test/producers/torch_mlir/. torch-mlir writes weights as dense_resource
constants (a `dialect_resources` blob: a 4-byte alignment header, then the raw little-endian
elements) and small constants as `arith.constant`; both are read by the interpreter and the
passes."""

from __future__ import annotations

import glob
import os

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from conftest import REPO

FIXTURES = os.path.join(REPO, "test", "producers", "torch_mlir")
NAMES = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(FIXTURES, "*.mlir")))

# |ours - PyTorch| / max(1, |PyTorch|): at most 1.8e-7 measured over the fixtures
# (embedding_attention; PyTorch's kernels sum and fuse in other orders), times 4. Integer and
# boolean outputs match exactly.
ABSOLUTE_TOLERANCE = 4 * 1.8e-7


def _load(name):
    with open(os.path.join(FIXTURES, name + ".mlir"), encoding="utf-8") as fh:
        text = fh.read()
    with np.load(os.path.join(FIXTURES, name + ".npz")) as data:
        inputs = [data[f"input_{i}"] for i in range(sum(k.startswith("input_") for k in data.files))]
        outputs = [data[f"output_{i}"] for i in range(sum(k.startswith("output_") for k in data.files))]
    return text, inputs, outputs


def test_every_fixture_is_here():
    assert len(NAMES) == 10, NAMES


@pytest.mark.parametrize("name", NAMES)
def test_torch_mlir_export_runs_and_matches_pytorch(name):
    text, inputs, expected = _load(name)
    _check(stablehlo_py.interpret(text, *inputs), expected)


def _check(got, expected):
    assert len(got) == len(expected)
    for index, (g, e) in enumerate(zip(got, expected)):
        assert g.shape == e.shape and g.dtype == e.dtype, (index, g.shape, g.dtype, e.shape, e.dtype)
        if e.dtype.kind == "f":
            np.testing.assert_allclose(g, e, rtol=0, atol=ABSOLUTE_TOLERANCE * max(1.0, float(np.abs(e).max())),
                                       err_msg=f"output {index}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"output {index}")


@pytest.mark.parametrize("name", ["mlp_layernorm_gelu", "lstm", "indexing_and_masks"])
def test_passes_read_resources_and_arith_constants(name):
    # refine (the stablehlo-remove-dynamism pipeline) and the C++ folder and simplifier keep
    # dense_resource weights and arith.constant operands as they are, and the result still runs
    from mlir.passmanager import PassManager

    text, inputs, expected = _load(name)
    module = stablehlo_py.refine(text, [f"tensor<{'x'.join(map(str, a.shape))}x{_element(a)}>" for a in inputs])
    PassManager.parse("builtin.module(func.func(stablehlo-aggressive-folder, stablehlo-aggressive-simplification))",
                      context=module.context).run(module.operation)
    assert ("dense_resource<" in str(module)) == ("dense_resource<" in text)
    _check(stablehlo_py.interpret(module, *inputs), expected)


def _element(array) -> str:
    return {"float32": "f32", "int64": "i64", "int32": "i32"}[array.dtype.name]


def test_missing_resource_blob_is_a_clear_error():
    text, inputs, _ = _load("mlp_layernorm_gelu")
    without_blobs = text[:text.index("{-#")]
    with pytest.raises(InterpreterError, match=r"attribute 'value': dense_resource<torch_tensor.* has no data"):
        stablehlo_py.interpret(without_blobs, *inputs)


def test_resource_of_the_wrong_size_is_a_clear_error():
    text = """func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense_resource<blob> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F"
    }
  }
#-}"""
    with pytest.raises(InterpreterError, match="its blob holds 4 bytes, tensor<2xf32> needs 8"):
        stablehlo_py.interpret(text)


def test_boolean_resource_holds_one_byte_per_element():
    text = """func.func @main() -> tensor<3xi1> {
  %0 = stablehlo.constant dense_resource<blob> : tensor<3xi1>
  return %0 : tensor<3xi1>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x01000000010001"
    }
  }
#-}"""
    np.testing.assert_array_equal(stablehlo_py.interpret(text)[0], [True, False, True])
