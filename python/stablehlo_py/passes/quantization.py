"""Quantized programs to float and integer StableHLO: upstream's qdq pass and our exact lowering.

    from stablehlo_py.passes.quantization import legalize_quantized_op_to_qdq, legalize_quant_to_math
    registry.add_pass(pm, "stablehlo-legalize-quantized-op-to-qdq")
    registry.add_pass(pm, "stablehlo-py-legalize-quant-to-exact-math")
    legalize_quant_to_math(module.operation)     # the same, without a pass manager (raises PassError)

(upstream's `stablehlo-legalize-quant-to-math`, with upstream's float formulas, is
passes/quant_upstream.py; the compiled backend runs the exact one, ours.)

`stablehlo-legalize-quantized-op-to-qdq`
    Every op the spec defines on quantized values by dequantize_op_quantize (and its variants
    dequantize_compare, dequantize_select_quantize, dequantize_batch_norm_grad_or_training_quantize,
    hybrid_dequantize_then_op) is written out as that formula: a `uniform_dequantize` of each
    quantized operand (once per operand value), the same op (same attributes, regions moved) on
    the expressed types, and a `uniform_quantize` of each quantized result to its type; results
    that are not quantized (compare's i1, a hybrid convolution's float result) are the float op's
    own. These ops are `COMPUTE_OPS`: the element-wise math ops, compare, select, clamp,
    dot_general/dot/einsum, convolution/dynamic_conv, batch_norm_*, cholesky, triangular_solve,
    reduce_precision and iota/dynamic_iota (whose quantized result is quantize(index)). A
    quantized compare's compare_type (SIGNED/UNSIGNED, checked against the storage type) becomes
    FLOAT, as dequantize_compare specifies. Every other op is left as it is (`ELEMENT_OPS`: the
    ops that only move, select or pass on elements, reshape, transpose, slice, gather, pad,
    concatenate, ..., and the ops whose regions compute on quantized elements, reduce, sort,
    while, map, ...); the ops in their regions are rewritten like any other.

`stablehlo-py-legalize-quant-to-exact-math` (ours)
    Runs the rewrite above, then removes every quantized type from the module:

    * uniform_dequantize(q) (spec: dequantize) becomes
          convert(convert(q, W) - zero_point, E) * scale
      with W = i32 for storage types of at most 16 bits, i64 for 32 bits (q - zero_point is
      exact there), E the expressed type, zero points and scales as constants shaped like q
      (per axis: a 1-D constant broadcast_in_dim along the quantization dimension;
      dynamic_broadcast_in_dim for dynamic sizes). A zero point of 0 and a scale of 1 are left
      out (exact identities).
    * uniform_quantize(x) of a float x (spec: quantize) becomes
          r = round_nearest_even(convert(x / scale, F))      (x / scale in E; F = f32 for E
                                                              narrower, else E: rint exact)
          n = convert(clamp(Ld, r, Hd), W)                   (never out of W's range)
          n = select(r > Hd, H, n), select(r < Ld, L, n)     (only where Hd != H or Ld != L)
          n = select(compare(r, r, NE), L, n)                (NaN quantizes to storage_min)
          convert(n + zero_point, storage)
      with L = storage_min - zero_point and H = storage_max - zero_point (the spec's clamp,
      moved before the conversion so that nothing overflows), Hd the largest value of F at most
      H and Ld the smallest at least L (H and L themselves when F holds them; not, e.g., for
      f32 with i32 storage): r is a whole number or ±inf, so r > Hd means
      r > H. ±inf and any value out of range saturate to storage_min/storage_max.
    * uniform_quantize of a quantized operand (requantization) is the dequantization followed
      by the quantization, in the common expressed type.
    * dot_general and convolution of two quantized operands are not rewritten to qdq but summed
      exactly in integers, as the interpreter computes them (docs/decisions.md, "Quantization")
      and as integer hardware does:
          acc = dot_general(convert(lhs, A) - zp_lhs, convert(rhs, A) - zp_rhs)   (same attributes)
          quantize(convert(convert(acc, f64) * (scale_lhs * scale_rhs), E))
      with A = i32 when every partial sum stays below 2**31 in magnitude (from the storage
      ranges and the contracted size), else i64; the scales are constants of E multiplied in
      f64 (per slice of the result dimension the rhs quantization dimension becomes). When the
      sums could reach 2**53 (the interpreter then uses the float formula) the op goes through
      qdq like any other; a dynamic contracted size counts as below 2**31 terms.
    * is_finite of a quantized operand (spec: "the result is always true") becomes
      compare(q, q, EQ) of its storage integers.
    * every other value of a quantized type, and every function signature, block argument and
      type attribute holding one, gets the storage type instead (a signed storage type is the
      signless integer type, an unsigned one the unsigned type: `u8` -> `ui8`, as the
      interpreter reads them); quantized constants keep their storage integers (reinterpreted
      as unsigned for unsigned storage). This is exact for the ops that only move elements and
      for region ops, whose bodies now compute on storage integers. An op with quantized types
      that is neither (convert, a check op, an op of another dialect) fails the pass.

    Scales become constants of E rounded as stablehlo.convert rounds an f64 to E (through f32
    for bf16, like XLA). A function's interface changes with its types: a quantized argument or
    result is passed as the same array of storage integers.

Semantics: the lowered program computes, bit for bit, what the interpreter
(interpreter/quantization.py) computes for the original program: x / scale rounded once to E,
round half to even, NaN -> storage_min, saturation, exact q - zero_point, the product rounded
once to E, exact integer sums for quantized dot_general/convolution. Where they differ:

* the float result of an integer dot_general/convolution, acc * (scale_lhs * scale_rhs): the
  lowered program rounds it to f64 and then to E (for E narrower than f64), the interpreter
  rounds it once (an exact product): they differ where the f64 rounding lands on a tie of E,
  about once in 2**30 results, by one storage unit.
* a dot_general/convolution of quantized operands whose contracted size is dynamic and whose
  storage is wider than 8 bits: lowered by the float formula (qdq), while the interpreter,
  which knows the size when it runs, may sum in integers.
* 64-bit storage (MLIR's quant dialect rejects it today): the interpreter rounds q - zero_point
  to f64 before converting it to a narrower E (two roundings), the lowered convert rounds once,
  as the spec's convert does.

The qdq pass alone follows the spec's formulas literally; it agrees with the interpreter except
for dot_general and convolution of two quantized operands, whose float op rounds its sums in E
(bf16, long or wide sums) where the interpreter sums exactly: the programs then differ at
near-ties by a storage unit or more.

Errors (PassError at the op, naming it and why; a pass failure through the pass manager): a
quantized type other than !quant.uniform, an unranked tensor of a quantized type given to a
conversion, an expressed type without zero or negative values (f8E8M0FNU), storage wider than
32 bits with a non-zero zero point (q - zero_point needs more than 64 bits), a float op of the
qdq rewrite that does not verify, and the ops named above.
"""

