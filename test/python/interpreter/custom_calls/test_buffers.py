"""Buffers (upstream's current spec, "Buffer types" and custom_call's "(XLA GPU Support)
Special custom_call targets" and "Alias") in the interpreter: Pin copies a tensor into a new
buffer, Unpin copies a buffer's content out, CreateBuffer makes one (of zeros here: the spec
leaves it uninitialized); a user target (register_custom_call) gets buffers as writable arrays,
so writing into a buffer it aliases to a result writes the caller's buffer, which a later Unpin
reads. Oracles are numpy formulas on the inputs; the portable artifacts are judged by jaxlib
(upstream StableHLO 1.17): it reads ours as the program it parses from the text.

Expected failures (strict): a buffer passed in as a function argument, or handed back by a
user target, is a read-only array, so no target can write it (a second update of one buffer,
in a loop or a chain, fails); a buffer of quantized elements cannot be written at all (MLIR's
memref parser refuses the element type)."""
import re

import ml_dtypes
import numpy as np
import pytest

import stablehlo_py
from conftest import assert_same
from stablehlo_py import interpret
from stablehlo_py.dialects import stablehlo as ss
from stablehlo_py.interpreter import InterpreterError, register_custom_call, unregister_custom_call

# The alias of a one-operand, one-result target: the result is the operand's buffer.
ALIAS = ("output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], "
         "operand_index = 0, operand_tuple_indices = []>]")


@pytest.fixture
def double():
    """`my_lib.double`: doubles its buffer in place and hands it back (the call's result aliases
    its operand); counts its calls."""
    calls = []

    def impl(buffer):
        calls.append(buffer.shape)
        buffer *= 2
        return buffer

    register_custom_call("my_lib.double", impl)
    try:
        yield calls
    finally:
        unregister_custom_call("my_lib.double")


# --- Pin, Unpin, CreateBuffer ----------------------------------------------------------------

PIN_UNPIN = """func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2x3xf32>) -> memref<2x3xf32>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}"""


def test_pin_then_unpin_gives_the_input_back_as_a_copy():
    x = np.array([[1.5, -2, 0], [np.inf, -0.0, 3e-40]], np.float32)
    before = x.copy()
    (result,) = interpret(PIN_UNPIN, x)
    assert_same([result], [before], context="Unpin(Pin(x))")
    assert not np.shares_memory(result, x)
    result[...] = 7  # the caller owns the result; the argument is not behind it
    assert_same([x], [before], context="the caller's array")


@pytest.mark.parametrize("element,dtype", [
    ("f32", np.float32), ("i8", np.int8), ("bf16", ml_dtypes.bfloat16), ("complex<f32>", np.complex64),
    ("i1", np.bool_), ("ui64", np.uint64), ("i4", ml_dtypes.int4), ("f8E5M2", ml_dtypes.float8_e5m2),
    ("complex<f64>", np.complex128),
])
@pytest.mark.parametrize("shape", [(2, 3), (4,), (), (0, 3)], ids=str)
def test_create_buffer_is_zeros_of_its_type(element, dtype, shape):
    dims = "".join(f"{d}x" for d in shape)
    memref, tensor = f"memref<{dims}{element}>", f"tensor<{dims}{element}>"
    program = f"""func.func @main() -> ({tensor}, {memref}) {{
  %0 = stablehlo.custom_call @CreateBuffer() {{api_version = 4 : i32}} : () -> {memref}
  %1 = stablehlo.custom_call @Unpin(%0) {{api_version = 4 : i32}} : ({memref}) -> {tensor}
  return %1, %0 : {tensor}, {memref}
}}"""
    unpinned, buffer = interpret(program)
    for value in (unpinned, buffer):
        assert value.dtype == np.dtype(dtype) and value.shape == shape
        assert_same([value], [np.zeros(shape, dtype)], context=memref)


def test_create_buffer_of_a_dynamic_shape_is_an_error():
    program = """func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<?xf32>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}"""
    with pytest.raises(InterpreterError, match=r"stablehlo.custom_call at .*custom_call @CreateBuffer of "
                                               r"memref<\?xf32>: a buffer of dynamic shape has no size to create"):
        interpret(program, np.ones(3, np.float32))


