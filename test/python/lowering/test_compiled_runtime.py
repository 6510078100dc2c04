"""The runtime of the compiled backend (lowering/runtime.py): library ops and forms no pattern
takes run as calls from the compiled code into the interpreter's kernels, on views of the
compiled code's buffers. Results are the interpreter's bit for bit (the same kernels); the
tests check the buffers' passage: layouts the compiled code picks (strided, transposed,
zero-size), element types stored otherwise (i1, unsigned, bf16, complex), calls inside loops,
and errors raised inside a call."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError
from stablehlo_py.lowering import CompiledProgram, LoweringError, lower

_RNG = np.random.default_rng(11)


def _both(text: str, *inputs) -> list:
    run = stablehlo_py.compile(text, backend="compiled")
    assert isinstance(run, CompiledProgram)
    got = run(*inputs)
    assert_same(got, stablehlo_py.interpret(text, *inputs), context=text.splitlines()[1].strip())
    return got


def test_fft_and_linear_algebra():
    text = """func.func @main(%x: tensor<3x8xf64>, %a: tensor<2x3x3xf32>, %b: tensor<2x3x2xf32>) -> (tensor<3x5xcomplex<f64>>, tensor<2x3x3xf32>, tensor<2x3x2xf32>) {
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<3x8xf64>) -> tensor<3x5xcomplex<f64>>
  %1 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %2 = "stablehlo.triangular_solve"(%1, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  return %0, %1, %2 : tensor<3x5xcomplex<f64>>, tensor<2x3x3xf32>, tensor<2x3x2xf32>
}"""
    x = _RNG.standard_normal((3, 8))
    m = _RNG.standard_normal((2, 3, 3)).astype(np.float32)
    spd = m @ m.transpose(0, 2, 1) + 3 * np.eye(3, dtype=np.float32)
    b = _RNG.standard_normal((2, 3, 2)).astype(np.float32)
    fft, low, solved = _both(text, x, spd, b)
    # And the results mean what the ops say (numpy as the oracle).
    np.testing.assert_allclose(fft, np.fft.rfft(x, axis=1), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(low @ low.transpose(0, 2, 1), spd, rtol=1e-5)
    np.testing.assert_allclose(low @ solved, b, rtol=1e-4, atol=1e-5)


def test_operands_in_layouts_the_compiled_code_chose():
    # A transposed and a strided slice reach the runtime as views of the compiled buffers.
    text = """func.func @main(%x: tensor<4x6xf32>) -> (tensor<6x4xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<0x4xcomplex<f32>>) {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %c = stablehlo.convert %t : (tensor<6x4xf32>) -> tensor<6x4xcomplex<f32>>
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<6x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
  %s = stablehlo.slice %c [1:6:2, 0:4:2] : (tensor<6x4xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %r = stablehlo.transpose %s, dims = [1, 0] : (tensor<3x2xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %1 = stablehlo.fft %r, type = IFFT, length = [3] : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %e = stablehlo.slice %c [0:0, 0:4] : (tensor<6x4xcomplex<f32>>) -> tensor<0x4xcomplex<f32>>
  %2 = stablehlo.fft %e, type = FFT, length = [4] : (tensor<0x4xcomplex<f32>>) -> tensor<0x4xcomplex<f32>>
  return %0, %1, %2 : tensor<6x4xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<0x4xcomplex<f32>>
}"""
    x = _RNG.standard_normal((4, 6)).astype(np.float32)
    got = _both(text, x)
    np.testing.assert_allclose(got[0], np.fft.fft(x.T.astype(np.complex64), axis=1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("element, constant, values, other", [
    ("i1", "[true, false, true]", np.array([True, False, True]), np.array([True, True, True])),
    ("i4", "[-8, 7, -1]", np.array([-8, 7, -1], ml_dtypes.int4), np.array([-8, 7, 1], ml_dtypes.int4)),
    ("ui16", "[0, 65535, 7]", np.array([0, 65535, 7], np.uint16), np.array([0, 65534, 7], np.uint16)),
    ("bf16", "[1.5, -0.0, 0x7F80]", np.array([1.5, -0.0, np.inf], ml_dtypes.bfloat16),
     np.array([1.5, 0.0, np.inf], ml_dtypes.bfloat16)),
    ("complex<f32>", "[(1.0, -2.0), (0.0, 0.5), (3.0, 0.0)]", np.array([1 - 2j, 0.5j, 3], np.complex64),
     np.array([1 - 2j, 0.5j, 3j], np.complex64)),
])
def test_element_types_reach_the_runtime_as_the_interpreter_holds_them(element, constant, values, other):
    # check.expect_eq runs in the runtime on the compiled code's buffer of the argument (i1 and
    # i4 stored one per byte): equal to the constant exactly when the values arrived intact.
    text = f"""func.func @main(%x: tensor<3x{element}>) -> tensor<3x{element}> {{
  %c = stablehlo.constant dense<{constant}> : tensor<3x{element}>
  stablehlo.custom_call @check.expect_eq(%x, %c) {{has_side_effect = true}} : (tensor<3x{element}>, tensor<3x{element}>) -> ()
  return %x : tensor<3x{element}>
}}"""
    run = stablehlo_py.compile(text, backend="compiled")
    assert_same(run(values), [values])
    with pytest.raises(InterpreterError, match="expect_eq"):
        run(other)


def test_operands_that_are_strided_views():
    # A slice is a view of its operand's buffer (a subview: an offset and strides), handed to
    # the runtime as it is.
    text = """func.func @main(%x: tensor<5x6xcomplex<f32>>) -> (tensor<2x4xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  %s = stablehlo.slice %x [1:4:2, 1:5] : (tensor<5x6xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %0 = stablehlo.fft %s, type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %c = stablehlo.slice %x [2:5, 3:4] : (tensor<5x6xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  %r = stablehlo.reshape %c : (tensor<3x1xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %1 = stablehlo.fft %r, type = IFFT, length = [3] : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0, %1 : tensor<2x4xcomplex<f32>>, tensor<3xcomplex<f32>>
}"""
    x = (_RNG.standard_normal((5, 6)) + 1j * _RNG.standard_normal((5, 6))).astype(np.complex64)
    got = _both(text, x)
    np.testing.assert_allclose(got[0], np.fft.fft(x[1:4:2, 1:5], axis=1), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[1], np.fft.ifft(x[2:5, 3]), rtol=1e-5, atol=1e-5)


def test_a_form_no_pattern_takes_calls_the_runtime():
    # The scalar table leaves complex sign (numpy's own SIMD hypot): it calls the runtime.
    text = """func.func @main(%x: tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>> {
  %0 = stablehlo.sign %x : tensor<5xcomplex<f64>>
  return %0 : tensor<5xcomplex<f64>>
}"""
    with pytest.raises(LoweringError, match="failed to legalize operation 'stablehlo.sign'"):
        lower(text, to_llvm=False)
    values = _RNG.standard_normal(5) + 1j * _RNG.standard_normal(5)
    got = _both(text, values)
    np.testing.assert_allclose(got[0], values / np.abs(values), rtol=1e-14)


def test_custom_calls_run_in_the_runtime_and_their_errors_surface():
    text = """func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %x, %y : tensor<3xf32>
  stablehlo.custom_call @check.expect_almost_eq(%0, %y) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %0 : tensor<3xf32>
}"""
    run = stablehlo_py.compile(text, backend="compiled")
    zeros, ones = np.zeros(3, np.float32), np.ones(3, np.float32)
    assert_same(run(zeros, ones), [ones])
    with pytest.raises(InterpreterError, match="expect_almost_eq"):
        run(ones, ones)
    assert_same(run(zeros, ones), [ones])  # the error does not stick


def test_a_runtime_call_in_a_loop():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c5 = stablehlo.constant dense<5> : tensor<i32>
  %z = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %r:2 = stablehlo.while(%i = %c0, %v = %z) : tensor<i32>, tensor<4xcomplex<f32>>
    cond {
      %p = stablehlo.compare LT, %i, %c5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %n = stablehlo.add %i, %c1 : tensor<i32>
      %f = stablehlo.fft %v, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
      stablehlo.return %n, %f : tensor<i32>, tensor<4xcomplex<f32>>
    }
  return %r#1 : tensor<4xcomplex<f32>>
}"""
    _both(text, np.array([1.0, -2.0, 0.5, 3.0], np.float32))


def test_an_op_the_interpreter_cannot_run_is_a_lowering_error():
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @no_such_target(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}"""
    with pytest.raises(LoweringError, match="the runtime cannot run an op: .*no_such_target"):
        stablehlo_py.compile(text, backend="compiled")


def test_lower_leaves_library_ops_to_the_caller():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<3xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}"""
    with pytest.raises(LoweringError, match="failed to legalize operation 'stablehlo.fft'"):
        lower(text, to_llvm=False)


_COLLECTIVES = """module {attributes}{{
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<ui32>, tensor<ui32>, tensor<2x3xf32>) {{
  %0 = "stablehlo.all_reduce"(%x) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }}) {{replica_groups = dense<[[0]]> : tensor<1x1xi64>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.all_gather"(%x) {{all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.replica_id : tensor<ui32>
  %3 = stablehlo.partition_id : tensor<ui32>
  %4 = "stablehlo.collective_permute"(%x) {{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<ui32>, tensor<ui32>, tensor<2x3xf32>
}}
}}"""


def test_collectives_run_in_the_runtime_on_one_process():
    x = _RNG.standard_normal((2, 3)).astype(np.float32)
    got = _both(_COLLECTIVES.format(attributes=""), x)
    assert_same(got, [x, x, np.array(0, np.uint32), np.array(0, np.uint32), x])


_GRID = """module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<6xf32>, tensor<ui32>, tensor<ui32>, tensor<3xf32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<6xf32>
  %2 = stablehlo.replica_id : tensor<ui32>
  %3 = stablehlo.partition_id : tensor<ui32>
  %4 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<6xf32>, tensor<ui32>, tensor<ui32>, tensor<3xf32>
}
}"""


def test_a_larger_grid_runs_each_process_as_native_code():
    """Each process of a 2x2 grid is a thread calling the native code; its collectives are runtime
    calls meeting the other processes' (cross-replica: the groups are replicas of one partition)."""
    from stablehlo_py.interpreter import run_on_grid

    xs = [_RNG.standard_normal(3).astype(np.float32) for _ in range(4)]  # process i = replica i // 2, partition i % 2
    for backend in ("compiled", "auto"):
        run = stablehlo_py.compile(_GRID, backend=backend)
        assert isinstance(run, CompiledProgram) and (run.num_replicas, run.num_partitions) == (2, 2)
        got = run_on_grid(run, [xs])
        for i, results in enumerate(got):
            r, p = divmod(i, 2)
            mine, other = xs[i], xs[2 * (1 - r) + p]
            first, second = (mine, other) if r == 0 else (other, mine)
            assert_same(results, [first + second, np.concatenate([first, second]), np.array(r, np.uint32),
                                  np.array(p, np.uint32), other])


def _batch_norm_inference_formula(x, scale, offset, mean, variance, axis, epsilon):
    """The spec's batch_norm_inference in numpy: narrow floats computed in f32 (f64 stays f64),
    each step rounded as the spec's element-wise decomposition rounds it."""
    compute = x.dtype if x.dtype in (np.float32, np.float64) else np.dtype(np.float32)
    shape = [1] * x.ndim
    shape[axis] = -1

    def per_feature(v):
        return v.astype(compute).reshape(shape)

    stddev = np.sqrt(variance.astype(compute) + compute.type(epsilon)).reshape(shape)
    out = per_feature(scale) * ((x.astype(compute) - per_feature(mean)) / stddev) + per_feature(offset)
    return out.astype(x.dtype)


@pytest.mark.parametrize("element", ["f32", "f64", "bf16", "f16"])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_batch_norm_inference_is_element_wise_code(element, axis):
    """batch_norm_inference lowers to its element-wise decomposition (no runtime call), the
    interpreter's bits, with special values: NaN, infinities, zero and negative variance."""
    dtype = {"f32": np.float32, "f64": np.float64, "bf16": ml_dtypes.bfloat16, "f16": np.float16}[element]
    shape = (3, 4, 5)
    features = shape[axis]
    vector = f"tensor<{features}x{element}>"
    tensor = f"tensor<3x4x5x{element}>"
    text = f"""func.func @main(%x: {tensor}, %s: {vector}, %o: {vector}, %m: {vector}, %v: {vector}) -> {tensor} {{
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {{epsilon = 1.0e-3 : f32, feature_index = {axis} : i64}} : ({tensor}, {vector}, {vector}, {vector}, {vector}) -> {tensor}
  return %0 : {tensor}
}}"""
    rng = np.random.default_rng(axis)
    x = rng.standard_normal(shape).astype(dtype)
    x.reshape(-1)[:4] = [np.nan, np.inf, -np.inf, -0.0]
    scale, offset, mean = (rng.standard_normal(features).astype(dtype) for _ in range(3))
    variance = np.abs(rng.standard_normal(features)).astype(dtype)
    variance[0], variance[-1] = 0.0, -1.0  # epsilon alone; a negative sum: NaN
    run = stablehlo_py.compile(text, backend="compiled")
    assert isinstance(run, CompiledProgram) and not run._runtime.functions
    got = run(x, scale, offset, mean, variance)
    assert_same(got, stablehlo_py.interpret(text, x, scale, offset, mean, variance))
    assert_same(got, [_batch_norm_inference_formula(x, scale, offset, mean, variance, axis, np.float32(1e-3))])
