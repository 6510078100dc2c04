"""Shape-polymorphic JAX exports run by the interpreter, for several concrete sizes, against the
same export run by XLA (`Exported.call`): the programs hold `?` dimensions, the dynamism ops
(dynamic_broadcast_in_dim, dynamic_iota, dynamic_reshape, real_dynamic_slice, dynamic_pad,
dynamic_gather, dynamic_conv...), func.calls with `jax.global_constant` arguments and a
`custom_call @shape_assertion`."""

import numpy as np
import pytest

import jax
import jax.numpy as jnp
from jax import export, lax

from conftest import assert_close, assert_same
import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, interpret

pytestmark = pytest.mark.xla


def exported(fn, *specs):
    """The export of `fn` for arguments of symbolic shapes: specs are (shape text, dtype); the
    symbols of all arguments share one scope."""
    scope = export.SymbolicScope()
    args = [jax.ShapeDtypeStruct(export.symbolic_shape(shape, scope=scope), dtype) for shape, dtype in specs]
    return export.export(jax.jit(fn))(*args)


def check(exp, *args, exact=True):
    """The interpreter's results on `args` equal XLA's for the same exported program, run as it
    is and refined to the arguments' shapes (stablehlo_py.compile)."""
    text = exp.mlir_module()
    assert "?" in text  # the program is shape-polymorphic, not specialised
    expected = [np.asarray(v) for v in jax.tree_util.tree_leaves(exp.call(*args))]
    # the interpreter's dynamic plan, then the API's static plan for these shapes
    specialising = stablehlo_py.compile(text)
    for got in (interpret(text, *args), specialising(*args)):
        if exact:
            assert_same(got, expected)
        else:
            assert_close(got, expected, rtol=1e-5, atol=1e-5)
    assert not specialising.specialization_failures, specialising.specialization_failures


def rand(shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-50, 50, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


SIZES = [1, 2, 5, 8]


@pytest.mark.parametrize("b", SIZES)
def test_broadcast_arange_and_elementwise(b):
    exp = exported(lambda x: (x * 2.0 + jnp.arange(x.shape[0], dtype=jnp.float32)[:, None], jnp.arange(x.shape[0])),
                   ("b, 4", jnp.float32))
    check(exp, rand((b, 4)))


@pytest.mark.parametrize("b", SIZES)
@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.int8])
def test_reshape_concatenate_pad(b, dtype):
    def f(x):
        flat = x.reshape(-1)
        both = jnp.concatenate([flat, flat[::-1]])
        return jnp.pad(both, (1, 2)), jnp.pad(x, ((0, 1), (2, 0))), x.reshape(x.shape[0] * 2, 2)

    check(exported(f, ("b, 4", dtype)), rand((b, 4), dtype))


