"""Resource limits (issue 12 section 3): memory checked before allocating, while loops bounded
by iterations and wall time, MemoryError and Ctrl-C handled cleanly, CLI flags."""
import os
import re
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.cli import main as cli_main
from stablehlo_py.interpreter import InterpreterError, Limits, register_custom_call, unregister_custom_call
from stablehlo_py.interpreter import compile as interpreter_compile
from stablehlo_py.interpreter.core.limits import physical_memory

from conftest import ENDLESS_LOOPS, ENDLESS_SCALAR_LOOP, ENDLESS_TENSOR_LOOP, while_loop

HUGE_IOTA = """
func.func @main() -> tensor<4294967296xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<4294967296xi32>
  return %0 : tensor<4294967296xi32>
}"""

# Loops that never end (conftest): over rank-0 values SCALAR_LOOP takes the scalar path
# (interpreter/scalar.py); TENSOR_LOOP carries a tensor<2xf32> and runs through the plan.
SCALAR_LOOP, TENSOR_LOOP = ENDLESS_SCALAR_LOOP, ENDLESS_TENSOR_LOOP
# Counts %i up to `bound` while `body` updates the other carried values.
COUNT_UP = ["%p = stablehlo.compare LT, %i, {bound} : (tensor<i32>, tensor<i32>) -> tensor<i1>"]
NEXT_I = ["%one = stablehlo.constant dense<1> : tensor<i32>", "%j = stablehlo.add %i, %one : tensor<i32>"]
# Counts to %n: a loop that ends, to check that limits do not change results.
COUNTING_LOOP = f"""
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<f32>) {{
  %z = stablehlo.constant dense<0> : tensor<i32>
  %f = stablehlo.constant dense<0.0> : tensor<f32>
{while_loop("%0:2", [("%i", "%z", "tensor<i32>"), ("%s", "%f", "tensor<f32>")],
            [line.format(bound="%n") for line in COUNT_UP],
            NEXT_I + ["%half = stablehlo.constant dense<0.5> : tensor<f32>",
                      "%t = stablehlo.add %s, %half : tensor<f32>"], ["%j", "%t"])}
  return %0#0, %0#1 : tensor<i32>, tensor<f32>
}}"""
# COUNTING_LOOP with a tensor<2xf32> carry, so it runs through the plan, not the scalar path.
COUNTING_TENSOR_LOOP = f"""
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<2xf32>) {{
  %z = stablehlo.constant dense<0> : tensor<i32>
  %f = stablehlo.constant dense<0.0> : tensor<2xf32>
{while_loop("%0:2", [("%i", "%z", "tensor<i32>"), ("%s", "%f", "tensor<2xf32>")],
            [line.format(bound="%n") for line in COUNT_UP],
            NEXT_I + ["%half = stablehlo.constant dense<0.5> : tensor<2xf32>",
                      "%t = stablehlo.add %s, %half : tensor<2xf32>"], ["%j", "%t"])}
  return %0#0, %0#1 : tensor<i32>, tensor<2xf32>
}}"""
LOOPS = ENDLESS_LOOPS
# SCALAR_LOOP starting from a constant, for the CLI (no .npy argument)
ENDLESS_WITHOUT_ARGUMENTS = SCALAR_LOOP.replace("%x: tensor<f32>", "").replace("(%i = %x)", "(%i = %c0)").replace(
    "{\n  %0", "{\n  %c0 = stablehlo.constant dense<0.0> : tensor<f32>\n  %0", 1)


def raises_at(op: str, line: int, match: str):
    """pytest.raises for an InterpreterError naming `op` at `line` of the program."""
    return pytest.raises(InterpreterError, match=rf"^{op} at loc\(\"-\":{line}:\d+\): .*{match}")


# ---------------------------------------------------------------------------
# Limits itself


def test_defaults_follow_the_machine():
    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    limits = Limits()
    assert physical_memory() <= total
    assert 0 < limits.max_value_bytes <= limits.max_total_bytes < total
    assert limits.max_iterations is None and limits.timeout is None


