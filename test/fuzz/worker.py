"""A restartable subprocess that parses, verifies, prints and interprets programs.

The parent (`Worker`) feeds requests as JSON lines over a pipe and enforces a
per-request timeout; the child (`python worker.py --child`) answers one JSON
line per request.  Outcomes:

- ``ran``: parsed, verified and interpreted (a failed check counts as ran).
- ``clean``: rejected with a clear error: MLIRError (parse, verify),
  InterpreterError or a ValueError raised by our own code.
- ``internal``: any other exception out of our package (IndexError, KeyError,
  TypeError, AttributeError, a ValueError from inside numpy, ... also when the
  interpreter wrapped it into an InterpreterError), "internal error" in a
  message, or a printed module that does not parse back.
- ``memory``: MemoryError (the child runs under RLIMIT_AS) or an
  out-of-memory abort.
- ``timeout``: no answer within the timeout; the child is killed and restarted.
- ``crash``: the child died (SIGABRT from an MLIR assertion, SIGSEGV, ...) or
  wrote "Critical nanobind error" on stderr.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

OUTCOMES = ("ran", "clean", "internal", "memory", "timeout", "crash")
BAD = ("internal", "crash")  # outcomes that are bugs of ours
MEMORY_LIMIT = 1 << 30  # bytes of address space the child may add to its start
# A child whose address space has grown by more than this share of its limit is replaced before
# the next mutant: thread stacks, malloc arenas and JIT code pages are reserved once and kept,
# and over thousands of mutants they would leave a later mutant too little room to start a
# thread or map its code (a failure of the harness, not of the mutant).
RECYCLE_SHARE = 0.5
MAX_INPUT_ELEMENTS = 1 << 16  # larger entry arguments are not made (stage "inputs")


# --------------------------------------------------------------------------
# Child side
# --------------------------------------------------------------------------

def _in_package(tb) -> bool:
    """Whether the innermost frame of a traceback is stablehlo_py's code."""
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    return last is not None and f"{os.sep}stablehlo_py{os.sep}" in last.tb_frame.f_code.co_filename


def _where(exc) -> str:
    """file:line of the innermost frame, for triage."""
    tb, last = exc.__traceback__, None
    while tb is not None:
        last, tb = tb, tb.tb_next
    if last is None:
        return ""
    code = last.tb_frame.f_code
    return f"{os.path.basename(code.co_filename)}:{last.tb_lineno} in {code.co_name}"


# numpy's own complaints: a kernel passed it values it did not expect (shapes
# the verifier or a runtime check should have rejected), whoever raised them.
_NUMPY_COMPLAINTS = ("could not be broadcast", "shape mismatch", "cannot reshape array",
                     "negative dimensions are not allowed", "axis", "out of bounds", "ambiguous")


def classify_exception(exc) -> tuple[str, str, str]:
    """(outcome, exception type, where) for an exception out of our package."""
    import mlir.ir as ir
    from stablehlo_py.interpreter import InterpreterError

    chain, e = [], exc
    while e is not None and len(chain) < 10:
        chain.append(e)
        e = e.__cause__ or (None if e.__suppress_context__ else e.__context__)
    for e in chain:
        if isinstance(e, MemoryError):
            return "memory", type(e).__name__, _where(e)
    for e in chain:
        if isinstance(e, (InterpreterError, ir.MLIRError)):
            continue
        if isinstance(e, ValueError) and _in_package(e.__traceback__) \
                and not any(c in str(e) for c in _NUMPY_COMPLAINTS):
            continue  # raised on purpose by our code
        return "internal", type(e).__name__, _where(e)
    if "internal error" in str(exc):
        return "internal", type(exc).__name__, _where(exc)
    return "clean", type(exc).__name__, ""


