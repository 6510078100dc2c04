"""complex128 transcendentals at full double precision, real and imaginary parts
compared separately against mpmath at 50 digits.

A kernel that computes complex128 in complex64 precision passed every corpus
file and elementwise test (their tolerances were absolute 1e-3 or compared
magnitudes); here each part must be within 1e-13 of its own value.
"""

from __future__ import annotations

import itertools

import mpmath
import numpy as np
import pytest

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer

mpmath.mp.dps = 50

ORACLES = {
    "exponential": mpmath.exp,
    "exponential_minus_one": mpmath.expm1,
    "log": mpmath.log,
    "log_plus_one": lambda z: mpmath.log(1 + z),
    "sqrt": mpmath.sqrt,
    "rsqrt": lambda z: 1 / mpmath.sqrt(z),
    "cbrt": mpmath.cbrt,
    "sine": mpmath.sin,
    "cosine": mpmath.cos,
    "tan": mpmath.tan,
    "tanh": mpmath.tanh,
    "logistic": lambda z: 1 / (1 + mpmath.exp(-z)),
}

# Points away from the cancellations of these functions (|z| = 1 for log, |1 + z| = 1 for
# log1p, e^x cos y = 1 for expm1, poles of tan and logistic): there numpy's formulas
# lose relative accuracy in one part, which is a different question from this test's.
PARTS = [-1.7, -0.6, 0.35, 1.3, 2.2]
Z = np.array([complex(r, i) for r, i in itertools.product(PARTS, PARTS)], dtype=np.complex128)

RTOL = 1e-13


def reference(op: str, z: np.ndarray) -> np.ndarray:
    out = []
    for v in z:
        w = ORACLES[op](mpmath.mpc(float(v.real), float(v.imag)))
        out.append(complex(float(w.real), float(w.imag)))
    return np.array(out, dtype=np.complex128)


def assert_parts_close(got, expected, rtol, context):
    """Each part within rtol of itself (plus rtol/100 of |expected|, for parts that are nearly 0)."""
    floor = np.abs(expected) * rtol / 100
    for part in (np.real, np.imag):
        err = np.abs(part(got) - part(expected))
        bound = rtol * np.abs(part(expected)) + floor
        bad = np.flatnonzero(err > bound)
        assert bad.size == 0, (f"{context}: {part.__name__} part off at z={Z[bad[:3]]}: got {got[bad[:3]]}, "
                               f"expected {expected[bad[:3]]}")


@pytest.mark.parametrize("op", sorted(ORACLES))
def test_complex128_parts_at_double_precision(op):
    text = f"""
    func.func @main(%z: tensor<{Z.size}xcomplex<f64>>) -> tensor<{Z.size}xcomplex<f64>> {{
      %0 = stablehlo.{op} %z : tensor<{Z.size}xcomplex<f64>>
      return %0 : tensor<{Z.size}xcomplex<f64>>
    }}"""
    (got,) = interpret(text, Z)
    assert got.dtype == np.complex128
    assert_parts_close(got, reference(op, Z), RTOL, op)
