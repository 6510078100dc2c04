"""interpret / compile behaviour: inputs, entry selection, errors, control flow, calls, the pass, speed."""

from __future__ import annotations

import gc

import mlir.ir as ir
import numpy as np
import pytest
from conftest import assert_close, assert_same, examples, export, run_both, xla
from hypothesis import given
from hypothesis import strategies as st
from jax import lax

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError, compile, interpret

ADD = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""


def test_package_exposes_the_interpreter():
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(stablehlo_py.interpret(ADD, a, a)[0], a + a)
    np.testing.assert_array_equal(stablehlo_py.compile(ADD)(a, a)[0], a + a)
    with pytest.raises(stablehlo_py.interpreter.InterpreterError):
        stablehlo_py.interpret(ADD, a)


def test_accepts_text_module_and_operations():
    a = np.ones((2, 3), np.float32)
    module = ir.Module.parse(ADD, context=stablehlo_py.context())
    func_op = module.body.operations[0]
    for program in (ADD, ADD.encode(), module, module.operation, func_op, func_op.operation):
        (out,) = interpret(program, a, a)
        np.testing.assert_array_equal(out, a + a)


def test_compile_prepares_once_and_reruns_without_the_ir():
    module = ir.Module.parse(ADD, context=stablehlo_py.context())
    run = compile(module)
    del module
    gc.collect()  # the plan holds no IR
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    first = run(a, a)[0]
    first[...] = -1  # results are the caller's to write
    for _ in range(3):
        np.testing.assert_array_equal(run(a, a)[0], a + a)
    assert "tensor<2x3xf32>" in repr(run)


def test_results_never_alias_inputs_or_constants():
    text = """
    func.func @main(%a: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
      %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
      %r = stablehlo.reshape %a : (tensor<3xi32>) -> tensor<3xi32>
      return %a, %c, %r, %r : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
    }"""
    run = compile(text)
    a = np.array([7, 8, 9], np.int32)
    outs = run(a)
    for out in outs:
        assert out.flags.writeable
        out[...] = 0
    np.testing.assert_array_equal(a, [7, 8, 9])
    np.testing.assert_array_equal(run(a)[1], [1, 2, 3])


def test_entry_selection():
    text = """
    func.func @helper(%x: tensor<i32>) -> tensor<i32> {
      %0 = stablehlo.add %x, %x : tensor<i32>
      return %0 : tensor<i32>
    }
    func.func @other(%x: tensor<i32>) -> tensor<i32> {
      %0 = func.call @helper(%x) : (tensor<i32>) -> tensor<i32>
      %1 = stablehlo.add %0, %x : tensor<i32>
      return %1 : tensor<i32>
    }"""
    x = np.array(3, np.int32)
    assert interpret(text, x, entry="other")[0] == 9
    assert interpret(text, x, entry="helper")[0] == 6
    with pytest.raises(InterpreterError, match=r"no function @main in the module \(functions: @helper, @other\)"):
        interpret(text, x)
    only = text.split("func.func @other")[0]
    assert interpret(only, x)[0] == 6  # the only function serves as main


@pytest.mark.parametrize("args,pattern", [
    ((np.ones((2, 3), np.float32),), r"@main takes 2 arguments \(tensor<2x3xf32>, tensor<2x3xf32>\), got 1"),
    ((np.ones((2, 3), np.float32),) * 3, r"takes 2 arguments .* got 3"),
    ((np.ones((2, 3), np.float32), np.ones((3, 2), np.float32)),
     r"@main argument 1: expected tensor<2x3xf32> \(shape \(2, 3\)\), got shape \(3, 2\)"),
    ((np.ones((2, 3), np.float64), np.ones((2, 3), np.float32)),
     r"@main argument 0: expected tensor<2x3xf32> \(dtype float32\), got dtype float64"),
    ((np.ones((2, 3), np.float32), "abc"), r"@main argument 1: expected tensor<2x3xf32>"),
])
def test_bad_arguments(args, pattern):
    with pytest.raises(InterpreterError, match=pattern):
        interpret(ADD, *args)


def test_python_values_are_converted_to_the_declared_type():
    (out,) = interpret(ADD, [[1, 2, 3], [4, 5, 6]], np.zeros((2, 3), np.float32))
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, [[1, 2, 3], [4, 5, 6]])


def test_unsupported_op_names_op_and_location():
    text = """
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = stablehlo.add %x, %x : tensor<4xf32>
      %1 = builtin.unrealized_conversion_cast %0 : tensor<4xf32> to tensor<4xf32>
      return %1 : tensor<4xf32>
    }"""
    with pytest.raises(InterpreterError) as info:
        compile(text)
    assert info.value.op_name == "builtin.unrealized_conversion_cast"
    assert str(info.value) == ('builtin.unrealized_conversion_cast at loc("-":4:12): '
                               "op is not supported by the interpreter")


