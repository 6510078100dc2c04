"""chlo against XLA on CPU: programs JAX exports (jax.scipy.special, jax.numpy's inverse
trigonometric and hyperbolic functions, jax.random.normal, lax.top_k, jnp.nextafter,
jnp.square) run by the interpreter, by `stablehlo-py run` and by XLA; chlo text JAX does not
emit (mulhi, the broadcasting ops, scan, ragged_dot, is_inf, _asin_acos_kernel) run by XLA
through `xla_run_text`, ragged_dot against jax.lax.ragged_dot_general.

XLA is exact where the result is (top_k, next_after, mulhi, integer and IEEE broadcasting ops,
scan on integers, edge values: NaN, infinities, signed zeros, poles); elsewhere its special
functions are its own polynomials in f32 (for f32 and narrower) or f64, and the tolerances
below are the measured differences (2026-11-25, 400 random points per function and type;
rel = relative, abs = absolute, ULP of the type):

  f64: erf 2 ULP, erfc rel 7.4e-15, erf_inv rel 2.7e-15, lgamma abs 4.3e-14 (near its zeros) /
       rel 3.1e-13, digamma abs 5.7e-14 / rel 1.3e-14, i1e rel 7.6e-16, polygamma rel 1.3e-15,
       zeta rel 7.9e-16, asin/acos/asinh/acosh 1 ULP, atanh rel 1.6e-14, sinh/cosh rel 2.1e-15;
  f32: erf rel 2.4e-7, erfc rel 1.2e-7 above f32's smallest normal (XLA flushes smaller
       results to 0), erf_inv abs 1.7e-6, lgamma abs 2.3e-5, digamma abs 6.1e-5, i1e rel 7.7e-7,
       polygamma rel 1.2e-6, zeta rel 3.6e-7, inverse trigonometric 2 ULP, sinh/cosh rel 1.5e-6;
  f16, bf16 (XLA computes in f32 and rounds): 1 ULP, digamma for x < 0 3 (f16), zeta 6 (bf16).
Our side is the correctly rounded value to 1 ULP (f32 and narrower) or scipy's f64 (see
interpreter/chlo/test_chlo_kernels.py), so these are XLA's errors.
"""

from __future__ import annotations

import zlib

import ml_dtypes
import numpy as np
import pytest

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax

from conftest import assert_same, assert_ulp, export, xla, xla_run_text
from stablehlo_py.cli import main
from stablehlo_py.interpreter import interpret

NAN, INF = float("nan"), float("inf")


@pytest.fixture(autouse=True)
def _quiet_numpy():
    """The oracles compute with NaN and infinities on purpose."""
    with np.errstate(all="ignore"):
        yield


def interpret_and_xla(fn, *args):
    text = export(fn, *args)
    assert "chlo." in text, text
    return interpret(text, *args), xla(fn, *args)


