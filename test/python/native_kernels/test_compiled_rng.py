"""The compiled backend's rng_bit_generator, lowered natively (lib/Conversion/LowerRng.cpp: a
linalg.generic computing Threefry-2x32 / Philox-4x32 with arith ops), against XLA on CPU bit
for bit (the independent oracle, through the interpreter tests' programs and states) and against
the interpreter: every algorithm, both Philox state sizes, counters that wrap around 2^64 and
2^128, every output width (64, 32, narrower, sub-byte, floats), odd shapes and larger ones. The
lowered module holds no runtime call for it; the states the interpreter does not run stay runtime
calls."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same, xla_run_text
from testing.rng import generator_program

import stablehlo_py
from stablehlo_py.lowering import compiled

OUTPUT_TYPES = ["ui32", "ui64", "i64", "i8", "ui16", "i32", "f64", "f32", "bf16", "i4", "ui2",
                "f8E4M3FN"]
SHAPES = [(), (5,), (3, 5), (3, 1, 2), (7, 3), (0, 4)]
TOP = 2**64 - 1
# counters near the top of their range wrap within one output (Threefry's 64-bit counter,
# Philox's 128-bit one, whose high word is the key for a 2-word state)
STATES = {"THREE_FRY": [[123, 456], [TOP - 2, TOP - 1], [0, TOP]],
          "PHILOX": [[123, 456], [TOP, TOP - 1], [7, TOP - 1, 9], [5, TOP, TOP], [1, TOP - 3, 0]],
          "DEFAULT": [[1, 2, 3], [TOP, TOP, TOP], [11, 22]]}


def _cases():
    for algorithm, states in STATES.items():
        for size in sorted({len(s) for s in states}):
            yield algorithm, size, [s for s in states if len(s) == size]


CASES = list(_cases())


def _run_compiled(text, states):
    program = stablehlo_py.compile(text, backend="compiled")
    return [program(np.array(s, np.uint64)) for s in states]


def _same_bits(ours, theirs, context):
    """XLA hands this op's output back as unsigned integers of the declared width whatever the
    declared type: compare the bits (as the interpreter tests do)."""
    theirs = list(theirs)
    if ours[1].dtype != theirs[1].dtype:
        assert theirs[1].dtype.kind in "uV" and ours[1].dtype.itemsize == theirs[1].dtype.itemsize
        theirs[1] = theirs[1].view(ours[1].dtype)
    assert_same(ours, theirs, context=context)


# Every output type on one odd shape, every shape (the ways Threefry pairs its two words, empty,
# scalar) on the 32- and 64-bit types: the lowering's paths, without the whole product (each
# case is a compile).
SHAPED = sorted({((3, 5), element) for element in OUTPUT_TYPES}
                | {(shape, element) for shape in SHAPES for element in ("ui32", "ui64")})


@pytest.mark.xla
@pytest.mark.parametrize("algorithm,size,states", CASES, ids=[f"{a}-{n}" for a, n, _ in CASES])
@pytest.mark.parametrize("shape,element", SHAPED,
                         ids=[("x".join(map(str, s)) or "scalar") + "-" + e for s, e in SHAPED])
def test_compiled_rng_bit_generator_matches_xla_and_the_interpreter(algorithm, size, states,
                                                                    shape, element):
    text = generator_program(algorithm, size, shape, element)
    for state, ours in zip(states, _run_compiled(text, states)):
        context = f"{algorithm} {state} {shape} {element}"
        args = np.array(state, np.uint64)
        _same_bits(ours, xla_run_text(text, args), context)
        assert_same(ours, stablehlo_py.interpret(text, args), context=context + " (interpreter)")


@pytest.mark.parametrize("algorithm,size,states", CASES, ids=[f"{a}-{n}" for a, n, _ in CASES])
@pytest.mark.parametrize("shape,element", [((1000, 37), "ui32"), ((333, 65), "ui64"),
                                          ((4099,), "f32"), ((64, 3, 17), "i8")])
def test_compiled_rng_bit_generator_on_larger_outputs(algorithm, size, states, shape, element):
    """Many blocks (the generic may run in parallel chunks), every lane ending the output."""
    text = generator_program(algorithm, size, shape, element)
    for state, ours in zip(states, _run_compiled(text, states)):
        assert_same(ours, stablehlo_py.interpret(text, np.array(state, np.uint64)),
                    context=f"{algorithm} {state} {shape} {element}")


@pytest.mark.xla
def test_compiled_rng_bit_generator_threads_its_state_through_a_loop():
    """The new state feeds the next call: a while loop drawing 4 times, summing the draws."""
    text = """func.func public @main(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui32>) {
      %zero = stablehlo.constant dense<0> : tensor<6xui32>
      %c0 = stablehlo.constant dense<0> : tensor<i32>
      %r:3 = stablehlo.while(%i = %c0, %st = %s, %acc = %zero) : tensor<i32>, tensor<3xui64>, tensor<6xui32>
      cond {
        %n = stablehlo.constant dense<4> : tensor<i32>
        %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %p : tensor<i1>
      } do {
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = stablehlo.add %i, %one : tensor<i32>
        %g:2 = stablehlo.rng_bit_generator %st, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui32>)
        %a = stablehlo.add %acc, %g#1 : tensor<6xui32>
        stablehlo.return %j, %g#0, %a : tensor<i32>, tensor<3xui64>, tensor<6xui32>
      }
      return %r#1, %r#2 : tensor<3xui64>, tensor<6xui32>
    }"""
    args = np.array([3, TOP - 4, 8], np.uint64)
    ours = stablehlo_py.compile(text, backend="compiled")(args)
    assert_same(ours, xla_run_text(text, args), context="loop")
    # 4 calls of 2 blocks each: the low word wraps, carrying into the high one
    assert ours[0].tolist() == [3, (TOP - 4 + 8) % 2**64, 9]


def _lowered(text):
    return str(compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False,
                                 compiled_backend=True))


@pytest.mark.parametrize("algorithm,size", [("THREE_FRY", 2), ("PHILOX", 2), ("PHILOX", 3),
                                            ("DEFAULT", 3)])
def test_rng_bit_generator_is_no_runtime_call(algorithm, size):
    lowered = _lowered(generator_program(algorithm, size, (3, 5), "ui32"))
    assert "__stablehlo_py_runtime" not in lowered
    assert "linalg.generic" in lowered


def test_a_state_the_interpreter_does_not_run_stays_a_runtime_call():
    # THREE_FRY with 3 words: upstream accepts it (our verifier warns), the interpreter refuses
    # it, and so does the compiled backend, through the runtime call, when it runs.
    text = generator_program("THREE_FRY", 3, (4,), "ui32")
    assert "__stablehlo_py_runtime" in _lowered(text)
    with pytest.raises(Exception, match="THREE_FRY needs a state of 2 words"):
        stablehlo_py.compile(text, backend="compiled")(np.array([1, 2, 3], np.uint64))
