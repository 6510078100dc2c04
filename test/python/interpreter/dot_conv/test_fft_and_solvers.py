"""fft (as jnp.fft exports it), cholesky and triangular_solve (StableHLO text,
which XLA compiles itself: JAX on CPU exports LAPACK custom calls instead)
against XLA on CPU and numpy formulas, across element types and batch shapes."""
import ml_dtypes
import numpy as np
import pytest
import jax.numpy as jnp

from conftest import assert_within_scale, run_both, xla_run_text
from stablehlo_py import interpret

# Bounds in epsilons of the element type times the largest result (assert_within_scale), from the
# errors measured against XLA on CPU (2026-11-24; the largest per op family in brackets), with room
# for another host's FFT and LAPACK kernels: fft and its inverses (1.5), cholesky (0.9; its
# reconstruction of the input 0.8), triangular_solve (2.2; its residual, against the right-hand
# side's scale, 4.6).
FFT_EPS = 8
CHOLESKY_EPS = 4
TRIANGULAR_SOLVE_EPS = 8
RESIDUAL_EPS = 16


def close(got, want, dtype, context):
    # FFT sums many terms: the error scales with the largest result, not with each element
    assert_within_scale(got, want, FFT_EPS, context)


def random_complex(rng, shape, dtype):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("fn,axes", [(jnp.fft.fft, None), (jnp.fft.ifft, None), (jnp.fft.fft2, None),
                                     (jnp.fft.ifftn, (0, 1, 2)), (jnp.fft.fftn, (1, 2))])
def test_complex_fft_matches_xla(fn, axes, dtype):
    x = random_complex(np.random.default_rng(0), (3, 4, 8), dtype)
    f = (lambda v: fn(v, axes=axes)) if axes else fn
    got, want = run_both(f, x)
    close(got, want, dtype, f"{fn.__name__} {dtype.__name__}")


@pytest.mark.xla
@pytest.mark.parametrize("dtype,cdtype", [(np.float32, np.complex64), (np.float64, np.complex128)])
@pytest.mark.parametrize("fn,inverse", [(jnp.fft.rfft, jnp.fft.irfft), (jnp.fft.rfft2, jnp.fft.irfft2),
                                        (jnp.fft.rfftn, jnp.fft.irfftn)])
@pytest.mark.parametrize("shape", [(2, 6, 8), (3, 5, 7)])
def test_real_fft_and_its_inverse_match_xla(fn, inverse, shape, dtype, cdtype):
    x = np.random.default_rng(1).standard_normal(shape).astype(dtype)
    got, want = run_both(fn, x)
    close(got, want, cdtype, f"{fn.__name__} {dtype.__name__} {shape}")
    spectrum = want[0]
    # each inverse restores the transformed trailing dimensions of `shape`
    lengths = {jnp.fft.irfft: {"n": shape[-1]}, jnp.fft.irfft2: {"s": shape[-2:]}, jnp.fft.irfftn: {"s": shape}}
    got, want = run_both(lambda s: inverse(s, **lengths[inverse]), spectrum)
    close(got, want, dtype, f"{inverse.__name__} {dtype.__name__} {shape}")
    assert_within_scale([got[0]], [x], 2 * FFT_EPS, f"{inverse.__name__} restores the input")


def spd(rng, batch, n, dtype):
    """Random Hermitian positive-definite matrices."""
    kind = np.dtype(dtype).kind
    m = rng.standard_normal(batch + (n, n)) + (1j * rng.standard_normal(batch + (n, n)) if kind == "c" else 0)
    return (m @ np.conj(np.swapaxes(m, -1, -2)) + n * np.eye(n)).astype(dtype)


def ttype(shape, element):
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


