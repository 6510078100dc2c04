"""Element-wise ops: arithmetic, logic, comparisons, select, convert, math.

Each factory picks, once, the numpy function for the element type, so a
kernel is a single (or a few) whole-array numpy calls.  Semantics follow the
spec, and XLA on CPU where the spec leaves a case open:
  * integers wrap; x / 0 = -1 (all ones), x % 0 = x, INT_MIN / -1 = INT_MIN,
    INT_MIN % -1 = 0; shifts by >= bit width (or negative) give 0, or the
    sign fill for shift_right_arithmetic;
  * maximum/minimum propagate NaN and order -0.0 below +0.0;
  * floats narrower than f32 compute transcendental functions in f32 and
    round the result once; f32 log_plus_one and exponential_minus_one are
    the project's own (numerics/log1p_expm1.py), and so are f32 exponential
    (numerics/exponential.py) and tanh (numerics/tanh.py): the same bits on
    every host;
  * convert: conversion.py, which every family shares.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..numerics.combiners import complex_max, complex_min, float_max, float_min, total_order_key
from ..numerics.conversion import convert_values
from ..numerics.exact import exact_product, two_sum
from ..numerics.exponential import exponential
from ..numerics.log1p_expm1 import exponential_minus_one, log_plus_one
from ..numerics.tanh import tanh
from ..core.errors import InterpreterError
from ..core import registry
from ..core.registry import ELEMENTWISE, PURE, Kernel, ScalarForm, register_scalar
from ..core.types import ElementInfo, bits_view, complex_product, from_wide_int, int_dtype, uint_dtype, wide_int_dtype


def register(*names: str):
    """Registers a kernel of this family: every op of it is element-wise and pure."""
    return registry.register(*names, traits=(ELEMENTWISE, PURE))


def _element(op, index: int = 0) -> ElementInfo:
    return op.operand_specs[index].element


def _unsupported(op, info: ElementInfo):
    return InterpreterError(f"element type {info.name} is not supported by this op")


def _on_wide_ints(fn, info: ElementInfo):
    """Run integer `fn` for sub-byte types in int8/uint8 and wrap the result back."""
    if not info.is_subbyte:
        return fn
    wide = wide_int_dtype(info)

    def kernel(*xs):
        return from_wide_int(fn(*[x.astype(wide) for x in xs]), info)

    return kernel


_QUIET_F32 = np.uint32(0x00400000)


def _f16_to_f32(x):
    """f16 values widened to f32 with every NaN quiet, as XLA widens them (the hardware's and
    compiler-rt's conversions quiet a signaling NaN; numpy's keeps it signaling on some hosts, and
    then pow(1, NaN) is NaN instead of 1): the same bits on every host."""
    if not isinstance(x, np.ndarray):  # a scalar (the scalar forms)
        wide = np.float32(x)
        return wide if wide == wide else (wide.view(np.uint32) | _QUIET_F32).view(np.float32)
    wide = x.astype(np.float32)
    bits = wide.view(np.uint32)
    np.bitwise_or(bits, _QUIET_F32, out=bits, where=wide != wide)
    return wide


def _to_f32(info: ElementInfo):
    """The widening of `info`'s values to f32 (_f16_to_f32 for f16)."""
    return _f16_to_f32 if info.dtype == np.float16 else np.float32


def _via_f32(fn, info: ElementInfo, result: ElementInfo | None = None):
    """Run float `fn` in f32 for floats narrower than f32 and round the result once."""
    out = (result or info).dtype
    if info.category != "float" or info.bits >= 32:
        return fn
    widen = _to_f32(info)

    def kernel(*xs):
        return fn(*[widen(x) for x in xs]).astype(out)

    return kernel


# ---------------------------------------------------------------------------
# Binary arithmetic and logic


def _binary(op, *, boolean=None, integer=None, floating=None, complex_=None):
    info = _element(op)
    if info.category == "bool":
        fn = boolean
    elif info.is_int:
        fn = integer and _on_wide_ints(integer, info)
    elif info.category == "float":
        fn = floating
    else:
        fn = complex_
    if fn is None:
        raise _unsupported(op, info)
    return fn


@register("stablehlo.add")
def _add(op):
    return Kernel.single(_binary(op, boolean=np.logical_or, integer=np.add, floating=np.add, complex_=np.add))


@register("stablehlo.subtract")
def _subtract(op):
    return Kernel.single(_binary(op, integer=np.subtract, floating=np.subtract, complex_=np.subtract))


@register("stablehlo.multiply")
def _multiply(op):
    return Kernel.single(_binary(op, boolean=np.logical_and, integer=np.multiply, floating=np.multiply,
                                 complex_=complex_product))


def _int_divide(info: ElementInfo):
    """Integer division truncating toward zero, with XLA's results for / 0 and INT_MIN / -1."""
    signed = info.category == "sint"
    all_ones = -1 if signed else info.max

    def divide(a, b):
        zero = b == 0
        bad = zero | (a == info.min) & (b == -1) if signed else zero
        safe = np.where(bad, 1, b)
        q = (a - np.fmod(a, safe)) // safe  # exact, so floor == truncation toward zero
        q = np.where(zero, all_ones, q)
        return np.where(bad & ~zero, a, q) if signed else q

    return divide


def _int_remainder(a, b):
    """C-style remainder (sign of the dividend); x % 0 = x."""
    zero = b == 0
    return np.where(zero, a, np.fmod(a, np.where(zero, 1, b)))


