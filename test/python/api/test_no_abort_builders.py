"""Shape functions called by builders never abort the process.

Python's InferTypeOpInterface / InferShapedTypeOpInterface and the generated
builders run an op's C++ shape function on whatever operands they are given,
before ODS has checked the operand types. The shape functions once cast
operands to ranked tensors unchecked (an unranked, token or tuple operand, or
too few operands, aborted Python with an MLIR assertion). Each call here must
end in a Python exception or a type, never an abort: the calls run in a
subprocess that prints each case before trying it, so a crash names the case.
"""
import subprocess
import sys
import textwrap

import pytest

_SCRIPT = textwrap.dedent(
    """
    import itertools, sys
    import stablehlo_py
    from mlir import ir
    from stablehlo_py.dialects import stablehlo

    ctx = stablehlo_py.context()
    with ctx, ir.Location.unknown():
        kinds = ["tensor<*xf32>", "tensor<f32>", "tensor<2x3xf32>", "tensor<?x3xf32>",
                 "!stablehlo.token", "tuple<tensor<f32>>", "tensor<2xcomplex<f32>>"]
        sig = ", ".join(f"%a{i}: {t}" for i, t in enumerate(kinds))
        module = stablehlo_py.parse_module(f"func.func @f({sig}) {{\\n  return\\n}}", ctx)
        args = list(module.body.operations[0].regions[0].blocks[0].arguments)
        by_kind = dict(zip(kinds, args))
        names = sys.argv[1:] or sorted(n for n in dir(stablehlo) if n.endswith("Op"))
        operand_lists = [[]]
        for count in (1, 2, 3, 5):
            for kind in ("tensor<*xf32>", "!stablehlo.token", "tuple<tensor<f32>>"):
                operand_lists.append([by_kind[kind]] * count)
            # one bad operand after good ones
            operand_lists.append([by_kind["tensor<2x3xf32>"]] * (count - 1) + [by_kind["tensor<*xf32>"]])
        for name in names:
            cls = getattr(stablehlo, name)
            for interface in (ir.InferTypeOpInterface, ir.InferShapedTypeOpInterface):
                try:
                    iface = interface(cls)
                except Exception:
                    continue
                infer = (iface.inferReturnTypes if interface is ir.InferTypeOpInterface
                         else iface.inferReturnTypeComponents)
                for operands in operand_lists:
                    print(name, [str(o.type) for o in operands], flush=True)
                    try:
                        infer(operands=operands)
                    except Exception:
                        pass  # a clean answer
    print("done", flush=True)
    """
)


def _run(names=()):
    return subprocess.run([sys.executable, "-c", _SCRIPT, *names], capture_output=True, text=True, timeout=600)


def test_shape_functions_never_abort_on_bad_operands():
    proc = _run()
    last = proc.stdout.strip().splitlines()[-1:] or [""]
    assert proc.returncode == 0 and last == ["done"], (
        f"aborted (status {proc.returncode}) on {last[0]}\n{proc.stderr[-2000:]}")


# The four cases the builder fuzzer (test/fuzz/regressions) found first.
@pytest.mark.parametrize("build", [
    "stablehlo.AddOp(a['tensor<*xf32>'], a['tensor<f32>'])",
    "stablehlo.FftOp(a['tensor<f32>'], fft_type=stablehlo.FftTypeAttr.get(stablehlo.FftType.FFT), "
    "fft_length=ir.DenseI64ArrayAttr.get([1]))",
    "stablehlo.SelectOp(a['tuple<tensor<f32>>'], a['tensor<f32>'], a['tensor<f32>'])",
    "stablehlo.GetTupleElementOp(a['tensor<f32>'], 0)",
])
def test_builders_raise_instead_of_aborting(build):
    script = textwrap.dedent(
        f"""
        import stablehlo_py
        from mlir import ir
        from stablehlo_py.dialects import stablehlo
        ctx = stablehlo_py.context()
        kinds = ["tensor<*xf32>", "tensor<f32>", "tuple<tensor<f32>>"]
        with ctx, ir.Location.unknown():
            sig = ", ".join(f"%a{{i}}: {{t}}" for i, t in enumerate(kinds))
            module = stablehlo_py.parse_module(f"func.func @f({{sig}}) {{{{\\n  return\\n}}}}", ctx)
            block = module.body.operations[0].regions[0].blocks[0]
            a = dict(zip(kinds, block.arguments))
            with ir.InsertionPoint.at_block_begin(block):
                try:
                    {build}
                    module.operation.verify()
                except Exception as e:
                    print("clean:", type(e).__name__)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("clean:"), proc.stdout
