"""The numeric decompositions of chlo-legalize-to-stablehlo: StableHLO formulas for chlo's math ops.

Each function here takes an `Emitter` and values (`V`) of one shape and returns the result as a
`V`, emitting StableHLO ops at the current insertion point and location. `V` overloads the
arithmetic operators (`x * x + 1.0`, `x < 0.5`), so the formulas read as formulas; a Python
number next to a value becomes a splat constant of that value's type. The special functions
are computed in f32 for f32 and narrower floats (the caller converts, see `in_compute_type`)
and in f64 for f64. docs/chlo.md lists the algorithms and the errors measured against mpmath.
"""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import mlir.ir as ir
import numpy as np

from ..dialects import stablehlo as hlo
from ..interpreter.core.types import element_info

__all__ = ["Emitter", "V", "in_compute_type", "element_type", "is_float", "is_complex", "size_vector",
           "dimension_sizes", "splat_attr",
           "erf", "erfc", "erf_inv", "lgamma", "digamma", "zeta", "polygamma", "bessel_i1e",
           "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh",
           "complex_sinh", "complex_cosh", "complex_atanh", "complex_atan", "asin_acos_kernel",
           "complex_asin", "complex_acos", "complex_asinh", "complex_acosh", "square", "next_after",
           "mulhi"]


# ----------------------------------------------------------------- types

def element_type(value) -> ir.Type:
    return ir.RankedTensorType(value.type).element_type


def is_float(t) -> bool:
    return isinstance(t, ir.FloatType)


def is_complex(t) -> bool:
    return isinstance(t, ir.ComplexType)


def _with_element(t, element) -> ir.Type:
    t = ir.RankedTensorType(t)
    return ir.RankedTensorType.get(t.shape, element, t.encoding)


# ----------------------------------------------------------------- emitter

class Emitter:
    """Emits StableHLO ops on values shaped like `like` (constants are splats of that shape; for a
    dynamic shape, a scalar broadcast to the shape `like` has at run time)."""

    def __init__(self, like, element=None):
        self.like = like.v if isinstance(like, V) else like
        self.type = ir.RankedTensorType(self.like.type)
        self.element = element or self.type.element_type  # of constants whose type nothing else gives
        self._shape = None
        self._constants = {}

    def wrap(self, value) -> "V":
        return value if isinstance(value, V) else V(self, value)

    def shape_tensor(self):
        """The run-time shape of `like` (which has a `?` size) as a tensor<Rxi32>, built once."""
        if self._shape is None:
            self._shape = dimension_sizes(self.like)
        return self._shape

    def const(self, value, element=None) -> "V":
        """A splat of `value` shaped like `like`, of `element` (default: like's element type)."""
        element = element or self.element
        key = (str(element), repr(value))
        if key not in self._constants:
            static = self.type.has_static_shape
            shape = self.type.shape if static else []
            attr = splat_attr(ir.RankedTensorType.get(shape, element), value)
            result = hlo.constant(attr)
            if not static:
                result = hlo.dynamic_broadcast_in_dim(_with_element(self.type, element), result,
                                                      self.shape_tensor(), [])
            self._constants[key] = result
        return V(self, self._constants[key])

    # one-operand ops
    def _unary(self, build, x) -> "V":
        return V(self, build(self.wrap(x).v))

    def exp(self, x): return self._unary(hlo.exponential, x)
    def expm1(self, x): return self._unary(hlo.exponential_minus_one, x)
    def log(self, x): return self._unary(hlo.log, x)
    def log1p(self, x): return self._unary(hlo.log_plus_one, x)
    def sqrt(self, x): return self._unary(hlo.sqrt, x)
    def sin(self, x): return self._unary(hlo.sine, x)
    def cos(self, x): return self._unary(hlo.cosine, x)
    def tan(self, x): return self._unary(hlo.tan, x)
    def floor(self, x): return self._unary(hlo.floor, x)
    def abs(self, x): return self._unary(hlo.abs, x)
    def sign(self, x): return self._unary(hlo.sign, x)
    def is_finite(self, x): return self._unary(hlo.is_finite, x)
    def real(self, x): return self._unary(hlo.real, x)
    def imag(self, x): return self._unary(hlo.imag, x)

    def atan2(self, y, x): return V(self, hlo.atan2(self.wrap(y).v, self._like(x, y).v))
    def pow(self, x, y): return V(self, hlo.power(self.wrap(x).v, self._like(y, x).v))
    def max(self, x, y): return V(self, hlo.maximum(self.wrap(x).v, self._like(y, x).v))
    def min(self, x, y): return V(self, hlo.minimum(self.wrap(x).v, self._like(y, x).v))
    def complex(self, re, im): return V(self, hlo.complex(self.wrap(re).v, self._like(im, re).v))

    def where(self, pred, on_true, on_false) -> "V":
        """select(pred, on_true, on_false); a Python number takes the other branch's type."""
        if not isinstance(on_true, (V, ir.Value)):
            on_true = self.const(on_true) if not isinstance(on_false, (V, ir.Value)) else self._like(on_true, on_false)
        on_false = self._like(on_false, on_true)
        return V(self, hlo.select(self.wrap(pred).v, self.wrap(on_true).v, on_false.v))

    def convert(self, x, element) -> "V":
        x = self.wrap(x)
        return V(self, hlo.convert(_with_element(x.v.type, element), x.v))

    def bitcast(self, x, element) -> "V":
        x = self.wrap(x)
        return V(self, hlo.bitcast_convert(_with_element(x.v.type, element), x.v))

    def _like(self, value, other) -> "V":
        """`value` as a V; a Python number becomes a constant of `other`'s element type."""
        if isinstance(value, (V, ir.Value)):
            return self.wrap(value)
        return self.const(value, element_type(self.wrap(other).v))

    # composite helpers
    def poly(self, x, coefficients) -> "V":
        """Horner's rule; coefficients from the highest degree down."""
        result = self.const(float(coefficients[0]), x.element)
        for c in coefficients[1:]:
            result = result * x + float(c)
        return result

    def copysign(self, magnitude, sign) -> "V":
        """|magnitude| with the sign bit of `sign` (-0.0 counts as negative)."""
        magnitude = self.abs(magnitude)
        return self.where(self.signbit(sign), -magnitude, magnitude)

    def signbit(self, x) -> "V":
        x = self.wrap(x)
        width = ir.FloatType(x.element).width
        return self.bitcast(x, ir.IntegerType.get_signless(width)) < 0