def test_pin_and_unpin_check_run_time_shapes_against_compatible_types():
    # Pin and Unpin take types equal up to dynamic sizes; the run-time shape must fit the
    # static one, as for any op's result.
    pin = """func.func @main(%a: tensor<?xf32>) -> tensor<3xf32> {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<?xf32>) -> memref<3xf32>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}"""
    x = np.array([1, 2, 3], np.float32)
    assert_same(list(interpret(pin, x)), [x], context="Pin of a dynamic tensor")
    with pytest.raises(InterpreterError, match=r"stablehlo.custom_call at .*result 0 has run-time shape \(2,\), "
                                               r"which does not fit its type memref<3xf32>"):
        interpret(pin, x[:2])
    unpin = """func.func @main(%b: memref<?x2xi16>) -> tensor<4x2xi16> {
  %0 = stablehlo.custom_call @Unpin(%b) {api_version = 4 : i32} : (memref<?x2xi16>) -> tensor<4x2xi16>
  return %0 : tensor<4x2xi16>
}"""
    y = np.arange(8, dtype=np.int16).reshape(4, 2)
    assert_same(list(interpret(unpin, y)), [y], context="Unpin of a dynamic buffer")
    with pytest.raises(InterpreterError, match=r"result 0 has run-time shape \(3, 2\), which does not fit its "
                                               r"type tensor<4x2xi16>"):
        interpret(unpin, y[:3])


def test_each_pin_is_a_buffer_of_its_own_and_unpin_a_snapshot(double):
    # Two Pins of one tensor are two buffers; a target writing one changes neither the other nor
    # the tensor, nor a tensor Unpinned before the write.
    program = f"""func.func @main(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {{
  %p = stablehlo.custom_call @Pin(%a) {{api_version = 4 : i32}} : (tensor<3xi32>) -> memref<3xi32>
  %q = stablehlo.custom_call @Pin(%a) {{api_version = 4 : i32}} : (tensor<3xi32>) -> memref<3xi32>
  %before = stablehlo.custom_call @Unpin(%p) {{api_version = 4 : i32}} : (memref<3xi32>) -> tensor<3xi32>
  %u = stablehlo.custom_call @my_lib.double(%p) {{{ALIAS}}} : (memref<3xi32>) -> memref<3xi32>
  %after = stablehlo.custom_call @Unpin(%p) {{api_version = 4 : i32}} : (memref<3xi32>) -> tensor<3xi32>
  %other = stablehlo.custom_call @Unpin(%q) {{api_version = 4 : i32}} : (memref<3xi32>) -> tensor<3xi32>
  return %a, %before, %after, %other : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
}}"""
    x = np.array([1, -2, 40], np.int32)
    got = interpret(program, x)
    assert_same(list(got), [x, x, x * 2, x], context="two Pins, one written")
    assert double == [(3,)]


# --- user targets writing buffers ------------------------------------------------------------

def test_a_target_writes_its_aliased_buffer_in_place_and_unpin_sees_it(double):
    program = f"""func.func @main(%a: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {{
  %b = stablehlo.custom_call @Pin(%a) {{api_version = 4 : i32}} : (tensor<2x2xf64>) -> memref<2x2xf64>
  %u = stablehlo.custom_call @my_lib.double(%b) {{api_version = 4 : i32, {ALIAS}}} : (memref<2x2xf64>) -> memref<2x2xf64>
  %0 = stablehlo.custom_call @Unpin(%b) {{api_version = 4 : i32}} : (memref<2x2xf64>) -> tensor<2x2xf64>
  %1 = stablehlo.custom_call @Unpin(%u) {{api_version = 4 : i32}} : (memref<2x2xf64>) -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xf64>, tensor<2x2xf64>
}}"""
    x = np.array([[0.5, -3], [1e300, 0]], np.float64)
    before = x.copy()
    through_operand, through_result = interpret(program, x)
    # The operand and the aliased result are one buffer: both Unpins read the write.
    assert_same([through_operand, through_result], [before * 2, before * 2], context="aliased write")
    assert_same([x], [before], context="the caller's tensor")
    assert double == [(2, 2)]