# (jax function, sampled domain, f64 (rtol, atol), f32 (rtol, atol), f16/bf16 ULP)
SPECIAL = {
    "erf": (jss.erf, (-5, 5), (1e-15, 0), (1e-6, 0), 1),
    "erfc": (jss.erfc, (-5, 9), (3e-14, 0), (6e-6, 1.2e-38), 1),
    "erf_inv": (jss.erfinv, (-1, 1), (1e-14, 1e-15), (2e-6, 4e-6), 1),
    "lgamma": (jss.gammaln, (0.01, 40), (1e-12, 2e-13), (1e-5, 1e-4), 1),
    "lgamma_negative": (jss.gammaln, (-20, 0), (1e-13, 1e-13), (1e-4, 4e-5), 1),
    "digamma": (jss.digamma, (0.01, 40), (1e-13, 1e-14), (1e-4, 1e-5), 1),
    "digamma_negative": (jss.digamma, (-20, 0), (1e-13, 3e-13), (1e-4, 3e-4), 4),
    "bessel_i1e": (jss.i1e, (-40, 40), (4e-15, 0), (4e-6, 0), 1),
    "polygamma": (lambda x: jss.polygamma(3, x), (0.05, 20), (1e-14, 0), (6e-6, 0), 2),
    "zeta": (lambda x: jss.zeta(x, x * 0.5 + 0.25), (1.05, 15), (4e-15, 0), (2e-6, 0), 8),
    "asin": (jnp.arcsin, (-1, 1), (5e-16, 0), (2.5e-7, 0), 1),
    "acos": (jnp.arccos, (-1, 1), (5e-16, 0), (2.5e-7, 0), 1),
    "atan": (jnp.arctan, (-50, 50), (5e-16, 0), (2.5e-7, 0), 1),
    "asinh": (jnp.arcsinh, (-1e4, 1e4), (5e-16, 0), (2.5e-7, 0), 1),
    "acosh": (jnp.arccosh, (1, 1e4), (5e-16, 0), (2.5e-7, 0), 1),
    "atanh": (jnp.arctanh, (-1, 1), (1e-13, 0), (4e-7, 0), 1),
    "sinh": (jnp.sinh, (-10, 10), (1e-14, 0), (1e-5, 0), 1),
    "cosh": (jnp.cosh, (-10, 10), (1e-14, 0), (1e-5, 0), 1),
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, ml_dtypes.bfloat16],
                         ids=["f64", "f32", "f16", "bf16"])
@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_math_functions_against_xla(name, dtype):
    fn, (low, high), f64_tol, f32_tol, narrow_ulps = SPECIAL[name]
    x = np.random.default_rng(zlib.crc32(name.encode())).uniform(low, high, 200).astype(dtype)
    (got,), (expected,) = interpret_and_xla(fn, x)
    assert got.dtype == expected.dtype
    if dtype in (np.float64, np.float32):
        rtol, atol = f64_tol if dtype == np.float64 else f32_tol
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=name)
    else:
        # XLA rounds its f32 value, so near a zero of the function (lgamma at -2.457..., where
        # the f16 ULP is far below f32's absolute error) its error is f32's, not a narrow ULP.
        rtol, atol = f32_tol
        wide, exact = got.astype(np.float64), expected.astype(np.float64)
        within_f32_error = np.abs(wide - exact) <= atol + rtol * np.abs(exact)
        assert_ulp([np.where(within_f32_error, expected, got)], [expected], narrow_ulps, name)


EDGES = np.array([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, -3.5, 1e-30, -1e-30, 1e30, -1e30,
                  0.999999, -0.999999, 30.0, 200.0, -200.5])


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f64", "f32"])
@pytest.mark.parametrize("fn", [jss.erf, jss.erfc, jss.erfinv, jss.gammaln, jss.digamma, jss.i1e, jnp.arcsin,
                                jnp.arccos, jnp.arctan, jnp.arcsinh, jnp.arccosh, jnp.arctanh, jnp.sinh, jnp.cosh],
                         ids=lambda f: f.__name__)
def test_edge_values_against_xla(fn, dtype):
    """Where XLA's result is not finite or is a zero, ours is the same bits (NaN any NaN);
    elsewhere within its polynomial's error."""
    x = EDGES.astype(dtype)
    (got,), (expected,) = interpret_and_xla(fn, x)
    special = ~np.isfinite(expected) | (expected == 0)
    if fn is jss.gammaln:  # XLA's lgamma(1) in f32 is 4.8e-7, ours 0: compare those by tolerance
        special &= ~np.isin(x, [1.0, 2.0])
    assert_same([got[special]], [expected[special]], fn.__name__)
    np.testing.assert_allclose(got[~special], expected[~special], rtol=2e-5 if dtype == np.float32 else 1e-12,
                               atol=1e-6 if dtype == np.float32 else 1e-15)


