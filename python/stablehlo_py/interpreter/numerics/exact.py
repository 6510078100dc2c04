"""Error-free transformations of float64 arithmetic: a product or a sum returned as a rounded
value plus its exact rounding error, for kernels that must round a wider result only once."""

from __future__ import annotations

import numpy as np

_VELTKAMP = 2.0 ** 27 + 1  # splits a float64 significand into two halves of at most 26 bits


def split(a: np.ndarray) -> tuple:
    """(high, low) with high + low == a exactly, each with at most 26 significant bits."""
    t = _VELTKAMP * a
    high = t - (t - a)
    return high, a - high


def exact_product(a: np.ndarray, b: np.ndarray) -> tuple:
    """(product, error) with product == fl(a * b) and product + error == a * b exactly (Dekker),
    for finite products that neither overflow nor underflow."""
    product = a * b
    (a_high, a_low), (b_high, b_low) = split(a), split(b)
    error = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
    return product, error


def two_sum(a: np.ndarray, b: np.ndarray) -> tuple:
    """(s, e) with s == fl(a + b) and s + e == a + b exactly (Knuth)."""
    s = a + b
    b_part = s - a
    return s, (a - (s - b_part)) + (b - b_part)
