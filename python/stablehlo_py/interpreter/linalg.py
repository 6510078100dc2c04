"""dot_general (and the legacy dot) as one matmul over (batch, free, contracting) layouts.

Operands are converted to the result element type first (so mixed-precision
dots accumulate in the result type, as XLA does), then transposed to
lhs = batch + free + contracting, rhs = batch + contracting + free,
reshaped to 3-D (2-D without batch) and multiplied with np.matmul (BLAS for
f32/f64/complex).  Integers accumulate in 64 bits and wrap into the result
type, which equals wrap-around accumulation in the result type.  Floats
narrower than f32 accumulate in f32 and round once at the end.
"""

from __future__ import annotations

import math

import numpy as np

from . import attributes
from .elementwise import convert_values
from .errors import InterpreterError
from .registry import register
from .types import from_wide_int


def _accumulation(out):
    """(to_compute, finish): operands converted to the result type, then to the type products
    accumulate in (64-bit integers, f32 for narrower floats), and the sum back to the result type."""
    if out.is_int:
        wide = np.dtype(np.int64 if out.category == "sint" else np.uint64)
        return (lambda x: convert_values(x, out).astype(wide)), (lambda r: from_wide_int(r, out))
    if out.category == "float" and out.bits < 32:
        return (lambda x: convert_values(x, out).astype(np.float32)), (lambda r: r.astype(out.dtype))
    return (lambda x: convert_values(x, out)), (lambda r: r)  # bool, f32, f64, complex


def _dot_kernel(lhs, rhs, result, lhs_batch, rhs_batch, lhs_contract, rhs_contract):
    for spec in (lhs, rhs, result):
        if not spec.is_static:
            raise InterpreterError(f"dynamic shape {spec.text} is not supported")
    for dims, spec in ((lhs_batch + lhs_contract, lhs), (rhs_batch + rhs_contract, rhs)):
        if len(set(dims)) != len(dims) or any(not 0 <= d < spec.rank for d in dims):
            raise InterpreterError(f"invalid dot dimensions {list(dims)} for {spec.text}")
    lhs_free = [d for d in range(lhs.rank) if d not in lhs_batch and d not in lhs_contract]
    rhs_free = [d for d in range(rhs.rank) if d not in rhs_batch and d not in rhs_contract]
    lhs_perm = tuple(lhs_batch) + tuple(lhs_free) + tuple(lhs_contract)
    rhs_perm = tuple(rhs_batch) + tuple(rhs_contract) + tuple(rhs_free)
    size = lambda spec, dims: math.prod(spec.shape[d] for d in dims)  # noqa: E731
    batch, m, k, n = size(lhs, lhs_batch), size(lhs, lhs_free), size(lhs, lhs_contract), size(rhs, rhs_free)
    if k != size(rhs, rhs_contract) or batch != size(rhs, rhs_batch):
        raise InterpreterError(f"dot dimensions do not match: {lhs.text} and {rhs.text}")
    lhs_shape = (batch, m, k) if lhs_batch else (m, k)
    rhs_shape = (batch, k, n) if rhs_batch else (k, n)
    lhs_perm = None if lhs_perm == tuple(range(lhs.rank)) else lhs_perm
    rhs_perm = None if rhs_perm == tuple(range(rhs.rank)) else rhs_perm
    out_shape = result.shape
    to_compute, finish = _accumulation(result.element)

    def dot(a, b):
        a = to_compute(a)
        b = to_compute(b)
        if lhs_perm is not None:
            a = a.transpose(lhs_perm)
        if rhs_perm is not None:
            b = b.transpose(rhs_perm)
        r = np.matmul(a.reshape(lhs_shape), b.reshape(rhs_shape))
        return finish(r).reshape(out_shape)

    return dot


@register("stablehlo.dot_general")
def _dot_general(ctx):
    dims = attributes.dot_dimension_numbers(ctx.op)
    return _dot_kernel(ctx.operand_spec(0), ctx.operand_spec(1), ctx.result_spec(),
                       dims.lhs_batch, dims.rhs_batch, dims.lhs_contract, dims.rhs_contract)


@register("stablehlo.dot")
def _dot(ctx):
    lhs, rhs = ctx.operand_spec(0), ctx.operand_spec(1)
    if lhs.rank not in (1, 2) or rhs.rank not in (1, 2):
        raise InterpreterError("stablehlo.dot takes operands of rank 1 or 2")
    return _dot_kernel(lhs, rhs, ctx.result_spec(), (), (), (lhs.rank - 1,), (0,))


