"""The compiled backend's loops on threads (docs/lowering.md, "Threads"): the outlined parallel
loops (stablehlo-py-outline-parallel-loops), numpy's loops and the reduce kernels in chunks
(lib/Runtime/NumpyLoops.cpp) and the gemm's halves run on the runtime's thread pool
(lib/Runtime/ParallelFor.cpp). Results must be the single-thread results bit for bit, at sizes
around the thresholds and odd sizes, and close to a numpy formula (the independent oracle); many
Python threads calling one program at once must neither hang nor mix their results."""
from __future__ import annotations

import threading

import numpy as np
import pytest
from conftest import assert_close, assert_same

import stablehlo_py
from stablehlo_py.lowering.kernels import set_thread_count, thread_count

# Around the numpy-loop chunks (2 x 16384 elements: ParallelFor.h's callers), the outlining's
# work threshold (131072 ops) and odd sizes.
_SIZES = (1, 1000, 32767, 32768, 32769, 65537, 131071, 262147, 1 << 20)


@pytest.fixture
def threads():
    """Runs a program with one thread and with the default, restoring the default after."""
    def both(program, *args):
        set_thread_count(1)
        try:
            single = program(*args)
        finally:
            set_thread_count(0)
        return single, program(*args)
    yield both
    set_thread_count(0)


def _chain(n: int) -> str:
    t = f"tensor<{n}xf32>"
    return f"""func.func @main(%x: {t}, %y: {t}) -> ({t}, {t}) {{
  %0 = stablehlo.exponential %x : {t}
  %1 = stablehlo.multiply %0, %y : {t}
  %2 = stablehlo.sine %1 : {t}
  %3 = stablehlo.add %2, %x : {t}
  %4 = stablehlo.tanh %3 : {t}
  %5 = stablehlo.abs %y : {t}
  %6 = stablehlo.log_plus_one %5 : {t}
  return %4, %6 : {t}, {t}
}}"""


def test_the_default_uses_the_cores_and_one_thread_can_be_forced():
    assert thread_count() >= 1
    set_thread_count(1)
    try:
        assert thread_count() == 1
    finally:
        set_thread_count(0)