def make_inputs(specs, seed: int):
    """Arguments for specs: zeros (seed 0) or random values with edge cases."""
    import numpy as np
    from stablehlo_py.interpreter import TOKEN
    from stablehlo_py.interpreter.core.types import TokenSpec, TupleSpec

    rng = np.random.default_rng(seed)
    # `?` dimensions: usually one size for all (as a caller would pass),
    # sometimes independent sizes (the interpreter must reject mismatches).
    same = int(rng.integers(0, 4)) if rng.random() < 0.8 else None

    def size():
        return same if same is not None else int(rng.integers(0, 4))

    def make(spec):
        if isinstance(spec, TokenSpec):
            return TOKEN
        if isinstance(spec, TupleSpec):
            return tuple(make(s) for s in spec.elements)
        shape = tuple(size() if d is None else d for d in spec.shape)
        n = int(np.prod(shape, dtype=object))
        if n > MAX_INPUT_ELEMENTS:
            raise _TooLarge(f"argument {spec.text} has {n} elements")
        dtype = spec.dtype
        if seed == 0:
            return np.zeros(shape, dtype)
        cat = spec.element.category
        if cat in ("sint", "uint") or dtype == np.bool_:
            info_bits = spec.element.bits
            if dtype == np.bool_:
                return rng.integers(0, 2, shape).astype(np.bool_)
            lo = -(1 << (info_bits - 1)) if cat == "sint" else 0
            hi = (1 << (info_bits - 1)) if cat == "sint" else (1 << info_bits)
            small = rng.integers(-3, 4, shape) if cat == "sint" else rng.integers(0, 4, shape)
            wide = rng.integers(lo, hi, shape, dtype=np.int64) if info_bits < 64 else rng.integers(
                -(1 << 62), 1 << 62, shape, dtype=np.int64)
            values = np.where(rng.random(shape) < 0.7, small, wide)
            return values.astype(dtype)
        specials = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-40, 65504.0, 0.5])
        real = np.where(rng.random(shape) < 0.8, rng.normal(0, 3, shape), rng.choice(specials, shape))
        if np.dtype(dtype).kind == "c":
            return (real + 1j * rng.normal(0, 3, shape)).astype(dtype)
        with np.errstate(all="ignore"):
            return real.astype(dtype)

    return [make(s) for s in specs]


class _TooLarge(Exception):
    pass


def _limits_kwargs():
    """limits= for compile, when the interpreter has it (issue 12 section 3):
    small memory limits and a loop time limit below the parent's timeout."""
    import dataclasses
    import inspect

    from stablehlo_py.interpreter import compile as _compile

    if "limits" not in inspect.signature(_compile).parameters:
        return {}
    try:
        from stablehlo_py.interpreter import Limits
        names = {f.name for f in dataclasses.fields(Limits)}
    except (ImportError, TypeError):
        return {}
    wanted = {"max_value_bytes": 64 << 20, "max_total_bytes": 256 << 20, "max_iterations": 100_000,
              "timeout": 5.0}
    return {"limits": {k: v for k, v in wanted.items() if k in names}}


