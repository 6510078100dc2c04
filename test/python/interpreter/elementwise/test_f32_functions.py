"""What every f32 function of the project's own (numerics: exponential, tanh, log_plus_one,
exponential_minus_one) shares through numerics/chunked.f32_function: a NaN comes back quiet with
its payload; a scalar (numpy f32 scalar, Python float, 0-d array) gives the array code's bits,
without warnings; the interpreter's scalar forms (0-d values in a scalar while loop) give the
kernel's bits; f16 and bf16 compute in f32 and round once. Each function's accuracy against an
independent oracle is in its own test file."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from testing.scalar_loops import loop_module, run_scalar_loop

from stablehlo_py.interpreter import interpret
from stablehlo_py.interpreter.numerics.exponential import exponential_f32
from stablehlo_py.interpreter.numerics.log1p_expm1 import exponential_minus_one_f32, log_plus_one_f32
from stablehlo_py.interpreter.numerics.tanh import tanh_f32

OURS = {"exponential": exponential_f32, "tanh": tanh_f32, "log_plus_one": log_plus_one_f32,
        "exponential_minus_one": exponential_minus_one_f32}
EDGES = np.array([0.0, -0.0, 1.0, -1.0, -2.0, 0.5, -0.5, 1e-45, -1e-45, 1.1754942e-38, 3.4028235e38,
                  -3.4028235e38, np.inf, -np.inf, np.nan, 88.72284, -104.0, 9.25, 0.54930615], np.float32)


def _program(op: str, element: str, n: int) -> str:
    t = f"tensor<{n}x{element}>"
    return f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.{op} %x : {t}\n  return %0 : {t}\n}}"


def _inputs(n: int) -> np.ndarray:
    bits = np.random.default_rng(45).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    near_one = np.random.default_rng(46).uniform(-4.0, 4.0, n).astype(np.float32)
    return np.concatenate([EDGES, bits.view(np.float32), near_one])


@pytest.mark.parametrize("op", OURS)
def test_nan_comes_back_quiet_with_its_payload(op):
    nans = np.array([0x7F800001, 0xFF812345, 0x7FC00000, 0xFFFFFFFF], np.uint32).view(np.float32)
    want = [0x7FC00001, 0xFFC12345, 0x7FC00000, 0xFFFFFFFF]
    assert OURS[op](nans).view(np.uint32).tolist() == want
    assert [OURS[op](v).view(np.uint32) for v in nans] == want


@pytest.mark.parametrize("op", OURS)
def test_scalars_compute_the_arrays_bits(op):
    ours = OURS[op]
    x = _inputs(1 << 13)
    want = ours(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none on overflow, underflow or invalid lanes either
        got = [ours(value) for value in x]
        from_floats = [ours(float(value)) for value in x[:256]]
    assert all(isinstance(v, np.float32) for v in got)
    assert (np.array(got, np.float32).view(np.uint32) == want.view(np.uint32)).all()
    assert (np.array(from_floats, np.float32).view(np.uint32) == want[:256].view(np.uint32)).all()
    zero_d = ours(np.asarray(x[3]))
    assert isinstance(zero_d, np.ndarray) and zero_d.shape == () and zero_d.view(np.uint32) == want[3].view(np.uint32)


@pytest.mark.parametrize("op", OURS)
def test_scalar_forms_are_the_kernels(op):
    """0-d values in a scalar while loop (the interpreter's scalar forms) give the kernel's bits."""
    x = [np.asarray(v) for v in _inputs(100)]

    def compute(names, prefix):
        lines = [f"%{prefix}{k} = stablehlo.{op} {name} : tensor<f32>" for k, name in enumerate(names)]
        return lines, [(f"%{prefix}{k}", "tensor<f32>") for k in range(len(names))]

    got = run_scalar_loop(loop_module(["f32"] * len(x), compute), x)
    assert (np.array(got).view(np.uint32) == OURS[op](np.array(x)).view(np.uint32)).all()


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
@pytest.mark.parametrize("op", OURS)
def test_narrow_floats_compute_in_f32_and_round_once(op, dtype):
    x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(dtype)
    element = "f16" if dtype == np.float16 else "bf16"
    (got,) = interpret(_program(op, element, len(x)), x)
    with np.errstate(over="ignore"):
        want = OURS[op](x.astype(np.float32)).astype(dtype)
    ordered = ~np.isnan(x.astype(np.float32))
    assert (got.view(np.uint16)[ordered] == want.view(np.uint16)[ordered]).all()
    assert np.isnan(got[~ordered].astype(np.float32)).all()