def size_vector(sizes):
    """A tensor<Nxi32> (N >= 1) of `sizes`: Python ints or tensor<i32> values."""
    one = ir.RankedTensorType.get([1], ir.IntegerType.get_signless(32))
    parts = [hlo.reshape(one, s) if isinstance(s, ir.Value) else hlo.constant(splat_attr(one, s)) for s in sizes]
    return parts[0] if len(parts) == 1 else hlo.concatenate(parts, 0)


def dimension_sizes(value):
    """The run-time shape of `value` (which has a `?` size) as a tensor<Rxi32>: its static sizes
    as constants, get_dimension_size for the `?` ones."""
    shape = ir.RankedTensorType(value.type).shape
    return size_vector([hlo.get_dimension_size(value, d) if ir.ShapedType.is_dynamic_size(n) else n
                        for d, n in enumerate(shape)])


def splat_attr(tensor_type, value) -> ir.Attribute:
    """A dense splat of `value` (bool, int, float or complex) of tensor type `tensor_type`."""
    element = ir.RankedTensorType(tensor_type).element_type
    if is_complex(element):  # from numpy: the bindings cannot cast a complex splat built otherwise
        dtype = np.complex128 if isinstance(ir.ComplexType(element).element_type, ir.F64Type) else np.complex64
        return ir.DenseElementsAttr.get(np.array(complex(value), dtype), type=tensor_type)
    if isinstance(element, ir.IntegerType):
        scalar = ir.IntegerAttr.get(element, int(value))
    else:
        scalar = ir.FloatAttr.get(element, float(value))
    return ir.DenseElementsAttr.get_splat(tensor_type, scalar)


class V:
    """A value and its emitter, with arithmetic operators (see the module doc)."""

    __slots__ = ("e", "v")

    def __init__(self, emitter: Emitter, value):
        self.e, self.v = emitter, value.v if isinstance(value, V) else value

    @property
    def element(self) -> ir.Type:
        return element_type(self.v)

    def _other(self, other) -> "V":
        return self.e._like(other, self)

    def _binary(self, build, other, reverse=False) -> "V":
        other = self._other(other)
        a, b = (other, self) if reverse else (self, other)
        return V(self.e, build(a.v, b.v))

    def __add__(self, o): return self._binary(hlo.add, o)
    def __radd__(self, o): return self._binary(hlo.add, o, True)
    def __sub__(self, o): return self._binary(hlo.subtract, o)
    def __rsub__(self, o): return self._binary(hlo.subtract, o, True)
    def __mul__(self, o): return self._binary(hlo.multiply, o)
    def __rmul__(self, o): return self._binary(hlo.multiply, o, True)
    def __truediv__(self, o): return self._binary(hlo.divide, o)
    def __rtruediv__(self, o): return self._binary(hlo.divide, o, True)
    def __mod__(self, o): return self._binary(hlo.remainder, o)
    def __and__(self, o): return self._binary(hlo.and_, o)
    def __or__(self, o): return self._binary(hlo.or_, o)
    def __xor__(self, o): return self._binary(hlo.xor, o)
    def __lshift__(self, o): return self._binary(hlo.shift_left, o)
    def __neg__(self): return V(self.e, hlo.negate(self.v))
    def __invert__(self): return V(self.e, hlo.not_(self.v))

    def shr(self, o, arithmetic: bool) -> "V":
        return self._binary(hlo.shift_right_arithmetic if arithmetic else hlo.shift_right_logical, o)

    def _compare(self, direction, other) -> "V":
        other = self._other(other)
        return V(self.e, hlo.compare(self.v, other.v, hlo.ComparisonDirectionAttr.get(direction)))

    def __lt__(self, o): return self._compare("LT", o)
    def __le__(self, o): return self._compare("LE", o)
    def __gt__(self, o): return self._compare("GT", o)
    def __ge__(self, o): return self._compare("GE", o)
    def eq(self, o): return self._compare("EQ", o)
    def ne(self, o): return self._compare("NE", o)

    __hash__ = None  # == is not overloaded (use eq): values are not hashable keys


