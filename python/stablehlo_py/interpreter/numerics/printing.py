"""Tensor values as text, in the format of upstream StableHLO's reference interpreter.

    format_tensor(np.array([1, 2, -3], np.int8), spec)   # 'tensor<3xi8> {\n  [1, 2, -3]\n}'

The one formatter of that format (`interpreter.print` uses it; docs/distributed.md, "The
interpreter dialect", shows it). The type, then the elements in braces: a rank-0 tensor on
one line (`tensor<ui8> {1}`); otherwise a newline, then nested brackets, one level per
dimension, each on its own line indented two spaces per level, the innermost dimension on one
line with its elements separated by ", " (`[]` for an empty dimension). Elements read as
MLIR prints attributes: integers in decimal, i1 as true / false, floats as MLIR prints a
FloatAttr (`1.000000e+00` when six digits after the point give the value back exactly, more
digits or the bits in hex otherwise; infinities and NaNs as their bits in hex, e.g.
`0x7FC00000`), complex numbers as `[real, imaginary]`, quantized values as their storage
integers. Floats are printed by MLIR itself (a private context), once per distinct value.

`stablehlo-py run` prints a function's results in its own format (Executable.format_results:
the type, shape and dtype, then numpy's repr), which existing users and tests read.
"""

from __future__ import annotations

import threading

import numpy as np

from ..core.types import TensorSpec, bits_view

__all__ = ["format_tensor", "element_strings"]

_lock = threading.Lock()  # MLIR calls from the threads of a process grid, one at a time
_mlir: dict = {}  # "context", "location", and element type name -> mlir.ir.Type


def format_tensor(value, spec: TensorSpec) -> str:
    """`value` (a numpy array of type `spec`; a dynamic type is printed with the value's shape)
    in upstream's format (see the module's doc)."""
    value = np.asarray(value)
    text = spec.concrete(value.shape).text if isinstance(spec, TensorSpec) else str(spec)
    strings = element_strings(value, spec.element)
    if strings.ndim == 0:
        return f"{text} {{{strings[()]}}}"
    return f"{text} {{\n  {_nested(strings, 1)}\n}}"


def _nested(strings: np.ndarray, depth: int) -> str:
    """The brackets of `strings` (rank >= 1), opened at indentation level `depth`."""
    if strings.ndim == 1 or strings.shape[0] == 0:
        return "[" + ", ".join(strings.reshape(-1).tolist()) + "]"
    indent = "\n" + "  " * (depth + 1)
    inner = ",".join(indent + _nested(sub, depth + 1) for sub in strings)
    return "[" + inner + "\n" + "  " * depth + "]"


def element_strings(value: np.ndarray, element) -> np.ndarray:
    """An array of `value`'s shape holding each element's text (see the module's doc)."""
    category = element.category
    if category == "quant":
        element = element.storage
        category = element.category
    if category == "bool":
        return np.where(value, "true", "false")
    if category in ("sint", "uint"):
        wide = np.int64 if category == "sint" else np.uint64
        return np.asarray(value).astype(wide).astype(str)
    if category == "complex":
        part = "f32" if element.bits == 32 else "f64"
        real, imag = _float_strings(np.real(value), part), _float_strings(np.imag(value), part)
        return np.char.add(np.char.add(np.char.add("[", real), np.char.add(", ", imag)), "]")
    return _float_strings(value, element.name)


def _float_strings(value: np.ndarray, type_name: str) -> np.ndarray:
    value = np.ascontiguousarray(value)
    bits = bits_view(value)
    distinct, positions = np.unique(bits.reshape(-1), return_inverse=True)
    texts = [_float_text(b, v, type_name) for b, v in zip(distinct.tolist(), distinct.view(value.dtype).tolist())]
    return np.array(texts or [""], dtype=object)[positions].reshape(value.shape).astype(str)


def _float_text(bits: int, number, type_name: str) -> str:
    number = float(number)
    if not np.isfinite(number):  # as MLIR prints them: the bits in hex
        return f"0x{bits:X}"
    import mlir.ir as ir

    with _lock:
        context = _mlir.get("context")
        if context is None:
            from ..._parsing import context as new_context

            context = _mlir["context"] = new_context()
            _mlir["location"] = ir.Location.unknown(context=context)
        element = _mlir.get(type_name)
        if element is None:
            element = _mlir[type_name] = ir.Type.parse(type_name, context=context)
        text = str(ir.FloatAttr.get(element, number, loc=_mlir["location"]))
    return text.rsplit(" : ", 1)[0]
