"""stablehlo-complex-math-expander (passes/rewrites/complex_math_expander.py).

The pass rewrites sqrt, log, log_plus_one and exponential of complex tensors into real arithmetic
and leaves everything else as it is: the ops it expands are those jaxlib's pass expands, and a
program without them prints as upstream's pass prints it. The rewritten programs run through our
interpreter: each part of each result within ULPS[op][dtype] of the correctly rounded value
(mpmath), on random points over the whole range and on the hard ones (zeros, subnormals, values
near the largest, |x| == |y|, |z| near 1 for log, z near -1 and -2 and |1 + z| near 1 for
log_plus_one, e^x beyond the largest for exponential); on zeros, infinities and NaNs the values
(signs of zeros included) of numpy's complex functions, which follow C99.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys

import mpmath
import numpy as np
import pytest
from mlir import ir
from mlir.passmanager import PassManager

import stablehlo_py
from conftest import mp_exact, ulp_distance
from expanders_support import build, hlo, op_names, run_pass, tensor, upstream_pass
from stablehlo_py.cli import main
from stablehlo_py.dialects import chlo
from stablehlo_py.passes.registry import PASS_NAMES

PASS = "stablehlo-complex-math-expander"
PIPELINE = f"builtin.module(func.func({PASS}))"
DTYPES = (np.complex64, np.complex128)
OPS = {"sqrt": (hlo.sqrt, mpmath.sqrt, np.sqrt), "log": (hlo.log, mpmath.log, np.log),
       "log_plus_one": (hlo.log_plus_one, mpmath.log1p, np.log1p),
       "exponential": (hlo.exponential, mpmath.exp, np.exp)}
# ULPs allowed per part from the correctly rounded value. Measured here (AVX2: numpy's own float32
# loops, glibc for float64) over three seeds of random_points and hard_points, 75,000 to 130,000
# points per op and type, the largest error was (complex64 / complex128): sqrt 2 / 2, log 1 / 1,
# log_plus_one 2 / 1 (where |1 + z|^2 = 1/2 and its formulas meet; the imaginary part atan2(y, 1 + x)
# with 1 + x rounded), exponential 4 / 2 (numpy's float32 exp is itself up to 2 off here).
# sqrt uses IEEE-exact ops only (+, *, /, sqrt), so its bound is the measured one on every host.
# The others call numpy's log, log1p, atan2, exp, cos and sin, which numpy dispatches to SVML on
# AVX-512 hosts, tested by numpy to 4 ULP (docs/decisions.md): bound 4, exponential 5 (e^x cos y
# rounds once more).
ULPS = {"sqrt": {np.complex64: 2, np.complex128: 2}, "log": {np.complex64: 4, np.complex128: 4},
        "log_plus_one": {np.complex64: 4, np.complex128: 4},
        "exponential": {np.complex64: 5, np.complex128: 5}}
# numpy's complex functions (the interpreter's before the pass; C99's, from libm): 2 measured here.
NUMPY_ULPS = 4


def _part(dtype):
    return np.float32 if dtype == np.complex64 else np.float64


def _element(dtype):
    return ir.ComplexType.get(ir.F32Type.get() if dtype == np.complex64 else ir.F64Type.get())


def _program(op, dtype, shape):
    return build(lambda: [tensor(shape, _element(dtype))], lambda z: OPS[op][0](z))


def _expanded(op, dtype, n):
    before = _program(op, dtype, [n])
    return before, run_pass(before, PIPELINE)


# ----------------------------------------------------------------- points

def random_points(op, dtype, n, rng):
    """Finite points: both parts log-uniform over the whole range (subnormals included), moderate
    magnitudes, the box [-4, 4]^2; for exponential, real parts where e^x is finite or just past."""
    info = np.finfo(_part(dtype))
    low, high = math.log2(float(info.smallest_subnormal)), math.log2(float(info.max))

    def signed(a):
        return a * rng.choice([-1.0, 1.0], len(a))

    if op == "exponential":
        limit = math.log(float(info.max))
        re = np.concatenate([rng.uniform(-limit - 20, limit + 10, n), rng.uniform(-5, 5, n)])
        im = np.concatenate([rng.uniform(-50, 50, n), signed(2.0 ** rng.uniform(-60, 60, n))])
    else:
        re = np.concatenate([signed(2.0 ** rng.uniform(low, high, n)), signed(2.0 ** rng.uniform(-30, 30, n)),
                             rng.uniform(-4, 4, n)])
        im = np.concatenate([signed(2.0 ** rng.uniform(low, high, n)), signed(2.0 ** rng.uniform(-30, 30, n)),
                             rng.uniform(-4, 4, n)])
    return _complex(re, im, dtype)


def hard_points(op, dtype, n, rng):
    """Where a formula would cancel, overflow or underflow (module doc)."""
    info = np.finfo(_part(dtype))
    big, tiny, sub = float(info.max), float(info.tiny), float(info.smallest_subnormal)
    mags = [0.0, sub, 3 * sub, 1000 * sub, tiny / 3, tiny, 2 * tiny, 1e-20, 1e-5, 0.5, 1.0, 2.0, 1e5, 1e20,
            math.sqrt(big) / 100, math.sqrt(big), big / 8, big / 3, big / 2, big]
    grid = np.array([[sa * a, sb * b] for a in mags for b in mags for sa in (1, -1) for sb in (1, -1)])
    re, im = [grid[:, 0]], [grid[:, 1]]
    a = 2.0 ** rng.uniform(math.log2(sub), math.log2(big), n)   # |x| == |y|
    re += [a, -a]
    im += [a * rng.choice([-1, 1], n), a]
    if op in ("sqrt", "log"):                                     # |z| = 1 + d, d tiny
        theta, d = rng.uniform(-math.pi, math.pi, n), 2.0 ** rng.uniform(-60, -1, n) * rng.choice([-1, 1], n)
        re.append((1 + d) * np.cos(theta))
        im.append((1 + d) * np.sin(theta))
    if op == "log_plus_one":
        y = rng.uniform(-1, 1, n) * 2.0 ** -rng.integers(0, 30, n)
        x = -1 + np.sqrt(1 - y * y)                               # |1 + z| = 1: x ~ -y^2/2
        re.append(x * (1 + 2.0 ** rng.uniform(-60, -1, n) * rng.choice([-1, 1], n)))
        im.append(y)
        lowest = -140 if dtype == np.complex64 else -1070
        w = 2.0 ** rng.uniform(lowest, -1, n) * rng.choice([-1, 1], n)
        v = 2.0 ** rng.uniform(lowest, -1, n) * rng.choice([-1, 1], n)
        re += [-1 + w, -2 + w / 1000]                             # near -1 and -2
        im += [v, v / 1000]
        for radius in (math.sqrt(0.5), math.sqrt(1.5), 0.2, 0.1):  # where the formulas meet, and inside
            theta = rng.uniform(-math.pi, math.pi, n)
            re.append(-1 + radius * np.cos(theta))
            im.append(radius * np.sin(theta))
    if op == "exponential":                                       # e^x overflows, e^x cos y need not
        limit = math.log(big)
        x = limit + rng.uniform(-2, 30, n)
        re += [x, -x]
        im += [rng.uniform(-10, 10, n), rng.uniform(-10, 10, n)]
    return _complex(np.concatenate(re), np.concatenate(im), dtype)


def _complex(re, im, dtype):
    z = np.empty(len(re), dtype)
    with np.errstate(over="ignore"):
        z.real, z.imag = re, im
    return z[np.isfinite(z)]


def exact(op, z):
    """The correctly rounded op(z) (mpmath), signed zeros of the imaginary part honoured: computed
    at x + |y|i and conjugated where y's sign bit is set (the four functions commute with conj)."""
    flipped = np.signbit(z.imag)
    upper = z.copy()
    upper.imag = np.abs(z.imag)
    out = mp_exact(OPS[op][1], upper)
    out.imag = np.where(flipped, -out.imag, out.imag)
    return out