from __future__ import annotations

import math

import ml_dtypes
import mlir.ir as ir
import numpy as np
from mlir.dialects import quant

from ..dialects import stablehlo as hlo
from ..interpreter.numerics.conversion import convert_values
from ..interpreter.kernels.quantization import EXACT_SUM_LIMIT, STORAGE_OPS, largest_offset, product_axis
from ..interpreter.core.types import element_info
from ._common import PassError, collect, guarded_pass
from .chlo_math import dimension_sizes
from .quant_types import (DEQUANTIZE, QUANTIZE, axis_of, downcast, holds_quantized, map_quantized, op_types, quantized_element,
                          require_uniform, retype_to_storage, scales_of, storage_type, touches_quantized,
                          zero_points_of)

__all__ = ["QDQ", "QUANT_TO_EXACT_MATH", "COMPUTE_OPS", "ELEMENT_OPS", "legalize_quantized_op_to_qdq",
           "legalize_quant_to_math", "quantized_op_to_qdq_pass", "quant_to_math_pass",
           "add_quantized_op_to_qdq_pass", "add_quant_to_math_pass"]

QDQ = "stablehlo-legalize-quantized-op-to-qdq"
QUANT_TO_EXACT_MATH = "stablehlo-py-legalize-quant-to-exact-math"