@pytest.mark.xla
def test_zeta_and_polygamma_domains_against_xla():
    values = np.array([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 3.0, 1.5, -1.5, 0.5, 4.0, 1e10])
    x, q = (a.ravel() for a in np.meshgrid(values, values, indexing="ij"))
    for fn in (lax.zeta, lax.polygamma):
        (got,), (expected,) = interpret_and_xla(fn, x, q)
        special = ~np.isfinite(expected) | (expected == 0)
        assert_same([got[special]], [expected[special]], fn.__name__)
        np.testing.assert_allclose(got[~special], expected[~special], rtol=1e-13)


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, ml_dtypes.bfloat16],
                         ids=["f64", "f32", "f16", "bf16"])
def test_next_after_and_square_bit_for_bit(dtype):
    """next_after and square are exact: XLA is the oracle bit for bit (no subnormal operands)."""
    values = np.array([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 3.5, -1e-3, 65504.0, 1e30]).astype(dtype)
    x, y = (a.ravel() for a in np.meshgrid(values, values, indexing="ij"))
    got, expected = interpret_and_xla(jnp.nextafter, x, y)
    ok = np.abs(expected[0].astype(np.float64)) >= float(ml_dtypes.finfo(dtype).smallest_normal)
    ok |= expected[0].astype(np.float64) == 0  # a subnormal result: XLA flushes it (host-dependent)
    assert_same([got[0][ok]], [expected[0][ok]])
    assert_same(*interpret_and_xla(jnp.square, values))


@pytest.mark.xla
def test_square_complex_bit_for_bit():
    rng = np.random.default_rng(3)
    z = (rng.normal(size=50) * 10 + 1j * rng.normal(size=50) * 10).astype(np.complex64)
    assert_same(*interpret_and_xla(jnp.square, z))


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=["c64", "c128"])
@pytest.mark.parametrize("fn", [jnp.arcsin, jnp.arccos, jnp.arctan, jnp.arcsinh, jnp.arccosh, jnp.arctanh, jnp.sinh,
                                jnp.cosh], ids=lambda f: f.__name__)
def test_complex_functions_against_xla(fn, dtype):
    """Finite operands with both parts away from 0 (where XLA loses the sign of zeros and our
    C99 conventions keep it: interpreter/chlo/test_chlo_kernels.py)."""
    rng = np.random.default_rng(4)
    z = (rng.uniform(0.05, 3, 80) * rng.choice([-1, 1], 80)
         + 1j * rng.uniform(0.05, 3, 80) * rng.choice([-1, 1], 80)).astype(dtype)
    (got,), (expected,) = interpret_and_xla(fn, z)
    rtol = 2e-6 if dtype == np.complex64 else 2e-14
    np.testing.assert_allclose(got.real, expected.real, rtol=rtol, atol=rtol)
    np.testing.assert_allclose(got.imag, expected.imag, rtol=rtol, atol=rtol)


@pytest.mark.xla
def test_asin_acos_kernel_against_xla():
    rng = np.random.default_rng(5)
    z = (rng.normal(size=40) * 3 + 1j * rng.normal(size=40) * 3).astype(np.complex64)
    text = """func.func @main(%z: tensor<40xcomplex<f32>>) -> tensor<40xcomplex<f32>> {
  %0 = chlo._asin_acos_kernel %z : tensor<40xcomplex<f32>> -> tensor<40xcomplex<f32>>
  func.return %0 : tensor<40xcomplex<f32>>
}"""
    (got,), (expected,) = interpret(text, z), xla_run_text(text, z)
    np.testing.assert_allclose(got.real, expected.real, rtol=2e-6)
    np.testing.assert_allclose(got.imag, expected.imag, rtol=2e-6)


@pytest.mark.xla
def test_is_inf_against_xla():
    x = np.array([NAN, INF, -INF, 0.0, -0.0, 1.0, 3e38], np.float32)
    for op in ("is_inf", "is_pos_inf", "is_neg_inf"):
        text = f"""func.func @main(%x: tensor<7xf32>) -> tensor<7xi1> {{
  %0 = chlo.{op} %x : tensor<7xf32> -> tensor<7xi1>
  func.return %0 : tensor<7xi1>
}}"""
        assert_same(interpret(text, x), xla_run_text(text, x), op)