def test_a_target_fills_a_created_buffer():
    def iota(buffer):
        buffer[...] = np.arange(buffer.size).reshape(buffer.shape)
        return buffer

    register_custom_call("my_lib.iota", iota)
    program = f"""func.func @main() -> tensor<2x3xui16> {{
  %b = stablehlo.custom_call @CreateBuffer() {{api_version = 4 : i32}} : () -> memref<2x3xui16>
  %u = stablehlo.custom_call @my_lib.iota(%b) {{{ALIAS}}} : (memref<2x3xui16>) -> memref<2x3xui16>
  %0 = stablehlo.custom_call @Unpin(%b) {{api_version = 4 : i32}} : (memref<2x3xui16>) -> tensor<2x3xui16>
  return %0 : tensor<2x3xui16>
}}"""
    try:
        (got,) = interpret(program)
    finally:
        unregister_custom_call("my_lib.iota")
    assert_same([got], [np.arange(6, dtype=np.uint16).reshape(2, 3)], context="CreateBuffer then a filling target")


def test_a_buffer_in_a_tuple_is_written_through_the_tuple():
    # The target gets the tuple as a Python tuple holding the buffer itself.
    seen = []

    def scale_element(pair):
        tensor, buffer = pair
        seen.append((tensor.flags.writeable, buffer.flags.writeable))
        buffer += tensor
        return buffer

    register_custom_call("my_lib.accumulate", scale_element)
    program = """func.func @main(%a: tensor<3xf32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tuple<tensor<3xf32>, memref<3xf32>>) {
  %b = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<3xf32>) -> memref<3xf32>
  %t = stablehlo.tuple %x, %b : tuple<tensor<3xf32>, memref<3xf32>>
  %u = stablehlo.custom_call @my_lib.accumulate(%t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<3xf32>, memref<3xf32>>) -> memref<3xf32>
  %g = stablehlo.get_tuple_element %t[1] : (tuple<tensor<3xf32>, memref<3xf32>>) -> memref<3xf32>
  %0 = stablehlo.custom_call @Unpin(%g) {api_version = 4 : i32} : (memref<3xf32>) -> tensor<3xf32>
  return %0, %t : tensor<3xf32>, tuple<tensor<3xf32>, memref<3xf32>>
}"""
    a = np.array([1, 2, 3], np.float32)
    x = np.array([0.5, -4, 10], np.float32)
    try:
        got, pair = interpret(program, a, x)
    finally:
        unregister_custom_call("my_lib.accumulate")
    assert_same([got], [a + x], context="Unpin of the tuple's buffer")
    assert isinstance(pair, tuple) and len(pair) == 2
    assert_same(list(pair), [x, a + x], context="the tuple returned")
    assert seen == [(False, True)]  # the tensor is read-only, the buffer writable


def test_a_callee_writes_its_callers_buffer(double):
    program = f"""func.func private @update(%b: memref<2xf32>) -> memref<2xf32> {{
  %0 = stablehlo.custom_call @my_lib.double(%b) {{{ALIAS}}} : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}}
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {{
  %b = stablehlo.custom_call @Pin(%a) : (tensor<2xf32>) -> memref<2xf32>
  %1 = func.call @update(%b) : (memref<2xf32>) -> memref<2xf32>
  %2 = stablehlo.custom_call @Unpin(%b) : (memref<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}}"""
    x = np.array([1, 3], np.float32)
    assert_same(list(interpret(program, x)), [x * 2], context="func.call of an updating callee")


def test_a_buffer_updated_twice_in_a_chain(double):
    program = f"""func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {{
  %b = stablehlo.custom_call @Pin(%a) : (tensor<2xf32>) -> memref<2xf32>
  %1 = stablehlo.custom_call @my_lib.double(%b) {{{ALIAS}}} : (memref<2xf32>) -> memref<2xf32>
  %2 = stablehlo.custom_call @my_lib.double(%1) {{{ALIAS}}} : (memref<2xf32>) -> memref<2xf32>
  %3 = stablehlo.custom_call @Unpin(%b) : (memref<2xf32>) -> tensor<2xf32>
  return %3 : tensor<2xf32>
}}"""
    x = np.array([1, 3], np.float32)
    assert_same(list(interpret(program, x)), [x * 4], context="two updates of one buffer")


