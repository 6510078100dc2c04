"""The Python passes by pipeline name, with mlir-opt's option syntax.

    from stablehlo_py.passes.registry import add_pass, python_pass, PASS_NAMES
    add_pass(pm, "stablehlo-refine-arguments{types=tensor<2x4xf32>,tensor<i32>}")
    add_pass(pm, "stablehlo-remove-dynamism")
    add_pass(pm, "canonicalize")          # not ours: handed to PassManager.add(str)

`stablehlo-py opt --pipeline` resolves each element here first.
"""

from __future__ import annotations

import re

from ._common import parse_options

__all__ = ["PASS_NAMES", "python_pass", "add_pass"]


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


def _recompose_chlo(options):
    from .recompose_chlo import recompose_chlo_pass

    return recompose_chlo_pass()


def _quantized_op_to_qdq(options):
    from .quantization import quantized_op_to_qdq_pass

    return quantized_op_to_qdq_pass()


def _quant_to_math(options):
    from .quantization import quant_to_math_pass

    return quant_to_math_pass()


# name -> (options with their defaults, factory taking the parsed options)
_PASSES = {
    "stablehlo-interpret": ({"entry": "main", "print": "false"}, _interpret),
    "stablehlo-refine-arguments": ({"types": ""}, _refine_arguments),
    "stablehlo-refine-shapes": ({}, _refine_shapes),
    "stablehlo-canonicalize-dynamism": ({}, _canonicalize_dynamism),
    "stablehlo-check-shape-assertions": ({"enable-shape-assertions": "true"}, _check_shape_assertions),
    "stablehlo-remove-dynamism": ({"types": "", "platform-index": ""}, _remove_dynamism),
    "chlo-legalize-to-stablehlo": ({}, _chlo_legalize),
    "stablehlo-py-recompose-chlo": ({}, _recompose_chlo),
    "stablehlo-legalize-quantized-op-to-qdq": ({}, _quantized_op_to_qdq),
    "stablehlo-legalize-quant-to-math": ({}, _quant_to_math),
}

PASS_NAMES = tuple(_PASSES)

_ELEMENT = re.compile(r"([\w.-]+)\s*(?:\{(.*)\})?", re.S)


def python_pass(element: str):
    """(callable, name) if pipeline element `element` (`name` or `name{options}`) is one of our Python
    passes, else None. Bad options raise ValueError."""
    match = _ELEMENT.fullmatch(element.strip())
    if not match or match.group(1) not in _PASSES:
        return None
    name = match.group(1)
    defaults, factory = _PASSES[name]
    return factory(parse_options(name, match.group(2), defaults)), name


def add_pass(pm, element: str) -> None:
    """Append pipeline element `element` to PassManager `pm`: one of our Python passes, else whatever
    `PassManager.add(str)` accepts. Raises ValueError for unknown passes or bad options."""
    found = python_pass(element)
    if found is None:
        pm.add(element)
    else:
        pm.add(found[0], name=found[1], argument=found[1])
