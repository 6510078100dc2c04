"""Ops of MLIR's own dialects that torch-mlir mixes into StableHLO (kernels/mlir_dialects.py):
arith on scalars and tensors, tensor.dim / from_elements / extract, and the shape dialect.
Oracles: Python integers (arith's wrapping and rounding rules written out) and numpy."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import InterpreterError

I64 = (-(2**63), -7, -1, 0, 1, 7, 2**63 - 1)


def _scalar_program(op: str, type_: str = "i64", result: str | None = None, attrs: str = "") -> str:
    result = result or type_
    return f"""
func.func @main(%a: tensor<{type_}>, %b: tensor<{type_}>) -> tensor<{result}> {{
  %x = tensor.extract %a[] : tensor<{type_}>
  %y = tensor.extract %b[] : tensor<{type_}>
  %r = {op} %x, %y{attrs} : {type_ if result == type_ else type_}
  %t = tensor.from_elements %r : tensor<{result}>
  return %t : tensor<{result}>
}}"""


def _wrap(value: int, bits: int = 64) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


ORACLES = {
    "arith.addi": lambda a, b: _wrap(a + b),
    "arith.subi": lambda a, b: _wrap(a - b),
    "arith.muli": lambda a, b: _wrap(a * b),
    "arith.maxsi": max,
    "arith.minsi": min,
    "arith.andi": lambda a, b: a & b,
    "arith.ori": lambda a, b: a | b,
    "arith.xori": lambda a, b: a ^ b,
    "arith.divsi": lambda a, b: _wrap(_trunc_div(a, b)),
    "arith.remsi": lambda a, b: _wrap(a - _trunc_div(a, b) * b),
    "arith.floordivsi": lambda a, b: _wrap(a // b),
    "arith.ceildivsi": lambda a, b: _wrap(-((-a) // b)),
}


@pytest.mark.parametrize("op", sorted(ORACLES))
def test_integer_arith_on_scalars(op):
    run = stablehlo_py.compile(_scalar_program(op))
    for a in I64:
        for b in I64:
            if b == 0 and "div" in op or b == 0 and "rem" in op:
                continue
            if op in ("arith.divsi", "arith.floordivsi", "arith.ceildivsi", "arith.remsi") and a == -(2**63) \
                    and b == -1:
                continue  # undefined in arith (overflow)
            (got,) = run(np.int64(a), np.int64(b))
            assert int(got) == ORACLES[op](a, b), (op, a, b)


@pytest.mark.parametrize("op", ["arith.divsi", "arith.remsi", "arith.floordivsi", "arith.ceildivsi"])
def test_division_by_zero_is_an_error(op):
    with pytest.raises(InterpreterError, match=f"{op} by zero"):
        stablehlo_py.interpret(_scalar_program(op), np.int64(5), np.int64(0))


@pytest.mark.parametrize("predicate, signed, unsigned", [
    ("eq", lambda a, b: a == b, None), ("ne", lambda a, b: a != b, None),
    ("slt", lambda a, b: a < b, None), ("sle", lambda a, b: a <= b, None),
    ("sgt", lambda a, b: a > b, None), ("sge", lambda a, b: a >= b, None),
    ("ult", None, lambda a, b: a < b), ("ule", None, lambda a, b: a <= b),
    ("ugt", None, lambda a, b: a > b), ("uge", None, lambda a, b: a >= b),
])
def test_cmpi(predicate, signed, unsigned):
    run = stablehlo_py.compile(_scalar_program(f"arith.cmpi {predicate},", result="i1"))
    for a in I64:
        for b in I64:
            (got,) = run(np.int64(a), np.int64(b))
            want = signed(a, b) if signed else unsigned(a % 2**64, b % 2**64)
            assert bool(got) == want, (predicate, a, b)


def test_casts_and_select():
    text = """
