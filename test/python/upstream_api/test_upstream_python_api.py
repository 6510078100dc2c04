"""Upstream StableHLO's Python API in stablehlo_py.dialects (issue 34): code written against
jaxlib's `mlir.dialects.stablehlo` / `chlo` runs on ours with one changed import.

Differential against jaxlib (1.17): the same call in both worlds gives the same printed
attribute, field values, repr and isinstance answers; our printed text parses in jaxlib and
reads back the same. eval_module is compared with jaxlib's reference interpreter, which runs in
a subprocess (it aborts the process on what it lacks). Errors on bad input are Python
exceptions, where jaxlib (for enum names) aborts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import ml_dtypes
import numpy as np
import pytest


@pytest.fixture(scope="module")
def worlds(jaxlib):
    """(ours, theirs): each a namespace with `ir`, `s` (stablehlo), `c` (chlo), `ctx`."""
    from types import SimpleNamespace

    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir.dialects import chlo as jchlo
    from mlir import ir

    import stablehlo_py
    from stablehlo_py.dialects import chlo, stablehlo

    js, _ = jaxlib
    return (SimpleNamespace(ir=ir, s=stablehlo, c=chlo, ctx=stablehlo_py.context()),
            SimpleNamespace(ir=jir, s=js, c=jchlo, ctx=jax_mlir.make_ir_context()))


def _plain(value):
    """A property's value in a world-independent form (MLIR objects as their text)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


# Each case: (module, class, call(w) -> the attribute, properties to compare). `w` is a world.
def _f32(w):
    return w.ir.F32Type.get()


def _bf16(w):
    return w.ir.BF16Type.get()


CASES = [
    ("s", "ComparisonDirectionAttr", lambda w: w.s.ComparisonDirectionAttr.get("LT"), ["value"]),
    ("s", "ComparisonDirectionAttr", lambda w: w.s.ComparisonDirectionAttr.get(value="NE"), ["value"]),
    ("s", "ComparisonTypeAttr", lambda w: w.s.ComparisonTypeAttr.get("TOTALORDER"), ["value"]),
    ("s", "PrecisionAttr", lambda w: w.s.PrecisionAttr.get("HIGHEST"), ["value"]),
    ("s", "RngAlgorithmAttr", lambda w: w.s.RngAlgorithmAttr.get("THREE_FRY"), ["value"]),
    ("s", "RngDistributionAttr", lambda w: w.s.RngDistributionAttr.get("NORMAL"), ["value"]),
    ("s", "FftTypeAttr", lambda w: w.s.FftTypeAttr.get("IRFFT"), ["value"]),
    ("s", "TransposeAttr", lambda w: w.s.TransposeAttr.get("ADJOINT"), ["value"]),
    ("s", "ResultAccuracyModeAttr", lambda w: w.s.ResultAccuracyModeAttr.get("TOLERANCE"), ["value"]),
    ("s", "ChannelHandle", lambda w: w.s.ChannelHandle.get(5, 2), ["handle", "channel_type"]),
    ("s", "ChannelHandle", lambda w: w.s.ChannelHandle.get(handle=-1, type=0), ["handle", "channel_type"]),
    ("s", "DotDimensionNumbers", lambda w: w.s.DotDimensionNumbers.get([], [], [1], [0]),
     ["lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
      "rhs_contracting_dimensions"]),
    ("s", "DotDimensionNumbers", lambda w: w.s.DotDimensionNumbers.get(
        lhs_batching_dimensions=[0, 1], rhs_batching_dimensions=[2, 3], lhs_contracting_dimensions=[4, 5],
        rhs_contracting_dimensions=[6, 7]),
     ["lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
      "rhs_contracting_dimensions"]),
    ("s", "GatherDimensionNumbers", lambda w: w.s.GatherDimensionNumbers.get([1], [0], [], [], [0], 1),
     ["offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
      "start_index_map", "index_vector_dim"]),
    ("s", "GatherDimensionNumbers", lambda w: w.s.GatherDimensionNumbers.get(
        offset_dims=[2], collapsed_slice_dims=[], operand_batching_dims=[0], start_indices_batching_dims=[1],
        start_index_map=[1, 2], index_vector_dim=0),
     ["offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
      "start_index_map", "index_vector_dim"]),
    ("s", "ScatterDimensionNumbers", lambda w: w.s.ScatterDimensionNumbers.get(
        update_window_dims=[1, 2, 3], inserted_window_dims=[4, 5], input_batching_dims=[0],
        scatter_indices_batching_dims=[1], scattered_dims_to_operand_dims=[6, 7], index_vector_dim=8),
     ["update_window_dims", "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims",
      "scattered_dims_to_operand_dims", "index_vector_dim"]),
    ("s", "ScatterDimensionNumbers", lambda w: w.s.ScatterDimensionNumbers.get([], [0], [], [], [0], 1),
     ["update_window_dims", "inserted_window_dims", "scattered_dims_to_operand_dims", "index_vector_dim"]),
    ("s", "ConvDimensionNumbers", lambda w: w.s.ConvDimensionNumbers.get(0, 3, [1, 2], 2, 3, [0, 1], 0, 3, [1, 2]),
     ["input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
      "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
      "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions"]),
    ("s", "ConvDimensionNumbers", lambda w: w.s.ConvDimensionNumbers.get(
        input_batch_dimension=0, input_feature_dimension=1, input_spatial_dimensions=[2, 3, 4],
        kernel_input_feature_dimension=0, kernel_output_feature_dimension=1, kernel_spatial_dimensions=[2, 3],
        output_batch_dimension=0, output_feature_dimension=1, output_spatial_dimensions=[2, 3], ctx=w.ctx),
     ["input_spatial_dimensions", "kernel_spatial_dimensions", "output_spatial_dimensions"]),
    ("s", "DotAlgorithm", lambda w: w.s.DotAlgorithm.get(_bf16(w), _bf16(w), _f32(w), 1, 1, 1, False),
     ["lhs_precision_type", "rhs_precision_type", "accumulation_type", "lhs_component_count",
      "rhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation"]),
    ("s", "DotAlgorithm", lambda w: w.s.DotAlgorithm.get(
        lhs_precision_type=_f32(w), rhs_precision_type=_f32(w), accumulation_type=_f32(w),
        lhs_component_count=1, rhs_component_count=1, num_primitive_operations=1,
        allow_imprecise_accumulation=False),
     ["lhs_precision_type", "lhs_component_count", "num_primitive_operations", "allow_imprecise_accumulation"]),
    ("s", "OutputOperandAlias", lambda w: w.s.OutputOperandAlias.get([0], 1, []),
     ["output_tuple_indices", "operand_index", "operand_tuple_indices"]),
    ("s", "OutputOperandAlias", lambda w: w.s.OutputOperandAlias.get(
        output_tuple_indices=[], operand_index=0, operand_tuple_indices=[1, 2]),
     ["output_tuple_indices", "operand_index", "operand_tuple_indices"]),
    ("s", "ResultAccuracyAttr", lambda w: w.s.ResultAccuracyAttr.get(0.0, 0.0, 0, "DEFAULT"),
     ["atol", "rtol", "ulps", "mode"]),
    ("s", "ResultAccuracyAttr", lambda w: w.s.ResultAccuracyAttr.get(1e-5, 0.5, 3, "TOLERANCE"),
     ["atol", "rtol", "ulps", "mode"]),
    ("s", "ResultAccuracyAttr",
     lambda w: w.s.ResultAccuracyAttr.get(atol=0.0, rtol=1e300, ulps=2**40, mode="TOLERANCE"),
     ["atol", "rtol", "ulps", "mode"]),
    ("s", "TypeExtensions", lambda w: w.s.TypeExtensions.get([128, w.ir.ShapedType.get_dynamic_size()]), ["bounds"]),
    ("s", "TypeExtensions", lambda w: w.s.TypeExtensions.get(bounds=[]), ["bounds"]),
    ("s", "SubAxisInfoAttr", lambda w: w.s.SubAxisInfoAttr.get(1, 2), ["pre_size", "size"]),
    ("s", "AxisRefAttr", lambda w: w.s.AxisRefAttr.get("x"), ["name", "sub_axis_info"]),
    ("s", "AxisRefAttr", lambda w: w.s.AxisRefAttr.get("y", w.s.SubAxisInfoAttr.get(2, 4)), ["name", "sub_axis_info"]),
    ("s", "MeshAxisAttr", lambda w: w.s.MeshAxisAttr.get("x", 4), ["name", "size"]),
    ("s", "MeshAttr", lambda w: w.s.MeshAttr.get(w.ir.ArrayAttr.get(
        [w.s.MeshAxisAttr.get("x", 4), w.s.MeshAxisAttr.get("y", 2)])), ["axes", "device_ids"]),
    ("s", "ReplicaGroupMeshAxesAttr", lambda w: w.s.ReplicaGroupMeshAxesAttr.get(
        w.s.MeshAttr.get(w.ir.ArrayAttr.get([w.s.MeshAxisAttr.get("x", 4), w.s.MeshAxisAttr.get("y", 2)])),
        w.ir.ArrayAttr.get([w.s.AxisRefAttr.get("x", w.s.SubAxisInfoAttr.get(1, 2))])), ["mesh", "axes"]),
    ("s", "ReplicaGroupMeshAxesAttr", lambda w: w.s.ReplicaGroupMeshAxesAttr.get(
        mesh=w.ir.FlatSymbolRefAttr.get("mesh"), axes=w.ir.ArrayAttr.get([w.s.AxisRefAttr.get("x")])),
     ["mesh", "axes"]),
    ("c", "ComparisonDirectionAttr", lambda w: w.c.ComparisonDirectionAttr.get("GE"), ["value"]),
    ("c", "ComparisonTypeAttr", lambda w: w.c.ComparisonTypeAttr.get("FLOAT"), ["value"]),
    ("c", "PrecisionAttr", lambda w: w.c.PrecisionAttr.get("HIGH"), ["value"]),
    ("c", "RaggedDotDimensionNumbers", lambda w: w.c.RaggedDotDimensionNumbers.get([0], [0], [2], [1], [1], [0]),
     ["lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
      "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions"]),
]