# ---------------------------------------------------------------------------
# cholesky and triangular_solve: batched over the leading dimensions; floats
# narrower than f32 are computed in f32 and rounded once.


def _compute_dtype(info):
    if info.category == "complex" or info.dtype in (np.float32, np.float64):
        return info.dtype
    if info.category == "float":
        return np.dtype(np.float32)
    raise InterpreterError(f"element type {info.name} is not interpreted (quantized linear algebra)")


def _adjoint(x):
    return np.conj(np.swapaxes(x, -1, -2))


@register("stablehlo.cholesky")
def _cholesky(ctx):
    spec = ctx.operand_spec(0)
    lower = attributes.boolean(ctx.op, "lower")
    compute, dtype = _compute_dtype(spec.element), spec.dtype

    def factor(matrices):
        # LAPACK reads one triangle: the lower one of a, or of a^H for an upper factor.
        try:
            return np.linalg.cholesky(matrices)
        except np.linalg.LinAlgError:  # some matrix is not positive definite: NaN for it, as XLA gives
            out = np.full(matrices.shape, np.nan, dtype=matrices.dtype)
            for index in np.ndindex(matrices.shape[:-2]):
                try:
                    out[index] = np.linalg.cholesky(matrices[index])
                except np.linalg.LinAlgError:
                    pass
            return out

    def cholesky(a):
        a = a.astype(compute, copy=False)
        if a.size == 0:
            return a.astype(dtype)
        if lower:
            return factor(a).astype(dtype, copy=False)
        return _adjoint(factor(_adjoint(a))).astype(dtype, copy=False)

    return cholesky


def _substitute(m, b, lower: bool, unit: bool):
    """Solve m x = b for triangular m (batched), one row per step, vectorised over batch and columns."""
    n = m.shape[-1]
    x = np.zeros(np.broadcast_shapes(m.shape[:-2], b.shape[:-2]) + b.shape[-2:], dtype=np.result_type(m, b))
    for i in (range(n) if lower else range(n - 1, -1, -1)):
        known = slice(0, i) if lower else slice(i + 1, n)
        row = b[..., i, :] - (m[..., i:i + 1, known] @ x[..., known, :])[..., 0, :]
        x[..., i, :] = row if unit else row / m[..., i, i][..., None]
    return x


@register("stablehlo.triangular_solve")
def _triangular_solve(ctx):
    spec = ctx.result_spec()
    left_side = attributes.boolean(ctx.op, "left_side")
    lower = attributes.boolean(ctx.op, "lower")
    unit = attributes.boolean(ctx.op, "unit_diagonal")
    mode = attributes.transpose(ctx.op)
    compute, dtype = _compute_dtype(spec.element), spec.dtype

    def solve(a, b):
        a, b = a.astype(compute, copy=False), b.astype(compute, copy=False)
        m = np.tril(a) if lower else np.triu(a)  # only this triangle of a is read
        is_lower = lower
        if mode != "NO_TRANSPOSE":
            m = np.swapaxes(m, -1, -2)
            m = np.conj(m) if mode == "ADJOINT" else m
            is_lower = not is_lower
        if left_side:  # op(a) x = b
            x = _substitute(m, b, is_lower, unit)
        else:  # x op(a) = b  <=>  op(a)^T x^T = b^T
            x = np.swapaxes(_substitute(np.swapaxes(m, -1, -2), np.swapaxes(b, -1, -2), not is_lower, unit), -1, -2)
        return x.astype(dtype, copy=False)

    return solve


@register("stablehlo.einsum", "stablehlo.unary_einsum")
def _einsum(ctx):
    # Legacy ops (XLA's Einsum): numpy's einsum with the same subscripts, accumulated like dot_general.
    config = attributes.string(ctx.op, "einsum_config")
    to_compute, finish = _accumulation(ctx.result_spec().element)
    if ctx.result_spec().element.category == "bool":  # a sum of products of booleans is an OR of ANDs
        return lambda *xs: np.einsum(config, *[x.astype(np.uint8) for x in xs]).astype(bool)
    return lambda *xs: finish(np.einsum(config, *[to_compute(x) for x in xs], optimize=True))
