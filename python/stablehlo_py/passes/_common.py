"""What the dynamism passes share: failing a pass safely, types, constants, dead ops.

A pass body raises `PassError(message, location)` to report a failure at an
op; `guarded_pass` turns it (and any other exception) into an error
diagnostic plus pass failure, because no exception may leave a pass callback
(it would unwind through MLIR's C++ frames, see interpret.py).
"""

from __future__ import annotations

import mlir.ir as ir
import numpy as np

__all__ = ["PassError", "encoding_bounds", "guarded_pass", "collect", "refine_type", "join_types", "with_shape", "integer_dtype",
           "constant_array", "constant_ints", "make_constant", "erase_with_constants", "functions",
           "MAX_FOLD_ELEMENTS"]

# Constants made by folding stay this small (upstream's refinement folds shape
# computations, not data); a larger result is left to run time.
MAX_FOLD_ELEMENTS = 65536

_DYNAMIC = ir.ShapedType.get_dynamic_size()


class PassError(Exception):
    """A failure of a pass at `location` (an mlir.ir.Location; None: the pass's operation)."""

    def __init__(self, message: str, location=None):
        super().__init__(message)
        self.location = location


def guarded_pass(name: str, body):
    """A callable `(op, pass_)` for `PassManager.add` running `body(op)`; every failure becomes a
    diagnostic and a pass failure instead of an exception crossing MLIR's frames."""

    def run(op, pass_) -> None:
        try:
            with op.context, op.location:  # ops and types made by `body` live in the module's context
                body(op)
        except PassError as e:
            (e.location or op.location).emit_error(str(e))
            pass_.signal_pass_failure()
        except BaseException as e:  # noqa: BLE001 - KeyboardInterrupt and bugs too: see the module docstring
            what = "interrupted" if isinstance(e, KeyboardInterrupt) else f"internal error: {type(e).__name__}: {e}"
            op.location.emit_error(f"{name}: {what}")
            pass_.signal_pass_failure()

    run.__name__ = name.replace("-", "_")
    return run


def collect(root, predicate, order=ir.WalkOrder.PRE_ORDER) -> list:
    """The ops under `root` (itself included) for which `predicate(op)` holds, in walk order: a
    list, so the caller may rewrite them while iterating."""
    found = []

    def visit(op):
        if predicate(op):
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    root.walk(visit, order)
    return found


def functions(op) -> dict:
    """{name: func.func op} of the top-level functions of the module `op` is or is in (a function
    pass looks up its callees there)."""
    while op.name != "builtin.module" and op.parent is not None:
        op = op.parent
    found = {}
    if op.name != "builtin.module":
        return found
    for op in op.regions[0].blocks[0].operations:
        if op.operation.name == "func.func":
            found[ir.StringAttr(op.attributes["sym_name"]).value] = op.operation
    return found


# ----------------------------------------------------------------- types

def _ranked(t):
    """`t` as a RankedTensorType, or None (types from shape functions come back not downcast)."""
    t = t.maybe_downcast() if type(t) is ir.Type else t
    return t if isinstance(t, ir.RankedTensorType) else None


def with_shape(t, shape) -> ir.Type:
    """Ranked tensor type `t` with `shape` (None or -1 for a dynamic size): its element type kept, and its
    bounds kept for the sizes still dynamic (a bound of a now static size would be invalid)."""
    t = ir.RankedTensorType(t)
    shape = [_DYNAMIC if s is None or s < 0 else int(s) for s in shape]
    encoding = t.encoding
    if encoding is None or all(s != _DYNAMIC for s in shape):
        return ir.RankedTensorType.get(shape, t.element_type, loc=ir.Location.unknown(t.context))
    bounds = encoding_bounds(encoding)
    if bounds is None or len(bounds) != len(shape):
        return ir.RankedTensorType.get(shape, t.element_type, encoding, loc=ir.Location.unknown(t.context))
    kept = ["?" if s != _DYNAMIC or b is None else str(b) for s, b in zip(shape, bounds)]
    if all(k == "?" for k in kept):
        return ir.RankedTensorType.get(shape, t.element_type, loc=ir.Location.unknown(t.context))
    dims = "x".join("?" if s == _DYNAMIC else str(s) for s in shape)
    return ir.Type.parse(f"tensor<{dims}x{t.element_type}, #stablehlo.bounds<{', '.join(kept)}>>", t.context)


def encoding_bounds(encoding):
    """The sizes of a `#stablehlo.bounds<...>` encoding (None for `?`), or None for another encoding."""
    text = str(encoding)
    if not text.startswith("#stablehlo.bounds<"):
        return None
    return [None if b.strip() == "?" else int(b) for b in text[len("#stablehlo.bounds<"):-1].split(",")]