def _ids(case):
    return f"{case[0]}.{case[1]}"


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_attribute_matches_jaxlib(worlds, case):
    ours, theirs = worlds
    module, name, make, properties = case
    with ours.ctx, ours.ir.Location.unknown():
        mine = make(ours)
        cls = getattr(getattr(ours, module), name)
        assert type(mine) is cls
        mine_props = {p: _plain(getattr(mine, p)) for p in properties}
        mine_text, mine_repr = str(mine), repr(mine)
        assert cls.isinstance(mine) and str(cls(ours.ir.Attribute.parse(mine_text))) == mine_text
        assert not cls.isinstance(ours.ir.UnitAttr.get())
    with theirs.ctx, theirs.ir.Location.unknown():
        reference = make(theirs)
        jcls = getattr(getattr(theirs, module), name)
        assert mine_text == str(reference)
        assert mine_repr == repr(reference)
        assert mine_props == {p: _plain(getattr(reference, p)) for p in properties}
        # what we print, upstream reads back to the same fields
        parsed = jcls(theirs.ir.Attribute.parse(mine_text))
        assert {p: _plain(getattr(parsed, p)) for p in properties} == mine_props


def test_isinstance_tells_the_classes_apart(worlds):
    ours, theirs = worlds
    answers = []
    for w in worlds:
        with w.ctx, w.ir.Location.unknown():
            attrs = [make(w) for _, _, make, _ in CASES]
            classes = [getattr(getattr(w, m), n) for m, n, _, _ in CASES]
            answers.append([[cls.isinstance(a) for a in attrs] for cls in classes])
    assert answers[0] == answers[1]
    assert sum(map(sum, answers[0])) < len(CASES) ** 2 // 4  # not all true: it tells them apart


def test_a_cast_checks_the_kind(worlds):
    for w in worlds:
        with w.ctx, w.ir.Location.unknown():
            lt = w.ir.Attribute.parse("#stablehlo<comparison_direction LT>")
            assert w.s.ComparisonDirectionAttr(lt).value == "LT"
            assert type(lt).__name__ == "Attribute"  # parsing gives the generic class, in both
            for cls in (w.s.PrecisionAttr, w.c.ComparisonDirectionAttr, w.s.DotDimensionNumbers, w.s.TypeExtensions):
                with pytest.raises(ValueError, match="Cannot cast attribute to"):
                    cls(lt)


@pytest.mark.parametrize("call", [
    lambda w: w.s.DotDimensionNumbers.get([], [], [1], [0], bogus=1),  # no such keyword
    lambda w: w.s.DotDimensionNumbers.get("ab", [], [], []),  # a string is no list of ints
    lambda w: w.s.DotDimensionNumbers.get([1.5], [], [], []),
    lambda w: w.s.ChannelHandle.get(2**63, 0),  # beyond int64
    lambda w: w.s.ChannelHandle.get(1, 2, w.ctx, 4),  # one positional too many
    lambda w: w.s.ComparisonDirectionAttr.get(5),
    lambda w: w.s.ConvDimensionNumbers.get(0, 3, [1, 2], 2, 3, [0, 1], 0, 3, [1, 2], context=w.ctx, ctx=w.ctx),
    lambda w: w.s.DotAlgorithm.get(w.ir.F32Type.get(), "f32", w.ir.F32Type.get(), 1, 1, 1, False),
    lambda w: w.s.DotAlgorithm.get(w.ir.F32Type.get(), w.ir.F32Type.get(), w.ir.F32Type.get(), 1, 1, 1, 1),
    lambda w: w.s.ResultAccuracyAttr.get(0.0, 0.0, 0, 1),
    lambda w: w.s.ResultAccuracyAttr.get("a", 0.0, 0, "DEFAULT"),
    lambda w: w.s.AxisRefAttr.get(3),
    lambda w: w.s.TypeExtensions.get("12"),
    lambda w: w.s.FutureType.get([1]),
    lambda w: w.c.RaggedDotDimensionNumbers.get([0], [0], [2], [1], [1], [0], lhs_ragged_dimensions=[1]),
])
def test_bad_arguments_raise_type_error_in_both(worlds, call):
    for w in worlds:
        with w.ctx, w.ir.Location.unknown():
            with pytest.raises(TypeError):
                call(w)