def run_one(req: dict, limits: dict) -> dict:
    import mlir.ir as ir

    import stablehlo_py
    from stablehlo_py.interpreter import compile as compile_fn

    res = {"outcome": "ran", "stage": "done", "type": "", "where": "", "message": ""}
    stage = "parse"
    try:
        module = stablehlo_py.parse_module(req["text"])
        stage = "verify"
        if not module.operation.verify():
            raise ir.MLIRError("verify() returned false", [])
        stage = "print"
        for generic in (False, True):
            printed = module.operation.get_asm(print_generic_op_form=generic)
            try:
                stablehlo_py.parse_module(printed)
            except ir.MLIRError as e:  # our printer wrote what our parser rejects
                res.update(outcome="internal", stage=stage, type="MLIRError", where="print round trip",
                           message=f"{'generic' if generic else 'pretty'} print does not parse back: {e}"[:2000])
                return res
        stage = "optimize"
        optimized = _optimized(module)
        if optimized is None:
            res.update(outcome="internal", stage=stage, type="MLIRError", where="optimize",
                       message="inline + optimize made a module that does not verify")
            return res
        stage = "prepare"
        exe = compile_fn(module, entry=req.get("entry", "main"), **limits)
        stage = "inputs"
        try:
            args = make_inputs(exe.arg_specs, req.get("input_seed", 0))
        except _TooLarge as e:
            res.update(outcome="clean", stage=stage, type="TooLarge", message=str(e))
            return res
        stage = "run"
        draws = any(op in req["text"] for op in _DRAWS)
        if _SECOND_CALL and not draws and not any(op in req["text"] for op in _STATEFUL):
            del _JIT_FAILURES[:]
            first = _call(exe, args)
            # a call stopped by Limits.timeout is not called again: two would outlast the parent's timeout
            second = first if first[1] is not None and _timing(first[1]) else _call(exe, args)
            differs = _second_call_differs(first, second)
            if not differs and _JIT_FAILURES:  # the loop fell back to Python: the lowering refused it
                differs = f"could not compile a loop: {_JIT_FAILURES[0]}"
            if differs:
                res.update(outcome="internal", stage="run twice", type="Mismatch", where="second call",
                           message=f"the second call {differs}"[:2000])
                return res
            if first[1] is not None:
                raise first[1]
            results = first[0]
        else:
            results = exe(*args)
        if _COMPILED:
            stage = "lower"
            from stablehlo_py.lowering import LoweringError

            try:
                compiled = stablehlo_py.compile(module, entry=req.get("entry", "main"), backend="compiled")
            except LoweringError:  # not lowered yet: a clean refusal
                compiled = None
            if compiled is not None:
                stage = "run compiled"
                got = compiled(*args)
                # A reduce whose body is not associative has no one answer: the spec leaves the order
                # open, the compiled backend folds in index order (as XLA), the interpreter by a tree.
                order_free = _NON_ASSOCIATIVE_REDUCE.search(req["text"]) is not None
                differs = "" if order_free else _compiled_differs(results, got, _SUMS.search(req["text"]) is not None)
                if differs:
                    res.update(outcome="internal", stage=stage, type="Mismatch", where="compiled backend",
                               message=f"the compiled backend gives another result {differs}"[:2000])
                    return res
        if draws:  # the optimized module's rng ops draw other streams (their key is the op's location)
            return res
        stage = "run optimized"
        differs = _differs(results, compile_fn(optimized, entry=req.get("entry", "main"), **limits)(*args))
        if differs:
            res.update(outcome="internal", stage=stage, type="Mismatch", where="optimize",
                       message=f"inline + optimize changed result {differs}")
            return res
    except Exception as e:  # noqa: BLE001 - the point is to classify every failure
        outcome, typ, where = classify_exception(e)
        if stage == "run" and typ == "CheckFailure":
            outcome = "ran"
        res.update(outcome=outcome, stage=stage, type=typ, where=where, message=str(e)[:2000])
    return res


# run.py --fuse-all: each mutant runs twice on one prepared plan and the two calls must agree bit
# for bit (the interpreter's fusion of element-wise runs, which compiled on a second call, is
# retired: docs/decisions.md, "The interpreter's native tier: what stays")
_SECOND_CALL = False
_STATEFUL = ("interpreter.probe",)  # ops whose records persist across calls of one executable
# stablehlo.rng draws new numbers at each call, from a stream keyed by the op's location
# (docs/decisions.md), so neither a second call nor the optimized module gives the same results;
# rng_bit_generator is a pure function
_DRAWS = ('"stablehlo.rng"', "stablehlo.rng ")
_JIT_FAILURES: list = []  # the failures of the scalar loops' compiler during a request (--fuse-all)