def test_unranked_custom_call_result_is_a_clean_error():
    """The verifier takes unranked custom_call values (as upstream); the interpreter names the op."""
    text = """
    func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<*xf32>
      %1 = stablehlo.custom_call @bar(%0) : (tensor<*xf32>) -> tensor<2xf32>
      return %1 : tensor<2xf32>
    }"""
    with pytest.raises(InterpreterError) as info:
        compile(text)
    assert info.value.op_name == "stablehlo.custom_call"
    assert str(info.value) == ('stablehlo.custom_call at loc("-":3:12): unsupported value type tensor<*xf32> '
                               "(only ranked tensors and buffers are interpreted)")


def test_parse_errors_and_bad_inputs_are_clean():
    with pytest.raises(InterpreterError, match="cannot parse the module"):
        interpret("func.func @main( {")
    with pytest.raises(InterpreterError, match="expected an mlir Module, Operation or text"):
        interpret(42)


ADD_ONE = """func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %c = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.add %x, %c : tensor<2xi32>
  return %0 : tensor<2xi32>
}"""


@pytest.mark.parametrize("source,what", [
    (b"ML\xefR\x00\x05\xff\xfe", r"the bytes given are MLIR bytecode that cannot be read: .*bytes"),
    (b"\x89PNG\r\n\x1a\n\xff", r"the bytes given are binary data, neither MLIR bytecode nor UTF-8 program "
                                r"text.*str or UTF-8 bytes.*MLIR bytecode.*mlir\.ir\.Module"),
    (bytearray(b"\xff\xfe"), r"the bytes given are binary data, neither MLIR bytecode nor UTF-8")])
def test_bytes_that_are_not_a_program_get_a_clear_error(source, what):
    """Bytes that are neither UTF-8 text nor readable bytecode: every entry point says what it takes
    instead of leaking a UnicodeDecodeError."""
    import stablehlo_py

    for entry in (interpret, compile, stablehlo_py.interpret, stablehlo_py.compile):
        with pytest.raises(InterpreterError, match=what) as info:
            entry(source)
        assert "internal error" not in str(info.value) and "UnicodeDecodeError" not in str(info.value)
    with pytest.raises(TypeError, match=what):
        stablehlo_py.refine(source, [])


@given(st.one_of(st.binary(max_size=64), st.binary(max_size=48).map(lambda b: b"ML\xefR" + b),
                 st.text(max_size=48).map(lambda t: t.encode("utf-8", "surrogatepass"))))
@examples(300)
def test_any_bytes_give_a_result_or_a_clean_error(data):
    """Fuzzed bytes (random, bytecode-like, UTF-8 text): interpret runs them or raises an
    InterpreterError, never another exception."""
    try:
        interpret(data)
    except InterpreterError as e:
        assert "internal error" not in str(e)


def test_utf8_bytes_are_program_text():
    import stablehlo_py

    for source in (ADD_ONE.encode(), bytearray(ADD_ONE.encode()), memoryview(ADD_ONE.encode())):
        (r,) = interpret(source, np.array([1, 2], np.int32))
        np.testing.assert_array_equal(r, [2, 3])
    refined = stablehlo_py.refine(ADD_ONE.encode(), ["tensor<2xi32>"])
    assert "stablehlo.add" in str(refined)


def test_modules_built_in_python_are_verified_before_they_run():
    """A module built op by op is not verified by any parser: compile verifies it, since the
    kernels rely on the verifier (this add would otherwise give a 2-element tensor<3xf32>)."""
    from mlir.dialects import func

    with stablehlo_py.context(), ir.Location.name("built_add"):
        module = ir.Module.create()
        t2 = ir.RankedTensorType.get([2], ir.F32Type.get())
        t3 = ir.RankedTensorType.get([3], ir.F32Type.get())
        with ir.InsertionPoint(module.body):
            main = func.FuncOp("main", ir.FunctionType.get([t2, t2], [t3]))
            with ir.InsertionPoint(main.add_entry_block()):
                add = ir.Operation.create("stablehlo.add", results=[t3], operands=list(main.arguments))
                func.ReturnOp([add.result])
        x = np.ones(2, np.float32)
        for target in (module, module.operation, main):
            with pytest.raises(InterpreterError, match=r"(?s)does not verify.*built_add.*'stablehlo.add' op C1: "
                                                       r"shapes of 'tensor<2xf32>' and 'tensor<3xf32>' must match"):
                interpret(target, x, x)


def test_runtime_error_in_callee_names_the_inner_op():
    text = """
    func.func private @inner(%x: tensor<2xi32>) -> tensor<2xi32> {
      stablehlo.custom_call @check.expect_eq(%x, %x) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
      %1 = stablehlo.custom_call @mystery(%x) : (tensor<2xi32>) -> tensor<2xi32>
      return %1 : tensor<2xi32>
    }
    func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
      %0 = func.call @inner(%x) : (tensor<2xi32>) -> tensor<2xi32>
      return %0 : tensor<2xi32>
    }"""
    with pytest.raises(InterpreterError, match=r'stablehlo.custom_call at loc\("-":4:12\).*@mystery'):
        compile(text)


