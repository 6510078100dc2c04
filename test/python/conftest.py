"""Shared pytest setup and test oracles.

Oracles are independent of the interpreter: XLA on CPU through jax (export a
jax function to StableHLO text with `export`, compute the expected outputs
with `xla`), or the spec computed exactly (`round_exact`, numpy on wider
types, mpmath) where XLA's answer depends on the host CPU; the policy is in
docs/decisions.md ("Test oracles and host independence").
"""

from __future__ import annotations

import atexit
import importlib.util
import math
import os
import re
import shutil
import sys
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, settings

# The repository's root: tests in the area folders below reach its files (test/lit, test/conformance,
# test/fuzz, examples, bench) from here, whatever their depth.
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if "stablehlo_py" not in sys.modules and importlib.util.find_spec("stablehlo_py") is None:
    # not installed: use the source tree
    sys.path.insert(0, os.path.join(REPO, "python"))

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
# XLA's LLVM backend without optimization: a test's program compiles in about two thirds of the
# time, and compiling is most of what the XLA oracle costs. Results are the same, as XLA never
# uses fast-math on CPU (xla_cpu_enable_fast_math is off) whatever the level.
if "xla_backend_optimization_level" not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_backend_optimization_level=0").strip()

import jax  # noqa: E402

sys.path.insert(0, os.path.join(REPO, "test", "conformance"))
from oracles import xla_run_text as _xla_run_text  # noqa: E402
from testing.ulps import parts, ulp_distance  # noqa: E402,F401  (ulp_distance: for the tests)

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

# Tests export many identical programs from different functions (each a new jax.jit), so XLA's
# compilations go through jax's persistent cache: one directory for the whole run, made by the
# first process (pytest-xdist's workers inherit it), removed when that process ends.
_XLA_CACHE = "STABLEHLO_PY_TEST_XLA_CACHE"
if _XLA_CACHE not in os.environ:
    os.environ[_XLA_CACHE] = tempfile.mkdtemp(prefix="stablehlo-py-xla-cache-")
    atexit.register(shutil.rmtree, os.environ[_XLA_CACHE], ignore_errors=True)
jax.config.update("jax_compilation_cache_dir", os.environ[_XLA_CACHE])
# The compiled backend's compile cache (lowering/cache.py): one directory of the run's own, never
# the user's, likewise shared by the workers and removed at the end.
_COMPILE_CACHE = "STABLEHLO_PY_CACHE_DIR"
if not os.environ.get("STABLEHLO_PY_TEST_OWN_CACHE"):
    os.environ["STABLEHLO_PY_TEST_OWN_CACHE"] = os.environ[_COMPILE_CACHE] = tempfile.mkdtemp(
        prefix="stablehlo-py-compile-cache-")
    atexit.register(shutil.rmtree, os.environ[_COMPILE_CACHE], ignore_errors=True)
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)