# Ops the spec defines on quantized values by dequantize_op_quantize and its variants.
COMPUTE_OPS = frozenset("stablehlo." + name for name in (
    "abs", "add", "atan2", "batch_norm_grad", "batch_norm_inference", "batch_norm_training", "cbrt", "ceil",
    "cholesky", "clamp", "compare", "convolution", "cosine", "divide", "dot", "dot_general", "dynamic_conv",
    "dynamic_iota", "einsum", "exponential", "exponential_minus_one", "floor", "iota", "log", "log_plus_one",
    "logistic", "maximum", "minimum", "multiply", "negate", "power", "reduce_precision", "remainder",
    "round_nearest_afz", "round_nearest_even", "rsqrt", "select", "sign", "sine", "sqrt", "subtract", "tan",
    "tanh", "triangular_solve", "unary_einsum",
))

# Ops that move, select or pass on elements, or whose regions compute on them: the interpreter runs
# them on the storage integers, so quant-to-math only changes their types.
ELEMENT_OPS = STORAGE_OPS | {"func.func"}

# ----------------------------------------------------------------- types

def _expressed(q):
    return q.expressed_type


# ----------------------------------------------------------------- quantized-op-to-qdq

def legalize_quantized_op_to_qdq(root, skip=None) -> None:
    """Rewrite every op of COMPUTE_OPS on quantized values under `root` as dequantize, float op,
    quantize (except those for which `skip(op)` is true). Raises PassError at an op whose float
    version does not verify."""
    for op in collect(root, lambda op: op.name in COMPUTE_OPS and touches_quantized(op)
                       and not (skip and skip(op))):
        _to_qdq(op)


def _to_qdq(op) -> None:
    created = []
    with ir.InsertionPoint(op), op.location:
        operands, dequantized = [], {}
        for i, v in enumerate(op.operands):
            q = quantized_element(ir.ShapedType(v.type).element_type) if isinstance(downcast(v.type), ir.ShapedType) else None
            if q is None:
                operands.append(v)
                continue
            require_uniform(q, op, QDQ)
            same = [j for j in dequantized if op.operands[j] == v]
            if same:  # the same operand twice (add %0, %0): one dequantization
                operands.append(dequantized[same[0]])
                continue
            operands.append(hlo.uniform_dequantize(v))
            dequantized[i] = operands[-1]
            created.append(operands[-1].owner)
        for r in op.results:
            if isinstance(downcast(r.type), ir.TupleType) and holds_quantized(r.type):
                raise PassError(f"{QDQ}: cannot rewrite '{op.name}': tuple result {r.type}", op.location)
        attributes = dict(op.attributes.items())
        if op.name == "stablehlo.compare" and "compare_type" in attributes:
            attributes["compare_type"] = hlo.ComparisonTypeAttr.get("FLOAT")
        float_op = ir.Operation.create(op.name, results=[map_quantized(r.type, _expressed) for r in op.results],
                                       operands=operands, attributes=attributes, regions=len(op.regions))
        _move_regions(op, float_op)
        try:
            float_op.verify()
        except ir.MLIRError as e:
            if not len(op.regions):
                float_op.erase()
                for c in reversed(created):
                    c.erase()
            raise PassError(f"{QDQ}: cannot rewrite '{op.name}' on its expressed types: {e}", op.location) from None
        replacements = []
        for old, new in zip(op.results, float_op.results):
            replacements.append(hlo.uniform_quantize(old.type, new) if holds_quantized(old.type) else new)
    for old, new in zip(op.results, replacements):
        old.replace_all_uses_with(new)
    op.erase()


def _move_regions(source, target) -> None:
    """The blocks of `source`'s regions moved into `target`'s (same argument types)."""
    for old_region, new_region in zip(source.regions, target.regions):
        for block in list(old_region.blocks):
            new_block = new_region.blocks.append(*[a.type for a in block.arguments])
            for old_arg, new_arg in zip(block.arguments, new_block.arguments):
                old_arg.replace_all_uses_with(new_arg)
            for inner in list(block.operations):
                inner.operation.detach_from_parent()
                ir.InsertionPoint(new_block).insert(inner.operation)


# ----------------------------------------------------------------- quant-to-math