def test_limits_from_dict_and_errors():
    assert Limits.of({"max_iterations": 5}).max_iterations == 5
    assert Limits.of(None) == Limits()
    assert Limits.of({"max_value_bytes": None}).max_value_bytes is None
    with pytest.raises(ValueError, match="unknown limits"):
        Limits.of({"max_bytes": 1})
    with pytest.raises(ValueError, match="max_iterations"):
        Limits(max_iterations=-1)
    with pytest.raises(ValueError, match="max_value_bytes"):
        Limits(max_value_bytes=1.5)
    with pytest.raises(ValueError, match="timeout"):
        Limits(timeout=float("nan"))
    with pytest.raises(TypeError):
        Limits.of(5)
    assert stablehlo_py.compile(COUNTING_LOOP, limits={"timeout": 3}).limits.timeout == 3.0


# ---------------------------------------------------------------------------
# Memory: checked before allocating


def test_huge_iota_fails_before_allocating():
    start = time.perf_counter()
    run = stablehlo_py.compile(HUGE_IOTA, limits={"max_value_bytes": 1 << 30})  # preparing makes nothing
    with raises_at("stablehlo.iota", 3, r"\(16 GiB\), more than the limit of 1073741824 bytes \(1 GiB\) per value"):
        run()
    assert time.perf_counter() - start < 5


def test_huge_iota_fails_with_default_limits():
    if physical_memory() >= 32 << 30:
        pytest.skip("this machine could hold the 16 GiB iota")
    with raises_at("stablehlo.iota", 3, r"Limits.max_value_bytes"):
        stablehlo_py.interpret(HUGE_IOTA)


@pytest.mark.parametrize("body,line", [
    ("%0 = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<100000x100000xf32>", 2),
    ("%r = stablehlo.reshape %x : (tensor<f32>) -> tensor<1xf32>\n"
     "  %0 = stablehlo.pad %r, %x, low = [0], high = [40000000000], interior = [0]"
     " : (tensor<1xf32>, tensor<f32>) -> tensor<40000000001xf32>", 3),
    ("%b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1000000xf32>\n"
     "  %c = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1000000x1xf32>\n"
     "  %0 = stablehlo.dot_general %c, %b, contracting_dims = [] x []"
     " : (tensor<1000000x1xf32>, tensor<1000000xf32>) -> tensor<1000000x1x1000000xf32>", 4),
])
def test_huge_results_name_their_op(body, line):
    result = body.rsplit("-> ", 1)[1]
    op = re.search(r"%0 = (\S+)", body).group(1)
    text = f"func.func @main(%x: tensor<f32>) -> {result} {{\n  {body}\n  return %0 : {result}\n}}"
    with raises_at(op, line, "per value"):
        stablehlo_py.interpret(text, np.float32(1), limits={"max_value_bytes": 1 << 30})


def test_huge_concatenate():
    text = """
func.func @main(%x: tensor<f32>) -> tensor<2000000000xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1000000000xf32>
  %0 = stablehlo.concatenate %b, %b, dim = 0 : (tensor<1000000000xf32>, tensor<1000000000xf32>) -> tensor<2000000000xf32>
  return %0 : tensor<2000000000xf32>
}"""
    with raises_at("stablehlo.concatenate", 4, r"8000000000 bytes \(7.45 GiB\), more than the limit of"):  # the broadcast view (4 GB) is within the limit
        stablehlo_py.interpret(text, np.float32(1), limits={"max_value_bytes": 5 << 30})


CHAIN = """
func.func @main(%x: tensor<250000xf32>) -> tensor<250000xf32> {
  %0 = stablehlo.add %x, %x : tensor<250000xf32>
  %1 = stablehlo.add %0, %x : tensor<250000xf32>
  %2 = stablehlo.add %1, %x : tensor<250000xf32>
  %3 = stablehlo.add %2, %x : tensor<250000xf32>
  return %3 : tensor<250000xf32>
}"""


def test_total_bytes_held_by_a_function():
    x = np.ones(250000, np.float32)  # each result: 1,000,000 bytes, held until the function returns
    (ok,) = stablehlo_py.interpret(CHAIN, x, limits={"max_total_bytes": 4_000_000})
    np.testing.assert_array_equal(ok, np.full(250000, 5, np.float32))
    with raises_at("stablehlo.add", 6, r"would take 4000000 bytes \(3.81 MiB\), more than the limit of 3999999"):
        stablehlo_py.interpret(CHAIN, x, limits={"max_total_bytes": 3_999_999})


