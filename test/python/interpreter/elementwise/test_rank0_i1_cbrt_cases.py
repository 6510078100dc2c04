"""Conformance bugs of issue 12 section 4, each against an oracle independent of the interpreter:
reduce_precision of rank-0 tensors, bitcast_convert to and from i1, cbrt of complex numbers,
convert from complex to i1."""
import ml_dtypes
import mpmath
import numpy as np
import pytest

from conftest import xla_run_text
from stablehlo_py import interpret
from stablehlo_py.interpreter.core.types import _ELEMENT_TYPES

FLOATS = [name for name, info in _ELEMENT_TYPES.items() if info.category == "float"]
IEEE = {"f16", "bf16", "f32", "f64"}


def unary(op: str, src: str, dst: str, attrs: str = "") -> str:
    return (f"func.func @main(%x: {src}) -> {dst} {{\n  %0 = {op} %x{attrs} : ({src}) -> {dst}\n"
            f"  return %0 : {dst}\n}}")


# ---------------------------------------------------------------------------
# reduce_precision of a rank-0 tensor keeps shape ()


def _round_mantissa(values: np.ndarray, mantissa_bits: int) -> np.ndarray:
    """Round to nearest even at `mantissa_bits` explicit mantissa bits, exactly in f64 (normal values)."""
    mant, exp = np.frexp(values)
    return np.ldexp(np.rint(np.ldexp(mant, mantissa_bits + 1)), exp - mantissa_bits - 1)


def _representable(name: str, value: float) -> bool:
    """`value` exists in the type, sign of zero included (FNUZ types have no -0.0)."""
    x = float(np.array(value, dtype=_ELEMENT_TYPES[name].dtype))
    return x == value and np.signbit(x) == np.signbit(value)


@pytest.mark.parametrize("name,value", [(n, v) for n in FLOATS for v in (1.0, -1.5, 1.25, 1.75, 3.0, -0.0, 0.0, 0.75)
                                        if _representable(n, v)])
def test_reduce_precision_rank0_keeps_shape(name, value):
    dtype = _ELEMENT_TYPES[name].dtype
    x = np.array(value, dtype=dtype)
    text = unary("stablehlo.reduce_precision", f"tensor<{name}>", f"tensor<{name}>", ", format = e8m1")
    # the generic form is the same op; the pretty form prints `format = eXmY` before the type
    text = text.replace(f" : (tensor<{name}>) -> tensor<{name}>", f" : tensor<{name}>")
    (got,) = interpret(text, x)
    assert got.shape == () and got.dtype == dtype
    # e8m1 leaves the exponent of these values alone and rounds the mantissa to 1 bit
    want = _round_mantissa(np.array(value, np.float64), 1)
    assert np.float64(got) == want and np.signbit(np.float64(got)) == np.signbit(want)


@pytest.mark.xla
@pytest.mark.parametrize("name", sorted(IEEE))
def test_reduce_precision_rank0_matches_xla(name):
    dtype = _ELEMENT_TYPES[name].dtype
    text = unary("stablehlo.reduce_precision", f"tensor<{name}>", f"tensor<{name}>",
                 ", format = e4m2").replace(f" : (tensor<{name}>) -> tensor<{name}>", f" : tensor<{name}>")
    for value in (1.3, -300.0, 1e-3, np.inf, -0.0):
        x = np.array(value, dtype=dtype)
        (got,), (want,) = interpret(text, x), xla_run_text(text, x)
        assert got.shape == want.shape == ()
        assert got.view(f"u{got.dtype.itemsize}") == want.view(f"u{want.dtype.itemsize}"), (name, value)


# ---------------------------------------------------------------------------
# bitcast_convert to and from i1: one bit per i1 element, least significant first


def _bits_lsb_first(x: np.ndarray, info) -> np.ndarray:
    """The `info.bits` low bits of each element's storage, least significant first (shape x.shape + (bits,))."""
    raw = np.ascontiguousarray(x).reshape(x.shape).view(np.uint8).reshape(*x.shape, -1)
    bits = np.unpackbits(raw, axis=-1, bitorder="little")  # little-endian bytes: LSB of the element first
    return bits[..., :info.bits].astype(bool)


BITCAST_TYPES = [name for name, info in _ELEMENT_TYPES.items()
                 if info.category != "complex" and name != "i1" and not name.startswith("si")]


def _random_values(name: str, count: int, seed: int) -> np.ndarray:
    info = _ELEMENT_TYPES[name]
    rng = np.random.default_rng(seed)
    if info.category in ("sint", "uint"):
        wide = np.uint64 if info.category == "uint" else np.int64
        return rng.integers(info.min, info.max, count, endpoint=True, dtype=wide).astype(info.dtype)
    # any bit pattern of a float type, read from random bytes (sub-byte floats keep their low bits)
    raw = rng.integers(0, 1 << min(info.bits, 63), count, dtype=np.uint64)
    return raw.astype(f"u{info.dtype.itemsize}").view(info.dtype)


