"""Quantized tensors: uniform_quantize, uniform_dequantize, and every other op on quantized values.

A value of a quantized type (`!quant.uniform`) is held as a numpy array of its storage integers;
its element type (`types.QuantizedInfo`) gives their meaning. The spec's quantization
computations are implemented once here, in the expressed type, as the spec writes them:

  dequantize(q) = convert(q - zero_point, expressed) * scale
  quantize(x)   = clamp(storage_min, convert(round_nearest_even(x / scale)) + zero_point, storage_max)

with scale a constant of the expressed type and zero_point/scale taken per slice of the
quantization dimension for per-axis types. Where the spec leaves a step open, the choices
(`docs/decisions.md`, "Quantization") are: `q - zero_point` is exact (no wrap in the storage
type); x / scale is rounded once to the expressed type; NaN quantizes to storage_min, and
±inf (and any out-of-range value) saturates to storage_min/storage_max: quantizing never wraps.

Every other op on quantized values runs through `quantized_factory`, which the plan applies to an
op whose operands or results are quantized:

* ops that move or select elements without computing on them (STORAGE_OPS: reshape, transpose,
  slice, gather, pad, concatenate, while, sort, reduce, ...) run their ordinary kernel on the
  storage integers; the ops inside their bodies are themselves quantized ops, each computed by
  the rule below, and the plan does not treat such bodies as one numpy ufunc (bodies.sole_op);
* every other op follows the spec's dequantize_op_quantize: quantized operands are dequantized,
  the op's float kernel runs on the expressed type, and quantized results are quantized to
  their types. This one rule is also the spec's dequantize_compare (a non-quantized i1 result),
  dequantize_select_quantize, dequantize_batch_norm_grad_or_training_quantize (several results)
  and hybrid_dequantize_then_op (float lhs, quantized rhs, float result of dot_general and
  convolution).
"""

from __future__ import annotations

import functools

import numpy as np

from ..numerics.conversion import convert_values
from ..numerics.exact import exact_product
from ..core.registry import Kernel, register, set_quantized_wrapper
from ..core.types import QuantizedInfo, TensorSpec, TupleSpec, element_info, from_wide_int

__all__ = ["dequantize", "quantize", "quantized_factory", "STORAGE_OPS", "EXACT_SUM_LIMIT", "largest_offset",
           "product_axis"]

# Ops that only move, select or pass on elements, or whose regions compute on them: on quantized
# values they run on the storage integers (the verifier keeps their element types equal up to
# per-axis parameters, which follow the moved dimensions). The quantization passes leave them be.
STORAGE_OPS = frozenset("stablehlo." + name for name in (
    "async_done", "async_start", "bitcast_convert", "broadcast", "broadcast_in_dim", "case", "composite", "concatenate", "constant",
    "custom_call", "dynamic_broadcast_in_dim", "dynamic_gather", "dynamic_pad", "dynamic_reshape",
    "dynamic_slice", "dynamic_update_slice", "gather", "get_dimension_size", "get_tuple_element", "if",
    "map", "optimization_barrier", "pad", "real_dynamic_slice", "reduce", "reduce_window", "reshape",
    "return", "reverse", "scatter", "select_and_scatter", "set_dimension_size", "slice", "sort",
    "torch_index_select", "transpose", "tuple", "while",
    # collectives that move elements, or combine them with their body's (quantized) ops;
    # collective_permute is not here: the zeros it gives a process nobody sends to are value
    # zeros (the zero point), which the dequantize_op_quantize rule makes
    "all_gather", "all_reduce", "all_to_all", "collective_broadcast", "collective_reduce", "infeed", "outfeed", "recv",
    "reduce_scatter", "send",
)) | {"func.call", "func.return"}


_CONVERSIONS = frozenset(("stablehlo.uniform_quantize", "stablehlo.uniform_dequantize"))
# Ops whose kernels take quantized values as they are (storage integers of the declared types):
# the interpreter dialect moves, shows and records values (parallel.py),
# check.expect_serialized_eq compares them with recorded ones, and collective_broadcast moves
# them but gives a process in no group quantize(0), the zero point, which needs its types.
_AS_STORED = frozenset(("interpreter.run_parallel", "interpreter.print", "interpreter.probe",
                        "check.expect_serialized_eq", "stablehlo.collective_broadcast",
                        "stablehlo.collective_reduce"))


# --------------------------------------------------------------------- the spec's computations

def _per_slice(values: tuple, info: QuantizedInfo, ndim: int, dtype) -> np.ndarray:
    """Scales or zero points of `info` shaped to broadcast against a value of rank `ndim`
    (compute_scales / compute_zero_points of the spec)."""
    array = np.asarray(values, dtype=dtype)
    if info.axis is None:
        return array.reshape(())
    shape = [1] * ndim
    shape[info.axis] = array.size
    return array.reshape(shape)


