"""reduce_window with a one-op body as one JIT-compiled loop of the native tier.

numpy's path (reductions._direct_reduce_window) pads the input with init into a new array, then
folds one window position at a time over every output: a pass over the outputs per position,
each reading a strided view. This loop reads the input in place and folds each output row while
it sits in the cache: per row of the output (all dims but the last) it fills the row with init,
then for each window position, in index order (lexicographic over the window dims), it finds
the input coordinates of the outer dims and checks them once, and folds the row:
acc[c] = body(acc[c], x[..., c * stride + p * window_dilation - low]). A position in the padding
folds init, as numpy's path does (init + -0.0 is +0.0: skipping it would change bits); a
position out of bounds on the last dim loads a clamped index and selects init, so the loop
never reads outside the input. The body op is emitted by the elementwise emitters of native.py
(f16 computes in f32 and rounds once per op, as the kernel does per op), so every output is
bit for bit numpy's path: the same ops on the same values in the same order.

The loop is compiled per stride pattern of the input (shape, window, strides and padding are
the op's and static), the strides being constants so LLVM vectorises the inner loop, on a
pattern's second call (`WindowLoop.run` returns None on the first and the caller runs numpy: a
program run once never waits for the JIT); at most MAX_PATTERNS patterns. A failed compile
returns None from then on, and so does `STABLEHLO_PY_NATIVE=0`. Base dilation other than 1,
element types without a native form and bodies whose emitters call numpy per element stay
with numpy (`prepare` returns None).

Large outputs split their rows across threads.run's pool (ctypes releases the GIL; each chunk
writes only its rows, so the bits do not depend on the split). Measured on bench_layers' pooling
(16x64x64x32 NHWC f32, 3x3 windows, stride 2, SAME; 2 cores; whole program, medians of 100
calls, two runs): avg pool (with its / 9) 1.9-2.6 ms with numpy -> 0.60 ms on one thread,
0.42 on two; max pool 1.9-2.7 -> 1.4-1.5 ms, 0.81 on two (float max selects around NaN and
signed zeros). XLA took 1.5-1.9 and 1.2-2.2 ms in the same runs.

The record (uint64 words, after native's packed-call header): 2 input pointer, 3 output
pointer, 4 init (its bytes, from the word's first byte), 5 first output row, 6 end row.
"""

from __future__ import annotations

import math

import numpy as np

from . import native
from ..runtime import threads

__all__ = ["MAX_PATTERNS", "WINDOW_LOOP_ELEMENTS", "WindowLoop", "prepare"]

WINDOW_LOOP_ELEMENTS = 4096  # fewer outputs: numpy's passes are short next to the call's own cost
THREAD_ELEMENTS = 1 << 16  # outputs per thread chunk (threads.run)
MAX_PATTERNS = 8  # input stride patterns compiled per op; past that, numpy runs
_SCOPES = ['#win_domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "window loop">',
           "#win_input = #llvm.alias_scope<id = distinct[1]<>, domain = #win_domain>",
           "#win_output = #llvm.alias_scope<id = distinct[2]<>, domain = #win_domain>"]
_READ = native.alias_scopes("#win_input", ["#win_output"])
_WRITE = native.alias_scopes("#win_output", ["#win_input"])


def prepare(op, info, in_shape, out_shape, dims, strides, base, win, padding) -> "WindowLoop | None":
    """The loop of a reduce_window whose body is the one DecodedOp `op` folding (acc, element),
    both of element type `info`, or None when numpy should run it (see the module docstring)."""
    if not native.enabled() or op.name not in native.OPS or op.name in native.PER_ELEMENT_CALLS:
        return None
    rank = len(in_shape)
    if (rank == 0 or info.name not in native.TYPES or any(b != 1 for b in base) or min(in_shape) < 1
            or math.prod(out_shape) < WINDOW_LOOP_ELEMENTS):
        return None  # an input dim of 0 would leave nothing to clamp a load to
    loop = WindowLoop(op, info, tuple(in_shape), tuple(out_shape), tuple(dims), tuple(strides), tuple(win),
                      tuple(padding))
    try:
        loop.text((1,) * rank)  # emit once: Unsupported now, not on a call
    except native.Unsupported:
        return None
    return loop