# --- while ------------------------------------------------------------------------------------

LOOP = f"""func.func @main(%a: tensor<3xf32>, %n: tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<i32>) {{
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %b = stablehlo.custom_call @Pin(%a) {{api_version = 4 : i32}} : (tensor<3xf32>) -> memref<3xf32>
  %r:2 = stablehlo.while(%i = %c0, %buf = %b) : tensor<i32>, memref<3xf32>
   cond {{
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %u = stablehlo.custom_call @my_lib.double(%buf) {{api_version = 4 : i32, {ALIAS}}} : (memref<3xf32>) -> memref<3xf32>
    %j = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %j, %u : tensor<i32>, memref<3xf32>
  }}
  %t1 = stablehlo.custom_call @Unpin(%r#1) {{api_version = 4 : i32}} : (memref<3xf32>) -> tensor<3xf32>
  %t2 = stablehlo.custom_call @Unpin(%b) {{api_version = 4 : i32}} : (memref<3xf32>) -> tensor<3xf32>
  return %t1, %t2, %r#0 : tensor<3xf32>, tensor<3xf32>, tensor<i32>
}}"""


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_a_buffer_carried_by_while_is_updated_each_iteration(double, n):
    x = np.array([1, -2, 0.375], np.float32)
    before = x.copy()
    carried, pinned, count = interpret(LOOP, x, np.int32(n))
    expected = before * np.float32(2.0 ** n)
    # The loop's result and the buffer Pinned before it are one buffer.
    assert_same([carried, pinned, count], [expected, expected, np.array(n, np.int32)], context=f"{n} iterations")
    assert len(double) == n
    assert_same([x], [before], context="the caller's tensor")


# --- functions taking and returning buffers ---------------------------------------------------

def test_a_function_takes_and_returns_buffers():
    program = """func.func @main(%a: memref<2x2xi16>, %b: memref<3xf32>) -> (memref<3xf32>, tensor<2x2xi16>, memref<2x2xi16>) {
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2x2xi16>) -> tensor<2x2xi16>
  %1 = stablehlo.custom_call @Pin(%0) {api_version = 4 : i32} : (tensor<2x2xi16>) -> memref<2x2xi16>
  return %b, %0, %1 : memref<3xf32>, tensor<2x2xi16>, memref<2x2xi16>
}"""
    a = np.array([[1, -1], [32767, -32768]], np.int16)
    b = np.array([0.25, -1, 8], np.float32)
    a0, b0 = a.copy(), b.copy()
    got = interpret(program, a, b)
    assert_same(list(got), [b0, a0, a0], context="buffers in and out")
    # a buffer argument is the caller's array (returned as itself); Unpin and Pin make new ones
    assert got[0] is b or np.shares_memory(got[0], b)
    assert not any(np.shares_memory(v, a) for v in got[1:]) and not np.shares_memory(got[1], got[2])
    assert_same([a, b], [a0, b0], context="the caller's arrays")


def test_a_buffer_argument_checks_its_dtype_and_shape():
    program = """func.func @main(%a: memref<2xf32>) -> memref<2xf32> {
  return %a : memref<2xf32>
}"""
    with pytest.raises(InterpreterError, match=r"expected memref<2xf32> \(dtype float32\), got dtype float64"):
        interpret(program, np.zeros(2, np.float64))
    with pytest.raises(InterpreterError, match=r"expected memref<2xf32> \(shape \(2,\)\), got shape \(3,\)"):
        interpret(program, np.zeros(3, np.float32))


def test_a_target_writes_a_buffer_passed_in_as_an_argument(double):
    program = f"""func.func @main(%a: memref<2xf32>) -> tensor<2xf32> {{
  %u = stablehlo.custom_call @my_lib.double(%a) {{{ALIAS}}} : (memref<2xf32>) -> memref<2xf32>
  %0 = stablehlo.custom_call @Unpin(%a) {{api_version = 4 : i32}} : (memref<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}}"""
    x = np.array([1, 3], np.float32)
    assert_same(list(interpret(program, x)), [np.array([2, 6], np.float32)], context="argument buffer written")


