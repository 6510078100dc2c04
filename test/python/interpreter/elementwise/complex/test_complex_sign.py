"""sign of complex numbers: z / |z|, and z itself (signed zeros kept) when z = 0,
against exact values (3/5 and 4/5 to within one rounding).

No test of the elementwise family ran complex sign, so every mutant of it survived.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer


@pytest.mark.parametrize("t,dtype", [("complex<f32>", np.complex64), ("complex<f64>", np.complex128)])
def test_complex_sign(t, dtype):
    z = np.array([3 + 4j, -6 - 8j, 2j, -4 + 0j, complex(0.0, -0.0), complex(-0.0, 0.0)], dtype=dtype)
    text = f"""
    func.func @main(%z: tensor<6x{t}>) -> tensor<6x{t}> {{
      %0 = stablehlo.sign %z : tensor<6x{t}>
      return %0 : tensor<6x{t}>
    }}"""
    (got,) = interpret(text, z)
    exact = np.array([1j, -1 + 0j, complex(0.0, -0.0), complex(-0.0, 0.0)], dtype=dtype)
    assert_same([got[2:]], [exact], f"{t} exact cases")
    # z / |z| with |z| = 5 exactly: each part within one rounding of 3/5 or 4/5
    eps = np.finfo(got.real.dtype).eps
    np.testing.assert_allclose(got[:2].real, [0.6, -0.6], rtol=eps)
    np.testing.assert_allclose(got[:2].imag, [0.8, -0.8], rtol=eps)
