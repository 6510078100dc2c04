"""`chlo-legalize-to-stablehlo` as upstream StableHLO has it: its decompositions of the special functions.

    registry.add_pass(pm, "chlo-legalize-to-stablehlo")
    legalize_chlo_upstream(module.operation)     # without a pass manager (raises PassError)

Every op takes the rule of our `stablehlo-py-chlo-legalize-to-stablehlo` (chlo_legalize.py) where
that rule already gives upstream's IR (test/conformance/chlo_vs_upstream.py measures it against
jaxlib's build of the pass), and upstream's formulas for the special functions, op for op and in
upstream's own op order (its lit test pins the order without cse; accuracy upstream's, docs/chlo.md):

* erf: f32 (and f16, bf16 computed in f32) x alpha(x^2)/beta(x^2) on x clamped to [-4, 4], the
  result clamped to [-1, 1]; f64 Cephes' x T(x^2)/U(x^2) below |x| = 1, 1 - erfc beyond;
* erfc: Cephes' forms, exp(-x^2) P/Q, R/S (f64) or exp(-x^2)/|x| P(1/x^2), R(1/x^2) (f32), 0
  where -x^2 < -maxlog, 2 - erfc(-x) for x < 0; 1 - erf below |x| = 1;
* erf_inv: Giles' polynomials in w = -log1p(-x^2), coefficients chosen by select;
* lgamma, digamma: Lanczos (g = 7, n = 9) with the reflection formulas (digamma NaN at every
  integer x <= 0, as jaxlib's 1.17 and XLA; upstream's later source gives -inf at 0); zeta: Euler-Maclaurin
  after 10 terms, 12 tail terms by Horner's rule; polygamma: (-1)^(n+1) exp(lgamma(n+1)) zeta(n+1, x);
* bessel_i1e: Cephes' Chebyshev series (17 and 7 terms in f32, 29 and 25 in f64);
* sinh, cosh: exp(x + log 1/2) -+ exp(log 1/2 - x) (complex too; real sinh below |x| = 1 from
  expm1), real narrow floats in f32; asin, acos, atan, asinh, acosh, atanh (real) and tan in the
  operand's own type, f16 and bf16 too (our formulas are upstream's for f32 and f64).

The complex inverse functions (and chlo._asin_acos_kernel) keep ours: upstream generates them
from functional_algorithms, a form not rebuilt here.

Constants are upstream's getConstantLike: a splat of the type of the value named, for `?` sizes a
scalar broadcast to that value's shape.shape_of (so the broadcast_zeta/_polygamma forms of `?`
sizes match too).
"""

from __future__ import annotations

import math

import mlir.ir as ir
import numpy as np

from ..dialects import stablehlo as hlo
from . import chlo_legalize as cl
from . import chlo_math as cm
from ._common import guarded_pass
from .chlo_math import V

__all__ = ["UPSTREAM_CHLO_LEGALIZE", "legalize_chlo_upstream", "upstream_chlo_legalize_pass"]

UPSTREAM_CHLO_LEGALIZE = "chlo-legalize-to-stablehlo"


class _Like(cm.Emitter):
    """An emitter whose constants are upstream's getConstantLike(value, like)."""

    def c(self, value, like) -> V:
        like = self.wrap(like).v
        return V(self, cl.splat_like(ir.RankedTensorType(like.type), like,
                                     lambda tensor_type: cm.splat_attr(tensor_type, value)))

    def _like(self, value, other) -> V:
        if isinstance(value, (V, ir.Value)):
            return self.wrap(value)
        return self.c(value, other)


def _poly(e: _Like, x: V, coefficients) -> V:
    """Horner's rule from the highest degree, constants like x (upstream's polynomial)."""
    p = e.c(float(coefficients[0]), x)
    for k in coefficients[1:]:
        p = p * x + e.c(float(k), x)
    return p