def in_compute_type(operands, body, emitter_class=None):
    """`body(emitter, *operands)` on real float operands converted to f32 if they are narrower
    (f16, bf16, f8, f6, f4), the result converted back; f32 and f64 are used as they are.
    `emitter_class`: an Emitter subclass (chlo_upstream's constants shaped as upstream's)."""
    element = element_type(operands[0])
    wide = ir.F32Type.get() if is_float(element) and ir.FloatType(element).width < 32 else None
    emitter = (emitter_class or Emitter)(operands[0], wide)
    values = [emitter.convert(v, wide) if wide is not None else emitter.wrap(v) for v in operands]
    result = body(emitter, *values)
    return result.v if wide is None else emitter.convert(result, element).v


def _is_f64(x: V) -> bool:
    return isinstance(x.element, ir.F64Type)


def _eps(x: V) -> float:
    return 2.0 ** -52 if _is_f64(x) else 2.0 ** -23


def _max_finite(x: V) -> float:
    """The largest finite value of x's type (narrow floats: upstream's forms computed in the type)."""
    return float(ml_dtypes.finfo(element_info(x.element).dtype).max)


# ----------------------------------------------------------------- erf family (Cephes ndtr.c, ndtrf.c)
# (the coefficient tables here are public: chlo_upstream.py builds upstream's forms from them too)

# erf(x) = x T(x^2) / U(x^2) for |x| < 1 (f64)
ERF_T64 = [9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
           7.00332514112805075473e3, 5.55923013010394962768e4]
ERF_U64 = [1.0, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
           2.26290000613890934246e4, 4.92673942608635921086e4]
# erfc(x) = exp(-x^2) P(x) / Q(x) for 1 <= x < 8, exp(-x^2) R(x) / S(x) for x >= 8 (f64)
ERFC_P64 = [2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
            4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
            9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2]
ERFC_Q64 = [1.0, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
            9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
            1.65666309194161350182e3, 5.57535340817727675546e2]
ERFC_R64 = [5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0,
            6.16021097993053585195e0, 7.40974269950448939160e0, 2.97886665372100240670e0]
ERFC_S64 = [1.0, 2.26052863220117276590e0, 9.39603524938001434673e0, 1.20489539808096656605e1,
            1.70814450747565897222e1, 9.60896809063285878198e0, 3.36907645100081516050e0]
# f32: erf(x) = x T(x^2) for |x| < 1; erfc(x) = exp(-x^2)/x P(1/x^2) for 1 <= x < 2, R(1/x^2) beyond
ERF_T32 = [7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2,
           1.128358514861418e-1, -3.761262582423300e-1, 1.128379165726710e0]
ERFC_P32 = [2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1,
            6.210004621745983e-1, -4.944515323274145e-1, 3.404879937665872e-1, -2.741127028184656e-1,
            5.638259427386472e-1]
ERFC_R32 = [-1.047766399936249e1, 1.297719955372516e1, -7.495518717768503e0, 2.921019019210786e0,
            -1.015265279202700e0, 4.218463358204948e-1, -2.820767439740514e-1, 5.641895067754075e-1]


def _exp_neg_square(e: Emitter, ax: V) -> V:
    """exp(-ax^2) without the error of rounding ax^2: ax = m + f with m a multiple of 1/128, so
    m^2 is exact and exp(-m^2) exp(-(2mf + f^2)) carries only the errors of exp."""
    m = e.floor(ax * 128.0 + 0.5) * (1.0 / 128.0)
    f = ax - m
    return e.exp(-(m * m)) * e.exp(-(2.0 * m * f + f * f))


def _erf_small(e: Emitter, x: V) -> V:
    """erf(x) for |x| < 1."""
    z = x * x
    if _is_f64(x):
        return x * e.poly(z, ERF_T64) / e.poly(z, ERF_U64)
    return x * e.poly(z, ERF_T32)


def _erfc_large(e: Emitter, ax: V) -> V:
    """erfc(ax) for ax >= 1 (0 where it underflows, also for +inf; NaN stays NaN)."""
    scale = _exp_neg_square(e, ax)
    if _is_f64(ax):
        near = e.poly(ax, ERFC_P64) / e.poly(ax, ERFC_Q64)
        far = e.poly(ax, ERFC_R64) / e.poly(ax, ERFC_S64)
        y = scale * e.where(ax < 8.0, near, far)
        limit = 27.3  # erfc(27.3) < 2^-1075
    else:
        z = 1.0 / (ax * ax)
        y = scale / ax * e.where(ax < 2.0, e.poly(z, ERFC_P32), e.poly(z, ERFC_R32))
        limit = 10.1  # erfc(10.1) < 2^-150
    return e.where(ax > limit, 0.0, y)