def _recording_jit_failures() -> None:
    """Make the compiled tier of scalar loops (interpreter/jit/scalar.py) note its compile
    failures: the loop silently runs in Python instead, so a loop the lowering refuses or fails
    on would otherwise go unnoticed."""
    import stablehlo_py.lowering  # noqa: F401 - it sets the loop compiler
    from stablehlo_py.interpreter.jit import scalar

    compile_loop = scalar._loop_compiler

    def recording(module, limits):
        try:
            return compile_loop(module, limits)
        except Exception as e:
            _JIT_FAILURES.append(f"{type(e).__name__}: {e}")
            raise

    scalar.set_loop_compiler(recording)


def _call(exe, args) -> tuple:
    """(results, None) or (None, the exception) of one call."""
    try:
        return exe(*args), None
    except Exception as e:  # noqa: BLE001 - compared with the other call, then classified
        return None, e


def _second_call_differs(first: tuple, second: tuple) -> str:
    """How the second call's outcome differs from the first's ('' if it does not): the same
    exception type and message, or the same results bit for bit (any NaN matches any NaN
    where both are NaN: numpy's and LLVM's loops may pick either NaN operand)."""
    (a, error_a), (b, error_b) = first, second
    if error_a is not None or error_b is not None:
        if error_a is None:
            return f"raised {type(error_b).__name__}: {error_b} (the first returned)"
        if error_b is None:
            return f"returned (the first raised {type(error_a).__name__}: {error_a})"
        if type(error_a) is not type(error_b) or (str(error_a) != str(error_b) and not _timing(error_a)):
            return f"raised {type(error_b).__name__}: {error_b} (the first {type(error_a).__name__}: {error_a})"
        return ""
    return _bits_differ(a, b, "result")


def _timing(error) -> bool:
    """Whether an error's message may differ between calls (a time limit says when it struck)."""
    return "timeout" in str(error) or "seconds" in str(error)


def _bits_differ(a, b, where: str) -> str:
    import numpy as np

    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        if type(a) is not type(b) or len(a) != len(b):
            return f"{where}: {type(a).__name__} of {len(a) if isinstance(a, (tuple, list)) else '-'} became " \
                   f"{type(b).__name__}"
        for k, (x, y) in enumerate(zip(a, b)):
            differs = _bits_differ(x, y, f"{where} {k}")
            if differs:
                return differs
        return ""
    if not isinstance(a, (np.ndarray, np.generic)) or not isinstance(b, (np.ndarray, np.generic)):
        return "" if type(a) is type(b) else f"{where}: {type(a).__name__} became {type(b).__name__}"
    x, y = np.asarray(a), np.asarray(b)
    if x.shape != y.shape or x.dtype != y.dtype:
        return f"{where}: {x.dtype}{x.shape} became {y.dtype}{y.shape}"
    if x.dtype.hasobject:
        return "" if bool(np.all(x == y)) else f"{where}: object values differ"
    u, v = x.reshape(-1).copy(), y.reshape(-1).copy()  # flat and contiguous: views of any width
    width = x.dtype.itemsize
    if width in (1, 2, 4, 8):
        differ = u.view(f"u{width}") != v.view(f"u{width}")
    else:  # e.g. complex128: bytes per element
        differ = (u.view("u1") != v.view("u1")).reshape(-1, width).any(-1)
    if differ.any() and (x.dtype.kind in "fc" or "float" in str(x.dtype)):
        wide = np.complex128 if x.dtype.kind == "c" else np.float64
        try:
            with np.errstate(all="ignore"):
                differ &= ~(np.isnan(u.astype(wide)) & np.isnan(v.astype(wide)))
        except (TypeError, ValueError):
            pass
    if not differ.any():
        return ""
    k = int(np.flatnonzero(differ)[0])
    return f"{where} at flat index {k}: {u[k]!r} became {v[k]!r} ({int(np.count_nonzero(differ))} differ)"


def _optimized(module):
    """The module after inline, canonicalize and the C++ folder and simplifications
    (stablehlo-target-independent-optimization: canonicalize no longer runs them), on a copy;
    None when the result does not verify."""
    import mlir.ir as ir
    from mlir.passmanager import PassManager

    import stablehlo_py

    copy = stablehlo_py.parse_module(module.operation.get_asm(print_generic_op_form=True))
    PassManager.parse("builtin.module(inline,canonicalize,func.func(stablehlo-target-independent-optimization))",
                      context=copy.context).run(copy.operation)
    try:
        return copy if copy.operation.verify() else None
    except ir.MLIRError:
        return None