@pytest.mark.xla
def test_random_normal_uses_erf_inv():
    fn = lambda key: jax.random.normal(key, (64,), dtype=jnp.float32)  # noqa: E731
    key = jax.random.key_data(jax.random.key(7))
    wrapped = lambda k: fn(jax.random.wrap_key_data(k))  # noqa: E731
    (got,), (expected,) = interpret_and_xla(wrapped, key)
    np.testing.assert_allclose(got, expected, rtol=4e-6, atol=4e-6)


# ---------------------------------------------------------------------------
# top_k


@pytest.mark.xla
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, ml_dtypes.bfloat16, ml_dtypes.float8_e5m2,
                                   np.int8, np.uint8, np.int32, np.uint32, np.int64, np.uint64, np.bool_],
                         ids=lambda d: np.dtype(d).name)
def test_top_k_bit_for_bit(dtype):
    if np.dtype(dtype).kind == "f" or dtype in (ml_dtypes.bfloat16, ml_dtypes.float8_e5m2):
        row = np.array([1.0, NAN, -INF, 0.0, -0.0, -NAN, INF, 2.0, 0.0, -0.0, NAN, -NAN, 1.0])
        x = np.stack([row, row[::-1], np.roll(row, 3)]).astype(dtype)
        x[:, 5] = -np.abs(x[:, 5].astype(np.float64)).astype(dtype)  # -NaN stays negative
    elif dtype == np.bool_:
        x = np.random.default_rng(6).integers(0, 2, (3, 13)).astype(bool)
    else:
        info = np.iinfo(dtype)
        x = np.random.default_rng(6).integers(-3, 4, (3, 13)).astype(dtype)
        x[0, :2] = info.min, info.max
    for k in (1, 5, 13):
        assert_same(*interpret_and_xla(lambda a: lax.top_k(a, k), x), f"k={k}")


# ---------------------------------------------------------------------------
# Ops JAX does not emit: text run by XLA


@pytest.mark.xla
@pytest.mark.parametrize("dtype,name", [(np.int8, "i8"), (np.int16, "i16"), (np.int32, "i32"), (np.int64, "i64"),
                                        (np.uint8, "ui8"), (np.uint16, "ui16"), (np.uint32, "ui32"),
                                        (np.uint64, "ui64")])
