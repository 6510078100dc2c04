"""The one registry: op name -> kernel factory.

A factory is called once per op when a function is prepared, with the op's
`DecodedOp` (plan.py: operand and result specs, decoded attributes, prepared
regions), and returns its `Kernel`: `run(*operands)` (the op's operands, then
the values its regions capture) returns the op's results as a sequence, one
value per result. A one-result op's kernel is usually `Kernel.single(fn)`, where
`fn(*operands)` returns the result itself. Built-in custom_call targets have
factories of the same form (`register_custom_call_targets`). Factories pick
dtype-specific numpy functions up front, so kernels do no IR work.

An op may also register a scalar form (`register_scalar`): a factory called
for an op whose operands and results are all rank-0 tensors, returning the
`ScalarForm` of the op for its types, or None when there is none. Its
`expression` is Python over numpy scalars (`"{0} + {1}"`, operands by index)
computing exactly what the kernel computes; it may repeat its operands (they are
names), use `_t` and `_c` as scratch names, refer to `{result}` (the result's
numpy scalar type) and to the entries of `values` by name (typed constants,
functions). `specialize(constants)`, if given, gets per operand its numpy scalar
when the operand is a constant of the loop (else None) and returns a simpler
ScalarForm for those constants, or None. jit/scalar.py uses them to run scalar
loops without a numpy call per op.

Each op's traits (ELEMENTWISE, PURE, VIEW, SIZES_FROM_VALUES, PRECOMPUTED) are given where its
kernel is registered, and read through `has_trait` by the plan, the loop analyses and the JIT.

The kernels register themselves when their package is imported; this module does not know
where they live: the interpreter's API sets `set_loader` to import them on first use.
"""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple

import numpy as np

from .errors import InterpreterError
from .types import TensorSpec

__all__ = ["Kernel", "ScalarForm", "register", "register_scalar", "register_custom_call_targets", "lookup", "lookup_scalar",
           "lookup_custom_call_target", "custom_call_targets", "supported_ops", "has_trait", "set_loader",
           "set_quantized_wrapper", "quantized_factory", "ELEMENTWISE", "PURE", "VIEW", "SIZES_FROM_VALUES",
           "PRECOMPUTED"]

# Op traits, declared at registration.
ELEMENTWISE = "elementwise"  # applies per element to operands of one shape (rank-0 operands of select and
#                             clamp aside); its kernel is the one the JIT's emitters reproduce
PURE = "pure"  # a function of its operands alone: no state, effects, regions or meetings with other processes
VIEW = "view"  # returns numpy views of an operand (or the operands): its results take no memory of their own
SIZES_FROM_VALUES = "sizes_from_values"  # result sizes are operand values: results checked at run time
PRECOMPUTED = "precomputed"  # no operands, and a value fixed when it is prepared
_TRAITS_KNOWN = frozenset((ELEMENTWISE, PURE, VIEW, SIZES_FROM_VALUES, PRECOMPUTED))


class Kernel:
    """One op, prepared: `run(*operands)` returns its results as a sequence (empty for none).

    Fields for the plan's analyses: `in_place`, a variant of `run` that may overwrite its first
    operand (a while body that owns that carry uses it: planning/loops.py); `branches`, the
    prepared Regions of if/case, one of which runs (scalar loops inline them); `scalar_form`, the
    op's ScalarForm, set by the plan for an op on rank-0 values from its registered scalar form
    (`register_scalar`), for scalar loops (jit/scalar.py); `stacked`, for a dot summed by BLAS,
    `stacked(xs, w)`: the dots of w with every xs[i] in one product (planning/loops.py)."""

    __slots__ = ("run", "in_place", "branches", "one", "scalar_form", "stacked")

    def __init__(self, run: Callable, *, in_place: Callable | None = None, branches=None):
        self.run, self.in_place, self.branches = run, in_place, branches
        self.one: Callable | None = None  # a one-result op's function (single)
        self.scalar_form: ScalarForm | None = None
        self.stacked: Callable | None = None  # a dot's stacked(xs, w): the dots of w with each xs[i]

    @staticmethod
    def single(fn: Callable) -> "Kernel":
        """The kernel of a one-result op whose function `fn(*operands)` returns that result. `one`
        keeps `fn`, which the plan calls to save building a tuple per step."""
        if isinstance(fn, Kernel) or not callable(fn):
            raise InterpreterError(f"internal: Kernel.single takes the function of a one-result op, "
                                   f"not a {type(fn).__name__}")
        kernel = Kernel(lambda *operands: (fn(*operands),))
        kernel.one = fn
        return kernel

    def for_results(self, result_specs) -> "Kernel":
        """This kernel as the plan runs it for results `result_specs`: a one-result function whose
        result is rank 0 hands it back as an array (numpy ufuncs return scalars)."""
        if self.one is None or not (isinstance(result_specs[0], TensorSpec) and result_specs[0].rank == 0):
            return self
        fn, asarray = self.one, np.asarray
        kernel = Kernel.single(lambda *operands: asarray(fn(*operands)))
        kernel.in_place, kernel.branches, kernel.stacked = self.in_place, self.branches, self.stacked
        return kernel