def part_ulps(got, want):
    """ULP distance per part: (real, imaginary)."""
    return ulp_distance(got.real.copy(), want.real.copy()), ulp_distance(got.imag.copy(), want.imag.copy())


def assert_within(op, dtype, z, got, want, ulps, what):
    for name, d in zip(("real", "imaginary"), part_ulps(got, want)):
        bad = np.flatnonzero(d > ulps)
        assert not len(bad), (f"{op} {np.dtype(dtype).name} {what}: {name} part more than {ulps} ULP off at "
                               + "; ".join(f"{z[i]!r}: got {got[i]!r}, exact {want[i]!r} ({d[i]} ULP)"
                                           for i in bad[:5]))


# ----------------------------------------------------------------- what it expands

def test_registered_with_its_mode_option():
    assert PASS in PASS_NAMES
    module = _program("sqrt", np.complex64, [2])
    with pytest.raises(ValueError, match="no such option bogus"):
        PassManager.parse(f"builtin.module(func.func({PASS}{{bogus=1}}))", context=module.context)
    with pytest.raises(Exception, match="mode expects precision or all, got 'fast'"):
        PassManager.parse(f"builtin.module(func.func({PASS}{{mode=fast}}))", context=module.context).run(
            module.operation)


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_complex_op_becomes_real_arithmetic(op, dtype):
    before, after = _expanded(op, dtype, 3)
    names = op_names(after)
    # what reads the complex argument is real and imag; the result is made by stablehlo.complex
    assert complex_ops(after) == [] and names.count("stablehlo.complex") == 1
    assert complex_ops(before) == [f"stablehlo.{op}"]


