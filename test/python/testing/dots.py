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


def both_backends(text: str, lhs, rhs, formula: str, dtype, seed: int):
    """The compiled backend's product of seeded random operands, checked to be the interpreter's
    bits; with the exact product (`formula`, an einsum, in f64) and the sum of the absolute
    products, for the caller's error bound: (got, exact, scale)."""
    import numpy as np
    from conftest import assert_same

    import stablehlo_py

    rng = np.random.default_rng(seed)
    a, b = rng.standard_normal(lhs).astype(dtype), rng.standard_normal(rhs).astype(dtype)
    (got,) = stablehlo_py.compile(text, backend="compiled")(a, b)
    assert_same([got], stablehlo_py.interpret(text, a, b), text.splitlines()[1].strip())
    exact = np.einsum(formula, a.astype(np.float64), b.astype(np.float64))
    scale = np.einsum(formula, np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    return got, exact, scale