@register("stablehlo.divide")
def _divide(op):
    info = _element(op)
    return Kernel.single(_binary(op, integer=_int_divide(info), floating=_via_f32(np.divide, info), complex_=np.divide))


@register("stablehlo.remainder")
def _remainder(op):
    return Kernel.single(_binary(op, integer=_int_remainder, floating=_via_f32(np.fmod, _element(op))))


@register("stablehlo.maximum")
def _maximum(op):
    return Kernel.single(_binary(op, boolean=np.logical_or, integer=np.maximum, floating=float_max,
                                 complex_=complex_max))


@register("stablehlo.minimum")
def _minimum(op):
    return Kernel.single(_binary(op, boolean=np.logical_and, integer=np.minimum, floating=float_min,
                                 complex_=complex_min))


@register("stablehlo.and")
def _and(op):
    return Kernel.single(_binary(op, boolean=np.logical_and, integer=np.bitwise_and))


@register("stablehlo.or")
def _or(op):
    return Kernel.single(_binary(op, boolean=np.logical_or, integer=np.bitwise_or))


@register("stablehlo.xor")
def _xor(op):
    return Kernel.single(_binary(op, boolean=np.logical_xor, integer=np.bitwise_xor))


def _shift(kind: str, info: ElementInfo):
    """Shifts; amounts >= the bit width (or negative) shift everything out."""
    bits = info.bits
    wide = wide_int_dtype(info)
    unsigned = uint_dtype(wide)

    def shift(a, b):
        amount = b.view(unsigned)  # negative amounts read as huge
        big = amount >= bits
        amount = np.where(big, 0, amount).astype(unsigned)
        if kind == "left":
            return np.where(big, 0, np.left_shift(a, amount.view(wide)))
        if kind == "logical":
            ua = a.view(unsigned)
            if info.is_subbyte:
                ua = ua & ((1 << bits) - 1)
            return np.where(big, 0, np.right_shift(ua, amount).view(wide))
        # arithmetic: shift the two's complement value, also for unsigned types
        signed = a.view(int_dtype(wide))
        if info.is_subbyte:
            half = 1 << (bits - 1)
            signed = ((signed & ((1 << bits) - 1)) ^ half) - half
        fill = np.where(signed < 0, -1, 0).astype(signed.dtype)
        r = np.where(big, fill, np.right_shift(signed, amount.astype(signed.dtype)))
        return r.astype(wide) if info.is_subbyte else r.view(wide)

    return shift


@register("stablehlo.shift_left")
def _shift_left(op):
    return Kernel.single(_binary(op, integer=_shift("left", _element(op))))


@register("stablehlo.shift_right_logical")
def _shift_right_logical(op):
    return Kernel.single(_binary(op, integer=_shift("logical", _element(op))))


@register("stablehlo.shift_right_arithmetic")
def _shift_right_arithmetic(op):
    return Kernel.single(_binary(op, integer=_shift("arithmetic", _element(op))))


def _int_power(info: ElementInfo):
    def power(a, b):
        negative = b < 0
        r = np.power(a, np.where(negative, 0, b))
        # x ** -n: 1 for x == 1, +-1 for x == -1, else 0 (integer division by a power)
        odd = (b & 1) == 1
        neg_result = np.where(a == 1, 1, 0)
        if info.category == "sint":
            neg_result = np.where(a == -1, np.where(odd, -1, 1), neg_result)
        return np.where(negative, neg_result.astype(a.dtype), r)

    return power


def _ieee_power(x, y):
    """np.power with IEEE pow's results. numpy computes a scalar exponent of 0.5 as sqrt, whose
    sqrt(-0) = -0 and sqrt(-inf) = NaN differ from pow's +0 and +inf; an exponent array of one
    element takes the real pow. x ** +-0 and 1 ** y are 1 for every x and y, NaNs included (C's
    Annex F; the compiled backend's `power`): numpy's AVX-512 loop gives that for a signaling
    NaN, its other loops (the C library's pow) give NaN, so the host would decide."""
    if np.ndim(y) == 0:
        result = np.power(x, np.reshape(y, (1,)))
        result = result[0] if np.ndim(x) == 0 else result.reshape(np.shape(x))  # scalars stay scalars
    else:
        result = np.power(x, y)
    unit = (y == 0) | (x == 1)
    if np.any(unit):
        result = np.where(unit, result.dtype.type(1), result)
        return result[()] if result.ndim == 0 else result
    return result


@register("stablehlo.power")
def _power(op):
    info = _element(op)
    return Kernel.single(_binary(op, integer=_int_power(info), floating=_via_f32(_ieee_power, info), complex_=np.power))


def _complex_atan2(y, x):
    """XLA's complex atan2: -i * log((x + i*y) / sqrt(x*x + y*y))."""
    return -1j * np.log((x + 1j * y) / np.sqrt(x * x + y * y))


@register("stablehlo.atan2")
def _atan2(op):
    return Kernel.single(_binary(op, floating=_via_f32(np.arctan2, _element(op)), complex_=_complex_atan2))


@register("stablehlo.complex")
def _complex(op):
    dtype = op.result_specs[0].dtype

    def make_complex(re, im):
        out = np.empty(np.broadcast_shapes(np.shape(re), np.shape(im)), dtype=dtype)
        out.real = re
        out.imag = im
        return out

    return Kernel.single(make_complex)


# ---------------------------------------------------------------------------
# Unary ops


