"""StableHLO exported by torch-xla (`torch_xla.stablehlo.exported_program_to_stablehlo`) runs and
matches PyTorch. The fixtures and the script that made them are in test/producers/torch_xla/
(weights are leading arguments of @main there). torch-xla writes erf as
`stablehlo.custom_call @mhlo.erf` (XLA's encoding of ops StableHLO lacks, read back as chlo ops by
dialects/mhlo_encoding.py, also the stablehlo-py-recompose-chlo pass) and eigh as XLA's own
`custom_call @Eigh` (interpreter/kernels/custom_calls/lapack.py)."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.cli import main
from stablehlo_py.interpreter import InterpreterError
from testing.producers import assert_matches_framework, fixture_names, load_fixture

NAMES = fixture_names("torch_xla")
# the exported nn.LSTM returns h and c as 1x1x2x12 where PyTorch gives 1x2x12 (torchax's too)
RESHAPED = {"lstm"}


def test_every_fixture_is_here():
    # the zoo of test/producers/torch_models.py but gru (torch-xla 2.9 fails exporting nn.GRU)
    assert len(NAMES) == 11 and "erf_and_eigh" in NAMES, NAMES


@pytest.mark.parametrize("name", NAMES)
def test_torch_xla_export_runs_and_matches_pytorch(name):
    text, inputs, expected = load_fixture("torch_xla", name)
    assert_matches_framework(stablehlo_py.interpret(text, *inputs), expected, reshaped=name in RESHAPED)


def test_encoded_ops_become_ops_in_a_copy_of_the_callers_module():
    text, inputs, expected = load_fixture("torch_xla", "erf_and_eigh")
    module = stablehlo_py.parse_module(text)
    before = str(module)
    assert "@mhlo.erf" in before
    assert_matches_framework(stablehlo_py.interpret(module, *inputs), expected)
    assert str(module) == before


def test_recompose_pass(tmp_path, capsys):
    path = tmp_path / "erf.mlir"
    path.write_text(load_fixture("torch_xla", "erf_and_eigh")[0])
    assert main(["opt", str(path), "--pipeline", "stablehlo-py-recompose-chlo"]) == 0
    out = capsys.readouterr().out
    assert "chlo.erf %arg0 : tensor<4x4xf32> -> tensor<4x4xf32>" in out and "@mhlo.erf" not in out
    assert "custom_call @Eigh" in out  # XLA's own target: a call, not an encoded op


def _erf_call(attributes: str) -> str:
    return f"""func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {{
  %0 = stablehlo.custom_call @mhlo.erf(%x) {{mhlo.attributes = {{{attributes}}}, mhlo.version = 1 : i64}} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}}"""


def test_encoded_op_with_attributes_it_does_not_have_stays_a_call():
    # an attribute the op does not define would be dropped silently: the call is left, and
    # running it names the target
    with pytest.raises(InterpreterError, match="unsupported custom_call target @mhlo.erf"):
        stablehlo_py.interpret(_erf_call("largest = true"), np.zeros(3, np.float32))


def test_encoded_topk_reads_its_attributes():
    program = """func.func @main(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi32>
}"""
    x = np.array([[1, 5, 3, 5, -1], [0, -2, 7, 1, 2]], np.float32)
    values, indices = stablehlo_py.interpret(program, x)
    np.testing.assert_array_equal(values, [[5, 5], [7, 2]])
    np.testing.assert_array_equal(indices, [[1, 3], [2, 4]])


def test_eigh_backend_config_and_types_are_checked():
    def program(config, element="f32", values="tensor<2xf32>"):
        return f"""func.func @main(%a: tensor<2x2x{element}>) -> tensor<2x2x{element}> {{
  %0 = stablehlo.custom_call @Eigh(%a) {{backend_config = "{config}"}} : (tensor<2x2x{element}>) -> tuple<tensor<2x2x{element}>, {values}>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2x2x{element}>, {values}>) -> tensor<2x2x{element}>
  return %1 : tensor<2x2x{element}>
}}"""
    a = np.array([[2, 1], [1, 2]], np.float32)
    vectors = stablehlo_py.interpret(program("0,1,100,0.000001"), a)[0]  # upper triangle: the same here
    np.testing.assert_allclose(np.abs(vectors), np.full((2, 2), np.sqrt(0.5)), rtol=1e-6)
    with pytest.raises(InterpreterError, match=r"backend_config must be \"lower,sort,max_iter,tol\""):
        stablehlo_py.interpret(program("lower"), a)
    with pytest.raises(InterpreterError, match="eigenvalues of its shape without the last dimension"):
        stablehlo_py.interpret(program("1,1,100,0.000001", values="tensor<3xf32>"), a)
    with pytest.raises(InterpreterError, match="operand must be a tensor of f32, f64"):
        stablehlo_py.interpret(program("1,1,100,0.000001", "f16", "tensor<2xf16>"), a.astype(np.float16))


def test_eigh_reads_the_triangle_it_is_told():
    # only the chosen triangle is read: the other holds garbage
    program = """func.func @main(%a: tensor<3x3xf64>) -> tensor<3xf64> {
  %0 = stablehlo.custom_call @Eigh(%a) {backend_config = "LOWER,1,100,0.000001"} : (tensor<3x3xf64>) -> tuple<tensor<3x3xf64>, tensor<3xf64>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf64>, tensor<3xf64>>) -> tensor<3xf64>
  return %1 : tensor<3xf64>
}"""
    symmetric = np.array([[4, 1, 2], [1, 3, 0], [2, 0, 5]], np.float64)
    for lower, garbage in (("1", np.triu(np.full((3, 3), 99.0), 1)), ("0", np.tril(np.full((3, 3), 99.0), -1))):
        a = np.where(garbage != 0, garbage, symmetric)
        got = stablehlo_py.interpret(program.replace("LOWER", lower), a)[0]
        np.testing.assert_allclose(got, np.linalg.eigvalsh(symmetric), rtol=1e-13)
