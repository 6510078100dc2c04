"""f32 log_plus_one and exponential_minus_one are the project's own (numerics/log1p_expm1.py),
against an independent oracle, numpy's f64 function of the (exact) f64 input. expm1 computes in
f64 and rounds once: within about 2^-52 of the exact value, it differs from the f64 function
rounded once only where that lies so close to the midpoint of two f32 values (measured over all
2^32 inputs: docs/decisions.md); each such input here must be one, and 1 ULP apart. log1p
computes in f32 operations: within 0.72 ULP of the exact value (the f64 function's 2^-52 is far
below that), its largest error over all 2^32 inputs. Special values as the spec and C's Annex F
say. What every f32 function of ours shares (NaNs, scalars, narrow floats): test_f32_functions."""

from __future__ import annotations

import numpy as np
from testing.ulps import f32_error_in_ulps

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.numerics.log1p_expm1 import exponential_minus_one_f32, log_plus_one_f32

OPS = {"log_plus_one": (np.log1p, log_plus_one_f32), "exponential_minus_one": (np.expm1, exponential_minus_one_f32)}

EDGES = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -0.5, 0.5, np.inf, -np.inf, np.nan, -np.nan, 1e-45, -1e-45, 1.1754942e-38,
                  -1.1754944e-38, 2.0 ** -29, -(2.0 ** -29), 2.0 ** -30, 3.4028235e38, -3.4028235e38, -0.99999994,
                  -1.0000001, 0.70710677, -0.29289323, 0.41421357, 88.72283, 88.72284, 89.0, -17.32868, -40.0,
                  -104.0, 0.34657359, -0.34657359, 1e-8, -1e-8, 3.0e-4], np.float32)


def _program(op: str, element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.{op} %x : {t}\n  return %0 : {t}\n}}"


def _inputs(n: int = 1 << 20) -> np.ndarray:
    bits = np.random.default_rng(36).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    return np.concatenate([EDGES, bits.view(np.float32)])


def _near_midpoint(y64: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether f64 `y64` lies within 2^-48 (relative) of the midpoint of f32 neighbours a, b."""
    middle = (a.astype(np.float64) + b.astype(np.float64)) / 2
    return np.abs(y64 - middle) <= np.abs(y64) * 2.0 ** -48


def _binade_bits(low: float, high: float, step: int = 1) -> np.ndarray:
    """Every `step`-th f32 from `low` to `high` (same sign) by its bits."""
    a, b = sorted(np.array([abs(low), abs(high)], np.float32).view(np.uint32))
    x = np.arange(a, b, step, dtype=np.uint32).view(np.float32)
    return -x if low < 0 else x


def test_log1p_within_its_bound_of_the_exact_value():
    """Random bit patterns, and every input where the reduction's cases meet: k = 0 against
    k = +-1 (x near sqrt(2) - 1 and 1 - sqrt(1/2)), the inputs whose 4 (m - 1) needs a bit more
    (1 <= k, x < 1/2), the largest f = m - 1 (where f^2/2 weighs most), and 2^k sqrt(1/2) - 1
    further up; the largest error over all 2^32 inputs, 0.7189 ULP, is at x = 0.39254439."""
    hard = [_binade_bits(0.38, 0.52), _binade_bits(-0.31, -0.27), _binade_bits(-0.66, -0.63, 3),
            _binade_bits(1.8, 1.85, 3), _binade_bits(0.25, 2.0, 97), _binade_bits(-1.0, -0.25, 89)]
    for k in range(2, 127, 5):
        near = np.float32(2.0 ** k * 0.70710677 - 1).view(np.int32) + np.arange(-200, 200, dtype=np.int32)
        hard.append(near.view(np.float32))
    x = np.concatenate([_inputs()] + hard)
    (got,) = interpret(_program("log_plus_one", "f32", len(x)), x)
    finite = np.isfinite(x) & (x > -1)
    exact = np.log1p(x[finite].astype(np.float64))
    ulps = f32_error_in_ulps(got[finite], exact)
    assert ulps.max() <= 0.7189, (ulps.max(), x[finite][np.argmax(ulps)])
    # nearly always correctly rounded: 2,194,409 of all 2^32 inputs are not (0.07% of those in
    # (-1, inf)), 0.065% of these random ones; most of them where |log1p x| < 1
    random = finite[:len(_inputs())]
    wrong = np.count_nonzero(got[:len(random)][random] != exact[:np.count_nonzero(random)].astype(np.float32))
    assert wrong <= 0.001 * np.count_nonzero(random), wrong
    (at,) = interpret(_program("log_plus_one", "f32", 1), np.array([0.39254439], np.float32))
    assert 0.7188 <= f32_error_in_ulps(at, np.log1p(np.array([0.39254439], np.float32).astype(np.float64)))[0] <= 0.7189


def test_expm1_against_the_f64_function_rounded_once():
    op = "exponential_minus_one"
    reference, _ = OPS[op]
    x = _inputs()
    (got,) = interpret(_program(op, "f32", len(x)), x)
    with np.errstate(all="ignore"):
        y64 = reference(x.astype(np.float64))
        want = y64.astype(np.float32)
    same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
    differ = np.flatnonzero(~same)
    assert len(differ) <= 4, f"{op}: {len(differ)} inputs differ, e.g. {x[differ[:5]]}"
    for i in differ:
        assert abs(int(got[i].view(np.int32)) - int(want[i].view(np.int32))) == 1, (op, x[i], got[i], want[i])
        assert _near_midpoint(y64[i:i + 1], got[i:i + 1], want[i:i + 1])[0], (op, x[i], got[i], want[i])


def test_special_values():
    x = np.array([0.0, -0.0, np.inf, -np.inf, -1.0, -2.0, -np.inf, 1e-45, -1e-45], np.float32)
    with np.errstate(all="ignore"):
        log1p = log_plus_one_f32(x)
        expm1 = exponential_minus_one_f32(np.array([0.0, -0.0, np.inf, -np.inf, 89.0, 88.73, -200.0, 1e-45],
                                                   np.float32))
    assert log1p.view(np.uint32).tolist()[:2] == [0, 0x80000000]  # +-0 kept
    assert log1p[2] == np.inf and np.isnan(log1p[3]) and log1p[4] == -np.inf and np.isnan(log1p[5:7]).all()
    assert log1p[7] == np.float32(1e-45) and log1p[8] == np.float32(-1e-45)
    assert expm1.view(np.uint32).tolist()[:2] == [0, 0x80000000]
    assert expm1.tolist()[2:] == [np.inf, -1.0, np.inf, np.inf, -1.0, np.float32(1e-45)]
