"""Upstream StableHLO's Python API for attributes and types, and eval_module's plumbing.

The classes take what jaxlib's `mlir.dialects.stablehlo` / `chlo` take: `Cls.get(...)` with
upstream's parameters in upstream's order, a static-style `isinstance`, one property per field
and `Cls(attr)` as a checked cast. They sit on the extension's generic accessors (the kind and
case of an enum attribute, the fields of a structured one as a DictAttr), so a new attribute
needs a table entry here, not a C function per class.

Beyond upstream (documented in docs/python_api.md): fields left out of `get` take their
textual form's default (empty lists, 0), where upstream requires every one.
"""

from __future__ import annotations

import numbers
import operator
from typing import NamedTuple, Optional, Sequence

from mlir import ir

from .. import _stablehlo

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1


def _current(context: Optional[ir.Context]) -> ir.Context:
    return context if context is not None else ir.Context.current


def _checked(context: ir.Context, build):
    """build() -> an attribute or type, or None after error diagnostics (the verifier of an
    attribute or type refusing its parameters): the result, or ValueError with those errors."""
    errors = []

    def keep(diagnostic) -> bool:
        if diagnostic.severity == ir.DiagnosticSeverity.ERROR:
            errors.append(diagnostic.message)
        return True

    handler = context.attach_diagnostic_handler(keep)
    try:
        result = build()
    finally:
        handler.detach()
    if result is None:
        raise ValueError("; ".join(errors) or "invalid parameters")
    return result


#===--- Enum attributes ---------------------------------------------------===#


class EnumAttr(ir.Attribute):
    """An enum attribute such as #stablehlo<comparison_direction LT>; `value` is its case name.
    KIND: the extension's name of the enum (chlo's are prefixed "chlo.")."""

    KIND = ""

    def __init__(self, attr: ir.Attribute):
        if not isinstance(attr, ir.Attribute):
            raise TypeError(f"{type(self).__name__}() takes an attribute, got {type(attr).__name__}")
        super().__init__(attr)
        if _stablehlo.enum_attribute_kind(attr) != self.KIND:
            raise ValueError(f"Cannot cast attribute to {type(self).__name__} (from {attr!r})")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"

    @classmethod
    def isinstance(cls, other_attribute: ir.Attribute) -> bool:
        return _stablehlo.enum_attribute_kind(other_attribute) == cls.KIND

    @classmethod
    def get(cls, value, context: Optional[ir.Context] = None):
        # the generated Python enums (stablehlo.ComparisonDirection.LT) print as their case name
        if not isinstance(value, str) and not hasattr(type(value), "__members__"):
            raise TypeError(f"{cls.__name__}.get() takes the case name as a str, got {type(value).__name__}")
        attr = _stablehlo.enum_attribute_get(cls.KIND, str(value), context)
        if attr is None:
            raise ValueError(f"'{value}' is not a {cls.KIND.removeprefix('chlo.')} value")
        return cls(attr)

    @property
    def value(self) -> str:
        """The case name, e.g. 'LT'."""
        return _stablehlo.enum_attribute_value(self)


def enum_attr_class(name: str, kind: str, prefix: str = "#stablehlo") -> type:
    return type(name, (EnumAttr,), {"KIND": kind, "__doc__": f"{prefix}<{kind.removeprefix('chlo.')} ...>",
                                    "__module__": _dialect_module(prefix)})


def _dialect_module(prefix: str) -> str:
    """The module a class is reached from (its repr and pickling name it)."""
    return f"stablehlo_py.dialects.{prefix.lstrip('#')}"


#===--- Structured attributes ---------------------------------------------===#


def _int64(value, what: str) -> int:
    if isinstance(value, bool):  # a bool where an integer is due is a mistake, not 0 or 1
        raise TypeError(f"{what}: expected an int, got bool")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{what}: expected an int, got {type(value).__name__}") from None
    if not INT64_MIN <= value <= INT64_MAX:
        raise TypeError(f"{what}: {value} does not fit in 64 bits")
    return value


def _int64_list(values, what: str) -> list:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what}: expected a sequence of ints, got {type(values).__name__}")
    return [_int64(v, what) for v in values]


def _attribute_list(values, what: str) -> ir.Attribute:
    """An ArrayAttr, or a Python sequence of attributes made into one."""
    if isinstance(values, ir.Attribute):
        return values
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what}: expected an ArrayAttr, got {type(values).__name__}")
    values = list(values)
    if not all(isinstance(v, ir.Attribute) for v in values):
        raise TypeError(f"{what}: expected attributes")
    return ir.ArrayAttr.get(values)