@pytest.mark.parametrize("memref", [
    "memref<2x3xf32, strided<[1, 2]>>",
    "memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>",
    "memref<2x3xf32, 1>",
])
def test_buffers_of_other_layouts_or_memory_spaces_are_refused(memref):
    message = re.escape(f"unsupported buffer type {memref} (only the identity layout and the default memory space)")
    created = f"""func.func @main() -> tensor<2x3xf32> {{
  %0 = stablehlo.custom_call @CreateBuffer() {{api_version = 4 : i32}} : () -> {memref}
  %1 = stablehlo.custom_call @Unpin(%0) {{api_version = 4 : i32}} : ({memref}) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}}"""
    with pytest.raises(InterpreterError, match=message):
        interpret(created)
    argument = f"""func.func @main(%a: {memref}) -> tensor<2x3xf32> {{
  %1 = stablehlo.custom_call @Unpin(%a) {{api_version = 4 : i32}} : ({memref}) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}}"""
    with pytest.raises(InterpreterError, match=message):
        interpret(argument, np.zeros((2, 3), np.float32))


def test_an_identity_affine_map_is_the_identity_layout():
    program = """func.func @main(%a: memref<2x3xf32, affine_map<(d0, d1) -> (d0, d1)>>) -> tensor<2x3xf32> {
  %1 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}"""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert_same(list(interpret(program, x)), [x], context="identity affine_map")


def test_a_buffer_of_quantized_elements_is_a_clear_error():
    # MLIR's memref parser refuses quantized element types (the quant types do not implement
    # MemRefElementTypeInterface), though HLO_Buffer lists them: a clear error, as in
    # test/lit/ops/buffers_quantized.mlir
    q = "!quant.uniform<i8:f32, 0.5:3>"
    program = f"""func.func @main(%a: tensor<3x{q}>) -> tensor<3x{q}> {{
  %0 = stablehlo.custom_call @Pin(%a) {{api_version = 4 : i32}} : (tensor<3x{q}>) -> memref<3x{q}>
  %1 = stablehlo.custom_call @Unpin(%0) {{api_version = 4 : i32}} : (memref<3x{q}>) -> tensor<3x{q}>
  return %1 : tensor<3x{q}>
}}"""
    with pytest.raises(Exception, match="invalid memref element type"):
        interpret(program, np.array([-128, 3, 127], np.int8))


# --- portable artifacts ----------------------------------------------------------------------

# Programs holding buffers everywhere the spec allows them, as jaxlib prints them.
ARTIFACT_PROGRAMS = {
    "pin_update_unpin": f"""func.func @main(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {{
  %0 = stablehlo.custom_call @Pin(%arg0) {{api_version = 4 : i32}} : (tensor<3xf32>) -> memref<3xf32>
  %1 = stablehlo.custom_call @Unpin(%0) {{api_version = 4 : i32}} : (memref<3xf32>) -> tensor<3xf32>
  %2 = stablehlo.custom_call @my_lib.double(%0) {{api_version = 4 : i32, {ALIAS}}} : (memref<3xf32>) -> memref<3xf32>
  %3 = stablehlo.custom_call @Unpin(%2) {{api_version = 4 : i32}} : (memref<3xf32>) -> tensor<3xf32>
  return %1, %3 : tensor<3xf32>, tensor<3xf32>
}}""",
    "loop": LOOP,
    "tuple_and_create": f"""func.func @main(%arg0: tensor<2xi32>, %arg1: !stablehlo.token) -> (tensor<2xi32>, tuple<tensor<2xi32>, tuple<memref<2xi32>, !stablehlo.token>>) {{
  %0 = stablehlo.custom_call @CreateBuffer() {{api_version = 4 : i32}} : () -> memref<2xi32>
  %1 = stablehlo.tuple %0, %arg1 : tuple<memref<2xi32>, !stablehlo.token>
  %2 = stablehlo.tuple %arg0, %1 : tuple<tensor<2xi32>, tuple<memref<2xi32>, !stablehlo.token>>
  %3 = stablehlo.get_tuple_element %1[0] : (tuple<memref<2xi32>, !stablehlo.token>) -> memref<2xi32>
  %4 = stablehlo.custom_call @Unpin(%3) {{api_version = 4 : i32}} : (memref<2xi32>) -> tensor<2xi32>
  %5 = stablehlo.add %4, %arg0 : tensor<2xi32>
  return %5, %2 : tensor<2xi32>, tuple<tensor<2xi32>, tuple<memref<2xi32>, !stablehlo.token>>
}}""",
    "function_buffers": """func.func @main(%arg0: memref<2x2xbf16>, %arg1: memref<?xf32>) -> (memref<?xf32>, tensor<2x2xbf16>) {
  %0 = stablehlo.custom_call @Unpin(%arg0) {api_version = 4 : i32} : (memref<2x2xbf16>) -> tensor<2x2xbf16>
  return %arg1, %0 : memref<?xf32>, tensor<2x2xbf16>
}""",
}