REAL_AND_OTHER = """
func.func @main(%x: tensor<4xf32>, %z: tensor<4xcomplex<f32>>, %w: tensor<4xcomplex<f64>>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>,
        tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xf32>, tensor<4xcomplex<f32>>) {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %0 = stablehlo.sqrt %x : tensor<4xf32>
  %1 = stablehlo.log_plus_one %x : tensor<4xf32>
  %2 = stablehlo.log %x : tensor<4xf32>
  %3 = stablehlo.exponential %x : tensor<4xf32>
  %4 = stablehlo.rsqrt %z : tensor<4xcomplex<f32>>
  %5 = stablehlo.exponential_minus_one %z : tensor<4xcomplex<f32>>
  %6 = stablehlo.tan %w : tensor<4xcomplex<f64>>
  %7 = stablehlo.power %w, %w : tensor<4xcomplex<f64>>
  %8 = stablehlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %9 = stablehlo.cbrt %z : tensor<4xcomplex<f32>>
  %10 = stablehlo.multiply %0, %c : tensor<4xf32>
  return %10, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
    tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xf32>,
    tensor<4xcomplex<f32>>
}
"""


def test_real_ops_and_other_complex_ops_stay():
    before = stablehlo_py.parse_module(REAL_AND_OTHER)
    after = run_pass(REAL_AND_OTHER, PIPELINE)
    assert str(after) == str(before)


@pytest.mark.upstream
def test_same_output_as_upstream_without_complex_math():
    # Nothing to expand: as upstream's greedy driver, dead ops go and constants are merged and hoisted.
    text = REAL_AND_OTHER.replace("%10 = stablehlo.multiply %0, %c",
                                  "%d = stablehlo.constant dense<2.0> : tensor<4xf32>\n"
                                  "  %e = stablehlo.add %x, %d : tensor<4xf32>\n"
                                  "  %10 = stablehlo.multiply %0, %d")
    assert str(run_pass(text, PIPELINE)) == upstream_pass(text, PIPELINE)


CANDIDATES = ["sqrt", "log", "log_plus_one", "exponential", "exponential_minus_one", "rsqrt", "cbrt", "tan",
              "tanh", "sine", "cosine", "logistic", "sign", "negate", "abs", "power", "atan2", "divide",
              "multiply", "chlo.asin", "chlo.acos", "chlo.atan", "chlo.asinh", "chlo.acosh", "chlo.atanh",
              "chlo.tan", "chlo.sinh", "chlo.cosh"]


def complex_ops(module) -> list:
    """The names of the ops reading a complex tensor, other than real and imag."""
    found = []

    def visit(op):
        if op.name not in ("stablehlo.real", "stablehlo.imag", "func.return") and any(
                "complex<" in str(v.type) for v in op.operands):
            found.append(op.name)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def _kept(module, name) -> bool:
    """Whether an op `name` still reads a value of the argument's type."""
    arg = str(module.body.operations[0].regions[0].blocks[0].arguments[0].type)
    found = []

    def visit(op):
        if op.name == name and any(str(v.type) == arg for v in op.operands):
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return bool(found)


