"""Contexts and parsing: the base layer that the package, the interpreter and the CLI share
(above the extension, below everything else)."""

import warnings

import mlir.ir

from . import _stablehlo

__all__ = ["context", "parse_module", "program_text", "bytecode_text", "bytecode_producer",
           "find_function", "SpecDeviationWarning"]


class SpecDeviationWarning(UserWarning):
    """A program the spec rejects but upstream StableHLO accepts (and producers emit) was accepted.
    The message names the op, its location and the constraint; parsing with `strict=True` (the
    CLI's --strict-spec) makes it an error. docs/decisions.md lists the cases."""


# Loaded when a context is made, so that Python builders find their ops; every other dialect
# MLIR's Python package registers is loaded when a program names it. Loading all of them (the
# package's default) made a context cost ~10 ms instead of ~0.6 ms, and parsing text makes one.
_LOADED_DIALECTS = ("builtin", "func", "quant")


def context() -> "mlir.ir.Context":
    """A new context with the project's dialects (stablehlo, chlo, check, interpreter, sdy) and
    the upstream dialects a StableHLO program uses (builtin, func, quant) loaded, and every other
    dialect of MLIR's Python package registered (loaded when a program names it)."""
    ctx = mlir.ir.Context(load_on_create_dialects=_LOADED_DIALECTS)
    _stablehlo.register_dialects(ctx)
    # Python callbacks (Python passes, diagnostic handlers, the bindings'
    # error capture) must only run on the thread holding the GIL; MLIR's
    # worker threads do not hold it, and our programs gain nothing from them.
    ctx.enable_multithreading(False)
    return ctx


def parse_module(source, ctx: "mlir.ir.Context | None" = None, *, strict: bool = False) -> "mlir.ir.Module":
    """Parses a program (text, UTF-8 bytes or MLIR bytecode: program_text) into a module, in
    `ctx` (default: a new `context()`), after the upgrades stablehlo-opt applies too: JAX's MLIR
    writes hex i1 constants one byte per element, this MLIR reads them packed.
    A program the spec rejects but upstream StableHLO accepts loads with a SpecDeviationWarning per
    deviation; `strict=True` makes those errors (an MLIRError), in `ctx` from then on."""
    text = program_text(source)
    ctx = ctx or context()
    _stablehlo.set_strict_spec(ctx, strict)
    deviations = []

    def keep_warning(diagnostic) -> bool:
        if diagnostic.severity == mlir.ir.DiagnosticSeverity.WARNING:
            where = str(diagnostic.location)  # loc("-":2:8), named as MLIR names errors: "-":2:8
            if where.startswith("loc(") and where.endswith(")"):
                where = where[4:-1]
            deviations.append(f"{where}: {diagnostic.message}")
        return False  # not handled: a handler attached before this one (the CLI's) sees it too

    handler = ctx.attach_diagnostic_handler(keep_warning)
    try:
        module = mlir.ir.Module.parse(_stablehlo.upgrade_program_text(text), context=ctx)
    except RuntimeError as e:
        if "conversion error" not in str(e):
            raise
        # MLIR's message quotes a name or string whose escapes (such as "\FA") are bytes that are
        # not UTF-8, which the bindings cannot turn into a Python string.
        raise mlir.ir.MLIRError("Unable to parse module assembly: the error is in text that is not UTF-8 once its "
                                "escapes are read (a name or string holding bytes such as \\FA)", []) from None
    finally:
        handler.detach()
    for message in deviations:
        warnings.warn(message, SpecDeviationWarning, stacklevel=2)
    return module


_BYTECODE_MAGIC = b"ML\xefR"
BYTECODE_TIMEOUT = 60.0  # seconds the child process may take to turn bytecode into text
# CPU seconds the child may use: a start plus some per MB read. Valid artifacts take well under a
# tenth of this (0.08 s at most over the corpus's and the producers' artifacts, about 1 s per MB of
# operations and less for constants), while MLIR's reader spins on an attribute or type entry
# that refers back to itself (it defers and retries the entries forever): stopped here in seconds
# instead of after BYTECODE_TIMEOUT. CPU time, unlike the clock, does not grow with the machine's load.
BYTECODE_CPU_SECONDS = 5.0
BYTECODE_CPU_SECONDS_PER_MB = 10.0


def _bytecode_cpu_limit(size: int) -> int:
    return int(BYTECODE_CPU_SECONDS + BYTECODE_CPU_SECONDS_PER_MB * size / 2**20) + 1