def _clamp(e: _Like, low: V, x: V, high: V) -> V:
    return V(e, hlo.clamp(low.v, x.v, high.v))


def _f64(x: V) -> bool:
    return isinstance(x.element, ir.F64Type)


# ----------------------------------------------------------------- erf, erfc

# Eigen's f32 erf: x alpha(x^2) / beta(x^2) on [-4, 4]
_ERF_ALPHA = [-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
              -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02]
_ERF_BETA = [-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
             -1.42647390514189e-02]
_MAXLOG = {True: 7.09782712893383996843e2, False: 88.72283905206835}


def _erf_le_one(e: _Like, x: V) -> V:
    """Cephes' erf for |x| <= 1: x T(x^2)/U(x^2) (f64), x T(x^2) (f32)."""
    xx = x * x
    if _f64(x):
        return x * _poly(e, xx, cm.ERF_T64) / _poly(e, xx, cm.ERF_U64)
    return x * _poly(e, xx, cm.ERF_T32)


def _erfc_ge_one(e: _Like, x: V) -> V:
    """Cephes' erfc for |x| >= 1, 0 where -x^2 < -maxlog, 2 - erfc(|x|) for x < 0 (statements in
    upstream's op order, which its lit test pins)."""
    xx = x * x
    z = -xx
    if _f64(x):
        exp_z = e.exp(z)
        ax = e.abs(x)
        near = exp_z * _poly(e, ax, cm.ERFC_P64) / _poly(e, ax, cm.ERFC_Q64)
        far = exp_z * _poly(e, ax, cm.ERFC_R64) / _poly(e, ax, cm.ERFC_S64)
        approx = e.where(ax < e.c(8.0, x), near, far)
        two = None
    else:
        ax = e.abs(x)
        one = e.c(1.0, x)
        inv_xx = one / xx
        scale = e.exp(z) * (one / ax)
        two = e.c(2.0, x)  # the threshold, reused in 2 - erfc below as upstream does
        below_two = ax < two
        approx = scale * e.where(below_two, _poly(e, inv_xx, cm.ERFC_P32), _poly(e, inv_xx, cm.ERFC_R32))
    underflow = z < e.c(-_MAXLOG[_f64(x)], x)
    zero = e.c(0.0, x)
    clamped = e.where(underflow, zero, approx)
    negative = x < zero
    return e.where(negative, (two if two is not None else e.c(2.0, x)) - clamped, clamped)


def erf(e: _Like, x: V) -> V:
    if _f64(x):
        small = _erf_le_one(e, x)
        one = e.c(1.0, x)
        large = one - _erfc_ge_one(e, x)
        return e.where(e.abs(x) < one, small, large)
    x = _clamp(e, e.c(-4.0, x), x, e.c(4.0, x))
    xx = x * x
    alpha, beta = _poly(e, xx, _ERF_ALPHA), _poly(e, xx, _ERF_BETA)
    ratio = x * alpha / beta
    return _clamp(e, e.c(-1.0, x), ratio, e.c(1.0, x))


def erfc(e: _Like, x: V) -> V:
    large = _erfc_ge_one(e, x)
    one = e.c(1.0, x)
    small = one - _erf_le_one(e, x)
    return e.where(e.abs(x) < one, small, large)


# ----------------------------------------------------------------- erf_inv