def _unary(op, *, boolean=None, integer=None, floating=None, complex_=None, f32=True):
    """Pick the kernel for the operand's element type (None: unsupported)."""
    info = _element(op)
    result = op.result_specs[0].element
    if info.category == "bool":
        fn = boolean
    elif info.is_int:
        fn = integer and _on_wide_ints(integer, info)
    elif info.category == "float":
        fn = floating and (_via_f32(floating, info, result) if f32 else floating)
    else:
        fn = complex_
    if fn is None:
        raise _unsupported(op, info)
    return fn


def _math(name, floating, complex_=True):
    """A float (and by default complex) math function."""

    @register(name)
    def factory(op):
        return Kernel.single(_unary(op, floating=floating, complex_=floating if complex_ is True else complex_))

    return factory


def _rsqrt(x):
    return 1 / np.sqrt(x)


def _logistic(x):
    return 1 / (1 + exponential(-x))  # f32: our exp, as the compiled backend's (ScalarOps logistic)


# numpy's float32/float64 cbrt runs SIMD code (SVML) on AVX-512 hosts, up to 2 ULP from the
# correctly rounded root, and libm elsewhere: computed in long double (x86-64: a 64-bit
# significand) and rounded once, the root is correctly rounded, as IEEE rootn(x, 3) is, on
# every host.
_WIDER_THAN_F64 = np.finfo(np.longdouble).nmant > np.finfo(np.float64).nmant


def _cbrt(x):
    if _WIDER_THAN_F64 and x.dtype in (np.float32, np.float64):
        return np.cbrt(x.astype(np.longdouble)).astype(x.dtype)
    return np.cbrt(x)


def _complex_cbrt(z):
    """The principal cube root |z|^(1/3) * e^(i arg(z) / 3), arg in (-pi, pi] (so cbrt(-8) = 1 + 1.73i).

    Computed in a wider type (complex64 in f64, complex128 in long double where it is wider, as on
    x86-64) and rounded once: each part is then within about half an ULP (in f64 alone, three).
    hypot and atan2 never overflow; arg/3 lies in [-pi/3, pi/3], where cos >= 1/2.  A zero sine
    keeps its sign instead of inf * 0 = nan (cbrt(inf) = inf + 0i); a NaN part gives NaN parts."""
    part = z.real.dtype
    wide = np.float64 if part == np.float32 else np.longdouble
    re, im = z.real.astype(wide), z.imag.astype(wide)
    theta = np.arctan2(im, re) / 3
    r = _cbrt(np.hypot(re, im))
    s = np.sin(theta)
    out = np.empty(np.shape(z), dtype=z.dtype)
    out.real = r * np.cos(theta)
    out.imag = np.where(s == 0, s, r * s)
    return out


def _complex_log1p(z):
    """log(1 + z) for complex z. numpy computes log(1 + z), which loses the real part's digits
    where |1 + z| is near 1 (z near 0, or on that circle). There the real part is
    log1p(2x + x^2 + y^2) / 2 with the sum carried in twice the precision (exact squares, 2Sum);
    elsewhere numpy's log of w = (1 + x) + iy is accurate, log|w| being at least log(2) / 2 away
    from 0 (1 + x is exact near -1; numpy scales |w| against overflow). complex64 is computed in
    complex128 and rounded once; NaN and infinite parts give C99's values, as numpy's log."""
    if z.dtype == np.complex64:
        return _complex_log1p(z.astype(np.complex128)).astype(np.complex64)
    x, y = z.real, z.imag
    with np.errstate(all="ignore"):
        w = x + 1
        square = w * w + y * y
        near = (square > 0.5) & (square < 2)
        xs, ys = np.where(near, x, 0.0), np.where(near, y, 0.0)
        xx, yy = exact_product(xs, xs), exact_product(ys, ys)
        high, low = 2 * xs, np.zeros_like(xs)
        for term in (xx[0], yy[0], xx[1], yy[1]):
            high, error = two_sum(high, term)
            low = low + error
        out = np.empty(np.shape(z), dtype=z.dtype)
        out.real, out.imag = w, y  # y keeps its sign: 1 + (-1 - 0i) is 0 - 0i
        np.log(out, out=out)  # in place: a rank-0 result stays an array, whose parts can be set
        out.real = np.where(near, 0.5 * np.log1p(high + low), out.real)
    return out


_math("stablehlo.exponential", exponential, complex_=np.exp)  # f32: ours
_math("stablehlo.exponential_minus_one", exponential_minus_one, complex_=np.expm1)  # f32: ours
_math("stablehlo.log", np.log)
_math("stablehlo.log_plus_one", log_plus_one, complex_=_complex_log1p)
_math("stablehlo.sqrt", np.sqrt)
_math("stablehlo.rsqrt", _rsqrt)
_math("stablehlo.cbrt", _cbrt, complex_=_complex_cbrt)
_math("stablehlo.tanh", tanh)  # f32: ours
_math("stablehlo.sine", np.sin)
_math("stablehlo.cosine", np.cos)
_math("stablehlo.tan", np.tan)
_math("stablehlo.logistic", _logistic)


@register("stablehlo.negate")
def _negate(op):
    return Kernel.single(_unary(op, integer=np.negative, floating=np.negative, complex_=np.negative, f32=False))


@register("stablehlo.abs")
def _abs(op):
    return Kernel.single(_unary(op, integer=np.abs, floating=np.abs, complex_=np.abs, f32=False))


@register("stablehlo.not")
def _not(op):
    return Kernel.single(_unary(op, boolean=np.logical_not, integer=np.invert))


