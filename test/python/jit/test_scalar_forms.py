"""The scalar forms of integer division, remainder, shifts, clamp, float maximum/minimum, abs,
sign, is_finite, float math, float-to-integer convert (elementwise.py) and constant folding in
scalar loops (scalar.py).

Each case runs an op on every pair (or every value) of a type's edge values inside a one-
iteration while loop and checks, bit for bit:
  * that the loop is compiled to a scalar loop with no op calling its kernel (`kernel_calls`
    empty), so a missing scalar form fails here;
  * against the same module with the scalar path switched off (control_flow.compile_while giving
    None: the while runs its kernels on 0-d arrays) and against the op on rank-1 tensors;
  * against an oracle in Python integers or floats written from the spec (x / 0 all ones,
    x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0; shifts by >= the width or by a
    negative amount give 0 or the sign fill; NaN-propagating max/min with -0 < +0);
  * against XLA for the integer ops.
"""

from __future__ import annotations

import itertools
import math
import os
from unittest import mock

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same, assert_ulp, xla_run_text

from stablehlo_py import interpreter
from stablehlo_py.interpreter.kernels import control_flow
from stablehlo_py.interpreter.jit.scalar import compile_while
from testing.scalar_loops import loop_module, run_rank1, run_without_scalar_path

INTS = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
FLOATS = ["f16", "f32", "f64"]
DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_,
          **{t: np.dtype(f"uint{t[2:]}" if t.startswith("ui") else f"int{t[1:]}").type for t in INTS}}


def int_values(element: str) -> list:
    info = np.iinfo(DTYPES[element])
    bits = info.bits
    values = {0, 1, 2, 7, bits - 1, bits, bits + 1, info.max, info.min, info.max - 1}
    if info.min < 0:
        values |= {-1, -2, -7, info.min + 1, -bits}
    return sorted(values)


def float_values(element: str) -> list:
    return [0.0, -0.0, 1.0, -2.5, 3.75, 1e4 if element == "f16" else 3e9, -6e4 if element == "f16" else -1e19,
            math.inf, -math.inf, math.nan]


def values_of(element: str) -> list[np.ndarray]:
    dtype = DTYPES[element]
    raw = int_values(element) if element in INTS else float_values(element)
    return [np.asarray(v, dtype) for v in raw]


def compiled_loops(text: str):
    """(executable of `text`, the scalar loops compiled for its while ops, None for the others),
    in Python: the compiled tier off (jit/test_native_loops.py tests it), so the scalar forms run."""
    loops = []

    def spy(*args):
        loops.append(compile_while(*args))
        return loops[-1]

    with mock.patch.object(control_flow, "compile_while", spy), mock.patch.dict(os.environ, {"STABLEHLO_PY_NATIVE": "0"}):
        return interpreter.compile(text), loops


def compile_scalar(text: str):
    """The executable of `text`, after checking its one while loop compiled with no kernel calls."""
    executable, loops = compiled_loops(text)
    assert len(loops) == 1 and loops[0] is not None, "the while loop did not take the scalar path"
    assert loops[0].kernel_calls == (), f"ops without a scalar form: {loops[0].kernel_calls}"
    return executable


def check(op_text, arg_type: str, result_type: str, rows: list[tuple], oracle, *, xla: bool, ulps: int = 0) -> None:
    """Run `op_text` on each row of operands (0-d arrays) in a scalar loop; compare as described
    above (with the oracle within `ulps` units in the last place, if not 0)."""
    args = [a for row in rows for a in row]
    arity = len(rows[0])
    ty, rty = f"tensor<{arg_type}>", f"tensor<{result_type}>"

    def compute(names, prefix):
        lines, outs = [], []
        for k in range(len(rows)):
            operands = names[k * arity:(k + 1) * arity]
            lines.append(op_text(f"%{prefix}{k}", operands, ty, rty))
            outs.append((f"%{prefix}{k}", rty))
        return lines, outs

    text = loop_module([arg_type] * len(args), compute)
    got = compile_scalar(text)(*args)
    context = f"{op_text('%r', ['%x'] * arity, ty, rty)}"
    assert_same(got, run_without_scalar_path(text, args), f"{context}: scalar path vs kernels on 0-d arrays")
    assert_same(got, run_rank1(op_text, arg_type, result_type, [list(c) for c in zip(*rows)]),
                f"{context}: scalar path vs kernels on rank-1 tensors")
    dtype = DTYPES[result_type]
    want = [np.asarray(oracle(*row), dtype) for row in rows]
    if ulps:
        assert_ulp(got, want, ulps, f"{context}: scalar path vs the math module")
    else:
        assert_same(got, want, f"{context}: scalar path vs the spec's formula")
    if xla:
        assert_same(got, xla_run_text(text, *args), f"{context}: scalar path vs XLA")