def test_mulhi_against_xla(dtype, name):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(7)
    edges = np.array([info.min, info.max, 0, 1, info.max // 2, info.min // 2 if info.min else 3], dtype)
    a = np.concatenate([np.repeat(edges, len(edges)), rng.integers(info.min, info.max, 40, dtype=dtype,
                                                                   endpoint=True)])
    b = np.concatenate([np.tile(edges, len(edges)), rng.integers(info.min, info.max, 40, dtype=dtype, endpoint=True)])
    t = f"tensor<{len(a)}x{name}>"
    text = f"""func.func @main(%a: {t}, %b: {t}) -> {t} {{
  %0 = chlo.mulhi %a, %b : {t}, {t} -> {t}
  func.return %0 : {t}
}}"""
    assert_same(interpret(text, a, b), xla_run_text(text, a, b))


BROADCAST_OPS = {  # op: element types it runs on
    "add": ["i32", "f32", "ui8", "i1"], "subtract": ["i64", "f64"], "multiply": ["i16", "f32", "complex<f32>"],
    "divide": ["i32", "ui32", "f32"], "remainder": ["i32", "f32"], "maximum": ["f32", "i8"], "minimum": ["f64", "ui16"],
    "and": ["i32", "i1"], "or": ["ui8", "i1"], "xor": ["i64"], "shift_left": ["i32", "ui8"],
    "shift_right_arithmetic": ["i32", "ui16"], "shift_right_logical": ["i8", "ui32"], "power": ["i32"],
    "atan2": ["f64"], "next_after": ["f32"],
}

DTYPES = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
          "ui16": np.uint16, "ui32": np.uint32, "f32": np.float32, "f64": np.float64, "complex<f32>": np.complex64}


def _values(element, shape, rng):
    dtype = DTYPES[element]
    if element == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        v = rng.integers(max(info.min, -40), min(info.max, 40), shape, endpoint=True).astype(dtype)
        v.flat[:2] = info.min, info.max
        return v
    special = np.array([0.0, -0.0, NAN, INF, -INF, 1.5, -2.0])
    v = rng.uniform(-8, 8, shape)
    v.flat[:len(special)] = special[:v.size]
    return (v + 1j * rng.uniform(-8, 8, shape)).astype(dtype) if element.startswith("complex") else v.astype(dtype)


@pytest.mark.xla
@pytest.mark.parametrize("op", sorted(BROADCAST_OPS))
def test_broadcasting_ops_against_xla(op):
    """Numpy-style broadcasting (XLA supports only that and prefix-padded broadcast_dimensions),
    bit for bit: integer and IEEE-exact ops; atan2 (XLA's own) within 1 ULP, complex products
    (XLA fuses multiply-adds on FMA hosts, docs/decisions.md) within 2 eps |a| |b|."""
    rng = np.random.default_rng(8)
    for element in BROADCAST_OPS[op]:
        for lhs, rhs, dims in [((3, 4), (4,), None), ((3, 4), (4,), "1"), ((2, 1, 4), (3, 1), None),
                               ((), (5,), None), ((3, 4), (3, 4), None)]:
            a, b = _values(element, lhs, rng), _values(element, rhs, rng)
            if op == "power":  # XLA's integer power is wrong past small exponents: 7^65537 gives 7
                b = np.clip(b, -3, 30)
            shape = np.broadcast_shapes(lhs, rhs)
            t = lambda s: "tensor<" + "".join(f"{n}x" for n in s) + element + ">"  # noqa: E731
            attrs = f" {{broadcast_dimensions = array<i64: {dims}>}}" if dims else ""
            text = f"""func.func @main(%a: {t(lhs)}, %b: {t(rhs)}) -> {t(shape)} {{
  %0 = chlo.broadcast_{op} %a, %b{attrs} : ({t(lhs)}, {t(rhs)}) -> {t(shape)}
  func.return %0 : {t(shape)}
}}"""
            got, expected = interpret(text, a, b), xla_run_text(text, a, b, subnormal_inputs=True)
            if op == "atan2":  # XLA's own atan2
                assert_ulp(got, expected, 1, f"{op} {element} {lhs} {rhs}")
            elif element.startswith("complex"):  # XLA fuses the products' multiply-adds: 2 eps |a||b|
                bound = 2 * np.finfo(np.float32).eps * np.abs(np.broadcast_to(a, shape) * b)
                finite = np.isfinite(expected[0])
                assert (np.abs(got[0] - expected[0])[finite] <= bound[finite]).all(), (op, element, lhs, rhs)
                assert_same([got[0][~finite]], [expected[0][~finite]], f"{op} {element}")
            else:
                assert_same(got, expected, f"{op} {element} {lhs} {rhs}")


@pytest.mark.xla
def test_broadcast_compare_and_select_against_xla():
    rng = np.random.default_rng(9)
    a = _values("f32", (3, 4), rng)
    b = _values("f32", (4,), rng)
    for direction in ("EQ", "NE", "GE", "GT", "LE", "LT"):
        for compare_type in ("", ", compare_type = #chlo<comparison_type TOTALORDER>"):
            text = f"""func.func @main(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xi1> {{
  %0 = chlo.broadcast_compare %a, %b {{comparison_direction = #chlo<comparison_direction {direction}>{compare_type}}} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
  func.return %0 : tensor<3x4xi1>
}}"""
            assert_same(interpret(text, a, b), xla_run_text(text, a, b), direction + compare_type)
    text = """func.func @main(%p: tensor<3x1xi1>, %t: tensor<4xf32>, %f: tensor<f32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_select %p, %t, %f : (tensor<3x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}"""
    args = (np.array([[True], [False], [True]]), b, np.float32(-7.0))
    assert_same(interpret(text, *args), xla_run_text(text, *args))


@pytest.mark.xla
@pytest.mark.parametrize("reverse", [False, True])
def test_scan_against_xla(reverse):
    attrs = " attributes {is_reverse = true}" if reverse else ""
    text = f"""func.func @main(%x: tensor<5x3xi32>, %c: tensor<3xi32>) -> (tensor<5x3xi32>, tensor<3xi32>) {{
  %o, %k = chlo.scan(%x) inits(%c) dimension=0{attrs} {{
  ^bb0(%a: tensor<3xi32>, %b: tensor<3xi32>):
    %s = stablehlo.add %a, %b : tensor<3xi32>
    %m = stablehlo.multiply %s, %a : tensor<3xi32>
    stablehlo.return %m, %s : tensor<3xi32>, tensor<3xi32>
  }} : (tensor<5x3xi32>, tensor<3xi32>) -> (tensor<5x3xi32>, tensor<3xi32>)
  func.return %o, %k : tensor<5x3xi32>, tensor<3xi32>
}}"""
    rng = np.random.default_rng(10)
    args = (rng.integers(-9, 9, (5, 3)).astype(np.int32), rng.integers(-9, 9, 3).astype(np.int32))
    assert_same(interpret(text, *args), xla_run_text(text, *args))


# ---------------------------------------------------------------------------
# ragged_dot against jax.lax.ragged_dot_general (XLA on CPU runs JAX's own decomposition:
# its HLO ragged-dot is not implemented there). Small integers: every sum is exact.


def _ragged(lhs, rhs, sizes, dims, out_shape):
    names = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
             "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions")
    attr = ", ".join(f"{n} = [{', '.join(map(str, d))}]" for n, d in zip(names, dims))
    t = lambda s, e="f32": "tensor<" + "".join(f"{n}x" for n in s) + e + ">"  # noqa: E731
    text = f"""func.func @main(%l: {t(lhs.shape)}, %r: {t(rhs.shape)}, %g: {t(sizes.shape, 'i32')}) -> {t(out_shape)} {{
  %0 = "chlo.ragged_dot"(%l, %r, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<{attr}>}} : ({t(lhs.shape)}, {t(rhs.shape)}, {t(sizes.shape, 'i32')}) -> {t(out_shape)}
  func.return %0 : {t(out_shape)}
}}"""
    return interpret(text, lhs, rhs, sizes)


