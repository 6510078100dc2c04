"""While loops over rank-0 values run as one generated function (interpreter/scalar.py).

Every op with a scalar form, and some without (which call their kernels), is
run inside a one-iteration scalar while loop on every pair of edge values of
each element type, and compared bit for bit with XLA running the same module.
"""

from __future__ import annotations

import itertools

import ml_dtypes
import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from conftest import assert_same, assert_ulp, examples, mp_exact, while_loop, xla_run_text

from stablehlo_py import interpreter
from stablehlo_py.interpreter import InterpreterError
from testing.scalar_loops import compile_counting_scalar_loops, loop_module, run_scalar_loop

INTS = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
FLOATS = ["f16", "f32", "f64"]
COMPLEX = ["complex<f32>", "complex<f64>"]
OTHER = ["bf16", "i4"]  # no scalar forms: the loop calls their kernels
DTYPES = {"i1": np.bool_, "i4": ml_dtypes.int4, "bf16": ml_dtypes.bfloat16, "f16": np.float16, "f32": np.float32,
          "f64": np.float64, "complex<f32>": np.complex64, "complex<f64>": np.complex128,
          **{t: np.dtype(f"uint{t[2:]}" if t.startswith("ui") else f"int{t[1:]}") for t in INTS}}


def edge_values(element: str) -> list[np.ndarray]:
    dtype = DTYPES[element]
    if element == "i1":
        values = [False, True]
    elif element in INTS or element == "i4":
        info = ml_dtypes.iinfo(dtype)
        values = sorted({0, 1, 7, info.max, info.min, info.max - 1} | ({-1, -7} if info.min < 0 else {3}))
    elif element.startswith("complex"):
        values = [0j, complex(1, 2), complex(-np.inf, 1), complex(np.nan, 0), complex(-3, -0.0)]
    else:
        # XLA on CPU flushes f32 and f64 denormals (bf16 computes in f32) where IEEE keeps them, so
        # those types get small and large values whose products and quotients never land there.
        finfo = ml_dtypes.finfo(dtype)
        small, large = {"f16": (float(finfo.smallest_subnormal), float(finfo.max)),
                        "f64": (1e-300, 1e300)}.get(element, (1e-30, 1e30))
        values = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, large, small]
    return [np.asarray(v, dtype=dtype) for v in values]


def _check_against_xla(text: str, args: list, context: str) -> None:
    expected = xla_run_text(text, *args)
    got = run_scalar_loop(text, args)
    assert_same(got, expected, context)


def _pairwise(op_line):
    """compute() applying binary `op_line(result, lhs, rhs)` to every ordered pair of the args."""
    def compute(names, prefix):
        lines, outs = [], []
        for k, (a, b) in enumerate(itertools.product(names, repeat=2)):
            line, result_type = op_line(f"%{prefix}{k}", a, b)
            lines.append(line)
            outs.append((f"%{prefix}{k}", result_type))
        return lines, outs
    return compute


BINARY = {
    "add": INTS + FLOATS + COMPLEX + ["i1"] + OTHER, "subtract": INTS + FLOATS + COMPLEX + OTHER,
    "multiply": INTS + FLOATS + ["i1", "complex<f32>"] + OTHER, "divide": INTS + FLOATS + ["bf16"],
    "and": INTS + ["i1", "i4"], "or": INTS + ["i1"], "xor": INTS + ["i1"],
    "maximum": INTS + FLOATS + ["i1", "bf16"], "minimum": INTS + FLOATS + ["i1"],
    "remainder": ["i32", "ui8", "f32"], "shift_left": ["i16", "ui32"], "shift_right_arithmetic": ["i8", "ui64"],
}


@pytest.mark.xla
@pytest.mark.parametrize("op,element", [(op, t) for op, types in BINARY.items() for t in types])
def test_binary_op_in_scalar_loop_matches_xla(op, element):
    ty = f"tensor<{element}>"
    values = edge_values(element)
    text = loop_module([element] * len(values), _pairwise(lambda r, a, b: (f"{r} = stablehlo.{op} {a}, {b} : {ty}", ty)))
    _check_against_xla(text, values, f"{op} on {element}")


UNARY = {"negate": INTS + FLOATS + COMPLEX + ["bf16"], "not": INTS + ["i1"], "exponential": ["f32", "f16"],
         "abs": ["i32", "f64"]}