# Hypothesis: CI ("ci", the default) draws the same examples on every run, so a
# failure is never a matter of luck; HYPOTHESIS_PROFILE=random explores with
# fresh seeds and ten times the examples (see `examples`).
_HYPOTHESIS_COMMON = dict(deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", derandomize=True, **_HYPOTHESIS_COMMON)
settings.register_profile("random", derandomize=False, max_examples=1000, **_HYPOTHESIS_COMMON)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(HYPOTHESIS_PROFILE)


def examples(n: int) -> settings:
    """Per-test hypothesis settings: `n` examples in CI (bounding run time), 10 * n under the
    random profile; everything else (derandomize, deadline) comes from the profile."""
    return settings(max_examples=n * (10 if HYPOTHESIS_PROFILE == "random" else 1))


# Which ops the suite checks against XLA, for docs/status.md: an op counts
# when it is in a program exported from a function whose outputs a test also
# asks XLA for. Written to $STABLEHLO_PY_XLA_OPS when the whole session passes.
_OP_NAME = re.compile(r"(?<![#!\w.])(?:stablehlo|chlo)\.[a-z_0-9]+\b")
_CALL = re.compile(r"(?m)^\s*(?:%\S+ = )?(?:func\.)?call @")
_TARGET = re.compile(r"custom_call @([\w.$-]+)")  # custom_call targets count as "@target"
_exported_ops: dict = {}
_xla_checked_ops: set = set()


def export(fn, *args) -> str:
    """StableHLO text of `fn` traced on `args`, as JAX exports it (pretty form)."""
    text = jax.jit(fn).lower(*args).as_text()
    ops = set(_OP_NAME.findall(text)) | {"@" + t for t in _TARGET.findall(text)}
    if _CALL.search(text):
        ops.add("func.call")
    _exported_ops.setdefault(fn, set()).update(ops)
    return text


def _no_subnormal_inputs(args) -> None:
    """XLA on CPU flushes f32 and f64 subnormal inputs of arithmetic to zero, which the spec's IEEE
    semantics do not (docs/decisions.md): a test that hands them to XLA compares against the wrong
    oracle, unless the ops only move bits (`subnormal_inputs=True` says so)."""
    for index, a in enumerate(args):
        a = np.asarray(a)
        if a.dtype.kind not in "fc" or np.real(a).dtype not in (np.float32, np.float64):
            continue
        for part in (a.real, a.imag) if a.dtype.kind == "c" else (a,):
            magnitude = np.abs(part)
            if np.any((magnitude > 0) & (magnitude < np.finfo(part.dtype).tiny)):
                raise AssertionError(f"argument {index} holds {part.dtype} subnormals, which XLA on CPU flushes to "
                                     "zero: use a spec oracle for them (conftest.round_exact, mp_exact)")


def xla(fn, *args, subnormal_inputs: bool = False) -> list:
    """The outputs of `fn` on `args` computed by XLA on CPU, as a list of numpy arrays."""
    if not subnormal_inputs:
        _no_subnormal_inputs(args)
    _xla_checked_ops.update(_exported_ops.get(fn, ()))
    out = jax.jit(fn)(*args)
    leaves = jax.tree_util.tree_leaves(out)
    return [np.asarray(v) for v in leaves]


def xla_run_text(text: str, *args, subnormal_inputs: bool = False) -> list:
    """Outputs of StableHLO `text` (its @main) compiled and run by XLA on CPU:
    the oracle for ops JAX does not emit (legacy ops, ops JAX decomposes)."""
    if not subnormal_inputs:
        _no_subnormal_inputs(args)
    _xla_checked_ops.update(_OP_NAME.findall(text))
    _xla_checked_ops.update("@" + t for t in _TARGET.findall(text))
    return _xla_run_text(text, *args)


def run_both(fn, *args):
    """(interpreter results, XLA results) for `fn` on `args`."""
    from stablehlo_py.interpreter import interpret

    return interpret(export(fn, *args), *args), xla(fn, *args)


def _nan_equal_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Exact equality: same dtype, shape and bits; any NaN matches any NaN."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "biu" or a.dtype == np.bool_:
        return np.array_equal(a, b)
    parts = [(np.real(a), np.real(b)), (np.imag(a), np.imag(b))] if a.dtype.kind == "c" else [(a, b)]
    for x, y in parts:
        x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
        nan = np.isnan(x.astype(np.float64)) & np.isnan(y.astype(np.float64))
        bits = np.dtype(f"u{x.dtype.itemsize}")
        same = x.view(bits) == y.view(bits)
        if not np.all(same | nan):
            return False
    return True


def assert_same(got, expected, context=""):
    """Bit-exact comparison of result lists (NaN matches NaN), with a readable failure."""
    assert len(got) == len(expected), f"{context}: {len(got)} results, expected {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        assert isinstance(g, np.ndarray), f"{context}: result {i} is {type(g).__name__}, not an ndarray"
        assert g.dtype == e.dtype, f"{context}: result {i} dtype {g.dtype}, expected {e.dtype}"
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        if not _nan_equal_bits(g, e):
            diff = np.argwhere(~_elementwise_same(g, e))[:5]
            rows = [f"  at {tuple(int(k) for k in d)}: got {g[tuple(d)]!r}, expected {e[tuple(d)]!r}" for d in diff]
            raise AssertionError(f"{context}: result {i} differs\n" + "\n".join(rows))


def _elementwise_same(a, b):
    if a.dtype.kind in "biu" or a.dtype == np.bool_:
        return a == b
    a64 = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    b64 = b.astype(a64.dtype)
    return (a64 == b64) & (np.signbit(np.real(a64)) == np.signbit(np.real(b64))) | np.isnan(a64) & np.isnan(b64)


def assert_close(got, expected, rtol=1e-6, atol=0.0, context=""):
    """Float comparison with tolerance, per real and imaginary part for complex values (so a
    small part beside a large one is checked on its own scale); NaN matches NaN, infinities
    must match exactly."""
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.dtype == e.dtype, f"{context}: result {i} dtype {g.dtype}, expected {e.dtype}"
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        for (part, gp), (_, ep) in zip(parts(g), parts(e)):
            np.testing.assert_allclose(gp.astype(np.float64), ep.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=f"{context}: result {i} {part}")


def assert_within_scale(got, expected, eps_multiple: float, context=""):
    """Each result within `eps_multiple` epsilons of its element type times its largest finite
    expected magnitude, per element and real/imaginary part: the bound for results of many
    rounded steps (FFT, factorizations, normalizations) whose error scales with the data, not
    with each element. Non-finite values must match (NaN = NaN)."""
    assert len(got) == len(expected), f"{context}: {len(got)} results, expected {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        g, e = np.asarray(g), np.asarray(e)
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        eps = float(ml_dtypes.finfo(np.real(g).dtype).eps)
        finite = np.isfinite(e.astype(np.complex128))
        scale = float(np.max(np.abs(e.astype(np.complex128)[finite]))) if finite.any() else 0.0
        for (part, gp), (_, ep) in zip(parts(g), parts(e)):
            gp, ep = gp.astype(np.float64), ep.astype(np.float64)
            both_finite = np.isfinite(gp) & np.isfinite(ep)
            same_nonfinite = (np.isnan(gp) & np.isnan(ep)) | (gp == ep)
            err = np.where(both_finite, np.abs(gp - ep), 0.0)
            bad = (err > eps_multiple * eps * scale) | (~both_finite & ~same_nonfinite)
            if np.any(bad):
                j = tuple(np.argwhere(bad)[0])
                raise AssertionError(f"{context}: result {i} {part} at {j}: got {gp[j]!r}, expected {ep[j]!r}; "
                                     f"largest error {np.max(err) / (eps * scale or 1):.3g} eps of the scale "
                                     f"{scale:.3g}, allowed {eps_multiple} ({np.count_nonzero(bad)} elements)")


def exact_sum(terms) -> float:
    """The exact sum of `terms` (floats or Fractions), rounded once to f64."""
    return float(sum(map(Fraction, terms), Fraction(0)))


def assert_sum_bound(got: np.ndarray, exact: np.ndarray, magnitude: np.ndarray, terms: int, context=""):
    """A float sum of `terms` terms (dot, reduce) computed in any order: per element and part,
    |got - exact| <= (terms + 2) * u * magnitude + half an ULP of the result type, the classic
    bound for recursive summation, where u is the unit roundoff of the accumulation type (f32
    for f16/bf16/f32, f64 for f64), `exact` the exact sum (f64 or better) and `magnitude` the
    sum of the terms' absolute values. Order-independent, so it holds on every host."""
    dtype = np.real(got).dtype
    u = 2.0 ** -53 if dtype == np.float64 else 2.0 ** -24
    eps = float(ml_dtypes.finfo(dtype).eps)
    for (part, g), (_, e) in zip(parts(got), parts(np.asarray(exact))):
        g, e = g.astype(np.float64), e.astype(np.float64)
        bound = (terms + 2) * u * np.asarray(magnitude, np.float64) + 0.5 * eps * np.abs(e)
        err = np.abs(g - e)
        bad = ~(err <= bound)
        if np.any(bad):
            j = tuple(np.argwhere(bad)[0])
            raise AssertionError(f"{context} {part}: at {j} got {g[j]!r}, exact {e[j]!r}, error {err[j]:.3g} "
                                 f"over the bound {bound[j]:.3g} ({np.count_nonzero(bad)} elements)")


def assert_ulp(got, expected, ulps: int, context=""):
    """Each result within `ulps` units in the last place of its expected value, counted in the
    element type itself, per real and imaginary part; NaN matches NaN, infinities must match
    (an infinity is one ULP beyond the largest finite value)."""
    assert len(got) == len(expected), f"{context}: {len(got)} results, expected {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.dtype == e.dtype, f"{context}: result {i} dtype {g.dtype}, expected {e.dtype}"
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        d = ulp_distance(g, e)
        if np.any(d > ulps):
            rows = [f"  at {tuple(int(k) for k in j)}: got {g[tuple(j)]!r}, expected {e[tuple(j)]!r}, "
                    f"{d[tuple(j)]} ULP" for j in np.argwhere(d > ulps)[:5]]
            raise AssertionError(f"{context}: result {i} more than {ulps} ULP away\n" + "\n".join(rows))


# --- exact rounding (the spec's convert, computed with fractions) -------------------------------

_WITH_INF = {"float16", "bfloat16", "float32", "float64", "float8_e5m2", "float8_e4m3", "float8_e3m4"}
_NO_INF_NO_NAN = {"float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn"}


def _floor_log2(a: Fraction) -> int:
    e = a.numerator.bit_length() - a.denominator.bit_length()
    return e if a >= Fraction(2) ** e else e - 1


def _exact_value(v):
    """A finite number as a Fraction, or a float for NaN and the infinities (and -0.0)."""
    if isinstance(v, Fraction):
        return v
    if isinstance(v, (int, np.integer, np.bool_)):
        return Fraction(int(v))
    f = float(v)  # exact: every float type we test embeds in f64
    return f if not math.isfinite(f) or (f == 0 and math.copysign(1, f) < 0) else Fraction(f)


def round_exact(values, dtype) -> np.ndarray:
    """`values` (numpy floats or integers, Python ints or Fractions, any shape) rounded once to
    the nearest value of the float type `dtype`, ties to even, computed exactly with fractions.

    Where the spec leaves conversion open (#180) this follows XLA on CPU: overflow gives inf, or
    NaN for formats without inf, and saturates for f4/f6 (no inf, no NaN), where NaN gives -0.0;
    f8E8M0FNU has no sign and no zero: zero, negative values, inf and NaN give NaN, positive
    values below its smallest give the smallest (the nearest).
    """
    dtype = np.dtype(dtype)
    name = dtype.name
    info = ml_dtypes.finfo(dtype)
    precision, emin, top = info.nmant + 1, info.minexp, Fraction(float(info.max))
    unsigned = name == "float8_e8m0fnu"
    no_negative_zero = name.endswith("fnuz") or unsigned
    flat = np.asarray(values, dtype=object if isinstance(values, (list, tuple)) else None)
    out = []
    for v in flat.ravel():
        v = _exact_value(v)
        if isinstance(v, float) and math.isnan(v):
            out.append(-0.0 if name in _NO_INF_NO_NAN else math.nan)
            continue
        negative = v < 0 or (isinstance(v, float) and math.copysign(1, v) < 0)
        if unsigned and (v <= 0 or math.isinf(v)):
            out.append(math.nan)
            continue
        r = None  # None: overflow
        if not (isinstance(v, float) and math.isinf(v)):
            a = abs(Fraction(v))
            if a:
                ulp = Fraction(2) ** (max(_floor_log2(a), emin) - precision + 1)
                a = round(a / ulp) * ulp  # Fraction.__round__ ties to even
            r = float(a) if a <= top else None  # exact: `a` has `precision` bits
        if r is None:
            r = math.inf if name in _WITH_INF else (float(top) if name in _NO_INF_NO_NAN else math.nan)
        if unsigned:
            r = max(r, 2.0**emin)
        out.append(-r if negative and not (no_negative_zero and r == 0) else r)
    # every value is exact in `dtype`, so this cast does not round
    return np.array(out, np.float64).astype(dtype).reshape(flat.shape)


def mp_exact(fn, *args, dtype=None, bits: int = 200) -> np.ndarray:
    """`fn` (on mpmath numbers) of the elements of `args`, computed with `bits` bits and rounded
    once to `dtype` (default: the first argument's type): the correctly rounded result, the
    oracle for transcendental functions. Complex results are rounded per part."""
    import mpmath

    args = [np.asarray(a) for a in np.broadcast_arrays(*args)]
    dtype = np.dtype(dtype or args[0].dtype)
    real = np.dtype(np.float32 if dtype == np.complex64 else np.float64) if dtype.kind == "c" else dtype

    def exact(x) -> "Fraction | float":
        if not mpmath.isfinite(x):
            return float(x)
        sign, man, exp, bc = mpmath.mpf(x)._mpf_
        magnitude = exp + bc  # log2 of |x|, within one; f64's range is [-1074, 1024]
        if magnitude > 2000:  # exp(f32 max) has a 2^(5e38) exponent: never build that Fraction
            return -math.inf if sign else math.inf
        if magnitude < -2000:  # below every format's smallest: rounds to a signed zero
            return Fraction(-1 if sign else 1, 2 ** 2000)
        return (-1) ** sign * Fraction(man) * Fraction(2) ** exp

    def rounded(results):
        if dtype.kind != "c":  # a real function off its domain (log(-1)) is NaN
            return round_exact([exact(r.real) if r.imag == 0 else math.nan for r in results], real)
        out = np.empty(len(results), dtype)
        out.real = round_exact([exact(r.real) for r in results], real)
        out.imag = round_exact([exact(r.imag) for r in results], real)
        return out

    def evaluated(precision):
        with mpmath.workprec(precision):
            results = []
            for xs in zip(*(a.ravel() for a in args)):
                xs = [mpmath.mpc(complex(x)) if np.iscomplexobj(x) else mpmath.mpf(float(x)) for x in xs]
                results.append(mpmath.mpc(fn(*xs)))
        return rounded(results)

    # Ziv's strategy: `bits` are not always enough (log1p(x + iy) with x = 2^-372 and y^2 = 2^-386
    # needs 1 + z to more than 372 + 53 bits), so the precision doubles until the rounded
    # results stop changing.
    out = evaluated(bits)
    for precision in (2 * bits, 4 * bits, 8 * bits, 16 * bits):
        again = evaluated(precision)
        if np.array_equal(again.view(np.uint8), out.view(np.uint8)):
            break
        out = again
    return out.reshape(args[0].shape)


def while_loop(result: str, carried: list, cond: list, body: list, yields: list, indent: str = "  ") -> str:
    """The text of `result = stablehlo.while(...)`, one line per op as the tests' line numbers
    expect: `carried` is [(block argument, initial value, type)], `cond` computes the predicate
    %p, `body` computes the values `yields` hands to the next iteration."""
    args = ", ".join(f"{name} = {init}" for name, init, _ in carried)
    types = ", ".join(t for _, _, t in carried)
    inner = indent + "    "
    return "\n".join([
        f"{indent}{result} = stablehlo.while({args}) : {types}",
        f"{indent}  cond {{",
        *(inner + line for line in cond),
        f"{inner}stablehlo.return %p : tensor<i1>",
        f"{indent}  }} do {{",
        *(inner + line for line in body),
        f"{inner}stablehlo.return {', '.join(yields)} : {types}",
        f"{indent}  }}"])


# While loops that never end (i < 1 with i = i * 0), for the limits' tests: over rank-0 values
# ("scalar": the interpreter's scalar-loop path) and carrying a tensor<2xf32> ("tensor": the plan);
# each with an argument for it.
ENDLESS_SCALAR_LOOP = f"""
func.func @main(%x: tensor<f32>) -> tensor<f32> {{
{while_loop("%0", [("%i", "%x", "tensor<f32>")],
            ["%c = stablehlo.constant dense<1.0> : tensor<f32>",
             "%p = stablehlo.compare LT, %i, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>"],
            ["%d = stablehlo.constant dense<0.0> : tensor<f32>",
             "%n = stablehlo.multiply %i, %d : tensor<f32>"], ["%n"])}
  return %0 : tensor<f32>
}}"""
ENDLESS_TENSOR_LOOP = f"""
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
{while_loop("%0", [("%v", "%x", "tensor<2xf32>")],
            ["%c = stablehlo.constant dense<1.0> : tensor<f32>",
             "%i = stablehlo.slice %v [0:1] : (tensor<2xf32>) -> tensor<1xf32>",
             "%s = stablehlo.reshape %i : (tensor<1xf32>) -> tensor<f32>",
             "%p = stablehlo.compare LT, %s, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>"],
            ["%d = stablehlo.constant dense<0.0> : tensor<2xf32>",
             "%n = stablehlo.multiply %v, %d : tensor<2xf32>"], ["%n"])}
  return %0 : tensor<2xf32>
}}"""
ENDLESS_LOOPS = {"scalar": (ENDLESS_SCALAR_LOOP, np.float32(0)), "tensor": (ENDLESS_TENSOR_LOOP, np.zeros(2, np.float32))}


def reduce_window_text(element: str, op: str, shape, window, strides, padding, dilation=None, base=None) -> tuple:
    """(@main(%x, %init) reducing windows of %x with the binary op stablehlo.`op` on `element`
    values, the result's shape); window `dilation` and `base` dilation are written when given."""
    def tensor(dims):
        return "tensor<" + "".join(f"{n}x" for n in dims) + element + ">"

    def listed(values):
        return ", ".join(map(str, values))

    rank = len(shape)
    out_shape = tuple(max(0, ((n - 1) * b + 1 + lo + hi - (w - 1) * d - 1) // st + 1)
                      for n, w, st, (lo, hi), d, b in zip(shape, window, strides, padding,
                                                           dilation or (1,) * rank, base or (1,) * rank))
    x, s, out = tensor(shape), tensor(()), tensor(out_shape)
    pad = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    dilations = "".join(f"\n      {name} = array<i64: {listed(values)}>,"
                        for name, values in (("window_dilations", dilation), ("base_dilations", base)) if values)
    return f"""func.func @main(%x: {x}, %i: {s}) -> {out} {{
  %r = "stablehlo.reduce_window"(%x, %i) ({{
  ^bb0(%a: {s}, %b: {s}):
    %c = stablehlo.{op} %a, %b : {s}
    stablehlo.return %c : {s}
  }}) {{window_dimensions = array<i64: {listed(window)}>,
      window_strides = array<i64: {listed(strides)}>,{dilations}
      padding = dense<[{pad}]> : tensor<{rank}x2xi64>}} : ({x}, {s}) -> {out}
  return %r : {out}
}}""", out_shape


@pytest.fixture
def ctx():
    """An MLIR context with the stablehlo and check dialects, and an unknown location, for builder tests."""
    import stablehlo_py
    from mlir import ir

    with stablehlo_py.context() as context, ir.Location.unknown():
        yield context


def build(arg_types, body, verify=True):
    """A module with one function `main(arg_types...)` whose ops are what `body` builds
    (func.FuncOp.from_py_func); verified unless `verify` is false."""
    from mlir import ir
    from mlir.dialects import func

    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(*arg_types, name="main")(body)
    if verify:
        assert module.operation.verify()
    return module


@pytest.fixture
def shlo():
    """The stablehlo_py package (with its interpreter)."""
    import stablehlo_py

    return stablehlo_py


def _xla_opsparts(path: str) -> list:
    """The files in which pytest-xdist's workers leave their part of the XLA-checked ops."""
    import glob

    return glob.glob(glob.escape(path) + ".gw*")


def pytest_sessionstart(session):
    path = os.environ.get("STABLEHLO_PY_XLA_OPS")
    if path and not os.environ.get("PYTEST_XDIST_WORKER"):
        for part in _xla_opsparts(path):  # an earlier run's leftovers
            os.remove(part)


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("STABLEHLO_PY_XLA_OPS")
    if not path:
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:  # one of pytest-xdist's workers: its part, which the controller merges
        with open(f"{path}.{worker}", "w", encoding="utf-8") as out:
            out.write("".join(op + "\n" for op in sorted(_xla_checked_ops)))
        return
    ops = set(_xla_checked_ops)
    for part in _xla_opsparts(path):
        with open(part, encoding="utf-8") as fh:
            ops.update(line.strip() for line in fh if line.strip())
        os.remove(part)
    if exitstatus == 0 and ops:
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(sorted(ops)) + "\n")


_UPSTREAM_PARSE = r"""
import json, sys
from jax._src.interpreters import mlir as jm
from jax._src.lib.mlir import ir
out = []
for text in json.load(sys.stdin):
    with jm.make_ir_context():
        try:
            out.append([True, str(ir.Module.parse(text))])
        except Exception as e:
            out.append([False, str(e)])
json.dump(out, sys.stdout)
"""


def upstream_parse(texts: list) -> dict:
    """Text -> (accepted, printed text or error) of upstream StableHLO (jaxlib's parser, verifier and
    printer), for every text at once, in a subprocess: its MLIR and ours are separate builds."""
    import json
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", _UPSTREAM_PARSE], input=json.dumps(texts), capture_output=True,
                          text=True, timeout=300, check=True)
    return dict(zip(texts, map(tuple, json.loads(proc.stdout))))


@pytest.fixture(scope="session")
def jaxlib():
    """jaxlib's StableHLO (the upstream oracle, 1.17) and a function printing, as jaxlib does, a
    module it parses (text or bytecode)."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo as js

    ctx = jax_mlir.make_ir_context()

    def reprint(text_or_bytecode):
        with ctx:
            return str(ir.Module.parse(text_or_bytecode))

    return js, reprint
