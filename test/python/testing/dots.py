"""A one-op dot_general program, for the tests of the contraction kernels."""

from __future__ import annotations


def dot_general_program(lhs, rhs, out, dims: str, element: str) -> str:
    """@main(%a, %b) = stablehlo.dot_general with dimension numbers `dims` (their text), operands
    and result of shapes `lhs`, `rhs`, `out` and element type `element` ("f32", ...)."""
    shape = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{element}>"  # noqa: E731
    return f"""func.func @main(%a: {shape(lhs)}, %b: {shape(rhs)}) -> {shape(out)} {{
  %0 = stablehlo.dot_general %a, %b, {dims} : ({shape(lhs)}, {shape(rhs)}) -> {shape(out)}
  return %0 : {shape(out)}
}}"""