@pytest.mark.xla
@pytest.mark.parametrize("op,element", [(op, t) for op, types in UNARY.items() for t in types])
def test_unary_op_in_scalar_loop_matches_xla(op, element):
    ty = f"tensor<{element}>"
    values = edge_values(element)

    def compute(names, prefix):
        return ([f"%{prefix}{k} = stablehlo.{op} {a} : {ty}" for k, a in enumerate(names)],
                [(f"%{prefix}{k}", ty) for k in range(len(names))])

    text = loop_module([element] * len(values), compute)
    if op == "exponential":
        # exp is an approximation in XLA and numpy alike, whose last bits vary with the host's
        # vector ISA: the oracle is mpmath, correctly rounded (measured here: 1 ULP for f32, 0
        # for f16; numpy's f32 exp is documented within 4 ULP, f16 computes in f32: 1 ULP)
        want = [mp_exact(mpmath.exp, v) for v in values]
        assert_ulp(run_scalar_loop(text, values), want, 4 if element == "f32" else 1, f"exp on {element}")
    else:
        _check_against_xla(text, values, f"{op} on {element}")


def _compare_cases():
    for element in INTS + FLOATS + COMPLEX + ["i1", "bf16"]:
        if element in FLOATS + ["bf16"]:
            kinds = ["FLOAT", "TOTALORDER"]
        elif element.startswith("complex"):
            kinds = ["FLOAT"]
        else:
            kinds = ["SIGNED" if element.startswith("i") and element != "i1" else "UNSIGNED"]
        yield from ((element, kind) for kind in kinds)


@pytest.mark.xla
@pytest.mark.parametrize("element,compare_type", list(_compare_cases()))
def test_compare_in_scalar_loop_matches_xla(element, compare_type):
    ty = f"tensor<{element}>"
    directions = ["EQ", "NE"] if element.startswith("complex") else ["EQ", "NE", "LT", "LE", "GT", "GE"]
    values = edge_values(element)

    def compute(names, prefix):
        lines, outs = [], []
        for d, direction in enumerate(directions):
            for k, (a, b) in enumerate(itertools.product(names, repeat=2)):
                name = f"%{prefix}{d}_{k}"
                lines.append(f"{name} = stablehlo.compare {direction}, {a}, {b}, {compare_type} : "
                             f"({ty}, {ty}) -> tensor<i1>")
                outs.append((name, "tensor<i1>"))
        return lines, outs

    _check_against_xla(loop_module([element] * len(values), compute), values, f"compare on {element}")


@pytest.mark.xla
@pytest.mark.parametrize("element", ["i32", "ui8", "f32", "f16", "complex<f64>", "i1", "bf16"])
def test_select_in_scalar_loop_matches_xla(element):
    ty = f"tensor<{element}>"
    values = edge_values(element)[:4]
    preds = [np.asarray(False), np.asarray(True)]

    def compute(names, prefix):
        p, xs = names[:2], names[2:]
        lines, outs = [], []
        for k, (pred, a, b) in enumerate(itertools.product(p, xs, xs)):
            lines.append(f"%{prefix}{k} = stablehlo.select {pred}, {a}, {b} : tensor<i1>, {ty}")
            outs.append((f"%{prefix}{k}", ty))
        return lines, outs

    text = loop_module(["i1", "i1"] + [element] * len(values), compute)
    _check_against_xla(text, preds + values, f"select on {element}")


CONVERT_TYPES = ["i1", "i8", "i32", "i64", "ui16", "ui64", "f16", "f32", "f64", "complex<f32>", "bf16", "i4"]


@pytest.mark.xla
@pytest.mark.parametrize("source", CONVERT_TYPES)
def test_convert_in_scalar_loop_matches_xla(source):
    values = edge_values(source)
    targets = [t for t in CONVERT_TYPES if not (source.startswith("complex") and not t.startswith("complex"))]

    def compute(names, prefix):
        lines, outs = [], []
        for target in targets:
            for k, a in enumerate(names):
                name = f"%{prefix}_{target.replace('<', '').replace('>', '')}_{k}"
                lines.append(f"{name} = stablehlo.convert {a} : (tensor<{source}>) -> tensor<{target}>")
                outs.append((name, f"tensor<{target}>"))
        return lines, outs

    _check_against_xla(loop_module([source] * len(values), compute), values, f"convert from {source}")


