"""Math functions of complex numbers in the compiled backend's own code (ScalarOps.cpp,
complexUnary): exp, log, sqrt, sine, cosine, tan and tanh call the C library's functions (cexp,
...; cexpf, ... for complex64) as numpy's complex loops do, rsqrt and logistic add numpy's complex
division, expm1 numpy's formula on the real functions. Bit for bit with the interpreter on every
pair of special parts (zeros of both signs, +-1, infinities, NaN, the smallest normal, the largest
finite, subnormals, exp's overflow thresholds) and on random values of many scales; checked as well
against numpy's own functions and against the C library called through ctypes. The others (abs,
sign, power, log1p, cbrt, atan2: numpy's own algorithms) still call the runtime."""
from __future__ import annotations

import ctypes
import ctypes.util
import itertools

import numpy as np
import pytest
from conftest import assert_same

import stablehlo_py
from stablehlo_py.lowering.compiled import _lowered, _parsed

NATIVE = ["exponential", "log", "sqrt", "sine", "cosine", "tan", "tanh", "rsqrt", "logistic",
          "exponential_minus_one"]
# numpy's own functions: the oracle the interpreter's kernels are written after.
_NUMPY = {"exponential": np.exp, "log": np.log, "sqrt": np.sqrt, "sine": np.sin, "cosine": np.cos,
          "tan": np.tan, "tanh": np.tanh, "rsqrt": lambda z: 1 / np.sqrt(z),
          "logistic": lambda z: 1 / (1 + np.exp(-z)), "exponential_minus_one": np.expm1}
_C_NAMES = {"exponential": "cexp", "log": "clog", "sqrt": "csqrt", "sine": "csin", "cosine": "ccos",
            "tan": "ctan", "tanh": "ctanh"}
LEFT = ["abs", "sign", "power", "log_plus_one", "cbrt", "atan2"]
_ELEMENTS = {np.complex64: "complex<f32>", np.complex128: "complex<f64>"}


def _values(dtype) -> np.ndarray:
    part = np.float32 if dtype == np.complex64 else np.float64
    info = np.finfo(part)
    special = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, info.tiny, -info.tiny, info.max, -info.max,
               info.smallest_subnormal * 3, -info.smallest_subnormal * 3, 2.5, -700.0, 89.0, 710.0, 1e-8,
               3.14159]
    pairs = np.array([complex(part(a), part(b)) for a, b in itertools.product(special, repeat=2)], dtype)
    rng = np.random.default_rng(35)
    n = 2000
    scale = rng.choice([1e-6, 1e-3, 1.0, 10.0, 100.0, 1e4], (2, n))
    random = (rng.standard_normal(n) * scale[0] + 1j * rng.standard_normal(n) * scale[1]).astype(dtype)
    return np.concatenate([pairs, random])


def _program(ops, dtype, n) -> str:
    t = f"tensor<{n}x{_ELEMENTS[dtype]}>"
    real = t.replace(_ELEMENTS[dtype], "f32" if dtype == np.complex64 else "f64")
    results, lines = [], []
    for k, op in enumerate(ops):
        binary = op in ("power", "atan2")
        out = real if op == "abs" else t
        operands = "%x, %x" if binary else "%x"
        lines.append(f"  %r{k} = stablehlo.{op} {operands} : " + (t if binary else f"({t}) -> {out}"))
        results.append(out)
    return (f"func.func @main(%x: {t}) -> ({', '.join(results)}) {{\n" + "\n".join(lines) +
            f"\n  return {', '.join(f'%r{k}' for k in range(len(ops)))} : {', '.join(results)}\n}}")


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_native_complex_math_equals_the_interpreter_and_numpy(dtype):
    z = _values(dtype)
    text = _program(NATIVE, dtype, len(z))
    got = stablehlo_py.compile(text, backend="compiled")(z)
    expected = stablehlo_py.interpret(text, z)
    with np.errstate(all="ignore"):
        oracle = [_NUMPY[op](z) for op in NATIVE]
    for op, g, e, o in zip(NATIVE, got, expected, oracle):
        assert_same([g], [e], context=f"{op} on {dtype.__name__} vs the interpreter")
        assert_same([g], [o.astype(dtype)], context=f"{op} on {dtype.__name__} vs numpy")