@pytest.mark.parametrize("name", BITCAST_TYPES)
def test_bitcast_convert_to_i1(name):
    info = _ELEMENT_TYPES[name]
    x = _random_values(name, 6, seed=info.bits).reshape(2, 3)
    text = unary("stablehlo.bitcast_convert", f"tensor<2x3x{name}>", f"tensor<2x3x{info.bits}xi1>")
    (got,) = interpret(text, x)
    assert got.dtype == np.bool_ and got.shape == (2, 3, info.bits)
    np.testing.assert_array_equal(got, _bits_lsb_first(x, info))


@pytest.mark.parametrize("name", BITCAST_TYPES)
def test_bitcast_convert_from_i1(name):
    info = _ELEMENT_TYPES[name]
    bits = np.random.default_rng(info.bits + 1).integers(0, 2, (4, info.bits)).astype(bool)
    text = unary("stablehlo.bitcast_convert", f"tensor<4x{info.bits}xi1>", f"tensor<4x{name}>")
    (got,) = interpret(text, bits)
    assert got.dtype == info.dtype and got.shape == (4,)
    # oracle: the bits read back as a Python integer, LSB first, compared with the storage bits
    want = [sum(int(b) << k for k, b in enumerate(row)) for row in bits]
    have = [int(v) & ((1 << info.bits) - 1) for v in got.view(f"u{info.dtype.itemsize}")]
    assert have == want


def test_bitcast_convert_i1_to_i1_and_upstream_example():
    x = np.array([True, False, True])
    (same,) = interpret(unary("stablehlo.bitcast_convert", "tensor<3xi1>", "tensor<3xi1>"), x)
    np.testing.assert_array_equal(same, x)
    # upstream's reference interpreter (jaxlib eval_module) gives [1, -122] for these bits
    bits = np.array([[1, 0, 0, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0, 0, 1]], bool)
    (got,) = interpret(unary("stablehlo.bitcast_convert", "tensor<2x8xi1>", "tensor<2xi8>"), bits)
    np.testing.assert_array_equal(got, np.array([1, -122], np.int8))


def test_bitcast_convert_i1_rank0_round_trip():
    text = unary("stablehlo.bitcast_convert", "tensor<ui8>", "tensor<8xi1>")
    (bits,) = interpret(text, np.array(0b10100110, np.uint8))
    np.testing.assert_array_equal(bits, [0, 1, 1, 0, 0, 1, 0, 1])
    (back,) = interpret(unary("stablehlo.bitcast_convert", "tensor<8xi1>", "tensor<ui8>"), bits)
    assert back.shape == () and back == 0b10100110


# ---------------------------------------------------------------------------
# cbrt of complex numbers: the principal cube root, checked with mpmath at 50 digits