def erf_inv(e: _Like, x: V) -> V:
    w = -e.log1p(x * -x)
    if _f64(x):
        central, middle, tail = cm.ERFINV64_A, cm.ERFINV64_B, cm.ERFINV64_C
        lt625, lt16 = w < e.c(6.25, x), w < e.c(16.0, x)

        def coefficient(i):
            k = e.c(central[i], x)
            if i < len(middle):
                k = e.where(lt625, k, e.c(middle[i], x))
            if i < len(tail):
                k = e.where(lt16, k, e.c(tail[i], x))
            return k

        sqrt_w = e.sqrt(w)  # first, in upstream's op order
        w = e.where(lt625, w - e.c(3.125, x), sqrt_w - e.where(lt16, e.c(3.25, x), e.c(5.0, x)))
        p = coefficient(0)
        for i in range(1, len(central)):
            step = coefficient(i) + p * w
            # the shorter series stop early: p is kept where they have no more terms
            p = step if i < len(tail) else e.where(lt16 if i < len(middle) else lt625, step, p)
    else:
        split, central, tail = cm.ERFINV32
        lt = w < e.c(split, x)
        w = e.where(lt, w - e.c(2.5, x), e.sqrt(w) - e.c(3.0, x))
        p = e.where(lt, e.c(central[0], x), e.c(tail[0], x))
        for a, b in zip(central[1:], tail[1:]):
            p = e.where(lt, e.c(a, x), e.c(b, x)) + p * w
    px = p * x  # before the |x| = 1 test, in upstream's op order
    return e.where(e.abs(x).eq(e.c(1.0, x)), x * e.c(float("inf"), x), px)


# ----------------------------------------------------------------- lgamma, digamma, zeta, polygamma

def _lanczos_sum(e: _Like, x: V, z: V, zero: V = None):
    """(A(z), A'(z) from `zero`, or None without it) of the Lanczos series, constants like x."""
    derivative = zero is not None
    a = e.c(cm.LANCZOS[0], x)
    da = zero
    for k, coefficient in enumerate(cm.LANCZOS[1:], start=1):
        c = e.c(coefficient, x)
        term = z + e.c(float(k), x)
        if derivative:
            da = da - c / (term * term)
        a = a + c / term
    return a, da


def _lanczos_log_t(e: _Like, x: V, z: V):
    """(t, log t) with t = z + g + 1/2 and log t = log(g + 1/2) + log1p(z / (g + 1/2))."""
    g_half = e.c(cm.LANCZOS_G + 0.5, x)
    return g_half + z, e.c(math.log(cm.LANCZOS_G + 0.5), x) + e.log1p(z / g_half)


def _reflected_argument(e: _Like, x: V):
    """(1/2, x < 1/2, 1, z): z = -x there (the reflection takes the function at 1 - x), else x - 1
    (the constants returned for reuse, as upstream reuses them)."""
    half = e.c(0.5, x)
    reflect = x < half
    negated = -x
    one = e.c(1.0, x)
    return half, reflect, one, e.where(reflect, negated, x - one)


def lgamma(e: _Like, x: V) -> V:
    # statement by statement in upstream's op order (its lit test pins it)
    half, reflect, one, z = _reflected_argument(e, x)
    a, _ = _lanczos_sum(e, x, z)
    t, log_t = _lanczos_log_t(e, x, z)
    ratio = t / log_t
    body = ((z + half) - ratio) * log_t
    log_a = e.log(a)
    value = e.c((math.log(2) + math.log(math.pi)) / 2, x) + body + log_a
    ax = e.abs(x)
    frac = ax - e.floor(ax)
    frac = e.where(half < frac, one - frac, frac)
    log_sin = e.log(e.sin(e.c(math.pi, x) * frac))
    reflected_value = (e.c(math.log(math.pi), x) - log_sin) - value
    reflected = e.where(e.is_finite(log_sin), reflected_value, -log_sin)
    result = e.where(reflect, reflected, value)
    # chlo.is_inf as upstream lowers it (its own |x|, its infinity like |x|)
    ax = e.abs(x)
    return e.where(ax.eq(e.c(float("inf"), ax)), e.c(float("inf"), x), result)


