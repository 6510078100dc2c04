"""Shared setup of the builder regressions: `call_builder(types, build)` parses a
function with arguments of `types`, calls `build(args)` at its start and
verifies; a Python exception is a clean answer (printed), an abort is the bug."""
import stablehlo_py
from mlir import ir


def call_builder(types, build):
    ctx = stablehlo_py.context()
    sig = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    with ctx, ir.Location.unknown():
        module = stablehlo_py.parse_module(f"func.func @f({sig}) {{\n  return\n}}", ctx)
        block = module.body.operations[0].regions[0].blocks[0]
        with ir.InsertionPoint.at_block_begin(block):
            try:
                build(list(block.arguments))
                module.operation.verify()
            except Exception as e:  # noqa: BLE001 - any Python exception is a clean answer
                print(f"clean: {type(e).__name__}: {e}")
                return
        print("built:", module)