def erf(e: Emitter, x: V) -> V:
    ax = e.abs(x)
    large = 1.0 - _erfc_large(e, ax)
    return e.where(ax < 1.0, _erf_small(e, x), e.where(x < 0.0, -large, large))


def erfc(e: Emitter, x: V) -> V:
    ax = e.abs(x)
    large = _erfc_large(e, ax)
    return e.where(ax < 1.0, 1.0 - _erf_small(e, x), e.where(x < 0.0, 2.0 - large, large))


# Giles, "Approximating the erfinv function" (GPU Computing Gems, 2011): single precision (w < 5,
# w >= 5) and double precision (w < 6.25, w < 16, w >= 16), erfinv(x) = x p(w'), w = -log(1 - x^2).
ERFINV32 = (5.0, [2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                  -0.00125372503, -0.00417768164, 0.246640727, 1.50140941],
            [-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
             -0.0076224613, 0.00943887047, 1.00167406, 2.83297682])
ERFINV64_A = [-3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
              1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
              6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
              2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
              1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
              4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
              0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
              0.24015818242558961693, 1.6536545626831027356]
ERFINV64_B = [2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
              1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
              2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
              6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
              0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
              -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
              3.0838856104922207635]
ERFINV64_C = [-2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
              -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
              2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
              -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
              7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
              1.0103004648645343977, 4.8499064014085844221]


def erf_inv(e: Emitter, x: V) -> V:
    ax = e.abs(x)
    # 1 - x^2 as (1 - |x|)(1 + |x|): exact-ish near |x| = 1, where w matters most
    w = -e.log((1.0 - ax) * (1.0 + ax))
    if _is_f64(x):
        sw = e.sqrt(w)
        p = e.where(w < 6.25, e.poly(w - 3.125, ERFINV64_A),
                    e.where(w < 16.0, e.poly(sw - 3.25, ERFINV64_B), e.poly(sw - 5.0, ERFINV64_C)))
    else:
        split, central, tail = ERFINV32
        p = e.where(w < split, e.poly(w - 2.5, central), e.poly(e.sqrt(w) - 3.0, tail))
    return e.where(ax.eq(1.0), x * float("inf"), p * x)


# ----------------------------------------------------------------- gamma family

# Lanczos approximation, g = 7, n = 9: Gamma(z + 1) = sqrt(2 pi) t^(z + 1/2) e^-t A(z), t = z + g + 1/2,
# A(z) = c0 + sum_k c_k / (z + k).
LANCZOS_G = 7.0
LANCZOS = [0.99999999999980993227684700473478, 676.520368121885098567009190444019,
           -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
           -176.61502916214059906584551354, 12.507343278686904814458936853,
           -0.13857109526572011689554707, 9.984369578019570859563e-6, 1.50563273514931155834e-7]


def _lanczos(e: Emitter, x: V, derivative: bool):
    """(reflect, z, A(z), A'(z) (None unless `derivative`), t, log t) with z = -x where x < 1/2 (for
    the reflection formulas, which need the function at 1 - x = z + 1) and z = x - 1 elsewhere."""
    reflect = x < 0.5
    z = e.where(reflect, -x, x - 1.0)
    a = e.const(LANCZOS[0], x.element)
    da = e.const(0.0, x.element) if derivative else None
    for k, c in enumerate(LANCZOS[1:], start=1):
        inv = 1.0 / (z + float(k))
        a = a + c * inv
        if derivative:
            da = da - c * inv * inv
    half_g = LANCZOS_G + 0.5
    t = z + half_g
    log_t = math.log(half_g) + e.log1p(z / half_g)
    return reflect, z, a, da, t, log_t


def lgamma(e: Emitter, x: V) -> V:
    reflect, z, a, _, t, log_t = _lanczos(e, x, derivative=False)
    # (z + 1/2) log t - t, written so that it cannot overflow before the result does
    value = 0.5 * math.log(2 * math.pi) + (z + 0.5 - t / log_t) * log_t + e.log(a)
    # reflection: lgamma(x) = log(pi) - lgamma(1 - x) - log|sin(pi x)|, sin taken at the distance
    # of |x| from the nearest integer (exactly 0 at integers: poles, +inf)
    ax = e.abs(x)
    frac = ax - e.floor(ax)
    frac = e.where(frac > 0.5, 1.0 - frac, frac)
    log_sin = e.log(e.sin(math.pi * frac))
    reflected = e.where(e.is_finite(log_sin), math.log(math.pi) - log_sin - value, -log_sin)
    result = e.where(reflect, reflected, value)
    return e.where(ax.eq(float("inf")), float("inf"), result)


