"""Tests for survivors of mutation runs over interpreter/rng.py (docs/testing.md): rng's
contract where XLA gives no bit-exact oracle (its numbers depend on a process-wide seed)."""
import numpy as np
import pytest

from conftest import assert_same, xla_run_text
from stablehlo_py import interpret
from stablehlo_py.interpreter import InterpreterError
from test_interpreter_random import generator_program, rng_program


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


@pytest.mark.parametrize("size", [1, 4])
def test_default_algorithm_rejects_a_state_it_cannot_use(size):
    """DEFAULT (Philox on CPU) takes 2 or 3 state words; the verifier leaves DEFAULT's state to the
    implementation (C2 names THREE_FRY and PHILOX only), so the kernel says so itself."""
    text = generator_program("DEFAULT", size, (4,), "ui32")
    with pytest.raises(InterpreterError, match=r"DEFAULT needs a state of 2 or 3 words"):
        interpret(text, np.arange(size, dtype=np.uint64))


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