def _device_ids(value, what: str) -> ir.Attribute:
    """A mesh's device ids: dense<...> : tensor<Nxi64>, also from an array<i64: ...> or ints.
    (jaxlib stores an array<i64> as given, which its own parser then rejects.)"""
    if isinstance(value, ir.Attribute):
        try:
            return ir.DenseIntElementsAttr(value)
        except ValueError:
            pass
    if isinstance(value, ir.DenseI64ArrayAttr):
        value = list(value)
    elif isinstance(value, ir.Attribute):
        raise TypeError(f"{what}: expected dense integer elements, got {value}")
    import numpy as np

    ids = np.array(_int64_list(value, what), dtype=np.int64)
    return ir.DenseElementsAttr.get(ids, type=ir.RankedTensorType.get([ids.size], ir.IntegerType.get_signless(64)))


class Field(NamedTuple):
    """One parameter of `get` and its property: `key` names it in the extension's DictAttr."""
    name: str
    kind: str  # dims | int | bool | float | type | str | attr | attrs | device_ids | mode
    key: str = ""
    required: bool = False


def _encode(field: Field, value, owner: str) -> ir.Attribute:
    what = f"{owner}.get(): {field.name}"
    kind = field.kind
    if kind == "dims":
        return ir.DenseI64ArrayAttr.get(_int64_list(value, what))
    if kind == "int":
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), _int64(value, what))
    if kind == "bool":
        if not isinstance(value, bool) and type(value).__name__ != "bool_":
            raise TypeError(f"{what}: expected a bool, got {type(value).__name__}")
        return ir.BoolAttr.get(bool(value))
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{what}: expected a float, got {type(value).__name__}")
        return ir.FloatAttr.get(ir.F64Type.get(), float(value))
    if kind == "type":
        if not isinstance(value, ir.Type):
            raise TypeError(f"{what}: expected a Type, got {type(value).__name__}")
        return ir.TypeAttr.get(value)
    if kind == "str":
        if not isinstance(value, str):
            raise TypeError(f"{what}: expected a str, got {type(value).__name__}")
        return ir.StringAttr.get(value)
    if kind == "attr":
        if not isinstance(value, ir.Attribute):
            raise TypeError(f"{what}: expected an Attribute, got {type(value).__name__}")
        return value
    if kind == "attrs":
        return _attribute_list(value, what)
    if kind == "device_ids":
        return _device_ids(value, what)
    if kind == "mode":  # a case name, as upstream takes it (or the attribute itself)
        if isinstance(value, ir.Attribute):
            return value
        if not isinstance(value, str):
            raise TypeError(f"{what}: expected a str, got {type(value).__name__}")
        mode = _stablehlo.enum_attribute_get("result_accuracy_mode", value, None)
        if mode is None:
            raise ValueError(f"{what}: '{value}' is not a result_accuracy_mode value")
        return mode
    raise AssertionError(kind)


def _decode(field: Field, attr: Optional[ir.Attribute]):
    kind = field.kind
    if attr is None:  # an optional field that is absent
        return {"dims": [], "int": 0, "bool": False, "float": 0.0}.get(kind)
    if kind == "dims":
        return list(ir.DenseI64ArrayAttr(attr))
    if kind == "int":
        return ir.IntegerAttr(attr).value
    if kind == "bool":
        return ir.BoolAttr(attr).value
    if kind == "float":
        return ir.FloatAttr(attr).value
    if kind == "type":
        return ir.TypeAttr(attr).value
    if kind == "str":
        return ir.StringAttr(attr).value
    if kind == "mode":
        return _stablehlo.enum_attribute_value(attr)
    return attr


class StructuredAttr(ir.Attribute):
    """A structured attribute such as #stablehlo.dot<...>. MNEMONIC: its kind in the
    extension; SPEC: the Fields of `get`, in upstream's order; FIELDS: their names;
    CONTEXT: the name upstream gives `get`'s context parameter ("context" or "ctx")."""

    MNEMONIC = ""
    SPEC: Sequence[Field] = ()
    FIELDS: Sequence[str] = ()
    CONTEXT = "context"
    ALIASES: dict = {}  # other keywords get() takes -> the field's name

    def __init__(self, attr: ir.Attribute):
        if not isinstance(attr, ir.Attribute):
            raise TypeError(f"{type(self).__name__}() takes an attribute, got {type(attr).__name__}")
        super().__init__(attr)
        if _stablehlo.attribute_mnemonic(attr) != self.MNEMONIC:
            raise ValueError(f"Cannot cast attribute to {type(self).__name__} (from {attr!r})")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"

    @classmethod
    def isinstance(cls, other_attribute: ir.Attribute) -> bool:
        return _stablehlo.attribute_mnemonic(other_attribute) == cls.MNEMONIC

    @classmethod
    def get(cls, *args, **kwargs):
        names = [f.name for f in cls.SPEC]
        if len(args) > len(names) + 1:
            raise TypeError(f"{cls.__name__}.get() takes at most {len(names) + 1} positional arguments "
                            f"({len(args)} given)")
        values = dict(zip(names + [cls.CONTEXT], args))
        for key, value in kwargs.items():
            key = cls.ALIASES.get(key, key)
            if key in ("context", "ctx"):  # either spelling, whichever upstream uses
                key = cls.CONTEXT
            if key not in names and key != cls.CONTEXT:
                raise TypeError(f"{cls.__name__}.get() got an unexpected keyword argument '{key}'")
            if key in values:
                raise TypeError(f"{cls.__name__}.get() got multiple values for argument '{key}'")
            values[key] = value
        context = _current(values.pop(cls.CONTEXT, None))
        with context, ir.Location.unknown(context):  # building a type may need a location
            entries = {}
            for field in cls.SPEC:
                value = values.get(field.name)
                if value is None:
                    if field.required:
                        raise TypeError(f"{cls.__name__}.get() missing required argument '{field.name}'")
                    continue
                entries[field.key or field.name] = _encode(field, value, cls.__name__)
            dictionary = ir.DictAttr.get(entries)
        try:  # the attribute's verifier's errors, as upstream's parser gives them
            attr = _checked(context, lambda: _stablehlo.attribute_from_fields(cls.MNEMONIC, dictionary, context))
        except ValueError as error:
            raise ValueError(f"invalid {cls.__name__}: {error} ({values})") from None
        return cls(attr)

    def fields(self) -> dict:
        """Every field, by its name in the textual form, as a Python value."""
        return {f.key or f.name: self._field(f) for f in self.SPEC}

    def _field(self, field: Field):
        raw = {n.name: n.attr for n in _stablehlo.attribute_fields(self)}
        return _decode(field, raw.get(field.key or field.name))


