"""f32 exponential is the project's own (numerics/exponential.py: f32 operations only, the
compiled backend's bits): against an independent oracle, numpy's f64 exp of the (exact) f64
input, which is within 2^-52 of the exact value. Ours is within 0.69 ULP of it on every f32 input
with a normal result and within 1 ULP where the result is subnormal (the sum rounds to 24 bits,
then the scaling again; measured over all 2^32: docs/decisions.md), and rounds correctly on all
but a small share; special values, the overflow and underflow thresholds and subnormal results
as the exact function gives them; narrow floats compute in f32 and round once; the scalar forms
(0-d values) give the kernels' bits."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from testing.scalar_loops import loop_module, run_scalar_loop

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.numerics.exponential import exponential_f32

_MAX = float(np.finfo(np.float32).max)
# the largest x with a finite result and the smallest with a nonzero one, and their neighbours
LAST_FINITE, FIRST_ZERO = np.float32(88.72283), np.float32(-103.972084)
EDGES = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-45, -1e-45, 2.0 ** -24, -(2.0 ** -25), 0.34657359, -0.34657359,
                  0.3465736, -0.3465736, 88.0, 88.72283, 88.72284, 89.0, 1e3, 3.4028235e38, -87.33654, -87.33655,
                  -100.0, -103.27893, -103.97207, -103.972084, -104.0, -1e3, -3.4028235e38, np.inf, -np.inf, np.nan,
                  1.1754942e-38, 10.0, -10.0, 20.5, 44.3614], np.float32)


def _program(element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.exponential %x : {t}\n  return %0 : {t}\n}}"


def _inputs(n: int = 1 << 20) -> np.ndarray:
    bits = np.random.default_rng(39).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    interesting = np.random.default_rng(40).uniform(-104.5, 89.5, n).astype(np.float32)  # finite nonzero results
    return np.concatenate([EDGES, bits.view(np.float32), interesting])


def _ulps(got: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """|got - exact| in f32 ULPs at `exact` (the subnormal spacing below 2^-126)."""
    magnitude = np.where(exact > 0, exact, 1.0)
    spacing = np.exp2(np.maximum(np.floor(np.log2(magnitude)), -126.0) - 23)
    return np.abs(got.astype(np.float64) - exact) / spacing


def test_within_an_ulp_of_f64_exp_and_nearly_always_correctly_rounded():
    x = _inputs()
    (got,) = interpret(_program("f32", len(x)), x)
    with np.errstate(all="ignore"):
        exact = np.exp(x.astype(np.float64))
    finite = ~np.isnan(x) & (exact <= _MAX)
    assert np.isfinite(got[finite]).all()
    errors = _ulps(got[finite], exact[finite])
    normal = exact[finite] >= 2.0 ** -126
    assert errors[normal].max() < 0.7, x[finite][normal][np.argmax(errors[normal])]
    assert errors.max() < 1.0, x[finite][np.argmax(errors)]  # a subnormal result rounds twice
    rounded = exact[finite].astype(np.float32)
    wrong = np.count_nonzero(got[finite] != rounded)
    assert wrong < 0.01 * finite.sum(), wrong  # measured: 0.3% of these, 0.2% of all inputs


def test_special_values_and_thresholds():
    x = np.array([0.0, -0.0, np.inf, -np.inf, LAST_FINITE, np.nextafter(LAST_FINITE, np.float32(np.inf)), 89.0, 1e30,
                  np.nextafter(FIRST_ZERO, np.float32(0)), FIRST_ZERO, -104.0, -1e30], np.float32)
    got = exponential_f32(x)
    assert got.view(np.uint32).tolist()[:2] == [0x3F800000, 0x3F800000]  # exactly 1
    assert got[2] == np.inf and got.view(np.uint32)[3] == 0
    assert got[4] == np.float32(3.4027985e38) and np.isposinf(got[5:8]).all()
    assert got.view(np.uint32).tolist()[8:] == [1, 0, 0, 0]  # the smallest subnormal, then +0


def test_subnormal_results_within_an_ulp():
    x = np.linspace(-104.0, -87.0, 1 << 16, dtype=np.float32)
    got = exponential_f32(x)
    exact = np.exp(x.astype(np.float64))
    assert _ulps(got, exact).max() <= 1.0
    assert (got[exact < 2.0 ** -126] < np.float32(2.0 ** -126)).all()


def test_nan_comes_back_quiet_with_its_payload():
    nans = np.array([0x7F800001, 0xFF812345, 0x7FC00000, 0xFFFFFFFF], np.uint32).view(np.float32)
    want = [0x7FC00001, 0xFFC12345, 0x7FC00000, 0xFFFFFFFF]
    assert exponential_f32(nans).view(np.uint32).tolist() == want
    assert [exponential_f32(v).view(np.uint32) for v in nans] == want


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
def test_narrow_floats_compute_in_f32_and_round_once(dtype):
    x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(dtype)
    element = "f16" if dtype == np.float16 else "bf16"
    (got,) = interpret(_program(element, len(x)), x)
    with np.errstate(over="ignore"):
        want = exponential_f32(x.astype(np.float32)).astype(dtype)
    ordered = ~np.isnan(x.astype(np.float32))
    assert (got.view(np.uint16)[ordered] == want.view(np.uint16)[ordered]).all()
    assert np.isnan(got[~ordered].astype(np.float32)).all()


def test_scalar_forms_are_the_kernels():
    """0-d values in a scalar while loop (the interpreter's scalar forms) give the kernel's bits."""
    x = [np.asarray(v) for v in _inputs(100)]

    def compute(names, prefix):
        lines = [f"%{prefix}{k} = stablehlo.exponential {name} : tensor<f32>" for k, name in enumerate(names)]
        return lines, [(f"%{prefix}{k}", "tensor<f32>") for k in range(len(names))]

    got = run_scalar_loop(loop_module(["f32"] * len(x), compute), x)
    assert (np.array(got).view(np.uint32) == exponential_f32(np.array(x)).view(np.uint32)).all()


def test_scalars_compute_the_arrays_bits():
    """A scalar runs the same operations on numpy f32 scalars: the array code's bits."""
    x = _inputs(1 << 14)
    want = exponential_f32(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none on overflow or underflow either
        got = [exponential_f32(value) for value in x]
    assert all(isinstance(v, np.float32) for v in got)
    assert (np.array(got, np.float32).view(np.uint32) == want.view(np.uint32)).all()
    zero_d = exponential_f32(np.asarray(x[3]))
    assert isinstance(zero_d, np.ndarray) and zero_d.shape == () and zero_d.view(np.uint32) == want[3].view(np.uint32)
    assert exponential_f32(1.0) == np.float32(2.7182817)
