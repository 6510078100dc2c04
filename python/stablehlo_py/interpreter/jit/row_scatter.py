"""A scatter of contiguous windows (a table's rows) with a one-op body, as one JIT-compiled loop
of the native tier.

numpy's path (indexing._scatter) finds the rows hit, groups the updates of each row into rounds
by a sort, gathers the rows and the updates, runs one ufunc per round and puts the rows back:
some ten passes over index-sized and row-sized temporaries. This loop applies the updates
as the spec states them: on a copy of the operand, update after update in update order, for
each one the K start indices are read, checked (a window that does not fit at its start is
skipped as a whole, as the numpy path drops it: negative and too large indices, ui64 past
int64's range), summed times their strides into the window's first element, and each of its W
elements becomes body(element, update). The body is emitted by native.OPS, the per-op
emitters that compute bit for bit what the ops' numpy kernels compute, and the order is the
one numpy's in-order ufunc.at and XLA use, so every body (float sums included) gives the bits
the numpy path gives. Bodies whose emitters call numpy per element, and element types outside
native.TYPES (complex, bf16, f8, sub-byte ints), keep the numpy path.

On the embedding scatter-add (4096 rows of 64 f32 into a 10000 x 64 table, bench/
bench_scatter.py) a call of the program takes 157-171 us against the numpy path's 352-390 us
(XLA: 174-211 us in the same runs); the loop itself takes 48-51 us, the copy of the 2.5 MB
table 65 us. Bodies max and mul: 177 and 147 us against 903 and 357 us. Hand-written 8-wide
vector loads were slower (61 us) than what LLVM makes of the scalar loop; dropping the NaN
pick of float add saved 2 us only. A body returning the update (jnp's .at[].set) copies it:
175 us against numpy's 300 us (XLA 261-284 us in those runs).

The loop is compiled per index dtype (K, W, the op and the element type are fixed per scatter
op; W is a constant, so LLVM knows the row loop's trip count), on a key's second call: `RowScatter.loop`
returns None on the first, and the caller runs numpy, so a program run once never waits for
the JIT. A failed compile returns None from then on; STABLEHLO_PY_NATIVE=0 turns it off.

The record (uint64 words, after native's packed-call header): 2 result pointer, 3 updates
pointer, 4 indices pointer, 5 number of updates, 6 largest window start (result size - W),
then (limit, stride) per index column.
"""

from __future__ import annotations

import numpy as np

from . import native
from ..core.bodies import replace_body, sole_op


