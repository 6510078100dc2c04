"""`stablehlo-instrument` and `interpreter-instrument-with-probe` (upstream's names for its probe
instrumentation pass, first in stablehlo/transforms, now in stablehlo/reference): a module pass
putting an `interpreter.probe` after each op for each of its results the interpreter can record,
and making every other use of the result use the probe's instead.

Ops are visited in post-order (an op's regions before the op), as MLIR walks them; constants
(`stablehlo.constant`) and ops without results are skipped; a result is probed if its type is a
ranked tensor of static shape whose elements are integers (any width and signedness, i1
included), floats or complex numbers (not tokens, tuples, dynamic shapes, quantized or index
elements). Probe ids count the probed values from 1 across the module: `probe<N>`, or with
`useDebugInfo=true` and an op located by name (`loc("name")`, `loc("name@...")`)
`<name before any '@'>.<N>`. The probes of an op with several results follow it in reverse
order (each is put right after the op), as upstream's.

With `stablehlo_py.interpret(..., probe_dir=DIR)` each probe writes its values to DIR
(interpreter/runtime/probes.py).
"""

from __future__ import annotations

import mlir.ir as ir

from ...dialects import interpreter
from .._common import PassError, collect, guarded_pass
from ._rewriting import flag_option

__all__ = ["NAME", "LEGACY_NAME", "instrument", "instrument_pass", "from_options", "probed"]

NAME = "interpreter-instrument-with-probe"
LEGACY_NAME = "stablehlo-instrument"


def probed(value_type) -> bool:
    """Whether a value of `value_type` gets a probe."""
    if not isinstance(value_type, ir.RankedTensorType):
        value_type = value_type.maybe_downcast() if type(value_type) is ir.Type else value_type
    if not isinstance(value_type, ir.RankedTensorType) or not value_type.has_static_shape:
        return False
    element = value_type.element_type
    return isinstance(element, (ir.IntegerType, ir.FloatType, ir.ComplexType))


def _probe_id(op, number: int, use_debug_info: bool) -> str:
    location = op.location
    if use_debug_info and location.is_a_name():
        return f"{location.name_str.split('@', 1)[0]}.{number}"
    return f"probe{number}"


def instrument(module, use_debug_info: bool = False, name: str = LEGACY_NAME) -> int:
    """Insert the probes into `module` (see the module's doc); returns how many."""
    module = module.operation
    if module.name != "builtin.module":
        raise PassError(f"{name}: runs on a builtin.module, not on '{module.name}'", module.location)
    ops = collect(module, lambda op: len(op.results) > 0 and op.name != "stablehlo.constant", ir.WalkOrder.POST_ORDER)
    count = 0
    for op in ops:
        for result in op.results:
            if not probed(result.type):
                continue
            count += 1
            probe = interpreter.ProbeOp(result, _probe_id(op, count, use_debug_info), loc=op.location,
                                        ip=ir.InsertionPoint.after(op))
            result.replace_all_uses_except(probe.result, probe.operation)
    return count


def instrument_pass(use_debug_info: bool = False, name: str = LEGACY_NAME):
    """A pass body (`guarded_pass`) instrumenting a module with probes."""
    return guarded_pass(name, lambda op: instrument(op, use_debug_info, name))


def from_options(options, name: str = LEGACY_NAME):
    """The pass body for registry.py's textual options ({"useDebugInfo": "false"})."""
    return instrument_pass(flag_option(name, "useDebugInfo", options["useDebugInfo"]), name)