COLLATZ = """
func.func @main(%n: tensor<i64>) -> (tensor<i64>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%x = %n, %steps = %zero) : tensor<i64>, tensor<i32>
  cond {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %go = stablehlo.compare NE, %x, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %two = stablehlo.constant dense<2> : tensor<i64>
    %three = stablehlo.constant dense<3> : tensor<i64>
    %bit = stablehlo.and %x, %one : tensor<i64>
    %odd = stablehlo.compare EQ, %bit, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %next = "stablehlo.if"(%odd) ({
      %t = stablehlo.multiply %x, %three : tensor<i64>
      %u = stablehlo.add %t, %one : tensor<i64>
      stablehlo.return %u : tensor<i64>
    }, {
      %h = stablehlo.divide %x, %two : tensor<i64>
      stablehlo.return %h : tensor<i64>
    }) : (tensor<i1>) -> tensor<i64>
    %inc = stablehlo.constant dense<1> : tensor<i32>
    %s = stablehlo.add %steps, %inc : tensor<i32>
    stablehlo.return %next, %s : tensor<i64>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<i32>
}
"""


def _collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = 3 * n + 1 if n % 2 else n // 2
        steps += 1
    return steps


@pytest.mark.parametrize("n", [1, 6, 27, 97, 871])
def test_loop_with_a_nested_if_and_integer_divide_counts_collatz_steps(n):
    got = run_scalar_loop(COLLATZ, [np.asarray(n, np.int64)])
    assert_same(got, [np.asarray(1, np.int64), np.asarray(_collatz_steps(n), np.int32)], f"collatz({n})")


CAPTURES = """
func.func @main(%x0: tensor<f64>, %rate: tensor<f64>, %limit: tensor<i32>) -> (tensor<f64>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%x = %x0, %i = %zero) : tensor<f64>, tensor<i32>
  cond {
    %go = stablehlo.compare LT, %i, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %y = stablehlo.multiply %x, %rate : tensor<f64>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %y, %j : tensor<f64>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f64>, tensor<i32>
}
"""


def test_loop_reads_values_captured_from_the_enclosing_function():
    got = run_scalar_loop(CAPTURES, [np.asarray(3.0), np.asarray(1.5), np.asarray(10, np.int32)])
    expected = [np.asarray(3.0 * 1.5 ** 10), np.asarray(10, np.int32)]
    assert_same(got, expected, "captures")
    assert_same(run_scalar_loop(CAPTURES, [np.asarray(3.0), np.asarray(1.5), np.asarray(-4, np.int32)]),
                [np.asarray(3.0), np.asarray(0, np.int32)], "zero iterations")


def test_float_loop_rounds_like_numpy_float32_each_step():
    loop = while_loop("%r:2", [("%i", "%zero", "tensor<i32>"), ("%x", "%x0", "tensor<f32>")],
                      ["%n = stablehlo.constant dense<1000> : tensor<i32>",
                       "%p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>"],
                      ["%c = stablehlo.constant dense<0.999> : tensor<f32>",
                       "%d = stablehlo.constant dense<1.0> : tensor<f32>",
                       "%m = stablehlo.multiply %x, %c : tensor<f32>",
                       "%y = stablehlo.add %m, %d : tensor<f32>",
                       "%one = stablehlo.constant dense<1> : tensor<i32>",
                       "%j = stablehlo.add %i, %one : tensor<i32>"], ["%j", "%y"])
    text = f"""
func.func @main(%x0: tensor<f32>) -> tensor<f32> {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
{loop}
  return %r#1 : tensor<f32>
}}"""
    x = np.full(1, 0.5, np.float32)
    for _ in range(1000):  # the same recurrence on a 1-element numpy array, rounded to f32 each step
        x = x * np.float32(0.999) + np.float32(1.0)
    assert_same(run_scalar_loop(text, [np.asarray(0.5, np.float32)]), [x.reshape(())], "recurrence")


def test_error_inside_a_scalar_loop_names_the_op_and_its_location():
    text = """
    func.func @main(%x0: tensor<i32>) -> tensor<i32> {
      %r = stablehlo.while(%x = %x0) : tensor<i32>
      cond {
        %t = stablehlo.constant dense<true> : tensor<i1>
        stablehlo.return %t : tensor<i1>
      } do {
        %y = stablehlo.custom_call @my.failing_target(%x) : (tensor<i32>) -> tensor<i32> loc("body.mlir":7:3)
        stablehlo.return %y : tensor<i32>
      }
      return %r : tensor<i32>
    }
    """

    def failing_target(x):
        if x >= 3:
            raise ValueError("x reached 3")
        return x + 1

    interpreter.register_custom_call("my.failing_target", failing_target)
    try:
        with pytest.raises(InterpreterError) as caught:
            run_scalar_loop(text, [np.asarray(0, np.int32)])
    finally:
        interpreter.unregister_custom_call("my.failing_target")
    message = str(caught.value)
    assert "stablehlo.custom_call" in message and "body.mlir" in message and "x reached 3" in message, message