def binary(op):
    return lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]}, {xs[1]} : {ty}"


def unary(op):
    return lambda r, xs, ty, rty: f"{r} = stablehlo.{op} {xs[0]} : {ty}"


# --- integer oracles in Python integers -------------------------------------------------------


def wrap(value: int, element: str) -> int:
    info = np.iinfo(DTYPES[element])
    value &= (1 << info.bits) - 1
    return value - (1 << info.bits) if info.min < 0 and value > info.max else value


def int_divide(element):
    info = np.iinfo(DTYPES[element])

    def divide(a, b):
        a, b = int(a), int(b)
        if b == 0:
            return -1 if info.min < 0 else info.max
        q = abs(a) // abs(b)
        return wrap(q if (a < 0) == (b < 0) else -q, element)  # INT_MIN / -1 wraps to INT_MIN
    return divide


def int_remainder(element):
    def remainder(a, b):
        a, b = int(a), int(b)
        if b == 0:
            return a
        r = abs(a) % abs(b)
        return r if a >= 0 else -r
    return remainder


def shift(kind, element):
    info = np.iinfo(DTYPES[element])
    bits = info.bits

    def run(a, b):
        a, amount = int(a), int(b) % (1 << bits)  # the amount read as unsigned: negative is huge
        pattern = a % (1 << bits)
        signed = pattern - (1 << bits) if pattern >> (bits - 1) else pattern
        if kind == "shift_left":
            return wrap(pattern << amount, element) if amount < bits else 0
        if kind == "shift_right_logical":
            return wrap(pattern >> amount, element) if amount < bits else 0
        return wrap(signed >> min(amount, bits), element)  # the sign fill for big amounts
    return run


INT_BINARY = {"divide": int_divide, "remainder": int_remainder,
              "shift_left": lambda e: shift("shift_left", e),
              "shift_right_logical": lambda e: shift("shift_right_logical", e),
              "shift_right_arithmetic": lambda e: shift("shift_right_arithmetic", e)}


@pytest.mark.xla
@pytest.mark.parametrize("element", INTS)
@pytest.mark.parametrize("op", INT_BINARY)
def test_integer_binary_scalar_forms(op, element):
    rows = list(itertools.product(values_of(element), repeat=2))
    check(binary(op), element, element, rows, INT_BINARY[op](element), xla=True)


@pytest.mark.parametrize("element", INTS)
@pytest.mark.parametrize("op", INT_BINARY)
def test_integer_binary_scalar_forms_with_a_constant_right_operand(op, element):
    """Each edge value as a constant divisor or shift amount (the forms specialised for it), against
    the formula and the kernel; XLA's answers for these operand values are checked by
    test_integer_binary_scalar_forms (a constant operand does not change XLA's semantics)."""
    values = values_of(element)
    oracle = INT_BINARY[op](element)
    for b in values:
        literal = int(b)

        def compute(names, prefix, literal=literal):
            lines, outs = [], []
            for k, a in enumerate(names):
                lines.append(f"%{prefix}k{k} = stablehlo.constant dense<{literal}> : tensor<{element}>")
                lines.append(f"%{prefix}{k} = stablehlo.{op} {a}, %{prefix}k{k} : tensor<{element}>")
                outs.append((f"%{prefix}{k}", f"tensor<{element}>"))
            return lines, outs

        text = loop_module([element] * len(values), compute)
        executable, loops = compiled_loops(text)
        assert loops[0] is not None and loops[0].kernel_calls == (), loops[0] and loops[0].kernel_calls
        got = executable(*values)
        context = f"{op} by the constant {literal} on {element}"
        assert_same(got, run_without_scalar_path(text, values), context)
        assert_same(got, [np.asarray(oracle(a, b), DTYPES[element]) for a in values], context)


