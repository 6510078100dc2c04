"""What the tests of the rewrite passes of part 2 share: building programs with the Python
builders, running a pass (ours, and upstream's through jaxlib), and comparing results.

Programs are built with mlir.ir and our op classes; the text a test hands to the interpreter or to
jaxlib is the builder's module printed.
"""

from __future__ import annotations

import contextlib

from mlir import ir
from mlir.dialects import func, quant
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py.dialects import stablehlo as hlo

__all__ = ["build", "run_pass", "upstream_pass", "interpret_both", "op_names", "qtype", "tensor", "pass_error",
           "hlo"]


def tensor(shape, element):
    return ir.RankedTensorType.get(list(shape), element)


def qtype(scale: float, zero_point: int, storage_bits: int = 8, expressed=None, signed: bool = True):
    """A per-tensor !quant.uniform type (in the current context)."""
    expressed = expressed or ir.F32Type.get()
    storage = ir.IntegerType.get_signless(storage_bits)
    low, high = (-(1 << (storage_bits - 1)), (1 << (storage_bits - 1)) - 1) if signed else (0, (1 << storage_bits) - 1)
    return quant.UniformQuantizedType.get(1 if signed else 0, storage, expressed, scale, zero_point, low, high)


def build(arg_types, body, name="main"):
    """A module with one function `name(arg_types)` whose results are what `body(*arguments)` returns
    (a value or a list of values), built in a fresh context of ours. `arg_types`: a callable giving
    the types (run inside the context), or a list."""
    ctx = stablehlo_py.context()
    ctx.load_all_available_dialects()  # the shape, tensor and arith ops are built by name
    with ctx, ir.Location.unknown():
        module = ir.Module.create()
        types = arg_types() if callable(arg_types) else arg_types
        with ir.InsertionPoint(module.body):
            def main(*args):
                out = body(*args)
                return out

            func.FuncOp.from_py_func(*types, name=name)(main)
    assert module.operation.verify()
    return module


def run_pass(module_or_text, pipeline: str):
    """A new module: `module_or_text` after the pipeline (a builtin.module pipeline text)."""
    module = stablehlo_py.parse_module(str(module_or_text))
    pm = PassManager.parse(pipeline, context=module.context)
    pm.run(module.operation)
    assert module.operation.verify()
    return module


@contextlib.contextmanager
def _jaxlib_context():
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir.dialects import stablehlo as jhlo

    jhlo.register_stablehlo_passes()
    ctx = jax_mlir.make_ir_context()
    with ctx:
        # jaxlib registers no quant dialect of its own; deserializing an artifact loads it (the
        # VHLO-to-StableHLO legalization depends on it), after which !quant types parse.
        artifact = jhlo.serialize_portable_artifact_str("func.func @f() {\n  return\n}", jhlo.get_minimum_version())
        jhlo.deserialize_portable_artifact(ctx, artifact)
        yield jir


def upstream_pass(text: str, pipeline: str) -> str:
    """`text` after upstream's passes (jaxlib), printed."""
    with _jaxlib_context() as jir:
        from jaxlib.mlir import passmanager

        module = jir.Module.parse(str(text))
        passmanager.PassManager.parse(pipeline).run(module.operation)
        return str(module)


def interpret_both(before, after, *args):
    """(results of `before`, results of `after`) from our interpreter."""
    return stablehlo_py.interpret(str(before), *args), stablehlo_py.interpret(str(after), *args)


def op_names(module) -> list:
    names = []

    def visit(op):
        names.append(op.name)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return [n for n in names if n not in ("builtin.module", "func.func")]


def pass_error(module_or_text, pipeline: str) -> str:
    """The diagnostics of a pipeline that must fail (its message text)."""
    module = stablehlo_py.parse_module(str(module_or_text))
    pm = PassManager.parse(pipeline, context=module.context)
    try:
        pm.run(module.operation)
    except ir.MLIRError as e:
        return str(e) + " " + " ".join(str(d) for d in e.error_diagnostics)
    raise AssertionError("the pipeline succeeded")
