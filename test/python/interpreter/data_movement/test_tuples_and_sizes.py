"""tuple, get_tuple_element, optimization_barrier, get_dimension_size and the
legacy broadcast: interpreter results against XLA on CPU (the same StableHLO
text, or JAX's export), across element types; plus tuple/token values at the
Python boundary."""
import ml_dtypes
import numpy as np
import pytest
from jax import lax

from conftest import assert_same, run_both, xla_run_text
from stablehlo_py import interpret
from stablehlo_py.interpreter import TOKEN, InterpreterError, compile as compile_

# (numpy dtype, MLIR element type) for every kind of element the spec has.
TYPES = [
    (np.bool_, "i1"), (ml_dtypes.int4, "i4"), (np.int8, "i8"), (np.uint16, "ui16"), (np.int32, "i32"),
    (np.uint64, "ui64"), (ml_dtypes.float8_e4m3fn, "f8E4M3FN"), (ml_dtypes.bfloat16, "bf16"),
    (np.float16, "f16"), (np.float32, "f32"), (np.float64, "f64"), (np.complex64, "complex<f32>"),
]
IDS = [t for _, t in TYPES]


def random_values(rng, dtype, shape):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if np.dtype(dtype).kind in "iu" or dtype == ml_dtypes.int4:
        return rng.integers(-8 if np.dtype(dtype).kind == "i" or dtype == ml_dtypes.int4 else 0, 8, shape).astype(dtype)
    return (rng.standard_normal(shape) * 4).astype(dtype)


def both(text, *args):
    return interpret(text, *args), xla_run_text(text, *args)


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", TYPES, ids=IDS)
@pytest.mark.parametrize("sizes,shape", [((4,), (2, 3)), ((1, 2), ()), ((), (3,)), ((0, 2), (2,)), ((3,), (0, 2))])
def test_broadcast_matches_xla(dtype, element, sizes, shape):
    x = random_values(np.random.default_rng(1), dtype, shape)
    operand = f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"
    result = f"tensor<{''.join(f'{d}x' for d in sizes + shape)}{element}>"
    text = (f"func.func public @main(%x: {operand}) -> {result} {{\n"
            f"  %0 = stablehlo.broadcast %x, sizes = [{', '.join(map(str, sizes))}] : ({operand}) -> {result}\n"
            f"  return %0 : {result}\n}}")
    got, want = both(text, x)
    assert_same(got, want, context=f"broadcast {sizes} of {operand}")
    # the XLA semantics, independently: new dimensions first, each a copy of the operand
    assert got[0].shape == sizes + shape and (got[0] == np.broadcast_to(x, sizes + shape)).all()


@pytest.mark.xla
@pytest.mark.parametrize("shape", [(2, 3), (0, 5), (7,), (1, 1, 4)])
def test_get_dimension_size_matches_xla(shape):
    operand = f"tensor<{''.join(f'{d}x' for d in shape)}f32>"
    lines = [f"  %r{d} = stablehlo.get_dimension_size %x, dim = {d} : ({operand}) -> tensor<i32>" for d in range(len(shape))]
    results = ", ".join(f"%r{d}" for d in range(len(shape)))
    types = ", ".join(["tensor<i32>"] * len(shape))
    text = "\n".join([f"func.func public @main(%x: {operand}) -> ({types}) {{", *lines,
                      f"  return {results} : {types}", "}"])
    got, want = both(text, np.zeros(shape, np.float32))
    assert_same(got, want, context=f"get_dimension_size of {operand}")
    assert [int(v) for v in got] == list(shape) and all(v.dtype == np.int32 for v in got)