def legalize_quant_to_math(root) -> None:
    """legalize_quantized_op_to_qdq, then lower uniform_quantize/uniform_dequantize to integer and
    float math and give every other quantized value its storage type. Raises PassError at the first
    op that cannot be lowered (checked before anything past the qdq rewrite changes)."""
    legalize_quantized_op_to_qdq(root, skip=lambda op: _integer_product_plan(op) is not None)
    ops = collect(root, lambda op: True)
    conversions, finite_checks, products = [], [], []
    for op in ops:
        plan = _integer_product_plan(op)
        if plan is not None:
            products.append((op, plan))
        elif op.name in (QUANTIZE, DEQUANTIZE):
            conversions.append(_conversion(op))
        elif op.name == "stablehlo.is_finite" and holds_quantized(op.operands[0].type):
            finite_checks.append(op)
        elif touches_quantized(op) and op.name not in ELEMENT_OPS:
            raise PassError(f"{QUANT_TO_EXACT_MATH}: cannot lower '{op.name}' on quantized types "
                            f"({', '.join(str(t) for t in op_types(op) if holds_quantized(t))}): "
                            f"it is not defined on their storage integers", op.location)
        else:
            for t in op_types(op):
                if holds_quantized(t):
                    map_quantized(t, lambda q, op=op: require_uniform(q, op, QUANT_TO_EXACT_MATH))  # checks every element
    for op in ops:
        retype_to_storage(op)
    for op, plan in products:
        with ir.InsertionPoint(op), op.location:
            value = _integer_product(op, *plan)
        op.results[0].replace_all_uses_with(value)
        op.erase()
    for op, source, target in conversions:
        with ir.InsertionPoint(op), op.location:
            value = op.operands[0]
            if source is not None:
                value = _dequantize(value, source)
            if target is not None:
                value = _quantize(value, target)
        op.results[0].replace_all_uses_with(value)
        op.erase()
    for op in finite_checks:
        with ir.InsertionPoint(op), op.location:
            value = op.operands[0]
            same = hlo.compare(value, value, hlo.ComparisonDirectionAttr.get("EQ"))
        op.results[0].replace_all_uses_with(same)
        op.erase()
    for op in collect(root, touches_quantized):  # what the rules above missed: a bug, reported at the op
        raise PassError(f"{QUANT_TO_EXACT_MATH}: internal error: '{op.name}' still has a quantized type", op.location)


def _conversion(op):
    """(op, source quantized type or None, target quantized type or None) of a uniform_quantize or
    uniform_dequantize, after checking it can be lowered."""
    operand_type, result_type = downcast(op.operands[0].type), downcast(op.results[0].type)
    for t in (operand_type, result_type):
        if not isinstance(t, ir.RankedTensorType):
            raise PassError(f"{QUANT_TO_EXACT_MATH}: cannot lower '{op.name}' of {t}: only ranked tensors are handled",
                            op.location)
    source, target = quantized_element(operand_type.element_type), quantized_element(result_type.element_type)
    for q in (source, target):
        if q is None:
            continue
        require_uniform(q, op, QUANT_TO_EXACT_MATH)
        name = str(q.expressed_type)
        if name == "f8E8M0FNU":
            raise PassError(f"{QUANT_TO_EXACT_MATH}: cannot lower '{op.name}': expressed type {name} has no zero "
                            f"and no negative values", op.location)
        if _wide(q) is None and any(int(z) != 0 for z in zero_points_of(q)):
            raise PassError(f"{QUANT_TO_EXACT_MATH}: cannot lower '{op.name}': storage of "
                            f"{q.storage_type_integral_width} bits with a non-zero zero point needs integers "
                            f"wider than 64 bits", op.location)
    return op, source, target


# ----------------------------------------------------------------- the arithmetic

def _wide(q):
    """The integer type computing q - zero_point exactly: i32 up to 16-bit storage, i64 up to
    32 bits, None beyond (only a zero point of 0 is handled there: no subtraction at all)."""
    width = q.storage_type_integral_width
    if width <= 16:
        return ir.IntegerType.get_signless(32)
    if width <= 32:
        return ir.IntegerType.get_signless(64)
    return None


