"""f32 log_plus_one and exponential_minus_one are the project's own (numerics/log1p_expm1.py):
against an independent oracle, numpy's f64 function of the (exact) f64 input rounded once to f32.
Both are within about 2^-52 of the exact value, so they differ only where it lies that close to
the midpoint of two f32 values (measured over all 2^32 inputs: docs/decisions.md); each such
input here must be one, and 1 ULP apart. Special values as the spec and C's Annex F say; narrow
floats compute in f32 and round once; the scalar forms (0-d values) give the kernels' bits."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from testing.scalar_loops import loop_module, run_scalar_loop

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


@pytest.mark.parametrize("op", OPS)
def test_f32_against_the_f64_function_rounded_once(op):
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


def test_nan_comes_back_quiet_with_its_payload():
    nans = np.array([0x7F800001, 0xFF812345, 0x7FC00000, 0xFFFFFFFF], np.uint32).view(np.float32)
    for _, ours in OPS.values():
        assert ours(nans).view(np.uint32).tolist() == [0x7FC00001, 0xFFC12345, 0x7FC00000, 0xFFFFFFFF]


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
@pytest.mark.parametrize("op", OPS)
def test_narrow_floats_compute_in_f32_and_round_once(op, dtype):
    _, ours = OPS[op]
    bits = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    x = bits.view(dtype)
    element = "f16" if dtype == np.float16 else "bf16"
    (got,) = interpret(_program(op, element, len(x)), x)
    with np.errstate(all="ignore"):
        want = ours(x.astype(np.float32)).astype(dtype)
    ordered = ~np.isnan(x.astype(np.float32))
    assert (got.view(np.uint16)[ordered] == want.view(np.uint16)[ordered]).all()
    assert np.isnan(got[~ordered].astype(np.float32)).all()


@pytest.mark.parametrize("op", OPS)
def test_scalar_forms_are_the_kernels(op):
    """0-d values in a scalar while loop (the interpreter's scalar forms) give the kernel's bits."""
    _, ours = OPS[op]
    x = [np.asarray(v) for v in _inputs(200)]

    def compute(names, prefix):
        lines = [f"%{prefix}{k} = stablehlo.{op} {name} : tensor<f32>" for k, name in enumerate(names)]
        return lines, [(f"%{prefix}{k}", "tensor<f32>") for k in range(len(names))]

    got = run_scalar_loop(loop_module(["f32"] * len(x), compute), x)
    with np.errstate(all="ignore"):
        want = ours(np.array(x))
    assert (np.array(got).view(np.uint32) == want.view(np.uint32)).all()


@pytest.mark.parametrize("op", OPS)
def test_scalars_take_python_floats_with_the_arrays_bits(op):
    """A scalar computes the same operations on a Python float (_Floats): the array code's bits."""
    _, ours = OPS[op]
    x = _inputs(1 << 16)
    with np.errstate(all="ignore"):
        want = ours(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none on overflow either
        got = [ours(value) for value in x]
    assert all(isinstance(v, np.float32) for v in got)
    assert (np.array(got, np.float32).view(np.uint32) == want.view(np.uint32)).all()
    zero_d = ours(np.asarray(x[3]))
    assert isinstance(zero_d, np.ndarray) and zero_d.shape == () and zero_d.view(np.uint32) == want[3].view(np.uint32)