def _candidate(name, element):
    def body(z):
        if name.startswith("chlo."):
            return getattr(chlo, name[5:])(z)
        if name == "abs":
            return hlo.abs(z)
        if name in ("power", "atan2", "divide", "multiply"):
            return getattr(hlo, name)(z, z)
        return getattr(hlo, name)(z)

    return build(lambda: [tensor([2], element())], body)


@pytest.mark.upstream
@pytest.mark.parametrize("name", CANDIDATES)
@pytest.mark.parametrize("element", ["complex<f32>", "complex<f64>", "f32"])
def test_expands_the_ops_upstream_expands(name, element):
    make = {"complex<f32>": lambda: _element(np.complex64), "complex<f64>": lambda: _element(np.complex128),
            "f32": ir.F32Type.get}[element]
    module = _candidate(name, make)
    op = name if name.startswith("chlo.") else f"stablehlo.{name}"
    kept = _kept(run_pass(module, PIPELINE), op)
    assert kept == _kept(stablehlo_py.parse_module(upstream_pass(str(module), PIPELINE)), op)
    assert kept == (element == "f32" or name not in OPS)


def test_expands_inside_regions_and_hoists_constants():
    def body(z, p):
        op = hlo.IfOp([z.type], p)
        then = op.regions[0].blocks.append()
        with ir.InsertionPoint(then):
            hlo.return_([hlo.exponential(z)])
        other = op.regions[1].blocks.append()
        with ir.InsertionPoint(other):
            hlo.return_([z])
        return op.results[0]

    module = build(lambda: [tensor([3], _element(np.complex64)), tensor([], ir.IntegerType.get_signless(1))], body)
    after = run_pass(module, PIPELINE)
    text = str(after)
    assert "stablehlo.exponential %arg0" not in text
    entry = after.body.operations[0].regions[0].blocks[0]
    first = [op.name for op in entry.operations][:3]
    assert first == ["stablehlo.constant"] * 3, text   # moved out of the region, to the function's start
    z = np.array([1 + 2j, 100 + 1j, -3 - 0j], np.complex64)
    for p in (True, False):
        got = stablehlo_py.interpret(str(after), z, np.array(p))[0]
        want = exact("exponential", z) if p else z
        assert_within("exponential", np.complex64, z, got, want, ULPS["exponential"][np.complex64], "in if")


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_dynamic_shape_uses_constant_like(dtype):
    z = hard_points("sqrt", dtype, 20, np.random.default_rng(5))
    for op in OPS:
        dynamic = _program(op, dtype, [ir.ShapedType.get_dynamic_size()])
        after = run_pass(dynamic, PIPELINE)
        names = op_names(after)
        assert "chlo.constant_like" in names and "stablehlo.constant" not in names
        got = stablehlo_py.interpret(str(after), z)[0]
        static = stablehlo_py.interpret(str(run_pass(_program(op, dtype, [len(z)]), PIPELINE)), z)[0]
        np.testing.assert_array_equal(got.view(_part(dtype)), static.view(_part(dtype)))


# ----------------------------------------------------------------- accuracy

@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_accuracy_against_mpmath(op, dtype):
    rng = np.random.default_rng(sum(map(ord, op)) + np.dtype(dtype).itemsize)
    z = np.concatenate([random_points(op, dtype, 400, rng), hard_points(op, dtype, 150, rng)])
    if op == "log":
        z = z[z != 0]   # log(+-0 +-0i): -inf + i atan2(y, x), checked against numpy below
    before, after = _expanded(op, dtype, len(z))
    got = stablehlo_py.compile(str(after), backend="interpreter")(z)[0]
    want = exact(op, z)
    assert_within(op, dtype, z, got, want, ULPS[op][dtype], "after the pass")
    plain = stablehlo_py.interpret(str(before), z)[0]
    assert_within(op, dtype, z, plain, want, NUMPY_ULPS, "before the pass")


