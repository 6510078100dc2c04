"""How two elements combine, shared by the element-wise ops and the region ops whose bodies
are one of them: maximum/minimum with NaN propagation and -0.0 below +0.0 (XLA's), the
lexicographic complex order, IEEE totalOrder keys, and the numpy ufunc of a body op.
"""

from __future__ import annotations

import numpy as np

from ..core.types import bits_view, int_dtype


def float_max(a, b):
    """np.maximum (NaN-propagating), with -0.0 ordered below +0.0."""
    r = np.asarray(np.maximum(a, b))
    zeros = (a == 0) & (b == 0)
    if zeros.any():  # max(+-0, +-0) is -0.0 only if both are; a + b gives exactly that
        np.add(a, b, out=r, where=zeros)
    return r


def float_min(a, b):
    """np.minimum (NaN-propagating), with -0.0 ordered below +0.0."""
    r = np.asarray(np.minimum(a, b))
    zeros = (a == 0) & (b == 0)
    if zeros.any():  # min(+-0, +-0) is +0.0 only if both are: -((-a) + (-b))
        np.negative(np.add(np.negative(a), np.negative(b)), out=r, where=zeros)
    return r


def complex_max(a, b):
    a_wins = (a.real > b.real) | (a.real == b.real) & (a.imag >= b.imag)
    return np.where(a_wins, a, b)


def complex_min(a, b):
    a_wins = (a.real < b.real) | (a.real == b.real) & (a.imag <= b.imag)
    return np.where(a_wins, a, b)


def total_order_key(x):
    """Integers ordered like IEEE totalOrder of the floats `x` (-NaN < -inf < ... < -0 < +0 < ... < +NaN)."""
    if x.dtype.itemsize < 4:
        x = x.astype(np.float32)  # exact: narrower floats embed in f32 with their order
    bits = bits_view(x)
    signed = bits.view(int_dtype(bits.dtype))
    magnitude = np.iinfo(signed.dtype).max
    # negative values flip their magnitude bits: a sign mask (shift) instead of np.where, whose
    # branches mispredict on mixed signs (10x slower); in place, one new buffer
    key = signed >> (8 * signed.itemsize - 1)
    key &= magnitude
    key ^= signed
    return key


# The numpy ufunc computing a body that is one op on its two arguments, per element category.
# Booleans: add/maximum are OR, multiply/minimum are AND. Float maximum/minimum are missing:
# numpy's do not order -0.0 below +0.0 (float_max, float_min do).
_BODY_UFUNCS = {
    "bool": {"stablehlo.add": np.logical_or, "stablehlo.or": np.logical_or, "stablehlo.maximum": np.logical_or,
             "stablehlo.multiply": np.logical_and, "stablehlo.and": np.logical_and,
             "stablehlo.minimum": np.logical_and, "stablehlo.xor": np.logical_xor},
    "int": {"stablehlo.add": np.add, "stablehlo.multiply": np.multiply, "stablehlo.maximum": np.maximum,
            "stablehlo.minimum": np.minimum, "stablehlo.and": np.bitwise_and, "stablehlo.or": np.bitwise_or,
            "stablehlo.xor": np.bitwise_xor},
    "float": {"stablehlo.add": np.add, "stablehlo.multiply": np.multiply},
    "complex": {"stablehlo.add": np.add, "stablehlo.multiply": np.multiply},
}


def body_ufunc(name: str, info):
    """The ufunc of body op `name` on elements of type `info` (an ElementInfo), or None."""
    return _BODY_UFUNCS["int" if info.is_int else info.category].get(name)
