"""stablehlo-instrument / interpreter-instrument-with-probe (passes/rewrites/instrument.py): a probe
after each tensor an op computes, ids as upstream forms them; the program computes the same, and the
probes record the intermediate values (in memory and in a probe directory). jaxlib's registry lacks
this pass: upstream's expectations are checked on the cases of its own test (ids, order, skips)."""

from __future__ import annotations

import csv
import os

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py import interpreter
from part1_support import assert_same_results, run
from stablehlo_py._parsing import parse_module
from stablehlo_py.passes._common import PassError
from stablehlo_py.passes.rewrites.instrument import instrument, probed

NAMES = ("stablehlo-instrument", "interpreter-instrument-with-probe")

LOOP = """
func.func @main(%arg0: tensor<i64>) -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %sum = %zero) : tensor<i64>, tensor<i64>
  cond {
    %p = stablehlo.compare LT, %i, %arg0 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.add %sum, %i : tensor<i64> loc("acc")
    %n = stablehlo.add %i, %one : tensor<i64> loc("step@file.py:3")
    stablehlo.return %n, %s : tensor<i64>, tensor<i64>
  }
  return %r#1 : tensor<i64>
}
"""

MIXED = """
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<?xf32>) -> (!stablehlo.token, tuple<tensor<2xf32>>, tensor<2xf32>, tensor<?xf32>, tensor<2xcomplex<f32>>, tensor<2xui8>) {
  %t = stablehlo.create_token : !stablehlo.token
  %u = stablehlo.tuple %arg0 : tuple<tensor<2xf32>>
  %a = stablehlo.add %arg0, %arg0 : tensor<2xf32>
  %d = stablehlo.abs %arg1 : tensor<?xf32>
  %c = stablehlo.complex %a, %arg0 : tensor<2xcomplex<f32>>
  %k = stablehlo.constant dense<[1, 2]> : tensor<2xui8>
  %m = stablehlo.multiply %k, %k : tensor<2xui8>
  return %t, %u, %a, %d, %c, %m : !stablehlo.token, tuple<tensor<2xf32>>, tensor<2xf32>, tensor<?xf32>, tensor<2xcomplex<f32>>, tensor<2xui8>
}
"""


def probes_of(text: str) -> list:
    """(probe id, probed value name) of every probe, in text order."""
    found = []
    for line in text.splitlines():
        if "interpreter.probe" in line:
            operand = line.split("interpreter.probe ")[1].split(",")[0]
            found.append((line.split('probe_id = "')[1].split('"')[0], operand))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_loop_probe_ids_and_order(name):
    out = run(LOOP, name)
    probes = probes_of(out)
    assert [i for i, _ in probes] == ["probe1", "probe2", "probe3", "probe5", "probe4"]
    assert [v for _, v in probes][3:] == ["%0#1", "%0#0"]  # each right after the while: the last first
    lines = out.splitlines()
    for k, line in enumerate(lines):  # a probe follows the op whose result it reads
        if "interpreter.probe" in line and "#" not in line:
            assert lines[k - 1].strip().startswith(probes_of(line)[0][1] + " = stablehlo.")
    debug = run(LOOP, f"{name}{{useDebugInfo=true}}")
    assert [i for i, _ in probes_of(debug)] == ["probe1", "acc.2", "step.3", "probe5", "probe4"]
    # every use of a probed value reads the probe instead
    assert "stablehlo.return %6, %4 :" in out and "return %1 : tensor<i64>" in out


def test_same_results_and_recorded_values(tmp_path):
    out = run(LOOP, "stablehlo-instrument{useDebugInfo=1}")
    assert_same_results(LOOP, out, np.array(4, np.int64))
    [result] = interpreter.interpret(out, np.array(4, np.int64), probe_dir=str(tmp_path))
    assert int(result) == 0 + 1 + 2 + 3
    with open(tmp_path / "index.csv", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    ids = [row[0] for row in rows]
    assert ids.count("probe1") == 5  # the condition runs 5 times, the body 4
    assert ids.count("acc.2") == ids.count("step.3") == 4
    sums = [int(np.load(path)) for probe_id, _, path in rows if probe_id == "acc.2"]
    assert sums == [0, 1, 3, 6]
    assert all(os.path.exists(path) for _, _, path in rows)
    final = [int(np.load(path)) for probe_id, _, path in rows if probe_id == "probe5"]
    assert final == [6]


def test_only_static_int_float_complex_tensors_are_probed():
    out = run(MIXED, "stablehlo-instrument")
    # add -> probe1, complex -> probe2, multiply -> probe3; not the token, tuple, dynamic abs, constant
    assert [i for i, _ in probes_of(out)] == ["probe1", "probe2", "probe3"]
    assert [line.rsplit(" : ", 1)[1] for line in out.splitlines() if "interpreter.probe" in line] \
        == ["tensor<2xf32>", "tensor<2xcomplex<f32>>", "tensor<2xui8>"]
    assert "return %0, %1, %3, %4, %6, %8 :" in out
    arrays = (np.array([1.5, -2.0], np.float32), np.array([-1.0, 2.0, -3.0], np.float32))
    before = stablehlo_py.interpret(MIXED, *arrays)
    after = stablehlo_py.interpret(out, *arrays)
    for b, a in zip(before[2:], after[2:]):
        np.testing.assert_array_equal(a, b)


def test_probed_types():
    module = parse_module("func.func @f() {\n  return\n}")
    with module.context:
        import mlir.ir as ir
        yes = ["tensor<2xi1>", "tensor<f64>", "tensor<3xbf16>", "tensor<2xcomplex<f64>>", "tensor<2xui4>",
               "tensor<f8E4M3FN>"]
        no = ["tensor<?xf32>", "tensor<*xf32>", "!stablehlo.token", "tuple<tensor<f32>>", "tensor<2xindex>",
              "tensor<2x!quant.uniform<i8:f32, 1.0>>", "f32"]
        assert all(probed(ir.Type.parse(t)) for t in yes)
        assert not any(probed(ir.Type.parse(t)) for t in no)


def test_probes_in_every_function_and_nested_region():
    text = LOOP + """
func.func @other(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %arg0 : tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""
    ids = [i for i, _ in probes_of(run(text, "interpreter-instrument-with-probe"))]
    assert ids == ["probe1", "probe2", "probe3", "probe5", "probe4", "probe6"]


def test_not_a_module_is_a_pass_error():
    module = parse_module(LOOP)
    with module.context:
        with pytest.raises(PassError, match="runs on a builtin.module"):
            instrument(module.body.operations[0])


@pytest.mark.parametrize("name", NAMES)
def test_bad_option_value_and_anchor(name):
    with pytest.raises(ValueError, match="useDebugInfo expects true or false, got 'yes please'"):
        run(LOOP, f"{name}{{useDebugInfo='yes please'}}")
    with pytest.raises(ValueError, match="restricted to 'builtin.module'"):
        run(LOOP, f"func.func({name})")