@pytest.mark.xla
@pytest.mark.parametrize("element", INTS)
def test_integer_abs_sign_clamp_maximum_minimum(element):
    values = values_of(element)
    singles = [(v,) for v in values]
    if element.startswith("i"):  # abs and sign take signless (signed) integers
        check(unary("abs"), element, element, singles, lambda a: wrap(abs(int(a)), element), xla=True)
        check(unary("sign"), element, element, singles, lambda a: (int(a) > 0) - (int(a) < 0), xla=True)
    pairs = list(itertools.product(values, repeat=2))
    check(binary("maximum"), element, element, pairs, lambda a, b: max(int(a), int(b)), xla=True)
    check(binary("minimum"), element, element, pairs, lambda a, b: min(int(a), int(b)), xla=True)
    triples = list(itertools.product(values[::3], repeat=3))
    check(lambda r, xs, ty, rty: f"{r} = stablehlo.clamp {xs[0]}, {xs[1]}, {xs[2]} : {ty}", element, element,
          triples, lambda lo, x, hi: min(max(int(x), int(lo)), int(hi)), xla=True)


# --- floats -----------------------------------------------------------------------------------


def same_float(x: float) -> float:
    return x


def float_max(a, b):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return 0.0 if math.copysign(1, a) > 0 or math.copysign(1, b) > 0 else -0.0
    return max(a, b)


def float_min(a, b):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return -0.0 if math.copysign(1, a) < 0 or math.copysign(1, b) < 0 else 0.0
    return min(a, b)


def float_sign(a):
    a = float(a)
    return a if a == 0 or math.isnan(a) else math.copysign(1.0, a)


def float_fmod(a, b):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0:
        return math.nan
    return a if math.isinf(b) else math.fmod(a, b)  # exact, so f16 and f32 operands need no rounding


@pytest.mark.parametrize("element", FLOATS)
def test_float_maximum_minimum_clamp_remainder(element):
    values = values_of(element)
    pairs = list(itertools.product(values, repeat=2))
    check(binary("maximum"), element, element, pairs, float_max, xla=False)
    check(binary("minimum"), element, element, pairs, float_min, xla=False)
    check(binary("remainder"), element, element, pairs, float_fmod, xla=False)
    triples = list(itertools.product(values[::2] + [values[-1]], repeat=3))
    check(lambda r, xs, ty, rty: f"{r} = stablehlo.clamp {xs[0]}, {xs[1]}, {xs[2]} : {ty}", element, element,
          triples, lambda lo, x, hi: float_min(float_max(x, lo), hi), xla=False)


@pytest.mark.parametrize("element", FLOATS)
def test_float_abs_sign_is_finite_and_rounding(element):
    singles = [(v,) for v in values_of(element)]
    check(unary("abs"), element, element, singles, lambda a: abs(float(a)), xla=False)
    check(unary("sign"), element, element, singles, float_sign, xla=False)
    check(lambda r, xs, ty, rty: f"{r} = stablehlo.is_finite {xs[0]} : ({ty}) -> {rty}", element, "i1",
          singles, lambda a: math.isfinite(float(a)), xla=False)
    for op, fn in (("floor", math.floor), ("ceil", math.ceil), ("round_nearest_even", round)):
        def rounded(a, fn=fn):
            a = float(a)
            return a if not math.isfinite(a) or a == 0 else math.copysign(fn(a), a)  # keeps -0.0 of (-1, 0)
        check(unary(op), element, element, singles, rounded, xla=False)


MATH = {"exponential": math.exp, "exponential_minus_one": math.expm1, "log": math.log, "log_plus_one": math.log1p,
        "sqrt": math.sqrt, "rsqrt": lambda x: 1 / math.sqrt(x), "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x),
        "tanh": math.tanh, "sine": math.sin, "cosine": math.cos, "tan": math.tan,
        "logistic": lambda x: 1 / (1 + math.exp(-x))}


