"""Quantized types and their storage: the helpers both quant-to-math passes share.

`quantization.py` (the qdq rewrite and our exact lowering) and `quant_upstream.py` (upstream's
float decomposition) read !quant.uniform types the same way and retype ops to the storage
integers the same way; this is where that lives.
"""

from __future__ import annotations

import ast

import mlir.ir as ir
import numpy as np
from mlir.dialects import quant

from ._common import PassError


QUANTIZE = "stablehlo.uniform_quantize"
DEQUANTIZE = "stablehlo.uniform_dequantize"


def downcast(t):
    return t.maybe_downcast() if type(t) in (ir.Type, ir.ShapedType) else t


def quantized_element(element):
    """`element` as a quant dialect type, or None."""
    element = downcast(element)
    return element if isinstance(element, quant.QuantizedType) else None


def require_uniform(q, op, pass_name):
    """`q` if it is a !quant.uniform type (per tensor or per axis), else PassError at `op`."""
    if not isinstance(q, (quant.UniformQuantizedType, quant.UniformQuantizedPerAxisType)):
        raise PassError(f"{pass_name}: cannot lower '{op.name}': quantized type {q} is not a "
                        f"!quant.uniform type", op.location)
    return q


def map_quantized(t, element_fn):
    """`t` with each quantized element type `q` replaced by `element_fn(q)` (tensors, tuples)."""
    t = downcast(t)
    if isinstance(t, ir.TupleType):
        parts = [t.get_type(i) for i in range(t.num_types)]
        mapped = [map_quantized(p, element_fn) for p in parts]
        return t if all(a == b for a, b in zip(parts, mapped)) else ir.TupleType.get_tuple(mapped)
    if isinstance(t, ir.RankedTensorType):
        q = quantized_element(t.element_type)
        return t if q is None else ir.RankedTensorType.get(t.shape, element_fn(q), t.encoding)
    if isinstance(t, ir.UnrankedTensorType):
        q = quantized_element(t.element_type)
        return t if q is None else ir.UnrankedTensorType.get(element_fn(q))
    return t


def holds_quantized(t) -> bool:
    t = downcast(t)
    if isinstance(t, ir.TupleType):
        return any(holds_quantized(t.get_type(i)) for i in range(t.num_types))
    if isinstance(t, ir.FunctionType):
        return any(holds_quantized(x) for x in list(t.inputs) + list(t.results))
    if isinstance(t, ir.ShapedType):
        return quantized_element(t.element_type) is not None
    return False


def storage_type(q):
    """The integer type holding `q`'s values: signless if signed, unsigned otherwise (as the
    interpreter reads them)."""
    width = q.storage_type_integral_width
    return ir.IntegerType.get_signless(width) if q.is_signed else ir.IntegerType.get_unsigned(width)


def op_types(op) -> list:
    types = [v.type for v in op.operands] + [r.type for r in op.results]
    for region in op.regions:
        for block in region.blocks:
            types += [a.type for a in block.arguments]
    if op.name == "stablehlo.constant":  # no type attribute; a complex value cannot be read here
        return types
    for _, attr in op.attributes.items():
        if isinstance(attr, ir.TypeAttr):
            types.append(attr.value)
    return types


def touches_quantized(op) -> bool:
    return any(holds_quantized(t) for t in op_types(op))


def retype_to_storage(op) -> None:
    """Quantized types of `op`'s results, block arguments and type attributes -> storage types."""
    quantized_constant = op.name == "stablehlo.constant" and holds_quantized(op.results[0].type)
    for r in op.results:
        if holds_quantized(r.type):
            r.set_type(map_quantized(r.type, storage_type))
    for region in op.regions:
        for block in region.blocks:
            for a in block.arguments:
                if holds_quantized(a.type):
                    a.set_type(map_quantized(a.type, storage_type))
    if op.name == "stablehlo.constant":  # its one attribute is its value, no type attribute
        if quantized_constant:  # only those hold storage integers (complex ones cannot even be read here)
            _retype_constant(op)
        return
    for name, attr in list(op.attributes.items()):
        if not isinstance(attr, ir.TypeAttr):
            continue
        t = downcast(attr.value)
        if isinstance(t, ir.FunctionType) and holds_quantized(t):
            mapped = ir.FunctionType.get([map_quantized(x, storage_type) for x in t.inputs],
                                         [map_quantized(x, storage_type) for x in t.results])
            op.attributes[name] = ir.TypeAttr.get(mapped)
        elif holds_quantized(t):
            op.attributes[name] = ir.TypeAttr.get(map_quantized(t, storage_type))


def _retype_constant(op) -> None:
    """A constant's storage integers typed like its (new) result: the value attribute of an
    unsigned storage type holds signless integers of the same bits."""
    value = op.attributes["value"]
    result_type = ir.RankedTensorType(op.results[0].type)
    if value.type == result_type:
        return
    element = result_type.element_type
    width = ir.IntegerType(element).width
    if ir.DenseElementsAttr(value).is_splat:
        bits = ir.IntegerAttr(ir.DenseElementsAttr(value).get_splat_value()).value % (1 << width)
        op.attributes["value"] = ir.DenseElementsAttr.get_splat(result_type, ir.IntegerAttr.get(element, bits))
        return
    if width in (8, 16, 32):  # whole bytes: the buffer reinterpreted
        unsigned = {8: np.uint8, 16: np.uint16, 32: np.uint32}[width]
        array = np.ascontiguousarray(np.asarray(ir.DenseIntElementsAttr(value))).view(unsigned)
        op.attributes["value"] = ir.DenseElementsAttr.get(array, type=result_type)
        return
    values = [v % (1 << width) for v in _sub_byte_values(value)]
    op.attributes["value"] = ir.DenseElementsAttr.get([ir.IntegerAttr.get(element, v) for v in values],
                                                     type=result_type)


def _sub_byte_values(attr) -> list:
    """The integers of a dense attribute of 2- or 4-bit elements (which the Python bindings do not
    index), from its printed form: a list, or a hex blob of one byte per element."""
    text = str(attr)
    inner = text[len("dense<"):text.rindex("> :")].strip()
    width = ir.IntegerType(ir.ShapedType(attr.type).element_type).width
    if inner.startswith('"0x'):
        mask = (1 << width) - 1
        return [b & mask for b in bytes.fromhex(inner[3:-1])]
    flat = []

    def walk(x):
        if isinstance(x, (list, tuple)):
            for y in x:
                walk(y)
        else:
            flat.append(int(x))

    walk(ast.literal_eval(inner.replace("true", "1").replace("false", "0")))
    return flat


def scales_of(q) -> list:
    return list(q.scales) if isinstance(q, quant.UniformQuantizedPerAxisType) else [q.scale]


def zero_points_of(q) -> list:
    return [int(z) for z in (q.zero_points if isinstance(q, quant.UniformQuantizedPerAxisType)
                             else [q.zero_point])]


def axis_of(q):
    return q.quantized_dimension if isinstance(q, quant.UniformQuantizedPerAxisType) else None