def _run_artifact_program(name, program):
    """The program's results and their numpy oracle."""
    if name == "pin_update_unpin":
        x = np.array([1, -2.5, 6], np.float32)
        return interpret(program, x), [x, x * 2]
    if name == "loop":
        x = np.array([1, -2, 0.375], np.float32)
        return interpret(program, x, np.int32(1)), [x * 2, x * 2, np.array(1, np.int32)]
    if name == "tuple_and_create":
        x = np.array([5, -7], np.int32)
        results = interpret(program, x, stablehlo_py.interpreter.TOKEN)
        return [results[0], results[1][0], results[1][1][0]], [x, x, np.zeros(2, np.int32)]
    a = np.array([[1, 2], [-0.5, 3]], ml_dtypes.bfloat16)
    b = np.array([4, 5, 6, 7], np.float32)
    return interpret(program, a, b), [b, a]


@pytest.mark.parametrize("target", ["1.13.0", "1.17.0"])
@pytest.mark.parametrize("name", sorted(ARTIFACT_PROGRAMS))
def test_an_artifact_with_buffers_runs_as_its_program(double, name, target):
    program = ARTIFACT_PROGRAMS[name]
    artifact = ss.serialize_portable_artifact_str(program, target)
    assert artifact.startswith(b"ML\xefR") and f"StableHLO_v{target}".encode() in artifact[:40]
    got, expected = _run_artifact_program(name, artifact)
    assert_same(list(got), expected, context=f"{name} through a {target} artifact")
    got, _ = _run_artifact_program(name, program)
    assert_same(list(got), expected, context=f"{name} from its text")


@pytest.mark.parametrize("target", ["1.12.0", "1.12.9"])
def test_an_artifact_older_than_buffers_is_refused(target):
    with pytest.raises(Exception, match=r"type '!vhlo.buffer_v1<3x!vhlo.f32_v1>' of vhlo.custom_call_v1 is not in "
                                        r"version 1.12.0 \(it is in 1.13.0 to "):
        ss.serialize_portable_artifact_str(ARTIFACT_PROGRAMS["pin_update_unpin"], target)


@pytest.mark.upstream
@pytest.mark.parametrize("target", ["1.13.0", "1.17.0"])
@pytest.mark.parametrize("name", sorted(ARTIFACT_PROGRAMS))
def test_jaxlib_reads_our_artifact_as_the_program(jaxlib, name, target):
    js, reprint = jaxlib
    program = ARTIFACT_PROGRAMS[name]
    ours = ss.serialize_portable_artifact_str(program, target)
    assert reprint(js.deserialize_portable_artifact_str(ours)) == reprint(program)


@pytest.mark.upstream
@pytest.mark.parametrize("target", ["1.13.0", "1.17.0"])
@pytest.mark.parametrize("name", sorted(ARTIFACT_PROGRAMS))
def test_we_read_jaxlibs_artifact_as_the_program(jaxlib, name, target):
    js, reprint = jaxlib
    program = ARTIFACT_PROGRAMS[name]
    theirs = js.serialize_portable_artifact_str(program, target)
    module = ss.deserialize_portable_artifact(stablehlo_py.context(), theirs)
    assert reprint(str(module)) == reprint(program)


@pytest.mark.upstream
def test_jaxlib_refuses_buffers_before_1_13_too(jaxlib):
    js, _ = jaxlib
    with pytest.raises(ValueError):
        js.serialize_portable_artifact_str(ARTIFACT_PROGRAMS["pin_update_unpin"], "1.12.0")
