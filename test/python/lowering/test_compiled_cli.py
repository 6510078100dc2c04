"""`stablehlo-py run --backend compiled|auto [--check-against interpreter]`: the compiled backend
from the command line, and the differential mode naming the op whose value differs."""
from __future__ import annotations

import numpy as np

from stablehlo_py.cli import main
from stablehlo_py.interpreter.core import registry

_ATAN2 = """func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = stablehlo.add %x, %y : tensor<2xf32>
  %1 = stablehlo.atan2 %x, %y : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}"""

_APART = (np.array([float.fromhex("0x1.017ed8p-3"), 1.0], np.float32),
          np.array([float.fromhex("-0x1.f6fafap+0"), 2.0], np.float32))


def _files(tmp_path, text, arrays):
    program = tmp_path / "p.mlir"
    program.write_text(text)
    names = []
    for i, a in enumerate(arrays):
        names.append(str(tmp_path / f"a{i}.npy"))
        np.save(names[-1], a)
    return str(program), names


def test_run_compiled_prints_what_the_interpreter_prints(tmp_path, capsys):
    program, names = _files(tmp_path, _ATAN2.replace("atan2", "divide"),
                            (np.ones(2, np.float32), np.full(2, 2.0, np.float32)))
    assert main(["run", program, "--args", *names]) == 0
    interpreted = capsys.readouterr().out
    assert main(["run", program, "--args", *names, "--backend", "compiled"]) == 0
    assert capsys.readouterr().out == interpreted
    assert main(["run", program, "--args", *names, "--backend", "compiled", "--output", str(tmp_path / "out")]) == 0
    assert np.load(tmp_path / "out" / "result_0.npy").tolist() == [3.0, 3.0]


def test_check_against_names_the_first_differing_element_and_its_op(tmp_path, capsys, monkeypatch):
    # The interpreter's atan2 one ULP up at element 0: whether libm's atan2f (compiled) and numpy's
    # round apart depends on the host (numpy calls libm's without AVX-512).
    factory = registry.lookup("stablehlo.atan2")

    def nudged(op):
        atan2 = factory(op).run

        def nudged_atan2(*operands):
            result = np.array(atan2(*operands)[0])
            result[0] = np.nextafter(result[0], np.float32(np.inf))
            return result

        return registry.Kernel.single(nudged_atan2)

    monkeypatch.setitem(registry._FACTORIES, "stablehlo.atan2", nudged)
    program, names = _files(tmp_path, _ATAN2, _APART)
    assert main(["run", program, "--args", *names, "--backend", "compiled", "--check-against", "interpreter"]) == 1
    err = capsys.readouterr().err
    assert "result 1 of the compiled backend differs from the interpreter's at (0,)" in err
    assert "made by 'stablehlo.atan2' at loc(" in err


def test_check_against_passes_when_the_bits_agree(tmp_path, capsys):
    program, names = _files(tmp_path, _ATAN2.replace("atan2", "multiply"), _APART)
    assert main(["run", program, "--args", *names, "--backend", "compiled", "--check-against", "interpreter"]) == 0


def test_auto_runs_what_does_not_lower_on_the_interpreter(tmp_path, capsys):
    # A size read from the data inside a static program (refinement cannot make it static) does not lower.
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %x : tensor<3xf32>
  %szx = stablehlo.slice %x [0:1] : (tensor<3xf32>) -> tensor<1xf32>
  %szi = stablehlo.convert %szx : (tensor<1xf32>) -> tensor<1xi64>
  %sz3 = stablehlo.constant dense<3> : tensor<1xi64>
  %size_1 = stablehlo.and %szi, %sz3 : tensor<1xi64>
  %1 = stablehlo.dynamic_iota %size_1, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<3xf32>
}"""
    program, names = _files(tmp_path, text, (np.array([3, 1, 2], np.float32),))
    assert main(["run", program, "--args", *names, "--backend", "auto"]) == 0
    assert "array([-3., -1., -2.], dtype=float32)" in capsys.readouterr().out
    assert main(["run", program, "--args", *names, "--backend", "compiled"]) == 1
    assert "failed to legalize operation 'stablehlo.dynamic_iota'" in capsys.readouterr().err


def test_bad_combinations_are_clear_errors(tmp_path, capsys):
    program, names = _files(tmp_path, _ATAN2, _APART)
    assert main(["run", program, "--args", *names, "--check-against", "interpreter"]) == 1
    assert "add --backend compiled" in capsys.readouterr().err


def test_a_grid_runs_compiled_and_is_checked_per_process(tmp_path, capsys):
    """--replicas 2: each process runs the native code; --check-against compares each process's
    results with the interpreter's."""
    text = """func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.replica_id : tensor<ui32>
  return %0, %1 : tensor<2xf32>, tensor<ui32>
}"""
    program, names = _files(tmp_path, text, (np.array([3.0, -0.5], np.float32),))
    for extra in ([], ["--check-against", "interpreter"]):
        assert main(["run", program, "--args", *names, "--backend", "compiled", "--replicas", "2", *extra]) == 0
        out = capsys.readouterr().out
        assert "// process 1 (replica 1, partition 0)" in out
        assert out.count("array([9.  , 0.25], dtype=float32)") == 2
        assert "array(1, dtype=uint32)" in out