def _float_sign(x):
    if x.dtype == ml_dtypes.float8_e8m0fnu:
        # every value is positive (2^-127 too: 1, as XLA; ml_dtypes 0.6's sign kept it): 1 or NaN
        return np.where(np.isnan(x), x, x.dtype.type(1))
    return np.where(x == 0, x, np.sign(x))  # keeps -0.0; NaN stays NaN


def _complex_sign(x):
    magnitude = np.abs(x)
    return np.where(magnitude == 0, x, x / np.where(magnitude == 0, 1, magnitude))


@register("stablehlo.sign")
def _sign(op):
    return Kernel.single(_unary(op, integer=np.sign, floating=_float_sign, complex_=_complex_sign, f32=False))


@register("stablehlo.floor")
def _floor(op):
    return Kernel.single(_unary(op, floating=np.floor))


@register("stablehlo.ceil")
def _ceil(op):
    return Kernel.single(_unary(op, floating=np.ceil))


def _round_afz(x):
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


@register("stablehlo.round_nearest_afz")
def _round_nearest_afz(op):
    return Kernel.single(_unary(op, floating=_round_afz))


@register("stablehlo.round_nearest_even")
def _round_nearest_even(op):
    return Kernel.single(_unary(op, floating=np.rint))


@register("stablehlo.is_finite")
def _is_finite(op):
    return Kernel.single(_unary(op, floating=np.isfinite, f32=False))


@register("stablehlo.real")
def _real(op):
    return Kernel.single(_unary(op, floating=lambda x: x, complex_=np.real, f32=False))


def _real_zeros(x):
    """0.0 converted to x's float type (NaN for f8E8M0FNU, which has no zero, as in XLA)."""
    return np.zeros(np.shape(x), np.float32).astype(x.dtype)


@register("stablehlo.imag")
def _imag(op):
    return Kernel.single(_unary(op, floating=_real_zeros, complex_=np.imag, f32=False))


def _popcount(info: ElementInfo):
    def popcnt(x):
        u = x.view(uint_dtype(x.dtype))
        if info.is_subbyte:
            u = u & ((1 << info.bits) - 1)
        return np.bitwise_count(u).astype(x.dtype)

    return popcnt


@register("stablehlo.popcnt")
def _popcnt(op):
    info = _element(op)
    return Kernel.single(_unary(op, integer=_popcount(info)))


@register("stablehlo.count_leading_zeros")
def _clz(op):
    info = _element(op)
    bits = info.bits

    def clz(x):
        u = x.view(uint_dtype(x.dtype)).astype(np.uint64)
        if info.is_subbyte:
            u = u & ((1 << bits) - 1)
        # bit length via smearing the highest set bit right, then popcount
        for s in (1, 2, 4, 8, 16, 32):
            u = u | (u >> np.uint64(s))
        return (bits - np.bitwise_count(u).astype(np.int64)).astype(x.dtype)

    return Kernel.single(_unary(op, integer=clz))


# ---------------------------------------------------------------------------
# compare, select, clamp


_DIRECTIONS = {
    "EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal,
    "GT": np.greater, "LE": np.less_equal, "LT": np.less,
}


@register("stablehlo.compare")
def _compare(op):
    direction = op.attrs["comparison_direction"]
    compare_type = op.attrs.get("compare_type")
    compare = _DIRECTIONS[direction]
    info = _element(op)
    if info.category == "complex":
        if direction in ("EQ", "NE"):
            return Kernel.single(compare)

        strict = {"GT": np.greater, "GE": np.greater, "LT": np.less, "LE": np.less}[direction]

        def lexicographic(a, b):
            return strict(a.real, b.real) | (a.real == b.real) & compare(a.imag, b.imag)

        return Kernel.single(lexicographic)
    if info.category == "float" and compare_type == "TOTALORDER":
        return Kernel.single(lambda a, b: compare(total_order_key(a), total_order_key(b)))
    # Integers by their own signedness whatever compare_type says (another one is a spec deviation, C3)
    return Kernel.single(compare)


def _blend(dtype: np.dtype):
    """select for same-shape operands without branches: mix the bits under an all-ones/zero mask."""
    bits = uint_dtype(dtype)

    def select(pred, on_true, on_false):
        if pred.ndim == 0:
            return on_true if pred else on_false
        mask = pred.view(np.uint8).astype(bits)
        np.negative(mask, out=mask)  # 1 -> all ones
        t, f = on_true.view(bits), on_false.view(bits)
        if f.size and not any(f.strides) and not f.flat[0]:  # a broadcast zero (relu): the mask picks
            return np.bitwise_and(t, mask, out=mask).view(dtype)
        r = np.bitwise_xor(t, f)
        np.bitwise_and(r, mask, out=r)
        np.bitwise_xor(r, f, out=r)
        return r.view(dtype)

    return select


def _select_where(pred, on_true, on_false):
    if pred.ndim == 0:
        return on_true if pred else on_false
    return np.where(pred, on_true, on_false)


@register("stablehlo.select")
def _select(op):
    spec = op.result_specs[0]
    # np.where is slow on unpredictable masks; blending bits is several times faster.
    if spec.rank > 0 and spec.dtype.itemsize in (1, 2, 4, 8) and spec.element.category != "bool":
        return Kernel.single(_blend(spec.dtype))
    return Kernel.single(_select_where)