def _in_expressed(values, expressed) -> list:
    """`values` (Python floats) rounded to the expressed type as stablehlo.convert rounds an f64 to it,
    as exact Python floats."""
    info = element_info(expressed)
    rounded = convert_values(np.asarray(values, dtype=np.float64), info)
    return [float(x) for x in np.asarray(rounded).astype(np.float64)]


def _finfo(expressed):
    return ml_dtypes.finfo(element_info(expressed).dtype)


def _largest_at_most(value: int, expressed) -> float:
    """The largest finite value of `expressed` that is <= `value` (an integer within its range)."""
    dtype = element_info(expressed).dtype
    c = np.asarray(convert_values(np.asarray([float(value)], np.float64), element_info(expressed)))
    if not math.isfinite(float(c[0])):
        c = np.asarray([_finfo(expressed).max], dtype=dtype)
    down, up = np.asarray([-np.inf]).astype(dtype), np.asarray([np.inf]).astype(dtype)
    if not math.isfinite(float(up[0])):  # formats without infinities
        down = np.asarray([_finfo(expressed).min], dtype=dtype)
        up = np.asarray([_finfo(expressed).max], dtype=dtype)
    while float(c[0]) > value:
        c = np.nextafter(c, down)
    while True:
        n = np.nextafter(c, up)
        if not math.isfinite(float(n[0])) or float(n[0]) <= float(c[0]) or float(n[0]) > value:
            break
        c = n
    return float(c[0])


class _Shaped:
    """Constants shaped like the ranked tensor value `like`: one value for the whole tensor, or
    one per slice of dimension `axis` (a 1-D constant broadcast along it)."""

    def __init__(self, like, axis):
        self.type = ir.RankedTensorType(like.type)
        self.like = like
        self.axis = axis
        self._shape = None

    def tensor_type(self, element):
        return ir.RankedTensorType.get(self.type.shape, element, self.type.encoding)

    def _shape_vector(self):
        if self._shape is None:
            self._shape = dimension_sizes(self.like)
        return self._shape

    def of(self, values: list, element):
        """A tensor of `element` like `like`, `values` per slice of `axis` (or one value)."""
        def attr(v):
            return ir.IntegerAttr.get(element, int(v)) if isinstance(element, ir.IntegerType) \
                else ir.FloatAttr.get(element, float(v))

        target = self.tensor_type(element)
        if all(v == values[0] for v in values):
            if self.type.has_static_shape:
                return hlo.constant(ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get(self.type.shape, element),
                                                                   attr(values[0])))
            scalar = hlo.constant(ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], element),
                                                                 attr(values[0])))
            if self.type.rank == 0:
                return scalar
            return hlo.dynamic_broadcast_in_dim(target, scalar, self._shape_vector(), [])
        vector = hlo.constant(ir.DenseElementsAttr.get([attr(v) for v in values],
                                                       type=ir.RankedTensorType.get([len(values)], element)))
        if self.type.has_static_shape:
            return hlo.broadcast_in_dim(target, vector, [self.axis])
        return hlo.dynamic_broadcast_in_dim(target, vector, self._shape_vector(), [self.axis])


def _convert(value, shaped, element):
    return hlo.convert(shaped.tensor_type(element), value)


def _dequantize(value, q):
    """Storage integers `value` of quantized type `q` -> its expressed type (spec: dequantize)."""
    shaped = _Shaped(value, axis_of(q))
    expressed = q.expressed_type
    zero_points = zero_points_of(q)
    wide = _wide(q)
    if wide is not None and any(zero_points):
        difference = hlo.subtract(_convert(value, shaped, wide), shaped.of(zero_points, wide))
        result = _convert(difference, shaped, expressed)
    else:
        result = _convert(value, shaped, expressed)
    scales = _in_expressed(scales_of(q), expressed)
    if any(s != 1.0 for s in scales):
        result = hlo.multiply(result, shaped.of(scales, expressed))
    return result


def _rounding_type(expressed):
    """The float type rint and the clamp run in: f32 for floats narrower than 32 bits, else E."""
    return ir.F32Type.get() if element_info(expressed).bits < 32 else expressed