def refine_type(declared, inferred):
    """The most specific type compatible with both, or None if they contradict each other.
    Only tensor shapes are refined: otherwise (tuples, tokens, element types) `declared` is kept."""
    d, i = _ranked(declared), _ranked(inferred)
    if i is None or not isinstance(declared, ir.ShapedType):
        return declared
    if d is None:  # unranked: anything ranked refines it
        return ir.RankedTensorType.get(i.shape, ir.ShapedType(declared).element_type) if not i.encoding \
            else declared
    if d.rank != i.rank:
        return None
    shape = []
    for a, b in zip(d.shape, i.shape):
        if a != _DYNAMIC and b != _DYNAMIC and a != b:
            return None
        shape.append(a if a != _DYNAMIC else b)
    if shape == list(d.shape):
        return declared
    return with_shape(d, shape)


def join_types(declared, candidates):
    """`declared` refined by what all `candidates` agree on (the results of if/case branches)."""
    ranked = [_ranked(c) for c in candidates]
    d = _ranked(declared)
    if d is None or not ranked or any(r is None or r.rank != d.rank for r in ranked):
        return declared
    shape = []
    for sizes in zip(*(r.shape for r in ranked)):
        shape.append(sizes[0] if all(s == sizes[0] for s in sizes) else _DYNAMIC)
    return refine_type(declared, with_shape(d, shape))


# ----------------------------------------------------------------- constants

_DTYPES = {(1, False): np.bool_, (8, True): np.int8, (16, True): np.int16, (32, True): np.int32,
           (64, True): np.int64, (8, False): np.uint8, (16, False): np.uint16, (32, False): np.uint32,
           (64, False): np.uint64}


def integer_dtype(element_type):
    """numpy dtype of an integer or boolean MLIR element type (None for others, index included)."""
    if not isinstance(element_type, ir.IntegerType):
        return None
    t = ir.IntegerType(element_type)
    return _DTYPES.get((t.width, t.width != 1 and not t.is_unsigned))


# Ops whose `value` attribute is their result: torch-mlir writes small tensor constants as
# arith.constant.
CONSTANT_OPS = ("stablehlo.constant", "arith.constant")


def constant_array(value):
    """The numpy value of `value` if a constant (CONSTANT_OPS) of integer or boolean elements defines it."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name not in CONSTANT_OPS:
        return None
    t = _ranked(value.type)
    dtype = t and integer_dtype(t.element_type)
    if dtype is None or not t.has_static_shape:
        return None
    attr = owner.attributes["value"]
    if not isinstance(attr, ir.DenseIntElementsAttr):
        return None
    elements = ir.DenseIntElementsAttr(attr)
    if len(elements) != int(np.prod(t.shape)):
        return None
    return np.array([elements[i] for i in range(len(elements))], dtype=dtype).reshape(t.shape)


def constant_ints(value):
    """The elements of a constant 0-D or 1-D integer tensor as a list of Python ints, else None."""
    array = constant_array(value)
    if array is None or array.ndim > 1:
        return None
    return [int(x) for x in array.reshape(-1)]


def make_constant(array, result_type, location):
    """A `stablehlo.constant` of `array` typed `result_type`, at the current insertion point."""
    dtype = integer_dtype(ir.RankedTensorType(result_type).element_type)
    array = np.ascontiguousarray(np.asarray(array).astype(dtype))
    if dtype is np.bool_:  # MLIR reads an i1 buffer given with its type bit-packed
        array = np.packbits(array.reshape(-1), bitorder="little")
    attr = ir.DenseElementsAttr.get(array, type=result_type)
    return ir.Operation.create("stablehlo.constant", results=[result_type], attributes={"value": attr},
                               loc=location)


def _defining_constants(values) -> list:
    return [v.owner.operation for v in values
            if isinstance(v.owner, (ir.Operation, ir.OpView)) and v.owner.name in CONSTANT_OPS]


def erase_with_constants(op) -> None:
    """Erase `op`, then the constants it used that nothing else uses any more."""
    constants = _defining_constants(op.operands)
    op.erase()
    _erase_dead(constants)


def _erase_dead(constants) -> None:
    """Erase those of `constants` whose results are unused."""
    unique = []  # one entry per MLIR op (== compares them; an erased op can no longer be compared)
    for op in constants:
        if not any(op == u for u in unique):
            unique.append(op)
    for op in unique:
        if not any(True for r in op.results for _ in r.uses):
            op.erase()
