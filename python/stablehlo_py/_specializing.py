"""Entry functions with dynamic argument types, run through static plans.

`stablehlo_py.compile` of a module whose entry function has a `?` (or bounded)
size in an argument type returns a `SpecializingExecutable`. Each call looks up
the argument shapes; the first call with a shape signature refines the module
to those shapes (`stablehlo_py.refine`: refine-arguments, refine-shapes,
canonicalize-dynamism) and prepares the static program once; later calls with
the same shapes reuse it. A static plan runs every op prepared once (scalar
loops included), where the interpreter's own dynamic path specialises op by op.

When refinement cannot make the program static (an entry other than @main,
tuple or token arguments, a custom call it cannot see through, arguments that
do not fit the declared types), the call runs on the dynamic plan instead,
which gives the same results and reports bad arguments or a failed shape
assertion with a clear InterpreterError. `specialization_failures` keeps, per
shape signature, why refinement was not used.

With the compiled backend (`static_backend`), each refined program is compiled
(stablehlo_py.lowering) instead of interpreted: under "compiled" a shape
signature that does not refine or lower is a LoweringError saying why; under
"auto" it is interpreted and `specialization_failures` says why.
"""

from __future__ import annotations

from collections import OrderedDict

import mlir.ir
import numpy as np

from .interpreter import Executable, TOKEN
from .interpreter import compile as compile_plan
from .interpreter.core.types import TensorSpec, coerce_argument

__all__ = ["SpecializingExecutable", "compile_entry"]

# Shape signatures whose static plans are kept (least recently used dropped).
CACHE_SIZE = 16


def compile_entry(module_or_text, entry: str, limits, strict: bool = False,
                  native_functions=None, static_backend: str = "interpreter") -> Executable:
    """The plan of `entry`: static as prepared, or specialising per argument shapes. `strict`:
    spec deviations upstream accepts are errors (parse_module). `native_functions`: callees run
    as native code (interpreter.compile); the plans specialised per shape interpret them.
    `static_backend`: what runs each specialised program ("interpreter", "compiled", "auto")."""
    dynamic = compile_plan(module_or_text, entry, limits, strict, native_functions)
    if all(isinstance(s, TensorSpec) and s.is_static for s in dynamic.arg_specs):
        return dynamic
    return SpecializingExecutable(module_or_text, entry, limits, dynamic, static_backend)


class SpecializingExecutable:
    """A callable like `Executable` (same `arg_specs`, `result_specs`, `name`,
    `format_results`: the declared, dynamic types) that runs each shape
    signature through its own refined, static plan."""

    def __init__(self, source, entry: str, limits, dynamic: Executable, static_backend: str = "interpreter"):
        self._source = source
        self._static_backend = static_backend
        self._entry = entry
        self._limits = limits
        self._dynamic = dynamic
        self._plans: OrderedDict = OrderedDict()
        self.specialization_failures: dict = {}
        self.lowering_failures: dict = {}  # shape signature -> why its program was interpreted
        self.name = dynamic.name
        self.arg_specs = dynamic.arg_specs
        self.result_specs = dynamic.result_specs
        self.limits = dynamic.limits

    def __repr__(self) -> str:
        return repr(self._dynamic).replace("<compiled", "<compiled, specialising per shape,", 1)

    def format_results(self, results: list) -> str:
        return self._dynamic.format_results(results)

    def plan_for(self, *arrays):
        """The plan that runs these arguments (prepared on first use)."""
        key = _signature(arrays)
        if key is None:
            if self._static_backend == "compiled":
                from .lowering import LoweringError

                raise LoweringError(f"@{self._entry} is compiled per shape signature: its arguments must be arrays")
            return self._dynamic
        plan = self._plans.get(key)
        if plan is None:
            plan = self._specialize(key, arrays)
            self._plans[key] = plan
            if len(self._plans) > CACHE_SIZE:
                self._plans.popitem(last=False)
        else:
            self._plans.move_to_end(key)
        return plan

    def __call__(self, *arrays) -> list:
        return self.plan_for(*arrays)(*arrays)

    def _specialize(self, key, arrays):
        from .passes.dynamism import refine_module

        reason = self._unrefinable(arrays)
        if reason is None:
            try:
                types = [_static_type(spec, np.shape(a)) for spec, a in zip(self.arg_specs, arrays)]
                refined = refine_module(self._source, types)
                static = self._compiled(refined, key) if self._static_backend != "interpreter" else None
                if static is not None:
                    return static
                static = compile_plan(refined, self._entry, self._limits)
                if all(isinstance(s, TensorSpec) and s.is_static for s in static.arg_specs):
                    return static
                reason = "refinement left dynamic argument types"
            except mlir.ir.MLIRError as e:
                reason = "refinement failed: " + "; ".join(d.message for d in e.error_diagnostics)
            except (TypeError, ValueError) as e:  # argument types refine() does not take
                reason = f"refinement failed: {e}"
        if self._static_backend == "compiled":
            from .lowering import LoweringError

            raise LoweringError(f"@{self._entry} cannot be compiled for arguments {list(key)}: {reason}")
        self.specialization_failures[key] = reason
        return self._dynamic

    def _compiled(self, refined, key):
        """The refined program compiled; under "auto", None when it does not lower (the reason
        kept in `lowering_failures`), a LoweringError under "compiled"."""
        from .lowering import LoweringError, compile_program, failure_reason

        try:
            return compile_program(refined, self._entry, limits=self._limits)
        except LoweringError as e:
            if self._static_backend == "compiled":
                raise
            self.lowering_failures[key] = failure_reason(e)
            return None

    def _unrefinable(self, arrays) -> str | None:
        """Why these arguments are not refined, or None."""
        if self._entry != "main":
            return "refinement specialises @main only"
        if len(arrays) != len(self.arg_specs):
            return "wrong number of arguments"
        for i, (spec, value) in enumerate(zip(self.arg_specs, arrays)):
            if not isinstance(spec, TensorSpec) or value is TOKEN:
                return "tuple or token arguments"
            try:
                array = coerce_argument(i, value, spec, self.name)
            except Exception as e:  # noqa: BLE001 - the dynamic plan reports it
                return str(e)
            if not spec.matches_shape(array.shape):
                return f"argument {i} of shape {array.shape} does not fit {spec.text}"
        return None


def _signature(arrays):
    """(shape, dtype) of each argument, or None for arguments that are not arrays."""
    key = []
    for a in arrays:
        if not hasattr(a, "shape") or not hasattr(a, "dtype"):
            return None
        key.append((tuple(a.shape), str(a.dtype)))
    return tuple(key)


def _static_type(spec: TensorSpec, shape: tuple) -> str:
    """The declared type of an argument with its sizes made `shape`."""
    return f"tensor<{''.join(f'{n}x' for n in shape)}{spec.element.name}>"
