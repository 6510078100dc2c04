"""Property tests: random dimension numbers through builder, verifier and
interpreter, against numpy as the independent oracle."""
import string

import numpy as np
from conftest import assert_sum_bound, examples
from hypothesis import given
from hypothesis import strategies as st
from mlir import ir
from mlir.dialects import func

import stablehlo_py
from stablehlo_py.dialects import stablehlo

SETTINGS = examples(60)


@st.composite
def dot_general_cases(draw):
    """Shapes and dimension numbers of a valid dot_general."""
    n_batch = draw(st.integers(0, 2))
    n_contract = draw(st.integers(0, 2))
    n_lhs_free = draw(st.integers(0, 2))
    n_rhs_free = draw(st.integers(0, 2))
    size = st.integers(1, 4)
    batch = [draw(size) for _ in range(n_batch)]
    contract = [draw(size) for _ in range(n_contract)]
    lhs_free = [draw(size) for _ in range(n_lhs_free)]
    rhs_free = [draw(size) for _ in range(n_rhs_free)]
    # Each operand's dimensions in a random order: ("b", i), ("c", i), ("f", i).
    lhs_dims = draw(st.permutations([("b", i) for i in range(n_batch)] + [("c", i) for i in range(n_contract)]
                                    + [("f", i) for i in range(n_lhs_free)]))
    rhs_dims = draw(st.permutations([("b", i) for i in range(n_batch)] + [("c", i) for i in range(n_contract)]
                                    + [("f", i) for i in range(n_rhs_free)]))
    sizes = {"b": batch, "c": contract}
    lhs_shape = [sizes.get(k, lhs_free)[i] for k, i in lhs_dims]
    rhs_shape = [sizes.get(k, rhs_free)[i] for k, i in rhs_dims]
    dims = {
        "lhs_batching_dimensions": [lhs_dims.index(("b", i)) for i in range(n_batch)],
        "rhs_batching_dimensions": [rhs_dims.index(("b", i)) for i in range(n_batch)],
        "lhs_contracting_dimensions": [lhs_dims.index(("c", i)) for i in range(n_contract)],
        "rhs_contracting_dimensions": [rhs_dims.index(("c", i)) for i in range(n_contract)],
    }
    dtype = draw(st.sampled_from([np.float32, np.float64, np.int32, np.int8]))
    return lhs_dims, rhs_dims, lhs_shape, rhs_shape, dims, dtype


def _einsum_spec(lhs_dims, rhs_dims):
    letters = iter(string.ascii_letters)
    names = {}

    def name(side, key):
        k = key if key[0] != "f" else (side, key)
        if k not in names:
            names[k] = next(letters)
        return names[k]

    lhs = "".join(name("l", d) for d in lhs_dims)
    rhs = "".join(name("r", d) for d in rhs_dims)
    batch = "".join(names[("b", i)] for i in range(sum(d[0] == "b" for d in lhs_dims)))
    free_l = "".join(name("l", d) for d in lhs_dims if d[0] == "f")
    free_r = "".join(name("r", d) for d in rhs_dims if d[0] == "f")
    return f"{lhs},{rhs}->{batch}{free_l}{free_r}"


def _tensor_type(shape, dtype):
    element = {np.float32: ir.F32Type.get(), np.float64: ir.F64Type.get(),
               np.int32: ir.IntegerType.get_signless(32), np.int8: ir.IntegerType.get_signless(8)}[dtype]
    return ir.RankedTensorType.get(list(shape), element)


def _random(rng, shape, dtype):
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-100, 100, size=shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@SETTINGS
@given(dot_general_cases())
def test_dot_general_matches_einsum(case):
    lhs_dims, rhs_dims, lhs_shape, rhs_shape, dims, dtype = case
    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(_tensor_type(lhs_shape, dtype), _tensor_type(rhs_shape, dtype), name="main")
            def main(a, b):
                return stablehlo.dot_general(a, b, **dims)
        assert module.operation.verify()
        rng = np.random.default_rng(0)
        a, b = _random(rng, lhs_shape, dtype), _random(rng, rhs_shape, dtype)
        (got,) = stablehlo_py.interpret(module, a, b)
    # numpy oracle; integer products wrap in the element type, as XLA's do.
    accumulate = np.int64 if np.issubdtype(dtype, np.integer) else np.float64
    expected = np.einsum(_einsum_spec(lhs_dims, rhs_dims), a.astype(accumulate), b.astype(accumulate))
    assert got.shape == expected.shape
    if np.issubdtype(dtype, np.integer):
        np.testing.assert_array_equal(got, expected.astype(dtype))
        return
    # The f64 einsum is exact to f32's precision; for f64 inputs it is itself a sum in f64,
    # within the same bound of the exact sum, so the bound is counted twice.
    terms = int(np.prod([lhs_shape[d] for d in dims["lhs_contracting_dimensions"]]))
    magnitude = np.einsum(_einsum_spec(lhs_dims, rhs_dims), np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    assert_sum_bound(got, expected, magnitude, terms if dtype == np.float32 else 2 * terms + 2, "dot_general")


@SETTINGS
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=4), data=st.data(),
       kind=st.sampled_from(["add", "maximum", "minimum", "multiply"]))
def test_reduce_matches_numpy(shape, data, kind):
    dims = sorted(data.draw(st.sets(st.integers(0, len(shape) - 1))))
    ufunc = {"add": np.add, "maximum": np.maximum, "minimum": np.minimum, "multiply": np.multiply}[kind]
    init = {"add": 0.0, "maximum": -np.inf, "minimum": np.inf, "multiply": 1.0}[kind]
    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(_tensor_type(shape, np.float64), name="main")
            def main(x):
                start = stablehlo.constant(ir.DenseElementsAttr.get(np.array(init)))
                return stablehlo.reduce([x], [start], dims, lambda acc, el: [getattr(stablehlo, kind)(acc, el)])
        assert module.operation.verify()
        x = np.random.default_rng(1).uniform(0.5, 1.5, size=shape)
        (got,) = stablehlo_py.interpret(module, x)
    expected = ufunc.reduce(x, axis=tuple(dims)) if dims else x
    np.testing.assert_allclose(got, expected, rtol=1e-12)
