"""The dynamism ops against upstream StableHLO (jaxlib's parser, printer and
verifier) as the oracle: every valid program of test/lit/ops/<op>.mlir prints
identically on both sides, and every case of <op>_invalid.mlir is rejected by
both, but for the cases UPSTREAM_ACCEPTS lists (ours is stricter there).
Upstream runs in a subprocess (its MLIR and ours are separate builds)."""

from __future__ import annotations

import os
import re

import mlir.ir
import pytest

from conftest import REPO, upstream_parse
from stablehlo_py._parsing import parse_module

pytestmark = pytest.mark.upstream

OPS = ["dynamic_broadcast_in_dim", "dynamic_conv", "dynamic_gather", "dynamic_iota", "dynamic_pad",
       "dynamic_reshape", "real_dynamic_slice", "set_dimension_size"]
LIT = os.path.join(REPO, "test", "lit", "ops")

# Programs both verifiers reject (name -> (program, why)): shape operands of
# unknown length (a rank stays static; upstream's are statically shaped, and
# ours followed once this test showed the difference), index slice_sizes, and
# constant shape operands that contradict the operand.
ALIGNED = {
    "unknown_length_output_dimensions": ("""
func.func @f(%operand: tensor<?x1xi32>, %shape: tensor<?xi64>) -> tensor<?x?x?xi32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 2] : (tensor<?x1xi32>, tensor<?xi64>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}""", "rejects: a shape operand of unknown length, upstream requires a static shape"),
    "unknown_length_output_shape": ("""
func.func @f(%operand: tensor<?x4xi32>, %shape: tensor<?xi64>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<?x4xi32>, tensor<?xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}""", "rejects: a shape operand of unknown length, upstream requires a static shape"),
    "unknown_length_iota_shape": ("""
func.func @f(%shape: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}""", "rejects: a shape operand of unknown length, upstream requires a static shape"),
    "unknown_length_paddings": ("""
func.func @f(%operand: tensor<?x4xf32>, %value: tensor<f32>, %pads: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<?x4xf32>, tensor<f32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}""", "rejects: a shape operand of unknown length, upstream requires a static shape"),
    "unknown_length_slice_indices": ("""
func.func @f(%operand: tensor<?x4xf32>, %indices: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %indices : (tensor<?x4xf32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}""", "rejects: a shape operand of unknown length, upstream requires a static shape"),
    "unknown_length_slice_sizes": ("""
func.func @f(%operand: tensor<3x4x2xf32>, %start_indices: tensor<2x3x2xi32>, %sizes: tensor<?xi64>) -> tensor<2x3x?x?xf32> {
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<?xi64>) -> tensor<2x3x?x?xf32>
  return %0 : tensor<2x3x?x?xf32>
}""", "rejects: slice_sizes of unknown length, upstream requires a static shape"),
    "index_slice_sizes": ("""
func.func @f(%operand: tensor<3x4x2xf32>, %start_indices: tensor<2x3x2xi32>, %sizes: tensor<3xindex>) -> tensor<2x3x?x?xf32> {
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi32>, tensor<3xindex>) -> tensor<2x3x?x?xf32>
  return %0 : tensor<2x3x?x?xf32>
}""", "rejects: index slice_sizes, upstream's are integer tensors only"),
    "unknown_shape_conv_padding": ("""
func.func @f(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>, %padding: tensor<?x?xi64>) -> tensor<1x?x?x3xf32> {
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<?x?xi64>) -> tensor<1x?x?x3xf32>
  return %0 : tensor<1x?x?x3xf32>
}""", "rejects: a padding of unknown shape, upstream requires a static 2-D shape"),
    "constant_output_shape_element_count": ("""
func.func @f(%operand: tensor<2x3xf32>) -> tensor<?x2xf32> {
  %shape = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %operand, %shape : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}""", "rejects: 8 elements from 6 (C2 against a constant output_shape)"),
    "constant_output_dimensions_c5": ("""
func.func @f(%operand: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %shape = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [0, 1] : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}""", "rejects: broadcasting size 3 to 4 (C5 against a constant output_dimensions)"),
}

# Invalid cases of the lit files that upstream's verifier accepts: ours is
# stricter (what upstream accepts and the spec rejects is a spec deviation,
# test/lit/deviations/accepted_dynamism.mlir, not an invalid case), each time as the constraint cited demands (upstream's spec for the
# dynamic ops numbers them; the static form's for those it reuses; XLA's
# SetDimensionSize for set_dimension_size). (op, case) -> what upstream misses.
UPSTREAM_ACCEPTS = {
    ("dynamic_conv", "c24"): "precision_config has 2 entries",
}

def valid_program(op: str) -> str:
    with open(os.path.join(LIT, f"{op}.mlir"), encoding="utf-8") as fh:
        return fh.read()


def invalid_cases(op: str) -> list:
    """(function name, text) of each `// -----` case of <op>_invalid.mlir."""
    with open(os.path.join(LIT, f"{op}_invalid.mlir"), encoding="utf-8") as fh:
        chunks = fh.read().split("\n// -----\n")
    cases = [(re.search(r"func\.func @(\w+)", c).group(1), c) for c in chunks if "func.func" in c]
    assert cases and all("expected-error" in c for _, c in cases)
    return cases


def ours(text: str):
    """(accepted, printed text or error)."""
    try:
        return True, str(parse_module(text))
    except mlir.ir.MLIRError as e:
        return False, str(e)


@pytest.fixture(scope="module")
def upstream():
    """Text -> (accepted, printed or error) of upstream StableHLO, for every case at once."""
    pytest.importorskip("jax")
    texts = [valid_program(op) for op in OPS]
    texts += [text for op in OPS for _, text in invalid_cases(op)]
    texts += [text for text, _ in ALIGNED.values()]
    return upstream_parse(texts)


@pytest.mark.parametrize("op", OPS)
def test_valid_forms_print_as_upstream(op, upstream):
    text = valid_program(op)
    accepted, printed = ours(text)
    assert accepted, printed
    up_accepted, up_printed = upstream[text]
    assert up_accepted, up_printed
    assert printed == up_printed
    assert printed.count(f"stablehlo.{op}") >= 3


@pytest.mark.parametrize("op,name,text", [(op, name, text) for op in OPS for name, text in invalid_cases(op)],
                         ids=lambda v: v if isinstance(v, str) and "\n" not in v else "")
def test_invalid_cases_rejected_by_both(op, name, text, upstream):
    accepted, message = ours(text)
    assert not accepted, f"{op} {name}: ours accepts it"
    up_accepted, up_message = upstream[text]
    assert up_accepted == ((op, name) in UPSTREAM_ACCEPTS), f"{op} {name}: ours says {message}; upstream {up_message}"


@pytest.mark.parametrize("name", ALIGNED)
def test_aligned_rejections(name, upstream):
    text, _ = ALIGNED[name]
    accepted, message = ours(text)
    up_accepted, up_message = upstream[text]
    assert not accepted and not up_accepted, (message, up_message)