def _differs(results, optimized) -> str:
    """Index and values of the first result that folding changed ('' if none);
    NaNs match NaNs (their payloads are not the spec's concern)."""
    import numpy as np

    for i, (a, b) in enumerate(zip(results, optimized)):
        if not isinstance(a, np.ndarray):
            continue
        x, y = np.asarray(a), np.asarray(b)
        if x.shape != y.shape or x.dtype != y.dtype:
            return f"{i}: {x.dtype}{x.shape} became {y.dtype}{y.shape}"
        if x.dtype.kind in "fc" or "float" in str(x.dtype):
            wide = np.complex128 if x.dtype.kind == "c" else np.float64
            u, v = x.astype(wide), y.astype(wide)
            same = (u == v) | (np.isnan(u) & np.isnan(v))
            if x.dtype.kind != "c":
                same &= np.signbit(u) == np.signbit(v)
        else:
            same = x == y
        if not np.all(same):
            where = tuple(int(k) for k in np.argwhere(~same)[0])
            return f"{i} at {where}: {x[where]!r} became {y[where]!r}"
    return ""


def _selftest(what: str) -> None:
    import time as _time

    if what == "abort":
        os.abort()
    if what == "hang":
        _time.sleep(3600)
    if what == "nanobind":
        sys.stderr.write("Critical nanobind error: (a test of the harness)\n")
        sys.stderr.flush()
    if what == "memory":
        bytearray(1 << 40)
    if what == "reserve":  # keep address space, as thread stacks and JIT pages stay reserved
        _RESERVED.append(bytearray(int(RECYCLE_SHARE * int(os.environ["FUZZ_MEMORY_LIMIT"])) + (1 << 20)))


_RESERVED: list = []


# run.py --compiled: each mutant that lowers also runs on the compiled backend (stablehlo_py.lowering),
# whose results must be the interpreter's: integers bit for bit, floats within 2 ULP (libm's math
# functions against numpy's), NaN matching NaN. A program that sums floats (reductions,
# contractions) may sum in another order (the spec leaves it open): where it cancels, the ULP count
# means nothing, so its floats are within _SUM_EPSILONS epsilons of the largest result magnitude.
_COMPILED = bool(os.environ.get("FUZZ_COMPILED"))
_COMPILED_ULPS = 2
_SUM_EPSILONS = 64
_NON_ASSOCIATIVE_REDUCE = re.compile(r"applies (stablehlo|chlo)\.(broadcast_)?(subtract|divide|remainder|power|"
                                     r"shift_\w+|atan2|next_after|polygamma|zeta)\b")
_SUMS = re.compile(r"stablehlo\.(reduce|reduce_window|dot|dot_general|convolution|batch_norm_\w+|scatter|"
                   r"select_and_scatter|all_reduce|reduce_scatter|cholesky|triangular_solve|fft)\b")
_TEST_PYTHON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python")


def _compiled_differs(results, compiled, sums: bool = False) -> str:
    import numpy as np

    if _TEST_PYTHON not in sys.path:
        sys.path.insert(0, _TEST_PYTHON)
    from testing.ulps import ulp_distance  # the tests' own measure

    for i, (a, b) in enumerate(zip(results, compiled)):
        if not isinstance(a, np.ndarray):
            if type(a) is type(b):  # tokens: no data to compare
                continue
            return f"{i}: the interpreter gives {type(a).__name__}, the compiled backend {type(b).__name__}"
        x, y = np.asarray(a), np.asarray(b)
        if x.shape != y.shape or x.dtype != y.dtype:
            return f"{i}: {x.dtype}{x.shape} against {y.dtype}{y.shape}"
        exact = _bits_differ(x, y, str(i))
        if not exact or not (x.dtype.kind in "fc" or "float" in str(x.dtype)):
            if exact:
                return exact
            continue
        if not np.any(ulp_distance(x, y) > _COMPILED_ULPS):
            continue
        if not sums or not _within_sum_error(x, y):
            return exact
    return ""


