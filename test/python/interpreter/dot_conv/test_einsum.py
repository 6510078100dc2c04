"""The legacy einsum (XLA compiles it from StableHLO text) and unary_einsum
(XLA cannot translate it; numpy's einsum in float64/int64 is the oracle)
across element types and subscript patterns."""
import ml_dtypes
import numpy as np
import pytest

from conftest import assert_close, assert_same, xla_run_text
from stablehlo_py import interpret

TYPES = [(np.float32, "f32"), (np.float64, "f64"), (np.int32, "i32"), (np.int8, "i8"), (np.uint16, "ui16"),
         (ml_dtypes.bfloat16, "bf16"), (np.complex64, "complex<f32>"), (np.bool_, "i1")]
CONFIGS = [("ab,bc->ac", (2, 3), (3, 4)), ("bij,bjk->bik", (2, 3, 4), (2, 4, 5)), ("ij,ij->i", (3, 4), (3, 4)),
           ("i,j->ij", (3,), (4,)), ("abc,cd->bda", (2, 3, 4), (4, 5))]


def ttype(shape, element):
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def values(rng, dtype, shape):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(0, 50, shape).astype(dtype)  # products wrap in i8: exact either way
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", TYPES, ids=[t for _, t in TYPES])
@pytest.mark.parametrize("config,lhs_shape,rhs_shape", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_einsum_matches_xla(config, lhs_shape, rhs_shape, dtype, element):
    rng = np.random.default_rng(0)
    a, b = values(rng, dtype, lhs_shape), values(rng, dtype, rhs_shape)
    out_shape = np.einsum(config, np.ones(lhs_shape), np.ones(rhs_shape)).shape
    ta, tb, tr = ttype(lhs_shape, element), ttype(rhs_shape, element), ttype(out_shape, element)
    text = f"""func.func public @main(%a: {ta}, %b: {tb}) -> {tr} {{
      %0 = stablehlo.einsum %a, %b, config = "{config}" : ({ta}, {tb}) -> {tr}
      return %0 : {tr}
    }}"""
    got, want = interpret(text, a, b), xla_run_text(text, a, b)
    if np.dtype(dtype).kind in "biu":
        assert_same(got, want, context=f"einsum {config} {element}")
    else:
        rtol = 2e-2 if dtype == ml_dtypes.bfloat16 else 1e-5
        assert_close(got, want, rtol=rtol, atol=rtol, context=f"einsum {config} {element}")


@pytest.mark.parametrize("config,shape", [("ab->ba", (2, 3)), ("abc->b", (2, 3, 4)), ("aa->a", (3, 3)),
                                          ("ab->", (3, 4)), ("abc->cab", (2, 3, 4))])
@pytest.mark.parametrize("dtype,element", [(np.float64, "f64"), (np.int16, "i16")])
def test_unary_einsum_matches_numpy(config, shape, dtype, element):
    x = values(np.random.default_rng(1), dtype, shape)
    want = np.einsum(config, x.astype(np.float64 if dtype == np.float64 else np.int64)).astype(dtype)
    tx, tr = ttype(shape, element), ttype(want.shape, element)
    text = f"""func.func @main(%x: {tx}) -> {tr} {{
      %0 = stablehlo.unary_einsum %x, config = "{config}" : ({tx}) -> {tr}
      return %0 : {tr}
    }}"""
    assert_same(interpret(text, x), [np.asarray(want)], context=f"unary_einsum {config}")


# A result letter written more than once (a spec deviation of ours, accepted as upstream accepts it):
# XLA writes the einsum of the distinct letters on the diagonal those letters make, zeros elsewhere.
REPEATED = [("ab,bc->aa", (3, 2), (2, 3), (3, 3)), ("a,b->aba", (3,), (2,), (3, 2, 3)),
            ("ab,cb->acca", (2, 3), (2, 3), (2, 2, 2, 2)), ("ab,b->aaa", (3, 2), (2,), (3, 3, 3)),
            ("...a,b->...aa", (2, 3), (4,), (2, 3, 3)), ("a...,b->a...a", (3, 2), (4,), (3, 2, 3)),
            ("aa,b->aa", (3, 3), (2,), (3, 3))]


@pytest.mark.xla
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.int32, "i32"), (np.bool_, "i1"),
                                           (np.complex64, "complex<f32>")])
@pytest.mark.parametrize("config,lhs_shape,rhs_shape,out_shape", REPEATED, ids=[c[0] for c in REPEATED])
def test_einsum_repeated_result_letter_matches_xla(config, lhs_shape, rhs_shape, out_shape, dtype, element):
    rng = np.random.default_rng(2)
    a, b = values(rng, dtype, lhs_shape), values(rng, dtype, rhs_shape)
    ta, tb = ttype(lhs_shape, element), ttype(rhs_shape, element)
    tr = ttype(out_shape, element)
    text = f"""func.func public @main(%a: {ta}, %b: {tb}) -> {tr} {{
      %0 = stablehlo.einsum %a, %b, config = "{config}" : ({ta}, {tb}) -> {tr}
      return %0 : {tr}
    }}"""
    want = xla_run_text(text, a, b)
    with pytest.warns(UserWarning, match="einsum_config"):
        got = interpret(text, a, b)
    assert_close(got, want, rtol=1e-5, atol=1e-5, context=f"einsum {config} {element}")


def test_unary_einsum_repeated_result_letter():
    # XLA cannot translate unary_einsum: the same rule, against a numpy formula.
    x = values(np.random.default_rng(3), np.float64, (3, 2))
    text = """func.func @main(%x: tensor<3x2xf64>) -> tensor<3x2x3xf64> {
      %0 = stablehlo.unary_einsum %x, config = "ab->aba" : (tensor<3x2xf64>) -> tensor<3x2x3xf64>
      return %0 : tensor<3x2x3xf64>
    }"""
    want = np.zeros((3, 2, 3))
    for i in range(3):
        want[i, :, i] = x[i]
    with pytest.warns(UserWarning, match="einsum_config"):
        got = interpret(text, x)
    assert_same(got, [want], context="unary_einsum ab->aba")