def _small_ints(shape, seed):
    return np.random.default_rng(seed).integers(-4, 5, shape).astype(np.float32)


@pytest.mark.parametrize("sizes", [[2, 1, 3], [1, 1, 1], [0, 0, 0], [4, 4, 4], [2, -1, 5], [0, 6, 0]], ids=str)
def test_ragged_dot_non_contracting_against_jax(sizes):
    lhs, rhs = _small_ints((6, 3), 11), _small_ints((3, 3, 2), 12)
    group_sizes = np.array(sizes, np.int32)
    expected = np.asarray(jax.jit(lax.ragged_dot)(lhs, rhs, group_sizes))
    got = _ragged(lhs, rhs, group_sizes, [(), (), (1,), (1,), (0,), (0,)], (6, 2))
    assert_same(got, [expected])


def test_ragged_dot_contracting_and_batch_against_jax():
    lhs, rhs = _small_ints((2, 5), 13), _small_ints((5, 3), 14)
    numbers = lax.RaggedDotDimensionNumbers(dot_dimension_numbers=(([1], [0]), ([], [])),
                                            lhs_ragged_dimensions=[1], rhs_group_dimensions=[])
    for sizes in ([2, 3], [1, 1], [0, 7], [-1, 4]):
        group_sizes = np.array(sizes, np.int32)
        expected = np.asarray(jax.jit(lambda a, b, g: lax.ragged_dot_general(a, b, g, numbers))(lhs, rhs, group_sizes))
        got = _ragged(lhs, rhs, group_sizes, [(), (), (1,), (0,), (1,), ()], (2, 2, 3))
        assert_same(got, [expected], str(sizes))
    lhs, rhs = _small_ints((4, 2, 3), 15), _small_ints((4, 3, 2), 16)
    numbers = lax.RaggedDotDimensionNumbers(dot_dimension_numbers=(([2], [1]), ([0], [0])),
                                            lhs_ragged_dimensions=[0], rhs_group_dimensions=[])
    group_sizes = np.array([1, 2], np.int32)
    expected = np.asarray(jax.jit(lambda a, b, g: lax.ragged_dot_general(a, b, g, numbers))(lhs, rhs, group_sizes))
    assert_same(_ragged(lhs, rhs, group_sizes, [(0,), (0,), (2,), (1,), (0,), ()], (4, 2, 2)), [expected])