def digamma(e: Emitter, x: V) -> V:
    reflect, _, a, da, t, log_t = _lanczos(e, x, derivative=True)
    value = log_t + da / a - LANCZOS_G / t
    # reflection: digamma(x) = digamma(1 - x) - pi cot(pi x), with x reduced to [-1/2, 1/2)
    r = math.pi * (x - e.floor(x + 0.5))
    result = e.where(reflect, value - math.pi * e.cos(r) / e.sin(r), value)
    # poles: -inf at 0, NaN at the negative integers (as XLA)
    negative_integer = (x < 0.0) & x.eq(e.floor(x))
    result = e.where(negative_integer, float("nan"), result)
    return e.where(x.eq(0.0), float("-inf"), result)


def _bernoulli(count: int) -> list:
    """B_2, B_4, ..., B_2count as Fractions (Akiyama-Tanigawa)."""
    found, row = [], []
    for m in range(2 * count + 1):
        row.append(Fraction(1, m + 1))
        for j in range(m, 0, -1):
            row[j - 1] = j * (row[j - 1] - row[j])
        if m >= 2 and m % 2 == 0:
            found.append(row[0])
    return found


# Euler-Maclaurin tail coefficients B_2j / (2j)!, j = 1..12 (Cephes' zeta.c uses their inverses)
_ZETA_TERMS = [float(b / math.factorial(2 * j)) for j, b in enumerate(_bernoulli(12), start=1)]
_ZETA_DIRECT = 9  # q^-x + (q+1)^-x + ... + (q+9)^-x summed directly, then the tail at w = q + 9


def zeta(e: Emitter, x: V, q: V) -> V:
    """Hurwitz zeta(x, q) = sum_k (q + k)^-x by Euler-Maclaurin summation, as Cephes' zeta.c."""
    s = e.pow(q, -x)
    w = q
    b = s
    for _ in range(_ZETA_DIRECT):
        w = w + 1.0
        b = e.pow(w, -x)
        s = s + b
    # tail: integral w^(1-x)/(x-1) - b/2 + b sum_j B_2j/(2j)! x(x+1)...(x+2j-2) / w^(2j-1), the sum by
    # Horner's rule in 1/w^2 so that no partial product overflows
    inv_w2 = 1.0 / (w * w)
    horner = e.const(_ZETA_TERMS[-1], x.element)
    for j in range(len(_ZETA_TERMS) - 1, 0, -1):
        horner = _ZETA_TERMS[j - 1] + (x + float(2 * j - 1)) * (x + float(2 * j)) * inv_w2 * horner
    tail = b * w / (x - 1.0) - 0.5 * b + b * (x / w) * horner
    result = e.where(e.abs(b) < _eps(x) * e.abs(s), s, s + tail)
    nan, inf = float("nan"), float("inf")
    result = e.where(q.eq(inf), 0.0, result)
    # domain as XLA: x < 1 -> NaN; q <= 0 needs an integer x; q a non-positive integer is a pole
    # (+inf for even x, else NaN); x = 1 diverges
    x_integer = x.eq(e.floor(x))
    q_nonpositive = q <= 0.0
    result = e.where(x < 1.0, nan, result)
    result = e.where(q_nonpositive & ~x_integer, nan, result)
    pole = q_nonpositive & q.eq(e.floor(q))
    even = x_integer & (x % 2.0).eq(0.0)
    result = e.where(pole, e.where(even, inf, nan), result)
    return e.where(x.eq(1.0), inf, result)


def _factorial(e: Emitter, n: V) -> V:
    """n! for the naturals n (up to overflow), looked up in a constant table."""
    limit = 170 if _is_f64(n) else 34
    table_type = ir.RankedTensorType.get([limit + 2], n.element)
    table = np.array([float(math.factorial(k)) for k in range(limit + 1)] + [float("inf")],
                     np.float64 if _is_f64(n) else np.float32)
    constant = hlo.constant(ir.DenseElementsAttr.get(table, type=table_type))
    i32 = ir.IntegerType.get_signless(32)
    index = e.convert(e.min(e.max(n, 0.0), float(limit + 1)), i32)
    rank = ir.RankedTensorType(n.v.type).rank
    found = hlo.gather(constant, index.v, offset_dims=[], collapsed_slice_dims=[0], start_index_map=[0],
                       index_vector_dim=rank, slice_sizes=[1])
    return V(e, found)


def polygamma(e: Emitter, n: V, x: V) -> V:
    """polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x); digamma for n = 0; NaN unless n is natural."""
    sign = 2.0 * (n % 2.0) - 1.0
    result = sign * _factorial(e, n) * zeta(e, n + 1.0, x)
    result = e.where(n.eq(0.0), digamma(e, x), result)
    natural = n.eq(e.floor(n)) & (n >= 0.0)
    return e.where(natural, result, float("nan"))


# ----------------------------------------------------------------- bessel_i1e (Cephes i1.c, i1f.c)

