"""The Python passes in MLIR's own pass registry, by upstream's names and with upstream's options.

`register_all()` (run by `import stablehlo_py`) registers each of them, so any pipeline MLIR parses
finds them, nested and mixed with MLIR's own and our C++ passes:

    PassManager.parse("builtin.module(stablehlo-refine-arguments{types=tensor<2x4xf32>,tensor<i32>},"
                      "stablehlo-refine-shapes, func.func(stablehlo-canonicalize-dynamism), canonicalize)")

They run on any op (a module, or a function when nested in `func.func(...)`): their bodies handle
either, so a pass upstream anchors on functions also runs where mlir-opt would nest it implicitly.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["PASS_NAMES", "register_all", "add_pass"]


def _flag(name: str, key: str, text: str) -> bool:
    value = text.strip().lower()
    if value not in ("true", "false", "1", "0"):
        raise ValueError(f"{name}: {key} expects true or false, got '{text}'")
    return value in ("true", "1")


def _interpret(options):
    from .interpret import interpret_pass

    return interpret_pass(options["entry"], print_results=_flag("stablehlo-interpret", "print", options["print"]))


def _types(options):
    return options["types"] if options["types"].strip() else None


def _refine_arguments(options):
    from .refine import refine_arguments_pass

    return refine_arguments_pass(_types(options) or [])


def _refine_shapes(options):
    from .refine import refine_shapes_pass

    return refine_shapes_pass()


def _canonicalize_dynamism(options):
    from .dynamism import canonicalize_dynamism_pass

    return canonicalize_dynamism_pass()


def _check_shape_assertions(options):
    from .assertions import check_shape_assertions_pass

    return check_shape_assertions_pass(_flag("stablehlo-check-shape-assertions", "enable-shape-assertions",
                                             options["enable-shape-assertions"]))


def _remove_dynamism(options):
    from .dynamism import remove_dynamism_pass

    index = options["platform-index"].strip()
    if index and not re.fullmatch(r"\d+", index):
        raise ValueError(f"stablehlo-remove-dynamism: platform-index expects a non-negative integer, got '{index}'")
    return remove_dynamism_pass(_types(options), int(index) if index else None)


def _chlo_legalize(options):
    from .chlo_legalize import chlo_legalize_pass

    return chlo_legalize_pass()


def _chlo_legalize_upstream(options):
    from .chlo_upstream import upstream_chlo_legalize_pass

    return upstream_chlo_legalize_pass()


def _recompose_chlo(options):
    from .recompose_chlo import recompose_chlo_pass

    return recompose_chlo_pass()


def _quantized_op_to_qdq(options):
    from .quantization import quantized_op_to_qdq_pass

    return quantized_op_to_qdq_pass()


def _quant_to_math(options):
    from .quantization import quant_to_math_pass

    return quant_to_math_pass()


def _quant_to_math_upstream(options):
    from .quant_upstream import upstream_quant_to_math_pass

    return upstream_quant_to_math_pass()


def _rewrite(module: str, factory: str, *args):
    """The factory `factory(options, *args)` of passes/rewrites/<module>.py, imported when first used."""

    def make(options):
        return getattr(importlib.import_module(f".rewrites.{module}", __package__), factory)(options, *args)

    return make


@dataclass(frozen=True)
class _Entry:
    summary: str
    factory: Callable  # the parsed options -> a pass body `(op, pass_)`
    options: dict = field(default_factory=dict)  # name -> default, as text
    lists: tuple = ()  # the options MLIR parses as comma-separated lists (ListOption)
    anchor: str = ""  # the op it runs on, as upstream anchors it; "": any (the body handles modules and functions)


_MODULE = "builtin.module"

_PASSES = {
    "stablehlo-interpret": _Entry(
        "Runs a function with the interpreter (ours)", _interpret, {"entry": "main", "print": "false"},
        anchor=_MODULE),
    "stablehlo-refine-arguments": _Entry(
        "Refines the argument types of the main function", _refine_arguments, {"types": ""}, ("types",),
        _MODULE),
    "stablehlo-refine-shapes": _Entry("Refines shapes across a StableHLO program", _refine_shapes, anchor=_MODULE),
    "stablehlo-canonicalize-dynamism": _Entry(
        "Replaces dynamic ops whose shape operands are constant by static ones", _canonicalize_dynamism),
    "stablehlo-check-shape-assertions": _Entry(
        "Checks or removes shape_assertion custom calls", _check_shape_assertions,
        {"enable-shape-assertions": "true"}),
    "stablehlo-remove-dynamism": _Entry(
        "Specializes dynamic entry functions to static shapes (ours)", _remove_dynamism,
        {"types": "", "platform-index": ""}, ("types",), _MODULE),
    "chlo-legalize-to-stablehlo": _Entry("Legalizes CHLO ops to StableHLO, as upstream does", _chlo_legalize_upstream),
    "stablehlo-py-chlo-legalize-to-stablehlo": _Entry(
        "Legalizes CHLO ops to StableHLO with accurate special functions (ours)", _chlo_legalize),
    "stablehlo-py-recompose-chlo": _Entry(
        "Turns mhlo-encoded custom calls back into CHLO ops (ours)", _recompose_chlo),
    "stablehlo-legalize-quantized-op-to-qdq": _Entry(
        "Rewrites quantized ops as dequantize, float op, quantize", _quantized_op_to_qdq),
    "stablehlo-legalize-quant-to-math": _Entry(
        "Lowers quantized ops to integer and float arithmetic, as upstream does", _quant_to_math_upstream),
    "stablehlo-py-legalize-quant-to-exact-math": _Entry(
        "Lowers quantized ops to integer and float arithmetic, bit for bit the interpreter (ours)",
        _quant_to_math),
    # upstream's rewrite passes (passes/rewrites/)
    "stablehlo-legalize-composite-to-call": _Entry(
        "Replaces composite ops with a call to their decomposition",
        _rewrite("composite_to_call", "from_options"), {"except": ""}, ("except",)),
    "stablehlo-wrap-in-composite": _Entry(
        "Wraps the named ops in composite ops",
        _rewrite("wrap_in_composite", "from_options"), {"op-names": "", "version": "0"},
        ("op-names",), _MODULE),
    "stablehlo-instrument": _Entry(
        "Inserts interpreter.probe ops after the ops producing tensors",
        _rewrite("instrument", "from_options"), {"useDebugInfo": "false"}, anchor=_MODULE),
    "interpreter-instrument-with-probe": _Entry(
        "Inserts interpreter.probe ops after the ops producing tensors",
        _rewrite("instrument", "from_options", "interpreter-instrument-with-probe"), {"useDebugInfo": "false"}, anchor=_MODULE),
    "stablehlo-legalize-deprecated-ops": _Entry(
        "Legalizes deprecated ops to well-supported ops",
        _rewrite("deprecated_ops", "from_options"), {"fail-on-unused": "true"}),
    "stablehlo-legalize-qdq-to-quantized-op": _Entry(
        "Fuses dequantize, float op, quantize into the quantized op",
        _rewrite("qdq_to_quantized", "qdq_to_quantized_pass")),
    "shape-legalize-to-stablehlo": _Entry(
        "Legalizes shape-related ops to StableHLO",
        _rewrite("shape_to_stablehlo", "shape_to_stablehlo_pass")),
    "stablehlo-compatibility-expander": _Entry(
        "Rewrites StableHLO features newer than the target version into older ones",
        _rewrite("compatibility_expander", "compatibility_expander_pass"),
        {"target": ""}, anchor=_MODULE),
    "stablehlo-complex-math-expander": _Entry(
        "Expands complex sqrt, log, log_plus_one and exponential (mode=all: and arithmetic) into real arithmetic",
        _rewrite("complex_math_expander", "complex_math_expander_pass"), {"mode": "precision"}),
}

PASS_NAMES = tuple(_PASSES)


class _Failure:
    """What a pass body is handed as `pass_`: records signal_pass_failure()."""

    def __init__(self):
        self.failed = False

    def signal_pass_failure(self):
        self.failed = True


def _callbacks(entry: _Entry):
    """(run, check) for MLIR's registry: `check(values)` -> an error message or None, when a
    pipeline is parsed; `run(op, values)` -> success."""

    def body(values):
        return entry.factory(dict(zip(entry.options, values)))

    def check(values):
        try:
            body(values)
        except ValueError as e:  # an option's value (MLIR has checked the names)
            return str(e)
        return None

    def run(op, values) -> bool:
        failure = _Failure()
        body(values)(op, failure)
        return not failure.failed

    return run, check


_registered = False


def register_all() -> None:
    """Registers every Python pass with MLIR's pass registry (once; later calls do nothing)."""
    global _registered
    if _registered:
        return
    from .. import _stablehlo

    for name, entry in _PASSES.items():
        options = [(key, default, "", key in entry.lists) for key, default in entry.options.items()]
        _stablehlo.register_python_pass(name, entry.summary, entry.anchor, options, *_callbacks(entry))
    _registered = True


def add_pass(pm, element: str) -> None:
    """Appends pipeline element `element` (any pass MLIR's registry knows, ours included) to
    PassManager `pm`. Raises ValueError for unknown passes or bad options."""
    register_all()
    pm.add(element)