@pytest.mark.parametrize("element", FLOATS)
@pytest.mark.parametrize("op", MATH)
def test_float_math_scalar_forms_are_the_kernels(op, element):
    """The kernels are numpy's (tested against correctly rounded values elsewhere): bit for bit
    with the kernels, and near the math module's value on ordinary arguments."""
    dtype = DTYPES[element]
    values = [np.asarray(v, dtype) for v in (0.0, -0.0, 0.5, 1.0, 2.0, -0.75, 1.5, math.inf, -math.inf, math.nan)]
    singles = [(v,) for v in values]

    def near(a):
        a = float(a)
        try:
            want = MATH[op](a)
        except (ValueError, ZeroDivisionError, OverflowError):
            return compile_scalar_value(op, element, a)
        if not math.isfinite(a) or a == 0:
            return compile_scalar_value(op, element, a)
        got = compile_scalar_value(op, element, a)
        tolerance = {"f16": 1e-3, "f32": 1e-6, "f64": 1e-14}[element]
        assert math.isclose(float(got), want, rel_tol=tolerance, abs_tol=tolerance), (op, element, a, got, want)
        return got

    check(unary(op), element, element, singles, near, xla=False)


def compile_scalar_value(op: str, element: str, a: float):
    """The kernel's value of `op` on `a` (0-d): the oracle where the math module has none (inf, NaN)."""
    text = (f"func.func @main(%a: tensor<{element}>) -> tensor<{element}> {{\n"
            f"  %r = stablehlo.{op} %a : tensor<{element}>\n  return %r : tensor<{element}>\n}}")
    return interpreter.interpret(text, np.asarray(a, DTYPES[element]))[0]


@pytest.mark.parametrize("element", FLOATS)
def test_float_atan2_and_power(element):
    dtype = DTYPES[element]
    values = [np.asarray(v, dtype) for v in (0.0, -0.0, 1.0, -2.0, 0.5, math.inf, math.nan)]
    pairs = list(itertools.product(values, repeat=2))
    check(binary("atan2"), element, element, pairs, lambda a, b: math.atan2(float(a), float(b)), xla=False, ulps=2)
    # 0.5 and -0.5 as exponents: numpy takes sqrt for a scalar 0.5, whose -0 and NaN at -0 and
    # -inf are not IEEE pow's +0 and +inf (elementwise._ieee_power)
    values = [np.asarray(v, dtype) for v in (0.0, -0.0, 1.0, -2.0, 3.0, -1.0, 0.5, -0.5, math.inf, -math.inf,
                                             math.nan)]
    pairs = list(itertools.product(values, repeat=2))

    def power(a, b):
        a, b = float(a), float(b)
        if a == 0 and b < 0:  # a pole: signed infinity for odd integer exponents
            return math.copysign(math.inf, a) if b.is_integer() and int(b) % 2 else math.inf
        try:
            return math.pow(a, b)
        except (ValueError, OverflowError):
            return math.nan if a < 0 else math.inf

    check(binary("power"), element, element, pairs, power, xla=False, ulps=2)  # 3 ** 0.5: numpy's pow, 1 ULP


@pytest.mark.parametrize("target", INTS)
@pytest.mark.parametrize("source", FLOATS)
def test_float_to_integer_convert_truncates_and_saturates(source, target):
    info = np.iinfo(DTYPES[target])
    raw = [0.0, -0.0, 0.75, -0.75, 2.5, -2.5, 100.9, -129.5, 255.5, 256.0, 65504.0, -65504.0, math.nan,
           math.inf, -math.inf, float(info.max), float(info.min), 2.0 ** 31, -2.0 ** 31, 2.0 ** 63, 2.0 ** 64]
    dtype = DTYPES[source]
    with np.errstate(over="ignore"):
        values = [np.asarray(v, dtype) for v in raw]

    def oracle(x):
        x = float(x)
        if math.isnan(x):
            return 0
        if math.isinf(x):
            return info.max if x > 0 else info.min
        return min(max(math.trunc(x), info.min), info.max)

    check(lambda r, xs, ty, rty: f"{r} = stablehlo.convert {xs[0]} : ({ty}) -> {rty}", source, target,
          [(v,) for v in values], oracle, xla=False)


