"""The stablehlo-interpret pass never lets an exception unwind through MLIR.

A Python pass is called from MLIR's C++ pass manager, built without
exceptions: an exception leaving the callback unwinds through those frames
without running their cleanup. The context was left "in a multi-threaded
execution" after Ctrl-C in a pass, and the next `enable_multithreading` call
aborted the process. Each case runs in a subprocess, so an abort fails the
test instead of killing pytest.
"""
import subprocess
import sys
import textwrap

import pytest

_SCRIPT = textwrap.dedent(
    """
    import sys
    import stablehlo_py
    from mlir import ir
    from mlir.passmanager import PassManager
    from stablehlo_py.interpreter import register_custom_call
    from stablehlo_py.passes.interpret import add_interpret_pass

    kind = sys.argv[1]

    @register_custom_call("test.raise")
    def _raise(x):
        if kind == "interrupt":
            raise KeyboardInterrupt
        raise ZeroDivisionError("a bug in user code")

    module = stablehlo_py.parse_module('''func.func @main() -> tensor<f32> {
      %0 = stablehlo.constant dense<1.0> : tensor<f32>
      %1 = stablehlo.custom_call @test.raise(%0) : (tensor<f32>) -> tensor<f32>
      return %1 : tensor<f32>
    }''')
    pm = PassManager.parse("builtin.module(func.func(cse))", context=module.context)
    add_interpret_pass(pm, print_results=True)
    for attempt in range(2):
        try:
            pm.run(module.operation)
            print("ran")
        except ir.MLIRError as e:
            print("MLIRError:", str(e).replace(chr(10), " "))
    # Both abort when a pass left MLIR's cleanup undone.
    module.context.enable_multithreading(False)
    module.context.enable_multithreading(True)
    print("context usable")
    """
)


@pytest.mark.parametrize("kind, message", [
    ("interrupt", "stablehlo-interpret: interrupted"),
    ("bug", "custom_call @test.raise raised ZeroDivisionError: a bug in user code"),
])
def test_exceptions_in_the_interpret_pass_become_errors(kind, message):
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, kind], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert len(lines) == 3 and lines[-1] == "context usable", proc.stdout
    assert all(line.startswith("MLIRError:") and message in line for line in lines[:2]), proc.stdout
