"""Element types and tensor types: MLIR type -> numpy / ml_dtypes dtype.

One table (`_ELEMENT_TYPES`) maps the printed MLIR element type to its numpy
dtype and its category; everything else in the interpreter asks this module.
Integers are two's complement and wrap; sub-byte integers (i2/i4/ui2/ui4) are
stored as ml_dtypes values but computed on in int8/uint8 and wrapped back
(`from_wide_int`), because ml_dtypes' own arithmetic does not wrap.
A quantized element type (`!quant.uniform`) is a `QuantizedInfo`: its values are
held as their storage integers (quantization.py gives them their meaning).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import ml_dtypes
import numpy as np

from ... import _stablehlo
from .errors import InterpreterError

__all__ = [
    "ElementInfo",
    "QuantizedInfo",
    "is_quantized_spec",
    "TensorSpec",
    "Token",
    "TOKEN",
    "TokenSpec",
    "element_info",
    "dtype_info",
    "tensor_spec",
    "from_wide_int",
    "uint_dtype",
    "wide_int_dtype",
    "bits_view",
    "coerce_argument",
    "dimension_values",
]


@dataclass(frozen=True)
class ElementInfo:
    name: str  # MLIR spelling, e.g. "f32", "ui8", "complex<f64>"
    dtype: np.dtype
    category: str  # "bool" | "sint" | "uint" | "float" | "complex"
    bits: int  # bit width of one element (of one part for complex)

    @property
    def is_int(self) -> bool:
        return self.category in ("sint", "uint")

    @property
    def is_subbyte(self) -> bool:
        return self.is_int and self.bits < 8

    @property
    def min(self) -> int:
        """Smallest value of an integer type."""
        return -(1 << (self.bits - 1)) if self.category == "sint" else 0

    @property
    def max(self) -> int:
        """Largest value of an integer type."""
        return (1 << (self.bits - 1)) - 1 if self.category == "sint" else (1 << self.bits) - 1


def _table():
    rows = [("i1", np.bool_, "bool", 1)]
    for bits, s, u in ((2, ml_dtypes.int2, ml_dtypes.uint2), (4, ml_dtypes.int4, ml_dtypes.uint4),
                       (8, np.int8, np.uint8), (16, np.int16, np.uint16),
                       (32, np.int32, np.uint32), (64, np.int64, np.uint64)):
        # Signless integers have signed semantics; "si" spells signed explicitly.
        rows += [(f"i{bits}", s, "sint", bits), (f"si{bits}", s, "sint", bits),
                 (f"ui{bits}", u, "uint", bits)]
    rows += [
        ("f4E2M1FN", ml_dtypes.float4_e2m1fn, "float", 4),
        ("f6E2M3FN", ml_dtypes.float6_e2m3fn, "float", 6),
        ("f6E3M2FN", ml_dtypes.float6_e3m2fn, "float", 6),
        ("f8E3M4", ml_dtypes.float8_e3m4, "float", 8),
        ("f8E4M3", ml_dtypes.float8_e4m3, "float", 8),
        ("f8E4M3FN", ml_dtypes.float8_e4m3fn, "float", 8),
        ("f8E4M3FNUZ", ml_dtypes.float8_e4m3fnuz, "float", 8),
        ("f8E4M3B11FNUZ", ml_dtypes.float8_e4m3b11fnuz, "float", 8),
        ("f8E5M2", ml_dtypes.float8_e5m2, "float", 8),
        ("f8E5M2FNUZ", ml_dtypes.float8_e5m2fnuz, "float", 8),
        ("f8E8M0FNU", ml_dtypes.float8_e8m0fnu, "float", 8),
        ("bf16", ml_dtypes.bfloat16, "float", 16),
        ("f16", np.float16, "float", 16),
        ("f32", np.float32, "float", 32),
        ("f64", np.float64, "float", 64),
        ("complex<f32>", np.complex64, "complex", 32),
        ("complex<f64>", np.complex128, "complex", 64),
    ]
    return {name: ElementInfo(name, np.dtype(dt), cat, bits) for name, dt, cat, bits in rows}


_ELEMENT_TYPES: dict[str, ElementInfo] = _table()
# dtype -> info; the signless spelling wins over "si" for the same dtype.
_BY_DTYPE: dict[np.dtype, ElementInfo] = {}
for _info in _ELEMENT_TYPES.values():
    _BY_DTYPE.setdefault(_info.dtype, _info)


_INDEX = ElementInfo("index", np.dtype(np.int64), "sint", 64)


@dataclass(frozen=True)
class QuantizedInfo:
    """A `!quant.uniform` element type (spec: "Quantized element types"). Values of it are numpy
    arrays of `storage` integers; `axis` is the quantization_dimension of a per-axis type (None:
    per tensor, one scale and zero point)."""

    category: ClassVar[str] = "quant"
    name: str  # the type as printed
    storage: ElementInfo
    expressed: ElementInfo
    storage_min: int
    storage_max: int
    scales: tuple
    zero_points: tuple
    axis: int | None

    @property
    def dtype(self) -> np.dtype:
        return self.storage.dtype

    @property
    def bits(self) -> int:
        return self.storage.bits


def _quantized_info(element) -> QuantizedInfo | None:
    """QuantizedInfo of an `mlir.ir.Type` element that is a `!quant.uniform`, else None."""
    from mlir.dialects import quant

    q = element.maybe_downcast()
    if isinstance(q, quant.UniformQuantizedType):
        scales, zero_points, axis = (q.scale,), (q.zero_point,), None
    elif isinstance(q, quant.UniformQuantizedPerAxisType):
        scales, zero_points, axis = tuple(q.scales), tuple(q.zero_points), q.quantized_dimension
    else:
        return None
    width = q.storage_type_integral_width
    if width > 32:  # MLIR's quant dialect rejects wider storage types when parsing
        raise InterpreterError(f"unsupported quantized type {element}: storage wider than 32 bits")
    storage = element_info(f"{'' if q.is_signed else 'u'}i{width}")
    return QuantizedInfo(str(element), storage, element_info(q.expressed_type), q.storage_type_min,
                         q.storage_type_max, scales, zero_points, axis)


def element_info(type_or_name) -> ElementInfo:
    """Info for an MLIR element type (an `mlir.ir.Type` or its printed form)."""
    name = str(type_or_name)
    try:
        return _ELEMENT_TYPES[name]
    except KeyError:
        if name == "index":  # only shape operands of the dynamism ops hold them (not a value type of the spec)
            return _INDEX
        raise InterpreterError(f"unsupported element type {name}") from None


def dtype_info(dtype) -> ElementInfo:
    """Info for a numpy dtype produced by this interpreter."""
    try:
        return _BY_DTYPE[np.dtype(dtype)]
    except (KeyError, TypeError):
        raise InterpreterError(f"unsupported dtype {dtype!r}") from None


@dataclass(frozen=True)
class TensorSpec:
    """A ranked tensor type: shape (None for a dynamic dimension) and element; `bounds`, from a
    `#stablehlo.bounds` encoding, holds the upper limit of each dimension (None: unbounded)."""

    is_token: ClassVar[bool] = False
    shape: tuple
    element: ElementInfo
    text: str  # the MLIR type as printed
    bounds: tuple | None = None

    @property
    def dtype(self) -> np.dtype:
        return self.element.dtype

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_buffer(self) -> bool:
        """A memref (upstream's buffer types), which custom_call targets may write."""
        return self.text.startswith("memref<")

    @property
    def is_static(self) -> bool:
        return None not in self.shape

    def matches_shape(self, shape) -> bool:
        """Whether a value of `shape` has this type: static sizes equal, `?` sizes within their bounds."""
        if len(shape) != len(self.shape):
            return False
        bounds = self.bounds or (None,) * len(shape)
        return all(got == want if want is not None else bound is None or got <= bound
                   for want, bound, got in zip(self.shape, bounds, shape))

    def concrete(self, shape) -> "TensorSpec":
        """This type with the static `shape` of a value of it (for kernels specialised at run time)."""
        if shape == self.shape:
            return self
        return TensorSpec(tuple(shape), self.element, _tensor_text(shape, self.element))

    def with_element(self, element) -> "TensorSpec":
        """This type with another element type (quantization.py: storage or expressed types)."""
        return TensorSpec(self.shape, element, _tensor_text(self.shape, element), self.bounds)


def _tensor_text(shape, element) -> str:
    """The printed tensor type of `shape` (None: `?`) and `element` (without bounds)."""
    return "tensor<" + "".join(("?" if n is None else str(n)) + "x" for n in shape) + f"{element.name}>"


class Token:
    """The value of a `!stablehlo.token`: no data, it only orders side effects."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOKEN"


TOKEN = Token()


@dataclass(frozen=True)
class TokenSpec:
    """The `!stablehlo.token` type; its one value is TOKEN."""

    is_token: ClassVar[bool] = True
    text: str = "!stablehlo.token"


def tensor_spec(mlir_type) -> TensorSpec:
    """TensorSpec of a ranked tensor `mlir.ir.Type`, or of a buffer (memref: an array custom_call
    targets may write); other types are an error (value_spec takes any)."""
    import mlir.ir as ir

    text = str(mlir_type)
    encoding = None
    try:
        shaped = ir.RankedTensorType(mlir_type)
        encoding = shaped.encoding
    except (ValueError, TypeError):
        try:
            shaped = ir.MemRefType(mlir_type)
        except (ValueError, TypeError):
            raise InterpreterError(f"unsupported value type {text} (only ranked tensors and buffers are "
                                   "interpreted)") from None
        identity = ir.AffineMap.get_identity(shaped.rank, context=mlir_type.context)
        if shaped.affine_map != identity or shaped.memory_space is not None:
            raise InterpreterError(f"unsupported buffer type {text} (only the identity layout and the default "
                                   "memory space)")
    element = _quantized_info(shaped.element_type) or element_info(shaped.element_type)
    dynamic = ir.ShapedType.get_dynamic_size()
    shape = tuple(None if d == dynamic else int(d) for d in shaped.shape)
    bounds = None
    if encoding is not None and None in shape:
        values = _stablehlo.bounds_value(encoding)  # None unless a #stablehlo.bounds
        if values is not None and any(b is not None for b in values):
            bounds = tuple(values)
    return TensorSpec(shape, element, text, bounds)


@dataclass(frozen=True)
class TupleSpec:
    """A tuple type, or a future (`!stablehlo.future<...>`, the values of an async_start); its
    values are Python tuples of the elements' values."""

    is_token: ClassVar[bool] = False
    elements: tuple
    text: str


_SPECS: dict = {}  # printed type -> spec: specs are plain data, the same in every context


def value_spec(mlir_type):
    """TensorSpec, TupleSpec or TokenSpec of any value type the interpreter runs."""
    text = str(mlir_type)
    spec = _SPECS.get(text)
    if spec is None:
        spec = _value_spec(mlir_type, text)
        if len(_SPECS) < 100_000:
            _SPECS[text] = spec
    return spec


def _value_spec(mlir_type, text: str):
    import mlir.ir as ir

    if text == TokenSpec.text or text == "!shape.witness":  # a witness, like a token, carries nothing
        return TokenSpec()
    if isinstance(mlir_type.maybe_downcast(), (ir.IndexType, ir.IntegerType, ir.FloatType)):
        # a scalar of MLIR's own dialects (arith, tensor.dim: torch-mlir's shape computations)
        return TensorSpec((), element_info(mlir_type), text)
    future = _stablehlo.future_types(mlir_type)
    if future is not None:
        return TupleSpec(tuple(value_spec(t) for t in future), text)
    try:
        tuple_type = ir.TupleType(mlir_type)
    except (ValueError, TypeError):
        return tensor_spec(mlir_type)
    return TupleSpec(tuple(value_spec(tuple_type.get_type(i)) for i in range(tuple_type.num_types)), text)


def is_quantized_spec(spec) -> bool:
    """Whether a value spec (tensor, tuple or token) holds quantized elements."""
    if isinstance(spec, TupleSpec):
        return any(map(is_quantized_spec, spec.elements))
    return isinstance(getattr(spec, "element", None), QuantizedInfo)


def wide_int_dtype(info: ElementInfo) -> np.dtype:
    """Dtype in which integer arithmetic for `info` is computed (itself unless sub-byte)."""
    if info.is_subbyte:
        return np.dtype(np.int8 if info.category == "sint" else np.uint8)
    return info.dtype


def from_wide_int(values: np.ndarray, info: ElementInfo) -> np.ndarray:
    """Wrap integer `values` (any integer dtype) into the integer type `info`, modulo 2**bits."""
    if not info.is_subbyte:
        return values.astype(info.dtype, copy=False)
    # the low `bits` bits (int16 keeps them whatever the source type), which ml_dtypes reads as
    # two's complement for the signed types
    return (values.astype(np.int16) & ((1 << info.bits) - 1)).astype(info.dtype)


_UINT_OF_SIZE = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
_INT_OF_SIZE = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def uint_dtype(dtype) -> np.dtype:
    """The unsigned integer type of the same item size as `dtype` (to view its bits)."""
    return np.dtype(_UINT_OF_SIZE[np.dtype(dtype).itemsize])


def int_dtype(dtype) -> np.dtype:
    """The signed integer type of the same item size as `dtype` (to view its bits)."""
    return np.dtype(_INT_OF_SIZE[np.dtype(dtype).itemsize])


def bits_view(values: np.ndarray) -> np.ndarray:
    """The raw storage bits of a float (or complex part) array as unsigned integers (a view:
    same item size, so any strides work)."""
    return values.view(uint_dtype(values.dtype))


def complex_product(a, b):
    """a * b for complex arrays by the textbook formula, every step rounded: numpy's
    own complex multiply fuses multiply-adds on FMA hosts, so its bits depend on the CPU."""
    out = np.empty(np.broadcast_shapes(a.shape, b.shape), np.result_type(a, b))
    out.real = a.real * b.real - a.imag * b.imag
    out.imag = a.real * b.imag + a.imag * b.real
    return out


def strided_view(x: np.ndarray, shape: tuple, strides: tuple) -> np.ndarray:
    """Read-only `as_strided` view of `x` (window and patch views). A step along an axis
    of extent 1, or of any axis of an empty view, is never taken, so it is given as 0:
    dilations and strides near int64's limits (valid when they never land) then do not
    overflow numpy's strides."""
    empty = 0 in shape
    strides = tuple(0 if empty or n == 1 else t for n, t in zip(shape, strides))
    return np.lib.stride_tricks.as_strided(x, shape, strides, writeable=False)


def coerce_argument(index: int, value, spec, func_name: str, where: str = ""):
    """Check (and for plain Python values, convert) argument `index` against `spec`.

    numpy arrays (and anything with a dtype, e.g. jax arrays) must have exactly
    the declared dtype; Python scalars and nested lists are converted to it.
    A tuple argument is a Python tuple of its elements' values; a token is TOKEN.
    """
    where = where or f"@{func_name} argument {index}"
    if isinstance(spec, TokenSpec):
        if value is not TOKEN:
            raise InterpreterError(f"{where}: expected {spec.text} (stablehlo_py.interpreter.TOKEN), "
                                   f"got {type(value).__name__}")
        return value
    if isinstance(spec, TupleSpec):
        if not isinstance(value, (tuple, list)) or len(value) != len(spec.elements):
            raise InterpreterError(f"{where}: expected {spec.text} (a tuple of {len(spec.elements)} values), "
                                   f"got {type(value).__name__}" + (f" of {len(value)}" if isinstance(value, (tuple, list)) else ""))
        return tuple(coerce_argument(index, v, s, func_name, f"{where} element {i}")
                     for i, (v, s) in enumerate(zip(value, spec.elements)))
    if hasattr(value, "dtype"):
        try:
            array = np.asarray(value)
        except Exception as e:  # noqa: BLE001 - any failure is the caller's bad value
            raise InterpreterError(f"{where}: expected {spec.text}, got an object numpy cannot convert ({e})") from None
        if array.dtype != spec.dtype:
            raise InterpreterError(
                f"{where}: expected {spec.text} (dtype {spec.dtype.name}), got dtype {array.dtype.name} "
                f"with shape {tuple(array.shape)}")
    else:
        try:
            array = np.asarray(value, dtype=spec.dtype)
        except Exception as e:  # noqa: BLE001
            raise InterpreterError(f"{where}: expected {spec.text}, got {type(value).__name__} ({e})") from None
    if not spec.matches_shape(array.shape):
        raise InterpreterError(
            f"{where}: expected {spec.text} (shape {_shape_text(spec.shape)}), got shape {tuple(array.shape)}")
    if spec.is_buffer:  # a buffer is the caller's: targets write into it (a read-only one is copied)
        return array if array.flags.writeable else array.copy()
    array = array.view()  # read-only view: the run never writes into, or hands back, the caller's array
    array.flags.writeable = False
    return array


def dimension_values(tensor: np.ndarray) -> tuple:
    """The Python integers of a shape operand (a tensor of sizes, indices, paddings or strides of
    a dynamism op), which the op then uses as its static form uses its attribute."""
    return tuple(int(v) for v in np.asarray(tensor).reshape(-1))


def _shape_text(shape) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
