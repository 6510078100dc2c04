"""The lit files of the part-2 rewrite passes (test/lit/passes/expanders) against upstream: each
program of each file, run through our pass and through jaxlib's, prints the same."""

from __future__ import annotations

import os

import pytest

from expanders_support import run_pass, upstream_pass

LIT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "lit", "passes", "expanders")
FILES = {
    "legalize_qdq_to_quantized_op.mlir": "builtin.module(func.func(stablehlo-legalize-qdq-to-quantized-op))",
    "shape_legalize_to_stablehlo.mlir": "builtin.module(func.func(shape-legalize-to-stablehlo))",
    "compatibility_expander.mlir": "builtin.module(stablehlo-compatibility-expander{target=1.0.0})",
}


def _cases():
    for name, pipeline in FILES.items():
        with open(os.path.join(LIT, name)) as f:
            chunks = f.read().split("// -----")
        for i, chunk in enumerate(chunks):
            if "func.func" in chunk:
                yield pytest.param(chunk, pipeline, id=f"{name}#{i}")


@pytest.mark.upstream
@pytest.mark.parametrize("text,pipeline", list(_cases()))
def test_same_output_as_upstream(text, pipeline):
    assert str(run_pass(text, pipeline)) == upstream_pass(text, pipeline)