@pytest.mark.parametrize("b", [2, 3, 7, 10])
def test_slices_with_symbolic_bounds(b):
    def f(x):
        return x[: x.shape[0] // 2], x[x.shape[0] // 2:], x[1::2], lax.dynamic_slice_in_dim(x, 1, 1)

    check(exported(f, ("b, 3", jnp.int32)), rand((b, 3), np.int32))


@pytest.mark.parametrize("b", [1, 3, 6])
def test_gather_with_indices(b):
    def f(x, idx):
        return x[idx], x[:, idx % 4], jnp.take(x, idx, axis=0, mode="clip")

    idx = np.array([0, 2, 1, 5, -1], np.int32) % b
    check(exported(f, ("b, 4", jnp.float32), ("5", jnp.int32)), rand((b, 4)), idx)


@pytest.mark.parametrize("b", [1, 4, 9])
def test_matmul_einsum_and_reductions(b):
    def f(x, w):
        return x @ w, jnp.einsum("bi,bj->ij", x, x), x.sum(axis=0), x.max(axis=1), jnp.mean(x)

    check(exported(f, ("b, 4", jnp.float32), ("4, 3", jnp.float32)), rand((b, 4)), rand((4, 3), seed=1),
          exact=False)


@pytest.mark.parametrize("b", [1, 4, 9])
def test_integer_matmul_and_reductions_exact(b):
    def f(x, w):
        return x @ w, x.sum(axis=0), x.min(), jnp.argmax(x, axis=0)

    check(exported(f, ("b, 4", jnp.int32), ("4, 3", jnp.int32)), rand((b, 4), np.int32), rand((4, 3), np.int32, 1))


@pytest.mark.parametrize("n", [5, 8, 12])
def test_convolution_with_symbolic_spatial_size(n):
    def f(x, k):
        return lax.conv_general_dilated(x, k, window_strides=(2,), padding="SAME", rhs_dilation=(1,))

    check(exported(f, ("2, 3, n", jnp.float32), ("4, 3, 3", jnp.float32)), rand((2, 3, n)), rand((4, 3, 3), seed=1),
          exact=False)


@pytest.mark.parametrize("b", [3, 6])
def test_integer_convolution_with_symbolic_batch(b):
    def f(x, k):
        return lax.conv_general_dilated(x, k, window_strides=(1, 1), padding="VALID")

    check(exported(f, ("b, 2, 5, 5", jnp.int32), ("3, 2, 2, 2", jnp.int32)), rand((b, 2, 5, 5), np.int32),
          rand((3, 2, 2, 2), np.int32, 1))


@pytest.mark.parametrize("b", [1, 3, 6])
def test_scan_and_fori_loop_over_the_symbolic_size(b):
    def f(x):
        total = lax.fori_loop(0, x.shape[0], lambda i, acc: acc + x[i], jnp.zeros(x.shape[1:], x.dtype))
        carry, ys = lax.scan(lambda c, row: (c * 2 + row, c + row), jnp.zeros(x.shape[1:], x.dtype), x)
        return total, carry, ys

    check(exported(f, ("b, 3", jnp.int32)), rand((b, 3), np.int32))


@pytest.mark.parametrize("a, b", [(1, 1), (2, 5), (4, 3)])
def test_two_symbolic_dimensions(a, b):
    def f(x, y):
        outer = x[:, None, :] * y[None, :, :]
        return outer.sum(axis=2), jnp.concatenate([x, y], axis=0), (x @ y.T).reshape(-1), jnp.tile(x, (2, 1))

    check(exported(f, ("a, 3", jnp.int32), ("b, 3", jnp.int32)), rand((a, 3), np.int32), rand((b, 3), np.int32, 1))


@pytest.mark.parametrize("shape, spec", [((0, 4), "b, 4"), ((5,), "2*b"), ((3, 4), "b, b")])
def test_failed_shape_assertion_is_jaxs_message_with_its_operands(shape, spec):
    """The message is error_message with {k} replaced by operand k after the predicate: the
    text JAX gives for the same inputs (it checks them before running XLA)."""
    exp = exported(lambda x: x + 1, (spec, jnp.float32))
    x = np.zeros(shape, np.float32)
    with pytest.raises(ValueError) as expected:
        exp.call(x)
    with pytest.raises(InterpreterError) as got:
        interpret(exp.mlir_module(), x)
    assert got.value.op_name == "stablehlo.custom_call"
    assert got.value.message == f"shape assertion failed: {expected.value}"


def test_calls_run_as_calls_when_not_inlined(monkeypatch):
    """With inlining off, the exported func.calls (of dynamic types) are kernels made at run time,
    after the module they were read from is gone: they read nothing from the IR then."""
    from stablehlo_py.interpreter.core import plan

    monkeypatch.setattr(plan, "MAX_INLINED_OPS", 0)
    exp = exported(lambda x: (jnp.concatenate([x, x[: x.shape[0] // 2]]), jnp.arange(x.shape[0]) % 3),
                   ("b, 2", jnp.int32))
    assert "call @" in exp.mlir_module()
    for b in (1, 4, 7):
        check(exp, rand((b, 2), np.int32, seed=b))
