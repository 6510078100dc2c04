"""The chlo dialect: math and special functions, the broadcasting element-wise ops, top_k,
ragged_dot, scan, constants.

  * Math (acos ... tan, erf ... zeta, bessel_i1e, digamma, lgamma, polygamma): computed in f64
    (complex128 for complex) whatever the element type, rounded once to the result type
    (`convert_values`, the convert op's rounding). Trigonometric and hyperbolic functions are
    numpy's (C99 branch cuts and signed zeros, also for complex); the special functions are
    scipy.special's with XLA's edge results (special.py).
  * broadcast_<op>: the operands are broadcast to a common shape, numpy style (trailing
    dimensions aligned) or, with `broadcast_dimensions`, the lower-rank operand's dimension i
    mapped to result dimension broadcast_dimensions[i] (upstream's shape inference); then the
    kernel of the element-wise op itself runs: stablehlo.<op>'s for the stablehlo ops (found
    through the registry, so the semantics are the very same), chlo.next_after/polygamma/zeta's
    for those.
  * top_k: the first k of a stable sort of the last dimension, largest first, in IEEE
    totalOrder for floats (+NaN above +inf, +0 above -0, -NaN last), as XLA's sort with a
    TOTALORDER comparator; long rows sort only candidates at or above a floor (TOP_K_GROUPS).
  * ragged_dot: stablehlo.dot_general's kernel on masked operands or results (see _ragged_dot).
  * scan: the body once per index of `dimension`, first to last (or last to first with
    is_reverse), outputs stacked along `dimension` at the index they were computed for.
"""

from __future__ import annotations

import numpy as np

from ..numerics import special
from ..core.attributes import DotDims
from ..numerics.combiners import total_order_key
from ..numerics.conversion import convert_values
from ..core.errors import InterpreterError
from ..core.registry import Kernel, lookup, register
from ..core.types import ElementInfo, TensorSpec, bits_view, from_wide_int, uint_dtype, wide_int_dtype


def _element(op, index: int = 0) -> ElementInfo:
    return op.operand_specs[index].element


def _unsupported(info: ElementInfo):
    return InterpreterError(f"element type {info.name} is not supported by this op")


def _stablehlo_kernel(name: str, op):
    """The function of one-result stablehlo op `name`'s kernel (Kernel.one) for the element types
    and attributes of `op` (the factories of the element-wise ops read only those)."""
    return lookup(name)(op).one


# ---------------------------------------------------------------------------
# Math: f64 (complex128) values rounded once to the result type


def _in_f64(fn, out: ElementInfo):
    def kernel(*xs):
        return convert_values(np.asarray(fn(*[x.astype(np.float64, copy=False) for x in xs])), out)

    return kernel


def _in_complex128(fn, info: ElementInfo):
    if info.dtype == np.complex128:
        return fn
    return lambda z: np.asarray(fn(z.astype(np.complex128))).astype(info.dtype)


def _math(name: str, real, complex_=None):
    @register(name)
    def factory(op):
        info = _element(op)
        if info.category == "float":
            return Kernel.single(_in_f64(real, op.result_specs[0].element))
        if info.category == "complex" and complex_ is not None:
            return Kernel.single(_in_complex128(complex_, info))
        raise _unsupported(info)

    return factory


def _asin_acos_kernel(z):
    """w with asin(z) = atan2(re z, re w) + i sign(im z) im w (the op's definition): for
    a = asin(z) = p + iq, re w = cos(p) cosh(q), the real part of sqrt(1 - z^2), and im w = |q|.
    As z = sin(p) cosh(q) + i cos(p) sinh(q), re w = |im z| / tanh(|q|), accurate to a few ULP
    even where cos(p) is not (p near +-pi/2, i.e. |re z| large against |im z|); for q at or
    near 0 (and only there: within the real segment [-1, 1]), cos(p) cosh(q) is."""
    a = np.arcsin(z)
    q = np.abs(a.imag)
    out = np.empty(np.shape(z), z.dtype)
    out.real = np.where(q > 1e-290, np.abs(z.imag) / np.tanh(q), np.cos(a.real) * np.cosh(a.imag))
    out.imag = q
    return out


