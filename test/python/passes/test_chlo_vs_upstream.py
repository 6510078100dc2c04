"""chlo-legalize-to-stablehlo (chlo_upstream.py) gives upstream's IR (jaxlib's build of the pass, a test-only oracle)
for the ops and element types where it was measured to (test/conformance/chlo_vs_upstream.py
prints the whole table). Each case: the smallest function using the op, legalized by both passes,
`canonicalize,cse` in each tool, compared in the generic form or as the same computation in
another order. The cases listed here must stay so; the others are decided differences
(docs/decisions.md, "Where we still differ"; the special functions: "chlo-legalize-to-stablehlo
takes upstream's special functions")."""

from __future__ import annotations

import pytest

pytest.importorskip("jaxlib.mlir")

import chlo_vs_upstream as cu  # noqa: E402  (test/conformance, on the path from conftest)
from upstream_passes import JaxClient  # noqa: E402

# every case of these ops (upstream rejects the broadcasting ops' non-trailing
# broadcast_dimensions, the "dims leading" cases, which ours legalizes)
WHOLE = {f"broadcast_{n}" for n in ("add", "and", "atan2", "compare", "complex", "divide", "maximum", "minimum",
                                    "multiply", "next_after", "or", "power", "remainder", "shift_left",
                                    "shift_right_arithmetic", "shift_right_logical", "subtract", "xor")} | {
    "conj", "constant", "constant_like", "is_inf", "is_neg_inf", "is_pos_inf", "mulhi", "next_after", "square",
    "top_k", "erf", "erfc", "erf_inv", "lgamma", "digamma", "zeta", "polygamma", "bessel_i1e", "broadcast_zeta",
    "broadcast_polygamma", "tan", "sinh", "cosh"}
# these ops for some types only (complex inverse functions: ours under both names)
REAL = {"f16", "bf16", "f32", "f64"}
SOME = {"acos": REAL, "asin": REAL, "atan": REAL, "acosh": REAL, "asinh": REAL, "atanh": REAL,
        "broadcast_select": {"f32 dynamic", "i32 dynamic"}, "ragged_dot": {"f32 batch"}}
# but: with `?` sizes upstream shapes next_after's constants by shape.shape_of of each value
EXCEPT = {("broadcast_next_after", "f32 dynamic")}
# Not listed, as jaxlib's 1.17 predates upstream's current forms, which ours are: broadcast_select
# of static shapes (test/lit/passes/chlo_legalize_to_stablehlo_shapes.mlir) and scan
# (test/lit/passes/chlo_legalize_scan.mlir); docs/decisions.md, "Where we still differ".
NOT_UPSTREAMS = "dims leading"

CASES = [(op, label, text) for op, label, text in cu.cases()
         if (op in WHOLE and (op, label) not in EXCEPT) or label in SOME.get(op, ())]


@pytest.fixture(scope="module")
def jax():
    client = JaxClient()
    yield client
    client.close()


def test_every_listed_op_has_cases():
    assert {op for op, _, _ in CASES} == WHOLE | set(SOME)


@pytest.mark.parametrize("op,label,text", CASES, ids=[f"{op}-{label}" for op, label, _ in CASES])
def test_same_as_upstream(op, label, text, jax):
    status, detail = cu.compare(op, label, text, jax, "canonicalize,cse")
    if label.endswith(NOT_UPSTREAMS):
        assert status == "jaxlib fails", (status, detail)
    else:
        assert status in ("same", "same (order)"), f"{status}: {detail}"