# ---------------------------------------------------------------------------
# stablehlo-py run


@pytest.mark.xla
def test_cli_runs_an_exported_program_against_xla(tmp_path, capsys):
    """The exported program with XLA's results as check ops: exit status 0."""
    x = np.array([0.3, -1.2, 2.5, 0.0, -0.0, 4.0], np.float32)
    def fn(a):
        return jss.erf(a), jss.gammaln(a + 5), lax.top_k(a, 3)[1]

    text = export(fn, x)
    erf, lgamma, indices = xla(fn, x)
    checks = (
        "    check.expect_close %0, %c0, max_ulp_difference = 4 : tensor<6xf32>, tensor<6xf32>\n"
        "    check.expect_almost_eq %1, %c1, tolerance = 1.0e-5 : tensor<6xf32>\n"
        "    check.expect_eq %2, %c2 : tensor<3xi32>\n")
    consts = "".join(f"    %c{i} = stablehlo.constant dense<{np.array2string(v, separator=', ', precision=9)}> : "
                     f"tensor<{v.size}x{'i32' if v.dtype == np.int32 else 'f32'}>\n"
                     for i, v in enumerate((erf, lgamma, indices)))
    lines = text.splitlines()
    ret = next(i for i, line in enumerate(lines) if line.strip().startswith("return"))
    returned = [r.strip() for r in lines[ret].split("return", 1)[1].split(":")[0].split(",")]
    for i, name in enumerate(returned):
        checks = checks.replace(f"%{i},", f"{name},")
    lines[ret:ret] = (consts + checks).rstrip("\n").split("\n")
    path = tmp_path / "chlo.mlir"
    path.write_text("\n".join(lines))
    assert main(["run", str(path), "--args", _npy(tmp_path, x)]) == 0, capsys.readouterr().err


def _npy(tmp_path, array):
    path = tmp_path / "x.npy"
    np.save(path, array)
    return str(path)


def test_cli_reports_a_chlo_run_time_error(tmp_path, capsys):
    text = """func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}"""
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    np.save(tmp_path / "a.npy", np.ones(3, np.float32))
    np.save(tmp_path / "b.npy", np.ones(2, np.float32))
    assert main(["run", str(path), "--args", str(tmp_path / "a.npy"), str(tmp_path / "b.npy")]) == 1
    assert "chlo.broadcast_add" in capsys.readouterr().err
    np.save(tmp_path / "b.npy", np.ones(1, np.float32))
    assert main(["run", str(path), "--args", str(tmp_path / "a.npy"), str(tmp_path / "b.npy")]) == 0
    assert "array([2., 2., 2.], dtype=float32)" in capsys.readouterr().out