for _name, _real, _complex in (
        ("acos", np.arccos, np.arccos), ("acosh", np.arccosh, np.arccosh), ("asin", np.arcsin, np.arcsin),
        ("asinh", np.arcsinh, np.arcsinh), ("atan", np.arctan, np.arctan), ("atanh", np.arctanh, np.arctanh),
        ("cosh", np.cosh, np.cosh), ("sinh", np.sinh, np.sinh), ("tan", np.tan, np.tan),
        ("_asin_acos_kernel", None, _asin_acos_kernel),
        ("bessel_i1e", special.bessel_i1e, None), ("digamma", special.digamma, None), ("erf", special.erf, None),
        ("erfc", special.erfc, None), ("erf_inv", special.erf_inv, None), ("lgamma", special.lgamma, None)):
    if _real is None:  # complex only
        @register("chlo." + _name)
        def _complex_only(op, fn=_complex):
            info = _element(op)
            if info.category != "complex":
                raise _unsupported(info)
            return Kernel.single(_in_complex128(fn, info))
    else:
        _math("chlo." + _name, _real, _complex)


def _float_binary(fn):
    """Factory of a binary op on floats computed by `fn` in f64."""
    def factory(op):
        info = _element(op)
        if info.category != "float":
            raise _unsupported(info)
        return Kernel.single(_in_f64(fn, op.result_specs[0].element))

    return factory


_polygamma = register("chlo.polygamma")(_float_binary(special.polygamma))
_zeta = register("chlo.zeta")(_float_binary(special.zeta))


@register("chlo.conj")
def _conj(op):
    info = _element(op)
    if info.category == "complex":
        return Kernel.single(np.conj)
    if info.category == "float":
        return Kernel.single(lambda x: x)
    raise _unsupported(info)


def _complex_square(z):
    """(re - im)(re + im) + 2 re im i, each step rounded in the part type (the op's definition)."""
    out = np.empty(np.shape(z), z.dtype)
    re, im = z.real, z.imag
    out.real = (re - im) * (re + im)
    out.imag = re * im * 2
    return out


@register("chlo.square")
def _square(op):
    info = _element(op)
    if info.category == "complex":
        return Kernel.single(_complex_square)
    if info.category != "float":
        raise _unsupported(info)
    multiply = _stablehlo_kernel("stablehlo.multiply", op)
    return Kernel.single(lambda x: multiply(x, x))


def _is_inf(test):
    def factory(op):
        info = _element(op)
        if info.category != "float":
            raise _unsupported(info)
        return Kernel.single(lambda x: test(x.astype(np.float64, copy=False)))

    return factory


register("chlo.is_inf")(_is_inf(np.isinf))
register("chlo.is_pos_inf")(_is_inf(np.isposinf))
register("chlo.is_neg_inf")(_is_inf(np.isneginf))


def _next_after(info: ElementInfo):
    """nextafter on the bits of any float type (sign-magnitude), as XLA's decomposition: NaN if
    either operand is NaN; y when x == y (so +-0 toward -+0 gives y); from a zero, the smallest
    subnormal with y's sign; else one step of the magnitude toward y. Formats without -0
    (FNUZ: its bits are NaN) give +0 where -0 would be."""
    storage = uint_dtype(info.dtype)
    word = storage.type
    unsigned = info.name == "f8E8M0FNU"  # no sign bit
    sign = word(0 if unsigned else 1 << (info.bits - 1))
    magnitude = word((1 << (info.bits - 1 if not unsigned else info.bits)) - 1)
    no_negative_zero = unsigned or info.name.endswith("FNUZ")
    nan = convert_values(np.array(np.nan), info)
    one = word(1)

    def next_after(x, y):
        u, v = (bits_view(np.ascontiguousarray(a)) & (sign | magnitude) for a in (x, y))
        xf, yf = x.astype(np.float64), y.astype(np.float64)
        smaller = ((u & sign) != (v & sign)) | ((u & magnitude) > (v & magnitude))
        r = np.where(smaller, u - one, u + one)
        r = np.where(xf == 0, (v & sign) | one, r)
        r = np.where(xf == yf, v, r)
        if no_negative_zero:
            r = np.where(r == sign, word(0), r)
        out = r.astype(storage).view(info.dtype)
        return np.where(np.isnan(xf) | np.isnan(yf), nan, out)

    return next_after