def test_views_count_per_value_but_not_in_total():
    """transpose, slice and reverse give numpy views: held memory is the operand's (a broadcast's
    full shape still counts per value: test_huge_results_name_their_op)."""
    text = """
func.func @main(%x: tensor<500x500xf32>) -> tensor<500x500xf32> {
  %0 = stablehlo.add %x, %x : tensor<500x500xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<500x500xf32>) -> tensor<500x500xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<500x500xf32>) -> tensor<500x500xf32>
  %3 = stablehlo.slice %2 [0:500, 0:500] : (tensor<500x500xf32>) -> tensor<500x500xf32>
  %4 = stablehlo.reverse %3, dims = [0] : tensor<500x500xf32>
  %5 = stablehlo.negate %4 : tensor<500x500xf32>
  return %5 : tensor<500x500xf32>
}"""
    x = np.ones((500, 500), np.float32)  # 1,000,000 bytes per value; add and negate allocate
    (got,) = stablehlo_py.interpret(text, x, limits={"max_total_bytes": 2_000_000})
    np.testing.assert_array_equal(got, -2 * x)
    with raises_at("stablehlo.negate", 8, "in total"):
        stablehlo_py.interpret(text, x, limits={"max_total_bytes": 1_999_999})


def test_total_bytes_count_values_outside_a_loop_body():
    text = f"""
func.func @main(%x: tensor<250000xf32>) -> tensor<250000xf32> {{
  %a = stablehlo.add %x, %x : tensor<250000xf32>
  %z = stablehlo.constant dense<0> : tensor<i32>
{while_loop("%0:2", [("%i", "%z", "tensor<i32>"), ("%v", "%a", "tensor<250000xf32>")],
            ["%n = stablehlo.constant dense<3> : tensor<i32>"] + [line.format(bound="%n") for line in COUNT_UP],
            NEXT_I + ["%u = stablehlo.add %v, %a : tensor<250000xf32>",
                      "%w = stablehlo.add %u, %a : tensor<250000xf32>"], ["%j", "%w"])}
  return %0#1 : tensor<250000xf32>
}}"""
    x = np.ones(250000, np.float32)
    # %a, then %u and %w in each iteration: 3 MB; the loop's results and %a afterwards: 2 MB
    (ok,) = stablehlo_py.interpret(text, x, limits={"max_total_bytes": 3_100_000})
    np.testing.assert_array_equal(ok, np.full(250000, 14, np.float32))
    with raises_at("stablehlo.add", 14, "in total"):
        stablehlo_py.interpret(text, x, limits={"max_total_bytes": 2_900_000})
    with raises_at("stablehlo.while", 5, "in total"):
        stablehlo_py.interpret(text, x, limits={"max_total_bytes": 1_900_000})


def test_dynamic_shapes_are_checked_when_made():
    text = """
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}"""
    # the interpreter's dynamic plan checks each value when it is made
    run = interpreter_compile(text, limits={"max_value_bytes": 400})
    np.testing.assert_array_equal(run(np.ones(100, np.float32))[0], np.full(100, 2, np.float32))
    with raises_at("stablehlo.add", 3, r"shape \(101,\) takes 404 bytes, more than the limit of 400 bytes"):
        run(np.ones(101, np.float32))
    # compiled through the API, each shape gets a static plan, checked when prepared
    specialising = stablehlo_py.compile(text, limits={"max_value_bytes": 400})
    np.testing.assert_array_equal(specialising(np.ones(100, np.float32))[0], np.full(100, 2, np.float32))
    with raises_at("stablehlo.add", 3, r"tensor<101xf32>\) would take 404 bytes, more than the limit of 400 bytes"):
        specialising(np.ones(101, np.float32))