def _scales(info: QuantizedInfo, ndim: int) -> np.ndarray:
    """The scales as constants of the expressed type (rounded to it once)."""
    return convert_values(_per_slice(info.scales, info, ndim, np.float64), info.expressed)


# numpy computes +, *, / of these dtypes in IEEE arithmetic of the dtype itself (one rounding);
# narrower floats go through float32 (ml_dtypes, numpy's half), so they take the general path.
_IEEE = (np.dtype(np.float32), np.dtype(np.float64))


@functools.lru_cache(maxsize=1024)
def _fast_constants(info: QuantizedInfo, ndim: int):
    """(scales, zero points, lowest and highest offset, integer dtype, clamp dtype) for the fast
    paths of `info` on values of rank `ndim`: an expressed type of _IEEE and a storage type of 8
    to 32 bits. Storage offsets (q - zero_point) are exact in the integer dtype and their bounds in
    the clamp dtype (the expressed type up to 16 bits, float64 for 32). None otherwise."""
    if info.expressed.dtype not in _IEEE or info.storage.bits > 32 or info.storage.is_subbyte:
        return None
    narrow = info.storage.bits <= 16
    integer, clamp = (np.int32, info.expressed.dtype) if narrow else (np.int64, np.dtype(np.float64))
    zero_points = _per_slice(info.zero_points, info, ndim, integer)
    low = (info.storage_min - zero_points).astype(clamp)
    high = (info.storage_max - zero_points).astype(clamp)
    return _scales(info, ndim), zero_points, low, high, integer, clamp


def dequantize(q: np.ndarray, info: QuantizedInfo) -> np.ndarray:
    """Storage integers `q` of type `info` -> values of its expressed type."""
    fast = _fast_constants(info, q.ndim)
    if fast is not None:  # exact offsets, one IEEE product in the expressed type
        scales, zero_points, _, _, integer, _ = fast
        # convert_values: i32/i64 -> bf16 through f32 (as convert), whatever ml_dtypes' direct cast does
        return convert_values(q.astype(integer) - zero_points, info.expressed) * scales
    zero_points = _per_slice(info.zero_points, info, q.ndim, np.int64)
    expressed = convert_values(q.astype(np.int64) - zero_points, info.expressed)  # exact difference
    if info.expressed.dtype == np.float64:
        return expressed * _scales(info, q.ndim)
    product = expressed.astype(np.float64) * _scales(info, q.ndim).astype(np.float64)  # exact
    return convert_values(product, info.expressed)


def _saturate(values: np.ndarray, low, high) -> np.ndarray:
    """`values` clamped to [low, high] in place, NaN to `low` (fmax drops a NaN operand), ±inf to
    the bound on its side: every value is then in range of the storage type, so nothing wraps."""
    np.fmax(values, low, out=values)
    np.fmin(values, high, out=values)
    return values


def quantize(x: np.ndarray, info: QuantizedInfo) -> np.ndarray:
    """Values `x` of the expressed type of `info` -> its storage integers."""
    x = np.asarray(x)
    if x.dtype != info.expressed.dtype:
        x = convert_values(x, info.expressed)
    fast = _fast_constants(info, x.ndim)
    with np.errstate(all="ignore"):
        if fast is not None:  # one IEEE quotient, then clamping the offset before any conversion
            scales, zero_points, low, high, integer, clamp = fast
            offsets = np.asarray(np.rint(x / scales), dtype=clamp)  # a new array (rank 0 too)
            _saturate(offsets, low, high)
            return (offsets.astype(integer) + zero_points).astype(info.dtype)
        scales = _scales(info, x.ndim).astype(np.float64)
        quotient = x.astype(np.float64) / scales
        if info.expressed.dtype != np.float64:  # rounded once to the expressed type
            quotient = convert_values(quotient, info.expressed).astype(np.float64)
        shifted = np.asarray(np.rint(quotient) + _per_slice(info.zero_points, info, x.ndim, np.float64))
        integers = _saturate(shifted, info.storage_min, info.storage_max).astype(np.int64)  # bounds exact in f64
    return from_wide_int(integers, info.storage) if info.storage.is_subbyte else integers.astype(info.dtype)


# ------------------------------------------------------------------------------------ kernels

@register("stablehlo.uniform_quantize")
def _uniform_quantize(op):
    source, target = op.operand_specs[0].element, op.result_specs[0].element
    if isinstance(source, QuantizedInfo):  # requantization
        return Kernel.single(lambda q: quantize(dequantize(q, source), target))
    return Kernel.single(lambda x: quantize(x, target))