@register("chlo.next_after")
def _next_after_factory(op):
    info = _element(op)
    if info.category != "float":
        raise _unsupported(info)
    return Kernel.single(_next_after(info))


def _wide_mulhi(a, b, signed: bool):
    """The high 64 bits of the 128-bit products of 64-bit integers (uint64 or int64 arrays), from
    32-bit halves; signed: mulhs(a, b) = mulhu(a, b) - (a < 0) b - (b < 0) a (mod 2^64)."""
    u64 = np.uint64
    ua, ub = a.view(u64), b.view(u64)
    low, shift = u64(0xFFFFFFFF), u64(32)
    a0, a1, b0, b1 = ua & low, ua >> shift, ub & low, ub >> shift
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    middle = (p00 >> shift) + (p01 & low) + (p10 & low)
    high = p11 + (p01 >> shift) + (p10 >> shift) + (middle >> shift)
    if signed:
        high = high - np.where(a < 0, ub, u64(0)) - np.where(b < 0, ua, u64(0))
        return high.view(np.int64)
    return high


@register("chlo.mulhi")
def _mulhi(op):
    info = _element(op)
    if not info.is_int:
        raise _unsupported(info)
    signed = info.category == "sint"
    if info.bits == 64:
        return Kernel.single(lambda a, b: _wide_mulhi(a, b, signed))
    wide = np.dtype(np.int64 if signed else np.uint64)
    shift = wide.type(info.bits)

    def mulhi(a, b):  # the 2N-bit product is exact in 64 bits for N <= 32
        return from_wide_int((a.astype(wide) * b.astype(wide)) >> shift, info)

    return Kernel.single(mulhi)


# ---------------------------------------------------------------------------
# Constants


@register("chlo.constant")
def _constant(op):
    value = op.attrs.elements("value", op.result_specs[0])
    return Kernel.single(lambda: value)


def _scalar(value, info: ElementInfo) -> np.ndarray:
    """The scalar attribute `value` (decoded: bool, int or float) as a 0-d array of type `info`."""
    if isinstance(value, (bool, int, float)):
        if info.category == "bool":
            return np.array(bool(value))
        if info.is_int:
            return from_wide_int(np.array(int(value), np.int64 if info.category == "sint" else np.uint64), info)
        if info.category == "float":
            return convert_values(np.array(float(value)), info)
    raise InterpreterError(f"constant_like value {value} for element type {info.name} is not supported")


@register("chlo.constant_like")
def _constant_like(op):
    value = _scalar(op.attrs["value"], op.result_specs[0].element)
    return Kernel.single(lambda x: np.full(x.shape, value))


# ---------------------------------------------------------------------------
# Broadcasting element-wise ops


def _numpy_axes(shapes) -> tuple:
    """Numpy broadcasting: each operand's dimensions aligned with the result's last ones."""
    rank = max(map(len, shapes), default=0)
    return [tuple(range(rank - len(s), rank)) for s in shapes], rank


def _binary_axes(lhs: tuple, rhs: tuple, dims) -> tuple:
    """([result dimension of each dimension of lhs, of rhs], result rank): numpy style without
    `dims`; with it, as upstream's shape inference, the lower-rank operand (lhs if the ranks are
    equal) maps its dimension i to dims[i] and the other maps each dimension to itself."""
    if dims is None:
        return _numpy_axes((lhs, rhs))
    small, large = (0, 1) if len(lhs) <= len(rhs) else (1, 0)
    shapes = (lhs, rhs)
    rank = len(shapes[large])
    if len(dims) != len(shapes[small]) or len(set(dims)) != len(dims) or not all(0 <= d < rank for d in dims):
        raise InterpreterError(f"broadcast_dimensions {list(dims)} do not map the operand of shape "
                               f"{shapes[small]} into rank {rank}")
    axes = [None, None]
    axes[small], axes[large] = tuple(dims), tuple(range(rank))
    return axes, rank