def program_text(source) -> str:
    """The program text of `source`: a str, UTF-8 bytes, or MLIR bytecode (bytes starting with
    MLIR's magic number, turned into text by `bytecode_text`). Raises TypeError, naming what is
    accepted, for anything else and for bytecode that cannot be read."""
    if isinstance(source, str):
        return source
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if data.startswith(_BYTECODE_MAGIC):
            return bytecode_text(data)
        from ._jax_export import read_jax_export
        try:
            exported = read_jax_export(data)
        except ValueError as e:
            raise TypeError(str(e)) from None
        if exported is not None:
            return bytecode_text(exported.module)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise TypeError(f"the bytes given are binary data, neither MLIR bytecode nor UTF-8 program text "
                            f"(byte {e.start}): StableHLO programs are read as text (str or UTF-8 bytes), as "
                            f"MLIR bytecode or as an mlir.ir.Module") from None
    raise TypeError(f"expected StableHLO program text (str or UTF-8 bytes), MLIR bytecode or an mlir.ir.Module, "
                    f"got {type(source).__name__}")


def bytecode_producer(data: bytes) -> str | None:
    """The producer string of MLIR bytecode `data` (after the magic number and the version, a
    prefix varint), or None if the header is cut short."""
    if len(data) < 5:
        return None
    first = data[4]
    length = (first & -first).bit_length() if first else 9  # a varint's length: its first byte's trailing zeros + 1
    end = data.find(b"\0", 4 + length)
    return data[4 + length:end].decode("utf-8", "replace") if end >= 0 else None


def bytecode_text(data: bytes) -> str:
    """The text of the module in MLIR bytecode `data`, with its locations. MLIR's bytecode reader
    asserts, and so aborts the process, on some malformed input; so the tool stablehlo-opt reads
    it in a child process, unverified (the module's text is verified where it is parsed, with the
    usual messages). A portable artifact (producer `StableHLO_v...`) is read as VHLO, brought to
    the current version and turned into StableHLO there too (lib/Vhlo/)."""
    import signal
    import subprocess
    try:
        import resource
    except ImportError:  # Windows: the clock's timeout alone
        resource = None

    producer = bytecode_producer(data) or ""
    command = [_stablehlo_opt(), "-", "--mlir-print-debuginfo", "--mlir-very-unsafe-disable-verifier-on-parsing"]
    if producer.startswith("StableHLO_v"):
        current = _stablehlo.get_current_version()
        command.append(f"--pass-pipeline=builtin.module(vhlo-to-version{{target={current}}},"
                       "vhlo-legalize-to-stablehlo)")
    cpu = _bytecode_cpu_limit(len(data))
    # The limit is set on the running child (prlimit; a preexec_fn would make subprocess fork this
    # process, which may hold JAX's threads): it counts the CPU time since the child started, so
    # setting it a moment late loses nothing. SIGXCPU past the soft limit, SIGKILL a second later;
    # no core file.
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    limited = resource is not None and hasattr(resource, "prlimit")
    if limited:
        try:
            resource.prlimit(child.pid, resource.RLIMIT_CORE, (0, 0))
            resource.prlimit(child.pid, resource.RLIMIT_CPU, (cpu, cpu + 1))
        except (ValueError, OSError):  # a lower hard limit of the user's, or the child is gone
            limited = False
    try:
        stdout, stderr = child.communicate(data, timeout=BYTECODE_TIMEOUT)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise TypeError(f"the bytes given are MLIR bytecode that could not be read in {BYTECODE_TIMEOUT:g} s") from None
    if limited and child.returncode == -signal.SIGXCPU:
        raise TypeError(f"the bytes given are MLIR bytecode that could not be read in {cpu} s of CPU time, far "
                        f"more than {len(data)} bytes of bytecode need (an attribute or type entry that refers "
                        f"back to itself makes MLIR's reader retry it forever)")
    if child.returncode != 0:
        errors = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines() if "error:" in line]
        why = errors[0].split("error:", 1)[1].strip() if errors else (
            "the reader failed" if child.returncode > 0 else "the reader stopped on malformed data")
        what = f"a portable artifact ({producer})" if producer.startswith("StableHLO_v") else "MLIR bytecode"
        raise TypeError(f"the bytes given are {what} that cannot be read: {why}")
    return stdout.decode("utf-8")


def _stablehlo_opt() -> str:
    """The stablehlo-opt installed with the package (next to the interpreter's scripts)."""
    import os
    import shutil
    import sysconfig

    tool = os.path.join(sysconfig.get_path("scripts"), "stablehlo-opt")
    if os.path.isfile(tool):
        return tool
    tool = shutil.which("stablehlo-opt")
    if tool is None:
        raise TypeError("reading MLIR bytecode needs the stablehlo-opt tool installed with the package, "
                        "which was not found")
    return tool


def find_function(module: "mlir.ir.Module", name: str):
    """The top-level `func.func @name` of `module`, or None."""
    for op in module.body.operations:
        if op.operation.name == "func.func" and mlir.ir.StringAttr(op.attributes["sym_name"]).value == name:
            return op
    return None