class ScalarForm(NamedTuple):
    """An op on rank-0 values as a Python expression over numpy scalars (see the module's doc)."""
    expression: str
    values: Mapping = {}
    specialize: Callable | None = None


_FACTORIES: dict[str, Callable] = {}
_TRAITS: dict[Callable, frozenset] = {}  # kernel factory -> its op traits
_SCALAR_FORMS: dict[str, Callable] = {}
_CUSTOM_CALL_TARGETS: dict[str, Callable] = {}  # built-in targets: target -> kernel factory
_loader: Callable | None = None  # imports the kernels (set_loader)
_quantized_wrapper: Callable | None = None  # factory -> factory of its quantized form (set_quantized_wrapper)


def _registrar(table: dict, what: str, names: tuple):
    def decorate(factory):
        for name in names:
            if name in table:
                raise RuntimeError(f"{what} for {name} registered twice")
            table[name] = factory
        return factory

    return decorate


def register(*names: str, traits=()):
    """Decorator: register kernel `factory` for each op name in `names`, with the op traits `traits`
    (they belong to the factory: an op whose factory is replaced has the traits of the new one)."""
    traits = frozenset(traits)
    if not traits <= _TRAITS_KNOWN:
        raise RuntimeError(f"unknown op traits {sorted(traits - _TRAITS_KNOWN)}")
    add = _registrar(_FACTORIES, "kernel", names)

    def decorate(factory):
        _TRAITS[factory] = traits
        return add(factory)

    return decorate


def has_trait(name: str, trait: str) -> bool:
    """Whether the kernel factory of op `name` was registered with `trait`."""
    _load()
    return trait in _TRAITS.get(_FACTORIES.get(name), ())


def register_scalar(*names: str):
    """Decorator: register scalar-form `factory` (op -> ScalarForm or None) for each op in `names`."""
    return _registrar(_SCALAR_FORMS, "scalar form", names)


def register_custom_call_targets(*targets: str):
    """Decorator: register kernel factory `factory(op)`, the same contract as `register`'s, for the
    built-in `stablehlo.custom_call` targets `targets` (the op's `call_target_name` says which);
    user targets live in kernels/custom_calls."""
    return _registrar(_CUSTOM_CALL_TARGETS, "custom_call target", targets)


def set_loader(load: Callable[[], None]) -> None:
    """`load()` registers every kernel; called once, at the first lookup."""
    global _loader
    _loader = load


def _load() -> None:
    global _loader
    if _loader is not None:
        load, _loader = _loader, None
        load()


def set_quantized_wrapper(wrap: Callable) -> None:
    """`wrap(factory)`: the factory of an op on quantized types, from its factory on plain ones
    (the quantization family sets it)."""
    global _quantized_wrapper
    _quantized_wrapper = wrap


def quantized_factory(factory: Callable) -> Callable:
    """The factory of `factory`'s op on quantized types."""
    _load()
    return _quantized_wrapper(factory)


def lookup(name: str):
    """The factory for op `name`, or None if the interpreter does not support it."""
    _load()
    return _FACTORIES.get(name)


def lookup_scalar(name: str):
    """The scalar-form factory for op `name`, or None."""
    _load()
    return _SCALAR_FORMS.get(name)


def lookup_custom_call_target(target: str):
    """The factory of built-in custom_call target `target`, or None."""
    _load()
    return _CUSTOM_CALL_TARGETS.get(target)


def custom_call_targets() -> dict:
    """Built-in custom_call target -> its kernel factory (a copy)."""
    _load()
    return dict(_CUSTOM_CALL_TARGETS)


def supported_ops() -> list[str]:
    _load()
    return sorted(_FACTORIES)