def _quantize(value, q):
    """Values `value` of the expressed type of `q` -> storage integers (spec: quantize; the clamp
    done in the expressed type before the conversion, saturating)."""
    shaped = _Shaped(value, axis_of(q))
    expressed = q.expressed_type
    storage = storage_type(q)
    zero_points = zero_points_of(q)
    wide = _wide(q)
    wide = storage if wide is None else wide  # 64-bit storage: zero points of 0 only (_conversion)
    scales = _in_expressed(scales_of(q), expressed)
    x = value
    if any(s != 1.0 for s in scales):
        x = hlo.divide(x, shaped.of(scales, expressed))
    # the quotient is rounded once to E (above); its rint is exact in f32, which holds every
    # narrower float: rint in E itself could round up past E's largest value (f6E2M3FN: 7.5 -> 8)
    rounding = _rounding_type(expressed)
    if rounding != expressed:
        x = _convert(x, shaped, rounding)
    r = hlo.round_nearest_even(x)
    float_type = hlo.ComparisonTypeAttr.get("FLOAT")
    lows = [q.storage_type_min - z for z in zero_points]
    highs = [q.storage_type_max - z for z in zero_points]
    high_in = [_largest_at_most(h, rounding) for h in highs]
    low_in = [-_largest_at_most(-low, rounding) + 0.0 for low in lows]  # + 0.0: no -0.0 bound
    low_const, high_const = shaped.of(low_in, rounding), shaped.of(high_in, rounding)
    n = _convert(hlo.clamp(low_const, r, high_const), shaped, wide)
    if any(a != b for a, b in zip(high_in, highs)):
        above = hlo.compare(r, high_const, hlo.ComparisonDirectionAttr.get("GT"), compare_type=float_type)
        n = hlo.select(above, shaped.of(highs, wide), n)
    low_ints = None  # the constant L, made once for both selects that take it
    if any(a != b for a, b in zip(low_in, lows)):
        below = hlo.compare(r, low_const, hlo.ComparisonDirectionAttr.get("LT"), compare_type=float_type)
        low_ints = shaped.of(lows, wide)
        n = hlo.select(below, low_ints, n)
    is_nan = hlo.compare(r, r, hlo.ComparisonDirectionAttr.get("NE"), compare_type=float_type)
    if low_ints is None:
        low_ints = shaped.of(lows, wide)
    n = hlo.select(is_nan, low_ints, n)  # NaN quantizes to storage_min (E may lack -inf)
    if any(zero_points):
        n = hlo.add(n, shaped.of(zero_points, wide))
    return n if wide == storage else _convert(n, shaped, storage)


# ----------------------------------------------------------------- dot_general and convolution

_INTEGER_PRODUCTS = ("stablehlo.dot_general", "stablehlo.convolution")


def _largest_offset(q) -> int:
    return largest_offset(q.storage_type_min, q.storage_type_max, zero_points_of(q))


def _contracted_size(op):
    """How many products one result element sums (None if a size is dynamic)."""
    lhs, rhs = ir.RankedTensorType(op.operands[0].type), ir.RankedTensorType(op.operands[1].type)
    if op.name == "stablehlo.convolution":
        dims = hlo.ConvDimensionNumbers(op.attributes["dimension_numbers"]).fields()
        sizes = [rhs.shape[d] for d in dims["kernel_spatial_dimensions"]] + \
            [rhs.shape[dims["kernel_input_feature_dimension"]]]
    else:
        dims = hlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"]).fields()
        sizes = [lhs.shape[d] for d in dims["lhs_contracting_dimensions"]]
    if any(ir.ShapedType.is_dynamic_size(n) for n in sizes):
        return None
    return math.prod(sizes)