@pytest.mark.parametrize("call", [
    lambda s: s.GatherDimensionNumbers.get([1], [0], [], [], [0], "1"),
    lambda s: s.MeshAxisAttr.get("x", "4"),
    lambda s: s.ChannelHandle.get(True, 2),
])
def test_we_are_stricter_with_ints(ctx, call):
    """jaxlib (nanobind) converts "4" and True to ints; a str or bool where an int is due is
    more likely a mistake than meant, so ours raises TypeError."""
    from stablehlo_py.dialects import stablehlo

    with pytest.raises(TypeError, match="expected an int"):
        call(stablehlo)


@pytest.mark.parametrize("call", [
    lambda s, c: s.ComparisonDirectionAttr.get("BIGGER"),
    lambda s, c: s.ComparisonDirectionAttr.get("lt"),
    lambda s, c: s.PrecisionAttr.get(""),
    lambda s, c: c.ComparisonTypeAttr.get("SIDEWAYS"),
    lambda s, c: s.ResultAccuracyAttr.get(0.0, 0.0, 0, "SOMETIMES"),
])
def test_bad_enum_names_raise_value_error(ctx, call):
    """(jaxlib aborts the process on these: LLVM ERROR: Invalid value.)"""
    from stablehlo_py.dialects import chlo, stablehlo

    with pytest.raises(ValueError):
        call(stablehlo, chlo)


def test_our_extensions_and_aliases(ctx):
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    # fields left out take the text's defaults (upstream requires them all)
    dims = stablehlo.GatherDimensionNumbers.get(offset_dims=[1], collapsed_slice_dims=[0], start_index_map=[0],
                                                index_vector_dim=1)
    assert dims.operand_batching_dims == [] and dims.start_indices_batching_dims == []
    # the text's spelling of the scatter field, as keyword and property
    scatter = stablehlo.ScatterDimensionNumbers.get(inserted_window_dims=[0], scatter_dims_to_operand_dims=[0],
                                                    index_vector_dim=1)
    assert scatter.scattered_dims_to_operand_dims == scatter.scatter_dims_to_operand_dims == [0]
    with pytest.raises(TypeError, match="multiple values"):
        stablehlo.ScatterDimensionNumbers.get(scatter_dims_to_operand_dims=[0], scattered_dims_to_operand_dims=[0])
    # ChannelHandle.type (ours) is the channel type, as channel_type
    handle = stablehlo.ChannelHandle.get(1, 2)
    assert handle.type == handle.channel_type == 2
    # ResultAccuracy (ours) gives the mode as its attribute
    accuracy = stablehlo.ResultAccuracy(stablehlo.ResultAccuracyAttr.get(0.0, 0.0, 1, "TOLERANCE"))
    assert stablehlo.ResultAccuracyModeAttr(accuracy.mode).value == "TOLERANCE"
    assert stablehlo.ResultAccuracyAttr(accuracy).mode == "TOLERANCE"
    # TypeExtensions takes None for '?' too, and reads back as upstream's int
    assert stablehlo.TypeExtensions.get([None, 3]).bounds == [ir.ShapedType.get_dynamic_size(), 3]
    # enum cases as the generated Python enums
    assert stablehlo.FftTypeAttr.get(stablehlo.FftType.RFFT).value == "RFFT"
    # a mesh's device ids in any spelling become upstream's parseable dense<...> form
    axes = ir.ArrayAttr.get([stablehlo.MeshAxisAttr.get("x", 2)])
    texts = {str(stablehlo.MeshAttr.get(axes, ids).device_ids) for ids in (
        ir.DenseI64ArrayAttr.get([1, 0]), [1, 0], ir.DenseElementsAttr.get(np.array([1, 0], np.int64)))}
    assert texts == {"dense<[1, 0]> : tensor<2xi64>"}
    with pytest.raises(ValueError):  # an axis the mesh lacks
        stablehlo.ReplicaGroupMeshAxesAttr.get(stablehlo.MeshAttr.get(axes),
                                               ir.ArrayAttr.get([stablehlo.AxisRefAttr.get("y")]))


def test_mesh_device_ids_read_back_in_jaxlib(worlds):
    """jaxlib's MeshAttr.get keeps an array<i64> as given, which its own parser rejects; ours
    makes it the dense<...> form, which jaxlib reads."""
    ours, theirs = worlds
    with ours.ctx:
        axes = ours.ir.ArrayAttr.get([ours.s.MeshAxisAttr.get("x", 2), ours.s.MeshAxisAttr.get("y", 2)])
        text = str(ours.s.MeshAttr.get(axes, ours.ir.DenseI64ArrayAttr.get([3, 2, 1, 0])))
    with theirs.ctx:
        parsed = theirs.s.MeshAttr(theirs.ir.Attribute.parse(text))
        assert str(parsed) == text and str(parsed.device_ids) == "dense<[3, 2, 1, 0]> : tensor<4xi64>"


def test_types(worlds):
    results = []
    for w in worlds:
        with w.ctx, w.ir.Location.unknown():
            token = w.s.TokenType.get()
            f32 = w.ir.RankedTensorType.get([2], w.ir.F32Type.get())
            i32 = w.ir.RankedTensorType.get([], w.ir.IntegerType.get_signless(32))
            future = w.s.FutureType.get([f32, i32])
            results.append([str(token), repr(token), w.s.TokenType.isinstance(token), w.s.TokenType.isinstance(f32),
                            str(future), repr(future), w.s.FutureType.isinstance(future),
                            w.s.FutureType.isinstance(token), [str(t) for t in future.types],
                            [str(t) for t in w.s.FutureType(w.ir.Type.parse(str(future))).types]])
    assert results[0] == results[1]
    assert results[0][:2] == ["!stablehlo.token", "TokenType(!stablehlo.token)"]


_FULL_ALGORITHM = ["lhs_precision_type = f32", "rhs_precision_type = f32", "accumulation_type = f32",
                   "lhs_component_count = 1", "rhs_component_count = 1", "num_primitive_operations = 1",
                   "allow_imprecise_accumulation = false"]
_ACCURACY_MODE = "mode = #stablehlo.result_accuracy_mode<TOLERANCE>"


def _fields(name, fields, trailing=""):
    return f"#stablehlo.{name}<{', '.join(fields)}{trailing}>"


@pytest.mark.parametrize("text", [
    # upstream: dot algorithm not known to be supported on any hardware
    "#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, "
    "lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, "
    "allow_imprecise_accumulation = true>",
    # upstream: lhs component count must be positive
    "#stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, "
    "lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, "
    "allow_imprecise_accumulation = false>",
    # upstream: Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero
    "#stablehlo.result_accuracy<rtol = 1.000000e+300, ulps = 2, mode = #stablehlo.result_accuracy_mode<HIGHEST>>",
    "#stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<DEFAULT>>",
    # upstream: Negative tolerance (-0.0 too)
    "#stablehlo.result_accuracy<atol = -0.0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>",
    "#stablehlo.result_accuracy<ulps = -1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>",
    # the syntax: dot_algorithm's fields are all required and result_accuracy's mode is; both keep
    # upstream's order
    *[_fields("dot_algorithm", _FULL_ALGORITHM[:i] + _FULL_ALGORITHM[i + 1:]) for i in range(7)],
    _fields("dot_algorithm", [_FULL_ALGORITHM[1], _FULL_ALGORITHM[0]] + _FULL_ALGORITHM[2:]),
    _fields("dot_algorithm", _FULL_ALGORITHM, trailing=","),
    _fields("dot_algorithm", []),
    _fields("result_accuracy", ["atol = 1.0e-05", "rtol = 0.0", "ulps = 1"]),
    _fields("result_accuracy", ["rtol = 0.0", "atol = 1.0e-05", _ACCURACY_MODE]),
    _fields("result_accuracy", [_ACCURACY_MODE, "ulps = 1"]),
    _fields("result_accuracy", []),
])
def test_parser_rejects_what_upstream_rejects(worlds, text):
    errors = []
    for w in worlds:
        with w.ctx:
            with pytest.raises(w.ir.MLIRError) as error:
                w.ir.Attribute.parse(text)
        diagnostic = error.value.error_diagnostics[0]
        errors.append((diagnostic.message, str(diagnostic.location)))
    assert errors[0] == errors[1]  # upstream's words, at upstream's column