@register("stablehlo.uniform_dequantize")
def _uniform_dequantize(op):
    source = op.operand_specs[0].element
    return Kernel.single(lambda q: dequantize(q, source))


# ---------------------------------------------------------------------- other quantized ops

def _is_finite(op):
    """is_finite of quantized values is true (spec): their dequantized values are finite in exact
    arithmetic, even where the expressed type would overflow."""
    shape_of = np.shape
    return Kernel.single(lambda q: np.ones(shape_of(q), np.bool_))


def _retyped(spec, pick):
    """`spec` with each quantized element replaced by `pick(QuantizedInfo)`."""
    if isinstance(spec, TupleSpec):
        elements = tuple(_retyped(s, pick) for s in spec.elements)
        return TupleSpec(elements, "tuple<" + ", ".join(s.text for s in elements) + ">")
    if not isinstance(spec, TensorSpec) or not isinstance(spec.element, QuantizedInfo):
        return spec
    return spec.with_element(pick(spec.element))


def _storage(info: QuantizedInfo):
    return info.storage


def _expressed(info: QuantizedInfo):
    return info.expressed


def _converter(spec, convert):
    """A function applying `convert(array, QuantizedInfo)` to the quantized tensors of a value of
    `spec` (tuples element by element), or None if it holds none."""
    if isinstance(spec, TupleSpec):
        parts = [_converter(s, convert) for s in spec.elements]
        if not any(parts):
            return None
        return lambda value: tuple(v if p is None else p(v) for p, v in zip(parts, value))
    if isinstance(spec, TensorSpec) and isinstance(spec.element, QuantizedInfo):
        info = spec.element
        return lambda value: convert(value, info)
    return None


# ------------------------------------------------------- dot_general and convolution on integers

# Integer sums whose every partial sum stays below 2**24 (2**53) in magnitude are exact in float32
# (float64) BLAS, in any order: products of storage offsets are accumulated there.
EXACT_SUM_LIMIT = 2 ** 53  # float64's; the quantization passes sum in integers up to it too
_EXACT_SUMS = ((2 ** 24, element_info("f32")), (EXACT_SUM_LIMIT, element_info("f64")))


def largest_offset(storage_min: int, storage_max: int, zero_points) -> int:
    """The largest |q - zero_point| a storage value in [storage_min, storage_max] can have."""
    return max(max(abs(storage_min - z), abs(storage_max - z)) for z in zero_points)


def product_axis(axis: int, lhs_rank: int, rhs_rank: int, lhs_batch, rhs_batch, lhs_contract, rhs_contract) -> int:
    """The result dimension of a dot_general that rhs dimension `axis` becomes."""
    if axis in rhs_batch:
        return list(rhs_batch).index(axis)
    lhs_free = lhs_rank - len(lhs_batch) - len(lhs_contract)
    rhs_free = [d for d in range(rhs_rank) if d not in rhs_batch and d not in rhs_contract]
    return len(lhs_batch) + lhs_free + rhs_free.index(axis)


def _rhs_axis_in_result(op, axis: int | None) -> int | None:
    """The result dimension that rhs dimension `axis` (its quantization dimension) becomes."""
    if axis is None:
        return None
    if op.name == "stablehlo.convolution":
        return op.attrs["dimension_numbers"].output_feature_dimension  # C29, C30
    dims = op.attrs["dot_dimension_numbers"]
    return product_axis(axis, op.operand_specs[0].rank, op.operand_specs[1].rank, dims.lhs_batch, dims.rhs_batch,
                        dims.lhs_contract, dims.rhs_contract)


def _contracted_size(op) -> int | None:
    """How many products one result element sums (None when a size is dynamic)."""
    lhs, rhs = op.operand_specs[0], op.operand_specs[1]
    if op.name == "stablehlo.convolution":
        dims = op.attrs["dimension_numbers"]
        sizes = [rhs.shape[d] for d in dims.kernel_spatial_dimensions] + [rhs.shape[dims.kernel_input_feature_dimension]]
    else:
        sizes = [lhs.shape[d] for d in op.attrs["dot_dimension_numbers"].lhs_contract]
    return None if None in sizes else int(np.prod(sizes, dtype=object))


