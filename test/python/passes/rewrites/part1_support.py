"""What the tests of the rewrite passes of part 1 share: running a pipeline of ours on a program,
the same pipeline through jaxlib's StableHLO (the upstream oracle, in a subprocess: its MLIR and
ours are separate builds), and the interpreter's results before and after."""

from __future__ import annotations

import json
import subprocess
import sys

import mlir.ir as ir
import numpy as np
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py._parsing import parse_module


def run(text: str, pipeline: str) -> str:
    """The module printed after `builtin.module(pipeline)`; raises mlir.ir.MLIRError on failure."""
    module = parse_module(text)
    with module.context:
        PassManager.parse(f"builtin.module({pipeline})").run(module.operation)
        module.operation.verify()
    return str(module)


def error(text: str, pipeline: str) -> str:
    """The diagnostics of a failing `pipeline` on `text`, as one string (AssertionError if it succeeds)."""
    module = parse_module(text)
    with module.context:
        try:
            PassManager.parse(f"builtin.module({pipeline})").run(module.operation)
        except ir.MLIRError as e:
            return str(e) + "\n".join(str(d) for d in e.error_diagnostics)
    raise AssertionError(f"{pipeline} succeeded:\n{module}")


def reprint(text: str) -> str:
    """`text` as our printer prints it (to compare with jaxlib's output)."""
    return str(parse_module(text))


_UPSTREAM = r"""
import json, sys
from jax._src.interpreters import mlir as jm
from jaxlib.mlir import ir, passmanager
from jaxlib.mlir.dialects import stablehlo
stablehlo.register_stablehlo_passes()
out = []
for pipeline, text in json.load(sys.stdin):
    ctx = jm.make_ir_context()
    messages = []
    ctx.attach_diagnostic_handler(lambda d: messages.append(str(d.message)) or True)
    with ctx:
        try:
            module = ir.Module.parse(text)
            passmanager.PassManager.parse(pipeline).run(module.operation)
            out.append([True, module.operation.get_asm(print_generic_op_form=True)])
        except Exception as e:
            out.append([False, "\n".join(messages) or str(e)])
json.dump(out, sys.stdout)
"""


def upstream(cases) -> list:
    """[(ok, generic text of the result or the error)] of jaxlib's passes: `cases` is a list of
    (full pipeline, e.g. "builtin.module(func.func(p))", program text)."""
    proc = subprocess.run([sys.executable, "-c", _UPSTREAM], input=json.dumps(list(map(list, cases))),
                          capture_output=True, text=True, timeout=600, check=True)
    return [tuple(r) for r in json.loads(proc.stdout)]


def assert_same_results(before: str, after: str, *arrays, entry="main") -> list:
    """Both programs run by the interpreter on `arrays` give equal results (bit for bit, NaN equal
    to NaN); returns them."""
    expected = stablehlo_py.interpret(before, *arrays, entry=entry)
    actual = stablehlo_py.interpret(after, *arrays, entry=entry)
    assert len(expected) == len(actual)
    for e, a in zip(expected, actual):
        e, a = np.asarray(e), np.asarray(a)
        assert e.dtype == a.dtype and e.shape == a.shape, (e.dtype, a.dtype, e.shape, a.shape)
        assert e.tobytes() == a.tobytes(), (e, a)
    return actual