class WindowLoop:
    """The compiled loops of one reduce_window op, by input stride pattern (in elements)."""

    def __init__(self, op, info, in_shape, out_shape, dims, strides, win, padding):
        self.op, self.info, self.dtype = op, info, info.dtype
        self.in_shape, self.out_shape = in_shape, out_shape
        self.dims, self.strides, self.win, self.padding = dims, strides, win, padding
        self.compiled = native.LoopCache()  # by input stride pattern

    def _may_leave(self, d: int) -> bool:
        """Whether some window reads dim d outside the input (in the padding)."""
        low = self.padding[d][0]
        last = (self.out_shape[d] - 1) * self.strides[d] + (self.dims[d] - 1) * self.win[d] - low
        return low > 0 or last >= self.in_shape[d]

    def text(self, pattern: tuple) -> str:
        """The loop's MLIR for input element strides `pattern`."""
        em = native.Emitter()
        t = native.mlir_type(self.info)
        memory = "i8" if t == "i1" else t  # numpy's bool is a byte holding 0 or 1

        def i64(value: int) -> str:
            return em.const(value, "i64")

        def element(pointer: str, index: str) -> str:
            return em.op(f"llvm.getelementptr {pointer}[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, {memory}")

        def open_for(upper: int) -> str:
            iv = em.fresh()
            em.add(f"scf.for {iv} = {i64(0)} to {i64(upper)} step {i64(1)} : i64 {{")
            em.indent += 1
            return iv

        def close() -> None:
            em.indent -= 1
            em.add("}")

        last = len(self.in_shape) - 1
        x, out = em.word(2, "!llvm.ptr"), em.word(3, "!llvm.ptr")
        init = em.word(4, memory)
        if t == "i1":
            init = em.cmpi("ne", init, em.const(0, "i8"), "i8")
        first, end = em.word(5, "i64"), em.word(6, "i64")
        row = em.fresh()
        em.add(f"scf.for {row} = {first} to {end} step {i64(1)} : i64 {{")
        em.indent += 1
        coords, rest = [None] * last, row  # the row's output coordinates, dims 0..rank-2
        for d in range(last - 1, -1, -1):
            size = i64(self.out_shape[d])
            coords[d] = rest if d == 0 else em.binary("arith.remui", rest, size, "i64")
            if d:
                rest = em.binary("arith.divui", rest, size, "i64")
        width = self.out_shape[last]
        acc = element(out, em.binary("arith.muli", row, i64(width), "i64"))
        c = open_for(width)
        em.store(init, element(acc, c), t, _WRITE)
        close()
        # the window positions in index order: one loop per window dim longer than 1
        ks = [open_for(w) if w > 1 else None for w in self.dims]
        ok, offset = None, None
        for d in range(last):
            # x coordinate o * stride + k * dilation - low, as a sum of the terms that are not 0
            terms = [em.binary("arith.muli", coords[d], i64(self.strides[d]), "i64")]
            if ks[d] is not None:
                terms.append(em.binary("arith.muli", ks[d], i64(self.win[d]), "i64"))
            if self.padding[d][0]:
                terms.append(i64(-self.padding[d][0]))
            i = terms[0]
            for term in terms[1:]:
                i = em.binary("arith.addi", i, term, "i64")
            if self._may_leave(d):
                inside = em.cmpi("ult", i, i64(self.in_shape[d]), "i64")  # negative: huge unsigned
                ok = inside if ok is None else em.binary("arith.andi", ok, inside, "i1")
            if pattern[d]:
                term = em.binary("arith.muli", i, i64(pattern[d]), "i64")
                offset = term if offset is None else em.binary("arith.addi", offset, term, "i64")
        row_x = x if offset is None else element(x, offset)
        shift = i64(-self.padding[last][0])  # k * dilation - low on the last dim
        if ks[last] is not None:
            shift = em.binary("arith.addi", em.binary("arith.muli", ks[last], i64(self.win[last]), "i64"), shift, "i64")

        def fold(read: bool) -> None:
            c = open_for(width)
            if read:
                i = em.binary("arith.addi", em.binary("arith.muli", c, i64(self.strides[last]), "i64"), shift, "i64")
                leaves = self._may_leave(last)
                if leaves:  # clamp the index (never load outside x), then take init instead
                    inside = em.cmpi("ult", i, i64(self.in_shape[last]), "i64")
                    i = em.select(inside, i, i64(0), "i64")
                value = em.load(element(row_x, em.binary("arith.muli", i, i64(pattern[last]), "i64")), t, _READ)
                if leaves:
                    value = em.select(inside, value, init, t)
            else:
                value = init
            at = element(acc, c)
            em.store(native.OPS[self.op.name](em, self.op, [em.load(at, t, _WRITE), value]), at, t, _WRITE)
            close()

        if ok is None:
            fold(True)
        else:  # a window position in the padding of an outer dim folds init into the whole row
            em.add(f"scf.if {ok} {{")
            em.indent += 1
            fold(True)
            em.indent -= 1
            em.add("} else {")
            em.indent += 1
            fold(False)
            close()
        for k in ks:
            if k is not None:
                close()
        close()
        em.add("return")
        if em.scratch is not None:
            raise native.Unsupported("the body calls numpy per element")
        return native.loop_module(em, _SCOPES)

    def run(self, x, init) -> np.ndarray | None:
        """The reduce_window of `x` (the op's input shape and element type, any strides) with the
        0-d `init`, or None when numpy should run it (first call of a pattern, failed compile)."""
        pattern = self._pattern(x)
        entry = None if pattern is None else self.compiled.get(pattern, lambda: self.text(pattern), MAX_PATTERNS)
        if entry is None:
            return None
        out = np.empty(self.out_shape, self.dtype)
        record = np.zeros(7, np.uint64)
        record[2:4] = (x.ctypes.data, out.ctypes.data)
        record.view(np.uint8)[32:32 + self.dtype.itemsize] = np.asarray(init, self.dtype).reshape(1).view(np.uint8)
        rows = math.prod(self.out_shape[:-1])

        def fold(start: int, stop: int) -> None:
            mine = record.copy()  # each chunk its own range
            mine[5], mine[6] = start, stop
            native.call_packed(entry, mine)

        threads.run(fold, rows, max(1, THREAD_ELEMENTS // self.out_shape[-1]))
        return out

    def _pattern(self, x) -> tuple | None:
        """The element strides of `x`, or None if the loop cannot read it in place."""
        size = self.dtype.itemsize
        if (not isinstance(x, np.ndarray) or x.dtype != self.dtype or x.shape != self.in_shape
                or not x.flags.aligned or any(s % size for s in x.strides)):
            return None
        return tuple(s // size for s in x.strides)
