"""Ops that JAX does not emit as such (legacy ops, ops it decomposes), and
ops whose JAX spelling differs: the same StableHLO text runs in the
interpreter and in XLA on CPU."""
import ml_dtypes
import mpmath
import numpy as np
import pytest
from jax import lax

from conftest import assert_close, assert_same, assert_ulp, mp_exact, run_both, xla_run_text
from stablehlo_py import interpret

pytestmark = pytest.mark.xla


def both(text, *args):
    return interpret(text, *args), xla_run_text(text, *args)


def unary_program(op: str, type_text: str) -> str:
    return (f"func.func public @main(%x: {type_text}) -> {type_text} {{\n"
            f"  %0 = stablehlo.{op} %x : {type_text}\n  return %0 : {type_text}\n}}")


EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -7.25, 100.0, np.inf, -np.inf, np.nan]


# op -> (mpmath function, ULPs allowed on f32/f64). Measured here at most 2 (logistic, f64 cbrt)
# and 1 (tan, f32 cbrt); numpy's SVML paths on AVX-512 hosts are tested by numpy to 4 ULP, and
# logistic = 1/(1+exp(-x)) rounds twice more. f16/bf16 compute in f32 and round once: 1 ULP.
EXACT = {"logistic": (lambda x: 1 / (1 + mpmath.exp(-x)), 5), "tan": (mpmath.tan, 4),
         "cbrt": (lambda x: mpmath.sign(x) * mpmath.cbrt(abs(x)), 4)}


@pytest.mark.parametrize("dtype,type_text", [
    (np.float32, "f32"), (np.float64, "f64"), (np.float16, "f16"), (ml_dtypes.bfloat16, "bf16")],
    ids=["f32", "f64", "f16", "bf16"])
@pytest.mark.parametrize("op", ["logistic", "tan", "cbrt"])
def test_transcendental_text(op, dtype, type_text):
    """Against the correctly rounded result (mpmath): XLA's approximations vary with the host's
    vector ISA. XLA is the oracle only for the edge values whose results are exact."""
    exact, ulps = EXACT[op]
    rng = np.random.default_rng(7)
    x = np.concatenate([EDGES[:8], rng.uniform(-3, 3, 40), rng.uniform(-30, 30, 60)]).astype(dtype)
    (got,) = interpret(unary_program(op, f"tensor<{x.size}x{type_text}>"), x)
    narrow = np.dtype(dtype).itemsize == 2
    assert_ulp([got], [mp_exact(exact, x)], 1 if narrow else ulps, op)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan], dtype)
    got, want = both(unary_program(op, f"tensor<5x{type_text}>"), specials)
    assert_same(got, want, f"{op} of 0, inf, NaN")


@pytest.mark.parametrize("dtype,type_text", [(np.float32, "f32"), (np.int32, "i32"), (np.float64, "f64")])
@pytest.mark.parametrize("lhs_shape,rhs_shape", [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4))])
def test_legacy_dot_matches_xla(lhs_shape, rhs_shape, dtype, type_text):
    rng = np.random.default_rng(3)
    a = (rng.standard_normal(lhs_shape) * 10).astype(dtype)
    b = (rng.standard_normal(rhs_shape) * 10).astype(dtype)
    out_shape = lhs_shape[:-1] + rhs_shape[1:]

    def t(shape):
        return f"tensor<{'x'.join(map(str, shape)) + 'x' if shape else ''}{type_text}>"

    text = (f"func.func public @main(%a: {t(lhs_shape)}, %b: {t(rhs_shape)}) -> {t(out_shape)} {{\n"
            f"  %0 = stablehlo.dot %a, %b : ({t(lhs_shape)}, {t(rhs_shape)}) -> {t(out_shape)}\n"
            f"  return %0 : {t(out_shape)}\n}}")
    got, want = both(text, a, b)
    assert_close(got, want, rtol=1e-5, atol=1e-4, context="dot")


def test_if_matches_xla():
    text = """func.func public @main(%p: tensor<i1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.add %x, %x : tensor<3xf32>
    stablehlo.return %1 : tensor<3xf32>
  }, {
    %2 = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %2 : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}"""
    x = np.array([1.5, -2.0, 0.0], np.float32)
    for pred in (True, False):
        got, want = both(text, np.array(pred), x)
        assert_close(got, want, rtol=0, context=f"if {pred}")


@pytest.mark.parametrize("src,dst", [
    (np.float32, np.int32), (np.int32, np.float32), (np.float32, np.uint8), (np.uint8, np.float32),
    (np.float64, np.uint16), (np.int16, np.float16), (np.float16, ml_dtypes.bfloat16)],
    ids=lambda d: np.dtype(d).name)
def test_bitcast_convert_matches_xla(src, dst):
    rng = np.random.default_rng(5)
    x = rng.integers(0, 255, size=64, dtype=np.uint8).view(src)
    ratio = np.dtype(dst).itemsize // np.dtype(src).itemsize
    if ratio > 1:  # narrow to wide: the last dimension holds one wide element (C1)
        x = x.reshape(-1, ratio)
    got, want = run_both(lambda v: lax.bitcast_convert_type(v, dst), x)
    assert got[0].dtype == want[0].dtype and got[0].shape == want[0].shape
    np.testing.assert_array_equal(got[0].view(np.uint8), want[0].view(np.uint8))
