"""stablehlo-py: StableHLO implemented natively in MLIR, driven from Python.

`import stablehlo_py` loads the upstream MLIR Python package first; our
extension then plugs the stablehlo and check dialects into that same MLIR.
"""
import mlir.ir  # noqa: F401  (must precede the extension: one MLIR instance)

from . import _stablehlo
from mlir._mlir_libs._mlir import globals as _mlir_globals

from ._stablehlo import register_dialects
from ._parsing import SpecDeviationWarning, context, parse_module

# Let MLIR find our op classes (e.g. for `op.opview`) by dialect namespace.
_mlir_globals.append_dialect_search_prefix("stablehlo_py.dialects")

# The Python passes join MLIR's pass registry, as the C++ ones did when the extension loaded.
from .passes import registry as _pass_registry  # noqa: E402

_pass_registry.register_all()

# Upstream's eval_module lives in the dialect module but runs on the interpreter, layers above it
# (imported on the first call, as interpret imports it: not at every start).
from .dialects import stablehlo as _stablehlo_dialect  # noqa: E402


def _eval_module(module, args, probe_instrumentation_dir=""):
    from ._upstream_eval import eval_module

    return eval_module(module, args, probe_instrumentation_dir)


_stablehlo_dialect.set_evaluator(_eval_module)

__all__ = ["register_dialects", "context", "parse_module", "interpret", "compile", "refine", "SpecDeviationWarning"]


def interpret(module_or_text, *arrays, entry="main", limits=None, num_replicas=None, num_partitions=None,
              collective_timeout=60.0, infeed=None, outfeed=None, strict=False):
    """Runs function `entry` of a module on numpy arrays; returns a list.
    `limits`: stablehlo_py.interpreter.Limits (or a dict of its fields).
    An entry function with dynamic argument types is refined to the arrays'
    shapes first (see `compile`).
    `num_replicas`, `num_partitions`: the process grid (defaults: the module's
    mhlo.num_replicas / mhlo.num_partitions, else 1). With more than one process,
    one thread runs each; an argument given as a list holds one value per process
    (flattened id = replica_id * num_partitions + partition_id), and the result is
    one result list per process. `collective_timeout`: seconds a process waits
    for its group at a collective op (or for a value at a recv). `infeed`: a callable
    (process_index, infeed_config) -> arrays, or a queue/list/iterable of array sequences (or a
    dict of them per process); `outfeed`: a callable (process_index, outfeed_config, arrays) or
    a list receiving (process_index, arrays) (see stablehlo_py.interpreter). Without `outfeed`,
    what the program outfeeds is kept in the returned list's `outfeed` attribute: a list of
    Outfed(process_index, config, arrays), in the order the ops ran.
    `strict`: a program the spec rejects but upstream StableHLO accepts (which loads with a
    SpecDeviationWarning) is an error instead (see `parse_module`).
    A jax.export blob takes the exported function's arguments, as `Exported.call` does."""
    from ._jax_export import call_arguments
    from .interpreter import InterpreterError, run_on_grid

    try:
        arrays = call_arguments(module_or_text, arrays)
    except ValueError as e:
        raise InterpreterError(str(e)) from None
    # One call: the interpreter, the reference, prepares in milliseconds where compiling takes
    # tens to hundreds (docs/lowering.md, "Which backend runs").
    run = compile(module_or_text, entry=entry, limits=limits, strict=strict, backend="interpreter")
    return run_on_grid(run, arrays, num_replicas, num_partitions, collective_timeout, infeed, outfeed)