def _integer_product_kernel(factory, op):
    """dot_general or convolution of two quantized operands, by exact integer accumulation
    (decisions.md, "Quantization"): acc = sum((lhs - zp_lhs) * (rhs - zp_rhs)), computed by the
    op's float32 or float64 kernel on integer values, whichever keeps every partial sum exact (i8
    by i8 with up to about 1000 terms fits float32); the float result round(acc * scale_lhs *
    scale_rhs) in the expressed type is then quantized. None when the sums might not be exact in
    float64 (wide storage types) or a size is dynamic: the caller uses the general rule."""
    (lhs, rhs), result = op.operand_specs, op.result_specs[0]
    l_info, r_info = lhs.element, rhs.element
    count = _contracted_size(op)
    if count is None:
        return None
    bound = count * largest_offset(l_info.storage_min, l_info.storage_max, l_info.zero_points) * largest_offset(
        r_info.storage_min, r_info.storage_max, r_info.zero_points)
    exact = [info for limit, info in _EXACT_SUMS if bound < limit]
    if not exact:
        return None
    compute = exact[0]
    specs = tuple(s.with_element(compute) for s in (lhs, rhs, result))
    accumulate = factory(op.with_specs(specs[:2], specs[2:])).for_results(specs[2:]).run
    l_zero = compute.dtype.type(l_info.zero_points[0])  # lhs is per-tensor (dot_general C13, convolution C27)
    r_zero = _per_slice(r_info.zero_points, r_info, rhs.rank, compute.dtype) if any(r_info.zero_points) else None
    # scale_lhs * scale_rhs, each a constant of its expressed type: exact in float64
    scales = _scales(l_info, 0).astype(np.float64) * convert_values(
        np.asarray(r_info.scales, np.float64), r_info.expressed).astype(np.float64)
    r_axis = _rhs_axis_in_result(op, r_info.axis)
    if r_axis is not None:
        shape = [1] * result.rank
        shape[r_axis] = scales.size
        scales = scales.reshape(shape)
    else:
        scales = scales.reshape(())
    out = result.element

    def integer_product(q_lhs, q_rhs):
        offsets_lhs = q_lhs.astype(compute.dtype)
        if l_zero:
            offsets_lhs -= l_zero
        offsets_rhs = q_rhs.astype(compute.dtype)
        if r_zero is not None:
            offsets_rhs -= r_zero
        (acc,) = accumulate(offsets_lhs, offsets_rhs)
        acc = acc.astype(np.float64)
        return quantize(_product_rounded_once(acc, scales, out.expressed), out)

    return Kernel.single(integer_product)


def _product_rounded_once(a: np.ndarray, b: np.ndarray, expressed) -> np.ndarray:
    """a * b (float64 operands, the product of up to 106 bits) rounded once to `expressed`.
    float64 multiplication rounds it to nearest; for a narrower type the error of that rounding
    (Dekker's exact product) makes the float64 value round-to-odd, which then narrows exactly."""
    with np.errstate(all="ignore"):
        if expressed.dtype == np.float64:
            return a * b
        product, error = exact_product(a, b)
        inexact = (error != 0) & np.isfinite(product)
        if inexact.any():
            neighbour = np.nextafter(product, np.where(error > 0, np.inf, -np.inf))
            odd = (product.view(np.int64) & 1).astype(bool)
            product = np.where(inexact & ~odd, neighbour, product)
    return convert_values(product, expressed)


_INTEGER_PRODUCTS = frozenset(("stablehlo.dot_general", "stablehlo.convolution"))


def quantized_factory(factory):
    """The kernel factory of an op on quantized values, made from its ordinary `factory`."""

    def make(op):
        if op.name in _CONVERSIONS or op.name in _AS_STORED:  # their kernels read the quantized types themselves
            return factory(op)
        if op.name == "stablehlo.is_finite":
            return _is_finite(op)
        if op.name in _INTEGER_PRODUCTS and all(isinstance(s.element, QuantizedInfo) for s in op.operand_specs):
            kernel = _integer_product_kernel(factory, op)
            if kernel is not None:
                return kernel
        if op.name in STORAGE_OPS:
            return factory(op.with_specs(tuple(_retyped(s, _storage) for s in op.operand_specs),
                                          tuple(_retyped(s, _storage) for s in op.result_specs)))
        float_results = tuple(_retyped(s, _expressed) for s in op.result_specs)
        run = factory(op.with_specs(tuple(_retyped(s, _expressed) for s in op.operand_specs),
                                    float_results)).for_results(float_results).run
        ins = [_converter(s, dequantize) for s in op.operand_specs]
        outs = [_converter(s, quantize) for s in op.result_specs]
        count = len(ins)

        def dequantize_op_quantize(*operands):
            floats = [v if f is None else f(v) for f, v in zip(ins, operands[:count])]
            results = run(*floats, *operands[count:])  # captured values of regions pass as they are
            return [r if f is None else f(r) for f, r in zip(outs, results)]

        return Kernel(dequantize_op_quantize)

    return make


set_quantized_wrapper(quantized_factory)