def _broadcast_shape(shapes, axes, rank: int) -> tuple:
    out = [1] * rank
    for shape, dims in zip(shapes, axes):
        for n, d in zip(shape, dims):
            if out[d] == 1:
                out[d] = n
            elif n not in (1, out[d]):
                raise InterpreterError(f"operands of shapes {', '.join(map(str, shapes))} do not broadcast "
                                       f"(dimension {d}: {out[d]} and {n})")
    return tuple(out)


def _place(shape: tuple, axes: tuple, rank: int):
    """A function taking an array of `shape` to rank `rank`, its dimension i at axes[i] (size 1
    at the others)."""
    order = sorted(range(len(axes)), key=axes.__getitem__)
    perm = None if order == list(range(len(axes))) else tuple(order)
    full = [1] * rank
    for n, d in zip(shape, axes):
        full[d] = n
    full = tuple(full)

    def place(x):
        if perm is not None:
            x = x.transpose(perm)
        return x.reshape(full)

    return place


def _aligned(shapes, axes, rank: int, op):
    """(one function per operand returning it broadcast to the result shape, the result shape),
    checked against the op's result type."""
    result = _broadcast_shape(shapes, axes, rank)
    spec = op.result_specs[0]
    if not spec.matches_shape(result):
        raise InterpreterError(f"operands of shapes {', '.join(map(str, shapes))} broadcast to {result}, "
                               f"which does not fit the result type {spec.text}")

    def aligner(shape, dims):
        if shape == result:
            return lambda x: x
        place = _place(shape, dims, rank)
        return lambda x: np.broadcast_to(place(x), result)

    return [aligner(s, d) for s, d in zip(shapes, axes)], result


def _broadcasting(name: str, element_kernel):
    """Register chlo op `name`: its operands broadcast, then the function of `element_kernel(op)`,
    a one-result Kernel."""

    @register(name)
    def factory(op):
        shapes = [op.operand_specs[i].shape for i in range(2)]
        axes, rank = _binary_axes(*shapes, op.attrs.get("broadcast_dimensions"))
        (lhs, rhs), _ = _aligned(shapes, axes, rank, op)
        fn = element_kernel(op).one
        return Kernel.single(lambda a, b: fn(lhs(a), rhs(b)))

    return factory


for _op in ("add", "and", "atan2", "compare", "complex", "divide", "maximum", "minimum", "multiply", "or", "power",
            "remainder", "shift_left", "shift_right_arithmetic", "shift_right_logical", "subtract", "xor"):
    _broadcasting("chlo.broadcast_" + _op, lambda op, name="stablehlo." + _op: lookup(name)(op))
_broadcasting("chlo.broadcast_next_after", _next_after_factory)
_broadcasting("chlo.broadcast_polygamma", _polygamma)
_broadcasting("chlo.broadcast_zeta", _zeta)


@register("chlo.broadcast_select")
def _broadcast_select(op):
    shapes = [op.operand_specs[i].shape for i in range(3)]
    axes, rank = _numpy_axes(shapes)
    aligners, _ = _aligned(shapes, axes, rank, op)
    select = _stablehlo_kernel("stablehlo.select", op)
    return Kernel.single(lambda *xs: select(*[align(x) for align, x in zip(aligners, xs)]))


# ---------------------------------------------------------------------------
# top_k


def _ascending_key(info: ElementInfo):
    """x -> integer (or boolean) keys in x's order (floats in totalOrder)."""
    if info.category == "float":
        return total_order_key
    wide = wide_int_dtype(info)
    return lambda x: x.astype(wide, copy=False)


