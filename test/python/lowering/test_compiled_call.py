"""The compiled backend's native call (lib/Bindings/CompiledCall.cpp, lowering/compiled.py): arrays
of exactly the declared dtype and shape, C-contiguous and aligned, go to the code as they are;
anything else is coerced first as the interpreter's calls coerce (coerce_argument's checks and
messages). Each test checks the results against a numpy formula, or the error against the
documented text, on the fast path and off it."""
from __future__ import annotations

import threading

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same
from threadpoolctl import threadpool_limits

import stablehlo_py
from stablehlo_py.interpreter import TOKEN, InterpreterError, Results
from stablehlo_py.lowering import CompiledProgram
from stablehlo_py.lowering.compiled import _ONE_BLAS_THREAD


def _compiled(text: str) -> CompiledProgram:
    run = stablehlo_py.compile(text, backend="compiled")
    assert isinstance(run, CompiledProgram)
    return run


def _binary(op: str, type_: str) -> str:
    return f"""func.func @main(%a: {type_}, %b: {type_}) -> {type_} {{
  %0 = stablehlo.{op} %a, %b : {type_}
  return %0 : {type_}
}}"""


_ADD = _binary("add", "tensor<2x3xf32>")
A = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
B = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)


@pytest.fixture(scope="module")
def add():
    return _compiled(_ADD)


def test_the_fast_path_gives_a_results_list_of_new_arrays(add):
    assert add._direct  # no BLAS, no runtime op: the native call is the whole call
    first = add(A, B)
    assert type(first) is Results and first.outfeed == []
    assert_same(first, [A + B])
    kept = first[0].copy()
    second = add(B, A)
    assert second[0] is not first[0] and not np.shares_memory(second[0], first[0])
    assert_same(first, [kept])  # a later call does not write into an earlier call's results
    assert first[0].flags.c_contiguous and first[0].flags.writeable and first[0].flags.owndata


@pytest.mark.parametrize("make", [
    lambda a: np.asfortranarray(a),  # Fortran order
    lambda a: np.repeat(a, 2, axis=1)[:, ::2],  # strided view
    lambda a: a.T.copy().T,  # C order lost by a transpose
    lambda a: np.frombuffer(b"\0" + a.tobytes(), np.float32, offset=1).reshape(2, 3),  # unaligned, read-only
    lambda a: a.tolist(),  # nested lists
    lambda a: a.astype(np.float32).view(type("Sub", (np.ndarray,), {})),  # a subclass
], ids=["fortran", "strided", "transposed", "unaligned", "list", "subclass"])
def test_arguments_off_the_fast_path_are_coerced(add, make):
    a = make(A)
    assert_same(add(a, B), [A + B])
    assert_same(add(B, a), [B + A])


def test_a_read_only_argument_is_read_as_it_is(add):
    a = A.copy()
    a.flags.writeable = False
    assert_same(add(a, B), [A + B])


def test_python_scalars_are_converted_to_the_dtype():
    run = _compiled(_binary("multiply", "tensor<f64>"))
    assert_same(run(3, 0.5), [np.array(1.5)])
    assert_same(run(np.array(3.0), 2), [np.array(6.0)])


@pytest.mark.parametrize("value, message", [
    (A.astype(np.float64), "@main argument 1: expected tensor<2x3xf32> (dtype float32), got dtype float64 "
                           "with shape (2, 3)"),
    (A.astype(">f4"), "@main argument 1: expected tensor<2x3xf32> (dtype float32), got dtype float32 "
                      "with shape (2, 3)"),  # another byte order is another dtype
    (A.reshape(3, 2), "@main argument 1: expected tensor<2x3xf32> (shape (2, 3)), got shape (3, 2)"),
    (A[0], "@main argument 1: expected tensor<2x3xf32> (shape (2, 3)), got shape (3,)"),
    (np.float32(1), "@main argument 1: expected tensor<2x3xf32> (shape (2, 3)), got shape ()"),
    ("text", "@main argument 1: expected tensor<2x3xf32>, got str"),
])
def test_a_bad_argument_is_named_as_the_interpreter_names_it(add, value, message):
    with pytest.raises(InterpreterError) as error:
        add(A, value)
    assert str(error.value).startswith(message), str(error.value)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_a_wrong_argument_count(add, count):
    with pytest.raises(InterpreterError, match=rf"^@main takes 2 arguments, got {count}$"):
        add(*[A] * count)


def test_zero_dimensional_and_empty_arrays():
    scalar = _compiled(_binary("subtract", "tensor<i32>"))
    assert_same(scalar(np.array(7, np.int32), np.array(9, np.int32)), [np.array(-2, np.int32)])
    empty = _compiled(_binary("maximum", "tensor<0x3xf32>"))
    x = np.empty((0, 3), np.float32)
    assert_same(empty(x, x), [np.empty((0, 3), np.float32)])
    assert_same(empty(x[:, ::-1], x), [np.empty((0, 3), np.float32)])  # strides of an empty view