def digamma(e: _Like, x: V) -> V:
    """NaN at the poles, the integers x <= 0, as jaxlib's StableHLO 1.17 (the tests' oracle), XLA
    and the interpreter have it (upstream's later pass gives -inf at 0)."""
    _, reflect, _, z = _reflected_argument(e, x)
    zero = e.c(0.0, x)
    a, da = _lanczos_sum(e, x, z, zero)
    t, log_t = _lanczos_log_t(e, x, z)
    ratio = da / a
    g_over_t = e.c(cm.LANCZOS_G, x) / t
    value = (log_t + ratio) - g_over_t
    reduced = x + e.abs(e.floor(x + e.c(0.5, x)))
    pi = e.c(math.pi, x)
    angle = pi * reduced
    cos, sin = e.cos(angle), e.sin(angle)
    result = e.where(reflect, value - (pi * cos) / sin, value)
    return e.where((x <= zero) & x.eq(e.floor(x)), e.c(float("nan"), x), result)


# 1 / the Euler-Maclaurin coefficients (2j)!/B_2j, j = 12 down to 1 (upstream's table, inverted)
_ZETA_INVERSE = [1.0 / k for k in (-7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
                                   1.1646782814350067249e14, -2.950130727918164224e12, 7.47242496e10,
                                   -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0, 12.0)]


def zeta(e: _Like, x: V, q: V) -> V:
    zero, one = e.c(0.0, q), e.c(1.0, q)
    minus_x = -x
    acc = q
    power_sum = e.pow(q, minus_x)
    for _ in range(9):
        acc = acc + one
        power_sum = power_sum + e.pow(acc, minus_x)
    acc = acc + one
    q_neg_power = e.pow(acc, minus_x)
    one_x = e.c(1.0, x)
    correction = (q_neg_power * acc) / (x - one_x)
    inv_acc2 = one / (acc * acc)
    horner = zero
    for i, inverse in enumerate(_ZETA_INVERSE[:-1]):
        factors = (x + e.c(float(22 - 2 * i), x)) * (x + e.c(float(21 - 2 * i), x))
        horner = factors * (inv_acc2 * (horner + e.c(inverse, acc)))
    tail = q_neg_power * (e.c(0.5, q_neg_power) + (x / acc) * (e.c(_ZETA_INVERSE[-1], acc) + horner))
    accurate = (power_sum + correction) + tail
    smallest = float(np.finfo(np.float64 if _f64(x) else np.float32).smallest_subnormal)
    small = e.abs(q_neg_power) < e.abs(power_sum) * e.c(smallest, acc)
    out = e.where(small, power_sum, accurate)
    nan = e.c(float("nan"), x)
    out = e.where(x < one_x, nan, out)
    q_le_zero = q <= zero
    out = e.where(q_le_zero & x.ne(e.floor(x)), nan, out)
    inf = e.c(float("inf"), x)
    at_pole = q_le_zero & q.eq(e.floor(q))
    two = e.c(2.0, x)  # before the test, in upstream's op order
    even = x.eq(e.floor(x)) & (x % two).eq(zero)
    out = e.where(at_pole, e.where(even, inf, nan), out)
    return e.where(x.eq(one), inf, out)


def polygamma(e: _Like, n: V, x: V) -> V:
    one, two = e.c(1.0, x), e.c(2.0, x)
    sign = two * (n % two) - one
    n1 = n + one
    scale = e.exp(lgamma(e, n1))
    zeta_n1 = zeta(e, n1, x)  # before the products, in upstream's op order
    result = (sign * scale) * zeta_n1
    zero = e.c(0.0, x)
    result = e.where(n.eq(zero), digamma(e, x), result)
    return e.where(n.ne(e.floor(n)) | (n < zero), e.c(float("nan"), x), result)


# ----------------------------------------------------------------- bessel_i1e

def _chebyshev(e: _Like, x: V, coefficients) -> V:
    """Upstream's Chebyshev recurrence (b0 = b1 = b2 = 0 first), constants like x."""
    b0, b1, b2 = e.c(0.0, x), e.c(0.0, x), e.c(0.0, x)  # three constants, as upstream emits
    for k in coefficients:
        b2, b1 = b1, b0
        b0 = x * b1 - b2 + e.c(float(k), x)
    return (b0 - b2) * e.c(0.5, x)