ELEMENTS = [(np.float32, "f32"), (np.float64, "f64"), (np.complex64, "complex<f32>"), (np.complex128, "complex<f64>"),
            (ml_dtypes.bfloat16, "bf16"), (np.float16, "f16")]


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", ELEMENTS, ids=[e[1] for e in ELEMENTS])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("batch", [(), (3,), (2, 2)])
def test_cholesky_matches_xla_and_factors_its_input(dtype, element, lower, batch):
    n = 4
    a = spd(np.random.default_rng(2), batch, n, dtype)
    t = ttype(batch + (n, n), element)
    text = f"""func.func public @main(%a: {t}) -> {t} {{
      %0 = stablehlo.cholesky %a, lower = {str(lower).lower()} : {t}
      return %0 : {t}
    }}"""
    got, want = interpret(text, a), xla_run_text(text, a)
    tri = np.tril if lower else np.triu  # the other triangle is implementation-defined
    assert_within_scale([tri(got[0])], [tri(want[0])], CHOLESKY_EPS, f"cholesky {element}")
    factor = tri(got[0]).astype(np.complex128)
    product = factor @ np.conj(np.swapaxes(factor, -1, -2)) if lower else np.conj(np.swapaxes(factor, -1, -2)) @ factor
    product = product if np.iscomplexobj(a) else product.real
    assert_within_scale([product.astype(a.dtype)], [a], CHOLESKY_EPS, f"cholesky {element} reconstructs its input")


@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex64, "complex<f32>")])
def test_cholesky_of_a_matrix_that_is_not_positive_definite_gives_nan_not_an_exception(dtype, element):
    """Only the failing matrix of the batch is NaN; the other keeps its factor (complex parts too)."""
    text = f"""func.func public @main(%a: tensor<2x2x2x{element}>) -> tensor<2x2x2x{element}> {{
      %0 = stablehlo.cholesky %a, lower = true : tensor<2x2x2x{element}>
      return %0 : tensor<2x2x2x{element}>
    }}"""
    off = 2 + 1j if np.dtype(dtype).kind == "c" else 2
    a = np.array([[[4, np.conj(off)], [off, 3]], [[-1, 0], [0, 1]]], dtype)
    got = interpret(text, a)[0]
    assert got.dtype == dtype
    np.testing.assert_allclose(np.tril(got[0]), np.linalg.cholesky(a[0]), rtol=1e-6)
    assert np.isnan(got[1]).any()


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", ELEMENTS[:4], ids=[e[1] for e in ELEMENTS[:4]])
@pytest.mark.parametrize("left_side", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose", ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])
@pytest.mark.parametrize("unit", [False, True])
def test_triangular_solve_matches_xla(dtype, element, left_side, lower, transpose, unit):
    rng = np.random.default_rng(3)
    n, k, batch = 4, 3, (2,)
    a = (rng.standard_normal(batch + (n, n)) + (1j * rng.standard_normal(batch + (n, n))
                                                  if np.dtype(dtype).kind == "c" else 0)).astype(dtype)
    a = a + (3 * np.eye(n)).astype(dtype)  # well conditioned
    b_shape = batch + ((n, k) if left_side else (k, n))
    b = rng.standard_normal(b_shape).astype(dtype)
    ta, tb = ttype(batch + (n, n), element), ttype(b_shape, element)
    text = f"""func.func public @main(%a: {ta}, %b: {tb}) -> {tb} {{
      %0 = "stablehlo.triangular_solve"(%a, %b) {{left_side = {str(left_side).lower()}, lower = {str(lower).lower()},
        unit_diagonal = {str(unit).lower()}, transpose_a = #stablehlo<transpose {transpose}>}} : ({ta}, {tb}) -> {tb}
      return %0 : {tb}
    }}"""
    got, want = interpret(text, a, b), xla_run_text(text, a, b)
    assert_within_scale(got, want, TRIANGULAR_SOLVE_EPS, f"triangular_solve {element}")
    # independently: op(T) x = b (or x op(T) = b) with T the chosen triangle of a
    t = np.tril(a) if lower else np.triu(a)
    if unit:
        t = t - np.eye(n) * np.diagonal(t, axis1=-2, axis2=-1)[..., None, :] + np.eye(n)
    op = {"NO_TRANSPOSE": t, "TRANSPOSE": np.swapaxes(t, -1, -2), "ADJOINT": np.conj(np.swapaxes(t, -1, -2))}[transpose]
    assert_within_scale([(op @ got[0] if left_side else got[0] @ op).astype(dtype)], [b], RESIDUAL_EPS,
                        f"triangular_solve {element}: residual")
