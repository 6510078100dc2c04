"""Shared pytest setup and test oracles.

Oracles are independent of the interpreter: XLA on CPU through jax (export a
jax function to StableHLO text with `export`, compute the expected outputs
with `xla`), or plain numpy formulas in the tests themselves.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys

import numpy as np
import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if "stablehlo_py" not in sys.modules and importlib.util.find_spec("stablehlo_py") is None:
    # not installed: use the source tree
    sys.path.insert(0, os.path.join(_REPO, "python"))

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import jax  # noqa: E402

sys.path.insert(0, os.path.join(_REPO, "test", "conformance"))
from oracles import xla_run_text as _xla_run_text  # noqa: E402

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")


# Which ops the suite checks against XLA, for docs/status.md: an op counts
# when it is in a program exported from a function whose outputs a test also
# asks XLA for. Written to $STABLEHLO_PY_XLA_OPS when the whole session passes.
_OP_NAME = re.compile(r"(?<![#!\w.])stablehlo\.[a-z_0-9]+\b")
_CALL = re.compile(r"(?m)^\s*(?:%\S+ = )?(?:func\.)?call @")
_exported_ops: dict = {}
_xla_checked_ops: set = set()


def export(fn, *args) -> str:
    """StableHLO text of `fn` traced on `args`, as JAX exports it (pretty form)."""
    text = jax.jit(fn).lower(*args).as_text()
    ops = set(_OP_NAME.findall(text))
    if _CALL.search(text):
        ops.add("func.call")
    _exported_ops.setdefault(fn, set()).update(ops)
    return text


def xla(fn, *args) -> list:
    """The outputs of `fn` on `args` computed by XLA on CPU, as a list of numpy arrays."""
    _xla_checked_ops.update(_exported_ops.get(fn, ()))
    out = jax.jit(fn)(*args)
    leaves = jax.tree_util.tree_leaves(out)
    return [np.asarray(v) for v in leaves]


def xla_run_text(text: str, *args) -> list:
    """Outputs of StableHLO `text` (its @main) compiled and run by XLA on CPU:
    the oracle for ops JAX does not emit (legacy ops, ops JAX decomposes)."""
    _xla_checked_ops.update(_OP_NAME.findall(text))
    return _xla_run_text(text, *args)


def run_both(fn, *args):
    """(interpreter results, XLA results) for `fn` on `args`."""
    from stablehlo_py.interpreter import interpret

    return interpret(export(fn, *args), *args), xla(fn, *args)


def _nan_equal_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Exact equality: same dtype, shape and bits; any NaN matches any NaN."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "biu" or a.dtype == np.bool_:
        return np.array_equal(a, b)
    parts = [(np.real(a), np.real(b)), (np.imag(a), np.imag(b))] if a.dtype.kind == "c" else [(a, b)]
    for x, y in parts:
        x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
        nan = np.isnan(x.astype(np.float64)) & np.isnan(y.astype(np.float64))
        bits = np.dtype(f"u{x.dtype.itemsize}")
        same = x.view(bits) == y.view(bits)
        if not np.all(same | nan):
            return False
    return True


def assert_same(got, expected, context=""):
    """Bit-exact comparison of result lists (NaN matches NaN), with a readable failure."""
    assert len(got) == len(expected), f"{context}: {len(got)} results, expected {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        assert isinstance(g, np.ndarray), f"{context}: result {i} is {type(g).__name__}, not an ndarray"
        assert g.dtype == e.dtype, f"{context}: result {i} dtype {g.dtype}, expected {e.dtype}"
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        if not _nan_equal_bits(g, e):
            diff = np.argwhere(~_elementwise_same(g, e))[:5]
            rows = [f"  at {tuple(int(k) for k in d)}: got {g[tuple(d)]!r}, expected {e[tuple(d)]!r}" for d in diff]
            raise AssertionError(f"{context}: result {i} differs\n" + "\n".join(rows))


def _elementwise_same(a, b):
    if a.dtype.kind in "biu" or a.dtype == np.bool_:
        return a == b
    a64 = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    b64 = b.astype(a64.dtype)
    return (a64 == b64) & (np.signbit(np.real(a64)) == np.signbit(np.real(b64))) | np.isnan(a64) & np.isnan(b64)


def assert_close(got, expected, rtol=1e-6, atol=0.0, context=""):
    """Float comparison with tolerance; NaN matches NaN, infinities must match exactly."""
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.dtype == e.dtype, f"{context}: result {i} dtype {g.dtype}, expected {e.dtype}"
        assert g.shape == e.shape, f"{context}: result {i} shape {g.shape}, expected {e.shape}"
        kind = np.complex128 if g.dtype.kind == "c" else np.float64
        np.testing.assert_allclose(g.astype(kind), e.astype(kind), rtol=rtol, atol=atol, equal_nan=True,
                                   err_msg=f"{context}: result {i}")


@pytest.fixture
def ctx():
    """An MLIR context with the stablehlo and check dialects, and an unknown location, for builder tests."""
    import stablehlo_py
    from mlir import ir

    with stablehlo_py.context() as context, ir.Location.unknown():
        yield context


def build(arg_types, body, verify=True):
    """A module with one function `main(arg_types...)` whose ops are what `body` builds
    (func.FuncOp.from_py_func); verified unless `verify` is false."""
    from mlir import ir
    from mlir.dialects import func

    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func.FuncOp.from_py_func(*arg_types, name="main")(body)
    if verify:
        assert module.operation.verify()
    return module


@pytest.fixture
def shlo():
    """The stablehlo_py package (with its interpreter)."""
    import stablehlo_py

    return stablehlo_py


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("STABLEHLO_PY_XLA_OPS")
    if path and exitstatus == 0 and _xla_checked_ops:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(sorted(_xla_checked_ops)) + "\n")