@pytest.mark.parametrize("fields", [["ulps = 2", _ACCURACY_MODE], ["atol = 1.0e-05", "ulps = 1", _ACCURACY_MODE],
                                    [_ACCURACY_MODE]])
def test_optional_accuracy_fields_read_as_upstream_reads_them(worlds, fields):
    printed = []
    for w in worlds:
        with w.ctx:
            printed.append(str(w.ir.Attribute.parse(_fields("result_accuracy", fields))))
    assert printed[0] == printed[1]


_PRECISIONS = ["f8E5M2", "f8E4M3FN", "f8E3M4", "f8E8M0FNU", "bf16", "f16", "f32", "f64", "tf32", "i32"]


def _dot_algorithm(lhs, rhs, acc, lhs_count, rhs_count, ops, imprecise):
    return (f"#stablehlo.dot_algorithm<lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, "
            f"accumulation_type = {acc}, lhs_component_count = {lhs_count}, rhs_component_count = {rhs_count}, "
            f"num_primitive_operations = {ops}, allow_imprecise_accumulation = {str(imprecise).lower()}>")


def test_dot_algorithms_accepted_as_upstream_accepts_them(worlds):
    """The known algorithms: every precision triple (one component, one operation) and the
    decompositions of equal precisions, each accepted or refused as jaxlib's parser does."""
    import itertools

    texts = [_dot_algorithm(*types, 1, 1, 1, imprecise)
             for types in itertools.product(_PRECISIONS, repeat=3) for imprecise in (False, True)]
    texts += [_dot_algorithm(p, p, acc, *counts, False) for p in _PRECISIONS for acc in ("f32", p)
              for counts in itertools.product((1, 3), (1, 3), (2, 3, 6, 9))]
    accepted = []
    for w in worlds:
        with w.ctx:
            row = []
            for text in texts:
                try:
                    w.ir.Attribute.parse(text)
                    row.append(True)
                except w.ir.MLIRError:
                    row.append(False)
            accepted.append(row)
    assert accepted[0] == accepted[1]
    assert 20 < sum(accepted[0]) < len(texts) - 100


@pytest.mark.parametrize("call, message", [
    (lambda s, f32: s.DotAlgorithm.get(f32, f32, f32, 3, 3, 6, True),
     "dot algorithm not known to be supported on any hardware"),
    (lambda s, f32: s.DotAlgorithm.get(f32, f32, f32, 1, 1, 0, False), "num primitive operations must be positive"),
    (lambda s, f32: s.DotAlgorithm.get(f32, f32, f32), "lhs component count must be positive"),
    (lambda s, f32: s.ResultAccuracyAttr.get(0.0, 1e300, 2, "HIGHEST"),
     "Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero"),
    (lambda s, f32: s.ResultAccuracyAttr.get(-0.0, 0.0, 0, "TOLERANCE"), "Negative tolerance"),
    (lambda s, f32: s.ResultAccuracyAttr.get(0.0, 0.0, -2, "TOLERANCE"), "Negative tolerance"),
    (lambda s, f32: s.FutureType.get([f32]), "a future holds tensors, got 'f32'"),
])
def test_get_refuses_what_upstreams_parser_refuses(ctx, call, message):
    """jaxlib's get() builds these unverified (text its own parser then refuses); ours raises
    ValueError with the error upstream's parser gives."""
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    with pytest.raises(ValueError, match=message):
        call(stablehlo, ir.F32Type.get())


def test_future_of_no_types(ctx):
    """Upstream's FutureType.get([]) gives !stablehlo.future<>, which its parser cannot read
    back; ours reads it back."""
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    future = stablehlo.FutureType.get([])
    assert str(future) == "!stablehlo.future<>" and future.types == []
    assert ir.Type.parse("!stablehlo.future<>") == future
    assert stablehlo.FutureType(ir.Type.parse("!stablehlo.future< >")).types == []
    # a future of no tensors is awaited by no async_done: the verifier says why
    module = ir.Module.parse("func.func @f(%f: !stablehlo.future<>) {\n  return\n}")
    with ir.InsertionPoint(module.body.operations[0].regions[0].blocks[0].operations[0]), ir.Location.unknown():
        with pytest.raises(ir.MLIRError, match="C1: awaits a future of one tensor"):
            stablehlo.AsyncDoneOp(module.body.operations[0].arguments[0])


def test_versions_and_compatibility_requirements(worlds):
    ours, theirs = worlds
    for name in ("get_api_version", "get_current_version", "get_minimum_version"):
        assert type(getattr(ours.s, name)()) is type(getattr(theirs.s, name)())
    assert ours.s.get_api_version() == theirs.s.get_api_version()
    assert ours.s.get_minimum_version() == theirs.s.get_minimum_version()
    assert [m.name for m in ours.s.StablehloCompatibilityRequirement] == \
        [m.name for m in theirs.s.StablehloCompatibilityRequirement]
    for version in (("1.2.3", "1.10.0"), ("0.9.0", "0.19.1")):
        assert ours.s.get_smaller_version(*version) == theirs.s.get_smaller_version(*version)
    for member in ours.s.StablehloCompatibilityRequirement:
        version = ours.s.get_version_from_compatibility_requirement(member)
        assert ours.s.get_smaller_version(version, ours.s.get_current_version()) == version


#===--- Registration ------------------------------------------------------===#

# Module-level ops only: jaxlib's plain Context has no func dialect (upstream's own package has).
PROGRAMS = {
    "stablehlo": "%0 = stablehlo.constant dense<1.0> : tensor<2xf32>\n"
                 "%1 = stablehlo.add %0, %0 : tensor<2xf32>",
    "chlo": "%0 = chlo.constant dense<1.0> : tensor<2xf32>\n%1 = chlo.tan %0 : tensor<2xf32> -> tensor<2xf32>",
    "interpreter": "%0 = stablehlo.constant dense<1.0> : tensor<2xf32>\n"
                   "%1 = interpreter.probe %0, probe_id = \"p\" : tensor<2xf32>",
}


