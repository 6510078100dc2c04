"""batch_norm_inference, batch_norm_training and batch_norm_grad against XLA
on CPU (JAX never emits them, so XLA compiles the StableHLO text) and against
the spec's decompositions written in numpy float64.  Our kernels follow the
spec's formulas; XLA's expander rearranges them (rsqrt, E[x^2] - E[x]^2), so
the comparison with XLA allows a few ULPs of the element type."""
import ml_dtypes
import numpy as np
import pytest

from conftest import assert_close, assert_within_scale, xla_run_text
from stablehlo_py import interpret
from testing.batch_norm import inputs, program, spec_decomposition

pytestmark = pytest.mark.xla

FLOATS = [(np.float32, "f32"), (np.float64, "f64"), (np.float16, "f16"), (ml_dtypes.bfloat16, "bf16")]
# Bounds in epsilons of the element type times each result's largest magnitude (assert_within_scale),
# from the largest errors measured on 2026-11-24: 4.6 against XLA (f32; f16 3.4, f64 1.5, bf16 exact)
# and 2.6 against the spec's formulas computed in f64 and rounded once (f32; f64 1.9, f16 and bf16
# exact), with room for another host's rsqrt and sums.
XLA_EPS = 16
SPEC_EPS = 8


@pytest.mark.parametrize("dtype,element", FLOATS, ids=[f[1] for f in FLOATS])
@pytest.mark.parametrize("shape,feature_index", [((4, 3, 5), 1), ((6, 2), 0), ((2, 3, 4, 5), 3), ((7,), 0)])
def test_batch_norm_matches_xla_and_the_spec(dtype, element, shape, feature_index):
    rng = np.random.default_rng(sum(shape) + feature_index)
    args = inputs(rng, shape, feature_index, dtype)
    text = program(shape, element, feature_index)
    got = interpret(text, *args)
    assert_within_scale(got, xla_run_text(text, *args), XLA_EPS, f"batch_norm {element} vs XLA")
    want = spec_decomposition(*args, feature_index, float(np.float32(1e-3)))  # epsilon is an f32 attribute
    assert_within_scale(got, [w.astype(dtype) for w in want], SPEC_EPS, f"batch_norm {element} vs the spec")


def test_batch_norm_propagates_nan_and_inf_like_xla():
    shape, fi = (3, 2), 1
    x = np.array([[1.0, np.nan], [np.inf, 2.0], [3.0, 4.0]], np.float32)
    ones, zeros = np.ones(2, np.float32), np.zeros(2, np.float32)
    text = program(shape, "f32", fi, epsilon=0.0)
    args = (x, ones, zeros, zeros, ones, np.ones(shape, np.float32))
    assert_close(interpret(text, *args), xla_run_text(text, *args), rtol=1e-6, context="non-finite batch_norm")
