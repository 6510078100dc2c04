"""`stablehlo-complex-math-expander`: complex sqrt, log, log_plus_one and exponential in real arithmetic.

    registry.add_pass(pm, "func.func(stablehlo-complex-math-expander)")
    expand_complex_math(module.operation)                 # without a pass manager

As upstream's pass, it rewrites these four ops when their element type is complex (every other op,
and these ops on real types, stay as they are) into ops on the real and imaginary parts x and y,
joined by `stablehlo.complex`. The formulas avoid the cancellation, overflow and underflow of the
textbook ones (the algorithms upstream's pattern file describes; the code is ours):

* sqrt: u = sqrt((|x| + hypot(x, y)) / 2) and v = |y| / (2u) (the product uv is |y|/2, so neither
  part subtracts); sqrt(z) = u + i sgn(y) v for x >= 0 and v + i sgn(y) u for x < 0. hypot is
  max * sqrt(1 + (min/max)^2); inputs near the largest finite value are scaled by 1/4 first, and
  tiny ones (subnormals included) by 2^(2p) (p: the significand's bits), exactly.
* log: log|z| from s = x^2 + y^2 - 1 summed in twice the precision (x^2 and y^2 split exactly by
  Dekker's product, the terms added with 2Sum, s = s_hi + s_lo): log1p(s)/2 where |z|^2 >= 1/2,
  (log(1 + s_hi) + s_lo/(1 + s_hi))/2 below that while max(|x|, |y|) >= 1/4, and elsewhere (or
  where the squares would overflow) log(max) + log1p((min/max)^2)/2; the imaginary part is
  atan2(y, x).
* log_plus_one: the same for |w + iy|, w = x + 1, with s = 2x + x^2 + y^2 (not used where
  max(|x|, |y|) > sqrt(largest)/100); the imaginary part is atan2(y, w).
* exponential: e^x cos y + i e^x sin y; where e^x overflows, (e^(x - K) cos y) e^K (and sine), K a
  power of 2 below log(largest) (64, 512: x - K is exact there) and e^K a constant.

Zeros, infinities and NaNs give C99's values (those of numpy's complex functions): sqrt(-4 - 0i) =
-2i, exp(x + 0i) has imaginary part 0, log(NaN + inf i) = inf + NaN i, and so on. Upstream's
expansion gives NaN or a wrong sign for some of these (docs/passes.md).

An op whose `result_accuracy` is not the default (mode other than DEFAULT) asks its backend for
an accuracy of its own and stays, as upstream leaves it.

Option `mode` (upstream's): `precision` (the default) expands the four ops above; `all` also
expands complex add, subtract, negate (part by part), multiply ((ac - bd) + (ad + bc)i) and divide
(Smith's method, as upstream: with r = d/c where |d| <= |c|, (a + br)/(c + dr) +
i (b - ar)/(c + dr), else with r = c/d, (ar + b)/(cr + d) + i (br - a)/(cr + d); it avoids the
overflow of c^2 + d^2, but infinities and NaNs give what that arithmetic gives, not C99's values).

For a shape with `?` sizes, the constants are `chlo.constant_like` of the operand's real part, as
upstream makes them. Afterwards dead ops are erased and constants merged and moved to the start of
each function, as upstream's greedy driver does (rewrites/_expanding.py).
"""

from __future__ import annotations

import decimal
import math

import mlir.ir as ir
import numpy as np

from ...dialects import chlo
from ...dialects import stablehlo as hlo
from .. import chlo_math as cm
from .._common import collect, guarded_pass
from ._expanding import greedy_cleanup, ranked
from ._rewriting import replace_op

__all__ = ["COMPLEX_MATH_EXPANDER", "EXPANDED_OPS", "expand_complex_math", "complex_math_expander_pass"]

COMPLEX_MATH_EXPANDER = "stablehlo-complex-math-expander"
INF = float("inf")