func.func @main(%a: tensor<i32>) -> (tensor<i64>, tensor<i64>, tensor<i8>, tensor<f32>, tensor<i32>) {
  %x = tensor.extract %a[] : tensor<i32>
  %i = arith.index_cast %x : i32 to index
  %s = arith.index_cast %i : index to i64
  %u = arith.extui %x : i32 to i64
  %t = arith.trunci %x : i32 to i8
  %f = arith.sitofp %x : i32 to f32
  %z = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %z : i32
  %abs0 = arith.subi %z, %x : i32
  %abs = arith.select %neg, %abs0, %x : i32
  %r0 = tensor.from_elements %s : tensor<i64>
  %r1 = tensor.from_elements %u : tensor<i64>
  %r2 = tensor.from_elements %t : tensor<i8>
  %r3 = tensor.from_elements %f : tensor<f32>
  %r4 = tensor.from_elements %abs : tensor<i32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<i64>, tensor<i64>, tensor<i8>, tensor<f32>, tensor<i32>
}"""
    run = stablehlo_py.compile(text)
    for a in (-(2**31), -300, -1, 0, 1, 300, 2**31 - 1):
        s, u, t, f, ab = run(np.int32(a))
        assert int(s) == a and int(u) == a % 2**32 and int(t) == _wrap(a, 8)
        assert float(f) == float(np.float32(a)) and int(ab) == _wrap(abs(a), 32)


def test_tensor_and_shape_ops_compute_shapes_at_run_time():
    text = """
func.func @main(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<2xi64>, tensor<i64>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %a, %c0 : tensor<?x3xf32>
  %n = arith.muli %d, %c3 : index
  %sa = shape.shape_of %a : tensor<?x3xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<3xf32> -> tensor<1xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (tensor<?x3xf32>) {
    %s = shape.broadcast %sa, %sb : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %x = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    %y = stablehlo.dynamic_broadcast_in_dim %b, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    %z = stablehlo.add %x, %y : tensor<?x3xf32>
    shape.assuming_yield %z : tensor<?x3xf32>
  }
  %e = shape.num_elements %sa : tensor<2xindex> -> index
  %d64 = arith.index_cast %d : index to i64
  %n64 = arith.index_cast %n : index to i64
  %e64 = arith.index_cast %e : index to i64
  %dims = tensor.from_elements %d64, %n64 : tensor<2xi64>
  %count = tensor.from_elements %e64 : tensor<i64>
  return %r, %dims, %count : tensor<?x3xf32>, tensor<2xi64>, tensor<i64>
}"""
    b = np.array([1, 2, 3], np.float32)
    for rows in (1, 4, 7):
        a = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
        r, dims, count = stablehlo_py.interpret(text, a, b)
        np.testing.assert_array_equal(r, a + b)
        assert dims.tolist() == [rows, rows * 3] and int(count) == rows * 3


def test_failed_shape_constraint_is_an_error():
    text = """
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %sa = shape.shape_of %a : tensor<?xf32> -> tensor<1xindex>
  %sb = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<1xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (tensor<?xf32>) {
    shape.assuming_yield %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}"""
    with pytest.raises(InterpreterError, match=r"the shapes \[2\] and \[3\] do not broadcast"):
        stablehlo_py.interpret(text, np.zeros(2, np.float32), np.zeros(3, np.float32))
    (r,) = stablehlo_py.interpret(text, np.ones(2, np.float32), np.zeros(1, np.float32))
    np.testing.assert_array_equal(r, np.ones(2, np.float32))


def test_tensor_dim_out_of_range_is_an_error():
    text = """
func.func @main(%a: tensor<?xf32>, %i: tensor<index>) -> tensor<index> {
  %k = tensor.extract %i[] : tensor<index>
  %d = tensor.dim %a, %k : tensor<?xf32>
  %r = tensor.from_elements %d : tensor<index>
  return %r : tensor<index>
}"""
    with pytest.raises(InterpreterError, match=r"tensor.dim: dimension 1 is out of range \[0, 1\)"):
        stablehlo_py.interpret(text, np.zeros(2, np.float32), np.int64(1))


def test_refining_other_dialects_ops_does_not_crash():
    # stablehlo-refine-shapes used to call another dialect's shape function (shape.const_shape)
    # without its properties, which crashed the process
    text = """