def test_no_arguments_and_no_results():
    run = _compiled("""func.func @main() -> tensor<2xi64> {
  %0 = stablehlo.constant dense<[5, -6]> : tensor<2xi64>
  return %0 : tensor<2xi64>
}""")
    assert_same(run(), [np.array([5, -6], np.int64)])
    none = _compiled("""func.func @main(%a: tensor<2xf32>) {
  return
}""")
    assert none(np.ones(2, np.float32)) == [] and none(np.ones(2, np.float32)) is not None


def test_tokens_go_as_the_token():
    run = _compiled("""func.func @main(%t: !stablehlo.token, %x: tensor<3xi8>) -> (tensor<3xi8>, !stablehlo.token) {
  %0 = stablehlo.negate %x : tensor<3xi8>
  %1 = stablehlo.after_all %t : !stablehlo.token
  return %0, %1 : tensor<3xi8>, !stablehlo.token
}""")
    x = np.array([1, -128, 5], np.int8)
    got = run(TOKEN, x)
    assert got[1] is TOKEN
    assert_same(got[:1], [-x])  # int8 negation wraps, as numpy's
    assert_same(run(TOKEN, x.tolist())[:1], [-x])  # a list beside the token: coerced
    with pytest.raises(InterpreterError, match=r"^@main argument 0: expected !stablehlo.token "
                                               r"\(stablehlo_py.interpreter.TOKEN\), got NoneType$"):
        run(None, x)


def test_booleans():
    run = _compiled("""func.func @main(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.and %a, %b : tensor<4xi1>
  %1 = stablehlo.not %a : tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}""")
    a = np.array([True, False, True, False])
    b = np.array([True, True, False, False])
    assert_same(run(a, b), [a & b, ~a])
    assert_same(run([1, 0, 1, 0], b), [a & b, ~a])  # converted to bool
    with pytest.raises(InterpreterError, match=r"dtype bool\), got dtype int8"):
        run(a.astype(np.int8), b)


@pytest.mark.parametrize("dtype, type_", [
    (ml_dtypes.int4, "i4"), (ml_dtypes.uint4, "ui4"), (np.uint16, "ui16"),
    (ml_dtypes.bfloat16, "bf16"), (ml_dtypes.float8_e4m3fn, "f8E4M3FN"), (ml_dtypes.float8_e5m2, "f8E5M2"),
    (np.float16, "f16"),
])
def test_small_and_unsigned_types(dtype, type_):
    run = _compiled(_binary("maximum", f"tensor<5x{type_}>"))
    a = np.array([0, 1, 2, 3, 7], dtype)
    b = np.array([1, 0, 5, 3, 4], dtype)
    expected = np.maximum(a.astype(np.float64), b.astype(np.float64)).astype(dtype)
    assert_same(run(a, b), [expected])
    assert_same(run(a[::-1].copy()[::-1], b), [expected])  # a negative-stride view: coerced


@pytest.mark.parametrize("dtype, type_", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex(dtype, type_):
    run = _compiled(_binary("multiply", f"tensor<3x{type_}>"))
    a = np.array([1 + 2j, -0.5j, 3], dtype)
    b = np.array([2 - 1j, 4 + 4j, 0.25j], dtype)
    expected = a * b  # every product here is exact
    assert_same(run(a, b), [expected])
    assert_same(run(a, b.astype(np.complex128 if dtype == np.complex64 else np.complex64).tolist()), [expected])


def test_large_calls_run_on_threads_at_once():
    """A call of 64 KiB and more releases the GIL while its code runs: calls from threads, each
    its own results."""
    run = _compiled(_binary("add", "tensor<65536xf32>"))
    inputs = [np.full(65536, i, np.float32) for i in range(8)]
    results = [None] * 8

    def call(i):
        results[i] = run(inputs[i], inputs[i])

    threads = [threading.Thread(target=call, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for i in range(8):
        assert_same(results[i], [inputs[i] * 2])


_PRODUCT = """func.func @main(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  return %0 : tensor<128x128xf32>
}"""


def test_a_program_calling_blas_runs_in_one_blas_thread(tmp_path, monkeypatch):
    """The gemm kernel (above the index-order sizes) calls BLAS: its calls enter one_blas_thread,
    from a fresh compile and from the compile cache alike; an add does not."""
    monkeypatch.setenv("STABLEHLO_PY_CACHE_DIR", str(tmp_path))
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal((128, 128)).astype(np.float32) for _ in range(2))
    # numpy's BLAS, the gemm kernel's, on one thread: OpenBLAS's threaded sgemm gives other bits
    # on some hosts (Haswell kernels: 2,918 of these 16,384 elements)
    with threadpool_limits(1, user_api="blas"):
        product = np.matmul(a, b)
    for timing in ("miss", "hit"):
        run = _compiled(_PRODUCT)
        assert run.timings["cache"] == timing
        assert run._blas is _ONE_BLAS_THREAD and not run._direct
        assert_same(run(a, b), [product])
        assert_same(run(np.asfortranarray(a), b), [product])
    assert _compiled(_ADD)._direct