def test_loop_with_a_tensor_carry_takes_the_array_path_and_agrees():
    text = """
    func.func @main(%v: tensor<3xf32>) -> tensor<3xf32> {
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %r:2 = stablehlo.while(%i = %zero, %x = %v) : tensor<i32>, tensor<3xf32>
      cond {
        %n = stablehlo.constant dense<4> : tensor<i32>
        %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %go : tensor<i1>
      } do {
        %y = stablehlo.add %x, %x : tensor<3xf32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %j, %y : tensor<i32>, tensor<3xf32>
      }
      return %r#1 : tensor<3xf32>
    }
    """
    executable, scalar_loops = compile_counting_scalar_loops(text)
    assert scalar_loops == 0
    v = np.asarray([1.0, -2.0, 0.25], np.float32)
    assert_same(executable(v), [v * 16], "tensor carry")


NESTED = """
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<i64>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %zero64 = stablehlo.constant dense<0> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %total = %zero64) : tensor<i32>, tensor<i64>
  cond {
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %inner:2 = stablehlo.while(%j = %zero, %t = %total) : tensor<i32>, tensor<i64>
    cond {
      %go = stablehlo.compare LT, %j, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %go : tensor<i1>
    } do {
      %w = stablehlo.convert %j : (tensor<i32>) -> tensor<i64>
      %sq = stablehlo.multiply %w, %w : tensor<i64>
      %t2 = stablehlo.add %t, %sq : tensor<i64>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j2 = stablehlo.add %j, %one : tensor<i32>
      stablehlo.return %j2, %t2 : tensor<i32>, tensor<i64>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %inner#1 : tensor<i32>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i64>
}
"""


def test_nested_scalar_loops_both_take_the_scalar_path():
    executable, scalar_loops = compile_counting_scalar_loops(NESTED)
    assert scalar_loops == 2
    n = 40
    expected = sum(j * j for i in range(n) for j in range(i))
    assert_same(executable(np.asarray(n, np.int32)), [np.asarray(n, np.int32), np.asarray(expected, np.int64)],
                "nested loops")


# ---------------------------------------------------------------------------
# Random scalar loops against XLA: carries permuted, duplicated and rebuilt each
# step, with branches (if, case) and calls mixed in, so naming and order of the
# generated code are exercised, not only the ops.

RANDOM_TYPES = {"i32": np.int32, "ui8": np.uint8, "f32": np.float32, "f64": np.float64}
RANDOM_OPS = {"add": "all", "subtract": "all", "multiply": "all", "maximum": "all", "minimum": "all",
              "and": "int", "xor": "int", "divide": "float"}