class RowScatter:
    """The compiled loops of one scatter op, by index dtype: `out[start(i) + j] = body(out[start(i)
    + j], updates[i, j])` for update i in order, j < W, skipping updates whose window does not fit."""

    def __init__(self, op, swapped: bool, info, columns: int, width: int):
        # op: the body's DecodedOp, None for a body returning the update; swapped: op(update, current)
        self.op, self.swapped, self.info = op, swapped, info
        self.columns, self.width = columns, width
        self.compiled = native.LoopCache()  # by index dtype

    @staticmethod
    def make(body_fn, info, columns: int, width: int):
        """A RowScatter for the body `body_fn` (a prepared Function, `return op(a, b)` in either
        order) on elements `info`, or None when no loop can compute it."""
        if not native.enabled() or info.name not in native.TYPES or width <= 0 or columns <= 0:
            return None
        if replace_body(body_fn, 1):  # `return update` (jnp's .at[].set): the element becomes the update
            return RowScatter(None, False, info, columns, width)
        sole = sole_op(body_fn)
        if sole is None:
            return None
        op, ins = sole
        args = list(body_fn.input_slots[:2])
        if len(ins) != 2 or sorted(ins) != sorted(args) or ins[0] == ins[1] or op.name not in native.OPS:
            return None
        if any(s.element.name != info.name for s in (*op.operand_specs, *op.result_specs)):
            return None
        return RowScatter(op, ins[0] != args[0], info, columns, width)

    def loop(self, index_dtype: np.dtype):
        """The compiled loop for start indices of `index_dtype`, or None when numpy should run (native
        tier off, the key's first call, or its compile failed)."""
        return self.compiled.get(index_dtype.str, lambda: self.loop_text(index_dtype))

    def run(self, entry, out: np.ndarray, starts: np.ndarray, updates: np.ndarray, limits, strides) -> bool:
        """Apply the `updates` (count, W) at `starts` (count, K) to `out` (1-D, contiguous, of the
        body's dtype) in place with `entry` (from `loop`); False, nothing done, if the arrays do not
        fit the loop (never so from indexing._scatter: the loop must not read or write past them)."""
        starts = np.ascontiguousarray(starts)
        values = np.ascontiguousarray(updates)
        limits = np.asarray(limits, np.int64)
        if (values.ndim != 2 or starts.shape != (len(values), self.columns) or values.shape[1] != self.width
                or out.ndim != 1 or not out.flags.c_contiguous or out.dtype != self.info.dtype
                or values.dtype != out.dtype or out.size < self.width or limits.min() < 0):
            return False
        record = np.zeros(7 + 2 * self.columns, np.uint64)
        record[2:7] = (out.ctypes.data, values.ctypes.data, starts.ctypes.data, len(values), out.size - self.width)
        record[7::2] = limits.view(np.uint64)
        record[8::2] = np.asarray(strides, np.int64).view(np.uint64)
        native.call_packed(entry, record)
        return True

    def loop_text(self, index_dtype: np.dtype) -> str:
        """The MLIR of the loop for start indices of `index_dtype`."""
        em = native.Emitter()
        t = native.mlir_type(self.info)
        stored = "i8" if t == "i1" else t  # numpy's bool is a byte holding 0 or 1
        it = f"i{8 * index_dtype.itemsize}"

        out, values, indices, count, last = (em.word(k, kind) for k, kind in enumerate(
            ("!llvm.ptr", "!llvm.ptr", "!llvm.ptr", "i64", "i64"), start=2))
        bounds = [(em.word(7 + 2 * k, "i64"), em.word(8 + 2 * k, "i64")) for k in range(self.columns)]
        zero, one = em.const(0, "i64"), em.const(1, "i64")
        i = em.fresh()
        em.add(f"scf.for {i} = {zero} to {count} step {one} : i64 {{")
        em.indent += 1
        base = em.binary("arith.muli", i, em.const(self.columns, "i64"), "i64")
        start, fits = None, None
        for k, (limit, stride) in enumerate(bounds):
            position = base if k == 0 else em.binary("arith.addi", base, em.const(k, "i64"), "i64")
            address = em.op(f"llvm.getelementptr {indices}[{position}] : (!llvm.ptr, i64) -> !llvm.ptr, {it}")
            index = em.op(f"llvm.load {address} : !llvm.ptr -> {it}")
            # to i64 by the index's signedness; then one unsigned compare: negatives are huge
            index = em.cast("arith.extui" if index_dtype.kind == "u" else "arith.extsi", index, it, "i64")
            ok = em.cmpi("ule", index, limit, "i64")
            term = em.binary("arith.muli", index, stride, "i64")
            start = term if start is None else em.binary("arith.addi", start, term, "i64")
            fits = ok if fits is None else em.binary("arith.andi", fits, ok, "i1")
        # the window's last element inside the result too (implied by the limits; checked anyway)
        fits = em.binary("arith.andi", fits, em.cmpi("ule", start, last, "i64"), "i1")
        em.add(f"scf.if {fits} {{")
        em.indent += 1
        row = em.op(f"llvm.getelementptr {out}[{start}] : (!llvm.ptr, i64) -> !llvm.ptr, {stored}")
        first = em.binary("arith.muli", i, em.const(self.width, "i64"), "i64")
        update = em.op(f"llvm.getelementptr {values}[{first}] : (!llvm.ptr, i64) -> !llvm.ptr, {stored}")
        j = em.fresh()
        em.add(f"scf.for {j} = {zero} to {em.const(self.width, 'i64')} step {one} : i64 {{")
        em.indent += 1
        target = em.op(f"llvm.getelementptr {row}[{j}] : (!llvm.ptr, i64) -> !llvm.ptr, {stored}")
        source = em.op(f"llvm.getelementptr {update}[{j}] : (!llvm.ptr, i64) -> !llvm.ptr, {stored}")
        b = em.load(source, t, native.alias_scopes("#updates", ["#rows"]))
        if self.op is None:
            result = b
        else:
            a = em.load(target, t, native.alias_scopes("#rows", ["#updates"]))
            result = native.OPS[self.op.name](em, self.op, [b, a] if self.swapped else [a, b])
        em.store(result, target, t, native.alias_scopes("#rows", ["#updates"]))
        for _ in range(3):
            em.indent -= 1
            em.add("}")
        em.add("return")
        if em.scratch is not None:
            raise native.Unsupported("the body calls numpy per element")
        # the result and the updates are distinct arrays: telling LLVM spares it overlap checks
        return native.loop_module(em, _SCOPES)


_SCOPES = ['#scatter_domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "row scatter">',
           "#rows = #llvm.alias_scope<id = distinct[1]<>, domain = #scatter_domain>",
           "#updates = #llvm.alias_scope<id = distinct[2]<>, domain = #scatter_domain>"]