I1E_A64 = [2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
           -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
           3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
           -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
           9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
           -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
           4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
           -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
           2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
           -1.76416518357834055153e-1, 2.52587186443633654823e-1]
I1E_B64 = [7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
           -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
           -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
           4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
           -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
           3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
           -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
           -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
           7.78576235018280120474e-1]
I1E_A32 = I1E_A64[-17:]
I1E_B32 = I1E_B64[-7:]


def _chebyshev(e: Emitter, x: V, coefficients) -> V:
    """Cephes' chbevl: the Chebyshev series with `coefficients` (highest order first) at x."""
    b0 = e.const(float(coefficients[0]), x.element)
    b1 = e.const(0.0, x.element)
    b2 = b1
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = x * b1 - b2 + float(c)
    return 0.5 * (b0 - b2)


def bessel_i1e(e: Emitter, x: V) -> V:
    a, b = (I1E_A64, I1E_B64) if _is_f64(x) else (I1E_A32, I1E_B32)
    z = e.abs(x)
    near = z * _chebyshev(e, 0.5 * z - 2.0, a)
    far = _chebyshev(e, 32.0 / z - 2.0, b) / e.sqrt(z)
    return e.sign(x) * e.where(z <= 8.0, near, far)


# ----------------------------------------------------------------- hyperbolic and inverse trigonometric

def sinh(e: Emitter, x: V) -> V:
    ax = e.abs(x)
    u = e.expm1(x)
    small = 0.5 * (u + u / (u + 1.0))              # no cancellation for |x| < 1
    half = e.exp(0.5 * ax)                          # e^|x| as half^2: finite wherever sinh is
    large = (0.5 * half) * half - 0.5 / half / half
    return e.where(ax < 1.0, small, e.where(x < 0.0, -large, large))


def cosh(e: Emitter, x: V) -> V:
    half = e.exp(0.5 * e.abs(x))
    return (0.5 * half) * half + 0.5 / half / half


def asin(e: Emitter, x: V) -> V:
    # upstream's half-angle form: asin(x) = 2 atan2(x, 1 + sqrt((1 - x)(1 + x)))
    half = e.atan2(x, 1.0 + e.sqrt((1.0 - x) * (1.0 + x)))
    return half + half


def acos(e: Emitter, x: V) -> V:
    return e.atan2(e.sqrt((1.0 - x) * (1.0 + x)), x)


def atan(e: Emitter, x: V) -> V:
    return e.atan2(x, 1.0)


# asinh, acosh, atanh: upstream's formulas (its chlo-legalize-to-stablehlo), as accurate as ours were
# (docs/chlo.md); log 2 and the thresholds are computed as upstream computes them.

def asinh(e: Emitter, x: V) -> V:
    """sign(x) log1p(|x| + x^2/(1 + sqrt(1 + x^2))); log 2 + log|x| from sqrt(max) on (x^2 overflows)."""
    sign = e.sign(x)  # first, as upstream emits it
    ax = e.abs(x)
    huge = ax >= e.sqrt(e.const(_max_finite(x)))
    large = e.log(e.const(2.0)) + e.log(ax)
    ax2 = ax * ax
    moderate = e.log1p(ax + ax2 / (1.0 + e.sqrt(1.0 + ax2)))
    return sign * e.where(huge, large, moderate)


def acosh(e: Emitter, x: V) -> V:
    """log1p(sqrt(x - 1) (sqrt(x + 1) + sqrt(x - 1))) (NaN below 1); log 2 + log x from max/2 on."""
    huge = x >= e.const(_max_finite(x)) / 2.0
    large = e.log(e.const(2.0)) + e.log(x)
    below = e.sqrt(x - 1.0)
    return e.where(huge, large, e.log1p(below * (e.sqrt(x + 1.0) + below)))


def atanh(e: Emitter, x: V) -> V:
    """(log1p(x) - log1p(-x))/2: +-inf at +-1, NaN beyond."""
    beyond = e.abs(x) > 1.0
    nan = e.const(float("nan"))  # before the formula, in upstream's op order
    return e.where(beyond, nan, (e.log1p(x) - e.log1p(-x)) * 0.5)


# ----------------------------------------------------------------- complex

def complex_sinh(e: Emitter, re: V, im: V):
    """sinh(a + ib) = sinh a cos b + i cosh a sin b (an imaginary part of 0 stays 0)."""
    real = sinh(e, re) * e.cos(im)
    imag = e.where(im.eq(0.0), im, cosh(e, re) * e.sin(im))
    return real, imag


def complex_cosh(e: Emitter, re: V, im: V):
    """cosh(a + ib) = cosh a cos b + i sinh a sin b (an imaginary part of 0 stays 0)."""
    real = cosh(e, re) * e.cos(im)
    imag = e.where(im.eq(0.0), im * e.sign(re), sinh(e, re) * e.sin(im))
    return real, imag