def test_log_plus_one_near_zero_before_and_after():
    # Where log(1 + z) loses the real part (z near 0), both the interpreter's kernel and the
    # expansion keep it.
    z = np.array([1e-10 + 1e-5j, -1e-7 + 1e-3j, 1e-30 + 0j, -5e-9 + 1e-4j], np.complex128)
    before, after = _expanded("log_plus_one", np.complex128, len(z))
    want = exact("log_plus_one", z)
    assert_within("log_plus_one", np.complex128, z, stablehlo_py.interpret(str(after), z)[0], want, 1,
                  "after the pass")
    assert_within("log_plus_one", np.complex128, z, stablehlo_py.interpret(str(before), z)[0], want, 2,
                  "the interpreter's kernel")


SPECIAL = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, math.inf, -math.inf, math.nan]


def _same(a, b):
    """Equal as values (zeros by sign, NaN to NaN); finite nonzero values within 4 ULP."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if a == 0 or b == 0 or math.isinf(a) or math.isinf(b):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    return abs(a - b) <= 4 * abs(float(np.spacing(type(b)(b))))


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_zeros_infinities_and_nans_as_numpy(op, dtype):
    z = np.empty(len(SPECIAL) ** 2, dtype)
    z.real, z.imag = np.repeat(SPECIAL, len(SPECIAL)), np.tile(SPECIAL, len(SPECIAL))
    _, after = _expanded(op, dtype, len(z))
    got = stablehlo_py.interpret(str(after), z)[0]
    with np.errstate(all="ignore"):
        want = OPS[op][2](z)
    bad = [f"{a!r} -> {g!r}, numpy {w!r}" for a, g, w in zip(z, got, want)
           if not (_same(g.real, w.real) and _same(g.imag, w.imag))]
    assert not bad, f"{op} {np.dtype(dtype).name}: " + "; ".join(bad)


@pytest.mark.upstream
@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_agrees_with_upstream_expansion(op, dtype):
    # Upstream's expansion (jaxlib) run through our interpreter: the same formulas, so the same
    # results within the tolerance of each, on moderate points (upstream's sqrt loses subnormal
    # inputs, its log_plus_one tiny z + 1 and its special values differ: docs/passes.md).
    rng = np.random.default_rng(11)
    if op == "exponential":
        z = random_points(op, dtype, 200, rng)
    else:
        z = _complex(rng.uniform(-4, 4, 400) * 2.0 ** rng.integers(-20, 20, 400),
                     rng.uniform(-4, 4, 400) * 2.0 ** rng.integers(-20, 20, 400), dtype)
    before, after = _expanded(op, dtype, len(z))
    theirs = stablehlo_py.interpret(upstream_pass(str(before), PIPELINE), z)[0]
    ours = stablehlo_py.interpret(str(after), z)[0]
    assert_within(op, dtype, z, ours, theirs, 2 * ULPS[op][dtype], "against upstream's expansion")


# ----------------------------------------------------------------- pipelines and tools

SQRT = """func.func @main(%z: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
  %0 = stablehlo.sqrt %z : tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}