# Rows of at least 2 * TOP_K_GROUPS * k elements select candidates before sorting: split into
# TOP_K_GROUPS * k groups (a strided split, so the maxima are one vectorised reduction), the
# k-th largest group maximum is a floor that at least k elements reach, so every element of
# the row's top k does; only the elements at or above it (about TOP_K_GROUPS * k of random
# data, all of them at worst) are sorted.
TOP_K_GROUPS = 16


def _top_k_indices(key: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest keys of each row (last axis), largest first, the lower index
    first among equal keys: the first k of a stable descending sort."""
    shape, n = key.shape, key.shape[-1]
    groups = TOP_K_GROUPS * k
    if k == 0 or n < 2 * groups:
        return np.argsort(~key, axis=-1, kind="stable")[..., :k]
    rows = np.ascontiguousarray(key).reshape(-1, n)
    size = n // groups
    maxima = rows[:, :size * groups].reshape(-1, size, groups).max(axis=1)
    floor = np.partition(maxima, groups - k, axis=-1)[:, groups - k, None]
    flat = np.flatnonzero(rows >= floor)
    row = flat // n  # ascending: flatnonzero walks the rows in order
    flat = flat[np.lexsort((~rows.reshape(-1)[flat], row))]  # stable: equal keys keep index order
    first = np.searchsorted(row, np.arange(len(rows)))  # each row has at least k candidates
    picked = flat[first[:, None] + np.arange(k)] - (np.arange(len(rows)) * n)[:, None]
    return picked.reshape(shape[:-1] + (k,))


@register("chlo.top_k")
def _top_k(op):
    k = op.attrs["k"]
    info = _element(op)
    index_dtype = op.result_specs[1].dtype
    if info.category == "complex":  # (real, imag) lexicographic, as the sort's GT comparator
        def order_of(x):
            return np.lexsort((~total_order_key(x.imag), ~total_order_key(x.real)), axis=-1)[..., :k]
    else:
        key = _ascending_key(info)

        def order_of(x):
            return _top_k_indices(key(x), k)

    def top_k(x):
        if k > x.shape[-1]:
            raise InterpreterError(f"k = {k} is larger than the last dimension of the operand, {x.shape[-1]}")
        order = order_of(x)
        return np.take_along_axis(x, order, axis=-1), order.astype(index_dtype)

    return Kernel(top_k)


# ---------------------------------------------------------------------------
# ragged_dot


class _DotOp:
    """What stablehlo.dot_general's kernel factory reads of its op, for a dot ragged_dot runs."""

    __slots__ = ("operand_specs", "result_specs", "attrs")

    def __init__(self, lhs: TensorSpec, rhs: TensorSpec, result: TensorSpec, dims: DotDims):
        self.operand_specs, self.result_specs = (lhs, rhs), (result,)
        self.attrs = {"dot_dimension_numbers": dims}


def _spec(shape: tuple, element: ElementInfo) -> TensorSpec:
    return TensorSpec(tuple(shape), element, "tensor<" + "".join(f"{n}x" for n in shape) + element.name + ">")


def _free(rank: int, *used) -> list:
    return [d for d in range(rank) if not any(d in dims for dims in used)]


def _dot(lhs: TensorSpec, rhs: TensorSpec, out: ElementInfo, dims: DotDims, rhs_excluded=()):
    """(stablehlo.dot_general's kernel for these operands, its result shape)."""
    lhs_free = _free(lhs.rank, dims.lhs_batch, dims.lhs_contract)
    rhs_free = _free(rhs.rank, dims.rhs_batch, dims.rhs_contract)
    shape = tuple(lhs.shape[d] for d in (*dims.lhs_batch, *lhs_free)) + tuple(rhs.shape[d] for d in rhs_free)
    return _stablehlo_kernel("stablehlo.dot_general", _DotOp(lhs, rhs, _spec(shape, out), dims)), shape


def _group_bounds(sizes, prefix: tuple):
    """(starts, ends) of each group, shape prefix + (g,): the exclusive and inclusive running sums
    of the group sizes along the last dimension (a [g] operand serves every prefix index)."""
    sizes = np.broadcast_to(sizes.astype(np.int64), prefix + sizes.shape[-1:])
    ends = np.cumsum(sizes, axis=-1)
    return ends - sizes, ends


def _group_masks(sizes, prefix: tuple, prefix_axes: tuple, ragged_axis: int, shape: tuple) -> np.ndarray:
    """Masks of shape (g,) + `shape` (broadcastable): element i of group j lies in the ragged
    dimension `ragged_axis` within [start_j, end_j) of its prefix index (prefix_axes: where the
    group sizes' leading dimensions are in `shape`)."""
    rank = len(shape)
    starts, ends = _group_bounds(sizes, prefix)
    place = _place(prefix + (starts.shape[-1],), tuple(a + 1 for a in prefix_axes) + (0,), rank + 1)
    iota = np.arange(shape[ragged_axis]).reshape([-1 if d == ragged_axis else 1 for d in range(rank)])
    return (place(starts) <= iota) & (iota < place(ends))


def _accumulator(info: ElementInfo):
    """(out, x) -> out + x in the element type (integers wrap, i1 is or)."""
    if info.category == "bool":
        return np.logical_or
    if info.is_subbyte:
        wide = wide_int_dtype(info)
        return lambda out, x: from_wide_int(out.astype(wide) + x.astype(wide), info)
    return np.add


@register("chlo.ragged_dot")
def _ragged_dot(op):
    """Three modes, by where the lhs ragged dimension is (upstream's shape rules):

      * batch: the groups change nothing, the result is dot_general's (as jax.lax.ragged_dot_general);
      * contracting (result [g, batch..., lhs free..., rhs free...]): result j contracts over the
        indices of the ragged dimension in group j only: both operands are masked to group j
        (zeros elsewhere), as jax.lax.ragged_dot_general does;
      * non-contracting (rhs has one group dimension): row r of group j is lhs row r times rhs
        group j: dot_general with the group dimension as an rhs free dimension, then each row
        takes group j's result where it lies in group j and 0 elsewhere, summed over the groups
        in the result type (chlo-legalize-to-stablehlo's decomposition). Rows in no group are 0
        (also when the group sizes sum to less than the dimension); a row in two groups
        (negative sizes) gets the sum.

    Groups are the running sums of the sizes, so a group that starts or ends past the dimension
    is cut off at its end."""
    dims = op.attrs["ragged_dot_dimension_numbers"]
    lhs, rhs, sizes = (op.operand_specs[i] for i in range(3))
    out = op.result_specs[0].element
    lb, rb = tuple(dims.lhs_batching_dimensions), tuple(dims.rhs_batching_dimensions)
    lc, rc = tuple(dims.lhs_contracting_dimensions), tuple(dims.rhs_contracting_dimensions)
    (ragged,) = dims.lhs_ragged_dimensions
    if ragged in lb:
        dot, _ = _dot(lhs, rhs, out, DotDims(lb, rb, lc, rc))
        return Kernel.single(lambda a, b, group_sizes: dot(a, b))
    groups = sizes.shape[-1]
    if ragged in lc:
        index = lc.index(ragged)
        lhs_prefix, rhs_prefix = lb + lc[:index], rb + rc[:index]
        prefix = tuple(lhs.shape[d] for d in lhs_prefix)
        step = lambda ds: tuple(d + 1 for d in ds)  # noqa: E731
        dot, _ = _dot(_spec((groups, *lhs.shape), lhs.element), _spec((groups, *rhs.shape), rhs.element), out,
                      DotDims((0, *step(lb)), (0, *step(rb)), step(lc), step(rc)))

        def expand(x, group_sizes, prefix_axes, ragged_axis):
            mask = _group_masks(group_sizes, prefix, prefix_axes, ragged_axis, x.shape)
            return np.where(mask, x[None], np.zeros((), x.dtype))

        def ragged_contracting(a, b, group_sizes):
            return dot(expand(a, group_sizes, lhs_prefix, ragged),
                       expand(b, group_sizes, rhs_prefix, rc[index]))

        return Kernel.single(ragged_contracting)
    (group,) = dims.rhs_group_dimensions
    dot, shape = _dot(lhs, rhs, out, DotDims(lb, rb, lc, rc))
    lhs_free = _free(lhs.rank, lb, lc)
    rhs_free = _free(rhs.rank, rb, rc)
    group_axis = len(lb) + len(lhs_free) + rhs_free.index(group)
    ragged_axis = len(lb) + lhs_free.index(ragged)
    result = shape[:group_axis] + shape[group_axis + 1:]
    prefix = result[:ragged_axis]
    accumulate = _accumulator(out)
    zero = np.zeros((), out.dtype)

    def ragged_non_contracting(a, b, group_sizes):
        products = np.moveaxis(dot(a, b), group_axis, 0)
        masks = _group_masks(group_sizes, prefix, tuple(range(ragged_axis)), ragged_axis, result)
        total = np.zeros(result, out.dtype)
        for j in range(groups):
            total = accumulate(total, np.where(masks[j], products[j], zero))
        return total

    return Kernel.single(ragged_non_contracting)


# ---------------------------------------------------------------------------
# scan


def _with(shape: tuple, dim: int, size: int) -> tuple:
    """`shape` with a dimension of `size` inserted at `dim` (`?` sizes read as 0)."""
    shape = tuple(0 if n is None else n for n in shape)
    return shape[:dim] + (size,) + shape[dim:]


def _ints(value) -> tuple:
    return tuple(int(v) for v in value)  # decoded tuples, or an array attribute's elements


def _without(shape: tuple, dim: int) -> tuple:
    return shape[:dim] + shape[dim + 1:]


@register("chlo.scan")
def _scan(op):
    """outputs..., carries... = scan(inputs..., inits...): the body takes the inputs' slices at
    index t of `dimension` (that dimension removed) and the carries, and returns the outputs'
    slices at index t and the next carries, for t = 0, 1, ... (n-1, n-2, ... with is_reverse)."""
    body = op.region(0)
    inputs, carries = _ints(op.attrs["operandSegmentSizes"])
    dim = op.attrs["dimension"]
    reverse = op.attrs.get("is_reverse", False)
    outputs = op.num_results - carries
    runtime = op.runtime
    slice_specs = body.fn.result_specs[:outputs]
    fixed = op.attrs.get("scan_dim_size")  # the verifier requires inputs (C1): they give the length

    def run(*vals):
        xs, state, extras = vals[:inputs], list(vals[inputs:inputs + carries]), vals[inputs + carries:]
        sizes = {x.shape[dim] for x in xs}
        if fixed is not None:
            sizes.add(fixed)
        if len(sizes) != 1:
            raise InterpreterError(f"inputs of shapes {[x.shape for x in xs]} (scan_dim_size {fixed}) do not have "
                                   f"one size along dimension {dim}")
        (steps,) = sizes
        # Dynamic inputs and carries (the verifier takes ? for any size) must fit the body's types.
        for k, (value, spec) in enumerate(zip([*(_without(x.shape, dim) for x in xs), *(c.shape for c in state)],
                                              body.fn.arg_specs)):
            if hasattr(spec, "matches_shape") and not spec.matches_shape(tuple(value)):
                what = f"slices of input {k}" if k < inputs else f"carry {k - inputs}"
                raise InterpreterError(f"the body takes {spec.text} for argument {k}, but the {what} have shape "
                                       f"{tuple(value)}")
        slices = [[None] * steps for _ in range(outputs)]
        for count, t in enumerate(range(steps - 1, -1, -1) if reverse else range(steps)):
            if runtime.checks_loops:
                runtime.check_loop(count + 1)
            at = (slice(None),) * dim + (t,)
            results = body.call([x[at] for x in xs] + state, extras)
            for k in range(outputs):
                slices[k][t] = results[k]
            state = list(results[outputs:])
        if steps:
            stacked = [np.stack(s, axis=dim) for s in slices]
        else:
            stacked = [np.empty(_with(spec.shape, dim, 0), spec.dtype) for spec in slice_specs]
        return stacked + state

    return Kernel(run)