def complex_atanh(e: Emitter, re: V, im: V):
    """atanh(z) = log((1 + z)/(1 - z))/2: real part log1p(4x / ((1-x)^2 + y^2))/4, imaginary part
    atan2(2y, (1-x)(1+x) - y^2)/2; large |z| as 1/z (real x/|z|^2, imaginary +-pi/2)."""
    ax, ay = e.abs(re), e.abs(im)
    big = e.max(ax, ay) > math.sqrt(_max_finite(re)) / 4.0
    one_minus = 1.0 - ax
    ratio = 4.0 * ax / (one_minus * one_minus + ay * ay)
    # near z = +-1 the ratio overflows: log(4|x|)/4 - log|1 - |x| + iy|/2 instead
    near_pole = 0.25 * e.log(4.0 * ax) - 0.5 * _log_hypot(e, e.abs(one_minus), ay)
    real = e.where(ratio > 1.0 / _eps(re), near_pole, 0.25 * e.log1p(ratio))
    hi, lo = e.max(ax, ay), e.min(ax, ay)
    ratio_big = lo / hi
    real_big = e.where(hi.eq(float("inf")), 0.0, ax / hi / (hi * (1.0 + ratio_big * ratio_big)))
    real = e.where(big, real_big, real)
    real = e.where(re < 0.0, -real, e.where(re.eq(0.0), re, real))
    imag = 0.5 * e.atan2(2.0 * im, one_minus * (1.0 + ax) - ay * ay)
    imag_big = e.copysign(e.const(math.pi / 2, re.element), im)
    imag = e.where(big, imag_big, imag)
    return real, imag


def complex_atan(e: Emitter, re: V, im: V):
    """atan(z) = -i atanh(iz)."""
    real, imag = complex_atanh(e, -im, re)
    return imag, -real


def asin_acos_kernel(e: Emitter, re: V, im: V):
    """(w.real, w.imag) of chlo._asin_acos_kernel: with x = |re|, y = |im|, A = (|z+1| + |z-1|)/2 and
    B = x/A, w.real is the c with asin(B) = atan2(x, c) and w.imag = acosh(A) (Hull, Fairgrieve and
    Tang, ACM TOMS 23(3), 1997: each part by the formula without cancellation in its region)."""
    x, y = e.abs(re), e.abs(im)
    r = _hypot(e, x + 1.0, y)
    s = _hypot(e, x - 1.0, y)
    a = 0.5 * r + 0.5 * s
    b = x / a
    y2 = y * y
    apx = a + x
    # real part: B <= 0.6417 directly; else by the region formulas for A - x
    direct = a * e.sqrt((1.0 - b) * (1.0 + b))
    x_le_1 = e.sqrt(0.5 * apx * (y2 / (r + x + 1.0) + (s + (1.0 - x))))
    x_gt_1 = y * e.sqrt(0.5 * (apx / (r + x + 1.0) + apx / (s + (x - 1.0))))
    w_real = e.where(b <= 0.6417, direct, e.where(x <= 1.0, x_le_1, x_gt_1))
    # imaginary part: acosh(A) by log1p(A - 1 + sqrt((A - 1)(A + 1))) near A = 1
    am1 = e.where(x < 1.0, 0.5 * (y2 / (r + (x + 1.0)) + y2 / (s + (1.0 - x))),
                  0.5 * (y2 / (r + (x + 1.0)) + (s + (x - 1.0))))
    near_one = e.log1p(am1 + e.sqrt(am1 * (a + 1.0)))
    w_imag = e.where(a <= 1.5, near_one, e.log(a + e.sqrt((a - 1.0) * (a + 1.0))))
    # y so small that y^2 underflows, x < 1: acosh(A) = y / sqrt((1-x)(1+x))
    tiny = y < math.sqrt(_eps(re) * 2.0 ** -100)
    w_imag = e.where(tiny & (x < 1.0), y / e.sqrt((1.0 - x) * (1.0 + x)), w_imag)
    # |z| so large that A overflows: w = (y, log(2|z|))
    big = e.max(x, y) > math.sqrt(_max_finite(re)) / 8.0
    big_imag = _log_hypot(e, x, y) + math.log(2.0)
    return e.where(big, y, w_real), e.where(big, big_imag, w_imag)


def _hypot(e: Emitter, a: V, b: V) -> V:
    a, b = e.abs(a), e.abs(b)
    hi, lo = e.max(a, b), e.min(a, b)
    ratio = e.where(hi.eq(0.0), 0.0, lo / hi)
    return e.where(hi.eq(float("inf")), hi, hi * e.sqrt(1.0 + ratio * ratio))


def _log_hypot(e: Emitter, a: V, b: V) -> V:
    """log(hypot(a, b)) for a, b >= 0, without overflow or underflow."""
    hi, lo = e.max(a, b), e.min(a, b)
    ratio = e.where(hi.eq(float("inf")) | hi.eq(0.0), 0.0, lo / hi)
    return e.log(hi) + 0.5 * e.log1p(ratio * ratio)


def complex_asin(e: Emitter, re: V, im: V):
    w_re, w_im = asin_acos_kernel(e, re, im)
    return e.atan2(re, w_re), e.copysign(w_im, im)


