"""Tests for survivors of mutation runs over interpreter/rng.py (docs/testing.md): rng's
contract where XLA gives no bit-exact oracle (its numbers depend on a process-wide seed)."""
import numpy as np
import pytest

from conftest import assert_same, xla_run_text
from stablehlo_py import interpret
from stablehlo_py.interpreter import InterpreterError
from testing.rng import generator_program, rng_program

pytestmark = pytest.mark.mutant_killer


def test_uniform_draws_that_round_up_to_b_stay_below_it():
    """In f16 around 1000 the spacing is 0.5, so a + unit * (b - a) rounds up to b for about a
    quarter of the draws: those must become the largest value below b, keeping [a, b) half-open."""
    (x,) = interpret(rng_program("UNIFORM", "f16", (4000,), "1000.0", "1001.0"))
    assert x.dtype == np.float16
    assert set(np.unique(x).tolist()) == {1000.0, 1000.5}


def test_normal_f64_has_f64_resolution():
    """An f64 NORMAL draw is computed in f64: standard normal values are not all f32 numbers."""
    (x,) = interpret(rng_program("NORMAL", "f64", (1000,), "0.0", "1.0"))
    assert x.dtype == np.float64
    assert np.count_nonzero(x.astype(np.float32).astype(np.float64) != x) > 900


def test_normal_is_an_affine_map_of_the_standard_draw_in_f64():
    """NORMAL(a, b) is a + b * z for the standard draw z of the same op (same location, so same
    stream), computed in f64 and rounded once: a and b that are not f32 numbers stay exact."""
    (z,) = interpret(rng_program("NORMAL", "f64", (1000,), "0.0", "1.0"))
    (x,) = interpret(rng_program("NORMAL", "f64", (1000,), "0.1", "0.3"))
    assert_same([x], [np.float64(0.1) + np.float64(0.3) * z])


@pytest.mark.parametrize("size", [1, 4])
def test_default_algorithm_rejects_a_state_it_cannot_use(size):
    """DEFAULT (Philox on CPU) takes 2 or 3 state words; the verifier leaves DEFAULT's state to the
    implementation (C2 names THREE_FRY and PHILOX only), so the kernel says so itself."""
    text = generator_program("DEFAULT", size, (4,), "ui32")
    with pytest.raises(InterpreterError, match=r"DEFAULT needs a state of 2 or 3 words"):
        interpret(text, np.arange(size, dtype=np.uint64))


@pytest.mark.xla
@pytest.mark.parametrize("algorithm,size", [("THREE_FRY", 2), ("PHILOX", 3)])
def test_new_state_is_an_array_other_ops_can_slice(algorithm, size):
    """The state rng_bit_generator returns feeds later ops (here a slice of its counter words)
    like any tensor; compared with XLA, bit for bit (integer results are host-independent)."""
    S = f"tensor<{size}xui64>"
    text = f"""func.func public @main(%s: {S}) -> tensor<{size - 1}xui64> {{
      %0:2 = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : ({S}) -> ({S}, tensor<6xui32>)
      %1 = stablehlo.slice %0#0 [1:{size}] : ({S}) -> tensor<{size - 1}xui64>
      return %1 : tensor<{size - 1}xui64>
    }}"""
    state = np.array([7, 2**64 - 2, 5][:size], np.uint64)
    assert_same(interpret(text, state), xla_run_text(text, state))


@pytest.mark.xla
@pytest.mark.parametrize("shape", [(5, 3), (3, 3), (3, 5, 3)])
def test_three_fry_pairs_along_the_first_largest_dimension_when_none_is_even(shape):
    """32-bit THREE_FRY draws pair along the first even dimension, else the largest one, the
    first of equals: shapes where the largest comes first or ties. XLA bit for bit."""
    text = generator_program("THREE_FRY", 2, shape, "ui32")
    state = np.array([123, 456], np.uint64)
    assert_same(interpret(text, state), xla_run_text(text, state), str(shape))


def test_uniform_f64_has_f64_resolution():
    """64-bit draws make f64 values in f64: not all of them are f32 numbers."""
    (x,) = interpret(rng_program("UNIFORM", "f64", (1000,), "0.0", "1.0"))
    assert x.dtype == np.float64 and 0.0 <= x.min() and x.max() < 1.0
    assert np.count_nonzero(x.astype(np.float32).astype(np.float64) != x) > 900


@pytest.mark.parametrize("element,a,b", [("f32", "2.5", "2.5"), ("i32", "7", "7"), ("i32", "7", "3"),
                                         ("ui8", "200", "100")])
def test_uniform_with_b_not_above_a_gives_a(element, a, b):
    """The spec leaves b <= a to the implementation: every value is a (docs/decisions.md)."""
    (x,) = interpret(rng_program("UNIFORM", element, (50,), a, b))
    assert np.all(x == x.dtype.type(float(a) if element[0] == "f" else int(a)))


def test_normal_stays_finite_when_a_draw_is_zero(monkeypatch):
    """A uniform draw of exactly 0 (one in 2^23 for f32) must not give log(0): every draw zero."""
    from stablehlo_py.interpreter.kernels import rng

    def zero_bits(key, counter, shape, wide):
        return np.zeros(shape, np.uint64 if wide else np.uint32), counter

    monkeypatch.setattr(rng, "philox_bits", zero_bits)
    (x,) = interpret(rng_program("NORMAL", "f32", (8,), "0.0", "1.0"))
    assert np.all(np.isfinite(x))


def test_rng_with_a_dynamic_result_shape_takes_the_shape_operand():
    text = """func.func public @main(%shape: tensor<1xi64>) -> tensor<?xf32> {
      %a = stablehlo.constant dense<0.0> : tensor<f32>
      %b = stablehlo.constant dense<1.0> : tensor<f32>
      %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
      return %0 : tensor<?xf32>
    }"""
    for n in (0, 1, 5):
        (x,) = interpret(text, np.array([n], np.int64))
        assert x.shape == (n,) and x.dtype == np.float32 and np.all((x >= 0) & (x < 1))
    with pytest.raises(InterpreterError, match=r"stablehlo.rng .*shape \[-2\] has a negative size"):
        interpret(text, np.array([-2], np.int64))
    static = text.replace("tensor<?xf32>", "tensor<3xf32>")  # a shape operand that disagrees with the type
    with pytest.raises(InterpreterError, match=r"stablehlo.rng .*result 0 has run-time shape \(4,\), which does "
                                               r"not fit its type tensor<3xf32>"):
        interpret(static, np.array([4], np.int64))
