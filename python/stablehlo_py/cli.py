"""`stablehlo-py`: run StableHLO programs with the numpy interpreter, or run pass pipelines.

    stablehlo-py run FILE [--args a.npy ...] [--entry NAME] [--split-input-file]
                          [--replicas R] [--partitions P] [--output DIR] [--probe-dir DIR]
                          [--max-value-bytes N] [--max-total-bytes N] [--max-iterations N] [--timeout SECONDS]
    stablehlo-py opt FILE --pipeline PIPELINE [--split-input-file] [--verify-diagnostics]
    stablehlo-py targets        (the custom_call targets the interpreter runs)
    mpiexec -n N stablehlo-py run FILE --replicas R --partitions P ...    (N = R*P, one process per rank)

`run` prints each result of the entry function (`main`, or the module's only
function) of each module (one .npy per tensor parameter; token parameters
need none), then the values its outfeed and host-transfer send ops handed to the host; its exit status is 0 only if every module ran and every check held; the limits
apply to each module (interpreter/limits.py: memory defaults follow the machine; with `--backend auto|compiled` compiled loops check
--max-iterations and --timeout, and a memory limit below its default keeps the interpreter, or is an error under `compiled`).  `opt` runs a comma-separated pipeline mixing C++ passes
(anything `PassManager.add(str)` accepts) and Python passes
(passes/registry.py: `stablehlo-interpret{entry=NAME print=true}`, the
dynamism passes of docs/dynamism.md) and prints the module; with
`--verify-diagnostics` it checks `// expected-error@+1 {{...}}` annotations
against the diagnostics instead, as mlir-opt does.  FILE may be `-` for stdin.  Errors are messages, never tracebacks:
exit status 1 for failures, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys

import numpy as np

__all__ = ["main"]

SPLIT_MARKER = re.compile(r"^// -----\s*$", re.M)


class UserError(Exception):
    """A failure to report as one message (exit status 1)."""


def _read(path: str) -> str:
    """The program text of file `path` ("-": standard input): UTF-8 text, or MLIR bytecode (told
    apart by its content, not by the file's name)."""
    from ._parsing import program_text

    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return program_text(data)
    except TypeError as e:
        raise UserError(f"cannot read {path}: {e}") from None


def _chunks(text: str, split: bool):
    """(first line number, text) per module; each chunk keeps its lines' numbers in the file."""
    if not split:
        return [(1, text)]
    chunks, start, line = [], 0, 1
    for match in SPLIT_MARKER.finditer(text):
        chunks.append((line, text[start:match.start()]))
        line += text.count("\n", start, match.end())
        start = match.end()
    chunks.append((line, text[start:]))
    return chunks


def _name_source(message: str, path: str) -> str:
    """Parsing from memory names the source "-"; name the file instead."""
    name = "<stdin>" if path == "-" else path
    return message.replace('"-":', f'"{name}":')


class _ParseError(Exception):
    def __init__(self, message: str, error):
        super().__init__(message)
        self.error = error


def _parse(text: str, first_line: int, path: str, context=None, strict=False, report_warnings=True):
    """The module of one chunk; its spec-deviation warnings are printed as `warning: ...` (unless a
    --verify-diagnostics handler of `context` checks them instead)."""
    import warnings

    import mlir.ir as ir

    import stablehlo_py

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", stablehlo_py.SpecDeviationWarning)
            # Blank lines before the chunk keep line numbers those of the file.
            module = stablehlo_py.parse_module("\n" * (first_line - 1) + text, context, strict=strict)
        for warning in caught if report_warnings else ():
            print(f"warning: {_name_source(str(warning.message), path)}", file=sys.stderr)
        return module
    except ir.MLIRError as e:
        if context is not None:
            raise _ParseError(_name_source(str(e), path), e) from None
        raise UserError(_name_source(str(e), path)) from None


def _load_args(paths: list, specs: list) -> list:
    """One .npy file per tensor parameter, in order; token parameters take TOKEN (no file)."""
    from .interpreter import TOKEN

    tensors = [s for s in specs if not s.is_token]
    arrays = []
    for index, path in enumerate(paths):
        try:
            array = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as e:  # EOFError: an empty file
            raise UserError(f"cannot load argument {index} from {path}: {e or 'the file is empty'}") from None
        if index < len(tensors):
            if not hasattr(tensors[index], "dtype"):
                raise UserError(f"parameter type {tensors[index].text}: only tensors can be loaded from .npy files "
                                "(call the function from Python for tuple parameters)")
            want = tensors[index].dtype
            # .npy files store ml_dtypes (bf16, f8, int4, ...) as raw void bytes
            if array.dtype.kind == "V" and array.dtype.itemsize == want.itemsize:
                array = array.view(want)
        arrays.append(array)
    if len(arrays) != len(tensors):
        return arrays  # the call reports the count
    files = iter(arrays)
    return [TOKEN if s.is_token else next(files) for s in specs]


def _limits(args):
    from stablehlo_py.interpreter import Limits

    given = {name: getattr(args, name) for name in ("max_value_bytes", "max_total_bytes", "max_iterations", "timeout")}
    return Limits.of({name: value for name, value in given.items() if value is not None})


def _byte_count(text: str) -> int:
    """A number of bytes, optionally with a K, M, G or T suffix (powers of 1024)."""
    match = re.fullmatch(r"\s*(\d+)\s*([KMGT]?)(?:i?B)?\s*", text, re.I)
    if not match:
        raise argparse.ArgumentTypeError(f"expected a number of bytes such as 1000000 or 512M, got '{text}'")
    return int(match.group(1)) << (10 * " KMGT".index(match.group(2).upper() or " "))


def _non_negative(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = -1
        if not value >= 0:  # negative or NaN
            raise argparse.ArgumentTypeError(f"expected a non-negative {kind.__name__}, got '{text}'")
        return value

    return parse


def _grid_of(run, args, world) -> tuple:
    """(replicas, partitions): `--replicas/--partitions`, by default the module's mhlo.num_replicas /
    mhlo.num_partitions. Under mpiexec (`world`: (rank, size)) a grid of more than one process
    needs one rank per process."""
    replicas, partitions = _grid_defaults(run)
    replicas, partitions = args.replicas or replicas, args.partitions or partitions
    count = replicas * partitions
    if world is not None and count > 1 and count != world[1]:
        raise UserError(f"the {replicas}x{partitions} process grid has {count} processes, but mpiexec started "
                        f"{world[1]} ranks (start one rank per process: mpiexec -n {count})")
    return replicas, partitions


def _run_on_grid(run, args, replicas: int, partitions: int, world=None, probe_files=None) -> list:
    """The results of each process (a list of one for a 1x1 grid), with the values the program
    outfed (interpreter.Outfed records of the processes run here) as its `outfeed`; an argument
    file name with
    `{process}` is loaded per process (its flattened id). Under mpiexec each rank loads the
    files of its own process only (the other processes' arguments are None here).
    `probe_files`: where interpreter.probe writes (probes.ProbeFiles, or None)."""
    from stablehlo_py.interpreter import Results, run_on_grid

    count = replicas * partitions
    per_file = any("{process}" in p for p in args.args)
    if count == 1:
        results = run_on_grid(run, _load_args([p.replace("{process}", "0") for p in args.args], run.arg_specs),
                              1, 1, probe_dir=probe_files)
        return Results.of([results], results.outfeed)
    here = range(count) if world is None else [world[0]]
    loaded = {i: _load_args([p.replace("{process}", str(i)) for p in args.args], run.arg_specs)
              for i in (here if per_file else [0])}
    if not per_file:
        return run_on_grid(run, loaded[0], replicas, partitions, probe_dir=probe_files)
    if len({len(a) for a in loaded.values()}) != 1:
        raise UserError("the processes' argument files give different numbers of arguments")
    width = len(next(iter(loaded.values())))
    by_position = [[loaded[i][k] if i in loaded else None for i in range(count)] for k in range(width)]
    return run_on_grid(run, by_position, replicas, partitions, probe_dir=probe_files)


def _mpi_world():
    """(rank, size) when mpiexec started this process as one of several ranks, else None."""
    from stablehlo_py.interpreter.runtime import mpi

    world = mpi.launched()
    return world if world is not None and world[1] > 1 else None


def _grid_defaults(run) -> tuple:
    from stablehlo_py.interpreter import grid_defaults

    return grid_defaults(run)


def _write_results(directory: str, process, results) -> None:
    """Each tensor result as DIR/result_K.npy (DIR/process_I_result_K.npy on a process grid)."""
    os.makedirs(directory, exist_ok=True)
    prefix = "" if process is None else f"process_{process}_"
    for index, value in enumerate(results):
        if isinstance(value, tuple):
            raise UserError(f"result {index} is a tuple: --output writes tensors only")
        if hasattr(value, "dtype"):
            np.save(os.path.join(directory, f"{prefix}result_{index}.npy"), value)


def _format_outfed(outfed: list) -> str:
    """The values outfeed / host-transfer send ops handed to the host, in the order they ran."""
    lines = []
    for number, (process, config, arrays) in enumerate(outfed):
        for index, value in enumerate(arrays):
            lines.append(f"outfeed {number} (process {process}, config {config!r}) value {index}: "
                         f"shape={value.shape} dtype={value.dtype.name}")
            lines.append(np.array_repr(value))
    return "\n".join(lines)


def _write_outfed(directory: str, outfed: list) -> None:
    """Each outfed array as DIR/outfeed_N_value_K.npy (N counting the outfeed ops' runs in order;
    DIR/process_I_outfeed_N_value_K.npy, N counting per process, when several processes ran)."""
    os.makedirs(directory, exist_ok=True)
    several = len({record.process_index for record in outfed}) > 1
    counts: dict = {}
    for process, _config, arrays in outfed:
        number = counts[process] = counts.get(process, -1) + 1
        prefix = f"process_{process}_" if several else ""
        for index, value in enumerate(arrays):
            np.save(os.path.join(directory, f"{prefix}outfeed_{number}_value_{index}.npy"), value)


def _positive_int(text: str) -> int:
    if not re.fullmatch(r"\s*\d+\s*", text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got '{text}'")
    return int(text)


def _run(args) -> int:
    """Under mpiexec (N > 1 ranks), a grid of N processes runs one process per rank: rank 0
    prints every process's results (as the threaded grid does), each rank writes its own
    --output files, and a failure of one rank prints its error there and aborts the job
    (interpreter/mpi.py). Failures every rank meets alike (parsing, the grid's size) and the
    runs of a 1x1 grid (which every rank runs redundantly, e.g. a global-view program fanning
    out over the ranks) are reported by rank 0 alone."""
    from stablehlo_py.interpreter import InterpreterError
    from stablehlo_py import compile as compile_
    from stablehlo_py.lowering import CompiledProgram

    if args.check_against and args.backend == "interpreter":
        raise UserError("--check-against interpreter compares another backend with it: add --backend compiled")
    world = _mpi_world()
    rank = 0 if world is None else world[0]
    if world is not None:
        from stablehlo_py.interpreter.runtime import mpi

        mpi.report = lambda message: f"error: {_name_source(message, args.file)}"

    def say(*values, **kwargs):
        if rank == 0:
            print(*values, **kwargs)

    text = _read(args.file)
    failures = 0
    chunks = _chunks(text, args.split_input_file)
    probe_files = rank_probe_files = None
    if args.probe_dir:  # one numbering of probe files for all the modules
        from stablehlo_py.interpreter.runtime.probes import ProbeFiles

        probe_files = ProbeFiles(args.probe_dir)
        if world is not None:  # a rank's process of a distributed grid: a directory of its own
            rank_probe_files = ProbeFiles(os.path.join(args.probe_dir, f"process_{rank}"))
    for number, (first_line, chunk) in enumerate(chunks):
        if len(chunks) > 1:
            say(f"// module {number} (line {first_line})")
        distributed = False
        try:
            module = _parse(chunk, first_line, args.file, strict=args.strict_spec)
            run = compile_(module, args.entry, limits=_limits(args), backend=args.backend,
                           explain=args.explain and rank == 0)
            replicas, partitions = _grid_of(run, args, world)
            distributed = world is not None and replicas * partitions > 1
            # a 1x1 run, which every rank runs alike, writes its probes on rank 0
            files = rank_probe_files if distributed else probe_files if rank == 0 else None
            per_process = _run_on_grid(run, args, replicas, partitions, world, files)
            if isinstance(run, CompiledProgram) and args.check_against:
                _check_against_interpreter(per_process, module, args, replicas, partitions, world)
        except (UserError, InterpreterError) as e:
            if distributed:  # this rank's own failure (its argument files, ...): end the job
                mpi.abort(str(e))
            failures += 1
            say(f"error: {_name_source(str(e), args.file)}", file=sys.stderr)
            continue
        for process, results in enumerate(per_process):
            if len(per_process) > 1:
                say(f"// process {process} (replica {process // partitions}, partition {process % partitions})")
            if results:
                say(run.format_results(results))
            if args.output and (rank == process if distributed else rank == 0):
                _write_results(args.output, process if len(per_process) > 1 else None, results)
        if per_process.outfeed:  # under mpiexec, each rank's own processes' values
            (print if distributed else say)(_format_outfed(per_process.outfeed))
            if args.output and (distributed or rank == 0):
                _write_outfed(args.output, per_process.outfeed)
        sys.stdout.flush()
    if failures:
        what = f"{failures} of {len(chunks)} modules failed" if len(chunks) > 1 else "failed"
        say(f"stablehlo-py run: {what}", file=sys.stderr)
        return 1
    return 0


def _check_against_interpreter(per_process, module, args, replicas: int, partitions: int, world) -> None:
    """--check-against interpreter: each process's results of the compiled program must be the
    interpreter's bits (NaN matches NaN), or the first differing element is an error naming the
    op that made it."""
    from stablehlo_py import compile as compile_

    reference = compile_(module, args.entry, limits=_limits(args), backend="interpreter")
    expected = _run_on_grid(reference, args, replicas, partitions, world)
    for process, (results, wanted) in enumerate(zip(per_process, expected)):
        if results is None:  # another rank's process (mpiexec)
            continue
        whose = f" of process {process}" if len(per_process) > 1 else ""
        for index, (got, want) in enumerate(zip(results, wanted)):
            where = _first_difference(got, want)
            if where is not None:
                raise UserError(f"result {index}{whose} of the compiled backend differs from the interpreter's at "
                                f"{where}: {got[where]!r}, the interpreter gives {want[where]!r} "
                                f"(made by {_producer(module, args.entry, index)})")


def _first_difference(got, want):
    """The index of the first element where two arrays differ (NaN matches NaN, -0.0 differs
    from +0.0), or None; () when their shapes or dtypes differ."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return ()
    if got.dtype.kind in "biu":
        same = got == want
    else:  # floats (ml_dtypes' too) and complex, compared as wide values
        a = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
        b = want.astype(a.dtype)
        same = (a == b) & (np.signbit(a.real) == np.signbit(b.real)) | (np.isnan(a) & np.isnan(b))
    differing = np.argwhere(~np.asarray(same))
    return tuple(int(i) for i in differing[0]) if len(differing) else None


def _producer(module, entry: str, index: int) -> str:
    """'stablehlo.<op>' at <location>: the op whose value @entry returns as result `index`."""
    from ._parsing import find_function

    function = find_function(module, entry)
    if function is None:
        return "an unknown op"
    value = function.regions[0].blocks[0].operations[-1].operands[index]
    owner = value.owner
    if hasattr(owner, "name"):
        return f"'{owner.name}' at {owner.location}"
    return f"argument {value.arg_number} of @{entry}"


def _split_pipeline(pipeline: str) -> list:
    """Split at commas outside (), {}, [] and quotes; unwrap `builtin.module(...)`."""
    pipeline = pipeline.strip()
    wrapper = re.fullmatch(r"builtin\.module\((.*)\)", pipeline, re.S)
    if wrapper:
        pipeline = wrapper.group(1)
    parts, depth, quote, current = [], 0, None, []
    for ch in pipeline:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
            if depth < 0:
                raise UserError(f"unbalanced pipeline: {pipeline}")
        elif ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    if depth or quote:
        raise UserError(f"unbalanced pipeline: {pipeline}")
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _nested(element: str, context) -> str:
    """`element` as mlir-opt's pass flags add it: nested in the op its pass runs on (implicit
    nesting, e.g. `func.func(stablehlo-aggressive-folder)`) when that is not the module."""
    from mlir.passmanager import PassManager

    try:
        PassManager.parse(f"builtin.module({element})", context=context)
        return element
    except ValueError as e:
        anchor = re.search(r"restricted to '([\w.]+)'", str(e))
        if anchor:
            return f"{anchor.group(1)}({element})"
        raise UserError(f"cannot add '{element}' to the pipeline: {str(e).strip()}") from None


def _pipeline_text(args, context) -> str:
    """The whole pipeline: --pass-pipeline as written, or --pipeline and the --<pass> flags, in
    order, each nested where its pass runs."""
    flags = []
    for flag in args.pass_flags:
        name, sep, options = flag.lstrip("-").partition("=")
        if not flag.startswith("-") or not name:
            raise UserError(f"unexpected argument '{flag}'")
        flags.append(f"{name}{{{options.strip(chr(34) + chr(39))}}}" if sep else name)
    if args.pass_pipeline is not None:
        if flags or args.pipeline:
            raise UserError("--pass-pipeline cannot be combined with --pipeline or pass flags")
        return args.pass_pipeline
    elements = (_split_pipeline(args.pipeline) if args.pipeline else []) + flags
    return "builtin.module(" + ",".join(_nested(e, context) for e in elements) + ")"


def _build_pipeline(text: str, context):
    from mlir.passmanager import PassManager

    try:
        return PassManager.parse(text, context=context)
    except ValueError as e:
        raise UserError(f"cannot parse the pipeline '{text}': {str(e).strip()}") from None


def _opt(args) -> int:
    import mlir.ir as ir

    import stablehlo_py
    from . import _stablehlo

    text = _read(args.file)
    failures = 0
    chunks = _chunks(text, args.split_input_file)
    out = open(args.output, "w") if args.output else sys.stdout
    for number, (first_line, chunk) in enumerate(chunks):
        if number:
            out.write("// -----\n")
        context = stablehlo_py.context()
        context.allow_unregistered_dialects = args.allow_unregistered_dialect
        # upstream's diagnostics, as stablehlo-opt gives them (docs/decisions.md)
        _stablehlo.set_spec_deviation_warnings(context, args.warn_spec_deviations)
        diagnostics = _Diagnostics(context) if args.verify_diagnostics else None
        module = None
        try:
            try:
                pipeline = _build_pipeline(_pipeline_text(args, context), context)
                module = _parse(chunk, first_line, args.file, context, args.strict_spec, diagnostics is None)
                pipeline.run(module.operation)
            except ir.MLIRError as e:
                if diagnostics is None:
                    raise UserError(_name_source(str(e), args.file)) from None
                diagnostics.add_errors(e)
                module = None
            except _ParseError as e:
                if diagnostics is None:
                    raise UserError(str(e)) from None
                diagnostics.add_errors(e.error)
            if diagnostics is not None:
                mismatches = diagnostics.check(chunk, first_line)
                if mismatches:
                    raise UserError("\n".join(_name_source(m, args.file) for m in mismatches))
        except UserError as e:
            failures += 1
            print(f"error: {e}", file=sys.stderr)
            continue
        if module is not None:
            module.operation.print(file=out, print_generic_op_form=args.mlir_print_op_generic,
                                   enable_debug_info=args.mlir_print_debuginfo)
            out.write("\n")
        out.flush()
    return 1 if failures else 0


_EXPECTED = re.compile(r"expected-(error|warning|remark|note)\s*(?:@(above|below|[+-]?\d+))?\s*\{\{(.*)\}\}")
_LINE = re.compile(r'"[^"]*":(\d+):(\d+)')


class _Diagnostics:
    """What --verify-diagnostics compares: the diagnostics emitted, against the expected-* annotations."""

    def __init__(self, context):
        self.seen = []  # (severity, line or None, message)
        context.attach_diagnostic_handler(self._record)

    def _record(self, diagnostic) -> bool:
        self._add(diagnostic)
        return True  # handled: not printed

    def _add(self, diagnostic) -> None:
        severity = str(diagnostic.severity).rsplit(".", 1)[-1].lower()
        match = _LINE.search(str(diagnostic.location))
        self.seen.append((severity, int(match.group(1)) if match else None, diagnostic.message))
        for note in diagnostic.notes:
            # mlir-opt turns these off under --verify-diagnostics; the Python bindings cannot
            if not note.message.startswith("see current operation"):
                self._add(note)

    def add_errors(self, error) -> None:
        """The errors MLIR's Python layer captured for an MLIRError (they bypass attached handlers)."""
        for diagnostic in getattr(error, "error_diagnostics", []):
            self._add(diagnostic)

    def check(self, chunk: str, first_line: int) -> list:
        expected = []  # (severity, line, message, annotation line)
        for offset, text in enumerate(chunk.split("\n")):
            line = first_line + offset
            for match in _EXPECTED.finditer(text):
                where = match.group(2)
                target = line if where is None else line - 1 if where == "above" else line + 1 \
                    if where == "below" else line + int(where) if where[0] in "+-" else int(where)
                expected.append((match.group(1), target, match.group(3), line))
        unmatched = list(self.seen)
        problems = []
        for severity, target, message, line in expected:
            hit = next((d for d in unmatched if d[0] == severity and d[1] == target and message in d[2]), None)
            if hit is None:
                problems.append(f'"-":{line}: expected {severity} "{message}" was not produced')
            else:
                unmatched.remove(hit)
        for severity, target, message in unmatched:
            problems.append(f'"-":{target if target is not None else "?"}: unexpected {severity}: {message}')
        return problems


def _translate(args) -> int:
    """stablehlo-py translate: a program to a portable artifact of --target, or an artifact
    (or jax.export blob) back to its StableHLO text."""
    import mlir.ir as ir

    from ._parsing import parse_module
    from ._portable import get_current_version, serialize_portable_artifact

    text = _read(args.file)
    if args.deserialize:
        if args.target:
            raise UserError("--target goes with --serialize: an artifact is read at the version it was written")
        if args.allow_other_dialects or args.strip_debuginfo:
            raise UserError("--allow-other-dialects and --strip-debuginfo go with --serialize")
        output = str(parse_module(text, strict=args.strict_spec)).encode()
    else:
        if not args.target:
            raise UserError("--serialize needs --target=#.#.# (or --target=current)")
        target = get_current_version() if args.target == "current" else args.target
        module = parse_module(text, strict=args.strict_spec)
        if args.strip_debuginfo:
            from mlir.passmanager import PassManager

            with module.context:
                PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        try:
            output = serialize_portable_artifact(module, target, allow_other_dialects=args.allow_other_dialects)
        except ir.MLIRError as e:
            raise UserError(_name_source(str(e), args.file)) from None
    if args.output:
        try:
            with open(args.output, "wb") as f:
                f.write(output)
        except OSError as e:
            raise UserError(f"cannot write {args.output}: {e.strerror or e}") from None
    else:
        sys.stdout.buffer.write(output)
        sys.stdout.flush()
    return 0


def _plugin_path() -> int:
    from . import _stablehlo

    path = os.path.join(os.path.dirname(_stablehlo.__file__), "libStablehloPyPlugin.so")
    if not os.path.exists(path):
        raise UserError(f"the mlir-opt plugin is not installed (looked for {path})")
    print(path)
    return 0


def _targets() -> int:
    """One line per built-in custom_call target: its name and what it does."""
    from stablehlo_py.interpreter.kernels.custom_calls import builtin_targets

    rows = builtin_targets()
    width = max(len(target) for target, _ in rows)
    for target, summary in rows:
        print(f"{target:<{width}}  {summary}")
    return 0


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """The command line's parser, built once per process (parse_args leaves it as it was)."""
    parser = argparse.ArgumentParser(prog="stablehlo-py", description="Run StableHLO programs with the numpy "
                                     "interpreter, or run pass pipelines on them.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="interpret the entry function of each module and print its results")
    run.add_argument("file", help="MLIR file (- for stdin)")
    run.add_argument("--args", nargs="+", default=[], metavar="NPY", help="arguments of the entry function (.npy)")
    run.add_argument("--entry", default="main", help="entry function (default: main, or the only function)")
    run.add_argument("--split-input-file", action="store_true", help="split the input at '// -----' lines")
    run.add_argument("--replicas", type=_positive_int, metavar="R",
                     help="replicas of the process grid (default: the module's mhlo.num_replicas, else 1)")
    run.add_argument("--partitions", type=_positive_int, metavar="P",
                     help="partitions of the process grid (default: the module's mhlo.num_partitions, else 1); "
                          "one thread runs each process (one rank each under mpiexec -n R*P); an --args file "
                          "name with {process} is loaded per process")
    run.add_argument("--output", metavar="DIR", help="also write each tensor result as DIR/result_K.npy "
                                                     "(DIR/process_I_result_K.npy on a process grid), and "
                                                     "each outfed array as DIR/outfeed_N_value_K.npy")
    run.add_argument("--probe-dir", metavar="DIR",
                     help="write the value of each run of an interpreter.probe op as DIR/<probe_id>_<n>.npy, "
                          "listed in DIR/index.csv (under mpiexec: DIR/process_I/ per rank)")
    run.add_argument("--max-value-bytes", type=_byte_count, metavar="N",
                     help="largest value an op may make, e.g. 512M (default: half the physical memory)")
    run.add_argument("--max-total-bytes", type=_byte_count, metavar="N",
                     help="bytes of values held at once, e.g. 2G (default: 3/4 of the physical memory)")
    run.add_argument("--max-iterations", type=_non_negative(int), metavar="N",
                     help="iterations of each while loop (default: unlimited)")
    run.add_argument("--timeout", type=_non_negative(float), metavar="SECONDS",
                     help="wall time of each module's run, checked by while loops (default: unlimited)")
    run.add_argument("--backend", choices=["interpreter", "compiled", "auto"], default="interpreter",
                     help="what runs the program: the interpreter (the reference), native code through "
                          "stablehlo_py.lowering, or native code for the program or each function that "
                          "lowers and the interpreter for the rest (docs/lowering.md)")
    run.add_argument("--explain", action="store_true",
                     help="with --backend auto: print which backend runs each function and why, to stderr")
    run.add_argument("--check-against", choices=["interpreter"],
                     help="also run the interpreter and fail on the first result element that differs")
    _add_strict_spec(run)
    sub.add_parser("targets", help="list the custom_call targets the interpreter runs (docs/custom_calls.md)")
    sub.add_parser("plugin-path", help="print the path of the plugin for stock mlir-opt "
                                       "(--load-dialect-plugin=PATH --load-pass-plugin=PATH)")
    opt = sub.add_parser("opt", allow_abbrev=False, help="run a pass pipeline and print the module (mlir-opt's flags: "
                                     "--pass-pipeline=..., or --<pass>[=options] in order, nested implicitly)")
    opt.add_argument("file", nargs="?", default="-", help="MLIR file (- or nothing for stdin)")
    opt.add_argument("--pipeline",
                     help="comma-separated passes, each nested where it runs, e.g. "
                          "'stablehlo-refine-shapes,stablehlo-aggressive-folder{fold-float=false},canonicalize'")
    opt.add_argument("--pass-pipeline", metavar="PIPELINE",
                     help="a whole pipeline as mlir-opt takes it, e.g. "
                          "'builtin.module(func.func(stablehlo-canonicalize-dynamism))'")
    opt.add_argument("--allow-unregistered-dialect", action="store_true", help="parse ops of unknown dialects")
    opt.add_argument("--mlir-print-op-generic", action="store_true", help="print every op in the generic form")
    opt.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
    opt.add_argument("-o", "--output", metavar="FILE", help="write here instead of to standard output")
    opt.add_argument("--split-input-file", action="store_true", help="split the input at '// -----' lines")
    opt.add_argument("--verify-diagnostics", action="store_true",
                     help="check the diagnostics against the file's expected-error/warning/remark/note "
                          "annotations (as mlir-opt), instead of reporting them")
    _add_strict_spec(opt, "by default they verify silently, as upstream's stablehlo-opt verifies them")
    opt.add_argument("--warn-spec-deviations", action="store_true",
                     help="warn about programs the spec rejects but upstream StableHLO accepts, naming the op "
                          "and the constraint")
    translate = sub.add_parser("translate", help="write a program as a portable artifact, or read one back "
                                                 "(upstream's stablehlo-translate --serialize/--deserialize)")
    translate.add_argument("file", help="program: text, MLIR bytecode, portable artifact or jax.export blob "
                                        "(- for stdin)")
    mode = translate.add_mutually_exclusive_group(required=True)
    mode.add_argument("--serialize", action="store_true", help="write the program as a portable artifact")
    mode.add_argument("--deserialize", action="store_true", help="print the StableHLO program of an artifact")
    translate.add_argument("--target", metavar="VERSION",
                           help="the artifact's StableHLO version, #.#.# or 'current' (with --serialize)")
    translate.add_argument("--allow-other-dialects", action="store_true",
                           help="with --serialize: write ops of other dialects (arith, tensor, ...) as they are, "
                                "behind unrealized casts, instead of refusing them (upstream's flag)")
    translate.add_argument("--strip-debuginfo", action="store_true",
                           help="with --serialize: leave the program's locations out of the artifact "
                                "(upstream's flag; they are written by default)")
    translate.add_argument("-o", "--output", metavar="FILE", help="write here instead of to standard output")
    _add_strict_spec(translate)
    return parser


def _add_strict_spec(command, otherwise: str = "by default they load with a warning naming the constraint") -> None:
    command.add_argument("--strict-spec", action="store_true",
                         help=f"reject programs the spec rejects but upstream StableHLO accepts ({otherwise})")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["opt"]:  # LLVM's option parser takes -flag as --flag; so does opt, as mlir-opt
        argv = [re.sub(r"^-(?=[A-Za-z][\w.-])", "--", a) if not a.startswith("--") else a for a in argv]
    try:
        parser = _parser()
        args, extra = parser.parse_known_args(argv)
        if extra and args.command != "opt":
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.pass_flags = extra
    except SystemExit as e:  # usage errors (status 2) and --help (status 0)
        return e.code if isinstance(e.code, int) else 2
    try:
        if args.command == "targets":
            return _targets()
        if args.command == "plugin-path":
            return _plugin_path()
        if args.command == "translate":
            return _translate(args)
        return _run(args) if args.command == "run" else _opt(args)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 1
    except Exception as e:  # noqa: BLE001 - a bug must still not print a traceback at users
        print(f"internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