@pytest.mark.parametrize("n", _SIZES)
def test_elementwise_chain_is_the_single_thread_result(threads, n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    y = (3 * rng.standard_normal(n)).astype(np.float32)
    program = stablehlo_py.compile(_chain(n), backend="compiled")
    single, threaded = threads(program, x, y)
    assert_same(threaded, single)
    assert_same(threaded, stablehlo_py.interpret(_chain(n), x, y))  # f32 exp and log1p: ours
    with np.errstate(all="ignore"):  # f64 oracle: sin's f32 argument e^x y is off by up to an ULP of it
        x64, y64 = x.astype(np.float64), y.astype(np.float64)
        expected = [v.astype(np.float32) for v in (np.tanh(np.sin(np.exp(x64) * y64) + x64), np.log1p(np.abs(y64)))]
    assert_close(threaded, expected, rtol=1e-4, atol=1e-4)


def _polynomial(t: str, x: str, terms: int) -> tuple:
    """Lines computing Horner's p(x) = ((x + 1) x + 1) x ... (`terms` steps) on tensors `t`: a loop
    of enough ops per element for the outlining's threshold (8 per memory access)."""
    lines = [f"  %one = stablehlo.constant dense<1.0> : {t}", f"  %p0 = stablehlo.add {x}, %one : {t}"]
    for i in range(1, terms):
        lines.append(f"  %m{i} = stablehlo.multiply %p{i - 1}, {x} : {t}")
        lines.append(f"  %p{i} = stablehlo.add %m{i}, %one : {t}")
    return "\n".join(lines), f"%p{terms - 1}"


def _horner(x, terms: int):
    p = x + np.float32(1)
    for _ in range(1, terms):
        p = p * x + np.float32(1)
    return p


@pytest.mark.parametrize("shape", [(3, 5, 7), (64, 33, 129), (7, 480, 130), (2, 1031, 517)])
def test_a_large_nest_is_the_single_thread_result(threads, shape):
    """A broadcast product, a polynomial of it (enough ops per element to be outlined) and a
    reduction of its last dimension (the outlined loops keep each reduction inside one iteration:
    the single-thread order)."""
    a, b, c = shape
    t, r = f"tensor<{a}x{b}x{c}xf32>", f"tensor<{a}x{b}xf32>"
    lines, p = _polynomial(t, "%1", 12)
    text = f"""func.func @main(%x: {t}, %s: tensor<{c}xf32>) -> ({t}, {r}) {{
  %0 = stablehlo.broadcast_in_dim %s, dims = [2] : (tensor<{c}xf32>) -> {t}
  %1 = stablehlo.multiply %x, %0 : {t}
{lines}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce({p} init: %z) applies stablehlo.add across dimensions = [2] : ({t}, tensor<f32>) -> {r}
  return {p}, %3 : {t}, {r}
}}"""
    rng = np.random.default_rng(sum(shape))
    x = (rng.standard_normal(shape) / 2).astype(np.float32)
    s = (rng.standard_normal(c) / 2).astype(np.float32)
    program = stablehlo_py.compile(text, backend="compiled")
    single, threaded = threads(program, x, s)
    assert_same(threaded, single)
    p = _horner(x * s, 12)
    assert_close(threaded, [p, p.astype(np.float64).sum(axis=2).astype(np.float32)], rtol=1e-4, atol=1e-3)


# Leading dimensions of fewer than 64 iterations: every dimension is split and each chunk runs by
# rows of the last (OutlineParallelLoops.cpp), chunks starting and ending inside rows (1031,
# 5003, 100003 are no multiples of the 64-iteration chunks); one row; three dimensions; a shape
# too small to be outlined.
@pytest.mark.parametrize("shape", [(1, 100003), (3, 5003), (16, 256), (63, 1031), (2, 3, 4099), (5, 7)])
def test_loops_split_by_rows_are_the_interpreters(threads, shape):
    """x * broadcast(s) + broadcast(r) (s by column, r by row) in a polynomial of enough ops to be
    outlined, and expm1 of it (the project's own f32 code in both engines): the compiled result
    on one thread and on the pool is the interpreter's, bit for bit."""
    dims = "x".join(map(str, shape))
    t, c, r = f"tensor<{dims}xf32>", f"tensor<{shape[-1]}xf32>", f"tensor<{shape[0]}xf32>"
    last = len(shape) - 1
    lines, p = _polynomial(t, "%2", 12)
    text = f"""func.func @main(%x: {t}, %s: {c}, %r: {r}) -> ({t}, {t}) {{
  %0 = stablehlo.broadcast_in_dim %s, dims = [{last}] : ({c}) -> {t}
  %1 = stablehlo.broadcast_in_dim %r, dims = [0] : ({r}) -> {t}
  %m = stablehlo.multiply %x, %0 : {t}
  %2 = stablehlo.add %m, %1 : {t}
{lines}
  %e = stablehlo.exponential_minus_one %2 : {t}
  return {p}, %e : {t}, {t}
}}"""
    rng = np.random.default_rng(sum(shape))
    args = [(rng.standard_normal(n) / 2).astype(np.float32) for n in (shape, shape[-1], shape[0])]
    program = stablehlo_py.compile(text, backend="compiled")
    single, threaded = threads(program, *args)
    expected = stablehlo_py.compile(text, backend="interpreter")(*args)
    assert_same(single, expected, context=f"one thread {shape}")
    assert_same(threaded, expected, context=f"pool {shape}")
    x, s, rr = args
    y = x * s + rr.reshape((-1,) + (1,) * last)
    assert_close(threaded, [_horner(y, 12), np.expm1(y)], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("op", ["add", "maximum"])
@pytest.mark.parametrize("shape", [(4, 9000), (300, 1111), (4097, 17)])
def test_reduce_kernel_is_the_single_thread_result(threads, op, shape):
    """Reductions of a middle dimension: numpy's loops in reduce form (the reduce kernel), the
    outputs split among threads."""
    a, b = shape
    t, r = f"tensor<{a}x{b}x3xf32>", f"tensor<{a}x3xf32>"
    text = f"""func.func @main(%x: {t}) -> {r} {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.{op} across dimensions = [1] : ({t}, tensor<f32>) -> {r}
  return %0 : {r}
}}"""
    x = np.random.default_rng(a).standard_normal((a, b, 3)).astype(np.float32)
    program = stablehlo_py.compile(text, backend="compiled")
    single, threaded = threads(program, x)
    assert_same(threaded, single)
    wide = x.astype(np.float64)
    expected = wide.sum(axis=1) if op == "add" else np.maximum(wide.max(axis=1), 0.0)
    assert_close(threaded, [expected.astype(np.float32)], rtol=1e-4, atol=1e-3)


def test_a_large_product_is_the_single_thread_result(threads):
    """The gemm kernel's two halves of rows (one on a worker)."""
    t = "tensor<300x200xf32>"
    text = f"""func.func @main(%a: {t}, %b: tensor<200x250xf32>) -> tensor<300x250xf32> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({t}, tensor<200x250xf32>) -> tensor<300x250xf32>
  return %0 : tensor<300x250xf32>
}}"""
    rng = np.random.default_rng(1)
    a = rng.standard_normal((300, 200)).astype(np.float32)
    b = rng.standard_normal((200, 250)).astype(np.float32)
    program = stablehlo_py.compile(text, backend="compiled")
    single, threaded = threads(program, a, b)
    assert_same(threaded, single)
    assert_close(threaded, [(a.astype(np.float64) @ b).astype(np.float32)], rtol=1e-4, atol=1e-3)


def test_python_threads_calling_one_program_neither_hang_nor_mix():
    """The pool runs one call at a time: another thread's call (or a body's) runs on its caller
    alone, so calls from many Python threads at once all finish with their own results."""
    n = 1 << 18
    program = stablehlo_py.compile(_chain(n), backend="compiled")
    inputs = [np.random.default_rng(seed).standard_normal((2, n)).astype(np.float32) for seed in range(6)]
    set_thread_count(1)
    try:
        expected = [program(x, y) for x, y in inputs]
    finally:
        set_thread_count(0)
    failures = []

    def calls(index):
        x, y = inputs[index]
        for _ in range(15):
            got = program(x, y)
            if not all(np.array_equal(g.view(np.uint32), e.view(np.uint32)) for g, e in zip(got, expected[index])):
                failures.append(index)
                return

    workers = [threading.Thread(target=calls, args=(i,), daemon=True) for i in range(len(inputs))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert not any(worker.is_alive() for worker in workers), "a call hung"
    assert not failures


@pytest.mark.parametrize("terms, threaded", [(12, True), (1, False)])
def test_compute_heavy_loops_are_outlined_memory_bound_ones_not(terms, threaded):
    """The compiled backend's LLVM code calls the pool for a large loop of many ops per element
    and keeps a loop of one op per element (bound by memory bandwidth) on the caller."""
    from stablehlo_py.lowering import compiled
    from stablehlo_py.lowering.pipeline import to_llvm_pipeline

    t = "tensor<512x1024xf32>"
    lines, p = _polynomial(t, "%x", terms)
    text = f"func.func @main(%x: {t}) -> {t} {{\n{lines}\n  return {p} : {t}\n}}"
    module = compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False, compiled_backend=True)
    lowered = str(compiled._run_pipeline(module, "main", to_llvm_pipeline(compiled_backend=True)))
    assert ("llvm.call @stablehlo_py_parallel_for" in lowered) == threaded