def bessel_i1e(e: _Like, x: V) -> V:
    a, b = (cm.I1E_A64, cm.I1E_B64) if _f64(x) else (cm.I1E_A32, cm.I1E_B32)
    z = e.abs(x)
    half, two, thirty_two, eight = (e.c(v, x) for v in (0.5, 2.0, 32.0, 8.0))  # upstream's order
    near = z * _chebyshev(e, half * z - two, a)
    far = _chebyshev(e, thirty_two / z - two, b) / e.sqrt(z)
    chosen = e.where(z <= eight, near, far)
    return e.sign(x) * chosen


# ----------------------------------------------------------------- in the type itself; sinh, cosh

def _in_type(real):
    """Upstream's rule for the inverse trigonometric and hyperbolic functions: our formula (upstream's
    for f32 and f64) computed in the operand's own type, narrow floats too; complex elements ours."""
    def rule(op):
        x = op.operands[0]
        if cm.is_complex(cm.element_type(x)):
            return cl.RULES[op.name](op)
        e = cm.Emitter(x)
        return [real(e, e.wrap(x)).v]
    return rule


def _exp_halves(e: _Like, x: V):
    """(exp(x + log 1/2), exp(log 1/2 - x)): e^x/2 and e^-x/2 without overflowing before them."""
    log_half = e.log(e.c(0.5, x))
    return e.exp(x + log_half), e.exp(log_half - x)


def sinh(e: _Like, x: V) -> V:
    """Complex: e^x/2 - e^-x/2; real: that for |x| >= 1, (u + u/(u + 1))/2 with u = expm1(x) below."""
    up, down = _exp_halves(e, x)
    large = up - down
    if cm.is_complex(x.element):
        return large
    u = e.expm1(x)
    one = e.c(1.0, x)
    small = e.c(0.5, x) * (u + u / (u + one))
    return e.where(e.abs(x) < one, small, large)


def cosh(e: _Like, x: V) -> V:
    up, down = _exp_halves(e, x)
    return up + down


def _hyperbolic(f):
    """sinh/cosh: real floats in f32 or f64 (narrow ones converted), complex in their own type."""
    real = cl.math_rule(f, emitter_class=_Like)

    def rule(op):
        x = op.operands[0]
        if cm.is_complex(cm.element_type(x)):
            e = _Like(x)
            return [f(e, e.wrap(x)).v]
        return real(op)
    return rule


# ----------------------------------------------------------------- the table

def _special(real):
    return cl.math_rule(real, emitter_class=_Like)


def _rules() -> dict:
    """The pass's table: ours, with upstream's special functions."""
    table = dict(cl.RULES)
    table.update({f"chlo.{f.__name__}": _special(f)
                  for f in (erf, erfc, erf_inv, lgamma, digamma, bessel_i1e, zeta, polygamma)})
    table.update({
        "chlo.broadcast_zeta": cl.broadcasting_math_rule(zeta, emitter_class=_Like),
        "chlo.broadcast_polygamma": cl.broadcasting_math_rule(polygamma, emitter_class=_Like),
        "chlo.tan": lambda op: [hlo.tan(op.operands[0])],
        "chlo.sinh": _hyperbolic(sinh),
        "chlo.cosh": _hyperbolic(cosh),
    })
    table.update({f"chlo.{f.__name__}": _in_type(f)
                  for f in (cm.asin, cm.acos, cm.atan, cm.asinh, cm.acosh, cm.atanh)})
    return table


_RULES = _rules()


def legalize_chlo_upstream(root) -> None:
    """Every chlo op under `root` by upstream's decompositions (raises PassError)."""
    cl.legalize_chlo(root, _RULES, UPSTREAM_CHLO_LEGALIZE)


def upstream_chlo_legalize_pass():
    return guarded_pass(UPSTREAM_CHLO_LEGALIZE, legalize_chlo_upstream)