def complex_acos(e: Emitter, re: V, im: V):
    w_re, w_im = asin_acos_kernel(e, re, im)
    return e.atan2(w_re, re), -e.copysign(w_im, im)


def complex_asinh(e: Emitter, re: V, im: V):
    w_re, w_im = asin_acos_kernel(e, -im, re)    # the kernel at i z
    return e.copysign(w_im, re), e.atan2(im, w_re)


def complex_acosh(e: Emitter, re: V, im: V):
    w_re, w_im = asin_acos_kernel(e, re, im)
    return w_im, e.copysign(e.atan2(w_re, re), im)


# ----------------------------------------------------------------- bits and integers

def square(e: Emitter, x: V) -> V:
    """x * x; for complex numbers (re - im)(re + im) + i 2 re im, the real part exactly 0 where
    |re| == |im| (finite): the product would be inf * 0 = NaN where re + im overflows (upstream's)."""
    if not is_complex(x.element):
        return x * x
    # statement by statement in upstream's op order (its lit test pins it)
    re = e.real(x)
    finite, abs_re = e.is_finite(re), e.abs(re)
    im = e.imag(x)
    tie = finite & abs_re.eq(e.abs(im))
    zero = e.const(0.0, re.element)
    real = e.where(tie, zero, (re - im) * (re + im))
    two = e.const(2.0, re.element)
    return e.complex(real, two * (re * im))


def next_after(e: Emitter, x: V, y: V) -> V:
    """C's nextafter(x, y) on the bits: NaN if either is NaN, y if x == y, the smallest subnormal
    signed as y if x is +-0, otherwise |x| one step up or down. Formats without a negative zero
    (FNUZ: its pattern is NaN) give +0 where the step lands on it."""
    element = x.element
    width = ir.FloatType(element).width
    int_type = ir.IntegerType.get_signless(width)
    # statement by statement in upstream's op order (its lit test pins it)
    xi, yi = e.bitcast(x, int_type), e.bitcast(y, int_type)
    either_nan = x.ne(x) | y.ne(y)
    nan = e.bitcast(e.const(float("nan"), element), int_type)
    sign_mask = e.const(-(1 << (width - 1)), int_type)
    abs_mask = e.const((1 << (width - 1)) - 1, int_type)
    x_abs, y_abs = xi & abs_mask, yi & abs_mask
    equal = x.eq(y)
    zero = e.const(0, int_type)
    x_zero, y_zero = x_abs.eq(zero), y_abs.eq(zero)
    x_sign, y_sign = xi & sign_mask, yi & sign_mask
    one = e.const(1, int_type)
    from_zero = y_sign | one
    signs_differ = x_sign.ne(y_sign)
    towards_zero = (x_abs > y_abs) | signs_differ
    stepped = xi + e.where(towards_zero, e.const(-1, int_type), one)
    if "FNUZ" in str(element):
        stepped = e.where(stepped.eq(sign_mask), 0, stepped)
    result = e.where(x_zero, e.where(y_zero, yi, from_zero), stepped)
    result = e.where(equal, yi, result)
    result = e.where(either_nan, nan, result)
    return e.bitcast(result, element)


def _integer(element) -> tuple:
    t = ir.IntegerType(element)
    return t.width, t.is_unsigned


def mulhi(e: Emitter, x: V, y: V) -> V:
    """The high half of the double-width product: in the double-width type for up to 32 bits,
    from 32-bit halves for 64 bits."""
    element = x.element
    width, unsigned = _integer(element)
    if width == 64:
        return _mulhi64(e, x, y, unsigned)
    wide_type = (ir.IntegerType.get_unsigned if unsigned else ir.IntegerType.get_signless)(2 * width)
    product = e.convert(x, wide_type) * e.convert(y, wide_type)
    return e.convert(product.shr(width, arithmetic=not unsigned), element)


def _mulhi64(e: Emitter, x: V, y: V, unsigned: bool) -> V:
    """Upstream's form (Hacker's Delight's mulhu on 32-bit halves in ui64, each partial sum below
    2^64); signed operands are converted to ui64 and corrected after."""
    u64 = ir.IntegerType.get_unsigned(64)
    a, b = (x, y) if unsigned else (e.convert(x, u64), e.convert(y, u64))
    low = e.const(0xFFFFFFFF, u64)
    a_hi, b_hi, a_lo, b_lo = a.shr(32, False), b.shr(32, False), a & low, b & low
    middle = a_lo * b_hi + (a_lo * b_lo).shr(32, False)
    high = a_hi * b_hi + middle.shr(32, False) + (a_hi * b_lo + (middle & low)).shr(32, False)
    if unsigned:
        return high
    # signed: subtract y where x < 0 and x where y < 0 (modulo 2^64)
    zero = e.const(0, u64)
    high = high - e.where(x < 0, b, zero) - e.where(y < 0, a, zero)
    return e.convert(high, x.element)