def test_unbounded_recursion_is_a_clean_error():
    text = """
    func.func @main(%x: tensor<i32>) -> tensor<i32> {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %0 = stablehlo.add %x, %one : tensor<i32>
      %1 = func.call @main(%0) : (tensor<i32>) -> tensor<i32>
      return %1 : tensor<i32>
    }"""
    with pytest.raises(InterpreterError, match=r"func.call at .*call depth limit \(\d+\) exceeded calling @main"):
        interpret(text, np.array(0, np.int32))


def test_bounded_recursion_with_control_flow():
    """Factorial by recursion through stablehlo.if (numpy formula: 10! = 3628800)."""
    text = """
    func.func @main(%n: tensor<i64>) -> tensor<i64> {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %done = stablehlo.compare LE, %n, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %r = "stablehlo.if"(%done) ({
        stablehlo.return %one : tensor<i64>
      }, {
        %m = stablehlo.subtract %n, %one : tensor<i64>
        %f = func.call @main(%m) : (tensor<i64>) -> tensor<i64>
        %p = stablehlo.multiply %n, %f : tensor<i64>
        stablehlo.return %p : tensor<i64>
      }) : (tensor<i1>) -> tensor<i64>
      return %r : tensor<i64>
    }"""
    run = compile(text)
    assert run(np.array(10))[0] == 3628800
    assert run(np.array(1))[0] == 1


@pytest.mark.xla
def test_control_flow_from_jax():
    x = np.float32(1.5)
    got, expected = run_both(lambda p, v: lax.cond(p, lambda u: u * 2, lambda u: u - 1, v), np.bool_(True), x)
    assert_same(got, expected)
    got, expected = run_both(lambda p, v: lax.cond(p, lambda u: u * 2, lambda u: u - 1, v), np.bool_(False), x)
    assert_same(got, expected)
    for i in (-3, 0, 1, 2, 7):
        got, expected = run_both(lambda k, v: lax.switch(k, [lambda u: u * 2, lambda u: u - 1, lambda u: u], v),
                                 np.int32(i), x)
        assert_same(got, expected)
    got, expected = run_both(lambda v: lax.fori_loop(0, 10, lambda i, u: u * 2 + i, v), x)
    assert_same(got, expected)


@pytest.mark.xla
def test_multiple_results_through_calls():
    import jax

    inner = jax.jit(lambda v: (v + 1, v + v))

    def fn(x):
        a, b = inner(x)
        c, d = inner(b)
        return a, c, d

    x = np.arange(4, dtype=np.int16)
    assert "call @" in export(fn, x)
    got, expected = run_both(fn, x)
    assert_same(got, expected)


def test_interpret_pass_in_a_pass_manager():
    from mlir.passmanager import PassManager

    from stablehlo_py.passes.interpret import PASS_NAME, interpret_pass

    ok = """
    func.func @main() {
      %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
      %b = stablehlo.add %a, %a : tensor<2xi32>
      %e = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
      stablehlo.custom_call @check.expect_eq(%b, %e) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
      return
    }"""
    ctx = stablehlo_py.context()
    module = ir.Module.parse(ok, context=ctx)
    before = str(module)
    pm = PassManager("builtin.module", context=ctx)
    pm.add(interpret_pass(), name=PASS_NAME, argument=PASS_NAME)
    pm.run(module.operation)
    assert str(module) == before  # the pass only reads the IR

    bad = ir.Module.parse(ok.replace("[2, 4]", "[2, 5]"), context=ctx)
    pm = PassManager("builtin.module", context=ctx)
    pm.add(interpret_pass(), name=PASS_NAME, argument=PASS_NAME)
    with pytest.raises(ir.MLIRError) as info:
        pm.run(bad.operation)
    message = str(info.value)
    assert "stablehlo-interpret" in message and "@check.expect_eq failed" in message
    assert "actual 4, expected 5" in message and '"-":6:7' in message  # diagnostic at the check op



def test_an_escaped_name_that_is_not_utf8_is_a_parse_error():
    """MLIR's message quoted the name's bytes (\\FA), which the bindings cannot make a Python str
    of: a parse error (found by the bytecode fuzzer, test_bytecode_input.py), not an internal one."""
    text = 'func.func @main() {\n  "stablehlo.broa\\FAcast"() : () -> ()\n  return\n}'
    with pytest.raises(InterpreterError, match=r"cannot parse the module: .*not UTF-8 once its escapes are read"):
        interpret(text)
    with pytest.raises(ir.MLIRError, match="not UTF-8 once its escapes are read"):
        stablehlo_py.parse_module(text)