@pytest.mark.xla
def test_integer_loops_agree_with_xla_through_jax():
    """A JAX while_loop over int32 (Collatz steps and a hash using %, >>, <<, &, select, cond and
    switch), a uint32 xorshift with // and %, and an int64 LCG: scalar path, no kernel calls,
    equal to XLA."""
    jax = pytest.importorskip("jax")
    jnp, lax = jax.numpy, jax.lax
    jax.config.update("jax_enable_x64", True)

    def collatz(x0):
        def body(s):
            i, x, h = s
            x = jnp.where(x % 2 == 1, 3 * x + 1, x >> 1)
            h = ((h << 5) ^ (h >> 3) ^ (x & 0xFF)) % 1000003
            x = lax.cond(x <= 1, lambda v: v + 27, lambda v: v, x)
            h = lax.switch(i % 3, [lambda v: v + 1, lambda v: v ^ 5, lambda v: v // -3], h)
            return i + 1, x, h
        return lax.while_loop(lambda s: s[0] < 300, body, (jnp.int32(0), x0, jnp.int32(-7)))

    def xorshift(x0):
        def body(s):
            i, x = s
            x = x ^ (x << jnp.uint32(13))
            x = x ^ (x >> jnp.uint32(17))
            x = x * jnp.uint32(2654435761) + (x // jnp.uint32(7)) % jnp.uint32(13)
            return i + 1, x
        return lax.while_loop(lambda s: s[0] < 300, body, (jnp.int32(0), x0))

    def lcg(x0):
        def body(s):
            i, x, y = s
            x = x * jnp.int64(6364136223846793005) + jnp.int64(1442695040888963407)
            y = jnp.clip(y + (x >> 33) % jnp.int64(1000) - jnp.abs(x // jnp.int64(-99999999999)), -10 ** 12, 10 ** 12)
            return i + 1, x, y
        return lax.while_loop(lambda s: s[0] < 300, body, (jnp.int32(0), x0, jnp.int64(0)))

    for fn, args in ((collatz, [np.int32(27)]), (xorshift, [np.uint32(12345)]), (lcg, [np.int64(42)])):
        text = jax.jit(fn).lower(*args).as_text()
        got = compile_scalar(text)(*args)
        want = [np.asarray(x) for x in jax.jit(fn)(*args)]
        assert_same(got, want, fn.__name__)


def test_scalar_forms_of_constants_are_computed_once():
    """A scalar form whose operands are all constants is folded when the loop is compiled: the
    generated code has no line for it, and the loop's results are unchanged; one that would
    raise is left in the loop."""
    text = loop_module(["i32"], lambda names, prefix: ([
        f"%{prefix}k = stablehlo.constant dense<-9> : tensor<i32>",
        f"%{prefix}d = stablehlo.constant dense<4> : tensor<i32>",
        f"%{prefix}q = stablehlo.divide %{prefix}k, %{prefix}d : tensor<i32>",
        f"%{prefix}r = stablehlo.add %{prefix}q, {names[0]} : tensor<i32>"], [(f"%{prefix}r", "tensor<i32>")]))
    executable, loops = compiled_loops(text)
    assert " // " not in loops[0].source, loops[0].source
    assert_same(executable(np.asarray(5, np.int32)), [np.asarray(3, np.int32)], "folded divide")


def test_bf16_and_i4_still_run_through_their_kernels():
    """Types whose values are not numpy scalars keep no scalar form; the loop still agrees."""
    for element, dtype in (("bf16", ml_dtypes.bfloat16), ("i4", ml_dtypes.int4)):
        op = "remainder" if element == "bf16" else "shift_left"
        values = [np.asarray(v, dtype) for v in (1, 3, -2)]
        text = loop_module([element] * 3, lambda names, prefix: (
            [f"%{prefix}{k} = stablehlo.{op} {a}, {b} : tensor<{element}>"
             for k, (a, b) in enumerate(itertools.product(names, repeat=2))],
            [(f"%{prefix}{k}", f"tensor<{element}>") for k in range(9)]))
        got = interpreter.compile(text)(*values)
        assert_same(got, run_without_scalar_path(text, values), element)