@pytest.mark.parametrize("load", [True, False])
@pytest.mark.parametrize("dialect", sorted(PROGRAMS))
def test_register_dialect_in_a_plain_context(worlds, dialect, load):
    printed = []
    for w in worlds:
        with w.ir.Context():
            with pytest.raises(w.ir.MLIRError):  # not there before
                w.ir.Module.parse(PROGRAMS[dialect])
        with w.ir.Context() as context:
            if dialect == "chlo":
                w.c.register_dialect(context, load=load)
            else:
                w.s.register_dialect(context, load=load)
                if dialect == "interpreter":
                    w.s.register_interpreter_dialect(context, load=load)
            printed.append(str(w.ir.Module.parse(PROGRAMS[dialect])))
    assert printed[0] == printed[1]


def test_register_check_and_vhlo_dialects():
    """(jaxlib has neither module; upstream's stablehlo package has both.)"""
    from mlir import ir

    import stablehlo_py  # noqa: F401
    from stablehlo_py.dialects import check, vhlo

    with ir.Context() as context:
        check.register_dialect(context)
        ir.Module.parse("func.func @f() {\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n"
                        "  check.expect_eq_const %0, dense<1.0> : tensor<f32>\n  return\n}")
    with ir.Context() as context:
        vhlo.register_dialect(context)
        ir.Module.parse('vhlo.func_v1 @main() -> () {\n  "vhlo.return_v1"() : () -> ()\n} '
                        '{arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, '
                        'sym_visibility = #vhlo.string_v1<"public">}')
        assert context.is_registered_operation("vhlo.func_v1")


def test_chlo_register_chlo_dialect(worlds):
    for w in worlds:
        with w.ir.Context() as context:
            w.c.register_chlo_dialect(context)
            w.ir.Module.parse(PROGRAMS["chlo"])


def test_register_stablehlo_passes(worlds):
    """After register_stablehlo_passes(), upstream's pass names parse in a pipeline and run."""
    from jaxlib.mlir.passmanager import PassManager as TheirPassManager
    from mlir.passmanager import PassManager

    ours, theirs = worlds
    program = ("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
               "  %0 = chlo.tan %a : tensor<2xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}")
    pipeline = ("builtin.module(func.func(chlo-legalize-to-stablehlo), stablehlo-legalize-to-vhlo, "
                "vhlo-to-version{target=1.10.0}, vhlo-legalize-to-stablehlo, stablehlo-refine-shapes)")
    theirs.s.register_stablehlo_passes()
    ours.s.register_stablehlo_passes()
    ours.s.register_stablehlo_passes()  # again: harmless
    for w, manager in ((theirs, TheirPassManager), (ours, PassManager)):
        with w.ctx:
            module = w.ir.Module.parse(program)
            manager.parse(pipeline).run(module.operation)
            assert "chlo.tan" not in str(module) and "stablehlo." in str(module)


#===--- eval_module -------------------------------------------------------===#

_JAXLIB_EVAL = r"""
import json, os, sys
import numpy as np
from jax._src.interpreters import mlir as jm
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo
out = []
for job in json.load(sys.stdin):
    ctx = jm.make_ir_context()
    stablehlo.register_interpreter_dialect(ctx)
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(job["program"])
        args = [ir.Attribute.parse(a) for a in job["args"]]
        try:
            results = stablehlo.eval_module(module, args, probe_instrumentation_dir=job["probe_dir"])
            out.append({"ok": True, "results": [str(r) for r in results],
                        "classes": [type(r).__name__ for r in results]})
        except Exception as e:
            out.append({"ok": False, "error": type(e).__name__})
json.dump(out, sys.stdout)
"""