def compile(module_or_text, entry="main", limits=None, strict=False, backend=None,  # noqa: A001 (mirrors jax.jit naming)
            explain=False):
    """Prepares function `entry` once; returns a callable to run it many times.
    If its argument types have dynamic sizes, each new shape signature is
    refined to a static program, prepared once and cached
    (stablehlo_py._specializing). `strict`: as for `interpret`.
    `backend`: "interpreter" (the reference), "compiled" (native code through
    stablehlo_py.lowering: a program it cannot lower is a LoweringError naming the
    op), or "auto"; by default "auto". `limits` under the compiled backend: its while
    loops stop at Limits.max_iterations (exactly, with the interpreter's error) and past
    Limits.timeout (measured from the call's start, checked about every millisecond of a
    loop's iterations); compiled code checks no memory limit, so a max_value_bytes or
    max_total_bytes tighter than its default keeps the interpreter (by default and under
    "auto"; "compiled" then is a LoweringError). "auto": compiled when the whole program lowers; otherwise the
    interpreter runs the entry and each function it calls whose own program lowers
    runs compiled (stablehlo_py.lowering.native_callees). An entry with dynamic argument
    sizes is refined to each shape signature it is called with, and that program compiled
    ("compiled": a LoweringError when it does not refine or lower; "auto": interpreted then,
    the reason in `lowering_failures` / `specialization_failures`). Under "auto" the callable's
    `explanation` lists which backend runs each function and why, one line each;
    `explain=True` also prints it to stderr (also when `limits` keep the interpreter)."""
    if backend not in (None, "interpreter", "compiled", "auto"):
        raise ValueError(f"backend must be 'interpreter', 'compiled' or 'auto', got {backend!r}")
    tighter = _tighter_memory_limits(limits)
    if tighter and backend in (None, "auto"):
        why = f"@{entry}: interpreter ({tighter}: compiled code does not check memory)"
        return _explained(_interpreted(module_or_text, entry, limits, strict), [why], explain)
    if tighter and backend == "compiled":
        from .lowering import LoweringError

        raise LoweringError(f"the compiled backend does not check memory: {tighter} (use the interpreter)")
    backend = backend or "auto"
    natives, explanation = {}, []
    if backend != "interpreter":
        from .lowering import DynamicSignatureError, LoweringError, compile_program, failure_reason, native_callees

        try:
            program = compile_program(module_or_text, entry, strict, limits)
            how = " (its dynamic shapes refined first)" if program.refined_first else ""
            if program.checks_loops:
                how += " (its loops check Limits.max_iterations and Limits.timeout)"
            return _explained(program, [f"@{entry}: compiled{how}"], explain)
        except DynamicSignatureError:  # compiled per shape signature, once refined
            from ._specializing import compile_entry

            run = compile_entry(module_or_text, entry, limits, strict, static_backend=backend)
            line = f"@{entry}: compiled for each shape signature it is refined to"
            if backend == "auto":
                line += " (interpreted where refinement or the lowering fails)"
            return _explained(run, [line], explain)
        except LoweringError as e:
            if backend == "compiled":
                raise
            explanation.append(f"@{entry}: interpreter ({failure_reason(e)})")
        try:
            natives, callees = native_callees(module_or_text, entry, strict, limits)
            explanation += callees
        except LoweringError as e:  # the lowering cannot even read the module
            explanation.append(f"callees of @{entry}: interpreter ({failure_reason(e)})")
    run = _interpreted(module_or_text, entry, limits, strict, natives)
    return _explained(run, explanation, explain) if backend == "auto" else run


def _interpreted(module_or_text, entry, limits, strict, natives=None):
    from . import lowering  # noqa: F401 - it compiles the interpreter's scalar loops (interpreter/jit/scalar.py)
    from ._specializing import compile_entry

    return compile_entry(module_or_text, entry, limits, strict, natives)


def _tighter_memory_limits(limits) -> str:
    """The memory limits of `limits` tighter than their defaults, as "Limits.name ..." ("" when
    none): compiled code does not check them (memory is checked by the interpreter's plan, op
    by op); it runs under the defaults as it runs without limits."""
    if limits is None:
        return ""
    from .interpreter import Limits

    given, default = Limits.of(limits), Limits()
    names = [name for name in ("max_value_bytes", "max_total_bytes")
             if getattr(given, name) is not None
             and (getattr(default, name) is None or getattr(given, name) < getattr(default, name))]
    return " and ".join(f"Limits.{name} tighter than its default" for name in names)


def _explained(run, explanation: list, explain: bool):
    run.explanation = explanation
    if explain:
        import sys

        print("\n".join(explanation), file=sys.stderr)
    return run


def refine(module_or_text, arg_types, platform_index=None, strict=False):
    """Specialises a shape-polymorphic module to argument types: a new module with static shapes
    (stablehlo-refine-arguments, then the stablehlo-remove-dynamism pipeline; docs/dynamism.md).
    `arg_types`: one per argument of @main, as MLIR types, their text, or objects with `.shape` and
    `.dtype`. `platform_index`: for a multi-platform JAX export, the platform to keep (its argument
    leaves @main, and `arg_types` omits it). The input module is not changed. Raises
    mlir.ir.MLIRError if refinement fails. `strict`: as for `interpret`."""
    from .passes.dynamism import refine_module

    return refine_module(module_or_text, arg_types, platform_index, strict)