"""


def test_parses_in_a_plain_context():
    context = ir.Context()
    stablehlo_py.register_dialects(context)
    with context:
        module = ir.Module.parse(SQRT)
        pm = PassManager.parse(PIPELINE)
        assert PASS in str(pm)
        pm.run(module.operation)
    text = str(module)
    assert "stablehlo.sqrt %arg0" not in text and "stablehlo.complex" in text
    z = np.array([complex(-4, -0.0), 3 + 4j])
    np.testing.assert_allclose(stablehlo_py.interpret(text, z)[0], [-2j, 2 + 1j], rtol=1e-15)


@pytest.fixture
def sqrt_file(tmp_path):
    path = tmp_path / "sqrt.mlir"
    path.write_text(SQRT)
    return str(path)


def test_stablehlo_py_opt_flag(sqrt_file, capsys):
    status = main(["opt", sqrt_file, f"--{PASS}"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "stablehlo.complex" in captured.out and "stablehlo.sqrt %arg0" not in captured.out


def test_stablehlo_opt_hands_it_over(sqrt_file):
    tool = os.path.join(os.path.dirname(sys.executable), "stablehlo-opt")
    done = subprocess.run([tool, sqrt_file, f"--{PASS}"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "stablehlo.complex" in done.stdout and "stablehlo.sqrt %arg0" not in done.stdout


# ----------------------------------------------------------------- result_accuracy and mode=all

ARITHMETIC = """
func.func @main(%z: tensor<64xcomplex<FT>>, %w: tensor<64xcomplex<FT>>)
    -> (tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>,
        tensor<64xcomplex<FT>>) {
  %0 = stablehlo.add %z, %w : tensor<64xcomplex<FT>>
  %1 = stablehlo.subtract %z, %w : tensor<64xcomplex<FT>>
  %2 = stablehlo.multiply %z, %w : tensor<64xcomplex<FT>>
  %3 = stablehlo.divide %z, %w : tensor<64xcomplex<FT>>
  %4 = stablehlo.negate %z : tensor<64xcomplex<FT>>
  return %0, %1, %2, %3, %4 : tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>,
    tensor<64xcomplex<FT>>, tensor<64xcomplex<FT>>
}
"""


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_mode_all_expands_arithmetic_by_its_formulas(dtype):
    text = ARITHMETIC.replace("FT", "f32" if dtype == np.complex64 else "f64")
    assert complex_ops(run_pass(text, PIPELINE)) == complex_ops(stablehlo_py.parse_module(text))  # precision: kept
    after = run_pass(text, f"builtin.module(func.func({PASS}{{mode=all}}))")
    assert complex_ops(after) == []
    rng = np.random.default_rng(3)
    part = _part(dtype)
    z = (rng.standard_normal(64) * 10 ** rng.uniform(-3, 3, 64)).astype(part) + \
        1j * (rng.standard_normal(64) * 10 ** rng.uniform(-3, 3, 64)).astype(part)
    w = (rng.standard_normal(64) * 10 ** rng.uniform(-3, 3, 64)).astype(part) + \
        1j * (rng.standard_normal(64) * 10 ** rng.uniform(-3, 3, 64)).astype(part)
    z, w = z.astype(dtype), w.astype(dtype)
    got = stablehlo_py.interpret(str(after), z, w)
    a, b, c, d = z.real, z.imag, w.real, w.imag
    with np.errstate(all="ignore"):
        # add, subtract, negate and multiply are the textbook formulas, rounded as numpy rounds them
        assert np.array_equal(got[0], (a + c) + 1j * (b + d))
        assert np.array_equal(got[1], (a - c) + 1j * (b - d))
        assert np.array_equal(got[2], (a * c - b * d) + 1j * (a * d + b * c))
        assert np.array_equal(got[4], -a + 1j * -b)
        # Smith's division: a few roundings from the exact quotient (mpmath)
        for k in range(64):
            exact = mpmath.mpc(complex(z[k])) / mpmath.mpc(complex(w[k]))
            for got_part, exact_part in ((got[3][k].real, exact.real), (got[3][k].imag, exact.imag)):
                assert abs(got_part - float(exact_part)) <= 8 * np.finfo(part).eps * abs(exact), (k, z[k], w[k])


def test_smith_division_does_not_overflow_where_the_textbook_formula_does():
    after = run_pass(ARITHMETIC.replace("FT", "f32"), f"builtin.module(func.func({PASS}{{mode=all}}))")
    z = np.full(64, 3e30 + 4e30j, np.complex64)
    w = np.full(64, 1e30 + 2e30j, np.complex64)   # c^2 + d^2 overflows in f32
    quotient = stablehlo_py.interpret(str(after), z, w)[3]
    assert np.allclose(quotient, (3 + 4j) / (1 + 2j), rtol=1e-6)


def test_an_op_asking_its_own_accuracy_stays():
    text = """
func.func @main(%z: tensor<2xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) {
  %0 = "stablehlo.exponential"(%z) {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %1 = "stablehlo.exponential"(%z) {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
}
"""
    after = run_pass(text, PIPELINE)
    assert complex_ops(after) == ["stablehlo.exponential"]   # the TOLERANCE one; DEFAULT is expanded
    assert "result_accuracy" in str(after)