def jaxlib_eval(jobs: list) -> list:
    """jaxlib's eval_module on each job (program, args as text, probe_dir), in a subprocess."""
    proc = subprocess.run([sys.executable, "-c", _JAXLIB_EVAL], input=json.dumps(jobs), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def our_eval(job: dict) -> dict:
    import stablehlo_py
    from mlir import ir
    from stablehlo_py.dialects import stablehlo

    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.parse(job["program"])
        args = [ir.Attribute.parse(a) for a in job["args"]]
        try:
            results = stablehlo.eval_module(module, args, probe_instrumentation_dir=job["probe_dir"])
            return {"ok": True, "results": [str(r) for r in results], "classes": [type(r).__name__ for r in results]}
        except Exception as e:  # noqa: BLE001 - compared with jaxlib's
            return {"ok": False, "error": type(e).__name__}


def _binary_program(element: str, shape: str, op: str = "add") -> str:
    t = f"tensor<{shape}{element}>"
    return (f"func.func @main(%a: {t}, %b: {t}) -> ({t}, {t}) {{\n"
            f"  %0 = stablehlo.{op} %a, %b : {t}\n"
            f"  %1 = stablehlo.maximum %a, %b : {t}\n"
            f"  return %0, %1 : {t}, {t}\n}}")


ELEMENT_CASES = [  # element type, two argument literals (shape 3)
    ("f32", "[1.5, -2.0, 3.0e38]", "[0.25, 2.0, 3.0e38]"),
    ("f16", "[1.5, -2.0, 60000.0]", "[0.25, 2.0, 10000.0]"),
    ("f64", "[1.0e-300, -2.0, 3.0]", "[1.0e-300, 2.0, -3.0]"),
    ("bf16", "[1.5, -2.0, 3.0]", "[0.25, 2.0, 1.0e38]"),
    ("f8E4M3FN", "[1.0, 448.0, -2.0]", "[0.5, 448.0, 0.125]"),
    ("f8E5M2", "[1.0, 57344.0, -2.0]", "[0.5, 1.0, 0.125]"),
    ("i1", "[true, false, true]", "[false, false, true]"),
    ("i4", "[3, -4, 7]", "[3, -5, 7]"),
    ("ui4", "[3, 15, 7]", "[12, 1, 9]"),
    ("i8", "[127, -128, 5]", "[1, -1, -5]"),
    ("ui8", "[200, 3, 255]", "[100, 3, 1]"),
    ("i16", "[32767, -2, 0]", "[1, -2, 0]"),
    ("ui32", "[4294967295, 0, 7]", "[1, 0, 7]"),
    ("i64", "[9223372036854775807, -1, 0]", "[1, -1, 0]"),
    ("ui64", "[18446744073709551615, 1, 2]", "[1, 1, 2]"),
]


def test_eval_module_matches_jaxlib_for_each_element_type():
    jobs = [{"program": _binary_program(e, "3x"), "probe_dir": "",
             "args": [f"dense<{a}> : tensor<3x{e}>", f"dense<{b}> : tensor<3x{e}>"]} for e, a, b in ELEMENT_CASES]
    # splats, scalars and empty tensors too
    jobs += [{"program": _binary_program("f32", "2x2x"), "args": ["dense<1.0> : tensor<2x2xf32>"] * 2, "probe_dir": ""},
             {"program": _binary_program("i1", ""), "args": ["dense<true> : tensor<i1>"] * 2, "probe_dir": ""},
             {"program": _binary_program("i32", "0x"), "args": ["dense<> : tensor<0xi32>"] * 2, "probe_dir": ""}]
    theirs = jaxlib_eval(jobs)
    ours = [our_eval(job) for job in jobs]
    for job, mine, reference in zip(jobs, ours, theirs):
        assert mine == reference, job["args"]
    assert all(r["ok"] for r in ours)


def test_eval_module_errors_match_jaxlib():
    program = _binary_program("f32", "3x")
    good = "dense<1.0> : tensor<3xf32>"
    jobs = [{"program": program, "args": [good], "probe_dir": ""},  # too few
            {"program": program, "args": [good, "dense<1.0> : tensor<2xf32>"], "probe_dir": ""},  # wrong shape
            {"program": program, "args": [good, "dense<1.0> : tensor<3xf64>"], "probe_dir": ""},  # wrong element
            {"program": program, "args": [good, "1.0 : f32"], "probe_dir": ""},  # no elements attribute
            {"program": program.replace("@main", "@f") + "\n" + program.replace("@main", "@g"),
             "args": [good, good], "probe_dir": ""}]  # no @main among two functions
    theirs = jaxlib_eval(jobs)
    ours = [our_eval(job) for job in jobs]
    assert ours == theirs
    assert all(r == {"ok": False, "error": "ValueError"} for r in ours)


def test_eval_module_refines_a_dynamic_entry_and_takes_the_only_function():
    jobs = [{"program": "func.func @only(%a: tensor<?xf32>) -> tensor<?xf32> {\n"
                        "  %0 = stablehlo.add %a, %a : tensor<?xf32>\n  return %0 : tensor<?xf32>\n}",
             "args": ["dense<[1.0, 2.0, 3.0]> : tensor<3xf32>"], "probe_dir": ""}]
    assert [our_eval(job) for job in jobs] == jaxlib_eval(jobs)


def test_eval_module_quantized_entry_takes_and_gives_storage_integers():
    """(jaxlib's context has no quant dialect to compare with: checked by hand, 0.5 * (q - 1).)"""
    t = "tensor<2x!quant.uniform<i8:f32, 0.5:1>>"
    program = f"func.func @main(%a: {t}) -> {t} {{\n  %0 = stablehlo.add %a, %a : {t}\n  return %0 : {t}\n}}"
    assert our_eval({"program": program, "args": ["dense<[3, -4]> : tensor<2xi8>"], "probe_dir": ""}) == \
        {"ok": True, "results": ["dense<[5, -9]> : tensor<2xi8>"], "classes": ["DenseIntElementsAttr"]}
    assert our_eval({"program": program, "args": ["dense<[3, -4]> : tensor<2xi16>"], "probe_dir": ""}) == \
        {"ok": False, "error": "ValueError"}


def test_eval_module_every_element_type_round_trips(ctx):
    """What jaxlib cannot express (complex has no Python class there) and the sub-byte floats:
    arguments built from raw storage, results checked against numpy."""
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    cases = [("complex<f32>", np.array([1 + 2j, -3.5 - 0.5j], np.complex64)),
             ("complex<f64>", np.array([1e300 + 2j, -0.0 - 1j], np.complex128)),
             ("f4E2M1FN", np.array([1.0, -1.5], ml_dtypes.float4_e2m1fn)),
             ("f6E3M2FN", np.array([0.25, -3.0], ml_dtypes.float6_e3m2fn)),
             ("f8E4M3FNUZ", np.array([1.0, -2.0], ml_dtypes.float8_e4m3fnuz)),
             ("ui2", np.array([1, 3], ml_dtypes.uint2)),
             ("i2", np.array([1, -2], ml_dtypes.int2))]
    from stablehlo_py._upstream_eval import array_dense_elements

    for element, values in cases:
        program = (f"func.func @main(%a: tensor<2x{element}>) -> tensor<2x{element}> {{\n"
                   f"  %0 = stablehlo.negate %a : tensor<2x{element}>\n  return %0 : tensor<2x{element}>\n}}")
        if element.startswith("ui"):
            program = program.replace("stablehlo.negate %a", "stablehlo.add %a, %a")
        module = ir.Module.parse(program)
        arg = array_dense_elements(values, element, module.context)
        assert str(arg.type) == f"tensor<2x{element}>"
        (result,) = stablehlo.eval_module(module, [arg])
        expected = values + values if element.startswith("ui") else -values
        if element.startswith("ui"):
            expected = (values.astype(np.int16) * 2 % 4).astype(values.dtype)
        elif element == "i2":
            expected = np.array([-1, -2], ml_dtypes.int2)  # -(-2) wraps in 2 bits
        assert str(result) == str(array_dense_elements(expected, element, module.context)), element


def test_eval_module_probes_write_upstreams_files(tmp_path):
    program = ('func.func @main(%a: tensor<3xf32>) -> tensor<3xi1> {\n'
               '  %0 = stablehlo.add %a, %a : tensor<3xf32>\n'
               '  %1 = interpreter.probe %0, probe_id = "add:0" : tensor<3xf32>\n'
               '  %2 = stablehlo.compare GT, %1, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>\n'
               '  %3 = interpreter.probe %2, probe_id = "cmp" : tensor<3xi1>\n'
               '  %4 = stablehlo.convert %0 : (tensor<3xf32>) -> tensor<3xbf16>\n'
               '  %5 = interpreter.probe %4, probe_id = "bf" : tensor<3xbf16>\n'
               '  %6 = stablehlo.convert %0 : (tensor<3xf32>) -> tensor<3xf16>\n'
               '  %7 = interpreter.probe %6, probe_id = "half" : tensor<3xf16>\n'
               '  return %3 : tensor<3xi1>\n}')
    args = ["dense<[1.0, -2.0, 3.0]> : tensor<3xf32>"]
    dirs = {"ours": tmp_path / "ours", "theirs": tmp_path / "theirs"}
    for d in dirs.values():
        d.mkdir()
        (d / "index.csv").write_text("stale,tensor<f32>,old.npy\n")  # a run replaces it
    theirs = jaxlib_eval([{"program": program, "args": args, "probe_dir": str(dirs["theirs"])}])
    ours = [our_eval({"program": program, "args": args, "probe_dir": str(dirs["ours"])})]
    assert ours == theirs and ours[0]["ok"]
    indexes = {k: (d / "index.csv").read_text().replace(str(d), "DIR") for k, d in dirs.items()}
    assert indexes["ours"] == indexes["theirs"]
    assert indexes["ours"].splitlines() == ["add:0,tensor<3xf32>,DIR/probe1.npy", "cmp,tensor<3xi1>,DIR/probe2.npy",
                                           "bf,tensor<3xbf16>,DIR/probe3.npy", "half,tensor<3xf16>,DIR/probe4.npy"]
    for n in range(1, 5):
        mine, reference = (np.load(d / f"probe{n}.npy") for d in (dirs["ours"], dirs["theirs"]))
        assert mine.dtype == reference.dtype and np.array_equal(mine, reference), n


def test_eval_module_probes_without_a_directory_stay_in_memory(ctx):
    """(upstream fails the run: "Probe serialization directory cannot be empty".)"""
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    module = ir.Module.parse('func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {\n'
                             '  %0 = interpreter.probe %a, probe_id = "p" : tensor<2xi32>\n'
                             '  return %0 : tensor<2xi32>\n}')
    arg = ir.DenseElementsAttr.get(np.array([4, 5], np.int32))
    assert [str(r) for r in stablehlo.eval_module(module, [arg])] == ["dense<[4, 5]> : tensor<2xi32>"]


def test_eval_module_bad_calls_raise(ctx):
    from mlir import ir

    from stablehlo_py.dialects import stablehlo

    module = ir.Module.parse(_binary_program("f32", "3x"))
    arg = ir.DenseElementsAttr.get(np.ones(3, np.float32))
    with pytest.raises(TypeError):
        stablehlo.eval_module("not a module", [arg, arg])
    with pytest.raises(TypeError):
        stablehlo.eval_module(module, 5)
    with pytest.raises(TypeError):
        stablehlo.eval_module(module, [arg, arg], probe_instrumentation_dir=3)
    failing = ir.Module.parse('func.func @main() -> () {\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n'
                              '  check.expect_eq_const %0, dense<2.0> : tensor<f32>\n  return\n}')
    with pytest.raises(ValueError, match="interpreter failed"):
        stablehlo.eval_module(failing, [])


#===--- Builders with upstream's signatures -------------------------------===#


BUILDER_SNIPPETS = {
    "dot_general": """
        out = ir.RankedTensorType.get([2, 2], f32)
        dims = stablehlo.DotDimensionNumbers.get([], [], [1], [0])
        return [stablehlo.dot_general(out, x, y, dims)]""",
    "convolution": """
        lhs = stablehlo.reshape(ir.RankedTensorType.get([1, 2, 3, 1], f32), x)
        rhs = stablehlo.reshape(ir.RankedTensorType.get([1, 1, 1, 1], f32), stablehlo.slice(y, [0, 0], [1, 1], [1, 1]))
        dims = stablehlo.ConvDimensionNumbers.get(0, 3, [1, 2], 2, 3, [0, 1], 0, 3, [1, 2])
        out = ir.RankedTensorType.get([1, 2, 3, 1], f32)
        return [stablehlo.convolution(out, lhs, rhs, dims, 1, 1, window_strides=[1, 1])]""",
    "reduce": """
        init = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        results = stablehlo.reduce([ir.RankedTensorType.get([2], f32)], [x], [init], [1])
        block = results.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(block):
            stablehlo.return_([stablehlo.add(*block.arguments)])
        return [results]""",
    "sort": """
        result = stablehlo.sort([x.type], [x], dimension=1)
        block = result.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(block):
            stablehlo.return_([stablehlo.compare(*block.arguments, stablehlo.ComparisonDirectionAttr.get("LT"))])
        return [result]""",
    "map": """
        result = stablehlo.map(x.type, [x, x], [0, 1])
        block = result.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(block):
            stablehlo.return_([stablehlo.multiply(*block.arguments)])
        return [result]""",
    "scatter": """
        indices = stablehlo.constant(ir.DenseElementsAttr.get(np.array([[1]], np.int32)))
        updates = stablehlo.slice(x, [0, 0], [1, 3], [1, 1])
        dims = stablehlo.ScatterDimensionNumbers.get([1], [0], [], [], [0], 1)
        result = stablehlo.scatter([x.type], [x], indices, [updates], dims, indices_are_sorted=True)
        block = result.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(block):
            stablehlo.return_([stablehlo.add(*block.arguments)])
        return [result]""",
    "reduce_window": """
        init = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        result = stablehlo.reduce_window([ir.RankedTensorType.get([1, 2], f32)], [x], [init], [2, 2],
                                         window_strides=[1, 1])
        block = result.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(block):
            stablehlo.return_([stablehlo.maximum(*block.arguments)])
        return [result]""",
    "select_and_scatter": """
        init = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        source = stablehlo.slice(x, [0, 0], [1, 2], [1, 1])
        op = stablehlo.select_and_scatter(x.type, x, source, init, window_dimensions=[2, 2], window_strides=[1, 1])
        select = op.owner.regions[0].blocks.append(scalar, scalar)
        with ir.InsertionPoint(select):
            stablehlo.return_([stablehlo.compare(*select.arguments, stablehlo.ComparisonDirectionAttr.get("GE"))])
        combine = op.owner.regions[1].blocks.append(scalar, scalar)
        with ir.InsertionPoint(combine):
            stablehlo.return_([stablehlo.add(*combine.arguments)])
        return [op]""",
    "legacy ops without result types": """
        summed = stablehlo.cross_replica_sum(x, ir.DenseElementsAttr.get(np.array([[0]], np.int64)))
        zero = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        one = stablehlo.constant(ir.DenseElementsAttr.get(np.array(1, np.float32)))
        shape = stablehlo.constant(ir.DenseElementsAttr.get(np.array([2, 5], np.int64)))
        random = stablehlo.rng(zero, one, shape, stablehlo.RngDistributionAttr.get("UNIFORM"))
        indices = stablehlo.constant(ir.DenseElementsAttr.get(np.array([[1], [0]], np.int32)))
        sizes = stablehlo.constant(ir.DenseElementsAttr.get(np.array([1, 3], np.int32)))
        gathered = stablehlo.dynamic_gather(x, indices, sizes, stablehlo.GatherDimensionNumbers.get(
            [1], [0], [], [], [0], 1))
        return [summed, random, gathered]""",
    "legacy ops inferring from operands that are not constants": """
        i32 = ir.IntegerType.get_signless(32)
        zero = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        shape = stablehlo.iota(ir.RankedTensorType.get([2], ir.IntegerType.get_signless(64)), 0)
        random = stablehlo.RngOp(zero, zero, shape, stablehlo.RngDistributionAttr.get("NORMAL")).result
        indices = stablehlo.constant(ir.DenseElementsAttr.get(np.array([[1], [0]], np.int32)))
        sizes = stablehlo.iota(ir.RankedTensorType.get([2], i32), 0)
        gathered = stablehlo.DynamicGatherOp(x, indices, sizes, stablehlo.GatherDimensionNumbers.get(
            [1], [0], [], [], [0], 1), indices_are_sorted=True).result
        summed = stablehlo.CrossReplicaSumOp(y, ir.DenseElementsAttr.get(np.array([[0]], np.int64))).result
        return [random, gathered, summed]""",
}

_BUILDER_PROGRAM = """
import numpy as np
{imports}

with ir.Context() as ctx, ir.Location.unknown():
    {setup}
    stablehlo.register_dialect(ctx)
    f32 = ir.F32Type.get()
    scalar = ir.RankedTensorType.get([], f32)
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        def body(x, y):
{body}
        func.FuncOp.from_py_func(ir.RankedTensorType.get([2, 3], f32), ir.RankedTensorType.get([3, 2], f32),
                                 name="main")(body)
    print(module)
"""
_THEIR_IMPORTS = "from jaxlib.mlir import ir\nfrom jaxlib.mlir.dialects import func, stablehlo"
_OUR_IMPORTS = "from mlir import ir\nfrom mlir.dialects import func\nfrom stablehlo_py.dialects import stablehlo"
# A Context of MLIR's own Python package (ours; upstream StableHLO's) has MLIR's dialects (func...);
# jaxlib's has none until given JAX's registry: the one line that is not the user's code.
_THEIR_SETUP = ("from jax._src.interpreters.mlir import upstream_dialects; "
                "ctx.append_dialect_registry(upstream_dialects); ctx.load_all_available_dialects()")
_SETUP = {_OUR_IMPORTS: "pass", _THEIR_IMPORTS: _THEIR_SETUP}


def _run_snippet(source: str) -> str:
    proc = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


@pytest.mark.parametrize("name", sorted(BUILDER_SNIPPETS))
def test_builders_take_upstreams_arguments(name):
    body = textwrap.indent(textwrap.dedent(BUILDER_SNIPPETS[name]).strip(), " " * 12)
    texts = [_run_snippet(_BUILDER_PROGRAM.format(imports=imports, body=body, setup=_SETUP[imports]))
             for imports in (_OUR_IMPORTS, _THEIR_IMPORTS)]
    assert texts[0] == texts[1]
    assert "stablehlo." in texts[0]


@pytest.mark.parametrize("body, message", [
    # a shape of unknown length: no rank to infer (upstream infers tensor<f32>)
    ("stablehlo.rng(s, s, dyn_shape, stablehlo.RngDistributionAttr.get('UNIFORM'))", "must be ranked tensor"),
    # negative sizes: dynamic ones inferred, the verifier names the constraint
    ("stablehlo.rng(s, s, const([-2, 5]), stablehlo.RngDistributionAttr.get('UNIFORM'))",
     "C3: shape \\[-2, 5\\] must not have negative sizes"),
    # slice sizes of the wrong count, and too large (upstream refuses these at build)
    ("stablehlo.dynamic_gather(x, idx, const([1, 3, 1]), dims)", "C11: slice_sizes must have one entry"),
    ("stablehlo.dynamic_gather(x, idx, const([5, 3]), dims)", "slice_sizes"),
    # a shape constant past 64 bits (its type is refused by the verifier, after inference read it)
    ("stablehlo.rng(s, s, huge(), stablehlo.RngDistributionAttr.get('UNIFORM'))", "must be ranked tensor"),
])
def test_inferring_builders_on_bad_operands(ctx, body, message):
    """Bad operands give a placeholder result type and a verifier error naming the constraint,
    never an abort."""
    from conftest import build

    from mlir import ir
    from stablehlo_py.dialects import stablehlo

    f32 = ir.F32Type.get()
    i64 = ir.IntegerType.get_signless(64)

    def const(values):
        return stablehlo.constant(ir.DenseElementsAttr.get(np.array(values, np.int64)))

    def huge():
        return stablehlo.constant(ir.DenseElementsAttr(ir.Attribute.parse(
            "dense<[170141183460469231731687303715884105727, 3]> : tensor<2xi128>")))

    def main(x, idx, s, dyn_shape):
        dims = stablehlo.GatherDimensionNumbers.get([1], [0], [], [], [0], 1)
        return eval(body, {"stablehlo": stablehlo, "const": const, "huge": huge, "x": x, "idx": idx, "s": s,
                           "dyn_shape": dyn_shape, "dims": dims})

    module = build([ir.RankedTensorType.get([2, 3], f32), ir.RankedTensorType.get([2, 1], i64),
                    ir.RankedTensorType.get([], f32), ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size()], i64)],
                   main, verify=False)
    with pytest.raises(ir.MLIRError, match=message):
        module.operation.verify()