func.func @main(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = shape.const_shape [3] : tensor<1xindex>
  %sa = shape.shape_of %a : tensor<?x3xf32> -> tensor<2xindex>
  %b = shape.broadcast %sa, %s : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %b, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}"""
    refined = stablehlo_py.refine(text, ["tensor<5x3xf32>"])
    assert "tensor<5x3xf32>" in str(refined)
    a = np.ones((5, 3), np.float32)
    np.testing.assert_array_equal(stablehlo_py.interpret(text, a)[0], a)


def test_division_by_zero_anywhere_in_a_tensor_is_an_error():
    text = """
func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %r = arith.divsi %a, %b : tensor<3xi32>
  return %r : tensor<3xi32>
}"""
    a = np.array([7, -7, 9], np.int32)
    (r,) = stablehlo_py.interpret(text, a, np.array([2, 2, -4], np.int32))
    assert r.tolist() == [3, -3, -2] and r.dtype == np.int32
    with pytest.raises(InterpreterError, match="arith.divsi by zero"):
        stablehlo_py.interpret(text, a, np.array([2, 0, 3], np.int32))


def test_shape_values_are_index_typed():
    text = """
func.func @main(%a: tensor<?x3xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<1xindex>, index, index, f32, i1) {
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %a : tensor<?x3xf32> -> tensor<2xindex>
  %k = shape.const_shape [4] : tensor<1xindex>
  %b = shape.broadcast %s, %k : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  %n = shape.num_elements %s : tensor<2xindex> -> index
  %d = tensor.dim %a, %c1 : tensor<?x3xf32>
  %f = arith.constant 2.5 : f32
  %t = arith.constant true
  return %s, %b, %k, %n, %d, %f, %t : tensor<2xindex>, tensor<2xindex>, tensor<1xindex>, index, index, f32, i1
}"""
    with pytest.raises(InterpreterError, match=r"the shapes \[5, 3\] and \[4\] do not broadcast"):
        stablehlo_py.interpret(text, np.zeros((5, 3), np.float32))
    s, b, k, n, d, f, t = stablehlo_py.interpret(text.replace("[4]", "[3]"), np.zeros((5, 3), np.float32))
    assert s.tolist() == [5, 3] and b.tolist() == [5, 3] and k.tolist() == [3]
    assert int(n) == 15 and int(d) == 3 and float(f) == 2.5 and bool(t) is True
    assert all(v.dtype == np.int64 for v in (s, b, k, n, d))
    assert f.dtype == np.float32 and t.dtype == np.bool_


@pytest.mark.parametrize("passing", [True, False])
def test_const_witness(passing):
    text = f"""
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {{
  %w = shape.const_witness {str(passing).lower()}
  %r = shape.assuming %w -> (tensor<2xf32>) {{
    shape.assuming_yield %a : tensor<2xf32>
  }}
  return %r : tensor<2xf32>
}}"""
    a = np.array([1, 2], np.float32)
    if passing:
        np.testing.assert_array_equal(stablehlo_py.interpret(text, a)[0], a)
    else:
        with pytest.raises(InterpreterError, match="shape.const_witness false"):
            stablehlo_py.interpret(text, a)


def test_tensor_extract_of_a_matrix():
    text = """
func.func @main(%a: tensor<2x3xi32>, %i: tensor<index>, %j: tensor<index>) -> tensor<i32> {
  %x = tensor.extract %i[] : tensor<index>
  %y = tensor.extract %j[] : tensor<index>
  %v = tensor.extract %a[%x, %y] : tensor<2x3xi32>
  %r = tensor.from_elements %v : tensor<i32>
  return %r : tensor<i32>
}"""
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    for i in range(2):
        for j in range(3):
            assert int(stablehlo_py.interpret(text, a, np.int64(i), np.int64(j))[0]) == a[i, j]
    with pytest.raises(InterpreterError, match=r"tensor.extract: index 1 3 is out of range \[0, 3\)"):
        stablehlo_py.interpret(text, a, np.int64(0), np.int64(3))