class _Complex(ctypes.Structure):
    _fields_ = [("re", ctypes.c_double), ("im", ctypes.c_double)]


class _ComplexFloat(ctypes.Structure):  # one SSE eightbyte, as C passes float _Complex
    _fields_ = [("re", ctypes.c_float), ("im", ctypes.c_float)]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_direct_calls_equal_the_c_library(dtype):
    """What the lowering calls, called from Python: complex64's parts cross as C packs them."""
    path = ctypes.util.find_library("m")
    if path is None:
        pytest.skip("no C math library to load")
    libm = ctypes.CDLL(path)
    z = _values(dtype)
    ops = list(_C_NAMES)
    got = stablehlo_py.compile(_program(ops, dtype, len(z)), backend="compiled")(z)
    struct = _ComplexFloat if dtype == np.complex64 else _Complex
    for op, g in zip(ops, got):
        fn = getattr(libm, _C_NAMES[op] + ("f" if dtype == np.complex64 else ""))
        fn.restype, fn.argtypes = struct, [struct]
        want = np.array([complex(r.re, r.im) for r in (fn(struct(v.real, v.imag)) for v in z)], dtype)
        assert_same([g], [want], context=f"{op} on {dtype.__name__} vs the C library")


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_the_lowered_module_calls_no_runtime_for_them(dtype):
    text = _program(NATIVE, dtype, 4)
    lowered = str(_lowered(_parsed(text, False), "main", to_llvm=False, compiled_backend=True))
    assert "__stablehlo_py_runtime" not in lowered
    suffix = "f" if dtype == np.complex64 else ""
    for name in _C_NAMES.values():
        assert f"call @{name}{suffix}(" in lowered
    # the others still run the interpreter's kernels, one runtime call each
    left = str(_lowered(_parsed(_program(LEFT, dtype, 4), False), "main", to_llvm=False,
                        compiled_backend=True))
    assert sum("call @__stablehlo_py_runtime_" in line for line in left.splitlines()) == len(LEFT)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_ops_left_to_the_runtime_stay_equal(dtype):
    z = _values(dtype)[:400]
    text = _program(LEFT, dtype, len(z))
    with np.errstate(all="ignore"):
        assert_same(stablehlo_py.compile(text, backend="compiled")(z), stablehlo_py.interpret(text, z))


def test_log_of_exp_is_not_folded_to_its_operand():
    """complex.log(complex.exp(x)) would fold to x: exp(1000) overflows, so the result is inf."""
    t = "tensor<2xcomplex<f64>>"
    text = f"""func.func @main(%x: {t}) -> {t} {{
  %0 = stablehlo.exponential %x : {t}
  %1 = stablehlo.log %0 : {t}
  return %1 : {t}
}}"""
    z = np.array([1000 + 0.5j, 0.25 - 2j])
    got = stablehlo_py.compile(text, backend="compiled")(z)
    assert_same(got, stablehlo_py.interpret(text, z))
    with np.errstate(all="ignore"):
        assert_same(got, [np.log(np.exp(z))])
    assert np.isinf(got[0][0].real)


def test_constant_operands_are_computed_at_run_time():
    """The folder has no C library call to evaluate: a constant's exp stays for run time, with the
    same bits."""
    text = """func.func @main() -> tensor<3xcomplex<f32>> {
  %c = stablehlo.constant dense<[(1.0, 2.0), (-0.0, 0.0), (88.5, -3.0)]> : tensor<3xcomplex<f32>>
  %0 = stablehlo.exponential %c : tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}"""
    got = stablehlo_py.compile(text, backend="compiled")()
    assert_same(got, stablehlo_py.interpret(text))
    assert_same(got, [np.exp(np.array([1 + 2j, complex(-0.0, 0.0), 88.5 - 3j], np.complex64))])