def test_our_builders_keep_working_under_both_names(ctx):
    from conftest import build

    from stablehlo_py.dialects import stablehlo
    from mlir import ir

    f32 = ir.RankedTensorType.get([2, 3], ir.F32Type.get())

    def body(x):
        zero = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
        a = stablehlo.reduce([x], [zero], [1], lambda p, q: [stablehlo.add(p, q)])
        b = stablehlo.build_reduce([x], [zero], [1], lambda p, q: [stablehlo.add(p, q)])
        c = stablehlo.sort([x], lambda p, q: stablehlo.compare(p, q, stablehlo.ComparisonDirectionAttr.get("LT")))
        d = stablehlo.dot_general(x, x, lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[1])
        return a, b, c, d

    module = build([f32], body)
    text = str(module)
    with ir.InsertionPoint(module.body):  # upstream's class needs no num_composite_regions
        composite = stablehlo.CompositeOp([f32], [], "my.op", "callee")
    assert composite.operation.name == "stablehlo.composite" and len(composite.operation.regions) == 0
    assert text.count("stablehlo.reduce(") == 2 and "stablehlo.dot_general" in text and "stablehlo.sort" in text
    assert "tensor<2x2xf32>" in text  # the dot's type was inferred


#===--- A user's upstream-style code, with only the import changed ---------===#