@register("stablehlo.clamp")
def _clamp(op):
    """min(max(operand, min), max) with the maximum/minimum kernels of the element type."""
    info = op.operand_specs[1].element
    if info.category == "float":
        high, low = float_max, float_min
    elif info.category == "complex":
        high, low = complex_max, complex_min
    else:
        high, low = np.maximum, np.minimum

    def clamp(lo, x, hi):
        return low(high(x, lo), hi)

    return Kernel.single(_on_wide_ints(clamp, info) if info.is_int else clamp)


# ---------------------------------------------------------------------------
# convert


@register("stablehlo.convert")
def _convert(op):
    dst = op.result_specs[0].element

    def convert(x):
        return convert_values(x, dst)

    return Kernel.single(convert)


def _raw_bits(x: np.ndarray, info: ElementInfo) -> np.ndarray:
    """The `info.bits`-bit patterns of `x` as uint64 (ml_dtypes keeps sub-byte values in the low bits)."""
    u = bits_view(np.ascontiguousarray(x)).astype(np.uint64)
    return u & np.uint64((1 << info.bits) - 1) if info.bits < 64 else u


def _from_raw_bits(u: np.ndarray, info: ElementInfo) -> np.ndarray:
    """Elements of type `info` with the bit patterns `u` (uint64, only the low `info.bits` set)."""
    if info.is_subbyte:
        return from_wide_int(u.astype(np.uint8), info)
    return u.astype(uint_dtype(info.dtype)).view(info.dtype)