def test_get_dimension_size_reads_the_runtime_size_of_a_dynamic_dimension():
    text = """func.func @main(%x: tensor<?x3xf32>) -> tensor<i32> {
      %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
      return %0 : tensor<i32>
    }"""
    run = compile_(text)
    assert int(run(np.zeros((5, 3), np.float32))[0]) == 5
    assert int(run(np.zeros((0, 3), np.float32))[0]) == 0


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", TYPES, ids=IDS)
def test_tuple_and_get_tuple_element_match_xla(dtype, element):
    rng = np.random.default_rng(2)
    a, b = random_values(rng, dtype, (2, 3)), random_values(rng, dtype, (4,))
    ta, tb = f"tensor<2x3x{element}>", f"tensor<4x{element}>"
    inner = f"tuple<{tb}, {ta}>"
    outer = f"tuple<{ta}, {inner}>"
    text = f"""func.func public @main(%a: {ta}, %b: {tb}) -> ({tb}, {ta}, {ta}) {{
      %0 = stablehlo.tuple %b, %a : {inner}
      %1 = stablehlo.tuple %a, %0 : {outer}
      %2 = stablehlo.get_tuple_element %1[1] : ({outer}) -> {inner}
      %3 = stablehlo.get_tuple_element %2[0] : ({inner}) -> {tb}
      %4 = stablehlo.get_tuple_element %2[1] : ({inner}) -> {ta}
      %5 = stablehlo.get_tuple_element %1[0] : ({outer}) -> {ta}
      return %3, %4, %5 : {tb}, {ta}, {ta}
    }}"""
    got, want = both(text, a, b)
    assert_same(got, want, context=f"tuple round trip of {element}")
    assert_same(got, [b, a, a], context="tuple elements are the values put in")


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.bool_, ml_dtypes.bfloat16, np.complex128])
def test_optimization_barrier_matches_xla(dtype):
    rng = np.random.default_rng(3)
    x, y = random_values(rng, dtype, (3, 2)), random_values(rng, dtype, (5,))
    got, want = run_both(lambda a, b: lax.optimization_barrier((a, b)), x, y)
    assert_same(got, want, context="optimization_barrier")
    assert_same(got, [x, y], context="optimization_barrier is the identity")


def test_tuple_and_token_values_cross_the_python_boundary():
    text = """func.func @main(%t: tuple<tensor<i32>, tuple<tensor<2xi8>, !stablehlo.token>>) -> (tuple<tensor<2xi8>, tensor<i32>>, !stablehlo.token) {
      %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tuple<tensor<2xi8>, !stablehlo.token>>) -> tensor<i32>
      %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tuple<tensor<2xi8>, !stablehlo.token>>) -> tuple<tensor<2xi8>, !stablehlo.token>
      %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<2xi8>, !stablehlo.token>) -> tensor<2xi8>
      %3 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<2xi8>, !stablehlo.token>) -> !stablehlo.token
      %4 = stablehlo.tuple %2, %0 : tuple<tensor<2xi8>, tensor<i32>>
      return %4, %3 : tuple<tensor<2xi8>, tensor<i32>>, !stablehlo.token
    }"""
    run = compile_(text)
    pair, token = run((np.int32(7), (np.array([1, -2], np.int8), TOKEN)))
    assert token is TOKEN and isinstance(pair, tuple) and len(pair) == 2
    assert pair[0].dtype == np.int8 and pair[0].tolist() == [1, -2] and int(pair[1]) == 7
    assert pair[0].flags.writeable  # results belong to the caller
    assert "result 0 element 1: tensor<i32>" in run.format_results([pair, token])
    with pytest.raises(InterpreterError, match=r"argument 0 element 1 element 1: expected !stablehlo.token"):
        run((np.int32(7), (np.array([1, -2], np.int8), None)))
    with pytest.raises(InterpreterError, match=r"argument 0: expected tuple<.*> \(a tuple of 2 values\), got tuple of 1"):
        run((np.int32(7),))
    with pytest.raises(InterpreterError, match=r"argument 0: expected tuple<.*> \(a tuple of 2 values\), got ndarray$"):
        run(np.array([7, 8], np.int32))  # an array of two values is not a tuple of two
    with pytest.raises(InterpreterError, match=r"argument 0 element 0: expected tensor<i32> \(dtype int32\), got dtype int64"):
        run((np.int64(7), (np.array([1, -2], np.int8), TOKEN)))