class _Emitter(cm.Emitter):
    """chlo_math's emitter, with upstream's constants for `?` sizes: chlo.constant_like."""

    def const(self, value, element=None):
        if self.type.has_static_shape:
            return super().const(value, element)
        element = element or self.element
        key = (str(element), repr(value))
        if key not in self._constants:
            if isinstance(element, ir.IntegerType):
                attr = ir.IntegerAttr.get(element, int(value))
            else:
                attr = ir.FloatAttr.get(element, float(value))
            self._constants[key] = chlo.constant_like(attr, self.like)
        return cm.V(self, self._constants[key])


class _Format:
    """What the formulas need to know of the part type (f32 or f64)."""

    def __init__(self, element):
        info = np.finfo(np.float64 if isinstance(element, ir.F64Type) else np.float32)
        self.largest = float(info.max)
        self.digits = info.nmant + 1                      # p: 24, 53
        self.min_exponent = info.minexp                   # of the smallest normal: -126, -1022
        self.splitter = float(2 ** ((self.digits + 1) // 2) + 1)   # Veltkamp: 4097, 2^27 + 1
        # K, a power of 2 below log(largest) (64, 512), and e^K rounded once
        self.exp_shift = 2.0 ** math.floor(math.log2(math.log(self.largest)))
        with decimal.localcontext() as context:
            context.prec = 60
            self.exp_of_shift = float(decimal.Decimal(self.exp_shift).exp())


# ----------------------------------------------------------------- exact pieces

def _square(e, a, fmt):
    """(hi, lo) with hi + lo == a * a exactly (Dekker; a split in halves by Veltkamp's constant)."""
    hi = a * a
    t = a * fmt.splitter
    a_hi = t - (t - a)
    a_lo = a - a_hi
    cross = a_hi * a_lo
    lo = (((a_hi * a_hi - hi) + cross) + cross) + a_lo * a_lo
    return hi, lo


def _two_sum(a, b):
    """(s, err) with s + err == a + b exactly (Knuth's 2Sum: no order between a and b needed)."""
    s = a + b
    b_part = s - a
    err = (a - (s - b_part)) + (b - b_part)
    return s, err


def _sum(terms):
    """The sum of `terms` in about twice the precision, as (hi, lo): each term added with 2Sum, the
    rounding errors summed apart (after a cancellation they are as large as the sum)."""
    total, errors = terms[0], None
    for t in terms[1:]:
        total, err = _two_sum(total, t)
        errors = err if errors is None else errors + err
    return total, errors


def _log_hypot(e, hi, lo):
    """log(hypot(hi, lo)) for hi >= lo >= 0 without overflow or underflow: log(hi) + log1p((lo/hi)^2)/2,
    with lo/hi taken as 1 where lo == hi (0 and 0, inf and inf)."""
    ratio = e.where(lo.eq(hi), 1.0, lo / hi)
    return e.log(hi) + 0.5 * e.log1p(ratio * ratio)


def _log_abs(e, hi, lo, s, squares):
    """log|hi + lo i| for hi >= lo >= 0, given s = hi^2 + lo^2 - 1 as (s_hi, s_lo) where `squares` (no
    overflow): log1p(s)/2 for hi^2 + lo^2 >= 1/2; (log(1 + s_hi) + s_lo/(1 + s_hi))/2 below that while
    hi >= 1/4 (1 + s_hi is exact there); _log_hypot elsewhere (log(hi) dominates, or s overflows)."""
    s_hi, s_lo = s
    near = s_hi + s_lo
    t = 1.0 + s_hi
    upper = 0.5 * e.log1p(near)
    middle = 0.5 * (e.log(t) + s_lo / t)
    return e.where(squares & (near >= -0.5), upper,
                   e.where(squares & (hi >= 0.25), middle, _log_hypot(e, hi, lo)))


def _infinite(e, ax, ay):
    return ax.eq(INF) | ay.eq(INF)


# ----------------------------------------------------------------- the four functions

def _sqrt(e, x, y, fmt):
    ax, ay = e.abs(x), e.abs(y)
    mx = e.max(ax, ay)
    big = mx > fmt.largest / 4.0
    small = mx < 2.0 ** (fmt.min_exponent + fmt.digits)
    scale = e.where(big, 0.25, e.where(small, 2.0 ** (2 * fmt.digits), 1.0))
    unscale = e.where(big, 2.0, e.where(small, 2.0 ** -fmt.digits, 1.0))
    sx, sy = ax * scale, ay * scale
    hi, lo = e.max(sx, sy), e.min(sx, sy)
    ratio = e.where(lo.eq(hi), 1.0, lo / hi)
    hypot = hi * e.sqrt(1.0 + ratio * ratio)
    u = e.sqrt(0.5 * (sx + hypot)) * unscale
    v = ay / e.where(u.eq(0.0), 1.0, 2.0 * u)          # u == 0 only where y == 0
    positive = x >= 0.0
    real = e.where(positive, u, v)
    imag = e.where(positive, v, u)
    # infinities (C99 csqrt): x + inf i -> inf + inf i, inf + y i -> inf + 0i, -inf + y i -> 0 + inf i
    y_inf = ay.eq(INF)
    real = e.where(y_inf | x.eq(INF), INF, real)
    imag = e.where(y_inf | x.eq(-INF), INF, imag)
    return real, e.where(e.signbit(y), -imag, imag)


def _log(e, x, y, fmt):
    ax, ay = e.abs(x), e.abs(y)
    hi, lo = e.max(ax, ay), e.min(ax, ay)
    xx, xx_lo = _square(e, x, fmt)
    yy, yy_lo = _square(e, y, fmt)
    s = _sum([e.const(-1.0), e.max(xx, yy), e.min(xx, yy), yy_lo, xx_lo])   # |z|^2 - 1
    squares = hi <= math.sqrt(fmt.largest) / 4.0
    real = e.where(_infinite(e, ax, ay), INF, _log_abs(e, hi, lo, s, squares))
    return real, e.atan2(y, x)


def _log1p(e, x, y, fmt):
    ax, ay = e.abs(x), e.abs(y)
    w = x + 1.0
    aw = e.abs(w)
    xx, xx_lo = _square(e, x, fmt)
    yy, yy_lo = _square(e, y, fmt)
    s = _sum([x + x, yy, xx, yy_lo, xx_lo])                                   # |1 + z|^2 - 1
    squares = e.max(ax, ay) <= math.sqrt(fmt.largest) / 100.0
    real = _log_abs(e, e.max(aw, ay), e.min(aw, ay), s, squares)
    real = e.where(_infinite(e, ax, ay), INF, real)
    return real, e.atan2(y, w)


def _exp(e, x, y, fmt):
    ex = e.exp(x)
    overflow = ex.eq(INF)
    shifted = e.exp(x - fmt.exp_shift)   # x - K is exact where e^x overflows and e^x cos y need not
    c, s = e.cos(y), e.sin(y)
    real = e.where(overflow, (shifted * c) * fmt.exp_of_shift, ex * c)
    imag = e.where(overflow, (shifted * s) * fmt.exp_of_shift, ex * s)
    imag = e.where(y.eq(0.0), y, imag)                    # exp(x + 0i) is real, also for x = inf
    # y infinite or NaN: NaN parts, except exp(inf + yi) = inf + NaN i, exp(-inf + yi) = 0 +- 0i
    not_finite = ~(e.abs(y) < INF)
    from_minus_inf = not_finite & x.eq(-INF)
    real = e.where(not_finite & x.eq(INF), INF, e.where(from_minus_inf, 0.0, real))
    imag = e.where(from_minus_inf, e.where(e.signbit(y), -0.0, 0.0), imag)
    return real, imag


EXPANDED_OPS = {"stablehlo.sqrt": _sqrt, "stablehlo.log": _log, "stablehlo.log_plus_one": _log1p,
                "stablehlo.exponential": _exp}


# ----------------------------------------------------------------- arithmetic (mode=all)

def _add(a, b, c, d):
    return hlo.add(a, c), hlo.add(b, d)


def _subtract(a, b, c, d):
    return hlo.subtract(a, c), hlo.subtract(b, d)


def _multiply(a, b, c, d):
    return (hlo.subtract(hlo.multiply(a, c), hlo.multiply(b, d)),
            hlo.add(hlo.multiply(a, d), hlo.multiply(b, c)))


def _divide(a, b, c, d):
    """Smith's method: the ratio of the smaller to the larger part of the divisor keeps c^2 + d^2
    (which overflows or underflows) out of it."""
    c_larger = hlo.compare(hlo.abs(d), hlo.abs(c), hlo.ComparisonDirectionAttr.get("LE"))
    r = hlo.divide(d, c)                                   # |d| <= |c|
    den = hlo.add(c, hlo.multiply(d, r))
    real1 = hlo.divide(hlo.add(a, hlo.multiply(b, r)), den)
    imag1 = hlo.divide(hlo.subtract(b, hlo.multiply(a, r)), den)
    q = hlo.divide(c, d)                                   # |d| > |c|
    den2 = hlo.add(hlo.multiply(c, q), d)
    real2 = hlo.divide(hlo.add(hlo.multiply(a, q), b), den2)
    imag2 = hlo.divide(hlo.subtract(hlo.multiply(b, q), a), den2)
    return hlo.select(c_larger, real1, real2), hlo.select(c_larger, imag1, imag2)


ARITHMETIC_OPS = {"stablehlo.add": _add, "stablehlo.subtract": _subtract, "stablehlo.multiply": _multiply,
                  "stablehlo.divide": _divide}
MODES = ("precision", "all")


# ----------------------------------------------------------------- pass

def _complex_operand(op) -> bool:
    t = ranked(op.operands[0].type)
    return t is not None and isinstance(t.element_type, ir.ComplexType)


def _default_accuracy(op) -> bool:
    if "result_accuracy" not in op.attributes:
        return True
    return hlo.ResultAccuracyAttr(op.attributes["result_accuracy"]).mode == "DEFAULT"


def _expand(op) -> None:
    z = op.operands[0]
    with ir.InsertionPoint(op), op.location:
        if op.name == "stablehlo.negate":
            value = hlo.complex(hlo.negate(hlo.real(z)), hlo.negate(hlo.imag(z)))
        elif op.name in ARITHMETIC_OPS:
            w = op.operands[1]
            real, imag = ARITHMETIC_OPS[op.name](hlo.real(z), hlo.imag(z), hlo.real(w), hlo.imag(w))
            value = hlo.complex(real, imag)
        else:
            x = hlo.real(z)
            e = _Emitter(x)
            fmt = _Format(e.element)
            real, imag = EXPANDED_OPS[op.name](e, e.wrap(x), e.wrap(hlo.imag(z)), fmt)
            value = hlo.complex(real.v, imag.v)
    replace_op(op, [value])


def _checked_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"{COMPLEX_MATH_EXPANDER}: mode expects precision or all, got '{mode}'")
    return mode


def expand_complex_math(root, mode: str = "precision") -> None:
    """Expand the complex ops of `mode` under `root` (a module or a function; see the module's doc)."""
    _checked_mode(mode)
    names = set(EXPANDED_OPS)
    if mode == "all":
        names |= set(ARITHMETIC_OPS) | {"stablehlo.negate"}
    with root.context, root.location:
        for op in collect(root, lambda op: op.name in names and _complex_operand(op) and _default_accuracy(op)):
            _expand(op)
        greedy_cleanup(root)


def complex_math_expander_pass(options):
    """The pass body for registry.py's textual options ({"mode": "precision"})."""
    mode = _checked_mode(options.get("mode", "precision").strip())  # an unknown mode fails as the pipeline is built
    return guarded_pass(COMPLEX_MATH_EXPANDER, lambda op: expand_complex_math(op, mode))
