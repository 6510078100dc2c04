"""The chlo dialect against upstream StableHLO (jaxlib's parser, printer and
verifier) as the oracle: test/lit/chlo/ops.mlir and CHLO-using JAX exports
print identically on both sides, and every expected-error case of
test/lit/chlo/*_invalid.mlir is rejected by both, except where ours is
stricter (UPSTREAM_ACCEPTS, with the reason). Upstream runs in a subprocess
(its MLIR and ours are separate builds)."""

from __future__ import annotations

import glob
import os
import re

import mlir.ir
import numpy as np
import pytest

from conftest import REPO, upstream_parse
from stablehlo_py._parsing import parse_module

pytestmark = pytest.mark.upstream

LIT = os.path.join(REPO, "test", "lit", "chlo")

_BROADCAST_ANY_ELEMENT = ["atan2", "divide", "next_after", "polygamma", "power", "remainder", "shift_left",
                          "shift_right_arithmetic", "shift_right_logical", "subtract"]
_BROADCASTING = ["add", "and", "atan2", "complex", "divide", "maximum", "minimum", "multiply", "next_after", "or",
                 "polygamma", "power", "remainder", "shift_left", "shift_right_arithmetic", "shift_right_logical",
                 "subtract", "xor", "zeta", "compare"]

# Invalid cases upstream's verifier accepts, (file, case, op) -> what upstream
# does not check. Each is a program that cannot run (docs/chlo.md).
UPSTREAM_ACCEPTS = {
    **{("broadcast_invalid", case, f"chlo.broadcast_{op}"): "broadcast_dimensions are not checked against the shapes"
       for case, op in [("c2_size", "add"), ("c2_unique", "multiply"), ("c2_range", "add")]},
    **{("broadcast_invalid", case, f"chlo.broadcast_{op}"): "sizes that do not broadcast infer a dynamic size"
       for case, op in [("c3_mapped", "add"), ("c3_trailing", "subtract"), ("select_c3", "select")]},
    **{("each_op_invalid", "c2", f"chlo.broadcast_{op}"): "broadcast_dimensions are not checked against the shapes"
       for op in _BROADCASTING},
    **{("each_op_invalid", "c3", f"chlo.broadcast_{op}"): "sizes that do not broadcast infer a dynamic size"
       for op in _BROADCASTING},
    **{("each_op_invalid", "c1_type", f"chlo.broadcast_{op}"): "any element type; ours takes the stablehlo op's"
       for op in _BROADCAST_ANY_ELEMENT},
    ("each_op_invalid", "c1", "chlo.bessel_i1e"): "complex operands, which no kernel or decomposition defines",
    ("structured_invalid", "scan_c5", "chlo.scan"): "carries whose type differs from the inits'",
}

def invalid_cases() -> list:
    """((file, case, op), text) of every `// -----` case of test/lit/chlo/*_invalid.mlir."""
    cases = []
    for path in sorted(glob.glob(os.path.join(LIT, "*_invalid.mlir"))):
        file = os.path.basename(path).removesuffix(".mlir")
        with open(path, encoding="utf-8") as fh:
            for chunk in fh.read().split("\n// -----\n"):
                if "func.func" in chunk and "expected-error" in chunk:  # (expected-warning: accepted)
                    name = re.search(r"func\.func @(\w+)", chunk).group(1)
                    op = re.search(r"expected-error[^{]*\{\{'([a-z_.0-9]+)' op", chunk).group(1)
                    cases.append(((file, name, op), chunk))
    return cases


def jax_exports() -> dict:
    """name -> StableHLO text of JAX functions that emit chlo ops."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import jax.scipy.special as sp
    from jax import lax

    x = np.linspace(0.1, 0.9, 6, dtype=np.float32).reshape(2, 3)
    functions = {
        "erf": sp.erf, "erfc": sp.erfc, "erfinv": sp.erfinv, "gammaln": sp.gammaln, "digamma": sp.digamma,
        "polygamma": lambda a: sp.polygamma(2, a), "zeta": lambda a: sp.zeta(a + 1, a), "i1e": sp.i1e,
        "arcsin": jnp.arcsin, "arccos": jnp.arccos, "arctan": jnp.arctan, "sinh": jnp.sinh, "cosh": jnp.cosh,
        "arcsinh": jnp.arcsinh, "arccosh": lambda a: jnp.arccosh(a + 1), "arctanh": jnp.arctanh,
        "complex_arcsin": lambda a: jnp.arcsin(a.astype(jnp.complex64)),
        "nextafter": lambda a: jnp.nextafter(a, a + 1), "top_k": lambda a: lax.top_k(a, 2),
        "square": jnp.square, "normal": lambda a: a + jax.random.normal(jax.random.key(0), (2, 3)),
    }
    return {name: jax.jit(f).lower(x).as_text() for name, f in functions.items()}


def ours(text: str):
    """(accepted, printed text or error)."""
    try:
        return True, str(parse_module(text))
    except mlir.ir.MLIRError as e:
        return False, str(e)


@pytest.fixture(scope="module")
def exports():
    return jax_exports()


@pytest.fixture(scope="module")
def upstream(exports):
    """Text -> (accepted, printed or error) of upstream StableHLO, for every case at once."""
    with open(os.path.join(LIT, "ops.mlir"), encoding="utf-8") as fh:
        texts = [fh.read()]
    texts += [text for _, text in invalid_cases()] + list(exports.values())
    return upstream_parse(texts)


def test_every_op_prints_as_upstream(upstream):
    with open(os.path.join(LIT, "ops.mlir"), encoding="utf-8") as fh:
        text = fh.read()
    accepted, printed = ours(text)
    assert accepted, printed
    up_accepted, up_printed = upstream[text]
    assert up_accepted, up_printed
    assert printed == up_printed
    assert len(set(re.findall(r"\bchlo\.[a-z_0-9]+", printed))) == 51


def test_jax_exports_print_as_upstream(exports, upstream):
    assert all("chlo." in text for text in exports.values())
    for name, text in exports.items():
        accepted, printed = ours(text)
        assert accepted, f"{name}: {printed}"
        up_accepted, up_printed = upstream[text]
        assert up_accepted and printed == up_printed, name


@pytest.mark.parametrize("key,text", invalid_cases(), ids=lambda v: "/".join(v) if isinstance(v, tuple) else "")
def test_invalid_cases_rejected_by_both(key, text, upstream):
    accepted, message = ours(text)
    assert not accepted, f"{key}: ours accepts it"
    up_accepted, up_message = upstream[text]
    assert up_accepted == (key in UPSTREAM_ACCEPTS), f"{key}: ours says {message}; upstream {up_message}"


def test_upstream_accepts_lists_only_existing_cases():
    keys = {key for key, _ in invalid_cases()}
    assert set(UPSTREAM_ACCEPTS) <= keys, set(UPSTREAM_ACCEPTS) - keys
