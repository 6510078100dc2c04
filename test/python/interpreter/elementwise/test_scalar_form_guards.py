"""Scalar loops (interpreter/scalar.py) on the element types and directions whose scalar forms
must step aside for the kernel: complex GE/GT/LE/LT (the spec's lexicographic order, where
Python's operators on numpy complex scalars differ at NaN parts) and converts from complex (the
real part, also for i1; XLA differs there, docs/decisions.md). The oracles are the spec's
definitions in Python; mutation testing found no test judging these guards (docs/testing.md)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from conftest import assert_same, round_exact
from testing.scalar_loops import loop_module, run_scalar_loop

pytestmark = pytest.mark.mutant_killer

SPECIALS = [0.0, -0.0, 1.0, -2.5, math.inf, math.nan]
COMPLEX_VALUES = [complex(re, im) for re in SPECIALS for im in SPECIALS[::2]]


def _lexicographic(direction: str, a: complex, b: complex) -> bool:
    if direction == "EQ":
        return a.real == b.real and a.imag == b.imag
    if direction == "NE":
        return not (a.real == b.real and a.imag == b.imag)
    strict = {"G": float.__gt__, "L": float.__lt__}[direction[0]]
    imag = {"GT": float.__gt__, "GE": float.__ge__, "LT": float.__lt__, "LE": float.__le__}[direction]
    return strict(a.real, b.real) or (a.real == b.real and imag(a.imag, b.imag))


@pytest.mark.parametrize("element,dtype", [("complex<f32>", np.complex64), ("complex<f64>", np.complex128)])
@pytest.mark.parametrize("direction", ["EQ", "NE", "GT", "GE", "LT", "LE"])
def test_complex_compare_in_a_scalar_loop_follows_the_spec(element, dtype, direction):
    ty = f"tensor<{element}>"
    values = [np.asarray(v, dtype) for v in COMPLEX_VALUES[::2]]

    def compute(names, prefix):
        lines, outs = [], []
        for k, (a, b) in enumerate(itertools.product(names, repeat=2)):
            lines.append(f"%{prefix}{k} = stablehlo.compare {direction}, {a}, {b}, FLOAT : ({ty}, {ty}) -> tensor<i1>")
            outs.append((f"%{prefix}{k}", "tensor<i1>"))
        return lines, outs

    got = run_scalar_loop(loop_module([element] * len(values), compute), values)
    expected = [np.asarray(_lexicographic(direction, complex(a), complex(b)))
                for a, b in itertools.product(values, repeat=2)]
    assert_same(got, expected, f"{direction} on {element}")


@pytest.mark.parametrize("target", ["i1", "i32", "ui8", "f32", "f16", "f64"])
def test_convert_from_complex_in_a_scalar_loop_takes_the_real_part(target):
    values = [np.asarray(v, np.complex128) for v in COMPLEX_VALUES if not (math.isinf(v.real) and target[0] in "iu")]
    ty = f"tensor<{target}>"

    def compute(names, prefix):
        return ([f"%{prefix}{k} = stablehlo.convert {a} : (tensor<complex<f64>>) -> {ty}" for k, a in enumerate(names)],
                [(f"%{prefix}{k}", ty) for k in range(len(names))])

    got = run_scalar_loop(loop_module(["complex<f64>"] * len(values), compute), values)
    reals = [complex(v).real for v in values]
    if target == "i1":
        expected = [np.asarray(r != 0) for r in reals]
    elif target[0] in "iu":
        info = np.iinfo({"i32": np.int32, "ui8": np.uint8}[target])
        expected = [np.asarray(0 if math.isnan(r) else min(max(math.trunc(r), info.min), info.max), info.dtype)
                    for r in reals]
    else:
        dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[target]
        expected = [round_exact(np.float64(r), dtype).reshape(()) for r in reals]
    assert_same(got, expected, f"complex<f64> -> {target}")