def _subbyte_bitcast(src: ElementInfo, dst: ElementInfo):
    """bitcast_convert on bits, for element types narrower than a byte: a wider element splits
    into (or is joined from) narrower ones, least significant bits first (as XLA).  i1 is one
    bit wide, as in the spec's num_bits and upstream's verifier and reference interpreter."""
    if src.bits == dst.bits:
        return lambda x: _from_raw_bits(_raw_bits(x, src), dst)
    if src.bits > dst.bits:
        shifts = np.arange(src.bits // dst.bits, dtype=np.uint64) * np.uint64(dst.bits)
        mask = np.uint64((1 << dst.bits) - 1)
        return lambda x: _from_raw_bits((_raw_bits(x, src)[..., None] >> shifts) & mask, dst)
    shifts = np.arange(dst.bits // src.bits, dtype=np.uint64) * np.uint64(src.bits)
    return lambda x: _from_raw_bits(np.bitwise_or.reduce(_raw_bits(x, src) << shifts, axis=-1), dst)


@register("stablehlo.bitcast_convert")
def _bitcast_convert(op):
    src, dst = op.operand_specs[0], op.result_specs[0]
    shape, src_bits, dst_bits = dst.shape, src.element.bits, dst.element.bits

    def result_shape(x):  # the operand's, its last dim split or joined (C1); `?` dims take it
        if src_bits == dst_bits:
            out = x.shape
        elif src_bits > dst_bits:
            out = x.shape + (src_bits // dst_bits,)
        elif x.ndim and x.shape[-1] == dst_bits // src_bits:
            out = x.shape[:-1]
        else:
            out = None
        if out is None or len(out) != len(shape) or any(s not in (None, o) for s, o in zip(shape, out)):
            raise InterpreterError(f"operand of shape {x.shape} does not give a {dst.text} (C1)")
        return out

    if min(src.element.bits, dst.element.bits) < 8:
        wide, narrow = sorted((src.element, dst.element), key=lambda e: e.bits, reverse=True)
        if "complex" in (src.element.category, dst.element.category) or wide.bits % narrow.bits:
            raise InterpreterError(f"bitcast_convert from {src.element.name} to {dst.element.name} "
                                   "is not supported")
        kernel = _subbyte_bitcast(src.element, dst.element)
        return Kernel.single(lambda x: kernel(x).reshape(result_shape(x)))

    def bitcast(x):
        out = result_shape(x)
        return np.ascontiguousarray(x).view(dst.dtype).reshape(out)

    return Kernel.single(bitcast)


# reduce_precision works on the bit patterns of IEEE-style binary floats: its
# semantics (XLA's) are a round to nearest even of the mantissa, then the
# exponent range clamped to ±inf (overflow) and ±0 (underflow); NaN is kept.
# The other floats (f8, f6, f4) are reduced in f16 or f32 and converted back, as XLA does.
_REDUCE_PRECISION_TYPES = ("f16", "bf16", "f32", "f64")


def _reduce_precision_bits(dtype: np.dtype, exponent_bits: int, mantissa_bits: int):
    """reduce_precision on the bits of IEEE-style float `dtype`."""
    finfo = ml_dtypes.finfo(dtype)
    src_mantissa, src_exponent = int(finfo.nmant), int(finfo.nexp)
    uint = uint_dtype(dtype).type
    sign_mask = uint(1 << (8 * dtype.itemsize - 1))
    exponent_mask = uint(((1 << src_exponent) - 1) << src_mantissa)

    def reduce_precision(x):
        bits = bits_view(np.asarray(x))  # not ascontiguousarray: it turns a 0-d array into shape (1,)
        if mantissa_bits < src_mantissa:
            shift = src_mantissa - mantissa_bits
            kept_lsb = (bits >> uint(shift)) & uint(1)
            bias = kept_lsb + uint((1 << (shift - 1)) - 1)  # ties to even
            bits = (bits + bias) & ~uint((1 << shift) - 1)
        if exponent_bits < src_exponent:
            bias = (1 << (src_exponent - 1)) - 1
            reduced_bias = (1 << (exponent_bits - 1)) - 1
            exponent = bits & exponent_mask
            signed_zero = bits & sign_mask
            bits = np.where(exponent > uint((bias + reduced_bias) << src_mantissa), signed_zero | exponent_mask,
                            np.where(exponent <= uint((bias - reduced_bias) << src_mantissa), signed_zero, bits))
        return np.where(np.isnan(x), x, np.asarray(bits, dtype=uint).view(x.dtype))

    return reduce_precision


@register("stablehlo.reduce_precision")
def _reduce_precision(op):
    info = _element(op)
    if info.category != "float":
        raise _unsupported(op, info)
    exponent_bits = op.attrs["exponent_bits"]
    mantissa_bits = op.attrs["mantissa_bits"]
    if info.name in _REDUCE_PRECISION_TYPES:
        return Kernel.single(_reduce_precision_bits(info.dtype, exponent_bits, mantissa_bits))
    wide = _reduce_precision_wide(info)
    in_wide = _reduce_precision_bits(wide, exponent_bits, mantissa_bits)
    return Kernel.single(lambda x: convert_values(in_wide(x.astype(np.float32).astype(wide)), info))


def _reduce_precision_wide(info: ElementInfo) -> np.dtype:
    """The IEEE type XLA reduces a narrow float in: f16 if it holds every value (f8E5M2 keeps its
    subnormals under e5mN, which f32 would flush), else f32."""
    finfo, half = ml_dtypes.finfo(info.dtype), np.finfo(np.float16)
    fits = (finfo.nmant <= half.nmant and float(finfo.max) <= float(half.max)
            and float(finfo.smallest_subnormal) >= float(half.smallest_subnormal))
    return np.dtype(np.float16 if fits else np.float32)


# ---------------------------------------------------------------------------
# Scalar forms (see registry.register_scalar): expressions over numpy scalars
# that give exactly the kernels' results, for loops over rank-0 values.  Only
# numpy's own dtypes qualify: their scalar operators run the same C arithmetic
# as the ufuncs (integers wrap, floats round once; errors are ignored as in a
# run).  Ops and types not listed here still run, through their kernels.

_NUMPY_SCALARS = frozenset(np.dtype(t) for t in (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
    np.float16, np.float32, np.float64, np.complex64, np.complex128))

# op -> {category: expression}; add and multiply on i1 are or and and, as in their kernels.
_SCALAR_EXPRESSIONS = {
    "stablehlo.add": {"bool": "{0} | {1}", "sint": "{0} + {1}", "uint": "{0} + {1}", "float": "{0} + {1}",
                      "complex": "{0} + {1}"},
    "stablehlo.subtract": {"sint": "{0} - {1}", "uint": "{0} - {1}", "float": "{0} - {1}", "complex": "{0} - {1}"},
    "stablehlo.multiply": {"bool": "{0} & {1}", "sint": "{0} * {1}", "uint": "{0} * {1}", "float": "{0} * {1}"},
    "stablehlo.and": {"bool": "{0} & {1}", "sint": "{0} & {1}", "uint": "{0} & {1}"},
    "stablehlo.or": {"bool": "{0} | {1}", "sint": "{0} | {1}", "uint": "{0} | {1}"},
    "stablehlo.xor": {"bool": "{0} ^ {1}", "sint": "{0} ^ {1}", "uint": "{0} ^ {1}"},
    "stablehlo.not": {"bool": "~{0}", "sint": "~{0}", "uint": "~{0}"},
    "stablehlo.negate": {"sint": "-{0}", "uint": "-{0}", "float": "-{0}", "complex": "-{0}"},
    "stablehlo.maximum": {"bool": "{0} | {1}", "sint": "max({0}, {1})", "uint": "max({0}, {1})"},
    "stablehlo.minimum": {"bool": "{0} & {1}", "sint": "min({0}, {1})", "uint": "min({0}, {1})"},
}

_OPERATORS = {"EQ": "==", "NE": "!=", "GE": ">=", "GT": ">", "LE": "<=", "LT": "<"}


@register_scalar(*(name for name in _SCALAR_EXPRESSIONS if name not in ("stablehlo.maximum", "stablehlo.minimum")))
def _scalar_arithmetic(op):
    info = _element(op)
    if info.dtype not in _NUMPY_SCALARS:
        return None
    return _form(_SCALAR_EXPRESSIONS[op.name].get(info.category))


@register_scalar("stablehlo.compare")
def _scalar_compare(op):
    info = _element(op)
    compare_type = op.attrs.get("compare_type")
    direction = op.attrs["comparison_direction"]
    if info.dtype not in _NUMPY_SCALARS or info.category == "complex" and direction not in ("EQ", "NE"):
        return None
    if info.category == "float" and compare_type == "TOTALORDER":
        return None
    return ScalarForm("{0} " + _OPERATORS[direction] + " {1}")


@register_scalar("stablehlo.select")
def _scalar_select(op):
    return ScalarForm("({1} if {0} else {2})")


@register_scalar("stablehlo.convert")
def _scalar_convert(op):
    src, dst = _element(op), op.result_specs[0].element
    if src.dtype not in _NUMPY_SCALARS or dst.dtype not in _NUMPY_SCALARS or src.category == "complex":
        return None
    if dst.category == "bool":
        return ScalarForm("({0} != 0)")
    if dst.is_int and src.category == "float":
        # conversion._float_to_int: truncate; NaN -> 0; below the range -> min, above -> max
        # (limits as f64 scalars, so an f16 or f32 operand compares in f64, exactly)
        values = _typed(dst, zero=0, min=dst.min, max=dst.max)
        values.update(low=np.float64(dst.min - 1), limit=np.float64(dst.max + 1))
        return ScalarForm("({zero} if {0} != {0} else {max} if {0} >= {limit} else {min} if {0} <= {low} "
                          "else {result}({0}))", values)
    return ScalarForm("{result}({0})")  # a C cast: ints wrap, floats round to nearest even


def _typed(info: ElementInfo, **values) -> dict:
    """Scalar-form values: numpy scalars of `info`'s type."""
    dtype = info.dtype.type
    return {name: dtype(value) for name, value in values.items()}


def _form(expression: str | None) -> ScalarForm | None:
    """The scalar form of `expression`, which names no values; None for None."""
    return None if expression is None else ScalarForm(expression)


def _numpy_scalar_form(op) -> ElementInfo | None:
    """The operand's element type if its values are numpy scalars (see _NUMPY_SCALARS), else None."""
    info = _element(op)
    return info if info.dtype in _NUMPY_SCALARS else None


@register_scalar("stablehlo.divide")
def _scalar_divide(op):
    """Integer division as _int_divide: truncating, x / 0 all ones, INT_MIN / -1 = INT_MIN (-x wraps)."""
    info = _numpy_scalar_form(op)
    if info is None or info.category == "complex":
        return None
    if info.category == "float":
        return ScalarForm("{0} / {1}")  # f16: numpy divides in f32 and rounds once, as _via_f32
    if info.category == "uint":
        values = _typed(info, max=info.max)
        return ScalarForm("({max} if not {1} else {0} // {1})", values,
                          _constant_divisor(values, "{max}", "{0} // {1}"))
    # floor division rounds down; a quotient with a remainder and operands of opposite signs is one more
    values = _typed(info, zero=0, one=1, m1=-1)

    def specialize(constants):
        b = constants[1]
        if b is None or b in (0, -1):
            return None if b is None else ScalarForm("{m1}" if b == 0 else "-{0}", values)
        return ScalarForm(f"({{0}} // {{1}} if {{0}} {'>=' if b > 0 else '<='} {{zero}} or not {{0}} % {{1}} "
                          "else {0} // {1} + {one})", values)

    return ScalarForm("({m1} if not {1} else -{0} if {1} == {m1} else {0} // {1} if ({0} ^ {1}) >= {zero} "
                      "or not {0} % {1} else {0} // {1} + {one})", values, specialize)


def _constant_divisor(values: dict, by_zero: str, otherwise: str):
    """specialize (registry.register_scalar) for a constant divisor: `by_zero` or `otherwise`."""
    def specialize(constants):
        b = constants[1]
        return None if b is None else ScalarForm(by_zero if b == 0 else otherwise, values)
    return specialize


@register_scalar("stablehlo.remainder")
def _scalar_remainder(op):
    """_int_remainder (the dividend's sign, x % 0 = x, INT_MIN % -1 = 0) and fmod (f16 in f32)."""
    info = _numpy_scalar_form(op)
    if info is None or info.category == "complex":
        return None
    if info.category == "float":
        return _scalar_via_f32(info, "np.fmod({0}, {1})")
    if info.category == "uint":
        return ScalarForm("({0} if not {1} else {0} % {1})", {}, _constant_divisor({}, "{0}", "{0} % {1}"))
    # numpy's % takes the divisor's sign: a nonzero remainder of the other sign than the dividend moves by it
    values = _typed(info, zero=0)

    def specialize(constants):
        b = constants[1]
        if b is None or b == 0:
            return None if b is None else ScalarForm("{0}", values)
        if b in (1, -1):
            return ScalarForm("{zero}", values)
        return ScalarForm(f"(_t - {{1}} if (_t := {{0}} % {{1}}) and {{0}} {'<' if b > 0 else '>'} {{zero}} "
                          "else _t)", values)

    return ScalarForm("({0} if not {1} else _t if not (_t := {0} % {1}) or (_t ^ {0}) >= 0 else _t - {1})", values,
                      specialize)


def _scalar_via_f32(info: ElementInfo, expression: str, values: dict | None = None):
    """Float `expression` on f32/f64 operands; f16 operands computed in f32 and rounded once (_via_f32)."""
    values = dict(values or {})
    if info.bits >= 32:
        return ScalarForm(expression, values)
    widened = expression.format(*(f"{{widen}}({{{i}}})" for i in range(3)), **{k: f"{{{k}}}" for k in values})
    return ScalarForm("{result}(" + widened + ")", {**values, "widen": _to_f32(info)})


@register_scalar("stablehlo.shift_left", "stablehlo.shift_right_logical", "stablehlo.shift_right_arithmetic")
def _scalar_shift(op):
    """_shift: amounts >= the width or negative shift everything out (0, or the sign fill for an
    arithmetic shift, also of an unsigned value's top bit).  numpy's shifts of scalars give 0 (or
    the sign fill) for amounts >= the width themselves; negative amounts are guarded here."""
    info = _numpy_scalar_form(op)
    if info is None or not info.is_int:
        return None
    values = _typed(info, zero=0, one=1, m1=-1 if info.category == "sint" else info.max, bits=info.bits,
                    max=info.max)
    kind = op.name.rsplit(".", 1)[1]
    if info.category == "uint":
        form = {"shift_left": "{0} << {1}", "shift_right_logical": "{0} >> {1}",
                "shift_right_arithmetic": "({0} >> {1} if {0} <= {top} else ~(~{0} >> {1}))"}[kind]
        values["top"] = info.dtype.type(info.max >> 1)
    else:
        form = {"shift_left": "({zero} if {1} < {zero} else {0} << {1})",
                "shift_right_arithmetic": "({0} >> {1} if {1} >= {zero} else {m1} if {0} < {zero} else {zero})",
                # the signed shift, its copies of the sign bit masked off
                "shift_right_logical": "({zero} if not {zero} <= {1} < {bits} else {0} if not {1} "
                                       "else ({0} >> {1}) & ({max} >> ({1} - {one})))"}[kind]

    def specialize(constants):  # a constant amount: its range is known
        b = constants[1]
        if b is None or info.category == "uint":
            return None
        if kind == "shift_right_logical":
            if not 0 < b < info.bits:
                return ScalarForm("{zero}" if b else "{0}", values)
            return ScalarForm("({0} >> {1}) & {mask}", {**values, "mask": info.dtype.type(info.max >> (int(b) - 1))})
        if b >= 0:
            return ScalarForm("{0} << {1}" if kind == "shift_left" else "{0} >> {1}", values)
        return ScalarForm("{zero}" if kind == "shift_left" else "({m1} if {0} < {zero} else {zero})", values)

    return ScalarForm(form, values, specialize)


def _float_max_form(a: str, b: str, first: str | None = None) -> str:
    """float_max as an expression: NaN-propagating (the first NaN operand), max(-0, +0) = +0.
    `first` replaces the first evaluated use of `a` (an assignment expression)."""
    return f"({a} + {b} if not {first or a} and not {b} else {a} if {a} >= {b} or {a} != {a} else {b})"


def _float_min_form(a: str, b: str, first: str | None = None) -> str:
    """float_min as an expression: NaN-propagating, min(-0, +0) = -0."""
    return f"(-((-{a}) + (-{b})) if not {first or a} and not {b} else {a} if {a} <= {b} or {a} != {a} else {b})"


@register_scalar("stablehlo.clamp")
def _scalar_clamp(op):
    """_clamp: min(max(operand, min), max) with the maximum/minimum of the element type."""
    info = op.operand_specs[1].element
    if info.dtype not in _NUMPY_SCALARS or info.category == "complex":
        return None
    if info.category == "float":
        return ScalarForm(_float_min_form("_c", "{2}", first="(_c := " + _float_max_form("{1}", "{0}") + ")"))
    if info.category == "bool":
        return ScalarForm("({1} | {0}) & {2}")
    return ScalarForm("min(max({1}, {0}), {2})")


@register_scalar("stablehlo.maximum", "stablehlo.minimum")
def _scalar_float_max_min(op):
    info = _numpy_scalar_form(op)
    if info is None:
        return None
    if info.category != "float":
        return _form(_SCALAR_EXPRESSIONS[op.name].get(info.category))
    return ScalarForm((_float_max_form if op.name == "stablehlo.maximum" else _float_min_form)("{0}", "{1}"))


@register_scalar("stablehlo.abs")
def _scalar_abs(op):
    info = _numpy_scalar_form(op)
    return _form("abs({0})" if info is not None and info.category in ("sint", "uint", "float") else None)  # np.abs


@register_scalar("stablehlo.sign")
def _scalar_sign(op):
    """np.sign for integers; _float_sign keeps +-0 and NaN."""
    info = _numpy_scalar_form(op)
    if info is None or info.category not in ("sint", "uint", "float"):
        return None
    values = _typed(info, zero=0, one=1)
    if info.category == "uint":
        return ScalarForm("({one} if {0} else {zero})", values)
    values["m1"] = info.dtype.type(-1)
    if info.category == "float":
        return ScalarForm("({0} if not {0} or {0} != {0} else {one} if {0} > {zero} else {m1})", values)
    return ScalarForm("({one} if {0} > {zero} else {m1} if {0} < {zero} else {zero})", values)


@register_scalar("stablehlo.is_finite")
def _scalar_is_finite(op):
    info = _numpy_scalar_form(op)
    return _form("({0} - {0} == {0} - {0})" if info is not None and info.category == "float" else None)  # inf, NaN


# unary float ops whose kernels are one numpy function of the value (f16 in f32, _via_f32)
_SCALAR_FLOAT_FUNCTIONS = {
    "stablehlo.exponential": exponential, "stablehlo.exponential_minus_one": exponential_minus_one,
    "stablehlo.log": np.log, "stablehlo.log_plus_one": log_plus_one, "stablehlo.sqrt": np.sqrt,
    "stablehlo.rsqrt": _rsqrt, "stablehlo.cbrt": _cbrt, "stablehlo.tanh": tanh, "stablehlo.sine": np.sin,
    "stablehlo.cosine": np.cos, "stablehlo.tan": np.tan, "stablehlo.logistic": _logistic, "stablehlo.floor": np.floor,
    "stablehlo.ceil": np.ceil, "stablehlo.round_nearest_even": np.rint,
}


@register_scalar(*_SCALAR_FLOAT_FUNCTIONS)
def _scalar_float_function(op):
    info = _numpy_scalar_form(op)
    if info is None or info.category != "float":
        return None
    return _scalar_via_f32(info, "{fn}({0})", {"fn": _SCALAR_FLOAT_FUNCTIONS[op.name]})


@register_scalar("stablehlo.atan2", "stablehlo.power")
def _scalar_float_binary(op):
    info = _numpy_scalar_form(op)
    if info is None or info.category != "float":
        return None
    fn = np.arctan2 if op.name == "stablehlo.atan2" else _ieee_power
    return _scalar_via_f32(info, "{fn}({0}, {1})", {"fn": fn})