def _integer_product_plan(op):
    """(lhs, rhs, result quantized types, accumulator type) if `op` is a dot_general or convolution of
    two quantized operands whose sums of (lhs - zp) * (rhs - zp) are exact in an integer type of
    at most 64 bits (below 2**53 in magnitude, as the interpreter's exact path requires), else None."""
    if op.name not in _INTEGER_PRODUCTS or len(op.operands) != 2 or len(op.results) != 1:
        return None
    types = [downcast(v.type) for v in list(op.operands) + [op.results[0]]]
    if not all(isinstance(t, ir.RankedTensorType) for t in types):
        return None
    ql, qr, qo = (quantized_element(t.element_type) for t in types)
    uniform = (quant.UniformQuantizedType, quant.UniformQuantizedPerAxisType)
    if not (isinstance(ql, uniform) and isinstance(qr, uniform) and isinstance(qo, uniform)) or axis_of(ql) is not None:
        return None  # (a per-axis lhs is invalid: dot_general C13, convolution C27)
    count = _contracted_size(op)
    # a dynamic contracted size is known when the program runs (the interpreter then sums in
    # integers if the bound allows): assume fewer than 2**31 terms, in i64
    bound = (count if count is not None else 2 ** 31) * _largest_offset(ql) * _largest_offset(qr)
    if bound >= EXACT_SUM_LIMIT:
        return None
    accumulator = ir.IntegerType.get_signless(32 if count is not None and bound < 2 ** 31 else 64)
    return ql, qr, qo, accumulator


def _rhs_axis_in_result(op, axis):
    """The result dimension that rhs dimension `axis` (its quantization dimension) becomes."""
    if axis is None:
        return None
    if op.name == "stablehlo.convolution":
        return hlo.ConvDimensionNumbers(op.attributes["dimension_numbers"]).fields()["output_feature_dimension"]
    dims = hlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"]).fields()
    return product_axis(axis, ir.RankedTensorType(op.operands[0].type).rank,
                        ir.RankedTensorType(op.operands[1].type).rank, dims["lhs_batching_dimensions"],
                        dims["rhs_batching_dimensions"], dims["lhs_contracting_dimensions"],
                        dims["rhs_contracting_dimensions"])


def _offsets(value, q, accumulator):
    """Storage integers `value` of `q` minus their zero points, in `accumulator` (exact)."""
    shaped = _Shaped(value, axis_of(q))
    wide = _convert(value, shaped, accumulator)
    zero_points = zero_points_of(q)
    return hlo.subtract(wide, shaped.of(zero_points, accumulator)) if any(zero_points) else wide


def _integer_product(op, ql, qr, qo, accumulator):
    """The dot_general or convolution `op` (operands already storage integers) as the interpreter
    computes it: acc = sum((lhs - zp) * (rhs - zp)) exactly in `accumulator`, then
    quantize(convert(convert(acc, f64) * (scale_lhs * scale_rhs), expressed)), the scales each a
    constant of its expressed type and their product taken in f64."""
    lhs, rhs = (_offsets(v, q, accumulator) for v, q in zip(op.operands, (ql, qr)))
    result = ir.RankedTensorType(op.results[0].type)
    attributes = {name: attr for name, attr in op.attributes.items() if name != "algorithm"}
    product = ir.Operation.create(op.name, results=[ir.RankedTensorType.get(result.shape, accumulator,
                                                                            result.encoding)],
                                  operands=[lhs, rhs], attributes=attributes).results[0]
    f64 = ir.F64Type.get()
    shaped = _Shaped(product, _rhs_axis_in_result(op, axis_of(qr)))
    value = _convert(product, shaped, f64)
    lhs_scale = np.float64(_in_expressed(scales_of(ql), ql.expressed_type)[0])
    scales = [float(x) for x in lhs_scale * np.asarray(_in_expressed(scales_of(qr), qr.expressed_type), np.float64)]
    if any(s != 1.0 for s in scales):
        value = hlo.multiply(value, shaped.of(scales, f64))
    if qo.expressed_type != f64:
        value = _convert(value, shaped, qo.expressed_type)
    return _quantize(value, qo)


# ----------------------------------------------------------------- pass plumbing

def quantized_op_to_qdq_pass():
    return guarded_pass(QDQ, legalize_quantized_op_to_qdq)


def quant_to_math_pass():
    return guarded_pass(QUANT_TO_EXACT_MATH, legalize_quant_to_math)


def add_quantized_op_to_qdq_pass(pm) -> None:
    pm.add(quantized_op_to_qdq_pass(), name=QDQ, argument=QDQ)


def add_quant_to_math_pass(pm) -> None:
    pm.add(quant_to_math_pass(), name=QUANT_TO_EXACT_MATH, argument=QUANT_TO_EXACT_MATH)