def structured_attr_class(name: str, mnemonic: str, spec: Sequence[Field], context: str = "context",
                          aliases: Optional[dict] = None, doc_prefix: str = "#stablehlo") -> type:
    namespace = {"MNEMONIC": mnemonic, "SPEC": tuple(spec), "FIELDS": tuple(f.name for f in spec),
                 "CONTEXT": context, "ALIASES": dict(aliases or {}),
                 "__doc__": f"{doc_prefix}.{mnemonic}<...>; get({', '.join(f.name for f in spec)}, {context}=None)",
                 "__module__": _dialect_module(doc_prefix)}
    for field in spec:
        namespace[field.name] = property(lambda self, f=field: self._field(f))
    for alias, target in (aliases or {}).items():
        namespace[alias] = namespace[target]
    return type(name, (StructuredAttr,), namespace)


#===--- Bounds and future types -------------------------------------------===#


class TypeExtensions(ir.Attribute):
    """#stablehlo.bounds<...>, the encoding of a bounded dynamic tensor. `bounds` holds an int per
    dimension, ShapedType.get_dynamic_size() (INT64_MIN) where there is none (printed `?`)."""

    def __init__(self, attr: ir.Attribute):
        if not isinstance(attr, ir.Attribute):
            raise TypeError(f"TypeExtensions() takes an attribute, got {type(attr).__name__}")
        super().__init__(attr)
        if _stablehlo.bounds_value(attr) is None:
            raise ValueError(f"Cannot cast attribute to TypeExtensions (from {attr!r})")

    def __repr__(self) -> str:
        return f"TypeExtensions({self})"

    @staticmethod
    def isinstance(other_attribute: ir.Attribute) -> bool:
        return _stablehlo.bounds_value(other_attribute) is not None

    @classmethod
    def get(cls, bounds: Sequence[int], context: Optional[ir.Context] = None):
        # None also means "no bound", as our bounds_attr spells it
        values = [None if b is None else _int64(b, "TypeExtensions.get(): bounds")
                  for b in _iterable(bounds, "TypeExtensions.get(): bounds")]
        return cls(_stablehlo.bounds_get([None if b == INT64_MIN else b for b in values], context))

    @property
    def bounds(self) -> list:
        return [INT64_MIN if b is None else b for b in _stablehlo.bounds_value(self)]


def _iterable(values, what: str):
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what}: expected a sequence, got {type(values).__name__}")
    return list(values)


class FutureType(ir.Type):
    """!stablehlo.future<T...>: the results an async op will have; `types` lists them."""

    def __init__(self, type_: ir.Type):
        if not isinstance(type_, ir.Type):
            raise TypeError(f"FutureType() takes a type, got {type(type_).__name__}")
        super().__init__(type_)
        if _stablehlo.future_types(type_) is None:
            raise ValueError(f"Cannot cast type to FutureType (from {type_!r})")

    def __repr__(self) -> str:
        return f"FutureType({self})"

    @staticmethod
    def isinstance(other_type: ir.Type) -> bool:
        return _stablehlo.future_types(other_type) is not None

    @classmethod
    def get(cls, types: Sequence[ir.Type], context: Optional[ir.Context] = None):
        types = _iterable(types, "FutureType.get(): types")
        if not all(isinstance(t, ir.Type) for t in types):
            raise TypeError("FutureType.get(): types must be Types")
        context = _current(context)
        try:
            return cls(_checked(context, lambda: _stablehlo.future_type_get(types, context)))
        except ValueError as error:
            raise ValueError(f"invalid FutureType: {error}") from None

    @property
    def types(self) -> list:
        return _stablehlo.future_types(self)
