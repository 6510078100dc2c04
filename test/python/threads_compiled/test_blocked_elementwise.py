"""Chains of math functions in cache-sized blocks (stablehlo-py-blocked-elementwise,
docs/lowering.md "Element-wise chains in blocks"): the compiled results stay the interpreter's
(numpy's ufuncs on whole arrays) bit for bit at sizes around the block (2048 elements, and the
pass's default 8192), odd sizes,
f16/bf16/f32/f64, ranks 1-4 and rank 0, inputs not aligned to 64 bytes, on one thread and the
pool's; and close to a numpy formula (the independent oracle)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import assert_close, assert_same

import stablehlo_py
from stablehlo_py.lowering import compiled
from stablehlo_py.lowering.kernels import set_thread_count

_TYPES = {np.float16: "f16", ml_dtypes.bfloat16: "bf16", np.float32: "f32", np.float64: "f64"}


def _chain(shape: tuple, element: str) -> str:
    """The bench's chain: tanh(exp(-x*x) + log1p(|x|)) * sin(x) + sqrt(|x|) * cos(x)."""
    t = f"tensor<{'x'.join(map(str, shape))}{'x' if shape else ''}{element}>"
    return f"""func.func @main(%x: {t}) -> {t} {{
  %n = stablehlo.negate %x : {t}
  %q = stablehlo.multiply %n, %x : {t}
  %e = stablehlo.exponential %q : {t}
  %a = stablehlo.abs %x : {t}
  %l = stablehlo.log_plus_one %a : {t}
  %s = stablehlo.add %e, %l : {t}
  %h = stablehlo.tanh %s : {t}
  %sn = stablehlo.sine %x : {t}
  %p = stablehlo.multiply %h, %sn : {t}
  %r = stablehlo.sqrt %a : {t}
  %c = stablehlo.cosine %x : {t}
  %m = stablehlo.multiply %r, %c : {t}
  %y = stablehlo.add %p, %m : {t}
  return %y : {t}
}}"""


def _formula(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    return np.tanh(np.exp(-x * x) + np.log1p(np.abs(x))) * np.sin(x) + np.sqrt(np.abs(x)) * np.cos(x)


def _check(shape: tuple, dtype, x: np.ndarray | None = None) -> None:
    text = _chain(shape, _TYPES[dtype])
    if x is None:
        x = (3 * np.random.default_rng(sum(shape) + 1).standard_normal(shape)).astype(dtype)
    expected = stablehlo_py.compile(text, backend="interpreter")(x)
    program = stablehlo_py.compile(text, backend="compiled")
    set_thread_count(1)
    try:
        single = program(x)
    finally:
        set_thread_count(0)
    assert_same(single, expected)
    assert_same(program(x), expected)
    # (f16 and bf16 round after each op: absolute errors of a few units of the last place of 4)
    tolerance = {np.float16: 6e-2, ml_dtypes.bfloat16: 5e-1, np.float32: 1e-4, np.float64: 1e-10}[dtype]
    assert_close([np.asarray(expected[0]).astype(np.float64)], [_formula(x)], rtol=tolerance, atol=tolerance)


# Around one and two blocks, odd sizes, and a few blocks with a partial last one.
@pytest.mark.parametrize("n", [2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192, 8193, 16383, 16385, 24593, 65537,
                               100003])
def test_f32_sizes_around_the_block(n):
    _check((n,), np.float32)


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16, np.float64])
@pytest.mark.parametrize("n", [16385, 40001])
def test_other_float_types(dtype, n):
    _check((n,), dtype)


@pytest.mark.parametrize("shape", [(), (5,), (129, 257), (3, 97, 101), (2, 3, 67, 71)])
def test_ranks(shape):
    _check(shape, np.float32)


@pytest.mark.parametrize("offset", [1, 3, 7])
def test_inputs_not_aligned_to_64_bytes(offset):
    """A view starting `offset` floats into a buffer goes straight to the native call: numpy's
    loops on its blocks must give what they give on the whole."""
    n = 50001
    base = (3 * np.random.default_rng(offset).standard_normal(n + 16)).astype(np.float32)
    x = base[offset:offset + n]
    assert x.ctypes.data % 64 != 0
    _check((n,), np.float32, x)


def _linalg(text: str) -> str:
    """The program after the to-LLVM pipeline's passes up to the blocking."""
    from mlir import passmanager

    from stablehlo_py.lowering.pipeline import _to_llvm

    passes = _to_llvm(True)
    passes = passes[:[p.startswith("stablehlo-py-blocked-elementwise") for p in passes].index(True) + 1]
    module = compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False, compiled_backend=True)
    with module.context:
        passmanager.PassManager.parse(f"builtin.module({','.join(passes)})").run(module.operation)
    return str(module)


def test_the_chain_runs_in_blocks_with_block_sized_temporaries():
    lowered = _linalg(_chain((1 << 20,), "f32"))
    assert "stablehlo_py.blocks" in lowered
    # the temporaries in 2 slices of 8 KiB (a slice serves again once its temporary is dead; f32
    # tanh is arith code in the fused loop, no longer a library call with buffers of its own)
    assert "memref<2048xf32>" in lowered and "memref<16384xi8>" in lowered
    # the last op writes the result's block itself: no copy of a block into it
    assert "linalg.copy" not in lowered and "memref.prefetch" in lowered
    # the whole-size temporaries are gone: only the argument and the result are that large
    assert "memref.alloc() {alignment = 64 : i64} : memref<1048576xf32>" not in lowered
    assert "memref.alloc() : memref<1048576xf32>" not in lowered


@pytest.mark.parametrize("n", [4095, 1 << 20])
def test_what_the_blocking_leaves_alone(n):
    """Below two blocks, or without a library call (the arithmetic is one fused loop), or with a
    reduction after the chain (its order stays), nothing runs in blocks but the chain."""
    t = f"tensor<{n}xf32>"
    small = _linalg(f"""func.func @main(%x: {t}) -> {t} {{
  %e = stablehlo.exponential %x : {t}
  %s = stablehlo.sine %e : {t}
  return %s : {t}
}}""")
    assert ("stablehlo_py.blocks" in small) == (n >= 4096)
    plain = _linalg(f"""func.func @main(%x: {t}) -> {t} {{
  %m = stablehlo.multiply %x, %x : {t}
  %a = stablehlo.add %m, %x : {t}
  return %a : {t}
}}""")
    assert "stablehlo_py.blocks" not in plain
