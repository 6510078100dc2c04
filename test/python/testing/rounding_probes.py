"""Probe values for rounding to a float type: where a cast that rounds twice, or wrongly, shows
(conformance/test_exact_oracles.py, interpreter/elementwise/conversions/test_convert.py)."""

from __future__ import annotations

import numpy as np


def probes(dtype, seed=0) -> np.ndarray:
    """f64 values where rounding to `dtype` is hard: its values, the midpoints between
    neighbours, their f64 neighbours, points that f32 rounds onto a midpoint, overflow and
    underflow thresholds, specials and random values of every magnitude."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    patterns = np.arange(2 ** min(8 * dtype.itemsize, 16), dtype=f"u{dtype.itemsize}")
    if dtype.itemsize == 2:  # a sample: subnormals, the top binade and random pairs
        patterns = np.unique(np.concatenate([patterns[:64], patterns[0x7b80:0x7c00], patterns[0x7f00:0x7f80],
                                             rng.choice(patterns, 600)]))
    with np.errstate(invalid="ignore"):
        v = patterns.view(dtype).astype(np.float64)
    v = np.unique(v[np.isfinite(v)])
    mid = (v[1:] + v[:-1]) / 2
    top = v[-1] + (v[-1] - v[-2]) / 2
    parts = [v, mid, np.nextafter(mid, np.inf), np.nextafter(mid, -np.inf), mid * (1 + 2.0**-40),
             mid * (1 - 2.0**-40), [top, np.nextafter(top, 0), np.nextafter(top, np.inf), 1e300, 1e-300,
                                    np.inf, np.nan, 0.0, 1e-40, 1e-45]]
    x = np.concatenate([np.asarray(p, np.float64) for p in parts])
    return np.concatenate([x, -x, rng.standard_normal(300) * 2.0 ** rng.integers(-140, 130, 300)])

