"""reduce_precision against XLA on CPU: rounding, overflow, underflow, NaN."""
import ml_dtypes
import numpy as np
import pytest
from jax import lax

from conftest import export, xla
from stablehlo_py import interpret

pytestmark = pytest.mark.xla

FORMATS = [(5, 10), (8, 7), (8, 0), (2, 0), (1, 0), (3, 1), (4, 3), (11, 52), (8, 23)]
DTYPES = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64]
# XLA takes formats no wider than the operand's type.
CASES = [(dtype, e, m) for dtype in DTYPES for e, m in FORMATS
         if e <= ml_dtypes.finfo(dtype).nexp and m <= ml_dtypes.finfo(dtype).nmant]


def edge_and_random(dtype, seed):
    finfo = ml_dtypes.finfo(dtype)
    edges = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 1.5, 2.5, 3.0, 7.0, 65504.0, 1e-8,
             float(finfo.max), float(finfo.tiny), float(finfo.smallest_subnormal)]
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(64) * np.exp2(rng.integers(-30, 30, 64))
    with np.errstate(over="ignore"):  # out-of-range values become ±inf, also worth testing
        return np.concatenate([np.array(edges), values]).astype(dtype)


@pytest.mark.parametrize("dtype,exponent_bits,mantissa_bits", CASES,
                         ids=[f"{np.dtype(d).name}-e{e}m{m}" for d, e, m in CASES])
def test_reduce_precision_matches_xla(dtype, exponent_bits, mantissa_bits):
    x = edge_and_random(dtype, seed=exponent_bits * 100 + mantissa_bits)

    def f(v):
        return lax.reduce_precision(v, exponent_bits, mantissa_bits)

    (got,) = interpret(export(f, x), x)
    (want,) = xla(f, x, subnormal_inputs=True)  # reduce_precision works on the bits: XLA keeps subnormals
    # Bit-exact, except that any NaN matches any NaN.
    nan = np.isnan(want.astype(np.float64))
    assert np.array_equal(np.isnan(got.astype(np.float64)), nan)
    bits = np.dtype(f"u{np.dtype(dtype).itemsize}")
    np.testing.assert_array_equal(got[~nan].view(bits), want[~nan].view(bits))