def _ulps(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """ULP distance of each part of `got` from the exact `want` (mpmath values), in got's part type."""
    part = got.real.dtype
    out = []
    for g, w in zip(got.ravel(), want):
        for gv, wv in ((g.real, w.real), (g.imag, w.imag)):
            ulp = np.spacing(part.type(abs(float(wv)))) if wv != 0 else np.finfo(part).smallest_subnormal
            out.append(float(abs(mpmath.mpf(float(gv)) - wv) / mpmath.mpf(float(ulp))))
    return np.array(out)


def _cbrt_inputs(dtype) -> np.ndarray:
    finfo = np.finfo(dtype)
    rng = np.random.default_rng(7)
    mags = np.exp2(rng.uniform(np.log2(float(finfo.tiny)), np.log2(float(finfo.max)) - 1, 200))
    angles = rng.uniform(-np.pi, np.pi, 200)
    random = mags * np.exp(1j * angles)
    edges = [8, -8, 27j, -27j, 1, -1, 1j, -1j, 1 + 1j, -1 + 1e-30j, -1 - 1e-30j, -2.5,
             float(finfo.max) * (-1 + 1j) / 2, float(finfo.tiny) * (1 - 1j), float(finfo.smallest_subnormal),
             -float(finfo.smallest_subnormal), 1e-20 + 1j]
    return np.concatenate([random, edges]).astype(dtype)


@pytest.mark.parametrize("dtype,name", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_cbrt_complex_matches_mpmath(dtype, name):
    z = _cbrt_inputs(dtype)
    text = unary("stablehlo.cbrt", f"tensor<{z.size}x{name}>", f"tensor<{z.size}x{name}>")
    (got,) = interpret(text, z)
    assert got.dtype == dtype
    with mpmath.workdps(50):
        want = [mpmath.cbrt(mpmath.mpc(complex(v))) for v in z]  # principal branch
        ulps = _ulps(got, want)
    # computed wider and rounded once: within half an ULP (plus the double rounding); complex128
    # needs a long double wider than f64 (x86-64, aarch64), else three ULPs
    wider = dtype == np.complex64 or np.finfo(np.longdouble).nmant > 52
    assert ulps.max() <= (0.51 if wider else 3.5), ulps.max()


@pytest.mark.parametrize("dtype,name", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_cbrt_complex_special_values(dtype, name):
    inf, nan = np.inf, np.nan
    cases = [  # input, principal cube root (signs of zeros included)
        (complex(0.0, 0.0), complex(0.0, 0.0)),
        (complex(0.0, -0.0), complex(0.0, -0.0)),
        (complex(-0.0, 0.0), complex(0.0, 0.0)),
        (complex(inf, 0.0), complex(inf, 0.0)),
        (complex(inf, -0.0), complex(inf, -0.0)),
        (complex(inf, 5.0), complex(inf, 0.0)),
        (complex(-inf, 0.0), complex(inf, inf)),      # arg pi -> pi/3
        (complex(-inf, -0.0), complex(inf, -inf)),
        (complex(0.0, inf), complex(inf, inf)),       # arg pi/2 -> pi/6
        (complex(inf, inf), complex(inf, inf)),
        (complex(nan, 0.0), complex(nan, nan)),
        (complex(1.0, nan), complex(nan, nan)),
    ]
    z = np.array([c[0] for c in cases], dtype)
    text = unary("stablehlo.cbrt", f"tensor<{z.size}x{name}>", f"tensor<{z.size}x{name}>")
    (got,) = interpret(text, z)
    for g, (x, w) in zip(got, cases):
        for gv, wv in ((g.real, w.real), (g.imag, w.imag)):
            if np.isnan(wv):
                assert np.isnan(gv), (x, g)
            else:
                assert gv == wv and np.signbit(gv) == np.signbit(wv), (x, g, w)


def test_cbrt_rank0_complex():
    (got,) = interpret(unary("stablehlo.cbrt", "tensor<complex<f64>>", "tensor<complex<f64>>"),
                       np.array(-8 + 0j))
    assert got.shape == ()
    np.testing.assert_allclose(got, 1 + np.sqrt(3) * 1j, rtol=4e-16)


# ---------------------------------------------------------------------------
# convert complex -> i1: the spec ignores the imaginary part (upstream: (0, 1) -> false)


@pytest.mark.parametrize("dtype,name", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_convert_complex_to_i1_uses_real_part(dtype, name):
    inf, nan = np.inf, np.nan
    z = np.array([1j, 0, complex(-0.0, 0.0), 2 + 1j, -3 - 7j, complex(nan, 0), complex(0, nan),
                  complex(0, inf), complex(-inf, 0), 1e-45 + 0j], dtype)
    text = unary("stablehlo.convert", f"tensor<{z.size}x{name}>", f"tensor<{z.size}xi1>")
    (got,) = interpret(text, z)
    np.testing.assert_array_equal(got, z.real != 0)
    assert not got[0]  # (0, 1) -> false, as upstream's reference interpreter gives


def test_convert_complex_to_i1_rank0_and_in_scalar_loop():
    text = """
    func.func @main(%z: tensor<complex<f32>>) -> tensor<i1> {
      %0 = stablehlo.convert %z : (tensor<complex<f32>>) -> tensor<i1>
      return %0 : tensor<i1>
    }"""
    (got,) = interpret(text, np.array(1j, np.complex64))
    assert got.shape == () and not got


# ---------------------------------------------------------------------------
# cbrt of f32/f64: correctly rounded on every host (numpy's AVX-512 SVML cbrt was 2 ULP off)


@pytest.mark.parametrize("dtype,name", [(np.float32, "f32"), (np.float64, "f64")])
def test_cbrt_real_is_correctly_rounded(dtype, name):
    finfo = np.finfo(dtype)
    rng = np.random.default_rng(11)
    random = rng.standard_normal(400) * 10
    spread = np.exp2(rng.uniform(np.log2(float(finfo.smallest_subnormal)), np.log2(float(finfo.max)), 400))
    edges = [0.0, -0.0, np.inf, -np.inf, 8.0, -27.0, 1.0, float(finfo.max), -float(finfo.max),
             float(finfo.tiny), float(finfo.smallest_subnormal), -float(finfo.smallest_subnormal),
             -3.0659577337317474]  # XLA's (glibc's) root of this is 1.6 ULP off
    x = np.concatenate([random, spread * np.sign(rng.standard_normal(400)), edges]).astype(dtype)
    text = unary("stablehlo.cbrt", f"tensor<{x.size}x{name}>", f"tensor<{x.size}x{name}>")
    (got,) = interpret(text, x)
    assert got.dtype == dtype
    with mpmath.workprec(200):
        for value, root in zip(x.tolist(), got):
            assert np.signbit(root) == np.signbit(value), (value, root)
            if not np.isfinite(value) or value == 0:
                assert root == value, (value, root)
                continue
            exact = mpmath.cbrt(abs(mpmath.mpf(value)))
            magnitude = abs(root)
            error = abs(mpmath.mpf(float(magnitude)) - exact)
            for neighbour in (np.nextafter(magnitude, dtype(0)), np.nextafter(magnitude, dtype(np.inf))):
                # no neighbour is nearer to the exact root (ties: even, which 200 bits never meet here)
                assert error <= abs(mpmath.mpf(float(neighbour)) - exact), (value, root, neighbour)