def _within_sum_error(x, y) -> bool:
    """Each element within _SUM_EPSILONS epsilons (of its real type) of the largest finite
    magnitude of `x`; NaN and infinities where `x` has them."""
    import ml_dtypes
    import numpy as np

    parts = [(x.real, y.real), (x.imag, y.imag)] if x.dtype.kind == "c" else [(x, y)]
    for u, v in parts:
        eps = float(ml_dtypes.finfo(u.dtype).eps)
        wide_u, wide_v = u.astype(np.float64), v.astype(np.float64)
        finite = np.isfinite(wide_u)
        if not np.array_equal(finite, np.isfinite(wide_v)) or \
                not np.array_equal(np.isnan(wide_u), np.isnan(wide_v)) or \
                not np.array_equal(wide_u[np.isinf(wide_u)], wide_v[np.isinf(wide_u)]):
            return False
        scale = np.abs(wide_u[finite]).max(initial=0.0)
        if np.any(np.abs(wide_u[finite] - wide_v[finite]) > _SUM_EPSILONS * eps * scale):
            return False
    return True


def child_main() -> None:
    import resource

    # The protocol gets the original stdout; anything else written to fd 1
    # (a stray print, a C++ dump) goes to stderr.
    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    import numpy  # noqa: F401
    import stablehlo_py  # noqa: F401
    import stablehlo_py.interpreter  # noqa: F401

    if os.environ.get("FUZZ_FUSE_ELEMENTS"):  # run.py --fuse-all: each mutant twice, the calls compared
        global _SECOND_CALL
        _SECOND_CALL = True
        _recording_jit_failures()
    limits = _limits_kwargs()
    vm = _address_space()
    extra = int(os.environ.get("FUZZ_MEMORY_LIMIT", MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_AS, (vm + extra, vm + extra))
    proto.write(json.dumps({"ready": True, "limits": bool(limits)}) + "\n")
    proto.flush()
    for line in sys.stdin:
        req = json.loads(line)
        try:
            if "selftest" in req:  # the harness's own tests: die, hang, complain or allocate on purpose
                _selftest(req["selftest"])
                res = {"outcome": "ran", "stage": "selftest", "type": "", "where": "", "message": ""}
            else:
                res = run_one(req, limits)
        except MemoryError:
            res = {"outcome": "memory", "stage": "harness", "type": "MemoryError", "where": "", "message": ""}
        if _address_space() > vm + RECYCLE_SHARE * extra:
            res["recycle"] = True
        # the parent reads stderr on another thread: mark where this request's output ends
        sys.stderr.write(_END_OF_REQUEST + "\n")
        sys.stderr.flush()
        proto.write(json.dumps(res) + "\n")
        proto.flush()


def _address_space() -> int:
    """This process's virtual memory size in bytes (what RLIMIT_AS limits)."""
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmSize:"))


# --------------------------------------------------------------------------
# Parent side
# --------------------------------------------------------------------------

_END_OF_REQUEST = "\x1e end of fuzz request"
_CRASH_MARKERS = ("Critical nanobind error", "Assertion", "LLVM ERROR", "Stack dump", "terminate called")
_OOM_MARKERS = ("out of memory", "std::bad_alloc", "Cannot allocate memory")


class Worker:
    """A long-lived child process; `run(request)` returns the classified outcome.

    The child is restarted after a crash or a timeout (`restarts` counts them)."""

    def __init__(self, timeout: float = 10.0, memory_limit: int = MEMORY_LIMIT):
        self.timeout = timeout
        self.memory_limit = memory_limit
        self.proc = None
        self.restarts = 0
        self.recycled = 0
        self.limits = False

    def _start(self):
        env = dict(os.environ)
        env.update(LLVM_DISABLE_CRASH_REPORT="1", LLVM_DISABLE_SYMBOLIZATION="1", OPENBLAS_NUM_THREADS="1",
                   OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", FUZZ_MEMORY_LIMIT=str(self.memory_limit),
                   PYTHONFAULTHANDLER="")
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1, env=env)
        self.lines: queue.Queue = queue.Queue()
        self.err: list = []
        self.err_ends: queue.Queue = queue.Queue()  # one item per request whose stderr is all read
        proc, lines, err, err_ends = self.proc, self.lines, self.err, self.err_ends

        def pump_out():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        def pump_err():
            for line in proc.stderr:
                if line.rstrip("\n") == _END_OF_REQUEST:
                    err_ends.put(True)
                elif len(err) < 400:
                    err.append(line)

        self.threads = [threading.Thread(target=pump_out, daemon=True),
                        threading.Thread(target=pump_err, daemon=True)]
        for t in self.threads:
            t.start()
        first = self.lines.get(timeout=120)
        if first is None:
            raise RuntimeError("fuzz worker did not start:\n" + "".join(self.err))
        self.limits = json.loads(first).get("limits", False)

    def _died(self, res: dict) -> dict:
        rc = self.proc.wait()
        for t in self.threads:
            t.join(timeout=5)
        stderr = "".join(self.err)
        self.proc = None
        self.restarts += 1
        how = f"killed by {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
        outcome = "memory" if any(m in stderr for m in _OOM_MARKERS) else "crash"
        res.update(outcome=outcome, stage="?", type=how, where="", message=_crash_summary(stderr))
        res["stderr"] = stderr[-4000:]
        return res

    def run(self, req: dict) -> dict:
        if self.proc is None:
            self._start()
        self.err.clear()
        start = time.monotonic()
        try:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
            line = self.lines.get(timeout=self.timeout)
        except BrokenPipeError:
            line = None
        except queue.Empty:
            self.close(kill=True)
            self.restarts += 1
            return {"outcome": "timeout", "stage": "?", "type": "", "where": "",
                    "message": f"no answer in {self.timeout:g} s", "seconds": self.timeout}
        if line is None:
            res = self._died({})
        else:
            res = json.loads(line)
            try:  # wait until the stderr thread has read all this request wrote
                self.err_ends.get(timeout=5)
            except queue.Empty:
                pass
            stderr = "".join(self.err)
            if "Critical nanobind error" in stderr:
                res.update(outcome="crash", type="nanobind", message=_crash_summary(stderr))
                res["stderr"] = stderr[-4000:]
                self.close(kill=True)
                self.restarts += 1
            elif res.pop("recycle", False):  # a fresh child for the next mutant (RECYCLE_SHARE)
                self.close()
                self.recycled += 1
        res["seconds"] = time.monotonic() - start
        return res

    def close(self, kill: bool = False):
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _crash_summary(stderr: str) -> str:
    """The lines of a crash's stderr that say what failed."""
    keep = [l.strip() for l in stderr.splitlines() if any(m in l for m in _CRASH_MARKERS + _OOM_MARKERS)]
    return "\n".join(keep[:5]) or stderr.strip()[-500:]


def signature(res: dict) -> str:
    """What identifies a bug across mutants: outcome, type and place (or the
    assertion text), without values or locations."""
    import re

    if res["outcome"] == "crash":
        msg = res.get("message", "")
        m = re.search(r"Assertion `(.*?)' failed", msg) or re.search(r"(Critical nanobind error[^\n]*)", msg) \
            or re.search(r"(LLVM ERROR[^\n]*)", msg)
        return f"crash: {res.get('type')}: {m.group(1) if m else msg[:120]}"
    if res["outcome"] == "internal":
        return f"internal: {res.get('stage')}: {res.get('type')} at {res.get('where')}"
    return f"{res['outcome']}: {res.get('stage')}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child_main()
