"""batch_norm_inference / training / grad on f64 at double precision.

Computing f64 batch norm in f32 passed the corpus (absolute tolerance 1e-3).
The oracle is the spec's decomposition in numpy float64
(testing/batch_norm.py), whose rounding differs from the kernel's only
by a few ULP; the bound is 1e-13 of the largest magnitude of each result (the
grad formula subtracts nearly equal sums, so elementwise relative error is not
meaningful), while f32 arithmetic is off by about 1e-7 of it.
"""

from __future__ import annotations

import numpy as np
import pytest

from stablehlo_py import interpret
from testing.batch_norm import inputs, program, spec_decomposition

pytestmark = pytest.mark.mutant_killer

NAMES = ["inference", "training", "batch_mean", "batch_var", "grad_operand", "grad_scale", "grad_offset"]


@pytest.mark.parametrize("shape,feature_index", [((4, 3, 5), 1), ((6, 4), 0), ((2, 3, 2, 7), 3)])
def test_f64_batch_norm_at_double_precision(shape, feature_index):
    epsilon = 0.001  # exactly an f32 attribute's value, widened
    args = inputs(np.random.default_rng(sum(shape)), shape, feature_index, np.float64)
    got = interpret(program(shape, "f64", feature_index, epsilon), *args)
    expected = spec_decomposition(*args, feature_index, float(np.float32(epsilon)))
    for name, g, e in zip(NAMES, got, expected):
        assert g.dtype == np.float64, name
        err, scale = np.max(np.abs(g - e)), np.max(np.abs(e))
        assert err <= 1e-13 * scale, f"{name}: max error {err:.3g}, scale {scale:.3g}"