def test_memory_error_becomes_interpreter_error(monkeypatch):
    def out_of_memory(*args, **kwargs):
        raise MemoryError("Unable to allocate 8.00 EiB for an array with shape (2**60,)")

    text = """
func.func @main(%x: tensor<2xf32>) -> tensor<4xf32> {
  %0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    run = stablehlo_py.compile(text, backend="interpreter")
    monkeypatch.setattr(np, "concatenate", out_of_memory)  # what numpy raises when it cannot allocate
    with raises_at("stablehlo.concatenate", 3, r"out of memory: Unable to allocate 8.00 EiB"):
        run(np.ones(2, np.float32))


def test_memory_error_in_custom_call():
    @register_custom_call("test_limits.allocate")
    def allocate(x):
        raise MemoryError("Unable to allocate 1.00 PiB")

    text = """
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.custom_call @test_limits.allocate(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"""
    try:
        with raises_at("stablehlo.custom_call", 3, "MemoryError: Unable to allocate 1.00 PiB"):
            stablehlo_py.interpret(text, np.float32(1))
    finally:
        unregister_custom_call("test_limits.allocate")


def test_no_limits_at_all():
    limits = {"max_value_bytes": None, "max_total_bytes": None}
    (got,) = stablehlo_py.interpret(CHAIN, np.ones(250000, np.float32), limits=limits)
    assert got[0] == 5


# ---------------------------------------------------------------------------
# while: iterations and wall time


@pytest.mark.parametrize("kind", LOOPS)
def test_iteration_limit_stops_endless_loop(kind):
    text, x = LOOPS[kind]
    with raises_at("stablehlo.while", 3, r"did not end within 1000 iterations \(Limits.max_iterations\)"):
        stablehlo_py.interpret(text, x, limits={"max_iterations": 1000})


@pytest.mark.parametrize("kind", LOOPS)
def test_timeout_stops_endless_loop(kind):
    text, x = LOOPS[kind]
    run = stablehlo_py.compile(text, limits=Limits(timeout=0.3))
    for _ in range(2):  # the deadline is per call
        start = time.monotonic()
        with raises_at("stablehlo.while", 3, r"timeout: the call ran for more than 0.3 s"):
            run(x)
        assert 0.3 <= time.monotonic() - start < 3


@pytest.mark.parametrize("limits", [None, {"max_iterations": 2000, "timeout": 60}])
def test_loops_within_limits_give_the_same_results(limits):
    count, total = stablehlo_py.interpret(COUNTING_LOOP, np.int32(2000), limits=limits)
    assert count == 2000 and total == np.float32(1000)
    if limits:
        with raises_at("stablehlo.while", 5, "within 2000 iterations"):
            stablehlo_py.interpret(COUNTING_LOOP, np.int32(2001), limits=limits)


def test_iteration_limit_is_per_execution_of_a_loop():
    run = stablehlo_py.compile(COUNTING_LOOP, limits={"max_iterations": 10})
    for _ in range(3):
        assert run(np.int32(10))[0] == 10


@pytest.mark.parametrize("limit", [0, 1, 1023, 1024, 1025, 3000])
def test_iteration_limit_is_exact_in_scalar_loops(limit):
    """The generated loop checks in chunks of up to 1024 iterations; the limit itself is exact."""
    run = stablehlo_py.compile(COUNTING_LOOP, limits={"max_iterations": limit, "timeout": 60})
    assert run(np.int32(limit))[0] == limit
    with raises_at("stablehlo.while", 5, f"within {limit} iterations"):
        run(np.int32(limit + 1))


@pytest.mark.parametrize("limit", [0, 1, 7])
def test_iteration_limit_is_exact_in_tensor_loops(limit):
    run = stablehlo_py.compile(COUNTING_TENSOR_LOOP, limits={"max_iterations": limit})
    count, total = run(np.int32(limit))
    assert count == limit and total.tolist() == [0.5 * limit] * 2
    with raises_at("stablehlo.while", 5, f"within {limit} iterations"):
        run(np.int32(limit + 1))


# ---------------------------------------------------------------------------
# Ctrl-C


def _interrupt(command: list, *, wait: float = 2.0, ready: str | None = None):
    """Start `command`, send SIGINT `wait` seconds after it printed the line `ready` (or after it
    started); (return code, stderr, seconds to stop)."""
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    if ready is not None:
        assert proc.stdout.readline().strip() == ready, proc.stderr.read()
    time.sleep(wait)
    assert proc.poll() is None, proc.stderr.read()
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the interpreter did not stop on SIGINT")
    return proc.returncode, err, time.monotonic() - sent


@pytest.mark.parametrize("kind", LOOPS)
def test_ctrl_c_stops_a_running_program(kind, tmp_path):
    text, x = LOOPS[kind]
    path = tmp_path / "endless.mlir"
    path.write_text(text)
    script = ("import sys, numpy as np, stablehlo_py\n"
              "run = stablehlo_py.compile(open(sys.argv[1]).read(), backend='interpreter')\n"
              "print('running', flush=True)\n"
              f"run(np.zeros({x.shape}, np.float32))\n")
    code, err, seconds = _interrupt([sys.executable, "-c", script, str(path)], wait=1.0, ready="running")
    assert code != 0 and err.rstrip().endswith("KeyboardInterrupt"), err
    # stopped inside the loop: the scalar loop (the compiled loop's check, runtime.py, or the
    # generated Python loop where the compiled tier is off), or the plan running the body
    inside = ("runtime.py", "<scalar while>") if kind == "scalar" else ("plan.py",)
    assert any(frame in err for frame in inside), err
    assert "InterpreterError" not in err and seconds < 5


def test_ctrl_c_stops_the_cli(tmp_path):
    path = tmp_path / "endless.mlir"
    path.write_text(ENDLESS_WITHOUT_ARGUMENTS)
    code, err, seconds = _interrupt([sys.executable, "-m", "stablehlo_py.cli", "run", str(path)], wait=3.0)
    assert code == 130 and "interrupted" in err and "Traceback" not in err, err
    assert seconds < 5


# ---------------------------------------------------------------------------
# CLI flags


def test_cli_limit_flags(tmp_path, capsys):
    endless = tmp_path / "endless.mlir"
    endless.write_text(ENDLESS_WITHOUT_ARGUMENTS)
    assert cli_main(["run", str(endless), "--max-iterations", "100"]) == 1
    assert "stablehlo.while at" in capsys.readouterr().err
    assert cli_main(["run", str(endless), "--timeout", "0.2"]) == 1
    assert "timeout: the call ran for more than 0.2 s" in capsys.readouterr().err
    iota = tmp_path / "iota.mlir"
    iota.write_text(HUGE_IOTA)
    assert cli_main(["run", str(iota), "--max-value-bytes", "1G"]) == 1
    assert "stablehlo.iota at" in capsys.readouterr().err and True
    chain = tmp_path / "chain.mlir"
    chain.write_text(CHAIN)
    args = tmp_path / "x.npy"
    np.save(args, np.ones(250000, np.float32))
    assert cli_main(["run", str(chain), "--args", str(args), "--max-total-bytes", "3M"]) == 1
    assert "in total" in capsys.readouterr().err
    assert cli_main(["run", str(chain), "--args", str(args), "--max-total-bytes", "4000000"]) == 0
    assert cli_main(["run", str(chain), "--max-iterations", "-1"]) == 2
    assert cli_main(["run", str(chain), "--timeout", "nan"]) == 2
    help_text = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", "--help"], capture_output=True,
                               text=True, check=True).stdout
    for flag in ("--max-value-bytes", "--max-total-bytes", "--max-iterations", "--timeout"):
        assert flag in help_text


def test_memory_error_while_preparing_names_the_op(monkeypatch):
    """A kernel whose prepared tables do not fit in memory fails cleanly at compile time."""
    from stablehlo_py.interpreter.core import registry

    def factory(op):
        raise MemoryError("Unable to allocate 24.0 TiB")

    registry._load()
    text = """
    func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.add %a, %b : tensor<2xf32>
      return %0 : tensor<2xf32>
    }"""
    monkeypatch.setitem(registry._FACTORIES, "stablehlo.add", factory)
    with pytest.raises(InterpreterError, match=r"stablehlo\.add.*out of memory while preparing"):
        stablehlo_py.interpret(text, np.ones(2, np.float32), np.ones(2, np.float32))