MIGRATION = """
import numpy as np
{imports}

with ir.Context() as ctx, ir.Location.unknown():
    {setup}
    stablehlo.register_dialect(ctx)
    chlo.register_dialect(ctx)
    f32 = ir.F32Type.get()
    scalar = ir.RankedTensorType.get([], f32)
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        @func.FuncOp.from_py_func(ir.RankedTensorType.get([2, 3], f32), ir.RankedTensorType.get([3, 2], f32))
        def main(x, y):
            dims = stablehlo.DotDimensionNumbers.get(lhs_batching_dimensions=[], rhs_batching_dimensions=[],
                                                     lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[0])
            precision = ir.ArrayAttr.get([stablehlo.PrecisionAttr.get("DEFAULT")] * 2)
            product = stablehlo.dot_general(ir.RankedTensorType.get([2, 2], f32), x, y, dims,
                                            precision_config=precision)
            zero = stablehlo.constant(ir.DenseElementsAttr.get(np.zeros((2, 2), np.float32)))
            positive = stablehlo.compare(product, zero, stablehlo.ComparisonDirectionAttr.get("GT"),
                                         compare_type=stablehlo.ComparisonTypeAttr.get("FLOAT"))
            relu = stablehlo.select(positive, product, zero)
            init = stablehlo.constant(ir.DenseElementsAttr.get(np.array(0, np.float32)))
            total = stablehlo.ReduceOp([ir.RankedTensorType.get([2], f32)], [relu], [init], dimensions=[1])
            block = total.body.blocks.append(scalar, scalar)
            with ir.InsertionPoint(block):
                stablehlo.return_([stablehlo.add(*block.arguments)])
            return relu, total.result
    assert module.operation.verify()
    print(module)
    assert stablehlo.ComparisonDirectionAttr.isinstance(positive_attr := ir.Attribute.parse(
        "#stablehlo<comparison_direction GT>"))
    print(stablehlo.ComparisonDirectionAttr(positive_attr).value)
    version = stablehlo.get_version_from_compatibility_requirement(stablehlo.StablehloCompatibilityRequirement.WEEK_12)
    artifact = stablehlo.serialize_portable_artifact(module, version)
    loaded = stablehlo.deserialize_portable_artifact(ctx, artifact)
    print(str(loaded) == str(module))
    x = ir.DenseElementsAttr.get(np.arange(6, dtype=np.float32).reshape(2, 3) - 2)
    y = ir.DenseElementsAttr.get(np.ones((3, 2), np.float32))
    results = stablehlo.eval_module(loaded, [x, y])
    print([type(r).__name__ for r in results], [np.array(r).tolist() for r in results])
"""


def test_upstream_style_user_code_runs_with_one_changed_import():
    ours = _run_snippet(MIGRATION.format(imports=_OUR_IMPORTS + "\nfrom stablehlo_py.dialects import chlo",
                                         setup="pass"))
    theirs = _run_snippet(MIGRATION.format(imports=_THEIR_IMPORTS + "\nfrom jaxlib.mlir.dialects import chlo",
                                           setup=_THEIR_SETUP))
    assert ours == theirs
    assert ours.splitlines()[-1] == \
        "['DenseFPElementsAttr', 'DenseFPElementsAttr'] [[[0.0, 0.0], [6.0, 6.0]], [0.0, 12.0]]"
    assert "\nGT\n" in ours