@st.composite
def random_scalar_loops(draw):
    element = draw(st.sampled_from(sorted(RANDOM_TYPES)))
    is_float = element.startswith("f")
    ty = f"tensor<{element}>"
    carries = draw(st.integers(1, 4))
    iterations = draw(st.integers(0, 4))
    ops = [op for op, kinds in RANDOM_OPS.items() if kinds == "all" or kinds == ("float" if is_float else "int")]
    values = [f"%v{k}" for k in range(carries)]
    lines = []
    for n in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["binary", "binary", "select", "if", "case", "call"]))
        a, b = draw(st.sampled_from(values)), draw(st.sampled_from(values))
        name = f"%t{n}"
        if kind == "binary":
            lines.append(f"{name} = stablehlo.{draw(st.sampled_from(ops))} {a}, {b} : {ty}")
        elif kind == "select":
            direction = draw(st.sampled_from(["LT", "GE", "EQ", "NE"]))
            compare_type = "FLOAT" if is_float else ("UNSIGNED" if element.startswith("u") else "SIGNED")
            lines += [f"%p{n} = stablehlo.compare {direction}, {a}, {b}, {compare_type} : ({ty}, {ty}) -> tensor<i1>",
                      f"{name} = stablehlo.select %p{n}, {b}, {a} : tensor<i1>, {ty}"]
        elif kind == "if":
            lines += [f"%p{n} = stablehlo.compare GT, {a}, {b}, "
                      f"{'FLOAT' if is_float else 'UNSIGNED' if element.startswith('u') else 'SIGNED'} : "
                      f"({ty}, {ty}) -> tensor<i1>",
                      f"{name} = \"stablehlo.if\"(%p{n}) ({{",
                      f"  %s{n} = stablehlo.subtract {a}, {b} : {ty}",
                      f"  stablehlo.return %s{n} : {ty}",
                      f"}}, {{",
                      f"  stablehlo.return {a} : {ty}",
                      f"}}) : (tensor<i1>) -> {ty}"]
        elif kind == "case":  # the index may be negative or past the last branch: the last one runs
            lines += [f"%k{n} = stablehlo.convert {a} : ({ty}) -> tensor<i32>",
                      f"{name} = \"stablehlo.case\"(%k{n}) ({{",
                      f"  stablehlo.return {b} : {ty}",
                      f"}}, {{",
                      f"  %s{n} = stablehlo.multiply {a}, {b} : {ty}",
                      f"  stablehlo.return %s{n} : {ty}",
                      f"}}, {{",
                      f"  stablehlo.return {a} : {ty}",
                      f"}}) : (tensor<i32>) -> {ty}"]
        else:
            lines.append(f"{name} = func.call @twice_plus({a}, {b}) : ({ty}, {ty}) -> {ty}")
        values.append(name)
    returned = [draw(st.sampled_from(values)) for _ in range(carries)]
    seeds = draw(st.lists(st.sampled_from([-3, -1, 0, 1, 2, 5]), min_size=carries, max_size=carries))
    args = [np.asarray(s, dtype=RANDOM_TYPES[element]) if not element.startswith("u") else
            np.asarray(s % 256, dtype=np.uint8) for s in seeds]
    signature = ", ".join(f"%a{k}: {ty}" for k in range(carries))
    carried = ", ".join(f"%v{k} = %a{k}" for k in range(carries))
    types = ", ".join([ty] * carries)
    text = "\n".join([
        f"func.func @main({signature}) -> ({types}) {{",
        "  %zero = stablehlo.constant dense<0> : tensor<i32>",
        f"  %r:{carries + 1} = stablehlo.while(%i = %zero, {carried}) : tensor<i32>, {types}",
        "  cond {",
        f"    %n = stablehlo.constant dense<{iterations}> : tensor<i32>",
        "    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>",
        "    stablehlo.return %go : tensor<i1>",
        "  } do {",
        *(f"    {line}" for line in lines),
        "    %one = stablehlo.constant dense<1> : tensor<i32>",
        "    %j = stablehlo.add %i, %one : tensor<i32>",
        f"    stablehlo.return %j, {', '.join(returned)} : tensor<i32>, {types}",
        "  }",
        f"  return {', '.join(f'%r#{k + 1}' for k in range(carries))} : {types}",
        "}",
        f"func.func private @twice_plus(%x: {ty}, %y: {ty}) -> {ty} {{",
        f"  %d = stablehlo.add %x, %x : {ty}",
        f"  %s = stablehlo.add %d, %y : {ty}",
        f"  return %s : {ty}",
        "}"])
    return text, args


@pytest.mark.xla
@given(random_scalar_loops())
@examples(40)
def test_random_scalar_loops_match_xla(case):
    text, args = case
    assert_same(run_scalar_loop(text, args), xla_run_text(text, *args), text)


@pytest.mark.xla
def test_jax_fori_loop_with_switch_and_cond_matches_xla():
    from conftest import export, xla
    from jax import lax

    def program(x, k):
        def step(i, carry):
            x, k = carry
            x = lax.switch(k % 4 - 1, [lambda v: v * 1.5, lambda v: v - 2.0, lambda v: -v, lambda v: v], x)
            # XLA turns x / c into x * (1 / c), which rounds differently unless c is a power of two
            x = lax.cond(x > 100.0, lambda v: v / 4.0, lambda v: v + 1.0, x)
            return x, k * 5 + i

        return lax.fori_loop(0, 50, step, (x, k))

    args = [np.float32(0.75), np.int32(3)]
    text = export(program, *args)
    assert "stablehlo.case" in text  # JAX lowers both switch and cond to case
    assert_same(run_scalar_loop(text, args), xla(program, *args), "fori_loop with switch and cond")
